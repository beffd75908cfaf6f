"""Vlotte Geesten theorems: every roll has exactly one answer; points are conserved; the pot empties.

Each check takes the kernel functions it is about as parameters (defaulting to the game's own), so a
test can hand it a deliberately broken rule and see the counterexample.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import z3

from castlerules.core.play import random_action
from castlerules.core.symbolic import And, Count, ExactlyOne, Not, Or
from castlerules.core.theorem import Result, Status, Theorem, for_all, z3_prove
from castlerules.vlotte_geesten import kernel
from castlerules.vlotte_geesten.state import COLOURS, TOTAL_POINTS, Obj

GAME = "vlotte-geesten"
Kernel = Callable[[Sequence[Any]], Any]
SITUATIONS: tuple[Kernel, Kernel, Kernel] = (
    kernel.situation_1,
    kernel.situation_2,
    kernel.situation_3,
)


def _show_dice(values: Sequence[int]) -> str:
    names = [Obj(v).name.lower() if 0 <= v < 5 else str(v) for v in values]
    return ", ".join(f"{c} die: {n}" for c, n in zip(COLOURS, names))


def _model_dice(model: z3.ModelRef, dice: Sequence[Any]) -> list[int]:
    return [model.eval(d, model_completion=True).as_long() for d in dice]


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
        Or(
            s1,
            Or(Not(s2), Count(c[k] == 1 for k in range(5)) == 1),
        ),
        Or(Not(s3), Count(d == kernel.GHOST for d in dice) == 1),
        a >= 0,
        a <= 4,
    )


def check_answer_unique_z3(
    answer: Kernel = kernel.answer, situations: Sequence[Kernel] = SITUATIONS
) -> Result:
    dice = [z3.Int(f"{c}_die") for c in COLOURS]
    return z3_prove(
        exactly_one_answer_claim(dice, answer, situations),
        assumptions=[z3.And(d >= 0, d <= 4) for d in dice],
        render=lambda m: _show_dice(_model_dice(m, dice)),
        detail="z3 over all 5^5 rolls: the negation is unsatisfiable",
    )


def reference_answer(dice: Sequence[int]) -> int:
    """An independent reading of the three situations with Counter (the oracle)."""
    counts = Counter(dice)
    ranked = counts.most_common()
    if len(ranked) == 1 or ranked[0][1] > ranked[1][1]:
        return dice[ranked[0][0]]
    if ranked[0][1] == 2 and ranked[1][1] == 2:
        return ranked[2][0]
    return dice.index(kernel.GHOST)


def check_answer_exhaustive(
    answer: Kernel = kernel.answer, situations: Sequence[Kernel] = SITUATIONS
) -> Result:
    def holds(dice: tuple[int, ...]) -> bool:
        return bool(exactly_one_answer_claim(list(dice), answer, situations)) and answer(
            list(dice)
        ) == reference_answer(dice)

    return for_all(itertools.product(range(5), repeat=5), holds, _show_dice)


Settle = Callable[..., tuple[list[Any], Any, Any]]


def _settle_symbols(n: int) -> tuple[list[Any], Any, Any, list[Any], list[Any], list[Any]]:
    scores = [z3.Int(f"score_p{i}") for i in range(n)]
    supply, pot = z3.Int("supply"), z3.Int("pot")
    wrong = [z3.Bool(f"wrong_p{i}") for i in range(n)]
    correct = [z3.Bool(f"correct_p{i}") for i in range(n)]
    pre = [
        *(s >= 0 for s in scores),
        supply >= 1,  # a round is only played while the supply is not empty
        pot >= 0,
        z3.Sum(scores) + supply + pot == TOTAL_POINTS,
        z3.Sum([z3.If(c, 1, 0) for c in correct]) <= 1,
        *(z3.Not(z3.And(w, c)) for w, c in zip(wrong, correct)),
    ]
    return scores, supply, pot, wrong, correct, pre


def _render_settle(model: z3.ModelRef, names: Sequence[Any]) -> str:
    return ", ".join(f"{v}={model.eval(v, model_completion=True)}" for v in names)


def _prove_for_settle(
    settle: Settle, players: Sequence[int], claim: Callable[[list[Any], Any, Any], Any]
) -> Result:
    """Prove ``claim(new_scores, new_supply, new_pot)`` after ``settle`` from every state that
    satisfies the invariant, for each player count (an inductive step)."""
    for n in players:
        scores, supply, pot, wrong, correct, pre = _settle_symbols(n)
        symbols = [*scores, supply, pot, *wrong, *correct]

        def render(model: z3.ModelRef, n: int = n, symbols: list[Any] = symbols) -> str:
            return f"{n} players: " + _render_settle(model, symbols)

        result = z3_prove(
            claim(*settle(scores, supply, pot, wrong, correct)), assumptions=pre, render=render
        )
        if result.status is not Status.PROVED:
            return result
    return Result.proved(f"z3, inductive step for {len(list(players))} player counts")


def check_conservation_z3(
    settle: Settle = kernel.settle, players: Sequence[int] = range(2, 9)
) -> Result:
    """Inductive step: from any state with supply + pot + scores = 35 (all >= 0), settling a round
    keeps the sum and keeps every count >= 0. (Rolls, passes and unsettled grabs move no points.)"""
    return _prove_for_settle(
        settle,
        players,
        lambda new_scores, new_supply, new_pot: z3.And(
            z3.Sum(new_scores) + new_supply + new_pot == TOTAL_POINTS,
            *(s >= 0 for s in new_scores),
            new_supply >= 0,
            new_pot >= 0,
        ),
    )


def check_pot_empty_z3(
    settle: Settle = kernel.settle, players: Sequence[int] = range(2, 9)
) -> Result:
    """Inductive step: a settlement that empties the supply leaves the pot empty."""
    return _prove_for_settle(
        settle,
        players,
        lambda _scores, new_supply, new_pot: z3.Implies(new_supply == 0, new_pot == 0),
    )


def check_points_on_playouts(
    game_factory: Callable[[int], Any] | None = None, games: int = 3
) -> Result:
    """The whole game (the code that runs), on seeded random playouts for every player count:
    supply + pot + scores = 35 in every visited state, and the pot is empty at the end."""
    from castlerules.core.catalog import make

    factory = game_factory or (lambda n: make(GAME, players=n))
    visited = 0
    for n in range(2, 9):
        game = factory(n)
        rng = random.Random(n)
        for _ in range(games):
            state = game.initial_state()
            while True:
                visited += 1
                total = sum(state.scores) + state.supply + state.pot
                if total != TOTAL_POINTS or min(state.scores) < 0:
                    return Result.refuted(game.render(state), f"total {total} with {n} players")
                if game.is_terminal(state):
                    if state.pot != 0:
                        return Result.refuted(game.render(state), "pot not empty at the end")
                    break
                state = game.apply(state, random_action(game, state, rng))
    return Result.proved(f"{visited} states on {7 * games} random games")


def theorems(game: Any = None) -> tuple[Theorem, ...]:
    answer_clauses = (
        "vg.antwoord.uniek",
        "vg.spel.tellen",
        "vg.situatie1.regel",
        "vg.situatie1.twee-keer",
        "vg.situatie2.regel",
        "vg.situatie3.regel",
    )
    points = (
        "vg.punten.juist",
        "vg.punten.fout",
        "vg.pot.leggen",
        "vg.pot.winnen",
        "vg.voorbereiding.inhoud",
    )
    return (
        Theorem(
            "vg.answer-unique",
            GAME,
            "Every roll of the five dice falls under exactly one of the three situations, the "
            "situation picks its object unambiguously, and the answer is one of the five objects.",
            answer_clauses,
            "z3",
            check_answer_unique_z3,
        ),
        Theorem(
            "vg.answer-exhaustive",
            GAME,
            "Over all 3125 rolls, the game's answer function satisfies the same statement and "
            "agrees with an independent reading of the three situations.",
            answer_clauses,
            "exhaustive",
            check_answer_exhaustive,
        ),
        Theorem(
            "vg.points-conserved",
            GAME,
            "Settling a round keeps supply + pot + all scores = 35 with every count >= 0 "
            "(inductive step over all states satisfying the invariant, 2-8 players).",
            points,
            "z3",
            check_conservation_z3,
        ),
        Theorem(
            "vg.pot-empty-at-end",
            GAME,
            "When the supply runs out, the pot is empty (inductive step, 2-8 players).",
            ("vg.einde.voorraad-leeg", "vg.pot.winnen"),
            "z3",
            check_pot_empty_z3,
        ),
        Theorem(
            "vg.points-on-playouts",
            GAME,
            "In every state of seeded random games with 2-8 players, supply + pot + scores = 35 "
            "and no score is negative; at the end the pot is empty.",
            (*points, "vg.einde.voorraad-leeg"),
            "bounded",
            check_points_on_playouts,
        ),
    )
