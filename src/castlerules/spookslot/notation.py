"""Spookslot notation: ``roll 3``, ``roll ghost``, ``ball axe``, ``p0 move a``,
``p1 move b via lk1``, ``p2 passage a``, ``p2 stay a``."""

from __future__ import annotations

from typing import Any

from castlerules.core.errors import ParseError
from castlerules.spookslot.state import GHOST, PAWN_LETTERS, TRAPS, Ball, Move, Passage, Roll

FORMS = (
    "'roll <n>', 'roll ghost', 'ball <trap>', 'p<N> move <a|b> [via <square>[,<square>...]]', "
    "'p<N> passage <a|b>' or 'p<N> stay <a|b>'"
)


def pawn_letter(k: int) -> str:
    return PAWN_LETTERS[k] if 0 <= k < len(PAWN_LETTERS) else str(k)


def action_to_str(action: Any) -> str:
    if isinstance(action, Roll):
        return "roll ghost" if action.face == GHOST else f"roll {action.face}"
    if isinstance(action, Ball):
        return f"ball {action.trap}"
    if isinstance(action, Move):
        via = f" via {','.join(action.via)}" if action.via else ""
        return f"p{action.player} move {pawn_letter(action.pawn)}{via}"
    if isinstance(action, Passage):
        word = "passage" if action.take else "stay"
        return f"p{action.player} {word} {pawn_letter(action.pawn)}"
    raise ParseError(f"not a Spookslot action: {action!r}")


def _player(word: str, text: str) -> int:
    if len(word) < 2 or word[0] != "p" or not word[1:].isdigit():
        raise ParseError(f"{text!r}: expected a player such as 'p0', got {word!r}")
    return int(word[1:])


def _pawn(word: str, text: str) -> int:
    if len(word) != 1 or word not in PAWN_LETTERS:
        raise ParseError(f"{text!r}: expected a pawn letter ('a' or 'b'), got {word!r}")
    return PAWN_LETTERS.index(word)


def parse_action(text: str) -> Any:
    """The action ``text`` names (whether it is legal is for ``violation`` to say)."""
    if not isinstance(text, str):
        raise ParseError(f"expected action text, got {type(text).__name__}")
    words = text.split()
    if len(words) == 2 and words[0] == "roll":
        if words[1] == "ghost":
            return Roll(GHOST)
        if words[1].isdigit() and int(words[1]) > 0:
            return Roll(int(words[1]))
        raise ParseError(f"{text!r}: a roll is a positive number or 'ghost'")
    if len(words) == 2 and words[0] == "ball":
        if words[1] in TRAPS:
            return Ball(words[1])
        raise ParseError(f"{text!r}: the traps are {', '.join(TRAPS)}")
    if len(words) in (3, 5) and words[1] == "move":
        via: tuple[str, ...] = ()
        if len(words) == 5:
            if words[3] != "via":
                raise ParseError(f"{text!r}: expected 'via' before the route")
            via = tuple(words[4].split(","))
            if not all(via):
                raise ParseError(f"{text!r}: an empty square id in the route")
        return Move(_player(words[0], text), _pawn(words[2], text), via)
    if len(words) == 3 and words[1] in ("passage", "stay"):
        return Passage(_player(words[0], text), _pawn(words[2], text), words[1] == "passage")
    raise ParseError(f"{text!r}: expected {FORMS}")
