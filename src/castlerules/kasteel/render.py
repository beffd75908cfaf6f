"""Kasteel pictures: the board and a position as text and as an SVG string."""

from __future__ import annotations

import string
from xml.sax.saxutils import escape

from castlerules.kasteel.board import PLAYER_NAMES, RED, YELLOW, Board, Kind, default_board
from castlerules.kasteel.notation import position_text
from castlerules.kasteel.state import State

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


def render_text(board: Board, state: State) -> str:
    """The position as a map (row 1 at the bottom) with passes, skulls and the player to move."""
    lines = []
    for r in range(board.height - 1, -1, -1):
        cells = " ".join(square_symbol(board, state, r * board.width + c) for c in range(board.width))
        lines.append(f"{r + 1:>2} {cells}")
    lines.append("   " + " ".join(string.ascii_lowercase[: board.width]))
    lines.append(
        f"passes: yellow {state.passes[YELLOW]}, red {state.passes[RED]}   "
        f"knights: yellow {len(state.knights[YELLOW])}, red {len(state.knights[RED])}   "
        f"to move: {PLAYER_NAMES[state.to_move]}"
    )
    lines.append(
        "skulls: " + (" ".join(board.name(s) for s in sorted(state.skulls)) or "none placed")
        + "   (Y/R knight, y/r key square, # wall, C canal, * skull)"
    )
    lines.append("position: " + position_text(board.width, board.height, state))
    return "\n".join(lines)


_FILL = {Kind.GROUND: "#e8dcb8", Kind.WALL: "#8a7f70", Kind.CANAL: "#6fa8dc", Kind.KEY: "#e8dcb8"}


def render_svg(
    state: State, board: Board | None = None, cell: int = 24, highlight: tuple[str, ...] = ()
) -> str:
    """An SVG picture of ``state`` on ``board`` (default: the default board)."""
    b = board if board is not None else default_board()
    m = cell  # margin for the coordinates
    w, h = b.width * cell + 2 * m, b.height * cell + 2 * m
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" '
        'font-family="sans-serif">',
        f'<rect width="{w}" height="{h}" fill="white"/>',
    ]
    for sq in range(b.size):
        c, r = sq % b.width, sq // b.width
        x, y = m + c * cell, m + (b.height - 1 - r) * cell
        out.append(
            f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{_FILL[b.kinds[sq]]}" '
            'stroke="#555" stroke-width="0.5"/>'
        )
        cx, cy = x + cell / 2, y + cell / 2
        if sq in b.keys:
            colour = "#d4a017" if sq == b.keys[YELLOW] else "#b22222"
            out.append(
                f'<text x="{cx}" y="{cy + cell * 0.22:.1f}" text-anchor="middle" '
                f'font-size="{cell * 0.6:.0f}" font-weight="bold" fill="{colour}">K</text>'
            )
            out.append(
                f'<rect x="{x + 2}" y="{y + 2}" width="{cell - 4}" height="{cell - 4}" fill="none" '
                f'stroke="{colour}" stroke-width="2"/>'
            )
        if sq in state.skulls:
            out.append(
                f'<text x="{cx}" y="{cy + cell * 0.3}" text-anchor="middle" '
                f'font-size="{cell * 0.75:.0f}">&#x2620;</text>'
            )
        for p, fill in ((YELLOW, "#f5d000"), (RED, "#d0262c")):
            if sq in state.knights[p]:
                out.append(
                    f'<circle cx="{cx}" cy="{cy}" r="{cell * 0.38:.1f}" fill="{fill}" '
                    'stroke="black" stroke-width="1.2"/>'
                )
    for c in range(b.width):
        lx = m + c * cell + cell / 2
        for ly in (m * 0.7, h - m * 0.3):
            out.append(
                f'<text x="{lx}" y="{ly:.1f}" text-anchor="middle" font-size="{cell * 0.5:.0f}">'
                f"{string.ascii_lowercase[c]}</text>"
            )
    for r in range(b.height):
        ry = m + (b.height - 1 - r) * cell + cell * 0.65
        for rx in (m * 0.5, w - m * 0.5):
            out.append(
                f'<text x="{rx:.1f}" y="{ry:.1f}" text-anchor="middle" '
                f'font-size="{cell * 0.45:.0f}">{r + 1}</text>'
            )
    title = (
        f"to move: {PLAYER_NAMES[state.to_move]}; passes yellow {state.passes[YELLOW]}, "
        f"red {state.passes[RED]}"
    )
    out.append(f"<title>{escape(title)}</title>")
    out.append("</svg>")
    return "\n".join(out)
