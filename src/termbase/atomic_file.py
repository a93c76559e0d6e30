"""Replace a file all at once: write a temporary file beside it, then rename it over.

`replacing(path)` yields the temporary file's path; when the block ends without error
the file is flushed to disk, given the permissions the old file had (or the usual ones
for a new file, not mkstemp's 0600) and renamed over `path` in one step, so a reader —
or a `kill -9` at any moment — sees the old file or the new one, never a mix. Each
writer holds an exclusive `flock` on its temporary file, so a later write can tell the
temporary files of a killed writer (no lock) from those of a concurrent one (locked),
and removes the former. A full disk is one line (`StoreError`), not a traceback.
"""

from __future__ import annotations

import errno
import fcntl
import os
import sqlite3
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from termbase.errors import StoreError

_FULL = ("database or disk is full", "disk i/o error")


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def remove_stale_temporaries(path: Path) -> list[Path]:
    """Remove the temporary files earlier writers of `path` left behind (killed or crashed).

    A temporary file still locked belongs to a writer at work and is left alone.
    """
    removed = []
    for candidate in path.parent.glob(f".{path.name}.*.tmp"):
        try:
            handle = os.open(candidate, os.O_RDONLY)
        except OSError:
            continue
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            candidate.unlink(missing_ok=True)
            removed.append(candidate)
        except BlockingIOError:
            pass  # a writer at work holds it
        finally:
            os.close(handle)
    return removed


def _disk_full(path: Path) -> StoreError:
    return StoreError(
        f"{path}: the disk is full, so the termbase was not written (the old file is untouched)"
        " — free some space or pick another disk with --db"
    )


@contextmanager
def replacing(path: Path) -> Iterator[Path]:
    """Yield a temporary path to write; on success it replaces `path` atomically."""
    path = path.resolve()
    path.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temporaries(path)
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    handle, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    temp = Path(name)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)  # released when the handle closes, or the process dies
        yield temp
        with open(temp, "rb+") as written:
            os.fsync(written.fileno())
        os.chmod(temp, mode)
        os.replace(temp, path)
        directory = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)
    except sqlite3.OperationalError as error:
        temp.unlink(missing_ok=True)
        if any(text in str(error).lower() for text in _FULL):
            raise _disk_full(path) from None
        raise
    except OSError as error:
        temp.unlink(missing_ok=True)
        if error.errno in (errno.ENOSPC, errno.EDQUOT):
            raise _disk_full(path) from None
        raise
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    finally:
        os.close(handle)
