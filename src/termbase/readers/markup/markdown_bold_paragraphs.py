"""Markdown paragraphs that open with a bold term: `**Term.** definition`, one per entry.

A shape of handbooks and e-book glossaries (example in our own words)::

    # Pottery words

    **Kiln.** An oven that fires clay until it is hard.

    **Slip**: Clay thinned with water, used to join two parts.

    **Bisque** (first firing) A firing with no glaze on the pot yet.

The term is the bold text that opens a top-level paragraph; a full stop or a colon (inside
the bold or just after it), or a spaced dash after it, separates it from the definition,
which follows on the same line. The rest of the paragraph and every block after it, up to
the next such paragraph or a heading, is the definition. When most term paragraphs have a
separator, a short bold term followed by text with none (`**ePub** (short for …) …`) opens
an entry too. Leads that repeat (`**Definition:**` under each `## Term`) are fields, not terms:
such a page is not read. Headings and paragraphs before the first term are reported.
"""

from __future__ import annotations

import re

from markdown_it.token import Token

from termbase.model import ReadResult
from termbase.readers.base import entries_and_unused
from termbase.readers.markup.markdown_bold_lines import (
    BoldTermEntries,
    first_heading,
)
from termbase.readers.markup.markdown_parsing import (
    markdown_entry,
    parse_blocks,
    token_lines,
    unused_outside,
)

#: `**Term.** def`, `**Term:** def`, `**Term**. def`, `**Term**: def`, `**Term** — def` (also `__`).
_CODE = r"`[^`\n]+`"  # a code span in a term may hold underscores: `**`max_tokens`** — …`
_BOLD_LEAD = re.compile(
    rf"^(?P<mark>\*\*|__)(?P<term>(?:{_CODE}|[^*_\s`])(?:(?:{_CODE}|[^*_\n`])*?(?:{_CODE}|[^*_\s`.:]))?)"
    r"(?P<inside>[.:]?)(?P=mark)"
    r"(?P<outside>[.:,]|[ \t]+[—–-](?=\s))?[ \t]*(?P<rest>\S.*)$"
)
MIN_ENTRIES = 3
#: A bold lead with no separator opens an entry only when it is at most this many words ...
MAX_BARE_TERM_WORDS = 4
#: ... and at least this share of the page's bold leads have a separator.
SEPARATED_SHARE = 0.75
#: The terms must nearly all differ.
MIN_DISTINCT = 0.8


def _term_starts(tokens: list[Token], lines: list[str]) -> list[tuple[int, str]]:
    """Return (line, term) for each top-level paragraph that opens with a bold term and text."""
    separated: list[tuple[int, str]] = []
    bare: list[tuple[int, str]] = []
    for token in tokens:
        if token.type != "paragraph_open" or token.level != 0 or token.map is None:
            continue
        first, _ = token_lines(token)
        match = _BOLD_LEAD.match(lines[first - 1].strip())
        if not match:
            continue
        term = " ".join(match["term"].split())
        if match["inside"] or match["outside"]:
            separated.append((first, term))
        elif len(term.split()) <= MAX_BARE_TERM_WORDS:
            bare.append((first, term))
    if len(separated) < MIN_ENTRIES:
        return separated
    mostly_separated = len(separated) >= SEPARATED_SHARE * (len(separated) + len(bare))
    starts = sorted(separated + bare) if mostly_separated else separated
    terms = [term.casefold() for _, term in starts]
    if len(set(terms)) < MIN_DISTINCT * len(terms):
        return []  # the same few leads (`**Definition:**`, `**Example:**`) name fields of other entries
    return starts


def bold_lead_paragraphs(tokens: list[Token], lines: list[str]) -> int:
    """Return how many of the page's paragraphs open entries in this reader's shape."""
    return len(_term_starts(tokens, lines))


def _bare_lead(line: str) -> str:
    """Return the text after a paragraph's bold term, with the separator left out (or '')."""
    match = _BOLD_LEAD.match(line.strip())
    return match["rest"] if match else line.strip()


class MarkdownBoldParagraphsReader(BoldTermEntries):
    """Reads Markdown whose entries are paragraphs opening with a bold term and a separator."""

    name = "markdown-bold-paragraphs"
    description = "Markdown paragraphs `**Term.** definition` (or `**Term:**`, `**Term** —`), one per entry"

    term_starts = staticmethod(_term_starts)

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per bold-lead paragraph; other lines are reported by their block."""
        lines = text.splitlines()
        tokens = parse_blocks(text)
        title = first_heading(tokens)
        entries = []
        claimed: set[int] = set()
        for first, last, term in self._spans(text):
            raw = "\n".join([_bare_lead(lines[first - 1]), *lines[first:last]]).strip()
            entries.append(markdown_entry(source, first, last, term, raw))
            claimed.update(range(first, last + 1))
        return entries_and_unused(entries, unused_outside(text, tokens, claimed, source), title)
