"""A query naming a specific thing is answered only by a concept that accounts for the name:
its labels hold the whole name, or its own text holds the words its labels lack. A concept
holding only part of the name ("regression" for "quantile regression", a concept called
"filter" for "what is a Bloom filter") is related, not the answer; a label the question asks
about ("what is the attention mask") is the answer."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from termbase.build import build_termbase
from termbase.search import names_asked
from termbase.search_names import before_purpose, uncovered_words
from termbase.store import Termbase

GLOSSARY = """\
termbase: 1
title: Names asked about (test)
concepts:
  - id: regression
    label: regression
    labels: [regression analysis]
    definition: Predicting a continuous quantity, such as a price or a length, from inputs.
  - id: convolution
    label: convolution
    labels: [filter, conv layer]
    definition: Sliding one small learned kernel over an image and summing the products at each place.
  - id: attention
    label: attention
    definition: Mixing the vectors of a sequence with weights computed from how well they match.
  - id: attention-mask
    label: attention mask
    definition: A table of allowed and forbidden positions that attention obeys.
  - id: gan
    label: GAN
    labels: [generative adversarial network]
    definition: >-
      Two networks in a contest: a generator makes samples and a discriminator tells them from
      real ones; training alternates between the two.
  - id: object-tracking
    label: object tracking
    definition: Following objects through the frames of a video by matching each frame's detections to tracks.
  - id: turing-test
    label: Turing test
    definition: >-
      A judge trades written words with a machine and a person, unseen, and tries to tell
      which is which.
  - id: deep-learning
    label: deep learning
    definition: >-
      Learning with networks of many layers that map permutation after permutation of inputs
      to outputs.
  - id: beam-search
    label: beam search
    definition: Decoding that keeps the few best partial sequences at every step instead of only one.
  - id: large-language-model
    label: large language model
    labels: [LLM]
    definition: A very big network trained to continue text, used as a chat assistant.
  - id: hallucination
    label: hallucination
    definition: Fluent output that states invented facts with the confidence of true ones.
  - id: quantization
    label: quantization
    definition: Storing the weights of an LLM in fewer bits so it fits in less memory.
  - id: sycophancy
    label: sycophancy
    definition: An LLM agreeing with whatever its user says, even when the user is wrong.
  - id: prompt-injection
    label: prompt injection
    definition: Text hidden in a retrieved page that takes over the instructions an LLM follows.
  - id: chat-template
    label: chat template
    definition: The markup that tells an LLM where each turn of a conversation starts and ends.
  - id: linear-attention
    label: linear attention
    definition: >-
      Attention whose cost grows in step with sequence length, keeping a fixed-size summary of
      the past. Later versions are gated, scaling the summary down at every step.
  - id: gating
    label: gating
    labels: [gated]
    definition: Multiplying a signal by a learned number between zero and one.
  - id: experience-replay
    label: experience replay
    definition: >-
      Keeping past transitions of an agent in a buffer and training on random samples of it.
      Hindsight variants relabel the goal of failed episodes.
  - id: gating-unit
    label: gating unit
    labels: [soft gate]
    definition: >-
      A learned number between zero and one that scales a signal; routers of MoE layers use
      such units.
  - id: mixture-of-experts
    label: mixture of experts
    labels: [MoE]
    definition: Layers of many expert networks of which a router picks a few for each token.
  - id: pruning
    label: pruning
    definition: Removing the weights of a trained or fine-tuned model that matter least, to make it smaller.
  - id: rotate-half
    label: rotate half
    definition: Swapping the two halves of a vector and negating one, a step of rotary position codes.
  - id: chain-rule
    label: chain rule
    definition: The calculus rule that gives the derivative of a function of a function.
  - id: format-reward
    label: format reward
    definition: Reward given when an answer is laid out as asked, such as putting its reasoning in tags.
  - id: trust-region-update
    label: trust region update
    definition: >-
      A policy step method that stays within a small distance of the old policy, found each time by
      running conjugate gradient iterations and then a line search.
  - id: hessian
    label: Hessian
    definition: The matrix of second partial derivatives of a function; it tells how a slope bends.
  - id: bag-of-words
    label: bag of words
    definition: >-
      A text or picture kept only as counts of its words or visual parts, order thrown away,
      for image retrieval.
  - id: mutual-information
    label: mutual information
    definition: How much knowing one variable tells about another, counted in bits.
  - id: inference
    label: inference
    definition: >-
      Running a trained model on new inputs to get its outputs, on one machine or distributed
      over many.
"""


@pytest.fixture(scope="module")
def termbase(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Termbase]:
    folder = tmp_path_factory.mktemp("asked")
    source = folder / "asked.yaml"
    source.write_text(GLOSSARY, encoding="utf-8")
    path = folder / "asked.db"
    build_termbase([str(source)], path)
    with Termbase.open(path) as opened:
        yield opened


@pytest.mark.parametrize(
    ("query", "name", "related"),
    [
        ("quantile regression", "quantile", "regression"),  # a word no label holds
        ("what is a Bloom filter", "Bloom filter", "convolution"),
        ("deep sets for permutation invariant inputs", "deep sets", "deep-learning"),
        ("Hungarian algorithm for matching detections to tracks", "Hungarian algorithm", "object-tracking"),
        ("Good-Turing estimation for unseen words", "Good-Turing", "turing-test"),
        # a word before the label's words that its definition holds only elsewhere, not the name
        ("gated linear attention", "gated linear attention", "linear-attention"),
        ("what is a sample contest", "sample contest", "gan"),  # a hit whose labels hold none of it
        ("Mixing Weights", "Mixing Weights", "attention"),  # a title-case name only words matched
        ("GAN mode dropping", "GAN mode dropping", "gan"),  # opens with a label, the rest not in its text
        (
            "hindsight experience replay for sparse rewards",
            "hindsight experience replay",
            "experience-replay",
        ),
        # written in the hit's text, but after what its definition opens by saying it is
        ("conjugate gradient method", "conjugate gradient method", "trust-region-update"),
        ("bag of visual words for image retrieval", "bag of visual words", "bag-of-words"),  # a word inserted
        ("Soft MoE", "Soft MoE", "gating-unit"),  # its last word typed as a name is another concept's label
        ("what is informer", "informer", "mutual-information"),  # shares five letters with "information"
        ("what is do-calculus", "do-calculus", "chain-rule"),  # a small word joined by a hyphen is named
        ("what is RotatE", "RotatE", "rotate-half"),  # a capital inside that no label writes the word with
        # an everyday word before a concept's whole label, which its text never writes: a kind of it
        ("movement pruning for fine-tuned models", "movement pruning", "pruning"),
        ("Petals distributed inference over the internet", "Petals distributed inference", "inference"),
    ],
)
def test_a_hit_holding_part_of_the_name_or_none_of_a_capitalised_one_is_only_related(
    termbase: Termbase, query: str, name: str, related: str
) -> None:
    answer = termbase.search_index().answer(query)
    assert answer.hits == []
    assert answer.unknown == (name,)
    assert related in [h.id for h in answer.related]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("what is the attention mask", "attention-mask"),  # the label the question asks about
        ("what is attention", "attention"),
        ("GAN training", "gan"),  # the word its labels lack is in its own text
        ("Beam search for decoding", "beam-search"),  # a label, and what it is for
        ("Matching detections to tracks frame by frame", "object-tracking"),  # a sentence's capital
        ("extra reward for putting the reasoning in tags", "format-reward"),  # a description
        ("attention mask in a decoder", "attention-mask"),  # a label, and the setting it is in
        ("what is the attention mask of a decoder", "attention-mask"),
        ("object tracking in video", "object-tracking"),
        ("beam search partial sequences", "beam-search"),  # a label, then words its text holds
        ("mixing weights", "attention"),  # in lower case: a description its text holds
        ("matrix of second derivatives of a function", "hessian"),  # what its definition opens with
        ("object tracking fails", "object-tracking"),  # says what a thing does, names nothing
    ],
)
def test_a_hit_that_accounts_for_the_name_is_answered(termbase: Termbase, query: str, expected: str) -> None:
    answer = termbase.search_index().answer(query)
    assert answer.unknown == ()
    assert answer.hits[0].id == expected


@pytest.mark.parametrize(
    ("query", "names"),
    [
        ("what is a Bloom filter", [("Bloom filter", "asked")]),
        ("how does paged attention work?", [("paged attention", "asked")]),
        ("explain the kv cache", [("kv cache", "asked")]),
        ("deep sets for permutation invariant inputs", [("deep sets", "purpose")]),
        ("beam search for decoding", [("beam search", "asked")]),  # reads as a name
        ("bipartite graph of variables and constraints used in slam", [("bipartite graph", "opening")]),
        ("what is the thing that makes a model forget", []),  # a description, not a name
        ("how do i stop my loss from exploding", []),
        ("keep training one model so that it does not forget", []),  # question words: a sentence
        ("resume training from a checkpoint", [("training", "asked")]),  # a task's object
        ("load weights from a checkpoint", [("weights", "asked")]),
        ("write ahead log", [("write ahead log", "asked")]),  # a verb opening a name: no linking word
        ("fp16 overflow gives inf", []),  # a statement about a thing, not its name
    ],
)
def test_names_asked_are_the_phrases_a_query_frames(query: str, names: list[tuple[str, str]]) -> None:
    assert names_asked(query) == names


def test_words_a_concepts_labels_hold_count_in_any_spelling() -> None:
    held, missing = uncovered_words("quantile regression", ("regression", "regressor"))
    assert (held, missing) == (["regression"], ["quantile"])
    assert uncovered_words("paged attention", ("PagedAttention",)) == (["paged", "attention"], [])
    assert uncovered_words("attention heads", ("attention head",)) == (["attention", "heads"], [])
    assert before_purpose("beam search for decoding") == "beam search"
    assert before_purpose("mixture of depths") == "mixture of depths"
    assert before_purpose("zero point in asymmetric quantization") == "zero point"
    assert before_purpose("downstream tasks after pretraining") == "downstream tasks"  # when it is met
    assert before_purpose("text encoder of a diffusion model") == "text encoder"


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("llm hallucination", "hallucination"),
        ("LLM hallucinations", "hallucination"),
        ("what is an llm hallucination", "hallucination"),
        ("explain LLM sycophancy", "sycophancy"),
        ("llm prompt injection", "prompt-injection"),
        ("how does llm quantization work", "quantization"),
    ],
)
def test_a_label_of_the_fields_own_subject_before_a_label_qualifies_that_concept(
    termbase: Termbase, query: str, expected: str
) -> None:
    """ "LLM" (mentioned by many concepts) before "hallucination" asks about hallucination,
    though hallucination's definition never says LLM."""
    answer = termbase.search_index().answer(query)
    assert answer.unknown == ()
    assert answer.hits[0].id == expected
    assert answer.hits[0].matched == "qualified"


def test_a_short_word_is_held_by_its_plural() -> None:
    assert uncovered_words("4 bit weight", ("rounds weights to 4 bits",)) == (["4", "bit", "weight"], [])
