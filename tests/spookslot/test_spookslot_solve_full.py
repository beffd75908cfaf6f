"""The whole two-player game solved again (slow tier): the documented figures are a fresh solve's,
random play agrees with ``castlerules simulate``, the solved bot plays from the full table."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

import castlerules
from castlerules import solve as sv

pytest.importorskip("numpy")

FIGURES = Path(__file__).parents[2] / "docs" / "data" / "solve" / "spookslot.json"


#: One full solve for the module: its tests run on one worker (pytest-xdist's loadgroup), not one
#: solve per worker (about 8 CPU-minutes each).
pytestmark = pytest.mark.xdist_group("spookslot-full-solve")


@pytest.fixture(scope="module")
def full() -> Iterator[tuple[castlerules.Game, sv.Solution]]:
    game = castlerules.make("spookslot")
    yield game, sv.solve(game)


@pytest.mark.slow
def test_the_documented_figures_are_those_of_a_fresh_solve(
        full: tuple[castlerules.Game, sv.Solution]) -> None:
    game, solution = full
    s = solution.summary
    data = json.loads(FIGURES.read_text(encoding="utf-8"))
    assert data["source"] == sv.source_hash(game), "run tools/solve_report.py"
    assert s["bound"] <= 1e-9 and s["endless_positions"] == 0
    for model in ("optimal", "against-random", "random"):
        for p in range(2):
            assert abs(s["start"][model][p] - data["start"][model][p]) <= s["bound"] + data["bound"]
    for key in ("positions", "nodes", "edges", "depths"):
        assert s[key] == data[key], key
    assert abs(sum(s["start"]["optimal"]) - 1) <= 2 * s["bound"]


@pytest.mark.slow
def test_random_play_of_the_whole_game_agrees_with_simulate(
        full: tuple[castlerules.Game, sv.Solution]) -> None:
    from castlerules import simulate as sim

    _, solution = full
    done = sim.simulate("spookslot", 20_000, seed=7, workers=2, keep_results=False)
    for p in range(2):
        low, high = done.summary["wins_interval95"][p]
        assert low <= solution.summary["start"]["random"][p] <= high


@pytest.mark.slow
def test_the_solved_bot_plays_a_whole_game_from_the_full_table(
        full: tuple[castlerules.Game, sv.Solution]) -> None:
    from castlerules.bots import make_bot
    from castlerules.core.chance import sample

    game, solution = full
    ev = sv.Evaluator(game, sv.canon_of(game), solution.table)
    bot = make_bot("solved", random.Random(0), evaluator=ev)
    rng = random.Random(1)
    state = game.initial_state()
    while not game.is_terminal(state):
        if game.is_chance(state):
            state = game.apply(state, sample(game.chance_outcomes(state), rng))
            continue
        player = min(game.actors(state))
        state = game.apply(state, bot.choose(game, state, player))
    assert game.winners(state)
