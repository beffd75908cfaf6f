"""Spookslot rules: the die, moves along the board with bounces and forks, the ball and its traps,
the secret passage, the Exit and the win — each tied to its clause."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from typing import Any, ClassVar, NamedTuple, TypeVar

import attrs

from castlerules.core.cache import BoundedCache
from castlerules.core.chance import from_weights
from castlerules.core.errors import InvalidOptionError, Violation, quote
from castlerules.core.game import Game, require
from castlerules.core.outcome import Termination
from castlerules.core.registry import clause, reads, violation
from castlerules.spookslot.config import SpookslotConfig
from castlerules.spookslot.ending import check_ending
from castlerules.spookslot.kernel import NO_MOVE, landing
from castlerules.spookslot.state import (
    EXIT,
    GHOST,
    LINE,
    START,
    TRAPS,
    Action,
    Ball,
    Move,
    Pass,
    Passage,
    Phase,
    Roll,
    State,
    make_state,
)

#: Bounds of the caches the games keep (entries): moves per pawn situation, kernel answers.
PAWN_CACHE = 1 << 14
LANDING_CACHE = 1 << 14

Moves = dict[Move, str]
T = TypeVar("T")


def _with(values: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    """``values`` with item ``i`` replaced."""
    return (*values[:i], value, *values[i + 1 :])


def _evolve(
    s: State,
    *,
    pawns: tuple[tuple[str, ...], ...] | None = None,
    turn: int | None = None,
    phase: Phase | None = None,
    roll: int | None = None,
    pending: tuple[tuple[int, int], ...] | None = None,
    first: tuple[int, ...] | None = None,
    released: tuple[bool, ...] | None = None,
    winner: int | None = None,
) -> State:
    """``s`` with the given fields changed (a fast ``attrs.evolve`` for the hot path)."""
    return make_state(
        s.pawns if pawns is None else pawns,
        s.turn if turn is None else turn,
        s.phase if phase is None else phase,
        s.roll if roll is None else roll,
        s.pending if pending is None else pending,
        s.first if first is None else first,
        s.released if released is None else released,
        s.winner if winner is None else winner,
    )


def place(
    pawns: tuple[tuple[str, ...], ...], player: int, pawn: int, square: str
) -> tuple[tuple[str, ...], ...]:
    """``pawns`` with pawn ``pawn`` of ``player`` on ``square``."""
    return _with(pawns, player, _with(pawns[player], pawn, square))


@attrs.frozen(slots=True)
class Outcome:
    """What one way forward gives a pawn: the move (None if the route is not one the move may take
    or the pawn cannot move along it), where it ends and whether the ball drops."""

    path: tuple[str, ...]
    choices: tuple[str, ...]
    offset: int
    move: Move | None
    dest: str
    drops: bool


class MoveSet(NamedTuple):
    """The legal moves of a MOVE state: each move's destination, the moves that drop the ball, and
    the legal actions in order (``Pass`` last when moving is optional). Never mutated."""

    dest: dict[Move, str]
    drops: frozenset[Move]
    actions: tuple[Any, ...]


_NO_MOVES = MoveSet({}, frozenset(), ())
#: ``tuple.__new__``: makes a MoveSet without the Python-level ``__new__`` of a NamedTuple.
_new_move_set = tuple.__new__
#: A pawn's moves by (game signature, square, roll, occupancy within reach): (route, end, drops).
_PAWN_CACHE: BoundedCache[
    tuple[Any, str, int, int], tuple[tuple[tuple[str, ...], str, bool], ...]
] = BoundedCache(PAWN_CACHE)
#: A pawn's moves with their ends and the moves that drop the ball, by (game signature, player,
#: pawn, square, roll, occupancy within reach).
_MINE_CACHE: BoundedCache[
    tuple[Any, int, int, str, int, int], tuple[tuple[tuple[Move, str], ...], frozenset[Move]]
] = BoundedCache(PAWN_CACHE)
#: The kernel's answers by its arguments (a pure function: shared by every game).
_LANDING_CACHE: BoundedCache[tuple[int, int, tuple[bool, ...], bool, bool], int] = BoundedCache(
    LANDING_CACHE
)


#: How a game of Spookslot ends, with 2-4 players and with 5 or 6.
BOTH_PAWNS_OUT = Termination(
    "pawns-out", "spookslot.doel.winnen-twee-pionnen", "a player's two pawns are out of the castle"
)
PAWN_OUT = Termination(
    "pawns-out", "spookslot.doel.winnen-een-pion", "a player's one pawn is out of the castle"
)


class SpookslotMoves(Game[State, Action]):
    """The rules of Spookslot, first part: the options and readings they read, the start, where
    pawns stand and the move generator (with why a pawn cannot make a move, which the check of
    the die asks too). ``SpookslotTurns`` adds the end and the successor, ``SpookslotRules`` the
    legality predicate; the game is ``castlerules.spookslot.game.Spookslot``."""

    state_type: ClassVar[type] = State
    action_types: ClassVar[tuple[type, ...]] = (Roll, Ball, Move, Passage, Pass)

    config: SpookslotConfig
    config_type: ClassVar[type[SpookslotConfig]] = SpookslotConfig

    @reads("spookslot.interp.route-choice", "spookslot.interp.bounce-at-fork",
           "spookslot.interp.bounce-colour", "spookslot.interp.exit-exact",
           "spookslot.interp.bounce-past-exit", "spookslot.interp.forced-move",
           "spookslot.interp.shared-squares", "spookslot.interp.secret-passage",
           "spookslot.interp.ghost-reroll", "spookslot.interp.four-player-second-pawn",
           "spookslot.interp.start-line", "spookslot.interp.ball-once")
    @clause("spookslot.intro.spelers", "spookslot.pionnen.aantal", "spookslot.beurt.dobbelen",
            "spookslot.kogel.valstrik")
    def _configure(self, config: SpookslotConfig) -> None:
        """The options and readings as plain attributes (hot paths never look strings up)."""
        self.board = config.map
        n = self._n = config.players
        self._first = config.first_player
        self._per_player = 2 if n <= 4 else 1
        self._four = n == 4
        self.no_yellow = config.no_yellow
        faces, weights = config.faces, config.weights
        counts = Counter(faces)
        self.die: tuple[tuple[Roll, Fraction], ...] = tuple(
            (Roll(f), Fraction(c, 6)) for f, c in sorted(counts.items(), key=lambda x: (x[0] == 0, x[0]))
        )
        self._faces = frozenset(counts)
        self._die_actions = tuple(r for r, _ in self.die)
        self.ball: tuple[tuple[Ball, Fraction], ...] = from_weights(
            (Ball(t), weights[t]) for t in TRAPS
        )
        self._traps = frozenset(b.trap for b, _ in self.ball)
        self._ball_actions = tuple(b for b, _ in self.ball)
        self.window = max(f for f in faces) + n * self._per_player
        # route-choice = bounce-safe sends every bounce along the safe route (the configuration
        # refuses it with bounce-at-fork = short)
        r = config.readings
        self._bounce_route = "safe" if r["route-choice"] == "bounce-safe" else "choose"
        self._bounce_fork = "safe" if self._bounce_route == "safe" else r["bounce-at-fork"]
        self._count_square = r["bounce-colour"] == "count-square"
        self._count_back = r["exit-exact"] == "count-back"
        self._share_blocked = r["bounce-past-exit"] == "share"
        self._forced = r["forced-move"]
        self._share_always = r["shared-squares"] == "always"
        self._auto_passage = r["secret-passage"] == "always"
        self._reroll_until = r["ghost-reroll"] == "until-number"
        self._sticky_release = r["four-player-second-pawn"] == "once-reached"
        self._line = r["start-line"] == "line-square"
        self._mover_only = r["ball-once"] == "mover-only"

    def _check_ending(self) -> None:
        """Refuse options under which a game can go on for ever (``castlerules.spookslot.ending``:
        a pawn could come to a place from which it never reaches the Exit)."""
        check_ending(self)

    @clause("spookslot.beurt.dobbelen", "spookslot.getal.zetten", "spookslot.pionnen.start")
    def _check_die(self) -> None:
        """Refuse a die with which no pawn can ever move onto the board (interpretation
        spookslot.interp.die-faces), decided with the game's own moves.

        Every pawn starts behind the start line (or, under start-line = line-square, may move onto
        the line): places where pawns never block one another and never stand in danger. While
        every pawn is there the board is empty, and nothing changes but such moves — a number no
        pawn can move ends the turn, a ghost drops the ball only on a pawn in danger. So if no
        number of the die moves a pawn from those places onto a square of the board (or the
        Exit) with the board empty, no pawn ever will: after at most one move per pawn no move is
        possible and the game rolls for ever. If one does, it happens in some game. The answer
        depends on the board, ``no_yellow`` (the first squares may be yellow), the Exit rule and
        the start line."""
        start = self.initial_state()
        p, four = start.turn, self._four
        numbers = sorted(self._faces - {GHOST})
        behind = {START: "behind the start line", LINE: "the start line"}
        seen, todo, reasons = [START], [START], []
        while todo:
            pos = todo.pop()
            pawns = place(start.pawns, p, 0, pos)
            first = _with(start.first, p, 0) if four and pos != START else start.first
            for face in numbers:
                moving = make_state(pawns, p, Phase.MOVE, face, (), first, start.released, -1)
                ends = {to for move, to in self.move_set(moving).dest.items() if move.pawn == 0}
                if ends - set(behind):
                    return
                if LINE in ends:
                    if LINE not in seen:
                        seen.append(LINE)
                        todo.append(LINE)
                    continue
                found = self._explain_move(moving, 0, pos, ())
                reasons.append(f"from {behind[pos]}, a {face}: {found.reason if found else 'no move'}")
        why = "; ".join(reasons) if reasons else "it has no number"
        raise InvalidOptionError(
            f"die_faces: with this die no pawn can ever move onto the board ({why})"
        )

    def _tables(self) -> None:
        """Lookups computed once from the board and the options, the move caches, and the checks
        of the options that need the moves (the die, the ending)."""
        b = self.board
        self._bit = b.bit
        shareable = b.mask(b.blue) | (b.bit[b.green_star] if b.green_star else 0)
        self._blocking = ~shareable if self._share_always else -1
        self._actors = tuple(frozenset((p,)) for p in range(self._n))
        self._places = frozenset({START, EXIT, *b.ids} | ({LINE} if self._line else set()))
        self._distance = b.distance_to_exit(self._line) if self._forced == "lead-pawn" else {}
        self._branch = {(f, kind): b.branch(f, kind) for f in b.forks for kind in ("safe", "short")}
        self._fallback_of = {
            t: {q: b.fallback[q] for q in b.zone[t]} for t in TRAPS
        }
        self._passes = tuple(Pass(p) for p in range(self._n))
        #: The bits of the squares a move from a square can touch (filled as squares are met).
        self._reach: dict[str, int] = {}
        #: What decides a pawn's moves besides its square, the roll and the occupancy: the game's
        #: class and configuration. Games with the same signature share the entries of the
        #: module's pawn caches.
        self._signature = (type(self), self.config)
        self._pawn_cache = _PAWN_CACHE
        #: The Move objects of each pawn by route, interned (at most the action universe).
        self._named: tuple[tuple[dict[tuple[str, ...], Move], ...], ...] = tuple(
            tuple({} for _ in range(self._per_player)) for _ in range(self._n)
        )
        #: A pawn's moves by (signature, player, pawn, square, roll, occupancy within reach),
        #: shared by the games of one signature.
        self._mine = _MINE_CACHE
        self._check_die()
        self._check_ending()

    @property
    def pawns_per_player(self) -> int:
        return self._per_player

    # -- states ----------------------------------------------------------------------------
    @clause("spookslot.pionnen.aantal", "spookslot.pionnen.beginner",
            "spookslot.getal.twee-drie-spelers")
    def initial_state(self) -> State:
        return State(
            pawns=((START,) * self._per_player,) * self._n,
            turn=self._first,
            first=(-1,) * self._n if self._four else (),
            released=(False,) * self._n if self._four else (),
        )

    def legal_actions(self, state: State) -> tuple[Action, ...]:
        phase = state.phase
        if phase is Phase.ROLL or phase is Phase.REROLL:
            return self._die_actions
        if phase is Phase.MOVE:
            return self.move_set(state).actions
        if phase is Phase.BALL:
            return self._ball_actions
        if phase is Phase.PASSAGE:
            return tuple(Passage(p, k, t) for p, k in state.pending for t in (True, False))
        return ()

    # -- where pawns stand ---------------------------------------------------------------------
    def occupied(self, state: State) -> frozenset[str]:
        """The squares with at least one pawn on them."""
        return frozenset(q for ps in state.pawns for q in ps if self._bit.get(q, 0))

    @clause("spookslot.eindigen.gevaar", "spookslot.spook.kogel")
    def anyone_in_danger(self, state: State) -> bool:
        """Some pawn (of any player) stands on a red square or a stair step."""
        danger = self.board.danger
        for ps in state.pawns:
            for q in ps:
                if q in danger:
                    return True
        return False

    @clause("spookslot.getal.vier-spelers", "spookslot.getal.twee-drie-spelers")
    @reads("spookslot.interp.four-player-second-pawn")
    def locked(self, state: State, player: int, pawn: int) -> bool:
        """With 4 players, the second pawn waits until the first has reached the laboratory floor
        (interpretation spookslot.interp.four-player-second-pawn: once for good, or — option
        ``while-there`` — only while the first pawn stands there or has escaped)."""
        if not self._four:
            return False
        first = state.first[player]
        if first == -1 or pawn == first:
            return False
        if self._sticky_release:
            return not state.released[player]
        lead = state.pawns[player][first]
        return not (lead in self.board.lower or lead == EXIT)

    # -- moves -----------------------------------------------------------------------------
    def moves(self, state: State) -> dict[Move, str]:
        """Every legal move in a MOVE state, with the square it ends on (``"exit"``: escaped)."""
        return dict(self.move_set(state).dest)

    @clause("spookslot.getal.zetten", "spookslot.getal.niet-verdelen", "spookslot.routes.kiezen",
            "spookslot.exit.moet-verplaatsen", "spookslot.optioneel.geel",
            "spookslot.optioneel.geel-blijft-staan")
    @reads("spookslot.interp.forced-move")
    def move_set(self, state: State) -> MoveSet:
        """The legal moves of a MOVE state (empty in other phases), memoised in the state.

        One pawn moves the whole roll; at a fork the move names its route; a pawn that cannot
        move (past the Exit, a bounce that would reach it, or — with the optional rule — an end
        on yellow) stays, and the player must move another pawn that can (interpretation
        spookslot.interp.forced-move: any pawn that can; ``lead-pawn``: the one nearest the Exit
        if it can; ``optional``: the player may also pass).
        """
        memo = state.memo
        if memo is not None and memo[0] is self:
            found: MoveSet = memo[1]
            return found
        found = self._compute_move_set(state)
        object.__setattr__(state, "memo", (self, found))
        return found

    def _compute_move_set(self, state: State) -> MoveSet:
        if state.phase is not Phase.MOVE:
            return _NO_MOVES
        p, roll, bit = state.turn, state.roll, self._bit
        occ = 0
        for ps in state.pawns:
            for q in ps:
                occ |= bit[q]
        per_pawn = []
        reach = self._reach
        four = self._four
        mine = self._mine
        for k, pos in enumerate(state.pawns[p]):
            if pos == EXIT or (four and self.locked(state, p, k)):
                continue
            within = reach.get(pos)
            if within is None:
                within = reach.setdefault(pos, self.board.reach(pos, self.window))
            key = (self._signature, p, k, pos, roll, occ & within)
            found = mine.get(key)
            if found is None:
                found = mine.put(key, self._pawn_moves(p, k, pos, roll, occ & within))
            if found[0]:
                per_pawn.append((pos, found))
        if not per_pawn:
            return _NO_MOVES
        if len(per_pawn) == 2 and self._forced == "lead-pawn":
            d0, d1 = (self._distance[pos] for pos, _ in per_pawn)
            if d0 != d1:
                per_pawn = [per_pawn[0] if d0 < d1 else per_pawn[1]]
        pairs, drops = per_pawn[0][1]
        dest = dict(pairs)
        if len(per_pawn) == 2:
            pairs, more = per_pawn[1][1]
            dest.update(pairs)
            drops = drops | more
        actions: tuple[Any, ...] = tuple(dest)
        if self._forced == "optional":
            actions = (*actions, self._passes[p])
        return _new_move_set(MoveSet, (dest, drops, actions))

    def _pawn_moves(
        self, p: int, k: int, pos: str, roll: int, occ: int
    ) -> tuple[tuple[tuple[Move, str], ...], frozenset[Move]]:
        """The moves of pawn ``k`` of player ``p`` on ``pos`` (with their ends), and those that drop
        the ball, from the shared per-square cache."""
        key = (self._signature, pos, roll, occ)
        outs = self._pawn_cache.get(key)
        if outs is None:
            outs = self._pawn_cache.put(key, self._pawn_outcomes(pos, roll, occ))
        named = self._named[p][k]
        pairs = tuple((named.get(via) or named.setdefault(via, Move(p, k, via)), to)
                      for via, to, _ in outs)
        drops = frozenset(m for (m, _), (_, _, drop) in zip(pairs, outs) if drop)
        return pairs, drops

    def _pawn_outcomes(self, pos: str, roll: int, occ: int) -> tuple[tuple[tuple[str, ...], str, bool], ...]:
        """The distinct legal moves of a pawn on ``pos``: (route named, destination, ball drops)."""
        out: dict[tuple[str, ...], tuple[tuple[str, ...], str, bool]] = {}
        for o in self.outcomes(0, 0, pos, roll, occ):
            if o.move is not None and o.move.via not in out:
                out[o.move.via] = (o.move.via, o.dest, o.drops)
        return tuple(out.values())

    def _ways(self, pos: str) -> tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]:
        """The paths forward from ``pos`` (behind the start, with the start line a square of its
        own under spookslot.interp.start-line = line-square, the first step is onto the line)."""
        if pos == START and self._line:
            return tuple(((LINE, *path), ("", *choices))
                         for path, choices in self.board.paths(LINE, self.window - 1))
        return self.board.paths(pos, self.window)

    @clause("spookslot.getal.zetten", "spookslot.eindigen.bezet", "spookslot.routes.kiezen",
            "spookslot.eindigen.veilig", "spookslot.eindigen.gevaar")
    @reads("spookslot.interp.route-choice", "spookslot.interp.bounce-at-fork",
           "spookslot.interp.bounce-colour", "spookslot.interp.no-yellow",
           "spookslot.interp.start-line")
    def outcomes(self, p: int, k: int, pos: str, roll: int, occ: int) -> Iterator[Outcome]:
        """For every way forward from ``pos``: where the kernel ends a move of ``roll`` with the
        squares of ``occ`` taken, the route the move names, and whether the ball drops.

        At a fork the count passes, the move names its route. A bounce that passes a fork takes the
        route the readings give: the player's choice (named in the move), the safe or the short
        route (not named). With the optional rule an end on yellow is no move."""
        board = self.board
        for path, choices in self._ways(pos):
            off = self._land(path, roll, occ)
            if off == NO_MOVE:
                yield Outcome(path, choices, off, None, pos, False)
                continue
            dest = path[off - 1]
            if off < roll:  # counted back from the Exit: every fork up to it is named
                named = [c for c in choices if c]
                count_at = path[2 * (len(path)) - roll - 1]
            else:
                named = [c for c in choices[:roll] if c]
                count_at = path[roll - 1]
                ok = True
                last, shared = off, False
                if off == roll and self._share_blocked and self._bit[count_at] & occ:
                    last, shared = len(path), True  # the bounce along this route met the Exit
                for i in range(roll + 1, last + 1):
                    c = choices[i - 1]
                    if not c:
                        continue
                    rule = self._bounce_fork if i == roll + 1 else self._bounce_route
                    if rule == "choose":
                        if not shared:
                            named.append(c)
                    elif c != self._branch[(path[i - 2], rule)]:
                        ok = False
                if not ok:
                    yield Outcome(path, choices, off, None, dest, False)
                    continue
            if self.no_yellow and dest in board.yellow:
                yield Outcome(path, choices, off, None, dest, False)
                continue
            trigger = count_at if self._count_square else dest
            yield Outcome(path, choices, off, Move(p, k, tuple(named)), dest,
                          trigger in board.danger)

    @reads("spookslot.interp.shared-squares", "spookslot.interp.exit-exact",
           "spookslot.interp.bounce-past-exit")
    def _land(self, path: tuple[str, ...], roll: int, occ: int) -> int:
        """The kernel ``landing`` on ``path`` (squares a trap or the passage may share do not
        block under spookslot.interp.shared-squares = always)."""
        w = self.window
        bit = self._bit
        taken = occ & self._blocking
        to_exit = len(path) if path[-1] == EXIT else w + 1
        flags = tuple(bit[q] & taken != 0 for q in path) + (True,) * (w - len(path))
        key = (roll, to_exit, flags, self._count_back, self._share_blocked)
        found = _LANDING_CACHE.get(key)
        if found is None:
            found = _LANDING_CACHE.put(key, int(landing(*key)))
        return found

    @clause("spookslot.exit.precies", "spookslot.exit.niet-springen", "spookslot.exit.blijft-staan",
            "spookslot.optioneel.geel-blijft-staan")
    def _explain_move(
        self, state: State, pawn: int, pos: str, via: tuple[str, ...]
    ) -> Violation | None:
        """Why a move of this pawn along ``via`` is not legal (None: the move itself is fine but
        another rule, the lead-pawn reading, forbids it)."""
        bit = self._bit
        occ = 0
        for ps in state.pawns:
            for q in ps:
                occ |= bit[q]
        roll = state.roll
        fitting = [
            o for o in self.outcomes(state.turn, pawn, pos, roll, occ)
            if list(via) == [c for c in o.choices if c][: len(via)]
        ]
        if not fitting:
            forks = ", ".join(
                f"at {f}: {' or '.join(self.board.next[f])}" for f in self.board.forks
            )
            return violation(
                "spookslot.routes.kiezen",
                f"via {','.join(via)} is not a route this pawn can take ({forks})",
            )
        if any(o.move is not None and o.move.via == via for o in fitting):
            return None
        yellow = [o for o in fitting if o.offset != NO_MOVE and o.dest in self.board.yellow]
        if self.no_yellow and yellow:
            return violation(
                "spookslot.optioneel.geel-blijft-staan",
                f"with the optional rule no move may end on a yellow square ({yellow[0].dest})",
            )
        movable = [o for o in fitting if o.move is not None]
        if not movable:
            path = fitting[0].path
            to_exit = len(path) if path[-1] == EXIT else 0
            if to_exit and roll > to_exit:
                return violation(
                    "spookslot.exit.precies",
                    f"the Exit is {_squares(to_exit)} away: only exactly {to_exit} reaches it",
                )
            if any(o.offset != NO_MOVE for o in fitting):
                return violation(
                    "spookslot.routes.kiezen",
                    "the bounce takes the route the readings give (interpretations "
                    "spookslot.interp.route-choice, spookslot.interp.bounce-at-fork)",
                )
            return violation(
                "spookslot.exit.niet-springen",
                "every square up to the Exit is taken: the bounce may not reach the Exit, "
                "so the pawn stays (interpretation spookslot.interp.bounce-past-exit)",
            )
        used = movable[0].move
        assert used is not None
        if len(via) < len(used.via):
            return violation(
                "spookslot.routes.kiezen",
                f"the move passes a fork: name the route (for example via {','.join(used.via)})",
            )
        return violation(
            "spookslot.routes.kiezen", "the route names a fork that the move does not pass"
        )



class SpookslotTurns(SpookslotMoves):
    """The rules of Spookslot, second part: the end, the chance events, who acts and the
    successor (rolls, moves, the ball, the secret passage, the next turn)."""

    def is_terminal(self, state: State) -> bool:
        return state.phase is Phase.OVER

    @clause("spookslot.doel.winnen-twee-pionnen", "spookslot.doel.winnen-een-pion",
            "spookslot.einde.twee-vier", "spookslot.einde.vijf-zes")
    def winners(self, state: State) -> frozenset[int]:
        return self._actors[state.winner] if state.phase is Phase.OVER else frozenset()

    @clause("spookslot.doel.winnen-twee-pionnen", "spookslot.doel.winnen-een-pion")
    def termination(self, state: State) -> Termination:
        """Why the game ended: a player's pawns have all left the castle (two each with 2-4
        players, one with 5 or 6)."""
        return BOTH_PAWNS_OUT if self._per_player == 2 else PAWN_OUT

    def is_chance(self, state: State) -> bool:
        phase = state.phase
        return phase is Phase.ROLL or phase is Phase.BALL or phase is Phase.REROLL

    def chance_outcomes(self, state: State) -> tuple[tuple[Action, Fraction], ...]:
        phase = state.phase
        if phase is Phase.ROLL or phase is Phase.REROLL:
            return self.die
        if phase is Phase.BALL:
            return self.ball
        return ()

    @clause("spookslot.geheim.sterveld")
    def actors(self, state: State) -> frozenset[int]:
        if state.phase is Phase.MOVE:
            return self._actors[state.turn]
        if state.phase is Phase.PASSAGE:
            return frozenset(p for p, _ in state.pending)
        return frozenset()

    # -- transitions -----------------------------------------------------------------------
    def successor(self, state: State, action: Any) -> State:
        cls = action.__class__
        if cls is Roll:
            return self._after_roll(state, action.face)
        if cls is Move:
            return self._after_move(state, action)
        if cls is Ball:
            return self._after_ball(state, action.trap)
        if cls is Passage:
            return self._after_passage(state, action)
        return self.next_turn(state)

    @clause("spookslot.pionnen.beginner")
    def next_turn(self, state: State) -> State:
        """The turn passes clockwise (to the next player number)."""
        turn = state.turn + 1
        return make_state(state.pawns, 0 if turn == self._n else turn, Phase.ROLL, 0, (),
                          state.first, state.released, -1)

    @clause("spookslot.beurt.dobbelen", "spookslot.spook.kogel", "spookslot.spook.nog-een-keer",
            "spookslot.exit.blijft-staan")
    @reads("spookslot.interp.ghost-reroll")
    def _after_roll(self, state: State, face: int) -> State:
        """A number: the player moves (or, if no pawn can, stays and the turn ends). The ghost:
        drop the ball if anyone is in danger; else roll once more, and a second ghost ends the
        turn (interpretation spookslot.interp.ghost-reroll; ``until-number``: roll again)."""
        if face == GHOST:
            if self.anyone_in_danger(state):
                return _evolve(state, phase=Phase.BALL)
            if state.phase is Phase.ROLL:
                return _evolve(state, phase=Phase.REROLL)
            if self._reroll_until:
                return state
            return self.next_turn(state)
        moving = make_state(state.pawns, state.turn, Phase.MOVE, face, (), state.first,
                            state.released, -1)
        if not self.move_set(moving).actions:
            return self.next_turn(state)
        return moving

    @clause("spookslot.getal.zetten", "spookslot.getal.niet-verdelen", "spookslot.eindigen.veilig",
            "spookslot.eindigen.gevaar", "spookslot.exit.ontsnapt", "spookslot.eindigen.bezet")
    def _after_move(self, state: State, move: Move) -> State:
        """The pawn moves; the Exit takes it off the board (and may win the game); a danger square
        drops the ball as part of the turn; a safe square ends the turn."""
        found = self.move_set(state)
        dest = found.dest[move]
        p, k = move.player, move.pawn
        pawns = place(state.pawns, p, k, dest)
        first, released = state.first, state.released
        if self._four:
            first, released = self._track_first(pawns, first, released, p, k)
        if dest == EXIT:
            if self.escaped(pawns, p):
                return make_state(pawns, state.turn, Phase.OVER, 0, (), first, released, p)
        elif move in found.drops:
            return make_state(pawns, state.turn, Phase.BALL, 0, (), first, released, -1)
        turn = state.turn + 1
        return make_state(pawns, 0 if turn == self._n else turn, Phase.ROLL, 0, (), first, released,
                          -1)

    @clause("spookslot.getal.vier-spelers")
    def _track_first(
        self,
        pawns: tuple[tuple[str, ...], ...],
        first: tuple[int, ...],
        released: tuple[bool, ...],
        p: int,
        k: int,
    ) -> tuple[tuple[int, ...], tuple[bool, ...]]:
        """With 4 players: the pawn a player moves first, and whether the second is released (the
        first stands on the laboratory floor or has escaped)."""
        if first[p] == -1:
            first = _with(first, p, k)
        lead = pawns[p][first[p]]
        if not released[p] and (lead in self.board.lower or lead == EXIT):
            released = _with(released, p, True)
        return first, released

    def escaped(self, pawns: tuple[tuple[str, ...], ...], player: int) -> bool:
        """Every pawn of ``player`` has escaped."""
        return all(q == EXIT for q in pawns[player])

    @clause("spookslot.doel.winnen-twee-pionnen", "spookslot.doel.winnen-een-pion",
            "spookslot.einde.twee-vier", "spookslot.einde.vijf-zes", "spookslot.doel.race")
    def has_won(self, state: State, player: int) -> bool:
        """2-4 players: both pawns escaped; 5-6 players: the one pawn escaped."""
        return self.escaped(state.pawns, player)

    @clause("spookslot.kogel.valstrik", "spookslot.valstrik.trap", "spookslot.valstrik.boekenkast",
            "spookslot.valstrik.portret", "spookslot.valstrik.bijl", "spookslot.geschrokken.terug",
            "spookslot.geschrokken.blauw-meerdere", "spookslot.geheim.sterveld")
    @reads("spookslot.interp.ball-once", "spookslot.interp.secret-passage")
    def _after_ball(self, state: State, trap: str) -> State:
        """The fired trap sends every pawn in its danger zone back to its fallback blue square
        (they may share it). The portrait also opens the secret passage for pawns on the red
        star squares: their owners decide next (``secret-passage = always``: they all go;
        ``ball-once = mover-only``: only the pawns of the player whose turn it is are affected)."""
        back = self._fallback_of[trap]
        pawns = state.pawns
        if back:
            if self._mover_only:
                t = state.turn
                pawns = _with(pawns, t, tuple(back.get(q, q) for q in pawns[t]))
            else:
                scared = []
                for ps in pawns:
                    for q in ps:
                        if q in back:
                            ps = tuple(back.get(q, q) for q in ps)
                            break
                    scared.append(ps)
                pawns = tuple(scared)
        if trap != "portrait":
            turn = state.turn + 1
            return make_state(pawns, 0 if turn == self._n else turn, Phase.ROLL, 0, (),
                              state.first, state.released, -1)
        # the portrait: the pawns on the red star squares may take the secret passage
        state = make_state(pawns, state.turn, Phase.BALL, 0, (), state.first, state.released, -1)
        stars = self.board.red_stars
        pending = tuple(
            (p, k) for p, ps in enumerate(pawns) for k, q in enumerate(ps)
            if q in stars and (not self._mover_only or p == state.turn)
        )
        if pending and self._auto_passage:
            for p, k in pending:
                state = self._through_passage(state, p, k)
        elif pending:
            return _evolve(state, phase=Phase.PASSAGE, pending=pending)
        return self.next_turn(state)

    def _through_passage(self, state: State, p: int, k: int) -> State:
        assert self.board.green_star is not None
        pawns = place(state.pawns, p, k, self.board.green_star)
        first, released = state.first, state.released
        if self._four:
            first, released = self._track_first(pawns, first, released, p, k)
        return _evolve(state, pawns=pawns, first=first, released=released)

    @clause("spookslot.geheim.sterveld", "spookslot.geheim.groen-meerdere")
    def _after_passage(self, state: State, action: Passage) -> State:
        """A pawn taking the passage moves to the green star square (it may share it)."""
        p, k = action.player, action.pawn
        if action.take:
            state = self._through_passage(state, p, k)
        pending = tuple(x for x in state.pending if x != (p, k))
        if pending:
            return _evolve(state, pending=pending)
        return self.next_turn(state)



class SpookslotRules(SpookslotTurns):
    """The rules of Spookslot, third part: the legality predicate, by kind of action, and the
    check of a state."""

    # -- legality --------------------------------------------------------------------------
    def rule_violation(self, state: State, action: Any) -> Violation | None:
        cls, phase = action.__class__, state.phase
        if cls is Roll:  # the common legal cases first (the same tests as the checks below)
            if (phase is Phase.ROLL or phase is Phase.REROLL) and action.face in self._faces:
                return None
        elif cls is Move:
            if phase is Phase.MOVE and action in self.move_set(state).dest:
                return None
        elif cls is Ball and phase is Phase.BALL and action.trap in self._traps:
            return None
        return self._violation(state, action)

    def _violation(self, state: State, action: Any) -> Violation | None:
        """Why ``action`` is refused in ``state``. Asked only by ``rule_violation``, after its
        fast path found the action not legal: a roll, a move or a ball that reaches the
        explanation is not legal, so the explanations below do not test that again."""
        if state.phase is Phase.OVER:
            cid = "spookslot.einde.twee-vier" if self._n <= 4 else "spookslot.einde.vijf-zes"
            return violation(cid, "the game is over")
        cls = action.__class__
        if cls is Move:
            return self._move_violation(state, action)
        if cls is Roll:
            return self._roll_violation(state, action)
        if cls is Ball:
            return self._ball_violation(state, action)
        if cls is Passage:
            return self._passage_violation(state, action)
        return self._pass_violation(state, action)

    @clause("spookslot.beurt.dobbelen")
    def _roll_violation(self, state: State, action: Roll) -> Violation:
        """Why a roll that is not legal is refused (``_violation``): the die is not rolled now,
        else (a roll at its moment that ``rule_violation`` did not accept) a face the die does
        not have."""
        if state.phase is not Phase.ROLL and state.phase is not Phase.REROLL:
            return violation("spookslot.beurt.dobbelen", "the die is not rolled now")
        return violation(
            "spookslot.beurt.dobbelen",
            f"the die has no face {action.face} (interpretation spookslot.interp.die-faces)",
        )

    @clause("spookslot.kogel.valstrik")
    def _ball_violation(self, state: State, action: Ball) -> Violation:
        """Why a ball that is not legal is refused (``_violation``): the ball is not dropped now,
        else (a ball at its moment that ``rule_violation`` did not accept) a trap it cannot
        reach."""
        if state.phase is not Phase.BALL:
            return violation("spookslot.kogel.valstrik", "the ball is not dropped now")
        return violation(
            "spookslot.kogel.valstrik",
            f"the ball cannot reach {quote(action.trap)} "
            "(interpretation spookslot.interp.trap-weights)",
        )

    def _pawn_violation(self, state: State, player: int, pawn: int) -> Violation | None:
        if not 0 <= player < self._n:
            return violation("spookslot.intro.spelers",
                             f"there is no player {player} in a {self._n}-player game")
        if not 0 <= pawn < self._per_player:
            return violation("spookslot.pionnen.aantal",
                             "with 5 or 6 players each player has 1 pawn (a); there is no pawn b")
        return None

    @clause("spookslot.beurt.dobbelen", "spookslot.pionnen.beginner")
    def _mover_violation(self, state: State, player: int, pawn: int) -> Violation | None:
        """What a move and a pass are refused for first: a player or pawn not in the game, the
        die still to decide, another player's turn."""
        bad = self._pawn_violation(state, player, pawn)
        if bad is not None:
            return bad
        if state.phase is not Phase.MOVE:
            return violation("spookslot.beurt.dobbelen", "no move now: the die decides first")
        if player != state.turn:
            return violation(
                "spookslot.pionnen.beginner", f"it is player {state.turn}'s turn, not player {player}'s"
            )
        return None

    @clause("spookslot.getal.zetten", "spookslot.pionnen.beginner", "spookslot.exit.ontsnapt",
            "spookslot.getal.vier-spelers", "spookslot.routes.kiezen")
    def _move_violation(self, state: State, action: Move) -> Violation:
        """Why a move that is not legal is refused (``_violation``: not in the move set)."""
        bad = self._mover_violation(state, action.player, action.pawn)
        if bad is not None:
            return bad
        pos = state.pawns[action.player][action.pawn]
        if pos == EXIT:
            return violation("spookslot.exit.ontsnapt", "that pawn has escaped: it left the board")
        if self.locked(state, action.player, action.pawn):
            return violation(
                "spookslot.getal.vier-spelers",
                "with 4 players the second pawn waits until the first stands on the laboratory floor",
            )
        found = self._explain_move(state, action.pawn, pos, action.via)
        if found is not None:
            return found
        return violation(
            "spookslot.exit.moet-verplaatsen",
            "the pawn nearest the Exit can move, so it must (interpretation "
            "spookslot.interp.forced-move = lead-pawn)",
        )

    @clause("spookslot.geheim.sterveld")
    def _passage_violation(self, state: State, action: Passage) -> Violation | None:
        bad = self._pawn_violation(state, action.player, action.pawn)
        if bad is not None:
            return bad
        if state.phase is not Phase.PASSAGE:
            return violation("spookslot.geheim.sterveld", "the secret passage is not open now")
        if (action.player, action.pawn) not in state.pending:
            return violation(
                "spookslot.geheim.sterveld",
                "only a pawn on a red star square when the portrait fired may take the passage "
                "(and decides once)",
            )
        return None

    @clause("spookslot.getal.zetten", "spookslot.exit.moet-verplaatsen")
    @reads("spookslot.interp.forced-move")
    def _pass_violation(self, state: State, action: Pass) -> Violation | None:
        if action in self.move_set(state).actions:
            return None
        # as for a move: whose pass it is and when come first, then the rule about passing
        bad = self._mover_violation(state, action.player, 0)
        if bad is not None:
            return bad
        return violation(
            "spookslot.exit.moet-verplaatsen",
            "after a number a pawn that can move must move: passing is not allowed "
            "(interpretation spookslot.interp.forced-move)",
        )

    @clause("spookslot.geschrokken.blauw-meerdere", "spookslot.geheim.groen-meerdere")
    @reads("spookslot.interp.bounce-past-exit", "spookslot.interp.start-line")
    def validate_state(self, state: State) -> None:
        n, per = self._n, self._per_player
        require(len(state.pawns) == n, f"state.pawns: expected {n} players")
        for p, ps in enumerate(state.pawns):
            require(len(ps) == per, f"state.pawns[{p}]: expected {_pawns(per)}")
            for k, q in enumerate(ps):
                require(q in self._places,
                        f"state.pawns[{p}][{k}]: {quote(q)} is not a square of the board")
        require(0 <= state.turn < n, f"state.turn: expected a player from 0 to {n - 1}")
        on_board = Counter(q for ps in state.pawns for q in ps if self._bit[q])
        for q, c in on_board.items():
            require(
                c == 1 or q in self.board.blue or q == self.board.green_star or self._share_blocked,
                f"state.pawns: {c} pawns share {q}, which is not a blue or the green star square",
            )
        self._validate_four(state)
        done = [p for p in range(n) if self.has_won(state, p)]
        if state.phase is Phase.OVER:
            require(state.winner in done, "state.winner: that player has not escaped")
            require(state.roll == 0 and not state.pending, "state: nothing is pending at the end")
        else:
            require(state.winner == -1, "state.winner: only when the game is over")
            require(not done, "state.pawns: a player has escaped but the game is not over")
        require((state.phase is Phase.MOVE) == (state.roll != 0), "state.roll: only in a move")
        if state.phase is Phase.MOVE:
            require(state.roll in self._faces, f"state.roll: the die has no face {state.roll}")
            require(bool(self.move_set(state).actions), "state: a move phase where no pawn can move")
        if state.phase is Phase.BALL:
            require(self.anyone_in_danger(state), "state: the ball drops but nobody is in danger")
        require((state.phase is Phase.PASSAGE) == bool(state.pending),
                "state.pending: exactly in the passage phase")
        for p, k in state.pending:
            require(0 <= p < n and 0 <= k < per, "state.pending: unknown pawn")
            require(state.pawns[p][k] in self.board.red_stars,
                    "state.pending: that pawn is not on a red star square")
        require(len(set(state.pending)) == len(state.pending), "state.pending: repeated pawn")

    def _validate_four(self, state: State) -> None:
        expected = self._n if self._four else 0
        require(len(state.first) == expected and len(state.released) == expected,
                "state.first/released: expected one entry per player with 4 players, else none")
        require(all(f in (-1, 0, 1) for f in state.first), "state.first: expected -1, 0 or 1")
        for p, (f, free) in enumerate(zip(state.first, state.released)):
            require(f != -1 or (not free and all(q == START for q in state.pawns[p])),
                    f"state.first[{p}]: a player who has moved has a first pawn")
            require(f == -1 or free or all(q == START for i, q in enumerate(state.pawns[p])
                                           if i != f),
                    f"state.released[{p}]: the second pawn moved before it was released")
            lead = state.pawns[p][f] if f != -1 else START
            require(not free or f != -1, f"state.released[{p}]: released before any move")
            require(free or not (lead in self.board.lower or lead == EXIT),
                    f"state.released[{p}]: the first pawn has reached the laboratory floor")


def _squares(n: int) -> str:
    return f"{n} square" if n == 1 else f"{n} squares"


def _pawns(n: int) -> str:
    return f"{n} pawn" if n == 1 else f"{n} pawns"
