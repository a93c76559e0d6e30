"""A misspelt one-word label in a longer query is read as the label when the concept's own text
writes another word of the query ("toxicty classifier" finds toxicity, whose text writes
"classifier"); not when no other word confirms it, nor when the word is short (a short word one
edit from a label is often another name: "adamp optimizer" is not AdamW). Real SQLite file."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from termbase.build import build_termbase
from termbase.search import SearchIndex
from termbase.store import Termbase

GLOSSARY = """\
termbase: 1
title: One-word typos (test)
concepts:
  - id: toxicity
    label: toxicity
    definition: How rude or hateful a text reads, as a classifier trained on rated comments scores it.
  - id: adamw
    label: AdamW
    definition: An optimizer like Adam that applies weight decay apart from the gradient step.
  - id: learning-rate
    label: learning rate
    definition: The size of each step an optimizer takes along the gradient.
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SearchIndex]:
    folder = tmp_path_factory.mktemp("one_word_typo")
    source = folder / "one_word_typo.yaml"
    source.write_text(GLOSSARY, encoding="utf-8")
    path = folder / "one_word_typo.db"
    build_termbase([str(source)], path)
    with Termbase.open(path) as opened:
        yield opened.search_index()


def test_a_misspelt_one_word_label_confirmed_by_its_text_is_respelt(index: SearchIndex) -> None:
    assert index.label_words_respelt("toxicty classifier") == "toxicity classifier"
    assert [h.id for h in index.search("toxicty classifier")][:1] == ["toxicity"]


def test_no_other_word_of_its_text_no_respelling(index: SearchIndex) -> None:
    assert index.label_words_respelt("toxicty budget") == "toxicty budget"


def test_a_short_word_one_edit_from_a_label_is_another_name(index: SearchIndex) -> None:
    assert index.label_words_respelt("adamp optimizer") == "adamp optimizer"
    assert "adamw" not in [h.id for h in index.search("adamp optimizer")]
