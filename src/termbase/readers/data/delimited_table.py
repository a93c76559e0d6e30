"""CSV and TSV glossaries: one row per term, a header row naming the columns.

Shapes seen in the wild::

    Name<TAB>Definition                      (TSV, CRLF, no final newline)
    URI,prefLabel,altLabel,wasDerivedFrom,definition   (CSV, byte-order mark, NONE for empty)
    Term,URI                                 (a term list with no definitions)

    영어,번역문                               (a term/translation table, Korean header)
    English<TAB>Persian                      (the same, header in English)

The delimiter (comma, tab or semicolon; `|` under a `Term|Definition` header) is the one that
splits the first lines into the same number of cells: a file that parses as a consistent
table is a table, whatever language its header is in (see `table_shape`). The header row is recognised by its
column names (see `record_fields.FIELD_ROLES`) or by standing apart from the rows below
it (another script, a short cell over long ones, language names); it is never an entry.
A table of short labels in two or more languages is read as one concept per row, each
cell a label in its column's language (see `bilingual_rows`). Other tables are read as
term, definition[, more] columns. Quoted cells may hold commas and line breaks. A row
with more or fewer cells than the header is an error with its line.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from termbase.errors import InputError
from termbase.labels import clean_label
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.bilingual_rows import cell_labels, label_languages, row_entries
from termbase.readers.record_fields import field_role, record_entry
from termbase.table_shape import (
    EXCEL_SEPARATOR,
    named_language,
    one_record_per_line,
    sniff_table,
    unquoted_cell,
)

DELIMITERS = ("\t", ",", ";")

REASON_HEADER = "header row (column names)"
REASON_NO_TERM = "row with an empty term cell"
REASON_COMMENT = "comment line (`#`, no cells)"
REASON_METADATA = "metadata row above the terms (`Key:` and its value: the file's author, date, notes)"


@dataclass(frozen=True, slots=True)
class Row:
    """One CSV record: its cells and the 1-based span of physical lines it occupies."""

    cells: list[str]
    line: int
    end_line: int


def _strip_bom(text: str) -> str:
    return text[1:] if text.startswith("\ufeff") else text


def _quoting(text: str, delimiter: str) -> int:
    """Return the csv quoting mode: TSV without quoted cells, or with one record on each line,
    takes `"` literally (a cell wholly in quotes still loses them)."""
    if delimiter != "\t":
        return csv.QUOTE_MINIMAL
    lines = text.splitlines()
    quoted = any(line.startswith('"') or '\t"' in line for line in lines)
    if quoted and one_record_per_line([line for line in lines if not line.lstrip().startswith("#")]):
        return csv.QUOTE_NONE  # one record a line: a `"` is text, even one never closed
    return csv.QUOTE_MINIMAL if quoted else csv.QUOTE_NONE


def comment_lines(text: str, delimiter: str) -> list[int]:
    """Return the 1-based numbers of `#` comment lines: a line that starts with `#` and holds
    no delimiter (OmegaT and other tab-separated glossaries put `# SECTION` lines between rows),
    and a first line `sep=;` (Excel's note of the delimiter, no row)."""
    return [
        number
        for number, line in enumerate(_strip_bom(text).splitlines(), start=1)
        if (line.lstrip().startswith("#") and delimiter not in line)
        or (number == 1 and EXCEL_SEPARATOR.fullmatch(line.strip()))
    ]



def parse_rows(text: str, delimiter: str, source: str = "", *, strict: bool = True) -> list[Row]:
    """Return the non-blank rows of `text` with their line spans; `#` comment lines are no rows.

    Raises InputError (with the line) for a quoted cell left open at the end of the file.
    """
    return list(_iter_rows(text, delimiter, source, strict=strict))


def _iter_rows(text: str, delimiter: str, source: str = "", *, strict: bool = True) -> Iterator[Row]:
    """Yield the rows `parse_rows` returns, one by one (a caller may stop after the first)."""
    lines = _strip_bom(text).splitlines(keepends=True)
    for number in comment_lines(text, delimiter):
        lines[number - 1] = "\n"
    quoting = _quoting(text, delimiter)
    reader = csv.reader(lines, delimiter=delimiter, quoting=quoting, strict=strict)
    previous = 0
    try:
        for cells in reader:
            start, previous = previous + 1, reader.line_num
            if quoting == csv.QUOTE_NONE:
                cells = [unquoted_cell(cell) for cell in cells]
            if any(cell.strip() for cell in cells):
                first = next(n for n in range(start, previous + 1) if lines[n - 1].strip())
                yield Row(cells, first, previous)
    except csv.Error as error:
        start = previous + 1
        where = f" (in the row that starts at line {start})" if reader.line_num > start else ""
        raise InputError(
            f"malformed {'TSV' if delimiter == chr(9) else 'CSV'}: {error}{where}",
            path=source,
            line=reader.line_num or 1,
            hint="close the quoted cell or quote cells that hold the delimiter",
        ) from None


#: A sub-term cell (the second level of a two-level table) is a name: this many words at most.
MAX_SUB_TERM_WORDS = 6


def _sub_term(cells: list[str], term_at: int, roles: list[str]) -> str:
    """Return the name a row with an empty term cell gives in the column right of the term
    column (`| | parse | Parses a version …`), or "" when it gives none."""
    if term_at < 0 or term_at + 1 >= len(cells) or cells[term_at].strip():
        return ""
    if roles[term_at + 1] == "definition":
        return ""
    sub = cells[term_at + 1].strip()
    return sub if sub and len(sub.split()) <= MAX_SUB_TERM_WORDS else ""


def header_roles(cells: list[str]) -> list[str]:
    """Return the role of each header cell ('' for a column with no known role)."""
    return [field_role(cell) for cell in cells]


def is_header(cells: list[str]) -> bool:
    """Return True if a row names columns: no cell is a sentence, and it has a term column, or
    two or more columns named by a known role or a language (`english,standard,category,notes`)."""
    if not all(len(cell.split()) <= 4 for cell in cells):
        return False
    roles = header_roles(cells)
    if "term" in roles:
        return True
    return sum(1 for cell, role in zip(cells, roles, strict=True) if role or named_language(cell)) >= 2


def named_roles(cells: list[str]) -> list[str]:
    """Return the roles of a header's cells; with no term column, the first column named by a
    language (`english`) holds the terms."""
    roles = header_roles(cells)
    if "term" not in roles:
        first = next((i for i, cell in enumerate(cells) if not roles[i] and named_language(cell)), None)
        if first is not None:
            roles[first] = "term"
    return roles


def _pipe_header(text: str) -> bool:
    """Return True for a `|`-delimited text table (`Term|Definition`, as Sphinx's csv-table
    `:delim: |` reads): a first line that splits by `|` into column names, and no line among the
    first few opening or closing with `|` (a Markdown, DokuWiki or wiki table does)."""
    head = [line.strip() for line in _strip_bom(text).splitlines()[:5] if line.strip()]
    if not head or "|" not in head[0] or any(line.startswith("|") or line.endswith("|") for line in head):
        return False
    return is_header([cell.strip() for cell in head[0].split("|")])


def _delimiters(text: str) -> tuple[str, ...]:
    """Return the delimiters to try: tab, comma, semicolon, and `|` under a `|` header row."""
    return (*DELIMITERS, "|") if "|" in text[:2000] and _pipe_header(text) else DELIMITERS


def _sniff(text: str) -> tuple[str, list[Row]] | None:
    """Return (delimiter, rows) for the delimiter that splits the text into a table, if any."""
    best: tuple[float, str, list[Row]] | None = None
    for delimiter in _delimiters(text):
        if not any(delimiter in line for line in text.splitlines()[:5]):
            continue
        rows_read = _iter_rows(text, delimiter, strict=False)
        try:
            first = next(rows_read, None)
            if first is None or len(first.cells) < 2:
                continue  # a first row of one cell is no table: the rest need not be read
            rows = [first, *rows_read]
        except InputError:
            continue
        if len(rows) < 2:
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
        if is_header(rows[0].cells) or term_column_languages(rows[0].cells):
            return round(0.95 * even, 3)
        if even < 1.0 or len(rows) < 3:
            return 0.0
        table = sniff_table(text, (delimiter,))
        labels = table is not None and _label_languages([r.cells for r in table.body], table.columns)
        if table is not None and (table.header or labels):
            return 0.9  # column names by structure, or labels in two languages: a table
        return 0.6 if delimiter == "\t" else 0.35

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per row (per filled cell of a row of labels in several languages);
        the header row and rows with no term are reported."""
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
        width = len(rows[0].cells)
        # a header naming two or more languages' term columns is a table of labels (below)
        named = is_header(rows[0].cells) and not term_column_languages(rows[0].cells)
        table = None if named else sniff_table(text, (delimiter,))
        in_languages = bool(term_column_languages(rows[0].cells))
        has_header = named or in_languages or (table is not None and table.header)
        body = rows[1:] if has_header else rows
        _check_widths(body, width, source)
        roles_named = header_roles(rows[0].cells) if named else []
        # a named term column beside columns of no role and no definition (`Term,Translation`)
        # is a table of labels when those columns are short names in another language
        term_and_names = named and "definition" not in roles_named and "" in roles_named
        if not named or term_and_names:
            languages = _label_languages([r.cells for r in body], width, rows[0].cells if has_header else ())
            if languages:
                entries = [
                    entry
                    for row in body
                    for entry in row_entries(
                        row.cells, languages, source=source, line=row.line, end_line=row.end_line
                    )
                ]
                header = _header_unused(text, source, rows[0]) if has_header else []
                comments = _comment_unused(text.splitlines(), comment_lines(text, delimiter), source)
                return _with_row_spans(entries, header + comments)
        if has_header and not named and (languages := term_column_languages(rows[0].cells)):
            entries = [
                entry
                for row in body
                for entry in _language_row_entries(rows[0].cells, languages, row, source)
            ]
            return _with_row_spans(entries, _header_unused(text, source, rows[0]))
        roles = (
            _with_group_columns(named_roles(rows[0].cells), [r.cells for r in body], width)
            if named
            else _positional_roles([r.cells for r in body], width)
        )
        # Column names that say no role (or none at all): columns are term, definition, more.
        names = rows[0].cells if named else [role or f"column {i + 1}" for i, role in enumerate(roles)]
        names = [
            name if role else f"{name} (column {i + 1})"
            for i, (name, role) in enumerate(zip(names, roles, strict=True))
        ]
        unused: list[Unused] = _header_unused(text, source, rows[0]) if has_header else []
        lines = text.splitlines()
        unused += _comment_unused(lines, comment_lines(text, delimiter), source)
        entries: list[Entry] = []
        kept = _text_columns([r.cells for r in body], roles)
        described = "definition" in roles
        term_at = roles.index("term") if "term" in roles else -1
        preamble = _metadata_rows(body, term_at)
        for row in body[:preamble]:
            unused += [
                Unused(source, n, lines[n - 1].strip(), REASON_METADATA)
                for n in range(row.line, row.end_line + 1)
                if lines[n - 1].strip()
            ]
        parent = ""
        for row in body[preamble:]:
            cells, see_also = row.cells, ()
            if parent and (sub := _sub_term(cells, term_at, roles)):
                # a two-level table: a row with no term of its own names a sub-term of the row above
                cells = [*cells[:term_at], sub, "", *cells[term_at + 2 :]]
                see_also = (parent,)
            elif 0 <= term_at < len(cells) and cells[term_at].strip():
                parent = clean_label(cells[term_at])
            fields = _fields(names, roles, cells)
            if not named:
                fields = _unnamed_into_definition(fields, kept, row.cells)
            notes = None
            if named and not described:  # no definition column: the columns of no known role are kept
                notes = "; ".join(
                    f"{name.strip()}: {cell.strip()}"
                    for name, role, cell in zip(rows[0].cells, roles, row.cells, strict=True)
                    if not role and cell.strip()
                )
            entry = record_entry(
                fields,
                source=source,
                line=row.line,
                end_line=row.end_line,
                definition=notes,
                extra_see_also=see_also,
            )
            if entry is None:
                for number in range(row.line, row.end_line + 1):
                    if lines[number - 1].strip():
                        unused.append(Unused(source, number, lines[number - 1].strip(), REASON_NO_TERM))
                continue
            entries.append(entry)
        return entries_and_unused(entries, unused)


def term_column_languages(header: Sequence[str]) -> dict[int, str]:
    """Return {column: language} for header cells that name a term in a language (`English Term`,
    `Spanish Term`, `Término español`) or name a language alone (`en`, `ne_NP`): a table of one
    concept per row in two or more languages.
    Empty unless two or more such columns name different languages."""
    found: dict[int, str] = {}
    for index, cell in enumerate(header):
        words = cell.split()
        if len(words) == 1 and (language := named_language(cell)):
            found[index] = language  # a column named by its language alone (`en`, `ne_NP`)
            continue
        if len(words) < 2 or not any(field_role(word) == "term" for word in words):
            continue
        language = next((code for word in words if (code := named_language(word))), "")
        if language:
            found[index] = language
    return found if len(set(found.values())) >= 2 else {}


def _language_row_entries(
    header: Sequence[str], languages: dict[int, str], row: Row, source: str
) -> list[Entry]:
    """Return one entry per term column of a row, all one concept (grouped by the row); the first
    language's entry takes the row's definition and topic columns (named by their header words)."""
    group = f"{source}#row-{row.line}"
    roles = {
        index: next((role for word in cell.split() if (role := field_role(word))), "")
        for index, cell in enumerate(header)
        if index not in languages
    }
    cells = {i: row.cells[i].strip() for i in roles}
    definition = "\n\n".join(cells[i] for i, role in roles.items() if role == "definition" and cells[i])
    # Columns of no known role (`PoS`, `Remarks`) are kept as named notes after the definition.
    notes = [f"{header[i].strip()}: {cells[i]}" for i, role in roles.items() if not role and cells[i]]
    definition = "\n\n".join(part for part in (definition, "; ".join(notes)) if part)
    topics = tuple(cells[i] for i, role in roles.items() if role == "topics" and cells[i])
    entries = []
    for position, (index, language) in enumerate(languages.items()):
        labels = cell_labels(row.cells[index])
        if not labels:
            continue
        entries.append(
            Entry(
                source=source,
                line=row.line,
                end_line=row.end_line,
                term=clean_label(row.cells[index]),
                labels=labels,
                definition=definition if position == 0 else "",
                language=language,
                topics=topics,
                group=group,
            )
        )
    return entries


def _check_widths(rows: list[Row], width: int, source: str) -> None:
    """Raise InputError at the first row whose number of cells differs from the header's."""
    for row in rows:
        if len(row.cells) != width:
            raise InputError(
                f"row has {len(row.cells)} cells, the header has {width}",
                path=source,
                line=row.line,
                hint="give every row the same number of cells (quote cells that hold the delimiter)",
            )


def _comment_unused(lines: list[str], numbers: list[int], source: str) -> list[Unused]:
    """Return the `#` comment lines (and Excel's `sep=` line) as unused records."""
    return [
        Unused(source, n, lines[n - 1].strip(), REASON_SEPARATOR if n == 1 and EXCEL_SEPARATOR.fullmatch(
            lines[0].strip().lstrip("\ufeff")) else REASON_COMMENT)
        for n in numbers
    ]


REASON_SEPARATOR = "delimiter line (`sep=`, Excel's note of the delimiter; no row)"


def _header_unused(text: str, source: str, header: Row) -> list[Unused]:
    """Return the header row's lines as unused records: column names, never an entry."""
    lines = text.splitlines()
    return [
        Unused(source, number, lines[number - 1].strip(), REASON_HEADER)
        for number in range(header.line, header.end_line + 1)
        if lines[number - 1].strip()
    ]


def _label_languages(
    rows: Sequence[Sequence[str]], width: int, header: Sequence[str] = ()
) -> tuple[str, ...] | None:
    """Return each column's language if the rows' cells are labels in two or more languages."""
    columns = [[cells[i] for cells in rows if len(cells) == width] for i in range(width)]
    return label_languages(columns, tuple(header))


def _with_row_spans(entries: list[Entry], unused: list[Unused]) -> ReadResult:
    """Return the entries of a table of labels: one row's entries share its span, counted once."""
    result = entries_and_unused(entries, unused)
    return ReadResult(
        result.entries, result.unused, result.title, spans=tuple((e.line, e.end_line) for e in result.entries)
    )


def _metadata_rows(rows: Sequence[Row], term_at: int) -> int:
    """Return how many leading rows are the file's metadata: a term cell ending with a colon
    (`Last revision:`, `Authors:`) in rows above terms that never end with one."""
    if term_at < 0:
        return 0
    keyed = 0
    while keyed < len(rows) and _keyed_cell(rows[keyed].cells, term_at):
        keyed += 1
    rest = rows[keyed:]
    if not keyed or len(rest) < 2 * keyed or any(_keyed_cell(row.cells, term_at) for row in rest):
        return 0
    return keyed


def _keyed_cell(cells: list[str], term_at: int) -> bool:
    return term_at < len(cells) and cells[term_at].strip().endswith(":") and len(cells[term_at].split()) <= 6


def _positional_roles(rows: Sequence[Sequence[str]], width: int) -> list[str]:
    """Return the roles of columns no header names: the first is the term, the one with the
    longest text the definition (the second when none is longer), the rest unnamed.

    In a table of three or more columns, leading columns that repeat a few values down many
    rows (the sheet or section each row belongs to) group the terms: they are topics, and
    the term is the first column after them.
    """
    groups = _group_columns(rows, width) if width > 2 else 0
    roles = [""] * width
    roles[:groups] = ["topics"] * groups
    roles[groups] = "term"
    if width > groups + 1:
        lengths = [sum(len(cells[i]) for cells in rows if len(cells) == width) for i in range(width)]
        roles[max(range(groups + 1, width), key=lambda i: (lengths[i], -i))] = "definition"
    return roles


#: A column whose distinct values are at most this share of its filled cells repeats them.
MAX_GROUP_SHARE = 0.5
#: A column whose distinct values are at least this share of its filled cells names terms.
MIN_TERM_SHARE = 0.7
MIN_GROUP_ROWS = 6


def _distinct_share(rows: Sequence[Sequence[str]], column: int, width: int) -> float:
    cells = [cells[column].strip() for cells in rows if len(cells) == width and cells[column].strip()]
    return len(set(cells)) / len(cells) if cells else 0.0


def _with_group_columns(roles: list[str], rows: Sequence[Sequence[str]], width: int) -> list[str]:
    """Return a named header's roles with the unnamed columns left of the term column that
    repeat a few values down many rows (the sheet each row belongs to) made topics."""
    if "term" not in roles or len(rows) < MIN_GROUP_ROWS:
        return roles
    term_at = roles.index("term")
    return [
        "topics" if i < term_at and not role and _distinct_share(rows, i, width) <= MAX_GROUP_SHARE else role
        for i, role in enumerate(roles)
    ]


def _group_columns(rows: Sequence[Sequence[str]], width: int) -> int:
    """Return how many leading columns group the rows (few values, repeated) before a column
    of mostly distinct names; 0 when the first column already names terms."""
    if len(rows) < MIN_GROUP_ROWS:
        return 0
    groups = 0
    while groups < width - 2 and _distinct_share(rows, groups, width) <= MAX_GROUP_SHARE:
        groups += 1
    if groups and _distinct_share(rows, groups, width) >= MIN_TERM_SHARE:
        return groups
    return 0


#: A cell that only says "same as the term" or "nothing" (`=`, `-`, `—`): no text to keep.
PLACEHOLDER = re.compile(r"^[\s=\-–—.?/]*$")


def _text_columns(rows: Sequence[Sequence[str]], roles: list[str]) -> list[bool]:
    """Return, per column, whether it is an unnamed column of text: some cell holds two or more
    letters. A column of one-letter codes (`n.`, `v`: a part of speech, a flag) is not text."""
    width = len(roles)
    return [
        not role and any(sum(ch.isalpha() for ch in cells[i]) >= 2 for cells in rows if len(cells) == width)
        for i, role in enumerate(roles)
    ]


def _unnamed_into_definition(
    fields: dict[str, object], text_columns: list[bool], cells: list[str]
) -> dict[str, object]:
    """Return the fields of a row of a table no header names, with the cells of its unnamed
    text columns added after the definition (in column order), so that no text is dropped."""
    extra = [
        cell.strip()
        for is_text, cell in zip(text_columns, cells, strict=True)
        if is_text and not PLACEHOLDER.match(cell)
    ]
    if not extra:
        return fields
    definition = next((str(v) for k, v in fields.items() if k == "definition"), "").strip()
    parts = [definition] if definition and not PLACEHOLDER.match(definition) else []
    return {**fields, "definition": " · ".join([*parts, *extra])}


def _fields(names: list[str], roles: list[str], cells: list[str]) -> dict[str, object]:
    """Return the row as a field mapping; an unnamed column keeps its position as name."""
    fields: dict[str, object] = {}
    for name, role, cell in zip(names, roles, cells, strict=True):
        # a column whose role comes from its place, not its name (`english` holding the terms)
        # is filed under the role's own name
        key = (name if field_role(name) == role else role) if role else f"_{name}"
        if key in fields:
            fields[key] = [*_as_list(fields[key]), cell]
        else:
            fields[key] = cell
    return fields


def _as_list(value: object) -> list[object]:
    return value if isinstance(value, list) else [value]
