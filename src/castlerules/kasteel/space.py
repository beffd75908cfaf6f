"""The Kasteel action universe, and a fixed-length observation for the adapters.

The universe lists every skull placement on the board's skull zone (chance outcomes), then per
player every move from any square to any square of its row or column (nearest first, in the
board's direction order) and the pass.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from castlerules.kasteel.state import Pass, PlaceSkull, State

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
        *(PlaceSkull(sq) for sq in board.skull_zone()),
        *moves,
        *(Pass(p) for p in range(game.num_players)),
    )


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
