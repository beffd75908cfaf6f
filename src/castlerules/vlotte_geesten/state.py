"""Vlotte Geesten values: the objects, the state of a game, and the actions.

Actions check their fields when they are made: a field of the wrong type raises
``castlerules.InvalidActionError`` at once, and fields are normalised (an int object number becomes
its ``Obj``, a list of objects a frozenset, a list of faces a tuple), so equal actions are always
equally legal and the rules never see a malformed one.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable
from typing import Any, TypeAlias

import attrs

from castlerules.core.errors import InvalidActionError, quote
from castlerules.core.fields import whole_number
from castlerules.core.jsonio import RANGE
from castlerules.core.written import Written


class Obj(enum.IntEnum):
    """The five objects; each die has the colour of the object with the same number."""

    CHAIR = 0  # red
    GHOST = 1  # white
    MOUSE = 2  # grey
    BOTTLE = 3  # green
    BOOK = 4  # blue

    @property
    def colour(self) -> str:
        return COLOURS[self]

    @property
    def letter(self) -> str:
        """The object's letter in position text (C, G, M, B, K)."""
        return LETTERS[self]


#: Die colour by index: die ``i`` has the colour of ``Obj(i)``.
COLOURS = ("red", "white", "grey", "green", "blue")
#: The objects' letters in position text: Chair, Ghost, Mouse, Bottle, booK.
LETTERS = ("C", "G", "M", "B", "K")
#: Dutch names, accepted by the notation parser.
DUTCH = {
    "stoel": Obj.CHAIR,
    "spook": Obj.GHOST,
    "muis": Obj.MOUSE,
    "fles": Obj.BOTTLE,
    "boek": Obj.BOOK,
}
TOTAL_POINTS = 35
_OBJECTS = tuple(Obj)


def _object(value: Any, what: str) -> Obj:
    if isinstance(value, Obj):
        return value
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(_OBJECTS):
        return _OBJECTS[value]
    raise InvalidActionError(f"{what}: {quote(value)} is not an object (Obj.CHAIR ... Obj.BOOK)")


def _player(value: Any) -> int:
    return whole_number(value, "player")


def _items(value: Any, limit: int, what: str) -> list[Any]:
    """At most ``limit`` items of a list, tuple, set or frozenset (never a string or a mapping)."""
    if isinstance(value, str | bytes | dict) or not isinstance(value, Iterable):
        raise InvalidActionError(f"{what}: expected a collection of objects, got {quote(value)}")
    if isinstance(value, tuple | list | set | frozenset) and len(value) > limit:
        raise InvalidActionError(f"{what}: more than {limit} items in {quote(value)}")
    items = list(itertools.islice(value, limit + 1))
    if len(items) > limit:
        raise InvalidActionError(f"{what}: more than {limit} items")
    return items


def _faces(value: Any) -> tuple[Obj, Obj, Obj, Obj, Obj]:
    if isinstance(value, tuple) and len(value) == 5 and all(v.__class__ is Obj for v in value):
        return value
    items = _items(value, 5, "faces")
    if len(items) != 5 or isinstance(value, set | frozenset):
        raise InvalidActionError(
            f"faces: expected the objects on the red, white, grey, green and blue die in order, "
            f"got {quote(value)}"
        )
    return tuple(_object(v, "faces") for v in items)  # type: ignore[return-value]


def _objects(value: Any) -> frozenset[Obj]:
    if isinstance(value, frozenset) and all(v.__class__ is Obj for v in value) and value:
        return value
    items = _items(value, 5, "objects")
    found = frozenset(_object(v, "objects") for v in items)
    if not found:
        raise InvalidActionError("objects: a grab takes at least one object")
    return found


@attrs.frozen(slots=True, repr=False)
class Roll(Written):
    """A chance outcome: the object on top of the red, white, grey, green and blue die."""

    faces: tuple[Obj, Obj, Obj, Obj, Obj] = attrs.field(converter=_faces)



@attrs.frozen(slots=True, repr=False)
class Grab(Written):
    """``player`` grabs ``objects`` (more than one at once is a wrong grab)."""

    player: int = attrs.field(converter=_player)
    objects: frozenset[Obj] = attrs.field(converter=_objects)



@attrs.frozen(slots=True, repr=False)
class Pass(Written):
    """``player`` does not grab after this roll."""

    player: int = attrs.field(converter=_player)


#: Every action of the game, chance outcomes included: ``Game[State, Action]``.
Action: TypeAlias = Roll | Grab | Pass


@attrs.frozen(slots=True, repr=False)
class State(Written):
    """A position. ``dice`` is None before a roll (a chance node, or the end when supply is 0).

    During a grab round, ``acted`` lists who is done for the round (in order: who grabbed or passed;
    under the ``regrab`` reading, who passed), ``grabbed`` the objects grabbed this round, and
    ``wrong`` who grabbed wrongly (in order); penalties are settled when the round ends
    (interpretation vg.interp.penalty-recipient). ``repr`` is the call that rebuilds the state from
    its position text (see ``castlerules.vlotte_geesten.notation``), ``str`` the text board.
    """

    # The numeric limits of both formats (JSON and position text): see ``core.jsonio.RANGE``.
    scores: tuple[int, ...] = attrs.field(metadata={RANGE: (-9999, 9999)})
    supply: int = attrs.field(metadata={RANGE: (-9999, 9999)})
    pot: int = attrs.field(metadata={RANGE: (-9999, 9999)})
    roller: int = attrs.field(metadata={RANGE: (0, 999)})
    dice: tuple[Obj, Obj, Obj, Obj, Obj] | None = None
    acted: tuple[int, ...] = attrs.field(default=(), metadata={RANGE: (0, 999)})
    grabbed: frozenset[Obj] = frozenset()
    wrong: tuple[int, ...] = attrs.field(default=(), metadata={RANGE: (0, 999)})
