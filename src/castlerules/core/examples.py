"""Worked examples as data: positions before and after the moves of the rulebook's examples.

``specs/examples/<game>.toml`` holds, for each worked example of the Dutch text (and other
illustrative situations), a position text, the moves in notation, and the position text they lead
to::

    [[example]]
    id = "splut.voorbeeld.trekken"      # a slug; usually the clause id of the worked example
    clauses = ["splut.voorbeeld.trekken"]
    title = "Pulling a rock"
    options = { players = 2 }           # optional: the options of the game
    before = "<position text>"
    moves = ["p0 Tf3-f4 pull"]
    after = "<position text>"
    highlight = ["f2", "f3", "f4"]      # optional: squares to mark in the pictures
    caption = "The troll steps north and drags the rock behind it into the square it left."

The test suite replays every example (so the data cannot drift from the rules) and the docs draw
each one before and after, with its position text.
"""

from __future__ import annotations

import functools
import tomllib
from typing import Any

import attrs

from castlerules.core.errors import SpecError
from castlerules.core.spec import load_spec, read_text

_FIELDS = {"id", "clauses", "title", "options", "before", "moves", "after", "highlight", "caption"}


@attrs.frozen(slots=True)
class Example:
    """One worked example: ``moves`` played from ``before`` give ``after``."""

    id: str
    game: str
    clauses: tuple[str, ...]
    title: str
    options: tuple[tuple[str, Any], ...]
    before: str
    moves: tuple[str, ...]
    after: str
    highlight: tuple[str, ...]
    caption: str

    def options_dict(self) -> dict[str, Any]:
        return dict(self.options)


def parse_examples(game: str, text: str, where: str) -> tuple[Example, ...]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SpecError(f"{where}: not valid TOML: {exc}") from exc
    known = load_spec(game).clause_ids()
    out = []
    for i, entry in enumerate(data.get("example", [])):
        here = f"{where} example #{i}"
        if not isinstance(entry, dict):
            raise SpecError(f"{here}: expected a table")
        extra = sorted(set(entry) - _FIELDS)
        missing = sorted({"id", "clauses", "title", "before", "moves", "after", "caption"} - set(entry))
        if extra or missing:
            raise SpecError(f"{here}: unknown fields {extra}, missing fields {missing}")
        clauses = tuple(str(c) for c in entry["clauses"])
        unknown = [c for c in clauses if c not in known]
        if unknown:
            raise SpecError(f"{here}: unknown clauses {unknown}")
        out.append(
            Example(
                id=str(entry["id"]),
                game=game,
                clauses=clauses,
                title=str(entry["title"]),
                options=tuple(sorted(dict(entry.get("options", {})).items())),
                before=str(entry["before"]).strip(),
                moves=tuple(str(m) for m in entry["moves"]),
                after=str(entry["after"]).strip(),
                highlight=tuple(str(h) for h in entry.get("highlight", ())),
                caption=" ".join(str(entry["caption"]).split()),
            )
        )
    ids = [e.id for e in out]
    if len(set(ids)) != len(ids):
        raise SpecError(f"{where}: repeated example ids")
    return tuple(out)


@functools.cache
def load_examples(game: str) -> tuple[Example, ...]:
    """The worked examples of ``game`` (empty if it has none yet)."""
    where = f"examples/{game}.toml"
    try:
        text = read_text(where)
    except SpecError:
        return ()
    return parse_examples(game, text, where)
