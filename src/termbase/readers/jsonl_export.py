"""termbase's own JSONL export read back: one concept per line, provenance restored.

The export (`termbase export --format jsonl`) gives each concept's id, labels, topics and
its entries, each with the source path and title, line, term, locator, definition,
see-also, formulas and links. Read back, each entry keeps its ORIGINAL source and line
(not this file's), so a termbase built from the export cites the glossaries the export
was made from; `ReadResult.spans` says which line of this file each entry came from.

What the JSONL format does not carry, and so cannot come back: an entry's end line (set
to its line), its locator's parts (only the text is exported; the kind is guessed from
it), its language (taken as `en`), its own labels (each entry gets the concept's
labels) and its origin. Where no entry's term is the concept's label, the first entry's
term is set to that label, so the concept keeps its name.
"""

from __future__ import annotations

import json
from dataclasses import replace

from termbase.errors import InputError
from termbase.labels import label_key
from termbase.model import Entry, Locator, ReadResult, Unused

REQUIRED_KEYS = ("id", "label", "labels", "entries")
ENTRY_KEYS = ("source", "line", "term", "definition")
REASON_NOT_CONCEPT = "JSON value that is not a termbase concept record"


def _is_concept(value: object) -> bool:
    return (
        isinstance(value, dict)
        and all(k in value for k in REQUIRED_KEYS)
        and isinstance(value["entries"], list)
        and all(isinstance(e, dict) and all(k in e for k in ENTRY_KEYS) for e in value["entries"])
    )


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


class TermbaseJsonlReader:
    name = "termbase-jsonl"
    description = "termbase's own JSONL export (one concept per line), provenance restored"

    def detect(self, text: str) -> float:
        """Return 0.95 when the first non-blank line is a termbase concept record."""
        for line in text.splitlines():
            if not line.strip():
                continue
            try:
                value = json.loads(line)
            except ValueError:
                return 0.0
            return 0.95 if _is_concept(value) else 0.0
        return 0.0

    def read(self, text: str, source: str) -> ReadResult:
        entries: list[Entry] = []
        spans: list[tuple[int, int]] = []
        unused: list[Unused] = []
        titles: dict[str, str] = {}
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            try:
                value = json.loads(line)
            except ValueError as error:
                raise InputError(
                    f"line is not valid JSON ({error.args[0].split(':')[0]})",
                    path=source,
                    line=number,
                    hint="each line of a termbase JSONL export is one JSON object; fix or drop it",
                ) from None
            if not _is_concept(value) or not value["entries"]:
                unused.append(Unused(source, number, line.strip()[:200], REASON_NOT_CONCEPT))
                continue
            concept_entries = self._entries(value)
            for data, entry in concept_entries:
                titles.setdefault(entry.source, str(data.get("source_title") or ""))
                entries.append(entry)
                spans.append((number, number))
        return ReadResult(
            entries=tuple(entries),
            unused=tuple(unused),
            title="termbase JSONL export",
            spans=tuple(spans),
            cited=tuple(titles.items()),
        )

    def _entries(self, value: dict) -> list[tuple[dict, Entry]]:
        labels = tuple(str(label) for label in value["labels"])
        preferred = label_key(str(value["label"]))
        found = []
        for data in value["entries"]:
            line = int(data["line"])
            entry = Entry(
                source=str(data["source"]),
                line=line,
                end_line=line,
                term=str(data["term"]),
                labels=labels,
                definition=str(data["definition"]),
                locator=guess_locator(data.get("locator")),
                see_also=tuple(data.get("see_also") or ()),
                formulas=tuple(data.get("formulas") or ()),
                links=tuple(data.get("links") or ()),
                concept_id=str(value["id"]),
                topics=tuple(value.get("topics") or ()),
                group=f"termbase:{value['id']}",
            )
            found.append((data, entry))
        # The resolver names a concept after the first entry that states its id, so
        # the entry whose term is the concept's label goes first.
        found.sort(key=lambda pair: (pair[1].term != value["label"], label_key(pair[1].term) != preferred))
        if found and found[0][1].term != value["label"]:
            # No entry was written as the label the concept was filed under (a label chosen
            # by vote among spellings): the first entry carries it, or the label changes.
            data, first = found[0]
            found[0] = (data, replace(first, term=str(value["label"])))
        return found
