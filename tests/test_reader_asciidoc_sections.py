"""AsciiDoc glossaries with a section per term (`=== term`), one file per concept or many in one."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import FIXTURES, seed_path
from reader_checks import SEEDS, by_term, reasons
from termbase.readers import get_reader, rank_readers
from termbase.readers.base import unaccounted_lines
from termbase.readers.markup.asciidoc_inline import plain_label

SECTIONS = FIXTURES / "asciidoc_sections"
READER = get_reader("asciidoc-sections")


def read(name: str):
    return READER.read((SECTIONS / name).read_text(encoding="utf-8"), name)


@pytest.mark.parametrize("path", sorted(SECTIONS.iterdir()), ids=lambda p: p.name)
def test_every_file_is_picked_and_fully_accounted_for(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    (confidence, reader), (runner_up, _) = rank_readers(text)[:2]
    assert reader.name == "asciidoc-sections" and confidence - runner_up >= 0.2
    assert unaccounted_lines(text, reader.read(text, path.name)) == []


def test_one_term_per_file_with_labels_topic_note_and_source() -> None:
    result = read("0021_shed.adoc")
    (shed,) = result.entries
    assert shed.term == "shed" and shed.labels == ("shed", "shed opening")
    assert shed.topics == ("weaving",)
    assert shed.definition == (
        "opening between raised and lowered warp threads through which the weft passes\n\n"
        "Note: A wider shed lets the shuttle pass more easily.\n\nSource: Loom Notes, 1.4"
    )
    assert reasons(result) == {1: "document attribute or anchor line"}


def test_the_definition_is_never_taken_for_the_term() -> None:
    (reed,) = read("0022_reed.adoc").entries
    assert reed.term == "reed"
    assert reed.definition.startswith("comb-like frame that spaces the warp threads and beats each new pick")


def test_inline_markup_leaves_labels_but_stays_in_definitions() -> None:
    (epi,) = read("0023_ends_per_inch.adoc").entries
    assert epi.term == "EPI warp"
    assert "Note: Weavers often write it as *e.p.i.* on a draft." in epi.definition
    assert epi.definition.endswith("Note: Compare the picks per inch of the weft.")


@pytest.mark.parametrize(
    ("written", "label"),
    [
        ("AEE ^RV^", "AEE RV"),
        ("CO~2~ level", "CO2 level"),
        ("*strong* _weak_ `code`", "strong weak code"),
        ("[[anchor-1]]term", "term"),
        ("pass:[C++] compiler", "C++ compiler"),
        ("[.role]#marked# word", "marked word"),
        ("size{nbsp}limit", "size limit"),
    ],
)
def test_plain_label_removes_asciidoc_inline_markup(written: str, label: str) -> None:
    assert plain_label(written) == label


def test_many_terms_in_one_document() -> None:
    result = read("loom_terms.adoc")
    entries = by_term(result)
    assert list(entries) == ["pick", "treadle", "H2O bath"]
    assert entries["pick"].labels == ("pick", "shot")
    assert entries["pick"].definition.endswith(
        "Example: A plain weave has one pick over and one under.\n\nSource: LoomNotes, clause 2.2"
    )
    assert entries["treadle"].labels == ("treadle", "pedal")
    assert entries["treadle"].see_also == ("pick",)  # the anchor names the term
    assert entries["H2O bath"].definition == "```\nsoak 10 min\n```"
    why = reasons(result)
    assert why[1] == "page title" and why[4] == why[31] == "page heading"
    assert why[6] == "document text before the first term"
    assert why[33] == "document text outside the term sections"
    assert result.title == "Loom Terms"


def test_a_heading_with_no_body_is_reported() -> None:
    text = "=== lone heading\n"
    result = READER.read(text, "x.adoc")
    assert not result.entries and reasons(result) == {1: "term line with no definition after it"}


OTHER_SHAPES = [
    "asciidoc_glossary", "sphinx_glossary", "markdown_headings", "markdown_bold", "markdown_deflist",
    "blank_blocks", "alternating", "suffix_locator", "introduced_bullets", "module_extract",
]  # fmt: skip


@pytest.mark.parametrize("folder", OTHER_SHAPES)
def test_other_shapes_stay_below_the_threshold(folder: str) -> None:
    for path in sorted((FIXTURES / folder).iterdir()):
        assert READER.detect(path.read_text(encoding="utf-8")) < 0.3, path


@pytest.mark.parametrize("prefix", sorted(SEEDS))
def test_seeds_are_not_taken_for_term_sections(prefix: str) -> None:
    assert READER.detect(seed_path(prefix).read_text(encoding="utf-8")) < 0.3
