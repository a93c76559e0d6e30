"""Shapes left over from the held-out batches: header-less tables wider than two columns,
and see-also phrases written in other languages than English."""

from __future__ import annotations

import pytest

from termbase.readers.data.delimited_table import TableGlossaryReader
from termbase.readers.markup.markdown_bold import MarkdownBoldReader
from termbase.readers.pages.alternating import see_also_targets
from termbase.readers.pages.blank_blocks import Kind, line_kind
from termbase.readers.see_also_marks import SEE_ALSO_LEAD, SEE_ALSO_LINE

# A header-less table: a Latin word, its Greek twin ('=' when there is none), an English gloss.
THREE_COLUMNS = (
    "aqua,ὕδωρ,\"the clear liquid that fills rivers; rain\"\n"
    "ignis,=,\"what burns in a hearth; flame\"\n"
    "terra,γῆ,\"the ground under our feet, soil\"\n"
)


def test_headerless_table_keeps_every_column():
    result = TableGlossaryReader().read(THREE_COLUMNS, "words.csv")
    definitions = {entry.term: entry.definition for entry in result.entries}
    assert set(definitions) == {"aqua", "ignis", "terra"}
    # The longest column is the definition; the other one is kept after it, not dropped.
    assert definitions["aqua"].startswith("the clear liquid that fills rivers")
    assert "ὕδωρ" in definitions["aqua"]
    assert "γῆ" in definitions["terra"]
    # A '=' placeholder cell adds nothing.
    assert definitions["ignis"] == "what burns in a hearth; flame"


def test_headerless_two_columns_unchanged():
    result = TableGlossaryReader().read("alpha,the first letter of a list\nbeta,the second letter\n", "x.csv")
    assert [(e.term, e.definition) for e in result.entries] == [
        ("alpha", "the first letter of a list"),
        ("beta", "the second letter"),
    ]


@pytest.mark.parametrize(
    ("line", "targets"),
    [
        ("See also: rope, knot", "rope, knot"),
        ("Siehe auch: Seil, Knoten", "Seil, Knoten"),
        ("Voir aussi : corde", "corde"),
        ("Vedi anche: nodo", "nodo"),
        ("Véase también: cuerda", "cuerda"),
        ("Zie ook: touw", "touw"),
        ("См. также: узел", "узел"),
        ("参见：绳结", "绳结"),
    ],
)
def test_see_also_line_in_many_languages(line, targets):
    match = SEE_ALSO_LINE.match(line)
    assert match is not None and match.group("text") == targets
    assert line_kind(line) is Kind.SEE_ALSO


@pytest.mark.parametrize("line", ["see alsoing: no", "Seeds: many", "Voir: ailleurs"])
def test_not_a_see_also_line(line):
    assert SEE_ALSO_LINE.match(line) is None


def test_see_also_sentence_in_a_definition_in_german():
    assert see_also_targets("Ein fester Knoten. Siehe auch Schlinge.") == ("Schlinge",)


def test_see_also_lead_stripped_from_a_pointer():
    assert SEE_ALSO_LEAD.sub("", "Voir aussi : nœud") == "nœud"


# A page whose glossary sits under letter headings, then a section of another kind.
LETTER_INDEX_PAGE = """# Words

## Terms

### A

- **Anchor**: a heavy hook that holds a boat in place.
- **Aft**: towards the back of a boat.

### B

- **Bow**: the front end of a boat.

### K

- **Keel**: the spine along the bottom of a hull.

## Editors

- **Terms list**: the harbour club
- **Drawings**: the sailing school
"""


def test_bold_items_after_a_letter_index_are_not_entries():
    result = MarkdownBoldReader().read(LETTER_INDEX_PAGE, "words.md")
    assert [entry.term for entry in result.entries] == ["Anchor", "Aft", "Bow", "Keel"]
    reported = {line.line for line in result.unused}
    assert {20, 21} <= reported  # the editors list is reported, never silently dropped


def test_bold_items_under_a_heading_of_the_same_level_as_the_letters_stay():
    page = LETTER_INDEX_PAGE.replace("## Editors", "### Other words")
    result = MarkdownBoldReader().read(page, "words.md")
    assert len(result.entries) == 6


@pytest.mark.parametrize(
    ("heading", "labels"),
    [
        ("Tensor, aka ndarray", ("Tensor", "ndarray")),
        ("Sloop, a.k.a. cutter", ("Sloop", "cutter")),
        ("Tiller, also known as helm bar", ("Tiller", "helm bar")),
        ("Smith, John", ("Smith, John",)),  # a comma alone says nothing of another name
    ],
)
def test_comma_aka_gives_two_labels(heading, labels):
    from termbase.labels import parse_term

    assert parse_term(heading)[0] == labels


def test_markdown_heading_with_aka_is_one_concept_with_two_labels():
    from termbase.readers.markup.markdown_headings import MarkdownHeadingsReader

    page = "# Glossary\n\n## Tensor, aka ndarray\n\nA grid of numbers with any count of axes.\n\n" + (
        "## Scalar\n\nA single number on its own.\n\n## Vector\n\nA row of numbers.\n"
    )
    entries = {entry.term: entry for entry in MarkdownHeadingsReader().read(page, "g.md").entries}
    tensor = next(entry for term, entry in entries.items() if term.startswith("Tensor"))
    assert set(tensor.labels) >= {"Tensor", "ndarray"}


BARE_BOLD = """# Parole

- **Prua** è la parte anteriore di una barca
- **Poppa** è la parte posteriore
- **Chiglia** la trave che corre sotto lo scafo
"""


def test_bold_items_without_separator_when_every_item_opens_so():
    reader = MarkdownBoldReader()
    assert 0.3 <= reader.detect(BARE_BOLD) < 0.5
    entries = reader.read(BARE_BOLD, "parole.md").entries
    assert [(e.term, e.definition) for e in entries] == [
        ("Prua", "è la parte anteriore di una barca"),
        ("Poppa", "è la parte posteriore"),
        ("Chiglia", "la trave che corre sotto lo scafo"),
    ]


def test_a_list_with_one_plain_item_is_not_read_as_bare_bold_terms():
    page = BARE_BOLD + "- e poi altre cose senza grassetto\n"
    assert MarkdownBoldReader().detect(page) == 0.0


# Two Latin-script columns with no header: English beside Italian, one concept per row.
EN_IT = "".join(
    f"{en},{it}\n"
    for en, it in [
        ("sailing boat", "barca a vela"),
        ("harbour master", "capitano del porto"),
        ("mooring line", "cima di ormeggio"),
        ("weather forecast", "previsioni del tempo"),
        ("life jacket", "giubbotto di salvataggio"),
        ("fishing net", "rete da pesca"),
    ]
)


def test_headerless_two_language_table_is_labels_in_two_languages():
    result = TableGlossaryReader().read(EN_IT, "mare.csv")
    by_language = {(e.language, e.term) for e in result.entries}
    assert ("en", "sailing boat") in by_language and ("it", "barca a vela") in by_language
    groups = {e.group for e in result.entries}
    assert len(groups) == 6  # one concept per row, both labels in it
    assert all(not e.definition for e in result.entries)


def test_headerless_table_in_one_language_stays_term_and_definition():
    text = "".join(
        f"{t},{d}\n"
        for t, d in [
            ("AES", "Advanced encryption standard"),
            ("BGP", "Border gateway protocol"),
            ("CD", "Compact disc"),
            ("DNS", "Domain name system"),
        ]
    )
    entries = TableGlossaryReader().read(text, "acronyms.csv").entries
    assert len(entries) == 4
    assert (entries[0].term, entries[0].definition) == ("AES", "Advanced encryption standard")


@pytest.mark.parametrize(
    ("written", "labels"),
    [
        ("Rechner (auch bekannt als Computer)", ("Rechner", "Computer")),
        ("Quai, aussi appelé débarcadère", ("Quai", "débarcadère")),
        ("Vela (detta anche tela)", ("Vela", "tela")),
        ("Barco, también llamado nave", ("Barco", "nave")),
        ("Haven (ook wel havenkom)", ("Haven", "havenkom")),
    ],
)
def test_another_name_introduced_in_other_languages(written, labels):
    from termbase.labels import parse_term

    assert parse_term(written)[0] == labels
