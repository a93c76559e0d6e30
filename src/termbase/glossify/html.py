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
from collections.abc import Iterator
from typing import NamedTuple

from termbase.glossify.linker import Linker, Placed

TERM_CLASS = "termbase-term"
_SKIP = frozenset(
    {"a", "code", "pre", "kbd", "samp", "var", "tt", "script", "style", "noscript", "template",
     "textarea", "select", "option", "button", "label", "math", "svg", "head", "title", "abbr",
     "dfn", "iframe", "object", "canvas", "time"}
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

#: One piece of markup: a comment, a declaration or processing instruction, a tag (quoted
#: attribute values may hold `>`), or a character reference.
_MARKUP = re.compile(
    r"<!--.*?(?:-->|\Z)"
    r"|<![^>]*>?|<\?[^>]*>?"
    r"|<(/?)([A-Za-z][^\s/>]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>"
    r"|&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});",
    re.DOTALL,
)
_ATTRIBUTE = re.compile(r"""([^\s"'=<>`/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?""")
#: Character references that stand for a space between words (so `multi&nbsp;head` is one term).
_SPACES = frozenset({"&nbsp;", "&#160;", "&#xa0;", "&#xA0;", "&#32;"})
_MASK = "\x00"


class _Event(NamedTuple):
    """Something in the page that the density rules hear of, at offset `at`."""

    at: int
    kind: str  # "section", "block" or "existing"
    href: str = ""
    concept_id: str = ""


def _attributes(text: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for match in _ATTRIBUTE.finditer(text):
        value = match.group(2) if match.group(2) is not None else match.group(3) or match.group(4) or ""
        found.setdefault(match.group(1).lower(), html_text.unescape(value))
    return found


def _skipped(tag: str, attributes: str) -> tuple[bool, dict[str, str]]:
    """Return whether an element is never linked inside, and its attributes when read."""
    if tag in _NEVER:
        return True, _attributes(attributes) if tag == "a" and attributes else {}
    if not attributes or ("class" not in attributes and "data-termbase" not in attributes
                          and "translate" not in attributes):  # fmt: skip
        return False, {}
    values = _attributes(attributes)
    if values.get("data-termbase") == "off" or values.get("translate") == "no":
        return True, values
    classes = values.get("class")
    return bool(classes) and not _SKIP_CLASSES.isdisjoint(classes.split()), values


def scan(page: str, start: int = 0, end: int | None = None) -> tuple[str, list[_Event]]:
    """Return `page[start:end]` with everything that is not prose replaced by NUL (same length,
    so offsets stay those of the page, less `start`), and the events in reading order."""
    end = len(page) if end is None else end
    pieces: list[str] = []
    events: list[_Event] = [_Event(0, "block")]
    skip_tag = ""  # the element being skipped, and how deep in it we are
    depth = 0
    position = start
    while position < end:
        markup = _MARKUP.search(page, position, end)
        if markup is None:
            pieces.append(page[position:end] if not skip_tag else _MASK * (end - position))
            break
        begin, finish = markup.span()
        if begin > position:
            pieces.append(page[position:begin] if not skip_tag else _MASK * (begin - position))
        name = markup.group(2)
        if name is None:  # comment, declaration, character reference
            piece = markup.group()
            pieces.append(" " * len(piece) if not skip_tag and piece in _SPACES else _MASK * len(piece))
            position = finish
            continue
        tag = name.lower()
        closing = bool(markup.group(1))
        attributes = markup.group(3)
        self_closing = tag in _VOID or attributes.endswith("/")
        if tag in _RAW_TEXT and not closing and not self_closing:
            closer = re.compile(rf"</{re.escape(tag)}\s*>", re.IGNORECASE).search(page, finish, end)
            finish = closer.end() if closer else end
        pieces.append(_MASK * (finish - begin))
        position = finish
        at = begin - start
        if skip_tag:
            if tag == skip_tag and not self_closing:
                depth += -1 if closing else 1
                if depth == 0:
                    skip_tag = ""
            continue
        if closing:
            if tag in _BLOCKS:
                events.append(_Event(at, "block"))
            continue
        if tag in _SECTION_STARTS:
            events.append(_Event(at, "section"))
        skipped, values = _skipped(tag, attributes)
        if skipped:
            if tag == "a" and TERM_CLASS in values.get("class", "").split():
                events.append(_Event(at, "existing", values.get("href", ""), values.get("data-termbase", "")))
            if not self_closing and tag not in _RAW_TEXT:
                skip_tag, depth = tag, 1
            continue
        if tag in _BLOCKS:
            events.append(_Event(at, "block"))
    return "".join(pieces), events


def make_link(placed: Placed, text: str, tooltips: bool | str) -> str:
    """Return the <a> element for a chosen match, around `text` (HTML as it stood). `tooltips`:
    True puts the definition in the link's title; "shared" names the concept in
    `data-termbase` (definitions come from one script for the whole site, see
    termbase-tooltips.js); False adds neither."""
    attributes = f'class="{TERM_CLASS}" href="{html_text.escape(placed.url)}"'
    if tooltips == "shared":
        attributes += f' data-termbase="{html_text.escape(placed.match.concept_id)}"'
    elif tooltips and placed.definition:
        attributes += f' title="{html_text.escape(placed.definition)}"'
    return f"<a {attributes}>{text}</a>"


def _chosen(prose: str, events: list[_Event], linker: Linker) -> Iterator[Placed]:
    """Hand the matches in `prose` to the linker in reading order, telling it of each
    section, block and existing link on the way; yield the ones it links."""
    upcoming = iter(events)
    event = next(upcoming, None)
    for match in linker.matcher.find(prose):
        while event is not None and event.at <= match.start:
            if event.kind == "section":
                linker.section()
            elif event.kind == "block":
                linker.paragraph()
            else:
                linker.existing(event.href, event.concept_id)
            event = next(upcoming, None)
        yield from linker.choose((match,))


def glossify_region(page: str, linker: Linker, tooltips: bool | str, start: int = 0, end: int | None = None
                    ) -> tuple[str, int]:  # fmt: skip
    """Return `page` with links added between `start` and `end`, and how many were added."""
    end = len(page) if end is None else end
    prose, events = scan(page, start, end)
    out: list[str] = []
    last = 0
    added = 0
    region = page[start:end]
    for placed in _chosen(prose, events, linker):
        begin, finish = placed.match.start, placed.match.end
        out.append(region[last:begin])
        out.append(make_link(placed, region[begin:finish], tooltips))
        last = finish
        added += 1
    if not added:
        return page, 0
    out.append(region[last:])
    return page[:start] + "".join(out) + page[end:], added


def glossify_fragment(html: str, linker: Linker, tooltips: bool | str = True) -> str:
    """Return an HTML fragment (a page body's content) with links added."""
    return glossify_region(html, linker, tooltips)[0]


_BODY = re.compile(r"<body(?:\s(?:[^>\"']|\"[^\"]*\"|'[^']*')*)?>", re.IGNORECASE)
_BODY_END = re.compile(r"</body\s*>", re.IGNORECASE)
_HEAD_END = re.compile(r"</head\s*>", re.IGNORECASE)
_HEAD_PLACE = re.compile(r"<head(?:\s[^>]*)?>|<html(?:\s[^>]*)?>|<!doctype[^>]*>", re.IGNORECASE)


def glossify_document(html: str, linker: Linker, tooltips: bool = True, head_extra: str = "") -> str:
    """Return a whole HTML document with links added in its body (the whole text when it has
    no <body> tag), and `head_extra` at the end of <head>."""
    body = _BODY.search(html)
    start = body.end() if body else 0
    closing = _BODY_END.search(html, start)
    end = closing.start() if closing else len(html)
    out, _ = glossify_region(html, linker, tooltips, start, end)
    if head_extra:
        head_end = _HEAD_END.search(out, 0, start if body else len(out))
        if head_end is not None:
            out = out[: head_end.start()] + head_extra + out[head_end.start() :]
        else:
            places = list(_HEAD_PLACE.finditer(out, 0, start if body else len(out)))
            at = places[-1].end() if places else 0  # after <head>, else <html>, else the doctype
            out = out[:at] + head_extra + out[at:]
    return out
