"""A word spelt one way in British English and another in American English finds the concept
whose text writes the other spelling ("colour palette" finds a glossary's "color palette", and
"normalize" one that writes "normalise"); a word the termbase writes as typed is never respelt,
and a word with a single spelling ("tour") never folds into another word. Real SQLite file."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from termbase.build import build_termbase
from termbase.search import SearchIndex
from termbase.search_spellings import other_spelling
from termbase.store import Termbase

GLOSSARY = """\
termbase: 1
title: Spellings (test)
concepts:
  - id: color-palette
    label: color palette
    definition: The small set of hues a chart draws its series with.
  - id: batch-normalisation
    label: batch normalisation
    definition: Rescaling each layer's inputs over a batch so training stays stable.
  - id: guided-tour
    label: guided tour
    definition: A walk through a product's screens that shows a new user where things are.
  - id: center-loss
    label: center loss
    definition: A penalty pulling each embedding towards the centre of its class.
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SearchIndex]:
    folder = tmp_path_factory.mktemp("spellings")
    source = folder / "spellings.yaml"
    source.write_text(GLOSSARY, encoding="utf-8")
    path = folder / "spellings.db"
    build_termbase([str(source)], path)
    with Termbase.open(path) as opened:
        yield opened.search_index()


def test_both_spellings_are_known_either_way() -> None:
    assert other_spelling("tumours") == "tumors"
    assert other_spelling("tumors") == "tumours"
    assert other_spelling("equalised") == "equalized"
    assert other_spelling("tour") is None


def test_a_british_spelling_finds_the_american_label(index: SearchIndex) -> None:
    assert index.spelt_as_written("colour palette") == "color palette"
    assert [h.id for h in index.search("colour palette")][:1] == ["color-palette"]


def test_an_american_spelling_finds_the_british_label(index: SearchIndex) -> None:
    assert [h.id for h in index.search("batch normalization")][:1] == ["batch-normalisation"]


def test_a_word_written_as_typed_is_not_respelt(index: SearchIndex) -> None:
    assert index.spelt_as_written("centre of a class") == "centre of a class"  # the text writes "centre"
    assert index.spelt_as_written("guided tour") == "guided tour"


def test_a_word_neither_spelling_of_which_is_written_stays(index: SearchIndex) -> None:
    assert index.spelt_as_written("tumours in scans") == "tumours in scans"
