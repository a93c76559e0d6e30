"""One detection, one answer: a glossary is read the same way wherever termbase reads it.

`termbase build` and `termbase extract --against` (and the extractor bench, which reads its
human glossaries the same way) go through one read path: the surest reader, with the read
sanity check's say. Before, the extract side took the surest reader's read unchecked, so an
AsciiDoc page of `=== Term` sections was read by the blank-line reader with `=== ` kept in
every label, and a Carpentries reference page was refused as "a long page".
"""

from __future__ import annotations

from pathlib import Path

from conftest import FIXTURES
from termbase.build import read_source
from termbase.extract_score import read_human_glossary
from termbase.read_checks import check_read
from termbase.readers import get_reader, rank_readers
from termbase.sources import load_text

ASCIIDOC = FIXTURES / "asciidoc_sections" / "hive_words.adoc"
REFERENCE = FIXTURES / "carpentries_reference"


def _surest(path: Path) -> str:
    return rank_readers(path.read_text(encoding="utf-8"), str(path))[0][1].name


def test_asciidoc_term_sections_under_letter_sections_are_the_asciidoc_readers_shape() -> None:
    assert _surest(ASCIIDOC) == "asciidoc-sections"
    read = read_source(load_text(ASCIIDOC))
    terms = [entry.term for entry in read.result.entries]
    assert terms == ["Brood", "Burr Comb", "Queen", "Queen Excluder", "Smoker", "Super"]
    assert [term.term for term in read_human_glossary([str(ASCIIDOC)])] == terms


def test_a_label_that_keeps_its_heading_marks_is_flagged() -> None:
    text = ASCIIDOC.read_text(encoding="utf-8")
    result = get_reader("blank-blocks").read(text, str(ASCIIDOC))
    assert any(entry.term.startswith("=== ") for entry in result.entries)
    checks = {finding.check for finding in check_read(text, result, str(ASCIIDOC))}
    assert "labels-with-markup" in checks


def test_a_carpentries_reference_page_of_bold_term_paragraphs_is_read_as_terms() -> None:
    for name in ("reference.md", "reference_glossary_only.md"):
        path = REFERENCE / name
        assert _surest(path) == "markdown-bold-paragraphs", name
        read = read_source(load_text(path))
        terms = [entry.term for entry in read.result.entries]
        assert terms[:3] == ["Autolyse", "Bench Scraper", "Crumb"] and len(terms) == 7, name
        assert [term.term for term in read_human_glossary([str(path)])] == terms


def test_the_command_summary_above_the_glossary_is_reported_not_read() -> None:
    read = read_source(load_text(REFERENCE / "reference.md"))
    unused = {u.line for u in read.result.unused}
    table = [n for n, line in enumerate((REFERENCE / "reference.md").read_text().splitlines(), 1)
             if line.startswith("|")]
    assert table and set(table) <= unused
    assert all(entry.line > max(table) for entry in read.result.entries)


def test_a_long_reference_page_is_no_one_term_page_for_detection() -> None:
    """A page of many bold-term paragraphs under `## Glossary` is not claimed by the
    one-term-per-page reader (whose read refuses a page that long)."""
    head = (REFERENCE / "reference_glossary_only.md").read_text(encoding="utf-8")
    extra = "".join(f"\n**Term {n}:** A made-up word, number {n}, for length.\n" for n in range(400))
    scored = dict((reader.name, score) for score, reader in rank_readers(head + extra))
    assert scored["markdown-frontmatter"] < scored["markdown-bold-paragraphs"]


def test_a_page_build_reads_after_a_refusal_is_read_the_same_against_an_extraction(tmp_path: Path) -> None:
    """The one-term-page reader refuses a titled page of eight sections ('a long page'); the
    build then takes the next reader's read, and so does the extractor's human-glossary read."""
    glossary = tmp_path / "knots.md"
    body = "".join(f"## Knot {n}\n\nA knot {n} is a way of tying a line that sailors use on deck.\n\n"
                   for n in ("one", "two", "three", "four", "five", "six", "seven", "eight"))
    glossary.write_text("---\ntitle: Knots on deck\n---\n\n" + body, encoding="utf-8")
    built = [entry.term for entry in read_source(load_text(glossary)).result.entries]
    assert len(built) == 8
    assert [term.term for term in read_human_glossary([str(glossary)])] == built
