"""Splut! rules: steps, pulls, throws, pushes, levitation and the end — each tied to its clause.

Two routes decide what is legal: the move generator (``legal_actions``) and the legality predicate
(``violation``, which ``apply`` consults before every action). They are written independently and
the perft counts and the conformance kit compare them on every state they visit. The dual-mode
kernels (``kernel``) are the functions both routes call for the throw, the push, the turn
bookkeeping, who moves next and the end.

Speed comes from the representation, never from a second copy of a rule: each state carries the
occupancy of its squares (``State.board``, updated incrementally by the successor), actions are
interned (every legal action is one of a fixed set of objects built once per player count), the
small bookkeeping kernels are memoized by their arguments, and each interpretation's reading is
resolved into a plain attribute when the game is made.

Game objects are safe to share between threads: the only mutable data they hold are bounded
memo tables of immutable values (``core.cache.BoundedCache``, for turns beyond the tabulated
ones); the tables of interned actions and of the bookkeeping are built once per process
(``functools.cache``) and never change. States carry their derived fields from construction on.
"""

from __future__ import annotations

import functools
import itertools
from typing import Any, ClassVar

from castlerules.core.cache import BoundedCache
from castlerules.core.errors import Violation
from castlerules.core.game import Game, require
from castlerules.core.outcome import Termination
from castlerules.core.reach import tabulation
from castlerules.core.registry import clause, reads, violation
from castlerules.splut import kernel, notation
from castlerules.splut.board import (
    BY_NAME,
    DIRECTION,
    LINE,
    NAMES,
    NEIGHBOURS,
    NEXT,
    OFF,
    OPPOSITE,
    SEATS,
    SQUARE_SET,
    START,
    TIPS,
    Dir,
    Seat,
)
from castlerules.splut.config import SplutConfig
from castlerules.splut.state import (
    EMPTY,
    ROCK,
    Action,
    Lev,
    Pass,
    Piece,
    State,
    Step,
    Throw,
    code,
    make_state,
    occupancy,
)

UNUSED, ACTIVE, DONE = Lev.UNUSED, Lev.ACTIVE, Lev.DONE
SORCERER, TROLL, DWARF = 0, 1, 2
NONE: frozenset[int] = frozenset()


def owner(c: int) -> int:
    return (c - 2) // 3


def piece_of(c: int) -> int:
    return (c - 2) % 3


#: What a thrown rock meets, by occupancy code (for up to four players).
THROW_KIND: tuple[int, ...] = (
    kernel.EMPTY,
    kernel.OBSTACLE,
    *((kernel.TARGET, kernel.OBSTACLE, kernel.DWARF)[k] for _p in range(4) for k in range(3)),
)
TROLLS = frozenset(code(p, Piece.TROLL) for p in range(4))
DWARVES = frozenset(code(p, Piece.DWARF) for p in range(4))
SORCERERS = frozenset(code(p, Piece.SORCERER) for p in range(4))

#: Directions as plain ints (iterating an enum is slow).
DIRS: tuple[int, int, int, int] = (0, 1, 2, 3)
DIR_ENUM = tuple(Dir)


def _line_slice(square: int, d: int) -> slice:
    """The slice of an 81-square board that is LINE[square][d] (rows are 9 squares apart)."""
    line = LINE[square][d]
    if not line:
        return slice(0, 0)
    step = line[1] - line[0] if len(line) > 1 else line[0] - square
    stop = line[-1] + step
    found = slice(line[0], stop if stop >= 0 else None, step)
    assert tuple(range(81)[found]) == line
    return found


#: LINE_SLICE[square][d]: LINE[square][d] as a slice of the board.
LINE_SLICE = tuple(tuple(_line_slice(s, d) for d in range(4)) for s in range(81))

#: NEXT_IN[d][square]: the neighbour of a square in direction d (OFF if none).
NEXT_IN: tuple[tuple[int, ...], ...] = tuple(tuple(NEXT[s][d] for s in range(81)) for d in DIRS)


def _step_directions() -> tuple[int, ...]:
    """STEP_DIR[to - frm + 9]: DIRECTION[frm, to] of a step between neighbours, by the difference
    of their square numbers (rows are 9 apart; checked against DIRECTION for every step)."""
    table = [OFF] * 19
    for (frm, to), d in DIRECTION.items():
        assert table[to - frm + 9] in (OFF, d)
        table[to - frm + 9] = d
    return tuple(table)


#: STEP_DIR[to - frm + 9]: the direction of a step from frm to a neighbour to.
STEP_DIR = _step_directions()

#: SINGLETON[square]: frozenset({square}), made once.
SINGLETON: tuple[frozenset[int], ...] = tuple(frozenset({s}) for s in range(81))


def _remap(
    moves: dict[int, int],
    rocks: tuple[int, ...],
    before: frozenset[int],
    now: frozenset[int],
) -> tuple[Any, frozenset[int], frozenset[int]]:
    """Rocks, the previous player's moved rocks and this turn's moved rocks after the rock moves
    ``moves`` (old square -> new square); the moved ones join this turn's."""
    if len(moves) == 1:
        ((a, b),) = moves.items()
        return _remap_one(a, b, rocks, before, now)
    get = moves.get
    new_rocks = tuple(sorted([get(r, r) for r in rocks]))
    if before:
        before = frozenset([get(x, x) for x in before])
    return new_rocks, before, frozenset([get(x, x) for x in now]) | frozenset(moves.values())


def _remap_one(
    a: int,
    b: int,
    rocks: tuple[int, ...],
    before: frozenset[int],
    now: frozenset[int],
) -> tuple[Any, frozenset[int], frozenset[int]]:
    """``_remap({a: b}, ...)``: one rock moves from ``a`` to ``b``."""
    listed = list(rocks)
    listed[listed.index(a)] = b
    listed.sort()
    only_b = SINGLETON[b]
    if a in before:
        before = (before - SINGLETON[a]) | only_b
    if a in now:
        return tuple(listed), before, (now - SINGLETON[a]) | only_b
    return tuple(listed), before, (now | only_b) if now else only_b


def _some(step: Step | None) -> Step:
    assert step is not None
    return step


class Actions:
    """The interned actions of a player count: every action the generator returns is one of
    these objects (built once per process and shared by every game of that player count),
    arranged in per-square tables for the generator."""

    def __init__(self, n: int) -> None:
        self.n = n
        by_dir = [[self._dirs(p, s, False) for s in range(81)] for p in range(n)]
        pull_dir = [[self._dirs(p, s, True) for s in range(81)] for p in range(n)]
        #: by_dir[p][square][d]: the plain Step in direction d (None off the board), and
        #: pull_dir the pulling one.
        self.by_dir = by_dir
        self.pull_dir = pull_dir
        #: sorcerer[p][square]: (direction, neighbour, plain Step) per board neighbour.
        self.sorcerer: list[list[tuple[tuple[int, int, Step], ...]]] = [
            [tuple((d, y, _some(by_dir[p][s][d])) for d, y in NEIGHBOURS[s]) for s in range(81)]
            for p in range(n)
        ]
        #: troll[p][square]: (direction, neighbour, square behind, plain Step, pulling Step).
        self.troll: list[list[tuple[tuple[int, int, int, Step, Step], ...]]] = [
            [
                tuple(
                    (d, y, NEXT[s][OPPOSITE[d]], _some(by_dir[p][s][d]), _some(pull_dir[p][s][d]))
                    for d, y in NEIGHBOURS[s]
                )
                for s in range(81)
            ]
            for p in range(n)
        ]
        #: dwarf[p][square]: (the neighbour, slice of the board along the line in front from it,
        #: plain Step) per direction with a line in front.
        self.dwarf: list[list[tuple[tuple[int, slice, Step], ...]]] = [
            [tuple((y, LINE_SLICE[s][d], _some(by_dir[p][s][d])) for d, y in NEIGHBOURS[s])
             for s in range(81)]
            for p in range(n)
        ]
        self.throws = [tuple(Throw(p, d) for d in Dir) for p in range(n)]
        self.passes = tuple(Pass(p) for p in range(n))
        #: levs[p][sorcerer square][d][rock square]: the levitating Step (None off the board).
        self.levs = [[self._levs(p, s) for s in range(81)] for p in range(n)]

    @staticmethod
    def _levs(p: int, s: int) -> tuple[tuple[Step | None, ...], ...]:
        if s not in SQUARE_SET:
            return ()
        return tuple(
            tuple(Step(p, s, y, lev=r) if y != OFF and r in SQUARE_SET else None
                  for r in range(81))
            for y in NEXT[s]
        )

    @staticmethod
    def _dirs(p: int, s: int, pull: bool) -> tuple[Step | None, ...]:
        if s not in SQUARE_SET:
            return (None, None, None, None)
        return tuple(Step(p, s, y, pull=pull) if y != OFF else None for y in NEXT[s])

@reads("splut.interp.seating")
def seating(n: int, reading: str) -> tuple[tuple[Seat, ...], int]:
    """(the seat of each player, the first player) for ``n`` players under the seating reading:
    ``clockwise`` numbers the players clockwise from South, the starter first; ``seating-order``
    numbers them as they sit down (South, North, then West, then East) and the text's starter
    begins (with 4 players the fourth, East)."""
    if reading == "clockwise":
        return SEATS[n], 0
    order = (Seat.SOUTH, Seat.NORTH, Seat.WEST, Seat.EAST)[:n]
    return order, 3 if n == 4 else 0


@functools.cache
def actions_for(n: int) -> Actions:
    return Actions(n)


#: The bookkeeping of turns below this number is tabulated.
TABLE_TURNS = 1024


@functools.cache
@tabulation
def bookkeeping_tables(
    opening: bool,
) -> tuple[tuple[tuple[tuple[int, int], ...], ...], tuple[tuple[int, int], ...]]:
    """(after_step[turn][steps left], after_turn_end[turn]) for turns below TABLE_TURNS and 0-3
    steps left, as the kernels compute them."""
    step = tuple(
        tuple(kernel.after_step(turn, left, opening) for left in range(4))
        for turn in range(TABLE_TURNS)
    )
    end = tuple(kernel.after_turn_end(turn, opening) for turn in range(TABLE_TURNS))
    return step, end


#: How a game of Splut! ends.
LAST_SORCERER = Termination(
    "last-sorcerer", "splut.winnen.laatste", "one sorcerer is left on the board"
)
LAST_KILL = Termination(
    "last-sorcerer", "splut.winnen.laatste",
    "one sorcerer is left on the board; the player whose throw made the last kill wins",
    reading="splut.interp.winner",
)
NO_SORCERER = Termination("no-sorcerer", "splut.winnen.laatste", "no sorcerer is left on the board")


class SplutTurns(Game[State, Action]):
    """The rules of Splut!, first part: the readings they read, the tabulated bookkeeping, the
    start, the end, and the successor (steps, pushes, throws, passes, the end of a turn and who
    moves next). ``SplutMoves`` adds the move generator, ``SplutRules`` the legality predicate;
    the game is ``castlerules.splut.game.Splut``."""

    state_type: ClassVar[type] = State
    action_types: ClassVar[tuple[type, ...]] = (Step, Throw, Pass)

    config: SplutConfig
    config_type: ClassVar[type[SplutConfig]] = SplutConfig

    @reads(
        "splut.interp.seating", "splut.interp.steps-per-turn", "splut.interp.start-positions",
        "splut.interp.pull-and-throw", "splut.interp.blocked-throw",
        "splut.interp.throw-own-sorcerer", "splut.interp.push-distance",
        "splut.interp.levitate-any-rock", "splut.interp.levitate-behind",
        "splut.interp.levitate-ahead", "splut.interp.levitate-blocked",
        "splut.interp.levitate-start", "splut.interp.previous-and-this-turn",
        "splut.interp.no-legal-step", "splut.interp.winner", "splut.interp.rock-under-troll",
    )
    @clause("splut.verloop.spelers", "splut.zitten.twee", "splut.zitten.drie", "splut.zitten.vier")
    def _configure(self, config: SplutConfig) -> None:
        """The player count and the readings as plain attributes (the hot paths never look
        strings up)."""
        n = self._n = config.players
        read = config.readings.__getitem__
        self._seats, self._first = seating(n, read("seating"))
        #: The players in clockwise order of their seats.
        self._cycle: tuple[int, ...] = tuple(sorted(range(n), key=lambda p: self._seats[p]))
        self._opening = read("steps-per-turn") == "opening"
        self._mirror_start = read("start-positions") == "centre-view"
        self._pull_onto_rock = read("pull-and-throw") == "allowed"
        self._blocked_throw = read("blocked-throw") == "rock-stays"
        #: A rock lying under a troll may be levitated or pulled (splut.interp.rock-under-troll;
        #: only a blocked throw leaves one there).
        self._under_free = self._blocked_throw and read("rock-under-troll") == "allowed"
        self._own_target = read("throw-own-sorcerer") == "target"
        self._slide = read("push-distance") == "slide"
        self._lev_adjacent = read("levitate-any-rock") == "adjacent"
        self._lev_behind = read("levitate-behind") == "allowed"
        self._lev_ahead = read("levitate-ahead") == "allowed"
        self._lev_stays = read("levitate-blocked") == "rock-stays"
        self._lev_first_step = read("levitate-start") == "first-step"
        self._lev_frees = read("previous-and-this-turn") == "freed"
        self._stuck_out = read("no-legal-step") == "eliminated"
        self._thrower_wins = read("winner") == "last-thrower"
        self._kinds = tuple(self._throw_kinds(p) for p in range(n))
        #: Levitation depends only on the previous player's moves (the default readings).
        self._lev_plain = not (
            self._lev_first_step or self._lev_frees or self._lev_adjacent or self._blocked_throw
        )
        self._acts = actions_for(n)
        self._actor_sets = tuple(frozenset({p}) for p in range(n))

    @reads("splut.interp.throw-own-sorcerer")
    def _throw_kinds(self, p: int) -> tuple[int, ...]:
        """What a rock thrown by player p meets, by occupancy code."""
        kinds = list(THROW_KIND)
        if not self._own_target:
            kinds[code(p, Piece.SORCERER)] = kernel.OBSTACLE
        return tuple(kinds)

    # -- the bookkeeping kernels, tabulated -------------------------------------------------
    @tabulation
    def _tables(self) -> None:
        """Tables of the bookkeeping kernels' values (computed by the kernels themselves): turn
        and steps after a step and after a turn's end, for the first TABLE_TURNS turns (later
        turns are memoized), and who moves next for every pattern of teams on the board."""
        self._step_table, self._end_table = bookkeeping_tables(self._opening)
        self._memo_step: BoundedCache[tuple[int, int], tuple[int, int]] = BoundedCache(4096)
        self._memo_end: BoundedCache[int, tuple[int, int]] = BoundedCache(4096)
        #: kernel.push's line afterwards, by (the dwarf's code, the line's contents).
        self._memo_push: BoundedCache[tuple[int, bytes], tuple[int, ...]] = BoundedCache(4096)
        self._next_table = {
            (current, alive): kernel.next_player(current, alive, self._cycle)
            for current in range(self._n)
            for alive in itertools.product((False, True), repeat=self._n)
        }

    def _after_step(self, turn: int, left: int) -> tuple[int, int]:
        """kernel.after_step of this game's reading."""
        if 0 <= turn < TABLE_TURNS and 0 <= left < 4:
            return self._step_table[turn][left]
        key = (turn, left)
        found = self._memo_step.get(key)
        if found is None:
            found = self._memo_step.put(key, kernel.after_step(turn, left, self._opening))
        return found

    def _after_turn_end(self, turn: int) -> tuple[int, int]:
        """kernel.after_turn_end of this game's reading."""
        if 0 <= turn < TABLE_TURNS:
            return self._end_table[turn]
        found = self._memo_end.get(turn)
        if found is None:
            found = self._memo_end.put(turn, kernel.after_turn_end(turn, self._opening))
        return found

    def _next_player(self, current: int, pieces: tuple[tuple[int, int, int], ...]) -> int:
        """kernel.next_player over this game's clockwise order."""
        found: int = self._next_table[current, tuple([t[0] != OFF for t in pieces])]
        return found

    def steps_in_turn(self, turn: int) -> int:
        """The number of steps of turn number ``turn`` (kernel.steps_for_turn)."""
        return int(kernel.steps_for_turn(turn, self._opening))

    # -- states ----------------------------------------------------------------------------
    @clause(
        "splut.onderdelen.stukken", "splut.onderdelen.vier-rotsen", "splut.begin.alle-rotsen",
        "splut.begin.rotsen-hoeken", "splut.begin.opstelling", "splut.zitten.drie-begin",
        "splut.zitten.vier-begin", "splut.zet.eerste-een", "splut.rotsen.vier",
    )
    @reads("splut.interp.start-positions", "splut.interp.seating", "splut.interp.steps-per-turn")
    def initial_state(self) -> State:
        """All four rocks on the tips; each seated team in front of its rock; the first player
        begins with one step."""
        pieces = []
        for seat in self._seats:
            _rock, dwarf, troll, sorcerer = (BY_NAME[x] for x in START[seat])
            if self._mirror_start:
                troll, sorcerer = sorcerer, troll
            pieces.append((sorcerer, troll, dwarf))
        return State(
            pieces=tuple(pieces),
            rocks=tuple(sorted(TIPS)),  # type: ignore[arg-type]
            to_move=self._first,
            turn=0,
            steps_left=kernel.steps_for_turn(0, self._opening),
        )

    def sorcerers(self, state: State) -> list[bool]:
        return [trio[Piece.SORCERER] != OFF for trio in state.pieces]

    @clause("splut.winnen.laatste", "splut.rotsen.splut")
    def is_terminal(self, state: State) -> bool:
        """At most one sorcerer is left (kernel.game_over, kept with the state)."""
        return state.over

    @clause("splut.winnen.laatste", "splut.winnen.doel")
    @reads("splut.interp.winner")
    def winners(self, state: State) -> frozenset[int]:
        if not state.over:
            return frozenset()
        found = kernel.winner(self.sorcerers(state), state.to_move, self._thrower_wins)
        return frozenset() if found < 0 else frozenset({found})

    @clause("splut.winnen.laatste")
    @reads("splut.interp.winner")
    def termination(self, state: State) -> Termination:
        """Why the game ended: one sorcerer is left (under ``splut.interp.winner`` =
        ``player-whose-throw`` the winner is the thrower of the last kill), or none is."""
        if not any(self.sorcerers(state)):
            return NO_SORCERER
        return LAST_KILL if self._thrower_wins else LAST_SORCERER

    @clause("splut.zet.afwisselen", "splut.verloop.klok")
    def actors(self, state: State) -> frozenset[int]:
        if state.over:
            return frozenset()
        return self._actor_sets[state.to_move]

    # -- transitions -------------------------------------------------------------------------
    @clause("splut.zet.verdelen", "splut.trol.trekken", "splut.trol.werpen",
            "splut.tovenaar.zweven", "splut.tovenaar.stoppen", "splut.tovenaar.geduwd-getrokken",
            "splut.dwerg.duwen", "splut.beweging.orthogonaal")
    @reads("splut.interp.levitate-behind", "splut.interp.levitate-blocked",
           "splut.interp.blocked-throw", "splut.interp.rock-under-troll")
    def successor(self, state: State, action: Any) -> State:
        """The state after ``action`` (a step here; throws and passes in ``_throw`` and
        ``_pass``), assumed legal."""
        cls = action.__class__
        if cls is not Step:
            return self._throw(state, action) if cls is Throw else self._pass(state, action)
        p, frm, to = action.player, action.frm, action.to
        board = state.board
        assert board is not None
        pieces = state.pieces
        trio = pieces[p]
        lev, lev_rock = state.lev, state.lev_rock
        rocks, before, now = state.rocks, state.moved_before, state.moved_now
        throw_from = OFF
        after = bytearray(board)
        if frm == trio[0]:
            new_trio = (to, trio[1], trio[2])
            after[frm] = EMPTY
            r = action.lev
            if r != OFF:
                lev = ACTIVE
                r2 = NEXT_IN[STEP_DIR[to - frm + 9]][r]
                if r2 != OFF and (board[r2] == EMPTY or (r2 == frm and self._lev_behind)):
                    if board[r] == ROCK:  # a troll standing on it stays (rock-under-troll)
                        after[r] = EMPTY
                    after[r2] = ROCK
                    lev_rock = r2
                    rocks, before, now = _remap_one(r, r2, rocks, before, now)
                else:
                    lev_rock = r  # blocked: the rock stays (splut.interp.levitate-blocked)
            elif lev is ACTIVE:
                lev, lev_rock = DONE, OFF
        elif frm == trio[1]:
            new_trio = (trio[0], to, trio[2])
            after[frm] = ROCK if self._blocked_throw and frm in rocks else EMPTY
            if action.pull:
                behind = NEXT[frm][OPPOSITE[STEP_DIR[to - frm + 9]]]
                if board[behind] == ROCK:  # a troll standing on it stays (rock-under-troll)
                    after[behind] = EMPTY
                after[frm] = ROCK
                rocks, before, now = _remap_one(behind, frm, rocks, before, now)
            if board[to] == ROCK:
                throw_from = to
            if lev is ACTIVE:
                lev, lev_rock = DONE, OFF
        elif board[to] == EMPTY:  # a dwarf's step with nothing to push
            new_trio = (trio[0], trio[1], to)
            after[frm] = EMPTY
            if lev is ACTIVE:
                lev, lev_rock = DONE, OFF
        else:
            pieces, moves = self._push(state, frm, STEP_DIR[to - frm + 9], after)
            if moves:
                rocks, before, now = _remap(moves, rocks, before, now)
            if lev is ACTIVE:
                lev, lev_rock = DONE, OFF
            new_trio = pieces[p]
        if new_trio is not pieces[p]:
            after[to] = board[frm]
            listed = list(pieces)
            listed[p] = new_trio
            pieces = tuple(listed)
        if throw_from != OFF:
            turn, left = kernel.after_pickup(state.turn, state.steps_left)
            return make_state(pieces, rocks, p, turn, left, throw_from, lev, lev_rock, before,
                              now, bytes(after), state.over)
        turn, left = state.turn, state.steps_left
        if 0 <= turn < TABLE_TURNS and 0 <= left < 4:
            turn, left = self._step_table[turn][left]
        else:
            turn, left = self._after_step(turn, left)
        if turn != state.turn:
            return self._end_turn(state, pieces, rocks, now, bytes(after), state.over)
        return make_state(pieces, rocks, p, turn, left, OFF, lev, lev_rock, before, now,
                          bytes(after), state.over)

    @reads("splut.interp.push-distance", "splut.interp.blocked-throw")
    def _push(
        self, state: State, frm: int, d: int, after: bytearray
    ) -> tuple[tuple[tuple[int, int, int], ...], dict[int, int] | None]:
        """A dwarf's push from ``frm`` in direction ``d`` (the square in front is occupied):
        (pieces, rock moves) afterwards, with ``after`` (the occupancy) updated; the line in front
        moves as kernel.push says."""
        board = state.board
        assert board is not None
        line = LINE[frm][d]
        mover = board[frm]
        after[frm] = EMPTY
        contents = board[LINE_SLICE[frm][d]]
        key = (mover, contents)
        new = self._memo_push.get(key)
        if new is None:
            new = self._memo_push.put(key, tuple(kernel.push(mover, list(contents), self._slide)[1]))
        pieces = [list(t) for t in state.pieces]
        old_rocks = [line[i] for i, c in enumerate(contents) if c == ROCK]
        new_rocks = [line[i] for i, c in enumerate(new) if c == ROCK]
        moves = {a: b for a, b in zip(old_rocks, new_rocks) if a != b}
        # A troll resting on a rock after a blocked throw is pushed with the rock under it.
        hidden = set(state.rocks) - set(old_rocks) if self._blocked_throw else set()
        for i, c in enumerate(new):
            after[line[i]] = c
            if c >= 2:
                old = pieces[owner(c)][piece_of(c)]
                pieces[owner(c)][piece_of(c)] = line[i]
                if old in hidden and old != line[i]:
                    moves[old] = line[i]
        return tuple((t[0], t[1], t[2]) for t in pieces), moves or None

    @clause(
        "splut.trol.werpen-einde", "splut.werpen.vlucht", "splut.werpen.tovenaar",
        "splut.splut.dwerg", "splut.splut.team", "splut.splut.rots-blijft",
        "splut.winnen.team-weg", "splut.voorbeeld.werpen-splut", "splut.woorden.doelwit",
        "splut.woorden.dwerg", "splut.woorden.rotsen", "splut.rotsen.vier",
        "splut.onderdelen.vier-rotsen",
    )
    @reads("splut.interp.blocked-throw")
    def _throw(self, state: State, action: Throw) -> State:
        """The rock flies (kernel.throw_landing), crushes what stands where it lands — a sorcerer
        with its whole team, or a dwarf alone — stays there, and the turn ends."""
        q = state.throw_from
        board = state.board
        assert board is not None
        line = LINE[q][action.direction]
        kinds = self._kinds[state.to_move]
        index = kernel.throw_landing([kinds[board[c]] for c in line])
        pieces: tuple[tuple[int, int, int], ...] = state.pieces
        if index < 0:  # the rock cannot leave: it stays under the troll (blocked-throw)
            return self._end_turn(
                state, pieces, state.rocks, state.moved_now | {q}, board, state.over
            )
        land = line[index]
        victim = board[land]
        if victim in SORCERERS:
            pieces = self._remove_team(pieces, owner(victim))
        elif victim in DWARVES:
            v = owner(victim)
            pieces = tuple((t[0], t[1], OFF) if i == v else t for i, t in enumerate(pieces))
        rocks = tuple(sorted([land if r == q else r for r in state.rocks]))
        now = (state.moved_now - {q}) | {land}
        over = bool(kernel.game_over([t[0] != OFF for t in pieces]))
        new_board = occupancy(pieces, rocks)
        assert new_board is not None
        return self._end_turn(state, pieces, rocks, now, new_board, over)

    def _remove_team(
        self, pieces: tuple[tuple[int, int, int], ...], victim: int
    ) -> tuple[tuple[int, int, int], ...]:
        flags = [[sq != OFF for sq in trio] for trio in pieces]
        kept = kernel.after_kill(flags, victim)
        return tuple(
            (
                trio[0] if keeps[0] else OFF,
                trio[1] if keeps[1] else OFF,
                trio[2] if keeps[2] else OFF,
            )
            for trio, keeps in zip(pieces, kept)
        )

    @clause("splut.zet.verplicht")
    @reads("splut.interp.no-legal-step")
    def _pass(self, state: State, action: Pass) -> State:
        """No legal step is left: the turn ends (interpretation splut.interp.no-legal-step)."""
        if not self._stuck_out:
            board = state.board
            assert board is not None
            return self._end_turn(state, state.pieces, state.rocks, state.moved_now, board,
                                  state.over)
        pieces = self._remove_team(state.pieces, state.to_move)
        over = bool(kernel.game_over([t[0] != OFF for t in pieces]))
        new_board = occupancy(pieces, state.rocks)
        assert new_board is not None
        return self._end_turn(state, pieces, state.rocks, state.moved_now, new_board, over)

    @clause("splut.verloop.klok", "splut.zet.afwisselen", "splut.zet.tweede-twee",
            "splut.zet.drie", "splut.tovenaar.vorige-speler")
    @reads("splut.interp.winner", "splut.interp.seating")
    def _end_turn(
        self,
        state: State,
        pieces: tuple[tuple[int, int, int], ...],
        rocks: tuple[int, ...],
        moved_now: frozenset[int],
        board: bytes,
        over: bool,
    ) -> State:
        """The next player clockwise whose sorcerer is still on the board begins a new turn
        (kernel.next_player); the rocks moved in this turn are the ones that player cannot
        levitate."""
        turn = state.turn
        turn, left = (
            self._end_table[turn] if 0 <= turn < TABLE_TURNS else self._after_turn_end(turn)
        )
        if over and self._thrower_wins:
            nxt = state.to_move  # the last thrower is kept: it is the winner (splut.interp.winner)
        elif self._n == 2:
            nxt = self._next_table[state.to_move, (pieces[0][0] != OFF, pieces[1][0] != OFF)]
        else:
            nxt = self._next_table[state.to_move, tuple([t[0] != OFF for t in pieces])]
        return make_state(pieces, rocks, nxt, turn, left, OFF, UNUSED, OFF, moved_now, NONE,
                          board, over)



class SplutMoves(SplutTurns):
    """The rules of Splut!, second part: the move generator (one route to what is legal)."""

    # -- the move generator (one route) -------------------------------------------------------
    def legal_actions(self, state: State) -> tuple[Action, ...]:
        if state.over:
            return ()
        p = state.to_move
        q = state.throw_from
        if q != OFF:
            board, kinds, blocked = state.board, self._kinds[p], self._blocked_throw
            assert board is not None
            return tuple(
                a
                for d, a in enumerate(self._acts.throws[p])
                if kernel.throw_allowed([kinds[board[c]] for c in LINE[q][d][:1]], blocked)
            )
        return self._steps(state, p) or (self._acts.passes[p],)

    @reads("splut.interp.levitate-any-rock", "splut.interp.levitate-start", "splut.interp.previous-and-this-turn", "splut.interp.blocked-throw", "splut.interp.rock-under-troll")
    def _levitable(self, state: State, sorcerer: int) -> tuple[int, ...]:
        """The rocks the sorcerer could levitate now (before looking at where they would go)."""
        lev = state.lev
        if lev is ACTIVE:
            return (state.lev_rock,)
        if lev is not UNUSED:
            return ()
        if self._lev_first_step and state.steps_left != self.steps_in_turn(state.turn):
            return ()
        before = state.moved_before
        found: tuple[int, ...]
        if not before:
            found = state.rocks
        elif self._lev_frees:
            now = state.moved_now
            found = tuple([r for r in state.rocks if r not in before or r in now])
        else:
            found = tuple([r for r in state.rocks if r not in before])
        if self._lev_adjacent:
            found = tuple([r for r in found if r in NEXT[sorcerer]])
        if self._blocked_throw and not self._under_free:
            # splut.interp.rock-under-troll = forbidden: the rock under a troll is out of reach.
            board = state.board
            assert board is not None
            found = tuple([r for r in found if board[r] == ROCK])
        return found

    @reads("splut.interp.levitate-behind", "splut.interp.levitate-ahead", "splut.interp.levitate-blocked")
    def _steps(self, state: State, p: int) -> tuple[Step, ...]:
        """Every legal step of player ``p`` (no throw pending)."""
        board = state.board
        assert board is not None
        out: list[Step] = []
        add = out.append
        acts = self._acts
        sq_s, sq_t, sq_d = state.pieces[p]
        if sq_s != OFF:
            lev = state.lev
            levs: tuple[int, ...]
            if lev is UNUSED and self._lev_plain and not state.moved_before:
                levs = state.rocks
            else:
                levs = self._levitable(state, sq_s)
            if not levs:
                for _d, y, step in acts.sorcerer[p][sq_s]:
                    if board[y] == EMPTY:
                        add(step)
            else:
                # Levitation: the rock moves the sorcerer's way onto a free square (or the one
                # the sorcerer leaves); the sorcerer onto a free square (or the one the rock
                # leaves) -- splut.interp.levitate-behind, splut.interp.levitate-ahead. Onto an
                # occupied square the sorcerer can only follow the rock it levitates from there.
                behind_ok, ahead_ok = self._lev_behind, self._lev_ahead
                stays = self._lev_stays and lev is ACTIVE
                table = acts.levs[p][sq_s]
                for d, y, step in acts.sorcerer[p][sq_s]:
                    ahead = NEXT_IN[d]
                    if board[y] == EMPTY:
                        add(step)
                        row = table[d]
                        for r in levs:
                            r2 = ahead[r]
                            if stays or (
                                r2 != OFF and (board[r2] == EMPTY or (r2 == sq_s and behind_ok))
                            ):
                                add(row[r])  # type: ignore[arg-type]
                    elif ahead_ok and y in levs and board[y] == ROCK:
                        r2 = ahead[y]
                        if r2 != OFF and (board[r2] == EMPTY or (r2 == sq_s and behind_ok)):
                            add(table[d][y])  # type: ignore[arg-type]
        if sq_t != OFF:
            self._troll_steps(state, p, sq_t, board, add)
        if sq_d != OFF:
            for y, line, step in acts.dwarf[p][sq_d]:
                # The generator's own reading of the push: some square of the line is empty
                # (the theorem splut.push-line shows this equals kernel.push_allowed); the line
                # starts at y, so a free y settles it without slicing the board.
                if board[y] == EMPTY or EMPTY in board[line]:
                    add(step)
        return tuple(out)

    @reads("splut.interp.pull-and-throw", "splut.interp.blocked-throw",
           "splut.interp.rock-under-troll")
    def _troll_steps(self, state: State, p: int, sq_t: int, board: bytes, add: Any) -> None:
        blocked = self._blocked_throw
        # A troll resting on a rock (after a blocked throw) leaves that rock behind: it cannot
        # pull another into its square.
        may_pull = not (blocked and sq_t in state.rocks)
        # splut.interp.rock-under-troll = allowed: a rock under another troll can be pulled too.
        under: tuple[int, ...] = state.rocks if self._under_free else ()
        for d, y, behind, step, pulling in self._acts.troll[p][sq_t]:
            c = board[y]
            if c == EMPTY:
                add(step)
                if behind != OFF and (board[behind] == ROCK or behind in under) and may_pull:
                    add(pulling)
            elif c == ROCK:
                # Without a pull the rock can always fly back over the square the troll left.
                add(step)
                if (
                    behind != OFF
                    and (board[behind] == ROCK or behind in under)
                    and may_pull
                    and self._pull_onto_rock
                    and (
                        blocked
                        or any(
                            (f := NEXT[y][e]) != OFF
                            and board[f] != ROCK
                            and board[f] not in TROLLS
                            for e in DIRS
                            if e != OPPOSITE[d]
                        )
                    )
                ):
                    add(pulling)



class SplutRules(SplutMoves):
    """The rules of Splut!, third part: the legality predicate (the other route), by piece."""

    # -- legality (the other route) -----------------------------------------------------------
    @clause(
        "splut.zet.stukken", "splut.zet.verdelen", "splut.zet.voorbeeld",
        "splut.beweging.orthogonaal", "splut.beweging.eigen-team", "splut.beweging.bezet",
        "splut.woorden.beweging", "splut.rotsen.niemand", "splut.zet.afwisselen",
    )
    def rule_violation(self, state: State, action: Any) -> Violation | None:
        if state.over:
            return violation("splut.winnen.laatste", "the game is over: one sorcerer is left")
        if action.player != state.to_move:
            return violation(
                "splut.zet.afwisselen",
                f"it is player {state.to_move}'s turn, not player {action.player}'s",
            )
        cls = action.__class__
        if cls is not Step:
            if cls is Throw:
                return self._throw_violation(state, action)
            if state.throw_from != OFF:
                return self._must_throw(state)
            return self._pass_violation(state, action)
        if state.throw_from != OFF:
            return self._must_throw(state)
        frm, to = action.frm, action.to
        if frm not in SQUARE_SET or to not in SQUARE_SET:
            return violation(
                "splut.beweging.orthogonaal",
                "a step goes between two board squares; "
                f"{notation.square(frm if frm not in SQUARE_SET else to)} is not one",
            )
        if to not in NEXT[frm]:
            return violation(
                "splut.beweging.orthogonaal",
                f"{NAMES[frm]}-{NAMES[to]} is not one square horizontally or vertically",
            )
        trio = state.pieces[action.player]
        if frm == trio[0]:
            if action.pull:
                return violation("splut.trol.trekken", "only a troll can pull a rock")
            return self._sorcerer_violation(state, action)
        if frm == trio[1]:
            if action.lev != OFF:
                return violation("splut.tovenaar.zweven", "only a sorcerer can levitate a rock")
            return self._troll_violation(state, action)
        if frm == trio[2]:
            if action.pull:
                return violation("splut.trol.trekken", "only a troll can pull a rock")
            if action.lev != OFF:
                return violation("splut.tovenaar.zweven", "only a sorcerer can levitate a rock")
            return self._dwarf_violation(state, action)
        return violation(
            "splut.beweging.eigen-team", f"player {action.player} has no piece on {NAMES[frm]}"
        )

    def _must_throw(self, state: State) -> Violation:
        return violation(
            "splut.trol.werpen",
            f"the troll on {NAMES[state.throw_from]} holds a rock and must throw it now",
        )

    @clause("splut.trol.werpen", "splut.werpen.rand", "splut.werpen.trol", "splut.werpen.rots",
            "splut.woorden.trol")
    @reads("splut.interp.blocked-throw", "splut.interp.throw-own-sorcerer")
    def _throw_violation(self, state: State, action: Throw) -> Violation | None:
        q = state.throw_from
        if q == OFF:
            return violation(
                "splut.trol.werpen", "no troll holds a rock: a throw follows a troll's step onto one"
            )
        d = action.direction
        line = LINE[q][d]
        board = state.board
        assert board is not None
        kinds = self._kinds[state.to_move]
        if kernel.throw_allowed([kinds[board[c]] for c in line[:1]], self._blocked_throw):
            return None
        if not line:
            return violation(
                "splut.werpen.rand",
                f"from {NAMES[q]} the rock cannot fly {d.name}: the edge is right "
                "there (interpretation splut.interp.blocked-throw)",
            )
        first = board[line[0]]
        if first == ROCK:
            return violation(
                "splut.werpen.rots",
                f"a rock on {NAMES[line[0]]} blocks the throw at once "
                "(interpretation splut.interp.blocked-throw)",
            )
        if first in TROLLS:
            return violation(
                "splut.werpen.trol",
                f"a troll on {NAMES[line[0]]} blocks the throw at once "
                "(interpretation splut.interp.blocked-throw)",
            )
        return violation(
            "splut.werpen.tovenaar",
            f"the thrower's own sorcerer on {NAMES[line[0]]} blocks the throw at once "
            "(interpretations splut.interp.throw-own-sorcerer and splut.interp.blocked-throw)",
        )

    @clause("splut.zet.verplicht")
    def _pass_violation(self, state: State, action: Pass) -> Violation | None:
        steps = self._steps(state, action.player)
        if steps:
            count = "1 legal step remains" if len(steps) == 1 else f"{len(steps)} legal steps remain"
            return violation(
                "splut.zet.verplicht",
                f"steps are mandatory and {count} "
                "(interpretation splut.interp.no-legal-step)",
            )
        return None

    @clause(
        "splut.tovenaar.zweven", "splut.tovenaar.een-rots", "splut.tovenaar.vorige-speler",
        "splut.tovenaar.geduwd-getrokken", "splut.tovenaar.doorgaan", "splut.tovenaar.stoppen",
        "splut.tovenaar.blokkeren", "splut.tovenaar.niet-doden", "splut.tovenaar.voorbeeld",
        "splut.dwerg.blokkeert-zweven", "splut.trol.werpen-zweven-verbod",
        "splut.voorbeeld.zweven", "splut.voorbeeld.zweven-stappen", "splut.woorden.zweven",
    )
    @reads("splut.interp.levitate-behind", "splut.interp.levitate-ahead",
           "splut.interp.levitate-blocked", "splut.interp.rock-under-troll")
    def _sorcerer_violation(self, state: State, action: Step) -> Violation | None:
        """A sorcerer steps onto a free square, optionally levitating one rock the same way.

        The rock may be anywhere (splut.interp.levitate-any-rock); sorcerer and rock move together
        (splut.interp.levitate-behind, splut.interp.levitate-ahead); both moves must be possible
        (splut.interp.levitate-blocked); only the previous player's rock moves forbid it
        (splut.interp.previous-player); such a rock stays forbidden even if pushed or pulled this
        turn (splut.interp.previous-and-this-turn).
        """
        frm, to, r = action.frm, action.to, action.lev
        board = state.board
        assert board is not None
        if r == OFF:
            if board[to] != EMPTY:
                return violation("splut.beweging.bezet", f"{NAMES[to]} is occupied")
            return None
        if r not in state.rocks:
            return violation(
                "splut.tovenaar.zweven", f"there is no rock to levitate on {notation.square(r)}"
            )
        if board[r] != ROCK and not self._under_free:
            return violation(
                "splut.tovenaar.zweven",
                f"the rock on {NAMES[r]} lies under a troll "
                "(interpretation splut.interp.rock-under-troll)",
            )
        found = self._levitation_start(state, r, frm)
        if found is not None:
            return found
        d = DIRECTION[frm, to]
        r2 = NEXT[r][d]
        blocker = None
        if r2 == OFF:
            blocker = violation(
                "splut.tovenaar.blokkeren",
                f"the rock on {NAMES[r]} cannot move {DIR_ENUM[d].name}: the edge blocks it",
            )
        elif board[r2] != EMPTY and not (r2 == frm and self._lev_behind):
            blocker = self._lev_blocker(board[r2], r2)
        if blocker is not None:
            if self._lev_stays and state.lev is ACTIVE and board[to] == EMPTY:
                return None  # the sorcerer steps on and the rock stays (levitate-blocked)
            return blocker
        if board[to] != EMPTY and not (to == r and board[r] == ROCK and self._lev_ahead):
            return violation("splut.beweging.bezet", f"{NAMES[to]} is occupied")
        return None

    @reads("splut.interp.levitate-any-rock", "splut.interp.levitate-start", "splut.interp.previous-and-this-turn")
    def _levitation_start(self, state: State, r: int, frm: int) -> Violation | None:
        """Why the sorcerer on ``frm`` may not levitate the rock on ``r`` now, if it may not."""
        lev = state.lev
        if lev is DONE:
            return violation(
                "splut.tovenaar.stoppen", "levitation has stopped this turn and cannot restart"
            )
        if lev is ACTIVE:
            if r != state.lev_rock:
                return violation(
                    "splut.tovenaar.een-rots",
                    f"this turn the sorcerer levitates the rock on {NAMES[state.lev_rock]}, "
                    "only one rock per turn",
                )
            return None
        if r in state.moved_before and not (self._lev_frees and r in state.moved_now):
            return violation(
                "splut.tovenaar.vorige-speler",
                f"the rock on {NAMES[r]} was moved by the previous player",
            )
        if self._lev_first_step and state.steps_left != self.steps_in_turn(state.turn):
            return violation(
                "splut.tovenaar.doorgaan",
                "levitation starts with the turn's first step "
                "(interpretation splut.interp.levitate-start)",
            )
        if self._lev_adjacent and r not in NEXT[frm]:
            return violation(
                "splut.tovenaar.zweven",
                f"the rock on {NAMES[r]} is not next to the sorcerer on {NAMES[frm]} "
                "(interpretation splut.interp.levitate-any-rock)",
            )
        return None

    def _lev_blocker(self, c: int, square: int) -> Violation:
        if c in TROLLS:
            return violation(
                "splut.trol.werpen-zweven-verbod",
                f"a rock cannot be levitated onto the troll on {NAMES[square]}",
            )
        if c in DWARVES:
            return violation(
                "splut.dwerg.blokkeert-zweven", f"the dwarf on {NAMES[square]} blocks the rock"
            )
        what = "a sorcerer" if c in SORCERERS else "another rock"
        return violation(
            "splut.tovenaar.blokkeren", f"{what} on {NAMES[square]} blocks the levitated rock"
        )

    @clause(
        "splut.trol.trekken", "splut.trol.trekken-recht", "splut.trol.trekken-optioneel",
        "splut.trol.werpen", "splut.voorbeeld.trekken", "splut.voorbeeld.trekken-een-beweging",
        "splut.voorbeeld.werpen", "splut.woorden.werpen", "splut.woorden.trol",
    )
    @reads("splut.interp.pull-and-throw", "splut.interp.blocked-throw",
           "splut.interp.rock-under-troll")
    def _troll_violation(self, state: State, action: Step) -> Violation | None:
        """A troll steps onto a free square or onto a rock (then it must throw), optionally pulling
        the rock straight behind it (splut.interp.pull-straight, splut.interp.pull-and-throw)."""
        frm, to = action.frm, action.to
        board = state.board
        assert board is not None
        target = board[to]
        if target != EMPTY and target != ROCK:
            return violation("splut.beweging.bezet", f"{NAMES[to]} is occupied")
        behind = NEXT[frm][OPPOSITE[DIRECTION[frm, to]]]
        if action.pull:
            if behind == OFF or not (
                board[behind] == ROCK or (self._under_free and behind in state.rocks)
            ):
                return violation(
                    "splut.trol.trekken-recht",
                    f"no rock stands straight behind the troll on {NAMES[frm]} to pull",
                )
            if frm in state.rocks:
                return violation(
                    "splut.beweging.bezet",
                    f"the troll leaves a rock on {NAMES[frm]}: no other rock can be pulled there",
                )
        if target == ROCK:
            if action.pull and not self._pull_onto_rock:
                return violation(
                    "splut.trol.trekken",
                    "a step onto a rock cannot also pull one "
                    "(interpretation splut.interp.pull-and-throw)",
                )
            after = bytearray(board)
            after[frm] = ROCK if frm in state.rocks else EMPTY
            if action.pull:
                if board[behind] == ROCK:  # a troll standing on it stays (rock-under-troll)
                    after[behind] = EMPTY
                after[frm] = ROCK
            after[to] = board[frm]
            kinds = self._kinds[state.to_move]
            if not any(
                kernel.throw_allowed([kinds[after[c]] for c in LINE[to][e][:1]], self._blocked_throw)
                for e in DIRS
            ):
                return violation(
                    "splut.trol.werpen",
                    f"the troll could not throw the rock on {NAMES[to]} in any direction "
                    "(interpretation splut.interp.blocked-throw)",
                )
        return None

    @clause("splut.dwerg.duwen", "splut.dwerg.duwen-lijn", "splut.woorden.duwen")
    def _dwarf_violation(self, state: State, action: Step) -> Violation | None:
        board = state.board
        assert board is not None
        if board[action.to] == EMPTY:
            return None  # an ordinary step: nothing to push
        line = LINE[action.frm][DIRECTION[action.frm, action.to]]
        if not kernel.push_allowed([board[c] for c in line]):
            return violation(
                "splut.dwerg.duwen-lijn",
                f"the line of pieces in front of the dwarf on {NAMES[action.frm]} reaches the "
                "board edge (interpretation splut.interp.push-edge)",
            )
        return None

    @reads("splut.interp.levitate-blocked", "splut.interp.levitate-behind")
    def lev_destination(self, state: State, action: Step) -> int:
        """Where the rock a levitating step names goes in ``state``: one square the sorcerer's way,
        or — when blocked and the reading lets levitation go on (splut.interp.levitate-blocked) —
        nowhere: its own square. OFF when the step is not well formed."""
        d = DIRECTION.get((action.frm, action.to))
        r = action.lev
        if d is None or r not in SQUARE_SET:
            return OFF
        r2 = NEXT[r][d]
        board = state.board
        if (
            self._lev_stays
            and state.lev is ACTIVE
            and board is not None
            and (r2 == OFF or (board[r2] != EMPTY and not (r2 == action.frm and self._lev_behind)))
        ):
            return r
        return r2


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _square_or_off(value: Any) -> bool:
    return _is_int(value) and (value == OFF or value in SQUARE_SET)


def _between(low: int, high: int) -> str:
    return str(low) if low == high else f"{low} to {high}"


def _check_types(n: int, state: State) -> None:
    """The fields have the types and ranges a state needs (before anything is looked up)."""
    require(
        isinstance(state.pieces, tuple) and len(state.pieces) == n,
        f"state.pieces: expected {n} teams",
    )
    for p, trio in enumerate(state.pieces):
        require(
            isinstance(trio, tuple) and len(trio) == 3,
            f"state.pieces[{p}]: expected (sorcerer, troll, dwarf)",
        )
        require(
            all(_square_or_off(sq) for sq in trio), f"state.pieces[{p}]: a piece is off the board"
        )
    require(
        isinstance(state.rocks, tuple) and len(state.rocks) == 4, "state.rocks: expected four rocks"
    )
    require(
        all(_is_int(r) and r in SQUARE_SET for r in state.rocks),
        "state.rocks: a rock is off the board",
    )
    require(len(set(state.rocks)) == 4, "state.rocks: two rocks on one square")
    require(list(state.rocks) == sorted(state.rocks), "state.rocks: must be sorted")
    require(
        _is_int(state.to_move) and 0 <= state.to_move < n,
        f"state.to_move: expected a player from 0 to {n - 1}",
    )
    require(_is_int(state.turn) and state.turn >= 0, "state.turn: must be a number >= 0")
    require(_is_int(state.steps_left), "state.steps_left: must be a number")
    require(_square_or_off(state.throw_from), "state.throw_from: not a board square")
    require(isinstance(state.lev, Lev), "state.lev: expected UNUSED, ACTIVE or DONE")
    require(_square_or_off(state.lev_rock), "state.lev_rock: not a board square")
    for name in ("moved_before", "moved_now"):
        found = getattr(state, name)
        require(
            isinstance(found, frozenset) and all(_is_int(r) for r in found),
            f"state.{name}: expected a set of squares",
        )
        require(found <= set(state.rocks), f"state.{name}: must be rock squares")


@reads("splut.interp.blocked-throw", "splut.interp.winner", "splut.interp.steps-per-turn")
@clause("splut.onderdelen.vier-rotsen", "splut.rotsen.vier", "splut.beweging.bezet",
        "splut.winnen.team-weg")
def validate(game: SplutTurns, state: State) -> None:
    """Raise InvalidStateError unless ``state`` is a consistent position of ``game``: every field
    well typed and on the board, every piece on its own square, teams whole, and the bookkeeping
    of the turn (steps, throw, levitation, moved rocks) possible — in every phase, the end of the
    game included."""
    # (a value that is no Splut! state never gets here: validate_state is guarded by the core)
    n = game.num_players
    _check_types(n, state)
    squares: list[int] = []
    for p, (s, t, d) in enumerate(state.pieces):
        require(
            (s == OFF) == (t == OFF) and (s != OFF or d == OFF),
            f"state.pieces[{p}]: a team without its sorcerer must have left the board",
        )
        squares.extend(sq for sq in (s, t, d) if sq != OFF)
    require(len(set(squares)) == len(squares), "state.pieces: two pieces on one square")
    trolls = {trio[1] for trio in state.pieces if trio[1] != OFF}
    shared = set(squares) & set(state.rocks)
    allowed = {state.throw_from} | (trolls if game._blocked_throw else set())
    require(shared <= allowed, "state: a piece stands on a rock (only a throwing troll may)")
    require(state.board is not None, "state: malformed pieces or rocks")
    full = game.steps_in_turn(state.turn)
    alive = state.pieces[state.to_move][Piece.SORCERER] != OFF
    if state.over:
        require(
            state.throw_from == OFF and state.lev is Lev.UNUSED and state.lev_rock == OFF
            and not state.moved_now and state.steps_left == full,
            "state: the game is over, so no turn can be under way",
        )
        require(alive or game._thrower_wins, "state.to_move: at the end, the winner")
        return
    require(alive, "state.to_move: that team has left the board")
    if state.throw_from == OFF:
        require(
            1 <= state.steps_left <= full,
            f"state.steps_left: turn {state.turn} has {_between(1, full)} steps left",
        )
    else:
        require(
            state.pieces[state.to_move][Piece.TROLL] == state.throw_from
            and state.throw_from in state.rocks,
            "state.throw_from: the troll to move must stand on a rock there",
        )
        require(
            0 <= state.steps_left < full,
            f"state.steps_left: with a throw pending, turn {state.turn} has "
            f"{_between(0, full - 1)} steps left",
        )
        require(state.lev is not Lev.ACTIVE, "state.lev: a troll's step ends levitation")
    require(
        (state.lev is Lev.ACTIVE) == (state.lev_rock != OFF),
        "state.lev_rock: a rock is levitated exactly when levitation is active",
    )
    require(
        state.lev_rock == OFF
        or (state.lev_rock in state.moved_now and state.board[state.lev_rock] == ROCK),  # type: ignore[index]
        "state.lev_rock: the levitated rock lies on the board and was moved this turn",
    )
    require(
        state.steps_left < full or (state.lev is Lev.UNUSED and not state.moved_now),
        "state: nothing can have moved before the first step of the turn",
    )

