"""The `csv` writer: one row per (concept, entry), with the provenance in columns.

Spreadsheet-friendly: UTF-8, a header row, RFC 4180 quoting (the csv module), list
values joined with ` | ` (a JSON array when a value holds ` | `). A concept's rows share
its `concept_id`; the concept columns repeat on each of its rows so any row can be read
alone.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator

from termbase.exports.base import ExportOptions
from termbase.exports.common import label_languages, records
from termbase.store import Termbase

#: How list values are joined in one cell.
SEPARATOR = " | "

COLUMNS = (
    "concept_id",
    "preferred_label",
    "labels",
    "acronyms",
    "expansions",
    "topics",
    "language",
    "term",
    "entry_labels",
    "definition",
    "source",
    "source_title",
    "line",
    "end_line",
    "locator_kind",
    "locator_text",
    "locator_number",
    "locator_title",
    "locator_url",
    "see_also",
    "links",
    "formulas",
    "origin",
    "related",
    "mentions",
)


def join(values: object) -> str:
    """Return list values as one cell: joined with ` | `, or a JSON array when that is unsafe.

    A value that holds ` | ` itself (a formula `P(x | y)`), or a cell that would read as
    a JSON array, is written as a JSON array so the termbase-csv reader splits it right.
    """
    items = [str(v) for v in values]  # type: ignore[attr-defined]
    cell = SEPARATOR.join(items)
    if any(SEPARATOR in item for item in items) or cell.startswith('["'):
        return json.dumps(items, ensure_ascii=False)
    return cell


class CsvWriter:
    name = "csv"
    description = "CSV, one row per concept and entry, provenance in columns"
    suffix = ".csv"

    def write(self, termbase: Termbase, options: ExportOptions) -> Iterator[str]:
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(COLUMNS)
        yield buffer.getvalue()
        for record in records(termbase):
            languages = label_languages(record)
            related = [r.to_id for r in record.related if r.kind == "see_also"]
            mentions = [r.to_id for r in record.related if r.kind == "mentions"]
            for stored in record.entries:
                entry = stored.entry
                loc = entry.locator
                buffer.seek(0)
                buffer.truncate()
                writer.writerow(
                    (
                        record.id,
                        record.label,
                        join(f"{label}@{languages[label]}" for label in record.labels),
                        join(record.acronyms),
                        join(record.expansions),
                        join(record.topics),
                        entry.language,
                        entry.term,
                        join(entry.labels),
                        entry.definition,
                        entry.source,
                        stored.source_title,
                        entry.line,
                        entry.end_line,
                        loc.kind if loc else "",
                        loc.text if loc else "",
                        loc.number if loc else "",
                        loc.title if loc else "",
                        loc.url if loc else "",
                        join(entry.see_also),
                        join(entry.links),
                        join(entry.formulas),
                        entry.origin,
                        join(related),
                        join(mentions),
                    )
                )
                yield buffer.getvalue()
