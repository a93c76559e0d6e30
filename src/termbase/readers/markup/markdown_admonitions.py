"""Markdown pages of titled admonitions: MkDocs `??? note "Term"` collapsibles over their text.

Example (the shape, written for the tests)::

    # Glossary

    ??? note "Warp"
        The threads held taut along the loom.

    ???+ info "Heddle"
        A cord with an eye that lifts one warp thread.

MkDocs Material (pymdownx `details` and `admonition`) writes expandable glossary items as
`??? type "Title"` (`???+` opens it by default; `!!! type "Title"` is the same block, always
open), the body indented below it; Docusaurus writes `:::type[Title]` (or `:::type Title`) up to
a closing `:::`; Obsidian and GitHub write `> [!note] Title` over `> `-quoted lines. Each
titled block is one entry: its title the term, its body (Markdown) the
definition. Untitled blocks (`!!! note` alone) and titled blocks among other page text are
notes of a page, not its entries: a page is read this way only when its titled blocks hold
most of its text. Front matter, headings (letter dividers among them) and every other line are
reported.
"""

from __future__ import annotations

import re
import textwrap

from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.markup.markdown_parsing import markdown_entry
from termbase.readers.page_text import REASON_DIVIDER, REASON_HEADING, REASON_TITLE, is_letter_divider, tidy

REASON_FRONT_MATTER = "front matter"
REASON_OUTSIDE = "page text outside the titled admonitions"
REASON_NO_DEFINITION = "admonition with no title or no text"

#: MkDocs: `??? note "Term"`, `???+ tip "Term"`, `!!! info "Term"` (the type may carry classes).
_MKDOCS = re.compile(
    r"^(?P<indent>[ \t]*)(?:\?\?\?\+?|!!!)\s+[\w-]+(?:\s+[\w-]+)*(?:\s+\"(?P<title>[^\"]*)\")?\s*$"
)
#: Docusaurus: `:::note[Term]`, `:::note Term`, closed by a line `:::`.
_DOCUSAURUS = re.compile(
    r"^(?P<indent>[ \t]*):::[\w-]+(?:\[(?P<bracket>[^\]]*)\]|[ \t]+(?P<title>\S.*?))?\s*(?:\{[^}]*\})?\s*$"
)
_FENCE_CLOSE = re.compile(r"^[ \t]*:::\s*$")
#: Obsidian / GitHub callouts: `> [!note] Term` (`[!tip]-`, `[!tip]+` fold), the body on `> ` lines.
_CALLOUT = re.compile(r"^(?P<indent>[ \t]*)>[ \t]*\[!(?P<kind>[\w-]+)\][+-]?(?:[ \t]+(?P<title>\S.*?))?\s*$")
_QUOTED = re.compile(r"^[ \t]*>")
_HEADING = re.compile(r"^(?P<marks>#{1,6})\s+(?P<text>.*?)\s*#*\s*$")
#: A title is a term: at most this many words, not a sentence.
MAX_TERM_WORDS = 10
#: The page needs this many titled blocks with text, holding this share of its text lines.
MIN_ENTRIES = 2
MIN_SHARE = 0.6


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _blocks(lines: list[str]) -> list[tuple[int, int, str]]:
    """Return (first, end, title) line indexes of each outermost admonition (end exclusive)."""
    blocks: list[tuple[int, int, str]] = []
    index = 0
    while index < len(lines):
        line = lines[index].expandtabs(4)
        mkdocs, docusaurus = _MKDOCS.match(line), _DOCUSAURUS.match(line)
        callout = _CALLOUT.match(line) if not (mkdocs or docusaurus) else None
        if callout:
            end = index + 1
            while end < len(lines) and _QUOTED.match(lines[end]) and not _CALLOUT.match(lines[end]):
                end += 1
            blocks.append((index, end, callout["title"] or ""))
            index = end
        elif mkdocs:
            margin = len(mkdocs["indent"])
            end = index + 1
            while end < len(lines) and (not lines[end].strip() or _indent(lines[end].expandtabs(4)) > margin):
                end += 1
            while end > index + 1 and not lines[end - 1].strip():
                end -= 1
            blocks.append((index, end, mkdocs["title"] or ""))
            index = end
        elif docusaurus and not _FENCE_CLOSE.match(line):
            end = index + 1
            depth = 1
            while end < len(lines) and depth:
                if _FENCE_CLOSE.match(lines[end]):
                    depth -= 1
                elif _DOCUSAURUS.match(lines[end]):
                    depth += 1
                end += 1
            blocks.append((index, end, docusaurus["bracket"] or docusaurus["title"] or ""))
            index = end
        else:
            index += 1
    return blocks


def _body(lines: list[str], first: int, end: int) -> str:
    """Return an admonition's body as Markdown: indented lines dedented, a closing `:::` left out,
    a callout's `> ` marks taken off."""
    body = lines[first + 1 : end]
    if _CALLOUT.match(lines[first]):
        body = [re.sub(r"^[ \t]*>[ \t]?", "", line) for line in body]
    if body and _FENCE_CLOSE.match(body[-1]):
        body = body[:-1]
    return textwrap.dedent("\n".join(line.expandtabs(4) for line in body)).strip()


def _front_matter_lines(lines: list[str]) -> int:
    """Return how many lines the page's front matter (`---` … `---`, or `+++` … `+++`) takes, or 0."""
    fence = lines[0].strip() if lines else ""
    if fence not in ("---", "+++"):
        return 0
    closing = next((i for i in range(1, len(lines)) if lines[i].strip() in (fence, "...")), -1)
    return closing + 1 if closing > 0 else 0


def _is_term(title: str) -> bool:
    words = tidy(re.sub(r"[*`_]", " ", title)).split()
    return 0 < len(words) <= MAX_TERM_WORDS and not title.rstrip().endswith((".", "?", "!"))


class MarkdownAdmonitionsReader:
    """Reads MkDocs `??? note "Term"` and Docusaurus `:::note[Term]` blocks as entries."""

    name = "markdown-admonitions"
    description = "titled admonitions: MkDocs `??? note \"Term\"`, Docusaurus `:::tip[Term]`, `> [!tip] Term`"

    def detect(self, text: str) -> float:
        """Return 0.9 when two or more titled blocks with text hold most of the page's text lines."""
        if "???" not in text and "!!!" not in text and ":::" not in text and "[!" not in text:
            return 0.0
        lines = text.splitlines()
        titled = [(f, e) for f, e, title in _blocks(lines) if _is_term(title) and _body(lines, f, e)]
        if len(titled) < MIN_ENTRIES:
            return 0.0
        inside = sum(1 for f, e in titled for n in range(f, e) if lines[n].strip())
        skipped = _front_matter_lines(lines)
        content = sum(
            1 for n, line in enumerate(lines)
            if n >= skipped and line.strip() and not _HEADING.match(line.strip())
        )
        return 0.9 if content and inside / content >= MIN_SHARE else 0.0

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per titled admonition and a reason for every other line."""
        lines = text.splitlines()
        entries: list[Entry] = []
        unused: list[Unused] = []
        covered: set[int] = set()
        for first, end, title in _blocks(lines):
            covered.update(range(first, end))
            body = _body(lines, first, end)
            term = tidy(title)
            if not _is_term(title) or not body:
                unused.extend(
                    Unused(source, n + 1, lines[n].strip(), REASON_NO_DEFINITION)
                    for n in range(first, end)
                    if lines[n].strip()
                )
                continue
            entries.append(markdown_entry(source, first + 1, end, term, body))
        skipped = _front_matter_lines(lines)
        page_title = ""
        for index, line in enumerate(lines):
            stripped = line.strip()
            if not stripped or index in covered:
                continue
            heading = _HEADING.match(stripped)
            if index < skipped:
                reason = REASON_FRONT_MATTER
            elif heading:
                words = tidy(heading.group("text"))
                if len(heading.group("marks")) == 1 and not page_title:
                    page_title, reason = words, REASON_TITLE
                else:
                    reason = REASON_DIVIDER if is_letter_divider(words) else REASON_HEADING
            else:
                reason = REASON_OUTSIDE
            unused.append(Unused(source, index + 1, stripped, reason))
        return entries_and_unused(entries, unused, page_title)
