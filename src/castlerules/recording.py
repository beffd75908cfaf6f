"""The record of a game in play kept in its file (``castlerules play -o FILE``), whatever ends it.

- ``RecordFile(path)`` checks before the game starts that the file can be written (a missing
  folder, a read-only one, a folder as the target are refused at once, with the reason; a device
  or a pipe such as ``/dev/stdout`` is written to once, at the end), then rewrites the record as
  the game goes: whenever a person is about to be asked for
  a move (so the file holds every ply before the prompt while they think) and, between, at most
  once every ``interval`` seconds. Each write is atomic (``castlerules.core.files``): a write that
  fails mid-game (a full disk) leaves the last good record and is said once on standard error;
  the game goes on and the record is written again at the end.
- ``Stops`` turns SIGTERM and SIGHUP (a closed window, a dropped ssh session, a logout) into a
  ``Stopped`` exception while the game runs, as Ctrl-C is a ``KeyboardInterrupt``, so the game
  unwinds and its record is written; once the game is over a signal is only noted, so the final
  write is never cut short, and the command then exits with the signal's status (128 + its
  number). A signal ignored when the command started (``nohup``) stays ignored.
"""

from __future__ import annotations

import math
import signal
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from types import FrameType
from typing import Any

from castlerules.core.errors import RulesError, quote
from castlerules.core.files import check_writable, write_atomic

#: The signals that end a game in play with its record kept (Ctrl-C's SIGINT is handled apart).
STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP)
#: How a stop is said: the signal's name and what usually sends it.
_WHY = {signal.SIGTERM: "terminated (SIGTERM)", signal.SIGHUP: "hung up (SIGHUP)"}


class Stopped(BaseException):
    """A stop signal arrived while the game ran."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def reason(self) -> str:
        return _WHY.get(signal.Signals(self.signum), f"signal {self.signum}")


class Stops:
    """SIGTERM and SIGHUP while the game runs (see the module docstring); ``caught`` is the first
    signal that came, ``armed`` whether one raises ``Stopped`` (else it is only noted)."""

    def __init__(self) -> None:
        self.caught: int | None = None
        self.armed = True

    def _handler(self, signum: int, frame: FrameType | None) -> None:
        if self.caught is None:
            self.caught = signum
        if self.armed:
            self.armed = False  # one stop: a second signal while unwinding is only noted
            raise Stopped(signum)

    @contextmanager
    def installed(self) -> Iterator[Stops]:
        saved: dict[signal.Signals, Any] = {}
        for signum in STOP_SIGNALS:
            if signal.getsignal(signum) is signal.SIG_IGN:
                continue
            saved[signum] = signal.signal(signum, self._handler)
        try:
            yield self
        finally:
            for signum, handler in saved.items():
                signal.signal(signum, handler)

    @property
    def status(self) -> int | None:
        """The exit status a caught signal calls for (None: no signal came)."""
        return None if self.caught is None else 128 + self.caught

    @property
    def reason(self) -> str:
        return Stopped(self.caught or signal.SIGTERM).reason


class RecordFile:
    """A record's file, checked at once and rewritten as the game goes (see the module
    docstring). ``keep(text, version, waiting)`` is called on every change of the game (and with
    ``waiting`` just before a person is asked); ``write(text)`` writes it now."""

    def __init__(self, path: str, interval: float = 1.0, what: str = "-o",
                 warn: Callable[[str], None] | None = None) -> None:
        #: Whether the file is replaced as the game goes (a regular file, or none yet); a device or
        #: a pipe (``-o /dev/stdout``) is written to once, at the end.
        self.regular = check_writable(path, what)
        self.path = path
        self.what = what
        self.interval = interval
        self.warn = warn if warn is not None else _warn
        #: The version of the game last written (-1: none yet), and when.
        self.version = -1
        self.when = -math.inf
        self.failed = False
        #: How many writes there were, and the seconds they took (for measurements).
        self.writes = 0
        self.seconds = 0.0

    def keep(self, text: Callable[[], str], version: int, waiting: bool) -> None:
        """Write the record if the game changed since the last write and a person is about to be
        asked, or ``interval`` seconds have passed since the last write."""
        if version == self.version or not self.regular:
            return
        if not waiting and time.monotonic() - self.when < self.interval:
            return
        try:
            self.write(text(), version)
        except RulesError as exc:
            if not self.failed:
                self.warn(f"castlerules: warning: the record is not kept up to date: {exc}")
            self.failed = True

    def write(self, text: str, version: int = -1) -> None:
        """Write ``text`` to the file now (``RulesError`` if that fails; the older file stays)."""
        start = time.monotonic()
        try:
            write_atomic(self.path, text)
        except (OSError, ValueError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            raise RulesError(f"{self.what}: cannot write {quote(self.path)}: {reason}") from None
        self.when = time.monotonic()
        self.version = version
        self.writes += 1
        self.seconds += self.when - start


def _warn(message: str) -> None:
    with suppress(OSError):
        print(message, file=sys.stderr, flush=True)
