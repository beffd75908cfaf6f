"""The dual-mode kernels the game calls, proved under z3 (Werpen, Duwen, Bij elke zet, Verloop, Hoe je
wint), and the tables the game runs on its hot path."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

from castlerules.core.extras import z3
from castlerules.core.symbolic import And, If, Or
from castlerules.core.theorem import Result, Status, theorem, z3_prove
from castlerules.splut import kernel
from castlerules.splut.board import (
    DIRECTION,
    LINE,
    NAMES,
    NEXT,
    OFF,
    SQUARES,
)
from castlerules.splut.game import Splut
from castlerules.splut.rules import (
    LINE_SLICE,
    TABLE_TURNS,
    THROW_KIND,
    actions_for,
)
from castlerules.splut.state import Piece, Step, code
from castlerules.splut.theorems._common import (
    END_CLAUSES,
    KIND_NAMES,
    MAX_LINE,
    ORDER_CLAUSES,
    PUSH_CLAUSES,
    ROCK_CLAUSES,
    STEP_CLAUSES,
    TESTS,
    THROW_CLAUSES,
    THROW_KINDS,
    _all,
    _every_count,
    _ints,
    _shower,
    blocked_throw,
    slides,
)


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


@theorem(
    "splut.throw-lands",
    "For every arrangement of empty squares, dwarves, obstacles (trolls, rocks) and "
    "sorcerers on a line of 0-8 squares, a throw is legal exactly when the rock can leave "
    "(any throw, under blocked-throw = rock-stays) and lands on the line before the first "
    "obstacle or the edge, on the first sorcerer if one comes first, and on a dwarf only "
    "when an obstacle or the edge follows it; a rock that cannot leave stays (the "
    "trajectory function the game calls).",
    clauses=THROW_CLAUSES,
    method="z3",
    call=lambda check, game: check(blocked_ok=blocked_throw(game)),
    fails_with=f"{TESTS}::test_throw_theorem_catches_broken_landing",
    depends_on=('blocked-throw',),
)
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


@theorem(
    "splut.push-line",
    "A dwarf's step along a line of 1-8 squares is allowed exactly when the line has an "
    "empty square; it then moves exactly the unbroken line in front of the dwarf one "
    "square (or, under push-distance = slide, packs every piece of the line against the "
    "edge in order) and changes nothing else (the push function the game calls).",
    clauses=PUSH_CLAUSES,
    method="z3",
    call=lambda check, game: check(slide=slides(game)),
    fails_with=f"{TESTS}::test_push_theorem_catches_broken_push",
    depends_on=('push-distance', 'push-edge'),
)
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
@theorem(
    "splut.rocks-kept",
    "Inductive step over every line content: a throw puts the rock on a square that held "
    "no rock (or leaves it where it was) and keeps the number of rocks; a push keeps one "
    "thing per square and every thing of the line. Rocks are never removed.",
    clauses=(*ROCK_CLAUSES, "splut.werpen.vlucht", "splut.dwerg.duwen"),
    method="z3",
    call=lambda check, game: check(slide=slides(game), blocked_ok=blocked_throw(game)),
    fails_with=f"{TESTS}::test_rocks_theorem_catches_broken_rules",
    depends_on=('push-distance', 'blocked-throw', 'rocks-stay'),
)
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
@theorem(
    "splut.step-count",
    "Turn 0 has 1 step, turn 1 has 2, every later turn 3 (under the game's reading); by "
    "induction over every turn with 1 to its steps left, a turn makes exactly its steps "
    "unless a throw or a pass ends it early, and never more: a step counts down or starts "
    "the next turn with its full count, a step onto a rock counts down for the throw, a "
    "throw or a pass starts the next turn (the bookkeeping functions the game calls).",
    clauses=STEP_CLAUSES,
    method="z3",
    call=lambda check, game: check(opening=game.opening),
    fails_with=f"{TESTS}::test_step_theorem_catches_broken_count",
    depends_on=('steps-per-turn',),
)
def check_steps_z3(
    steps_for_turn: Callable[..., Any] = kernel.steps_for_turn,
    after_step: Callable[..., tuple[Any, Any]] = kernel.after_step,
    after_turn_end: Callable[..., tuple[Any, Any]] = kernel.after_turn_end,
    after_pickup: Callable[[Any, Any], tuple[Any, Any]] = kernel.after_pickup,
    opening: bool = True,
) -> Result:
    """The 1/2/3 rule (or 3 always, reading steps-per-turn = always-three; the numbers from the
    rulebook's facts) for every turn number,
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
    from castlerules.splut.theorems.setup import fact

    first, second, later = (fact(f) for f in ("steps-first-turn", "steps-second-turn",
                                               "steps-later"))
    if opening:
        rule = z3.And(
            z3.Implies(turn == 0, full == first),
            z3.Implies(turn == 1, full == second),
            z3.Implies(turn >= 2, full == later),
        )
    else:
        rule = full == later
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
@theorem(
    "splut.next-player",
    lambda game: (
        f"With {game.num_players} players (seated as the seating option says), after every turn the next "
        "player is the first one after the mover in clockwise seat order — seat after seat to "
        "the left, from the rulebook's facts — whose sorcerer is on the board, never a team "
        "that has left (z3 over every pattern of teams; the game's table of who moves next "
        "is checked against this kernel over that order, entry by entry)."
    ),
    clauses=ORDER_CLAUSES,
    method="z3",
    call=lambda check, game: check(game, every_count=False),
    fails_with=f"{TESTS}::test_next_player_theorem_catches_a_wrong_order",
    depends_on=('players', 'seating'),
)
def check_next_player_z3(
    game: Splut, next_player: Callable[..., Any] = kernel.next_player, every_count: bool = True
) -> Result:
    """For this game's players and seating (all of 2, 3 and 4 players, or with ``every_count``
    False the game's own count), every player to move and every pattern of teams on the board:
    the next player is the first one after it in clockwise seat order — the order of the
    rulebook's facts: seat after seat to the left — whose sorcerer is on the board (the same
    player only if no other is left), never a team that has left; and the game's table of who
    moves next is this kernel's over that order, entry by entry."""
    for g in (_every_count(game) if every_count else [game]):
        found = _next_player_z3(g, next_player)
        if found.status is not Status.PROVED:
            return found
    counts = "2, 3 and 4 players" if every_count else f"{game.num_players} players"
    return Result.proved(f"z3 for every player and pattern ({counts}); tables checked")


def _alive_shower(current: int, alive: Sequence[Any]) -> Callable[[z3.ModelRef], str]:
    def show(model: z3.ModelRef) -> str:
        on = [p for p, x in enumerate(alive) if z3.is_true(model.eval(x, True))]
        return f"player {current} moved; teams on the board: {on}"

    return show


def _next_player_z3(game: Splut, next_player: Callable[..., Any]) -> Result:
    from castlerules.splut.theorems.setup import clockwise_of

    n, cycle = game.num_players, clockwise_of(game)
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


@theorem(
    "splut.elimination",
    "Crushing a sorcerer removes exactly its team; a team has its troll exactly when it "
    "has its sorcerer; the game is over exactly when at most one sorcerer remains, and "
    "then the player whose sorcerer is left wins (under winner = last-thrower: the "
    "thrower) — inductive step, 2-4 players.",
    clauses=END_CLAUSES,
    method="z3",
    call=lambda check, game: check(thrower_wins=game.reading("winner") == "last-thrower"),
    fails_with=f"{TESTS}::test_elimination_theorem_catches_broken_kill",
    depends_on=('winner',),
)
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
@theorem(
    "splut.tables",
    lambda game: (
        "Every entry of the tables the game runs on its hot path is what it stands for: the "
        "turn bookkeeping (every turn below 1024, 0-3 steps left) is the kernels', the throw "
        "kinds are the clauses', each interned action is the step of its slot, the line "
        f"slices are the board's lines (exhaustive, {game.num_players} players)."
    ),
    clauses=(*STEP_CLAUSES, *THROW_KINDS),
    method="exhaustive",
    call=lambda check, game: check(game, every_count=False),
    fails_with=f"{TESTS}::test_tables_theorem_catches_a_wrong_table",
    depends_on=('players', 'steps-per-turn', 'throw-own-sorcerer'),
)
def check_tables(game: Splut, every_count: bool = True) -> Result:
    """``tables_of`` for 2, 3 and 4 players (or the game's own count) under the game's readings."""
    for g in (_every_count(game) if every_count else [game]):
        found = tables_of(g)
        if found.status is not Status.PROVED:
            return found
    counts = "2-4 players" if every_count else f"{game.num_players} players"
    return Result.proved(f"every entry checked ({counts}, {TABLE_TURNS} turns, 41 squares)")


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

