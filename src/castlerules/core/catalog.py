"""The catalog of games: the one list of the packaged games, ``register`` for others, and
``make``.

A game declares itself once, in its package's ``declaration`` module, which the package's
``__init__`` imports before its rules (so the ``@clause`` links of the rules find their
rulebook)::

    GAME: GameInfo = register(GameInfo(name="splut", prefix="splut", package="castlerules.splut",
                                       rules="castlerules.splut.game:Splut", blurb="...", ...))

The packaged games are the packages named in ``PACKAGED``; a project of its own declares a game the
same way and registers it with ``register`` (``castlerules.register``).
"""

from __future__ import annotations

import difflib
import importlib
import threading
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from castlerules.core import spec as _spec
from castlerules.core.declaration import PARTS, GameInfo
from castlerules.core.errors import InvalidOptionError, SpecError, quote

if TYPE_CHECKING:
    from castlerules.core.game import Game

__all__ = [
    "PACKAGED", "PARTS", "GameInfo", "game_class", "games", "info", "infos", "make", "make_stored",
    "normalize_name", "player_counts", "position", "register", "suggest", "unregister",
]  # fmt: skip

#: The packages of the games that ship with castlerules, in catalog order: the one list that
#: names them outside their packages.
PACKAGED: tuple[str, ...] = (
    "castlerules.vlotte_geesten",
    "castlerules.splut",
    "castlerules.spookslot",
    "castlerules.kasteel",
)

_LOCK = threading.RLock()
_GAMES: dict[str, GameInfo] = {}
_LOADED = False


def register(info: GameInfo) -> GameInfo:
    """Add ``info`` to the catalog (its spec and clause prefix with it) and return it. Registering
    the same declaration again does nothing; another game of the same name or prefix is refused."""
    with _LOCK:
        for other in _GAMES.values():
            if other == info:
                return info
            if other.name == info.name or other.prefix == info.prefix:
                raise SpecError(
                    f"a game named {other.name!r} with the prefix {other.prefix!r} is registered "
                    f"already; {info.name!r} ({info.prefix!r}) cannot be added"
                )
        _spec.register_source(info.name, info.prefix, info.spec_source)
        _GAMES[info.name] = info
    return info


def unregister(name: str) -> None:
    """Remove a game that ``register`` added (a test's own game); the packaged games stay."""
    with _LOCK:
        info = _GAMES.get(name)
        if info is None or info.package in PACKAGED:
            return
        del _GAMES[name]
        _spec.unregister_source(info.name, info.prefix)


def _load_packaged() -> None:
    """Import every packaged game (each registers itself), once."""
    global _LOADED
    if _LOADED:
        return
    with _LOCK:
        for package in PACKAGED:
            importlib.import_module(package)
        _LOADED = True


_spec.set_loader(_load_packaged)


def infos() -> tuple[GameInfo, ...]:
    """Every game's declaration: the packaged games in catalog order, then those registered."""
    _load_packaged()
    with _LOCK:
        found = list(_GAMES.values())
    order = {p: i for i, p in enumerate(PACKAGED)}
    return tuple(sorted(found, key=lambda g: order.get(g.package, len(order))))


def games() -> tuple[str, ...]:
    """The names of all games, in catalog order."""
    return tuple(g.name for g in infos())


def normalize_name(name: str) -> str:
    """A game name as typed by a person: any case, ``_`` or a space for ``-``."""
    return name.strip().lower().replace("_", "-").replace(" ", "-")


def suggest(name: str) -> str:
    """" (did you mean 'splut'?)" for a near miss, else ""."""
    close = difflib.get_close_matches(normalize_name(name), list(games()), n=1, cutoff=0.5)
    return f" (did you mean {close[0]!r}?)" if close else ""


def info(name: str) -> GameInfo:
    """The declaration of the game ``name`` (any spelling ``normalize_name`` reads);
    InvalidOptionError, with the nearest name, when there is none."""
    if not isinstance(name, str) or len(name) > 100:
        raise InvalidOptionError(
            f"unknown game {quote(name)}; the games are: {', '.join(games())}"
        )
    wanted = normalize_name(name)
    found = _GAMES.get(wanted)
    if found is None:
        # a packaged game imports only its own package, where its name says which
        package = f"castlerules.{wanted.replace('-', '_')}"
        if package in PACKAGED:
            importlib.import_module(package)
        else:
            _load_packaged()
        found = _GAMES.get(wanted)
    if found is None:
        raise InvalidOptionError(
            f"unknown game {quote(name)}{suggest(name)}; the games are: {', '.join(games())}"
        )
    return found


def game_class(name: str) -> type[Game[Any, Any]]:
    """The rules class of the game ``name`` (any spelling; InvalidOptionError for an unknown
    name): its ``config_type`` declares the keyword options of ``make`` (their defaults, checks and
    documentation), its ``players_range`` the player counts its rulebook names.

    >>> import castlerules
    >>> castlerules.game_class("kasteel").players_range
    (2, 2)
    """
    found: type[Game[Any, Any]] = info(name).cls
    return found


def player_counts(name: str) -> tuple[int, ...]:
    """Every player count the rulebook of ``name`` names."""
    return info(name).player_counts


def make(name: str, **options: Any) -> Game[Any, Any]:
    """Make a game by name with its options, validated at once by its configuration
    (``Game.config_type``; InvalidOptionError names the option, what it expects and what came):
    the untyped form of ``castlerules.make``, for code that knows the game only at run time."""
    cls: type[Game[Any, Any]] = info(name).cls
    return cls(**options)


def make_stored(name: str, options: Mapping[str, Any]) -> Game[Any, Any]:
    """The game that stored options name — a record's, a play link's, the options kept beside a
    state's JSON — as the version that wrote them meant it: where an interpretation's default has
    changed since, options that do not name it play its earlier default
    (``castlerules.core.readings.as_written``). ``make(name, **options)`` for options written by
    this version."""
    from castlerules.core.readings import as_written

    if not isinstance(options, Mapping):
        raise InvalidOptionError(f"options must be an object, got {quote(options)}")
    return make(name, **as_written(_spec.load_spec(info(name).name), options))


def position(name: str, text: str, **options: Any) -> Any:
    """The state a position text describes: ``make(name, **options).state_from_text(text)``.

    The ``repr`` of every state is such a call, so it can be pasted into a test."""
    return make(name, **options).state_from_text(text)
