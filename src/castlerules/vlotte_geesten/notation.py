"""Vlotte Geesten notation: ``roll chair ghost mouse bottle book``, ``p2 grab mouse``, ``p0 pass``."""

from __future__ import annotations

from typing import Any

from castlerules.core.errors import ParseError
from castlerules.vlotte_geesten.state import DUTCH, Grab, Obj, Pass, Roll

NAMES = {o.name.lower(): o for o in Obj} | DUTCH


def obj_name(o: Obj) -> str:
    return o.name.lower()


def action_to_str(action: Any) -> str:
    if isinstance(action, Roll):
        return "roll " + " ".join(obj_name(f) for f in action.faces)
    if isinstance(action, Grab):
        return f"p{action.player} grab " + "+".join(obj_name(o) for o in sorted(action.objects))
    if isinstance(action, Pass):
        return f"p{action.player} pass"
    raise ParseError(f"not a Vlotte Geesten action: {action!r}")


def _obj(word: str, text: str) -> Obj:
    try:
        return NAMES[word.lower()]
    except KeyError:
        raise ParseError(
            f"{text!r}: unknown object {word!r}; objects are {', '.join(o.name.lower() for o in Obj)}"
        ) from None


def _player(word: str, text: str) -> int:
    if len(word) < 2 or word[0] != "p" or not word[1:].isdigit():
        raise ParseError(f"{text!r}: expected a player such as 'p0', got {word!r}")
    return int(word[1:])


def parse_action(text: str) -> Any:
    if not isinstance(text, str):
        raise ParseError(f"expected action text, got {type(text).__name__}")
    words = text.split()
    if len(words) == 6 and words[0] == "roll":
        return Roll(tuple(_obj(w, text) for w in words[1:]))  # type: ignore[arg-type]
    if len(words) == 2 and words[1] == "pass":
        return Pass(_player(words[0], text))
    if len(words) == 3 and words[1] == "grab":
        parts = words[2].split("+")
        objects = frozenset(_obj(w, text) for w in parts)
        if len(objects) != len(parts):
            raise ParseError(f"{text!r}: an object is named twice")
        return Grab(_player(words[0], text), objects)
    raise ParseError(
        f"{text!r}: expected 'roll <5 objects>', 'p<N> grab <object>[+<object>...]' or 'p<N> pass'"
    )
