"""A site's title when none is given: made from the termbase file's name (no import beyond the
standard library, so a site build can know it before its own code is loaded)."""

from __future__ import annotations

from pathlib import PurePosixPath

#: The title of the built-in glossary's pages.
BUILTIN_TITLE = "AI & ML glossary"


def site_title(path: str | PurePosixPath) -> str:
    """Return a title for a termbase file: the built-in glossary's name, or one from the file name."""
    stem = PurePosixPath(str(path)).stem
    if stem.startswith("builtin-"):
        return BUILTIN_TITLE
    return stem.replace("_", " ").replace("-", " ") + " glossary"
