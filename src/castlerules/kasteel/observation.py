"""Kasteel observations for learning agents: ``(rows, columns, 12)`` int8 planes from the acting
player's view.

``obs[i, j, c]`` is the square in column ``j`` (``a`` = 0) and row ``rows - i`` for yellow, so the
array reads like the text picture (yellow's side at the bottom); for red the rows are mirrored
(row ``i + 1``), so the observer's own side is always at the bottom, as PettingZoo's chess flips the
board for black. Knights, key squares and passes are named "my" and "the opponent's", so "my
knights" is always channel 0. ``CHANNELS`` is the table of channels the documentation prints.
Counts (passes, skulls to place) are broadcast over every cell and capped at 127 (int8).
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

from castlerules.kasteel.board import Kind
from castlerules.kasteel.state import State

if TYPE_CHECKING:
    from castlerules.kasteel.game import Kasteel

#: (name, description) of every channel, in channel order.
CHANNELS: tuple[tuple[str, str], ...] = (
    ("my knights", "1 on every square with one of my knights"),
    ("opponent's knights", "1 on every square with one of the opponent's knights"),
    ("wall", "1 on every wall square (knights start on walls)"),
    ("canal", "1 on every canal square"),
    ("my key square", "1 on my own key square"),
    ("opponent's key square", "1 on the opponent's key square (a knight of mine there wins)"),
    ("skull", "1 on every skull placed so far"),
    ("ground", "1 on every ground square (canal and key squares included), 0 on walls"),
    ("my turn", "all 1 when I am to move"),
    ("my passes", "the passes I have left, on every cell (at most 127)"),
    ("opponent's passes", "the passes the opponent has left, on every cell (at most 127)"),
    ("skulls to place", "how many skulls chance still places, on every cell"),
)
NUM_CHANNELS = len(CHANNELS)
_CAP = 127
#: (low, high) of the channels that are counts (every other channel is 0 or 1).
LIMITS: dict[int, tuple[int, int]] = {9: (0, _CAP), 10: (0, _CAP), 11: (0, _CAP)}


def shape(game: Kasteel) -> tuple[int, int, int]:
    """``(rows, columns, channels)`` of the game's board."""
    return game.board.height, game.board.width, NUM_CHANNELS


def cell(game: Kasteel, player: int, square: int) -> tuple[int, int]:
    """``(i, j)`` of board square ``square`` in ``player``'s observation."""
    board = game.board
    row, column = divmod(square, board.width)
    return (board.height - 1 - row if player == 0 else row), column


def encode(game: Kasteel, state: State, player: int) -> array[int]:
    """The observation of ``state`` for ``player``: ``shape(game)`` int8 values in C order."""
    board = game.board
    width, height, c = board.width, board.height, NUM_CHANNELS
    out = array("b", bytes(width * height * c))

    def at(square: int) -> int:
        row, column = divmod(square, width)
        i = height - 1 - row if player == 0 else row
        return (i * width + column) * c

    for square, kind in enumerate(board.kinds):
        base = at(square)
        if kind is Kind.WALL:
            out[base + 2] = 1
        else:
            out[base + 7] = 1
            if kind is Kind.CANAL:
                out[base + 3] = 1
    for channel, squares in ((0, state.knights[player]), (1, state.knights[1 - player]),
                             (6, state.skulls)):
        for square in squares:
            out[at(square) + channel] = 1
    out[at(board.keys[player]) + 4] = 1
    out[at(board.keys[1 - player]) + 5] = 1
    cells = width * height
    values = {
        8: int(state.to_move == player),
        9: min(state.passes[player], _CAP),
        10: min(state.passes[1 - player], _CAP),
        11: max(0, min(game.skull_count - len(state.skulls), _CAP)),
    }
    for channel, value in values.items():
        if value:
            out[channel::c] = array("b", bytes([value]) * cells)
    return out
