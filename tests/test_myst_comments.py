"""A MyST `%` comment line is never shown to readers: it is no prose, and no term is taken from it."""

from __future__ import annotations

from pathlib import Path

from termbase.documents.markdown import parse_markdown
from termbase.extract import extract_glossary

PAGE = """\
# Tides

(tides-intro)=
Every harbour sees two high waters a day.
% The neap tide is a tide with the smallest range between high and low water.
A {term}`spring tide` comes twice a month.

```python
% not a comment inside code
```
"""


def test_a_myst_comment_line_is_dropped_and_code_is_kept() -> None:
    document = parse_markdown(PAGE, "tides.md")
    text = "\n".join(block.text for block in document.blocks)
    assert "neap tide" not in text
    assert "high waters a day" in text and "spring tide" in text  # the paragraph around it is kept
    assert "% not a comment inside code" in text


def test_a_percent_line_of_plain_markdown_is_text() -> None:
    document = parse_markdown("# Costs\n\nThe fee rose by\n% 5 this year, as planned.\n", "costs.md")
    assert "% 5 this year" in " ".join(block.text for block in document.blocks)


def test_no_term_is_taken_from_a_myst_comment(tmp_path: Path) -> None:
    (tmp_path / "tides.md").write_text(PAGE, encoding="utf-8")
    result = extract_glossary([tmp_path / "tides.md"], min_confidence=0.0)
    assert "neap tide" not in {entry.term.lower() for entry in (*result.entries, *result.review)}
