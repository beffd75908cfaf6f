"""Which theorems a verification run checks, and under what: every player count, the readings, the
option values — each theorem once per distinct value of what it depends on (``Theorem.depends_on``).

- The default run (``castlerules verify``): the default reading, for every player count the game
  allows. A theorem that does not depend on ``"players"`` runs once, for the default count.
- ``--reading ID=OPT``: everything, for every player count, under that reading.
- ``--all-readings``: the default run, then for every single deviation from the default reading the
  theorems that depend on the deviating interpretation (those state what its option does) — an
  option that needs a value (custom dice, a number of skulls) at the value its documentation
  gives (the spec's ``example``, the "play it with" command of ``castlerules readings``; a file
  name there is a placeholder and is left to the combinations' representative). A theorem that
  covers every option of an interpretation in one check (``all_options_of``) runs once.
- ``--combinations T`` (``combination_plan``): for every configuration of the covering array of
  strength T (``core.combinations``), at every player count it allows, every theorem that
  depends on an interpretation or a keyword option (what does not depend on the readings is the
  default run's); a theorem runs once per distinct value of what it depends on, so a result is
  shared by the configurations that agree on that.

The same planner answers, without running anything, which theorems state what each option of each
interpretation does (``castlerules readings GAME --json``) and which theorems state each clause,
under any configuration (``castlerules rules GAME --json``).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from castlerules.core.catalog import make, player_counts
from castlerules.core.errors import RulesError
from castlerules.core.readings import by_full_id, documented_values, single_deviations
from castlerules.core.source import untrusted
from castlerules.core.spec import load_spec


def _games(
    name: str, readings: Mapping[str, str], options: Mapping[str, Any] | None = None
) -> list[Any]:
    """The game under ``readings`` (and the keyword ``options``) for every player count those
    allow, the default count first."""
    keywords = dict(options or {})
    base = make(name, readings=dict(readings) or None, **keywords)
    out = [base]
    for n in player_counts(name):
        if n == base.num_players:
            continue
        try:
            out.append(make(name, players=n, readings=dict(readings) or None, **keywords))
        except RulesError:
            # Only a reading or an option that fixes the player count (first_player=5, say) may
            # leave a count out: a count the rulebook names that the game itself refuses is a
            # failure, not a skip.
            make(name, players=n)
            if not readings and not keywords:
                raise
            continue
    return out


def _key(t: Any, extra: Iterable[str]) -> tuple[Any, ...]:
    """A theorem's identity in a plan: its id and the values of what it depends on."""
    deps = set(t.depends_on) | set(extra)
    players = t.players if "players" in t.depends_on else None
    readings = tuple((k, v) for k, v in t.readings if k in deps)
    return (t.id, players, readings, t.options)


def _combination_key(t: Any) -> tuple[Any, ...]:
    """A theorem's identity among the configurations: what it depends on, less the
    interpretations whose every option its one check covers."""
    deps = set(t.depends_on) - set(t.all_options_of)
    players = t.players if "players" in deps else None
    readings = tuple((k, v) for k, v in t.readings if k in deps)
    return (t.id, players, readings, t.options)


@attrs.frozen(slots=True)
class CombinationPlan:
    """What ``--combinations`` runs for one game: the covering array, the theorems (each once,
    in a stable order) and, for each configuration, which of them it runs (indices)."""

    array: Any
    theorems: tuple[Any, ...]
    members: tuple[tuple[int, ...], ...]

    def summary(self) -> list[str]:
        """For a reader: how many configurations, what they cover, and what ``make`` refuses."""
        a = self.array
        what = {2: "pairs", 3: "triples"}.get(a.strength, f"{a.strength}-tuples")
        lines = [f"{a.game}: {len(a.configurations)} configurations cover {a.covered} of the "
                 f"{a.tuples} {what} of options of {len(a.factors)} interpretations; "
                 f"{len(self.theorems)} theorem runs"]
        for r in a.refused:
            lines.append(f"  refused by make: {' with '.join(lv.short for lv in r.levels)}: "
                         f"{r.reason}")
        return lines

    def to_data(self, runs: list[Any]) -> dict[str, Any]:
        """The array and, for each configuration, its results (``runs`` in the order of
        ``theorems``, ``None`` for one that did not run; a configuration whose theorems did not
        all run lists those that did)."""
        data: dict[str, Any] = self.array.to_data()
        for config, members in zip(data["configurations"], self.members):
            config["results"] = [runs[i].to_data() for i in members
                                 if i < len(runs) and runs[i] is not None]
        return data


def combination_plan(
    name: str, strength: int = 2, *, deep: bool = False, only: Iterable[str] = ()
) -> CombinationPlan:
    """The theorems of ``name`` under every configuration of its covering array of strength
    ``strength`` (see the module docstring)."""
    from castlerules.core.combinations import covering_array

    array = covering_array(name, strength)
    wanted = set(only)
    index: dict[tuple[Any, ...], int] = {}
    theorems: list[Any] = []
    members: list[tuple[int, ...]] = []
    default_players = make(name).num_players
    for config in array.configurations:
        mine: list[int] = []
        counts = sorted(config.players, key=lambda n: n != default_players)
        for n in counts:
            game = make(name, players=n, readings=config.readings() or None, **config.options())
            for t in game.theorems():
                if wanted and t.id not in wanted:
                    continue
                if t.deep and not deep and t.id not in wanted:
                    continue
                if not set(t.depends_on) - {"players"}:
                    continue  # the same under every reading: the default run's
                if n != counts[0] and "players" not in t.depends_on:
                    continue
                key = _combination_key(t)
                if key not in index:
                    index[key] = len(theorems)
                    theorems.append(t)
                if index[key] not in mine:
                    mine.append(index[key])
        members.append(tuple(mine))
    return CombinationPlan(array, tuple(theorems), tuple(members))


def joined(singles: Sequence[Any], combined: CombinationPlan) -> tuple[list[Any], list[int]]:
    """One run of the single readings and the combinations (``--all-readings --combinations``):
    the theorems of ``combined`` that ``singles`` (a ``plan`` with ``all_readings``) does not
    already hold — a theorem under the same values of what it depends on (``_combination_key``) —,
    and, for each theorem of ``combined``, its index in ``singles`` followed by those."""
    index = {_combination_key(t): i for i, t in reversed(list(enumerate(singles)))}
    extra: list[Any] = []
    where: list[int] = []
    for t in combined.theorems:
        key = _combination_key(t)
        if key not in index:
            index[key] = len(singles) + len(extra)
            extra.append(t)
        where.append(index[key])
    return extra, where


def plan(
    name: str,
    readings: Mapping[str, str] | None = None,
    *,
    all_readings: bool = False,
    deep: bool = False,
    only: Iterable[str] = (),
    options: Mapping[str, Any] | None = None,
) -> list[Any]:
    """The theorems of ``name`` a run checks (see the module docstring), in a stable order.

    ``readings`` is the base reading (``--reading``); ``only`` keeps the named theorem ids (a deep
    theorem named there runs without ``deep``); ``options`` are keyword options of every game
    made (``--option``: custom dice, a board)."""
    spec = load_spec(name)
    base = by_full_id(spec, readings or {})  # one interpretation under two spellings: agree
    wanted = set(only)
    keywords = dict(options or {})
    #: (readings, the interpretation that deviates, its keyword and value if it needs one)
    configs: list[tuple[dict[str, str], str | None, dict[str, Any]]] = [(base, None, {})]
    if all_readings:
        for deviation in single_deviations(spec):
            if not deviation:
                continue
            ((interp, option),) = deviation.items()
            interp = spec.interpretation(interp).id
            if interp not in base:
                configs.append(({**base, interp: option}, interp, {}))
        for interp, option, keyword, value in documented_values(spec):
            if interp not in base and keyword not in keywords:
                configs.append(({**base, interp: option}, interp, {keyword: value}))
    seen: set[tuple[Any, ...]] = set()
    out: list[Any] = []
    for config, deviating, value in configs:
        try:
            if value:
                # a documented value the way `castlerules readings` gives it; one that names a
                # file (a board you write, my-map.txt) is a placeholder, refused here: the
                # combinations check the option with a representative board instead
                with untrusted():
                    games = _games(name, config, {**keywords, **value})
            else:
                games = _games(name, config, options)
        except RulesError:
            if deviating is None:
                raise
            continue  # an option that cannot be combined with the base reading
        default_players = games[0].num_players
        for game in games:
            for t in game.theorems():
                if wanted and t.id not in wanted:
                    continue
                if t.deep and not deep and t.id not in wanted:
                    continue
                if game.num_players != default_players and "players" not in t.depends_on:
                    continue
                if deviating is not None and (
                    not ({deviating, *value} & set(t.depends_on))
                    or deviating in t.all_options_of
                ):
                    continue
                key = _key(t, base)
                if key in seen:
                    continue
                seen.add(key)
                out.append(t)
    return out


@functools.lru_cache(maxsize=8)
def every_configuration(name: str) -> tuple[Any, ...]:
    """Every theorem of ``name`` under every single deviation from the default reading and every
    player count (made, not run)."""
    found: list[Any] = []
    for deviation in single_deviations(load_spec(name)):
        try:
            games = _games(name, deviation)
        except RulesError:
            continue
        for game in games:
            found.extend(game.theorems())
    return tuple(found)


def option_theorems(name: str) -> dict[tuple[str, str], list[str]]:
    """``(interpretation id, option id) -> theorem ids`` stating what that option does: theorems
    made under the option that depend on its interpretation, those that cover every option of it
    at once, and, for a keyword's parameter option (custom dice, say), theorems that quantify over
    the keyword's values."""
    spec = load_spec(name)
    out: dict[tuple[str, str], list[str]] = {}
    every = every_configuration(name)
    for interp in spec.interpretations:
        for option in interp.options:
            ids: list[str] = []
            for t in every:
                readings = dict(t.readings)
                chosen = readings.get(interp.id, interp.default)
                if interp.id in t.all_options_of:
                    hit = True
                elif option.parameter:
                    # the keyword's values (its name may also be the interpretation's short id,
                    # which the catalog makes full)
                    hit = interp.id in t.depends_on or (
                        bool(interp.keyword) and interp.keyword in t.depends_on
                    )
                else:
                    hit = interp.id in t.depends_on and chosen == option.id
                if hit and t.id not in ids:
                    ids.append(t.id)
            out[(interp.id, option.id)] = ids
    return out


def clause_theorems(name: str) -> dict[str, list[str]]:
    """``clause id -> theorem ids`` over every configuration (player counts, single deviations)."""
    out: dict[str, list[str]] = {}
    for t in every_configuration(name):
        for cid in t.clauses:
            ids = out.setdefault(cid, [])
            if t.id not in ids:
                ids.append(t.id)
    return out
