"""The configuration of a game of Splut!: the player count and a reading of every interpretation,
one frozen value (``castlerules.core.config``)."""

from __future__ import annotations

from typing import ClassVar

import attrs

from castlerules.core.config import (
    ALWAYS,
    Config,
    Readings,
    not_together,
    option,
    player_count,
    readings_field,
)
from castlerules.splut.declaration import GAME


@attrs.frozen(kw_only=True, cache_hash=True)
class SplutConfig(Config):
    """What a game of Splut! is made with (``castlerules.make("splut", players=3)``).

    >>> SplutConfig.make(players=3, readings={"seating": "seating-order"}).recorded()
    {'players': 3, 'readings': {'seating': 'seating-order'}}
    """

    game: ClassVar[str] = GAME.name
    players_range: ClassVar[tuple[int, int]] = (2, 4)

    players: int = option(
        2, doc="how many players sit at the board (2-4)", validator=player_count, record=ALWAYS
    )
    readings: Readings = readings_field(
        not_together(
            ("winner", "last-thrower"), ("no-legal-step", "eliminated"),
            "splut: winner=last-thrower cannot be combined with no-legal-step=eliminated: "
            "the last team may then leave the board without a throw, and nobody made the "
            "last kill",
        )
    )
