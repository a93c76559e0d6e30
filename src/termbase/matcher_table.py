"""What glossify reads of a termbase, stored with it by `build`: the matcher's patterns and each
concept's tooltip line and definition as HTML.

Working out the patterns of every label (tokens, case, plurals, qualified bases) is most of
what building a `TermMatcher` costs, and a glossary page's definitions rendered as HTML and
its tooltips' one-line definitions are most of the rest of a site's first MkDocs build with
the plugin (a first or CI build has no matcher cached). `build` stores them::

    matcher_pattern_data(data)   one JSON value: the patterns and what each stands for (below)
    glossify_terms(concept_id, label, one_line, html)
                                 every concept, in `Termbase.summaries` order: its tooltip
                                 line, and its first definition as the glossary page shows it
                                 (NULL when that needs the Markdown engine: see below)
    meta: matcher_patterns = the format the patterns and lines were made in (`stamp`)
          glossify_html    = what the HTML was made with (`html_stamp`)

`build` stores the HTML of plain definitions only (escaped text: `definition_html.plain_html`):
loading the Markdown engine and rendering the others would cost every build (most are not for
a site) about as much as a site's build spends rendering the few it shows, with the engine
MkDocs has loaded already. The compiled built-in glossary, made once for many sites, has them
all (`store_markdown_html`).

The patterns are one value, not a row each, read in one go: lists that `json` makes and
`zip` puts together, with no Python step per pattern (see `encode_patterns`). JSON, not a
pickled object: a termbase is a file people share, and reading it must never run code. The
terms' rows are made and written a few hundred at a time (a build of a million entries holds
no list of every definition). A file without them, or made in another format or by other
code, gets them worked out from its labels and definitions as before.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from termbase import __version__, matcher
from termbase.matcher import Patterns, PatternTable, pattern_tables
from termbase.plain_text import one_line

_META_KEY = "matcher_patterns"
_HTML_KEY = "glossify_html"

#: (id, label, first definition) of every concept, by label, as `Termbase.summaries` gives them.
SUMMARIES = """SELECT c.id, c.label,
    (SELECT e.definition FROM concept_entries ce JOIN entries e ON e.id = ce.entry_id
      WHERE ce.concept_id = c.id ORDER BY e.source_id, e.line, e.id LIMIT 1)
  FROM concepts c ORDER BY c.label COLLATE NOCASE, c.id"""

_PACKAGE = Path(__file__).resolve().parent
#: The modules that make the one-line definitions and the HTML (their code is in the stamps: a
#: working copy's edit without a version change makes the stored text stale).
_LINE_CODE = ("plain_text.py",)
_HTML_CODE = ("glossify/definition_html.py", "web/sanitize.py")


#: Every module whose code the stamps hold (a compiled built-in glossary is made again when one changes).
STAMPED_CODE = _LINE_CODE + _HTML_CODE


def _code_digest(names: Sequence[str]) -> str:
    digest = hashlib.sha256()
    for name in names:
        digest.update((_PACKAGE / name).read_bytes())
    return digest.hexdigest()[:16]


def stamp() -> str:
    """Return the format stored patterns (and terms' one-line definitions) must have to be used."""
    return f"{matcher.PATTERN_FORMAT} {__version__} {_code_digest(_LINE_CODE)}"


def code_stamp() -> str:
    """Return what the stored patterns, lines and HTML depend on besides the Markdown engine."""
    return f"{stamp()} {_code_digest(_HTML_CODE)}"


def html_stamp(engine: str) -> str:
    """Return what stored HTML must have been made with to be used: this code, and with
    `engine` (`markdown_engine()`, or "plain" when no definition needed the Markdown engine)."""
    return f"{matcher.PATTERN_FORMAT} {__version__} {_code_digest(_HTML_CODE)} {engine}"


def markdown_engine() -> str:
    """Return the Markdown engine's and the sanitiser's versions (what rendered HTML depends on
    beyond this code); the sanitiser's by the size of its native module, not imported for it."""
    import importlib.util

    import markdown

    spec = importlib.util.find_spec("nh3")
    folders = spec.submodule_search_locations if spec is not None else None
    size = sum(p.stat().st_size for p in Path(next(iter(folders))).iterdir() if p.is_file()) if folders else 0
    return f"markdown-{markdown.__version__} nh3-{size}"


#: One stored pattern: (cased flag, pattern, concept id, label).
PatternRow = tuple[int, str, str, str]


def pattern_rows(tables: tuple[PatternTable, PatternTable]) -> tuple[PatternRow, ...]:
    """Return the rows that hold `tables`, in order (a build keeps these, a tenth of the tables'
    size, from linking until it writes them)."""
    return tuple(_rows(tables))


def _rows(tables: tuple[PatternTable, PatternTable]) -> Iterator[PatternRow]:
    folded, cased = tables
    for flag, table in ((0, folded), (1, cased)):
        for pattern, owners in table.items():
            for concept_id, label in owners.items():
                yield (flag, pattern, concept_id, label)


def encode_patterns(rows: Iterable[PatternRow], context: Callable[[list[str]], Mapping[str, str]]) -> str:
    """Return the JSON that stores the patterns the rows hold: [folded patterns, cased patterns,
    the record of each pattern (folded, then cased), the records, and the context]. A record is
    what patterns stand for, once for all the patterns that stand for it (a label's plural and
    singular forms): first those of one concept, as three lists (its id, label, and the number
    of words), then those of several ([words, id, label, id, label, …]; a later row of a pattern
    and concept gives its label). The context is the first definition of each concept a
    pattern shares with another (what tells them apart; `context(ids)` gives them). Made in one
    pass over the rows (a pattern's rows come one after another from a build; in another order
    they still come out right)."""
    patterns: tuple[list[str], list[str]] = ([], [])
    at: tuple[dict[str, int], dict[str, int]] = ({}, {})
    ids: tuple[list[str], list[str]] = ([], [])
    labels: tuple[list[str], list[str]] = ([], [])
    several: dict[tuple[int, int], dict[str, str]] = {}
    last_flag, last_pattern, last_at = -1, "", -1
    for flag, pattern, concept_id, label in rows:
        if flag == last_flag and pattern == last_pattern:
            position = last_at
        else:
            position = at[flag].setdefault(pattern, len(patterns[flag]))
            last_flag, last_pattern, last_at = flag, pattern, position
            if position == len(patterns[flag]):  # a new pattern
                patterns[flag].append(pattern)
                ids[flag].append(concept_id)
                labels[flag].append(label)
                continue
        owners = several.get((flag, position))
        if owners is None:
            owners = several[(flag, position)] = {ids[flag][position]: labels[flag][position]}
        owners[concept_id] = label
    shared_at: dict[int, dict[str, str]] = {}
    for (flag, position), owners in several.items():
        if len(owners) == 1:  # (the same concept again: its later label)
            labels[flag][position] = owners[ids[flag][position]]
        else:
            shared_at[position + flag * len(patterns[0])] = owners
    record_of: dict[tuple[object, ...], int] = {}
    one: tuple[list[str], list[str], list[int]] = ([], [], [])
    shared: list[list[object]] = []
    record_at: list[int] = []
    every = zip(patterns[0] + patterns[1], ids[0] + ids[1], labels[0] + labels[1], strict=True)
    for position, (pattern, concept_id, label) in enumerate(every):
        words = pattern.count(" ") - 1
        owners = shared_at.get(position)
        if owners is None:
            key: tuple[object, ...] = (words, concept_id, label)
        else:
            key = (words, *(part for pair in owners.items() for part in pair))
        record = record_of.get(key)
        if record is None:  # (those of several numbered from -1 down, after those of one below)
            if owners is None:
                record = record_of[key] = len(one[0])
                one[0].append(concept_id)
                one[1].append(label)
                one[2].append(words)
            else:
                record = record_of[key] = -1 - len(shared)
                shared.append(list(key))
        record_at.append(record)
    singles = len(one[0])
    record_at = [record if record >= 0 else singles - 1 - record for record in record_at]
    owners_shared = sorted({o for record in shared for o in record[1::2]})  # type: ignore[misc]
    data = [*patterns, record_at, *one, shared, dict(context(owners_shared))]
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True, slots=True)
class StoredPatterns:
    """What the stored JSON holds: the matcher's patterns (and their tables), and the context
    text (first definition) of the concepts patterns share."""

    patterns: Patterns
    context: dict[str, str]
    _data: list[Any]  # (the JSON's lists, for `tables`)

    def tables(self) -> tuple[PatternTable, PatternTable]:
        """Return the (folded, cased) pattern tables."""
        folded, cased, record_at, ids, labels, _, shared, _ = self._data
        owners_of = [{cid: label} for cid, label in zip(ids, labels, strict=True)]
        owners_of += [dict(zip(record[1::2], record[2::2], strict=True)) for record in shared]
        owners = [dict(owners_of[record]) for record in record_at]
        return dict(zip(folded, owners, strict=False)), dict(zip(cased, owners[len(folded) :], strict=True))


def decode_patterns(data: str) -> StoredPatterns:
    """Return what `encode_patterns` stored (ValueError when it is not that shape)."""
    try:
        lists = json.loads(data)
        folded, cased, record_at, ids, labels, words, shared, context = lists
        # What each record stands for, as `matcher._PatternMaker` makes it: (owners, label, words).
        records: list[tuple[tuple[str, ...], str, int]] = list(zip(zip(ids), labels, words, strict=True))
        for record in shared:
            owners = dict(zip(record[1::2], record[2::2], strict=True))
            first = tuple(sorted(owners))
            records.append((first, owners[first[0]], record[0]))
        every = list(map(records.__getitem__, record_at))
        patterns = (dict(zip(folded, every[: len(folded)], strict=True)),
                    dict(zip(cased, every[len(folded) :], strict=True)))  # fmt: skip
    except (TypeError, IndexError, KeyError, ValueError) as error:
        raise ValueError(f"stored matcher patterns of another shape: {error}") from None
    if not isinstance(context, dict):
        raise ValueError("stored matcher patterns of another shape")
    return StoredPatterns(patterns, context, lists)


def write_pattern_table(db: sqlite3.Connection, rows: Iterable[PatternRow] | None = None) -> None:
    """Store what glossify reads (inside the build's transaction): the patterns of the `labels`
    table — `rows` (`pattern_rows`) when the build made them from the same labels in the same
    order, else worked out here — and each concept's one-line definition and HTML."""
    write_all_but_patterns(db)
    write_pattern_data(db, rows)


def write_all_but_patterns(db: sqlite3.Connection) -> None:
    """Store what `write_pattern_table` stores but the patterns, which need none of it: their
    table (empty), each concept's one-line definition and HTML, and the stamps (a build whose
    linking makes the patterns while another process writes the rest adds them last)."""
    db.execute("CREATE TABLE matcher_pattern_data (data TEXT NOT NULL)")
    db.execute(
        "CREATE TABLE glossify_terms (concept_id TEXT NOT NULL, label TEXT NOT NULL, one_line TEXT NOT NULL,"
        " html TEXT)"
    )
    from termbase.glossify.definition_html import plain_html

    rows = (
        (cid, label, one_line(text or ""), plain_html(text or ""))
        for cid, label, text in db.execute(SUMMARIES)
    )
    db.executemany("INSERT INTO glossify_terms VALUES (?,?,?,?)", rows)
    db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (_META_KEY, stamp()))
    db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (_HTML_KEY, html_stamp("plain")))


def write_pattern_data(db: sqlite3.Connection, rows: Iterable[PatternRow] | None = None) -> None:
    """Store the patterns in the table `write_all_but_patterns` made."""
    if rows is None:
        rows = _rows(pattern_tables(db.execute("SELECT concept_id, label FROM main.labels ORDER BY rowid")))
    data = encode_patterns(rows, lambda ids: _first_definitions(db, ids))
    db.execute("INSERT INTO matcher_pattern_data VALUES (?)", (data,))


#: Definitions rendered (and rows updated) at once by `store_markdown_html`.
_TERMS_AT_ONCE = 512


def store_markdown_html(db: sqlite3.Connection) -> None:
    """Store the HTML `write_pattern_table` left out (definitions that need the Markdown engine),
    rendered as the glossary page renders them (inside a transaction of the caller's)."""
    from termbase.glossify.definition_html import DefinitionRenderer

    renderer = DefinitionRenderer()
    missing = [cid for (cid,) in db.execute("SELECT concept_id FROM glossify_terms WHERE html IS NULL")]
    for start in range(0, len(missing), _TERMS_AT_ONCE):
        texts = _first_definitions(db, missing[start : start + _TERMS_AT_ONCE])
        made = renderer.render(list(texts.values()))
        db.executemany(
            "UPDATE glossify_terms SET html = ? WHERE concept_id = ?", zip(made, texts, strict=True)
        )
    if renderer.used_engine:
        db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (_HTML_KEY, html_stamp(markdown_engine())))


def _first_definitions(db: sqlite3.Connection, concept_ids: Sequence[str]) -> dict[str, str]:
    """Return the first definition of each of these concepts (as `SUMMARIES` gives it)."""
    query = SUMMARIES.replace("FROM concepts c ORDER BY", "FROM concepts c WHERE c.id IN ({}) ORDER BY")
    found: dict[str, str] = {}
    for start in range(0, len(concept_ids), 500):
        chunk = concept_ids[start : start + 500]
        rows = db.execute(query.format(",".join("?" * len(chunk))), chunk)
        found.update((cid, text or "") for cid, _, text in rows)
    return found


def _stored(db: sqlite3.Connection) -> bool:
    """Return True if the file holds patterns made in this format (sqlite3.Error if unreadable)."""
    found = db.execute("SELECT value FROM meta WHERE key = ?", (_META_KEY,)).fetchone()
    return found is not None and found[0] == stamp()


def read_stored(db: sqlite3.Connection) -> StoredPatterns | None:
    """Return the stored patterns, or None when the file has none made in this format."""
    try:
        if not _stored(db):
            return None
        found = db.execute("SELECT data FROM matcher_pattern_data").fetchone()
        return decode_patterns(found[0]) if found else None
    except (sqlite3.Error, ValueError):
        return None


def read_patterns(db: sqlite3.Connection) -> Patterns | None:
    """Return the stored patterns as the matcher keeps them (`TermMatcher(patterns=…)`), or None
    when the file has none made in this format."""
    stored = read_stored(db)
    return stored.patterns if stored is not None else None


def read_pattern_tables(db: sqlite3.Connection) -> tuple[PatternTable, PatternTable] | None:
    """Return the stored (folded, cased) pattern tables, or None when the file has none made
    in this format (then `pattern_tables` works them out)."""
    stored = read_stored(db)
    return stored.tables() if stored is not None else None


def read_terms(db: sqlite3.Connection) -> list[tuple[str, str, str]]:
    """Return (id, label, one-line definition) of every concept, by label, as the build that
    stored the patterns made them (sqlite3.Error when there are none)."""
    return db.execute("SELECT concept_id, label, one_line FROM glossify_terms ORDER BY rowid").fetchall()


def read_html(db: sqlite3.Connection, concept_ids: Sequence[str]) -> dict[str, str]:
    """Return the stored HTML of these concepts' first definitions (id -> HTML), {} when it was
    made by other code, or by another Markdown engine or sanitiser (`markdown_engine`) than
    this process has, or when there is none (nor for definitions whose HTML `build` left out)."""
    try:
        found = db.execute("SELECT value FROM meta WHERE key = ?", (_HTML_KEY,)).fetchone()
        if found is None or found[0] not in (html_stamp("plain"), html_stamp(markdown_engine())):
            return {}
        html: dict[str, str] = {}
        for start in range(0, len(concept_ids), 10_000):  # (SQLite's bound on parameters, and more)
            chunk = concept_ids[start : start + 10_000]
            marks = ",".join("?" * len(chunk))
            query = (
                f"SELECT concept_id, html FROM glossify_terms WHERE concept_id IN ({marks}) AND html NOTNULL"
            )
            html.update(db.execute(query, chunk))
        return html
    except sqlite3.Error:
        return {}
