"""Label parsing and match keys."""

from __future__ import annotations

import pytest

from termbase.labels import (
    expansion_in_definition,
    is_acronym_of,
    label_key,
    loose_key,
    parse_term,
)


@pytest.mark.parametrize(
    ("variant", "canonical"),
    [
        ("KV-cache", "KV cache"),
        ("KV-Cache", "kv cache"),
        ("kv caches", "KV cache"),
        ("KV\u2011cache", "KV cache"),  # non-breaking hyphen
        ("Flash Attention", "FlashAttention"),
        ("\u201caha moment\u201d", '"aha moment"'),
        ("Adam\u2019s rule", "Adam's rule"),
        ("LLMs", "LLM"),
        ("café", "cafe"),
        ("Chain—of—Thought", "chain of thought"),
        ("Activations", "activation"),
    ],
)
def test_spelling_variants_share_a_key(variant: str, canonical: str) -> None:
    assert label_key(variant) == label_key(canonical)


@pytest.mark.parametrize(
    ("left", "right"),
    [("Adam", "AdamW"), ("BF16", "FP16"), ("attention", "self-attention"), ("loss", "lost")],
)
def test_different_names_keep_different_keys(left: str, right: str) -> None:
    assert label_key(left) != label_key(right)


def test_loose_key_folds_word_endings_for_lookups() -> None:
    assert loose_key("kv caching") == loose_key("KV-cache")
    assert label_key("kv caching") != label_key("KV-cache")


@pytest.mark.parametrize(
    ("term", "labels"),
    [
        (
            "AWQ (Activation-Aware Weight Quantization)",
            ("AWQ", "Activation-Aware Weight Quantization"),
        ),
        ("Chain-of-Thought (CoT)", ("CoT", "Chain-of-Thought")),
        ("bpd (bits per dimension)", ("bpd", "bits per dimension")),
        ("GANs (Generative Adversarial Networks)", ("GANs", "Generative Adversarial Networks")),
        ("InfiniBand (IB)", ("IB", "InfiniBand")),
        ("Alignment (multimodal)", ("Alignment (multimodal)",)),
        ("FP8 (8-bit Floating Point)", ("FP8", "8-bit Floating Point")),
        ("Gaussian Splatting (3DGS)", ("3DGS", "Gaussian Splatting")),
        ("Tool Use (Function Calling)", ("Tool Use", "Function Calling")),
        ("Static quantization (PTQ)", ("Static quantization (PTQ)",)),
        ('"aha moment"', ("aha moment",)),
    ],
)
def test_parse_term_finds_acronym_and_expansion_either_way_round(
    term: str, labels: tuple[str, ...]
) -> None:
    assert parse_term(term) == (labels, ())


def test_slash_terms_name_two_ideas() -> None:
    labels, groups = parse_term("Adam / AdamW")
    assert labels == ("Adam", "AdamW")
    assert groups == (("Adam",), ("AdamW",))
    labels, groups = parse_term("ITL / TPOT")
    assert groups == (("ITL",), ("TPOT",))


def test_slash_sides_share_a_last_word_when_one_side_is_bare() -> None:
    assert parse_term("length / format reward")[1] == (("length reward",), ("format reward",))


def test_slash_without_spaces_is_part_of_the_name() -> None:
    assert parse_term("F/T sensor") == (("F/T sensor",), ())


def test_acronym_matching() -> None:
    assert is_acronym_of("GQA", "Grouped-Query Attention")
    assert is_acronym_of("BM25", "Best Matching 25")
    assert is_acronym_of("PRM", "probabilistic roadmap")
    assert not is_acronym_of("PRM", "policy reward")
    assert not is_acronym_of("AI", "a long sentence that merely happens to contain an i")
    assert not is_acronym_of("GQA", "multi-query attention")


def test_expansion_stated_at_the_start_of_a_definition() -> None:
    assert (
        expansion_in_definition("PRM", "Probabilistic Roadmap — a planner")
        == "Probabilistic Roadmap"
    )
    assert expansion_in_definition("GQA", "A way to share heads.") == ""
    assert expansion_in_definition("Attention", "Attention — weights") == ""


def test_a_lower_case_bracket_after_a_one_word_name_is_its_kind_not_a_synonym() -> None:
    assert parse_term("R (programming language)")[0] == ("R (programming language)", "R")
    assert parse_term("Facet (plotting tool)")[0] == ("Facet (plotting tool)", "Facet")
    assert parse_term("top-k (highest scores)")[0] == ("top-k", "highest scores")
    assert parse_term("Tool Use (Function Calling)")[0] == ("Tool Use", "Function Calling")
    assert parse_term("Alignment (multimodal)")[0] == ("Alignment (multimodal)",)


@pytest.mark.parametrize(
    "term",
    ["Kiln (syn. oven)", "Kiln (synonym: oven)", "Kiln (= oven)", "Kiln aka oven", "Kiln a.k.a. oven"],
)
def test_a_bracket_or_aka_that_says_synonym_gives_another_name(term: str) -> None:
    assert parse_term(term)[0] == ("Kiln", "oven")


def test_a_plural_given_in_brackets_is_a_label_without_its_mark() -> None:
    assert parse_term("Kiln (pl. kilns)")[0] == ("Kiln", "kilns")
    assert parse_term("Kiln (plural)")[0] == ("Kiln (plural)",)  # no name follows: a qualifier
