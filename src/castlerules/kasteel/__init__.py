"""Het kasteel veroveren — conquer the opponent's key square with your knights."""

from castlerules.kasteel.rules import Kasteel
from castlerules.kasteel.state import Move, Pass, PlaceSkull, State

__all__ = ["Kasteel", "Move", "Pass", "PlaceSkull", "State"]
