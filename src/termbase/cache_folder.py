"""Where termbase keeps what it compiles (built-in termbases, templates, lemma tables): a module
with no imports of its own, so a command that only needs the folder does not load the rest."""

from __future__ import annotations

import os
from pathlib import Path


def cache_dir() -> Path:
    """Return the folder for compiled termbases: $TERMBASE_CACHE, else the XDG cache."""
    explicit = os.environ.get("TERMBASE_CACHE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "termbase"
