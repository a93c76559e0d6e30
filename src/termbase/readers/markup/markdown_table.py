"""Markdown pipe tables of terms: `| **Term** | Definition |`, one row per entry.

Shape of cheat-sheet style pages (example from the test fixtures)::

    ## 🧪 Testing words

    | Term | Meaning |
    | :--- | :--- |
    | **Flaky test** | A test that passes or fails by chance. <br> **Fix:** remove the race. |

A table is a glossary table when its first header cell names a term (`Term`, `Name`,
`Concept`, `Acronym` …) or most of its first-column cells are bold. A table whose columns
hold short labels in different languages (`| English | فارسی |`: each header naming a
language, or its script telling one) is a term/translation table: each row is one concept,
each cell a label in its column's language (see `bilingual_rows`). Otherwise each body row is an
entry: the first cell is the term, the definition column (named `Definition`, `Meaning`,
`Description` …, else the second) the definition, with `<br>` turned into line breaks;
other non-empty cells are appended as `**Header:** value`. Header and delimiter rows,
headings, prose and other tables are reported.
"""

from __future__ import annotations

import re
import statistics
from dataclasses import dataclass, replace

from markdown_it.token import Token

from termbase.labels import clean_label
from termbase.language_tags import FALLBACK
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.bilingual_rows import (
    is_label_column,
    label_and_note_columns,
    label_languages,
    row_entries,
    row_notes,
)
from termbase.readers.column_language import column_language
from termbase.readers.markup.markdown_parsing import (
    clean_markdown,
    heading_text,
    link_references,
    markdown_entry,
    parse_blocks,
    resolve_reference_links,
    token_lines,
    unused_outside,
)
from termbase.readers.record_fields import field_role, is_empty
from termbase.table_shape import script_language

_TERM_HEADERS = re.compile(r"^(term|terms|name|concept|word|acronym|abbreviation|keyword|jargon)s?\b", re.I)
_DEFINITION_HEADERS = re.compile(r"definition|meaning|description|explanation|what it (is|means)", re.I)
_BREAK = re.compile(r"\s*<br\s*/?>\s*", re.I)
_BOLD = re.compile(r"^\s*(\*\*|__)(?P<text>.+?)\1\s*$")

REASON_HEADER_ROW = "table header row"
REASON_DELIMITER = "table delimiter row"
REASON_EMPTY_TERM = "table row with an empty term cell"
REASON_NO_WORD = "table row without a word (numbers or marks only)"
MIN_ROWS = 3
#: A table read by its shape: names at most this long (median), bodies at least this long.
MAX_TERM_CHARS = 60
MIN_BODY_CHARS = 20


#: Possessive quantifiers: no backtracking over a long run of blanks.
_TABLE_RULE = re.compile(r"^[ \t]*+\|?[ \t]*+:?-{3,}", re.MULTILINE)


@dataclass(frozen=True, slots=True)
class Table:
    """A pipe table: its lines, header cells and body rows (line, cells)."""

    first: int
    last: int
    header: tuple[str, ...]
    rows: tuple[tuple[int, tuple[str, ...]], ...]


def _cells(tokens: list[Token], start: int) -> tuple[tuple[str, ...], int]:
    cells: list[str] = []
    index = start + 1
    while tokens[index].type != "tr_close":
        if tokens[index].type == "inline":
            cells.append(tokens[index].content)
        index += 1
    return tuple(cells), index


def page_tables(tokens: list[Token]) -> list[Table]:
    """Return every pipe table of the page with its header and rows."""
    tables: list[Table] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token.type != "table_open" or token.map is None:
            index += 1
            continue
        first, last = token_lines(token)
        header: tuple[str, ...] = ()
        rows: list[tuple[int, tuple[str, ...]]] = []
        index += 1
        while tokens[index].type != "table_close":
            if tokens[index].type == "tr_open":
                line = token_lines(tokens[index])[0]
                cells, index = _cells(tokens, index)
                if header:
                    rows.append((line, cells))
                else:
                    header = cells
            index += 1
        tables.append(Table(first, last, header, tuple(rows)))
    return tables


def table_languages(table: Table) -> tuple[str, ...] | None:
    """Return each column's language if the table is labels in two or more languages, or two
    names of one thing in one language (`name_pair_columns`); "" for a column of notes."""
    if len(table.header) < 2 or not table.rows:
        return None
    width = len(table.header)
    columns = [[_term_text(cells[i]) for _, cells in table.rows if len(cells) == width] for i in range(width)]
    names = [clean_label(name.replace("*", "")) for name in table.header]
    definition = _definition_column(table.header)
    if len(columns) == 2 and _names_definition(table.header[definition]):
        return None  # `| 用語 | 説明 |` over short meanings: terms and definitions, not two languages
    return (
        label_languages(columns, names)
        or label_and_note_columns(columns, names, definition)
        or name_pair_columns(columns, names)
    )


def _names_definition(name: str) -> bool:
    """Return True for a header naming a definition column (`Definition`, `説明`, `설명`)."""
    return bool(_DEFINITION_HEADERS.search(name)) or _cjk_role(name) == "definition"


#: A header word two columns share: letters or digits of any script, two or more.
_HEADER_WORD = re.compile(r"[^\W_]{2,}")


def name_pair_columns(columns: list[list[str]], header: list[str]) -> tuple[str, ...] | None:
    """Return (language, language, "", …) for a table whose first two columns are names of one
    thing in one language: a term-mapping (style sheet) table, `| Internal term | Approved term |
    Note |`, `| 내부 용어 | 확정 용어 | 비고 |`. Both headers share a word, both columns hold short
    labels, nearly all distinct (not a category): each row is one concept named by both cells, its
    other cells notes."""
    if len(columns) < 2 or len(header) != len(columns) or len(columns[0]) < MIN_ROWS:
        return None
    words = [{w.casefold() for w in _HEADER_WORD.findall(name)} for name in header[:2]]
    if not (words[0] & words[1]) or words[0] == words[1]:
        return None
    for column in columns[:2]:
        filled = [cell.casefold() for cell in column if cell.strip()]
        if not is_label_column(column) or len(set(filled)) < MIN_DISTINCT_NAMES * len(column):
            return None
    language = script_language(columns[0]) or column_language(columns[0]) or FALLBACK
    return (language, language, *([""] * (len(columns) - 2)))


#: The names of a term-mapping table differ from row to row: at least this share distinct.
MIN_DISTINCT_NAMES = 0.9


def is_glossary_table(table: Table) -> bool:
    """Return True if the table's first column holds terms (by its header or bold cells),
    or its columns hold labels in several languages."""
    if not table.header or len(table.header) < 2 or not table.rows:
        return False
    if table_languages(table):
        return True
    term_at = term_column(table)
    if _TERM_HEADERS.match(clean_label(table.header[term_at].replace("*", ""))):
        return True
    if _cjk_role(table.header[term_at]) == "term":
        return True
    bold = sum(1 for _, cells in table.rows if len(cells) > term_at and _BOLD.match(cells[term_at]))
    return bold >= max(2, len(table.rows) * 0.6) or _shaped_as_terms(table)


#: A leading column repeating a few values down this many rows at least groups them (a sheet,
#: a section): its distinct values are at most MAX_GROUP_SHARE of its cells.
MIN_GROUP_ROWS = 6
MAX_GROUP_SHARE = 0.5


def term_column(table: Table) -> int:
    """Return the column holding the terms: the first, unless a later header names the terms
    (`| Category | Term | Definition |`) or the first repeats a few values over many rows
    (the group each row belongs to) in a table of three or more columns."""
    header = [clean_label(name.replace("*", "")) for name in table.header]
    if len(header) < 3 or _TERM_HEADERS.match(header[0]):
        return 0
    named = next((i for i, name in enumerate(header[1:-1], start=1) if _TERM_HEADERS.match(name)), 0)
    if named:
        return named
    firsts = [cells[0].strip() for _, cells in table.rows if cells and cells[0].strip()]
    if len(firsts) >= MIN_GROUP_ROWS and len(set(firsts)) <= MAX_GROUP_SHARE * len(firsts):
        return 1
    return 0


def _shaped_as_terms(table: Table) -> bool:
    """Return True if, whatever its headers say, the table's first column holds short distinct
    names and its definition column long text: `| 用語 | 説明 |` over `| IDOR | … とは、… |`."""
    rows = [cells for _, cells in table.rows if len(cells) >= 2 and _has_word(cells)]
    if len(rows) < MIN_ROWS:
        return False
    term_at = term_column(table)
    terms = [_term_text(cells[term_at]) if term_at < len(cells) else "" for cells in rows]
    column = _definition_column(table.header, term_at)
    bodies = [clean_markdown(cells[column]) if column < len(cells) else "" for cells in rows]
    if len({term.casefold() for term in terms if term}) < 0.9 * len(rows):
        return False  # a column of repeated values (a category, a yes/no) names nothing
    term_length = statistics.median(len(term) for term in terms)
    body_length = statistics.median(len(body) for body in bodies)
    return term_length <= MAX_TERM_CHARS and body_length >= max(MIN_BODY_CHARS, 2 * term_length)


def _has_word(cells: tuple[str, ...]) -> bool:
    """Return True if a row holds a letter anywhere: `| 1 | 2 |` (a numbering or template row) holds none."""
    return any(character.isalpha() for cell in cells for character in cell)


def _definition_column(header: tuple[str, ...], term_at: int = 0) -> int:
    for index, name in enumerate(header[1:], start=1):
        if index != term_at and (_DEFINITION_HEADERS.search(name) or _cjk_role(name) == "definition"):
            return index
    return term_at + 1


def _cjk_role(name: str) -> str:
    """Return the role of a column named in Chinese, Japanese or Korean (`用語`, `説明`), else ''."""
    name = clean_label(name.replace("*", ""))
    return field_role(name) if name and not name.isascii() else ""


def definition_column_named(header: tuple[str, ...]) -> bool:
    """Return True if a header names both a term column and a definition column."""
    first = clean_label(header[0].replace("*", "")) if header else ""
    return bool(_TERM_HEADERS.match(first)) and any(_DEFINITION_HEADERS.search(h) for h in header[1:])


#: A link around a term (`[Slip](slip.md)`, `[Slip][slip]`): the term is its text.
_TERM_LINK = re.compile(r"\[(?P<text>[^\[\]]+)\](?:\([^()\s]*(?:\s+\"[^\"]*\")?\)|\[[^\[\]]*\])")


#: An other-names cell holds names: a few words each, split at commas, semicolons or breaks.
MAX_OTHER_NAME_WORDS = 6
_NAME_SPLIT = re.compile(r"\s*(?:[,;/]|<br\s*/?>)\s*")


def _other_names(cell: str) -> list[str]:
    """Return the names in a cell of other names (`CT`, `oven, furnace`), or [] when it holds prose."""
    names = [_term_text(part) for part in _NAME_SPLIT.split(cell) if part.strip()]
    if not names or any(len(n.split()) > MAX_OTHER_NAME_WORDS or n.endswith(".") for n in names):
        return []
    return [n for n in names if n]


def _term_text(cell: str) -> str:
    cell = _TERM_LINK.sub(lambda m: m.group("text"), cell)
    match = _BOLD.match(cell)
    return clean_label((match.group("text") if match else cell).replace("**", ""))


@dataclass(frozen=True, slots=True)
class TableRead:
    """What one glossary table gives: entries (one a row), entries of rows of labels in several
    languages (one a label, sharing the row's line), unused lines and the lines it claimed."""

    entries: list[Entry]
    labelled: list[Entry]
    unused: list[Unused]
    claimed: set[int]


def table_entries(
    table: Table,
    header_rows: list[tuple[int, str]],
    lines: list[str],
    source: str,
    references: dict[str, str] | None = None,
) -> TableRead:
    """Return the entries of one glossary table (Markdown cells), its `header_rows` (line, reason)
    reported. Empty cells and `-`-style placeholder cells of other columns add nothing to a definition."""
    entries: list[Entry] = []
    labelled: list[Entry] = []
    unused: list[Unused] = []
    claimed: set[int] = set()
    references = references or {}
    term_at = term_column(table)
    column = _definition_column(table.header, term_at)
    names = [clean_label(name.replace("*", "")) for name in table.header]
    for number, reason in header_rows:
        unused.append(Unused(source, number, lines[number - 1].strip(), reason))
        claimed.add(number)
    languages = table_languages(table)
    if languages:
        for number, cells in table.rows:
            claimed.add(number)
            cells = tuple(_term_text(cell) for cell in cells)
            named = [cell for cell, language in zip(cells, languages, strict=False) if language]
            if len(cells) != len(languages) or not any(named):
                unused.append(Unused(source, number, lines[number - 1].strip(), REASON_EMPTY_TERM))
                continue
            notes = clean_markdown(row_notes(cells, languages, names))
            labelled += row_entries(
                cells, languages, source=source, line=number, end_line=number, notes=notes
            )
        return TableRead(entries, labelled, unused, claimed)
    # columns of other names (`Abbreviation`, `Synonyms`, `Also known as`) give labels, not text
    name_columns = {
        i for i, name in enumerate(names) if i not in (term_at, column) and field_role(name) == "alt"
    }
    for number, cells in table.rows:
        claimed.add(number)
        term = _term_text(cells[term_at]) if len(cells) > term_at else ""
        if term and not _has_word(cells):
            unused.append(Unused(source, number, lines[number - 1].strip(), REASON_NO_WORD))
            continue
        if not term:
            unused.append(Unused(source, number, lines[number - 1].strip(), REASON_EMPTY_TERM))
            continue
        parts = [_BREAK.sub("\n", cells[column]) if column < len(cells) else ""]
        other_names: list[str] = []
        for index, cell in enumerate(cells):
            if index > term_at and index != column and not is_empty(cell) and index < len(names):
                if index in name_columns and (found := _other_names(cell)):
                    other_names += found
                    continue
                parts.append(f"**{names[index]}:** {_BREAK.sub(' ', cell)}")
        raw = "\n".join(part for part in parts if part.strip())
        raw = resolve_reference_links(raw, references)
        entry = markdown_entry(source, number, number, term, raw)
        if other_names:
            entry = replace(entry, labels=tuple(dict.fromkeys((*entry.labels, *other_names))))
        groups = tuple(clean_label(cell) for cell in cells[:term_at] if cell.strip())
        entries.append(replace(entry, topics=groups) if groups else entry)
    return TableRead(entries, labelled, unused, claimed)


class MarkdownTableReader:
    """Reads Markdown pipe tables whose rows are `| Term | Definition |`."""

    name = "markdown-table"
    description = "Markdown tables `| **Term** | Definition |`, one row per entry"

    def detect(self, text: str) -> float:
        """Return 1.0 for 3+ rows under `Term | Definition` headers, else ≥ 0.6 by how much they fill.

        Glossary tables usually sit among headings and prose, which other readers may take
        for terms and definitions; a header naming both columns settles it.
        """
        if not _TABLE_RULE.search(text):
            return 0.0  # no `|---|` delimiter row: no table to parse
        tables = [t for t in page_tables(parse_blocks(text)) if is_glossary_table(t)]
        rows = sum(len(t.rows) for t in tables)
        if rows == 0:
            return 0.0
        if rows < MIN_ROWS:
            return 0.1 * rows
        if all(definition_column_named(t.header) for t in tables):
            return 1.0
        used = sum(t.last - t.first + 1 for t in tables)
        nonblank = sum(1 for line in text.splitlines() if line.strip())
        return max(0.6, min(0.95, used / max(1, nonblank)))

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per glossary-table row; other lines are reported."""
        tokens = parse_blocks(text)
        title = next(
            (heading_text(tokens[i + 1]) for i, t in enumerate(tokens) if t.type == "heading_open"), ""
        )
        entries: list[Entry] = []
        labelled: list[Entry] = []
        unused: list[Unused] = []
        claimed: set[int] = set()
        lines = text.splitlines()
        references = link_references(text)
        for table in page_tables(tokens):
            if not is_glossary_table(table):
                continue
            header_rows = zip(
                range(table.first, min(table.first + 2, table.last + 1)),
                (REASON_HEADER_ROW, REASON_DELIMITER),
                strict=False,
            )
            read = table_entries(table, list(header_rows), lines, source, references)
            entries += read.entries
            labelled += read.labelled
            unused += read.unused
            claimed |= read.claimed
        unused += unused_outside(text, tokens, claimed, source)
        if not labelled:
            return entries_and_unused(entries, unused, title)
        # A row of labels in several languages gives one entry per language, sharing its line.
        result = entries_and_unused([*entries, *labelled], unused, title)
        return replace(result, spans=tuple((e.line, e.end_line) for e in result.entries))
