"""Shapes met in the held-out batch aside9, written small in our own words: DITA glossary
topics, AsciiDoc tables and labelled fields, tables with language-code headers, and names
given in brackets in another language."""

from __future__ import annotations

import pytest

from termbase.labels import parse_term, stated_aliases
from termbase.readers import pick_reader, rank_readers
from termbase.readers.base import unaccounted_lines, with_stated_aliases
from termbase.readers.data.delimited_table import TableGlossaryReader
from termbase.readers.data.json_yaml import JsonGlossaryReader
from termbase.readers.markup.asciidoc_sections import AsciiDocSectionsReader
from termbase.readers.markup.asciidoc_table import AsciiDocTableReader
from termbase.readers.markup.docbook import DocBookGlossaryReader
from termbase.readers.markup.markdown_details import MarkdownDetailsReader
from termbase.readers.markup.org_mode import OrgModeReader
from termbase.readers.markup.texinfo import TexinfoTableReader
from termbase.readers.standards.xliff import XliffReader
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


XLIFF = """<?xml version="1.0" encoding="utf-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
  <file original="terms" source-language="en" target-language="de" datatype="plaintext">
    <body>
      <trans-unit id="t1">
        <source>shuttle</source>
        <target>Schiffchen</target>
        <note>Carries the weft thread across the warp.</note>
      </trans-unit>
      <trans-unit id="t2">
        <source>Loomwright</source>
        <target>Loomwright</target>
        <note>A maker's name: never translated.</note>
      </trans-unit>
      <trans-unit id="t3"><source></source></trans-unit>
    </body>
  </file>
</xliff>
"""


def test_xliff_units_are_concepts_in_two_languages():
    assert pick_reader(XLIFF).name == "xliff"
    result = XliffReader().read(XLIFF, "terms.xlf")
    shuttle, schiffchen, *loomwright = result.entries
    assert (shuttle.term, shuttle.language, shuttle.definition) == (
        "shuttle",
        "en",
        "Carries the weft thread across the warp.",
    )
    assert (schiffchen.term, schiffchen.language) == ("Schiffchen", "de")
    assert shuttle.group == schiffchen.group
    # a name kept as it is in the target language is still its German label
    assert [(e.term, e.language) for e in loomwright] == [("Loomwright", "en"), ("Loomwright", "de")]
    assert any(u.line == 15 and "no source" in u.reason for u in result.unused)
    assert unaccounted_lines(XLIFF, result) == []
    assert {".xlf", ".xliff"} <= GLOSSARY_SUFFIXES


ORG = """#+title: Weaving words
Some words on looms.
#+begin_src bash
echo not a term
#+end_src
* Glossary
** Loom parts
- Heddle :: A wire with an eye that lifts
  one warp thread, see [[https://example.org/h][notes]].
- Reed, comb :: Spaces the warp and beats in the /weft/.
  :PROPERTIES:
  :category: frame
  :END:
- Beam :: The roller that holds the ~warp~.
"""


def test_org_description_list():
    assert pick_reader(ORG).name == "org-mode"
    result = OrgModeReader().read(ORG, "w.org")
    heddle, reed, beam = result.entries
    assert (
        heddle.definition
        == "A wire with an eye that lifts one warp thread, see [notes](https://example.org/h)."
    )
    assert reed.labels == ("Reed", "comb") and reed.topics == ("frame",)
    assert reed.definition == "Spaces the warp and beats in the *weft*."
    assert beam.definition == "The roller that holds the `warp`."
    assert result.title == "Weaving words"
    assert unaccounted_lines(ORG, result) == []


TEXINFO = """@node Glossary
@unnumbered 用語集
@table @asis
@c @item Shuttle
@item 杼（Shuttle）
@itemx シャトル
緯糸を通す道具。@pxref{Weaving}。
@item @code{reed}
A comb that spaces the warp:
@itemize @bullet
@item
front reed
@item
back reed
@end itemize
@end table
"""


def test_texinfo_table_items():
    assert pick_reader(TEXINFO).name == "texinfo"
    result = TexinfoTableReader().read(TEXINFO, "g.texi")
    shuttle, reed = result.entries
    assert shuttle.labels == ("杼", "Shuttle", "シャトル")
    assert shuttle.definition == "緯糸を通す道具。Weaving。"
    assert reed.term == "reed"
    assert reed.definition == "A comb that spaces the warp:\n\n- front reed\n\n- back reed"
    assert unaccounted_lines(TEXINFO, result) == []


def test_plain_term_colon_paragraphs():
    text = (
        "Warp: The threads held lengthwise\non the loom.\n\n"
        "Weft: The thread passed across the warp.\n\n"
        "Selvage: The edge that keeps the cloth from fraying.\n"
    )
    reader = pick_reader(text)
    result = reader.read(text, "g.wiki")
    assert [(e.term, e.definition) for e in result.entries] == [
        ("Warp", "The threads held lengthwise\non the loom."),
        ("Weft", "The thread passed across the warp."),
        ("Selvage", "The edge that keeps the cloth from fraying."),
    ]


def test_a_note_paragraph_in_prose_is_no_entry():
    text = "Looms are old.\n\nThey came in many kinds.\n\nNote: some are small.\n\nMost are wooden.\n"
    assert not any(r.name == "markdown-deflist" and s >= 0.3 for s, r in rank_readers(text))


@pytest.mark.parametrize(
    ("term", "labels"),
    [
        ("杼（Shuttle）", ("杼", "Shuttle")),
        ("ASCII文字（ASCII character）", ("ASCII文字", "ASCII character")),
        ("Modul (Pflicht)", ("Modul (Pflicht)",)),
    ],
)
def test_name_in_another_script_in_brackets(term, labels):
    assert parse_term(term)[0] == labels


DETAILS = """---
description: Words of the loom
---

# Glossary

## W

<details>

<summary>Warp</summary>

The threads held lengthwise on the [loom](https://example.org/loom).

</details>

<details>
<summary><strong>Weft</strong></summary>

The thread passed across.

It is wound on a bobbin.
</details>

<details><summary>Whorl</summary>A weight on a spindle.</details>
"""


def test_markdown_details_blocks():
    assert pick_reader(DETAILS).name == "markdown-details"
    result = MarkdownDetailsReader().read(DETAILS, "g.md")
    assert [(e.term, e.definition) for e in result.entries] == [
        ("Warp", "The threads held lengthwise on the [loom](https://example.org/loom)."),
        ("Weft", "The thread passed across.\n\nIt is wound on a bobbin."),
        ("Whorl", "A weight on a spindle."),
    ]
    assert result.title == "Glossary"
    assert unaccounted_lines(DETAILS, result) == []


@pytest.mark.parametrize(
    ("definition", "labels", "alias"),
    [
        ("Also known as fly shuttle. A tool that carries the weft.", ("shuttle",), "fly shuttle"),
        ("Telaio, noto anche come telaio a mano, è uno strumento.", ("Telaio",), "telaio a mano"),
        ("Auch bekannt als Webschiffchen; ein Werkzeug.", ("Schiffchen",), "Webschiffchen"),
        ("**Telar**, también llamado telar de mano, es una máquina.", ("Telar",), "telar de mano"),
        # about something the definition mentions, not the term: no name
        ("Faults (also known as snags) in the cloth.", ("flaw",), ""),
        ("A flaw in the cloth, also known as a snag, left by the loom.", ("flaw",), ""),
    ],
)
def test_other_name_stated_at_the_start_of_a_definition(definition, labels, alias):
    assert stated_aliases(definition, labels) == ((alias,) if alias else ())


def test_stated_names_joined_by_or_are_each_a_name():
    definition = "Also known as the cutting frame or a trimming loom, used for rugs."
    assert stated_aliases(definition, ("cropper",)) == ("cutting frame", "trimming loom")


def test_stated_alias_becomes_a_label_of_the_entry():
    text = "term,definition\nTelaio,\"Telaio, noto anche come telaio a mano, è uno strumento.\"\n"
    result = with_stated_aliases(TableGlossaryReader().read(text, "t.csv"))
    assert result.entries[0].labels == ("Telaio", "telaio a mano")


def test_header_of_a_language_and_roles_names_the_term_column():
    text = "english,loomish,category,notes\nshuttle,shutl,tool,carries the weft\nreed,riid,tool,\n"
    result = TableGlossaryReader().read(text, "t.csv")
    shuttle, reed = result.entries
    assert (shuttle.term, shuttle.topics) == ("shuttle", ("tool",))
    assert shuttle.definition == "loomish: shutl; notes: carries the weft"
    assert reed.definition == "loomish: riid"
    assert [u.line for u in result.unused] == [1]  # the header row


def test_lemma_is_a_term_field():
    text = '[{"lemma": "tear", "pos": "v.", "gloss": "to pull apart"},\n'
    text += '{"lemma": "weave", "gloss": "to interlace"}]'
    assert [e.term for e in JsonGlossaryReader().read(text, "d.json").entries] == ["tear", "weave"]
