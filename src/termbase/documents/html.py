"""HTML chapters → Document: only the main content, parsed by lxml.

The content is the page's `<main>`, else its `<article>` or `[role=main]`, else its body
(or the whole fragment), without navigation, headers, footers, sidebars, scripts and
forms, which repeat on every page. `<dfn>` marks a defined term; an `<a>` without href
(ReSpec's link to a defined term) counts like a `:term:` role; `data-include` sections
(ReSpec, W3C specs) give the document's table of contents.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

import lxml.html
from lxml import etree

from termbase.documents.builder import link_kind, unclosed_table_problem, unclosed_tables, word_set
from termbase.documents.model import ASIDE, EXERCISE, TERM_ROLE, Document, Problem
from termbase.documents.order import CONTENTS_PAGES
from termbase.documents.tree import SPAN_TAGS, TreeWalker, Vocabulary

_XML_DECLARATION = re.compile(r"^\s*<\?xml[^>]*\?>")
_LOCAL_PAGE = re.compile(r"^(?![a-z][a-z0-9+.-]*:|/|#)[^#?\s]+\.(?:html?|xhtml)$", re.I)
_HEADINGS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
_CHROME = (
    "//nav | //header | //footer | //aside | //script | //style | //noscript | //template | //form"
    " | //*[@role='navigation'] | //*[@role='banner'] | //*[@role='contentinfo'] | //*[@aria-hidden='true']"
    " | //*[contains(concat(' ', normalize-space(@class), ' '), ' sidebar ')]"
    " | //*[contains(concat(' ', normalize-space(@class), ' '), ' toc ')]"
    " | //*[contains(concat(' ', normalize-space(@class), ' '), ' headerlink ')]"
)


def _link(element: etree._Element) -> tuple[str, str]:
    href = element.get("href")
    if href is None:
        return TERM_ROLE, "".join(element.itertext())
    return link_kind(href), href


VOCABULARY = Vocabulary(
    headings=lambda name: _HEADINGS.get(name, 0),
    sections=word_set("section article"),
    title="",
    blocks=word_set("p figcaption caption summary address"),
    containers=word_set("div main body ul ol dl table thead tbody tfoot tr blockquote figure details center"),
    code=word_set("pre script style math svg"),
    skip=word_set("nav header footer aside noscript template form button select img iframe video audio"),
    inline=dict(SPAN_TAGS),
    kinds={"details": ASIDE, "aside": ASIDE, "dialog": EXERCISE},
    link=_link,
)


def _main_content(root: etree._Element) -> etree._Element:
    for path in ("//main", "//*[@role='main']", "//article", "//body"):
        found = root.xpath(path)
        if found:
            return found[0]
    return root


def parse_html(text: str, path: str) -> Document:
    """Return the HTML chapter `text` (read from `path`) as a Document."""
    problems: list[Problem] = []
    text = _XML_DECLARATION.sub("", text, count=1)  # lxml refuses a str that declares an encoding
    try:
        root = lxml.html.document_fromstring(text) if "<html" in text[:2000].lower() else \
            lxml.html.fragment_fromstring(text, create_parent="div")
    except (etree.ParserError, ValueError) as error:
        return Document(path, "html", "", (), (), problems=(Problem(1, f"HTML could not be parsed: {error}",
                                                                      "check the file is HTML"),))
    problems.extend(unclosed_table_problem(line) for line in unclosed_tables([(text, 1)]))
    title_element = root.find(".//title")
    title = " ".join(title_element.text_content().split()) if title_element is not None else ""
    for element in root.xpath(_CHROME):
        if element.getparent() is not None:
            element.drop_tree()
    content = _main_content(root)
    walker = TreeWalker(VOCABULARY)
    walker.walk(content)
    if PurePosixPath(path).stem.lower() in CONTENTS_PAGES and not walker.toc:  # an index page's links
        walker.toc.extend(href for href in content.xpath(".//a/@href") if _LOCAL_PAGE.match(href))
    if not title:
        title = next((s.title for s in walker.sections if s.title), "")
    return Document(path, "html", title, tuple(walker.sections), tuple(walker.blocks), toc=tuple(walker.toc),
                    problems=tuple(problems))
