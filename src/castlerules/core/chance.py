"""Exact chance: distributions as ((outcome, Fraction), ...) and exact sampling from them."""

from __future__ import annotations

import bisect
import itertools
import math
import random
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any, TypeVar

from castlerules.core.errors import InvalidOptionError

T = TypeVar("T")

Distribution = tuple[tuple[T, Fraction], ...]


def uniform(items: Iterable[T]) -> tuple[tuple[T, Fraction], ...]:
    """Each item with probability 1/n."""
    xs = tuple(items)
    if not xs:
        raise InvalidOptionError("a uniform distribution needs at least one outcome")
    p = Fraction(1, len(xs))
    return tuple((x, p) for x in xs)


def from_weights(weighted: Iterable[tuple[T, int | Fraction]]) -> tuple[tuple[T, Fraction], ...]:
    """Normalise non-negative weights to probabilities; outcomes of weight 0 are dropped."""
    pairs = [(x, Fraction(w)) for x, w in weighted]
    if any(w < 0 for _, w in pairs):
        raise InvalidOptionError("weights must not be negative")
    total = sum((w for _, w in pairs), Fraction(0))
    if total <= 0:
        raise InvalidOptionError("weights must not all be zero")
    return tuple((x, w / total) for x, w in pairs if w > 0)


#: id(distribution) -> (the distribution, common denominator, cumulative integer weights).
_TABLES: dict[int, tuple[Sequence[Any], int, list[int]]] = {}


def _table(dist: Sequence[tuple[T, Fraction]]) -> tuple[int, list[int]]:
    cached = _TABLES.get(id(dist))
    if cached is not None and cached[0] is dist:
        return cached[1], cached[2]
    denominator = math.lcm(*(p.denominator for _, p in dist))
    cumulative = list(
        itertools.accumulate(p.numerator * (denominator // p.denominator) for _, p in dist)
    )
    if cumulative[-1] != denominator:
        raise InvalidOptionError("probabilities do not sum to 1")
    if len(_TABLES) > 256:
        _TABLES.clear()
    _TABLES[id(dist)] = (dist, denominator, cumulative)
    return denominator, cumulative


def sample(dist: Sequence[tuple[T, Fraction]], rng: random.Random) -> T:
    """Draw one outcome exactly: an integer draw over the common denominator, no floats.

    The cumulative table of a distribution object is cached, so games that return the same tuple at
    every chance node (the dice) pay for it once.
    """
    denominator, cumulative = _table(dist)
    return dist[bisect.bisect_right(cumulative, rng.randrange(denominator))][0]
