"""A whole-board model of one action, for the inductive proof of the board invariants (rocks never
lost or stacked, one thing per square, whole teams)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

from castlerules.core.extras import z3
from castlerules.core.symbolic import And, Count, If, Not, Or
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
from castlerules.splut.state import ROCK, Pass, Piece, State, Throw, code
from castlerules.splut.theorems._common import (
    MAX_LINE,
    ROCK_CLAUSES,
    TEAM_GONE,
    TESTS,
    _all,
    _ints,
    _refute,
    _shower,
)
from castlerules.splut.theorems.transition import (
    family,
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
    under_ok: bool = False,
) -> tuple[Any, list[Any], list[list[Any]], Any]:
    """(legal, rocks, pieces, held) after player p's sorcerer (k = 0) or troll (k = 1) steps in
    direction d; ``lev`` is the index of a levitated rock; ``held``: the troll has stepped onto a
    rock and holds it. A rock under a troll can be neither levitated nor pulled into the square the
    troll leaves, unless ``under_ok`` (reading rock-under-troll = allowed); the sorcerer never steps
    into a troll's square."""
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
            under = Or(*(t == r for t in trolls))
            legal = And(x != OFF, y != OFF, Or(under_ok, Not(under)), rock_moves,
                        Or(Not(_at(items, y)), And(y == r, ahead_ok, Not(under))))
            new_rocks[lev] = r2
    else:
        behind = nxt(x, (d + 2) % 4)
        is_rock = Or(*(r == y for r in rocks))
        legal = And(x != OFF, y != OFF, Or(Not(_at(items, y)), And(is_rock, Not(_at(
            _flat(pieces), y)))))
        if pull:
            legal = And(legal, behind != OFF, Or(*(r == behind for r in rocks)),
                        Or(under_ok, Not(Or(*(r == behind for r in trolls)))),
                        Not(Or(*(r == x for r in rocks))))
            new_rocks = [If(r == behind, x, r) for r in rocks]
        held = is_rock
    return legal, new_rocks, new_pieces, held


def under_free(game: Splut) -> bool:
    """A rock lying under a troll may be levitated or pulled (blocked-throw = rock-stays and
    rock-under-troll = allowed)."""
    return (game.reading("blocked-throw") == "rock-stays"
            and game.reading("rock-under-troll") == "allowed")


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
            under_ok=under_free(game),
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


@theorem(
    "splut.state-invariants",
    "Inductive step over every board (up to four teams) with four rocks on four distinct "
    "squares, nothing off the board, no two things on one square and whole teams: every "
    "sorcerer step (levitating any rock or none), troll step (pulling or not, onto a free "
    "square or a rock), dwarf step and push along every line of the board, and throw "
    "along every line keeps all of that (a troll holding a rock excepted; under "
    "blocked-throw = rock-stays a troll may stand on a rock). z3 on a whole-board model "
    "of one action; the check first runs the model's refinement against the game.",
    clauses=(*ROCK_CLAUSES, *TEAM_GONE, "splut.beweging.orthogonaal", "splut.tovenaar.zweven",
             "splut.tovenaar.blokkeren", "splut.trol.trekken", "splut.trol.werpen",
             "splut.dwerg.duwen", "splut.werpen.vlucht"),
    method="z3",
    basis="model",
    refinement="castlerules.splut.theorems.model.refine_board_model",
    fails_with=f"{TESTS}::test_state_invariants_theorem_catches_broken_rules",
    depends_on=('blocked-throw', 'rock-under-troll', 'push-distance', 'throw-own-sorcerer', 'levitate-behind', 'levitate-ahead', 'levitate-blocked', 'rocks-stay', 'occupied-exceptions'),
)
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
            legal, r2, p2, held = step(rocks, pieces, 0, k, d, pull, lev, behind_ok, ahead_ok,
                                       under_free(game))
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

