"""What the test modules share besides the strategies: the fuzz scale, seeded random play, thread
runs and a long Spookslot board. The Hypothesis strategies of games, states, actions and records
are the library's own, ``castlerules.strategies``, which the property tests use."""

from __future__ import annotations

import json
import os
import random
import sys
import threading
from collections.abc import Callable
from typing import Any

import castlerules
from castlerules.core.play import random_action

#: How many times the fuzz tests' example counts are multiplied: 1 by default; environment variable
#: ``CASTLERULES_FUZZ=1`` gives 20 (a longer campaign), ``CASTLERULES_FUZZ=N`` gives N.
FUZZ_SCALE = int(os.environ.get("CASTLERULES_FUZZ", "0") or 0)
FUZZ_SCALE = 20 if FUZZ_SCALE == 1 else max(1, FUZZ_SCALE)


def variants_of(name: str) -> list[dict[str, Any]]:
    return list(castlerules.core.catalog.game_class(name).variants())


def reach(game: Any, seed: int, plies: int) -> Any:
    """The state after ``plies`` seeded random actions (or the end, if sooner)."""
    rng = random.Random(seed)
    state = game.initial_state()
    for _ in range(plies):
        if game.is_terminal(state):
            break
        state = game.apply(state, random_action(game, state, rng))
    return state


def shared_by_threads(
    shared: Any, trace: Callable[[Any, int], list[str]], seeds: list[list[int]]
) -> dict[int, list[str]]:
    """Runs ``trace(shared, seed)`` for each row of ``seeds`` in its own thread, all on the ONE
    ``shared`` game object, with the interpreter switching threads as often as it can; returns
    each seed's trace. A thread's exception is raised here."""
    results: dict[int, list[str]] = {}
    errors: list[BaseException] = []
    start = threading.Barrier(len(seeds))

    def work(row: list[int]) -> None:
        try:
            start.wait()
            for s in row:
                results[s] = trace(shared, s)
        except BaseException as exc:  # re-raised below, in the test's thread
            errors.append(exc)

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=work, args=(row,)) for row in seeds]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(old)
    if errors:
        raise errors[0]
    return results


def chain_board(n: int) -> str:
    """A board of ``n`` squares with the rulebook's shape: a long line of safe squares with the
    two forks, the star squares and a blue square before each danger zone."""
    lines = ['name = "long"', 'start = "q0"']

    def sq(i: str, colour: str, nxt: list[str], extra: str = "") -> None:
        lines.append(f'[[square]]\nid = "{i}"\ncolour = "{colour}"\nfloor = "lower"\n'
                     f'next = {json.dumps(nxt)}\n{extra}')

    body = max(n - 13, 1)
    for i in range(body):
        sq(f"q{i}", "blue" if i == 0 else "yellow", [f"q{i + 1}" if i + 1 < body else "f"])
    sq("f", "blue", ["a1", "r1"])
    sq("a1", "yellow", ["a2"])
    sq("a2", "green", ["a3"])
    sq("a3", "yellow", ["m"])
    sq("r1", "red", ["r2"], 'trap = "bookcase"\nfallback = "f"\nstar = true')
    sq("r2", "red", ["m"], 'trap = "bookcase"\nfallback = "f"\nstar = true')
    sq("m", "green", ["g"], "star = true")
    sq("g", "blue", ["b1", "w1"])
    sq("b1", "yellow", ["b2"])
    sq("b2", "yellow", ["b3"])
    sq("b3", "yellow", ["e"])
    sq("w1", "red", ["e"], 'trap = "axe"\nfallback = "g"')
    sq("e", "yellow", ["exit"])
    return "\n".join(lines) + "\n"
