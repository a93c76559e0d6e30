"""simplemma's dictionaries as MARISA tries cached on disk, written atomically.

simplemma ships each language's dictionary as a compressed pickle that takes 0.3-0.5 s to
unpack on the first lemma; its `TrieDictionaryFactory` keeps the same dictionary as a trie
file that opens in about a millisecond. The trie is built once per simplemma version into
termbase's cache folder. simplemma writes that file in place, so two processes starting at
once could read a half-written trie; here it is written beside and renamed over instead.
"""

from __future__ import annotations

import os
from pathlib import Path

from simplemma.__metadata__ import __version__ as SIMPLEMMA_VERSION
from simplemma.strategies.dictionaries.trie_dictionary_factory import TrieDictionaryFactory

from termbase.atomic_file import replacing


def lemma_cache_dir() -> Path:
    """Return the folder of the cached tries: `simplemma-<version>` in termbase's cache folder."""
    from termbase.builtin import cache_dir

    return cache_dir() / f"simplemma-{SIMPLEMMA_VERSION}"


class AtomicTrieDictionaryFactory(TrieDictionaryFactory):
    """simplemma's trie dictionary factory, caching in termbase's folder with atomic writes."""

    def __init__(self) -> None:
        super().__init__(disk_cache_dir=str(lemma_cache_dir()))

    def _write_trie_to_disk(self, lang: str, trie: object) -> None:
        target = lemma_cache_dir() / f"{lang}.dic"
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            with replacing(target) as temp_name:
                trie.save(os.fspath(temp_name))  # type: ignore[attr-defined]
        except OSError:  # an unwritable cache folder: the trie serves from memory (simplemma
            pass  # would print "Failed to cache trie for en on disk." on every run)
