"""Glossaries kept as a data literal in a JavaScript or TypeScript module.

Example (the shape, written for the tests)::

    import type { Word } from './types';

    export const glossary: Word[] = [
      { term: "kiln", definition: "An oven for firing clay." },
      { term: 'glaze', definition: `A glassy coat.`, },
    ];

The first `const`/`let`/`var`/`export default`/`module.exports` assignment of an array or
object literal is the data: each top-level element is parsed as JSON5 (unquoted keys, single
quotes, trailing commas, comments) and the records are read as the JSON reader reads records
(field names and roles, languages, pointers). Template strings without `${…}` count as
strings. Code outside the literal (imports, types, functions) is reported. A web page that
renders its glossary from such a literal in an inline `<script>` (`const terms = [{ abbr: …,
name: …, desc: … }]`, indented like the page) is read from that literal; its markup is reported.
"""

from __future__ import annotations

import copy
import json
import re
from functools import lru_cache

import json5

from termbase.errors import InputError
from termbase.model import ReadResult
from termbase.readers.data.json_yaml import Located, read_record_tree, score_record_tree

#: Where the data starts: an assignment of an array or object literal at the top level.
_ASSIGNMENT = re.compile(
    r"^(?:export\s+)?(?:const|let|var)\s+[\w$]+\s*(?::\s*[^=\n]+)?=\s*(?=[\[{])"
    r"|^export\s+default\s+(?=[\[{])|^module\.exports\s*=\s*(?=[\[{])",
    re.MULTILINE,
)
#: The same assignment inside a web page's inline `<script>`, where it is indented like the page.
_INDENTED_ASSIGNMENT = re.compile(r"^[ \t]*(?:const|let|var)\s+[\w$]+\s*=\s*(?=[\[{])", re.MULTILINE)
#: An inline script of a web page (one with a `src` holds no data of the page).
_INLINE_SCRIPT = re.compile(
    r"<script\b(?![^>]*\bsrc\s*=)[^>]*>(?P<code>.*?)</script\s*>", re.IGNORECASE | re.DOTALL
)
_NOT_LINE_BREAK = re.compile(r"[^\n]")
_CLOSE = {"[": "]", "{": "}"}
REASON_CODE = "code around the data literal (imports, types, functions)"


def _literal_elements(text: str, start: int) -> tuple[int, list[tuple[int, int]]] | None:
    """Return (end offset, [(start, end) of each top-level element]) of the literal opening at
    `start`, skipping strings and comments; None if it never closes."""
    stack: list[str] = []
    elements: list[tuple[int, int]] = []
    element_start = -1
    index = start
    while index < len(text):
        char = text[index]
        if char in "\"'`":
            index = _string_end(text, index)
            continue
        if text.startswith("//", index):
            index = text.find("\n", index)
            index = len(text) if index < 0 else index
            continue
        if text.startswith("/*", index):
            end = text.find("*/", index + 2)
            index = len(text) if end < 0 else end + 2
            continue
        if char in "[{":
            if len(stack) == 1 and element_start < 0:
                element_start = index
            stack.append(_CLOSE[char])
        elif char in "]}":
            if not stack or stack[-1] != char:
                return None
            stack.pop()
            if len(stack) == 1 and element_start >= 0:
                elements.append((element_start, index + 1))
                element_start = -1
            if not stack:
                return index + 1, elements
        index += 1
    return None


def _string_end(text: str, start: int) -> int:
    """Return the offset after the string literal opening at `start`."""
    quote = text[start]
    index = start + 1
    while index < len(text):
        if text[index] == "\\":
            index += 2
            continue
        if text[index] == quote:
            return index + 1
        if text[index] == "\n" and quote != "`":
            return index  # an unclosed quote: stop at the line end
        index += 1
    return len(text)


def _json5_value(source: str) -> object:
    """Parse a JSON5 element, template strings (no `${}`) taken for plain strings; plain JSON
    (most generated modules) goes through the json module, ~500 times faster than json5."""
    try:
        return json.loads(source)
    except ValueError:
        pass
    if "`" in source:
        source = re.sub(r"`((?:[^`\\$]|\\.)*)`", lambda m: json5.dumps(m.group(1)), source)
    return json5.loads(source)


def page_scripts(text: str) -> str:
    """Return a web page's inline scripts in place, every other character but line breaks made a
    space (so offsets and line numbers stay the page's), or "" for text that is no web page."""
    head = text[:2000].lstrip().lower()
    if not head.startswith(("<!doctype html", "<html", "<!--")) or "<script" not in text:
        return ""
    scripts = [m.span("code") for m in _INLINE_SCRIPT.finditer(text)]
    if not any(_INDENTED_ASSIGNMENT.search(text, start, end) for start, end in scripts):
        return ""
    parts: list[str] = []
    position = 0
    for start, end in scripts:
        parts += [_NOT_LINE_BREAK.sub(" ", text[position:start]), text[start:end]]
        position = end
    parts.append(_NOT_LINE_BREAK.sub(" ", text[position:]))
    return "".join(parts)


def _assignment(text: str) -> re.Match[str] | None:
    """Return the data literal's assignment: a module's top-level one, or in a page's inline script."""
    if (scripts := page_scripts(text)) and (match := _INDENTED_ASSIGNMENT.search(scripts)):
        return match
    return _ASSIGNMENT.search(text)


@lru_cache(maxsize=2)
def code_literal_tree(text: str) -> Located | None:
    """Return the module's data literal as a located list (or mapping) of its elements, or None
    (cached: detection and reading ask for the same file's tree)."""
    match = _assignment(text)
    if match is None:
        return None
    found = _literal_elements(text, match.end())
    if found is None:
        return None
    end, spans = found
    opening = text[match.end()]
    line_of = lambda offset: text.count("\n", 0, offset) + 1  # noqa: E731
    first, last = line_of(match.start()), line_of(end - 1)
    if opening == "{":
        try:
            value = _json5_value(text[match.end() : end])
        except ValueError:
            return None
        if not isinstance(value, dict):
            return None
        items = [(str(key), Located(v, first, last)) for key, v in value.items()]
        return Located(value, first, last, items=items)
    elements = []
    for start, stop in spans:
        try:
            value = _json5_value(text[start:stop])
        except ValueError:
            return None
        elements.append(Located(value, line_of(start), line_of(stop - 1)))
    return Located([e.value for e in elements], first, last, elements=elements)


class CodeLiteralReader:
    """Reads glossary records kept as an array or object literal in a JS/TS module."""

    name = "code-literal"
    description = "JavaScript/TypeScript module exporting an array of records (`export const x = [{…}]`)"

    def detect(self, text: str) -> float:
        """Return the JSON reader's score of the literal's records (at most 0.85)."""
        if not _ASSIGNMENT.search(text) and not ("<script" in text and page_scripts(text)):
            return 0.0
        tree = code_literal_tree(text)
        return min(0.85, score_record_tree(tree)) if tree is not None else 0.0

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per record of the literal; the code around it is reported."""
        tree = copy.deepcopy(code_literal_tree(text))  # the record reader moves shared lines
        if tree is None:
            raise InputError(
                "no data literal found (an array or object assigned at the top level)",
                path=source,
                hint="export the glossary as `export const glossary = [{ term: …, definition: … }]`",
            )
        return read_record_tree(tree, text, source, kind_of_line=lambda line: REASON_CODE)
