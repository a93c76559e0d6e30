"""Markdown chapters (CommonMark, Pandoc / Carpentries `:::` divs, front matter, MDX) → Document.

markdown-it-py parses the text; fenced divs (`::: callout`, `:::::: {.challenge}`) are
found first by a line scan and blanked out, so the parser sees their content as ordinary
Markdown and each block can be told which div it sits in. A div named like an exercise
or an aside (see `builder.kind_of_label`) turns its blocks into that kind.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
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
    role_display,
    strip_text,
    table_definition,
    unclosed_table_problem,
    unclosed_tables,
)
from termbase.documents.html import parse_html
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
    TERM_ROLE,
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
#: A line that is only a marker, an identifier in brackets: an mdBook-spec rule id (`r[items.fn.intro]`).
#: It labels the paragraph below it and is no part of its text.
_MARKER_LINE = re.compile(r"^\s{0,3}[a-z]{1,3}\[[A-Za-z][\w-]*(?:[.:][\w-]+)+\]\s*$")
#: Pandoc heading attributes (`# Setup {#setup .unnumbered}`, `{-}`): the id is the anchor.
_HEADING_ATTRIBUTES = re.compile(r"\s*\{(?P<body>(?:\s*(?:#[\w:.-]+|\.[\w-]+|-|[\w-]+=\S+))+)\s*\}\s*$")
#: The Hugging Face doc-builder's heading anchor (`## Value-based methods [[value-based]]`): the anchor.
_DOC_BUILDER_ANCHOR = re.compile(r"\s*\[\[(?P<id>[\w:.-]+)\]\]\s*$")
#: LaTeX index entries in R Markdown / Pandoc text (`\index{shell}`): the entry, not words of the sentence.
_LATEX_INDEX = re.compile(r"\\index\{(?P<entry>[^{}]*(?:\{[^{}]*\}[^{}]*)*)\}")
#: A LaTeX-style glossary reference in Markdown text (`\gref{shown words}{key}`, bookdown books such as
#: py-rse): the words are a link into the glossary, as `[shown words](glossary.md#key)` would be.
_GLOSSARY_MACRO = re.compile(r"\\g(?:ref|lossref)\{(?P<text>[^{}]+)\}\{(?P<key>[^{}\s]+)\}")
#: mdBook preprocessor links (`{{#include file.rs}}`, `{{#rustdoc_include …}}`, `{{#playground …}}`).
_MDBOOK_LINK = re.compile(r"^\{\{#\w+[^}]*\}\}$")
#: A GitHub alert, the first line of a quote that makes it a callout (`> [!NOTE]`).
_ALERT = re.compile(r"^\[!(?P<kind>NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]\s*", re.I)
#: A raw HTML div that opens or closes a box whose content is Markdown (`<div class="warning">`).
_HTML_DIV_OPEN = re.compile(r"^\s*<div\b[^>]*\bclass=[\"'](?P<classes>[^\"']+)[\"'][^>]*>\s*$", re.I)
_HTML_DIV_CLOSE = re.compile(r"^\s*</div>\s*$", re.I)
_LOCAL_PAGE = re.compile(r"^(?![a-z][a-z0-9+.-]*:|/|#)[^#?\s]+\.(?:md|markdown|rmd|qmd|html?)$", re.I)


@lru_cache(maxsize=2)
def _parser(html_blocks: bool = True) -> MarkdownIt:
    parser = (
        MarkdownIt("commonmark", {"html": True})
        .use(front_matter_plugin)
        .use(deflist_plugin)
        .use(attrs_plugin, spans=True)
        .enable("table")
    )
    return parser if html_blocks else parser.disable("html_block")


#: Raw HTML blocks that never hold prose: scripts, styles, preformatted text, comments, declarations.
_NON_PROSE_HTML = re.compile(r"^\s*<(?:script|style|pre|textarea|!--|!\[CDATA\[|![A-Za-z]|\?)", re.I)
_TAG = re.compile(r"<[^<>]*>")
#: HTML that gives a block structure of its own (tables, lists, headings): read by the HTML reader.
_STRUCTURED_HTML = re.compile(r"<(?:table|tr|td|th|ul|ol|li|dl|dt|dd|h[1-6])\b", re.I)
_FIRST_TAG = re.compile(r"^\s*<(?P<name>[A-Za-z][\w-]*)\b(?P<attrs>[^>]*)>")
_CLASS_ATTR = re.compile(r"\bclass=[\"'](?P<classes>[^\"']+)[\"']", re.I)


def _html_box(content: str) -> tuple[str, str, int] | None:
    """Return the (kind, label, last line) of the box the opening tag of a raw HTML block opens
    (`<div class="callout">`, `<details>`) — the last line is the 1-based line of its closing tag
    within the block — or None when it opens no box."""
    opened = _FIRST_TAG.match(content)
    if opened is None:
        return None
    classes = _CLASS_ATTR.search(opened.group("attrs"))
    name = opened.group("name").lower()
    kind = next(((kind_of_label(n), n) for n in (*(classes.group("classes").split() if classes else ()), name)
                 if kind_of_label(n)), None)
    if kind is None:
        return None
    depth, last = 0, content.count("\n") + 1
    for match in re.finditer(rf"<(/?){re.escape(name)}\b[^>]*>", content, re.I):
        depth += -1 if match.group(1) else 1
        if depth == 0:
            last = content.count("\n", 0, match.start()) + 1
            break
    return kind[0], kind[1], last


#: MDX components whose children are code or a live example, not prose (`<CodeBlock>`, `<Terminal>`).
_MDX_CODE_COMPONENT = re.compile(r"(?:code|snippet|terminal|playground|sandbox|sandpack|repl|console|shell|"
                                 r"highlight|pre)", re.I)


def mdx_markdown(content: str) -> str:
    """Return an MDX block with its JSX tags (`<TabItem value="mac" label="macOS">`, over several lines too),
    its `{expressions}` and the children of code components blanked out, line for line: what is left is
    the Markdown the components wrap."""
    out = list(content)
    index, depth_code = 0, 0
    while index < len(content):
        char = content[index]
        opens_tag = char == "<" and re.match(r"</?[A-Za-z>]", content[index:index + 2] + " ")
        if opens_tag or char == "{":
            end = _jsx_end(content, index)
            name = re.match(r"</?\s*([\w.]*)", content[index:end]) if opens_tag else None
            self_closing = content[index:end].rstrip(">").endswith("/")
            if name and _MDX_CODE_COMPONENT.search(name.group(1)) and not self_closing:
                depth_code += -1 if content[index + 1] == "/" else 1
            for at in range(index, end):
                if out[at] != "\n":
                    out[at] = " "
            index = end
            continue
        if depth_code > 0 and char != "\n":
            out[index] = " "
        index += 1
    return "".join(out)


def _jsx_end(content: str, start: int) -> int:
    """Return the index after the JSX tag or `{expression}` opening at `start` (quotes and nested braces
    skipped), or the end of the content when it never closes."""
    closing = ">" if content[start] == "<" else "}"
    depth, quote, index = 0, "", start + 1
    while index < len(content):
        char = content[index]
        if quote:
            quote = "" if char == quote else quote
        elif char in "\"'`":
            quote = char
        elif char == "{":
            depth += 1
        elif char == "}" and depth:
            depth -= 1
        elif char == closing and not depth:
            return index + 1
        index += 1
    return len(content)


#: A line opening with an MDX component's tag (`<Tabs`, `</TabItem>`, `<Foo.Bar />`): JSX, not HTML.
_MDX_LINE = re.compile(r"^\s{0,3}</?[A-Z][a-z][\w.]*(?=[\s>/]|$)")


def _mdx_tags_blanked(lines: list[str]) -> list[str]:
    """Return the lines with each MDX component tag that opens a line blanked (over several lines too:
    `<Tabs groupId="os"` … `>`), and the children of code components, outside code fences: the Markdown
    the components wrap is read as Markdown, each tag ending a paragraph as a blank line would. Line
    numbers stay as they are."""
    if not any(_MDX_LINE.match(line) for line in lines):
        return lines
    text = "\n".join(lines)
    out = list(text)
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)
    fence, code_from, skip_to = "", -1, 0
    for number, line in enumerate(lines):
        start = starts[number]
        if start < skip_to:
            continue
        opened = _FENCE.match(line)
        if fence:
            fence = "" if line.strip().startswith(fence) and not line.strip().strip(fence[0]) else fence
            continue
        if opened:
            fence = opened.group(1)
            continue
        if not _MDX_LINE.match(line):
            continue
        at = start + len(line) - len(line.lstrip())
        end = _jsx_end(text, at)
        tag = text[at:end]
        name = re.match(r"</?([\w.]+)", tag)
        if name and _MDX_CODE_COMPONENT.search(name.group(1)) and not tag.rstrip(">").endswith("/"):
            if tag.startswith("</"):
                at = code_from if code_from >= 0 else at
                code_from = -1
            else:
                code_from = at
                continue
        if code_from >= 0:
            continue
        for index in range(at, end):
            if out[index] != "\n":
                out[index] = " "
        skip_to = end
    return "".join(out).split("\n")


def _raw_html_blocks(token: Token, line0: int, section: int, path: str) -> list[Block]:
    """Return the blocks of a raw HTML block in a Markdown chapter.

    CommonMark runs such a block on to the next blank line, so an author's `<div class="note">`
    with text right below it, or `<p>A <dfn>gybe</dfn> is …</p>`, is all one block of raw HTML.
    Its text is read, not lost: lines of Markdown text between tags as Markdown, HTML with a block
    structure (a table, a list) by the HTML reader; scripts, styles and comments stay code."""
    content = token.content
    label = "mdx" if _MDX_BLOCK.match(content) else "html"
    if label == "mdx":  # `<Tabs>` / `<TabItem>` with Markdown right inside, no blank lines: read it
        inner = parse_markdown(mdx_markdown(content), path, html_blocks=False).blocks
        if not any(b.kind in {PROSE, LIST_ITEM, DEFINITION} for b in inner):
            return [Block(OTHER, content, line0 + 1, section, label=label)]
        return [replace(b, line=b.line + line0, section=section) for b in inner]
    lines = content.split("\n")
    texts = [_TAG.sub("", line).strip() for line in lines]
    wordy = any(any(c.isalpha() for c in text) for text in texts)
    if _NON_PROSE_HTML.match(content) or not wordy:
        return [Block(OTHER, content, line0 + 1, section, label=label)]
    tagged = all("<" in line for line, text in zip(lines, texts, strict=True) if text)
    if _STRUCTURED_HTML.search(content) or tagged:
        inner = parse_html(content, path).blocks
    else:  # Markdown text between tag lines: a tag-only line ends a paragraph, as a blank line would
        markdown = "\n".join("" if not text and "<" in line else line
                              for line, text in zip(lines, texts, strict=True))
        inner = parse_markdown(markdown, path, html_blocks=False).blocks
    if not inner:  # nothing the readers could make of it: kept as raw HTML, as before
        return [Block(OTHER, content, line0 + 1, section, label=label)]
    box = _html_box(content)
    found = []
    for block in inner:
        kind, block_label = block.kind, block.label
        if box is not None and kind in {PROSE, LIST_ITEM, DEFINITION, TABLE} and block.line <= box[2]:
            kind, block_label = box[0], box[1]
        found.append(replace(block, kind=kind, label=block_label, line=block.line + line0, section=section))
    return found


@dataclass(frozen=True, slots=True)
class _Div:
    first: int  # 0-based line of the opening fence
    last: int  # 0-based line of the closing fence
    kind: str
    label: str


#: A Python-Markdown admonition (MkDocs Material: `!!! note "Title"`, folded `??? tip`) or a content tab
#: (`=== "Linux"`): its body is the indented lines below.
_INDENTED_BOX = re.compile(r"^(?P<indent>\s{0,3})(?:(?:!!!|\?\?\?\+?)\s+(?P<kind>[\w-]+)|===\+?(?=\s+[\"']))"
                           r"(?:\s+\S.*)?\s*$")
#: A MyST directive in a backtick fence (```{note}, ```{admonition} Title): a box of Markdown, not code.
_DIRECTIVE_FENCE = re.compile(r"^(?P<indent>\s{0,3})(?P<fence>`{3,}|~{3,})\s*\{(?P<name>[\w-]+)\}")
#: MyST directives that hold Markdown to read although no box kind is named after them (layout).
_MARKDOWN_DIRECTIVES = frozenset({"tab-item", "tab-set", "card", "grid-item-card", "container", "div",
                                  "grid", "grid-item", "dropdown"})
#: A directive option line (`:class: tip`) under its opening fence.
_DIRECTIVE_OPTION = re.compile(r"^\s*:[\w-]+:(?:\s.*)?$")


def _boxes_as_divs(lines: list[str]) -> list[str]:
    """Return the lines with MkDocs admonitions and content tabs, and MyST box directives in backtick
    fences, written as `:::` divs over their (dedented) Markdown, so their text is read as a box's text
    rather than as code. Line numbers stay as they are (a closing line takes a blank line's place)."""
    out = list(lines)
    in_code = ""
    number = 0
    while number < len(out):
        line = out[number]
        directive = _DIRECTIVE_FENCE.match(line) if not in_code else None
        if directive and (kind_of_label(directive.group("name")) in {ASIDE, EXERCISE}
                          or directive.group("name").lower() in _MARKDOWN_DIRECTIVES):
            fence = directive.group("fence")
            close = next((n for n in range(number + 1, len(out))
                          if out[n].strip().startswith(fence) and not out[n].strip().strip(fence[0])), None)
            if close is not None:
                out[number] = f"{directive.group('indent')}::: {directive.group('name')}"
                for option in range(number + 1, close):  # `:class: tip` options, then the body
                    if not _DIRECTIVE_OPTION.match(out[option]):
                        break
                    out[option] = ""
                out[close] = f"{directive.group('indent')}:::"
                number += 1
                continue
        fence_match = _FENCE.match(line)
        if fence_match:
            marker = fence_match.group(1)
            if not in_code:
                in_code = marker[0] * len(marker)
            elif line.strip().startswith(in_code) and not line.strip().strip(in_code[0]):
                in_code = ""
            number += 1
            continue
        box = _INDENTED_BOX.match(line) if not in_code else None
        if box:
            indent = len(box.group("indent"))
            body = number + 1
            while body < len(out) and (not out[body].strip() or out[body].startswith(" " * (indent + 4))
                                       or out[body].startswith("\t")):
                body += 1
            last = body - 1
            while last > number and not out[last].strip():
                last -= 1
            closing = last + 1 == len(out) or not out[last + 1].strip()
            if last > number and closing:
                for inner in range(number + 1, last + 1):
                    text = out[inner]
                    out[inner] = text[indent + 4:] if text.startswith(" " * (indent + 4)) else \
                        text[1:] if text.startswith("\t") else text.strip()
                out[number] = " " * indent + f"::: {box.group('kind') or 'tab'}"
                if last + 1 < len(out):
                    out[last + 1] = " " * indent + ":::"
                else:
                    out.append(" " * indent + ":::")  # the file's end
                number = last + 1
                continue
        number += 1
    return out


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


#: A MyST role before inline code: `{py:class}`, `{term}`, `{ref}` (the code is its content).
_MYST_ROLE = re.compile(r"(?<![\w`{])\{(?P<role>[A-Za-z][\w+.-]*(?::[\w+.-]+)*)\}$")


def _inline(token: Token) -> tuple[str, tuple]:
    """Return the plain text and spans of an inline token."""
    builder = TextBuilder()
    children = token.children or []
    role = ""  # a MyST role written just before the code that follows (`{py:class}` before `Dataset`)
    for index, child in enumerate(children):
        kind = child.type
        if kind == "text":
            text = child.content
            following = children[index + 1].type if index + 1 < len(children) else ""
            found = _MYST_ROLE.search(text) if following == "code_inline" else None
            if found:
                text, role = text[: found.start()], found.group("role")
            builder.add(text)
        elif kind in {"softbreak", "hardbreak"}:
            builder.add("\n")
        elif kind == "code_inline" and role:
            span_kind, shown, target = role_display(role, child.content)
            if span_kind:
                builder.span(span_kind, shown, target if span_kind == TERM_ROLE else "")
            else:
                builder.add(shown)
            role = ""
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


def _heading_attributes(body: str, spans: tuple) -> tuple[str, tuple, str]:
    """Return a heading's text without Pandoc attributes (`Setup {#setup .unnumbered}`) or a Hugging Face
    doc-builder anchor (`Setup [[setup]]`), its spans and the id they give ('' if none)."""
    found = _HEADING_ATTRIBUTES.search(body) or _DOC_BUILDER_ANCHOR.search(body)
    if not found or not body[: found.start()].strip():
        return body, spans, ""
    ids = re.findall(r"#([\w:.-]+)", found.group("body")) if found.re is _HEADING_ATTRIBUTES \
        else [found.group("id")]
    cut = found.start()
    kept = tuple(span for span in spans if span.start < cut)
    return body[:cut], kept, ids[0] if ids else ""


def _html_div_kinds(tokens: list[Token]) -> dict[int, tuple[str, str]]:
    """Return, for each token inside a raw HTML `<div class="warning">` box (its Markdown content
    parsed between the opening and closing tags), the kind and label its class gives."""
    inside: dict[int, tuple[str, str]] = {}
    stack: list[tuple[str, str]] = []
    for index, token in enumerate(tokens):
        if token.type == "html_block":
            opened = _HTML_DIV_OPEN.match(token.content)
            if opened:
                classes = opened.group("classes").split()
                stack.append(next(((kind_of_label(c), c) for c in classes if kind_of_label(c)), ("", "")))
                continue
            if _HTML_DIV_CLOSE.match(token.content) and stack:
                stack.pop()
                continue
        current = next(((kind, label) for kind, label in reversed(stack) if kind), None)
        if current:
            inside[index] = current
    return inside


#: A MyST directive fence opening a toctree: ```{toctree} or :::{toctree}.
_TOCTREE_OPEN = re.compile(r"^\s{0,3}(?P<fence>`{3,}|~{3,}|:{3,})\s*\{toctree\}")


def _myst_toctree(lines: list[str]) -> list[str]:
    """Return the entries of the MyST `{toctree}` fences of a Markdown page, in order (options such as
    `:hidden:` / `:glob:` and a `---` block of YAML options left out)."""
    entries: list[str] = []
    index = 0
    while index < len(lines):
        opened = _TOCTREE_OPEN.match(lines[index])
        index += 1
        if opened is None:
            continue
        fence = opened.group("fence")
        in_options = index < len(lines) and lines[index].strip() == "---"
        index += 1 if in_options else 0
        while index < len(lines) and not lines[index].strip().startswith(fence[0] * len(fence)):
            line = lines[index].strip()
            index += 1
            if in_options:
                in_options = line != "---"
            elif line and not line.startswith(":"):
                entries.append(line)
    return entries


def _unclosed_fences(tokens: list[Token], lines: list[str]) -> list[Problem]:
    """Return a problem for each code fence never closed: CommonMark reads the rest of the file as its
    code, so the prose after it (a MyST directive's terms) would be lost without a word."""
    problems = []
    for token in tokens:
        if token.type != "fence" or not token.map or not token.markup:
            continue
        last = token.map[1] - 1
        closing = lines[last].lstrip("> \t").rstrip() if last > token.map[0] and last < len(lines) else ""
        if not (closing and set(closing) == {token.markup[0]} and len(closing) >= len(token.markup)):
            what = f"this {token.markup} fence is never closed: the rest of the file is read as code"
            problems.append(Problem(token.map[0] + 1, what, f"close it with a line of {token.markup}"))
    return problems


#: What marks a page as MyST: a directive fence (```{note}, :::{glossary}), a role (`{term}`), a target line.
_MYST_MARK = re.compile(
    r"^\s{0,3}(?:`{3,}|~{3,}|:{3,})\s*\{[\w-]+\}|\{[a-z][\w:.-]*\}`|^\([\w:.-]+\)=\s*$", re.M)
#: A MyST comment line (`% a note to the authors`): never shown, so never prose.
_MYST_COMMENT = re.compile(r"^%(?:\s|$)")
#: A code fence's opening or closing line.
_FENCE_LINE = re.compile(r"^\s{0,3}(?P<fence>`{3,}|~{3,})")


def _myst_comments_blanked(lines: list[str]) -> list[str]:
    """Return the lines of a MyST page with its `%` comment lines blank (not those inside code fences, where
    `%` may be code), so the comments are neither prose nor joined to the paragraph around them."""
    out: list[str] = []
    fence = ""
    for line in lines:
        opened = _FENCE_LINE.match(line)
        if fence:
            if opened and opened.group("fence")[0] == fence[0] and len(opened.group("fence")) >= len(fence) \
                    and not line.strip().lstrip(fence[0]):
                fence = ""
        elif opened:
            fence = opened.group("fence")
        elif _MYST_COMMENT.match(line):
            line = ""
        out.append(line)
    return out


def parse_markdown(text: str, path: str, html_blocks: bool = True) -> Document:
    """Return the Markdown chapter `text` (read from `path`) as a Document (`html_blocks`: whether raw
    HTML may start a block; without, its tags are inline HTML among the text)."""
    if "\\g" in text:
        text = _GLOSSARY_MACRO.sub(lambda m: f"[{m.group('text')}](glossary.md#{m.group('key')})", text)
    lines = _templated_links(text).split("\n")
    lines = ["" if _MARKER_LINE.match(line) else _LATEX_INDEX.sub("", line) if "\\index{" in line else line
             for line in lines]
    if ("\n%" in text or text.startswith("%")) and _MYST_MARK.search(text):
        lines = _myst_comments_blanked(lines)
    if "<" in text:
        lines = _mdx_tags_blanked(lines)
    if "!!!" in text or "???" in text or "===" in text or "{" in text:
        lines = _boxes_as_divs(lines)
    divs, problems = _fenced_divs(lines)
    fence_lines = {d.first for d in divs} | {d.last for d in divs}
    blanked = "\n".join("" if n in fence_lines else line for n, line in enumerate(lines))
    tokens = _parser(html_blocks).parse(blanked)
    problems.extend(_unclosed_fences(tokens, lines))
    in_html_box = _html_div_kinds(tokens)

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
            opened = kind[: -len("_open")]
            if kind == "blockquote_open" and index + 2 < len(tokens) and tokens[index + 2].type == "inline" \
                    and _ALERT.match(tokens[index + 2].content):
                opened = "alert"  # `> [!NOTE]`: the quote is a callout
            context.append(opened)
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
            inner = _raw_html_blocks(token, line0, len(sections) - 1, path)
            outer = (div.kind, div.label) if div is not None else in_html_box.get(index)
            if outer is not None:  # the box around the raw HTML (a `:::` div, an HTML div) is its kind
                inner = [replace(b, kind=outer[0], label=outer[1]) if b.kind in {PROSE, LIST_ITEM, DEFINITION}
                         else b for b in inner]
            blocks.extend(inner)
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
            body, spans, given_id = _heading_attributes(body, spans)
            if div is not None:
                blocks.append(Block(div.kind, body, line, len(sections) - 1, spans, label=div.label))
                continue
            if heading_level == 1 and not title:
                title = body
            attrs_id = str(tokens[index - 1].attrs.get("id", "")) if tokens[index - 1].attrs else ""
            sections.append(Section(body, attrs_id or given_id or heading_anchor(body), heading_level, line))
            blocks.append(Block(HEADING, body, line, len(sections) - 1, spans))
            continue
        if context and context[-1] == "dt":
            pending_term = body
            continue
        if _MDBOOK_LINK.match(body):  # `{{#include listing.rs}}`: a file mdBook pastes in, not prose
            blocks.append(Block(OTHER, body, line, len(sections) - 1, label="mdbook-include"))
            continue
        box: tuple[str, str] | None = in_html_box.get(index)
        if "alert" in context:  # a GitHub alert's text, its `[!NOTE]` marker left out
            alert = _ALERT.match(body)
            box = (ASIDE, alert.group("kind").lower() if alert else "alert")
            if alert:
                shift = alert.end()
                moved = tuple(replace(s, start=s.start - shift, end=s.end - shift)
                              for s in spans if s.start >= shift)
                line += body.count("\n", 0, shift)
                body, spans, more = strip_text(body[shift:], moved)
                line += more
                if not body:
                    continue
        block_kind = PROSE
        label = ""
        if "dd" in context and pending_term:
            block_kind = DEFINITION
        elif "th" in context or "td" in context:
            block_kind = TABLE
        elif "list_item" in context:
            block_kind = LIST_ITEM
        if box is not None:
            block_kind, label = box
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
    toc: tuple[str, ...] = tuple(_myst_toctree(lines))
    stated = bool(toc)
    if not toc and PurePosixPath(path).stem.lower() in CONTENTS_PAGES:  # mdBook SUMMARY.md, docsify _sidebar
        links = (s.target for b in blocks for s in b.spans if s.kind == "link")
        toc = tuple(target for target in links if _LOCAL_PAGE.match(target))
    if html_blocks:  # a table opened in raw HTML may close in a later raw block, after Markdown between
        raw = [(t.content, t.map[0] + 1) for t in tokens if t.type == "html_block" and t.map]
        problems.extend(unclosed_table_problem(line) for line in unclosed_tables(raw))
    return Document(path, "markdown", title, tuple(sections), tuple(blocks), toc=toc,
                    problems=tuple(problems), toc_stated=stated)


__all__ = ["ASIDE", "parse_markdown"]
