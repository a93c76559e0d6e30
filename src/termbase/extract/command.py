"""What `termbase extract` does, apart from parsing its options (see cli.py).

Extracts, adds the review items the author accepted, writes the termbase and the review
file, and scores against a human glossary; returns a plain summary the CLI prints.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from glob import escape as glob_escape
from pathlib import Path
from shlex import quote

from termbase.errors import InputError
from termbase.extract import ExtractedEntry, ExtractResult, excluding_nothing, extract_glossary
from termbase.extract.against import AgainstFigures, score_against
from termbase.extract.review import read_accepted, review_markdown, ticked_to_keep
from termbase.extract.write import write_extracted
from termbase.labels import label_key
from termbase.model import Entry

#: The confidence line `termbase extract` uses unless told otherwise.
DEFAULT_MIN_CONFIDENCE = 0.6


@dataclass(frozen=True, slots=True)
class ExtractRun:
    """What one `termbase extract` run did."""

    result: ExtractResult
    accepted: tuple[Entry, ...]
    db: Path | None
    concepts: int
    relations: int
    review_file: Path | None
    review_count: int
    against: AgainstFigures | None
    unexplained: int = 0  # kept terms no sentence explains (kept with their first use, no definition)
    excluded_nothing: tuple[str, ...] = ()  # --exclude patterns that matched no chapter


def run_extract(
    sources: Sequence[str],
    *,
    db: Path | None,
    base_url: str,
    min_confidence: float,
    review_file: Path | None,
    accept: Sequence[Path],
    against: Sequence[str],
    exclude: Sequence[str],
    against_format: str = "",
    semantic: bool = False,
) -> ExtractRun:
    """Extract from `sources` and do everything the options ask; raise InputError on a user mistake."""
    if base_url and not base_url.startswith(("http://", "https://", "/")):
        raise InputError(f"--base-url {base_url!r} is no address",
                         hint="give an http(s) address or a path starting with /, e.g. https://example.org/book/")
    kept_ticked = ticked_to_keep(review_file, accept) if review_file is not None else []
    # The human glossary scored against is never read as a chapter (it would find itself), nor
    # are the review files (one written into the chapters' folder was read as a chapter by the
    # next run, its "confidence" and "evidence" lines giving terms).
    own = [*(Path(g) for g in against), *accept, *([review_file] if review_file else [])]
    glossaries = [glob_escape(path.resolve().as_posix()) for path in own if path.is_file()]
    result = extract_glossary([Path(s) for s in sources], base_url=base_url, min_confidence=min_confidence,
                              exclude=[*exclude, *glossaries])
    accepted: list[Entry] = []
    for path in accept:
        accepted.extend(read_accepted(path))
    if base_url:
        accepted = _addressed(accepted, result)
    accepted_keys = {(e.source, label_key(e.term)) for e in accepted}
    entries = [e.entry for e in result.entries if (e.chapter, label_key(e.term)) not in accepted_keys]
    entries.extend(accepted)
    review = [item for item in result.review if (item.chapter, label_key(item.term)) not in accepted_keys]
    concepts = relations = 0
    unexplained = [e for e in result.unexplained if (e.chapter, label_key(e.term)) not in accepted_keys]
    if db is not None and not entries:
        hint = "lower --min-confidence, or look at the candidates with --review FILE"
        if review_file is not None:  # the candidates are what the author needs now: write them
            command = _accept_command(sources, db, base_url, min_confidence, exclude, [*accept, review_file])
            _write_review(review_file, review, unexplained, kept_ticked, command, min_confidence)
            count = len(review)
            which = "the candidate" if count == 1 else f"the ones you want of the {count} candidates"
            hint = (f"lower --min-confidence, or tick {which} "
                    f"written to {review_file} and run the command its header names" if review else
                    f"{review_file} lists no candidate either: is the folder the book's chapters?")
        raise InputError(
            f"no term reached the confidence line {min_confidence:.2f}, so no termbase was written",
            hint=hint)
    if db is not None:
        concepts, relations = write_extracted(db, result.chapters, entries, semantic=semantic)
    if review_file is not None:
        command = _accept_command(sources, db, base_url, min_confidence, exclude, [*accept, review_file])
        _write_review(review_file, review, unexplained, kept_ticked, command, min_confidence)
    figures = None
    if against:
        try:
            chapters = [c.path for c in result.chapters]
            figures = score_against(result.entries, against, chapters, against_format)
        except InputError as error:  # the reader's hint names build's --format; here it is --against-format
            raise InputError(error.message, path=error.path, line=error.line,
                             hint=error.hint.replace("--format", "--against-format")) from error
    return ExtractRun(result, tuple(accepted), db, concepts, relations, review_file, len(review), figures,
                      len(unexplained), tuple(excluding_nothing([Path(s) for s in sources], exclude)))


def _write_review(review_file: Path, review: Sequence[ExtractedEntry], unexplained: Sequence[ExtractedEntry],
                  kept_ticked: Sequence[str], command: str, min_confidence: float) -> None:
    """Write the review file: the candidates below the line, the terms no sentence explains, and the
    ticked items kept from the file it replaces."""
    text = review_markdown(review, min_confidence, command, unexplained, kept_ticked)
    review_file.write_text(text, encoding="utf-8")


def _addressed(accepted: list[Entry], result: ExtractResult) -> list[Entry]:
    """Return the accepted entries with the address this run's `--base-url` gives their section (the
    review file may have been written without one, or with another address)."""
    urls = {(item.chapter, label_key(item.term)): item.url
            for item in (*result.review, *result.entries, *result.unexplained) if item.url}
    out = []
    for entry in accepted:
        url = urls.get((entry.source, label_key(entry.term)), "")
        if url and entry.locator is not None and entry.locator.url != url:
            entry = replace(entry, locator=replace(entry.locator, url=url))
        out.append(entry)
    return out


def _accept_command(sources: Sequence[str], db: Path | None, base_url: str, min_confidence: float,
                    exclude: Sequence[str], accept: Sequence[Path]) -> str:
    """Return the command line that extracts again with the same options and adds the items
    ticked in the review files `accept` (the review file says to run it)."""
    words = ["termbase", "extract", *sources]
    if db is not None:
        words += ["--db", str(db)]
    if base_url:
        words += ["--base-url", base_url]
    if min_confidence != DEFAULT_MIN_CONFIDENCE:
        words += ["--min-confidence", f"{min_confidence:g}"]
    for pattern in exclude:
        words += ["--exclude", pattern]
    for path in dict.fromkeys(accept):
        words += ["--accept", str(path)]
    return " ".join(quote(word) for word in words)
