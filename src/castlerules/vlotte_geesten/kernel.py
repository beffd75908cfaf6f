"""The dual-mode rule kernels of Vlotte Geesten: the answer to a roll, and the settling of a round.

Both are written over ``castlerules.core.symbolic`` so they run on plain ints in the game and on z3
terms in the theorems: the proofs are about these very functions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from castlerules.core.registry import clause
from castlerules.core.symbolic import And, Count, If, Or, Sum

#: Objects and dice are numbered alike: die ``i`` has the colour of object ``i`` (0 red chair,
#: 1 white ghost, 2 grey mouse, 3 green bottle, 4 blue book), so "the die in the colour of object k"
#: is ``dice[k]`` and "the object in the colour of die i" is ``i``.
N = 5
GHOST = 1
NO_ANSWER = -1


def counts(dice: Sequence[Any]) -> list[Any]:
    """How often each object shows on the five dice."""
    return [Count(d == k for d in dice) for k in range(N)]


def unique_most(c: Sequence[Any], k: int) -> Any:
    """Object ``k`` shows more often than every other object."""
    return And(*(c[k] > c[j] for j in range(N) if j != k))


@clause("vg.spel.tellen", "vg.situatie1.regel", "vg.situatie1.twee-keer")
def situation_1(dice: Sequence[Any]) -> Any:
    c = counts(dice)
    return Or(*(unique_most(c, k) for k in range(N)))


@clause("vg.situatie2.regel")
def situation_2(dice: Sequence[Any]) -> Any:
    c = counts(dice)
    return Or(*(And(c[a] == 2, c[b] == 2) for a in range(N) for b in range(a + 1, N)))


@clause("vg.situatie3.regel")
def situation_3(dice: Sequence[Any]) -> Any:
    c = counts(dice)
    return And(*(c[k] == 1 for k in range(N)))


@clause(
    "vg.voorbereiding.kleuren",
    "vg.voorbereiding.kleur-rood",
    "vg.voorbereiding.kleur-wit",
    "vg.voorbereiding.kleur-grijs",
    "vg.voorbereiding.kleur-groen",
    "vg.voorbereiding.kleur-blauw",
    "vg.situatie1.regel",
    "vg.situatie1.voorbeeld",
)
def answer_1(dice: Sequence[Any]) -> Any:
    """Situation 1: the object on the die whose colour is that of the most frequent object."""
    c = counts(dice)
    result: Any = NO_ANSWER
    for k in range(N):
        result = If(unique_most(c, k), dice[k], result)
    return result


@clause("vg.situatie2.regel", "vg.situatie2.voorbeeld")
def answer_2(dice: Sequence[Any]) -> Any:
    """Situation 2: the object that shows once."""
    c = counts(dice)
    result: Any = NO_ANSWER
    for k in range(N):
        result = If(c[k] == 1, k, result)
    return result


@clause("vg.voorbereiding.kleuren", "vg.situatie3.regel", "vg.situatie3.voorbeeld")
def answer_3(dice: Sequence[Any]) -> Any:
    """Situation 3: the object whose colour is that of the die showing the ghost."""
    result: Any = NO_ANSWER
    for i in range(N):
        result = If(dice[i] == GHOST, i, result)
    return result


@clause("vg.antwoord.uniek", "vg.spel.tellen")
def answer(dice: Sequence[Any]) -> Any:
    """The object to grab for ``dice`` (die ``i`` has the colour of object ``i``).

    NO_ANSWER if no situation applies — which the theorem ``vg.answer-unique`` shows never happens.
    """
    return If(
        situation_1(dice),
        answer_1(dice),
        If(situation_2(dice), answer_2(dice), If(situation_3(dice), answer_3(dice), NO_ANSWER)),
    )


@clause(
    "vg.punten.juist",
    "vg.doel.punt",
    "vg.punten.fout",
    "vg.pot.iedereen-mis",
    "vg.pot.leggen",
    "vg.pot.winnen",
)
def settle(
    scores: Sequence[Any], supply: Any, pot: Any, wrong: Sequence[Any], correct: Sequence[Any]
) -> tuple[list[Any], Any, Any]:
    """Settle a round: (scores, supply, pot) after it.

    ``wrong[i]``: player i grabbed wrongly (or several objects); ``correct[i]``: player i grabbed
    the right object first (at most one). A wrong grabber with points pays one, to the correct
    grabber or, when nobody was correct, into the pot; the correct grabber also takes one point from
    the supply and the whole pot.
    """
    n = len(scores)
    pay = [If(And(wrong[i], scores[i] >= 1), 1, 0) for i in range(n)]
    paid = Sum(pay)
    anyone = Or(*correct)
    new_scores = [scores[i] - pay[i] + If(correct[i], 1 + pot + paid, 0) for i in range(n)]
    return new_scores, If(anyone, supply - 1, supply), If(anyone, 0, pot + paid)
