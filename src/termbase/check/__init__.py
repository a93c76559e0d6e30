"""`termbase check`: what a glossary gets wrong, as findings a person can judge.

One module per rule; `RULES` lists them with their severity-free summary and
documentation (`termbase check --rules`). `run_checks` applies the chosen rules to
resolved concepts and their relations and returns findings sorted by concept; it reads
no files, so a build can store its findings and publishers read only the store.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from termbase.check import contradictions, duplicates, not_definitions, structure
from termbase.check.findings import SEVERITIES, Finding, Side
from termbase.errors import InputError
from termbase.model import Concept, Dangling, Relation

__all__ = ["RULES", "SEVERITIES", "CheckInput", "Finding", "Rule", "Side", "run_checks", "select_rules"]


@dataclass(frozen=True, slots=True)
class CheckInput:
    """What the rules read: the concepts, their relations, and see-also targets found nowhere."""

    concepts: Sequence[Concept]
    relations: Sequence[Relation] = ()
    dangling: Sequence[Dangling] = ()


@dataclass(frozen=True, slots=True)
class Rule:
    """A named check: what it finds (one line), how (a paragraph), and the function."""

    name: str
    summary: str
    doc: str
    run: Callable[[CheckInput], list[Finding]]


def _labels(data: CheckInput) -> dict[str, str]:
    return {c.id: c.label for c in data.concepts}


RULES: tuple[Rule, ...] = (
    Rule(contradictions.NAME, contradictions.SUMMARY, contradictions.DOC,
         lambda d: contradictions.check(d.concepts)),
    Rule(not_definitions.NAME, not_definitions.SUMMARY, not_definitions.DOC,
         lambda d: not_definitions.check(d.concepts)),
    Rule(duplicates.DUPLICATE, duplicates.DUPLICATE_SUMMARY, duplicates.DUPLICATE_DOC,
         lambda d: duplicates.check_duplicates(d.concepts)),
    Rule(duplicates.OVER_MERGE, duplicates.OVER_MERGE_SUMMARY, duplicates.OVER_MERGE_DOC,
         lambda d: duplicates.check_over_merges(d.concepts)),
    Rule(structure.DANGLING, structure.DANGLING_SUMMARY, structure.DANGLING_DOC,
         lambda d: structure.check_dangling(d.dangling, _labels(d))),
    Rule(structure.CIRCULAR, structure.CIRCULAR_SUMMARY, structure.CIRCULAR_DOC,
         lambda d: structure.check_circular(d.concepts, d.relations)),
    Rule(structure.UNEXPANDED, structure.UNEXPANDED_SUMMARY, structure.UNEXPANDED_DOC,
         lambda d: structure.check_unexpanded(d.concepts)),
    Rule(structure.ORPHAN, structure.ORPHAN_SUMMARY, structure.ORPHAN_DOC,
         lambda d: structure.check_orphans(d.concepts, d.relations)),
    Rule(structure.SPELLING, structure.SPELLING_SUMMARY, structure.SPELLING_DOC,
         lambda d: structure.check_spellings(d.concepts)),
)  # fmt: skip


def select_rules(select: Iterable[str] = (), ignore: Iterable[str] = ()) -> tuple[Rule, ...]:
    """Return the rules named in `select` (all if empty) minus those in `ignore`.

    Raises InputError naming the known rules if a name is unknown.
    """
    known = {rule.name for rule in RULES}
    wanted, unwanted = set(select), set(ignore)
    unknown = sorted((wanted | unwanted) - known)
    if unknown:
        raise InputError(
            f"unknown rule {', '.join(unknown)}",
            hint=f"the rules are {', '.join(rule.name for rule in RULES)} (see `termbase check --rules`)",
        )
    return tuple(r for r in RULES if (not wanted or r.name in wanted) and r.name not in unwanted)


def run_checks(data: CheckInput, rules: Sequence[Rule] = RULES) -> list[Finding]:
    """Return every finding of the rules grouped by concept (by label), most severe first in each."""
    findings: list[Finding] = []
    for rule in rules:
        findings.extend(rule.run(data))
    order = {name: n for n, name in enumerate(SEVERITIES)}
    return sorted(
        findings,
        key=lambda f: (
            f.label.casefold(),
            f.concept_id,
            order[f.severity],
            f.rule,
            [(s.source, s.line) for s in f.sides],
        ),
    )
