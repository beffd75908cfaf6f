"""The Vlotte Geesten action universe: every roll, then per player a pass and every grab."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from castlerules.vlotte_geesten.state import Grab, Pass

if TYPE_CHECKING:
    from castlerules.vlotte_geesten.game import VlotteGeesten


def action_universe(game: VlotteGeesten) -> tuple[Any, ...]:
    from castlerules.vlotte_geesten.rules import _ALL_ROLLS, SUBSETS

    per_player = tuple(
        a for p in range(game.num_players) for a in (Pass(p), *(Grab(p, s) for s in SUBSETS))
    )
    return _ALL_ROLLS + per_player
