"""A name that opens with a label several concepts share ("SAGE consensus protocol" where three
concepts are called SAGE) names one of them only when that concept's own text writes one of the
words the name adds: meaning alone cannot tell which SAGE an acronym is, nor that it is another
one the termbase lacks. Real model, real SQLite file."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from termbase import semantic
from termbase.build import build_termbase
from termbase.labels import lemmas_from
from termbase.store import Termbase

pytestmark = pytest.mark.skipif(
    not semantic.available(), reason=f"the semantic extra is not installed; {semantic.INSTALL_HINT}"
)

GLOSSARY = """\
termbase: 1
title: Shared acronyms (test)
concepts:
  - id: sage-graphs
    label: SAGE (graph sampling)
    labels: [SAGE, sample and aggregate]
    definition: >-
      A way to learn node vectors on large graphs: each node samples a few neighbours and
      pools their vectors, so nodes never seen in training still get a vector.
  - id: sage-saliency
    label: SAGE (saliency)
    labels: [SAGE]
    definition: >-
      An attribution method that scores each input pixel by how much the prediction drops
      when that pixel and its surroundings are blurred out.
  - id: sage-game
    label: SAGE (game theory)
    labels: [SAGE]
    definition: >-
      A scoring of input features by their average marginal contribution over coalitions,
      estimated from sampled subsets of features in a cooperative game.
  - id: raid
    label: RAID
    labels: [redundant array of independent disks]
    definition: Spreading data over several disks so that one failed disk loses nothing.
  - id: gradient-descent
    label: gradient descent
    definition: Moving the parameters a small step against the gradient of the loss, over and over.
"""


@pytest.fixture(scope="module")
def termbase(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Termbase]:
    folder = tmp_path_factory.mktemp("shared-acronym")
    source = folder / "shared.yaml"
    source.write_text(GLOSSARY, encoding="utf-8")
    path = folder / "shared.db"
    build_termbase([str(source)], path, semantic=True)
    with Termbase.open(path) as opened:
        yield opened


@pytest.mark.parametrize(
    ("query", "meaning_of"), [("sage consensus protocol", "sage-game"), ("sage math software", "sage-graphs")]
)
def test_words_no_sharing_concept_writes_name_another_thing(
    termbase: Termbase, query: str, meaning_of: str
) -> None:
    index = termbase.search_index()
    with lemmas_from(index.rows.lemma):  # meaning alone would take one of them
        assert index._meaning_agrees(meaning_of, "sage", query)
    answer = index.answer(query)
    assert answer.hits == []
    assert answer.unknown == (query,)
    assert {hit.id for hit in answer.related} >= {"sage-graphs", "sage-saliency", "sage-game"}


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("sage graph embeddings", "sage-graphs"),  # "graph" is written in its text
        ("sage node sampling", "sage-graphs"),
        ("sage pixel attribution", "sage-saliency"),
        ("sage feature importance", "sage-game"),
    ],
)
def test_words_one_sharing_concept_writes_pick_it(termbase: Termbase, query: str, expected: str) -> None:
    answer = termbase.search_index().answer(query)
    assert answer.unknown == ()
    assert answer.hits[0].id == expected
    assert answer.hits[0].matched == "qualified"
