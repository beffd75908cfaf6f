"""Spookslot rules: the die, moves along the board with bounces and forks, the ball and its traps,
the secret passage, the Exit and the win — each tied to its clause."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from castlerules.core.chance import from_weights
from castlerules.core.errors import InvalidOptionError, SpecError, Violation
from castlerules.core.game import Game, check_player_count, require
from castlerules.core.registry import clause, violation
from castlerules.spookslot import notation, render
from castlerules.spookslot.board import Board, board_problems, default_board, parse_board
from castlerules.spookslot.kernel import NO_MOVE, landing_cached
from castlerules.spookslot.state import (
    EXIT,
    GHOST,
    START,
    TRAPS,
    Ball,
    Move,
    Passage,
    Phase,
    Roll,
    State,
)

DEFAULT_FACES: tuple[int | str, ...] = (1, 2, 3, 4, "ghost", "ghost")
MAX_FACE = 6

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
    return State(
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


def _parse_faces(faces: Any) -> tuple[int, ...]:
    """Validate ``die_faces``: six faces, each a number 1-6 or "ghost" (interp. die-faces)."""
    if not isinstance(faces, Sequence) or isinstance(faces, str) or len(faces) != 6:
        raise InvalidOptionError(f"die_faces must be a list of six faces, got {faces!r}")
    out = []
    for f in faces:
        if f == "ghost":
            out.append(GHOST)
        elif isinstance(f, int) and not isinstance(f, bool) and 1 <= f <= MAX_FACE:
            out.append(f)
        else:
            raise InvalidOptionError(
                f"die_faces: each face is a number from 1 to {MAX_FACE} or 'ghost', got {f!r}"
            )
    if all(f == GHOST for f in out):
        raise InvalidOptionError("die_faces: at least one face must be a number")
    return tuple(out)


def _parse_weights(weights: Any) -> dict[str, int]:
    """Validate ``trap_weights``: each trap -> a non-negative integer weight (interp. trap-weights)."""
    if not isinstance(weights, Mapping) or set(weights) != set(TRAPS):
        raise InvalidOptionError(f"trap_weights must map each trap {list(TRAPS)} to a weight")
    for t in TRAPS:
        w = weights[t]
        if not isinstance(w, int) or isinstance(w, bool) or w < 0:
            raise InvalidOptionError(f"trap_weights[{t!r}] must be an integer >= 0, got {w!r}")
    if not any(weights[t] for t in TRAPS):
        raise InvalidOptionError("trap_weights must not all be zero")
    return {t: int(weights[t]) for t in TRAPS}


def load_board(path: Any) -> Board:
    """Load and validate a board file given by ``path`` (the ``board`` option)."""
    if not isinstance(path, str | Path):
        raise InvalidOptionError(f"board must be a path to a board file, got {path!r}")
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InvalidOptionError(f"board: cannot read {str(path)!r}: {exc}") from exc
    board = parse_board(text, where=f"board {str(path)!r}")
    problems = board_problems(board)
    if problems:
        raise SpecError(f"board {str(path)!r}: " + "; ".join(problems))
    return board


class Spookslot(Game[State, Any]):
    """Spookslot (Ghost Castle) for 2-6 players.

    Options: ``players`` (2-6, default 2, interpretation spookslot.interp.players), ``first_player``
    (spookslot.interp.first-player), ``die_faces`` (six faces, numbers 1-6 or "ghost"; default
    1, 2, 3, 4, ghost, ghost), ``trap_weights`` (trap -> integer weight; default uniform),
    ``board`` (path to a board file; default the packaged reconstruction), ``no_yellow`` (the
    optional rule: no move may end on a yellow square).
    """

    name: ClassVar[str] = "spookslot"
    state_type: ClassVar[type] = State
    action_types: ClassVar[tuple[type, ...]] = (Roll, Ball, Move, Passage)
    players_range: ClassVar[tuple[int, int]] = (2, 6)
    playout_cap: ClassVar[int] = 100_000

    @classmethod
    def variants(cls) -> tuple[dict[str, Any], ...]:
        return (
            *({"players": n} for n in range(2, 7)),
            *({"players": n, "no_yellow": True} for n in range(2, 7)),
            {"players": 3, "first_player": 2},
            {"players": 2, "die_faces": [1, 2, 3, 4, 5, "ghost"]},
            {"players": 4, "trap_weights": {"stairs": 1, "bookcase": 2, "portrait": 3, "axe": 0}},
        )

    @clause("spookslot.intro.spelers", "spookslot.pionnen.aantal", "spookslot.beurt.dobbelen",
            "spookslot.kogel.valstrik")
    def __init__(
        self,
        *,
        players: int = 2,
        first_player: int = 0,
        die_faces: Sequence[int | str] | None = None,
        trap_weights: Mapping[str, int] | None = None,
        board: str | None = None,
        no_yellow: bool = False,
        readings: Mapping[str, str] | None = None,
        ruleset: str | None = None,
    ) -> None:
        given = self.resolve_readings(
            {
                "players": players,
                "first_player": first_player,
                "die_faces": die_faces,
                "trap_weights": trap_weights,
                "board": board,
                "no_yellow": no_yellow,
            },
            readings,
            ruleset,
        )
        players, first_player, no_yellow = given["players"], given["first_player"], given["no_yellow"]
        die_faces, trap_weights, board = given["die_faces"], given["trap_weights"], given["board"]
        n = check_player_count(players, 2, 6)
        if not isinstance(first_player, int) or isinstance(first_player, bool) or not (
            0 <= first_player < n
        ):
            raise InvalidOptionError(f"first_player must be a player from 0 to {n - 1}")
        if not isinstance(no_yellow, bool):
            raise InvalidOptionError(f"no_yellow must be true or false, got {no_yellow!r}")
        faces = _parse_faces(DEFAULT_FACES if die_faces is None else die_faces)
        weights = _parse_weights(
            {t: 1 for t in TRAPS} if trap_weights is None else trap_weights
        )
        options: dict[str, Any] = {"players": n, "first_player": first_player,
                                   "no_yellow": no_yellow}
        shown = [f if f != GHOST else "ghost" for f in faces]
        if tuple(shown) != DEFAULT_FACES:
            options["die_faces"] = shown
        if len(set(weights.values())) != 1:
            options["trap_weights"] = weights
        if board is None:
            self.board = default_board()
        else:
            self.board = load_board(board)
            options["board"] = str(board)
        super().__init__(options)
        self._n = n
        self._first = first_player
        self._per_player = 2 if n <= 4 else 1
        self._four = n == 4
        self.no_yellow = no_yellow
        counts = Counter(faces)
        self.die: tuple[tuple[Roll, Fraction], ...] = tuple(
            (Roll(f), Fraction(c, 6)) for f, c in sorted(counts.items(), key=lambda x: (x[0] == 0, x[0]))
        )
        self._faces = frozenset(counts)
        self.ball: tuple[tuple[Ball, Fraction], ...] = from_weights(
            (Ball(t), weights[t]) for t in TRAPS
        )
        self._traps = frozenset(b.trap for b, _ in self.ball)
        self.window = max(f for f in faces) + n * self._per_player
        self._cache: dict[State, Moves] = {}

    @property
    def num_players(self) -> int:
        return self._n

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

    def is_terminal(self, state: State) -> bool:
        return state.phase is Phase.OVER

    @clause("spookslot.doel.winnen-twee-pionnen", "spookslot.doel.winnen-een-pion",
            "spookslot.einde.twee-vier", "spookslot.einde.vijf-zes")
    def winners(self, state: State) -> frozenset[int]:
        return frozenset((state.winner,)) if state.phase is Phase.OVER else frozenset()

    def is_chance(self, state: State) -> bool:
        return state.phase in (Phase.ROLL, Phase.REROLL, Phase.BALL)

    def chance_outcomes(self, state: State) -> tuple[tuple[Any, Fraction], ...]:
        if state.phase is Phase.BALL:
            return self.ball
        if state.phase in (Phase.ROLL, Phase.REROLL):
            return self.die
        return ()

    @clause("spookslot.geheim.sterveld")
    def actors(self, state: State) -> frozenset[int]:
        if state.phase is Phase.MOVE:
            return frozenset((state.turn,))
        if state.phase is Phase.PASSAGE:
            return frozenset(p for p, _ in state.pending)
        return frozenset()

    def legal_actions(self, state: State) -> tuple[Any, ...]:
        phase = state.phase
        if phase is Phase.MOVE:
            return tuple(self.moves(state))
        if phase is Phase.BALL:
            return tuple(b for b, _ in self.ball)
        if phase in (Phase.ROLL, Phase.REROLL):
            return tuple(r for r, _ in self.die)
        if phase is Phase.PASSAGE:
            return tuple(Passage(p, k, t) for p, k in state.pending for t in (True, False))
        return ()

    def candidate_actions(self, state: State) -> tuple[Any, ...]:
        extra: list[Any] = [Roll(f) for f in range(MAX_FACE + 1)]
        extra += [Ball(t) for t in TRAPS]
        for p in range(self._n):
            for k in range(self._per_player + 1):
                extra.append(Move(p, k))
                extra.append(Passage(p, k, True))
                extra += [Move(p, k, (b,)) for f in self.board.forks for b in self.board.next[f]]
        extra.append(Move(state.turn, 0, ("nowhere",)))
        legal = self.legal_actions(state)
        seen = set(legal)
        return (*legal, *(a for a in extra if a not in seen))

    # -- where pawns stand ---------------------------------------------------------------------
    def occupied(self, state: State) -> frozenset[str]:
        """The squares with at least one pawn on them."""
        return frozenset(q for ps in state.pawns for q in ps if q != START and q != EXIT)

    @clause("spookslot.eindigen.gevaar", "spookslot.spook.kogel")
    def anyone_in_danger(self, state: State) -> bool:
        """Some pawn (of any player) stands on a red square or a stair step."""
        danger = self.board.danger
        return any(q in danger for ps in state.pawns for q in ps)

    @clause("spookslot.getal.vier-spelers", "spookslot.getal.twee-drie-spelers")
    def locked(self, state: State, player: int, pawn: int) -> bool:
        """With 4 players, the second pawn waits until the first has reached the laboratory floor
        (interpretation spookslot.interp.four-player-second-pawn)."""
        if not self._four or state.released[player]:
            return False
        first = state.first[player]
        return first != -1 and pawn != first

    # -- moves -----------------------------------------------------------------------------
    @clause("spookslot.getal.zetten", "spookslot.getal.niet-verdelen", "spookslot.routes.kiezen",
            "spookslot.exit.moet-verplaatsen", "spookslot.optioneel.geel",
            "spookslot.optioneel.geel-blijft-staan")
    def moves(self, state: State) -> Moves:
        """Every legal move in a MOVE state, with the square it ends on (``"exit"``: escaped).

        One pawn moves the whole roll; at a fork the move names its route; a pawn that cannot
        move (past the Exit, a bounce that would reach it, or — with the optional rule — an end
        on yellow) stays, and the player must move another pawn that can.
        """
        found = self._cache.get(state)
        if found is not None:
            return found
        result: Moves = {}
        if state.phase is Phase.MOVE:
            p = state.turn
            occ = self.occupied(state)
            for k, pos in enumerate(state.pawns[p]):
                if pos == EXIT or self.locked(state, p, k):
                    continue
                for move, dest in self._pawn_moves(p, k, pos, state.roll, occ):
                    result.setdefault(move, dest)
        if len(self._cache) > 50_000:
            self._cache.clear()
        self._cache[state] = result
        return result

    def _pawn_moves(
        self, p: int, k: int, pos: str, roll: int, occ: frozenset[str]
    ) -> list[tuple[Move, str]]:
        out = []
        yellow = self.board.yellow
        for path, choices in self.board.paths(pos, self.window):
            off = self._land(path, roll, occ)
            if off == NO_MOVE:
                continue
            dest = path[off - 1]
            if self.no_yellow and dest in yellow:
                continue
            out.append((Move(p, k, tuple(c for c in choices[:off] if c)), dest))
        return out

    def _land(self, path: tuple[str, ...], roll: int, occ: frozenset[str]) -> int:
        w = self.window
        to_exit = len(path) if path[-1] == EXIT else w + 1
        flags = tuple(q in occ for q in path) + (True,) * (w - len(path))
        return int(landing_cached(roll, to_exit, flags))

    # -- legality --------------------------------------------------------------------------
    def rule_violation(self, state: State, action: Any) -> Violation | None:
        if state.phase is Phase.OVER:
            cid = "spookslot.einde.twee-vier" if self._n <= 4 else "spookslot.einde.vijf-zes"
            return violation(cid, "the game is over")
        if isinstance(action, Roll):
            return self._roll_violation(state, action)
        if isinstance(action, Ball):
            return self._ball_violation(state, action)
        if isinstance(action, Move):
            return self._move_violation(state, action)
        if isinstance(action, Passage):
            return self._passage_violation(state, action)
        return violation("spookslot.beurt.dobbelen", f"{action!r} is not a Spookslot action")

    @clause("spookslot.beurt.dobbelen")
    def _roll_violation(self, state: State, action: Roll) -> Violation | None:
        if state.phase not in (Phase.ROLL, Phase.REROLL):
            return violation("spookslot.beurt.dobbelen", "the die is not rolled now")
        if action.face not in self._faces:
            return violation(
                "spookslot.beurt.dobbelen",
                f"the die has no face {action.face!r} (interpretation spookslot.interp.die-faces)",
            )
        return None

    @clause("spookslot.kogel.valstrik")
    def _ball_violation(self, state: State, action: Ball) -> Violation | None:
        if state.phase is not Phase.BALL:
            return violation("spookslot.kogel.valstrik", "the ball is not dropped now")
        if action.trap not in self._traps:
            return violation(
                "spookslot.kogel.valstrik",
                f"the ball cannot reach {action.trap!r} (interpretation spookslot.interp.trap-weights)",
            )
        return None

    def _pawn_violation(self, state: State, player: Any, pawn: Any) -> Violation | None:
        if not isinstance(player, int) or not 0 <= player < self._n:
            return violation("spookslot.intro.spelers", f"there is no player {player!r}")
        if not isinstance(pawn, int) or not 0 <= pawn < self._per_player:
            return violation(
                "spookslot.pionnen.aantal",
                f"each player has {self._per_player} pawn(s); there is no pawn {pawn!r}",
            )
        return None

    @clause("spookslot.getal.zetten", "spookslot.pionnen.beginner", "spookslot.exit.ontsnapt",
            "spookslot.getal.vier-spelers", "spookslot.routes.kiezen")
    def _move_violation(self, state: State, action: Move) -> Violation | None:
        try:
            if action in self.moves(state):
                return None
        except TypeError:  # an unhashable field: reported below
            pass
        bad = self._pawn_violation(state, action.player, action.pawn)
        if bad is not None:
            return bad
        if state.phase is not Phase.MOVE:
            return violation("spookslot.beurt.dobbelen", "no move now: the die decides first")
        if action.player != state.turn:
            return violation(
                "spookslot.pionnen.beginner", f"it is player {state.turn}'s turn, not {action.player}'s"
            )
        pos = state.pawns[action.player][action.pawn]
        if pos == EXIT:
            return violation("spookslot.exit.ontsnapt", "that pawn has escaped: it left the board")
        if self.locked(state, action.player, action.pawn):
            return violation(
                "spookslot.getal.vier-spelers",
                "with 4 players the second pawn waits until the first stands on the laboratory floor",
            )
        via = action.via
        if not isinstance(via, tuple) or not all(isinstance(v, str) for v in via):
            return violation("spookslot.routes.kiezen", f"{via!r} is not a route")
        return self._explain_move(state, pos, via)

    @clause("spookslot.exit.precies", "spookslot.exit.niet-springen", "spookslot.exit.blijft-staan",
            "spookslot.optioneel.geel-blijft-staan")
    def _explain_move(self, state: State, pos: str, via: tuple[str, ...]) -> Violation:
        """Why a move of this pawn along ``via`` is not legal."""
        occ = self.occupied(state)
        roll = state.roll
        fitting = [
            (path, choices)
            for path, choices in self.board.paths(pos, self.window)
            if list(via) == [c for c in choices if c][: len(via)]
        ]
        if not fitting:
            forks = ", ".join(
                f"at {f}: {' or '.join(self.board.next[f])}" for f in self.board.forks
            )
            return violation(
                "spookslot.routes.kiezen",
                f"via {','.join(via)} is not a route this pawn can take ({forks})",
            )
        movable: list[list[str]] = []
        for path, choices in fitting:
            off = self._land(path, roll, occ)
            if off == NO_MOVE:
                continue
            used = [c for c in choices[:off] if c]
            if used == list(via):
                return violation(
                    "spookslot.optioneel.geel-blijft-staan",
                    f"with the optional rule no move may end on a yellow square ({path[off - 1]})",
                )
            movable.append(used)
        if not movable:
            path = fitting[0][0]
            to_exit = len(path) if path[-1] == EXIT else 0
            if to_exit and roll > to_exit:
                return violation(
                    "spookslot.exit.precies",
                    f"the Exit is {to_exit} square(s) away: only exactly {to_exit} reaches it",
                )
            return violation(
                "spookslot.exit.niet-springen",
                "every square up to the Exit is taken: the bounce may not reach the Exit, "
                "so the pawn stays (interpretation spookslot.interp.bounce-past-exit)",
            )
        used = movable[0]
        if len(via) < len(used):
            return violation(
                "spookslot.routes.kiezen",
                f"the move passes a fork: name the route (for example via {','.join(used)})",
            )
        return violation(
            "spookslot.routes.kiezen", "the route names a fork that the move does not pass"
        )

    @clause("spookslot.geheim.sterveld")
    def _passage_violation(self, state: State, action: Passage) -> Violation | None:
        bad = self._pawn_violation(state, action.player, action.pawn)
        if bad is not None:
            return bad
        if state.phase is not Phase.PASSAGE or not isinstance(action.take, bool):
            return violation("spookslot.geheim.sterveld", "the secret passage is not open now")
        if (action.player, action.pawn) not in state.pending:
            return violation(
                "spookslot.geheim.sterveld",
                "only a pawn on a red star square when the portrait fired may take the passage "
                "(and decides once)",
            )
        return None

    # -- transitions -----------------------------------------------------------------------
    def successor(self, state: State, action: Any) -> State:
        if isinstance(action, Roll):
            return self._after_roll(state, action.face)
        if isinstance(action, Move):
            return self._after_move(state, action)
        if isinstance(action, Ball):
            return self._after_ball(state, action.trap)
        assert isinstance(action, Passage)
        return self._after_passage(state, action)

    @clause("spookslot.pionnen.beginner")
    def next_turn(self, state: State) -> State:
        """The turn passes clockwise (to the next player number)."""
        return _evolve(
            state, turn=(state.turn + 1) % self._n, phase=Phase.ROLL, roll=0, pending=()
        )

    @clause("spookslot.beurt.dobbelen", "spookslot.spook.kogel", "spookslot.spook.nog-een-keer",
            "spookslot.exit.blijft-staan")
    def _after_roll(self, state: State, face: int) -> State:
        """A number: the player moves (or, if no pawn can, stays and the turn ends). The ghost:
        drop the ball if anyone is in a danger zone; else roll once more, and a second ghost
        ends the turn (interpretation spookslot.interp.ghost-reroll)."""
        if face == GHOST:
            if self.anyone_in_danger(state):
                return _evolve(state, phase=Phase.BALL, roll=0)
            if state.phase is Phase.ROLL:
                return _evolve(state, phase=Phase.REROLL)
            return self.next_turn(state)
        moving = _evolve(state, phase=Phase.MOVE, roll=face)
        if not self.moves(moving):
            return self.next_turn(state)
        return moving

    @clause("spookslot.getal.zetten", "spookslot.getal.niet-verdelen", "spookslot.eindigen.veilig",
            "spookslot.eindigen.gevaar", "spookslot.exit.ontsnapt", "spookslot.eindigen.bezet")
    def _after_move(self, state: State, move: Move) -> State:
        """The pawn moves; the Exit takes it off the board (and may win the game); a danger square
        drops the ball as part of the turn; a safe square ends the turn."""
        dest = self.moves(state)[move]
        p, k = move.player, move.pawn
        state = _evolve(state, pawns=place(state.pawns, p, k, dest))
        if self._four:
            state = self._track_first(state, p, k)
        if dest == EXIT:
            if self.has_won(state, p):
                return _evolve(state, phase=Phase.OVER, roll=0, winner=p)
            return self.next_turn(state)
        if dest in self.board.danger:
            return _evolve(state, phase=Phase.BALL, roll=0)
        return self.next_turn(state)

    @clause("spookslot.getal.vier-spelers")
    def _track_first(self, state: State, p: int, k: int) -> State:
        first = state.first
        if first[p] == -1:
            first = _with(first, p, k)
        lead = first[p]
        pos = state.pawns[p][lead] if lead != -1 else START
        if not state.released[p] and (pos in self.board.lower or pos == EXIT):
            released = _with(state.released, p, True)
            return _evolve(state, first=first, released=released)
        return _evolve(state, first=first)

    @clause("spookslot.doel.winnen-twee-pionnen", "spookslot.doel.winnen-een-pion",
            "spookslot.einde.twee-vier", "spookslot.einde.vijf-zes", "spookslot.doel.race")
    def has_won(self, state: State, player: int) -> bool:
        """2-4 players: both pawns escaped; 5-6 players: the one pawn escaped."""
        return all(q == EXIT for q in state.pawns[player])

    @clause("spookslot.kogel.valstrik", "spookslot.valstrik.trap", "spookslot.valstrik.boekenkast",
            "spookslot.valstrik.portret", "spookslot.valstrik.bijl", "spookslot.geschrokken.terug",
            "spookslot.geschrokken.blauw-meerdere", "spookslot.geheim.sterveld")
    def _after_ball(self, state: State, trap: str) -> State:
        """The fired trap sends every pawn in its danger zone back to its fallback blue square
        (they may share it). The portrait also opens the secret passage for pawns on the red
        star squares: their owners decide next."""
        zone = self.board.zone[trap]
        if zone:
            fallback = self.board.fallback
            pawns = tuple(
                tuple(fallback[q] if q in zone else q for q in ps) for ps in state.pawns
            )
            state = _evolve(state, pawns=pawns)
        if trap == "portrait":
            stars = self.board.red_stars
            pending = tuple(
                (p, k) for p, ps in enumerate(state.pawns) for k, q in enumerate(ps) if q in stars
            )
            if pending:
                return _evolve(state, phase=Phase.PASSAGE, pending=pending)
        return self.next_turn(state)

    @clause("spookslot.geheim.sterveld", "spookslot.geheim.groen-meerdere")
    def _after_passage(self, state: State, action: Passage) -> State:
        """A pawn taking the passage moves to the green star square (it may share it)."""
        p, k = action.player, action.pawn
        if action.take:
            assert self.board.green_star is not None
            state = _evolve(state, pawns=place(state.pawns, p, k, self.board.green_star))
            if self._four:
                state = self._track_first(state, p, k)
        pending = tuple(x for x in state.pending if x != (p, k))
        if pending:
            return _evolve(state, pending=pending)
        return self.next_turn(state)

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
        return notation.action_to_str(action)

    def parse_action(self, state: State, text: str) -> Any:
        return notation.parse_action(text)

    @clause("spookslot.geschrokken.blauw-meerdere", "spookslot.geheim.groen-meerdere")
    def validate_state(self, state: State) -> None:
        n, per = self._n, self._per_player
        require(len(state.pawns) == n, f"state.pawns: expected {n} players")
        places = {START, EXIT, *self.board.ids}
        for p, ps in enumerate(state.pawns):
            require(len(ps) == per, f"state.pawns[{p}]: expected {per} pawn(s)")
            for k, q in enumerate(ps):
                require(q in places, f"state.pawns[{p}][{k}]: {q!r} is not a square of the board")
        require(0 <= state.turn < n, f"state.turn: expected a player from 0 to {n - 1}")
        on_board = Counter(q for ps in state.pawns for q in ps if q not in (START, EXIT))
        for q, c in on_board.items():
            require(
                c == 1 or q in self.board.blue or q == self.board.green_star,
                f"state.pawns: {c} pawns share {q}, which is not a blue or the green star square",
            )
        expected = (n,) if self._four else (0,)
        require(len(state.first) in expected and len(state.released) in expected,
                "state.first/released: expected one entry per player with 4 players, else none")
        require(all(f in (-1, 0, 1) for f in state.first), "state.first: expected -1, 0 or 1")
        for p, (f, free) in enumerate(zip(state.first, state.released)):
            require(f != -1 or (not free and all(q == START for q in state.pawns[p])),
                    f"state.first[{p}]: a player who has moved has a first pawn")
            require(f == -1 or free or all(q == START for i, q in enumerate(state.pawns[p])
                                           if i != f),
                    f"state.released[{p}]: the second pawn moved before it was released")
        done = [p for p in range(n) if self.has_won(state, p)]
        if state.phase is Phase.OVER:
            require(state.winner in done, "state.winner: that player has not escaped")
        else:
            require(state.winner == -1, "state.winner: only when the game is over")
            require(not done, "state.pawns: a player has escaped but the game is not over")
        require((state.phase is Phase.MOVE) == (state.roll != 0), "state.roll: only in a move")
        if state.phase is Phase.MOVE:
            require(state.roll in self._faces, f"state.roll: the die has no face {state.roll}")
            require(bool(self.moves(state)), "state: a move phase where no pawn can move")
        if state.phase is Phase.BALL:
            require(self.anyone_in_danger(state), "state: the ball drops but nobody is in danger")
        require((state.phase is Phase.PASSAGE) == bool(state.pending),
                "state.pending: exactly in the passage phase")
        for p, k in state.pending:
            require(0 <= p < n and 0 <= k < per, "state.pending: unknown pawn")
            require(state.pawns[p][k] in self.board.red_stars,
                    "state.pending: that pawn is not on a red star square")
        require(len(set(state.pending)) == len(state.pending), "state.pending: repeated pawn")

    def render(self, state: State) -> str:
        return render.render_text(self, state)

    def render_svg(self, state: State, highlight: tuple[str, ...] = ()) -> str:
        """The board as a path of coloured squares with the pawns on it."""
        return render.render_svg(state, self)

