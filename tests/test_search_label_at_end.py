"""A short query that ends with a known label and adds words before it, which nothing else
matched, is not left with no answer: "nvidia warp" finds Warp (the added word brings the
name closer in meaning to it), and a name whose added word makes a kind of the concept the
termbase lacks ("soft pooling"), or is not close enough in meaning ("keras learning rate"),
says which name the termbase lacks and lists the concept as related; an ordinal is a value
("95th percentile"), no name. A
word that only shares its stem with a label ("time warping", the label Warp) and an everyday
word read as an acronym ("feature map", the label MAP) are no label at the end. Real model,
real SQLite file."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from termbase import semantic
from termbase.build import build_termbase
from termbase.store import Termbase

pytestmark = pytest.mark.skipif(
    not semantic.available(), reason=f"the semantic extra is not installed; {semantic.INSTALL_HINT}"
)

GLOSSARY = """\
termbase: 1
title: Labels at the end (test)
concepts:
  - id: broadcasting
    label: broadcasting
    labels: [broadcasting rules, array broadcasting]
    definition: >-
      How an elementwise operation on two arrays of unequal shapes lines their axes up from the
      right and stretches every axis of length one, so no data has to be copied.
  - id: pooling
    label: pooling
    definition: >-
      Shrinking a feature grid by summarising each small window of it with one number, its
      largest or its average value.
  - id: warp
    label: Warp
    definition: A group of 32 GPU threads that a streaming multiprocessor schedules together.
  - id: map-estimate
    label: maximum a posteriori estimate
    labels: [MAP]
    definition: The parameter value at which the posterior density is highest.
  - id: quantile
    label: quantile
    labels: [percentile]
    definition: The value a chosen share of a sample lies below; the median splits it in half.
  - id: learning-rate
    label: learning rate
    definition: The step size an optimizer multiplies each gradient by before updating weights.
"""


@pytest.fixture(scope="module")
def termbase(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Termbase]:
    folder = tmp_path_factory.mktemp("label_at_end")
    source = folder / "label_at_end.yaml"
    source.write_text(GLOSSARY, encoding="utf-8")
    path = folder / "label_at_end.db"
    build_termbase([str(source)], path, semantic=True)
    with Termbase.open(path) as opened:
        yield opened


def test_words_before_a_label_that_say_whose_find_it(termbase: Termbase) -> None:
    answer = termbase.search_index().answer("nvidia warp")
    assert answer.hits and answer.hits[0].id == "warp"
    assert answer.hits[0].matched == "qualified"
    assert not answer.unknown


def test_an_ordinal_before_a_label_is_a_value_of_it(termbase: Termbase) -> None:
    answer = termbase.search_index().answer("95th percentile")
    assert [hit.id for hit in answer.hits] == ["quantile"]
    assert not answer.unknown


@pytest.mark.parametrize(
    ("query", "concept"), [("soft pooling", "pooling"), ("keras learning rate", "learning-rate")]
)
def test_a_name_the_termbase_lacks_lists_its_label_as_related(
    termbase: Termbase, query: str, concept: str
) -> None:
    answer = termbase.search_index().answer(query)
    assert answer.hits == []
    assert answer.unknown
    assert [hit.id for hit in answer.related] == [concept]
    assert answer.related[0].matched == "ending"


@pytest.mark.parametrize("query", ["dynamic time warping", "self organizing feature map"])
def test_no_label_at_the_end_gives_no_hit(termbase: Termbase, query: str) -> None:
    answer = termbase.search_index().answer(query)
    assert answer.hits == []
    assert "warp" not in [hit.id for hit in answer.related]
    assert "map-estimate" not in [hit.id for hit in answer.related]
