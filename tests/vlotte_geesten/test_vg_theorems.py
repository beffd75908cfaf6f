"""Vlotte Geesten theorems: each proves on the real rules and finds a counterexample on a broken one.

That each theorem holds on the real rules is checked once for all games in
tests/core/test_theorems.py; here each is shown able to fail, with the position and what matters.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import pytest

import castlerules
from castlerules.core.symbolic import And, Count, If, Or, Sum
from castlerules.core.theorem import Status
from castlerules.vlotte_geesten import VlotteGeesten, kernel
from castlerules.vlotte_geesten.state import Roll, State
from castlerules.vlotte_geesten.theorems.answer import (
    check_answer_exhaustive,
    check_answer_unique_z3,
)
from castlerules.vlotte_geesten.theorems.common import over_players
from castlerules.vlotte_geesten.theorems.dice import check_chance
from castlerules.vlotte_geesten.theorems.end import check_end, check_winner_flags_z3
from castlerules.vlotte_geesten.theorems.points import (
    check_conservation_z3,
    check_payouts_z3,
    check_pot_empty_z3,
)
from castlerules.vlotte_geesten.theorems.rounds import (
    check_legal_actions,
    check_round_ends,
    check_successor,
)
from castlerules.vlotte_geesten.theorems.setup import check_positions, check_start


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
    z3_result = check_answer_unique_z3(situations=SITUATIONS_BROKEN)
    assert z3_result.status is Status.COUNTEREXAMPLE
    # the counterexample is a roll with one object twice and three others once
    shown = z3_result.counterexample or ""
    assert shown.count("die:") == 5
    assert (
        check_answer_exhaustive(situations=SITUATIONS_BROKEN).status
        is Status.COUNTEREXAMPLE
    )


@pytest.mark.clause("vg.situatie3.regel")
def test_answer_theorems_find_an_answer_outside_the_objects() -> None:
    assert check_answer_unique_z3(answer=broken_answer).status is Status.COUNTEREXAMPLE
    assert check_answer_exhaustive(answer=broken_answer).status is Status.COUNTEREXAMPLE
    # and the cached answer the game calls is checked too
    wrong_cache = check_answer_exhaustive(cached=lambda faces: faces[0])
    assert wrong_cache.status is Status.COUNTEREXAMPLE


class UnfairDice(VlotteGeesten):
    """Broken: the first roll is listed with twice its probability."""

    def chance_outcomes(self, state: State) -> tuple[tuple[Roll, Fraction], ...]:
        found = super().chance_outcomes(state)
        return tuple((r, p * 2 if i == 0 else p) for i, (r, p) in enumerate(found))


@pytest.mark.clause("vg.spel.worp")
def test_chance_theorem_finds_unfair_dice() -> None:
    result = check_chance(UnfairDice(players=2))
    assert result.status is Status.COUNTEREXAMPLE
    assert "red die: chair" in (result.counterexample or "") and result.highlight == ("dice",)


def settle_pays_without_points(
    scores: Sequence[Any], supply: Any, pot: Any, wrong: Sequence[Any], correct: Sequence[Any],
    debt: bool = False,
) -> tuple[list[Any], Any, Any]:
    """Broken: a wrong grabber pays even with no points."""
    n = len(scores)
    pay = [If(wrong[i], 1, 0) for i in range(n)]
    paid = Sum(pay)
    anyone = Or(*correct)
    new = [scores[i] - pay[i] + If(correct[i], 1 + pot + paid, 0) for i in range(n)]
    return new, If(anyone, supply - 1, supply), If(anyone, 0, pot + paid)


def settle_keeps_the_pot(
    scores: Sequence[Any], supply: Any, pot: Any, wrong: Sequence[Any], correct: Sequence[Any],
    debt: bool = False,
) -> tuple[list[Any], Any, Any]:
    """Broken: the correct grabber does not take the pot (it stays on the table)."""
    new, new_supply, new_pot = kernel.settle(scores, supply, pot, wrong, correct, debt)
    anyone = Or(*correct)
    new = [s - If(c, pot, 0) for s, c in zip(new, correct)]
    return new, new_supply, If(anyone, pot, new_pot)


def settle_penalties_to_the_pot(
    scores: Sequence[Any], supply: Any, pot: Any, wrong: Sequence[Any], correct: Sequence[Any],
    debt: bool = False,
) -> tuple[list[Any], Any, Any]:
    """Broken: the penalties go into the pot even when somebody was correct (points are still
    conserved — only the payout theorem notices)."""
    n = len(scores)
    pay = [If(wrong[i], kernel.penalty(scores[i], debt), 0) for i in range(n)]
    anyone = Or(*correct)
    new = [scores[i] - pay[i] + If(correct[i], 1 + pot, 0) for i in range(n)]
    return new, If(anyone, supply - 1, supply), If(anyone, Sum(pay), pot + Sum(pay))


@pytest.mark.clause("vg.punten.fout")
def test_conservation_theorem_finds_a_negative_score() -> None:
    result = check_conservation_z3(settle_pays_without_points)
    assert result.status is Status.COUNTEREXAMPLE
    # under the debt reading the same settlement is the rule, and conservation holds
    debt = castlerules.make("vlotte-geesten", readings={"penalty-no-points": "debt"})
    assert check_conservation_z3(settle_pays_without_points, game=debt).status is (
        Status.PROVED
    )


@pytest.mark.clause("vg.punten.fout", "vg.punten.juist")
def test_payout_theorem_finds_a_penalty_kept() -> None:
    assert check_conservation_z3(settle_penalties_to_the_pot).status is Status.PROVED
    result = check_payouts_z3(settle_penalties_to_the_pot)
    assert result.status is Status.COUNTEREXAMPLE


@pytest.mark.clause("vg.pot.winnen")
def test_pot_theorem_finds_a_pot_left_at_the_end() -> None:
    assert check_pot_empty_z3(settle_keeps_the_pot).status is Status.COUNTEREXAMPLE
    # conservation alone does not notice (the pot is still counted) — the separate theorem does
    assert check_conservation_z3(settle_keeps_the_pot).status is Status.PROVED


def lowest_wins(scores: Sequence[Any], draw: bool = False) -> list[Any]:
    """Broken: the player with the fewest points wins."""
    n = len(scores)
    return [And(*(scores[i] <= scores[j] for j in range(n) if j != i)) for i in range(n)]


@pytest.mark.clause("vg.einde.winnaar")
def test_winner_theorem_finds_the_lowest_score_winning() -> None:
    assert check_winner_flags_z3(lowest_wins).status is Status.COUNTEREXAMPLE
    draw = castlerules.make("vlotte-geesten", readings={"ties": "draw"})
    # the shared reading's flags are wrong under draw (a tie would still win)
    assert check_winner_flags_z3(kernel.winner_flags, game=draw).status is Status.PROVED
    shared_flags = lambda scores, draw=False: kernel.winner_flags(scores, False)  # noqa: E731
    assert check_winner_flags_z3(shared_flags, game=draw).status is Status.COUNTEREXAMPLE


class EndsAtOne(VlotteGeesten):
    """Broken: the game ends with one point still in the supply."""

    def is_terminal(self, state: State) -> bool:
        return state.supply <= 1  # type: ignore[no-any-return]


class FirstPlayerWins(VlotteGeesten):
    """Broken: at the end, player 0 is named the winner whatever the scores."""

    def winners(self, state: State) -> frozenset[int]:
        return frozenset({0}) if self.is_terminal(state) else frozenset()


@pytest.mark.clause("vg.einde.voorraad-leeg", "vg.einde.winnaar")
def test_end_theorem_finds_a_game_that_goes_on() -> None:
    result = check_end(EndsAtOne(players=3))
    assert result.status is Status.COUNTEREXAMPLE
    wrong_winner = check_end(FirstPlayerWins(players=3))
    assert wrong_winner.status is Status.COUNTEREXAMPLE
    assert wrong_winner.position and wrong_winner.highlight


class SecondGrab(VlotteGeesten):
    """Broken: a player who has grabbed may grab again (the acted check is lost)."""

    def _grab_violation(self, state: State, action: Any) -> Any:
        return super()._grab_violation(
            State(state.scores, state.supply, state.pot, state.roller, state.dice, (),
                  state.grabbed, state.wrong),
            action,
        )


@pytest.mark.clause("vg.spel.een-voorwerp")
def test_legal_actions_theorem_finds_a_second_grab() -> None:
    result = over_players(check_legal_actions, SecondGrab(players=2), (2, 3))
    assert result.status is Status.COUNTEREXAMPLE
    assert result.position is not None and "p0" in result.highlight
    game = SecondGrab(players=2)
    assert game.state_from_text(result.position)  # the counterexample is a valid position


class SameRoller(VlotteGeesten):
    """Broken: the dice stay with the roller even after a correct grab."""

    def _settle(self, state: State, correct: int | None) -> State:
        after = super()._settle(state, correct)
        return State(after.scores, after.supply, after.pot, state.roller)


@pytest.mark.clause("vg.punten.gooier")
def test_successor_theorem_finds_the_wrong_roller() -> None:
    result = over_players(check_successor, SameRoller(players=3), (2, 3))
    assert result.status is Status.COUNTEREXAMPLE
    assert "grab" in (result.counterexample or "") and result.position
    # the same bug under the next-seat reading is caught as well
    seat = SameRoller(players=3, readings={"next-roller": "next-seat"})
    assert check_successor(seat).status is Status.COUNTEREXAMPLE


class IdlePass(VlotteGeesten):
    """Broken: a pass does not take the player out of the round (rounds could last for ever)."""

    def _pass(self, state: State, player: int) -> State:
        return state


@pytest.mark.clause("vg.pot.iedereen-mis")
def test_round_theorem_finds_a_pass_that_changes_nothing() -> None:
    result = over_players(check_round_ends, IdlePass(players=2), (2, 3))
    assert result.status is Status.COUNTEREXAMPLE
    assert "pass" in (result.counterexample or "")


class OnePointShort(VlotteGeesten):
    """Broken: the supply starts with 34 points (the first roller keeps one)."""

    def initial_state(self) -> State:
        start = super().initial_state()
        scores = tuple(1 if i == start.roller else 0 for i in range(self.num_players))
        return State(scores, start.supply - 1, 0, start.roller)


@pytest.mark.clause("vg.voorbereiding.inhoud", "vg.voorbereiding.voorraad")
def test_start_theorem_finds_a_point_too_many() -> None:
    result = check_start(OnePointShort(players=2))
    assert result.status is Status.COUNTEREXAMPLE
    assert result.position == "1,0 34 0 p0 - - - -"


class NoOrderOfWrongGrabs(VlotteGeesten):
    """Broken: the wrong grabbers need not have acted, nor in the order they acted."""

    def validate_state(self, state: State) -> None:
        super().validate_state(State(state.scores, state.supply, state.pot, state.roller,
                                     state.dice, state.acted, state.grabbed,
                                     tuple(p for p in state.acted if p in state.wrong)))


class AnyTotal(VlotteGeesten):
    """Broken: the points need not add up to the box's."""

    def validate_state(self, state: State) -> None:
        gap = 35 - sum(state.scores) - state.supply - state.pot
        super().validate_state(State(state.scores, state.supply + gap, state.pot, state.roller,
                                     state.dice, state.acted, state.grabbed, state.wrong))


class AnyFirstPlayer(VlotteGeesten):
    """Broken: any whole number is a first player."""

    def __init__(self, *, first_player: int = 0, **options: Any) -> None:
        super().__init__(**options)
        self._first = first_player


@pytest.mark.clause("vg.spel.spelers", "vg.voorbereiding.inhoud", "vg.spel.een-voorwerp")
def test_positions_theorem_catches_a_careless_validation() -> None:
    assert check_positions(VlotteGeesten(players=3)).status is Status.PROVED
    for broken in (NoOrderOfWrongGrabs(players=3), AnyTotal(players=2),
                   AnyFirstPlayer(players=2)):
        found = check_positions(broken)
        assert found.status is Status.COUNTEREXAMPLE, type(broken).__doc__


def test_every_theorem_names_a_test_that_exists() -> None:
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    for t in castlerules.make("vlotte-geesten").theorems():
        path, name = t.fails_with.split("::")
        assert f"def {name}(" in (root / path).read_text(encoding="utf-8"), t.id


@pytest.mark.slow
@pytest.mark.parametrize(
    "readings",
    [
        {"grab-phase": "regrab"},
        {"penalty-no-points": "debt", "penalty-recipient": "pot-at-once"},
        {"next-roller": "next-seat", "ties": "draw"},
    ],
)
def test_the_theorems_hold_under_the_readings(readings: dict[str, str]) -> None:
    game = castlerules.make("vlotte-geesten", players=3, readings=readings)
    for t in game.theorems():
        if not t.deep:  # a finding (vg.no-free-block-all-taken) expects its counterexample
            assert t.check().status is t.expected, t.id
