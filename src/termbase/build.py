"""The build pipeline: files → entries → concepts → relations → termbase file.

`build_termbase` is what `termbase build` runs. A file that cannot be read is skipped
with an InputError that says why; the other files still go through.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from operator import attrgetter
from pathlib import Path
from typing import Any

from termbase import vector_index
from termbase.check.findings import Finding
from termbase.collections_pause import fewer_collections, no_collections
from termbase.control_chars import cleaned, may_hold_controls, strip_controls
from termbase.errors import InputError, NotAGlossaryError, NothingReadError
from termbase.everyday_words import is_everyday_word
from termbase.forked import Forked, can_fork
from termbase.labels import prepare_lemmatizer, remembered_keys
from termbase.limits import Limits, applied, check_entries, check_lines, over_limit, watched
from termbase.link import link
from termbase.matcher import TermMatcher, concept_pattern_tables
from termbase.matcher_table import pattern_rows
from termbase.model import Concept, Entry, ReadResult, Source, Unused
from termbase.progress import ProgressCallback, no_progress
from termbase.read_checks import ReadFinding, adjusted_confidence, check_read
from termbase.readers import MIN_CONFIDENCE, forced_reader, get_reader, pick_reader, rank_readers
from termbase.readers.base import (
    Reader,
    entry_spans,
    numbered_lines,
    with_stated_aliases,
    without_shared_qualifiers,
    without_unnamed_entries,
)
from termbase.readers.file_language import with_file_language
from termbase.readers.placeholder_definitions import without_placeholder_definitions
from termbase.readers.pointer_entries import without_pointer_entries, without_pointers_across
from termbase.resolve import resolve
from termbase.safe_xml import check_entities
from termbase.semantic import (
    DIMENSION,
    MODEL_NAME,
    concept_text,
    description_text,
    get_embedder,
    text_key,
    vectors_blob,
)
from termbase.sources import STDIN, STDIN_NAME, SourceText, expand_paths, input_folders, load_text
from termbase.store import Build, Linked, write_termbase


@dataclass(frozen=True, slots=True)
class ReadSource:
    """One source file read: its record and what its reader found."""

    source: Source
    result: ReadResult
    cited: tuple[Source, ...] = ()
    #: What the read sanity check found wrong with the read that was kept (see read_checks).
    findings: tuple[ReadFinding, ...] = ()


@dataclass(frozen=True, slots=True)
class BuildSummary:
    """What a build did: sources read, files skipped (with why), and the counts stored.

    `skipped` holds the files that could not be read; `not_glossaries` the files found in a
    folder the user named that no reader recognises (expected in a folder of mixed files).
    """

    db: Path
    sources: tuple[Source, ...]
    skipped: tuple[InputError, ...]
    concepts: int
    relations: int
    dangling: int
    seconds: float
    entries: int = 0
    not_glossaries: tuple[InputError, ...] = ()
    findings: tuple[ReadFinding, ...] = ()


#: When the surest reader's read is flagged, up to this many readers in all are tried.
READERS_TRIED = 4


@dataclass(frozen=True, slots=True)
class CheckedRead:
    """One reader's read of a file, what the sanity check found, and its lowered confidence."""

    reader: Reader
    result: ReadResult
    findings: tuple[ReadFinding, ...]
    score: float


def checked_read(reader: Reader, text: SourceText, confidence: float) -> CheckedRead:
    """Return `reader`'s read of `text`, checked; raise InputError when it finds no entries."""
    result = without_unnamed_entries(reader.read(text.text, text.path), reader.name)
    result = without_pointer_entries(with_stated_aliases(without_shared_qualifiers(result)), text.text)
    if not result.entries:
        raise InputError(
            f"the {reader.name} reader found no entries",
            path=text.path,
            hint="check the file, or name its shape with --format",
        )
    result, placeholders = without_placeholder_definitions(result, text.path, text.text)
    findings = (*check_read(text.text, result, text.path), *placeholders)
    if reader.name in FOLDER_SHAPES and confidence < 1.0:  # not named with --format
        findings = (*findings, lone_page_finding(reader, result, text.path))
    return CheckedRead(reader, result, findings, adjusted_confidence(confidence, findings))


def best_read(text: SourceText, format_name: str | None = None) -> CheckedRead:
    """Return the named reader's read, or the best-scored read among the surest readers.

    A read the sanity check flags lowers its reader's confidence; the next surest readers
    are then tried, and the read with the highest lowered confidence is kept. The first
    reader's error is raised when no reader reads the file.
    """
    if format_name:
        return checked_read(forced_reader(format_name, text.text, text.path), text, 1.0)
    ranked = [(c, r) for c, r in rank_readers(text.text, text.path) if c >= MIN_CONFIDENCE][:READERS_TRIED]
    if not ranked:
        pick_reader(text.text, text.path)  # raises the "no reader recognises" error
    best: CheckedRead | None = None
    first_error: InputError | None = None
    for confidence, reader in ranked:
        if best is not None and (not best.findings or confidence <= best.score):
            break
        try:
            read = checked_read(reader, text, confidence)
        except InputError as error:
            first_error = first_error or error
            continue
        if best is None or read.score > best.score:
            best = read
    if best is None and first_error is not None:
        raise first_error
    assert best is not None  # ranked is never empty here: pick_reader raised
    return best


def read_source(text: SourceText, format_name: str | None = None) -> ReadSource:
    """Return the source read by the named reader, or by the surest one.

    Lines the reader neither used nor reported are reported here, so every non-blank
    line of the file is accounted for whatever the reader does.
    """
    if (path := strip_controls(text.path)) != text.path:  # a file name can carry escape codes too
        text = SourceText(path, text.text, text.not_utf8)
    check_lines(text.text, text.path)
    check_entities(text.text, text.path)
    # a limit hit by any reader tried fails the file, whoever read it
    with watched() as tripped, fewer_collections():
        try:
            read = best_read(text, format_name)
        except RecursionError:  # a parser without its own depth bound went too deep
            raise over_limit("the file nests too deep to read", "max_depth", path=text.path) from None
        except InputError as error:
            tripped.append(error)
    if tripped:
        first = tripped[0]
        if first.path:
            raise first
        raise InputError(first.message, path=text.path, line=first.line, hint=first.hint)
    reader, result = read.reader, read.result
    check_entries(len(result.entries), text.path)
    if may_hold_controls(text.text):
        result = cleaned(result)
    result, language_findings = with_file_language(result, text.path)
    claimed = {u.line for u in result.unused} | {
        n for first, last in entry_spans(result) for n in range(first, last + 1)
    }
    missing = [
        Unused(text.path, n, line.strip(), f"not recognised by the {reader.name} reader")
        for n, line in numbered_lines(text.text)
        if line.strip() and n not in claimed
    ]
    if missing:
        unused = tuple(sorted((*result.unused, *missing), key=lambda u: u.line))
        result = ReadResult(result.entries, unused, result.title, result.spans, result.cited)
    nonblank = sum(1 for line in text.text.splitlines() if line.strip())
    source = Source(
        path=text.path,
        reader=reader.name,
        title=result.title or Path(text.path).stem,
        sha256=hashlib.sha256(text.text.encode("utf-8")).hexdigest(),
        line_count=len(text.text.splitlines()),
        nonblank_lines=nonblank,
        # only an export read back restores entries (and cites their sources): else each counts
        entry_count=distinct_entry_count(result.entries, text.path) if result.cited else len(result.entries),
        unused_count=len(result.unused),
    )
    findings = (*read.findings, *language_findings, *encoding_findings(text))
    return ReadSource(source, result, cited_sources(result, text.path, reader.name), findings)


def encoding_findings(text: SourceText) -> tuple[ReadFinding, ...]:
    """Return a finding for each line of the file that was not UTF-8 (read with U+FFFD)."""
    return tuple(
        ReadFinding(
            text.path,
            "encoding",
            f"line is not UTF-8 (byte 0x{byte:02x}): read with \ufffd in place of its bad bytes; "
            "re-save that line as UTF-8",
            line,
            0.0,
        )
        for line, byte in text.not_utf8
    )


def cited_sources(result: ReadResult, path: str, reader: str) -> tuple[Source, ...]:
    """Return a record for each original source that restored entries cite (see ReadResult).

    An export read back keeps each entry's original source and line; those sources get
    a row of their own (no lines of theirs were read here, so their line counts are 0).
    """
    titles = dict(result.cited)
    originals: dict[str, set[object]] = {}
    for entry in result.entries:
        if entry.source != path:
            originals.setdefault(entry.source, set()).add(_original_key(entry))
    counts = {cited: len(keys) for cited, keys in originals.items()}
    return tuple(
        Source(
            cited,
            f"{reader} (restored from {path})",
            titles.get(cited) or Path(cited).stem,
            "",
            0,
            0,
            count,
            0,
        )
        for cited, count in counts.items()
    )


def _original_key(entry: Entry) -> object:
    """What tells one original entry from another among restored copies (see identified_entries)."""
    return (entry.line, entry.end_line, entry.definition, entry.language)


def distinct_entry_count(entries: Sequence[Entry], path: str) -> int:
    """Return how many entries a file gave: its own, plus each restored original entry once.

    An export lists an `A / B` entry under each of its concepts; the copies are one entry
    (identified_entries gives them one ordinal), so a source's count must not say more.
    """
    own = sum(1 for entry in entries if entry.source == path)
    return own + len({(entry.source, _original_key(entry)) for entry in entries if entry.source != path})


def all_sources(read: Sequence[ReadSource]) -> tuple[Source, ...]:
    """Return the sources read, then the original sources restored entries cite (once each)."""
    sources = {r.source.path: r.source for r in read}
    for item in read:
        for cited in item.cited:
            sources.setdefault(cited.path, cited)
    return tuple(sources.values())


def read_sources(
    paths: Sequence[str],
    format_name: str | None = None,
    relative_to: Path | None = None,
    progress: ProgressCallback = no_progress,
) -> tuple[list[ReadSource], list[InputError]]:
    """Return every source that could be read, and an error for each that could not.

    With `relative_to`, sources are recorded by their path relative to that folder.
    `progress` is told of each file done ("reading files"). Several files are read by two
    processes where a second core can be used (see `_read_files`).
    """
    errors: list[InputError] = []
    seen: set[str] = set()
    items = list(expand_paths(list(paths)))
    # each file to read once, with its place among the items
    files: list[tuple[int, Path, bool]] = []
    for place, (item, found_in_folder) in enumerate(items):
        if isinstance(item, InputError):
            continue
        key = str(item) if str(item) == STDIN else str(item.resolve())
        if key not in seen:
            seen.add(key)
            files.append((place, item, found_in_folder))
    outcomes = _read_files(files, format_name, relative_to, progress, len(items))
    if not format_name:
        outcomes = _in_folder_shape(files, outcomes, _folders(paths), relative_to)
    by_place = {place: found for (place, _, _), found in zip(files, outcomes, strict=True)}
    read: list[ReadSource] = []
    for place, (item, _) in enumerate(items):  # the paths' errors and the files' outcomes, in order
        outcome = item if isinstance(item, InputError) else by_place.get(place)
        if isinstance(outcome, ReadSource):
            read.append(outcome)
        elif outcome is not None:
            errors.append(outcome)
    return read, errors


def _read_files(
    files: Sequence[tuple[int, Path, bool]],
    format_name: str | None,
    relative_to: Path | None,
    progress: ProgressCallback,
    named: int,
) -> list[ReadSource | InputError]:
    """Return each file read (or why not), in order.

    Where a second core can be used (`forked.can_fork`), a forked process reads files too:
    this one reads the largest file (whose read would cost most to hand over), then both take
    the next file not yet taken, largest first, from a pipe of their numbers (each read of a
    pipe takes a whole number), and the child hands its reads back pickled when done. When
    no file is left to take, this process prepares the later stages (`_prepare_later_stages`)
    before it waits for the child's last reads.
    """

    def report(done: int) -> None:
        if named > 1:
            progress("reading files", done, named)

    def outcome(number: int) -> ReadSource | InputError:
        _, item, found_in_folder = files[number]
        return _read_file(item, found_in_folder, format_name, relative_to)

    count = len(files)
    if count < 2 or count > _MOST_SHARED or any(str(item) == STDIN for _, item, _ in files) or not can_fork():
        found = []
        for number in range(count):
            found.append(outcome(number))
            report(files[number][0] + 1)
        report(named)
        return found
    first, *rest = sorted(range(count), key=lambda number: -_size(files[number][1]))
    taken, put = os.pipe()
    os.write(put, b"".join(number.to_bytes(4, "little") for number in rest))
    os.close(put)

    def take_files() -> list[tuple[int, ReadSource | InputError]]:
        done = []
        while token := os.read(taken, 4):
            number = int.from_bytes(token, "little")
            done.append((number, outcome(number)))
        return done

    try:
        helper = Forked(take_files, writes=False)
        try:
            mine = [(first, outcome(first))]
            report(1)
            while token := os.read(taken, 4):
                number = int.from_bytes(token, "little")
                mine.append((number, outcome(number)))
                report(len(mine))
            _prepare_later_stages()  # (while the child reads its last file: else done on first use)
            theirs = helper.result()
        finally:
            helper.cancel()
    finally:
        os.close(taken)
    report(named)
    return [found for _, found in sorted([*mine, *theirs], key=lambda pair: pair[0])]


#: Modules the later stages of every build import on first use (the check rules, the HTML of
#: the stored glossify terms, the site-pages switch).
_LATER_MODULES = ("termbase.check", "termbase.glossify.definition_html", "termbase.web.stored_sizes")


def _prepare_later_stages() -> None:
    """Load, once, what the later stages of every build use and would load on first use, on
    their way (50-90 ms in all on the 2-core machine): simplemma and its dictionary, the
    everyday-word vocabulary that linking reads, and `_LATER_MODULES`."""
    for module in _LATER_MODULES:
        importlib.import_module(module)
    prepare_lemmatizer()
    is_everyday_word("term")


def _size(path: Path) -> int:
    """Return the file's size in bytes, or 0 if it cannot be told."""
    try:
        return path.stat().st_size
    except OSError:
        return 0


#: Files read by two processes at most at once: their numbers, 4 bytes each, must fit in a
#: pipe's buffer (64 KiB on Linux, written before the fork); more are read by one.
_MOST_SHARED = 16_000


#: Shapes of folders of one page per term, where a page alone is too weak to be sure of (a
#: heading and a paragraph could be a README): such a page is read in that shape when most
#: pages of its folder were (see `_in_folder_shape`).
FOLDER_SHAPES = frozenset({"markdown-term-page"})
#: A folder's shape is settled by at least this many pages read, this share of them in it.
MIN_FOLDER_PAGES = 5
MIN_FOLDER_SHARE = 0.6
#: Pages a folder of term pages holds that speak of the folder, not of a term.
FOLDER_PAGE_STEMS = frozenset({"readme", "index", "_index", "license", "contributing", "changelog"})


#: The check name of the finding on a page read in a folder shape with no folder to confirm it.
LONE_PAGE = "lone-term-page"


def lone_page_finding(reader: Reader, result: ReadResult, path: str) -> ReadFinding:
    """Return the finding that says a page was read in a folder shape on its own evidence.

    A docs page with a `## Tags` section or a `Source:` line has that shape too: read alone,
    outside a folder of such pages, it may be no glossary at all. The read is kept (no other
    reader wants such a page), but never silently; `--format` names the shape to keep it
    without this warning. Its weight is 0: it must not hand the page to a reader that would
    read it worse.
    """
    first = result.entries[0]
    return ReadFinding(
        path,
        LONE_PAGE,
        f"read as a page about one term, {first.term!r} (the {reader.name} shape), with no folder of "
        "such pages beside it: a documentation page with tags or a 'Source:' line looks the same; "
        f"leave it out if it is no glossary, or build with --format {reader.name} to read it so "
        "without this warning",
        first.line,
        0.0,
    )


def _without_lone_page_finding(read: ReadSource) -> ReadSource:
    """Return the read without its lone-page finding (its folder confirms its shape)."""
    kept = tuple(f for f in read.findings if f.check != LONE_PAGE)
    return read if len(kept) == len(read.findings) else replace(read, findings=kept)


def _folders(paths: Sequence[str]) -> list[Path]:
    """Return the folders the user named, resolved."""
    return [Path(raw).resolve() for raw in paths if raw != STDIN and Path(raw).is_dir()]


def _in_folder_shape(
    files: Sequence[tuple[int, Path, bool]],
    outcomes: list[ReadSource | InputError],
    folders: list[Path],
    relative_to: Path | None,
) -> list[ReadSource | InputError]:
    """Return the outcomes with the pages no reader was sure of read again in their folder's
    shape, where most pages of the folder the user named were read in one of FOLDER_SHAPES
    (a page of `# Term` and its definition, in a folder of such pages with `## Tags`)."""
    by_folder: dict[Path, list[int]] = {}
    for number, (_, item, found_in_folder) in enumerate(files):
        if found_in_folder:
            resolved = item.resolve()
            folder = next((f for f in folders if resolved.is_relative_to(f)), None)
            if folder is not None:
                by_folder.setdefault(folder, []).append(number)
    found = list(outcomes)
    for numbers in by_folder.values():
        readers = [o.source.reader for n in numbers if isinstance(o := outcomes[n], ReadSource)]
        shape, count = max(((r, readers.count(r)) for r in set(readers)), key=lambda p: p[1], default=("", 0))
        if shape not in FOLDER_SHAPES or count < MIN_FOLDER_PAGES or count < MIN_FOLDER_SHARE * len(readers):
            continue
        for number in numbers:
            _, item, found_in_folder = files[number]
            unsure = isinstance(outcomes[number], NotAGlossaryError)
            if unsure and item.stem.casefold() not in FOLDER_PAGE_STEMS:
                again = _read_file(item, found_in_folder, shape, relative_to)
                if isinstance(again, ReadSource):
                    found[number] = again
        pages = [n for n in numbers if isinstance(o := found[n], ReadSource) and o.source.reader == shape]
        for number in pages:  # the folder confirms what each page alone could not
            if isinstance(read := found[number], ReadSource):
                found[number] = _without_lone_page_finding(read)
        _fold_pointers_across(found, pages, [files[n][1] for n in pages])
    return found


def _fold_pointers_across(found: list[ReadSource | InputError], pages: list[int], paths: list[Path]) -> None:
    """Fold each page's pointer entry into the entry of another page it names (in place)."""
    reads = [found[n] for n in pages]
    assert all(isinstance(read, ReadSource) for read in reads)
    results = [read.result for read in reads if isinstance(read, ReadSource)]
    texts = [load_text(path).text for path in paths]
    for number, read, result in zip(pages, reads, without_pointers_across(results, texts), strict=True):
        if isinstance(read, ReadSource) and result is not read.result:
            source = replace(read.source, entry_count=len(result.entries), unused_count=len(result.unused))
            found[number] = replace(read, source=source, result=result)


def _read_file(
    item: Path, found_in_folder: bool, format_name: str | None, relative_to: Path | None
) -> ReadSource | InputError:
    """Return the file read, or the error that says why it could not be."""
    try:
        text = load_text(item)
        if relative_to is not None and text.path != STDIN_NAME:
            text = replace(text, path=str(item.resolve().relative_to(relative_to)))
        return read_source(text, format_name)
    except NotAGlossaryError as error:
        error.found_in_folder = found_in_folder
        return error
    except InputError as error:
        return error
    except Exception as error:  # a reader bug must not sink the other files
        return InputError(
            f"a reader failed on this file ({type(error).__name__}: {error})",
            path=str(item),
            hint="name another shape with --format, and please report this file",
        )


def identified_entries(read: Sequence[ReadSource]) -> list[Entry]:
    """Return every entry read, each given the ordinal that, with its source, identifies it.

    An entry read from its own file is numbered by its position there, so entries that
    start on the same line stay apart. Entries restored from an export cite their
    original source; the copies of one original entry (an export lists an `A / B` entry
    under each of its concepts) get one ordinal, found by their span and definition.
    """
    counts: dict[str, int] = {}  # ordinals given so far, per source
    restored: dict[str, dict[object, int]] = {}  # the ordinal of each original entry restored
    entries: list[Entry] = []
    for item in read:
        for entry in item.result.entries:
            count = counts.get(entry.source, 0)
            if entry.source == item.source.path:  # read from its own file: the next number there
                ordinal = count
            else:
                key = _original_key(entry)
                ordinal = restored.setdefault(entry.source, {}).setdefault(key, count)
            if ordinal == count:
                counts[entry.source] = count + 1
            entries.append(_numbered(entry, ordinal))
    return entries


#: Every field of an Entry but its ordinal, in order (all are init fields, so positional).
_ENTRY_FIELDS = attrgetter(*(f.name for f in fields(Entry) if f.name != "ordinal"))
assert all(f.init for f in fields(Entry)), "_numbered passes Entry's fields by position"
_LABELS = [f.name for f in fields(Entry)].index("labels")


def _numbered(entry: Entry, ordinal: int) -> Entry:
    """Return `replace(entry, ordinal=ordinal)`, made twice as fast (a build makes one per entry);
    a first label written as the term shares the term's string (one copy kept, not two)."""
    labels = entry.labels
    if labels and labels[0] == entry.term and labels[0] is not entry.term:
        values = list(_ENTRY_FIELDS(entry))
        values[_LABELS] = (entry.term, *labels[1:])
        return Entry(*values, ordinal=ordinal)
    return Entry(*_ENTRY_FIELDS(entry), ordinal=ordinal)


def build_findings(concepts: Sequence[Concept]) -> tuple[Finding, ...]:
    """Return the contradictions `termbase check` finds in a build, to store beside it.

    Only the rule whose findings the pages show runs here, to keep builds fast;
    `termbase check --db` runs every rule on the stored concepts. That rule reads only the
    concepts (not relations), so the build runs it beside linking (see `write_termbase`).
    """
    from termbase.check import CheckInput, run_checks, select_rules

    return tuple(run_checks(CheckInput(concepts, (), ()), select_rules(["contradiction"])))


def concept_texts(concepts: Sequence[Concept]) -> list[str]:
    """Return the text embedded for each concept (labels and definitions), in order."""
    return [concept_text(c.label, c.labels, dict.fromkeys(e.definition for e in c.entries)) for c in concepts]


def description_texts(concepts: Sequence[Concept]) -> list[str]:
    """Return each concept's second embedded text, what it is without its names (see
    semantic.description_text), in order; a concept with no definition gets its main text."""
    return [
        description_text(e.definition for e in c.entries) or text
        for c, text in zip(concepts, concept_texts(concepts), strict=True)
    ]


def concept_vectors(
    concepts: Sequence[Concept],
    known: Mapping[str, Any] | None = None,
    progress: ProgressCallback = no_progress,
) -> tuple[tuple[bytes, ...], tuple[bytes, ...]]:
    """Return one embedding blob per concept, in order, and one of its description (empty
    for a termbase large enough to search through a graph: see vector_index.wanted).

    `known` maps `text_key(text)` to vectors made before (the built-in glossary ships
    its own); only texts not among them are embedded, each distinct text once, and
    `progress` is told of each batch ("embedding concepts").
    """
    texts = concept_texts(concepts)
    descriptions = [] if vector_index.wanted(len(texts)) else description_texts(concepts)
    vectors = text_vectors([*texts, *descriptions], known, progress)
    return vectors[: len(texts)], vectors[len(texts) :]


def text_vectors(
    texts: Sequence[str], known: Mapping[str, Any] | None = None, progress: ProgressCallback = no_progress
) -> tuple[bytes, ...]:
    """Return the embedding blob of each text, reusing `known` ones (by text_key)."""
    known = known or {}
    keys = [text_key(text) for text in texts]
    missing = list({key: i for i, key in enumerate(keys) if key not in known}.values())
    made = []
    if missing:
        made = get_embedder().encode(
            [texts[i] for i in missing],
            on_batch=lambda done: progress("embedding concepts", done, len(missing)),
        )
    fresh = {keys[i]: made[n] for n, i in enumerate(missing)}
    return tuple(vectors_blob(known[key] if key in known else fresh[key]) for key in keys)


def _expected_skip(error: InputError) -> bool:
    """Return True for a file no reader recognises that the user did not name (see BuildSummary)."""
    return isinstance(error, NotAGlossaryError) and error.found_in_folder


def build_termbase(
    paths: Sequence[str],
    db: Path,
    format_name: str | None = None,
    relative_to: Path | None = None,
    semantic: bool = False,
    limits: Limits | None = None,
    known_vectors: Mapping[str, Any] | None = None,
    progress: ProgressCallback = no_progress,
    site_pages: bool | None = None,
) -> BuildSummary:
    """Read, resolve, link and store the sources into `db`; return what happened.

    `limits` bounds what a source may ask for (size, depth, expansion …; see `limits`).

    With `semantic`, each concept's embedding is computed and stored too (needs the
    `semantic` extra); `known_vectors` (by `text_key`) are reused instead of computed.
    `site_pages`: whether the static site's pages are stored too (default: no; see
    `web.stored_sizes`).
    Raises InputError when no source could be read at all (the old
    `db` is kept).
    """
    # see collections_pause: 23% of a large build's time otherwise; each label's key is worked out once
    with no_collections(), remembered_keys():
        return _build_termbase(
            paths, db, format_name, relative_to, semantic, limits, known_vectors, progress, site_pages
        )


def _build_termbase(
    paths: Sequence[str],
    db: Path,
    format_name: str | None,
    relative_to: Path | None,
    semantic: bool,
    limits: Limits | None,
    known_vectors: Mapping[str, Any] | None,
    progress: ProgressCallback,
    site_pages: bool | None = None,
) -> BuildSummary:
    started = time.perf_counter()
    if format_name:
        get_reader(format_name)
    with applied(limits or Limits(), input_folders(paths)):
        read, errors = read_sources(paths, format_name, relative_to, progress)
    if not read:
        raise NothingReadError(tuple(errors))
    entries = identified_entries(read)
    # from here on the identified entries are the only copy of each entry
    read = [replace(r, result=replace(r.result, entries=(), spans=())) for r in read]
    entry_count = len({entry.identity for entry in entries})
    concepts = resolve(entries)
    del entries  # the concepts hold them now
    vectors, descriptions = concept_vectors(concepts, known_vectors, progress) if semantic else ((), ())

    def linked() -> Linked:  # runs while the rest is stored, where a second core can be used
        # the labels' patterns are made once, for linking and to be stored; the stored rows are
        # kept, the tables (ten times their size) only until the matcher is made of them
        tables = concept_pattern_tables(concepts)
        rows = pattern_rows(tables)
        matcher = TermMatcher.from_concepts(concepts, tables)
        del tables
        links = link(concepts, matcher=matcher)
        return Linked(links.relations, links.dangling, rows)

    build = Build(
        sources=all_sources(read),
        concepts=tuple(concepts),
        relations=(),
        dangling=(),
        unused=tuple(u for r in read for u in r.result.unused),
        read_findings=tuple(f for r in read for f in r.findings),
        vectors=vectors,
        description_vectors=descriptions,
        vector_model=MODEL_NAME if vectors else "",
        vector_dimension=DIMENSION if vectors else 0,
    )
    build = write_termbase(db, build, meanwhile=linked, checked=build_findings, site_pages=site_pages)
    return BuildSummary(
        db=db,
        sources=build.sources,
        skipped=tuple(e for e in errors if not _expected_skip(e)),
        not_glossaries=tuple(e for e in errors if _expected_skip(e)),
        concepts=len(concepts),
        relations=len(build.relations),
        dangling=len(build.dangling),
        seconds=time.perf_counter() - started,
        entries=entry_count,
        findings=build.read_findings,
    )
