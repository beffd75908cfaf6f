"""The Kasteel action universe, its ids for the adapters, and a fixed-length observation.

The universe lists every skull placement on the game's skull zone (chance outcomes), then every
move of yellow and then of red from any square to any square of its row or column (by square,
then in the board's direction order, nearest first), then the passes. Its moves are the very
objects the game lists as legal (interned once per board, ``rules.interned_moves``), and each
knows its place among them (``Move.index``), so ``legal_ids_of`` neither hashes nor looks up a move.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from castlerules.core.errors import InvalidStateError, quote
from castlerules.kasteel.state import Pass, State

if TYPE_CHECKING:
    from castlerules.kasteel.game import Kasteel

_INDEX = attrgetter("index")


def action_universe(game: Kasteel) -> tuple[Any, ...]:
    from castlerules.kasteel.rules import interned_moves

    moves = sorted(interned_moves(game.board).values(), key=_INDEX)
    return (
        *(game._skull_actions[sq] for sq in game._zone),
        *moves,
        *game._passes_of,
    )


def legal_ids_of(game: Kasteel) -> Callable[[tuple[Any, ...]], tuple[int, ...]]:
    """The adapters' speed hook: a function from ``legal`` (the actions ``game`` just listed: moves
    sorted by square, or a pass, or both) to their ascending universe ids. A move's id is the
    number of skull placements plus its index, a pass's the number of skull placements and moves
    plus its player."""
    base = len(game._zone)
    passes = base + len(game._moves)
    add = base.__add__

    def legal_ids(legal: tuple[Any, ...]) -> tuple[int, ...]:
        moves = legal
        last: tuple[int, ...] = ()
        if legal and legal[-1].__class__ is Pass:
            moves, last = legal[:-1], (passes + legal[-1].player,)
        try:
            return (*map(add, sorted(map(_INDEX, moves))), *last)
        except (AttributeError, TypeError):  # not a move the board interned (never, for the
            pass  # game's own lists)
        index = {a: i for i, a in enumerate(action_universe(game))}
        missing = [a for a in legal if a not in index]
        if missing:
            raise InvalidStateError(f"kasteel: {quote(missing[0])} is not in the action universe")
        return tuple(sorted(index[a] for a in legal))

    return legal_ids


def observation_size(game: Kasteel) -> int:
    return 3 * game.board.size + 2 + 2


def observation(game: Kasteel, state: State) -> list[int]:
    """A plane of yellow knights, one of red knights and one of skulls (each a flag per square),
    the passes left of yellow and red, and who is to move (one-hot)."""
    size = game.board.size
    out: list[int] = []
    for squares in (*state.knights, state.skulls):
        plane = [0] * size
        for sq in squares:
            plane[sq] = 1
        out += plane
    out += list(state.passes)
    out += [int(state.to_move == p) for p in range(2)]
    return out
