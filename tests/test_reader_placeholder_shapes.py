"""Shapes read wrong without a word at issue 12's aside23 batch, as fixtures of our own words: an
AsciiDoc section with no body among sections that all have one (its neighbour's anchor line is not
its body), a template's sample record left at the top of a data file, and two spellings of one name
joined by an unspaced slash."""

from __future__ import annotations

from termbase.build import read_source
from termbase.labels import parse_term
from termbase.sources import SourceText


def read(name: str, text: str):
    return read_source(SourceText(name, text))


ADOC = (
    "[[warp]]\n== Warp\nThe threads held taut on the loom.\n\n"
    "[[weft]]\n== Weft\nThe thread passed across the warp.\n\n"
    "[[heddle]]\n== Heddle\n\n"
    "[[shed]]\n== Shed\nThe gap opened between warp threads.\n\n"
    "[reed]]\n== Reed\nA comb that packs the weft tight.\n"
)


def test_an_empty_asciidoc_section_is_reported_not_read_from_its_neighbours_anchor():
    source = read("loom.adoc", ADOC)
    assert source.source.reader == "asciidoc-sections"
    assert [e.term for e in source.result.entries] == ["Warp", "Weft", "Shed", "Reed"]
    reasons = {u.line: u.reason for u in source.result.unused}
    assert reasons[10] == "term line with no definition after it"
    assert reasons[12] == reasons[16] == "document attribute or anchor line"  # `[reed]]` too
    assert {f.check for f in source.findings} == {"term-lines-left-unread"}  # said, never silent
    shed = next(e for e in source.result.entries if e.term == "Shed")
    assert shed.definition == "The gap opened between warp threads."


SAMPLE_YAML = (
    "- term: a_term_name\n  definition: desc\n  url: https://example.org/\n"
    "- term: Bobbin\n  definition: A spool that holds thread for the shuttle.\n"
    "- term: Selvedge\n  definition: The woven edge that keeps cloth from fraying.\n"
    "- term: Treadle\n  definition: A foot pedal that lifts a set of shafts.\n"
)


def test_a_templates_sample_record_is_reported_not_an_entry():
    source = read("glossary.yml", SAMPLE_YAML)
    assert [e.term for e in source.result.entries] == ["Bobbin", "Selvedge", "Treadle"]
    sample = [u for u in source.result.unused if "sample" in u.reason]
    assert [u.line for u in sample] == [1, 2, 3]
    assert [f.check for f in source.findings] == ["template-sample-entries"]


def test_a_real_term_named_like_a_field_is_kept():
    text = SAMPLE_YAML.replace("definition: desc", "definition: The word a glossary entry defines.")
    text = text.replace("a_term_name", "term")
    source = read("glossary.yml", text)
    assert [e.term for e in source.result.entries] == ["term", "Bobbin", "Selvedge", "Treadle"]
    # and a real term whose body is only `desc` keeps its entry, with no definition
    source = read("glossary.yml", SAMPLE_YAML.replace("a_term_name", "Shuttle"))
    assert source.result.entries[0].term == "Shuttle"
    assert source.result.entries[0].definition == ""


def test_slash_joined_forms_of_one_word_are_two_names():
    assert parse_term("Clonotype/Clone")[0] == ("Clonotype", "Clone")
    assert parse_term("colour/color")[0] == ("colour", "color")
    assert parse_term("Catalog/Catalogue")[0] == ("Catalog", "Catalogue")
    # words with nothing in common name one thing together; acronyms are one name
    for one in ("Client/Server", "Input/Output", "Rate/Ratio", "CI/CD", "TCP/IP", "I/O", "and/or"):
        assert parse_term(one)[0] == (one,)


def test_an_italic_slash_term_gives_both_names():
    page = (
        "*Lamina/Laminate*: a thin layer pressed onto another\n\n"
        "*Ply*: one strand of a twisted yarn\n\n"
        "*Roving*: loose fibre drawn out before spinning\n"
    )
    entries = read("notes.md", page).result.entries
    assert entries[0].labels == ("Lamina", "Laminate")


def test_a_few_headings_with_nothing_under_them_are_said():
    page = "# Glossary\n\n" + "".join(
        f"## {term}\n\n{body}\n\n" for term, body in [
            ("Warp", "The threads held taut."), ("Weft", "The thread carried across."), ("Heddle", ""),
            ("Reed", "A comb that beats the weft."), ("Shed", "The gap between threads."),
            ("Shuttle", "A tool carrying the weft."),
        ]
    )
    source = read("glossary.md", page)
    assert [e.term for e in source.result.entries][2] == "Heddle"  # kept: a term still to define
    said = [f for f in source.findings if f.check == "terms-without-definition"]
    assert len(said) == 1 and "'Heddle'" in said[0].message and said[0].weight == 0.0


def test_an_acronyms_bracket_with_its_expansion_and_a_translation_gives_three_names():
    names = ("ALT", "Active Layer Thickness", "활성층 두께")
    assert parse_term("ALT (Active Layer Thickness, 활성층 두께)")[0] == names
    assert parse_term("CV (Cross-Validation, 교차검증)")[0] == ("CV", "Cross-Validation", "교차검증")
    # a note after the comma, in the expansion's script, is no name
    assert parse_term("ABC (A Big Cat, see also dog)")[0] == ("ABC", "A Big Cat, see also dog")
