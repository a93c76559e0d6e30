"""Extract a glossary from a course's own chapters, with where each term is first introduced.

    from termbase.extract import extract_glossary
    result = extract_glossary([Path("episodes")], base_url="https://example.org/course/")
    result.entries   # ExtractedEntry at or above min_confidence, in book order
    result.review    # the candidates below it, for a person to judge
    result.order_source  # which reading order was used

Stages: parse each chapter (`termbase.documents`), put the chapters in reading order,
collect signals sentence by sentence (`collect`), measure termhood over the book
(`termhood`), gather signals into candidates (`gather`) and make each an ordinary
`termbase.model.Entry` whose Locator is the chapter and section of its first defining
occurrence, so resolve, link, store, site and serve work on the result unchanged.
"""

from __future__ import annotations

import fnmatch
import os
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, replace
from multiprocessing import get_all_start_methods, get_context
from pathlib import Path, PurePosixPath

from termbase.documents import read_document
from termbase.documents.model import Document, Problem
from termbase.documents.order import DOCUMENT_SUFFIXES, expand_documents, reading_order
from termbase.errors import InputError
from termbase.extract.collect import (
    Occurrence,
    collect_document,
    language_problem,
    markup_usage,
    reads_as_english,
)
from termbase.extract.forms import (
    bare_forms,
    compound_forms,
    derived_forms,
    emphasised_head,
    following_nouns,
    head_compound,
    head_of,
    qualified_heads,
    words_of,
)
from termbase.extract.gather import Candidate, gather
from termbase.extract.keyness import keyness
from termbase.extract.termhood import measure
from termbase.labels import label_key
from termbase.model import Entry, Locator

#: Candidates at or above this confidence go into the termbase; the rest to review.
DEFAULT_MIN_CONFIDENCE = 0.6


class NothingExtractedError(InputError):
    """No chapter could be read; `skipped` holds each file's own error."""

    def __init__(self, paths: Sequence[object], skipped: Sequence[InputError]) -> None:
        self.skipped = tuple(skipped)
        super().__init__(
            "no chapter could be read, so nothing was extracted",
            path=", ".join(str(p) for p in paths),
            hint="name Markdown, reST, AsciiDoc, HTML, PreTeXt or notebook chapters "
                 "or the folders that hold them",
        )


@dataclass(frozen=True, slots=True)
class ExtractedEntry:
    """One extracted term: its labels, definition, where it is introduced, and why we think so."""

    term: str
    labels: tuple[str, ...]
    definition: str
    chapter: str  # the chapter file, as named (relative as passed)
    chapter_title: str
    section: str
    anchor: str
    line: int
    confidence: float
    evidence: tuple[str, ...]
    entry: Entry
    sentence: str = ""
    url: str = ""
    features: tuple[tuple[str, float], ...] = ()  # the evidence as numbers (see gather._features)
    #: where no sentence of the text explains the term: the sentence of its first use (the definition
    #: is then empty, never this sentence)
    first_use: str = ""


@dataclass(frozen=True, slots=True)
class ChapterRead:
    """A chapter that was read: its file, title, format, and what could not be read as written."""

    path: str
    title: str
    format: str
    blocks: int
    problems: tuple[Problem, ...]
    opaque: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ExtractResult:
    """What an extraction found, in book order, and what it could not read."""

    entries: tuple[ExtractedEntry, ...]
    review: tuple[ExtractedEntry, ...]
    order_source: str
    chapters: tuple[ChapterRead, ...] = ()
    skipped: tuple[InputError, ...] = ()
    min_confidence: float = DEFAULT_MIN_CONFIDENCE
    notes: tuple[str, ...] = ()  # things done on purpose the summary should say (files left out)

    @property
    def unexplained(self) -> tuple[ExtractedEntry, ...]:
        """Return the kept entries no sentence of the text explains (kept with their first use only)."""
        return tuple(e for e in self.entries if e.first_use)

    def opaque_note(self) -> str:
        """Return one line naming the directives read as code or exercises (or '' if none)."""
        counts: dict[str, int] = {}
        for chapter in self.chapters:
            for name in chapter.opaque:
                counts[name] = counts.get(name, 0) + 1
        if not counts:
            return ""
        named = ", ".join(f"{n} ({c} chapter{'s' if c > 1 else ''})" for n, c in sorted(counts.items()))
        return (f"directives read as code or exercises, their content yielding no terms: {named} — "
                "if one of them holds prose, say so in an issue")

    def problems(self) -> tuple[InputError, ...]:
        """Return each chapter problem as an InputError (path:line, what, what to do)."""
        return tuple(
            InputError(p.message, path=c.path, line=p.line, hint=p.hint)
            for c in self.chapters
            for p in c.problems
        )


def _excluded(path: Path, patterns: Sequence[str], folders: Sequence[Path] = ()) -> bool:
    """Return True if a glob matches the path as named, its file name, its absolute path or its path
    inside a folder given (`chapters/02.md` for `book/chapters/02.md` when `book` was named)."""
    text, absolute = path.as_posix(), path.resolve().as_posix()
    inside = [path.relative_to(folder).as_posix() for folder in folders if path.is_relative_to(folder)]
    return any(fnmatch.fnmatch(text, p) or fnmatch.fnmatch(path.name, p) or fnmatch.fnmatch(absolute, p)
               or any(fnmatch.fnmatch(name, p) for name in inside)
               for p in patterns)


def excluding_nothing(paths: Sequence[Path], patterns: Sequence[str]) -> list[str]:
    """Return the `--exclude` patterns that match none of the chapter files under `paths`."""
    files, folders, _ = expand_documents(paths)
    return [p for p in patterns if not any(_excluded(f, [p], folders) for f in files)]


def chapter_url(base_url: str, chapter: str, root: str, anchor: str) -> str:
    """Return the address of a chapter section: base + the chapter's page (.html) + #anchor."""
    if not base_url:
        return ""
    relative = PurePosixPath(chapter)
    if root and chapter.startswith(root.rstrip("/") + "/"):
        relative = PurePosixPath(chapter[len(root.rstrip("/")) + 1 :])
    page = str(relative.with_suffix(".html"))
    base = base_url if base_url.endswith("/") else base_url + "/"
    return base + page + (f"#{anchor}" if anchor else "")


def _entry_of(candidate: Candidate, documents: Sequence[Document], roots: Sequence[str], base_url: str,
              ) -> ExtractedEntry:
    place = candidate.introduced
    document = documents[place.chapter]
    section = document.sections[place.section] if place.section < len(document.sections) else None
    section_title = section.title if section and section.title != document.title else ""
    anchor = section.anchor if section else ""
    root = next((r for r in roots if r == "." or document.path.startswith(r.rstrip("/") + "/")), "")
    url = chapter_url(base_url, document.path, root, anchor)
    chapter_title = document.title or PurePosixPath(document.path).stem
    text = chapter_title + (f" § {section_title}" if section_title else "")
    locator = Locator(kind="section" if section_title else "chapter", text=text, number="",
                      title=section_title or chapter_title, url=url)
    defined = candidate.defined
    entry = Entry(
        source=documents[defined.chapter].path,
        line=defined.line,
        end_line=max(defined.line, defined.end_line),
        term=candidate.term,
        labels=candidate.labels,
        definition=candidate.definition,
        locator=locator,
        language=document.language,
        origin=first_use_note(_place_text(documents[defined.chapter], defined.section), candidate.first_use)
        if candidate.first_use else "extracted",
    )
    return ExtractedEntry(
        term=candidate.term, labels=candidate.labels, definition=candidate.definition,
        chapter=document.path, chapter_title=chapter_title, section=section_title, anchor=anchor,
        line=place.line, confidence=candidate.confidence, evidence=candidate.evidence, entry=entry,
        sentence=place.sentence, url=url, features=candidate.features, first_use=candidate.first_use,
    )


#: Evidence of a qualified term that also gives its head noun as a label.
HEAD_LABEL = "its head noun is the book's own word, used on its own too: this introduces that word"


def _with_qualified_heads(candidates: list[Candidate], texts: Sequence[str], min_confidence: float,
                          ) -> list[Candidate]:
    """Return the candidates with the head noun of a qualified term ("Zarr chunk", "span attributes") added
    as a label where the book uses that head on its own and no kept entry names it (forms.qualified_heads)."""
    heads = {head for c in candidates if (head := head_of(c.term))}
    if not heads:
        return candidates
    stats = measure(heads, texts)
    key = keyness(heads, stats, sum(len(text.split()) for text in texts))
    kept = frozenset(label_key(name) for c in candidates if c.confidence >= min_confidence
                     for name in (c.term, *c.labels))
    found = qualified_heads([(c.term, c.introduced.finding.term) for c in candidates], kept, stats, key)
    return [replace(c, labels=tuple(dict.fromkeys((*c.labels, found[place]))),
                    evidence=(*c.evidence, HEAD_LABEL)) if place in found else c
            for place, c in enumerate(candidates)]


def _place_text(document: Document, section_index: int) -> str:
    """Return "Chapter § Section" (or the chapter alone) for a section of a document."""
    chapter_title = document.title or PurePosixPath(document.path).stem
    section = document.sections[section_index] if section_index < len(document.sections) else None
    title = section.title if section and section.title != document.title else ""
    return chapter_title + (f" § {title}" if title else "")


#: A first-use sentence longer than this is cut (with "…") in the note that stands in for a definition.
FIRST_USE_CHARS = 400


def first_use_note(where: str, sentence: str) -> str:
    """Return what an entry with no explaining sentence carries as its origin (shown on the site, in the
    API and in every export): where the term is first used, that the text never explains it, and the
    sentence, quoted as context, not as a definition."""
    quoted = " ".join(sentence.split())
    if len(quoted) > FIRST_USE_CHARS:
        quoted = quoted[: FIRST_USE_CHARS - 1].rsplit(" ", 1)[0] + " …"
    return f"extracted; first used in {where} (no explaining sentence in the text): “{quoted}”"


def _with_forms(candidate: Candidate, texts: Sequence[str],
                followers: dict[str, Counter[str]] | None = None, document: Document | None = None,
                ) -> Candidate:
    """Return the candidate with the other forms of its word that its chapter uses as labels
    ("cloning" also as "clone")."""
    chapter = candidate.introduced.chapter
    forms = derived_forms(candidate.term, words_of(texts[chapter])) if chapter < len(texts) else []
    forms += compound_forms(candidate.term, candidate.introduced.sentence, texts)
    forms += bare_forms(candidate.term, texts)
    forms += head_compound(candidate.term, followers or {})
    if document is not None:
        forms += emphasised_head(candidate.term, (b for b in document.blocks
                                                  if b.section == candidate.introduced.section))
    if not forms:
        return candidate
    return replace(candidate, labels=tuple(dict.fromkeys((*candidate.labels, *forms))))


def read_chapters(
    paths: Sequence[Path], exclude: Sequence[str] = (), notes: list[str] | None = None
) -> tuple[list[_ChapterPass], list[InputError], str, list[str]]:
    """Return (chapters in reading order, files that could not be read, the order's source, roots).

    Lines for the summary (files left out on purpose) are appended to `notes`.
    """
    notes = notes if notes is not None else []
    files, folders, left_out = expand_documents(paths)
    if left_out:
        names = ", ".join(sorted({f.name for f in left_out})[:6])
        notes.append(f"{len(left_out)} repository file{'s' if len(left_out) > 1 else ''} in the folders "
                     f"left out ({names}) — name one to read it as a chapter")
    errors: list[InputError] = []
    for path in paths:
        if not path.exists():
            errors.append(InputError("no such file or directory", path=str(path), hint="check the path"))
    files = [f for f in files if f.exists() and not _excluded(f, exclude, folders)]
    for folder in folders:
        if not any(str(f).startswith(str(folder)) for f in files):
            suffixes = ", ".join(sorted(DOCUMENT_SUFFIXES))
            errors.append(InputError("folder holds no chapters", path=str(folder),
                                     hint=f"termbase extract reads {suffixes} files"))
    passes: dict[str, _ChapterPass] = {}
    for file, done in zip(files, _read_all(files), strict=True):
        if done.document is None:
            message, path, line, hint = done.error
            errors.append(InputError(message, path=path, line=line, hint=hint))
        else:
            passes[str(file.resolve())] = done
    readable = [f for f in files if str(f.resolve()) in passes]
    tocs = {key: done.document.toc for key, done in passes.items() if done.document and done.document.toc}
    stated = {key for key, done in passes.items() if done.document and done.document.toc_stated}
    order = reading_order(readable, folders, tocs, stated)
    notes.extend(order.missing)
    ordered = [passes[str(f.resolve())] for f in order.files]
    ordered, repeated = _without_page_furniture(ordered)
    if repeated:
        notes.append(f"{repeated} paragraph{'s' if repeated > 1 else ''} repeated on most HTML pages "
                     "(navigation, banners, footers) left out")
    roots = [str(f) for f in folders]
    if not roots and ordered:  # files named one by one: addresses are relative to their common folder
        parents = [str(Path(p.document.path).parent) for p in ordered if p.document]
        roots = [os.path.commonpath(parents) or "."]
    return ordered, errors, order.source, roots


def _without_page_furniture(passes: list[_ChapterPass]) -> tuple[list[_ChapterPass], int]:
    """Return the chapters with the signals found in HTML paragraphs that repeat on most pages
    (a site's navigation or footer outside <main>) dropped, and how many such paragraphs there were."""
    pages = [p for p in passes if p.document is not None and p.document.format == "html"]
    if len(pages) < 4:
        return passes, 0
    seen: dict[str, int] = {}
    for page in pages:
        assert page.document is not None
        for text in {" ".join(b.text.split()) for b in page.document.blocks if b.kind != "heading"}:
            seen[text] = seen.get(text, 0) + 1
    repeated = {text for text, count in seen.items() if count >= max(3, len(pages) // 2) and len(text) > 20}
    if not repeated:
        return passes, 0
    kept: list[_ChapterPass] = []
    for chapter in passes:
        document = chapter.document
        if document is None or document.format != "html":
            kept.append(chapter)
            continue
        furniture = [text for b in document.blocks if (text := " ".join(b.text.split())) in repeated]
        occurrences = tuple(
            o for o in chapter.occurrences if not any(o.sentence in text for text in furniture)
        )
        kept.append(replace(chapter, occurrences=occurrences))
    return kept, len(repeated)


@dataclass(frozen=True, slots=True)
class _ChapterPass:
    """One chapter parsed and searched for signals (its occurrences say chapter 0 until ordered)."""

    document: Document | None
    error: tuple[str, str, int, str]  # (message, path, line, hint) when it could not be read
    english: bool
    occurrences: tuple[Occurrence, ...]


def _read_one(file: Path) -> _ChapterPass:
    try:
        document = read_document(file)
    except InputError as error:
        return _ChapterPass(None, (error.message, error.path, error.line, error.hint), True, ())
    except Exception as error:  # a parser bug must not sink the other chapters
        message = f"this chapter could not be parsed ({type(error).__name__}: {error})"
        hint = "leave it out, and please report the file"
        return _ChapterPass(None, (message, str(file), 0, hint), True, ())
    english = reads_as_english(document)
    return _ChapterPass(document, ("", "", 0, ""), english, tuple(collect_document(document, 0, english)))


#: From this many chapters on, they are parsed in two processes (parsing is most of the time).
PARALLEL_FROM = 24


def _read_all(files: Sequence[Path]) -> list[_ChapterPass]:
    """Return each file parsed and searched, in order; in two forked processes for a big book."""
    if len(files) >= PARALLEL_FROM and (os.cpu_count() or 1) > 1 and "fork" in get_all_start_methods():
        try:
            with ProcessPoolExecutor(max_workers=2, mp_context=get_context("fork")) as pool:
                return list(pool.map(_read_one, files, chunksize=8))
        except (OSError, BrokenProcessPool):
            pass  # no processes to be had: read them here
    return [_read_one(file) for file in files]


def extract_glossary(
    paths: Sequence[Path],
    *,
    base_url: str = "",
    min_confidence: float = DEFAULT_MIN_CONFIDENCE,
    exclude: Sequence[str] = (),
) -> ExtractResult:
    """Return the glossary extracted from the chapters under `paths` (files or folders).

    Chapters that cannot be read are in `skipped`; raises InputError only when no chapter
    could be read at all.
    """
    notes: list[str] = []
    passes, errors, order_source, roots = read_chapters([Path(p) for p in paths], exclude, notes)
    documents = [p.document for p in passes if p.document is not None]
    if not documents:
        raise NothingExtractedError(paths, errors)
    english = tuple(p.english for p in passes)
    chapters = []
    for document, is_english in zip(documents, english, strict=True):
        problems = document.problems + (() if is_english else (language_problem(document),))
        chapters.append(ChapterRead(document.path, document.title, document.format, len(document.blocks),
                                    problems, document.opaque))
    occurrences = [replace(o, chapter=index) for index, p in enumerate(passes) for o in p.occurrences]
    terms = {name for o in occurrences for name in (o.finding.term, *o.finding.labels)}
    texts = [" ".join(b.text for b in d.blocks if b.kind in {"prose", "list-item", "definition", "heading"})
             for d in documents]
    stats = measure(terms, texts)
    key = keyness(terms, stats, sum(len(text.split()) for text in texts))
    titles = {(i, s): sec.title for i, d in enumerate(documents) for s, sec in enumerate(d.sections)}
    titles.update({(i, -1): d.title for i, d in enumerate(documents)})  # each chapter's own title
    candidates = gather(occurrences, stats, titles, markup_usage(tuple(documents)), key)
    followers = following_nouns((c.term for c in candidates), texts)
    candidates = [_with_forms(c, texts, followers, documents[c.introduced.chapter]) for c in candidates]
    candidates = _with_qualified_heads(candidates, texts, min_confidence)
    extracted = [_entry_of(c, documents, roots, base_url) for c in candidates]
    kept = tuple(e for e in extracted if e.confidence >= min_confidence)
    review = tuple(e for e in extracted if e.confidence < min_confidence)
    return ExtractResult(kept, review, order_source, tuple(chapters), tuple(errors), min_confidence,
                         tuple(notes))


__all__ = ["DEFAULT_MIN_CONFIDENCE", "ExtractResult", "ExtractedEntry", "NothingExtractedError",
           "extract_glossary"]
