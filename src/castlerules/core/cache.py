"""A bounded cache that is safe to share between threads.

Game objects may be shared by the threads of a referee server, so the caches a game keeps must be
correct under concurrency and bounded in memory. ``BoundedCache`` stores each entry with one dictionary
assignment (atomic in CPython) and is cleared, not evicted piecemeal, when it is full; a lookup is one
``dict.get``. A value is always computed completely before it is stored, and callers never look a
key up twice expecting it still to be there, so a thread never sees a half-made entry or loses one
between two lookups. Values must be immutable.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class BoundedCache(Generic[K, V]):
    """A dict of at most ``limit`` entries (cleared when full); ``get`` and ``put`` only."""

    __slots__ = ("_data", "limit")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._data: dict[K, V] = {}

    def get(self, key: K) -> V | None:
        return self._data.get(key)

    def put(self, key: K, value: V) -> V:
        """Store ``value`` (clearing the cache first when it is full) and return it."""
        if len(self._data) >= self.limit:
            self._data = {}
        self._data[key] = value
        return value

    def __len__(self) -> int:
        return len(self._data)
