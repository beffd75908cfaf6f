"""JSON for frozen attrs values: type-driven, strict, and with errors that name the field."""

from __future__ import annotations

import enum
import functools
import json
import types
import typing
from fractions import Fraction
from typing import Any, TypeVar

import attrs

from castlerules.core.errors import InvalidStateError

T = TypeVar("T")


def to_data(value: Any) -> Any:
    """A JSON-able structure for an attrs value (tuples -> lists, frozensets -> sorted lists)."""
    if attrs.has(type(value)):
        return {f.name: to_data(getattr(value, f.name)) for f in attrs.fields(type(value))}
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
    shown = json.dumps(got)[:60] if _jsonable(got) else repr(got)[:60]
    return InvalidStateError(f"{path}: expected {expected}, got {shown}")


def _jsonable(x: Any) -> bool:
    try:
        json.dumps(x)
    except (TypeError, ValueError):
        return False
    return True


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
        names = [f.name for f in attrs.fields(tp)]
        extra = sorted(set(data) - set(names))
        if extra:
            raise InvalidStateError(f"{path}: unknown fields {extra}")
        kwargs = {}
        for f in attrs.fields(tp):
            if f.name not in data:
                if f.default is not attrs.NOTHING:
                    continue
                raise InvalidStateError(f"{path}.{f.name}: missing")
            kwargs[f.name] = from_data(hints[f.name], data[f.name], f"{path}.{f.name}")
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
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, TypeError) as exc:
        raise InvalidStateError(f"{what}: not valid JSON: {exc}") from exc
    result: T = from_data(tp, data, what)
    return result
