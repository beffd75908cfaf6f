"""Kasteel rules: skull placement, knight moves, passes, captures and the end — each tied to its clause."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from importlib import resources
from typing import Any, ClassVar

from castlerules.core.chance import uniform
from castlerules.core.errors import InvalidOptionError, SpecError, Violation
from castlerules.core.game import Game, check_player_count, require
from castlerules.core.registry import clause, violation
from castlerules.kasteel import kernel, notation, render
from castlerules.kasteel.board import PLAYER_NAMES, RED, YELLOW, Board, Kind, load_board
from castlerules.kasteel.state import Move, Pass, PlaceSkull, State

#: Passes per level (clause kasteel.kanalen.niveau).
LEVEL_PASSES = {1: 8, 2: 7, 3: 6}
DEFAULT_SKULLS = 4
STUCK_RULES = ("lose", "pass")
#: Per-game caches of legal moves and winners are cleared when they grow past this many states.
_CACHE_LIMIT = 4_096


def default_board_path() -> str:
    """The file system path of the packaged default map (an example for the ``board`` option)."""
    return str(resources.files("castlerules.specs").joinpath("boards", "kasteel-default.txt"))


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _int_option(name: str, value: Any, low: int, high: int | None = None) -> int:
    if (
        not isinstance(value, int)
        or isinstance(value, bool)
        or value < low
        or (high is not None and value > high)
    ):
        upper = f" to {high}" if high is not None else " or more"
        raise InvalidOptionError(f"{name} must be an integer from {low}{upper}, got {value!r}")
    return value


class Kasteel(Game[State, Any]):
    """Het kasteel veroveren: two players, yellow (0) first, eight knights each on a 19x19 board.

    Options (keyword-only):

    - ``level`` (1-3): 8, 7 or 6 passes per player (kasteel.interp.level);
    - ``passes``: an explicit number of passes, overriding the level (kasteel.interp.passes);
    - ``skulls``: how many skulls a chance node places at the start (default 4,
      kasteel.interp.skulls);
    - ``skull_squares``: fixed skull squares such as ``["c10", "j9"]`` instead of chance
      (kasteel.interp.skull-squares);
    - ``board``: the path of a map file in the format of ``specs/boards/kasteel-default.txt``
      (kasteel.interp.board);
    - ``stuck``: what happens to a player who has knights but no legal move: ``"pass"`` (default:
      he passes; if his opponent could not move either, he loses) or ``"lose"`` (he loses at once)
      (kasteel.interp.no-legal-move).
    """

    name: ClassVar[str] = "kasteel"
    state_type: ClassVar[type] = State
    action_types: ClassVar[tuple[type, ...]] = (Move, Pass, PlaceSkull)
    players_range: ClassVar[tuple[int, int]] = (2, 2)
    #: Random playouts are stopped after this many plies. The rules have no move limit
    #: (kasteel.interp.no-move-limit); seeded random games end long before it.
    playout_cap: ClassVar[int] = 20_000

    @classmethod
    def variants(cls) -> tuple[dict[str, Any], ...]:
        return (
            {},
            {"level": 3, "skulls": 6, "stuck": "lose"},
            {"passes": 0, "skull_squares": ["i11", "j10", "k11"], "board": default_board_path()},
        )

    @clause("kasteel.kanalen.niveau", "kasteel.kanalen.passen")
    def __init__(
        self,
        *,
        level: int = 1,
        passes: int | None = None,
        skulls: int | None = None,
        skull_squares: Sequence[str] | None = None,
        board: str | None = None,
        stuck: str = "pass",
        players: int = 2,
        readings: Mapping[str, str] | None = None,
        ruleset: str | None = None,
    ) -> None:
        check_player_count(players, 2, 2, "kasteel")
        given = self.resolve_readings(
            {
                "level": level,
                "passes": passes,
                "skulls": skulls,
                "skull_squares": skull_squares,
                "board": board,
                "stuck": stuck,
            },
            readings,
            ruleset,
        )
        level, passes, skulls = given["level"], given["passes"], given["skulls"]
        skull_squares, board, stuck = given["skull_squares"], given["board"], given["stuck"]
        level = _int_option("level", level, 1, 3)
        options: dict[str, Any] = {"level": level}
        if passes is not None:
            options["passes"] = _int_option("passes", passes, 0, 1000)
        try:
            self.board: Board = load_board(board)
        except SpecError as exc:
            raise InvalidOptionError(f"board: {exc}") from exc
        if board is not None:
            options["board"] = board
        zone = self.board.skull_zone()
        if skull_squares is not None:
            if isinstance(skull_squares, str) or not isinstance(skull_squares, Sequence):
                raise InvalidOptionError("skull_squares must be a list of square names like 'j10'")
            fixed = []
            for name in skull_squares:
                try:
                    sq = self.board.square(name)
                except ValueError as exc:
                    raise InvalidOptionError(f"skull_squares: {exc}") from None
                if sq not in zone:
                    raise InvalidOptionError(
                        f"skull_squares: {name} is not a free ground square of the middle rows"
                    )
                fixed.append(sq)
            if len(set(fixed)) != len(fixed):
                raise InvalidOptionError("skull_squares: a square is named twice")
            if skulls is not None and skulls != len(fixed):
                raise InvalidOptionError(
                    f"skulls={skulls} does not match the {len(fixed)} skull_squares given"
                )
            self._fixed: frozenset[int] | None = frozenset(fixed)
            count = len(fixed)
            options["skull_squares"] = [self.board.name(s) for s in sorted(fixed)]
        else:
            self._fixed = None
            count = DEFAULT_SKULLS if skulls is None else _int_option("skulls", skulls, 0, len(zone))
            if skulls is not None:
                options["skulls"] = count
        if count > len(zone):
            raise InvalidOptionError(f"skulls: at most {len(zone)} fit on this board")
        if stuck not in STUCK_RULES:
            raise InvalidOptionError(f"stuck must be one of {STUCK_RULES}, got {stuck!r}")
        if stuck != "pass":
            options["stuck"] = stuck
        super().__init__(options)
        self.stuck = stuck
        self.skull_count = count
        self.start_passes: int = LEVEL_PASSES[level] if passes is None else passes
        self._zone = zone
        self._zone_set = frozenset(zone)
        b = self.board
        self._wall = tuple(k is Kind.WALL for k in b.kinds)
        self._canal = tuple(1 if k is Kind.CANAL else 0 for k in b.kinds)
        self._moves_cache: dict[State, tuple[Move, ...]] = {}
        self._move_sets: dict[State, frozenset[Move]] = {}
        self._winners_cache: dict[State, frozenset[int]] = {}
        self._interned: dict[int, Move] = {}
        self._skull_actions = {sq: PlaceSkull(sq) for sq in zone}

    @property
    def num_players(self) -> int:
        return 2

    # -- states ----------------------------------------------------------------------------
    @clause("kasteel.spel.geel-eerst", "kasteel.kanalen.niveau")
    def initial_state(self) -> State:
        """Knights on their walls, the level's passes each, yellow to move; at a chance node
        while skulls remain to be placed."""
        return State(
            knights=self.board.start,
            passes=(self.start_passes, self.start_passes),
            skulls=self._fixed if self._fixed is not None else frozenset(),
            to_move=YELLOW,
        )

    def is_chance(self, state: State) -> bool:
        return len(state.skulls) < self.skull_count

    @clause("kasteel.kanalen.schedels")
    def chance_outcomes(self, state: State) -> tuple[tuple[PlaceSkull, Fraction], ...]:
        """The next skull lands uniformly on a free square of the zone (placing them one by one
        makes every set of distinct squares equally likely)."""
        if not self.is_chance(state):
            return ()
        return uniform(self._skull_actions[sq] for sq in self._zone if sq not in state.skulls)

    def stuck_player(self, state: State) -> bool:
        """The player to move has knights but no legal move (kasteel.interp.no-legal-move)."""
        return (
            not self.is_chance(state)
            and bool(state.knights[state.to_move])
            and not self.moves(state)
        )

    @clause("kasteel.einde.sleutel", "kasteel.einde.ridders", "kasteel.doel.sleutel",
            "kasteel.einde.geen-gelijkspel")
    def won(self, state: State, player: int) -> bool:
        """``player`` has won (see ``kernel.has_won``)."""
        enemy = 1 - player
        if self.is_chance(state):
            return False
        enemy_to_move = state.to_move == enemy
        enemy_stuck = enemy_to_move and self.stuck_player(state)
        self_stuck = enemy_stuck and self.stuck_player(
            State(state.knights, state.passes, state.skulls, player)
        )
        return bool(
            kernel.has_won(
                self.board.keys[enemy] in state.knights[player],
                bool(state.knights[enemy]),
                enemy_to_move,
                enemy_stuck,
                self_stuck,
                self.stuck == "lose",
            )
        )

    def is_terminal(self, state: State) -> bool:
        return bool(self.winners(state))

    def winners(self, state: State) -> frozenset[int]:
        found = self._winners_cache.get(state)
        if found is None:
            found = frozenset(p for p in (YELLOW, RED) if self.won(state, p))
            if len(self._winners_cache) > _CACHE_LIMIT:
                self._winners_cache.clear()
            self._winners_cache[state] = found
        return found

    def actors(self, state: State) -> frozenset[int]:
        if self.is_chance(state) or self.is_terminal(state):
            return frozenset()
        return frozenset((state.to_move,))

    # -- move generation -------------------------------------------------------------------
    @clause("kasteel.spel.schuiven", "kasteel.spel.muren-langs", "kasteel.spel.klimmen",
            "kasteel.spel.eigen-sleutel", "kasteel.spel.niet-springen", "kasteel.spel.slaan",
            "kasteel.kanalen.uitgeput")
    def moves(self, state: State) -> tuple[Move, ...]:
        """Every legal knight move of the player to move, sorted by (from, to)."""
        found = self._moves_cache.get(state)
        if found is not None:
            return found
        p = state.to_move
        own, opp = state.knights[p], state.knights[1 - p]
        own_key = self.board.keys[p]
        left = state.passes[p]
        skulls = state.skulls
        wall, canal, rays = self._wall, self._canal, self.board.rays
        size, interned = self.board.size, self._interned
        out: list[Move] = []
        for frm in sorted(own):
            level = wall[frm]
            targets: list[int] = []
            for ray in rays[frm]:
                cost = 0
                first = True
                for sq in ray:
                    if sq in own or sq == own_key:
                        break
                    cost += canal[sq] + (sq in skulls)
                    if cost > left:
                        break
                    if wall[sq] != level:
                        if first:
                            targets.append(sq)
                        break
                    targets.append(sq)
                    if sq in opp:
                        break
                    first = False
            targets.sort()
            base = (p * size + frm) * size
            for to in targets:
                m = interned.get(base + to)
                if m is None:
                    m = interned[base + to] = Move(p, frm, to)
                out.append(m)
        found = tuple(out)
        if len(self._moves_cache) > _CACHE_LIMIT:
            self._moves_cache.clear()
            self._move_sets.clear()
        self._moves_cache[state] = found
        self._move_sets[state] = frozenset(found)
        return found

    def legal_actions(self, state: State) -> tuple[Any, ...]:
        if self.is_chance(state):
            return tuple(o for o, _ in self.chance_outcomes(state))
        if self.is_terminal(state):
            return ()
        found = self.moves(state)
        if not found:
            return (Pass(state.to_move),)
        return found

    def candidate_actions(self, state: State) -> tuple[Any, ...]:
        """Every skull placement on the zone, every pass, and every move of either player from a
        knight to any square in its row or column."""
        out: list[Any] = [PlaceSkull(sq) for sq in self._zone]
        out += [Pass(p) for p in (YELLOW, RED)]
        for p in (YELLOW, RED):
            for frm in sorted(state.knights[p]):
                for ray in self.board.rays[frm]:
                    out += [Move(p, frm, sq) for sq in ray]
        return tuple(out)

    # -- legality --------------------------------------------------------------------------
    def rule_violation(self, state: State, action: Any) -> Violation | None:
        if self.is_chance(state):
            if not isinstance(action, PlaceSkull):
                return violation(
                    "kasteel.kanalen.schedels", "the skulls are placed before the first move"
                )
            square = action.square
            if not _is_int(square) or square not in self._zone_set or square in state.skulls:
                return violation(
                    "kasteel.kanalen.schedels",
                    f"a skull cannot be placed on {action.square!r}: not a free square of the "
                    "middle rows (interpretation kasteel.interp.skull-squares)",
                )
            return None
        if self.is_terminal(state):
            return self._end_violation(state)
        if isinstance(action, PlaceSkull):
            return violation("kasteel.kanalen.schedels", "all skulls have been placed")
        if isinstance(action, Pass):
            return self._pass_violation(state, action)
        if isinstance(action, Move):
            if not all(_is_int(x) for x in (action.player, action.frm, action.to)):
                return violation("kasteel.spel.schuiven", f"{action!r} is not a move between squares")
            self.moves(state)
            if action in self._move_sets[state]:
                return None
            return self._move_violation(state, action)
        return violation("kasteel.spel.schuiven", f"{action!r} is not a move, a pass or a skull")

    def _end_violation(self, state: State) -> Violation:
        for p in (YELLOW, RED):
            if self.board.keys[1 - p] in state.knights[p]:
                return violation(
                    "kasteel.einde.sleutel",
                    f"the game is over: {PLAYER_NAMES[p]} has conquered the opponent's key square",
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
    def _pass_violation(self, state: State, action: Pass) -> Violation | None:
        if action.player != state.to_move:
            return violation("kasteel.spel.geel-eerst", f"it is {PLAYER_NAMES[state.to_move]}'s turn")
        if self.moves(state):
            return violation(
                "kasteel.spel.schuiven",
                "a player who can move must move a knight (interpretation kasteel.interp.turns)",
            )
        return None

    @clause("kasteel.spel.geel-eerst", "kasteel.spel.schuiven", "kasteel.spel.klimmen",
            "kasteel.spel.eigen-sleutel", "kasteel.spel.niet-springen", "kasteel.kanalen.uitgeput")
    def _move_violation(self, state: State, action: Move) -> Violation | None:
        p, frm, to = action.player, action.frm, action.to
        if p != state.to_move:
            return violation(
                "kasteel.spel.geel-eerst", f"it is {PLAYER_NAMES[state.to_move]}'s turn, not "
                f"{PLAYER_NAMES[p] if p in (0, 1) else p!r}'s"
            )
        b = self.board
        if frm not in state.knights[p]:
            return violation("kasteel.spel.schuiven", f"{PLAYER_NAMES[p]} has no knight there")
        path: tuple[int, ...] | None = None
        for ray in b.rays[frm]:
            if to in ray:
                path = ray[: ray.index(to) + 1]
        if path is None:
            return violation(
                "kasteel.spel.schuiven",
                f"{b.name(frm)} to {to!r} is not an orthogonal move of one or more squares",
            )
        level = self._wall[frm]
        if len(path) > 1 and any(self._wall[sq] != level for sq in path):
            return violation(
                "kasteel.spel.klimmen",
                "a move between wall and ground is a single step (interpretation kasteel.interp.climb)",
            )
        own, opp = state.knights[p], state.knights[1 - p]
        if b.keys[p] in path:
            return violation(
                "kasteel.spel.eigen-sleutel",
                f"{b.name(b.keys[p])} is {PLAYER_NAMES[p]}'s own key square",
            )
        for sq in path[:-1]:
            if sq in own or sq in opp:
                return violation("kasteel.spel.niet-springen", f"a knight stands on {b.name(sq)}")
        if to in own:
            return violation("kasteel.spel.schuiven", f"{b.name(to)} holds an own knight")
        cost = self.path_cost(state, path)
        if cost > state.passes[p]:
            return violation(
                "kasteel.kanalen.uitgeput",
                f"the move costs {cost} passes and {PLAYER_NAMES[p]} has {state.passes[p]} left",
            )
        return None

    def path_cost(self, state: State, path: Sequence[int]) -> int:
        """Passes a move along ``path`` (the squares it enters) costs."""
        return sum(
            int(kernel.square_cost(self._canal[sq] == 1, sq in state.skulls)) for sq in path
        )

    def path(self, action: Move) -> tuple[int, ...]:
        """The squares a move enters, nearest first (empty if it is not along a line)."""
        for ray in self.board.rays[action.frm]:
            if action.to in ray:
                return ray[: ray.index(action.to) + 1]
        return ()

    # -- transitions -----------------------------------------------------------------------
    @clause("kasteel.spel.slaan", "kasteel.kanalen.passen", "kasteel.spel.geel-eerst")
    def successor(self, state: State, action: Any) -> State:
        if isinstance(action, PlaceSkull):
            return State(
                knights=state.knights,
                passes=state.passes,
                skulls=state.skulls | {action.square},
                to_move=state.to_move,
            )
        p = state.to_move
        if isinstance(action, Pass):
            return State(state.knights, state.passes, state.skulls, 1 - p)
        own = (state.knights[p] - {action.frm}) | {action.to}
        opp = state.knights[1 - p] - {action.to}
        cost = 0
        for ray in self.board.rays[action.frm]:
            if action.to in ray:
                for sq in ray:
                    cost += self._canal[sq] + (sq in state.skulls)
                    if sq == action.to:
                        break
                break
        left = state.passes[p] - cost
        knights = (own, opp) if p == YELLOW else (opp, own)
        passes = (left, state.passes[1]) if p == YELLOW else (state.passes[0], left)
        return State(knights, passes, state.skulls, 1 - p)

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
        return notation.action_to_str(self.board, state, action)

    def parse_action(self, state: State, text: str) -> Any:
        return notation.parse_action(self.board, state, text)

    def validate_state(self, state: State) -> None:
        b = self.board
        for p in (YELLOW, RED):
            who = PLAYER_NAMES[p]
            require(
                all(0 <= sq < b.size for sq in state.knights[p]),
                f"state.knights[{p}]: a {who} square is off the board",
            )
            require(
                len(state.knights[p]) <= len(b.start[p]),
                f"state.knights[{p}]: {who} has more knights than at the start",
            )
            require(
                b.keys[p] not in state.knights[p],
                f"state.knights[{p}]: a {who} knight stands on its own key square",
            )
            require(
                0 <= state.passes[p] <= self.start_passes,
                f"state.passes[{p}]: expected 0 to {self.start_passes}",
            )
        require(not state.knights[0] & state.knights[1], "state.knights: two knights on one square")
        require(state.to_move in (YELLOW, RED), "state.to_move: expected 0 (yellow) or 1 (red)")
        require(state.skulls <= self._zone_set, "state.skulls: a skull outside the middle rows")
        require(len(state.skulls) <= self.skull_count, "state.skulls: too many skulls")
        if self._fixed is not None:
            require(state.skulls == self._fixed, "state.skulls: expected the fixed skull squares")
        if self.is_chance(state):
            require(
                state == State(b.start, (self.start_passes, self.start_passes), state.skulls, YELLOW),
                "state: while skulls are placed the position must be the start",
            )
        require(
            len(self.winners(state)) <= 1, "state: both players cannot have won (unreachable)"
        )

    def render(self, state: State) -> str:
        return render.render_text(self.board, state)

    def render_svg(self, state: State, highlight: tuple[str, ...] = ()) -> str:
        return render.render_svg(state, self.board)

