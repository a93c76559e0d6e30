"""The `json` writer: one JSON document with the sources and every concept in full.

Unlike `jsonl`, each entry keeps all its provenance (line span, locator parts, language,
origin) and each label its language, so `termbase-json` reads it back without loss.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from termbase.exports.base import ExportOptions
from termbase.exports.common import concept_full, records
from termbase.store import Termbase

#: The value of the document's `format` key, by which the reader knows its own export.
FORMAT_TAG = "termbase-export"
FORMAT_VERSION = 1


class JsonWriter:
    name = "json"
    description = "one JSON document: sources and concepts with full provenance"
    suffix = ".json"

    def write(self, termbase: Termbase, options: ExportOptions) -> Iterator[str]:
        document = {
            "format": FORMAT_TAG,
            "version": FORMAT_VERSION,
            "meta": termbase.meta(),
            "sources": [
                {
                    "path": s.path,
                    "reader": s.reader,
                    "title": s.title,
                    "sha256": s.sha256,
                    "entries": s.entry_count,
                }
                for s in termbase.sources()
            ],
            "concepts": [concept_full(r) for r in records(termbase)],
        }
        yield json.dumps(document, ensure_ascii=False, indent=1) + "\n"
