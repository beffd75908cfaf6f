"""Kasteel's statements about option values, the set-up facts and the end without a move limit: each
holds for the default game and under other option values, and each check fails against a
deliberately broken rule (so none is vacuous)."""

from __future__ import annotations

from typing import Any

import pytest

import castlerules
from castlerules.core.symbolic import And
from castlerules.core.theorem import Status
from castlerules.kasteel import Kasteel, Move, State, kernel, rules
from castlerules.kasteel import config as kasteel_config
from castlerules.kasteel.board import RED
from castlerules.kasteel.state import make_state
from castlerules.kasteel.theorems.canals import check_level_passes, check_pass_budget
from castlerules.kasteel.theorems.end import (
    check_deadlock_threshold,
    check_no_move_limit,
    check_stuck_rule,
)
from castlerules.kasteel.theorems.setup import (
    CUSTOM_MAP,
    check_board,
    check_first_move,
    check_skulls_placed,
)

GAME = Kasteel()
CHECKS = (check_board, check_first_move, check_level_passes, check_skulls_placed,
          check_pass_budget, check_no_move_limit, check_stuck_rule)


@pytest.mark.parametrize(
    "options",
    [{"level": 3, "skulls": 6, "stuck": "lose"}, {"passes": 0, "skull_squares": ["j10"]},
     {"board": CUSTOM_MAP}],
)
def test_the_option_statements_hold(options: dict[str, Any]) -> None:
    game = castlerules.make("kasteel", **options)
    assert {c.__name__: c(game).status for c in CHECKS} == {c.__name__: Status.PROVED
                                                             for c in CHECKS}


class _RedFirst(Kasteel):
    """Broken: red makes the first move."""

    def _tables(self) -> None:
        super()._tables()
        s = self._initial
        self._initial = make_state(s.knights, s.passes, s.skulls, RED, s.bits, s.skull_bits,
                                   s.origin)


def test_first_move_fails_if_red_starts() -> None:
    assert check_first_move(_RedFirst()).status is Status.COUNTEREXAMPLE


class _MovesTwice(Kasteel):
    """Broken: with the most passes (1000) a player moves twice."""

    def successor(self, state: State, action: Any) -> State:
        after = super().successor(state, action)
        if self.start_passes == 1000 and isinstance(action, Move):
            return make_state(after.knights, after.passes, after.skulls, state.to_move,
                              after.bits, after.skull_bits, after.origin)
        return after


def test_first_move_fails_if_an_option_value_breaks_the_turns() -> None:
    assert check_first_move(_MovesTwice()).status is Status.COUNTEREXAMPLE


def test_level_passes_fails_if_level_three_has_seven(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(rules.LEVEL_PASSES, 3, 7)
    assert check_level_passes(Kasteel()).status is Status.COUNTEREXAMPLE


class _CappedPasses(Kasteel):
    """Broken: an explicit number of passes above 100 is cut to 100."""

    def _tables(self) -> None:
        self.start_passes = min(self.start_passes, 100)
        super()._tables()


def test_level_passes_fails_if_large_explicit_passes_are_capped() -> None:
    assert check_level_passes(_CappedPasses()).status is Status.COUNTEREXAMPLE


class _SkullTooMany(Kasteel):
    """Broken: from five skulls on, one skull more falls than asked for."""

    def _configure(self, config: Any) -> None:
        super()._configure(config)
        if config.skulls is not None and self.skull_count >= 5:
            self.skull_count += 1


def test_skulls_placed_fails_if_a_count_is_off_by_one() -> None:
    assert check_skulls_placed(_SkullTooMany()).status is Status.COUNTEREXAMPLE


class _PassWhileSkullsFall(Kasteel):
    """Broken: a pass is legal while the skulls are placed."""

    def rule_violation(self, state: State, action: Any) -> Any:
        from castlerules.kasteel.state import Pass

        if isinstance(action, Pass) and self.is_chance(state):
            return None
        return super().rule_violation(state, action)


def test_skulls_placed_fails_if_a_pass_is_legal_while_the_skulls_fall() -> None:
    found = check_skulls_placed(_PassWhileSkullsFall())
    assert found.status is Status.COUNTEREXAMPLE and "while the skulls fall" in found.detail


class _AnyStuckRule(Kasteel):
    """Broken: an unknown stuck rule is read as the default."""

    def __init__(self, **options: Any) -> None:
        if options.get("stuck") not in (None, "pass", "lose"):
            options["stuck"] = "pass"
        super().__init__(**options)


def test_first_move_fails_if_an_unknown_option_value_is_accepted() -> None:
    assert check_first_move(_AnyStuckRule()).status is Status.COUNTEREXAMPLE


def test_skulls_placed_fails_with_three_default_skulls(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kasteel_config, "DEFAULT_SKULLS", 3)
    assert check_skulls_placed(Kasteel()).status is Status.COUNTEREXAMPLE


class _FixedSkullsFree(Kasteel):
    """Broken: fixed skulls are listed but missing from the start's skull bitboard (so they cost
    nothing)."""

    def _tables(self) -> None:
        super()._tables()
        s = self._initial
        self._initial = make_state(s.knights, s.passes, s.skulls, s.to_move, s.bits, 0, s.origin)


def test_skulls_placed_fails_if_fixed_skulls_are_not_on_the_board() -> None:
    assert check_skulls_placed(_FixedSkullsFree()).status is Status.COUNTEREXAMPLE


class _PassTooMany(Kasteel):
    """Broken: with three passes or more left, the generator keeps one back."""

    def scan(self, groups: Any, mine: int, theirs: int, costly: int, left: int) -> list[Move]:
        return super().scan(groups, mine, theirs, costly, left - 1 if left >= 3 else left)


def test_pass_budget_fails_if_a_pass_too_many_is_spent() -> None:
    assert check_pass_budget(_PassTooMany()).status is Status.COUNTEREXAMPLE


class _RichPayDouble(Kasteel):
    """Broken: a player with 100 passes or more pays twice for a move."""

    def successor(self, state: State, action: Any) -> State:
        after = super().successor(state, action)
        p = state.to_move
        if isinstance(action, Move) and state.passes[p] >= 100:
            spent = state.passes[p] - after.passes[p]
            passes = list(after.passes)
            passes[p] -= spent
            return make_state(after.knights, (passes[0], passes[1]), after.skulls,
                              after.to_move, after.bits, after.skull_bits, after.origin)
        return after


def test_pass_budget_fails_if_many_passes_pay_double() -> None:
    assert check_pass_budget(_RichPayDouble()).status is Status.COUNTEREXAMPLE


class _MoveLimit(Kasteel):
    """Broken: the step counter ends the game (red wins) after 1000 plies."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.plies = 0

    def successor(self, state: State, action: Any) -> State:
        self.plies += 1
        return super().successor(state, action)

    def legal_actions(self, state: State) -> tuple[Any, ...]:
        return () if self.plies >= 1000 else super().legal_actions(state)

    def is_terminal(self, state: State) -> bool:
        return self.plies >= 1000 or super().is_terminal(state)


def test_no_move_limit_fails_if_the_game_ends_after_a_number_of_moves() -> None:
    assert check_no_move_limit(_MoveLimit()).status is Status.COUNTEREXAMPLE


class _CustomMapFlipped(Kasteel):
    """Broken: a custom map's rows are read upside down (the packaged map is read correctly)."""

    def __init__(self, **options: Any) -> None:
        board = options.get("board")
        if isinstance(board, str) and "\n" in board:
            lines = [x for x in board.splitlines() if x.strip() and not x.startswith(";")]
            *rows, columns = lines
            cells = [r.split()[1:] for r in rows]
            numbers = [r.split()[0] for r in rows]
            flipped = [f"{n} " + " ".join(c) for n, c in zip(numbers, reversed(cells))]
            options["board"] = "\n".join([*flipped, columns]) + "\n"
        super().__init__(**options)


def test_board_fails_if_a_custom_map_is_read_upside_down() -> None:
    assert check_board(_CustomMapFlipped()).status is Status.COUNTEREXAMPLE


def test_deadlock_threshold_fails_if_every_move_costs_a_pass() -> None:
    def broken(*args: Any, **kw: Any) -> Any:
        return And(kernel.move_legal(*args, **kw), args[6] >= 1)

    assert check_deadlock_threshold(GAME, move_legal=broken).status is Status.COUNTEREXAMPLE


class _StuckNeverLoses(Kasteel):
    """Broken: stuck="lose" is read but ignored (a stuck player passes whatever the option)."""

    def _tables(self) -> None:
        super()._tables()
        self._stuck_loses = False


def test_stuck_rule_fails_if_stuck_lose_is_ignored() -> None:
    assert check_stuck_rule(_StuckNeverLoses()).status is Status.COUNTEREXAMPLE


def _stuck_reachable(game: Kasteel) -> Any:
    from castlerules.core.theorem import run
    from castlerules.kasteel.theorems import theorems

    (t,) = [t for t in theorems(game) if t.id == "kasteel.stuck-reachable"]
    return t, run(t)


@pytest.mark.clause("kasteel.einde.geen-gelijkspel", "kasteel.kanalen.schedels")
def test_five_skulls_reach_the_stuck_position() -> None:
    """``castlerules verify kasteel --reading skulls=custom --option skulls=5`` found no stuck
    line (its search stopped at the fifth skull's chance node) and went red on correct code."""
    for options in ({"skulls": 5}, {"skulls": 6}, {"passes": 3}, {"skulls": 2}, {"passes": 0}):
        theorem, done = _stuck_reachable(Kasteel(**options))
        assert done.ok, (options, done.result.detail)
    theorem, done = _stuck_reachable(Kasteel(skulls=5))
    assert done.result.status is Status.COUNTEREXAMPLE and done.result.position
    assert len(Kasteel(skulls=5).state_from_text(done.result.position).skulls) == 5
    theorem, done = _stuck_reachable(Kasteel(skulls=2))
    assert theorem.method == "z3" and done.result.status is Status.PROVED


def test_stuck_reachable_fails_if_a_stuck_player_is_never_seen() -> None:
    """The search can fail: a game whose stuck test never fires finds no line (UNKNOWN where a
    finding is expected), and with two skulls a game in which a lone knight is stuck on an empty
    board makes the z3 claim fail."""

    class NeverStuck(Kasteel):
        def stuck_player(self, state: State) -> bool:
            return False

    _theorem, done = _stuck_reachable(NeverStuck(skulls=5))
    assert not done.ok and done.result.status is Status.UNKNOWN

    def blocked(*args: Any, **kwargs: Any) -> Any:
        return And(kernel.move_legal(*args, **kwargs), False)

    from castlerules.kasteel.theorems.end import find_stuck

    assert find_stuck(Kasteel(skulls=2), blocked) is not None


@pytest.mark.slow  # every number of skulls at several pass counts (a few minutes)
@pytest.mark.parametrize("passes", [0, 1, 2, 3, 4, 5, 6, 7, 8])
def test_stuck_reachable_has_its_expected_verdict_for_every_number_of_skulls(passes: int) -> None:
    for skulls in range(0, 58):
        theorem, done = _stuck_reachable(Kasteel(skulls=skulls, passes=passes))
        assert done.ok, (skulls, passes, theorem.expected, done.result.detail)


@pytest.mark.slow
@pytest.mark.parametrize("passes", [20, 1000])
def test_stuck_reachable_with_many_passes(passes: int) -> None:
    for skulls in (3, 4, 5, 30, 57):
        _theorem, done = _stuck_reachable(Kasteel(skulls=skulls, passes=passes))
        assert done.ok and done.result.status is Status.COUNTEREXAMPLE, (skulls, passes)


class _NothingPasses(Kasteel):
    """Broken: a stuck of nothing is taken as the default rule (the stuck player passes)."""

    def __init__(self, *, stuck: Any = "pass", **options: Any) -> None:
        super().__init__(stuck="pass" if stuck is None else stuck, **options)


class _MixedOverClimb(Kasteel):
    """Broken: moves = mixed quietly overrides climb = climb-then-slide."""

    def __init__(self, *, readings: Any = None, **options: Any) -> None:
        if readings and readings.get("moves") == "mixed":
            readings = {k: v for k, v in readings.items() if k != "climb"}
        super().__init__(readings=readings, **options)


def test_option_refusals_catch_an_option_let_through() -> None:
    from castlerules.kasteel.theorems.setup import check_option_refusals

    assert check_option_refusals(Kasteel()).status is Status.PROVED
    for broken, shown in ((_NothingPasses(), "stuck = None"),
                          (_MixedOverClimb(), "moves = mixed, climb = climb-then-slide")):
        found = check_option_refusals(broken)
        assert found.status is Status.COUNTEREXAMPLE and found.counterexample == f"{shown} is made", \
            broken.__doc__
