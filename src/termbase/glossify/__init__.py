"""Glossify: put the glossary into the pages people read.

Terms of a termbase found in prose are linked to their concept's page, with a one-line
definition for a tooltip. `markdown.glossify_markdown` keeps Markdown byte-identical outside
the inserted links, and so does `html.glossify_document` / `glossify_fragment` for HTML
(links spliced into the page's own text); `source` reads and caches the termbases (one or
several); the MkDocs plugin (`termbase.glossify.mkdocs_plugin`) and the Sphinx extension
(`termbase.sphinx`) reuse the shared `TermMatcher` and the density rules in `linker`.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from termbase.glossify.linker import DENSITIES, Linker, LinkTarget, Placed

__all__ = ["DENSITIES", "LinkTarget", "Linker", "Placed", "asset_files"]

ASSET_NAMES = ("termbase-tooltips.js", "termbase-tooltips.css")


def asset_files() -> list[Path]:
    """Return the tooltip script and style sheet shipped in the package."""
    folder = Path(str(resources.files("termbase.glossify") / "assets"))
    return [folder / name for name in ASSET_NAMES]
