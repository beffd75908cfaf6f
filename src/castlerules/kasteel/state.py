"""Kasteel values: the state of a game and the three kinds of action.

The JSON of ``State`` is a public format: its fields are the four written by castlerules 0.1. A state
also keeps derived fields for speed, excluded from JSON and equality and recomputed from the JSON
fields whenever a state is made with ``State(...)`` (or ``attrs.evolve``): a bitboard of each
player's knights and of the skulls (bit ``sq`` set for square ``sq``), and the cached hash. The
rules' successor fills them directly (``make_state``), updating only the bits a move changes.

Actions validate their fields when they are made: players and squares are integers (an IntEnum
becomes its int; ``True`` is not a player), anything else raises ``castlerules.InvalidActionError``,
so two equal actions are always the same action to the rules. ``repr`` of an action shows its
notation; ``repr`` of a state is the call that rebuilds it from its position text, ``str`` its text
board (both written by the notation and render modules: ``core.written``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeAlias

import attrs

from castlerules.core.errors import quote
from castlerules.core.fields import whole_number
from castlerules.core.frozen import fast_constructor
from castlerules.core.jsonio import RANGE
from castlerules.core.written import Written
from castlerules.kasteel.board import square_name

#: Squares numbered at or above this are never on a board (26 x 26 = 676 squares at most).
SQUARE_LIMIT = 1024


def bitboard(squares: Any) -> int | None:
    """The bitboard of a set of squares, or None if it is not a set of square numbers (validation
    then says what is wrong)."""
    bits = 0
    try:
        for sq in squares:
            if not isinstance(sq, int) or isinstance(sq, bool) or not 0 <= sq < SQUARE_LIMIT:
                return None
            bits |= 1 << sq
    except TypeError:
        return None
    return bits


def squares_of(bits: int) -> list[int]:
    """The squares of a bitboard, in increasing order."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def _knight_bits(knights: Any) -> tuple[int, int] | None:
    try:
        yellow, red = knights
    except (TypeError, ValueError):
        return None
    found = bitboard(yellow), bitboard(red)
    return None if found[0] is None or found[1] is None else (found[0], found[1])


@attrs.frozen(slots=True, repr=False, hash=False)
class State(Written):
    """A position. Squares are board indices (``row * width + column``, row 0 being row 1).

    ``knights[p]`` are player p's knights (0 yellow, 1 red), ``passes[p]`` the passes p has left,
    ``skulls`` the skull squares placed so far (the game is at a chance node while fewer than the
    game's skull count are placed), ``to_move`` the player whose turn it is.
    """

    # The docstring above is the description in the shipped JSON Schema: keep it as it is.

    knights: tuple[frozenset[int], frozenset[int]]
    #: The numeric limits of both formats (JSON and position text): see ``core.jsonio.RANGE``.
    passes: tuple[int, int] = attrs.field(metadata={RANGE: (0, 999_999)})
    skulls: frozenset[int] = frozenset()
    to_move: int = 0
    #: Derived: the bitboards of yellow's and of red's knights (None for a malformed state).
    bits: tuple[int, int] | None = attrs.field(
        init=False, default=None, eq=False, repr=False, metadata={"json": False}
    )
    #: Derived: the bitboard of the skulls (None for a malformed state).
    skull_bits: int | None = attrs.field(
        init=False, default=None, eq=False, repr=False, metadata={"json": False}
    )
    #: Derived: how ``repr`` names the position (set by the game that made the state).
    origin: Any = attrs.field(init=False, default=None, eq=False, repr=False, metadata={"json": False})
    _hash: int | None = attrs.field(
        init=False, default=None, eq=False, repr=False, metadata={"json": False}
    )
    #: Derived: (game, what the game computed about this state), set once by the game that asks
    #: first, in a single assignment (a game asking about a state another game memoised
    #: recomputes; nothing about the state's value changes).
    memo: Any = attrs.field(init=False, default=None, eq=False, repr=False, metadata={"json": False})

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "bits", _knight_bits(self.knights))
        object.__setattr__(self, "skull_bits", bitboard(self.skulls))

    def __hash__(self) -> int:
        found = self._hash
        if found is None:
            found = hash((self.knights, self.passes, self.skulls, self.to_move))
            object.__setattr__(self, "_hash", found)
        return found

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle and copy the JSON fields only (the derived ones are recomputed)."""
        return State, (self.knights, self.passes, self.skulls, self.to_move)


#: A state whose derived fields the caller has computed (the rules' successor, which updates
#: only the bits a move changes), unchecked: ``make_state(knights, passes, skulls, to_move,
#: bits, skull_bits, origin)``.
make_state: Callable[[
    tuple[frozenset[int], frozenset[int]], tuple[int, int], frozenset[int], int,
    tuple[int, int] | None, int | None, Any,
], State] = fast_constructor(
    State, ("knights", "passes", "skulls", "to_move", "bits", "skull_bits", "origin")
)
#: Sets a state's ``memo`` slot (one assignment: the slot's own setter, past the frozen
#: ``__setattr__``).
set_memo = State.__dict__["memo"].__set__


# -- actions ------------------------------------------------------------------------------------
def _player(value: Any) -> int:
    return whole_number(value, "a player")


def _square(value: Any) -> int:
    return whole_number(value, "a square (its number, row * width + column)")


def _square_text(square: int) -> str:
    """A square's name on the default 19x19 board (``#<n>`` for a number that is not a square)."""
    if isinstance(square, int) and 0 <= square < 361:
        return square_name(19, square)
    return f"#{quote(square)}"


@attrs.frozen(slots=True, repr=False, cache_hash=True, order=True)
class Move:
    """``player`` moves the knight on ``frm`` to ``to`` (capturing an opposing knight there)."""

    player: int = attrs.field(converter=_player)
    frm: int = attrs.field(converter=_square)
    to: int = attrs.field(converter=_square)
    #: Derived, for the moves a board interns (``rules.interned_moves``; None for others), not
    #: part of the value: (board, direction, bitboard of the squares the move enters), and the
    #: move's index among the board's moves.
    via: Any = attrs.field(init=False, default=None, eq=False, order=False, repr=False)
    index: int | None = attrs.field(init=False, default=None, eq=False, order=False, repr=False)

    def __str__(self) -> str:
        """The move's notation without what only a state knows (``x`` for a capture): it reads
        back as this move (``game.action_to_str(state, move)`` writes it whole)."""
        return f"p{self.player} {_square_text(self.frm)}-{_square_text(self.to)}"

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle and copy the value only (``via`` and ``index`` belong to the interned object)."""
        return Move, (self.player, self.frm, self.to)


@attrs.frozen(slots=True, repr=False, cache_hash=True, order=True)
class PlaceSkull:
    """Chance: a skull is placed on ``square``."""

    square: int = attrs.field(converter=_square)

    def __str__(self) -> str:
        return f"skull {_square_text(self.square)}"

    def __repr__(self) -> str:
        return f"PlaceSkull({str(self)!r})"


@attrs.frozen(slots=True, repr=False, cache_hash=True, order=True)
class Pass:
    """``player`` passes: he has knights but no legal move (interpretation
    kasteel.interp.no-legal-move), or passes on purpose where the reading allows it
    (kasteel.interp.turns)."""

    player: int = attrs.field(converter=_player)

    def __str__(self) -> str:
        return f"p{self.player} pass"

    def __repr__(self) -> str:
        return f"Pass({str(self)!r})"


#: Every action of the game, chance outcomes included: ``Game[State, Action]``.
Action: TypeAlias = Move | Pass | PlaceSkull
