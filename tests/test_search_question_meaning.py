"""A question's meaning score keeps rising, slowly, past the cosine where SEMANTIC_MAX is
reached: among concepts all close in meaning, the closest is not ranked below another only
because that one's text shares a word with the question. Names keep the flat cap. Real model,
real SQLite file."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from termbase import semantic
from termbase.build import build_termbase
from termbase.search import (
    FULLTEXT_WEIGHT,
    QUALIFIED_SCORE,
    SEMANTIC_MAX,
    SEMANTIC_WEIGHT,
    semantic_score,
)
from termbase.store import Termbase

GLOSSARY = """\
termbase: 1
title: Close in meaning (test)
concepts:
  - id: weights
    label: weights
    definition: The numbers inside a network that training adjusts.
  - id: faking
    label: alignment faking
    definition: >-
      A model acting as if it accepts the goals of its training while it is watched, so that
      training does not change the preferences it already holds.
  - id: tuning
    label: fine-tuning
    definition: Training a trained model further on a smaller set of examples for one task.
  - id: drift
    label: drift
    definition: A change over time in the data a deployed model sees.
  - id: dropout
    label: dropout
    definition: Randomly zeroing some units during training so the network cannot lean on any single one.
"""


def test_past_the_cap_a_question_still_orders_by_meaning() -> None:
    assert semantic_score(0.5) == semantic_score(0.7) == SEMANTIC_MAX  # a name: flat
    assert semantic_score(0.5, question=True) < semantic_score(0.7, question=True)
    assert semantic_score(0.4, question=True) == semantic_score(0.4)  # below the cap: the same
    best_words = 0.68  # the highest full-text score
    highest = SEMANTIC_WEIGHT * semantic_score(1.0, question=True) + FULLTEXT_WEIGHT * best_words
    assert highest < QUALIFIED_SCORE  # a question's semantic hit stays below a qualified label


@pytest.fixture(scope="module")
def termbase(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Termbase]:
    folder = tmp_path_factory.mktemp("meaning")
    source = folder / "meaning.yaml"
    source.write_text(GLOSSARY, encoding="utf-8")
    path = folder / "meaning.db"
    build_termbase([str(source)], path, semantic=semantic.available())
    with Termbase.open(path) as opened:
        yield opened


@pytest.mark.skipif(not semantic.available(), reason=f"needs the semantic extra; {semantic.INSTALL_HINT}")
def test_the_concept_closest_in_meaning_comes_first(termbase: Termbase) -> None:
    """Both are close in meaning (past the cap); fine-tuning's text shares "training" with the
    question, which alone put it first before."""
    query = "model pretends to go along with its training so its values stay put"
    hits = termbase.search_index().search(query)
    assert [hit.id for hit in hits[:2]] == ["faking", "tuning"]
