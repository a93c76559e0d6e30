"""MediaWiki glossaries: `; term` / `: definition` lists and `{| … |}` tables of terms.

Shapes read (examples in our own words)::

    ; <span id="loom">loom</span>          a definition list: the term after `;`,
    : A frame that holds the warp taut.     its definition on the `:` lines below
    ; shuttle : The tool that carries the weft.   (or after ` : ` on the same line)

    {| class="wikitable"                  a table: one row per term, the first cell
    |-                                     the term (`! term` or `| term`), the second
    ! LAN                                  the definition; further cells are kept as
    | local area network                   notes; a row of header cells only (`! Term
    |}                                     !! Meaning`) is the table's header

Wikitext is made plain with mwparserfromhell (links become their text, `''`/`'''` marks
go, templates are dropped, entities decoded). A term cell `A, B` of short names gives both.
Every other line is reported with a reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import mwparserfromhell

from termbase.labels import parse_term
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused, numbered_lines

_TERM_LINE = re.compile(r"^;\s*(?P<term>.+?)(?:\s+:\s+(?P<rest>.*))?\s*$")
_DEF_LINE = re.compile(r"^:+\s*(?P<text>.*)$")
_TABLE_START = re.compile(r"^\s*\{\|")
_TABLE_END = re.compile(r"^\s*\|\}")
_ROW = re.compile(r"^\s*\|-")
_CAPTION = re.compile(r"^\s*\|\+")
#: A cell's attributes before its content: `style="width: 7%"| content`.
_ATTRS = re.compile(r"^\s*(?:[\w-]+\s*=\s*(?:\"[^\"]*\"|'[^']*'|[^\s|]+)\s*)+\|(?!\|)")
_SHORT_NAME = re.compile(r"^[^\s,;.]+(?:\s[^\s,;.]+){0,2}$")
MIN_ENTRIES = 3
REASON_TABLE = "table markup"
REASON_HEADER = "table header row"
REASON_OUTSIDE = "outside the glossary list and tables"
REASON_NO_TERM = "table row with no term or no definition"


def plain(wikitext: str) -> str:
    """Return wikitext as plain text: links their text, emphasis and templates gone."""
    text = mwparserfromhell.parse(wikitext).strip_code(normalize=True, collapse=True)
    return "\n".join(" ".join(line.split()) for line in text.splitlines()).strip()


def _labels(term: str) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """Return the labels of a term: `A, B` of short names gives both, else parse_term's."""
    parts = [p.strip() for p in term.split(",")]
    if len(parts) > 1 and all(_SHORT_NAME.match(p) for p in parts):
        labels = tuple(dict.fromkeys(parts))
        return labels, (labels,)
    return parse_term(term)


@dataclass
class _Row:
    cells: list[list[str]] = field(default_factory=list)
    header: list[bool] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)


def _split_cells(line: str) -> tuple[bool, list[str]]:
    """Return (header?, contents) of a table cell line: `! a !! b` or `| a || b`."""
    header = line.lstrip().startswith("!")
    body = line.lstrip()[1:]
    cells = re.split(r"!!|\|\|", body) if header else body.split("||")
    return header, [_ATTRS.sub("", cell, count=1) for cell in cells]


class MediaWikiReader:
    """Reads MediaWiki definition lists and term tables (see the module docstring)."""

    name = "mediawiki"
    description = "MediaWiki wikitext: '; term' / ': definition' lists and '{| |}' tables of term rows"

    def detect(self, text: str) -> float:
        lines = text.splitlines()
        listed = sum(
            1
            for i, line in enumerate(lines)
            if _TERM_LINE.match(line)
            and (" : " in line or (i + 1 < len(lines) and _DEF_LINE.match(lines[i + 1])))
        )
        tables = any(_TABLE_START.match(line) for line in lines)
        rows = sum(1 for line in lines if _ROW.match(line)) if tables else 0
        found = max(listed, rows)
        if found >= MIN_ENTRIES:
            return 0.85
        return 0.4 if found else 0.0

    def read(self, text: str, source: str) -> ReadResult:
        lines = numbered_lines(text)
        entries: list[Entry] = []
        unused: list[Unused] = []
        index = 0
        while index < len(lines):
            number, line = lines[index]
            if _TABLE_START.match(line):
                index = self._table(lines, index, source, entries, unused)
                continue
            match = _TERM_LINE.match(line)
            if match and match["term"].strip():
                body = [match["rest"]] if match["rest"] else []
                last = number
                index += 1
                while index < len(lines) and (found := _DEF_LINE.match(lines[index][1])):
                    body.append(found["text"])
                    last = lines[index][0]
                    index += 1
                term = plain(match["term"])
                definition = plain("\n".join(body))
                if term:
                    labels, groups = _labels(term)
                    entries.append(Entry(source, number, last, labels[0], labels, definition, groups=groups))
                    continue
                span = range(number, last + 1)
                unused.extend(Unused(source, n, lines[n - 1][1].strip(), REASON_OUTSIDE) for n in span)
                continue
            if line.strip():
                unused.append(Unused(source, number, line.strip(), REASON_OUTSIDE))
            index += 1
        return entries_and_unused(entries, unused)

    def _table(
        self,
        lines: list[tuple[int, str]],
        index: int,
        source: str,
        entries: list[Entry],
        unused: list[Unused],
    ) -> int:
        """Read one `{| … |}` table from lines[index]; return the index after it."""
        rows: list[_Row] = []
        markup: list[int] = [lines[index][0]]
        index += 1
        current: _Row | None = None
        while index < len(lines):
            number, line = lines[index]
            index += 1
            if _TABLE_END.match(line):
                markup.append(number)
                break
            if _ROW.match(line) or _CAPTION.match(line):
                markup.append(number)
                current = None
                continue
            stripped = line.lstrip()
            if stripped.startswith(("|", "!")):
                if current is None:
                    current = _Row()
                    rows.append(current)
                header, cells = _split_cells(line)
                for cell in cells:
                    current.cells.append([cell])
                    current.header.append(header)
                current.lines.append(number)
            elif current is not None and current.cells:
                current.cells[-1].append(line)
                current.lines.append(number)
            elif line.strip():
                markup.append(number)
        for number in markup:
            if lines[number - 1][1].strip():
                unused.append(Unused(source, number, lines[number - 1][1].strip(), REASON_TABLE))
        for row in rows:
            texts = [plain("\n".join(cell)) for cell in row.cells]
            first, last = min(row.lines), max(row.lines)
            row_lines = [n for n in range(first, last + 1) if lines[n - 1][1].strip()]
            if all(row.header) and len(texts) >= 2:
                unused.extend(Unused(source, n, lines[n - 1][1].strip(), REASON_HEADER) for n in row_lines)
                continue
            if len(texts) < 2 or not texts[0] or not any(texts[1:]):
                unused.extend(Unused(source, n, lines[n - 1][1].strip(), REASON_NO_TERM) for n in row_lines)
                continue
            definition = texts[1]
            notes = [t for t in texts[2:] if t]
            if notes:
                definition = "\n\n".join([definition, *notes])
            labels, groups = _labels(texts[0])
            entries.append(Entry(source, first, last, labels[0], labels, definition, groups=groups))
        return index
