"""Spookslot values: the phases of a turn, the state of a game, and the actions.

Actions check their field types when they are made (an ``InvalidActionError`` for a wrong type) and
normalise equal values (an ``IntEnum`` player to its int, a list route to a tuple, ``1`` for
``take`` to ``True``), so that equal actions always have equal legality and the rules never see a
wrong-typed field.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, TypeAlias

import attrs

from castlerules.core.errors import InvalidActionError, quote
from castlerules.core.fields import whole_number
from castlerules.core.frozen import fast_constructor
from castlerules.core.jsonio import RANGE
from castlerules.core.written import Written

#: Where a pawn stands before its first move: behind the white start line (off the board).
START = "start"
#: The Exit square: a pawn that reaches it has escaped and leaves the board.
EXIT = "exit"
#: The start line itself, a place of its own only under the reading
#: spookslot.interp.start-line = line-square.
LINE = "line"
#: The die's ghost face (every other face is a number of squares).
GHOST = 0
#: The four traps the ball can reach, in the order the rulebook lists them.
TRAPS = ("stairs", "bookcase", "portrait", "axe")
#: Pawn letters in notation: a player's first and second pawn.
PAWN_LETTERS = "ab"
#: The largest player number an action may name (games have at most 6 players).
MAX_PLAYER = 64


class Phase(enum.Enum):
    """What happens next in a turn."""

    ROLL = "roll"  # chance: the player to move rolls the die
    REROLL = "reroll"  # chance: a ghost with nobody in danger, the one extra roll
    MOVE = "move"  # the player to move chooses a pawn (and a route) for ``roll``
    BALL = "ball"  # chance: the ball drops and reaches one of the four traps
    PASSAGE = "passage"  # owners of pawns on the red star squares choose the secret passage
    OVER = "over"  # the game has ended


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class State(Written):
    """A position.

    ``pawns[p][k]`` is where pawn ``k`` of player ``p`` stands: a square id, ``"start"`` (behind the
    start line) or ``"exit"`` (escaped). ``turn`` is the player whose turn it is; ``roll`` the number
    to move in the MOVE phase (0 otherwise). ``pending`` lists the (player, pawn) pairs that still
    decide about the secret passage. With 4 players, ``first[p]`` is the pawn player ``p`` moved
    first (-1 before any move) and ``released[p]`` whether the second pawn may move (interpretation
    spookslot.interp.four-player-second-pawn); with other player counts both are empty.
    ``winner`` is the winning player once the game is over (-1 before).

    ``repr`` is the call that rebuilds it from its position text (see ``notation``), ``str`` the
    text board on the default board (``render``; ``game.render(state)`` draws the game's board).
    """

    pawns: tuple[tuple[str, ...], ...]
    # The numeric limits of both formats (JSON and position text): see ``core.jsonio.RANGE``.
    turn: int = attrs.field(metadata={RANGE: (0, 99)})
    phase: Phase = Phase.ROLL
    roll: int = attrs.field(default=0, metadata={RANGE: (0, 6)})
    pending: tuple[tuple[int, int], ...] = attrs.field(default=(), metadata={RANGE: (0, 99)})
    first: tuple[int, ...] = attrs.field(default=(), metadata={RANGE: (-1, 1)})
    released: tuple[bool, ...] = ()
    winner: int = attrs.field(default=-1, metadata={RANGE: (-1, 99)})
    #: Derived: (game, the legal moves that game computed for this state), set once by the game
    #: that asks first, in a single assignment (a game asking about a state another game memoised
    #: recomputes; nothing about the state's value changes). Not part of equality or the JSON.
    memo: Any = attrs.field(init=False, default=None, eq=False, repr=False, metadata={"json": False})

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle and copy the JSON fields only (the memo is recomputed)."""
        return State, (self.pawns, self.turn, self.phase, self.roll, self.pending, self.first,
                       self.released, self.winner)


#: ``State(...)`` with every field given, unchecked (the rules make a state for every action):
#: ``make_state(pawns, turn, phase, roll, pending, first, released, winner)``.
make_state: Callable[[
    tuple[tuple[str, ...], ...], int, Phase, int, tuple[tuple[int, int], ...], tuple[int, ...],
    tuple[bool, ...], int,
], State] = fast_constructor(
    State, ("pawns", "turn", "phase", "roll", "pending", "first", "released", "winner")
)


def _text(name: str, value: Any) -> str:
    if not isinstance(value, str):
        raise InvalidActionError(f"{name} must be text, not {quote(value)}")
    if len(value) > 40:
        raise InvalidActionError(f"{name} is too long: {quote(value)}")
    return str(value)


def _face(value: Any) -> int:
    return whole_number(value, "face", 6)


def _player(value: Any) -> int:
    return whole_number(value, "player", MAX_PLAYER)


def _pawn(value: Any) -> int:
    return whole_number(value, "pawn", len(PAWN_LETTERS) - 1)


def _trap(value: Any) -> str:
    return _text("trap", value)


def _route(value: Any) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, tuple | list):
        raise InvalidActionError(f"via must be a tuple of square ids, not {quote(value)}")
    if len(value) > 16:
        raise InvalidActionError(f"via names more forks than a board has: {quote(value)}")
    return tuple(_text("a square id in via", v) for v in value)


def _flag(value: Any) -> bool:
    if value is True or value is False:
        return bool(value)
    if type(value) is int and value in (0, 1):
        return bool(value)
    raise InvalidActionError(f"take must be true or false, not {quote(value)}")


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class Roll(Written):
    """A chance outcome: the die shows ``face`` (a number of squares, or GHOST = 0)."""

    face: int = attrs.field(converter=_face)


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class Ball(Written):
    """A chance outcome: the dropped ball reaches ``trap`` (one of TRAPS)."""

    trap: str = attrs.field(converter=_trap)


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class Move(Written):
    """``player`` moves pawn ``pawn`` the rolled number of squares; ``via`` names the route taken at
    each fork the move passes (the first square of the chosen branch), in order."""

    player: int = attrs.field(converter=_player)
    pawn: int = attrs.field(converter=_pawn)
    via: tuple[str, ...] = attrs.field(default=(), converter=_route)


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class Passage(Written):
    """``player`` decides for pawn ``pawn`` on a red star square: take the secret passage to the
    green star square (``take``) or stay."""

    player: int = attrs.field(converter=_player)
    pawn: int = attrs.field(converter=_pawn)
    take: bool = attrs.field(converter=_flag)


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class Pass(Written):
    """``player`` does not move after a number (only under spookslot.interp.forced-move =
    optional)."""

    player: int = attrs.field(converter=_player)


#: Every action of the game, chance outcomes included: ``Game[State, Action]``.
Action: TypeAlias = Roll | Ball | Move | Passage | Pass
