"""Spel — how a knight moves (kasteel.spel.schuiven, muren-langs, klimmen, eigen-sleutel, niet-springen, slaan): the line rule read independently and proved equal to the kernel, the move generator and the checker on every line of the board, the own key, slides and their prefixes, no overlap."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from castlerules.core.extras import z3
from castlerules.core.symbolic import And, Count, If, Not, Or, Sum
from castlerules.core.theorem import Result, Status, theorem, z3_prove
from castlerules.kasteel import kernel
from castlerules.kasteel.board import PLAYER_NAMES, RED, YELLOW, Kind
from castlerules.kasteel.game import Kasteel
from castlerules.kasteel.rules import static_targets
from castlerules.kasteel.state import Move, Pass, State
from castlerules.kasteel.theorems.common import (
    BOARD,
    LINE,
    MOVE_CLAUSES,
    PASS_CLAUSES,
    PASSES,
    SKULLS,
    TESTS,
    AfterMove,
    EndOk,
    MoveLegal,
    _longest,
    _path_symbols,
    _reserve,
    _show_path,
    build,
    refute,
    skull_sets,
)
from castlerules.kasteel.theorems.reference import (
    spec_line,
    spec_line_targets,
)
from castlerules.kasteel.theorems.whole_board import Symbolic, _at, _show


@theorem(
    "kasteel.line-rule",
    "The move rule the game's tables are built from (kernel.move_legal) is the clauses: for "
    "every line length and every fact along the line, a knight may move to a square exactly "
    "when the squares obey the level rule (a climb is one square), no knight stands before "
    "it, no own knight on it, the own key is neither entered nor crossed and the passes pay "
    "for the canal and skull squares entered (each as the game's readings say; the passes "
    "left are a free integer, so every level and passes= value).",
    clauses=(*MOVE_CLAUSES, "kasteel.spel.slaan", *PASS_CLAUSES),
    method="z3",
    depends_on=LINE,
    fails_with=f"{TESTS}::test_line_rule_fails_if_a_climb_may_slide_on",
)
def check_line_rule(game: Kasteel, move_legal: MoveLegal = kernel.move_legal,
                    square_cost: Callable[[Any, Any], Any] = kernel.square_cost) -> Result:
    """z3, in two steps: (1) for every line length of the board, ``move_legal`` allows exactly the
    moves ``spec_line`` allows when the spec is told what each prefix costs by the kernel's own
    count (the sum of ``square_cost``), for every fact along the line; (2) ``square_cost`` of a
    square is 1 for a canal or a skull and 0 otherwise (no square is both), so that sum is the
    number of canal and skull squares entered. Each square's legality depends only on the squares
    up to it, so the move to the last square of each prefix covers every line length."""
    canal, skull = z3.Bools("line_canal line_skull")
    step = z3_prove(square_cost(canal, skull) == If(Or(canal, skull), 1, 0),
                    assumptions=[Not(And(canal, skull))], render=_show_path([canal, skull]))
    if step.status is not Status.PROVED:
        return step if step.status is Status.UNKNOWN else Result.refuted(
            step.counterexample or "", "square_cost does not count a canal or skull square once")
    reading = game.line_reading
    longest = _longest(game)
    for j in range(longest):
        d = j + 1
        origin, walls, own, opp, key, enemy, canals, skulls, passes = _path_symbols(d, "line_")
        costs = [square_cost(c, s) for c, s in zip(canals, skulls)]
        spent = [Sum(costs[: i + 1]) for i in range(d)]
        want = spec_line(origin, walls, own, opp, key, enemy, spent, passes, reading)[j]
        got = move_legal(origin, walls, own, opp, key, costs, passes, enemy_key=enemy,
                         reading=reading)
        result = z3_prove(
            got == want,
            assumptions=[passes >= 0, Count(key) <= 1, Count(enemy) <= 1,
                         *(Not(And(c, s)) for c, s in zip(canals, skulls)),
                         *(Not(And(k, e)) for k, e in zip(key, enemy))],
            render=_show_path([origin, *walls, *own, *opp, *key, *enemy, *canals, *skulls, passes]),
        )
        if result.status is Status.UNKNOWN:
            return result
        if result.status is not Status.PROVED:
            return Result.refuted(result.counterexample or "",
                                  f"the kernel and the clauses disagree on a move of {d} squares")
    return Result.proved(f"z3, the move to the last square of every line of 1-{longest} squares, "
                         "every fact along it; square_cost counts each canal and skull square once")


def _generation_family(game: Kasteel, deep: bool) -> Iterator[tuple[State, int, int, int]]:
    """(state, player, square, direction): a knight of ``player`` on ``square``, alone on its
    lines but for one knight of either player on one square of the line in ``direction`` (or
    none: direction -1) — and, when that knight is on one of the two nearest squares, also with a
    knight of the other player at the far end of the line — with every passes value that matters (0, 1, 2 and the start when a line
    has costly squares; with a knight on the line only the least and the most unless ``deep``),
    for the first skull set (every skull set if ``deep``)."""
    b = game.board
    start = game.start_passes
    for skulls in skull_sets(game) if deep else skull_sets(game)[:1]:
        costly = skulls | {x for x in range(b.size) if b.kinds[x] is Kind.CANAL}
        for p in (YELLOW, RED):
            for sq in range(b.size):
                if sq in b.keys:
                    continue
                spare = _reserve(b, [sq])
                lines_costly = any(costly & set(ray) for ray in b.rays[sq])
                budgets = sorted(x for x in ({0, 1, 2, start} if lines_costly else {start})
                                 if x <= start)
                blockers: list[tuple[int, int, int, int]] = [(-1, -1, p, -1)]
                for d, ray in enumerate(b.rays[sq]):
                    blockers += [(d, x, who, -1) for x in ray if x not in b.keys
                                 for who in (p, 1 - p)]
                    # a second knight of the other player at the far end of the line
                    if len(ray) > 2 and ray[-1] not in b.keys:
                        blockers += [(d, x, who, ray[-1]) for x in ray[:2] if x not in b.keys
                                     for who in (p, 1 - p)]
                for d, x, who, far in blockers:
                    mine = [sq] + ([x] if who == p and x >= 0 else [])
                    theirs = ([x] if who != p and x >= 0 else []) + ([spare] if spare >= 0 else [])
                    if far >= 0:
                        (theirs if who == p else mine).append(far)
                    line_costly = d >= 0 and bool(costly & set(b.rays[sq][d]))
                    chosen = budgets if x < 0 or deep else (
                        sorted({budgets[0], budgets[-1]}) if line_costly else budgets[-1:])
                    for left in chosen:
                        yellow, red = (mine, theirs) if p == YELLOW else (theirs, mine)
                        passes = (left, start) if p == YELLOW else (start, left)
                        yield build(game, yellow, red, passes, skulls, p), p, sq, d


def _up_to_after(ray: tuple[int, ...], state: State) -> tuple[int, ...]:
    occupied = state.knights[0] | state.knights[1]
    for i, x in enumerate(ray):
        if x in occupied:
            return ray[: i + 2]
    return ray


@theorem(
    "kasteel.move-generation",
    "The game's move generator and its legality check agree with the clauses on every line "
    "of the board: for a knight of either player on every square, with no knight or one "
    "knight of either player on any square of its row or column, and every number of passes "
    "that matters, the legal moves are exactly the squares the clauses allow; a pass is "
    "legal exactly when the player cannot move (or the reading allows passing).",
    clauses=(*MOVE_CLAUSES, "kasteel.spel.slaan", "kasteel.spel.geel-eerst", *PASS_CLAUSES),
    method="exhaustive",
    depends_on=(*LINE, "kasteel.interp.turns", *SKULLS, *PASSES, *BOARD),
    fails_with=f"{TESTS}::test_move_generation_fails_if_a_capture_is_skipped",
)
@theorem(
    "kasteel.move-generation-deep",
    "As kasteel.move-generation, with every passes value at every nearest knight and both "
    "skull placements.",
    clauses=(*MOVE_CLAUSES, "kasteel.spel.slaan", *PASS_CLAUSES),
    method="exhaustive",
    call=lambda check, game: check(game, deep=True),
    depends_on=(*LINE, "kasteel.interp.turns", *SKULLS, *PASSES, *BOARD),
    fails_with=f"{TESTS}::test_move_generation_fails_if_a_capture_is_skipped",
    deep=True,
)
def check_move_generation(game: Kasteel, deep: bool = False) -> Result:
    """Exhaustive over ``_generation_family``: the game's legal moves of the knight are exactly the
    squares ``spec_line`` allows, the checker (``violation``) accepts exactly those among every
    square of its row and column when it is alone (on the line of the other knight: up to the
    square after it), a refused move names a clause — a move off the knight's row and column
    too —, a pass is legal exactly when the player has no move (or the reading allows passing),
    and a pass of the player not to move is refused with the turn order (kasteel.spel.geel-eerst)."""
    b = game.board
    count = 0
    alone: dict[tuple[int, int, int, int, frozenset[int]], set[int]] = {}
    for state, p, sq, d in _generation_family(game, deep):
        count += 1
        legal = game.legal_actions(state)
        got = {a.to for a in legal if isinstance(a, Move) and a.frm == sq}
        want: set[int] = set()
        for e in range(4):
            if e == d:
                want |= spec_line_targets(game, p, sq, e, state)
                continue
            key = (p, sq, e, state.passes[p], state.skulls)
            found_line = alone.get(key)
            if found_line is None:
                found_line = alone[key] = spec_line_targets(game, p, sq, e, state)
            want |= found_line
        if got != want:
            wrong = sorted(got ^ want)
            return refute(game, state, f"{PLAYER_NAMES[p]}'s knight on {b.name(sq)}: the game "
                          f"moves to {b.names(got)}; the clauses allow {b.names(want)}",
                          [sq, *wrong])
        # alone: every square of its row and column; else the line of the other knight up to
        # the square after it (where the generator's count can be wrong)
        checked = b.rays[sq] if d < 0 else (_up_to_after(b.rays[sq][d], state),)
        for ray in checked:
            for to in ray:
                found = game.violation(state, Move(p, sq, to))
                if (found is None) != (to in want) or (found is not None and not found.clause):
                    return refute(game, state, f"violation of {b.name(sq)}-{b.name(to)} is "
                                  f"{found}; the clauses say {'legal' if to in want else 'illegal'}",
                                  [sq, to])
        # a step off the knight's row and column, and a pass of the player not to move
        diagonal = next((x for x in range(b.size)
                         if x % b.width != sq % b.width and x // b.width != sq // b.width), None)
        if diagonal is not None:
            found = game.violation(state, Move(p, sq, diagonal))
            if found is None or not found.clause:
                return refute(game, state, f"{b.name(sq)}-{b.name(diagonal)}, off the knight's "
                              "row and column, is legal", [sq, diagonal])
        found = game.violation(state, Pass(1 - state.to_move))
        if found is None or (not game.is_terminal(state)
                             and found.clause != "kasteel.spel.geel-eerst"):
            return refute(game, state, "a pass of the player not to move is "
                          f"{found.clause if found else 'legal'}", [sq])
        if game.is_terminal(state):
            continue
        has_moves = any(isinstance(a, Move) for a in legal)
        pass_ok = game.violation(state, Pass(p)) is None
        if pass_ok != (game._voluntary_pass or not has_moves) or (Pass(p) in legal) != pass_ok:
            return refute(game, state, f"a pass is {'legal' if pass_ok else 'illegal'} for "
                          f"{PLAYER_NAMES[p]} with {'some' if has_moves else 'no'} moves", [sq])
    return Result.proved(f"{count} positions: every line of the board, every nearest knight on it, "
                         "every passes value that matters")


@theorem(
    "kasteel.no-overlap",
    "Pieces never overlap and no knight ever stands on its own key square (inductive step "
    "over all states satisfying the invariant).",
    clauses=("kasteel.spel.slaan", "kasteel.spel.schuiven", "kasteel.spel.eigen-sleutel"),
    method="z3",
    depends_on=("kasteel.interp.capture", "kasteel.interp.own-key", *SKULLS),
    fails_with=f"{TESTS}::test_no_overlap_fails_if_a_capture_does_not_remove_the_knight",
)
def check_no_overlap(
    game: Kasteel, after_move: AfterMove = kernel.after_move, end_ok: EndOk = kernel.end_ok
) -> Result:
    """Inductive step: a move from an own knight to a square where a move may end keeps at most one
    knight on every square and no knight on its own key square."""
    g = game
    b = g.board
    for p in (YELLOW, RED):
        s = Symbolic(g)
        own, opp = s.knights[p], s.knights[1 - p]
        frm, to = z3.Int("from"), z3.Int("to")
        after = [after_move(own[i], opp[i], frm == i, to == i, g._mover_removed)
                 for i in range(b.size)]
        claim = And(*(Not(And(a[0], a[1])) for a in after), Not(after[b.keys[p]][0]),
                    Not(after[b.keys[1 - p]][1]))
        result = z3_prove(
            claim,
            assumptions=[
                *s.invariant(),
                frm >= 0, frm < b.size, to >= 0, to < b.size, frm != to,
                _at(own, frm),
                z3.Or(*(z3.And(to == i, end_ok(own[i], i == b.keys[p])) for i in range(b.size))),
            ],
            render=_show(g, s, p, f"{PLAYER_NAMES[p]} moves in"),
        )
        if result.status is not Status.PROVED:
            return result
    return Result.proved("z3, inductive step over all states satisfying the invariant")


@theorem(
    "kasteel.own-key",
    "A legal move never ends on the mover's own key square, and (unless the reading lets a "
    "knight slide through it) never passes it (every line length).",
    clauses=("kasteel.spel.eigen-sleutel",),
    method="z3",
    depends_on=("kasteel.interp.own-key", *LINE),
    fails_with=f"{TESTS}::test_own_key_fails_if_the_key_square_is_ignored",
)
def check_own_key_path(game: Kasteel, move_legal: MoveLegal = kernel.move_legal) -> Result:
    """For every line length: a legal move never ends on the mover's own key square, and (unless
    the reading lets a knight slide through it) never passes it."""
    reading = game.line_reading
    for d in range(1, _longest(game) + 1):
        origin, walls, own, opp, key, enemy, canal, skull, passes = _path_symbols(d)
        costs = [kernel.square_cost(c, s) for c, s in zip(canal, skull)]
        banned = key[-1] if reading.key_passable else Or(*key)
        result = z3_prove(
            z3.Implies(move_legal(origin, walls, own, opp, key, costs, passes, enemy_key=enemy,
                                  reading=reading), Not(banned)),
            assumptions=[passes >= 0],
            render=_show_path([origin, *walls, *own, *opp, *key, passes]),
        )
        if result.status is not Status.PROVED:
            return result
    return Result.proved(f"z3, every line length 1-{_longest(game)}")


@theorem(
    "kasteel.slide-prefix",
    "If a move along a line of the board is legal, so is the move to the line's first "
    "target; so a player without a legal move to any first target has no legal move.",
    clauses=MOVE_CLAUSES,
    method="z3",
    depends_on=(*LINE, *BOARD),
    fails_with=f"{TESTS}::test_slide_prefix_fails_if_only_the_last_square_is_paid",
)
def check_slide_prefix(game: Kasteel, move_legal: MoveLegal = kernel.move_legal) -> Result:
    """For every line of the board: if a move along it is legal, so is the move to the line's first
    static target. (So a player with no legal move to any line's first target has no legal move,
    which the stuck theorems rely on.) z3 over the knights, skulls and passes on each line shape."""
    b, g = game.board, game
    reading = g.line_reading
    seen: set[tuple[Any, ...]] = set()
    checked = 0
    for p in (YELLOW, RED):
        for frm in range(b.size):
            for dd, ray in enumerate(b.rays[frm]):
                targets = static_targets(b, p, frm, dd, reading)
                if len(targets) < 2:
                    continue
                span = ray[: targets[-1] + 1]
                shape = (b.kinds[frm] is Kind.WALL, tuple(b.kinds[x] for x in span),
                         span.index(b.keys[p]) if b.keys[p] in span else -1,
                         span.index(b.keys[1 - p]) if b.keys[1 - p] in span else -1)
                if shape in seen:
                    continue
                seen.add(shape)
                checked += 1
                d = targets[-1] + 1
                own = [z3.Bool(f"own_{i}") for i in range(d)]
                opp = [z3.Bool(f"opp_{i}") for i in range(d)]
                skull = [z3.Bool(f"skull_{i}") for i in range(d)]
                passes = z3.Int("passes")
                facts = [
                    (b.kinds[frm] is Kind.WALL, [b.kinds[x] is Kind.WALL for x in ray[:j + 1]],
                     own[:j + 1], opp[:j + 1], [x == b.keys[p] for x in ray[:j + 1]],
                     [kernel.square_cost(b.kinds[x] is Kind.CANAL, s) for x, s in
                      zip(ray[:j + 1], skull)], passes)
                    for j in range(d)
                ]
                first = targets[0]
                enemy = [x == b.keys[1 - p] for x in ray]

                def legal(j: int, facts: Any = facts, enemy: Any = enemy) -> Any:
                    return move_legal(*facts[j], enemy_key=enemy[: j + 1], reading=reading)

                result = z3_prove(
                    z3.Implies(Or(*(legal(j) for j in targets[1:])), legal(first)),
                    assumptions=[passes >= 0, *(Not(And(a, c)) for a, c in zip(own, opp))],
                    render=_show_path([*own, *opp, *skull, passes]),
                )
                if result.status is not Status.PROVED:
                    state = build(g, [frm] if p == YELLOW else [], [] if p == YELLOW else [frm],
                                  (0, 0), frozenset(), p)
                    return refute(g, state, f"a line from {b.name(frm)}: a longer move is legal "
                                  f"while the move to {b.name(ray[first])} is not: "
                                  f"{result.counterexample}", [frm, ray[first]])
    return Result.proved(f"z3, {checked} line shapes of the board")

