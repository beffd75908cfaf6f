"""Het kasteel veroveren in words: what a chance event (a skull falling) did.

The terminal and the docs' Play page both say these lines (one text, two screens).
"""

from __future__ import annotations

from typing import Any

from castlerules.kasteel.state import PlaceSkull


def chance_line(game: Any, before: Any, action: Any, after: Any) -> str:
    """``a skull falls on d9`` for a skull; the notation of any other chance outcome."""
    if isinstance(action, PlaceSkull):
        return f"a skull falls on {game.board.name(action.square)}"
    return str(game.action_to_str(before, action))
