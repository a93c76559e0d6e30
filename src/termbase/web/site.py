"""The static site: every page of the web app as files that work opened from disk.

Links are relative (`c/<id>.html`, `../letter/A.html`), so the folder works from any file
host or straight from `file://`. Search as you type uses `search-index.js`, which defines
`window.TERMBASE_INDEX` (file:// pages cannot fetch JSON); `search-index.json` holds the
same data for other tools.
"""

from __future__ import annotations

import gc
import hashlib
import html
import json
import os
import shutil
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from urllib.parse import urlsplit

from termbase.errors import StoreError
from termbase.model import is_concept_id
from termbase.progress import ProgressCallback, no_progress
from termbase.store import Termbase
from termbase.web.concept_article import article_html, mirrors
from termbase.web.concept_rows import PageMaker, read_rows, read_sources, write_pages
from termbase.web.in_child import InChild
from termbase.web.llms import concept_block, glossary_data_header, llms_txt
from termbase.web.page_digests import SiteInputs, list_digest, site_fingerprint, start_site_inputs
from termbase.web.pages import (
    Links,
    SiteData,
    concept_page,
    home_page,
    letter_page,
    search_page,
    stats_page,
    topic_file,
    topic_page,
)
from termbase.web.render import (
    STATIC_DIR,
    PageShell,
    az_bar,
    environment,
    escape_output,
    page_shell,
    render_page,
)
from termbase.web.share_workers import run_shares
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
from termbase.web.stored_pages import has_stored_pages, read_listed, read_share, stored_search_index
from termbase.web.stored_site import StoredPages

STATIC_FILES = ("style.css", "search.js")


@dataclass(frozen=True, slots=True)
class _ConceptJob:
    """What a worker needs to write concept pages; inherited by forked workers."""

    data: SiteData
    termbase_path: Path
    folder: Path
    context: dict[str, object]
    shell: PageShell
    #: Links rooted at the site's public address (`--base-url`), for canonical URLs; or None.
    public: Links | None = None
    #: Whether `folder` is new and hidden, renamed into place once whole (see FolderWriter).
    new_folder: bool = False
    #: Whether the pages are put together from the parts the termbase stores (`stored_pages`).
    stored: bool = False
    #: What makes the pages straight from the termbase's rows, where it makes what the template
    #: would (`concept_rows`); None where each page goes through its record and view.
    maker: PageMaker | None = None


_job: _ConceptJob | None = None


def _write_share(ids: list[str], span: tuple[str, str] | None = None) -> list[str]:
    """Read the concepts `ids` and write their pages; return their text blocks, in order.
    (`span`: the first and last of `ids` when they are every concept between the two, in the
    store's order of ids; see `Termbase.concept_records`.)

    Each call opens the termbase anew, so forked workers never share a SQLite connection.
    The work goes stage by stage over the whole share (views, then articles, then files):
    about a fifth faster than page by page, as each stage's code and data stay in cache.
    """
    assert _job is not None
    if _job.stored:
        return _write_stored_share(ids, span)
    context, shell = _job.context, _job.shell
    if _job.maker is not None:  # the usual site: pages made straight from the rows (`concept_rows`)
        writer = FolderWriter(_job.folder, new=_job.new_folder)
        try:
            with Termbase.open(_job.termbase_path) as termbase:
                rows = list(read_rows(termbase.db, ids, span))
            return write_pages(_job.maker, iter(rows), shell, writer.write_pieces, _job.public)
        finally:
            writer.close()
    with Termbase.open(_job.termbase_path) as termbase:
        records = list(termbase.concept_records(ids, span))
    links = context["links"]
    views = [concept_page(_job.data, record, links) for record in records]  # type: ignore[arg-type]
    articles = render_articles(views, context)
    writer = FolderWriter(_job.folder, new=_job.new_folder)
    try:
        for record, view, html in zip(records, views, articles, strict=True):
            canonical = _job.public.concept(record.id) if _job.public else ""
            page = shell.fill_encoded(
                heading=str(view["heading"]), description=str(view["summary"]), main=html, canonical=canonical
            )
            writer.write_pieces(f"{record.id}.html", page)
    finally:
        writer.close()
    return [concept_block(record) for record in records]


def _write_stored_share(ids: list[str], span: tuple[str, str] | None = None) -> list[str]:
    """Write the pages of the concepts `ids` from the parts the termbase stores (see
    `stored_pages`: the same bytes `_write_share` makes); return their text blocks, in order."""
    assert _job is not None
    db = sqlite3.connect(f"file:{_job.termbase_path.resolve()}?mode=ro", uri=True)
    try:
        rows = read_share(db, ids, span)
    finally:
        db.close()
    parts, slots, public = _job.shell.encoded_parts, _job.shell.slots, _job.public
    writer = FolderWriter(_job.folder, new=_job.new_folder)
    write = writer.write_pieces
    try:
        if slots == ("heading", "description", "main") and public is None:  # the usual shell, in order
            start, after_heading, after_description, end = parts
            for concept_id, heading, description, article, _block in rows:
                write(
                    f"{concept_id}.html",
                    [start, heading, after_heading, description, after_description, article, end],
                )
        else:
            rest = list(zip(slots, parts[1:], strict=True))
            for concept_id, heading, description, article, _block in rows:
                values = {"heading": heading, "description": description, "main": article}
                if public:
                    values["canonical"] = escape_output(public.concept(concept_id)).encode("utf-8")
                pieces = [parts[0]]
                for slot, part in rest:
                    pieces += (values[slot], part)
                write(f"{concept_id}.html", pieces)
    finally:
        writer.close()
    return [row[4] for row in rows]


def marked_shell(shell: PageShell) -> str:
    """Return a shell as one text, its slots marked as `stored_pages.shell_with_title_slot` marks them."""
    slots = (f"\0{slot}\0{part}" for slot, part in zip(shell.slots, shell.parts[1:], strict=True))
    return shell.parts[0] + "".join(slots)


def render_articles(views: list[dict[str, object]], context: dict[str, object]) -> list[str]:
    """Return the concept article (`_concept.html`) of each view, rendered with `context`.

    The same text as `template.render({**context, **view})`, with the template's globals and
    `context` merged once for all pages instead of twice a page (Jinja copies the variables it
    is given into a new context; `shared` uses the merged dict as it is): 14% less time. The
    pages are rendered in one Jinja context whose variables are set anew for each page (a
    context costs more to make than the article's own variables to set: 15% less time); a
    template that changed its context while rendering (`{% set %}` at its top level, `{% extends
    %}`) gets a new one for the next page.

    While `_concept.html` is the shipped template, a static site's articles are made by
    `concept_article.article_html` (the same text in two thirds of the time); a changed template
    (a user's own) is rendered by Jinja.
    """
    links = context["links"]
    if mirrors(environment(), links):
        return [article_html(view, links) for view in views]
    template = environment().get_template("_concept.html")
    shared = {**template.globals, **context}
    render, new_context, concat = template.root_render_func, template.new_context, template.environment.concat
    page = new_context(shared, shared=True)
    blocks = {name: list(functions) for name, functions in page.blocks.items()}
    articles = []
    try:
        for view in views:
            page.parent = {**shared, **view}
            articles.append(concat(render(page)))
            if page.vars or page.exported_vars or page.blocks != blocks:
                page = new_context(shared, shared=True)
        return articles
    except Exception:
        for view in views:  # raise the error the way Jinja reports it, with the template's lines
            template.render({**context, **view})
        raise


def concept_context(data: SiteData) -> dict[str, object]:
    """Return what every concept page of a static site is rendered with besides its view."""
    links = Links(root="../", static=True)
    return {
        "site": data,
        "links": links,
        "suggest_url": "",
        "az_bar": az_bar(tuple(data.letters), links),
        "page": "concept",
    }


def write_concept_pages(
    data: SiteData,
    termbase: Termbase,
    ids: list[str],
    folder: Path,
    workers: int = 1,
    meanwhile: Callable[[], None] | None = None,
    public: Links | None = None,
    progress: ProgressCallback = no_progress,
    new_folder: bool = False,
    every_concept: bool = False,
    shell: PageShell | None = None,
    stored: bool = False,
) -> list[str]:
    """Write the page of each concept of `ids` into `folder`; return each one's glossary-data
    block, in the order of `ids`.

    Each page is the shared shell (rendered once) around the concept article. With
    `workers` > 1 the concepts are split into shares, each read and written by one of that
    many forked processes, while this process runs `meanwhile` (the site's other pages).
    With `every_concept` (`ids` are all the termbase's concepts), the shares are runs of ids
    in the store's order, each read as a range (see `Termbase.concept_records`). `shell`: the
    pages' `page_shell`, if the caller made it already.
    With `public` (links rooted at the site's address), each page names its canonical URL.
    `progress` is told of each share of pages written ("writing concept pages"). With `stored`,
    the pages are put together from the parts the termbase stores (`stored_pages`; the caller
    checked they are there, made by this code, and fit this site).
    """
    global _job
    context = concept_context(data)
    # every id at once (a site has thousands; an id holding a line break adds one), then one by
    # one only to name the bad ones
    joined = "\n".join(ids)
    safe = joined.count("\n") == len(ids) - 1 and CONCEPT_IDS.fullmatch(joined) is not None
    unsafe = [] if safe else [concept_id for concept_id in ids if not is_concept_id(concept_id)]
    if unsafe:
        raise StoreError(
            f"{termbase.path}: concept ids that cannot be page names: "
            + ", ".join(repr(i) for i in unsafe[:5])
            + (f" and {len(unsafe) - 5} more" if len(unsafe) > 5 else "")
            + " — rebuild the termbase with this version of termbase (its readers refuse such ids)"
        )
    shell = shell or page_shell(context, canonical=public is not None)
    environment().get_template("_concept.html")  # loaded here once, not by each forked worker
    links = context["links"]
    maker = None
    if not stored and not data.language and mirrors(environment(), links):
        maker = PageMaker(data, links, data.conflicts, read_sources(termbase.db))  # type: ignore[arg-type]
    _job = _ConceptJob(data, termbase.path, folder, context, shell, public, new_folder, stored, maker)
    try:
        if workers < 2 or not ids:
            if meanwhile:
                meanwhile()
            blocks = _write_share(ids)
            progress("writing concept pages", len(ids), len(ids))
            return blocks
        step = -(-len(ids) // (workers * 4))
        # Python orders ids (ASCII slugs, see is_concept_id) as SQLite's binary collation does.
        ordered = sorted(ids) if every_concept else ids
        shares = [ordered[start : start + step] for start in range(0, len(ordered), step)]
        tasks = [(share, (share[0], share[-1]) if every_concept else None) for share in shares]
        written = [0]

        def share_written(index: int, blocks: list[str]) -> None:
            written[0] += len(blocks)
            progress("writing concept pages", written[0], len(ids))

        results = run_shares(_write_share, tasks, workers, meanwhile, share_written)
        block_of: dict[str, str] = {}
        for share, blocks in zip(shares, results, strict=True):
            block_of.update(zip(share, blocks, strict=True))
        return [block_of[concept_id] for concept_id in ids]
    finally:
        _job = None


def _glossary_blocks(ids: list[str], new: dict[str, str], earlier: SiteInputs | None) -> list[str]:
    """Return the glossary-data block of each concept of `ids`: its `new` one, else the one the
    last build wrote (in `earlier.glossary`, when the site is the same)."""
    if earlier is None:
        return [new[concept_id] for concept_id in ids]
    text, starts, lengths = earlier.glossary, earlier.starts, earlier.lengths
    return [
        new[concept_id] if concept_id in new else text[start : start + length]
        for concept_id, start, length in zip(ids, starts, lengths, strict=True)
    ]


#: A file of a site other than a concept page: its path, what makes its text, and a digest of
#: what it is made from ("" where the text's own digest is taken).
OtherFile = tuple[Path, Callable[[], "str | bytes"], str]


def site_files(
    data: SiteData, out: Path, public: Links | None, base_url: str, ids: list[str]
) -> list[OtherFile]:
    """Return the home, stats and search pages, llms.txt (and the sitemap) and the static files
    of a site of `data` in `out` (`public`: links rooted at `base_url`, if it has one)."""
    top = Links(root="", static=True)
    base_top = {"site": data, "links": top, "suggest_url": ""}
    home = {**base_top, **home_page(data), "canonical": public.home() if public else ""}
    stats = {**base_top, **stats_page(data), "canonical": public.stats() if public else ""}
    found: list[OtherFile] = [
        (out / "index.html", lambda: render_page("home.html", home), ""),
        (out / "stats.html", lambda: render_page("stats.html", stats), ""),
        (
            out / "search.html",
            lambda: render_page("search.html", {**base_top, **search_page(data, "", None)}),
            "",
        ),
        (out / "llms.txt", lambda: llms_txt(data, public or top), ""),
    ]
    if public:
        found.append((out / "sitemap.xml", lambda: sitemap_xml(public, data, ids), ""))
        if urlsplit(base_url).path == "/":  # crawlers read robots.txt at a host's root only
            robots = f"User-agent: *\nAllow: /\nSitemap: {public.file('sitemap.xml')}\n"
            found.append((out / "robots.txt", lambda: robots, ""))
    for name in STATIC_FILES:
        found.append((out / "static" / name, (STATIC_DIR / name).read_bytes, ""))
    return found


def list_files(
    data: SiteData,
    out: Path,
    public: Links | None,
    digests: dict[str, str],
    stored_index: str | None = None,
    lists: bool = True,
    index: bool = True,
) -> Iterator[OtherFile]:
    """Yield the letter and topic pages (with `lists`) and the search index (as JSON and as a
    script; with `index`) of a site of `data` in `out`, each with the digest of what it is made
    from (`digests`: every concept's page digest; `stored_index`: the search index's JSON, when
    the termbase stores it)."""
    nested = {"site": data, "links": Links(root="../", static=True), "suggest_url": ""}
    for initial in data.letters if lists else ():
        canonical = public.letter(initial) if public else ""

        def letter(initial: str = initial, canonical: str = canonical) -> str:
            view = {**nested, **(letter_page(data, initial) or {}), "current_letter": initial}
            return render_page("letter.html", {**view, "canonical": canonical})

        made_of = list_digest(data.by_initial[initial], digests, initial, canonical)
        yield out / "letter" / f"{initial}.html", letter, made_of
    for topic in data.topics if lists else ():
        canonical = public.topic(topic) if public else ""

        def topic_html(topic: str = topic, canonical: str = canonical) -> str:
            view = {**nested, **(topic_page(data, topic) or {})}
            return render_page("topic.html", {**view, "canonical": canonical})

        made_of = list_digest(data.by_topic[topic], digests, topic, canonical)
        yield out / "topic" / f"{topic_file(topic)}.html", topic_html, made_of
    if not index:
        return
    made_of = list_digest(data.summaries, digests, "search index")
    index: list[str] = []

    def index_json() -> str:
        if not index:
            index.append(stored_index or search_index_json(data))
        return index[0]

    yield out / "search-index.json", index_json, made_of
    yield out / "search-index.js", lambda: f"window.TERMBASE_INDEX = {index_json()};\n", made_of


def search_index(data: SiteData) -> dict[str, object]:
    """Return the static search index: `concepts` as [id, label, [labels], summary] rows."""
    return {
        "version": 1,
        "concepts": [
            [s.id, s.label, data.labels.get(s.id, [s.label]), clipped(s.summary, 120)] for s in data.summaries
        ],
    }


def search_index_json(data: SiteData) -> str:
    """Return the static search index (`search_index`) as JSON text."""
    # plain lists and strings, made here: no cycle to look for (a fifth less time)
    rows = search_index(data)
    return json.dumps(rows, ensure_ascii=False, separators=(",", ":"), check_circular=False)


def clipped(text: str, width: int) -> str:
    """Return `text` cut to at most `width` characters at a word, with "…" where it was cut
    (a search result's summary cut mid-word, "… dominates infer", read as the whole of it)."""
    if len(text) <= width:
        return text
    cut = text[: width - 1]
    return (cut[: cut.rfind(" ")].rstrip(" ,;:—") if " " in cut else cut) + "…"


#: The namespace of the sitemaps protocol (sitemaps.org), built from its parts.
SITEMAP_NS = "http://www." + "sitemaps.org/schemas/sitemap/0.9"


def sitemap_xml(public: Links, data: SiteData, ids: list[str]) -> str:
    """Return sitemap.xml: the address of every page a search engine should know (not the
    search page), with links rooted at the site's public address."""
    urls = [public.home(), public.stats()]
    urls += [public.letter(initial) for initial in data.letters]
    urls += [public.topic(topic) for topic in data.topics]
    urls += [public.concept(concept_id) for concept_id in ids]
    rows = "".join(f"<url><loc>{html.escape(url, quote=False)}</loc></url>\n" for url in urls)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{SITEMAP_NS}">\n{rows}</urlset>\n'


def remove_stale_files(out: Path, earlier: dict[str, str], written: set[str]) -> int:
    """Remove the files of `out` that an earlier build listed (`earlier`: by path relative to
    `out`) and `written` does not; return how many were removed. Only files an earlier build
    listed are touched: a reader's own files in the folder stay."""
    removed = 0
    for name in earlier:
        if not name or name in written:
            continue
        relative = PurePosixPath(name)
        if relative.is_absolute() or ".." in relative.parts:
            continue
        try:
            (out / relative).unlink()
            removed += 1
        except FileNotFoundError:
            pass
    return removed


def write_site(
    termbase: Termbase,
    out: Path,
    title: str = "",
    language: str = "",
    workers: int | None = None,
    base_url: str = "",
    progress: ProgressCallback = no_progress,
    inputs: InChild | None = None,
    early: StoredPages | None = None,
) -> SiteSummary:
    """Write the static site of `termbase` into the folder `out`; return what was written.

    With `language`, every page shows labels and definitions in it where the termbase has
    them, else in English. `workers` processes write the concept pages (default: one per
    core for sites of PARALLEL_FROM concepts or more; see `worker_count`). With `base_url`
    (the address the folder will be served from, ending in `/`), pages name their canonical
    URL, `sitemap.xml` lists them (and `robots.txt` names it, at a host's root), and llms.txt
    links are absolute. `inputs`: the job `start_site_inputs(termbase.path, out)` returned, if
    the caller started it (it is closed here). `early`: the concept pages' workers
    `stored_site.start_stored_pages` started for this build, if it did (closed here).
    """
    with cyclic_gc_paused():
        # Every build needs the pages' digests (to compare, or for the next build): worked out
        # with the last build's manifest in another process while this one loads the site data
        # (the caller may have started it sooner, see `start_site_inputs`).
        inputs_job = inputs or start_site_inputs(termbase.path, out)
        try:
            return _write_site(termbase, out, title, language, workers, base_url, progress, inputs_job, early)
        finally:
            inputs_job.close()
            if early is not None:
                early.close()


@contextmanager
def cyclic_gc_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector (and in workers forked meanwhile).

    A site build holds tens of thousands of records and views; each collection walks all of
    them, which made building the page views about half again as slow. Reference counting still
    frees everything as it goes; what the pause leaves (reference cycles) is collected once after.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
            gc.collect(0)


def _write_site(
    termbase: Termbase,
    out: Path,
    title: str,
    language: str,
    workers: int | None,
    base_url: str,
    progress: ProgressCallback,
    inputs_job: InChild,
    early: StoredPages | None,
) -> SiteSummary:
    started = time.perf_counter()
    # With no manifest in `out`, every page is written: the inputs are only needed for the next
    # build's manifest, and are taken at the end (the pages are not held up for them).
    rebuild = (out / MANIFEST).is_file()
    # Pages stored with the termbase are used by a site in its default language with the shipped
    # article template, when they were made by this code (the helper then reads their digests).
    stored = early is not None or (
        not language
        and has_stored_pages(termbase.db)
        and mirrors(environment(), Links(root="../", static=True))
    )
    listed = read_listed(termbase.db) if stored else None
    stored = listed is not None
    data = SiteData.load(termbase, title, language, listed)
    # read here: the list pages may be written by a forked process (no SQLite connection crosses a fork)
    stored_index = stored_search_index(termbase.db) if stored else None
    public = Links(root=base_url, static=True) if base_url else None

    for folder in ("letter", "topic", "static"):
        (out / folder).mkdir(parents=True, exist_ok=True)
    present = _remove_temporaries(out, early.folder.name if early else "")[1]
    pages_folder = out / "c"
    # A first build writes the concept pages into a hidden folder renamed to c/ when all are
    # written: no page is ever seen half written, without a rename per page.
    first = not present
    if first:
        pages_folder = early.folder if early else out / temporary_name("c")
    shell = page_shell(concept_context(data), canonical=public is not None)
    if early is not None and early.shell != marked_shell(shell):  # never seen: the build checks its shell
        early.close()
        shutil.rmtree(early.folder)
        early = None
    pages_folder.mkdir(exist_ok=True)
    shared = (shell.parts, shell.slots, base_url, language, data.title)
    inputs: SiteInputs | None = inputs_job.get() if rebuild else None  # type: ignore[assignment]
    same_site = inputs is not None and inputs.site == site_fingerprint(inputs.code, *shared)
    earlier_files = inputs.files if inputs else {}
    if inputs:
        ids = inputs.ids
    elif language:  # the summaries are in the order of the labels shown
        ids = termbase.concept_ids_by_label()
    else:  # the summaries came in the order of concept_ids_by_label (the same ORDER BY)
        ids = [summary.id for summary in data.summaries]
    if inputs and same_site:
        changed = set(inputs.changed)
        todo = [i for i in ids if i in changed or f"{i}.html" not in present]
    else:  # every page is written: the digests are only needed for the next build, made meanwhile
        todo = ids
    workers = early.workers if early else worker_count(len(todo), workers)
    rewritten = len(todo)
    #: What each file other than a concept page is made of (see `unchanged`).
    files: dict[str, str] = {}
    (out / BUILDING).touch()

    def unchanged(path: Path, made_of: str) -> bool:
        """Whether `path` is there from the last build, made of the same (and record it)."""
        name = path.relative_to(out).as_posix()
        files[name] = made_of
        return same_site and earlier_files.get(name) == made_of and path.is_file()

    def write(path: Path, text: str | bytes, made_of: str = "") -> None:
        """Write `path` unless the last build wrote the same (`made_of`: a digest of what it is
        made from, when that is cheaper to know than the text; else the text's digest)."""
        nonlocal rewritten
        payload = text.encode("utf-8") if isinstance(text, str) else text
        if made_of or not unchanged(path, hashlib.blake2b(payload, digest_size=16).hexdigest()):
            replace_file(path, payload)
            rewritten += 1

    digest_of: dict[str, str] = {}

    def page_digests() -> dict[str, str]:
        """Return every concept's page digest, by id (from the helper: a first build waits for it)."""
        nonlocal inputs
        if inputs is None:
            inputs = inputs_job.get()  # type: ignore[assignment]
            assert inputs is not None
        if not digest_of:
            digest_of.update(zip(inputs.ids, inputs.digests, strict=True))
        return digest_of

    def site_pages() -> None:
        """Write the home, stats and search pages, llms.txt (and the sitemap) and the static files."""
        for path, make, made_of in site_files(data, out, public, base_url, ids):
            write(path, make(), made_of)

    def list_pages(lists: bool = True, index: bool = True) -> tuple[dict[str, str], int]:
        """Write the letter and topic pages (with `lists`) and the search index (as JSON and as
        a script; with `index`); return what they add to `files` and how many were written."""
        known, before = set(files), rewritten
        for path, make, made_of in list_files(data, out, public, page_digests(), stored_index, lists, index):
            if not unchanged(path, made_of):
                write(path, make(), made_of)
        return {name: files[name] for name in files.keys() - known}, rewritten - before

    def all_pages_but_concepts() -> None:
        site_pages()
        list_pages()

    # A rebuild: the search index is written by another process while this one writes the
    # changed concept pages and then the other pages, the letter and topic pages last (the
    # digests are already here: the child reads no pipe of this process).
    lists_job = InChild(list_pages, False, True) if same_site and workers < 2 else None
    try:
        if early is not None:  # a first build: every concept's page, written since the command began
            all_pages_but_concepts()
            done = [0]

            def share_written(pages: int) -> None:
                done[0] += pages
                progress("writing concept pages", done[0], len(ids))

            block_of = early.blocks(share_written)
            new_blocks = [block_of[concept_id] for concept_id in todo]
        else:
            new_blocks = write_concept_pages(
                data,
                termbase,
                todo,
                pages_folder,
                workers,
                None if lists_job and lists_job.forked else all_pages_but_concepts,
                public,
                progress,
                new_folder=first,
                every_concept=len(todo) == len(ids),  # `todo` is a part of `ids`, each id once
                shell=shell,
                stored=stored,
            )
        if first:
            if (out / "c").is_dir():
                (out / "c").rmdir()  # empty (see `first`)
            os.replace(pages_folder, out / "c")
        header = glossary_data_header(data.title) + "\n"
        if todo is ids and not same_site:  # every block is new, already in the order of `ids`
            ordered = new_blocks
        else:
            new = dict(zip(todo, new_blocks, strict=True))
            ordered = _glossary_blocks(ids, new, inputs if same_site else None)
        write(out / GLOSSARY_DATA, header + "\n\n".join(ordered) + "\n")
        spans, position = [], len(header)
        for block in ordered:
            spans += (position, len(block))
            position += len(block) + 2
        if lists_job and lists_job.forked:
            site_pages()
            list_pages(True, False)
            listed, count = lists_job.get()  # type: ignore[misc]
            files.update(listed)
            rewritten += count
    finally:
        if lists_job:
            lists_job.close()
    digests = page_digests()
    assert inputs is not None
    removed = remove_stale_files(out, earlier_files, set(files))
    removed += remove_stale_files(out, {f"c/{i}.html": "" for i in inputs.gone}, set())
    site = site_fingerprint(inputs.code, *shared)
    write_manifest(out, site, files, ids, [digests[concept_id] for concept_id in ids], spans)
    return SiteSummary(
        out=out,
        pages=sum(name.endswith(".html") for name in files) + len(ids),
        files=len(files) + len(ids),
        seconds=time.perf_counter() - started,
        workers=workers,
        removed=removed,
        rewritten=rewritten,
    )
