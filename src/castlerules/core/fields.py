"""Checks for the fields of a game's action objects, which may come from a stranger's code.

An action's constructor converts and bounds its fields, so the rules never see a wrong type:
``Grab(0, [Obj.MOUSE])`` or ``Move(True, 3)`` is an :class:`InvalidActionError`, not a
``TypeError`` deep inside ``apply``.
"""

from __future__ import annotations

import operator
from typing import Any

from castlerules.core.errors import InvalidActionError, quote


def whole_number(value: Any, what: str, limit: int | None = None) -> int:
    """``value`` as an ``int`` (any integer type: ``operator.index``; never a bool), from 0 to
    ``limit`` when a limit is given; otherwise :class:`InvalidActionError` naming ``what``."""
    if isinstance(value, bool):
        raise InvalidActionError(f"{what} must be a whole number, not {quote(value)}")
    try:
        out = operator.index(value)
    except TypeError:
        raise InvalidActionError(f"{what} must be a whole number, not {quote(value)}") from None
    if limit is not None and not 0 <= out <= limit:
        raise InvalidActionError(f"{what} must be from 0 to {limit}, not {quote(value)}")
    return out
