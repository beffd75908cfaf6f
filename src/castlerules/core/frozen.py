"""One fast constructor for the frozen states of every game: what a game's successor uses to make
the next state, once per action.

A state class is a frozen, slotted attrs class: its ``__init__`` converts, validates and derives,
and its ``__setattr__`` refuses every store. The successor already holds every field, derived ones
included (it updates the few that an action changes), so ``fast_constructor`` gives it a
function that stores them as they come, positionally in the order given: it fills a twin class of
the state's (the same slots, but the plain stores of ``object``) and then makes the object a state
by assigning its class, before anyone else sees it. That is about three times cheaper than calling
each slot's setter past the frozen ``__setattr__``, and no object of the twin class ever leaves
the function. The source of the function is written from the class's own field names, as attrs
writes an ``__init__``.

Nothing is checked: the caller vouches for the values (``State(...)`` is the checked way, and a
game's ``validate_state`` checks a state from outside).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import attrs

T = TypeVar("T")

#: The slot attrs adds for a cached hash (``cache_hash=True``); a new state has none yet.
_CACHED_HASH = "_attrs_cached_hash"


def fast_constructor(cls: type[T], fields: tuple[str, ...]) -> Callable[..., T]:
    """A function ``make(*values)`` that returns an instance of ``cls`` with ``fields`` set to
    ``values`` (in that order) and every other field at its default, without conversion,
    validation or ``__attrs_post_init__``.

    ``cls`` is a frozen, slotted attrs class; every field not in ``fields`` has a plain default
    (not a factory).

    >>> import attrs
    >>> @attrs.frozen
    ... class Point:
    ...     x: int
    ...     y: int = attrs.field(converter=int)
    ...     seen: bool = attrs.field(default=False, eq=False, repr=False)
    >>> make = fast_constructor(Point, ("x", "y"))
    >>> make(1, 2), make(1, 2).seen, type(make(1, 2)) is Point
    (Point(x=1, y=2), False, True)
    """
    slots = set(getattr(cls, "__slots__", ()))
    found: tuple[Any, ...] = attrs.fields(cast(Any, cls))
    names = [a.name for a in found]
    if not set(names) <= slots:
        raise TypeError(f"{cls.__name__} is not a slotted attrs class")
    unknown = [f for f in fields if f not in names]
    if unknown or len(set(fields)) != len(fields):
        raise TypeError(f"{cls.__name__}: fields {fields!r} are not distinct fields of the class")
    twin = type(f"_Unfrozen{cls.__name__}", (cls,), {
        "__slots__": (),
        "__setattr__": object.__setattr__,
        "__delattr__": object.__delattr__,
        "__doc__": f"A {cls.__name__} under construction (see castlerules.core.frozen).",
    })
    scope: dict[str, Any] = {"_new": object.__new__, "_twin": twin, "_cls": cls}
    lines = [f"def make({', '.join(fields)}):", "    s = _new(_twin)"]
    lines += [f"    s.{f} = {f}" for f in fields]
    for a in found:
        if a.name in fields:
            continue
        if a.default is attrs.NOTHING or isinstance(a.default, cast(type, attrs.Factory)):
            raise TypeError(f"{cls.__name__}.{a.name} has no plain default: give it")
        scope[f"_default_{a.name}"] = a.default
        lines.append(f"    s.{a.name} = _default_{a.name}")
    if _CACHED_HASH in slots:
        lines.append(f"    s.{_CACHED_HASH} = None")
    lines += ["    s.__class__ = _cls", "    return s"]
    exec(compile("\n".join(lines), f"<fast constructor of {cls.__qualname__}>", "exec"), scope)
    made: Callable[..., T] = scope["make"]
    made.__qualname__ = made.__name__ = f"make_{cls.__name__}"
    made.__doc__ = (
        f"A {cls.__name__} with {', '.join(fields)} as given, unchecked "
        "(castlerules.core.frozen.fast_constructor)."
    )
    return made
