"""termbase's own JSONL export read back: one concept per line, provenance restored.

The export (`termbase export --format jsonl`) gives each concept's id, labels, topics and
its entries, each with the source path and title, line and end line, term, its own
labels, locator (text, and its parts), definition, language, see-also, formulas, links
and origin. Read back, each entry keeps its ORIGINAL source and line (not this file's),
so a termbase built from the export cites the glossaries the export was made from;
`ReadResult.spans` says which line of this file each entry came from. How entries are
restored so that the same concepts come back is `restore`'s.

An export made before the extra entry keys existed (only `concept_dict`'s) still reads:
then an entry's end line is its line, its locator's kind is guessed from its text, its
language is `en`, its labels are the concept's and its origin is empty.
"""

from __future__ import annotations

from termbase import safe_json
from termbase.errors import InputError
from termbase.model import ReadResult, Unused
from termbase.readers.roundtrip.restore import ExportedConcept, restore

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


class TermbaseJsonlReader:
    name = "termbase-jsonl"
    description = "termbase's own JSONL export (one concept per line), provenance restored"

    def detect(self, text: str) -> float:
        """Return 0.95 when the first non-blank line is a termbase concept record."""
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            try:
                value = safe_json.loads(line, "", number)
            except ValueError:
                return 0.0
            return 0.95 if _is_concept(value) else 0.0
        return 0.0

    def read(self, text: str, source: str) -> ReadResult:
        concepts: list[ExportedConcept] = []
        unused: list[Unused] = []
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            try:
                value = safe_json.loads(line, source, number)
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
            entries = []
            for data in value["entries"]:
                entry = dict(data)
                parts = entry.pop("locator_parts", None)
                entry["locator"] = parts if isinstance(parts, dict) else entry.get("locator")
                entries.append(entry)
            concepts.append(
                ExportedConcept(
                    id=str(value["id"]),
                    label=str(value["label"]),
                    labels=[str(label) for label in value["labels"]],
                    entries=entries,
                    topics=list(value.get("topics") or ()),
                    acronyms=list(value.get("acronyms") or ()),
                    expansions=list(value.get("expansions") or ()),
                    span=(number, number),
                )
            )
        result = restore(concepts, text, source, "termbase JSONL export")
        return ReadResult(result.entries, tuple(unused), result.title, result.spans, result.cited)
