"""Spookslot pictures: a text summary of a state and an SVG drawing of the board with the pawns."""

from __future__ import annotations

from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from castlerules.spookslot.board import Board
from castlerules.spookslot.notation import pawn_letter
from castlerules.spookslot.state import EXIT, START, Phase, State

if TYPE_CHECKING:
    from castlerules.spookslot.rules import Spookslot

LETTER = {"yellow": "Y", "blue": "B", "green": "G", "red": "R", "stair": "S"}
FILL = {"yellow": "#f2d94e", "blue": "#5b8fd9", "green": "#5fb860", "red": "#d9534f",
        "stair": "#9a7b5b", "exit": "#ffffff"}
PLAYER_COLOURS = ("#222222", "#e07b00", "#8e44ad", "#00897b", "#c2185b", "#1565c0")


def pawn_name(p: int, k: int) -> str:
    return f"p{p}{pawn_letter(k)}"


def _where(state: State) -> dict[str, list[str]]:
    at: dict[str, list[str]] = {}
    for p, ps in enumerate(state.pawns):
        for k, q in enumerate(ps):
            at.setdefault(q, []).append(pawn_name(p, k))
    return at


def _status(state: State) -> str:
    if state.phase is Phase.OVER:
        return f"game over: player {state.winner} wins"
    if state.phase is Phase.MOVE:
        return f"player {state.turn} to move {state.roll}"
    if state.phase is Phase.PASSAGE:
        who = ", ".join(pawn_name(p, k) for p, k in state.pending)
        return f"secret passage open for {who} (player {state.turn}'s turn)"
    return {
        Phase.ROLL: f"player {state.turn} to roll",
        Phase.REROLL: f"player {state.turn} rolls again (ghost, nobody in danger)",
        Phase.BALL: f"player {state.turn} drops the ball",
    }[state.phase]


def render_text(game: Spookslot, state: State) -> str:
    """The board square by square (with star and trap marks) and where every pawn stands."""
    board = game.board
    at = _where(state)
    lines = [_status(state)]
    room = None
    row: list[str] = []
    for s in board.squares:
        if s.room != room:
            if row:
                lines.append(f"{room:>11}: " + " ".join(row))
            room, row = s.room, []
        mark = LETTER[s.colour] + ("*" if s.star else "")
        who = "".join(f"[{n}]" for n in at.get(s.id, ()))
        row.append(f"{s.id}:{mark}{who}")
    if row:
        lines.append(f"{room:>11}: " + " ".join(row))
    lines.append(f"{'start':>11}: " + " ".join(at.get(START, ())))
    lines.append(f"{'escaped':>11}: " + " ".join(at.get(EXIT, ())))
    return "\n".join(lines)


def layout(board: Board) -> dict[str, tuple[float, float]]:
    """Positions (column, row) for drawing: squares in walking order along one line, the routes
    of a fork side by side (the first listed route above, the others below), the Exit last."""
    pos: dict[str, tuple[float, float]] = {}
    col = 0.0
    q = board.start
    while q != EXIT and q not in pos:
        pos[q] = (col, 0.0)
        succ = board.next[q]
        merge = board.merge(q) if len(succ) > 1 else None
        routes = [board.route(b, merge) for b in succ] if merge is not None else []
        if len(succ) == 1 or merge is None or any(r is None for r in routes):
            col += 1
            q = succ[0]
            continue
        longest = max(len(r) for r in routes if r is not None)
        for i, line in enumerate(r for r in routes if r is not None):
            for j, r in enumerate(line):
                pos[r] = (col + (j + 1) * (longest + 1) / (len(line) + 1), -1.0 if i == 0 else i)
        col += longest + 1
        q = merge
    pos[EXIT] = (col, 0.0)
    for s in board.squares:  # anything off the drawn line goes on a row of its own
        if s.id not in pos:
            pos[s.id] = (float(len(pos) % 40), 3.0)
    return pos


def render_svg(state: State, game: Spookslot | None = None, highlight: tuple[str, ...] = ()) -> str:
    """An SVG picture: the board as a path of coloured squares (stars marked, routes side by side)
    and the pawns as coloured discs labelled with their player and letter."""
    if game is None:
        from castlerules.spookslot.rules import Spookslot

        game = Spookslot(players=len(state.pawns))
    board = game.board
    pos = layout(board)
    cell, pad = 34, 20
    width = int((max(x for x, _ in pos.values()) + 2) * cell + 2 * pad)
    rows = [y for _, y in pos.values()]
    top, bottom = min(rows), max(rows)
    height = int((bottom - top + 1) * cell * 1.6 + 2 * pad + 40)

    def xy(q: str) -> tuple[float, float]:
        x, y = pos[q]
        return pad + (x + 1) * cell + cell / 2, pad + 30 + (y - top) * cell * 1.6 + cell / 2

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="9">',
        f'<text x="{pad}" y="{pad + 4}" font-size="13">{escape(_status(state))}</text>',
    ]
    for s in board.squares:
        x1, y1 = xy(s.id)
        for n in s.next:
            if n in pos:
                x2, y2 = xy(n)
                out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                           'stroke="#999" stroke-width="2"/>')
    for q in (*board.ids, EXIT):
        x, y = xy(q)
        colour = board.colour(q)
        out.append(f'<rect x="{x - 13:.1f}" y="{y - 13:.1f}" width="26" height="26" rx="3" '
                   f'fill="{FILL[colour]}" stroke="#333"><title>{escape(q)} ({colour})</title></rect>')
        label = "EXIT" if q == EXIT else q
        out.append(f'<text x="{x:.1f}" y="{y + 24:.1f}" text-anchor="middle">{escape(label)}</text>')
        if q != EXIT and board.by_id[q].star:
            out.append(f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" font-size="14" '
                       'fill="#fff">★</text>')
    sx, sy = xy(board.start)
    out.append(f'<text x="{sx - cell:.1f}" y="{sy + 24:.1f}" text-anchor="middle">start</text>')
    out.append(f'<line x1="{sx - cell / 2:.1f}" y1="{sy - 15:.1f}" x2="{sx - cell / 2:.1f}" '
               f'y2="{sy + 15:.1f}" stroke="#333" stroke-width="3"/>')
    at = _where(state)
    for q, names in at.items():
        if q == START:
            x, y = xy(board.start)
            x -= cell
        elif q == EXIT:
            x, y = xy(EXIT)
        else:
            x, y = xy(q)
        for i, name in enumerate(names):
            p = int(name[1:-1])
            cx, cy = x + (i % 2) * 10 - 5, y - 20 - (i // 2) * 10
            out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="5" '
                       f'fill="{PLAYER_COLOURS[p % len(PLAYER_COLOURS)]}" stroke="#fff">'
                       f'<title>{name}</title></circle>')
    out.append("</svg>")
    return "\n".join(out)
