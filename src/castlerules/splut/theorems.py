"""Splut! theorems: the throw, the push, the step count, eliminations, state invariants, and
whether a player can be left without a legal step.

Each check takes the rule functions it is about as parameters (defaulting to the game's own), so a
test can hand it a deliberately broken rule and see the counterexample.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import z3

from castlerules.core.symbolic import And, If, Not, Or
from castlerules.core.theorem import Result, Status, Theorem, z3_find, z3_prove
from castlerules.splut import kernel
from castlerules.splut.board import LINE, NAMES, NEXT, OFF, SQUARES, Dir
from castlerules.splut.rules import Splut
from castlerules.splut.state import ROCK, Lev, Pass, Piece, State, code

GAME = "splut"
MAX_LINE = 8  # the longest line on the diamond (a tip to the opposite tip, exclusive)
KIND_NAMES = {kernel.EMPTY: "empty", kernel.DWARF: "dwarf", kernel.OBSTACLE: "obstacle",
              kernel.TARGET: "sorcerer"}


def _ints(model: z3.ModelRef, xs: Sequence[Any]) -> list[int]:
    return [model.eval(x, model_completion=True).as_long() for x in xs]


def _shower(prefix: str, xs: Sequence[Any]) -> Callable[[z3.ModelRef], str]:
    """A renderer for z3 models: ``prefix`` and the values of ``xs``."""

    def show(model: z3.ModelRef) -> str:
        return prefix + str(_ints(model, xs))

    return show


# -- the throw ----------------------------------------------------------------------------------
def throw_claim(kinds: Sequence[Any], land: Any) -> Any:
    """Where the clauses say the rock lands, for landing index ``land`` on line ``kinds``: on the
    line; not on an obstacle; only empty squares and dwarves before it; and on a sorcerer, or at the
    edge, or right before an obstacle (so a dwarf is hit only with an obstacle or the edge behind)."""
    k = len(kinds)
    cases = []
    for i in range(k):
        cases.append(
            And(
                land == i,
                kinds[i] != kernel.OBSTACLE,
                *(Or(kinds[j] == kernel.EMPTY, kinds[j] == kernel.DWARF) for j in range(i)),
                Or(kinds[i] == kernel.TARGET, i == k - 1, *(
                    [kinds[i + 1] == kernel.OBSTACLE] if i + 1 < k else []
                )),
            )
        )
    return Or(*cases)


def _throw_shower(
    kinds: Sequence[Any], landing: Callable[[Sequence[Any]], Any]
) -> Callable[[z3.ModelRef], str]:
    def show(model: z3.ModelRef) -> str:
        names = ", ".join(KIND_NAMES.get(v, str(v)) for v in _ints(model, kinds))
        land = model.eval(landing(kinds), model_completion=True)
        return f"line from the troll: {names}; the rock lands on square {land} (0 = first)"

    return show


def check_throw_z3(
    landing: Callable[[Sequence[Any]], Any] = kernel.throw_landing,
    allowed: Callable[[Sequence[Any]], Any] = kernel.throw_allowed,
) -> Result:
    """For every line length 1-8 and every arrangement of empty squares, dwarves, obstacles and
    sorcerers on it, a legal throw lands where the clauses say."""
    for k in range(1, MAX_LINE + 1):
        kinds = [z3.Int(f"square{i + 1}") for i in range(k)]
        result = z3_prove(
            throw_claim(kinds, landing(kinds)),
            assumptions=[*(z3.And(c >= 0, c <= 3) for c in kinds), allowed(kinds)],
            render=_throw_shower(kinds, landing),
        )
        if result.status is not Status.PROVED:
            return result
    return Result.proved("z3, every line length 1-8: the negation is unsatisfiable")


# -- the push -----------------------------------------------------------------------------------
def push_claim(mover: Any, contents: Sequence[Any], push: Any, allowed: Any) -> Any:
    """A push is allowed exactly when the line has an empty square; then the dwarf enters the
    first square, the unbroken line before the first empty square moves one square, the rest stays,
    and the dwarf's old square is empty."""
    k = len(contents)
    old, new = push(mover, contents)
    ok = allowed(contents)
    cases = []
    for n in range(k):
        first_gap = And(contents[n] == 0, *(contents[j] != 0 for j in range(n)))
        shifted = And(
            old == 0,
            new[0] == mover,
            *(new[i] == contents[i - 1] for i in range(1, n + 1)),
            *(new[i] == contents[i] for i in range(n + 1, k)),
        )
        cases.append(z3.Implies(first_gap, shifted))
    return z3.And(ok == Or(*(c == 0 for c in contents)), z3.Implies(ok, z3.And(*cases)))


def check_push_z3(
    push: Callable[..., tuple[Any, list[Any]]] = kernel.push,
    allowed: Callable[[Sequence[Any]], Any] = kernel.push_allowed,
) -> Result:
    for k in range(1, MAX_LINE + 1):
        contents = [z3.Int(f"square{i + 1}") for i in range(k)]
        mover = z3.Int("dwarf")
        result = z3_prove(
            push_claim(mover, contents, push, allowed),
            assumptions=[mover > 0, *(c >= 0 for c in contents)],
            render=_shower("line in front of the dwarf (0 = empty): ", contents),
        )
        if result.status is not Status.PROVED:
            return result
    return Result.proved("z3, every line length 1-8: the negation is unsatisfiable")


# -- rocks are never lost or stacked by a throw or a push ----------------------------------------
def check_rocks_z3(
    landing: Callable[[Sequence[Any]], Any] = kernel.throw_landing,
    push: Callable[..., tuple[Any, list[Any]]] = kernel.push,
) -> Result:
    """Inductive step over every line whose squares hold one thing each (0 empty, 1 rock, 2 troll,
    3 dwarf, 4 sorcerer): after a legal throw the held rock lies on a line square that held no rock
    (so the four rocks stay on four distinct squares; only a crushed piece leaves), and after a
    legal push the number of rocks on the line is unchanged and no square holds two things."""
    kind_of = {0: kernel.EMPTY, 1: kernel.OBSTACLE, 2: kernel.OBSTACLE, 3: kernel.DWARF,
               4: kernel.TARGET}
    for k in range(1, MAX_LINE + 1):
        cells = [z3.Int(f"square{i + 1}") for i in range(k)]
        kinds = [
            z3.If(c == 0, kind_of[0], z3.If(c == 3, kind_of[3], z3.If(c == 4, kind_of[4], 2)))
            for c in cells
        ]
        land = landing(kinds)
        rocks_before = z3.Sum([z3.If(c == 1, 1, 0) for c in cells]) + 1  # + the rock in hand
        after = [z3.If(land == i, 1, c) for i, c in enumerate(cells)]
        rocks_after = z3.Sum([z3.If(c == 1, 1, 0) for c in after])
        result = z3_prove(
            z3.And(
                z3.Or(*(z3.And(land == i, cells[i] != 1) for i in range(k))),
                rocks_after == rocks_before,
            ),
            assumptions=[*(z3.And(c >= 0, c <= 4) for c in cells), kernel.throw_allowed(kinds)],
            render=_shower("throw along (0 empty, 1 rock, 2 troll, 3 dwarf, 4 sorcerer): ", cells),
        )
        if result.status is not Status.PROVED:
            return result
        old, new = push(3, cells)
        count = z3.Sum([z3.If(c == 1, 1, 0) for c in cells])
        result = z3_prove(
            z3.And(
                z3.Sum([z3.If(c == 1, 1, 0) for c in new]) == count,
                old == 0,
                *(z3.And(c >= 0, c <= 4) for c in new),
            ),
            assumptions=[*(z3.And(c >= 0, c <= 4) for c in cells), kernel.push_allowed(cells)],
            render=_shower("push along (0 empty, 1 rock, 2 troll, 3 dwarf, 4 sorcerer): ", cells),
        )
        if result.status is not Status.PROVED:
            return result
    return Result.proved("z3, every line length 1-8, throws and pushes")


# -- the step count -----------------------------------------------------------------------------
def check_steps_z3(
    steps_for_turn: Callable[[Any], Any] = kernel.steps_for_turn,
    after_step: Callable[[Any, Any], tuple[Any, Any]] = kernel.after_step,
    after_turn_end: Callable[[Any], tuple[Any, Any]] = kernel.after_turn_end,
) -> Result:
    """The 1/2/3 rule for every turn number, and the inductive step: from any turn with 1 to the
    allowed number of steps left, a step leaves the turn with one step less (never below 1) or
    begins the next turn with its full count; a throw or a pass begins the next turn."""
    turn, left = z3.Int("turn"), z3.Int("steps_left")
    t2, l2 = after_step(turn, left)
    t3, l3 = after_turn_end(turn)
    rule = z3.And(
        z3.Implies(turn == 0, steps_for_turn(turn) == 1),
        z3.Implies(turn == 1, steps_for_turn(turn) == 2),
        z3.Implies(turn >= 2, steps_for_turn(turn) == 3),
    )
    step = z3.Or(
        z3.And(t2 == turn, l2 == left - 1, l2 >= 1, l2 <= steps_for_turn(turn)),
        z3.And(left == 1, t2 == turn + 1, l2 == steps_for_turn(turn + 1)),
    )
    end = z3.And(t3 == turn + 1, l3 == steps_for_turn(turn + 1))
    return z3_prove(
        z3.And(rule, step, end),
        assumptions=[turn >= 0, left >= 1, left <= steps_for_turn(turn)],
        render=lambda m: f"turn {m.eval(turn, True)}, steps left {m.eval(left, True)}",
    )


# -- eliminations and the end -------------------------------------------------------------------
def _team_shower(team: Sequence[Sequence[Any]], victim: Any) -> Callable[[z3.ModelRef], str]:
    def show(model: z3.ModelRef) -> str:
        teams = "; ".join(
            f"p{p} " + "".join("STD"[k] for k in range(3)
                               if z3.is_true(model.eval(flags[k], model_completion=True)))
            for p, flags in enumerate(team)
        )
        return f"{len(team)} players, victim p{model.eval(victim, model_completion=True)}: {teams}"

    return show


def check_elimination_z3(
    after_kill: Callable[..., list[list[Any]]] = kernel.after_kill,
    game_over: Callable[[Sequence[Any]], Any] = kernel.game_over,
    last_sorcerer: Callable[[Sequence[Any]], Any] = kernel.last_sorcerer,
) -> Result:
    """Inductive step, 2-4 players: from any position where every team has its troll exactly when
    it has its sorcerer (a dwarf only with them) and at least two sorcerers are left, crushing a
    sorcerer removes exactly that team; the invariant still holds; the game is over exactly when one
    sorcerer remains, and then the winner is that sorcerer's player."""
    for n in range(2, 5):
        team = [[z3.Bool(f"p{p}_{k.name.lower()}") for k in Piece] for p in range(n)]
        victim = z3.Int("victim")
        inv = [z3.And(t[1] == t[0], z3.Implies(t[2], t[0])) for t in team]
        sorcs = [t[0] for t in team]
        alive = z3.Sum([z3.If(s, 1, 0) for s in sorcs])
        new = after_kill(team, victim)
        new_sorcs = [t[0] for t in new]
        new_alive = z3.Sum([z3.If(s, 1, 0) for s in new_sorcs])
        claim = z3.And(
            *(z3.And(t[1] == t[0], z3.Implies(t[2], t[0])) for t in new),
            *(z3.Implies(victim == p, z3.Not(z3.Or(*new[p]))) for p in range(n)),
            *(z3.Implies(victim != p, z3.And(*(a == b for a, b in zip(new[p], team[p]))))
              for p in range(n)),
            new_alive == alive - 1,
            game_over(new_sorcs) == (new_alive == 1),
            z3.Implies(new_alive == 1, z3.And(*(
                z3.Implies(new_sorcs[p], last_sorcerer(new_sorcs) == p) for p in range(n)
            ))),
        )
        pre = [*inv, alive >= 2, victim >= 0, victim < n,
               z3.Or(*(z3.And(victim == p, sorcs[p]) for p in range(n)))]
        result = z3_prove(
            claim, assumptions=pre,
            render=_team_shower(team, victim),
        )
        if result.status is not Status.PROVED:
            return result
        over = z3_prove(
            game_over(sorcs) == (alive <= 1), render=str,
        )
        if over.status is not Status.PROVED:
            return over
    return Result.proved("z3, inductive step for 2, 3 and 4 players")


# -- invariants of reachable states (the real game code) -----------------------------------------
def _tree(game: Splut, depth: int) -> Iterator[State]:
    frontier = [game.initial_state()]
    for _ in range(depth + 1):
        nxt: list[State] = []
        for s in frontier:
            yield s
            nxt.extend(game.apply(s, a) for a in game.legal_actions(s))
        frontier = nxt


def reachable_states(
    game_factory: Callable[[int], Splut], depth: int = 3, games: int = 4, seed: int = 0
) -> Iterator[tuple[Splut, State]]:
    """Every state within ``depth`` actions of the start, and every state of seeded random games,
    for 2, 3 and 4 players."""
    for n in (2, 3, 4):
        game = game_factory(n)
        for s in _tree(game, depth):
            yield game, s
        rng = random.Random(seed + n)
        for _ in range(games):
            s = game.initial_state()
            yield game, s
            plies = 0
            while not game.is_terminal(s) and plies < 5000:
                s = game.apply(s, rng.choice(game.legal_actions(s)))
                plies += 1
                yield game, s


def _default_factory(n: int) -> Splut:
    return Splut(players=n)


def check_state_invariants(game_factory: Callable[[int], Splut] = _default_factory) -> Result:
    """On every reachable state checked: four rocks on four distinct board squares, no two pieces on
    one square (only a throwing troll shares its square, with the rock in its hands), every piece on
    the board or removed, a team without sorcerer has no pieces, the game over exactly when one
    sorcerer is left and then won by that team."""
    count = 0
    for game, s in reachable_states(game_factory):
        count += 1
        try:
            game.validate_state(s)
        except ValueError as exc:
            return Result.refuted(game.render(s), str(exc))
        alive = [p for p, t in enumerate(s.pieces) if t[0] != OFF]
        if game.is_terminal(s) != (len(alive) == 1):
            return Result.refuted(game.render(s), "terminal does not match one sorcerer left")
        if game.is_terminal(s) and game.winners(s) != frozenset(alive):
            return Result.refuted(game.render(s), f"winners {set(game.winners(s))}")
    return Result.proved(f"{count} states (all within 3 actions of the start, and random games)")


def check_step_count_playouts(game_factory: Callable[[int], Splut] = _default_factory) -> Result:
    """On seeded random games: every turn makes at most its allowed steps (1, 2, then 3), and
    exactly that many unless it ended with a throw or a pass."""
    turns = 0
    for n in (2, 3, 4):
        game = game_factory(n)
        rng = random.Random(100 + n)
        for _ in range(4):
            s = game.initial_state()
            steps, turn_no = 0, 0
            while not game.is_terminal(s):
                a = rng.choice(game.legal_actions(s))
                nxt = game.apply(s, a)
                from castlerules.splut.state import Step as StepAction

                if isinstance(a, StepAction):
                    steps += 1
                allowed = kernel.steps_for_turn(turn_no)
                if steps > allowed:
                    return Result.refuted(game.render(s), f"{steps} steps in turn {turn_no}")
                if nxt.turn != s.turn or game.is_terminal(nxt):
                    early = not isinstance(a, StepAction)
                    if not early and steps != allowed:
                        return Result.refuted(
                            game.render(s), f"turn {turn_no} ended after {steps} of {allowed} steps"
                        )
                    turns += 1
                    steps, turn_no = 0, turn_no + 1
                s = nxt
    return Result.proved(f"{turns} turns of 12 random games")


# -- can a player be left without a legal step? -------------------------------------------------
def has_step(
    cells: Sequence[Any],
    p: int,
    levitable: Sequence[Any],
    push: bool = True,
    sorcerers_move: bool = True,
) -> Any:
    """Dual-mode model of "player p has a legal step" (no throw pending) on 81 grid cells holding
    occupancy codes (0 empty, 1 rock, 2 + 3 * player + piece). ``levitable[x]``: the rock on x may
    be levitated now. A sorcerer needs a free neighbour, or a levitable rock there with a free square
    behind it; a troll a free neighbour or a rock (it can always throw it back); a dwarf a line with
    an empty square in it. ``push`` and ``sorcerers_move`` switch rules off, for tests that need
    a deliberately broken model."""
    options = []
    for x in SQUARES:
        sorc = cells[x] == code(p, Piece.SORCERER)
        troll = cells[x] == code(p, Piece.TROLL)
        dwarf = cells[x] == code(p, Piece.DWARF)
        for d in Dir:
            y = NEXT[x][d]
            if y == OFF:
                continue
            y2 = NEXT[y][d]
            ahead = (
                And(cells[y] == ROCK, levitable[y], cells[y2] == 0) if y2 != OFF else False
            )
            if sorcerers_move:
                options.append(And(sorc, Or(cells[y] == 0, ahead)))
            options.append(And(troll, Or(cells[y] == 0, cells[y] == ROCK)))
            line = LINE[x][d] if push else LINE[x][d][:1]
            options.append(And(dwarf, Or(*(cells[c] == 0 for c in line))))
    return Or(*options)


class _Cell:
    """A board square as one-hot z3 booleans: ``cell == v`` is the boolean "the code here is v",
    so the dual-mode model ``has_step`` runs unchanged on it."""

    __hash__ = None  # type: ignore[assignment]

    def __init__(self, bits: Sequence[Any]) -> None:
        self.bits = bits

    def __eq__(self, v: object) -> Any:
        return self.bits[int(v)]  # type: ignore[call-overload]

    def __ne__(self, v: object) -> Any:
        return z3.Not(self.bits[int(v)])  # type: ignore[call-overload]


def decode(cells_values: Sequence[int], n: int, to_move: int = 0) -> State:
    """A State (player ``to_move`` at the start of a later turn) from 81 occupancy codes."""
    pieces = [[OFF, OFF, OFF] for _ in range(n)]
    rocks = []
    for x in SQUARES:
        v = cells_values[x]
        if v == ROCK:
            rocks.append(x)
        elif v >= 2:
            pieces[(v - 2) // 3][(v - 2) % 3] = x
    return State(
        pieces=tuple((t[0], t[1], t[2]) for t in pieces),
        rocks=tuple(sorted(rocks)),  # type: ignore[arg-type]
        to_move=to_move,
        turn=4,
        steps_left=3,
    )


def find_stuck(
    n: int,
    stuck_players: Sequence[int],
    step_model: Callable[[Sequence[Any], int, Sequence[Any]], Any] = has_step,
    full_team: bool = False,
    game_factory: Callable[[int], Splut] | None = None,
) -> tuple[State, str] | None:
    """A position (n players) in which each of ``stuck_players`` has no legal step even with every
    rock levitable, found by z3 and confirmed by the game's own move generator; None if z3 shows
    there is none. The positions searched: four rocks, each piece at most once, a troll exactly with
    its sorcerer, a dwarf only with them (``full_team``: player 0's dwarf too). Raises
    AssertionError if the game disagrees with the model."""
    top = code(n - 1, Piece.DWARF)
    bits = {x: [z3.Bool(f"{NAMES[x]}_{v}") for v in range(top + 1)] for x in SQUARES}
    cells: list[Any] = [_Cell(bits[x]) if x in bits else 0 for x in range(81)]
    cond = [z3.PbEq([(b, 1) for b in bits[x]], 1) for x in SQUARES]
    cond.append(z3.PbEq([(bits[x][ROCK], 1) for x in SQUARES], 4))
    present = {}
    for p in range(n):
        for k in Piece:
            cond.append(z3.AtMost(*(bits[x][code(p, k)] for x in SQUARES), 1))
            present[p, k] = z3.Or(*(bits[x][code(p, k)] for x in SQUARES))
        cond.append(present[p, Piece.TROLL] == present[p, Piece.SORCERER])
        cond.append(z3.Implies(present[p, Piece.DWARF], present[p, Piece.SORCERER]))
    cond.append(z3.PbGe([(present[p, Piece.SORCERER], 1) for p in range(n)], 2))
    if full_team:
        cond.append(present[0, Piece.DWARF])
    for p in stuck_players:
        cond.append(present[p, Piece.SORCERER])
        cond.append(Not(step_model(cells, p, [True] * 81)))
    found = z3_find(z3.And(*cond), render=lambda m: "")
    if found is None:
        return None
    model = found[1]
    values = [0] * 81
    for x in SQUARES:
        for v, b in enumerate(bits[x]):
            if z3.is_true(model.eval(b, model_completion=True)):
                values[x] = v
    game = (game_factory or _default_factory)(n)
    for p in stuck_players:
        state = decode(values, n, to_move=p)
        game.validate_state(state)
        if game.legal_actions(state) != (Pass(p),):
            raise AssertionError("the z3 model and the move generator disagree")
    state = decode(values, n, to_move=stuck_players[0])
    return state, game.render(state)


def check_no_step(
    step_model: Callable[[Sequence[Any], int, Sequence[Any]], Any] = has_step,
    players: int = 2,
    full_team: bool = False,
) -> Result:
    """Claim: the player to move always has a legal step. z3 searches all arrangements of rocks
    and pieces; a position it finds is checked with the game's move generator."""
    try:
        found = find_stuck(players, [0], step_model, full_team)
    except AssertionError as exc:
        return Result.unknown(str(exc))
    if found is None:
        return Result.proved("z3: no arrangement leaves the player to move without a step")
    return Result.refuted(found[1], "player 0 has no legal step: only 'p0 pass' is legal")


def check_no_step_full_team(
    step_model: Callable[[Sequence[Any], int, Sequence[Any]], Any] = has_step,
) -> Result:
    """The same claim for a player with all three pieces, 3 players."""
    return check_no_step(step_model, players=3, full_team=True)


def check_deadlock(
    step_model: Callable[[Sequence[Any], int, Sequence[Any]], Any] = has_step,
    game_factory: Callable[[int], Splut] | None = None,
) -> Result:
    """Claim: in a 2-player game the two players are never both without a legal step (else the game
    would pass back and forth forever)."""
    try:
        found = find_stuck(2, [0, 1], step_model, game_factory=game_factory)
    except AssertionError as exc:
        return Result.unknown(str(exc))
    if found is None:
        return Result.proved("z3: no arrangement leaves both players without a step")
    return Result.refuted(found[1], "neither player has a legal step: the players pass forever")


def levitable_now(state: State) -> list[bool]:
    """Which rock squares the player to move could levitate now (for the model ``has_step``)."""
    out = [False] * 81
    for r in state.rocks:
        if state.lev == Lev.ACTIVE:
            out[r] = r == state.lev_rock
        elif state.lev == Lev.UNUSED:
            out[r] = r not in state.moved_before
    return out


# -- the register -------------------------------------------------------------------------------
NO_STEP_FINDING = (
    "A player can be left without any legal step. z3 finds, with 2 players, a team whose dwarf has "
    "been crushed and whose troll and sorcerer are boxed in at the edge by rocks (two in a row, or "
    "one against the edge, so levitation cannot free them) and by the other team's pieces. It "
    "happens in play: a seeded random 4-player game (kept as a record in the tests) reaches such a "
    "turn after 252 actions. The text says steps are mandatory but does not cover this; by "
    "interpretation splut.interp.no-legal-step the player passes (the explicit action 'pass', legal "
    "only then), and a turn also ends early when no legal step is left."
)
FULL_TEAM_FINDING = (
    "With 3 (and 4) players even a complete team (sorcerer, troll and dwarf) can be left without a "
    "legal step: the more pieces, the easier the board's lines fill up to the edge. The player "
    "passes (interpretation splut.interp.no-legal-step)."
)


def theorems(game: Any = None) -> tuple[Theorem, ...]:
    throw = ("splut.trol.werpen", "splut.werpen.vlucht", "splut.werpen.rand", "splut.werpen.trol",
             "splut.werpen.rots", "splut.werpen.tovenaar", "splut.splut.dwerg",
             "splut.dwerg.klein", "splut.woorden.obstakel", "splut.woorden.doelwit")
    push = ("splut.dwerg.duwen", "splut.dwerg.duwen-lijn", "splut.woorden.duwen",
            "splut.voorbeeld.duwen")
    steps = ("splut.zet.verplicht", "splut.zet.eerste-een", "splut.zet.tweede-twee",
             "splut.zet.drie", "splut.trol.werpen-einde")
    end = ("splut.winnen.team-weg", "splut.splut.team", "splut.winnen.laatste",
           "splut.rotsen.splut", "splut.woorden.tovenaar")
    rocks = ("splut.onderdelen.vier-rotsen", "splut.rotsen.vier", "splut.woorden.rotsen",
             "splut.splut.rots-blijft", "splut.beweging.bezet")
    return (
        Theorem(
            "splut.throw-lands", GAME,
            "For every arrangement of empty squares, dwarves, obstacles (trolls, rocks) and "
            "sorcerers on a line of 1-8 squares, a legal throw lands on the line, before the first "
            "obstacle or the edge, on the first sorcerer if one comes first, and on a dwarf only "
            "when an obstacle or the edge follows it (the trajectory function the game calls).",
            throw, "z3", check_throw_z3,
        ),
        Theorem(
            "splut.push-line", GAME,
            "A dwarf's step along a line of 1-8 squares is allowed exactly when the line has an "
            "empty square; it then moves exactly the unbroken line in front of the dwarf one "
            "square and changes nothing else (the push function the game calls).",
            push, "z3", check_push_z3,
        ),
        Theorem(
            "splut.rocks-kept", GAME,
            "Inductive step over every line content: a throw puts the rock on a square that held no "
            "rock and keeps the number of rocks; a push keeps the number of rocks and one thing per "
            "square. Rocks are never removed.",
            (*rocks, "splut.werpen.vlucht", "splut.dwerg.duwen"), "z3", check_rocks_z3,
        ),
        Theorem(
            "splut.board-step", GAME,
            "Inductive step over every board (up to four teams) with four rocks on four distinct "
            "squares and no two things on one square: every legal sorcerer step (levitating any "
            "rock or none) and troll step (pulling or not, onto a free square or a rock) keeps "
            "that, and nothing leaves the board (z3 on the whole-board model, whose agreement with "
            "the game is tested on reachable states).",
            ("splut.beweging.bezet", "splut.beweging.orthogonaal", "splut.tovenaar.zweven",
             "splut.tovenaar.blokkeren", "splut.trol.trekken", "splut.trol.werpen",
             "splut.rotsen.vier", "splut.onderdelen.vier-rotsen"),
            "z3", check_board_step_z3,
        ),
        Theorem(
            "splut.step-count", GAME,
            "Turn 0 has 1 step, turn 1 has 2, every later turn 3; from any turn state with 1 to "
            "the allowed steps left, a step never exceeds the count and a finished or thrown turn "
            "starts the next with its full count (inductive step over all turn numbers).",
            steps, "z3", check_steps_z3,
        ),
        Theorem(
            "splut.step-count-games", GAME,
            "In seeded random games (2-4 players) every turn makes at most its allowed steps, and "
            "exactly that many unless a throw or a pass ended it.",
            steps, "bounded", check_step_count_playouts,
        ),
        Theorem(
            "splut.elimination", GAME,
            "Crushing a sorcerer removes exactly its team; a team has its troll exactly when it "
            "has its sorcerer; the game is over exactly when one sorcerer remains, and that "
            "sorcerer's player wins (inductive step, 2-4 players).",
            end, "z3", check_elimination_z3,
        ),
        Theorem(
            "splut.state-invariants", GAME,
            "In every state within 3 actions of the start and in seeded random games (2-4 "
            "players): four rocks on four distinct board squares, no two pieces on one square "
            "(except a throwing troll with the rock in its hands), nothing off the board, no piece "
            "of a team without sorcerer, game over exactly when one sorcerer is left.",
            rocks + end, "bounded", check_state_invariants,
        ),
        Theorem(
            "splut.always-a-step", GAME,
            "The player to move always has a legal step (z3 over every arrangement of rocks and "
            "pieces, 2 players; a found position is confirmed by the move generator).",
            ("splut.zet.verplicht", "splut.zet.drie"), "z3", check_no_step,
            expected=Status.COUNTEREXAMPLE, finding=NO_STEP_FINDING,
        ),
        Theorem(
            "splut.always-a-step-full-team", GAME,
            "With 3 players, a player whose three pieces are all on the board always has a legal "
            "step (z3; a found position is confirmed by the move generator).",
            ("splut.zet.verplicht", "splut.zet.drie"), "z3", check_no_step_full_team,
            expected=Status.COUNTEREXAMPLE, finding=FULL_TEAM_FINDING,
        ),
        Theorem(
            "splut.no-deadlock", GAME,
            "In a 2-player game the two players are never both without a legal step, so passing "
            "cannot go on for ever (z3 over every arrangement of rocks and pieces).",
            ("splut.zet.verplicht", "splut.winnen.laatste"), "z3", check_deadlock,
        ),
    )


# -- a symbolic whole-board model of one action, for inductive steps ------------------------------
# Positions are squares (OFF = -1 for a removed piece). The model runs on plain ints (compared
# with the game on reachable states by a refinement test) and on z3 terms (the proofs below). It
# ignores whose turn it is and which rocks may be levitated: it allows at least every action the
# game allows, so a property proved for all its actions holds for the game's.
def nxt(x: Any, d: int) -> Any:
    """The neighbour of square ``x`` in direction ``d`` (OFF if none), on ints or z3 terms."""
    if not isinstance(x, z3.ExprRef):
        return NEXT[x][d] if x != OFF else OFF
    out: Any = z3.IntVal(OFF)
    for s in SQUARES:
        if NEXT[s][d] != OFF:
            out = z3.If(x == s, NEXT[s][d], out)
    return out


def on_board(x: Any) -> Any:
    if not isinstance(x, z3.ExprRef):
        return x in NAMES
    return z3.Or(*(x == s for s in SQUARES))


def _at(items: Sequence[Any], y: Any) -> Any:
    """Some item stands on square y (y on the board)."""
    return And(y != OFF, Or(*(x == y for x in items)))


def _flat(pieces: Sequence[Sequence[Any]]) -> list[Any]:
    return [x for trio in pieces for x in trio]


def model_step(
    rocks: Sequence[Any], pieces: Sequence[Sequence[Any]], p: int, k: int, d: int,
    pull: bool = False, lev: int | None = None,
) -> tuple[Any, list[Any], list[list[Any]], Any]:
    """(legal, rocks, pieces, held) after player p's piece k steps in direction d; ``lev`` is the
    index of a levitated rock; ``held``: the troll has stepped onto a rock and holds it."""
    items = [*rocks, *_flat(pieces)]
    new_rocks, new_pieces = list(rocks), [list(t) for t in pieces]
    x = pieces[p][k]
    y = nxt(x, d)
    held: Any = False
    if k == Piece.SORCERER:
        new_pieces[p][k] = y
        if lev is None:
            legal = And(x != OFF, y != OFF, Not(_at(items, y)))
        else:
            r = rocks[lev]
            r2 = nxt(r, d)
            legal = And(x != OFF, y != OFF, r2 != OFF, Or(Not(_at(items, r2)), r2 == x),
                        Or(Not(_at(items, y)), y == r))
            new_rocks[lev] = r2
    elif k == Piece.TROLL:
        behind = nxt(x, (d + 2) % 4)
        is_rock = Or(*(r == y for r in rocks))
        legal = And(x != OFF, y != OFF, Or(Not(_at(items, y)), is_rock))
        if pull:
            legal = And(legal, behind != OFF, Or(*(r == behind for r in rocks)))
            new_rocks = [If(r == behind, x, r) for r in rocks]
        new_pieces[p][k] = y
        held = is_rock
    else:
        line = [nxt(x, d)]
        for _ in range(MAX_LINE - 1):
            line.append(nxt(line[-1], d))
        full = [_at(items, sq) for sq in line]
        run = [And(*full[: m + 1]) for m in range(MAX_LINE)]
        legal = And(x != OFF, line[0] != OFF, Or(*(
            And(line[m] != OFF, Not(full[m]), *(full[:m])) for m in range(MAX_LINE)
        )))

        def shift(z: Any) -> Any:
            out = z
            for m in range(MAX_LINE - 1, -1, -1):
                ahead = line[m + 1] if m + 1 < MAX_LINE else OFF
                out = If(And(line[m] != OFF, z == line[m], run[m]), ahead, out)
            return out

        new_rocks = [shift(r) for r in rocks]
        new_pieces = [[shift(z) for z in t] for t in pieces]
        new_pieces[p][k] = line[0]
    return legal, new_rocks, new_pieces, held


def model_throw(
    rocks: Sequence[Any], pieces: Sequence[Sequence[Any]], p: int, d: int,
    landing: Callable[[Sequence[Any]], Any] = kernel.throw_landing,
) -> tuple[Any, list[Any], list[list[Any]]]:
    """(legal, rocks, pieces) after player p's troll, holding the rock it stands on, throws in d.
    The flight uses the game's own kernel; the edge counts as an obstacle past the last square."""
    q = pieces[p][Piece.TROLL]
    line = [nxt(q, d)]
    for _ in range(MAX_LINE - 1):
        line.append(nxt(line[-1], d))

    def kind(sq: Any) -> Any:
        rock = Or(*(r == sq for r in rocks))
        troll = Or(*(t[Piece.TROLL] == sq for t in pieces))
        dwarf = Or(*(t[Piece.DWARF] == sq for t in pieces))
        sorc = Or(*(t[Piece.SORCERER] == sq for t in pieces))
        return If(Or(sq == OFF, rock, troll), kernel.OBSTACLE,
                  If(sorc, kernel.TARGET, If(dwarf, kernel.DWARF, kernel.EMPTY)))

    kinds = [kind(sq) for sq in line]
    legal = kinds[0] != kernel.OBSTACLE
    land_index = landing(kinds)
    land: Any = line[0]
    for m in range(1, MAX_LINE):
        land = If(land_index == m, line[m], land)
    new_rocks = [If(r == q, land, r) for r in rocks]
    dead = [t[Piece.SORCERER] == land for t in pieces]
    new_pieces = [
        [If(dead[i], OFF, t[0]), If(dead[i], OFF, t[1]), If(Or(dead[i], t[2] == land), OFF, t[2])]
        for i, t in enumerate(pieces)
    ]
    return legal, new_rocks, new_pieces


def board_invariant(rocks: Sequence[Any], pieces: Sequence[Sequence[Any]], held: Any = None) -> Any:
    """Four rocks on four distinct board squares; every piece on a board square or removed; no two
    things on one square — except, when ``held`` is player h's index, h's troll and the rock in its
    hands; a team's troll is on the board exactly when its sorcerer is, its dwarf only with them."""
    items = [*rocks, *_flat(pieces)]
    conds = [on_board(r) for r in rocks]
    conds += [Or(z == OFF, on_board(z)) for z in _flat(pieces)]
    conds += [Or(t[1] == OFF, t[0] != OFF) for t in pieces]
    conds += [Or(t[0] == OFF, t[1] != OFF) for t in pieces]
    conds += [Or(t[2] == OFF, t[0] != OFF) for t in pieces]
    trolls = {id(t[Piece.TROLL]): i for i, t in enumerate(pieces)}
    for i in range(len(items)):
        for j in range(i + 1, len(items)):
            a, b = items[i], items[j]
            share_ok: Any = False
            if held is not None and i < 4 and id(b) in trolls and trolls[id(b)] == held:
                share_ok = True
            conds.append(Or(a == OFF, a != b, share_ok))
    return And(*conds)


def _symbolic_board(n: int) -> tuple[list[Any], list[list[Any]]]:
    rocks = [z3.Int(f"rock{i}") for i in range(4)]
    pieces = [[z3.Int(f"p{p}_{k.name.lower()}") for k in Piece] for p in range(n)]
    return rocks, pieces


def _board_shower(rocks: Sequence[Any], pieces: Sequence[Sequence[Any]]) -> Callable[[z3.ModelRef], str]:
    def show(model: z3.ModelRef) -> str:
        r = _ints(model, rocks)
        ps = [_ints(model, t) for t in pieces]
        state = State(
            pieces=tuple((t[0], t[1], t[2]) for t in ps),
            rocks=(r[0], r[1], r[2], r[3]),
            to_move=0, turn=2, steps_left=3,
        )
        from castlerules.splut.render import render_text

        try:
            return render_text(state)
        except (KeyError, IndexError, ValueError):
            return f"rocks {r}, pieces {ps}"

    return show


def check_board_step_z3(
    step: Callable[..., tuple[Any, list[Any], list[list[Any]], Any]] = model_step,
    players: Sequence[int] = (0,),
) -> Result:
    """Inductive step over every 4-team board satisfying the invariant (fewer players: teams off
    the board): every legal sorcerer step (with or without levitating any of the four rocks) and
    troll step (with or without pull, onto a free square or a rock) keeps it — four rocks on four
    distinct squares, nothing off the board, no two things on one square (a troll holding a rock
    excepted). (Pushes and throws move things along one line: splut.push-line and
    splut.rocks-kept prove the same for them, on every line content.)"""
    n = 4
    rocks, pieces = _symbolic_board(n)
    show = _board_shower(rocks, pieces)
    cases = 0
    for p in players:
        pre = board_invariant(rocks, pieces)
        for d in range(4):
            variants: list[tuple[int, bool, int | None]] = [
                (Piece.SORCERER, False, None),
                *((Piece.SORCERER, False, i) for i in range(4)),
                (Piece.TROLL, False, None), (Piece.TROLL, True, None),
            ]
            for k, pull, lev in variants:
                legal, r2, p2, held = step(rocks, pieces, p, k, d, pull, lev)
                post = If(held, board_invariant(r2, p2, held=p), board_invariant(r2, p2))
                result = z3_prove(post, assumptions=[pre, legal], render=show,
                                  detail=f"player {p}, piece {k}, direction {d}")
                cases += 1
                if result.status is not Status.PROVED:
                    return result
    return Result.proved(f"z3, inductive step: {cases} kinds of action over all boards")
