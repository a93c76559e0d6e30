"""Rules `duplicate` and `over-merge`: concepts that are probably one idea, and one concept
whose entries probably describe two.

Duplicates are found through `termbase.evidence`: a definition that names another
concept's label as its alias ("also called …", "Name (ALIAS) —"), or two labels that differ
by one head or modifier word ("cross-entropy" / "cross-entropy loss") with close
definitions. Candidates come from label look-ups, never from comparing every pair, so the
rule stays linear in the size of the termbase.

An over-merge is a concept with entries from several sources whose definitions share
almost no content words with one another: one label, likely two senses.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from termbase.check.findings import Finding, Side
from termbase.check.not_definitions import not_definition
from termbase.evidence import (
    MIN_VARIANT_SIMILARITY,
    aliases_for,
    content_words,
    definition_similarity,
    head_variant,
    variant_keys,
)
from termbase.labels import label_key
from termbase.model import Concept

DUPLICATE = "duplicate"
DUPLICATE_SUMMARY = "two concepts that are probably one idea, with the evidence"
DUPLICATE_DOC = (
    'Pairs concepts that a definition says are one ("also called X", "also known as", '
    '"short for", "a.k.a.", "or simply", an opening "Name (ALIAS) —" naming the other '
    "concept's label) and labels that differ by one head or modifier word (cross-entropy / "
    "cross-entropy loss) whose definitions share enough content words. Each finding quotes the evidence."
)
OVER_MERGE = "over-merge"
OVER_MERGE_SUMMARY = "one concept whose entries probably describe different ideas"
OVER_MERGE_DOC = (
    "Flags a concept with entries from two or more sources where some entry shares almost no "
    "content words with any other entry: one label used for two ideas (load balancing of MoE "
    "experts and of serving replicas). Resolve it by marking the entries as homonyms."
)
#: Below this definition closeness an entry is taken to describe something else.
MAX_OVER_MERGE_SIMILARITY = 0.05
#: Entries with fewer content words than this say too little to judge their sense.
MIN_CONTENT_WORDS = 8


def check_duplicates(concepts: Sequence[Concept]) -> list[Finding]:
    """Return a finding for each pair of concepts the evidence says are one idea."""
    owner: dict[str, list[Concept]] = defaultdict(list)
    for concept in concepts:
        for key in {label_key(label) for label in concept.labels}:
            owner[key].append(concept)
    findings: dict[tuple[str, str], Finding] = {}
    for concept in concepts:
        for entry in concept.entries:
            for alias in aliases_for(entry.definition, concept.labels):
                for other in owner.get(label_key(alias.name), ()):
                    if other.id == concept.id:
                        continue
                    pair = tuple(sorted((concept.id, other.id)))
                    if pair in findings:
                        continue
                    findings[pair] = Finding(  # type: ignore[index]
                        rule=DUPLICATE,
                        severity="warning",
                        concept_id=concept.id,
                        label=concept.label,
                        message=(
                            f"{concept.label} and {other.label} are probably one idea: "
                            f"the definition of {concept.label} names “{alias.name}” as another name"
                        ),
                        sides=(Side.of(entry, alias.words), _first_side(other)),
                        kind="alias",
                    )
        for label in concept.labels:
            for key, _word in variant_keys(label):
                for other in owner.get(key, ()):
                    if other.id == concept.id or set(other.entries) & set(concept.entries):
                        continue
                    pair = tuple(sorted((concept.id, other.id)))
                    if pair in findings:
                        continue
                    finding = _variant_finding(concept, label, other)
                    if finding is not None:
                        findings[pair] = finding  # type: ignore[index]
    return list(findings.values())


def _first_side(concept: Concept) -> Side:
    entry = concept.entries[0]
    return Side.of(entry, " ".join(entry.definition.split()[:12]))


def _variant_finding(concept: Concept, label: str, other: Concept) -> Finding | None:
    short = next((x for x in other.labels if head_variant(x, label)), "")
    if not short:
        return None
    best, pair = 0.0, (concept.entries[0], other.entries[0])
    for a in concept.entries:
        for b in other.entries:
            score = definition_similarity(a.definition, b.definition)
            if score > best:
                best, pair = score, (a, b)
    if best < MIN_VARIANT_SIMILARITY:
        return None
    word = head_variant(short, label)
    return Finding(
        rule=DUPLICATE,
        severity="info",
        concept_id=concept.id,
        label=concept.label,
        message=(
            f"{label} and {short} are probably one idea: the labels differ only by “{word}” and "
            f"their definitions share {best:.0%} of their content words"
        ),
        sides=(Side.of(pair[0], label), Side.of(pair[1], short)),
        kind="variant",
    )


def check_over_merges(concepts: Sequence[Concept]) -> list[Finding]:
    """Return a finding for each concept with an entry unlike all its other entries."""
    findings: list[Finding] = []
    for concept in concepts:
        entries = [
            e
            for e in concept.entries
            if len(content_words(e.definition)) >= MIN_CONTENT_WORDS and not_definition(e, concept) is None
        ]
        if len({e.source for e in entries}) < 2 or concept.homonym_of:
            continue
        for entry in entries:
            others = [e for e in entries if e.source != entry.source]
            closest = max(
                (definition_similarity(entry.definition, o.definition) for o in others), default=1.0
            )
            if closest < MAX_OVER_MERGE_SIMILARITY:
                other = max(others, key=lambda o: len(o.definition))
                findings.append(
                    Finding(
                        rule=OVER_MERGE,
                        severity="warning",
                        concept_id=concept.id,
                        label=concept.label,
                        message=(
                            f"{concept.label} may join two ideas: this entry shares {closest:.0%} of its "
                            f"content words with the other sources' entries"
                        ),
                        sides=(
                            Side.of(entry, " ".join(entry.definition.split()[:14])),
                            Side.of(other, " ".join(other.definition.split()[:14])),
                        ),
                        kind="senses",
                    )
                )
                break
    return findings
