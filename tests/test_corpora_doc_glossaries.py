"""Real-world acceptance: the Sphinx, AsciiDoc and PreTeXt glossaries in ../shared/corpora.

Counts are those of SOURCES.md, checked by hand: cpython 123 terms, numpy 56 (14 of them
link-only "terms" with a lone `\\` body, kept as entries with no definition), thinkcspy
207 terms in its 18 chapter glossary files plus 14 in 3 inline `.. glossary::` blocks,
207 `<gi>` in the PreTeXt twins, and git's glossary-content.adoc 92 entries.

A build stores fewer: an entry whose whole body only points at another ("GIL: See global
interpreter lock.", numpy's link-only `:term:`slice <:>``) is folded into its target as a label.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import CORPORA
from termbase.build import build_termbase
from termbase.readers import pick_reader
from termbase.readers.base import unaccounted_lines

#: id → (glob under corpora/, files expected, reader, entries expected across the files)
ITEMS: dict[str, tuple[str, int, str, int]] = {
    "cpython-glossary": ("cpython-glossary/Doc/glossary.rst", 1, "sphinx", 123),
    "numpy-glossary": ("numpy-glossary/doc/source/glossary.rst", 1, "sphinx", 56),
    "thinkcspy-glossary-files": ("thinkcspy/_sources/*/[Gg]lossary.rst", 18, "sphinx", 207),
    "thinkcspy-inline-glossaries": ("thinkcspy/_sources/**/*.rst", 3, "sphinx", 14),
    "thinkcspy-pretext": ("thinkcspy/pretext/*/*.ptx", 18, "pretext", 207),
    "git-glossary": ("git-glossary/Documentation/glossary-content.adoc", 1, "asciidoc", 92),
}

#: id → entries that only point at another entry of the file (counted by reading the files):
#: cpython GIL, keyword argument, MRO, positional argument, provisional package; numpy copy,
#: dimension, flattened, ndarray, slice; thinkcspy exception ("another name for" runtime error, in
#: its reST and its PreTeXt).
POINTER_ENTRIES: dict[str, int] = {
    "cpython-glossary": 5,
    "numpy-glossary": 5,
    "thinkcspy-glossary-files": 1,
    "thinkcspy-pretext": 1,
}


def corpus_files(pattern: str, item: str) -> list[Path]:
    """Return the corpus files of an item; skip the test with a reason if the corpora are absent."""
    if not CORPORA.is_dir():
        pytest.skip(f"real-world corpora not found at {CORPORA} (../shared/corpora beside the repo)")
    files = sorted(CORPORA.glob(pattern))
    if item == "thinkcspy-inline-glossaries":
        # chapter pages (not the glossary files) holding a `.. glossary::` block
        files = [
            f for f in files
            if f.stem.lower() != "glossary" and ".. glossary::" in f.read_text(encoding="utf-8")
        ]
    if not files:
        pytest.skip(f"{pattern} not found under {CORPORA}")
    return files


@pytest.mark.parametrize("item", sorted(ITEMS))
def test_corpus_item_is_read_in_full_and_builds(item: str, tmp_path: Path) -> None:
    pattern, file_count, reader_name, expected = ITEMS[item]
    files = corpus_files(pattern, item)
    assert len(files) == file_count
    total = 0
    for path in files:
        text = path.read_text(encoding="utf-8-sig")
        reader = pick_reader(text, str(path))
        assert reader.name == reader_name, path
        result = reader.read(text, str(path))
        assert unaccounted_lines(text, result) == [], path
        assert all(u.reason for u in result.unused)
        total += len(result.entries)
    assert total == expected
    summary = build_termbase([str(p) for p in files], tmp_path / "termbase.db")
    assert summary.skipped == ()
    assert sum(source.entry_count for source in summary.sources) == expected - POINTER_ENTRIES.get(item, 0)
    assert (tmp_path / "termbase.db").stat().st_size > 0


def test_chapter_text_around_inline_glossaries_is_reported_as_such() -> None:
    path = next(iter(corpus_files("thinkcspy/_sources/GeneralIntro/FormalandNaturalLanguages.rst", "x")))
    text = path.read_text(encoding="utf-8")
    result = pick_reader(text, str(path)).read(text, str(path))
    assert [e.term for e in result.entries] == [
        "ambiguity", "redundancy", "literalness", "poetry", "prose", "program",
    ]
    assert sum(u.reason == "chapter text, not a glossary entry" for u in result.unused) > 50


def test_git_cross_references_name_their_targets() -> None:
    path = corpus_files("git-glossary/Documentation/glossary-content.adoc", "git")[0]
    text = path.read_text(encoding="utf-8")
    entries = {e.term: e for e in pick_reader(text, str(path)).read(text, str(path)).entries}
    assert entries["cache"].see_also == ("index",)
    assert "<<" not in "".join(e.definition for e in entries.values())
