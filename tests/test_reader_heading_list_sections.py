"""A page of term headings with a section of one-line bold-term items (`## Abbreviations`)."""

from __future__ import annotations

from termbase.read_checks import check_read
from termbase.readers.markup.markdown_headings import MarkdownHeadingsReader

PAGE = """# Glossary

## B

### Batch window

The hours at night when the ledger jobs run.

### Buffer table

A table that holds rows before they are checked.

## L

### Ledger

The book of record for every posting.

## Abbreviations

- **ETL** - Extract, Transform, Load
- **SLA** - Service Level Agreement (promised response time)
- **CI/CD** - Continuous Integration / Continuous Delivery

## See also

Ask the data team for anything missing.
"""


def test_a_bold_item_section_among_term_headings_is_entries() -> None:
    result = MarkdownHeadingsReader().read(PAGE, "g.md")
    read = {e.term: e for e in result.entries}
    assert list(read) == ["Batch window", "Buffer table", "Ledger", "ETL", "SLA", "CI/CD"]
    assert read["ETL"].definition == "Extract, Transform, Load" and read["ETL"].line == 21
    assert read["SLA"].definition.startswith("Service Level Agreement")
    assert any(u.line == 27 for u in result.unused)  # prose under a later heading is still reported


def test_a_section_mixing_items_and_prose_is_not_read_but_reported() -> None:
    page = PAGE.replace("- **SLA**", "Some words first.\n\n- **SLA**")
    result = MarkdownHeadingsReader().read(page, "g.md")
    assert [e.term for e in result.entries] == ["Batch window", "Buffer table", "Ledger"]
    findings = check_read(page, result, "g.md")
    untaken = [f for f in findings if f.check == "untaken-term-lines"]
    assert untaken and "3 line(s)" in untaken[0].message and untaken[0].line == 21
