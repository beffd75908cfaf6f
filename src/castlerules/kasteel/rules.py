"""Kasteel rules: skull placement, knight moves, passes, captures and the end — each tied to its clause.

How moves are found. The rule for one move along a line is the dual-mode kernel
``kernel.move_legal``. From it, once per board and reading, ``line_tables`` builds for every player,
square and direction a *line*: the squares a knight there could ever move to along that line with
no knight in the way and passes to spare (its static targets, nearest first), the bitboard of the
squares that matter, and for each of those squares how many targets lie before it and up to it.
A move's legality then only depends on the nearest knight on the line and on the squares that cost
passes, which the generator finds with two bit operations. The theorem ``kasteel.line-rule`` proves
(z3, every line length, every reading) that this decomposition is exactly ``move_legal``;
``kasteel.move-generation`` runs the generator and the checker of this module on every line of the
board against ``move_legal``.

For speed, a line keeps the moves to its first k targets for every k (``runs``), and a game groups
the lines of a knight (``game_lines``): when no knight stands on any of them and the passes pay for
all their costly squares, the knight's moves are all their targets at once. A move interned for a
board (``interned_moves``) carries its direction and the squares it enters (``Move.via``), which
the checker and the successor use instead of looking them up.

Game objects are safe to share between threads: the tables are built before the game is used and
never change; what a game computes about a state (its legal actions and winners) is kept in the
state's ``memo`` slot, set in one assignment, and the chance distributions in a ``BoundedCache``.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any, ClassVar

from castlerules.core.cache import BoundedCache
from castlerules.core.chance import uniform
from castlerules.core.errors import Violation, quote
from castlerules.core.game import Game
from castlerules.core.outcome import Termination
from castlerules.core.reach import tabulation
from castlerules.core.registry import clause, reads, violation
from castlerules.kasteel import kernel
from castlerules.kasteel.board import (
    DIRECTIONS,
    EAST,
    NORTH,
    PLAYER_NAMES,
    RED,
    SOUTH,
    WEST,
    YELLOW,
    Board,
    Kind,
)
from castlerules.kasteel.config import KasteelConfig
from castlerules.kasteel.kernel import LineReading, after_move
from castlerules.kasteel.notation import Origin
from castlerules.kasteel.state import (
    Action,
    Move,
    Pass,
    PlaceSkull,
    State,
    make_state,
    set_memo,
    squares_of,
)

#: Passes per level (clause kasteel.kanalen.niveau).
LEVEL_PASSES = {1: 8, 2: 7, 3: 6}
#: Directions in the order that lists a knight's moves by increasing destination square.
ASCENDING = (SOUTH, WEST, EAST, NORTH)
#: A budget of passes that no line can exhaust (a move costing one pass with passes left).
_PLENTY = 1 << 20

#: ``kernel.has_won`` for each of its 128 inputs, indexed by the inputs as bits (first argument
#: lowest).
HAS_WON = tuple(bool(kernel.has_won(*((i >> k) & 1 == 1 for k in range(7)))) for i in range(128))

#: One line of a table: (decreasing, mask, runs, number of targets, targets before each square of
#: the mask, targets up to and including it). ``runs[k]`` are the moves to the ``k`` nearest
#: targets, by increasing destination square.
Line = tuple[bool, int, tuple[tuple[Move, ...], ...], int, dict[int, int], dict[int, int]]
#: A line as a game uses it: the ``Line`` and the squares of its mask that can cost a pass (the
#: canals and the skull zone of the game), 0 if none can.
GameLine = tuple[bool, int, tuple[tuple[Move, ...], ...], int, dict[int, int], dict[int, int], int]
#: Lines scanned together (a knight's, in the order that lists its moves by destination): the
#: squares of their masks, those that can cost a pass, the moves to all their targets, the lines.
Group = tuple[int, int, tuple[Move, ...], tuple[GameLine, ...]]


def group(lines: tuple[GameLine, ...]) -> Group:
    """The group of ``lines``."""
    every: tuple[Move, ...] = ()
    for line in lines:
        every += line[2][line[3]]
    return (
        functools.reduce(int.__or__, (line[1] for line in lines), 0),
        functools.reduce(int.__or__, (line[6] for line in lines), 0),
        every,
        lines,
    )


@functools.lru_cache(maxsize=8)
def interned_moves(board: Board) -> dict[int, Move]:
    """One Move object per (player, from, to) on a line of ``board``, keyed by
    ``(player * size + from) * size + to`` (the tables and the action universe share them); each
    knows its direction and the squares it enters (``Move.via``) and its place in this order
    (``Move.index``)."""
    size = board.size
    out: dict[int, Move] = {}
    for p in (YELLOW, RED):
        for frm in range(size):
            for d, ray in enumerate(board.rays[frm]):
                entered = 0
                for to in ray:
                    entered |= 1 << to
                    move = Move(p, frm, to)
                    object.__setattr__(move, "via", (board, d, entered))
                    object.__setattr__(move, "index", len(out))
                    out[(p * size + frm) * size + to] = move
    return out


@clause("kasteel.spel.schuiven", "kasteel.spel.muren-langs", "kasteel.spel.klimmen",
        "kasteel.spel.eigen-sleutel")
def static_targets(board: Board, player: int, frm: int, direction: int, reading: LineReading
                   ) -> tuple[int, ...]:
    """The indices along the ray of ``frm`` in ``direction`` of the squares ``kernel.move_legal``
    allows ``player``'s knight to move to with no other knight on the board and passes to spare."""
    return _targets(*_line_facts(board, player, frm, direction), reading)


def _line_facts(board: Board, player: int, frm: int, direction: int
                ) -> tuple[bool, tuple[bool, ...], int, int]:
    ray = board.rays[frm][direction]
    walls = tuple(board.kinds[x] is Kind.WALL for x in ray)
    keys = board.keys
    own = ray.index(keys[player]) if keys[player] in ray else -1
    enemy = ray.index(keys[1 - player]) if keys[1 - player] in ray else -1
    return board.kinds[frm] is Kind.WALL, walls, own, enemy


@functools.lru_cache(maxsize=4096)
def _targets(origin_wall: bool, walls: tuple[bool, ...], own_key: int, enemy_key: int,
             reading: LineReading) -> tuple[int, ...]:
    found = []
    for j in range(len(walls)):
        d = j + 1
        if kernel.move_legal(
            origin_wall, walls[:d], [False] * d, [False] * d, [i == own_key for i in range(d)],
            [0] * d, 0, enemy_key=[i == enemy_key for i in range(d)], reading=reading,
        ):
            found.append(j)
    return tuple(found)


@functools.lru_cache(maxsize=8)
@tabulation
def line_tables(board: Board, reading: LineReading) -> tuple[tuple[tuple[Line | None, ...], ...], ...]:
    """``tables[player][square][direction]``: the line of a knight of ``player`` on ``square`` in
    ``direction`` (None if it has no target); see the module docstring."""
    moves = interned_moves(board)
    size = board.size
    out = []
    for p in (YELLOW, RED):
        per_square = []
        for sq in range(size):
            lines: list[Line | None] = []
            for d in range(4):
                ray = board.rays[sq][d]
                targets = static_targets(board, p, sq, d, reading)
                if not targets:
                    lines.append(None)
                    continue
                span = ray[: targets[-1] + 1]
                nearest = tuple(moves[(p * size + sq) * size + ray[j]] for j in targets)
                before, upto, count, chosen = {}, {}, 0, set(targets)
                for i, x in enumerate(span):
                    before[1 << x] = count
                    count += i in chosen
                    upto[1 << x] = count
                mask = sum(1 << x for x in span)
                decreasing = DIRECTIONS[d][0] + DIRECTIONS[d][1] * board.width < 0
                # the k nearest targets' moves, by increasing destination, for every k
                runs = tuple(nearest[:k][::-1] if decreasing else nearest[:k]
                             for k in range(len(nearest) + 1))
                lines.append((decreasing, mask, runs, len(nearest), before, upto))
            per_square.append(tuple(lines))
        out.append(tuple(per_square))
    return tuple(out)


@functools.lru_cache(maxsize=8)
def game_lines(board: Board, reading: LineReading, may_cost: int
               ) -> tuple[tuple[tuple[Group | None, ...], ...], tuple[tuple[Group, ...], ...]]:
    """The lines of ``line_tables`` as a game with the squares ``may_cost`` that can cost a pass
    uses them: ``[player][square * 4 + direction]``, one line as a group of one (None if it has no
    target); and ``[player][square]``, the lines of a knight there as a group."""
    by_direction: tuple[tuple[tuple[GameLine | None, ...], ...], ...] = tuple(
        tuple(
            tuple(None if line is None else (*line, line[1] & may_cost) for line in per)
            for per in table
        )
        for table in line_tables(board, reading)
    )
    line_of = tuple(
        tuple(None if line is None else group((line,)) for per in table for line in per)
        for table in by_direction
    )
    groups = tuple(
        tuple(group(tuple(x for x in (per[d] for d in ASCENDING) if x is not None))
              for per in table)
        for table in by_direction
    )
    return line_of, groups


#: How a game of Het kasteel veroveren ends.
KEY_CONQUERED = Termination(
    "key-conquered", "kasteel.einde.sleutel", "a knight stands on the opponent's key square"
)
KNIGHTS_LOST = Termination(
    "knights-lost", "kasteel.einde.ridders", "a player has lost all his knights"
)
STUCK = Termination(
    "stuck", "kasteel.einde.geen-gelijkspel", "the player to move could not move, and loses",
    reading="kasteel.interp.no-legal-move",
)


class KasteelMoves(Game[State, Action]):
    """The rules of Het kasteel veroveren, first part: the options and readings they read, the
    start, the chance events, the move generator, the end and the successor.
    ``KasteelRules`` adds the legality predicate; the game is
    ``castlerules.kasteel.game.Kasteel``."""

    state_type: ClassVar[type] = State
    action_types: ClassVar[tuple[type, ...]] = (Move, Pass, PlaceSkull)

    config: KasteelConfig
    config_type: ClassVar[type[KasteelConfig]] = KasteelConfig

    @clause("kasteel.kanalen.niveau", "kasteel.kanalen.passen", "kasteel.kanalen.schedels")
    @reads("kasteel.interp.turns", "kasteel.interp.moves", "kasteel.interp.climb",
           "kasteel.interp.own-key", "kasteel.interp.capture", "kasteel.interp.pass-cost",
           "kasteel.interp.key-square", "kasteel.interp.skull-zone",
           "kasteel.interp.no-legal-move")
    def _configure(self, config: KasteelConfig) -> None:
        """The options and readings as plain attributes (hot paths never look strings up)."""
        self.board: Board = config.map
        r = config.readings
        self.stuck = config.stuck
        self._stuck_loses = config.stuck == "lose"
        self.skull_count = config.skull_count
        self.start_passes: int = LEVEL_PASSES[config.level] if config.passes is None else config.passes
        self._voluntary_pass = r["turns"] == "voluntary-pass"
        self._mover_removed = r["capture"] == "mover-removed"
        self._skulls_anywhere = r["skull-zone"] == "anywhere"
        self.line_reading = LineReading(
            mixed=r["moves"] == "mixed",
            climb_slide=r["climb"] == "climb-then-slide",
            key_passable=r["own-key"] == "slide-through",
            enemy_key_stops=r["key-square"] == "pass-through",
            per_move=r["pass-cost"] == "per-move",
        )
        self._zone = config.zone
        self._zone_set = frozenset(self._zone)
        self._fixed: frozenset[int] | None = (
            None if config.skull_squares is None else config.fixed_skulls
        )

    def _tables(self) -> None:
        """Lookups computed once from the board and the options (never changed afterwards)."""
        b = self.board
        self._canal_bits = sum(1 << sq for sq in range(b.size) if b.kinds[sq] is Kind.CANAL)
        may_cost = self._canal_bits | sum(1 << sq for sq in self._zone)
        #: ``_line_of[player][square * 4 + direction]``, ``_groups[player][square]``: see
        #: ``game_lines``.
        self._line_of, self._groups = game_lines(b, self.line_reading, may_cost)
        self._moves = interned_moves(b)
        self._key_bits = (1 << b.keys[YELLOW], 1 << b.keys[RED])
        self._per_move = self.line_reading.per_move
        self._size = b.size
        #: ``kernel.move_cost`` of a move entering n costly squares, for every n a line allows.
        self._cost = tuple(
            int(kernel.move_cost((n,), self._per_move)) for n in range(b.width + b.height)
        )
        self._winner_sets: tuple[frozenset[int], ...] = (
            frozenset(), frozenset({YELLOW}), frozenset({RED}), frozenset({YELLOW, RED})
        )
        self._actors = (frozenset({YELLOW}), frozenset({RED}))
        self._passes_of = (Pass(YELLOW), Pass(RED))
        self._skull_actions = {sq: PlaceSkull(sq) for sq in self._zone}
        shown = {k: v for k, v in self.options.items() if (k, v) != ("level", 1)}
        self._origin = Origin(b.width, b.height, "".join(f", {k}={v!r}" for k, v in shown.items()),
                              board=b)
        self._chance: BoundedCache[frozenset[int], tuple[tuple[PlaceSkull, Fraction], ...]]
        self._chance = BoundedCache(256)
        start = b.start
        self._initial = make_state(
            start,
            (self.start_passes, self.start_passes),
            self._fixed if self._fixed is not None else frozenset(),
            YELLOW,
            (sum(1 << s for s in start[0]), sum(1 << s for s in start[1])),
            sum(1 << s for s in self._fixed or ()),
            self._origin,
        )

    # -- states ----------------------------------------------------------------------------
    @clause("kasteel.spel.geel-eerst", "kasteel.kanalen.niveau", "kasteel.begin.muren")
    def initial_state(self) -> State:
        """Knights on their walls, the level's passes each, yellow to move; at a chance node
        while skulls remain to be placed."""
        return self._initial

    def is_chance(self, state: State) -> bool:
        return len(state.skulls) < self.skull_count

    @clause("kasteel.kanalen.schedels")
    @reads("kasteel.interp.skull-squares", "kasteel.interp.skull-zone")
    def chance_outcomes(self, state: State) -> tuple[tuple[PlaceSkull, Fraction], ...]:
        """The next skull lands uniformly on a free square of the zone (placing them one by one
        makes every set of distinct squares equally likely)."""
        if not self.is_chance(state):
            return ()
        found = self._chance.get(state.skulls)
        if found is None:
            found = self._chance.put(
                state.skulls,
                uniform(self._skull_actions[sq] for sq in self._zone if sq not in state.skulls),
            )
        return found

    def _info(self, state: State) -> tuple[tuple[Any, ...], frozenset[int], tuple[Move, ...]]:
        """(legal actions, winners, knight moves of the player to move), once per state: kept in
        the state's ``memo`` slot with this game (one assignment, so threads may share both)."""
        memo = state.memo
        if memo is not None and memo[0] is self:
            found: tuple[tuple[Any, ...], frozenset[int], tuple[Move, ...]] = memo[1]
            return found
        found = self._compute(state)
        set_memo(state, (self, found))
        return found

    @reads("kasteel.interp.turns")
    def _compute(self, state: State) -> tuple[tuple[Any, ...], frozenset[int], tuple[Move, ...]]:
        if len(state.skulls) < self.skull_count:
            return tuple(o for o, _ in self.chance_outcomes(state)), self._winner_sets[0], ()
        p = state.to_move
        moves = self.knight_moves(state, p)
        winners = self._winners(state, moves)
        if winners:
            return (), winners, moves
        if self._voluntary_pass:
            return (*moves, self._passes_of[p]), winners, moves
        return (moves or (self._passes_of[p],)), winners, moves

    @clause("kasteel.spel.schuiven", "kasteel.spel.muren-langs", "kasteel.spel.klimmen",
            "kasteel.spel.eigen-sleutel", "kasteel.spel.niet-springen", "kasteel.spel.slaan",
            "kasteel.kanalen.uitgeput", "kasteel.kanalen.schedels")
    @reads("kasteel.interp.pass-cost")
    def scan(self, groups: Iterable[Group], mine: int, theirs: int, costly: int, left: int
             ) -> list[Move]:
        """The legal moves along the lines of ``groups`` (see ``group``) of a knight of the player whose
        knights are the bitboard ``mine``, the opponent's ``theirs``, with ``costly`` the
        bitboard of the canal and skull squares and ``left`` the player's passes.

        Along each line the moves are the first ``k`` targets: ``k`` stops before the nearest
        knight (or takes it when it is an opponent's on a target) and before the first costly
        square the passes cannot pay for. (When no knight stands on any line of a group and the
        passes pay for all its costly squares, that is every target of every line.)"""
        budget = (_PLENTY if left else 0) if self._per_move else left
        occupied = mine | theirs
        out: list[Move] = []
        for any_square, any_cost, every, lines in groups:
            if not occupied & any_square and (
                not any_cost or (costly & any_cost).bit_count() <= budget
            ):
                # no knight on these lines and passes for all their costly squares
                out += every
                continue
            for decreasing, mask, runs, n, before, upto, may_cost in lines:
                k = n
                m = occupied & mask
                if m:
                    bit = 1 << (m.bit_length() - 1) if decreasing else m & -m
                    k = upto[bit] if bit & theirs else before[bit]
                if may_cost and (c := costly & may_cost) and c.bit_count() > budget:
                    for _ in range(budget):
                        c ^= 1 << (c.bit_length() - 1) if decreasing else c & -c
                    bit = 1 << (c.bit_length() - 1) if decreasing else c & -c
                    if before[bit] < k:
                        k = before[bit]
                if k:
                    out += runs[k]
        return out

    def knight_moves(self, state: State, player: int) -> tuple[Move, ...]:
        """Every legal knight move of ``player`` (as if he were to move), sorted by (from, to)."""
        bits = state.bits
        assert bits is not None and state.skull_bits is not None
        return tuple(self.scan(
            map(self._groups[player].__getitem__, sorted(state.knights[player])),
            bits[player], bits[1 - player], state.skull_bits | self._canal_bits,
            state.passes[player],
        ))

    def moves(self, state: State) -> tuple[Move, ...]:
        """Every legal knight move of the player to move, sorted by (from, to)."""
        if self.is_chance(state):
            return ()
        return self._info(state)[2]

    def stuck_player(self, state: State) -> bool:
        """The player to move has knights but no legal move (kasteel.interp.no-legal-move)."""
        return (
            not self.is_chance(state)
            and bool(state.knights[state.to_move])
            and not self._info(state)[2]
        )

    @clause("kasteel.einde.sleutel", "kasteel.einde.ridders", "kasteel.doel.sleutel",
            "kasteel.einde.geen-gelijkspel")
    @reads("kasteel.interp.no-legal-move")
    def _winners(self, state: State, moves: tuple[Move, ...]) -> frozenset[int]:
        """Who has won (``kernel.has_won`` for each player); ``moves`` are the knight moves of
        the player to move."""
        bits = state.bits
        assert bits is not None
        p = state.to_move
        q = 1 - p
        key = self._key_bits
        loses = 32 if self._stuck_loses else 0
        stuck = bool(bits[p]) and not moves
        # the player to move: his opponent is not to move, so not stuck either
        mover = HAS_WON[(bits[p] & key[q] != 0) | (bits[q] != 0) << 1 | loses | (bits[p] != 0) << 6]
        # the other player: whether he could move matters only in a deadlock under stuck="pass"
        self_stuck = stuck and not loses and bool(bits[q]) and not self.knight_moves(state, q)
        other = HAS_WON[
            (bits[q] & key[p] != 0) | (bits[p] != 0) << 1 | 4 | stuck << 3 | self_stuck << 4 | loses
            | (bits[q] != 0) << 6
        ]
        found = mover << p | other << q
        return self._winner_sets[found]

    def won(self, state: State, player: int) -> bool:
        """``player`` has won (see ``kernel.has_won``)."""
        return player in self.winners(state)

    def is_terminal(self, state: State) -> bool:
        return bool(self._info(state)[1])

    def winners(self, state: State) -> frozenset[int]:
        return self._info(state)[1]

    @clause("kasteel.einde.sleutel", "kasteel.einde.ridders", "kasteel.einde.geen-gelijkspel")
    @reads("kasteel.interp.no-legal-move")
    def termination(self, state: State) -> Termination:
        """Why the game ended: the loser has no knight left, or a knight of the winner stands
        on the loser's key square, or (``kasteel.interp.no-legal-move``) the loser could not
        move."""
        winner = min(self.winners(state))
        loser = 1 - winner
        if not state.knights[loser]:
            return KNIGHTS_LOST
        if self.board.keys[loser] in state.knights[winner]:
            return KEY_CONQUERED
        return STUCK

    def actors(self, state: State) -> frozenset[int]:
        if len(state.skulls) < self.skull_count or self._info(state)[1]:
            return frozenset()
        return self._actors[state.to_move]

    def legal_actions(self, state: State) -> tuple[Action, ...]:
        return self._info(state)[0]

    def legal_actions_of(self, state: State, player: int) -> tuple[Any, ...]:
        """One player acts at a time: the legal actions, whoever asks (as the base class)."""
        return self._info(state)[0]

    def _via_of(self, action: Move) -> tuple[Board, int, int] | None:
        """``Move.via`` of the move this board interned for ``action`` (for a move made by hand or
        for another board), None if it is not a move along a line of this board."""
        if self.board.line(action.frm, action.to) is None:
            return None
        via: tuple[Board, int, int] = self._moves[action.frm * self._size + action.to].via
        return via

    def path_cost(self, state: State, path: Sequence[int]) -> int:
        """Passes a move along ``path`` (the squares it enters) costs."""
        costs = [kernel.square_cost(self.board.kinds[sq] is Kind.CANAL, sq in state.skulls)
                 for sq in path]
        return int(kernel.move_cost(costs, self._per_move))

    def path(self, action: Move) -> tuple[int, ...]:
        """The squares a move enters, nearest first (empty if it is not along a line)."""
        where = self.board.line(action.frm, action.to)
        if where is None:
            return ()
        return self.board.rays[action.frm][where[0]][: where[1] + 1]

    # -- transitions -----------------------------------------------------------------------
    @clause("kasteel.spel.slaan", "kasteel.kanalen.passen", "kasteel.spel.geel-eerst",
            "kasteel.kanalen.schedels")
    @reads("kasteel.interp.capture", "kasteel.interp.pass-cost")
    def successor(self, state: State, action: Any) -> State:
        cls = action.__class__
        p = state.to_move
        bits = state.bits
        assert bits is not None and state.skull_bits is not None
        if cls is Move:
            q = 1 - p
            frm, to = action.frm, action.to
            f, t = 1 << frm, 1 << to
            mine, theirs = bits[p], bits[q]
            mine2, theirs2 = after_move(mine, theirs, f, t, self._mover_removed)
            skull_bits = state.skull_bits
            via = action.via
            if via is None or via[0] is not self.board:
                via = self._via_of(action)
            cost = self._cost[((skull_bits | self._canal_bits) & via[2]).bit_count()]
            knights, passes = state.knights, state.passes
            # the squares whose knights changed, as sets (usually just from and to, and to)
            moved = mine ^ mine2
            own = knights[p] ^ (
                frozenset((frm, to)) if moved == f | t else frozenset(squares_of(moved))
            )
            opp = knights[q]
            if theirs2 != theirs:  # the knights the kernel took (its capture: the one on ``to``)
                opp = opp ^ frozenset(squares_of(theirs ^ theirs2))
            if p == YELLOW:
                return make_state((own, opp), (passes[0] - cost, passes[1]), state.skulls, q,
                                  (mine2, theirs2), skull_bits, state.origin)
            return make_state((opp, own), (passes[0], passes[1] - cost), state.skulls, q,
                              (theirs2, mine2), skull_bits, state.origin)
        if cls is Pass:
            return make_state(state.knights, state.passes, state.skulls, 1 - p, bits,
                              state.skull_bits, state.origin)
        return make_state(state.knights, state.passes, state.skulls | {action.square}, p, bits,
                          state.skull_bits | 1 << action.square, state.origin)



class KasteelRules(KasteelMoves):
    """The rules of Het kasteel veroveren, second part: the legality predicate, by kind of
    action."""

    # -- legality --------------------------------------------------------------------------
    def rule_violation(self, state: State, action: Any) -> Violation | None:
        cls = action.__class__
        if len(state.skulls) < self.skull_count:
            return self._skull_violation(state, action)
        _, winners, moves = self._info(state)
        if winners:
            return self._end_violation(state)
        if cls is Move:
            p = state.to_move
            if action.player != p:
                return self._turn_violation(state, action.player)
            if action.frm not in state.knights[p]:
                return violation(
                    "kasteel.spel.schuiven",
                    f"{PLAYER_NAMES[p]} has no knight on {self._name(action.frm)}",
                )
            via = action.via
            if via is None or via[0] is not self.board:
                via = self._via_of(action)
            line = None if via is None else self._line_of[p][action.frm * 4 + via[1]]
            if line is not None:
                bits = state.bits
                assert bits is not None and state.skull_bits is not None
                to = action.to
                for m in self.scan((line,), bits[p], bits[1 - p],
                                   state.skull_bits | self._canal_bits, state.passes[p]):
                    if m.to == to:
                        return None
            return self._move_violation(state, action)
        if cls is Pass:
            return self._pass_violation(state, action, moves)
        return violation("kasteel.kanalen.schedels", "all skulls have been placed")

    def _name(self, square: Any) -> str:
        try:
            return self.board.name(square)
        except ValueError:
            return quote(square)

    def _turn_violation(self, state: State, player: int) -> Violation:
        who = PLAYER_NAMES[player] if player in (0, 1) else f"player {quote(player)}"
        return violation(
            "kasteel.spel.geel-eerst", f"it is {PLAYER_NAMES[state.to_move]}'s turn, not {who}'s"
        )

    @clause("kasteel.kanalen.schedels")
    def _skull_violation(self, state: State, action: Any) -> Violation | None:
        if action.__class__ is not PlaceSkull:
            return violation(
                "kasteel.kanalen.schedels", "the skulls are placed before the first move"
            )
        if action.square not in self._zone_set or action.square in state.skulls:
            return violation(
                "kasteel.kanalen.schedels",
                f"a skull cannot be placed on {self._name(action.square)}: not a free square of "
                "the skull zone (interpretation kasteel.interp.skull-zone)",
            )
        return None

    def _end_violation(self, state: State) -> Violation:
        for p in (YELLOW, RED):
            if self.board.keys[1 - p] in state.knights[p]:
                return violation(
                    "kasteel.einde.sleutel",
                    f"the game is over: {PLAYER_NAMES[p]} has conquered the opponent's key square "
                    f"{self.board.name(self.board.keys[1 - p])}",
                )
        for p in (YELLOW, RED):
            if not state.knights[p]:
                return violation(
                    "kasteel.einde.ridders",
                    f"the game is over: {PLAYER_NAMES[p]} has lost all knights",
                )
        return violation(
            "kasteel.einde.geen-gelijkspel",
            f"the game is over: {PLAYER_NAMES[state.to_move]} has knights but no legal move "
            "and loses (interpretation kasteel.interp.no-legal-move)",
        )

    @clause("kasteel.einde.geen-gelijkspel", "kasteel.spel.geel-eerst")
    @reads("kasteel.interp.turns")
    def _pass_violation(self, state: State, action: Pass, moves: tuple[Move, ...]
                        ) -> Violation | None:
        if action.player != state.to_move:
            return self._turn_violation(state, action.player)
        if moves and not self._voluntary_pass:
            return violation(
                "kasteel.spel.schuiven",
                "a player who can move must move a knight (interpretation kasteel.interp.turns)",
            )
        return None

    @clause("kasteel.spel.geel-eerst", "kasteel.spel.schuiven", "kasteel.spel.klimmen",
            "kasteel.spel.eigen-sleutel", "kasteel.spel.niet-springen", "kasteel.kanalen.uitgeput")
    @reads("kasteel.interp.own-key", "kasteel.interp.key-square")
    def _move_violation(self, state: State, action: Move) -> Violation:
        """Why the generator does not list ``action``: the first clause of ``kernel.move_legal``
        that the move breaks, in square names."""
        p, frm, to = action.player, action.frm, action.to
        b, reading = self.board, self.line_reading
        where = b.line(frm, to) if isinstance(to, int) else None
        if where is None:
            return violation(
                "kasteel.spel.schuiven",
                f"{self._name(frm)} to {self._name(to)} is not an orthogonal move of one or more "
                "squares",
            )
        path = b.rays[frm][where[0]][: where[1] + 1]
        walls = [b.kinds[sq] is Kind.WALL for sq in path]
        if not kernel.levels_ok(b.kinds[frm] is Kind.WALL, walls, reading):
            return violation(
                "kasteel.spel.klimmen",
                "a move between wall and ground is a single step (interpretation "
                "kasteel.interp.climb)",
            )
        key, enemy_key = b.keys[p], b.keys[1 - p]
        if key == to or (key in path and not reading.key_passable):
            return violation(
                "kasteel.spel.eigen-sleutel",
                f"{b.name(key)} is {PLAYER_NAMES[p]}'s own key square",
            )
        if reading.enemy_key_stops and enemy_key in path[:-1]:
            return violation(
                "kasteel.einde.sleutel",
                f"a knight that reaches {b.name(enemy_key)} conquers it there and goes no further "
                "(interpretation kasteel.interp.key-square)",
            )
        own, opp = state.knights[p], state.knights[1 - p]
        for sq in path[:-1]:
            if sq in own or sq in opp:
                return violation("kasteel.spel.niet-springen", f"a knight stands on {b.name(sq)}")
        if to in own:
            return violation("kasteel.spel.schuiven", f"{b.name(to)} holds an own knight")
        cost = self.path_cost(state, path)
        return violation(
            "kasteel.kanalen.uitgeput",
            f"the move costs {cost} {'pass' if cost == 1 else 'passes'} and {PLAYER_NAMES[p]} "
            f"has {state.passes[p]} left",
        )
