"""Rewrite the built-in glossary's precomputed embeddings (src/termbase/glossary/embeddings.npz).

Run after editing the glossary: concepts whose embedded text is unchanged keep their
vectors; new or edited ones are embedded. Needs the semantic dependencies (installed by
default). Usage: python scripts/embed_builtin.py
"""

from __future__ import annotations

import time

from termbase.builtin import refresh_shipped_vectors, shipped_vectors_path


def main() -> None:
    started = time.perf_counter()
    kept, computed = refresh_shipped_vectors()
    print(
        f"{shipped_vectors_path()}: {kept + computed} texts ({kept} kept, {computed} embedded) "
        f"in {time.perf_counter() - started:.1f} s"
    )


if __name__ == "__main__":
    main()
