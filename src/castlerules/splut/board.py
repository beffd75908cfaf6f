"""Splut! board geometry: the 41-square diamond, square names, neighbours, lines and start squares.

Squares are numbered ``9 * (row - 1) + (column - 1)`` on the 9 x 9 grid of columns a-i and rows 1-9;
only the 41 squares with ``|column - 5| + |row - 5| <= 4`` are on the board (interpretation
splut.interp.board-geometry). ``OFF`` (-1) stands for "no square": off the board, or a removed piece.
"""

from __future__ import annotations

import enum

from castlerules.core.reach import tabulation
from castlerules.core.registry import clause

OFF = -1
COLUMNS = "abcdefghi"


class Dir(enum.IntEnum):
    """The four orthogonal directions; north is towards row 9, east towards column i."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def opposite(self) -> Dir:
        return Dir((self + 2) % 4)


DELTAS = {Dir.N: (0, 1), Dir.E: (1, 0), Dir.S: (0, -1), Dir.W: (-1, 0)}


def index(column: int, row: int) -> int:
    """The square number of (column, row), both 1-9."""
    return 9 * (row - 1) + (column - 1)


def column_row(square: int) -> tuple[int, int]:
    return square % 9 + 1, square // 9 + 1


@clause("splut.onderdelen.spelbord")
@tabulation
def on_board(column: int, row: int) -> bool:
    """The diamond: |column - 5| + |row - 5| <= 4."""
    return 1 <= column <= 9 and 1 <= row <= 9 and abs(column - 5) + abs(row - 5) <= 4


#: The 41 board squares, in numeric order (row by row from row 1).
SQUARES: tuple[int, ...] = tuple(
    index(c, r) for r in range(1, 10) for c in range(1, 10) if on_board(c, r)
)
SQUARE_SET = frozenset(SQUARES)


def name(square: int) -> str:
    c, r = column_row(square)
    return f"{COLUMNS[c - 1]}{r}"


NAMES: dict[int, str] = {s: name(s) for s in SQUARES}
BY_NAME: dict[str, int] = {v: k for k, v in NAMES.items()}


@clause("splut.beweging.orthogonaal", "splut.beweging.aangrenzend", "splut.woorden.aangrenzend",
        "splut.woorden.beweging")
@tabulation
def _neighbour(square: int, d: Dir) -> int:
    """The square one step from ``square`` in direction ``d`` (orthogonal only), or OFF."""
    c, r = column_row(square)
    dc, dr = DELTAS[d]
    return index(c + dc, r + dr) if on_board(c + dc, r + dr) else OFF


#: NEXT[square][d]: the neighbour in direction d, or OFF (81 entries; OFF rows for off-board squares).
NEXT: tuple[tuple[int, int, int, int], ...] = tuple(
    tuple(_neighbour(s, d) for d in Dir) if s in SQUARE_SET else (OFF, OFF, OFF, OFF)  # type: ignore[misc]
    for s in range(81)
)


def _line(square: int, d: Dir) -> tuple[int, ...]:
    out = []
    nxt = NEXT[square][d]
    while nxt != OFF:
        out.append(nxt)
        nxt = NEXT[nxt][d]
    return tuple(out)


#: LINE[square][d]: the squares from ``square`` (exclusive) in direction d up to the edge.
LINE: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_line(s, d) for d in Dir) if s in SQUARE_SET else ((), (), (), ()) for s in range(81)
)

#: The opposite of each direction, as plain ints.
OPPOSITE: tuple[int, int, int, int] = (2, 3, 0, 1)

#: NEIGHBOURS[square]: the (direction, neighbour) pairs of a board square, in direction order.
NEIGHBOURS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((d, NEXT[s][d]) for d in range(4) if NEXT[s][d] != OFF) for s in range(81)
)

#: DIRECTION[(frm, to)]: the direction of a step between two orthogonal neighbours.
DIRECTION: dict[tuple[int, int], int] = {
    (s, y): d for s in SQUARES for d, y in NEIGHBOURS[s]
}

#: The four tips: the squares with exactly one neighbour.
TIPS: tuple[int, ...] = tuple(s for s in SQUARES if sum(n != OFF for n in NEXT[s]) == 1)


class Seat(enum.IntEnum):
    """The four sides of the board, in clockwise order (interpretation splut.interp.seating)."""

    SOUTH = 0
    WEST = 1
    NORTH = 2
    EAST = 3


#: Start squares per seat: (rock, dwarf, troll, sorcerer) (interpretation splut.interp.start-positions).
START: dict[Seat, tuple[str, str, str, str]] = {
    Seat.SOUTH: ("e1", "e2", "f2", "d2"),
    Seat.WEST: ("a5", "b5", "b4", "b6"),
    Seat.NORTH: ("e9", "e8", "d8", "f8"),
    Seat.EAST: ("i5", "h5", "h6", "h4"),
}

#: Seats in play per player count; player i sits at SEATS[n][i] (interpretation splut.interp.seating).
SEATS: dict[int, tuple[Seat, ...]] = {
    2: (Seat.SOUTH, Seat.NORTH),
    3: (Seat.SOUTH, Seat.WEST, Seat.NORTH),
    4: (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST),
}
