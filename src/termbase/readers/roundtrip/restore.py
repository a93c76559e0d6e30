"""termbase's own exports read back with their provenance: what every such reader shares.

An export of ours (JSON, CSV, SKOS, JSON-LD, TBX, JSONL) gives each concept's id, label
and labels and each source entry in full: original source path and title, line span,
term, labels, definition, language, locator parts, see-also, links, formulas, origin.
Each format's reader turns its file into `ExportedConcept`s; `restore` turns those back
into Entries that keep their ORIGINAL source and line, such that the resolver rebuilds
the same concepts under the same ids, with the same labels, and the linker the same
relations:

* an entry of a concept whose term is the concept's label states the concept id (the
  resolver names a concept after the first entry, by source and line, that states one);
  every entry of the concept shares the group `termbase:<id>`, so they stay together;
* a concept none of whose entries was written as its label (a label the resolver chose
  by vote among spellings — "AdaGN" from "AdaGN (adaptive group normalization)") states
  no id, so the resolver votes again on the very same labels (acronym claims keep it
  apart from a homonym). Only if that, tried on its entries alone, does not give back
  its label and id does its first entry state the id and take the label as its term (its
  term as written is then lost — never on the seeds or the tested corpora);
* each way is checked by resolving the concept's entries alone (id, label, labels,
  acronyms, expansions); an entry of several labels is also tried as one idea per label
  (`FK / IK`, whose expansion the resolver finds in the definition for each);
* an entry that named several ideas (`A / B`, in two concepts) is restored once per
  concept, each copy naming only that concept's labels (an empty second label group keeps
  the resolver from merging the copy's labels into one idea with the others').

What no export stores, and so never comes back: the source's own grouping key for an
entry (e.g. a SKOS concept URI) — restored entries are grouped by concept id instead.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from termbase.errors import InputError
from termbase.labels import label_key
from termbase.model import Entry, Locator, ReadResult, Unused, is_concept_id

#: Why lines of an export that hold no entry are not read.
REASON_FRAME = "termbase export framing (header, sources, scheme) — no glossary entry"


@dataclass(slots=True)
class ExportedConcept:
    """One concept as an export gives it: id, labels and every entry in full."""

    id: str
    label: str
    labels: list[str]
    #: Each entry as `termbase.exports.common.entry_provenance` writes it.
    entries: list[dict]
    topics: list[str] = field(default_factory=list)
    homonym_of: list[str] = field(default_factory=list)
    #: The concept's acronyms and expansions where the export gives them (None: unknown).
    acronyms: list[str] | None = None
    expansions: list[str] | None = None
    #: Lines of the export the concept was read from (each entry gets its own if given).
    span: tuple[int, int] = (0, 0)
    entry_spans: list[tuple[int, int]] = field(default_factory=list)


def guess_locator(text: str | None) -> Locator | None:
    """Return a Locator for exported locator text, its kind guessed from how it reads."""
    if not text:
        return None
    lowered = text.lower()
    if lowered.startswith(("http://", "https://")):
        return Locator("url", text, url=text)
    if lowered.startswith(("ch ", "ch.", "chapter")):
        return Locator("chapter", text)
    if lowered.startswith("module"):
        return Locator("module", text)
    if lowered.startswith(("p.", "page")):
        return Locator("page", text)
    return Locator("section", text)


def locator_of(value: object) -> Locator | None:
    """Return the Locator an export wrote: a dict of its parts, or only its text."""
    if not value:
        return None
    if isinstance(value, dict):
        return Locator(
            kind=str(value.get("kind") or "section"),
            text=str(value.get("text") or ""),
            number=str(value.get("number") or ""),
            title=str(value.get("title") or ""),
            url=str(value.get("url") or ""),
        )
    return guess_locator(str(value))


def _strings(value: object) -> tuple[str, ...]:
    if not value:
        return ()
    if isinstance(value, str):
        return (value,)
    return tuple(str(v) for v in value)  # type: ignore[attr-defined]


def _entry(concept: ExportedConcept, data: dict, keys: set[str], concept_id: str, split: bool) -> Entry:
    line = int(data["line"])
    end_line = data.get("end_line")
    labels = _strings(data.get("labels")) or tuple(concept.labels)
    groups: tuple[tuple[str, ...], ...] = ()
    mine = tuple(label for label in labels if label_key(label) in keys)
    if not mine:
        pass  # none of its labels is the concept's (an edited export): it keeps its own
    elif split and len(labels) > 1:
        # The entry named each label as its own idea (`FK / IK`), all in this concept.
        groups = (*((label,) for label in mine), ())
    elif len(mine) < len(labels):
        # The entry named several ideas; this copy names only this concept's.
        groups = (mine, ())
    return Entry(
        source=str(data["source"]),
        line=line,
        end_line=int(end_line) if end_line not in (None, "") else line,
        term=str(data.get("term") or ""),
        labels=labels,
        definition=str(data.get("definition") or ""),
        groups=groups,
        locator=locator_of(data.get("locator")),
        see_also=_strings(data.get("see_also")),
        formulas=_strings(data.get("formulas")),
        links=_strings(data.get("links")),
        language=str(data.get("language") or "en"),
        concept_id=concept_id,
        topics=tuple(concept.topics),
        origin=str(data.get("origin") or ""),
        group=f"termbase:{concept.id}",
    )


def _resolves_back(concept: ExportedConcept, entries: list[Entry]) -> bool:
    """Return True if the resolver, given only these entries, makes the concept exported."""
    from termbase.resolve import resolve

    found = resolve(entries)
    if len(found) != 1:
        return False
    made = found[0]
    return (
        made.id == concept.id
        and made.label == concept.label
        and set(made.labels) == set(concept.labels)
        and (concept.acronyms is None or set(made.acronyms) == set(concept.acronyms))
        and (concept.expansions is None or set(made.expansions) == set(concept.expansions))
    )


def _attempt(concept: ExportedConcept, keys: set[str], mode: str, split: bool) -> list[tuple[dict, Entry]]:
    """Return the entries restored one way: `mode` says which entries state the concept id.

    `term`: those written as the label; `none`: no entry (the resolver votes the label
    again); `first`: the first by source and line, given the label as its term.
    """
    found = []
    for data in concept.entries:
        states = mode == "term" and data.get("term") == concept.label
        found.append((data, _entry(concept, data, keys, concept.id if states else "", split)))
    if mode == "first":
        first = min(range(len(found)), key=lambda i: (found[i][1].source, found[i][1].line))
        data = concept.entries[first]
        found[first] = (data, _entry(concept, {**data, "term": concept.label}, keys, concept.id, split))
    return found


def concept_entries(concept: ExportedConcept) -> list[tuple[dict, Entry]]:
    """Return the concept's entries restored, each with the export data it came from.

    The ways tried, in order, are checked by resolving the concept's entries alone; the
    first that makes the concept exported wins (else the first way that states its id).
    """
    keys = {label_key(label) for label in concept.labels}
    keys.discard("")
    modes = ["term"] if any(data.get("term") == concept.label for data in concept.entries) else []
    if not modes:
        modes.append("none")
    modes.append("first")
    attempts = [(mode, split) for split in (False, True) for mode in modes]
    for mode, split in attempts:
        found = _attempt(concept, keys, mode, split)
        if _resolves_back(concept, [entry for _, entry in found]):
            return found
    return _attempt(concept, keys, modes[0] if modes[0] != "none" else "first", False)


def restore(
    concepts: Iterable[ExportedConcept], text: str, source: str, title: str, unused_reason: str = REASON_FRAME
) -> ReadResult:
    """Return the ReadResult of an export: restored entries, and every other line unused."""
    entries: list[Entry] = []
    spans: list[tuple[int, int]] = []
    titles: dict[str, str] = {}
    claimed: set[int] = set()
    for concept in concepts:
        if not concept.entries:
            continue
        if not is_concept_id(concept.id):
            raise InputError(
                f"concept id {concept.id!r} is not a slug (it becomes a URL path and a file name)",
                path=source,
                line=concept.span[0],
                hint="use lowercase letters, digits and hyphens, as termbase's exports do",
            )
        for index, (data, entry) in enumerate(concept_entries(concept)):
            titles.setdefault(entry.source, str(data.get("source_title") or ""))
            span = concept.entry_spans[index] if concept.entry_spans else concept.span
            entries.append(entry)
            spans.append(span)
            claimed.update(range(span[0], span[1] + 1))
    unused = [
        Unused(source, number, line.strip()[:200], unused_reason)
        for number, line in enumerate(text.splitlines(), start=1)
        if line.strip() and number not in claimed
    ]
    return ReadResult(tuple(entries), tuple(unused), title, tuple(spans), tuple(titles.items()))


# --- JSON documents (the `json` and `jsonld` exports) -------------------------------------


class _Lines:
    """Line numbers of character offsets."""

    def __init__(self, text: str) -> None:
        self.starts = [0] + [m.end() for m in re.finditer(r"\r\n|\r|\n", text)]

    def at(self, offset: int) -> int:
        import bisect

        return bisect.bisect_right(self.starts, offset)


def json_array_spans(text: str, key: str, expected: Sequence[object]) -> list[tuple[int, int]]:
    """Return the (first, last) line of each element of the array under `key` in `text`.

    The array is the one whose value equals `expected` (so a key of that name nested
    elsewhere, or written inside a string, is not taken for it).
    """
    decoder = json.JSONDecoder()
    lines = _Lines(text)
    for match in re.finditer(r'"' + re.escape(key) + r'"\s*:\s*\[', text):
        position = match.end()
        spans: list[tuple[int, int]] = []
        values: list[object] = []
        try:
            while True:
                while text[position] in " \t\r\n,":
                    position += 1
                if text[position] == "]":
                    break
                value, end = decoder.raw_decode(text, position)
                spans.append((lines.at(position), lines.at(end - 1)))
                values.append(value)
                position = end
        except (ValueError, IndexError):
            continue
        if values == list(expected):
            return spans
    return []
