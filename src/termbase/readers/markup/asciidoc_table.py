"""AsciiDoc tables of terms: a `|===` table whose first column names a term, the next defines it.

Example (the shape, written for the tests)::

    [cols="1,3",options="header"]
    |===
    |Term |Definition

    2+h| [[K]]K

    |[[kiln]]kiln
    |A furnace for firing clay;
    its heat is raised slowly.

    |glaze
    a|A glassy coat fused onto the body:

    * gloss
    * matt
    |===

Cells start at `|` (after an optional spec such as `2+h` or `a`) at the start of a line or
after a space; lines that start no cell continue the cell above. Cells fill rows of the
table's width (the `cols` attribute's count, else the cells of its first line). The header
row (`options="header"`, or a first line holding the whole row, followed by a blank line)
names the columns: a term column and a definition column by their names, else the first
two. A row whose one cell spans every column (`2+h| [[A]]A`) is a letter divider or a
heading. Term cells lose anchors and inline marks (`[[id]]Name` → `Name`), and a second line
in brackets gives more names (`(also: Ports and Adapters)`). Every line outside the tables
and every row with no term is reported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from termbase.labels import parse_term
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.bilingual_rows import label_and_note_columns, label_languages, row_entries, row_notes
from termbase.readers.markup.asciidoc_inline import inline_markdown, plain_label
from termbase.readers.page_text import REASON_DIVIDER, REASON_HEADING, REASON_TITLE, is_letter_divider
from termbase.readers.record_fields import field_role

REASON_HEADER = "table header row (column names)"
REASON_NO_TERM = "table row with an empty term cell"
REASON_DELIMITER = "table delimiter or attribute line"
REASON_OUTSIDE = "document text outside the glossary table"
REASON_NO_DEFINITION = "table row with a term and no definition"

MAX_TERM_WORDS = 10

_DELIMITER = re.compile(r"^\|={3,}\s*$")
#: Where a cell starts: its spec (`2+`, `.3+`, `3*`, an alignment, a style letter) then `|`.
_CELL = re.compile(
    r"(?:^|(?<=\s))(?P<spec>(?:\d+(?:\.\d+)?[+*]|\.\d+\+)?(?:[<^>](?:\.[<^>])?)?[adehlmsv]?)\|"
)
_ATTRIBUTES = re.compile(r"^\[(?P<body>[^\]]*)\]\s*$")
_COLS = re.compile(r"""\bcols\s*=\s*(?P<q>["']?)(?P<spec>[^"'\]]+)(?P=q)""")
_HEADING = re.compile(r"^(?P<marks>={1,6})\s+\S")


@dataclass
class _Cell:
    span: int
    first: int  # 0-based line index
    last: int
    text: list[str]


def _column_count(attributes: str, first_line_cells: int) -> int:
    """Return the table's width: from `cols="1,3"` / `cols="2*"`, else the first line's cells."""
    match = _COLS.search(attributes)
    if match:
        spec = match.group("spec").strip()
        multiplied = re.fullmatch(r"(\d+)\*.*", spec)
        if multiplied:
            return int(multiplied.group(1))
        if spec.isdigit():
            return int(spec)
        return len([part for part in spec.split(",") if part.strip()])
    return first_line_cells


def _cells(lines: list[str], start: int) -> list[_Cell]:
    """Return the cells of a table body given as lines (indexes counted from `start`)."""
    cells: list[_Cell] = []
    for offset, line in enumerate(lines):
        index = start + offset
        matches = list(_CELL.finditer(line))
        if not matches or (matches[0].start() > 0 and line[: matches[0].start()].strip()):
            if cells:  # a line that starts no cell continues the cell above
                cells[-1].text.append(line)
                cells[-1].last = index if line.strip() else cells[-1].last
            continue
        for position, match in enumerate(matches):
            end = matches[position + 1].start() if position + 1 < len(matches) else len(line)
            spec = match.group("spec")
            span = re.match(r"(\d+)\+", spec)
            cells.append(_Cell(int(span.group(1)) if span else 1, index, index, [line[match.end() : end]]))
    return cells


def _rows(cells: list[_Cell], width: int) -> list[list[_Cell]]:
    """Group cells into rows of `width` columns (a spanning cell counts its span)."""
    rows: list[list[_Cell]] = []
    current: list[_Cell] = []
    filled = 0
    for cell in cells:
        current.append(cell)
        filled += cell.span
        if filled >= width:
            rows.append(current)
            current, filled = [], 0
    if current:
        rows.append(current)
    return rows


def _cell_text(cell: _Cell) -> str:
    return "\n".join(line.rstrip() for line in cell.text).strip()


@dataclass(frozen=True)
class _Table:
    attributes: str
    open_index: int
    close_index: int


def _tables(lines: list[str]) -> list[_Table]:
    """Return the `|===` tables of a document (unclosed ones run to its end)."""
    tables = []
    index = 0
    while index < len(lines):
        if _DELIMITER.match(lines[index].strip()):
            close = next(
                (j for j in range(index + 1, len(lines)) if _DELIMITER.match(lines[j].strip())), len(lines)
            )
            above = lines[index - 1].strip() if index else ""
            attributes = _ATTRIBUTES.match(above)
            tables.append(_Table(attributes.group("body") if attributes else "", index, close))
            index = close + 1
        else:
            index += 1
    return tables


class AsciiDocTableReader:
    """Reads AsciiDoc `|===` tables of terms and definitions; other lines are reported."""

    name = "asciidoc-table"
    description = "AsciiDoc `|===` table: a term column and a definition column, letter rows `2+h|`"

    def detect(self, text: str) -> float:
        """Return 0.95 when the rows of `|===` tables are mostly short terms with longer definitions."""
        if not re.search(r"^\|={3,}\s*$", text, re.M):
            return 0.0
        result = self.read(text, "")
        if len(result.entries) < 2:
            return 0.0
        defined = sum(1 for entry in result.entries if len(entry.definition) > len(entry.term))
        return 0.95 if defined >= 0.8 * len(result.entries) else 0.4

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per table row with a term, and a reason for every other line."""
        lines = text.splitlines()
        entries: list[Entry] = []
        unused: list[Unused] = []
        covered: set[int] = set()
        for table in _tables(lines):
            covered.update({table.open_index, table.close_index})
            if table.attributes:
                covered.add(table.open_index - 1)
                unused.append(
                    Unused(source, table.open_index, lines[table.open_index - 1].strip(), REASON_DELIMITER)
                )
            unused.append(
                Unused(source, table.open_index + 1, lines[table.open_index].strip(), REASON_DELIMITER)
            )
            if table.close_index < len(lines):
                unused.append(
                    Unused(source, table.close_index + 1, lines[table.close_index].strip(), REASON_DELIMITER)
                )
            body = lines[table.open_index + 1 : table.close_index]
            cells = _cells(body, table.open_index + 1)
            if not cells:
                continue
            first_line_cells = sum(1 for c in cells if c.first == cells[0].first)
            width = _column_count(table.attributes, first_line_cells)
            if width < 2:
                continue
            rows = _rows(cells, width)
            header = "header" in table.attributes or (
                first_line_cells == width
                and cells[0].first + 1 < len(lines)
                and not lines[cells[0].first + 1].strip()
                and "noheader" not in table.attributes
            )
            names = [_cell_text(c) for c in rows[0]] if header and rows else []
            languages = _label_columns(rows[1:], names, width) if names else None
            if languages:
                for row in rows[1:]:
                    first, last = row[0].first, max(c.last for c in row)
                    covered.update(range(first, last + 1))
                    cells = [plain_label(" ".join(_cell_text(c).split())) for c in row]
                    named = [cell for cell, language in zip(cells, languages, strict=False) if language]
                    if len(cells) != width or not any(named):
                        unused.extend(self._lines(lines, range(first, last + 1), source, REASON_NO_TERM))
                        continue
                    entries.extend(
                        row_entries(
                            cells,
                            languages,
                            source=source,
                            line=first + 1,
                            end_line=last + 1,
                            notes=row_notes(cells, languages, names),
                        )
                    )
                unused.extend(
                    self._lines(lines, range(rows[0][0].first, rows[0][-1].last + 1), source, REASON_HEADER)
                )
                covered.update(range(table.open_index, min(table.close_index, len(lines) - 1) + 1))
                continue
            roles = [field_role(name) for name in names]
            term_column = roles.index("term") if "term" in roles else 0
            definition_column = roles.index("definition") if "definition" in roles else term_column + 1
            for number, row in enumerate(rows):
                first, last = row[0].first, max(c.last for c in row)
                span = range(first, last + 1)
                if number == 0 and header:
                    unused.extend(self._lines(lines, span, source, REASON_HEADER))
                elif len(row) == 1 and row[0].span >= width:
                    words = plain_label(_cell_text(row[0]))
                    reason = (
                        REASON_DIVIDER if is_letter_divider(words) or _letter_run(words) else REASON_HEADING
                    )
                    unused.extend(self._lines(lines, span, source, reason))
                else:
                    entry = self._entry(row, term_column, definition_column, source, first, last)
                    if entry is None:
                        unused.extend(self._lines(lines, span, source, REASON_NO_TERM))
                    else:
                        entries.append(entry)
                covered.update(span)
            covered.update(range(table.open_index, min(table.close_index, len(lines) - 1) + 1))
        for index, line in enumerate(lines):
            stripped = line.strip()
            if not stripped or index in covered:
                continue
            heading = _HEADING.match(stripped)
            if heading:
                reason = REASON_TITLE if len(heading.group("marks")) == 1 else REASON_HEADING
            elif stripped.startswith(("//", ":", "[", "include::", "<<<")):
                reason = REASON_DELIMITER
            else:
                reason = REASON_OUTSIDE
            unused.append(Unused(source, index + 1, stripped, reason))
        return entries_and_unused(entries, unused)

    @staticmethod
    def _lines(lines: list[str], span: range, source: str, reason: str) -> list[Unused]:
        return [
            Unused(source, n + 1, lines[n].strip(), reason)
            for n in span
            if n < len(lines) and lines[n].strip()
        ]

    @staticmethod
    def _entry(
        row: list[_Cell], term_column: int, definition_column: int, source: str, first: int, last: int
    ) -> Entry | None:
        if len(row) <= max(term_column, definition_column):
            return None
        term_text = " ".join(_cell_text(row[term_column]).split())
        term = plain_label(term_text)
        if not term or len(term.split()) > MAX_TERM_WORDS:
            return None
        see_also: list[str] = []
        links: list[str] = []
        body = _cell_text(row[definition_column])
        paragraphs = [
            inline_markdown(" ".join(part.split()), {}, see_also, links)
            if not part.lstrip().startswith(("*", "-", ".", "1."))
            else "\n".join(inline_markdown(line.strip(), {}, see_also, links) for line in part.splitlines())
            for part in re.split(r"\n\s*\n", body)
            if part.strip()
        ]
        definition = "\n\n".join(paragraphs)
        if not definition:
            return None
        names = parse_term(term)[0] or (term,)
        return Entry(
            source=source,
            line=first + 1,
            end_line=last + 1,
            term=names[0],
            labels=names,
            definition=definition,
            see_also=tuple(dict.fromkeys(see_also)),
            links=tuple(dict.fromkeys(links)),
        )


def _label_columns(rows: list[list[_Cell]], names: list[str], width: int) -> tuple[str, ...] | None:
    """Return each column's language ("" for notes) when the table's columns are labels in two
    or more languages (see `bilingual_rows`), else None."""
    full = [row for row in rows if len(row) == width]
    if len(full) < 3 or len(names) != width:
        return None
    columns = [[plain_label(" ".join(_cell_text(row[i]).split())) for row in full] for i in range(width)]
    header = [plain_label(name) for name in names]
    return label_languages(columns, header) or label_and_note_columns(columns, header)


def _letter_run(words: str) -> bool:
    """Return True for a run of letters used as one divider: `E F G H`, `Sß`, `AÄ`."""
    parts = words.split()
    return bool(parts) and all(len(part) <= 2 and part.isalpha() for part in parts)
