"""Splut! values: pieces, levitation status, the state of a game, and the three kinds of action.

The JSON of ``State`` is a public format: its fields are the ten written by castlerules 0.1. The
state also keeps two derived fields for speed, excluded from JSON and equality and always recomputed
from the JSON fields when a state is made with ``State(...)`` (or ``attrs.evolve``): the occupancy of
every square (``board``) and whether the game is over.

Actions validate their fields when they are made: squares and players are integers (an IntEnum
becomes its int), ``pull`` is a flag (``0``/``1`` become ``False``/``True``), a throw direction is a
``Dir`` (``0``-``3`` become ``Dir.N`` ... ``Dir.W``). Anything else raises
``castlerules.InvalidActionError``, so two equal actions are always the same action to the rules.
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Callable
from typing import Any, TypeAlias

import attrs

from castlerules.core.errors import InvalidActionError, quote
from castlerules.core.fields import whole_number
from castlerules.core.frozen import fast_constructor
from castlerules.core.jsonio import RANGE
from castlerules.core.written import Written
from castlerules.splut.board import NAMES, NEXT, OFF, Dir


class Piece(enum.IntEnum):
    """A team's three pieces, in the order they are stored in ``State.pieces``."""

    SORCERER = 0
    TROLL = 1
    DWARF = 2


#: One-letter piece names used by the notation and the text picture.
LETTERS = {Piece.SORCERER: "S", Piece.TROLL: "T", Piece.DWARF: "D"}

#: Occupancy codes of ``State.board``: 0 an empty square, 1 a rock, ``2 + 3 * player + piece`` a
#: piece (a troll standing on a rock hides it).
EMPTY = 0
ROCK = 1


def code(player: int, piece: int) -> int:
    """The occupancy code of player ``player``'s ``piece``."""
    return 2 + 3 * player + piece


class Lev(enum.IntEnum):
    """Levitation this turn: not yet used, active on ``State.lev_rock``, or stopped for the turn."""

    UNUSED = 0
    ACTIVE = 1
    DONE = 2


def _lev(value: Any) -> Any:
    """``Lev(value)`` for the ints 0-2; anything else is kept for validation to refuse."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 2:
        return Lev(value)
    return value


def occupancy(pieces: Any, rocks: Any) -> bytes | None:
    """The occupancy code of each of the 81 grid squares, or None if ``pieces`` or ``rocks`` are
    malformed (validation then says what is wrong)."""
    board = bytearray(81)
    try:
        for r in rocks:
            board[r] = ROCK
        for p, trio in enumerate(pieces):
            if len(trio) != 3 or p > 3:
                return None
            for k, sq in enumerate(trio):
                if sq != OFF:
                    board[sq] = 2 + 3 * p + k
    except (TypeError, ValueError, IndexError):
        return None
    return bytes(board)


def _game_over(pieces: Any) -> bool:
    from castlerules.splut.kernel import game_over

    try:
        return bool(game_over([trio[0] != OFF for trio in pieces]))
    except (TypeError, IndexError, KeyError):
        return False


@attrs.frozen(slots=True, repr=False, hash=False)
class State(Written):
    """A Splut! position, with the bookkeeping of the turn in progress.

    ``pieces[p]`` holds player p's (sorcerer, troll, dwarf) squares, OFF (-1) for a removed piece.
    ``rocks`` are the four rock squares, sorted (rocks are indistinguishable). ``turn`` counts the
    turns begun before this one (0 for the first turn of the game); ``steps_left`` is what remains
    of this turn. ``throw_from`` is the square of a troll that has just stepped onto a rock and must
    throw it (OFF otherwise); the rock in its hands stays on that square until it flies.
    ``moved_before`` are the squares of rocks moved by the previous player, ``moved_now`` those of
    rocks moved in this turn (both follow the rocks as they move).
    """

    # The docstring above is the description in the shipped JSON Schema (src/castlerules/schemas):
    # keep it as it is. ``repr(state)`` is the call that rebuilds the state from its position text,
    # ``str(state)`` the text board (``core.written``).

    pieces: tuple[tuple[int, int, int], ...]
    rocks: tuple[int, int, int, int]
    # The numeric limits of both formats (JSON and position text): see ``core.jsonio.RANGE``.
    to_move: int = attrs.field(metadata={RANGE: (0, 9)})
    turn: int = attrs.field(metadata={RANGE: (0, 10**12 - 1)})
    steps_left: int = attrs.field(metadata={RANGE: (0, 9)})
    throw_from: int = OFF
    lev: Lev = attrs.field(default=Lev.UNUSED, converter=_lev)
    lev_rock: int = OFF
    moved_before: frozenset[int] = frozenset()
    moved_now: frozenset[int] = frozenset()
    #: Derived: the occupancy code of each of the 81 grid squares (None for a malformed state).
    board: bytes | None = attrs.field(
        init=False, default=None, eq=False, repr=False, metadata={"json": False}
    )
    #: Derived: at most one sorcerer is left (``kernel.game_over``).
    over: bool = attrs.field(
        init=False, default=False, eq=False, repr=False, metadata={"json": False}
    )
    _hash: int | None = attrs.field(
        init=False, default=None, eq=False, repr=False, metadata={"json": False}
    )

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "board", occupancy(self.pieces, self.rocks))
        object.__setattr__(self, "over", _game_over(self.pieces))

    def __hash__(self) -> int:
        found = self._hash
        if found is None:
            found = hash(
                (self.pieces, self.rocks, self.to_move, self.turn, self.steps_left,
                 self.throw_from, self.lev, self.lev_rock, self.moved_before, self.moved_now)
            )
            object.__setattr__(self, "_hash", found)
        return found


#: A state whose derived fields the caller has computed (the rules' successor, which updates the
#: occupancy of the few squares an action changes instead of recomputing it), unchecked:
#: ``make_state(pieces, rocks, to_move, turn, steps_left, throw_from, lev, lev_rock,
#: moved_before, moved_now, board, over)``.
make_state: Callable[[
    tuple[tuple[int, int, int], ...], tuple[int, ...], int, int, int, int, Lev, int,
    frozenset[int], frozenset[int], bytes, bool,
], State] = fast_constructor(State, (
    "pieces", "rocks", "to_move", "turn", "steps_left", "throw_from", "lev", "lev_rock",
    "moved_before", "moved_now", "board", "over",
))


# -- actions ------------------------------------------------------------------------------------
def _player(value: Any) -> int:
    return whole_number(value, "a player")


def _square_number(value: Any) -> int:
    return whole_number(value, "a square (its number, as in board.BY_NAME)")


def _flag(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    try:
        number = operator.index(value)
    except TypeError:
        number = -1
    if number not in (0, 1):
        raise InvalidActionError(f"Step.pull must be True or False, got {quote(value)}")
    return bool(number)


def _direction(value: Any) -> Dir:
    if isinstance(value, Dir):
        return value
    if not isinstance(value, bool):
        try:
            number = operator.index(value)
        except TypeError:
            number = -1
        if 0 <= number <= 3:
            return Dir(number)
    raise InvalidActionError(
        f"Throw.direction must be Dir.N, Dir.E, Dir.S or Dir.W (0-3), got {quote(value)}"
    )


def _square_text(square: int) -> str:
    return NAMES.get(square, f"#{square}")


@attrs.frozen(slots=True, repr=False, cache_hash=True)
class Step:
    """``player`` moves the piece on ``frm`` one square to ``to``.

    ``pull``: a troll drags the rock directly behind it into ``frm``. ``lev``: a sorcerer levitates
    the rock on square ``lev`` one square in the same direction (OFF: no levitation).
    """

    player: int = attrs.field(converter=_player)
    frm: int = attrs.field(converter=_square_number)
    to: int = attrs.field(converter=_square_number)
    pull: bool = attrs.field(default=False, converter=_flag)
    lev: int = attrs.field(default=OFF, converter=_square_number)

    def __str__(self) -> str:
        """The step's notation without what only a state knows (the moving piece's letter): it
        reads back as this step (``game.action_to_str(state, step)`` writes it whole)."""
        text = f"p{self.player} {_square_text(self.frm)}-{_square_text(self.to)}"
        if self.pull:
            text += " pull"
        if self.lev != OFF:
            text += f" lev {_square_text(self.lev)}"
            d = NEXT[self.frm].index(self.to) if self.frm in NAMES and self.to in NEXT[self.frm] else -1
            if d >= 0 and self.lev in NAMES and NEXT[self.lev][d] != OFF:
                text += f"-{NAMES[NEXT[self.lev][d]]}"
        return text

    def __repr__(self) -> str:
        return f"Step({str(self)!r})"


@attrs.frozen(slots=True, repr=False, cache_hash=True)
class Throw:
    """``player``'s troll throws the rock in its hands in ``direction``."""

    player: int = attrs.field(converter=_player)
    direction: Dir = attrs.field(converter=_direction)

    def __str__(self) -> str:
        return f"p{self.player} throw {self.direction.name.lower()}"

    def __repr__(self) -> str:
        return f"Throw({str(self)!r})"


@attrs.frozen(slots=True, repr=False, cache_hash=True)
class Pass:
    """``player`` has no legal step left and ends the turn (interpretation splut.interp.no-legal-step)."""

    player: int = attrs.field(converter=_player)

    def __str__(self) -> str:
        return f"p{self.player} pass"

    def __repr__(self) -> str:
        return f"Pass({str(self)!r})"


#: Every action of the game, chance outcomes included: ``Game[State, Action]``.
Action: TypeAlias = Step | Throw | Pass
