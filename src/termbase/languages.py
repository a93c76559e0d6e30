"""A concept shown in one language: its entries in the reader's language, else English, else all.

The tags themselves (what one looks like, how well one serves another) are in `language_tags`,
which the store uses too; this module reads the store's records, so the store never imports it.
"""

from __future__ import annotations

from dataclasses import replace

from termbase.language_tags import FALLBACK, LANGUAGE_TAG, is_language_tag, language_rank
from termbase.store import ConceptRecord

__all__ = ["FALLBACK", "LANGUAGE_TAG", "concept_languages", "in_language", "is_language_tag", "language_rank"]


def concept_languages(record: ConceptRecord) -> list[str]:
    """Return the language tags of a concept's entries, in the order they first appear."""
    entries = record.entries
    if len(entries) == 1:  # most concepts
        return [entries[0].entry.language]
    return list(dict.fromkeys(s.entry.language for s in entries))


def in_language(record: ConceptRecord, language: str) -> ConceptRecord:
    """Return the record with only its entries in `language`, else English, else all of them.

    The preferred label becomes the term of the first entry in the language shown.
    """
    for wanted in (language, FALLBACK):
        chosen = sorted(
            (s for s in record.entries if language_rank(s.entry.language, wanted)),
            key=lambda s: language_rank(s.entry.language, wanted),
        )
        if chosen:
            label = chosen[0].entry.term if wanted == language else record.label
            return replace(record, label=label, entries=tuple(chosen))
    return record
