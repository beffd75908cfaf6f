"""The dual-mode exit/bounce kernel of Spookslot: where a move of ``roll`` squares ends on a path.

Written over ``castlerules.core.symbolic`` so it runs on plain ints in the game and on z3 terms in
the theorems: the proofs about the Exit and the bounce are about this very function. The game calls
it for every move it generates (``Spookslot._land``); results are memoised per pawn, square, roll
and the occupancy within reach, never recomputed by other code.

The path is the one the move takes (the chosen route at every fork): offset ``j`` is the ``j``-th
square ahead of the pawn, ``occupied[j - 1]`` says whether a pawn stands there that the move must
bounce over, and the Exit is ``to_exit`` squares ahead. The window ``occupied`` must be long enough
to hold a free square after any roll: at least the largest roll plus the number of pawns.

Two readings are switches of the same function: ``count_back`` (interpretation
spookslot.interp.exit-exact, option ``count-back``: a roll past the Exit counts back from it) and
``share`` (spookslot.interp.bounce-past-exit, option ``share``: a bounce that would reach the Exit
stops on the occupied square where the count ended).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from castlerules.core.registry import clause, reads
from castlerules.core.symbolic import And, If, Not

#: The move is not possible: the pawn stays where it is.
NO_MOVE = 0


@clause(
    "spookslot.getal.zetten",
    "spookslot.getal.tellen",
    "spookslot.eindigen.bezet",
    "spookslot.exit.precies",
    "spookslot.exit.niet-springen",
    "spookslot.exit.moet-verplaatsen",
    "spookslot.exit.blijft-staan",
)
@reads("spookslot.interp.exit-exact", "spookslot.interp.bounce-past-exit")
def landing(
    roll: Any,
    to_exit: Any,
    occupied: Sequence[Any],
    count_back: bool = False,
    share: bool = False,
) -> Any:
    """The offset where a move of ``roll`` squares ends, or NO_MOVE.

    Exactly ``to_exit``: the pawn reaches the Exit. Further than the Exit: no move (``count_back``:
    the count turns at the Exit and ends ``2 * to_exit - roll`` squares ahead, or on the nearest
    free square behind that; never on or behind the pawn's own square). Otherwise the pawn ends on
    the ``roll``-th square if it is free, else bounces on to the next free square before the Exit;
    if every square up to the Exit is taken, the bounce would reach the Exit, which it may not: no
    move (``share``: the pawn stops on the ``roll``-th square and shares it).
    """
    bounce: Any = roll if share else NO_MOVE
    for j in range(len(occupied), 0, -1):
        bounce = If(And(j >= roll, j < to_exit, Not(occupied[j - 1])), j, bounce)
    past: Any = NO_MOVE
    if count_back:
        turn = 2 * to_exit - roll
        for j in range(1, len(occupied) + 1):
            past = If(And(j <= turn, Not(occupied[j - 1])), j, past)
    return If(roll == to_exit, to_exit, If(roll > to_exit, past, bounce))
