"""Styled text for the terminal, without a dependency: ``Text`` (a string with styled spans) and
``Console`` (prints it, in colour only on a terminal).

A style is a few words, as in ``"bold cyan"`` or ``"dim"``: ``bold``, ``dim``, ``italic``,
``underline``, ``reverse`` and a colour (``red``, ``bright_black``, ``dark_orange3`` ...). A
``Console`` writes ANSI colours only to a terminal (never when ``NO_COLOR`` is set or ``TERM`` is
``dumb``), and never writes a control character that came with the text: an escape sequence in a
move someone typed or in a name from the command line is shown as ``\\x1b``, not obeyed.
"""

from __future__ import annotations

import itertools
import os
import re
import shutil
import sys
import time
from collections.abc import Iterable, Sequence
from typing import IO

_ATTRIBUTES = {"bold": 1, "dim": 2, "italic": 3, "underline": 4, "reverse": 7}
_COLOURS = {"black": 0, "red": 1, "green": 2, "yellow": 3, "blue": 4, "magenta": 5, "cyan": 6,
            "white": 7}  # fmt: skip
#: Colours of the 256-colour palette by name (the few the games use).
_PALETTE = {"dark_orange3": 166, "orange3": 172, "grey50": 244}
#: Control characters other than newline and tab, and DEL: never written as they came.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    """``text`` with every control character but newline and tab written out (``\\x1b``)."""
    return _CONTROL.sub(lambda m: repr(m.group())[1:-1], text)


def _codes(style: str) -> tuple[tuple[int, ...], str | None]:
    """The SGR attributes of ``style`` and its colour's code ("" if it names none)."""
    attributes: list[int] = []
    colour: str | None = None
    for word in style.split():
        if word in _ATTRIBUTES:
            attributes.append(_ATTRIBUTES[word])
        elif word in _COLOURS:
            colour = str(30 + _COLOURS[word])
        elif word.startswith("bright_") and word[7:] in _COLOURS:
            colour = str(90 + _COLOURS[word[7:]])
        elif word in _PALETTE:
            colour = f"38;5;{_PALETTE[word]}"
    return tuple(attributes), colour


def sgr(styles: Sequence[str]) -> str:
    """The escape sequence that switches to ``styles`` combined (later colours win)."""
    attributes: set[int] = set()
    colour: str | None = None
    for style in styles:
        found, tint = _codes(style)
        attributes.update(found)
        colour = tint or colour
    parts = [str(a) for a in sorted(attributes)] + ([colour] if colour else [])
    return f"\x1b[{';'.join(parts)}m" if parts else ""


class Text:
    """A line of text with styled spans (``(start, end, style)``, later spans over earlier ones)."""

    __slots__ = ("plain", "spans")

    def __init__(self, text: str = "", style: str = "") -> None:
        self.plain = text
        self.spans: list[tuple[int, int, str]] = [(0, len(text), style)] if style and text else []

    @classmethod
    def assemble(cls, *parts: str | tuple[str, str] | Text) -> Text:
        """Text made of pieces: plain strings, ``(text, style)`` pairs and ``Text``."""
        out = cls()
        for part in parts:
            if isinstance(part, Text):
                out.append_text(part)
            elif isinstance(part, tuple):
                out.append(*part)
            else:
                out.append(part)
        return out

    def __len__(self) -> int:
        return len(self.plain)

    def __str__(self) -> str:
        return self.plain

    def __repr__(self) -> str:
        return f"Text({self.plain!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Text) and (self.plain, self.spans) == (other.plain, other.spans)

    def __add__(self, other: str | Text) -> Text:
        out = self.copy()
        if isinstance(other, Text):
            out.append_text(other)
        else:
            out.append(other)
        return out

    def copy(self) -> Text:
        out = Text(self.plain)
        out.spans = list(self.spans)
        return out

    def append(self, text: str, style: str = "") -> Text:
        start = len(self.plain)
        self.plain += text
        if style and text:
            self.spans.append((start, len(self.plain), style))
        return self

    def append_text(self, other: Text) -> Text:
        start = len(self.plain)
        self.plain += other.plain
        self.spans += [(a + start, b + start, s) for a, b, s in other.spans]
        return self

    def stylize(self, style: str, start: int = 0, end: int | None = None) -> Text:
        end = len(self.plain) if end is None else end
        if style and start < end:
            self.spans.append((start, end, style))
        return self

    def highlight_regex(self, pattern: str, style: str) -> Text:
        """Give ``style`` to every match of ``pattern``."""
        for match in re.finditer(pattern, self.plain):
            self.stylize(style, match.start(), match.end())
        return self

    def slice(self, start: int, end: int) -> Text:
        """The characters from ``start`` to ``end`` with their styles."""
        out = Text(self.plain[start:end])
        out.spans = [(max(a, start) - start, min(b, end) - start, s)
                     for a, b, s in self.spans if a < end and b > start]
        return out

    def _keep(self, length: int) -> None:
        self.plain = self.plain[:length]
        self.spans = [(a, min(b, length), s) for a, b, s in self.spans if a < length]

    def right_crop(self, count: int) -> Text:
        """Drop the last ``count`` characters."""
        self._keep(max(0, len(self.plain) - count))
        return self

    def rstrip(self) -> Text:
        self._keep(len(self.plain.rstrip()))
        return self

    def pad_right(self, count: int) -> Text:
        self.plain += " " * max(0, count)
        return self

    def truncate(self, width: int, ellipsis: bool = True) -> Text:
        """At most ``width`` characters; the last one ``…`` where text was cut."""
        if len(self.plain) > width:
            self._keep(max(0, width - 1) if ellipsis else width)
            if ellipsis:
                self.plain += "…"
        return self

    def wrap(self, width: int) -> list[Text]:
        """The text in lines of at most ``width`` characters, broken at spaces (a longer word
        stays whole)."""
        lines: list[Text] = []
        start, n = 0, len(self.plain)
        while start < n:
            if n - start <= width:
                lines.append(self.slice(start, n))
                break
            cut = self.plain.rfind(" ", start, start + width + 1)
            if cut <= start:
                found = self.plain.find(" ", start + width)
                cut = n if found < 0 else found
            lines.append(self.slice(start, cut).rstrip())
            start = cut
            while start < n and self.plain[start] == " ":
                start += 1
        return lines or [Text()]

    def render(self, colour: bool, base: str = "") -> str:
        """The text with ANSI colours (``colour``) or plain, its control characters written out."""
        if not colour or not (self.spans or base):
            return printable(self.plain)
        cuts = sorted({0, len(self.plain), *(a for a, _, _ in self.spans),
                       *(b for _, b, _ in self.spans)})
        out: list[str] = []
        for a, b in itertools.pairwise(cuts):
            styles = [base, *(s for x, y, s in self.spans if x <= a and b <= y)]
            code = sgr(styles)
            piece = printable(self.plain[a:b])
            out.append(f"{code}{piece}\x1b[0m" if code else piece)
        return "".join(out)


def _colour_wanted(file: IO[str]) -> bool:
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(file, "isatty", None)
    return bool(isatty and isatty())


class Console:
    """Writes lines of ``Text`` or strings to ``file``: in colour on a terminal, plain elsewhere;
    on a terminal a long line is wrapped to the width unless ``wrap`` is off."""

    def __init__(self, file: IO[str] | None = None, *, wrap: bool | None = None,
                 colour: bool | None = None, width: int | None = None,
                 height: int | None = None) -> None:
        self.file: IO[str] = file if file is not None else sys.stdout
        self.is_terminal = _colour_wanted(self.file) if colour is None else colour
        self.colour = self.is_terminal
        self.wrap = self.is_terminal if wrap is None else wrap
        self._size = (width, height)

    @property
    def width(self) -> int:
        """The terminal's columns (``COLUMNS``, or 80 when there is none), unless fixed."""
        return self._size[0] or shutil.get_terminal_size((80, 24)).columns

    @property
    def height(self) -> int:
        return self._size[1] or shutil.get_terminal_size((80, 24)).lines

    def print(self, *items: str | Text, style: str = "", end: str = "\n", crop: bool = False,
              wrap: bool | None = None) -> None:
        """Print ``items`` joined by spaces (each line of a string on its own line)."""
        text = Text()
        for i, item in enumerate(items):
            if i:
                text.append(" ")
            text.append_text(item if isinstance(item, Text) else Text(item))
        lines = self._lines(text, self.wrap if wrap is None else wrap, crop)
        self.file.write("\n".join(line.render(self.colour, style) for line in lines) + end)

    def _lines(self, text: Text, wrap: bool, crop: bool) -> Iterable[Text]:
        width = self.width
        start = 0
        for part in text.plain.split("\n"):
            line = text.slice(start, start + len(part))
            start += len(part) + 1
            if crop:
                yield line.truncate(width, ellipsis=False)
            elif wrap and len(line) > width:
                yield from line.wrap(width)
            else:
                yield line

    def flush(self) -> None:
        self.file.flush()


class ProgressLine:
    """A progress line on a terminal, redrawn in place and erased at the end
    (``with ProgressLine(console, total, "proving") as bar: bar.advance(label)``); elsewhere it
    writes nothing, so logs stay plain."""

    def __init__(self, console: Console, total: int, what: str) -> None:
        self.console = console
        self.total = max(1, total)
        self.what = what
        self.done = 0
        self.start = time.monotonic()
        self._last = 0.0

    def __enter__(self) -> ProgressLine:
        self._draw("")
        return self

    def __exit__(self, *exc: object) -> None:
        if self.console.is_terminal:
            self.console.file.write("\r\x1b[K")
            self.console.file.flush()

    def advance(self, label: str = "", count: int = 1) -> None:
        self.done += count
        now = time.monotonic()
        if now - self._last >= 0.1 or self.done >= self.total:
            self._last = now
            self._draw(label)

    def update(self, done: int, label: str = "") -> None:
        self.advance(label, done - self.done)

    def _draw(self, label: str) -> None:
        if not self.console.is_terminal:
            return
        share = min(1.0, self.done / self.total)
        filled = int(share * 20)
        head = f"{self.what} [{'#' * filled}{'.' * (20 - filled)}] {self.done}/{self.total}"
        elapsed = time.monotonic() - self.start
        line = f"{head} {elapsed:.0f}s {label}"
        self.console.file.write("\r\x1b[K" + printable(line[: self.console.width - 1]))
        self.console.file.flush()
