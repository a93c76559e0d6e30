"""Page-layout helpers every reader shares: the parts of a glossary page that are no entry.

Whatever its shape, a glossary page copied out of a browser or a README carries the same
furniture around its entries: a page title (`Glossary`), headings and intro text above
the first entry, letter dividers (`A`, `## B`, `0–9`) between entries, and sometimes a
footer below the last one. This module says how to recognise that furniture, and gives
the one reason string each kind of unused line is reported with, so that a line of the
same kind reads the same in every reader's report.

It also holds the small text helpers the readers share: whitespace tidying, the
locator-word table (`Ch` → chapter, `Lesson` → module …), trailing-separator stripping
and the coverage score that several readers use as their `detect` confidence.
"""

from __future__ import annotations

import unicodedata

from termbase.model import ReadResult

# ── reasons for lines that are no entry ───────────────────────────────────────────────

REASON_TITLE = "page title"
#: A paragraph written like the file's term lines that a reader could not read as one (its head
#: too long, say): reported, never glued into the entry above, and flagged by read_checks.
REASON_UNTAKEN_TERM_LINE = "shaped like a term line but not read as one"
REASON_HEADING = "page heading"
REASON_INTRO = "intro text"
REASON_DIVIDER = "letter divider"
REASON_FOOTER = "page footer (below the last entry)"
REASON_NO_DEFINITION = "term line with no definition after it"

# ── locators ──────────────────────────────────────────────────────────────────────────

#: Locator words and the Locator.kind each one means (keys are case-folded, no dot).
LOCATOR_KINDS: dict[str, str] = {
    "chapter": "chapter", "chap": "chapter", "ch": "chapter", "part": "chapter",
    "section": "section", "sect": "section", "sec": "section", "§": "section",
    "module": "module", "lesson": "module", "lecture": "module", "unit": "module",
    "week": "module", "session": "module", "lab": "module",
    "page": "page", "pg": "page", "pp": "page", "p": "page",
}

#: Characters that may stand between a term and its locator, or before a locator word.
SEPARATORS = "·•—–|,:;("

_DIVIDER_WORDS = frozenset({"#", "0-9", "0–9", "123", "numbers", "symbols", "other"})


def locator_kind(word: str) -> str:
    """Return the Locator.kind a locator word means (`Ch.` → chapter); `section` if unknown."""
    return LOCATOR_KINDS.get(word.rstrip(".").casefold(), "section")


# ── text ──────────────────────────────────────────────────────────────────────────────


def tidy(text: str) -> str:
    """Return `text` with runs of whitespace (including no-break spaces) made one space, ends stripped."""
    return " ".join(text.split())


def nonblank_lines(text: str) -> list[tuple[int, str]]:
    """Return (1-based line number, stripped text) for every non-blank line of `text`."""
    numbered = enumerate(text.splitlines(), start=1)
    return [(number, stripped) for number, line in numbered if (stripped := line.strip())]


def is_sentence(text: str) -> bool:
    """Return True if `text` reads as prose rather than a heading: long, or ends a sentence."""
    text = text.strip()
    return len(text.split()) >= 6 or text.endswith((".", "!", "?", ":"))


def strip_trailing_separator(text: str) -> str:
    """Return `text` without trailing spaces and one trailing separator (`—`, `·`, ` -` …)."""
    text = text.rstrip()
    if text.endswith(tuple(SEPARATORS)):
        return text[:-1].rstrip()
    if text.endswith(" -"):
        return text[:-2].rstrip()
    return text


# ── page furniture ────────────────────────────────────────────────────────────────────


def is_letter_divider(line: str) -> bool:
    """Return True for an index divider line: `A`, `Π`, `あ`, `## B`, `#`, `0–9`, `A–C`, `Symbols`."""
    text = line.strip()
    if len(text) > 1 and text.startswith("#"):
        text = text.lstrip("#").strip()
    if len(text) == 1:  # a Han character is a word (`## 杼`, a shuttle), not a letter of an index
        return (text.isalpha() and not unicodedata.name(text, "").startswith("CJK ")) or text == "#"
    if text.casefold() in _DIVIDER_WORDS:
        return True
    compact = text.replace(" ", "")
    return len(compact) == 3 and compact[1] in "-–—" and compact[0].isalpha() and compact[2].isalpha()


def page_line_reason(line: str) -> str:
    """Return why a line before the first entry is no entry: page title, heading or intro text.

    A short line naming a glossary is the title; prose (see `is_sentence`) is intro text;
    any other line is a page heading.
    """
    text = line.strip()
    if "glossary" in text.casefold() and len(text.split()) <= 6:
        return REASON_TITLE
    return REASON_INTRO if is_sentence(text) else REASON_HEADING


# ── detection ─────────────────────────────────────────────────────────────────────────


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
