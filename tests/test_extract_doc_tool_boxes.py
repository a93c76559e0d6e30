"""Boxes of documentation tools are read as boxes of Markdown, not as code: MkDocs admonitions
(`!!! note`, `??? tip`) and content tabs (`=== "Linux"`), and MyST directives in backtick fences
(```{note}); a Quarto callout (`::: {.callout-tip}`) is read as the text it holds."""

from __future__ import annotations

from pathlib import Path

from termbase.documents.markdown import parse_markdown
from termbase.documents.model import ASIDE, CODE, PROSE, TERM_ROLE
from termbase.extract import extract_glossary

_PAGE = """# Deck gear

!!! note "Worth knowing"

    A **cleat** is a fitting that holds a rope fast.

    Two turns are enough.

??? tip

    A **fairlead** is a ring that guides a line.

=== "Small boats"

    A **bollard** is a short post on a quay.

```{note}
:class: dropdown
A **fender** is a cushion hung over the side.
```

::: {.callout-tip}
A **winch** is a drum that pulls a line in.
:::

```{code-cell} python
knots = 3
```

    indented code stays code
"""


def test_doc_tool_boxes_are_read_as_text_on_their_own_lines() -> None:
    document = parse_markdown(_PAGE, "deck.md")
    found = {b.text: b for b in document.blocks}
    cleat = found["A cleat is a fitting that holds a rope fast."]
    assert (cleat.kind, cleat.label, cleat.line) == (ASIDE, "note", 5)
    assert found["Two turns are enough."].kind == ASIDE
    assert found["A fairlead is a ring that guides a line."].kind == ASIDE
    assert found["A bollard is a short post on a quay."].kind == PROSE
    fender = found["A fender is a cushion hung over the side."]
    assert (fender.kind, fender.label, fender.line) == (ASIDE, "note", 19)
    assert found["A winch is a drum that pulls a line in."].kind == PROSE
    assert found["knots = 3\n"].kind == CODE
    assert found["indented code stays code\n"].kind == CODE


def test_terms_defined_inside_doc_tool_boxes_are_extracted(tmp_path: Path) -> None:
    (tmp_path / "deck.md").write_text(_PAGE, encoding="utf-8")
    result = extract_glossary([tmp_path], min_confidence=0.6)
    kept = {e.term for e in result.entries}
    assert {"cleat", "fairlead", "bollard", "fender", "winch"} <= kept


def test_a_projects_own_term_role_marks_a_term_as_the_term_role_does() -> None:
    page = ("# Lines\n\nA line that lifts a sail is called a {dterm}`halyard`.\n\n"
            "Coil the {dterm}`rope end <bitter end>` before you leave.\n")
    document = parse_markdown(page, "lines.md")
    spans = [(span.kind, span.target) for block in document.blocks for span in block.spans]
    assert spans == [(TERM_ROLE, "halyard"), (TERM_ROLE, "bitter end")]
