"""Shapes met in real glossaries the readers had not seen, in small fixtures of our own:
rendered Sphinx/MyST HTML with permalinks, TBX-Basic in DCT style."""

from __future__ import annotations

from pathlib import Path

import pytest

from termbase.build import read_source
from termbase.sources import SourceText

FIXTURES = Path(__file__).parent / "fixtures" / "heldout_shapes"


def read(name: str):
    path = FIXTURES / name
    return read_source(SourceText(str(path), path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("name", ["sphinx.html", "myst.html"])
def test_permalinks_after_terms_and_headings_are_not_part_of_the_label(name):
    result = read(name)
    labels = [label for e in result.result.entries for label in e.labels]
    assert labels and not any("¶" in label for label in labels)
    assert result.findings == ()


def test_a_sidebar_heading_is_not_a_term():
    assert [e.term for e in read("myst.html").result.entries] == ["Kiln", "Glaze (finish)", "Slip"]


def test_sphinx_terms_sharing_one_definition_are_one_entry():
    entries = read("sphinx.html").result.entries
    assert [e.labels for e in entries] == [("kiln",), ("glaze", "slip"), ("clay",)]
    assert entries[1].definition == "Two coatings put on pots before firing."


def test_tbx_in_dct_style_keeps_its_definitions():
    entries = read("dct.tbx").result.entries
    assert {e.labels[0]: e.definition for e in entries if e.language == "en"} == {
        "kiln": "An oven that fires clay.",
        "glaze": "A glassy coat fused onto pottery.",
        "slip": "",
    }
    assert len({e.group for e in entries}) == 3


def test_flat_records_of_labels_under_language_codes_are_one_concept_each():
    # One line of JSON, keys in ISO 639-2 codes (eng, chi), extra fields beside them.
    result = read("records.json")
    assert result.source.reader == "json"
    entries = result.result.entries
    assert len({e.group for e in entries}) == 5  # records on one line stay apart
    assert {e.language for e in entries} == {"en", "zh"}
    kiln = [e.labels for e in entries if e.group == entries[0].group]
    assert kiln == [("kiln",), ("窯",)]
    assert result.findings == ()


def test_a_long_json_array_on_one_line_is_judged_whole():
    import json

    from termbase.readers import DETECT_SAMPLE_CHARS

    records = [{"en": f"kiln number {n}", "fr": f"four numéro {n}", "note": "x"} for n in range(2000)]
    text = json.dumps(records, ensure_ascii=False)
    assert len(text) > DETECT_SAMPLE_CHARS and "\n" not in text
    result = read_source(SourceText("pairs.json", text))
    assert result.source.reader == "json"
    assert len({e.group for e in result.result.entries}) == 2000


def test_docbook_with_an_unshipped_dtd_keeps_stub_entries_and_folds_synonyms():
    result = read("docbook43.xml")
    entries = {e.term: e for e in result.result.entries}
    assert list(entries) == ["The kiln Room", "Glaze", "Bisque", "Slip"]
    assert entries["Bisque"].definition == ""  # an empty <glossdef>: a term still to define
    assert "Enamel" in " ".join(entries["Glaze"].labels)  # the glosssee entry is a synonym
    # An entity no file declares leaves no markup in a label.
    assert not any("&" in label for e in result.result.entries for label in e.labels)


WORDS_PAGE = """# Glossar

## Inhalt

[Brennofen](#ofen)
[Glasur](#glasur)
[Schlicker](#schlicker)

## <a name="ofen"></a>Brennofen

Ein Ofen, in dem Ton gebrannt wird.

## <a name="glasur"></a>Glasur

Ein glasiger Überzug auf Keramik.

### <a name="matt"></a>Mattglasur

Eine Glasur ohne Glanz.

### <a name="glanz"></a>Glanzglasur

Eine Glasur, die glänzt.

## <a name="schlicker"></a>Schlicker

Mit Wasser verdünnter Ton.

## Noch Fragen?

Schreiben Sie uns.
"""


def test_markdown_term_headings_lose_anchors_and_contents_or_questions_are_no_terms():
    read_ = read_source(SourceText("glossar.md", WORDS_PAGE))
    assert [e.term for e in read_.result.entries] == ["Brennofen", "Glasur", "Schlicker"]
    # The sub-terms under "Glasur" are not read as entries, and the read says so.
    assert [f.check for f in read_.findings] == ["term-headings-inside-entries"]


def test_label_records_whose_keys_name_languages_or_chinese_scripts():
    text = (
        "- en: kiln\n  simplified: 窑\n  traditional: 窯\n"
        "- en: glaze\n  simplified: '<a href=\"https://example.org/g\">釉</a>'\n  traditional: 釉\n"
        "- en: slip\n  simplified: 泥浆, 泥浆水\n  traditional: ''\n"
    )
    entries = read_source(SourceText("words.yaml", text)).result.entries
    assert {(e.language, e.labels) for e in entries if e.group == entries[3].group} == {
        ("en", ("glaze",)),
        ("zh-Hans", ("釉",)),
        ("zh-Hant", ("釉",)),
    }
    assert [e.labels for e in entries if e.language == "zh-Hans"][2] == ("泥浆", "泥浆水")


def test_a_list_of_records_read_as_far_fewer_entries_is_flagged():
    from termbase.model import Entry, ReadResult
    from termbase.read_checks import check_read

    text = "\n".join(f"- en: word {n}\n  fr: mot {n}" for n in range(20)) + "\n"
    few = ReadResult((Entry("w.yaml", 1, 2, "word 0", ("word 0",), ""),), ())
    assert [f.check for f in check_read(text, few, "w.yaml")] == ["records-left-unread"]
