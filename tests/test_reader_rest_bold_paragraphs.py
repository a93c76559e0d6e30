"""reST pages whose entries are paragraphs opening with a bold term (no glossary directive), as a
fixture of our own words: leads with and without a separator, the text on the lead's line or below
it, named link targets inside a body, and bold names with no text."""

from __future__ import annotations

from termbase.build import read_source
from termbase.readers.markup.rest_bold_paragraphs import RestBoldParagraphsReader
from termbase.sources import SourceText

PAGE = (
    "Loom words\n==========\n\nThe words these pages use.\n\n"
    "Parts\n-----\n\n"
    "**Heddle** A cord with an eye that lifts one warp thread.\n\n"
    "**Reed**:\nA comb that beats the weft into place and\nkeeps the warp spaced evenly.\n\n"
    "See `Reed`_.\n\n.. _Reed: https://example.org/reed\n"
    "**Temple**\n\n"
    "**Shuttle**\n    A boat-shaped tool that carries the weft across.\n\n"
    "Actions\n-------\n\n"
    "**Beating** presses each new pass of weft against the cloth.\n\n"
    "**Picking**\n**Treadling**\n\n"
    "**Shedding** Opening a gap between the warp threads.\n"
)


def test_bold_lead_paragraphs_under_section_titles_are_entries():
    source = read_source(SourceText("loom.rst", PAGE))
    assert source.source.reader == "rest-bold-paragraphs"
    entries = {e.term: e for e in source.result.entries}
    assert list(entries) == ["Heddle", "Reed", "Shuttle", "Beating", "Shedding"]
    assert entries["Heddle"].definition == "A cord with an eye that lifts one warp thread."
    reed = entries["Reed"]
    assert reed.definition == (
        "A comb that beats the weft into place and keeps the warp spaced evenly.\n\nSee Reed."
    )
    assert reed.links == ("https://example.org/reed",)
    assert entries["Shuttle"].definition == "A boat-shaped tool that carries the weft across."
    assert entries["Beating"].definition.startswith("Beating presses each new pass")  # the term opens it
    assert source.result.title == "Loom words"
    reasons = {u.text: u.reason for u in source.result.unused}
    assert reasons["**Temple**"] == "term line with no definition after it"
    texts = {u.text for u in source.result.unused}
    assert {"**Picking**", "**Treadling**", "The words these pages use."} <= texts
    assert {f.check for f in source.findings} == {"term-lines-left-unread"}  # the bare names are said


def test_a_markdown_page_of_bold_paragraphs_is_left_to_the_markdown_readers():
    page = "# Loom words\n\n" + PAGE.split("Parts\n-----\n\n", 1)[1].replace("-------\n", "")
    assert RestBoldParagraphsReader().detect(page) == 0.0
    assert RestBoldParagraphsReader().detect(PAGE) > 0.5
