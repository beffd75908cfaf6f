"""The per-clause, per-reading and per-player-count statements of Vlotte Geesten: each proves on the
real rules (tests/core/test_theorems.py runs them all) and finds a counterexample on a rule broken
on purpose — in a reading, an option value, a game of more than two players, or a fact of the set-up.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

import castlerules
from castlerules.core.symbolic import If
from castlerules.core.theorem import Status
from castlerules.vlotte_geesten import VlotteGeesten, kernel, rules
from castlerules.vlotte_geesten import config as vg_config
from castlerules.vlotte_geesten.state import Obj, State
from castlerules.vlotte_geesten.theorems.answer import (
    check_answer_any_faces_z3,
    check_colours,
    check_examples,
    die_places,
)
from castlerules.vlotte_geesten.theorems.dice import check_any_faces, check_chance
from castlerules.vlotte_geesten.theorems.end import check_ties
from castlerules.vlotte_geesten.theorems.points import (
    check_penalty_readings,
    check_penalty_readings_z3,
)
from castlerules.vlotte_geesten.theorems.rounds import (
    check_grab_phase,
    check_legal_actions,
    check_multi_grab,
    check_next_roller,
    check_no_free_block,
    check_successor,
)
from castlerules.vlotte_geesten.theorems.setup import check_player_counts, check_seats, check_start

SWAPPED = ("red", "grey", "white", "green", "blue")


def test_every_new_statement_proves_on_the_real_rules() -> None:
    """Each statement gives its expected verdict: PROVED, or the finding it documents (a free
    block under all-taken, the default up to 0.2)."""
    game = castlerules.make("vlotte-geesten", players=5)
    findings = set()
    for t in game.theorems():
        if t.deep:
            continue
        assert t.check().status is t.expected, t.id
        if t.expected is not Status.PROVED:
            findings.add(t.id)
    assert findings == {"vg.no-free-block-all-taken"}


def situation_1_next_die(dice: Sequence[Any]) -> Any:
    """Broken: situation 1 looks at the die of the next colour."""
    c = kernel.counts(dice)
    result: Any = kernel.answer(dice)
    for k in range(5):
        result = If(kernel.unique_most(c, k), dice[(k + 1) % 5], result)
    return result


@pytest.mark.clause("vg.situatie1.regel", "vg.voorbereiding.kleuren")
def test_any_faces_theorem_finds_a_swapped_pair(monkeypatch: pytest.MonkeyPatch) -> None:
    game = VlotteGeesten(players=2)
    broken = check_answer_any_faces_z3(game, answer=situation_1_next_die)
    assert broken.status is Status.COUNTEREXAMPLE and "die:" in (broken.counterexample or "")
    # the faces option files the white die's faces under grey and the grey die's under white
    monkeypatch.setattr(vg_config, "COLOURS", SWAPPED)
    assert die_places(game) == {"red": 0, "white": 2, "grey": 1, "green": 3, "blue": 4}
    assert check_answer_any_faces_z3(game).status is Status.COUNTEREXAMPLE


@pytest.mark.clause("vg.voorbereiding.kleur-wit", "vg.voorbereiding.kleur-grijs")
def test_colour_theorem_finds_two_dice_swapped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vg_config, "COLOURS", SWAPPED)
    result = check_colours(VlotteGeesten(players=3))
    assert result.status is Status.COUNTEREXAMPLE
    assert "white die" in (result.counterexample or "") and result.position


@pytest.mark.clause("vg.situatie2.voorbeeld")
def test_example_theorem_finds_the_pair_answered(monkeypatch: pytest.MonkeyPatch) -> None:
    def pair_answered(faces: tuple[Obj, ...]) -> Obj:
        """Broken: in situation 2 the first object shown twice is the answer."""
        values = [int(f) for f in faces]
        if kernel.situation_2(values):
            return Obj(next(k for k in range(5) if values.count(k) == 2))
        return Obj(kernel.answer(values))

    monkeypatch.setattr(rules, "answer_of", pair_answered)
    result = check_examples(VlotteGeesten(players=2))
    assert result.status is Status.COUNTEREXAMPLE
    assert "example-situation-2" in (result.counterexample or "")


@pytest.mark.clause("vg.spel.worp")
def test_any_faces_chance_finds_a_face_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    parse = vg_config._parse_faces

    def distinct_faces(faces: Any) -> Any:
        """Broken: a face shown twice on a die counts once (the faces are read as a set)."""
        return tuple(tuple(dict.fromkeys(d)) for d in parse(faces))

    monkeypatch.setattr(vg_config, "_parse_faces", distinct_faces)
    result = check_any_faces(VlotteGeesten(players=2))
    assert result.status is Status.COUNTEREXAMPLE
    assert "probability" in (result.counterexample or "")
    # the default dice (no faces given) are not touched by the bug
    assert check_chance(VlotteGeesten(players=2)).status is Status.PROVED


@pytest.mark.clause("vg.spel.worp")
def test_any_faces_chance_finds_dice_taken_in_the_mappings_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    parse = vg_config._parse_faces

    def in_given_order(faces: Any) -> Any:
        """Broken: the dice are the mapping's entries in the order it lists them, not red,
        white, grey, green, blue."""
        canonical = parse(faces)
        by_colour = dict(zip(vg_config.COLOURS, canonical))
        return tuple(by_colour[c] for c in faces)

    monkeypatch.setattr(vg_config, "_parse_faces", in_given_order)
    result = check_any_faces(VlotteGeesten(players=2))
    assert result.status is Status.COUNTEREXAMPLE


@pytest.mark.clause("vg.spel.spelers")
def test_player_count_theorem_finds_a_ninth_player(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vg_config.VlotteGeestenConfig, "players_range", (2, 9))
    result = check_player_counts(VlotteGeesten(players=2))
    assert result.status is Status.COUNTEREXAMPLE and "9-player" in (result.counterexample or "")


class RollerWatches(VlotteGeesten):
    """Broken: the roller does not grab (from five players on)."""

    def actors(self, state: State) -> frozenset[int]:
        found = super().actors(state)
        return found - {state.roller} if self.num_players >= 5 else found


@pytest.mark.clause("vg.spel.gooier-grijpt-mee")
def test_seat_theorem_finds_the_roller_left_out() -> None:
    assert check_seats(RollerWatches(players=4)).status is Status.PROVED
    result = check_seats(RollerWatches(players=6))
    assert result.status is Status.COUNTEREXAMPLE and result.position


class PointKeptBack(VlotteGeesten):
    """Broken: under pot-at-once the wrong grabber's point never reaches the pot."""

    def _wrong_grab(self, state: State, action: Any) -> State:
        after = super()._wrong_grab(state, action)
        if self.pay_at_once and after.dice is not None and after.pot > state.pot:
            return State(state.scores, after.supply, state.pot, after.roller, after.dice,
                         after.acted, after.grabbed, after.wrong)
        return after


@pytest.mark.clause("vg.pot.leggen")
def test_penalty_theorem_finds_the_point_kept_back() -> None:
    result = check_penalty_readings(PointKeptBack(players=3))
    assert result.status is Status.COUNTEREXAMPLE
    assert "pot-at-once" in (result.counterexample or "")
    # under the default reading alone the bug never shows: the statement plays both options
    default_only = PointKeptBack(players=3)
    assert check_successor(default_only).status is Status.PROVED


class DrawIgnored(VlotteGeesten):
    """Broken: a shared highest score wins for all who share it, whatever the ties reading."""

    def winners(self, state: State) -> frozenset[int]:
        if not self.is_terminal(state):
            return frozenset()
        flags = kernel.winner_flags(state.scores, False)
        return frozenset(i for i, won in enumerate(flags) if won)


@pytest.mark.clause("vg.einde.winnaar")
def test_tie_theorem_finds_a_shared_win_under_draw() -> None:
    result = check_ties(DrawIgnored(players=7))
    assert result.status is Status.COUNTEREXAMPLE and "ties=draw" in (result.counterexample or "")


class NoWrapping(VlotteGeesten):
    """Broken: under next-seat the dice pass to 'the next player' without wrapping round."""

    def _settle(self, state: State, correct: int | None) -> State:
        after = super()._settle(state, correct)
        if correct is None and self.next_seat:
            return State(after.scores, after.supply, after.pot, state.roller + 1)
        return after


@pytest.mark.clause("vg.punten.gooier", "vg.pot.iedereen-mis")
def test_next_roller_theorem_finds_no_wrapping() -> None:
    result = check_next_roller(NoWrapping(players=5))
    assert result.status is Status.COUNTEREXAMPLE and "p0" in (result.counterexample or "")


class SecondPenalty(VlotteGeesten):
    """Broken: under regrab every wrong grab costs a point, not one per round."""

    def _wrong_grab(self, state: State, action: Any) -> State:
        after = super()._wrong_grab(state, action)
        p = action.player
        if self.regrab and p in state.wrong and after.dice is not None:
            scores = tuple(s - 1 if i == p else s for i, s in enumerate(after.scores))
            return State(scores, after.supply, after.pot + 1, after.roller, after.dice,
                         after.acted, after.grabbed, after.wrong)
        return after


@pytest.mark.clause("vg.punten.fout", "vg.spel.een-voorwerp")
def test_grab_phase_theorem_finds_a_second_penalty() -> None:
    result = check_grab_phase(SecondPenalty(players=4))
    assert result.status is Status.COUNTEREXAMPLE and "regrab" in (result.counterexample or "")


class AtOnceNotWired(VlotteGeesten):
    """Broken: the pot-at-once reading is not wired into the rules (the flag stays False)."""

    def _configure(self, config: Any) -> None:
        super()._configure(config)
        self.pay_at_once = False


def test_the_reference_reads_the_readings_from_the_spec_not_from_the_rules() -> None:
    game = AtOnceNotWired(players=2, readings={"penalty-recipient": "pot-at-once"})
    assert check_successor(game).status is Status.COUNTEREXAMPLE
    assert check_penalty_readings(AtOnceNotWired(players=2)).status is (
        Status.COUNTEREXAMPLE
    )


def test_a_game_with_a_point_too_many_refuses_reachable_positions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(rules, "TOTAL_POINTS", 36)
    game = VlotteGeesten(players=2)
    assert check_legal_actions(game).status is Status.COUNTEREXAMPLE
    assert check_start(game).status is Status.COUNTEREXAMPLE


@pytest.mark.clause("vg.punten.fout")
def test_any_score_penalty_theorem_finds_a_fine_at_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    def fine_at_zero(score: Any, debt: bool = False) -> Any:
        """Broken: a wrong grabber with no points pays all the same (an off-by-one)."""
        return 1 if debt else If(score >= 0, 1, 0)

    game = VlotteGeesten(players=5)
    assert check_penalty_readings_z3(game).status is Status.PROVED
    monkeypatch.setattr(kernel, "penalty", fine_at_zero)
    result = check_penalty_readings_z3(game)
    assert result.status is Status.COUNTEREXAMPLE
    assert "5 players (nothing" in (result.counterexample or "")


class MultiGrabNotWired(VlotteGeesten):
    """Broken: the multi-grab reading is not wired into the rules (both flags stay False: a grab
    of several objects takes them all, whatever the reading)."""

    def _configure(self, config: Any) -> None:
        super()._configure(config)
        self.put_back = self.one_object = False


@pytest.mark.clause("vg.spel.een-voorwerp", "vg.punten.fout")
def test_multi_grab_theorem_finds_objects_not_put_back() -> None:
    result = check_multi_grab(MultiGrabNotWired(players=3))
    assert result.status is Status.COUNTEREXAMPLE
    assert "under put-back p0's objects are not back" in (result.counterexample or "")
    refused = MultiGrabNotWired(players=3, readings={"multi-grab": "refused"})
    assert check_legal_actions(refused).status is Status.COUNTEREXAMPLE


class AnswerTakenStillScores(VlotteGeesten):
    """Broken: a grab of several objects takes them, but not the answer among them."""

    def _wrong_grab(self, state: State, action: Any) -> State:
        after = super()._wrong_grab(state, action)
        answer = rules.answer_of(state.dice)
        if after.dice is None or answer not in after.grabbed or len(after.grabbed) < 2:
            return after
        return State(after.scores, after.supply, after.pot, after.roller, after.dice,
                     after.acted, after.grabbed - {answer}, after.wrong)


@pytest.mark.clause("vg.spel.een-voorwerp", "vg.punten.fout")
def test_multi_grab_theorem_finds_the_answer_left_on_the_table() -> None:
    result = check_multi_grab(AnswerTakenStillScores(players=2))
    assert result.status is Status.COUNTEREXAMPLE and "all-taken" in (result.counterexample or "")


# -- no free block ----------------------------------------------------------------------------------


class PaysEvenWithoutPoints(VlotteGeesten):
    """All-taken without its flaw: a wrong grabber without points pays the pot a point all the same
    (a score can go below zero), so taking the right object out of the round always costs."""

    def _settle(self, state: State, correct: int | None) -> State:
        owing = set(state.wrong)
        broke = [p for p in owing if state.scores[p] <= 0]
        after = super()._settle(state, correct)
        if not broke:
            return after
        scores = tuple(s - (1 if p in broke else 0) for p, s in enumerate(after.scores))
        return State(scores, after.supply, after.pot + len(broke), after.roller, after.dice,
                     after.acted, after.grabbed, after.wrong)


@pytest.mark.clause("vg.spel.een-voorwerp", "vg.punten.fout", "vg.doel.punt")
def test_no_free_block_theorem_finds_a_free_block() -> None:
    """'Grijp je het verkeerde voorwerp of pak je meer dan één voorwerp tegelijk, dan geef je een
    van je punten': under all-taken a player without points takes the right object with another
    and pays nothing (the finding); a rule without that flaw proves the statement, so the finding
    is a fact about all-taken, not about the check; and under put-back a grab of several objects
    that takes them after all (the reading not wired) blocks for free."""
    for n in (2, 4):
        game = castlerules.make("vlotte-geesten", players=n)
        found = {t.id: t for t in game.theorems()}["vg.no-free-block-all-taken"]
        result = found.check()
        assert result.status is Status.COUNTEREXAMPLE is found.expected
        assert result.position is not None and "multi-grab=all-taken" in (result.counterexample or "")
        taken = castlerules.make("vlotte-geesten", players=n, readings={"multi-grab": "all-taken"})
        state = taken.state_from_text(result.position)
        grabber = int(result.highlight[0][1:])
        assert state.scores[grabber] == 0 and "the block cost 0" in (result.counterexample or "")
    fixed = PaysEvenWithoutPoints(players=3, readings={"multi-grab": "all-taken",
                                                         "penalty-no-points": "debt"})
    assert check_no_free_block(fixed).status is Status.PROVED
    flawless = PaysEvenWithoutPoints(players=3, readings={"multi-grab": "all-taken"})
    assert check_no_free_block(flawless).status is Status.PROVED
    assert check_no_free_block(castlerules.make("vlotte-geesten", players=3)).status \
        is Status.PROVED
    broken = check_no_free_block(MultiGrabNotWired(players=3))
    assert broken.status is Status.COUNTEREXAMPLE and "grabs" in (broken.counterexample or "")
