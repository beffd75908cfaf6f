"""The catalog of games: names, the module that defines each, ``make``, and where each game's
theorems, action universe and statistics live (beside its rules, never imported by them)."""

from __future__ import annotations

import difflib
import importlib
import inspect
from typing import Any

from castlerules.core.errors import InvalidOptionError, quote
from castlerules.core.game import Game

#: Game name -> "module:class". Modules are imported on first use.
GAMES: dict[str, str] = {
    "vlotte-geesten": "castlerules.vlotte_geesten.rules:VlotteGeesten",
    "splut": "castlerules.splut.rules:Splut",
    "spookslot": "castlerules.spookslot.rules:Spookslot",
    "kasteel": "castlerules.kasteel.rules:Kasteel",
}


def games() -> tuple[str, ...]:
    """The names of all games, in catalog order."""
    return tuple(GAMES)


def normalize_name(name: str) -> str:
    """A game name as typed by a person: case-insensitive, ``_`` for ``-``."""
    return name.strip().lower().replace("_", "-").replace(" ", "-")


def suggest(name: str) -> str:
    """" (did you mean 'splut'?)" for a near miss, else ""."""
    close = difflib.get_close_matches(normalize_name(name), list(GAMES), n=1, cutoff=0.5)
    return f" (did you mean {close[0]!r}?)" if close else ""


def game_class(name: str) -> type[Game[Any, Any]]:
    if not isinstance(name, str) or name not in GAMES:
        hint = suggest(name) if isinstance(name, str) else ""
        raise InvalidOptionError(
            f"unknown game {quote(name)}{hint}; the games are: {', '.join(GAMES)}"
        )
    module, cls = GAMES[name].split(":")
    found: type[Game[Any, Any]] = getattr(importlib.import_module(module), cls)
    return found


def game_module(game: Game[Any, Any] | type[Game[Any, Any]], part: str) -> Any:
    """The module ``<game package>.<part>`` (``theorems``, ``space``, ``stats``), or None."""
    cls = game if isinstance(game, type) else type(game)
    package = cls.__module__.rsplit(".", 1)[0]
    try:
        return importlib.import_module(f"{package}.{part}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.{part}":
            raise
        return None


def theorems_of(game: Game[Any, Any]) -> tuple[Any, ...]:
    """The theorems of ``game`` under its options and readings: ``theorems(game)`` of the game
    package's ``theorems`` module, each told what it runs under (readings, player count, the
    other keyword options) and with its ``depends_on`` interpretation ids made full."""
    import json

    import attrs

    from castlerules.core.errors import SpecError

    module = game_module(game, "theorems")
    if module is None:
        return ()
    spec = game.spec
    chosen = {i.id: i.default for i in spec.interpretations}
    changed = tuple(sorted((k, v) for k, v in game.readings.items() if chosen.get(k) != v))
    defaults = {
        k: p.default for k, p in inspect.signature(type(game)).parameters.items()
    }
    options = tuple(sorted(
        (k, json.dumps(v, sort_keys=True, separators=(",", ":")))
        for k, v in game.options.items()
        if k not in ("players", "readings") and defaults.get(k, inspect.Parameter.empty) != v
    ))

    keywords = {"players", *defaults}

    def full(names: tuple[str, ...]) -> tuple[str, ...]:
        """Interpretation ids made full; a name that is a keyword option of ``make`` (``players``,
        ``board``) stays too, even where it is also an interpretation's short id."""
        out: list[str] = []
        for name in names:
            try:
                found = [spec.interpretation(name).id]
            except SpecError:
                found = []
            if name in keywords or not found:
                found.append(name)
            out += [f for f in found if f not in out]
        return tuple(out)

    return tuple(
        attrs.evolve(
            t, readings=changed, players=game.num_players, options=options,
            depends_on=full(t.depends_on), all_options_of=full(t.all_options_of),
        )
        for t in module.theorems(game)
    )


def make(name: str, **options: Any) -> Game[Any, Any]:
    """Make a game by name with its options, validated at once (InvalidOptionError).

    Every game takes ``players`` (in its range: Vlotte Geesten 2-8, Splut! 2-4, Spookslot 2-6,
    Kasteel 2), ``readings={interpretation: option, ...}`` (full or short interpretation ids; see
    ``castlerules readings GAME``) and ``ruleset=NAME`` (a named set of readings from the spec, such
    as ``"literal"``). The other options, by game:

    - ``vlotte-geesten``: ``first_player``, ``faces`` (colour -> six object names);
    - ``splut``: none besides the above;
    - ``spookslot``: ``first_player``, ``die_faces``, ``trap_weights``, ``board`` (a packaged
      board's name, board text, or a path), ``no_yellow``;
    - ``kasteel``: ``level``, ``passes``, ``skulls``, ``skull_squares``, ``board`` (a packaged
      map's name, map text, or a path), ``stuck``.

    ``help(castlerules.game_class(NAME))`` documents each option.
    """
    cls = game_class(name)
    signature = inspect.signature(cls)
    try:
        signature.bind(**options)
    except TypeError:
        accepted = list(signature.parameters)
        unknown = sorted(set(options) - set(accepted))
        raise InvalidOptionError(
            f"{name}: unknown option(s) {quote(unknown)}; accepted: {', '.join(accepted)}"
        ) from None
    return cls(**options)


def position(name: str, text: str, **options: Any) -> Any:
    """The state a position text describes: ``make(name, **options).state_from_text(text)``.

    The ``repr`` of every state is such a call, so it can be pasted into a test."""
    return make(name, **options).state_from_text(text)
