"""reStructuredText `.. list-table::` glossaries: one two-level bullet list row per term.

The shape (written for the tests)::

    .. list-table:: Kiln words
       :widths: 20 80
       :header-rows: 1

       * - Term
         - Definition
       * - Bisque
         - Clay fired once, before the glaze,
           still porous.
       * - Saggar/Box
         - A lidded box that shields ware from the flame.

Each `* -` item is a row, each `-` below it a cell; lines indented under a cell continue it.
The `.. field-list-table::` directive of a Sphinx extension writes each row as a field list
(`* :abbr: ADC` / `  :desc: Analog Digital Converter`, the header row's field names may carry
options: `:abbr,10,center: Abbreviation`); it is read the same way.
The first `:header-rows:` rows name the columns. The term is the column the header names as a
term, else the first; the definition as in a simple table (rest_table). A `Saggar/Box` term also
gives each name. A list-table whose rows are no term/definition pairs (more than two columns and
no header naming the term column, or first cells that are sentences) is not read: its lines are
reported with the reason, and a page of nothing else is not recognised. Every line outside the
read tables is reported.
"""

from __future__ import annotations

import csv
import re
from dataclasses import replace

from termbase.labels import parse_term
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.bilingual_rows import slash_alternatives
from termbase.readers.markup.rest_table import (
    REASON_HEADER,
    REASON_OUTSIDE,
    _entry,
    _Read,
    _roles,
    _title,
    share_confidence,
)
from termbase.readers.record_fields import field_role

_DIRECTIVE = re.compile(r"^(?P<indent> *)\.\.\s+(?P<kind>field-)?list-table::")
_OPTION = re.compile(r"^\s*:(?P<name>[\w-]+):\s*(?P<value>.*)$")
_ROW = re.compile(r"^[*+-]\s+[*+-](?:\s+(?P<text>.*))?$")
_CELL = re.compile(r"^[*+-](?:\s+(?P<text>.*))?$")
#: A field-list-table row opens with a bullet and a field (`* :abbr: ADC`); its other cells are fields.
_FIELD_ROW = re.compile(r"^[*+-]\s+:(?P<key>[^:\s][^:]*):(?:\s+(?P<text>.*))?$")
_FIELD_CELL = re.compile(r"^:(?P<key>[^:\s][^:]*):(?:\s+(?P<text>.*))?$")
MIN_ROWS = 3
#: A term cell of more words than this is a sentence, not a term.
MAX_TERM_WORDS = 8
REASON_DIRECTIVE = "list-table directive and its options"
REASON_NOT_PAIRS = "list-table whose rows are not term/definition pairs (no term column, or long first cells)"


def _list_tables(lines: list[str]) -> list[tuple[_Read, bool]]:
    """Return each list-table (or csv-table) on the page with whether its rows are term/definition pairs."""
    found = []
    for index, line in enumerate(lines):
        match = _DIRECTIVE.match(line)
        if match:
            table = _list_table(lines, index, len(match.group("indent")), fields=bool(match.group("kind")))
        elif csv_match := _CSV_DIRECTIVE.match(line):
            table = _csv_table(lines, index, len(csv_match.group("indent")))
        else:
            continue
        if table is not None and len(table.rows) >= MIN_ROWS:
            found.append((table, _pairs(table)))
    return found


#: `.. csv-table:: Title`, its rows written as CSV lines in the directive's body (not `:file:`).
_CSV_DIRECTIVE = re.compile(r"^(?P<indent> *)\.\.\s+csv-table::")


def _csv_cells(text: str, delimiter: str) -> list[str] | None:
    """Return the cells of one CSV line (reST's csv-table quoting), or None when a quote stays open."""
    try:
        rows = list(csv.reader([text], delimiter=delimiter, skipinitialspace=True, strict=True))
    except csv.Error:
        return None
    return [cell.strip() for cell in rows[0]] if rows else None


def _csv_table(lines: list[str], start: int, indent: int) -> _Read | None:
    """Return the csv-table whose directive is on line `start`: `:header:` names the columns (or
    the first `:header-rows:` rows do), each body line is one row; None for a table read from a
    `:file:` or `:url:`, or rows of uneven width."""
    options: dict[str, str] = {}
    at = start + 1
    while at < len(lines) and _OPTION.match(lines[at]) and _indent(lines[at]) > indent:
        option = _OPTION.match(lines[at])
        assert option is not None
        options[option.group("name")] = option.group("value").strip()
        at += 1
    if "file" in options or "url" in options:
        return None
    written = options.get("delim", ",")
    delimiter = {"tab": "\t", "space": " "}.get(written, written[:1] or ",")
    rows: list[tuple[list[int], list[str]]] = []
    end = at
    for i in range(at, len(lines)):
        if not lines[i].strip():
            continue
        if _indent(lines[i]) <= indent:
            break
        cells = _csv_cells(lines[i].strip(), delimiter)
        if cells is None:
            return None
        rows.append(([i], cells))
        end = i + 1
    header_rows = int(options["header-rows"]) if options.get("header-rows", "").isdigit() else 0
    header, body = rows[:header_rows], rows[header_rows:]
    names = _csv_cells(options["header"], ",") if "header" in options else None
    if names is None:
        width = len(rows[0][1]) if rows else 0
        names = [" ".join(cells[c] for _, cells in header if c < len(cells)).strip() for c in range(width)]
    if not body or len({len(cells) for _, cells in body} | {len(names)}) > 1 or len(names) < 2:
        return None
    borders = (start, *range(start + 1, at), max(end - 1, start))
    return _Read(borders, tuple(i for lines_of, _ in header for i in lines_of), names, body)


def _list_table(lines: list[str], start: int, indent: int, *, fields: bool = False) -> _Read | None:
    """Return the list-table whose directive is on line `start`, or None if its body is no
    two-level list (then the page's other readers, or the outside-text report, see it); with
    `fields`, a field-list-table, whose cells are `:key: value` fields."""
    row_mark, cell_mark = (_FIELD_ROW, _FIELD_CELL) if fields else (_ROW, _CELL)
    header_rows, at = 0, start + 1
    while at < len(lines) and _OPTION.match(lines[at]) and _indent(lines[at]) > indent:
        option = _OPTION.match(lines[at])
        if option and option.group("name") == "header-rows" and option.group("value").strip().isdigit():
            header_rows = int(option.group("value"))
        at += 1
    rows: list[tuple[list[int], list[str]]] = []
    row_indent = cell_indent = -1
    end = at
    for i in range(at, len(lines)):
        line = lines[i]
        if not line.strip():
            continue
        width = _indent(line)
        if width <= indent:
            break
        end = i + 1
        text = line.strip()
        row = row_mark.match(text)
        if row_indent < 0 and row:
            row_indent = width
            cell_indent = width + len(text) - len(text[1:].lstrip())
        cell = cell_mark.match(text)
        if width == row_indent and row:
            rows.append(([i], [(row.group("text") or "").strip()]))
        elif rows and width == cell_indent and cell:
            rows[-1][0].append(i)
            rows[-1][1].append((cell.group("text") or "").strip())
        elif rows and width > cell_indent:
            rows[-1][0].append(i)
            rows[-1][1][-1] = f"{rows[-1][1][-1]} {text}".strip()
        else:
            return None
    if not rows or len({len(cells) for _, cells in rows}) > 1 or len(rows[0][1]) < 2:
        return None
    header, body = rows[:header_rows], rows[header_rows:]
    names = [" ".join(cells[c] for _, cells in header).strip() for c in range(len(rows[0][1]))]
    borders = (start, *range(start + 1, at), max(end - 1, start))
    return _Read(borders, tuple(i for lines_of, _ in header for i in lines_of), names, body)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _pairs(table: _Read) -> bool:
    """Return True if the rows are term/definition pairs: two columns or a header naming the
    term column, and first cells that are mostly terms, not sentences."""
    roles = [field_role(name) for name in table.names]
    if len(table.names) > 2 and "term" not in roles:
        return False
    term_at = _roles(table)[0]
    long = sum(1 for _, cells in table.rows if len(cells[term_at].split()) > MAX_TERM_WORDS)
    return long * 2 <= len(table.rows)


class RestListTableReader:
    """Reads reST `.. list-table::` glossaries, one row per term (see the module docstring)."""

    name = "rest-list-table"
    description = "reST `.. list-table::` of `* - Term` / `  - Definition` rows (field-list-table, csv-table)"

    def detect(self, text: str) -> float:
        """Return 0.5–0.85 if the page has a list-table of term/definition pairs: the more of the
        page its rows fill, the surer; 0 if it has none."""
        if "list-table::" not in text and "csv-table::" not in text:  # (field-list-table:: too)
            return 0.0
        lines = text.splitlines()
        tables = [table for table, pairs in _list_tables(lines) if pairs]
        if not tables:
            return 0.0
        return share_confidence(lines, sum(len(table.span) for table in tables))

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per body row; directives, headers, refused tables and other text are reported."""
        lines = text.splitlines()
        entries: list[Entry] = []
        unused: list[Unused] = []
        taken: set[int] = set()
        for table, pairs in _list_tables(lines):
            span = [i for i in table.span if lines[i].strip()]
            taken.update(span)
            if not pairs:
                unused += [Unused(source, i + 1, lines[i].strip(), REASON_NOT_PAIRS) for i in span]
                continue
            in_rows = {i for row, _ in table.rows for i in row} | set(table.header)
            directive = [i for i in span if i not in in_rows]
            unused += [Unused(source, i + 1, lines[i].strip(), REASON_DIRECTIVE) for i in directive]
            unused += [Unused(source, i + 1, lines[i].strip(), REASON_HEADER) for i in table.header]
            term_at, definition_at = _roles(table)
            for row, cells in table.rows:
                entry = _entry(row, cells, table.names, term_at, definition_at, source)
                if isinstance(entry, Entry):
                    entries.append(_with_names(entry))
                else:
                    unused += [Unused(source, i + 1, lines[i].strip(), entry) for i in row]
        unused += [
            Unused(source, i + 1, line.strip(), REASON_OUTSIDE)
            for i, line in enumerate(lines)
            if line.strip() and i not in taken
        ]
        return entries_and_unused(entries, unused, _title(lines))


def _with_names(entry: Entry) -> Entry:
    """Return the entry with the names its term writes: `Saggar (box)` and `Saggar/Box` give each."""
    labels, groups = parse_term(entry.term)
    names = [entry.term, *labels, *(name for label in labels for name in slash_alternatives(label))]
    return replace(entry, labels=tuple(dict.fromkeys(names)), groups=groups)
