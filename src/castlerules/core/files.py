"""Files the library writes: each goes to a temporary file in the same folder, then is renamed.

A reader (or a crash) never sees half a file: the rename replaces the old file at once, on the
same file system because the temporary file is in the same folder. What is not a regular file (a
device such as ``/dev/stdout``, a pipe) is written to as it is, never replaced.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` through a temporary file in the same folder that
    is then renamed over it; OSError as ``open`` would raise it. The temporary file is removed if
    anything fails."""
    target = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    if target.is_symlink():
        target = Path(os.path.realpath(target))  # the file it points to is the one replaced
    if target.exists() and not target.is_file():
        # a device, a pipe or a folder (``-o /dev/stdout``): never renamed over, written as it is
        with open(target, "wb") as out:
            out.write(payload)
        return
    handle, temporary = tempfile.mkstemp(
        prefix=f".{target.name}.", suffix=".tmp", dir=target.parent if str(target.parent) else "."
    )
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(payload)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _umask() -> int:
    """The process's umask (read by setting it and putting it back)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask
