"""The OpenSpiel ``mcts`` example line: a budget per game, so a bot move takes seconds, not minutes."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")

from castlerules.adapters import openspiel


def test_the_mcts_line_gets_the_games_simulations_and_a_rollout_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from open_spiel.python.algorithms import mcts

    monkeypatch.setattr(mcts, "RandomRolloutEvaluator", mcts.RandomRolloutEvaluator)
    args = openspiel._mcts_budget(["mcts", "--game=castlerules_kasteel", "--player2=human"])
    assert "--max_simulations=300" in args
    evaluator = mcts.RandomRolloutEvaluator(1, None)
    assert evaluator.max_length == 60  # OpenSpiel's own default plays rollouts to the end


def test_flags_given_on_the_line_win(monkeypatch: pytest.MonkeyPatch) -> None:
    from open_spiel.python.algorithms import mcts

    monkeypatch.setattr(mcts, "RandomRolloutEvaluator", mcts.RandomRolloutEvaluator)
    args = openspiel._mcts_budget(["mcts", "--game=castlerules_splut", "--max_simulations=7",
                                   "--max_rollout_plies=9"])
    assert args == ["mcts", "--game=castlerules_splut", "--max_simulations=7"]
    assert mcts.RandomRolloutEvaluator(1, None).max_length == 9
