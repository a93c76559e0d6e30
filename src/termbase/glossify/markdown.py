"""Glossify Markdown: add links around terms in prose, leave every other byte as it was.

markdown-it-py finds the blocks (with line maps): only paragraphs, list items, quotes and
table body cells are read; headings, code blocks, HTML blocks, front matter and math blocks
never. Inside a block, every inline rule that is not plain text (code spans, links, images,
autolinks, inline HTML, math, escapes, entities, emphasis marks) is recorded with the
characters it consumed, and those characters are masked before matching, so a term is never
found inside them. Text between inline `<a>`, `<code>`… tags is masked too. Matches are then
mapped back to offsets in the original file, and `[text](url "definition")` is spliced in.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.rules_inline import StateInline

from termbase.glossify.linker import Linker, Placed

_RECORD = "termbase_glossify_spans"
#: Where the delimiters of each recorded emphasis run are: (its index in the
#: spans, the delimiter list, the index of its first delimiter there).
_DELIMITERS = "termbase_glossify_delimiters"
_DELIMITER_RULES = frozenset({"emphasis"})  # (one delimiter per mark; strikethrough has one per two)
_PROSE_RULES = frozenset({"text", "newline"})
_LINE_BREAK = re.compile(r"\r\n?|\n")
#: Inline HTML elements whose text is never linked (already a link, code, or not prose).
_OPAQUE_TAGS = frozenset({"a", "code", "kbd", "samp", "pre", "script", "style", "math", "svg", "abbr", "dfn"})
_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9-]*)")
_MASK = "\x00"
_LITERAL_BRACKETS = re.compile(r"\[[^\[\]]*\]")
#: Attribute lists of Pandoc, kramdown and attr_list: `{#id .class key=value}`, `{: .note}`.
_ATTRIBUTE_LIST = re.compile(r"\{:?\s*[#.][^{}\n]*\}")
_LINK_TARGET = re.compile(r"\]\(\s*<?([^\s<>()]+)")


def _recording(name: str, rule: Callable[[StateInline, bool], bool]) -> Callable[[StateInline, bool], bool]:
    def recorded(state: StateInline, silent: bool) -> bool:
        start = state.pos
        first = len(state.delimiters)
        matched = rule(state, silent)
        if matched and not silent:
            spans = state.env.get(_RECORD)
            if spans is not None:
                if name in _DELIMITER_RULES and _DELIMITERS in state.env:
                    state.env[_DELIMITERS].append((len(spans), state.delimiters, first))
                spans.append((name, start, state.pos))
        return matched

    return recorded


@lru_cache(maxsize=1)
def parser() -> MarkdownIt:
    """Return a CommonMark + tables + front matter + dollar math parser that records inline spans."""
    from mdit_py_plugins.dollarmath import dollarmath_plugin
    from mdit_py_plugins.front_matter import front_matter_plugin

    md = MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"])
    md.use(front_matter_plugin).use(dollarmath_plugin, allow_space=True, allow_digits=False)
    for rule in list(md.inline.ruler.__rules__):
        if rule.name not in _PROSE_RULES:
            md.inline.ruler.at(rule.name, _recording(rule.name, rule.fn))
    md.disable("inline")  # blocks only; the inline pass runs on the blocks we read
    return md


@dataclass(frozen=True, slots=True)
class Block:
    """One block's inline source: its text, and where each of its lines starts in the file."""

    content: str
    line_offsets: tuple[tuple[int, int], ...]  # (offset in content, offset in the file) per line


def _line_starts(text: str) -> list[int]:
    starts = [0]
    starts.extend(m.end() for m in _LINE_BREAK.finditer(text))
    return starts


_TOML_FENCE = re.compile(r"\+\+\+[ \t]*(?:\r\n?|\n)")


def _toml_front_matter_lines(text: str) -> int:
    """Return how many lines a leading `+++` (TOML, as Hugo writes it) front matter takes, or 0."""
    start = 1 if text.startswith("\ufeff") else 0
    if not _TOML_FENCE.match(text, start):
        return 0
    lines = _LINE_BREAK.split(text)
    for number, line in enumerate(lines[1:], start=1):
        if line.rstrip() == "+++":
            return number + 1
    return 0


def _blocks(text: str, env: dict[str, Any]) -> Iterator[tuple[str, Block | None]]:
    """Yield ("heading", None), ("block", Block) in reading order; blocks that cannot be
    placed exactly in the file are left out (never linked). `env` gets the link references."""
    md = parser()
    tokens = md.parse(text, env)
    starts = _line_starts(text)
    ends = [*starts[1:], len(text) + 1]
    cursor: dict[int, int] = {}
    in_header_row = False
    front = _toml_front_matter_lines(text)
    for index, token in enumerate(tokens):
        if token.type == "heading_open":
            yield "heading", None
        elif token.type == "thead_open":
            in_header_row = True
        elif token.type == "thead_close":
            in_header_row = False
        if token.type != "inline" or token.map is None:
            continue
        parent = tokens[index - 1].type if index else ""
        if parent == "heading_open" or in_header_row or token.map[0] < front:
            continue
        first_line = token.map[0]
        offsets = []
        position = 0
        placed = True
        for number, line in enumerate(token.content.split("\n")):
            line_no = first_line + number
            if line_no >= len(starts):
                placed = False
                break
            source_line = text[starts[line_no] : ends[line_no] - 1].rstrip("\r\n")
            if source_line.endswith(line) and line:
                column = len(source_line) - len(line)
                if column < cursor.get(line_no, 0):
                    column = source_line.find(line, cursor.get(line_no, 0))
            else:
                column = source_line.find(line, cursor.get(line_no, 0)) if line else cursor.get(line_no, 0)
            if column < 0:
                placed = False
                break
            cursor[line_no] = column + len(line)
            offsets.append((position, starts[line_no] + column))
            position += len(line) + 1
        if placed:
            yield "block", Block(token.content, tuple(offsets))


def prose_mask(content: str, references: dict[str, Any] | None = None, links: list[str] | None = None) -> str:
    """Return `content` with every character that is not plain prose replaced by NUL.

    `references` are the document's link reference definitions (so `[term][ref]` is a link);
    the targets of inline links found are added to `links` when it is given.
    """
    spans: list[tuple[str, int, int]] = []
    delimiters: list[tuple[int, list[Any], int]] = []
    md = parser()
    env = {_RECORD: spans, _DELIMITERS: delimiters, "references": references or {}}
    md.inline.parse(content, md, env, [])
    if not spans:
        return _mask_literal_brackets(content)
    if delimiters:
        spans = _without_unpaired_marks(spans, delimiters)
    if links is not None:
        for name, start, end in spans:
            target = _LINK_TARGET.search(content, start, end) if name == "link" else None
            if target:
                links.append(target.group(1))
    hidden = [(start, end) for name, start, end in spans if name != "html_inline"]
    # Between an opening and closing inline tag of an opaque element nothing is prose.
    depth: dict[str, list[int]] = {}
    for name, start, end in spans:
        if name != "html_inline":
            continue
        hidden.append((start, end))
        tag = _TAG.match(content, start)
        if not tag or tag.group(2).lower() not in _OPAQUE_TAGS or content[end - 2 : end] == "/>":
            continue
        opened = depth.setdefault(tag.group(2).lower(), [])
        if not tag.group(1):
            opened.append(start)
        elif opened:
            hidden.append((opened.pop(), end))
    for opened in depth.values():
        hidden.extend((start, len(content)) for start in opened)
    chars = list(content)
    for start, end in hidden:
        chars[start:end] = _MASK * (end - start)
    return _mask_literal_brackets("".join(chars))


def _without_unpaired_marks(
    spans: list[tuple[str, int, int]], delimiters: list[tuple[int, list[Any], int]]
) -> list[tuple[str, int, int]]:
    """Return the spans without the emphasis marks that paired with none: markdown-it leaves
    them as text (`A* search`), so they are prose like any other character."""
    closers: dict[int, set[int]] = {}  # id of a delimiter list -> indexes of the closers paired there
    kept = list(spans)
    for at, found, first in delimiters:
        ends = closers.get(id(found))
        if ends is None:
            ends = closers[id(found)] = {d.end for d in found if d.end != -1}
        name, start, end = spans[at]
        paired = [found[first + i].end != -1 or first + i in ends for i in range(end - start)]
        if all(paired):
            continue
        kept[at] = ("", 0, 0)
        kept.extend((name, start + i, start + i + 1) for i, mark in enumerate(paired) if mark)
    return kept


def _mask_literal_brackets(masked: str) -> str:
    """Mask square brackets that are no link: they are still markup somewhere (an undefined
    reference, a Pandoc span `[term]{#id}`, a citation, a footnote, a wiki link); and
    attribute lists `{#id .class}`."""
    if "[" in masked:
        for _ in range(2):  # `[a [b] c]`: the inner pair, then the outer
            masked = _LITERAL_BRACKETS.sub(lambda m: _MASK * len(m.group()), masked)
    if "{" in masked:
        masked = _ATTRIBUTE_LIST.sub(lambda m: _MASK * len(m.group()), masked)
    return masked


def _to_file(block: Block, position: int) -> int:
    """Map an offset in the block's content to an offset in the file."""
    line_start, file_start = block.line_offsets[0]
    for content_start, file_offset in block.line_offsets:
        if content_start > position:
            break
        line_start, file_start = content_start, file_offset
    return file_start + position - line_start


def link_markdown(link_text: str, placed: Placed, titles: bool) -> str:
    """Return a Markdown link around `link_text`, with the definition as its title."""
    url = placed.url.replace(" ", "%20").replace("(", "%28").replace(")", "%29")
    if titles and placed.definition:
        title = placed.definition.replace("\\", "\\\\").replace('"', '\\"')
        return f'[{link_text}]({url} "{title}")'
    return f"[{link_text}]({url})"


def glossify_markdown(text: str, linker: Linker, titles: bool = True) -> str:
    """Return `text` with links added around the terms `linker` chooses; nothing else changes."""
    edits: list[tuple[int, int, Placed]] = []
    env: dict[str, Any] = {}
    for kind, block in _blocks(text, env):
        if kind == "heading" or block is None:
            linker.section()
            continue
        linker.paragraph()
        links: list[str] = []
        masked = prose_mask(block.content, env.get("references"), links)
        for url in links:
            linker.existing(url=url)
        matches = [
            m for m in linker.matcher.find(masked, among=linker.among)
            if not (m.start and masked[m.start - 1] in "!\\[")
        ]  # fmt: skip
        for placed in linker.choose(matches):
            start = _to_file(block, placed.match.start)
            end = _to_file(block, placed.match.end)
            edits.append((start, end, placed))
    if not edits:
        return text
    out: list[str] = []
    last = 0
    for start, end, placed in sorted(edits, key=lambda e: e[0]):
        out.append(text[last:start])
        out.append(link_markdown(text[start:end], placed, titles))
        last = end
    out.append(text[last:])
    return "".join(out)
