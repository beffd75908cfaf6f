"""Kasteel notation: ``f1-g1`` (a move), ``h2xh3`` (a capture), ``skull j10``, ``pass``."""

from __future__ import annotations

import re
from typing import Any

from castlerules.core.errors import ParseError
from castlerules.kasteel.board import Board
from castlerules.kasteel.state import Move, Pass, PlaceSkull, State

_MOVE = re.compile(r"^([a-z][0-9]{1,2})([-x])([a-z][0-9]{1,2})$")


def action_to_str(board: Board, state: State, action: Any) -> str:
    if isinstance(action, Move):
        capture = action.to in state.knights[1 - action.player] if action.player in (0, 1) else False
        return f"{board.name(action.frm)}{'x' if capture else '-'}{board.name(action.to)}"
    if isinstance(action, PlaceSkull):
        return f"skull {board.name(action.square)}"
    if isinstance(action, Pass):
        return "pass"
    raise ParseError(f"not a Kasteel action: {action!r}")


def _square(board: Board, name: str, text: str) -> int:
    try:
        return board.square(name)
    except ValueError as exc:
        raise ParseError(f"{text!r}: {exc}") from None


def parse_action(board: Board, state: State, text: str) -> Any:
    """The action ``text`` names, played by the player to move (``-`` and ``x`` are both
    accepted between the squares)."""
    if not isinstance(text, str):
        raise ParseError(f"expected action text, got {type(text).__name__}")
    words = text.strip().lower().split()
    if len(words) == 2 and words[0] == "skull":
        return PlaceSkull(_square(board, words[1], text))
    if words == ["pass"]:
        return Pass(state.to_move)
    found = _MOVE.match(words[0]) if len(words) == 1 else None
    if found is None:
        raise ParseError(f"{text!r}: expected a move like 'f1-g1' or 'h2xh3', 'skull j10' or 'pass'")
    return Move(state.to_move, _square(board, found[1], text), _square(board, found[3], text))
