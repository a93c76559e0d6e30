"""The matcher's patterns stored with a termbase: made by `build`, read by glossify.

Working out the patterns of every label (tokens, case, plurals, qualified bases) is most of
what building a `TermMatcher` costs; a site's first MkDocs build with the plugin paid it
before any page was linked. `build` stores them beside the labels::

    matcher_patterns(cased, pattern, concept_id, label)   in the order the matcher makes them
    meta: matcher_patterns = the format they were made in (`PATTERN_FORMAT`, the version)

Plain rows, not a pickled object: a termbase is a file people share, and reading it must
never run code. A file without them, or made by another format, gets them worked out from
its labels as before.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator

from termbase import __version__
from termbase.matcher import PATTERN_FORMAT, Patterns, PatternTable, pattern_tables, patterns_from_rows

_META_KEY = "matcher_patterns"


def stamp() -> str:
    """Return the format stored patterns must have to be used."""
    return f"{PATTERN_FORMAT} {__version__}"


#: One stored pattern: (cased flag, pattern, concept id, label).
PatternRow = tuple[int, str, str, str]


def pattern_rows(tables: tuple[PatternTable, PatternTable]) -> tuple[PatternRow, ...]:
    """Return the rows that store `tables`, in the order they are read back (a build keeps
    these, a tenth of the tables' size, from linking until it writes them)."""
    return tuple(_rows(tables))


def _rows(tables: tuple[PatternTable, PatternTable]) -> Iterator[PatternRow]:
    folded, cased = tables
    for flag, table in ((0, folded), (1, cased)):
        for pattern, owners in table.items():
            for concept_id, label in owners.items():
                yield (flag, pattern, concept_id, label)


def write_pattern_table(db: sqlite3.Connection, rows: Iterable[PatternRow] | None = None) -> None:
    """Store the patterns of the `labels` table (inside the build's transaction): `rows`
    (`pattern_rows`), when the build made them from the same labels in the same order, else
    worked out here."""
    if rows is None:
        rows = _rows(pattern_tables(db.execute("SELECT concept_id, label FROM main.labels ORDER BY rowid")))
    db.execute("CREATE TABLE matcher_patterns (cased INTEGER, pattern TEXT, concept_id TEXT, label TEXT)")
    db.executemany("INSERT INTO matcher_patterns VALUES (?,?,?,?)", rows)
    db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (_META_KEY, stamp()))


_STORED_ROWS = "SELECT cased, pattern, concept_id, label FROM matcher_patterns ORDER BY rowid"


def _stored(db: sqlite3.Connection) -> bool:
    """Return True if the file holds patterns made in this format (sqlite3.Error if unreadable)."""
    found = db.execute("SELECT value FROM meta WHERE key = ?", (_META_KEY,)).fetchone()
    return found is not None and found[0] == stamp()


def read_patterns(db: sqlite3.Connection) -> Patterns | None:
    """Return the stored patterns as the matcher keeps them (`TermMatcher(patterns=…)`), or None
    when the file has none made in this format: `read_pattern_tables` made into them in one
    pass, for a termbase read by one glossary alone."""
    try:
        return patterns_from_rows(db.execute(_STORED_ROWS)) if _stored(db) else None
    except sqlite3.Error:
        return None


def read_pattern_tables(db: sqlite3.Connection) -> tuple[PatternTable, PatternTable] | None:
    """Return the stored (folded, cased) pattern tables, or None when the file has none made
    in this format (then `pattern_tables` works them out)."""
    try:
        if not _stored(db):
            return None
        rows = db.execute(_STORED_ROWS)
        tables: tuple[PatternTable, PatternTable] = ({}, {})
        for flag, pattern, concept_id, label in rows:
            owners = tables[flag].get(pattern)
            if owners is None:
                tables[flag][pattern] = {concept_id: label}
            else:
                owners[concept_id] = label
        return tables
    except sqlite3.Error:
        return None
