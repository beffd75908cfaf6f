"""The rulebooks as data: clauses and interpretations loaded from the packaged ``specs``."""

from __future__ import annotations

import functools
import re
import tomllib
from importlib import resources
from typing import Any

import attrs

from castlerules.core.errors import SpecError

KINDS = ("rule", "setup", "physical", "flavour")
_ID = re.compile(r"^[a-z0-9][a-z0-9.-]*$")

#: Clause-id prefix -> game name.
PREFIXES = {
    "vg": "vlotte-geesten",
    "splut": "splut",
    "spookslot": "spookslot",
    "kasteel": "kasteel",
}


@attrs.frozen(slots=True)
class Clause:
    """One clause of a rulebook: verbatim Dutch, an English summary, and its kind."""

    id: str
    game: str
    index: int
    section: str
    heading: str
    nl: str
    en: str
    kind: str
    reason: str


@attrs.frozen(slots=True)
class Interpretation:
    """A ruling where the Dutch text is silent or ambiguous."""

    id: str
    game: str
    clauses: tuple[str, ...]
    question: str
    options: tuple[str, ...]
    default: str
    variant: str


@attrs.frozen(slots=True)
class GameSpec:
    """All clauses and interpretations of one game, in rulebook order."""

    game: str
    title: str
    attribution: str
    source: str
    clauses: tuple[Clause, ...]
    interpretations: tuple[Interpretation, ...]

    def clause(self, clause_id: str) -> Clause:
        for c in self.clauses:
            if c.id == clause_id:
                return c
        raise SpecError(f"{self.game}: no clause {clause_id!r}")

    def clause_ids(self) -> frozenset[str]:
        return frozenset(c.id for c in self.clauses)

    def source_text(self) -> str:
        return read_text(self.source)


def read_text(relative: str) -> str:
    """Read a file shipped in the ``castlerules.specs`` package (path relative to it)."""
    node = resources.files("castlerules.specs")
    for part in relative.split("/"):
        node = node.joinpath(part)
    try:
        return node.read_text(encoding="utf-8")
    except (FileNotFoundError, IsADirectoryError) as exc:
        raise SpecError(f"no packaged spec file {relative!r}") from exc


def _field(entry: dict[str, Any], name: str, where: str, default: Any = None) -> Any:
    if name in entry:
        return entry[name]
    if default is not None:
        return default
    raise SpecError(f"{where}: missing field {name!r}")


def parse_spec(text: str, where: str = "spec") -> GameSpec:
    """Parse and validate one spec file's TOML text."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SpecError(f"{where}: not valid TOML: {exc}") from exc
    game = str(_field(data, "game", where))
    clauses: list[Clause] = []
    section = ""
    seen: set[str] = set()
    for i, entry in enumerate(data.get("clause", [])):
        cid = str(_field(entry, "id", f"{where} clause #{i}"))
        here = f"{where} clause {cid}"
        if not _ID.match(cid) or cid in seen:
            raise SpecError(f"{here}: id is malformed or repeated")
        seen.add(cid)
        kind = str(_field(entry, "kind", here))
        if kind not in KINDS:
            raise SpecError(f"{here}: kind {kind!r} is not one of {KINDS}")
        reason = str(entry.get("reason", ""))
        if kind in ("physical", "flavour") and not reason.strip():
            raise SpecError(f"{here}: a {kind} clause needs a reason")
        heading = str(entry.get("heading", "")).strip()
        if heading:
            section = heading.splitlines()[-1].strip()
        clauses.append(
            Clause(
                id=cid,
                game=game,
                index=i,
                section=section,
                heading=heading,
                nl=str(_field(entry, "nl", here)).strip(),
                en=str(_field(entry, "en", here)).strip(),
                kind=kind,
                reason=reason,
            )
        )
    interps: list[Interpretation] = []
    for i, entry in enumerate(data.get("interpretation", [])):
        iid = str(_field(entry, "id", f"{where} interpretation #{i}"))
        here = f"{where} interpretation {iid}"
        if not _ID.match(iid) or iid in seen:
            raise SpecError(f"{here}: id is malformed or repeated")
        seen.add(iid)
        options = tuple(str(o) for o in _field(entry, "options", here))
        default = str(_field(entry, "default", here))
        if default not in options:
            raise SpecError(f"{here}: default is not one of the options")
        refs = tuple(str(c) for c in _field(entry, "clauses", here))
        unknown = [r for r in refs if r not in {c.id for c in clauses}]
        if unknown:
            raise SpecError(f"{here}: reads unknown clauses {unknown}")
        interps.append(
            Interpretation(
                id=iid,
                game=game,
                clauses=refs,
                question=str(_field(entry, "question", here)),
                options=options,
                default=default,
                variant=str(entry.get("variant", "")),
            )
        )
    return GameSpec(
        game=game,
        title=str(_field(data, "title", where)),
        attribution=str(_field(data, "attribution", where)),
        source=str(_field(data, "source", where)),
        clauses=tuple(clauses),
        interpretations=tuple(interps),
    )


@functools.cache
def load_spec(game: str) -> GameSpec:
    """The packaged spec of ``game`` (e.g. ``"splut"``), parsed and validated once."""
    return parse_spec(read_text(f"{game}.toml"), where=f"{game}.toml")


def game_of_clause(clause_id: str) -> str:
    """The game a clause id belongs to, from its prefix."""
    prefix = clause_id.split(".", 1)[0]
    try:
        return PREFIXES[prefix]
    except KeyError:
        raise SpecError(f"clause id {clause_id!r} has no known game prefix") from None


def find_clause(clause_id: str) -> Clause:
    """Look a clause up by id in its game's spec; SpecError if it does not exist."""
    return load_spec(game_of_clause(clause_id)).clause(clause_id)


def normalize_space(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def partition_mismatch(spec: GameSpec) -> str | None:
    """None if the clauses (with headings) partition the source text exactly; else where not."""
    joined = normalize_space(" ".join(p for c in spec.clauses for p in (c.heading, c.nl) if p))
    source = normalize_space(spec.source_text())
    if joined == source:
        return None
    n = min(len(joined), len(source))
    i = next((k for k in range(n) if joined[k] != source[k]), n)
    return f"clauses: …{joined[max(0, i - 60) : i + 60]}… / source: …{source[max(0, i - 60) : i + 60]}…"
