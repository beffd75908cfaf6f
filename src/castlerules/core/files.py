"""Files the library writes: each one through a temporary file in the same folder, then renamed.

``write_atomic(path, data, what)`` is the one way castlerules writes a file (a record, a picture,
a chart, a simulation's records, the docs' caches): the data goes to a new temporary file beside
the target, is flushed to the disk (``fsync``) and only then renamed over the target, so a reader
sees the older file or the whole new one, never a part; a write that fails (a full disk, a
file-size limit, a signal) leaves the older file as it was and no temporary file behind.

``check_writable(path, what)`` answers before any work is done whether ``write_atomic`` can write
there: the folder exists and takes a new file, and the target is not a folder, a device or a FIFO
(renaming over ``/dev/null`` would replace the device). A symbolic link is written through: the
file it points to is replaced, the link stays.

Both raise ``RulesError`` with a one-line message that names the path (cut short) and the
operating system's reason.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from pathlib import Path
from typing import Any

from castlerules.core.errors import RulesError, quote


def _refused(what: str, path: Any, reason: str) -> RulesError:
    return RulesError(f"{what}: cannot write {quote(str(path))}: {reason}")


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return "not a valid path"


def _target(path: Any, what: str) -> Path:
    """The file a write to ``path`` replaces (links followed), refused if it cannot be one."""
    if not isinstance(path, str | os.PathLike) or str(path) == "":
        raise _refused(what, path, "not a valid path")
    try:
        target = Path(os.path.realpath(path))
        info = os.stat(target)
    except FileNotFoundError:
        return target
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the path
        raise _refused(what, path, _reason(exc)) from None
    if stat.S_ISDIR(info.st_mode):
        raise _refused(what, path, "it is a folder")
    if not stat.S_ISREG(info.st_mode):
        raise _refused(what, path, "it is not a regular file")
    return target


def _temporary(target: Path) -> tuple[int, str]:
    """A new file beside ``target`` (descriptor, path), made as ``open`` makes a file (0o666 less
    the umask), or with the older file's permissions when there is one."""
    for _ in range(100):
        name = target.parent / f".{target.name}.{secrets.token_hex(6)}.tmp"
        try:
            handle = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666)
        except FileExistsError:
            continue
        try:
            os.fchmod(handle, stat.S_IMODE(os.stat(target).st_mode))
        except FileNotFoundError:
            pass
        except OSError:
            os.close(handle)
            os.unlink(name)
            raise
        return handle, str(name)
    raise FileExistsError(17, "no free temporary name")


def _sync_folder(folder: Path) -> None:
    """Flush the folder's entry for the renamed file to the disk (where the system allows it)."""
    try:
        handle = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def check_writable(path: Any, what: str) -> Path:
    """The file ``write_atomic(path, ...)`` would replace, once a temporary file was made (and
    removed) in its folder; ``RulesError`` with the reason if it cannot be written."""
    target = _target(path, what)
    try:
        handle, temporary = _temporary(target)
    except (OSError, ValueError) as exc:
        raise _refused(what, path, _reason(exc)) from None
    os.close(handle)
    with contextlib.suppress(OSError):
        os.unlink(temporary)
    return target


def write_atomic(path: Any, data: str | bytes, what: str) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` through a temporary file in the same folder,
    flushed to the disk and renamed over ``path``; a failure leaves the older file untouched."""
    target = _target(path, what)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        handle, temporary = _temporary(target)
    except (OSError, ValueError) as exc:
        raise _refused(what, path, _reason(exc)) from None
    done = False
    try:
        try:
            view = memoryview(payload)
            while view:
                view = view[os.write(handle, view):]
            os.fsync(handle)
        finally:
            os.close(handle)
        os.replace(temporary, target)
        done = True
        _sync_folder(target.parent)
    except OSError as exc:
        raise _refused(what, path, _reason(exc)) from None
    finally:  # also on a signal's exception: no temporary file is left behind
        if not done:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
