"""Vlotte Geesten values: the objects, the state of a game, and the actions."""

from __future__ import annotations

import enum

import attrs


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


#: Die colour by index: die ``i`` has the colour of ``Obj(i)``.
COLOURS = ("red", "white", "grey", "green", "blue")
#: Dutch names, accepted by the notation parser.
DUTCH = {
    "stoel": Obj.CHAIR,
    "spook": Obj.GHOST,
    "muis": Obj.MOUSE,
    "fles": Obj.BOTTLE,
    "boek": Obj.BOOK,
}
TOTAL_POINTS = 35


@attrs.frozen(slots=True)
class Roll:
    """A chance outcome: the object on top of the red, white, grey, green and blue die."""

    faces: tuple[Obj, Obj, Obj, Obj, Obj]


@attrs.frozen(slots=True)
class Grab:
    """``player`` grabs ``objects`` (more than one at once is a wrong grab)."""

    player: int
    objects: frozenset[Obj]


@attrs.frozen(slots=True)
class Pass:
    """``player`` does not grab after this roll."""

    player: int


Action = Roll | Grab | Pass


@attrs.frozen(slots=True)
class State:
    """A position. ``dice`` is None before a roll (a chance node, or the end when supply is 0).

    During a grab round, ``acted`` lists who has grabbed or passed (in order), ``grabbed`` the
    objects already in someone's hand, and ``wrong`` who grabbed wrongly; penalties are settled
    when the round ends (interpretation vg.interp.penalty-recipient).
    """

    scores: tuple[int, ...]
    supply: int
    pot: int
    roller: int
    dice: tuple[Obj, Obj, Obj, Obj, Obj] | None = None
    acted: tuple[int, ...] = ()
    grabbed: frozenset[Obj] = frozenset()
    wrong: tuple[int, ...] = ()
