"""Overzicht van elk stuk (Trol, Dwerg, Tovenaar): what each piece's step, pull, push and
levitation may and may not do, stated clause by clause as predicates on a state, an action and the
state after it, and checked exhaustively against the game's own move generator, legality predicate
and successor on a finite family of positions that puts each power within reach."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Any

from castlerules.core.theorem import Result, theorem
from castlerules.splut.board import LINE, NAMES, NEXT, OFF
from castlerules.splut.game import Splut
from castlerules.splut.reference import Reference
from castlerules.splut.state import Lev, Piece, State, Step, Throw
from castlerules.splut.theorems._common import CLAUSE_TESTS, _refute, under_readings
from castlerules.splut.theorems.transition import family, shapes, transition_mismatch


def _opposite(d: int) -> int:
    return (d + 2) % 4


def _direction(frm: int, to: int) -> int:
    return NEXT[frm].index(to)


def _troll_squares(state: State) -> set[int]:
    return {t[Piece.TROLL] for t in state.pieces if t[Piece.TROLL] != OFF}


def _occupied(state: State) -> set[int]:
    return set(state.rocks) | {x for t in state.pieces for x in t if x != OFF}


# -- a rock lying under a troll (blocked-throw = rock-stays) ------------------------------------
#: Positions with a rock under a troll (as a blocked throw leaves it), next to a sorcerer and a
#: troll that could levitate or pull it: player 0 to move, its sorcerer free to step every way and
#: its troll straight in front of the rock under player 1's troll; the same with a throw just made.
UNDER_SEEDS: tuple[tuple[dict[int, str], str, dict[str, Any]], ...] = (
    ({0: "Sc6 Te3 Dc3", 1: "Sg7 Te4 Dg3"}, "e4 a5 i5 e9", {}),
    ({0: "Sd5 Tf4 Dc3", 1: "Sb6 Tg4"}, "g4 e6 a5 e9", {}),
    ({0: "Sd6 Te5 Dc3", 1: "Sg7 Te4"}, "e4 d5 i5 e9", {"moved_before": "e4"}),
    # the rock under the troll of the player to move: its sorcerer could levitate it, a rock lies
    # straight behind that troll (a resting troll pulls none), its dwarf can push it
    ({0: "Sc6 Te4 Dd4", 1: "Sg7 Tf6 Dg3"}, "e4 e3 i5 e9", {}),
    # the same at the turn's first step in the game's second turn (levitate-start = first-step)
    ({0: "Sc6 Te4 Dd4", 1: "Sg7 Tf6 Dg3"}, "e4 e3 i5 e9", {"turn": 1}),
    # the sorcerer to move next to another troll standing on a rock: the rock straight ahead
    # (levitate-ahead) lies under that troll
    ({0: "Sd4 Tc6 Dc3", 1: "Sg7 Te4 Dg3"}, "e4 a5 i5 e9", {}),
)


def under_troll_states(game: Splut, depth: int = 2) -> list[State]:
    """Every state within ``depth`` actions of UNDER_SEEDS (made for 2 players, under blocked-throw =
    rock-stays and the game's other readings) that has a rock under a troll."""
    out: list[State] = []
    for teams, rocks, extra in UNDER_SEEDS:
        seed = game.position(teams, rocks, **extra)
        todo: list[tuple[State, int]] = [(seed, depth)]
        seen: dict[State, int] = {}
        while todo:
            state, budget = todo.pop()
            if seen.get(state, -1) >= budget:
                continue
            seen[state] = budget
            if budget > 0:
                todo.extend((game.successor(state, a), budget - 1)
                            for a in game.legal_actions(state))
        out += [s for s in seen if _under(s)]
    return out


def _under(state: State) -> set[int]:
    """The rocks lying under a troll that is not about to throw."""
    return (set(state.rocks) & _troll_squares(state)) - {state.throw_from}


def under_troll_mismatch(game: Splut, state: State, allowed: bool) -> Result | None:
    """Where the game breaks the statement of splut.rock-under-troll in ``state``, if anywhere.

    - ``resting``: a troll standing on a rock makes no pulling step (the square it leaves keeps
      its rock: no other can be pulled onto it), under either reading.
    - ``lev_from_under``: a legal levitating step names a rock under a troll ⇒ ``allowed``, and
      afterwards that rock lies one square the sorcerer's way, the troll still stands where it
      was, and the sorcerer is not on the troll's square.
    - ``pull_from_under``: a legal pulling step takes the rock from under a troll ⇒ ``allowed``,
      and afterwards the rock lies on the square the pulling troll left and the other troll still
      stands where it was.
    - ``reach`` (``allowed`` only): the rock under a troll is a rock like any other, so a
      sorcerer of the player to move that has not levitated yet this turn and may start a
      levitation of that rock by the other levitation readings (the previous player's rocks,
      levitate-start, levitate-any-rock, previous-and-this-turn: the independent reading's
      ``may_levitate``) may levitate it, with every step onto a free square that moves the rock
      onto a free square (or the sorcerer's own square, levitate-behind = allowed); a troll not
      standing on a rock may pull the rock under another troll straight behind it with every step
      onto a free square.
    """
    legal = set(game.legal_actions(state))
    under = _under(state)
    occupied = _occupied(state)
    p = state.to_move
    for a in legal:
        if not isinstance(a, Step):
            continue
        if a.pull and a.frm in state.rocks:
            return _refute(game, state, "a troll standing on a rock pulls another rock onto its "
                           "square", a)
        after = None
        if a.lev != OFF and a.lev in under:
            after = game.successor(state, a)
            r2 = NEXT[a.lev][_direction(a.frm, a.to)]
            if (not allowed or r2 not in after.rocks or a.to == a.lev
                    or a.lev not in _troll_squares(after)):
                return _refute(game, state, "a rock under a troll is levitated "
                               f"({'wrongly' if allowed else 'under rock-under-troll = forbidden'})",
                               a)
        if a.pull:
            behind = NEXT[a.frm][_opposite(_direction(a.frm, a.to))]
            if behind in under:
                after = game.successor(state, a)
                if not allowed or a.frm not in after.rocks or behind not in _troll_squares(after):
                    return _refute(game, state, "a rock under a troll is pulled "
                                   f"({'wrongly' if allowed else 'under rock-under-troll = forbidden'})",
                                   a)
    if not allowed or state.throw_from != OFF or state.over:
        return None
    s, t, _ = state.pieces[p]
    if s != OFF and state.lev is Lev.UNUSED:
        reference = Reference(game)
        cells = reference.cells(state)
        for r in sorted(under):
            if not reference.may_levitate(state, cells, r, s):
                continue
            for d in range(4):
                y, r2 = NEXT[s][d], NEXT[r][d]
                if y == OFF or y in occupied or r2 == OFF or (r2 in occupied and r2 != s):
                    continue
                if r2 == s and game.reading("levitate-behind") != "allowed":
                    continue
                a = Step(p, s, y, lev=r)
                if a not in legal or game.violation(state, a) is not None:
                    return _refute(game, state, "a rock under a troll cannot be levitated", a)
    if t != OFF and t not in state.rocks:
        for d in range(4):
            y, behind = NEXT[t][d], NEXT[t][_opposite(d)]
            if y == OFF or y in occupied or behind not in under:
                continue
            a = Step(p, t, y, pull=True)
            if a not in legal or game.violation(state, a) is not None:
                return _refute(game, state, "a rock under another troll cannot be pulled", a)
    return None


@theorem(
    "splut.rock-under-troll",
    lambda game: (
        "Under blocked-throw = rock-stays a rock can lie under a troll. Under rock-under-troll "
        "= forbidden no legal step levitates it or pulls it while the troll stands on it; "
        "under rock-under-troll = allowed ('Een tovenaar kan rotsen laten zweven'; a troll "
        "'kan een rots van een aangrenzend vak ... trekken') it is a rock like any other: a "
        "sorcerer that has not levitated yet this turn may levitate it wherever the other "
        "levitation readings let it start levitating a rock on that square (not the previous "
        "player's; levitate-start, levitate-any-rock and previous-and-this-turn as the game "
        "reads them), with "
        "every step onto a free square that moves the rock onto a free square — afterwards "
        "the rock lies one square the sorcerer's way and the troll stays —, and a troll not "
        "standing on a rock may pull it with every step onto a free square straight away from "
        "it — afterwards the rock lies on the square that troll left and the other troll "
        "stays; the sorcerer never enters the troll's square. Under both readings a troll "
        "standing on a rock pulls no other rock onto its square. Exhaustive over every "
        "state with a rock under a troll within two actions of six seed positions, 2 "
        "players: the rock under the troll of the player to move and under another "
        "player's, next to the sorcerer to move, at a turn's first step and later; the family must hold the mover's troll "
        "resting on a rock with a rock straight behind it, and under allowed such "
        "levitations and pulls. "
        + under_readings(game, ("rock-under-troll",))
    ),
    clauses=("splut.tovenaar.zweven", "splut.trol.trekken", "splut.tovenaar.vorige-speler"),
    method="exhaustive",
    fails_with=f"{CLAUSE_TESTS}::test_rock_under_troll_theorem_catches_both_ways",
    depends_on=("rock-under-troll", "blocked-throw", "levitate-any-rock", "levitate-start",
                "previous-and-this-turn", "levitate-behind"),
)
def check_under_troll(game: Splut, states: Callable[[Splut], Iterable[State]] | None = None
                      ) -> Result:
    """Exhaustive over every state with a rock under a troll within two actions of UNDER_SEEDS,
    made under blocked-throw = rock-stays and the game's reading of rock-under-troll: the game's
    legal actions and successors satisfy ``under_troll_mismatch``, and on each of those states the
    whole game agrees with the independent reading (``transition_mismatch``: the legality
    predicate on every candidate, every successor)."""
    readings = {k: v for k, v in game.readings.items() if k != "splut.interp.player-count"}
    readings["splut.interp.blocked-throw"] = "rock-stays"
    g = type(game)(players=2, readings=readings)
    allowed = g.reading("rock-under-troll") == "allowed"
    found = list(states(g) if states is not None else under_troll_states(g))
    if not found:
        return Result.unknown("no state with a rock under a troll was reached")
    asked = sum(_resting_pull_asked(s) for s in found)
    if not asked:
        return Result.unknown("the family has no troll of the player to move resting on a rock "
                              "with a rock straight behind it")
    witnesses = 0
    reference = Reference(g)
    for state in found:
        wrong = under_troll_mismatch(g, state, allowed) or transition_mismatch(g, state, reference)
        if wrong is not None:
            return wrong
        under = _under(state)
        witnesses += sum(
            1 for a in g.legal_actions(state) if isinstance(a, Step) and (
                a.lev in under
                or (a.pull and NEXT[a.frm][_opposite(_direction(a.frm, a.to))] in under))
        )
    if allowed and not witnesses:
        return Result.unknown("the family has no levitation or pull of a rock under a troll")
    mine = sum(_resting(s, s.to_move) for s in found)
    return Result.proved(f"{len(found)} states with a rock under a troll, every legal action "
                         f"({witnesses} levitations and pulls of such a rock; the troll of the "
                         f"player to move resting on it in {mine} states, another player's in "
                         f"{len(found) - mine}; {asked} where a resting troll has a rock "
                         "straight behind it and a free square ahead)")


def _resting(state: State, p: int) -> bool:
    t = state.pieces[p][Piece.TROLL]
    return t != OFF and t in state.rocks and t != state.throw_from


def _resting_pull_asked(state: State) -> bool:
    """The troll of the player to move rests on a rock with a rock straight behind it and a free
    square ahead: where a pull would be asked for."""
    p = state.to_move
    if state.throw_from != OFF or state.over or not _resting(state, p):
        return False
    t = state.pieces[p][Piece.TROLL]
    occupied = _occupied(state)
    return any(y != OFF and y not in occupied and NEXT[t][_opposite(d)] in state.rocks
               for d, y in enumerate(NEXT[t]))



# -- each piece's powers, clause by clause -----------------------------------------------------
def _column_row(x: int) -> tuple[int, int]:
    """A square's column (a = 1) and row, read from its name (not from the neighbour table)."""
    name = NAMES[x]
    return "abcdefghi".index(name[0]) + 1, int(name[1:])


def _kind(state: State, x: int) -> str:
    """What stands on square x: "" empty, "R" a rock, "S"/"T"/"D" plus the owner (a piece on a rock
    shows the piece)."""
    for p, trio in enumerate(state.pieces):
        for k, y in enumerate(trio):
            if y == x:
                return "STD"[k] + str(p)
    return "R" if x in state.rocks else ""


def _pieces_on_board(state: State) -> set[tuple[int, int]]:
    return {(p, k) for p, trio in enumerate(state.pieces) for k, x in enumerate(trio) if x != OFF}


Predicate = Callable[[Splut, State, "frozenset[Any]"], "tuple[str, Any] | None"]


def clause_family(game: Splut) -> list[State]:
    """The positions the clause predicates are checked on: every state within two actions of the
    seed positions of the transition theorems (four of the start), which put each power — pulls,
    throws and kills, SPLUT! on a dwarf, pushes, levitation and its bookkeeping — within reach."""
    return family(game, 2, start_depth=4)


def check_clause(game: Splut, theorem_id: str,
                 states: Callable[[Splut], Iterable[State]] = clause_family) -> Result:
    """Exhaustive: the predicate of ``theorem_id`` holds on every state of the family of the game
    (its player count and readings), with the game's own legal actions and successors; and the
    family reaches what the predicate speaks of (``WITNESSES``), else the result is UNKNOWN."""
    predicate, _ = CLAUSE_PREDICATES[theorem_id]
    what, witness = WITNESSES[theorem_id]
    found = list(states(game))
    reached = 0
    for state in found:
        if state.over:
            continue
        legal = frozenset(game.legal_actions(state))
        wrong = predicate(game, state, legal)
        if wrong is not None:
            return _refute(game, state, wrong[0], wrong[1])
        reached += witness(game, state, legal)
    if not reached:
        return Result.unknown(f"the family of {len(found)} states reaches no {what}")
    return Result.proved(f"{len(found)} states, every legal action ({reached} {what}; "
                         f"{shapes(game, found)})")


#: The clause predicates, by theorem id: (predicate, clauses), in the order they are declared
#: (``clause_predicate``).
CLAUSE_PREDICATES: dict[str, tuple[Predicate, tuple[str, ...]]] = {}


def clause_predicate(
    theorem_id: str, clauses: tuple[str, ...], readings: tuple[str, ...] = ()
) -> Callable[[Predicate], Predicate]:
    """Declare theorem ``theorem_id`` on a clause predicate: its docstring, for the game's player
    count and ``readings`` (the interpretations it depends on), is the statement; the check is
    ``check_clause``, which runs it over every state of the clause family (the declarations of the
    clause theorems are stacked on ``check_clause``, in the order of the predicates)."""

    def statement(predicate: Predicate, game: Splut) -> str:
        return ((predicate.__doc__ or "").strip() + " Exhaustive over every state within two "
                "actions of the seed positions (four of the start), "
                f"{game.num_players} players. " + under_readings(game, readings))

    def mark(predicate: Predicate) -> Predicate:
        CLAUSE_PREDICATES[theorem_id] = (predicate, clauses)
        theorem(
            theorem_id, functools.partial(statement, predicate), clauses=clauses,
            method="exhaustive", call=lambda check, game: check(game, theorem_id),
            fails_with=f"{CLAUSE_TESTS}::test_clause_theorem_catches_a_broken_rule[{theorem_id}]",
            depends_on=("players", *readings),
        )(check_clause)
        return predicate

    return mark


@clause_predicate(
    "splut.own-pieces",
    ("splut.zet.stukken", "splut.zet.verdelen", "splut.zet.voorbeeld",
     "splut.beweging.eigen-team", "splut.rotsen.niemand"),
    readings=("step-pieces", "occupied-exceptions"),
)
def steps_of_own_pieces(game: Splut, state: State, legal: frozenset[Any]) -> tuple[str, Any] | None:
    """"Bij elke zet moet je ALTIJD de bewegingen maken met een van de drie stukken" and "Je kunt de
    bewegingen naar eigen inzicht over de stukken verdelen"; "Je bestuurt alleen de drie leden van
    je team"; "De rotsen behoren toe aan geen enkele speler": every legal step is made by the
    player to move with one of its own pieces, from that piece's square, which is on the step's
    square afterwards (a sorcerer's or troll's step moves no other piece); no step starts from a
    rock; and at any point of a turn (no throw pending) every one of the player's pieces may step
    onto every free neighbouring square — whichever pieces made the earlier steps."""
    p = state.to_move
    own = [x for x in state.pieces[p] if x != OFF]
    for a in legal:
        if not isinstance(a, Step):
            continue
        if a.player != p or a.frm not in own:
            return "a step by a piece that is not the mover's own", a
        k = state.pieces[p].index(a.frm)
        after = game.successor(state, a)
        if after.pieces[p][k] != a.to:
            return "the stepping piece is not on the step's square afterwards", a
        if k != Piece.DWARF and any(after.pieces[q][j] != state.pieces[q][j]
                                    for q, j in _pieces_on_board(state) if (q, j) != (p, k)):
            return "a sorcerer's or troll's step moves another piece", a
    if state.throw_from != OFF:
        return None
    occupied = _occupied(state)
    for x in own:
        for y in NEXT[x]:
            if y != OFF and y not in occupied and Step(p, x, y) not in legal:
                return "a piece of the mover cannot step onto a free neighbour", Step(p, x, y)
    return None


@clause_predicate(
    "splut.pull-optional",
    ("splut.trol.trekken", "splut.trol.trekken-recht", "splut.trol.trekken-optioneel",
     "splut.voorbeeld.trekken", "splut.voorbeeld.trekken-een-beweging"),
    readings=("pull-and-throw", "pull-straight"),
)
def pull_is_optional(game: Splut, state: State, legal: frozenset[Any]) -> tuple[str, Any] | None:
    """"Wanneer hij beweegt, kan hij een rots van een aangrenzend vak naar het vak waar hij stond
    trekken", "Je kunt alleen een rots trekken die in een rechte lijn staat met een trol", "(Trekken
    is optioneel.)", "(Deze actie telt als één beweging.)": a troll's pulling step is legal only
    with a rock straight behind the troll; the same step without the pull is legal too; the pulled
    rock is then on the square the troll left, everything else is as after the plain step — the
    steps left, the turn and the player to move included: the pull is part of the one step."""
    for a in legal:
        if not (isinstance(a, Step) and a.pull):
            continue
        plain = Step(a.player, a.frm, a.to)
        behind = NEXT[a.frm][_opposite(_direction(a.frm, a.to))]
        if behind not in state.rocks:
            return "a pull with no rock straight behind the troll", a
        if plain not in legal:
            return "a pulling step whose plain step is not legal (the pull is not optional)", a
        after, without = game.successor(state, a), game.successor(state, plain)
        moved = tuple(sorted(a.frm if r == behind else r for r in without.rocks))
        if (after.rocks != moved or after.pieces != without.pieces
                or (after.turn, after.steps_left, after.to_move, after.throw_from)
                != (without.turn, without.steps_left, without.to_move, without.throw_from)):
            return "the pull is not the plain step plus the rock behind into the square left", a
    return None


@clause_predicate(
    "splut.throw-at-once",
    ("splut.trol.werpen", "splut.trol.werpen-einde", "splut.voorbeeld.werpen",
     "splut.woorden.werpen", "splut.woorden.trol"),
    readings=("blocked-throw", "throw-step"),
)
def throw_at_once(game: Splut, state: State, legal: frozenset[Any]) -> tuple[str, Any] | None:
    """"Wanneer een trol naar een vak met een rots beweegt, werpt hij die onmiddellijk", "Werpen
    geeft de beurt meteen door": after a troll's step onto a rock lying free, the only legal
    actions are that player's throws (at least one); after a throw, a new turn begins — with the
    next player, or the game is over."""
    for a in legal:
        if isinstance(a, Step) and a.frm == state.pieces[a.player][Piece.TROLL] \
                and _kind(state, a.to) == "R":
            after = game.successor(state, a)
            nxt = game.legal_actions(after)
            if after.throw_from != a.to or not nxt or any(
                not isinstance(b, Throw) or b.player != a.player for b in nxt
            ):
                return "a troll's step onto a rock is not followed by its throw", a
        if isinstance(a, Throw):
            after = game.successor(state, a)
            alone = sum(t[0] != OFF for t in after.pieces) <= 1
            if after.throw_from != OFF or after.turn != state.turn + 1 or not (
                after.over or alone or after.to_move != a.player
            ):
                return "a throw does not pass the turn at once", a
    return None


@clause_predicate(
    "splut.turn-passes",
    ("splut.verloop.klok", "splut.zet.afwisselen", "splut.winnen.team-weg",
     "splut.splut.team", "splut.trol.werpen-einde"),
    readings=("seating", "no-legal-step", "previous-player-eliminated"),
)
def turn_passes_left(game: Splut, state: State, legal: frozenset[Any]) -> tuple[str, Any] | None:
    """"Wanneer een speler zijn zet voltooit, gaat de beurt verder bij de speler links van hem",
    "Telkens wanneer een tovenaar sterft, wordt het hele team uit de arena ... verwijderd": after
    every legal action that ends a turn — the last step, a throw (a kill included), a pass — and
    does not end the game, the player to move is the next one to the mover's left (seats and left
    from the rulebook's facts) whose team is still on the board, and every other team — the
    crushed one excepted — still has its sorcerer."""
    from castlerules.splut.theorems.setup import next_seat

    for a in legal:
        after = game.successor(state, a)
        if after.turn == state.turn or after.over:
            continue
        alive = [q for q, trio in enumerate(after.pieces) if trio[Piece.SORCERER] != OFF]
        want = next_seat(game, a.player, alive)
        if after.to_move != want:
            return (f"after this turn player {after.to_move} moves; the rulebook says player "
                    f"{want}, the next to the left with a team on the board"), a
    return None


@clause_predicate(
    "splut.throw-crushes",
    ("splut.werpen.vlucht", "splut.werpen.rand", "splut.werpen.trol", "splut.werpen.rots",
     "splut.werpen.tovenaar", "splut.splut.dwerg", "splut.splut.team",
     "splut.splut.rots-blijft", "splut.voorbeeld.werpen-splut", "splut.woorden.dwerg",
     "splut.woorden.obstakel", "splut.woorden.doelwit"),
    readings=("throw-own-sorcerer", "blocked-throw", "rocks-stay"),
)
def throw_lands(game: Splut, state: State, legal: frozenset[Any]) -> tuple[str, Any] | None:
    """"De vliegende rots gaat over lege vakken (en over de dwergen) tot hij een obstakel of een
    doelwit raakt", "Trols, andere rotsen en de rand van het spelbord zijn obstakels", "Tovenaars
    zijn doelwitten", "Met een obstakel in de rug kan elke geworpen rots een dwerg verpletteren",
    "SPLUT! De rots valt op de tovenaar": for every legal throw, walking the line square by square
    (written here from the clauses), the rock lies afterwards on the first sorcerer it meets, or
    else on the last square before an obstacle or the edge (it stays with the troll when there is
    none); a sorcerer there leaves with its whole team, a dwarf there alone; every other piece
    stays; four rocks remain. (Under throw-own-sorcerer = obstacle the thrower's sorcerer is an
    obstacle.)"""
    own_obstacle = game.reading("throw-own-sorcerer") == "obstacle"
    for a in legal:
        if not isinstance(a, Throw):
            continue
        q, p = state.throw_from, a.player
        land = None
        for c in LINE[q][int(a.direction)]:
            what = _kind(state, c)
            if what == "R" or what[:1] == "T" or (what == f"S{p}" and own_obstacle):
                break
            land = c
            if what[:1] == "S":
                break
        after = game.successor(state, a)
        rocks = sorted(state.rocks) if land is None else sorted(
            land if r == q else r for r in state.rocks)
        hit = _kind(state, land) if land is not None else ""
        gone = ({(int(hit[1:]), k) for k in range(3)} if hit[:1] == "S"
                else {(int(hit[1:]), Piece.DWARF)} if hit[:1] == "D" else set())
        if list(after.rocks) != rocks or len(after.rocks) != 4:
            return f"the rock does not land on {NAMES.get(land, 'the troll') if land else 'the troll'}", a
        for q2, k in _pieces_on_board(state):
            if ((q2, k) in gone) != (after.pieces[q2][k] == OFF) or (
                (q2, k) not in gone and after.pieces[q2][k] != state.pieces[q2][k]
            ):
                return "the pieces crushed by the throw are not the ones the clauses name", a
    return None


@clause_predicate(
    "splut.levitation-blocked",
    ("splut.tovenaar.blokkeren", "splut.trol.werpen-zweven-verbod",
     "splut.dwerg.blokkeert-zweven", "splut.tovenaar.niet-doden", "splut.woorden.zweven"),
    readings=("levitate-behind", "levitate-blocked", "levitate-ahead"),
)
def levitation_blocked(game: Splut, state: State, legal: frozenset[Any]
                       ) -> tuple[str, Any] | None:
    """"Obstakels, doelwitten en dwergen blokkeren zwevende rotsen", "je kunt een rots niet naar
    een vak laten zweven dat al door een trol bezet is", "Je kunt rotsen niet naar een vak laten
    zweven waar een dwerg staat", "Je kunt een vijandige tovenaar niet doden door een rots tegen
    hem te laten zweven", "De zwevende rots heeft geen vaart om kwaad te doen": after every legal
    levitating step the rock lies one square the sorcerer's way, on a square that held nothing — or
    the square the sorcerer left (levitate-behind = allowed) —, never a troll's, a dwarf's, another
    sorcerer's or a rock's; or (levitate-blocked = rock-stays, levitation under way) it stays where
    it was; no piece leaves the board and only the sorcerer moves."""
    behind_ok = game.reading("levitate-behind") == "allowed"
    for a in legal:
        if not (isinstance(a, Step) and a.lev != OFF):
            continue
        r2 = NEXT[a.lev][_direction(a.frm, a.to)]
        after = game.successor(state, a)
        if r2 != OFF and r2 in after.rocks and a.lev not in after.rocks:
            what = _kind(state, r2)
            if what and not (r2 == a.frm and behind_ok):
                return f"a levitated rock enters {NAMES[r2]}, which holds {what}", a
        elif not (state.lev is Lev.ACTIVE and game.reading("levitate-blocked") == "rock-stays"
                  and list(after.rocks) == list(state.rocks)):
            return "a levitated rock does not move one square the sorcerer's way", a
        p = a.player
        if any(after.pieces[q][k] != state.pieces[q][k]
               for q, k in _pieces_on_board(state) if (q, k) != (p, Piece.SORCERER)):
            return "levitation moves or removes a piece", a
    return None


@clause_predicate(
    "splut.levitation-follows",
    ("splut.tovenaar.zweven", "splut.tovenaar.voorbeeld", "splut.tovenaar.doorgaan",
     "splut.voorbeeld.zweven", "splut.voorbeeld.zweven-stappen"),
    readings=("levitate-behind", "levitate-any-rock", "levitate-start"),
)
def levitation_follows(game: Splut, state: State, legal: frozenset[Any]
                       ) -> tuple[str, Any] | None:
    """"Een tovenaar kan rotsen laten zweven ... De zwevende rots volgt dezelfde richting als de
    beweging van de tovenaar", "Wanneer je een rots begint te laten zweven, kun je daarmee doorgaan
    tijdens de volgende bewegingen in je beurt", "Een tovenaar verplaatst zich (één, twee of drie
    vakken) en de rots volgt dezelfde bewegingen": after a levitating step the rock is the
    levitated one of the turn (if the turn goes on); and while a levitation is under way, every step of the sorcerer
    onto a free square that moves the rock onto a free square may take the rock along."""
    for a in legal:
        if isinstance(a, Step) and a.lev != OFF:
            after = game.successor(state, a)
            if after.turn == state.turn and (after.lev is not Lev.ACTIVE
                                             or after.lev_rock not in after.rocks):
                return "a levitating step does not keep the rock levitated", a
    if state.lev is not Lev.ACTIVE or state.throw_from != OFF or state.over:
        return None
    p, r = state.to_move, state.lev_rock
    s = state.pieces[p][Piece.SORCERER]
    occupied = _occupied(state)
    behind_ok = game.reading("levitate-behind") == "allowed"
    for d in range(4):
        y, r2 = NEXT[s][d], NEXT[r][d]
        if y == OFF or y in occupied or r2 == OFF:
            continue
        if r2 in occupied and not (r2 == s and behind_ok):
            continue
        if Step(p, s, y, lev=r) not in legal:
            return "the levitation cannot go on with the sorcerer's next step", Step(p, s, y, lev=r)
    return None


@clause_predicate(
    "splut.orthogonal",
    ("splut.beweging.orthogonaal", "splut.beweging.aangrenzend",
     "splut.woorden.aangrenzend", "splut.woorden.beweging"),
)
def orthogonal_steps(game: Splut, state: State, legal: frozenset[Any]) -> tuple[str, Any] | None:
    """"Alle stukken bewegen één vak horizontaal of verticaal. Diagonale bewegingen zijn niet
    toegestaan", "Aangrenzend: Vakken die naast elkaar liggen, maar niet diagonaal": every legal
    step goes to a square one column or one row away (by the squares' names, not the game's
    neighbour table), and no step of an own piece to a diagonal square is legal."""
    for a in legal:
        if isinstance(a, Step):
            (c1, r1), (c2, r2) = _column_row(a.frm), _column_row(a.to)
            if abs(c1 - c2) + abs(r1 - r2) != 1:
                return "a step that is not one square horizontally or vertically", a
    p = state.to_move
    for x in state.pieces[p]:
        if x == OFF:
            continue
        c, r = _column_row(x)
        for y in NAMES:
            cy, ry = _column_row(y)
            if abs(cy - c) == 1 and abs(ry - r) == 1:
                a = Step(p, x, y)
                if a in legal or game.violation(state, a) is None:
                    return "a diagonal step is legal", a
    return None




def _pulls(game: Splut, state: State, legal: frozenset[Any]) -> int:
    return sum(1 for a in legal if isinstance(a, Step) and a.pull)


def _pickups(game: Splut, state: State, legal: frozenset[Any]) -> int:
    return sum(1 for a in legal if isinstance(a, Throw)) if state.throw_from != OFF else 0


def _kills(game: Splut, state: State, legal: frozenset[Any]) -> int:
    """Throws that crush a sorcerer or a dwarf."""
    before = _pieces_on_board(state)
    return sum(1 for a in legal if isinstance(a, Throw)
               and _pieces_on_board(game.successor(state, a)) != before)


def _turn_ends(game: Splut, state: State, legal: frozenset[Any]) -> int:
    return sum(1 for a in legal if game.successor(state, a).turn != state.turn)


def _levitations(game: Splut, state: State, legal: frozenset[Any]) -> int:
    return sum(1 for a in legal if isinstance(a, Step) and a.lev != OFF)


def _going_on(game: Splut, state: State, legal: frozenset[Any]) -> int:
    return int(state.lev is Lev.ACTIVE) * _levitations(game, state, legal)


def _mid_turn(game: Splut, state: State, legal: frozenset[Any]) -> int:
    return int(state.steps_left < game.steps_in_turn(state.turn) and state.throw_from == OFF)


def _steps(game: Splut, state: State, legal: frozenset[Any]) -> int:
    return sum(1 for a in legal if isinstance(a, Step))


#: What the family must reach for each clause predicate to speak of something (counted over it):
#: a statement whose subject the family never reaches is UNKNOWN, not PROVED.
WITNESSES: dict[str, tuple[str, Callable[[Splut, State, frozenset[Any]], int]]] = {
    "splut.own-pieces": ("states in the middle of a turn", _mid_turn),
    "splut.pull-optional": ("legal pulls", _pulls),
    "splut.throw-at-once": ("throws after a troll's step onto a rock", _pickups),
    "splut.turn-passes": ("actions that end a turn", _turn_ends),
    "splut.throw-crushes": ("throws that crush a sorcerer or a dwarf", _kills),
    "splut.levitation-blocked": ("legal levitating steps", _levitations),
    "splut.levitation-follows": ("levitating steps of a levitation under way", _going_on),
    "splut.orthogonal": ("legal steps", _steps),
}
