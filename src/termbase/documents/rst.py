"""reStructuredText / Sphinx chapters → Document, parsed by docutils.

Directives and roles docutils does not know (Sphinx's `toctree`, `glossary`, `index`;
Runestone's `activecode`, `mchoice`, `codelens` …) are registered on the fly as generic
ones before the parse, so a chapter full of them is read instead of drowned in errors.
A generic directive's content is parsed as reST when its name says it holds prose,
an exercise or an aside, and kept as opaque code otherwise. `:term:` roles become
TERM_ROLE spans; toctree entries become the document's `toc`.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, ClassVar

from docutils import nodes, utils
from docutils.frontend import get_default_settings
from docutils.parsers.rst import Directive, Parser, directives, roles

from termbase.documents.builder import (
    TextBuilder,
    definition_columns,
    kind_of_label,
    link_kind,
    role_display,
    strip_text,
    word_set,
)
from termbase.documents.model import (
    ASIDE,
    CODE,
    CODE_SPAN,
    DEFINITION,
    EMPHASIS,
    EXERCISE,
    HEADING,
    LIST_ITEM,
    OTHER,
    PROSE,
    STRONG,
    TABLE,
    TERM_ROLE,
    Block,
    Document,
    IndexTerm,
    Problem,
    Section,
)

_DIRECTIVE = re.compile(r"^[ \t]*\.\.[ \t]+([A-Za-z][\w:+.-]*)[ \t]*::", re.M)
_ROLE = re.compile(r"(?<![\w`]):([A-Za-z][\w:+.-]*):`")

#: Generic directives whose content is prose to read (containers, tabs, glossaries …).
_PROSE_WRAPPERS = word_set(
    """only container glossary tab tabs tabbed tab-set tab-item class rst-class hlist centered
    div card grid grid-item-card ifconfig cssclass compound parsed-literal describe
    object"""
)
#: Generic directives that carry nothing to read at all.
_SILENT = word_set(
    """index toctree meta qnum highlight sectionauthor moduleauthor codeauthor
    youtube vimeo video image figure raw include literalinclude"""
)


#: Directives docutils has but Sphinx redefines with more options (`:linenos:`, `:emphasize-lines:`).
_SPHINX_OWN = frozenset({"toctree", "glossary", "code-block", "sourcecode", "code", "highlight"})


class _AnyOptions(dict):  # type: ignore[type-arg]
    """An option spec that accepts every option (as unchanged text)."""

    def __missing__(self, key: str) -> Any:
        return directives.unchanged


class GenericDirective(Directive):
    """Stands in for a directive docutils does not know; see the module docstring."""

    optional_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec: ClassVar[dict[str, Any]] = _AnyOptions({"class": directives.unchanged})

    def run(self) -> list[nodes.Node]:
        name = self.name.split(":")[-1].lower()
        node = nodes.container()
        node["directive"] = name
        node.line = self.lineno
        if name == "toctree":
            node["toc"] = [line.strip() for line in self.content if line.strip()]
            return [node]
        if name == "index":
            node["index"] = "\n".join([*self.arguments, *self.content])
            return [node]
        if name in _SILENT:
            return [node]
        kind = kind_of_label(name)
        if name in _PROSE_WRAPPERS or kind in {ASIDE, EXERCISE}:
            self.state.nested_parse(self.content, self.content_offset, node)
        else:
            literal = nodes.literal_block(text="\n".join(self.content))
            literal.line = self.content_offset + 1
            node += literal
        return [node]


def _generic_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: Any,
    options: dict[str, Any] | None = None, content: list[str] | None = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """Stand in for an unknown role: `:term:` → a term span, page and section references → their
    words, others → code showing what Sphinx shows (see `builder.role_display`)."""
    kind, display, target = role_display(name, utils.unescape(text))
    if kind == TERM_ROLE:
        node: nodes.Node = nodes.inline(display, display, classes=["term-role"])
        node["target"] = target
    elif not kind:
        node = nodes.inline(display, display)
    else:
        node = nodes.literal(display, display)
    return [node], []


_known_directives: set[str] = set()
_generic_directives: set[str] = set()
_known_roles: set[str] = set()


def _register_unknown(text: str) -> None:
    """Register generic stand-ins for the directives and roles `text` uses that docutils lacks."""
    from docutils.languages import en

    new_directives = set(_DIRECTIVE.findall(text)) - _known_directives
    new_roles = set(_ROLE.findall(text)) - _known_roles
    if not new_directives and not new_roles:
        return
    document = utils.new_document("<probe>", _settings())
    for name in new_directives:
        _known_directives.add(name)
        found, _ = directives.directive(name, en, document)
        if found is None or name in _SPHINX_OWN:
            directives.register_directive(name, GenericDirective)
            if found is None:
                _generic_directives.add(name)
    for name in new_roles:
        _known_roles.add(name)
        found_role, _ = roles.role(name, en, 0, document.reporter)
        if found_role is None or name == "term":
            roles.register_local_role(name, _generic_role)


_SETTINGS = {
    "report_level": 5,
    "halt_level": 5,
    "warning_stream": False,
    "file_insertion_enabled": False,
    "raw_enabled": False,
    "doctitle_xform": False,
    "sectsubtitle_xform": False,
    "syntax_highlight": "none",
    "input_encoding": "unicode",
    "character_level_inline_markup": False,
}


@lru_cache(maxsize=1)
def _parser() -> Parser:
    return Parser()


@lru_cache(maxsize=1)
def _settings() -> Any:
    settings = get_default_settings(Parser)
    for name, value in _SETTINGS.items():
        setattr(settings, name, value)
    return settings


def parse_rst(text: str, path: str) -> Document:
    """Return the reST chapter `text` (read from `path`) as a Document."""
    _register_unknown(text)
    # The parser alone, without docutils' transforms (reference resolution, footnote
    # numbering …) that extraction does not need: a third less time than publish_doctree.
    doctree = utils.new_document(path, _settings())
    _parser().parse(text, doctree)
    walker = _Walker(path)
    walker.walk(doctree, "", "", 0)
    title = next((s.title for s in walker.sections if s.title), "")
    used = [name for name in _DIRECTIVE.findall(text) if name in _generic_directives]
    bare = {name: name.split(":")[-1].lower() for name in used}
    opaque = tuple(sorted(
        name for name, short in bare.items()
        if short not in _PROSE_WRAPPERS | _SILENT and not kind_of_label(short)
    ))
    return Document(
        path, "rst", title, tuple(walker.sections), tuple(walker.blocks),
        toc=tuple(walker.toc), problems=tuple(walker.problems), opaque=opaque,
        index_terms=tuple(walker.index_terms),
    )


_INDEX_TYPE = re.compile(r"^(?P<type>single|pair|triple|see|seealso|module|keyword|operator|object|"
                         r"exception|statement|builtin)\s*:\s*(?P<rest>.*)$", re.I)


def index_entries(text: str) -> list[str]:
    """Return the terms a Sphinx `index` directive names: `a, b` and `single: tuple; return value`
    give each name; `see:` / `seealso:` pointers and the `!` main-entry mark are left out."""
    terms: list[str] = []
    for line in re.split(r"\s*\n\s*", text.strip()):
        typed = _INDEX_TYPE.match(line.strip())
        if typed and typed.group("type").lower() in {"see", "seealso"}:
            continue
        parts = re.split(r"[;,]", typed.group("rest") if typed else line)
        for part in parts:
            term = " ".join(part.split()).lstrip("!").strip()
            if term and term not in terms:
                terms.append(term)
    return terms


def _after_code_label(quote: nodes.Node) -> bool:
    """Return True for an indented block right after a paragraph that is only code (``name``)."""
    parent = quote.parent
    if parent is None:
        return False
    index = parent.index(quote)
    before = parent[index - 1] if index > 0 else None
    return isinstance(before, nodes.paragraph) and _all_literal(before)


def _all_literal(term: nodes.Node) -> bool:
    """Return True when a list item's label is code only (``renderer``, ``**predicates``)."""
    parts = [child for child in term.children if not (isinstance(child, nodes.Text) and not child.strip())]
    return bool(parts) and all(isinstance(child, nodes.literal) for child in parts)


class _Walker:
    """Walks a doctree once, collecting sections, blocks, toctree entries and problems."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.sections: list[Section] = [Section("", "", 0, 1)]
        self.blocks: list[Block] = []
        self.toc: list[str] = []
        self.index_terms: list[IndexTerm] = []
        self.problems: list[Problem] = []
        self.last_line = 1
        self.code_labels = 0  # how many labelled list items with a code label hold the node visited

    def _line(self, node: nodes.Node) -> int:
        line = getattr(node, "line", None)
        probe = node
        while line is None and probe.parent is not None:
            probe = probe.parent
            line = getattr(probe, "line", None)
        if line is None:
            return self.last_line
        self.last_line = max(1, line)
        return self.last_line

    def walk(self, node: nodes.Node, kind: str, label: str, depth: int) -> None:
        for child in node.children:
            self.visit(child, kind, label, depth)

    def visit(self, node: nodes.Node, kind: str, label: str, depth: int) -> None:
        section = len(self.sections) - 1
        if isinstance(node, nodes.section):
            title = node.next_node(nodes.title)
            text = title.astext() if title is not None else ""
            line = max(1, self._line(title) - 1) if title is not None else self._line(node)
            ids = node.get("ids") or [""]
            self.sections.append(Section(text, ids[0], depth + 1, line))
            if title is not None:
                self.blocks.append(Block(HEADING, text, line, len(self.sections) - 1))
            for child in node.children:
                if child is not title:
                    self.visit(child, kind, label, depth + 1)
            return
        if isinstance(node, nodes.system_message):
            if node.get("level", 0) >= 3:
                detail = " ".join((node.children[0].astext() if node.children else "markup error").split())
                self.problems.append(Problem(node.get("line") or self.last_line, f"reST: {detail}",
                                             "fix the markup; the text around it was still read"))
            return
        if isinstance(node, (nodes.comment, nodes.target, nodes.substitution_definition, nodes.raw,
                             nodes.pending, nodes.image, nodes.docinfo)):
            return
        if isinstance(node, nodes.container) and "directive" in node:
            name = node["directive"]
            if node.get("toc"):
                self.toc.extend(node["toc"])
            if node.get("index"):
                line = self._line(node)
                terms = index_entries(node["index"])
                self.index_terms.extend(IndexTerm(term, line, section) for term in terms)
            inner = kind_of_label(name) or kind
            self.walk(node, inner, name if kind_of_label(name) else label, depth)
            return
        if isinstance(node, (nodes.Admonition, nodes.topic, nodes.sidebar, nodes.rubric)):
            self.walk(node, kind or ASIDE, label or node.tagname, depth)
            return
        if isinstance(node, (nodes.literal_block, nodes.doctest_block, nodes.math_block)):
            self.blocks.append(Block(CODE, node.astext(), self._line(node), section, label=label))
            return
        if isinstance(node, nodes.table):
            self.blocks.append(Block(kind or TABLE, node.astext(), self._line(node), section, label=label))
            if not kind:
                self._glossary_table(node)
            return
        if isinstance(node, nodes.block_quote) and _after_code_label(node):
            # "``require_csrf``" alone on a line, its description indented below: a parameter list item
            self.code_labels += 1
            self.walk(node, kind, label, depth)
            self.code_labels -= 1
            return
        if isinstance(node, nodes.definition_list_item):
            term_node = node.next_node(nodes.term)
            term = term_node.astext() if term_node is not None else ""
            definition = node.next_node(nodes.definition)
            code = term_node is not None and _all_literal(term_node)
            self.code_labels += code
            if definition is not None:
                for child in definition.children:
                    if isinstance(child, nodes.paragraph) and not kind:
                        self._paragraph(child, DEFINITION, label, term)
                        term = ""  # only the first paragraph states the definition
                    else:
                        self.visit(child, kind or LIST_ITEM, label, depth)
            self.code_labels -= code
            return
        if isinstance(node, nodes.paragraph):
            self._paragraph(node, kind or self._list_kind(node), label, "")
            return
        if isinstance(node, nodes.title):
            self.blocks.append(Block(kind or HEADING, node.astext(), self._line(node), section, label=label))
            return
        if isinstance(node, (nodes.field_list, nodes.option_list, nodes.line_block)):
            self.blocks.append(Block(kind or OTHER, node.astext(), self._line(node), section, label=label))
            return
        if isinstance(node, nodes.Element):
            self.walk(node, kind, label, depth)

    def _glossary_table(self, table: nodes.table) -> None:
        """Read a table whose header names a glossary ('Term' / 'Definition') as definition items."""
        head = table.next_node(nodes.thead)
        body = table.next_node(nodes.tbody)
        if head is None or body is None:
            return
        header_row = head.next_node(nodes.row)
        header = [entry.astext() for entry in header_row.children] if header_row is not None else []
        columns = definition_columns(header)
        if columns is None:
            return
        term_column, meaning_column = columns
        for row in body.children:
            cells = [c for c in row.children if isinstance(c, nodes.entry)]
            if len(cells) <= max(term_column, meaning_column):
                continue
            term = " ".join(cells[term_column].astext().split())
            paragraph = cells[meaning_column].next_node(nodes.paragraph)
            if term and paragraph is not None:
                self._paragraph(paragraph, DEFINITION, "table", term)

    @staticmethod
    def _list_kind(node: nodes.Node) -> str:
        parent = node.parent
        while parent is not None:
            if isinstance(parent, nodes.list_item):
                return LIST_ITEM
            if isinstance(parent, nodes.section):
                break
            parent = parent.parent
        return PROSE

    def _paragraph(self, node: nodes.paragraph, kind: str, label: str, term: str) -> None:
        builder = TextBuilder()
        self._inline(node, builder)
        text, spans = builder.result()
        text, spans, cut = strip_text(text, spans)
        if text:
            line = self._line(node) + cut
            self.blocks.append(Block(kind, text, line, len(self.sections) - 1, spans, term=term, label=label,
                                     code_label=self.code_labels > 0))

    def _inline(self, node: nodes.Node, builder: TextBuilder) -> None:
        for child in node.children:
            if isinstance(child, nodes.Text):  # astext drops reST escapes: `role`\ s is "roles"
                builder.add(child.astext())
            elif isinstance(child, (nodes.footnote_reference, nodes.citation_reference, nodes.image,
                                    nodes.target, nodes.system_message)):
                continue
            elif isinstance(child, nodes.strong):
                builder.open(STRONG)
                self._inline(child, builder)
                builder.close(STRONG)
            elif isinstance(child, (nodes.emphasis, nodes.title_reference)):
                builder.open(EMPHASIS)
                self._inline(child, builder)
                builder.close(EMPHASIS)
            elif isinstance(child, nodes.literal):
                builder.span(CODE_SPAN, child.astext())
            elif isinstance(child, nodes.inline) and "term-role" in child.get("classes", ()):
                builder.span(TERM_ROLE, child.astext(), child.get("target", ""))
            elif isinstance(child, nodes.reference):
                href = child.get("refuri", "") or ("#" + child.get("refid", "") if child.get("refid") else "")
                kind = link_kind(href)
                builder.open(kind, href)
                self._inline(child, builder)
                builder.close(kind)
            elif isinstance(child, nodes.Element):
                self._inline(child, builder)


__all__ = ["CODE", "parse_rst"]
