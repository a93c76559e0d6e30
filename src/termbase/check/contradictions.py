"""Rule `contradiction`: two entries state typed claims about one idea that cannot both hold.

Claims are read from each definition (see `claims`) and compared by type: a growth
class against a growth class for the same quantity, a number range against a number
range in the same unit, a year against a year, "does without X" against "is an X",
"still the usual choice" against "replaced by". Claims read from one entry are never
compared with each other. Agreement in other words is no finding: "linear in sequence
length" and "grows linearly with the number of tokens" are one claim.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from termbase.check.claims import Claim, claims_of
from termbase.check.findings import Finding, Side
from termbase.labels import label_key
from termbase.model import Concept, Entry

NAME = "contradiction"
SUMMARY = "two entries make typed claims about one idea that cannot both hold"
DOC = (
    "Reads typed claims from every definition — growth with a named quantity (linear, "
    "quadratic, O(n²)), numbers with units (bytes per parameter, TB/s, ×, %), the year an idea "
    "was introduced, what it does without or needs (no separate reward model, needs a short "
    "fine-tune), whether it is still the usual choice or was replaced, what it costs next to "
    "the plain version, what hardware it runs on, what it is the basis of — and compares "
    "claims of the same type about the same idea from different entries. Each finding quotes "
    "both claims with their file:line and says why they clash."
)

#: Numbers closer than this (relative to the larger) agree: "~3 TB/s" and "~3.35 TB/s".
NUMBER_TOLERANCE = 0.2
_ERROR_KINDS = frozenset({"growth", "number", "origin", "without", "named_count"})


@dataclass(frozen=True, slots=True)
class _Said:
    """A claim with the entry it came from and the concept it is about."""

    claim: Claim
    entry: Entry
    subject: str  # concept id, or "name:<NAME>" for named products


def check(concepts: Sequence[Concept]) -> list[Finding]:
    """Return a finding for every pair of clashing claims about one idea."""
    by_label = _labels_to_ids(concepts)
    labels_of = {c.id: c.label for c in concepts}
    others = frozenset(by_label)
    grouped: dict[tuple[str, str, str], list[_Said]] = defaultdict(list)
    without: dict[str, dict[int, list[_Said]]] = defaultdict(lambda: defaultdict(list))
    basis: list[_Said] = []
    # An idea only one entry describes can clash only with what other entries say about
    # it, so its own claims are read only if some other entry makes a claim about it.
    read: list[tuple[Concept, Entry, list[Claim]]] = []
    spoken_of: set[str] = set()
    alone: list[Concept] = []
    for concept in concepts:
        own = frozenset(label.lower() for label in concept.labels)
        single = len(concept.entries) < 2
        if single:
            alone.append(concept)
        for entry in concept.entries:
            claims = claims_of(entry.definition, own, others, only_about_others=single)
            if claims:  # (most definitions make none)
                spoken_of.update(by_label.get(c.about, "") for c in claims if c.about)
                read.append((concept, entry, claims))
    for concept in alone:
        if concept.id in spoken_of:
            own = frozenset(label.lower() for label in concept.labels)
            entry = concept.entries[0]
            mine = [c for c in claims_of(entry.definition, own, others) if not c.about]
            read.append((concept, entry, mine))
    for concept, entry, claims in read:
        for claim in claims:
            subject = _subject(claim, concept.id, by_label)
            if subject is None:
                continue
            said = _Said(claim, entry, subject)
            if claim.kind == "basis":
                basis.append(said)
            elif claim.kind == "without" and claim.value == "without":
                without[subject][id(entry)].append(said)
                grouped[(subject, claim.kind, claim.key)].append(said)
            else:
                grouped[(subject, claim.kind, claim.key)].append(said)
    findings: list[Finding] = []
    seen: set[tuple[str, ...]] = set()
    for (subject, kind, _key), said in grouped.items():
        for a, b in _pairs(said):
            why = _clash(kind, a.claim, b.claim)
            if why:
                findings.append(_finding(subject, labels_of, kind, a, b, why, seen))
    for subject, per_entry in without.items():
        findings.extend(_disjoint_without(subject, labels_of, per_entry, seen))
    findings.extend(_basis_cycles(basis, by_label, labels_of, seen))
    return [f for f in findings if f is not None]


def _where(entry: Entry) -> tuple[str, int, int]:
    """Return what tells one entry from another: source, line and ordinal in that source."""
    return (entry.source, entry.line, entry.ordinal)


def _labels_to_ids(concepts: Sequence[Concept]) -> dict[str, str]:
    """Return lower-case label → concept id for labels that name exactly one concept."""
    owners: dict[str, set[str]] = defaultdict(set)
    for concept in concepts:
        for label in concept.labels:
            owners[label.lower()].add(concept.id)
    return {label: next(iter(ids)) for label, ids in owners.items() if len(ids) == 1 and len(label) > 2}


def _subject(claim: Claim, concept_id: str, by_label: dict[str, str]) -> str | None:
    if claim.kind == "named_count":
        return f"name:{claim.about}"
    if claim.about:
        return by_label.get(claim.about)
    return concept_id


def _pairs(said: Sequence[_Said]) -> Iterable[tuple[_Said, _Said]]:
    """Yield pairs of claims from different entries (first claim of each entry per key)."""
    firsts: dict[tuple[str, int, int], _Said] = {}
    for item in said:
        firsts.setdefault(_where(item.entry), item)
    items = list(firsts.values())
    for i, a in enumerate(items):
        for b in items[i + 1 :]:
            yield a, b


def _clash(kind: str, a: Claim, b: Claim) -> str:
    """Return why two claims of one kind and key clash, or "" if they agree."""
    if kind == "growth":
        if a.value != b.value:
            quantity = a.key.split("|", 1)[1]
            return f"one says {a.value}, the other {b.value} in {quantity}"
        return ""
    if kind == "origin":
        return f"one dates it {a.value}, the other {b.value}" if a.value != b.value else ""
    if kind in {"number", "named_count"}:
        if _overlap(a, b):
            return ""
        unit = a.key if kind != "named_count" else f"{a.key}s in {a.about}"
        return f"{_span(a)} against {_span(b)} ({unit})"
    if kind == "without":
        values = {a.value, b.value}
        if "without" in values and values & {"is", "needs"}:
            other = a if a.value != "without" else b
            verb = "is a" if other.value == "is" else "needs"
            return f"one says it does without {a.key}, the other that it {verb} {a.key}"
        return ""
    if kind in {"status", "cost", "runs_on"}:
        if a.value == b.value:
            return ""
        if kind == "status":
            return "one calls it the current usual choice, the other says it has been replaced"
        if kind == "cost":
            return f"one says it costs the same {a.key}, the other that it needs more"
        return f"one says it runs on a {a.value}, the other on a {b.value}"
    return ""


def _overlap(a: Claim, b: Claim) -> bool:
    low = min(a.low, b.low)
    high = max(a.high, b.high)
    if high == 0:
        return True
    if a.low <= b.high and b.low <= a.high:
        return True
    gap = max(a.low, b.low) - min(a.high, b.high)
    return gap <= NUMBER_TOLERANCE * max(abs(high), abs(low))


def _span(claim: Claim) -> str:
    return f"{claim.low:g}" if claim.low == claim.high else f"{claim.low:g}–{claim.high:g}"


def _finding(
    subject: str,
    labels_of: dict[str, str],
    kind: str,
    a: _Said,
    b: _Said,
    why: str,
    seen: set[tuple[str, ...]],
) -> Finding | None:
    ends = sorted([_where(a.entry), _where(b.entry)])
    key = (subject, kind, *(f"{s}:{n}:{o}" for s, n, o in ends))
    if key in seen:
        return None
    seen.add(key)
    concept_id = subject if not subject.startswith("name:") else ""
    label = labels_of.get(subject, subject.removeprefix("name:"))
    severity = "error" if kind in _ERROR_KINDS else "warning"
    message = f"sources disagree on {label}: {why}"
    return Finding(
        rule=NAME,
        severity=severity,
        concept_id=concept_id,
        label=label,
        message=message,
        sides=(Side.of(a.entry, a.claim.words), Side.of(b.entry, b.claim.words)),
        kind=kind,
    )


def _disjoint_without(
    subject: str,
    labels_of: dict[str, str],
    per_entry: dict[int, list[_Said]],
    seen: set[tuple[str, ...]],
) -> list[Finding | None]:
    """Return findings where two entries say the idea does without different things."""
    entries = list(per_entry.values())
    findings: list[Finding | None] = []
    for i, first in enumerate(entries):
        for second in entries[i + 1 :]:
            if _where(first[0].entry) == _where(second[0].entry):
                continue
            things_a = {s.claim.key for s in first}
            things_b = {s.claim.key for s in second}
            if things_a & things_b:
                continue
            a, b = first[0], second[0]
            why = f"one says what it does away with is the {a.claim.key}, the other the {b.claim.key}"
            findings.append(_finding(subject, labels_of, "without", a, b, why, seen))
    return findings


def _basis_cycles(
    basis: Sequence[_Said], by_label: dict[str, str], labels_of: dict[str, str], seen: set[tuple[str, ...]]
) -> list[Finding | None]:
    """Return findings where A is said to be the basis of B and B the basis of A."""
    edges: dict[tuple[str, str], _Said] = {}
    for said in basis:
        target = by_label.get(said.claim.key.lower()) or by_label.get(label_key(said.claim.key))
        if target and target != said.subject:
            edges.setdefault((said.subject, target), said)
    findings: list[Finding | None] = []
    for (source, target), said in edges.items():
        back = edges.get((target, source))
        if back is None or source > target:
            continue
        why = (
            f"{labels_of.get(source, source)} is called the basis of {labels_of.get(target, target)}, "
            f"and {labels_of.get(target, target)} the basis of {labels_of.get(source, source)}"
        )
        findings.append(_finding(source, labels_of, "basis", said, back, why, seen))
    return findings
