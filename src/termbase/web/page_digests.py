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
import os
import sqlite3
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import termbase as package
from termbase.web.in_child import InChild
from termbase.web.site_manifest import read_manifest

if TYPE_CHECKING:  # not imported: a site build starts this work before loading the pages' code
    from termbase.web.pages import Summary


def _digest(value: object) -> str:
    return hashlib.blake2b(repr(value).encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """Return a fingerprint of termbase's installed source files, templates and static files: a
    new version of the code (which may render any page differently) rebuilds every page.

    The files are known by path, size and modification time, not read (reading and hashing them
    took 20-50 ms of every site build): code installed or checked out again, even the same,
    counts as new."""
    rows: list[str] = []
    installed_files(rows, str(Path(package.__file__).parent), "termbase", CODE_SUFFIXES)
    text = "\n".join(sorted(rows)).encode("utf-8", "surrogateescape")
    return hashlib.blake2b(text, digest_size=16).hexdigest()


#: The files of termbase that may change what a page shows.
CODE_SUFFIXES = (".py", ".html", ".css", ".js")


def installed_files(rows: list[str], folder: str, name: str, suffixes: tuple[str, ...]) -> None:
    """Append "name/relative/path size mtime" for each file of `folder` (and below it) ending in
    one of `suffixes` to `rows` (compiled bytecode folders left out)."""
    stack = [(folder, name)]
    while stack:
        path, relative = stack.pop()
        try:
            entries = list(os.scandir(path))
        except OSError:
            continue
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                if entry.name != "__pycache__":
                    stack.append((entry.path, f"{relative}/{entry.name}"))
            elif entry.name.endswith(suffixes):
                installed_file(rows, entry.path, f"{relative}/{entry.name}")


def installed_file(rows: list[str], path: str, name: str) -> None:
    """Append "name size mtime" of the file at `path` to `rows` ("name missing" if there is none)."""
    try:
        status = os.stat(path)
    except OSError:
        rows.append(f"{name} missing")
        return
    rows.append(f"{name} {status.st_size} {status.st_mtime_ns}")


def site_fingerprint(code: str, *parts: object) -> str:
    """Return a hash of what every page of a site shares (`parts`) and of the `code`
    (`code_fingerprint()`)."""
    return _digest((code, parts))


def _row_text(db: sqlite3.Connection, table: str, alias: str) -> str:
    """Return an SQL expression giving every column of `table` (as `alias`) as one JSON text."""
    columns = [row[1] for row in db.execute(f"PRAGMA table_info({table})")]
    return "json_array(" + ", ".join(f'{alias}."{column}"' for column in columns) + ")"


def concept_digests(db: sqlite3.Connection) -> dict[str, str]:
    """Return, per concept id, a digest of everything its page is made from (`db`: a termbase).

    Each row comes out of SQLite as one JSON text of all its columns (new columns included
    without a change here). A concept's own digest hashes its rows: the concept, its labels,
    its entries with their source's path and title, every relation from or to it and its
    stored findings. Its page also shows other concepts (the other side of each relation, its
    homonyms: their labels, in the site's language, come from their own rows), so the page's
    digest hashes its own digest with theirs: a change to a concept rewrites its page and
    the pages that name it. Reads only the termbase (no site data), so it can run in another
    process while the site data is loaded.

    The rows of a concept are hashed in the order SQLite reads them (the same for the same
    file): a digest only has to differ when the rows do, so no query sorts.
    """
    texts: dict[str, list[str]] = {}
    named: dict[str, list[str]] = {}
    for concept_id, text, homonyms in db.execute(
        f"SELECT c.id, {_row_text(db, 'concepts', 'c')}, c.homonym_of FROM concepts c"
    ):
        texts[concept_id] = [text]
        if homonyms != "[]":
            named[concept_id] = json.loads(homonyms)
    for concept_id, text in db.execute(f"SELECT l.concept_id, {_row_text(db, 'labels', 'l')} FROM labels l"):
        texts[concept_id].append(text)
    entries = db.execute(
        f"""SELECT ce.concept_id, json_array(s.path, s.title) || char(30) || {_row_text(db, "entries", "e")}
            FROM concept_entries ce JOIN entries e ON e.id = ce.entry_id
            JOIN sources s ON s.id = e.source_id"""
    )
    for concept_id, text in entries:
        texts[concept_id].append(text)
    for from_id, to_id, text in db.execute(
        f"SELECT r.from_id, r.to_id, {_row_text(db, 'relations', 'r')} FROM relations r"
    ):
        for one, other in ((from_id, to_id), (to_id, from_id)):
            if one in texts:
                texts[one].append(text)
                named.setdefault(one, []).append(other)
    if db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'findings'").fetchone():
        for concept_id, text in db.execute(
            f"SELECT f.concept_id, {_row_text(db, 'findings', 'f')} FROM findings f"
        ):
            if concept_id in texts:
                texts[concept_id].append(text)
    blake2b = hashlib.blake2b
    own = {
        concept_id: blake2b("\x1e".join(parts).encode("utf-8", "surrogatepass"), digest_size=16).digest()
        for concept_id, parts in texts.items()
    }
    digests = {}
    for concept_id, digest in own.items():
        others = named.get(concept_id)
        if others:  # a concept that is gone counts by its id
            folded = b"".join(own.get(other) or other.encode("utf-8", "surrogatepass") for other in others)
            digest = blake2b(digest + folded, digest_size=16).digest()
        digests[concept_id] = digest.hex()
    return digests


def list_digest(items: list[Summary], digests: dict[str, str], *page: str) -> str:
    """Return a digest of what a list (a letter or topic page, the search index) is made from
    besides the site: its concepts' ids, the page digest of each (`digests`: what their labels
    and summaries are made from, and more), and `page` (its name, its address)."""
    rows = "\n".join([item.id + " " + digests.get(item.id, "") for item in items])
    text = json.dumps(page, ensure_ascii=False) + "\n" + rows
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


#: Every concept id in the order of `Termbase.concept_ids_by_label` (the store is not imported here).
IDS_BY_LABEL = "SELECT id FROM concepts ORDER BY label COLLATE NOCASE, id"


@dataclass(frozen=True, slots=True)
class SiteInputs:
    """What a site build compares before it writes: the code's fingerprint, every concept's
    page digest (`concept_digests`) and what the last build in the folder wrote (its manifest),
    compared already where that needs no site data."""

    code: str
    #: Every concept id, in the order of `Termbase.concept_ids_by_label`.
    ids: list[str]
    #: The page digest of each concept of `ids`, in that order.
    digests: list[str]
    #: The last build's fingerprint of what all its pages share ("" if none).
    site: str
    #: The last build's digests of its files other than concept pages.
    files: dict[str, str]
    #: The concepts whose page digest is not the last build's, or whose block it did not keep.
    changed: list[str]
    #: The concepts the last build wrote a page for that are gone.
    gone: list[str]
    #: The last build's glossary-data.txt ("" if it cannot be used), and where each concept of
    #: `ids` has its block in it (-1 where it has none).
    glossary: str
    starts: list[int]
    lengths: list[int]
    #: Whether the termbase holds its concept pages, stored by this code (`stored_pages`).
    stored: bool = False


def start_site_inputs(path: Path, out: Path) -> InChild:
    """Start working out the `SiteInputs` of a site of the termbase at `path` written into `out`
    in a forked process (where forking is safe; else `get()` works them out): the job's `get()`
    returns them.

    This module imports neither the store nor the site's own code (templates, Markdown, the
    pages' views), so a command can start the job first and the second core is busy sooner.
    """
    return InChild(_site_inputs_of, path, out, writes=False)


def _site_inputs_of(path: Path, out: Path) -> SiteInputs:
    """Return the `SiteInputs` of the termbase at `path` and the folder `out`, with the cyclic
    garbage collector paused (the termbase opened here, read-only: a forked process must not
    use its parent's SQLite connection)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        from termbase.web.stored_pages import has_stored_pages, stored_digests

        db = sqlite3.connect(f"file:{path.resolve()}?mode=ro", uri=True)
        try:
            stored = has_stored_pages(db)
            if stored:
                rows = stored_digests(db)
                digests, ids = dict(rows), [concept_id for concept_id, _ in rows]
            else:
                digests = concept_digests(db)
                ids = [row[0] for row in db.execute(IDS_BY_LABEL)]
        finally:
            db.close()
        earlier = read_manifest(out)
        pages, blocks = earlier.pages, earlier.blocks
        changed = [i for i in ids if pages.get(i) != digests[i] or i not in blocks]
        spans = [blocks.get(i, (-1, 0)) for i in ids]
        return SiteInputs(
            code=code_fingerprint(),
            ids=ids,
            digests=[digests[i] for i in ids],
            site=earlier.site,
            files=earlier.files,
            changed=changed,
            gone=[i for i in pages if i not in digests],
            glossary=earlier.glossary,
            starts=[start for start, _ in spans],
            lengths=[length for _, length in spans],
            stored=stored,
        )
    finally:
        if enabled:
            gc.enable()
