"""Points, penalties and the pot (vg.punten.*, vg.pot.*, vg.doel.punt; interpretations
vg.interp.penalty-no-points and vg.interp.penalty-recipient).

- z3 over the settle and penalty kernels the game runs, for every score, supply and pot satisfying
  the invariant, every player count from 2 to 8, and every option of both penalty readings;
- the penalty readings played through the game itself, for the game's player count: what each
  option does with a wrong grabber's point, move by move.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from castlerules.core.extras import z3
from castlerules.core.theorem import Result, Status, theorem, z3_prove
from castlerules.vlotte_geesten import kernel
from castlerules.vlotte_geesten.notation import state_to_text
from castlerules.vlotte_geesten.state import Grab, Obj, Pass, Roll, State
from castlerules.vlotte_geesten.theorems.common import (
    GRAB_PHASE,
    NO_POINTS,
    RECIPIENT,
    STATEMENT_TESTS,
    TESTS,
    fact,
    reading,
    refuted_at,
    render_model,
    total_points,
    variant,
)
from castlerules.vlotte_geesten.theorems.reference import reference_answer, representative_rolls

#: The clauses of the points and the pot, and the penalty readings the statements cover at once.
POINT_CLAUSES = (
    "vg.punten.juist",
    "vg.punten.fout",
    "vg.pot.leggen",
    "vg.pot.winnen",
    "vg.voorbereiding.inhoud",
)
PENALTY_READINGS = (NO_POINTS, RECIPIENT)

Settle = Callable[..., tuple[list[Any], Any, Any]]
Penalty = Callable[..., Any]
#: (debt, pay at once) for every option of the two penalty readings.
EVERY_PENALTY_READING = ((False, False), (False, True), (True, False), (True, True))


def _symbols(
    n: int, debt: bool, regrab: bool
) -> tuple[list[Any], Any, Any, list[Any], list[Any], list[Any]]:
    scores = [z3.Int(f"score_p{i}") for i in range(n)]
    supply, pot = z3.Int("supply"), z3.Int("pot")
    wrong = [z3.Bool(f"wrong_p{i}") for i in range(n)]
    correct = [z3.Bool(f"correct_p{i}") for i in range(n)]
    pre = [
        *([] if debt else [s >= 0 for s in scores]),
        supply >= 1,  # a round is only played while the supply is not empty
        pot >= 0,
        z3.Sum(scores) + supply + pot == total_points(),
        z3.Sum([z3.If(c, 1, 0) for c in correct]) <= 1,
        # a wrong grabber is done for the round, unless they may grab again (regrab)
        *([] if regrab else [z3.Not(z3.And(w, c)) for w, c in zip(wrong, correct)]),
    ]
    return scores, supply, pot, wrong, correct, pre


def _readings(game: Any) -> tuple[bool, bool, bool]:
    """(debt, regrab, pay at once) of a game, as the core resolved its readings (the defaults when
    no game is given)."""
    if game is None:
        return False, False, False
    return (
        reading(game, NO_POINTS) == "debt",
        reading(game, GRAB_PHASE) == "regrab",
        reading(game, RECIPIENT) == "pot-at-once",
    )


def _cases(game: Any, every: bool) -> list[tuple[bool, bool, bool]]:
    """The (debt, regrab, at once) cases a z3 statement is proved for: the game's readings, or
    (``every``) every option of both penalty readings, with the weaker precondition of regrab (a
    wrong grabber may also be the correct one), which covers ``once`` too."""
    if not every:
        return [_readings(game)]
    return [(debt, True, at_once) for debt, at_once in EVERY_PENALTY_READING]


def _for_players(
    players: Sequence[int],
    game: Any,
    claim: Callable[..., Any],
    every: bool = False,
) -> Result:
    cases = _cases(game, every)
    for debt, regrab, at_once in cases:
        for n in players:
            scores, supply, pot, wrong, correct, pre = _symbols(n, debt, regrab)
            shown = [*scores, supply, pot, *wrong, *correct]
            under = f"{n} players, debt={debt}, pay at once={at_once}"

            def render(model: z3.ModelRef, under: str = under, shown: list[Any] = shown) -> str:
                return f"{under}: " + render_model(model, shown)

            result = z3_prove(
                claim(n, scores, supply, pot, wrong, correct, debt, at_once),
                assumptions=pre, render=render,
            )
            if result.status is not Status.PROVED:
                return result
    return Result.proved(
        f"z3, every value, {len(list(players))} player counts, {len(cases)} reading(s)")


@theorem(
    "vg.points-conserved",
    "Settling a round, and paying a penalty at once, keep supply + pot + all scores = 35 "
    "with supply and pot (and, unless scores may go into debt, every score) >= 0 "
    "(inductive step over every state satisfying the invariant, 2-8 players, every option "
    "of the penalty readings).",
    clauses=POINT_CLAUSES,
    method="z3",
    call=lambda check, game: check(game=game, every=True),
    all_options_of=PENALTY_READINGS,
    fails_with=f"{TESTS}::test_conservation_theorem_finds_a_negative_score",
)
def check_conservation_z3(
    settle: Settle = kernel.settle,
    penalty: Penalty = kernel.penalty,
    game: Any = None,
    players: Sequence[int] = range(2, 9),
    every: bool = False,
) -> Result:
    """Inductive step: from any state with supply + pot + scores = 35 (each >= 0 unless the debt
    reading), settling a round — and, under pot-at-once, paying a penalty at once — keeps the sum
    and keeps supply and pot (and scores, unless debt) >= 0. Rolls and passes move no points (the
    successor theorem checks that the game calls these kernels and nothing else)."""

    def claim(n: int, scores: list[Any], supply: Any, pot: Any, wrong: list[Any],
              correct: list[Any], debt: bool, at_once: bool) -> Any:
        owed = [False] * n if at_once else wrong
        new, new_supply, new_pot = settle(scores, supply, pot, owed, correct, debt)
        parts = [
            z3.Sum(new) + new_supply + new_pot == total_points(),
            new_supply >= 0,
            new_pot >= 0,
            *([] if debt else [s >= 0 for s in new]),
        ]
        for p in range(n):  # a penalty paid at once (the pot-at-once reading)
            pay = penalty(scores[p], debt)
            parts.append(scores[p] - pay + pot + pay == scores[p] + pot)
            parts.append(pot + pay >= 0)
            if not debt:
                parts.append(scores[p] - pay >= 0)
        return z3.And(*parts)

    return _for_players(players, game, claim, every)


def penalty_rule(score: Any, debt: bool) -> Any:
    """'Geef je een van je punten': one point (the fact); none without points, unless the debt
    reading, when always one."""
    fine = int(fact("points-per-wrong-grab"))
    return fine if debt else z3.If(score >= fine, fine, 0)


@theorem(
    "vg.payouts",
    "For every score, supply and pot, a settled round pays exactly what the rulebook says: "
    "each wrong grabber one point (none without points — under debt, one all the same), "
    "the correct grabber one point from the supply plus the pot and the penalties, nobody "
    "else anything; with nobody correct the penalties go into the pot and the supply is "
    "untouched (2-8 players, both options of penalty-no-points).",
    clauses=(*POINT_CLAUSES, "vg.pot.iedereen-mis", "vg.doel.punt"),
    method="z3",
    call=lambda check, game: check(game=game, every=True),
    all_options_of=PENALTY_READINGS,
    fails_with=f"{TESTS}::test_payout_theorem_finds_a_penalty_kept",
)
def check_payouts_z3(
    settle: Settle = kernel.settle,
    penalty: Penalty = kernel.penalty,
    game: Any = None,
    players: Sequence[int] = range(2, 9),
    every: bool = False,
) -> Result:
    """Exactly what the rulebook pays, for every value: each wrong grabber gives one point (none
    without points, unless debt); the correct grabber gets one point from the supply, the whole pot
    and the penalties; nobody else's score moves; when nobody was correct the penalties go into the
    pot and the supply is untouched."""
    win = int(fact("points-per-correct-grab"))

    def claim(n: int, scores: list[Any], supply: Any, pot: Any, wrong: list[Any],
              correct: list[Any], debt: bool, at_once: bool) -> Any:
        new, new_supply, new_pot = settle(scores, supply, pot, wrong, correct, debt)
        owes = [z3.If(w, penalty_rule(s, debt), 0) for s, w in zip(scores, wrong)]
        paid = z3.Sum(owes)
        anyone = z3.Or(*correct)
        return z3.And(
            *(
                new[i] == scores[i] - owes[i] + z3.If(correct[i], win + pot + paid, 0)
                for i in range(n)
            ),
            new_supply == z3.If(anyone, supply - win, supply),
            new_pot == z3.If(anyone, 0, pot + paid),
            *(penalty(s, debt) == penalty_rule(s, debt) for s in scores),
        )

    return _for_players(players, game, claim, every)


@theorem(
    "vg.pot-empty-at-end",
    "When the supply runs out, the pot is empty (inductive step, 2-8 players, every option "
    "of the penalty readings).",
    clauses=("vg.einde.voorraad-leeg", "vg.pot.winnen"),
    method="z3",
    call=lambda check, game: check(game=game, every=True),
    all_options_of=PENALTY_READINGS,
    fails_with=f"{TESTS}::test_pot_theorem_finds_a_pot_left_at_the_end",
)
def check_pot_empty_z3(
    settle: Settle = kernel.settle, game: Any = None, players: Sequence[int] = range(2, 9),
    every: bool = False,
) -> Result:
    """Inductive step: a settlement that empties the supply leaves the pot empty."""

    def claim(n: int, scores: list[Any], supply: Any, pot: Any, wrong: list[Any],
              correct: list[Any], debt: bool, at_once: bool) -> Any:
        owed = [False] * n if at_once else wrong
        _, new_supply, new_pot = settle(scores, supply, pot, owed, correct, debt)
        return z3.Implies(new_supply == 0, new_pot == 0)

    return _for_players(players, game, claim, every)


# -- the penalty readings, played through the game -------------------------------------------------


def _scenarios(n: int) -> list[tuple[tuple[int, ...], int | None]]:
    """(wrong grabbers in order, correct grabber or None): each player alone, and each run of up to
    four consecutive seats (never all n), each followed by a correct grab by the next seat or by
    nobody."""
    out = []
    m = min(4, n - 1)
    for p in range(n):
        for wrong in ((p,), tuple((p + i) % n for i in range(m))):
            after = (wrong[-1] + 1) % n
            for correct in (after, None):
                if (wrong, correct) not in out:
                    out.append((wrong, correct))
    return out


def _penalty_variants(
    game: Any,
) -> Iterator[tuple[Any, bool, bool, bool, tuple[Obj, ...], Obj, list[Obj]]]:
    """The game under each of the four penalty options (nothing/debt x at-round-end/pot-at-once),
    with what the statements need of it: (game, debt, at once, regrab, a roll its dice can show,
    the rulebook's answer to that roll, the other objects)."""
    for debt_option in ("nothing", "debt"):
        for recipient in ("at-round-end", "pot-at-once"):
            made = variant(game, readings={NO_POINTS: debt_option, RECIPIENT: recipient})
            rolls = representative_rolls(frozenset(
                o.faces for o, _ in made.chance_outcomes(made.initial_state())))
            faces = rolls[0]
            answer = Obj(reference_answer([int(f) for f in faces]))
            yield (made, debt_option == "debt", recipient == "pot-at-once",
                   reading(made, GRAB_PHASE) == "regrab", faces, answer,
                   [o for o in Obj if o != answer])


@theorem(
    "vg.penalty-readings",
    "For each player count, played through the game under both options of each penalty "
    "reading: under pot-at-once a wrong grabber's point goes into the pot at once, under "
    "at-round-end nothing moves until the round ends; the correct grabber then gets one "
    "point from the supply, the pot and (at-round-end) every wrong grabber's point; with "
    "nobody correct the supply is untouched and the points owed go into the pot; a wrong "
    "grabber without points gives nothing — under debt one all the same.",
    clauses=("vg.punten.fout", "vg.punten.juist", "vg.pot.leggen", "vg.pot.winnen",
             "vg.pot.iedereen-mis", "vg.doel.punt"),
    method="exhaustive",
    depends_on=("players", GRAB_PHASE),
    all_options_of=PENALTY_READINGS,
    fails_with=f"{STATEMENT_TESTS}::test_penalty_theorem_finds_the_point_kept_back",
)
def check_penalty_readings(game: Any) -> Result:
    """Plays, for the game's player count and both options of each penalty reading, rounds in which
    some players grab wrongly and then one grabs correctly or nobody does (the rest pass), from a
    position where every other player has no points and the pot holds 2. Move by move:

    - pot-at-once: a wrong grabber's point (none without points, unless debt) goes into the pot at
      once; at-round-end: nothing moves until the round ends;
    - when the round ends with a correct grab, the grabber gets one point from the supply, the pot
      and (at-round-end) every wrong grabber's point; with nobody correct the supply is untouched,
      the points owed (at-round-end) go into the pot, and nobody gains;
    - nothing: a wrong grabber without points gives nothing; debt: gives one all the same.
    """
    n = game.num_players
    win, fine = int(fact("points-per-correct-grab")), int(fact("points-per-wrong-grab"))
    total = total_points()
    checked = 0
    for made, debt, at_once, regrab, faces, answer, others in _penalty_variants(game):
        for wrong, correct in _scenarios(n):
            scores = [2 * (i % 2) for i in range(n)]
            pot, supply = 2, total - sum(2 * (i % 2) for i in range(n)) - 2
            state = made.successor(State(tuple(scores), supply, pot, 0), Roll(faces))
            owed = 0

            def fail(
                at: State, why: str, who: tuple[str, ...] = (), made: Any = made
            ) -> Result:
                return refuted_at(made, at, why, who)

            for j, p in enumerate(wrong):
                pay = fine if debt or scores[p] >= fine else 0
                after = made.successor(state, Grab(p, frozenset({others[j]})))
                if at_once:
                    scores[p] -= pay
                    pot += pay
                else:
                    owed += pay
                if list(after.scores) != scores or after.pot != pot or after.supply != supply:
                    return fail(state, f"after p{p}'s wrong grab the position is "
                                f"{state_to_text(after)}: scores {scores}, pot {pot} expected",
                                (f"p{p}", "pot"))
                state = after
            if correct is not None:
                after = made.successor(state, Grab(correct, frozenset({answer})))
                for p in ([] if at_once else wrong):
                    scores[p] -= fine if debt or scores[p] >= fine else 0
                scores[correct] += win + pot + owed
                pot, supply = 0, supply - win
            else:
                still = [p for p in range(n) if regrab or p not in wrong]
                for p in still:
                    after = made.successor(state, Pass(p))
                    state = after
                for p in ([] if at_once else wrong):
                    scores[p] -= fine if debt or scores[p] >= fine else 0
                pot += owed
            if (list(after.scores) != scores or after.pot != pot or after.supply != supply
                    or after.dice is not None):
                who = "nobody" if correct is None else f"p{correct}"
                return fail(state, f"when the round ends with {who} correct the position is "
                            f"{state_to_text(after)}: scores {scores}, supply {supply}, pot "
                            f"{pot} expected", ("pot", "supply"))
            checked += 1
    return Result.proved(f"{n} players: {checked} rounds under the four penalty readings")


@theorem(
    "vg.penalty-readings-any-score",
    "For each player count, through the game's own successor with symbolic points (z3: "
    "every score vector, supply and pot with supply + pot + scores = 35), under both "
    "options of each penalty reading, in rounds where some players grab wrongly and then "
    "one grabs correctly or nobody does: after every move the scores, the supply and the "
    "pot are exactly the reading's — a wrong grabber's point (none without points, one "
    "all the same under debt) into the pot at once (pot-at-once) or to the correct "
    "grabber when the round ends (at-round-end); the correct grabber's point from the "
    "supply and the pot; with nobody correct the points owed into the pot.",
    clauses=("vg.punten.fout", "vg.punten.juist", "vg.pot.leggen", "vg.pot.winnen",
             "vg.pot.iedereen-mis"),
    method="z3",
    depends_on=("players", GRAB_PHASE),
    all_options_of=PENALTY_READINGS,
    fails_with=f"{STATEMENT_TESTS}::test_any_score_penalty_theorem_finds_a_fine_at_zero",
)
def check_penalty_readings_z3(game: Any) -> Result:
    """z3 through the game's own ``successor`` (its scores, supply and pot symbolic; the round's
    bookkeeping concrete), for the game's player count and both options of each penalty reading:
    for every score vector, supply and pot with supply + pot + scores = 35 (every score >= 0 unless
    debt), in the rounds of ``_scenarios`` — some players grab wrongly, then one grabs correctly or
    nobody does — every position after every move holds exactly the points the reading gives:

    - 'Grijp je het verkeerde voorwerp ... dan geef je een van je punten aan de speler die het
      juiste voorwerp te pakken kreeg': one point (none without points; one all the same under
      debt), into the pot at once (pot-at-once) or, when the round ends (at-round-end), to the
      correct grabber;
    - 'Pak je als eerste het juiste voorwerp, dan neem je een punt uit de voorraad' and 'krijgt
      naast het punt uit de voorraad ook alle punten uit de pot';
    - 'Het kan gebeuren dat iedereen misgrijpt. Dan krijgt niemand die worp een punt uit de
      voorraad': the points owed go into the pot.
    """
    n = game.num_players
    win, fine = int(fact("points-per-correct-grab")), int(fact("points-per-wrong-grab"))
    total = total_points()
    scenarios = _scenarios(n)
    for made, debt, at_once, regrab, faces, answer, others in _penalty_variants(game):
        start_scores = [z3.Int(f"score_p{i}") for i in range(n)]
        supply0, pot0 = z3.Int("supply"), z3.Int("pot")
        pre = [
            *([] if debt else [x >= 0 for x in start_scores]),
            supply0 >= 1, pot0 >= 0, z3.Sum(start_scores) + supply0 + pot0 == total,
        ]

        def pay(score: Any, debt: bool = debt) -> Any:
            return fine if debt else z3.If(score >= fine, fine, 0)

        for wrong, correct in scenarios:
            scores: list[Any] = list(start_scores)
            pot: Any = pot0
            supply: Any = supply0
            owed: Any = 0
            state = State(tuple(start_scores), supply0, pot0, 0, faces)  # type: ignore[arg-type]
            parts = []
            moves = []
            for j, p in enumerate(wrong):
                action: Any = Grab(p, frozenset({others[j]}))
                state = made.successor(state, action)
                moves.append(action)
                due = pay(scores[p])
                if at_once:
                    scores[p] = scores[p] - due
                    pot = pot + due
                else:
                    owed = owed + due
                parts += [*(a == b for a, b in zip(state.scores, scores)),
                          state.pot == pot, state.supply == supply]
            if correct is not None:
                state = made.successor(state, Grab(correct, frozenset({answer})))
                moves.append(Grab(correct, frozenset({answer})))
                for p in ([] if at_once else wrong):
                    scores[p] = scores[p] - pay(scores[p])
                scores[correct] = scores[correct] + win + pot + owed
                pot, supply = 0, supply - win
            else:
                for p in range(n):
                    if regrab or p not in wrong:
                        state = made.successor(state, Pass(p))
                        moves.append(Pass(p))
                for p in ([] if at_once else wrong):
                    scores[p] = scores[p] - pay(scores[p])
                pot = pot + owed
            parts += [*(a == b for a, b in zip(state.scores, scores)),
                      state.pot == pot, state.supply == supply]
            if state.dice is not None:
                return refuted_at(made, State(tuple(0 for _ in range(n)), total, 0, 0),
                                  "the round did not end")
            under = f"{reading(made, NO_POINTS)}, {reading(made, RECIPIENT)}"
            shown_moves = " ".join(made.action_to_str(state, m) for m in moves)

            def render(model: z3.ModelRef, under: str = under, moves: str = shown_moves,
                       start: tuple[Any, ...] = (*start_scores, supply0, pot0)) -> str:
                values = [model.eval(x, model_completion=True) for x in start]
                return (f"{n} players ({under}): from scores {values[:n]}, supply "
                        f"{values[n]}, pot {values[n + 1]}, after {moves} the points are "
                        "not the reading's")

            result = z3_prove(z3.And(*parts), assumptions=pre, render=render)
            if result.status is not Status.PROVED:
                return result
    return Result.proved(f"{n} players: z3, every score vector, {len(scenarios)} rounds under "
                         "each of the four penalty readings")
