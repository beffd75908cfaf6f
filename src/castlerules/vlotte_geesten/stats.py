"""Vlotte Geesten counters for ``castlerules simulate``: rolls by situation, right and wrong grabs.

``exact`` gives the exact probability of each situation per roll under the game's dice, so the
simulated shares can be read beside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from castlerules.vlotte_geesten.game import VlotteGeesten
from castlerules.vlotte_geesten.render import situation
from castlerules.vlotte_geesten.state import Grab, Roll

SITUATIONS = ("situation 1", "situation 2", "situation 3")


def counters(game: VlotteGeesten, states: Sequence[Any], actions: Sequence[Any]) -> dict[str, int]:
    """Rolls, rolls per situation, right grabs, wrong grabs and rounds in which nobody was right."""
    found = dict.fromkeys(("rolls", *SITUATIONS, "right grabs", "wrong grabs", "pot rounds"), 0)
    for before, action, after in zip(states, actions, states[1:]):
        if isinstance(action, Roll):
            found["rolls"] += 1
            found[SITUATIONS[situation(action.faces) - 1]] += 1
        elif isinstance(action, Grab):
            right = game.is_correct(before, action)
            found["right grabs" if right else "wrong grabs"] += 1
        if before.dice is not None and after.dice is None and after.supply == before.supply:
            found["pot rounds"] += 1
    return found


def exact(game: VlotteGeesten) -> dict[str, tuple[Fraction, str]]:
    """Each situation's exact probability, as a share of the rolls."""
    shares = dict.fromkeys(SITUATIONS, Fraction(0))
    for roll, p in game.chance_outcomes(game.initial_state()):
        shares[SITUATIONS[situation(roll.faces) - 1]] += p
    return {key: (p, "rolls") for key, p in shares.items()}
