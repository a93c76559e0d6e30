"""A hit answers a name only when its own evidence accounts for the name: a name a definition
only mentions later (a tool the concept uses) is not the concept, while a name it introduces
with its initials is; a word typed inside a concept's label makes another kind of it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from termbase.build import build_termbase
from termbase.store import Termbase

GLOSSARY = """\
termbase: 1
title: Match evidence (test)
concepts:
  - id: spectral-normalization
    label: spectral normalization
    definition: >-
      Scaling a layer's weights down by their largest singular value, which a single step of
      power iteration estimates at every update, so the layer cannot stretch its inputs.
  - id: token-streaming
    label: streaming
    definition: >-
      Sending a reply piece by piece while it is still being written. Web servers mostly use
      Server-Sent Events (SSE) for it, keeping one connection open.
  - id: hidden-markov-model
    label: hidden Markov model
    labels: [HMM]
    definition: >-
      A model of a sequence in which an unseen state moves by chance from step to step and
      each step shows an observation drawn from its state.
  - id: mixture-of-experts
    label: mixture of experts
    definition: >-
      A layer of several expert sub-networks and a router that sends each token to a few of them.
  - id: warp
    label: warp
    definition: Thirty-two GPU threads that run the same instruction together.
"""


@pytest.fixture(scope="module")
def termbase(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Termbase]:
    folder = tmp_path_factory.mktemp("evidence")
    source = folder / "evidence.yaml"
    source.write_text(GLOSSARY, encoding="utf-8")
    path = folder / "evidence.db"
    build_termbase([str(source)], path)
    with Termbase.open(path) as opened:
        yield opened


@pytest.mark.parametrize("query", ["power iteration", "what is power iteration"])
def test_a_name_a_definition_only_mentions_later_is_not_its_concept(termbase: Termbase, query: str) -> None:
    answer = termbase.search_index().answer(query)
    assert answer.hits == []
    assert answer.unknown == ("power iteration",)
    assert [h.id for h in answer.related] == ["spectral-normalization"]


def test_a_name_a_definition_introduces_with_its_initials_finds_the_concept(termbase: Termbase) -> None:
    answer = termbase.search_index().answer("server-sent events")
    assert answer.unknown == ()
    assert answer.hits[0].id == "token-streaming"


def test_a_word_typed_inside_a_label_makes_another_kind(termbase: Termbase) -> None:
    index = termbase.search_index()
    assert index._inserted_in_label("hidden-markov-model", "hidden semi markov model")
    assert not index._inserted_in_label("hidden-markov-model", "hidden markov model for speech")
    assert not index._inserted_in_label("hidden-markov-model", "hidden markov model")
    answer = index.answer("hidden semi markov model for speech")
    assert answer.hits == []
    assert answer.unknown == ("hidden semi markov model",)


def test_everyday_words_before_a_label_make_a_kind_unless_its_text_holds_them(termbase: Termbase) -> None:
    index = termbase.search_index()
    assert index._makes_a_kind("warp", "attention")  # "attention warp": a compound, another thing
    assert not index._makes_a_kind("warp", "instruction")  # its text says instruction: which one
    assert not index._makes_a_kind("warp", "nvidia")  # a name says whose it is


def test_a_label_s_words_in_another_order_name_another_thing(termbase: Termbase) -> None:
    index = termbase.search_index()
    assert index._accounted("hidden-markov-model", "markov hidden model")[1] == ["model"]
    assert index._accounted("hidden-markov-model", "hidden markov model")[1] == []


def test_an_unknown_word_before_a_label_its_text_never_writes_makes_another_kind(termbase: Termbase) -> None:
    index = termbase.search_index()
    assert index._another_kind("hidden-markov-model", "corrective hidden markov model")
    assert not index._another_kind("hidden-markov-model", "sequence hidden markov model")  # its text says it
    assert not index._another_kind("hidden-markov-model", "warp hidden markov model")  # a concept's name
    assert not index._another_kind("hidden-markov-model", "hidden markov model")


def test_a_concept_labelled_in_lower_case_before_a_label_makes_a_kind(termbase: Termbase) -> None:
    index = termbase.search_index()
    assert index._makes_a_kind("warp", "spectral normalization")  # a thing: a compound
    assert not index._makes_a_kind("warp", "HMM")  # a label with capitals: a name


def test_a_question_about_what_an_unknown_subject_does_names_it(termbase: Termbase) -> None:
    index = termbase.search_index()
    answer = index.answer("how does zorblat run gpu threads together")
    assert answer.hits == []
    assert answer.unknown == ("zorblat",)
    assert [h.id for h in answer.related] == ["warp"]
    assert index.answer("how does a warp run its threads").unknown == ()  # a known subject
    assert index.answer("how do i run gpu threads together").unknown == ()  # the user's own question


@pytest.mark.parametrize("query", ["difference between zorblat and warp", "zorblat vs warp"])
def test_a_thing_compared_that_no_text_writes_is_named(termbase: Termbase, query: str) -> None:
    answer = termbase.search_index().answer(query)
    assert answer.hits == []
    assert answer.unknown == ("zorblat",)
    assert [h.id for h in answer.related] == ["warp"]


def test_a_comparison_of_known_things_is_answered(termbase: Termbase) -> None:
    answer = termbase.search_index().answer("difference between warp and streaming")
    assert answer.unknown == ()
    assert {h.id for h in answer.hits[:2]} == {"warp", "token-streaming"}


def test_a_label_s_words_up_to_of_then_others_name_a_sibling(termbase: Termbase) -> None:
    answer = termbase.search_index().answer("mixture of tokens")
    assert answer.hits == []
    assert answer.unknown == ("mixture of tokens",)
    assert [h.id for h in answer.related] == ["mixture-of-experts"]
    assert termbase.search_index().answer("mixture of experts router").unknown == ()


def test_a_framed_name_of_six_words_is_asked_about_as_one_name() -> None:
    from termbase.search_names import asked_names

    frame = asked_names("how does model predictive path integral control work", frozenset(), frozenset())
    assert frame == [("model predictive path integral control", "asked")]


def test_a_question_about_what_someone_does_names_nothing(termbase: Termbase) -> None:
    assert termbase.search_index().answer("how does anyone run gpu threads together").unknown == ()
