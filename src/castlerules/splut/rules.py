"""Splut! rules: steps, pulls, throws, pushes, levitation and the end — each tied to its clause."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, ClassVar

from castlerules.core.errors import InvalidStateError, Violation
from castlerules.core.game import Game, check_player_count, require
from castlerules.core.registry import clause, violation
from castlerules.splut import kernel, notation, render
from castlerules.splut.board import (
    BY_NAME,
    LINE,
    NAMES,
    NEXT,
    OFF,
    SEATS,
    SQUARE_SET,
    START,
    TIPS,
    Dir,
)
from castlerules.splut.state import Lev, Pass, Piece, State, Step, Throw

EMPTY = 0
ROCK = 1


def code(player: int, piece: int) -> int:
    """The occupancy code of a piece: 2 + 3 * player + piece (0 empty, 1 rock)."""
    return 2 + 3 * player + piece


def owner(c: int) -> int:
    return (c - 2) // 3


def piece_of(c: int) -> Piece:
    return Piece((c - 2) % 3)


#: What a thrown rock meets, by occupancy code (for up to four players).
THROW_KIND: tuple[int, ...] = (
    kernel.EMPTY,
    kernel.OBSTACLE,
    *(
        (kernel.TARGET, kernel.OBSTACLE, kernel.DWARF)[k]
        for _p in range(4)
        for k in range(3)
    ),
)
TROLLS = frozenset(code(p, Piece.TROLL) for p in range(4))
DWARVES = frozenset(code(p, Piece.DWARF) for p in range(4))
SORCERERS = frozenset(code(p, Piece.SORCERER) for p in range(4))


def occupancy(state: State) -> list[int]:
    """The code on each of the 81 grid squares. A troll holding a rock hides that rock."""
    occ = [EMPTY] * 81
    for r in state.rocks:
        occ[r] = ROCK
    for p, trio in enumerate(state.pieces):
        for k, sq in enumerate(trio):
            if sq != OFF:
                occ[sq] = 2 + 3 * p + k
    return occ


#: Directions as plain ints (iterating an enum is slow), and the opposite of each.
DIRS: tuple[int, int, int, int] = (0, 1, 2, 3)
OPPOSITE: tuple[int, int, int, int] = (2, 3, 0, 1)


def _remap(squares: frozenset[int], moves: dict[int, int]) -> frozenset[int]:
    return frozenset(moves.get(x, x) for x in squares)


class Splut(Game[State, Any]):
    """Splut! for 2, 3 or 4 players.

    Options: ``players`` (2-4, default 2; interpretation splut.interp.player-count). Player 0 sits
    South and begins; then West, North, East as seated (interpretation splut.interp.seating).
    One action is one step of one piece (a troll's step may pull a rock, a sorcerer's step may
    levitate one); the throw after a troll steps onto a rock is its own action.
    """

    name: ClassVar[str] = "splut"
    state_type: ClassVar[type] = State
    action_types: ClassVar[tuple[type, ...]] = (Step, Throw, Pass)
    players_range: ClassVar[tuple[int, int]] = (2, 4)
    playout_cap: ClassVar[int] = 100_000

    @classmethod
    def variants(cls) -> tuple[dict[str, Any], ...]:
        """Every player count the rulebook names."""
        return ({"players": 2}, {"players": 3}, {"players": 4})

    @clause("splut.verloop.spelers", "splut.zitten.twee", "splut.zitten.drie", "splut.zitten.vier")
    def __init__(
        self,
        *,
        players: int = 2,
        readings: Mapping[str, str] | None = None,
        ruleset: str | None = None,
    ) -> None:
        players = self.resolve_readings({"players": players}, readings, ruleset)["players"]
        n = check_player_count(players, 2, 4)
        super().__init__({"players": n})
        self._n = n
        self._seats = SEATS[n]
        self._occ_state: State | None = None
        self._occ: list[int] = []
        self._legal_state: State | None = None
        self._legal: tuple[Any, ...] = ()
        self._over_state: State | None = None
        self._over = False
        # Prebuilt plain and pulling steps, per player, square and direction (speed only).
        self._plain = [
            [[Step(p, s, NEXT[s][d]) if NEXT[s][d] != OFF else None for d in DIRS] for s in range(81)]
            for p in range(n)
        ]
        self._pulls = [
            [[Step(p, s, NEXT[s][d], pull=True) if NEXT[s][d] != OFF else None for d in DIRS]
             for s in range(81)]
            for p in range(n)
        ]
        self._levs: dict[tuple[int, int, int, int], Step] = {}

    @property
    def num_players(self) -> int:
        return self._n

    # -- states ----------------------------------------------------------------------------
    @clause(
        "splut.onderdelen.stukken", "splut.onderdelen.vier-rotsen", "splut.begin.alle-rotsen",
        "splut.begin.rotsen-hoeken", "splut.begin.opstelling", "splut.zitten.drie-begin",
        "splut.zitten.vier-begin", "splut.zet.eerste-een", "splut.rotsen.vier",
    )
    def initial_state(self) -> State:
        """All four rocks on the tips; each seated team in front of its rock; player 0 begins
        with one step."""
        pieces = []
        for seat in self._seats:
            _rock, dwarf, troll, sorcerer = (BY_NAME[x] for x in START[seat])
            pieces.append((sorcerer, troll, dwarf))
        rocks = tuple(sorted(TIPS))
        return State(
            pieces=tuple(pieces),
            rocks=rocks,  # type: ignore[arg-type]
            to_move=0,
            turn=0,
            steps_left=kernel.steps_for_turn(0),
        )

    def _board(self, state: State) -> list[int]:
        if state is not self._occ_state:
            self._occ = occupancy(state)
            self._occ_state = state
        return self._occ

    def sorcerers(self, state: State) -> list[bool]:
        return [trio[Piece.SORCERER] != OFF for trio in state.pieces]

    @clause("splut.winnen.laatste", "splut.rotsen.splut")
    def is_terminal(self, state: State) -> bool:
        if state is not self._over_state:
            self._over = bool(kernel.game_over(self.sorcerers(state)))
            self._over_state = state
        return self._over

    @clause("splut.winnen.laatste", "splut.winnen.doel")
    def winners(self, state: State) -> frozenset[int]:
        alive = self.sorcerers(state)
        if not kernel.game_over(alive):
            return frozenset()
        last = kernel.last_sorcerer(alive)
        return frozenset() if last < 0 else frozenset({last})

    def is_chance(self, state: State) -> bool:
        return False

    def chance_outcomes(self, state: State) -> tuple[tuple[Any, Fraction], ...]:
        return ()

    @clause("splut.zet.afwisselen", "splut.verloop.klok")
    def actors(self, state: State) -> frozenset[int]:
        if self.is_terminal(state):
            return frozenset()
        return frozenset({state.to_move})

    # -- the move generator (one route) -------------------------------------------------------
    def legal_actions(self, state: State) -> tuple[Any, ...]:
        if state is self._legal_state:
            return self._legal
        if self.is_terminal(state):
            found: tuple[Any, ...] = ()
        else:
            p = state.to_move
            occ = self._board(state)
            if state.throw_from != OFF:
                q = state.throw_from
                found = tuple(
                    Throw(p, d)
                    for d in Dir
                    if kernel.throw_allowed([THROW_KIND[occ[c]] for c in LINE[q][d][:1]])
                )
            else:
                found = self._steps(state, p, occ) or (Pass(p),)
        self._legal_state, self._legal = state, found
        return found

    def _lev_step(self, p: int, frm: int, d: int, r: int) -> Step:
        key = (p, frm, d, r)
        found = self._levs.get(key)
        if found is None:
            found = self._levs[key] = Step(p, frm, NEXT[frm][d], lev=r)
        return found

    def _steps(self, state: State, p: int, occ: list[int]) -> tuple[Step, ...]:
        """Every legal step of player ``p`` (no throw pending)."""
        out: list[Step] = []
        sq_s, sq_t, sq_d = state.pieces[p]
        if sq_s != OFF:
            if state.lev == Lev.ACTIVE:
                levs: tuple[int, ...] = (state.lev_rock,)
            elif state.lev == Lev.UNUSED:
                levs = tuple(r for r in state.rocks if r not in state.moved_before)
            else:
                levs = ()
            plain = self._plain[p][sq_s]
            nbrs = NEXT[sq_s]
            for d in DIRS:
                y = nbrs[d]
                if y == OFF:
                    continue
                free = occ[y] == EMPTY
                if free:
                    out.append(plain[d])  # type: ignore[arg-type]
                for r in levs:
                    r2 = NEXT[r][d]
                    if r2 != OFF and (occ[r2] == EMPTY or r2 == sq_s) and (free or y == r):
                        step = self._levs.get((p, sq_s, d, r))
                        out.append(step if step is not None else self._lev_step(p, sq_s, d, r))
        if sq_t != OFF:
            plain, pulls, nbrs = self._plain[p][sq_t], self._pulls[p][sq_t], NEXT[sq_t]
            for d in DIRS:
                y = nbrs[d]
                if y == OFF:
                    continue
                behind = nbrs[OPPOSITE[d]]
                can_pull = behind != OFF and occ[behind] == ROCK
                c = occ[y]
                if c == EMPTY:
                    out.append(plain[d])  # type: ignore[arg-type]
                    if can_pull:
                        out.append(pulls[d])  # type: ignore[arg-type]
                elif c == ROCK:
                    # Without a pull the rock can always fly back over the square the troll left.
                    out.append(plain[d])  # type: ignore[arg-type]
                    if can_pull and any(
                        (f := NEXT[y][e]) != OFF and occ[f] != ROCK and occ[f] not in TROLLS
                        for e in DIRS
                        if e != OPPOSITE[d]
                    ):
                        out.append(pulls[d])  # type: ignore[arg-type]
        if sq_d != OFF:
            plain = self._plain[p][sq_d]
            for d in DIRS:
                line = LINE[sq_d][d]
                # The generator's own reading of the push: some square of the line is empty
                # (the theorem splut.push-line shows this equals kernel.push_allowed).
                for c in line:
                    if occ[c] == EMPTY:
                        out.append(plain[d])  # type: ignore[arg-type]
                        break
        return tuple(out)

    def candidate_actions(self, state: State) -> tuple[Any, ...]:
        """Every well-formed action: each step from any square to a neighbour by the player to
        move (with and without pull, with levitation of any rock), plain steps by the other
        players, four throws and a pass."""
        p = state.to_move
        out: list[Any] = []
        for frm in sorted(SQUARE_SET):
            for to in NEXT[frm]:
                if to == OFF:
                    continue
                for q in range(self._n):
                    out.append(Step(q, frm, to))
                out.append(Step(p, frm, to, pull=True))
                out.extend(Step(p, frm, to, lev=r) for r in state.rocks)
        out.extend(Throw(p, d) for d in Dir)
        out.append(Pass(p))
        return tuple(out)

    # -- legality (the other route) -----------------------------------------------------------
    def rule_violation(self, state: State, action: Any) -> Violation | None:
        if self.is_terminal(state):
            return violation("splut.winnen.laatste", "the game is over: one sorcerer is left")
        if not isinstance(action, Step | Throw | Pass):
            return violation("splut.zet.stukken", f"{action!r} is not a step, a throw or a pass")
        if action.player != state.to_move:
            return violation(
                "splut.zet.afwisselen",
                f"it is player {state.to_move}'s turn, not player {action.player!r}'s",
            )
        if isinstance(action, Throw):
            return self._throw_violation(state, action)
        if state.throw_from != OFF:
            return violation(
                "splut.trol.werpen",
                f"the troll on {NAMES[state.throw_from]} holds a rock and must throw it now",
            )
        if isinstance(action, Pass):
            return self._pass_violation(state, action)
        return self._step_violation(state, action)

    @clause("splut.trol.werpen", "splut.werpen.rand", "splut.werpen.trol", "splut.werpen.rots",
            "splut.woorden.trol")
    def _throw_violation(self, state: State, action: Throw) -> Violation | None:
        q = state.throw_from
        if q == OFF:
            return violation(
                "splut.trol.werpen", "no troll holds a rock: a throw follows a troll's step onto one"
            )
        if not isinstance(action.direction, Dir):
            return violation("splut.trol.werpen", "a rock is thrown horizontally or vertically")
        line = LINE[q][action.direction]
        if not line:
            return violation(
                "splut.werpen.rand",
                f"from {NAMES[q]} the rock cannot fly {action.direction.name}: the edge is right "
                "there (interpretation splut.interp.blocked-throw)",
            )
        first = self._board(state)[line[0]]
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
        return None

    @clause("splut.zet.verplicht")
    def _pass_violation(self, state: State, action: Pass) -> Violation | None:
        steps = self._steps(state, action.player, self._board(state))
        if steps:
            return violation(
                "splut.zet.verplicht",
                f"steps are mandatory and {len(steps)} legal steps remain "
                "(interpretation splut.interp.no-legal-step)",
            )
        return None

    @clause(
        "splut.zet.stukken", "splut.zet.verdelen", "splut.zet.voorbeeld",
        "splut.beweging.orthogonaal", "splut.beweging.eigen-team", "splut.beweging.bezet",
        "splut.woorden.beweging", "splut.rotsen.niemand",
    )
    def _step_violation(self, state: State, action: Step) -> Violation | None:
        frm, to, p = action.frm, action.to, action.player
        if (
            not isinstance(frm, int)
            or not isinstance(to, int)
            or frm not in SQUARE_SET
            or to not in SQUARE_SET
        ):
            return violation("splut.beweging.orthogonaal", "a step goes between two board squares")
        if not isinstance(action.pull, bool) or not isinstance(action.lev, int):
            return violation("splut.zet.stukken", f"{action!r} is not a well-formed step")
        if to not in NEXT[frm]:
            return violation(
                "splut.beweging.orthogonaal",
                f"{NAMES[frm]}-{NAMES[to]} is not one square horizontally or vertically",
            )
        trio = state.pieces[p]
        if frm not in trio:
            return violation(
                "splut.beweging.eigen-team", f"player {p} has no piece on {NAMES[frm]}"
            )
        piece = Piece(trio.index(frm))
        if action.pull and piece != Piece.TROLL:
            return violation("splut.trol.trekken", "only a troll can pull a rock")
        if action.lev != OFF and piece != Piece.SORCERER:
            return violation("splut.tovenaar.zweven", "only a sorcerer can levitate a rock")
        d = Dir(NEXT[frm].index(to))
        occ = self._board(state)
        if piece == Piece.SORCERER:
            return self._sorcerer_violation(state, action, d, occ)
        if piece == Piece.TROLL:
            return self._troll_violation(state, action, d, occ)
        return self._dwarf_violation(state, action, d, occ)

    @clause(
        "splut.tovenaar.zweven", "splut.tovenaar.een-rots", "splut.tovenaar.vorige-speler",
        "splut.tovenaar.geduwd-getrokken", "splut.tovenaar.doorgaan", "splut.tovenaar.stoppen",
        "splut.tovenaar.blokkeren", "splut.tovenaar.niet-doden", "splut.tovenaar.voorbeeld",
        "splut.dwerg.blokkeert-zweven", "splut.trol.werpen-zweven-verbod",
        "splut.voorbeeld.zweven", "splut.voorbeeld.zweven-stappen", "splut.woorden.zweven",
    )
    def _sorcerer_violation(
        self, state: State, action: Step, d: Dir, occ: list[int]
    ) -> Violation | None:
        """A sorcerer steps onto a free square, optionally levitating one rock the same way.

        The rock may be anywhere (splut.interp.levitate-any-rock); sorcerer and rock move together
        (splut.interp.levitate-behind, splut.interp.levitate-ahead); both moves must be possible
        (splut.interp.levitate-blocked); only the previous player's rock moves forbid it
        (splut.interp.previous-player); such a rock stays forbidden even if pushed or pulled this
        turn (splut.interp.previous-and-this-turn).
        """
        frm, to, r = action.frm, action.to, action.lev
        if r == OFF:
            if occ[to] != EMPTY:
                return violation("splut.beweging.bezet", f"{NAMES[to]} is occupied")
            return None
        if r not in state.rocks:
            return violation("splut.tovenaar.zweven", f"there is no rock on {NAMES.get(r, r)}")
        if state.lev == Lev.DONE:
            return violation(
                "splut.tovenaar.stoppen", "levitation has stopped this turn and cannot restart"
            )
        if state.lev == Lev.ACTIVE and r != state.lev_rock:
            return violation(
                "splut.tovenaar.een-rots",
                f"this turn the sorcerer levitates the rock on {NAMES[state.lev_rock]}, "
                "only one rock per turn",
            )
        if state.lev == Lev.UNUSED and r in state.moved_before:
            return violation(
                "splut.tovenaar.vorige-speler",
                f"the rock on {NAMES[r]} was moved by the previous player",
            )
        r2 = NEXT[r][d]
        if r2 == OFF:
            return violation(
                "splut.tovenaar.blokkeren",
                f"the rock on {NAMES[r]} cannot move {d.name}: the edge blocks it",
            )
        if r2 != frm and occ[r2] != EMPTY:
            c = occ[r2]
            if c in TROLLS:
                return violation(
                    "splut.trol.werpen-zweven-verbod",
                    f"a rock cannot be levitated onto the troll on {NAMES[r2]}",
                )
            if c in DWARVES:
                return violation(
                    "splut.dwerg.blokkeert-zweven", f"the dwarf on {NAMES[r2]} blocks the rock"
                )
            what = "a sorcerer" if c in SORCERERS else "another rock"
            return violation(
                "splut.tovenaar.blokkeren", f"{what} on {NAMES[r2]} blocks the levitated rock"
            )
        if occ[to] != EMPTY and to != r:
            return violation("splut.beweging.bezet", f"{NAMES[to]} is occupied")
        return None

    @clause(
        "splut.trol.trekken", "splut.trol.trekken-recht", "splut.trol.trekken-optioneel",
        "splut.trol.werpen", "splut.voorbeeld.trekken", "splut.voorbeeld.trekken-een-beweging",
        "splut.voorbeeld.werpen", "splut.woorden.werpen", "splut.woorden.trol",
    )
    def _troll_violation(
        self, state: State, action: Step, d: Dir, occ: list[int]
    ) -> Violation | None:
        """A troll steps onto a free square or onto a rock (then it must throw), optionally pulling
        the rock straight behind it (splut.interp.pull-straight, splut.interp.pull-and-throw)."""
        frm, to = action.frm, action.to
        target = occ[to]
        if target not in (EMPTY, ROCK):
            return violation("splut.beweging.bezet", f"{NAMES[to]} is occupied")
        behind = NEXT[frm][d.opposite]
        if action.pull and (behind == OFF or occ[behind] != ROCK):
            return violation(
                "splut.trol.trekken-recht",
                f"no rock stands straight behind the troll on {NAMES[frm]} to pull",
            )
        if target == ROCK:
            after = list(occ)
            after[frm] = EMPTY
            if action.pull:
                after[behind], after[frm] = EMPTY, ROCK
            after[to] = occ[frm]
            if not any(
                kernel.throw_allowed([THROW_KIND[after[c]] for c in LINE[to][e][:1]]) for e in Dir
            ):
                return violation(
                    "splut.trol.werpen",
                    f"the troll could not throw the rock on {NAMES[to]} in any direction "
                    "(interpretation splut.interp.blocked-throw)",
                )
        return None

    @clause("splut.dwerg.duwen", "splut.dwerg.duwen-lijn", "splut.woorden.duwen")
    def _dwarf_violation(
        self, state: State, action: Step, d: Dir, occ: list[int]
    ) -> Violation | None:
        line = LINE[action.frm][d]
        if not kernel.push_allowed([occ[c] for c in line]):
            return violation(
                "splut.dwerg.duwen-lijn",
                f"the line of pieces in front of the dwarf on {NAMES[action.frm]} reaches the "
                "board edge (interpretation splut.interp.push-edge)",
            )
        return None

    # -- transitions -------------------------------------------------------------------------
    def successor(self, state: State, action: Any) -> State:
        if isinstance(action, Throw):
            return self._throw(state, action)
        if isinstance(action, Pass):
            return self._end_turn(state, state.pieces, state.rocks, state.moved_now)
        return self._step(state, action)

    @clause("splut.zet.verdelen", "splut.trol.trekken", "splut.trol.werpen",
            "splut.tovenaar.zweven", "splut.tovenaar.stoppen", "splut.tovenaar.geduwd-getrokken",
            "splut.dwerg.duwen")
    def _step(self, state: State, action: Step) -> State:
        p, frm, to = action.player, action.frm, action.to
        occ = self._board(state)
        d = NEXT[frm].index(to)
        piece = state.pieces[p].index(frm)
        moves: dict[int, int] = {}
        lev, lev_rock = state.lev, state.lev_rock
        throw_from = OFF
        if piece != Piece.DWARF:
            trio = list(state.pieces[p])
            trio[piece] = to
            new_pieces = (*state.pieces[:p], tuple(trio), *state.pieces[p + 1 :])
            if piece == Piece.SORCERER:
                if action.lev != OFF:
                    lev, lev_rock = Lev.ACTIVE, NEXT[action.lev][d]
                    moves[action.lev] = lev_rock
            else:
                if action.pull:
                    moves[NEXT[frm][OPPOSITE[d]]] = frm
                if occ[to] == ROCK:
                    throw_from = to
        else:
            pieces = [list(t) for t in state.pieces]
            line = LINE[frm][d]
            contents = [occ[c] for c in line]
            _, new = kernel.push(occ[frm], contents)
            for i, c in enumerate(new):
                if c >= 2:
                    pieces[owner(c)][piece_of(c)] = line[i]
            n = contents.index(EMPTY)  # the unbroken line in front of the dwarf
            moves = {line[i]: line[i + 1] for i in range(n) if contents[i] == ROCK}
            new_pieces = tuple(tuple(t) for t in pieces)
        if (piece != Piece.SORCERER or action.lev == OFF) and lev == Lev.ACTIVE:
            lev, lev_rock = Lev.DONE, OFF
        rocks = state.rocks
        before, now = state.moved_before, state.moved_now
        if moves:
            rocks = tuple(sorted(moves.get(r, r) for r in rocks))  # type: ignore[assignment]
            before = _remap(before, moves)
            now = _remap(now, moves) | frozenset(moves.values())
        if throw_from != OFF:
            return State(
                pieces=new_pieces,  # type: ignore[arg-type]
                rocks=rocks,
                to_move=p,
                turn=state.turn,
                steps_left=state.steps_left - 1,
                throw_from=throw_from,
                lev=lev,
                lev_rock=lev_rock,
                moved_before=before,
                moved_now=now,
            )
        turn, left = kernel.after_step(state.turn, state.steps_left)
        if turn != state.turn:
            return self._end_turn(state, new_pieces, rocks, now)  # type: ignore[arg-type]
        return State(
            pieces=new_pieces,  # type: ignore[arg-type]
            rocks=rocks,
            to_move=p,
            turn=turn,
            steps_left=left,
            lev=lev,
            lev_rock=lev_rock,
            moved_before=before,
            moved_now=now,
        )

    @clause(
        "splut.trol.werpen-einde", "splut.werpen.vlucht", "splut.werpen.tovenaar",
        "splut.splut.dwerg", "splut.splut.team", "splut.splut.rots-blijft",
        "splut.winnen.team-weg", "splut.voorbeeld.werpen-splut", "splut.woorden.doelwit",
        "splut.woorden.dwerg", "splut.woorden.rotsen", "splut.rotsen.vier",
        "splut.onderdelen.vier-rotsen",
    )
    def _throw(self, state: State, action: Throw) -> State:
        """The rock flies (kernel.throw_landing), crushes what stands where it lands — a sorcerer
        with its whole team, or a dwarf alone — stays there, and the turn ends."""
        q = state.throw_from
        occ = self._board(state)
        line = LINE[q][action.direction]
        land = line[kernel.throw_landing([THROW_KIND[occ[c]] for c in line])]
        victim = occ[land]
        pieces: tuple[tuple[int, int, int], ...] = state.pieces
        if victim in SORCERERS:
            flags = [[sq != OFF for sq in trio] for trio in state.pieces]
            kept = kernel.after_kill(flags, owner(victim))
            pieces = tuple(
                tuple(sq if keep else OFF for sq, keep in zip(trio, keeps))  # type: ignore[misc]
                for trio, keeps in zip(state.pieces, kept)
            )
        elif victim in DWARVES:
            v = owner(victim)
            pieces = tuple(
                (t[0], t[1], OFF) if i == v else t for i, t in enumerate(state.pieces)
            )
        moves = {q: land}
        rocks = tuple(sorted(moves.get(r, r) for r in state.rocks))
        now = (state.moved_now - {q}) | {land}
        return self._end_turn(state, pieces, rocks, now)

    @clause("splut.verloop.klok", "splut.zet.afwisselen", "splut.zet.tweede-twee",
            "splut.zet.drie", "splut.tovenaar.vorige-speler")
    def _end_turn(
        self,
        state: State,
        pieces: tuple[tuple[int, int, int], ...],
        rocks: tuple[int, int, int, int],
        moved_now: frozenset[int],
    ) -> State:
        """The next player clockwise whose sorcerer is still on the board begins a new turn; the
        rocks moved in this turn are the ones that player cannot levitate."""
        turn, left = kernel.after_turn_end(state.turn)
        nxt = state.to_move
        for i in range(1, self._n + 1):
            c = (state.to_move + i) % self._n
            if pieces[c][Piece.SORCERER] != OFF:
                nxt = c
                break
        return State(
            pieces=pieces,
            rocks=rocks,
            to_move=nxt,
            turn=turn,
            steps_left=left,
            moved_before=moved_now,
        )

    def position(
        self,
        teams: Mapping[int, str],
        rocks: str,
        *,
        to_move: int = 0,
        turn: int = 2,
        steps_left: int | None = None,
        moved_before: str = "",
    ) -> State:
        """A state from square names, for examples and tests: ``teams`` maps a player to its pieces
        such as ``"Sd4 Te4 Dc4"`` (missing pieces are off the board), ``rocks`` names four squares.

        >>> g = Splut(); s = g.position({0: "Sd4 Te4 Dc4", 1: "Sf6 Tg6"}, "a5 e1 i5 e9")
        """
        pieces = [[OFF, OFF, OFF] for _ in range(self._n)]
        letters = {"S": Piece.SORCERER, "T": Piece.TROLL, "D": Piece.DWARF}
        try:
            for p, text in teams.items():
                for word in text.split():
                    pieces[p][letters[word[0]]] = BY_NAME[word[1:]]
            rock_squares = tuple(sorted(BY_NAME[w] for w in rocks.split()))
            before = frozenset(BY_NAME[w] for w in moved_before.split())
        except (KeyError, IndexError, TypeError) as exc:
            raise InvalidStateError(f"position: bad piece, square or player {exc}") from None
        state = State(
            pieces=tuple((t[0], t[1], t[2]) for t in pieces),
            rocks=rock_squares,  # type: ignore[arg-type]
            to_move=to_move,
            turn=turn,
            steps_left=kernel.steps_for_turn(turn) if steps_left is None else steps_left,
            moved_before=before,
        )
        self.validate_state(state)
        return state

    # -- notation, JSON, pictures ----------------------------------------------------------
    def state_to_text(self, state: State) -> str:
        # TEMPORARY until the position notation lands: the JSON of the state.
        from castlerules.core import jsonio

        return jsonio.dumps(state)

    def parse_position(self, text: str) -> State:
        from castlerules.core import jsonio

        found: State = jsonio.loads(State, text)
        return found

    def action_to_str(self, state: State, action: Any) -> str:
        return notation.action_to_str(state, action)

    def parse_action(self, state: State, text: str) -> Any:
        return notation.parse_action(state, text)

    def validate_state(self, state: State) -> None:
        validate(self._n, state)

    def render(self, state: State) -> str:
        return render.render_text(state)

    def render_svg(self, state: State, highlight: tuple[str, ...] = ()) -> str:
        return render.render_svg(state)



@clause("splut.onderdelen.vier-rotsen", "splut.rotsen.vier", "splut.beweging.bezet")
def validate(n: int, state: State) -> None:
    """Raise InvalidStateError unless ``state`` is a consistent ``n``-player position."""
    require(len(state.pieces) == n, f"state.pieces: expected {n} teams")
    require(len(state.rocks) == 4, "state.rocks: expected four rocks")
    require(all(r in SQUARE_SET for r in state.rocks), "state.rocks: a rock is off the board")
    require(len(set(state.rocks)) == 4, "state.rocks: two rocks on one square")
    require(list(state.rocks) == sorted(state.rocks), "state.rocks: must be sorted")
    squares: list[int] = []
    for p, trio in enumerate(state.pieces):
        require(len(trio) == 3, f"state.pieces[{p}]: expected (sorcerer, troll, dwarf)")
        require(
            all(sq == OFF or sq in SQUARE_SET for sq in trio),
            f"state.pieces[{p}]: a piece is off the board",
        )
        s, t, _d = trio
        require(
            (s == OFF) == (t == OFF) and (s != OFF or trio[2] == OFF),
            f"state.pieces[{p}]: a team without its sorcerer must have left the board",
        )
        squares.extend(sq for sq in trio if sq != OFF)
    require(len(set(squares)) == len(squares), "state.pieces: two pieces on one square")
    shared = set(squares) & set(state.rocks)
    require(
        shared <= {state.throw_from}, "state: a piece stands on a rock (only a throwing troll may)"
    )
    require(0 <= state.to_move < n, f"state.to_move: expected a player from 0 to {n - 1}")
    require(state.turn >= 0, "state.turn: must be >= 0")
    over = bool(kernel.game_over([t[0] != OFF for t in state.pieces]))
    most = kernel.steps_for_turn(state.turn)
    if over:
        return
    require(state.pieces[state.to_move][0] != OFF, "state.to_move: that team has left the board")
    if state.throw_from == OFF:
        require(1 <= state.steps_left <= most, f"state.steps_left: expected 1 to {most}")
    else:
        require(0 <= state.steps_left < most, f"state.steps_left: expected 0 to {most - 1}")
        require(
            state.pieces[state.to_move][Piece.TROLL] == state.throw_from
            and state.throw_from in state.rocks,
            "state.throw_from: the troll to move must stand on a rock there",
        )
    require(
        (state.lev == Lev.ACTIVE) == (state.lev_rock != OFF)
        and (state.lev_rock == OFF or state.lev_rock in state.moved_now),
        "state.lev_rock: a rock moved this turn is levitated exactly when levitation is active",
    )
    require(state.moved_before <= set(state.rocks), "state.moved_before: must be rock squares")
    require(state.moved_now <= set(state.rocks), "state.moved_now: must be rock squares")
