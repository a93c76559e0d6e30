"""The resolver: one concept per idea, every entry kept as provenance, no over-merging."""

from __future__ import annotations

from termbase.labels import parse_term
from termbase.model import Concept, Entry
from termbase.resolve import resolve


def entry(term: str, definition: str, source: str = "a.txt", line: int = 1, **extra: object) -> Entry:
    labels, groups = parse_term(term)
    labels = extra.pop("labels", labels)  # type: ignore[assignment]
    return Entry(
        source=source,
        line=line,
        end_line=line,
        term=term,
        labels=labels,
        groups=groups,
        definition=definition,
        **extra,
    )  # type: ignore[arg-type]


def concept_of(concepts: list[Concept], label: str) -> Concept:
    found = [c for c in concepts if label in c.labels]
    assert len(found) == 1, f"{label!r} is in {len(found)} concepts: {[c.id for c in found]}"
    return found[0]


def test_spelling_variants_merge_and_keep_every_entry() -> None:
    entries = [
        entry("KV-cache", "Keys and values kept per token.", "a.txt", 3),
        entry("KV cache", "Cached keys and values.", "b.txt", 10),
        entry("KV-Cache", "A cache of attention keys and values.", "c.txt", 7),
        entry("kv caches", "Stored keys/values.", "d.txt", 2),
    ]
    concepts = resolve(entries)
    assert len(concepts) == 1
    concept = concepts[0]
    assert concept.id == "kv-cache"
    assert [(e.source, e.line) for e in concept.entries] == [
        ("a.txt", 3),
        ("b.txt", 10),
        ("c.txt", 7),
        ("d.txt", 2),
    ]


def test_acronym_merges_with_its_expansion() -> None:
    concepts = resolve(
        [
            entry("GQA (Grouped-Query Attention)", "Query heads share K/V heads.", "a.txt"),
            entry("Grouped-Query Attention", "Several query heads share one key/value head.", "b.txt"),
            entry("GQA", "Grouped-Query Attention — heads share keys and values.", "c.txt"),
        ]
    )
    assert len(concepts) == 1
    assert concepts[0].id == "grouped-query-attention"
    assert "GQA" in concepts[0].acronyms
    assert len(concepts[0].entries) == 3


def test_acronym_stated_only_in_the_definition_links_to_the_expansion() -> None:
    concepts = resolve(
        [
            entry("ABA", "Articulated-Body Algorithm — linear-time forward dynamics.", "a.txt"),
            entry("Articulated-Body Algorithm", "Featherstone's O(n) dynamics method.", "b.txt"),
        ]
    )
    assert len(concepts) == 1


def test_slash_entry_belongs_to_both_ideas_without_merging_them() -> None:
    concepts = resolve(
        [
            entry("Adam / AdamW", "Adaptive moment estimation; AdamW decouples decay.", "a.txt"),
            entry("Adam", "Adaptive moment estimation optimizer.", "b.txt"),
            entry("AdamW", "Adam with decoupled weight decay.", "b.txt", 2),
        ]
    )
    adam, adamw = concept_of(concepts, "Adam"), concept_of(concepts, "AdamW")
    assert adam.id != adamw.id
    assert ("a.txt", 1) in [(e.source, e.line) for e in adam.entries]
    assert ("a.txt", 1) in [(e.source, e.line) for e in adamw.entries]


def test_same_acronym_different_expansion_stays_apart() -> None:
    concepts = resolve(
        [
            entry("PRM (Process Reward Model)", "Scores every reasoning step.", "a.txt"),
            entry("PRM", "Probabilistic Roadmap — sampling-based motion planner.", "b.txt"),
            entry("Process reward model", "A reward model that grades each step.", "c.txt"),
        ]
    )
    assert len(concepts) == 2
    ids = {c.id for c in concepts}
    assert ids == {"process-reward-model", "probabilistic-roadmap"}
    reward = next(c for c in concepts if c.id == "process-reward-model")
    assert len(reward.entries) == 2
    assert all(c.homonym_of for c in concepts)


def test_arithmetic_intensity_is_not_artificial_intelligence() -> None:
    concepts = resolve(
        [
            entry("AI (arithmetic intensity)", "FLOPs per byte moved.", "a.txt"),
            entry(
                "AI (Artificial Intelligence)",
                "Machines doing tasks that need intelligence.",
                "b.txt",
            ),
        ]
    )
    assert {c.id for c in concepts} == {"arithmetic-intensity", "artificial-intelligence"}


def test_bare_acronym_joins_the_reading_its_definition_matches() -> None:
    concepts = resolve(
        [
            entry(
                "PRM (Process Reward Model)",
                "A reward model scoring each reasoning step of a solution.",
                "a.txt",
            ),
            entry(
                "PRM (Probabilistic Roadmap)",
                "A motion planner that samples robot configurations.",
                "b.txt",
            ),
            entry(
                "PRM",
                "Gives a reward to each reasoning step rather than only the final solution.",
                "c.txt",
            ),
        ]
    )
    reward = next(c for c in concepts if c.id == "process-reward-model")
    assert "c.txt" in {e.source for e in reward.entries}
    assert len(concepts) == 2


def test_near_names_of_different_ideas_stay_apart() -> None:
    concepts = resolve(
        [
            entry("BF16", "Brain floating point with 8 exponent bits."),
            entry("FP16", "IEEE half precision with 5 exponent bits.", line=2),
            entry("Attention", "Weighted mixing of values.", line=3),
            entry(
                "Self-attention",
                "Attention where queries, keys and values share a sequence.",
                line=4,
            ),
            entry("Alignment", "Making models act as intended.", line=5),
            entry("Alignment (multimodal)", "Mapping images and text into one space.", line=6),
        ]
    )
    assert len(concepts) == 6


def test_explicit_ids_are_kept_and_never_merged_with_each_other() -> None:
    concepts = resolve(
        [
            entry(
                "process reward model",
                "Grades steps.",
                "g.yaml",
                1,
                concept_id="process-reward-model",
            ),
            entry(
                "probabilistic roadmap",
                "Plans motion.",
                "g.yaml",
                5,
                concept_id="probabilistic-roadmap",
            ),
            entry("Process Reward Model (PRM)", "Step-level reward.", "seed.txt", 1),
        ]
    )
    assert {c.id for c in concepts} == {"process-reward-model", "probabilistic-roadmap"}
    reward = next(c for c in concepts if c.id == "process-reward-model")
    assert {e.source for e in reward.entries} == {"g.yaml", "seed.txt"}


def test_ids_do_not_change_when_an_unrelated_source_is_added() -> None:
    base = [
        entry("KV cache", "Cached keys.", "a.txt", 1),
        entry("GQA (Grouped-Query Attention)", "Shared K/V heads.", "a.txt", 2),
        entry("Adam / AdamW", "Optimizers.", "a.txt", 3),
    ]
    before = {c.label: c.id for c in resolve(base)}
    after = {
        c.label: c.id
        for c in resolve(
            [
                *base,
                entry("Diffusion model", "Learns to reverse a noising process.", "z.txt", 1),
                entry("NeRF (Neural Radiance Field)", "A scene as a network.", "z.txt", 2),
            ]
        )
    }
    assert all(after[label] == cid for label, cid in before.items())


def test_colliding_slugs_get_readable_distinct_ids() -> None:
    concepts = resolve(
        [
            entry("Heads", "Parallel attention operations in a layer.", "a.txt"),
            entry("Heads (attention)", "Attention heads again.", "a.txt", 2),
        ]
    )
    assert len({c.id for c in concepts}) == len(concepts)


def test_entries_of_one_group_are_one_concept_in_several_languages() -> None:
    concepts = resolve(
        [
            entry("machine learning", "Learning from data.", "g.ttl", 1, group="https://x.org/c/ml"),
            entry(
                "apprentissage automatique",
                "Apprendre des données.",
                "g.ttl",
                1,
                group="https://x.org/c/ml",
                language="fr",
            ),
            entry("machine learning", "Another vocabulary's idea.", "h.ttl", 1, group="https://y.org/c/ml"),
        ]
    )
    grouped = next(c for c in concepts if "apprentissage automatique" in c.labels)
    assert {e.language for e in grouped.entries} == {"en", "fr"}


def test_slug_of_ascii_labels_is_slugify_s() -> None:
    """The ASCII shortcut in `slug` gives exactly what python-slugify gives."""
    from slugify import slugify

    from termbase.resolve import _SLUG_REPLACEMENTS, _ascii_slug

    labels = ["KV cache", "C++", "C#", "A&B", "R&amp;D", "x&#65;y", "1,000 steps", "a,b", "'quoted'"]
    labels += ["don't", "--", "  spaced  out ", "FP8/FP16", "top-p (nucleus)", "a__b", "3,5,7", "~"]
    for label in labels:
        assert _ascii_slug(label) == slugify(label, replacements=_SLUG_REPLACEMENTS), label
    assert _ascii_slug("café") == ""  # not ASCII: slugify itself is asked


def test_two_names_qualified_by_one_field_stay_two_concepts() -> None:
    concepts = resolve(
        [
            entry("content (web content)", "What a page tells its reader, text and images alike.", line=1),
            entry("technology (web content)", "How a browser is told what to render: HTML.", line=2),
            entry("WMS (Web Map Service)", "A protocol for asking a server for map images.", line=3),
            entry("Web Map Service", "Serves pictures of maps over HTTP.", source="b.txt", line=1),
        ]
    )
    assert concept_of(concepts, "content").id != concept_of(concepts, "technology").id
    assert concept_of(concepts, "WMS") is concept_of(concepts, "Web Map Service")  # a bracket that renames
