"""The glossaries a site is glossified against: read once, kept while their files stay the same.

A `Glossary` is what glossify needs of one termbase: every concept's preferred label, first
definition and labels. `Glossaries` combines one or more of them into one `TermMatcher`:
concept ids of the first glossary stay as they are, those of the others are named
`<name>:<id>`, and a label (or plural) two glossaries share goes to the first one listed
(among those for the page, when some glossary is for some pages only); inside one
glossary, context tells homonyms apart as usual.

Building the matcher over a few thousand labels takes a noticeable part of a small site's
build, so the combined matcher is kept in this process (MkDocs' `serve` rebuilds in the
same process) and pickled under the termbase cache folder, keyed by each termbase file's
path, size and modification time, by the termbase version and by the matcher's code: a
changed file is read again.
"""

from __future__ import annotations

import contextlib
import fnmatch
import hashlib
import os
import pickle
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import ahocorasick

from termbase import __version__
from termbase.errors import InputError, StoreError
from termbase.matcher import PatternTable, SummaryContext, Term, TermMatcher

if TYPE_CHECKING:
    from termbase.matcher_table import StoredPatterns

#: Bump when the pickled shape of a TermMatcher changes.
_CACHE_FORMAT = 13


#: Narrows the concepts a label names to those that may be linked on a page.
Narrowing = Callable[[tuple[str, ...]], tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class GlossarySource:
    """One termbase named for glossify: its file and name, where its terms link when they do
    not go to the site's own glossary page ("" for the glossary page), and the pages it is
    for (a glossary per chapter)."""

    path: Path
    name: str
    link_to: str = ""
    pages: tuple[str, ...] = ()  # glob patterns of the pages it applies to (none: every page)


@dataclass(frozen=True)
class Glossaries:
    """Several glossaries as one: a matcher over all their labels, and for each concept key
    (an id, or `name:id` after the first glossary) its glossary and its id there."""

    sources: tuple[GlossarySource, ...]
    matcher: TermMatcher
    #: key -> the concept's first definition, Markdown, when read (see `definitions`)
    read_definitions: dict[str, str] | None
    owners: dict[str, tuple[int, str]]  # key -> (index of its glossary in `sources`, concept id)
    rendered: dict[str, str] = field(default_factory=dict)  # key -> definition as HTML, as made
    #: key -> every label of the concept, when read (see `labels`)
    read_labels: dict[str, tuple[str, ...]] | None = None
    #: True when read from what `build` stored for glossify (see `matcher_table`): its definitions'
    #: HTML is stored there too
    stored: bool = False

    @property
    def definitions(self) -> dict[str, str]:
        """Each concept's first definition (key -> Markdown), read from the termbases when first
        asked for, unless read with the matcher: the stored one-line definitions and HTML stand
        for them (the Sphinx extension asks, and a glossary page whose HTML is not stored)."""
        if self.read_definitions is None:
            object.__setattr__(self, "read_definitions", _definitions_of(self.sources))
        assert self.read_definitions is not None
        return self.read_definitions

    def stored_html(self, keys: list[str]) -> dict[str, str]:
        """Return the HTML `build` stored of these concepts' definitions, as the MkDocs glossary
        page shows them (key -> HTML; {} when not stored, or made with another Markdown engine)."""
        if not self.stored or not keys:
            return {}
        import sqlite3

        from termbase.matcher_table import read_html

        try:
            db = sqlite3.connect(f"file:{self.sources[0].path.resolve()}?mode=ro", uri=True)
        except sqlite3.Error:
            return {}
        try:
            return read_html(db, keys)  # (the first glossary's keys are its ids)
        finally:
            db.close()

    @property
    def labels(self) -> dict[str, tuple[str, ...]]:
        """Every label of each concept (key -> labels), read from the termbases when first asked
        for, unless read with the matcher: the stored patterns make a matcher without them, and
        only the Sphinx extension asks."""
        if self.read_labels is None:
            object.__setattr__(self, "read_labels", _labels_of(self.sources))  # (a cache, frozen or not)
        assert self.read_labels is not None
        return self.read_labels

    def source_of(self, key: str) -> GlossarySource:
        """Return the glossary a concept key comes from."""
        return self.sources[self.owners[key][0]]

    def concept_id(self, key: str) -> str:
        """Return the concept's id in its own termbase."""
        return self.owners[key][1]

    def for_page(self, page: str) -> Narrowing | None:
        """Return, when some glossary is for some pages only, the rule that narrows the
        concepts a label names on this page (path relative to the docs) to those of the first
        glossary listed among the page's (none: the label is not linked there)."""
        if not any(source.pages for source in self.sources):
            return None
        wanted = frozenset(
            index for index, source in enumerate(self.sources)
            if not source.pages or any(fnmatch.fnmatchcase(page, pattern) for pattern in source.pages)
        )  # fmt: skip
        owners = self.owners
        narrowed: dict[tuple[str, ...], tuple[str, ...]] = {}

        def among(candidates: tuple[str, ...]) -> tuple[str, ...]:
            found = narrowed.get(candidates)
            if found is None:
                kept = [key for key in candidates if owners[key][0] in wanted]
                first = min((owners[key][0] for key in kept), default=-1)
                found = narrowed[candidates] = tuple(key for key in kept if owners[key][0] == first)
            return found

        return among


def concept_key(index: int, name: str, concept_id: str) -> str:
    """Return the key of a concept of the `index`-th glossary (its id for the first)."""
    return concept_id if index == 0 else f"{name}:{concept_id}"


def check_names(sources: Sequence[GlossarySource]) -> None:
    """Raise InputError if two glossaries have the same name (their keys would clash)."""
    seen: dict[str, Path] = {}
    for source in sources:
        if source.name in seen:
            raise InputError(
                f"two glossaries are named {source.name!r} ({seen[source.name]} and {source.path})",
                hint="give each glossary its own name",
            )
        seen[source.name] = source.path


_loaded: dict[tuple[object, ...], Glossaries] = {}
_unsaved: set[tuple[object, ...]] = set()  # read with save=False, not written to the cache yet
#: Read with save=False from what `build` stored, for the first time in this cache folder: not
#: written to the cache by this process (see `load_glossaries`).
_first_reads: set[tuple[object, ...]] = set()


#: The modules whose code decides what the cache holds: an edited one (in a working copy,
#: without a version change) makes the cached glossaries stale.
_MATCHER_CODE = (
    "matcher.py", "matcher_table.py", "plain_text.py", "labels.py", "accents.py", "context_words.py",
    "glossify/mkdocs_plugin.py", "glossify/definition_html.py", "web/sanitize.py",
)  # fmt: skip


def _stamp(sources: Sequence[GlossarySource]) -> tuple[object, ...]:
    parts: list[object] = [__version__, _CACHE_FORMAT]
    package = Path(__file__).resolve().parent.parent
    for name in _MATCHER_CODE:
        code = (package / name).stat()
        parts.extend((name, code.st_size, code.st_mtime_ns))
    tries = Path(ahocorasick.__file__).stat()  # the tries are pickled in pyahocorasick's own layout
    parts.extend((tries.st_size, tries.st_mtime_ns))
    for source in sources:
        try:
            status = source.path.stat()
        except OSError:
            raise InputError(
                "no termbase file here", path=str(source.path),
                hint=f"build one with `termbase build SOURCES --db {source.path}`",
            ) from None  # fmt: skip
        parts.extend((str(source.path.resolve()), source.name, status.st_size, status.st_mtime_ns))
    return tuple(parts)


def _cache_file(stamp: tuple[object, ...]) -> Path:
    from termbase.builtin import cache_dir

    digest = hashlib.sha256(repr(stamp).encode()).hexdigest()[:20]
    return cache_dir() / "glossify" / f"matcher-{digest}.pickle"


def load_glossaries(sources: Sequence[GlossarySource], save: bool = True) -> Glossaries:
    """Return the glossaries combined, from this process's memory or the cache folder when
    their files have not changed since, else read from the termbases (and cached, or with
    `save=False` left for `keep_glossaries` to write once at the end: see `unsaved`).

    With `save=False`, a termbase read from what `build` stored for glossify (a few
    milliseconds more than reading the cache) is cached from its second read on: the first
    only leaves a mark beside the cache. A first or CI build, often the only one its cache
    folder sees, spends nothing on a cache nobody reads (writing it costs about as much as the
    second build saves)."""
    check_names(sources)
    stamp = _stamp(sources)
    found = _loaded.get(stamp)
    if found is not None and found.sources == tuple(sources):  # (the same files, named and linked alike)
        return found
    cache = _cache_file(stamp)
    try:
        with cache.open("rb") as stream:
            found = pickle.load(stream)
        if not isinstance(found, Glossaries) or found.sources != tuple(sources):
            found = None
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError, ValueError):
        found = None  # no cache yet, or one an older termbase wrote: read the termbases again
    if found is None:
        found = _read(tuple(sources))
        if save:
            _write_cache(cache, found)
        elif found.stored and not _read_before(cache):
            _first_reads.add(stamp)
        else:
            _first_reads.discard(stamp)
            _unsaved.add(stamp)
    _loaded.clear()  # keep one combination: a site's builds in `mkdocs serve`
    _loaded[stamp] = found
    return found


def matcher_of(path: Path) -> TermMatcher:
    """Return the matcher of one termbase as glossify reads and keeps it (MCP's `terms_in`:
    one matcher, made once for every tool that finds terms in text)."""
    return load_glossaries([GlossarySource(path, path.stem)]).matcher


def unsaved(glossaries: Glossaries) -> bool:
    """Return True if the glossaries were read with `save=False` and not kept since."""
    with contextlib.suppress(InputError):
        return _stamp(glossaries.sources) in _unsaved
    return False


def keep_glossaries(glossaries: Glossaries) -> None:
    """Write the glossaries to the cache (again, after something was added to `rendered`),
    unless this is their first read from what `build` stored (see `load_glossaries`)."""
    with contextlib.suppress(InputError):  # a termbase went away meanwhile: the next build says so
        stamp = _stamp(glossaries.sources)
        if stamp in _first_reads:
            return
        _write_cache(_cache_file(stamp), glossaries)
        _unsaved.discard(stamp)


def _read_before(cache: Path) -> bool:
    """Return True if these glossaries were read before with this cache folder (their mark is
    there); else leave the mark. A folder that cannot be written counts as read before."""
    mark = cache.with_suffix(".read")
    if mark.exists():
        return True
    try:
        mark.parent.mkdir(parents=True, exist_ok=True)
        mark.touch()
    except OSError:
        return True
    return False


def _write_cache(cache: Path, glossaries: Glossaries) -> None:
    """Pickle the glossaries beside the other caches; a cache that cannot be written is skipped."""
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=".matcher-", suffix=".tmp", dir=cache.parent)
        with os.fdopen(handle, "wb") as stream:
            pickle.dump(glossaries, stream, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temporary, cache)
    except OSError:
        pass  # a read-only cache folder only costs the next build the same reading again


_LABELS = "SELECT concept_id, label FROM labels"

#: (concepts' (id, label, definition), labels' (concept id, label), stored pattern tables)
_Rows = tuple[list[tuple[str, str, str]], list[tuple[str, str]], tuple[PatternTable, PatternTable] | None]


def _read_stamped(path: Path) -> tuple[list[tuple[str, str, str]], StoredPatterns] | None:
    """Return what glossify reads of a termbase that holds what this version's build stores for
    it — (id, label, one-line definition) of every concept and the matcher's patterns — read
    with sqlite3 alone, or None for any other file (then the store reads it, and names what is
    wrong with it). The store module and what it imports are left unloaded. Neither the labels
    nor the definitions are read: the patterns and the one-line definitions stand for them (see
    `Glossaries.labels`, `Glossaries.definitions`)."""
    import sqlite3

    from termbase.matcher_table import read_stored, read_terms

    try:
        db = sqlite3.connect(f"file:{path.resolve()}?mode=ro", uri=True)
    except sqlite3.Error:
        return None
    try:
        stored = read_stored(db)
        return None if stored is None else (read_terms(db), stored)
    except sqlite3.Error:
        return None
    finally:
        db.close()


def _read_store(path: Path, patterns: bool) -> _Rows:
    """Return what glossify reads of a termbase, through the store (with `patterns`, the stored
    pattern tables, None when the file has none of this format)."""
    from termbase.matcher_table import read_pattern_tables
    from termbase.store import Termbase

    try:
        with Termbase.open(path) as termbase:
            summaries = [(cid, label, definition) for cid, label, _, definition in termbase.summaries()]
            tables = read_pattern_tables(termbase.db) if patterns else None
            return summaries, [(cid, label) for cid, label, _ in termbase.all_labels()], tables
    except StoreError as error:
        said = str(error).removeprefix(f"{path}: ")  # the store's message names the file already
        raise InputError(said if said != str(error) else f"cannot be read as a termbase: {said}",
                         path=str(path)) from None  # fmt: skip


def _definitions_of(sources: Sequence[GlossarySource]) -> dict[str, str]:
    """Return the first definition of every concept of the glossaries, by concept key."""
    import sqlite3

    from termbase.matcher_table import SUMMARIES

    definitions: dict[str, str] = {}
    for index, source in enumerate(sources):
        prefix = "" if index == 0 else f"{source.name}:"
        try:  # (a file these glossaries were read from: as `_labels_of`)
            db = sqlite3.connect(f"file:{source.path.resolve()}?mode=ro", uri=True)
            try:
                rows = [(cid, label, text or "") for cid, label, text in db.execute(SUMMARIES)]
            finally:
                db.close()
        except sqlite3.Error:
            rows = _read_store(source.path, False)[0]  # (says what is wrong with the file)
        definitions.update((prefix + concept_id, text) for concept_id, _, text in rows)
    return definitions


def _labels_of(sources: Sequence[GlossarySource]) -> dict[str, tuple[str, ...]]:
    """Return every label of every concept of the glossaries, by concept key."""
    import sqlite3

    labels: dict[str, list[str]] = {}
    for index, source in enumerate(sources):
        prefix = "" if index == 0 else f"{source.name}:"
        try:  # (a file these glossaries were read from, with its stored patterns: as `_read_stamped`)
            db = sqlite3.connect(f"file:{source.path.resolve()}?mode=ro", uri=True)
            try:
                rows = db.execute(_LABELS).fetchall()
            finally:
                db.close()
        except sqlite3.Error:
            rows = _read_store(source.path, False)[1]  # (says what is wrong with the file)
        for concept_id, label in rows:
            labels.setdefault(prefix + concept_id, []).append(label)
    return {key: tuple(found) for key, found in labels.items()}


def _read(sources: tuple[GlossarySource, ...]) -> Glossaries:
    # One termbase holding what build stores for glossify: read as it is (see `_read_stamped`).
    read = _read_stamped(sources[0].path) if len(sources) == 1 else None
    if read is not None:
        rows, stored = read
        terms = {cid: Term(cid, label, line) for cid, label, line in rows}
        owners = {cid: (0, cid) for cid in terms}
        # (homonyms are told apart by the first definitions stored with the patterns; their
        # words are worked out when a page first needs them, and cached with the rest)
        matcher = TermMatcher((), terms, SummaryContext(terms, stored.context), patterns=stored.patterns)
        return Glossaries(sources, matcher, None, owners, stored=True)
    terms: dict[str, Term] = {}
    tables: tuple[PatternTable, PatternTable] | None = None  # made at build time, when stored
    definitions: dict[str, str] = {}
    labels: dict[str, list[str]] = {}
    owners: dict[str, tuple[int, str]] = {}
    pairs: list[tuple[str, str]] = []
    for index, source in enumerate(sources):
        # (several termbases: qualified bases are worked out over all labels)
        summaries, all_labels, tables = _read_store(source.path, len(sources) == 1)
        prefix = "" if index == 0 else f"{source.name}:"  # (as `concept_key`, without a call a row)
        for concept_id, label, definition in summaries:
            key = prefix + concept_id
            terms[key] = Term(key, label, source=definition)  # one line when asked
            definitions[key] = definition
            owners[key] = (index, concept_id)
        for concept_id, label in all_labels:
            key = prefix + concept_id
            found = labels.get(key)
            if found is None:
                labels[key] = [label]
            else:
                found.append(label)
            pairs.append((key, label))
    rank = {key: index for key, (index, _) in owners.items()}
    # With glossaries for some pages only, which glossary a shared label goes to depends on
    # the page: every owner is kept and `Glossaries.among` picks per page.
    scoped = any(source.pages for source in sources)
    ranked = rank.__getitem__ if len(sources) > 1 and not scoped else None
    matcher = TermMatcher(pairs, terms, SummaryContext(terms, definitions), ranked, tables)
    matcher.prepare_homonyms()
    read_labels = {k: tuple(v) for k, v in labels.items()}
    return Glossaries(sources, matcher, definitions, owners, read_labels=read_labels)
