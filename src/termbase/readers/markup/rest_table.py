"""reStructuredText tables, one row per term: simple tables (columns under `=====  =====`
borders) and grid tables (`+-----+-----+` borders, `| … | … |` rows, `+=====+` under the header;
Pandoc Markdown writes them too).

Example (the shape, written for the tests)::

    Symbols
    =======

    ========= ==================================
    Symbol    Meaning
    ========= ==================================
    $T_k$     Kiln temperature $T_k = T_0 + r t$
    $\\rho$    Density of the fired body
    $r$       Heating rate, in degrees
              per hour
    ========= ==================================

In a simple table the border's `=` runs give the columns; a border, rows, a border and more
rows make the first rows a header (column names), otherwise every row is a body row. A row
whose first cell is empty continues the row above it (reST's own rule). In a grid table the
`+` of the top border give the columns and each row runs from one border to the next. The
term is the column the header names as a term, else the first; the definition the column
named as one, else the one with the most text; other columns are kept as `Name: value`
notes. TeX math in a term (`$T_k$`, :math:`\\rho`) becomes plain text for its label (`T_k`,
`ρ`). Every line outside the tables (titles, directives, comments) is reported.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from termbase.labels import clean_label
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.markup.rest_sphinx import Inline, inline_markdown, plain_term
from termbase.readers.markup.tex_math import math_text
from termbase.readers.page_text import tidy
from termbase.readers.record_fields import field_role

#: A simple table's border: two or more runs of `=` split by spaces.
_BORDER = re.compile(r"^ *=+(?: +=+)+ *$")
#: A rule under header cells that span columns (`-----  -----`).
_SPAN_RULE = re.compile(r"^ *-+(?: +-+)* *$")
MIN_ROWS = 3
REASON_BORDER = "table border"
REASON_HEADER = "table header row (column names)"
REASON_OUTSIDE = "text outside the tables"
REASON_NO_DEFINITION = "table row with a term and no definition"
REASON_NO_TERM = "table row with no term"


@dataclass(frozen=True, slots=True)
class _Table:
    """One simple table: its column starts, header rows and body rows as 0-based line indexes."""

    columns: tuple[int, ...]
    borders: tuple[int, ...]
    header: tuple[int, ...]
    body: tuple[int, ...]


def _columns(border: str) -> tuple[int, ...]:
    return tuple(match.start() for match in re.finditer(r"=+", border))


def _tables(lines: list[str]) -> list[_Table]:
    """Return the simple tables of the page: border, [header rows, border], rows, border."""
    borders = [i for i, line in enumerate(lines) if _BORDER.match(line)]
    tables: list[_Table] = []
    at = 0
    while at + 1 < len(borders):
        first, second = borders[at], borders[at + 1]
        rows = tuple(i for i in range(first + 1, second) if lines[i].strip())
        follows = second + 1 < len(lines) and lines[second + 1].strip() and at + 2 < len(borders)
        if follows:  # rows right below the second border: the first rows were the header
            third = borders[at + 2]
            body = tuple(i for i in range(second + 1, third) if lines[i].strip())
            tables.append(_Table(_columns(lines[first]), (first, second, third), rows, body))
            at += 3
        else:
            tables.append(_Table(_columns(lines[first]), (first, second), (), rows))
            at += 2
    return [table for table in tables if len(table.body) >= MIN_ROWS and len(table.columns) >= 2]


def _cells(line: str, columns: tuple[int, ...]) -> list[str]:
    """Return a row's cells: the text under each column (the last runs to the line's end).

    A word that runs on past its column's end (a symbol one character wider than the border)
    stays in its cell: the next cell starts after it.
    """
    cells = []
    start = columns[0]
    for column, end in enumerate([*columns[1:], len(line) + 1]):
        if column < len(columns) - 1 and 0 < end < len(line) and not line[end - 1].isspace():
            while end < len(line) and not line[end].isspace():
                end += 1
        cells.append(line[start:end].strip())
        start = max(end, columns[column + 1]) if column + 1 < len(columns) else end
    return cells


@dataclass(frozen=True, slots=True)
class _Read:
    """A table as the reader uses it: its border and header lines, column names, and each body
    row's lines with its cells (a row's lines joined per column)."""

    borders: tuple[int, ...]
    header: tuple[int, ...]
    names: list[str]
    rows: list[tuple[list[int], list[str]]]

    @property
    def span(self) -> range:
        return range(min(self.borders), max(self.borders) + 1)


def _simple_read(lines: list[str], table: _Table) -> _Read:
    rows = [(row, _joined([_cells(lines[i], table.columns) for i in row])) for row in _rows(lines, table)]
    return _Read(table.borders, table.header, _header_names(lines, table), rows)


def _joined(cells_per_line: list[list[str]]) -> list[str]:
    """Return a row's cells: each column's text over the row's lines, joined by spaces."""
    width = max(len(cells) for cells in cells_per_line)
    return [
        " ".join(cells[c] for cells in cells_per_line if c < len(cells) and cells[c]).strip()
        for c in range(width)
    ]


#: A grid table's border (`+-----+-----+`) and header border (`+=====+=====+`).
_GRID_BORDER = re.compile(r"^ *\+(?:-+\+){2,} *$")
_GRID_HEADER = re.compile(r"^ *\+(?:=+\+){2,} *$")


def _grid_reads(lines: list[str]) -> list[_Read]:
    """Return the page's grid tables: `+---+---+` borders, `| a | b |` rows, `+===+` under a header."""
    reads: list[_Read] = []
    index = 0
    while index < len(lines):
        if not _GRID_BORDER.match(lines[index]):
            index += 1
            continue
        start = index
        while index + 1 < len(lines) and lines[index + 1].lstrip().startswith(("|", "+")):
            index += 1
        reads.append(_grid_read(lines, start, index))
        index += 1
    return [read for read in reads if len(read.rows) >= MIN_ROWS and len(read.names) >= 2]


def _grid_read(lines: list[str], first: int, last: int) -> _Read:
    """Return the grid table on lines first..last (0-based)."""
    bars = [i for i, char in enumerate(lines[first]) if char == "+"]
    borders = [
        i for i in range(first, last + 1) if _GRID_BORDER.match(lines[i]) or _GRID_HEADER.match(lines[i])
    ]
    groups: list[list[int]] = []
    border_lines = set(borders)
    for i in range(first, last + 1):
        if i in border_lines:
            groups.append([])
        elif groups:
            groups[-1].append(i)
    groups = [group for group in groups if group]
    header_end = next((i for i in borders if _GRID_HEADER.match(lines[i])), -1)
    split = sum(1 for group in groups if group[-1] < header_end)
    header, body = groups[:split], groups[split:]

    def cells(line: str) -> list[str]:
        return [line[a + 1 : b].strip() for a, b in itertools.pairwise(bars)]

    names = [""] * (len(bars) - 1)
    if header:
        names = _joined([cells(lines[i]) for group in header for i in group])
    rows = [(group, _joined([cells(lines[i]) for i in group])) for group in body]
    return _Read(tuple(borders), tuple(i for group in header for i in group), names, rows)


def share_confidence(lines: list[str], table_lines: int) -> float:
    """Return 0.5–0.85 for a page whose tables fill `table_lines` of its lines: the more of
    the page's non-blank lines they fill, the surer."""
    content = sum(1 for line in lines if line.strip())
    return round(0.5 + 0.35 * min(1.0, table_lines / max(1, content)), 3)


class RestTableReader:
    """Reads reST simple and grid tables, one row per term (see the module docstring)."""

    name = "rest-table"
    description = "reST simple or grid table (`=====  =====`, `+----+----+`): a term and a definition column"

    def detect(self, text: str) -> float:
        """Return 0.5–0.85: the more of the page its tables' rows fill, the surer."""
        if "==" not in text and "+--" not in text:
            return 0.0
        lines = text.splitlines()
        reads = _reads(lines)
        if not reads:
            return 0.0
        return share_confidence(lines, sum(len(read.span) for read in reads))

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per body row; borders, headers and text outside are reported."""
        lines = text.splitlines()
        entries: list[Entry] = []
        unused: list[Unused] = []
        taken: set[int] = set()
        for table in _reads(lines):
            taken.update(table.span)
            unused += [Unused(source, i + 1, lines[i].strip(), REASON_BORDER) for i in table.borders]
            unused += [
                Unused(source, i + 1, lines[i].strip(), _header_reason(lines[i])) for i in table.header
            ]
            term_at, definition_at = _roles(table)
            for row, cells in table.rows:
                entry = _entry(row, cells, table.names, term_at, definition_at, source)
                if isinstance(entry, Entry):
                    entries.append(entry)
                else:
                    unused += [Unused(source, i + 1, lines[i].strip(), entry) for i in row]
        unused += [
            Unused(source, i + 1, line.strip(), REASON_OUTSIDE)
            for i, line in enumerate(lines)
            if line.strip() and i not in taken
        ]
        return entries_and_unused(entries, unused, _title(lines))


def _reads(lines: list[str]) -> list[_Read]:
    """Return the page's simple and grid tables."""
    simple = [_simple_read(lines, table) for table in _tables(lines)] if any("==" in s for s in lines) else []
    return simple + (_grid_reads(lines) if any(s.lstrip().startswith("+-") for s in lines) else [])


def _header_reason(line: str) -> str:
    return REASON_BORDER if _SPAN_RULE.match(line) else REASON_HEADER


def _header_names(lines: list[str], table: _Table) -> list[str]:
    """Return each column's name: the header rows' cells joined (empty without a header)."""
    names = [""] * len(table.columns)
    for i in table.header:
        if _SPAN_RULE.match(lines[i]):
            continue
        for column, cell in enumerate(_cells(lines[i], table.columns)):
            names[column] = f"{names[column]} {cell}".strip()
    return names


def _roles(table: _Read) -> tuple[int, int]:
    """Return (term column, definition column): as the header names them, else the first column
    and the other column with the most text."""
    roles = [field_role(name) for name in table.names]
    term_at = roles.index("term") if "term" in roles else 0
    if "definition" in roles and roles.index("definition") != term_at:
        return term_at, roles.index("definition")
    width = len(table.names)
    lengths = [sum(len(cells[c]) for _, cells in table.rows if c < len(cells)) for c in range(width)]
    others = [c for c in range(width) if c != term_at]
    return term_at, max(others, key=lambda c: (lengths[c], -c))


def _rows(lines: list[str], table: _Table) -> list[list[int]]:
    """Return the body's rows as line groups: a line with an empty first cell continues the row above."""
    rows: list[list[int]] = []
    for i in table.body:
        first = _cells(lines[i], table.columns)[0]
        if first or not rows:
            rows.append([i])
        else:
            rows[-1].append(i)
    return rows


def _entry(
    row: list[int], cells: list[str], names: list[str], term_at: int, definition_at: int, source: str
) -> Entry | str:
    """Return the entry a row gives, or the reason it gives none."""
    cells = [*cells, *[""] * (len(names) - len(cells))]
    found = Inline()
    term = clean_label(plain_term(math_text(cells[term_at]), found)) if cells[term_at] else ""
    if not term:
        return REASON_NO_TERM
    definition = tidy(inline_markdown(cells[definition_at], found))
    notes = [
        f"{names[c] or f'column {c + 1}'}: {tidy(inline_markdown(cell, found))}"
        for c, cell in enumerate(cells)
        if c not in (term_at, definition_at) and cell
    ]
    definition = "\n\n".join(part for part in (definition, "; ".join(notes)) if part)
    if not definition:
        return REASON_NO_DEFINITION
    return Entry(
        source=source,
        line=row[0] + 1,
        end_line=row[-1] + 1,
        term=term,
        labels=(term,),
        definition=definition,
        see_also=tuple(dict.fromkeys(found.see_also)),
        links=tuple(dict.fromkeys(found.links)),
    )


def _title(lines: list[str]) -> str:
    """Return the page title: the first line underlined by a line of one repeated mark."""
    for line, below in itertools.pairwise(lines):
        if line.strip() and re.match(r"^([=\-~^#*])\1{2,}\s*$", below) and not _BORDER.match(below):
            return line.strip()
    return ""
