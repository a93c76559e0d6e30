"""Heading attribute lists (`{#id .class key=val}`, kramdown's `{: #id}`) are markup, never term.

mdBook and Pandoc pages write `#### Beam : {.beam}` or `## Bight {#bight .term}`: every heading
reader takes the attribute list (and a ` :` before it) off the label, keeps an `#id` as the
heading's anchor (an in-page link `[…](#id)` names that heading's term), and a label that
still holds one is flagged by the read check.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import FIXTURES
from termbase.build import read_source
from termbase.model import Entry, ReadResult
from termbase.read_checks import check_read
from termbase.readers import get_reader, rank_readers
from termbase.readers.markup.markdown_parsing import heading_attributes
from termbase.sources import load_text

HERE = FIXTURES / "heading_attributes"


@pytest.mark.parametrize(
    ("heading", "expected"),
    [
        ("Beam : {.beam}", ("Beam", "")),
        ("Bight {#bight .term}", ("Bight", "bight")),
        ('Bowline {#bowline .term data-level="basic"}', ("Bowline", "bowline")),
        ("Hitch {: #hitch}", ("Hitch", "hitch")),
        ("Appendix {-}", ("Appendix", "")),
        ("Set {a, b}", ("Set {a, b}", "")),  # braces holding words are the term's own
        ("{#only-an-id}", ("{#only-an-id}", "")),  # nothing else to name the term
        ("Plain heading", ("Plain heading", "")),
    ],
)
def test_heading_attributes_split_off(heading: str, expected: tuple[str, str]) -> None:
    assert heading_attributes(heading) == expected


def _terms(path: Path) -> list[Entry]:
    return list(read_source(load_text(path)).result.entries)


def test_mdbook_headings_with_a_class_after_a_colon_give_clean_terms() -> None:
    entries = _terms(HERE / "sailing_terms.md")
    assert [e.term for e in entries] == ["Beam", "Boom", "Cleat", "Jib", "Tack"]
    assert entries[0].definition == "The width of a boat at its widest point."


def test_pandoc_ids_are_anchors_that_in_page_links_resolve_to() -> None:
    path = HERE / "knots.md"
    read = get_reader("markdown-headings").read(path.read_text(encoding="utf-8"), str(path))
    by_term = {e.term: e for e in read.entries}
    assert list(by_term) == ["Bight", "Bowline", "Hitch", "Overhand Knot", "Stopper"]
    assert by_term["Stopper"].see_also == ("Overhand Knot",)  # the link's text was 'the simplest knot'
    built = {e.term: e for e in _terms(path)}
    assert "Stopper" in built["Overhand Knot"].labels  # the pointer entry folds into its target


def test_a_term_page_heading_loses_its_attribute_list() -> None:
    path = HERE / "clove_hitch.md"
    assert rank_readers(path.read_text(encoding="utf-8"), str(path))[0][1].name == "markdown-term-page"
    (entry,) = _terms(path)
    assert entry.term == "Clove Hitch"


def test_a_label_that_keeps_an_attribute_list_or_heading_marks_is_flagged() -> None:
    text = (HERE / "sailing_terms.md").read_text(encoding="utf-8")
    kept = (("Beam : {.beam}", "Boom : {.boom}"), ("Beam {#b}", "Boom {#c}"), ("#### Beam", "#### Boom"))
    for labels in kept:
        entries = tuple(
            Entry("x.md", 3 + 3 * i, 4 + 3 * i, label, (label,), "A definition of some length here.")
            for i, label in enumerate((*labels, "Cleat", "Jib"))
        )
        checks = {f.check for f in check_read(text, ReadResult(entries, ()), "x.md")}
        assert "labels-with-markup" in checks, labels


def test_a_details_page_title_and_letter_divider_lose_their_attribute_lists() -> None:
    pairs = (("Kiln", "An oven for firing clay."), ("Slip", "Clay thinned with water."), ("Glaze", "A coat."))
    blocks = "".join(f"<details>\n<summary>{t}</summary>\n\n{d}\n\n</details>\n\n" for t, d in pairs)
    result = get_reader("markdown-details").read(f"# Glossary {{#top}}\n\n## A {{#a}}\n\n{blocks}", "d.md")
    assert result.title == "Glossary" and [e.term for e in result.entries] == ["Kiln", "Slip", "Glaze"]
    assert {u.line: u.reason for u in result.unused} == {1: "page title", 3: "letter divider"}
