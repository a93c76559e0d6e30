"""Helpers every chapter parser shares: a text+spans builder, anchors, block-kind names.

Parsers walk their own tree (markdown-it tokens, docutils nodes, lxml elements) and
feed text and markup into a `TextBuilder`, which returns the plain text of a block with
its spans. `kind_of_label` maps a div class, directive or element name (challenge,
activecode, callout, note …) to the block kind it makes, so every format agrees on what
an exercise or an aside is.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from pathlib import PurePosixPath

from termbase.documents.model import (
    ASIDE,
    CODE,
    CODE_SPAN,
    DEFINITION,
    EXERCISE,
    GLOSSARY_LINK,
    LINK,
    TERM_ROLE,
    Block,
    Problem,
    Span,
)


def word_set(text: str) -> frozenset[str]:
    """Return the whitespace-separated words of `text` as a set (for word lists kept as prose)."""
    return frozenset(text.split())


#: Names of divs, directives and elements whose content is an exercise, quiz or answer.
EXERCISE_LABELS = word_set(
    """challenge exercise exercises solution solutions quiz question questions discussion
    checklist practice problem problems answer answers hint hints mchoice multiplechoice
    fillintheblank blank parsonsprob parsons dragndrop clickablearea shortanswer poll
    timed assignment assessment selfcheck self-check checkpoint task tasks try tryit
    exercise-group worksheet lab"""
)
#: Names whose content is an aside: admonitions, callouts, key points, objectives, notes.
ASIDE_LABELS = word_set(
    """callout keypoints key-points objectives instructor prereq prerequisite prerequisites
    testimonial caution warning danger error attention important note notes tip tips hint
    seealso see-also sidebar aside admonition info spoiler details summary topic rubric
    learner-note instructor-note dropdown margin epigraph pull-quote highlights todo
    versionadded versionchanged deprecated reveal remark remarks outcomes objectives
    overview"""
)
#: Names whose content is program code or program output.
CODE_LABELS = word_set(
    """code code-block sourcecode codelens activecode literalinclude highlight program pre
    listing console output doctest testcode testoutput jupyter-execute ipython datafile
    showeval actex codeblock raw math"""
)


def kind_of_label(name: str) -> str:
    """Return the block kind a div class / directive / element name makes, or '' (prose)."""
    key = name.strip().lower().lstrip(".")
    if key.startswith("rmd") and key[3:] in ASIDE_LABELS:
        key = key[3:]  # bookdown's boxes: `rmdnote`, `rmdtip`, `rmdwarning`, `rmdcaution`
    if key in EXERCISE_LABELS:
        return EXERCISE
    if key in CODE_LABELS:
        return CODE
    if key in ASIDE_LABELS:
        return ASIDE
    return ""


#: A role's content with its own display text: `shown words <target>`.
_ROLE_TARGET = re.compile(r"^(?P<text>.*?)\s*<(?P<target>[^<>]+)>$", re.S)
#: Cross-reference roles whose text reads as ordinary words of the sentence (a section, a page, a download).
_PLAIN_ROLES = frozenset({"ref", "doc", "numref", "download", "any", "eq", "abbr"})


def role_display(role: str, content: str) -> tuple[str, str, str]:
    """Return (span kind, shown text, target) of a Sphinx or MyST role (`:py:class:` / `{py:class}`).

    `{term}` is a TERM_ROLE span; cross-references to pages and sections read as plain words (kind '');
    the others (`py:class`, `func`, `meth`, `attr` …) name code, shown as Sphinx shows them: the given
    text of `text <target>`, else the target, cut to its last dotted part after a `~`
    (`~xarray.Dataset` → `Dataset`)."""
    name = role.split(":")[-1].lower()
    match = _ROLE_TARGET.match(content)
    shown = match.group("text") if match and match.group("text") else content
    target = match.group("target") if match else content
    if name == "term" or (name.endswith("term") and len(name) <= 10 and name.isalpha()):
        # a project's own term role (`{dterm}`, `{defterm}`, `{glossterm}`) marks a term as `{term}` does
        return TERM_ROLE, shown.strip(), target.strip()
    if name in _PLAIN_ROLES:
        return "", shown.lstrip("~!").strip(), target.strip()
    if not (match and match.group("text")):
        shown = shown.strip()
        if shown.startswith("~"):
            shown = shown[1:].rsplit(".", 1)[-1]
        shown = shown.lstrip("!")
    return CODE_SPAN, shown, target.strip().lstrip("~!")


_ANCHOR_DROP = re.compile(r"[^\w\s-]", re.UNICODE)
_ANCHOR_SPACE = re.compile(r"[\s]+")


def heading_anchor(title: str) -> str:
    """Return the fragment id a Markdown site gives a heading (GitHub / Pandoc style)."""
    text = unicodedata.normalize("NFKC", title).strip().lower()
    text = _ANCHOR_DROP.sub("", text)
    return _ANCHOR_SPACE.sub("-", text).strip("-")


#: Page names a course uses for its glossary; a link to `<one of these>#anchor` names a term.
_GLOSSARY_PAGES = frozenset(
    {"glossary", "reference", "terms", "definitions", "vocabulary", "jargon", "lexicon", "glossaire"}
)


def is_glossary_link(href: str) -> bool:
    """Return True if `href` points at an entry of a glossary page (`reference.md#variable`)."""
    if "#" not in href:
        return False
    page, _, fragment = href.partition("#")
    if not fragment:
        return False
    stem = PurePosixPath(page.split("?")[0]).stem.lower() if page else ""
    if not stem and page == "":
        return fragment.startswith(("term-", "def_", "dfn-", "glossary"))
    return stem in _GLOSSARY_PAGES or "gloss" in stem or fragment.startswith(("term-", "def_", "dfn-"))


def link_kind(href: str) -> str:
    """Return GLOSSARY_LINK for a link to a glossary entry, else LINK."""
    return GLOSSARY_LINK if is_glossary_link(href) else LINK


class TextBuilder:
    """Collects the plain text of one block and the spans opened and closed over it."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.length = 0
        self.spans: list[Span] = []
        self._open: list[tuple[str, int, str]] = []

    def add(self, text: str) -> None:
        """Append plain text."""
        if text:
            self.parts.append(text)
            self.length += len(text)

    def open(self, kind: str, target: str = "") -> None:
        """Start a span of `kind` at the current end of the text."""
        self._open.append((kind, self.length, target))

    def close(self, kind: str) -> None:
        """End the innermost open span of `kind` (ignored if none is open)."""
        for index in range(len(self._open) - 1, -1, -1):
            if self._open[index][0] == kind:
                _, start, target = self._open.pop(index)
                if self.length > start:
                    self.spans.append(Span(kind, start, self.length, target))
                return

    def span(self, kind: str, text: str, target: str = "") -> None:
        """Append `text` as one whole span of `kind`."""
        start = self.length
        self.add(text)
        if self.length > start:
            self.spans.append(Span(kind, start, self.length, target))

    def result(self) -> tuple[str, tuple[Span, ...]]:
        """Return (text, spans sorted by start); spans still open end at the text's end."""
        while self._open:
            self.close(self._open[-1][0])
        return "".join(self.parts), tuple(sorted(self.spans, key=lambda s: (s.start, -s.end)))


def strip_text(text: str, spans: tuple[Span, ...]) -> tuple[str, tuple[Span, ...], int]:
    """Return (text without leading/trailing whitespace, spans shifted, leading newlines cut).

    The caller adds the count of leading newlines cut to the block's first line.
    """
    stripped = text.lstrip()
    cut = len(text) - len(stripped)
    newlines = text.count("\n", 0, cut)
    stripped = stripped.rstrip()
    shifted = tuple(
        Span(s.kind, max(0, s.start - cut), min(len(stripped), s.end - cut), s.target)
        for s in spans
        if s.end - cut > 0 and s.start - cut < len(stripped)
    )
    return stripped, shifted, newlines


#: Header cells that make a table a glossary: a column of terms beside a column of meanings.
_TERM_HEADER = re.compile(
    r"^(?:terms?|words?|concepts?|keywords?|jargon|acronyms?|abbreviations?|expressions?|phrases?|"
    r"vocabulary|glossary(?:\s+terms?)?)$", re.I)
_MEANING_HEADER = re.compile(
    r"^(?:definitions?|meanings?|descriptions?|explanations?|what\s+it\s+means|stands\s+for|glosse?s?)$",
    re.I,
)


def definition_columns(header: list[str]) -> tuple[int, int] | None:
    """Return (term column, meaning column) when a table's header names a glossary ('Term' and
    'Definition', 'Word' and 'Meaning' …), else None: other tables list things, not terms."""
    cells = [" ".join(cell.split()).strip(" *_:") for cell in header]
    term = next((i for i, cell in enumerate(cells) if _TERM_HEADER.match(cell)), None)
    meaning = next((i for i, cell in enumerate(cells) if _MEANING_HEADER.match(cell)), None)
    return (term, meaning) if term is not None and meaning is not None and term != meaning else None


def table_definition(row: list[Block], term: int, meaning: int) -> list[Block]:
    """Return a table row of a glossary table as a DEFINITION block (its term cell as the term)."""
    if len(row) <= max(term, meaning) or not row[term].text.strip() or not row[meaning].text.strip():
        return []
    cell = row[meaning]
    return [Block(DEFINITION, cell.text, cell.line, cell.section, cell.spans, term=row[term].text.strip(),
                  label="table")]


__all__ = ["ASIDE", "CODE", "EXERCISE", "TextBuilder", "heading_anchor", "is_glossary_link", "kind_of_label"]


_TABLE_TAG = re.compile(r"<(/?)table\b[^>]*>", re.I)
#: Comments, scripts and styles: a `<table>` written inside them opens no table.
_NOT_MARKUP = re.compile(r"<!--.*?-->|<(script|style)\b.*?</\1\s*>", re.S | re.I)


def unclosed_tables(pieces: Iterable[tuple[str, int]]) -> list[int]:
    """Return the 1-based lines of the `<table>` tags that no `</table>` closes, over the pieces of
    HTML of one chapter in order, each (text, line of its first line). An HTML parser closes such a
    table only where its container ends, so what follows on the page is read as part of the table."""
    open_at: list[int] = []
    for html, first_line in pieces:
        text = _NOT_MARKUP.sub(lambda m: "\n" * m.group().count("\n"), html)
        for match in _TABLE_TAG.finditer(text):
            if match.group(1):
                if open_at:
                    open_at.pop()
            else:
                open_at.append(first_line + text.count("\n", 0, match.start()))
    return open_at


def unclosed_table_problem(line: int) -> Problem:
    """Return the problem a `<table>` never closed makes (its rows are still read as a table)."""
    return Problem(line, "this <table> is never closed: its rows are read as a table, and what follows it "
                         "up to the end of its container may be read as part of it",
                   "close the table with </table> where its last row ends")
