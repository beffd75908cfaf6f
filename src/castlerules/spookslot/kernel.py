"""The dual-mode exit/bounce kernel of Spookslot: where a move of ``roll`` squares ends on a path.

Written over ``castlerules.core.symbolic`` so it runs on plain ints in the game (through a cache) and
on z3 terms in the theorems: the proofs about the Exit and the bounce are about this very function.

The path is the one the move takes (the chosen route at every fork): offset ``j`` is the ``j``-th
square ahead of the pawn, ``occupied[j - 1]`` says whether another pawn stands there, and the Exit
is ``to_exit`` squares ahead. The window ``occupied`` must be long enough to hold a free square
after any roll: at least the largest roll plus the number of pawns.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from castlerules.core.registry import clause
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
def landing(roll: Any, to_exit: Any, occupied: Sequence[Any]) -> Any:
    """The offset where a move of ``roll`` squares ends, or NO_MOVE.

    Exactly ``to_exit``: the pawn reaches the Exit. Further than the Exit: no move. Otherwise the
    pawn ends on the ``roll``-th square if it is free, else bounces on to the next free square
    before the Exit; if every square up to the Exit is taken, the bounce would reach the Exit,
    which it may not: no move.
    """
    bounce: Any = NO_MOVE
    for j in range(len(occupied), 0, -1):
        bounce = If(And(j >= roll, j < to_exit, Not(occupied[j - 1])), j, bounce)
    return If(roll == to_exit, to_exit, If(roll > to_exit, NO_MOVE, bounce))


@functools.lru_cache(maxsize=65536)
def landing_cached(roll: int, to_exit: int, occupied: tuple[bool, ...]) -> int:
    """``landing`` on plain values, cached (its inputs repeat a lot in play)."""
    found: int = landing(roll, to_exit, occupied)
    return found
