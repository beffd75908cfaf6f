"""Refinement: the Python rules, the dual-mode kernels and the z3 encoding of the theorems agree on
random reachable states (same legal moves, same successors, same stuck players, same winners)."""

from __future__ import annotations

from typing import Any

import pytest
import z3
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import reach

import castlerules
from castlerules.kasteel import Kasteel, Move, State, kernel
from castlerules.kasteel.board import RED, YELLOW, Kind
from castlerules.kasteel.theorems.whole_board import Symbolic

OPTION_SETS = [{}, {"level": 3}, {"passes": 1, "skulls": 8}, {"passes": 0, "stuck": "lose"}]


def kernel_moves(game: Kasteel, state: State) -> set[Move]:
    """Every move the dual-mode kernel ``move_legal`` accepts, evaluated on plain values."""
    b, p = game.board, state.to_move
    own, opp = state.knights[p], state.knights[1 - p]
    found = set()
    for frm in own:
        for ray in b.rays[frm]:
            for d in range(1, len(ray) + 1):
                path = ray[:d]
                ok = kernel.move_legal(
                    b.kinds[frm] is Kind.WALL,
                    [b.kinds[x] is Kind.WALL for x in path],
                    [x in own for x in path],
                    [x in opp for x in path],
                    [x == b.keys[p] for x in path],
                    [kernel.square_cost(b.kinds[x] is Kind.CANAL, x in state.skulls) for x in path],
                    state.passes[p],
                )
                if ok:
                    found.add(Move(p, frm, path[-1]))
    return found


def states(max_plies: int = 2500) -> st.SearchStrategy[tuple[Kasteel, State]]:
    def build(options: dict[str, Any], seed: int, plies: int) -> tuple[Kasteel, State]:
        game = castlerules.make("kasteel", **options)
        assert isinstance(game, Kasteel)
        state = reach(game, seed, plies)
        while game.is_chance(state):
            state = game.apply(state, game.legal_actions(state)[seed % 7])
        return game, state

    return st.builds(
        build, st.sampled_from(OPTION_SETS), st.integers(0, 2**32 - 1), st.integers(0, max_plies)
    )


@pytest.mark.clause("kasteel.spel.schuiven", "kasteel.spel.klimmen", "kasteel.kanalen.uitgeput")
@settings(max_examples=25)
@given(pair=states())
def test_kernel_and_game_have_the_same_legal_moves(pair: tuple[Kasteel, State]) -> None:
    game, state = pair
    if game.is_terminal(state):
        return
    assert kernel_moves(game, state) == set(game.moves(state))


@pytest.mark.clause("kasteel.spel.slaan")
@settings(max_examples=30)
@given(pair=states(), data=st.data())
def test_kernel_and_game_have_the_same_successors(
    pair: tuple[Kasteel, State], data: st.DataObject
) -> None:
    game, state = pair
    if game.is_terminal(state) or not game.moves(state):
        return
    move = data.draw(st.sampled_from(game.moves(state)))
    after = game.apply(state, move)
    p = move.player
    for sq in range(game.board.size):
        own, opp = kernel.after_move(
            sq in state.knights[p], sq in state.knights[1 - p], sq == move.frm, sq == move.to
        )
        assert own == (sq in after.knights[p])
        assert opp == (sq in after.knights[1 - p])
    assert after.to_move == 1 - p


def _substitute(sym: Symbolic, state: State) -> list[tuple[Any, Any]]:
    pairs: list[tuple[Any, Any]] = []
    for p in (YELLOW, RED):
        pairs += [(v, z3.BoolVal(i in state.knights[p])) for i, v in enumerate(sym.knights[p])]
        pairs.append((sym.passes[p], z3.IntVal(state.passes[p])))
    pairs += [(v, z3.BoolVal(i in state.skulls)) for i, v in enumerate(sym.skull)
              if not isinstance(v, bool)]
    return pairs


def _value(expr: Any, pairs: list[tuple[Any, Any]]) -> bool:
    if isinstance(expr, bool):
        return expr
    return bool(z3.is_true(z3.simplify(z3.substitute(expr, *pairs))))


@pytest.mark.slow  # z3 on five random positions (about 5 s)
@pytest.mark.clause("kasteel.einde.geen-gelijkspel", "kasteel.einde.sleutel", "kasteel.einde.ridders")
@settings(max_examples=5)
@given(pair=states())
def test_z3_encoding_and_game_agree_on_stuck_and_winners(pair: tuple[Kasteel, State]) -> None:
    game, state = pair
    sym = Symbolic(game)
    pairs = _substitute(sym, state)
    p = state.to_move
    assert _value(sym.stuck(p), pairs) == game.stuck_player(state)
    steps = set(game.moves(state))
    for frm in state.knights[p]:
        for d, ray in enumerate(game.board.rays[frm]):
            if ray:
                legal = _value(sym.first_move_legal(p, frm, d), pairs)
                assert legal == (Move(p, frm, ray[0]) in steps)
    stuck_loses = game.stuck == "lose"
    for q in (YELLOW, RED):
        assert _value(sym.won(q, p, stuck_loses), pairs) == game.won(state, q)
    assert _value(z3.And(*sym.invariant()), pairs) or game.skull_count != len(state.skulls)
