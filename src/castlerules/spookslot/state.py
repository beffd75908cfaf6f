"""Spookslot values: the phases of a turn, the state of a game, and the actions."""

from __future__ import annotations

import enum

import attrs

#: Where a pawn stands before its first move: behind the white start line (off the board).
START = "start"
#: The Exit square: a pawn that reaches it has escaped and leaves the board.
EXIT = "exit"
#: The die's ghost face (every other face is a number of squares).
GHOST = 0
#: The four traps the ball can reach, in the order the rulebook lists them.
TRAPS = ("stairs", "bookcase", "portrait", "axe")
#: Pawn letters in notation: a player's first and second pawn.
PAWN_LETTERS = "ab"


class Phase(enum.Enum):
    """What happens next in a turn."""

    ROLL = "roll"  # chance: the player to move rolls the die
    REROLL = "reroll"  # chance: a ghost with nobody in danger, the one extra roll
    MOVE = "move"  # the player to move chooses a pawn (and a route) for ``roll``
    BALL = "ball"  # chance: the ball drops and reaches one of the four traps
    PASSAGE = "passage"  # owners of pawns on the red star squares choose the secret passage
    OVER = "over"  # the game has ended


@attrs.frozen(slots=True, cache_hash=True)
class State:
    """A position.

    ``pawns[p][k]`` is where pawn ``k`` of player ``p`` stands: a square id, ``"start"`` (behind the
    start line) or ``"exit"`` (escaped). ``turn`` is the player whose turn it is; ``roll`` the number
    to move in the MOVE phase (0 otherwise). ``pending`` lists the (player, pawn) pairs that still
    decide about the secret passage. With 4 players, ``first[p]`` is the pawn player ``p`` moved
    first (-1 before any move) and ``released[p]`` whether the second pawn may move (interpretation
    spookslot.interp.four-player-second-pawn); with other player counts both are empty.
    ``winner`` is the winning player once the game is over (-1 before).
    """

    pawns: tuple[tuple[str, ...], ...]
    turn: int
    phase: Phase = Phase.ROLL
    roll: int = 0
    pending: tuple[tuple[int, int], ...] = ()
    first: tuple[int, ...] = ()
    released: tuple[bool, ...] = ()
    winner: int = -1


@attrs.frozen(slots=True, cache_hash=True)
class Roll:
    """A chance outcome: the die shows ``face`` (a number of squares, or GHOST = 0)."""

    face: int


@attrs.frozen(slots=True, cache_hash=True)
class Ball:
    """A chance outcome: the dropped ball reaches ``trap`` (one of TRAPS)."""

    trap: str


@attrs.frozen(slots=True, cache_hash=True)
class Move:
    """``player`` moves pawn ``pawn`` the rolled number of squares; ``via`` names the route taken at
    each fork the move passes (the first square of the chosen branch), in order."""

    player: int
    pawn: int
    via: tuple[str, ...] = ()


@attrs.frozen(slots=True, cache_hash=True)
class Passage:
    """``player`` decides for pawn ``pawn`` on a red star square: take the secret passage to the
    green star square (``take``) or stay."""

    player: int
    pawn: int
    take: bool


Action = Roll | Ball | Move | Passage
