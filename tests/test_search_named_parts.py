"""Names a query writes in part or among other names find their concept: a question naming
several things by short names ("crf layer on top of a bilstm for ner") finds each, the first
named first, though none is half its words; a label followed by a word asking which version or
where its documentation is ("cuda toolkit version") finds the label's concept; a coined name
written with a capital before a related concept's label ("megatron column parallel linear") says
whose it is. An everyday word that is a label ("layer") is no short name; a name that opens
with a concept's main label's first words and goes on otherwise ("principal component
regression", "singular value thresholding") is another method, not that concept; and a word that says
nothing of a label's concept ("cuda toolkit recipes") or a common noun before a label ("embedding
dropout") is still judged as before. A comparison with "vs" neither side of which names a
concept ("skip list vs balanced tree") is two things the termbase lacks. Real model, real
SQLite file."""

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
title: Names in part (test)
concepts:
  - id: crf
    label: conditional random field
    labels: [CRF]
    definition: >-
      A model that scores a whole sequence of tags at once, each tag judged beside its
      neighbours, and picks the best sequence with dynamic programming.
  - id: bilstm
    label: bidirectional LSTM
    labels: [BiLSTM]
    definition: Two recurrent networks reading a sentence forwards and backwards, their states joined.
  - id: ner
    label: named entity recognition
    labels: [NER]
    definition: Marking the spans of a text that name people, places, firms and dates.
  - id: layer
    label: layer
    definition: One stage of a network, turning the vectors it gets into the vectors it hands on.
  - id: cuda
    label: CUDA
    labels: [CUDA toolkit]
    definition: >-
      A vendor's platform for programming its graphics cards: a dialect of C++ in which one
      thread's work is written and launched over a grid, with its compiler and libraries.
  - id: megatron
    label: Megatron
    definition: A library for training very large language models split over many accelerators.
  - id: column-parallel
    label: column-parallel linear layer
    labels: [ColumnParallelLinear]
    definition: A linear layer whose weight columns are spread over devices, each computing a slice.
    related: [megatron]
  - id: pca
    label: principal component analysis
    labels: [PCA, principal components]
    definition: >-
      Rotating centred data onto the orthogonal directions of largest variance, found from the
      eigenvectors of its covariance matrix, and keeping the first few to shrink its dimension.
  - id: svd
    label: singular value decomposition
    labels: [SVD, singular values]
    definition: Writing any matrix as a rotation, a diagonal scaling and another rotation.
  - id: decision-tree
    label: decision tree
    definition: A model that sorts an input down a tree of yes-or-no questions about its features.
  - id: residual
    label: residual connection
    definition: >-
      A skip path adding a block's input to its output, keeping gradients balanced through a
      long list of layers.
  - id: embedding
    label: embedding
    definition: A learned vector standing for a token or an item.
  - id: dropout
    label: dropout
    definition: Zeroing random units while training so that no unit can lean on another.
"""


@pytest.fixture(scope="module")
def termbase(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Termbase]:
    folder = tmp_path_factory.mktemp("named_parts")
    source = folder / "named_parts.yaml"
    source.write_text(GLOSSARY, encoding="utf-8")
    path = folder / "named_parts.db"
    build_termbase([str(source)], path, semantic=True)
    with Termbase.open(path) as opened:
        yield opened


def test_several_short_names_in_a_question_find_each_first_named_first(termbase: Termbase) -> None:
    hits = termbase.search_index().answer("crf layer on top of a bilstm for ner").hits
    ids = [hit.id for hit in hits]
    assert ids[:3] == ["crf", "bilstm", "ner"]
    assert all(hit.matched == "mention" for hit in hits[:3])
    assert "layer" not in ids[:3]  # an everyday word is no short name


def test_a_label_then_a_facet_word_finds_it(termbase: Termbase) -> None:
    answer = termbase.search_index().answer("cuda toolkit version")
    assert [hit.id for hit in answer.hits][:1] == ["cuda"]
    assert answer.hits[0].matched == "qualified"
    assert not answer.unknown


def test_a_label_then_another_word_is_not_a_facet(termbase: Termbase) -> None:
    answer = termbase.search_index().answer("cuda toolkit recipes")
    assert not answer.hits
    assert answer.unknown == ("cuda toolkit recipes",)


def test_a_coined_name_before_a_related_label_says_whose(termbase: Termbase) -> None:
    hits = termbase.search_index().answer("megatron column parallel linear").hits
    assert [hit.id for hit in hits][:1] == ["column-parallel"]
    assert hits[0].matched == "qualified"


def test_a_common_noun_before_a_label_makes_a_kind_not_an_owner(termbase: Termbase) -> None:
    hits = termbase.search_index().answer("embedding dropout").hits
    assert all(hit.matched != "qualified" for hit in hits)


@pytest.mark.parametrize("query", ["principal component regression", "singular value thresholding"])
def test_a_main_label_going_on_otherwise_is_a_sibling_not_the_concept(termbase: Termbase, query: str) -> None:
    hits = termbase.search_index().answer(query).hits
    assert all(hit.matched != "qualified" for hit in hits)


def test_a_comparison_of_two_unnamed_things_is_refused(termbase: Termbase) -> None:
    answer = termbase.search_index().answer("skip list vs balanced tree")
    assert not answer.hits
    assert answer.unknown == ("skip list", "balanced tree")


def test_a_comparison_naming_a_concept_is_answered(termbase: Termbase) -> None:
    hits = termbase.search_index().answer("crf vs bilstm").hits
    assert {"crf", "bilstm"} <= {hit.id for hit in hits[:2]}
