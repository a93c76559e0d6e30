"""Reader for bullet pairs: a term bullet saying where it is introduced, then a definition.

Shape (first seen in seed 001)::

    Glossary
    Every term, in one place
    - "aha moment" Introduced in §23 · GRPO & DeepSeek-R1
    - (its definition, as a bullet of its own)
    - 3D parallelism Introduced in §07 · Parallelism
    - Combining … (the next definition bullet)

A *term line* is a short term followed by an introduction marker (`Introduced in`,
`First introduced in`, `Defined in`, `First seen in`, `Introduced:`) and a locator:
`§23 · Title`, `Chapter 4: Title`, `Lesson 2 — Title`, a bare title, or a Markdown link
to any of these. Bullets (`-`, `*`, `•`, `+`, `–`) are optional. A lower-case marker
counts only after a separator (`bagging — introduced in Lesson 2`), so that prose such
as "a method introduced in 2017" is never taken for a term line.

The definition is the next line (the next non-blank line, on a page that always leaves a
blank line after its terms), plus any lines directly under it that are no bullet, term
line, heading or divider (Markdown continuation lines). Everything else is reported
unused with its reason. The scan itself is shared with the suffix-locator reader (see
`term_line_scanner`); this module only says what an introduced-in term line is.
"""

from __future__ import annotations

import re

from termbase.model import Locator
from termbase.readers.page_text import LOCATOR_KINDS, locator_kind, strip_trailing_separator, tidy
from termbase.readers.pages.term_line_scanner import TermLineReader, looks_like_term, strip_bullet

_MARKER = re.compile(
    r"(?<![\w-])(?:first\s+)?(?:introduced|defined)(?:\s+in\b|\s*:)"
    r"|(?<![\w-])first\s+(?:seen|appears|appeared|used)\s+in\b",
    re.IGNORECASE,
)
#: `_MARKER` without its look-behinds: found in any text that has a term line.
_MARKER_HINT = re.compile(
    r"(?:introduced|defined)(?:\s+in\b|\s*:)|first\s+(?:seen|appears|appeared|used)\s+in\b", re.IGNORECASE
)
_MARKDOWN_LINK = re.compile(r"\[(?P<text>[^\]]+)\]\((?P<url>[^)\s]+)\)")
_NUMBERED = re.compile(
    r"(?P<word>§|[^\W\d_]+\.?)\s*(?P<number>\d+(?:\.\d+)*[a-z]?)(?!\w)(?!\.\d)(?P<rest>.*)"
)
_TITLE_LEAD = "·•—–-|,:;. "


def parse_locator(text: str) -> Locator:
    """Return the Locator for what follows an `Introduced in` marker.

    `§23 · GRPO & DeepSeek-R1` gives kind section, number 23 and that title;
    `Chapter 4: Joins` gives kind chapter; a bare title gives a section with no number;
    a Markdown link `[§3 · Sampling](url)` also keeps the url.
    """
    url = ""
    link = _MARKDOWN_LINK.fullmatch(text.strip())
    if link:
        text, url = link["text"], link["url"]
    text = tidy(text)
    numbered = _NUMBERED.fullmatch(text)
    if numbered and numbered["word"].rstrip(".").casefold() in LOCATOR_KINDS:
        title = numbered["rest"].lstrip(_TITLE_LEAD).strip()
        return Locator(
            kind=locator_kind(numbered["word"]),
            text=text,
            number=numbered["number"],
            title=title,
            url=url,
        )
    return Locator(kind="section", text=text, title=text, url=url)


def may_hold_term_lines(text: str) -> bool:
    """Return False only for a text with no term line: one without an introduction marker."""
    return _MARKER_HINT.search(text) is not None


def split_term_line(line: str) -> tuple[str, Locator] | None:
    """Return (term as written, locator) if `line` is a term line, else None."""
    body, _ = strip_bullet(line)
    match = _MARKER.search(body)
    if not match:
        return None
    before = body[: match.start()].rstrip()
    term = strip_trailing_separator(before)
    if match.group()[0].islower() and term == before:
        return None  # a lower-case marker needs a separator before it, or it is prose
    rest = body[match.end() :].strip()
    if before.endswith("(") and rest.endswith(")"):
        rest = rest[:-1].rstrip()
    if not rest or not looks_like_term(term):
        return None
    return term, parse_locator(rest)


class IntroducedBulletsReader(TermLineReader):
    """Reads `- term Introduced in §N · Title` bullets, each followed by a definition bullet."""

    name = "introduced-bullets"
    description = "`- term Introduced in §NN · Title` bullets, each followed by a definition bullet"
    markdown = True
    may_hold_term_lines = staticmethod(may_hold_term_lines)
    split_term_line = staticmethod(split_term_line)
