"""The Kasteel action universe, its ids for the adapters, and a fixed-length observation.

The universe lists every skull placement on the game's skull zone (chance outcomes), then every
move of yellow and then of red from any square to any square of its row or column (by square,
then in the board's direction order, nearest first), then the passes. Its moves are the very
objects the game lists as legal (interned once per board, ``rules.interned_moves``), and each
knows its place among them (``Move.index``), so ``legal_ids`` neither hashes nor looks up a move.
"""

from __future__ import annotations

import functools
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from castlerules.core.errors import InvalidStateError, quote
from castlerules.kasteel.state import Pass, State

if TYPE_CHECKING:
    from castlerules.kasteel.rules import Kasteel

_INDEX = attrgetter("index")


@functools.lru_cache(maxsize=8)
def _ids(base: int, count: int) -> tuple[int, ...]:
    """The ids of the moves by index (made once, so mapping a move to its id makes no int)."""
    return tuple(range(base, base + count))


def action_universe(game: Kasteel) -> tuple[Any, ...]:
    from castlerules.kasteel.rules import interned_moves

    moves = tuple(interned_moves(game.board).values())  # in the order of their index
    assert all(m.index == i for i, m in enumerate(moves))
    return (
        *(game._skull_actions[sq] for sq in game._zone),
        *moves,
        *game._passes_of,
    )


def legal_ids(game: Kasteel, state: State, player: int | None, legal: tuple[Any, ...]
              ) -> tuple[int, ...]:
    """The ascending universe ids of ``legal`` (the actions the game just listed: moves sorted by
    square, or a pass, or both): a move's id is the number of skull placements plus its index."""
    base = len(game._zone)
    moves = legal
    last: tuple[int, ...] = ()
    if legal and legal[-1].__class__ is Pass:
        moves, last = legal[:-1], (base + len(game._moves) + legal[-1].player,)
    try:
        return (*map(base.__add__, sorted(map(_INDEX, moves))), *last)
    except (AttributeError, TypeError):  # not a move the board interned (never, for the game's
        pass  # own lists)
    index = {a: i for i, a in enumerate(action_universe(game))}
    missing = [a for a in legal if a not in index]
    if missing:
        raise InvalidStateError(f"kasteel: {quote(missing[0])} is not in the action universe")
    return tuple(sorted(index[a] for a in legal))


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
