"""Plain-text paragraphs that open with their term: the term alone on the first line of a
blank-line block, its definition on the lines below it in the same block.

Shape (written for the tests; seen in game and project READMEs, often with CRLF line ends)::

    Kiln
    An oven that fires clay until it is hard.

    Bisque firing
    The first firing, with no glaze yet. The pot
    stays porous.

No markup, no separator: a block is an entry when its first line can be a name (at most
MAX_TERM_WORDS words, no sentence or clause end, no bullet or formula sign) and the lines
below it are its definition. The page must be made of such blocks (MIN_SHARE of them, five
or more), so prose whose paragraphs happen to open with a short line is not read, and so is no
README whose blocks open with section names (`Installation`, `Usage`, `License`). A first block that is
not an entry is the page title or intro; other blocks that are not entries are reported.
"""

from __future__ import annotations

import re

from termbase.labels import parse_term
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.page_text import REASON_INTRO, page_line_reason, tidy

MAX_TERM_WORDS = 6
MAX_TERM_CHARS = 60
#: A page of fewer term paragraphs is a short note or a README's sections, not a glossary.
MIN_ENTRIES = 5
#: Section headings of a README or manual: two or more of them as "terms" make the page a document.
_DOCUMENT_SECTIONS = frozenset({
    "introduction", "overview", "installation", "install", "usage", "requirements", "dependencies",
    "license", "licence", "contributing", "authors", "credits", "changelog", "changes", "history",
    "features", "configuration", "setup", "building", "build", "testing", "tests", "examples",
    "example", "contact", "support", "faq", "summary", "background", "acknowledgements",
    "acknowledgments", "references", "notes",
})  # fmt: skip
#: At least this share of the page's blocks (the first aside) must be term paragraphs.
MIN_SHARE = 0.8
REASON_NOT_ENTRY = "paragraph that does not open with a term line"

#: A line that cannot be a name: it ends a clause, opens a list, or holds a formula or markup.
_NOT_A_NAME = re.compile(r"[.:;,!?]$|^[-*•+#>|=]|^\d+[.)]\s|[=<>{}\[\]\\]|https?://")


_BLANK_LINE = re.compile(r"\n[ \t]*\r?\n")


def _blocks(lines: list[str]) -> list[list[int]]:
    """Return each run of non-blank lines as a list of 0-based line indexes."""
    blocks: list[list[int]] = []
    current: list[int] = []
    for index, line in enumerate(lines):
        if line.strip():
            current.append(index)
        elif current:
            blocks.append(current)
            current = []
    if current:
        blocks.append(current)
    return blocks


def _is_term_paragraph(lines: list[str], block: list[int]) -> bool:
    """Return True for a block of a name line over one or more unindented definition lines."""
    if len(block) < 2:
        return False
    head = lines[block[0]]
    term = head.strip()
    if head[:1].isspace() or len(term) > MAX_TERM_CHARS or len(term.split()) > MAX_TERM_WORDS:
        return False
    if _NOT_A_NAME.search(term) or not any(char.isalpha() for char in term):
        return False
    body = [lines[i] for i in block[1:]]
    return not any(line[:1].isspace() for line in body) and len(" ".join(body).split()) >= 2


def _term_blocks(text: str) -> tuple[list[str], list[list[int]], list[bool]]:
    lines = text.splitlines()
    blocks = _blocks(lines)
    return lines, blocks, [_is_term_paragraph(lines, block) for block in blocks]


class TermParagraphsReader:
    """Reads plain text whose blank-line blocks each open with a term line."""

    name = "term-paragraphs"
    description = "plain-text blocks: a term line, its definition on the lines below, blocks apart"

    def detect(self, text: str) -> float:
        """Return 0.7 when MIN_SHARE of the blocks (the first aside) are term paragraphs, 3 or more."""
        if not _BLANK_LINE.search(text):
            return 0.0
        lines, blocks, terms = _term_blocks(text)
        rest = terms[1:] if terms and not terms[0] else terms
        entries = sum(rest)
        if entries < MIN_ENTRIES or entries < MIN_SHARE * len(rest):
            return 0.0
        heads = [lines[b[0]].strip().casefold() for b, is_term in zip(blocks, terms, strict=True) if is_term]
        if sum(1 for head in heads if head in _DOCUMENT_SECTIONS) >= 2:
            return 0.0  # `Installation`, `Usage`, `License`: a document's sections
        return 0.7

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per term paragraph; the first other block is the page's title or intro."""
        lines, blocks, terms = _term_blocks(text)
        entries: list[Entry] = []
        unused: list[Unused] = []
        title = ""
        for position, (block, is_term) in enumerate(zip(blocks, terms, strict=True)):
            if is_term:
                term = tidy(lines[block[0]])
                labels, groups = parse_term(term)
                entries.append(
                    Entry(
                        source=source,
                        line=block[0] + 1,
                        end_line=block[-1] + 1,
                        term=term,
                        labels=labels,
                        groups=groups,
                        definition=tidy(" ".join(lines[i] for i in block[1:])),
                    )
                )
                continue
            first = not entries and position == 0
            for index in block:
                reason = page_line_reason(lines[index]) if first else REASON_NOT_ENTRY
                if first and index == block[0] and len(block) == 1 and not title:
                    title = lines[index].strip()
                unused.append(Unused(source, index + 1, lines[index].strip(), reason or REASON_INTRO))
        return entries_and_unused(entries, unused, title)
