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

from termbase.model import Entry, ReadResult, Unused
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
    r"|definitions?|descriptions?|desc"  # the name of what is still to be written there
    r"|(?:an?|the|your|my|some|sample|example)[ _-](?:definition|description|desc|text)"
    r"|(?:definition|description|desc|text)[ _-](?:here|goes[ _-]here|of[ _-]the[ _-]term)"
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

#: A whole term that only names the field a template's sample record fills in (`a_term_name`,
#: `<term>`, `Your term here`, `TERM_1`): with a placeholder definition it is the template's sample.
PLACEHOLDER_TERM = re.compile(
    r"(?:(?:an?|the|my|your|some|sample|example|new|dummy|test)[ _-])?"
    r"(?:glossary[ _-])?(?:term|word|entry|name|keyword)"
    r"(?:[ _-](?:name|here|goes[ _-]here|title|example|sample|one|\d{1,2}))?",
    re.IGNORECASE,
)
SAMPLE_CHECK = "template-sample-entries"
#: A few entries with no definition among entries that have one are said: a term still to define,
#: or a heading that only groups others (`== Habitat` among defined sections).
BARE_CHECK = "terms-without-definition"
MIN_DEFINED_ENTRIES = 5
MAX_BARE_SHARE = 0.2
#: A sample's term is a few words at most.
MAX_SAMPLE_TERM_CHARS = 40
REASON_SAMPLE = "a template's sample entry (a placeholder term and definition), not a term"


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
    result: ReadResult, source: str, text: str = ""
) -> tuple[ReadResult, tuple[ReadFinding, ...]]:
    """Return the read with placeholder definitions emptied and a template's sample entries left
    out (reported with their lines), and a finding naming each (or none).

    A template's sample entry is a term that only names the field (`a_term_name`, `<term>`) over a
    placeholder definition (`desc`, `Definition goes here`); a file of nothing but the sample is
    read as written. termbase's own export read back (entries citing their sources) is kept as stored.
    """
    if result.spans or result.cited:
        return result, ()
    found: list[tuple[Entry, str]] = []
    samples: list[Entry] = []
    entries: list[Entry] = []
    bare: list[Entry] = []
    for entry in result.entries:
        if not entry.definition:
            bare.append(entry)
            entries.append(entry)
            continue
        note = placeholder(entry.definition)
        if note and len(entry.term) <= MAX_SAMPLE_TERM_CHARS and PLACEHOLDER_TERM.fullmatch(
            entry.term.strip(_WRAPPING)
        ):
            samples.append(entry)
            continue
        if note:
            found.append((entry, note))
            entry = replace(entry, definition="")
        entries.append(entry)
    if samples and not entries:  # only the sample: read as written, its body a placeholder
        found = [(e, placeholder(e.definition)) for e in samples]
        entries = [replace(e, definition="") for e in samples]
        samples = []
    findings: list[ReadFinding] = []
    total = len(result.entries)
    if bare and total >= MIN_DEFINED_ENTRIES and len(bare) <= MAX_BARE_SHARE * total:
        findings.append(_bare_finding(source, bare, total))
    if found:
        findings.append(_placeholder_finding(source, found))
    unused = result.unused
    if samples:
        findings.append(_sample_finding(source, samples))
        unused = tuple(sorted((*unused, *_sample_lines(samples, source, text)), key=lambda u: u.line))
    if not findings:
        return result, ()
    return replace(result, entries=tuple(entries), unused=unused), tuple(findings)


def _bare_finding(source: str, bare: list[Entry], total: int) -> ReadFinding:
    """Say which few terms have nothing under them among entries that have a definition."""
    first = bare[0]
    more = f", and {len(bare) - 1} more" if len(bare) > 1 else ""
    return ReadFinding(
        source,
        BARE_CHECK,
        f"{len(bare)} of {total} entries {'has' if len(bare) == 1 else 'have'} no definition "
        f"({first.term!r}{more}): read as {'a term' if len(bare) == 1 else 'terms'} still to define "
        "(a heading that only groups the entries below it is no term: give it a definition or remove it)",
        first.line,
        0.0,
    )


def _placeholder_finding(source: str, found: list[tuple[Entry, str]]) -> ReadFinding:
    first, note = found[0]
    where = f"{first.term!r}: {note!r}" + (f", and {len(found) - 1} more" if len(found) > 1 else "")
    return ReadFinding(
        source,
        CHECK,
        f"{len(found)} {'entry has' if len(found) == 1 else 'entries have'} a placeholder where the "
        f"definition should be ({where}): read as {'an entry' if len(found) == 1 else 'entries'} with no "
        "definition; write the definition in the file to give one",
        first.line,
        0.0,
    )


def _sample_finding(source: str, samples: list[Entry]) -> ReadFinding:
    first = samples[0]
    return ReadFinding(
        source,
        SAMPLE_CHECK,
        f"{len(samples)} {'entry is' if len(samples) == 1 else 'entries are'} a template's sample "
        f"({first.term!r}: {first.definition[:40]!r}): not read as "
        f"{'an entry' if len(samples) == 1 else 'entries'}",
        first.line,
        0.0,
    )


def _sample_lines(samples: list[Entry], source: str, text: str) -> list[Unused]:
    """Return each non-blank line of the sample entries, reported as a template's sample."""
    lines = text.splitlines()
    return [
        Unused(source, number, lines[number - 1].strip(), REASON_SAMPLE)
        for entry in samples
        for number in range(entry.line, max(entry.line, entry.end_line) + 1)
        if 0 < number <= len(lines) and lines[number - 1].strip()
    ]
