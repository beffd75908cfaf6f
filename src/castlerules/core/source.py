"""Where board data may come from, and the limits on reading it.

A ``board=`` option names a board in one of three ways:

- the name of a board that ships in the package (``"kasteel-default"``, ``"spookslot-default"``);
- the board text itself (anything with a line break): records and adapters carry boards this way;
- a path to a board file — only from a programmer's own call to ``make``. Input that may come
  from a stranger (a record being replayed, a serialized adapter state) is read inside
  ``untrusted()``, where a path is refused: it never makes the library open a file.

A file is read only if it is a regular file of at most ``MAX_BOARD_BYTES`` bytes, as UTF-8 text; a FIFO,
a device or a directory is refused before it is opened. A byte-order mark at the start of a board
(some editors save UTF-8 with one) is not part of it: it is dropped, from a file or from text. Error messages never quote file content.
A game stores the board *text* in its options (or the packaged name), so its records carry the
board by value.

Which reading a ``board=`` option selects is one rule for every game (``board_keyword``): the
packaged default board — by its name, or by a path or text that gives the same board — is the
default reading; any other board is the custom reading.
"""

from __future__ import annotations

import contextlib
import contextvars
import os
import stat
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from castlerules.core.errors import InvalidOptionError, quote
from castlerules.core.spec import read_text

#: The byte-order mark some editors put at the start of a UTF-8 file: not part of the board.
BOM = "\ufeff"
#: The largest board file or board text that is read (bytes).
MAX_BOARD_BYTES = 1 << 20

_UNTRUSTED: contextvars.ContextVar[bool] = contextvars.ContextVar(
    "castlerules_untrusted", default=False
)


@contextlib.contextmanager
def untrusted() -> Iterator[None]:
    """Within this block, options come from untrusted input: board paths are refused."""
    token = _UNTRUSTED.set(True)
    try:
        yield
    finally:
        _UNTRUSTED.reset(token)


def is_untrusted() -> bool:
    return _UNTRUSTED.get()


def read_regular_file(path: Any, what: str, limit: int = MAX_BOARD_BYTES) -> str:
    """The UTF-8 text of a regular file of at most ``limit`` bytes; InvalidOptionError otherwise.

    The message names the path (cut short) and the problem, never the file's content."""
    shown = quote(str(path))
    try:
        info = os.stat(path)
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the path
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else "not a valid path"
        raise InvalidOptionError(f"{what}: cannot read {shown}: {reason}") from None
    if not stat.S_ISREG(info.st_mode):
        raise InvalidOptionError(f"{what}: {shown} is not a regular file")
    if info.st_size > limit:
        raise InvalidOptionError(f"{what}: {shown} is larger than {limit} bytes")
    try:
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise InvalidOptionError(f"{what}: cannot read {shown}: {exc.strerror}") from None
    if len(data) > limit:
        raise InvalidOptionError(f"{what}: {shown} is larger than {limit} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidOptionError(f"{what}: {shown} is not UTF-8 text") from None


def board_source(value: Any, packaged: Mapping[str, str], what: str = "board") -> tuple[str, str]:
    """(text, canonical option value) of a ``board`` option.

    ``packaged`` maps the names of packaged boards to their files under ``castlerules.specs``.
    A packaged name gives (its text, the name); board text gives (the text, the text); a path
    (refused inside ``untrusted()``) gives (the file's text, the text)."""
    if isinstance(value, str) and value in packaged:
        return read_text(packaged[value]), value
    if isinstance(value, str) and ("\n" in value or "\r" in value):
        if len(value.encode("utf-8", "surrogatepass")) > MAX_BOARD_BYTES:
            raise InvalidOptionError(f"{what}: board text is larger than {MAX_BOARD_BYTES} bytes")
        text = value.removeprefix(BOM)
        return text, text
    if not isinstance(value, str | Path):
        names = ", ".join(packaged)
        raise InvalidOptionError(
            f"{what} must be a packaged board's name ({names}), board text or a path; "
            f"got {quote(value)}"
        )
    if is_untrusted():
        names = ", ".join(packaged)
        raise InvalidOptionError(
            f"{what}: untrusted input carries a board by value or by a packaged name ({names}), "
            f"never by a path; got {quote(str(value))}"
        )
    text = read_regular_file(value, what).removeprefix(BOM)
    return text, text


def board_keyword(given: Any, stored: str) -> str | None:
    """The ``board`` keyword as the readings see it (``castlerules.core.readings.resolve``), the
    one rule for every game with a board option: ``None`` if no board was given; otherwise the
    value the game's loader stores — the packaged board's name (for the packaged default board
    also when given by a path or by the same text), which the spec's default board option
    carries as its ``value``, so it selects the default reading and agrees with it; or the board
    text, which selects the custom reading."""
    return None if given is None else stored
