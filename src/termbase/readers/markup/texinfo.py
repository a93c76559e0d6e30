"""Texinfo two-column tables: `@table` … `@item term` … `@end table` (GNU manuals' glossaries).

Example (the shape, written for the tests)::

    @node Glossary
    @unnumbered Glossary
    @table @asis
    @item Shuttle
    @itemx Fly shuttle
    The tool that carries the weft across; see @ref{Weaving}.
    @c a note for translators
    @item @code{reed}
    A comb that spaces the warp.
    @end table

Each `@item` is one entry and its `@itemx` lines more labels; the lines up to the next
item are its definition, with `@c`/`@comment` lines reported as comments (translated
manuals keep the original there). Inline commands become Markdown (`@code{x}` → `` `x` ``,
`@emph{x}` → `*x*`, `@strong{x}` → `**x**`, `@xref{Node}` → `Node`, `@@` → `@`) and are
removed from labels. The table's `@asis`/`@code` formatting applies to its items. Nodes,
headings and every line outside the tables are reported.
"""

from __future__ import annotations

import re

from termbase.labels import clean_label, parse_term
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.page_text import REASON_HEADING, REASON_TITLE, tidy

REASON_COMMENT = "Texinfo comment (`@c`)"
REASON_COMMAND = "Texinfo command line outside the tables"
REASON_OUTSIDE = "document text outside the glossary tables"
REASON_NO_DEFINITION = "table item with no text after it"

_TABLE = re.compile(r"^@(?:f|v)?table\b\s*(?P<format>@\w+)?")
_END_TABLE = re.compile(r"^@end\s+(?:f|v)?table\b")
_ITEM = re.compile(r"^@item(?P<x>x)?\b\s*(?P<text>.*)$")
_COMMENT = re.compile(r"^@c(?:omment)?\b")
_NEST_OPEN = re.compile(r"^@(?:itemize|enumerate|(?:f|v|multi)?table)\b")
_NEST_CLOSE = re.compile(r"^@end\s+(?:itemize|enumerate|(?:f|v|multi)?table)\b")
_HEADINGS = re.compile(
    r"^@(?:chapter|unnumbered|appendix|section|subsection|unnumberedsec|heading|top|settitle)\b"
)
_COMMAND = re.compile(r"@(?P<name>[A-Za-z]+)(?P<brace>\{)?|@(?P<symbol>[@{}:.!?*,\s'\"^`~=-])")
_CODE = frozenset(
    {"code", "kbd", "key", "samp", "var", "file", "command", "option", "env", "verb", "t", "url"}
)
_EMPHASIS = frozenset({"emph", "i", "dfn", "cite", "slanted"})
_STRONG = frozenset({"strong", "b"})
_XREFS = frozenset({"xref", "pxref", "ref", "inforef"})
_SYMBOLS = {"dots": "…", "enddots": "…", "TeX": "TeX", "LaTeX": "LaTeX", "copyright": "©", "minus": "−"}
_SYMBOL_CHARS = {"@": "@", "{": "{", "}": "}", "*": "", ":": "", ".": ".", "!": "!", "?": "?", ",": ","}


def _braced(text: str, start: int) -> tuple[str, int]:
    """Return the text inside the braces opening at `start` and the index after them."""
    depth, index = 1, start + 1
    while index < len(text) and depth:
        if text[index] == "@" and index + 1 < len(text):
            index += 2
            continue
        depth += {"{": 1, "}": -1}.get(text[index], 0)
        index += 1
    return text[start + 1 : index - 1], index


def texinfo_markdown(text: str, *, plain: bool = False) -> str:
    """Return Texinfo text with its @-commands made Markdown (or removed, with `plain`)."""
    parts: list[str] = []
    index = 0
    while index < len(text):
        match = _COMMAND.search(text, index)
        if not match:
            parts.append(text[index:])
            break
        parts.append(text[index : match.start()])
        if match.group("symbol") is not None:
            parts.append(
                _SYMBOL_CHARS.get(match.group("symbol"), " " if match.group("symbol").isspace() else "")
            )
            index = match.end()
            continue
        name = match.group("name")
        if not match.group("brace"):
            parts.append(_SYMBOLS.get(name, ""))  # `@refill`, `@noindent`: no text
            index = match.end()
            continue
        inner, index = _braced(text, match.end() - 1)
        if name == "footnote":
            parts.append("" if plain else f" ({texinfo_markdown(inner)})")
            continue
        if name in _XREFS:
            inner = inner.split(",")[0]  # the node it points at
        content = texinfo_markdown(inner, plain=plain)
        if name in _SYMBOLS and not inner:
            parts.append(_SYMBOLS[name])
        elif plain:
            parts.append(content)
        elif name in _CODE:
            parts.append(f"`{content}`")
        elif name in _EMPHASIS:
            parts.append(f"*{content}*")
        elif name in _STRONG:
            parts.append(f"**{content}**")
        else:
            parts.append(content)
    return "".join(parts)


class TexinfoTableReader:
    """Reads Texinfo `@table` items as glossary entries; other lines are reported."""

    name = "texinfo"
    description = "Texinfo `@table` of `@item term` / `@itemx alias`, then its text"

    def detect(self, text: str) -> float:
        """Return 0.9 for Texinfo with a `@table` of three or more items, 0.6 for two."""
        if not re.search(r"^@(?:f|v)?table\b", text, re.M):
            return 0.0
        items = len(re.findall(r"^@item\s+\S", text, re.M))
        if items < 2:
            return 0.0
        return 0.9 if items >= 3 else 0.6

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per table item and a reason for every other line."""
        lines = text.splitlines()
        entries: list[Entry] = []
        unused: list[Unused] = []
        title = ""
        in_table = False
        nested = 0  # lists opened inside the current item (their `@item`s are bullets)
        item: list[int] = []  # line indexes of the current item

        def close_item() -> None:
            if item:
                self._item(lines, item, source, entries, unused)
                item.clear()

        for index, line in enumerate(lines):
            stripped = line.strip()
            if not stripped:
                if item:
                    item.append(index)
                continue
            if item and nested and _NEST_CLOSE.match(stripped):
                nested -= 1
                item.append(index)
                continue
            if item and (nested or _NEST_OPEN.match(stripped)):
                nested += 1 if _NEST_OPEN.match(stripped) else 0
                item.append(index)
                continue
            if in_table and _END_TABLE.match(stripped):
                close_item()
                in_table = False
                unused.append(Unused(source, index + 1, stripped, REASON_COMMAND))
                continue
            if in_table:
                matched = _ITEM.match(stripped)
                if matched and not matched.group("x"):
                    close_item()
                if matched or item:
                    item.append(index)
                else:
                    reason = REASON_COMMENT if _COMMENT.match(stripped) else REASON_COMMAND
                    unused.append(Unused(source, index + 1, stripped, reason))
                continue
            if _TABLE.match(stripped):
                in_table = True
                unused.append(Unused(source, index + 1, stripped, REASON_COMMAND))
            elif _COMMENT.match(stripped):
                unused.append(Unused(source, index + 1, stripped, REASON_COMMENT))
            elif _HEADINGS.match(stripped):
                heading = tidy(
                    texinfo_markdown(stripped.split(None, 1)[1] if " " in stripped else "", plain=True)
                )
                if not title and heading and not stripped.startswith("@settitle"):
                    title = heading
                    unused.append(Unused(source, index + 1, stripped, REASON_TITLE))
                else:
                    unused.append(Unused(source, index + 1, stripped, REASON_HEADING))
            elif stripped.startswith(("@", "\\input")):
                unused.append(Unused(source, index + 1, stripped, REASON_COMMAND))
            else:
                unused.append(Unused(source, index + 1, stripped, REASON_OUTSIDE))
        close_item()
        return entries_and_unused(entries, unused, title)

    @staticmethod
    def _item(
        lines: list[str], indexes: list[int], source: str, entries: list[Entry], unused: list[Unused]
    ) -> None:
        while indexes and not lines[indexes[-1]].strip():
            indexes.pop()
        names: list[str] = []
        body: list[list[str]] = [[]]
        for index in indexes:
            stripped = lines[index].strip()
            matched = _ITEM.match(stripped)
            if names and any(body) and (_NEST_OPEN.match(stripped) or _NEST_CLOSE.match(stripped)):
                body.append([])
                continue
            if matched and names and any(body):  # a bullet of a list inside the definition
                body.append(["-", matched.group("text")] if matched.group("text") else ["-"])
                continue
            if matched and (not names or matched.group("x")) and not any(body):
                name = clean_label(tidy(texinfo_markdown(matched.group("text"), plain=True)))
                names.extend(parse_term(name)[0] or ((name,) if name else ()))
            elif _COMMENT.match(stripped):
                continue
            elif not stripped:
                body.append([])
            else:
                body[-1].append(stripped)
        definition = "\n\n".join(tidy(texinfo_markdown(" ".join(p))) for p in body if p)
        if not names or not definition:
            unused.extend(
                Unused(source, i + 1, lines[i].strip(), REASON_NO_DEFINITION)
                for i in indexes
                if lines[i].strip()
            )
            return
        first, last = indexes[0], indexes[-1]  # comment lines inside an item stay in its span
        entries.append(
            Entry(
                source=source,
                line=first + 1,
                end_line=last + 1,
                term=names[0],
                labels=tuple(dict.fromkeys(names)),
                definition=definition,
            )
        )
