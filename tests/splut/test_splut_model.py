"""The whole-board model used by theorem splut.board-step agrees with the game (refinement), and the
theorem catches a deliberately broken model."""

from __future__ import annotations

import random
from typing import Any

import pytest

from castlerules.core.symbolic import And
from castlerules.core.theorem import Status
from castlerules.splut import Splut, State, Step, Throw
from castlerules.splut import theorems as T
from castlerules.splut.board import NEXT, OFF
from castlerules.splut.state import Piece


def _model_after(state: State, action: Any) -> tuple[bool, tuple[int, ...], tuple[Any, ...]]:
    rocks = list(state.rocks)
    pieces = [list(t) for t in state.pieces]
    p = action.player
    if isinstance(action, Throw):
        legal, r2, p2 = T.model_throw(rocks, pieces, p, int(action.direction))
    else:
        k = state.pieces[p].index(action.frm)
        d = NEXT[action.frm].index(action.to)
        lev = rocks.index(action.lev) if action.lev != OFF else None
        legal, r2, p2, _ = T.model_step(rocks, pieces, p, k, d, action.pull, lev)
    return bool(legal), tuple(sorted(r2)), tuple(tuple(t) for t in p2)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_model_agrees_with_the_game(players: int) -> None:
    game = Splut(players=players)
    rng = random.Random(10 + players)
    checked = 0
    for _ in range(3):
        state = game.initial_state()
        while not game.is_terminal(state) and checked < 600:
            for a in game.legal_actions(state):
                if isinstance(a, Step | Throw):
                    legal, rocks, pieces = _model_after(state, a)
                    after = game.successor(state, a)
                    assert legal and rocks == after.rocks and pieces == after.pieces, (
                        game.render(state), a)
                    checked += 1
            if state.throw_from == OFF:
                # plain sorcerer and dwarf steps: the model allows exactly the game's
                p = state.to_move
                for k in (Piece.SORCERER, Piece.DWARF):
                    frm = state.pieces[p][k]
                    if frm == OFF:
                        continue
                    for to in NEXT[frm]:
                        if to != OFF:
                            step = Step(p, frm, to)
                            assert _model_after(state, step)[0] == game.is_legal(state, step)
            state = game.apply(state, rng.choice(game.legal_actions(state)))
    assert checked > 300


def test_board_step_theorem_catches_a_broken_levitation() -> None:
    def lev_ignores_blockers(rocks: Any, pieces: Any, p: int, k: int, d: int, pull: bool = False,
                             lev: int | None = None) -> Any:
        legal, r2, p2, held = T.model_step(rocks, pieces, p, k, d, pull, lev)
        if lev is not None:
            x = pieces[p][k]
            legal = And(x != OFF, T.nxt(x, d) != OFF, T.nxt(rocks[lev], d) != OFF)
        return legal, r2, p2, held

    result = T.check_board_step_z3(step=lev_ignores_blockers)
    assert result.status is Status.COUNTEREXAMPLE and result.counterexample
