"""Kasteel theorems: each gives its expected result, and each check fails against a deliberately
broken rule (so none is vacuous); counterexamples carry their position text and squares."""

from __future__ import annotations

from typing import Any

import pytest

import castlerules
from castlerules.core.symbolic import And, Not, Or
from castlerules.core.theorem import Status, run
from castlerules.kasteel import Kasteel, Move, State, kernel
from castlerules.kasteel.kernel import LineReading
from castlerules.kasteel.state import make_state
from castlerules.kasteel.theorems.canals import (
    check_enter_over_wall,
    check_move_cost,
    check_passes_monotone,
)
from castlerules.kasteel.theorems.common import STUCK_EXAMPLE, STUCK_LINE
from castlerules.kasteel.theorems.end import (
    check_end,
    check_never_deadlocked,
    check_never_stuck,
    check_one_winner,
    check_stuck_reachable,
)
from castlerules.kasteel.theorems.moves import (
    check_line_rule,
    check_move_generation,
    check_no_overlap,
    check_own_key_path,
    check_slide_prefix,
)
from castlerules.kasteel.theorems.setup import check_board, check_chance_and_start
from castlerules.kasteel.theorems.transition import check_transition

GAME = Kasteel()


@pytest.mark.clause("kasteel.einde.geen-gelijkspel", "kasteel.einde.sleutel", "kasteel.einde.ridders",
                    "kasteel.kanalen.uitgeput", "kasteel.spel.eigen-sleutel")
@pytest.mark.verify_run
@pytest.mark.slow
def test_every_theorem_gives_its_expected_result() -> None:
    found = {t.id: run(t) for t in GAME.theorems() if not t.deep}
    assert {i: r.result.status for i, r in found.items() if not r.ok} == {}


def test_every_theorem_is_about_the_code_and_names_its_failing_rule_test() -> None:
    import importlib

    for t in GAME.theorems():
        assert t.basis == "code" and t.method in ("z3", "exhaustive", "search")
        path, name = t.fails_with.split("::")
        module = importlib.import_module(path.removesuffix(".py").replace("/", "."))
        assert callable(getattr(module, name, None)), t.fails_with
        if t.expected is not Status.PROVED:
            assert t.finding


@pytest.mark.clause("kasteel.einde.geen-gelijkspel")
def test_the_stuck_finding_shows_the_position_it_describes() -> None:
    """The finding's text, its position text and its highlighted squares are one position."""
    (theorem,) = [t for t in GAME.theorems() if t.id == "kasteel.never-stuck"]
    result = run(theorem).result
    assert result.position == STUCK_EXAMPLE and STUCK_EXAMPLE in theorem.finding
    assert "j11" in theorem.finding and result.highlight[0] == "j11"
    assert {"j10", "i11", "k11", "j12"} <= set(result.highlight)
    state = GAME.state_from_text(result.position)
    assert GAME.stuck_player(state)
    svg = GAME.render_svg(state, result.highlight)
    assert svg.count('class="highlight"') == len(result.highlight)
    reached = run(next(t for t in GAME.theorems() if t.id == "kasteel.stuck-reachable")).result
    assert reached.position and GAME.stuck_player(GAME.state_from_text(reached.position))


def test_line_rule_fails_if_a_climb_may_slide_on() -> None:
    def broken(*args: Any, **kw: Any) -> Any:
        return kernel.move_legal(*args, **{**kw, "reading": LineReading(climb_slide=True)})

    assert check_line_rule(GAME, move_legal=broken).status is Status.COUNTEREXAMPLE

    def double(canal: Any, skull: Any) -> Any:
        return kernel.square_cost(canal, skull) * 2

    assert check_line_rule(GAME, square_cost=double).status is Status.COUNTEREXAMPLE


class _NoCapture(Kasteel):
    """Broken: a knight may not end its move on an opposing knight."""

    def scan(self, lines: Any, mine: int, theirs: int, costly: int, left: int) -> list[Move]:
        return [m for m in super().scan(lines, mine, theirs, costly, left)
                if not (1 << m.to) & theirs]


def test_move_generation_fails_if_a_capture_is_skipped() -> None:
    result = check_move_generation(_NoCapture(readings={"own-key": "no-entry"}))
    assert result.status is Status.COUNTEREXAMPLE
    assert result.position and result.highlight


class _TurnStays(Kasteel):
    """Broken: after a move the same player is to move."""

    def successor(self, state: State, action: Any) -> State:
        after = super().successor(state, action)
        if isinstance(action, Move):
            return make_state(after.knights, after.passes, after.skulls, state.to_move,
                              after.bits, after.skull_bits, None)
        return after


class _PassOutOfTurn(Kasteel):
    """Broken: the player not to move may pass (it changes nothing)."""

    def rule_violation(self, state: State, action: Any) -> Any:
        from castlerules.kasteel.state import Pass

        if isinstance(action, Pass) and action.player != state.to_move:
            return None
        return super().rule_violation(state, action)


def test_move_generation_fails_if_a_pass_out_of_turn_is_legal() -> None:
    found = check_move_generation(_PassOutOfTurn())
    assert found.status is Status.COUNTEREXAMPLE and "not to move" in found.detail


class _ForeignMoveBlind(Kasteel):
    """Broken: a move made by another game is applied with that game's squares, unchecked (its
    cost counted as none)."""

    def successor(self, state: State, action: Any) -> State:
        via = getattr(action, "via", None)
        if isinstance(action, Move) and via is not None and via[0] is not self.board:
            object.__setattr__(action, "via", (self.board, via[1], 0))
        return super().successor(state, action)


def test_transition_fails_if_a_foreign_move_is_applied_blindly() -> None:
    assert check_transition(_ForeignMoveBlind()).status is Status.COUNTEREXAMPLE


def test_transition_fails_if_the_turn_does_not_pass() -> None:
    result = check_transition(_TurnStays())
    assert result.status is Status.COUNTEREXAMPLE and result.position


class _LastSquareFree(Kasteel):
    """Broken: the destination of a move is not charged."""

    def _tables(self) -> None:
        super()._tables()
        self._moves = {k: _free_last(self.board, m) for k, m in self._moves.items()}

    def successor(self, state: State, action: Any) -> State:
        if isinstance(action, Move):  # the move as this game interned it
            size = self.board.size
            action = self._moves[(state.to_move * size + action.frm) * size + action.to]
        return super().successor(state, action)


def _free_last(board: Any, move: Move) -> Move:
    """A copy of ``move`` whose squares entered leave out the destination."""
    copy = Move(move.player, move.frm, move.to)
    _, direction, entered = move.via
    object.__setattr__(copy, "via", (board, direction, entered & ~(1 << move.to)))
    return copy


def test_move_cost_fails_if_the_last_square_is_free() -> None:
    assert check_move_cost(_LastSquareFree()).status is Status.COUNTEREXAMPLE
    assert check_transition(_LastSquareFree()).status is Status.COUNTEREXAMPLE

    def per_move(costs: Any, per_move: bool = False) -> Any:
        return kernel.move_cost(costs, True)

    assert check_move_cost(GAME, move_cost=per_move).status is Status.COUNTEREXAMPLE


class _SkullTwice(Kasteel):
    """Broken: a skull may fall where one lies already."""

    def chance_outcomes(self, state: State) -> Any:
        from castlerules.core.chance import uniform

        if not self.is_chance(state):
            return ()
        return uniform(self._skull_actions[sq] for sq in self._zone)


def test_chance_theorem_fails_if_a_skull_may_fall_twice() -> None:
    assert check_chance_and_start(_SkullTwice()).status is Status.COUNTEREXAMPLE
    assert check_chance_and_start(castlerules.make("kasteel", level=2)).status is Status.PROVED


class _OwnKeyWins(Kasteel):
    """Broken: the key squares are swapped in the end rule."""

    def _tables(self) -> None:
        super()._tables()
        self._key_bits = (self._key_bits[1], self._key_bits[0])


def test_end_fails_if_the_own_key_wins() -> None:
    result = check_end(_OwnKeyWins())
    assert result.status is Status.COUNTEREXAMPLE and result.position


class _KeyAlways(Kasteel):
    """Broken: every finished game says the key was conquered."""

    def termination(self, state: Any) -> Any:
        from castlerules.kasteel.rules import KEY_CONQUERED

        return KEY_CONQUERED


def test_end_fails_if_the_game_misnames_why_it_ended() -> None:
    assert check_end(castlerules.make("kasteel")).status is Status.PROVED
    result = check_end(_KeyAlways())
    assert result.status is Status.COUNTEREXAMPLE and "ended by key-conquered" in result.detail


def test_one_winner_fails_if_a_stuck_player_loses_whoever_is_to_move() -> None:
    def broken(key: Any, has: Any, to_move: Any, stuck: Any, self_stuck: Any, loses: Any,
               own: Any = True) -> Any:
        return Or(key, Not(has), stuck, self_stuck)

    assert check_one_winner(GAME, has_won=broken).status is Status.COUNTEREXAMPLE


def test_never_stuck_is_proved_when_every_move_is_allowed() -> None:
    def always(*args: Any, **kw: Any) -> Any:
        return True

    assert check_never_stuck(GAME, move_legal=always).status is Status.PROVED


def test_stuck_reachable_is_proved_if_yellow_keeps_passes() -> None:
    result = check_stuck_reachable(Kasteel(passes=20), line=STUCK_LINE)
    assert result.status is Status.PROVED


def test_never_deadlocked_fails_if_every_move_costs_a_pass() -> None:
    def broken(*args: Any, **kw: Any) -> Any:
        return And(kernel.move_legal(*args, **kw), args[6] >= 1)

    result = check_never_deadlocked(GAME, move_legal=broken)
    assert result.status is Status.COUNTEREXAMPLE and result.position
    assert check_never_deadlocked(Kasteel(skulls=5)).status is Status.COUNTEREXAMPLE


def test_no_overlap_fails_if_a_capture_does_not_remove_the_knight() -> None:
    def broken(own: Any, opp: Any, frm: Any, to: Any, mover_removed: bool = False) -> Any:
        return Or(And(own, Not(frm)), to), opp

    assert check_no_overlap(GAME, after_move=broken).status is Status.COUNTEREXAMPLE

    def end_anywhere(own: Any, own_key: Any) -> Any:
        return Not(own)

    assert check_no_overlap(GAME, end_ok=end_anywhere).status is Status.COUNTEREXAMPLE


def test_own_key_fails_if_the_key_square_is_ignored() -> None:
    def broken(origin: Any, walls: Any, own: Any, opp: Any, key: Any, *rest: Any, **kw: Any) -> Any:
        return kernel.move_legal(origin, walls, own, opp, [False] * len(key), *rest, **kw)

    assert check_own_key_path(GAME, broken).status is Status.COUNTEREXAMPLE


def test_passes_monotone_fails_without_the_cost_check() -> None:
    def broken(origin: Any, walls: Any, own: Any, opp: Any, key: Any, costs: Any, passes: Any,
               **kw: Any) -> Any:
        return kernel.move_legal(origin, walls, own, opp, key, costs, passes + 100, **kw)

    assert check_passes_monotone(GAME, broken).status is Status.COUNTEREXAMPLE


class _NoClimbing(Kasteel):
    """Broken: knights can never climb onto or down from a wall."""

    def knight_moves(self, state: State, player: int) -> tuple[Move, ...]:
        return tuple(m for m in super().knight_moves(state, player)
                     if self.board.is_wall(m.frm) == self.board.is_wall(m.to))


def test_enter_over_wall_fails_without_climbing() -> None:
    assert check_enter_over_wall(_NoClimbing()).status is Status.COUNTEREXAMPLE
    result = check_enter_over_wall(Kasteel(skulls=18))
    assert result.status is Status.COUNTEREXAMPLE and len(result.highlight) >= 5


def test_slide_prefix_fails_if_only_the_last_square_is_paid() -> None:
    def broken(origin: Any, walls: Any, own: Any, opp: Any, key: Any, costs: Any, passes: Any,
               **kw: Any) -> Any:
        return kernel.move_legal(origin, walls, own, opp, key, costs[-1:], passes, **kw)

    assert check_slide_prefix(GAME, broken).status is Status.COUNTEREXAMPLE


def _single_deviations() -> list[dict[str, str]]:
    from castlerules.core.readings import single_deviations
    from castlerules.core.spec import load_spec

    return list(single_deviations(load_spec("kasteel"))[1:])


# One test per deviation, so that the slow tier's workers share them.
@pytest.mark.slow
@pytest.mark.parametrize("readings", _single_deviations(),
                         ids=lambda r: ",".join(f"{k.rsplit('.', 1)[-1]}={v}" for k, v in r.items()))
def test_every_theorem_under_every_single_reading(readings: dict[str, str]) -> None:
    game = castlerules.make("kasteel", readings=readings)
    bad = {t.id: r.result.status for t in game.theorems() if not t.deep
           for r in [run(t)] if not r.ok}
    assert bad == {}, readings


def test_board_fails_if_the_map_is_upside_down() -> None:
    import attrs

    flipped = Kasteel()
    b = flipped.board
    upside = attrs.evolve(b, keys=(b.keys[1], b.keys[0]), start=(b.start[1], b.start[0]))
    object.__setattr__(flipped, "board", upside)
    assert check_board(flipped).status is Status.COUNTEREXAMPLE
    assert check_board(GAME).status is Status.PROVED


@pytest.mark.parametrize("lax", ["unknown symbols read as ground", "any number of key squares"])
def test_board_fails_if_the_map_reader_is_lax(monkeypatch: pytest.MonkeyPatch, lax: str) -> None:
    """The map format (kasteel.interp.board-format): a reader that lets a broken map through
    makes kasteel.board fail."""
    from castlerules.kasteel import board as module

    real = module.parse_board

    def parse(text: Any, where: str = "board", source: str | None = None) -> Any:
        if isinstance(text, str) and lax.startswith("unknown"):
            text = text.replace(" X", " .")
        elif isinstance(text, str):
            lines = text.splitlines()
            if sum(x.split().count("y") for x in lines[:-1]) > 1:
                first = next(i for i, x in enumerate(lines) if " y" in x)
                lines[first] = lines[first].replace(" y", " .", 1)
            text = "\n".join(lines)
        return real(text, where, source)

    monkeypatch.setattr(module, "parse_board", parse)
    assert check_board(GAME).status is Status.COUNTEREXAMPLE
