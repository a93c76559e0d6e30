"""The abstain model shipped with termbase: it answers a query the name rules would send to
"related" when the name it asks about means the best hit ("tanh activation function"), keeps
an absent name unanswered, and stays out of small termbases. Real model, real SQLite files."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from termbase import search_abstain, semantic
from termbase.build import build_termbase
from termbase.store import Termbase

pytestmark = pytest.mark.skipif(
    not semantic.available(), reason=f"the semantic extra is not installed; {semantic.INSTALL_HINT}"
)


@pytest.fixture(scope="module")
def builtin() -> Iterator[Termbase]:
    from termbase.builtin import builtin_db

    with Termbase.open(builtin_db()) as opened:
        yield opened


def test_the_shipped_model_reads_features_search_works_out() -> None:
    model = search_abstain.shipped_model()
    assert model is not None
    assert set(model.weights) <= set(search_abstain.FEATURES)
    assert 0.0 < model.threshold < 1.0
    assert all(scale > 0 for scale in model.scales.values())


def test_a_name_that_means_the_best_hit_is_answered_though_the_rules_flag_it(builtin: Termbase) -> None:
    judged = builtin.search_index().judged("docker container image")
    flags = ("rule_unknown_words", "rule_unknown_phrase", "rule_partly_named")
    assert max(judged.features[flag] for flag in flags) == 1.0  # "docker" is in none of its labels
    assert judged.probability is not None and judged.probability >= search_abstain.shipped_model().threshold
    assert judged.answer.unknown == ()
    assert judged.answer.hits[0].id == "container"


@pytest.mark.parametrize(
    "query", ["what is HQQ quantization", "MixMatch for semi-supervised image classification"]
)
def test_an_absent_name_stays_unanswered_with_related_concepts(builtin: Termbase, query: str) -> None:
    judged = builtin.search_index().judged(query)
    assert judged.probability is not None and judged.probability < search_abstain.shipped_model().threshold
    assert judged.answer.hits == []
    assert judged.answer.unknown and judged.answer.related


def test_a_query_the_rules_answer_is_not_judged_by_the_model(builtin: Termbase) -> None:
    judged = builtin.search_index().judged("split a sound wave into sine waves of different frequencies")
    assert judged.probability is None  # nothing flagged: no embedding of a name, no model
    assert judged.answer.hits


def test_a_small_termbase_keeps_the_name_rules_alone(tmp_path: Path) -> None:
    source = tmp_path / "small.yaml"
    source.write_text(
        "termbase: 1\ntitle: Small (test)\nconcepts:\n"
        "  - id: gan\n    label: generative adversarial network\n    labels: [GAN]\n"
        "    definition: Two networks trained against each other, a generator and a discriminator.\n"
        "  - id: dropout\n    label: dropout\n"
        "    definition: Randomly zeroing units during training so no single one is relied on.\n",
        encoding="utf-8",
    )
    db = tmp_path / "small.db"
    build_termbase([str(source)], db, semantic=True)
    with Termbase.open(db) as opened:
        judged = opened.search_index().judged("networks trained against each other", explain=True)
    assert judged.features  # the evidence is worked out, but no model reads it
    assert judged.probability is None


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("swish activation function", "silu"),
        ("tanh activation function", "hyperbolic-tangent"),
        ("mbpp python benchmark", "mbpp"),
        ("iou metric for boxes", "intersection-over-union"),  # the label, a kind, what it is for
        ("truthful qa benchmark", "truthfulqa"),  # TruthfulQA's nearest concepts are benchmarks
        ("gsm8k dataset", "gsm8k"),
    ],
)
def test_words_after_a_label_that_say_what_kind_of_thing_it_is_find_it(
    builtin: Termbase, query: str, expected: str
) -> None:
    hits = builtin.search_index().answer(query).hits
    assert hits and hits[0].matched == "qualified"
    assert hits[0].id == expected


@pytest.mark.parametrize("query", ["gradient surgery", "momentum contrast", "token healing"])
def test_words_after_a_label_that_name_another_thing_leave_it_related(builtin: Termbase, query: str) -> None:
    answer = builtin.search_index().answer(query)
    assert answer.hits == [] and answer.unknown == (query,)
    assert answer.related


def test_a_misspelt_label_is_not_read_as_its_first_word_and_more(builtin: Termbase) -> None:
    hits = builtin.search_index().search("tensor paralelism")
    assert hits[0].id == "tensor-parallelism"


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("subagents", "sub-agent"),  # a plural no lemma list knows, of a label written joined
        ("lstms", "long-short-term-memory"),
        ("learning by trial and error from rewards", "reinforcement-learning"),  # label word + how
    ],
)
def test_plurals_of_coined_labels_and_descriptions_after_a_label_word_are_answered(
    builtin: Termbase, query: str, expected: str
) -> None:
    answer = builtin.search_index().answer(query)
    assert answer.unknown == ()
    assert answer.hits[0].id == expected


def test_a_coined_word_no_text_holds_opening_a_query_is_the_name_asked_about(builtin: Termbase) -> None:
    answer = builtin.search_index().answer("exllama for running quantized llama models on a gpu")
    assert answer.hits == [] and answer.unknown == ("exllama",)
    assert answer.related


def test_who_makes_a_concept_before_its_label_finds_it_a_kind_the_termbase_lacks_does_not(
    builtin: Termbase,
) -> None:
    index = builtin.search_index()
    answer = index.answer("anthropic constitutional ai")  # its definition names Anthropic
    assert answer.unknown == () and answer.hits[0].id == "constitutional-ai"
    assert "tensor-processing-unit" in [h.id for h in index.search("google tpu")[:3]]
    assert index.answer("quantile regression").hits == []  # regression's text names quantiles


def test_a_short_query_with_an_article_after_a_verb_is_a_description_not_a_name(builtin: Termbase) -> None:
    from termbase.search import reads_as_name

    assert not reads_as_name("remove the smallest absolute weights")
    assert reads_as_name("text encoder of a diffusion model")  # an article after "of": a name's setting
    answer = builtin.search_index().answer("generate a picture from a text prompt")
    assert answer.unknown == ()
    assert "text-to-image-generation" in [h.id for h in answer.hits[:5]]


def test_a_name_typed_in_capitals_or_with_another_first_letter_is_another_name(builtin: Termbase) -> None:
    index = builtin.search_index()
    answer = index.answer("ERNIE knowledge enhanced language model")  # "Ernie" is an everyday name
    assert answer.hits == [] and answer.unknown == ("ERNIE",)
    assert index.search("nadam optimizer") == []  # one letter before Adam: NAdam, not a typo
    assert index.search("adam optimzer")[0].id == "adam"  # a typo after the first letter


def test_a_name_answered_only_by_what_it_is_for_is_absent(builtin: Termbase) -> None:
    index = builtin.search_index()
    answer = index.answer("label propagation for semi-supervised learning")
    assert answer.hits == [] and answer.unknown == ("label propagation",)
    assert answer.related[0].id == "semi-supervised-learning"
    # a description before "for" whose hit is not named after it is answered
    described = index.search("lightweight CNN for phones built from depthwise separable convolutions")
    assert "mobilenet" in [h.id for h in described[:5]]


def test_a_label_of_another_concept_before_a_hits_label_in_a_name_makes_another_thing(
    builtin: Termbase,
) -> None:
    index = builtin.search_index()
    answer = index.answer("seed rl for scalable agent training")  # seed: a label, not in RL's text
    assert answer.hits == [] and answer.unknown == ("seed rl",)
    # an everyday word saying which, before a label, is a description
    described = index.search("extra reward for putting reasoning in think tags and the final answer in a box")
    assert "format-reward" in [h.id for h in described[:5]]


def test_a_names_last_word_counts_as_held_by_a_hits_text_only_as_written(builtin: Termbase) -> None:
    answer = builtin.search_index().answer("contrastive decoding")  # CoCa's text says "decoder"
    assert answer.hits == [] and answer.unknown == ("contrastive decoding",)


def test_the_plural_of_a_clipped_last_word_completes_a_label(builtin: Termbase) -> None:
    hits = builtin.search_index().search("depthwise separable convs")
    assert hits[0].id == "depthwise-separable-convolution"


def test_a_short_word_of_a_phrase_is_misspelt_only_by_swapping_two_letters(builtin: Termbase) -> None:
    index = builtin.search_index()
    assert index.search("adan optimizer") == []  # Adan, not Adam: a four-letter word changed
    assert index.search("optical flwo")[0].id == "optical-flow"  # two letters swapped: a slip
    assert index.search("IA3 adapters") == []  # IA3, not IP-Adapter: words split at hyphens too


@pytest.mark.parametrize(
    ("query", "unknown"),
    [
        ("how does wide and deep work", "wide and deep"),  # "and" inside the name asked about
        ("deepfm click through rate prediction", "deepfm"),  # a coined word no text holds, first
    ],
)
def test_names_joined_by_and_or_opening_a_statement_are_asked_about(
    builtin: Termbase, query: str, unknown: str
) -> None:
    answer = builtin.search_index().answer(query)
    assert answer.hits == [] and answer.unknown == (unknown,)


def test_labels_joined_by_and_and_descriptions_with_every_are_answered(builtin: Termbase) -> None:
    index = builtin.search_index()
    assert index.answer("what is precision and recall").hits[0].id == "precision-and-recall"
    assert index.answer("label every pixel with a class").hits[0].id == "semantic-segmentation"
    assert index.answer("midtraining stage between pretraining and fine tuning").unknown == ()


def test_a_label_of_two_words_or_more_before_of_is_the_name_asked_about(builtin: Termbase) -> None:
    index = builtin.search_index()
    assert index.search("inductive biases of cnns")[0].id == "inductive-bias"
    assert index.search("mixture of depths") == []  # one word before "of": the name is the whole


def test_a_query_whose_every_word_a_close_best_hit_holds_is_answered(builtin: Termbase) -> None:
    judged = builtin.search_index().judged("openai tokenizer library cl100k")
    assert judged.features["text_coverage"] == 1.0  # the rules read a name in it all the same
    assert judged.answer.unknown == () and judged.answer.hits[0].id == "tiktoken"
    assert builtin.search_index().answer("gated linear attention").hits == []  # not closer than others
