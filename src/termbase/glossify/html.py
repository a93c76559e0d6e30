"""Glossify HTML: wrap terms in prose text in links, and leave every other byte as it was.

The page is scanned once for tags, comments and character references (a regular
expression, no tree is built): the prose between them is matched, and the links are
spliced into the page's own text, so its markup comes out exactly as it went in. Nothing
inside headings, links, code, preformatted text, scripts, styles, math, SVG, form controls
or elements marked `data-termbase="off"` (or the class `no-glossify`) is linked, and
attributes are never touched. Each block element (p, li, td, dd, blockquote …) is a
paragraph for the density rules; a heading starts a section.
"""

from __future__ import annotations

import html as html_text
import re
from bisect import bisect_right
from functools import cache, lru_cache
from itertools import accumulate
from typing import NamedTuple

from termbase.context_words import context_words
from termbase.glossify.linker import Linker

TERM_CLASS = "termbase-term"
_SKIP = frozenset(
    {"a", "code", "pre", "kbd", "samp", "var", "tt", "script", "style", "noscript", "template",
     "textarea", "select", "option", "button", "label", "math", "svg", "head", "title", "abbr",
     "dfn", "iframe", "object", "canvas", "time", "nav", "footer"}  # a site's menus and footer are no prose
)
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6", "header", "caption", "th", "figcaption", "dt"})
_SECTION_STARTS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_BLOCKS = frozenset(
    {"p", "li", "td", "dd", "blockquote", "div", "section", "article", "main", "aside", "figure",
     "details", "summary", "body", "ul", "ol", "dl", "table", "tr"}
)
_SKIP_CLASSES = frozenset({"no-glossify", TERM_CLASS, "highlight", "arithmatex", "MathJax", "katex"})
_NEVER = _SKIP | _HEADINGS
#: Elements whose content is raw text (no tags inside): jumped over to their end tag.
_RAW_TEXT = frozenset({"script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes"})
_VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
)



@cache
def _attribute() -> re.Pattern[str]:
    """A tag's attribute (compiled on first use, as `_document_marks`: a site build with the MkDocs
    plugin uses neither, and each costs its import time otherwise)."""
    return re.compile(r"""([^\s"'=<>`/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?""")


_MASK = "\x00"


def _attributes(text: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for match in _attribute().finditer(text):
        value = match.group(2) if match.group(2) is not None else match.group(3) or match.group(4) or ""
        found.setdefault(match.group(1).lower(), html_text.unescape(value))
    return found


def _skipped(tag: str, attributes: str) -> tuple[bool, dict[str, str]]:
    """Return whether an element is never linked inside, and its attributes when read."""
    if tag in _NEVER:
        return True, _attributes(attributes) if tag == "a" and attributes else {}
    named = attributes.lower()  # (attribute names, and the values of translate, in any case)
    if not attributes or ("class" not in named and "data-termbase" not in named and "translate" not in named):
        return False, {}
    values = _attributes(attributes)
    if values.get("data-termbase") == "off" or values.get("translate", "").lower() == "no":
        return True, values
    classes = values.get("class")
    return bool(classes) and not _SKIP_CLASSES.isdisjoint(classes.split()), values


_P_ENDERS = (
    "p", "div", "ul", "ol", "dl", "table", "pre", "blockquote", "section", "h1", "h2", "h3", "h4", "h5",
    "h6", "hr", "figure", "details", "main", "article", "aside", "header", "footer",
)  # fmt: skip
#: Elements whose end tag may be left out: the start tags, then the end tags, that end them then.
_ENDED_BY: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "dt": (("dt", "dd"), ("dl",)),
    "th": (("th", "td", "tr", "tbody", "tfoot"), ("tr", "thead", "tbody", "table")),
    "li": (("li",), ("ul", "ol")),
    "option": (("option", "optgroup"), ("select", "optgroup")),
    "p": (_P_ENDERS, ("div", "li", "td", "th", "dd", "blockquote", "section", "article", "main", "body")),
}


@lru_cache(maxsize=64)
def _same_tag(tag: str) -> re.Pattern[str]:
    """Return a pattern for the start and end tags of one element name, and of the elements
    that end it when its end tag is left out (to skip its content)."""
    starts, ends = _ENDED_BY.get(tag, ((), ()))
    names = "|".join(re.escape(name) for name in dict.fromkeys((tag, *starts, *ends)))
    return re.compile(rf"<(/?)({names})(?=[\s/>])((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>", re.IGNORECASE)


#: Elements that may lack their end tag and may hold lists or tables of their own: inside one
#: of these containers, a start tag of the element belongs to the inner list, not to ours.
_SCOPES: dict[str, tuple[str, ...]] = {"li": ("ul", "ol"), "dt": ("dl",), "th": ("table",)}


def _skip_to_end(page: str, tag: str, position: int, end: int) -> int:
    """Return where the element opened just before `position` ends (after its end tag), or `end`.

    The open elements are kept as a stack of the element's own kind and its scope containers
    (a `<li>` and the lists inside it), so that `<li>a<ul><li>b</ul>` ends after the nested
    list, not at its first item."""
    open_names = [tag]
    finder = _same_tag(tag)
    starts, ends = _ENDED_BY.get(tag, ((), ()))
    scopes = _SCOPES.get(tag, ())
    while open_names:
        found = finder.search(page, position, end)
        if found is None:
            return end
        name, closing = found.group(2).lower(), bool(found.group(1))
        if closing:
            if name in open_names:
                while open_names.pop() != name:
                    pass  # elements without their end tag, ended by their container's
                if not open_names:
                    return found.end()
            elif len(open_names) == 1 and name in ends:
                return found.start()  # `<li>a</ul>`: the list's end tag ends the item
        else:
            if open_names[-1] == tag and name in starts:
                open_names.pop()  # `<dt>a<dd>`: the next element ends the one without its end tag
                if not open_names:
                    return found.start()
            if (name == tag or name in scopes) and not found.group(3).endswith("/"):
                open_names.append(name)
        position = found.end()
    return position


class Prose(NamedTuple):
    """The prose of a page: its runs of text joined by NUL (which no match crosses), and where
    each run starts in the joined text and in the page."""

    text: str
    starts: list[int]
    offsets: list[int]

    def to_page(self, position: int) -> int:
        """Return the offset in the page of a position in the joined text."""
        run = bisect_right(self.starts, position) - 1
        return self.offsets[run] + position - self.starts[run]

    def to_text(self, offset: int) -> int:
        """Return the position in the joined text of an offset in the page (the next run's
        start when the offset is in markup)."""
        run = bisect_right(self.offsets, offset) - 1
        if run < 0:
            return 0
        run_end = self.starts[run + 1] - 1 if run + 1 < len(self.starts) else len(self.text)
        return self.starts[run] + min(offset - self.offsets[run], run_end - self.starts[run])


_TAG_BODY = r"(?:[^>\"']|\"[^\"]*\"|'[^']*')*"
#: Elements skipped whole that never hold another of their kind and always have an end tag:
#: matched with their content in one go. (dt, th and option may lack an end tag: see `_marked`.)
_WHOLE = sorted(_NEVER - {"dt", "th", "option"})
_WHOLE_NAMES = "|".join(_WHOLE)
#: The page (in lower case) split into prose and markup: a skipped element with its content, a comment, a
#: declaration or processing instruction, or a tag. (Every piece starts with `<`: the search for one
#: is a plain search for that character.)
_PIECES = re.compile(
    rf"(<({_WHOLE_NAMES})(?=[\s/>]){_TAG_BODY}(?<!/)>.*?</\2\s*>"
    r"|<!--.*?(?:-->|\Z)|<![^>]*>?|<\?[^>]*>?"
    rf"|</?[A-Za-z][^\s/>]*{_TAG_BODY}>)",
    re.DOTALL,
)
#: A character reference in prose is markup too (not the spaces: see `_SPACE_REFERENCES`).
_REFERENCE = re.compile(
    r"(&(?!nbsp;|#160;|#x[aA]0;|#32;)(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});)"
)
#: Start tags of elements skipped by their attributes (class, data-termbase, translate), and of
#: those skipped whose end tag may be missing: each is followed to its end in Python.
_MARKED = re.compile(
    rf"<(?!(?:{_WHOLE_NAMES})[\s/>])"
    r"((?:dt|th|option)(?=[\s/>])|[A-Za-z][^\s/>]*(?=\s[^>]*?\b(?:class|data-termbase|translate)\s*=))"
    rf"({_TAG_BODY})>",
)
_BLOCK_TAG = re.compile(rf"</?(?:{'|'.join(sorted(_BLOCKS))})(?=[\s/>])")
_SECTION_TAG = re.compile(r"<h[1-6](?=[\s/>])")
_TERM_LINK = re.compile(rf"<a\s([^>]*?\b{TERM_CLASS}\b[^>]*)>")
_SPACE_REFERENCES = ("&nbsp;", "&#160;", "&#xa0;", "&#xA0;", "&#32;")


class Events(NamedTuple):
    """Where the density rules hear of something: block starts and ends, section starts
    (headings), and term links already in the page (offset, href, concept id), each in order."""

    blocks: list[int]
    sections: list[int]
    existing: list[tuple[int, str, str]]


def _ascii_lower(text: str) -> str:
    """Return `text` with its ASCII letters in lower case, every other character as it is (tag
    and attribute names are ASCII; a letter beyond ASCII is a word character in either case).
    Through UTF-8 bytes: `str.lower` of text beyond ASCII looked each character up in Unicode's
    tables, several times the cost of the whole round trip."""
    return text.encode("utf-8", "surrogatepass").lower().decode("utf-8", "surrogatepass")


def _marked(region: str, low: str) -> list[tuple[int, int]]:
    """Return (start, end) of every element skipped by its attributes (or that may lack its end
    tag), start tag to end tag, outermost only. `low` is `region` in lower case."""
    found: list[tuple[int, int]] = []
    done = 0
    for tag in _MARKED.finditer(low):
        if tag.start() < done:
            continue  # inside one found already
        name = tag.group(1)
        if not _skipped(name, region[tag.start(2) : tag.end(2)])[0]:
            continue
        done = tag.end()
        if not (name in _VOID or tag.group(2).endswith("/")):
            done = _skip_to_end(low, name, done, len(low))
        found.append((tag.start(), done))
    return found


def _masked(text: str, spans: list[tuple[int, int]]) -> str:
    """Return `text` with each (start, end) span replaced by NUL."""
    if not spans:
        return text
    pieces: list[str] = []
    done = 0
    for start, end in spans:
        pieces.append(text[done:start])
        pieces.append(_MASK * (end - start))
        done = end
    pieces.append(text[done:])
    return "".join(pieces)


def _with_references(parts: list[str]) -> list[str]:
    """Return the pieces of `_PIECES.split` with each character reference in the prose split
    off as markup (no element name), as one pattern for both would have split them."""
    out: list[str] = []
    for index in range(0, len(parts), 3):
        prose = parts[index]
        if "&" in prose:
            pieces = _REFERENCE.split(prose)  # prose, reference, prose, …, prose
            out.append(pieces[0])
            for at in range(1, len(pieces), 2):
                out.extend((pieces[at], None, pieces[at + 1]))  # type: ignore[arg-type]
        else:
            out.append(prose)
        out.extend(parts[index + 1 : index + 3])
    return out


def scan(page: str, start: int = 0, end: int | None = None) -> tuple[Prose, Events]:
    """Return the prose of `page[start:end]` and its events (offsets are into that region).

    The work is done by regular expressions over the whole region (its ASCII letters in lower
    case: tag names are not case-sensitive); Python steps only through elements skipped by their
    attributes and the term links already there."""
    region = page[start : len(page) if end is None else end]
    low = region.lower() if region.isascii() else _ascii_lower(region)
    skipped = _marked(region, low)
    region, low = _masked(region, skipped), _masked(low, skipped)
    parts = _PIECES.split(low)  # prose, markup, element name, prose, markup, element name, …, prose
    if "&" in low:
        parts = _with_references(parts)
    run_lengths = list(map(len, parts[0::3]))
    lengths = [0] * (len(parts) // 3 * 2 + 1)  # prose, markup, …, prose (the names are no text)
    lengths[0::2] = run_lengths
    lengths[1::2] = map(len, parts[1::3])
    ends = list(accumulate(lengths))
    offsets = [0, *ends[1::2]]
    run_ends = ends[0::2]
    runs = list(map(region.__getitem__, map(slice, offsets, run_ends)))
    text = _MASK.join(runs)
    if "&" in text:
        for reference in _SPACE_REFERENCES:
            text = text.replace(reference, " " * len(reference))
    starts = list(accumulate(map((1).__add__, run_lengths), initial=0))[:-1]  # (no Python step a run)
    existing = []
    for link in _TERM_LINK.finditer(low):
        values = _attributes(region[link.start(1) : link.end(1)])
        if TERM_CLASS in values.get("class", "").split():
            existing.append((link.start(), values.get("href", ""), values.get("data-termbase", "")))
    blocks = [tag.start() for tag in _BLOCK_TAG.finditer(low)]
    sections = [tag.start() for tag in _SECTION_TAG.finditer(low)]
    return Prose(text, starts, offsets), Events(blocks, sections, existing)


_NEEDS_ESCAPE = re.compile(r"[&<>\"']")


def _escaped(text: str) -> str:
    return html_text.escape(text) if _NEEDS_ESCAPE.search(text) else text


def make_link(url: str, concept_id: str, definition: str, text: str, tooltips: bool | str) -> str:
    """Return the <a> element for a chosen match, around `text` (HTML as it stood). `tooltips`:
    True puts the definition in the link's title; "shared" names the concept in
    `data-termbase` (definitions come from one script for the whole site, see
    termbase-tooltips.js); False adds neither."""
    return f"{_opening(url, concept_id, definition, tooltips)}{text}</a>"


def _opening(url: str, concept_id: str, definition: str, tooltips: bool | str) -> str:
    attributes = f'class="{TERM_CLASS}" href="{_escaped(url)}"'
    if tooltips == "shared":
        attributes += f' data-termbase="{_escaped(concept_id)}"'
    elif tooltips and definition:
        attributes += f' title="{_escaped(definition)}"'
    return f"<a {attributes}>"


def glossify_region(page: str, linker: Linker, tooltips: bool | str, start: int = 0, end: int | None = None,
                    openings: dict[str, str] | None = None) -> tuple[str, int]:  # fmt: skip
    """Return `page` with links added between `start` and `end`, and how many were added.

    Matches are handed to the linker in reading order, after the sections, blocks and existing
    links before them; a label several concepts share is decided by the words of its block.
    `openings` keeps each concept's `<a …>` for the next page whose links go to the same
    addresses (the caller's: one dict per address function and `tooltips`).
    """
    end = len(page) if end is None else end
    prose, events = scan(page, start, end)
    region = page[start:end]
    blocks, sections, existing = events
    seen_blocks = seen_sections = seen_links = 0
    no_more = len(region) + 1
    boundary = min(blocks[0] if blocks else no_more, sections[0] if sections else no_more)

    def reach(offset: int) -> None:
        """Tell the linker of the section or block boundaries up to `offset`."""
        nonlocal seen_blocks, seen_sections, boundary
        now_sections, now_blocks = bisect_right(sections, offset), bisect_right(blocks, offset)
        if now_sections != seen_sections:
            linker.section()
        elif now_blocks != seen_blocks:
            linker.paragraph()
        seen_sections, seen_blocks = now_sections, now_blocks
        boundary = min(
            blocks[now_blocks] if now_blocks < len(blocks) else no_more,
            sections[now_sections] if now_sections < len(sections) else no_more,
        )

    bounds: list[int] = []
    block_words: dict[int, frozenset[str]] = {}

    def words_around(begin: int, _: int) -> frozenset[str]:
        if not bounds:
            bounds.extend(sorted({0, *blocks, *sections}))
        index = bisect_right(bounds, prose.to_page(begin)) - 1
        if index not in block_words:
            after = prose.to_text(bounds[index + 1]) if index + 1 < len(bounds) else len(prose.text)
            block_words[index] = context_words(prose.text[prose.to_text(bounds[index]) : after])
        return block_words[index]

    matcher = linker.matcher
    if openings is None:
        openings = {}  # a concept's <a …> on this page
    out: list[str] = []
    last = 0
    starts, offsets = prose.starts, prose.offsets
    # `linker.take` inlined (a call less for each of a page's matches): the sets it reads are
    # cleared in place at sections and paragraphs, never replaced.
    seen, skip, used = linker.seen_set(), linker.skip, linker.used
    next_link = existing[0][0] if existing else no_more
    for begin, finish, concept_id, _ in matcher.spans(prose.text, context=words_around, among=linker.among):
        run = bisect_right(starts, begin) - 1  # a match lies in one run of text
        shift = offsets[run] - starts[run]
        begin += shift
        finish += shift
        if begin >= next_link:
            while seen_links < len(existing) and existing[seen_links][0] <= begin:
                at, href, linked_id = existing[seen_links]
                reach(at)
                linker.existing(href, linked_id)
                seen_links += 1
            next_link = existing[seen_links][0] if seen_links < len(existing) else no_more
        if begin >= boundary:
            reach(begin)
        if concept_id in seen or not concept_id or concept_id in skip:
            continue
        seen.add(concept_id)
        used[concept_id] = used.get(concept_id, 0) + 1
        opening = openings.get(concept_id)
        if opening is None:
            definition = matcher.definition(concept_id) if tooltips is True else ""
            opening = _opening(linker.url_for(concept_id), concept_id, definition, tooltips)
            openings[concept_id] = opening
        out.append(region[last:begin])
        out.append(f"{opening}{region[begin:finish]}</a>")
        last = finish
    if not out:
        return page, 0
    out.append(region[last:])
    return page[:start] + "".join(out) + page[end:], len(out) // 2


def glossify_fragment(
    html: str, linker: Linker, tooltips: bool | str = True, openings: dict[str, str] | None = None
) -> str:
    """Return an HTML fragment (a page body's content) with links added (`openings`: see
    `glossify_region`)."""
    return glossify_region(html, linker, tooltips, openings=openings)[0]


@cache
def _document_marks() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """Return the patterns of a whole document's <body>, </body>, </head>, and the places <head>
    content can follow (<head>, <html>, the doctype)."""
    return (
        re.compile(r"<body(?:\s(?:[^>\"']|\"[^\"]*\"|'[^']*')*)?>", re.IGNORECASE),
        re.compile(r"</body\s*>", re.IGNORECASE),
        re.compile(r"</head\s*>", re.IGNORECASE),
        re.compile(r"<head(?:\s[^>]*)?>|<html(?:\s[^>]*)?>|<!doctype[^>]*>", re.IGNORECASE),
    )


def glossify_document(html: str, linker: Linker, tooltips: bool = True, head_extra: str = "") -> str:
    """Return a whole HTML document with links added in its body (the whole text when it has
    no <body> tag), and `head_extra` at the end of <head>."""
    body_mark, body_end_mark, head_end_mark, head_place_mark = _document_marks()
    body = body_mark.search(html)
    start = body.end() if body else 0
    closing = body_end_mark.search(html, start)
    end = closing.start() if closing else len(html)
    out, _ = glossify_region(html, linker, tooltips, start, end)
    if head_extra:
        head_end = head_end_mark.search(out, 0, start if body else len(out))
        if head_end is not None:
            out = out[: head_end.start()] + head_extra + out[head_end.start() :]
        else:
            places = list(head_place_mark.finditer(out, 0, start if body else len(out)))
            at = places[-1].end() if places else 0  # after <head>, else <html>, else the doctype
            out = out[:at] + head_extra + out[at:]
    return out
