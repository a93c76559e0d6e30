"""Glossify HTML: wrap terms in prose text nodes in links, keeping the tree's structure (lxml).

Text is read in document order; nothing inside headings, links, code, preformatted text,
scripts, styles, math, SVG, form controls or elements marked `data-termbase="off"` (or the
class `no-glossify`) is linked, and attributes are never touched. Each block element (p,
li, td, dd, blockquote …) is a paragraph for the density rules; a heading starts a section.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from itertools import accumulate

from lxml import etree

from termbase.glossify.linker import Linker, Placed
from termbase.matcher import Match

TERM_CLASS = "termbase-term"
_PARSER = etree.HTMLParser()
_SKIP = frozenset(
    {"a", "code", "pre", "kbd", "samp", "var", "tt", "script", "style", "noscript", "template",
     "textarea", "select", "option", "button", "label", "math", "svg", "head", "title", "abbr",
     "dfn", "iframe", "object", "canvas", "time"}
)
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6", "header", "caption", "th", "figcaption", "dt"})
_SECTION_STARTS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_BLOCKS = frozenset(
    {"p", "li", "td", "dd", "blockquote", "div", "section", "article", "main", "aside", "figure",
     "details", "summary", "body"}
)
_SKIP_CLASSES = frozenset({"no-glossify", "termbase-term", "highlight", "arithmatex", "MathJax", "katex"})


_NEVER = _SKIP | _HEADINGS


def _skipped(element: etree._Element, tag: str) -> bool:
    if tag in _NEVER or not tag:
        return True
    attributes = element.attrib
    if not attributes:
        return False
    if attributes.get("data-termbase") == "off" or attributes.get("translate") == "no":
        return True
    classes = attributes.get("class")
    return bool(classes) and not _SKIP_CLASSES.isdisjoint(classes.split())


def _slots(root: etree._Element) -> Iterator[tuple[str, etree._Element, str]]:
    """Yield ("section"|"block", element, "") events and ("text"|"tail", element, text) slots
    in reading order (lxml's iterwalk, skipping the subtrees never linked)."""
    walker = etree.iterwalk(root, events=("start", "end"))
    for event, element in walker:
        if event == "end":
            tail = element.tail
            if tail and not tail.isspace() and element is not root:
                yield "tail", element, tail
            continue
        tag = element.tag
        tag = tag.lower() if isinstance(tag, str) else ""
        if tag in _SECTION_STARTS:
            yield "section", element, ""
        if _skipped(element, tag):
            walker.skip_subtree()
            if tag == "a" and TERM_CLASS in (element.get("class") or "").split():
                yield "existing", element, ""
            continue
        if tag in _BLOCKS:
            yield "block", element, ""
        text = element.text
        if text and not text.isspace():
            yield "text", element, text


def make_link(placed: Placed, text: str, tooltips: bool | str) -> etree._Element:
    """Return the <a> element for a chosen match. `tooltips`: True puts the definition in the
    link's title; "shared" names the concept in `data-termbase` (definitions come from one
    script for the whole site, see termbase-tooltips.js); False adds neither."""
    link = etree.Element("a", {"class": TERM_CLASS, "href": placed.url})
    if tooltips == "shared":
        link.set("data-termbase", placed.match.concept_id)
    elif tooltips and placed.definition:
        link.set("title", placed.definition)
    link.text = text
    return link


def glossify_tree(root: etree._Element, linker: Linker, tooltips: bool | str = True) -> int:
    """Add links inside `root` in place; return how many were added.

    All prose text of the tree is matched in one call (slots joined by NUL, which no match
    crosses), then the matches are handed to the linker slot by slot in reading order.
    """
    events = list(_slots(root))
    texts = [text for event, _, text in events if text]
    starts = list(accumulate((len(t) + 1 for t in texts), initial=0))
    by_slot: list[list[Match]] = [[] for _ in texts]
    for match in linker.matcher.find("\x00".join(texts)):
        by_slot[bisect_right(starts, match.start) - 1].append(match)
    added = 0
    slot = -1
    for event, element, _ in events:
        if event == "section":
            linker.section()
            continue
        if event == "block":
            linker.paragraph()
            continue
        if event == "existing":
            linker.existing(element.get("href", ""), element.get("data-termbase", ""))
            continue
        slot += 1
        if not by_slot[slot]:
            continue
        text, shift = texts[slot], starts[slot]  # match offsets are into the joined text
        chosen = linker.choose(by_slot[slot])
        if not chosen:
            continue
        pieces: list[etree._Element] = []
        last = 0
        before = ""
        for placed in chosen:
            start, end = placed.match.start - shift, placed.match.end - shift
            link = make_link(placed, text[start:end], tooltips)
            if pieces:
                pieces[-1].tail = text[last:start]
            else:
                before = text[:start]
            pieces.append(link)
            last = end
        pieces[-1].tail = text[last:]
        if event == "text":
            element.text = before
            for index, piece in enumerate(pieces):
                element.insert(index, piece)
        else:
            element.tail = before
            parent = element.getparent()
            position = parent.index(element) + 1
            for offset, piece in enumerate(pieces):
                parent.insert(position + offset, piece)
        added += len(pieces)
    return added


def glossify_fragment(html: str, linker: Linker, tooltips: bool | str = True) -> str:
    """Return an HTML fragment (a page body's content) with links added."""
    if not html.strip():
        return html
    wrapper = etree.fromstring(f"<div>{html}</div>", _PARSER).find("body/div")
    if wrapper is None or not glossify_tree(wrapper, linker, tooltips):
        return html
    whole = etree.tostring(wrapper, method="html", encoding="unicode", with_tail=False)
    return whole[len("<div>") : -len("</div>")]


def glossify_document(html: str, linker: Linker, tooltips: bool = True, head_extra: str = "") -> str:
    """Return a whole HTML document with links added (and `head_extra` at the end of <head>)."""
    import lxml.html  # whole documents only (the CLI); pages of a site use the plain parser

    root = lxml.html.document_fromstring(html)
    glossify_tree(root.body if root.find("body") is not None else root, linker, tooltips)
    if head_extra:
        head = root.find("head")
        if head is None:
            head = etree.Element("head")
            root.insert(0, head)
        for element in lxml.html.fragments_fromstring(head_extra):
            head.append(element)
    doctype = root.getroottree().docinfo.doctype or "<!DOCTYPE html>"
    return lxml.html.tostring(root, encoding="unicode", doctype=doctype) + "\n"
