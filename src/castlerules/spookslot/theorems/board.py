"""The board's shape and the exit/bounce kernel (z3): 'Ontsnappen via het Exitveld', 'Waar je pion
eindigt — een bezet veld', 'Twee routes'."""


from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from castlerules.core.extras import z3
from castlerules.core.theorem import Result, Status, theorem, z3_prove
from castlerules.spookslot import kernel
from castlerules.spookslot.board import Board, board_problems
from castlerules.spookslot.theorems.common import (
    LARGEST_WINDOW,
    TESTS,
    Kernel,
    clause_ids,
    count_back,
    share,
)


# -- board ---------------------------------------------------------------------------------------
def check_board(board: Board) -> Result:
    """The board has the rulebook's shape (see ``board_problems``)."""
    problems = board_problems(board)
    if problems:
        return Result.refuted("; ".join(problems), f"board {board.name!r}")
    return Result.proved(
        f"{len(board.squares)} squares reach the Exit; {len(board.fallback)} fallbacks are the "
        f"nearest blue square behind; {len(board.forks)} forks rejoin with a longer safe and a "
        "shorter dangerous route; 2 red star squares and 1 green star square"
    )


# -- the exit/bounce kernel -----------------------------------------------------------------------
def _kernel_symbols(window: int) -> tuple[Any, Any, list[Any], list[Any]]:
    """Symbols for one window size. The game's window is its largest face plus the number of
    pawns, and at most (pawns - 1) squares ahead are taken: count <= window - roll - 1."""
    roll, to_exit = z3.Int("roll"), z3.Int("to_exit")
    occupied = [z3.Bool(f"occupied_{j}") for j in range(1, window + 1)]
    taken = z3.Sum([z3.If(o, 1, 0) for o in occupied])
    pre = [roll >= 1, roll <= 6, to_exit >= 1, taken <= window - roll - 1]
    return roll, to_exit, occupied, pre


def _render_kernel(roll: Any, to_exit: Any, occupied: Sequence[Any]) -> Callable[[Any], str]:
    def show(m: z3.ModelRef) -> str:
        r = m.eval(roll, model_completion=True).as_long()
        d = m.eval(to_exit, model_completion=True).as_long()
        taken = [j + 1 for j, o in enumerate(occupied) if z3.is_true(m.eval(o, model_completion=True))]
        return f"roll {r}, Exit {d} squares ahead, occupied squares ahead: {taken}"

    return show


def _for_windows(claim_of: Callable[[Any, Any, list[Any]], Any], largest: int) -> Result:
    """Prove ``claim_of(roll, to_exit, occupied)`` for every window size up to ``largest``."""
    for window in range(2, largest + 1):
        roll, to_exit, occupied, pre = _kernel_symbols(window)
        result = z3_prove(claim_of(roll, to_exit, occupied), assumptions=pre,
                          render=_render_kernel(roll, to_exit, occupied))
        if result.status is not Status.PROVED:
            return result
    return Result.proved("z3 over all rolls 1-6, all distances to the Exit and every occupancy, "
                         f"for windows of 2-{largest} squares")


@theorem(
    "spookslot.exit-exact",
    "Under the game's exit-exact and bounce-past-exit readings (--all-readings: each of "
    "their options), for windows of every size up "
    f"to {LARGEST_WINDOW} squares (the largest face plus the most pawns of any game), every "
    "roll 1-6, distance to the Exit and occupancy: the exit/bounce kernel the game calls "
    "ends a move on the Exit only when the roll is exactly the distance to it, and never "
    "beyond it: a bounce never reaches the Exit.",
    clauses=clause_ids("exit.precies", "exit.niet-springen", "exit.ontsnapt"),
    method="z3",
    call=lambda check, game: check(kernel.landing, count_back(game), share(game),
         LARGEST_WINDOW),
    fails_with=f"{TESTS}::test_exit_exact_catches_a_bounce_onto_the_exit",
    depends_on=("exit-exact", "bounce-past-exit"),
)
def check_exit_exact(landing: Kernel, count_back: bool, share: bool, largest: int) -> Result:
    """z3: for every roll, distance to the Exit and occupancy, a move ends on the Exit only when
    the roll is exactly the distance, and never beyond the Exit."""

    def claim(roll: Any, to_exit: Any, occupied: list[Any]) -> Any:
        end = landing(roll, to_exit, occupied, count_back, share)
        return z3.And(z3.Implies(end == to_exit, roll == to_exit), end <= to_exit, end >= 0)

    return _for_windows(claim, largest)


@theorem(
    "spookslot.bounce-next-free",
    "Under the game's exit-exact and bounce-past-exit readings (--all-readings: each of "
    "their options), for windows up to "
    f"{LARGEST_WINDOW} squares: a move ends on the rolled square if free, else on the next "
    "free square before the Exit; it is impossible (the pawn stays) exactly when the roll "
    "passes the Exit or every square from the rolled one up to the Exit is taken "
    "(count-back: a roll past the Exit counts back from it to the nearest free square; "
    "share: a blocked bounce shares the rolled square).",
    clauses=clause_ids("eindigen.bezet", "getal.zetten", "exit.moet-verplaatsen",
                     "exit.blijft-staan"),
    method="z3",
    call=lambda check, game: check(kernel.landing, count_back(game), share(game),
         LARGEST_WINDOW),
    fails_with=f"{TESTS}::test_bounce_theorem_catches_a_missing_bounce",
    depends_on=("exit-exact", "bounce-past-exit"),
)
def check_bounce(landing: Kernel, count_back: bool, share: bool, largest: int) -> Result:
    """z3: a move that does not reach the Exit ends on the rolled square if it is free, else on
    the next free square (every square between is taken); it is impossible exactly when the roll
    passes the Exit or every square from the rolled one up to the Exit is taken (readings: a roll
    past the Exit counts back; a blocked bounce shares the rolled square)."""

    def claim(roll: Any, to_exit: Any, occupied: list[Any]) -> Any:
        end = landing(roll, to_exit, occupied, count_back, share)
        idx = range(1, len(occupied) + 1)
        lands_free = z3.Or(*(z3.And(end == j, z3.Not(occupied[j - 1])) for j in idx))
        skipped = z3.And(*(z3.Implies(z3.And(j >= roll, j < end), occupied[j - 1]) for j in idx))
        blocked = z3.And(
            *(z3.Implies(z3.And(j >= roll, j < to_exit), occupied[j - 1]) for j in idx)
        )
        turn = 2 * to_exit - roll
        back_free = z3.Or(*(z3.And(j <= turn, z3.Not(occupied[j - 1])) for j in idx))
        back_ok = z3.And(
            *(z3.Implies(z3.And(j > end, j <= turn), occupied[j - 1]) for j in idx)
        )
        forward = z3.And(roll < to_exit, z3.Not(blocked))
        if share:
            stays_blocked = z3.And(roll < to_exit, blocked, end == roll)
        else:
            stays_blocked = z3.And(roll < to_exit, blocked, end == kernel.NO_MOVE)
        if count_back:
            past = z3.And(roll > to_exit, z3.If(back_free, z3.And(end >= 1, end <= turn,
                          lands_free, back_ok), end == kernel.NO_MOVE))
        else:
            past = z3.And(roll > to_exit, end == kernel.NO_MOVE)
        return z3.Or(
            z3.And(roll == to_exit, end == to_exit),
            z3.And(forward, end >= roll, end < to_exit, lands_free, skipped),
            stays_blocked,
            past,
        )

    return _for_windows(claim, largest)


