"""reST pages of sphinx-design collapsibles: `.. dropdown:: Term` (or `.. tab-item:: Term`) over its text.

Example (the shape, written for the tests)::

    Kitchen words
    =============

    .. dropdown:: Whisk

       A looped wire tool for beating air into cream.

       .. dropdown:: In baking

          Used for light batters.

Each outermost dropdown (or tab item) is one entry: the directive is page furniture, its
title the term, its indented content the definition. Directives nested inside (another
dropdown, an epigraph, a note) are part of that definition, not terms of their own. Options
(`:open:`, `:color: info`) are dropped; the title, the intro and every other line outside
the blocks are reported.
"""

from __future__ import annotations

import re

from termbase.labels import clean_label, parse_term
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.markup.rest_sphinx import Inline, body_markdown, inline_markdown

REASON_OUTSIDE = "page text outside the dropdown entries"
REASON_NO_DEFINITION = "dropdown with no title or no text"

#: `.. dropdown:: Term`, `.. tab-item:: Term` at the start of a line (any indentation).
_COLLAPSIBLE = re.compile(r"^(?P<indent>[ \t]*)\.\.\s+(?:dropdown|tab-item)::\s*(?P<title>.*?)\s*$")
_OPTION = re.compile(r"^:[\w-]+:")
#: A section title's underline (`=====`).
_UNDERLINE = re.compile(r"([=\-~^\"'#*+])\1{2,}")
#: The page needs this many outermost collapsibles with a title to be read as their glossary.
MIN_ENTRIES = 2
#: A title is a term: at most this many words.
MAX_TERM_WORDS = 10


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _outermost(lines: list[str]) -> list[tuple[int, int, str]]:
    """Return (first, end, title) line indexes of each collapsible at the page's least indentation."""
    found = [(i, m) for i, line in enumerate(lines) if (m := _COLLAPSIBLE.match(line.expandtabs(8)))]
    if not found:
        return []
    margin = min(len(m["indent"]) for _, m in found)
    blocks = []
    for index, match in found:
        if len(match["indent"]) != margin:
            continue
        end = index + 1
        while end < len(lines) and (not lines[end].strip() or _indent(lines[end].expandtabs(8)) > margin):
            end += 1
        while end > index + 1 and not lines[end - 1].strip():
            end -= 1
        blocks.append((index, end, match["title"]))
    return blocks


class RestDropdownsReader:
    """Reads sphinx-design `.. dropdown:: Term` / `.. tab-item:: Term` blocks as entries."""

    name = "rest-dropdowns"
    description = "reST sphinx-design `.. dropdown:: Term` (or `.. tab-item::`) blocks over their definitions"

    def detect(self, text: str) -> float:
        """Return 0.9 when two or more outermost dropdowns have a short title and text, else 0."""
        if ".. dropdown::" not in text and ".. tab-item::" not in text:
            return 0.0
        lines = text.splitlines()
        titled = [b for b in _outermost(lines) if self._is_term(b[2]) and b[1] > b[0] + 1]
        return 0.9 if len(titled) >= MIN_ENTRIES else 0.0

    @staticmethod
    def _is_term(title: str) -> bool:
        words = re.sub(r"[*`:]", " ", title).split()
        return 0 < len(words) <= MAX_TERM_WORDS and not title.rstrip().endswith((".", "?", "!"))

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per outermost dropdown and a reason for every other line."""
        lines = text.splitlines()
        entries: list[Entry] = []
        unused: list[Unused] = []
        covered: set[int] = set()
        title = ""
        for first, end, heading in _outermost(lines):
            covered.update(range(first, end))
            found = Inline()
            body = [line for line in lines[first + 1 : end] if not _OPTION.match(line.strip())]
            definition = body_markdown(body, found)
            term = clean_label(inline_markdown(heading, Inline()).replace("**", "").replace("*", ""))
            if not term or not definition or not self._is_term(heading):
                unused.extend(
                    Unused(source, n + 1, lines[n].strip(), REASON_NO_DEFINITION)
                    for n in range(first, end)
                    if lines[n].strip()
                )
                continue
            entries.append(
                Entry(
                    source=source,
                    line=first + 1,
                    end_line=end,
                    term=term,
                    labels=parse_term(term)[0] or (term,),
                    groups=parse_term(term)[1],
                    definition=definition,
                    see_also=tuple(dict.fromkeys(found.see_also)),
                    links=tuple(dict.fromkeys(found.links)),
                )
            )
        for index, line in enumerate(lines):
            stripped = line.strip()
            if stripped and index not in covered:
                underlined = index + 1 < len(lines) and _UNDERLINE.fullmatch(lines[index + 1].strip())
                title = title or (stripped if underlined else "")
                unused.append(Unused(source, index + 1, stripped, REASON_OUTSIDE))
        return entries_and_unused(entries, unused, title)
