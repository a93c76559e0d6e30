"""The built-in AI/ML glossary: YAML sources shipped in the package, compiled on first use.

The sources live in `termbase/glossary/*.yaml` and are built with the same readers,
resolver and linker as any user input. The result is cached as a SQLite file named by a
hash of the sources and the termbase version, so an upgrade or an edit rebuilds it. When
the semantic extra is installed, concept embeddings are stored too (a separate cache file).
"""

from __future__ import annotations

import hashlib
import os
from importlib import resources
from pathlib import Path

from termbase import __version__, semantic
from termbase.errors import StoreError


def glossary_files() -> list[Path]:
    """Return the built-in glossary's source files, sorted by name."""
    folder = Path(str(resources.files("termbase") / "glossary"))
    return sorted(folder.glob("*.yaml"))


def cache_dir() -> Path:
    """Return the folder for compiled termbases: $TERMBASE_CACHE, else the XDG cache."""
    explicit = os.environ.get("TERMBASE_CACHE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "termbase"


def sources_digest(files: list[Path]) -> str:
    """Return a short hash of the files' names and contents and the termbase version."""
    digest = hashlib.sha256(__version__.encode())
    for path in files:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def builtin_db() -> Path:
    """Return the compiled built-in termbase, building it first if it is not cached."""
    files = glossary_files()
    if not files:
        raise StoreError(
            "the built-in glossary has no source files in this installation — "
            "reinstall termbase, or pass --db PATH"
        )
    with_vectors = semantic.available()
    suffix = "-semantic" if with_vectors else ""
    path = cache_dir() / f"builtin-{sources_digest(files)}{suffix}.db"
    if not path.is_file():
        from termbase.build import build_termbase

        package_parent = files[0].resolve().parent.parent.parent
        build_termbase([str(f) for f in files], path, relative_to=package_parent, semantic=with_vectors)
    return path
