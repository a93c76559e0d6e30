"""Tables recognised by structure, whatever language their header is in; bilingual label tables."""

from __future__ import annotations

from pathlib import Path

import pytest

from termbase.build import build_termbase, read_source
from termbase.labels import label_key
from termbase.lookup import find_concepts
from termbase.readers.base import unaccounted_lines
from termbase.readers.data.delimited_table import TableGlossaryReader
from termbase.sources import SourceText
from termbase.store import Termbase
from termbase.table_shape import named_language, sniff_table

KOREAN_CSV = "\ufeff낱말,번역\r\nkiln,가마\r\nglaze,유약\r\nclay body,소지\r\nwheel,물레\r\n"
PERSIAN_TSV = "English\tPersian\nkiln\tکوره\nglaze\tلعاب\npottery wheel\tچرخ سفالگری\nslip\tدوغاب، گل رقیق\n"


def test_a_consistent_table_is_found_with_its_dialect_bom_and_crlf():
    table = sniff_table(KOREAN_CSV)
    assert table is not None
    assert (table.delimiter, table.columns, len(table.rows)) == (",", 2, 5)
    assert table.rows[0].cells == ("낱말", "번역")  # no byte-order mark left in the first cell
    assert table.header  # Hangul over a column of Latin words
    assert table.languages == ("", "ko")


def test_prose_with_commas_is_not_a_table():
    prose = (
        "Clay, once fired, turns hard.\nA kiln heats the ware slowly\n"
        "Glazes melt, flow, and set into glass, at high heat.\nThat is all\n"
    )
    assert sniff_table(prose) is None


@pytest.mark.parametrize(
    ("cell", "code"), [("en", "en"), ("English", "en"), ("영어", "en"), ("فارسی", "fa"), ("Persian", "fa")]
)
def test_header_cells_that_name_a_language(cell, code):
    assert named_language(cell) == code


def test_words_that_name_no_language():
    assert named_language("번역") == ""
    assert named_language("Definition") == ""


@pytest.mark.parametrize(("text", "name"), [(KOREAN_CSV, "words.csv"), (PERSIAN_TSV, "words.tsv")])
def test_a_term_translation_table_is_read_as_labels_in_two_languages(text, name):
    read = read_source(SourceText(name, text))
    assert read.source.reader == "csv"
    assert read.findings == ()
    entries = read.result.entries
    assert len({e.group for e in entries}) == 4  # one concept per row; the header is no entry
    assert {e.language for e in entries} == ({"en", "ko"} if name.endswith("csv") else {"en", "fa"})
    assert all(e.definition == "" for e in entries)
    assert [u.line for u in read.result.unused] == [1]
    assert unaccounted_lines(text, read.result) == []


def test_alternatives_in_a_cell_are_separate_labels_and_rtl_text_is_kept():
    result = TableGlossaryReader().read(PERSIAN_TSV, "words.tsv")
    slip = [e for e in result.entries if e.group.endswith("row-5")]
    persian = next(e for e in slip if e.language == "fa")
    assert persian.labels == ("دوغاب", "گل رقیق")
    assert persian.term == "دوغاب، گل رقیق"


def test_a_term_definition_table_without_known_column_names_keeps_definitions():
    text = (
        "낱말\t뜻\nkiln\tan oven that fires clay until it is hard enough to use\n"
        "glaze\ta glassy coating fused onto pottery in the kiln\n"
        "slip\tclay thinned with water, used to join pieces or to decorate\n"
    )
    read = read_source(SourceText("terms.tsv", text))
    assert [e.term for e in read.result.entries] == ["kiln", "glaze", "slip"]
    assert read.result.entries[0].definition.startswith("an oven")
    assert [u.line for u in read.result.unused] == [1]


def test_zero_width_non_joiner_is_folded_in_match_keys(tmp_path: Path):
    assert label_key("می\u200cخواهم") == label_key("میخواهم")
    glossary = tmp_path / "words.tsv"
    glossary.write_text("en\tfa\nreadability\tخوانا\u200cپذیری\nkiln\tکوره\nglaze\tلعاب\n", encoding="utf-8")
    db = tmp_path / "t.db"
    build_termbase([str(glossary)], db)
    with Termbase.open(db) as termbase:
        typed_without = find_concepts(termbase, "خواناپذیری")
        assert typed_without == find_concepts(termbase, "readability") != []


def test_a_markdown_table_of_english_and_persian_labels_is_read_as_one_concept_per_row(tmp_path: Path):
    text = (
        "# واژه‌نامه\n\nمعادل‌هایی که در ترجمه به کار می‌بریم.\n\n"
        "| English | فارسی |\n| ------- | ----- |\n| kiln | کوره |\n| glaze | لعاب |\n"
        "| pottery wheel | چرخ سفالگری، چرخ کوزه‌گری |\n"
    )
    read = read_source(SourceText("GLOSSARY.md", text))
    assert read.source.reader == "markdown-table"
    entries = read.result.entries
    assert len({e.group for e in entries}) == 3
    wheel = [e for e in entries if e.line == 9]
    assert {e.language: e.labels for e in wheel} == {
        "en": ("pottery wheel",),
        "fa": ("چرخ سفالگری", "چرخ کوزه‌گری"),
    }
    assert unaccounted_lines(text, read.result) == []
    glossary = tmp_path / "GLOSSARY.md"
    glossary.write_text(text, encoding="utf-8")
    build_termbase([str(glossary)], tmp_path / "t.db")
    with Termbase.open(tmp_path / "t.db") as termbase:
        assert find_concepts(termbase, "چرخ کوزهگری") == find_concepts(termbase, "pottery wheel") != []
