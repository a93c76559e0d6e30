"""Glossaries kept as a Typst dictionary or array (`.typ`), as glossary packages take them.

Example (the shape, written for the tests)::

    #let glossary-pool = (
      Kiln: (
        description: [An oven for *firing* clay.],
        link: [https://example.org/kiln],
      ),
      "Potter's wheel": (description: [The turning table of a potter.]),
    )

The first `#let name = (` … `)` literal is the data: `key: value` pairs (keys bare or quoted)
and arrays of such dictionaries, values strings, content blocks `[…]` (their markup kept as
text, emphasis marks dropped), numbers and nested literals. Its records are read as the JSON
reader reads records (a mapping of term → record, or a list of records with `key`/`short`/
`long`/`description` fields). Code around it is reported.
"""

from __future__ import annotations

import copy
import re

from termbase.errors import InputError
from termbase.model import ReadResult
from termbase.readers.data.json_yaml import Located, read_record_tree, score_record_tree

_LET = re.compile(r"^#let\s+[\w-]+\s*=\s*(?=\()", re.MULTILINE)
_KEY = re.compile(r"\s*(?:\"(?P<quoted>(?:[^\"\\]|\\.)*)\"|(?P<bare>[^\s:,()\"\[\]]+))\s*:(?!:)")
_ATOM = re.compile(r"[^,()\[\]\s][^,()\[\]]*")
REASON_CODE = "Typst code around the glossary literal"


class _Parser:
    """A small recursive-descent reader of Typst literals: (…) dictionaries and arrays, strings,
    content blocks and atoms."""

    def __init__(self, text: str, start: int) -> None:
        self.text = text
        self.index = start

    def skip(self) -> None:
        while True:
            while self.index < len(self.text) and self.text[self.index].isspace():
                self.index += 1
            if self.text.startswith("//", self.index):
                end = self.text.find("\n", self.index)
                self.index = len(self.text) if end < 0 else end
            else:
                return

    def value(self) -> object:
        self.skip()
        char = self.text[self.index : self.index + 1]
        if char == "(":
            return self.group()
        if char == '"':
            return self.string()
        if char == "[":
            return self.content()
        match = _ATOM.match(self.text, self.index)
        if match is None:
            raise ValueError(f"unexpected {char!r} at offset {self.index}")
        self.index = match.end()
        return match.group().strip()

    def group(self) -> object:
        """Return a dictionary (`(a: 1, b: 2)`, `(:)`) or an array (`(1, 2)`) opening here."""
        self.index += 1
        pairs: dict[str, object] = {}
        items: list[object] = []
        while True:
            self.skip()
            if self.text.startswith(":)", self.index):
                self.index += 2
                return {}
            if self.text[self.index : self.index + 1] == ")":
                self.index += 1
                return pairs if pairs or not items else items
            key = _KEY.match(self.text, self.index)
            if key:
                self.index = key.end()
                name = key["quoted"] if key["quoted"] is not None else key["bare"]
                pairs[name] = self.value()
            else:
                items.append(self.value())
            self.skip()
            if self.text[self.index : self.index + 1] == ",":
                self.index += 1
            elif self.text[self.index : self.index + 1] != ")":
                raise ValueError(f"expected ',' or ')' at offset {self.index}")

    def string(self) -> str:
        match = re.compile(r'"((?:[^"\\]|\\.)*)"').match(self.text, self.index)
        if match is None:
            raise ValueError("unclosed string")
        self.index = match.end()
        return re.sub(r"\\(.)", r"\1", match.group(1))

    def content(self) -> str:
        """Return a content block's text (nested brackets kept, emphasis marks dropped)."""
        depth, start = 0, self.index
        while self.index < len(self.text):
            char = self.text[self.index]
            if char == "\\":
                self.index += 2
                continue
            depth += {"[": 1, "]": -1}.get(char, 0)
            self.index += 1
            if depth == 0:
                body = self.text[start + 1 : self.index - 1]
                body = re.sub(r"(?<![\w*])[*_](\S(?:[^*_\n]*\S)?)[*_](?![\w*])", r"\1", body)
                return " ".join(body.split())
        raise ValueError("unclosed content block")


def typst_tree(text: str) -> Located | None:
    """Return the first `#let … = (…)` literal as a located tree of records, or None."""
    match = _LET.search(text)
    if match is None:
        return None
    try:
        parser = _Parser(text, match.end())
        value = parser.group()
    except (ValueError, IndexError):
        return None
    first = text.count("\n", 0, match.start()) + 1
    last = text.count("\n", 0, parser.index) + 1
    if isinstance(value, dict):
        items = [(key, _located(text, key, v, first)) for key, v in value.items()]
        return Located(value, first, last, items=items)
    if isinstance(value, list):
        return Located(value, first, last, elements=[Located(v, first, last) for v in value])
    return None


def _located(text: str, key: str, value: object, first: int) -> Located:
    """Return a record placed on the line where its key is written (else the literal's lines)."""
    found = re.search(rf"^\s*\"?{re.escape(key)}\"?\s*:", text, re.MULTILINE)
    line = text.count("\n", 0, found.start()) + 1 if found else first
    return Located(value, line, line)


class TypstDictReader:
    """Reads glossary records from a Typst dictionary or array literal."""

    name = "typst"
    description = "Typst (`.typ`): a `#let glossary = (…)` dictionary or array of term records"

    def detect(self, text: str) -> float:
        """Return the JSON reader's score of the literal's records (at most 0.85)."""
        if not _LET.search(text):
            return 0.0
        tree = typst_tree(text)
        return min(0.85, score_record_tree(tree)) if tree is not None else 0.0

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per record of the literal; other lines are reported."""
        tree = typst_tree(text)
        if tree is None:
            raise InputError(
                "no Typst dictionary or array found (`#let name = (…)`)",
                path=source,
                hint="write the glossary as `#let glossary = (Term: (description: […]), …)`",
            )
        return read_record_tree(copy.deepcopy(tree), text, source, kind_of_line=lambda line: REASON_CODE)
