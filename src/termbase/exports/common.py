"""What every writer shares: concepts in id order, entries with their full provenance.

Writers read only the store (`Termbase`). Each entry carries where it came from — source
path and title, line span, locator — so a reader of the export can put it back.
"""

from __future__ import annotations

from collections.abc import Iterator

from termbase.store import ConceptRecord, StoredEntry, Termbase

#: Namespace of termbase's own RDF terms (provenance of entries in SKOS and JSON-LD).
TB_NS = "urn:termbase:ns#"
#: Concept URIs are this prefix plus the concept id.
CONCEPT_NS = "urn:termbase:concept:"
#: The concept scheme / term set every export describes.
SCHEME_URI = "urn:termbase:scheme"


def records(termbase: Termbase) -> Iterator[ConceptRecord]:
    """Yield every concept of the termbase, in id order."""
    for concept_id in termbase.concept_ids():
        record = termbase.concept(concept_id)
        if record is not None:
            yield record


def label_languages(record: ConceptRecord) -> dict[str, str]:
    """Return the language of each label: that of the first entry that gives it (else en)."""
    language_of: dict[str, str] = {}
    for stored in record.entries:
        for label in stored.entry.labels:
            language_of.setdefault(label, stored.entry.language or "en")
    return {label: language_of.get(label, "en") for label in record.labels}


def entry_provenance(stored: StoredEntry) -> dict[str, object]:
    """Return one entry with everything the store knows about it, as plain JSON values."""
    entry = stored.entry
    locator = entry.locator
    return {
        "source": entry.source,
        "source_title": stored.source_title,
        "line": entry.line,
        "end_line": entry.end_line,
        "language": entry.language,
        "term": entry.term,
        "labels": list(entry.labels),
        "definition": entry.definition,
        "locator": (
            {
                "kind": locator.kind,
                "text": locator.text,
                "number": locator.number,
                "title": locator.title,
                "url": locator.url,
            }
            if locator
            else None
        ),
        "see_also": list(entry.see_also),
        "formulas": list(entry.formulas),
        "links": list(entry.links),
        "origin": entry.origin,
    }


def concept_full(record: ConceptRecord) -> dict[str, object]:
    """Return the concept with full provenance: the JSON export's object for one concept."""
    return {
        "id": record.id,
        "label": record.label,
        "labels": [
            {"label": label, "language": language}
            for label, language in label_languages(record).items()
        ],
        "acronyms": list(record.acronyms),
        "expansions": list(record.expansions),
        "topics": list(record.topics),
        "homonym_of": list(record.homonym_of),
        "entries": [entry_provenance(stored) for stored in record.entries],
        "related": [
            {"id": r.to_id, "kind": r.kind, "evidence": r.evidence, "source": r.source, "line": r.line}
            for r in record.related
        ],
    }


def termbase_title(termbase: Termbase) -> str:
    """Return a title for the whole termbase: its source titles, or the file name."""
    titles = [s.title for s in termbase.sources()]
    if len(titles) == 1:
        return titles[0]
    return f"termbase {termbase.path.stem}"
