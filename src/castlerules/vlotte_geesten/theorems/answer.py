"""Situations 1-3 and the colours of the dice: every roll has exactly one answer, and it is the one the
rulebook's sentences name (vg.situatie*, vg.antwoord.uniek, vg.voorbereiding.kleur*).

The dice are named by colour through the game's own ``faces`` option (``die_places``), and each die
is paired with the object of its colour as the five colour clauses say (the spec's facts), so the
statements do not rest on the library's numbering of dice and objects.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

from castlerules.core.extras import z3
from castlerules.core.symbolic import And, Count, ExactlyOne, Not, Or
from castlerules.core.theorem import Result, for_all, theorem, z3_prove
from castlerules.vlotte_geesten import kernel
from castlerules.vlotte_geesten.state import COLOURS, Grab, Obj, State
from castlerules.vlotte_geesten.theorems.common import (
    ALL_DICE,
    DICE_FACES,
    STATEMENT_TESTS,
    TESTS,
    colour_pairs,
    fact,
    model_dice,
    object_named,
    refuted_at,
    show_dice,
    total_points,
    variant,
)
from castlerules.vlotte_geesten.theorems.reference import answer_by_colour, reference_answer

#: The clauses of the answer (situations 1-3) and of the colours of the dice.
ANSWER_CLAUSES = (
    "vg.antwoord.uniek",
    "vg.spel.tellen",
    "vg.situatie1.regel",
    "vg.situatie1.twee-keer",
    "vg.situatie2.regel",
    "vg.situatie3.regel",
)
COLOUR_CLAUSES = (
    "vg.voorbereiding.kleuren",
    "vg.voorbereiding.kleur-rood",
    "vg.voorbereiding.kleur-wit",
    "vg.voorbereiding.kleur-grijs",
    "vg.voorbereiding.kleur-groen",
    "vg.voorbereiding.kleur-blauw",
)

Kernel = Callable[[Sequence[Any]], Any]
SITUATIONS: tuple[Kernel, Kernel, Kernel] = (
    kernel.situation_1,
    kernel.situation_2,
    kernel.situation_3,
)


def exactly_one_answer_claim(
    dice: Sequence[Any], answer: Kernel, situations: Sequence[Kernel]
) -> Any:
    """The statement, over (symbolic or concrete) dice: exactly one situation holds, its selector is
    unique, and the answer is one of the five objects."""
    s1, s2, s3 = (f(dice) for f in situations)
    c = kernel.counts(dice)
    a = answer(dice)
    return And(
        ExactlyOne(s1, s2, s3),
        Or(s1, Or(Not(s2), Count(c[k] == 1 for k in range(5)) == 1)),
        Or(Not(s3), Count(d == kernel.GHOST for d in dice) == 1),
        a >= 0,
        a <= 4,
    )


@theorem(
    "vg.answer-unique",
    "Every roll of the five dice falls under exactly one of the three situations, the "
    "situation picks its object unambiguously, and the answer is one of the five objects.",
    clauses=ANSWER_CLAUSES,
    method="z3",
    call=lambda check, game: check(),
    fails_with=f"{TESTS}::test_answer_theorems_find_the_missing_sentence",
)
def check_answer_unique_z3(
    answer: Kernel = kernel.answer, situations: Sequence[Kernel] = SITUATIONS
) -> Result:
    dice = [z3.Int(f"{c}_die") for c in COLOURS]
    return z3_prove(
        exactly_one_answer_claim(dice, answer, situations),
        assumptions=[z3.And(d >= 0, d <= 4) for d in dice],
        render=lambda m: show_dice(model_dice(m, dice)),
        detail="z3 over all 5^5 rolls: the negation is unsatisfiable",
    )


@theorem(
    "vg.answer-exhaustive",
    "Over all 3125 rolls, the answer kernel and the cached answer the game calls satisfy "
    "the same statement and agree with an independent reading of the three situations.",
    clauses=ANSWER_CLAUSES,
    method="exhaustive",
    call=lambda check, game: check(),
    fails_with=f"{TESTS}::test_answer_theorems_find_an_answer_outside_the_objects",
)
def check_answer_exhaustive(
    answer: Kernel = kernel.answer,
    situations: Sequence[Kernel] = SITUATIONS,
    cached: Callable[[tuple[Obj, ...]], Obj] | None = None,
) -> Result:
    """Every roll: the claim holds, the kernel agrees with the reference, and so does the cached
    ``rules.answer_of`` the game calls on its hot path."""
    from castlerules.vlotte_geesten.rules import answer_of

    game_answer = answer_of if cached is None else cached

    def holds(dice: tuple[int, ...]) -> bool:
        expected = reference_answer(dice)
        return (
            bool(exactly_one_answer_claim(list(dice), answer, situations))
            and answer(list(dice)) == expected
            and game_answer(tuple(Obj(d) for d in dice)) == expected
        )

    return for_all(ALL_DICE, holds, show_dice)


# -- the dice named by colour ---------------------------------------------------------------------


def die_places(game: Any) -> dict[str, int] | Result:
    """Where the die of each colour sits in a roll of the game, read through the game's ``faces``
    option: dice that always show one object each (two different assignments) roll exactly one
    roll, and the die named ``red`` is wherever that roll shows red's object. A counterexample if
    the option does not give each named die a place of its own."""
    order = [die for die, _ in colour_pairs()]
    objects = [obj for _, obj in colour_pairs()]
    found: dict[str, int] | None = None
    for shift in (1, 2):
        shows = {die: objects[(i + shift) % 5] for i, die in enumerate(order)}
        made = variant(game, faces={die: [obj] * 6 for die, obj in shows.items()})
        outcomes = made.chance_outcomes(made.initial_state())
        if len(outcomes) != 1:
            return Result.refuted(
                f"dice that always show {shows} roll {len(outcomes)} different rolls, not one")
        roll = outcomes[0][0].faces
        places = {die: [i for i, f in enumerate(roll) if f == object_named(obj)]
                  for die, obj in shows.items()}
        if any(len(p) != 1 for p in places.values()):
            return Result.refuted(f"dice that always show {shows} roll {roll}: a named die has "
                                  "no place of its own")
        here = {die: p[0] for die, p in places.items()}
        if found is not None and here != found:
            return Result.refuted(f"the dice change places between two face assignments: "
                                  f"{found} and {here}")
        found = here
    assert found is not None
    return found


def _state(game: Any, roll: Sequence[Obj]) -> State:
    n = game.num_players
    return State((0,) * n, total_points(), 0, 0, tuple(roll))  # type: ignore[arg-type]


def correct_objects(game: Any, state: State) -> list[Obj]:
    """The objects whose grab (alone) the game counts as correct at ``state``."""
    return [o for o in Obj if game.is_correct(state, Grab(0, frozenset({o})))]


def _by_colour(places: dict[str, int], shown: Sequence[str]) -> tuple[dict[str, str], list[Obj]]:
    order = [die for die, _ in colour_pairs()]
    by_colour = dict(zip(order, shown))
    roll = [Obj.CHAIR] * 5
    for die, obj in by_colour.items():
        roll[places[die]] = object_named(obj)
    return by_colour, roll


@theorem(
    "vg.colours",
    "For all 5^5 ways the five dice, named by colour (red, white, grey, green, blue), can "
    "show an object, the game counts exactly one object as correct: the rulebook's answer "
    "when each die belongs to the object of its colour — the red chair, the white ghost, "
    "the grey mouse, the green bottle, the blue book (quoted as facts).",
    clauses=(*COLOUR_CLAUSES, "vg.situatie1.regel", "vg.situatie3.regel", "vg.antwoord.uniek"),
    method="exhaustive",
    fails_with=f"{STATEMENT_TESTS}::test_colour_theorem_finds_two_dice_swapped",
)
def check_colours(game: Any) -> Result:
    """For all 5^5 ways the five dice, named by colour, can show an object: the object the game
    counts as correct (and only it) is the rulebook's answer with the colour pairs of the facts."""
    places = die_places(game)
    if isinstance(places, Result):
        return places
    names = [obj for _, obj in colour_pairs()]
    for shown in itertools.product(names, repeat=5):
        by_colour, roll = _by_colour(places, shown)
        state = _state(game, roll)
        expected = [object_named(answer_by_colour(by_colour))]
        found = correct_objects(game, state)
        if found != expected:
            dice = ", ".join(f"{c} die: {o}" for c, o in by_colour.items())
            return refuted_at(
                game, state, f"with {dice} the game counts {[o.name.lower() for o in found]} as "
                f"correct, the rulebook {expected[0].name.lower()}",
                ("dice", *(o.name.lower() for o in found)),
            )
    return Result.proved(f"all {5 ** 5} rolls named by colour; dice places {places}")


def _example_premises() -> list[tuple[str, Callable[[dict[str, str]], bool], str]]:
    """(fact id, premise over the dice by colour, object to grab) of the three worked examples."""
    one, two, three = (fact(f"example-situation-{k}") for k in (1, 2, 3))

    def first(shown: dict[str, str]) -> bool:
        values = list(shown.values())
        return bool(values.count(one["most"]) == one["times"] and shown[one["die"]] == one["shows"])

    def second(shown: dict[str, str]) -> bool:
        values = list(shown.values())
        return all(values.count(o) == 2 for o in two["twice"]) and bool(
            values.count(two["once"]) == 1)

    def third(shown: dict[str, str]) -> bool:
        return bool(len(set(shown.values())) == 5 and shown[three["die"]] == three["shows"])

    return [("example-situation-1", first, one["grab"]),
            ("example-situation-2", second, two["grab"]),
            ("example-situation-3", third, three["grab"])]


@theorem(
    "vg.worked-examples",
    "The three worked examples, for every roll their words describe: the bottle three "
    "times and the green die showing the mouse — grab the mouse; the book and the ghost "
    "twice each and the bottle once — grab the bottle; five different objects with the "
    "ghost on the blue die — grab the book.",
    clauses=("vg.situatie1.voorbeeld", "vg.situatie2.voorbeeld", "vg.situatie3.voorbeeld"),
    method="exhaustive",
    fails_with=f"{STATEMENT_TESTS}::test_example_theorem_finds_the_pair_answered",
)
def check_examples(game: Any) -> Result:
    """Each worked example, for every roll its words describe: the game counts exactly the
    example's object as correct."""
    places = die_places(game)
    if isinstance(places, Result):
        return places
    names = [obj for _, obj in colour_pairs()]
    seen = []
    for fid, premise, grab in _example_premises():
        count = 0
        for shown in itertools.product(names, repeat=5):
            by_colour, roll = _by_colour(places, shown)
            if not premise(by_colour):
                continue
            count += 1
            state = _state(game, roll)
            found = correct_objects(game, state)
            if found != [object_named(grab)]:
                return refuted_at(
                    game, state, f"{fid}: the game counts {[o.name.lower() for o in found]} as "
                    f"correct, the example says {grab}", ("dice", grab))
        if not count:
            return Result.refuted(f"{fid}: no roll fits the example's words")
        seen.append(f"{fid}: {count} rolls")
    return Result.proved("; ".join(seen))


# -- every face assignment (z3) --------------------------------------------------------------------


def answer_rules(roll: Sequence[Any], answer: Any, places: dict[str, int]) -> Any:
    """The three situations as one named predicate each, over a roll in the game's die order and
    with the colour pairs of the facts (``die_of[o]``: the place of the die in the colour of object
    ``o``; ``object_at[i]``: the object in the colour of the die at place ``i``)."""
    die_of = {int(object_named(obj)): places[die] for die, obj in colour_pairs()}
    object_at = {places[die]: int(object_named(obj)) for die, obj in colour_pairs()}
    ghost = int(object_named(fact("situation-3-object")))
    c = [z3.Sum([z3.If(d == k, 1, 0) for d in roll]) for k in range(5)]

    def situation_1(k: int) -> Any:
        """'Staat er één voorwerp vaker op de dobbelstenen dan alle andere, dan kijk je naar de
        kleur van dat voorwerp. Zoek de dobbelsteen in die kleur op ...'"""
        return z3.Implies(z3.And(*(c[k] > c[j] for j in range(5) if j != k)),
                          answer == roll[die_of[k]])

    def situation_2(a: int, b: int, k: int) -> Any:
        """'Staan er twee voorwerpen op elk twee dobbelstenen ... Dat voorwerp, dat maar één keer
        voorkomt, moet je pakken.'"""
        return z3.Implies(z3.And(c[a] == 2, c[b] == 2, c[k] == 1), answer == k)

    def situation_3(i: int) -> Any:
        """'Staan er vijf verschillende voorwerpen op de dobbelstenen, dan zoek je het spook op.
        Kijk welke kleur de dobbelsteen heeft waarop het spook staat en pak het voorwerp in die
        kleur.'"""
        return z3.Implies(z3.And(*(x == 1 for x in c), roll[i] == ghost), answer == object_at[i])

    one_situation = z3.Or(
        *(z3.And(*(c[k] > c[j] for j in range(5) if j != k)) for k in range(5)),
        *(z3.And(c[a] == 2, c[b] == 2) for a in range(5) for b in range(a + 1, 5)),
        z3.And(*(x == 1 for x in c)),
    )
    return z3.And(
        one_situation,
        *(situation_1(k) for k in range(5)),
        *(situation_2(a, b, k) for a in range(5) for b in range(a + 1, 5) for k in range(5)
          if k not in (a, b)),
        *(situation_3(i) for i in range(5)),
        answer >= 0, answer <= 4,
    )


@theorem(
    "vg.answer-any-faces",
    "For every assignment of six faces to each of the five dice (30 symbolic faces, any "
    "object each) and every roll such dice can show, some situation applies and the "
    "game's answer is what each situation's sentence names — situation 1: the object on "
    "the die in the colour of the object shown most; situation 2: the object shown once; "
    "situation 3: the object in the colour of the die showing the ghost — with each die "
    "paired with the object of its colour as the colour clauses say, and the dice in the "
    "places the faces option gives them.",
    clauses=(*ANSWER_CLAUSES, "vg.voorbereiding.kleuren"),
    method="z3",
    depends_on=("faces",),
    all_options_of=(DICE_FACES,),
    fails_with=f"{STATEMENT_TESTS}::test_any_faces_theorem_finds_a_swapped_pair",
)
def check_answer_any_faces_z3(game: Any, answer: Kernel = kernel.answer) -> Result:
    """z3, for every assignment of six faces (any of the five objects) to each die and every roll
    such dice can show: some situation applies, and the answer kernel gives what each situation's
    sentence names, with the dice in the places the ``faces`` option gives them."""
    places = die_places(game)
    if isinstance(places, Result):
        return places
    faces = [[z3.Int(f"{c}_face{j}") for j in range(6)] for c in COLOURS]
    side = [z3.Int(f"{c}_side") for c in COLOURS]
    roll = []
    for d in range(5):
        shown: Any = faces[d][5]
        for j in range(4, -1, -1):
            shown = z3.If(side[d] == j, faces[d][j], shown)
        roll.append(shown)
    assumptions = [z3.And(f >= 0, f <= 4) for row in faces for f in row]
    assumptions += [z3.And(s >= 0, s <= 5) for s in side]

    def render(m: z3.ModelRef) -> str:
        return show_dice([m.eval(r, model_completion=True).as_long() for r in roll])

    return z3_prove(answer_rules(roll, answer(roll), places), assumptions=assumptions,
                    render=render, detail="z3: every face assignment, every roll it can show")


__all__ = [
    "SITUATIONS",
    "check_answer_any_faces_z3",
    "check_answer_exhaustive",
    "check_answer_unique_z3",
    "check_colours",
    "check_examples",
    "die_places",
    "exactly_one_answer_claim",
]
