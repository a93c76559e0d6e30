"""AsciiDoc text folded into a `[%collapsible]` block is the page's own text: its `** *term*: text` items
explain terms. A folded block titled as an answer or hint stays set apart."""

from __future__ import annotations

from pathlib import Path

from termbase.documents.asciidoc import parse_asciidoc
from termbase.documents.model import ASIDE, LIST_ITEM
from termbase.extract import extract_glossary

HARBOUR = """\
= Running a harbour

== Charges
.click to expand
[%collapsible]
====
* The berth office sets the rules for mooring. Its charges are:
** *mooring charge*: This is the smallest sum a skipper pays to tie up at a berth.
** *hull charge*: A charge that grows with the length of the hull.
** *cargo charge*: A charge proportional to the mass of the cargo unloaded.
====

== Practice
.Answer
[%collapsible]
====
* *stern line*: A rope run from the back of the boat to the quay.
====
"""


def test_a_folded_block_keeps_its_list_items_as_the_pages_own_text() -> None:
    document = parse_asciidoc(HARBOUR, "harbour.adoc")
    kinds = {block.text.split(":")[0]: block.kind for block in document.blocks if ":" in block.text}
    assert kinds["mooring charge"] == LIST_ITEM
    assert kinds["hull charge"] == LIST_ITEM
    assert kinds["stern line"] == ASIDE  # folded under 'Answer': set apart


def test_terms_explained_by_folded_list_items_are_extracted(tmp_path: Path) -> None:
    (tmp_path / "harbour.adoc").write_text(HARBOUR, encoding="utf-8")
    result = extract_glossary([tmp_path / "harbour.adoc"])
    found = {entry.term.lower(): entry for entry in result.entries}
    assert {"mooring charge", "hull charge", "cargo charge"} <= set(found)
    # "This is …" glosses the label through a pronoun standing for it
    assert found["mooring charge"].definition.startswith("This is the smallest sum")
    assert "stern line" not in found
