"""Store extracted entries as a termbase file, through the same resolve → link → store path as `build`."""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from termbase.extract import ChapterRead
from termbase.link import link
from termbase.model import Entry, Source
from termbase.resolve import resolve
from termbase.semantic import DIMENSION, MODEL_NAME
from termbase.store import Build, write_termbase


def _source(chapter: ChapterRead, entries: int) -> Source:
    try:
        data = Path(chapter.path).read_bytes()
    except OSError:
        data = b""
    text = data.decode("utf-8", errors="replace")
    lines = text.splitlines()
    return Source(
        path=chapter.path,
        reader=f"extract ({chapter.format})",
        title=chapter.title or Path(chapter.path).stem,
        sha256=hashlib.sha256(data).hexdigest(),
        line_count=len(lines),
        nonblank_lines=sum(1 for line in lines if line.strip()),
        entry_count=entries,
        unused_count=0,
    )


def write_extracted(
    db: Path, chapters: Sequence[ChapterRead], entries: Sequence[Entry], semantic: bool = False
) -> tuple[int, int]:
    """Write the entries (with a source row per chapter) to `db`; return (concepts, relations).
    With `semantic`, each concept's embeddings are stored too, as `build --semantic` stores them."""
    counts = Counter(entry.source for entry in entries)
    sources = [_source(chapter, counts.get(chapter.path, 0)) for chapter in chapters]
    known = {source.path for source in sources}
    for path in counts.keys() - known:  # an accepted review item from a chapter not read this time
        sources.append(Source(path, "extract (review)", Path(path).stem, "", 0, 0, counts[path], 0))
    numbered: list[Entry] = []
    positions: Counter[str] = Counter()
    for entry in entries:  # an entry is stored under (source, ordinal): number them per chapter
        numbered.append(replace(entry, ordinal=positions[entry.source]))
        positions[entry.source] += 1
    concepts = resolve(numbered)
    links = link(concepts)
    vectors: tuple[bytes, ...] = ()
    descriptions: tuple[bytes, ...] = ()
    if semantic:
        from termbase.build import concept_vectors  # the model loads only when asked for

        vectors, descriptions = concept_vectors(concepts)
    build = Build(
        sources=tuple(sources),
        concepts=tuple(concepts),
        relations=links.relations,
        dangling=links.dangling,
        unused=(),
        vectors=vectors,
        description_vectors=descriptions,
        vector_model=MODEL_NAME if vectors else "",
        vector_dimension=DIMENSION if vectors else 0,
    )
    write_termbase(db, build)
    return len(concepts), len(links.relations)
