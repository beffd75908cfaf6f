"""Whether players can be left without a legal step (Het aantal bewegingen is altijd verplicht)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from castlerules.core.extras import z3
from castlerules.core.symbolic import And, Not, Or
from castlerules.core.theorem import Result, Status, theorem, z3_find
from castlerules.splut.board import (
    LINE,
    NAMES,
    NEXT,
    OFF,
    SQUARES,
    Dir,
)
from castlerules.splut.game import Splut
from castlerules.splut.state import ROCK, Lev, Pass, Piece, State, code
from castlerules.splut.theorems._common import (
    TESTS,
    _refute,
    _with_players,
)
from castlerules.splut.theorems.transition import (
    family,
)

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


def deadlock_finding(game: Splut) -> dict[str, Any]:
    """Without levitating a rock out of its way a sorcerer can be boxed in for good
    (levitate-ahead = forbidden): a finding (DEADLOCK_FINDING)."""
    if game.reading("levitate-ahead") == "forbidden":
        return {"expected": Status.COUNTEREXAMPLE, "finding": DEADLOCK_FINDING}
    return {}


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


@theorem(
    "splut.always-a-step",
    lambda game: (
        f"The player to move always has a legal step (z3 over every arrangement of rocks and "
        f"pieces, {game.num_players} players; a found position is confirmed by the move generator)."
    ),
    clauses=("splut.zet.verplicht", "splut.zet.drie"),
    method="z3",
    expected=Status.COUNTEREXAMPLE,
    finding=NO_STEP_FINDING,
    fails_with=f"{TESTS}::test_no_step_finding_is_confirmed_by_the_game",
)
@theorem(
    "splut.always-a-step-full-team",
    "With 3 players, a player whose three pieces are all on the board always has a legal "
    "step (z3; a found position is confirmed by the move generator).",
    clauses=("splut.zet.verplicht", "splut.zet.drie"),
    method="z3",
    call=lambda check, game: check(_with_players(game, 3), full_team=True),
    expected=Status.COUNTEREXAMPLE,
    finding=FULL_TEAM_FINDING,
    fails_with=f"{TESTS}::test_no_step_finding_is_confirmed_by_the_game",
)
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


@theorem(
    "splut.no-deadlock",
    "In a 2-player game the two players are never both without a legal step, even with "
    "every rock levitable (as after a round of passes), so passing cannot go on for ever "
    "(z3 over every arrangement of the kinds of things on the squares — which team owns "
    "a piece does not change whether it can step; the model's refinement against the "
    "game runs first).",
    clauses=("splut.zet.verplicht", "splut.winnen.laatste"),
    method="z3",
    call=lambda check, game: check(_with_players(game, 2)),
    basis="model",
    vary=deadlock_finding,
    refinement="castlerules.splut.theorems.stuck.refine_stuck_model",
    fails_with=f"{TESTS}::test_deadlock_theorem_catches_still_sorcerers",
)
@theorem(
    "splut.no-deadlock-3",
    "With 3 players, the players with a sorcerer are never all without a legal step, even "
    "with every rock levitable, so passing cannot go on for ever (z3 over every "
    "arrangement; with a team gone it is the 2-player case).",
    clauses=("splut.zet.verplicht", "splut.winnen.laatste"),
    method="z3",
    call=lambda check, game: check(_with_players(game, 3)),
    basis="model",
    vary=deadlock_finding,
    refinement="castlerules.splut.theorems.stuck.refine_stuck_model",
    fails_with=f"{TESTS}::test_deadlock_theorem_catches_still_sorcerers",
)
@theorem(
    "splut.no-deadlock-4",
    "With 4 players, the players with a sorcerer are never all without a legal step, even "
    "with every rock levitable, so passing cannot go on for ever (z3 over every "
    "arrangement; with teams gone it is the 3- or 2-player case).",
    clauses=("splut.zet.verplicht", "splut.winnen.laatste"),
    method="z3",
    call=lambda check, game: check(_with_players(game, 4), timeout_ms=1_500_000),
    deep=True,
    basis="model",
    vary=deadlock_finding,
    refinement="castlerules.splut.theorems.stuck.refine_stuck_model",
    fails_with=f"{TESTS}::test_deadlock_theorem_catches_still_sorcerers",
)
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

