"""A name that opens with a concept's label and goes on with words of its own text and words
saying what kind of thing it is (written by the concepts nearest to it in meaning) asks about
that concept: "openvla 7b robot policy" finds OpenVLA, whose text writes "7b" and "robot" and
whose neighbours are policies. Words naming another thing ("attention rollout method") or a
second label ("gated linear attention") are still refused. The built-in glossary, real model."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from termbase import semantic
from termbase.search import SearchIndex
from termbase.store import Termbase

pytestmark = pytest.mark.skipif(
    not semantic.available(), reason=f"the semantic extra is not installed; {semantic.INSTALL_HINT}"
)


@pytest.fixture(scope="module")
def index() -> Iterator[SearchIndex]:
    from termbase.builtin import builtin_db

    with Termbase.open(builtin_db()) as opened:
        yield opened.search_index()


def test_a_label_then_its_words_and_its_kind_finds_it(index: SearchIndex) -> None:
    assert index._words_then_kind("openvla", "7b robot policy")
    assert [h.id for h in index.search("openvla 7b robot policy")][:1] == ["openvla"]


def test_words_naming_another_thing_are_not_its_kind(index: SearchIndex) -> None:
    assert not index._words_then_kind("attention", "rollout method")
    assert index.search("attention rollout method") == []


def test_a_second_label_after_a_label_is_still_refused(index: SearchIndex) -> None:
    assert index.search("gated linear attention") == []


def test_one_added_word_is_judged_as_before(index: SearchIndex) -> None:
    assert not index._words_then_kind("openvla", "policy")
