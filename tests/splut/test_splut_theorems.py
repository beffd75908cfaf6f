"""Splut! theorems: each holds (or shows its finding) for the real rules, and each check catches a
deliberately broken rule with a counterexample."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import attrs
import pytest
import z3

from castlerules.core.symbolic import If, Or, Sum
from castlerules.core.theorem import Status, run
from castlerules.splut import kernel, theorems
from castlerules.splut.board import OFF
from castlerules.splut.rules import Splut
from castlerules.splut.state import Piece, State, Step, Throw

BY_ID = {t.id: t for t in theorems.theorems()}


@pytest.mark.parametrize("theorem_id", sorted(BY_ID))
def test_theorem_has_expected_result(theorem_id: str) -> None:
    outcome = run(BY_ID[theorem_id])
    assert outcome.ok, (outcome.result, outcome.result.counterexample)


def test_register_covers_the_issue() -> None:
    assert {"splut.throw-lands", "splut.push-line", "splut.rocks-kept", "splut.step-count",
            "splut.elimination", "splut.state-invariants", "splut.always-a-step"} <= set(BY_ID)
    findings = [t for t in BY_ID.values() if t.expected is Status.COUNTEREXAMPLE]
    assert all(t.finding for t in findings)


# -- broken rules -------------------------------------------------------------------------------
def landing_stops_at_dwarves(kinds: Sequence[Any]) -> Any:
    """Broken: the rock does not fly over dwarves."""
    k = len(kinds)
    land: Any = k - 1
    for i in range(k - 2, -1, -1):
        land = If(Or(kinds[i] == kernel.TARGET, kinds[i + 1] == kernel.OBSTACLE,
                     kinds[i + 1] == kernel.DWARF), i, land)
    return land


def landing_on_obstacle(kinds: Sequence[Any]) -> Any:
    """Broken: the rock lands on the obstacle instead of before it."""
    k = len(kinds)
    land: Any = k - 1
    for i in range(k - 1, -1, -1):
        land = If(Or(kinds[i] == kernel.TARGET, kinds[i] == kernel.OBSTACLE), i, land)
    return land


@pytest.mark.clause("splut.werpen.vlucht", "splut.dwerg.klein")
def test_throw_theorem_catches_broken_landing() -> None:
    result = theorems.check_throw_z3(landing=landing_stops_at_dwarves)
    assert result.status is Status.COUNTEREXAMPLE and "dwarf" in (result.counterexample or "")
    assert theorems.check_throw_z3(landing=landing_on_obstacle).status is Status.COUNTEREXAMPLE


def push_over_the_edge_allowed(contents: Sequence[Any]) -> Any:
    """Broken: the last piece may be pushed off the board."""
    return True


def push_whole_line(mover: Any, contents: Sequence[Any]) -> tuple[Any, list[Any]]:
    """Broken: everything on the line moves, gaps included."""
    return 0, [mover, *contents[:-1]]


@pytest.mark.clause("splut.dwerg.duwen-lijn")
def test_push_theorem_catches_broken_push() -> None:
    assert theorems.check_push_z3(allowed=push_over_the_edge_allowed).status is Status.COUNTEREXAMPLE
    assert theorems.check_push_z3(push=push_whole_line).status is Status.COUNTEREXAMPLE


@pytest.mark.clause("splut.rotsen.vier")
def test_rocks_theorem_catches_broken_rules() -> None:
    assert theorems.check_rocks_z3(landing=landing_on_obstacle).status is Status.COUNTEREXAMPLE
    assert theorems.check_rocks_z3(push=push_whole_line).status is Status.COUNTEREXAMPLE


@pytest.mark.clause("splut.zet.eerste-een", "splut.zet.drie")
def test_step_theorem_catches_broken_count() -> None:
    def three_always(turn: Any) -> Any:
        return If(turn == 1, 2, 3)

    def no_countdown(turn: Any, left: Any) -> tuple[Any, Any]:
        return turn, left

    assert theorems.check_steps_z3(steps_for_turn=three_always).status is Status.COUNTEREXAMPLE
    assert theorems.check_steps_z3(after_step=no_countdown).status is Status.COUNTEREXAMPLE


class FourSteps(Splut):
    """Broken: every turn after the second has four steps."""

    def _end_turn(self, state: State, *args: Any) -> State:
        nxt = super()._end_turn(state, *args)
        return nxt if nxt.turn < 2 else attrs.evolve(nxt, steps_left=4)


def test_step_games_theorem_catches_four_steps() -> None:
    result = theorems.check_step_count_playouts(lambda n: FourSteps(players=n))
    assert result.status is Status.COUNTEREXAMPLE


@pytest.mark.clause("splut.winnen.team-weg", "splut.splut.team")
def test_elimination_theorem_catches_broken_kill() -> None:
    def only_the_sorcerer(team: Sequence[Sequence[Any]], victim: Any) -> list[list[Any]]:
        return [[z3.And(x, victim != p) if k == 0 else x for k, x in enumerate(flags)]
                for p, flags in enumerate(team)]

    result = theorems.check_elimination_z3(after_kill=only_the_sorcerer)
    assert result.status is Status.COUNTEREXAMPLE

    def over_at_two(sorcerers: Sequence[Any]) -> Any:
        return Sum(If(s, 1, 0) for s in sorcerers) <= 2

    assert theorems.check_elimination_z3(game_over=over_at_two).status is Status.COUNTEREXAMPLE


class TrollSurvives(Splut):
    """Broken: a crushed sorcerer's troll and dwarf stay on the board."""

    def _throw(self, state: State, action: Throw) -> State:
        nxt = super()._throw(state, action)
        pieces = tuple(
            (OFF, old[1], old[2]) if new[0] == OFF and old[0] != OFF else new
            for old, new in zip(state.pieces, nxt.pieces)
        )
        return attrs.evolve(nxt, pieces=pieces)


def test_state_theorem_catches_surviving_team() -> None:
    result = theorems.check_state_invariants(lambda n: TrollSurvives(players=n))
    assert result.status is Status.COUNTEREXAMPLE


# -- the no-legal-step findings -----------------------------------------------------------------
def troll_always_moves(cells: Sequence[Any], p: int, levitable: Sequence[Any]) -> Any:
    """Broken model: a troll on the board can always step."""
    return Or(theorems.has_step(cells, p, levitable),
              *(cells[x] == 2 + 3 * p + Piece.TROLL for x in range(81) if x in _board()))


@functools.cache
def _board() -> frozenset[int]:
    from castlerules.splut.board import SQUARE_SET

    return SQUARE_SET


@pytest.mark.clause("splut.zet.verplicht")
def test_no_step_finding_is_confirmed_by_the_game() -> None:
    result = theorems.check_no_step()
    assert result.status is Status.COUNTEREXAMPLE
    found = theorems.find_stuck(2, [0])
    assert found is not None
    state, _ = found
    assert Splut(players=2).legal_actions(state) == (theorems.Pass(0),)
    # with a (wrong) rule under which a troll can always move, the finding disappears
    assert theorems.check_no_step(troll_always_moves).status is Status.PROVED
    # a model that disagrees with the game is reported, not trusted
    assert theorems.check_no_step(lambda c, p, lv: False).status is Status.UNKNOWN


class StillSorcerers(Splut):
    """Broken: sorcerers never step."""

    def _steps(self, state: State, p: int) -> tuple[Step, ...]:
        sorcerer = state.pieces[p][Piece.SORCERER]
        return tuple(a for a in super()._steps(state, p) if a.frm != sorcerer)


def test_deadlock_theorem_catches_still_sorcerers() -> None:
    result = theorems.check_deadlock(
        functools.partial(theorems.has_step, sorcerers_move=False),
        lambda n: StillSorcerers(players=n),
    )
    assert result.status is Status.COUNTEREXAMPLE
