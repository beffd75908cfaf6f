"""The clause-by-clause, set-up, seating and rock-under-troll theorems of Splut! fail on rules broken
on purpose: each test hands a theorem's check a game with one rule changed and expects a
counterexample (the ``fails_with`` of those theorems)."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from castlerules.core.theorem import Status
from castlerules.splut import Splut, State
from castlerules.splut.board import NEXT, OFF, Seat
from castlerules.splut.state import Lev, Step
from castlerules.splut.theorems import theorems
from castlerules.splut.theorems.kernels import check_next_player_z3
from castlerules.splut.theorems.pieces import CLAUSE_PREDICATES, check_clause, check_under_troll
from castlerules.splut.theorems.setup import check_seating, check_start


class NoSecondPiece(Splut):
    """Broken: once a turn has begun, the dwarf may not step onto a free square."""

    def legal_actions(self, state: State) -> tuple[Any, ...]:
        found = super().legal_actions(state)
        if state.steps_left == self.steps_in_turn(state.turn):
            return found
        dwarf = state.pieces[state.to_move][2]
        return tuple(a for a in found if not (isinstance(a, Step) and a.frm == dwarf)) or found


class PullForced(Splut):
    """Broken: a troll with a rock straight behind it must pull it."""

    def legal_actions(self, state: State) -> tuple[Any, ...]:
        found = super().legal_actions(state)
        pulls = {(a.frm, a.to) for a in found if isinstance(a, Step) and a.pull}
        return tuple(a for a in found
                     if not (isinstance(a, Step) and not a.pull and (a.frm, a.to) in pulls))


class NoThrowAfterPickup(Splut):
    """Broken: a troll that steps onto a rock does not have to throw it."""

    def successor(self, state: State, action: Any) -> State:
        after = super().successor(state, action)
        if after.throw_from != OFF:
            return attrs.evolve(after, throw_from=OFF)
        return after


class TrollSurvives(Splut):
    """Broken: a crushed sorcerer's troll stays on the board."""

    def _remove_team(self, pieces: Any, victim: int) -> Any:
        return tuple((OFF, t[1], OFF) if i == victim else t for i, t in enumerate(pieces))


class LevitationOntoDwarves(Splut):
    """Broken: the move generator lets a sorcerer levitate a rock into a dwarf."""

    def legal_actions(self, state: State) -> tuple[Any, ...]:
        found = super().legal_actions(state)
        p = state.to_move
        s = state.pieces[p][0]
        dwarves = {t[2] for t in state.pieces if t[2] != OFF}
        if s == OFF or state.throw_from != OFF or state.lev is not Lev.UNUSED:
            return found
        extra = []
        for d in range(4):
            y = self_next(s, d)
            if y == OFF or state.board is None or state.board[y] != 0:
                continue
            extra += [Step(p, s, y, lev=r) for r in state.rocks
                      if self_next(r, d) in dwarves and r not in state.moved_before]
        return found + tuple(extra)


def self_next(x: int, d: int) -> int:
    from castlerules.splut.board import NEXT

    return NEXT[x][d]


class LevitationCannotGoOn(Splut):
    """Broken: a levitated rock cannot follow the sorcerer's next step."""

    def legal_actions(self, state: State) -> tuple[Any, ...]:
        found = super().legal_actions(state)
        if state.lev is not Lev.ACTIVE:
            return found
        return tuple(a for a in found if not (isinstance(a, Step) and a.lev != OFF)) or found


class DiagonalSorcerer(Splut):
    """Broken: the legality predicate lets a sorcerer step diagonally onto a free square."""

    def rule_violation(self, state: State, action: Any) -> Any:
        found = super().rule_violation(state, action)
        if (found is not None and isinstance(action, Step)
                and action.frm == state.pieces[state.to_move][0]
                and state.board is not None and state.board[action.to] == 0):
            return None
        return found


class TurnAfterAKillFromTheOldTeams(Splut):
    """Broken: whose turn follows a kill is decided from the teams before the kill."""

    def _end_turn(self, state: State, pieces: Any, *rest: Any) -> State:
        after = super()._end_turn(state, pieces, *rest)
        if after.over:
            return after
        nxt = self._next_table[state.to_move, tuple(t[0] != OFF for t in state.pieces)]
        return attrs.evolve(after, to_move=nxt)


BROKEN = {
    "splut.turn-passes": TurnAfterAKillFromTheOldTeams,
    "splut.own-pieces": NoSecondPiece,
    "splut.pull-optional": PullForced,
    "splut.throw-at-once": NoThrowAfterPickup,
    "splut.throw-crushes": TrollSurvives,
    "splut.levitation-blocked": LevitationOntoDwarves,
    "splut.levitation-follows": LevitationCannotGoOn,
    "splut.orthogonal": DiagonalSorcerer,
}


#: The player count each broken rule shows in (a kill that does not end the game needs three).
PLAYERS = {"splut.turn-passes": 3}


@pytest.mark.parametrize("tid", sorted(CLAUSE_PREDICATES))
def test_clause_theorem_catches_a_broken_rule(tid: str) -> None:
    n = PLAYERS.get(tid, 2)
    assert check_clause(Splut(players=n), tid).status is Status.PROVED
    result = check_clause(BROKEN[tid](players=n), tid)
    assert result.status is Status.COUNTEREXAMPLE, BROKEN[tid].__doc__
    assert result.position


class WestForTwo(Splut):
    """Broken: with two players the second sits West, not opposite the first."""

    def _configure(self, config: Any) -> None:
        super()._configure(config)
        if self._n == 2:
            self._seats = (Seat.SOUTH, Seat.WEST)


class SouthBeginsAlways(Splut):
    """Broken: under seating = seating-order, South (player 0) begins with four players too."""

    def _configure(self, config: Any) -> None:
        super()._configure(config)
        self._first = 0


@pytest.mark.clause("splut.zitten.twee", "splut.zitten.vier-begin", "splut.begin.opstelling")
def test_start_theorem_catches_a_wrong_start() -> None:
    for n in (2, 3, 4):
        assert check_start(Splut(players=n)).status is Status.PROVED
    assert check_start(WestForTwo()).status is Status.COUNTEREXAMPLE
    order = {"seating": "seating-order"}
    assert check_start(SouthBeginsAlways(players=3, readings=order)).status is Status.PROVED
    assert check_start(SouthBeginsAlways(players=4, readings=order)).status is Status.COUNTEREXAMPLE


class AntiClockwise(Splut):
    """Broken: with three or more players the turn passes to the right."""

    def _configure(self, config: Any) -> None:
        super()._configure(config)
        if self._n > 2:
            self._cycle = tuple(reversed(self._cycle))


class NumberedClockwise(Splut):
    """Broken: under seating = seating-order the turn order follows the player numbers."""

    def _configure(self, config: Any) -> None:
        super()._configure(config)
        self._cycle = tuple(range(self._n))


@pytest.mark.clause("splut.verloop.klok", "splut.zitten.drie", "splut.winnen.team-weg")
def test_seating_theorem_catches_a_wrong_order() -> None:
    order = {"seating": "seating-order"}
    for n in (2, 3, 4):
        assert check_seating(Splut(players=n, readings=order)).status is Status.PROVED
    for broken in (AntiClockwise(players=3), AntiClockwise(players=4),
                   NumberedClockwise(players=3, readings=order)):
        assert check_seating(broken).status is Status.COUNTEREXAMPLE
        assert check_next_player_z3(broken, every_count=False).status is Status.COUNTEREXAMPLE
    assert check_seating(WestForTwo()).status is Status.COUNTEREXAMPLE


class UnderTrollFree(Splut):
    """Broken: a rock under a troll can always be levitated and pulled."""

    def _configure(self, config: Any) -> None:
        super()._configure(config)
        self._under_free = self._blocked_throw


class UnderTrollStuck(Splut):
    """Broken: the allowed reading is ignored."""

    def _configure(self, config: Any) -> None:
        super()._configure(config)
        self._under_free = False


class RestingTrollPulls(Splut):
    """Broken: a troll resting on a rock (after a blocked throw) may pull another rock onto its
    square, as a troll on a free square may."""

    def legal_actions(self, state: State) -> tuple[Any, ...]:
        found = super().legal_actions(state)
        p = state.to_move
        t = state.pieces[p][1]
        if state.throw_from != OFF or state.over or t == OFF or t not in state.rocks:
            return found
        board = state.board
        assert board is not None
        extra = tuple(Step(p, t, y, pull=True) for d, y in enumerate(NEXT[t])
                      if y != OFF and board[y] == 0 and NEXT[t][(d + 2) % 4] in state.rocks)
        return found + extra


@pytest.mark.clause("splut.tovenaar.zweven", "splut.trol.trekken")
def test_rock_under_troll_theorem_catches_both_ways() -> None:
    allowed = {"rock-under-troll": "allowed"}
    assert check_under_troll(Splut()).status is Status.PROVED
    assert check_under_troll(Splut(readings=allowed)).status is Status.PROVED
    assert check_under_troll(UnderTrollFree()).status is Status.COUNTEREXAMPLE
    assert check_under_troll(UnderTrollStuck(readings=allowed)).status is Status.COUNTEREXAMPLE
    for readings in ({}, allowed):
        found = check_under_troll(RestingTrollPulls(readings=readings))
        assert found.status is Status.COUNTEREXAMPLE and "standing on a rock" in found.detail


@pytest.mark.clause("splut.tovenaar.zweven", "splut.trol.trekken")
def test_rock_under_troll_holds_under_the_other_levitation_readings() -> None:
    """A finding of the pairwise run: with rock-under-troll = allowed and levitate-any-rock =
    adjacent the statement asked for the levitation of a rock two squares from the sorcerer. The
    rock under a troll is a rock like any other, so the other levitation readings apply to it."""
    for other in ({"levitate-any-rock": "adjacent"}, {"levitate-start": "first-step"},
                  {"previous-and-this-turn": "freed", "levitate-behind": "forbidden"}):
        readings = {"rock-under-troll": "allowed", **other}
        assert check_under_troll(Splut(readings=readings)).status is Status.PROVED
        assert check_under_troll(UnderTrollStuck(readings=readings)).status is (
            Status.COUNTEREXAMPLE)


@pytest.mark.clause("splut.tovenaar.zweven", "splut.tovenaar.blokkeren")
def test_levitation_clauses_reach_a_levitation_with_three_players() -> None:
    """A finding of the pairwise run: with 3 players seated in seating order, levitate-start =
    first-step and levitate-any-rock = adjacent, no position of the family let a sorcerer
    levitate, so the two levitation statements were UNKNOWN; a seed with a rock next to the
    sorcerer to move at its turn's first step puts levitation within reach."""
    readings = {"levitate-start": "first-step", "levitate-any-rock": "adjacent",
                "seating": "seating-order"}
    game = Splut(players=3, readings=readings)
    for tid in ("splut.levitation-blocked", "splut.levitation-follows"):
        assert check_clause(game, tid).status is Status.PROVED


def test_every_new_theorem_names_its_failing_test() -> None:
    names = {t.id: t.fails_with for t in theorems(Splut())}
    for tid in ("splut.start", "splut.seating", "splut.rock-under-troll", *CLAUSE_PREDICATES):
        assert names[tid].startswith("tests/splut/test_splut_clauses.py::test_")
