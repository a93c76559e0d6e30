"""Concept pages stored with a termbase: rendered by `build`, put together by `termbase site`.

A static site spent most of its time making concept pages (each concept's rows read back, its
view, its article: 40-70 µs a page), several times what writing the page's file costs. `build`
renders each concept's article once and stores it, with what else the page and
glossary-data.txt take from the concept, so a site is put together from stored bytes::

    site_pages(id PK, digest, summary, sources)
        one row per concept, in the order of labels (`Termbase.summaries`)
        digest                its page digest (`page_digests.concept_digests`)
        summary, sources      its summary on list pages, and the paths of the sources that
                              define it (NUL between two), as `SiteData.load` makes them
    site_page_parts(id PK, heading, description, block, article)
        the same rows' page parts, apart (a list of every concept reads the small rows above
        without the pages' bytes)
        heading, description  the page's title and summary, escaped as the page shell's slots
                              take them (UTF-8)
        block                 the concept's glossary-data.txt block (`llms.concept_block`)
        article               the concept article (`_concept.html`) of a static site in the
                              termbase's default language (UTF-8)
    site_texts(name PK, text) the site's files made from every concept alike: `search-index`
                              (the search index's JSON, `site.search_index_json`)
    site_files(seq PK, name, kind, data, made_of)
                              every other file of a first site build (home, lists, llms.txt,
                              static files; glossary-data.txt's first line), the title a slot in
                              them (`other_files_with_title_slot`)
    site_shell(html)          the concept pages' shell, the site's title a slot in it
                              (`shell_with_title_slot`), for a first build to start writing pages
                              before the site's code is loaded (see `stored_site`)
    meta: site_pages = `stamp()`: this format and a fingerprint of the installed files of
          termbase (code, templates) and of the libraries that render a definition

They stand in only for what they were made as: a site in the default language (no `--lang`),
with the shipped article template, by the same code and libraries (the stamp). Anything else
— a file built before they existed, by other code, or of a size a build does not store them
for (see `stored_sizes.should_store`) — gets its pages rendered at site time, as before.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import sqlite3
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from termbase.web.pages import Listed, SiteData


#: Bump when what is stored, or how, changes.
FORMAT = 8
_META_KEY = "site_pages"
#: Libraries whose output is part of a stored article (a new version may render differently).
_RENDERING_MODULES = ("markdown_it", "mdit_py_plugins", "nh3", "latex2mathml", "markupsafe")
#: The rows of a share of pages, as `read_share` reads them.
_SHARE = "SELECT id, heading, description, article, block FROM site_page_parts WHERE id "


@lru_cache(maxsize=1)
def stamp() -> str:
    """Return what stored pages must say they are to be used: the format, and a fingerprint of
    the installed files of termbase (`page_digests.code_fingerprint`) and of the libraries that
    render a definition, known by path, size and time: code or a library installed or checked
    out again counts as other code (its first site renders every page, as a site of a file
    built elsewhere does)."""
    from termbase.web.page_digests import code_fingerprint, installed_file, installed_files

    rows = [code_fingerprint()]
    for module in _RENDERING_MODULES:
        spec = importlib.util.find_spec(module)
        if spec is None:
            rows.append(f"{module} missing")
        elif spec.submodule_search_locations:
            for folder in spec.submodule_search_locations:
                installed_files(rows, folder, module, _LIBRARY_SUFFIXES)
        elif spec.origin:
            installed_file(rows, spec.origin, module)
    text = "\n".join(sorted(rows)).encode("utf-8", "surrogateescape")
    return f"{FORMAT} {hashlib.blake2b(text, digest_size=16).hexdigest()}"


#: The files of a library that render (its code, compiled or not).
_LIBRARY_SUFFIXES = (".py", ".so", ".pyd")


def stored_stamp(db: sqlite3.Connection) -> str:
    """Return the stamp of the pages stored in `db`, or "" if it has none."""
    try:
        row = db.execute("SELECT value FROM meta WHERE key = ?", (_META_KEY,)).fetchone()
    except sqlite3.Error:
        return ""
    return row[0] if row else ""


def has_stored_pages(db: sqlite3.Connection) -> bool:
    """Return True if `db` holds pages stored by this code (`stamp`)."""
    found = stored_stamp(db)
    return bool(found) and found == stamp()


def stored_digests(db: sqlite3.Connection) -> list[tuple[str, str]]:
    """Return (id, page digest) of every concept, in the order of labels (`page_digests.IDS_BY_LABEL`):
    the digests as `concept_digests` makes them."""
    return db.execute("SELECT id, digest FROM site_pages ORDER BY rowid").fetchall()


def write_site_pages(path: Path) -> None:
    """Render the concept pages of the termbase file at `path` (complete but for them, not yet
    seen by readers) and store them in it, stamped.

    Where a second core can be used (`forked.can_fork`), two forked processes render the pages,
    each a share of them, while this one works out the digests and the site's other files."""
    global _rendering
    from termbase.forked import can_fork
    from termbase.store import Termbase
    from termbase.web.page_digests import concept_digests
    from termbase.web.pages import SiteData
    from termbase.web.share_workers import run_shares
    from termbase.web.site import concept_context, search_index_json

    connection = sqlite3.connect(path)
    try:
        termbase = Termbase(path, connection)
        data = SiteData.load(termbase)
        ids = sorted(summary.id for summary in data.summaries)  # the store's order of ids (ASCII slugs)
        workers = 2 if len(ids) >= _PARALLEL_FROM and can_fork() else 1
        step = -(-len(ids) // (workers * 2)) or 1
        tasks = [(ids[start : start + step],) for start in range(0, len(ids), step)]
        found: dict[str, object] = {}

        def meanwhile() -> None:
            found["digests"] = digests = concept_digests(connection)
            found["index"] = index = search_index_json(data)
            found["other"] = other_files_with_title_slot(data, digests, [s.id for s in data.summaries], index)
            found["shell"] = shell_with_title_slot(data)

        _rendering = (path, data, concept_context(data))
        try:
            if workers > 1:
                shares = run_shares(_render_share, tasks, workers, meanwhile)
            else:
                meanwhile()
                shares = [_render_share(*task) for task in tasks]
        finally:
            _rendering = None
        digests = found["digests"]
        sources_of = data.sources_of
        listed = [
            (s.id, digests[s.id], s.summary, "\0".join(sources_of.get(s.id, ())))  # type: ignore[index]
            for s in data.summaries
        ]
        with connection:
            connection.execute(
                "CREATE TABLE site_pages (id TEXT PRIMARY KEY, digest TEXT NOT NULL, summary TEXT NOT NULL,"
                " sources TEXT NOT NULL)"
            )
            connection.execute(
                "CREATE TABLE site_page_parts (id TEXT PRIMARY KEY, heading BLOB NOT NULL,"
                " description BLOB NOT NULL, block TEXT NOT NULL, article BLOB NOT NULL)"
            )
            connection.executemany("INSERT INTO site_pages VALUES (?,?,?,?)", listed)
            for rows in shares:
                connection.executemany("INSERT INTO site_page_parts VALUES (?,?,?,?,?)", rows)
            connection.execute("CREATE TABLE site_texts (name TEXT PRIMARY KEY, text TEXT NOT NULL)")
            connection.execute("INSERT INTO site_texts VALUES ('search-index', ?)", (found["index"],))
            other = found["other"]
            if other is not None:
                connection.execute(
                    "CREATE TABLE site_files (seq INTEGER PRIMARY KEY, name TEXT NOT NULL,"
                    " kind TEXT NOT NULL, data BLOB NOT NULL, made_of TEXT NOT NULL)"
                )
                connection.executemany(
                    "INSERT INTO site_files VALUES (?,?,?,?,?)",
                    [(n, *row) for n, row in enumerate(other)],  # type: ignore[arg-type]
                )
            shell = found["shell"]
            if shell is not None:
                connection.execute("CREATE TABLE site_shell (html TEXT NOT NULL)")
                connection.execute("INSERT INTO site_shell VALUES (?)", (shell,))
            connection.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (_META_KEY, stamp()))
    finally:
        connection.close()


#: From this many concepts a build renders its pages in two processes (where it can fork).
_PARALLEL_FROM = 1_000

#: The termbase being rendered, its site data and the pages' context (inherited by forked workers).
_rendering: tuple[Path, SiteData, dict[str, object]] | None = None


def _render_share(ids: list[str]) -> list[tuple[str, bytes, bytes, str, bytes]]:
    """Return the stored parts (id, heading, description, block, article) of the concepts `ids`
    (every id from the first to the last, in the store's order), rendered from a connection
    of their own."""
    from termbase.store import Termbase
    from termbase.web.llms import concept_block
    from termbase.web.pages import concept_page
    from termbase.web.render import escape_output
    from termbase.web.site import render_articles

    assert _rendering is not None
    path, data, context = _rendering
    links = context["links"]
    with Termbase(path, sqlite3.connect(f"file:{path.resolve()}?mode=ro", uri=True)) as termbase:
        records = list(termbase.concept_records(ids, (ids[0], ids[-1])))
    views = [concept_page(data, record, links) for record in records]  # type: ignore[arg-type]
    articles = render_articles(views, context)
    return [
        (
            record.id,
            escape_output(str(view["heading"])).encode("utf-8"),
            escape_output(str(view["summary"])).encode("utf-8"),
            concept_block(record),
            article.encode("utf-8"),
        )
        for record, view, article in zip(records, views, articles, strict=True)
    ]


#: Where the site's title goes in a stored shell (no text of a termbase holds a NUL character).
TITLE_SLOT = "\0title\0"
#: A title that a page must show as it is, escaped, for a title slot to stand in for it.
_CHECK_TITLE = '<Kiln & "glaze"> \'s'


def shell_with_title_slot(data: SiteData) -> str | None:
    """Return the concept pages' shell of a site of `data` (`render.page_shell`, without a
    canonical link) as one text, each slot marked `\\0name\\0`, the site's title a slot too
    (see `with_title`); None if a title put into it would not give the shell rendered with that
    title (a template that changes the title before printing it: checked with one that HTML
    escapes)."""
    from dataclasses import replace

    from termbase.web.render import page_shell
    from termbase.web.site import concept_context, marked_shell

    def shell_of(title: str) -> str:
        return marked_shell(page_shell(concept_context(replace(data, title=title))))

    marked = shell_of(TITLE_SLOT)
    return marked if shell_of(_CHECK_TITLE) == with_title(marked, _CHECK_TITLE) else None


#: How a stored file takes the site's title: escaped (an HTML page), as it is (plain text), or
#: not at all (no title in it).
_HTML, _PLAIN, _NONE = "html", "plain", "none"
#: The first line of glossary-data.txt, its title a slot (`llms.glossary_data_header`).
GLOSSARY_HEADER = "glossary-header"


def other_files_with_title_slot(
    data: SiteData, digests: dict[str, str], ids: list[str], index: str
) -> list[tuple[str, str, bytes, str]] | None:
    """Return every file of a first site build of `data` other than the concept pages (in its
    default language, without an address: `site.site_files` and `site.list_files`, in that
    order) and the first line of glossary-data.txt (named GLOSSARY_HEADER), each as (name, how
    it takes the title, its bytes with the title a slot, what it is made of); None if a title put
    into them would not give the files made with that title. `index`: the search index's JSON."""
    from dataclasses import replace

    from termbase.web.llms import glossary_data_header
    from termbase.web.site import list_files, site_files

    def files_of(title: str) -> list[tuple[str, bytes, str]]:
        titled = replace(data, title=title)
        here = Path()
        made = [*site_files(titled, here, None, "", ids), *list_files(titled, here, None, digests, index)]
        found = [(path.as_posix(), make(), made_of) for path, make, made_of in made]
        found.append((GLOSSARY_HEADER, glossary_data_header(title), ""))
        return [
            (name, text.encode("utf-8") if isinstance(text, str) else text, made_of)
            for name, text, made_of in found
        ]

    slot = TITLE_SLOT.encode("utf-8")
    stored = []
    for name, text, made_of in files_of(TITLE_SLOT):
        kind = _NONE if slot not in text else _HTML if name.endswith(".html") else _PLAIN
        stored.append((name, kind, text, made_of))
    made = [(name, filled(kind, text, _CHECK_TITLE), made_of) for name, kind, text, made_of in stored]
    return stored if made == files_of(_CHECK_TITLE) else None


def filled(kind: str, text: bytes, title: str) -> bytes:
    """Return a stored file's bytes with `title` in its title slots (see `other_files_with_title_slot`)."""
    if kind == _NONE:
        return text
    shown = with_title(TITLE_SLOT, title) if kind == _HTML else title
    return text.replace(TITLE_SLOT.encode("utf-8"), shown.encode("utf-8"))


def stored_files(db: sqlite3.Connection) -> list[tuple[str, str, bytes, str]] | None:
    """Return the stored files of `other_files_with_title_slot`, or None if there are none."""
    try:
        return db.execute("SELECT name, kind, data, made_of FROM site_files ORDER BY seq").fetchall()
    except sqlite3.Error:
        return None


def with_title(shell: str, title: str) -> str:
    """Return a stored shell (`shell_with_title_slot`) with `title` in its title slot, escaped."""
    from markupsafe import escape

    return shell.replace(TITLE_SLOT, str(escape(title)))


def stored_search_index(db: sqlite3.Connection) -> str | None:
    """Return the stored static search index (`site.search_index_json`), or None if there is none."""
    try:
        row = db.execute("SELECT text FROM site_texts WHERE name = 'search-index'").fetchone()
    except sqlite3.Error:
        return None
    return row[0] if row else None


def read_share(
    db: sqlite3.Connection, ids: list[str], span: tuple[str, str] | None
) -> list[tuple[str, bytes, bytes, bytes, str]]:
    """Return the stored (id, heading, description, article, block) of each concept of `ids`, in
    that order (`span`: the first and last of `ids` when they are every id between the two, in
    the store's order of ids, as `site.write_concept_pages` makes its shares)."""
    if span is not None:
        rows = db.execute(_SHARE + "BETWEEN ? AND ?", span).fetchall()
        if [row[0] for row in rows] == ids:
            return rows
    else:
        rows = db.execute(_SHARE + "IN (SELECT value FROM json_each(?))", (json.dumps(ids),)).fetchall()
    by_id = {row[0]: row for row in rows}
    return [by_id[concept_id] for concept_id in ids]


def read_listed(db: sqlite3.Connection) -> Listed | None:
    """Return every concept's summary, in the order of labels, and the sources of each concept,
    as `SiteData.load` makes them for a site in the default language (from the stored pages;
    None if the file has none in this format, see `stamp`)."""
    try:
        return _read_listed(db)
    except sqlite3.Error:
        return None


def _read_listed(db: sqlite3.Connection) -> Listed:
    from termbase.web.pages import Listed, Summary

    summaries, sources_of = [], {}
    rows = db.execute(
        "SELECT p.id, c.label, c.initial, p.summary, c.topics, p.sources"
        " FROM site_pages p JOIN concepts c ON c.id = p.id ORDER BY p.rowid"
    )
    loads = json.loads
    for concept_id, label, initial, summary, topics, sources in rows:
        summaries.append(
            Summary(concept_id, label, initial, summary, () if topics == "[]" else tuple(loads(topics)))
        )
        if sources:
            sources_of[concept_id] = tuple(sources.split("\0"))
    return Listed(summaries, sources_of)
