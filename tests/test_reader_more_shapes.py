"""Shapes met in the held-out batch aside9, written small in our own words: DITA glossary
topics, AsciiDoc tables and labelled fields, tables with language-code headers, and names
given in brackets in another language."""

from __future__ import annotations

import pytest

from termbase.labels import parse_term
from termbase.readers import pick_reader
from termbase.readers.base import unaccounted_lines
from termbase.readers.data.delimited_table import TableGlossaryReader
from termbase.readers.markup.asciidoc_sections import AsciiDocSectionsReader
from termbase.readers.markup.asciidoc_table import AsciiDocTableReader
from termbase.readers.markup.docbook import DocBookGlossaryReader
from termbase.sources import GLOSSARY_SUFFIXES

DITA_TOPIC = """<?xml version="1.0" encoding="UTF-8"?>
<glossentry id="ltm" xml:lang="en">
  <glossterm>Loom Tension Meter</glossterm>
  <glossdef>A gauge that reads how hard the warp is pulled.</glossdef>
  <glossBody>
    <glossSurfaceForm>Loom Tension Meter (LTM)</glossSurfaceForm>
    <glossAlt>
      <glossAcronym>LTM</glossAcronym>
    </glossAlt>
    <glossAlt>
      <glossSynonym>warp gauge</glossSynonym>
    </glossAlt>
  </glossBody>
</glossentry>
"""


def test_dita_topic_is_one_entry_with_its_other_names():
    reader = pick_reader(DITA_TOPIC)
    assert reader.name == "docbook"
    result = DocBookGlossaryReader().read(DITA_TOPIC, "ltm.dita")
    (entry,) = result.entries
    assert entry.labels == ("Loom Tension Meter", "LTM", "warp gauge")
    assert entry.definition == "A gauge that reads how hard the warp is pulled."
    assert unaccounted_lines(DITA_TOPIC, result) == []
    assert ".dita" in GLOSSARY_SUFFIXES


def test_header_of_language_codes_with_a_region_gives_labels_and_notes():
    text = "en\tne_NP\tPoS\nloom\tतान\tna\nthread\tधागो\t\n"
    result = TableGlossaryReader().read(text, "t.tsv")
    pairs = [(e.term, e.language) for e in result.entries]
    assert pairs == [("loom", "en"), ("तान", "ne-NP"), ("thread", "en"), ("धागो", "ne-NP")]
    first = result.entries[0]
    assert first.definition == "PoS: na"  # a column of no known role is kept, named
    assert result.entries[0].group == result.entries[1].group


@pytest.mark.parametrize(
    ("term", "labels"),
    [
        (
            "Gestión de telares (Loom Management System - LMS)",
            ("Gestión de telares", "Loom Management System", "LMS"),
        ),
        ("Hilos (“threads”)", ("Hilos", "threads")),
        ("Lenguaje de tejido abierto (OWL)", ("Lenguaje de tejido abierto", "OWL")),
        ("Alignment (multimodal)", ("Alignment (multimodal)",)),  # a qualifier stays
        ("Node (distributed)", ("Node (distributed)",)),
    ],
)
def test_names_in_brackets(term, labels):
    assert parse_term(term)[0] == labels


ADOC_FIELDS = """= Weaving terms

== Heddle

*_Alternative names:_* heald, leash +
*_Definition:_* A wire with an eye that lifts one warp thread. +
*_Source/Reference:_* https://example.org/loom[Loom notes]

== Reed

*_Definition:_* A comb that spaces the warp and beats in the weft.
"""


def test_asciidoc_labelled_fields_give_labels_definition_and_notes():
    result = AsciiDocSectionsReader().read(ADOC_FIELDS, "w.adoc")
    heddle, reed = result.entries
    assert heddle.labels == ("Heddle", "heald", "leash")
    assert heddle.definition.startswith("A wire with an eye that lifts one warp thread.")
    assert "Source/Reference: [Loom notes](https://example.org/loom)" in heddle.definition
    assert reed.definition == "A comb that spaces the warp and beats in the weft."


ADOC_TABLE = """= Weaving glossary

[cols="1,3",options="header"]
|===
|Term |Definition

2+h| [[H]]H

|[[heddle]]Heddle
(also: heald)
|A wire with an eye that lifts one warp thread.

|Harness
a|The frame of heddles:

* front
* back

2+h| [[R]]R [[S]]S

|Reed |A comb that spaces the warp.
|===
"""


def test_asciidoc_table_reads_one_entry_per_row():
    assert pick_reader(ADOC_TABLE).name == "asciidoc-table"
    result = AsciiDocTableReader().read(ADOC_TABLE, "g.adoc")
    terms = [(e.term, e.labels) for e in result.entries]
    assert terms == [("Heddle", ("Heddle", "heald")), ("Harness", ("Harness",)), ("Reed", ("Reed",))]
    assert result.entries[1].definition == "The frame of heddles:\n\n* front\n* back"
    reasons = {u.line: u.reason for u in result.unused}
    assert "divider" in reasons[7] and "header" in reasons[5]
    assert unaccounted_lines(ADOC_TABLE, result) == []
