"""TBX termbases: TBX v3 (ISO 30042:2019, TBX-Basic in DCA style) and the older `<martif>` form.

Both forms hold concepts with language sections holding terms::

    TBX v3 (namespace urn:iso:std:iso:30042:ed-2)   TBX v2 (<martif>)
    <conceptEntry id=…>                              <termEntry id=…>
      <langSec xml:lang="en">                          <langSet xml:lang="en">
        <descrip type="definition">…                     <descrip type="definition">…
        <termSec><term>…</term>                          <tig><term>…</term>  (or <ntig><termGrp><term>)

lxml parses the XML (by local name, so any namespace or none works) and gives each
element's first line. Each concept gives one Entry per language section: its labels are
the section's terms (preferred ones first, deprecated or superseded ones last), its
definition the section's `descrip type="definition"` (directly or in a `descripGrp`, at
language or term level); a language with none takes a concept-level definition when it
is the file's language. `ref` elements (cross-references to another concept's or term's
id) and `descrip` relation types become `see_also` (the target concept's English term
when the target is in the file); `xref` targets and definition-source URLs become
`links`. All entries of one concept share `group` = `{source}#{concept id}`.

Line accounting: a concept's lines run from its opening tag to its closing tag; they are
split between its language entries at each language section's opening tag (the first
language also holds the concept-level lines above it). Everything outside concepts —
XML declaration, header, `<text>`/`<body>` framing, back matter — is reported as unused.
"""

from __future__ import annotations

import re

from lxml import etree

from termbase.labels import clean_label
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.page_text import tidy
from termbase.safe_xml import parse_xml

XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
FALLBACK_LANGUAGE = "en"

CONCEPTS = frozenset({"conceptEntry", "termEntry"})
LANGUAGES = frozenset({"langSec", "langSet"})
TERM_HOLDERS = frozenset({"termSec", "tig", "ntig"})
HEADERS = frozenset({"tbxHeader", "martifHeader"})
BACK = frozenset({"back"})
RELATION_TYPES = frozenset(
    {
        "relatedConcept",
        "broaderConceptGeneric",
        "broaderConceptPartitive",
        "crossReference",
        "relatedTerm",
        "antonymConcept",
        "sequentiallyRelatedConcept",
        "spatiallyRelatedConcept",
        "temporallyRelatedConcept",
        "subordinateConceptGeneric",
        "subordinateConceptPartitive",
    }
)
_LATE_STATUS = re.compile(r"deprecated|superseded|admitted", re.I)
_EARLY_STATUS = re.compile(r"preferred", re.I)

REASON_DECLARATION = "XML declaration or processing instruction"
REASON_HEADER = "TBX header (file description, not terminology)"
REASON_FRAME = "TBX framing outside any concept"
REASON_BACK = "TBX back matter (reference objects such as people)"
REASON_NO_TERMS = "concept entry {name} with no terms, so it gives no entry"

_DETECT = re.compile(r"<(?:[\w.-]+:)?(?:tbx|martif)\b[^>]*>", re.S)


def _local(element: etree._Element) -> str:
    """Return an element's tag without its namespace ('' for comments and PIs)."""
    return etree.QName(element).localname if isinstance(element.tag, str) else ""


def _children(element: etree._Element, names: frozenset[str]) -> list[etree._Element]:
    """Return the element's direct children whose local name is in `names`."""
    return [child for child in element if _local(child) in names]


def _descendants(element: etree._Element, name: str) -> list[etree._Element]:
    """Return every descendant element with local name `name`, in document order."""
    return [node for node in element.iter() if _local(node) == name]


def _text(element: etree._Element) -> str:
    """Return an element's text content with wrapping whitespace made single spaces."""
    return tidy("".join(element.itertext()))


def _language(element: etree._Element, default: str) -> str:
    """Return an element's language tag (`xml:lang`, or old-style `lang`), lower case."""
    return (element.get(XML_LANG) or element.get("lang") or default).strip().lower()


class TbxReader:
    """TBX v3 (TBX-Basic, DCA style) and TBX v2 `<martif>` termbases."""

    name = "tbx"
    description = "TBX termbase (v3 TBX-Basic DCA, or v2 <martif>): one entry per concept and language"

    def detect(self, text: str) -> float:
        """Return 0.95 for a `<tbx>` or `<martif>` root element, else 0."""
        head = text.lstrip("\ufeff \t\r\n")
        if not head.startswith("<"):
            return 0.0
        return 0.95 if _DETECT.search(text) else 0.0

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per concept and language, and every other line with why."""
        if not text.strip():
            return ReadResult((), ())
        root = parse_tbx(text, source)
        lines = text.splitlines()
        total = len(lines)
        root_language = _language(root, FALLBACK_LANGUAGE)
        concepts = _descendants(root, "conceptEntry") or _descendants(root, "termEntry")
        labels_by_id = _labels_by_id(concepts, root_language)
        owner: dict[int, str] = {}
        entries: list[Entry] = []
        unused: list[Unused] = []

        first_element_line = root.sourceline or 1
        for number in range(1, first_element_line):
            owner[number] = REASON_DECLARATION
        for name, reason in ((HEADERS, REASON_HEADER), (BACK, REASON_BACK)):
            for element in root.iter():
                if _local(element) in name:
                    start, end = element.sourceline or 1, element_end_line(element, lines)
                    for number in range(start, end + 1):
                        owner.setdefault(number, reason)
        for concept in concepts:
            start, end = concept.sourceline or 1, element_end_line(concept, lines)
            made = _concept_entries(concept, start, end, source, root_language, labels_by_id)
            if made:
                entries.extend(made)
                for number in range(start, end + 1):
                    owner[number] = ""
            else:
                ident = concept.get("id")
                reason = REASON_NO_TERMS.format(name=f"'{ident}'" if ident else f"at line {start}")
                for number in range(start, end + 1):
                    owner.setdefault(number, reason)
        for number in range(1, total + 1):
            line = lines[number - 1].strip()
            reason = owner.get(number, REASON_FRAME)
            if line and reason:
                unused.append(Unused(source, number, line, reason))
        return entries_and_unused(entries, unused, title=_title(root))


def parse_tbx(text: str, source: str) -> etree._Element:
    """Return the parsed root element, or raise InputError with the parser's line."""
    return parse_xml(
        text,
        source,
        hint="fix the TBX file (an XML editor or `xmllint --noout` shows the spot) and build again",
    )


def element_end_line(element: etree._Element, lines: list[str]) -> int:
    """Return the line of an element's closing tag (or its start line if self-closing).

    The serialised element has as many line breaks as the source, except inside
    attribute values, so the count is a floor; the first line from there naming the
    closing tag is the end.
    """
    start = element.sourceline or 1
    estimate = start + etree.tostring(element, with_tail=False).count(b"\n")
    name = element.prefix + ":" + _local(element) if element.prefix else _local(element)
    closing = re.compile(rf"</{re.escape(name)}\s*>")
    for number in range(max(start, estimate), len(lines) + 1):
        if closing.search(lines[number - 1]):
            return number
    return min(estimate, len(lines))


def _labels_by_id(concepts: list[etree._Element], root_language: str) -> dict[str, str]:
    """Return the label each concept and term id stands for: its term in English if any."""
    found: dict[str, str] = {}
    for concept in concepts:
        terms: dict[str, list[str]] = {}
        for section in _descendants_of(concept, LANGUAGES):
            terms.setdefault(_language(section, root_language), []).extend(_terms(section))
            for term in _descendants(section, "term"):
                if value := clean_label(_text(term)):
                    for node in (term, term.getparent()):
                        if node is not None and node.get("id"):
                            found[node.get("id")] = value
        preferred = next(
            (terms[lang][0] for lang in (FALLBACK_LANGUAGE, root_language, *terms) if terms.get(lang)), ""
        )
        if concept.get("id") and preferred:
            found[concept.get("id")] = preferred
    return found


def _descendants_of(element: etree._Element, names: frozenset[str]) -> list[etree._Element]:
    """Return every descendant element whose local name is in `names`."""
    return [node for node in element.iter() if _local(node) in names and node is not element]


def _is_definition(node: etree._Element) -> bool:
    """Return True for a definition: `<descrip type="definition">` (DCA style) or a
    namespaced `<basic:definition>` (DCT style, the data category as the element name)."""
    name = _local(node)
    return (name == "descrip" and node.get("type") == "definition") or name == "definition"


def _definitions(element: etree._Element, stop: frozenset[str]) -> tuple[list[str], list[str]]:
    """Return the definitions stated at this level (not inside `stop` children), and source URLs.

    A definition is a `descrip type="definition"` or a DCT-style `basic:definition`, directly
    or inside a `descripGrp`; an `admin type="source"` (DCT: `basic:source`) beside it in
    the group that is a URL is its source.
    """
    texts: list[str] = []
    urls: list[str] = []
    for child in element:
        name = _local(child)
        if name in stop:
            continue
        group = [child] if name in ("descrip", "definition") else list(child) if name == "descripGrp" else []
        for node in group:
            if _is_definition(node) and (body := _text(node)):
                texts.append(body)
                for sibling in group if name == "descripGrp" else []:
                    value = _text(sibling)
                    if _local(sibling) in ("admin", "source") and value.startswith(("http://", "https://")):
                        urls.append(value)
    return texts, urls


def _relations(element: etree._Element, labels_by_id: dict[str, str]) -> tuple[list[str], list[str]]:
    """Return (see-also targets, link URLs) stated anywhere inside `element`."""
    see_also: list[str] = []
    links: list[str] = []
    for node in element.iter():
        name = _local(node)
        target = (node.get("target") or "").strip()
        if name == "xref" and target:
            links.append(target)
        elif name == "ref":
            label = labels_by_id.get(target.lstrip("#")) or _text(node) or target
            if label:
                see_also.append(label)
        elif name == "descrip" and node.get("type") in RELATION_TYPES:
            label = labels_by_id.get(target.lstrip("#")) or _text(node)
            if label:
                see_also.append(label)
    return see_also, links


def _terms(section: etree._Element) -> list[str]:
    """Return a language section's terms: preferred first, deprecated/superseded last."""
    ranked: list[tuple[int, int, str]] = []
    for position, holder in enumerate(_descendants_of(section, TERM_HOLDERS) or [section]):
        status = " ".join(
            _text(note)
            for note in holder.iter()
            if _local(note) in {"termNote"}
            and (note.get("type") or "") in {"administrativeStatus", "normativeAuthorization"}
        )
        rank = 0 if _EARLY_STATUS.search(status) else 2 if _LATE_STATUS.search(status) else 1
        for term in (
            _descendants(holder, "term")[:1] if holder is not section else _descendants(holder, "term")
        ):
            if value := clean_label(_text(term)):
                ranked.append((rank, position, value))
    return list(dict.fromkeys(value for _, _, value in sorted(ranked)))


def _concept_entries(
    concept: etree._Element,
    start: int,
    end: int,
    source: str,
    root_language: str,
    labels_by_id: dict[str, str],
) -> list[Entry]:
    """Return one Entry per language section of a concept, splitting its lines between them."""
    sections = _children(concept, LANGUAGES) or _descendants_of(concept, LANGUAGES)
    concept_definitions, concept_urls = _definitions(concept, LANGUAGES)
    see_also, links = _relations(concept, labels_by_id)
    ident = concept.get("id") or f"line{start}"
    made: list[tuple[etree._Element, str, tuple[str, ...], str, list[str]]] = []
    for section in sections:
        language = _language(section, root_language)
        terms = _terms(section)
        definitions, urls = _definitions(section, frozenset())
        for holder in _descendants_of(section, TERM_HOLDERS):
            more, more_urls = _definitions(holder, frozenset())
            definitions += more
            urls += more_urls
        if not definitions and language == root_language:
            definitions, urls = concept_definitions, concept_urls + urls
        if terms or definitions:
            made.append((section, language, tuple(terms), "\n\n".join(definitions), urls))
    borrowed = labels_by_id.get(concept.get("id") or "") or next((t[0] for _, _, t, _, _ in made if t), "")
    if not borrowed:
        return []
    entries: list[Entry] = []
    for index, (section, language, terms, definition, urls) in enumerate(made):
        first = start if index == 0 else section.sourceline or start
        last = end if index == len(made) - 1 else (made[index + 1][0].sourceline or end) - 1
        labels = terms or (borrowed,)
        entries.append(
            Entry(
                source=source,
                line=first,
                end_line=last,
                term=labels[0],
                labels=labels,
                definition=definition,
                see_also=tuple(dict.fromkeys(s for s in see_also if s not in labels)),
                links=tuple(dict.fromkeys([*links, *urls])),
                language=language,
                group=f"{source}#{ident}",
            )
        )
    return entries


def _title(root: etree._Element) -> str:
    """Return the title the header states (`<title>` in its file description), or ''."""
    for header in root.iter():
        if _local(header) in HEADERS:
            for node in _descendants(header, "title"):
                if text := _text(node):
                    return text
    return ""
