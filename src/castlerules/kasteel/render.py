"""Kasteel pictures: the board and a position as text and as an SVG string."""

from __future__ import annotations

import string
from typing import Any

from castlerules.core.markup import escape
from castlerules.core.written import str_writer
from castlerules.kasteel.board import PLAYER_NAMES, RED, YELLOW, Board, Kind, default_board
from castlerules.kasteel.notation import origin_of, position_text
from castlerules.kasteel.state import PlaceSkull, State

_GROUND = {Kind.GROUND: ".", Kind.WALL: "#", Kind.CANAL: "C", Kind.KEY: "K"}


def square_symbol(board: Board, state: State, sq: int) -> str:
    """One character: ``Y``/``R`` knights, ``y``/``r`` keys, ``#`` wall, ``C`` canal, ``*`` skull."""
    if sq in state.knights[YELLOW]:
        return "Y"
    if sq in state.knights[RED]:
        return "R"
    if sq == board.keys[YELLOW]:
        return "y"
    if sq == board.keys[RED]:
        return "r"
    if sq in state.skulls:
        return "*"
    return _GROUND[board.kinds[sq]]


def board_rows(board: Board, state: State) -> list[tuple[int, list[tuple[int, str]]]]:
    """Each row from the top (its number, 1 at the bottom) with its squares and their
    ``square_symbol``."""
    return [(r + 1, [(r * board.width + c, square_symbol(board, state, r * board.width + c))
                     for c in range(board.width)])
            for r in range(board.height - 1, -1, -1)]


def on_wall(board: Board, state: State, sq: int) -> bool:
    """Whether a knight stands on the wall square ``sq`` (the text draws it as ``[Y]``)."""
    return board.kinds[sq] is Kind.WALL and (sq in state.knights[YELLOW] or sq in state.knights[RED])


def row_text(board: Board, state: State, number: int, squares: list[tuple[int, str]]) -> str:
    """One row of the text map: its number, then a symbol per square; a knight on a wall is
    bracketed (``#[Y]#``) in the spaces beside it, so the columns stay in line."""
    line = f"{number:>2} "
    for sq, symbol in squares:
        if on_wall(board, state, sq):
            line = line[:-1] + f"[{symbol}]"
        else:
            line += symbol + " "
    return line.rstrip()


def ended(board: Board, state: State) -> frozenset[int]:
    """Who has won by the two ends the rulebook names: a knight on the other side's key square,
    or the other side without knights (empty while the game goes on). The game's own ``winners``
    also knows the readings' other ends (a player who cannot move)."""
    won = set()
    for p, other in ((YELLOW, RED), (RED, YELLOW)):
        if board.keys[other] in state.knights[p] or (state.knights[p] and not state.knights[other]):
            won.add(p)
    return frozenset(won)


def turn_words(board: Board, state: State, winners: frozenset[int] | None = None) -> str:
    """``to move: yellow``, or at the end who won (``winners``: the game's, when it is known)."""
    won = ended(board, state) if winners is None else winners
    if won:
        return "game over: " + " and ".join(PLAYER_NAMES[p] for p in sorted(won)) + " wins"
    if winners is not None and not state.knights[YELLOW] and not state.knights[RED]:
        return "game over"
    return f"to move: {PLAYER_NAMES[state.to_move]}" if state.to_move in (0, 1) else ""


def render_text(board: Board, state: State, winners: frozenset[int] | None = None) -> str:
    """The position as a map (row 1 at the bottom) with passes, skulls and the player to move
    (at the end, who won: ``winners`` as the game says, else ``ended``)."""
    lines = [row_text(board, state, n, squares) for n, squares in board_rows(board, state)]
    lines.append("   " + " ".join(string.ascii_lowercase[: board.width]))
    lines.append(
        f"passes: yellow {state.passes[YELLOW]}, red {state.passes[RED]}   "
        f"knights: yellow {len(state.knights[YELLOW])}, red {len(state.knights[RED])}   "
        + turn_words(board, state, winners)
    )
    lines.append(
        "skulls: " + (" ".join(board.name(s) for s in sorted(state.skulls)) or "none placed")
        + "   (Y/R knight, [Y] on a wall, y/r key square, # wall, C canal, * skull)"
    )
    lines.append("position: " + position_text(board.width, board.height, state))
    return "\n".join(lines)


def describe_chance(game: Any, state: State, outcome: PlaceSkull) -> str:
    """A skull placed at the start, in words: ``a skull falls on m10``."""
    board = getattr(game, "board", None) or origin_of(state).board or default_board()
    return f"a skull falls on {board.name(outcome.square)}"


@str_writer(State)
def board_text(state: State) -> str:
    """``str(state)``: the text map on the board of the game that made the state."""
    return render_text(origin_of(state).board or default_board(), state)


_FILL = {Kind.GROUND: "#efe4c4", Kind.WALL: "#8a7f70", Kind.CANAL: "#6fa8dc", Kind.KEY: "#efe4c4"}
_KNIGHT = {YELLOW: "#f5d000", RED: "#d0262c"}
_KEY = {YELLOW: "#b8860b", RED: "#8b1a1a"}
_HIGHLIGHT = "#1f77ff"


def _key(cx: float, cy: float, size: float, colour: str) -> str:
    """A key drawn with a ring, a shaft and two teeth (no font glyph)."""
    r = size * 0.16
    x0 = cx - size * 0.28
    shaft = f"M{x0 + r:.1f},{cy:.1f} H{cx + size * 0.32:.1f}"
    teeth = (f"M{cx + size * 0.32:.1f},{cy:.1f} v{size * 0.16:.1f} "
             f"M{cx + size * 0.18:.1f},{cy:.1f} v{size * 0.12:.1f}")
    width = max(1.5, size * 0.07)
    return (
        f'<g class="key"><circle cx="{x0:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="none" '
        f'stroke="{colour}" stroke-width="{width:.1f}"/>'
        f'<path d="{shaft} {teeth}" fill="none" stroke="{colour}" stroke-width="{width:.1f}" '
        'stroke-linecap="round"/></g>'
    )


def _skull(cx: float, cy: float, size: float) -> str:
    """A skull drawn with a cranium, two eyes and a jaw (no font glyph)."""
    r = size * 0.24
    return (
        f'<g class="skull"><circle cx="{cx:.1f}" cy="{cy - size * 0.04:.1f}" r="{r:.1f}" '
        f'fill="#f7f7f2" stroke="#333" stroke-width="1"/>'
        f'<rect x="{cx - r * 0.55:.1f}" y="{cy + r * 0.55:.1f}" width="{r * 1.1:.1f}" '
        f'height="{r * 0.55:.1f}" fill="#f7f7f2" stroke="#333" stroke-width="1"/>'
        f'<circle cx="{cx - r * 0.4:.1f}" cy="{cy - size * 0.06:.1f}" r="{r * 0.24:.1f}" fill="#333"/>'
        f'<circle cx="{cx + r * 0.4:.1f}" cy="{cy - size * 0.06:.1f}" r="{r * 0.24:.1f}" fill="#333"/>'
        "</g>"
    )


def _knight(cx: float, cy: float, size: float, player: int) -> str:
    return (
        f'<circle class="knight" cx="{cx:.1f}" cy="{cy:.1f}" r="{size * 0.36:.1f}" '
        f'fill="{_KNIGHT[player]}" stroke="black" stroke-width="1.4"/>'
        f'<text x="{cx:.1f}" y="{cy + size * 0.15:.1f}" text-anchor="middle" '
        f'font-size="{max(12.0, size * 0.42):.0f}" font-weight="bold" fill="black">{"YR"[player]}</text>'
    )


def _legend(x: float, y: float, cell: int) -> list[str]:
    items: list[tuple[str, Any, str]] = [
        ("square", _FILL[Kind.GROUND], "ground"),
        ("square", _FILL[Kind.WALL], "wall"),
        ("square", _FILL[Kind.CANAL], "canal (costs a pass)"),
        ("knight", YELLOW, "yellow knight"),
        ("knight", RED, "red knight"),
        ("key", YELLOW, "yellow's key square"),
        ("key", RED, "red's key square"),
        ("skull", None, "skull (costs a pass)"),
        ("highlight", None, "squares that matter"),
    ]
    out = [f'<g class="legend" font-size="{cell * 0.5:.0f}">']
    for i, (kind, value, label) in enumerate(items):
        cy = y + i * cell * 1.1
        cx = x + cell / 2
        if kind == "square":
            out.append(f'<rect x="{x}" y="{cy - cell / 2:.1f}" width="{cell}" height="{cell}" '
                       f'fill="{value}" stroke="#555" stroke-width="0.5"/>')
        elif kind == "knight":
            out.append(_knight(cx, cy, cell, value))
        elif kind == "key":
            out.append(_key(cx, cy, cell, _KEY[value]))
        elif kind == "skull":
            out.append(_skull(cx, cy, cell))
        else:
            out.append(f'<rect x="{x + 2}" y="{cy - cell / 2 + 2:.1f}" width="{cell - 4}" '
                       f'height="{cell - 4}" fill="none" stroke="{_HIGHLIGHT}" stroke-width="3"/>')
        out.append(f'<text x="{x + cell * 1.3:.1f}" y="{cy + cell * 0.18:.1f}">{escape(label)}</text>')
    out.append("</g>")
    return out


def render_svg(
    state: State, board: Board | None = None, cell: int = 26, highlight: tuple[str, ...] = (),
    winners: frozenset[int] | None = None,
) -> str:
    """An SVG picture of ``state`` on ``board`` (default: the default board), with a legend, the
    squares named in ``highlight`` outlined, and the position text as caption (and title)."""
    b = board if board is not None else default_board()
    marked = set()
    for name in highlight:
        try:
            marked.add(b.square(name))
        except ValueError:
            continue
    m = cell  # margin for the coordinates
    board_w, board_h = b.width * cell + 2 * m, b.height * cell + 2 * m
    legend_w = cell * 7.2  # the picture stays within a page column (736 px) at cell 26
    w, h = board_w + legend_w, board_h + cell * 2.4
    text = position_text(b.width, b.height, state)
    turn = turn_words(b, state, winners)
    status = f"{turn}; passes: yellow {state.passes[YELLOW]}, red {state.passes[RED]}" if turn else ""
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w:.0f} {h:.0f}" width="{w:.0f}" '
        f'height="{h:.0f}" font-family="sans-serif">',
        f"<title>{escape(text)}</title>",
        f'<rect width="{w:.0f}" height="{h:.0f}" fill="white"/>',
    ]
    for sq in range(b.size):
        c, r = sq % b.width, sq // b.width
        x, y = m + c * cell, m + (b.height - 1 - r) * cell
        cx, cy = x + cell / 2, y + cell / 2
        out.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" '
                   f'fill="{_FILL[b.kinds[sq]]}" stroke="#555" stroke-width="0.5" '
                   f'data-square="{b.name(sq)}"/>')
        for p in (YELLOW, RED):
            if sq == b.keys[p]:
                out.append(_key(cx, cy, cell, _KEY[p]))
        if sq in state.skulls:
            out.append(_skull(cx, cy, cell))
        for p in (YELLOW, RED):
            if sq in state.knights[p]:
                out.append(_knight(cx, cy, cell, p))
        if sq in marked:
            out.append(f'<rect class="highlight" x="{x + 1.5}" y="{y + 1.5}" width="{cell - 3}" '
                       f'height="{cell - 3}" fill="none" stroke="{_HIGHLIGHT}" stroke-width="3"/>')
    for c in range(b.width):
        lx = m + c * cell + cell / 2
        for ly in (m * 0.7, board_h - m * 0.3):
            out.append(f'<text x="{lx}" y="{ly:.1f}" text-anchor="middle" '
                       f'font-size="{cell * 0.5:.0f}">{string.ascii_lowercase[c]}</text>')
    for r in range(b.height):
        ry = m + (b.height - 1 - r) * cell + cell * 0.65
        for rx in (m * 0.5, board_w - m * 0.5):
            out.append(f'<text x="{rx:.1f}" y="{ry:.1f}" text-anchor="middle" '
                       f'font-size="{cell * 0.5:.0f}">{r + 1}</text>')
    out += _legend(board_w + cell * 0.3, m + cell / 2, cell)
    out.append(f'<text x="{m}" y="{board_h + cell * 0.8:.1f}" font-size="{cell * 0.5:.0f}">'
               f"{escape(status)}</text>")
    out.append(f'<text class="caption" x="{m}" y="{board_h + cell * 1.7:.1f}" '
               f'font-size="{cell * 0.48:.0f}" font-family="monospace">{escape(text)}</text>')
    out.append("</svg>")
    return "\n".join(out)
