"""castlerules: four Dutch game rulebooks as executable, formally checked rules.

The public API is ``__all__`` below, ``castlerules.strategies`` (Hypothesis strategies) and the
``__all__`` of each game's package (``castlerules.splut`` and the others); everything else is
internal. A renamed public name warns for one minor version before it goes.

>>> import castlerules
>>> game = castlerules.make("vlotte-geesten", players=3)
>>> state = game.initial_state()
"""

from castlerules.core.catalog import game_class, games, make, position
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

__all__ = [
    "Game",
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
    "make",
    "position",
    "replay",
    "replay_game",
]
__version__ = "0.2.0"
