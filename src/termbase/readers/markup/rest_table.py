"""reStructuredText simple tables: columns under `=====  =====` borders, one row per term.

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

The border's `=` runs give the columns; a border, rows, a border and more rows make the
first rows a header (column names), otherwise every row is a body row. A row whose first
cell is empty continues the row above it (reST's own rule). The term is the column the
header names as a term, else the first; the definition the column named as one, else the
one with the most text; other columns are kept as `Name: value` notes. TeX math in a term
(`$T_k$`, :math:`\\rho`) becomes plain text for its label (`T_k`, `ρ`). Every line outside
the tables (titles, directives, comments) is reported.
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


class RestTableReader:
    """Reads reST simple tables, one row per term (see the module docstring)."""

    name = "rest-table"
    description = "reST simple table: `=====  =====` borders, a term column and a definition column"

    def detect(self, text: str) -> float:
        """Return 0.5–0.85: the more of the page its tables' rows fill, the surer."""
        if "==" not in text:
            return 0.0
        lines = text.splitlines()
        tables = _tables(lines)
        if not tables:
            return 0.0
        rows = sum(len(t.body) + len(t.header) + len(t.borders) for t in tables)
        content = sum(1 for line in lines if line.strip())
        return round(0.5 + 0.35 * rows / max(1, content), 3)

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per body row; borders, headers and text outside are reported."""
        lines = text.splitlines()
        entries: list[Entry] = []
        unused: list[Unused] = []
        taken: set[int] = set()
        for table in _tables(lines):
            taken.update(range(table.borders[0], table.borders[-1] + 1))
            unused += [Unused(source, i + 1, lines[i].strip(), REASON_BORDER) for i in table.borders]
            names = _header_names(lines, table)
            unused += [
                Unused(source, i + 1, lines[i].strip(), _header_reason(lines[i])) for i in table.header
            ]
            term_at, definition_at = _roles(names, lines, table)
            for row in _rows(lines, table):
                entry = _entry(lines, row, table.columns, names, term_at, definition_at, source)
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


def _roles(names: list[str], lines: list[str], table: _Table) -> tuple[int, int]:
    """Return (term column, definition column): as the header names them, else the first column
    and the other column with the most text."""
    roles = [field_role(name) for name in names]
    term_at = roles.index("term") if "term" in roles else 0
    if "definition" in roles and roles.index("definition") != term_at:
        return term_at, roles.index("definition")
    lengths = [0] * len(table.columns)
    for i in table.body:
        for column, cell in enumerate(_cells(lines[i], table.columns)):
            lengths[column] += len(cell)
    others = [c for c in range(len(table.columns)) if c != term_at]
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
    lines: list[str],
    row: list[int],
    columns: tuple[int, ...],
    names: list[str],
    term_at: int,
    definition_at: int,
    source: str,
) -> Entry | str:
    """Return the entry a row gives, or the reason it gives none."""
    cells = [""] * len(columns)
    for i in row:
        for column, cell in enumerate(_cells(lines[i], columns)):
            cells[column] = f"{cells[column]} {cell}".strip()
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
