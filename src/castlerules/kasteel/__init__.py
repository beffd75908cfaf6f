"""Het kasteel veroveren — conquer the opponent's key square with your knights."""

# the declaration first: it registers the rulebook the rules' clause links read
from castlerules.kasteel.declaration import GAME

# isort: split
from castlerules.kasteel.config import KasteelConfig
from castlerules.kasteel.game import Kasteel
from castlerules.kasteel.state import Move, Pass, PlaceSkull, State

__all__ = ["GAME", "Kasteel", "KasteelConfig", "Move", "Pass", "PlaceSkull", "State"]
