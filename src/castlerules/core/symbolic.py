"""A tiny dual-mode shim: the same rule kernel runs on Python values and on z3 terms.

A kernel written with these functions (and ordinary ``+``, ``==``, ``<``) returns a plain value when
given plain values and a z3 expression when given z3 expressions, so a z3 theorem about the kernel is a
theorem about the function the game calls.

z3 is imported on first use, when a value is symbolic: playing a game on plain values never imports
it (the game runs where z3 does not exist, in a browser under Pyodide for one).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def _z3() -> Any:
    """The z3 module, imported on first use (only a symbolic value gets this far)."""
    import z3

    return z3


def If(cond: Any, then: Any, other: Any) -> Any:
    """``then`` if ``cond`` else ``other``; a z3 ``If`` only when the condition is symbolic."""
    if cond is True or cond is False:
        return then if cond else other
    return _z3().If(cond, then, other)


def And(*xs: Any) -> Any:
    for x in xs:
        if x is False:
            return False
        if x is not True:
            return _z3().And(*xs)
    return True


def Or(*xs: Any) -> Any:
    for x in xs:
        if x is True:
            return True
        if x is not False:
            return _z3().Or(*xs)
    return False


def Not(x: Any) -> Any:
    if x is True or x is False:
        return not x
    return _z3().Not(x)


def Sum(xs: Iterable[Any]) -> Any:
    """The sum; Python's ``+`` builds a z3 term when any item is symbolic."""
    return sum(xs, 0)


def Count(conds: Iterable[Any]) -> Any:
    """How many of ``conds`` hold."""
    return Sum(If(c, 1, 0) for c in conds)


def ExactlyOne(*conds: Any) -> Any:
    return Count(conds) == 1
