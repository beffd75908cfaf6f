"""Vlotte Geesten pictures: a text summary of a state and of a roll."""

from __future__ import annotations

from castlerules.vlotte_geesten import kernel, notation
from castlerules.vlotte_geesten.state import COLOURS, Obj, State


def situation(faces: tuple[Obj, ...]) -> int:
    """Which of the three situations applies (1, 2 or 3; 0 if none — never)."""
    dice = [int(f) for f in faces]
    for number, holds in enumerate(
        (kernel.situation_1, kernel.situation_2, kernel.situation_3), start=1
    ):
        if holds(dice):
            return number
    return 0


def render_roll(faces: tuple[Obj, ...]) -> str:
    dice = "  ".join(f"{c}:{f.name.lower()}" for c, f in zip(COLOURS, faces))
    ans = kernel.answer([int(f) for f in faces])
    shown = Obj(ans).name.lower() if ans != kernel.NO_ANSWER else "none"
    return f"{dice}   situation {situation(faces)} -> grab the {shown}"


def render_text(state: State) -> str:
    lines = [
        "position: " + notation.state_to_text(state),
        "scores: " + "  ".join(f"p{i}={s}" for i, s in enumerate(state.scores)),
        f"supply: {state.supply}   pot: {state.pot}   dice with: p{state.roller}",
    ]
    if state.dice is not None:
        lines.append("dice:   " + render_roll(state.dice))
        if state.acted:
            lines.append("acted:  " + " ".join(f"p{p}" for p in state.acted))
        if state.grabbed:
            lines.append("in hand: " + " ".join(o.name.lower() for o in sorted(state.grabbed)))
    elif state.supply == 0:
        lines.append("game over")
    return "\n".join(lines)
