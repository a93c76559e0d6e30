"""Checks every page-shape reader must pass: its own seed, everyone else's, odd and random input."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import FIXTURES, seed_path
from reader_checks import SEEDS, SHAPE_FIXTURES, read_path
from termbase.readers import get_reader
from termbase.readers.base import unaccounted_lines

NAMES = list(SHAPE_FIXTURES)
FIXTURE_FILES = [
    (name, path) for name, folder in SHAPE_FIXTURES.items() for path in sorted((FIXTURES / folder).iterdir())
]

#: Line pieces each reader is fuzzed with: its own shape's lines, mixed with junk.
_SUFFIX_PIECES = [
    "A", "", "  ", "MeanCh 1", "Mean (Lesson 2)", "The middle value.", "Back to top",
    "# B", "GPT-4Ch 12", "x" * 90 + "Ch 3", "Ch 4", "Σ",
]
_BULLET_PIECES = [
    "A", "", "## B", "- mean Introduced in §1 · Basics", "* mode (introduced in Lesson 2)",
    "- The middle value.", "  continued here", "Back to top", "- Introduced in §3",
    "x Introduced in",
]
_MODULE_PIECES = [
    "", "A", "Glossary", "BERT", "🔤 Tokenization →Snippet text.", "Name -> x", "→", "->",
    "A stray sentence from a page.", "lower case fragment", "cut off...", "   ", "🖥️",
    "https://example.org/x.txt", "Term (T)", "x" * 300,
]
_BLOCK_PIECES = [
    "", "", "A", "Glossary", "Term (T)", "Where:", "  • item", "Read more:", "Read more:X",
    "See also: a, b", "A definition sentence that is long enough to count.", r"x=1x = \frac{1}{}",
    "\\", "{", "E=mc2E = mc^2", "   ", "x" * 300, "short.",
]
FUZZ_PIECES = {
    "suffix-locator": _SUFFIX_PIECES,
    "introduced-bullets": _BULLET_PIECES,
    "module-extract": _MODULE_PIECES,
    "blank-blocks": _BLOCK_PIECES,
    "alternating": _SUFFIX_PIECES + _BULLET_PIECES + _MODULE_PIECES + _BLOCK_PIECES,
}
ODD_TEXTS = [
    "",
    "\n \n\t\n",
    "Glossary",
    "Glossary\nJust an intro sentence.",
    "A",
    "- a\n- b\n- c",
    "x" * 5000,
    "Glossary\n(\nthe\n)\n=\n",
    "\ufeffGlossary\r\nAlpha\r\nThe first.\r\nBeta\r\nThe second.\r\n",
    "Alpha\nThe first.\n\nBeta\n\nThe second, after a blank line.\nGamma\nThe third.",
]


@pytest.mark.parametrize("prefix", sorted(SEEDS))
def test_own_seed_is_read_in_full(prefix: str) -> None:
    name, entries, unused, title = SEEDS[prefix]
    path = seed_path(prefix)
    text, result = read_path(get_reader(name), path)
    assert len(result.entries) == entries
    assert len(result.unused) == unused
    assert result.title == title
    assert unaccounted_lines(text, result) == []
    assert all(entry.source == str(path) for entry in result.entries)


@pytest.mark.parametrize("prefix", sorted(SEEDS))
@pytest.mark.parametrize("name", NAMES)
def test_each_seed_is_detected_only_by_its_reader(name: str, prefix: str) -> None:
    confidence = get_reader(name).detect(seed_path(prefix).read_text(encoding="utf-8"))
    if SEEDS[prefix][0] == name:
        assert confidence >= 0.8
    else:
        assert confidence < 0.3


@pytest.mark.parametrize("prefix", sorted(SEEDS))
@pytest.mark.parametrize("name", NAMES)
def test_every_seed_is_accounted_for_by_every_reader(name: str, prefix: str) -> None:
    text, result = read_path(get_reader(name), seed_path(prefix))
    assert unaccounted_lines(text, result) == []


@pytest.mark.parametrize(("name", "path"), FIXTURE_FILES, ids=lambda p: getattr(p, "name", p))
def test_own_fixtures_are_detected_and_accounted_for(name: str, path: Path) -> None:
    reader = get_reader(name)
    text, result = read_path(reader, path)
    assert reader.detect(text) >= 0.8
    assert unaccounted_lines(text, result) == []


@pytest.mark.parametrize("name", NAMES)
def test_empty_text_gives_nothing(name: str) -> None:
    reader = get_reader(name)
    result = reader.read("", "empty.txt")
    assert result.entries == () and result.unused == ()
    assert reader.detect("") == 0.0


@pytest.mark.parametrize("text", ODD_TEXTS)
@pytest.mark.parametrize("name", NAMES)
def test_odd_input_never_raises_and_is_accounted_for(name: str, text: str) -> None:
    reader = get_reader(name)
    result = reader.read(text, "odd.txt")
    assert unaccounted_lines(text, result) == []
    assert 0.0 <= reader.detect(text) <= 1.0


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_any_mix_of_lines_is_accounted_for(name: str, data: st.DataObject) -> None:
    reader = get_reader(name)
    lines = data.draw(st.lists(st.sampled_from(FUZZ_PIECES[name]), max_size=30), label="lines")
    text = "\n".join(lines)
    result = reader.read(text, "mix.txt")
    assert unaccounted_lines(text, result) == []
    assert 0.0 <= reader.detect(text) <= 1.0
