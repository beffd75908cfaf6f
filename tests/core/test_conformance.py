"""The generic conformance kit, run on every game, every player count and every variant."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

import castlerules
from castlerules.core.catalog import game_class
from castlerules.core.conformance import ConformanceError, check_conformance
from castlerules.vlotte_geesten import VlotteGeesten
from castlerules.vlotte_geesten.state import Roll, State

CASES = [(name, opts) for name in castlerules.games() for opts in game_class(name).variants()]
#: The default tier checks the first variant of each game; the slow tier all of them.
QUICK = {(name, repr(game_class(name).variants()[0])) for name in castlerules.games()}


@pytest.mark.parametrize(
    ("name", "options"),
    [
        pytest.param(n, o, marks=() if (n, repr(o)) in QUICK else pytest.mark.slow)
        for n, o in CASES
    ],
    ids=[f"{n}-{o}" for n, o in CASES],
)
def test_game_conforms(name: str, options: dict[str, Any], request: pytest.FixtureRequest) -> None:
    game = castlerules.make(name, **options)
    playouts = 3 if request.config.getoption("--slow") else 1
    report = check_conformance(game, playouts=playouts, seed=7)
    assert report.finished == playouts
    assert report.states > 0
    assert castlerules.make(name, **game.options) == game


class _UnfairDice(VlotteGeesten):
    """A deliberately broken game: its chance outcomes do not sum to 1."""

    def chance_outcomes(self, state: State) -> tuple[tuple[Roll, Fraction], ...]:
        outcomes = super().chance_outcomes(state)
        return tuple((r, p * 2 if i == 0 else p) for i, (r, p) in enumerate(outcomes))


class _MutatingRoll(VlotteGeesten):
    """A deliberately broken game whose legal actions are not deterministic."""

    calls = 0

    def legal_actions(self, state: State) -> tuple[Any, ...]:
        self.calls += 1
        actions = super().legal_actions(state)
        return actions[::-1] if self.calls % 2 else actions


class _NoisyViolation(VlotteGeesten):
    """A deliberately broken game whose violation() forbids a legal pass."""

    def violation(self, state: State, action: Any) -> Any:
        from castlerules.core.registry import violation
        from castlerules.vlotte_geesten.state import Pass

        if isinstance(action, Pass) and action.player == 1:
            return violation("vg.spel.een-voorwerp", "no passing")
        return super().violation(state, action)


@pytest.mark.parametrize(
    ("broken", "complaint"),
    [
        (_UnfairDice, "sum to exactly 1"),
        (_MutatingRoll, "not deterministic"),
        (_NoisyViolation, "has a violation"),
    ],
)
def test_the_kit_catches_broken_games(broken: type[VlotteGeesten], complaint: str) -> None:
    with pytest.raises(ConformanceError, match=complaint):
        check_conformance(broken(players=2), playouts=1)
