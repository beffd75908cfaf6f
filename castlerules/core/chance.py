"""Exact chance: distributions as ((outcome, Fraction), ...) and exact sampling from them."""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import TypeVar

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


def sample(dist: Sequence[tuple[T, Fraction]], rng: random.Random) -> T:
    """Draw one outcome exactly: an integer draw over the common denominator, no floats."""
    denominator = math.lcm(*(p.denominator for _, p in dist))
    r = rng.randrange(denominator)
    acc = 0
    for outcome, p in dist:
        acc += p.numerator * (denominator // p.denominator)
        if r < acc:
            return outcome
    raise InvalidOptionError("probabilities do not sum to 1")
