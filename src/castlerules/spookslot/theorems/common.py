"""What every Spookslot theorem module shares: the game's name, the test file that breaks each
rule, and how a counterexample is shown."""


from __future__ import annotations

from collections.abc import Callable
from typing import Any

from castlerules.core.spec import load_spec
from castlerules.core.theorem import Result
from castlerules.spookslot.game import Spookslot
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


C = "spookslot."


def clause_ids(*names: str) -> tuple[str, ...]:
    """The clause ids of the rulebook named by their part after ``spookslot.``."""
    return tuple(C + n for n in names)


#: The clauses of the move rules (count, bounce, routes, the exact Exit, the optional rule, the
#: 4-player rule) and of one pawn's turn (the single-pawn chain).
MOVE_CLAUSES = clause_ids(
    "getal.zetten", "getal.tellen", "eindigen.bezet", "routes.kiezen", "exit.precies",
    "exit.niet-springen", "exit.moet-verplaatsen", "exit.blijft-staan", "optioneel.geel",
    "optioneel.geel-blijft-staan", "getal.vier-spelers")
CHAIN_CLAUSES = clause_ids(
    "beurt.dobbelen", "getal.zetten", "eindigen.gevaar", "spook.kogel", "spook.nog-een-keer",
    "kogel.valstrik", "geschrokken.terug", "geheim.sterveld", "exit.precies", "routes.kiezen")
#: The interpretations the move generator reads (its statements change with each of their options).
MOVE_READINGS = ("route-choice", "bounce-at-fork", "bounce-colour", "exit-exact",
                 "bounce-past-exit", "forced-move", "shared-squares", "start-line", "no-yellow",
                 "no_yellow", "die_faces", "board")
#: What a game's ending depends on (spookslot.options-end): its die, ball, board, player count and
#: every reading that changes a pawn's turn, its bounces or the balls others drop.
ENDING = ("players", "die_faces", "trap_weights", "board", "no_yellow", "no-yellow",
          "exit-exact", "start-line", "ghost-reroll", "ball-once", "secret-passage",
          "forced-move", "shared-squares", "bounce-colour", "bounce-at-fork", "route-choice",
          "bounce-past-exit")
#: The largest window any game has: the largest face the die-faces option allows (6) plus the most
#: pawns of any player count (facts player-counts and pawns-per-player).
LARGEST_WINDOW = 6 + max(n * pawns_per_player(n) for n in fact("player-counts"))


def four_player(game: Spookslot) -> tuple[str, ...]:
    """With 4 players a statement about the pawns also depends on the four-player rule."""
    return ("four-player-second-pawn",) if game.num_players == 4 else ()


def move_depends(game: Spookslot) -> tuple[str, ...]:
    """What a statement about the moves depends on: the player count and the move readings."""
    return ("players", *MOVE_READINGS, *four_player(game))


def count_back(game: Spookslot) -> bool:
    """Whether a roll past the Exit counts back from it (exit-exact = count-back)."""
    return bool(game.reading("exit-exact") == "count-back")


def share(game: Spookslot) -> bool:
    """Whether a blocked bounce shares the rolled square (bounce-past-exit = share)."""
    return bool(game.reading("bounce-past-exit") == "share")
