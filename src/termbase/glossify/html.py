"""Glossify HTML: wrap terms in prose text nodes in links, keeping the tree's structure (lxml).

Text is read in document order; nothing inside headings, links, code, preformatted text,
scripts, styles, math, SVG, form controls or elements marked `data-termbase="off"` (or the
class `no-glossify`) is linked, and attributes are never touched. Each block element (p,
li, td, dd, blockquote …) is a paragraph for the density rules; a heading starts a section.
"""

from __future__ import annotations

from collections.abc import Iterator

import lxml.html
from lxml import etree

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
     "details", "summary", "body"}
)
_SKIP_CLASSES = frozenset({"no-glossify", "termbase-term", "highlight", "arithmatex", "MathJax", "katex"})


def _skipped(element: etree._Element) -> bool:
    tag = element.tag if isinstance(element.tag, str) else ""
    if tag.lower() in _SKIP or tag.lower() in _HEADINGS:
        return True
    if element.get("data-termbase") == "off" or element.get("translate") == "no":
        return True
    classes = element.get("class")
    return bool(classes) and not _SKIP_CLASSES.isdisjoint(classes.split())


def _slots(root: etree._Element) -> Iterator[tuple[str, etree._Element]]:
    """Yield ("section"|"block", element) events and ("text"|"tail", element) text slots."""
    if not isinstance(root.tag, str):
        return
    tag = root.tag.lower()
    if tag in _SECTION_STARTS:
        yield "section", root
    if _skipped(root):
        return
    if tag in _BLOCKS:
        yield "block", root
    if root.text:
        yield "text", root
    for child in root:
        yield from _slots(child)
        if child.tail:
            if tag in _BLOCKS and isinstance(child.tag, str) and child.tag.lower() in _BLOCKS:
                yield "block", root
            yield "tail", child


def make_link(placed: Placed, text: str, tooltips: bool) -> etree._Element:
    """Return the <a> element for a chosen match."""
    link = etree.Element("a", {"class": TERM_CLASS, "href": placed.url})
    if tooltips and placed.definition:
        link.set("title", placed.definition)
    link.text = text
    return link


def glossify_tree(root: etree._Element, linker: Linker, tooltips: bool = True) -> int:
    """Add links inside `root` in place; return how many were added."""
    added = 0
    for event, element in list(_slots(root)):
        if event == "section":
            linker.section()
            continue
        if event == "block":
            linker.paragraph()
            continue
        text = element.text if event == "text" else element.tail
        if not text or not text.strip():
            continue
        chosen = linker.choose(linker.matcher.find(text))
        if not chosen:
            continue
        pieces: list[etree._Element] = []
        last = 0
        before = ""
        for placed in chosen:
            link = make_link(placed, text[placed.match.start : placed.match.end], tooltips)
            if pieces:
                pieces[-1].tail = text[last : placed.match.start]
            else:
                before = text[: placed.match.start]
            pieces.append(link)
            last = placed.match.end
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


def glossify_fragment(html: str, linker: Linker, tooltips: bool = True) -> str:
    """Return an HTML fragment (a page body's content) with links added."""
    if not html.strip():
        return html
    wrapper = lxml.html.fragment_fromstring(html, create_parent="div")
    if not glossify_tree(wrapper, linker, tooltips):
        return html
    inner = [wrapper.text or ""]
    inner.extend(lxml.html.tostring(child, encoding="unicode") for child in wrapper)
    return "".join(inner)


def glossify_document(html: str, linker: Linker, tooltips: bool = True, head_extra: str = "") -> str:
    """Return a whole HTML document with links added (and `head_extra` at the end of <head>)."""
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
