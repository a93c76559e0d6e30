"""Jupyter notebooks (`.ipynb`): the glossary written in the notebook's Markdown cells.

The Markdown cells are joined into one page (a blank line between cells), read by the reader
surest of that page (Markdown headings, bold terms, tables …), and every entry and reported
line is put back on the notebook line that holds its text (nbformat writes a cell's source one
string per line). Code cells and the notebook's JSON around the cells are reported.
"""

from __future__ import annotations

import json
from dataclasses import replace

from termbase.errors import InputError
from termbase.model import ReadResult, Unused
from termbase.readers.base import entries_and_unused

REASON_NOTEBOOK = "notebook structure or a code cell"


def markdown_page(text: str) -> tuple[str, list[int]] | None:
    """Return (the Markdown cells joined, the notebook line of each page line), or None for no
    notebook with Markdown cells."""
    try:
        notebook = json.loads(text)
    except ValueError:
        return None
    if not isinstance(notebook, dict) or not isinstance(notebook.get("cells"), list):
        return None
    page: list[str] = []
    origin: list[int] = []
    offset = 0
    for cell in notebook["cells"]:
        if not isinstance(cell, dict) or cell.get("cell_type") != "markdown":
            continue
        source = cell.get("source", "")
        parts = source if isinstance(source, list) else str(source).splitlines(keepends=True)
        if page:
            page.append("")
            origin.append(origin[-1])
        for part in parts:
            found = text.find(json.dumps(part, ensure_ascii=False)[1:-1], offset)
            found = text.find(json.dumps(part)[1:-1], offset) if found < 0 else found
            line = text.count("\n", 0, found) + 1 if found >= 0 else (origin[-1] if origin else 1)
            offset = found if found >= 0 else offset
            for piece in str(part).rstrip("\n").split("\n"):
                page.append(piece)
                origin.append(line)
    return ("\n".join(page) + "\n", origin) if page else None


def _best_reader(page: str):
    from termbase.readers import MIN_CONFIDENCE, rank_readers

    for confidence, reader in rank_readers(page):
        if reader.name != NotebookReader.name and confidence >= MIN_CONFIDENCE:
            return confidence, reader
    return 0.0, None


class NotebookReader:
    """Reads the glossary in a Jupyter notebook's Markdown cells."""

    name = "notebook"
    description = "Jupyter notebook (`.ipynb`): the glossary in its Markdown cells, read as a Markdown page"

    def detect(self, text: str) -> float:
        """Return the confidence of the reader surest of the Markdown cells (0 for no notebook)."""
        if not text.lstrip().startswith("{") or ('"cells"' not in text[:5000] and '"nbformat"' not in text):
            return 0.0
        found = markdown_page(text)
        return _best_reader(found[0])[0] if found else 0.0

    def read(self, text: str, source: str) -> ReadResult:
        """Return the entries of the Markdown cells on their notebook lines; the rest is reported."""
        found = markdown_page(text)
        reader = _best_reader(found[0])[1] if found else None
        if found is None or reader is None:
            raise InputError(
                "no glossary found in the notebook's Markdown cells",
                path=source,
                hint="write the glossary in Markdown cells (terms as headings, bold, a table…)",
            )
        page, origin = found
        result = reader.read(page, source)
        place = lambda n: origin[min(max(n, 1), len(origin)) - 1]  # noqa: E731
        entries = [replace(e, line=place(e.line), end_line=place(e.end_line)) for e in result.entries]
        unused = [replace(u, line=place(u.line)) for u in result.unused]
        claimed = {n for e in entries for n in range(e.line, e.end_line + 1)} | {u.line for u in unused}
        unused += [
            Unused(source, n, line.strip(), REASON_NOTEBOOK)
            for n, line in enumerate(text.splitlines(), start=1)
            if line.strip() and n not in claimed
        ]
        return replace(entries_and_unused(entries, unused, result.title), spans=())
