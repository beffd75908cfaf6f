"""Vlotte Geesten theorems: the answer, the dice, the points, who may act, every transition, the end.

Two kinds of proof, both about the code the game runs (``basis="code"``):

- **z3 over the dual-mode kernels** (``kernel.answer``, ``kernel.settle``, ``kernel.penalty``,
  ``kernel.winner_flags``) for every value: every roll, every score, supply and pot satisfying the
  invariant, 2–8 players, under the game's readings.
- **Exhaustive enumeration of the game's own methods** (``violation``, ``legal_actions``,
  ``successor``, ``winners``, ...) against an independent reading of the rules written here
  (``Reference``), over a stated finite box: every round state the game's validation accepts for 2
  and 3 players (4 with ``--deep``) — every order of acting, every set of wrong grabbers, every set
  of grabbed objects — with the dice of every answer and every situation, and score profiles that
  give every player both no points and some.

Every check takes the game object it is about (its readings and options), so a test can hand it a
deliberately broken rule and see the counterexample; a counterexample carries the position text and
the objects, dice and players that matter (``highlight``).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from typing import Any

import z3

from castlerules.core.symbolic import And, Count, ExactlyOne, Not, Or
from castlerules.core.theorem import Result, Status, Theorem, for_all, z3_prove
from castlerules.vlotte_geesten import kernel
from castlerules.vlotte_geesten.notation import state_to_text
from castlerules.vlotte_geesten.state import COLOURS, TOTAL_POINTS, Grab, Obj, Pass, Roll, State

GAME = "vlotte-geesten"
TESTS = "tests/vlotte_geesten/test_vg_theorems.py"
Kernel = Callable[[Sequence[Any]], Any]
SITUATIONS: tuple[Kernel, Kernel, Kernel] = (
    kernel.situation_1,
    kernel.situation_2,
    kernel.situation_3,
)
ALL_DICE = tuple(itertools.product(range(5), repeat=5))
SUBSETS = tuple(frozenset(c) for r in range(1, 6) for c in itertools.combinations(Obj, r))


def _show_dice(values: Sequence[int]) -> str:
    names = [Obj(v).name.lower() if 0 <= v < 5 else str(v) for v in values]
    return ", ".join(f"{c} die: {n}" for c, n in zip(COLOURS, names))


def _model_dice(model: z3.ModelRef, dice: Sequence[Any]) -> list[int]:
    return [model.eval(d, model_completion=True).as_long() for d in dice]


# -- the answer ----------------------------------------------------------------------------------


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
    return list(dice).index(kernel.GHOST)


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

    return for_all(ALL_DICE, holds, _show_dice)


# -- the dice ------------------------------------------------------------------------------------


def _faces_of(game: Any) -> tuple[Counter[Obj], ...]:
    """Each die's faces, from the game's options (every object once when the faces are uniform)."""
    faces = game.options.get("faces")
    if faces is None:
        return tuple(Counter(Obj) for _ in COLOURS)
    return tuple(Counter(Obj[name.upper()] for name in faces[c]) for c in COLOURS)


def reference_distribution(game: Any) -> dict[tuple[Obj, ...], Fraction]:
    per_die = _faces_of(game)
    out: dict[tuple[Obj, ...], Fraction] = {}
    for faces in itertools.product(Obj, repeat=5):
        p = Fraction(1)
        for die, face in zip(per_die, faces):
            p *= Fraction(die[face], sum(die.values()))
        if p:
            out[faces] = p
    return out


def check_chance(game: Any) -> Result:
    """The roll: every outcome the dice can show, once, with its exact probability (summing to 1);
    at a chance node the legal actions are the outcomes; nowhere else is there chance."""
    expected = reference_distribution(game)
    box = Box(game, players=game.num_players)
    for state in box.chance_states():
        outcomes = game.chance_outcomes(state)
        found = {o.faces: p for o, p in outcomes}
        if len(found) != len(outcomes):
            return box.refuted(state, "an outcome is listed twice", highlight=("dice",))
        for faces in sorted(set(found) | set(expected)):
            if found.get(faces) != expected.get(faces):
                return box.refuted(state, f"the roll {_show_dice(faces)} has probability "
                                   f"{found.get(faces, 0)}, not {expected.get(faces, 0)}",
                                   highlight=("dice",))
        if sum(found.values()) != 1 or game.legal_actions(state) != tuple(o for o, _ in outcomes):
            return box.refuted(state, "the outcomes do not sum to 1 or are not the legal actions")
        if not game.is_chance(state):
            return box.refuted(state, "a state before the roll is not a chance node")
    for state in itertools.chain(box.round_states(rolls=1), box.terminal_states()):
        if game.is_chance(state) or game.chance_outcomes(state):
            return box.refuted(state, "chance after the roll or at the end")
    return Result.proved(f"{len(expected)} outcomes, exact; no chance in any round or end state")


# -- points: the kernels over every value (z3) ---------------------------------------------------


def _symbols(n: int, debt: bool, regrab: bool) -> tuple[list[Any], Any, Any, list[Any], list[Any], list[Any]]:
    scores = [z3.Int(f"score_p{i}") for i in range(n)]
    supply, pot = z3.Int("supply"), z3.Int("pot")
    wrong = [z3.Bool(f"wrong_p{i}") for i in range(n)]
    correct = [z3.Bool(f"correct_p{i}") for i in range(n)]
    pre = [
        *([] if debt else [s >= 0 for s in scores]),
        supply >= 1,  # a round is only played while the supply is not empty
        pot >= 0,
        z3.Sum(scores) + supply + pot == TOTAL_POINTS,
        z3.Sum([z3.If(c, 1, 0) for c in correct]) <= 1,
        # a wrong grabber is done for the round, unless they may grab again (regrab)
        *([] if regrab else [z3.Not(z3.And(w, c)) for w, c in zip(wrong, correct)]),
    ]
    return scores, supply, pot, wrong, correct, pre


def _render(model: z3.ModelRef, names: Sequence[Any]) -> str:
    return ", ".join(f"{v}={model.eval(v, model_completion=True)}" for v in names)


Settle = Callable[..., tuple[list[Any], Any, Any]]
Penalty = Callable[..., Any]


def _readings(game: Any) -> tuple[bool, bool, bool]:
    """(debt, regrab, pay at once) of a game (the defaults when no game is given)."""
    if game is None:
        return False, False, False
    return bool(game.debt), bool(game.regrab), bool(game.pay_at_once)


def _for_players(
    players: Sequence[int],
    game: Any,
    claim: Callable[[int, list[Any], Any, Any, list[Any], list[Any]], Any],
) -> Result:
    debt, regrab, _ = _readings(game)
    for n in players:
        scores, supply, pot, wrong, correct, pre = _symbols(n, debt, regrab)
        names = [*scores, supply, pot, *wrong, *correct]

        def render(model: z3.ModelRef, n: int = n, names: list[Any] = names) -> str:
            return f"{n} players: " + _render(model, names)

        result = z3_prove(
            claim(n, scores, supply, pot, wrong, correct), assumptions=pre, render=render
        )
        if result.status is not Status.PROVED:
            return result
    return Result.proved(f"z3, every value, {len(list(players))} player counts")


def check_conservation_z3(
    settle: Settle = kernel.settle,
    penalty: Penalty = kernel.penalty,
    game: Any = None,
    players: Sequence[int] = range(2, 9),
) -> Result:
    """Inductive step: from any state with supply + pot + scores = 35 (each >= 0 unless the debt
    reading), settling a round — and, under pot-at-once, paying a penalty at once — keeps the sum
    and keeps supply and pot (and scores, unless debt) >= 0. Rolls and passes move no points (the
    successor theorem checks that the game calls these kernels and nothing else)."""
    debt, _, at_once = _readings(game)

    def claim(n: int, scores: list[Any], supply: Any, pot: Any, wrong: list[Any],
              correct: list[Any]) -> Any:
        owed = [False] * n if at_once else wrong
        new, new_supply, new_pot = settle(scores, supply, pot, owed, correct, debt)
        parts = [
            z3.Sum(new) + new_supply + new_pot == TOTAL_POINTS,
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

    return _for_players(players, game, claim)


def check_payouts_z3(
    settle: Settle = kernel.settle,
    penalty: Penalty = kernel.penalty,
    game: Any = None,
    players: Sequence[int] = range(2, 9),
) -> Result:
    """Exactly what the rulebook pays, for every value: each wrong grabber gives one point (none
    without points, unless debt); the correct grabber gets one point from the supply, the whole pot
    and the penalties; nobody else's score moves; when nobody was correct the penalties go into the
    pot and the supply is untouched."""
    debt, _, _ = _readings(game)

    def claim(n: int, scores: list[Any], supply: Any, pot: Any, wrong: list[Any],
              correct: list[Any]) -> Any:
        new, new_supply, new_pot = settle(scores, supply, pot, wrong, correct, debt)
        owes = [z3.If(w, 1 if debt else z3.If(s >= 1, 1, 0), 0) for s, w in zip(scores, wrong)]
        paid = z3.Sum(owes)
        anyone = z3.Or(*correct)
        return z3.And(
            *(
                new[i] == scores[i] - owes[i] + z3.If(correct[i], 1 + pot + paid, 0)
                for i in range(n)
            ),
            new_supply == z3.If(anyone, supply - 1, supply),
            new_pot == z3.If(anyone, 0, pot + paid),
            *(penalty(s, debt) == (1 if debt else z3.If(s >= 1, 1, 0)) for s in scores),
        )

    return _for_players(players, game, claim)


def check_pot_empty_z3(
    settle: Settle = kernel.settle, game: Any = None, players: Sequence[int] = range(2, 9)
) -> Result:
    """Inductive step: a settlement that empties the supply leaves the pot empty."""
    debt, _, at_once = _readings(game)

    def claim(n: int, scores: list[Any], supply: Any, pot: Any, wrong: list[Any],
              correct: list[Any]) -> Any:
        owed = [False] * n if at_once else wrong
        _, new_supply, new_pot = settle(scores, supply, pot, owed, correct, debt)
        return z3.Implies(new_supply == 0, new_pot == 0)

    return _for_players(players, game, claim)


# -- the box of states the exhaustive theorems cover ----------------------------------------------


def representative_rolls(possible: Any) -> tuple[tuple[Obj, ...], ...]:
    """The first roll (in product order) the dice can show of every (situation, answer) pair that
    occurs: with fair dice all five answers, each in every situation that can give it."""
    seen: dict[tuple[int, int], tuple[Obj, ...]] = {}
    for dice in ALL_DICE:
        faces = tuple(Obj(d) for d in dice)
        if faces not in possible:
            continue
        situation = next(k for k, f in enumerate(SITUATIONS, 1) if f(list(dice)))
        seen.setdefault((situation, reference_answer(dice)), faces)
    return tuple(seen[k] for k in sorted(seen))


class Box:
    """The finite set of states an exhaustive theorem covers, for one game and player count."""

    def __init__(self, game: Any, players: int) -> None:
        self.game = game
        self.n = players
        self.possible = frozenset(reference_distribution(game))
        self.rolls = representative_rolls(self.possible)

    def _possible(self, faces: tuple[Obj, ...]) -> bool:
        return faces in self.possible

    def profiles(self) -> list[tuple[tuple[int, ...], int, int, int]]:
        """(scores, supply, pot, roller): every player once without points and once with; the last
        point in the supply; a debt where the reading allows one."""
        n = self.n
        alternating = tuple(i % 2 for i in range(n))
        other = tuple((i + 1) % 2 * 2 for i in range(n))
        out = [
            (alternating, TOTAL_POINTS - sum(alternating) - 1, 1, 0),
            (other, TOTAL_POINTS - sum(other) - 3, 3, n - 1),
            ((TOTAL_POINTS - 3 - (n - 1),) + (1,) * (n - 1), 1, 2, 1 % n),
        ]
        if self.game.debt:
            debt = (-1,) + (2,) * (n - 1)
            out.append((debt, TOTAL_POINTS - sum(debt), 0, 0))
        return out

    def _valid(self, state: State) -> bool:
        try:
            self.game.validate_state(state)
        except Exception:
            return False
        return True

    def shapes(self) -> Iterator[tuple[tuple[int, ...], tuple[int, ...], frozenset[Obj]]]:
        """Every (acted, wrong, grabbed) of a round in progress: any order of acting, any wrong
        grabbers (in the order of their grabs) and any set of grabbed objects."""
        n = self.n
        for k in range(n):
            for acted in itertools.permutations(range(n), k):
                if self.game.regrab:
                    wrongs: Iterator[tuple[int, ...]] = (
                        w for j in range(n + 1) for w in itertools.permutations(range(n), j)
                    )
                else:
                    wrongs = (
                        w for j in range(k + 1) for w in itertools.combinations(acted, j)
                    )
                for wrong in wrongs:
                    for grabbed in (frozenset(), *SUBSETS) if wrong else (frozenset(),):
                        yield acted, wrong, grabbed

    def round_states(self, rolls: int | None = None, profiles: int | None = None) -> Iterator[State]:
        """Every round state the game's validation accepts, for the representative rolls and the
        score profiles (the first ``rolls`` / ``profiles`` of them if given)."""
        shapes = list(self.shapes())
        for scores, supply, pot, roller in self.profiles()[:profiles]:
            for faces in self.rolls[:rolls]:
                for acted, wrong, grabbed in shapes:
                    state = State(scores, supply, pot, roller, faces, acted, grabbed, wrong)  # type: ignore[arg-type]
                    if self._valid(state):
                        yield state

    def chance_states(self) -> Iterator[State]:
        for scores, supply, pot, roller in self.profiles():
            yield State(scores, supply, pot, roller)

    def terminal_states(self) -> Iterator[State]:
        for scores, supply, pot, roller in self.profiles():
            yield State(tuple(s + (supply + pot if i == 0 else 0) for i, s in enumerate(scores)),
                        0, 0, roller)

    def actions(self) -> tuple[Any, ...]:
        """Every action the theorems try: the representative rolls and one roll the dice cannot
        show (if any), and for every player number up to ``n`` (one too many) a pass and every grab."""
        impossible = next(
            (Roll(f) for f in itertools.product(Obj, repeat=5) if not self._possible(f)), None
        )
        rolls = tuple(Roll(f) for f in self.rolls) + ((impossible,) if impossible else ())
        return rolls + tuple(
            a for p in range(self.n + 1) for a in (Pass(p), *(Grab(p, s) for s in SUBSETS))
        )

    def refuted(self, state: State, why: str, highlight: tuple[str, ...] = ()) -> Result:
        text = state_to_text(state)
        return Result.refuted(
            f"{self.n} players, position {text}: {why}", why, position=text, highlight=highlight
        )


# -- an independent reading of a round ------------------------------------------------------------


class Reference:
    """The rules of a round read afresh from the rulebook sentences (and the game's readings),
    written without the game's tables or kernels: the oracle of the exhaustive theorems."""

    def __init__(self, game: Any) -> None:
        self.n = game.num_players
        self.regrab = bool(game.regrab)
        self.debt = bool(game.debt)
        self.at_once = bool(game.pay_at_once)
        self.next_seat = bool(game.next_seat)
        self.draw = bool(game.draw_on_tie)
        self.possible = set(reference_distribution(game))

    def clause(self, state: State, action: Any) -> str | None:
        """None if legal, else the clause the action breaks."""
        if state.supply == 0:
            return "vg.einde.voorraad-leeg"  # 'Het spel eindigt zodra de voorraad leeg is.'
        if isinstance(action, Roll):
            if state.dice is not None or action.faces not in self.possible:
                return "vg.spel.worp"
            return None
        if action.player not in range(self.n):
            return "vg.spel.spelers"
        if state.dice is None:
            return "vg.spel.worp"
        if action.player in state.acted:
            return "vg.spel.een-voorwerp"  # 'Je mag maar één voorwerp pakken.'
        if isinstance(action, Grab) and set(action.objects) & set(state.grabbed):
            return "vg.doel.punt"
        return None

    def actors(self, state: State) -> set[int]:
        if state.supply == 0 or state.dice is None:
            return set()
        return {p for p in range(self.n) if p not in state.acted}  # the roller grabs too

    def _fine(self, score: int) -> int:
        return 1 if self.debt or score > 0 else 0

    def _end_round(self, state: State, scores: list[int], pot: int, winner: int | None) -> State:
        owing = [] if self.at_once else list(state.wrong)
        fines = {p: self._fine(scores[p]) for p in owing}
        for p, fine in fines.items():
            scores[p] -= fine
        supply = state.supply
        if winner is None:
            pot += sum(fines.values())
            roller = (state.roller + 1) % self.n if self.next_seat else state.roller
        else:
            scores[winner] += 1 + pot + sum(fines.values())
            supply -= 1
            pot = 0
            roller = winner
        return State(tuple(scores), supply, pot, roller)

    def successor(self, state: State, action: Any) -> State:
        if isinstance(action, Roll):
            return State(state.scores, state.supply, state.pot, state.roller, action.faces)
        assert state.dice is not None
        p = action.player
        scores, pot = list(state.scores), state.pot
        answer = Obj(reference_answer([int(d) for d in state.dice]))
        if isinstance(action, Grab) and set(action.objects) == {answer}:
            return self._end_round(state, scores, pot, p)
        acted, wrong, grabbed = list(state.acted), list(state.wrong), set(state.grabbed)
        if isinstance(action, Grab):
            grabbed |= set(action.objects)
            if p not in wrong:
                wrong.append(p)
                if self.at_once:
                    fine = self._fine(scores[p])
                    scores[p] -= fine
                    pot += fine
            if not self.regrab:
                acted.append(p)
        else:
            acted.append(p)
        after = State(tuple(scores), state.supply, pot, state.roller, state.dice, tuple(acted),
                      frozenset(grabbed), tuple(wrong))
        if len(acted) == self.n:
            return self._end_round(after, scores, pot, None)
        return after

    def winners(self, scores: Sequence[int]) -> set[int]:
        best = max(scores)
        top = {i for i, s in enumerate(scores) if s == best}
        return set() if self.draw and len(top) > 1 else top


def sibling(game: Any, players: int) -> Any:
    """The same rules (class, dice, readings) for another number of players."""
    if players == game.num_players:
        return game
    options = {**game.options, "players": players, "first_player": 0}
    return type(game)(**options)


def over_players(check: Callable[[Any], Result], game: Any, counts: Sequence[int]) -> Result:
    """``check`` for the game's rules with each number of players in ``counts``."""
    details = []
    for n in counts:
        result = check(sibling(game, n))
        if result.status is not Status.PROVED:
            return result
        details.append(f"{n} players: {result.detail}")
    return Result.proved("; ".join(details))


def _names(action: Any) -> tuple[str, ...]:
    """What to highlight for an action: its player and its objects."""
    if isinstance(action, Roll):
        return ("dice",)
    objects = tuple(o.name.lower() for o in sorted(getattr(action, "objects", ())))
    return (f"p{action.player}", *objects)


# -- who may act: legality over the box ----------------------------------------------------------


def check_legal_actions(game: Any) -> Result:
    """For every state of the box and every action tried: the game's ``violation`` agrees with the
    reference (legal, or the same clause), ``legal_actions`` lists exactly the legal ones once,
    ``actors`` are exactly the players still to act (the roller too), ``legal_actions_of`` gives each
    player's own. Legality depends on the dice only through whether they have been rolled, so one
    roll and one score profile suffice for round states; chance and end states use every profile."""
    ref = Reference(game)
    box = Box(game, game.num_players)
    actions = box.actions()
    checked = 0
    states = itertools.chain(box.round_states(rolls=1, profiles=1), box.chance_states(),
                             box.terminal_states())
    for state in states:
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
                    f"rulebook {expected or 'legal'}", _names(action))
            if (expected is None) != (action in legal_set):
                return box.refuted(state, f"{game.action_to_str(state, action)} is "
                                   f"{'missing from' if expected is None else 'wrongly in'} "
                                   "legal_actions", _names(action))
            checked += 1
        if state.dice is not None and state.supply > 0:
            expected_legal = {a for a in actions if ref.clause(state, a) is None}
            if legal_set != expected_legal:
                return box.refuted(state, "legal_actions is not exactly the legal actions")
            for p in range(game.num_players):
                own = game.legal_actions_of(state, p)
                if list(own) != [a for a in legal if getattr(a, "player", None) == p]:
                    return box.refuted(state, f"legal_actions_of p{p} is not p{p}'s legal actions",
                                       (f"p{p}",))
    return Result.proved(f"{checked} state-action pairs, all as the rulebook says")


# -- every transition over the box ----------------------------------------------------------------


def check_successor(game: Any, profiles: int | None = None) -> Result:
    """For every state of the box (every representative roll, every score profile) and every legal
    action, the game's successor is exactly the reference's: the bookkeeping of the round (who is
    done, who grabbed wrongly, what has been grabbed), when the round ends, who rolls next (the
    correct grabber; otherwise the reading's rule), and every score, the supply and the pot. Points
    are conserved by every transition. At a chance node every roll the dice can show is checked."""
    ref = Reference(game)
    box = Box(game, game.num_players)
    checked = 0
    for state in itertools.chain(box.chance_states(), box.round_states(profiles=profiles)):
        legal = game.legal_actions(state) if state.dice is not None else tuple(
            o for o, _ in game.chance_outcomes(state)
        )
        for action in legal:
            found = game.successor(state, action)
            expected = ref.successor(state, action)
            if found != expected:
                return box.refuted(
                    state,
                    f"after {game.action_to_str(state, action)} the position is "
                    f"{state_to_text(found)}, not {state_to_text(expected)}",
                    _names(action),
                )
            if sum(found.scores) + found.supply + found.pot != TOTAL_POINTS:
                return box.refuted(state, "points are not conserved", _names(action))
            checked += 1
    return Result.proved(f"{checked} transitions, each exactly as the rulebook says")


def check_round_ends(game: Any) -> Result:
    """Every round ends: each legal action after a roll either ends the round (the dice are rolled
    again or the game is over) or takes one player out of the round — under regrab, a wrong grab
    instead takes at least one more object out of play. So a round lasts at most n actions (n + 5
    under regrab): the measure (players still in) + (objects still free, under regrab) drops."""
    box = Box(game, game.num_players)

    def measure(state: State) -> int:
        free = 5 - len(state.grabbed) if game.regrab else 0
        return int(game.num_players) - len(state.acted) + free

    checked = 0
    for state in box.round_states(rolls=1, profiles=1):
        for action in game.legal_actions(state):
            after = game.successor(state, action)
            if after.dice is not None and measure(after) >= measure(state):
                return box.refuted(state, f"{game.action_to_str(state, action)} does not bring "
                                   "the end of the round closer", _names(action))
            checked += 1
    return Result.proved(f"{checked} round transitions, each closer to the round's end")


# -- the end and who wins -------------------------------------------------------------------------


Winners = Callable[..., list[Any]]


def check_winner_flags_z3(
    winner_flags: Winners = kernel.winner_flags, game: Any = None,
    players: Sequence[int] = range(2, 9),
) -> Result:
    """For every score vector: a player wins exactly when no other player has more points (shared)
    — or, under the draw reading, when every other player has fewer; someone always wins unless
    the reading is draw and the highest score is shared."""
    draw = bool(game.draw_on_tie) if game is not None else False
    for n in players:
        scores = [z3.Int(f"score_p{i}") for i in range(n)]
        flags = winner_flags(scores, draw)
        top = [z3.And(*(scores[i] >= scores[j] for j in range(n) if j != i)) for i in range(n)]
        unique = [z3.And(*(scores[i] > scores[j] for j in range(n) if j != i)) for i in range(n)]
        claim = z3.And(
            *(flags[i] == (unique[i] if draw else top[i]) for i in range(n)),
            z3.Or(*flags) if not draw else z3.Or(*flags) == z3.Or(*unique),
        )
        def render(model: z3.ModelRef, shown: list[Any] = scores) -> str:
            return _render(model, shown)

        result = z3_prove(claim, render=render)
        if result.status is not Status.PROVED:
            return result
    return Result.proved(f"z3, every score vector, {len(list(players))} player counts")


def _end_scores(n: int, debt: bool) -> Iterator[tuple[int, ...]]:
    low = -2 if debt else 0
    for head in itertools.product(range(low, TOTAL_POINTS + 1), repeat=n - 1):
        last = TOTAL_POINTS - sum(head)
        if low <= last:
            yield (*head, last)


def check_end(game: Any) -> Result:
    """The end: a state is terminal exactly when the supply is empty (z3, for every supply); then
    nobody acts, nothing is legal and there is no chance, every action is refused with
    vg.einde.voorraad-leeg; and ``winners`` names exactly the reference's winners for every end
    position (scores summing to 35, each from 0 — from -2 under debt — for up to 4 players); before
    the end nobody has won."""
    supply = z3.Int("supply")
    symbolic = game.is_terminal(State((0,) * game.num_players, supply, 0, 0))
    proof = z3_prove(symbolic == (supply == 0), assumptions=[supply >= 0])
    if proof.status is not Status.PROVED:
        return proof
    ref = Reference(game)
    box = Box(game, game.num_players)
    for state in box.terminal_states():
        if game.actors(state) or game.legal_actions(state) or game.is_chance(state):
            return box.refuted(state, "something may still happen after the end", ("supply",))
        for action in box.actions()[:3]:
            v = game.violation(state, action)
            if v is None or v.clause != "vg.einde.voorraad-leeg":
                return box.refuted(state, "an action is not refused at the end", ("supply",))
    for state in itertools.chain(box.chance_states(), box.round_states(rolls=1, profiles=1)):
        if game.is_terminal(state) or game.winners(state):
            return box.refuted(state, "a winner before the end", ("supply",))
    ends = 0
    if game.num_players <= 4:
        for scores in _end_scores(game.num_players, bool(game.debt)):
            state = State(scores, 0, 0, 0)
            if set(game.winners(state)) != ref.winners(scores):
                return box.refuted(state, f"the winners are {sorted(game.winners(state))}, not "
                                   f"{sorted(ref.winners(scores))}",
                                   tuple(f"p{i}" for i in ref.winners(scores)))
            ends += 1
    return Result.proved(f"z3 for the end; {ends} end positions, the right winners in each")


# -- the start ----------------------------------------------------------------------------------

#: 'In de doos zitten vijf houten voorwerpen, vijf dobbelstenen en 35 punten.' (vg.voorbereiding.inhoud)
POINTS_IN_THE_BOX = 35


def check_start(game: Any) -> Result:
    """For every player count (2-8) and every first player: the game starts before the first roll
    with all 35 points of the box in the supply, every score 0, an empty pot and the first player
    holding the dice — and the rules' constant is the rulebook's 35."""
    if TOTAL_POINTS != POINTS_IN_THE_BOX:
        return Result.refuted(f"the rules count {TOTAL_POINTS} points, the box holds 35")
    for n in range(2, 9):
        for first in range(n):
            made = type(game)(**{**game.options, "players": n, "first_player": first})
            start = made.initial_state()
            expected = State((0,) * n, POINTS_IN_THE_BOX, 0, first)
            if start != expected or not made.is_chance(start):
                text = state_to_text(start)
                return Result.refuted(f"{n} players, p{first} first: the start is {text}, not "
                                      f"{state_to_text(expected)}", position=text)
    return Result.proved("every player count and first player")


# -- the list -------------------------------------------------------------------------------------


def theorems(game: Any = None) -> tuple[Theorem, ...]:
    """Every theorem about ``game`` (its player count, dice and readings)."""
    if game is None:
        from castlerules.core.catalog import make

        game = make(GAME)
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
    round_clauses = (
        "vg.spel.worp",
        "vg.spel.gooier-grijpt-mee",
        "vg.spel.een-voorwerp",
        "vg.doel.punt",
        "vg.punten.gooier",
        "vg.pot.iedereen-mis",
    )
    deep_n = 4
    box = "every round state for 2 and 3 players"

    def boxed(
        tid: str, statement: str, clauses: tuple[str, ...], check: Callable[[Any], Result],
        test: str,
    ) -> list[Theorem]:
        """The theorem for 2 and 3 players, and (``--deep``) for 4 players."""
        return [
            Theorem(tid, GAME, statement.format(box=box), clauses, "exhaustive",
                    lambda: over_players(check, game, (2, 3)), fails_with=f"{TESTS}::{test}"),
            Theorem(f"{tid}-{deep_n}", GAME,
                    statement.format(box=f"every round state for {deep_n} players"), clauses,
                    "exhaustive", lambda: over_players(check, game, (deep_n,)), deep=True,
                    fails_with=f"{TESTS}::{test}"),
        ]

    out = [
        Theorem(
            "vg.start", GAME,
            "Every game, for every player count and first player, starts with the 35 points of "
            "the box in the supply, every score 0, an empty pot, and the first player to roll.",
            ("vg.voorbereiding.inhoud", "vg.voorbereiding.voorraad",
             "vg.voorbereiding.eerste-speler"), "exhaustive", lambda: check_start(game),
            fails_with=f"{TESTS}::test_start_theorem_finds_a_point_too_many",
        ),
        Theorem(
            "vg.answer-unique", GAME,
            "Every roll of the five dice falls under exactly one of the three situations, the "
            "situation picks its object unambiguously, and the answer is one of the five objects.",
            answer_clauses, "z3", check_answer_unique_z3,
            fails_with=f"{TESTS}::test_answer_theorems_find_the_missing_sentence",
        ),
        Theorem(
            "vg.answer-exhaustive", GAME,
            "Over all 3125 rolls, the answer kernel and the cached answer the game calls satisfy "
            "the same statement and agree with an independent reading of the three situations.",
            answer_clauses, "exhaustive", check_answer_exhaustive,
            fails_with=f"{TESTS}::test_answer_theorems_find_an_answer_outside_the_objects",
        ),
        Theorem(
            "vg.chance", GAME,
            "A roll has every outcome the dice can show exactly once, with its exact probability "
            "(the product of the dice's face frequencies), summing to 1; the legal actions before "
            "a roll are its outcomes, and there is no chance during a round or after the end.",
            ("vg.spel.worp", "vg.voorbereiding.inhoud"), "exhaustive",
            lambda: check_chance(game),
            fails_with=f"{TESTS}::test_chance_theorem_finds_unfair_dice",
        ),
        Theorem(
            "vg.points-conserved", GAME,
            "Settling a round, and paying a penalty at once, keep supply + pot + all scores = 35 "
            "with supply and pot (and, unless scores may go into debt, every score) >= 0 "
            "(inductive step over every state satisfying the invariant, 2-8 players).",
            points, "z3", lambda: check_conservation_z3(game=game),
            fails_with=f"{TESTS}::test_conservation_theorem_finds_a_negative_score",
        ),
        Theorem(
            "vg.payouts", GAME,
            "For every score, supply and pot, a settled round pays exactly what the rulebook says: "
            "each wrong grabber one point (none without points, unless debt), the correct grabber "
            "one point from the supply plus the pot and the penalties, nobody else anything; with "
            "nobody correct the penalties go into the pot (2-8 players).",
            (*points, "vg.pot.iedereen-mis", "vg.doel.punt"), "z3",
            lambda: check_payouts_z3(game=game),
            fails_with=f"{TESTS}::test_payout_theorem_finds_a_penalty_kept",
        ),
        Theorem(
            "vg.pot-empty-at-end", GAME,
            "When the supply runs out, the pot is empty (inductive step, 2-8 players).",
            ("vg.einde.voorraad-leeg", "vg.pot.winnen"), "z3",
            lambda: check_pot_empty_z3(game=game),
            fails_with=f"{TESTS}::test_pot_theorem_finds_a_pot_left_at_the_end",
        ),
        Theorem(
            "vg.winner", GAME,
            "For every score vector (2-8 players), the winners are exactly the players with the "
            "highest score — or, when ties are a draw, the one player with more points than every "
            "other, and nobody when the highest score is shared.",
            ("vg.einde.winnaar", "vg.doel.winnaar"), "z3",
            lambda: check_winner_flags_z3(game=game),
            fails_with=f"{TESTS}::test_winner_theorem_finds_the_lowest_score_winning",
        ),
        Theorem(
            "vg.end", GAME,
            "A state is terminal exactly when the supply is empty; then nobody acts, nothing is "
            "legal and nothing is left to chance; before the end nobody has won; and at every end "
            "position (up to 4 players) the game names exactly the highest scores as winners "
            "(or the reading's draw).",
            ("vg.einde.voorraad-leeg", "vg.einde.winnaar", "vg.doel.winnaar"), "exhaustive",
            lambda: check_end(game),
            fails_with=f"{TESTS}::test_end_theorem_finds_a_game_that_goes_on",
        ),
    ]
    out += boxed(
        "vg.legal-actions",
        "In {box} the game's validation accepts (every order of acting, every set of wrong "
        "grabbers and grabbed objects), before every roll and at the end: the game allows "
        "exactly the actions the rulebook allows (one grab or pass per player per roll, not an "
        "object already grabbed, nobody before the roll, no roll during a round), refuses the "
        "others with the clause they break, and lets exactly the players still in the round "
        "act — the roller too.",
        round_clauses, check_legal_actions, "test_legal_actions_theorem_finds_a_second_grab",
    )
    out += boxed(
        "vg.successor",
        "In {box} the game's validation accepts, for the dice of every answer in every "
        "situation and score profiles where each player has no points and some: every legal "
        "action leads exactly to the position the rulebook gives — who is done, who grabbed "
        "wrongly, what is grabbed, when the round ends, who rolls next (the correct grabber; "
        "otherwise the reading's rule), every score, the supply and the pot; every roll the "
        "dice can show leads to the round it starts.",
        (*round_clauses, *points), check_successor, "test_successor_theorem_finds_the_wrong_roller",
    )
    out += boxed(
        "vg.round-ends",
        "In {box}: every legal action ends the round or brings its end closer (one player "
        "fewer to act, or under regrab one object fewer to grab), so a round lasts at most "
        "n actions (n + 5 under regrab).",
        ("vg.spel.een-voorwerp", "vg.pot.iedereen-mis"), check_round_ends,
        "test_round_theorem_finds_a_pass_that_changes_nothing",
    )
    return tuple(out)
