"""Vlotte Geesten rules: the roll, the grab round, points, the pot, the end — each tied to its clause."""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar

import attrs

from castlerules.core.errors import InvalidOptionError, Violation
from castlerules.core.game import Game, check_player_count, require
from castlerules.core.registry import clause, violation
from castlerules.vlotte_geesten import kernel, notation, render
from castlerules.vlotte_geesten.state import COLOURS, TOTAL_POINTS, Grab, Obj, Pass, Roll, State

SUBSETS: tuple[frozenset[Obj], ...] = tuple(
    frozenset(c) for r in range(1, 6) for c in itertools.combinations(Obj, r)
)


#: Every roll five dice could show, possible with the game's faces or not.
_ALL_ROLLS: tuple[Roll, ...] = tuple(Roll(f) for f in itertools.product(Obj, repeat=5))  # type: ignore[arg-type]


@functools.cache
def answer_of(faces: tuple[Obj, ...]) -> Obj:
    """The object to grab for a roll (the dual-mode kernel, evaluated on plain values)."""
    return Obj(kernel.answer([int(f) for f in faces]))


def _parse_faces(faces: Any) -> tuple[tuple[Obj, ...], ...]:
    """Validate the ``faces`` option: colour -> six object names."""
    if not isinstance(faces, Mapping) or set(faces) != set(COLOURS):
        raise InvalidOptionError(f"faces must map each die colour {COLOURS} to six object names")
    names = {o.name.lower(): o for o in Obj}
    dice = []
    for colour in COLOURS:
        sides = faces[colour]
        if (
            not isinstance(sides, Sequence)
            or isinstance(sides, str)
            or len(sides) != 6
            or not all(isinstance(s, str) and s.lower() in names for s in sides)
        ):
            raise InvalidOptionError(
                f"faces[{colour!r}] must be six of {sorted(names)}, got {sides!r}"
            )
        dice.append(tuple(names[s.lower()] for s in sides))
    return tuple(dice)


def _distribution(dice: tuple[tuple[Obj, ...], ...]) -> tuple[tuple[Roll, Fraction], ...]:
    per_die = [Counter(sides) for sides in dice]
    outcomes = []
    for combo in itertools.product(*(sorted(c) for c in per_die)):
        p = Fraction(1)
        for die, face in zip(per_die, combo):
            p *= Fraction(die[face], 6)
        outcomes.append((Roll(combo), p))  # type: ignore[arg-type]
    return tuple(outcomes)


class VlotteGeesten(Game[State, Any]):
    """Vlotte Geesten: Het Dobbelspel for 2–8 players.

    Options: ``players`` (2–8), ``first_player`` (who rolls first, interpretation
    vg.interp.first-player), ``faces`` (custom dice: colour -> six object names; default every
    object with probability 1/5, interpretation vg.interp.dice-faces).
    """

    name: ClassVar[str] = "vlotte-geesten"
    state_type: ClassVar[type] = State
    action_types: ClassVar[tuple[type, ...]] = (Roll, Grab, Pass)
    players_range: ClassVar[tuple[int, int]] = (2, 8)
    playout_cap: ClassVar[int] = 200_000

    @classmethod
    def variants(cls) -> tuple[dict[str, Any], ...]:
        loaded = {c: ["chair", "ghost", "ghost", "mouse", "bottle", "book"] for c in COLOURS}
        return (
            *({"players": n} for n in range(2, 9)),
            {"players": 3, "first_player": 2},
            {"players": 2, "faces": loaded},
        )

    @clause("vg.spel.spelers", "vg.voorbereiding.inhoud")
    def __init__(
        self,
        *,
        players: int = 4,
        first_player: int = 0,
        faces: Mapping[str, Any] | None = None,
        readings: Mapping[str, str] | None = None,
        ruleset: str | None = None,
    ) -> None:
        given = self.resolve_readings(
            {"players": players, "first_player": first_player, "faces": faces}, readings, ruleset
        )
        players, first_player, faces = given["players"], given["first_player"], given["faces"]
        n = check_player_count(players, 2, 8)
        if not isinstance(first_player, int) or not 0 <= first_player < n:
            raise InvalidOptionError(f"first_player must be a player from 0 to {n - 1}")
        options: dict[str, Any] = {"players": n, "first_player": first_player}
        if faces is None:
            self._outcomes = tuple((r, Fraction(1, 5**5)) for r in _ALL_ROLLS)
        else:
            dice = _parse_faces(faces)
            options["faces"] = {c: [o.name.lower() for o in d] for c, d in zip(COLOURS, dice)}
            self._outcomes = _distribution(dice)
        super().__init__(options)
        self._n = n
        self._first = first_player
        self._rolls = tuple(r for r, _ in self._outcomes)
        self._roll_set = frozenset(self._rolls)
        self._grabs = tuple(tuple(Grab(p, s) for s in SUBSETS) for p in range(n))
        self._passes = tuple(Pass(p) for p in range(n))
        self._legal_cache: dict[tuple[frozenset[int], frozenset[Obj]], tuple[Any, ...]] = {}

    @property
    def num_players(self) -> int:
        return self._n

    # -- states ----------------------------------------------------------------------------
    @clause("vg.voorbereiding.voorraad", "vg.voorbereiding.eerste-speler")
    def initial_state(self) -> State:
        return State(scores=(0,) * self._n, supply=TOTAL_POINTS, pot=0, roller=self._first)

    @clause("vg.einde.voorraad-leeg")
    def is_terminal(self, state: State) -> bool:
        return state.supply == 0

    @clause("vg.einde.winnaar", "vg.doel.winnaar")
    def winners(self, state: State) -> frozenset[int]:
        if not self.is_terminal(state):
            return frozenset()
        best = max(state.scores)
        return frozenset(i for i, s in enumerate(state.scores) if s == best)

    @clause("vg.spel.worp")
    def is_chance(self, state: State) -> bool:
        return state.dice is None and state.supply > 0

    def chance_outcomes(self, state: State) -> tuple[tuple[Roll, Fraction], ...]:
        return self._outcomes if self.is_chance(state) else ()

    @clause("vg.spel.gooier-grijpt-mee")
    def actors(self, state: State) -> frozenset[int]:
        if state.dice is None or self.is_terminal(state):
            return frozenset()
        return frozenset(range(self._n)) - frozenset(state.acted)

    def legal_actions(self, state: State) -> tuple[Any, ...]:
        if self.is_terminal(state):
            return ()
        if state.dice is None:
            return self._rolls
        key = (frozenset(state.acted), state.grabbed)
        found = self._legal_cache.get(key)
        if found is None:
            found = tuple(
                a
                for p in range(self._n)
                if p not in key[0]
                for a in (self._passes[p], *self._grabs[p])
                if not isinstance(a, Grab) or not a.objects & state.grabbed
            )
            self._legal_cache[key] = found
        return found

    def candidate_actions(self, state: State) -> tuple[Any, ...]:
        if state.dice is None:
            return (*_ALL_ROLLS, self._grabs[0][0], self._passes[0])
        return (*self._passes, *(g for gs in self._grabs for g in gs), self._rolls[0])

    # -- legality --------------------------------------------------------------------------
    def rule_violation(self, state: State, action: Any) -> Violation | None:
        if self.is_terminal(state):
            return violation("vg.einde.voorraad-leeg", "the game is over: the supply is empty")
        if isinstance(action, Roll):
            return self._roll_violation(state, action)
        if isinstance(action, Grab | Pass):
            return self._grab_violation(state, action)
        return violation("vg.spel.worp", f"{action!r} is not a roll, a grab or a pass")

    @clause("vg.spel.worp")
    def _roll_violation(self, state: State, action: Roll) -> Violation | None:
        if state.dice is not None:
            return violation("vg.spel.worp", "the dice have been rolled; now players grab")
        if action not in self._roll_set:
            return violation("vg.spel.worp", f"the dice cannot show {action.faces}")
        return None

    @clause("vg.spel.een-voorwerp", "vg.spel.gooier-grijpt-mee")
    def _grab_violation(self, state: State, action: Grab | Pass) -> Violation | None:
        p = action.player
        if not isinstance(p, int) or not 0 <= p < self._n:
            return violation(
                "vg.spel.spelers", f"there is no player {p!r} in a {self._n}-player game"
            )
        if state.dice is None:
            return violation("vg.spel.worp", "nobody may grab before the dice are rolled")
        if p in state.acted:
            return violation(
                "vg.spel.een-voorwerp", f"player {p} has already grabbed or passed after this roll"
            )
        if isinstance(action, Grab):
            if not action.objects or not all(isinstance(o, Obj) for o in action.objects):
                return violation("vg.spel.een-voorwerp", "a grab must take at least one object")
            taken = action.objects & state.grabbed
            if taken:
                names = ", ".join(o.name.lower() for o in sorted(taken))
                return violation(
                    "vg.doel.punt",
                    f"{names} is already in another player's hand this round "
                    "(interpretation vg.interp.grab-phase)",
                )
        return None

    # -- transitions -----------------------------------------------------------------------
    def successor(self, state: State, action: Any) -> State:
        if isinstance(action, Roll):
            return attrs.evolve(state, dice=action.faces, acted=(), grabbed=frozenset(), wrong=())
        assert state.dice is not None
        if isinstance(action, Grab) and self.is_correct(state, action):
            return self._settle(state, correct=action.player)
        acted = (*state.acted, action.player)
        if isinstance(action, Grab):
            state = attrs.evolve(
                state,
                acted=acted,
                grabbed=state.grabbed | action.objects,
                wrong=(*state.wrong, action.player),
            )
        else:
            state = attrs.evolve(state, acted=acted)
        if len(acted) == self._n:
            return self._settle(state, correct=None)
        return state

    @clause("vg.punten.juist", "vg.spel.een-voorwerp", "vg.punten.fout")
    def is_correct(self, state: State, action: Grab) -> bool:
        """A grab of exactly one object, the answer to the dice; several objects is always wrong."""
        assert state.dice is not None
        return len(action.objects) == 1 and next(iter(action.objects)) == answer_of(state.dice)

    @clause("vg.punten.gooier", "vg.pot.iedereen-mis", "vg.pot.winnen")
    def _settle(self, state: State, correct: int | None) -> State:
        """End the round: points move by the kernel; the correct grabber (if any) rolls next."""
        wrong = [i in state.wrong for i in range(self._n)]
        right = [i == correct for i in range(self._n)]
        scores, supply, pot = kernel.settle(state.scores, state.supply, state.pot, wrong, right)
        return State(
            scores=tuple(scores),
            supply=supply,
            pot=pot,
            roller=state.roller if correct is None else correct,
        )

    # -- notation, JSON, pictures ----------------------------------------------------------
    def state_to_text(self, state: State) -> str:
        # TEMPORARY until the position notation lands: the JSON of the state.
        from castlerules.core import jsonio

        return jsonio.dumps(state)

    def parse_position(self, text: str) -> State:
        from castlerules.core import jsonio

        found: State = jsonio.loads(State, text)
        return found

    def action_to_str(self, state: State, action: Any) -> str:
        return notation.action_to_str(action)

    def parse_action(self, state: State, text: str) -> Any:
        return notation.parse_action(text)

    def validate_state(self, state: State) -> None:
        n = self._n
        require(len(state.scores) == n, f"state.scores: expected {n} scores")
        require(all(s >= 0 for s in state.scores), "state.scores: a score is negative")
        require(state.supply >= 0 and state.pot >= 0, "state: supply and pot must be >= 0")
        require(
            sum(state.scores) + state.supply + state.pot == TOTAL_POINTS,
            f"state: supply + pot + scores must be {TOTAL_POINTS}",
        )
        require(0 <= state.roller < n, f"state.roller: expected a player from 0 to {n - 1}")
        require(len(set(state.acted)) == len(state.acted), "state.acted: a player acts once")
        require(all(0 <= p < n for p in state.acted), "state.acted: unknown player")
        require(len(state.acted) < n, "state.acted: a finished round must have been settled")
        require(set(state.wrong) <= set(state.acted), "state.wrong: only players who acted")
        require(
            (not state.wrong) == (not state.grabbed), "state.grabbed: must match the wrong grabs"
        )
        if state.dice is None:
            require(not state.acted, "state.acted: nobody acts before the roll")
        else:
            require(state.supply > 0, "state.dice: no roll after the end")
            require(Roll(state.dice) in self._roll_set, "state.dice: these dice cannot show that")

    def render(self, state: State) -> str:
        return render.render_text(state)

