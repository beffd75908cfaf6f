"""The Kasteel board as data: the map format, its limits and validation, square names and lines.

A map is text (see ``specs/boards/kasteel-default.txt``): one line per row from the top row down to
row 1, each ``<row number> <symbol> <symbol> ...``, and a last line naming the columns. Symbols:
``.`` ground, ``#`` wall, ``C`` canal, ``y``/``r`` the yellow/red key square, ``Y``/``R`` a
yellow/red knight standing on a wall square at the start. Lines starting with ``;`` are comments.

Limits: 3 to ``MAX_COLUMNS`` columns (named ``a`` ...) and 3 to ``MAX_ROWS`` rows (numbered from 1),
so every square has a name of at most three characters; a map's text is at most
``castlerules.core.source.MAX_BOARD_BYTES`` bytes. A map is read in one pass over its text, and the
lines of the board (below) take time and memory in proportion to squares x (rows + columns), at most
26 x 26 x 52.

Squares are numbered ``row * width + column`` from 0, row 0 being row 1 (yellow's side). The
position notation and every message use square names (``j4``), never these numbers.
"""

from __future__ import annotations

import enum
import functools
import string
from typing import Any

import attrs

from castlerules.core.errors import InvalidOptionError, SpecError, quote
from castlerules.core.registry import clause
from castlerules.core.source import board_source
from castlerules.core.spec import read_text

#: The packaged maps: name -> file under ``castlerules.specs``.
PACKAGED = {"kasteel-default": "boards/kasteel-default.txt"}
DEFAULT_NAME = "kasteel-default"
DEFAULT_BOARD = PACKAGED[DEFAULT_NAME]
MAX_COLUMNS = 26
MAX_ROWS = 26
YELLOW, RED = 0, 1
PLAYER_NAMES = ("yellow", "red")
#: The four orthogonal directions as (column step, row step): north, east, south, west.
DIRECTIONS = ((0, 1), (1, 0), (0, -1), (-1, 0))
NORTH, EAST, SOUTH, WEST = range(4)


class Kind(enum.IntEnum):
    """What a square is made of. Canal and key squares are ground squares."""

    GROUND = 0
    WALL = 1
    CANAL = 2
    KEY = 3


SYMBOLS = {".": Kind.GROUND, "#": Kind.WALL, "C": Kind.CANAL, "y": Kind.KEY, "r": Kind.KEY,
           "Y": Kind.WALL, "R": Kind.WALL}


def square_name(width: int, sq: int) -> str:
    """The name of square ``sq`` on a board ``width`` columns wide (``j4``)."""
    return f"{string.ascii_lowercase[sq % width]}{sq // width + 1}"


def parse_square(width: int, height: int, name: Any) -> int:
    """The square a name such as ``j4`` names on a ``width`` x ``height`` board; ValueError with a
    short message if none (ASCII digits only, no leading zero)."""
    if not isinstance(name, str) or not 2 <= len(name) <= 3:
        raise ValueError(f"{quote(name)} is not a square name such as 'j4'")
    col = string.ascii_lowercase.find(name[0])
    digits = name[1:]
    if col < 0 or not (digits.isascii() and digits.isdigit()) or digits.startswith("0"):
        raise ValueError(f"{quote(name)} is not a square name such as 'j4'")
    row = int(digits) - 1
    if col >= width or not 0 <= row < height:
        raise ValueError(f"there is no square {name} on this {width}x{height} board")
    return row * width + col


@attrs.frozen(slots=True)
class Board:
    """A validated map: the kind of every square, the key squares and the starting knights.

    ``source`` is how a game's options name the map: the packaged name or the map text."""

    width: int
    height: int
    kinds: tuple[Kind, ...]
    keys: tuple[int, int]  # the key square of yellow, of red
    start: tuple[frozenset[int], frozenset[int]]  # starting knights of yellow, of red
    source: str = attrs.field(default=DEFAULT_NAME, eq=False, repr=False)
    #: ``rays[sq][d]``: the squares from ``sq`` outwards in direction ``d``, nearest first.
    rays: tuple[tuple[tuple[int, ...], ...], ...] = attrs.field(eq=False, repr=False, default=())

    @property
    def size(self) -> int:
        return self.width * self.height

    def is_wall(self, sq: int) -> bool:
        return self.kinds[sq] is Kind.WALL

    def is_canal(self, sq: int) -> bool:
        return self.kinds[sq] is Kind.CANAL

    def name(self, sq: Any) -> str:
        """The square's name, such as ``j4``; ValueError for a number that is not a square."""
        if not isinstance(sq, int) or isinstance(sq, bool) or not 0 <= sq < self.size:
            raise ValueError(f"{quote(sq)} is not a square of this board")
        return square_name(self.width, sq)

    def square(self, name: Any) -> int:
        """The square a name such as ``j4`` names; ValueError if none."""
        return parse_square(self.width, self.height, name)

    def names(self, squares: Any) -> str:
        """Square names in board order, separated by spaces."""
        return " ".join(self.name(s) for s in sorted(squares))

    def line(self, frm: int, to: int) -> tuple[int, int] | None:
        """(direction, index of ``to`` on the ray from ``frm``) if ``to`` is on a line with
        ``frm``; else None."""
        if not (0 <= frm < self.size and 0 <= to < self.size) or frm == to:
            return None
        fc, fr, tc, tr = frm % self.width, frm // self.width, to % self.width, to // self.width
        if fc == tc:
            return (NORTH, tr - fr - 1) if tr > fr else (SOUTH, fr - tr - 1)
        if fr == tr:
            return (EAST, tc - fc - 1) if tc > fc else (WEST, fc - tc - 1)
        return None

    @clause("kasteel.kanalen.schedels")
    def skull_zone(self, anywhere: bool = False) -> tuple[int, ...]:
        """Where skulls may be placed (interpretation kasteel.interp.skull-zone): the plain ground
        squares without a starting knight in the three middle rows (rows 9-11 of the 19-row
        board); with ``anywhere``, every square that is not a canal, a key square or a starting
        knight's square (so no square ever costs two passes)."""
        occupied = self.start[0] | self.start[1]
        if anywhere:
            return tuple(
                sq for sq in range(self.size)
                if self.kinds[sq] in (Kind.GROUND, Kind.WALL) and sq not in occupied
            )
        mid = self.height // 2
        rows = range(max(0, mid - 1), min(self.height, mid + 2))
        return tuple(
            r * self.width + c
            for r in rows
            for c in range(self.width)
            if self.kinds[r * self.width + c] is Kind.GROUND and r * self.width + c not in occupied
        )


def _rays(width: int, height: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    out = []
    for sq in range(width * height):
        c0, r0 = sq % width, sq // width
        per_dir = []
        for dc, dr in DIRECTIONS:
            n = 0
            c, r = c0 + dc, r0 + dr
            while 0 <= c < width and 0 <= r < height:
                n += 1
                c, r = c + dc, r + dr
            step = dr * width + dc
            per_dir.append(tuple(sq + step * k for k in range(1, n + 1)))
        out.append(tuple(per_dir))
    return tuple(out)


def _fail(where: str, message: str) -> SpecError:
    return SpecError(f"{where}: {message}")


@clause("kasteel.begin.muren", "kasteel.doel.sleutel")
def parse_board(text: str, where: str = "board", source: str | None = None) -> Board:
    """Parse and validate a map; SpecError says what is wrong and where (never quoting more than a
    few characters of the text)."""
    if not isinstance(text, str):
        raise _fail(where, "a map is text")
    lines = []
    for raw in text.splitlines():
        stripped = raw.strip()
        if stripped and not stripped.startswith(";"):
            lines.append(stripped)
        if len(lines) > MAX_ROWS + 1:
            raise _fail(where, f"more than {MAX_ROWS} rows: a map has at most {MAX_ROWS}")
    if len(lines) < 4:
        raise _fail(where, "expected at least 3 rows and a line of column names")
    *rows, footer = lines
    columns = footer.split()
    height, width = len(rows), len(columns)
    if not 3 <= width <= MAX_COLUMNS or columns != list(string.ascii_lowercase[:width]):
        raise _fail(where, f"the last line must name 3 to {MAX_COLUMNS} columns a, b, c, ...")
    grid: list[list[str]] = []
    for i, line in enumerate(rows):
        number, *cells = line.split()
        expected = height - i
        if number != str(expected):
            raise _fail(where, f"line {i + 1} of the map must start with the row number {expected}")
        if len(cells) != width:
            raise _fail(where, f"row {expected} has {len(cells)} squares, expected {width}")
        for c, cell in enumerate(cells):
            if cell not in SYMBOLS:
                name = square_name(width, c)[0] + str(expected)
                raise _fail(where, f"{name}: unknown symbol; use . # C y r Y R")
        grid.append(cells)
    symbols = [s for row in reversed(grid) for s in row]  # rows come top first; a1 first
    kinds = tuple(SYMBOLS[s] for s in symbols)
    keys = []
    for sym, who in (("y", "yellow"), ("r", "red")):
        found = [i for i, s in enumerate(symbols) if s == sym]
        if len(found) != 1:
            raise _fail(where, f"expected exactly one {who} key square {sym!r}, found {len(found)}")
        keys.append(found[0])
    start = []
    for sym, who in (("Y", "yellow"), ("R", "red")):
        found = [i for i, s in enumerate(symbols) if s == sym]
        if not found:
            raise _fail(where, f"{who} has no knights ({sym!r})")
        start.append(frozenset(found))
    return Board(
        width=width,
        height=height,
        kinds=kinds,
        keys=(keys[0], keys[1]),
        start=(start[0], start[1]),
        source=text if source is None else source,
        rays=_rays(width, height),
    )


@functools.lru_cache(maxsize=16)
def _parse_cached(text: str, where: str, source: str) -> Board:
    return parse_board(text, where, source)


def default_board() -> Board:
    """The packaged default map."""
    return _parse_cached(read_text(DEFAULT_BOARD), DEFAULT_BOARD, DEFAULT_NAME)


def load_board(value: Any = None) -> Board:
    """The map a ``board`` option names: ``None`` or a packaged name (``"kasteel-default"``), map
    text, or — from a programmer's own call only — the path of a map file (see
    ``castlerules.core.source.board_source``). The board's ``source`` is what a game stores in its
    options: the packaged name, or the text (never a path). InvalidOptionError if it cannot be
    read or is malformed; the message never quotes the file's content."""
    if value is None:
        return default_board()
    text, stored = board_source(value, PACKAGED)
    where = "board" if stored in PACKAGED or "\n" in str(value) else f"board {quote(str(value))}"
    try:
        board = _parse_cached(text, where, stored)
    except SpecError as exc:
        raise InvalidOptionError(str(exc)) from None
    if board == default_board():
        return default_board()
    return board


def render_map(board: Board) -> str:
    """The map text of a board (without comments); ``parse_board`` reads it back."""
    inv = {Kind.GROUND: ".", Kind.WALL: "#", Kind.CANAL: "C"}
    lines = []
    for r in range(board.height - 1, -1, -1):
        cells = []
        for c in range(board.width):
            sq = r * board.width + c
            if sq == board.keys[YELLOW]:
                cells.append("y")
            elif sq == board.keys[RED]:
                cells.append("r")
            elif sq in board.start[YELLOW]:
                cells.append("Y")
            elif sq in board.start[RED]:
                cells.append("R")
            else:
                cells.append(inv[board.kinds[sq]])
        lines.append(f"{r + 1:>2} " + " ".join(cells))
    lines.append("   " + " ".join(string.ascii_lowercase[: board.width]))
    return "\n".join(lines) + "\n"
