"""Spel — what a legal action does (kasteel.spel.slaan, geel-eerst, kanalen.passen): every transition of every line of the board against an independent successor."""

from __future__ import annotations

import contextlib
from typing import Any

import attrs

from castlerules.core.theorem import Result, theorem
from castlerules.kasteel.board import RED, YELLOW
from castlerules.kasteel.game import Kasteel
from castlerules.kasteel.rules import interned_moves
from castlerules.kasteel.state import Move, Pass, State, bitboard
from castlerules.kasteel.theorems.common import (
    BOARD,
    LINE,
    PASS_CLAUSES,
    PASSES,
    SKULLS,
    STUCK_EXAMPLE,
    TESTS,
    _reserve,
    build,
    position,
    refute,
    skull_sets,
)
from castlerules.kasteel.theorems.reference import (
    spec_successor,
)


def _derived_ok(state: State) -> bool:
    return (state.bits == (bitboard(state.knights[0]), bitboard(state.knights[1]))
            and state.skull_bits == bitboard(state.skulls))


@theorem(
    "kasteel.transition",
    "Every transition is exactly what the rules say: for every move of every line of the "
    "board (to an empty square or onto an opposing knight), the moved knight stands on its "
    "destination, the captured knight (or, per the reading, the moving one) is gone, the "
    "mover has paid one pass per canal and skull square entered, the opponent's passes and "
    "the skulls are unchanged and the opponent is to move; a pass only gives the turn "
    "away; a skull only lands.",
    clauses=("kasteel.spel.slaan", "kasteel.spel.geel-eerst", "kasteel.spel.schuiven", *PASS_CLAUSES),
    method="exhaustive",
    depends_on=(*LINE, "kasteel.interp.capture", "kasteel.interp.turns", *SKULLS,
                *PASSES, *BOARD),
    fails_with=f"{TESTS}::test_transition_fails_if_the_turn_does_not_pass",
)
def check_transition(game: Kasteel, deep: bool = False) -> Result:
    """Exhaustive: for every move of every line of the board (a knight of either player on any
    square, the destination empty or holding an opposing knight), whenever it is legal with the
    start's passes (or one pass, and with the skull sets of ``skull_sets``), ``apply`` gives
    exactly ``spec_successor`` (JSON fields and the derived bitboards) — for the move as the game
    made it and as another game with an equal board made it —; so does every pass of a stuck (or,
    per the reading, any) player and every skull placement from the start."""
    b = game.board
    count = 0
    # the same moves as interned by an equal board of another game: applied by their squares
    foreign = interned_moves.__wrapped__(attrs.evolve(b))
    for skulls in skull_sets(game) if deep else skull_sets(game)[:1]:
        for p in (YELLOW, RED):
            for frm in range(b.size):
                if frm in b.keys:
                    continue
                for ray in b.rays[frm]:
                    for to in ray:
                        for capture in (False, True):
                            if capture and to in b.keys:
                                continue
                            theirs = [to] if capture else []
                            spare = _reserve(b, [frm, to])
                            theirs += [spare] if spare >= 0 else []
                            for left in (game.start_passes, 1) if deep else (game.start_passes,):
                                yellow, red = ([frm], theirs) if p == YELLOW else (theirs, [frm])
                                passes = (left, 8) if p == YELLOW else (8, left)
                                passes = (min(passes[0], game.start_passes),
                                          min(passes[1], game.start_passes))
                                state = build(game, yellow, red, passes, skulls, p)
                                action = Move(p, frm, to)
                                if game.violation(state, action) is not None:
                                    continue
                                count += 1
                                found = _compare(game, state, action) or _compare(
                                    game, state, foreign[(p * b.size + frm) * b.size + to])
                                if found is not None:
                                    return found
    for state in _pass_states(game):
        if game.violation(state, Pass(state.to_move)) is None:
            count += 1
            found = _compare(game, state, Pass(state.to_move))
            if found is not None:
                return found
    start = game.initial_state()
    if game.is_chance(start):
        for outcome, _ in game.chance_outcomes(start):
            count += 1
            found = _compare(game, start, outcome)
            if found is not None:
                return found
    return Result.proved(f"{count} transitions: every move of every line of the board, passes, "
                         "skull placements")


def _compare(game: Kasteel, state: State, action: Any) -> Result | None:
    after = game.apply(state, action)
    want = spec_successor(game, state, action)
    if after != want or not _derived_ok(after):
        text = game.action_to_str(state, action)
        squares = [action.frm, action.to] if isinstance(action, Move) else []
        return refute(game, state, f"after {text} the game gives {position(game, after)}; the "
                      f"rules give {position(game, want)}", squares)
    return None


def _pass_states(game: Kasteel) -> list[State]:
    """The documented stuck position (when it is a position of the game: its board, its number of
    skulls) and a few open positions."""
    b = game.board
    out = []
    with contextlib.suppress(Exception):  # another board or skull count
        out.append(game.adopt(game.state_from_text(STUCK_EXAMPLE)))
    for skulls in skull_sets(game)[:1]:
        for p in (YELLOW, RED):
            sq = b.size // 2
            spare = _reserve(b, [sq])
            if sq in b.keys or spare < 0:
                continue
            yellow, red = ([sq], [spare]) if p == YELLOW else ([spare], [sq])
            out.append(build(game, yellow, red, (0, 0), skulls, p))
    return out

