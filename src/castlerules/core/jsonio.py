"""JSON for frozen attrs values: type-driven, strict, and with errors that name the field."""

from __future__ import annotations

import enum
import functools
import itertools
import json
import re
import types
import typing
from fractions import Fraction
from typing import Any, TypeVar

import attrs

from castlerules.core.errors import InvalidStateError, RulesError, quote

T = TypeVar("T")

#: The version of the state JSON written by ``dump_envelope`` (format 0: the bare state object).
FORMAT = 1
#: The longest state JSON that is read (characters or bytes).
MAX_STATE_CHARS = 1_000_000
#: The deepest nesting of arrays and objects that is read.
MAX_DEPTH = 32
#: The key of an attrs field's metadata holding the inclusive ``(low, high)`` range of the field's
#: integers (every integer in it, for a tuple or a set). It is the ONE table of a state's numeric
#: limits: the JSON reader (``from_data``) and Schema (``schema_of``) read it here, and each game's
#: position-text parser reads it through ``int_range`` and ``parse_int``, so a state one format
#: accepts, the other writes and reads back.
RANGE = "range"


def int_range(cls: Any, name: str) -> tuple[int, int]:
    """The inclusive range of the integers of field ``name`` of the attrs class ``cls``."""
    return _ranges(cls)[name]


@functools.cache
def _ranges(cls: Any) -> dict[str, tuple[int, int]]:
    return {f.name: f.metadata[RANGE] for f in attrs.fields(cls) if RANGE in f.metadata}


def parse_int(word: str, bounds: tuple[int, int]) -> int | None:
    """The integer ``word`` writes in ASCII digits (``-`` first only where ``bounds`` allow a
    negative number), if it lies within ``bounds``; else None. Never reads more digits than the
    bounds can have, so a long word costs nothing."""
    low, high = bounds
    digits = word[1:] if word[:1] == "-" and low < 0 else word
    if not digits or len(digits) > len(str(max(abs(low), abs(high)))):
        return None
    if not (digits.isascii() and digits.isdigit()):
        return None
    value = int(word)
    return value if low <= value <= high else None


def _out_of_range(value: Any, bounds: tuple[int, int]) -> Any:
    """The first integer of ``value`` (an int, or a tuple/frozenset of them) outside ``bounds``."""
    if isinstance(value, int) and not isinstance(value, bool):
        return None if bounds[0] <= value <= bounds[1] else value
    if isinstance(value, tuple | frozenset):
        for item in value:
            found = _out_of_range(item, bounds)
            if found is not None:
                return found
    return None


def json_fields(cls: Any) -> tuple[Any, ...]:
    """The attrs fields of ``cls`` that are part of its JSON: all but those with
    ``metadata={"json": False}`` (derived data a class keeps for speed, such as a bitboard)."""
    return _json_fields(cls)


@functools.cache
def _json_fields(cls: Any) -> tuple[Any, ...]:
    return tuple(f for f in attrs.fields(cls) if f.metadata.get("json", True))


def to_data(value: Any) -> Any:
    """A JSON-able structure for an attrs value (tuples -> lists, frozensets -> sorted lists)."""
    if attrs.has(type(value)):
        cls: Any = type(value)
        return {f.name: to_data(getattr(value, f.name)) for f in _json_fields(cls)}
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, bool | int | str) or value is None:
        return value
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, tuple | list):
        return [to_data(v) for v in value]
    if isinstance(value, frozenset | set):
        items = [to_data(v) for v in value]
        return sorted(items, key=lambda x: json.dumps(x, sort_keys=True))
    raise TypeError(f"cannot serialise {type(value).__name__}")


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _fail(path: str, expected: str, got: Any) -> InvalidStateError:
    return InvalidStateError(f"{path}: expected {expected}, got {quote(got)}")


#: A JSON string (its brackets are text, not nesting).
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
#: Everything between brackets.
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
#: Opening brackets as "(", closing ones as ")": the decoder nests the same way for both kinds.
_AS_PARENS = str.maketrans("[{]}", "(())")
_STEP = {"(": 1, ")": -1}


def nesting_bound(text: str, limit: int = MAX_DEPTH) -> int:
    """An upper bound of how deep ``json.loads(text)`` would nest (exact for valid JSON), found
    without decoding, or ``limit + 1`` as soon as it is known to exceed ``limit``.

    The decoder recurses once per open array or object, and deep enough recursion overflows a
    small native stack (in a browser's WebAssembly, before Python can raise RecursionError), so
    untrusted text is measured first. Strings are dropped, the brackets kept, and the innermost
    pairs ``()`` removed a level at a time, each pass in C (a pass lowers the depth by one). A
    run of more opening brackets than the levels left ends it at once; a pass that removes less
    than half of what is left hands the rest to one sweep of running sums. So the cost stays
    linear in the text, however it nests. Unbalanced text (the decoder refuses it) is bounded
    by the passes made plus the brackets left open."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text)).translate(_AS_PARENS)
    for passes in range(limit + 1):
        if not brackets:
            return passes
        if "(" * (limit + 1 - passes) in brackets:
            return limit + 1
        inner = brackets.replace("()", "")
        if inner == brackets:  # unbalanced: ")))(((" is left
            return min(limit + 1, passes + brackets.count("("))
        if 2 * len(inner) > len(brackets) > 4096:
            deepest = max(itertools.accumulate(map(_STEP.__getitem__, inner)))
            return min(limit + 1, passes + 1 + max(0, deepest))
        brackets = inner
    return limit + 1


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_json(
    text: Any,
    what: str,
    error: type[RulesError] = InvalidStateError,
    limit: int = MAX_STATE_CHARS,
    depth: int = MAX_DEPTH,
) -> Any:
    """``json.loads`` for untrusted text, the one reader of JSON from outside: bounded in size, and
    in depth before any decoding (``nesting_bound``); every failure (malformed JSON, bad UTF-8,
    ``NaN``, integers of thousands of digits, deep nesting) is an ``error``."""
    if not isinstance(text, str | bytes | bytearray):
        raise error(f"the {what} must be JSON text, not {type(text).__name__}")
    if len(text) > limit:
        raise error(f"the {what} has {len(text)} characters, more than the limit of {limit}")
    try:
        if not isinstance(text, str):
            text = bytes(text).decode(json.detect_encoding(text))
    except UnicodeDecodeError:
        raise error(f"the {what} is not valid JSON: its bytes are not UTF-8 text") from None
    if nesting_bound(text, depth) > depth:
        raise error(f"the {what} is nested more than {depth} levels deep")
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        raise error(
            f"the {what} is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from None
    except RecursionError:
        raise error(f"the {what} is nested more than {depth} levels deep") from None
    except ValueError as exc:  # NaN, or an integer literal of more than 4300 digits
        raise error(f"the {what} is not valid JSON: {str(exc)[:80]}") from None


def from_data(tp: Any, data: Any, path: str = "state") -> Any:
    """Build a value of type ``tp`` from JSON data; InvalidStateError names the first bad field."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is Any:
        return data
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return from_data(arg, data, path)
            except InvalidStateError as exc:
                errors.append(str(exc))
        raise _fail(path, " or ".join(getattr(a, "__name__", str(a)) for a in args), data)
    if origin is typing.Literal:
        if data in args:
            return data
        raise _fail(path, f"one of {list(args)}", data)
    if origin is tuple:
        if not isinstance(data, list):
            raise _fail(path, "a list", data)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_data(args[0], v, f"{path}[{i}]") for i, v in enumerate(data))
        if len(args) != len(data):
            raise _fail(path, f"a list of {len(args)} items", data)
        return tuple(from_data(a, v, f"{path}[{i}]") for i, (a, v) in enumerate(zip(args, data)))
    if origin is frozenset:
        if not isinstance(data, list):
            raise _fail(path, "a list", data)
        items = [from_data(args[0], v, f"{path}[{i}]") for i, v in enumerate(data)]
        result = frozenset(items)
        if len(result) != len(items):
            raise InvalidStateError(f"{path}: repeated items in a set")
        return result
    if isinstance(tp, type) and attrs.has(tp):
        if not isinstance(data, dict):
            raise _fail(path, f"an object ({tp.__name__})", data)
        hints = _hints(tp)
        names = [f.name for f in _json_fields(tp)]
        extra = sorted(set(data) - set(names))
        if extra:
            raise InvalidStateError(f"{path}: unknown fields {quote(extra)}")
        kwargs = {}
        for f in _json_fields(tp):
            if f.name not in data:
                if f.default is not attrs.NOTHING:
                    continue
                raise InvalidStateError(f"{path}.{f.name}: missing")
            kwargs[f.name] = from_data(hints[f.name], data[f.name], f"{path}.{f.name}")
            bounds = f.metadata.get(RANGE)
            if bounds is not None:
                bad = _out_of_range(kwargs[f.name], bounds)
                if bad is not None:
                    raise _fail(f"{path}.{f.name}", f"integers from {bounds[0]} to {bounds[1]}", bad)
        try:
            return tp(**kwargs)
        except InvalidStateError:
            raise
        except (TypeError, ValueError) as exc:
            raise InvalidStateError(f"{path}: {exc}") from exc
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        if isinstance(data, str) and data in tp.__members__:
            return tp[data]
        raise _fail(path, f"one of {list(tp.__members__)}", data)
    if tp is bool:
        if isinstance(data, bool):
            return data
        raise _fail(path, "true or false", data)
    if tp is int:
        if isinstance(data, int) and not isinstance(data, bool):
            return data
        raise _fail(path, "an integer", data)
    if tp is str:
        if isinstance(data, str):
            return data
        raise _fail(path, "a string", data)
    if tp is Fraction:
        try:
            return Fraction(str(data))
        except (ValueError, ZeroDivisionError):
            raise _fail(path, "a fraction such as '1/3'", data) from None
    if tp is type(None):
        if data is None:
            return None
        raise _fail(path, "null", data)
    raise TypeError(f"jsonio cannot build {tp!r}")


def dumps(value: Any) -> str:
    return json.dumps(to_data(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def loads(tp: type[T], text: str | bytes, what: str = "state") -> T:
    """Parse JSON text into ``tp``; malformed JSON and bad fields both raise InvalidStateError."""
    result: T = from_data(tp, parse_json(text, what), what)
    return result


# -- the versioned envelope ----------------------------------------------------------------------


def dump_envelope(game: str, state: Any) -> str:
    """``{"format": 1, "game": game, "state": {...}}`` as compact JSON with sorted keys."""
    data = {"format": FORMAT, "game": game, "state": to_data(state)}
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def load_envelope(game: str, tp: type[T], text: str | bytes) -> T:
    """A state of type ``tp`` from this version's envelope or from a bare state object (format 0,
    written by castlerules 0.1)."""
    data = parse_json(text, "state")
    if isinstance(data, dict) and "format" in data:
        if data.get("format") != FORMAT:
            raise InvalidStateError(
                f"state: format {quote(data.get('format'))} is not one this version reads "
                f"(0 or {FORMAT})"
            )
        extra = sorted(set(data) - {"format", "game", "state"})
        if extra:
            raise InvalidStateError(f"state: unknown fields {quote(extra)}")
        if data.get("game") != game:
            raise InvalidStateError(f"state: the JSON is of game {quote(data.get('game'))}, not {game!r}")
        if "state" not in data:
            raise InvalidStateError("state.state: missing")
        result: T = from_data(tp, data["state"], "state.state")
        return result
    legacy: T = from_data(tp, data, "state")
    return legacy


# -- JSON Schema ---------------------------------------------------------------------------------


def schema_of(tp: Any, defs: dict[str, Any]) -> dict[str, Any]:
    """The JSON Schema of values of type ``tp`` as ``to_data`` writes them; attrs classes go to
    ``defs`` (referenced as ``#/$defs/<name>``)."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is Any:
        return {}
    if origin in (typing.Union, types.UnionType):
        return {"anyOf": [schema_of(a, defs) for a in args]}
    if origin is typing.Literal:
        return {"enum": list(args)}
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": schema_of(args[0], defs)}
        return {
            "type": "array",
            "prefixItems": [schema_of(a, defs) for a in args],
            "items": False,
            "minItems": len(args),
        }
    if origin is frozenset:
        return {"type": "array", "items": schema_of(args[0], defs), "uniqueItems": True}
    if isinstance(tp, type) and attrs.has(tp):
        name = tp.__name__
        if name not in defs:
            defs[name] = {}  # a placeholder against recursion
            hints = _hints(tp)
            defs[name] = {
                "type": "object",
                "properties": {
                    f.name: _bounded(schema_of(hints[f.name], defs), f.metadata.get(RANGE))
                    for f in _json_fields(tp)
                },
                "required": [f.name for f in _json_fields(tp) if f.default is attrs.NOTHING],
                "additionalProperties": False,
            }
        return {"$ref": f"#/$defs/{name}"}
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return {"enum": list(tp.__members__)}
    if tp is bool:
        return {"type": "boolean"}
    if tp is int:
        return {"type": "integer"}
    if tp is str:
        return {"type": "string"}
    if tp is Fraction:
        return {"type": "string", "pattern": r"^-?[0-9]+(/[0-9]+)?$"}
    if tp is type(None):
        return {"type": "null"}
    raise TypeError(f"jsonio cannot describe {tp!r}")


def _bounded(schema: dict[str, Any], bounds: tuple[int, int] | None) -> dict[str, Any]:
    """``schema`` with ``minimum``/``maximum`` on each integer it describes (see ``RANGE``)."""
    if bounds is None:
        return schema
    out = dict(schema)
    if out.get("type") == "integer":
        out["minimum"], out["maximum"] = bounds
    for key in ("items", "anyOf", "prefixItems"):
        if isinstance(out.get(key), dict):
            out[key] = _bounded(out[key], bounds)
        elif isinstance(out.get(key), list):
            out[key] = [_bounded(s, bounds) for s in out[key]]
    return out


def envelope_schema(game: str, tp: type) -> dict[str, Any]:
    """The JSON Schema of ``dump_envelope`` for states of type ``tp``."""
    defs: dict[str, Any] = {}
    state = schema_of(tp, defs)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"castlerules:{game}:state:{FORMAT}",
        "title": f"castlerules {game} state, format {FORMAT}",
        "type": "object",
        "properties": {
            "format": {"const": FORMAT},
            "game": {"const": game},
            "state": state,
        },
        "required": ["format", "game", "state"],
        "additionalProperties": False,
        "$defs": defs,
    }
