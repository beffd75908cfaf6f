"""How a game's values are written: what ``repr`` and ``str`` of its states and actions show.

A value type does not know how it is written: a state or action class derives from ``Written`` and
names no notation or picture module. Its ``repr`` is the notation the game reads back (for a state,
a ``castlerules.position(...)`` call that rebuilds it) and its ``str`` the text board (as
``print(board)`` shows a board in python-chess); both are looked up here, in writers the game's
``notation`` module (``repr``) and ``render`` module (``str``) register for their classes when they
are imported. A game package's ``__init__`` imports its rules, which import both, so any import of
a game's state module has registered its writers before a state exists.

A value with no writer, or one its writer cannot write (a malformed value), shows its fields, so
``repr`` never raises; ``str`` without a board writer is the ``repr``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

_REPR: dict[type, Callable[[Any], str]] = {}
_STR: dict[type, Callable[[Any], str]] = {}


def _register(table: dict[type, Callable[[Any], str]], classes: tuple[type, ...]
              ) -> Callable[[Callable[[Any], str]], Callable[[Any], str]]:
    def register(writer: Callable[[Any], str]) -> Callable[[Any], str]:
        for cls in classes:
            table[cls] = writer
        return writer

    return register


def repr_writer(*classes: type) -> Callable[[Callable[[Any], str]], Callable[[Any], str]]:
    """A decorator: the function is the ``repr`` of values of ``classes``."""
    return _register(_REPR, classes)


def str_writer(*classes: type) -> Callable[[Callable[[Any], str]], Callable[[Any], str]]:
    """A decorator: the function is the ``str`` (the text board) of values of ``classes``."""
    return _register(_STR, classes)


def _found(table: dict[type, Callable[[Any], str]], value: Any) -> Callable[[Any], str] | None:
    for cls in type(value).__mro__:
        writer = table.get(cls)
        if writer is not None:
            return writer
    return None


def fields_repr(value: Any) -> str:
    """``Name(field=value, ...)`` over the fields given to the constructor."""
    cls = type(value)
    if not attrs.has(cls):
        return object.__repr__(value)
    shown = ", ".join(f"{a.name.lstrip('_')}={getattr(value, a.name, None)!r}"
                      for a in attrs.fields(cls) if a.init)
    return f"{cls.__name__}({shown})"


def write_repr(value: Any) -> str:
    """The ``repr`` of a game's value (see the module docstring)."""
    writer = _found(_REPR, value)
    if writer is not None:
        try:
            return writer(value)
        except Exception:  # a malformed value still shows something
            pass
    return fields_repr(value)


def write_str(value: Any) -> str:
    """The ``str`` of a game's value: its text board, else its ``repr``."""
    writer = _found(_STR, value)
    if writer is not None:
        try:
            return writer(value)
        except Exception:  # a state the board cannot draw (a malformed one) is written instead
            pass
    return write_repr(value)


class Written:
    """A base of states and actions: ``repr`` and ``str`` come from the writers registered for the
    class (the attrs class must say ``repr=False``, so attrs leaves them to this base)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return write_repr(self)

    def __str__(self) -> str:
        return write_str(self)
