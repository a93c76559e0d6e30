"""Turn an element tree (HTML via lxml.html, PreTeXt via lxml.etree) into sections and blocks.

`Vocabulary` says, for one markup language, which elements are headings, sections,
text blocks, inline markup, code, exercises, asides, and which to skip. `TreeWalker`
walks the tree once with mixed content handled properly: inline text gathers into
the current block and a block-level child closes it, so nothing between two blocks
is lost.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from lxml import etree

from termbase.documents.builder import (
    TextBuilder,
    definition_columns,
    heading_anchor,
    kind_of_label,
    strip_text,
)
from termbase.documents.model import (
    CODE,
    CODE_SPAN,
    DEFINITION,
    DFN,
    EMPHASIS,
    GLOSSARY_LINK,
    HEADING,
    LIST_ITEM,
    PROSE,
    STRONG,
    TABLE,
    TERM_ROLE,
    Block,
    Section,
)


@dataclass(frozen=True)
class Vocabulary:
    """What the elements of one markup language mean (local names, lower case)."""

    headings: Callable[[str], int]  # level of a heading element, 0 if none
    sections: frozenset[str]  # elements that open a section (their title child names it)
    title: str  # the child element holding a section's title ('' when headings are separate)
    blocks: frozenset[str]  # elements whose content is one block of text
    containers: frozenset[str]  # block-level elements holding other blocks
    code: frozenset[str]  # program code, output, math
    skip: frozenset[str]  # elements dropped with their content
    inline: dict[str, str] = field(default_factory=dict)  # element → span kind
    kinds: dict[str, str] = field(default_factory=dict)  # element → block kind (exercise, aside …)
    list_items: frozenset[str] = frozenset({"li"})
    terms: frozenset[str] = frozenset({"dt"})  # a term whose meaning the next DEFINITION gives
    definitions: frozenset[str] = frozenset({"dd"})
    cells: frozenset[str] = frozenset({"td", "th"})
    link: Callable[[etree._Element], tuple[str, str]] | None = None  # element → (span kind, target)


def local_name(element: etree._Element) -> str:
    tag = element.tag
    if not isinstance(tag, str):
        return ""
    return tag.rsplit("}", 1)[-1].lower()


def element_id(element: etree._Element) -> str:
    return element.get("id") or element.get("{http://www.w3.org/XML/1998/namespace}id") or ""


class TreeWalker:
    """Collects sections and blocks from an element tree (see the module docstring)."""

    def __init__(self, vocabulary: Vocabulary) -> None:
        self.v = vocabulary
        self.sections: list[Section] = [Section("", "", 0, 1)]
        self.blocks: list[Block] = []
        self.toc: list[str] = []
        self.pending_term = ""
        self._depth = 0

    # ── blocks ────────────────────────────────────────────────────────────────────────

    def _emit(self, builder: TextBuilder, line: int, kind: str, label: str) -> None:
        text, spans = builder.result()
        text, spans, cut = strip_text(text, spans)
        if not text:
            return
        term = ""
        if kind == DEFINITION:
            term = self.pending_term
            self.pending_term = ""
        section = len(self.sections) - 1
        self.blocks.append(Block(kind, text, line + cut, section, spans, term=term, label=label))

    def _kind_of(self, element: etree._Element, name: str, inherited: str) -> tuple[str, str]:
        if inherited:
            return inherited, ""
        if name in self.v.kinds:
            return self.v.kinds[name], name
        for cls in (element.get("class") or "").split():
            kind = kind_of_label(cls)
            if kind:
                return kind, cls
        role = element.get("role") or ""
        if role and kind_of_label(role):
            return kind_of_label(role), role
        return "", ""

    def walk(self, element: etree._Element, kind: str = "", label: str = "") -> None:
        """Walk `element`'s children as blocks (it is a container)."""
        name = local_name(element)
        own_kind, own_label = self._kind_of(element, name, kind)
        kind, label = own_kind or kind, own_label or label
        builder = TextBuilder()
        line = element.sourceline or 1
        block_kind = self._text_kind(element, name)
        if element.text:
            builder.add(element.text)
        for child in element:
            child_name = local_name(child)
            if self._is_block(child, child_name):
                self._emit(builder, line, kind or block_kind, label)
                builder = TextBuilder()
                self.block(child, child_name, kind, label)
                line = child.sourceline or line
            else:
                if not builder.length:
                    line = child.sourceline or line
                self.inline(child, child_name, builder)
            if child.tail:
                builder.add(child.tail)
        self._emit(builder, line, kind or block_kind, label)

    def _text_kind(self, element: etree._Element, name: str) -> str:
        if name in self.v.list_items:
            return LIST_ITEM
        if name in self.v.definitions:
            return DEFINITION
        if name in self.v.cells:
            # a cell beside others is table data; the one cell of a row (a layout table) holds prose
            row = element.getparent()
            cells = [c for c in row if local_name(c) in self.v.cells] if row is not None else []
            return TABLE if len(cells) > 1 else PROSE
        return PROSE

    def _is_block(self, element: etree._Element, name: str) -> bool:
        if not name:
            return False
        return (
            name in self.v.blocks or name in self.v.containers or name in self.v.code or name in self.v.skip
            or name in self.v.sections or bool(self.v.headings(name)) or name in self.v.kinds
            or name in self.v.terms or name in self.v.definitions or name in self.v.list_items
            or name in self.v.cells or name == self.v.title
        )

    def block(self, element: etree._Element, name: str, kind: str, label: str) -> None:
        """Handle one block-level element."""
        include = element.get("data-include")
        if include:
            self.toc.append(include)
        if name in self.v.skip:
            return
        line = element.sourceline or 1
        if name in self.v.code:
            text = "".join(element.itertext())
            self.blocks.append(Block(CODE, text, line, len(self.sections) - 1, label=name))
            return
        level = self.v.headings(name)
        if level or (name == self.v.title and self.v.title):
            title = " ".join("".join(element.itertext()).split())
            if not title:
                return
            if kind:
                self.blocks.append(Block(kind, title, line, len(self.sections) - 1, label=label))
                return
            parent = element.getparent()
            anchor = element_id(element) or (element_id(parent) if parent is not None and (
                local_name(parent) in self.v.sections or local_name(parent) == "section") else "")
            depth = level or self._depth
            self.sections.append(Section(title, anchor or heading_anchor(title), depth, line))
            self.blocks.append(Block(HEADING, title, line, len(self.sections) - 1))
            return
        if name in self.v.terms:
            self.pending_term = " ".join("".join(element.itertext()).split())
            # the term itself may carry <dfn> or a link to its glossary entry: keep it as a block so
            # its markup is seen
            builder = TextBuilder()
            self._inline_children(element, builder)
            text, spans = builder.result()
            if any(s.kind in {DFN, TERM_ROLE, GLOSSARY_LINK} for s in spans):
                text, spans, _ = strip_text(text, spans)
                self.blocks.append(Block(kind or HEADING, text, line, len(self.sections) - 1,
                                         spans, label="dt"))
            return
        if name in self.v.sections:
            self._depth += 1
            self.walk(element, kind, label)
            self._depth -= 1
            return
        if not kind and name in self.v.cells and self._text_kind(element, name) == TABLE:
            kind = TABLE  # a paragraph inside a cell beside others is table data too, not prose
        self.walk(element, kind, label)
        if name == "table" and not kind:
            self._glossary_table(element)

    def _glossary_table(self, table: etree._Element) -> None:
        """Read an HTML table whose header names a glossary ('Term' / 'Definition') as definition items."""
        rows = [row for row in table.iter() if local_name(row) == "tr"]
        if not rows:
            return
        cells_of = [[cell for cell in row if local_name(cell) in {"td", "th"}] for row in rows]
        header = [" ".join("".join(cell.itertext()).split()) for cell in cells_of[0]]
        columns = definition_columns(header)
        if columns is None:
            return
        term_column, meaning_column = columns
        for cells in cells_of[1:]:
            if len(cells) <= max(term_column, meaning_column):
                continue
            term = " ".join("".join(cells[term_column].itertext()).split())
            builder = TextBuilder()
            self._inline_children(cells[meaning_column], builder)
            text, spans = builder.result()
            text, spans, _ = strip_text(text, spans)
            if term and text:
                line = cells[meaning_column].sourceline or table.sourceline or 1
                self.blocks.append(Block(DEFINITION, text, line, len(self.sections) - 1, spans, term=term,
                                         label="table"))

    # ── inline ────────────────────────────────────────────────────────────────────────

    def _inline_children(self, element: etree._Element, builder: TextBuilder) -> None:
        if element.text:
            builder.add(element.text)
        for child in element:
            self.inline(child, local_name(child), builder)
            if child.tail:
                builder.add(child.tail)

    def inline(self, element: etree._Element, name: str, builder: TextBuilder) -> None:
        """Add an inline element's text (and its span, if it is markup that matters) to `builder`."""
        if not name or name in self.v.skip:
            return
        if self.v.link is not None and name == "a":
            kind, target = self.v.link(element)
            builder.open(kind, target)
            self._inline_children(element, builder)
            builder.close(kind)
            return
        span = self.v.inline.get(name)
        if span == CODE_SPAN:
            builder.span(CODE_SPAN, "".join(element.itertext()))
            return
        if span:
            builder.open(span, element.get("ref", "") or element.get("href", ""))
            self._inline_children(element, builder)
            builder.close(span)
            return
        self._inline_children(element, builder)


SPAN_TAGS = {
    "dfn": DFN, "strong": STRONG, "b": STRONG, "em": EMPHASIS, "i": EMPHASIS, "cite": EMPHASIS,
    "code": CODE_SPAN, "kbd": CODE_SPAN, "samp": CODE_SPAN, "tt": CODE_SPAN, "var": CODE_SPAN,
}

__all__ = ["CODE", "SPAN_TAGS", "TERM_ROLE", "TreeWalker", "Vocabulary", "element_id", "local_name"]
