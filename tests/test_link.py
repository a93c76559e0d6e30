"""Linking: see-also targets and mentions inside definitions."""

from __future__ import annotations

from termbase.link import link
from termbase.resolve import resolve
from test_resolve import entry


def relations_of(concepts_entries: list) -> set[tuple[str, str, str]]:
    links = link(resolve(concepts_entries))
    return {(r.from_id, r.to_id, r.kind) for r in links.relations}


def test_see_also_targets_resolve_to_concepts_and_unknown_ones_are_dangling() -> None:
    concepts = resolve(
        [
            entry("Batching", "Grouping requests.", line=1),
            entry(
                "Micro-batch", "A slice of a batch.", line=2, see_also=("Batching", "Nothing here")
            ),
        ]
    )
    links = link(concepts)
    assert ("micro-batch", "batching", "see_also") in {
        (r.from_id, r.to_id, r.kind) for r in links.relations
    }
    assert [(d.from_id, d.target) for d in links.dangling] == [("micro-batch", "Nothing here")]


def test_mentions_are_found_with_variants_and_longest_match_wins() -> None:
    found = relations_of(
        [
            entry("KV cache", "Stored keys and values.", line=1),
            entry("Attention", "Weighted mixing.", line=2),
            entry("Multi-head attention", "Several attention heads.", line=3),
            entry(
                "Paged attention",
                "Stores KV-caches in blocks; a multi-head attention trick.",
                line=4,
            ),
        ]
    )
    assert ("paged-attention", "kv-cache", "mentions") in found
    assert ("paged-attention", "multi-head-attention", "mentions") in found
    # "multi-head attention" is one mention, not also a mention of "attention" inside it.
    assert ("paged-attention", "attention", "mentions") not in found
    assert ("multi-head-attention", "attention", "mentions") in found


def test_acronyms_match_case_sensitively() -> None:
    found = relations_of(
        [
            entry("RAG (Retrieval-Augmented Generation)", "Retrieve, then generate.", line=1),
            entry("Cleaning", "Wipe the data with a rag.", line=2),
            entry("Hybrid search", "Often feeds RAG pipelines.", line=3),
        ]
    )
    assert ("cleaning", "retrieval-augmented-generation", "mentions") not in found
    assert ("hybrid-search", "retrieval-augmented-generation", "mentions") in found


def test_ambiguous_mention_follows_context_or_stays_unlinked() -> None:
    found = relations_of(
        [
            entry(
                "PRM (Process Reward Model)",
                "Grades every intermediate reasoning step with its own reward.",
                line=1,
            ),
            entry(
                "PRM (Probabilistic Roadmap)",
                "A motion planner that samples robot configurations.",
                line=2,
            ),
            entry(
                "Best-of-N",
                "Sample N reasoning answers; a PRM reward picks one step by step.",
                line=3,
            ),
            entry("Weather", "Rain is unrelated to PRM.", line=4),
        ]
    )
    assert ("best-of-n", "process-reward-model", "mentions") in found
    assert ("best-of-n", "probabilistic-roadmap", "mentions") not in found
    assert not {r for r in found if r[0] == "weather"}
