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
their reason. The scan itself is shared with the introduced-bullets reader (see
`term_line_scanner`); this module only says what a term line with a locator at its end is.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from termbase.model import Locator
from termbase.readers.page_text import (
    LOCATOR_KINDS,
    SEPARATORS,
    locator_kind,
    strip_trailing_separator,
    tidy,
)
from termbase.readers.pages.term_line_scanner import TermLineReader, looks_like_term

_WORDS = "|".join(sorted(map(re.escape, LOCATOR_KINDS), key=len, reverse=True))
_LOCATOR_AT_END = re.compile(
    rf"(?P<open>[(\[]\s*)?"
    rf"(?P<loc>(?P<word>{_WORDS})(?P<dot>\.)?\s*(?P<number>\d+(?:\.\d+)*[a-z]?))"
    rf"\s*(?P<close>[)\]])?\s*$",
    re.IGNORECASE,
)

#: A digit that ends a line (before any line break `str.splitlines` knows, or the end of
#: the text), maybe followed by a letter and a closing bracket: where a locator can end.
_LINE_ENDING_IN_NUMBER = re.compile(r"\d[a-zA-Z]?\s*[)\]]?\s*(?:[\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]|\Z)")
_LINE_BREAK = re.compile(r"[\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")


def may_hold_term_lines(text: str) -> bool:
    """Return False only for a text with no term line: no line ends in a locator.

    Only the lines that end in a number are looked at, with the locator pattern itself.
    """
    starts: list[int] | None = None  # where each line starts, found at the first candidate
    for ending in _LINE_ENDING_IN_NUMBER.finditer(text):
        if starts is None:
            starts = [0, *(m.end() for m in _LINE_BREAK.finditer(text))]
        digit = ending.start()
        start = starts[bisect_right(starts, digit) - 1]
        end = _LINE_BREAK.search(text, digit)
        if _LOCATOR_AT_END.search(text[start : end.start() if end else len(text)].strip()):
            return True
    return False


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


class SuffixLocatorReader(TermLineReader):
    """Reads term lines ending in a locator (`FlashAttentionCh 14`) each followed by a definition."""

    name = "suffix-locator"
    description = "term lines ending in a chapter locator (`KV-cacheCh 19`), then a definition line"

    may_hold_term_lines = staticmethod(may_hold_term_lines)
    split_term_line = staticmethod(split_term_line)
