"""What every Spookslot theorem module shares: the game's name, the test file that breaks each
rule, and how a counterexample is shown."""


from __future__ import annotations

from collections.abc import Callable
from typing import Any

from castlerules.core.spec import load_spec
from castlerules.core.theorem import Result
from castlerules.spookslot.rules import Spookslot
from castlerules.spookslot.state import (
    Move,
    State,
)

GAME = "spookslot"
WINDOW = 18  # the largest window the game uses: die faces up to 6 plus 12 pawns
TESTS = "tests/spookslot/test_spookslot_theorems.py"
#: The tests that break the rules the player-count, option and pawn-pair theorems state.
PLAYERS_TESTS = "tests/spookslot/test_spookslot_players.py"
Kernel = Callable[..., Any]
Case = tuple[State, Any, State]
#: A move as (player, pawn, route): the reading's own name for a move.
Key = tuple[int, int, tuple[str, ...]]


def fact(fact_id: str) -> Any:
    """A rulebook value from the spec's ``[[fact]]`` entries (never from the rules code)."""
    return load_spec(GAME).fact(fact_id)


def pawns_per_player(players: int) -> int:
    """How many pawns each player has with ``players`` players ('Pionnen kiezen', a fact)."""
    return int(fact("pawns-per-player")[str(players)])


def _key(move: Move) -> Key:
    return (move.player, move.pawn, move.via)


def _position(game: Spookslot, state: State) -> str:
    try:
        return game.state_to_text(state)
    except Exception:  # a broken rule may build a malformed state
        return repr(state.pawns)


def _squares_of(state: State) -> tuple[str, ...]:
    return tuple(sorted({q for ps in state.pawns for q in ps}))


def _refute(game: Spookslot, state: State, message: str, action: Any = None,
            after: State | None = None) -> Result:
    shown = f"{message}\nposition: {_position(game, state)}"
    if action is not None:
        try:
            shown += f"\naction: {game.action_to_str(state, action)}"
        except Exception:
            shown += f"\naction: {action!r}"
    if after is not None:
        shown += f"\ngame gives: {_position(game, after)}"
    return Result.refuted(shown, message, position=_position(game, state),
                          highlight=_squares_of(state))


