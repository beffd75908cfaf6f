"""Kanalen — passes, canals and skulls (kasteel.kanalen.*): what a move costs, passes never grow or go negative, the castles can be entered over the wall."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import z3

from castlerules.core.symbolic import If, Sum
from castlerules.core.theorem import Result, Status, z3_prove
from castlerules.kasteel import kernel
from castlerules.kasteel.board import PLAYER_NAMES, RED, YELLOW
from castlerules.kasteel.rules import Kasteel
from castlerules.kasteel.theorems.common import (
    MoveLegal,
    _longest,
    _path_symbols,
    _show_path,
    build,
    refute,
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

