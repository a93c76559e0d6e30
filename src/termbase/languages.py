"""Language tags: how well an entry's language serves the reader's, and a concept shown in one.

Tags are compared case-insensitively with `_` read as `-`: `es` is served by `es` and by
`es-MX`; `pt-BR` by `pt-BR` first, then by any other `pt`. Whatever the reader asks for,
English is the fallback, and a concept with neither keeps all its entries.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from termbase.store import ConceptRecord

#: What a language tag may look like (BCP 47, loosely): `en`, `pt-BR`, `zh-Hant-TW`.
LANGUAGE_TAG = re.compile(r"^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*$")

#: The language every view falls back to.
FALLBACK = "en"


def language_rank(tag: str, wanted: str) -> int:
    """Return how well a language `tag` serves `wanted`: 1 exact, 2 same language, 0 not at all."""
    tag, wanted = tag.casefold().replace("_", "-"), wanted.casefold().replace("_", "-")
    if tag == wanted:
        return 1
    return 2 if tag.split("-")[0] == wanted.split("-")[0] else 0


def is_language_tag(text: str) -> bool:
    """Return True if `text` looks like a language tag."""
    return bool(LANGUAGE_TAG.match(text))


def concept_languages(record: ConceptRecord) -> list[str]:
    """Return the language tags of a concept's entries, in the order they first appear."""
    return list(dict.fromkeys(s.entry.language for s in record.entries))


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
