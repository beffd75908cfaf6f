"""Splut! pictures: a text diagram and an SVG drawing of the diamond, the teams and the rocks, with a
legend, highlighted squares and the position text as caption."""

from __future__ import annotations

from castlerules.core.markup import escape
from castlerules.core.written import str_writer
from castlerules.splut.board import COLUMNS, NAMES, OFF, SEATS, SQUARE_SET, Seat, index
from castlerules.splut.notation import state_to_text
from castlerules.splut.state import LETTERS, Lev, Piece, State

#: Team colours by seat (South, West, North, East).
SEAT_COLOURS = ("#c0392b", "#2471a3", "#1e8449", "#b7950b")
SEAT_NAMES = ("South", "West", "North", "East")
ROCK_FILL, ROCK_EDGE = "#8c8c8c", "#3d3d3d"
HIGHLIGHT = "#ff8c00"
PIECE_NAMES = {Piece.SORCERER: "sorcerer", Piece.TROLL: "troll", Piece.DWARF: "dwarf"}


def _cells(state: State) -> dict[int, str]:
    cells = {r: "@@" for r in state.rocks}
    for p, trio in enumerate(state.pieces):
        for k, sq in enumerate(trio):
            if sq != OFF:
                cells[sq] = f"{LETTERS[Piece(k)]}{p}"
    return cells


def status_lines(state: State) -> list[str]:
    """The turn in words: whose move and what is left of the turn; at the end only who won."""
    if state.over:
        alive = [p for p, trio in enumerate(state.pieces) if trio[0] != OFF]
        return [f"game over: player {alive[0]} wins" if alive else "game over"]
    steps = "1 step" if state.steps_left == 1 else f"{state.steps_left} steps"
    lines = [f"player {state.to_move} to move", f"turn {state.turn}, {steps} left"]
    if state.throw_from != OFF:
        lines.append(f"the troll on {NAMES[state.throw_from]} must throw")
    if state.lev == Lev.ACTIVE:
        lines.append(f"levitating the rock on {NAMES[state.lev_rock]}")
    elif state.lev == Lev.DONE:
        lines.append("levitation over for this turn")
    if state.moved_before:
        lines.append("previous player moved " + " ".join(NAMES[r] for r in sorted(state.moved_before)))
    return lines


def board_lines(state: State) -> list[str]:
    """Rows 9 to 1 and the column letters: ``S0 T0 D0`` are player 0's sorcerer, troll and dwarf,
    ``@@`` a rock, ``..`` an empty square; a troll holding a rock is bracketed, ``[T0]``."""
    cells = _cells(state)
    lines = []
    for row in range(9, 0, -1):
        line = f"{row} "
        for col in range(1, 10):
            sq = index(col, row)
            cell = cells.get(sq, "..") if sq in SQUARE_SET else "  "
            if sq == state.throw_from and sq in SQUARE_SET:
                line = line[:-1] + f"[{cell}]"
            else:
                line += cell + " "
        lines.append(line.rstrip())
    lines.append("  " + " ".join(f"{c} " for c in COLUMNS).rstrip())
    return lines


@str_writer(State)
def render_text(state: State) -> str:
    """The text board (``str(state)``): ``board_lines``, the turn in words (``status_lines``) and
    the position text."""
    return "\n".join([*board_lines(state), ", ".join(status_lines(state)),
                      "position: " + state_to_text(state)])


# -- SVG ------------------------------------------------------------------------------------------
CELL = 48
MARGIN = 26
LEGEND_X = MARGIN + 9 * CELL + 16
WIDTH = LEGEND_X + 206


def _centre(square: int) -> tuple[float, float]:
    col, row = square % 9, square // 9
    return MARGIN + col * CELL + CELL / 2, MARGIN + (8 - row) * CELL + CELL / 2


def _squares(marked: set[str]) -> list[str]:
    out = []
    for sq in sorted(SQUARE_SET):
        x, y = _centre(sq)
        col, row = sq % 9, sq // 9
        shade = "#f3e9d2" if (col + row) % 2 == 0 else "#e5d3ad"
        out.append(
            f'<rect x="{x - CELL / 2:.0f}" y="{y - CELL / 2:.0f}" width="{CELL}" height="{CELL}" '
            f'fill="{shade}" stroke="#7a6a4f" data-square="{NAMES[sq]}"><title>{NAMES[sq]}</title></rect>'
        )
        if NAMES[sq] in marked:
            out.append(
                f'<rect x="{x - CELL / 2 + 3:.0f}" y="{y - CELL / 2 + 3:.0f}" width="{CELL - 6}" '
                f'height="{CELL - 6}" fill="none" stroke="{HIGHLIGHT}" stroke-width="4" '
                f'rx="4" class="highlight"><title>{NAMES[sq]} (marked)</title></rect>'
            )
    for c, letter in enumerate(COLUMNS):
        x = MARGIN + c * CELL + CELL / 2
        out.append(f'<text x="{x:.0f}" y="{MARGIN + 9 * CELL + 16}" font-size="13" '
                   f'text-anchor="middle" fill="#555">{letter}</text>')
    for r in range(9):
        y = MARGIN + (8 - r) * CELL + CELL / 2 + 5
        out.append(f'<text x="{MARGIN - 12}" y="{y:.0f}" font-size="13" text-anchor="middle" '
                   f'fill="#555">{r + 1}</text>')
    return out


def _rock(x: float, y: float, radius: float, note: str = "", extra: str = "") -> str:
    return (
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius:.1f}" fill="{ROCK_FILL}" '
        f'stroke="{ROCK_EDGE}" stroke-width="1.5" {extra}><title>rock{note}</title></circle>'
    )


def _piece(x: float, y: float, colour: str, letter: str, title: str, radius: float = 15) -> str:
    return (
        f'<g><title>{escape(title)}</title>'
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius}" fill="{colour}" stroke="#222" '
        f'stroke-width="1.5"/>'
        f'<text x="{x:.1f}" y="{y + 5.5:.1f}" font-size="16" font-weight="bold" '
        f'text-anchor="middle" fill="#fff" font-family="sans-serif">{letter}</text></g>'
    )


def _legend(seats: tuple[Seat, ...], top: float) -> list[str]:
    x = LEGEND_X
    out = [f'<text x="{x}" y="{top}" font-size="15" font-weight="bold">Legend</text>']
    y = top + 24
    for p, seat in enumerate(seats):
        colour = SEAT_COLOURS[int(seat)]
        out.append(f'<rect x="{x}" y="{y - 12}" width="16" height="16" rx="3" fill="{colour}" '
                   'stroke="#222"/>')
        out.append(f'<text x="{x + 24}" y="{y + 1}" font-size="13">player {p} '
                   f'({SEAT_NAMES[int(seat)]})</text>')
        y += 22
    y += 6
    for letter, what in (("S", "sorcerer"), ("T", "troll"), ("D", "dwarf")):
        out.append(_piece(x + 8, y - 4, "#666", letter, what, radius=10))
        out.append(f'<text x="{x + 24}" y="{y + 1}" font-size="13">{what}</text>')
        y += 24
    out.append(_rock(x + 8, y - 4, 10))
    out.append(f'<text x="{x + 24}" y="{y + 1}" font-size="13">rock</text>')
    y += 24
    out.append(f'<circle cx="{x + 8}" cy="{y - 4}" r="10" fill="none" stroke="#000" '
               'stroke-width="2" stroke-dasharray="3 2"/>')
    out.append(f'<text x="{x + 24}" y="{y + 1}" font-size="13">rock in a troll\'s hands</text>')
    y += 24
    out.append(f'<circle cx="{x + 8}" cy="{y - 4}" r="10" fill="{ROCK_FILL}" stroke="#6c3483" '
               'stroke-width="3"/>')
    out.append(f'<text x="{x + 24}" y="{y + 1}" font-size="13">rock being levitated</text>')
    y += 24
    out.append(f'<circle cx="{x + 8}" cy="{y - 4}" r="10" fill="{ROCK_FILL}" stroke="{ROCK_EDGE}"/>'
               f'<text x="{x + 8}" y="{y + 1}" font-size="12" text-anchor="middle" fill="#fff">×</text>')
    out.append(f'<text x="{x + 24}" y="{y + 1}" font-size="13">moved by the previous player</text>')
    y += 24
    out.append(f'<rect x="{x}" y="{y - 13}" width="17" height="17" fill="none" '
               f'stroke="{HIGHLIGHT}" stroke-width="3" rx="3"/>')
    out.append(f'<text x="{x + 24}" y="{y + 1}" font-size="13">marked square</text>')
    return out


def _status(state: State, top: float) -> list[str]:
    return [
        f'<text x="{LEGEND_X}" y="{top + 18 * i}" font-size="13" fill="#333">{escape(line)}</text>'
        for i, line in enumerate(status_lines(state)[:4])
    ]


def _caption(text: str, top: float) -> tuple[list[str], float]:
    """The position text, wrapped at field boundaries to the picture's width."""
    words, lines, line = text.split(" "), [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > 84:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    out = [
        f'<text class="caption" x="{MARGIN}" y="{top + 16 * i}" font-size="13" font-family="monospace" '
        f'fill="#333">{escape(ln)}</text>'
        for i, ln in enumerate(lines)
    ]
    return out, top + 16 * len(lines)


def render_svg(
    state: State, size: int = 0, highlight: tuple[str, ...] = (), seats: tuple[int, ...] | None = None
) -> str:
    """An SVG picture: the 41 squares with their names along the edges, each team's pieces in its
    seat's colour with their letters (S, T, D), rocks in grey (ringed while levitated, crossed when
    the previous player moved them, dashed in a troll's hands), the squares named in ``highlight``
    outlined, a legend, and the position text as the caption. About 680 pixels wide (``size`` is
    accepted for compatibility and ignored)."""
    if seats is None:
        seats = SEATS.get(len(state.pieces), tuple(range(len(state.pieces))))
    seat_list = tuple(Seat(int(s)) for s in seats)
    marked = {h.lower() for h in highlight}
    body = _squares(marked)
    for r in state.rocks:
        x, y = _centre(r)
        if r == state.throw_from:
            continue
        note, extra = "", ""
        if state.lev == Lev.ACTIVE and r == state.lev_rock:
            note, extra = " (being levitated)", 'class="levitated"'
            body.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="21" fill="none" stroke="#6c3483" '
                        'stroke-width="3"/>')
        elif r in state.moved_before:
            note = " (moved by the previous player)"
        body.append(_rock(x, y, 19, note, extra))
        if r in state.moved_before:
            body.append(f'<text x="{x:.1f}" y="{y + 6:.1f}" font-size="16" text-anchor="middle" '
                        'fill="#fff">×</text>')
    for p, trio in enumerate(state.pieces):
        colour = SEAT_COLOURS[int(seat_list[p])] if p < len(seat_list) else "#000"
        for k, sq in enumerate(trio):
            if sq == OFF:
                continue
            x, y = _centre(sq)
            title = f"player {p}'s {PIECE_NAMES[Piece(k)]} on {NAMES[sq]}"
            if sq in state.rocks:
                body.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="20" fill="{ROCK_FILL}" '
                            'stroke="#000" stroke-width="2" stroke-dasharray="4 3"/>')
                title += " (with a rock)"
            body.append(_piece(x, y, colour, LETTERS[Piece(k)], title))
    board_bottom = MARGIN + 9 * CELL + 24
    legend = _legend(seat_list, MARGIN + 8)
    status = _status(state, MARGIN + 9 * CELL - 40)
    text = state_to_text(state)
    caption, bottom = _caption(text, board_bottom + 14)
    height = int(bottom + 12)
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
            f'viewBox="0 0 {WIDTH} {height}" font-family="sans-serif">',
            f"<title>Splut! position: {escape(text)}</title>",
            f'<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="#ffffff"/>',
            *body,
            '<g class="legend">',
            *legend,
            *status,
            "</g>",
            *caption,
            "</svg>",
        ]
    )
