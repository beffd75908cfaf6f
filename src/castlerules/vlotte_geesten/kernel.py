"""The dual-mode rule kernels of Vlotte Geesten: the answer to a roll, the points of a round, the winners.

Each is written over ``castlerules.core.symbolic`` so it runs on plain ints in the game and on z3
terms in the theorems: the proofs are about these very functions, and the game calls them on its hot
path (``rules.answer_of`` caches ``answer`` per roll; ``VlotteGeesten`` settles every round with
``settle``, charges ``penalty`` at once under the ``pot-at-once`` reading and names its winners with
``winner_flags``).
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


def _situation_1(c: Sequence[Any]) -> Any:
    return Or(*(unique_most(c, k) for k in range(N)))


def _situation_2(c: Sequence[Any]) -> Any:
    return Or(*(And(c[a] == 2, c[b] == 2) for a in range(N) for b in range(a + 1, N)))


def _situation_3(c: Sequence[Any]) -> Any:
    return And(*(c[k] == 1 for k in range(N)))


@clause("vg.spel.tellen", "vg.situatie1.regel", "vg.situatie1.twee-keer")
def situation_1(dice: Sequence[Any]) -> Any:
    """One object shows more often than every other (three times or more, or twice with the others
    once each)."""
    return _situation_1(counts(dice))


@clause("vg.situatie2.regel")
def situation_2(dice: Sequence[Any]) -> Any:
    """Two objects show twice each."""
    return _situation_2(counts(dice))


@clause("vg.situatie3.regel")
def situation_3(dice: Sequence[Any]) -> Any:
    """All five objects show once each."""
    return _situation_3(counts(dice))


def _answer_1(dice: Sequence[Any], c: Sequence[Any]) -> Any:
    result: Any = NO_ANSWER
    for k in range(N):
        result = If(unique_most(c, k), dice[k], result)
    return result


def _answer_2(c: Sequence[Any]) -> Any:
    result: Any = NO_ANSWER
    for k in range(N):
        result = If(c[k] == 1, k, result)
    return result


def _answer_3(dice: Sequence[Any]) -> Any:
    result: Any = NO_ANSWER
    for i in range(N):
        result = If(dice[i] == GHOST, i, result)
    return result


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
    return _answer_1(dice, counts(dice))


@clause("vg.situatie2.regel", "vg.situatie2.voorbeeld")
def answer_2(dice: Sequence[Any]) -> Any:
    """Situation 2: the object that shows once."""
    return _answer_2(counts(dice))


@clause("vg.voorbereiding.kleuren", "vg.situatie3.regel", "vg.situatie3.voorbeeld")
def answer_3(dice: Sequence[Any]) -> Any:
    """Situation 3: the object whose colour is that of the die showing the ghost."""
    return _answer_3(dice)


@clause("vg.antwoord.uniek", "vg.spel.tellen")
def answer(dice: Sequence[Any]) -> Any:
    """The object to grab for ``dice`` (die ``i`` has the colour of object ``i``).

    NO_ANSWER if no situation applies — which the theorem ``vg.answer-unique`` shows never happens.
    The counts are taken once and shared by the three situations.
    """
    c = counts(dice)
    return If(
        _situation_1(c),
        _answer_1(dice, c),
        If(_situation_2(c), _answer_2(c), If(_situation_3(c), _answer_3(dice), NO_ANSWER)),
    )


@clause("vg.punten.fout")
def penalty(score: Any, debt: bool = False) -> Any:
    """What a wrong grabber gives: one of their points; nothing when they have none — unless the
    reading lets a score go into debt (``debt``), when it is always one."""
    return 1 if debt else If(score >= 1, 1, 0)


@clause(
    "vg.punten.juist",
    "vg.doel.punt",
    "vg.punten.fout",
    "vg.pot.iedereen-mis",
    "vg.pot.leggen",
    "vg.pot.winnen",
)
def settle(
    scores: Sequence[Any],
    supply: Any,
    pot: Any,
    wrong: Sequence[Any],
    correct: Sequence[Any],
    debt: bool = False,
) -> tuple[list[Any], Any, Any]:
    """Settle a round: (scores, supply, pot) after it.

    ``wrong[i]``: player i still owes the penalty of a wrong grab (or of several objects at once);
    ``correct[i]``: player i grabbed the right object first (at most one). Each such wrong grabber
    pays ``penalty`` to the correct grabber or, when nobody was correct, into the pot; the correct
    grabber also takes one point from the supply and the whole pot.
    """
    n = len(scores)
    pay = [If(wrong[i], penalty(scores[i], debt), 0) for i in range(n)]
    paid = Sum(pay)
    anyone = Or(*correct)
    new_scores = [scores[i] - pay[i] + If(correct[i], 1 + pot + paid, 0) for i in range(n)]
    return new_scores, If(anyone, supply - 1, supply), If(anyone, 0, pot + paid)


@clause("vg.einde.winnaar", "vg.doel.winnaar")
def winner_flags(scores: Sequence[Any], draw: bool = False) -> list[Any]:
    """Who wins, per player: a highest score; under the ``draw`` reading of a tie, only the one
    player with a score higher than every other (a shared highest score wins for nobody)."""
    n = len(scores)
    if draw:
        return [And(*(scores[i] > scores[j] for j in range(n) if j != i)) for i in range(n)]
    return [And(*(scores[i] >= scores[j] for j in range(n) if j != i)) for i in range(n)]
