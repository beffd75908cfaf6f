"""The Kasteel board as data: the map format, its validation, square names and the line geometry.

A map is a text file (see ``specs/boards/kasteel-default.txt``): one line per row from the top row
down to row 1, each ``<row number> <symbol> <symbol> ...``, and a last line naming the columns.
Symbols: ``.`` ground, ``#`` wall, ``C`` canal, ``y``/``r`` the yellow/red key square, ``Y``/``R`` a
yellow/red knight standing on a wall square at the start. Lines starting with ``;`` are comments.

Squares are numbered ``row * width + column`` from 0, row 0 being row 1 (yellow's side).
"""

from __future__ import annotations

import enum
import functools
import string
from pathlib import Path

import attrs

from castlerules.core.errors import InvalidOptionError, SpecError
from castlerules.core.registry import clause
from castlerules.core.spec import read_text

DEFAULT_BOARD = "boards/kasteel-default.txt"
YELLOW, RED = 0, 1
PLAYER_NAMES = ("yellow", "red")
#: The four orthogonal directions as (column step, row step): north, east, south, west.
DIRECTIONS = ((0, 1), (1, 0), (0, -1), (-1, 0))


class Kind(enum.IntEnum):
    """What a square is made of. Canal and key squares are ground squares."""

    GROUND = 0
    WALL = 1
    CANAL = 2
    KEY = 3


SYMBOLS = {".": Kind.GROUND, "#": Kind.WALL, "C": Kind.CANAL, "y": Kind.KEY, "r": Kind.KEY,
           "Y": Kind.WALL, "R": Kind.WALL}


@attrs.frozen(slots=True)
class Board:
    """A validated map: the kind of every square, the key squares and the starting knights."""

    width: int
    height: int
    kinds: tuple[Kind, ...]
    keys: tuple[int, int]  # the key square of yellow, of red
    start: tuple[frozenset[int], frozenset[int]]  # starting knights of yellow, of red
    #: ``rays[sq][d]``: the squares from ``sq`` outwards in direction ``d``, nearest first.
    rays: tuple[tuple[tuple[int, ...], ...], ...] = attrs.field(eq=False, repr=False)

    @property
    def size(self) -> int:
        return self.width * self.height

    def is_wall(self, sq: int) -> bool:
        return self.kinds[sq] is Kind.WALL

    def name(self, sq: int) -> str:
        """The square's name, such as ``j4`` (column letter, row number from 1)."""
        return f"{string.ascii_lowercase[sq % self.width]}{sq // self.width + 1}"

    def square(self, name: str) -> int:
        """The square a name such as ``j4`` names; ValueError if none."""
        if not isinstance(name, str) or len(name) < 2:
            raise ValueError(f"not a square name: {name!r}")
        col = string.ascii_lowercase.find(name[0])
        digits = name[1:]
        if col < 0 or col >= self.width or not digits.isdigit() or digits.startswith("0"):
            raise ValueError(f"no square {name!r} on a {self.width}x{self.height} board")
        row = int(digits) - 1
        if not 0 <= row < self.height:
            raise ValueError(f"no square {name!r} on a {self.width}x{self.height} board")
        return row * self.width + col

    @clause("kasteel.kanalen.schedels")
    def skull_zone(self) -> tuple[int, ...]:
        """Where skulls may be placed: the plain ground squares without a starting knight in the
        three middle rows (rows 9-11 of the 19-row board; interpretation kasteel.interp.skull-squares)."""
        mid = self.height // 2
        rows = range(max(0, mid - 1), min(self.height, mid + 2))
        occupied = self.start[0] | self.start[1]
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
            ray = []
            c, r = c0 + dc, r0 + dr
            while 0 <= c < width and 0 <= r < height:
                ray.append(r * width + c)
                c, r = c + dc, r + dr
            per_dir.append(tuple(ray))
        out.append(tuple(per_dir))
    return tuple(out)


@clause("kasteel.begin.muren", "kasteel.doel.sleutel")
def parse_board(text: str, where: str = "board") -> Board:
    """Parse and validate a map; SpecError says what is wrong and where."""
    lines = [ln.rstrip() for ln in text.splitlines()]
    lines = [ln for ln in lines if ln.strip() and not ln.lstrip().startswith(";")]
    if len(lines) < 4:
        raise SpecError(f"{where}: expected at least 3 rows and a line of column names")
    *rows, footer = lines
    columns = footer.split()
    height = len(rows)
    width = len(columns)
    if not 3 <= width <= 26 or columns != list(string.ascii_lowercase[:width]):
        raise SpecError(f"{where}: the last line must name 3 to 26 columns a, b, c, ...; got {footer!r}")
    grid: list[list[str]] = []
    for i, line in enumerate(rows):
        number, *cells = line.split()
        expected = height - i
        if number != str(expected):
            raise SpecError(f"{where}: row {i + 1} of the map must be numbered {expected}, got {number!r}")
        if len(cells) != width:
            raise SpecError(f"{where}: row {expected} has {len(cells)} squares, expected {width}")
        bad = [c for c in cells if c not in SYMBOLS]
        if bad:
            raise SpecError(f"{where}: row {expected}: unknown symbol {bad[0]!r}; use . # C y r Y R")
        grid.append(cells)
    grid.reverse()  # grid[0] is row 1
    symbols = [s for row in grid for s in row]
    kinds = tuple(SYMBOLS[s] for s in symbols)
    keys = []
    for sym, who in (("y", "yellow"), ("r", "red")):
        found = [i for i, s in enumerate(symbols) if s == sym]
        if len(found) != 1:
            raise SpecError(f"{where}: expected exactly one {who} key square {sym!r}, found {len(found)}")
        keys.append(found[0])
    start = []
    for sym, who in (("Y", "yellow"), ("R", "red")):
        found = [i for i, s in enumerate(symbols) if s == sym]
        if not found:
            raise SpecError(f"{where}: {who} has no knights ({sym!r})")
        start.append(frozenset(found))
    return Board(
        width=width,
        height=height,
        kinds=kinds,
        keys=(keys[0], keys[1]),
        start=(start[0], start[1]),
        rays=_rays(width, height),
    )


@functools.cache
def _parse_cached(text: str, where: str) -> Board:
    return parse_board(text, where)


def load_board(path: str | None = None) -> Board:
    """The default map (packaged data) or the map file at ``path``; InvalidOptionError if the file
    cannot be read, SpecError if it is malformed."""
    if path is None:
        return _parse_cached(read_text(DEFAULT_BOARD), DEFAULT_BOARD)
    if not isinstance(path, str):
        raise InvalidOptionError(f"board must be the path of a map file, got {path!r}")
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InvalidOptionError(f"board: cannot read {path!r}: {exc}") from exc
    return _parse_cached(text, path)


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
