"""Splut! theorems: the kernels (throw, push, bookkeeping, who moves next, the end), the tables the
game runs, its whole transition against an independent reading, the board invariants over every
state, and whether players can be left without a legal step.

``theorems(game)`` builds every theorem for that game object: its player count and its readings.
Each check takes the rule functions it is about as parameters (defaulting to the game's own), so a
test can hand it a deliberately broken rule and see the counterexample (the ``fails_with`` test of
each theorem). What each kind of check proves:

- *z3 over a kernel* (basis ``code``): the dual-mode function the game calls, for every input.
- *exhaustive over the game* (basis ``code``): the game's own functions (its tables, its move
  generator, legality predicate and successor) on every case of a stated finite set, against the
  kernels or against ``reference.Reference``, an independent reading of the clauses.
- *z3 over a model* (basis ``model``): a whole-board encoding of one action, for every board; the
  check first runs its refinement (the model against the game's successor on a finite family of
  positions), so a rule bug in the game fails the theorem too.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import z3

from castlerules.core.spec import find_clause
from castlerules.core.symbolic import And, Count, If, Not, Or
from castlerules.core.theorem import Result, Status, Theorem, z3_find, z3_prove
from castlerules.splut import kernel
from castlerules.splut.board import (
    DIRECTION,
    LINE,
    NAMES,
    NEXT,
    OFF,
    SQUARES,
    TIPS,
    Dir,
)
from castlerules.splut.reference import Reference
from castlerules.splut.rules import (
    LINE_SLICE,
    TABLE_TURNS,
    THROW_KIND,
    Splut,
    actions_for,
)
from castlerules.splut.state import ROCK, Lev, Pass, Piece, State, Step, Throw, code

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


def _all(results: Iterable[Result], proved: str) -> Result:
    """The first result that is not PROVED, or PROVED with ``proved``."""
    for result in results:
        if result.status is not Status.PROVED:
            return result
    return Result.proved(proved)


def _with_players(game: Splut, n: int) -> Splut:
    """The same rules (the game's class and readings) for ``n`` players."""
    if n == game.num_players:
        return game
    readings = {k: v for k, v in game.readings.items() if k != "splut.interp.player-count"}
    return type(game)(players=n, readings=readings)


def _every_count(game: Splut) -> list[Splut]:
    return [_with_players(game, n) for n in (2, 3, 4)]


# -- the throw ----------------------------------------------------------------------------------
def throw_claim(kinds: Sequence[Any], land: Any) -> Any:
    """Where the clauses say the rock lands, for landing index ``land`` on line ``kinds``: nowhere
    (-1, it stays in the troll's hands' square) when the edge or an obstacle is right in front;
    else on the line, not on an obstacle, with only empty squares and dwarves before it, and on a
    sorcerer, or at the edge, or right before an obstacle (so a dwarf is hit only with an obstacle
    or the edge behind it)."""
    k = len(kinds)
    if k == 0:
        return land == -1
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
    return If(kinds[0] == kernel.OBSTACLE, land == -1, Or(*cases))


def _throw_shower(
    kinds: Sequence[Any], landing: Callable[[Sequence[Any]], Any]
) -> Callable[[z3.ModelRef], str]:
    def show(model: z3.ModelRef) -> str:
        names = ", ".join(KIND_NAMES.get(v, str(v)) for v in _ints(model, kinds))
        found = landing(kinds)
        land = model.eval(found, model_completion=True) if isinstance(found, z3.ExprRef) else found
        return f"line from the troll: {names or 'the edge'}; the rock lands on {land} (0 = first)"

    return show


def check_throw_z3(
    landing: Callable[[Sequence[Any]], Any] = kernel.throw_landing,
    allowed: Callable[..., Any] = kernel.throw_allowed,
    blocked_ok: bool = False,
) -> Result:
    """For every line length 0-8 and every arrangement of empty squares, dwarves, obstacles and
    sorcerers on it, a legal throw lands where the clauses say; a throw is legal exactly when the
    rock can leave (or, reading blocked-throw = rock-stays, always)."""
    results = []
    for k in range(0, MAX_LINE + 1):
        kinds = [z3.Int(f"square{i + 1}") for i in range(k)]
        leaves = z3.BoolVal(False) if k == 0 else kinds[0] != kernel.OBSTACLE
        legal = allowed(kinds, blocked_ok) if blocked_ok else allowed(kinds)
        results.append(z3_prove(
            z3.And(
                legal == (z3.BoolVal(True) if blocked_ok else leaves),
                z3.Implies(legal, throw_claim(kinds, landing(kinds))),
            ),
            assumptions=[z3.And(c >= 0, c <= 3) for c in kinds],
            render=_throw_shower(kinds, landing),
        ))
    return _all(results, "z3, every line length 0-8: the negation is unsatisfiable")


# -- the push -----------------------------------------------------------------------------------
def push_claim(mover: Any, contents: Sequence[Any], push: Any, allowed: Any, slide: bool) -> Any:
    """A push is allowed exactly when the line has an empty square; then the dwarf enters the
    first square and its old square is empty; with nothing in the way nothing else moves; else
    the unbroken line before the first empty square moves one square (``one-square``), or every
    piece of the line is packed against the edge in the same order (``slide``)."""
    k = len(contents)
    old, new = push(mover, contents, slide) if slide else push(mover, contents)
    ok = allowed(contents)
    cases = []
    for mask in itertools.product((False, True), repeat=k):
        if all(mask):
            continue
        pattern = And(*((c != 0) == z3.BoolVal(m) for c, m in zip(contents, mask)))
        expected = _expected_push(list(contents), list(mask), slide)
        cases.append(z3.Implies(pattern, And(*(new[i] == expected[i] for i in range(1, k)))))
    return z3.And(
        ok == Or(*(c == 0 for c in contents)),
        z3.Implies(ok, z3.And(old == 0, new[0] == mover, *cases)),
    )


def _expected_push(contents: list[Any], mask: list[bool], slide: bool) -> list[Any]:
    """The line after a push, for a concrete pattern of occupied squares (index 0 unused)."""
    k = len(contents)
    if not mask[0]:
        return [None, *contents[1:]]
    if slide:
        items = [c for c, m in zip(contents, mask) if m]
        return [None, *([0] * (k - 1 - len(items))), *items]
    gap = mask.index(False)
    return [None, *[contents[i - 1] if i <= gap else contents[i] for i in range(1, k)]]


def check_push_z3(
    push: Callable[..., tuple[Any, list[Any]]] = kernel.push,
    allowed: Callable[[Sequence[Any]], Any] = kernel.push_allowed,
    slide: bool = False,
) -> Result:
    results = []
    for k in range(1, MAX_LINE + 1):
        contents = [z3.Int(f"square{i + 1}") for i in range(k)]
        mover = z3.Int("dwarf")
        results.append(z3_prove(
            push_claim(mover, contents, push, allowed, slide),
            assumptions=[mover > 0, *(c >= 0 for c in contents)],
            render=_shower("line in front of the dwarf (0 = empty): ", contents),
        ))
    return _all(results, "z3, every line length 1-8: the negation is unsatisfiable")


# -- rocks are never lost or stacked by a throw or a push ----------------------------------------
def check_rocks_z3(
    landing: Callable[[Sequence[Any]], Any] = kernel.throw_landing,
    push: Callable[..., tuple[Any, list[Any]]] = kernel.push,
    slide: bool = False,
    blocked_ok: bool = False,
) -> Result:
    """Inductive step over every line whose squares hold one thing each (0 empty, 1 rock, 2 troll,
    3 dwarf, 4 sorcerer): after a legal throw the held rock lies on a line square that held no
    rock, or (when it cannot leave) stays in the troll's square, so the four rocks stay on four
    distinct squares; after a legal push every square holds one thing and every thing on the line
    is still there (the same number of each kind)."""
    kind_of = {0: kernel.EMPTY, 1: kernel.OBSTACLE, 2: kernel.OBSTACLE, 3: kernel.DWARF,
               4: kernel.TARGET}
    results = []
    for k in range(1, MAX_LINE + 1):
        cells = [z3.Int(f"square{i + 1}") for i in range(k)]
        kinds = [
            z3.If(c == 0, kind_of[0], z3.If(c == 3, kind_of[3], z3.If(c == 4, kind_of[4], 2)))
            for c in cells
        ]
        land = landing(kinds)
        rocks_before = z3.Sum([z3.If(c == 1, 1, 0) for c in cells]) + 1  # + the rock in hand
        after = [z3.If(land == i, 1, c) for i, c in enumerate(cells)]
        rocks_after = z3.Sum([z3.If(c == 1, 1, 0) for c in after]) + z3.If(land == -1, 1, 0)
        legal = kernel.throw_allowed(kinds, blocked_ok) if blocked_ok else kernel.throw_allowed(kinds)
        results.append(z3_prove(
            z3.And(
                z3.Or(land == -1, *(z3.And(land == i, cells[i] != 1) for i in range(k))),
                z3.Implies(land == -1, kinds[0] == kernel.OBSTACLE),
                rocks_after == rocks_before,
            ),
            assumptions=[*(z3.And(c >= 0, c <= 4) for c in cells), legal],
            render=_shower("throw along (0 empty, 1 rock, 2 troll, 3 dwarf, 4 sorcerer): ", cells),
        ))
        old, new = push(3, cells, slide) if slide else push(3, cells)
        results.append(z3_prove(
            z3.And(
                old == 0,
                *(z3.And(c >= 0, c <= 4) for c in new),
                *(
                    z3.Sum([z3.If(c == v, 1, 0) for c in new])
                    == z3.Sum([z3.If(c == v, 1, 0) for c in cells]) + (1 if v == 3 else 0)
                    for v in (1, 2, 3, 4)
                ),
            ),
            assumptions=[*(z3.And(c >= 0, c <= 4) for c in cells), kernel.push_allowed(cells)],
            render=_shower("push along (0 empty, 1 rock, 2 troll, 3 dwarf, 4 sorcerer): ", cells),
        ))
    return _all(results, "z3, every line length 1-8, throws and pushes")


# -- the step count -----------------------------------------------------------------------------
def check_steps_z3(
    steps_for_turn: Callable[..., Any] = kernel.steps_for_turn,
    after_step: Callable[..., tuple[Any, Any]] = kernel.after_step,
    after_turn_end: Callable[..., tuple[Any, Any]] = kernel.after_turn_end,
    after_pickup: Callable[[Any, Any], tuple[Any, Any]] = kernel.after_pickup,
    opening: bool = True,
) -> Result:
    """The 1/2/3 rule (or 3 always, reading steps-per-turn = always-three) for every turn number,
    and the inductive step over every turn with 1 to the allowed number of steps left: a step
    leaves the turn with one step less (never below 1) or begins the next turn with its full
    count; a step onto a rock keeps the turn with one step less (never below 0) for the throw; a
    throw or a pass begins the next turn with its full count. So every turn makes exactly its
    allowed steps, unless a throw or a pass ends it early, and never more."""
    turn, left = z3.Int("turn"), z3.Int("steps_left")
    t2, l2 = after_step(turn, left, opening)
    t3, l3 = after_turn_end(turn, opening)
    t4, l4 = after_pickup(turn, left)
    full = steps_for_turn(turn, opening)
    if opening:
        rule = z3.And(
            z3.Implies(turn == 0, full == 1),
            z3.Implies(turn == 1, full == 2),
            z3.Implies(turn >= 2, full == 3),
        )
    else:
        rule = full == 3
    step = z3.Or(
        z3.And(t2 == turn, l2 == left - 1, l2 >= 1, l2 <= full),
        z3.And(left == 1, t2 == turn + 1, l2 == steps_for_turn(turn + 1, opening)),
    )
    pickup = z3.And(t4 == turn, l4 == left - 1, l4 >= 0)
    end = z3.And(t3 == turn + 1, l3 == steps_for_turn(turn + 1, opening))
    return z3_prove(
        z3.And(rule, step, pickup, end),
        assumptions=[turn >= 0, left >= 1, left <= full],
        render=lambda m: f"turn {m.eval(turn, True)}, steps left {m.eval(left, True)}",
    )


# -- who moves next -----------------------------------------------------------------------------
def check_next_player_z3(
    game: Splut, next_player: Callable[..., Any] = kernel.next_player
) -> Result:
    """For this game's players and seating, every player to move and every pattern of teams on
    the board: the next player is the first one after it in clockwise seat order whose sorcerer is
    on the board (the same player only if no other is left), never a team that has left; and the
    game's table of who moves next is this kernel's, entry by entry."""
    for g in _every_count(game):
        found = _next_player_z3(g, next_player)
        if found.status is not Status.PROVED:
            return found
    return Result.proved("z3 for every player and pattern (2, 3 and 4 players); tables checked")


def _alive_shower(current: int, alive: Sequence[Any]) -> Callable[[z3.ModelRef], str]:
    def show(model: z3.ModelRef) -> str:
        on = [p for p, x in enumerate(alive) if z3.is_true(model.eval(x, True))]
        return f"player {current} moved; teams on the board: {on}"

    return show


def _next_player_z3(game: Splut, next_player: Callable[..., Any]) -> Result:
    n, cycle = game.num_players, game.clockwise
    results = []
    for current in range(n):
        alive = [z3.Bool(f"p{p}_on_board") for p in range(n)]
        found = next_player(current, alive, cycle)
        start = cycle.index(current)
        later = [cycle[(start + k) % n] for k in range(1, n)]
        expected: Any = current
        for p in reversed(later):
            expected = z3.If(alive[p], p, expected)
        results.append(z3_prove(
            z3.And(found == expected, z3.Or(found == current, *(
                z3.And(found == p, alive[p]) for p in later))),
            render=_alive_shower(current, alive),
        ))
    found = _all(results, "")
    if found.status is not Status.PROVED:
        return found
    for (current, pattern), value in game.next_table.items():
        if value != next_player(current, pattern, cycle):
            return Result.refuted(
                f"player {current} moved, on the board {pattern}: the table says {value}",
                "the game's next-player table is not the kernel's",
            )
    return Result.proved(f"z3 for every player and pattern ({n} players); table checked")


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


def check_end_z3(
    after_kill: Callable[..., list[list[Any]]] = kernel.after_kill,
    game_over: Callable[[Sequence[Any]], Any] = kernel.game_over,
    last_sorcerer: Callable[[Sequence[Any]], Any] = kernel.last_sorcerer,
    winner: Callable[..., Any] = kernel.winner,
    thrower_wins: bool = False,
) -> Result:
    """Inductive step, 2-4 players: from any position where every team has its troll exactly when
    it has its sorcerer (a dwarf only with them) and at least two sorcerers are left, crushing a
    sorcerer removes exactly that team and the invariant still holds; the game is over exactly
    when at most one sorcerer remains; and then the winner is the player whose sorcerer is left
    (reading winner = last-thrower: the thrower)."""
    results = []
    for n in range(2, 5):
        team = [[z3.Bool(f"p{p}_{k.name.lower()}") for k in Piece] for p in range(n)]
        victim, thrower = z3.Int("victim"), z3.Int("thrower")
        inv = [z3.And(t[1] == t[0], z3.Implies(t[2], t[0])) for t in team]
        sorcs = [t[0] for t in team]
        alive = z3.Sum([z3.If(s, 1, 0) for s in sorcs])
        new = after_kill(team, victim)
        new_sorcs = [t[0] for t in new]
        new_alive = z3.Sum([z3.If(s, 1, 0) for s in new_sorcs])
        won = winner(new_sorcs, thrower, thrower_wins) if thrower_wins else winner(new_sorcs, thrower)
        right = thrower if thrower_wins else z3.Sum(
            [z3.If(new_sorcs[p], p, 0) for p in range(n)])
        claim = z3.And(
            *(z3.And(t[1] == t[0], z3.Implies(t[2], t[0])) for t in new),
            *(z3.Implies(victim == p, z3.Not(z3.Or(*new[p]))) for p in range(n)),
            *(z3.Implies(victim != p, z3.And(*(a == b for a, b in zip(new[p], team[p]))))
              for p in range(n)),
            new_alive == alive - 1,
            game_over(new_sorcs) == (new_alive <= 1),
            z3.Implies(new_alive == 1, won == right),
        )
        pre = [*inv, alive >= 2, victim >= 0, victim < n, thrower >= 0, thrower < n,
               z3.Or(*(z3.And(victim == p, sorcs[p]) for p in range(n)))]
        results.append(z3_prove(claim, assumptions=pre, render=_team_shower(team, victim)))
        results.append(z3_prove(game_over(sorcs) == (alive <= 1), render=str))
        results.append(z3_prove(
            z3.Implies(alive == 1, z3.And(*(
                z3.Implies(sorcs[p], last_sorcerer(sorcs) == p) for p in range(n)))),
            render=str,
        ))
    return _all(results, "z3, inductive step for 2, 3 and 4 players")


# -- the tables the game runs -------------------------------------------------------------------
def check_tables(game: Splut) -> Result:
    """``tables_of`` for 2, 3 and 4 players under the game's readings."""
    for g in _every_count(game):
        found = tables_of(g)
        if found.status is not Status.PROVED:
            return found
    return Result.proved(f"every entry checked (2-4 players, {TABLE_TURNS} turns, 41 squares)")


def tables_of(game: Splut) -> Result:
    """Exhaustive over every entry of the tables the game runs on its hot path, against what they
    stand for: the bookkeeping tables are the kernels' values (every turn below TABLE_TURNS, 0-3
    steps left, the game's reading); the throw kinds are the clauses' (trolls and rocks
    obstacles, sorcerers targets — the thrower's own an obstacle under throw-own-sorcerer =
    obstacle —, dwarves flown over); every interned step is the step its slot names; the board's
    line slices are its lines and its direction table is its neighbour table."""
    opening = game.reading("steps-per-turn") == "opening"
    step_table, end_table = game.bookkeeping
    for turn in range(TABLE_TURNS):
        for left in range(4):
            if step_table[turn][left] != kernel.after_step(turn, left, opening):
                return Result.refuted(f"turn {turn}, {left} steps left", "after_step table")
        if end_table[turn] != kernel.after_turn_end(turn, opening):
            return Result.refuted(f"turn {turn}", "after_turn_end table")
    for p in range(game.num_players):
        for c, kind in enumerate(game.throw_kinds(p)):
            expected = THROW_KIND[c]
            if c == code(p, Piece.SORCERER) and game.reading("throw-own-sorcerer") == "obstacle":
                expected = kernel.OBSTACLE
            if kind != expected:
                return Result.refuted(f"player {p}, occupancy code {c}", "throw kinds table")
    acts = actions_for(game.num_players)
    for p in range(game.num_players):
        for s in SQUARES:
            for d, y in enumerate(NEXT[s]):
                if y == OFF:
                    continue
                want = (Step(p, s, y), Step(p, s, y, pull=True))
                if (acts.by_dir[p][s][d], acts.pull_dir[p][s][d]) != want:
                    return Result.refuted(f"p{p} {NAMES[s]}-{NAMES[y]}", "interned steps")
                row = acts.levs[p][s][d]
                if any(row[r] != Step(p, s, y, lev=r) for r in SQUARES):
                    return Result.refuted(f"p{p} {NAMES[s]}-{NAMES[y]} lev", "interned steps")
            if [(e[0], e[1]) for e in acts.sorcerer[p][s]] != [
                (d, y) for d, y in enumerate(NEXT[s]) if y != OFF
            ]:
                return Result.refuted(f"p{p} {NAMES[s]}", "sorcerer table")
    for s in SQUARES:
        for d in range(4):
            if tuple(range(81)[LINE_SLICE[s][d]]) != LINE[s][d]:
                return Result.refuted(f"{NAMES[s]} direction {d}", "line slices")
            y = NEXT[s][d]
            if y != OFF and DIRECTION[s, y] != d:
                return Result.refuted(f"{NAMES[s]}-{NAMES[y]}", "direction table")
    return Result.proved(f"every entry checked ({TABLE_TURNS} turns, {len(SQUARES)} squares)")


# -- the board and the start ---------------------------------------------------------------------
_SEAT_WORDS = ("South", "West", "North", "East")


def _named_squares(text: str, words: Sequence[str]) -> dict[str, dict[str, str]]:
    """'South rock E1, dwarf E2, ...; West ...' -> {"South": {"rock": "e1", ...}, ...}."""
    import re

    out: dict[str, dict[str, str]] = {}
    for seat in _SEAT_WORDS:
        found = re.search(seat + r" ([^;.]*)", text)
        if found is None:
            continue
        out[seat] = {
            m.group(1): m.group(2).lower()
            for m in re.finditer(r"(" + "|".join(words) + r") ([A-I][1-9])", found.group(1))
        }
    return out


def start_squares(game: Splut) -> dict[str, dict[str, str]]:
    """The start squares of every seat, read from the text of the game's start-positions option
    (a mirrored option names only the pieces it moves; the others are "as above")."""
    spec = game.spec.interpretation("start-positions")
    base = _named_squares(spec.option("rock-view").text, ("rock", "dwarf", "troll", "sorcerer"))
    chosen = spec.option(game.reading("start-positions")).text
    for seat, pieces in _named_squares(chosen, ("rock", "dwarf", "troll", "sorcerer")).items():
        base[seat].update(pieces)
    return base


def check_board(game: Splut) -> Result:
    """Exhaustive: the board is the diamond the interpretation board-geometry describes (square
    (c, r) on it when |c - 5| + |r - 5| <= 4), the game's neighbour and line tables are its
    orthogonal adjacency (north = the next row), the tips are the squares with one neighbour; and
    for 2, 3 and 4 players the start has the four rocks on the tips, every seated team on the
    squares the start-positions option names, and the first player to move with the opening's
    steps (seating and steps-per-turn readings)."""
    columns = "abcdefghi"
    diamond = {(c, r) for c in range(1, 10) for r in range(1, 10) if abs(c - 5) + abs(r - 5) <= 4}
    names = {f"{columns[c - 1]}{r}" for c, r in diamond}
    if set(NAMES.values()) != names or len(SQUARES) != 41:
        return Result.refuted(f"{len(SQUARES)} squares", "the board is not the 41-square diamond")
    by_name = {v: k for k, v in NAMES.items()}
    steps = {0: (0, 1), 1: (1, 0), 2: (0, -1), 3: (-1, 0)}
    for (c, r) in diamond:
        x = by_name[f"{columns[c - 1]}{r}"]
        for d, (dc, dr) in steps.items():
            there = (c + dc, r + dr)
            want = by_name[f"{columns[there[0] - 1]}{there[1]}"] if there in diamond else OFF
            if NEXT[x][d] != want:
                return Result.refuted(f"{NAMES[x]} direction {d}", "the neighbour table is wrong",
                                      highlight=(NAMES[x],))
            line, y = [], want
            while y != OFF:
                line.append(y)
                y = NEXT[y][d]
            if tuple(line) != LINE[x][d]:
                return Result.refuted(f"{NAMES[x]} direction {d}", "the line table is wrong")
    tips = {x for x in SQUARES if sum(y != OFF for y in NEXT[x]) == 1}
    if tips != set(TIPS) or {NAMES[t] for t in tips} != {"a5", "e1", "e9", "i5"}:
        return Result.refuted(str(sorted(NAMES[t] for t in TIPS)), "the tips are wrong")
    squares = start_squares(game)
    for g in _every_count(game):
        start = g.initial_state()
        reference = Reference(g)
        for player, seat in enumerate(g.seats):
            named = squares[_SEAT_WORDS[int(seat_index(seat))]]
            trio = tuple(by_name[named[k]] for k in ("sorcerer", "troll", "dwarf"))
            if start.pieces[player] != trio:
                return _refute(g, start, f"player {player} ({_SEAT_WORDS[int(seat_index(seat))]}) "
                                         "does not start where the interpretation says")
        if set(start.rocks) != tips or start.to_move != reference.first or start.steps_left != (
            1 if reference.opening else 3
        ):
            return _refute(g, start, "the rocks, the first player or the first steps are wrong")
    return Result.proved("every square, neighbour and line; the start for 2, 3 and 4 players")


def seat_index(seat: Any) -> int:
    """A seat's place in the words South, West, North, East."""
    return ("SOUTH", "WEST", "NORTH", "EAST").index(seat.name)


# -- the whole transition, exhaustively, against an independent reading --------------------------
#: Seed positions for the finite families of the exhaustive checks, by player count: each puts a
#: rule of the rulebook within two steps (pull, throw, kill and the turn order after it, SPLUT! on a
#: dwarf, pushes, pushes at the edge, levitation, the previous player's rocks, levitation behind and
#: ahead, blocked throws, the own sorcerer in the line, a player without a step, the end).
SEEDS: dict[int, tuple[tuple[dict[int, str], str, dict[str, Any]], ...]] = {
    2: (
        ({0: "Sa5 Te4 Dc3", 1: "Se9 Tb6 Dg7"}, "e3 i5 c5 g3", {}),
        ({0: "Sa5 Te4 Dc3", 1: "Se7 Td8 Dd7"}, "e5 i5 b4 g3", {}),
        ({0: "Sa5 Te4", 1: "Sf8 Te8 De7"}, "e5 i5 b4 g3", {}),
        ({0: "Sb4 Tb6 Dc5", 1: "Sf5 Td5"}, "e5 i5 e1 e9", {}),
        ({0: "Sb4 Tb6 Df5", 1: "Sg5 Th5"}, "i5 a5 e1 e9", {}),
        ({0: "Sd3 Tf3 De2", 1: "Sf8 Td8"}, "f2 a5 g4 e9", {"moved_before": "g4 f2"}),
        ({0: "Sd4 Tf2", 1: "Sf8 Td8 Dd6"}, "d3 d5 i5 e9", {}),
        ({0: "Se8 Td8", 1: "Se9 Td7"}, "f8 e7 e6 a5", {}),
        ({0: "Sa5 Th4 Dc5", 1: "Sf8 Th6"}, "h5 i5 g5 b4", {}),
        ({0: "Se7 Te4 Dd4", 1: "Sa5 Td8"}, "e5 i5 b4 g3", {}),
        ({0: "Sd3 Tf2 Dc3", 1: "Sf8 Td8 De8"}, "g3 a5 c5 e9", {"to_move": 1}),
    ),
    3: (
        ({0: "Sa5 Te4 Dc3", 1: "Se7 Tb4", 2: "Sf8 Td8 Dg6"}, "e5 i5 c5 g3", {}),
        ({0: "Sd3 Tf3", 1: "Sb6 Tb4 Db5", 2: "Sf8 Td8"}, "f2 a5 g4 e9",
         {"to_move": 2, "moved_before": "g4"}),
    ),
    4: (
        ({0: "Sa5 Te4", 1: "Se7 Tb4", 2: "Sf8 Td8", 3: "Sh4 Th6 Dh5"}, "e5 i5 c3 g3",
         {"to_move": 0}),
        ({0: "Sd2 Tf2 De2", 1: "Sb6 Tb4 Db5", 2: "Sf8 Td8 De8", 3: "Sh4 Th6 Dh5"},
         "e1 a5 i5 e9", {"to_move": 3, "turn": 5}),
    ),
}


def seeds(game: Splut) -> list[State]:
    """The game's start and the seed positions of its player count that are positions of it
    (under its readings), each with its first player to move."""
    out = [game.initial_state()]
    for teams, rocks, extra in SEEDS[game.num_players]:
        try:
            out.append(game.position(teams, rocks, **extra))
        except ValueError:
            continue
    return out


def family(game: Splut, depth: int, start_depth: int | None = None) -> list[State]:
    """Every state within ``depth`` actions of a seed (``start_depth`` of the start), each once."""
    left: dict[State, int] = {}
    for i, seed in enumerate(seeds(game)):
        todo = [(seed, start_depth if i == 0 and start_depth is not None else depth)]
        while todo:
            state, budget = todo.pop()
            if left.get(state, -1) >= budget:
                continue
            left[state] = budget
            if budget > 0:
                todo.extend((game.successor(state, a), budget - 1)
                            for a in game.legal_actions(state))
    return list(left)


def candidates(game: Splut, state: State) -> list[Any]:
    """The actions worth asking about in ``state``: every step of the pieces of the player to move
    to each neighbour (plain, pulling, levitating each rock), the four throws, the pass, and a step
    by another player and from an empty square."""
    p = state.to_move
    out: list[Any] = [Throw(p, d) for d in Dir] + [Pass(p)]
    for x in state.pieces[p]:
        if x == OFF:
            continue
        for y in NEXT[x]:
            if y != OFF:
                out += [Step(p, x, y), Step(p, x, y, pull=True)]
                out += [Step(p, x, y, lev=r) for r in state.rocks]
    other = (p + 1) % game.num_players
    for x in state.pieces[other][:1]:
        if x != OFF and NEXT[x][0] != OFF:
            out.append(Step(other, x, NEXT[x][0]))
    empty = next(s for s in SQUARES if state.board is not None and state.board[s] == 0)
    out += [Step(p, empty, y) for y in NEXT[empty][:2] if y != OFF]
    return out


def _squares_of(action: Any, state: State) -> tuple[str, ...]:
    if isinstance(action, Step):
        found = [action.frm, action.to] + ([action.lev] if action.lev != OFF else [])
        return tuple(NAMES[x] for x in found if x in NAMES)
    if isinstance(action, Throw) and state.throw_from != OFF:
        return (NAMES[state.throw_from],)
    return ()


def _refute(game: Splut, state: State, detail: str, action: Any = None) -> Result:
    text = game.state_to_text(state)
    shown = game.render(state)
    if action is not None:
        try:
            shown += f"\naction: {game.action_to_str(state, action)}"
        except ValueError:
            shown += f"\naction: {action!r}"
    return Result.refuted(shown, detail, position=text, highlight=_squares_of(action, state),
                          options=game.options)


def transition_mismatch(
    game: Splut, state: State, reference: Reference, predicate: bool = True
) -> Result | None:
    """Where the game and the reference disagree about ``state``, if anywhere: the end, the winner,
    who acts, the legal actions (the move generator, and — with ``predicate`` — the legality
    predicate on every candidate), and every field of the state after each legal action; and
    whether the state's position text and each legal action's text read back (records replay)."""
    if game.is_terminal(state) != reference.over(state):
        return _refute(game, state, "the game and the reference disagree on whether it is over")
    if set(game.winners(state)) != reference.winners(state):
        return _refute(game, state, f"winners {set(game.winners(state))}, the reference "
                                    f"{reference.winners(state)}")
    actors = set() if reference.over(state) else {state.to_move}
    if set(game.actors(state)) != actors:
        return _refute(game, state, f"actors {set(game.actors(state))}, expected {actors}")
    legal = game.legal_actions(state)
    expected = reference.legal(state)
    if len(set(legal)) != len(legal) or set(legal) != expected:
        extra = sorted(set(legal) - expected, key=repr)
        missing = sorted(expected - set(legal), key=repr)
        return _refute(game, state, f"legal actions differ: the game adds {extra[:4]}, misses "
                                    f"{missing[:4]}", (extra + missing)[0])
    if predicate:
        for action in candidates(game, state):
            found = game.violation(state, action)
            if (found is None) != (action in expected):
                return _refute(game, state, f"violation() says {found}", action)
            if found is not None and find_clause(found.clause).nl != found.text_nl:
                return _refute(game, state, f"violation cites {found.clause} wrongly", action)
    if game.state_from_text(game.state_to_text(state)) != state:
        return _refute(game, state, "the position text does not read back as this state")
    for action in legal:
        if game.parse_action(state, game.action_to_str(state, action)) != action:
            return _refute(game, state, "the action's text does not read back as the action",
                           action)
        after = game.successor(state, action)
        want = reference.after(state, action)
        if after != want:
            fields = [f for f in ("pieces", "rocks", "to_move", "turn", "steps_left",
                                  "throw_from", "lev", "lev_rock", "moved_before", "moved_now")
                      if getattr(after, f) != getattr(want, f)]
            return _refute(game, state, f"after the action {', '.join(fields)} differ: the game "
                                        f"gives {game.state_to_text(after)}, the reference "
                                        f"{game.state_to_text(want)}", action)
    return None


def check_transition(
    game: Splut,
    depth: int = 2,
    reference_factory: Callable[[Splut], Reference] = Reference,
) -> Result:
    """Exhaustive over every state within ``depth`` actions of the seed positions (``depth + 2`` of
    the start), for 2, 3 and 4 players under the game's readings: the game's end, winner, actors,
    legal actions (move generator and legality predicate) and every successor are those of the
    independent reading."""
    total = 0
    for g in _every_count(game):
        reference = reference_factory(g)
        states = family(g, depth, start_depth=depth + 2)
        for state in states:
            found = transition_mismatch(g, state, reference)
            if found is not None:
                return found
        total += len(states)
    return Result.proved(
        f"{total} states (2, 3 and 4 players), every legal action and candidate checked"
    )


# -- a whole-board model of one action, for the inductive proof of the board invariants ---------
# Positions are squares (OFF = -1 for a removed piece). The model runs on plain ints (its
# refinement against the game runs inside the theorem) and on z3 terms (the proof). It ignores
# whose turn it is and which rocks may be levitated this turn: it allows at least every action the
# game allows, so a property proved for all its actions holds for the game's.
@functools.cache
def _next_table() -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(NEXT[s][d] for s in range(81)) for d in range(4))


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
    pull: bool = False, lev: int | None = None, behind_ok: bool = True, ahead_ok: bool = True,
) -> tuple[Any, list[Any], list[list[Any]], Any]:
    """(legal, rocks, pieces, held) after player p's sorcerer (k = 0) or troll (k = 1) steps in
    direction d; ``lev`` is the index of a levitated rock; ``held``: the troll has stepped onto a
    rock and holds it. A rock under a troll can be neither levitated nor pulled into."""
    items = [*rocks, *_flat(pieces)]
    trolls = [t[Piece.TROLL] for t in pieces]
    new_rocks, new_pieces = list(rocks), [list(t) for t in pieces]
    x = pieces[p][k]
    y = nxt(x, d)
    held: Any = False
    new_pieces[p][k] = y
    if k == Piece.SORCERER:
        if lev is None:
            legal = And(x != OFF, y != OFF, Not(_at(items, y)))
        else:
            r = rocks[lev]
            r2 = nxt(r, d)
            rock_moves = And(r2 != OFF, Or(Not(_at(items, r2)), And(r2 == x, behind_ok)))
            legal = And(x != OFF, y != OFF, Not(Or(*(t == r for t in trolls))), rock_moves,
                        Or(Not(_at(items, y)), And(y == r, ahead_ok)))
            new_rocks[lev] = r2
    else:
        behind = nxt(x, (d + 2) % 4)
        is_rock = Or(*(r == y for r in rocks))
        legal = And(x != OFF, y != OFF, Or(Not(_at(items, y)), And(is_rock, Not(_at(
            _flat(pieces), y)))))
        if pull:
            legal = And(legal, behind != OFF, Or(*(r == behind for r in rocks)),
                        Not(Or(*(r == behind for r in trolls))), Not(Or(*(r == x for r in rocks))))
            new_rocks = [If(r == behind, x, r) for r in rocks]
        held = is_rock
    return legal, new_rocks, new_pieces, held


def model_push(
    rocks: Sequence[Any], pieces: Sequence[Sequence[Any]], p: int, x: int, d: int,
    slide: bool = False,
) -> tuple[Any, list[Any], list[list[Any]]]:
    """(legal, rocks, pieces) after player p's dwarf on square ``x`` steps in direction ``d``,
    pushing the line in front of it (one square, or sliding to the edge): a function of squares,
    so a troll resting on a rock takes the rock along."""
    line = LINE[x][d]
    items = [*rocks, *_flat(pieces)]
    if not line:
        return False, list(rocks), [list(t) for t in pieces]
    full = [_at(items, c) for c in line]
    legal = And(pieces[p][Piece.DWARF] == x, Or(*(Not(f) for f in full)))
    k = len(line)

    def shift(z: Any) -> Any:
        out = z
        for m in range(k - 1, -1, -1):
            if slide:
                rank = Count(full[m + 1:])
                dest: Any = line[k - 1]
                for j in range(k - 1):
                    dest = If(rank == k - 1 - j, line[j], dest)
                out = If(And(z == line[m], full[0]), dest, out)
            else:
                run = And(*full[: m + 1])
                ahead = line[m + 1] if m + 1 < k else OFF
                out = If(And(z == line[m], run), ahead, out)
        return out

    new_rocks = [shift(r) for r in rocks]
    new_pieces = [[shift(z) for z in t] for t in pieces]
    new_pieces[p][Piece.DWARF] = line[0]
    return legal, new_rocks, new_pieces


def model_throw(
    rocks: Sequence[Any], pieces: Sequence[Sequence[Any]], p: int, q: int, d: int,
    landing: Callable[[Sequence[Any]], Any] = kernel.throw_landing,
    own_target: bool = True, blocked_ok: bool = False,
) -> tuple[Any, list[Any], list[list[Any]]]:
    """(legal, rocks, pieces) after player p's troll on square ``q``, holding the rock there,
    throws in direction ``d``. The flight uses the game's own kernel."""
    line = LINE[q][d]

    def kind(sq: int) -> Any:
        rock = Or(*(r == sq for r in rocks))
        troll = Or(*(t[Piece.TROLL] == sq for t in pieces))
        dwarf = Or(*(t[Piece.DWARF] == sq for t in pieces))
        sorc = Or(*(t[Piece.SORCERER] == sq for i, t in enumerate(pieces) if own_target or i != p))
        own = pieces[p][Piece.SORCERER] == sq if not own_target else False
        return If(Or(rock, troll, own), kernel.OBSTACLE,
                  If(sorc, kernel.TARGET, If(dwarf, kernel.DWARF, kernel.EMPTY)))

    kinds = [kind(sq) for sq in line]
    legal = And(pieces[p][Piece.TROLL] == q,
                kernel.throw_allowed(kinds[:1], blocked_ok) if blocked_ok
                else kernel.throw_allowed(kinds[:1]))
    index = landing(kinds)
    land: Any = q
    for m in range(len(line)):
        land = If(index == m, line[m], land)
    new_rocks = [If(r == q, land, r) for r in rocks]
    hit = And(index >= 0, True)
    dead = [And(hit, t[Piece.SORCERER] == land) for t in pieces]
    new_pieces = [
        [If(dead[i], OFF, t[0]), If(dead[i], OFF, t[1]),
         If(Or(dead[i], And(hit, t[2] == land)), OFF, t[2])]
        for i, t in enumerate(pieces)
    ]
    return legal, new_rocks, new_pieces


def board_invariant(
    rocks: Sequence[Any], pieces: Sequence[Sequence[Any]], held: Any = None, resting: bool = False
) -> Any:
    """Four rocks on four distinct board squares; every piece on a board square or removed; no two
    things on one square — except, when ``held`` is player h's index, h's troll and the rock in its
    hands, and with ``resting`` (reading blocked-throw = rock-stays) any troll and a rock; a team's
    troll is on the board exactly when its sorcerer is, its dwarf only with them."""
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
            if i < 4 and id(b) in trolls and (resting or (held is not None
                                                          and trolls[id(b)] == held)):
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
        listed = "; ".join(
            f"p{p} " + " ".join(f"{'STD'[k]}{NAMES.get(x, x)}" for k, x in enumerate(t) if x != OFF)
            for p, t in enumerate(ps)
        )
        return f"rocks {' '.join(str(NAMES.get(x, x)) for x in r)}; {listed}"

    return show


def board_of(state: State) -> tuple[list[int], list[list[int]]]:
    return list(state.rocks), [list(t) for t in state.pieces]


def model_after(game: Splut, state: State, action: Any) -> tuple[Any, tuple[int, ...], Any]:
    """(legal, sorted rocks, pieces) of the model for a state and action of the game."""
    rocks, pieces = board_of(state)
    p = action.player
    if isinstance(action, Throw):
        legal, r2, p2 = model_throw(rocks, pieces, p, state.throw_from, int(action.direction),
                                    own_target=game.reading("throw-own-sorcerer") == "target",
                                    blocked_ok=game.reading("blocked-throw") == "rock-stays")
    elif state.pieces[p].index(action.frm) == Piece.DWARF:
        legal, r2, p2 = model_push(rocks, pieces, p, action.frm, DIRECTION[action.frm, action.to],
                                   slide=game.reading("push-distance") == "slide")
    else:
        k = state.pieces[p].index(action.frm)
        d = DIRECTION[action.frm, action.to]
        lev = rocks.index(action.lev) if action.lev != OFF else None
        legal, r2, p2, _ = model_step(
            rocks, pieces, p, k, d, action.pull, lev,
            behind_ok=game.reading("levitate-behind") == "allowed",
            ahead_ok=game.reading("levitate-ahead") == "allowed",
        )
        if lev is not None and not legal and game.reading("levitate-blocked") == "rock-stays":
            legal, r2, p2, _ = model_step(rocks, pieces, p, k, d)  # the blocked rock stays
    return bool(legal), tuple(sorted(r2)), tuple(tuple(t) for t in p2)


def refine_board_model(game: Splut, depth: int = 1) -> Result | None:
    """The model's refinement: on every state within ``depth`` actions of the seed positions (two
    of the start), every legal action of the game is legal in the model and leads to the rocks and
    pieces the model says; and the game's states satisfy the board invariant. None if it holds."""
    resting = game.reading("blocked-throw") == "rock-stays"
    for state in family(game, depth, start_depth=depth + 1):
        rocks, pieces = board_of(state)
        held = state.to_move if state.throw_from != OFF else None
        if not board_invariant(rocks, pieces, held, resting):
            return _refute(game, state, "the board invariant does not hold")
        for action in game.legal_actions(state):
            if isinstance(action, Pass):
                continue
            legal, r2, p2 = model_after(game, state, action)
            after = game.successor(state, action)
            if not legal or r2 != after.rocks or p2 != after.pieces:
                return _refute(game, state, "the whole-board model and the game disagree on "
                                            f"this action (model: legal {legal})", action)
    return None


def check_line_lemma(
    push: Callable[..., tuple[Any, list[Any]]] = kernel.push,
    landing: Callable[[Sequence[Any]], Any] = kernel.throw_landing,
    slide: bool = False,
    resting: bool = False,
    own_target: bool = True,
) -> tuple[Result, int]:
    """The line lemma behind pushes and throws on the whole board: for every line of 1-8 squares
    in front of player 0's dwarf or throwing troll, each square holding one thing (a rock, any
    piece of four teams, and with ``resting`` a troll standing on a rock) and each piece at most
    once: after a legal push every square still holds one thing and every thing is still there
    (the dwarf now on the first square); after a legal throw the rock lies on a square that held
    no rock and no troll (or stays with the thrower), and exactly the crushed pieces are gone — a
    sorcerer with its whole team, or a dwarf alone. With the frame (nothing off the line moves,
    the refinement's business), the board invariant follows for the whole board."""
    top = code(3, Piece.DWARF)
    codes = list(range(top + 1))
    resting_codes = {20 + p: code(p, Piece.TROLL) for p in range(4)} if resting else {}
    mover, thrower = code(0, Piece.DWARF), code(0, Piece.TROLL)
    own = code(0, Piece.SORCERER)

    def kind(c: Any) -> Any:
        out: Any = kernel.EMPTY
        for v in [*codes, *resting_codes]:
            if v == 0:
                continue
            base = resting_codes.get(v, v)
            if v == ROCK or (base - 2) % 3 == Piece.TROLL or (v == own and not own_target):
                k = kernel.OBSTACLE
            elif (base - 2) % 3 == Piece.SORCERER:
                k = kernel.TARGET
            else:
                k = kernel.DWARF
            out = z3.If(c == v, k, out)
        return out

    def count(cells: Sequence[Any], v: int) -> Any:
        return z3.Sum([z3.If(c == v, 1, 0) for c in cells])

    results = []
    for k in range(1, MAX_LINE + 1):
        cells = [z3.Int(f"square{i + 1}") for i in range(k)]
        allowed_values = [*codes, *resting_codes]
        well_formed = [z3.Or(*(c == v for v in allowed_values)) for c in cells]
        once = [count(cells, v) <= 1 for v in allowed_values if v >= 2]
        pre = [*well_formed, *once]
        old, new = push(mover, cells, slide) if slide else push(mover, cells)
        results.append(z3_prove(
            z3.And(
                old == 0,
                *(z3.Or(*(c == v for v in allowed_values)) for c in new),
                *(count(new, v) == count(cells, v) + (1 if v == mover else 0)
                  for v in allowed_values if v >= 1),
            ),
            assumptions=[*pre, count(cells, mover) == 0, kernel.push_allowed(cells)],
            render=_shower("a push along (codes): ", cells),
        ))
        kinds = [kind(c) for c in cells]
        land = landing(kinds)
        after = []
        for i, c in enumerate(cells):
            hit_here = land == i
            victim_team = [z3.And(hit_here, c == code(p, Piece.SORCERER)) for p in range(4)]
            after.append((hit_here, c, victim_team))
        crushed_team = [z3.Or(*(v[2][p] for v in after)) for p in range(4)]
        survivors = []
        for i, c in enumerate(cells):
            gone = z3.Or(*(z3.And(crushed_team[p], z3.Or(*(c == t for t in (
                code(p, 0), code(p, 1), code(p, 2), *( [20 + p] if resting else [])))))
                for p in range(4)))
            survivors.append(z3.If(land == i, ROCK, z3.If(gone, 0, c)))
        legal = kernel.throw_allowed(kinds[:1], resting) if resting else kernel.throw_allowed(kinds)
        results.append(z3_prove(
            z3.And(
                z3.Or(land == -1, *(z3.And(land == i, cells[i] != ROCK, kinds[i] != kernel.OBSTACLE)
                                    for i in range(k))),
                count(survivors, ROCK) == count(cells, ROCK) + z3.If(land >= 0, 1, 0),
                *(z3.Implies(z3.And(land >= 0, cells[i] >= 2, land != i,
                                    z3.Not(z3.Or(*crushed_team))), survivors[i] == cells[i])
                  for i in range(k)),
                *(count(survivors, v) <= 1 for v in allowed_values if v >= 2),
            ),
            assumptions=[*pre, *(c != thrower for c in cells), legal],
            render=_shower("a throw along (codes): ", cells),
        ))
    return _all(results, ""), MAX_LINE


def check_state_invariants(
    game: Splut,
    step: Callable[..., tuple[Any, list[Any], list[list[Any]], Any]] = model_step,
    push_kernel: Callable[..., tuple[Any, list[Any]]] = kernel.push,
    landing: Callable[[Sequence[Any]], Any] = kernel.throw_landing,
    refine: bool = True,
) -> Result:
    """Inductive step over every board of four teams satisfying the invariant (fewer players: teams
    off the board): every sorcerer step (with or without levitating any rock), troll step (pulling
    or not, onto a free square or a rock), dwarf step along every line of the board (pushing what
    is in the way) and throw along every line keeps it — four rocks on four distinct squares,
    nothing off the board, no two things on one square (a troll holding a rock excepted), whole
    teams. Under the game's readings; its refinement against the game runs first."""
    if refine:
        found = refine_board_model(game)
        if found is not None:
            return found
    read = game.reading
    behind_ok, ahead_ok = read("levitate-behind") == "allowed", read("levitate-ahead") == "allowed"
    slide = read("push-distance") == "slide"
    resting = read("blocked-throw") == "rock-stays"
    own_target = read("throw-own-sorcerer") == "target"
    rocks, pieces = _symbolic_board(4)
    show = _board_shower(rocks, pieces)
    pre = board_invariant(rocks, pieces, resting=resting)
    cases = 0
    for d in range(4):
        variants: list[tuple[int, bool, int | None]] = [
            (Piece.SORCERER, False, None), *((Piece.SORCERER, False, i) for i in range(4)),
            (Piece.TROLL, False, None), (Piece.TROLL, True, None),
        ]
        for k, pull, lev in variants:
            legal, r2, p2, held = step(rocks, pieces, 0, k, d, pull, lev, behind_ok, ahead_ok)
            post = If(held, board_invariant(r2, p2, held=0, resting=resting),
                      board_invariant(r2, p2, resting=resting))
            result = z3_prove(post, assumptions=[pre, legal], render=show,
                              detail=f"piece {k}, direction {d}")
            cases += 1
            if result.status is not Status.PROVED:
                return result
    found, lines = check_line_lemma(push_kernel, landing, slide, resting, own_target)
    if found.status is not Status.PROVED:
        return found
    return Result.proved(
        f"z3, inductive step: {cases} kinds of step over all boards, and pushes and throws along "
        f"every line (the line lemma for {lines} line lengths and the frame: nothing off the "
        "line moves but a crushed team)"
    )


# -- can a player be left without a legal step? -------------------------------------------------
def has_step(
    cells: Sequence[Any],
    p: int,
    levitable: Sequence[Any],
    push: bool = True,
    sorcerers_move: bool = True,
    ahead_ok: bool = True,
) -> Any:
    """Dual-mode model of "player p has a legal step" (no throw pending) on 81 grid cells holding
    occupancy codes (0 empty, 1 rock, 2 + 3 * player + piece). ``levitable[x]``: the rock on x may
    be levitated now. A sorcerer needs a free neighbour, or (reading levitate-ahead = allowed) a
    levitable rock there with a free square behind it; a troll a free neighbour or a rock (it can
    always throw it back, or under blocked-throw = rock-stays throw anywhere); a dwarf a line with
    an empty square in it. ``push`` and ``sorcerers_move`` switch rules off, for tests that need a
    deliberately broken model."""
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
                And(cells[y] == ROCK, levitable[y], cells[y2] == 0)
                if y2 != OFF and ahead_ok else False
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


def decode(game: Splut, cells_values: Sequence[int], to_move: int = 0, hidden: Sequence[int] = ()
           ) -> State:
    """A State (player ``to_move`` at the start of a later turn, nothing moved before it) from 81
    occupancy codes; ``hidden`` are rocks under trolls."""
    n = game.num_players
    pieces = [[OFF, OFF, OFF] for _ in range(n)]
    rocks = list(hidden)
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
        steps_left=game.steps_in_turn(4),
    )


def find_stuck(
    game: Splut,
    stuck_players: Sequence[int],
    step_model: Callable[..., Any] = has_step,
    full_team: bool = False,
    timeout_ms: int = 300_000,
) -> tuple[State, str] | None:
    """A position of ``game`` in which each of ``stuck_players`` has a sorcerer and no legal step
    even with every rock levitable (as after a round of passes), found by z3 and confirmed by the
    game's own move generator; None if z3 shows there is none. The positions searched: four rocks
    (some under trolls, reading blocked-throw = rock-stays), each piece at most once, a troll
    exactly with its sorcerer, a dwarf only with them, at least two sorcerers (``full_team``:
    player 0's dwarf too). Raises AssertionError if the game disagrees with the model, and
    TimeoutError if z3 gives up."""
    n = game.num_players
    resting = game.reading("blocked-throw") == "rock-stays"
    ahead_ok = game.reading("levitate-ahead") == "allowed"
    top = code(n - 1, Piece.DWARF)
    bits = {x: [z3.Bool(f"{NAMES[x]}_{v}") for v in range(top + 1)] for x in SQUARES}
    cells: list[Any] = [_Cell(bits[x]) if x in bits else 0 for x in range(81)]
    cond = [z3.PbEq([(b, 1) for b in bits[x]], 1) for x in SQUARES]
    visible = [(bits[x][ROCK], 1) for x in SQUARES]
    if resting:  # some rocks may lie under trolls: as many as trolls at most
        trolls = [(bits[x][code(p, Piece.TROLL)], 1) for x in SQUARES for p in range(n)]
        cond.append(z3.PbLe(visible, 4))
        cond.append(z3.PbGe(visible + trolls, 4))
    else:
        cond.append(z3.PbEq(visible, 4))
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
        cond.append(Not(step_model(cells, p, [True] * 81, ahead_ok=ahead_ok)))
    if len(stuck_players) == n and n > 2:
        # the players are alike here: order their sorcerers' squares (symmetry breaking)
        where = [z3.Sum([z3.If(bits[x][code(p, 0)], x, 0) for x in SQUARES]) for p in range(n)]
        cond += [where[p] < where[p + 1] for p in range(n - 1)]
    found = z3_find(z3.And(*cond), render=lambda m: "", timeout_ms=timeout_ms)
    if found is None:
        return None
    model = found[1]
    values = [0] * 81
    for x in SQUARES:
        for v, b in enumerate(bits[x]):
            if z3.is_true(model.eval(b, model_completion=True)):
                values[x] = v
    troll_squares = [x for x in SQUARES if values[x] >= 2 and (values[x] - 2) % 3 == 1]
    hidden = troll_squares[: 4 - values.count(ROCK)]
    for p in stuck_players:
        state = decode(game, values, to_move=p, hidden=hidden)
        game.validate_state(state)
        if game.legal_actions(state) != (Pass(p),):
            raise AssertionError("the z3 model and the move generator disagree")
    state = decode(game, values, to_move=stuck_players[0], hidden=hidden)
    return state, game.render(state)


def _stuck_result(game: Splut, found: tuple[State, str] | None, claim: str, detail: str
                  ) -> Result:
    if found is None:
        return Result.proved(claim)
    state, shown = found
    squares = tuple(NAMES[x] for trio in state.pieces for x in trio if x != OFF)
    return Result.refuted(shown, detail, position=game.state_to_text(state), highlight=squares,
                          options=game.options)


def check_no_step(
    game: Splut, step_model: Callable[..., Any] = has_step, full_team: bool = False
) -> Result:
    """Claim: the player to move always has a legal step. z3 searches all arrangements of rocks
    and pieces; a position it finds is checked with the game's move generator."""
    try:
        found = find_stuck(game, [0], step_model, full_team)
    except AssertionError as exc:
        return Result.unknown(str(exc))
    except TimeoutError as exc:
        return Result.unknown(str(exc))
    return _stuck_result(game, found, "z3: no arrangement leaves the player to move without a step",
                         "player 0 has no legal step: only 'p0 pass' is legal")


# Piece kinds on a square, for the deadlock model: who owns a piece does not matter there.
K_EMPTY, K_ROCK, K_SORCERER, K_TROLL, K_DWARF = range(5)


def piece_stuck(kind: Callable[[int], Any], x: int, k: int, ahead_ok: bool = True) -> Any:
    """Dual-mode: the piece of kind ``k`` on square ``x`` has no legal step, with every rock
    levitable, on a board where ``kind(y) == v`` says what square y holds. A sorcerer is stuck when
    every neighbour is occupied and no rock next to it can be levitated out of its way (reading
    levitate-ahead = allowed); a troll when every neighbour holds a piece (a rock it could step onto
    and throw); a dwarf when every line in front of it is full up to the edge."""
    conds = []
    for d in range(4):
        y = NEXT[x][d]
        if y == OFF:
            continue
        if k == K_SORCERER:
            y2 = NEXT[y][d]
            free_ahead = And(kind(y) == K_ROCK, kind(y2) == K_EMPTY) if y2 != OFF and ahead_ok \
                else False
            conds.append(Not(Or(kind(y) == K_EMPTY, free_ahead)))
        elif k == K_TROLL:
            conds.append(Not(Or(kind(y) == K_EMPTY, kind(y) == K_ROCK)))
        else:
            conds.append(Not(Or(*(kind(c) == K_EMPTY for c in LINE[x][d]))))
    return And(*conds)


def kinds_of(state: State) -> list[int]:
    """The kind of thing on each of the 81 grid squares (a troll on a rock counts as a troll)."""
    out = [K_EMPTY] * 81
    for r in state.rocks:
        out[r] = K_ROCK
    for trio in state.pieces:
        for k, x in zip((K_SORCERER, K_TROLL, K_DWARF), trio):
            if x != OFF:
                out[x] = k
    return out


def refine_stuck_model(game: Splut, model: Callable[..., Any] = piece_stuck) -> Result | None:
    """The refinement of the deadlock model: on every state within one action of the seed
    positions (two of the start) and for every player with a sorcerer, the model says all of that
    player's pieces are stuck exactly when the game — at the start of that player's turn with
    nothing moved before it — lets it only pass. None if it holds."""
    ahead_ok = game.reading("levitate-ahead") == "allowed"
    for state in family(game, 1, start_depth=2):
        if state.throw_from != OFF or state.over:
            continue
        kinds = kinds_of(state)
        for p, trio in enumerate(state.pieces):
            if trio[0] == OFF:
                continue
            fresh = State(pieces=state.pieces, rocks=state.rocks, to_move=p, turn=4,
                          steps_left=game.steps_in_turn(4))
            stuck = all(
                bool(model(kinds.__getitem__, x, k, ahead_ok))
                for x, k in zip(trio, (K_SORCERER, K_TROLL, K_DWARF)) if x != OFF
            )
            if stuck != (game.legal_actions(fresh) == (Pass(p),)):
                return _refute(game, fresh, f"the deadlock model says player {p} is "
                                            f"{'stuck' if stuck else 'not stuck'}; the game "
                                            "disagrees")
    return None


def find_deadlock(
    game: Splut, model: Callable[..., Any] = piece_stuck, timeout_ms: int = 600_000
) -> tuple[State, str] | None:
    """A position where every one of the game's players has a sorcerer and no legal step (every
    rock levitable): z3 over the kind of thing on each square (which team owns a piece does not
    change whether it can step), the found position confirmed by the game's move generator for
    each player. None if z3 shows there is none. Raises AssertionError if the game disagrees with
    the model, TimeoutError if z3 gives up."""
    n = game.num_players
    resting = game.reading("blocked-throw") == "rock-stays"
    ahead_ok = game.reading("levitate-ahead") == "allowed"
    bits = {x: [z3.Bool(f"{NAMES[x]}_{v}") for v in range(5)] for x in SQUARES}
    cond = [z3.PbEq([(b, 1) for b in bits[x]], 1) for x in SQUARES]

    def many(k: int) -> list[tuple[Any, int]]:
        return [(bits[x][k], 1) for x in SQUARES]

    cond += [z3.PbEq(many(K_SORCERER), n), z3.PbEq(many(K_TROLL), n), z3.PbLe(many(K_DWARF), n)]
    if resting:  # rocks under trolls are not seen: between 4 - n and 4 rocks show
        cond += [z3.PbLe(many(K_ROCK), 4), z3.PbGe(many(K_ROCK) + many(K_TROLL), 4)]
    else:
        cond.append(z3.PbEq(many(K_ROCK), 4))

    def kind(y: int) -> Any:
        return _KindCell(bits[y])

    for x in SQUARES:
        for k in (K_SORCERER, K_TROLL, K_DWARF):
            cond.append(z3.Implies(bits[x][k], model(kind, x, k, ahead_ok)))
    found = z3_find(z3.And(*cond), render=lambda m: "", timeout_ms=timeout_ms)
    if found is None:
        return None
    values = {x: next(v for v in range(5) if z3.is_true(found[1].eval(bits[x][v], True)))
              for x in SQUARES}
    by_kind = {k: [x for x in SQUARES if values[x] == k] for k in range(5)}
    dwarves = by_kind[K_DWARF] + [OFF] * n
    pieces = tuple((by_kind[K_SORCERER][p], by_kind[K_TROLL][p], dwarves[p]) for p in range(n))
    rocks = by_kind[K_ROCK] + by_kind[K_TROLL][: 4 - len(by_kind[K_ROCK])]
    for p in range(n):
        state = State(pieces=pieces, rocks=tuple(sorted(rocks)), to_move=p,  # type: ignore[arg-type]
                      turn=4, steps_left=game.steps_in_turn(4))
        game.validate_state(state)
        if game.legal_actions(state) != (Pass(p),):
            raise AssertionError("the z3 model and the move generator disagree")
    state = State(pieces=pieces, rocks=tuple(sorted(rocks)), to_move=0,  # type: ignore[arg-type]
                  turn=4, steps_left=game.steps_in_turn(4))
    return state, game.render(state)


class _KindCell:
    """A square's kind as one-hot z3 booleans: ``cell == k`` is "the square holds kind k"."""

    __hash__ = None  # type: ignore[assignment]

    def __init__(self, bits: Sequence[Any]) -> None:
        self.bits = bits

    def __eq__(self, k: object) -> Any:
        return self.bits[int(k)]  # type: ignore[call-overload]


def check_deadlock(
    game: Splut, model: Callable[..., Any] = piece_stuck, timeout_ms: int = 600_000
) -> Result:
    """Claim: the players with a sorcerer are never all without a legal step (with every rock
    levitable, as after a round of passes), so passing cannot go on for ever. The model's
    refinement against the game runs first."""
    found_refinement = refine_stuck_model(game, model)
    if found_refinement is not None:
        return found_refinement
    try:
        found = find_deadlock(game, model, timeout_ms)
    except (AssertionError, TimeoutError) as exc:
        return Result.unknown(str(exc))
    return _stuck_result(
        game, found, f"z3: no arrangement leaves all {game.num_players} players without a step",
        "no player has a legal step: the players pass for ever",
    )


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
DEADLOCK_FINDING = (
    "Under the reading levitate-ahead = forbidden (the literal ruleset before its fix, and the "
    "published open-source engine), the players can all be left without a legal step at once: "
    "z3 finds, for 2, 3 and 4 players, teams whose dwarves are gone packed against the west tip, "
    "each sorcerer boxed in by its neighbours and by rocks it may no longer levitate out of its way "
    "(for example Sb5,Ta5/Sc6,Tb6 b4,c5,d6,c7 with 2 players); the game confirms it. With the "
    "default 'pass' reading of splut.interp.no-legal-step the players would then pass for ever. "
    "The literal ruleset therefore plays no-legal-step = eliminated (a player who cannot make the "
    "mandatory steps is out), which ends such a game; the open-source-engine ruleset keeps "
    "passing, as nothing is known about what that engine does. With the default readings no "
    "deadlock exists (proved for 2, 3 and 4 players)."
)
TESTS = "tests/splut/test_splut_theorems.py"




def theorems(game: Any = None) -> tuple[Theorem, ...]:
    """Every theorem of ``game`` (default: ``Splut()``), under its player count and readings."""
    g: Splut = game if game is not None else Splut()
    read = g.reading
    blocked = read("blocked-throw") == "rock-stays"
    slide = read("push-distance") == "slide"
    thrower_wins = read("winner") == "last-thrower"
    n = g.num_players
    throw = ("splut.trol.werpen", "splut.werpen.vlucht", "splut.werpen.rand", "splut.werpen.trol",
             "splut.werpen.rots", "splut.werpen.tovenaar", "splut.splut.dwerg",
             "splut.dwerg.klein", "splut.woorden.obstakel", "splut.woorden.doelwit")
    push = ("splut.dwerg.duwen", "splut.dwerg.duwen-lijn", "splut.woorden.duwen",
            "splut.voorbeeld.duwen")
    steps = ("splut.zet.verplicht", "splut.zet.eerste-een", "splut.zet.tweede-twee",
             "splut.zet.drie", "splut.trol.werpen-einde")
    order = ("splut.verloop.klok", "splut.zet.afwisselen", "splut.zitten.drie-begin",
             "splut.zitten.vier-begin")
    end = ("splut.winnen.team-weg", "splut.splut.team", "splut.winnen.laatste",
           "splut.winnen.doel", "splut.rotsen.splut", "splut.woorden.tovenaar")
    rocks = ("splut.onderdelen.vier-rotsen", "splut.rotsen.vier", "splut.woorden.rotsen",
             "splut.splut.rots-blijft", "splut.beweging.bezet")
    turn_rules = ("splut.tovenaar.een-rots", "splut.tovenaar.vorige-speler",
                  "splut.tovenaar.geduwd-getrokken", "splut.tovenaar.doorgaan",
                  "splut.tovenaar.stoppen", "splut.trol.trekken", "splut.trol.trekken-recht",
                  "splut.beweging.orthogonaal", "splut.beweging.eigen-team")
    three, four = (functools.partial(_with_players, g, k) for k in (3, 4))
    # Without levitating a rock out of its way a sorcerer can be boxed in for good: a finding.
    deadlock: dict[str, Any] = (
        {"expected": Status.COUNTEREXAMPLE, "finding": DEADLOCK_FINDING}
        if read("levitate-ahead") == "forbidden" else {}
    )
    return (
        Theorem(
            "splut.board", GAME,
            "The board is the 41-square diamond of the interpretation, the game's neighbour and "
            "line tables are its orthogonal adjacency, the four tips are the squares with one "
            "neighbour; the rocks start on the tips and, for 2, 3 and 4 players, every team on "
            "the squares the start-positions reading names, the first player (seating reading) "
            "to move with the opening's steps (exhaustive).",
            ("splut.begin.rotsen-hoeken", "splut.begin.opstelling", "splut.beweging.aangrenzend",
             "splut.beweging.orthogonaal", "splut.zitten.drie-begin", "splut.zitten.vier-begin",
             "splut.zet.eerste-een"),
            "exhaustive", functools.partial(check_board, g),
            fails_with=f"{TESTS}::test_board_theorem_catches_a_wrong_start",
        ),
        Theorem(
            "splut.throw-lands", GAME,
            "For every arrangement of empty squares, dwarves, obstacles (trolls, rocks) and "
            "sorcerers on a line of 0-8 squares, a throw is legal exactly when the rock can leave "
            "(any throw, under blocked-throw = rock-stays) and lands on the line before the first "
            "obstacle or the edge, on the first sorcerer if one comes first, and on a dwarf only "
            "when an obstacle or the edge follows it; a rock that cannot leave stays (the "
            "trajectory function the game calls).",
            throw, "z3", functools.partial(check_throw_z3, blocked_ok=blocked),
            fails_with=f"{TESTS}::test_throw_theorem_catches_broken_landing",
        ),
        Theorem(
            "splut.push-line", GAME,
            "A dwarf's step along a line of 1-8 squares is allowed exactly when the line has an "
            "empty square; it then moves exactly the unbroken line in front of the dwarf one "
            "square (or, under push-distance = slide, packs every piece of the line against the "
            "edge in order) and changes nothing else (the push function the game calls).",
            push, "z3", functools.partial(check_push_z3, slide=slide),
            fails_with=f"{TESTS}::test_push_theorem_catches_broken_push",
        ),
        Theorem(
            "splut.rocks-kept", GAME,
            "Inductive step over every line content: a throw puts the rock on a square that held "
            "no rock (or leaves it where it was) and keeps the number of rocks; a push keeps one "
            "thing per square and every thing of the line. Rocks are never removed.",
            (*rocks, "splut.werpen.vlucht", "splut.dwerg.duwen"), "z3",
            functools.partial(check_rocks_z3, slide=slide, blocked_ok=blocked),
            fails_with=f"{TESTS}::test_rocks_theorem_catches_broken_rules",
        ),
        Theorem(
            "splut.step-count", GAME,
            "Turn 0 has 1 step, turn 1 has 2, every later turn 3 (under the game's reading); by "
            "induction over every turn with 1 to its steps left, a turn makes exactly its steps "
            "unless a throw or a pass ends it early, and never more: a step counts down or starts "
            "the next turn with its full count, a step onto a rock counts down for the throw, a "
            "throw or a pass starts the next turn (the bookkeeping functions the game calls).",
            steps, "z3", functools.partial(check_steps_z3, opening=g.opening),
            fails_with=f"{TESTS}::test_step_theorem_catches_broken_count",
        ),
        Theorem(
            "splut.next-player", GAME,
            "With 2, 3 and 4 players (seated as the game's reading says), after every turn the "
            "next player is the first one after the mover in clockwise seat order whose sorcerer "
            "is on the board — never a team that has left (z3 over every pattern of teams; the "
            "game's tables of who moves next are checked against this kernel entry by entry).",
            order, "z3", functools.partial(check_next_player_z3, g),
            fails_with=f"{TESTS}::test_next_player_theorem_catches_a_wrong_order",
        ),
        Theorem(
            "splut.elimination", GAME,
            "Crushing a sorcerer removes exactly its team; a team has its troll exactly when it "
            "has its sorcerer; the game is over exactly when at most one sorcerer remains, and "
            "then the player whose sorcerer is left wins (under winner = last-thrower: the "
            "thrower) — inductive step, 2-4 players.",
            end, "z3", functools.partial(check_end_z3, thrower_wins=thrower_wins),
            fails_with=f"{TESTS}::test_elimination_theorem_catches_broken_kill",
        ),
        Theorem(
            "splut.tables", GAME,
            "Every entry of the tables the game runs on its hot path is what it stands for: the "
            "turn bookkeeping (every turn below 1024, 0-3 steps left) is the kernels', the throw "
            "kinds are the clauses', each interned action is the step of its slot, the line "
            "slices are the board's lines (exhaustive, 2-4 players).",
            (*steps, *throw[:6]), "exhaustive", functools.partial(check_tables, g),
            fails_with=f"{TESTS}::test_tables_theorem_catches_a_wrong_table",
        ),
        Theorem(
            "splut.transition", GAME,
            "For 2, 3 and 4 players, on every state within three actions of the seed positions "
            "that put each rule of the rulebook within reach, and five of the start (pulls, throws "
            "and kills, SPLUT! on a dwarf, pushes and the edge, levitation and its bookkeeping, "
            "the previous player's rocks, blocked throws, a player without a step, the end): the "
            "game's end, winner, player to act, legal actions — by the move generator and by the "
            "legality predicate on every candidate — and the whole state after every legal "
            "action (pieces, rocks, player to move, turn, steps left, throw, levitation, moved "
            "rocks) are exactly those of an independent reading of the rules, which shares only "
            "the board geometry (itself checked by splut.board) with the game; and every "
            "position and legal action written as text reads back (exhaustive).",
            (*turn_rules, *steps, *order, *end, *throw[:5], *push[:2]), "exhaustive",
            functools.partial(check_transition, g, 3),
            fails_with=f"{TESTS}::test_transition_theorem_catches_broken_rules",
        ),
        Theorem(
            "splut.transition-deep", GAME,
            "The same as splut.transition one action further: every state within four actions "
            "of the seed positions and six of the start, for 2, 3 and 4 players (exhaustive).",
            (*turn_rules, *steps, *order, *end, *throw[:5], *push[:2]), "exhaustive",
            functools.partial(check_transition, g, 4), deep=True,
            fails_with=f"{TESTS}::test_transition_theorem_catches_broken_rules",
        ),
        Theorem(
            "splut.state-invariants", GAME,
            "Inductive step over every board (up to four teams) with four rocks on four distinct "
            "squares, nothing off the board, no two things on one square and whole teams: every "
            "sorcerer step (levitating any rock or none), troll step (pulling or not, onto a free "
            "square or a rock), dwarf step and push along every line of the board, and throw "
            "along every line keeps all of that (a troll holding a rock excepted; under "
            "blocked-throw = rock-stays a troll may stand on a rock). z3 on a whole-board model "
            "of one action; the check first runs the model's refinement against the game.",
            (*rocks, *end[:2], "splut.beweging.orthogonaal", "splut.tovenaar.zweven",
             "splut.tovenaar.blokkeren", "splut.trol.trekken", "splut.trol.werpen",
             "splut.dwerg.duwen", "splut.werpen.vlucht"),
            "z3", functools.partial(check_state_invariants, g), basis="model",
            refinement="castlerules.splut.theorems.refine_board_model",
            fails_with=f"{TESTS}::test_state_invariants_theorem_catches_broken_rules",
        ),
        Theorem(
            "splut.always-a-step", GAME,
            f"The player to move always has a legal step (z3 over every arrangement of rocks and "
            f"pieces, {n} players; a found position is confirmed by the move generator).",
            ("splut.zet.verplicht", "splut.zet.drie"), "z3",
            functools.partial(check_no_step, g),
            expected=Status.COUNTEREXAMPLE, finding=NO_STEP_FINDING,
            fails_with=f"{TESTS}::test_no_step_finding_is_confirmed_by_the_game",
        ),
        Theorem(
            "splut.always-a-step-full-team", GAME,
            "With 3 players, a player whose three pieces are all on the board always has a legal "
            "step (z3; a found position is confirmed by the move generator).",
            ("splut.zet.verplicht", "splut.zet.drie"), "z3",
            lambda: check_no_step(three(), full_team=True),
            expected=Status.COUNTEREXAMPLE, finding=FULL_TEAM_FINDING,
            fails_with=f"{TESTS}::test_no_step_finding_is_confirmed_by_the_game",
        ),
        Theorem(
            "splut.no-deadlock", GAME,
            "In a 2-player game the two players are never both without a legal step, even with "
            "every rock levitable (as after a round of passes), so passing cannot go on for ever "
            "(z3 over every arrangement of the kinds of things on the squares — which team owns "
            "a piece does not change whether it can step; the model's refinement against the "
            "game runs first).",
            ("splut.zet.verplicht", "splut.winnen.laatste"), "z3",
            lambda: check_deadlock(_with_players(g, 2)), basis="model", **deadlock,
            refinement="castlerules.splut.theorems.refine_stuck_model",
            fails_with=f"{TESTS}::test_deadlock_theorem_catches_still_sorcerers",
        ),
        Theorem(
            "splut.no-deadlock-3", GAME,
            "With 3 players, the players with a sorcerer are never all without a legal step, even "
            "with every rock levitable, so passing cannot go on for ever (z3 over every "
            "arrangement; with a team gone it is the 2-player case).",
            ("splut.zet.verplicht", "splut.winnen.laatste"), "z3",
            lambda: check_deadlock(three()), basis="model", **deadlock,
            refinement="castlerules.splut.theorems.refine_stuck_model",
            fails_with=f"{TESTS}::test_deadlock_theorem_catches_still_sorcerers",
        ),
        Theorem(
            "splut.no-deadlock-4", GAME,
            "With 4 players, the players with a sorcerer are never all without a legal step, even "
            "with every rock levitable, so passing cannot go on for ever (z3 over every "
            "arrangement; with teams gone it is the 3- or 2-player case).",
            ("splut.zet.verplicht", "splut.winnen.laatste"), "z3",
            lambda: check_deadlock(four(), timeout_ms=1_500_000), deep=True, basis="model", **deadlock,
            refinement="castlerules.splut.theorems.refine_stuck_model",
            fails_with=f"{TESTS}::test_deadlock_theorem_catches_still_sorcerers",
        ),
    )
