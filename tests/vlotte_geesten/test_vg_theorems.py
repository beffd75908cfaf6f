"""Vlotte Geesten theorems: each proves on the real rules and finds a counterexample on a broken one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from castlerules.core.symbolic import And, Count, If, Or, Sum
from castlerules.core.theorem import Status
from castlerules.vlotte_geesten import kernel, theorems

# That each theorem holds on the real rules is checked once for all games in
# tests/core/test_theorems.py; here each is shown able to fail.


def broken_situation_1(dice: Sequence[Any]) -> Any:
    """Situation 1 without the sentence 'Deze situatie geldt ook als een voorwerp maar twee keer
    voorkomt ...': the most frequent object must show three times or more."""
    c = kernel.counts(dice)
    return Or(*(And(kernel.unique_most(c, k), c[k] >= 3) for k in range(5)))


def broken_answer(dice: Sequence[Any]) -> Any:
    """Situation 3 read wrongly: grab the ghost's die's neighbour colour."""
    result: Any = kernel.answer(dice)
    return If(kernel.situation_3(dice), Count(d == 1 for d in dice) + 4, result)


SITUATIONS_BROKEN = (broken_situation_1, kernel.situation_2, kernel.situation_3)


@pytest.mark.clause("vg.antwoord.uniek", "vg.situatie1.twee-keer")
def test_answer_theorems_find_the_missing_sentence() -> None:
    z3_result = theorems.check_answer_unique_z3(situations=SITUATIONS_BROKEN)
    assert z3_result.status is Status.COUNTEREXAMPLE
    # the counterexample is a roll with one object twice and three others once
    shown = z3_result.counterexample or ""
    assert shown.count("die:") == 5
    assert (
        theorems.check_answer_exhaustive(situations=SITUATIONS_BROKEN).status
        is Status.COUNTEREXAMPLE
    )


def test_answer_theorems_find_an_answer_outside_the_objects() -> None:
    assert theorems.check_answer_unique_z3(answer=broken_answer).status is Status.COUNTEREXAMPLE
    assert theorems.check_answer_exhaustive(answer=broken_answer).status is Status.COUNTEREXAMPLE


def settle_pays_without_points(
    scores: Sequence[Any], supply: Any, pot: Any, wrong: Sequence[Any], correct: Sequence[Any]
) -> tuple[list[Any], Any, Any]:
    """Broken: a wrong grabber pays even with no points."""
    n = len(scores)
    pay = [If(wrong[i], 1, 0) for i in range(n)]
    paid = Sum(pay)
    anyone = Or(*correct)
    new = [scores[i] - pay[i] + If(correct[i], 1 + pot + paid, 0) for i in range(n)]
    return new, If(anyone, supply - 1, supply), If(anyone, 0, pot + paid)


def settle_keeps_the_pot(
    scores: Sequence[Any], supply: Any, pot: Any, wrong: Sequence[Any], correct: Sequence[Any]
) -> tuple[list[Any], Any, Any]:
    """Broken: the correct grabber does not take the pot (it stays on the table)."""
    new, new_supply, new_pot = kernel.settle(scores, supply, pot, wrong, correct)
    anyone = Or(*correct)
    new = [s - If(c, pot, 0) for s, c in zip(new, correct)]
    return new, new_supply, If(anyone, pot, new_pot)


@pytest.mark.clause("vg.punten.fout")
def test_conservation_theorem_finds_a_negative_score() -> None:
    assert (
        theorems.check_conservation_z3(settle_pays_without_points).status is Status.COUNTEREXAMPLE
    )


@pytest.mark.clause("vg.pot.winnen")
def test_pot_theorem_finds_a_pot_left_at_the_end() -> None:
    assert theorems.check_pot_empty_z3(settle_keeps_the_pot).status is Status.COUNTEREXAMPLE
    # conservation alone does not notice (the pot is still counted) — the separate theorem does
    assert theorems.check_conservation_z3(settle_keeps_the_pot).status is Status.PROVED


def test_playout_theorem_finds_a_broken_game() -> None:
    from castlerules.vlotte_geesten.rules import VlotteGeesten

    class Leaky(VlotteGeesten):
        def _settle(self, state: Any, correct: int | None) -> Any:  # the pot vanishes
            import attrs

            return attrs.evolve(super()._settle(state, correct), pot=0)

    result = theorems.check_points_on_playouts(lambda n: Leaky(players=n), games=2)
    assert result.status is Status.COUNTEREXAMPLE
