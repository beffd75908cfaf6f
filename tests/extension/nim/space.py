"""Nim's actions as integers (the adapters' ids): every take of every player."""

from __future__ import annotations

from typing import Any

from tests.extension.nim.rules import HEAPS, Take


def action_universe(game: Any) -> tuple[Take, ...]:
    return tuple(Take(p, h, c) for p in (0, 1) for h in range(3) for c in range(1, max(HEAPS) + 1))


def observation_size(game: Any) -> int:
    return 4


def observation(game: Any, state: Any) -> list[int]:
    """The heaps and the player to move."""
    return [*state.heaps, state.to_move]
