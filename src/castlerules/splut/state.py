"""Splut! values: pieces, levitation status, the state of a game, and the three kinds of action."""

from __future__ import annotations

import enum

import attrs

from castlerules.splut.board import OFF, Dir


class Piece(enum.IntEnum):
    """A team's three pieces, in the order they are stored in ``State.pieces``."""

    SORCERER = 0
    TROLL = 1
    DWARF = 2


#: One-letter piece names used by the notation and the text picture.
LETTERS = {Piece.SORCERER: "S", Piece.TROLL: "T", Piece.DWARF: "D"}


class Lev(enum.IntEnum):
    """Levitation this turn: not yet used, active on ``State.lev_rock``, or stopped for the turn."""

    UNUSED = 0
    ACTIVE = 1
    DONE = 2


@attrs.frozen(slots=True, cache_hash=True)
class State:
    """A Splut! position, with the bookkeeping of the turn in progress.

    ``pieces[p]`` holds player p's (sorcerer, troll, dwarf) squares, OFF (-1) for a removed piece.
    ``rocks`` are the four rock squares, sorted (rocks are indistinguishable). ``turn`` counts the
    turns begun before this one (0 for the first turn of the game); ``steps_left`` is what remains
    of this turn. ``throw_from`` is the square of a troll that has just stepped onto a rock and must
    throw it (OFF otherwise); the rock in its hands stays on that square until it flies.
    ``moved_before`` are the squares of rocks moved by the previous player, ``moved_now`` those of
    rocks moved in this turn (both follow the rocks as they move).
    """

    pieces: tuple[tuple[int, int, int], ...]
    rocks: tuple[int, int, int, int]
    to_move: int
    turn: int
    steps_left: int
    throw_from: int = OFF
    lev: Lev = Lev.UNUSED
    lev_rock: int = OFF
    moved_before: frozenset[int] = frozenset()
    moved_now: frozenset[int] = frozenset()


@attrs.frozen(slots=True, cache_hash=True)
class Step:
    """``player`` moves the piece on ``frm`` one square to ``to``.

    ``pull``: a troll drags the rock directly behind it into ``frm``. ``lev``: a sorcerer levitates
    the rock on square ``lev`` one square in the same direction (OFF: no levitation).
    """

    player: int
    frm: int
    to: int
    pull: bool = False
    lev: int = OFF


@attrs.frozen(slots=True, cache_hash=True)
class Throw:
    """``player``'s troll throws the rock in its hands in ``direction``."""

    player: int
    direction: Dir


@attrs.frozen(slots=True, cache_hash=True)
class Pass:
    """``player`` has no legal step left and ends the turn (interpretation splut.interp.no-legal-step)."""

    player: int


Action = Step | Throw | Pass
