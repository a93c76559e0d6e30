"""Markdown chapters (CommonMark, Pandoc / Carpentries `:::` divs, front matter, MDX) → Document.

markdown-it-py parses the text; fenced divs (`::: callout`, `:::::: {.challenge}`) are
found first by a line scan and blanked out, so the parser sees their content as ordinary
Markdown and each block can be told which div it sits in. A div named like an exercise
or an aside (see `builder.kind_of_label`) turns its blocks into that kind.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import PurePosixPath

import yaml
from markdown_it import MarkdownIt
from markdown_it.token import Token
from mdit_py_plugins.attrs import attrs_plugin
from mdit_py_plugins.deflist import deflist_plugin
from mdit_py_plugins.front_matter import front_matter_plugin

from termbase.documents.builder import (
    TextBuilder,
    definition_columns,
    heading_anchor,
    kind_of_label,
    link_kind,
    strip_text,
    table_definition,
)
from termbase.documents.model import (
    ASIDE,
    CODE,
    CODE_SPAN,
    DEFINITION,
    DFN,
    EMPHASIS,
    EXERCISE,
    HEADING,
    LIST_ITEM,
    OTHER,
    PROSE,
    STRONG,
    TABLE,
    Block,
    Document,
    Problem,
    Section,
)
from termbase.documents.order import CONTENTS_PAGES

#: Div names that, inside a callout rather than an exercise, only fold text away (shown on a click).
_FOLDED_DETAILS = frozenset({"solution", "solutions", "spoiler"})
_DIV_OPEN = re.compile(r"^\s{0,3}(:{3,})\s*(?P<info>\S.*?)\s*:*\s*$")
_DIV_CLOSE = re.compile(r"^\s{0,3}:{3,}\s*$")
_DIV_CLASS = re.compile(r"[.]?([A-Za-z][\w-]*)")
_FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")
_MDX_BLOCK = re.compile(r"^\s*</?[A-Z][A-Za-z0-9.]*\b")
_DFN_OPEN = re.compile(r"^<dfn\b[^>]*>$", re.I)
_TITLE_KEYS = ("title", "name")
_LOCAL_PAGE = re.compile(r"^(?![a-z][a-z0-9+.-]*:|/|#)[^#?\s]+\.(?:md|markdown|rmd|qmd|html?)$", re.I)


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    return (
        MarkdownIt("commonmark", {"html": True})
        .use(front_matter_plugin)
        .use(deflist_plugin)
        .use(attrs_plugin, spans=True)
        .enable("table")
    )


@dataclass(frozen=True, slots=True)
class _Div:
    first: int  # 0-based line of the opening fence
    last: int  # 0-based line of the closing fence
    kind: str
    label: str


def _fenced_divs(lines: list[str]) -> tuple[list[_Div], list[Problem]]:
    """Return the `:::` divs of the text (outermost first) and problems (divs never closed)."""
    divs: list[_Div] = []
    problems: list[Problem] = []
    stack: list[tuple[int, str, str]] = []
    in_code = ""
    for number, line in enumerate(lines):
        fence = _FENCE.match(line)
        if fence:
            marker = fence.group(1)
            if not in_code:
                in_code = marker[0] * len(marker)
            elif line.strip().startswith(in_code) and not line.strip().strip(in_code[0]):
                in_code = ""
            continue
        if in_code:
            continue
        if _DIV_CLOSE.match(line) and stack:
            first, kind, label = stack.pop()
            divs.append(_Div(first, number, kind, label))
            continue
        opened = _DIV_OPEN.match(line)
        if opened:
            classes = _DIV_CLASS.findall(opened.group("info").strip("{}"))
            kind, label = "", classes[0] if classes else ""
            for name in classes:
                if kind_of_label(name):
                    kind, label = kind_of_label(name), name
                    break
            outer = next(((k, lab) for _, k, lab in reversed(stack) if k), ("", ""))
            if kind == EXERCISE and label.lower() in _FOLDED_DETAILS and outer[0] == ASIDE:
                # a Carpentries callout folds its details into a 'solution' div: no exercise answered
                kind, label = outer
            stack.append((number, kind, label))
    for first, _, label in stack:
        problems.append(
            Problem(first + 1, f"fenced div '{label or ':::'}' is never closed",
                    "close it with a line of colons; read to the end of the file")
        )
        divs.append(_Div(first, len(lines), _kind_for(stack, first), label))
    divs.sort(key=lambda d: (d.first, -d.last))
    return divs, problems


def _kind_for(stack: list[tuple[int, str, str]], first: int) -> str:
    return next((kind for line, kind, _ in stack if line == first), "")


def _front_matter_title(token: Token, problems: list[Problem]) -> str:
    try:
        data = yaml.safe_load(token.content)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = (mark.line + 2) if mark is not None else 1
        problems.append(Problem(
            line, "front matter is not valid YAML", "fix the YAML; the title is not read"))
        return ""
    if isinstance(data, dict):
        for key in _TITLE_KEYS:
            value = data.get(key)
            if isinstance(value, str) and value.strip():
                return value.strip()
    return ""


def _inline(token: Token) -> tuple[str, tuple]:
    """Return the plain text and spans of an inline token."""
    builder = TextBuilder()
    for child in token.children or ():
        kind = child.type
        if kind == "text":
            builder.add(child.content)
        elif kind in {"softbreak", "hardbreak"}:
            builder.add("\n")
        elif kind == "code_inline":
            builder.span(CODE_SPAN, child.content)
        elif kind == "strong_open":
            builder.open(STRONG)
        elif kind == "strong_close":
            builder.close(STRONG)
        elif kind == "em_open":
            builder.open(EMPHASIS)
        elif kind == "em_close":
            builder.close(EMPHASIS)
        elif kind == "link_open":
            href = str(child.attrs.get("href", ""))
            builder.open(link_kind(href), href)
        elif kind == "link_close":
            builder.close("glossary-link")
            builder.close("link")
        elif kind == "html_inline":
            tag = child.content.strip()
            if _DFN_OPEN.match(tag):
                builder.open(DFN)
            elif tag.lower() == "</dfn>":
                builder.close(DFN)
            elif tag.lower() in {"<b>", "<strong>"}:
                builder.open(STRONG)
            elif tag.lower() in {"</b>", "</strong>"}:
                builder.close(STRONG)
            elif tag.lower() in {"<i>", "<em>"}:
                builder.open(EMPHASIS)
            elif tag.lower() in {"</i>", "</em>"}:
                builder.close(EMPHASIS)
        elif kind == "image":
            continue
        elif child.children:
            builder.add(child.content)
    return builder.result()


#: A link whose address holds a site template's expression: `[loop]({{ page.root }}/reference.html#loop)`.
_TEMPLATED_LINK = re.compile(r"(?<=\]\()(?P<dest>[^()\s]*\{\{[^}\n]{1,60}\}\}[^()\s]*)(?=\))")
_TEMPLATE_SPACE = re.compile(r"\{\{\s*([^}\n]*?)\s*\}\}")


def _templated_links(text: str) -> str:
    """Return the text with the spaces inside template expressions of link addresses closed up
    (`{{ page.root }}` → `{{page.root}}`), so the parser reads `[term]({{ page.root }}/x#y)` as the
    link a Jekyll or Liquid site makes of it (CommonMark allows no space in an address)."""
    if "{{" not in text:
        return text
    def closed(expression: re.Match[str]) -> str:
        return "{{" + re.sub(r"\s+", "", expression.group(1)) + "}}"

    return _TEMPLATED_LINK.sub(lambda link: _TEMPLATE_SPACE.sub(closed, link.group("dest")), text)


def parse_markdown(text: str, path: str) -> Document:
    """Return the Markdown chapter `text` (read from `path`) as a Document."""
    lines = _templated_links(text).split("\n")
    divs, problems = _fenced_divs(lines)
    fence_lines = {d.first for d in divs} | {d.last for d in divs}
    blanked = "\n".join("" if n in fence_lines else line for n, line in enumerate(lines))
    tokens = _parser().parse(blanked)

    def div_of(line0: int) -> _Div | None:
        inner = None
        for div in divs:
            if div.first < line0 < div.last and div.kind:
                inner = div
        return inner

    title = ""
    sections: list[Section] = [Section("", "", 0, 1)]
    blocks: list[Block] = []
    context: list[str] = []  # enclosing block tokens: list_item, dd, blockquote, table …
    pending_term = ""
    heading_level = 0
    header: list[str] = []  # the header cells of the table being read
    row: list[Block] = []  # the cells of the row being read
    for index, token in enumerate(tokens):
        kind = token.type
        if kind == "table_open":
            header = []
        elif kind == "tr_open":
            row = []
        elif kind == "tr_close":
            if "thead" in context:
                header = [cell.text for cell in row]
            elif (columns := definition_columns(header)) is not None:
                blocks.extend(table_definition(row, *columns))
        if kind == "front_matter":
            title = _front_matter_title(token, problems) or title
            continue
        if kind.endswith("_open") and kind not in {"paragraph_open", "heading_open"}:
            context.append(kind[: -len("_open")])
            continue
        if kind.endswith("_close") and kind not in {"paragraph_close", "heading_close"}:
            if context:
                context.pop()
            continue
        if kind == "heading_open":
            heading_level = int(token.tag[1:])
            continue
        line0 = token.map[0] if token.map else 0
        div = div_of(line0)
        if kind in {"fence", "code_block"}:
            blocks.append(Block(CODE, token.content, line0 + 2 if kind == "fence" else line0 + 1,
                                len(sections) - 1, label=token.info.split()[0] if token.info else ""))
            continue
        if kind == "html_block":
            label = "mdx" if _MDX_BLOCK.match(token.content) else "html"
            blocks.append(Block(OTHER, token.content, line0 + 1, len(sections) - 1, label=label))
            continue
        if kind != "inline":
            continue
        body, spans = _inline(token)
        body, spans, cut = strip_text(body, spans)
        if not body:
            continue
        line = line0 + 1 + cut
        previous = tokens[index - 1].type if index else ""
        if previous == "heading_open":
            if div is not None:
                blocks.append(Block(div.kind, body, line, len(sections) - 1, spans, label=div.label))
                continue
            if heading_level == 1 and not title:
                title = body
            attrs_id = str(tokens[index - 1].attrs.get("id", "")) if tokens[index - 1].attrs else ""
            sections.append(Section(body, attrs_id or heading_anchor(body), heading_level, line))
            blocks.append(Block(HEADING, body, line, len(sections) - 1, spans))
            continue
        if context and context[-1] == "dt":
            pending_term = body
            continue
        block_kind = PROSE
        label = ""
        if "dd" in context and pending_term:
            block_kind = DEFINITION
        elif "th" in context or "td" in context:
            block_kind = TABLE
        elif "list_item" in context:
            block_kind = LIST_ITEM
        if div is not None:
            block_kind, label = div.kind, div.label
        term = pending_term if block_kind == DEFINITION else ""
        blocks.append(Block(block_kind, body, line, len(sections) - 1, spans, term=term, label=label))
        if block_kind == TABLE:
            row.append(blocks[-1])
        if "dd" not in context:
            pending_term = ""
    if not title:
        title = next((s.title for s in sections if s.title), "")
    toc: tuple[str, ...] = ()
    if PurePosixPath(path).stem.lower() in CONTENTS_PAGES:  # mdBook SUMMARY.md, docsify _sidebar.md …
        links = (s.target for b in blocks for s in b.spans if s.kind == "link")
        toc = tuple(target for target in links if _LOCAL_PAGE.match(target))
    return Document(path, "markdown", title, tuple(sections), tuple(blocks), toc=toc,
                    problems=tuple(problems))


__all__ = ["ASIDE", "parse_markdown"]
