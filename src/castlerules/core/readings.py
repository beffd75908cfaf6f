"""Readings: which option of each interpretation a game plays, from ``readings=``, ``ruleset=`` and
the keyword options that are the same switches seen from the spec.

Every interpretation in ``specs/<game>.toml`` has options with short ids and a default. A game is made
with any combination::

    castlerules.make("splut", readings={"levitate-behind": "forbidden"})
    castlerules.make("spookslot", ruleset="literal")

Some interpretations are also keyword options of ``make`` (their ``keyword`` in the spec):
``make("kasteel", stuck="lose")`` and ``make("kasteel", readings={"no-legal-move": "lose"})`` are one
switch, not two. An option with a ``value`` is selected by that value of the keyword; a ``parameter``
option is selected by giving the keyword any other value than the default option's (``faces=...``
selects custom dice). ``resolve`` reconciles the three sources and says clearly when they disagree.
"""

from __future__ import annotations

import contextlib
from collections.abc import Collection, Iterable, Mapping
from typing import Any

from castlerules.core.errors import InvalidOptionError, SpecError, quote
from castlerules.core.spec import GameSpec, Interpretation


def _same(a: Any, b: Any) -> bool:
    """Equal and of the same type (so ``True`` is not the option value ``1``)."""
    return type(a) is type(b) and a == b


def _interp(spec: GameSpec, key: Any) -> Interpretation:
    if not isinstance(key, str):
        raise InvalidOptionError(f"readings: interpretation ids are strings, got {quote(key)}")
    try:
        return spec.interpretation(key)
    except SpecError:
        known = ", ".join(i.short_id for i in spec.interpretations)
        raise InvalidOptionError(
            f"{spec.game}: unknown interpretation {quote(key)}; the interpretations are: {known}"
        ) from None


def check_option(interp: Interpretation, option: Any) -> str:
    """``option`` if it is a playable option id of ``interp``; else InvalidOptionError."""
    ids = interp.option_ids()
    if not isinstance(option, str) or option not in ids:
        shown = quote(option)
        raise InvalidOptionError(
            f"{interp.id}: unknown option {shown}; the options are: {', '.join(ids)}"
        )
    chosen = interp.option(option)
    if not chosen.playable:
        raise InvalidOptionError(f"{interp.id}={option} cannot be played: {chosen.reason}")
    return option


def resolve(
    spec: GameSpec,
    keywords: Mapping[str, Any],
    readings: Any = None,
    ruleset: Any = None,
    given: Collection[str] | None = None,
) -> tuple[dict[str, Any], dict[str, str]]:
    """(keywords, readings): the keyword options with the values the readings imply, and the
    option id of every interpretation of the game (full ids), defaults filled in.

    ``keywords`` are the game's keyword options (``None`` always meaning "not given"); ``given``
    names the keywords the caller passed explicitly (``Game`` notes them), so an explicit default
    value is a choice like any other. Without ``given`` a keyword at its default value counts as
    not given. A ruleset is applied first, then ``readings``, then the keywords: a keyword given
    explicitly with a value whose option differs from the reading's is an error, whether or not
    that value is the default — this is the one place that decides how the two combine.
    """
    chosen: dict[str, str] = {}
    explicit: set[str] = set()
    if ruleset is not None:
        if not isinstance(ruleset, str):
            raise InvalidOptionError(f"ruleset must be a ruleset name, got {quote(ruleset)}")
        try:
            chosen.update(spec.ruleset(ruleset).readings_dict())
        except SpecError:
            known = ", ".join(r.id for r in spec.rulesets) or "none"
            raise InvalidOptionError(
                f"{spec.game}: unknown ruleset {quote(ruleset)}; the rulesets are: {known}"
            ) from None
    if readings is not None:
        if not isinstance(readings, Mapping):
            raise InvalidOptionError(
                f"readings must map interpretation ids to option ids, got {quote(readings)}"
            )
        if len(readings) > 4 * max(1, len(spec.interpretations)):
            raise InvalidOptionError("readings: more entries than the game has interpretations")
        for key, option in by_full_id(spec, readings).items():
            chosen[key] = check_option(spec.interpretation(key), option)
            explicit.add(key)
    out = dict(keywords)
    for interp in spec.interpretations:
        kw = interp.keyword
        if not kw or kw not in out:
            continue
        value = out[kw]
        default = interp.default_option
        if given is None:
            explicit_keyword = value is not None and not _same(value, default.value)
        else:
            explicit_keyword = kw in given and value is not None
        params = [o for o in interp.options if o.parameter]
        valued = [o for o in interp.options if o.value is not None]
        picked: str | None
        if not explicit_keyword:
            picked = None
        elif _same(value, default.value):
            picked = default.id
        elif params:
            picked = params[0].id
        else:
            match = [o for o in valued if _same(o.value, value)]
            if not match:
                allowed = ", ".join(repr(o.value) for o in valued)
                raise InvalidOptionError(f"{kw} must be one of {allowed}, got {quote(value)}")
            picked = match[0].id
        if interp.id in chosen:
            if picked is not None and picked != chosen[interp.id]:
                raise InvalidOptionError(
                    f"{kw}={quote(value)} and the reading {interp.short_id}={chosen[interp.id]} "
                    "disagree; give one of them"
                )
            option = interp.option(chosen[interp.id])
            if option.parameter and picked is None:
                raise InvalidOptionError(
                    f"{interp.id}={option.id} needs its parameter: give {kw}=..."
                )
            if option.value is not None:
                out[kw] = option.value
            elif option.id == default.id and not option.parameter:
                out[kw] = value if value is None else default.value
        elif picked is not None:
            chosen[interp.id] = check_option(interp, picked)
    full = {i.id: chosen.get(i.id, i.default) for i in spec.interpretations}
    return out, full


#: The most reading pairs one list may hold (a game has about twenty interpretations).
MAX_READING_PAIRS = 200


def by_full_id(spec: GameSpec, readings: Mapping[str, Any]) -> dict[str, Any]:
    """``readings`` keyed by each interpretation's full id: the one rule for readings given under
    two spellings (the short and the full id), which must then name the same option."""
    out: dict[str, Any] = {}
    for key, option in readings.items():
        interp = _interp(spec, key)
        if interp.id in out and out[interp.id] != option:
            raise InvalidOptionError(
                f"readings: {interp.id} is given twice, as {quote(out[interp.id])} and "
                f"{quote(option)}; give one"
            )
        out[interp.id] = option
    return out


def parse_reading_list(items: str | Iterable[str], what: str = "readings") -> dict[str, str]:
    """Readings as people write them, as the mapping ``make(readings=...)`` takes: one text or
    several, each holding pairs ``ID=OPTION`` (``ID:OPTION`` too) separated by ``,`` or ``;``
    (``--reading seating=clockwise``, ``readings=no-legal-move:lose;own-key:slide-through``).

    Every way in (the command line, the adapters) reads reading lists here, so one rule holds
    everywhere: an id given twice must name the same option both times. (Two spellings of one
    interpretation — its short and its full id — stay two entries, and ``resolve`` refuses them
    when they disagree, with the same words.) ``what`` names the source in errors."""
    texts = [items] if isinstance(items, str) else list(items)
    out: dict[str, str] = {}
    count = 0
    for text in texts:
        if not isinstance(text, str):
            raise InvalidOptionError(f"{what}: expected ID=OPTION text, got {quote(text)}")
        for pair in (p.strip() for p in text.replace(";", ",").split(",")):
            if not pair:
                continue
            count += 1
            if count > MAX_READING_PAIRS:
                raise InvalidOptionError(f"{what}: more than {MAX_READING_PAIRS} readings")
            cut = min((i for i in (pair.find("="), pair.find(":")) if i >= 0), default=-1)
            key, option = pair[:cut].strip(), pair[cut + 1 :].strip()
            if cut < 0 or not key or not option:
                raise InvalidOptionError(f"{what}: expected ID=OPTION, got {quote(pair)}")
            if key in out and out[key] != option:
                raise InvalidOptionError(
                    f"{what}: {quote(key)} is given twice, as {quote(out[key])} and "
                    f"{quote(option)}; give one"
                )
            out[key] = option
    return out


def non_default(spec: GameSpec, readings: Mapping[str, str]) -> dict[str, str]:
    """The readings that differ from the default and are not expressed by a keyword option, and
    those of an interpretation whose default has changed (``Interpretation.earlier``) whatever
    they are, by short id: what ``Game.options`` records under ``"readings"``, so options written
    now say which option such an interpretation played (``as_written``)."""
    out = {}
    for interp in spec.interpretations:
        option = readings.get(interp.id, interp.default)
        if (option != interp.default or interp.earlier) and not interp.keyword:
            out[interp.short_id] = option
    return out


def as_written(spec: GameSpec, options: Mapping[str, Any]) -> dict[str, Any]:
    """Stored options (a record's, a link's, those kept beside a state) as the version that wrote
    them meant them: an interpretation whose default has changed since (``earlier``) and that the
    options do not name — in ``readings`` or through a ``ruleset`` — plays its earlier default,
    since the options of that version named only readings other than its default. Options
    written now name every such interpretation (``non_default``), so they mean the same in every
    version. Anything malformed is left for ``make`` to refuse."""
    out = dict(options)
    readings = out.get("readings")
    if readings is not None and not isinstance(readings, Mapping):
        return out
    named: set[str] = set()
    for key in readings or {}:
        with contextlib.suppress(SpecError, InvalidOptionError):
            named.add(_interp(spec, key).id)
    ruleset = out.get("ruleset")
    if isinstance(ruleset, str):
        with contextlib.suppress(SpecError):
            named.update(spec.ruleset(ruleset).readings_dict())
    older = {i.short_id: i.earlier[0] for i in spec.interpretations
             if i.earlier is not None and i.id not in named}
    if older:
        out["readings"] = {**(readings or {}), **older}
    return out


def single_deviations(spec: GameSpec) -> list[dict[str, str]]:
    """The default (``{}``) and every reading that differs from it in one interpretation: each
    playable option that is not a keyword's parameter (those need a value, such as custom dice)."""
    found: list[dict[str, str]] = [{}]
    for i in spec.interpretations:
        for o in i.options:
            if o.id != i.default and o.playable and not o.parameter:
                found.append({i.id: o.id})
    return found


def documented_values(spec: GameSpec) -> list[tuple[str, str, str, Any]]:
    """Every playable option that needs a value and documents one (its ``example``, the value
    ``castlerules readings GAME`` shows in its "play it with" command): (interpretation id,
    option id, keyword, value)."""
    found: list[tuple[str, str, str, Any]] = []
    for i in spec.interpretations:
        for o in i.options:
            if o.playable and o.parameter and o.example is not None and i.keyword:
                found.append((i.id, o.id, i.keyword, o.example))
    return found
