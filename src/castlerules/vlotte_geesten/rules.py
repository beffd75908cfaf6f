"""Vlotte Geesten rules: the roll, the grab round, points, the pot, the end — each tied to its clause.

Speed without a second copy of a rule: actions are made once per game object and reused, the legal
actions of a grab round are looked up in tables built from the same legality predicate, states are
built directly (no ``attrs.evolve``), and the answer to each roll is the dual-mode kernel's, cached.
Every cache is bounded and safe to share between threads (``castlerules.core.cache``).
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from fractions import Fraction
from typing import Any, ClassVar

from castlerules.core.cache import BoundedCache
from castlerules.core.errors import Violation
from castlerules.core.game import Game, require
from castlerules.core.outcome import Termination
from castlerules.core.registry import clause, reads, violation
from castlerules.vlotte_geesten import kernel, notation
from castlerules.vlotte_geesten.config import VlotteGeestenConfig
from castlerules.vlotte_geesten.state import (
    TOTAL_POINTS,
    Action,
    Grab,
    Obj,
    Pass,
    Roll,
    State,
)

SUBSETS: tuple[frozenset[Obj], ...] = tuple(
    frozenset(c) for r in range(1, 6) for c in itertools.combinations(Obj, r)
)
#: A one-object grab's object, by its set (a grab of several objects is never correct).
_SINGLE: dict[frozenset[Obj], Obj] = {frozenset((o,)): o for o in Obj}

#: Every roll five dice could show, possible with the game's faces or not.
_ALL_ROLLS: tuple[Roll, ...] = tuple(Roll(f) for f in itertools.product(Obj, repeat=5))

#: Readings, by interpretation, that the rules switch on.
GRAB_PHASE = "vg.interp.grab-phase"
NO_POINTS = "vg.interp.penalty-no-points"
RECIPIENT = "vg.interp.penalty-recipient"
NEXT_ROLLER = "vg.interp.next-roller"
TIES = "vg.interp.ties"
MULTI_GRAB = "vg.interp.multi-grab"


@functools.cache
def answer_of(faces: tuple[Obj, ...]) -> Obj:
    """The object to grab for a roll (the dual-mode kernel, evaluated on plain values; one entry
    per roll, so at most 3125)."""
    return Obj(kernel.answer([int(f) for f in faces]))


def _distribution(dice: tuple[tuple[Obj, ...], ...]) -> tuple[tuple[Roll, Fraction], ...]:
    per_die = [Counter(sides) for sides in dice]
    outcomes = []
    for combo in itertools.product(*(sorted(c) for c in per_die)):
        p = Fraction(1)
        for die, face in zip(per_die, combo):
            p *= Fraction(die[face], 6)
        outcomes.append((Roll(combo), p))
    return tuple(outcomes)


#: How a game of Vlotte Geesten ends.
SUPPLY_EMPTY = Termination("supply-empty", "vg.einde.voorraad-leeg", "the supply of points is empty")


class VlotteGeestenRules(Game[State, Action]):
    """The rules of Vlotte Geesten: the options and readings they read, the start, the end,
    the moves, the legality predicate, the successor and the check of a state; the game is
    ``castlerules.vlotte_geesten.game.VlotteGeesten``."""

    state_type: ClassVar[type] = State
    action_types: ClassVar[tuple[type, ...]] = (Roll, Grab, Pass)

    config: VlotteGeestenConfig
    config_type: ClassVar[type[VlotteGeestenConfig]] = VlotteGeestenConfig

    @clause("vg.spel.spelers", "vg.voorbereiding.inhoud")
    @reads("vg.interp.first-player", "vg.interp.dice-faces", GRAB_PHASE, NO_POINTS, RECIPIENT,
           NEXT_ROLLER, TIES, MULTI_GRAB)
    def _configure(self, config: VlotteGeestenConfig) -> None:
        """The options and readings as plain attributes, once (the hot paths never look a string
        up)."""
        self._n = config.players
        self._first = config.first_player
        if config.faces is None:
            self._outcomes = tuple((r, Fraction(1, 5**5)) for r in _ALL_ROLLS)
        else:
            self._outcomes = _distribution(config.faces)
        r = config.readings
        self.regrab = r[GRAB_PHASE] == "regrab"
        self.one_object = r[MULTI_GRAB] == "refused"
        self.put_back = r[MULTI_GRAB] == "put-back"
        self.debt = r[NO_POINTS] == "debt"
        self.pay_at_once = r[RECIPIENT] == "pot-at-once"
        self.next_seat = r[NEXT_ROLLER] == "next-seat"
        self.draw_on_tie = r[TIES] == "draw"

    def _tables(self) -> None:
        """The actions, made once, and the tables of the legal actions of a grab round."""
        n = self._n
        self._rolls = tuple(r for r, _ in self._outcomes)
        self._faces = frozenset(r.faces for r in self._rolls)
        self._passes = tuple(Pass(p) for p in range(n))
        grabs = tuple(self._grab_actions(p) for p in range(n))
        #: player -> objects already grabbed -> that player's legal actions (pass, then grabs).
        self._own: tuple[dict[frozenset[Obj], tuple[Any, ...]], ...] = tuple(
            {
                taken: (self._passes[p], *(g for g in grabs[p] if not g.objects & taken))
                for taken in (frozenset(), *SUBSETS)
            }
            for p in range(n)
        )
        self._grabs = grabs
        self._everyone = frozenset(range(n))
        self._legal_cache: BoundedCache[tuple[frozenset[int], frozenset[Obj]], tuple[Any, ...]]
        self._legal_cache = BoundedCache(1 << 13)
        self._actors_cache: BoundedCache[tuple[int, ...], frozenset[int]] = BoundedCache(1 << 13)

    @clause("vg.spel.een-voorwerp")
    @reads(MULTI_GRAB)
    def _grab_actions(self, player: int) -> tuple[Grab, ...]:
        """Every grab ``player`` may ever make: of every set of objects, or (``refused``) of one."""
        return tuple(
            Grab(player, s) for s in SUBSETS if len(s) == 1 or not self.one_object
        )

    # -- states ----------------------------------------------------------------------------
    @clause("vg.voorbereiding.voorraad", "vg.voorbereiding.eerste-speler")
    def initial_state(self) -> State:
        return State((0,) * self._n, TOTAL_POINTS, 0, self._first)

    @clause("vg.einde.voorraad-leeg")
    def is_terminal(self, state: State) -> bool:
        return state.supply == 0

    @clause("vg.einde.winnaar", "vg.doel.winnaar")
    @reads(TIES)
    def winners(self, state: State) -> frozenset[int]:
        if not self.is_terminal(state):
            return frozenset()
        flags = kernel.winner_flags(state.scores, self.draw_on_tie)
        return frozenset(i for i, won in enumerate(flags) if won)

    @clause("vg.einde.voorraad-leeg")
    def termination(self, state: State) -> Termination:
        """The one way the game ends: the supply of points is empty (the winners, a tie among
        them, by ``vg.einde.winnaar``)."""
        return SUPPLY_EMPTY

    @clause("vg.spel.worp")
    def is_chance(self, state: State) -> bool:
        return state.dice is None and state.supply > 0

    def chance_outcomes(self, state: State) -> tuple[tuple[Roll, Fraction], ...]:
        return self._outcomes if self.is_chance(state) else ()

    @clause("vg.spel.gooier-grijpt-mee")
    def actors(self, state: State) -> frozenset[int]:
        if state.dice is None or self.is_terminal(state):
            return frozenset()
        found = self._actors_cache.get(state.acted)
        if found is None:
            found = self._actors_cache.put(state.acted, self._everyone.difference(state.acted))
        return found

    def legal_actions(self, state: State) -> tuple[Action, ...]:
        if self.is_terminal(state):
            return ()
        if state.dice is None:
            return self._rolls
        key = (frozenset(state.acted), state.grabbed)
        found = self._legal_cache.get(key)
        if found is None:
            own = self._own
            found = self._legal_cache.put(
                key,
                tuple(a for p in range(self._n) if p not in key[0] for a in own[p][state.grabbed]),
            )
        return found

    def legal_actions_of(self, state: State, player: int) -> tuple[Any, ...]:
        """The legal actions of one player (those of ``legal_actions`` that name ``player``, in
        the same order): a table lookup, for adapters that ask player by player. The tuple
        returned for the same situation is the same object, so callers may cache by identity."""
        if (
            state.dice is None
            or self.is_terminal(state)
            or player in state.acted
            or not 0 <= player < self._n
        ):
            return ()
        return self._own[player][state.grabbed]

    # -- legality --------------------------------------------------------------------------
    def rule_violation(self, state: State, action: Any) -> Violation | None:
        if self.is_terminal(state):
            return violation("vg.einde.voorraad-leeg", "the game is over: the supply is empty")
        if action.__class__ is Roll:
            return self._roll_violation(state, action)
        return self._grab_violation(state, action)

    @clause("vg.spel.worp")
    def _roll_violation(self, state: State, action: Roll) -> Violation | None:
        if state.dice is not None:
            return violation("vg.spel.worp", "the dice have been rolled; now players grab")
        if action.faces not in self._faces:
            shown = " ".join(notation.obj_name(f) for f in action.faces)
            return violation("vg.spel.worp", f"these dice cannot show {shown}")
        return None

    @clause("vg.spel.een-voorwerp", "vg.spel.gooier-grijpt-mee", "vg.doel.punt")
    @reads(GRAB_PHASE, MULTI_GRAB)
    def _grab_violation(self, state: State, action: Grab | Pass) -> Violation | None:
        p = action.player
        if not 0 <= p < self._n:
            return violation(
                "vg.spel.spelers", f"there is no player p{p} in a {self._n}-player game"
            )
        if state.dice is None:
            return violation("vg.spel.worp", "nobody may grab before the dice are rolled")
        if p in state.acted:
            done = "passed" if self.regrab or p not in state.wrong else "grabbed"
            return violation(
                "vg.spel.een-voorwerp", f"p{p} has already {done} after this roll"
            )
        if action.__class__ is Grab:
            if self.one_object and len(action.objects) > 1:
                return violation(
                    "vg.spel.een-voorwerp",
                    f"p{p} may grab one object, not {len(action.objects)} "
                    "(interpretation vg.interp.multi-grab)",
                )
            taken = action.objects & state.grabbed
            if taken:
                names = "+".join(notation.obj_name(o) for o in sorted(taken))
                return violation(
                    "vg.doel.punt",
                    f"the {names} has already been grabbed this round "
                    "(interpretation vg.interp.grab-phase)",
                )
        return None

    # -- transitions -----------------------------------------------------------------------
    def successor(self, state: State, action: Any) -> State:
        cls = action.__class__
        if cls is Roll:
            return State(state.scores, state.supply, state.pot, state.roller, action.faces)
        if cls is Grab:
            if self.is_correct(state, action):
                return self._settle(state, action.player)
            return self._wrong_grab(state, action)
        return self._pass(state, action.player)

    @clause("vg.punten.juist", "vg.spel.een-voorwerp", "vg.punten.fout")
    def is_correct(self, state: State, action: Grab) -> bool:
        """A grab of exactly one object, the answer to the dice; several objects is always wrong."""
        assert state.dice is not None
        return _SINGLE.get(action.objects) == answer_of(state.dice)

    @clause("vg.spel.een-voorwerp", "vg.punten.fout", "vg.pot.leggen")
    @reads(GRAB_PHASE, RECIPIENT, NO_POINTS, MULTI_GRAB)
    def _wrong_grab(self, state: State, action: Grab) -> State:
        """A wrong grab: the objects stay grabbed for the round and the grabber owes a penalty —
        paid at the end of the round, or into the pot at once (``pot-at-once``). The grabber is
        done for the round, unless the reading lets them grab again (``regrab``). A grab of several
        objects under ``put-back`` takes none of them and ends the grabber's round."""
        p = action.player
        back = self.put_back and len(action.objects) > 1
        scores, pot, wrong = state.scores, state.pot, state.wrong
        if p not in wrong:
            wrong = (*wrong, p)
            if self.pay_at_once:
                pay = kernel.penalty(scores[p], self.debt)
                scores = (*scores[:p], scores[p] - pay, *scores[p + 1 :])
                pot = pot + pay
        acted = state.acted if self.regrab and not back else (*state.acted, p)
        after = State(
            scores, state.supply, pot, state.roller, state.dice, acted,
            state.grabbed if back else state.grabbed | action.objects, wrong,
        )
        if len(acted) == self._n:
            return self._settle(after, None)
        return after

    @clause("vg.pot.iedereen-mis")
    def _pass(self, state: State, player: int) -> State:
        """A pass: the player is done for the round; when everyone is, nobody was correct."""
        acted = (*state.acted, player)
        after = State(
            state.scores, state.supply, state.pot, state.roller, state.dice, acted,
            state.grabbed, state.wrong,
        )
        if len(acted) == self._n:
            return self._settle(after, None)
        return after

    @clause("vg.punten.gooier", "vg.pot.iedereen-mis", "vg.pot.winnen")
    @reads(NEXT_ROLLER, RECIPIENT, NO_POINTS)
    def _settle(self, state: State, correct: int | None) -> State:
        """End the round: points move by the kernel; the correct grabber (if any) rolls next,
        else the same roller, or the next in seat order (``next-seat``)."""
        n = self._n
        owing = () if self.pay_at_once else state.wrong
        wrong = [i in owing for i in range(n)]
        right = [i == correct for i in range(n)]
        scores, supply, pot = kernel.settle(
            state.scores, state.supply, state.pot, wrong, right, self.debt
        )
        if correct is not None:
            roller = correct
        elif self.next_seat:
            roller = (state.roller + 1) % n
        else:
            roller = state.roller
        return State(tuple(scores), supply, pot, roller)

    @reads(GRAB_PHASE, NO_POINTS, MULTI_GRAB)
    def validate_state(self, state: State) -> None:
        n = self._n
        require(len(state.scores) == n, f"state.scores: expected {n} scores")
        if not self.debt:
            require(all(s >= 0 for s in state.scores), "state.scores: a score is negative")
        require(state.supply >= 0 and state.pot >= 0, "state: supply and pot must be >= 0")
        require(
            sum(state.scores) + state.supply + state.pot == TOTAL_POINTS,
            f"state: supply + pot + scores must be {TOTAL_POINTS}",
        )
        require(
            state.supply > 0 or state.pot == 0, "state.pot: the pot is empty when the supply is"
        )
        require(0 <= state.roller < n, f"state.roller: expected a player from 0 to {n - 1}")
        require(len(set(state.acted)) == len(state.acted), "state.acted: a player acts once")
        require(all(0 <= p < n for p in state.acted), "state.acted: unknown player")
        require(len(state.acted) < n, "state.acted: a finished round must have been settled")
        require(len(set(state.wrong)) == len(state.wrong), "state.wrong: a player is listed twice")
        require(all(0 <= p < n for p in state.wrong), "state.wrong: unknown player")
        if not self.regrab:
            require(
                [p for p in state.acted if p in state.wrong] == list(state.wrong),
                "state.wrong: the wrong grabbers must have acted, in the same order",
            )
        require(
            (not state.wrong) == (not state.grabbed) or (self.put_back and not state.grabbed),
            "state.grabbed: must match the wrong grabs",
        )
        if state.dice is None:
            require(not state.acted and not state.wrong, "state.acted: nobody acts before the roll")
            return
        require(state.supply > 0, "state.dice: no roll after the end")
        require(state.dice in self._faces, "state.dice: these dice cannot show that")
        self._validate_grabbed(state)

    @reads(MULTI_GRAB, GRAB_PHASE)
    def _validate_grabbed(self, state: State) -> None:
        """Each wrong grab took at least one object nobody had grabbed (``all-taken``), exactly
        one (``refused``), or one or none (``put-back``: several go back); a grab of the answer
        alone is never wrong, so only ``all-taken`` can have taken the answer."""
        wrong, grabbed = len(state.wrong), len(state.grabbed)
        answer_taken = answer_of(state.dice) in state.grabbed
        if self.one_object or self.put_back:
            require(not answer_taken, "state.grabbed: the answer cannot have been grabbed")
            if not self.regrab:
                fits = grabbed == wrong if self.one_object else grabbed <= wrong
                require(fits, "state.grabbed: the objects do not match the wrong grabs")
            elif self.one_object:
                require(grabbed >= wrong, "state.grabbed: fewer objects than wrong grabs")
            return
        require(grabbed >= wrong, "state.grabbed: fewer objects than wrong grabs")
        if answer_taken:
            require(
                grabbed > wrong,
                "state.grabbed: the answer can only have been grabbed with another object",
            )
