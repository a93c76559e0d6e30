"""JSON Lines export: one concept per line, with every entry's provenance and relations.

Each line is `concept_dict` (the export contract, also the API's concept shape) with
more keys on each entry, so that the `termbase-jsonl` reader restores entries exactly:
`end_line`, `language`, `labels` (the entry's own), `locator_parts` (kind, text, number,
title, url) and `origin`. The contract's keys are unchanged.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from termbase.exports.common import entry_provenance
from termbase.store import ConceptRecord, Termbase

#: Keys each exported entry has beyond `concept_dict`'s (from `entry_provenance`).
EXTRA_ENTRY_KEYS = ("end_line", "language", "labels", "origin")


def concept_dict(record: ConceptRecord) -> dict[str, object]:
    """Return the concept as the JSON object of the export contract.

    Keys: `id`, `label`, `labels`, `acronyms`, `expansions`, `topics`, `entries` (each:
    `source`, `line`, `term`, `locator`, `definition`, `see_also`, `formulas`, `links`)
    and `related` (each: `id`, `kind`).
    """
    return {
        "id": record.id,
        "label": record.label,
        "labels": list(record.labels),
        "acronyms": list(record.acronyms),
        "expansions": list(record.expansions),
        "topics": list(record.topics),
        "entries": [
            {
                "source": stored.entry.source,
                "source_title": stored.source_title,
                "line": stored.entry.line,
                "term": stored.entry.term,
                "locator": stored.entry.locator.text if stored.entry.locator else None,
                "definition": stored.entry.definition,
                "see_also": list(stored.entry.see_also),
                "formulas": list(stored.entry.formulas),
                "links": list(stored.entry.links),
            }
            for stored in record.entries
        ],
        "related": [{"id": r.to_id, "kind": r.kind} for r in record.related],
    }


def export_dict(record: ConceptRecord) -> dict[str, object]:
    """Return `concept_dict` with each entry's full provenance added (see the module doc)."""
    value = concept_dict(record)
    for data, stored in zip(value["entries"], record.entries, strict=True):  # type: ignore[call-overload]
        full = entry_provenance(stored)
        data.update({key: full[key] for key in EXTRA_ENTRY_KEYS})
        data["locator_parts"] = full["locator"]
    return value


def jsonl_lines(termbase: Termbase) -> Iterator[str]:
    """Yield one JSON line per concept, in id order."""
    for concept_id in termbase.concept_ids():
        record = termbase.concept(concept_id)
        if record is not None:
            yield json.dumps(export_dict(record), ensure_ascii=False)


class JsonlWriter:
    """The `jsonl` writer: exactly the lines of `jsonl_lines`, each ended by a newline."""

    name = "jsonl"
    description = "JSON Lines, one concept per line with its entries and relations"
    suffix = ".jsonl"

    def write(self, termbase: Termbase, options: object = None) -> Iterator[str]:
        for line in jsonl_lines(termbase):
            yield line + "\n"
