"""The markdown-bold reader's one-line path (a page whose every line is one `- **Term**: def`
item, read without a Markdown parse) reads exactly what the parse reads, and pages of any
other shape still go through the parse."""

from __future__ import annotations

import pytest

import termbase.readers.markup.markdown_bold as markdown_bold

READER = markdown_bold.MarkdownBoldReader()

ONE_LINE_PAGES = [
    "- **Kiln**: An oven for firing clay.\n- **Glaze**: A glassy coat.\n- **Slip**: Liquid clay.\n",
    "* **Kiln:** An oven.\n* **Glaze** — A coat.\n* **Slip** - Liquid clay.",
    "+ __Kiln__: oven\r\n+ __Bisque / Biscuit__: once-fired ware\r\n",
    "- **GPU (Graphics Processing Unit)**: a chip, see [notes](https://example.org/n).\n- **Wedge**:\n",
    "- **Kiln**: An oven.\n",
]
PARSED_PAGES = [
    "- **Kiln**: An oven.\n\n- **Glaze**: A coat.\n",  # a blank line: a loose list
    "- **Kiln**: An oven.\n* **Glaze**: A coat.\n",  # two bullets: two lists
    "- **Kiln**: An oven\n1. **Glaze**: A coat.\n",  # a lazy line, not an item
    "-     **Kiln**: indented code\n- **Glaze**: A coat.\n",
    "- **Kiln** An oven.\n- **Glaze**: A coat.\n",  # no separator
    "# Glossary\n- **Kiln**: An oven.\n- **Glaze**: A coat.\n",
    "- **Kiln**: An oven.\u2028- **Glaze**: A coat.\n",  # a line break Markdown does not know
]


def parsed(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[float, object]:
    """Return (detect, read) of `text` through the Markdown parse only."""
    with monkeypatch.context() as patch:
        patch.setattr(markdown_bold, "_one_line_items", lambda text: None)
        return READER.detect(text), READER.read(text, "page.md")


@pytest.mark.parametrize("text", ONE_LINE_PAGES)
def test_one_line_pages_read_as_the_parse_reads_them(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert markdown_bold._one_line_items(text) is not None
    assert (READER.detect(text), READER.read(text, "page.md")) == parsed(text, monkeypatch)


@pytest.mark.parametrize("text", PARSED_PAGES)
def test_other_pages_are_parsed(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert markdown_bold._one_line_items(text) is None
    assert (READER.detect(text), READER.read(text, "page.md")) == parsed(text, monkeypatch)
