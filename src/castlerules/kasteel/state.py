"""Kasteel values: the state of a game and the three kinds of action."""

from __future__ import annotations

import attrs


@attrs.frozen(slots=True)
class State:
    """A position. Squares are board indices (``row * width + column``, row 0 being row 1).

    ``knights[p]`` are player p's knights (0 yellow, 1 red), ``passes[p]`` the passes p has left,
    ``skulls`` the skull squares placed so far (the game is at a chance node while fewer than the
    game's skull count are placed), ``to_move`` the player whose turn it is.
    """

    knights: tuple[frozenset[int], frozenset[int]]
    passes: tuple[int, int]
    skulls: frozenset[int] = frozenset()
    to_move: int = 0


@attrs.frozen(slots=True, order=True)
class Move:
    """``player`` moves the knight on ``frm`` to ``to`` (capturing an opposing knight there)."""

    player: int
    frm: int
    to: int


@attrs.frozen(slots=True, order=True)
class PlaceSkull:
    """Chance: a skull is placed on ``square``."""

    square: int


@attrs.frozen(slots=True, order=True)
class Pass:
    """``player`` has knights but no legal move and passes (only with ``stuck="pass"``)."""

    player: int
