"""Vlotte Geesten observations for learning agents: a ``(73,)`` int8 vector from the observer's view.

There is no board: the observation is the five dice one-hot (die by die: which object lies on top),
whether the dice lie rolled, the objects grabbed in this round, and per player — relative to the
observer in turn order, "me" first — the score, who rolls, who has acted and who grabbed wrongly in
this round, and who is in the game; plus the supply and the pot. The length is the same for 2 to 8
players (absent players' entries stay zero). Counts are capped to -128..127 (int8). ``CHANNELS`` is
the table of entries the documentation prints.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

from castlerules.vlotte_geesten.state import COLOURS, Obj, State

if TYPE_CHECKING:
    from castlerules.vlotte_geesten.game import VlotteGeesten

MAX_PLAYERS = 8
_REL = ("me", "the next player", "the 2nd player after me", "the 3rd player after me",
        *(f"the {k}th player after me" for k in range(4, MAX_PLAYERS)))
_NAMES = tuple(o.name.lower() for o in Obj)

#: (name, description) of every entry, in order.
CHANNELS: tuple[tuple[str, str], ...] = (
    *(
        (f"{colour} die: {obj}", f"1 when the {colour} die shows the {obj}")
        for colour in COLOURS
        for obj in _NAMES
    ),
    ("dice rolled", "1 while the dice lie rolled (a grab round), 0 before a roll"),
    *((f"grabbed: {obj}", f"1 when the {obj} has been grabbed in this round") for obj in _NAMES),
    *((f"score: {r}", f"the points of {r}") for r in _REL),
    ("supply", "the points left in the supply"),
    ("pot", "the points in the pot"),
    *((f"rolls: {r}", f"1 when {r} rolls the dice") for r in _REL),
    *((f"acted: {r}", f"1 when {r} is done for this round") for r in _REL),
    *((f"wrong grab: {r}", f"1 when {r} grabbed wrongly in this round") for r in _REL),
    *((f"in the game: {r}", f"1 when {r} is a player of this game") for r in _REL),
)
NUM_CHANNELS = len(CHANNELS)
_DICE = 5 * len(Obj)
_GRABBED = _DICE + 1
_SCORE = _GRABBED + len(Obj)
_SUPPLY = _SCORE + MAX_PLAYERS
_ROLLS = _SUPPLY + 2
_ACTED = _ROLLS + MAX_PLAYERS
_WRONG = _ACTED + MAX_PLAYERS
_IN = _WRONG + MAX_PLAYERS
#: (low, high) of the entries that are counts (every other entry is 0 or 1).
LIMITS: dict[int, tuple[int, int]] = {i: (-128, 127) for i in range(_SCORE, _ROLLS)}


def shape(game: VlotteGeesten) -> tuple[int]:
    """``(entries,)``: the same for every player count."""
    return (NUM_CHANNELS,)


def _cap(value: int) -> int:
    return max(-128, min(127, value))


def encode(game: VlotteGeesten, state: State, player: int) -> array[int]:
    """The observation of ``state`` for ``player``: ``shape(game)`` int8 values."""
    n = game.num_players
    out = array("b", bytes(NUM_CHANNELS))
    if state.dice is not None:
        for die, obj in enumerate(state.dice):
            out[die * len(Obj) + int(obj)] = 1
        out[_DICE] = 1
    for obj in state.grabbed:
        out[_GRABBED + int(obj)] = 1
    for p, score in enumerate(state.scores):
        out[_SCORE + (p - player) % n] = _cap(score)
    out[_SUPPLY] = _cap(state.supply)
    out[_SUPPLY + 1] = _cap(state.pot)
    out[_ROLLS + (state.roller - player) % n] = 1
    for p in state.acted:
        out[_ACTED + (p - player) % n] = 1
    for p in state.wrong:
        out[_WRONG + (p - player) % n] = 1
    for r in range(n):
        out[_IN + r] = 1
    return out
