"""Spookslot (Ghost Castle): race your pawns down through the haunted castle to the Exit."""

from castlerules.spookslot.declaration import GAME
from castlerules.spookslot.game import Spookslot
from castlerules.spookslot.state import Ball, Move, Passage, Phase, Roll, State

__all__ = ["GAME", "Ball", "Move", "Passage", "Phase", "Roll", "Spookslot", "State"]
