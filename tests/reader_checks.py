"""Helpers the reader tests share: which reader owns which seed, reading a file, lookups."""

from __future__ import annotations

from pathlib import Path

from termbase.model import Entry, ReadResult
from termbase.readers.base import Reader

#: Each seed, the reader whose shape it has, and what that reader makes of it:
#: (reader name, entries, unused lines, page title).
SEEDS: dict[str, tuple[str, int, int, str]] = {
    "000": ("suffix-locator", 84, 28, "Glossary"),
    "001": ("introduced-bullets", 299, 3, "Glossary"),
    "002": ("alternating", 690, 4, "Glossary"),
    "003": ("module-extract", 30, 146, "Glossary"),
    "004": ("blank-blocks", 101, 23, "AI & ML Glossary"),
}
#: The readers of page shapes, and the folder of tests/fixtures holding pages of each shape.
SHAPE_FIXTURES: dict[str, str] = {
    "suffix-locator": "suffix_locator",
    "introduced-bullets": "introduced_bullets",
    "alternating": "alternating",
    "module-extract": "module_extract",
    "blank-blocks": "blank_blocks",
}


def read_path(reader: Reader, path: Path) -> tuple[str, ReadResult]:
    """Return (text of the file at `path`, what `reader` reads from it)."""
    text = path.read_text(encoding="utf-8")
    return text, reader.read(text, str(path))


def by_term(result: ReadResult) -> dict[str, Entry]:
    """Return the entries of `result` keyed by their term as written."""
    return {entry.term: entry for entry in result.entries}


def reasons(result: ReadResult) -> dict[int, str]:
    """Return the reason of each unused line of `result`, keyed by line number."""
    return {item.line: item.reason for item in result.unused}
