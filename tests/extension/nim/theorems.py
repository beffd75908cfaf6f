"""Nim's theorem: the player to move wins exactly when the heaps' xor is not zero (every position of
at most the starting heaps, enumerated through the game's own rules)."""

from __future__ import annotations

import functools
import itertools
from typing import Any

from castlerules.core.theorem import Result, Theorem, for_all
from tests.extension.nim.rules import HEAPS, State


def check_xor_rule(game: Any) -> Result:
    @functools.cache
    def wins(state: State, player: int) -> bool:  # ``player`` can force a win from ``state``
        if game.is_terminal(state):
            return player in game.winners(state)
        after = [wins(game.successor(state, a), player) for a in game.legal_actions(state)]
        return any(after) if player in game.actors(state) else all(after)

    cases = [State(h, p) for h in itertools.product(*(range(n + 1) for n in HEAPS)) for p in (0, 1)
             if any(h)]
    return for_all(cases, lambda s: wins(s, s.to_move) == (s.heaps[0] ^ s.heaps[1] ^ s.heaps[2] != 0),
                   game.state_to_text)


def theorems(game: Any) -> tuple[Theorem, ...]:
    return (Theorem(
        "nim.xor-rule", "nim",
        "From every position of at most three, four and five stones, the player to move can take "
        "the last stone whatever the other does exactly when the xor of the heaps is not zero.",
        ("nim.nemen", "nim.winnen"), "exhaustive", lambda: check_xor_rule(game),
        fails_with="tests/extension/test_fifth_game.py::test_the_theorem_can_fail",
    ),)
