"""XML files of glossary records in a vocabulary of their own: a repeated element whose
children (or attributes) name a term and a definition, as an LMS or a tool exports them.

Shape read (example in our own words; the element names are matched loosely, as JSON and
YAML field names are, in any case)::

    <GLOSSARY>
      <INFO><NAME>Pottery words</NAME>
        <ENTRIES>
          <ENTRY>
            <CONCEPT>Kiln</CONCEPT>
            <DEFINITION>&lt;p&gt;An oven that fires clay.&lt;/p&gt;</DEFINITION>
            <FORMAT>1</FORMAT>
          </ENTRY>
          …

The XML is parsed safely (no entity is fetched or expanded past the limits) and turned into
the record tree the JSON reader reads: an element of distinct child elements is a record, an
element's repeated children a list, a leaf's text (or an attribute) a field value. Each
record then becomes an entry as a JSON record does: its term and definition fields found by
name, HTML definitions made Markdown, other fields as notes. XML vocabularies that have a
reader of their own (DocBook, DITA, TBX, XLIFF, SKOS, PreTeXt) are left to it: this reader's
confidence stays below theirs.
"""

from __future__ import annotations

import re
from collections import defaultdict

from lxml import etree

from termbase.errors import InputError
from termbase.model import ReadResult
from termbase.readers.data.json_yaml import Located, read_record_tree, score_record_tree
from termbase.readers.markup.html_glossary import end_line, start_line
from termbase.safe_xml import parse_xml

#: The most this reader is sure of a file: readers of named XML vocabularies score higher.
MAX_CONFIDENCE = 0.7
REASON_OUTSIDE = "XML outside the glossary records"
_XML_START = re.compile(r"^\s*(?:<\?xml[^>]*>\s*)?(?:<!--.*?-->\s*|<!DOCTYPE[^>]*>\s*)*<[A-Za-z_]", re.S)


def _local(tag: object) -> str:
    """Return an element's name without its namespace (`{uri}entry` → `entry`)."""
    return etree.QName(tag).localname if isinstance(tag, str) else ""


def element_tree(element: etree._Element, lines: list[str]) -> Located:
    """Return an element as a record tree: attributes and distinct children as fields,
    repeated children as a list, a leaf as its text."""
    first = start_line(element, lines)
    last = max(first, end_line(element))
    children = [child for child in element if isinstance(child.tag, str)]
    if not children and not element.attrib:
        return Located((element.text or "").strip(), first, last)
    if children and _mixed(element):  # text with inline markup: `A coat on <b>pots</b>.`
        return Located(_inner_markup(element), first, last)
    items: list[tuple[str, Located]] = [
        (_local(name), Located(value, first, first)) for name, value in element.attrib.items()
    ]
    grouped: dict[str, list[etree._Element]] = defaultdict(list)
    for child in children:
        grouped[_local(child.tag)].append(child)
    for name, group in grouped.items():
        if len(group) == 1:
            items.append((name, element_tree(group[0], lines)))
            continue
        elements = [element_tree(child, lines) for child in group]
        value = [e.value for e in elements]
        items.append((name, Located(value, elements[0].line, elements[-1].end_line, elements=elements)))
    if not children and (text := (element.text or "").strip()):
        items.append(("text", Located(text, first, last)))
    value = {name: located.value for name, located in items}
    return Located(value, first, last, items=items, key_lines={name: loc.line for name, loc in items})


def _mixed(element: etree._Element) -> bool:
    """Return True if an element holds text beside its child elements (inline markup)."""
    return bool((element.text or "").strip() or any((child.tail or "").strip() for child in element))


def _inner_markup(element: etree._Element) -> str:
    """Return an element's content as markup text (its children serialized, namespaces dropped)."""
    parts = [element.text or ""]
    for child in element:
        parts.append(etree.tostring(child, encoding="unicode", with_tail=True))
    return re.sub(r"\sxmlns(?::\w+)?=\"[^\"]*\"", "", "".join(parts)).strip()


def xml_tree(text: str, source: str) -> Located:
    """Return the XML text as a record tree, or raise InputError for malformed XML."""
    root = parse_xml(text, source)
    return element_tree(root, text.splitlines())


def _line_reason(line: str) -> str:
    return REASON_OUTSIDE


class XmlRecordsReader:
    """Reads XML files of term/definition records in their own vocabulary."""

    name = "xml-records"
    description = "XML records in a vocabulary of their own (<ENTRY><CONCEPT>…<DEFINITION>…): a Moodle export"

    def detect(self, text: str) -> float:
        """Return up to MAX_CONFIDENCE for XML whose repeated elements are term/definition records."""
        if not _XML_START.match(text[:2000]):
            return 0.0
        try:
            tree = xml_tree(text, "")
        except InputError:
            return 0.0
        return min(MAX_CONFIDENCE, score_record_tree(tree))

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per record."""
        return read_record_tree(xml_tree(text, source), text, source, kind_of_line=_line_reason)
