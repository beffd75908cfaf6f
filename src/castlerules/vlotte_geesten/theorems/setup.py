"""Setting up: the players, the box, the supply, who rolls first (vg.spel.spelers,
vg.voorbereiding.inhoud, vg.voorbereiding.voorraad, vg.voorbereiding.eerste-speler; interpretation
vg.interp.first-player)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import attrs

from castlerules.core.errors import InvalidStateError, RulesError
from castlerules.core.theorem import Result, Status, theorem
from castlerules.vlotte_geesten.notation import state_to_text
from castlerules.vlotte_geesten.state import Grab, Obj, Pass, State
from castlerules.vlotte_geesten.theorems.common import (
    FIRST_PLAYER,
    GRAB_PHASE,
    MULTI_GRAB,
    NO_POINTS,
    STATEMENT_TESTS,
    SUBSETS,
    TESTS,
    colour_pairs,
    fact,
    refuted_at,
    total_points,
    variant,
)
from castlerules.vlotte_geesten.theorems.reference import Box


@theorem(
    "vg.start",
    "For each player count, the game starts with the 35 points of the box (a fact) in the "
    "supply, every score 0, an empty pot, nobody acting and the first player to roll: "
    "player 0 by default (the first-player reading), or each player given as first_player.",
    clauses=("vg.voorbereiding.inhoud", "vg.voorbereiding.voorraad",
             "vg.voorbereiding.eerste-speler", "vg.spel.spelers"),
    method="exhaustive",
    depends_on=("players", "first_player", FIRST_PLAYER),
    fails_with=f"{TESTS}::test_start_theorem_finds_a_point_too_many",
)
def check_start(game: Any) -> Result:
    """For the game's player count n and every first player (the default, then each of the n
    players given by ``first_player``): the game starts before the first roll with all the points of
    the box (the fact: 35) in the supply, n scores of 0, an empty pot and the first player holding
    the dice — player 0 unless another is given (the fact of the first-player reading)."""
    n = game.num_players
    total = total_points()
    options = {k: v for k, v in game.options.items() if k != "first_player"}
    default = type(game)(**{**options, "players": n})  # first_player not given
    givens = [(default, int(fact("first-player-default")))]
    givens += [(variant(game, players=n, first_player=f), f) for f in range(n)]
    for made, first in givens:
        start = made.initial_state()
        expected = State((0,) * n, total, 0, first)
        if start != expected or not made.is_chance(start) or made.is_terminal(start):
            return refuted_at(
                made, start, f"p{first} first: the start is {state_to_text(start)}, not "
                f"{state_to_text(expected)}", ("supply", f"p{first}"))
        if made.actors(start):
            return refuted_at(made, start, "somebody acts before the first roll")
    return Result.proved(f"{n} players, the default and each of the {n} first players")


@theorem(
    "vg.player-counts",
    "'Je speelt het met 2 tot 8 spelers': a game can be made for exactly 2 to 8 players "
    "(the fact; 0 to 10 tried), and a game made for n players has n.",
    clauses=("vg.spel.spelers",),
    method="exhaustive",
    fails_with=f"{STATEMENT_TESTS}::test_player_count_theorem_finds_a_ninth_player",
)
def check_player_counts(game: Any) -> Result:
    """'Je speelt het met 2 tot 8 spelers': the game can be made for exactly the player counts from
    the fewest to the most of the fact (tried from 0 to 10), and then has that many players."""
    low, high = fact("player-counts")
    for n in range(0, 11):
        try:
            made = variant(game, players=n, first_player=0)
        except RulesError:
            if low <= n <= high:
                return Result.refuted(f"a {n}-player game cannot be made")
            continue
        if not low <= n <= high:
            return Result.refuted(f"a {n}-player game can be made")
        if made.num_players != n or len(made.initial_state().scores) != n:
            return Result.refuted(f"a game made for {n} players has {made.num_players}")
    return Result.proved(f"exactly {low} to {high} players")


@theorem(
    "vg.seats",
    "For each player count n and every roller: after a roll all n players, the roller "
    "too, may act, each with a pass and a grab of every set of the five objects; a roll "
    "shows the five dice of the box; a player numbered n or more is refused with "
    "vg.spel.spelers.",
    clauses=("vg.spel.spelers", "vg.spel.gooier-grijpt-mee", "vg.spel.worp",
             "vg.voorbereiding.inhoud"),
    method="exhaustive",
    depends_on=("players",),
    fails_with=f"{STATEMENT_TESTS}::test_seat_theorem_finds_the_roller_left_out",
)
def check_seats(game: Any) -> Result:
    """For the game's player count n and every roller: after the roll every one of the n players —
    the roller too — may act, each with a pass and a grab of every set of the objects of the box
    (the fact: five); a roll shows as many dice as the box holds (five); a player numbered n or
    more is refused with vg.spel.spelers."""
    n = game.num_players
    objects, dice = int(fact("objects-in-the-box")), int(fact("dice-in-the-box"))
    box = Box(game)
    faces: Any = box.rolls[0]
    if len(faces) != dice:
        return Result.refuted(f"a roll shows {len(faces)} dice, not {dice}")
    grabs = (1 << objects) - 1
    for roller in range(n):
        state = State(tuple(1 for _ in range(n)), total_points() - n - 1, 1, roller, faces)
        if set(game.actors(state)) != set(range(n)):
            return box.refuted(state, f"the players who may act after p{roller}'s roll are "
                               f"{sorted(game.actors(state))}, not all {n}", (f"p{roller}",))
        for p in range(n):
            own = game.legal_actions_of(state, p)
            seen = {frozenset(a.objects) for a in own if isinstance(a, Grab)}
            if Pass(p) not in own or len(seen) != grabs or set().union(*seen) != set(Obj):
                return box.refuted(state, f"p{p} may not pass or grab every set of objects "
                                   f"({len(seen)} grabs)", (f"p{p}",))
        if game.legal_actions_of(state, n) or game.legal_actions_of(state, n + 3):
            return box.refuted(state, f"a player numbered {n} or more has legal actions")
        for action in (Pass(n), Grab(n, frozenset({Obj.CHAIR})), Pass(n + 3)):
            v = game.violation(state, action)
            if v is None or v.clause != "vg.spel.spelers":
                return box.refuted(state, f"{game.action_to_str(state, action)} is not refused "
                                   "with vg.spel.spelers")
    return Result.proved(f"{n} players, each roller")


# -- which positions and options the game accepts ------------------------------------------------


def _accepts(game: Any, state: State) -> bool:
    try:
        game.validate_state(state)
    except InvalidStateError:
        return False
    return True


def _round_shapes(box: Box) -> Iterator[State]:
    """Every round state the positions statement tries (the first roll, the first score profile):
    every order of acting of fewer than all players — for more than three players nobody, each
    single player and each run of all but one —, every ordered list of at most two wrong grabbers
    (three for three players), every set of grabbed objects."""
    n = box.n
    scores, supply, pot, roller = box.profiles()[0]
    faces = box.rolls[0]
    if n <= 3:
        actings: list[tuple[int, ...]] = [a for k in range(n)
                                          for a in itertools.permutations(range(n), k)]
    else:
        actings = [(), *((p,) for p in range(n)),
                   *(tuple((s + i) % n for i in range(n - 1)) for s in range(n))]
    wrongs = [w for j in range(min(n, 3) + 1) for w in itertools.permutations(range(min(n, 3)), j)]
    for acted in actings:
        for wrong in wrongs:
            for grabbed in (frozenset(), *SUBSETS):
                yield State(scores, supply, pot, roller, faces, acted, grabbed, wrong)  # type: ignore[arg-type]


def _corruptions(game: Any, box: Box, state: State) -> Iterator[tuple[str, State, bool]]:
    """Changes of ``state`` that each break one rule about the numbers and the players, with
    whether the rules refuse the result: (what is broken, the state, refused)."""
    n = game.num_players
    total = total_points()
    debt = game.reading(NO_POINTS) == "debt"
    def new(**changes: Any) -> State:
        return attrs.evolve(state, **changes)

    yield "a score for a player who is not at the table", new(scores=(*state.scores, 0)), True
    if state.scores[0] >= 0:
        gap = state.scores[0] + 1
        yield ("a score below zero ('vg.interp.penalty-no-points': only a debt may make one)",
               new(scores=(-1, *state.scores[1:]), supply=state.supply + gap), not debt)
    yield ("a supply below zero", new(supply=-1, pot=state.pot + state.supply + 1), True)
    yield ("a pot below zero", new(pot=-1, supply=state.supply + state.pot + 1), True)
    yield f"a point more than the box's {total}", new(supply=state.supply + 1), True
    if state.supply > 0 and state.dice is None:
        yield ("points in the pot when the supply is empty (the game is over)",
               new(supply=0, pot=state.pot + state.supply), state.pot + state.supply > 0)
    yield "the dice with a player who is not at the table", new(roller=n), True
    if state.dice is None:
        if state.supply > 0:
            yield "an action before the roll", new(acted=(state.roller,)), True
            yield ("a wrong grab before the roll",
                   new(wrong=(state.roller,), grabbed=_free(state, 1)), True)
            impossible = next((f for f in itertools.product(Obj, repeat=5)
                               if f not in box.possible), None)
            if impossible is not None:
                yield "a roll the dice cannot show", new(dice=impossible), True
        else:
            yield "a roll after the end", new(dice=box.rolls[0]), True
        return
    if state.acted:
        yield "a player who acts twice", new(acted=(*state.acted, state.acted[0])), True
    yield "an action of a player who is not at the table", new(acted=(*state.acted, n)), True
    rest = tuple(p for p in range(n) if p not in state.acted)
    yield "a round everybody has acted in, not settled", new(acted=(*state.acted, *rest)), True
    if state.wrong:
        yield ("a wrong grabber listed twice", new(wrong=(*state.wrong, state.wrong[0])), True)
    yield ("a wrong grabber who is not at the table",
           new(wrong=(*state.wrong, n), grabbed=state.grabbed | _free(state, 1)), True)


def _free(state: State, k: int) -> frozenset[Obj]:
    return frozenset(sorted(o for o in Obj if o not in state.grabbed)[:k])


#: Dice that cannot show every roll (each die lacks the book): a roll with a book is no roll of
#: theirs.
BOOKLESS = ("chair", "ghost", "ghost", "mouse", "bottle", "bottle")


@theorem(
    "vg.positions",
    "The game accepts exactly the positions play can reach: a round state — who has "
    "acted, in which order, who grabbed wrongly, which objects are taken — exactly when "
    "play can reach it, under every option of the grab-phase and multi-grab readings "
    "(every shape for up to 3 players, a family for more); and refuses every change that "
    "breaks one rule: a "
    "score for nobody, a score below zero (unless penalty-no-points = debt), a supply or "
    "pot below zero, a point more than the box's 35 (a fact), a pot left when the supply "
    "is empty, the dice with nobody, an action or a wrong grab before the roll, a roll "
    "the dice cannot show (dice without the book, too) or after the end, a player acting twice or not at the table, a round all have "
    "acted in, a wrong grabber twice or not at the table; a first player is one of the "
    "players ('wie begint', vg.voorbereiding.eerste-speler). Exhaustive.",
    clauses=("vg.spel.spelers", "vg.voorbereiding.inhoud", "vg.voorbereiding.eerste-speler",
             "vg.spel.een-voorwerp", "vg.spel.gooier-grijpt-mee", "vg.einde.voorraad-leeg"),
    method="exhaustive",
    depends_on=("players", "faces", FIRST_PLAYER, "vg.interp.dice-faces", GRAB_PHASE,
                MULTI_GRAB, NO_POINTS),
    all_options_of=(GRAB_PHASE, MULTI_GRAB),
    fails_with=f"{TESTS}::test_positions_theorem_catches_a_careless_validation",
)
def check_positions(game: Any) -> Result:
    """``check_positions_under`` for every option of the grab-phase and multi-grab readings (the
    game's other readings, dice and player count kept), and with dice that cannot show every
    roll."""
    details = []
    phases = [o.id for o in game.spec.interpretation(GRAB_PHASE).options if o.playable]
    multis = [o.id for o in game.spec.interpretation(MULTI_GRAB).options if o.playable]
    for phase, multi in itertools.product(phases, multis):
        made = variant(game, readings={GRAB_PHASE: phase, MULTI_GRAB: multi})
        found = check_positions_under(made)
        if found.status is not Status.PROVED:
            return found
        details.append(f"{phase}/{multi}")
    colours = [c for c, _ in colour_pairs()]
    found = check_positions_under(variant(game, faces={c: list(BOOKLESS) for c in colours}))
    if found.status is not Status.PROVED:
        return found
    return Result.proved(f"{found.detail.split(':')[0]}, under grab-phase/multi-grab "
                         f"{', '.join(details)} and with dice without the book")


def check_positions_under(game: Any) -> Result:
    """The game accepts exactly the positions play can reach, and exactly the first players at
    the table:

    - every round state of the box's shapes (``_round_shapes``: every order of acting, every list
      of wrong grabbers, every set of grabbed objects) is accepted exactly when the reference
      says play can reach it (``Reference.reachable``: the grab-phase and multi-grab readings);
    - every change of a chance, round or final state of the box that breaks one rule about the
      numbers and the players (``_corruptions``) is refused, as the rules and the
      penalty-no-points reading say, and the state itself is accepted;
    - ``first_player`` is accepted for each player at the table and refused for one who is not
      (-1, n) or is not a player number (True, "1")."""
    box = Box(game)
    ref = box.ref
    n = game.num_players
    shapes = accepted = 0
    for state in _round_shapes(box):
        shapes += 1
        want = ref.reachable(state)
        if _accepts(game, state) != want:
            return box.refuted(state, f"the game {'refuses' if want else 'accepts'} a round "
                               f"state play {'can' if want else 'cannot'} reach")
        accepted += want
    changes = 0
    bases = itertools.chain(box.chance_states(), box.round_states(rolls=1, profiles=1),
                            box.terminal_states())
    for base in bases:
        if not _accepts(game, base):
            return box.refuted(base, "the game refuses a position play can reach")
        for what, state, refused in _corruptions(game, box, base):
            changes += 1
            if _accepts(game, state) == refused:
                return box.refuted(state, f"{what}: the game "
                                   f"{'accepts' if refused else 'refuses'} it")
    options = {k: v for k, v in game.options.items() if k != "first_player"}
    for first in (*range(n), -1, n, True, "1"):
        try:
            type(game)(**{**options, "first_player": first})
        except RulesError:
            if first in range(n) and first is not True:
                return Result.refuted(f"first_player={first!r} is refused with {n} players")
            continue
        if first not in range(n) or first is True:
            return Result.refuted(f"first_player={first!r} is accepted with {n} players")
    return Result.proved(f"{n} players: {shapes} round states ({accepted} reachable), {changes} "
                         "changes that break a rule, first players -1 to n")
