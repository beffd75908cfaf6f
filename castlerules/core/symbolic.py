"""A tiny dual-mode shim: the same rule kernel runs on Python values and on z3 terms.

A kernel written with these functions (and ordinary ``+``, ``==``, ``<``) returns a plain value when
given plain values and a z3 expression when given z3 expressions, so a z3 theorem about the kernel is a
theorem about the function the game calls.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import z3


def _symbolic(*xs: Any) -> bool:
    return any(isinstance(x, z3.ExprRef) for x in xs)


def If(cond: Any, then: Any, other: Any) -> Any:
    if _symbolic(cond, then, other):
        return z3.If(cond, then, other)
    return then if cond else other


def And(*xs: Any) -> Any:
    if _symbolic(*xs):
        return z3.And(*xs)
    return all(xs)


def Or(*xs: Any) -> Any:
    if _symbolic(*xs):
        return z3.Or(*xs)
    return any(xs)


def Not(x: Any) -> Any:
    if _symbolic(x):
        return z3.Not(x)
    return not x


def Sum(xs: Iterable[Any]) -> Any:
    items = list(xs)
    if _symbolic(*items):
        return z3.Sum(items)
    return sum(items)


def Count(conds: Iterable[Any]) -> Any:
    """How many of ``conds`` hold."""
    return Sum(If(c, 1, 0) for c in conds)


def ExactlyOne(*conds: Any) -> Any:
    return Count(conds) == 1
