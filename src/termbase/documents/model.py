"""The document tree every chapter parser produces: sections, blocks, inline spans.

A `Document` is one chapter file. Its `blocks` are in reading order; each names the
section it sits in, its kind (prose, code, exercise …) and its plain text with the
inline markup that matters for terms kept as `Span`s (offsets into that text).
Sentences are cut from prose blocks later (see `sentences.py`).
"""

from __future__ import annotations

from dataclasses import dataclass

#: Block kinds. Only PROSE (and DEFINITION, a term the author lists with its meaning)
#: may yield a definition; the others are kept so that nothing is silently dropped.
PROSE = "prose"
HEADING = "heading"
DEFINITION = "definition"  # a definition-list item / glossary entry inside a chapter
LIST_ITEM = "list-item"
CODE = "code"
EXERCISE = "exercise"  # exercises, quizzes, solutions, challenges
ASIDE = "aside"  # admonitions, callouts, key points, objectives, instructor notes
TABLE = "table"
OTHER = "other"

#: Span kinds.
STRONG, EMPHASIS, DFN, TERM_ROLE, GLOSSARY_LINK, CODE_SPAN, LINK = (
    "strong", "emphasis", "dfn", "term-role", "glossary-link", "code", "link",
)


@dataclass(frozen=True, slots=True)
class Span:
    """Inline markup over `Block.text[start:end]`; `target` is a link or role target."""

    kind: str
    start: int
    end: int
    target: str = ""


@dataclass(frozen=True, slots=True)
class Section:
    """A titled part of a chapter; `anchor` is the fragment id a page gives it."""

    title: str
    anchor: str
    level: int
    line: int


@dataclass(frozen=True, slots=True)
class Block:
    """One paragraph, heading, list item, code block … with its first source line.

    `text` keeps the source's line breaks, so the line of any offset is
    `line + text.count("\\n", 0, offset)`. `section` indexes `Document.sections`.
    For a DEFINITION block `term` is the term the author listed.
    """

    kind: str
    text: str
    line: int
    section: int
    spans: tuple[Span, ...] = ()
    term: str = ""
    label: str = ""  # the directive, div class or element that made it (activecode, callout …)
    #: the block describes an item of a labelled list whose label is code (``renderer``, `--force`): a
    #: parameter, option or key of a reference list, named and described rather than a term defined
    code_label: bool = False

    def line_at(self, offset: int) -> int:
        """Return the source line of a character offset into `text`."""
        return self.line + self.text.count("\n", 0, max(0, offset))


@dataclass(frozen=True, slots=True)
class IndexTerm:
    """A term the author put in the book's index at this place (reST `.. index::`, AsciiDoc
    `indexterm:[…]` / `((…))`): the passage after it discusses the term."""

    term: str
    line: int
    section: int


@dataclass(frozen=True, slots=True)
class Problem:
    """Something in a chapter that could not be read as written: where, what, what to do."""

    line: int
    message: str
    hint: str = ""


@dataclass(frozen=True, slots=True)
class Document:
    """One chapter file parsed: its title, sections and blocks in reading order.

    `toc` lists the documents this one names as its children, in order (a Sphinx
    toctree), as paths relative to this document's folder. `problems` are the
    parts the parser could not read as written, reported rather than dropped.
    """

    path: str
    format: str
    title: str
    sections: tuple[Section, ...]
    blocks: tuple[Block, ...]
    toc: tuple[str, ...] = ()
    problems: tuple[Problem, ...] = ()
    language: str = "en"
    #: True when `toc` is the book's structure written as such (a MyST `{toctree}` in Markdown), not the
    #: links of a page that lists chapters (reST toctrees and AsciiDoc includes are so by their format)
    toc_stated: bool = False
    #: Directives (or components) the parser did not know and read as opaque code or
    #: exercises, by name: their content yields no terms, and the summary says so.
    opaque: tuple[str, ...] = ()
    #: Index entries the author placed in the chapter, in order.
    index_terms: tuple[IndexTerm, ...] = ()
