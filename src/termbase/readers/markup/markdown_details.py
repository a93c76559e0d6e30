"""Markdown pages of collapsible entries: `<details><summary>term</summary>` then the definition.

Example (the shape, written for the tests)::

    ## W

    <details>

    <summary>Warp</summary>

    The threads held lengthwise on the [loom](loom.md).

    </details>

GitBook and other Markdown sites write expandable glossary items this way. Each `<details>`
block with a `<summary>` is one entry: the summary (inline marks and tags removed) is the
term, the Markdown between `</summary>` and `</details>` the definition. Front matter,
headings (letter dividers among them), figures and every other line outside the blocks are
reported.
"""

from __future__ import annotations

import html
import re

from termbase.labels import clean_label, parse_term
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.markup.markdown_parsing import heading_attributes
from termbase.readers.page_text import REASON_DIVIDER, REASON_HEADING, REASON_TITLE, is_letter_divider, tidy

REASON_FRONT_MATTER = "front matter"
REASON_OUTSIDE = "page text outside the <details> entries"
REASON_NO_DEFINITION = "<details> block with no summary or no text"

_OPEN = re.compile(r"<details\b[^>]*>", re.I)
_CLOSE = re.compile(r"</details\s*>", re.I)
_SUMMARY = re.compile(r"<summary\b[^>]*>(?P<text>.*?)</summary\s*>", re.I | re.S)
_TAG = re.compile(r"</?[A-Za-z][\w:-]*(?:\s[^<>]*)?/?>")
_HEADING = re.compile(r"^(?P<marks>#{1,6})\s+(?P<text>.*?)\s*#*\s*$")
_MARKS = re.compile(r"(\*\*|__|\*|_|`)(?P<text>[^*_`]+)\1")


def _plain(text: str) -> str:
    return tidy(html.unescape(_MARKS.sub(lambda m: m.group("text"), _TAG.sub(" ", text))))


class MarkdownDetailsReader:
    """Reads `<details><summary>term</summary>definition</details>` entries in Markdown."""

    name = "markdown-details"
    description = "Markdown `<details>` blocks: `<summary>term</summary>` then the definition"

    def detect(self, text: str) -> float:
        """Return 0.9 for three or more `<details>` blocks with a `<summary>`, else 0."""
        blocks = len(_OPEN.findall(text))
        if blocks < 3 or len(_SUMMARY.findall(text)) < 3 or text.lstrip().startswith("<!DOCTYPE"):
            return 0.0
        return 0.9

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per `<details>` block and a reason for every other line."""
        lines = text.splitlines()
        entries: list[Entry] = []
        unused: list[Unused] = []
        covered: set[int] = set()
        offsets = [0]
        for line in lines:
            offsets.append(offsets[-1] + len(line) + 1)

        def line_of(position: int) -> int:  # 0-based index of the line holding `position`
            low, high = 0, len(lines) - 1
            while low < high:
                middle = (low + high + 1) // 2
                if offsets[middle] <= position:
                    low = middle
                else:
                    high = middle - 1
            return low

        joined = "\n".join(lines)
        position = 0
        while True:
            opened = _OPEN.search(joined, position)
            if not opened:
                break
            closed = _CLOSE.search(joined, opened.end())
            end = closed.end() if closed else len(joined)
            first, last = line_of(opened.start()), line_of(max(opened.start(), end - 1))
            block = joined[opened.end() : closed.start() if closed else end]
            covered.update(range(first, last + 1))
            entry = self._entry(block, source, first, last)
            if entry is None:
                unused.extend(
                    Unused(source, n + 1, lines[n].strip(), REASON_NO_DEFINITION)
                    for n in range(first, last + 1)
                    if lines[n].strip()
                )
            else:
                entries.append(entry)
            position = end
        title = ""
        front_end = self._front_matter_end(lines)
        for index, line in enumerate(lines):
            stripped = line.strip()
            if not stripped or index in covered:
                continue
            heading = _HEADING.match(stripped)
            if index <= front_end:
                reason = REASON_FRONT_MATTER
            elif heading:
                words = _plain(heading_attributes(heading.group("text"))[0])
                if len(heading.group("marks")) == 1 and not title:
                    title, reason = words, REASON_TITLE
                else:
                    reason = REASON_DIVIDER if is_letter_divider(words) else REASON_HEADING
            else:
                reason = REASON_OUTSIDE
            unused.append(Unused(source, index + 1, stripped, reason))
        return entries_and_unused(entries, unused, title)

    @staticmethod
    def _front_matter_end(lines: list[str]) -> int:
        """Return the index of the front matter's closing `---`, or -1 when the page has none."""
        if not lines or lines[0].strip() != "---":
            return -1
        return next((i for i in range(1, len(lines)) if lines[i].strip() in {"---", "..."}), -1)

    @staticmethod
    def _entry(block: str, source: str, first: int, last: int) -> Entry | None:
        summary = _SUMMARY.search(block)
        if not summary:
            return None
        term = clean_label(_plain(summary.group("text")))
        body = block[summary.end() :]
        paragraphs = [tidy(p) for p in re.split(r"\n\s*\n", body.strip()) if p.strip()]
        definition = "\n\n".join(paragraphs)
        if not term or not definition:
            return None
        links = re.findall(r"\]\((https?://[^)\s]+)\)", definition)
        return Entry(
            source=source,
            line=first + 1,
            end_line=last + 1,
            term=term,
            labels=parse_term(term)[0] or (term,),
            definition=definition,
            links=tuple(dict.fromkeys(links)),
        )
