"""Markdown bold term lines: `**Term**` alone on its line, the definition on the lines below.

A shape of MkDocs and wiki glossaries (example in our own words)::

    # Glossary

    **Kiln**
    An oven that fires clay until it is hard.

    **Glaze**··
    A glassy coat fused onto pottery. It may be clear or coloured.

    - glossy glazes
    - matte glazes

The term is a paragraph's first line when that line is only bold text (a to-do mark before
it — `x **Term**`, `[ ] **Term**` — is no part of it; a trailing hard
break — two spaces or a backslash — is allowed, and so are `<br>` tags before it and a
bracket after the bold text, `**API** (Application Programming Interface)`, which gives
another name). A term line with nothing under it is a term still to define: reported, no
entry. The rest of the paragraph and every
block after it, up to the next bold term line or heading, is the definition. Headings,
intro paragraphs and anything before the first term are reported.
"""

from __future__ import annotations

import re

from markdown_it.token import Token

from termbase.model import ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.markup.markdown_parsing import (
    heading_text,
    markdown_entry,
    parse_blocks,
    token_lines,
    unused_outside,
)
from termbase.readers.page_text import REASON_NO_DEFINITION

#: Leading `<br>` tags (spacing some pages put before each term: `<br>**Term**`) are no text.
#: Marks with a space inside them (`** GLOSSARY **`, a plain-text banner) are no bold (CommonMark).
_BOLD_LINE = re.compile(
    r"^\s*(?:<br\s*/?>\s*)*(?:(?:[xX✓✔]|\[[ xX]\])[ \t]+)?"  # a to-do mark: `x **Term**`
    r"(?P<mark>\*\*|__)(?P<term>[^*_\s](?:[^*_\n]*?[^*_\s])?)(?P=mark)"
    r"(?:[ \t]+(?P<bracket>\([^()\n]{1,80}\)))?\s*(?:\\)?\s*$"
)
MIN_ENTRIES = 3


def _term_starts(tokens: list[Token], lines: list[str]) -> list[tuple[int, str]]:
    """Return (line, term) for each top-level paragraph whose first line is only bold."""
    starts = []
    for token in tokens:
        if token.type != "paragraph_open" or token.level != 0 or token.map is None:
            continue
        first, _ = token_lines(token)
        match = _BOLD_LINE.match(lines[first - 1])
        if match and match.group("term").strip():
            term = " ".join(match.group("term").split()).rstrip(":")
            if match.group("bracket"):  # `**API** (Application Programming Interface)`: both names
                term = f"{term} {match.group('bracket')}"
            starts.append((first, term))
    return starts


def _block_ends(tokens: list[Token]) -> list[tuple[int, int, bool]]:
    """Return (first, last, is_heading) for each top-level block, in order."""
    blocks = []
    for token in tokens:
        if token.level == 0 and token.map is not None and token.nesting != -1:
            first, last = token_lines(token)
            blocks.append((first, last, token.type == "heading_open"))
    return blocks


def term_block_spans(
    tokens: list[Token], lines: list[str], starts: list[tuple[int, str]]
) -> list[tuple[int, int, str]]:
    """Return (first line, last line, term) for each term paragraph in `starts`: it runs over
    the top-level blocks after it up to the next term paragraph or heading (blank lines trimmed)."""
    if not starts:
        return []
    blocks = _block_ends(tokens)
    begins = {line for line, _ in starts}
    spans = []
    for line, term in starts:
        last = line
        for first, end, heading in blocks:
            if first < line:
                continue
            if first > line and (heading or first in begins):
                break
            last = max(last, end)
        while last > line and not lines[last - 1].strip():
            last -= 1
        spans.append((line, last, term))
    return spans


def bold_spans_confidence(text: str, spans: list[tuple[int, int, str]]) -> float:
    """Return how much of the page's content lines bold-term entries cover (low under 3 entries)."""
    if not spans:
        return 0.0
    used = sum(last - first + 1 for first, last, _ in spans)
    nonblank = sum(1 for line in text.splitlines() if line.strip())
    score = min(1.0, used / max(1, nonblank - 3)) * 0.9
    return score if len(spans) >= MIN_ENTRIES else score / 4


def first_heading(tokens: list[Token]) -> str:
    """Return the text of the page's first heading ('' when it has none)."""
    return next((heading_text(tokens[i + 1]) for i, t in enumerate(tokens) if t.type == "heading_open"), "")


class BoldTermEntries:
    """What the bold-term readers share: entries found by their `term_starts`, judged by coverage."""

    @staticmethod
    def term_starts(tokens: list[Token], lines: list[str]) -> list[tuple[int, str]]:
        """Return (line, term) where each entry starts; each reader says what starts one."""
        raise NotImplementedError

    def detect(self, text: str) -> float:
        """Return the share of content lines the bold-term entries cover (low under 3 entries)."""
        if "**" not in text and "__" not in text:
            return 0.0
        return bold_spans_confidence(text, self._spans(text))

    def _spans(self, text: str) -> list[tuple[int, int, str]]:
        """Return (first line, last line, term) of each entry."""
        lines = text.splitlines()
        tokens = parse_blocks(text)
        return term_block_spans(tokens, lines, self.term_starts(tokens, lines))


class MarkdownBoldLinesReader(BoldTermEntries):
    """Reads Markdown whose terms are bold lines with the definition below them."""

    name = "markdown-bold-lines"
    description = "Markdown `**Term**` alone on a line, the definition on the lines below"

    term_starts = staticmethod(_term_starts)

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per bold term line; other lines are reported by their block."""
        lines = text.splitlines()
        tokens = parse_blocks(text)
        title = first_heading(tokens)
        entries = []
        claimed: set[int] = set()
        unused = []
        for first, last, term in self._spans(text):
            raw = "\n".join(lines[first:last]).strip()
            claimed.update(range(first, last + 1))
            if not raw:  # a term listed to be defined later: no entry yet
                unused.append(Unused(source, first, lines[first - 1].strip(), REASON_NO_DEFINITION))
                continue
            entries.append(markdown_entry(source, first, last, term, raw))
        return entries_and_unused(entries, [*unused, *unused_outside(text, tokens, claimed, source)], title)
