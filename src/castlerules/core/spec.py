"""The rulebooks as data: clauses and interpretations loaded from the packaged ``specs``."""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Callable
from importlib import resources
from typing import Any

import attrs

from castlerules.core.errors import SpecError

KINDS = ("rule", "setup", "physical", "flavour")
_ID = re.compile(r"^[a-z0-9][a-z0-9.-]*$")
_SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_OPTION_FIELDS = {"id", "text", "playable", "reason", "value", "parameter", "example"}

#: Clause-id prefix -> game name, and game name -> its spec as ``"package:file"``: filled in by
#: ``castlerules.core.catalog.register`` from each game's declaration.
PREFIXES: dict[str, str] = {}
SOURCES: dict[str, str] = {}
#: Imports every packaged game (set by the catalog), so a clause id of a game not imported yet
#: still finds its spec.
_loader: Callable[[], None] | None = None


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
    #: The English of ``heading`` (the Dutch rulebook heading this clause starts), if any.
    heading_en: str = ""
    #: The English title of the section this clause is in.
    section_en: str = ""


@attrs.frozen(slots=True)
class Option:
    """One answer to an interpretation's question.

    ``id`` is a short slug, unique within the interpretation (the value of
    ``make(game, readings={interpretation: option})``). An unplayable option says why in ``reason``.
    Where the interpretation is also a keyword option of ``make`` (its ``keyword``), ``value`` is the
    keyword's value that selects this option; a ``parameter`` option is selected by giving the
    keyword any value other than the default option's (``faces=...``: custom dice).
    """

    id: str
    text: str
    playable: bool = True
    reason: str = ""
    value: Any = None
    parameter: bool = False
    #: For a ``parameter`` option: a value of the keyword that selects it, as a record's options
    #: hold it (``castlerules readings`` shows how to give it on the command line).
    example: Any = attrs.field(default=None, eq=False, hash=False)


@attrs.frozen(slots=True)
class Interpretation:
    """A ruling where the Dutch text is silent or ambiguous: the question and its options."""

    id: str
    game: str
    clauses: tuple[str, ...]
    question: str
    options: tuple[Option, ...]
    default: str
    keyword: str = ""
    #: Why the default is the default, argued from the Dutch text (empty where the question says
    #: it all).
    why: str = ""
    #: The default of earlier versions, where the default has changed: ``(option, version)``, the
    #: option the library played by default up to and including ``version``. Options written then
    #: (a record's, a link's) do not name the interpretation, so ``readings.as_written`` reads
    #: options that do not name it as that option.
    earlier: tuple[str, str] | None = None

    @property
    def short_id(self) -> str:
        """The id without its ``<game>.interp.`` prefix (``levitate-behind``)."""
        return self.id.split(".interp.", 1)[-1]

    def option(self, option_id: str) -> Option:
        for o in self.options:
            if o.id == option_id:
                return o
        raise SpecError(f"{self.id}: no option {option_id!r}")

    @property
    def default_option(self) -> Option:
        return self.option(self.default)

    def option_ids(self) -> tuple[str, ...]:
        return tuple(o.id for o in self.options)


@attrs.frozen(slots=True)
class Ruleset:
    """A named set of readings (``literal``, a published edition), as data in the spec.

    ``notes`` maps an interpretation id to why the ruleset reads it as it does, in particular where
    the literal reading would break the game and what the ruleset does instead.
    """

    id: str
    game: str
    title: str
    description: str
    readings: tuple[tuple[str, str], ...]
    notes: tuple[tuple[str, str], ...] = ()

    def readings_dict(self) -> dict[str, str]:
        return dict(self.readings)


@attrs.frozen(slots=True)
class Fact:
    """A number or place the rulebook states (the count of skulls, the seats two players use, the
    dice faces), as data quoted from the clauses it is read from. Theorems compare the game with
    these values, so a value a theorem checks never comes from the code it checks.

    ``quote`` is the Dutch words the value is read from (they occur in one of ``clauses``); where
    the Dutch text does not give the value (a board coordinate of the published edition, say),
    ``quote`` is empty and ``source`` says where it comes from (the interpretation that rules it).
    """

    id: str
    game: str
    value: Any = attrs.field(eq=False, hash=False)
    clauses: tuple[str, ...]
    quote: str = ""
    source: str = ""
    note: str = ""


@attrs.frozen(slots=True)
class GameSpec:
    """All clauses and interpretations of one game, in rulebook order."""

    game: str
    title: str
    attribution: str
    source: str
    clauses: tuple[Clause, ...]
    interpretations: tuple[Interpretation, ...]
    rulesets: tuple[Ruleset, ...] = ()
    facts: tuple[Fact, ...] = ()
    #: The package the spec's files (its ``source``) are read from.
    home: str = "castlerules.specs"

    def fact(self, fact_id: str) -> Any:
        """The value of a rulebook fact (``[[fact]]`` in the spec) by its id."""
        for f in self.facts:
            if f.id == fact_id:
                return f.value
        raise SpecError(f"{self.game}: no fact {fact_id!r}")

    def clause(self, clause_id: str) -> Clause:
        for c in self.clauses:
            if c.id == clause_id:
                return c
        raise SpecError(f"{self.game}: no clause {clause_id!r}")

    def clause_ids(self) -> frozenset[str]:
        return frozenset(c.id for c in self.clauses)

    def interpretation(self, interp_id: str) -> Interpretation:
        """An interpretation by its full id or its short id (without ``<game>.interp.``)."""
        for i in self.interpretations:
            if interp_id in (i.id, i.short_id):
                return i
        raise SpecError(f"{self.game}: no interpretation {interp_id!r}")

    def ruleset(self, ruleset_id: str) -> Ruleset:
        for r in self.rulesets:
            if r.id == ruleset_id:
                return r
        raise SpecError(f"{self.game}: no ruleset {ruleset_id!r}")

    def source_text(self) -> str:
        return read_text(self.source, self.home)


def read_text(relative: str, package: str = "castlerules.specs") -> str:
    """Read a file shipped in ``package`` (default ``castlerules.specs``; path relative to it)."""
    node = resources.files(package)
    for part in relative.split("/"):
        node = node.joinpath(part)
    try:
        return node.read_text(encoding="utf-8")
    except (FileNotFoundError, IsADirectoryError) as exc:
        raise SpecError(f"no packaged spec file {relative!r}") from exc


def _earlier(
    entry: Any, ids: list[str], default: str, keyword: str, here: str
) -> tuple[str, str] | None:
    """An interpretation's ``earlier`` table (``default``: the option earlier versions played by
    default, ``until``: the last version that did), validated."""
    if entry is None:
        return None
    if not isinstance(entry, dict) or set(entry) != {"default", "until"}:
        raise SpecError(f"{here}: earlier must be a table of 'default' and 'until'")
    option, until = entry["default"], entry["until"]
    if option not in ids or option == default or not isinstance(until, str) or not until:
        raise SpecError(f"{here}: earlier.default must be another option, until a version")
    if keyword:
        raise SpecError(f"{here}: the default of an interpretation with a keyword cannot change")
    return str(option), until


def _field(entry: dict[str, Any], name: str, where: str, default: Any = None) -> Any:
    if name in entry:
        return entry[name]
    if default is not None:
        return default
    raise SpecError(f"{where}: missing field {name!r}")


def _option(entry: Any, where: str) -> Option:
    if not isinstance(entry, dict):
        raise SpecError(f"{where}: expected a table")
    extra = sorted(set(entry) - _OPTION_FIELDS)
    if extra:
        raise SpecError(f"{where}: unknown fields {extra}")
    oid = str(_field(entry, "id", where))
    if not _SLUG.match(oid):
        raise SpecError(f"{where}: option id {oid!r} must be a slug such as 'forbidden'")
    playable = entry.get("playable", True)
    reason = str(entry.get("reason", "")).strip()
    if not isinstance(playable, bool):
        raise SpecError(f"{where}: 'playable' must be true or false")
    if not playable and not reason:
        raise SpecError(f"{where}: an unplayable option needs a reason")
    parameter = entry.get("parameter", False)
    if not isinstance(parameter, bool):
        raise SpecError(f"{where}: 'parameter' must be true or false")
    if "example" in entry and not parameter:
        raise SpecError(f"{where}: only a parameter option has an example value")
    return Option(
        id=oid,
        text=str(_field(entry, "text", where)).strip(),
        playable=playable,
        reason=reason,
        value=entry.get("value"),
        parameter=parameter,
        example=entry.get("example"),
    )


def _clauses(data: dict[str, Any], game: str, where: str, seen: set[str]) -> list[Clause]:
    """The clauses of a spec, validated (``seen``: the ids so far, filled in)."""
    clauses: list[Clause] = []
    section = ""
    section_en = ""
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
        heading_en = str(entry.get("heading_en", "")).strip()
        if heading_en and not heading:
            raise SpecError(f"{here}: 'heading_en' translates a 'heading'; this clause has none")
        if heading:
            section = heading.splitlines()[-1].strip()
            section_en = heading_en.splitlines()[-1].strip() if heading_en else ""
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
                heading_en=heading_en,
                section_en=section_en,
            )
        )
    return clauses


def _interpretations(data: dict[str, Any], game: str, where: str, seen: set[str],
                     clauses: list[Clause]) -> list[Interpretation]:
    """The interpretations of a spec, validated against its clauses."""
    interps: list[Interpretation] = []
    known_clauses = {c.id for c in clauses}
    for i, entry in enumerate(data.get("interpretation", [])):
        iid = str(_field(entry, "id", f"{where} interpretation #{i}"))
        here = f"{where} interpretation {iid}"
        if not _ID.match(iid) or iid in seen:
            raise SpecError(f"{here}: id is malformed or repeated")
        seen.add(iid)
        options = tuple(_option(o, f"{here} option #{k}") for k, o in enumerate(_field(entry, "option", here)))
        ids = [o.id for o in options]
        if len(set(ids)) != len(ids):
            raise SpecError(f"{here}: repeated option ids {ids}")
        default = str(_field(entry, "default", here))
        if default not in ids:
            raise SpecError(f"{here}: default {default!r} is not one of the option ids {ids}")
        if not next(o for o in options if o.id == default).playable:
            raise SpecError(f"{here}: the default option must be playable")
        keyword = str(entry.get("keyword", ""))
        if any(o.parameter for o in options) and not keyword:
            raise SpecError(f"{here}: a parameter option needs the interpretation's keyword")
        refs = tuple(str(c) for c in _field(entry, "clauses", here))
        unknown = [r for r in refs if r not in known_clauses]
        if unknown:
            raise SpecError(f"{here}: reads unknown clauses {unknown}")
        extra = sorted(set(entry) - {"id", "clauses", "question", "option", "default", "keyword",
                                     "why", "earlier"})
        if extra:
            raise SpecError(f"{here}: unknown fields {extra}")
        earlier = _earlier(entry.get("earlier"), ids, default, keyword, here)
        interps.append(
            Interpretation(
                id=iid,
                game=game,
                clauses=refs,
                question=str(_field(entry, "question", here)),
                options=options,
                default=default,
                keyword=keyword,
                why=str(entry.get("why", "")).strip(),
                earlier=earlier,
            )
        )
    return interps


def _rulesets(data: dict[str, Any], game: str, where: str,
              interps: list[Interpretation]) -> list[Ruleset]:
    """The named rulesets of a spec, each reading an interpretation's playable option."""
    by_id = {i.id: i for i in interps}
    rulesets: list[Ruleset] = []
    for i, entry in enumerate(data.get("ruleset", [])):
        rid = str(_field(entry, "id", f"{where} ruleset #{i}"))
        here = f"{where} ruleset {rid}"
        if not _SLUG.match(rid) or rid in {r.id for r in rulesets}:
            raise SpecError(f"{here}: id is malformed or repeated")
        readings = _field(entry, "readings", here)
        notes = entry.get("notes", {})
        if not isinstance(readings, dict) or not isinstance(notes, dict):
            raise SpecError(f"{here}: 'readings' and 'notes' must be tables")
        for key, value in readings.items():
            if key not in by_id or value not in by_id[key].option_ids():
                raise SpecError(f"{here}: {key} = {value!r} is not an interpretation and option")
            if not by_id[key].option(value).playable:
                raise SpecError(f"{here}: {key} = {value!r} is not playable")
        bad_notes = sorted(set(notes) - set(by_id))
        if bad_notes:
            raise SpecError(f"{here}: notes on unknown interpretations {bad_notes}")
        rulesets.append(
            Ruleset(
                id=rid,
                game=game,
                title=str(_field(entry, "title", here)),
                description=str(_field(entry, "description", here)).strip(),
                readings=tuple(sorted((str(k), str(v)) for k, v in readings.items())),
                notes=tuple(sorted((str(k), str(v).strip()) for k, v in notes.items())),
            )
        )
    return rulesets


def _facts(data: dict[str, Any], game: str, where: str, clauses: list[Clause],
           interps: list[Interpretation]) -> list[Fact]:
    """The facts of a spec, each quoting its clauses or naming the interpretation it comes from."""
    by_id = {i.id: i for i in interps}
    facts: list[Fact] = []
    clause_text = {c.id: normalize_space(c.nl) for c in clauses}
    for i, entry in enumerate(data.get("fact", [])):
        fid = str(_field(entry, "id", f"{where} fact #{i}"))
        here = f"{where} fact {fid}"
        if not _SLUG.match(fid) or fid in {f.id for f in facts}:
            raise SpecError(f"{here}: id is malformed or repeated")
        extra = sorted(set(entry) - {"id", "value", "clauses", "quote", "source", "note"})
        if extra:
            raise SpecError(f"{here}: unknown fields {extra}")
        cids = _field(entry, "clauses", here)
        if not isinstance(cids, list) or not cids or any(c not in clause_text for c in cids):
            raise SpecError(f"{here}: 'clauses' must list clause ids of this game")
        quoted = normalize_space(str(entry.get("quote", "")))
        source = str(entry.get("source", "")).strip()
        if quoted and not any(quoted in clause_text[c] for c in cids):
            raise SpecError(f"{here}: the quote does not occur in its clauses")
        if not quoted and not source:
            raise SpecError(f"{here}: a fact quotes its clause or names its source")
        if source and source not in by_id:
            raise SpecError(f"{here}: 'source' must be an interpretation id of this game")
        facts.append(Fact(
            id=fid, game=game, value=_field(entry, "value", here), clauses=tuple(cids),
            quote=quoted, source=source, note=str(entry.get("note", "")).strip(),
        ))
    return facts

def parse_spec(text: str, where: str = "spec", home: str = "castlerules.specs") -> GameSpec:
    """Parse and validate one spec file's TOML text (its files are read from ``home``)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SpecError(f"{where}: not valid TOML: {exc}") from exc
    game = str(_field(data, "game", where))
    seen: set[str] = set()
    clauses = _clauses(data, game, where, seen)
    interps = _interpretations(data, game, where, seen, clauses)
    rulesets = _rulesets(data, game, where, interps)
    facts = _facts(data, game, where, clauses, interps)
    return GameSpec(
        game=game,
        title=str(_field(data, "title", where)),
        attribution=str(_field(data, "attribution", where)),
        source=str(_field(data, "source", where)),
        clauses=tuple(clauses),
        interpretations=tuple(interps),
        rulesets=tuple(rulesets),
        facts=tuple(facts),
        home=home,
    )


def register_source(game: str, prefix: str, source: str) -> None:
    """Note where the spec of ``game`` is (``"package:file"``) and its clause prefix (the
    catalog's ``register`` calls it with each game's declaration)."""
    SOURCES[game] = source
    PREFIXES[prefix] = game


def unregister_source(game: str, prefix: str) -> None:
    SOURCES.pop(game, None)
    PREFIXES.pop(prefix, None)
    load_spec.cache_clear()


def set_loader(loader: Callable[[], None]) -> None:
    global _loader
    _loader = loader


@functools.cache
def load_spec(game: str) -> GameSpec:
    """The spec of ``game`` (e.g. ``"splut"``) as its declaration names it, parsed and validated
    once."""
    if game not in SOURCES and _loader is not None:
        _loader()
    try:
        package, file = SOURCES[game].split(":", 1)
    except KeyError:
        raise SpecError(f"no game {game!r} is registered") from None
    return parse_spec(read_text(file, package), where=file, home=package)


def game_of_clause(clause_id: str) -> str:
    """The game a clause id belongs to, from its prefix."""
    prefix = clause_id.split(".", 1)[0]
    if prefix not in PREFIXES and _loader is not None:
        _loader()
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
