"""XLIFF term lists (1.2 `<trans-unit>`, 2.x `<unit>`): each unit one concept in two languages.

Example (the shape, written for the tests)::

    <xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
      <file source-language="en" target-language="de" original="terms">
        <body>
          <trans-unit id="t1">
            <source>shuttle</source>
            <target>Schiffchen</target>
            <note>Carries the weft thread across the warp.</note>
          </trans-unit>

A unit's `<source>` is a label in the file's source language (`source-language`, `srcLang`),
its `<target>` one in the target language; `<note>`s are the definition. A target equal to
its source in the same language adds nothing, and a unit with no target is one entry. The
entries of a unit share its lines (counted once). Units with no
source text and every line outside the units (declaration, `<file>`, `<body>`) are reported.
"""

from __future__ import annotations

import re

from lxml import etree

from termbase.labels import clean_label, parse_term
from termbase.language_tags import known_language_tag
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.markup.xml_entities import local_name, parse_prepared, prepare_xml
from termbase.readers.page_text import tidy

REASON_MARKUP = "XLIFF markup around the units"
REASON_NO_SOURCE = "unit with no source text"
REASON_OUTSIDE = "text outside the units"

_DETECT = re.compile(r"<(?:[\w.-]+:)?xliff[\s>]", re.I)
_UNIT_CLOSE = re.compile(r"</(?:[\w.-]+:)?(?:trans-unit|unit)\s*>")
_UNITS = frozenset({"trans-unit", "unit"})


def _text(element: etree._Element | None) -> str:
    return tidy("".join(element.itertext())) if element is not None else ""


def _language(element: etree._Element, names: tuple[str, ...]) -> str:
    """Return the first language attribute in `names` on `element` or an ancestor, as a tag."""
    node: etree._Element | None = element
    while node is not None:
        for name in names:
            value = (node.get(name) or "").strip()
            if value:
                return known_language_tag(value) or value
        node = node.getparent()
    return ""


class XliffReader:
    """Reads XLIFF units as one concept each, labelled in the source and target languages."""

    name = "xliff"
    description = "XLIFF `<trans-unit>`/`<unit>`: source and target labels, `<note>` as the definition"

    def detect(self, text: str) -> float:
        """Return 0.95 for an `<xliff>` document with units, else 0."""
        head = text.lstrip("\ufeff \t\r\n")
        if not head.startswith("<") or not _DETECT.search(text[:4000]):
            return 0.0
        return 0.95 if re.search(r"<(?:[\w.-]+:)?(?:trans-unit|unit)[\s>]", text) else 0.0

    def read(self, text: str, source: str) -> ReadResult:
        """Return a source and a target entry per unit, and a reason for every other line."""
        root = parse_prepared(prepare_xml(text, source), source)
        lines = text.splitlines()
        closes = [text.count("\n", 0, m.start()) + 1 for m in _UNIT_CLOSE.finditer(text)]
        units = [el for el in root.iter() if local_name(el) in _UNITS]
        entries: list[Entry] = []
        unused: list[Unused] = []
        covered: set[int] = set()
        previous = 0
        for index, unit in enumerate(units):
            first = max(unit.sourceline or 1, previous + 1)
            last = max(first, closes[index] if index < len(closes) else first)
            previous = last
            covered.update(range(first, last + 1))
            found = self._unit_entries(unit, source, first, last)
            if found:
                entries.extend(found)
            else:
                unused.extend(
                    Unused(source, n, lines[n - 1].strip(), REASON_NO_SOURCE)
                    for n in range(first, last + 1)
                    if lines[n - 1].strip()
                )
        for number, line in enumerate(lines, start=1):
            stripped = line.strip()
            if stripped and number not in covered:
                reason = (
                    REASON_MARKUP if stripped.startswith("<") and stripped.endswith(">") else REASON_OUTSIDE
                )
                unused.append(Unused(source, number, stripped, reason))
        result = entries_and_unused(entries, unused)
        # The language versions of one unit share its lines, counted once.
        return ReadResult(
            result.entries, result.unused, spans=tuple((e.line, e.end_line) for e in result.entries)
        )

    @staticmethod
    def _unit_entries(unit: etree._Element, source: str, first: int, last: int) -> list[Entry]:
        descendants = list(unit.iter())
        source_element = next((el for el in descendants if local_name(el) == "source"), None)
        target_element = next((el for el in descendants if local_name(el) == "target"), None)
        term = clean_label(_text(source_element))
        if not term:
            return []
        notes = [_text(el) for el in descendants if local_name(el) == "note" and _text(el)]
        source_language = _language(unit, ("source-language", "srcLang")) or "en"
        target_language = _language(unit, ("target-language", "trgLang")) or "und"
        translation = clean_label(_text(target_element))
        same = not translation or (
            translation == term and target_language.split("-")[0] == source_language.split("-")[0]
        )
        group = f"{source}#unit-{first}"
        entries = [
            Entry(
                source=source,
                line=first,
                end_line=last,
                term=term,
                labels=parse_term(term)[0] or (term,),
                definition="\n\n".join(notes),
                language=source_language,
                group=group,
            )
        ]
        if not same:
            entries.append(
                Entry(
                    source=source,
                    line=first,
                    end_line=last,
                    term=translation,
                    labels=parse_term(translation)[0] or (translation,),
                    definition="",
                    language=target_language,
                    group=group,
                )
            )
        return entries
