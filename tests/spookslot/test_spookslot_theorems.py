"""Spookslot theorems: each holds for the real rules and finds a counterexample for a broken rule."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import pytest

from castlerules.core.spec import read_text
from castlerules.core.symbolic import And, If, Not
from castlerules.core.theorem import Status, run
from castlerules.spookslot import theorems as th
from castlerules.spookslot.board import DEFAULT_BOARD, parse_board
from castlerules.spookslot.kernel import NO_MOVE
from castlerules.spookslot.rules import Spookslot
from castlerules.spookslot.state import EXIT, START

THEOREMS = {t.id: t for t in th.theorems()}


@pytest.mark.parametrize("tid", sorted(THEOREMS))
def test_theorem_holds(tid: str) -> None:
    r = run(THEOREMS[tid])
    assert r.result.status is THEOREMS[tid].expected, r.result
    assert r.ok


def test_theorems_cite_known_clauses() -> None:
    from castlerules.core.spec import find_clause

    for t in THEOREMS.values():
        assert t.game == "spookslot"
        for c in t.clauses:
            find_clause(c)


# -- broken rules -------------------------------------------------------------------------------------
def test_board_check_finds_a_wrong_fallback() -> None:
    text = read_text(DEFAULT_BOARD).replace('fallback = "l3"', 'fallback = "t3"', 1)
    result = th.check_board(parse_board(text))
    assert result.status is Status.COUNTEREXAMPLE
    assert "lk1" in (result.counterexample or "")


def _bounce_onto_exit(roll: Any, to_exit: Any, occupied: Sequence[Any]) -> Any:
    """Broken: the bounce may land on the Exit."""
    bounce: Any = NO_MOVE
    for j in range(len(occupied), 0, -1):
        free = If(j < to_exit, Not(occupied[j - 1]), j == to_exit)
        bounce = If(And(j >= roll, j <= to_exit, free), j, bounce)
    return If(roll > to_exit, NO_MOVE, If(roll == to_exit, to_exit, bounce))


def _no_bounce(roll: Any, to_exit: Any, occupied: Sequence[Any]) -> Any:
    """Broken: the pawn stops on the rolled square even if it is taken."""
    return If(roll > to_exit, NO_MOVE, roll)


def test_exit_exact_catches_a_bounce_onto_the_exit() -> None:
    result = th.check_exit_exact(_bounce_onto_exit)
    assert result.status is Status.COUNTEREXAMPLE
    assert "roll" in (result.counterexample or "")


def test_bounce_theorem_catches_a_missing_bounce() -> None:
    assert th.check_bounce(_no_bounce).status is Status.COUNTEREXAMPLE
    assert th.check_bounce(_bounce_onto_exit).status is Status.COUNTEREXAMPLE


class _TrapToStart(Spookslot):
    """Broken: a fired trap sends pawns behind the start line."""

    def _after_ball(self, state: Any, trap: str) -> Any:
        zone = self.board.zone[trap]
        pawns = tuple(tuple(START if q in zone else q for q in ps) for ps in state.pawns)
        import attrs

        return self.next_turn(attrs.evolve(state, pawns=pawns))


class _NoBounce(Spookslot):
    """Broken: moves ignore the other pawns (no bounce)."""

    def _land(self, path: tuple[str, ...], roll: int, occ: int) -> int:
        return super()._land(path, roll, 0)


class _Overshoot(Spookslot):
    """Broken: a roll past the Exit still escapes."""

    def _land(self, path: tuple[str, ...], roll: int, occ: int) -> int:
        if path[-1] == EXIT and roll > len(path):
            return len(path)
        return super()._land(path, roll, occ)


def test_conservation_catches_pawns_sent_behind_the_start() -> None:
    result = th.check_conservation(lambda **o: _TrapToStart(**o), games=2)
    assert result.status is Status.COUNTEREXAMPLE


def test_sharing_catches_moves_without_bounce() -> None:
    result = th.check_sharing(lambda **o: _NoBounce(**o), games=2)
    assert result.status is Status.COUNTEREXAMPLE


def test_exit_on_playouts_catches_an_overshoot() -> None:
    result = th.check_exit_on_playouts(lambda **o: _Overshoot(**o), games=2)
    assert result.status is Status.COUNTEREXAMPLE


def _chain_without_ghosts(**kw: Any) -> th.Chain:
    """Broken: a chain for a die with no ghost."""
    die = [(f, Fraction(1, 4)) for f in (1, 2, 3, 4)]
    return th.single_pawn_chain(die=die, **kw)


def test_chain_check_catches_a_wrong_chain() -> None:
    result = th.check_chain_matches_game(_chain_without_ghosts)
    assert result.status is Status.COUNTEREXAMPLE


def test_simulation_check_catches_a_wrong_chain() -> None:
    result = th.check_chain_simulation(_chain_without_ghosts, games=400)
    assert result.status is Status.COUNTEREXAMPLE


# -- the exact analysis ---------------------------------------------------------------------------------
def test_exact_distribution_sums_towards_one_and_matches_expectation() -> None:
    chain = th.single_pawn_chain(policy="short")
    dist = th.turn_distribution(chain, 400)
    assert all(isinstance(p, Fraction) and p >= 0 for p in dist)
    # a turn moves at most 4 squares; the secret passage (lk2 -> g5) cuts the way to 3 * 4 + 4
    # squares to lk2 and 8 from g5 to the Exit: 6 turns at least, with probability (1/6)^6 * 1/4
    assert dist[:5] == [0] * 5 and dist[5] == Fraction(1, 6**6 * 4)
    assert 1 - sum(dist) < Fraction(1, 10**6)
    mean = sum(t * p for t, p in enumerate(dist, start=1))
    assert abs(float(mean) - float(th.expected_turns(chain))) < 1e-3


def test_every_row_of_the_chain_is_a_distribution() -> None:
    for policy in ("short", "safe"):
        for row in th.single_pawn_chain(policy=policy).values():
            assert sum(row.values()) == 1


class _NoWaiting(Spookslot):
    """Broken: with 4 players the second pawn never waits."""

    def locked(self, state: Any, player: int, pawn: int) -> bool:
        return False


def test_moves_reference_catches_a_missing_bounce() -> None:
    result = th.check_moves_reference(lambda **o: _NoBounce(**o), games=1)
    assert result.status is Status.COUNTEREXAMPLE
    assert "reference" in (result.counterexample or "")


def test_second_pawn_check_catches_a_pawn_that_does_not_wait() -> None:
    result = th.check_second_pawn(lambda **o: _NoWaiting(**o), games=2)
    assert result.status is Status.COUNTEREXAMPLE
