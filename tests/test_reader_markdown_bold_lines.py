"""Markdown bold term lines (`**Term**` alone on a line, the definition below it), and HTML heading stubs."""

from __future__ import annotations

from termbase.build import read_source
from termbase.readers.base import unaccounted_lines
from termbase.readers.markup.markdown_bold_lines import MarkdownBoldLinesReader
from termbase.sources import SourceText

PAGE = """# Workshop words

Words we use at the pottery bench.

**Kiln**
An oven that fires clay until it is hard.

**Glaze**{hard_break}
A glassy coat fused onto pottery.

- it may be clear
- it may be coloured

**Slip (liquid clay)**
Clay thinned with water, used to join pieces.

## Tools

**Rib**
A flat tool that smooths the wall of a pot.
""".format(hard_break="  ")


def test_each_bold_line_opens_an_entry_and_the_blocks_below_are_its_definition():
    result = MarkdownBoldLinesReader().read(PAGE, "words.md")
    assert [e.term for e in result.entries] == ["Kiln", "Glaze", "Slip (liquid clay)", "Rib"]
    glaze = result.entries[1]
    assert glaze.definition.startswith("A glassy coat") and "coloured" in glaze.definition
    assert (glaze.line, glaze.end_line) == (8, 12)
    assert {u.line for u in result.unused} == {1, 3, 17}  # title, intro, heading
    assert unaccounted_lines(PAGE, result) == []


def test_the_shape_is_recognised_and_read_unflagged():
    read = read_source(SourceText("words.md", PAGE))
    assert read.source.reader == "markdown-bold-lines"
    assert read.findings == ()


def test_bold_inside_a_sentence_opens_no_entry():
    text = "# Notes\n\nThis is **not** a term line.\n\nNor **is** this one.\n\nOr **this**.\n"
    assert MarkdownBoldLinesReader().detect(text) == 0.0


def test_html_headings_with_no_definition_are_terms_too():
    from termbase.readers.markup.html_glossary import HtmlGlossaryReader

    page = (
        "<html><body><h1>Workshop words</h1>\n<h4>Kiln</h4>\n<p>An oven that fires clay.</p>\n"
        "<h4>Glaze</h4>\n<p>A glassy coat on pottery.</p>\n<h4>Slip</h4>\n<h4>Wedging</h4>\n"
        "<p>Kneading clay to push air out.</p>\n<h4>Bisque</h4>\n</body></html>\n"
    )
    result = HtmlGlossaryReader().read(page, "words.html")
    assert [(e.term, bool(e.definition)) for e in result.entries] == [
        ("Kiln", True),
        ("Glaze", True),
        ("Slip", False),
        ("Wedging", True),
        ("Bisque", False),
    ]


def test_definition_list_terms_lose_their_bold_and_may_share_one_definition():
    from termbase.readers.markup.markdown_deflist import MarkdownDeflistReader

    page = (
        "# Words\n\n## K\n**Kiln**\n: An oven that fires clay.\n\n"
        "**Leather hard**\n**Cheese hard**\n: Clay dry enough to carve but still damp.\n\n"
        "**Slip** (_liquid clay_)\n: Clay thinned with water.\n"
    )
    result = MarkdownDeflistReader().read(page, "words.md")
    assert [e.labels for e in result.entries] == [
        ("Kiln",),
        ("Leather hard", "Cheese hard"),
        ("Slip (liquid clay)", "Slip"),  # name + lower-case kind (split_name_and_kind)
    ]
    assert result.entries[1].definition == "Clay dry enough to carve but still damp."
    assert unaccounted_lines(page, result) == []
