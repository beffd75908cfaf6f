"""An independent reading of the rules, written here without the game's tables or kernels: the answer
to a roll (by object index and by colour name), the chance of a roll, a round (legality, successor,
winners) — and the box of states the exhaustive statements enumerate.

The reference reads the readings from ``game.reading`` (the core's resolution of the spec), the
dice from the faces the statement gave (or the default die of the spec's facts), and the number of
points from the facts: never from the rules code it is compared with.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Any

from castlerules.core.theorem import Result
from castlerules.vlotte_geesten.state import Grab, Obj, Pass, Roll, State
from castlerules.vlotte_geesten.theorems.common import (
    ALL_DICE,
    GRAB_PHASE,
    MULTI_GRAB,
    NEXT_ROLLER,
    NO_POINTS,
    RECIPIENT,
    SUBSETS,
    TIES,
    colour_pairs,
    fact,
    object_named,
    reading,
    refuted_at,
    total_points,
)

# -- the answer ----------------------------------------------------------------------------------


def reference_answer(dice: Sequence[int]) -> int:
    """An independent reading of the three situations with Counter (die ``i`` paired with object
    ``i``, the library's numbering — ``answer_by_colour`` reads the pairing from the facts)."""
    counts = Counter(dice)
    ranked = counts.most_common()
    if len(ranked) == 1 or ranked[0][1] > ranked[1][1]:
        return dice[ranked[0][0]]
    if ranked[0][1] == 2 and ranked[1][1] == 2:
        return ranked[2][0]
    return list(dice).index(int(object_named(fact("situation-3-object"))))


def answer_by_colour(shown: Mapping[str, str]) -> str:
    """The rulebook's answer when the die of each colour shows ``shown[colour]`` (object names),
    with each die paired with the object of its colour as the five colour clauses say:

    - situation 1, one object shows more often than every other: the object on the die whose colour
      is that object's colour;
    - situation 2, two objects twice each: the object that shows once;
    - situation 3, five different objects: the object in the colour of the die showing the ghost.
    """
    colour_of = {obj: die for die, obj in colour_pairs()}
    object_of = {die: obj for die, obj in colour_pairs()}
    counts = Counter(shown.values())
    ranked = counts.most_common()
    if len(ranked) == 1 or ranked[0][1] > ranked[1][1]:
        return shown[colour_of[ranked[0][0]]]
    twice = [o for o, k in counts.items() if k == 2]
    if len(twice) == 2:
        return next(o for o, k in counts.items() if k == 1)
    ghost = fact("situation-3-object")
    return object_of[next(die for die, o in shown.items() if o == ghost)]


# -- the dice ------------------------------------------------------------------------------------


def die_weights(sides: Sequence[str]) -> Counter[Obj]:
    return Counter(object_named(s) for s in sides)


def distribution_of(faces: Mapping[str, Sequence[str]] | None) -> dict[tuple[Obj, ...], Fraction]:
    """The chance of every roll (one object per die, red white grey green blue) for dice with the
    given faces (colour -> object names), or the default die of the facts (every object alike):
    the product of each die's face frequencies. Rolls the dice cannot show are left out."""
    key = None if faces is None else tuple((c, tuple(s)) for c, s in sorted(faces.items()))
    return dict(_distribution(key))


@functools.lru_cache(maxsize=32)
def _distribution(
    faces: tuple[tuple[str, tuple[str, ...]], ...] | None,
) -> tuple[tuple[tuple[Obj, ...], Fraction], ...]:
    default = die_weights(fact("default-die"))
    given = dict(faces or ())
    order = [die for die, _ in colour_pairs()]
    per_die = [default if faces is None else die_weights(given[c]) for c in order]
    whole = 1
    for die in per_die:
        whole *= sum(die.values())
    out = []
    for shown in itertools.product(*(sorted(d) for d in per_die)):
        weight = 1
        for die, face in zip(per_die, shown):
            weight *= die[face]
        out.append((shown, Fraction(weight, whole)))
    return tuple(out)


def reference_distribution(game: Any) -> dict[tuple[Obj, ...], Fraction]:
    """The chance of every roll for the game's dice: the default die of the facts, or the faces
    the game was made with (``faces`` option)."""
    return distribution_of(game.options.get("faces"))


@functools.lru_cache(maxsize=32)
def representative_rolls(possible: frozenset[tuple[Obj, ...]]) -> tuple[tuple[Obj, ...], ...]:
    """The first roll (in product order) the dice can show of every (situation, answer) pair that
    occurs: with fair dice all five answers, each in every situation that can give it."""
    from castlerules.vlotte_geesten import kernel

    situations = (kernel.situation_1, kernel.situation_2, kernel.situation_3)
    seen: dict[tuple[int, int], tuple[Obj, ...]] = {}
    for dice in ALL_DICE:
        faces = tuple(Obj(d) for d in dice)
        if faces not in possible:
            continue
        situation = next(k for k, f in enumerate(situations, 1) if f(list(dice)))
        seen.setdefault((situation, reference_answer(dice)), faces)
    return tuple(seen[k] for k in sorted(seen))


# -- a round -------------------------------------------------------------------------------------


class Reference:
    """The rules of a round read afresh from the rulebook sentences and the game's readings (as the
    core resolved them): the oracle of the exhaustive statements."""

    def __init__(self, game: Any) -> None:
        self.n = game.num_players
        self.regrab = reading(game, GRAB_PHASE) == "regrab"
        self.debt = reading(game, NO_POINTS) == "debt"
        self.at_once = reading(game, RECIPIENT) == "pot-at-once"
        self.next_seat = reading(game, NEXT_ROLLER) == "next-seat"
        self.draw = reading(game, TIES) == "draw"
        #: what a grab of several objects at once does: all-taken, put-back or refused
        self.multi = reading(game, MULTI_GRAB)
        self.possible = set(reference_distribution(game))
        self.win = int(fact("points-per-correct-grab"))
        self.fine = int(fact("points-per-wrong-grab"))

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
        if isinstance(action, Grab) and len(action.objects) > 1 and self.multi == "refused":
            return "vg.spel.een-voorwerp"  # the same sentence, enforced
        if isinstance(action, Grab) and set(action.objects) & set(state.grabbed):
            return "vg.doel.punt"
        return None

    def actors(self, state: State) -> set[int]:
        if state.supply == 0 or state.dice is None:
            return set()
        return {p for p in range(self.n) if p not in state.acted}  # the roller grabs too

    def penalty(self, score: int) -> int:
        """'Geef je een van je punten': one point; none without points, unless debt."""
        return self.fine if self.debt or score >= self.fine else 0

    def _end_round(self, state: State, scores: list[int], pot: int, winner: int | None) -> State:
        owing = [] if self.at_once else list(state.wrong)
        fines = {p: self.penalty(scores[p]) for p in owing}
        for p, fine in fines.items():
            scores[p] -= fine
        supply = state.supply
        if winner is None:
            pot += sum(fines.values())
            roller = (state.roller + 1) % self.n if self.next_seat else state.roller
        else:
            scores[winner] += self.win + pot + sum(fines.values())
            supply -= self.win
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
            # 'pak je meer dan één voorwerp tegelijk': wrong; under put-back the objects go back
            # and the grabber is out of the round
            back = len(action.objects) > 1 and self.multi == "put-back"
            if not back:
                grabbed |= set(action.objects)
            if p not in wrong:
                wrong.append(p)
                if self.at_once:
                    fine = self.penalty(scores[p])
                    scores[p] -= fine
                    pot += fine
            if not self.regrab or back:
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

    def reachable(self, state: State) -> bool:
        """Whether a round state can arise in play (read from the rules, not from the game's
        validation): under ``once`` the wrong grabbers are players who acted, in the order they
        acted; under ``regrab`` anyone may have grabbed wrongly. Under all-taken each wrong grab
        took at least one object nobody had taken, never the answer alone; so at least as many
        objects are grabbed as there are wrong grabbers, one more if the answer is among them.
        Under refused each wrong grab took exactly one object, not the answer; under put-back one
        such object, or none (several went back)."""
        wrong, grabbed = len(state.wrong), len(state.grabbed)
        if grabbed and not wrong:
            return False
        if not self.regrab and [p for p in state.acted if p in state.wrong] != list(state.wrong):
            return False
        assert state.dice is not None
        answer = Obj(reference_answer([int(d) for d in state.dice]))
        if self.multi == "all-taken":
            if (wrong and not grabbed) or grabbed < wrong:
                return False
            return answer not in state.grabbed or grabbed > wrong
        if answer in state.grabbed:
            return False
        if self.multi == "refused":
            return grabbed >= wrong and (self.regrab or grabbed == wrong)
        return self.regrab or grabbed <= wrong


# -- the box of states ---------------------------------------------------------------------------

#: Up to this many players the box holds every round state; above it, a stated family.
FULL_BOX = 3


class Box:
    """The finite set of states an exhaustive statement covers, for one game.

    For up to ``full`` players (3, 4 under ``--deep``): every reachable round state — every order of
    acting, every set of wrong grabbers (in every order) and every set of grabbed objects — for the
    dice of every (situation, answer) pair the dice can show and score profiles in which every
    player has no points once and some once (and a debt under the debt reading). For more players
    (the same code paths, with longer tuples: the representative family, for the first roll): the
    players who acted are nobody, each single player, and every run of n - 1 consecutive seats (the
    round one action from its end, every player the last), the wrong grabbers none, the first or
    the last of them (and under regrab one who has not passed), and the grabbed
    objects the fewest non-answer objects, or those plus the answer, or none (a grab of several
    objects that went back)."""

    def __init__(self, game: Any, players: int | None = None, full: int = FULL_BOX) -> None:
        self.game = game
        self.n = game.num_players if players is None else players
        self.full = self.n <= full
        self.ref = Reference(game)
        self.possible = frozenset(reference_distribution(game))
        self.rolls = representative_rolls(self.possible)
        self.total = total_points()

    def profiles(self) -> list[tuple[tuple[int, ...], int, int, int]]:
        """(scores, supply, pot, roller): every player once without points and once with; the last
        point in the supply; a debt where the reading allows one."""
        n, total = self.n, self.total
        alternating = tuple(i % 2 for i in range(n))
        other = tuple((i + 1) % 2 * 2 for i in range(n))
        out = [
            (alternating, total - sum(alternating) - 1, 1, 0),
            (other, total - sum(other) - 3, 3, n - 1),
            ((total - 3 - (n - 1),) + (1,) * (n - 1), 1, 2, 1 % n),
        ]
        if self.ref.debt:
            debt = (-1,) + (2,) * (n - 1)
            out.append((debt, total - sum(debt), 0, 0))
        return out

    def _full_shapes(self) -> Iterator[tuple[tuple[int, ...], tuple[int, ...], frozenset[Obj]]]:
        n = self.n
        for k in range(n):
            for acted in itertools.permutations(range(n), k):
                if self.ref.regrab:
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

    def _family_shapes(
        self, answer: Obj
    ) -> Iterator[tuple[tuple[int, ...], tuple[int, ...], frozenset[Obj]]]:
        n = self.n
        others = [o for o in Obj if o != answer]
        seen = set()
        for k in (0, 1, n - 1):
            for start in range(n if k else 1):
                acted = tuple((start + i) % n for i in range(k))
                wrongs = [(), acted[:1], acted[-1:]]
                if self.ref.regrab:
                    wrongs.append(((start + k) % n,))
                for wrong in wrongs:
                    m = len(wrong)
                    grabbeds = [frozenset()] if not m else [
                        frozenset(others[:m]), frozenset(others[:m]) | {answer},
                        frozenset(),  # several objects went back (put-back)
                    ]
                    for grabbed in grabbeds:
                        key = (acted, wrong, grabbed)
                        if key not in seen:
                            seen.add(key)
                            yield key

    def round_states(
        self, rolls: int | None = None, profiles: int | None = None
    ) -> Iterator[State]:
        """Every reachable round state of the box, for the representative rolls and the score
        profiles (the first ``rolls`` / ``profiles`` of them if given)."""
        full = list(self._full_shapes()) if self.full else None
        if not self.full:
            rolls = 1
        for scores, supply, pot, roller in self.profiles()[:profiles]:
            for faces in self.rolls[:rolls]:
                shapes = full if full is not None else self._family_shapes(
                    Obj(reference_answer([int(f) for f in faces])))
                for acted, wrong, grabbed in shapes:
                    state = State(scores, supply, pot, roller, faces, acted, grabbed, wrong)  # type: ignore[arg-type]
                    if self.ref.reachable(state):
                        yield state

    def chance_states(self) -> Iterator[State]:
        for scores, supply, pot, roller in self.profiles():
            yield State(scores, supply, pot, roller)

    def terminal_states(self) -> Iterator[State]:
        for scores, supply, pot, roller in self.profiles():
            yield State(tuple(s + (supply + pot if i == 0 else 0) for i, s in enumerate(scores)),
                        0, 0, roller)

    def actions(self, state: State | None = None) -> tuple[Any, ...]:
        """Every action the statements try: the representative rolls and one roll the dice cannot
        show (if any), and for every player number up to ``n`` (one too many) a pass and every grab
        (for the representative family at a round state: a pass and the grabs of the answer, of
        one free object, of the answer with another, and of everything still free — for every
        player, and a pass and a grab of the one too many)."""
        impossible = next(
            (Roll(f) for f in itertools.product(Obj, repeat=5) if f not in self.possible), None
        )
        rolls = tuple(Roll(f) for f in self.rolls) + ((impossible,) if impossible else ())
        if self.full or state is None or state.dice is None:
            return rolls + tuple(
                a for p in range(self.n + 1) for a in (Pass(p), *(Grab(p, s) for s in SUBSETS))
            )
        answer = Obj(reference_answer([int(d) for d in state.dice]))
        free = [o for o in Obj if o not in state.grabbed and o != answer]
        grabs = {frozenset({answer}), frozenset(Obj)}
        if free:
            grabs |= {frozenset(free[:1]), frozenset({answer, free[-1]}), frozenset(free)}
        if state.grabbed:
            grabs.add(frozenset(sorted(state.grabbed)[:1]))
        ordered = sorted(grabs, key=lambda s: sorted(s))
        return rolls[:1] + tuple(
            a for p in range(self.n + 1) for a in (Pass(p), *(Grab(p, s) for s in ordered))
        )

    def unaccepted(self) -> Iterator[State]:
        """Reachable states of the box the game's validation refuses (there should be none: the
        game must accept every position play can reach)."""
        for state in itertools.chain(self.chance_states(), self.round_states(profiles=1)):
            try:
                self.game.validate_state(state)
            except Exception:
                yield state

    def refuted(self, state: State, why: str, highlight: tuple[str, ...] = ()) -> Result:
        return refuted_at(self.game, state, why, highlight)
