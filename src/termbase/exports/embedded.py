"""What the Markdown and Sphinx exports carry in comments, so they read back exactly.

A page for people shows each concept's labels, each entry's definition and a provenance
line; it has no place for an entry's own term and labels, the parts of its locator, its
formulas, links, see-also targets or origin, nor for the concept's id (Sphinx) and its
acronyms. Each entry is therefore followed by a one-line comment holding the rest of
`entry_provenance` as JSON, and each concept ends with one holding its id and labels:

    <!-- termbase-entry {"term": "KV cache", "labels": ["KV cache"], …} -->     Markdown
    .. termbase-entry: {"term": "KV cache", "labels": ["KV cache"], …}         reST

A comment renders as nothing. The definition goes into the comment too only when the
page cannot give it back verbatim (reST reads some marks its own way; a Markdown
definition with a heading line would split the page). The JSON is one line whatever it
holds: `<`, `>`, `&` and the characters Python reads as line breaks are escaped.
"""

from __future__ import annotations

import json

from termbase.exports.common import entry_provenance
from termbase.store import ConceptRecord, StoredEntry

ENTRY_MARK = "termbase-entry"
CONCEPT_MARK = "termbase-concept"

#: Escapes keeping the JSON on one line and inert inside an HTML comment.
_ESCAPES = str.maketrans(
    {
        "<": "\\u003c",
        ">": "\\u003e",
        "&": "\\u0026",
        "\x85": "\\u0085",
        "\u2028": "\\u2028",
        "\u2029": "\\u2029",
    }
)


def one_line_json(value: object) -> str:
    """Return `value` as JSON on one line, with nothing an HTML or reST comment could end on."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).translate(_ESCAPES)


def entry_data(stored: StoredEntry, *, with_definition: bool) -> str:
    """Return the JSON of an entry's provenance (the definition only if `with_definition`)."""
    data = {k: v for k, v in entry_provenance(stored).items() if v not in (None, "", [])}
    if not with_definition:
        data.pop("definition", None)
    return one_line_json(data)


def concept_data(record: ConceptRecord) -> str:
    """Return the JSON of what a concept is beyond its entries: id, label, labels, acronyms …"""
    return one_line_json(
        {
            "id": record.id,
            "label": record.label,
            "labels": list(record.labels),
            "acronyms": list(record.acronyms),
            "expansions": list(record.expansions),
            "topics": list(record.topics),
            "homonym_of": list(record.homonym_of),
        }
    )
