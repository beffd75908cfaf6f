"""Kasteel theorems: moves along a line, the move generator, every transition, what a move costs, the
start and the skulls, the end and who wins, no overlap, and whether Kasteel can draw.

Two kinds of proof, both about the code the game runs (``basis="code"``), under the game's readings:

- **z3 over the dual-mode kernels** the game runs: ``kernel.move_legal`` (from which the game's move
  tables are built), ``kernel.after_move`` (what the successor does to the bitboards),
  ``kernel.move_cost`` and ``kernel.has_won`` (tabulated by ``winners``), over every line length
  and every fact along the line, or over a symbolic whole board (one boolean per square for a
  yellow knight, a red knight and a skull) satisfying the invariant.
- **Exhaustive enumeration of the game's own methods** (``legal_actions``, ``violation``,
  ``successor``, ``winners``, ``actors``, ``chance_outcomes``, ``initial_state``) against an
  independent reading of the clauses written here (``spec_line``, ``spec_successor``,
  ``spec_winners``), over a stated finite family of positions: every line of the board (player,
  square, direction) with every nearest knight on it, and every move of every line.

Every check takes the game object it is about, so a test can hand it a deliberately broken rule and
see the counterexample; a counterexample carries the position text and the squares that matter
(``highlight``). Every check is bounded (a fixed family of positions, a fixed line of play, z3
with a time-out): a rule bug that makes a game endless makes a check fail, never hang.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from fractions import Fraction
from typing import Any

import z3

from castlerules.core.symbolic import And, Count, ExactlyOne, If, Not, Or, Sum
from castlerules.core.theorem import Result, Status, Theorem, z3_find, z3_prove
from castlerules.kasteel import kernel
from castlerules.kasteel.board import PLAYER_NAMES, RED, YELLOW, Board, Kind
from castlerules.kasteel.kernel import LineReading
from castlerules.kasteel.rules import HAS_WON, Kasteel, static_targets
from castlerules.kasteel.state import Move, Pass, PlaceSkull, State, bitboard, make_state

GAME = "kasteel"
#: The passes of each level, as clause kasteel.kanalen.niveau says ("niveau 1=>8 passen ...").
LEVELS = {1: 8, 2: 7, 3: 6}
TESTS = "tests/kasteel/test_kasteel_theorems.py"
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
#: The stuck position the finding describes: a lone yellow knight on j11, skulls on j10, i11 and
#: k11 (and s11), the canal j12 above it, no passes left (the end of ``STUCK_LINE``, with one red
#: knight).
STUCK_EXAMPLE = "19/19/19/19/19/19/19/19/9Y9/19/19/19/19/19/19/19/19/19/R18 y 0,8 j10,i11,k11,s11"
STUCK_SKULLS = ("i11", "j10", "k11")


# -- helpers ---------------------------------------------------------------------------------------


def position(game: Kasteel, state: State) -> str | None:
    try:
        return game.state_to_text(state)
    except (IndexError, KeyError, ValueError):
        return None


def refute(game: Kasteel, state: State, detail: str, squares: Sequence[int] = ()) -> Result:
    """A counterexample: the position (picture and text) and the squares that matter."""
    b = game.board
    names = tuple(b.name(s) for s in squares if 0 <= s < b.size)
    try:
        picture = game.render(state)
    except (IndexError, KeyError, ValueError):
        picture = repr(state)
    return Result.refuted(picture, detail, position=position(game, state), highlight=names)


def build(game: Kasteel, yellow: Iterable[int], red: Iterable[int], passes: tuple[int, int],
          skulls: frozenset[int], to_move: int) -> State:
    knights = (frozenset(yellow), frozenset(red))
    bits = (bitboard(knights[0]), bitboard(knights[1]))
    assert bits[0] is not None and bits[1] is not None
    skull_bits = bitboard(skulls)
    assert skull_bits is not None
    return make_state(knights, passes, skulls, to_move, (bits[0], bits[1]), skull_bits, None)


def skull_sets(game: Kasteel) -> list[frozenset[int]]:
    """Skull placements the enumerations use: the fixed skulls, or ``skull_count`` squares of the
    zone spread evenly (and a second, shifted spread)."""
    if game._fixed is not None:
        return [game._fixed]
    zone, n = game._zone, game.skull_count
    if n == 0:
        return [frozenset()]
    out = []
    for shift in (0, len(zone) // (2 * n) or 1):
        out.append(frozenset(zone[(shift + k * len(zone) // n) % len(zone)] for k in range(n)))
    return out


def _reserve(board: Board, avoid: Sequence[int]) -> int:
    """A square on no line with any of ``avoid`` and not a key square (for a knight that keeps its
    player in the game without touching the lines that are checked)."""
    rows = {a // board.width for a in avoid}
    cols = {a % board.width for a in avoid}
    for sq in range(board.size - 1, -1, -1):
        if sq // board.width not in rows and sq % board.width not in cols and sq not in board.keys:
            return sq
    return -1


# -- the line rule, read independently -----------------------------------------------------------


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


# -- the move generator and the checker on every line of the board ------------------------------


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


def check_move_generation(game: Kasteel, deep: bool = False) -> Result:
    """Exhaustive over ``_generation_family``: the game's legal moves of the knight are exactly the
    squares ``spec_line`` allows, the checker (``violation``) accepts exactly those among every
    square of its row and column when it is alone (on the line of the other knight: up to the
    square after it), a refused move names a clause, and a pass is legal exactly when the player has no move
    (or the reading allows passing)."""
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
        if game.is_terminal(state):
            continue
        has_moves = any(isinstance(a, Move) for a in legal)
        pass_ok = game.violation(state, Pass(p)) is None
        if pass_ok != (game._voluntary_pass or not has_moves) or (Pass(p) in legal) != pass_ok:
            return refute(game, state, f"a pass is {'legal' if pass_ok else 'illegal'} for "
                          f"{PLAYER_NAMES[p]} with {'some' if has_moves else 'no'} moves", [sq])
    return Result.proved(f"{count} positions: every line of the board, every nearest knight on it, "
                         "every passes value that matters")


# -- every transition ----------------------------------------------------------------------------


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


def _derived_ok(state: State) -> bool:
    return (state.bits == (bitboard(state.knights[0]), bitboard(state.knights[1]))
            and state.skull_bits == bitboard(state.skulls))


def check_transition(game: Kasteel, deep: bool = False) -> Result:
    """Exhaustive: for every move of every line of the board (a knight of either player on any
    square, the destination empty or holding an opposing knight), whenever it is legal with the
    start's passes (or one pass, and with the skull sets of ``skull_sets``), ``apply`` gives
    exactly ``spec_successor`` (JSON fields and the derived bitboards); so does every pass of a
    stuck (or, per the reading, any) player and every skull placement from the start."""
    b = game.board
    count = 0
    for skulls in skull_sets(game) if deep else skull_sets(game)[:1]:
        for p in (YELLOW, RED):
            for frm in range(b.size):
                if frm in b.keys:
                    continue
                for ray in b.rays[frm]:
                    for to in ray:
                        for capture in (False, True):
                            if capture and to in b.keys:
                                continue
                            theirs = [to] if capture else []
                            spare = _reserve(b, [frm, to])
                            theirs += [spare] if spare >= 0 else []
                            for left in (game.start_passes, 1) if deep else (game.start_passes,):
                                yellow, red = ([frm], theirs) if p == YELLOW else (theirs, [frm])
                                passes = (left, 8) if p == YELLOW else (8, left)
                                passes = (min(passes[0], game.start_passes),
                                          min(passes[1], game.start_passes))
                                state = build(game, yellow, red, passes, skulls, p)
                                action = Move(p, frm, to)
                                if game.violation(state, action) is not None:
                                    continue
                                count += 1
                                found = _compare(game, state, action)
                                if found is not None:
                                    return found
    for state in _pass_states(game):
        if game.violation(state, Pass(state.to_move)) is None:
            count += 1
            found = _compare(game, state, Pass(state.to_move))
            if found is not None:
                return found
    start = game.initial_state()
    if game.is_chance(start):
        for outcome, _ in game.chance_outcomes(start):
            count += 1
            found = _compare(game, start, outcome)
            if found is not None:
                return found
    return Result.proved(f"{count} transitions: every move of every line of the board, passes, "
                         "skull placements")


def _compare(game: Kasteel, state: State, action: Any) -> Result | None:
    after = game.apply(state, action)
    want = spec_successor(game, state, action)
    if after != want or not _derived_ok(after):
        text = game.action_to_str(state, action)
        squares = [action.frm, action.to] if isinstance(action, Move) else []
        return refute(game, state, f"after {text} the game gives {position(game, after)}; the "
                      f"rules give {position(game, want)}", squares)
    return None


def _pass_states(game: Kasteel) -> list[State]:
    """The documented stuck position (when it fits the game) and a few open positions."""
    b = game.board
    out = []
    with contextlib.suppress(Exception):  # another board or skull count
        out.append(game.adopt(game.parse_position(STUCK_EXAMPLE)))
    for skulls in skull_sets(game)[:1]:
        for p in (YELLOW, RED):
            sq = b.size // 2
            spare = _reserve(b, [sq])
            if sq in b.keys or spare < 0:
                continue
            yellow, red = ([sq], [spare]) if p == YELLOW else ([spare], [sq])
            out.append(build(game, yellow, red, (0, 0), skulls, p))
    return out


# -- what a move costs ---------------------------------------------------------------------------


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


# -- the start and the skulls --------------------------------------------------------------------


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


# -- the board -----------------------------------------------------------------------------------


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


# -- the end and who wins ------------------------------------------------------------------------


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


def _end_family(game: Kasteel) -> Iterator[State]:
    b = game.board
    start = game.start_passes
    for skulls in skull_sets(game)[:1]:
        for p in (YELLOW, RED):
            for sq in range(b.size):
                if sq == b.keys[p]:
                    continue
                spare = _reserve(b, [sq])
                for with_opponent in (True, False):
                    theirs = [spare] if with_opponent and spare >= 0 else []
                    yellow, red = ([sq], theirs) if p == YELLOW else (theirs, [sq])
                    for to_move in (YELLOW, RED):
                        for left in (0, start):
                            yield build(game, yellow, red, (left, left), skulls, to_move)
    for state in _pass_states(game):
        yield state
        yield build(game, state.knights[0], state.knights[1], state.passes, state.skulls,
                    1 - state.to_move)
    yield from _deadlocks(game)


def _deadlocks(game: Kasteel) -> Iterator[State]:
    """Both players' lone knights stuck, if this game's skulls allow it (z3 finds one)."""
    found = find_stuck(game, both=True)
    if found is not None:
        state = found[1]
        yield state
        yield build(game, state.knights[0], state.knights[1], state.passes, state.skulls, RED)


def check_end(game: Kasteel) -> Result:
    """Exhaustive: ``HAS_WON`` is ``kernel.has_won`` on all 64 inputs; and for a lone knight of
    either player on every square (with and without an opposing knight, either player to move,
    with and without passes), the documented stuck position and every deadlock z3 finds, the game's
    winners are exactly ``spec_winners``, the game is over exactly when someone has won, and then
    nobody acts and nothing is legal; otherwise exactly the player to move acts."""
    for i in range(64):
        if HAS_WON[i] != bool(kernel.has_won(*((i >> k) & 1 == 1 for k in range(6)))):
            return Result.refuted(f"inputs {i:06b}", "the winner table is not kernel.has_won")
    count = 0
    for state in _end_family(game):
        count += 1
        want = spec_winners(game, state)
        got = game.winners(state)
        over = game.is_terminal(state)
        actors = game.actors(state)
        legal = game.legal_actions(state)
        ok = (got == want and over == bool(want) and (not over or (not actors and not legal))
              and (over or (actors == {state.to_move} and bool(legal))))
        if not ok:
            b = game.board
            keys = [b.keys[0], b.keys[1], *state.knights[0], *state.knights[1]]
            who = " and ".join(PLAYER_NAMES[p] for p in sorted(want)) or "nobody"
            return refute(game, state, f"the game says winners {sorted(got)}, over {over}, actors "
                          f"{sorted(actors)}; the rules say {who} has won", keys)
    return Result.proved(f"the winner table and {count} positions")


# -- the whole board, symbolically ---------------------------------------------------------------


class Symbolic:
    """A symbolic Kasteel position on ``game``'s board (free z3 variables)."""

    def __init__(self, game: Kasteel, tag: str = "") -> None:
        b = game.board
        self.game = game
        self.board = b
        zone = set(game._zone)
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
        if g._fixed is not None:
            out += [s if i in g._fixed else Not(s) for i, s in enumerate(self.skull)
                    if not isinstance(s, bool)]
        return out

    def first_move_legal(
        self, p: int, frm: int, d: int, knights: Sequence[Sequence[Any]] | None = None,
        move_legal: MoveLegal = kernel.move_legal,
    ) -> Any:
        """The move of ``p``'s knight on ``frm`` to the first static target of its line in
        direction ``d`` is legal (False if the line has none)."""
        b, g = self.board, self.game
        k = knights if knights is not None else self.knights
        targets = static_targets(b, p, frm, d, g.line_reading)
        if not targets:
            return False
        path = b.rays[frm][d][: targets[0] + 1]
        return move_legal(
            b.kinds[frm] is Kind.WALL,
            [b.kinds[x] is Kind.WALL for x in path],
            [k[p][x] for x in path],
            [k[1 - p][x] for x in path],
            [x == b.keys[p] for x in path],
            [kernel.square_cost(b.kinds[x] is Kind.CANAL, self.skull[x]) for x in path],
            self.passes[p],
            enemy_key=[x == b.keys[1 - p] for x in path],
            reading=g.line_reading,
        )

    def stuck(
        self, p: int, knights: Sequence[Sequence[Any]] | None = None,
        move_legal: MoveLegal = kernel.move_legal,
    ) -> Any:
        """Player p has knights and no legal move to the first target of any line (so no legal
        move at all, by kasteel.slide-prefix)."""
        b = self.board
        k = knights if knights is not None else self.knights
        blocked = [
            z3.Implies(k[p][frm], Not(Or(*(self.first_move_legal(p, frm, d, k, move_legal)
                                           for d in range(4)))))
            for frm in range(b.size)
        ]
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
            k[p][self.board.keys[enemy]], Or(*k[enemy]), enemy_to_move, enemy_stuck, self_stuck,
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


def _show(game: Kasteel, s: Symbolic, p: int, title: str) -> Callable[[z3.ModelRef], str]:
    def show(m: z3.ModelRef) -> str:
        return (title + "\n" if title else "") + game.render(s.state(m, p))

    return show


def _at(xs: Sequence[Any], v: Any) -> Any:
    """``xs[v]`` for a symbolic index ``v``."""
    return z3.Or(*(z3.And(v == i, x) for i, x in enumerate(xs)))


def check_one_winner(
    game: Kasteel,
    after_move: AfterMove = kernel.after_move,
    end_ok: EndOk = kernel.end_ok,
    has_won: HasWon = kernel.has_won,
) -> Result:
    """Inductive step, for each player to move: from any non-terminal state satisfying the
    invariant, after any move of the player to move from one of his knights to a square where a
    move may end (a superset of the legal moves), or after a pass, the state is not terminal or has
    exactly one winner; and the start is not terminal."""
    g = game
    b = g.board
    stuck_loses = g.stuck == "lose"
    mover_removed = g._mover_removed
    for p in (YELLOW, RED):
        s = Symbolic(g)
        frm, to = z3.Int("from"), z3.Int("to")
        own, opp = s.knights[p], s.knights[1 - p]
        after = [after_move(own[i], opp[i], frm == i, to == i, mover_removed) for i in range(b.size)]
        new = [[a[0] for a in after], [a[1] for a in after]]
        knights_after = new if p == YELLOW else [new[1], new[0]]
        before_end = Or(*(s.won(q, p, stuck_loses, None, has_won) for q in (YELLOW, RED)))
        for label, knights, extra in (
            ("moves", knights_after, [frm >= 0, frm < b.size, to >= 0, to < b.size, frm != to,
                                      _at(own, frm),
                                      z3.Or(*(z3.And(to == i, end_ok(own[i], i == b.keys[p]))
                                              for i in range(b.size)))]),
            ("passes", None, []),
        ):
            yw = s.won(YELLOW, 1 - p, stuck_loses, knights, has_won)
            rw = s.won(RED, 1 - p, stuck_loses, knights, has_won)
            result = z3_prove(
                z3.Implies(Or(yw, rw), ExactlyOne(yw, rw)),
                assumptions=[*s.invariant(), Not(before_end), *extra],
                render=_show(g, s, p, f"{PLAYER_NAMES[p]} {label} in"),
            )
            if result.status is not Status.PROVED:
                return result
    if g.is_terminal(g.initial_state()):
        return refute(g, g.initial_state(), "the start is terminal")
    return Result.proved("z3, inductive step over all states satisfying the invariant, both "
                         "players to move, after a move or a pass; the start is not terminal")


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


def _path_symbols(d: int, tag: str = "") -> tuple[Any, list[Any], list[Any], list[Any], list[Any],
                                                  list[Any], list[Any], list[Any], Any]:
    """Free z3 facts of a line of ``d`` squares (``tag`` keeps each theorem's symbols apart)."""
    origin = z3.Bool(f"{tag}origin_wall")
    walls = [z3.Bool(f"{tag}wall_{i}") for i in range(d)]
    own = [z3.Bool(f"{tag}own_{i}") for i in range(d)]
    opp = [z3.Bool(f"{tag}opp_{i}") for i in range(d)]
    key = [z3.Bool(f"{tag}own_key_{i}") for i in range(d)]
    enemy = [z3.Bool(f"{tag}enemy_key_{i}") for i in range(d)]
    canal = [z3.Bool(f"{tag}canal_{i}") for i in range(d)]
    skull = [z3.Bool(f"{tag}skull_{i}") for i in range(d)]
    return origin, walls, own, opp, key, enemy, canal, skull, z3.Int(f"{tag}passes")


def _show_path(names: Sequence[Any]) -> Callable[[z3.ModelRef], str]:
    def show(m: z3.ModelRef) -> str:
        return ", ".join(f"{v}={m.eval(v, model_completion=True)}" for v in names)

    return show


def _longest(game: Kasteel) -> int:
    return max(game.board.width, game.board.height) - 1


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


# -- the castles can be entered over the wall ----------------------------------------------------


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


# -- stuck positions -------------------------------------------------------------------------------


def find_stuck(
    game: Kasteel, move_legal: MoveLegal = kernel.move_legal, both: bool = False
) -> tuple[str, State] | None:
    """A state satisfying the invariant where yellow is to move, no game-ending condition holds,
    and yellow has knights but no legal move (``both``: red could not move either). None if z3
    shows there is none."""
    g = game
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
    found = z3_find(z3.And(*conds), render=_show(g, s, YELLOW, ""), timeout_ms=60_000)
    if found is None:
        return None
    return found[0], g.adopt(s.state(found[1], YELLOW))


def check_never_stuck(game: Kasteel, move_legal: MoveLegal = kernel.move_legal) -> Result:
    """Claim: the player to move always has a legal move while he has knights. z3 searches all
    states satisfying the invariant for one where he has none; the game's own generator confirms
    it. The documented example (a lone knight on j11) is reported when it fits the game."""
    g = game
    found = find_stuck(g, move_legal)
    if found is None:
        return Result.proved("z3: no state satisfying the invariant leaves the player to move stuck")
    _, state = found
    if move_legal is kernel.move_legal and g.knight_moves(state, YELLOW):
        return Result.unknown("z3's stuck position has moves in the game: the encodings disagree")
    example = _documented_stuck(g)
    if example is not None:
        state = example
    b = g.board
    (knight, *_) = sorted(state.knights[YELLOW])
    around = [knight, *(ray[0] for ray in b.rays[knight] if ray)]
    return refute(g, state, f"yellow's knight on {b.name(knight)} has no legal move: every "
                  "square next to it costs a pass and yellow has none left", around)


def _documented_stuck(game: Kasteel) -> State | None:
    """The finding's example, if it is a state of this game and stuck in it."""
    try:
        state = game.state_from_text(STUCK_EXAMPLE)
    except Exception:  # another board, skull count or pass count
        return None
    return state if game.knight_moves(state, YELLOW) == () else None


def check_never_deadlocked(game: Kasteel, move_legal: MoveLegal = kernel.move_legal) -> Result:
    """Claim: no state satisfying the invariant leaves BOTH players with knights and no legal move.
    With ``stuck="pass"`` such a state would be a draw: both would pass for ever (the rules make
    the stuck player to move lose there instead)."""
    g = game
    found = find_stuck(g, move_legal, both=True)
    if found is None:
        return Result.proved(
            f"z3: with {g.skull_count} skulls no state satisfying the invariant leaves both "
            "players stuck"
        )
    state = found[1]
    return refute(g, state, "z3 found a position where neither player can move",
                  sorted(state.knights[0] | state.knights[1]))


def _distances(game: Kasteel, target: int) -> list[int]:
    """Moves a lone red knight needs to reach ``target`` (ignoring other knights)."""
    b = game.board
    far = 10**6
    dist = [far] * b.size
    dist[target] = 0
    queue = [target]
    for sq in queue:
        lone = build(game, [], [sq], (0, game.start_passes), frozenset(), RED)
        for m in game.knight_moves(lone, RED):
            if dist[m.to] == far:
                dist[m.to] = dist[sq] + 1
                queue.append(m.to)
    return dist


def search_stuck_line(game: Kasteel, max_plies: int = 1200) -> list[str] | None:
    """A line of play from the start that leaves yellow stuck (None if this search finds none
    within ``max_plies``). The skulls fall on i11, j10, k11 and s11; yellow walks a knight from c8
    to j11 and spends its passes going j11-j10-j11, while red hunts down the other yellow knights
    and yellow offers them (each side picks its move by distance, deterministically)."""
    b = game.board
    state = game.initial_state()
    line: list[str] = []
    try:
        for name in ("i11", "j10", "k11", "s11")[: game.skull_count]:
            line.append(f"skull {name}")
            state = game.play(state, line[-1])
        walk = ["c8-c9", "c9-c10", "c10-i10", "i10-j10", "j10-j11"]
        hero_path = {b.square(n) for m in walk for n in m.split("-")}
        hero_path |= {b.square(f"{c}10") for c in "cdefghi"}
        hero = b.square("c8")
    except Exception:  # another board or other skulls: this search does not apply
        return None
    if game.is_chance(state):
        return None
    script = walk + ["j11-j10", "j10-j11"] * max(0, game.start_passes - 1)
    cache: dict[int, list[int]] = {}

    def dist(target: int) -> list[int]:
        if target not in cache:
            cache[target] = _distances(game, target)
        return cache[target]

    while len(line) < max_plies:
        if game.is_terminal(state):
            return None
        if game.stuck_player(state):
            return line if state.to_move == YELLOW else None
        legal = [a for a in game.legal_actions(state) if isinstance(a, Move)]
        if not legal:
            return None
        if state.to_move == YELLOW:
            action = None
            if script:
                try:
                    action = game.parse_action(state, script.pop(0))
                except Exception:
                    return None
                if action not in legal:
                    return None
                hero = action.to
            else:
                reds = state.knights[RED]
                options = [
                    a for a in legal
                    if a.frm != hero and a.to not in reds and a.to != b.keys[RED]
                    and a.to not in hero_path
                    and game.successor(state, a).passes[YELLOW] == state.passes[YELLOW]
                ]
                if not options:
                    return None
                action = min(options, key=lambda a: (min(dist(a.to)[r] for r in reds), a.frm, a.to))
        else:
            targets = state.knights[YELLOW] - {hero}
            captures = [a for a in legal if a.to in targets]
            options = [a for a in legal
                       if a.to not in hero_path and a.to != hero and a.to != b.keys[YELLOW]]
            if captures:
                action = captures[0]
            elif not options:
                return None
            elif targets:
                action = min(options, key=lambda a: (min(dist(t)[a.to] for t in targets),
                                                     a.frm, a.to))
            else:  # only the knight on its way to j11 is left: wait far from it
                action = max(options, key=lambda a: (a.to // b.width, a.frm, a.to))
        line.append(game.action_to_str(state, action))
        state = game.apply(state, action)
    return None


def check_stuck_reachable(game: Kasteel, line: Sequence[str] | None = None) -> Result:
    """Claim: no position reachable from the start leaves the player to move stuck. Refuted by
    replaying a finite line of play from the start: ``STUCK_LINE`` where it applies, else the
    line ``search_stuck_line`` finds for this game (bounded; UNKNOWN if it finds none)."""
    g = game
    for candidate in ((line,) if line is not None else (STUCK_LINE, None)):
        if candidate is None:
            candidate = search_stuck_line(g)
            if candidate is None:
                break
        state = g.initial_state()
        for ply, text in enumerate(candidate):
            try:
                state = g.play(state, text)
            except Exception:  # the line does not apply to this game
                break
            if g.stuck_player(state):
                shown = " ".join(candidate[: ply + 1])
                knight = sorted(state.knights[state.to_move])
                return refute(g, state, f"after {ply + 1} plies from the start ({shown}) "
                              f"{PLAYER_NAMES[state.to_move]} has a knight and no legal move",
                              knight)
        if line is not None:
            return Result.proved(f"no stuck position along the {len(candidate)} plies replayed")
    return Result.unknown("no line of play leaving a player stuck was found for this game")


# -- the catalog -----------------------------------------------------------------------------------


def theorems(game: Any = None) -> tuple[Theorem, ...]:
    g: Kasteel = game if isinstance(game, Kasteel) else Kasteel()
    crowded = g._skulls_anywhere or (g._fixed is None and g.skull_count >= 5)
    deadlock: dict[str, Any] = (
        {"expected": Status.COUNTEREXAMPLE, "finding": FINDING_DEADLOCK} if crowded else {}
    )
    walled: dict[str, Any] = (
        {"expected": Status.COUNTEREXAMPLE, "finding": FINDING_WALLS} if crowded else {}
    )
    reachable: dict[str, Any] = (
        {"expected": Status.UNKNOWN, "finding": FINDING_REACHABLE_OPEN} if g._mover_removed
        else {"expected": Status.COUNTEREXAMPLE, "finding": FINDING_REACHABLE}
    )
    stuck: dict[str, Any] = (
        {"expected": Status.COUNTEREXAMPLE, "finding": FINDING_STUCK} if g.skull_count >= 3 else {}
    )
    moves = ("kasteel.spel.schuiven", "kasteel.spel.muren-langs", "kasteel.spel.klimmen",
             "kasteel.spel.niet-springen", "kasteel.spel.eigen-sleutel")
    end = ("kasteel.einde.geen-gelijkspel", "kasteel.einde.sleutel", "kasteel.einde.ridders",
           "kasteel.doel.sleutel")
    passes = ("kasteel.kanalen.passen", "kasteel.kanalen.uitgeput", "kasteel.kanalen.schedels",
              "kasteel.kanalen.vrij")

    def t(tid: str, statement: str, clauses: Sequence[str], method: str,
          check: Callable[[], Result], test: str, **extra: Any) -> Theorem:
        return Theorem(tid, GAME, statement, tuple(clauses), method, check,
                       fails_with=f"{TESTS}::{test}", **extra)

    return (
        t("kasteel.line-rule",
          "The move rule the game's tables are built from (kernel.move_legal) is the clauses: for "
          "every line length and every fact along the line, a knight may move to a square exactly "
          "when the squares obey the level rule (a climb is one square), no knight stands before "
          "it, no own knight on it, the own key is neither entered nor crossed and the passes pay "
          "for the canal and skull squares entered (each as the game's readings say).",
          (*moves, "kasteel.spel.slaan", *passes), "z3", lambda: check_line_rule(g),
          "test_line_rule_fails_if_a_climb_may_slide_on"),
        t("kasteel.move-generation",
          "The game's move generator and its legality check agree with the clauses on every line "
          "of the board: for a knight of either player on every square, with no knight or one "
          "knight of either player on any square of its row or column, and every number of passes "
          "that matters, the legal moves are exactly the squares the clauses allow; a pass is "
          "legal exactly when the player cannot move (or the reading allows passing).",
          (*moves, "kasteel.spel.slaan", "kasteel.spel.geel-eerst", *passes), "exhaustive",
          lambda: check_move_generation(g), "test_move_generation_fails_if_a_capture_is_skipped"),
        t("kasteel.move-generation-deep",
          "As kasteel.move-generation, with every passes value at every nearest knight and both "
          "skull placements.",
          (*moves, "kasteel.spel.slaan", *passes), "exhaustive",
          lambda: check_move_generation(g, deep=True),
          "test_move_generation_fails_if_a_capture_is_skipped", deep=True),
        t("kasteel.transition",
          "Every transition is exactly what the rules say: for every move of every line of the "
          "board (to an empty square or onto an opposing knight), the moved knight stands on its "
          "destination, the captured knight (or, per the reading, the moving one) is gone, the "
          "mover has paid one pass per canal and skull square entered, the opponent's passes and "
          "the skulls are unchanged and the opponent is to move; a pass only gives the turn "
          "away; a skull only lands.",
          ("kasteel.spel.slaan", "kasteel.spel.geel-eerst", "kasteel.spel.schuiven", *passes),
          "exhaustive", lambda: check_transition(g),
          "test_transition_fails_if_the_turn_does_not_pass"),
        t("kasteel.move-cost",
          "A move costs exactly the canal and skull squares it enters (per square, or one per "
          "move): z3 for every path length over the cost kernels, and every pair of squares on a "
          "line of the board is charged for exactly the squares between them.",
          passes, "z3", lambda: check_move_cost(g), "test_move_cost_fails_if_the_last_square_is_free"),
        t("kasteel.chance-and-start",
          "The game starts with every knight on its wall, the level's passes for both players and "
          "yellow to move; the skulls fall one by one, each uniformly on a free square of the skull "
          "zone; after the last skull yellow moves first.",
          ("kasteel.begin.muren", "kasteel.spel.geel-eerst", "kasteel.kanalen.niveau",
           "kasteel.kanalen.schedels"), "exhaustive", lambda: check_chance_and_start(g),
          "test_chance_theorem_fails_if_a_skull_may_fall_twice"),
        t("kasteel.board",
          "The board is well formed: one key square each, on ground; every knight starts on a wall "
          "square of its castle; the packaged map is the reference map (yellow at the bottom with "
          "key j4, red mirrored with key j16, canals j2, j8, j12, j18).",
          ("kasteel.begin.muren", "kasteel.doel.sleutel", "kasteel.kanalen.vrij"), "exhaustive",
          lambda: check_board(g), "test_board_fails_if_the_map_is_upside_down"),
        t("kasteel.end",
          "Who wins: a knight on the opponent's key square wins for its owner, a player without "
          "knights loses, a stuck player to move loses at once (stuck=lose) or when his opponent "
          "is stuck too; then the game is over and nobody acts, otherwise exactly the player to "
          "move acts (every square for a lone knight of either player, the stuck and deadlocked "
          "positions, and the winner table on all its inputs).",
          end, "exhaustive", lambda: check_end(g), "test_end_fails_if_the_own_key_wins"),
        t("kasteel.one-winner",
          "Kasteel never draws, part 1: every terminal state reached in play has exactly one "
          "winner. Proved by induction: the start is not terminal, and from every non-terminal "
          "state satisfying the invariant (no overlap, no knight on its own key, at most the "
          "starting knights, passes in range, the skulls placed) any move or pass leads to a state "
          "that is not terminal or has exactly one winner (z3, all such states, both players to "
          "move). The invariant itself is kept by kasteel.no-overlap and kasteel.passes-monotone.",
          end, "z3", lambda: check_one_winner(g),
          "test_one_winner_fails_if_a_stuck_player_loses_whoever_is_to_move"),
        t("kasteel.never-stuck",
          "Kasteel never draws, part 2 (claim): the player to move always has a legal move while "
          "he has knights.",
          (*end, *moves, *passes), "z3", lambda: check_never_stuck(g),
          "test_never_stuck_is_proved_when_every_move_is_allowed", **stuck),
        t("kasteel.stuck-reachable",
          "Kasteel never draws, part 3 (claim): no position reachable from the start leaves the "
          "player to move with knights but no legal move.",
          (*end, "kasteel.kanalen.schedels", "kasteel.kanalen.uitgeput"), "search",
          lambda: check_stuck_reachable(g), "test_stuck_reachable_is_proved_if_yellow_keeps_passes",
          **reachable),
        t("kasteel.never-deadlocked",
          "Kasteel never draws, part 4: with the game's skulls no state satisfying the invariant "
          "leaves both players with knights and no legal move, so passing can never go on for "
          "ever.",
          (*end, *passes), "z3", lambda: check_never_deadlocked(g),
          "test_never_deadlocked_fails_if_every_move_costs_a_pass", **deadlock),
        t("kasteel.no-overlap",
          "Pieces never overlap and no knight ever stands on its own key square (inductive step "
          "over all states satisfying the invariant).",
          ("kasteel.spel.slaan", "kasteel.spel.schuiven", "kasteel.spel.eigen-sleutel"), "z3",
          lambda: check_no_overlap(g), "test_no_overlap_fails_if_a_capture_does_not_remove_the_knight"),
        t("kasteel.own-key",
          "A legal move never ends on the mover's own key square, and (unless the reading lets a "
          "knight slide through it) never passes it (every line length).",
          ("kasteel.spel.eigen-sleutel",), "z3", lambda: check_own_key_path(g),
          "test_own_key_fails_if_the_key_square_is_ignored"),
        t("kasteel.passes-monotone",
          "Passes never go below zero and never increase: a legal move leaves the mover between 0 "
          "and his passes before (every line length).",
          passes, "z3", lambda: check_passes_monotone(g),
          "test_passes_monotone_fails_without_the_cost_check"),
        t("kasteel.enter-over-wall",
          "Once a player's passes are used up he can still reach the opponent's key square over "
          "the walls: from every starting square, with no passes, whatever the skulls.",
          ("kasteel.kanalen.uitgeput", "kasteel.spel.klimmen", "kasteel.spel.muren-langs",
           "kasteel.doel.sleutel"), "exhaustive", lambda: check_enter_over_wall(g),
          "test_enter_over_wall_fails_without_climbing", **walled),
        t("kasteel.slide-prefix",
          "If a move along a line of the board is legal, so is the move to the line's first "
          "target; so a player without a legal move to any first target has no legal move.",
          moves, "z3", lambda: check_slide_prefix(g),
          "test_slide_prefix_fails_if_only_the_last_square_is_paid"),
    )


FINDING_STUCK = (
    "A player can be left with knights and no legal move: for example a lone yellow knight on j11 "
    "with skulls on j10, i11 and k11, the canal j12 above it and no passes left (position "
    f"{STUCK_EXAMPLE}); every square next to it costs a pass. Walls never block (climbing is "
    "free) and opposing knights can be captured unless they stand on a canal or skull square. The "
    "text does not say what happens (interpretation kasteel.interp.no-legal-move). Decision: the "
    "stuck player passes and the game goes on (stuck=\"pass\", the default), so the game still "
    "ends only by the two endings the text names; if the opponent could not move either (a "
    "deadlock) the stuck player to move loses, so there is no draw. With the default four skulls "
    "the theorem kasteel.never-deadlocked proves a deadlock impossible; with five or more it "
    "exists. The variant stuck=\"lose\" makes a stuck player lose at once."
)
FINDING_REACHABLE = (
    "The stuck position is reachable from the start: the skulls fall on i11, j10, k11 and s11, "
    "yellow walks a knight from c8 to j11 and spends its passes going j11-j10-j11 while red's "
    "knight from q12 captures the seven other yellow knights (STUCK_LINE, 42 plies). Yellow then "
    "has one knight, no passes and no legal move. Under the default stuck=\"pass\" yellow passes "
    "and red, whose knights can still move, goes on; the game ends when red takes yellow's key or "
    "yellow's last knight."
)
FINDING_REACHABLE_OPEN = (
    "Open under capture=mover-removed: the knights that capture are the ones removed, so red "
    "cannot hunt yellow's knights down as in STUCK_LINE, and the bounded search finds no line "
    "that leaves a player stuck. Stuck positions still exist (kasteel.never-stuck); whether one is "
    "reachable under this reading is not settled. The no-draw theorems do not depend on it."
)
FINDING_DEADLOCK = (
    "With skulls anywhere on the board, or five or more skulls in the middle rows, both players "
    "can be left with knights and no legal move (a deadlock; the counterexample shows one). The "
    "rules still give no draw: in a deadlock the stuck player to move loses "
    "(interpretation kasteel.interp.no-legal-move), as kasteel.end and kasteel.one-winner check."
)
FINDING_WALLS = (
    "With skulls anywhere on the board, or five or more skulls in the middle rows, the skulls can "
    "cut every way a knight without passes has to the opponent's key (with skulls anywhere, three "
    "skulls around a knight's start square suffice; in the middle rows it takes five). Such a "
    "knight can still move where it stands; the game goes on with the other knights."
)
