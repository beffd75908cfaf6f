"""Vlotte Geesten: Het Dobbelspel — five dice, five objects, grab the right one first."""

from castlerules.vlotte_geesten.declaration import GAME
from castlerules.vlotte_geesten.game import VlotteGeesten
from castlerules.vlotte_geesten.state import Grab, Obj, Pass, Roll, State

__all__ = ["GAME", "Grab", "Obj", "Pass", "Roll", "State", "VlotteGeesten"]
