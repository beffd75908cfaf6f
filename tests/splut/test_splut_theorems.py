"""Splut! theorems: each holds (or shows its finding) for the real rules, and each check catches a
deliberately broken rule with a counterexample (the tests the theorems name as ``fails_with``)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest
import z3

from castlerules.core.symbolic import And, If, Not, Or, Sum
from castlerules.core.theorem import Status, run
from castlerules.splut import Splut, kernel, theorems
from castlerules.splut.board import NEXT, OFF
from castlerules.splut.reference import Reference
from castlerules.splut.rules import bookkeeping_tables
from castlerules.splut.state import Lev, Pass, Piece, State, Step, Throw
from castlerules.splut.theorems.kernels import (
    check_end_z3,
    check_next_player_z3,
    check_push_z3,
    check_rocks_z3,
    check_steps_z3,
    check_tables,
    check_throw_z3,
)
from castlerules.splut.theorems.model import check_state_invariants, model_step, nxt
from castlerules.splut.theorems.positions import check_positions
from castlerules.splut.theorems.setup import check_board
from castlerules.splut.theorems.stuck import (
    K_SORCERER,
    check_deadlock,
    check_no_step,
    find_stuck,
    has_step,
    piece_stuck,
)
from castlerules.splut.theorems.transition import check_transition

GAME = Splut()
BY_ID = {t.id: t for t in theorems.theorems(GAME)}


@pytest.mark.verify_run
@pytest.mark.slow  # the same runs as tests/core/test_theorems.py and `castlerules verify`
@pytest.mark.parametrize("theorem_id", sorted(i for i, t in BY_ID.items() if not t.deep))
def test_theorem_has_expected_result(theorem_id: str) -> None:
    outcome = run(BY_ID[theorem_id])
    assert outcome.ok, (outcome.result, outcome.result.counterexample)


def test_register_covers_the_issue() -> None:
    assert {"splut.board", "splut.throw-lands", "splut.push-line", "splut.rocks-kept", "splut.step-count",
            "splut.next-player", "splut.elimination", "splut.tables", "splut.transition",
            "splut.state-invariants", "splut.always-a-step", "splut.no-deadlock",
            "splut.no-deadlock-3", "splut.no-deadlock-4"} <= set(BY_ID)
    assert all(t.method in ("z3", "exhaustive") for t in BY_ID.values())
    findings = [t for t in BY_ID.values() if t.expected is Status.COUNTEREXAMPLE]
    assert all(t.finding for t in findings)
    here = Path(__file__).parent
    names = {
        f"tests/splut/{f.name}": set(re.findall(r"^def (test_\w+)", f.read_text(), re.M))
        for f in (here / "test_splut_theorems.py", here / "test_splut_clauses.py")
    }
    for t in BY_ID.values():
        path, _, name = t.fails_with.partition("::")
        assert name.split("[")[0] in names.get(path, set()), t.id
    assert BY_ID["splut.state-invariants"].basis == "model"


@pytest.mark.slow
def test_theorems_follow_the_readings() -> None:
    """Built for a game object, the theorems check that game's readings."""
    blocked = Splut(readings={"blocked-throw": "rock-stays", "push-distance": "slide"})
    for t in theorems.theorems(blocked):
        if t.id in ("splut.throw-lands", "splut.push-line", "splut.rocks-kept", "splut.transition",
                    "splut.state-invariants"):
            assert run(t).ok, t.id


# -- broken kernels -----------------------------------------------------------------------------
def landing_stops_at_dwarves(kinds: Sequence[Any]) -> Any:
    """Broken: the rock does not fly over dwarves."""
    k = len(kinds)
    if k == 0:
        return -1
    land: Any = k - 1
    for i in range(k - 2, -1, -1):
        land = If(Or(kinds[i] == kernel.TARGET, kinds[i + 1] == kernel.OBSTACLE,
                     kinds[i + 1] == kernel.DWARF), i, land)
    return If(kinds[0] == kernel.OBSTACLE, -1, land)


def landing_on_obstacle(kinds: Sequence[Any]) -> Any:
    """Broken: the rock lands on the obstacle instead of before it."""
    k = len(kinds)
    if k == 0:
        return -1
    land: Any = k - 1
    for i in range(k - 1, -1, -1):
        land = If(Or(kinds[i] == kernel.TARGET, kinds[i] == kernel.OBSTACLE), i, land)
    return land


@pytest.mark.clause("splut.werpen.vlucht", "splut.dwerg.klein")
def test_throw_theorem_catches_broken_landing() -> None:
    result = check_throw_z3(landing=landing_stops_at_dwarves)
    assert result.status is Status.COUNTEREXAMPLE and "dwarf" in (result.counterexample or "")
    assert check_throw_z3(landing=landing_on_obstacle).status is Status.COUNTEREXAMPLE
    assert check_throw_z3(allowed=lambda kinds: True).status is Status.COUNTEREXAMPLE


def push_over_the_edge_allowed(contents: Sequence[Any]) -> Any:
    """Broken: the last piece may be pushed off the board."""
    return True


def push_whole_line(mover: Any, contents: Sequence[Any], slide: bool = False) -> Any:
    """Broken: everything on the line moves, gaps included."""
    return 0, [mover, *contents[:-1]]


@pytest.mark.clause("splut.dwerg.duwen-lijn")
def test_push_theorem_catches_broken_push() -> None:
    assert check_push_z3(allowed=push_over_the_edge_allowed).status is Status.COUNTEREXAMPLE
    assert check_push_z3(push=push_whole_line).status is Status.COUNTEREXAMPLE
    # the one-square push is not a slide
    assert check_push_z3(
        push=lambda m, c, slide=False: kernel.push(m, c), slide=True
    ).status is Status.COUNTEREXAMPLE


@pytest.mark.clause("splut.rotsen.vier")
def test_rocks_theorem_catches_broken_rules() -> None:
    assert check_rocks_z3(landing=landing_on_obstacle).status is Status.COUNTEREXAMPLE
    assert check_rocks_z3(push=push_whole_line).status is Status.COUNTEREXAMPLE


@pytest.mark.clause("splut.zet.eerste-een", "splut.zet.drie")
def test_step_theorem_catches_broken_count() -> None:
    def three_always(turn: Any, opening: bool = True) -> Any:
        return If(turn == 1, 2, 3)

    def no_countdown(turn: Any, left: Any, opening: bool = True) -> tuple[Any, Any]:
        return turn, left

    def pickup_ends_turn(turn: Any, left: Any) -> tuple[Any, Any]:
        return turn + 1, 3

    assert check_steps_z3(steps_for_turn=three_always).status is Status.COUNTEREXAMPLE
    assert check_steps_z3(after_step=no_countdown).status is Status.COUNTEREXAMPLE
    assert check_steps_z3(after_pickup=pickup_ends_turn).status is Status.COUNTEREXAMPLE


@pytest.mark.clause("splut.verloop.klok")
def test_next_player_theorem_catches_a_wrong_order() -> None:
    def by_number(current: int, alive: Sequence[Any], cycle: Sequence[int]) -> Any:
        """Broken: the next number, whether or not its team is on the board."""
        return (current + 1) % len(alive)

    def counter_clockwise(current: int, alive: Sequence[Any], cycle: Sequence[int]) -> Any:
        return kernel.next_player(current, alive, tuple(reversed(cycle)))

    three = Splut(players=3)
    assert check_next_player_z3(three, by_number).status is Status.COUNTEREXAMPLE
    assert check_next_player_z3(three, counter_clockwise).status is Status.COUNTEREXAMPLE


@pytest.mark.clause("splut.winnen.team-weg", "splut.splut.team", "splut.winnen.laatste")
def test_elimination_theorem_catches_broken_kill() -> None:
    def only_the_sorcerer(team: Sequence[Sequence[Any]], victim: Any) -> list[list[Any]]:
        return [[z3.And(x, victim != p) if k == 0 else x for k, x in enumerate(flags)]
                for p, flags in enumerate(team)]

    assert check_end_z3(after_kill=only_the_sorcerer).status is Status.COUNTEREXAMPLE

    def over_at_two(sorcerers: Sequence[Any]) -> Any:
        return Sum(If(s, 1, 0) for s in sorcerers) <= 2

    assert check_end_z3(game_over=over_at_two).status is Status.COUNTEREXAMPLE

    def first_player_wins(sorcerers: Sequence[Any], thrower: Any, wins: bool = False) -> Any:
        return 0

    assert check_end_z3(winner=first_player_wins).status is Status.COUNTEREXAMPLE


# -- broken tables ------------------------------------------------------------------------------
class WrongTable(Splut):
    """Broken: the tabulated kinds call a dwarf an obstacle."""

    def throw_kinds(self, p: int) -> tuple[int, ...]:
        kinds = list(super().throw_kinds(p))
        kinds[2 + 3 * 1 + Piece.DWARF] = kernel.OBSTACLE
        return tuple(kinds)


def test_tables_theorem_catches_a_wrong_table() -> None:
    assert check_tables(WrongTable()).status is Status.COUNTEREXAMPLE

    class NoOpening(Splut):
        """Broken: the bookkeeping is tabulated for the other reading of the steps per turn."""

        def _tables(self) -> None:
            super()._tables()
            self._step_table, self._end_table = bookkeeping_tables(False)

    assert check_tables(NoOpening()).status is Status.COUNTEREXAMPLE


class MirroredStart(Splut):
    """Broken: South's troll and sorcerer start on each other's squares."""

    def initial_state(self) -> State:
        start = super().initial_state()
        s, t, d = start.pieces[0]
        return attrs.evolve(start, pieces=((t, s, d), *start.pieces[1:]))


@pytest.mark.clause("splut.begin.opstelling", "splut.begin.rotsen-hoeken")
def test_board_theorem_catches_a_wrong_start() -> None:
    result = check_board(MirroredStart())
    assert result.status is Status.COUNTEREXAMPLE and result.position
    # the mirrored start is right under its own reading, and wrong under the default
    mirrored = Splut(readings={"start-positions": "centre-view"})
    assert check_board(mirrored).status is Status.PROVED

    class CentreStart(Splut):
        def initial_state(self) -> State:
            return mirrored.initial_state()

    assert check_board(CentreStart()).status is Status.COUNTEREXAMPLE


# -- broken rules against the independent reading --------------------------------------------------
class LevitationGoesOn(Splut):
    """Broken: moving another piece does not stop a levitation."""

    def successor(self, state: State, action: Any) -> State:
        after = super().successor(state, action)
        if state.lev is Lev.ACTIVE and after.lev is Lev.DONE and after.to_move == state.to_move:
            return attrs.evolve(after, lev=Lev.ACTIVE, lev_rock=state.lev_rock)
        return after


class ForgetsThePreviousPlayer(Splut):
    """Broken: the rocks moved in a turn are not passed on to the next player."""

    def _end_turn(self, state: State, pieces: Any, rocks: Any, moved_now: Any, *rest: Any) -> State:
        return super()._end_turn(state, pieces, rocks, frozenset(), *rest)


class TrollSurvives(Splut):
    """Broken: a crushed sorcerer's troll and dwarf stay on the board."""

    def _remove_team(self, pieces: Any, victim: int) -> Any:
        return tuple((OFF, t[1], t[2]) if i == victim else t for i, t in enumerate(pieces))


class PassAnyTime(Splut):
    """Broken: a player may pass even with legal steps left."""

    def _pass_violation(self, state: State, action: Pass) -> Any:
        return None


class FourSteps(Splut):
    """Broken: every turn after the second has four steps."""

    def _end_turn(self, state: State, *args: Any) -> State:
        nxt = super()._end_turn(state, *args)
        return nxt if nxt.turn < 2 else attrs.evolve(nxt, steps_left=4)


class PullNotWritten(Splut):
    """Broken: the text of a pulling step leaves out 'pull' (records would not replay)."""

    def action_to_str(self, state: State, action: Any) -> str:
        return super().action_to_str(state, action).replace(" pull", "")


@pytest.mark.clause("splut.tovenaar.stoppen", "splut.tovenaar.vorige-speler", "splut.splut.team",
                    "splut.zet.verplicht", "splut.zet.drie")
@pytest.mark.parametrize(
    "broken",
    [LevitationGoesOn, ForgetsThePreviousPlayer, TrollSurvives, PassAnyTime, FourSteps,
     PullNotWritten],
)
def test_transition_theorem_catches_broken_rules(broken: type[Splut]) -> None:
    result = check_transition(broken())
    assert result.status is Status.COUNTEREXAMPLE, broken.__doc__
    assert result.position and broken().state_from_text(result.position) is not None


class FirstStepIsThreeLeft(Splut):
    """Broken: under levitate-start = first-step, 'the turn's first step' read as 'three steps
    left' in the legality predicate (right from the third turn on, wrong in the game's first two,
    of one and two steps)."""

    def _levitation_start(self, state: State, r: int, frm: int) -> Any:
        found = super()._levitation_start(state, r, frm)
        if found is not None and found.clause == "splut.tovenaar.doorgaan":
            return None if state.steps_left == 3 else found
        if found is None and self._lev_first_step and state.steps_left != 3 \
                and state.lev is Lev.UNUSED:
            from castlerules.core.registry import violation

            return violation("splut.tovenaar.doorgaan", "levitation starts with the first step")
        return found


def test_transition_theorem_reaches_the_opening_turns() -> None:
    """Levitate-start = first-step read as 'three steps left' differs only in the game's first
    two turns (one and two steps), where the family now holds levitations."""
    game = Splut(readings={"levitate-start": "first-step"})
    assert check_transition(game, 2, every_count=False).status is Status.PROVED
    broken = FirstStepIsThreeLeft(readings={"levitate-start": "first-step"})
    found = check_transition(broken, 2, every_count=False)
    assert found.status is Status.COUNTEREXAMPLE and found.position
    assert game.state_from_text(found.position).turn < 2


def test_transition_theorem_reaches_a_resting_troll_of_the_player_to_move() -> None:
    from test_splut_clauses import RestingTrollPulls  # the clause tests' broken rule

    readings = {"blocked-throw": "rock-stays"}
    found = check_transition(RestingTrollPulls(readings=readings), 2, every_count=False)
    assert found.status is Status.COUNTEREXAMPLE and found.position
    state = Splut(readings=readings).state_from_text(found.position)
    assert state.pieces[state.to_move][1] in state.rocks


class AnyStepsLeft(Splut):
    """Broken: any number of steps may be left in a turn."""

    def validate_state(self, state: State) -> None:
        full = self.steps_in_turn(state.turn) if isinstance(state, State) else 0
        if full and state.throw_from == OFF and not state.over and state.steps_left > full:
            state = attrs.evolve(state, steps_left=full)
        super().validate_state(state)


class HalfTeams(Splut):
    """Broken: a team may lose its sorcerer and keep its troll."""

    def validate_state(self, state: State) -> None:
        if isinstance(state, State):
            pieces = tuple((t[0], OFF if t[0] == OFF else t[1], t[2]) for t in state.pieces)
            state = attrs.evolve(state, pieces=pieces)
        super().validate_state(state)


@pytest.mark.clause("splut.winnen.team-weg", "splut.zet.drie")
def test_positions_theorem_catches_a_careless_validation() -> None:
    assert check_positions(Splut(), 1).status is Status.PROVED
    for broken in (AnyStepsLeft(), HalfTeams()):
        found = check_positions(broken, 1)
        assert found.status is Status.COUNTEREXAMPLE and found.position, broken.__doc__


class ForgetsTheThrower(Splut):
    """Broken: the game says it ended by the last sorcerer alone, even where the thrower of the
    last kill wins (winner = last-thrower)."""

    def termination(self, state: State) -> Any:
        from castlerules.splut.rules import LAST_SORCERER

        return LAST_SORCERER


def test_transition_theorem_checks_why_the_game_ended() -> None:
    assert check_transition(ForgetsTheThrower()).status is Status.PROVED
    broken = ForgetsTheThrower(readings={"winner": "last-thrower"})
    result = check_transition(broken)
    assert result.status is Status.COUNTEREXAMPLE and "ended by" in result.detail


def test_transition_theorem_catches_a_wrong_reading() -> None:
    """The reference is not the game: read with another reading it disagrees."""

    def other(game: Splut) -> Reference:
        return Reference(Splut(readings={"levitate-behind": "forbidden"}))

    assert check_transition(GAME, reference_factory=other).status is Status.COUNTEREXAMPLE


# -- the whole-board invariants -------------------------------------------------------------------
def lev_ignores_blockers(rocks: Any, pieces: Any, p: int, k: int, d: int, pull: bool = False,
                         lev: int | None = None, *rest: Any) -> Any:
    legal, r2, p2, held = model_step(rocks, pieces, p, k, d, pull, lev)
    if lev is not None:
        x = pieces[p][k]
        legal = And(x != OFF, nxt(x, d) != OFF, nxt(rocks[lev], d) != OFF)
    return legal, r2, p2, held


@pytest.mark.slow  # four z3 proofs against broken rules (about 10 s)
@pytest.mark.clause("splut.tovenaar.blokkeren", "splut.rotsen.vier", "splut.winnen.team-weg")
def test_state_invariants_theorem_catches_broken_rules() -> None:
    result = check_state_invariants(GAME, step=lev_ignores_blockers, refine=False)
    assert result.status is Status.COUNTEREXAMPLE and result.counterexample
    assert check_state_invariants(
        GAME, push_kernel=push_whole_line, refine=False
    ).status is Status.COUNTEREXAMPLE
    assert check_state_invariants(
        GAME, landing=landing_on_obstacle, refine=False
    ).status is Status.COUNTEREXAMPLE
    # a bug in the game's own successor is caught by the model's refinement
    found = check_state_invariants(TrollSurvives())
    assert found.status is Status.COUNTEREXAMPLE and found.position


# -- the no-legal-step findings -----------------------------------------------------------------
def troll_always_moves(cells: Sequence[Any], p: int, levitable: Sequence[Any], **kw: Any) -> Any:
    """Broken model: a troll on the board can always step."""
    from castlerules.splut.board import SQUARE_SET

    return Or(has_step(cells, p, levitable, **kw),
              *(cells[x] == 2 + 3 * p + Piece.TROLL for x in SQUARE_SET))


@pytest.mark.clause("splut.zet.verplicht")
def test_no_step_finding_is_confirmed_by_the_game() -> None:
    result = check_no_step(GAME)
    assert result.status is Status.COUNTEREXAMPLE and result.position
    found = find_stuck(GAME, [0])
    assert found is not None
    state, _ = found
    assert GAME.legal_actions(state) == (Pass(0),)
    # with a (wrong) rule under which a troll can always move, the finding disappears
    assert check_no_step(GAME, troll_always_moves).status is Status.PROVED
    # a model that disagrees with the game is reported, not trusted: here "has a step" is read
    # backwards, so every position z3 offers as stuck is one where the game has a step (a model that
    # only says "never a step" can land by chance on a truly stuck position: those exist)
    def backwards(c: Sequence[Any], p: int, lv: Sequence[Any], **kw: Any) -> Any:
        return Not(has_step(c, p, lv, **kw))

    assert check_no_step(GAME, backwards).status is Status.UNKNOWN


class StillSorcerers(Splut):
    """Broken: sorcerers never step."""

    def _steps(self, state: State, p: int) -> tuple[Step, ...]:
        sorcerer = state.pieces[p][Piece.SORCERER]
        return tuple(a for a in super()._steps(state, p) if a.frm != sorcerer)


def sorcerers_never_move(kind: Any, x: int, k: int, ahead_ok: bool = True) -> Any:
    """Broken model: sorcerers are always stuck."""
    return True if k == K_SORCERER else piece_stuck(kind, x, k, ahead_ok)


@pytest.mark.clause("splut.zet.verplicht")
def test_deadlock_theorem_catches_still_sorcerers() -> None:
    """With rules under which sorcerers never step, z3 finds players who all must pass for ever
    (the game confirms it); a model that disagrees with the game is reported (by its refinement,
    or when the game refutes the position z3 found), never trusted."""
    result = check_deadlock(StillSorcerers(), sorcerers_never_move)
    assert result.status is Status.COUNTEREXAMPLE and result.position
    state = StillSorcerers().state_from_text(result.position)
    assert all(StillSorcerers().legal_actions(attrs.evolve(state, to_move=p)) == (Pass(p),)
               for p in range(2))
    wrong = check_deadlock(GAME, sorcerers_never_move)
    assert wrong.status is not Status.PROVED and "disagree" in wrong.detail


def test_throws_are_actions_of_the_theorems() -> None:
    """Keep the imports honest: the broken classes above build on these."""
    assert Throw(0, 0) == Throw(0, 0) and NEXT[40][0] != OFF
