"""Pandoc / PHP Markdown Extra definition lists: a term line, then `:   definition`.

Shape of Carpentries and Pandoc glossaries (example from the test fixtures)::

    ## Glossary

    [hash table]{#hash-table}
    :   A structure that finds a value from its key in about constant time.
    Lines after the first need no indent (lazy continuation).
    See also: [dictionary](#dictionary).

    tuple
    :   A fixed-length sequence of values.

Definition lists are found by mdit-py-plugins' deflist rule. Several term lines before
one definition are synonyms of one entry; several definitions of one term are joined.
A `[term]{#anchor}` span gives the term; links to `#anchor` in "See …" sentences become
see-also targets (named by the term that anchor belongs to). Everything outside the
lists — front matter, headings, command tables, reference links — is reported.
"""

from __future__ import annotations

import re

from markdown_it.token import Token

from termbase.labels import parse_term
from termbase.model import Entry, ReadResult
from termbase.readers.base import entries_and_unused
from termbase.readers.markup.markdown_parsing import (
    clean_markdown,
    front_matter,
    heading_text,
    link_references,
    markdown_links,
    parse_blocks,
    resolve_reference_links,
    token_lines,
    unused_outside,
    web_links,
)

_SPAN_TERM = re.compile(r"^\[(?P<text>[^\]]+)\]\{(?P<attrs>[^}]*)\}\s*$")
_ANCHOR = re.compile(r"#(?P<id>[\w:.-]+)")
_DD_MARK = re.compile(r"^\s{0,3}[:~][ \t]+")
_SEE = re.compile(r"^\s*see(?: also)?\b", re.I)
MIN_ENTRIES = 3


_STRONG = re.compile(r"(\*\*|__)\s*(?P<text>.+?)\s*\1")
_EMPHASIS = re.compile(r"(?<![\w*])([*_])(?P<text>[^*_]+?)\1(?![\w*])")


def _plain(text: str) -> str:
    """Return a term line without Markdown strong or emphasis marks: `**ACES**` → `ACES`."""
    return _EMPHASIS.sub(r"\g<text>", _STRONG.sub(r"\g<text>", text))


#: A term line that is one link: `[term](#anchor)`, `[[**term**]{#id}](https://…)`.
_LINK_TERM = re.compile(r"^\[(?P<inner>.+)\]\((?P<href>[^()\s]*)\)$")


#: An empty HTML anchor element beside a term: `**term**<a id="key"></a>`, `<a name="key"></a>term`.
_HTML_ANCHOR = re.compile(r"""<(a|span)\s+(?:id|name)\s*=\s*["']([^"']+)["']\s*>\s*</\1\s*>""", re.I)


def _term_and_anchor(text: str) -> tuple[str, str]:
    """Return (term, anchor id) for a term line such as `[term]{#anchor}`, `[term](#anchor)`,
    `[[**term**]{#anchor}](url)` or `**term**<a id="anchor"></a>`; anchor may be ""."""
    html_anchor = _HTML_ANCHOR.search(text)
    if html_anchor:
        term, anchor = _term_and_anchor(_HTML_ANCHOR.sub(" ", text))
        return term, anchor or html_anchor.group(2)
    link = _LINK_TERM.match(text.strip())
    if link:
        inner, anchor = _term_and_anchor(link["inner"])
        if not anchor and link["href"].startswith("#"):
            anchor = link["href"].removeprefix("#")
        return inner, anchor
    text = _plain(text)
    match = _SPAN_TERM.match(text.strip())
    if not match:
        return " ".join(text.split()), ""
    anchor = _ANCHOR.search(match.group("attrs"))
    return " ".join(match.group("text").split()), anchor.group("id") if anchor else ""


def _groups(text: str) -> list[tuple[list[tuple[int, str]], list[tuple[int, int]]]]:
    """Return each list entry as ([(line, term text)], [(first, last) of each definition])."""
    tokens = parse_blocks(text)
    lines = text.splitlines()
    found: list[tuple[list[tuple[int, str]], list[tuple[int, int]]]] = []
    for index, token in enumerate(tokens):
        if token.type == "dt_open" and token.map is not None:
            line = token.map[0] + 1
            term = tokens[index + 1].content if index + 1 < len(tokens) else ""
            if not found or found[-1][1]:
                found.append(([], []))
            found[-1][0].append((line, term))
        elif token.type == "dd_open" and token.map is not None and found:
            first, last = token_lines(token)
            previous = found[-1][1][-1][1] if found[-1][1] else found[-1][0][-1][0]
            first = max(first, previous + 1)
            while last > first and not lines[last - 1].strip():
                last -= 1
            found[-1][1].append((first, last))
    groups = [group for group in found if group[0] and group[1]]
    groups += _term_line_paragraphs(tokens, lines, groups)
    return sorted(groups + _inline_items(tokens, lines, groups), key=lambda g: g[0][0][0])


#: A paragraph that opens `term : definition` or `Term: definition` on one line (the colon
#: written after the term, not at the start of the next line as Pandoc wants):
#: `[absoluter Pfad]{#absolute-path} : Ein …`, `Tuple: A row of …` in a plain-text page.
#: An Org keyword line (`#+DATE: 24 July`) is the page's metadata, never a term.
_INLINE_ITEM = re.compile(r"^(?P<term>(?!#\+)[^\s:][^:]{0,80}?)\s*:\s+(?P<definition>\S.*)$")


def _inline_items(
    tokens: list[Token], lines: list[str], groups: list[tuple[list[tuple[int, str]], list[tuple[int, int]]]]
) -> list[tuple[list[tuple[int, str]], list[tuple[int, int]]]]:
    """Return the `term : definition` paragraphs of the page when it has three or more of them:
    each is one entry whose definition starts after the colon and runs to the paragraph's end."""
    taken = {n for terms, spans in groups for n in range(terms[0][0], spans[-1][1] + 1)}
    found = []
    tight = 0  # items written `Term: definition`, no space before the colon
    paragraphs = 0
    for token in tokens:
        if token.type != "paragraph_open" or token.level != 0 or token.map is None:
            continue
        paragraphs += 1
        first, last = token_lines(token)
        match = _INLINE_ITEM.match(lines[first - 1].strip())
        if first in taken or not match or len(_term_and_anchor(match["term"])[0].split()) > 6:
            continue
        tight += _tight_colon(lines[first - 1])
        found.append(([(first, match["term"])], [(first, last)]))
    # `Term: definition` is also how prose opens a note (`Note: …`): such paragraphs are a
    # glossary only when they make most of the page's paragraphs.
    if tight and tight < 0.6 * paragraphs:
        found = [item for item in found if not _tight_colon(lines[item[0][0][0] - 1])]
    return found if len(found) >= MIN_ENTRIES else []


def _tight_colon(line: str) -> bool:
    """Return True for a `Term: definition` line (no space before the colon)."""
    match = _INLINE_ITEM.match(line.strip())
    return bool(match) and line.strip()[match.end("term") : match.end("term") + 1] == ":"


def definition_items(text: str) -> int:
    """Return how many definition-list items (`: definition` or `term : definition`) the text holds."""
    if not _DEFINITION_LINE.search(text) and not _INLINE_LINE.search(text):
        return 0
    return len(_groups(text))


#: A kramdown attribute list or extension line (`{:auto_ids}`, `{: .class}`, `{::options …/}`):
#: markup for the block below it, never a term.
_ATTRIBUTE_LIST = re.compile(r"^\{::?[^{}]*\}$")


def _term_line_paragraphs(
    tokens: list[Token], lines: list[str], groups: list[tuple[list[tuple[int, str]], list[tuple[int, int]]]]
) -> list[tuple[list[tuple[int, str]], list[tuple[int, int]]]]:
    """Return the entries the deflist rule leaves in paragraphs: several term lines, one per
    line, then `: definition` lines (Pandoc's synonyms sharing one definition)."""
    taken = {line for terms, _ in groups for line, _ in terms}
    found = []
    for token in tokens:
        if token.type != "paragraph_open" or token.level != 0 or token.map is None:
            continue
        first, last = token_lines(token)
        if first in taken:
            continue
        marks = [n for n in range(first, last + 1) if _DD_MARK.match(lines[n - 1])]
        if not marks or marks[0] == first:
            continue
        terms = [(n, lines[n - 1].strip()) for n in range(first, marks[0])]
        terms = [(n, text) for n, text in terms if not _ATTRIBUTE_LIST.match(text)]
        if not terms or any(len(text.split()) > 12 for _, text in terms):
            continue
        ends = [*marks[1:], last + 1]
        found.append((terms, [(start, end - 1) for start, end in zip(marks, ends, strict=True)]))
    return found


def _definition_text(lines: list[str], first: int, last: int) -> str:
    inline = _INLINE_ITEM.match(lines[first - 1].strip()) if not _DD_MARK.match(lines[first - 1]) else None
    body = [inline["definition"] if inline else _DD_MARK.sub("", lines[first - 1], count=1)]
    body += [re.sub(r"^ {1,4}", "", line) for line in lines[first:last]]
    return "\n".join(body)


#: A definition line: `:   definition`, or Pandoc's other marker `~   definition`.
_DEFINITION_LINE = re.compile(r"^ {0,3}[:~]\s+\S", re.MULTILINE)
_INLINE_LINE = re.compile(r"^[^\s:][^:\n]{0,80}?\s*:\s+\S", re.MULTILINE)

class MarkdownDeflistReader:
    """Reads Pandoc-style definition lists: `Term` then `:   definition`, lazy continuation."""

    name = "markdown-deflist"
    description = "Markdown definition lists (`Term` / `:   definition`, `[term]{#anchor}`)"

    def detect(self, text: str) -> float:
        """Return ≥ 0.6 for a page with 3+ definition-list entries, more the more of it they fill."""
        if not _DEFINITION_LINE.search(text) and not _INLINE_LINE.search(text):
            return 0.0  # no `:   definition` line, no `term : definition` line: skip parsing
        groups = _groups(text)
        if not groups:
            return 0.0
        if len(groups) < MIN_ENTRIES:
            return 0.1 * len(groups)
        used = sum(last - terms[0][0] + 1 for terms, spans in groups for _, last in spans[-1:])
        lines = text.splitlines()
        nonblank = sum(1 for line in lines if line.strip())
        # `Term: definition` paragraphs are plain text's glossary shape, but also how data
        # files write keys (YAML, PO headers): a reader of those shapes should win them.
        tight = sum(1 for terms, _ in groups if _tight_colon(lines[terms[0][0] - 1]))
        if tight * 2 >= len(groups):
            return 0.45  # sure enough when no other reader knows the page, never above one that does
        return max(0.6, min(0.95, used / max(1, nonblank)))

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per term group and its definitions; other lines are reported."""
        lines = text.splitlines()
        references = link_references(text)
        tokens = parse_blocks(text)
        groups = _groups(text)
        anchors: dict[str, str] = {}
        for terms, _ in groups:
            for _, raw in terms:
                term, anchor = _term_and_anchor(raw)
                if anchor:
                    anchors[anchor] = term
        title = ""
        first_dl = groups[0][0][0][0] if groups else 0
        for index, token in enumerate(tokens):
            if token.type == "heading_open" and token.map is not None and token.map[0] < first_dl:
                title = heading_text(tokens[index + 1])
        if not title:
            title = str(front_matter(text, source)[0].get("title", ""))
        entries = []
        claimed: set[int] = set()
        for terms, spans in groups:
            names = [_term_and_anchor(raw)[0] for _, raw in terms]
            raw = "\n\n".join(_definition_text(lines, first, last) for first, last in spans)
            raw = resolve_reference_links(raw, references)
            see_also = []
            for paragraph in re.split(r"(?<=[.;])\s+|\n", raw):
                if _SEE.match(paragraph):
                    for href, label in markdown_links(paragraph):
                        anchor = href.removeprefix("#") if href.startswith("#") else ""
                        see_also.append(anchors.get(anchor, label))
            labels: tuple[str, ...] = ()
            for name in names:
                labels += parse_term(name)[0]
            first, last = terms[0][0], spans[-1][1]
            entries.append(
                Entry(
                    source=source,
                    line=first,
                    end_line=last,
                    term=names[0],
                    labels=tuple(dict.fromkeys(labels)),
                    groups=parse_term(names[0])[1] if len(names) == 1 else (),
                    definition=clean_markdown(raw),
                    see_also=tuple(dict.fromkeys(s for s in see_also if s)),
                    links=web_links(raw),
                )
            )
            claimed.update(range(first, last + 1))
        unused = unused_outside(text, tokens, claimed, source)
        return entries_and_unused(entries, unused, title)
