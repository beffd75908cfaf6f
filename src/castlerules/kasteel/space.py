"""The Kasteel action universe, its ids for the adapters, and a fixed-length observation.

The universe lists every skull placement on the game's skull zone (chance outcomes), then per
player every move from any square to any square of its row or column (nearest first, in the
board's direction order) and the pass. Its objects are the very objects the game lists as legal
actions (interned once per board and per game), so ``legal_ids`` finds an action's id by the
object's identity instead of hashing it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from castlerules.core.cache import BoundedCache
from castlerules.core.errors import InvalidStateError, quote
from castlerules.kasteel.state import State

if TYPE_CHECKING:
    from castlerules.kasteel.rules import Kasteel


def action_universe(game: Kasteel) -> tuple[Any, ...]:
    from castlerules.kasteel.rules import interned_moves

    board = game.board
    interned = interned_moves(board)
    size = board.size
    moves = tuple(
        interned[(p * size + frm) * size + to]
        for p in range(game.num_players)
        for frm in range(board.size)
        for ray in board.rays[frm]
        for to in ray
    )
    return (
        *(game._skull_actions[sq] for sq in game._zone),
        *moves,
        *game._passes_of,
    )


#: Per game: (the game, its universe, the id of each universe object by ``id(object)``).
_TABLES: BoundedCache[int, tuple[Any, tuple[Any, ...], dict[int, int]]] = BoundedCache(16)


def legal_ids(game: Kasteel, state: State, player: int | None, legal: tuple[Any, ...]
              ) -> tuple[int, ...]:
    """The sorted universe ids of ``legal`` (the actions the game just listed), by identity; an
    action that is not a universe object (never, for the game's own lists) is looked up by value."""
    found = _TABLES.get(id(game))
    if found is None or found[0] is not game:
        universe = action_universe(game)
        found = _TABLES.put(id(game), (game, universe, {id(a): i for i, a in enumerate(universe)}))
    by_id = found[2]
    try:
        return tuple(sorted(map(by_id.__getitem__, map(id, legal))))
    except KeyError:
        index = {a: i for i, a in enumerate(found[1])}
        missing = [a for a in legal if a not in index]
        if missing:
            raise InvalidStateError(f"kasteel: {quote(missing[0])} is not in the action universe"
                                    ) from None
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
