"""Doxygen pages of terms: a `/*! \\page … */` comment whose list items open with a bold term.

The shape (written for the tests; C and C++ libraries keep their glossary so)::

    /*!
    \\page words Kiln words

    -   \\anchor term_kiln \\b Kiln -- an oven that fires clay
        until it is hard.
    -   \\b Bisque \\b Firing - the first firing, with no glaze yet.
        \\n
        The pot stays porous.
    -   <b>Cone Pack (CP)</b> -- small pyramids that bend at a known heat.
    */

A comment block is a page when it holds a `\\page` (or `@page`, `\\mainpage`, `\\defgroup`)
command. Each of its top-level list items whose text opens with a bold term — `\\b Word`
per word, or `<b>Phrase</b>` — and a ` -- ` or ` - ` separator is an entry; its definition
runs over the lines indented under it, `\\n` breaking paragraphs. `\\anchor name` marks are
dropped; `\\c`, `\\p`, `<tt>` become code, `\\a`, `\\e`, `<i>`, `<em>` italics. A body that opens
`or Other -- …` gives the entry another name. Comment furniture (`//` lines, `/*!`, `*/`, the
`\\page` line: the title) and other text are reported.
"""

from __future__ import annotations

import re

from termbase.labels import clean_label, parse_term
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.page_text import REASON_TITLE, tidy

REASON_COMMENT = "comment furniture (`//`, `/*!`, `*/`)"
REASON_OUTSIDE = "text outside the page's term list"
REASON_NOT_TERM = "list item that does not open with a bold term and a separator"

_BLOCK_OPEN = re.compile(r"^\s*/\*[!*]")
_PAGE = re.compile(r"^\s*[\\@](?:page|mainpage|defgroup)\b\s*(?:\S+\s*)?(?P<title>.*)$")
_ITEM = re.compile(r"^(?P<indent>[ \t]*)[-*+](?:[ \t]+(?P<text>.*))?$")
_ANCHOR = re.compile(r"[\\@]anchor\s+\S+\s*")
_BOLD_WORDS = re.compile(r"^(?:[\\@]b\s+\S+\s*)+")
_BOLD_TAG = re.compile(r"^<b>(?P<term>.+?)</b>\s*", re.I)
_SEPARATOR = re.compile(r"^(?:--|-|–|—|:)(?:\s+|$)")
_OTHER_NAME = re.compile(r"^or\s+(?P<name>.+?)\s+--\s+(?P<rest>.*)$", re.S)
#: The word after `\c`, `\a`, `\b`: up to a space, without the punctuation that closes a clause.
_WORD = r"\s+(?P<word>\S+?)(?=[.,;:!?)]*(?:\s|$))"
_INLINE_CODE = re.compile(r"[\\@][cp]" + _WORD)
_INLINE_ITALIC = re.compile(r"[\\@][ae]" + _WORD)
_INLINE_BOLD = re.compile(r"[\\@]b" + _WORD)
_TAGS = (
    (re.compile(r"</?(?:tt|code)>", re.I), "`"),
    (re.compile(r"</?(?:i|em)>", re.I), "*"),
    (re.compile(r"</?(?:b|strong)>", re.I), "**"),
)
MIN_ENTRIES = 3


def _pages(lines: list[str]) -> list[tuple[int, int, int]]:
    """Return (open index, `\\page` index, close index) of each comment block that is a page."""
    pages = []
    index = 0
    while index < len(lines):
        if not _BLOCK_OPEN.match(lines[index]):
            index += 1
            continue
        close = next((j for j in range(index, len(lines)) if "*/" in lines[j]), len(lines) - 1)
        page = next((j for j in range(index, close + 1) if _PAGE.match(_body(lines[j]))), -1)
        if page >= 0:
            pages.append((index, page, close))
        index = close + 1
    return pages


def _body(line: str) -> str:
    """Return a comment line without a Javadoc-style leading `*` (` * text`)."""
    return re.sub(r"^\s*\*(?!/)\s?", "", line) if re.match(r"^\s*\*(?!/)(?:\s|$)", line) else line


def _items(lines: list[str], first: int, last: int) -> list[tuple[int, int]]:
    """Return (first, last index) of each top-level list item between the two lines."""
    starts = [(j, m) for j in range(first, last + 1) if (m := _ITEM.match(_body(lines[j])))]
    if not starts:
        return []
    indent = min(len(m["indent"].expandtabs()) for _, m in starts)
    tops = [j for j, m in starts if len(m["indent"].expandtabs()) == indent]
    items = []
    for position, start in enumerate(tops):
        end = (tops[position + 1] - 1) if position + 1 < len(tops) else last
        while end > start and (not _body(lines[end]).strip() or "*/" in lines[end]):
            end -= 1
        for j in range(start + 1, end + 1):  # an item ends at the first line back at its indent
            body = _body(lines[j])
            if body.strip() and len(body.expandtabs()) - len(body.expandtabs().lstrip()) <= indent:
                end = j - 1
                break
        items.append((start, end))
    return items


def _markdown(text: str) -> str:
    """Return doxygen inline commands and HTML tags as Markdown."""
    text = _INLINE_CODE.sub(lambda m: f"`{m['word']}`", text)
    text = _INLINE_ITALIC.sub(lambda m: f"*{m['word']}*", text)
    text = _INLINE_BOLD.sub(lambda m: f"**{m['word']}**", text)
    for tag, mark in _TAGS:
        text = tag.sub(mark, text)
    return text


def _split_term(text: str) -> tuple[str, str] | None:
    """Return (term, rest after the separator) of an item's text, or None with no bold term."""
    text = _ANCHOR.sub("", text).strip()
    tag = _BOLD_TAG.match(text)
    if tag:
        term, rest = tag["term"], text[tag.end() :]
    else:
        words = _BOLD_WORDS.match(text)
        if not words:
            return None
        term = " ".join(re.findall(r"[\\@]b\s+(\S+)", words.group(0)))
        rest = text[words.end() :]
    separator = _SEPARATOR.match(rest.strip())
    if separator is None:
        return None
    return clean_label(re.sub(r"<[^>]+>", "", term)), rest.strip()[separator.end() :]


def _entry(lines: list[str], start: int, end: int, source: str) -> Entry | None:
    item = _ITEM.match(_body(lines[start]))
    assert item is not None
    text = "\n".join([item["text"] or "", *(_body(lines[j]).strip() for j in range(start + 1, end + 1))])
    split = _split_term(_ANCHOR.sub("", text, count=1).lstrip())
    if split is None:
        return None
    term, rest = split
    other = _OTHER_NAME.match(rest.strip())
    names: list[str] = []
    if other:
        names.append(clean_label(_markdown(other["name"]).replace("`", "")))
        rest = other["rest"]
    paragraphs = [tidy(_markdown(part)) for part in re.split(r"\s*[\\@]n\s*(?:\n|$)", rest)]
    definition = "\n\n".join(part for part in paragraphs if part)
    if not term or not definition:
        return None
    labels, groups = parse_term(term)
    return Entry(
        source=source,
        line=start + 1,
        end_line=end + 1,
        term=term,
        labels=tuple(dict.fromkeys([*labels, *(name for name in names if name)])),
        groups=groups,
        definition=definition,
    )


class DoxygenPageReader:
    """Reads doxygen `\\page` comments whose list items are `\\b Term -- definition`."""

    name = "doxygen-page"
    description = "doxygen `/*! \\page … */` comment of `- \\b Term -- definition` list items"

    def detect(self, text: str) -> float:
        """Return 0.85 for a page comment with 3+ bold-term items, 0.3 with fewer, else 0."""
        if "page" not in text or "/*" not in text:
            return 0.0
        lines = text.splitlines()
        found = 0
        for _, page, close in _pages(lines):
            found += sum(1 for start, end in _items(lines, page + 1, close) if _entry(lines, start, end, ""))
        if not found:
            return 0.0
        return 0.85 if found >= MIN_ENTRIES else 0.3

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per bold-term item of the page comments; other lines are reported."""
        lines = text.splitlines()
        entries: list[Entry] = []
        unused: list[Unused] = []
        taken: set[int] = set()
        title = ""
        for opening, page, close in _pages(lines):
            for index in {opening, close}:
                unused.append(Unused(source, index + 1, lines[index].strip(), REASON_COMMENT))
                taken.add(index)
            match = _PAGE.match(_body(lines[page]))
            title = title or (match["title"].strip() if match else "")
            if page not in taken:
                unused.append(Unused(source, page + 1, lines[page].strip(), REASON_TITLE))
                taken.add(page)
            for start, end in _items(lines, page + 1, close):
                span = [j for j in range(start, end + 1) if lines[j].strip() and j not in taken]
                taken.update(span)
                entry = _entry(lines, start, end, source)
                if entry is None:
                    unused += [Unused(source, j + 1, lines[j].strip(), REASON_NOT_TERM) for j in span]
                else:
                    entries.append(entry)
        for index, line in enumerate(lines):
            if line.strip() and index not in taken:
                furniture = line.strip().startswith(("//", "/*", "*/")) or line.strip() == "*"
                reason = REASON_COMMENT if furniture else REASON_OUTSIDE
                unused.append(Unused(source, index + 1, line.strip(), reason))
        return entries_and_unused(entries, unused, title)
