"""The catalog of games: names, the module that defines each, and ``make``."""

from __future__ import annotations

import importlib
import inspect
from typing import Any

from castlerules.core.errors import InvalidOptionError
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


def game_class(name: str) -> type[Game[Any, Any]]:
    try:
        target = GAMES[name]
    except (KeyError, TypeError):
        raise InvalidOptionError(
            f"unknown game {name!r}; the games are: {', '.join(GAMES)}"
        ) from None
    module, cls = target.split(":")
    found: type[Game[Any, Any]] = getattr(importlib.import_module(module), cls)
    return found


def make(name: str, **options: Any) -> Game[Any, Any]:
    """Make a game by name with its options, validated at once (InvalidOptionError)."""
    cls = game_class(name)
    try:
        inspect.signature(cls).bind(**options)
    except TypeError:
        accepted = [p for p in inspect.signature(cls).parameters]
        raise InvalidOptionError(
            f"{name}: unknown option(s) {sorted(options)}; accepted: {', '.join(accepted)}"
        ) from None
    return cls(**options)
