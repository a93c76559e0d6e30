"""Shapes met in the aside20 held-out batch, as fixtures of our own: arrow lines `variant ->
preferred` written with `->` and `=>` alike and with several variants before the arrow, and
AsciiDoc labeled-list items whose `[[anchor]] term ::` line starts with a space."""

from __future__ import annotations

from termbase.build import read_source
from termbase.readers.base import unaccounted_lines
from termbase.sources import SourceText


def read(name: str, text: str):
    return read_source(SourceText(name, text))


def labels_of(source) -> list[tuple[str, ...]]:
    return [entry.labels for entry in source.result.entries]


ARROWS = (
    "# Name list\n"
    "\n"
    "Kilne -> Kiln\n"
    "\n"
    "Glase => Glaze\n"
    "\n"
    "Slipp, Sclip, Slyp -> Slip\n"
    "\n"
    "Whele => Wheel\n"
    "\n"
    "big round firing oven, long low firing oven, tall narrow firing oven, old brick oven -> Kiln oven\n"
    "\n"
    "Potter -> Potter\n"
    "\n"
    "Trimm -> Trim\n"
    "\n"
    "Burnissh, Burnysh -> Burnish\n"
)


def test_arrow_lines_with_either_arrow_are_one_entry_each():
    source = read("names.md", ARROWS)
    assert source.source.reader == "line-pattern"
    terms = [entry.labels[0] for entry in source.result.entries]
    assert terms == ["Kilne", "Glase", "Slipp", "Whele", "Potter", "Trimm", "Burnissh"]
    assert [entry.definition for entry in source.result.entries][:4] == ["Kiln", "Glaze", "Slip", "Wheel"]
    assert unaccounted_lines(ARROWS, source.result) == []


def test_an_arrow_line_too_long_to_read_is_reported_and_flagged_not_glued():
    source = read("names.md", ARROWS)
    whele = next(e for e in source.result.entries if e.labels[0] == "Whele")
    assert "oven" not in whele.definition
    untaken = [u for u in source.result.unused if "firing oven" in u.text]
    assert len(untaken) == 1 and untaken[0].line == 11
    assert any(f.check == "untaken-term-lines" and f.line == 11 for f in source.findings)


def test_variants_before_an_arrow_are_labels_of_their_own():
    source = read("names.md", ARROWS)
    slip = next(e for e in source.result.entries if e.labels[0] == "Slipp")
    assert slip.labels == ("Slipp", "Sclip", "Slyp")
    assert slip.definition == "Slip"


def test_a_comma_inside_a_colon_term_line_still_makes_one_label():
    text = "".join(
        f"{term}: a word of the {n}th kind\n"
        for n, term in enumerate(["Kiln, electric", "Glaze", "Slip", "Wheel"], start=4)
    )
    source = read("words.txt", text)
    assert ("Kiln, electric",) in labels_of(source) or any(
        "Kiln, electric" in labels for labels in labels_of(source)
    )


ADOC = (
    "[glossary]\n"
    "== Pottery words\n"
    "\n"
    "[glossary]\n"
    "[[g-kiln]] Kiln ::\n"
    "  An oven that fires clay until it is hard.\n"
    "\n"
    " [[g-glaze]] Glaze ::\n"
    "  A glassy coat melted onto the pot.\n"
    "\n"
    "[[g-slip]]  Slip ::\n"
    "A thin mix of clay and water.\n"
    "\n"
    " [[g-wheel]] Wheel ::\n"
    "  The turning table a pot is thrown on.\n"
)


def test_asciidoc_items_led_by_a_space_are_entries_of_their_own():
    source = read("glossary.adoc", ADOC)
    assert source.source.reader == "asciidoc"
    terms = [entry.term for entry in source.result.entries]
    assert terms == ["Kiln", "Glaze", "Slip", "Wheel"]
    glaze = source.result.entries[1]
    assert "glassy coat" in glaze.definition and "turning" not in glaze.definition
    assert "glassy" not in source.result.entries[0].definition


def test_indented_text_ending_in_two_colons_inside_a_body_stays_in_the_body():
    text = (
        "Kiln::\n"
        "  An oven that fires clay.\n"
        "  It has parts, as follows::\n"
        "Glaze:: A glassy coat.\n"
        "Slip:: Clay and water.\n"
    )
    source = read("glossary.adoc", text)
    assert [entry.term for entry in source.result.entries] == ["Kiln", "Glaze", "Slip"]


def test_a_capitals_or_between_two_names_gives_both():
    from termbase.labels import parse_term

    assert parse_term("kiln OR oven")[0] == ("kiln", "oven")
    assert parse_term("wet clay OR slip clay")[0] == ("wet clay", "slip clay")
    assert parse_term("AND OR NOT")[0] == ("AND OR NOT",)
    assert parse_term("Kiln or oven")[0] == ("Kiln or oven",)
    assert len(parse_term("kiln OR oven OR furnace")[0]) == 1


def test_terms_that_are_fields_of_nested_records_are_flagged():
    from termbase.model import Entry, ReadResult
    from termbase.read_checks import check_read

    fields = ["chosen: four", "remark: >-", "chosen: glasur", "remark: >-", "chosen: tour", "remark: >-"]
    text = "\n".join(f"{field}\n  a remark of ours" for field in fields) + "\n"
    entries = tuple(
        Entry("style.yml", 2 * n + 1, 2 * n + 2, field, (field,), "a remark of ours")
        for n, field in enumerate(fields)
    )
    findings = check_read(text, ReadResult(entries, ()), "style.yml")
    assert [(f.check, f.line) for f in findings if f.check == "terms-open-with-one-field"] == [
        ("terms-open-with-one-field", 1)
    ]
    named = tuple(
        Entry("g.txt", n + 1, n + 1, f"Kiln {n}: part", (f"Kiln {n}: part",), "x") for n in range(6)
    )
    named_text = "".join(f"Kiln {n}: part\n" for n in range(6))
    findings = check_read(named_text, ReadResult(named, ()), "g.txt")
    assert "terms-open-with-one-field" not in [f.check for f in findings]
