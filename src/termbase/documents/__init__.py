"""Chapters → documents: one parser per markup (Markdown, reST, AsciiDoc, HTML, PreTeXt).

`read_document(path)` loads a chapter file (binary, non-UTF-8, empty and oversized files
are refused with an InputError saying what to do) and parses it by its suffix, or by
its content when the suffix says nothing. Parsers are imported when first needed.
"""

from __future__ import annotations

from pathlib import Path

from termbase.documents.model import Document
from termbase.errors import InputError
from termbase.sources import load_text

#: Chapters larger than this are refused: no course chapter is this big, a data dump is.
MAX_CHAPTER_BYTES = 8 * 1024 * 1024

_FORMATS = {
    ".md": "markdown", ".markdown": "markdown", ".mdx": "markdown", ".rmd": "markdown", ".qmd": "markdown",
    ".rst": "rst", ".rest": "rst", ".txt": "rst",
    ".adoc": "asciidoc", ".asciidoc": "asciidoc", ".asc": "asciidoc",
    ".html": "html", ".htm": "html", ".xhtml": "html",
    ".ptx": "pretext",
    ".ipynb": "notebook",
}


def document_format(path: Path, text: str) -> str:
    """Return the markup of a chapter: from its suffix, else from how its text starts."""
    known = _FORMATS.get(path.suffix.lower())
    if known:
        return known
    head = text.lstrip()[:500].lower()
    if head.startswith("<?xml") and ("<pretext" in head or "<chapter" in head or "<section" in head):
        return "pretext"
    if head.startswith(("<!doctype html", "<html", "<?xml")) or "<body" in head:
        return "html"
    return "markdown"


def parse_text(text: str, path: str, format_name: str) -> Document:
    """Return `text` parsed as `format_name` (markdown, rst, asciidoc, html, pretext)."""
    if format_name == "markdown":
        from termbase.documents.markdown import parse_markdown

        return parse_markdown(text, path)
    if format_name == "rst":
        from termbase.documents.rst import parse_rst

        return parse_rst(text, path)
    if format_name == "asciidoc":
        from termbase.documents.asciidoc import parse_asciidoc

        return parse_asciidoc(text, path)
    if format_name == "html":
        from termbase.documents.html import parse_html

        return parse_html(text, path)
    if format_name == "notebook":
        from termbase.documents.notebook import parse_notebook

        return parse_notebook(text, path)
    if format_name == "pretext":
        from termbase.documents.pretext import parse_pretext

        return parse_pretext(text, path)
    raise InputError(f"unknown chapter format {format_name!r}", path=path,
                     hint="use markdown, rst, asciidoc, html, pretext or notebook")


def read_document(path: Path, name: str | None = None) -> Document:
    """Load and parse one chapter file; `name` is the path to record (default: as given).

    Raises InputError for a file that cannot be read as a chapter.
    """
    shown = name or str(path)
    try:
        size = path.stat().st_size
    except OSError as error:
        raise InputError(error.strerror.lower() if error.strerror else "cannot be read", path=shown,
                         hint="check the path") from None
    if size > MAX_CHAPTER_BYTES:
        raise InputError(
            f"chapter is {size / (1024 * 1024):.1f} MiB, over the {MAX_CHAPTER_BYTES // (1024 * 1024)} MiB "
            "a chapter may have",
            path=shown,
            hint="split it into chapters, or leave it out if it is data rather than prose",
        )
    text = load_text(path).text
    return parse_text(text, shown, document_format(path, text))
