"""Silent wrong reads a walk-through found: a sentence about another thing under a heading, a bold
subject with a mass noun, a review item whose sentence only uses the word, compact MDX tabs, Quarto
callouts and reST's escaped-space plurals."""

from __future__ import annotations

from pathlib import Path

from termbase.documents.markdown import parse_markdown
from termbase.documents.rst import parse_rst
from termbase.extract import ExtractedEntry, extract_glossary


def _found(tmp_path: Path, name: str, text: str) -> dict[str, ExtractedEntry]:
    (tmp_path / name).write_text(text, encoding="utf-8")
    result = extract_glossary([tmp_path], min_confidence=0.0)
    return {e.term: e for e in (*result.entries, *result.review)}


def test_a_sentence_saying_what_another_thing_is_gives_the_heading_no_entry(tmp_path: Path) -> None:
    found = _found(tmp_path, "01-sky.md", (
        "# The night sky\n\nOn a clear night you can see many lights overhead.\n\n## Stars\n\n"
        "The Sun is a star that sits at the centre of our solar system.\n\n"
        "A **pulsar** is a star that spins fast and sweeps beams of radio waves past us.\n"))
    assert found["pulsar"].definition.startswith("A star that spins")
    star = found.get("star")
    assert star is None or "Sun" not in star.definition


def test_a_heading_over_a_description_the_term_names_still_introduces_it(tmp_path: Path) -> None:
    found = _found(tmp_path, "01-mem.md", (
        "# Memory\n\n## Bytes\n\nThe smallest piece of memory a program can address on its own is a byte.\n\n"
        "A program reads each byte in turn. Eight bits make one byte.\n"))
    assert "byte" in found and "smallest piece of memory" in found["byte"].definition


def test_a_bold_subject_with_a_mass_noun_is_a_definition(tmp_path: Path) -> None:
    found = _found(tmp_path, "01-soil.md", (
        "# Soil\n\n**Loam** is soil made of sand, silt and clay in roughly even shares.\n\n"
        "Gardeners like loam because it holds water without turning sticky.\n"))
    assert found["loam"].confidence >= 0.6
    assert found["loam"].definition.startswith("Soil made of sand")
    soil = found.get("soil")
    assert soil is None or "sand, silt" not in soil.definition  # loam's sentence says nothing of soil


def test_an_adjective_after_a_bold_subject_is_no_mass_noun(tmp_path: Path) -> None:
    found = _found(tmp_path, "01-tools.md", (
        "# Tools\n\n**Caution** is important that day, said the skipper to the crew.\n"))
    caution = found.get("caution")
    assert caution is None or "followed by 'is a …'" not in caution.evidence


def test_a_heading_over_a_sentence_that_only_uses_the_word_offers_no_definition(tmp_path: Path) -> None:
    found = _found(tmp_path, "01-knots.md", (
        "# Ropes\n\n## Knots\n\nEvery deckhand should learn a few knots before the first sail.\n\n"
        "Tie them slowly at first.\n"))
    knot = found["knot"]
    assert knot.definition == ""
    assert knot.first_use.startswith("Every deckhand should learn")
    assert "the section heading names it and the text below uses it" in knot.evidence


def test_compact_mdx_tabs_keep_the_markdown_they_wrap(tmp_path: Path) -> None:
    text = (
        "# Setup\n\nInstall the tool first.\n\n<Tabs groupId=\"os\"\n"
        "  values={[{label: 'Mac', value: 'mac'}]}>\n"
        "<TabItem value=\"mac\" label=\"macOS\">\nA **bottle** is a prebuilt package that the installer "
        "fetches instead of building the source.\n<CodeBlock language=\"sh\">\nbrew install thing\n"
        "</CodeBlock>\n"
        "</TabItem>\n</Tabs>\n\nNow run it.\n")
    document = parse_markdown(text, "setup.mdx")
    prose = [b for b in document.blocks if b.kind == "prose"]
    assert any(b.text.startswith("A bottle is a prebuilt package") and b.line == 8 for b in prose)
    assert not any("brew install" in b.text or "groupId" in b.text for b in prose)
    found = _found(tmp_path, "setup.mdx", text)
    assert found["bottle"].confidence >= 0.6


def test_quarto_callouts_are_read_as_prose(tmp_path: Path) -> None:
    found = _found(tmp_path, "01-rivers.qmd", (
        "---\ntitle: \"Rivers\"\n---\n\nWe follow rivers from source to sea.\n\n"
        "::: {.callout-tip collapse=\"true\"}\n## Words to know\n\nA **floodplain** is the flat land "
        "beside a river that water covers when the river overflows.\n:::\n\n"
        "::: callout-important\nA **meander** is a wide bend in a river that drifts across its valley.\n"
        ":::\n"))
    assert found["floodplain"].confidence >= 0.6 and found["meander"].confidence >= 0.6


def test_a_rest_plural_written_with_an_escaped_space_is_one_word() -> None:
    document = parse_rst("Marks\n=====\n\nA domain groups :term:`directive`\\ s and *role*\\ s together.\n",
                         "marks.rst")
    paragraph = next(b for b in document.blocks if b.kind == "prose")
    assert paragraph.text == "A domain groups directives and roles together."
