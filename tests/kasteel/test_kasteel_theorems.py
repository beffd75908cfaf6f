"""Kasteel theorems: each gives its expected result, and each check fails against a deliberately
broken rule (so none is vacuous)."""

from __future__ import annotations

from typing import Any

import pytest

from castlerules.core.symbolic import And, Not, Or
from castlerules.core.theorem import Status, run
from castlerules.kasteel import Kasteel, Move, State, kernel
from castlerules.kasteel import theorems as T


@pytest.mark.clause("kasteel.einde.geen-gelijkspel", "kasteel.einde.sleutel", "kasteel.einde.ridders",
                    "kasteel.kanalen.uitgeput", "kasteel.spel.eigen-sleutel")
def test_every_theorem_gives_its_expected_result() -> None:
    found = {t.id: run(t) for t in Kasteel().theorems()}
    assert {i: r.result.status for i, r in found.items() if not r.ok} == {}
    assert found["kasteel.never-stuck"].result.counterexample
    assert found["kasteel.stuck-reachable"].result.counterexample
    assert all(t.finding for t in Kasteel().theorems() if t.expected is Status.COUNTEREXAMPLE)


def test_one_winner_fails_if_a_stuck_player_loses_whoever_is_to_move() -> None:
    def broken(key: Any, has: Any, to_move: Any, stuck: Any, self_stuck: Any, loses: Any) -> Any:
        return Or(key, Not(has), stuck)

    assert T.check_one_winner(has_won=broken).status is Status.COUNTEREXAMPLE


def test_no_overlap_fails_if_a_capture_does_not_remove_the_knight() -> None:
    def broken(own: Any, opp: Any, frm: Any, to: Any) -> tuple[Any, Any]:
        return Or(And(own, Not(frm)), to), opp

    assert T.check_no_overlap(after_move=broken).status is Status.COUNTEREXAMPLE


def test_no_overlap_fails_if_a_move_may_end_on_the_own_key() -> None:
    def broken(own: Any, own_key: Any) -> Any:
        return Not(own)

    assert T.check_no_overlap(end_ok=broken).status is Status.COUNTEREXAMPLE


def test_own_key_fails_if_the_key_square_is_ignored() -> None:
    def broken(origin: Any, walls: Any, own: Any, opp: Any, key: Any, costs: Any, passes: Any) -> Any:
        return kernel.move_legal(origin, walls, own, opp, [False] * len(key), costs, passes)

    assert T.check_own_key_path(broken, longest=3).status is Status.COUNTEREXAMPLE


def test_passes_monotone_fails_without_the_cost_check() -> None:
    def broken(origin: Any, walls: Any, own: Any, opp: Any, key: Any, costs: Any, passes: Any) -> Any:
        return kernel.move_legal(origin, walls, own, opp, key, costs, passes + 100)

    assert T.check_passes_monotone(broken, longest=3).status is Status.COUNTEREXAMPLE


def test_passes_monotone_fails_with_a_negative_cost() -> None:
    def broken(canal: Any, skull: Any) -> Any:
        return kernel.square_cost(canal, skull) - 2

    assert T.check_passes_monotone(square_cost=broken, longest=2).status is Status.COUNTEREXAMPLE


def test_slide_prefix_fails_if_only_the_last_square_is_paid() -> None:
    def broken(origin: Any, walls: Any, own: Any, opp: Any, key: Any, costs: Any, passes: Any) -> Any:
        return kernel.move_legal(origin, walls, own, opp, key, costs[-1:], passes)

    assert T.check_slide_prefix(broken, longest=3).status is Status.COUNTEREXAMPLE


class _SkullsFree(Kasteel):
    """A deliberately broken game: skulls cost nothing when a move ends beyond them."""

    def successor(self, state: State, action: Any) -> State:
        after = super().successor(state, action)
        if isinstance(action, Move) and action.to not in state.skulls:
            p = action.player
            refund = sum(1 for sq in self.path(action)[:-1] if sq in state.skulls)
            passes = list(after.passes)
            passes[p] += refund
            return State(after.knights, (passes[0], passes[1]), after.skulls, after.to_move)
        return after


def test_move_cost_fails_if_crossed_skulls_are_free() -> None:
    result = T.check_move_cost(lambda: _SkullsFree(level=3, skulls=12), games=2)
    assert result.status is Status.COUNTEREXAMPLE


def test_never_stuck_is_proved_when_every_one_square_move_is_allowed() -> None:
    def always(*args: Any) -> Any:
        return True

    assert T.check_never_stuck(move_legal=always).status is Status.PROVED


def test_never_deadlocked_fails_if_every_move_costs_a_pass() -> None:
    def broken(origin: Any, walls: Any, own: Any, opp: Any, key: Any, costs: Any, passes: Any) -> Any:
        return And(kernel.move_legal(origin, walls, own, opp, key, costs, passes), passes >= 1)

    result = T.check_never_deadlocked(move_legal=broken)
    assert result.status is Status.COUNTEREXAMPLE
    assert T.check_never_deadlocked(Kasteel(skulls=5)).status is Status.COUNTEREXAMPLE


def test_stuck_reachable_is_proved_if_yellow_keeps_passes() -> None:
    result = T.check_stuck_reachable(lambda: Kasteel(passes=20))
    assert result.status is Status.PROVED


def test_the_stuck_line_ends_with_yellow_stuck_and_red_winning_later() -> None:
    """The finding's game: yellow is stuck after the line, passes, and red can still move."""
    g = Kasteel()
    s = g.initial_state()
    for text in T.STUCK_LINE:
        s = g.apply(s, g.parse_action(s, text))
    assert g.stuck_player(s) and not g.is_terminal(s)
    assert [g.action_to_str(s, a) for a in g.legal_actions(s)] == ["pass"]
    after = g.apply(s, g.legal_actions(s)[0])
    assert g.moves(after)
    lose = Kasteel(stuck="lose")
    t = lose.initial_state()
    for text in T.STUCK_LINE:
        t = lose.apply(t, lose.parse_action(t, text))
    assert lose.winners(t) == {1}


class _NoClimbing(Kasteel):
    """A deliberately broken game: knights can never climb onto or down from a wall."""

    def moves(self, state: State) -> tuple[Move, ...]:
        return tuple(
            m for m in super().moves(state) if self.board.is_wall(m.frm) == self.board.is_wall(m.to)
        )


def test_enter_over_wall_fails_without_climbing() -> None:
    assert T.check_enter_over_wall(lambda: _NoClimbing()).status is Status.COUNTEREXAMPLE
    assert T.check_enter_over_wall(lambda: Kasteel(skulls=18)).status is Status.COUNTEREXAMPLE
