"""Spookslot (Ghost Castle): race your pawns down through the haunted castle to the Exit."""

# the declaration first: it registers the rulebook the rules' clause links read
from castlerules.spookslot.declaration import GAME

# isort: split
from castlerules.spookslot.config import SpookslotConfig
from castlerules.spookslot.game import Spookslot
from castlerules.spookslot.state import Ball, Move, Passage, Phase, Roll, State

__all__ = ["GAME", "Ball", "Move", "Passage", "Phase", "Roll", "Spookslot", "SpookslotConfig", "State"]
