"""Where a build may write its termbase: never over a file that is not a termbase.

`--db notes.txt` or `--db zotero.sqlite` by mistake must not replace the user's file with
a termbase. `check_db_target(path)` lets a build go ahead when `path` does not exist, is
an empty file, or is a termbase file (of any schema version); otherwise it raises
InputError saying what is there and what to do.
"""

from __future__ import annotations

import sqlite3
from fnmatch import fnmatch
from pathlib import Path

from termbase.errors import InputError

_SQLITE_MAGIC = b"SQLite format 3\x00"


def is_termbase_file(path: Path) -> bool:
    """Return True if `path` is an SQLite file with termbase's `meta` table and a schema version."""
    try:
        with path.open("rb") as handle:
            if handle.read(len(_SQLITE_MAGIC)) != _SQLITE_MAGIC:
                return False
    except OSError:
        return False
    try:
        connection = sqlite3.connect(f"file:{path.resolve()}?mode=ro", uri=True)
    except sqlite3.Error:
        return False
    try:
        row = connection.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    except sqlite3.Error:
        return False
    finally:
        connection.close()
    return row is not None


def check_db_target(path: Path, command: str = "build") -> None:
    """Raise InputError unless `path` is free for a termbase: absent, empty, or a termbase already."""
    if path.is_dir():
        raise InputError("is a folder, not a termbase file", path=str(path),
                         hint=f"pass --db a file path, e.g. {path / 'termbase.db'}")
    if not path.exists() or (path.is_file() and path.stat().st_size == 0):
        return
    if not path.is_file():
        raise InputError("is not a regular file, so no termbase is written there", path=str(path),
                         hint="pass --db a file path")
    if not is_termbase_file(path):
        raise InputError(
            f"exists and is not a termbase file, so `termbase {command}` will not replace it",
            path=str(path),
            hint="pass --db a new file name, or move that file away first",
        )


def _stored_sources(path: Path) -> list[tuple[str, str]]:
    """Return (path, reader) of each source row of the termbase at `path`, or [] if unreadable."""
    try:
        connection = sqlite3.connect(f"file:{path.resolve()}?mode=ro", uri=True)
    except sqlite3.Error:
        return []
    try:
        return list(connection.execute("SELECT path, reader FROM sources ORDER BY id"))
    except sqlite3.Error:
        return []
    finally:
        connection.close()


def _covered(stored: str, given: list[Path]) -> bool:
    """True if the stored source path is one of the paths given, or lies under one of them."""
    if stored in ("-", "<stdin>"):
        return any(str(path) == "-" for path in given)
    source = Path(stored).resolve()
    return any(source == path or path in source.parents or fnmatch(str(source), str(path)) for path in given)


def replacing_note(path: Path, command: str, sources: list[str]) -> str:
    """Return one line to say, once the new file is written, that `termbase {command} sources`
    replaced a termbase another command, or other sources, made (`build` and `extract` share the
    default file); else ""."""
    if not path.is_file() or not is_termbase_file(path):
        return ""
    stored = _stored_sources(path)
    if not stored:
        return ""
    made_by = "extract" if all(reader.startswith("extract") for _, reader in stored) else "build"
    given = [Path(source) if source == "-" else Path(source).resolve() for source in sources]
    if made_by == command and all(_covered(source, given) for source, _ in stored):
        return ""
    names = [source for source, _ in stored]
    shown = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
    made = "extracted" if made_by == "extract" else "built"
    return f"replaced {path} ({made} from {shown})"
