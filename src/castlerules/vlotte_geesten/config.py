"""The configuration of a game of Vlotte Geesten: the players, who rolls first, the dice and a
reading of every interpretation -- one frozen value (``castlerules.core.config``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import attrs

from castlerules.core.config import (
    ALWAYS,
    Config,
    Readings,
    option,
    player,
    player_count,
    readings_field,
)
from castlerules.core.errors import InvalidOptionError
from castlerules.vlotte_geesten.declaration import GAME
from castlerules.vlotte_geesten.state import COLOURS, Obj


def _parse_faces(faces: Any) -> tuple[tuple[Obj, ...], ...]:
    """Validate the ``faces`` option: colour -> six object names."""
    if not isinstance(faces, Mapping) or set(faces) != set(COLOURS):
        raise InvalidOptionError(f"faces must map each die colour {COLOURS} to six object names")
    names = {o.name.lower(): o for o in Obj}
    dice = []
    for colour in COLOURS:
        sides = faces[colour]
        if (
            not isinstance(sides, Sequence)
            or isinstance(sides, str)
            or len(sides) != 6
            or not all(isinstance(s, str) and s.lower() in names for s in sides)
        ):
            raise InvalidOptionError(
                f"faces[{colour!r}] must be six of {sorted(names)}, got {sides!r}"[:200]
            )
        dice.append(tuple(names[s.lower()] for s in sides))
    return tuple(dice)


def _dice(value: Any) -> tuple[tuple[Obj, ...], ...] | None:
    """``faces`` checked, as the objects on each die (red, white, grey, green, blue)."""
    return None if value is None else _parse_faces(value)


def _faces_json(dice: tuple[tuple[Obj, ...], ...]) -> dict[str, list[str]]:
    return {c: [o.name.lower() for o in d] for c, d in zip(COLOURS, dice)}


@attrs.frozen(kw_only=True, cache_hash=True)
class VlotteGeestenConfig(Config):
    """What a game of Vlotte Geesten is made with
    (``castlerules.make("vlotte-geesten", players=3)``).

    >>> VlotteGeestenConfig.make(players=3, first_player=2).recorded()
    {'players': 3, 'first_player': 2, 'readings': {'multi-grab': 'put-back'}}

    (``multi-grab``'s default was all-taken up to castlerules 0.2; the options name it, so they mean
    the same game in every version: ``castlerules.core.readings.as_written``.)
    """

    game: ClassVar[str] = GAME.name
    players_range: ClassVar[tuple[int, int]] = (2, 8)

    players: int = option(4, doc="how many players (2-8)", validator=player_count, record=ALWAYS)
    first_player: int = option(0, doc="the player who rolls first", validator=player,
                               record=ALWAYS)
    faces: tuple[tuple[Obj, ...], ...] | None = option(
        None,
        doc="custom dice: each colour (red, white, grey, green, blue) -> its six objects "
        "(default: every object on every die, each with probability 1/5)",
        kind="mapping", converter=_dice, json=_faces_json,
    )
    readings: Readings = readings_field()
