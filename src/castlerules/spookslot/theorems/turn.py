"""The turn ('Spelverloop', 'Je gooit het spooksymbool', 'De kogel laten vallen', 'De geheime
doorgang', the set-up and the four-player rule): rolls, the ball, the passage, the start."""


from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

from castlerules.core.theorem import Result, theorem
from castlerules.spookslot.game import Spookslot
from castlerules.spookslot.state import (
    Ball,
    Passage,
    Phase,
    Roll,
    State,
)
from castlerules.spookslot.theorems.common import (
    TESTS,
    _position,
    _refute,
    clause_ids,
    four_player,
)
from castlerules.spookslot.theorems.families import (
    ball_states,
    passage_states,
    roll_states,
)
from castlerules.spookslot.theorems.moves import _invariants
from castlerules.spookslot.theorems.reading import Reading


def _check_family(game: Spookslot, states: Iterator[State], what: str,
                  expected: Callable[[Reading, State, Any], State]) -> Result:
    reading = Reading(game)
    count = 0
    for s in states:
        actions = game.legal_actions(s)
        want_actions = _expected_actions(game, reading, s)
        if set(actions) != want_actions:
            return _refute(game, s, f"the legal actions {sorted(map(str, actions))} are not "
                                    f"the rules' {sorted(map(str, want_actions))}")
        if s.phase is Phase.PASSAGE and game.actors(s) != {p for p, _ in s.pending}:
            return _refute(game, s, "the players who decide are not the pawns' owners")
        if game.is_chance(s):
            chances = {_outcome(a): p for a, p in game.chance_outcomes(s)}
            odds: dict[Any, Fraction] = dict(
                reading.die if s.phase in (Phase.ROLL, Phase.REROLL) else reading.ball)
            if chances != odds:
                return _refute(game, s, f"the chances {chances} are not the rules' {odds}")
        for action in actions:
            count += 1
            got = game.apply(s, action)
            want = expected(reading, s, action)
            if got != want:
                return _refute(game, s, f"the rules give {_position(game, want)}", action, got)
            problem = _invariants(game, reading, s, action, got)
            if problem:
                return _refute(game, s, problem, action, got)
    return Result.proved(f"{count} {what} as the rules say")


def _outcome(action: Any) -> Any:
    return action.face if isinstance(action, Roll) else action.trap


def _expected_actions(game: Spookslot, reading: Reading, s: State) -> set[Any]:
    if s.phase in (Phase.ROLL, Phase.REROLL):
        return {Roll(f) for f in reading.die}
    if s.phase is Phase.BALL:
        return {Ball(t) for t in reading.ball}
    if s.phase is Phase.PASSAGE:
        return {Passage(p, k, t) for p, k in s.pending for t in (True, False)}
    return set()


@theorem(
    "spookslot.roll-transition",
    "For every player count, the first and the last player rolling, the mover's pawn on "
    "every square, with another pawn (3-6 players: the last other player's) in danger or "
    "not, before the first roll and after a ghost: the die shows its six faces with equal chances; a ghost "
    "drops the ball when anyone is in a danger zone, "
    "else gives one more roll, and a second ghost ends the turn (reading: rolls again); a "
    "number gives a move if any pawn can move, else the next player rolls.",
    clauses=clause_ids("beurt.dobbelen", "spook.kogel", "spook.nog-een-keer", "exit.blijft-staan",
                     "pionnen.beginner"),
    method="exhaustive",
    fails_with=f"{TESTS}::test_roll_transition_catches_a_second_reroll",
    depends_on=lambda game: ("players", "ghost-reroll", "die_faces", "forced-move", *four_player(game)),
)
def check_rolls(game: Spookslot) -> Result:
    return _check_family(game, roll_states(game), "die rolls (ghost: ball, again, or the turn "
                         "passes; a number: a move or the turn passes)",
                         lambda r, s, a: r.after_roll(s, a.face))


@theorem(
    "spookslot.ball-transition",
    "For pawns of the mover and of another player (with 3 or more players: each other "
    "player in turn) on every pair of squares (one in danger): the ball reaches each trap "
    "with its weight's chance; for every trap exactly the pawns in that trap's danger zone "
    "(ball-once = mover-only: the mover's) go back to their fallback blue square (and may "
    "share it); the portrait then lets the owners of pawns on the red star squares decide "
    "(secret-passage = always: moves them); then the next player rolls.",
    clauses=clause_ids("kogel.valstrik", "valstrik.trap", "valstrik.boekenkast", "valstrik.portret",
                     "valstrik.bijl", "geschrokken.terug", "geschrokken.blauw-meerdere",
                     "geheim.sterveld"),
    method="exhaustive",
    fails_with=f"{TESTS}::test_ball_transition_catches_a_wrong_fallback",
    depends_on=lambda game: ("players", "ball-once", "secret-passage", "trap_weights", "board", *four_player(game)),
)
def check_balls(game: Spookslot) -> Result:
    return _check_family(game, ball_states(game), "ball drops (pawns in the zone back to their "
                         "fallback, the passage opens on the portrait, then the next player)",
                         lambda r, s, a: r.after_ball(s, a.trap))


@theorem(
    "spookslot.passage-transition",
    "For every set of pawns on the red star squares still to decide (the mover's and each "
    "other player's): exactly their owners act, each pawn decides once, taking the "
    "passage puts it on the green star square (shared if need be), and when all have "
    "decided the next player rolls.",
    clauses=clause_ids("geheim.sterveld", "geheim.groen-meerdere", "valstrik.portret"),
    method="exhaustive",
    fails_with=f"{TESTS}::test_passage_transition_catches_a_second_decision",
    depends_on=lambda game: ("players", "secret-passage", "ball-once", *four_player(game)),
)
def check_passages(game: Spookslot) -> Result:
    return _check_family(game, passage_states(game), "passage decisions (each pawn once, to the "
                         "green star; then the next player)",
                         lambda r, s, a: r.after_passage(s, a))
