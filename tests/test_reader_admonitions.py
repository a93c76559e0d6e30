"""MkDocs and Docusaurus admonitions as glossary entries, and single Han characters as terms, as
fixtures of our own words: `??? note "Term"` collapsibles over indented text, `:::tip[Term]` blocks,
and `## 杼` (one kanji) headings among longer ones."""

from __future__ import annotations

from termbase.build import read_source
from termbase.sources import SourceText


def read(name: str, text: str):
    return read_source(SourceText(name, text))


MKDOCS = (
    "# Glossary\n\nWords used across the weaving pages.\n\n"
    '??? note "Warp"\n    The threads held taut along the loom.\n\n'
    '??? note "Weft"\n    The thread carried across the warp.\n    It is packed tight with the reed.\n\n'
    '???+ info "Heddle"\n    A cord with an eye that lifts one warp thread.\n\n'
    '!!! tip "Shed"\n\n    The gap opened between raised and lowered threads.\n\n'
    "!!! note\n    Each entry folds open when clicked.\n"
)


def test_titled_mkdocs_collapsibles_are_entries():
    source = read("glossary.md", MKDOCS)
    assert source.source.reader == "markdown-admonitions"
    entries = source.result.entries
    assert [(e.term, e.line, e.end_line) for e in entries] == [
        ("Warp", 5, 6), ("Weft", 8, 10), ("Heddle", 12, 13), ("Shed", 15, 17),
    ]
    assert entries[1].definition == "The thread carried across the warp.\nIt is packed tight with the reed."
    reasons = {u.line: u.reason for u in source.result.unused}
    assert reasons[1] == "page title" and source.result.title == "Glossary"
    assert reasons[19] == reasons[20] == "admonition with no title or no text"  # `!!! note` has no title
    assert not source.findings


DOCUSAURUS = (
    "---\ntitle: Glossary\n---\n\n"
    ":::info[Bobbin]\nA small spool that holds thread inside the shuttle.\n:::\n\n"
    ":::info[Dobby]\nA loom part that lifts shafts in a set order.\n:::\n\n"
    ":::info Jacquard\nA loom that lifts each warp thread on its own.\n:::\n"
)


def test_titled_docusaurus_admonitions_are_entries():
    source = read("glossary.mdx", DOCUSAURUS)
    assert source.source.reader == "markdown-admonitions"
    assert [(e.term, e.definition) for e in source.result.entries] == [
        ("Bobbin", "A small spool that holds thread inside the shuttle."),
        ("Dobby", "A loom part that lifts shafts in a set order."),
        ("Jacquard", "A loom that lifts each warp thread on its own."),
    ]


def test_a_few_notes_on_a_headings_page_leave_it_to_the_headings():
    page = (
        "# Glossary\n\n## Warp\n\nThe threads held taut along the loom, before any weaving starts.\n\n"
        '!!! tip "Tension"\n    Keep it even.\n\n'
        "## Weft\n\nThe thread carried across the warp by the shuttle, pass after pass.\n\n"
        "## Reed\n\nA comb that packs each pass of weft into the cloth.\n\n"
        '!!! warning "Care"\n    Never bend it.\n\n'
        "## Shed\n\nThe gap opened between raised and lowered threads for the shuttle.\n"
    )
    source = read("glossary.md", page)
    assert source.source.reader == "markdown-headings"
    assert [e.term for e in source.result.entries] == ["Warp", "Weft", "Reed", "Shed"]


def test_one_kanji_headings_are_terms_not_letter_dividers():
    page = (
        "# 用語集\n\n## 杼\n\n横糸を通すための道具。\n\n## 綜絖\n\n経糸を上下させるための部品。\n\n"
        "## 筬\n\n横糸を打ち込むための櫛のような道具。\n\n## 経糸\n\n織物の縦方向に張られた糸。\n"
    )
    source = read("glossary.md", page)
    assert [e.term for e in source.result.entries] == ["杼", "綜絖", "筬", "経糸"]
    # a kana letter is still an index letter
    kana = "# 用語集\n\n## あ\n\n### 藍染\n\n藍で布を染めること。\n\n### 編み機\n\n糸を編む機械。\n\n"
    kana += "## か\n\n### 絣\n\nかすれた模様の織物。\n\n### 機織り\n\n布を織ること。\n"
    assert [e.term for e in read("glossary.md", kana).result.entries] == ["藍染", "編み機", "絣", "機織り"]


def test_an_admonition_fence_inside_a_definition_leads_its_text():
    page = (
        "---\ntitle: Glossary\n---\n\nimport Tabs from '@theme/Tabs';\n\n"
        "### Bobbin\n\nA small spool that holds thread inside the shuttle.\n\n"
        "### Dobby\n\nA loom part that lifts shafts in a set order.\n\n:::tip[Switching]\n"
        "A dobby loom can be run by treadles.\n:::\n\n"
        "### Jacquard\n\nA loom that lifts each warp thread on its own.\n\n:::caution\nHeavy.\n:::\n\n"
        "### Selvedge\n\nThe tightly woven edge of a cloth.\n"
    )
    entries = {e.term: e.definition for e in read("glossary.mdx", page).result.entries}
    assert entries["Dobby"] == (
        "A loom part that lifts shafts in a set order.\n\nSwitching: A dobby loom can be run by treadles."
    )
    assert entries["Jacquard"].endswith("on its own.\n\nCaution: Heavy.")


def test_titled_callouts_are_entries():
    page = (
        "# Glossary\n\n"
        "> [!info] Warp\n> The threads held taut along the loom.\n\n"
        "> [!info]- Weft\n> The thread carried across the warp.\n> It is packed with the reed.\n\n"
        "> [!tip]+ Heddle\n> A cord with an eye that lifts one warp thread.\n\n"
        "> [!note]\n> Every callout here folds open.\n"
    )
    source = read("glossary.md", page)
    assert source.source.reader == "markdown-admonitions"
    assert [(e.term, e.definition) for e in source.result.entries] == [
        ("Warp", "The threads held taut along the loom."),
        ("Weft", "The thread carried across the warp.\nIt is packed with the reed."),
        ("Heddle", "A cord with an eye that lifts one warp thread."),
    ]
