"""Glossify: put the glossary into the pages people read.

Terms of a termbase found in prose are linked to their concept's page, with a one-line
definition for a tooltip. `markdown.glossify_markdown` keeps Markdown byte-identical outside
the inserted links; `html.glossify_html` edits an HTML tree (lxml); the MkDocs plugin
(`termbase.glossify.mkdocs`) and the Sphinx extension (`termbase.sphinx`) reuse both the
shared `TermMatcher` and the density rules in `linker`.
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
