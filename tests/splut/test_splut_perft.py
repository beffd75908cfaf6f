"""Splut! move-tree node counts from the start, computed two independent ways.

Route 1 is the move generator (``legal_actions``); route 2 filters every well-formed candidate action
through the legality predicate (``violation``). Both must agree with each other and with the counts
kept in ``perft.json`` (regenerate on purpose only: ``python tests/splut/test_splut_perft.py``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from castlerules.splut import Splut, State

PERFT_FILE = Path(__file__).with_name("perft.json")
DEPTH = 3


def perft_generator(game: Splut, state: State, depth: int) -> list[int]:
    """Nodes at each depth 1..depth, by the move generator."""
    counts = [0] * depth
    frontier = [state]
    for level in range(depth):
        nxt = [game.apply(s, a) for s in frontier for a in game.legal_actions(s)]
        counts[level] = len(nxt)
        frontier = nxt
    return counts


def perft_brute_force(game: Splut, state: State, depth: int) -> list[int]:
    """Nodes at each depth 1..depth, by filtering all candidate actions through violation()."""
    counts = [0] * depth
    frontier = [state]
    for level in range(depth):
        nxt = [
            game.successor(s, a)
            for s in frontier
            for a in game.candidate_actions(s)
            if game.violation(s, a) is None
        ]
        counts[level] = len(nxt)
        frontier = nxt
    return counts


def compute() -> dict[str, list[int]]:
    return {
        str(n): perft_generator(Splut(players=n), Splut(players=n).initial_state(), DEPTH)
        for n in (2, 3, 4)
    }


@pytest.mark.clause("splut.zet.eerste-een", "splut.zet.tweede-twee", "splut.zet.drie")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_perft_two_routes_agree(players: int) -> None:
    game = Splut(players=players)
    start = game.initial_state()
    by_generator = perft_generator(game, start, DEPTH)
    by_filter = perft_brute_force(game, start, DEPTH)
    assert by_generator == by_filter
    assert by_generator == json.loads(PERFT_FILE.read_text())[str(players)]


if __name__ == "__main__":
    PERFT_FILE.write_text(json.dumps(compute(), indent=1) + "\n")
    sys.stdout.write(PERFT_FILE.read_text())


@pytest.mark.parametrize("players", [2, 3, 4])
def test_generator_matches_filter_along_random_games(players: int) -> None:
    """The two routes agree on every state of seeded random games too (pulls, throws, levitation
    and pushes are rare in the first three plies)."""
    import random

    game = Splut(players=players)
    rng = random.Random(players)
    checked = 0
    for _ in range(2):
        state = game.initial_state()
        while not game.is_terminal(state) and checked < 400:
            legal = set(game.legal_actions(state))
            filtered = {a for a in game.candidate_actions(state) if game.violation(state, a) is None}
            assert legal == filtered, game.render(state)
            state = game.apply(state, rng.choice(sorted(legal, key=repr)))
            checked += 1
    assert checked > 100
