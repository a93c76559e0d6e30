"""termbase's own `csv` export read back, provenance restored.

Known by its header row, which is exactly the export's columns
(`termbase.exports.csv.COLUMNS`). Each row is one (concept, entry) pair with the entry's
source, title, line span, locator parts, language, labels, see-also, links, formulas and
origin in columns, so every entry comes back exactly (see `restore`). List cells
are joined with ` | `, or written as a JSON array when a value holds ` | ` itself.
"""

from __future__ import annotations

from termbase import safe_json
from termbase.errors import InputError
from termbase.exports.csv import COLUMNS, SEPARATOR
from termbase.model import ReadResult
from termbase.readers.data.delimited_table import parse_rows
from termbase.readers.roundtrip.restore import ExportedConcept, restore

HEADER = ",".join(COLUMNS)
REASON_HEADER = "header row of a termbase CSV export (column names)"


def _split(cell: str) -> list[str]:
    """Return a list cell's values: joined with ` | `, or a JSON array (see the writer)."""
    if cell.startswith('["'):
        try:
            values = safe_json.loads(cell)
        except ValueError:
            values = None
        if isinstance(values, list):
            return [str(v) for v in values]
    return cell.split(SEPARATOR) if cell else []


def _label(cell: str) -> str:
    label, at, _language = cell.rpartition("@")
    return label if at else cell


class TermbaseCsvReader:
    name = "termbase-csv"
    description = "termbase's own CSV export (its header names our provenance columns), restored"

    def detect(self, text: str) -> float:
        """Return 0.97 when the first line is exactly the export's header row."""
        first = text.lstrip("\ufeff").split("\n", 1)[0].rstrip("\r")
        return 0.97 if first == HEADER else 0.0

    def read(self, text: str, source: str) -> ReadResult:
        rows = parse_rows(text, ",", source)
        if not rows or rows[0].cells != list(COLUMNS):
            raise InputError(
                "not a termbase CSV export (its first row is not our header)", path=source, line=1
            )
        concepts: dict[str, ExportedConcept] = {}
        for row in rows[1:]:
            if len(row.cells) != len(COLUMNS):
                raise InputError(
                    f"row has {len(row.cells)} cells, the header {len(COLUMNS)}", path=source, line=row.line
                )
            cell = dict(zip(COLUMNS, row.cells, strict=True))
            concept = concepts.get(cell["concept_id"])
            if concept is None:
                concept = concepts[cell["concept_id"]] = ExportedConcept(
                    id=cell["concept_id"],
                    label=cell["preferred_label"],
                    labels=[_label(c) for c in _split(cell["labels"])],
                    entries=[],
                    topics=_split(cell["topics"]),
                    acronyms=_split(cell["acronyms"]),
                    expansions=_split(cell["expansions"]),
                )
            locator = None
            if cell["locator_kind"] or cell["locator_text"]:
                locator = {k: cell[f"locator_{k}"] for k in ("kind", "text", "number", "title", "url")}
            concept.entries.append(
                {
                    "source": cell["source"],
                    "source_title": cell["source_title"],
                    "line": cell["line"],
                    "end_line": cell["end_line"],
                    "language": cell["language"],
                    "term": cell["term"],
                    "labels": _split(cell["entry_labels"]),
                    "definition": cell["definition"],
                    "locator": locator,
                    "see_also": _split(cell["see_also"]),
                    "links": _split(cell["links"]),
                    "formulas": _split(cell["formulas"]),
                    "origin": cell["origin"],
                }
            )
            concept.entry_spans.append((row.line, row.end_line))
        return restore(concepts.values(), text, source, "termbase CSV export", REASON_HEADER)
