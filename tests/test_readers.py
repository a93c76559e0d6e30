"""The reader registry: every shape is recognised by its own reader, on every input we have."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from conftest import FIXTURES, REPO, seed_path
from termbase.errors import InputError
from termbase.readers import READERS, get_reader, pick_reader, rank_readers
from termbase.readers.base import unaccounted_lines

sys.path.insert(0, str(REPO / "bench"))
from generate import generate

SEED_READERS = {
    "000": "suffix-locator",
    "001": "introduced-bullets",
    "002": "alternating",
    "003": "module-extract",
    "004": "blank-blocks",
}
FIXTURE_READERS = {
    "suffix_locator": "suffix-locator",
    "introduced_bullets": "introduced-bullets",
    "alternating": "alternating",
    "module_extract": "module-extract",
    "blank_blocks": "blank-blocks",
    "termbase_yaml": "termbase-yaml",
}


def test_reader_names_are_unique() -> None:
    names = [reader.name for reader in READERS]
    assert len(names) == len(set(names))


@pytest.mark.parametrize(("prefix", "name"), sorted(SEED_READERS.items()))
def test_each_seed_is_picked_by_its_reader_with_a_clear_margin(prefix: str, name: str) -> None:
    text = seed_path(prefix).read_text(encoding="utf-8")
    (best, reader), (runner_up, _) = rank_readers(text)[:2]
    assert reader.name == name
    assert best >= 0.8 and runner_up < 0.3


@pytest.mark.parametrize(("folder", "name"), sorted(FIXTURE_READERS.items()))
def test_every_fixture_of_a_shape_is_picked_by_its_reader(folder: str, name: str) -> None:
    files = sorted((FIXTURES / folder).iterdir())
    assert files, f"no fixtures in {folder}"
    for path in files:
        text = path.read_text(encoding="utf-8")
        reader = pick_reader(text, str(path))
        assert reader.name == name, path
        assert unaccounted_lines(text, reader.read(text, str(path))) == []


def test_generated_pages_of_every_shape_are_read_in_full(tmp_path: Path) -> None:
    for path in generate(1_000, tmp_path, seed=3):
        text = path.read_text(encoding="utf-8")
        reader = pick_reader(text, str(path))
        assert reader.name == path.stem.replace("_", "-")
        result = reader.read(text, str(path))
        assert len(result.entries) == 200, path.name
        assert unaccounted_lines(text, result) == []


def test_unknown_reader_name_lists_the_valid_ones() -> None:
    with pytest.raises(InputError) as caught:
        get_reader("docx")
    assert "alternating" in caught.value.hint and "suffix-locator" in caught.value.hint


def test_prose_is_not_taken_for_a_glossary() -> None:
    with pytest.raises(InputError) as caught:
        pick_reader("It was a quiet afternoon and nothing happened at all.\n", "diary.txt")
    assert "--format" in caught.value.hint


def test_a_bare_list_of_names_is_not_an_alternating_glossary() -> None:
    names = "\n".join(f"SpatialThing{n}\nFeatureType{n}" for n in range(40))
    assert get_reader("alternating").detect(names) == 0.0


def test_format_aliases_name_their_reader() -> None:
    assert get_reader("po").name == get_reader("gettext").name == "gettext-po"
    assert get_reader("tsv").name == "csv" and get_reader("rst").name == "sphinx"
