"""Splut! observations for learning agents: ``(9, 9, 28)`` int8 planes from the acting player's view.

The board is turned so that the observer's seat is always at the bottom (the south side of the text
picture): ``obs[i, j, c]`` is the square in column ``j`` (``a`` = 0) and row ``9 - i`` of the
*turned* board, so the array reads like the picture with the observer sitting below it. Players are
named relative to the observer in turn order ("me", "the next player", "the 2nd player after me",
"the 3rd player after me"), so "my sorcerer" is always channel 0, whatever seat the observer has.
The shape is the same for 2, 3 and 4 players (the planes of absent players stay zero).
``CHANNELS`` is the table of channels the documentation prints.

This module needs nothing beyond the standard library; the adapters turn its flat ``array('b')``
(C order) into NumPy arrays.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

from castlerules.splut.board import OFF, SEATS, SQUARES, column_row
from castlerules.splut.state import Lev, State

if TYPE_CHECKING:
    from castlerules.splut.game import Splut

ROWS = COLUMNS = 9
#: The most players a game has: piece planes exist for this many relative players.
MAX_PLAYERS = 4
_WHO = ("my", "the next player's", "the 2nd player after me:", "the 3rd player after me:")
_REL = ("me", "the next player", "the 2nd player after me", "the 3rd player after me")
_KINDS = ("sorcerer", "troll", "dwarf")

#: (name, description) of every channel, in channel order.
CHANNELS: tuple[tuple[str, str], ...] = (
    *(
        (f"{_WHO[r]} {kind}", f"1 on the square of my {kind}" if r == 0
         else f"1 on the square of the {kind} of {_REL[r]} (in turn order)")
        for r in range(MAX_PLAYERS)
        for kind in _KINDS
    ),
    ("rock", "1 on every rock square (a rock under a troll included)"),
    ("rock moved before", "1 on a rock the previous player moved (it may not be moved back at once)"),
    ("rock moved now", "1 on a rock moved in this turn"),
    ("troll must throw", "1 on the troll that stepped onto a rock and must throw it now"),
    ("levitated rock", "1 on the rock a sorcerer is levitating in this turn"),
    ("board", "1 on the 41 squares of the diamond, 0 on the grid corners off the board"),
    *((f"to move: {_REL[r]}", f"all 1 when {_REL[r]} is to move") for r in range(MAX_PLAYERS)),
    *((f"steps left: {k}", f"all 1 when {k} step(s) of this turn are left") for k in (1, 2, 3)),
    ("levitation unused", "all 1 while no sorcerer has levitated a rock this turn"),
    ("levitation active", "all 1 while a levitation is going on (see 'levitated rock')"),
    ("levitation done", "all 1 once levitation has stopped for this turn"),
)
NUM_CHANNELS = len(CHANNELS)
_ROCK = 3 * MAX_PLAYERS
_TO_MOVE = _ROCK + 6
_STEPS = _TO_MOVE + MAX_PLAYERS
_LEV = _STEPS + 3


def _turned(seat: int) -> dict[int, int]:
    """Cell index ``9 * i + j`` of every board square, the board turned so ``seat`` is south."""
    cells = {}
    for square in SQUARES:
        c, r = column_row(square)
        x, y = c - 5, r - 5
        for _ in range(seat):  # a quarter turn anticlockwise brings the seat on its left down
            x, y = -y, x
        cells[square] = (4 - y) * COLUMNS + (x + 4)
    return cells


_CELLS = tuple(_turned(seat) for seat in range(4))


def shape(game: Splut) -> tuple[int, int, int]:
    """``(rows, columns, channels)``: the same for every player count."""
    return ROWS, COLUMNS, NUM_CHANNELS


def cell(game: Splut, player: int, square: int) -> tuple[int, int]:
    """``(i, j)`` of board square ``square`` in ``player``'s observation."""
    found = _CELLS[SEATS[game.num_players][player]][square]
    return divmod(found, COLUMNS)


def encode(game: Splut, state: State, player: int) -> array[int]:
    """The observation of ``state`` for ``player``: ``shape(game)`` int8 values in C order."""
    n = game.num_players
    cells = _CELLS[SEATS[n][player]]
    out = array("b", bytes(ROWS * COLUMNS * NUM_CHANNELS))
    c = NUM_CHANNELS

    def mark(square: int, channel: int) -> None:
        if square != OFF:
            out[cells[square] * c + channel] = 1

    for p, trio in enumerate(state.pieces):
        rel = (p - player) % n
        for kind, square in enumerate(trio):
            mark(square, 3 * rel + kind)
    for square in state.rocks:
        mark(square, _ROCK)
    for square in state.moved_before:
        mark(square, _ROCK + 1)
    for square in state.moved_now:
        mark(square, _ROCK + 2)
    mark(state.throw_from, _ROCK + 3)
    if state.lev is Lev.ACTIVE:
        mark(state.lev_rock, _ROCK + 4)
    for square in SQUARES:
        out[cells[square] * c + _ROCK + 5] = 1
    broadcast = [_TO_MOVE + (state.to_move - player) % n, _LEV + int(state.lev)]
    if 1 <= state.steps_left <= 3:
        broadcast.append(_STEPS + state.steps_left - 1)
    for channel in broadcast:
        out[channel::c] = array("b", b"\x01" * (ROWS * COLUMNS))
    return out
