"""Audit the built-in glossary for labels broader than their concept.

    PYTHONPATH=src python scripts/label_audit.py            # unjudged findings; exit 1 if any
    PYTHONPATH=src python scripts/label_audit.py --all      # every finding, judged or not

Every label links wherever its words occur (glossify, mentions between concepts, MCP
`terms_in`, search), so a label broader than its concept ("layer" for *transformer block*)
makes wrong links everywhere. A label is flagged when it is

- `everyday`: one lower-case word that is an everyday English word (`termbase.everyday_words`),
  as the label matcher reads it (`.view()` and `copy_` are "view" and "copy"; it also finds the
  bare name of a qualified label when that name is short, lower-case and one concept's: "copy"
  for `copy (tensor)`);
- `head-noun`: one word that is the last word of the concept's preferred label of several words
  ("head" for *attention head*);
- `shared`: a label whose loose key (word endings folded) is also a label of another concept.

A label that only spells the preferred label another way (a plural) is judged with it. Each
flagged label was judged by reading its concept and kept only where people use that word alone
for this concept; the kept ones are listed in `label_audit_kept.tsv` beside this script (concept
id, a tab, the label, and optionally a tab and why). A new flagged label fails the audit until it
is judged: drop or qualify it (`storage (tensor)`), or add it to the list. A listed label no longer
flagged fails it too.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from termbase.builtin import glossary_files
from termbase.everyday_words import is_everyday_word
from termbase.labels import label_key, loose_key
from termbase.lint import read_glossary
from termbase.matcher import _label_tokens, with_qualified_bases
from termbase.model import Entry

KEPT = Path(__file__).with_name("label_audit_kept.tsv")


@dataclass(frozen=True, slots=True)
class Finding:
    """One label that may be broader than its concept, and why."""

    concept_id: str
    label: str
    reasons: tuple[str, ...]
    where: str

    def __str__(self) -> str:
        return f"{self.where}: {self.concept_id}: label {self.label!r} ({', '.join(self.reasons)})"


def findings(entries: Sequence[Entry]) -> list[Finding]:
    """Return every label of the entries that a flag marks as possibly too broad."""
    owners: dict[str, set[str]] = defaultdict(set)
    for entry in entries:
        for label in entry.labels:
            owners[loose_key(label)].add(entry.concept_id)
    pairs = [(entry.concept_id, label) for entry in entries for label in entry.labels]
    bare_bases = defaultdict(list)  # what the matcher also finds: the short bare name of `copy (tensor)`
    for concept_id, label in with_qualified_bases(pairs)[len(pairs) :]:
        bare_bases[concept_id].append(label)
    found = []
    for entry in entries:
        preferred = entry.labels[0]
        head = preferred.split()[-1] if len(preferred.split()) > 1 else None
        for index, label in enumerate((*entry.labels, *bare_bases[entry.concept_id])):
            if index and label_key(label) == label_key(preferred):
                continue  # another spelling of the preferred label: judged with it
            reasons = []
            words = _label_tokens(label, keep_case=True)  # the words the matcher finds: `.view()` is "view"
            one_word = len(words) == 1
            if one_word and words[0].islower() and is_everyday_word(words[0]):
                reasons.append("everyday")
            if index and one_word and head and label_key(words[0]) == label_key(head):
                reasons.append("head-noun")
            others = sorted(owners[loose_key(label)] - {entry.concept_id})
            if others:
                reasons.append("shared with " + ", ".join(others))
            if reasons:
                where = f"{Path(entry.source).name}:{entry.line}"
                found.append(Finding(entry.concept_id, label, tuple(reasons), where))
    return found


def read_kept(path: Path) -> set[tuple[str, str]]:
    """Return the (concept id, label) pairs judged right, from a tab-separated file."""
    kept = set()
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        concept_id, tab, rest = line.partition("\t")
        label = rest.partition("\t")[0]  # an optional third column says why
        if not tab or not label:
            raise SystemExit(f"{path}:{number}: write 'concept-id<TAB>label[<TAB>why]', not {line!r}")
        kept.add((concept_id, label))
    return kept


def audit(
    entries: Sequence[Entry], kept: set[tuple[str, str]]
) -> tuple[list[Finding], list[tuple[str, str]]]:
    """Return the findings not judged yet, and the judged pairs that no finding has any more."""
    found = findings(entries)
    unjudged = [f for f in found if (f.concept_id, f.label) not in kept]
    stale = sorted(kept - {(f.concept_id, f.label) for f in found})
    return unjudged, stale


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="list every finding, judged or not")
    args = parser.parse_args()
    entries, problems = read_glossary(glossary_files())
    if problems:
        print("\n".join(map(str, problems)))
        return 1
    if args.all:
        print("\n".join(map(str, findings(entries))))
        return 0
    unjudged, stale = audit(entries, read_kept(KEPT))
    for finding in unjudged:
        print(f"{finding}: judge it (drop, qualify, or add to {KEPT.name})")
    for concept_id, label in stale:
        print(f"{KEPT.name}: {concept_id}\t{label} is no longer flagged: remove the line")
    print(f"{len(unjudged)} unjudged label(s), {len(stale)} stale line(s)")
    return 1 if unjudged or stale else 0


if __name__ == "__main__":
    sys.exit(main())
