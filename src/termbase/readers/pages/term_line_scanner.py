"""The scan shared by readers whose entries are a *term line* followed by its definition.

Two shapes work this way and differ only in what a term line looks like:

- suffix locator lines (`FlashAttentionCh 14`, see `suffix_locator`);
- introduced-in bullets (`- term Introduced in §3 · Title`, see `introduced_bullets`),
  where lines may also be Markdown bullets and `#` headings.

A reader of either shape is a `TermLineReader` that supplies `split_term_line`. The scan
here does the rest: the definition is the next line (the next non-blank line, on a page
that always leaves a blank line after its terms), plus any lines directly under it that
start nothing new (no term line, divider or heading, and on a Markdown page no bullet).
Letter dividers, page headings, intro text and stray lines are reported unused with
their reason, so every non-blank line is accounted for exactly once.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

from termbase.labels import parse_term
from termbase.model import Entry, Locator, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.page_text import (
    REASON_DIVIDER,
    REASON_NO_DEFINITION,
    REASON_TITLE,
    coverage_score,
    is_letter_divider,
    is_sentence,
    nonblank_lines,
    page_line_reason,
    tidy,
)

#: Finds the term and locator in a stripped line; None if the line is no term line.
TermSplitter = Callable[[str], tuple[str, Locator] | None]

BULLETS = "-*•+–"
_MAX_TERM_CHARS = 80
_MAX_TERM_WORDS = 10
_MARKER_TAIL = re.compile(
    r"\b(?:introduced|defined|first\s+seen|first\s+appears?)\s+in\b", re.IGNORECASE
)

REASON_NO_TERM = "definition line with no term before it"
REASON_NAVIGATION = "heading or navigation text between entries"
REASON_STRAY_BULLET = "bullet with no term line before it"


def looks_like_term(term: str) -> bool:
    """Return True if `term` is short enough, and unlike a sentence enough, to be a term."""
    words = term.split()
    if not words or len(term) > _MAX_TERM_CHARS or len(words) > _MAX_TERM_WORDS:
        return False
    if not any(ch.isalnum() for ch in term):
        return False
    if _MARKER_TAIL.search(term):
        return False  # `- GQA Introduced in §12`: the introduced-bullets shape, not a suffix locator
    return not (len(words) >= 3 and term.endswith((".", "!", "?")))


def strip_bullet(line: str) -> tuple[str, bool]:
    """Return (line without its bullet marker and outer spaces, whether it had one)."""
    text = line.strip()
    if len(text) >= 2 and text[0] in BULLETS and text[1].isspace():
        return text[2:].strip(), True
    return text, False


def mostly_gapped(gaps: Iterable[bool]) -> bool:
    """Return True if most term lines (one flag each) have a blank line before their definition.

    Readers then let a blank line stand between a term and its definition; on other pages
    a term line followed by a blank line has no definition, so a stray line below it is
    never mistaken for one.
    """
    flags = list(gaps)
    return sum(flags) * 2 > len(flags)


@dataclass(frozen=True, slots=True)
class Line:
    """One non-blank source line as the scanner sees it (`bullet` and `heading`: Markdown pages only)."""

    number: int
    text: str
    term: tuple[str, Locator] | None
    divider: bool
    bullet: bool = False
    heading: bool = False

    def starts_something(self) -> bool:
        """Return True if this line cannot continue a definition: a term, divider or heading."""
        return self.term is not None or self.divider or self.heading


#: Texts up to this long keep their classified lines for the next scan of the same text
#: (detection, then the read of the reader picked): longer ones are classified each time.
_REUSED_TEXT_CHARS = 1_000_000


def classify_lines(text: str, split_term_line: TermSplitter, *, markdown: bool) -> list[Line]:
    """Return a Line for every non-blank line of `text`.

    With `markdown`, bullet markers (`-`, `*`, `•` …) and `#` headings are recognised too.
    The last few short texts' lines are kept, so a detection's scan is not redone by the read.
    """
    if len(text) > _REUSED_TEXT_CHARS:
        return _classified_lines(text, split_term_line, markdown)
    return list(_kept_lines(text, split_term_line, markdown))


@lru_cache(maxsize=4)
def _kept_lines(text: str, split_term_line: TermSplitter, markdown: bool) -> tuple[Line, ...]:
    return tuple(_classified_lines(text, split_term_line, markdown))


def _classified_lines(text: str, split_term_line: TermSplitter, markdown: bool) -> list[Line]:
    lines = []
    for number, stripped in nonblank_lines(text):
        divider = is_letter_divider(stripped)
        term = None if divider else split_term_line(stripped)
        if markdown:
            bullet = strip_bullet(stripped)[1]
            lines.append(Line(number, stripped, term, divider, bullet, stripped.startswith("#")))
        else:
            lines.append(Line(number, stripped, term, divider))
    return lines


def definition_end(lines: list[Line], index: int, allow_gap: bool) -> int:
    """Return the index of the last definition line of the term at `index` (itself if none).

    The first definition line is the next line (or, on a page that puts a blank line
    after each term, the next non-blank line); further lines belong to it while they
    follow with no blank line between, start nothing new and are no bullet (Markdown
    continuation lines).
    """
    if index + 1 >= len(lines):
        return index
    first = lines[index + 1]
    adjacent = first.number == lines[index].number + 1
    if first.starts_something() or not (adjacent or allow_gap):
        return index
    end = index + 1
    while end + 1 < len(lines):
        candidate = lines[end + 1]
        adjacent = candidate.number == lines[end].number + 1
        if not adjacent or candidate.bullet or candidate.starts_something():
            break
        end += 1
    return end


def stray_line_reason(line: Line) -> str:
    """Return why a line after the first entry belongs to no entry."""
    if line.heading:
        return REASON_NAVIGATION
    if line.bullet:
        return REASON_STRAY_BULLET
    return REASON_NO_TERM if is_sentence(line.text) else REASON_NAVIGATION


def scan(text: str, source: str, split_term_line: TermSplitter, *, markdown: bool) -> ReadResult:
    """Return one entry per term line with a definition; every other line is unused, with why."""
    lines = classify_lines(text, split_term_line, markdown=markdown)
    allow_gap = mostly_gapped(
        lines[i + 1].number > lines[i].number + 1
        for i in range(len(lines) - 1)
        if lines[i].term is not None and not lines[i + 1].starts_something()
    )
    entries: list[Entry] = []
    unused: list[Unused] = []
    title = ""
    seen_term = False
    index = 0
    while index < len(lines):
        line = lines[index]
        if line.term is not None:
            seen_term = True
            end = definition_end(lines, index, allow_gap)
            if end == index:
                unused.append(Unused(source, line.number, line.text, REASON_NO_DEFINITION))
            else:
                entries.append(_entry(line, lines[index + 1 : end + 1], source))
            index = end + 1
            continue
        if line.divider:
            reason = REASON_DIVIDER
        elif seen_term:
            reason = stray_line_reason(line)
        else:
            header = line.text.lstrip("#").strip() if line.heading else line.text
            reason = page_line_reason(header)
            if reason == REASON_TITLE and not title:
                title = header
        unused.append(Unused(source, line.number, line.text, reason))
        index += 1
    return entries_and_unused(entries, unused, title)


def _entry(term_line: Line, definition: list[Line], source: str) -> Entry:
    """Return the Entry for a term line and its definition lines."""
    assert term_line.term is not None
    term, locator = term_line.term
    labels, groups = parse_term(term)
    first, *rest = definition
    body = strip_bullet(first.text)[0] if first.bullet else first.text
    text = " ".join([body, *(line.text for line in rest)]) if rest else body
    return Entry(
        source=source,
        line=term_line.number,
        end_line=definition[-1].number,
        term=term,
        labels=labels,
        groups=groups,
        definition=tidy(text),
        locator=locator,
    )


class TermLineReader:
    """Base for readers of term lines each followed by a definition (see the module docstring).

    A subclass sets `name`, `description` and `markdown`, and defines `split_term_line`.
    """

    name = ""
    description = ""
    #: Whether lines may be Markdown bullets and `#` headings.
    markdown = False
    #: A quick test of the whole text, False only for a text with no term line (so no
    #: entries): detection then skips the scan. None: no such test.
    may_hold_term_lines: Callable[[str], bool] | None = None

    def split_term_line(self, line: str) -> tuple[str, Locator] | None:
        """Return (term as written, locator) if the stripped `line` is a term line, else None."""
        raise NotImplementedError

    def detect(self, text: str) -> float:
        """Return 0–1: the share of content lines that form term-line entries."""
        if self.may_hold_term_lines is not None and not self.may_hold_term_lines(text):
            return 0.0
        return coverage_score(text, self.read(text, ""))

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per term line with a definition; every other line is unused."""
        return scan(text, source, self.split_term_line, markdown=self.markdown)
