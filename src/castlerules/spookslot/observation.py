"""Spookslot observations for learning agents: ``(places, 46)`` int8 planes over the path.

The path is one-dimensional: ``obs[i, c]`` is place ``i`` of ``places(game)`` — behind the start
line first, then the board squares in the board's order (top floor, stairs, laboratory, library,
the short way through the bookcase, gallery, great hall, the short way past the axe), the Exit, and
under the reading ``spookslot.interp.start-line = line-square`` the start line last. The first
channels say where pawns stand, by owner relative to the observer in turn order ("me", "the next
player", ...) and by pawn (a, b), so "my pawn a" is always channel 0; then what each square is
(colour, star, trap zone, where a trap sends pawns back, forks); then, broadcast over every place,
whose turn it is, what happens next (the pending chance event: a roll, the extra roll, the ball; or
a move, the passage decision, the end) and the number rolled. ``CHANNELS`` is the table of channels
the documentation prints. The shape's channels are the same for 2 to 6 players.
"""

from __future__ import annotations

import functools
from array import array
from typing import TYPE_CHECKING

from castlerules.spookslot.space import _places
from castlerules.spookslot.state import EXIT, LINE, START, TRAPS, Phase, State

if TYPE_CHECKING:
    from castlerules.spookslot.game import Spookslot

MAX_PLAYERS = 6
PAWNS = ("a", "b")
_REL = ("me", "the next player", "the 2nd player after me", "the 3rd player after me",
        "the 4th player after me", "the 5th player after me")
COLOURS = ("yellow", "green", "blue", "red", "stair")
_PHASES = (
    (Phase.ROLL, "chance: the player to move rolls the die"),
    (Phase.REROLL, "chance: the one extra roll after a ghost with nobody in danger"),
    (Phase.MOVE, "the player to move moves a pawn by the number rolled"),
    (Phase.BALL, "chance: the ghost ball drops and reaches a trap"),
    (Phase.PASSAGE, "owners of pawns on the red stars decide on the secret passage"),
    (Phase.OVER, "the game is over"),
)

#: (name, description) of every channel, in channel order.
CHANNELS: tuple[tuple[str, str], ...] = (
    *(
        (f"pawn {k}: {_REL[r]}", f"1 where pawn {k} of {_REL[r]} stands")
        for r in range(MAX_PLAYERS)
        for k in PAWNS
    ),
    ("start", "1 on the place behind the start line"),
    ("exit", "1 on the Exit (escaped pawns stand here)"),
    ("start line", "1 on the start line (a place only under its line-square reading)"),
    *((f"colour: {c}", f"1 on every {c} square") for c in COLOURS),
    ("star", "1 on every star square (the red stars and the green star of the passage)"),
    *((f"trap: {t}", f"1 on every square the {t} trap can send back") for t in TRAPS),
    ("trap fallback", "1 on every square a trap sends pawns back to"),
    ("fork", "1 where the path splits (a short way begins)"),
    ("deciding on the passage", "1 on the squares of the pawns that still decide on the passage"),
    *((f"to move: {_REL[r]}", f"all 1 when it is {_REL[r]}'s turn") for r in range(MAX_PLAYERS)),
    *((f"next: {phase.value}", f"all 1 when {text}") for phase, text in _PHASES),
    *((f"rolled: {k}", f"all 1 when the pawn to move goes {k} square(s)") for k in range(1, 7)),
)
NUM_CHANNELS = len(CHANNELS)
_SQUARE = 2 * MAX_PLAYERS
_COLOUR = _SQUARE + 3
_STAR = _COLOUR + len(COLOURS)
_TRAP = _STAR + 1
_FALLBACK = _TRAP + len(TRAPS)
_PENDING = _FALLBACK + 2
_TURN = _PENDING + 1
_PHASE = _TURN + MAX_PLAYERS
_ROLL = _PHASE + len(_PHASES)
_PHASE_INDEX = {phase: i for i, (phase, _) in enumerate(_PHASES)}


def places(game: Spookslot) -> tuple[str, ...]:
    """The places of the path, in observation order (``start``, square ids, ``exit``[, ``line``])."""
    return tuple(_places(game))


def shape(game: Spookslot) -> tuple[int, int]:
    """``(places, channels)``."""
    return len(_places(game)), NUM_CHANNELS


@functools.lru_cache(maxsize=16)
def _static(game: Spookslot) -> array[int]:
    """The channels that depend on the board alone (computed once per game; callers copy it)."""
    index = _places(game)
    c = NUM_CHANNELS
    out = array("b", bytes(len(index) * c))
    for place, channel in ((START, _SQUARE), (EXIT, _SQUARE + 1), (LINE, _SQUARE + 2)):
        if place in index:
            out[index[place] * c + channel] = 1
    board = game.board
    for square in board.squares:
        base = index[square.id] * c
        if square.colour in COLOURS:
            out[base + _COLOUR + COLOURS.index(square.colour)] = 1
        if square.star:
            out[base + _STAR] = 1
        if square.trap in TRAPS:
            out[base + _TRAP + TRAPS.index(square.trap)] = 1
        if square.fallback in index:
            out[index[square.fallback] * c + _FALLBACK] = 1
        if len(square.next) > 1:
            out[base + _FALLBACK + 1] = 1
    return out


def encode(game: Spookslot, state: State, player: int) -> array[int]:
    """The observation of ``state`` for ``player``: ``shape(game)`` int8 values in C order."""
    index = _places(game)
    n, c = game.num_players, NUM_CHANNELS
    out = array("b", _static(game))
    for p, pawns in enumerate(state.pawns):
        rel = (p - player) % n
        for k, place in enumerate(pawns[: len(PAWNS)]):
            if place in index:
                out[index[place] * c + 2 * rel + k] = 1
    for p, k in state.pending:
        if 0 <= p < len(state.pawns) and 0 <= k < len(state.pawns[p]):
            place = state.pawns[p][k]
            if place in index:
                out[index[place] * c + _PENDING] = 1
    broadcast = [_TURN + (state.turn - player) % n, _PHASE + _PHASE_INDEX[state.phase]]
    if state.phase is Phase.MOVE and 1 <= state.roll <= 6:
        broadcast.append(_ROLL + state.roll - 1)
    ones = array("b", b"\x01" * len(index))
    for channel in broadcast:
        out[channel::c] = ones
    return out
