"""castlerules: four Dutch game rulebooks as executable, formally checked rules.

The public API is ``__all__`` below, ``castlerules.strategies`` (Hypothesis strategies) and the
``__all__`` of each game's package (``castlerules.splut`` and the others); everything else is
internal. A renamed public name warns for one minor version before it goes.

>>> import castlerules
>>> game = castlerules.make("vlotte-geesten", players=3)
>>> state = game.initial_state()
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, overload

from castlerules.core import catalog as _catalog
from castlerules.core.catalog import GameInfo, game_class, games, info, position, register
from castlerules.core.config import Config
from castlerules.core.errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidOptionError,
    InvalidStateError,
    ParseError,
    RecordError,
    RulesError,
    SpecError,
    Violation,
)
from castlerules.core.game import Game
from castlerules.core.outcome import Outcome, Termination
from castlerules.core.record import Record, Replay, replay, replay_game

if TYPE_CHECKING:
    from castlerules.kasteel.game import Kasteel
    from castlerules.splut.game import Splut
    from castlerules.spookslot.game import Spookslot
    from castlerules.vlotte_geesten.game import VlotteGeesten


# One overload per packaged game (a test checks them against the catalog's declarations): a type
# checker then knows the game class, its State and its actions.
@overload
def make(name: Literal["vlotte-geesten"], **options: Any) -> VlotteGeesten: ...
@overload
def make(name: Literal["splut"], **options: Any) -> Splut: ...
@overload
def make(name: Literal["spookslot"], **options: Any) -> Spookslot: ...
@overload
def make(name: Literal["kasteel"], **options: Any) -> Kasteel: ...
@overload
def make(name: str, **options: Any) -> Game[Any, Any]: ...
def make(name: str, **options: Any) -> Game[Any, Any]:
    """Make a game by name with its options, validated at once (``InvalidOptionError``).

    ``name`` is any spelling of a game's name (``"splut"``, ``"Splut"``, ``"vlotte_geesten"``;
    ``castlerules.games()`` lists them). Every game takes ``players`` (in its range),
    ``readings={interpretation: option, ...}`` (full or short interpretation ids) and
    ``ruleset=NAME`` (a named set of readings, such as ``"literal"``); ``castlerules readings
    GAME`` lists the interpretations and the options each game takes besides, and
    ``help(castlerules.game_class(NAME))`` documents them.

    >>> import castlerules
    >>> castlerules.make("splut", players=3).num_players
    3
    """
    return _catalog.make(name, **options)


__all__ = [
    "Config",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidOptionError",
    "InvalidStateError",
    "Outcome",
    "ParseError",
    "Record",
    "RecordError",
    "Replay",
    "RulesError",
    "SpecError",
    "Termination",
    "Violation",
    "game_class",
    "games",
    "info",
    "make",
    "position",
    "register",
    "replay",
    "replay_game",
]
__version__ = "0.2.0"
