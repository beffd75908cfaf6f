"""What every Spookslot theorem module shares: the game's name, the test file that breaks each
rule, and how a counterexample is shown."""


from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from castlerules.core.spec import load_spec
from castlerules.core.theorem import Result, Theorem
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


#: Spookslot's keyword options whose names are also the short ids of their interpretations
#: (``players`` and ``spookslot.interp.players``, ``board`` and ``spookslot.interp.board``). The
#: catalog turns a short id in ``depends_on`` into the full interpretation id, which would hide the
#: keyword from the planner (it looks for ``"players"`` and for the keyword of a parameter option).
SHARED_NAMES = {"spookslot.interp.players": "players", "spookslot.interp.board": "board"}


@attrs.frozen(slots=True)
class SpookslotTheorem(Theorem):
    """A Theorem whose ``depends_on`` keeps both names of an option that is a keyword and an
    interpretation at once (see ``SHARED_NAMES``): ``"players"`` stays ``"players"`` for the planner
    (every player count) and the interpretation's id is there for its options."""

    def __attrs_post_init__(self) -> None:
        Theorem.__attrs_post_init__(self)
        deps = list(self.depends_on)
        for full, keyword in SHARED_NAMES.items():
            if (full in deps or keyword in deps) and keyword not in deps:
                deps.append(keyword)
        if tuple(deps) != self.depends_on:
            object.__setattr__(self, "depends_on", tuple(deps))


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


