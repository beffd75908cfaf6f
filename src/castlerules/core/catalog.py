"""The catalog of games: names, the module that defines each, and ``make``.

Where each game's theorems, action universe, statistics and terminal view live (modules beside its
rules, never imported by them) is ``core.game.game_module``; the catalog imports the game kernel,
never the other way round."""

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
    """The class of the game ``name`` (InvalidOptionError for an unknown name): its options are
    the keyword arguments of ``make``, its ``players_range`` the player counts its rulebook names.

    >>> import castlerules
    >>> castlerules.game_class("kasteel").players_range
    (2, 2)
    """
    if not isinstance(name, str) or name not in GAMES:
        hint = suggest(name) if isinstance(name, str) else ""
        raise InvalidOptionError(
            f"unknown game {quote(name)}{hint}; the games are: {', '.join(GAMES)}"
        )
    module, cls = GAMES[name].split(":")
    found: type[Game[Any, Any]] = getattr(importlib.import_module(module), cls)
    return found


def player_counts(name: str) -> tuple[int, ...]:
    """Every player count the rulebook of ``name`` names."""
    low, high = game_class(name).players_range
    return tuple(range(low, high + 1))


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
