"""Definitions that are only a placeholder: `TBD`, `TODO`, `Coming soon`, `Needs content update.`

A glossary being written lists terms before their meanings: the body under such a term
holds a note for its authors, not a definition. Read as one, `TBD` would be that term's
meaning in every export, search and check. `without_placeholder_definitions` empties such a
definition (the term stays, with no definition, as an entry with an empty body does) and
returns a finding that names where, so the read says it plainly.

Only a whole definition counts: "To be written by the author of a chapter, a …" or "A TODO
list is …" are definitions. The phrases are a short list (English and a few languages'
usual notes); add a phrase here when a glossary writes another.
"""

from __future__ import annotations

import re
from dataclasses import replace

from termbase.model import Entry, ReadResult
from termbase.read_checks import ReadFinding

#: A whole definition that is a note for authors (after its markup, brackets and final stop go).
PLACEHOLDER = re.compile(
    r"(?:tbd|tbc|tba|todo|to[ -]do|fixme|xxx|wip|n/?a|placeholder|coming soon|more soon"
    r"|(?:still\s+)?to be (?:written|defined|added|determined|decided|done|completed|confirmed|announced"
    r"|updated|expanded|filled(?: in)?)"
    r"|needs? (?:a |an |more )?(?:content|definition|description|text|update|updating|work|writing|review"
    r"|expansion|expanding)(?: updates?| needed| here)?"
    r"|(?:no )?(?:content|definition|description|text)(?: is)? (?:needed|pending|missing|coming soon|to come"
    r"|tbd|to be added|yet)"
    r"|lorem ipsum\b.*"
    r"|definitions?|descriptions?"  # the name of what is still to be written there
    # a few other languages' notes: French, German, Spanish, Italian, Portuguese, Dutch
    r"|à (?:compléter|venir|définir|rédiger)|in (?:arbeit|bearbeitung)|folgt|wird ergänzt|por definir"
    r"|pendiente|por hacer|da definire|da completare|a definir|a completar|volgt|nog te schrijven"
    r"|[?]+|\.{2,}|…|[-–—]+)",
    re.IGNORECASE,
)
#: A definition that opens with an authors' marker and a colon (`TODO: explain the firing
#: curve`), in capitals as such markers are written, with a few words after it.
MARKED_NOTE = re.compile(r"(?:TODO|FIXME|TBD|XXX)\s*[:—–-]\s*(?:\S+\s+){0,9}\S*")
#: What a placeholder may be wrapped in: emphasis, brackets, quotes, a final stop or colon.
_WRAPPING = " \t\r\n*_`'\"“”‘’()[]{}<>.!:;"
#: Definitions longer than this are never a placeholder (the test stays cheap on big files).
MAX_PLACEHOLDER_CHARS = 80
CHECK = "placeholder-definitions"


def placeholder(definition: str) -> str:
    """Return the placeholder a whole definition is (as written, trimmed), or ""."""
    if len(definition) > MAX_PLACEHOLDER_CHARS or not definition.strip():
        return ""
    text = " ".join(definition.split())
    bare = text.strip(_WRAPPING) or text.strip()
    if PLACEHOLDER.fullmatch(bare) or MARKED_NOTE.fullmatch(bare):
        return text
    return ""


def without_placeholder_definitions(
    result: ReadResult, source: str
) -> tuple[ReadResult, tuple[ReadFinding, ...]]:
    """Return the read with placeholder definitions emptied, and a finding naming them (or none).

    termbase's own export read back (entries citing their sources) is kept as stored.
    """
    if result.spans or result.cited:
        return result, ()
    found: list[tuple[Entry, str]] = []
    entries: list[Entry] = []
    for entry in result.entries:
        note = placeholder(entry.definition) if entry.definition else ""
        if note:
            found.append((entry, note))
            entry = replace(entry, definition="")
        entries.append(entry)
    if not found:
        return result, ()
    first, note = found[0]
    where = f"{first.term!r}: {note!r}" + (f", and {len(found) - 1} more" if len(found) > 1 else "")
    finding = ReadFinding(
        source,
        CHECK,
        f"{len(found)} {'entry has' if len(found) == 1 else 'entries have'} a placeholder where the "
        f"definition should be ({where}): read as {'an entry' if len(found) == 1 else 'entries'} with no "
        "definition; write the definition in the file to give one",
        first.line,
        0.0,
    )
    return replace(result, entries=tuple(entries)), (finding,)
