"""The turn ('Spelverloop', 'Je gooit het spooksymbool', 'De kogel laten vallen', 'De geheime
doorgang', the set-up and the four-player rule): rolls, the ball, the passage, the start."""


from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

from castlerules.core.theorem import Result
from castlerules.spookslot.rules import Spookslot
from castlerules.spookslot.state import (
    START,
    Ball,
    Move,
    Passage,
    Phase,
    Roll,
    State,
)
from castlerules.spookslot.theorems.common import (
    _key,
    _position,
    _refute,
)
from castlerules.spookslot.theorems.families import (
    ball_states,
    four_player_states,
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


def check_rolls(game: Spookslot) -> Result:
    return _check_family(game, roll_states(game), "die rolls (ghost: ball, again, or the turn "
                         "passes; a number: a move or the turn passes)",
                         lambda r, s, a: r.after_roll(s, a.face))


def check_balls(game: Spookslot) -> Result:
    return _check_family(game, ball_states(game), "ball drops (pawns in the zone back to their "
                         "fallback, the passage opens on the portrait, then the next player)",
                         lambda r, s, a: r.after_ball(s, a.trap))


def check_passages(game: Spookslot) -> Result:
    return _check_family(game, passage_states(game), "passage decisions (each pawn once, to the "
                         "green star; then the next player)",
                         lambda r, s, a: r.after_passage(s, a))


def check_start(game: Spookslot) -> Result:
    """The start position is the rulebook's set-up."""
    s = game.initial_state()
    n = game.num_players
    per = 2 if n <= 4 else 1
    first = game.options.get("first_player", 0)
    want = State(((START,) * per,) * n, first, Phase.ROLL, 0, (),
                 (-1,) * n if n == 4 else (), (False,) * n if n == 4 else (), -1)
    if s != want:
        return _refute(game, s, f"the rules' set-up is {_position(game, want)}")
    if game.legal_actions(s) and not game.is_chance(s):
        return _refute(game, s, "the game does not begin with the die")
    return Result.proved(f"{n} players with {per} pawn(s) each behind the start line; player "
                         f"{first} rolls first")


def check_second_pawn(game: Spookslot) -> Result:
    """Exhaustive (4 players): the second pawn moves only as the 4-player rule allows, and the
    bookkeeping of the first pawn follows the moves."""
    if game.num_players != 4:
        return Result.proved("not a 4-player game: both pawns may move from the start "
                             "(checked with the moves theorem)")
    reading = Reading(game)
    count = 0
    for s in four_player_states(game):
        for action in game.legal_actions(s):
            if not isinstance(action, Move):
                continue
            count += 1
            if reading.locked(s, action.player, action.pawn):
                return _refute(game, s, "the second pawn moved while it must wait", action)
            got = game.apply(s, action)
            want_first, want_released = reading.bookkeeping(s, got.pawns, action.player,
                                                            action.pawn)
            if (got.first, got.released) != (want_first, want_released):
                return _refute(game, s, "the first pawn's bookkeeping is wrong", action, got)
        dest, _ = reading.moves(s)
        if {_key(m) for m in game.moves(s)} != set(dest):
            return _refute(game, s, "the moves differ from the 4-player rule")
    return Result.proved(f"{count} moves of every pair of places of a player's pawns")


