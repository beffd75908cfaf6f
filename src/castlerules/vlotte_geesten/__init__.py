"""Vlotte Geesten: Het Dobbelspel — five dice, five objects, grab the right one first."""

# the declaration first: it registers the rulebook the rules' clause links read
from castlerules.vlotte_geesten.declaration import GAME

# isort: split
from castlerules.vlotte_geesten.config import VlotteGeestenConfig
from castlerules.vlotte_geesten.game import VlotteGeesten
from castlerules.vlotte_geesten.state import Grab, Obj, Pass, Roll, State

__all__ = ["GAME", "Grab", "Obj", "Pass", "Roll", "State", "VlotteGeesten", "VlotteGeestenConfig"]
