"""Definitions as HTML for the MkDocs glossary page: MkDocs' own Markdown engine, many at once.

A glossary page shows the Markdown definition of every term the site uses: hundreds of short
texts. Python-Markdown spends most of a short text's time on fixed work (trying each of its
inline patterns, tidying and writing out the tree), so the texts that are one plain paragraph
(one line, no `\\`, `[`, `<` or `&`, not opening with a block mark) are rendered together, as
the paragraphs of one document, by an engine without the inline patterns such text cannot hold
(escapes, links, images, autolinks, raw HTML, entities, line breaks) and the block processors
it cannot need (headings, lists, quotes, code, rules, references): each paragraph comes out
as it would alone (Markdown renders a paragraph's inline text by itself). Any other text, or
a batch whose output is not one `<p>` line per text, is rendered alone by the full engine.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from typing import Any

#: Text with none of these renders as its escaped text in a `<p>`.
MARKDOWN_MARKS = re.compile(r"[*_`\[\]<>&\\#~!|]|^\s*(?:[-+>]|\d+[.)])\s|\n\s*\n", re.MULTILINE)
#: `MARKDOWN_MARKS` in two: its characters, and its block marks (at a line's start, or a blank line).
_MARK_CHARACTERS = re.compile(r"[*_`\[\]<>&\\#~!|]")
_BLOCK_MARK = re.compile(r"\s*(?:[-+>]|\d+[.)])\s")
#: A one-line text (after its line ends) that may not be a plain paragraph, or may use an
#: inline pattern the lean engine lacks: a character those patterns need, Markdown's own
#: placeholders, a block mark at the start (heading, list, quote, code, raw HTML), a line of
#: a horizontal rule's marks, space at the end (kept by a paragraph alone, not between two).
_NOT_PLAIN_CHARACTER = re.compile(r"[\\\[<&\n\x02\x03]")
_NOT_PLAIN_START = re.compile(r"\s|[#>]|[*+-]\s|\d+[.)]\s|[-*_ ]*$")
#: The inline patterns only these characters start (`\`, `[`, `<`, `&`, a line break).
_NEEDLESS_PATTERNS = (
    "escape", "reference", "link", "image_link", "image_reference", "short_reference", "short_image_ref",
    "autolink", "automail", "linebreak", "html", "entity",
)  # fmt: skip
#: The block processors that need what such a text cannot be or hold (a second line, a blank
#: one, leading space, a heading, list, quote or rule mark at its start, a `[`): each block of
#: the lean engine's document is one text, read as a paragraph.
_NEEDLESS_BLOCKS = (
    "empty", "indent", "code", "hashheader", "setextheader", "hr", "olist", "ulist", "quote", "reference",
)  # fmt: skip


def _marked(text: str) -> bool:
    """Return True if `text` holds one of `MARKDOWN_MARKS` (looked for a block mark at every
    position only in text of several lines: several times faster on one-line definitions)."""
    if _MARK_CHARACTERS.search(text):
        return True
    if "\n" in text:
        return MARKDOWN_MARKS.search(text) is not None
    return _BLOCK_MARK.match(text) is not None


def _plain_paragraph(text: str) -> bool:
    """Return True if `text` is one line that Markdown reads as a plain paragraph, holding no
    character of the inline patterns the lean engine lacks (see `_NOT_PLAIN_CHARACTER`)."""
    if text[-1:].isspace() or _NOT_PLAIN_START.match(text):
        return False
    return _NOT_PLAIN_CHARACTER.search(text) is None


def plain_html(text: str) -> str | None:
    """Return `text` as the HTML `DefinitionRenderer` makes of it when that needs no Markdown
    engine (blank text, or text holding none of `MARKDOWN_MARKS`: its escaped text in a `<p>`),
    else None."""
    if not text.strip():
        return ""
    if _marked(text):
        return None
    return f"<p>{html.escape(text.strip(), quote=False)}</p>"


class DefinitionRenderer:
    """Renders Markdown definitions as sanitised HTML (engines made on first use)."""

    def __init__(self) -> None:
        self._full: Any = None
        self._lean: Any = None

    @property
    def used_engine(self) -> bool:
        """True once some text needed the Markdown engine (its HTML depends on its version)."""
        return self._full is not None or self._lean is not None

    def render(self, texts: Sequence[str]) -> list[str]:
        """Return each text as HTML, in order."""
        out = [""] * len(texts)
        together: list[int] = []
        for at, text in enumerate(texts):
            plain = plain_html(text)
            if plain is not None:  # no need for the engine
                out[at] = plain
            elif not _plain_paragraph(text.rstrip("\n")):
                out[at] = self._alone(text)
            else:
                together.append(at)
        if together:
            for at, done in zip(together, self._together([texts[at] for at in together]), strict=True):
                out[at] = done
        return out

    def _alone(self, text: str) -> str:
        from termbase.web.sanitize import sanitize_html

        if self._full is None:
            from markdown import Markdown  # MkDocs' own Markdown engine, loaded already

            self._full = Markdown()
        return sanitize_html(self._full.reset().convert(text))

    def _together(self, texts: list[str]) -> list[str]:
        """Return one-paragraph texts rendered as the paragraphs of one document, each alone
        when that document does not come out as one `<p>` line per text."""
        from termbase.web.sanitize import sanitize_html

        if self._lean is None:
            from markdown import Markdown

            self._lean = Markdown()
            for name in _NEEDLESS_PATTERNS:
                if name in self._lean.inlinePatterns:
                    self._lean.inlinePatterns.deregister(name)
            for name in _NEEDLESS_BLOCKS:
                if name in self._lean.parser.blockprocessors:
                    self._lean.parser.blockprocessors.deregister(name)
        lines = self._lean.reset().convert("\n\n".join(text.rstrip("\n") for text in texts)).split("\n")
        one_each = len(lines) == len(texts)
        if not one_each or not all(line.startswith("<p>") and line.endswith("</p>") for line in lines):
            return [self._alone(text) for text in texts]
        # Sanitised in one go (one call instead of one a text): every tag in these lines is one
        # Markdown made and closed on its line (the texts hold no `<`), so none reaches the next.
        cleaned = sanitize_html("\n".join(lines)).split("\n")
        return cleaned if len(cleaned) == len(lines) else [sanitize_html(line) for line in lines]
