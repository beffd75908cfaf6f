"""Beginsituatie — the board, the start and the skulls (kasteel.begin.muren, spel.geel-eerst, kanalen.niveau, kanalen.schedels)."""

from __future__ import annotations

from fractions import Fraction

from castlerules.core.theorem import Result
from castlerules.kasteel.board import PLAYER_NAMES, RED, YELLOW, Kind
from castlerules.kasteel.rules import Kasteel
from castlerules.kasteel.state import State
from castlerules.kasteel.theorems.common import LEVELS, position, refute


def spec_zone(game: Kasteel) -> set[int]:
    b = game.board
    start = b.start[0] | b.start[1]
    if game._skulls_anywhere:
        return {x for x in range(b.size)
                if b.kinds[x] in (Kind.GROUND, Kind.WALL) and x not in start}
    mid = b.height // 2
    return {r * b.width + c for r in range(mid - 1, mid + 2) for c in range(b.width)
            if 0 <= r < b.height and b.kinds[r * b.width + c] is Kind.GROUND
            and r * b.width + c not in start}


def check_chance_and_start(game: Kasteel) -> Result:
    """Exhaustive: the game starts with every knight on its wall start square, the level's passes
    (8, 7, 6) or the given number for both, yellow to move; while skulls are missing the state is a
    chance node whose outcomes are exactly the free squares of the skull zone, each with the same
    probability (every chance node with at most two skulls placed — one when the zone has more
    than 100 squares — and the state after the last skull is yellow's to move)."""
    b = game.board
    start = game.initial_state()
    passes = game.options.get("passes", LEVELS[game.options["level"]])
    fixed = game._fixed or frozenset()
    want = State(b.start, (passes, passes), fixed, YELLOW)
    if start != want or not all(b.kinds[x] is Kind.WALL for k in b.start for x in k):
        return refute(game, start, f"the start is {position(game, start)}, expected "
                      f"{position(game, want)}")
    zone = spec_zone(game)
    count = 0
    frontier = [start]
    deepest = 2 if len(zone) <= 100 else 1
    for depth in range(min(deepest, game.skull_count) + 1):
        nxt = []
        for state in frontier:
            if len(state.skulls) >= game.skull_count:
                continue
            count += 1
            outcomes = game.chance_outcomes(state)
            free = zone - state.skulls
            squares = {o.square for o, _ in outcomes}
            probs = {p for _, p in outcomes}
            if (not game.is_chance(state) or squares != free or len(outcomes) != len(free)
                    or probs != {Fraction(1, len(free))} or game.actors(state)
                    or game.legal_actions(state) != tuple(o for o, _ in outcomes)):
                return refute(game, state, "the chance node's outcomes are not the free squares "
                              "of the zone, each with the same probability", sorted(squares ^ free))
            if depth < deepest:
                nxt += [game.apply(state, o) for o, _ in outcomes]
        frontier = nxt
    state = start
    while game.is_chance(state):
        state = game.apply(state, game.legal_actions(state)[-1])
    if game.actors(state) != {YELLOW} or state.to_move != YELLOW:
        return refute(game, state, "after the last skull yellow is not to move")
    return Result.proved(f"{count} chance nodes and the start")


def check_board(game: Kasteel) -> Result:
    """Exhaustive over the squares of the map: each player has one key square, on ground, and at
    least one knight, every knight starts on a wall square (kasteel.begin.muren), no knight starts
    on a key square; on the packaged map moreover yellow starts in the bottom half with the key
    j4, red mirrors it (row r and row 20 - r), and the canals are j2, j8, j12 and j18."""
    b = game.board
    for p in (YELLOW, RED):
        key = b.keys[p]
        if b.kinds[key] is not Kind.KEY or not b.start[p] or key in b.start[0] | b.start[1]:
            return Result.refuted(b.name(key), f"{PLAYER_NAMES[p]}'s key or knights are wrong")
        walls = [x for x in b.start[p] if b.kinds[x] is not Kind.WALL]
        if walls:
            return Result.refuted(b.names(walls), "a knight does not start on a wall")
    if b.source != "kasteel-default":
        return Result.proved("the custom map's keys and start squares")
    mirror = [(r * b.width + c, (b.height - 1 - r) * b.width + c)
              for r in range(b.height) for c in range(b.width)]
    wrong = [x for x, y in mirror if b.kinds[x] != b.kinds[y]
             or (x in b.start[YELLOW]) != (y in b.start[RED])]
    canals = {x for x in range(b.size) if b.kinds[x] is Kind.CANAL}
    if (wrong or b.name(b.keys[YELLOW]) != "j4" or b.name(b.keys[RED]) != "j16"
            or any(x // b.width >= b.height // 2 for x in b.start[YELLOW])
            or {b.name(x) for x in canals} != {"j2", "j8", "j12", "j18"}):
        return Result.refuted(b.names(wrong[:8]), "the packaged map is not the reference map "
                              "(yellow at the bottom, red mirrored, keys j4/j16, four canals)")
    return Result.proved(f"all {b.size} squares of the packaged map")

