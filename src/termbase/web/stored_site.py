"""A first static site build's concept pages, written from the parts the termbase stores
(`stored_pages`) by forked workers started before the site's own code is loaded.

Loading the site's code (templates, Markdown, the pages' views) and its data took a site
build about a third of its time; the concept pages need none of it when the termbase stores
them, with their shell. `start_stored_pages` starts their workers at once. When the termbase
stores the site's other files too (`stored_pages.other_files_with_title_slot`),
`StoredPages.write_rest` writes them meanwhile from stored bytes and finishes the site (the
same files and manifest `site.write_site` writes); else `write_site` makes the other files
and collects the pages' text blocks (`StoredPages.blocks`). It applies to a first build into
a folder (no manifest, no `c/` there) in the termbase's default language, without
`--base-url`, by forked workers; anything else is written by `write_site` alone, as before.

Imports only the standard library, markupsafe and termbase's own light modules.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from termbase.errors import StoreError
from termbase.progress import ProgressCallback, no_progress
from termbase.web.share_workers import Shares
from termbase.web.site_files import (
    CONCEPT_IDS,
    FolderWriter,
    SiteSummary,
    _remove_temporaries,
    replace_file,
    temporary_name,
    worker_count,
)
from termbase.web.site_manifest import BUILDING, GLOSSARY_DATA, MANIFEST, write_manifest
from termbase.web.stored_pages import (
    GLOSSARY_HEADER,
    filled,
    has_stored_pages,
    read_share,
    stored_digests,
    stored_files,
    with_title,
)
from termbase.web.titles import site_title


@dataclass(frozen=True, slots=True)
class _Job:
    """What a worker needs; inherited by the forked workers."""

    termbase_path: Path
    folder: Path
    #: The shell's parts (UTF-8) around its slots: heading, description, main (in that order).
    parts: tuple[bytes, ...]


_job: _Job | None = None


class StoredPages:
    """Concept pages being written from stored parts (see `start_stored_pages`)."""

    def __init__(
        self,
        shares: Shares,
        ids: list[list[str]],
        folder: Path,
        workers: int,
        shell: str,
        site: tuple[Path, Path, str] | None = None,
    ) -> None:
        self._shares, self._ids = shares, ids
        #: The hidden folder the pages go into (renamed to `c/` by `write_site` when all are written).
        self.folder = folder
        self.workers = workers
        #: The shell the pages were put into, its slots marked (as `render.page_shell` makes it).
        self.shell = shell
        #: The termbase, the site's folder and its title, when the termbase stores every other
        #: file of the site too (then `write_rest` writes them; else `site.write_site` does).
        self.site = site

    def blocks(self, on_share: Callable[[int], None] | None = None) -> dict[str, str]:
        """Wait for every page to be written; return each concept's text block, by id
        (`on_share(pages)` is told of each share written, with its number of pages)."""

        def written(index: int, blocks: list[str]) -> None:
            if on_share:
                on_share(len(blocks))

        results = self._shares.collect(written)
        found: dict[str, str] = {}
        for share, blocks in zip(self._ids, results, strict=True):
            found.update(zip(share, blocks, strict=True))
        return found

    def close(self) -> None:
        """Stop the workers (if still running) and reap them."""
        self._shares.close()

    def write_rest(self, progress: ProgressCallback = no_progress) -> SiteSummary:
        """Write every other file of the site from what the termbase stores, the same files
        `site.write_site` writes for a first build (see `stored_pages.other_files_with_title_slot`),
        wait for the pages and put them in place; return what was written."""
        from termbase.web.page_digests import code_fingerprint, site_fingerprint  # after the workers start

        assert self.site is not None
        started = time.perf_counter()
        path, out, title = self.site
        db = sqlite3.connect(f"file:{path.resolve()}?mode=ro", uri=True)
        try:
            stored = stored_files(db)
            listed = stored_digests(db)
        finally:
            db.close()
        if stored is None:
            raise StoreError(f"{path}: the stored site files went missing while the site was written")
        for folder in ("letter", "topic", "static"):
            (out / folder).mkdir(exist_ok=True)
        (out / BUILDING).touch()
        files: dict[str, str] = {}
        header = b""
        for name, kind, text, made_of in stored:
            payload = filled(kind, text, title)
            if name == GLOSSARY_HEADER:
                header = payload
                continue
            replace_file(out / name, payload)
            files[name] = made_of or hashlib.blake2b(payload, digest_size=16).hexdigest()
        ids = [concept_id for concept_id, _ in listed]
        done = [0]

        def share_written(pages: int) -> None:
            done[0] += pages
            progress("writing concept pages", done[0], len(ids))

        block_of = self.blocks(share_written)
        os.replace(self.folder, out / "c")
        head = header.decode("utf-8") + "\n"
        ordered = [block_of[concept_id] for concept_id in ids]
        glossary = (head + "\n\n".join(ordered) + "\n").encode("utf-8")
        replace_file(out / GLOSSARY_DATA, glossary)
        files[GLOSSARY_DATA] = hashlib.blake2b(glossary, digest_size=16).hexdigest()
        spans, position = [], len(head)
        for block in ordered:
            spans += (position, len(block))
            position += len(block) + 2
        pieces = self.shell.split("\0")
        shared = (tuple(pieces[0::2]), tuple(pieces[1::2]), "", "", title)
        site = site_fingerprint(code_fingerprint(), *shared)
        write_manifest(out, site, files, ids, [digest for _, digest in listed], spans)
        return SiteSummary(
            out=out,
            pages=sum(name.endswith(".html") for name in files) + len(ids),
            files=len(files) + len(ids),
            seconds=time.perf_counter() - started,
            workers=self.workers,
            rewritten=len(files) + len(ids),
        )


def start_stored_pages(
    path: Path, out: Path, title: str, language: str, base_url: str, workers: int | None
) -> StoredPages | None:
    """Start writing the concept pages of a site of the termbase at `path` into `out` from its
    stored parts, by forked workers; return them, or None where this does not apply (a rebuild,
    `--lang`, `--base-url`, one worker, no stored pages made by this code: `write_site` writes
    the pages then). `title`: the site's title ("" for the one made from the file's name)."""
    global _job
    if language or base_url or (out / MANIFEST).exists() or (out / "c").exists():
        return None
    try:
        db = sqlite3.connect(f"file:{path.resolve()}?mode=ro", uri=True)
    except sqlite3.Error:
        return None
    try:
        if not has_stored_pages(db):
            return None
        shell = db.execute("SELECT html FROM site_shell").fetchone()[0]
        ids = [row[0] for row in db.execute("SELECT id FROM site_pages ORDER BY id")]
        whole = db.execute("SELECT 1 FROM sqlite_master WHERE name = 'site_files'").fetchone() is not None
    except (sqlite3.Error, TypeError):
        return None
    finally:
        db.close()
    count = worker_count(len(ids), workers)
    joined = "\n".join(ids)
    if count < 2 or joined.count("\n") != len(ids) - 1 or not CONCEPT_IDS.fullmatch(joined):
        return None  # ids that cannot be page names: write_site reports them
    title = title or site_title(path)
    shell = with_title(shell, title)
    pieces = shell.split("\0")
    if pieces[1::2] != ["heading", "description", "main"]:
        return None
    out.mkdir(parents=True, exist_ok=True)
    _remove_temporaries(out)
    folder = out / temporary_name("c")
    folder.mkdir()
    _job = _Job(path, folder, tuple(piece.encode("utf-8") for piece in pieces[0::2]))
    try:
        step = -(-len(ids) // (count * 4))
        shares = [ids[start : start + step] for start in range(0, len(ids), step)]
        running = Shares(_write_share, [(share,) for share in shares], count)
    finally:
        _job = None
    return StoredPages(running, shares, folder, count, shell, (path, out, title) if whole else None)


def _write_share(ids: list[str]) -> list[str]:
    """Write the pages of `ids` (every concept id from the first to the last, in the store's order
    of ids) from the stored parts; return their text blocks, in order."""
    assert _job is not None
    db = sqlite3.connect(f"file:{_job.termbase_path.resolve()}?mode=ro", uri=True)
    try:
        rows = read_share(db, ids, (ids[0], ids[-1]))
    finally:
        db.close()
    start, after_heading, after_description, end = _job.parts
    writer = FolderWriter(_job.folder, new=True)
    write = writer.write_pieces
    try:
        for concept_id, heading, description, article, _block in rows:
            write(
                f"{concept_id}.html",
                [start, heading, after_heading, description, after_description, article, end],
            )
    finally:
        writer.close()
    return [row[4] for row in rows]
