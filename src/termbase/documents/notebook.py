"""Jupyter notebooks (.ipynb) → Document, through the Markdown parser.

A notebook is JSON; its Markdown cells are laid out on the lines where their source
sits in the file (nbformat writes one source line per JSON line), with code cells as
fenced code, so the Markdown parser's line numbers are the notebook file's own.
"""

from __future__ import annotations

import json
import re

from termbase.documents.markdown import parse_markdown
from termbase.documents.model import Document, Problem

_SOURCE = re.compile(r'"source"\s*:\s*(\[)?')


def notebook_markdown(text: str) -> str:
    """Return the notebook's cells as Markdown whose lines sit where the cells' sources are."""
    cells = json.loads(text).get("cells", [])
    lines = [""] * (text.count("\n") + 2)
    starts = [(text.count("\n", 0, m.start()), bool(m.group(1))) for m in _SOURCE.finditer(text)]
    for cell, (line, is_list) in zip(cells, starts, strict=False):
        source = cell.get("source", "")
        source_lines = "".join(source).split("\n") if isinstance(source, list) else str(source).split("\n")
        first = line + 1 if is_list else line
        if cell.get("cell_type") == "code":
            lines[line] = "```" + str(cell.get("metadata", {}).get("language", ""))
            first = line + 1
        for offset, source_line in enumerate(source_lines):
            if first + offset < len(lines):
                lines[first + offset] = source_line
        end = first + len(source_lines)
        if cell.get("cell_type") == "code" and end < len(lines):
            lines[end] = "```"
        elif end < len(lines):
            lines[end] = ""
    return "\n".join(lines)


def parse_notebook(text: str, path: str) -> Document:
    """Return the notebook `text` (read from `path`) as a Document."""
    try:
        markdown = notebook_markdown(text)
    except (json.JSONDecodeError, AttributeError, TypeError) as error:
        problem = Problem(getattr(error, "lineno", 1) or 1, f"not a readable notebook ({error})",
                          "check the file is a Jupyter notebook")
        return Document(path, "notebook", "", (), (), problems=(problem,))
    document = parse_markdown(markdown, path)
    return Document(path, "notebook", document.title, document.sections, document.blocks,
                    problems=document.problems)
