"""A word processor's HTML export (Google Docs: bold set by a stylesheet class, not `<b>`), as a
fixture of our own words: each paragraph opening with a bold term and a colon is one entry."""

from __future__ import annotations

from termbase.build import read_source
from termbase.sources import SourceText

ROWS = (
    ("c4", "Bobbin", "A small spool that holds thread."),
    ("c4", "Dobby", "A loom part that lifts shafts in order."),
    ("c4", "Jacquard", "A loom lifting each thread alone."),
)
EXPORT = (
    '<html><head><meta content="text/html; charset=UTF-8" http-equiv="content-type">'
    '<style type="text/css">.c4{font-weight:700;color:#000}.c2{font-weight:400}.c0{margin:0}</style></head>\n'
    '<body class="doc-content"><p class="c0 title"><span class="c4">Loom Words</span></p>\n'
    + "".join(
        f'<p class="c0"><span class="{bold}">{term}</span><span class="c2">: {body}</span></p>\n'
        for bold, term, body in ROWS
    )
    + '<p class="c0"><span style="font-weight:bold">Selvedge</span>'
    "<span>: The woven edge of a cloth.</span></p>\n"
    "</body></html>\n"
)


def test_bold_set_by_a_stylesheet_class_marks_the_terms():
    source = read_source(SourceText("glossary.html", EXPORT))
    assert source.source.reader == "html"
    assert [(e.term, e.definition) for e in source.result.entries] == [
        ("Bobbin", "A small spool that holds thread."),
        ("Dobby", "A loom part that lifts shafts in order."),
        ("Jacquard", "A loom lifting each thread alone."),
        ("Selvedge", "The woven edge of a cloth."),
    ]


def test_without_the_stylesheet_the_spans_are_plain_text():
    plain = EXPORT.replace("font-weight:700", "font-style:italic").replace("font-weight:bold", "color:red")
    try:
        source = read_source(SourceText("glossary.html", plain))
    except Exception as error:
        assert "no reader" in str(error)
    else:
        assert [e.term for e in source.result.entries] != ["Bobbin", "Dobby", "Jacquard", "Selvedge"]


WIKI = (
    "<!DOCTYPE html><html><head><title>Glossary of weaving</title></head><body>\n"
    '<div class="mw-parser-output"><p>Words used in weaving.</p>\n'
    '<h2><span class="mw-headline" id="B">B</span><span class="mw-editsection">[edit]</span></h2>\n'
    "<dl><dt>bobbin</dt><dd>A small spool that holds thread."
    '<sup class="reference"><a href="#c1">[1]</a></sup></dd>\n'
    "<dt>dobby</dt><dd>A loom part that lifts shafts in order.</dd>\n"
    "<dt>draft</dt><dd>A drawing of how a cloth is threaded."
    '<sup class="noprint">[citation needed]</sup></dd></dl>\n'
    "</div></body></html>\n"
)


def test_a_wiki_pages_footnote_marks_are_no_text():
    entries = read_source(SourceText("glossary.html", WIKI)).result.entries
    assert [(e.term, e.definition) for e in entries] == [
        ("bobbin", "A small spool that holds thread."),
        ("dobby", "A loom part that lifts shafts in order."),
        ("draft", "A drawing of how a cloth is threaded."),
    ]
