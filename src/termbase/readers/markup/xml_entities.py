"""XML prepared for a safe parse: no DOCTYPE, named entities replaced once, line numbers kept.

Documentation XML (DocBook, SGML-era files) uses named entities — `&mdash;`, `&nbsp;`, a
project's own `&product;` — that are often declared in an external DTD the file never
ships, so a plain XML parse fails on the first one. Letting the parser load that DTD
means network access and entity expansion, the road to "billion laughs" attacks.

`prepare_xml` does neither: it blanks the XML declaration and the DOCTYPE (keeping their
line breaks, so every element's line stays what it was), reads the simple declarations
`<!ENTITY name "text">` in the internal subset, and replaces each `&name;` once — by its
declared text, by the HTML/ISO character of that name (`&mdash;` → —), or, for an entity
whose text is not in the file (declared in an external file, or nowhere), by its name
(`&dcache;` → `dcache`): the word it stands for, never `&…;` markup in a label. Replacement
is one pass and never recursive; the text it may add is capped, so no file can make it
blow up. The result is wrapped in one root element, so a fragment with several top-level
elements (a chapter file included by a book) parses too.
"""

from __future__ import annotations

import html.entities
import re
from dataclasses import dataclass

from lxml import etree

from termbase.errors import InputError
from termbase.safe_xml import check_tree, parse_xml

#: The root element wrapped around the prepared text.
WRAPPER = "termbase-xml-fragment"

#: Declared entity texts longer than this are not expanded (the name stands for them).
MAX_ENTITY_CHARS = 1000

#: Expansion may add at most this many characters beyond the file's own size.
MAX_GROWTH_CHARS = 1_000_000

_XML_DECLARATION = re.compile(r"^\s*<\?xml\b[^>]*\?>", re.S)
_DOCTYPE = re.compile(r"<!DOCTYPE\b(?:[^\[>]|\[.*?\])*>", re.S | re.I)
_ENTITY_DECLARATION = re.compile(
    r"""<!ENTITY\s+(?!%)(?P<name>[\w.-]+)\s+(?P<q>["'])(?P<value>.*?)(?P=q)\s*>""", re.S
)
_REFERENCE = re.compile(r"&(?P<name>[A-Za-z_][\w.-]*);")
_PREDEFINED = frozenset({"lt", "gt", "amp", "quot", "apos"})


@dataclass(frozen=True, slots=True)
class PreparedXml:
    """The text to parse and the entity names that were left as written (undeclared)."""

    text: str
    unknown_entities: tuple[str, ...]


def _blank(match: re.Match[str]) -> str:
    """Return the matched text as spaces and its own line breaks (lines keep their numbers)."""
    return re.sub(r"[^\n]", " ", match.group(0))


def _declared(doctype: str) -> dict[str, str]:
    """Return the simple text entities a DOCTYPE's internal subset declares."""
    found: dict[str, str] = {}
    for match in _ENTITY_DECLARATION.finditer(doctype):
        value = match.group("value")
        if len(value) <= MAX_ENTITY_CHARS and "&" not in value and "<" not in value:
            found.setdefault(match.group("name"), " ".join(value.split()))
    return found


def _escaped(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;")


def prepare_xml(text: str, source: str) -> PreparedXml:
    """Return `text` ready for `parse_prepared` (see the module docstring)."""
    doctype = _DOCTYPE.search(text)
    declared = _declared(doctype.group(0)) if doctype else {}
    body = _XML_DECLARATION.sub(_blank, text, count=1)
    body = _DOCTYPE.sub(_blank, body, count=1)
    unknown: list[str] = []
    growth = 0

    def replace(match: re.Match[str]) -> str:
        nonlocal growth
        name = match.group("name")
        if name in _PREDEFINED:
            return match.group(0)
        value = declared.get(name)
        if value is None:
            value = html.entities.html5.get(name + ";")
        if value is None:  # declared outside this file (or nowhere): its name stands for it
            unknown.append(name)
            return name
        growth += len(value)
        if growth > MAX_GROWTH_CHARS:
            raise InputError(
                "entity references would grow the file past its size limit",
                path=source,
                line=text.count("\n", 0, match.start()) + 1,
                hint="declare fewer or shorter entities, or write their text out",
            )
        return _escaped(value)

    body = _REFERENCE.sub(replace, body)
    return PreparedXml(f"<{WRAPPER}>{body}</{WRAPPER}>", tuple(dict.fromkeys(unknown)))


def parse_prepared(prepared: PreparedXml, source: str) -> etree._Element:
    """Return the wrapper element of the prepared text, or raise InputError with the line.

    The parse is `safe_xml`'s: no DTD, no entity resolution, no network, sizes bounded.
    """
    try:
        return parse_xml(
            prepared.text,
            source,
            hint="fix the markup (every tag closed, a bare & written as &amp;) and build again",
        )
    except InputError as error:
        if WRAPPER not in error.message:
            raise
        message = error.message.replace(WRAPPER, "document")
        raise InputError(message, path=error.path, line=error.line, hint=error.hint) from None


_SGML_DOCTYPE = re.compile(r"<!DOCTYPE\s+\w+\s+PUBLIC\s+\"(?P<public>[^\"]*)\"", re.I)
_TAG_NAME = re.compile(r"<(?P<name>[A-Za-z][\w.-]*)[\s>/]")
_UNQUOTED_ATTRIBUTE = re.compile(r"<[A-Za-z][\w.-]*\s[^<>]*?\b[\w-]+=[^\s\"'<>]+[\s>]")


def looks_like_sgml(text: str) -> bool:
    """Return True for SGML-era markup: no XML declaration, and upper-case tag names,
    unquoted attribute values or an SGML (not XML) DocBook document type."""
    if text.lstrip().startswith("<?xml"):
        return False
    doctype = _SGML_DOCTYPE.search(text[:4000])
    if doctype and "XML" not in doctype.group("public").upper():
        return True
    names = _TAG_NAME.findall(text[:40_000])
    upper = sum(1 for name in names if name.isupper())
    return (bool(names) and upper * 2 > len(names)) or bool(_UNQUOTED_ATTRIBUTE.search(text[:40_000]))


def parse_sgml(prepared: PreparedXml, source: str) -> etree._Element:
    """Return the wrapper element of prepared SGML-era markup, read as libxml2 reads HTML.

    That parser is case-insensitive and takes unquoted attributes and empty elements
    without their end tag, as SGML does; it loads nothing from the network, and the tree's
    sizes are checked as for XML.
    """
    parser = etree.HTMLParser(recover=True, no_network=True, remove_comments=False, encoding="utf-8")
    root = etree.fromstring(prepared.text.encode("utf-8"), parser)
    if root is None:
        raise InputError("no markup could be read", path=source, hint="check that the file is SGML or XML")
    check_tree(root, source)
    wrapper = next(root.iter(WRAPPER), None)
    return wrapper if wrapper is not None else root


def local_name(element: etree._Element) -> str:
    """Return an element's tag without its namespace, lower-cased ('' for comments and PIs)."""
    tag = element.tag
    if not isinstance(tag, str):
        return ""
    try:
        return etree.QName(tag).localname.casefold()
    except ValueError:  # SGML read leniently can give tags XML would refuse (`g===sis`)
        return tag.rpartition("}")[2].casefold()


def element_id(element: etree._Element) -> str:
    """Return an element's `id` or `xml:id` ('' if it has neither)."""
    return element.get("id") or element.get("{http://www.w3.org/XML/1998/namespace}id") or ""
