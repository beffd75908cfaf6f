"""Game objects are safe to share between threads (a referee server holds one).

For every game, several threads replay different seeded random games on ONE shared game object —
listing legal actions, checking and applying them, asking who won — with the interpreter switching
threads as often as it can; every thread must get exactly the result a single thread gets.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from strategies import shared_by_threads

import castlerules
from castlerules.core.catalog import game_class
from castlerules.core.play import random_action

THREADS = 4
GAMES_PER_THREAD = 3
PLIES = 1000
CASES = [(n, v) for n in castlerules.games() for v in game_class(n).variants()[:2]]


def trace(game: Any, seed: int) -> list[str]:
    """A seeded random game, as the text of every action and the final position's JSON."""
    rng = random.Random(seed)
    state = game.initial_state()
    out = []
    for _ in range(PLIES):
        if game.is_terminal(state):
            break
        action = random_action(game, state, rng)
        assert game.violation(state, action) is None
        out.append(game.action_to_str(state, action))
        state = game.apply(state, action)
        game.is_terminal(state)
        game.winners(state)
    out.append(game.state_to_json(state))
    return out


@pytest.mark.parametrize(("name", "options"), CASES, ids=[f"{n}-{o}" for n, o in CASES])
def test_threads_sharing_one_game_get_the_single_threaded_results(
    name: str, options: dict[str, Any]
) -> None:
    seeds = [[100 * t + k for k in range(GAMES_PER_THREAD)] for t in range(THREADS)]
    expected = {s: trace(castlerules.make(name, **options), s) for row in seeds for s in row}
    results = shared_by_threads(castlerules.make(name, **options), trace, seeds)
    assert results == expected
