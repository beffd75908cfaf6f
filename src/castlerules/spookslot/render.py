"""Spookslot pictures: a text summary of a state and an SVG drawing of the castle floor by floor.

The SVG draws each room of the board as a band of its own, top to bottom in walking order (read
each band left to right), the dangerous short route of a fork on a second line under the safe
route; the four traps' danger zones with where each sends its pawns back, the fallback squares,
the secret passage from the red star squares to the green star square, the start and the Exit, the
pawns, a legend and the position text. It is about 680 pixels wide, so it reads at page width.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from castlerules.spookslot.board import Board
from castlerules.spookslot.notation import pawn_letter, position_text
from castlerules.spookslot.state import EXIT, LINE, START, Phase, State

if TYPE_CHECKING:
    from castlerules.spookslot.rules import Spookslot

LETTER = {"yellow": "Y", "blue": "B", "green": "G", "red": "R", "stair": "S"}
FILL = {"yellow": "#f2d94e", "blue": "#5b8fd9", "green": "#5fb860", "red": "#d9534f",
        "stair": "#9a7b5b", "exit": "#ffffff", "start": "#eeeeee"}
PLAYER_COLOURS = ("#222222", "#e07b00", "#8e44ad", "#00897b", "#c2185b", "#1565c0")
PASSAGE_COLOUR = "#7b3fa0"
HIGHLIGHT = "#ff00aa"
#: Squares per row of a band before it wraps.
COLUMNS = 15
CELL, SIZE, PAD = 42, 30, 24


def pawn_name(p: int, k: int) -> str:
    return f"p{p}{pawn_letter(k)}"


def _where(state: State) -> dict[str, list[tuple[int, int]]]:
    at: dict[str, list[tuple[int, int]]] = {}
    for p, ps in enumerate(state.pawns):
        for k, q in enumerate(ps):
            at.setdefault(q, []).append((p, k))
    return at


def status(state: State) -> str:
    """Whose turn it is and what happens next, in words."""
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
    """Whose turn it is, the path drawn room by room (``path_lines``) and the position text."""
    return "\n".join([status(state), *path_lines(game, state),
                      f"position: {position_text(state)}"])


def path_lines(game: Spookslot, state: State) -> list[str]:
    """The board as its path, one line per room in walking order from the start to the Exit:
    each square as ``id:colour`` (``*`` a star square) with the pawns on it in brackets; a fork's
    short, dangerous route on its own line; then the pawns escaped and a legend with the traps."""
    board = game.board
    at = {q: [pawn_name(p, k) for p, k in who] for q, who in _where(state).items()}
    short = _short_routes(board)

    def cell(q: str) -> str:
        s = board.by_id[q]
        who = "".join(f"[{n}]" for n in at.get(q, ()))
        return f"{q}:{LETTER[s.colour]}{'*' if s.star else ''}{who}"

    runs: list[tuple[str, list[str]]] = []
    order = _walking_order(board)
    for q in order:
        room = board.by_id[q].room
        if not runs or runs[-1][0] != room:
            runs.append((room, []))
        runs[-1][1].append(q)
    lines = ["start (walk this way, top to bottom):    "
             + " ".join(f"[{n}]" for n in [*at.get(START, ()), *at.get(LINE, ())])]
    for i, (room, ids) in enumerate(runs):
        main = [cell(q) for q in ids if q not in short]
        if i == len(runs) - 1:
            main.append("EXIT")
        lines.append(f"{room:>11}  " + " ".join(main))
        route = [q for q in ids if q in short]
        if route:
            lines.append(f"{'short way':>11}  " + " ".join(cell(q) for q in route)
                         + "  (shorter, dangerous)")
    lines.append(f"{'escaped':>11}  " + " ".join(f"[{n}]" for n in at.get(EXIT, ())))
    lines.append("legend: Y yellow, G green, B blue: safe squares; * a star square")
    lines.append("        R red, S stairs: danger squares (the ghost ball may send a pawn back)")
    traps = []
    for trap, zone in board.zone.items():
        if zone:
            back = sorted({board.fallback[q] for q in zone if q in board.fallback})
            span = zone[0] if len(zone) == 1 else f"{zone[0]}-{zone[-1]}"
            traps.append(f"{trap} {span} → {','.join(back)}")
    if traps:
        lines.append("traps (squares → back to): " + "; ".join(traps))
    if board.red_stars and board.green_star:
        lines.append(f"secret passage: red stars {' '.join(board.red_stars)} → green star "
                     f"{board.green_star} (when the portrait fires)")
    return lines


def _walking_order(board: Board) -> list[str]:
    """The squares from the start to the Exit: at a fork the safe route first, then the short
    one, then on from where they meet."""
    out: list[str] = []
    seen: set[str] = set()
    todo = [board.start]
    while todo:
        q = todo.pop(0)
        if q in seen or q not in board.by_id:
            continue
        seen.add(q)
        out.append(q)
        nxt = list(board.next.get(q, ()))
        if len(nxt) > 1:
            safe, shortb, merge = board.branch(q, "safe"), board.branch(q, "short"), board.merge(q)
            if safe and shortb and merge:
                routes = [*(board.route(safe, merge) or []), *(board.route(shortb, merge) or [])]
                for r in routes:
                    if r not in seen and r != merge:
                        seen.add(r)
                        out.append(r)
                nxt = [merge]
        todo = nxt + todo
    out += [s.id for s in board.squares if s.id not in seen]
    return out


# -- layout ---------------------------------------------------------------------------------------
def _short_routes(board: Board) -> set[str]:
    """The squares on the short, dangerous route of a fork (drawn on a second line)."""
    out: set[str] = set()
    for f in board.forks:
        merge = board.merge(f)
        short = board.branch(f, "short")
        if merge is not None and short is not None:
            out.update(board.route(short, merge) or ())
    return out


def layout(board: Board) -> tuple[dict[str, tuple[float, float]], list[tuple[str, float]]]:
    """Positions (x, y) of the centre of every square, the start and the Exit, and the bands
    (room title, top y). Rooms in walking order, one band each; the short route of a fork under
    the safe one; a band wraps after COLUMNS squares."""
    short = _short_routes(board)
    runs: list[tuple[str, list[str]]] = []
    for s in board.squares:
        if not runs or runs[-1][0] != s.room:
            runs.append((s.room, []))
        runs[-1][1].append(s.id)
    pos: dict[str, tuple[float, float]] = {}
    bands: list[tuple[str, float]] = []
    y = PAD + 26.0
    for i, (room, ids) in enumerate(runs):
        main = [q for q in ids if q not in short]
        if i == 0:
            main = [START, "", *main]  # the start area takes two cells
        if i == len(runs) - 1:
            main = [*main, EXIT]
        lanes = 2 if any(q in short for q in ids) else 1
        rows = max(1, math.ceil(len(main) / COLUMNS))
        bands.append((room or "board", y))
        top = y + 16
        for j, q in enumerate(main):
            r, c = divmod(j, COLUMNS)
            if q:
                pos[q] = (PAD + c * CELL + CELL / 2, top + r * lanes * CELL + SIZE / 2)
        _place_short(board, ids, short, pos, top)
        y = top + rows * lanes * CELL + 26
    return pos, bands


def _place_short(board: Board, ids: list[str], short: set[str],
                 pos: dict[str, tuple[float, float]], top: float) -> None:
    """Spread each short route on the line under the safe route it runs beside."""
    for f in board.forks:
        merge, safe_b, short_b = board.merge(f), board.branch(f, "safe"), board.branch(f, "short")
        if merge is None or safe_b is None or short_b is None or short_b not in ids:
            continue
        safe = board.route(safe_b, merge) or []
        route = board.route(short_b, merge) or []
        anchors = [pos[q] for q in safe if q in pos]
        if not anchors:
            continue
        x0, x1 = anchors[0][0], anchors[-1][0]
        y = anchors[0][1] + CELL
        for j, q in enumerate(route):
            x = x0 + (j + 0.5) * (x1 - x0 + CELL) / len(route) - CELL / 2
            pos[q] = (x, y)
    for q in ids:  # a square off both lines (an unusual board): after the band
        if q not in pos:
            pos[q] = (PAD + CELL / 2, top + CELL / 2)


# -- drawing --------------------------------------------------------------------------------------
def _pawn_discs(x: float, y: float, w: float, h: float, who: list[tuple[int, int]]) -> list[str]:
    n = len(who)
    cols = max(1, math.ceil(math.sqrt(n * w / h)))
    rows = math.ceil(n / cols)
    r = max(3.0, min(w / cols, h / rows) / 2 - 1)
    out = []
    for i, (p, k) in enumerate(who):
        row, col = divmod(i, cols)
        cx = x - w / 2 + (col + 0.5) * w / cols
        cy = y - h / 2 + (row + 0.5) * h / rows
        colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
        out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{colour}" '
                   f'stroke="#fff" stroke-width="1.2"><title>{pawn_name(p, k)}</title></circle>')
        if r >= 10:  # a label only where it can be read (12 px); the colour names the player
            out.append(f'<text x="{cx:.1f}" y="{cy + 4:.1f}" text-anchor="middle" font-size="12" '
                       f'fill="#fff">{p}{pawn_letter(k)}</text>')
    return out


def _square(board: Board, q: str, x: float, y: float, marked: bool) -> list[str]:
    wide = q in (START, EXIT)
    w = 2 * CELL - 12 if wide else SIZE
    x = x + (CELL / 2 if wide else 0)
    colour = board.colour(q) if q != START else "start"
    fallback = q in set(board.fallback.values())
    stroke = "#1b3f7a" if fallback else "#333"
    width = 3 if fallback else 1
    out = [f'<rect x="{x - w / 2:.1f}" y="{y - SIZE / 2:.1f}" width="{w:.1f}" height="{SIZE}" '
           f'rx="4" fill="{FILL[colour]}" stroke="{stroke}" stroke-width="{width}" '
           f'data-square="{escape(q)}">'
           f'<title>{escape(q)} ({colour})</title></rect>']
    if marked:
        out.append(f'<rect x="{x - w / 2 - 4:.1f}" y="{y - SIZE / 2 - 4:.1f}" width="{w + 8:.1f}" '
                   f'height="{SIZE + 8}" rx="6" fill="none" stroke="{HIGHLIGHT}" '
                   'stroke-width="3"/>')
    label = {START: "start", EXIT: "EXIT"}.get(q, q)
    out.append(f'<text x="{x:.1f}" y="{y + SIZE / 2 + 12:.1f}" text-anchor="middle" '
               f'font-size="12">{escape(label)}</text>')
    if q not in (START, EXIT) and board.by_id[q].star:
        out.append(_star(x, y))
    return out


def _star(x: float, y: float, r: float = 9) -> str:
    points = []
    for i in range(10):
        a = math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.42
        points.append(f"{x + rr * math.cos(a):.1f},{y - rr * math.sin(a):.1f}")
    return f'<polygon points="{" ".join(points)}" fill="#fff" stroke="#444" stroke-width="0.6"/>'


def _edges(board: Board, pos: dict[str, tuple[float, float]]) -> list[str]:
    out = []
    for s in board.squares:
        for n in s.next:
            if n not in pos:
                continue
            (x1, y1), (x2, y2) = pos[s.id], pos[n]
            if n == EXIT:
                x2 -= CELL / 2 - 6
            far = abs(y2 - y1) > 1.5 * CELL or x2 < x1
            style = 'stroke="#c8c8c8" stroke-width="1" stroke-dasharray="2 3"' if far else \
                'stroke="#888" stroke-width="2"'
            out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" {style}/>')
    sx, sy = pos[START]
    fx, fy = pos[board.start]
    out.append(f'<line x1="{sx + CELL / 2:.1f}" y1="{sy:.1f}" x2="{fx:.1f}" y2="{fy:.1f}" '
               'stroke="#888" stroke-width="2"/>')
    return out


def _traps(board: Board, pos: dict[str, tuple[float, float]]) -> list[str]:
    """Each danger zone's trap and the fallback it sends pawns to: a dashed arrow and a label."""
    out = []
    for trap, zone in board.zone.items():
        if not zone:
            continue
        first = min(zone, key=lambda q: (pos[q][1], pos[q][0]))
        x, y = pos[first]
        backs = sorted({board.fallback[q] for q in zone})
        out.append(f'<text x="{x - SIZE / 2:.1f}" y="{y + SIZE / 2 + 21:.1f}" font-size="12" '
                   f'fill="#8b0000">▲ {escape(trap)} trap: its danger zone goes back to '
                   f'{escape(", ".join(backs))}</text>')
        for b in backs:
            (x1, y1), (x2, y2) = pos[first], pos[b]
            mid = (x1 + x2) / 2, min(y1, y2) - SIZE
            out.append(f'<path d="M{x1:.1f},{y1 - SIZE / 2:.1f} Q{mid[0]:.1f},{mid[1]:.1f} '
                       f'{x2:.1f},{y2 - SIZE / 2:.1f}" fill="none" stroke="#1b3f7a" '
                       'stroke-width="1.5" stroke-dasharray="5 3" marker-end="url(#arrow)"/>')
    return out


def _passage(board: Board, pos: dict[str, tuple[float, float]]) -> list[str]:
    if board.green_star is None:
        return []
    gx, gy = pos[board.green_star]
    out = []
    for q in board.red_stars:
        x, y = pos[q]
        out.append(f'<path d="M{x:.1f},{y + SIZE / 2:.1f} Q{(x + gx) / 2:.1f},{max(y, gy) + CELL:.1f} '
                   f'{gx:.1f},{gy + SIZE / 2:.1f}" fill="none" stroke="{PASSAGE_COLOUR}" '
                   'stroke-width="2" stroke-dasharray="6 3" marker-end="url(#passage)"/>')
    out.append(f'<text x="{gx + SIZE / 2 + 3:.1f}" y="{gy - SIZE / 2 - 3:.1f}" '
               f'font-size="12" fill="{PASSAGE_COLOUR}">secret passage</text>')
    return out


def _legend(y: float, players: int) -> tuple[list[str], float]:
    items = [("yellow", "yellow: safe"), ("blue", "blue: safe; pawns sent back share it"),
             ("green", "green: safe"), ("red", "red: danger zone"), ("stair", "stair step: danger")]
    out = [f'<text x="{PAD}" y="{y:.1f}" font-size="13" font-weight="bold">Legend</text>']
    y += 8
    for i, (colour, text) in enumerate(items):
        x = PAD + (i % 2) * 345
        yy = y + (i // 2) * 20
        out.append(f'<rect x="{x}" y="{yy:.1f}" width="14" height="14" rx="2" '
                   f'fill="{FILL[colour]}" stroke="#333"/>')
        out.append(f'<text x="{x + 20}" y="{yy + 11:.1f}" font-size="12">{text}</text>')
    y += 64
    extra = [
        (f'<rect x="{PAD}" y="{y:.1f}" width="14" height="14" rx="2" fill="#fff" '
         'stroke="#1b3f7a" stroke-width="3"/>', "fallback square (dashed arrow: a trap sends back)"),
        (_star(PAD + 7 + 345, y + 7, 7), "star square (red: passage entry, green: exit)"),
    ]
    for i, (mark, text) in enumerate(extra):
        out.append(mark)
        out.append(f'<text x="{PAD + 20 + 345 * i}" y="{y + 11:.1f}" font-size="12">{text}</text>')
    y += 20
    out.append(f'<line x1="{PAD}" y1="{y + 7:.1f}" x2="{PAD + 14}" y2="{y + 7:.1f}" '
               f'stroke="{PASSAGE_COLOUR}" stroke-width="2" stroke-dasharray="4 2"/>')
    out.append(f'<text x="{PAD + 20}" y="{y + 11:.1f}" font-size="12">secret passage (when the '
               'portrait fires)</text>')
    out.append(f'<rect x="{PAD + 345}" y="{y:.1f}" width="14" height="14" rx="2" fill="none" '
               f'stroke="{HIGHLIGHT}" stroke-width="3"/>')
    out.append(f'<text x="{PAD + 365}" y="{y + 11:.1f}" font-size="12">highlighted square</text>')
    y += 20
    for p in range(players):
        x = PAD + p * 105
        out.append(f'<circle cx="{x + 7}" cy="{y + 7:.1f}" r="6" '
                   f'fill="{PLAYER_COLOURS[p % len(PLAYER_COLOURS)]}"/>')
        out.append(f'<text x="{x + 18}" y="{y + 11:.1f}" font-size="12">player {p}</text>')
    return out, y + 22


def render_svg(
    state: State, game: Spookslot | None = None, highlight: tuple[str, ...] = ()
) -> str:
    """An SVG picture of ``state``: the castle room by room with the pawns on it; the squares in
    ``highlight`` (square ids, ``start`` or ``exit``) are ringed."""
    if game is None:
        from castlerules.spookslot.rules import Spookslot

        game = Spookslot(players=len(state.pawns))
    board = game.board
    pos, bands = layout(board)
    marked = set(highlight)
    width = PAD * 2 + COLUMNS * CELL + 30
    body: list[str] = []
    for room, y in bands:
        body.append(f'<text x="{PAD}" y="{y + 8:.1f}" font-size="13" font-weight="bold" '
                    f'fill="#555">{escape(room)}</text>')
    body += _edges(board, pos)
    for q in (START, *board.ids, EXIT):
        body += _square(board, q, *pos[q], q in marked or (q == START and LINE in marked))
    body += _traps(board, pos)
    body += _passage(board, pos)
    for q, who in _where(state).items():
        x, y = pos[START if q == LINE else q]
        wide = q in (START, EXIT, LINE)
        w = 2 * CELL - 18 if wide else SIZE - 6
        body += _pawn_discs(x + (CELL / 2 if wide else 0), y, w, SIZE - 6, who)
    bottom = max(y for _, y in pos.values()) + CELL
    legend, bottom = _legend(bottom + 24, len(state.pawns))
    caption = escape(position_text(state))
    height = int(bottom + 30)
    head = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="9">',
        '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" '
        'markerHeight="6" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#1b3f7a"/></marker>'
        '<marker id="passage" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" '
        f'markerHeight="6" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="{PASSAGE_COLOUR}"/>'
        '</marker></defs>',
        f'<rect width="{width}" height="{height}" fill="#fcfbf7"/>',
        f'<text x="{PAD}" y="{PAD + 2}" font-size="14">{escape(status(state))}</text>',
    ]
    tail = [f'<text class="caption" x="{PAD}" y="{bottom + 10:.1f}" font-size="12" '
            f'font-family="monospace">{caption}</text>', "</svg>"]
    return "\n".join(head + body + ['<g class="legend">', *legend, "</g>"] + tail)
