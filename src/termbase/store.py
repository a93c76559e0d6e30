"""The termbase file: one SQLite database, written atomically, read by every publisher.

Schema (version 1)::

    meta(key PRIMARY KEY, value)            schema_version, termbase_version, built_at,
                                            read_findings (JSON, when a read was flagged)
    sources(id PK, path, reader, title, sha256, line_count, nonblank_lines,
            entry_count, unused_count)
    concepts(id PK, label, initial, acronyms JSON, expansions JSON, topics JSON,
             homonym_of JSON)
    labels(concept_id, label, key, kind, language)
                                            kind: preferred | acronym | expansion | alternative
    entries(id PK, source_id, line, end_line, term, labels JSON, definition,
            locator_kind, locator_text, locator_number, locator_title, locator_url,
            see_also JSON, formulas JSON, links JSON, language, origin)
    concept_entries(concept_id, entry_id)   an `A / B` entry belongs to two concepts
    relations(from_id, to_id, kind, evidence, source, line)   kind: see_also | mentions
    dangling(from_id, target, source, line) see-also targets that name no concept
    unused(source_id, line, text, reason)   every non-blank input line not in an entry
    concept_fts  FTS5(concept_id UNINDEXED, labels, definitions), ready for search
    concept_vectors(concept_id PK, vector)  optional: float32 embedding per concept, made
                                            by the model named in meta `semantic_model`
    concept_description_vectors(concept_id PK, vector)
                                            optional: the same for what each concept is, without
                                            its names (semantic.description_text); files built
                                            before it, or of 20,000 concepts up, have none
    concept_vector_index(format, data)      optional, from 20,000 embeddings: their nearest-
                                            neighbour graph (see vector_index)
    findings(rule, severity, kind, concept_id, label, message, sides JSON, fingerprint)
                                            the contradictions `termbase check` found at build
                                            time, which concept pages show; files built
                                            before this table existed simply have none

The file is built in a temporary file beside the target and moved over it only when
complete, so a failed build leaves the previous termbase untouched.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import sys
from array import array
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from termbase import __version__
from termbase.atomic_file import replacing
from termbase.db_target import check_db_target
from termbase.errors import StoreError
from termbase.forked import Forked, can_fork
from termbase.labels import label_key, strip_accents
from termbase.language_tags import FALLBACK, language_rank
from termbase.model import Concept, Dangling, Entry, Locator, Relation, Source, Unused

if TYPE_CHECKING:
    from termbase.check.findings import Finding
    from termbase.matcher_table import PatternRow
    from termbase.read_checks import ReadFinding
    from termbase.search import Hit, SearchIndex

SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE sources (
    id INTEGER PRIMARY KEY, path TEXT NOT NULL, reader TEXT NOT NULL, title TEXT NOT NULL,
    sha256 TEXT NOT NULL, line_count INTEGER NOT NULL, nonblank_lines INTEGER NOT NULL,
    entry_count INTEGER NOT NULL, unused_count INTEGER NOT NULL
);
CREATE TABLE concepts (
    id TEXT PRIMARY KEY, label TEXT NOT NULL, initial TEXT NOT NULL,
    acronyms TEXT NOT NULL, expansions TEXT NOT NULL, topics TEXT NOT NULL,
    homonym_of TEXT NOT NULL
);
CREATE TABLE labels (
    concept_id TEXT NOT NULL REFERENCES concepts(id), label TEXT NOT NULL,
    key TEXT NOT NULL, kind TEXT NOT NULL, language TEXT NOT NULL
);
CREATE TABLE entries (
    id INTEGER PRIMARY KEY, source_id INTEGER NOT NULL REFERENCES sources(id),
    line INTEGER NOT NULL, end_line INTEGER NOT NULL, term TEXT NOT NULL,
    labels TEXT NOT NULL, definition TEXT NOT NULL,
    locator_kind TEXT, locator_text TEXT, locator_number TEXT, locator_title TEXT,
    locator_url TEXT, see_also TEXT NOT NULL, formulas TEXT NOT NULL, links TEXT NOT NULL,
    language TEXT NOT NULL, origin TEXT NOT NULL
);
CREATE TABLE concept_entries (
    concept_id TEXT NOT NULL REFERENCES concepts(id),
    entry_id INTEGER NOT NULL REFERENCES entries(id),
    PRIMARY KEY (concept_id, entry_id)
);
CREATE TABLE relations (
    from_id TEXT NOT NULL REFERENCES concepts(id), to_id TEXT NOT NULL REFERENCES concepts(id),
    kind TEXT NOT NULL, evidence TEXT NOT NULL, source TEXT NOT NULL, line INTEGER NOT NULL
);
CREATE TABLE dangling (
    from_id TEXT NOT NULL, target TEXT NOT NULL, source TEXT NOT NULL, line INTEGER NOT NULL
);
CREATE TABLE unused (
    source_id INTEGER NOT NULL REFERENCES sources(id), line INTEGER NOT NULL,
    text TEXT NOT NULL, reason TEXT NOT NULL
);
CREATE TABLE concept_vectors (concept_id TEXT PRIMARY KEY REFERENCES concepts(id), vector BLOB NOT NULL);
CREATE TABLE concept_description_vectors (
    concept_id TEXT PRIMARY KEY REFERENCES concepts(id), vector BLOB NOT NULL
);
CREATE TABLE findings (
    rule TEXT NOT NULL, severity TEXT NOT NULL, kind TEXT NOT NULL, concept_id TEXT NOT NULL,
    label TEXT NOT NULL, message TEXT NOT NULL, sides TEXT NOT NULL, fingerprint TEXT NOT NULL
);
CREATE VIRTUAL TABLE concept_fts USING fts5(
    concept_id UNINDEXED, labels, definitions, tokenize = 'porter unicode61 remove_diacritics 2'
);
"""
#: Made after the rows are in (one sort each, not a B-tree insert per row).
INDEXES = """
CREATE INDEX labels_key ON labels(key);
CREATE INDEX labels_label ON labels(label);
CREATE INDEX labels_concept ON labels(concept_id);
CREATE INDEX concept_entries_entry ON concept_entries(entry_id);
CREATE INDEX relations_from ON relations(from_id);
CREATE INDEX relations_to ON relations(to_id);
CREATE INDEX findings_concept ON findings(concept_id);
"""


@dataclass(frozen=True, slots=True)
class Build:
    """Everything one build produced, ready to be stored."""

    sources: tuple[Source, ...]
    concepts: tuple[Concept, ...]
    relations: tuple[Relation, ...]
    dangling: tuple[Dangling, ...]
    unused: tuple[Unused, ...]
    #: What the read sanity check flagged in the reads kept (stored in meta `read_findings`).
    read_findings: tuple[ReadFinding, ...] = ()
    vectors: tuple[bytes, ...] = ()  # one float32 blob per concept, in concept order
    #: One float32 blob per concept of its description (see semantic.description_text), or none.
    description_vectors: tuple[bytes, ...] = ()
    vector_model: str = ""
    vector_dimension: int = 0
    check_findings: tuple[Finding, ...] = ()  # what `termbase check` found in this build
    #: The rows of the labels' matcher patterns (`matcher_table.pattern_rows`), if linking made them.
    pattern_rows: tuple[PatternRow, ...] | None = None


def initial_of(label: str) -> str:
    """Return the letter a label is filed under: A–Z, a digit, or its own first letter (Π)."""
    for char in label:
        if char.isalnum():
            base = strip_accents(char)
            return (base or char).upper()
    return "#"


#: json's C scanner of one JSON value at an offset: `json.loads` without its Python layers
#: (a third of the time to read a short list back, and publishers read tens of thousands).
_SCAN_JSON = json.JSONDecoder().scan_once


def _json_tuple(text: str) -> tuple[Any, ...]:
    """Return a stored JSON list as a tuple (the common empty list without parsing)."""
    if text == "[]":
        return ()
    try:
        value, end = _SCAN_JSON(text, 0)
    except StopIteration:
        end = -1
    if end != len(text):  # not one JSON value alone (spaces around it, or worse): as json.loads reads it
        return tuple(json.loads(text))
    return tuple(value)


#: One encoder for every stored JSON value: `json.dumps(..., ensure_ascii=False)` builds a
#: new encoder on each call (four times an entry).
_ENCODER = json.JSONEncoder(ensure_ascii=False)


#: What JSON escapes in a string written with ensure_ascii=False: quotes, backslashes, control characters.
_JSON_ESCAPED = re.compile(r'[\x00-\x1f"\\]')


def _dumps(value: object) -> str:
    if type(value) is tuple:  # nearly every value: a tuple of plain strings, most empty or of one
        if not value:
            return "[]"
        if all(type(item) is str for item in value):
            joined = '", "'.join(value)
            if not _JSON_ESCAPED.search(joined):
                return f'["{joined}"]'  # what the encoder writes, five times faster
    elif not value and isinstance(value, tuple | list):
        return "[]"
    return _ENCODER.encode(value)


@dataclass(frozen=True, slots=True)
class Linked:
    """What linking adds to a build (see `write_termbase`'s `meanwhile`)."""

    relations: tuple[Relation, ...]
    dangling: tuple[Dangling, ...]
    #: The rows of the labels' matcher patterns that linking made (see `Build.pattern_rows`).
    pattern_rows: tuple[PatternRow, ...] | None = None


#: A check that reads only the concepts (see `write_termbase`'s `checked`).
ConceptCheck = Callable[[Sequence[Concept]], tuple["Finding", ...]]


def write_termbase(
    path: Path,
    build: Build,
    meanwhile: Callable[[], Linked] | None = None,
    checked: ConceptCheck | None = None,
    site_pages: bool | None = None,
) -> Build:
    """Write the build to `path` atomically (temporary file, then rename); return what was written.

    With `meanwhile`, `build` has no relations, dangling targets or pattern rows yet:
    `meanwhile()` returns them. With `checked`, its check findings are `checked(concepts)`.
    Where a second core can be used (`forked.can_fork`) and this process holds less than
    FORK_MAX_RESIDENT_MB, a forked process works out the findings and writes everything but
    what `meanwhile` returns while it runs, and that is added after; elsewhere all runs here.
    Either way the file holds the same rows in the same order. A file at `path` that is not
    a termbase is never replaced (InputError, see `db_target`). The static site's pages are
    rendered and stored too (`web.stored_pages`): if `site_pages`, else for the sizes
    `web.stored_sizes.should_store` names.
    """
    check_db_target(path)
    with replacing(path) as temp_name:  # see atomic_file: kill -9, full disk, permissions
        if meanwhile is not None and can_fork() and resident_mb() < FORK_MAX_RESIDENT_MB:
            writer = Forked(_write_unlinked, temp_name, build, checked)
            try:
                linked = meanwhile()
                findings = writer.result()
            finally:
                writer.cancel()
            build = _with_links(replace(build, check_findings=findings), linked)
            _write_links(temp_name, build)
        else:
            if checked is not None:
                build = replace(build, check_findings=checked(build.concepts))
            if meanwhile is not None:
                build = _with_links(build, meanwhile())
            _write(temp_name, build)
        from termbase.web.stored_sizes import should_store

        if should_store(len(build.concepts), site_pages):
            from termbase.web.stored_pages import write_site_pages  # only a build that stores them needs it

            write_site_pages(temp_name)
    return build


#: The store is written by a forked helper only while this process holds less memory than this
#: (MB). The helper copies every page of the concepts it reads (copy-on-write: reading an object
#: writes its reference count), so a forked build holds about 2.4 times what this process held:
#: a 1,000,000-entry build, 1.4 GB after resolving, peaked at 3.4 GB in its two processes
#: (1.9 GB in one), over issue 20's bound of 2.5 GB and its memory per entry about constant.
FORK_MAX_RESIDENT_MB = 1024


def resident_mb() -> float:
    """Return the memory this process holds now (its peak so far where /proc is not there), in MB."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KB, or bytes on macOS
        return peak / 2**20 if sys.platform == "darwin" else peak / 1024


def _with_links(build: Build, linked: Linked) -> Build:
    return replace(
        build, relations=linked.relations, dangling=linked.dangling, pattern_rows=linked.pattern_rows
    )


def _write_unlinked(name: Path, build: Build, checked: ConceptCheck | None) -> tuple[Finding, ...]:
    """Write all but what `_write_links` adds, with the findings of `checked`; return them."""
    if checked is not None:
        build = replace(build, check_findings=checked(build.concepts))
    _write(name, build, linked=False)
    return build.check_findings


def _connect(name: Path) -> sqlite3.Connection:
    """Open the file being built for writing: no journal, no syncs (it is renamed over the
    termbase only when complete, see atomic_file)."""
    connection = sqlite3.connect(name)
    connection.execute("PRAGMA journal_mode = OFF")
    connection.execute("PRAGMA synchronous = OFF")
    connection.execute("PRAGMA cache_size = -65536")
    return connection


def _write(name: Path, build: Build, linked: bool = True) -> None:
    """Write the build to the new file `name`: tables, rows, indexes, search tables, and
    unless `linked` is False the rows `_write_links` adds."""
    from termbase.search_tables import write_search_tables  # readers of a termbase do not need it

    connection = _connect(name)
    try:
        connection.executescript(SCHEMA)
        with connection:
            _insert(connection, build, linked)
            for statement in INDEXES.strip().splitlines():
                connection.execute(statement)
            write_search_tables(connection)
            if linked:
                _write_pattern_table(connection, build)
            else:  # glossify's terms need no links: written here, the patterns by _write_links
                from termbase.matcher_table import write_all_but_patterns

                write_all_but_patterns(connection)
        connection.execute("PRAGMA journal_mode = DELETE")
    finally:
        connection.close()


def _write_links(name: Path, build: Build) -> None:
    """Add what `_write(linked=False)` left out: relations and dangling targets (their tables
    and indexes are there, empty), and the matcher's patterns (the rest of its table is there)."""
    from termbase.matcher_table import write_pattern_data

    connection = _connect(name)
    try:
        with connection:
            _insert_links(connection, build)
            write_pattern_data(connection, build.pattern_rows)
        connection.execute("PRAGMA journal_mode = DELETE")
    finally:
        connection.close()


def _write_pattern_table(db: sqlite3.Connection, build: Build) -> None:
    from termbase.matcher_table import write_pattern_table  # readers of a termbase do not need it

    write_pattern_table(db, build.pattern_rows)


def _insert(db: sqlite3.Connection, build: Build, linked: bool = True) -> None:
    meta = {
        "schema_version": str(SCHEMA_VERSION),
        "termbase_version": __version__,
        "built_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    if build.read_findings:
        meta["read_findings"] = json.dumps(
            [[f.source, f.check, f.message, f.line, f.weight] for f in build.read_findings],
            ensure_ascii=False,
        )
    if build.vectors:
        meta["semantic_model"] = build.vector_model
        meta["semantic_dimension"] = str(build.vector_dimension)
        db.executemany(
            "INSERT INTO concept_vectors VALUES (?, ?)",
            zip((c.id for c in build.concepts), build.vectors, strict=True),
        )
        if build.description_vectors:
            db.executemany(
                "INSERT INTO concept_description_vectors VALUES (?, ?)",
                zip((c.id for c in build.concepts), build.description_vectors, strict=True),
            )
        from termbase import vector_index

        if vector_index.wanted(len(build.vectors)):
            from termbase.semantic import vectors_from_blob

            matrix = vectors_from_blob(b"".join(build.vectors), build.vector_dimension)
            vector_index.write_graph(db, matrix)
    db.executemany("INSERT INTO meta VALUES (?, ?)", meta.items())
    source_ids = {}
    for number, source in enumerate(build.sources, start=1):
        source_ids[source.path] = number
        db.execute(
            "INSERT INTO sources VALUES (?,?,?,?,?,?,?,?,?)",
            (
                number,
                source.path,
                source.reader,
                source.title,
                source.sha256,
                source.line_count,
                source.nonblank_lines,
                source.entry_count,
                source.unused_count,
            ),
        )
    # Rows go to SQLite as they are made (generators), never held as lists of every row.
    db.executemany("INSERT INTO concepts VALUES (?,?,?,?,?,?,?)", map(_concept_row, build.concepts))
    db.executemany("INSERT INTO labels VALUES (?,?,?,?,?)", _label_rows(build.concepts))
    # One row per entry identity (an `A / B` entry belongs to two concepts), numbered in
    # source order so that rows read back in the order the sources gave them.
    # The first entry of each identity (source, ordinal), kept in a list per source indexed by
    # ordinal (ordinals count up from 0 in each source): no dict keyed by a tuple per entry.
    first_of: dict[str, list[Entry | None]] = {}
    for concept in build.concepts:
        for entry in concept.entries:
            slots = first_of.setdefault(entry.source, [])
            if entry.ordinal >= len(slots):
                slots.extend([None] * (entry.ordinal + 1 - len(slots)))
            if slots[entry.ordinal] is None:
                slots[entry.ordinal] = entry
    ordered = sorted(
        (e for slots in first_of.values() for e in slots if e is not None),
        key=lambda e: (source_ids[e.source], e.line, e.ordinal),
    )
    # each entry's row number, per source by ordinal (8 bytes an entry)
    numbers = {source: array("q", bytes(8 * len(slots))) for source, slots in first_of.items()}
    del first_of
    for number, entry in enumerate(ordered, start=1):
        numbers[entry.source][entry.ordinal] = number
    db.executemany(
        "INSERT INTO entries VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        (_entry_row(number, source_ids[e.source], e) for number, e in enumerate(ordered, start=1)),
    )
    del ordered
    db.executemany(
        "INSERT OR IGNORE INTO concept_entries VALUES (?,?)",
        ((c.id, numbers[e.source][e.ordinal]) for c in build.concepts for e in c.entries),
    )
    del numbers
    db.executemany(
        "INSERT INTO unused VALUES (?,?,?,?)",
        ((source_ids[u.source], u.line, u.text, u.reason) for u in build.unused),
    )
    db.executemany(
        "INSERT INTO concept_fts VALUES (?,?,?)",
        (
            (c.id, " ".join(c.labels), "\n".join(dict.fromkeys(e.definition for e in c.entries)))
            for c in build.concepts
        ),
    )
    if linked:
        _insert_links(db, build)
    _insert_findings(db, build)


def _insert_links(db: sqlite3.Connection, build: Build) -> None:
    """Insert the rows of the build's relations and dangling targets."""
    db.executemany(
        "INSERT INTO relations VALUES (?,?,?,?,?,?)",
        ((r.from_id, r.to_id, r.kind, r.evidence, r.source, r.line) for r in build.relations),
    )
    db.executemany(
        "INSERT INTO dangling VALUES (?,?,?,?)",
        ((d.from_id, d.target, d.source, d.line) for d in build.dangling),
    )


def _insert_findings(db: sqlite3.Connection, build: Build) -> None:
    db.executemany(
        "INSERT INTO findings VALUES (?,?,?,?,?,?,?,?)",
        [
            (f.rule, f.severity, f.kind, f.concept_id, f.label, f.message,
             _dumps(f.as_dict()["sides"]), f.fingerprint)
            for f in build.check_findings
        ],
    )  # fmt: skip


def _concept_row(concept: Concept) -> tuple[object, ...]:
    return (
        concept.id,
        concept.label,
        initial_of(concept.label),
        _dumps(concept.acronyms),
        _dumps(concept.expansions),
        _dumps(concept.topics),
        _dumps(concept.homonym_of),
    )


def _label_rows(concepts: Sequence[Concept]) -> Iterator[tuple[str, str, str, str, str]]:
    """Yield one labels row per label of each concept: its key, kind and language."""
    for concept in concepts:
        acronyms = {label_key(a) for a in concept.acronyms}
        expansions = {label_key(e) for e in concept.expansions}
        language_of: dict[str, str] = {}
        for entry in concept.entries:
            for label in entry.labels:
                language_of.setdefault(label, entry.language)
        for position, label in enumerate(concept.labels):
            key = label_key(label)
            kind = (
                "preferred"
                if position == 0
                else "acronym"
                if key in acronyms
                else "expansion"
                if key in expansions
                else "alternative"
            )
            yield (concept.id, label, key, kind, language_of.get(label, "en"))


def _entry_row(entry_id: int, source_id: int, entry: Entry) -> tuple[object, ...]:
    loc = entry.locator
    return (
        entry_id,
        source_id,
        entry.line,
        entry.end_line,
        entry.term,
        _dumps(entry.labels),
        entry.definition,
        loc.kind if loc else None,
        loc.text if loc else None,
        loc.number if loc else None,
        loc.title if loc else None,
        loc.url if loc else None,
        _dumps(entry.see_also),
        _dumps(entry.formulas),
        _dumps(entry.links),
        entry.language,
        entry.origin,
    )


# ---------------------------------------------------------------- reading


@dataclass(frozen=True, slots=True)
class StoredEntry:
    """An entry as stored: the Entry plus the title of its source."""

    entry: Entry
    source_title: str


@dataclass(frozen=True, slots=True)
class ConceptRecord:
    """A concept as read back from the store, with its entries and relations."""

    id: str
    label: str
    labels: tuple[str, ...]
    acronyms: tuple[str, ...]
    expansions: tuple[str, ...]
    topics: tuple[str, ...]
    homonym_of: tuple[str, ...]
    entries: tuple[StoredEntry, ...]
    related: tuple[Relation, ...]
    mentioned_in: tuple[Relation, ...]


class Termbase:
    """A termbase file opened for reading. `Termbase.open(path)` checks it is one."""

    def __init__(self, path: Path, connection: sqlite3.Connection) -> None:
        self.path = path
        self.db = connection
        self._search_index: SearchIndex | None = None

    @classmethod
    def open(cls, path: str | Path) -> Termbase:
        """Return the termbase at `path`, or raise StoreError saying what is wrong."""
        path = Path(path)
        if path.is_dir():  # `build --db` would refuse a folder too: name a file in it
            raise StoreError(
                f"{path}: is a folder, not a termbase file — pass --db the file `termbase build` wrote, "
                f"e.g. {path / 'termbase.db'}"
            )
        if not path.is_file():
            raise StoreError(
                f"{path}: no termbase file here — build one with `termbase build SOURCES --db {path}`"
            )
        try:
            connection = sqlite3.connect(f"file:{path.resolve()}?mode=ro", uri=True, check_same_thread=False)
            version = connection.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        except sqlite3.DatabaseError:
            raise StoreError(
                f"{path}: not a termbase file — pass --db the file that `termbase build` "
                "or `termbase extract` wrote"
            ) from None
        if not version or int(version[0]) != SCHEMA_VERSION:
            connection.close()
            raise StoreError(
                f"{path}: termbase schema {version[0] if version else '?'} is not "
                f"{SCHEMA_VERSION} — rebuild it with `termbase build`"
            )
        return cls(path, connection)

    def close(self) -> None:
        """Close the database connection."""
        self.db.close()

    # -- search

    def search_index(self) -> SearchIndex:
        """Return the in-memory search index, building it on first use."""
        if self._search_index is None:
            from termbase.search import SearchIndex  # publishers that only read pages skip it

            self._search_index = SearchIndex(self.db)
        return self._search_index

    def search(self, query: str, limit: int = 10) -> list[Hit]:
        """Return up to `limit` hits for `query`, best first (see `termbase.search`)."""
        return self.search_index().search(query, limit)

    def suggest(self, prefix: str, limit: int = 8) -> list[Hit]:
        """Return up to `limit` completions for a typed prefix."""
        return self.search_index().suggest(prefix, limit)

    def __enter__(self) -> Termbase:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- look-ups

    def concept_ids_for_key(self, key: str) -> list[str]:
        """Return ids of concepts that have a label with this match key."""
        rows = self.db.execute(
            "SELECT DISTINCT concept_id FROM labels WHERE key = ? ORDER BY concept_id", (key,)
        )
        return [r[0] for r in rows]

    def all_labels(self) -> list[tuple[str, str, str]]:
        """Return (concept_id, label, key) for every label."""
        return list(self.db.execute("SELECT concept_id, label, key FROM labels"))

    def has_concept(self, concept_id: str) -> bool:
        """Return True if a concept with this id exists."""
        return self.db.execute("SELECT 1 FROM concepts WHERE id = ?", (concept_id,)).fetchone() is not None

    def concept(self, concept_id: str) -> ConceptRecord | None:
        """Return the concept with this id, with entries and relations, or None."""
        row = self.db.execute(
            "SELECT id, label, acronyms, expansions, topics, homonym_of FROM concepts WHERE id = ?",
            (concept_id,),
        ).fetchone()
        if row is None:
            return None
        labels = tuple(
            r[0]
            for r in self.db.execute(
                "SELECT label FROM labels WHERE concept_id = ? ORDER BY rowid", (concept_id,)
            )
        )
        entries = tuple(self._entries(concept_id))
        related = tuple(self._relations("from_id", concept_id))
        mentioned_in = tuple(self._relations("to_id", concept_id))
        return ConceptRecord(
            id=row[0],
            label=row[1],
            labels=labels,
            acronyms=_json_tuple(row[2]),
            expansions=_json_tuple(row[3]),
            topics=_json_tuple(row[4]),
            homonym_of=_json_tuple(row[5]),
            entries=entries,
            related=related,
            mentioned_in=mentioned_in,
        )

    def _entries(self, concept_id: str) -> Iterator[StoredEntry]:
        rows = self.db.execute(
            """SELECT s.path, s.title, e.line, e.end_line, e.term, e.labels, e.definition,
                      e.locator_kind, e.locator_text, e.locator_number, e.locator_title,
                      e.locator_url, e.see_also, e.formulas, e.links, e.language, e.origin
               FROM concept_entries ce JOIN entries e ON e.id = ce.entry_id
               JOIN sources s ON s.id = e.source_id
               WHERE ce.concept_id = ? ORDER BY s.id, e.line, e.id""",
            (concept_id,),
        )
        for r in rows:
            locator = Locator(r[7], r[8], r[9] or "", r[10] or "", r[11] or "") if r[7] else None
            entry = Entry(
                source=r[0],
                line=r[2],
                end_line=r[3],
                term=r[4],
                labels=_json_tuple(r[5]),
                definition=r[6],
                locator=locator,
                see_also=_json_tuple(r[12]),
                formulas=_json_tuple(r[13]),
                links=_json_tuple(r[14]),
                language=r[15],
                origin=r[16],
            )
            yield StoredEntry(entry, r[1])

    def _relations(self, column: str, concept_id: str) -> Iterator[Relation]:
        rows = self.db.execute(
            f"SELECT from_id, to_id, kind, evidence, source, line FROM relations "
            f"WHERE {column} = ? ORDER BY kind, from_id, to_id",
            (concept_id,),
        )
        for r in rows:
            yield Relation(*r)

    def concept_ids(self) -> list[str]:
        """Return every concept id, sorted."""
        return [r[0] for r in self.db.execute("SELECT id FROM concepts ORDER BY id")]

    def summaries(self, language: str = "") -> list[tuple[str, str, str, str]]:
        """Return (id, label, initial, first definition) for every concept, by label.

        With `language`, label and definition come from the concept's entry in that
        language, else its English entry, else as without it; the initial follows the label.
        """
        rows = self.db.execute(
            """SELECT c.id, c.label, c.initial,
                      (SELECT e.definition FROM concept_entries ce JOIN entries e
                         ON e.id = ce.entry_id WHERE ce.concept_id = c.id
                         ORDER BY e.source_id, e.line, e.id LIMIT 1)
               FROM concepts c ORDER BY c.label COLLATE NOCASE, c.id"""
        )
        summaries = [(r[0], r[1], r[2], r[3] or "") for r in rows]
        if not language:
            return summaries
        local, english = self.localized_summaries(language), self.localized_summaries(FALLBACK)
        localized = []
        for cid, label, initial, text in summaries:
            shown = local.get(cid) or english.get(cid)
            if shown:
                label, text = shown
                initial = initial_of(label)
            localized.append((cid, label, initial, text))
        return sorted(localized, key=lambda row: (row[1].casefold(), row[0]))

    def meta_value(self, key: str) -> str:
        """Return a value from the meta table, or "" if it is not set."""
        row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else ""

    def read_findings(self) -> list[ReadFinding]:
        """Return what the read sanity check flagged when the termbase was built."""
        from termbase.read_checks import ReadFinding

        stored = self.meta_value("read_findings")
        return [ReadFinding(*row) for row in json.loads(stored)] if stored else []

    def stats(self) -> dict[str, int]:
        """Return the counts of sources, entries, concepts, labels, relations and more."""
        counts = {}
        for table in (
            "sources",
            "entries",
            "concepts",
            "labels",
            "relations",
            "dangling",
            "unused",
        ):
            counts[table] = self.db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
        return counts

    def sources(self) -> list[Source]:
        """Return every source, in build order."""
        rows = self.db.execute(
            "SELECT path, reader, title, sha256, line_count, nonblank_lines, entry_count,"
            " unused_count FROM sources ORDER BY id"
        )
        return [Source(*r) for r in rows]

    def unused(self) -> list[Unused]:
        """Return every input line not used, by source and line."""
        rows = self.db.execute(
            "SELECT s.path, u.line, u.text, u.reason FROM unused u JOIN sources s"
            " ON s.id = u.source_id ORDER BY s.id, u.line"
        )
        return [Unused(*r) for r in rows]

    def dangling(self) -> list[Dangling]:
        """Return see-also targets that name no concept."""
        rows = self.db.execute("SELECT from_id, target, source, line FROM dangling ORDER BY source, line")
        return [Dangling(*r) for r in rows]

    # -- bulk reads for publishing (site, web app)

    def meta(self) -> dict[str, str]:
        """Return the build metadata: schema_version, termbase_version, built_at."""
        return dict(self.db.execute("SELECT key, value FROM meta"))

    def topics_by_concept(self) -> dict[str, tuple[str, ...]]:
        """Return every concept's topics, by concept id (empty tuples included)."""
        rows = self.db.execute("SELECT id, topics FROM concepts")
        return {r[0]: _json_tuple(r[1]) for r in rows}

    def sources_by_concept(self) -> dict[str, tuple[str, ...]]:
        """Return the paths of the sources that define each concept, in build order."""
        paths = dict(self.db.execute("SELECT id, path FROM sources"))
        alone = {source_id: (path,) for source_id, path in paths.items()}  # most concepts have one
        found: dict[str, tuple[str, ...]] = {}
        rows = self.db.execute(
            "SELECT DISTINCT ce.concept_id, e.source_id FROM concept_entries ce"
            " JOIN entries e ON e.id = ce.entry_id ORDER BY ce.concept_id, e.source_id"
        )
        for concept_id, source_id in rows:
            earlier = found.get(concept_id)
            found[concept_id] = alone[source_id] if earlier is None else (*earlier, paths[source_id])
        return found

    def concept_ids_by_label(self) -> list[str]:
        """Return every concept id in the order `concept_records` yields them (by label)."""
        return [r[0] for r in self.db.execute("SELECT id FROM concepts ORDER BY label COLLATE NOCASE, id")]

    def concept_records(
        self, ids: Sequence[str] | None = None, span: tuple[str, str] | None = None
    ) -> Iterator[ConceptRecord]:
        """Yield every concept as `concept(id)` returns it, ordered by label, in a few queries.

        For publishers that need every concept (static site, glossary-data.txt): reading
        them all at once is many times faster than one `concept()` call each. With `ids`,
        only those concepts are read, in that order (a share of a site for one process).
        With `span` (first, last) as well, `ids` are every concept id from `first` to `last` in
        the store's (binary) order of ids, and the rows are read as a range of each index (a
        third less time than looking up each id).
        """
        if ids is None:
            chosen, wanted = "", ()
        elif span is not None:
            chosen, wanted = "BETWEEN ? AND ?", span
        else:
            chosen, wanted = "IN (SELECT value FROM json_each(?))", (json.dumps(list(ids)),)

        def where(*columns: str) -> str:
            return f" WHERE {' OR '.join(f'{c} {chosen}' for c in columns)}" if chosen else ""

        labels: dict[str, list[str]] = {}
        rows = self.db.execute(
            f"SELECT concept_id, label FROM labels{where('concept_id')} ORDER BY rowid", wanted
        )
        for concept_id, label in rows:
            labels.setdefault(concept_id, []).append(label)
        entries: dict[str, list[StoredEntry]] = {}
        rows = self.db.execute(
            f"""SELECT ce.concept_id, s.path, s.title, e.line, e.end_line, e.term, e.labels,
                      e.definition, e.locator_kind, e.locator_text, e.locator_number,
                      e.locator_title, e.locator_url, e.see_also, e.formulas, e.links,
                      e.language, e.origin
               FROM concept_entries ce JOIN entries e ON e.id = ce.entry_id
               JOIN sources s ON s.id = e.source_id{where("ce.concept_id")} ORDER BY s.id, e.line, e.id""",
            wanted,
        )
        for r in rows:
            locator = Locator(r[8], r[9], r[10] or "", r[11] or "", r[12] or "") if r[8] else None
            # By position (source, line, end_line, term, labels, definition, groups, locator,
            # see_also, formulas, links, language, concept_id, topics, origin): a fifth faster.
            entry = Entry(
                r[1], r[3], r[4], r[5], _json_tuple(r[6]), r[7], (), locator,
                _json_tuple(r[13]), _json_tuple(r[14]), _json_tuple(r[15]), r[16], "", (), r[17],
            )  # fmt: skip
            entries.setdefault(r[0], []).append(StoredEntry(entry, r[2]))
        related: dict[str, list[Relation]] = {}
        mentioned_in: dict[str, list[Relation]] = {}
        rows = self.db.execute(
            "SELECT from_id, to_id, kind, evidence, source, line FROM relations"
            f"{where('from_id', 'to_id')} ORDER BY kind, from_id, to_id",
            wanted * 2,
        )
        for r in rows:
            relation = Relation(*r)
            related.setdefault(relation.from_id, []).append(relation)
            mentioned_in.setdefault(relation.to_id, []).append(relation)
        rows = self.db.execute(
            "SELECT id, label, acronyms, expansions, topics, homonym_of FROM concepts"
            + (where("id") if ids is not None else " ORDER BY label COLLATE NOCASE, id"),
            wanted,
        )
        if ids is not None:
            by_id = {r[0]: r for r in rows}
            rows = [by_id[i] for i in ids if i in by_id]
        for r in rows:
            concept_id = r[0]
            yield ConceptRecord(  # by position: id, label, labels, acronyms, expansions, topics,
                # homonym_of, entries, related, mentioned_in
                concept_id, r[1], tuple(labels.get(concept_id, ())), _json_tuple(r[2]), _json_tuple(r[3]),
                _json_tuple(r[4]), _json_tuple(r[5]), tuple(entries.get(concept_id, ())),
                tuple(related.get(concept_id, ())), tuple(mentioned_in.get(concept_id, ())),
            )  # fmt: skip

    def findings(self, concept_id: str | None = None, rule: str | None = None) -> list[Finding]:
        """Return the findings stored at build time (for one concept, or of one rule).

        A termbase written before findings were stored has none.
        """
        clauses, values = [], []
        if concept_id is not None:
            clauses.append("concept_id = ?")
            values.append(concept_id)
        if rule is not None:
            clauses.append("rule = ?")
            values.append(rule)
        where = f" WHERE {' AND '.join(clauses)}" if clauses else ""
        try:
            rows = self.db.execute(
                f"SELECT rule, severity, kind, concept_id, label, message, sides FROM findings{where}"
                " ORDER BY rowid",
                values,
            ).fetchall()
        except sqlite3.OperationalError:  # built before the findings table existed
            return []
        if not rows:
            return []  # no need to import the checks (a few dozen compiled patterns) to read none
        from termbase.check.findings import Finding

        return [
            Finding.from_dict(
                {"rule": r[0], "severity": r[1], "kind": r[2], "concept": r[3], "label": r[4],
                 "message": r[5], "sides": json.loads(r[6])}
            )
            for r in rows
        ]  # fmt: skip

    def conflicted_concepts(self) -> set[str]:
        """Return the ids of concepts with a stored contradiction finding."""
        try:
            rows = self.db.execute("SELECT DISTINCT concept_id FROM findings WHERE rule = 'contradiction'")
            return {r[0] for r in rows}
        except sqlite3.OperationalError:
            return set()

    def entry_languages(self) -> list[str]:
        """Return every language tag the entries carry, most used first."""
        rows = self.db.execute("SELECT language, COUNT(*) FROM entries GROUP BY language ORDER BY 2 DESC, 1")
        return [r[0] for r in rows]

    def localized_summaries(self, language: str) -> dict[str, tuple[str, str]]:
        """Return {concept id: (term, definition)} from each concept's first entry in `language`.

        `es` matches `es` and `es-MX`; `pt-BR` matches `pt-BR` first, then plain `pt`.
        Concepts with no entry in the language are left out (callers fall back to English).
        """
        best: dict[str, tuple[int, str, str]] = {}
        rows = self.db.execute(
            """SELECT ce.concept_id, e.term, e.definition, e.language FROM concept_entries ce
               JOIN entries e ON e.id = ce.entry_id ORDER BY e.source_id, e.line, e.id"""
        )
        for concept_id, term, definition, entry_language in rows:
            rank = language_rank(entry_language, language)
            if rank and (concept_id not in best or rank < best[concept_id][0]):
                best[concept_id] = (rank, term, definition)
        return {cid: (term, definition) for cid, (_, term, definition) in best.items()}
