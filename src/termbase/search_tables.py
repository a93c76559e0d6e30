"""The search index as SQLite tables: written by `build`, read by search without rebuilding.

Everything the label modes of search look up — loose keys (simplemma lemmas), look-alike
digits, initials, bracket-qualified names, label and inner-word prefixes, and SymSpell's
typo dictionary — is worked out once from the `labels` table and stored beside it, so
opening a termbase for one query is a few indexed reads instead of a rebuild (11-13 s on
100,000 concepts before). Exact labels and match keys are read from `labels` itself
(indexed on both), not copied here.

Tables (in the schema given: `main` at build time, `temp` for a file built before they
existed or by another version)::

    search_meta(key PK, value)          stamp, typo_max_length, common_stems (JSON)
    search_keys(mode, term, seq, concept_id, label, kind)
                                        mode: l loose key, f look-alike key, i initials,
                                        q qualified base (x exact label and k match key
                                        are read from `labels`);
                                        seq keeps the labels' stored order
    search_prefixes(key, inner, full_length, concept_id, label, seq)
                                        kept sorted by all columns, as search scans them
    typo_words(key PK, prefix, position)
                                        SymSpell's words: match keys of 5+ characters
    typo_deletes(variant, prefix)       SymSpell's deletes, kept per distinct 7-character
                                        prefix (keys that share a prefix share its deletes)
    search_lemmas(word PK, lemma)       simplemma's lemma of every word the labels' keys
                                        asked about: a query in the labels' words is keyed
                                        without loading simplemma (0.1-0.5 s)

The stamp names the table format and the lemmatiser's version: a file whose stamp differs
gets its tables rebuilt in memory (correct, slow) until it is built again.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sqlite3
from collections.abc import Iterator, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from termbase.labels import key_words, label_key, lemmas_from, loose_key_of, qualified_base, simplemma_lemma

#: Bump when the tables or the keys in them change.
FORMAT = 3
#: SymSpell's settings (search allows 2 edits from 9 characters; words from 5 characters).
TYPO_MAX_EDITS = 2
TYPO_PREFIX_LENGTH = 7
TYPO_MIN_LENGTH = 5
#: A word found in more than this share of concepts (and at least COMMON_MIN_DOCS) is too
#: common to help full-text ranking (its BM25 weight is near zero) and is left out of it.
COMMON_SHARE = 0.02
COMMON_MIN_DOCS = 500

_VERSION = re.compile(r"""^__version__\s*=\s*["']([^"']+)["']""", re.MULTILINE)
_LOOKALIKE = str.maketrans({"0": "o"})
_INITIALS_SPLIT = re.compile(r"[\s\-]+")
_INNER_SPLIT = re.compile(r"[\s\-/]+")

TABLES = """
CREATE TABLE {s}.search_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE {s}.search_keys (
    mode TEXT NOT NULL, term TEXT NOT NULL, seq INTEGER NOT NULL, concept_id TEXT NOT NULL,
    label TEXT NOT NULL, kind TEXT NOT NULL, PRIMARY KEY (mode, term, seq)
) WITHOUT ROWID;
CREATE TABLE {s}.search_prefixes (
    key TEXT NOT NULL, inner INTEGER NOT NULL, full_length INTEGER NOT NULL,
    concept_id TEXT NOT NULL, label TEXT NOT NULL, seq INTEGER NOT NULL,
    PRIMARY KEY (key, inner, full_length, concept_id, label, seq)
) WITHOUT ROWID;
CREATE TABLE {s}.typo_words (key TEXT PRIMARY KEY, prefix TEXT NOT NULL, position INTEGER NOT NULL);
CREATE TABLE {s}.typo_deletes (
    variant TEXT NOT NULL, prefix TEXT NOT NULL, PRIMARY KEY (variant, prefix)
) WITHOUT ROWID;
CREATE TABLE {s}.search_lemmas (word TEXT PRIMARY KEY, lemma TEXT NOT NULL) WITHOUT ROWID;
"""
INDEXES = """
CREATE INDEX {s}.typo_words_prefix ON typo_words(prefix, position);
"""


@lru_cache(maxsize=1)
def stamp() -> str:
    """Return what a stored index must say it is to be used: format and lemmatiser version."""
    return f"{FORMAT} simplemma-{_simplemma_version()} symspell-{TYPO_MAX_EDITS}-{TYPO_PREFIX_LENGTH}"


def _simplemma_version() -> str:
    """Return simplemma's version, read from its metadata file: importing simplemma takes
    60-150 ms, which a query in the labels' own words does not otherwise pay."""
    spec = importlib.util.find_spec("simplemma")
    if spec is not None and spec.origin:
        found = _VERSION.search(Path(spec.origin).with_name("__metadata__.py").read_text(encoding="utf-8"))
        if found:
            return found.group(1)
    from simplemma.__metadata__ import __version__

    return __version__


def stored_stamp(db: sqlite3.Connection, schema: str = "main") -> str:
    """Return the stamp of the index stored in `schema`, or "" if there is none."""
    try:
        row = db.execute(f"SELECT value FROM {schema}.search_meta WHERE key = 'stamp'").fetchone()
    except sqlite3.OperationalError:  # no such table: built before the index was stored
        return ""
    return row[0] if row else ""


def write_search_tables(db: sqlite3.Connection, schema: str = "main") -> None:
    """Work out the search index from the `labels` and `concept_fts` tables of `main` and
    store it in `schema` (tables created here; call inside the build's transaction).

    Rows are streamed: each goes to a staging table as it is made, and SQLite sorts them
    into the keyed tables (an external sort), so memory does not grow with the labels."""
    _run_script(db, TABLES.format(s=schema))
    _run_script(db, STAGING)
    _stage_label_rows(db)
    for table, order in (
        ("search_keys", "mode, term, seq"),
        ("search_prefixes", "key, inner, full_length, concept_id, label, seq"),
        ("search_lemmas", "word"),
    ):
        db.execute(f"INSERT INTO {schema}.{table} SELECT * FROM temp.staged_{table} ORDER BY {order}")
    longest = _write_typo_words(db, schema)
    db.execute(TYPO_DELETES.format(s=schema), (TYPO_PREFIX_LENGTH,))
    _run_script(db, UNSTAGING)
    concepts = db.execute("SELECT COUNT(*) FROM main.concepts").fetchone()[0]
    meta = {
        "stamp": stamp(),
        "typo_max_length": str(longest),
        "common_stems": json.dumps(sorted(_common_stems(db, concepts)), ensure_ascii=False),
    }
    db.executemany(f"INSERT INTO {schema}.search_meta VALUES (?,?)", meta.items())
    _run_script(db, INDEXES.format(s=schema))


#: SymSpell's deletes of every distinct prefix (the rows of `typo_variants`, 29 for 7 letters),
#: made by SQLite rather than a Python tuple each: the prefix itself, it without the character
#: at each place i, and without the characters at each pair of places i < j (TYPO_MAX_EDITS is
#: 2); a prefix with a letter twice makes some variant twice, which the key keeps once.
TYPO_DELETES = """
INSERT OR IGNORE INTO {s}.typo_deletes
WITH RECURSIVE place(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM place WHERE i < ?),
pair(i, j) AS (SELECT a.i, b.i FROM place a JOIN place b ON b.i > a.i),
prefix(p) AS MATERIALIZED (SELECT DISTINCT prefix FROM {s}.typo_words),
deleted(variant, prefix) AS (
    SELECT p, p FROM prefix
    UNION ALL
    SELECT substr(p, 1, i - 1) || substr(p, i + 1), p FROM prefix JOIN place ON i <= length(p)
    UNION ALL
    SELECT substr(p, 1, i - 1) || substr(p, i + 1, j - i - 1) || substr(p, j + 1), p
    FROM prefix JOIN pair ON j <= length(p)
)
SELECT variant, prefix FROM deleted ORDER BY variant, prefix
"""

#: Unsorted rows on their way to the keyed tables (see write_search_tables).
STAGING = """
CREATE TEMP TABLE staged_search_keys (
    mode TEXT, term TEXT, seq INTEGER, concept_id TEXT, label TEXT, kind TEXT);
CREATE TEMP TABLE staged_search_prefixes (
    key TEXT, inner INTEGER, full_length INTEGER, concept_id TEXT, label TEXT, seq INTEGER);
CREATE TEMP TABLE staged_search_lemmas (word TEXT, lemma TEXT);
"""
UNSTAGING = """
DROP TABLE temp.staged_search_keys;
DROP TABLE temp.staged_search_prefixes;
DROP TABLE temp.staged_search_lemmas;
"""


def _run_script(db: sqlite3.Connection, script: str) -> None:
    """Run each statement of `script` (not executescript, which would commit the build's transaction)."""
    for statement in script.split(";"):
        if statement.strip():
            db.execute(statement)


def _stage_label_rows(db: sqlite3.Connection) -> None:
    """Stage the search_keys and search_prefixes rows of every label in stored order (`seq`
    numbers each kind of row in that order), and the (word, lemma) rows of the words the
    labels' keys asked about."""
    lemmas: dict[str, str] = {}

    def remembered(word: str) -> str:  # each word lemmatised once in the whole batch
        found = lemmas.get(word)
        if found is None:
            found = lemmas[word] = simplemma_lemma(word)
        return found

    asked: set[str] = set()
    key_rows: list[tuple[str, str, int, str, str, str]] = []
    prefix_rows: list[tuple[object, ...]] = []
    keys_made = prefixes_made = 0  # rows made so far: each row's `seq`

    def flush() -> None:
        db.executemany("INSERT INTO temp.staged_search_keys VALUES (?,?,?,?,?,?)", key_rows)
        db.executemany("INSERT INTO temp.staged_search_prefixes VALUES (?,?,?,?,?,?)", prefix_rows)
        key_rows.clear()
        prefix_rows.clear()

    labels = db.execute("SELECT concept_id, label, key FROM main.labels ORDER BY rowid")
    with lemmas_from(remembered):
        for concept_id, label, key in labels:
            words, inputs = key_words(label)
            asked |= inputs
            key_rows.append(("l", loose_key_of(words), keys_made, concept_id, label, ""))
            keys_made += 1
            folded = key.translate(_LOOKALIKE)
            if folded != key:
                key_rows.append(("f", folded, keys_made, concept_id, label, ""))
                keys_made += 1
            if len(label.split()) >= 2:
                initials = "".join(w[0] for w in _INITIALS_SPLIT.split(label.lower()) if w and w[0].isalnum())
                if len(initials) >= 2:
                    key_rows.append(("i", initials, keys_made, concept_id, label, ""))
                    keys_made += 1
            base = qualified_base(label) if ")" in label or "\uff09" in label else ""  # no bracket, no base
            if base:
                key_rows.append(("q", label_key(base), keys_made, concept_id, label, ""))
                keys_made += 1
            prefix_rows.append((key, 0, len(key), concept_id, label, prefixes_made))
            prefixes_made += 1
            parts = _INNER_SPLIT.split(label)
            for start in range(1, len(parts)):
                inner = label_key(" ".join(parts[start:]))
                if len(inner) >= 3:
                    prefix_rows.append((inner, 1, len(key), concept_id, label, prefixes_made))
                    prefixes_made += 1
            if len(key_rows) >= _BATCH:
                flush()
        flush()
        db.executemany(
            "INSERT INTO temp.staged_search_lemmas VALUES (?,?)", ((word, remembered(word)) for word in asked)
        )


#: Rows staged per executemany call.
_BATCH = 10_000


def _write_typo_words(db: sqlite3.Connection, schema: str) -> int:
    """Store SymSpell's words (key, prefix, position): the distinct match keys long enough to be
    corrected, in order of first use; return the longest one's length."""
    longest = 0

    def words() -> Iterator[tuple[str, str, int]]:
        nonlocal longest
        position = 0
        for (key,) in db.execute("SELECT key FROM main.labels GROUP BY key ORDER BY MIN(rowid)"):
            if len(key) >= TYPO_MIN_LENGTH:
                longest = max(longest, len(key))
                yield (key, key[:TYPO_PREFIX_LENGTH], position)
                position += 1

    db.executemany(f"INSERT INTO {schema}.typo_words VALUES (?,?,?)", words())
    return longest


def typo_variants(prefix: str) -> set[str]:
    """Return what SymSpell files a word under: its prefix and every string made by deleting
    up to TYPO_MAX_EDITS of the prefix's characters (29 for 7 distinct letters)."""
    found = {prefix}
    frontier = {prefix}
    for _ in range(TYPO_MAX_EDITS):
        frontier = {word[:i] + word[i + 1 :] for word in frontier for i in range(len(word))}
        found |= frontier
    return found


def _common_stems(db: sqlite3.Connection, concepts: int) -> list[str]:
    """Return the FTS5 terms (stems) found in too many concepts to rank by."""
    db.execute(
        "CREATE VIRTUAL TABLE IF NOT EXISTS temp.fts_vocab USING fts5vocab(main, 'concept_fts', 'row')"
    )
    threshold = max(COMMON_MIN_DOCS, int(concepts * COMMON_SHARE))
    return [r[0] for r in db.execute("SELECT term FROM temp.fts_vocab WHERE doc > ?", (threshold,))]


# ---------------------------------------------------------------- reading


class StoredRows:
    """Read access to the search tables of one schema, one indexed query per look-up."""

    def __init__(self, db: sqlite3.Connection, schema: str, lock: Any) -> None:
        self.db = db
        self.schema = schema
        self.lock = lock
        self._keys_sql = (
            f"SELECT concept_id, label, kind FROM {schema}.search_keys"
            " WHERE mode = ? AND term = ? ORDER BY seq"
        )
        #: Exact labels and match keys come from `labels` (in `main` whatever the schema):
        #: each label's concept once, in label order, as the other modes' rows are kept.
        self._labels_sql = {
            "x": "SELECT concept_id, label, '' FROM main.labels WHERE label = ?"
            " GROUP BY concept_id ORDER BY MIN(rowid)",
            "k": "SELECT concept_id, label, kind FROM main.labels WHERE key = ? ORDER BY rowid",
        }
        self._lemma_sql = f"SELECT lemma FROM {schema}.search_lemmas WHERE word = ?"
        self._prefix_sql = (
            f"SELECT key, inner, full_length, concept_id, label FROM {schema}.search_prefixes"
            " WHERE key >= ? ORDER BY key, inner, full_length, concept_id, label LIMIT ?"
        )

    def meta(self, key: str) -> str:
        """Return a value of search_meta ("" if unset)."""
        with self.lock:
            row = self.db.execute(
                f"SELECT value FROM {self.schema}.search_meta WHERE key = ?", (key,)
            ).fetchone()
        return row[0] if row else ""

    def lemma(self, word: str) -> str | None:
        """Return the stored lemma of a word, or None if the labels never asked about it."""
        with self.lock:
            row = self.db.execute(self._lemma_sql, (word,)).fetchone()
        return row[0] if row else None

    def keyed(self, mode: str, term: str) -> list[tuple[str, str, str]]:
        """Return (concept_id, label, kind) of the labels whose `mode` key is `term`, in label order."""
        from_labels = self._labels_sql.get(mode)
        with self.lock:
            if from_labels is not None:
                return self.db.execute(from_labels, (term,)).fetchall()
            return self.db.execute(self._keys_sql, (mode, term)).fetchall()

    def prefixed(self, key: str, most: int) -> list[tuple[str, int, int, str, str]]:
        """Return up to `most` prefix rows from the first whose key is not below `key`, in order,
        stopping at the first that does not start with `key`."""
        found = []
        with self.lock:
            for row in self.db.execute(self._prefix_sql, (key, most)):
                if not row[0].startswith(key):
                    break
                found.append(row)
        return found


class _TypoWords(Mapping[str, int]):
    """SymSpell's word counts, read from typo_words (every count is 1)."""

    def __init__(self, rows: StoredRows) -> None:
        self.rows = rows
        self._sql = f"SELECT 1 FROM {rows.schema}.typo_words WHERE key = ?"

    def __getitem__(self, key: str) -> int:
        with self.rows.lock:
            if self.rows.db.execute(self._sql, (key,)).fetchone() is None:
                raise KeyError(key)
        return 1

    def __iter__(self) -> Iterator[str]:
        with self.rows.lock:
            keys = [r[0] for r in self.rows.db.execute(f"SELECT key FROM {self.rows.schema}.typo_words")]
        return iter(keys)

    def __len__(self) -> int:
        with self.rows.lock:
            return self.rows.db.execute(f"SELECT COUNT(*) FROM {self.rows.schema}.typo_words").fetchone()[0]


class _TypoDeletes(Mapping[str, list[str]]):
    """SymSpell's deletes: the words (in the order SymSpell added them) that reduce to a
    variant, read through the words' shared prefixes."""

    def __init__(self, rows: StoredRows) -> None:
        self.rows = rows
        self._sql = (
            f"SELECT w.key FROM {rows.schema}.typo_deletes d JOIN {rows.schema}.typo_words w"
            " ON w.prefix = d.prefix WHERE d.variant = ? ORDER BY w.position"
        )
        self._last: tuple[str, list[str]] = ("", [])

    def _words(self, variant: str) -> list[str]:
        if self._last[0] == variant:  # SymSpell asks `in`, then reads the same entry
            return self._last[1]
        with self.rows.lock:
            words = [r[0] for r in self.rows.db.execute(self._sql, (variant,))]
        self._last = (variant, words)
        return words

    def __contains__(self, variant: object) -> bool:
        return isinstance(variant, str) and bool(self._words(variant))

    def __getitem__(self, variant: str) -> list[str]:
        words = self._words(variant)
        if not words:
            raise KeyError(variant)
        return words

    def __iter__(self) -> Iterator[str]:
        with self.rows.lock:
            variants = [
                r[0]
                for r in self.rows.db.execute(f"SELECT DISTINCT variant FROM {self.rows.schema}.typo_deletes")
            ]
        return iter(variants)

    def __len__(self) -> int:
        return sum(1 for _ in self)


def stored_typos(rows: StoredRows) -> Any:
    """Return a SymSpell whose dictionary is read from the stored tables as it is consulted.

    SymSpell's own lookup runs unchanged (same suggestions, same order); only its two
    dictionaries — words and deletes — are views over typo_words and typo_deletes instead
    of in-memory dicts built from every label.
    """
    from symspellpy import SymSpell

    typos = SymSpell(max_dictionary_edit_distance=TYPO_MAX_EDITS, prefix_length=TYPO_PREFIX_LENGTH)
    typos._words = _TypoWords(rows)
    typos._deletes = _TypoDeletes(rows)
    typos._max_length = int(rows.meta("typo_max_length") or 0)
    return typos


class ConceptLabels(Mapping[str, str]):
    """Each concept's preferred label by id, read from `concepts` as asked (and remembered)."""

    #: Labels remembered at most (then forgotten all at once).
    CACHE_SIZE = 65536

    def __init__(self, db: sqlite3.Connection, lock: Any) -> None:
        self.db = db
        self.lock = lock
        self._known: dict[str, str | None] = {}

    def load(self, concept_ids: Iterator[str] | list[str]) -> None:
        """Read the labels of many concepts in one query (before asking for each)."""
        wanted = [cid for cid in concept_ids if cid not in self._known]
        if not wanted:
            return
        if len(self._known) + len(wanted) > self.CACHE_SIZE:
            self._known.clear()
        with self.lock:
            rows = self.db.execute(
                "SELECT id, label FROM main.concepts WHERE id IN (SELECT value FROM json_each(?))",
                (json.dumps(wanted),),
            ).fetchall()
        self._known.update(dict.fromkeys(wanted))
        self._known.update(rows)

    def __getitem__(self, concept_id: str) -> str:
        if concept_id not in self._known:
            self.load([concept_id])
        label = self._known[concept_id]
        if label is None:
            raise KeyError(concept_id)
        return label

    def __contains__(self, concept_id: object) -> bool:
        return isinstance(concept_id, str) and self.get(concept_id) is not None

    def __iter__(self) -> Iterator[str]:
        with self.lock:
            ids = [r[0] for r in self.db.execute("SELECT id FROM main.concepts ORDER BY rowid")]
        return iter(ids)

    def __len__(self) -> int:
        with self.lock:
            return self.db.execute("SELECT COUNT(*) FROM main.concepts").fetchone()[0]


class ConceptLabelLists(Mapping[str, tuple[str, ...]]):
    """Every label of a concept by id, in stored order, read from `labels` as asked."""

    def __init__(self, db: sqlite3.Connection, lock: Any) -> None:
        self.db = db
        self.lock = lock

    def __getitem__(self, concept_id: str) -> tuple[str, ...]:
        with self.lock:
            rows = self.db.execute(
                "SELECT label FROM main.labels WHERE concept_id = ? ORDER BY rowid", (concept_id,)
            ).fetchall()
        if not rows:
            raise KeyError(concept_id)
        return tuple(r[0] for r in rows)

    def __iter__(self) -> Iterator[str]:
        with self.lock:
            ids = [r[0] for r in self.db.execute("SELECT DISTINCT concept_id FROM main.labels")]
        return iter(ids)

    def __len__(self) -> int:
        with self.lock:
            return self.db.execute("SELECT COUNT(DISTINCT concept_id) FROM main.labels").fetchone()[0]


def memory_typos(rows: StoredRows) -> Any:
    """Return SymSpell with its dictionary in memory, made from the stored words in their
    order (the same suggestions as `stored_typos`, without a query per look-up)."""
    from symspellpy import SymSpell

    typos = SymSpell(max_dictionary_edit_distance=TYPO_MAX_EDITS, prefix_length=TYPO_PREFIX_LENGTH)
    with rows.lock:
        words = rows.db.execute(f"SELECT key FROM {rows.schema}.typo_words ORDER BY position").fetchall()
    for (key,) in words:
        typos.create_dictionary_entry(key, 1)
    return typos
