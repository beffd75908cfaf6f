"""Splut! counters for ``castlerules simulate``: turns, throws, kills, pulls, pushes, levitation, passes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from castlerules.splut.board import OFF
from castlerules.splut.game import Splut
from castlerules.splut.state import Pass, Piece, Step, Throw


def counters(game: Splut, states: Sequence[Any], actions: Sequence[Any]) -> dict[str, int]:
    """Per game: turns, steps, throws, sorcerers and dwarves crushed, pulls, pushes (dwarf steps
    that move other pieces), levitating steps and passes (no legal step)."""
    keys = ("turns", "steps", "throws", "sorcerers crushed", "dwarves crushed", "pulls", "pushes",
            "levitating steps", "passes")
    found = dict.fromkeys(keys, 0)
    for before, action, after in zip(states, actions, states[1:]):
        if after.turn != before.turn:
            found["turns"] += 1
        if isinstance(action, Step):
            found["steps"] += 1
            found["pulls"] += action.pull
            found["levitating steps"] += action.lev != OFF
            if (
                before.pieces[action.player][Piece.DWARF] == action.frm
                and before.board[action.to] != 0
            ):
                found["pushes"] += 1
        elif isinstance(action, Throw):
            found["throws"] += 1
            for old, new in zip(before.pieces, after.pieces):
                if old[Piece.SORCERER] != OFF and new[Piece.SORCERER] == OFF:
                    found["sorcerers crushed"] += 1
                elif old[Piece.DWARF] != OFF and new[Piece.DWARF] == OFF:
                    found["dwarves crushed"] += 1
        elif isinstance(action, Pass):
            found["passes"] += 1
    return found


#: The figures printed with the Dutch rulebook (clause splut.statistieken.algemeen): games played by
#: people on the publishing website. The docs set random play beside them.
PUBLISHED: dict[str, float] = {
    "games": 81,
    "first player win rate": 22 / 81,
    "turns per game (mean)": 32,
}
