"""Reader for pages whose term lines end in a locator: `FlashAttentionCh 14`.

Shape (first seen in seed 000, a page copied out of a browser)::

    Glossary
    84 terms — … an intro sentence.
    A
    A2ACh 21
    Open protocol … (one definition line)
    ActivationCh 03
    The output value(s) … (the next definition)

A *term line* is a short name with a locator at its very end: `Ch 14`, `Chapter 3`,
`Ch. 3`, `Lesson 2`, `§4`, `(Part 2)`. The locator may be glued to the term (as copying
a page out of a browser leaves it) or set off by a space or separator. Only the last
locator on the line counts, so `GPT-4Ch 12` is the term `GPT-4` at `Ch 12`.

The definition is the next line (the next non-blank line, on a page that always leaves a
blank line after its terms), plus any lines directly under it that start no new entry.
Letter dividers, page headings, intro text and stray lines are reported unused with
their reason. The small page-layout helpers here (`locator_kind`, `is_letter_divider`,
`page_line_reason`, `coverage_score`) are also used by the introduced-bullets reader.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from termbase.labels import parse_term
from termbase.model import Entry, Locator, ReadResult, Unused
from termbase.readers.base import entries_and_unused

#: Locator words and the Locator.kind each one means (keys are case-folded, no dot).
LOCATOR_KINDS: dict[str, str] = {
    "chapter": "chapter", "chap": "chapter", "ch": "chapter", "part": "chapter",
    "section": "section", "sect": "section", "sec": "section", "§": "section",
    "module": "module", "lesson": "module", "lecture": "module", "unit": "module",
    "week": "module", "session": "module", "lab": "module",
    "page": "page", "pg": "page", "pp": "page", "p": "page",
}

_WORDS = "|".join(sorted(map(re.escape, LOCATOR_KINDS), key=len, reverse=True))
_LOCATOR_AT_END = re.compile(
    rf"(?P<open>[(\[]\s*)?"
    rf"(?P<loc>(?P<word>{_WORDS})(?P<dot>\.)?\s*(?P<number>\d+(?:\.\d+)*[a-z]?))"
    rf"\s*(?P<close>[)\]])?\s*$",
    re.IGNORECASE,
)
#: Characters that may stand between a term and its locator, or before a locator word.
SEPARATORS = "·•—–|,:;("
_DIVIDER_WORDS = frozenset({"#", "0-9", "0–9", "123", "numbers", "symbols", "other"})
_MAX_TERM_CHARS = 80
_MAX_TERM_WORDS = 10
_MARKER_TAIL = re.compile(
    r"\b(?:introduced|defined|first\s+seen|first\s+appears?)\s+in\b", re.IGNORECASE
)

REASON_DIVIDER = "letter divider"
REASON_NO_DEFINITION = "term line with no definition after it"
REASON_NO_TERM = "definition line with no term before it"
REASON_NAVIGATION = "heading or navigation text between entries"


def locator_kind(word: str) -> str:
    """Return the Locator.kind a locator word means (`Ch.` → chapter); `section` if unknown."""
    return LOCATOR_KINDS.get(word.rstrip(".").casefold(), "section")


def tidy(text: str) -> str:
    """Return `text` with runs of whitespace (including no-break spaces) made one space."""
    return " ".join(text.split())


def is_sentence(text: str) -> bool:
    """Return True if `text` reads as prose rather than a heading: long, or ends a sentence."""
    text = text.strip()
    return len(text.split()) >= 6 or text.endswith((".", "!", "?", ":"))


def is_letter_divider(line: str) -> bool:
    """Return True for an index divider line: `A`, `Π`, `## B`, `#`, `0–9`, `A–C`."""
    text = line.strip()
    if len(text) > 1 and text.startswith("#"):
        text = text.lstrip("#").strip()
    if len(text) == 1:
        return text.isalpha() or text == "#"
    if text.casefold() in _DIVIDER_WORDS:
        return True
    compact = text.replace(" ", "")
    return len(compact) == 3 and compact[1] in "-–—" and compact[0].isalpha() and compact[2].isalpha()


def page_line_reason(line: str) -> str:
    """Return why a line before the first entry is no entry: page title, heading or intro."""
    text = line.strip()
    if "glossary" in text.casefold() and len(text.split()) <= 6:
        return "page title"
    return "intro text" if is_sentence(text) else "page heading"


def stray_line_reason(line: str) -> str:
    """Return why a line after the first entry belongs to no entry."""
    return REASON_NO_TERM if is_sentence(line) else REASON_NAVIGATION


def looks_like_term(term: str) -> bool:
    """Return True if `term` is short enough, and unlike a sentence enough, to be a term."""
    words = term.split()
    if not words or len(term) > _MAX_TERM_CHARS or len(words) > _MAX_TERM_WORDS:
        return False
    if not any(ch.isalnum() for ch in term):
        return False
    if _MARKER_TAIL.search(term):
        return False  # `- GQA Introduced in §12`: the introduced-bullets shape, not this one
    return not (len(words) >= 3 and term.endswith((".", "!", "?")))


def strip_trailing_separator(text: str) -> str:
    """Return `text` without trailing spaces and one trailing separator (`—`, `·`, ` -` …)."""
    text = text.rstrip()
    if text.endswith(tuple(SEPARATORS)):
        return text[:-1].rstrip()
    if text.endswith(" -"):
        return text[:-2].rstrip()
    return text


def split_term_line(line: str) -> tuple[str, Locator] | None:
    """Return (term as written, locator) if `line` is a term with a locator at its end."""
    tail = line.rstrip()[-1:]
    if not (tail.isalnum() or tail in ")]"):
        return None  # most definition lines end in `.`: skip the search
    match = _LOCATOR_AT_END.search(line)
    if not match or bool(match["open"]) != bool(match["close"]):
        return None
    word, start = match["word"], match.start()
    glued = start > 0 and not (line[start - 1].isspace() or line[start - 1] in SEPARATORS)
    if glued and not (word == "§" or (word[0].isupper() and word[1:].islower())):
        return None  # `Epoch 3`, `DUTCH 3`: a glued locator word must read `Ch`, `Lesson`…
    if word.casefold() in ("p", "pp") and not match["dot"]:
        return None  # `Step 3` is no page locator; `p. 3` is
    term = strip_trailing_separator(line[:start]).strip()
    if not looks_like_term(term):
        return None
    locator = Locator(
        kind=locator_kind(word), text=tidy(match["loc"]), number=match["number"]
    )
    return term, locator


@dataclass(frozen=True, slots=True)
class _Line:
    """One source line as the scanner sees it."""

    number: int
    text: str
    term: tuple[str, Locator] | None
    divider: bool


def _classify(text: str) -> list[_Line]:
    lines = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        divider = is_letter_divider(raw)
        term = None if divider else split_term_line(raw.strip())
        lines.append(_Line(number, raw.strip(), term, divider))
    return lines


def _scan(text: str, source: str) -> tuple[list[Entry], list[Unused], str]:
    """Return the entries, unused lines and page title of `text`."""
    lines = _classify(text)
    allow_gap = mostly_gapped(
        lines[i + 1].number > lines[i].number + 1
        for i in range(len(lines) - 1)
        if lines[i].term is not None and not _starts_something(lines[i + 1])
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
            end = _definition_end(lines, index, allow_gap)
            if end == index:
                unused.append(Unused(source, line.number, line.text, REASON_NO_DEFINITION))
            else:
                entries.append(_entry(line, lines[index + 1 : end + 1], source))
            index = end + 1
            continue
        if line.divider:
            reason = REASON_DIVIDER
        elif seen_term:
            reason = stray_line_reason(line.text)
        else:
            reason = page_line_reason(line.text)
            if reason == "page title" and not title:
                title = line.text
        unused.append(Unused(source, line.number, line.text, reason))
        index += 1
    return entries, unused, title


def _starts_something(line: _Line) -> bool:
    """Return True if `line` cannot be part of a definition: a term line or a divider."""
    return line.term is not None or line.divider


def _definition_end(lines: list[_Line], index: int, allow_gap: bool) -> int:
    """Return the index of the last definition line of the term at `index` (itself if none).

    The first definition line is the next line (or, on a page that puts a blank line
    after each term, the next non-blank line); further lines belong to it while they
    follow with no blank line between and start no entry or divider.
    """
    end = index
    while end + 1 < len(lines):
        candidate = lines[end + 1]
        adjacent = candidate.number == lines[end].number + 1
        if _starts_something(candidate) or not (adjacent or (allow_gap and end == index)):
            break
        end += 1
    return end


def _entry(term_line: _Line, definition: list[_Line], source: str) -> Entry:
    assert term_line.term is not None
    term, locator = term_line.term
    labels, groups = parse_term(term)
    return Entry(
        source=source,
        line=term_line.number,
        end_line=definition[-1].number,
        term=term,
        labels=labels,
        groups=groups,
        definition=tidy(" ".join(line.text for line in definition)),
        locator=locator,
    )


def mostly_gapped(gaps: Iterable[bool]) -> bool:
    """Return True if most term lines (one flag each) have a blank line before their definition.

    Readers then let a blank line stand between a term and its definition; on other pages
    a term line followed by a blank line has no definition, so a stray line below it is
    never mistaken for one.
    """
    flags = list(gaps)
    return sum(flags) * 2 > len(flags)


def coverage_score(text: str, result: ReadResult) -> float:
    """Return 0–1: the share of a page's content lines that a reader put into entries.

    Content is every non-blank line except letter dividers and a short page header (up
    to five lines before the first entry). A page with a single entry scores a quarter,
    since one lucky match proves little.
    """
    if not result.entries:
        return 0.0
    nonblank = sum(1 for line in text.splitlines() if line.strip())
    first = result.entries[0].line
    header = sum(1 for item in result.unused if item.line < first)
    dividers = sum(1 for item in result.unused if item.reason == REASON_DIVIDER)
    content = nonblank - dividers - min(header, 5)
    if content <= 0:
        return 0.0
    score = min(1.0, (nonblank - len(result.unused)) / content)
    return score if len(result.entries) >= 2 else score / 4


class SuffixLocatorReader:
    """Reads term lines ending in a locator (`FlashAttentionCh 14`) each followed by a definition."""

    name = "suffix-locator"
    description = "term lines ending in a chapter locator (`KV-cacheCh 19`), then a definition line"

    def detect(self, text: str) -> float:
        """Return 0–1: the share of content lines that form term-with-locator entries."""
        return coverage_score(text, self.read(text, ""))

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per term line with a definition; every other line is unused."""
        entries, unused, title = _scan(text, source)
        return entries_and_unused(entries, unused, title)
