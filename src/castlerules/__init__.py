"""castlerules: four Dutch game rulebooks as executable, formally checked rules.

>>> import castlerules
>>> game = castlerules.make("vlotte-geesten", players=3)
>>> state = game.initial_state()
"""

from castlerules.core.catalog import games, make
from castlerules.core.errors import (
    IllegalActionError,
    InvalidOptionError,
    InvalidStateError,
    ParseError,
    RecordError,
    RulesError,
    SpecError,
    Violation,
)
from castlerules.core.game import Game
from castlerules.core.record import Record, replay

__all__ = [
    "Game",
    "IllegalActionError",
    "InvalidOptionError",
    "InvalidStateError",
    "ParseError",
    "Record",
    "RecordError",
    "RulesError",
    "SpecError",
    "Violation",
    "games",
    "make",
    "replay",
]
__version__ = "0.1.0"
