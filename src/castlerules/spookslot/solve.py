"""Spookslot for the solver: the canonical code of a turn's start, the last-pawn race, the fork
picture.

**What a position's future depends on.** At the start of a turn (phase ``roll``) nothing is pending,
no number is rolled and nobody has won, so the future depends only on where the pawns stand, whose
turn it is and, with four players, each player's first pawn and whether the second is free
(``State.first``/``released``). Two facts make many positions one:

- *a player's two pawns are interchangeable*: the rules never look at a pawn's letter except
  through ``first`` (four players), which the code records by the first pawn's place, not its
  letter; so the code sorts each player's pawns;
- *the seats are interchangeable*: every rule treats the players alike and only the turn order
  (clockwise from the player to move) tells them apart, so the code lists the players from the
  one to move. The chance of a seat in a position is the chance of its place in that order.

The solver stores these turn starts; the roll, the move, the ball and the secret passage are
expanded from them through the game's own transitions (``castlerules.solve``). Under
spookslot.interp.ghost-reroll = until-number a turn's extra roll may repeat, so the extra-roll
position is stored as well (the code tells the two phases apart).
"""

from __future__ import annotations

from typing import Any

from castlerules.spookslot.game import Spookslot
from castlerules.spookslot.state import EXIT, LINE, START, Phase, State

#: Bumped whenever the codes change (a table's identity names it).
CANON_VERSION = 1


class SpookslotCanon:
    """The canonical code of a Spookslot turn start (see the module docstring)."""

    version = CANON_VERSION
    sources = ("rules", "state", "board", "kernel", "solve")

    def __init__(self, game: Spookslot) -> None:
        self.n = game.num_players
        self.per = game.pawns_per_player
        self.four = self.n == 4
        self.until = game.reading("ghost-reroll") == "until-number"
        line = [LINE] if game.reading("start-line") == "line-square" else []
        self.places = (START, *line, *game.board.ids, EXIT)
        self.index = {q: i for i, q in enumerate(self.places)}
        self.radix = len(self.places)
        #: One player's pawns (as the state holds them) -> their code, filled as met.
        self.group: dict[tuple[str, ...], int] = {}
        self.span = self.radix**self.per

    def is_stored(self, state: State) -> bool:
        phase = state.phase
        return phase is Phase.ROLL or (self.until and phase is Phase.REROLL)

    def code(self, state: State) -> tuple[int, int]:
        """The code of a stored position and the player to move (relative seat 0)."""
        turn, n, span, pawns = state.turn, self.n, self.span, state.pawns
        group = self.group
        code = 0
        for r in range(n):
            p = turn + r
            if p >= n:
                p -= n
            mine = pawns[p]
            found = group.get(mine)
            if found is None:
                found = group[mine] = self._group_code(mine)
            code = code * span + found
            if self.four:
                first = state.first[p]
                mark = 0
                if first != -1:
                    mark = 1 if self.index[mine[first]] == min(self.index[q] for q in mine) else 2
                code = (code * 3 + mark) * 2 + int(state.released[p])
        return code * 2 + (state.phase is Phase.REROLL), turn

    def _group_code(self, places: tuple[str, ...]) -> int:
        """The code of one player's pawns, in any order."""
        code = 0
        for i in sorted(self.index[q] for q in places):
            code = code * self.radix + i
        return code


def canon(game: Any) -> SpookslotCanon:
    """The solver's canon of ``game`` (a Spookslot game)."""
    return SpookslotCanon(game)


# -- the last-pawn race ---------------------------------------------------------------------------


def last_pawn_positions(game: Spookslot) -> list[State]:
    """Every turn start of a two-player game in which both players have one pawn left (the other
    escaped) and player 0 is to move: the last-pawn race, like a backgammon bear-off database.
    Its positions lead only to one another (an escaped pawn never comes back), so they are
    solved on their own (``castlerules.solve.solve(game, roots=...)``)."""
    from castlerules.core.errors import RulesError

    places = (START, *game.board.ids)
    out = []
    for mine in places:
        for theirs in places:
            state = State(pawns=((mine, EXIT), (theirs, EXIT)), turn=0)
            try:
                game.validate_state(state)
            except RulesError:
                continue  # two pawns on a square they may not share
            out.append(state)
    return out


def race_table(game: Spookslot, evaluator: Any) -> dict[tuple[str, str], float]:
    """(mover's last pawn, the other's last pawn) -> the mover's chance, both playing optimally
    (from a table that holds the last-pawn race)."""
    return {(s.pawns[0][0], s.pawns[1][0]): evaluator.chances(s)[0]
            for s in last_pawn_positions(game)}


def fork_choices(game: Spookslot, evaluator: Any
                 ) -> dict[str, list[tuple[str, int, dict[str, str]]]]:
    """At each fork, in the last-pawn race: for each square and roll with which the mover's
    pawn passes the fork (or bounces on from it), and each square of the other's last pawn, which
    route is right: ``"safe"``, ``"short"`` or ``"equal"`` (within twice the table's bound)."""
    from castlerules.core.errors import RulesError

    board = game.board
    slack = 2 * evaluator.table.bound
    out: dict[str, list[tuple[str, int, dict[str, str]]]] = {}
    faces = sorted({r.face for r, _ in game.die if r.face})
    for fork in board.forks:
        safe, short = (board.branch(fork, kind) for kind in ("safe", "short"))
        rows = []
        for square in (START, *board.ids):
            for roll in faces:
                cells: dict[str, str] = {}
                for other in (START, *board.ids):
                    state = State(pawns=((square, EXIT), (other, EXIT)), turn=0,
                                  phase=Phase.MOVE, roll=roll)
                    try:
                        game.validate_state(state)
                    except RulesError:  # a pair that may not share a square, or no move
                        continue
                    best: dict[str, float] = {}
                    for move, value in evaluator.action_values(state, 0):
                        for kind, first in (("safe", safe), ("short", short)):
                            if first in move.via:
                                best[kind] = max(best.get(kind, 0.0), value)
                    if len(best) == 2:
                        gap = best["safe"] - best["short"]
                        cells[other] = ("equal" if abs(gap) <= slack
                                        else "safe" if gap > 0 else "short")
                if cells:
                    rows.append((square, roll, cells))
        out[fork] = rows
    return out


ROUTE_FILLS = {"safe": "#82e0aa", "short": "#ec7063", "equal": "#d5d8dc"}


def fork_picture(game: Spookslot, fork: str,
                 rows: list[tuple[str, int, dict[str, str]]]) -> str:
    """An SVG chart of ``fork_choices`` at one fork: a row per (square, roll) of the mover's last
    pawn, a column per square of the other's last pawn, each cell coloured by the right route."""
    from html import escape

    board = game.board
    columns = [q for q in (START, *board.ids) if any(q in cells for _, _, cells in rows)]
    cell, left, top = 14, 96, 64
    width = left + cell * len(columns) + 20
    height = top + cell * len(rows) + 60
    safe, short = board.branch(fork, "safe"), board.branch(fork, "short")
    body = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="10">',
        f'<text x="{left}" y="14" font-size="12" font-weight="bold">The fork at {escape(fork)}:'
        f' the safe route (from {escape(str(safe))}) or the short one (from '
        f'{escape(str(short))})?</text>',
        f'<text x="{left}" y="{top - 30}" font-size="10">the other player\'s last pawn</text>',
    ]
    for j, q in enumerate(columns):
        x = left + j * cell + cell / 2
        body.append(f'<text x="{x:.1f}" y="{top - 4}" transform="rotate(-60 {x:.1f} {top - 4})"'
                    f'>{escape("start" if q == START else q)}</text>')
    for i, (square, roll, cells) in enumerate(rows):
        y = top + i * cell
        name = "start" if square == START else square
        body.append(f'<text x="{left - 4}" y="{y + cell - 3}" text-anchor="end">'
                    f'{escape(name)}, roll {roll}</text>')
        for j, q in enumerate(columns):
            choice = cells.get(q)
            if choice is None:
                continue
            body.append(f'<rect x="{left + j * cell}" y="{y}" width="{cell - 1}" '
                        f'height="{cell - 1}" fill="{ROUTE_FILLS[choice]}"><title>mover on '
                        f'{escape(name)} rolls {roll}, other pawn on {escape(q)}: {choice}'
                        f'</title></rect>')
    y = top + cell * len(rows) + 20
    for k, (choice, fill) in enumerate(ROUTE_FILLS.items()):
        x = left + k * 150
        label = {"safe": "the safe route is right", "short": "the short route is right",
                 "equal": "both are as good"}[choice]
        body.append(f'<rect x="{x}" y="{y}" width="12" height="12" fill="{fill}"/>'
                    f'<text x="{x + 16}" y="{y + 10}">{label}</text>')
    body.append("</svg>")
    return "\n".join(body)
