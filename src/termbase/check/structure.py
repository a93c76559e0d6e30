"""Structure rules: dangling see-also, circular definitions, acronyms never expanded,
orphan concepts, and one label spelled several ways across sources."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence

from termbase.check.findings import Finding, Side
from termbase.labels import label_key
from termbase.model import Concept, Dangling, Entry, Relation

DANGLING = "dangling-see-also"
DANGLING_SUMMARY = "a see-also target that names no concept"
DANGLING_DOC = 'A source says "see also X" and no concept in the termbase is called X.'
CIRCULAR = "circular-definition"
CIRCULAR_SUMMARY = "two short definitions that only define each other"
CIRCULAR_DOC = (
    "Concept A's definitions all name B and B's all name A, and every one of them is short "
    "(at most 15 words): a reader who knows neither learns neither."
)
UNEXPANDED = "unexpanded-acronym"
UNEXPANDED_SUMMARY = "an acronym used in definitions and never expanded anywhere"
UNEXPANDED_DOC = (
    "An all-capitals word (GQA, NCCL) that definitions use, that no concept has as a label, and "
    'that no text in the termbase spells out ("Expansion (ACR)" or "ACR (Expansion)").'
)
ORPHAN = "orphan"
ORPHAN_SUMMARY = "a concept nothing links to"
ORPHAN_DOC = "No see-also and no definition of another concept leads to this concept."
SPELLING = "inconsistent-spelling"
SPELLING_SUMMARY = "one label written differently across sources"
SPELLING_DOC = (
    "The entries of one concept write its label with different hyphens, spaces or joins "
    "(KV-cache / KV cache, PagedAttention / Paged Attention); case alone does not count."
)
#: A definition this short that names only another concept defines nothing by itself.
MAX_CIRCULAR_WORDS = 15
_ACRONYM = re.compile(r"(?<![\w\-])([A-Z][A-Z0-9]{1,7})s?(?![\w\-])")
#: Units and version tags written in capitals (GB, TB/s, V3, N1) are no acronyms to expand.
_NOT_AN_ACRONYM = re.compile(r"^(?:\d+|[KMGTP]B|[KMG]HZ|[A-Z]\d)$")
#: "Expansion (ACR)" or "ACR (Expansion": the acronym is spelled out there.
_EXPANDED = re.compile(r"\(([A-Z][A-Z0-9]{1,7})s?\)|(?<![\w\-])([A-Z][A-Z0-9]{1,7})s?\s*\((?=[A-Z][a-z])")


def check_dangling(dangling: Sequence[Dangling], labels_of: dict[str, str]) -> list[Finding]:
    """Return a finding per see-also target that names no concept."""
    return [
        Finding(
            rule=DANGLING,
            severity="warning",
            concept_id=d.from_id,
            label=labels_of.get(d.from_id, d.from_id),
            message=f"see also “{d.target}” names no concept in the termbase",
            sides=(Side(d.source, d.line, labels_of.get(d.from_id, d.from_id), d.target, d.line),),
        )
        for d in dangling
    ]


def check_circular(concepts: Sequence[Concept], relations: Sequence[Relation]) -> list[Finding]:
    """Return a finding for each pair of concepts whose short definitions only name each other."""
    by_id = {c.id: c for c in concepts}
    mentions: dict[str, set[str]] = defaultdict(set)
    for relation in relations:
        if relation.kind == "mentions":
            mentions[relation.from_id].add(relation.to_id)
    findings = []
    for a, targets in mentions.items():
        for b in targets:
            if a >= b or a not in mentions.get(b, set()):
                continue
            first, second = by_id.get(a), by_id.get(b)
            if first is None or second is None or not _all_short(first) or not _all_short(second):
                continue
            findings.append(
                Finding(
                    rule=CIRCULAR,
                    severity="warning",
                    concept_id=a,
                    label=first.label,
                    message=f"{first.label} and {second.label} are defined only by each other",
                    sides=(
                        Side.of(first.entries[0], first.entries[0].definition),
                        Side.of(second.entries[0], second.entries[0].definition),
                    ),
                )
            )
    return findings


def _all_short(concept: Concept) -> bool:
    return all(len(e.definition.split()) <= MAX_CIRCULAR_WORDS for e in concept.entries)


def check_unexpanded(concepts: Sequence[Concept]) -> list[Finding]:
    """Return a finding per acronym that definitions use and nothing expands."""
    known = {label_key(label) for c in concepts for label in c.labels}
    uses: dict[str, list[tuple[Concept, int]]] = defaultdict(list)
    expanded: set[str] = set()
    for concept in concepts:
        for index, entry in enumerate(concept.entries):
            if "(" in entry.definition:
                expanded.update(a or b for a, b in _EXPANDED.findall(entry.definition))
            for acronym in set(_ACRONYM.findall(entry.definition)):
                if not _NOT_AN_ACRONYM.match(acronym) and label_key(acronym) not in known:
                    uses[acronym].append((concept, index))
    findings = []
    for acronym, places in sorted(uses.items()):
        if acronym in expanded:
            continue
        concept, index = places[0]
        entry = concept.entries[index]
        findings.append(
            Finding(
                rule=UNEXPANDED,
                severity="info",
                concept_id=concept.id,
                label=concept.label,
                message=(
                    f"{acronym} is used in {len(places)} definition{'s' if len(places) > 1 else ''} "
                    "and spelled out nowhere in the termbase"
                ),
                sides=(Side.of(entry, acronym),),
                kind=acronym,
            )
        )
    return findings


def check_orphans(concepts: Sequence[Concept], relations: Sequence[Relation]) -> list[Finding]:
    """Return a finding per concept that no relation leads to."""
    linked = {r.to_id for r in relations}
    return [
        Finding(
            rule=ORPHAN,
            severity="info",
            concept_id=c.id,
            label=c.label,
            message=f"nothing links to {c.label}",
            sides=(Side.of(c.entries[0], c.label),),
        )
        for c in concepts
        if c.id not in linked and c.entries
    ]


def check_spellings(concepts: Sequence[Concept]) -> list[Finding]:
    """Return a finding per concept whose entries write one label several ways."""
    findings = []
    for concept in concepts:
        if len({e.source for e in concept.entries}) < 2:
            continue
        # key → source → {folded form: (as written, entry)}
        written: dict[str, dict[str, dict[str, tuple[str, Entry]]]] = defaultdict(lambda: defaultdict(dict))
        for entry in concept.entries:
            for label in entry.labels:
                written[label_key(label)][entry.source].setdefault(label.casefold(), (label, entry))
        for per_source in written.values():
            sources = list(per_source.items())
            clash = next(
                (
                    (a, b)
                    for i, (_, a) in enumerate(sources)
                    for _, b in sources[i + 1 :]
                    if not set(a) & set(b) and _differ(set(a) | set(b))
                ),
                None,
            )
            if clash is None:
                continue
            (first, entry_a), (second, entry_b) = next(iter(clash[0].values())), next(iter(clash[1].values()))
            findings.append(
                Finding(
                    rule=SPELLING,
                    severity="info",
                    concept_id=concept.id,
                    label=concept.label,
                    message=f"{concept.label} is written “{first}” in one source and “{second}” in another",
                    sides=(Side.of(entry_a, first), Side.of(entry_b, second)),
                )
            )
    return findings


def _differ(forms: set[str]) -> bool:
    """Return True if lower-cased forms differ by more than a plural ending."""
    return len({re.sub(r"s$", "", form) for form in forms}) > 1
