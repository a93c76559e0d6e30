"""A query that names a thing and goes on with a past participle and a joining word ("hidden
states cached for the next step") says something of the name: the participle is not part of
it, so a concept whose labels hold the name answers it. A participle that opens a name
("gated recurrent unit", "masked language modeling") or ends one with no joining word after it
stays in it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from termbase.build import build_termbase
from termbase.search_names import asked_names
from termbase.store import Termbase

QUESTION_WORDS = frozenset(("what", "how", "is", "does"))
STOPWORDS = frozenset(("a", "an", "the", "of", "for", "by", "in", "on", "to", "with", "from"))

GLOSSARY = """\
termbase: 1
title: Participles after a name (test)
concepts:
  - id: hidden-state
    label: hidden state
    labels: [hidden states]
    definition: >-
      The vector a recurrent network carries from one step of a sequence to the next, summing
      up what it has read so far.
  - id: dropout
    label: dropout
    definition: Randomly zeroing some units during training so the network cannot lean on any single one.
"""


@pytest.mark.parametrize(
    ("query", "name"),
    [
        ("hidden states cached for the next step", "hidden states"),
        ("weights updated by the optimizer", "weights"),
        ("masked tokens predicted from their context", "masked tokens"),
    ],
)
def test_a_participle_before_a_joining_word_ends_the_name(query: str, name: str) -> None:
    assert asked_names(query, QUESTION_WORDS, STOPWORDS) == [(name, "opening")]


@pytest.mark.parametrize(
    ("query", "name", "how"),
    [
        ("gated recurrent unit for short sequences", "gated recurrent unit", "purpose"),
        ("speed embed in two towers", "speed embed", "opening"),
        ("trained models in production", "trained models", "opening"),
    ],
)
def test_a_participle_inside_a_name_stays(query: str, name: str, how: str) -> None:
    assert asked_names(query, QUESTION_WORDS, STOPWORDS) == [(name, how)]


@pytest.fixture(scope="module")
def termbase(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Termbase]:
    folder = tmp_path_factory.mktemp("participle")
    source = folder / "participle.yaml"
    source.write_text(GLOSSARY, encoding="utf-8")
    path = folder / "participle.db"
    build_termbase([str(source)], path)
    with Termbase.open(path) as opened:
        yield opened


def test_the_name_before_the_participle_is_answered(termbase: Termbase) -> None:
    answer = termbase.search_index().answer("hidden states cached for the next step")
    assert [hit.id for hit in answer.hits][:1] == ["hidden-state"]
    assert not answer.unknown
