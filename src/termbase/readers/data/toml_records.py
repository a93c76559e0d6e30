"""TOML glossaries: records in an array of tables, tables per term, or `term = "definition"`.

Shapes read (field names matched loosely, as for JSON and YAML records)::

    [[terminology]]                      an array of tables: one record each
    name = "Lead Time"
    aliases = ["Cycle"]
    description = \"\"\"…\"\"\"

    [API]                                a table per term
    definition = "…"

    paas = "Platform as a Service"       a table of term = definition

The file is parsed with the standard library's `tomllib`; each value's lines are found
from its `[header]` or `key =` line, so every line belongs to an entry or is reported.
Invalid TOML raises InputError with the line.
"""

from __future__ import annotations

import re
import tomllib

from termbase.errors import InputError
from termbase.model import ReadResult
from termbase.readers.data.json_yaml import Located, read_record_tree, score_record_tree

#: `[a.b]` or `[[a.b]]` alone on a line (a comment may follow).
_HEADER = re.compile(r"^\s*(?P<open>\[\[?)\s*(?P<path>[^\[\]]+?)\s*\]\]?\s*(?:#.*)?$")
#: `key =` at the start of a line (bare or quoted key).
_KEY = re.compile(r"""^\s*(?:"(?P<dq>[^"]*)"|'(?P<sq>[^']*)'|(?P<bare>[\w-]+))\s*=""")
#: A line a TOML file has: a table header or a `key =`.
_TOML_START = re.compile(r"^\s*(?:\[|[\w\"'-]+\s*=)", re.M)
_LINE_NUMBER = re.compile(r"at line (?P<line>\d+)")
REASON_HEADER = "TOML table header (structure around the entries)"
REASON_OUTSIDE = "field outside the glossary entries ({key})"


def _path(raw: str) -> tuple[str, ...]:
    return tuple(part.strip().strip("\"'") for part in raw.split("."))


class _Layout:
    """Where each table header and top-level key of a TOML text is."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.headers: list[tuple[int, tuple[str, ...]]] = []
        for number, line in enumerate(self.lines, start=1):
            if match := _HEADER.match(line):
                self.headers.append((number, _path(match["path"])))

    def block_end(self, start: int) -> int:
        """Return the last non-blank line before the next header after `start`."""
        following = [n for n, _ in self.headers if n > start]
        end = (following[0] - 1) if following else len(self.lines)
        while end > start and not self.lines[end - 1].strip():
            end -= 1
        return end

    def table_spans(self, path: tuple[str, ...]) -> list[tuple[int, int]]:
        """Return the (first, last) lines of each table headed `path`, sub-tables included."""
        spans = []
        for index, (number, header) in enumerate(self.headers):
            if header != path:
                continue
            end = number
            for later, other in self.headers[index + 1 :]:
                if other[: len(path)] != path or other == path:
                    break
                end = later
            spans.append((number, self.block_end(end)))
        return spans

    def key_spans(self, first: int, last: int) -> dict[str, tuple[int, int]]:
        """Return {key: (line, last line)} of the `key =` lines between first and last."""
        found: list[tuple[str, int]] = []
        in_string = False
        for number in range(first, last + 1):
            line = self.lines[number - 1]
            if not in_string and _HEADER.match(line):
                break
            if not in_string and (match := _KEY.match(line)):
                found.append((match["dq"] or match["sq"] or match["bare"], number))
            if (line.count('"""') + line.count("'''")) % 2:
                in_string = not in_string
        spans = {}
        for index, (key, number) in enumerate(found):
            end = found[index + 1][1] - 1 if index + 1 < len(found) else last
            while end > number and not self.lines[end - 1].strip():
                end -= 1
            spans.setdefault(key, (number, end))
        return spans


def _locate(value: object, path: tuple[str, ...], span: tuple[int, int], layout: _Layout) -> Located:
    """Return `value` as a Located tree, children placed by their headers or key lines."""
    first, last = span
    node = Located(value, first, last)
    if isinstance(value, dict):
        own = layout.key_spans(first + 1, last) if path else layout.key_spans(1, last)
        for key, child in value.items():
            tables = layout.table_spans((*path, key))
            if isinstance(child, list) and len(tables) == len(child) and tables:
                located = Located(child, tables[0][0], tables[-1][1])
                pairs = zip(child, tables, strict=True)
                located.elements = [_locate(c, (*path, key), t, layout) for c, t in pairs]
            elif isinstance(child, dict) and len(tables) == 1:
                located = _locate(child, (*path, key), tables[0], layout)
            else:
                located = _locate(child, (*path, key), own.get(key, (first, first)), layout)
                if isinstance(child, list):
                    located.elements = [Located(c, located.line, located.end_line) for c in child]
            node.items.append((key, located))
            node.key_lines[key] = located.line
    return node


def toml_tree(text: str, source: str) -> Located:
    """Return the TOML text as a tree of values with their line spans, or raise InputError."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        found = _LINE_NUMBER.search(str(error))
        raise InputError(
            f"invalid TOML: {error}",
            path=source,
            line=int(found["line"]) if found else None,
            hint="fix the TOML syntax at that line (a missing quote, bracket or `=`)",
        ) from None
    layout = _Layout(text)
    return _locate(data, (), (1, max(1, len(layout.lines))), layout)


def _line_reason(line: str) -> str:
    if _HEADER.match(line):
        return REASON_HEADER
    if line.strip().startswith("#"):
        return "comment"
    match = _KEY.match(line)
    key = (match["dq"] or match["sq"] or match["bare"]) if match else "value"
    return REASON_OUTSIDE.format(key=key)


class TomlGlossaryReader:
    """Reads TOML glossaries (see the module docstring)."""

    name = "toml"
    description = (
        "TOML: an array of tables of records (name, description, aliases …), a table per term, "
        "or term = definition"
    )

    def detect(self, text: str) -> float:
        """Return 0–1: high for TOML holding records with term and definition fields."""
        head = text.lstrip()
        if not head or head.startswith(("{", "<", "---")) or not _TOML_START.search(text):
            return 0.0
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError:
            return 0.0
        return score_record_tree(Located(data, 0, 0) if not isinstance(data, dict) else _value_tree(data))

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per record."""
        return read_record_tree(toml_tree(text, source), text, source, kind_of_line=_line_reason)


def _value_tree(value: object) -> Located:
    if isinstance(value, dict):
        return Located(value, 0, 0, items=[(k, _value_tree(v)) for k, v in value.items()])
    if isinstance(value, list):
        return Located(value, 0, 0, elements=[_value_tree(v) for v in value])
    return Located(value, 0, 0)
