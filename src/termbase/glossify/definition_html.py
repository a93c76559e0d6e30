"""Definitions as HTML for the MkDocs glossary page: MkDocs' own Markdown engine, many at once.

A glossary page shows the Markdown definition of every term the site uses: hundreds of short
texts. Python-Markdown spends most of a short text's time on fixed work (trying each of its
inline patterns, tidying and writing out the tree), so the texts that are one plain paragraph
(one line, no `\\`, `[`, `<` or `&`, not opening with a block mark) are rendered together, as
the paragraphs of one document, by an engine without the inline patterns such text cannot hold
(escapes, links, images, autolinks, raw HTML, entities, line breaks): each paragraph comes out
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
#: A one-line text (after its line ends) that may not be a plain paragraph, or may use an
#: inline pattern the lean engine lacks: a character those patterns need, Markdown's own
#: placeholders, a block mark at the start (heading, list, quote, code, raw HTML), a line of
#: a horizontal rule's marks, space at the end (kept by a paragraph alone, not between two).
_NOT_PLAIN_PARAGRAPH = re.compile(r"[\\\[<&\n\x02\x03]|^(?:\s|[#>]|[*+-]\s|\d+[.)]\s)|^[-*_ ]*$|\s$")
#: The inline patterns only these characters start (`\`, `[`, `<`, `&`, a line break).
_NEEDLESS_PATTERNS = (
    "escape", "reference", "link", "image_link", "image_reference", "short_reference", "short_image_ref",
    "autolink", "automail", "linebreak", "html", "entity",
)  # fmt: skip


class DefinitionRenderer:
    """Renders Markdown definitions as sanitised HTML (engines made on first use)."""

    def __init__(self) -> None:
        self._full: Any = None
        self._lean: Any = None

    def render(self, texts: Sequence[str]) -> list[str]:
        """Return each text as HTML, in order."""
        out = [""] * len(texts)
        together: list[int] = []
        for at, text in enumerate(texts):
            if not text.strip():
                continue
            if not MARKDOWN_MARKS.search(text):  # plain text: no need for the engine
                out[at] = f"<p>{html.escape(text.strip(), quote=False)}</p>"
            elif _NOT_PLAIN_PARAGRAPH.search(text.rstrip("\n")):
                out[at] = self._alone(text)
            else:
                together.append(at)
        if together:
            for at, done in zip(together, self._together([texts[at] for at in together]), strict=True):
                out[at] = done
        return out

    def _alone(self, text: str) -> str:
        from termbase.web.render import sanitize_html

        if self._full is None:
            from markdown import Markdown  # MkDocs' own Markdown engine, loaded already

            self._full = Markdown()
        return sanitize_html(self._full.reset().convert(text))

    def _together(self, texts: list[str]) -> list[str]:
        """Return one-paragraph texts rendered as the paragraphs of one document, each alone
        when that document does not come out as one `<p>` line per text."""
        from termbase.web.render import sanitize_html

        if self._lean is None:
            from markdown import Markdown

            self._lean = Markdown()
            for name in _NEEDLESS_PATTERNS:
                if name in self._lean.inlinePatterns:
                    self._lean.inlinePatterns.deregister(name)
        lines = self._lean.reset().convert("\n\n".join(text.rstrip("\n") for text in texts)).split("\n")
        one_each = len(lines) == len(texts)
        if not one_each or not all(line.startswith("<p>") and line.endswith("</p>") for line in lines):
            return [self._alone(text) for text in texts]
        return [sanitize_html(line) for line in lines]
