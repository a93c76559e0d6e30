"""CSV and TSV glossaries: one row per term, a header row naming the columns.

Shapes seen in the wild::

    Name<TAB>Definition                      (TSV, CRLF, no final newline)
    URI,prefLabel,altLabel,wasDerivedFrom,definition   (CSV, byte-order mark, NONE for empty)
    Term,URI                                 (a term list with no definitions)

The delimiter (comma, tab or semicolon) is the one that splits the first lines into the
same number of cells. The header row is recognised by its column names (see
`records.FIELD_ROLES`); a file without one is read as term, definition[, more] columns
when every row has the same number of cells. Quoted cells may hold commas and line
breaks. A row with more or fewer cells than the header is an error with its line.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass

from termbase.errors import InputError
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.record_fields import field_role, record_entry

DELIMITERS = ("\t", ",", ";")

REASON_HEADER = "header row (column names)"
REASON_NO_TERM = "row with an empty term cell"


@dataclass(frozen=True, slots=True)
class Row:
    """One CSV record: its cells and the 1-based span of physical lines it occupies."""

    cells: list[str]
    line: int
    end_line: int


def _strip_bom(text: str) -> str:
    return text[1:] if text.startswith("\ufeff") else text


def _quoting(text: str, delimiter: str) -> int:
    """Return the csv quoting mode: TSV without quoted cells takes `"` literally."""
    if delimiter != "\t":
        return csv.QUOTE_MINIMAL
    quoted = any(line.startswith('"') or '\t"' in line for line in text.splitlines())
    return csv.QUOTE_MINIMAL if quoted else csv.QUOTE_NONE


def parse_rows(text: str, delimiter: str, source: str = "", *, strict: bool = True) -> list[Row]:
    """Return the non-blank rows of `text` with their line spans.

    Raises InputError (with the line) for a quoted cell left open at the end of the file.
    """
    lines = _strip_bom(text).splitlines(keepends=True)
    reader = csv.reader(lines, delimiter=delimiter, quoting=_quoting(text, delimiter), strict=strict)
    rows: list[Row] = []
    previous = 0
    try:
        for cells in reader:
            start, previous = previous + 1, reader.line_num
            if any(cell.strip() for cell in cells):
                first = next(n for n in range(start, previous + 1) if lines[n - 1].strip())
                rows.append(Row(cells, first, previous))
    except csv.Error as error:
        start = previous + 1
        where = f" (in the row that starts at line {start})" if reader.line_num > start else ""
        raise InputError(
            f"malformed {'TSV' if delimiter == chr(9) else 'CSV'}: {error}{where}",
            path=source,
            line=reader.line_num or 1,
            hint="close the quoted cell or quote cells that hold the delimiter",
        ) from None
    return rows


def header_roles(cells: list[str]) -> list[str]:
    """Return the role of each header cell ('' for a column with no known role)."""
    return [field_role(cell) for cell in cells]


def is_header(cells: list[str]) -> bool:
    """Return True if a row names columns: it has a term column and no cell is a sentence."""
    roles = header_roles(cells)
    return "term" in roles and all(len(cell.split()) <= 4 for cell in cells)


def _sniff(text: str) -> tuple[str, list[Row]] | None:
    """Return (delimiter, rows) for the delimiter that splits the text into a table, if any."""
    best: tuple[float, str, list[Row]] | None = None
    for delimiter in DELIMITERS:
        if not any(delimiter in line for line in text.splitlines()[:5]):
            continue
        try:
            rows = parse_rows(text, delimiter, strict=False)
        except InputError:
            continue
        if len(rows) < 2 or len(rows[0].cells) < 2:
            continue
        width = len(rows[0].cells)
        share = sum(1 for row in rows if len(row.cells) == width) / len(rows)
        if best is None or share > best[0]:
            best = (share, delimiter, rows)
    if best is None:
        return None
    return best[1], best[2]


class TableGlossaryReader:
    """Reads CSV and TSV glossaries (see the module docstring)."""

    name = "csv"
    description = "CSV or TSV table: a header row (Term, Definition, …) then one row per term"

    def detect(self, text: str) -> float:
        """Return 0–1: a recognised header row and rows of even width make the reader sure.

        A file whose rows all split into the same number (2+) of cells but has no header
        scores lower, more for tabs than for commas (prose often holds commas).
        """
        sniffed = _sniff(text)
        if sniffed is None:
            return 0.0
        delimiter, rows = sniffed
        width = len(rows[0].cells)
        body = rows[1:-1] if len(rows) > 2 else rows[1:]  # the sample may cut the last row
        even = sum(1 for row in body if len(row.cells) == width) / max(1, len(body))
        if is_header(rows[0].cells):
            return round(0.95 * even, 3)
        if even < 1.0 or len(rows) < 3:
            return 0.0
        return 0.6 if delimiter == "\t" else 0.35

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per row; the header row and rows with no term are reported."""
        sniffed = _sniff(text)
        if sniffed is None:
            raise InputError(
                "no table found: rows do not split into cells by tab, comma or semicolon",
                path=source,
                line=1,
                hint="name another --format, or separate the columns with tabs or commas",
            )
        delimiter = sniffed[0]
        rows = parse_rows(text, delimiter, source)
        header = rows[0].cells if is_header(rows[0].cells) else None
        roles = header_roles(header) if header else _positional_roles(len(rows[0].cells))
        names = header if header else [role or f"column {i + 1}" for i, role in enumerate(roles)]
        names = [
            name if role else f"{name} (column {i + 1})"
            for i, (name, role) in enumerate(zip(names, roles, strict=True))
        ]
        unused: list[Unused] = []
        entries: list[Entry] = []
        body = rows
        if header:
            unused.append(
                Unused(source, rows[0].line, text.splitlines()[rows[0].line - 1].strip(), REASON_HEADER)
            )
            body = rows[1:]
            for number in range(rows[0].line + 1, rows[0].end_line + 1):
                unused.append(Unused(source, number, text.splitlines()[number - 1].strip(), REASON_HEADER))
        for row in body:
            if len(row.cells) != len(names):
                raise InputError(
                    f"row has {len(row.cells)} cells, the header has {len(names)}",
                    path=source,
                    line=row.line,
                    hint="give every row the same number of cells (quote cells that hold the delimiter)",
                )
            fields = _fields(names, roles, row.cells)
            entry = record_entry(fields, source=source, line=row.line, end_line=row.end_line)
            if entry is None:
                lines = text.splitlines()
                for number in range(row.line, row.end_line + 1):
                    if lines[number - 1].strip():
                        unused.append(Unused(source, number, lines[number - 1].strip(), REASON_NO_TERM))
                continue
            entries.append(entry)
        return entries_and_unused(entries, unused)


def _positional_roles(width: int) -> list[str]:
    """Return the roles of header-less columns: term, definition, then unnamed ones."""
    return (["term", "definition"] + [""] * width)[:width]


def _fields(names: list[str], roles: list[str], cells: list[str]) -> dict[str, object]:
    """Return the row as a field mapping; an unnamed column keeps its position as name."""
    fields: dict[str, object] = {}
    for name, role, cell in zip(names, roles, cells, strict=True):
        key = name if role else f"_{name}"
        if key in fields:
            fields[key] = [*_as_list(fields[key]), cell]
        else:
            fields[key] = cell
    return fields


def _as_list(value: object) -> list[object]:
    return value if isinstance(value, list) else [value]
