"""Wiki text tables of terms: DokuWiki `^ Term ^ Definition ^` / `| a | b |`, Google Code,
MoinMoin or Trac `|| a || b ||` and Org `| a | b |` tables (`|---+---|` rules), one row per entry.

Shapes (examples in our own words)::

    ===== Kiln words =====                 DokuWiki: a `^` header row over `|` rows,
    ==== K ====                            headings of `=` around the text
    ^ Term ^ Definition ^ Remarks ^
    | KF | Kiln firing | - |
    | [[https://example.org/cone|Cone]] | A heat gauge | - |

    = Kiln words =                         Google Code / MoinMoin: `||` cells; a first row
    || *English* || *Deutsch* || *Note* || of bold cells (or of column names) is the header
    || kiln || Brennofen || for clay ||

Such a table has no `|---|` delimiter row, so it is no Markdown table; its cells are made
Markdown (`[[url|text]]` and `[url text]` links, `//italic//`, Google Code `*bold*` and
`_italic_`, MoinMoin `'''bold'''`, Trac `||= header =||`; a DokuWiki row `^ a | b |` is a
row whose first cell is a row header, not a header row) and each table is read as
`markdown_table` reads one: a term column, a definition column, other columns kept as
`**Header:** value`, or labels in several languages (one concept a row). Rows of placeholders
only (`| - | - |`, `|| _TODO_ || ||`) are no entries. Headings and every other line are
reported.
"""

from __future__ import annotations

import re
from dataclasses import replace

from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.markup.markdown_table import (
    Table,
    definition_column_named,
    is_glossary_table,
    table_entries,
)
from termbase.readers.markup.org_mode import to_markdown as org_markdown
from termbase.readers.page_text import REASON_HEADING
from termbase.readers.record_fields import field_role, is_empty

REASON_HEADER_ROW = "table header row"
REASON_RULE = "table rule"
REASON_PLACEHOLDER = "table row of placeholders only (no term yet)"
REASON_OUTSIDE = "text outside the glossary tables"
REASON_OTHER_TABLE = "a table that holds no terms"

#: A DokuWiki row: opens with `^` or `|` and closes with one of them.
_DOKU_ROW = re.compile(r"^[ \t]*[\^|].*[\^|][ \t]*$")
#: A Google Code / MoinMoin / Trac row: `|| a || b ||`.
_DOUBLE_ROW = re.compile(r"^[ \t]*\|\|.*\|\|[ \t]*$")
#: A wiki heading: `== Text ==` (the closing run may be of another length).
_HEADING = re.compile(r"^[ \t]*(=+)[ \t]*(?P<text>[^=].*?)[ \t]*=+[ \t]*$")
#: A Markdown table's delimiter row, or a reST / org table rule: not a wiki table.
#: An Org table's rule: `|-----+------|` (a `+` where columns meet; Markdown's delimiter has none).
_ORG_RULE = re.compile(r"^[ \t]*\|[-:]*-[-:]*(?:\+[-:]+)+\|?[ \t]*$")
#: Links and images whose `|` is no cell break: `[[url|text]]`, `{{img|alt}}`.
_BRACKETED = re.compile(r"\[\[.*?\]\]|\{\{.*?\}\}")
_DOKU_LINK = re.compile(r"\[\[(?P<target>[^|\]]+)(?:\|(?P<text>[^\]]*))?\]\]")
_BRACKET_LINK = re.compile(r"(?<!\[)\[(?P<url>https?://\S+)(?:\s+(?P<text>[^\]]+))?\](?!\])")
_WIKI_WORD_LINK = re.compile(r"(?<!\[)\[(?P<page>[A-Za-z][\w.-]*)\](?![(\[])")
_DOKU_ITALIC = re.compile(r"(?<!:)//(?P<text>\S(?:.*?\S)?)//")
_GC_BOLD = re.compile(r"(?<![*\w])\*(?P<text>[^*\s](?:[^*]*[^*\s])?)\*(?![*\w])")
_MOIN_BOLD = re.compile(r"'''(?P<text>[^']+)'''")
_MOIN_ITALIC = re.compile(r"''(?P<text>[^']+)''")
_TRAC_HEADER = re.compile(r"^=\s*(?P<text>.*?)\s*=$")
_GC_ITALIC = re.compile(r"(?<![_\w])_(?P<text>[^_\s](?:[^_]*[^_\s])?)_(?![_\w])")
_PLACEHOLDER_TERMS = frozenset({"todo", "tbd", "fixme", "xxx", "..."})
MIN_ROWS = 3


def _split(line: str, double: bool, org: bool = False) -> tuple[bool, list[str]]:
    """Return (is a header row, cells) of one wiki table row (an Org row splits at `|` only)."""
    stripped = line.strip()
    if double:
        cells = stripped[2:-2].split("||")
        return False, [cell.strip() for cell in cells]
    if org:
        return False, [cell.strip() for cell in stripped[1:-1].split("|")]
    kept: list[str] = []
    masked = _BRACKETED.sub(lambda m: kept.append(m.group(0)) or f"\x00{len(kept) - 1}\x00", stripped[1:-1])
    # a header row is `^` cells only; `^ KF | Kiln firing |` is a row whose first cell is a row header
    header = stripped.startswith("^") and "|" not in masked
    cells = re.split(r"[|^]", masked)
    restore = re.compile(r"\x00(\d+)\x00")
    return header, [restore.sub(lambda m: kept[int(m.group(1))], cell).strip() for cell in cells]


def _markdown(cell: str, kind: str) -> str:
    """Return a wiki cell's markup (`kind`: doku, double or org) as Markdown."""
    if kind == "org":
        return org_markdown(cell, []).strip()
    cell = _DOKU_LINK.sub(lambda m: _link(m["target"].strip(), (m["text"] or "").strip()), cell)
    cell = _BRACKET_LINK.sub(lambda m: f"[{(m['text'] or m['url']).strip()}]({m['url']})", cell)
    if kind == "double":
        cell = _TRAC_HEADER.sub(lambda m: f"**{m['text']}**", cell.strip())  # Trac's `||= Term =||`
        cell = _MOIN_BOLD.sub(lambda m: f"**{m['text']}**", cell)
        cell = _MOIN_ITALIC.sub(lambda m: f"*{m['text']}*", cell)
        cell = _WIKI_WORD_LINK.sub(lambda m: m["page"], cell)
        cell = _GC_BOLD.sub(lambda m: f"**{m['text']}**", cell)
        cell = _GC_ITALIC.sub(lambda m: f"*{m['text']}*", cell)
    else:
        cell = _DOKU_ITALIC.sub(lambda m: f"*{m['text']}*", cell)
    return cell.strip()


def _link(target: str, text: str) -> str:
    """Return a DokuWiki link as Markdown: a web link keeps its address, a page link its text."""
    if re.match(r"https?://", target):
        return f"[{text or target}]({target})"
    return text or target.rsplit(":", 1)[-1]


def _header_row(cells: list[str]) -> bool:
    """Return True for a first `||` row that names columns: all its filled cells bold, or
    short cells naming a term or definition column."""
    filled = [cell for cell in cells if cell]
    bold = (_GC_BOLD, _MOIN_BOLD, _TRAC_HEADER)
    if len(filled) >= 2 and all(any(mark.fullmatch(cell) for mark in bold) for cell in filled):
        return True
    return any(field_role(cell) in ("term", "definition") for cell in filled) and all(
        len(cell.split()) <= 3 for cell in filled
    )


def _placeholder_row(cells: tuple[str, ...]) -> bool:
    """Return True for a row whose cells are all empty values or placeholder words."""
    plain = [re.sub(r"[*_/]", "", cell).strip().casefold() for cell in cells]
    return all(is_empty(cell) or cell in _PLACEHOLDER_TERMS for cell in plain)


def _blocks(lines: list[str]) -> list[tuple[int, int, bool]]:
    """Return (first index, last index, is `||`) of each run of table rows."""
    blocks: list[tuple[int, int, bool]] = []
    index = 0
    while index < len(lines):
        double = bool(_DOUBLE_ROW.match(lines[index]))
        if not double and not _DOKU_ROW.match(lines[index]):
            index += 1
            continue
        end = index
        row = _DOUBLE_ROW if double else _DOKU_ROW
        while end + 1 < len(lines) and row.match(lines[end + 1]):
            end += 1
        blocks.append((index, end, double))
        index = end + 1
    return blocks


def _tables(text: str) -> list[tuple[Table, list[tuple[int, str]], list[int], bool]]:
    """Return (table, (line, reason) of its header and rule rows, placeholder row line numbers,
    is glossary) for each wiki table: a DokuWiki table opens with a `^` header row, an Org table
    has `|---+---|` rules (the row above the first is its header), a `||` table is any run of rows.
    `|` rows with neither (a Markdown table's, with its `|---|---|` delimiter) are left alone."""
    lines = text.splitlines()
    tables = []
    for first, last, double in _blocks(lines):
        org_rules = [] if double else [n + 1 for n in range(first, last + 1) if _ORG_RULE.match(lines[n])]
        rows = [
            (number + 1, *_split(lines[number], double, bool(org_rules)))
            for number in range(first, last + 1)
            if number + 1 not in org_rules
        ]
        if not rows or (not double and not org_rules and not rows[0][1]):
            continue  # `|` rows with no `^` header and no Org rule: not this shape
        headers = [number for number, header, _ in rows if header and not org_rules]
        if double and _header_row(rows[0][2]):
            headers = [rows[0][0]]
        if org_rules and rows[0][0] == org_rules[0] - 1 and len(rows) > 1:
            headers = [rows[0][0]]  # Org: the row right above the first rule names the columns
        header_cells = next((cells for number, _, cells in rows if number in headers), [])
        body = [(number, cells) for number, _, cells in rows if number not in headers]
        kind = "double" if double else "org" if org_rules else "doku"
        header = tuple(_markdown(cell, kind) for cell in header_cells)
        width = max(len(header), *(len(cells) for _, cells in body)) if body else len(header)
        header = header or tuple("" for _ in range(width))
        converted = [(number, tuple(_markdown(cell, kind) for cell in cells)) for number, cells in body]
        placeholders = [number for number, cells in converted if _placeholder_row(cells)]
        kept = tuple((number, cells) for number, cells in converted if number not in placeholders)
        table = Table(first + 1, last + 1, header, kept)
        marks = [(n, REASON_HEADER_ROW) for n in headers] + [(n, REASON_RULE) for n in org_rules]
        tables.append((table, sorted(marks), placeholders, is_glossary_table(table)))
    return tables


class WikiTableReader:
    """Reads DokuWiki and Google Code / MoinMoin wiki tables of terms, one row per entry."""

    name = "wiki-table"
    description = "wiki text tables: DokuWiki `^ Term ^ Definition ^` over `| a | b |`, or `|| a || b ||`"

    def detect(self, text: str) -> float:
        """Return 1.0 for 3+ rows under headers naming the term and definition columns (as for a
        Markdown table: headings over the tables look like terms to other readers), else 0.6-0.9
        by how much of the page the glossary tables fill."""
        if "|" not in text:
            return 0.0
        tables = [table for table, _, _, glossary in _tables(text) if glossary]
        rows = sum(len(table.rows) for table in tables)
        if not rows:
            return 0.0
        used = sum(table.last - table.first + 1 for table in tables)
        headings = sum(1 for line in text.splitlines() if _HEADING.match(line))
        nonblank = sum(1 for line in text.splitlines() if line.strip()) - headings
        if rows < MIN_ROWS:
            return 0.1 * rows
        if all(definition_column_named(table.header) for table in tables):
            return 1.0
        return max(0.6, min(0.9, used / max(1, nonblank)))

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per glossary-table row; other lines are reported."""
        lines = text.splitlines()
        entries: list[Entry] = []
        labelled: list[Entry] = []
        unused: list[Unused] = []
        claimed: set[int] = set()
        title = ""
        for table, header_rows, placeholders, glossary in _tables(text):
            if not glossary:
                continue
            read = table_entries(table, header_rows, lines, source)
            entries += read.entries
            labelled += read.labelled
            unused += read.unused
            unused += [Unused(source, n, lines[n - 1].strip(), REASON_PLACEHOLDER) for n in placeholders]
            claimed |= read.claimed | set(placeholders)
        for number, line in enumerate(lines, start=1):
            if number in claimed or not line.strip():
                continue
            heading = _HEADING.match(line)
            if heading and not title:
                title = heading["text"]
            reason = REASON_HEADING if heading else REASON_OUTSIDE
            unused.append(Unused(source, number, line.strip(), reason))
        result = entries_and_unused([*entries, *labelled], unused, title)
        if not labelled:
            return result
        # a row of labels in several languages gives one entry per language, sharing its line
        return replace(result, spans=tuple((e.line, e.end_line) for e in result.entries))
