"""Files the library writes: each goes to a temporary file in the same folder, then is renamed.

``write_atomic(path, data)`` is the one way castlerules writes a file (a record, a picture, a
chart, a simulation's records, the docs' caches): the data goes to a new temporary file beside the
target, is flushed to the disk (``fsync``) and only then renamed over the target, so a reader (or
a crash) sees the older file or the whole new one, never a part; a write that fails (a full disk,
a file-size limit, a signal) leaves the older file as it was and no temporary file behind. The new
file keeps the older file's permissions (a new one gets what the umask leaves of ``0o666``). What
is not a regular file (a device such as ``/dev/stdout``, a pipe) is written to as it is, never
replaced; a symbolic link keeps pointing at its file, which is the one replaced.

``check_writable(path, what)`` answers before any work is done whether ``write_atomic`` can write
there: the folder exists and takes a new file (one is made and removed), the target is not a
folder; a device or a pipe must be writable. It raises ``RulesError`` with a one-line message
naming the path (cut short) and the reason.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from pathlib import Path

from castlerules.core.errors import RulesError, quote


def _target(path: str | os.PathLike[str]) -> Path:
    """The file a write to ``path`` replaces: the file a symbolic link points to."""
    target = Path(path)
    if target.is_symlink():
        target = Path(os.path.realpath(target))
    return target


def _temporary(target: Path) -> tuple[int, str]:
    """A new file beside ``target`` (descriptor, path), made as ``open`` makes a file (``0o666``
    less the umask, applied by the system), or with the older file's permissions."""
    folder = target.parent if str(target.parent) else Path(".")
    for _ in range(100):
        name = folder / f".{target.name}.{secrets.token_hex(6)}.tmp"
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
    raise FileExistsError(17, "no free name for a temporary file", str(folder))


def _sync_folder(folder: Path) -> None:
    """Flush the folder's entry for the renamed file to the disk (where the system allows it)."""
    try:
        handle = os.open(folder if str(folder) else ".", os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` through a temporary file in the same folder that
    is then renamed over it (see the module docstring); OSError as ``open`` would raise it. The
    temporary file is removed if anything fails, a signal's exception included."""
    target = _target(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    if target.exists() and not target.is_file():
        # a device, a pipe or a folder (``-o /dev/stdout``): never renamed over, written as it is
        with open(target, "wb") as out:
            out.write(payload)
        return
    handle, temporary = _temporary(target)
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
    finally:
        if not done:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
    _sync_folder(target.parent)


def check_writable(path: str | os.PathLike[str], what: str) -> bool:
    """Whether ``path`` is a regular file (or none yet) that ``write_atomic`` replaces — True — or
    a device or pipe it writes to as it is — False; ``RulesError`` (``what: cannot write PATH:
    reason``) if it cannot be written at all."""
    def refused(reason: str) -> RulesError:
        return RulesError(f"{what}: cannot write {quote(str(path))}: {reason}")

    if not isinstance(path, str | os.PathLike) or str(path) == "":
        raise refused("not a valid path")
    try:
        target = _target(path)
        info = os.stat(target)
    except FileNotFoundError:
        info = None
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the path
        raise refused(exc.strerror if isinstance(exc, OSError) and exc.strerror
                      else "not a valid path") from None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise refused("it is a folder")
    if info is not None and not stat.S_ISREG(info.st_mode):
        if not os.access(target, os.W_OK):
            raise refused("Permission denied")
        return False
    try:
        handle, temporary = _temporary(target)
    except OSError as exc:
        raise refused(exc.strerror or str(exc)) from None
    os.close(handle)
    with contextlib.suppress(OSError):
        os.unlink(temporary)
    return True
