"""The independent reading of the Kasteel rules: what the clauses say, read here once more without
the rules code (``spec_*``), for the theorems to compare the game with — a move along a line
(``spec_line``, its targets ``spec_line_targets`` and ``spec_targets``), what a move costs
(``spec_cost``), what a legal action does (``spec_successor``), a stuck player and who has won
(``spec_stuck``, ``spec_winners``), where a skull may fall (``spec_zone``). The one module of it:
the theorem modules import it, it imports none of them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from castlerules.core.symbolic import And, If, Not, Or
from castlerules.kasteel.board import RED, YELLOW, Kind
from castlerules.kasteel.game import Kasteel
from castlerules.kasteel.kernel import LineReading
from castlerules.kasteel.state import Pass, PlaceSkull, State
from castlerules.kasteel.theorems.common import fact


def spec_line(
    origin_wall: Any,
    walls: Sequence[Any],
    own: Sequence[Any],
    opp: Sequence[Any],
    own_key: Sequence[Any],
    enemy_key: Sequence[Any],
    spent: Sequence[Any],
    passes: Any,
    reading: LineReading,
) -> list[Any]:
    """For each square along a line (nearest first): may the knight move there? ``spent[j]`` is
    how many canal and skull squares the move to square ``j`` enters. The clauses read here once
    more, independently of ``kernel.move_legal``: one or more free squares like a rook
    (kasteel.spel.schuiven) on one level (muren-langs), a climb only one square (klimmen), no
    jumping (niet-springen), not onto an own knight (slaan), the own key neither entered nor crossed
    (eigen-sleutel), one pass per canal or skull square entered and no more than are left
    (kanalen.*) — each as the game's readings say."""
    out = []
    knight_before = own_key_before = enemy_key_before = False
    on_origin_level: Any = True
    on_first_level: Any = True
    for j in range(len(walls)):
        on_origin_level = And(on_origin_level, walls[j] == origin_wall)
        on_first_level = And(on_first_level, walls[j] == walls[0])
        if reading.mixed:
            level: Any = True
        elif reading.climb_slide:
            level = on_first_level
        else:
            level = Or(j == 0, on_origin_level)
        key = Not(own_key[j]) if reading.key_passable else And(Not(own_key_before), Not(own_key[j]))
        enemy = Not(enemy_key_before) if reading.enemy_key_stops else True
        pay = Or(passes >= 1, spent[j] == 0) if reading.per_move else spent[j] <= passes
        out.append(And(level, Not(knight_before), Not(own[j]), key, enemy, pay))
        knight_before = Or(knight_before, own[j], opp[j])
        own_key_before = Or(own_key_before, own_key[j])
        enemy_key_before = Or(enemy_key_before, enemy_key[j])
    return out


def counts(costly: Sequence[Any]) -> list[Any]:
    """``spent`` for ``spec_line``: the running number of costly squares along the line."""
    out, total = [], 0
    for c in costly:
        total = total + If(c, 1, 0)
        out.append(total)
    return out


def _line_facts(
    game: Kasteel, p: int, sq: int, d: int, state: State
) -> tuple[bool, list[bool], list[bool], list[bool], list[bool], list[bool], list[bool], int]:
    b = game.board
    ray = b.rays[sq][d]
    costly = state.skulls | {x for x in ray if b.kinds[x] is Kind.CANAL}
    return (
        b.kinds[sq] is Kind.WALL,
        [b.kinds[x] is Kind.WALL for x in ray],
        [x in state.knights[p] for x in ray],
        [x in state.knights[1 - p] for x in ray],
        [x == b.keys[p] for x in ray],
        [x == b.keys[1 - p] for x in ray],
        [x in costly for x in ray],
        state.passes[p],
    )


def spec_line_targets(game: Kasteel, p: int, sq: int, d: int, state: State) -> set[int]:
    """The squares of the line of ``p``'s knight on ``sq`` in direction ``d`` that ``spec_line``
    lets it move to."""
    w, walls, own, opp, key, enemy, costly, passes = _line_facts(game, p, sq, d, state)
    legal = spec_line(w, walls, own, opp, key, enemy, counts(costly), passes, game.line_reading)
    return {x for x, ok in zip(game.board.rays[sq][d], legal) if ok}


def spec_targets(game: Kasteel, p: int, sq: int, state: State) -> set[int]:
    """Every square ``spec_line`` lets ``p``'s knight on ``sq`` move to."""
    out: set[int] = set()
    for d in range(4):
        out |= spec_line_targets(game, p, sq, d, state)
    return out


def spec_cost(game: Kasteel, state: State, frm: int, to: int) -> int:
    """Passes the move from ``frm`` to ``to`` costs, counted from the coordinates: one per canal
    and per skull square entered (or one for the whole move, per the reading)."""
    b = game.board
    fc, fr, tc, tr = frm % b.width, frm // b.width, to % b.width, to // b.width
    n = max(abs(tc - fc), abs(tr - fr))
    dc, dr = (tc > fc) - (tc < fc), (tr > fr) - (tr < fr)
    entered = [(fr + dr * k) * b.width + fc + dc * k for k in range(1, n + 1)]
    count = sum(b.kinds[x] is Kind.CANAL for x in entered) + sum(x in state.skulls for x in entered)
    return min(count, 1) if game.line_reading.per_move else count


def spec_successor(game: Kasteel, state: State, action: Any) -> State:
    """What the clauses say a legal action does: the knight moves, an opposing knight on the
    destination is removed (or, per the reading, the moving knight), the mover pays the move's
    passes, the other player is to move; a pass changes only whose turn it is; a skull lands."""
    if isinstance(action, PlaceSkull):
        return State(state.knights, state.passes, state.skulls | {action.square}, state.to_move)
    p = state.to_move
    if isinstance(action, Pass):
        return State(state.knights, state.passes, state.skulls, 1 - p)
    own, opp = set(state.knights[p]), set(state.knights[1 - p])
    own.discard(action.frm)
    if not (action.to in opp and game._mover_removed):
        opp.discard(action.to)
        own.add(action.to)
    passes = list(state.passes)
    passes[p] -= spec_cost(game, state, action.frm, action.to)
    knights = (frozenset(own), frozenset(opp)) if p == YELLOW else (frozenset(opp), frozenset(own))
    return State(knights, (passes[0], passes[1]), state.skulls, 1 - p)


def spec_stuck(game: Kasteel, state: State, p: int) -> bool:
    return bool(state.knights[p]) and not any(spec_targets(game, p, sq, state)
                                              for sq in state.knights[p])


def spec_winners(game: Kasteel, state: State) -> set[int]:
    """Who has won, read from the clauses and the stuck reading: a knight on the opponent's key
    square wins for its owner, a player without knights loses; a stuck player to move loses at once
    (stuck="lose") or only when his opponent is stuck too (a deadlock, stuck="pass")."""
    b = game.board
    out = {p for p in (YELLOW, RED) if b.keys[1 - p] in state.knights[p]}
    out |= {1 - p for p in (YELLOW, RED) if not state.knights[p]}
    mover = state.to_move
    if not out and spec_stuck(game, state, mover) and (
        game.stuck == "lose" or spec_stuck(game, state, 1 - mover)
    ):
        out.add(1 - mover)
    return out


def spec_ending(game: Kasteel, state: State) -> str:
    """Why a finished game ended: the loser has no knight left (said first where a capture on the
    key square does both), a knight stands on the loser's key square, or the loser was stuck."""
    (winner,) = spec_winners(game, state)
    loser = 1 - winner
    if not state.knights[loser]:
        return "knights-lost"
    if game.board.keys[loser] in state.knights[winner]:
        return "key-conquered"
    return "stuck"


def spec_zone(game: Kasteel) -> set[int]:
    """The squares a skull may fall on, read from the readings and the facts: under
    skull-zone=middle-rows the plain ground squares (no wall, canal or key, no starting knight) of
    the fact's rows 9-11 on the default map (of the three middle rows on another map); under
    skull-zone=anywhere every ground or wall square that is neither a canal, a key nor a start
    square."""
    b = game.board
    start = b.start[0] | b.start[1]
    if game._skulls_anywhere:
        return {x for x in range(b.size)
                if b.kinds[x] in (Kind.GROUND, Kind.WALL) and x not in start}
    if b.width == b.height == len(fact("default-map")):
        rows = [r - 1 for r in fact("skull-rows")]
    else:
        mid = b.height // 2
        rows = list(range(mid - 1, mid + 2))
    return {r * b.width + c for r in rows for c in range(b.width)
            if 0 <= r < b.height and b.kinds[r * b.width + c] is Kind.GROUND
            and r * b.width + c not in start}
