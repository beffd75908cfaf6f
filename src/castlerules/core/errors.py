"""The error hierarchy: every error castlerules raises on bad input is a RulesError."""

from __future__ import annotations

import attrs


@attrs.frozen(slots=True)
class Violation:
    """Why an action is illegal: the clause it breaks, in English and in the rulebook's Dutch."""

    clause: str
    reason: str
    text_nl: str

    def __str__(self) -> str:
        return f"{self.reason} [{self.clause}: “{self.text_nl}”]"


class RulesError(ValueError):
    """Base class of every error raised for bad input to castlerules."""


class IllegalActionError(RulesError):
    """An action that the rules forbid in this state; ``violation`` names the clause."""

    def __init__(self, violation: Violation) -> None:
        super().__init__(str(violation))
        self.violation = violation


class ParseError(RulesError):
    """Text that is not valid notation (for an action, a record or an option)."""


class InvalidStateError(RulesError):
    """A state (usually from JSON) that is malformed or inconsistent; the message names the field."""


class InvalidOptionError(RulesError):
    """A bad option passed to ``castlerules.make`` (unknown name, wrong type, out of range)."""


class SpecError(RulesError):
    """A rulebook data file (clauses, interpretations, board) that is malformed."""


class RecordError(RulesError):
    """A game record that does not replay; ``ply`` is the first ply at fault (None: the header)."""

    def __init__(self, message: str, ply: int | None = None) -> None:
        where = "record header" if ply is None else f"ply {ply}"
        super().__init__(f"{where}: {message}")
        self.ply = ply
