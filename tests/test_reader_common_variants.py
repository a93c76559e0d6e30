"""Variants of the common glossary shapes users write (issue 12, stop 17), as fixtures of our own
words on pottery: a GitBook `GLOSSARY.md` of `## Term` sections with no title, Sphinx glossary
classifiers, linked terms and other-name columns in Markdown tables, Excel's `sep=;` line,
YAML/JSON grouped by letter, topic or language, term → list of sentences, `[term, definition]`
rows, plain `term Definition.` lines with bare terms among them, long title-case heads, a
Japanese table with a reading column, short German definitions, and numbered term lines."""

from __future__ import annotations

from termbase.build import read_source
from termbase.sources import SourceText


def read(name: str, text: str):
    return read_source(SourceText(name, text))


def labels(source) -> list[tuple[str, ...]]:
    return [entry.labels for entry in source.result.entries]


GITBOOK = (
    "## Kiln\n\nA chamber heated to fire clay pieces.\n\n"
    "## Glaze\n\nA glassy layer melted onto a pot. It can be clear or coloured.\n\n"
    "## Slip\n\nClay thinned with water, used as glue.\n"
)


def test_a_gitbook_glossary_file_is_titled_by_its_name():
    source = read("docs/GLOSSARY.md", GITBOOK)
    assert source.source.reader == "markdown-headings"
    assert [e.term for e in source.result.entries] == ["Kiln", "Glaze", "Slip"]
    assert source.result.entries[1].definition.startswith("A glassy layer")


def test_the_same_page_under_another_name_is_not_taken_for_a_glossary():
    from termbase.errors import NotAGlossaryError

    try:
        read("notes.md", GITBOOK)
    except NotAGlossaryError:
        return
    raise AssertionError("three untitled sections in notes.md were read as a glossary")


def test_an_index_page_takes_its_folder_name():
    source = read("docs/glossary/index.md", GITBOOK)
    assert len(source.result.entries) == 3


SPHINX_CLASSIFIERS = """Glossary
========

.. glossary::
   :sorted:

   kiln
   oven
      A chamber that is heated to fire clay pieces.

   glaze : coating
      A glassy layer melted onto a pot in the firing.

   slip : clay
      Clay mixed with water until it pours.
"""


def test_a_sphinx_glossary_classifier_is_no_part_of_the_label():
    source = read("glossary.rst", SPHINX_CLASSIFIERS)
    assert labels(source) == [("kiln", "oven"), ("glaze",), ("slip",)]


TABLE_LINKS_AND_NAMES = """# Glossary

| Term | Abbreviation | Definition |
| --- | --- | --- |
| [Cone temperature](cone.md) | CT | The heat at which a cone bends. |
| Kiln | | A chamber heated to fire clay pieces. |
| [Bend temperature][bt] | BT | The heat where a cone slumps to its base. |
| `glaze` | | A glassy layer melted onto a pot. |

[bt]: bend.md
"""


def test_a_linked_term_cell_is_its_text_and_an_abbreviation_column_gives_labels():
    source = read("glossary.md", TABLE_LINKS_AND_NAMES)
    assert labels(source)[:3] == [("Cone temperature", "CT"), ("Kiln",), ("Bend temperature", "BT")]
    assert all("Abbreviation" not in e.definition for e in source.result.entries)
    assert source.result.entries[0].definition == "The heat at which a cone bends."


EXCEL_CSV = (
    "\ufeffsep=;\r\nTerm;Definition\r\nKiln;A chamber heated to fire clay pieces.\r\n"
    "Glaze;A glassy layer melted onto a pot.\r\nSlip;Clay thinned with water, used as glue.\r\n"
)


def test_excels_separator_line_is_no_row():
    source = read("glossary.csv", EXCEL_CSV)
    assert [e.term for e in source.result.entries] == ["Kiln", "Glaze", "Slip"]
    assert [u.line for u in source.result.unused] == [1, 2]
    assert "sep=" in source.result.unused[0].reason
    assert not source.findings


LETTER_GROUPS = """B:
  - term: Bisque
    definition: The first firing, before any glaze.
G:
  - term: Glaze
    definition: A glassy layer melted onto a pot.
  - term: Grog
    definition: Fired clay ground up and mixed in.
K:
  - term: Kiln
    definition: A chamber heated to fire clay pieces.
"""

TOPIC_PAIRS = """Tools:
  kiln: A chamber heated to fire clay pieces.
  kidney: A curved scraper used to smooth the walls.
Materials:
  slip: Clay thinned with water, used as glue.
  grog: Fired clay ground up and mixed into fresh clay.
"""


def test_records_grouped_by_letter_or_topic_are_all_read():
    letters = read("glossary.yml", LETTER_GROUPS)
    assert [e.term for e in letters.result.entries] == ["Bisque", "Glaze", "Grog", "Kiln"]
    topics = read("glossary.yml", TOPIC_PAIRS)
    assert [e.term for e in topics.result.entries] == ["kiln", "kidney", "slip", "grog"]
    assert {u.line for u in topics.result.unused} == {1, 4}  # the group keys, reported


def test_one_field_repeated_under_several_keys_is_no_glossary_of_pairs():
    html_like = "nav:\n  p: A menu knot is a link.\nfooter:\n  p: A footer knot repeats on pages.\n"
    html_like += "main: text\n"
    from termbase.readers.data.json_yaml import _grouped, yaml_tree

    assert _grouped(yaml_tree(html_like, "x.yml")) is None


LANGUAGE_GROUPS = """en:
  - term: Kiln
    definition: A chamber heated to fire clay pieces.
  - term: Glaze
    definition: A glassy layer melted onto a pot.
fr:
  - term: Four
    definition: Une chambre chauffée pour cuire les pièces.
  - term: Émail
    definition: Une couche vitreuse fondue sur un pot.
"""


def test_a_glossary_keyed_by_language_reads_every_language():
    source = read("_data/glossary.yml", LANGUAGE_GROUPS)
    assert [(e.term, e.language) for e in source.result.entries] == [
        ("Kiln", "en"),
        ("Glaze", "en"),
        ("Four", "fr"),
        ("Émail", "fr"),
    ]


def test_a_term_with_a_list_of_sentences_and_rows_of_pairs():
    listed = read(
        "glossary.json",
        '{"kiln": ["A chamber heated to fire clay pieces."], "glaze": ["A glassy layer melted onto a pot.",'
        ' "Also the powder mixed to make one."], "slip": ["Clay thinned with water, used as glue."]}',
    )
    assert [e.term for e in listed.result.entries] == ["kiln", "glaze", "slip"]
    assert listed.result.entries[1].definition.endswith("Also the powder mixed to make one.")
    rows = read(
        "glossary.json",
        '[["Kiln", "A chamber heated to fire clay pieces."], ["Glaze", "A glassy layer melted onto a pot."],'
        ' ["Slip", "Clay thinned with water, used as glue."]]',
    )
    assert [(e.term, e.definition[:9]) for e in rows.result.entries] == [
        ("Kiln", "A chamber"),
        ("Glaze", "A glassy "),
        ("Slip", "Clay thin"),
    ]


SPACED = (
    "//  Marca que abre un comentario hasta el final de la línea.\n"
    "C++ Lenguaje compilado de uso general con clases y plantillas.\n"
    "kiln log Cuaderno donde se anota cada hornada del taller.\n"
    "cin Flujo de entrada estándar. Lee texto del teclado.\n"
    "glaze Capa vítrea que se funde sobre la pieza.\n"
    "linker\n"
    "object code\n"
    "slip Arcilla diluida en agua que sirve para pegar partes.\n"
    "main()\n"
)


def test_term_lines_split_by_a_space_and_a_capital_with_bare_terms_reported():
    source = read("glossary.txt", SPACED)
    assert source.source.reader == "spaced-term-lines"
    assert [e.term for e in source.result.entries] == ["//", "C++", "kiln log", "cin", "glaze", "slip"]
    assert source.result.entries[3].definition.startswith("Flujo de entrada")
    bare = [u for u in source.result.unused if "no definition" in u.reason]
    assert [u.text for u in bare] == ["linker", "object code", "main()"]


def test_a_line_whose_term_cannot_be_told_from_its_definition_is_reported():
    from termbase.readers.pages.spaced_term_lines import split_line

    assert split_line(1, "Bisque Firing The first firing of raw clay.").ambiguous
    assert split_line(1, "Kiln A chamber heated to fire clay.").term == "Kiln"


def test_english_prose_is_not_taken_for_spaced_term_lines():
    from termbase.readers.pages.spaced_term_lines import SpacedTermLinesReader

    prose = "The kiln is hot today.\nWe fire on Monday and Tuesday.\nBring your own glaze please.\n" * 3
    assert SpacedTermLinesReader().detect(prose) == 0.0


LONG_HEADS = (
    "Kiln - A chamber heated to fire clay pieces.\n"
    "Glaze - A glassy layer melted onto a pot.\n"
    "Slip - Clay thinned with water, used as glue.\n"
    "Bisque - The first firing, before any glaze.\n"
    "Pyrometric Cone Equivalent of a Refractory Brick Under Standard Load - The cone whose bend matches.\n"
    "Cone - A small clay pyramid that bends at a set heat.\n"
)


def test_a_long_title_case_head_is_a_term_not_a_line_of_the_entry_above():
    source = read("glossary.txt", LONG_HEADS)
    terms = [e.term for e in source.result.entries]
    assert "Pyrometric Cone Equivalent of a Refractory Brick Under Standard Load" in terms
    assert source.result.entries[3].definition == "The first firing, before any glaze."


JAPANESE_TABLE = """# 用語集

| 用語 | 読み | 説明 |
|---|---|---|
| 窯 | かま | 粘土の作品を焼くための加熱された部屋。 |
| 釉薬 | ゆうやく | 焼成中に器の上で溶けるガラス質の層。 |
| 素焼き | すやき | 釉薬をかける前に行う最初の焼成。 |
"""


def test_kanji_beside_a_reading_column_is_one_japanese_entry():
    source = read("glossary.md", JAPANESE_TABLE)
    assert [(e.labels, e.language) for e in source.result.entries] == [
        (("窯", "かま"), "ja"),
        (("釉薬", "ゆうやく"), "ja"),
        (("素焼き", "すやき"), "ja"),
    ]


GERMAN_TSV = (
    "Begriff\tErklärung\nOfen\tEine Kammer, in der Ton gebrannt wird.\n"
    "Glasur\tEine glasige Schicht auf dem Topf.\n"
    "Schlicker\tMit Wasser verdünnter Ton, der als Kleber dient.\n"
    "Schrüh\tDer erste Brand, bevor die Glasur aufgetragen wird.\n"
    "Kegel\tEine kleine Pyramide aus Ton, die sich bei einer Hitze biegt.\n"
)


def test_a_short_file_of_german_definitions_is_tagged_german():
    source = read("glossar.tsv", GERMAN_TSV)
    assert {e.language for e in source.result.entries} == {"de"}


def test_short_english_definitions_stay_english():
    english = "".join(f"{t}\t{d}\n" for t, d in [
        ("Kiln", "A chamber heated to fire clay pieces in the studio."),
        ("Glaze", "A glassy layer melted onto a pot in the kiln."),
        ("Slip", "Clay thinned with water and used as glue."),
        ("Bisque", "The first firing, done before any glaze goes on."),
        ("Cone", "A small clay pyramid that bends at a set heat."),
    ])  # fmt: skip
    source = read("glossary.tsv", "Term\tDefinition\n" + english)
    assert {e.language for e in source.result.entries} == {"en"}


def test_numbered_term_lines_are_no_yaml_keys():
    text = "".join(
        f"{n}. {t}: {d}\n"
        for n, (t, d) in enumerate(
            [("Kiln", "A chamber heated to fire clay."), ("Glaze", "A glassy coat on a pot."),
             ("Slip", "Clay thinned with water."), ("Bisque", "The first firing of raw ware.")],
            start=1,
        )
    )  # fmt: skip
    source = read("glossary.txt", text)
    assert [e.term for e in source.result.entries] == ["Kiln", "Glaze", "Slip", "Bisque"]


LETTERS_OVER_BOLD_BULLETS = "# 用語集\n\n## 略語\n\n" + "".join(
    f"### {letter}\n\n" + "".join(f"- **{term}**: {body}\n" for term, body in items) + "\n"
    for letter, items in [
        ("B", [("BT", "Bend Temperature（曲がる温度）"), ("BW", "Bisque Ware（素焼きの器）")]),
        ("C", [("CT", "Cone Temperature（コーンの温度）"), ("CO", "Cone Offset（ずれ）")]),
        ("K", [("KL", "Kiln Log（窯の記録）"), ("KW", "Kiln Wash（窯の保護剤）")]),
        ("S", [("SG", "Slip Glue（泥しょうの接着）"), ("SW", "Shelf Wash（棚板の保護）")]),
    ]
)


def test_headings_over_many_bold_term_bullets_group_them_under_a_cjk_title():
    source = read("glossary.md", LETTERS_OVER_BOLD_BULLETS)
    assert source.source.reader != "markdown-headings"
    assert len(source.result.entries) == 8
    assert source.result.entries[0].labels[0] == "BT"


HUGO_PAGE = """---
title: "Glossary"
weight: 40
---

{{< toc >}}

The words of the studio.

## Kiln

A chamber heated to fire clay pieces.

## Glaze

A glassy layer melted onto a pot.

## Slip

Clay thinned with water, used as glue.

{{< /toc >}}
"""


def test_a_front_matter_page_titled_glossary_with_term_headings_is_a_glossary_page():
    source = read("content/glossary.md", HUGO_PAGE)
    assert source.source.reader == "markdown-headings"
    assert [(e.term, e.definition) for e in source.result.entries][2] == (
        "Slip",
        "Clay thinned with water, used as glue.",
    )
    shortcodes = [u for u in source.result.unused if u.text.startswith("{{<")]
    assert len(shortcodes) == 2 and all("shortcode" in u.reason for u in shortcodes)


def test_hugo_toml_front_matter_titles_a_glossary_page_and_a_term_page():
    page = "+++\ntitle = \"Glossary\"\nweight = 5\n+++\n\n" + HUGO_PAGE.split("---\n", 2)[2].replace(
        "{{< toc >}}\n", ""
    ).replace("{{< /toc >}}\n", "")
    source = read("content/glossary.md", page)
    assert [e.term for e in source.result.entries] == ["Kiln", "Glaze", "Slip"]
    assert [u.reason for u in source.result.unused[:4]] == ["front matter (page metadata)"] * 4
    term_page = read("content/glossary/kiln.md", '+++\ntitle = "Kiln"\n+++\n\nA chamber for firing clay.\n')
    entries = term_page.result.entries
    assert [(e.term, e.definition) for e in entries] == [("Kiln", "A chamber for firing clay.")]


REST_SUBSTITUTION = """Glossary
========

.. glossary::

   |kiln| log
      The notebook of every firing.

   Cone
      A small clay pyramid that bends at a set heat.

   Slip
      Clay thinned with water, see the |kiln| log.

.. |kiln| replace:: Kiln
"""


def test_a_rest_replace_substitution_is_written_out():
    source = read("glossary.rst", REST_SUBSTITUTION)
    assert [e.term for e in source.result.entries] == ["Kiln log", "Cone", "Slip"]
    assert source.result.entries[2].definition == "Clay thinned with water, see the Kiln log."


REST_CSV_TABLE = """Glossary
========

.. csv-table:: Studio words
   :header: "Term", "Definition"
   :widths: 20, 80

   "Kiln", "A chamber heated to fire clay pieces."
   "Glaze", "A glassy layer, melted onto a pot."
   "Slip", "Clay thinned with water, used as glue."
"""


def test_a_rest_csv_table_glossary():
    source = read("glossary.rst", REST_CSV_TABLE)
    assert source.source.reader == "rest-list-table"
    assert [(e.term, e.definition) for e in source.result.entries] == [
        ("Kiln", "A chamber heated to fire clay pieces."),
        ("Glaze", "A glassy layer, melted onto a pot."),
        ("Slip", "Clay thinned with water, used as glue."),
    ]


def test_a_pointer_to_a_pointer_folds_into_the_entry_the_chain_reaches():
    text = (
        "Kiln: A chamber heated to fire clay pieces.\n"
        "Oven: => Furnace\n"
        "Furnace: => Kiln\n"
        "Glaze: A glassy layer melted onto a pot.\n"
        "Slip: Clay thinned with water, used as glue.\n"
    )
    source = read("glossary.txt", text)
    kiln = source.result.entries[0]
    assert set(kiln.labels) == {"Kiln", "Oven", "Furnace"}
    assert len(source.result.entries) == 3


NESTED_NAMES = """# Glossary

- Kiln
  - A chamber heated to fire clay pieces.
- Glaze
  - A glassy layer melted onto a pot.
- Slip
  - Clay thinned with water, used as glue.
"""

OUTLINE = "# Contents\n\n- Tools\n  - Kilns\n  - Wheels\n- Process\n  - Throwing\n- Care\n  - Cleaning\n"


def test_plain_names_over_nested_definitions_but_not_an_outline():
    source = read("glossary.md", NESTED_NAMES)
    first = source.result.entries[0]
    assert (first.term, first.definition) == ("Kiln", "A chamber heated to fire clay pieces.")
    assert len(source.result.entries) == 3
    from termbase.errors import NotAGlossaryError

    try:
        read("contents.md", OUTLINE)
    except NotAGlossaryError:
        return
    raise AssertionError("an outline of topics was read as a glossary")


LINKED_TERM_LINES = (
    "# Index\n\n"
    "* [PKCE (Proof Key for Code Exchange)](pkce.md) - A way to guard a code exchange with a fresh secret.\n"
    "* [Kiln](kiln.md) - A chamber heated to fire clay pieces.\n"
    "* [Glaze](glaze.md) - A glassy layer melted onto a pot.\n"
    "* [Slip](slip.md) - Clay thinned with water, used as glue.\n"
)


def test_term_lines_whose_term_links_to_its_page():
    source = read("index.md", LINKED_TERM_LINES)
    assert labels(source) == [("PKCE", "Proof Key for Code Exchange"), ("Kiln",), ("Glaze",), ("Slip",)]
