"""Pages of bold-term paragraphs, as fixtures of our own words (shapes of issue 12's aside24 batch,
tuned on after its first measure): `## A` letter headings (and one topic heading) over
`**Term** - definition` paragraphs, and bold terms that are code spans holding underscores."""

from __future__ import annotations

from termbase.build import read_source
from termbase.readers.markup.markdown_bold_paragraphs import MarkdownBoldParagraphsReader
from termbase.sources import SourceText


def read(name: str, text: str):
    return read_source(SourceText(name, text))


LETTERS = (
    "---\nsidebar_label: 'Glossary'\n---\n\n# Glossary\n\nWords these weaving notes use.\n\n"
    "## B\n\n**Bobbin** - A small spool that holds thread inside the shuttle.\n\n"
    "**Beater** - The frame that swings the reed against the cloth.\n\n"
    "## D\n\n**Dobby** - A loom part that lifts shafts in a set order.\n\n"
    "**Draft** - A drawing of how a cloth is threaded and woven.\n\n"
    "## S\n\n**Shed** - The gap opened between raised and lowered threads.\n\n"
    "**Shuttle** - A boat-shaped tool that carries the weft.\n\n"
    "## Further words\n\n**Float** - A thread that passes over several others.\n\n"
    "**Twill** - A weave whose floats step along in a diagonal.\n"
)


def test_bold_paragraphs_under_letter_headings_are_the_entries():
    source = read("glossary.md", LETTERS)
    assert source.source.reader == "markdown-bold-paragraphs"
    assert [e.term for e in source.result.entries] == [
        "Bobbin", "Beater", "Dobby", "Draft", "Shed", "Shuttle", "Float", "Twill",
    ]


CODE_TERMS = (
    "# Glossary\n\n## Settings\n\n"
    "**`max_picks`** — the most passes of weft a run may weave.\n\n"
    "**Pick rate** — passes woven in a minute.\n\n"
    "**`stop_reason`** — why the loom stopped: `done`, `break` or `empty`.\n\n"
    "**Warp tension** — how tight the warp is held.\n"
)


def test_a_bold_code_term_with_underscores_opens_its_own_entry():
    entries = MarkdownBoldParagraphsReader().read(CODE_TERMS, "glossary.md").entries
    assert [e.labels[0] for e in entries] == ["max_picks", "Pick rate", "stop_reason", "Warp tension"]
    assert entries[0].definition == "the most passes of weft a run may weave."
