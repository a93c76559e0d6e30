"""XML read with bounds: entity expansion, node size and nesting depth are limited.

A ten-line DTD of nested internal entities (the "billion laughs" shape) describes
gigabytes of text; rdflib's RDF/XML parser spent minutes on one before failing. So, before
any parser sees a file, `check_entities` reads its DTD with expat (stopping at the first
element, so nothing is expanded), works out how many characters every entity reference
in the document would become, and refuses the file when that passes the limit. External
entities are never fetched (lxml: `resolve_entities=False, no_network=True`; rdflib's SAX
reader has external entities off). `parse_xml` parses with lxml and then checks each text
and attribute value and the depth of the tree against the limits, so the limits are ours
(and raisable), not libxml2's fixed ones.
"""

from __future__ import annotations

import re
from xml.parsers import expat

from lxml import etree

from termbase.errors import InputError
from termbase.limits import current, over_limit

_REFERENCE = re.compile(r"([&%])([A-Za-z_:][\w.:-]*);")
_BUILTIN = frozenset({"lt", "gt", "amp", "apos", "quot"})


class _Prolog(Exception):
    """Raised to stop expat at the first element: the DTD has been read."""


def _declarations(text: str) -> tuple[dict[tuple[str, str], str], int] | None:
    """Return ({(kind, name): replacement text}, offset where the DTD ends) or None if no XML."""
    declared: dict[tuple[str, str], str] = {}
    end = [0]
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)

    def entity(name: str, is_parameter: int, value: str | None, *_: object) -> None:
        declared[("%" if is_parameter else "&", name)] = value or ""  # external: never fetched

    def stop(*_: object) -> None:
        raise _Prolog

    def doctype_end() -> None:
        end[0] = parser.CurrentByteIndex

    parser.EntityDeclHandler = entity
    parser.StartElementHandler = stop
    parser.EndDoctypeDeclHandler = doctype_end
    data = text.encode("utf-8")
    try:
        parser.Parse(data, True)
    except _Prolog:
        pass
    except expat.ExpatError:
        if not declared:
            return None  # not XML (or broken before any declaration): the reader will say so
    offset = len(data[: end[0]].decode("utf-8", errors="ignore")) if end[0] else 0
    return declared, offset


def _expanded_sizes(declared: dict[tuple[str, str], str], source: str) -> dict[tuple[str, str], int]:
    """Return how many characters each declared entity expands to; raise on a loop."""
    sizes: dict[tuple[str, str], int] = {}
    limit = current().max_entity_chars
    for start in declared:
        stack: list[tuple[tuple[str, str], bool]] = [(start, False)]
        on_path: set[tuple[str, str]] = set()
        while stack:
            key, done = stack.pop()
            references = [
                (m.group(1), m.group(2))
                for m in _REFERENCE.finditer(declared[key])
                if (m.group(1), m.group(2)) in declared
            ]
            if done:
                on_path.discard(key)
                literal = len(_REFERENCE.sub("", declared[key]))
                sizes[key] = min(literal + sum(sizes[r] for r in references), limit + 1)
                continue
            if key in sizes:
                continue
            if key in on_path:
                raise InputError(
                    f"XML entity '{key[1]}' refers to itself",
                    path=source,
                    hint="remove the loop from the DTD",
                )
            on_path.add(key)
            stack.append((key, True))
            stack.extend((r, False) for r in references if r not in sizes)
    return sizes


def check_entities(text: str, source: str) -> None:
    """Raise InputError if the entity references of an XML text expand past the limit.

    Cheap for any text without an entity declaration (one substring search).
    """
    if "<!ENTITY" not in text:
        return
    found = _declarations(text)
    if not found or not found[0]:
        return
    declared, offset = found
    sizes = _expanded_sizes(declared, source)
    limit = current().max_entity_chars
    total = 0
    for match in _REFERENCE.finditer(text, offset):
        key = (match.group(1), match.group(2))
        if match.group(1) == "&" and match.group(2) in _BUILTIN:
            continue
        total += sizes.get(key, 0)
        if total > limit:
            raise over_limit(
                "XML entity references expand to more characters than allowed "
                "(the shape of an entity-expansion attack)",
                "max_entity_chars",
                path=source,
                line=text.count("\n", 0, match.start()) + 1,
            )


def xml_parser() -> etree.XMLParser:
    """Return an lxml parser that fetches nothing; sizes are checked by `check_tree`."""
    return etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True)


def check_tree(root: etree._Element, source: str) -> None:
    """Raise InputError if a text or attribute value of the tree, or its depth, passes the limits."""
    limits = current()
    depth = 0
    for event, element in etree.iterwalk(root, events=("start", "end")):
        if event == "end":
            depth -= 1
            continue
        depth += 1
        if depth > limits.max_depth:
            line = element.sourceline or 0
            raise over_limit("XML elements nest too deep", "max_depth", path=source, line=line)
        values = [element.text or "", element.tail or "", *element.attrib.values()]
        if any(len(value) > limits.max_xml_node_chars for value in values):
            raise over_limit(
                "an XML text or attribute value is too large",
                "max_xml_node_chars",
                path=source,
                line=element.sourceline or 0,
            )


def parse_xml(
    text: str, source: str, hint: str = "fix the XML and build again", what: str = "XML"
) -> etree._Element:
    """Return the root element of an XML text checked against the limits, or raise InputError."""
    check_entities(text, source)
    try:
        root = etree.fromstring(text.encode("utf-8"), xml_parser())
    except etree.XMLSyntaxError as error:
        line = error.lineno or 0
        raise InputError(f"malformed {what}: {error.msg}", path=source, line=line, hint=hint) from None
    check_tree(root, source)
    return root
