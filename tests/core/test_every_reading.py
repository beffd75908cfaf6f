"""Every reading is a variant that works: the conformance kit and the two-route move-tree counts
pass under the default and under every single-option deviation from it, for every game.

The slow tier (``--slow``); the default suite runs the default readings only (test_conformance).
"""

from __future__ import annotations

import pytest

import castlerules
from castlerules.core.conformance import check_conformance
from castlerules.core.perft import perft, perft_filtered
from castlerules.core.play import playout
from castlerules.core.readings import single_deviations
from castlerules.core.spec import load_spec

CASES = [
    (name, readings)
    for name in castlerules.games()
    for readings in single_deviations(load_spec(name))[1:]
]
IDS = [f"{n}-{next(iter(r.values()))}-{next(iter(r)).split('.interp.')[-1]}" for n, r in CASES]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "readings"), CASES, ids=IDS)
def test_conformance_and_perft_under_the_reading(name: str, readings: dict[str, str]) -> None:
    import random

    game = castlerules.make(name, readings=readings)
    assert game.reading(next(iter(readings))) == next(iter(readings.values()))
    report = check_conformance(game, playouts=1, seed=11, every=3)
    assert report.finished == 1
    states, _ = playout(game, random.Random(4), max_plies=60)
    for state in (game.initial_state(), states[len(states) // 2], states[-1]):
        assert perft(game, state, 2) == perft_filtered(game, state, 2)
    assert castlerules.make(name, **game.options) == game


def test_there_are_readings_to_check() -> None:
    assert {n for n, _ in CASES} == set(castlerules.games())
