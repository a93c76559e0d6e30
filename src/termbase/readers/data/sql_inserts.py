"""Glossaries kept as an SQL dump: `INSERT INTO table (columns) VALUES (…), (…);` statements.

Example (the shape, written for the tests)::

    INSERT INTO glossary ("term", "definition") VALUES ('kiln','An oven for firing clay.'),
    ('glaze','A glassy coat
    fused onto pottery.');

Each tuple is one record, its values named by the statement's column list (`c1`, `c2`… when
it has none), read as the JSON reader reads records: field names and roles (judged from the
values when the names say nothing), pointers, placeholders. Strings take SQL quoting (`''`)
and backslash escapes; NULL is no value. Other statements (CREATE TABLE, SET …) are reported.
"""

from __future__ import annotations

import re

from termbase.errors import InputError
from termbase.model import ReadResult
from termbase.readers.data.json_yaml import Located, read_record_tree, score_record_tree

_INSERT = re.compile(
    r"\bINSERT\s+INTO\s+[`\"\[]?[\w.]+[`\"\]]?\s*(?:\((?P<columns>[^)]*)\))?\s*VALUES\s*", re.IGNORECASE
)
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "\\": "\\", "'": "'", '"': '"'}
REASON_STATEMENT = "SQL statement or comment outside the inserted rows"


def _tuples(text: str, start: int) -> tuple[list[tuple[int, int, list[object]]], int]:
    """Return ([(start, end, values)] of the tuples after VALUES, the offset after them)."""
    rows: list[tuple[int, int, list[object]]] = []
    index = start
    while index < len(text):
        while index < len(text) and text[index] in " \t\r\n,":
            index += 1
        if index >= len(text) or text[index] != "(":
            break
        first = index
        values: list[object] = []
        index += 1
        while index < len(text) and text[index] != ")":
            if text[index] in " \t\r\n,":
                index += 1
            elif text[index] in "'\"":
                value, index = _string(text, index)
                values.append(value)
            else:
                match = re.compile(r"[^,)\s]+").match(text, index)
                if match is None:
                    break
                token = match.group()
                values.append(None if token.upper() == "NULL" else token)
                index = match.end()
        rows.append((first, index, values))
        index += 1
    return rows, index


def _string(text: str, start: int) -> tuple[str, int]:
    """Return (value, offset after) of the SQL string literal opening at `start`."""
    quote = text[start]
    out: list[str] = []
    index = start + 1
    while index < len(text):
        char = text[index]
        if char == "\\" and index + 1 < len(text):
            out.append(_ESCAPES.get(text[index + 1], text[index + 1]))
            index += 2
            continue
        if char == quote:
            if text[index + 1 : index + 2] == quote:  # '' inside a string
                out.append(quote)
                index += 2
                continue
            return "".join(out), index + 1
        out.append(char)
        index += 1
    return "".join(out), len(text)


def _columns(spec: str | None, width: int) -> list[str]:
    names = [name.strip().strip('`"[]') for name in spec.split(",")] if spec else []
    return names if len(names) == width else [f"c{n}" for n in range(1, width + 1)]


def sql_records_tree(text: str) -> Located | None:
    """Return the rows of the dump's INSERT statements as a located list of records, or None."""
    elements: list[Located] = []
    for match in _INSERT.finditer(text):
        rows, _ = _tuples(text, match.end())
        for first, last, values in rows:
            record = dict(zip(_columns(match["columns"], len(values)), values, strict=True))
            line = text.count("\n", 0, first) + 1
            end = line + text.count("\n", first, last)
            elements.append(Located(record, line, end))
    if len(elements) < 3:
        return None
    return Located([e.value for e in elements], elements[0].line, elements[-1].end_line, elements=elements)


class SqlInsertsReader:
    """Reads glossary records from the rows of an SQL dump's INSERT statements."""

    name = "sql-inserts"
    description = "SQL dump: `INSERT INTO t (term, definition) VALUES (…), (…)` rows as records"

    def detect(self, text: str) -> float:
        """Return the JSON reader's score of the rows as records (at most 0.85)."""
        if not _INSERT.search(text):
            return 0.0
        tree = sql_records_tree(text)
        return min(0.85, score_record_tree(tree)) if tree is not None else 0.0

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per row; other statements are reported."""
        tree = sql_records_tree(text)
        if tree is None:
            raise InputError(
                "no INSERT rows found (three or more rows of values)",
                path=source,
                hint="the file should hold `INSERT INTO table (columns) VALUES (…), (…);` statements",
            )
        return read_record_tree(tree, text, source, kind_of_line=lambda line: REASON_STATEMENT)
