"""The error hierarchy: every error castlerules raises on bad input is a RulesError.

One rule for messages built from input: a value from input is shown by ``quote`` (at most
``QUOTE_LIMIT`` characters of it), and no ``RulesError`` message is longer than ``MESSAGE_LIMIT``
characters (``RulesError`` cuts a longer one, a last guard). Text that other code built around
input (argparse's usage errors) is shortened by ``quote_words``.
"""

from __future__ import annotations

import re
import reprlib
from typing import Any

import attrs

#: Errors quote at most this many characters of the input that caused them.
QUOTE_LIMIT = 60
#: No error message is longer than this (characters).
MESSAGE_LIMIT = 600

_REPR = reprlib.Repr()
_REPR.maxstring = QUOTE_LIMIT
_REPR.maxother = QUOTE_LIMIT
_REPR.maxlevel = 3
_REPR.maxlist = _REPR.maxtuple = _REPR.maxset = _REPR.maxfrozenset = _REPR.maxdict = 6


def quote(value: Any, limit: int = QUOTE_LIMIT) -> str:
    """A short, safe ``repr`` of ``value`` for an error message: long text is cut (with "…"), deep
    or large structures are abbreviated, and a failing ``__repr__`` cannot raise."""
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return repr(value[:limit]) + "…"
    try:
        shown = _REPR.repr(value)
    except Exception:  # a hostile __repr__ must not turn into another error
        shown = f"<{type(value).__name__}>"
    return shown if len(shown) <= 2 * limit else shown[: 2 * limit] + "…"


def cap(message: str, limit: int = MESSAGE_LIMIT) -> str:
    """``message`` cut to at most ``limit`` characters (the last one "…")."""
    return message if len(message) <= limit else message[: limit - 1] + "…"


def quote_words(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` (a message built elsewhere around input, such as argparse's) with every run of more
    than ``limit`` non-space characters cut as ``quote`` cuts it, and the whole capped."""
    long_word = re.compile(r"\S{" + str(limit + 8) + ",}")  # quote() output passes as it is
    shown = long_word.sub(lambda m: quote(m.group(0).strip("'\""), limit), cap(text, 8 * limit))
    return cap(shown)


@attrs.frozen(slots=True)
class Violation:
    """Why an action is illegal: the clause it breaks, in English and in the rulebook's Dutch."""

    clause: str
    reason: str
    text_nl: str

    def __str__(self) -> str:
        return f"{self.reason} [{self.clause}: “{self.text_nl}”]"


class RulesError(ValueError):
    """Base class of every error raised for bad input to castlerules; its message is at most
    ``MESSAGE_LIMIT`` characters (a longer one is cut)."""

    def __init__(self, *args: Any) -> None:
        if args and isinstance(args[0], str) and len(args[0]) > MESSAGE_LIMIT:
            args = (cap(args[0]), *args[1:])
        super().__init__(*args)


class IllegalActionError(RulesError):
    """An action that the rules forbid in this state; ``violation`` names the clause."""

    def __init__(self, violation: Violation) -> None:
        super().__init__(str(violation))
        self.violation = violation


class InvalidActionError(RulesError):
    """A value given where an action of the game belongs that is not one (text, a foreign object,
    an action with fields of the wrong type)."""


class ParseError(RulesError):
    """Text that is not valid notation (for an action, a record or an option)."""


class InvalidStateError(RulesError):
    """A state (usually from JSON) that is malformed or inconsistent; the message names the field."""


class InvalidOptionError(RulesError):
    """A bad option passed to ``castlerules.make`` (unknown name, wrong type, out of range)."""


class SpecError(RulesError):
    """A rulebook data file (clauses, interpretations, board) that is malformed."""


class RecordError(RulesError):
    """A game record that does not replay; ``ply`` is the first ply at fault, counted from 1 as
    its message and ``castlerules play`` count them (``ply`` 1 is ``record.actions[0]``; None:
    the header)."""

    def __init__(self, message: str, ply: int | None = None) -> None:
        where = "record header" if ply is None else f"ply {ply}"
        super().__init__(f"{where}: {message}")
        self.ply = ply
