"""Kasteel notation: actions (``f1-g1``, ``h2xh3``, ``skull j10``, ``pass``) and positions.

Actions
-------

===========================  ==============================================================
``f1-g1``                    the knight on f1 moves to the empty square g1
``h2xh3``                    the knight on h2 captures the opposing knight on h3
``skull j10``                chance: a skull falls on j10 (before the first move)
``pass``                     the player to move passes (he has knights but no legal move)
``p0 f1-g1``, ``p1 pass``    the same with the player named (``p0`` yellow, ``p1`` red)
===========================  ==============================================================

Only one player may act at a time, so the player prefix is accepted but never needed; text without
it is the move of the player to move. ``x`` means a capture and ``-`` a move to an empty square: a
wrong marker is refused (``h2-h3`` when a red knight stands on h3). Letters may be upper or lower
case. Square names are a column letter and a row number from 1 (``a1`` is yellow's bottom left).

Positions
---------

A position is one line of four fields separated by single spaces, in the spirit of FEN::

    <knights> <to move> <passes> <skulls>

``<knights>``
    The rows from the top row (19 on the default board) down to row 1, separated by ``/``. In a
    row, ``Y`` is a yellow knight, ``R`` a red knight, and a number counts empty squares (``19``
    is an empty row of the default board). Walls, canals and key squares belong to the board, not
    to the position.
``<to move>``
    ``y`` (yellow) or ``r`` (red).
``<passes>``
    The passes yellow and red have left, as ``<yellow>,<red>``.
``<skulls>``
    The skull squares placed so far in board order (row 1 first, and from ``a`` within a row),
    separated by commas (``j10,i11,k11,s11``), or ``-`` for none.
    While fewer skulls are placed than the game's option says, the game is at its chance node.

The start of the default game (level 1, before the skulls fall), ``START``::

    5R7R5/7R3R7/19/19/19/7R3R7/19/2R13R2/19/19/19/2Y13Y2/19/7Y3Y7/19/19/19/7Y3Y7/5Y7Y5 y 8,8 -

After the skulls fall on i11, j10, k11 and s11 and yellow plays ``c8-c9``::

    5R7R5/7R3R7/19/19/19/7R3R7/19/2R13R2/19/19/19/2Y13Y2/19/7Y3Y7/19/19/19/7Y3Y7/5Y7Y5 y 8,8 j10,i11,k11,s11
    5R7R5/7R3R7/19/19/19/7R3R7/19/2R13R2/19/19/2Y16/16Y2/19/7Y3Y7/19/19/19/7Y3Y7/5Y7Y5 r 8,8 j10,i11,k11,s11

A malformed text raises ``castlerules.ParseError`` naming the column (``column 17: ...``); a
well-formed text of an impossible position (two knights too many, passes above the level's) raises
``castlerules.InvalidStateError`` naming the field. ``repr(state)`` is the call that rebuilds the
state: ``castlerules.position('kasteel', '<text>')`` (with the game's options when they are not
the defaults).
"""

from __future__ import annotations

import re
from typing import Any

import attrs

from castlerules.core.errors import InvalidActionError, ParseError, quote
from castlerules.core.jsonio import int_range, parse_int
from castlerules.core.written import repr_writer
from castlerules.kasteel.board import PLAYER_NAMES, Board, square_name
from castlerules.kasteel.state import Move, Pass, PlaceSkull, State

START = (
    "5R7R5/7R3R7/19/19/19/7R3R7/19/2R13R2/19/19/19/2Y13Y2/19/7Y3Y7/19/19/19/7Y3Y7/5Y7Y5 y 8,8 -"
)
_SIDES = {"y": 0, "r": 1}
_MOVE = re.compile(r"^([a-z][0-9]{1,2})([-x])([a-z][0-9]{1,2})$")
_PREFIX = re.compile(r"^p([0-9]+)$")


@attrs.frozen(slots=True)
class Origin:
    """How ``repr`` and ``str`` name and draw the states of a game: its board's size, the options
    of the call, and the board itself (None: the default board)."""

    width: int
    height: int
    options: str = ""
    board: Board | None = attrs.field(default=None, eq=False, repr=False)


DEFAULT_ORIGIN = Origin(19, 19)


# -- positions ---------------------------------------------------------------------------------


def placement(width: int, height: int, knights: tuple[frozenset[int], frozenset[int]]) -> str:
    rows = []
    for r in range(height - 1, -1, -1):
        cells, empty = [], 0
        for c in range(width):
            sq = r * width + c
            letter = "Y" if sq in knights[0] else "R" if sq in knights[1] else ""
            if letter:
                if empty:
                    cells.append(str(empty))
                cells.append(letter)
                empty = 0
            else:
                empty += 1
        if empty:
            cells.append(str(empty))
        rows.append("".join(cells))
    return "/".join(rows)


def position_text(width: int, height: int, state: State) -> str:
    """The position text of ``state`` on a ``width`` x ``height`` board."""
    skulls = ",".join(square_name(width, s) for s in sorted(state.skulls)) or "-"
    side = "yr"[state.to_move] if state.to_move in (0, 1) else "?"
    return (
        f"{placement(width, height, state.knights)} {side} "
        f"{state.passes[0]},{state.passes[1]} {skulls}"
    )


def origin_of(state: State) -> Origin:
    """How ``state``'s game names and draws it (the default board's when no game made it)."""
    return state.origin if isinstance(state.origin, Origin) else DEFAULT_ORIGIN


@repr_writer(State)
def position_repr(state: State) -> str:
    """``castlerules.position('kasteel', TEXT[, options])``: the call that rebuilds ``state``
    (``repr(state)``; a state with squares off its board shows its fields, see ``core.written``)."""
    origin = origin_of(state)
    size = origin.width * origin.height
    squares = [*state.knights[0], *state.knights[1], *state.skulls]
    if not all(isinstance(s, int) and 0 <= s < size for s in squares):
        raise ValueError("a square off the board")
    text = position_text(origin.width, origin.height, state)
    return f"castlerules.position('kasteel', {text!r}{origin.options})"


def _fail(column: int, message: str) -> ParseError:
    return ParseError(f"column {column}: {message}")


def _row(board: Board, text: str, start: int, row: int, out: tuple[set[int], set[int]]) -> None:
    """Read one row of the placement (``text`` starts at column ``start``)."""
    col, i = 0, 0
    while i < len(text):
        ch = text[i]
        column = start + i
        if ch in "0123456789":
            j = i
            while j < len(text) and text[j] in "0123456789":
                j += 1
            if ch == "0" or j - i > 2:
                raise _fail(column, f"{quote(text[i:j])} is not a count of empty squares")
            col += int(text[i:j])
            i = j
        elif ch in "YyRr":
            if col < board.width:
                out[0 if ch in "Yy" else 1].add(row * board.width + col)
            col += 1
            i += 1
        else:
            raise _fail(column, f"{quote(ch)} is not a knight (Y, R) or a count of empty squares")
        if col > board.width:
            raise _fail(column, f"row {row + 1} has more than {board.width} squares")
    if col != board.width:
        raise _fail(start + len(text), f"row {row + 1} has {col} squares, expected {board.width}")


def _number(field: str, column: int, what: str) -> int:
    """A count of passes, within the range of ``State.passes`` (the one table of limits)."""
    low, high = int_range(State, "passes")
    found = parse_int(field, (low, high))
    if found is None:
        raise _fail(column, f"{what} must be a number from {low} to {high}, got {quote(field)}")
    return found


def parse_position(board: Board, text: str) -> State:
    """The state a position text describes (not yet validated); ParseError names the column."""
    fields = text.split(" ")
    if len(fields) != 4 or not all(fields):
        raise ParseError(
            "expected four fields separated by single spaces: knights, to move (y or r), "
            "passes (yellow,red) and skulls (- or a,b,...), such as "
            f"{START[-12:]!r} at the end"
        )
    columns = [1]
    for f in fields[:-1]:
        columns.append(columns[-1] + len(f) + 1)
    rows = fields[0].split("/")
    if len(rows) != board.height:
        raise _fail(1, f"expected {board.height} rows separated by '/', got {len(rows)}")
    knights: tuple[set[int], set[int]] = (set(), set())
    at = 1
    for k, row_text in enumerate(rows):
        _row(board, row_text, at, board.height - 1 - k, knights)
        at += len(row_text) + 1
    side = _SIDES.get(fields[1].lower())
    if side is None:
        raise _fail(columns[1], f"the player to move is y or r, got {quote(fields[1])}")
    parts = fields[2].split(",")
    if len(parts) != 2:
        raise _fail(columns[2], f"passes are written <yellow>,<red>, got {quote(fields[2])}")
    passes = (
        _number(parts[0], columns[2], "yellow's passes"),
        _number(parts[1], columns[2] + len(parts[0]) + 1, "red's passes"),
    )
    skulls: set[int] = set()
    if fields[3] != "-":
        at = columns[3]
        for name in fields[3].split(","):
            try:
                sq = board.square(name.lower())
            except ValueError as exc:
                raise _fail(at, f"skulls: {exc}") from None
            if sq in skulls:
                raise _fail(at, f"skulls: {name} is named twice")
            skulls.add(sq)
            at += len(name) + 1
    return State(
        knights=(frozenset(knights[0]), frozenset(knights[1])),
        passes=passes,
        skulls=frozenset(skulls),
        to_move=side,
    )


# -- actions -----------------------------------------------------------------------------------


def _name(board: Board, square: Any) -> str:
    try:
        return board.name(square)
    except ValueError:
        raise InvalidActionError(f"{quote(square)} is not a square of this board") from None


def action_to_str(board: Board, state: State, action: Any) -> str:
    """The notation of ``action`` in ``state`` (``x`` when the destination holds an opposing
    knight). An action of a player who is not to move is written with its player prefix."""
    if isinstance(action, PlaceSkull):
        return f"skull {_name(board, action.square)}"
    if isinstance(action, Move | Pass) and action.player not in (0, 1):
        raise InvalidActionError(f"kasteel has players p0 and p1, not {quote(action.player)}")
    prefix = "" if action.player == state.to_move else f"p{action.player} "
    if isinstance(action, Pass):
        return prefix + "pass"
    if isinstance(action, Move):
        capture = action.to in state.knights[1 - action.player]
        return f"{prefix}{_name(board, action.frm)}{'x' if capture else '-'}{_name(board, action.to)}"
    raise InvalidActionError(f"not a Kasteel action: {quote(action)}")


def _square(board: Board, name: str, text: str) -> int:
    try:
        return board.square(name)
    except ValueError as exc:
        raise ParseError(f"{quote(text)}: {exc}") from None


def parse_action(board: Board, state: State, text: str) -> Any:
    """The action ``text`` names, played by the player to move unless a prefix ``p0``/``p1`` names
    the player."""
    if not isinstance(text, str):
        raise ParseError(f"expected action text, got {type(text).__name__}")
    if len(text) > 40:
        raise ParseError(f"{quote(text)} is too long for a Kasteel action")
    words = text.strip().lower().split()
    player = state.to_move
    if words and _PREFIX.match(words[0]):
        number = words[0][1:]
        if number not in ("0", "1"):
            raise ParseError(f"{quote(text)}: kasteel has players p0 and p1")
        player = int(number)
        words = words[1:]
        if words[:1] == ["skull"]:
            raise ParseError(f"{quote(text)}: a skull is placed by chance, not by a player")
    if len(words) == 2 and words[0] == "skull":
        return PlaceSkull(_square(board, words[1], text))
    if words == ["pass"]:
        return Pass(player)
    found = _MOVE.match(words[0]) if len(words) == 1 else None
    if found is None:
        raise ParseError(
            f"{quote(text)}: expected a move like 'f1-g1', a capture like 'h2xh3', "
            "'skull j10' or 'pass'"
        )
    frm, to = _square(board, found[1], text), _square(board, found[3], text)
    capture = to in state.knights[1 - player]
    if found[2] == "x" and not capture:
        raise ParseError(
            f"{quote(text)}: 'x' marks a capture, but no {PLAYER_NAMES[1 - player]} knight "
            f"stands on {board.name(to)}; write {board.name(frm)}-{board.name(to)}"
        )
    if found[2] == "-" and capture:
        raise ParseError(
            f"{quote(text)}: a {PLAYER_NAMES[1 - player]} knight stands on {board.name(to)}; "
            f"write the capture {board.name(frm)}x{board.name(to)}"
        )
    return Move(player, frm, to)


__all__ = ["START", "Origin", "action_to_str", "parse_action", "parse_position", "position_text"]
