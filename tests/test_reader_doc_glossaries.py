"""Readers of documentation-tool glossaries: Sphinx `.. glossary::`, AsciiDoc `term::`, PreTeXt `<gi>`."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import FIXTURES, seed_path
from reader_checks import SEEDS, SHAPE_FIXTURES, by_term, reasons
from termbase.errors import InputError
from termbase.readers import get_reader, pick_reader
from termbase.readers.base import unaccounted_lines

#: tests/fixtures folder → the reader whose shape its files have.
DOC_FIXTURES = {
    "sphinx_glossary": "sphinx",
    "asciidoc_glossary": "asciidoc",
    "pretext_glossary": "pretext",
}
DOC_READERS = sorted(DOC_FIXTURES.values())


def read_fixture(folder: str, name: str):
    path = FIXTURES / folder / name
    text = path.read_text(encoding="utf-8")
    return text, get_reader(DOC_FIXTURES[folder]).read(text, str(path))


@pytest.mark.parametrize(
    "path",
    [path for folder in DOC_FIXTURES for path in sorted((FIXTURES / folder).iterdir())],
    ids=lambda p: p.name,
)
def test_fixture_is_picked_by_its_reader_and_fully_accounted_for(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    reader = pick_reader(text, str(path))
    assert reader.name == DOC_FIXTURES[path.parent.name]
    assert unaccounted_lines(text, reader.read(text, str(path))) == []


@pytest.mark.parametrize("prefix", sorted(SEEDS))
@pytest.mark.parametrize("name", DOC_READERS)
def test_seeds_are_not_taken_for_doc_glossaries(name: str, prefix: str) -> None:
    text = seed_path(prefix).read_text(encoding="utf-8")
    assert get_reader(name).detect(text) < 0.3
    if name == "pretext":  # not XML at all: a clear error, never a traceback
        with pytest.raises(InputError):
            get_reader(name).read(text, "seed")
    else:
        assert unaccounted_lines(text, get_reader(name).read(text, "seed")) == []


@pytest.mark.parametrize("name", DOC_READERS)
@pytest.mark.parametrize("folder", [*SHAPE_FIXTURES.values(), *DOC_FIXTURES])
def test_other_shapes_stay_below_the_threshold(name: str, folder: str) -> None:
    if DOC_FIXTURES.get(folder) == name:
        pytest.skip("own shape")
    for path in sorted((FIXTURES / folder).iterdir()):
        assert get_reader(name).detect(path.read_text(encoding="utf-8")) < 0.3, path


# ── Sphinx ────────────────────────────────────────────────────────────────────────────


def test_sphinx_page_entries_terms_roles_and_blocks() -> None:
    _, result = read_fixture("sphinx_glossary", "kitchen.rst")
    entries = by_term(result)
    assert list(entries) == ["al dente", "bain-marie", "blanch", "cooking timer", "mirepoix", "shock"]
    assert result.title == "Kitchen Glossary"
    # two term lines, one entry; the index line stays inside the entry but out of the text
    assert entries["bain-marie"].labels == ("bain-marie", "water bath")
    assert "index" not in entries["bain-marie"].definition
    assert "PEP 8" in entries["bain-marie"].definition
    # :term:`text <target>` shows the text and names the target
    assert entries["al dente"].see_also == ("cooking timer",)
    assert "against the timer rather" in entries["al dente"].definition
    # literal block after `::`, bullets, and the `\ ` join after a role
    blanch = entries["blanch"].definition
    assert "```\ndrain(pot)\nrinse(pot, seconds=30)\n```" in blanch
    assert "- plunge them into iced water;" in blanch
    assert "(see shocking)" in blanch
    assert "```pycon\n>>> ring()\n'ding'\n```" in entries["cooking timer"].definition
    assert "`ring`" in entries["cooking timer"].definition
    # a link-only term with a lone backslash body: an entry with no definition, its URL kept
    assert entries["mirepoix"].definition == ""
    assert entries["mirepoix"].links == ("https://example.org/mirepoix",)
    assert entries["shock"].line == 45 and entries["shock"].end_line == 46
    found = reasons(result)
    assert found[1] == "reST link target" and found[4] == "page title"
    assert found[7] == "reST comment" and found[10] == "glossary directive option"
    assert all(entry.locator is None for entry in result.entries)


def test_sphinx_two_space_directive_blank_line_tabs_and_varying_indent() -> None:
    text, result = read_fixture("sphinx_glossary", "two_space.rst")
    entries = by_term(result)
    assert list(entries) == ["awl", "bradawl", "chisel", "dovetail", "kerf"]
    assert entries["awl"].definition.startswith("A pointed tool")
    assert entries["dovetail"].definition == (
        "A joint of fan-shaped pins and tails that lock two boards together at a corner."
    )
    assert entries["dovetail"].end_line == 24  # the empty `..` comment stays inside
    assert entries["chisel"].definition == ""
    assert unaccounted_lines(text, result) == []


def test_sphinx_inline_glossaries_in_a_chapter() -> None:
    _, result = read_fixture("sphinx_glossary", "chapter.rst")
    assert [e.term for e in result.entries] == ["scale", "contour line", "bearing"]
    assert result.entries[0].locator is not None and result.entries[0].locator.text == "Reading a Map"
    assert "> **Note:** Lines drawn close together" in result.entries[1].definition
    found = reasons(result)
    assert found[7] == "chapter text, not a glossary entry"
    assert found[25] == "chapter text, not a glossary entry"  # a Runestone-style directive
    assert found[10] == found[31] == "glossary directive"


def test_sphinx_term_without_body_is_reported() -> None:
    text = ".. glossary::\n\n   lonely\n\n   paired\n      Has a body.\n"
    result = get_reader("sphinx").read(text, "x.rst")
    assert [e.term for e in result.entries] == ["paired"]
    assert reasons(result)[3] == "term line with no definition after it"
    assert unaccounted_lines(text, result) == []


def test_sphinx_text_without_a_glossary_directive_is_not_claimed() -> None:
    text = "Title\n=====\n\nJust a page::\n\n   code\n"
    assert get_reader("sphinx").detect(text) == 0.0
    result = get_reader("sphinx").read(text, "x.rst")
    assert result.entries == () and unaccounted_lines(text, result) == []


# ── AsciiDoc ──────────────────────────────────────────────────────────────────────────


def test_asciidoc_entries_cross_references_and_continuations() -> None:
    _, result = read_fixture("asciidoc_glossary", "garden.adoc")
    entries = by_term(result)
    assert list(entries) == ["annual", "compost", "cutting", "mulch", "perennial", "soil", "tilth"]
    assert entries["annual"].see_also == ("perennial",)
    assert entries["annual"].definition.endswith("compare perennial.")
    assert entries["compost"].definition.split("\n\n")[1].startswith("Turn the heap every few weeks")
    cutting = entries["cutting"]
    assert (cutting.line, cutting.end_line) == (11, 24)
    assert "- strip the lower leaves before planting." in cutting.definition
    assert "**hardwood**: Taken in winter" in cutting.definition
    assert entries["mulch"].links == ("https://example.org/mulch",)
    assert "[a mulching guide](https://example.org/mulch)" in entries["mulch"].definition
    assert "`garden-tools(1)`" in entries["mulch"].definition
    assert entries["soil"].definition == "The loose top layer of the ground, where roots grow."
    # `<<def_soil>>` with no text shows the target entry's term
    assert entries["tilth"].definition == "Obsolete for: soil." and entries["tilth"].see_also == ("soil",)
    assert result.unused == ()


def test_asciidoc_list_inside_a_document() -> None:
    _, result = read_fixture("asciidoc_glossary", "manual.adoc")
    assert [e.term for e in result.entries] == ["algae", "liner", "marginal plant"]
    assert result.title == "Pond Keeping Handbook"
    # an anchor not defined in the file gives a readable label
    assert by_term(result)["marginal plant"].see_also == ("pond",)
    found = reasons(result)
    assert found[3] == "block anchor or attribute line"
    assert found[22] == "document text, not a glossary entry"


def test_asciidoc_sentences_as_list_labels_are_not_a_glossary() -> None:
    text = "".join(f"Do step {n} of the recipe now.::\n\tThen wait a while.\n\n" for n in range(5))
    assert get_reader("asciidoc").detect(text) < 0.3


# ── PreTeXt ───────────────────────────────────────────────────────────────────────────


def test_pretext_items_and_inline_markup() -> None:
    _, result = read_fixture("pretext_glossary", "sorting.ptx")
    entries = by_term(result)
    assert list(entries) == ["stable sort", "pivot", "swap"]
    assert result.title == "Sorting words: a glossary"
    assert entries["stable sort"].definition.endswith("as `sorted` does.")
    assert "*quicksort*" in entries["pivot"].definition and "“random”" in entries["pivot"].definition
    assert entries["pivot"].links == ("https://example.org/pivot",)
    assert entries["swap"].definition.endswith("```python\na[i], a[j] = a[j], a[i]\n```")
    assert (entries["swap"].line, entries["swap"].end_line) == (17, 25)
    found = reasons(result)
    assert found[4] == "document text outside the glossary"
    assert found[5] == "PreTeXt markup around the glossary items"


def test_pretext_item_without_title_is_reported() -> None:
    text = "<glossary>\n<gi>\n<p>No name.</p>\n</gi>\n<gi><title>a</title><p>One.</p></gi>\n</glossary>\n"
    result = get_reader("pretext").read(text, "x.ptx")
    assert [e.term for e in result.entries] == ["a"]
    assert reasons(result)[3].startswith("glossary item with no <title>")
    assert unaccounted_lines(text, result) == []


def test_pretext_malformed_xml_names_file_and_line() -> None:
    text = "<glossary>\n  <gi>\n    <title>broken</title>\n    <p>No closing tag.\n  </gi>\n</glossary>\n"
    with pytest.raises(InputError) as caught:
        get_reader("pretext").read(text, "bad.ptx")
    assert caught.value.path == "bad.ptx" and caught.value.line >= 4
    assert "XML" in caught.value.message and caught.value.hint


def test_malformed_pretext_file_is_skipped_and_the_build_goes_on(tmp_path: Path) -> None:
    from termbase.build import build_termbase

    good = FIXTURES / "pretext_glossary" / "sorting.ptx"
    bad = tmp_path / "bad.ptx"
    bad.write_text("<glossary>\n<gi><title>x</title><p>y</gi>\n</glossary>\n", encoding="utf-8")
    summary = build_termbase([str(good), str(bad)], tmp_path / "t.db")
    assert [s.entry_count for s in summary.sources] == [3]
    assert len(summary.skipped) == 1 and summary.skipped[0].path == str(bad)
