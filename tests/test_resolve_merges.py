"""Resolving (issue 14): stable ids when an unrelated source is added, and merge evidence joins."""

from __future__ import annotations

from termbase.resolve import resolve
from test_resolve import entry

FIRST = [
    entry("PRM (Process Reward Model)", "Scores every step of a worked solution.", "a.txt", line=1),
    entry("PRM (Probabilistic Roadmap)", "A motion planner over sampled robot poses.", "a.txt", line=2),
    entry("PRM", "Grades each reasoning step, not only the answer.", "a.txt", line=3),
    entry("Adam / AdamW", "Optimisers with running moment estimates.", "a.txt", line=4),
    entry("KV cache", "Keys and values kept between decoding steps.", "a.txt", line=5),
    entry("head", "One attention computation among several.", "a.txt", line=6),
    entry("Heads (attention)", "The parallel attention computations of one layer.", "a.txt", line=7),
    entry("cross-entropy", "Expected code length under a model.", "a.txt", line=8),
    entry(
        "cross-entropy loss",
        "The training loss: expected code length of the targets under the model.",
        "a.txt",
        line=9,
    ),
]
UNRELATED = [
    entry("Lidar", "A sensor measuring distance with laser pulses.", "b.txt", line=1),
    entry(
        "SLAM (Simultaneous Localization and Mapping)",
        "Building a map while locating oneself in it.",
        "b.txt",
        line=2,
    ),
    entry("Odometry", "Estimating motion from wheel or camera readings.", "b.txt", line=3),
]


def ids_by_entry(entries: list) -> dict[tuple[str, int], set[str]]:
    found: dict[tuple[str, int], set[str]] = {}
    for concept in resolve(entries):
        for e in concept.entries:
            found.setdefault((e.source, e.line), set()).add(concept.id)
    return found


def test_ids_stay_when_an_unrelated_source_is_added_before_or_after() -> None:
    alone = ids_by_entry(FIRST)
    assert len(set().union(*alone.values())) >= 6  # homonyms, an A / B entry and joins are all in play
    for together in (ids_by_entry(FIRST + UNRELATED), ids_by_entry(UNRELATED + FIRST)):
        assert {key: ids for key, ids in together.items() if key[0] == "a.txt"} == alone


def test_merge_evidence_joins_bare_acronyms_spelled_acronyms_bracketed_names_and_fields() -> None:
    concepts = resolve(
        [
            entry(
                "GEMM (General Matrix Multiply)", "The matrix product C = A × B, the main kernel.", "a.txt"
            ),
            entry("GEMM", "Matrix products, initialisation and a theorem.", "b.txt"),
            entry("RDMA (Remote DMA)", "A NIC reading another host's memory directly.", "a.txt", line=2),
            entry(
                "RDMA (Remote Direct Memory Access)",
                "Network access to remote memory, no CPU.",
                "b.txt",
                line=2,
            ),
            entry("float16", "Half-precision floating-point format (fp16); narrow range.", "a.txt", line=3),
            entry("FP16", "Sixteen bits: one sign, five exponent, ten mantissa.", "b.txt", line=3),
            entry("Heads (attention)", "Parallel attention computations of one layer.", "a.txt", line=4),
            entry("head", "One attention computation among several.", "b.txt", line=4),
            entry("Attention", "Mixing values by query-key weights.", "b.txt", line=5),
            entry("autoregressive", "Predicting each token from the ones before it.", "a.txt", line=6),
            entry(
                "Autoregressive model",
                "A model predicting each token from the earlier ones.",
                "b.txt",
                line=6,
            ),
        ]
    )
    sources = sorted(sorted(e.source for e in c.entries) for c in concepts)
    assert sources == [["a.txt", "b.txt"]] * 5 + [["b.txt"]]  # attention stays apart from head


def test_a_shared_head_and_a_quoted_name_in_brackets_state_aliases() -> None:
    concepts = resolve(
        [
            entry(
                "next-token prediction",
                "The usual pre-training goal. Also called causal or autoregressive language modeling.",
                "a.txt",
            ),
            entry("Causal language modeling", "Predicting each token from the ones before it.", "b.txt"),
            entry(
                "Value network", 'The helper model (the "critic") that estimates returns.', "a.txt", line=2
            ),
            entry("critic", "A model trained to predict the value function.", "b.txt", line=2),
            entry(
                "multi-head attention", 'Running several attention operations ("heads") at once.', "a.txt", 3
            ),
            entry("heads", "The parallel attention computations of one layer.", "b.txt", line=3),
        ]
    )
    by_label = {label: c for c in concepts for label in c.labels}
    assert by_label["Causal language modeling"] is by_label["next-token prediction"]
    assert by_label["critic"] is by_label["Value network"]
    assert by_label["heads"] is not by_label["multi-head attention"]  # the brackets name the parts
