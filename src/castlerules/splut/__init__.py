"""Splut! — trolls throw rocks, dwarves push, sorcerers levitate; the last sorcerer standing wins."""

# the declaration first: it registers the rulebook the rules' clause links read
from castlerules.splut.declaration import GAME

# isort: split
from castlerules.splut.config import SplutConfig
from castlerules.splut.game import Splut
from castlerules.splut.state import Lev, Pass, Piece, State, Step, Throw

__all__ = ["GAME", "Lev", "Pass", "Piece", "Splut", "SplutConfig", "State", "Step", "Throw"]
