"""Digests of what each concept page is made from, so a site rebuild rewrites only the pages
whose inputs changed.

A concept page is made from the concept's rows (the concept, its labels, its entries with
their source's path and title, every relation from or to it, its findings), what the page
shows of the concepts it names (made from their rows), and the site around it (title, A–Z bar,
language, address, the code and templates). `concept_digests` hashes the rows per concept,
read in a few whole-table queries without building the concept records, and each page's
digest folds in those of the concepts it names; `site_fingerprint` hashes what every page
shares. Two builds that agree on both write the same page; any difference, even one that
would not show, rewrites it."""

from __future__ import annotations

import gc
import hashlib
import json
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import termbase as package
from termbase.store import Termbase
from termbase.web.in_child import InChild

if TYPE_CHECKING:  # not imported: a site build starts its digests before loading the pages' code
    from termbase.web.pages import Summary


def _digest(value: object) -> str:
    return hashlib.blake2b(repr(value).encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """Return a hash of termbase's own source files, templates and static files: a new
    version of the code (which may render any page differently) rebuilds every page."""
    root = Path(package.__file__).parent
    hasher = hashlib.blake2b(digest_size=16)
    for path in sorted(root.rglob("*")):
        if path.suffix in (".py", ".html", ".css", ".js") and "__pycache__" not in path.parts:
            hasher.update(str(path.relative_to(root)).encode())
            hasher.update(path.read_bytes())
    return hasher.hexdigest()


def site_fingerprint(*parts: object) -> str:
    """Return a hash of what every page of a site shares (`parts`) and of the code."""
    return _digest((code_fingerprint(), parts))


def _row_text(termbase: Termbase, table: str, alias: str) -> str:
    """Return an SQL expression giving every column of `table` (as `alias`) as one JSON text."""
    columns = [row[1] for row in termbase.db.execute(f"PRAGMA table_info({table})")]
    return "json_array(" + ", ".join(f'{alias}."{column}"' for column in columns) + ")"


def concept_digests(termbase: Termbase) -> dict[str, str]:
    """Return, per concept id, a digest of everything its page is made from.

    Each row comes out of SQLite as one JSON text of all its columns (new columns included
    without a change here). A concept's own digest hashes its rows: the concept, its labels,
    its entries with their source's path and title, every relation from or to it and its
    stored findings. Its page also shows other concepts (the other side of each relation, its
    homonyms: their labels, in the site's language, come from their own rows), so the page's
    digest hashes its own digest with theirs: a change to a concept rewrites its page and
    the pages that name it. Reads only the termbase (no site data), so it can run in another
    process while the site data is loaded.
    """
    db = termbase.db
    texts: dict[str, list[str]] = {}
    named: dict[str, list[str]] = {}
    for concept_id, text, homonyms in db.execute(
        f"SELECT c.id, {_row_text(termbase, 'concepts', 'c')}, c.homonym_of FROM concepts c"
    ):
        texts[concept_id] = [text]
        named[concept_id] = json.loads(homonyms) if homonyms != "[]" else []
    for concept_id, text in db.execute(
        f"SELECT l.concept_id, {_row_text(termbase, 'labels', 'l')} FROM labels l ORDER BY l.rowid"
    ):
        texts[concept_id].append(text)
    entries = db.execute(
        f"""SELECT ce.concept_id, json_array(s.path, s.title), {_row_text(termbase, "entries", "e")}
            FROM concept_entries ce JOIN entries e ON e.id = ce.entry_id JOIN sources s ON s.id = e.source_id
            ORDER BY s.id, e.line, e.id"""
    )
    for concept_id, source, text in entries:
        texts[concept_id] += (source, text)
    relation_text = _row_text(termbase, "relations", "r")
    relations = db.execute(f"SELECT r.from_id, r.to_id, {relation_text} FROM relations r ORDER BY r.rowid")
    for from_id, to_id, text in relations:
        for one, other in ((from_id, to_id), (to_id, from_id)):
            if one in texts:
                texts[one].append(text)
                named[one].append(other)
    if db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'findings'").fetchone():
        for concept_id, text in db.execute(
            f"SELECT f.concept_id, {_row_text(termbase, 'findings', 'f')} FROM findings f ORDER BY f.rowid"
        ):
            if concept_id in texts:
                texts[concept_id].append(text)
    own = {
        concept_id: hashlib.blake2b(
            "\x1e".join(parts).encode("utf-8", "surrogatepass"), digest_size=16
        ).hexdigest()
        for concept_id, parts in texts.items()
    }
    digests = {}
    for concept_id, digest in own.items():
        others = named[concept_id]
        if others:
            digest = _digest((digest, [own.get(other, other) for other in others]))
        digests[concept_id] = digest
    return digests


def list_digest(items: list[Summary], *page: str) -> str:
    """Return a digest of what a list page (a letter, a topic) is made from besides the site:
    its concepts' ids, labels and summaries, and `page` (its name, its address)."""
    return _digest((page, [(item.id, item.label, item.summary) for item in items]))


def start_concept_digests(path: Path) -> InChild:
    """Start working out `concept_digests` of the termbase at `path` in a forked process (where
    forking is safe; else `get()` works them out): the job's `get()` returns them.

    This module imports only the store, so a command can start the job before it loads the
    site's own code (templates, Markdown, the pages' views) and the second core is busy sooner.
    """
    return InChild(_digests_of, path, writes=False)


def _digests_of(path: Path) -> dict[str, str]:
    """Return `concept_digests` of the termbase at `path`, with the cyclic garbage collector
    paused (opened here: a forked process must not use its parent's SQLite connection)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        with Termbase.open(path) as termbase:
            return concept_digests(termbase)
    finally:
        if enabled:
            gc.enable()
