"""reST pages of paragraphs that open with a bold term: `**Term** definition`, one per entry.

Example (the shape, written for the tests)::

    Loom parts
    ----------

    **Heddle** A cord with an eye that lifts one warp thread.

    **Reed**:
    A comb that beats the weft into place.

    .. _Reed: https://example.org/reed

Hand-written Sphinx pages (no `glossary` directive) often name each term in bold at the start
of its paragraph, with or without a separator (`**Term**`, `**Term**:`, `**Term.**`) and with the
definition on the same line or the lines below it. A lead with no separator followed by a small
letter (`**funcX** is a …`) opens the definition's sentence and stays in it. The rest of the
paragraph and every block after it, up to the next such paragraph or a section title, is the
definition, made Markdown; named link targets (`.. _Reed: URL`) inside it are the entry's links,
not its text. Bold names with no text (`**Sealer**` over `**Peeler**`) are terms still to define:
reported. Section titles, the intro and every other line are reported.
"""

from __future__ import annotations

import itertools
import re

from markdown_it.token import Token

from termbase.labels import clean_label
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.markup.markdown_bold_lines import BoldTermEntries, first_heading
from termbase.readers.markup.markdown_parsing import parse_blocks, token_lines, unused_outside
from termbase.readers.markup.rest_sphinx import Inline, body_markdown
from termbase.readers.page_text import REASON_NO_DEFINITION

#: `**Term**`, `**Term**:`, `**Term.**`, `**Term** — ` at a paragraph's start, maybe text after it.
_BOLD_LEAD = re.compile(
    r"^\*\*(?P<term>[^*\s](?:[^*\n]*?[^*\s])?)(?P<inside>[.:]?)\*\*(?P<outside>[.:,]|[ \t]+[—–-](?=\s|$))?"
    r"[ \t]*(?P<rest>.*)$"
)
#: A section title's underline (`-----`), a line of one punctuation mark.
_UNDERLINE = re.compile(r"^([=\-~^\"'#*+`:.])\1{2,}\s*$")
#: A named link target line: `.. _Reed: https://…`.
_NAMED_TARGET = re.compile(r"^\.\.\s+_[^:]+:\s+(?P<url>\S+)\s*$")
#: A bold lead names a term of at most this many words.
MAX_TERM_WORDS = 6
MIN_ENTRIES = 3


def looks_like_rest(text: str) -> bool:
    """Return True for a page with reST section titles (a text line over an underline) and no
    Markdown `#` headings."""
    lines = text.splitlines()
    if any(re.match(r"^#{1,6}\s", line) for line in lines):
        return False
    return any(
        _UNDERLINE.match(line) and above.strip() and len(line.strip()) >= len(above.strip())
        for above, line in itertools.pairwise(lines)
    )


def _term_starts(tokens: list[Token], lines: list[str]) -> list[tuple[int, str]]:
    """Return (line, term) for each top-level paragraph that opens with a bold term and has text."""
    starts = []
    for token in tokens:
        if token.type != "paragraph_open" or token.level != 0 or token.map is None:
            continue
        first, last = token_lines(token)
        match = _BOLD_LEAD.match(lines[first - 1].strip())
        if not match or len(match["term"].split()) > MAX_TERM_WORDS:
            continue
        below = [line for line in lines[first:last] if line.strip()]
        if not match["rest"] and all(_is_bare_name(line) for line in below):
            continue  # `**Sealer**` over `**Peeler**`: names with no text
        starts.append((first, " ".join(match["term"].split())))
    return starts


def _is_bare_name(line: str) -> bool:
    """Return True for a line that is only a bold name (`**Sealer**`): a term with no text."""
    match = _BOLD_LEAD.match(line.strip())
    return bool(match) and not match["rest"] and len(match["term"].split()) <= MAX_TERM_WORDS


class RestBoldParagraphsReader(BoldTermEntries):
    """Reads reST pages whose entries are paragraphs opening with a bold term."""

    name = "rest-bold-paragraphs"
    description = "reST paragraphs `**Term** definition` (or `**Term**:` over its text) under section titles"

    term_starts = staticmethod(_term_starts)

    def detect(self, text: str) -> float:
        """Return the share of content lines the entries cover, on reST pages only."""
        if "**" not in text or not looks_like_rest(text):
            return 0.0
        return super().detect(text)

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per bold-lead paragraph; other lines are reported by their block."""
        lines = text.splitlines()
        tokens = parse_blocks(text)
        title = first_heading(tokens)
        entries: list[Entry] = []
        unused: list[Unused] = []
        claimed: set[int] = set()
        for first, last, term in self._spans(text):
            while last > first and _is_bare_name(lines[last - 1]):  # `**Sciclops**` closing a body
                unused.append(Unused(source, last, lines[last - 1].strip(), REASON_NO_DEFINITION))
                last -= 1
            claimed.update(range(first, last + 1))
            match = _BOLD_LEAD.match(lines[first - 1].strip())
            lead = match["rest"] if match else ""
            if match and not (match["inside"] or match["outside"]) and lead[:1].islower():
                lead = f"{term} {lead}"  # `**funcX** is a platform …`: the term opens the sentence
            body = [lead, *lines[first:last]]
            links = [target["url"] for line in body if (target := _NAMED_TARGET.match(line.strip()))]
            found = Inline()
            kept = [line for line in body if not _NAMED_TARGET.match(line.strip())]
            definition = body_markdown(kept, found)
            if not definition.strip():
                unused.append(Unused(source, first, lines[first - 1].strip(), REASON_NO_DEFINITION))
                continue
            name = clean_label(term)
            entries.append(
                Entry(
                    source=source,
                    line=first,
                    end_line=last,
                    term=name,
                    labels=(name,),
                    definition=definition,
                    see_also=tuple(dict.fromkeys(found.see_also)),
                    links=tuple(dict.fromkeys([*links, *found.links])),
                )
            )
        reported = claimed | {u.line for u in unused}
        return entries_and_unused(entries, [*unused, *unused_outside(text, tokens, reported, source)], title)
