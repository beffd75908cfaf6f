"""Readings in combination: a covering array of configurations over a game's interpretations.

A *factor* is an interpretation with two or more playable options; its *levels* are its options.
An option that needs a parameter (custom dice, a custom board, a given first player) has no value
of its own: it enters with one or more representative values from the family its option-value
theorem covers, which the game's ``theorems`` package names in ``REPRESENTATIVES``
(``{interpretation short id: {option id: (value, ...)}}``). The interpretation that is the player
count is not a factor: every configuration is checked at every player count it allows.

A *configuration* picks one level of every factor. A covering array of strength ``t`` is a list of
configurations in which every choice of ``t`` levels of ``t`` different factors appears in at
least one configuration (``castlerules verify --combinations 2``: every pair; ``3``: every triple).

Refusals are constraints, never silent drops. Before the array is built, every pair of levels is
made (``castlerules.make`` with those two options, the rest at their defaults, at every player
count); a pair that ``make`` refuses at every count is listed with the library's reason, and the
array is built under the constraint that no configuration holds it. A whole configuration that
``make`` still refuses (a conflict of three or more options) is listed the same way and
forbidden, and the array is built again. Last, coverage is checked here, not taken on trust: every
``t``-tuple that holds no refused pair must appear in an accepted configuration; one that does not
gets a configuration of its own (the tuple, the rest at their defaults), or, if ``make`` refuses
that, is listed as refused with the reason.

The array itself comes from ``covertable`` (a maintained pairwise/n-wise library: deterministic by
default — it orders the tuples by an FNV-1a hash, not by chance —, any strength, declarative
constraints that it propagates). ``allpairspy`` was considered and not taken: its last release was
in July 2023, and its own issue tracker reports that a filter function can leave feasible pairs
uncovered and that arrays of strength 3 can be incomplete, which a verification cannot accept.
"""

from __future__ import annotations

import functools
import itertools
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

import attrs

from castlerules.core.catalog import game_class, make, player_counts
from castlerules.core.errors import RulesError
from castlerules.core.spec import load_spec

#: The strengths ``castlerules verify --combinations`` offers.
STRENGTHS = (2, 3)
#: How often a refused whole configuration may send the array back to be built again.
_REBUILDS = 50


@attrs.frozen(slots=True)
class Level:
    """One option of one interpretation; for an option that needs a parameter, its keyword and
    one representative value: fixed (as JSON), or a rule that picks it from the game the rest of
    the configuration makes (``rule``: what the rule picks, in words)."""

    interpretation: str
    option: str
    keyword: str = ""
    value: str = ""
    rule: str = ""
    #: Which representative (0, 1, ...) of a parameter option this is.
    index: int = 0
    default: bool = False

    @property
    def short(self) -> str:
        """``interpretation=option`` with the short id (``#2`` for a second representative)."""
        return f"{self.interpretation.split('.interp.', 1)[-1]}={self.label}"

    @property
    def label(self) -> str:
        """The level's name among its interpretation's levels."""
        return self.option + (f"#{self.index + 1}" if self.index else "")

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"interpretation": self.interpretation, "option": self.option}
        if self.keyword:
            out["keyword"] = self.keyword
            if self.rule:
                out["rule"] = self.rule
            else:
                out["value"] = json.loads(self.value)
        return out


@attrs.frozen(slots=True)
class Factor:
    """An interpretation with two or more playable options, and its levels (default first)."""

    interpretation: str
    levels: tuple[Level, ...]


@attrs.frozen(slots=True)
class Configuration:
    """One level of every factor, the keyword values its parameter options take (as JSON), and
    the player counts ``make`` accepts it at."""

    levels: tuple[Level, ...]
    keywords: tuple[tuple[str, str], ...]
    players: tuple[int, ...]

    def readings(self) -> dict[str, str]:
        """The options that differ from the defaults (full interpretation ids)."""
        return {lv.interpretation: lv.option for lv in self.levels if not lv.default}

    def options(self) -> dict[str, Any]:
        """The keyword options of ``make`` besides the readings (the parameters' values)."""
        return {k: json.loads(v) for k, v in self.keywords}

    def to_data(self) -> dict[str, Any]:
        return {
            "readings": self.readings(),
            "options": self.options(),
            "players": list(self.players),
        }


@attrs.frozen(slots=True)
class Refusal:
    """Levels ``make`` refuses together (at every player count), with its reason."""

    levels: tuple[Level, ...]
    reason: str

    def to_data(self) -> dict[str, Any]:
        return {"levels": [lv.to_data() for lv in self.levels], "reason": self.reason}


@attrs.frozen(slots=True)
class CoveringArray:
    """Configurations of one game covering every ``strength``-tuple of levels that ``make``
    accepts, and the tuples it refuses."""

    game: str
    strength: int
    factors: tuple[Factor, ...]
    configurations: tuple[Configuration, ...]
    refused: tuple[Refusal, ...]
    #: How many ``strength``-tuples of levels of different factors there are, and how many of
    #: them the configurations cover.
    tuples: int
    covered: int

    def to_data(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "strength": self.strength,
            "factors": [
                {"interpretation": f.interpretation, "levels": [lv.to_data() for lv in f.levels]}
                for f in self.factors
            ],
            "tuples": self.tuples,
            "covered": self.covered,
            "refused": [r.to_data() for r in self.refused],
            "configurations": [c.to_data() for c in self.configurations],
        }


# -- the factors ----------------------------------------------------------------------------------

Representatives = Mapping[str, Mapping[str, Sequence[Any]]]


def representatives(name: str) -> Representatives:
    """The representative values of the options of ``name`` that need a parameter, from the
    game's ``theorems`` package (``REPRESENTATIVES``; empty if it names none). A value is fixed
    data, or a function of the game the rest of a configuration makes (its docstring's first line
    says what it picks)."""
    module = game_class(name).info.part("theorems")
    found: Representatives = getattr(module, "REPRESENTATIVES", {})
    return found


def factors(name: str) -> tuple[Factor, ...]:
    """Every interpretation of ``name`` with two or more playable options, except the player
    count, with its levels: each playable option, a parameter option once per representative."""
    spec = load_spec(name)
    values = representatives(name)
    out = []
    for interp in spec.interpretations:
        playable = [o for o in interp.options if o.playable]
        if len(playable) < 2 or interp.keyword == "players":
            continue
        playable.sort(key=lambda o: o.id != interp.default)
        levels: list[Level] = []
        for option in playable:
            if not option.parameter:
                levels.append(Level(interp.id, option.id, default=option.id == interp.default))
                continue
            given = values.get(interp.short_id, {}).get(option.id, ())
            if not given:
                raise RulesError(
                    f"{interp.id}={option.id} needs a parameter, and the game names no "
                    "representative value for it (REPRESENTATIVES in its theorems package)"
                )
            for k, value in enumerate(given):
                if callable(value):
                    rule = (value.__doc__ or value.__name__).strip().splitlines()[0]
                    levels.append(Level(interp.id, option.id, interp.keyword, rule=rule, index=k))
                else:
                    levels.append(Level(interp.id, option.id, interp.keyword, _json(value),
                                        index=k))
        out.append(Factor(interp.id, tuple(levels)))
    return tuple(out)


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


# -- what make accepts ---------------------------------------------------------------------------


def _complete(fs: Sequence[Factor], levels: Sequence[Level]) -> tuple[Level, ...]:
    """``levels`` with every other factor at its default — except that an interpretation which is
    the same keyword as a chosen parameter option (Kasteel's board and start: one ``board=``)
    takes the matching level, as ``make`` reads it."""
    chosen = {lv.interpretation: lv for lv in levels}
    out = []
    for f in fs:
        lv = chosen.get(f.interpretation)
        if lv is None:
            lv = f.levels[0]
            for other in levels:
                twin = [x for x in f.levels if other.keyword and x.keyword == other.keyword
                        and (x.value, x.rule, x.index) == (other.value, other.rule, other.index)]
                if twin:
                    lv = twin[0]
        out.append(lv)
    return tuple(out)


def keyword_values(name: str, levels: Sequence[Level], players: int) -> dict[str, Any]:
    """The keyword values of the parameter levels among ``levels``: fixed ones as given, ruled
    ones picked from the game the other levels make at ``players``."""
    out = {lv.keyword: json.loads(lv.value) for lv in levels if lv.keyword and not lv.rule}
    ruled = [lv for lv in levels if lv.rule]
    if ruled:
        plain = [lv for lv in levels if not lv.rule]
        base = make(name, players=players, readings=_readings(plain) or None, **out)
        table = representatives(name)
        for lv in ruled:
            short = lv.interpretation.split(".interp.", 1)[-1]
            out[lv.keyword] = table[short][lv.option][lv.index](base)
    return out


def _readings(levels: Iterable[Level]) -> dict[str, str]:
    return {lv.interpretation: lv.option for lv in levels if not lv.default}


def _make(name: str, levels: Sequence[Level], players: int,
          keywords: Mapping[str, Any] | None = None) -> Any:
    """The game with ``levels`` and ``players`` (``keywords``: the parameters' values, else
    found by ``keyword_values``); RulesError when ``make`` refuses it, or reads one of the
    levels otherwise than given."""
    values = dict(keyword_values(name, levels, players) if keywords is None else keywords)
    game = make(name, players=players, readings=_readings(levels) or None, **values)
    wrong = [lv for lv in levels if game.reading(lv.interpretation) != lv.option]
    if wrong:
        # say it the library's way: given every level explicitly, make refuses it
        every = {lv.interpretation: lv.option for lv in levels}
        make(name, players=players, readings=every, **values)
        lv = wrong[0]
        raise RulesError(f"make reads {lv.short} as {game.reading(lv.interpretation)}")
    return game


def configure(name: str, levels: Sequence[Level]) -> tuple[Configuration | None, str]:
    """The configuration of ``levels`` (one of every factor) with the player counts ``make``
    accepts it at; or None and the reason ``make`` gives at the first count."""
    counts: list[int] = []
    reason = ""
    keywords: dict[str, Any] | None = None
    for n in player_counts(name):
        try:
            values = keyword_values(name, levels, n) if keywords is None else keywords
            _make(name, levels, n, values)
        except RulesError as exc:
            reason = reason or " ".join(str(exc).split())
            continue
        keywords = values
        counts.append(n)
    if keywords is None:
        return None, reason
    encoded = tuple(sorted((k, _json(v)) for k, v in keywords.items()))
    return Configuration(tuple(levels), encoded, tuple(counts)), ""


@functools.lru_cache(maxsize=4096)
def _refusal(name: str, levels: tuple[Level, ...]) -> str:
    """Why ``make`` refuses ``levels`` (completed by ``_complete``) at every player count (''
    as soon as it accepts them at one)."""
    row = _complete(factors(name), levels)
    reason = ""
    for n in player_counts(name):
        try:
            _make(name, row, n)
        except RulesError as exc:
            reason = reason or " ".join(str(exc).split())
            continue
        return ""
    return reason


# -- the array ------------------------------------------------------------------------------------


def _tuples(fs: Sequence[Factor], strength: int) -> Iterator[tuple[Level, ...]]:
    """Every choice of ``strength`` levels of ``strength`` different factors, in factor order."""
    for chosen in itertools.combinations(fs, strength):
        yield from itertools.product(*(f.levels for f in chosen))


def _key(i: int) -> str:
    """covertable's name of factor ``i`` (a plain name: it reads dots as nested fields)."""
    return f"f{i}"


def _forbid(fs: Sequence[Factor], levels: Sequence[Level]) -> dict[str, Any]:
    """A covertable constraint: not all of ``levels`` together."""
    column = {f.interpretation: _key(i) for i, f in enumerate(fs)}
    return {
        "operator": "not",
        "condition": {
            "operator": "and",
            "conditions": [
                {"operator": "eq", "left": column[lv.interpretation], "value": lv.label}
                for lv in levels
            ],
        },
    }


def _array(fs: Sequence[Factor], strength: int, forbidden: Sequence[Sequence[Level]]) -> list[
        tuple[Level, ...]]:
    """covertable's covering array of ``fs`` (rows in its order), none holding a forbidden set."""
    from castlerules.core.extras import require

    cover = require("covertable", "verifying readings in combination").make
    rows = cover(
        {_key(i): [lv.label for lv in f.levels] for i, f in enumerate(fs)},
        strength=strength,
        constraints=[_forbid(fs, levels) for levels in forbidden] or None,
    )
    by_label = [{lv.label: lv for lv in f.levels} for f in fs]
    return [tuple(by_label[i][row[_key(i)]] for i in range(len(fs))) for row in rows]


def covering_array(name: str, strength: int = 2) -> CoveringArray:
    """The covering array of strength ``strength`` over the factors of ``name`` (see the module
    docstring): deterministic, every accepted ``strength``-tuple in an accepted configuration,
    every refused pair or tuple listed with ``make``'s reason."""
    if strength not in STRENGTHS:
        raise RulesError(f"--combinations takes {' or '.join(map(str, STRENGTHS))}, "
                         f"got {strength}")
    fs = factors(name)
    if len(fs) < strength:
        raise RulesError(f"{name} has {len(fs)} interpretations with several options; "
                         f"combinations of {strength} need as many")
    refused: list[Refusal] = []
    for pair in _tuples(fs, 2):
        if all(lv.default for lv in pair):
            continue
        reason = _refusal(name, pair)
        if reason:
            refused.append(Refusal(pair, reason))
    forbidden: list[tuple[Level, ...]] = [r.levels for r in refused]
    configurations: list[Configuration] = []
    for _ in range(_REBUILDS):
        configurations = []
        again = False
        for row in _array(fs, strength, forbidden):
            made, reason = configure(name, row)
            if made is not None:
                configurations.append(made)
                continue
            refused.append(Refusal(row, reason))
            forbidden.append(row)
            again = True
        if not again:
            break
    else:
        raise RulesError(f"{name}: the array kept meeting refused configurations")

    def holds_refused(levels: tuple[Level, ...]) -> bool:
        chosen = set(levels)
        return any(set(r.levels) <= chosen for r in refused)

    covered_by = {t for c in configurations for t in _tuples_of(c.levels, strength)}
    total = covered = 0
    for t in _tuples(fs, strength):
        total += 1
        if t in covered_by:
            covered += 1
            continue
        if holds_refused(t):
            continue
        row = _complete(fs, t)
        made, reason = configure(name, row)
        if made is not None:
            configurations.append(made)
            covered_by |= set(_tuples_of(row, strength))
            covered += 1
        else:
            refused.append(Refusal(t, reason))
    return CoveringArray(name, strength, fs, tuple(configurations), tuple(refused), total,
                         covered)


def _tuples_of(levels: Sequence[Level], strength: int) -> Iterator[tuple[Level, ...]]:
    """The ``strength``-tuples a configuration holds (in factor order)."""
    return itertools.combinations(levels, strength)
