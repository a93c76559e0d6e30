"""Reader for bullet pairs: a term bullet saying where it is introduced, then a definition.

Shape (first seen in seed 001)::

    Glossary
    Every term, in one place
    - "aha moment" Introduced in §23 · GRPO & DeepSeek-R1
    - (its definition, as a bullet of its own)
    - 3D parallelism Introduced in §07 · Parallelism
    - Combining … (the next definition bullet)

A *term line* is a short term followed by an introduction marker (`Introduced in`,
`First introduced in`, `Defined in`, `First seen in`, `Introduced:`) and a locator:
`§23 · Title`, `Chapter 4: Title`, `Lesson 2 — Title`, a bare title, or a Markdown link
to any of these. Bullets (`-`, `*`, `•`, `+`, `–`) are optional. A lower-case marker
counts only after a separator (`bagging — introduced in Lesson 2`), so that prose such
as "a method introduced in 2017" is never taken for a term line.

The definition is the next line (the next non-blank line, on a page that always leaves a
blank line after its terms), plus any lines directly under it that are no bullet, term
line, heading or divider (Markdown continuation lines). Everything else is reported
unused with its reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from termbase.labels import parse_term
from termbase.model import Entry, Locator, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.suffix_locator import (
    LOCATOR_KINDS,
    REASON_DIVIDER,
    REASON_NO_DEFINITION,
    coverage_score,
    is_letter_divider,
    locator_kind,
    looks_like_term,
    mostly_gapped,
    page_line_reason,
    stray_line_reason,
    strip_trailing_separator,
    tidy,
)

BULLETS = "-*•+–"
_MARKER = re.compile(
    r"(?<![\w-])(?:first\s+)?(?:introduced|defined)(?:\s+in\b|\s*:)"
    r"|(?<![\w-])first\s+(?:seen|appears|appeared|used)\s+in\b",
    re.IGNORECASE,
)
_MARKDOWN_LINK = re.compile(r"\[(?P<text>[^\]]+)\]\((?P<url>[^)\s]+)\)")
_NUMBERED = re.compile(
    r"(?P<word>§|[^\W\d_]+\.?)\s*(?P<number>\d+(?:\.\d+)*[a-z]?)(?!\w)(?!\.\d)(?P<rest>.*)"
)
_TITLE_LEAD = "·•—–-|,:;. "

REASON_STRAY_BULLET = "bullet with no term line before it"
REASON_HEADING = "heading between entries"


def strip_bullet(line: str) -> tuple[str, bool]:
    """Return (line without its bullet marker and outer spaces, whether it had one)."""
    text = line.strip()
    if len(text) >= 2 and text[0] in BULLETS and text[1].isspace():
        return text[2:].strip(), True
    return text, False


def parse_locator(text: str) -> Locator:
    """Return the Locator for what follows an `Introduced in` marker.

    `§23 · GRPO & DeepSeek-R1` gives kind section, number 23 and that title;
    `Chapter 4: Joins` gives kind chapter; a bare title gives a section with no number;
    a Markdown link `[§3 · Sampling](url)` also keeps the url.
    """
    url = ""
    link = _MARKDOWN_LINK.fullmatch(text.strip())
    if link:
        text, url = link["text"], link["url"]
    text = tidy(text)
    numbered = _NUMBERED.fullmatch(text)
    if numbered and numbered["word"].rstrip(".").casefold() in LOCATOR_KINDS:
        title = numbered["rest"].lstrip(_TITLE_LEAD).strip()
        return Locator(
            kind=locator_kind(numbered["word"]),
            text=text,
            number=numbered["number"],
            title=title,
            url=url,
        )
    return Locator(kind="section", text=text, title=text, url=url)


def split_term_line(line: str) -> tuple[str, Locator] | None:
    """Return (term as written, locator) if `line` is a term line, else None."""
    body, _ = strip_bullet(line)
    match = _MARKER.search(body)
    if not match:
        return None
    before = body[: match.start()].rstrip()
    term = strip_trailing_separator(before)
    if match.group()[0].islower() and term == before:
        return None  # a lower-case marker needs a separator before it, or it is prose
    rest = body[match.end() :].strip()
    if before.endswith("(") and rest.endswith(")"):
        rest = rest[:-1].rstrip()
    if not rest or not looks_like_term(term):
        return None
    return term, parse_locator(rest)


@dataclass(frozen=True, slots=True)
class _Line:
    """One non-blank source line as the scanner sees it."""

    number: int
    text: str
    term: tuple[str, Locator] | None
    divider: bool
    bullet: bool
    heading: bool


def _classify(text: str) -> list[_Line]:
    lines = []
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not stripped:
            continue
        divider = is_letter_divider(stripped)
        term = None if divider else split_term_line(stripped)
        _, bullet = strip_bullet(stripped)
        heading = stripped.startswith("#")
        lines.append(_Line(number, stripped, term, divider, bullet, heading))
    return lines


def _starts_something(line: _Line) -> bool:
    """Return True if `line` cannot continue a definition: a term, divider or heading."""
    return line.term is not None or line.divider or line.heading


def _definition_end(lines: list[_Line], index: int, allow_gap: bool) -> int:
    """Return the index of the last definition line of the term at `index` (itself if none).

    The first definition line is the next line (or, on a page that puts a blank line
    after each term, the next non-blank line); Markdown continuation lines (no bullet,
    no blank line before) directly under it belong to it too.
    """
    if index + 1 >= len(lines):
        return index
    first = lines[index + 1]
    adjacent = first.number == lines[index].number + 1
    if _starts_something(first) or not (adjacent or allow_gap):
        return index
    end = index + 1
    while end + 1 < len(lines):
        candidate = lines[end + 1]
        adjacent = candidate.number == lines[end].number + 1
        if not adjacent or candidate.bullet or _starts_something(candidate):
            break
        end += 1
    return end


def _stray_reason(line: _Line) -> str:
    if line.heading:
        return REASON_HEADING
    return REASON_STRAY_BULLET if line.bullet else stray_line_reason(line.text)


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
            reason = _stray_reason(line)
        else:
            reason = page_line_reason(line.text.lstrip("#"))
            if reason == "page title" and not title:
                title = line.text.lstrip("#").strip()
        unused.append(Unused(source, line.number, line.text, reason))
        index += 1
    return entries, unused, title


def _entry(term_line: _Line, definition: list[_Line], source: str) -> Entry:
    assert term_line.term is not None
    term, locator = term_line.term
    labels, groups = parse_term(term)
    first, _ = strip_bullet(definition[0].text)
    text = " ".join([first, *(line.text for line in definition[1:])])
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


class IntroducedBulletsReader:
    """Reads `- term Introduced in §N · Title` bullets, each followed by a definition bullet."""

    name = "introduced-bullets"
    description = "`- term Introduced in §NN · Title` bullets, each followed by a definition bullet"

    def detect(self, text: str) -> float:
        """Return 0–1: the share of content lines that form introduced-in entries."""
        return coverage_score(text, self.read(text, ""))

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per term line with a definition; every other line is unused."""
        entries, unused, title = _scan(text, source)
        return entries_and_unused(entries, unused, title)
