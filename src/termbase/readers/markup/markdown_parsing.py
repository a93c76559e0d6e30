"""What the Markdown readers share: one markdown-it parser, front matter, definition clean-up.

The Markdown readers find a page's structure (headings, list items, definition lists,
tables, front matter) from markdown-it-py's block tokens, whose `map` gives each block's
source lines; definitions are then taken from those source lines, so they stay Markdown.
`clean_markdown` turns site-specific markup that is no plain Markdown into readable text:
MDX components (`<Youtube id=…/>`, `<Tip>`), HTML comments, Pandoc spans (`[x]{#a}`),
doc-builder autodoc links (``[`Class`]``) and MDN KumaScript macros (`{{Glossary("x")}}`).
"""

from __future__ import annotations

import re
import tomllib
from functools import lru_cache

import yaml
from markdown_it import MarkdownIt
from markdown_it.common.utils import normalizeReference
from markdown_it.token import Token
from mdit_py_plugins.deflist import deflist_plugin
from mdit_py_plugins.front_matter import front_matter_plugin

from termbase import safe_yaml
from termbase.errors import InputError
from termbase.labels import parse_term
from termbase.model import Entry, Unused
from termbase.readers.page_text import REASON_HEADING, REASON_TITLE, is_letter_divider

REASON_FRONT_MATTER = "front matter (page metadata)"
REASON_COMMENT = "HTML comment (licence or note, not an entry)"
REASON_OUTSIDE = "text outside any entry ({kind})"

_HTML_COMMENT = re.compile(r"<!--.*?-->", re.S)
_MDX_SELF_CLOSING = re.compile(r"<(?P<name>[A-Z][A-Za-z0-9]*)\b(?P<attrs>[^<>]*?)/>")
_MDX_TAG = re.compile(r"</?[A-Z][A-Za-z0-9]*\b[^<>]*>")
_YOUTUBE_ID = re.compile(r"""\bid\s*=\s*["'](?P<id>[\w-]+)["']""")
_PANDOC_SPAN = re.compile(r"\[(?P<text>[^\]]+)\]\{[^}]*\}")
_AUTODOC_LINK = re.compile(r"\[`(?P<name>[^`\]]+)`\](?![(\[:])")
_KUMA = re.compile(r"\{\{\s*(?P<name>\w+)\s*(?:\((?P<args>[^)]*)\))?\s*\}\}")
_KUMA_ARG = re.compile(r"""["']([^"']*)["']""")
_ANCHOR_LINK = re.compile(r"\[(?P<text>[^\]]+)\]\(#[^)\s]*\)")
_HTTP = re.compile(r"^https?://", re.I)
_BLANK_RUNS = re.compile(r"\n{3,}")

#: KumaScript macros that only draw page furniture; they leave no text.
_KUMA_FURNITURE = frozenset({"glossarysidebar", "cssref", "jssidebar", "htmlsidebar", "apiref"})


@lru_cache(maxsize=1)
def markdown_parser() -> MarkdownIt:
    """Return the shared parser: CommonMark with HTML, tables, definition lists, front matter."""
    return markdown_parser_copy()


@lru_cache(maxsize=1)
def block_parser() -> MarkdownIt:
    """Return the shared parser without its inline phase: block tokens only, each `inline`
    token with its text in `content` but no `children` (a page's inline tokens are most of
    its parse: ~40% of the time and several KB per entry on a large page)."""
    return markdown_parser_copy().disable("inline")


def markdown_parser_copy() -> MarkdownIt:
    """Return a new parser configured as `markdown_parser`."""
    parser = MarkdownIt("commonmark", {"html": True}).use(front_matter_plugin).use(deflist_plugin)
    return parser.enable("table")


def parse_blocks(text: str) -> list[Token]:
    """Return markdown-it's block tokens for `text` (inline tokens hold their text, no children)."""
    return block_parser().parse(text)


def parse_inline(text: str) -> list[Token]:
    """Return markdown-it's tokens for `text`, inline children included (links, emphasis)."""
    return markdown_parser().parse(text)


def token_lines(token: Token) -> tuple[int, int]:
    """Return the 1-based (first, last) source lines of a block token; last ≥ first."""
    assert token.map is not None
    first = token.map[0] + 1
    return first, max(first, token.map[1])


def source_slice(lines: list[str], first: int, last: int) -> str:
    """Return the source lines first..last (1-based, inclusive) joined, trailing spaces stripped."""
    return "\n".join(line.rstrip() for line in lines[first - 1 : last]).strip("\n")


# ── front matter ───────────────────────────────────────────────────────────────────────


def front_matter(text: str, source: str) -> tuple[dict[str, object], int]:
    """Return (front matter mapping, 1-based last line of the front matter) or ({}, 0).

    Raises InputError with the line for front matter that is not valid YAML or not a mapping.
    """
    lines = text.splitlines()
    if lines and lines[0].strip() == "+++":
        return _toml_front_matter(lines, source)
    if not lines or lines[0].strip() != "---":
        return {}, 0
    for number, line in enumerate(lines[1:], start=2):  # noqa: B007 - number is used below
        if line.strip() in ("---", "..."):
            break
    else:
        raise InputError(
            "front matter opened with '---' is never closed",
            path=source,
            line=1,
            hint="end the front matter with a '---' line",
        )
    try:
        data = safe_yaml.load("\n".join(lines[1 : number - 1]), source, first_line=2)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        raise InputError(
            f"front matter is not valid YAML ({getattr(error, 'problem', None) or error})",
            path=source,
            line=(mark.line + 2) if mark is not None else 1,
            hint="fix the YAML between the '---' lines",
        ) from None
    if data is None:
        return {}, number
    if not isinstance(data, dict):
        raise InputError(
            "front matter is not a mapping of keys to values",
            path=source,
            line=2,
            hint="write the front matter as 'key: value' lines",
        )
    return data, number


def _toml_front_matter(lines: list[str], source: str) -> tuple[dict[str, object], int]:
    """Return Hugo's TOML front matter between `+++` lines as `front_matter` does YAML's."""
    end = next((n for n, line in enumerate(lines[1:], start=2) if line.strip() == "+++"), None)
    if end is None:
        raise InputError(
            "front matter opened with '+++' is never closed",
            path=source,
            line=1,
            hint="end the front matter with a '+++' line",
        )
    try:
        data = tomllib.loads("\n".join(lines[1 : end - 1]))
    except tomllib.TOMLDecodeError as error:
        raise InputError(
            f"front matter is not valid TOML ({error})",
            path=source,
            line=1,
            hint="fix the TOML between the '+++' lines",
        ) from None
    return data, end


# ── definitions ────────────────────────────────────────────────────────────────────────


def _kuma_text(match: re.Match[str]) -> str:
    name = match.group("name").casefold()
    if name in _KUMA_FURNITURE:
        return ""
    args = _KUMA_ARG.findall(match.group("args") or "")
    if not args:
        return ""
    if name == "interwiki" and len(args) >= 3:
        return args[2] or args[1]
    if name == "glossary":
        return args[1] if len(args) >= 2 and args[1] else args[0]
    return f"`{args[0]}`"


# ── link references and marker lines ───────────────────────────────────────────────────

#: A link reference definition: `[unions]: items/unions.md "title"`.
LINK_DEFINITION = re.compile(r"^ {0,3}\[(?!\^)[^\]]+\]:\s*\S")
#: A line holding only an identifier: a rule marker `r[glossary.abi]`, `{#id}`, `[[id]]`, `<a id="x"></a>`.
MARKER_LINE = re.compile(
    r"^\s*(?:[A-Za-z][\w-]{0,20}\[[\w.:/-]+\]|\{#[\w.:-]+\}|\[\[[\w.:-]+\]\]"
    r"|<a\s+(?:name|id)=[\"'][^\"']*[\"']\s*/?>\s*(?:</a>)?)\s*$"
)
REASON_LINK_DEFINITION = "link reference definition (where a [text][label] link points)"
REASON_MARKER = "anchor or rule marker (an identifier line, no text)"
_REFERENCE_LINK = re.compile(r"(?<![\]!\\])\[(?P<text>[^\[\]]+)\](?:\[(?P<label>[^\[\]]*)\]|(?![(\[:]))")


def link_references(text: str) -> dict[str, str]:
    """Return the page's link reference definitions: normalised label → target (markdown-it's)."""
    if "]:" not in text:  # every definition is `[label]:`; a page without one needs no parse
        return {}
    env: dict[str, dict[str, dict[str, str]]] = {}
    block_parser().parse(text, env)  # link reference definitions are blocks
    return {label: str(ref.get("href", "")) for label, ref in env.get("references", {}).items()}


def resolve_reference_links(text: str, references: dict[str, str]) -> str:
    """Return `text` with `[text][label]`, `[label][]` and `[label]` links made plain Markdown.

    A web target becomes an inline link `[text](https://…)`; a target only the site can
    follow (`items/unions.md`) leaves the link text. Brackets naming no definition stay.
    """
    if not references:
        return text

    def replace(match: re.Match[str]) -> str:
        words = match.group("text")
        label = match.group("label")
        target = references.get(normalizeReference(label or words))
        if target is None:
            return match.group(0)
        return f"[{words}]({target})" if _HTTP.match(target) else words

    return _REFERENCE_LINK.sub(replace, text)


def furniture_reason(line: str) -> str:
    """Return why a line holds no text of an entry (a link definition or a marker), or ''."""
    if LINK_DEFINITION.match(line):
        return REASON_LINK_DEFINITION
    if SHORTCODE_LINE.match(line):
        return REASON_SHORTCODE
    return REASON_MARKER if MARKER_LINE.match(line) else ""


#: A line that is only a Hugo shortcode (`{{< toc >}}`, `{{% /notice %}}`): page furniture.
SHORTCODE_LINE = re.compile(r"^\s*\{\{[<%]\s*/?[\w.-]+[^{}]*[%>]\}\}\s*$")
REASON_SHORTCODE = "site template tag (a Hugo shortcode line, no text)"


def trim_furniture(lines: list[str], first: int, last: int) -> int:
    """Return `last` (1-based) moved up past blank, link-definition and marker lines (not past `first`).

    Definitions collected at a page's end, and the marker of the next heading, are no part of
    the entry above them.
    """
    while last > first and (not lines[last - 1].strip() or furniture_reason(lines[last - 1])):
        last -= 1
    return last


def _without_furniture(text: str) -> str:
    """Return `text` without link definition and marker lines (lines inside code fences stay)."""
    kept: list[str] = []
    fence = ""
    for line in text.split("\n"):
        opening = re.match(r"^\s*(`{3,}|~{3,})", line)
        if fence:
            closes = opening and opening.group(1)[0] == fence[0] and len(opening.group(1)) >= len(fence)
            fence = "" if closes else fence
        elif opening:
            fence = opening.group(1)
        elif furniture_reason(line):
            continue
        kept.append(line)
    return "\n".join(kept)


#: A Docusaurus / VitePress admonition fence: `:::tip`, `:::note[Title]`, `::: warning Title`, then `:::`.
_ADMONITION_OPEN = re.compile(
    r"^[ \t]*:::[ \t]*(?P<kind>[A-Za-z][\w-]*)(?:\[(?P<bracket>[^\]]*)\]|[ \t]+(?P<title>.*?))?"
    r"[ \t]*(?:\{[^}]*\})?[ \t]*$"
)
_ADMONITION_CLOSE = re.compile(r"^[ \t]*:::[ \t]*$")


def _fenced_admonitions(text: str) -> str:
    """Return text with each closed admonition fence made a lead (`:::tip` … `:::` → `Tip: …`)."""
    lines = text.split("\n")
    opened: list[int] = []
    leads: dict[int, str] = {}
    closes: set[int] = set()
    for index, line in enumerate(lines):
        if (match := _ADMONITION_OPEN.match(line)) is not None:
            opened.append(index)
            title = (match["bracket"] or match["title"] or "").strip()
            leads[index] = f"{title or match['kind'].capitalize()}: "
        elif _ADMONITION_CLOSE.match(line) and opened:
            closes.update((opened.pop(), index))
    kept: list[str] = []
    lead = ""
    for index, line in enumerate(lines):
        if index in closes:
            lead = leads.get(index, "")
            continue
        kept.append(lead + line if lead and line.strip() else line)
        lead = lead if not line.strip() else ""
    return "\n".join(kept)


def clean_markdown(text: str) -> str:
    """Return Markdown with site-specific markup turned into readable plain Markdown.

    HTML comments, link definition and marker lines, and MDX components are dropped (their
    inner text kept); admonition fences (`:::tip` … `:::`) lead their text (`Tip: …`); Pandoc spans,
    in-page `#anchor` links and autodoc links become their text, KumaScript macros their
    visible text; trailing spaces go and runs of blank lines shrink to one.
    """
    text = _HTML_COMMENT.sub("", text)
    text = _without_furniture(text)
    if ":::" in text:
        text = _fenced_admonitions(text)
    text = _MDX_SELF_CLOSING.sub("", text)
    text = _MDX_TAG.sub("", text)
    text = _PANDOC_SPAN.sub(lambda m: m.group("text"), text)
    text = _AUTODOC_LINK.sub(lambda m: f"`{m.group('name')}`", text)
    text = _KUMA.sub(_kuma_text, text)
    text = _ANCHOR_LINK.sub(lambda m: m.group("text"), text)
    text = "\n".join(line.rstrip() for line in text.splitlines())
    return _BLANK_RUNS.sub("\n\n", text).strip()


def youtube_links(text: str) -> list[str]:
    """Return a watch URL for each `<Youtube id="…"/>` component in `text`."""
    links = []
    for match in _MDX_SELF_CLOSING.finditer(text):
        if match.group("name") == "Youtube" and (found := _YOUTUBE_ID.search(match.group("attrs"))):
            links.append(f"https://www.youtube.com/watch?v={found.group('id')}")
    return links


def _walk_links(tokens: list[Token]) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for token in tokens:
        children = token.children or []
        for index, child in enumerate(children):
            if child.type != "link_open":
                continue
            href = str(child.attrs.get("href", ""))
            words = []
            for inner in children[index + 1 :]:
                if inner.type == "link_close":
                    break
                words.append(inner.content)
            found.append((href, "".join(words).strip()))
    return found


def markdown_links(text: str) -> list[tuple[str, str]]:
    """Return (href, link text) for every inline and reference link in Markdown `text`."""
    return _walk_links(parse_inline(text))


def web_links(text: str) -> tuple[str, ...]:
    """Return the absolute http(s) URLs that Markdown `text` links to, in order, once each."""
    # an http(s) link needs a `://` (parsing is most of a large page's read: skip it when absent)
    urls = [href for href, _ in markdown_links(text) if _HTTP.match(href)] if "://" in text else []
    return tuple(dict.fromkeys([*urls, *youtube_links(text)]))


_INLINE_TAG = re.compile(r"</?[A-Za-z][\w:-]*(?:\s[^<>]*)?/?>")


#: A Pandoc / kramdown / markdown-it-attrs attribute list ending a heading: `{#id .class key=val}`,
#: `{.class}`, `{: #id}`, `{-}`; a ` :` or `:` written just before it goes with it (`AABB : {.aabb}`).
_HEADING_ATTRIBUTES = re.compile(
    r"(?:\s*:)?\s*\{:?[ \t]*(?P<attributes>(?:[#.][^\s{}]+|-|[\w-]+=(?:\"[^\"\n]*\"|'[^'\n]*'|[^\s}]+))"
    r"(?:[ \t]+(?:[#.][^\s{}]+|-|[\w-]+=(?:\"[^\"\n]*\"|'[^'\n]*'|[^\s}]+)))*)[ \t]*\}\s*$"
)


def heading_attributes(text: str) -> tuple[str, str]:
    """Return (heading text without its trailing attribute list, the list's `#id` or '').

    `## Dot Product {#dot .math}` gives ('Dot Product', 'dot'); `#### AABB : {.aabb}` gives
    ('AABB', ''): the list is markup for the site generator, never part of the term. A heading
    that is only an attribute list is kept as written.
    """
    match = _HEADING_ATTRIBUTES.search(text)
    if not match or not text[: match.start()].strip():
        return text, ""
    anchor = next((a[1:] for a in match["attributes"].split() if a.startswith("#")), "")
    return text[: match.start()].rstrip(), anchor


def heading_text(token_inline: Token) -> str:
    """Return a heading's text with Markdown emphasis, inline HTML tags (`<a name="x"></a>`
    anchors), a trailing attribute list (`{#id .class}`) and trailing spaces removed."""
    return heading_attributes(raw_heading_text(token_inline))[0]


def raw_heading_text(token_inline: Token) -> str:
    """Return a heading's text with Markdown emphasis, inline HTML tags and trailing spaces removed
    (its attribute list kept)."""
    return " ".join(_INLINE_TAG.sub("", token_inline.content).replace("**", "").split())


#: Fewer letter headings than this are no alphabetical index.
MIN_LETTER_HEADINGS = 3


def index_end_line(tokens: list[Token]) -> int | None:
    """Return the line of the heading that closes a page's alphabetical index, if any.

    A page whose entries sit under letter headings (`### A`, `### B`, …) ends its glossary at
    the first later heading of a higher level (`## Owners` after `### W`): what follows is
    another part of the page, not more entries. None when the page has no such index
    (fewer than three letter headings) or nothing closes it.
    """
    headings = [
        (int(token.tag[1]), token.map[0] + 1, heading_text(tokens[i + 1]))
        for i, token in enumerate(tokens)
        if token.type == "heading_open" and token.map is not None and token.tag[1:].isdigit()
    ]
    letters = [(level, line) for level, line, text in headings if is_letter_divider(text)]
    if len(letters) < MIN_LETTER_HEADINGS:
        return None
    level, last = min(level for level, _ in letters), letters[-1][1]
    return next((line for lvl, line, _ in headings if line > last and lvl < level), None)


def heading_reason(text: str) -> str:
    """Return the reason for a heading that is no entry: a glossary title or a page heading."""
    return REASON_TITLE if "glossary" in text.casefold() and len(text.split()) <= 6 else REASON_HEADING


# ── lines outside entries ──────────────────────────────────────────────────────────────

_BLOCK_KINDS = {
    "paragraph_open": "paragraph",
    "bullet_list_open": "list",
    "ordered_list_open": "list",
    "table_open": "table",
    "fence": "code block",
    "code_block": "code block",
    "blockquote_open": "quote",
    "hr": "divider line",
    "dl_open": "definition list",
    "html_block": "HTML block",
}


def _block_reason(token: Token, lines: list[str]) -> str:
    if token.type == "front_matter":
        return REASON_FRONT_MATTER
    if token.type == "heading_open":
        return ""
    if token.type == "html_block" and token.content.lstrip().startswith("<!--"):
        return REASON_COMMENT
    return REASON_OUTSIDE.format(kind=_BLOCK_KINDS.get(token.type, token.type.removesuffix("_open")))


def unused_outside(
    text: str,
    tokens: list[Token],
    claimed: set[int],
    source: str,
    heading_reasons: dict[int, str] | None = None,
) -> list[Unused]:
    """Return an Unused record for every non-blank line of `text` not in `claimed`.

    Each line is reported by the top-level block it sits in (front matter, comment,
    heading, paragraph, list, table …); headings get `heading_reasons[line]` if given,
    else a page title or page heading reason.
    """
    lines = text.splitlines()
    reasons: dict[int, str] = {}
    if lines and lines[0].strip() == "+++":  # Hugo's TOML front matter, which the parser does not know
        end = next((n for n, line in enumerate(lines[1:], start=2) if line.strip() == "+++"), 0)
        reasons.update(dict.fromkeys(range(1, end + 1), REASON_FRONT_MATTER))
    for index, token in enumerate(tokens):
        if token.level != 0 or token.map is None or token.nesting == -1:
            continue
        first, last = token_lines(token)
        if token.type == "heading_open":
            title = heading_text(tokens[index + 1])
            reason = (heading_reasons or {}).get(first) or heading_reason(title)
        else:
            reason = _block_reason(token, lines)
        for number in range(first, last + 1):
            reasons.setdefault(number, reason)
    return [
        Unused(
            source,
            number,
            line.strip(),
            furniture_reason(line) or reasons.get(number, REASON_OUTSIDE.format(kind="line")),
        )
        for number, line in enumerate(lines, start=1)
        if line.strip() and number not in claimed
    ]


def markdown_entry(source: str, first: int, last: int, term: str, raw: str) -> Entry:
    """Return the entry a Markdown glossary item gives: `term` parsed into labels, the
    Markdown `raw` text cleaned into its definition, and its web links kept."""
    labels, groups = parse_term(term)
    return Entry(
        source=source,
        line=first,
        end_line=last,
        term=term,
        labels=labels,
        groups=groups,
        definition=clean_markdown(raw),
        links=web_links(raw),
    )
