"""One concept per JSON/YAML file, a block per language: found by the record's shape, not its name."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import FIXTURES
from reader_checks import reasons
from termbase.errors import InputError
from termbase.language_tags import known_language_tag as language_tag
from termbase.readers import get_reader, rank_readers
from termbase.readers.base import unaccounted_lines
from termbase.resolve import resolve

RECORDS = FIXTURES / "concept_record"


def read(name: str):
    path = RECORDS / name
    return get_reader("concept-record").read(path.read_text(encoding="utf-8"), name)


@pytest.mark.parametrize("path", sorted(RECORDS.iterdir()), ids=lambda p: p.name)
def test_records_are_picked_by_shape(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    (confidence, reader), (runner_up, _) = rank_readers(text)[:2]
    assert reader.name == "concept-record" and confidence - runner_up > 0.5


@pytest.mark.parametrize("name", ["12_warp.json", "heddle.yaml"])
def test_every_line_is_accounted_for(name: str) -> None:
    text = (RECORDS / name).read_text(encoding="utf-8")
    assert unaccounted_lines(text, read(name)) == []


def test_a_block_per_language_with_designations_definition_notes_and_source() -> None:
    result = read("12_warp.json")
    english, french = result.entries
    assert (english.language, english.labels) == ("en", ("warp", "warp threads"))
    assert english.definition.startswith("set of lengthwise threads held taut on a loom")
    assert "\n\nNote: The warp is put on the loom before weaving starts." in english.definition
    assert english.definition.endswith("Source: Handloom Basics, 2.1, https://example.org/handloom")
    assert english.links == ("https://example.org/handloom",)
    assert (french.language, french.labels) == ("fr", ("chaîne",))
    assert english.group == french.group == "12_warp.json#12"
    assert (english.line, english.end_line, french.line, french.end_line) == (1, 15, 16, 22)
    assert result.title == "warp"


def test_yaml_record_and_its_languages_resolve_into_one_concept() -> None:
    result = read("heddle.yaml")
    assert [(e.language, e.term) for e in result.entries] == [("en", "heddle"), ("es", "lizo")]
    assert reasons(result) == {1: "comment"}
    (concept,) = resolve(list(result.entries))
    assert set(concept.labels) == {"heddle", "heald", "lizo"}


def test_one_line_record_is_read() -> None:
    result = read("13_weft.json")
    assert [(e.language, e.labels) for e in result.entries] == [("en", ("weft", "woof")), ("de", ("Schuss",))]


def test_language_keys_become_tags() -> None:
    assert [language_tag(k) for k in ("eng", "fra", "zho", "pt_BR", "de", "def", "xyz", "terms")] == [
        "en",
        "fr",
        "zh",
        "pt-BR",
        "de",
        "",
        "",
        "",
    ]


def test_a_record_list_is_left_to_the_json_reader() -> None:
    text = (FIXTURES / "data_glossary" / "multilingual.yml").read_text(encoding="utf-8")
    assert get_reader("concept-record").detect(text) == 0.0


def test_no_language_blocks_is_a_clear_error() -> None:
    with pytest.raises(InputError, match="no language blocks"):
        get_reader("concept-record").read('{"term": "x", "notes": "y"}', "x.json")


def test_one_language_without_a_definition_is_not_taken_for_a_record() -> None:
    assert get_reader("concept-record").detect('{"en": {"term": "Save"}, "title": "App strings"}') == 0.0


def test_one_language_block_in_a_file_of_its_own() -> None:
    result = read("loom-localized-fra.yaml")
    (entry,) = result.entries
    assert (entry.language, entry.labels) == ("fr", ("métier à tisser",))
    assert entry.definition == "appareil qui entrecroise les fils de chaîne et de trame"
    assert entry.group == "loom-localized-fra.yaml#5e1f0c2a-loom"


def test_blocks_one_key_down_in_a_small_wrapper() -> None:
    result = read("wrapped.json")
    assert [(e.language, e.term) for e in result.entries] == [
        ("en", "bobbin lace"),
        ("it", "merletto a fuselli"),
    ]
    assert reasons(result) == {
        1: "JSON brackets (structure around the record)",
        7: "JSON brackets (structure around the record)",
    }
