"""Spookslot counters for ``castlerules simulate``: traps fired, pawns scared back, passages."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from castlerules.spookslot.game import Spookslot
from castlerules.spookslot.state import GHOST, TRAPS, Ball, Passage, Roll, State


def counters(game: Spookslot, states: Sequence[State], actions: Sequence[Any]) -> dict[str, int]:
    """Die rolls and ghosts; traps fired (every ball drop fires one), in total and per trap; pawns
    sent back by a trap; secret passages taken and declined."""
    keys = ("rolls", "ghosts", "traps fired", *(f"trap {t}" for t in TRAPS), "pawns scared back",
            "passages taken", "passages declined")  # fmt: skip
    found = dict.fromkeys(keys, 0)
    for before, action, after in zip(states, actions, states[1:]):
        if isinstance(action, Roll):
            found["rolls"] += 1
            found["ghosts"] += action.face == GHOST
        elif isinstance(action, Ball):
            found["traps fired"] += 1
            found[f"trap {action.trap}"] += 1
            found["pawns scared back"] += sum(
                a != b for old, new in zip(before.pawns, after.pawns) for a, b in zip(old, new)
            )
        elif isinstance(action, Passage):
            found["passages taken" if action.take else "passages declined"] += 1
    return found
