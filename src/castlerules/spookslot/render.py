"""Spookslot pictures: a text summary of a state and an SVG drawing of the castle floor by floor.

The SVG draws each room of the board as a band of its own, top to bottom in walking order (read
each band left to right), the dangerous short route of a fork on a second line under the safe
route; the four traps' danger zones with where each sends its pawns back, the fallback squares,
the secret passage from the red star squares to the green star square, the start and the Exit, the
pawns, a legend and the position text. It is about 680 pixels wide, so it reads at page width.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Protocol

from castlerules.core.markup import escape
from castlerules.core.written import str_writer
from castlerules.spookslot.board import Board, default_board
from castlerules.spookslot.notation import pawn_letter, position_text
from castlerules.spookslot.state import EXIT, GHOST, LINE, START, Ball, Move, Phase, Roll, State


class HasBoard(Protocol):
    """Anything with a ``board`` (a Spookslot game): drawn as its board."""

    @property
    def board(self) -> Board: ...


def board_of(where: Board | HasBoard | None) -> Board:
    """The board to draw on: ``where`` itself, the board of a game, or the default board."""
    if where is None:
        return default_board()
    return where if isinstance(where, Board) else where.board

LETTER = {"yellow": "Y", "blue": "B", "green": "G", "red": "R", "stair": "S"}
FILL = {"yellow": "#f2d94e", "blue": "#5b8fd9", "green": "#5fb860", "red": "#d9534f",
        "stair": "#9a7b5b", "exit": "#ffffff", "start": "#eeeeee"}
PLAYER_COLOURS = ("#222222", "#e07b00", "#8e44ad", "#00897b", "#c2185b", "#1565c0")
PASSAGE_COLOUR = "#7b3fa0"
HIGHLIGHT = "#ff00aa"
#: Squares per row of a band before it wraps.
COLUMNS = 15
CELL, SIZE, PAD = 42, 30, 24
#: From a safe route's row to the short route's row under it: the safe squares' names fit between.
SHORT_LANE = CELL + 16


def pawn_name(p: int, k: int) -> str:
    return f"p{p}{pawn_letter(k)}"


def _where(state: State) -> dict[str, list[tuple[int, int]]]:
    at: dict[str, list[tuple[int, int]]] = {}
    for p, ps in enumerate(state.pawns):
        for k, q in enumerate(ps):
            at.setdefault(q, []).append((p, k))
    return at


def moved_pawns(before: State, after: State) -> list[str]:
    """Each pawn that moved between two states: ``p0a t3 → s4``."""
    out = []
    for p, (old, new) in enumerate(zip(before.pawns, after.pawns)):
        for k, (a, b) in enumerate(zip(old, new)):
            if a != b:
                out.append(f"{pawn_name(p, k)} {a} → {b}")
    return out


def destination(game: Any, state: State, action: Any) -> str | None:
    """The square a legal move ends on (``exit``: the pawn escapes); None for anything else."""
    if not isinstance(action, Move):
        return None
    found: str | None = game.move_set(state).dest.get(action)
    return found


def drops_ball(game: Any, state: State, action: Any) -> bool:
    """Whether a legal move ends on a danger square, so that the ghost ball drops."""
    return isinstance(action, Move) and action in game.move_set(state).drops


def landing(game: Any, state: State, action: Any) -> str:
    """`` → l3`` (and whether the ball drops) for a legal move; "" for anything else (the
    terminal's ``?`` and the Play page's move buttons say it)."""
    dest = destination(game, state, action)
    if dest is None:
        return ""
    danger = " (danger square: the ball drops)" if drops_ball(game, state, action) else ""
    return f" → {dest.upper() if dest == 'exit' else dest}{danger}"


TRAP_WORDS = {"stairs": "rolls down the stairs", "bookcase": "tips the bookcase",
              "portrait": "swings the portrait", "axe": "drops the axe"}


def describe_chance(game: Any, state: State, outcome: Roll | Ball) -> str:
    """A roll or the ghost ball in words: what the die showed and what follows from it; where the
    ball went, which pawns fell back to where, and whether the secret passage opened."""
    after = game.apply(state, outcome)
    p = state.turn
    if isinstance(outcome, Roll):
        if outcome.face == GHOST:
            if after.phase is Phase.BALL:
                return f"p{p} rolls the ghost: a pawn is in danger, so the ghost ball drops"
            if after.phase is Phase.REROLL:
                return f"p{p} rolls the ghost: nobody is in danger, so p{p} rolls again"
            return f"p{p} rolls the ghost again: the turn passes to p{after.turn}"
        if after.phase is Phase.MOVE:
            return f"p{p} rolls {outcome.face}"
        return f"p{p} rolls {outcome.face}, but no pawn can move it: the turn passes to p{after.turn}"
    board = board_of(game)
    trap = outcome.trap
    zone = board.zone.get(trap, ())
    back = sorted({board.fallback[q] for q in zone if q in board.fallback})
    moved: list[str] = []
    passed: list[str] = []
    for text in moved_pawns(state, after):
        start, _, end = text.split(" ", 1)[1].partition(" → ")
        through = start in board.red_stars and end == board.green_star
        (passed if through else moved).append(text)
    where = f"{zone[0]}-{zone[-1]}" if len(zone) > 1 else zone[0] if zone else trap
    line = f"the ghost ball {TRAP_WORDS.get(trap, 'fires the ' + trap + ' trap')} ({where}"
    line += f" → {', '.join(back)})" if back else ")"
    line += ": " + ", ".join(moved) if moved else ": nobody stood there"
    if passed:
        line += "; through the secret passage: " + ", ".join(passed)
    if after.phase is Phase.PASSAGE:
        who = ", ".join(f"{pawn_name(q, k)} on {after.pawns[q][k]}" for q, k in after.pending)
        line += f"; the secret passage to {board.green_star} opens for {who}"
    return line


def face_name(outcome: Any) -> str:
    """A chance outcome by what it shows: ``3``, ``ghost``, or the trap the ball reaches."""
    if isinstance(outcome, Ball):
        return str(outcome.trap)
    return "ghost" if outcome.face == GHOST else str(outcome.face)


def chance_words(game: Any, state: State) -> str:
    """What chance does at a chance node, with the game's odds grouped by probability: ``player
    0 rolls the die: 1, 2, 3 or 4 (1/6 each) or the ghost (1/3)``; "" elsewhere."""
    outcomes = game.chance_outcomes(state)
    if not outcomes:
        return ""
    groups: dict[Fraction, list[str]] = {}
    for outcome, p in outcomes:
        name = face_name(outcome)
        shown = "the ghost" if name == "ghost" else name
        found = groups.setdefault(p, [])
        if shown not in found:
            found.append(shown)
    parts = []
    for p, faces in groups.items():
        listed = faces[0] if len(faces) == 1 else f"{', '.join(faces[:-1])} or {faces[-1]}"
        parts.append(f"{listed} ({p}{' each' if len(faces) > 1 else ''})")
    odds = " or ".join(parts)
    if state.phase is Phase.BALL:
        return f"player {state.turn} drops the ghost ball: it reaches {odds}"
    again = " again (a ghost, nobody in danger)" if state.phase is Phase.REROLL else ""
    return f"player {state.turn} rolls the die{again}: {odds}"


def status(state: State, game: Any = None) -> str:
    """Whose turn it is and what happens next, in words; at a chance node, with ``game``, what
    chance does with its odds."""
    if game is not None and state.phase in (Phase.ROLL, Phase.REROLL, Phase.BALL):
        return chance_words(game, state)
    if state.phase is Phase.OVER:
        return f"game over: player {state.winner} wins"
    if state.phase is Phase.MOVE:
        squares = "square" if state.roll == 1 else "squares"
        return f"player {state.turn} rolled {state.roll}: a pawn moves {state.roll} {squares}"
    if state.phase is Phase.PASSAGE:
        who = ", ".join(pawn_name(p, k) for p, k in state.pending)
        return f"secret passage open for {who} (player {state.turn}'s turn)"
    return {
        Phase.ROLL: f"player {state.turn} to roll",
        Phase.REROLL: f"player {state.turn} rolls again (ghost, nobody in danger)",
        Phase.BALL: f"player {state.turn} drops the ball",
    }[state.phase]


def render_text(board: Board | HasBoard, state: State, game: Any = None) -> str:
    """Whose turn it is (at a chance node, with ``game``, what chance does), the path drawn room
    by room (``path_lines``) and the position text."""
    return "\n".join([status(state, game), *path_lines(board_of(board), state),
                      f"position: {position_text(state)}"])


@str_writer(State)
def board_text(state: State) -> str:
    """``str(state)``: the text board on the default board (a state does not know its game's
    board; ``game.render(state)`` draws on the game's)."""
    return render_text(default_board(), state)


def path_lines(board: Board, state: State, legend: bool = True) -> list[str]:
    """The board as its path, one line per room in walking order from the start to the Exit (each
    room left to right, the rooms top to bottom):
    each square as ``id:colour`` (``*`` a star square) with the pawns on it in brackets; a fork's
    short, dangerous route on its own line; then the pawns escaped and (``legend``) a legend with
    the traps and the secret passage."""
    at = {q: [pawn_name(p, k) for p, k in who] for q, who in _where(state).items()}

    def cell(q: str) -> str:
        if q == EXIT:
            return "EXIT"
        s = board.by_id[q]
        who = "".join(f"[{n}]" for n in at.get(q, ()))
        return f"{q}:{LETTER[s.colour]}{'*' if s.star else ''}{who}"

    waiting = " ".join(f"[{n}]" for n in [*at.get(START, ()), *at.get(LINE, ())])
    lines = [f"{'start':>11}  {waiting}".rstrip()]
    for label, ids in path_rows(board):
        shortway = "  (shorter, dangerous)" if label == SHORT_WAY else ""
        lines.append(f"{label:>11}  " + " ".join(cell(q) for q in ids) + shortway)
    lines.append(f"{'escaped':>11}  {' '.join(f'[{n}]' for n in at.get(EXIT, ()))}".rstrip())
    if not legend:
        return lines
    lines.append("legend: Y yellow, G green, B blue: safe squares; * a star square")
    lines.append("        R red, S stairs: danger squares (the ghost ball may send a pawn back)")
    traps = [f"{trap} {span} → {','.join(back)}" for trap, span, back in board.trap_routes()]
    if traps:
        lines.append("traps (squares → back to): " + "; ".join(traps))
    if board.red_stars and board.green_star:
        lines.append(f"secret passage: red stars {' '.join(board.red_stars)} → green star "
                     f"{board.green_star} (when the portrait fires)")
    return lines


SHORT_WAY = "short way"


def path_rows(board: Board) -> list[tuple[str, list[str]]]:
    """The path as rows in walking order (each left to right, the rows top to bottom): each
    room's squares on the safe route, the last ending with the Exit; a fork's short, dangerous
    route on a row of its own, labelled ``short way``, after its room's."""
    short = _short_routes(board)
    runs: list[tuple[str, list[str]]] = []
    for q in _walking_order(board):
        room = board.by_id[q].room
        if not runs or runs[-1][0] != room:
            runs.append((room, []))
        runs[-1][1].append(q)
    rows = []
    for i, (room, ids) in enumerate(runs):
        main = [q for q in ids if q not in short]
        rows.append((room, main + ([EXIT] if i == len(runs) - 1 else [])))
        route = [q for q in ids if q in short]
        if route:
            rows.append((SHORT_WAY, route))
    return rows


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
        pitch = CELL + SHORT_LANE if any(q in short for q in ids) else CELL
        rows = max(1, math.ceil(len(main) / COLUMNS))
        bands.append((room or "board", y))
        top = y + 16
        for j, q in enumerate(main):
            r, c = divmod(j, COLUMNS)
            if q:
                pos[q] = (PAD + c * CELL + CELL / 2, top + r * pitch + SIZE / 2)
        _place_short(board, ids, short, pos, top)
        y = top + rows * pitch + 26
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
        y = anchors[0][1] + SHORT_LANE
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
    """The steps between neighbouring squares of a band; a step to another band is a short stub
    out of the square it leaves and an arrow into the square it enters (a line across the bands
    would cross the squares' names)."""
    out = []
    stubs: set[str] = set()
    for s in board.squares:
        for n in s.next:
            if n not in pos:
                continue
            (x1, y1), (x2, y2) = pos[s.id], pos[n]
            if n == EXIT:
                x2 -= CELL / 2 - 6
            if abs(y2 - y1) > 1.5 * CELL or x2 < x1:
                if s.id not in stubs:
                    stubs.add(s.id)
                    out.append(f'<line x1="{x1 + SIZE / 2:.1f}" y1="{y1:.1f}" '
                               f'x2="{x1 + CELL / 2 + 1:.1f}" y2="{y1:.1f}" stroke="#888" '
                               'stroke-width="2"/>')
                out.append(f'<line x1="{x2 - CELL / 2 - 2:.1f}" y1="{y2:.1f}" '
                           f'x2="{x2 - SIZE / 2 - 1:.1f}" y2="{y2:.1f}" stroke="#888" '
                           'stroke-width="2" marker-end="url(#step)"/>')
                continue
            out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                       'stroke="#888" stroke-width="2"/>')
    sx, sy = pos[START]
    fx, fy = pos[board.start]
    out.append(f'<line x1="{sx + CELL / 2:.1f}" y1="{sy:.1f}" x2="{fx:.1f}" y2="{fy:.1f}" '
               'stroke="#888" stroke-width="2"/>')
    return out


def trap_lines(board: Board) -> list[str]:
    """Each trap's danger squares and where the ghost ball sends a pawn on them back to."""
    out = []
    for trap, zone in board.zone.items():
        if zone:
            backs = sorted({board.fallback[q] for q in zone if q in board.fallback})
            span = zone[0] if len(zone) == 1 else f"{zone[0]}-{zone[-1]}"
            out.append(f"{trap} trap: {span} → back to {', '.join(backs)}")
    return out


def _passage(board: Board, pos: dict[str, tuple[float, float]]) -> list[str]:
    """The secret passage: a dashed arrow from each red star square, down the gap beside it and
    across above the green star's row into its top (no label on the board: the legend names it,
    and the arrow crosses no square's name)."""
    if board.green_star is None:
        return []
    gx, gy = pos[board.green_star]
    out = []
    for q in board.red_stars:
        x, y = pos[q]
        lane = x + SIZE / 2 + (CELL - SIZE) / 2  # down the gap right of the square (no name)
        above = gy - SIZE / 2 - 12  # across above the green star's row
        out.append(f'<path d="M{x + SIZE / 2:.1f},{y:.1f} H{lane:.1f} V{above:.1f} H{gx:.1f} '
                   f'V{gy - SIZE / 2 - 1:.1f}" fill="none" stroke="{PASSAGE_COLOUR}" '
                   'stroke-width="2" stroke-dasharray="6 3" stroke-linejoin="round" '
                   'marker-end="url(#passage)"/>')
    return out


def _legend(y: float, players: int, traps: list[str]) -> tuple[list[str], float]:
    items = [("yellow", "yellow: safe"), ("blue", "blue: safe; pawns sent back share it"),
             ("green", "green: safe"), ("red", "red: danger zone"), ("stair", "stair step: danger")]
    out = [f'<text x="{PAD}" y="{y:.1f}" font-size="13" font-weight="bold">Legend</text>',
           f'<text x="{PAD + 70}" y="{y:.1f}" font-size="12">the path runs left to right, band '
           'after band from the top</text>']
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
         'stroke="#1b3f7a" stroke-width="3"/>', "fallback square (a trap sends pawns back here)"),
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
    y += 22
    if traps:
        out.append(f'<text x="{PAD}" y="{y + 11:.1f}" font-size="12" font-weight="bold" '
                   'fill="#8b0000">The ghost ball\'s traps</text>')
        for i, text in enumerate(traps):
            x = PAD + (i % 2) * 345
            yy = y + 20 + (i // 2) * 18
            out.append(f'<text x="{x}" y="{yy + 11:.1f}" font-size="12" fill="#8b0000">'
                       f'{escape(text)}</text>')
        y += 20 + 18 * ((len(traps) + 1) // 2)
    return out, y


def render_svg(
    state: State, board: Board | HasBoard | None = None, highlight: tuple[str, ...] = (),
    game: Any = None,
) -> str:
    """An SVG picture of ``state`` on ``board`` (a Board, a game's board, or by default the
    default board): the castle room by room with the pawns on it; the squares in ``highlight``
    (square ids, ``start`` or ``exit``) are ringed; whose turn it is on top (at a chance node,
    with ``game``, what chance does)."""
    board = board_of(board)
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
    body += _passage(board, pos)
    for q, who in _where(state).items():
        x, y = pos[START if q == LINE else q]
        wide = q in (START, EXIT, LINE)
        w = 2 * CELL - 18 if wide else SIZE - 6
        body += _pawn_discs(x + (CELL / 2 if wide else 0), y, w, SIZE - 6, who)
    bottom = max(y for _, y in pos.values()) + CELL
    legend, bottom = _legend(bottom + 24, len(state.pawns), trap_lines(board))
    caption = escape(position_text(state))
    height = int(bottom + 30)
    head = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        '<defs><marker id="step" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" '
        'markerHeight="5" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#888"/></marker>'
        '<marker id="passage" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" '
        f'markerHeight="6" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="{PASSAGE_COLOUR}"/>'
        '</marker></defs>',
        f'<rect width="{width}" height="{height}" fill="#fcfbf7"/>',
        f'<text x="{PAD}" y="{PAD + 2}" font-size="14">{escape(status(state, game))}</text>',
    ]
    tail = [f'<text class="caption" x="{PAD}" y="{bottom + 10:.1f}" font-size="12" '
            f'font-family="monospace">{caption}</text>', "</svg>"]
    return "\n".join(head + body + ['<g class="legend">', *legend, "</g>"] + tail)
