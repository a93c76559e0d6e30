"""Shapes met in the held-out batch aside11, written small in our own words: Spec-Up
specifications (`[[def: …]]` then `~ definition`), TOML records, and JSON-LD in the
schema.org vocabulary (DefinedTermSet); and from aside12/aside13, MediaWiki lists and tables
and LaTeX description lists and abbreviation tables."""

from __future__ import annotations

import pytest

from termbase.errors import InputError
from termbase.readers import pick_reader
from termbase.readers.base import unaccounted_lines
from termbase.readers.data.json_yaml import JsonGlossaryReader
from termbase.readers.data.toml_records import TomlGlossaryReader
from termbase.readers.markup.latex_lists import LatexListsReader
from termbase.readers.markup.markdown_bold_lines import MarkdownBoldLinesReader
from termbase.readers.markup.mediawiki import MediaWikiReader
from termbase.readers.markup.spec_up import SpecUpReader
from termbase.sources import GLOSSARY_SUFFIXES

SPEC_UP = """Loom Protocol 0.1
=================

**Editors:**
~ [A. Weaver](https://example.org/weaver)

## Terms

[[def: Warp Thread, warp, WT]]
~ A thread held taut on the loom while the [[ref: Weft]] passes
over and under it.

[[def:Weft]]
~ The thread carried across the warp by the shuttle.

~ Also the cloth's crosswise direction.

## Data Model

The [[ref: Warp Thread]] count goes in `warp`.

```json
{"warp": 12}
```

## References

[[def: Jacquard Card]]
  - [Punched cards](https://example.org/cards). A history of loom cards.
"""


def test_spec_up_terms_give_labels_and_bodies_and_nothing_else():
    assert pick_reader(SPEC_UP).name == "spec-up"
    result = SpecUpReader().read(SPEC_UP, "spec.md")
    assert [e.labels for e in result.entries] == [
        ("Warp Thread", "warp", "WT"),
        ("Weft",),
        ("Jacquard Card",),
    ]
    warp, weft, card = result.entries
    assert warp.definition == "A thread held taut on the loom while the Weft passes\nover and under it."
    assert "crosswise direction" in weft.definition and "~" not in weft.definition
    assert "Punched cards" in card.definition
    assert unaccounted_lines(SPEC_UP, result) == []
    reasons = {u.text: u.reason for u in result.unused}
    assert "Editors" in next(text for text in reasons if text.startswith("**Editors"))
    assert all("outside the Spec-Up" in reason for reason in reasons.values())


TOML_TABLES = """# weaving words
[[terminology]]
name = "Warp Thread"
abbreviation = "WT"
aliases = ["warp", "ends"]
description = \"\"\"
A thread held taut on the loom.
Weft = the crossing thread (not a key).
\"\"\"
references = [
    { title = "Looms", link = "https://example.org/looms" },
]

[[terminology]]
name = "Shuttle"
description = "The tool that carries the weft across."
"""


def test_toml_array_of_tables_gives_one_entry_per_table():
    assert ".toml" in GLOSSARY_SUFFIXES
    assert pick_reader(TOML_TABLES).name == "toml"
    result = TomlGlossaryReader().read(TOML_TABLES, "glossary.toml")
    warp, shuttle = result.entries
    assert warp.labels == ("Warp Thread", "WT", "warp", "ends")
    assert "held taut" in warp.definition and "crossing thread" in warp.definition
    assert (warp.line, warp.end_line, shuttle.line, shuttle.end_line) == (2, 12, 14, 16)
    assert unaccounted_lines(TOML_TABLES, result) == []


def test_toml_term_equals_definition_and_a_syntax_error():
    text = 'warp = "The threads held taut along the loom"\n'
    text += 'weft = "The thread woven across the warp threads"\n'
    text += 'heddle = "The wire eye each warp thread passes through"\n'
    result = TomlGlossaryReader().read(text, "g.toml")
    assert [e.term for e in result.entries] == ["warp", "weft", "heddle"]
    with pytest.raises(InputError) as caught:
        TomlGlossaryReader().read('warp = "open\n', "bad.toml")
    assert caught.value.line == 1 and "TOML" in caught.value.message


JSON_LD_TERMS = """{
  "@context": "https://schema.org",
  "@type": "DefinedTermSet",
  "name": "Weaving words",
  "hasDefinedTerm": [
    {"@type": "DefinedTerm", "name": "Warp", "alternateName": "ends",
     "description": "Threads held taut along the loom.", "termCode": "warp"},
    {"@type": "DefinedTerm", "name": "Weft",
     "description": "The thread woven across the warp.", "termCode": "weft"}
  ]
}
"""


def test_schema_org_defined_terms_are_records_not_skos():
    assert pick_reader(JSON_LD_TERMS).name == "json"
    result = JsonGlossaryReader().read(JSON_LD_TERMS, "g.jsonld")
    assert [e.labels for e in result.entries] == [("Warp", "ends"), ("Weft",)]
    assert result.title == "Weaving words"
    skos = '{"@context": {"skos": "urn:example:skos-namespace"}, "@graph": [{"skos:prefLabel": "Warp"}]}'
    assert JsonGlossaryReader().detect(skos) == 0.0


BOLD_WITH_BRACKETS = """# Webglossar

## L

**LAN** (Lokales Netz)··
Ein Netz, das Rechner in einem Gebäude verbindet.

**Leitung**··
Ein Draht, über den Signale laufen.

**LED** (Leuchtdiode)··
Ein Bauteil, das bei Stromfluss leuchtet.
""".replace("··", "  ")


def test_bold_term_line_with_a_bracket_after_it_gives_both_names():
    assert pick_reader(BOLD_WITH_BRACKETS).name == "markdown-bold-lines"
    result = MarkdownBoldLinesReader().read(BOLD_WITH_BRACKETS, "glossar.md")
    assert [e.term for e in result.entries] == ["LAN (Lokales Netz)", "Leitung", "LED (Leuchtdiode)"]
    assert result.entries[0].definition == "Ein Netz, das Rechner in einem Gebäude verbindet."
    assert unaccounted_lines(BOLD_WITH_BRACKETS, result) == []


MEDIAWIKI_LIST = """Words of the weaving room.

; <span id="loom">loom</span>
: A frame that holds the '''warp''' taut; see [[Weaving#shuttle|the shuttle]].
: It may stand or hang.
; shuttle : The tool that carries the weft.
; heddle
: The wire eye each [http://example.org/warp warp thread] passes through.
"""

MEDIAWIKI_TABLE = """{| class="wikitable"
! Term !! Meaning
|-
|style="width: 8%"|''LAN''
|local area network
|-
! PQ, PubQueue
| publishing queue,
kept in the database
|-
! WAN
| wide area network || see [[LAN]]
|}
A footnote after the table.
"""


def test_mediawiki_definition_list_and_tables():
    assert pick_reader(MEDIAWIKI_LIST).name == "mediawiki"
    result = MediaWikiReader().read(MEDIAWIKI_LIST, "Glossary.mediawiki")
    assert [e.term for e in result.entries] == ["loom", "shuttle", "heddle"]
    assert result.entries[0].definition.startswith("A frame that holds the warp taut; see the shuttle.")
    assert "It may stand or hang." in result.entries[0].definition
    assert result.entries[2].definition == "The wire eye each warp thread passes through."
    assert unaccounted_lines(MEDIAWIKI_LIST, result) == []

    assert pick_reader(MEDIAWIKI_TABLE).name == "mediawiki"
    table = MediaWikiReader().read(MEDIAWIKI_TABLE, "Glossary.mediawiki")
    assert [e.labels for e in table.entries] == [("LAN",), ("PQ", "PubQueue"), ("WAN",)]
    assert table.entries[1].definition == "publishing queue,\nkept in the database"
    assert table.entries[2].definition == "wide area network\n\nsee LAN"
    assert unaccounted_lines(MEDIAWIKI_TABLE, table) == []
    reasons = {u.text: u.reason for u in table.unused}
    assert reasons["! Term !! Meaning"] == "table header row"


LATEX_LISTS = r"""%% Weaving words
\section*{Abbreviations}
Terms used in this report:
\begin{description}
\item [LAN] local area network, the network
  of one building.
\item[\textbf{Warp}] the threads held taut along the loom.
% \item[OLD] a retired entry
\item [Heddle] the wire eye a warp thread passes through.
\end{description}

\begin{tabular}{l c l}
  \hline
  Name & & Meaning \\
  \hline
  \textbf{PCB} & = & Printed Circuit Board \\
  RTOS   & = & Real-Time Operating \\
         &   & System \\
  PSU    & = & Power Supply Unit \\
\end{tabular}
\cleardoublepage
"""


def test_latex_description_items_and_table_rows():
    assert pick_reader(LATEX_LISTS).name == "latex-lists"
    result = LatexListsReader().read(LATEX_LISTS, "abbreviations.tex")
    assert [e.term for e in result.entries] == ["LAN", "Warp", "Heddle", "PCB", "RTOS", "PSU"]
    assert result.entries[0].definition == "local area network, the network of one building."
    assert result.entries[3].definition == "Printed Circuit Board"
    assert unaccounted_lines(LATEX_LISTS, result) == []
    reasons = {u.text: u.reason for u in result.unused}
    assert reasons["Name & & Meaning \\\\"] == "table header row"
    assert reasons["% \\item[OLD] a retired entry"] == "LaTeX comment"
