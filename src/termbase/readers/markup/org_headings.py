"""Org mode pages with one heading per term: `** Term`, its definition in the paragraphs below.

Example (the shape, written for the tests)::

    #+title: Pottery words
    * Firing
    ** Kiln
    An oven that fires clay until it is hard.
    ** Oven
    See [[Kiln]].
    * Surfaces
    ** Glaze                                                    :coating:
    A glassy coat fused onto a pot.
    #+BEGIN_SRC text
    cone 6
    #+END_SRC

The term level is the heading depth most headings with text of their own have (`**` here);
each heading at that depth with a body is an entry, its body the lines up to the next heading
at that depth or above (deeper headings and source blocks stay in the definition). Headings
above the term level (`* Firing`) group the entries: they are their topics. A term heading
with no body, `#+` keywords outside a body and text before the first term are reported.
Org inline marks become Markdown in definitions and are removed from labels; tags after a
heading (`:coating:`) are topics. A heading that only says `See [[Kiln]].` is a pointer.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from termbase.labels import clean_label
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.markup.org_mode import plain, to_markdown
from termbase.readers.page_text import REASON_HEADING, REASON_TITLE, tidy

MIN_TERMS = 3
MAX_TERM_WORDS = 10
REASON_KEYWORD = "Org keyword line (`#+…`)"
REASON_EMPTY = "term heading with no text under it (a placeholder)"
REASON_BEFORE = "text before the first term heading"

_HEADING = re.compile(r"^(?P<stars>\*+)[ \t]+(?P<text>.*?)[ \t]*$")
_TAGS = re.compile(r"[ \t]+:(?P<tags>[\w@#%]+(?::[\w@#%]+)*):$")
_TODO = re.compile(r"^(?:TODO|DONE)\s+(?:\[#[A-C]\]\s+)?")
_KEYWORD = re.compile(r"^\s*#\+(?P<key>[\w-]+):\s*(?P<value>.*)$")
_BLOCK = re.compile(r"^\s*#\+(?P<edge>begin|end)_(?P<kind>\w+)(?P<rest>.*)$", re.I)


@dataclass(frozen=True, slots=True)
class _Heading:
    index: int  # 0-based line index
    level: int
    text: str
    body: int  # non-blank, non-keyword lines up to the next heading of any level


def _headings(lines: list[str]) -> list[_Heading]:
    """Return every heading with how many lines of text follow it before the next heading."""
    found: list[_Heading] = []
    body = 0
    for index, line in enumerate(lines):
        match = _HEADING.match(line)
        if match:
            if found:
                found[-1] = _Heading(found[-1].index, found[-1].level, found[-1].text, body)
            found.append(_Heading(index, len(match["stars"]), match["text"], 0))
            body = 0
        elif line.strip() and not _KEYWORD.match(line):
            body += 1
    if found:
        found[-1] = _Heading(found[-1].index, found[-1].level, found[-1].text, body)
    return found


def _term_level(headings: list[_Heading]) -> int:
    """Return the depth most headings with text of their own have (0 when none has any)."""
    levels = Counter(h.level for h in headings if h.body and _is_term(h.text))
    return levels.most_common(1)[0][0] if levels else 0


def _is_term(text: str) -> bool:
    words = _name(text)[0].split()
    return 0 < len(words) <= MAX_TERM_WORDS


def _name(text: str) -> tuple[str, tuple[str, ...]]:
    """Return a heading's name without TODO keyword, priority and tags, and its tags."""
    tags = _TAGS.search(text)
    if tags:
        text = text[: tags.start()]
    return clean_label(plain(_TODO.sub("", text.strip()))), tuple(tags["tags"].split(":")) if tags else ()


#: What only Org text holds: a `#+` keyword or block line, or a property drawer. Star lines
#: alone are no proof: Markdown bullets are `* item`, MediaWiki's nested bullets `** item`.
_ORG_MARK = re.compile(r"^#\+\w+|^[ \t]*:PROPERTIES:[ \t]*$", re.M | re.I)


def _is_org(text: str) -> bool:
    """Return True for Org text (see `_ORG_MARK`)."""
    return bool(_ORG_MARK.search(text))


class OrgHeadingsReader:
    """Reads Org mode pages with one heading per term (see the module docstring)."""

    name = "org-headings"
    description = "Org mode page: one `** Term` heading per term, its definition below it"

    def detect(self, text: str) -> float:
        """Return 0.8 when three or more term headings have text under them, in Org text."""
        if "*" not in text or not _is_org(text):
            return 0.0
        headings = _headings(text.splitlines())
        level = _term_level(headings)
        terms = sum(1 for h in headings if h.level == level and h.body and _is_term(h.text))
        if not level or terms < MIN_TERMS or not _is_org(text):
            return 0.0
        return 0.8

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per term heading with a body; every other line is reported."""
        lines = text.splitlines()
        headings = _headings(lines)
        level = _term_level(headings)
        entries: list[Entry] = []
        unused: list[Unused] = []
        title = ""
        sections: dict[int, str] = {}
        starts = {h.index: h for h in headings}
        ends: dict[int, int] = {}  # a heading → the next heading at the term level or above
        following = len(lines)
        for h in reversed(headings):
            ends[h.index] = following
            if h.level <= level:
                following = h.index
        index = 0
        while index < len(lines):
            line = lines[index]
            heading = starts.get(index)
            if heading is not None and heading.level <= level:
                if heading.level < level:
                    sections = {k: v for k, v in sections.items() if k < heading.level}
                    sections[heading.level] = _name(heading.text)[0]
                    unused.append(Unused(source, index + 1, line.strip(), REASON_HEADING))
                    index += 1
                    continue
                end = ends[index]
                entry = self._entry(lines, index, end, heading, tuple(sections.values()), source)
                if entry is None:
                    unused.extend(
                        Unused(source, n + 1, lines[n].strip(), REASON_EMPTY)
                        for n in range(index, end)
                        if lines[n].strip()
                    )
                else:
                    entries.append(entry)
                    unused.extend(
                        Unused(source, n + 1, lines[n].strip(), REASON_KEYWORD)
                        for n in range(entry.end_line, end)
                        if lines[n].strip()
                    )
                index = end
                continue
            if line.strip():
                keyword = _KEYWORD.match(line)
                if keyword and keyword["key"].casefold() == "title" and not title:
                    title = plain(keyword["value"])
                    reason = REASON_TITLE
                else:
                    reason = REASON_KEYWORD if keyword else REASON_BEFORE
                unused.append(Unused(source, index + 1, line.strip(), reason))
            index += 1
        return entries_and_unused(entries, unused, title)

    @staticmethod
    def _entry(
        lines: list[str], start: int, end: int, heading: _Heading, sections: tuple[str, ...], source: str
    ) -> Entry | None:
        """Return the entry of the term heading at `start` whose body ends before `end`, or None
        when it has no text. Keyword lines after its last text are left out of its span."""
        name, tags = _name(heading.text)
        if not name:
            return None
        last = max(
            (n for n in range(start + 1, end) if lines[n].strip() and not _keyword_only(lines[n])),
            default=start,
        )
        if last == start:
            return None
        links: list[str] = []
        parts: list[str] = []
        paragraph: list[str] = []
        fence = False
        for line in lines[start + 1 : last + 1]:
            block = _BLOCK.match(line)
            if block:
                if paragraph:
                    parts.append(to_markdown(" ".join(paragraph), links))
                    paragraph = []
                opening = block["edge"].casefold() == "begin"
                if block["kind"].casefold() == "src":
                    fence = opening
                    language = block["rest"].split()[:1] if opening else []
                    parts.append("```" + "".join(language))
                continue
            if fence:
                parts.append(line.rstrip())
                continue
            if _keyword_only(line):
                continue
            deeper = _HEADING.match(line)
            stripped = plain(deeper["text"]) if deeper else line.strip()
            if not stripped:
                if paragraph:
                    parts.append(to_markdown(" ".join(paragraph), links))
                    paragraph = []
                continue
            if deeper:  # a sub-heading inside the entry: a paragraph of its own
                if paragraph:
                    parts.append(to_markdown(" ".join(paragraph), links))
                    paragraph = []
                parts.append(stripped)
                continue
            paragraph.append(stripped)
        if paragraph:
            parts.append(to_markdown(" ".join(paragraph), links))
        definition = _joined(parts)
        if not definition:
            return None
        return Entry(
            source=source,
            line=start + 1,
            end_line=last + 1,
            term=name,
            labels=(name,),
            definition=definition,
            links=tuple(dict.fromkeys(links)),
            topics=tuple(dict.fromkeys((*sections, *tags))),
        )


def _keyword_only(line: str) -> bool:
    """Return True for a `#+` keyword line that is no block edge (`#+include: …`)."""
    return bool(_KEYWORD.match(line)) and not _BLOCK.match(line)


def _joined(parts: list[str]) -> str:
    """Return paragraphs joined by blank lines; lines of a fenced code block stay together."""
    out: list[str] = []
    code: list[str] | None = None
    for part in parts:
        if part.startswith("```"):
            if code is None:
                code = [part]
            else:
                code.append("```")
                out.append("\n".join(code))
                code = None
            continue
        if code is not None:
            code.append(part)
        else:
            out.append(tidy(part))
    if code is not None:
        out.append("\n".join([*code, "```"]))
    return "\n\n".join(p for p in out if p.strip())
