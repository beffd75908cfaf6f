"""Spookslot in words: what a roll, the ghost ball and the secret passage did, and where a move lands.

The terminal and the docs' Play page both say these lines (one text, two screens): the roll and
what follows from it, which trap the ghost ball fired and which pawns fell back to which square,
the passage the portrait opens, and for a move where the pawn goes.
"""

from __future__ import annotations

from typing import Any

from castlerules.spookslot.notation import pawn_letter
from castlerules.spookslot.state import GHOST, Ball, Move, Phase, Roll

#: What the ghost ball does at each trap.
TRAP_WORDS = {"stairs": "rolls down the stairs", "bookcase": "tips the bookcase",
              "portrait": "swings the portrait", "axe": "drops the axe"}  # fmt: skip


def moved_pawns(before: Any, after: Any) -> list[str]:
    """Each pawn that changed place, as ``p0a l2 → l5``."""
    out = []
    for p, (old, new) in enumerate(zip(before.pawns, after.pawns)):
        for k, (a, b) in enumerate(zip(old, new)):
            if a != b:
                out.append(f"p{p}{pawn_letter(k)} {a} → {b}")
    return out


def destination(game: Any, state: Any, action: Any) -> str | None:
    """The square a legal move ends on (``exit``: the pawn escapes); None for anything else."""
    if not isinstance(action, Move):
        return None
    found: str | None = game.move_set(state).dest.get(action)
    return found


def drops_ball(game: Any, state: Any, action: Any) -> bool:
    """Whether a legal move ends on a danger square, so that the ghost ball drops."""
    return isinstance(action, Move) and action in game.move_set(state).drops


def landing(game: Any, state: Any, action: Any) -> str:
    """`` → l3`` (and whether the ball drops) for a legal move; "" for anything else."""
    dest = destination(game, state, action)
    if dest is None:
        return ""
    danger = " (danger square: the ball drops)" if drops_ball(game, state, action) else ""
    return f" → {dest.upper() if dest == 'exit' else dest}{danger}"


def move_line(game: Any, before: Any, action: Any, after: Any) -> str:
    """A pawn's move or a passage decision, with where each pawn went."""
    moved = moved_pawns(before, after)
    text = str(game.action_to_str(before, action))
    return f"{text} ({', '.join(moved)})" if moved else text


def chance_line(game: Any, before: Any, action: Any, after: Any) -> str:
    """One plain English line on a roll (and what follows from it) or on the ghost ball (which
    trap fired, which pawns fell back where, and the passage the portrait opens)."""
    p = before.turn
    if isinstance(action, Roll):
        if action.face == GHOST:
            if after.phase is Phase.BALL:
                return f"p{p} rolls the ghost: a pawn stands on a danger square, so the ghost ball is dropped."
            if after.phase is Phase.REROLL:
                return f"p{p} rolls the ghost: nobody is in danger, so p{p} rolls again."
            return f"p{p} rolls the ghost again: the turn passes to p{after.turn}."
        if after.phase is Phase.MOVE:
            return f"p{p} rolls {action.face}."
        return f"p{p} rolls {action.face}, but no pawn can move it: the turn passes to p{after.turn}."
    if isinstance(action, Ball):
        return _ball_line(game, before, action, after)
    return str(game.action_to_str(before, action))


def _ball_line(game: Any, before: Any, action: Ball, after: Any) -> str:
    board = game.board
    trap = action.trap
    zone = board.zone.get(trap, ())
    back = sorted({board.fallback[q] for q in zone if q in board.fallback})
    moved: list[str] = []
    passed: list[str] = []
    for text in moved_pawns(before, after):
        start, _, end = text.split(" ", 1)[1].partition(" → ")
        through = start in board.red_stars and end == board.green_star
        (passed if through else moved).append(text)
    where = f" ({zone[0]}-{zone[-1]})" if len(zone) > 1 else ""
    line = f"The ghost ball {TRAP_WORDS.get(trap, 'fires')}: pawns on the {trap} trap's squares{where}"
    line += f" fall back to {', '.join(back)}" if back else " fall back"
    line += ": " + ", ".join(moved) + "." if moved else "; nobody stood there."
    if trap == "portrait":
        stars = ", ".join(board.red_stars)
        line += (f" The portrait opens the secret passage: a pawn on a red star square ({stars}) "
                 f"may go to {board.green_star}")  # fmt: skip
        line += ": " + ", ".join(passed) + "." if passed else "."
    return line
