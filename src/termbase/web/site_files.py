"""Writing a static site's files: whole or not at all, relative to a folder's handle, and how
many processes write the concept pages.

Imports only the standard library, so a site build can start writing stored pages (see
`stored_pages.start_stored_pages`) before the site's own code (templates, Markdown) is loaded.
"""

from __future__ import annotations

import os
import re
import shutil
import threading
from dataclasses import dataclass
from pathlib import Path

#: Below this many concepts the pages are written in this process; above it, by one
#: forked worker per core (where the platform can fork).
PARALLEL_FROM = 500


#: Concept ids (see `model.CONCEPT_ID`), one a line: every id of a site checked at once.
CONCEPT_IDS = re.compile(r"[a-z0-9][a-z0-9-]*(?:\n[a-z0-9][a-z0-9-]*)*")

#: Whether files can be opened relative to a folder handle here (not on Windows).
_DIR_FD = os.open in os.supports_dir_fd and hasattr(os, "O_DIRECTORY")


#: Whether a file can be written from several buffers in one call here (not on Windows).
_WRITEV = hasattr(os, "writev")

#: Suffix of the temporary files pages are written to before they are renamed into place.
TEMP_SUFFIX = ".termbase-tmp"


def temporary_name(name: str) -> str:
    """Return the hidden name a file or folder `name` is written under before it is renamed."""
    return f".{name}.{os.getpid()}{TEMP_SUFFIX}"


def replace_file(path: Path, data: bytes) -> None:
    """Write `data` to `path` through a temporary file renamed over it (never half a file)."""
    temp = path.with_name(temporary_name(path.name))
    temp.write_bytes(data)
    os.replace(temp, path)


def remove_temporaries(out: Path) -> int:
    """Remove the temporary files a killed site build left in `out`; return how many."""
    return _remove_temporaries(out)[0]


def _remove_temporaries(out: Path, keep: str = "") -> tuple[int, set[str]]:
    """Remove the temporary files a killed site build left in `out` (not `keep`, the name of this
    build's own folder of pages in it); return how many, and the names left in `out/c` (listed
    once: it holds a file per concept)."""
    removed, pages = 0, set()
    for folder in (out, out / "c", out / "letter", out / "topic", out / "static"):
        try:
            names = os.listdir(folder)
        except (FileNotFoundError, NotADirectoryError):
            continue
        temporaries = [name for name in names if name.endswith(TEMP_SUFFIX) and name.startswith(".")]
        for name in [name for name in temporaries if not (folder == out and name == keep)]:
            temp = folder / name
            if temp.is_dir() and not temp.is_symlink():
                shutil.rmtree(temp, ignore_errors=True)  # the pages of a first build, not yet in place
            else:
                temp.unlink(missing_ok=True)
            removed += 1
        if folder.name == "c" and folder.parent == out:
            pages = set(names)
            if removed:
                pages = {name for name in pages if not name.endswith(TEMP_SUFFIX)}
    return removed, pages


class FolderWriter:
    """Writes files into one folder, by name, relative to an open handle of the folder.

    Thousands of pages go into `c/`; opening each file relative to the folder's handle
    spares the kernel a walk of the whole path per file.
    """

    def __init__(self, folder: Path, new: bool = False) -> None:
        self.folder = folder
        #: A folder no reader sees yet (renamed into place when whole): no file of it is
        #: replaced, so each is written under its own name at once.
        self.new = new
        self._handle = os.open(folder, os.O_RDONLY | os.O_DIRECTORY) if _DIR_FD else -1

    def write(self, name: str, text: str) -> None:
        """Write `text` (UTF-8) to the file `name` in the folder, replacing it all at once.

        The text goes to a temporary file that is then renamed over `name`: a build killed
        at any moment leaves each page whole, old or new (see `replace_file`).
        """
        self.write_pieces(name, [text.encode("utf-8")])

    def write_pieces(self, name: str, pieces: list[bytes]) -> None:
        """Write the bytes `pieces`, one after another, as the file `name` (as `write` does)."""
        if self._handle < 0:
            data = b"".join(pieces)
            if self.new:
                (self.folder / name).write_bytes(data)
            else:
                replace_file(self.folder / name, data)
            return
        temp = name if self.new else temporary_name(name)
        handle = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644, dir_fd=self._handle)
        try:
            written = os.writev(handle, pieces) if _WRITEV else 0
            if written < sum(map(len, pieces)):  # a short write (or no writev): the rest in a loop
                view = memoryview(b"".join(pieces))[written:]
                while view:
                    view = view[os.write(handle, view) :]
        finally:
            os.close(handle)
        if not self.new:
            os.replace(temp, name, src_dir_fd=self._handle, dst_dir_fd=self._handle)

    def close(self) -> None:
        """Close the folder's handle."""
        if self._handle >= 0:
            os.close(self._handle)
            self._handle = -1


def worker_count(concepts: int, asked: int | None = None) -> int:
    """Return how many processes write concept pages: `asked`, else one per core for a large
    site; 1 where the platform cannot fork or other threads run (forking them is unsafe)."""
    if not hasattr(os, "fork") or threading.active_count() > 1:
        return 1
    if asked is not None:  # no more processes than pages to share out (`--workers 500`: 500 forks for 34)
        return max(1, min(asked, concepts))
    return (os.cpu_count() or 1) if concepts >= PARALLEL_FROM else 1


@dataclass(frozen=True, slots=True)
class SiteSummary:
    """What `write_site` wrote."""

    out: Path
    pages: int
    files: int
    seconds: float
    workers: int = 1
    #: Files an earlier build of this folder wrote and this one did not (gone concepts).
    removed: int = 0
    #: Files written by this build; the others were already there, the same, from the last one.
    rewritten: int = 0
