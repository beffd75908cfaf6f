"""Kasteel theorems: nobody draws (exactly one winner; the stuck positions), no overlap, no knight on
its own key, passes only go down, and a move costs what it enters.

The z3 checks are about the dual-mode kernels in ``kernel.py`` (the functions the game calls) over a
symbolic position: one boolean per square for a yellow knight, a red knight and a skull. Each check
takes the kernel functions it is about as parameters (defaulting to the real ones), so a test can
hand it a deliberately broken rule and see the counterexample.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import z3

from castlerules.core.symbolic import And, Count, ExactlyOne, Not, Or, Sum
from castlerules.core.theorem import Result, Status, Theorem, z3_find, z3_prove
from castlerules.kasteel import kernel
from castlerules.kasteel.board import PLAYER_NAMES, RED, YELLOW, Kind
from castlerules.kasteel.rules import Kasteel
from castlerules.kasteel.state import Move, State

GAME = "kasteel"
MoveLegal = Callable[..., Any]
AfterMove = Callable[..., tuple[Any, Any]]
EndOk = Callable[[Any, Any], Any]
HasWon = Callable[..., Any]

#: A game from the start, written out: the skulls fall on i11, j10, k11 and s11 (one chance outcome
#: among many, so the position is reachable), yellow walks a knight to j11 and spends all eight
#: passes going j11-j10-j11, while one red knight captures the other seven yellow knights. Then
#: yellow is to move with one knight and no legal move. Built by ``examples/kasteel_stuck_line.py``.
STUCK_LINE: tuple[str, ...] = (
    "skull i11", "skull j10", "skull k11", "skull s11", "c8-c9", "q12-q11",
    "c9-c10", "q11-q9", "c10-i10", "q9xq8", "i10-j10", "q8-l8", "j10-j11", "l8-l7", "j11-j10",
    "l7xl6", "j10-j11", "l6xl2", "j11-j10", "l2-l6", "j10-j11", "l6xh6", "j11-j10", "h6xh2",
    "j10-j11", "h2-h1", "j11-j10", "h1-g1", "j10-j11", "g1xf1", "j11-j10", "f1-g1", "j10-j11",
    "g1-m1", "j11-j10", "m1xn1", "j10-j11", "n19-o19", "j11-j10", "o19-s19", "j10-j11",
    "s19-r19",
)


class Symbolic:
    """A symbolic Kasteel position on ``game``'s board (free z3 variables)."""

    def __init__(self, game: Kasteel, tag: str = "") -> None:
        b = game.board
        self.game = game
        self.board = b
        zone = set(b.skull_zone())
        self.knights = tuple(
            [z3.Bool(f"{tag}{PLAYER_NAMES[p]}_{b.name(sq)}") for sq in range(b.size)]
            for p in (YELLOW, RED)
        )
        self.skull: list[Any] = [
            z3.Bool(f"{tag}skull_{b.name(sq)}") if sq in zone else False for sq in range(b.size)
        ]
        self.passes = (z3.Int(f"{tag}passes_yellow"), z3.Int(f"{tag}passes_red"))

    def invariant(self) -> list[Any]:
        """What every state of play satisfies: no two knights on a square, no knight on its own
        key, at most the starting number of knights, passes between 0 and the start, the skulls."""
        b, g = self.board, self.game
        out: list[Any] = []
        for p in (YELLOW, RED):
            out.append(Not(self.knights[p][b.keys[p]]))
            out.append(Count(self.knights[p]) <= len(b.start[p]))
            out.append(self.passes[p] >= 0)
            out.append(self.passes[p] <= g.start_passes)
        out += [Not(And(y, r)) for y, r in zip(*self.knights)]
        out.append(Count(s for s in self.skull if not isinstance(s, bool)) == g.skull_count)
        return out

    def one_step_legal(
        self, p: int, frm: int, sq: int, knights: Sequence[Sequence[Any]] | None = None,
        move_legal: MoveLegal = kernel.move_legal,
    ) -> Any:
        b = self.board
        k = knights if knights is not None else self.knights
        return move_legal(
            b.kinds[frm] is Kind.WALL,
            [b.kinds[sq] is Kind.WALL],
            [k[p][sq]],
            [k[1 - p][sq]],
            [sq == b.keys[p]],
            [kernel.square_cost(b.kinds[sq] is Kind.CANAL, self.skull[sq])],
            self.passes[p],
        )

    def stuck(
        self, p: int, knights: Sequence[Sequence[Any]] | None = None,
        move_legal: MoveLegal = kernel.move_legal,
    ) -> Any:
        """Player p has knights and no legal one-square move (so no legal move at all, by the
        theorem kasteel.slide-prefix)."""
        b = self.board
        k = knights if knights is not None else self.knights
        blocked = []
        for frm in range(b.size):
            steps = [ray[0] for ray in b.rays[frm] if ray]
            blocked.append(
                z3.Implies(
                    k[p][frm],
                    Not(Or(*(self.one_step_legal(p, frm, sq, k, move_legal) for sq in steps))),
                )
            )
        return And(Or(*k[p]), *blocked)

    def won(
        self, p: int, to_move: int, stuck_loses: bool,
        knights: Sequence[Sequence[Any]] | None = None, has_won: HasWon = kernel.has_won,
    ) -> Any:
        k = knights if knights is not None else self.knights
        enemy = 1 - p
        enemy_to_move = to_move == enemy
        enemy_stuck = self.stuck(enemy, k)
        self_stuck = self.stuck(p, k) if not stuck_loses else False
        return has_won(
            k[p][self.board.keys[enemy]],
            Or(*k[enemy]),
            enemy_to_move,
            enemy_stuck,
            self_stuck,
            stuck_loses,
        )

    def state(self, model: z3.ModelRef, to_move: int) -> State:
        """The concrete state a model describes."""

        def true(x: Any) -> bool:
            return not isinstance(x, bool) and z3.is_true(model.eval(x, model_completion=True))

        b = self.board
        return State(
            knights=(
                frozenset(sq for sq in range(b.size) if true(self.knights[YELLOW][sq])),
                frozenset(sq for sq in range(b.size) if true(self.knights[RED][sq])),
            ),
            passes=(
                model.eval(self.passes[YELLOW], model_completion=True).as_long(),
                model.eval(self.passes[RED], model_completion=True).as_long(),
            ),
            skulls=frozenset(sq for sq in range(b.size) if true(self.skull[sq])),
            to_move=to_move,
        )


def _state_renderer(g: Kasteel, s: Symbolic, p: int, title: str) -> Callable[[z3.ModelRef], str]:
    def show(m: z3.ModelRef) -> str:
        return (title + "\n" if title else "") + g.render(s.state(m, p))

    return show


def _move_renderer(
    g: Kasteel, s: Symbolic, p: int, frm: Any, to: Any
) -> Callable[[z3.ModelRef], str]:
    def show(m: z3.ModelRef) -> str:
        b = g.board
        names = (b.name(m.eval(frm).as_long()), b.name(m.eval(to).as_long()))
        return (
            f"stuck={g.stuck}; {PLAYER_NAMES[p]} moves {names[0]}-{names[1]} in\n"
            + g.render(s.state(m, p))
        )

    return show


def _at(xs: Sequence[Any], v: Any) -> Any:
    """``xs[v]`` for a symbolic index ``v``."""
    return z3.Or(*(z3.And(v == i, x) for i, x in enumerate(xs)))


def _default_game() -> Kasteel:
    return Kasteel()


# -- exactly one winner ----------------------------------------------------------------------------
def check_one_winner(
    game: Kasteel | None = None,
    after_move: AfterMove = kernel.after_move,
    end_ok: EndOk = kernel.end_ok,
    has_won: HasWon = kernel.has_won,
) -> Result:
    """Inductive step, for each player to move and each end-of-game rule: from any non-terminal
    state satisfying the invariant, after any move of the player to move from one of his knights
    to a square where a move may end (a superset of the legal moves), or after a pass of a stuck
    player, the state is not terminal or has exactly one winner."""
    base = game or _default_game()
    for rule in ("lose", "pass"):
        g = Kasteel(**{**base.options, "stuck": rule})
        for p in (YELLOW, RED):
            s = Symbolic(g)
            b = g.board
            frm, to = z3.Int("from"), z3.Int("to")
            own, opp = s.knights[p], s.knights[1 - p]

            after = [after_move(own[i], opp[i], frm == i, to == i) for i in range(b.size)]
            new = [[a[0] for a in after], [a[1] for a in after]]
            knights_after = new if p == YELLOW else [new[1], new[0]]
            stuck_loses = rule == "lose"
            before_end = Or(*(s.won(q, p, stuck_loses, None, has_won) for q in (YELLOW, RED)))
            yw = s.won(YELLOW, 1 - p, stuck_loses, knights_after, has_won)
            rw = s.won(RED, 1 - p, stuck_loses, knights_after, has_won)
            result = z3_prove(
                z3.Implies(Or(yw, rw), ExactlyOne(yw, rw)),
                assumptions=[
                    *s.invariant(),
                    Not(before_end),
                    frm >= 0, frm < b.size, to >= 0, to < b.size, frm != to,
                    _at(own, frm),
                    z3.Or(*(z3.And(to == i, end_ok(own[i], i == b.keys[p])) for i in range(b.size))),
                ],
                render=_move_renderer(g, s, p, frm, to),
            )
            if result.status is not Status.PROVED:
                return result
            # a pass (stuck="pass"): the knights stay, the turn goes over
            yw = s.won(YELLOW, 1 - p, stuck_loses, None, has_won)
            rw = s.won(RED, 1 - p, stuck_loses, None, has_won)
            result = z3_prove(
                z3.Implies(Or(yw, rw), ExactlyOne(yw, rw)),
                assumptions=[*s.invariant(), Not(before_end), s.stuck(p)],
                render=_state_renderer(g, s, p, f"stuck={g.stuck}; {PLAYER_NAMES[p]} passes in"),
            )
            if result.status is not Status.PROVED:
                return result
    if base.is_terminal(base.initial_state()):
        return Result.refuted(base.render(base.initial_state()), "the start is terminal")
    return Result.proved(
        "z3, inductive step over all states satisfying the invariant, both players to move, "
        "both end-of-game rules; the start is not terminal"
    )


# -- no overlap, no own key ------------------------------------------------------------------------
def check_no_overlap(
    game: Kasteel | None = None, after_move: AfterMove = kernel.after_move, end_ok: EndOk = kernel.end_ok
) -> Result:
    """Inductive step: a move from an own knight to a square where a move may end keeps at most one
    knight on every square and no knight on its own key square."""
    g = game or _default_game()
    b = g.board
    for p in (YELLOW, RED):
        s = Symbolic(g)
        own, opp = s.knights[p], s.knights[1 - p]
        frm, to = z3.Int("from"), z3.Int("to")
        after = [after_move(own[i], opp[i], frm == i, to == i) for i in range(b.size)]
        claim = And(*(Not(And(a[0], a[1])) for a in after), Not(after[b.keys[p]][0]),
                    Not(after[b.keys[1 - p]][1]))
        result = z3_prove(
            claim,
            assumptions=[
                *s.invariant(),
                frm >= 0, frm < b.size, to >= 0, to < b.size, frm != to,
                z3.Or(*(z3.And(frm == i, own[i]) for i in range(b.size))),
                z3.Or(*(z3.And(to == i, end_ok(own[i], i == b.keys[p])) for i in range(b.size))),
            ],
            render=_move_renderer(g, s, p, frm, to),
        )
        if result.status is not Status.PROVED:
            return result
    return Result.proved("z3, inductive step over all states satisfying the invariant")


def _path_symbols(d: int) -> tuple[Any, list[Any], list[Any], list[Any], list[Any], list[Any],
                                   list[Any], Any]:
    origin = z3.Bool("origin_wall")
    walls = [z3.Bool(f"wall_{i}") for i in range(d)]
    own = [z3.Bool(f"own_{i}") for i in range(d)]
    opp = [z3.Bool(f"opp_{i}") for i in range(d)]
    key = [z3.Bool(f"own_key_{i}") for i in range(d)]
    canal = [z3.Bool(f"canal_{i}") for i in range(d)]
    skull = [z3.Bool(f"skull_{i}") for i in range(d)]
    return origin, walls, own, opp, key, canal, skull, z3.Int("passes")


def _path_renderer(names: Sequence[Any]) -> Callable[[z3.ModelRef], str]:
    def show(m: z3.ModelRef) -> str:
        return ", ".join(f"{v}={m.eval(v, model_completion=True)}" for v in names)

    return show


def check_own_key_path(
    move_legal: MoveLegal = kernel.move_legal, longest: int = 18
) -> Result:
    """For every line of 1..``longest`` squares: a legal move neither ends on nor passes the
    mover's own key square."""
    for d in range(1, longest + 1):
        origin, walls, own, opp, key, canal, skull, passes = _path_symbols(d)
        costs = [kernel.square_cost(c, s) for c, s in zip(canal, skull)]
        result = z3_prove(
            z3.Implies(move_legal(origin, walls, own, opp, key, costs, passes), Not(Or(*key))),
            assumptions=[passes >= 0],
            render=_path_renderer([origin, *walls, *own, *opp, *key, passes]),
        )
        if result.status is not Status.PROVED:
            return result
    return Result.proved(f"z3, every line length 1-{longest}")


# -- passes ----------------------------------------------------------------------------------------
def check_passes_monotone(
    move_legal: MoveLegal = kernel.move_legal,
    square_cost: Callable[[Any, Any], Any] = kernel.square_cost,
    longest: int = 18,
) -> Result:
    """For every line of 1..``longest`` squares and any passes >= 0: after a legal move the mover
    has between 0 and his passes before; the opponent's passes do not change (``successor``)."""
    for d in range(1, longest + 1):
        origin, walls, own, opp, key, canal, skull, passes = _path_symbols(d)
        costs = [square_cost(c, s) for c, s in zip(canal, skull)]
        after = passes - Sum(costs)
        result = z3_prove(
            z3.Implies(
                move_legal(origin, walls, own, opp, key, costs, passes),
                z3.And(after >= 0, after <= passes),
            ),
            assumptions=[passes >= 0],
            render=_path_renderer([origin, *walls, *canal, *skull, passes]),
        )
        if result.status is not Status.PROVED:
            return result
    return Result.proved(f"z3, every line length 1-{longest}")


def check_slide_prefix(move_legal: MoveLegal = kernel.move_legal, longest: int = 18) -> Result:
    """For every line of 2..``longest`` squares: if the move to the last square is legal, so is
    the one-square move to the first. (So a player with no legal one-square move has no legal
    move at all, which the stuck search relies on.)"""
    for d in range(2, longest + 1):
        origin, walls, own, opp, key, canal, skull, passes = _path_symbols(d)
        costs = [kernel.square_cost(c, s) for c, s in zip(canal, skull)]
        result = z3_prove(
            z3.Implies(
                move_legal(origin, walls, own, opp, key, costs, passes),
                move_legal(origin, walls[:1], own[:1], opp[:1], key[:1], costs[:1], passes),
            ),
            assumptions=[passes >= 0],
            render=_path_renderer([origin, *walls, *own, *opp, *key, *canal, *skull, passes]),
        )
        if result.status is not Status.PROVED:
            return result
    return Result.proved(f"z3, every line length 2-{longest}")


def independent_cost(game: Kasteel, state: State, move: Move) -> int:
    """Count the canal and skull squares a move enters, from the board's kinds and the geometry
    (not through the rules' cost function)."""
    b = game.board
    fc, fr = move.frm % b.width, move.frm // b.width
    tc, tr = move.to % b.width, move.to // b.width
    n = max(abs(tc - fc), abs(tr - fr))
    dc, dr = (tc > fc) - (tc < fc), (tr > fr) - (tr < fr)
    entered = [(fr + dr * k) * b.width + fc + dc * k for k in range(1, n + 1)]
    return sum(b.kinds[sq] is Kind.CANAL for sq in entered) + sum(
        sq in state.skulls for sq in entered
    )


def check_move_cost(
    game_factory: Callable[[], Kasteel] | None = None, games: int = 4, seed: int = 5
) -> Result:
    """On seeded random games (every legal move of every visited state): the mover's passes drop by
    exactly the canal and skull squares the move enters, and the opponent's do not change."""
    factory = game_factory or (lambda: Kasteel(level=3))
    g = factory()
    rng = random.Random(seed)
    checked = 0
    for _ in range(games):
        state = g.initial_state()
        plies = 0
        while not g.is_terminal(state) and plies < 400:
            if not g.is_chance(state):
                p = state.to_move
                for a in g.legal_actions(state):
                    if not isinstance(a, Move):
                        continue
                    nxt = g.successor(state, a)
                    want = state.passes[p] - independent_cost(g, state, a)
                    checked += 1
                    if nxt.passes[p] != want or nxt.passes[1 - p] != state.passes[1 - p]:
                        return Result.refuted(
                            f"{g.action_to_str(state, a)} in\n{g.render(state)}",
                            f"passes after: {nxt.passes}, expected {PLAYER_NAMES[p]} {want}",
                        )
            legal = g.legal_actions(state)
            state = g.apply(state, rng.choice(legal) if not g.is_chance(state)
                            else legal[rng.randrange(len(legal))])
            plies += 1
    return Result.proved(f"{checked} legal moves checked on {games} random games")


# -- the castles can be entered over the wall ----------------------------------------------------
def reachable_squares(game: Kasteel, player: int, frm: int, skulls: frozenset[int]) -> set[int]:
    """Squares a lone knight of ``player`` can reach from ``frm`` with no passes, over any number
    of its own moves, with skulls on ``skulls`` (other knights cannot block: they may be captured
    or moved away)."""
    seen = {frm}
    todo = [frm]
    while todo:
        sq = todo.pop()
        knights = (frozenset({sq}), frozenset()) if player == YELLOW else (frozenset(), frozenset({sq}))
        for m in game.moves(State(knights, (0, 0), skulls, player)):
            if m.to not in seen:
                seen.add(m.to)
                todo.append(m.to)
    return seen


def check_enter_over_wall(game_factory: Callable[[], Kasteel] | None = None) -> Result:
    """For both players and every starting square: a lone knight with no passes left reaches the
    opponent's key square whatever the skulls.

    Method: for each column, put a skull on every middle-row square outside it and search. A column
    that works is "good". k skulls leave at least (columns - k) columns free of skulls, and more
    skulls only remove moves; so if fewer than (columns - k) columns are bad, every placement of k
    skulls leaves a good column free, and the key square is reachable."""
    g = game_factory() if game_factory is not None else _default_game()
    b = g.board
    zone = g.board.skull_zone()
    columns = sorted({sq % b.width for sq in zone})
    bad: list[str] = []
    example = ""
    for column in columns:
        skulls = frozenset(sq for sq in zone if sq % b.width != column)
        for p in (YELLOW, RED):
            for start in sorted(b.start[p]):
                if b.keys[1 - p] not in reachable_squares(g, p, start, skulls):
                    bad.append(b.name(column)[0])
                    one, none = frozenset({start}), frozenset[int]()
                    knights = (one, none) if p == YELLOW else (none, one)
                    example = example or (
                        g.render(State(knights, (0, 0), skulls, p))
                        + f"\n{PLAYER_NAMES[p]} from {b.name(start)} cannot reach "
                        f"{b.name(b.keys[1 - p])} with no passes"
                    )
                    break
            else:
                continue
            break
    if len(bad) >= len(columns) - g.skull_count:
        return Result.refuted(example, f"bad columns {bad}: {g.skull_count} skulls can cut the way")
    return Result.proved(
        f"searched {len(columns)} columns; only {bad or 'none'} cannot be crossed without passes, "
        f"and {g.skull_count} skulls leave at least {len(columns) - g.skull_count} columns free"
    )


# -- stuck positions -------------------------------------------------------------------------------
def find_stuck(
    game: Kasteel | None = None, move_legal: MoveLegal = kernel.move_legal, both: bool = False
) -> tuple[str, State] | None:
    """A state satisfying the invariant where yellow is to move, no game-ending condition holds,
    and yellow has knights but no legal move (``both``: red could not move either). None if z3
    shows there is none."""
    g = game or _default_game()
    b = g.board
    s = Symbolic(g)
    conds = [
        *s.invariant(),
        Not(s.knights[YELLOW][b.keys[RED]]),
        Not(s.knights[RED][b.keys[YELLOW]]),
        Or(*s.knights[RED]),
        s.stuck(YELLOW, move_legal=move_legal),
    ]
    if both:
        conds.append(s.stuck(RED, move_legal=move_legal))
    found = z3_find(z3.And(*conds), render=_state_renderer(g, s, YELLOW, ""))
    if found is None:
        return None
    return found[0], s.state(found[1], YELLOW)


def check_never_stuck(game: Kasteel | None = None, move_legal: MoveLegal = kernel.move_legal) -> Result:
    """Claim: the player to move always has a legal move while he has knights. z3 searches all
    states satisfying the invariant (default skulls and passes) for one where he has none."""
    g = game or _default_game()
    found = find_stuck(g, move_legal)
    if found is None:
        return Result.proved("z3: no state satisfying the invariant leaves the player to move stuck")
    text, state = found
    if move_legal is kernel.move_legal and g.moves(state):
        return Result.unknown("z3's stuck position has moves in the game: the encodings disagree")
    return Result.refuted(text, "z3 found a position where yellow has knights and no legal move")


def check_never_deadlocked(
    game: Kasteel | None = None, move_legal: MoveLegal = kernel.move_legal
) -> Result:
    """Claim: no state satisfying the invariant leaves BOTH players with knights and no legal move
    (with the default four skulls). With ``stuck="pass"`` such a state would be a draw: both would
    pass for ever."""
    g = game or _default_game()
    found = find_stuck(g, move_legal, both=True)
    if found is None:
        return Result.proved(
            f"z3: with {g.skull_count} skulls no state satisfying the invariant leaves both "
            "players stuck"
        )
    return Result.refuted(found[0], "z3 found a position where neither player can move")


def check_stuck_reachable(
    game_factory: Callable[[], Kasteel] | None = None, line: Sequence[str] = STUCK_LINE
) -> Result:
    """Claim: no position reachable from the start leaves the player to move stuck. Refuted by
    replaying ``line`` from the start with ``stuck="pass"`` (so the game goes on through it)."""
    g = game_factory() if game_factory is not None else Kasteel()
    state = g.initial_state()
    for ply, text in enumerate(line):
        action = g.parse_action(state, text)
        if not g.is_legal(state, action):
            return Result.unknown(f"ply {ply} {text!r} is illegal: {g.violation(state, action)}")
        state = g.apply(state, action)
        if g.stuck_player(state):
            shown = " ".join(line[: ply + 1])
            return Result.refuted(
                g.render(state),
                f"after {ply + 1} plies from the start ({shown}) "
                f"{PLAYER_NAMES[state.to_move]} has a knight and no legal move",
            )
    return Result.proved(f"no stuck position along the {len(line)} plies replayed")


def theorems(game: Any = None) -> tuple[Theorem, ...]:
    moves = ("kasteel.spel.schuiven", "kasteel.spel.muren-langs", "kasteel.spel.klimmen",
             "kasteel.spel.niet-springen", "kasteel.spel.eigen-sleutel")
    end = ("kasteel.einde.geen-gelijkspel", "kasteel.einde.sleutel", "kasteel.einde.ridders",
           "kasteel.doel.sleutel")
    passes = ("kasteel.kanalen.passen", "kasteel.kanalen.uitgeput", "kasteel.kanalen.schedels",
              "kasteel.kanalen.vrij")
    return (
        Theorem(
            "kasteel.one-winner", GAME,
            "Kasteel never draws, part 1: every terminal state reached in play has exactly one "
            "winner. Proved by induction: the start is not terminal, and from every non-terminal "
            "state satisfying the invariant (no overlap, no knight on its own key, at most the "
            "starting knights, passes in range, the skulls placed) any move or forced pass leads "
            "to a state that is not terminal or has exactly one winner (z3, all such states, both "
            "players to move, both rules for a player who cannot move). The invariant itself is "
            "kept by kasteel.no-overlap and kasteel.passes-monotone.",
            end, "z3", check_one_winner,
        ),
        Theorem(
            "kasteel.never-stuck", GAME,
            "Kasteel never draws, part 2 (claim): the player to move always has a legal move while "
            "he has knights.",
            (*end, *moves, *passes), "z3", check_never_stuck,
            expected=Status.COUNTEREXAMPLE,
            finding=FINDING_STUCK,
        ),
        Theorem(
            "kasteel.stuck-reachable", GAME,
            "Kasteel never draws, part 3 (claim): no position reachable from the start leaves the "
            "player to move with knights but no legal move.",
            (*end, "kasteel.kanalen.schedels", "kasteel.kanalen.uitgeput"), "bounded",
            check_stuck_reachable,
            expected=Status.COUNTEREXAMPLE,
            finding=FINDING_REACHABLE,
        ),
        Theorem(
            "kasteel.never-deadlocked", GAME,
            "Kasteel never draws, part 4: with the default four skulls no state satisfying the "
            "invariant leaves both players with knights and no legal move, so passing can never "
            "go on for ever.",
            (*end, *passes), "z3", check_never_deadlocked,
        ),
        Theorem(
            "kasteel.no-overlap", GAME,
            "Pieces never overlap and no knight ever stands on its own key square (inductive step "
            "over all states satisfying the invariant).",
            ("kasteel.spel.slaan", "kasteel.spel.schuiven", "kasteel.spel.eigen-sleutel"), "z3",
            check_no_overlap,
        ),
        Theorem(
            "kasteel.own-key", GAME,
            "A legal move neither ends on nor passes the mover's own key square (every line "
            "length).",
            ("kasteel.spel.eigen-sleutel",), "z3", check_own_key_path,
        ),
        Theorem(
            "kasteel.passes-monotone", GAME,
            "Passes never go below zero and never increase: a legal move leaves the mover between "
            "0 and his passes before (every line length).",
            passes, "z3", check_passes_monotone,
        ),
        Theorem(
            "kasteel.move-cost", GAME,
            "A move's cost equals the canal and skull squares it enters (every legal move of every "
            "state on seeded random games, against an independent count).",
            passes, "bounded", check_move_cost,
        ),
        Theorem(
            "kasteel.enter-over-wall", GAME,
            "Once a player's passes are used up he can still reach the opponent's key square over "
            "the walls: from every starting square, with no passes, whatever the four skulls.",
            ("kasteel.kanalen.uitgeput", "kasteel.spel.klimmen", "kasteel.spel.muren-langs",
             "kasteel.doel.sleutel"), "exhaustive", check_enter_over_wall,
        ),
        Theorem(
            "kasteel.slide-prefix", GAME,
            "If a slide is legal, so is its first square as a one-square move (every line "
            "length); so a player without a legal one-square move has no legal move.",
            moves, "z3", check_slide_prefix,
        ),
    )


FINDING_STUCK = (
    "A player can be left with knights and no legal move: z3 finds, for example, a lone yellow "
    "knight on j11 with skulls on i11, j10 and k11, the canal j12 above it and no passes left; "
    "every square next to it costs a pass. Walls never block (climbing is free) and opposing "
    "knights can be captured unless they stand on a canal or skull square. The text does not say "
    "what happens (interpretation kasteel.interp.no-legal-move). Decision: the stuck player "
    "passes and the game goes on (stuck=\"pass\", the default), so the game still ends only by "
    "the two endings the text names; if the opponent could not move either (a deadlock) the "
    "stuck player to move loses, so there is no draw. With the default four skulls the theorem "
    "kasteel.never-deadlocked proves a deadlock impossible; with five or more skulls it exists. "
    "The variant stuck=\"lose\" makes a stuck player lose at once."
)
FINDING_REACHABLE = (
    "The stuck position is reachable from the start: the skulls fall on i11, j10, k11 and s11, "
    "yellow walks a knight from c8 to j11 and spends its passes going j11-j10-j11 while red's "
    "knight from q12 captures the seven other yellow knights (STUCK_LINE, 42 plies). Yellow then "
    "has one knight, no passes and no legal move. Under the default stuck=\"pass\" yellow passes "
    "and red, whose knights can still move, goes on; the game ends when red takes yellow's key or "
    "yellow's last knight."
)
