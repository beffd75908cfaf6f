"""Splut! — trolls throw rocks, dwarves push, sorcerers levitate; the last sorcerer standing wins."""

from castlerules.splut.declaration import GAME
from castlerules.splut.game import Splut
from castlerules.splut.state import Lev, Pass, Piece, State, Step, Throw

__all__ = ["GAME", "Lev", "Pass", "Piece", "Splut", "State", "Step", "Throw"]
