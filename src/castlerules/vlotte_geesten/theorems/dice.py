"""The roll: the chance outcomes and their probabilities, for the default dice of the facts and for
custom faces (vg.spel.worp, vg.voorbereiding.inhoud, interpretation vg.interp.dice-faces)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from castlerules.core.theorem import Result, theorem
from castlerules.vlotte_geesten.state import Obj, Roll
from castlerules.vlotte_geesten.theorems.common import (
    DICE_FACES,
    STATEMENT_TESTS,
    TESTS,
    colour_pairs,
    fact,
    show_dice,
    variant,
)
from castlerules.vlotte_geesten.theorems.reference import Box, distribution_of


def _compare(game: Any, expected: Mapping[tuple[Obj, ...], Fraction], box: Box) -> Result | None:
    """None if every chance state of the box rolls exactly ``expected``; else a counterexample."""
    for state in box.chance_states():
        outcomes = game.chance_outcomes(state)
        found = {o.faces: p for o, p in outcomes}
        if len(found) != len(outcomes):
            return box.refuted(state, "an outcome is listed twice", highlight=("dice",))
        for faces in sorted(set(found) | set(expected)):
            if found.get(faces) != expected.get(faces):
                return box.refuted(state, f"the roll {show_dice(faces)} has probability "
                                   f"{found.get(faces, 0)}, not {expected.get(faces, 0)}",
                                   highlight=("dice",))
        if sum(found.values()) != 1 or game.legal_actions(state) != tuple(o for o, _ in outcomes):
            return box.refuted(state, "the outcomes do not sum to 1 or are not the legal actions")
        if not game.is_chance(state):
            return box.refuted(state, "a state before the roll is not a chance node")
    return None


@theorem(
    "vg.chance",
    "A roll has every outcome the dice can show exactly once, with its exact probability "
    "(the product of the dice's face frequencies: by default every object 1/5 on every "
    "die, as the spec's default die says), summing to 1; the legal actions before a roll "
    "are its outcomes, and there is no chance during a round or after the end.",
    clauses=("vg.spel.worp", "vg.voorbereiding.inhoud"),
    method="exhaustive",
    depends_on=(DICE_FACES,),
    fails_with=f"{TESTS}::test_chance_theorem_finds_unfair_dice",
)
def check_chance(game: Any, faces: Mapping[str, Sequence[str]] | None = None) -> Result:
    """The roll: every outcome the dice can show, once, with its exact probability (summing to 1) —
    the product of each die's face frequencies, for the faces given (by default the game's:
    the default die of the facts, or its ``faces`` option); at a chance node the legal actions are
    the outcomes; nowhere else is there chance."""
    given = faces if faces is not None else game.options.get("faces")
    expected = distribution_of(given)
    box = Box(game)
    wrong = _compare(game, expected, box)
    if wrong is not None:
        return wrong
    for state in itertools.chain(box.round_states(rolls=1, profiles=1), box.terminal_states()):
        if game.is_chance(state) or game.chance_outcomes(state):
            return box.refuted(state, "chance after the roll or at the end")
    return Result.proved(f"{len(expected)} outcomes, exact; no chance in any round or end state")


def _multisets() -> list[tuple[str, ...]]:
    """Every multiset of six faces over the five objects (210)."""
    names = [obj for _, obj in colour_pairs()]
    return [tuple(c) for c in itertools.combinations_with_replacement(names, 6)]


#: The loaded dice of the family: every die shows the ghost on two of its six faces.
LOADED = ("chair", "ghost", "ghost", "mouse", "bottle", "book")


def face_family() -> list[dict[str, list[str]]]:
    """The face assignments the custom-dice statement covers: every multiset of six faces (210) on
    each die in turn (multiset k on die k mod 5, its faces shuffled; every other die showing one
    object, each its own), so every die meets 42 multisets and every object count 0-6 on every
    die; then six assignments where every die has several faces (the default die with one face
    doubled, loaded dice, and four seeded random assignments) for the product of the dice. The
    option is a mapping a user writes in any order: the k-th assignment lists the dice starting
    at die k mod 5 (and every fifth one in reverse), so no order of the mapping is privileged."""
    pairs = colour_pairs()
    order = [die for die, _ in pairs]
    names = [obj for _, obj in pairs]
    rng = random.Random(20)
    out: list[dict[str, list[str]]] = []
    for k, multiset in enumerate(_multisets()):
        die = k % 5
        faces = {c: [names[(i + k) % 5]] * 6 for i, c in enumerate(order)}
        sides = list(multiset)
        rng.shuffle(sides)
        faces[order[die]] = sides
        listed = order[k % 5:] + order[:k % 5]
        if k % 5 == 4:
            listed.reverse()
        out.append({c: faces[c] for c in listed})
    default = list(fact("default-die"))
    out.append({c: [*default, names[i]] for i, c in enumerate(order)})
    out.append({c: list(LOADED) for c in order})
    for _ in range(4):
        out.append({c: [rng.choice(names) for _ in range(6)] for c in order})
    return out


@theorem(
    "vg.chance-any-faces",
    "For every face assignment of a documented family — each of the 210 multisets of six "
    "faces on each die in turn (the other dice showing one object each), and six "
    "assignments with every die varied (the default die with a face doubled, loaded "
    "dice, four seeded random ones) — the game made with those faces rolls exactly the "
    "product of the dice's face frequencies, offers exactly those rolls, and refuses a "
    "roll the dice cannot show.",
    clauses=("vg.spel.worp", "vg.voorbereiding.inhoud", "vg.voorbereiding.kleuren"),
    method="exhaustive",
    depends_on=("faces",),
    all_options_of=(DICE_FACES,),
    fails_with=f"{STATEMENT_TESTS}::test_any_faces_chance_finds_a_face_dropped",
)
def check_any_faces(game: Any, family: Sequence[Mapping[str, Sequence[str]]] | None = None) -> Result:
    """For every face assignment of the family: the game made with those faces rolls exactly the
    product distribution of the faces given (computed here from the assignment, not from the
    game's options), its chance nodes offer exactly those rolls, and a roll the dice cannot show
    is refused with vg.spel.worp."""
    assignments = face_family() if family is None else list(family)
    for faces in assignments:
        made = variant(game, faces={c: list(s) for c, s in faces.items()})
        expected = distribution_of(faces)
        start = made.initial_state()
        outcomes = made.chance_outcomes(start)
        found = {o.faces: p for o, p in outcomes}
        if len(found) != len(outcomes) or found != expected:
            extra = sorted(set(found) ^ set(expected)) or [
                f for f in expected if found.get(f) != expected[f]]
            faces_text = ", ".join(f"{c}: {'/'.join(s)}" for c, s in faces.items())
            return Result.refuted(
                f"dice with faces {faces_text}: the roll {show_dice(extra[0])} has probability "
                f"{found.get(extra[0], 0)}, not {expected.get(extra[0], 0)}",
                position=made.state_to_text(start), options={"faces": dict(faces)})
        if made.legal_actions(start) != tuple(o for o, _ in outcomes):
            return Result.refuted("the legal actions before the roll are not its outcomes",
                                  options={"faces": dict(faces)})
        impossible = next((f for f in itertools.product(Obj, repeat=5) if f not in expected), None)
        if impossible is not None:
            v = made.violation(start, Roll(impossible))
            if v is None or v.clause != "vg.spel.worp":
                return Result.refuted(
                    f"dice with faces {faces}: the roll {show_dice(impossible)} they cannot show "
                    "is not refused", options={"faces": dict(faces)})
    return Result.proved(f"{len(assignments)} face assignments, each distribution exact")
