"""A round: who may act, every transition, that it ends, who rolls next, and what the grab-phase reading
changes (vg.spel.*, vg.punten.gooier, vg.pot.iedereen-mis; interpretations vg.interp.grab-phase and
vg.interp.next-roller).

The exhaustive statements enumerate the box of ``reference.Box``: every reachable round state for up
to 3 players (4 under ``--deep``) and, for 4 to 8 players, the stated representative family; each is
made for every player count (``depends_on`` players), so the default run covers 2-8.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from castlerules.core.theorem import Result, Status, theorem
from castlerules.vlotte_geesten.notation import state_to_text
from castlerules.vlotte_geesten.state import Grab, Obj, Pass, Roll, State
from castlerules.vlotte_geesten.theorems.common import (
    GRAB_PHASE,
    MULTI_GRAB,
    NEXT_ROLLER,
    NO_POINTS,
    RECIPIENT,
    STATEMENT_TESTS,
    SUBSETS,
    TESTS,
    fact,
    names,
    over_options,
    reading,
    refuted_at,
    sibling,
    total_points,
    variant,
)
from castlerules.vlotte_geesten.theorems.points import POINT_CLAUSES
from castlerules.vlotte_geesten.theorems.reference import (
    Box,
    Reference,
    reference_answer,
    representative_rolls,
)

#: The clauses of a round.
ROUND_CLAUSES = (
    "vg.spel.worp",
    "vg.spel.gooier-grijpt-mee",
    "vg.spel.een-voorwerp",
    "vg.doel.punt",
    "vg.punten.gooier",
    "vg.pot.iedereen-mis",
)
#: The player count of the deep instance of a statement over the box (every reachable state).
DEEP_PLAYERS = 4
DEEP_BOX = f"every reachable round state for {DEEP_PLAYERS} players"


def box_text(game: Any) -> str:
    """The box of round states the statements about ``game`` quantify over, in words."""
    n = game.num_players
    box = ("every reachable round state" if n <= 3 else
           "a representative family of round states (nobody, each single player, or every run "
           "of n - 1 consecutive seats having acted — so every player is once the last to act; "
           "none, the first or the last of them wrong; the fewest objects or those and the answer "
           "grabbed, or none (a grab of several objects that went back); the first roll: the code "
           "paths are those of 2-3 players, with longer tuples)")
    return f"{box} for {n} players"


def in_box(template: str) -> Callable[[Any], str]:
    """The statement ``template`` about the box of a game (its ``{box}``)."""
    return lambda game: template.format(box=box_text(game))


def deep_instance(check: Callable[..., Result], game: Any) -> Result:
    """``check`` over every reachable round state of the game for ``DEEP_PLAYERS`` players."""
    return check(sibling(game, DEEP_PLAYERS), full=DEEP_PLAYERS)


# -- who may act: legality over the box ----------------------------------------------------------


LEGAL_ACTIONS = (
    "In {box}, before every roll and at the end: the game accepts the position, allows "
    "exactly the actions the rulebook allows (one grab or pass per player per roll, not an "
    "object already grabbed, a grab of several objects only as the multi-grab reading "
    "allows, nobody before the roll, no roll during a round), refuses the others with the "
    "clause they break, and lets exactly the players still in the round act — the roller "
    "too."
)


@theorem(
    "vg.legal-actions", in_box(LEGAL_ACTIONS),
    clauses=ROUND_CLAUSES, method="exhaustive",
    depends_on=("players", *(GRAB_PHASE, MULTI_GRAB)),
    fails_with=f"{TESTS}::test_legal_actions_theorem_finds_a_second_grab",
)
@theorem(
    "vg.legal-actions-4", LEGAL_ACTIONS.format(box=DEEP_BOX),
    clauses=ROUND_CLAUSES, method="exhaustive", call=deep_instance, deep=True,
    depends_on=(GRAB_PHASE, MULTI_GRAB),
    fails_with=f"{TESTS}::test_legal_actions_theorem_finds_a_second_grab",
)
def check_legal_actions(game: Any, full: int = 3) -> Result:
    """For every state of the box and every action tried: the game accepts the position (it is
    reachable), its ``violation`` agrees with the reference (legal, or the same clause),
    ``legal_actions`` lists exactly the legal ones once (as many as the reference counts: a pass and
    a grab of every set of free objects for each player still in), ``actors`` are exactly the
    players still to act (the roller too), ``legal_actions_of`` gives each player's own. Legality
    depends on the dice only through whether they have been rolled, so one roll and one score
    profile suffice for round states; chance and end states use every profile."""
    ref = Reference(game)
    box = Box(game, full=full)
    for state in box.unaccepted():
        return box.refuted(state, "the game refuses a position play can reach")
    checked = 0
    states = itertools.chain(box.round_states(rolls=1, profiles=1), box.chance_states(),
                             box.terminal_states())
    for state in states:
        actions = box.actions(state)
        legal = game.legal_actions(state)
        if len(set(legal)) != len(legal):
            return box.refuted(state, "legal_actions lists an action twice")
        if set(game.actors(state)) != ref.actors(state):
            return box.refuted(state, f"the players who may act are {sorted(game.actors(state))}, "
                               f"not {sorted(ref.actors(state))}")
        legal_set = set(legal)
        for action in actions:
            expected = ref.clause(state, action)
            found = game.violation(state, action)
            if (found is None) != (expected is None) or (found and found.clause != expected):
                got = "legal" if found is None else found.clause
                return box.refuted(
                    state, f"{game.action_to_str(state, action)}: the game says {got}, the "
                    f"rulebook {expected or 'legal'}", names(action))
            if (expected is None) != (action in legal_set):
                return box.refuted(state, f"{game.action_to_str(state, action)} is "
                                   f"{'missing from' if expected is None else 'wrongly in'} "
                                   "legal_actions", names(action))
            checked += 1
        if state.dice is not None and state.supply > 0:
            free = 5 - len(state.grabbed)
            # a pass and a grab of every set of free objects, or (refused) of each free object
            grabs = free if ref.multi == "refused" else (1 << free) - 1
            count = len(ref.actors(state)) * (1 + grabs)
            if len(legal) != count or any(ref.clause(state, a) is not None for a in legal):
                return box.refuted(state, f"legal_actions lists {len(legal)} actions, not the "
                                   f"{count} legal ones")
            for p in range(game.num_players):
                own = game.legal_actions_of(state, p)
                if list(own) != [a for a in legal if getattr(a, "player", None) == p]:
                    return box.refuted(state, f"legal_actions_of p{p} is not p{p}'s legal actions",
                                       (f"p{p}",))
    return Result.proved(f"{game.num_players} players: {checked} state-action pairs, all as the "
                         "rulebook says")


# -- every transition over the box ----------------------------------------------------------------


SUCCESSOR = (
    "In {box}, for the dice of every answer in every situation and score profiles where "
    "each player has no points and some: every legal action leads exactly to the position "
    "the rulebook gives — who is done, who grabbed wrongly, what is grabbed, when the round "
    "ends, who rolls next (the correct grabber; otherwise the reading's rule), every score, "
    "the supply and the pot; every roll the dice can show leads to the round it starts."
)


@theorem(
    "vg.successor", in_box(SUCCESSOR),
    clauses=(*ROUND_CLAUSES, *POINT_CLAUSES), method="exhaustive",
    depends_on=("players", *(GRAB_PHASE, NO_POINTS, RECIPIENT, NEXT_ROLLER, MULTI_GRAB)),
    fails_with=f"{TESTS}::test_successor_theorem_finds_the_wrong_roller",
)
@theorem(
    "vg.successor-4", SUCCESSOR.format(box=DEEP_BOX),
    clauses=(*ROUND_CLAUSES, *POINT_CLAUSES), method="exhaustive", call=deep_instance, deep=True,
    depends_on=(GRAB_PHASE, NO_POINTS, RECIPIENT, NEXT_ROLLER, MULTI_GRAB),
    fails_with=f"{TESTS}::test_successor_theorem_finds_the_wrong_roller",
)
def check_successor(game: Any, profiles: int | None = None, full: int = 3) -> Result:
    """For every state of the box (every representative roll, every score profile) and every legal
    action, the game's successor is exactly the reference's: the bookkeeping of the round (who is
    done, who grabbed wrongly, what has been grabbed), when the round ends, who rolls next (the
    correct grabber; otherwise the reading's rule), and every score, the supply and the pot. Points
    are conserved by every transition. At a chance node every roll the dice can show is checked."""
    ref = Reference(game)
    box = Box(game, full=full)
    checked = 0
    for state in itertools.chain(box.chance_states(), box.round_states(profiles=profiles)):
        if state.dice is None:
            legal: tuple[Any, ...] = tuple(o for o, _ in game.chance_outcomes(state))
        elif box.full:
            legal = game.legal_actions(state)
        else:
            legal = tuple(a for a in box.actions(state)[1:] if ref.clause(state, a) is None)
        for action in legal:
            found = game.successor(state, action)
            expected = ref.successor(state, action)
            if found != expected:
                return box.refuted(
                    state,
                    f"after {game.action_to_str(state, action)} the position is "
                    f"{state_to_text(found)}, not {state_to_text(expected)}",
                    names(action),
                )
            if sum(found.scores) + found.supply + found.pot != total_points():
                return box.refuted(state, "points are not conserved", names(action))
            checked += 1
    return Result.proved(f"{game.num_players} players: {checked} transitions, each exactly as "
                         "the rulebook says")


ROUND_ENDS = (
    "In {box}: every legal action ends the round or brings its end closer (one player "
    "fewer to act, or under regrab one object fewer to grab — a grab of several objects "
    "that go back, under put-back, ends the grabber's round), so a round lasts at most "
    "n actions (n + 5 under regrab)."
)


@theorem(
    "vg.round-ends", in_box(ROUND_ENDS),
    clauses=("vg.spel.een-voorwerp", "vg.pot.iedereen-mis"), method="exhaustive",
    depends_on=("players", *(GRAB_PHASE, MULTI_GRAB)),
    fails_with=f"{TESTS}::test_round_theorem_finds_a_pass_that_changes_nothing",
)
@theorem(
    "vg.round-ends-4", ROUND_ENDS.format(box=DEEP_BOX),
    clauses=("vg.spel.een-voorwerp", "vg.pot.iedereen-mis"), method="exhaustive", call=deep_instance, deep=True,
    depends_on=(GRAB_PHASE, MULTI_GRAB),
    fails_with=f"{TESTS}::test_round_theorem_finds_a_pass_that_changes_nothing",
)
def check_round_ends(game: Any, full: int = 3) -> Result:
    """Every round ends: each legal action after a roll either ends the round (the dice are rolled
    again or the game is over) or takes one player out of the round — under regrab, a wrong grab
    instead takes at least one more object out of play. So a round lasts at most n actions (n + 5
    under regrab): the measure (players still in) + (objects still free, under regrab) drops."""
    box = Box(game, full=full)

    regrab = reading(game, GRAB_PHASE) == "regrab"

    def measure(state: State) -> int:
        free = 5 - len(state.grabbed) if regrab else 0
        return int(game.num_players) - len(state.acted) + free

    checked = 0
    for state in box.round_states(rolls=1, profiles=1):
        tried = game.legal_actions(state) if box.full else tuple(
            a for a in box.actions(state)[1:] if game.violation(state, a) is None)
        for action in tried:
            after = game.successor(state, action)
            if after.dice is not None and measure(after) >= measure(state):
                return box.refuted(state, f"{game.action_to_str(state, action)} does not bring "
                                   "the end of the round closer", names(action))
            checked += 1
    return Result.proved(f"{checked} round transitions, each closer to the round's end")




# -- who rolls next -------------------------------------------------------------------------------


def _roll_of(game: Any) -> tuple[tuple[Obj, ...], Obj, list[Obj]]:
    """A roll the game's dice can show, its answer (the reference's) and the other objects."""
    possible = frozenset(o.faces for o, _ in game.chance_outcomes(game.initial_state()))
    faces = representative_rolls(possible)[0]
    answer = Obj(reference_answer([int(f) for f in faces]))
    return faces, answer, [o for o in Obj if o != answer]


def _next_roller_under(game: Any) -> Result:
    n = game.num_players
    seat = reading(game, NEXT_ROLLER) == "next-seat"
    regrab = reading(game, GRAB_PHASE) == "regrab"
    faces, answer, others = _roll_of(game)
    total = total_points()
    checked = 0
    for roller in range(n):
        start = State((1,) * n, total - n, 0, roller)
        rolled = game.successor(start, Roll(faces))
        nobody = (roller + 1) % n if seat else roller
        for wrong in range(min(4, n - 1) + 1):
            grabbers = [(roller + 1 + i) % n for i in range(wrong)]
            state = rolled
            for i, p in enumerate(grabbers):
                state = game.successor(state, Grab(p, frozenset({others[i]})))
            # 'Pak je als eerste het juiste voorwerp ... Daarna ben jij degene die de
            # dobbelstenen gooit.' — every player still in, the roller too
            for c in range(n):
                if c in grabbers and not regrab:
                    continue
                after = game.successor(state, Grab(c, frozenset({answer})))
                if after.dice is not None or after.roller != c:
                    return refuted_at(game, state, f"p{c} grabbed correctly, but p{after.roller} "
                                      "rolls next", (f"p{c}", answer.name.lower()))
                checked += 1
            # nobody correct: everyone still in passes
            for p in range(n):
                if p in grabbers and not regrab:
                    continue
                before, state = state, game.successor(state, Pass(p))
            if state.dice is not None or state.roller != nobody:
                return refuted_at(game, before, f"nobody was correct after p{roller}'s roll, but "
                                  f"p{state.roller} rolls next, not p{nobody}", (f"p{nobody}",))
            checked += 1
    return Result.proved(f"{checked} rounds")


@theorem(
    "vg.next-roller",
    "For each player count and both options of the next-roller reading, from every "
    "roller and after none to four wrong grabs: whoever grabs the right object first — "
    "the roller too — rolls next; when nobody does, the same roller rolls again "
    "(same-roller) or the next player in seat order, wrapping round (next-seat).",
    clauses=("vg.punten.gooier", "vg.pot.iedereen-mis", "vg.spel.gooier-grijpt-mee"),
    method="exhaustive",
    depends_on=("players", GRAB_PHASE),
    all_options_of=(NEXT_ROLLER,),
    fails_with=f"{STATEMENT_TESTS}::test_next_roller_theorem_finds_no_wrapping",
)
def check_next_roller(game: Any) -> Result:
    """For the game's player count, under both options of the next-roller reading, from every
    roller, after none to four wrong grabs: whoever grabs the right object first (the roller too)
    rolls next; when nobody does (everyone still in passes), the same roller rolls again
    (same-roller) or the next player in seat order, wrapping round (next-seat)."""
    return over_options(_next_roller_under, game, NEXT_ROLLER)


# -- the grab-phase reading -----------------------------------------------------------------------


def _grab_phase_under(game: Any) -> Result:
    n = game.num_players
    regrab = reading(game, GRAB_PHASE) == "regrab"
    faces, answer, others = _roll_of(game)
    fine = int(fact("points-per-wrong-grab"))
    win = int(fact("points-per-correct-grab"))
    total = total_points()
    for p in range(n):
        start = State((2,) * n, total - 2 * n, 0, 0)
        rolled = game.successor(start, Roll(faces))
        state = game.successor(rolled, Grab(p, frozenset({others[0]})))
        q = (p + 1) % n
        # the object grabbed stays grabbed for the round
        v = game.violation(state, Grab(q, frozenset({others[0]})))
        if v is None or v.clause != "vg.doel.punt":
            return refuted_at(game, state, f"p{q} may grab the {others[0].name.lower()} p{p} "
                              "holds", (f"p{q}", others[0].name.lower()))
        again = Grab(p, frozenset({others[1]}))
        v = game.violation(state, again)
        if not regrab:
            # once: 'Je mag maar één voorwerp pakken' — the wrong grabber is done for the round
            if p in game.actors(state) or v is None or v.clause != "vg.spel.een-voorwerp":
                return refuted_at(game, state, f"under once p{p} may act again after a wrong "
                                  "grab", (f"p{p}",))
            continue
        # regrab: the wrong grabber may grab again, and pays once however often they missed
        if p not in game.actors(state) or v is not None:
            return refuted_at(game, state, f"under regrab p{p} may not grab again after a wrong "
                              "grab", (f"p{p}",))
        twice = game.successor(state, again)
        after = game.successor(twice, Grab(q, frozenset({answer})))
        expected = [2] * n
        expected[p] -= fine
        expected[q] += win + fine
        if list(after.scores) != expected or after.pot != 0:
            return refuted_at(game, twice, f"under regrab p{p} missed twice and p{q} was correct: "
                              f"scores {list(after.scores)}, not {expected}", (f"p{p}", f"p{q}"))
        # the round ends with nobody correct only when every player has passed
        state = twice
        for r in [x for x in range(n) if x != p]:
            state = game.successor(state, Pass(r))
            if state.dice is None:
                return refuted_at(game, twice, f"under regrab the round ended before p{p}, who "
                                  "grabbed wrongly, passed", (f"p{p}",))
        final = game.successor(state, Pass(p))
        if final.dice is not None:
            return refuted_at(game, state, "under regrab the round goes on after every player "
                              "passed", (f"p{p}",))
        paid = sum(2 - s for s in final.scores)
        if paid != fine or final.pot != fine:
            return refuted_at(game, state, f"under regrab p{p} missed twice and nobody was "
                              f"correct: {paid} point(s) paid, the pot holds {final.pot}",
                              (f"p{p}", "pot"))
    if not regrab:
        # once: the round ends with nobody correct as soon as every player has acted
        state = game.successor(State((2,) * n, total - 2 * n, 0, 0), Roll(faces))
        for i in range(n):
            action: Any = Grab(i, frozenset({others[i]})) if i < 4 else Pass(i)
            state = game.successor(state, action)
            if (state.dice is None) != (i == n - 1):
                what = "ended" if i < n - 1 else "goes on"
                return refuted_at(game, state, f"under once the round {what} after {i + 1} of "
                                  f"{n} players acted")
    return Result.proved(f"{n} players")


@theorem(
    "vg.grab-phase",
    "For each player count and both options of the grab-phase reading, whoever grabs "
    "wrongly: the object stays grabbed for the round; under once the grabber is done for "
    "the round and the round ends with nobody correct as soon as every player has acted; "
    "under regrab the grabber may grab again, pays one point however often they miss, and "
    "the round ends with nobody correct only when every player has passed.",
    clauses=("vg.spel.een-voorwerp", "vg.punten.fout", "vg.pot.iedereen-mis", "vg.doel.punt"),
    method="exhaustive",
    depends_on=("players", RECIPIENT, NO_POINTS),
    all_options_of=(GRAB_PHASE,),
    fails_with=f"{STATEMENT_TESTS}::test_grab_phase_theorem_finds_a_second_penalty",
)
def check_grab_phase(game: Any) -> Result:
    """For the game's player count, under both options of the grab-phase reading, for every player
    p grabbing wrongly: the object stays grabbed for the round (nobody may grab it); under once p is
    done for the round, and the round ends with nobody correct as soon as every player has acted;
    under regrab p may grab again, pays one point however often they miss, and the round ends with
    nobody correct only when every player has passed."""
    return over_options(_grab_phase_under, game, GRAB_PHASE)


# -- the multi-grab reading -----------------------------------------------------------------------


def _multi_grab_under(game: Any) -> Result:
    n = game.num_players
    option = reading(game, MULTI_GRAB)
    regrab = reading(game, GRAB_PHASE) == "regrab"
    faces, answer, _ = _roll_of(game)
    fine = int(fact("points-per-wrong-grab"))
    win = int(fact("points-per-correct-grab"))
    total = total_points()
    several = [s for s in SUBSETS if len(s) > 1]
    rolled = game.successor(State((2,) * n, total - 2 * n, 0, 0), Roll(faces))
    checked = 0
    for p in range(n):
        q = (p + 1) % n
        for objects in several:
            grab = Grab(p, objects)
            shown = names(grab)
            v = game.violation(rolled, grab)
            if option == "refused":
                # 'Je mag maar één voorwerp pakken', enforced
                if v is None or v.clause != "vg.spel.een-voorwerp" or grab in game.legal_actions(
                        rolled):
                    return refuted_at(game, rolled, f"under refused p{p} may grab "
                                      f"{'+'.join(shown[1:])} at once", shown)
                checked += 1
                continue
            if v is not None or grab not in game.legal_actions(rolled):
                return refuted_at(game, rolled, f"under {option} p{p} may not grab "
                                  f"{'+'.join(shown[1:])} at once", shown)
            after = game.successor(rolled, grab)
            # 'pak je meer dan één voorwerp tegelijk': a wrong grab, the round goes on
            if after.dice is None or p not in after.wrong:
                return refuted_at(game, rolled, f"p{p}'s grab of several objects is not a wrong "
                                  "grab", shown)
            done = p not in game.actors(after)
            if option == "put-back":
                if after.grabbed or not done:
                    return refuted_at(game, rolled, f"under put-back p{p}'s objects are not back "
                                      f"on the table, or p{p} may still grab", shown)
            elif after.grabbed != objects or done == regrab:
                return refuted_at(game, rolled, f"under all-taken p{p}'s grab took "
                                  f"{sorted(o.name.lower() for o in after.grabbed)}, and p{p} "
                                  f"is {'done' if done else 'not done'}", shown)
            if option == "all-taken":
                for o in objects:
                    if game.violation(after, Grab(q, frozenset({o}))) is None:
                        return refuted_at(game, after, f"p{q} may grab the {o.name.lower()} p{p}"
                                          " took", (f"p{q}", o.name.lower()))
            expected = [2] * n
            expected[p] -= fine
            if option == "all-taken" and answer in objects:
                # nobody can be correct: everyone still in passes, the point goes to the pot
                state = after
                for r in range(n):
                    if r in game.actors(state):
                        state = game.successor(state, Pass(r))
                if (state.dice is not None or list(state.scores) != expected
                        or state.pot != fine or state.supply != total - 2 * n):
                    return refuted_at(game, after, f"after p{p} took the answer with other "
                                      "objects and everyone passed, the round did not end with "
                                      f"nobody correct and p{p}'s point in the pot", shown)
            else:
                # the answer is still on the table: the next player grabs it, scores and gets
                # the wrong grabber's point ('aan de speler die het juiste voorwerp te pakken
                # kreeg')
                state = game.successor(after, Grab(q, frozenset({answer})))
                expected[q] += win + fine
                if state.dice is not None or list(state.scores) != expected or state.roller != q:
                    return refuted_at(game, after, f"p{q} grabbed the answer after p{p}'s grab of "
                                      f"several objects: scores {list(state.scores)}, not "
                                      f"{expected}", (f"p{q}", answer.name.lower()))
            checked += 1
    return Result.proved(f"{checked} grabs of several objects")


@theorem(
    "vg.multi-grab",
    "For each player count, every player and every set of two to five objects grabbed "
    "at once after a roll (the right object among them or not), under each option of the "
    "multi-grab reading ('Grijp je het verkeerde voorwerp of pak je meer dan één "
    "voorwerp tegelijk'): under all-taken the grab is legal and wrong — the round goes "
    "on, the grabber owes one point and is done for the round (unless grab-phase is "
    "regrab), and every object in it is taken, so nobody may grab any of them again this "
    "round; with the right object among them nobody can be correct, and once everyone "
    "still in has passed the round ends with nobody correct and the grabber's point in "
    "the pot; otherwise the next player to grab the right object scores and receives the "
    "grabber's point. Under put-back the grab is legal and wrong, the grabber is done for "
    "the round and nothing is taken: the next player may still grab the right object, "
    "scores and receives the grabber's point. Under refused it is not a legal action (it "
    "breaks vg.spel.een-voorwerp) and the legal actions offer no such grab.",
    clauses=("vg.spel.een-voorwerp", "vg.punten.fout", "vg.doel.punt", "vg.punten.juist",
             "vg.pot.iedereen-mis", "vg.pot.leggen"),
    method="exhaustive",
    depends_on=("players", GRAB_PHASE, RECIPIENT, NO_POINTS),
    all_options_of=(MULTI_GRAB,),
    fails_with=f"{STATEMENT_TESTS}::test_multi_grab_theorem_finds_objects_not_put_back",
)
def check_multi_grab(game: Any) -> Result:
    """For the game's player count, under every option of the multi-grab reading, every player
    grabbing every set of two to five objects at once after a roll: see the theorem's
    statement."""
    return over_options(_multi_grab_under, game, MULTI_GRAB)


# -- no free block -------------------------------------------------------------------------------

FREE_BLOCK_FINDING = (
    "Under multi-grab = all-taken a player without points blocks a round for free: grabbing the "
    "right object together with another (all five, say) takes them all for the round, so nobody "
    "can grab the right object and nobody scores, and the grab's penalty ('dan geef je een van je "
    "punten') takes nothing from a player who has none (penalty-no-points = nothing). It is the "
    "best move of a player at 0 points who expects to lose the race, and the bots found it: in "
    "three seeded four-bot games under all-taken, 31 of 59 grabs were of several objects. "
    "Decision: the default is put-back ('de speler die het juiste voorwerp te pakken kreeg' "
    "presumes the right object can still be got after such a grab): the objects go back on the "
    "table, the grabber owes the point and is out of the round, and the others race on; "
    "vg.no-free-block proves that no grab blocks a round for free under it. All-taken stays "
    "playable (--reading multi-grab=all-taken), and records of castlerules 0.2 and earlier, whose "
    "options do not name the reading, replay under it. With penalty-no-points = debt the block "
    "costs a point even at 0, and the statement holds."
)


NO_FREE_BLOCK = (
    "No grab blocks a round for free: in {box}, for every score profile (each player once "
    "without points and once with), whenever a player's grab leaves nobody able to grab the "
    "right object any more this round — the grab was not the right one, and no correct grab "
    "is legal for anyone after it — that player ends the round at least one point down ('dan "
    "geef je een van je punten'), so a grab cannot void the race for the right object "
    "('Na elke worp probeer je als eerste het juiste voorwerp te pakken') for nothing."
)
BLOCK_CLAUSES = ("vg.spel.een-voorwerp", "vg.punten.fout", "vg.doel.punt",
                 "vg.pot.iedereen-mis")


def _free(game: Any) -> bool:
    return bool(reading(game, NO_POINTS) == "nothing")


def _all_taken(game: Any) -> Any:
    """The game under multi-grab = all-taken, the default up to 0.2 (its other readings kept)."""
    return variant(game, readings={MULTI_GRAB: "all-taken"})


def _free_block(game: Any) -> dict[str, Any]:
    """Under all-taken, a player without points blocks a round for free (FREE_BLOCK_FINDING)."""
    if reading(game, MULTI_GRAB) == "all-taken" and _free(game):
        return {"expected": Status.COUNTEREXAMPLE, "finding": FREE_BLOCK_FINDING}
    return {}


def _free_block_all_taken(game: Any) -> dict[str, Any]:
    if _free(game):
        return {"expected": Status.COUNTEREXAMPLE, "finding": FREE_BLOCK_FINDING}
    return {}


def _all_taken_statement(game: Any) -> str:
    said = in_box(NO_FREE_BLOCK)(game)
    return ("Under multi-grab = all-taken (a grab of several objects takes them all for the "
            "round, the right one too; the default up to castlerules 0.2): "
            + said[0].lower() + said[1:])


@theorem(
    "vg.no-free-block", in_box(NO_FREE_BLOCK),
    clauses=BLOCK_CLAUSES, method="exhaustive",
    depends_on=("players", GRAB_PHASE, MULTI_GRAB, NO_POINTS, RECIPIENT),
    fails_with=f"{STATEMENT_TESTS}::test_no_free_block_theorem_finds_a_free_block",
    vary=_free_block,
)
# The finding that settled the default: the same statement under all-taken, the default up to
# 0.2, for the game's other readings (made where the game does not play all-taken itself).
@theorem(
    "vg.no-free-block-all-taken", _all_taken_statement,
    clauses=BLOCK_CLAUSES, method="exhaustive",
    call=lambda check, game: check(_all_taken(game)),
    when=lambda game: reading(game, MULTI_GRAB) != "all-taken",
    depends_on=("players", GRAB_PHASE, NO_POINTS, RECIPIENT),
    fails_with=f"{STATEMENT_TESTS}::test_no_free_block_theorem_finds_a_free_block",
    vary=_free_block_all_taken,
)
def check_no_free_block(game: Any, full: int = 3) -> Result:
    """For every round state of the box (every score profile: each player once without points and
    once with) and every grab a player makes as their first wrong grab of the round: if after it
    nobody may grab the right object any more this round (no correct grab is legal, for anyone),
    the grabber ends the round (everyone still in passes) with at least one point fewer than they
    began it with ('dan geef je een van je punten'). The right object is the reference's answer,
    a correct grab the grab of that object alone."""
    box = Box(game, full=full)
    fine = int(fact("points-per-wrong-grab"))
    checked = blocks = 0
    for state in box.round_states():
        assert state.dice is not None
        answer = Obj(reference_answer([int(d) for d in state.dice]))
        right = frozenset({answer})
        tried = game.legal_actions(state) if box.full else tuple(
            a for a in box.actions(state)[1:] if game.violation(state, a) is None)
        for action in tried:
            if not isinstance(action, Grab) or action.objects == right:
                continue
            p = action.player
            if p in state.wrong:
                continue
            after = game.successor(state, action)
            checked += 1
            if after.dice is None:  # the last to act: nobody is left to block
                continue
            if any(isinstance(a, Grab) and a.objects == right for a in game.legal_actions(after)):
                continue
            blocks += 1
            end = after
            while end.dice is not None:
                end = game.successor(end, Pass(min(game.actors(end))))
            paid = state.scores[p] - end.scores[p]
            if paid < fine:
                shown = "+".join(o.name.lower() for o in sorted(action.objects))
                return box.refuted(
                    state, f"p{p}, with {state.scores[p]} point(s), grabs {shown} at once: "
                    f"nobody may grab the {answer.name.lower()} (the right object) any more this "
                    f"round, so nobody scores, and p{p} ends the round with {end.scores[p]} "
                    f"point(s): the block cost {paid}", names(action))
    if not blocks:
        return Result.proved(f"{game.num_players} players: {checked} grabs, none of which leaves "
                             "nobody able to grab the right object")
    return Result.proved(f"{game.num_players} players: {checked} grabs; {blocks} leave nobody able "
                         "to grab the right object, and each of those costs its grabber a point")


# -- the list --------------------------------------------------------------------------------------
