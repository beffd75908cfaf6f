"""Het kasteel veroveren — conquer the opponent's key square with your knights."""

from castlerules.kasteel.declaration import GAME
from castlerules.kasteel.game import Kasteel
from castlerules.kasteel.state import Move, Pass, PlaceSkull, State

__all__ = ["GAME", "Kasteel", "Move", "Pass", "PlaceSkull", "State"]
