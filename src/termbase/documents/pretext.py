"""PreTeXt chapters (XML) → Document, parsed by lxml.

PreTeXt says what things are: `<term>` marks a term where it is defined, `<definition>`
holds a formal definition, `<exercise>`, `<activity>`, `<solution>` … are exercises,
`<program>`, `<console>` and `<pre>` are code, `<idx>` index entries are dropped.
"""

from __future__ import annotations

from lxml import etree

from termbase.documents.builder import word_set
from termbase.documents.model import ASIDE, CODE_SPAN, DFN, EMPHASIS, EXERCISE, LINK, Document, Problem
from termbase.documents.tree import TreeWalker, Vocabulary

_SECTIONS = word_set(
    "book article part chapter section subsection subsubsection paragraphs appendix introduction conclusion"
    " preface frontmatter backmatter definition theorem example assemblage"
)

VOCABULARY = Vocabulary(
    headings=lambda name: 0,
    sections=_SECTIONS,
    title="title",
    blocks=word_set("p caption"),
    containers=word_set("statement ul ol dl li tabular row blockquote figure sidebyside pretext docinfo"),
    code=word_set("program console pre sage cd me men md mdn input output"),
    skip=word_set("idx index notation shorttitle plaintitle image video interactive docinfo bookinfo"),
    inline={"term": DFN, "em": EMPHASIS, "alert": EMPHASIS, "c": CODE_SPAN, "xref": LINK, "q": "", "url": ""},
    kinds={name: EXERCISE for name in word_set(
        "exercise exercises activity investigation project solution answer hint task reading-questions"
        " worksheet checkpoint")} | {name: ASIDE for name in word_set(
        "note remark warning insight aside biographical historical objectives outcomes observation")},
    list_items=word_set("li"),
    terms=frozenset(),
    definitions=frozenset(),
    cells=word_set("cell"),
)


def parse_pretext(text: str, path: str) -> Document:
    """Return the PreTeXt chapter `text` (read from `path`) as a Document."""
    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False, recover=False)
    try:
        root = etree.fromstring(text.encode("utf-8"), parser)
    except etree.XMLSyntaxError as error:
        line = error.lineno or 1
        problem = Problem(line, f"not well-formed XML: {error.msg}",
                          "fix the XML; nothing of this file was read")
        return Document(path, "pretext", "", (), (), problems=(problem,))
    walker = TreeWalker(VOCABULARY)
    walker.walk(root)
    title = next((s.title for s in walker.sections if s.title), "")
    return Document(path, "pretext", title, tuple(walker.sections), tuple(walker.blocks))
