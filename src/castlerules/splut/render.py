"""Splut! pictures: a text diagram and an SVG drawing of the diamond, the teams and the rocks."""

from __future__ import annotations

from castlerules.splut.board import COLUMNS, NAMES, OFF, SEATS, SQUARE_SET, index
from castlerules.splut.notation import state_to_text
from castlerules.splut.state import LETTERS, Lev, Piece, State

#: Team colours by seat (South, West, North, East).
SEAT_COLOURS = ("#c0392b", "#2471a3", "#1e8449", "#d4ac0d")


def _cells(state: State) -> dict[int, str]:
    cells = {r: "@@" for r in state.rocks}
    for p, trio in enumerate(state.pieces):
        for k, sq in enumerate(trio):
            if sq != OFF:
                held = "*" if sq == state.throw_from else str(p)
                cells[sq] = LETTERS[Piece(k)] + held
    return cells


def render_text(state: State) -> str:
    """Rows 9 to 1, columns a to i: ``S0 T0 D0`` are player 0's sorcerer, troll and dwarf,
    ``@@`` a rock, ``T*`` a troll holding a rock, ``..`` an empty square."""
    cells = _cells(state)
    lines = []
    for row in range(9, 0, -1):
        out = []
        for col in range(1, 10):
            sq = index(col, row)
            out.append(cells.get(sq, "..") if sq in SQUARE_SET else "  ")
        lines.append(f"{row} " + " ".join(out).rstrip())
    lines.append("  " + " ".join(f"{c} " for c in COLUMNS).rstrip())
    steps = "1 step" if state.steps_left == 1 else f"{state.steps_left} steps"
    status = f"player {state.to_move} to move, turn {state.turn}, {steps} left"
    if state.throw_from != OFF:
        status += f", must throw from {NAMES[state.throw_from]}"
    if state.lev == Lev.ACTIVE:
        status += f", levitating {NAMES[state.lev_rock]}"
    elif state.lev == Lev.DONE:
        status += ", levitation used"
    if state.moved_before:
        status += ", previous player moved " + " ".join(NAMES[r] for r in sorted(state.moved_before))
    lines.append(status)
    lines.append("position: " + state_to_text(state))
    return "\n".join(lines)


def render_svg(
    state: State, size: int = 360, highlight: tuple[str, ...] = (), seats: tuple[int, ...] | None = None
) -> str:
    """An SVG picture: the 41 squares, each team's pieces in its seat's colour (S, T, D), rocks grey."""
    cell = size // 9
    if seats is None:
        seats = SEATS.get(len(state.pieces), ())
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{cell * 9}" height="{cell * 9}" '
        f'viewBox="0 0 {cell * 9} {cell * 9}">'
    ]
    for sq in sorted(SQUARE_SET):
        col, row = sq % 9, sq // 9
        x, y = col * cell, (8 - row) * cell
        shade = "#f3e9d2" if (col + row) % 2 == 0 else "#e5d3ad"
        parts.append(
            f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{shade}" '
            f'stroke="#7a6a4f"><title>{NAMES[sq]}</title></rect>'
        )
    half = cell // 2
    for r in state.rocks:
        x, y = (r % 9) * cell + half, (8 - r // 9) * cell + half
        parts.append(
            f'<circle cx="{x}" cy="{y}" r="{cell * 0.42:.1f}" fill="#8c8c8c" stroke="#444"/>'
        )
    for p, trio in enumerate(state.pieces):
        colour = SEAT_COLOURS[seats[p]] if p < len(seats) else "#000"
        for k, sq in enumerate(trio):
            if sq == OFF:
                continue
            x, y = (sq % 9) * cell + half, (8 - sq // 9) * cell + half
            parts.append(
                f'<circle cx="{x}" cy="{y}" r="{cell * 0.3:.1f}" fill="{colour}" stroke="#222"/>'
                f'<text x="{x}" y="{y + cell * 0.11:.1f}" font-size="{cell * 0.32:.1f}" '
                f'text-anchor="middle" fill="#fff" font-family="sans-serif">'
                f"{LETTERS[Piece(k)]}</text>"
            )
    parts.append("</svg>")
    return "\n".join(parts)
