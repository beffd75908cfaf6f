"""Kasteel counters for ``castlerules simulate``: how games are won, captures, passes used."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from castlerules.kasteel.game import Kasteel
from castlerules.kasteel.state import Move, Pass, State

WAYS = ("wins by key", "wins by elimination", "wins by blockade")


def how_won(game: Kasteel, state: State) -> str | None:
    """How the game at ``state`` was won: on the opponent's key square, by taking all the
    opponent's knights, or because the opponent could not move (None: not over)."""
    winners = game.winners(state)
    if len(winners) != 1:
        return None
    (w,) = winners
    if game.board.keys[1 - w] in state.knights[w]:
        return WAYS[0]
    if not state.knights[1 - w]:
        return WAYS[1]
    return WAYS[2]


def counters(game: Kasteel, states: Sequence[State], actions: Sequence[Any]) -> dict[str, int]:
    """One of the three ways of winning (1 for the way this game was won), captures, turns passed
    for want of a move, and passes (canal/skull credits) used."""
    found = dict.fromkeys((*WAYS, "captures", "stuck passes", "passes used"), 0)
    way = how_won(game, states[-1])
    if way is not None:
        found[way] = 1
    for before, action in zip(states, actions):
        if isinstance(action, Move):
            found["captures"] += action.to in before.knights[1 - action.player]
        elif isinstance(action, Pass):
            found["stuck passes"] += 1
    found["passes used"] = sum(states[0].passes) - sum(states[-1].passes)
    return found
