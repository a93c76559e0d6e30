"""A misspelt word inside a label of two words or more ("gradiant clipping by norm") is read
as the label's word when the query holds the label's other words, and finds that concept; a
word the termbase knows is never respelt, so a name built of real words ("gradient noise")
that no label holds stays refused. Real SQLite file; no embeddings needed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from termbase.build import build_termbase
from termbase.store import Termbase

GLOSSARY = """\
termbase: 1
title: Typos inside labels (test)
concepts:
  - id: gradient-clipping
    label: gradient clipping
    definition: Capping the size of the update vector before a step so one bad batch cannot wreck training.
  - id: warmup
    label: learning rate warmup
    definition: Raising the step size slowly over the first few hundred updates.
  - id: dropout
    label: dropout
    definition: Zeroing random units while training, as if each step trained a smaller decoy network.
  - id: weight-decay
    label: weight decay
    definition: Shrinking every parameter a little towards zero at each update.
  - id: squared-error
    label: squared error
    definition: A loss that sums how far each guess lands from its target, squared.
  - id: target-softening
    label: target softening
    definition: Moving a little of the target's weight off the true class, most often for a squared error.
    related: [squared-error]
  - id: gradient-noise
    label: gradient noise
    definition: Random jitter added to each update.
  - id: glorot
    label: Glorot initialization
    labels: [Glorot init]
    definition: Drawing starting weights with a spread set by how many units feed each layer and it feeds.
"""


@pytest.fixture(scope="module")
def termbase(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Termbase]:
    folder = tmp_path_factory.mktemp("typo_in_label")
    source = folder / "typo_in_label.yaml"
    source.write_text(GLOSSARY, encoding="utf-8")
    path = folder / "typo_in_label.db"
    build_termbase([str(source)], path)
    with Termbase.open(path) as opened:
        yield opened


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("gradient cliping", "gradient-clipping"),
        ("gradient clipipng", "gradient-clipping"),
        ("learning rate wramup", "warmup"),
        ("wieght decay", "weight-decay"),
    ],
)
def test_a_misspelt_label_word_finds_its_concept(termbase: Termbase, query: str, expected: str) -> None:
    hits = termbase.search_index().search(query)
    assert [hit.id for hit in hits][:1] == [expected]
    assert hits[0].matched == "typo"  # found by a close spelling, not as typed


def test_respelling_needs_the_labels_other_words(termbase: Termbase) -> None:
    index = termbase.search_index()
    assert index.label_words_respelt("gradient cliping") == "gradient clipping"
    assert index.label_words_respelt("cliping schedule") == "cliping schedule"  # no 'gradient' typed
    assert index.label_words_respelt("wieght") == "wieght"  # one word: the whole-label typo path


def test_a_known_word_is_never_respelt(termbase: Termbase) -> None:
    index = termbase.search_index()
    assert index.label_words_respelt("weight decoy") == "weight decoy"  # a word of a definition
    assert index.label_words_respelt("weight decays") == "weight decays"  # a label's own word


def test_a_misspelling_that_stems_like_a_label_word_is_respelt(termbase: Termbase) -> None:
    """'initalization' stems as 'init' does (a word of the label 'Glorot init'), yet no text
    writes it: it is read as the label's 'initialization'; an inflection a text writes
    ('layers' for 'layer') is a word the termbase knows."""
    index = termbase.search_index()
    assert not index.word_written("initalization") and index.word_seen("initalization")
    respelt = index.label_words_respelt("glorot initalization for deep nets")
    assert respelt == "glorot initialization for deep nets"
    assert index.word_written("layers") and index.word_written("feeding")


def test_a_word_typed_as_a_name_is_never_respelt(termbase: Termbase) -> None:
    assert termbase.search_index().label_words_respelt("WEIGHTS decay") == "WEIGHTS decay"


def test_a_label_then_a_related_label_finds_the_first(termbase: Termbase) -> None:
    """The misspelt opening label followed by a label its text relates to: that combination."""
    hits = termbase.search_index().search("target softneing squared error")
    assert [hit.id for hit in hits][:1] == ["target-softening"]
    assert hits[0].matched == "qualified"


def test_a_label_then_an_unrelated_label_is_not_qualified(termbase: Termbase) -> None:
    hits = termbase.search_index().search("weight decay squared error")
    assert all(not (hit.id == "weight-decay" and hit.matched == "qualified") for hit in hits)
