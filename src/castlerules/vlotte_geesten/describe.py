"""Vlotte Geesten in words: what a roll showed and how a grab round was settled.

The terminal and the docs' Play page both say these lines (one text, two screens). They name the
answer only in ``round_line``, which is meant for a round that is over: while a round is open the
answer is the players' to find.
"""

from __future__ import annotations

from typing import Any

from castlerules.vlotte_geesten.render import explain
from castlerules.vlotte_geesten.state import Grab, Roll, State


def roll_line(before: State, roll: Roll) -> str:
    """``p0 rolls: book mouse chair ghost ghost`` (the objects on the red, white, grey, green and
    blue die; no answer)."""
    faces = " ".join(f.name.lower() for f in roll.faces)
    return f"p{before.roller} rolls: {faces}"


def round_line(game: Any, before: State, after: State, grabs: list[tuple[int, Any]]) -> str:
    """A settled round in one line: the answer and why, who grabbed what (right or wrong) or
    passed, and how points, supply and pot moved. ``before`` is the state with the dice on the
    table, ``after`` the state once the round is settled, ``grabs`` each (player, action) of the
    round in order."""
    assert before.dice is not None
    reason, _, answer = explain(before.dice).rpartition(": grab the ")
    said = [f"The answer was the {answer} ({reason})."]
    for p, action in grabs:
        if not isinstance(action, Grab):
            said.append(f"p{p} passed.")
            continue
        objects = "+".join(o.name.lower() for o in sorted(action.objects))
        right = game.is_correct(before, action)
        said.append(f"p{p} grabbed the {objects}: {'right' if right else 'wrong'}.")
    moved = [f"p{p} {b - a:+d}" for p, (a, b) in enumerate(zip(before.scores, after.scores)) if a != b]
    points = ", ".join(moved) if moved else "no points moved"
    said.append(f"Points: {points}; supply {before.supply} → {after.supply}, pot {before.pot} → {after.pot}.")
    return " ".join(said)
