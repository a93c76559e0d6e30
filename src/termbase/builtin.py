"""The built-in AI/ML glossary: YAML sources shipped in the package, compiled on first use.

The sources live in `termbase/glossary/*.yaml` and are built with the same readers,
resolver and linker as any user input. The result is cached as a SQLite file named by a
hash of the sources and the termbase version, so an upgrade or an edit rebuilds it. When
the semantic extra is installed, concept embeddings are stored too (a separate cache file).

The embeddings ship precomputed in `termbase/glossary/embeddings.npz`, keyed by a hash of
each concept's embedded text, so compiling takes seconds, not minutes: only a concept whose
text changed since the file was written is embedded again. `python scripts/embed_builtin.py`
rewrites the file after the glossary changes (a test fails until it is current).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import tempfile
from importlib import resources
from pathlib import Path

from termbase import __version__, semantic
from termbase.cache_folder import cache_dir
from termbase.errors import StoreError

#: What a compiled built-in termbase holds besides the glossary: names the embeddings'
#: views (main text + description), so a cache compiled before them is not reused.
VECTOR_VIEWS = "v2"


def glossary_files() -> list[Path]:
    """Return the built-in glossary's source files, sorted by name."""
    folder = Path(str(resources.files("termbase") / "glossary"))
    return sorted(folder.glob("*.yaml"))


def sources_digest(files: list[Path]) -> str:
    """Return a short hash of the files' names and contents, the termbase version, the
    stored search index's and glossify matcher patterns' formats (and the code that makes the
    tooltips and definitions' HTML glossify reads) and the embedding pipeline (a cached file
    without the current index or patterns, or with another model's vectors, is built again)."""
    from termbase.matcher_table import code_stamp
    from termbase.search_tables import stamp

    digest = hashlib.sha256(__version__.encode())
    digest.update(stamp().encode())
    digest.update(f"patterns {code_stamp()}".encode())
    digest.update(semantic.MODEL_NAME.encode())
    for path in files:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def shipped_vectors_path() -> Path:
    """Return the file of the built-in glossary's precomputed concept embeddings."""
    return Path(str(resources.files("termbase") / "glossary" / "embeddings.npz"))


def builtin_concept_texts() -> list[str]:
    """Return the texts embedded for the concepts of the built-in glossary, as a build makes
    them: each concept's main text, then each one's description."""
    from termbase.build import concept_texts, description_texts, identified_entries, read_sources
    from termbase.resolve import resolve

    read, errors = read_sources([str(f) for f in glossary_files()])
    if errors:
        raise StoreError(f"the built-in glossary does not read cleanly: {errors[0].describe()}")
    concepts = resolve(identified_entries(read))
    return list(dict.fromkeys([*concept_texts(concepts), *description_texts(concepts)]))


def refresh_shipped_vectors() -> tuple[int, int]:
    """Rewrite the shipped embeddings for the current glossary; return (kept, computed)."""
    import numpy as np

    known = semantic.read_vector_file(shipped_vectors_path())
    texts = builtin_concept_texts()
    keys = [semantic.text_key(text) for text in texts]
    missing = [i for i, key in enumerate(keys) if key not in known]
    made = semantic.get_embedder().encode([texts[i] for i in missing]) if missing else np.zeros((0, 1))
    if not missing and set(keys) == set(known):
        return len(keys), 0  # already current: leave the file (and its bytes) alone
    vectors = {key: known[key] for key in keys if key in known}
    vectors.update({keys[i]: made[n] for n, i in enumerate(missing)})
    semantic.write_vector_file(shipped_vectors_path(), vectors)
    return len(keys) - len(missing), len(missing)


def _store_markdown_html(path: Path) -> None:
    """Store in the compiled glossary the definitions' HTML that `build` leaves out (made once
    here, where many sites' first builds read it: see `matcher_table`)."""
    import sqlite3

    from termbase.matcher_table import store_markdown_html

    connection = sqlite3.connect(path)
    try:
        with connection:
            store_markdown_html(connection)
        connection.execute("PRAGMA journal_mode = DELETE")
    finally:
        connection.close()


def builtin_db_path() -> Path:
    """Return where the compiled built-in termbase is (or will be) cached."""
    suffix = f"-semantic-{VECTOR_VIEWS}" if semantic.available() else ""
    return cache_dir() / f"builtin-{remembered_digest(glossary_files())}{suffix}.db"


#: The file remembering `sources_digest` under `_file_stamp` (see `remembered_digest`).
_DIGESTS = "builtin-digests.json"
_DIGESTS_KEPT = 16


#: The modules whose code `sources_digest` holds (their formats, and `matcher_table.STAMPED_CODE`:
#: the code that makes what glossify reads), named here so that no command imports them for it.
_FORMAT_MODULES = (
    "search_tables.py", "matcher.py", "matcher_table.py", "plain_text.py", "glossify/definition_html.py",
    "web/sanitize.py",
)  # fmt: skip


def _file_stamp(files: list[Path]) -> str:
    """Return a hash of the size and modification time of every file `sources_digest` reads or
    depends on: the glossary's sources, the modules of `_FORMAT_MODULES` and simplemma's version
    file, with the termbase version and the embedding model's name."""
    parts: list[object] = [__version__, semantic.MODEL_NAME]
    spec = importlib.util.find_spec("simplemma")
    simplemma = Path(spec.origin).with_name("__metadata__.py") if spec and spec.origin else None
    package = Path(__file__).parent
    modules = [package / name for name in _FORMAT_MODULES]
    for path in (*files, *modules, simplemma):
        try:
            status = path.stat() if path else None
        except OSError:
            status = None
        parts.append((str(path), status.st_size, status.st_mtime_ns) if status else (str(path), None))
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:24]


def remembered_digest(files: list[Path]) -> str:
    """Return `sources_digest(files)`, remembered in the cache folder under the files' sizes and
    modification times: reading and hashing the sources, and loading the search index's module
    for its format, cost a command that only needs the compiled file (a site build with the
    MkDocs plugin) about 10 ms each time."""
    stamp = _file_stamp(files)
    memo = cache_dir() / _DIGESTS
    try:
        known = json.loads(memo.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        known = {}
    if not isinstance(known, dict):
        known = {}
    found = known.get(stamp)
    if isinstance(found, str) and found:
        return found
    digest = sources_digest(files)
    kept = [(key, value) for key, value in known.items() if key != stamp][-(_DIGESTS_KEPT - 1) :]
    try:  # (a few checkouts may share the cache folder; written whole, then renamed into place)
        memo.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=".builtin-digests-", suffix=".tmp", dir=memo.parent)
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            json.dump(dict([*kept, (stamp, digest)]), stream)
        os.replace(temporary, memo)
    except OSError:
        pass  # a read-only cache folder: the digest is worked out each time, as before
    return digest


def builtin_db() -> Path:
    """Return the compiled built-in termbase, building it first if it is not cached."""
    files = glossary_files()
    if not files:
        raise StoreError(
            "the built-in glossary has no source files in this installation — "
            "reinstall termbase, or pass --db PATH"
        )
    with_vectors = semantic.available()
    path = builtin_db_path()
    if not path.is_file():
        from termbase.build import build_termbase

        package_parent = files[0].resolve().parent.parent.parent
        known = semantic.read_vector_file(shipped_vectors_path()) if with_vectors else None
        sources = [str(f) for f in files]
        try:
            build_termbase(
                sources, path, relative_to=package_parent, semantic=with_vectors, known_vectors=known
            )
            _store_markdown_html(path)
        except OSError as error:  # the user named no path: say it is the cache, and how to move it
            reason = (error.strerror or str(error)).lower()
            raise StoreError(
                f"{path.parent}: cannot write the built-in glossary's cache there ({reason}) — set "
                "TERMBASE_CACHE to a folder you can write to, or pass --db a termbase of your own"
            ) from None
    return path
