"""Kanalen — passes, canals and skulls (kasteel.kanalen.*): what a move costs, passes never grow or go negative, the castles can be entered over the wall."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from castlerules.core.errors import RulesError
from castlerules.core.extras import z3
from castlerules.core.symbolic import If, Sum
from castlerules.core.theorem import Result, Status, theorem, z3_prove
from castlerules.kasteel import kernel
from castlerules.kasteel.board import PLAYER_NAMES, RED, YELLOW, Kind
from castlerules.kasteel.game import Kasteel
from castlerules.kasteel.state import Move
from castlerules.kasteel.theorems.common import (
    BOARD,
    LINE,
    OPTION_TESTS,
    PASS_CLAUSES,
    PASSES,
    SKULLS,
    TESTS,
    MoveLegal,
    _longest,
    _path_symbols,
    _reserve,
    _show_path,
    build,
    fact,
    level_passes,
    position,
    refute,
    rulebook_set_up,
    sibling,
    start_passes,
)
from castlerules.kasteel.theorems.end import walled_finding
from castlerules.kasteel.theorems.reference import spec_cost, spec_targets, spec_zone


@theorem(
    "kasteel.move-cost",
    "A move costs exactly the canal and skull squares it enters (per square, or one per "
    "move): z3 for every path length over the cost kernels, and every pair of squares on a "
    "line of the board is charged for exactly the squares between them.",
    clauses=PASS_CLAUSES,
    method="z3",
    depends_on=("kasteel.interp.pass-cost", *BOARD),
    fails_with=f"{TESTS}::test_move_cost_fails_if_the_last_square_is_free",
)
def check_move_cost(game: Kasteel, move_cost: Callable[..., Any] = kernel.move_cost,
                    square_cost: Callable[[Any, Any], Any] = kernel.square_cost) -> Result:
    """z3: for every path length, ``move_cost`` of the squares' ``square_cost`` is the number of
    canal and skull squares entered (per square) or one if there is any (per move). Exhaustive: for
    every pair of squares on a line of the board, the squares the game charges for are exactly those
    strictly after the origin up to the destination."""
    per_move = game.line_reading.per_move
    longest = max(game.board.width, game.board.height) - 1
    for d in range(1, longest + 1):
        canal = [z3.Bool(f"canal_{i}") for i in range(d)]
        skull = [z3.Bool(f"skull_{i}") for i in range(d)]
        count = Sum(If(c, 1, 0) + If(s, 1, 0) for c, s in zip(canal, skull))
        want = If(count > 0, 1, 0) if per_move else count
        result = z3_prove(move_cost([square_cost(c, s) for c, s in zip(canal, skull)], per_move)
                          == want)
        if result.status is not Status.PROVED:
            return Result.refuted(result.counterexample or "", f"a path of {d} squares")
    b = game.board
    for frm in range(b.size):
        for ray in b.rays[frm]:
            for i, to in enumerate(ray):
                for p in (YELLOW, RED):
                    # what the successor charges for: the squares of the move's ``via``
                    charged = game._moves[(p * b.size + frm) * b.size + to].via[2]
                    if charged != sum(1 << x for x in ray[: i + 1]):
                        state = build(game, [frm], [], (0, 0), frozenset(), YELLOW)
                        return refute(game, state, f"{b.name(frm)}-{b.name(to)} charges for "
                                      "other squares than it enters", [frm, to])
    if tuple(game._cost) != tuple(int(move_cost((n,), per_move)) for n in range(len(game._cost))):
        return Result.refuted("", "the game's cost table is not move_cost")
    return Result.proved(f"z3 for every path of 1-{longest} squares; every pair of squares of a "
                         "line of the board")


@theorem(
    "kasteel.passes-monotone",
    "Passes never go below zero and never increase: a legal move leaves the mover between 0 "
    "and his passes before (every line length, the passes a free integer >= 0: every level "
    "and every passes= value).",
    clauses=PASS_CLAUSES,
    method="z3",
    depends_on=("kasteel.interp.pass-cost", *LINE),
    fails_with=f"{TESTS}::test_passes_monotone_fails_without_the_cost_check",
)
def check_passes_monotone(
    game: Kasteel,
    move_legal: MoveLegal = kernel.move_legal,
    square_cost: Callable[[Any, Any], Any] = kernel.square_cost,
) -> Result:
    """For every line length and any passes >= 0: after a legal move the mover has between 0 and
    his passes before."""
    reading = game.line_reading
    for d in range(1, _longest(game) + 1):
        origin, walls, own, opp, key, enemy, canal, skull, passes = _path_symbols(d)
        costs = [square_cost(c, s) for c, s in zip(canal, skull)]
        after = passes - kernel.move_cost(costs, reading.per_move)
        result = z3_prove(
            z3.Implies(
                move_legal(origin, walls, own, opp, key, costs, passes, enemy_key=enemy,
                           reading=reading),
                z3.And(after >= 0, after <= passes),
            ),
            assumptions=[passes >= 0],
            render=_show_path([origin, *walls, *canal, *skull, passes]),
        )
        if result.status is not Status.PROVED:
            return result
    return Result.proved(f"z3, every line length 1-{_longest(game)}")


def _step_graph(game: Kasteel, player: int) -> dict[int, set[int]]:
    """Every legal move of a lone knight of ``player`` with no passes and no skulls, from every
    square: the graph a knight without passes walks. (With no passes a slide enters no costly
    square, and each square it enters is a square a one-square move could reach, so paths in this
    graph through squares without skulls are exactly the ways a knight can go.)"""
    b = game.board
    out: dict[int, set[int]] = {}
    for sq in range(b.size):
        if sq == b.keys[player]:
            continue
        knights = ([sq], []) if player == YELLOW else ([], [sq])
        state = build(game, knights[0], knights[1], (0, 0), frozenset(), player)
        out[sq] = {m.to for m in game.knight_moves(state, player)}
    return out


def min_skull_cut(game: Kasteel, player: int, start: int) -> tuple[int, set[int]]:
    """The fewest skull-zone squares whose skulls cut every way of ``player``'s lone knight on
    ``start`` (no passes) to the opponent's key square, and such a set (max-flow, min-cut over the
    move graph with a capacity of one on every skull-zone square and no limit elsewhere; a move
    that enters several squares is a path through each of them)."""
    b = game.board
    graph = _step_graph(game, player)
    zone = set(game._zone)
    target = b.keys[1 - player]
    big = len(zone) + 1
    # vertex v -> (2v: in, 2v+1: out); capacity in->out is 1 on zone squares, big elsewhere
    cap: dict[tuple[int, int], int] = {}
    adj: dict[int, set[int]] = {}

    def edge(u: int, v: int, c: int) -> None:
        cap[(u, v)] = cap.get((u, v), 0) + c
        cap.setdefault((v, u), 0)
        adj.setdefault(u, set()).add(v)
        adj.setdefault(v, set()).add(u)

    for v in graph:
        edge(2 * v, 2 * v + 1, 1 if v in zone else big)
    for u, targets in graph.items():
        ray_of = {x: ray for ray in b.rays[u] for x in ray}
        for v in targets:
            path = ray_of[v][: ray_of[v].index(v) + 1]
            prev = u
            for x in path:  # the squares the move enters, each with its own capacity
                edge(2 * prev + 1, 2 * x, big)
                prev = x
    source, sink = 2 * start + 1, 2 * target
    flow = 0
    while flow <= game.skull_count:
        parent = {source: source}
        queue = [source]
        for u in queue:
            for v in adj.get(u, ()):
                if v not in parent and cap[(u, v)] > 0:
                    parent[v] = u
                    queue.append(v)
        if sink not in parent:
            break
        v = sink
        while v != source:
            u = parent[v]
            cap[(u, v)] -= 1
            cap[(v, u)] += 1
            v = u
        flow += 1
    reach = {source}
    queue = [source]
    for u in queue:
        for v in adj.get(u, ()):
            if v not in reach and cap[(u, v)] > 0:
                reach.add(v)
                queue.append(v)
    cut = {v for v in zone if 2 * v in reach and 2 * v + 1 not in reach}
    return flow, cut


@theorem(
    "kasteel.enter-over-wall",
    "Once a player's passes are used up he can still reach the opponent's key square over "
    "the walls: from every starting square, with no passes, whatever the skulls.",
    clauses=("kasteel.kanalen.uitgeput", "kasteel.spel.klimmen", "kasteel.spel.muren-langs",
             "kasteel.doel.sleutel"),
    method="exhaustive",
    depends_on=(*LINE, *SKULLS),
    fails_with=f"{TESTS}::test_enter_over_wall_fails_without_climbing",
    when=rulebook_set_up,
    vary=walled_finding,
)
def check_enter_over_wall(game: Kasteel) -> Result:
    """For both players and every starting square: a lone knight with no passes left reaches the
    opponent's key square whatever the skulls. Exhaustive and exact: the fewest skulls that cut
    every way (a max-flow, min-cut over the moves of a knight without passes) is more than the
    game's number of skulls; otherwise such a cut is the counterexample."""
    g = game
    b = g.board
    fewest = None
    for p in (YELLOW, RED):
        for start in sorted(b.start[p]):
            flow, cut = min_skull_cut(g, p, start)
            if flow <= g.skull_count:
                # The picture is a position of this game: the opponent keeps one knight (on the
                # start square farthest from the cut knight) and the skulls the cut does not need
                # lie elsewhere in the skull zone (more skulls only cut more ways).
                other = max(b.start[1 - p], key=lambda sq: (abs(sq // b.width - start // b.width), sq))
                spare = [sq for sq in g._zone if sq not in cut and sq not in (start, other)]
                skulls = frozenset(sorted(cut)[: g.skull_count]) | frozenset(
                    spare[: max(0, g.skull_count - len(cut))])
                knights = ([start], [other]) if p == YELLOW else ([other], [start])
                state = build(g, knights[0], knights[1], (0, 0), skulls, p)
                return refute(g, state, f"{len(cut)} skulls on {b.names(cut)} cut every way of "
                              f"{PLAYER_NAMES[p]}'s knight from {b.name(start)} without passes "
                              f"to {b.name(b.keys[1 - p])}", [start, b.keys[1 - p], *cut])
            fewest = flow if fewest is None else min(fewest, flow)
    return Result.proved(f"max-flow: cutting every way from every start square to the enemy key "
                         f"takes more than {g.skull_count} skulls")



# -- the level's passes, and every explicit number of passes --------------------------------------


def _same_game(g: Kasteel, h: Kasteel, plies: int = 60) -> str | None:
    """Where ``g`` and ``h`` differ along a fixed line of play from the start (the skulls, then
    ``plies`` plies): the state, the chance outcomes, the legal actions or the winners; None if
    nowhere."""
    s, t = g.initial_state(), h.initial_state()
    for k in range(plies + h.skull_count):
        if s != t:
            return f"after {k} actions: {position(g, s)} against {position(h, t)}"
        if (g.chance_outcomes(s) != h.chance_outcomes(t) or g.legal_actions(s) != h.legal_actions(t)
                or g.winners(s) != h.winners(t)):
            return f"after {k} actions the legal actions or the winners differ at {position(g, s)}"
        legal = g.legal_actions(s)
        if not legal:
            return None
        action = legal[(k * 7919 + 3) % len(legal)]
        s, t = g.apply(s, action), h.apply(t, action)
    return None


@theorem(
    "kasteel.level-passes",
    "'niveau 1=>8 passen, niveau 2=>7 passen, niveau 3=>6 passen' (fact level-passes): the "
    "game of every level 1-3 starts both players with the fact's passes, and the level "
    "changes nothing else (the program's difficulty is not a rule); an explicit passes=n "
    "replaces the level's number for both players for every n from 0 to 1000; values "
    "outside those ranges are refused. One check covers every option of the level and "
    "passes readings.",
    clauses=("kasteel.kanalen.niveau", "kasteel.kanalen.passen"),
    method="exhaustive",
    depends_on=(*PASSES, "kasteel.interp.program"),
    fails_with=f"{OPTION_TESTS}::test_level_passes_fails_if_level_three_has_seven",
    all_options_of=("kasteel.interp.level", "kasteel.interp.passes"),
)
def check_level_passes(game: Kasteel) -> Result:
    """'niveau 1=>8 passen, niveau 2=>7 passen, niveau 3=>6 passen' (fact ``level-passes``): this
    game starts both players with the passes its options give (the explicit number, else its
    level's); for every level the game with that level (and this game's readings) starts both
    players with the fact's passes, and the level changes nothing else (kasteel.interp.program:
    the level-L game and the game with passes set to the level's number agree on the start and
    along a fixed 60-ply line of play); an explicit passes=n replaces the level's number for both
    players for every n from 0 to 1000 (fact ``explicit-passes``; every n at this game's level, 0,
    1, the level's number and 1000 at the others); and a level outside 1-3 or passes outside
    0-1000 is refused."""
    table = level_passes()
    low, high = fact("explicit-passes")
    own = start_passes(game)
    start = game.initial_state()
    if start.passes != (own, own):
        return refute(game, start, f"the game starts with {start.passes} passes; its options give "
                      f"{own} each")
    level = int(game.options.get("level", fact("default-level")))
    checked = 0
    for lv, n in sorted(table.items()):
        g = sibling(game, level=lv, passes=None)
        s = g.initial_state()
        if s.passes != (n, n):
            return refute(g, s, f"level {lv} starts with {s.passes} passes; the rulebook says {n}")
        differs = _same_game(g, sibling(game, level=lv, passes=n))
        if differs is not None:
            return Result.refuted(differs, f"level {lv} is not the game with {n} passes")
        values = range(low, high + 1) if lv == level else sorted({low, low + 1, n, high})
        for m in values:
            h = sibling(game, level=lv, passes=m)
            checked += 1
            if h.initial_state().passes != (m, m):
                return refute(h, h.initial_state(), f"passes={m} at level {lv} starts with "
                              f"{h.initial_state().passes}")
    for bad in ({"passes": low - 1}, {"passes": high + 1}, {"level": min(table) - 1, "passes": None},
                {"level": max(table) + 1, "passes": None}):
        try:
            sibling(game, **bad)
        except RulesError:
            continue
        return Result.refuted(str(bad), "an option value outside the rulebook's range is accepted")
    return Result.proved(f"3 levels, {checked} explicit pass counts from {low} to {high}")


# -- what the passes left allow, for every number of passes ---------------------------------------


def budget_skulls(game: Kasteel) -> frozenset[int]:
    """The skulls of ``check_pass_budget``: every third square of the skull zone (by row plus
    column), so most lines of the board have several costly squares — and, where that is fewer
    than the skulls the game places (a small map), the zone's first other squares besides, so the
    positions are the game's (with fewer skulls than it places, a game is still setting up)."""
    b = game.board
    zone = sorted(spec_zone(game))
    chosen = {sq for sq in zone if (sq // b.width + sq % b.width) % 3 == 0}
    for sq in zone:
        if len(chosen) >= game.skull_count:
            break
        chosen.add(sq)
    return frozenset(chosen)


@theorem(
    "kasteel.pass-budget",
    "'Zodra dit aantal is uitgeput, kan de speler de kanalen niet meer oversteken' and 'wordt "
    "er ook 1 pas afgetrokken': for a lone knight of either player on every square with a "
    "canal or a skull on its lines and every number of passes left (0 up to one more than "
    "the costly squares of its lines, and 1000, the most passes= gives), the legal moves are "
    "exactly those whose canal and skull squares the passes pay for (per square, or one "
    "per move, as read), and a move deducts exactly its cost from the mover alone.",
    clauses=(*PASS_CLAUSES, "kasteel.kanalen.niveau"),
    method="exhaustive",
    depends_on=(*LINE, *PASSES, "kasteel.interp.skull-zone"),
    fails_with=f"{OPTION_TESTS}::test_pass_budget_fails_if_a_pass_too_many_is_spent",
)
def check_pass_budget(game: Kasteel) -> Result:
    """'Zodra dit aantal is uitgeput, kan de speler de kanalen niet meer oversteken' and 'wordt er
    ook 1 pas afgetrokken': for a lone knight of either player on every square whose lines hold a
    canal or a skull (the skulls of ``budget_skulls``), with every number of passes left from 0 to
    one more than the costly squares of its lines and 1000 (the most passes= can give), the game's
    legal moves are exactly those ``spec_line`` allows (a move costs what it enters, and no more
    than is left); and with 1000 passes every legal move costs exactly ``spec_cost`` (one pass
    per canal and skull square entered, or one per move) and leaves the opponent's passes alone."""
    b = game.board
    skulls = budget_skulls(game)
    costly = skulls | {x for x in range(b.size) if b.kinds[x] is Kind.CANAL}
    high = fact("explicit-passes")[1]
    count = 0
    for p in (YELLOW, RED):
        for sq in range(b.size):
            if sq in b.keys:
                continue
            most = max(len(costly & set(ray)) for ray in b.rays[sq])
            if not most:
                continue
            spare = _reserve(b, [sq])
            theirs = [spare] if spare >= 0 else []
            yellow, red = ([sq], theirs) if p == YELLOW else (theirs, [sq])
            for left in [*range(most + 2), high]:
                passes = (left, 0) if p == YELLOW else (0, left)
                state = build(game, yellow, red, passes, skulls, p)
                count += 1
                got = {a.to for a in game.legal_actions(state) if isinstance(a, Move)}
                want = spec_targets(game, p, sq, state)
                if got != want:
                    return refute(game, state, f"{PLAYER_NAMES[p]}'s knight on {b.name(sq)} with "
                                  f"{left} passes: the game moves to {b.names(got)}; the clauses "
                                  f"allow {b.names(want)}", [sq, *sorted(got ^ want)])
                if left != high:
                    continue
                for to in sorted(want):
                    after = game.apply(state, Move(p, sq, to))
                    pay = spec_cost(game, state, sq, to)
                    if after.passes[p] != left - pay or after.passes[1 - p] != 0:
                        return refute(game, state, f"{b.name(sq)}-{b.name(to)} leaves "
                                      f"{after.passes} passes; it costs {pay}", [sq, to])
    return Result.proved(f"{count} positions: every square with a canal or skull on its lines, "
                         "every number of passes that matters and 1000")
