"""Markdown abbreviation definitions: `*[CPU]: Central Processing Unit`, one per line.

The syntax of PHP Markdown Extra, Python-Markdown's `abbr` extension and kramdown; MkDocs
sites keep such lines in one glossary file that every page includes (example in our own
words)::

    <!-- shared abbreviations -->
    *[CPU]: Central Processing Unit
    *[RAM]: Random Access Memory
    *[Kiln]: An oven that fires clay until it is hard

Each such line is an entry: the bracketed text is the term, the rest of the line its
expansion or definition. An expansion the term abbreviates (`RAM`, `Random Access Memory`)
is another label of the entry too. Comments, headings and prose are reported.
"""

from __future__ import annotations

import re

from termbase.labels import clean_label, is_acronym_of, parse_term
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused, numbered_lines
from termbase.readers.markup.markdown_parsing import clean_markdown

_ABBREVIATION = re.compile(r"^[ ]{0,3}\*\[(?P<term>[^\]\n]+)\]:[ \t]*(?P<body>.*?)\s*$")
_COMMENT = re.compile(r"^\s*<!--.*-->\s*$")
MIN_ENTRIES = 3
REASON_COMMENT = "comment"
REASON_TEXT = "text outside any abbreviation definition"


class MarkdownAbbrReader:
    """Reads Markdown abbreviation definitions `*[ABBR]: expansion`."""

    name = "markdown-abbr"
    description = "Markdown abbreviation definitions `*[ABBR]: Expansion` (PHP Markdown Extra, MkDocs)"

    def detect(self, text: str) -> float:
        """Return how much of the text is abbreviation lines: 1.0 when every content line is one."""
        if "*[" not in text:
            return 0.0
        content = [line for _, line in numbered_lines(text) if line.strip() and not _COMMENT.match(line)]
        found = sum(1 for line in content if _ABBREVIATION.match(line))
        if found < MIN_ENTRIES:
            return 0.1 * found
        return min(1.0, 0.5 + 0.5 * found / len(content))

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per abbreviation line; other lines are reported."""
        entries: list[Entry] = []
        unused: list[Unused] = []
        for number, line in numbered_lines(text):
            if not line.strip():
                continue
            match = _ABBREVIATION.match(line)
            if match is None or not clean_label(match["term"]):
                reason = REASON_COMMENT if _COMMENT.match(line) else REASON_TEXT
                unused.append(Unused(source, number, line.strip(), reason))
                continue
            term = clean_label(match["term"])
            labels, groups = parse_term(term)
            body = clean_markdown(match["body"])
            expansion = clean_label(body.rstrip("."))
            if expansion and any(is_acronym_of(label, expansion) for label in labels):
                labels = (*labels, expansion)
                groups = ()
            entries.append(Entry(source, number, number, term, labels, body, groups))
        return entries_and_unused(entries, unused)
