"""Spookslot theorems: the board's shape, the exit/bounce kernel (z3), and exhaustive checks of the
game's own transition function against an independent step-by-step reading of the rules.

``theorems(game)`` builds every theorem for that game object — its player count, board and
readings. The exhaustive checks enumerate finite families of positions that cover every case that
matters for the rule in question (stated in each theorem):

* moves: every square (and behind the start), every face of the die, and every way of placing up to
  three other pawns on the squares a move from there can touch (all placements that exist with two
  players; the game's move generator only looks at those squares);
* rolls: every pawn placement of the mover on every square, with and without another pawn in a
  danger zone, before and after the first ghost;
* the ball: every trap with pawns of the mover and of another player on every pair of squares;
* the passage: every set of pawns on the red star squares.

For each position the game's legal actions and the successor of each are compared with what the
rulebook says, computed independently here (``reference_moves``, ``expected_after_*``). The
invariants (pawns conserved, shared squares, exact exits) are checked on every successor, so they
are inductive steps: from any position of the families the rules keep them. Nothing plays a game,
so a rule bug that makes games endless cannot make a theorem hang.

The single-pawn Markov chain is built from the board data alone and compared, square by square and
exactly, with the one-turn distribution of the game's rules (explored to a bounded depth).
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from typing import Any

import z3

from castlerules.core.play import random_action
from castlerules.core.theorem import Result, Status, Theorem, z3_prove
from castlerules.spookslot import kernel
from castlerules.spookslot.board import Board, board_problems
from castlerules.spookslot.rules import Spookslot
from castlerules.spookslot.state import (
    EXIT,
    GHOST,
    LINE,
    START,
    TRAPS,
    Ball,
    Move,
    Pass,
    Passage,
    Phase,
    Roll,
    State,
)

GAME = "spookslot"
WINDOW = 18  # the largest window the game uses: die faces up to 6 plus 12 pawns
TESTS = "tests/spookslot/test_spookslot_theorems.py"
Kernel = Callable[..., Any]
Case = tuple[State, Any, State]
#: A move as (player, pawn, route): the reading's own name for a move.
Key = tuple[int, int, tuple[str, ...]]


def _key(move: Move) -> Key:
    return (move.player, move.pawn, move.via)


def _position(game: Spookslot, state: State) -> str:
    try:
        return game.state_to_text(state)
    except Exception:  # a broken rule may build a malformed state
        return repr(state.pawns)


def _squares_of(state: State) -> tuple[str, ...]:
    return tuple(sorted({q for ps in state.pawns for q in ps}))


def _refute(game: Spookslot, state: State, message: str, action: Any = None,
            after: State | None = None) -> Result:
    shown = f"{message}\nposition: {_position(game, state)}"
    if action is not None:
        try:
            shown += f"\naction: {game.action_to_str(state, action)}"
        except Exception:
            shown += f"\naction: {action!r}"
    if after is not None:
        shown += f"\ngame gives: {_position(game, after)}"
    return Result.refuted(shown, message, position=_position(game, state),
                          highlight=_squares_of(state))


# -- board ---------------------------------------------------------------------------------------
def check_board(board: Board) -> Result:
    """The board has the rulebook's shape (see ``board_problems``)."""
    problems = board_problems(board)
    if problems:
        return Result.refuted("; ".join(problems), f"board {board.name!r}")
    return Result.proved(
        f"{len(board.squares)} squares reach the Exit; {len(board.fallback)} fallbacks are the "
        f"nearest blue square behind; {len(board.forks)} forks rejoin with a longer safe and a "
        "shorter dangerous route; 2 red star squares and 1 green star square"
    )


# -- the exit/bounce kernel -----------------------------------------------------------------------
def _kernel_symbols(window: int) -> tuple[Any, Any, list[Any], list[Any]]:
    """Symbols for one window size. The game's window is its largest face plus the number of
    pawns, and at most (pawns - 1) squares ahead are taken: count <= window - roll - 1."""
    roll, to_exit = z3.Int("roll"), z3.Int("to_exit")
    occupied = [z3.Bool(f"occupied_{j}") for j in range(1, window + 1)]
    taken = z3.Sum([z3.If(o, 1, 0) for o in occupied])
    pre = [roll >= 1, roll <= 6, to_exit >= 1, taken <= window - roll - 1]
    return roll, to_exit, occupied, pre


def _render_kernel(roll: Any, to_exit: Any, occupied: Sequence[Any]) -> Callable[[Any], str]:
    def show(m: z3.ModelRef) -> str:
        r = m.eval(roll, model_completion=True).as_long()
        d = m.eval(to_exit, model_completion=True).as_long()
        taken = [j + 1 for j, o in enumerate(occupied) if z3.is_true(m.eval(o, model_completion=True))]
        return f"roll {r}, Exit {d} squares ahead, occupied squares ahead: {taken}"

    return show


def _for_windows(claim_of: Callable[[Any, Any, list[Any]], Any], largest: int) -> Result:
    """Prove ``claim_of(roll, to_exit, occupied)`` for every window size up to ``largest``."""
    for window in range(2, largest + 1):
        roll, to_exit, occupied, pre = _kernel_symbols(window)
        result = z3_prove(claim_of(roll, to_exit, occupied), assumptions=pre,
                          render=_render_kernel(roll, to_exit, occupied))
        if result.status is not Status.PROVED:
            return result
    return Result.proved("z3 over all rolls 1-6, all distances to the Exit and every occupancy, "
                         f"for windows of 2-{largest} squares")


def check_exit_exact(landing: Kernel, count_back: bool, share: bool, largest: int) -> Result:
    """z3: for every roll, distance to the Exit and occupancy, a move ends on the Exit only when
    the roll is exactly the distance, and never beyond the Exit."""

    def claim(roll: Any, to_exit: Any, occupied: list[Any]) -> Any:
        end = landing(roll, to_exit, occupied, count_back, share)
        return z3.And(z3.Implies(end == to_exit, roll == to_exit), end <= to_exit, end >= 0)

    return _for_windows(claim, largest)


def check_bounce(landing: Kernel, count_back: bool, share: bool, largest: int) -> Result:
    """z3: a move that does not reach the Exit ends on the rolled square if it is free, else on
    the next free square (every square between is taken); it is impossible exactly when the roll
    passes the Exit or every square from the rolled one up to the Exit is taken (readings: a roll
    past the Exit counts back; a blocked bounce shares the rolled square)."""

    def claim(roll: Any, to_exit: Any, occupied: list[Any]) -> Any:
        end = landing(roll, to_exit, occupied, count_back, share)
        idx = range(1, len(occupied) + 1)
        lands_free = z3.Or(*(z3.And(end == j, z3.Not(occupied[j - 1])) for j in idx))
        skipped = z3.And(*(z3.Implies(z3.And(j >= roll, j < end), occupied[j - 1]) for j in idx))
        blocked = z3.And(
            *(z3.Implies(z3.And(j >= roll, j < to_exit), occupied[j - 1]) for j in idx)
        )
        turn = 2 * to_exit - roll
        back_free = z3.Or(*(z3.And(j <= turn, z3.Not(occupied[j - 1])) for j in idx))
        back_ok = z3.And(
            *(z3.Implies(z3.And(j > end, j <= turn), occupied[j - 1]) for j in idx)
        )
        forward = z3.And(roll < to_exit, z3.Not(blocked))
        if share:
            stays_blocked = z3.And(roll < to_exit, blocked, end == roll)
        else:
            stays_blocked = z3.And(roll < to_exit, blocked, end == kernel.NO_MOVE)
        if count_back:
            past = z3.And(roll > to_exit, z3.If(back_free, z3.And(end >= 1, end <= turn,
                          lands_free, back_ok), end == kernel.NO_MOVE))
        else:
            past = z3.And(roll > to_exit, end == kernel.NO_MOVE)
        return z3.Or(
            z3.And(roll == to_exit, end == to_exit),
            z3.And(forward, end >= roll, end < to_exit, lands_free, skipped),
            stays_blocked,
            past,
        )

    return _for_windows(claim, largest)


# -- the independent reading of the rules ----------------------------------------------------------
class BoardData:
    """What the rules need of a board, read straight from its squares (not from the lookups the
    game's ``Board`` computes), so the reading below shares no derived data with the game."""

    def __init__(self, board: Board) -> None:
        squares = board.squares
        self.start = board.start
        self.ids = tuple(sq.id for sq in squares)
        self.next = {sq.id: sq.next for sq in squares}
        self.danger = {sq.id for sq in squares if sq.colour in ("red", "stair")}
        self.yellow = {sq.id for sq in squares if sq.colour == "yellow"}
        self.blue = {sq.id for sq in squares if sq.colour == "blue"}
        self.lower = {sq.id for sq in squares if sq.floor == "lower"}
        self.zone = {t: [sq.id for sq in squares if sq.trap == t] for t in TRAPS}
        self.fallback = {sq.id: sq.fallback for sq in squares if sq.fallback is not None}
        self.red_stars = [sq.id for sq in squares if sq.star and sq.colour == "red"]
        greens = [sq.id for sq in squares if sq.star and sq.colour == "green"]
        self.green_star = greens[0] if greens else None
        self.squares = squares

    def reachable(self, origin: str) -> set[str]:
        seen: set[str] = set()
        todo = list(self.next.get(origin, ()))
        while todo:
            q = todo.pop()
            if q not in seen:
                seen.add(q)
                if q != EXIT:
                    todo.extend(self.next[q])
        return seen


class Reading:
    """The rules as the rulebook states them, step by step, for one game's options and readings
    (written from the spec, not from the game's code)."""

    def __init__(self, game: Spookslot) -> None:
        self.game = game
        self.board = BoardData(game.board)
        self.n = game.num_players
        self.per = game.pawns_per_player
        r = game.reading
        self.bounce_route = "safe" if r("route-choice") == "bounce-safe" else "choose"
        fork = r("bounce-at-fork")
        self.bounce_fork = "safe" if self.bounce_route == "safe" else fork
        self.count_square = r("bounce-colour") == "count-square"
        self.count_back = r("exit-exact") == "count-back"
        self.share = r("bounce-past-exit") == "share"
        self.forced = r("forced-move")
        self.share_always = r("shared-squares") == "always"
        self.auto_passage = r("secret-passage") == "always"
        self.until_number = r("ghost-reroll") == "until-number"
        self.sticky = r("four-player-second-pawn") == "once-reached"
        self.line = r("start-line") == "line-square"
        self.mover_only = r("ball-once") == "mover-only"
        self.no_yellow = game.no_yellow
        options = game.options
        faces = options.get("die_faces", [1, 2, 3, 4, "ghost", "ghost"])
        self.die: dict[int, Fraction] = {}
        for f in faces:
            face = GHOST if f == "ghost" else int(f)
            self.die[face] = self.die.get(face, Fraction(0)) + Fraction(1, 6)
        weights = options.get("trap_weights", dict.fromkeys(TRAPS, 1))
        total = sum(weights.values())
        self.ball = {t: Fraction(w, total) for t, w in weights.items() if w}

    # where the next step goes
    def _steps(self, q: str) -> tuple[str, ...]:
        if q == START:
            return (LINE,) if self.line else (self.board.start,)
        if q == LINE:
            return (self.board.start,)
        return self.board.next[q]

    def _branch(self, fork: str, kind: str) -> str:
        """The first square of the safe or the short route at ``fork``: walking a route until it
        meets the other, the one without a danger square is the safe one."""
        b = self.board
        firsts = b.next[fork]
        danger = {}
        for first in firsts:
            others: set[str] = set()
            for o in firsts:
                if o != first:
                    others |= {o} | b.reachable(o)
            q, found = first, False
            while q not in others and q != EXIT:
                found = found or q in b.danger
                q = b.next[q][0]
            danger[first] = found
        wanted = [f for f in firsts if danger[f] == (kind == "short")]
        return wanted[0] if wanted else firsts[0]

    def locked(self, state: State, p: int, k: int) -> bool:
        """'Met 4 spelers ... Je tweede pion mag pas bewegen als je eerste pion ... op een veld van
        de laboratoriumverdieping staat.'"""
        if self.n != 4:
            return False
        first = state.first[p]
        if first in (-1, k):
            return False
        if self.sticky:
            return not state.released[p]
        lead = state.pawns[p][first]
        return not (lead in self.board.lower or lead == EXIT)

    def pawn_moves(self, state: State, k: int) -> dict[tuple[str, ...], tuple[str, bool]]:
        """route named -> (where the pawn ends, whether the ball drops) for pawn ``k``."""
        p, roll = state.turn, state.roll
        pos = state.pawns[p][k]
        taken = {q for ps in state.pawns for q in ps if q not in (START, EXIT, LINE)}
        if self.share_always:
            taken -= set(self.board.blue) | {self.board.green_star}
        out: dict[tuple[str, ...], tuple[str, bool]] = {}
        # the count: every way of walking ``roll`` steps, naming the route at each fork
        walks: list[tuple[list[str], tuple[str, ...]]] = [([pos], ())]
        for _ in range(roll):
            grown = []
            for path, via in walks:
                here = path[-1]
                if here == EXIT:
                    grown.append(([*path, "PAST"], via))
                    continue
                if here == "PAST":
                    grown.append(([*path, "PAST"], via))
                    continue
                nxt = self._steps(here)
                for q in nxt:
                    grown.append(([*path, q], (*via, q) if len(nxt) > 1 else via))
            walks = grown
        for path, via in walks:
            end = path[-1]
            if end == EXIT:
                result: tuple[str, str] | None = (EXIT, EXIT)
            elif end == "PAST":
                result = self._count_back(path, taken) if self.count_back else None
            elif end not in taken:
                result = (end, end)
            else:
                for landed, more, shared in self._bounce(end, end, taken, 1):
                    self._add(out, via if shared else (*via, *more), landed, end)
                continue
            if result is not None:
                self._add(out, via, result[0], result[1])
        return out

    def _add(self, out: dict[tuple[str, ...], tuple[str, bool]], via: tuple[str, ...],
             landed: str, counted: str) -> None:
        if self.no_yellow and landed in self.board.yellow:
            return
        trigger = counted if self.count_square else landed
        out.setdefault(via, (landed, trigger in self.board.danger))

    def _count_back(self, path: list[str], taken: set[str]) -> tuple[str, str] | None:
        """'Past the Exit': turn at the Exit and count the rest back along the squares walked."""
        to_exit = path.index(EXIT)
        back = len([q for q in path if q == "PAST"])
        at = to_exit - back
        counted = path[at] if at >= 1 else None
        while at >= 1 and path[at] in taken:
            at -= 1
        if at < 1 or counted is None:
            return None
        return path[at], counted

    def _bounce(self, q: str, counted: str, taken: set[str],
                step: int) -> Iterator[tuple[str, tuple[str, ...], bool]]:
        """'... dan springt hij meteen door naar het eerstvolgende vrije veld': the free squares a
        bounce from the taken square ``q`` reaches, with the route it names; a bounce that would
        reach the Exit is no move, or (reading) stops on the square ``counted`` (shared)."""
        nxt = self._steps(q)
        rule = self.bounce_fork if step == 1 else self.bounce_route
        fork = len(nxt) > 1
        if fork and rule != "choose":
            nxt = (self._branch(q, rule),)
        for n in nxt:
            named = (n,) if fork and rule == "choose" else ()
            if n == EXIT:
                if self.share:
                    yield counted, (), True
                continue
            if n not in taken:
                yield n, named, False
            else:
                for landed, more, shared in self._bounce(n, counted, taken, step + 1):
                    yield landed, (*named, *more), shared

    def moves(self, state: State) -> tuple[dict[Key, str], set[Key]]:
        """The legal moves of a MOVE state, as (player, pawn, route), with their ends, and those
        that drop the ball."""
        p = state.turn
        per_pawn = {}
        for k, pos in enumerate(state.pawns[p]):
            if pos == EXIT or self.locked(state, p, k):
                continue
            found = self.pawn_moves(state, k)
            if found:
                per_pawn[k] = found
        if self.forced == "lead-pawn" and len(per_pawn) == 2:
            dist = [self._distance(state.pawns[p][k]) for k in (0, 1)]
            if dist[0] != dist[1]:
                lead = 0 if dist[0] < dist[1] else 1
                per_pawn = {lead: per_pawn[lead]}
        dest = {(p, k, via): end for k, found in per_pawn.items()
                for via, (end, _) in found.items()}
        drops = {(p, k, via) for k, found in per_pawn.items()
                 for via, (_, d) in found.items() if d}
        return dest, drops

    def _distance(self, q: str) -> int:
        if q in (START, LINE):
            return self._distance(self.board.start) + 1
        best, frontier, steps = None, {q}, 0
        while frontier and best is None:
            steps += 1
            nxt = set()
            for x in frontier:
                for n in self.board.next[x]:
                    if n == EXIT:
                        best = steps
                    else:
                        nxt.add(n)
            frontier = nxt
        return best or 0

    # the successors
    def next_turn(self, state: State, pawns: tuple[tuple[str, ...], ...], first: tuple[int, ...],
                  released: tuple[bool, ...]) -> State:
        """'Daarna gaat de beurt met de klok mee': the next player number rolls."""
        return State(pawns, (state.turn + 1) % self.n, Phase.ROLL, 0, (), first, released, -1)

    def bookkeeping(self, state: State, pawns: tuple[tuple[str, ...], ...], p: int,
                    k: int) -> tuple[tuple[int, ...], tuple[bool, ...]]:
        first, released = list(state.first), list(state.released)
        if self.n == 4:
            if first[p] == -1:
                first[p] = k
            lead = pawns[p][first[p]]
            if lead in self.board.lower or lead == EXIT:
                released[p] = True
        return tuple(first), tuple(released)

    def after_move(self, state: State, move: Move, dest: str, drops: bool) -> State:
        p, k = move.player, move.pawn
        pawns = tuple(tuple(dest if (i, j) == (p, k) else q for j, q in enumerate(ps))
                      for i, ps in enumerate(state.pawns))
        first, released = self.bookkeeping(state, pawns, p, k)
        if all(q == EXIT for q in pawns[p]):
            return State(pawns, p, Phase.OVER, 0, (), first, released, p)
        if dest != EXIT and drops:
            return State(pawns, state.turn, Phase.BALL, 0, (), first, released, -1)
        return self.next_turn(state, pawns, first, released)

    def after_roll(self, state: State, face: int) -> State:
        """'Staat er niemand in de gevarenzone, dan gooi je nog een keer. Gooi je opnieuw het
        spooksymbool, dan is je beurt voorbij.'"""
        s = state
        if face == GHOST:
            if any(q in self.board.danger for ps in s.pawns for q in ps):
                return State(s.pawns, s.turn, Phase.BALL, 0, (), s.first, s.released, -1)
            if s.phase is Phase.ROLL or self.until_number:
                return State(s.pawns, s.turn, Phase.REROLL, 0, (), s.first, s.released, -1)
            return self.next_turn(s, s.pawns, s.first, s.released)
        moving = State(s.pawns, s.turn, Phase.MOVE, face, (), s.first, s.released, -1)
        if self.moves(moving)[0]:
            return moving
        return self.next_turn(s, s.pawns, s.first, s.released)

    def after_ball(self, state: State, trap: str) -> State:
        """'... dan gaan alle pionnen in de gevarenzone van die valstrik terug naar het
        dichtstbijzijnde blauwe veld achter hen.' The portrait opens the passage."""
        b = self.board
        hit = set(b.zone[trap])
        pawns = tuple(
            tuple(b.fallback[q] if q in hit and (not self.mover_only or p == state.turn) else q
                  for q in ps)
            for p, ps in enumerate(state.pawns)
        )
        first, released = state.first, state.released
        if trap == "portrait":
            stars = [(p, k) for p, ps in enumerate(pawns) for k, q in enumerate(ps)
                     if q in b.red_stars and (not self.mover_only or p == state.turn)]
            if stars and not self.auto_passage:
                return State(pawns, state.turn, Phase.PASSAGE, 0, tuple(stars), first, released,
                             -1)
            for p, k in stars:
                assert b.green_star is not None
                pawns = tuple(tuple(b.green_star if (i, j) == (p, k) else q
                                    for j, q in enumerate(ps)) for i, ps in enumerate(pawns))
                first, released = self.bookkeeping(
                    State(pawns, state.turn, Phase.BALL, 0, (), first, released), pawns, p, k)
        return self.next_turn(state, pawns, first, released)

    def after_passage(self, state: State, action: Passage) -> State:
        b = self.board
        p, k = action.player, action.pawn
        pawns, first, released = state.pawns, state.first, state.released
        if action.take:
            assert b.green_star is not None
            pawns = tuple(tuple(b.green_star if (i, j) == (p, k) else q for j, q in enumerate(ps))
                          for i, ps in enumerate(pawns))
            first, released = self.bookkeeping(state, pawns, p, k)
        pending = tuple(x for x in state.pending if x != (p, k))
        if pending:
            return State(pawns, state.turn, Phase.PASSAGE, 0, pending, first, released, -1)
        return self.next_turn(state, pawns, first, released)


def reference_moves(game: Spookslot, state: State) -> dict[Move, str]:
    """The moves of a MOVE state by the step-by-step reading (the oracle for the generator)."""
    return {Move(*key): d for key, d in Reading(game).moves(state)[0].items()}


# -- the families of positions ---------------------------------------------------------------------
def _places(game: Spookslot) -> list[str]:
    extra = [LINE] if game.reading("start-line") == "line-square" else []
    return [START, *extra, *game.board.ids]


def _fill(game: Spookslot, mover: tuple[str, ...], others: Sequence[str],
          turn: int = 0) -> tuple[tuple[str, ...], ...] | None:
    """Pawns with the mover's on ``mover`` and the other players' pawns on ``others`` (in order;
    the rest behind the start line); None if they do not fit."""
    per, n = game.pawns_per_player, game.num_players
    slots = [(p, k) for p in range(n) if p != turn for k in range(per)]
    if len(others) > len(slots):
        return None
    at = dict(zip(slots, others))
    return tuple(mover if p == turn else tuple(at.get((p, k), START) for k in range(per))
                 for p in range(n))


def _bookkeeping(game: Spookslot, pawns: tuple[tuple[str, ...], ...],
                 free: bool = True) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """Consistent 4-player bookkeeping for ``pawns``: each player's first pawn is the one off the
    start (a), released when ``free`` or when it stands on the laboratory floor."""
    if game.num_players != 4:
        return (), ()
    first, released = [], []
    for ps in pawns:
        moved = [k for k, q in enumerate(ps) if q != START]
        if not moved:
            first.append(-1)
            released.append(False)
            continue
        f = moved[0]
        first.append(f)
        lead = ps[f]
        on_lower = lead in game.board.lower or lead == EXIT
        released.append(on_lower or (free and len(moved) > 1) or (free and on_lower))
    return tuple(first), tuple(released)


def _valid(game: Spookslot, state: State) -> bool:
    try:
        game.validate_state(state)
    except Exception:
        return False
    return True


def move_states(game: Spookslot, blockers: int) -> Iterator[State]:
    """Every square of the mover's pawn, every face, up to ``blockers`` other pawns on the squares
    within reach (the mover's own other pawn among them, behind the start or escaped)."""
    faces = sorted(f for f in game._faces if f != GHOST)
    reach_of = game.board.reach
    bits = {v: q for q, v in game.board.bit.items() if v}
    n, per = game.num_players, game.pawns_per_player
    for turn in sorted({0, n - 1}):
        for q in _places(game):
            near = [bits[1 << i] for i in range(reach_of(q, game.window).bit_length())
                    if reach_of(q, game.window) >> i & 1]
            for size in range(blockers + 1):
                for chosen in itertools.combinations(near, size):
                    owns: list[str | None] = [START, EXIT] if per == 2 else [None]
                    if per == 2 and chosen:
                        owns.append(chosen[0])
                    for own in owns:
                        rest = list(chosen)
                        if own is not None and own in rest:
                            rest.remove(own)
                        mover = (q,) if own is None else (q, own)
                        pawns = _fill(game, mover, rest, turn)
                        if pawns is None or any(all(x == EXIT for x in ps) for ps in pawns):
                            continue
                        first, released = _bookkeeping(game, pawns)
                        for face in faces:
                            s = State(pawns, turn, Phase.MOVE, face, (), first, released)
                            if game.legal_actions(s):  # consistent by construction
                                yield s


def roll_states(game: Spookslot) -> Iterator[State]:
    """The mover's pawn on every square, another pawn on a safe or a danger square or none;
    before the first roll and after a ghost."""
    b = game.board
    danger = sorted(b.danger)[:1]
    safe = [q for q in b.ids if q not in b.danger][-1:]
    n = game.num_players
    for turn in sorted({0, n - 1}):
        for q in _places(game):
            for other in ([], danger, safe):
                owns = [(q, START), (START, q), (q, q)] if game.pawns_per_player == 2 else [(q,)]
                for own in owns:
                    yield from _roll_phases(game, own, other, turn)


def _roll_phases(game: Spookslot, own: tuple[str, ...], other: list[str],
                 turn: int) -> Iterator[State]:
    """The ROLL and REROLL states of one pawn placement (if valid)."""
    pawns = _fill(game, own, other, turn)
    if pawns is None:
        return
    first, released = _bookkeeping(game, pawns)
    for phase in (Phase.ROLL, Phase.REROLL):
        s = State(pawns, turn, phase, 0, (), first, released)
        if _valid(game, s):
            yield s


def ball_states(game: Spookslot) -> Iterator[State]:
    """Two pawns on every pair of squares, one in danger: the mover's and another player's, or
    both of the mover's, or the mover's second pawn and another player's."""
    b = game.board
    squares = list(b.ids)
    n = game.num_players
    two = game.pawns_per_player == 2
    for turn in sorted({0, n - 1}):
        for q, r in itertools.product(squares, repeat=2):
            if q not in b.danger and r not in b.danger:
                continue
            layouts = [((q, START), [r]), ((q, r), []), ((START, q), [START, r])] if two else \
                [((q,), [r])]
            for own, others in layouts:
                pawns = _fill(game, own, others, turn)
                if pawns is None:
                    continue
                first, released = _bookkeeping(game, pawns)
                s = State(pawns, turn, Phase.BALL, 0, (), first, released)
                if _valid(game, s):
                    yield s


def passage_states(game: Spookslot) -> Iterator[State]:
    """Every placement of the mover's two pawns and another player's pawn on the red star squares
    (or elsewhere), with every set of them still to decide."""
    b = game.board
    stars = list(b.red_stars)
    n = game.num_players
    two = game.pawns_per_player == 2
    owns = list(itertools.product(["t1", *stars], [START, *stars])) if two else \
        [(x,) for x in ("t1", *stars)]
    for turn in sorted({0, n - 1}):
        for own, theirs in itertools.product(owns, [None, *stars]):
            pawns = _fill(game, tuple(own), [theirs] if theirs else [], turn)
            if pawns is None:
                continue
            on_star = [(p, k) for p, ps in enumerate(pawns) for k, x in enumerate(ps)
                       if x in b.red_stars]
            first, released = _bookkeeping(game, pawns)
            for size in range(1, len(on_star) + 1):
                for pending in itertools.combinations(on_star, size):
                    s = State(pawns, turn, Phase.PASSAGE, 0, pending, first, released)
                    if _valid(game, s):
                        yield s


def four_player_states(game: Spookslot) -> Iterator[State]:
    """With 4 players: the mover's two pawns on every pair of places, the first pawn and whether the
    second is free in every consistent combination, every face."""
    places = _places(game)
    faces = sorted(f for f in game._faces if f != GHOST)
    for a, b_ in itertools.product(places, repeat=2):
        if a == START and b_ != START:
            continue
        pawns = _fill(game, (a, b_), [], 0)
        assert pawns is not None
        for free in (False, True):
            first, released = _bookkeeping(game, pawns, free)
            for face in faces:
                s = State(pawns, 0, Phase.MOVE, face, (), first, released)
                if _valid(game, s) and game.legal_actions(s):
                    yield s


# -- checks over the families -------------------------------------------------------------------------
def _invariants(game: Spookslot, reading: Reading, before: State, action: Any,
                after: State) -> str | None:
    """What must hold of every step: pawns conserved, escaped pawns gone for good, nobody back
    behind the start, shared squares only where the rules allow, the Exit only by an exact move."""
    if len(after.pawns) != len(before.pawns) or any(
        len(a) != len(b) for a, b in zip(after.pawns, before.pawns)
    ):
        return "a player's number of pawns changed"
    for ps, qs in zip(before.pawns, after.pawns):
        for q0, q1 in zip(ps, qs):
            if q0 == EXIT and q1 != EXIT:
                return "an escaped pawn came back"
            if q0 != START and q1 == START:
                return "a pawn went back behind the start line"
            if q0 != EXIT and q1 == EXIT and not isinstance(action, Move):
                return "a pawn escaped without a move"
    counts: dict[str, int] = {}
    for ps in after.pawns:
        for q in ps:
            if q not in (START, EXIT, LINE):
                counts[q] = counts.get(q, 0) + 1
    b = reading.board
    for q, c in counts.items():
        if c > 1 and not (reading.share or q in b.blue or q == b.green_star):
            return f"{c} pawns share {q}, which is neither blue nor the green star square"
    return None


def _sharing_arrival(game: Spookslot, reading: Reading, before: State, action: Any,
                     after: State) -> str | None:
    """A normal move never ends on a taken square (unless a reading lets it share)."""
    if not isinstance(action, Move) or reading.share or reading.share_always:
        return None
    dest = after.pawns[action.player][action.pawn]
    taken = {q for ps in before.pawns for q in ps if q not in (START, EXIT, LINE)}
    if dest in taken:
        return f"a move ended on the taken square {dest}"
    return None


class MoveCases:
    """The move positions of one game with the reading's moves for each, enumerated once and
    shared by the two move theorems."""

    def __init__(self, game: Spookslot, blockers: int, keep: bool = True) -> None:
        self.game, self.blockers, self.keep = game, blockers, keep
        self.reading = Reading(game)
        self._cases: list[tuple[State, dict[Key, str], set[Key]]] | None = None

    def cases(self) -> Iterator[tuple[State, dict[Key, str], set[Key]]]:
        """The cases (kept after the first pass, unless ``keep`` is false: then streamed)."""
        if self._cases is not None:
            yield from self._cases
            return
        made = ((s, *self.reading.moves(s)) for s in move_states(self.game, self.blockers))
        if not self.keep:
            yield from made
            return
        found = []
        for case in made:  # streamed, so a counterexample is found without enumerating all
            found.append(case)
            yield case
        self._cases = found


def check_moves(cases: MoveCases) -> Result:
    """Exhaustive: the game's moves equal the step-by-step reading on every move position."""
    game = cases.game
    count = 0
    for s, dest, _drops in cases.cases():
        count += 1
        mine = {_key(m): d for m, d in game.moves(s).items()}
        if mine != dest:
            want = {game.action_to_str(s, Move(*m)): d for m, d in dest.items()}
            got = {game.action_to_str(s, Move(*m)): d for m, d in mine.items()}
            return _refute(game, s, f"the game's moves {got} differ from the rules' {want}")
    return Result.proved(f"{count} move positions (every square, face and up to {cases.blockers} "
                         "other pawns within reach) agree with the step-by-step reading")


def check_move_successors(cases: MoveCases) -> Result:
    """Exhaustive: the successor of every legal move (and pass) is exactly as the rules say."""
    game, reading = cases.game, cases.reading
    count = 0
    for s, dest, drops in cases.cases():
        for action in game.legal_actions(s):
            count += 1
            got = game.apply(s, action)
            if isinstance(action, Pass):
                want = reading.next_turn(s, s.pawns, s.first, s.released)
            elif isinstance(action, Move) and _key(action) in dest:
                key = _key(action)
                want = reading.after_move(s, action, dest[key], key in drops)
            else:
                return _refute(game, s, "the game allows a move the rules do not", action)
            if got != want:
                return _refute(game, s, f"after the move the rules give {_position(game, want)}",
                               action, got)
            problem = _invariants(game, reading, s, action, got) or _sharing_arrival(
                game, reading, s, action, got)
            if problem:
                return _refute(game, s, problem, action, got)
    return Result.proved(f"{count} moves from every move position: successor, whose turn, the "
                         "ball, escape and the winner as the rules say")


def _check_family(game: Spookslot, states: Iterator[State], what: str,
                  expected: Callable[[Reading, State, Any], State]) -> Result:
    reading = Reading(game)
    count = 0
    for s in states:
        actions = game.legal_actions(s)
        want_actions = _expected_actions(game, reading, s)
        if set(actions) != want_actions:
            return _refute(game, s, f"the legal actions {sorted(map(str, actions))} are not "
                                    f"the rules' {sorted(map(str, want_actions))}")
        if s.phase is Phase.PASSAGE and game.actors(s) != {p for p, _ in s.pending}:
            return _refute(game, s, "the players who decide are not the pawns' owners")
        if game.is_chance(s):
            chances = {_outcome(a): p for a, p in game.chance_outcomes(s)}
            odds: dict[Any, Fraction] = dict(
                reading.die if s.phase in (Phase.ROLL, Phase.REROLL) else reading.ball)
            if chances != odds:
                return _refute(game, s, f"the chances {chances} are not the rules' {odds}")
        for action in actions:
            count += 1
            got = game.apply(s, action)
            want = expected(reading, s, action)
            if got != want:
                return _refute(game, s, f"the rules give {_position(game, want)}", action, got)
            problem = _invariants(game, reading, s, action, got)
            if problem:
                return _refute(game, s, problem, action, got)
    return Result.proved(f"{count} {what} as the rules say")


def _outcome(action: Any) -> Any:
    return action.face if isinstance(action, Roll) else action.trap


def _expected_actions(game: Spookslot, reading: Reading, s: State) -> set[Any]:
    if s.phase in (Phase.ROLL, Phase.REROLL):
        return {Roll(f) for f in reading.die}
    if s.phase is Phase.BALL:
        return {Ball(t) for t in reading.ball}
    if s.phase is Phase.PASSAGE:
        return {Passage(p, k, t) for p, k in s.pending for t in (True, False)}
    return set()


def check_rolls(game: Spookslot) -> Result:
    return _check_family(game, roll_states(game), "die rolls (ghost: ball, again, or the turn "
                         "passes; a number: a move or the turn passes)",
                         lambda r, s, a: r.after_roll(s, a.face))


def check_balls(game: Spookslot) -> Result:
    return _check_family(game, ball_states(game), "ball drops (pawns in the zone back to their "
                         "fallback, the passage opens on the portrait, then the next player)",
                         lambda r, s, a: r.after_ball(s, a.trap))


def check_passages(game: Spookslot) -> Result:
    return _check_family(game, passage_states(game), "passage decisions (each pawn once, to the "
                         "green star; then the next player)",
                         lambda r, s, a: r.after_passage(s, a))


def check_start(game: Spookslot) -> Result:
    """The start position is the rulebook's set-up."""
    s = game.initial_state()
    n = game.num_players
    per = 2 if n <= 4 else 1
    first = game.options.get("first_player", 0)
    want = State(((START,) * per,) * n, first, Phase.ROLL, 0, (),
                 (-1,) * n if n == 4 else (), (False,) * n if n == 4 else (), -1)
    if s != want:
        return _refute(game, s, f"the rules' set-up is {_position(game, want)}")
    if game.legal_actions(s) and not game.is_chance(s):
        return _refute(game, s, "the game does not begin with the die")
    return Result.proved(f"{n} players with {per} pawn(s) each behind the start line; player "
                         f"{first} rolls first")


def check_second_pawn(game: Spookslot) -> Result:
    """Exhaustive (4 players): the second pawn moves only as the 4-player rule allows, and the
    bookkeeping of the first pawn follows the moves."""
    if game.num_players != 4:
        return Result.proved("not a 4-player game: both pawns may move from the start "
                             "(checked with the moves theorem)")
    reading = Reading(game)
    count = 0
    for s in four_player_states(game):
        for action in game.legal_actions(s):
            if not isinstance(action, Move):
                continue
            count += 1
            if reading.locked(s, action.player, action.pawn):
                return _refute(game, s, "the second pawn moved while it must wait", action)
            got = game.apply(s, action)
            want_first, want_released = reading.bookkeeping(s, got.pawns, action.player,
                                                            action.pawn)
            if (got.first, got.released) != (want_first, want_released):
                return _refute(game, s, "the first pawn's bookkeeping is wrong", action, got)
        dest, _ = reading.moves(s)
        if {_key(m) for m in game.moves(s)} != set(dest):
            return _refute(game, s, "the moves differ from the 4-player rule")
    return Result.proved(f"{count} moves of every pair of places of a player's pawns")


# -- the single-pawn Markov chain ------------------------------------------------------------------
Row = dict[str, Fraction]
Chain = dict[str, Row]


def _add(row: Row, dist: Row, p: Fraction) -> None:
    for q, x in dist.items():
        row[q] = row.get(q, Fraction(0)) + p * x


def policy_branch(board: Board, fork: str, policy: str) -> str:
    """The route the policy takes at ``fork``: "safe" (no danger square) or "short" (the other)."""
    merge = board.merge(fork)
    for b in board.next[fork]:
        route = board.route(b, merge) if merge is not None else None
        safe = route is not None and not any(q in board.danger for q in route)
        if safe == (policy == "safe"):
            return b
    return board.next[fork][0]


def single_pawn_chain(
    board: Board | None = None,
    die: Sequence[tuple[int, Fraction]] | None = None,
    ball: Sequence[tuple[str, Fraction]] | None = None,
    policy: str = "short",
) -> Chain:
    """The turn-by-turn Markov chain of one pawn alone on the board, built from the board data
    alone (not from the game's code): at a fork it takes the policy's route, and it always takes
    the secret passage. ``chain[q][r]`` is the probability that a turn starting on ``q`` ends on
    ``r``; the Exit is absorbing."""
    from castlerules.spookslot.board import default_board

    b = default_board() if board is None else board
    faces = list(die) if die is not None else [(f, Fraction(1, 6)) for f in (1, 2, 3, 4)] + [
        (GHOST, Fraction(1, 3))]
    traps = list(ball) if ball is not None else [(t, Fraction(1, 4)) for t in TRAPS]

    def walk(q: str, steps: int) -> str | None:
        for _ in range(steps):
            if q == EXIT:
                return None
            succ = b.next[q]
            q = succ[0] if len(succ) == 1 else policy_branch(b, q, policy)
        return q

    def drop(q: str) -> Row:
        row: Row = {}
        for t, p in traps:
            if q in b.zone[t]:
                _add(row, {b.fallback[q]: Fraction(1)}, p)
            elif t == "portrait" and q in b.red_stars and b.green_star is not None:
                _add(row, {b.green_star: Fraction(1)}, p)
            else:
                _add(row, {q: Fraction(1)}, p)
        return row

    def number(q: str, r: int) -> Row:
        d = walk(q, r)
        if d is None:
            return {q: Fraction(1)}
        if d in b.danger:
            return drop(d)
        return {d: Fraction(1)}

    chain: Chain = {EXIT: {EXIT: Fraction(1)}}
    for q in (START, *b.ids):
        row: Row = {}
        for f, p in faces:
            if f != GHOST:
                _add(row, number(q, f), p)
            elif q in b.danger:
                _add(row, drop(q), p)
            else:
                for f2, p2 in faces:
                    _add(row, number(q, f2) if f2 != GHOST else {q: Fraction(1)}, p * p2)
        chain[q] = row
    return chain


def expected_turns(chain: Chain, origin: str = START) -> Fraction:
    """E[turns to reach the Exit from ``origin``], solving (I - Q) t = 1 exactly."""
    reach = {origin}
    todo = [origin]
    while todo:
        q = todo.pop()
        for r in chain[q]:
            if r not in reach:
                reach.add(r)
                todo.append(r)
    states = sorted(reach - {EXIT})
    index = {q: i for i, q in enumerate(states)}
    n = len(states)
    a = [[Fraction(int(i == j)) for j in range(n)] + [Fraction(1)] for i in range(n)]
    for q, i in index.items():
        for r, p in chain[q].items():
            if r != EXIT:
                a[i][index[r]] -= p
    for c in range(n):
        pivot = next(k for k in range(c, n) if a[k][c] != 0)
        a[c], a[pivot] = a[pivot], a[c]
        inv = 1 / a[c][c]
        a[c] = [x * inv for x in a[c]]
        for k in range(n):
            if k != c and a[k][c] != 0:
                f = a[k][c]
                a[k] = [x - f * y for x, y in zip(a[k], a[c])]
    return a[index[origin]][n]


def turn_distribution(chain: Chain, turns: int, origin: str = START) -> list[Fraction]:
    """P(the pawn escapes in exactly t turns) for t = 1..turns, exactly."""
    dist: Row = {origin: Fraction(1)}
    out = []
    for _ in range(turns):
        nxt: Row = {}
        for q, p in dist.items():
            if q != EXIT:
                _add(nxt, chain[q], p)
        out.append(nxt.get(EXIT, Fraction(0)))
        dist = {q: p for q, p in nxt.items() if q != EXIT}
    return out


def _solo_state(square: str) -> State:
    """Player 0's pawn a on ``square``, pawn b escaped; player 1 waits behind the start line."""
    return State(pawns=((square, EXIT), (START, START)), turn=0)


def _policy_action(game: Spookslot, state: State, policy: str) -> Any:
    legal = game.legal_actions(state)
    if state.phase is Phase.PASSAGE:
        return next(a for a in legal if isinstance(a, Passage) and a.take)
    wanted = [a for a in legal if isinstance(a, Move) and all(
        v == policy_branch(game.board, f, policy) for f, v in _forks_of(game.board, a))]
    return (wanted or list(legal))[0]


def _forks_of(board: Board, move: Move) -> list[tuple[str, str]]:
    out = []
    for v in move.via:
        fork = next(f for f in board.forks if v in board.next[f])
        out.append((fork, v))
    return out


#: The most plies one turn of a lone pawn may take while the chain is checked (a turn takes at most
#: 4: roll, roll again, move, ball); more means the rules loop, and the check fails.
TURN_PLIES = 12


def engine_turn(game: Spookslot, square: str, policy: str) -> Row:
    """The exact distribution of where player 0's lone pawn ends one turn, explored through the
    game's own rules (chance outcomes with their probabilities, decisions by the policy).
    Raises RuntimeError if a turn does not end within TURN_PLIES plies."""
    row: Row = {}

    def explore(state: State, p: Fraction, depth: int) -> None:
        if game.is_terminal(state) or (state.phase is Phase.ROLL and state.turn != 0):
            _add(row, {state.pawns[0][0]: Fraction(1)}, p)
            return
        if depth >= TURN_PLIES:
            raise RuntimeError(f"a turn from {square} did not end within {TURN_PLIES} plies")
        if game.is_chance(state):
            for outcome, q in game.chance_outcomes(state):
                explore(game.apply(state, outcome), p * q, depth + 1)
            return
        explore(game.apply(state, _policy_action(game, state, policy)), p, depth + 1)

    explore(_solo_state(square), Fraction(1), 0)
    return row


def check_chain_matches_game(
    game: Spookslot, chain_builder: Callable[..., Chain] = single_pawn_chain,
    policies: Sequence[str] = ("short", "safe"),
) -> Result:
    """Exhaustive: for every square and both policies, the chain's one-turn row equals the
    distribution the game's own rules give for one lone pawn (exact Fractions)."""
    details = []
    reading = Reading(game)
    die = sorted(reading.die.items(), key=lambda x: (x[0] == GHOST, x[0]))
    ball = sorted(reading.ball.items())
    for policy in policies:
        chain = chain_builder(board=game.board, die=die, ball=ball, policy=policy)
        for q in (START, *game.board.ids):
            try:
                got = engine_turn(game, q, policy)
            except RuntimeError as exc:
                return _refute(game, _solo_state(q), str(exc))
            if chain[q] != got:
                return _refute(game, _solo_state(q), f"policy {policy}, from {q}: chain "
                               f"{_fmt(chain[q])} but the game gives {_fmt(got)}")
        details.append(f"{policy}: E[turns] = {float(expected_turns(chain)):.4f}")
    return Result.proved("rows agree on every square; " + "; ".join(details))


def _fmt(row: Row) -> str:
    return ", ".join(f"{q}: {p}" for q, p in sorted(row.items()))


def simulate_turns(policy: str, games: int, seed: int = 1, game: Spookslot | None = None,
                   cap: int = 10_000) -> list[int]:
    """Turns to escape of player 0's lone pawn in ``games`` seeded games played by the game's
    rules (the other player never gets a turn); at most ``cap`` plies a game."""
    g = Spookslot(players=2) if game is None else game
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        state = _solo_state(START)
        turns, plies = 1, 0
        while not g.is_terminal(state) and plies < cap:
            plies += 1
            if state.phase is Phase.ROLL and state.turn != 0:
                state = State(pawns=state.pawns, turn=0)
                turns += 1
            if g.is_chance(state):
                state = g.apply(state, random_action(g, state, rng))
            else:
                state = g.apply(state, _policy_action(g, state, policy))
        out.append(turns)
    return out


def simulation_agrees(chain: Chain, sample: list[int]) -> tuple[bool, str]:
    """Whether a sample of turns agrees with the exact chain: mean within 5 standard errors and the
    empirical distribution within the DKW band (failure probability 1e-6). A statistical test."""
    games = len(sample)
    exact = expected_turns(chain)
    mean = sum(sample) / games
    var = sum((x - mean) ** 2 for x in sample) / (games - 1)
    se = math.sqrt(var / games)
    dist = turn_distribution(chain, min(max(sample), 120))
    band = math.sqrt(math.log(2 / 1e-6) / (2 * games))
    cdf = Fraction(0)
    worst = 0.0
    for t, p in enumerate(dist, start=1):
        cdf += p
        empirical = sum(1 for x in sample if x <= t) / games
        worst = max(worst, abs(empirical - float(cdf)))
    summary = (f"exact E = {float(exact):.4f}, simulated mean {mean:.4f} ± {se:.4f} over {games} "
               f"games; largest CDF gap {worst:.4f} (band {band:.4f})")
    return abs(mean - float(exact)) <= 5 * se and worst <= band, summary


# -- the list ---------------------------------------------------------------------------------------
def theorems(game: Spookslot | None = None) -> tuple[Theorem, ...]:
    """Every theorem for ``game`` (default: the default game), under its options and readings."""
    g = Spookslot() if game is None else game
    count_back = g.reading("exit-exact") == "count-back"
    share = g.reading("bounce-past-exit") == "share"
    largest = min(WINDOW, g.window)
    #: Three other pawns cover every placement of a two-player game; larger games check two in
    #: the default budget and three with --deep.
    blockers = 3 if g.window <= 8 else 2
    exit_clauses = ("spookslot.exit.precies", "spookslot.exit.niet-springen",
                    "spookslot.exit.ontsnapt")
    bounce_clauses = ("spookslot.eindigen.bezet", "spookslot.getal.zetten",
                      "spookslot.exit.moet-verplaatsen", "spookslot.exit.blijft-staan")
    move_clauses = ("spookslot.getal.zetten", "spookslot.getal.tellen", "spookslot.eindigen.bezet",
                    "spookslot.routes.kiezen", "spookslot.exit.precies",
                    "spookslot.exit.niet-springen", "spookslot.exit.moet-verplaatsen",
                    "spookslot.exit.blijft-staan", "spookslot.optioneel.geel",
                    "spookslot.optioneel.geel-blijft-staan", "spookslot.getal.vier-spelers")
    chain_clauses = ("spookslot.beurt.dobbelen", "spookslot.getal.zetten",
                     "spookslot.eindigen.gevaar", "spookslot.spook.kogel",
                     "spookslot.spook.nog-een-keer", "spookslot.kogel.valstrik",
                     "spookslot.geschrokken.terug", "spookslot.geheim.sterveld",
                     "spookslot.exit.precies", "spookslot.routes.kiezen")
    family = ("every square and behind the start, every face of the die, and up to three other "
              "pawns on the squares a move can touch")
    deep = () if blockers == 3 else (
        Theorem(
            "spookslot.moves-reference-three", GAME,
            f"For {family}, the game's legal moves and "
            "where each ends equal the step-by-step reading of the move rules, and every move "
            "leads to the position the rules give.",
            move_clauses, "exhaustive", lambda: _both(g, 3), deep=True,
            fails_with=f"{TESTS}::test_moves_reference_catches_a_missing_bounce",
        ),
    )
    if blockers == 2:
        family = family.replace("up to three", "up to two")
    return (*_main(g, count_back, share, largest, blockers, family, exit_clauses, bounce_clauses,
                   move_clauses, chain_clauses), *deep)


def _both(game: Spookslot, blockers: int) -> Result:
    cases = MoveCases(game, blockers, keep=False)
    first = check_moves(cases)
    return first if first.status is not Status.PROVED else check_move_successors(cases)


def _chain_game(game: Spookslot) -> Spookslot | None:
    """The two-player game with ``game``'s board, die and ball, if the single-pawn chain models it
    (the readings that change one pawn's turn, and the optional rule, are not in the chain)."""
    changed = ("ghost-reroll", "exit-exact", "start-line")
    if game.no_yellow or any(game.reading(r) != game.spec.interpretation(r).default
                             for r in changed):
        return None
    if game.num_players == 2:
        return game
    return Spookslot(**{**game.options, "players": 2})


def _main(g: Spookslot, count_back: bool, share: bool, largest: int, blockers: int, family: str,
          exit_clauses: tuple[str, ...], bounce_clauses: tuple[str, ...],
          move_clauses: tuple[str, ...], chain_clauses: tuple[str, ...]) -> tuple[Theorem, ...]:
    solo = _chain_game(g)
    cases = MoveCases(g, blockers)
    chain = () if solo is None else (
        Theorem(
            "spookslot.single-pawn-chain", GAME,
            "For one pawn alone (policy: a fixed route at forks, always the secret passage), the "
            "exact Markov chain built from the board data equals, row by row, the one-turn "
            "distribution of the game's own rules; its expected number of turns is solved exactly.",
            chain_clauses, "exhaustive", lambda: check_chain_matches_game(solo),
            fails_with=f"{TESTS}::test_chain_check_catches_a_wrong_chain",
        ),
    )
    return (
        Theorem(
            "spookslot.start-position", GAME,
            "The game starts with every pawn behind the start line — two pawns each with 2 to 4 "
            "players, one with 5 or 6 — and the first player (the oldest: the first_player option) "
            "rolls the die.",
            ("spookslot.pionnen.aantal", "spookslot.pionnen.start", "spookslot.pionnen.beginner",
             "spookslot.beurt.dobbelen"),
            "exhaustive", lambda: check_start(g),
            fails_with=f"{TESTS}::test_start_theorem_catches_a_wrong_set_up",
        ),
        Theorem(
            "spookslot.board-well-formed", GAME,
            "On the game's board every square reaches the Exit and is reached from the start; "
            "every danger square's fallback is the nearest blue square behind it; each fork's two "
            "routes rejoin, one longer and safe, the other shorter through a danger zone; there are "
            "exactly two red star squares and one green star square.",
            ("spookslot.doel.race", "spookslot.geschrokken.terug", "spookslot.routes.kiezen",
             "spookslot.geheim.sterveld"),
            "exhaustive", lambda: check_board(g.board),
            fails_with=f"{TESTS}::test_board_check_finds_a_wrong_fallback",
        ),
        Theorem(
            "spookslot.exit-exact", GAME,
            "The exit/bounce kernel the game calls ends a move on the Exit only when the roll is "
            "exactly the distance to it, and never beyond it: a bounce never reaches the Exit.",
            exit_clauses, "z3",
            lambda: check_exit_exact(kernel.landing, count_back, share, largest),
            fails_with=f"{TESTS}::test_exit_exact_catches_a_bounce_onto_the_exit",
        ),
        Theorem(
            "spookslot.bounce-next-free", GAME,
            "A move ends on the rolled square if free, else on the next free square before the "
            "Exit; it is impossible (the pawn stays) exactly when the roll passes the Exit or every "
            "square from the rolled one up to the Exit is taken (under the readings: counting "
            "back from the Exit, sharing the rolled square).",
            bounce_clauses, "z3",
            lambda: check_bounce(kernel.landing, count_back, share, largest),
            fails_with=f"{TESTS}::test_bounce_theorem_catches_a_missing_bounce",
        ),
        Theorem(
            "spookslot.moves-reference", GAME,
            f"For {family}, the game's legal moves and where each ends equal a step-by-step "
            "reading of the move rules (count, bounce, routes at forks, the exact Exit, the "
            "optional rule, the 4-player rule, the readings).",
            move_clauses, "exhaustive", lambda: check_moves(cases),
            fails_with=f"{TESTS}::test_moves_reference_catches_a_missing_bounce",
        ),
        Theorem(
            "spookslot.move-successor", GAME,
            f"For {family}, every legal move leads to exactly the position the rules give: the "
            "pawn on its square; a danger square drops the ball for the same player; an escape "
            "takes the pawn off and, with the player's last pawn, ends the game with that player "
            "as the winner; otherwise the next player (clockwise) rolls. Pawns are conserved, no "
            "pawn returns behind the start or from the Exit, a move never ends on a taken square.",
            ("spookslot.pionnen.beginner", "spookslot.eindigen.veilig", "spookslot.eindigen.gevaar",
             "spookslot.exit.ontsnapt", "spookslot.doel.winnen-twee-pionnen",
             "spookslot.doel.winnen-een-pion", "spookslot.einde.twee-vier",
             "spookslot.einde.vijf-zes", "spookslot.pionnen.aantal", "spookslot.eindigen.bezet"),
            "exhaustive", lambda: check_move_successors(cases),
            fails_with=f"{TESTS}::test_move_successor_catches_a_wrong_next_player",
        ),
        Theorem(
            "spookslot.roll-transition", GAME,
            "For the mover's pawn on every square, with another pawn in danger or not, before the "
            "first roll and after a ghost: the die shows its six faces with equal chances; a ghost "
            "drops the ball when anyone is in a danger zone, "
            "else gives one more roll, and a second ghost ends the turn (reading: rolls again); a "
            "number gives a move if any pawn can move, else the next player rolls.",
            ("spookslot.beurt.dobbelen", "spookslot.spook.kogel", "spookslot.spook.nog-een-keer",
             "spookslot.exit.blijft-staan", "spookslot.pionnen.beginner"),
            "exhaustive", lambda: check_rolls(g),
            fails_with=f"{TESTS}::test_roll_transition_catches_a_second_reroll",
        ),
        Theorem(
            "spookslot.ball-transition", GAME,
            "For pawns of the mover and of another player on every pair of squares (one in "
            "danger): the ball reaches each trap with its weight's chance; for every trap exactly "
            "the pawns in that trap's danger zone go back to their "
            "fallback blue square (and may share it); the portrait then lets the owners of pawns "
            "on the red star squares decide (reading: moves them); then the next player rolls.",
            ("spookslot.kogel.valstrik", "spookslot.valstrik.trap", "spookslot.valstrik.boekenkast",
             "spookslot.valstrik.portret", "spookslot.valstrik.bijl", "spookslot.geschrokken.terug",
             "spookslot.geschrokken.blauw-meerdere", "spookslot.geheim.sterveld"),
            "exhaustive", lambda: check_balls(g),
            fails_with=f"{TESTS}::test_ball_transition_catches_a_wrong_fallback",
        ),
        Theorem(
            "spookslot.passage-transition", GAME,
            "For every set of pawns on the red star squares still to decide: exactly their owners "
            "act, each pawn decides once, taking the passage puts it on the green star square "
            "(shared if need be), and when all have decided the next player rolls.",
            ("spookslot.geheim.sterveld", "spookslot.geheim.groen-meerdere",
             "spookslot.valstrik.portret"),
            "exhaustive", lambda: check_passages(g),
            fails_with=f"{TESTS}::test_passage_transition_catches_a_second_decision",
        ),
        Theorem(
            "spookslot.second-pawn-waits", GAME,
            "With 4 players, for the mover's two pawns on every pair of places and every "
            "consistent bookkeeping: the second pawn moves only once the first has stood on the "
            "laboratory floor (reading: while it stands there), and the first pawn and the release "
            "are recorded as the moves happen. With 2, 3, 5 or 6 players nobody waits.",
            ("spookslot.getal.vier-spelers", "spookslot.getal.twee-drie-spelers"),
            "exhaustive", lambda: check_second_pawn(g),
            fails_with=f"{TESTS}::test_second_pawn_check_catches_a_pawn_that_does_not_wait",
        ),
        *chain,
    )
