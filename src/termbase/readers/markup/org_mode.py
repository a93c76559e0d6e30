"""Org mode description lists: `- term :: definition` items, under `*` headings.

Example (the shape, written for the tests)::

    #+title: Weaving words
    * Glossary
    ** Loom parts
    - Heddle :: A wire with an eye that lifts one warp thread.
    - Reed, comb :: Spaces the warp and beats in the weft;
      it sits in the beater.
      :PROPERTIES:
      :category: frame
      :END:

Each item (`-`, `+` or a numbered bullet, then `term ::`) is one entry: its definition
runs on over the indented lines below it. In a file with Org keywords (`#+TITLE:`), items
written `- term -- definition` are read the same way; when the text after ` -- ` is a short
name and the definition is the indented paragraph below (`- English term -- svensk term`),
both sides are names of the entry. The term may list several names with commas
(`Reed, comb`: the keys Org Glossary files one term under). A property drawer under an
item gives topics (a `category`/`tags` property) and is otherwise dropped. Org inline
marks become Markdown in definitions (`~code~`, `=verbatim=`, `/italic/`, `*bold*`,
`[[url][text]]`) and are removed from labels. `#+` keywords, headings, source blocks and
every other line are reported.
"""

from __future__ import annotations

import re

from termbase.labels import clean_label, parse_term
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.page_text import REASON_HEADING, REASON_TITLE, tidy
from termbase.readers.record_fields import field_role

REASON_KEYWORD = "Org keyword line (`#+…`)"
REASON_BLOCK = "Org block (source, example or quote)"
REASON_OUTSIDE = "document text outside the description lists"
REASON_NO_DEFINITION = "list item with a term and no definition"

MAX_TERM_WORDS = 12

_ITEM = re.compile(r"^(?P<indent>[ \t]*)(?:[-+]|\d+[.)])\s+(?P<term>\S.*?)\s+::(?:\s+(?P<rest>.*))?$")
#: `- term -- definition` (or `- English -- svensk`): read only in a file with Org keywords.
_DASH_ITEM = re.compile(r"^(?P<indent>[ \t]*)(?:[-+]|\d+[.)])\s+(?P<term>\S.*?)\s+--\s+(?P<rest>\S.*)$")
_HEADING = re.compile(r"^(?P<stars>\*+)\s+(?P<text>.*)$")
#: A `#+KEY:` line: the file is Org (a `- a -- b` list elsewhere may be anything).
_ORG_KEYWORD = re.compile(r"^#\+[A-Za-z_]+:", re.MULTILINE)
#: The text after ` -- ` is another name, not the definition, when it is at most this many words
#: with no sentence end, and the item has a body below it.
MAX_DASH_NAME_WORDS = 6
_KEYWORD = re.compile(r"^\s*#\+(?P<key>[\w-]+):?\s*(?P<value>.*)$")
_BLOCK_BEGIN = re.compile(r"^\s*#\+begin_(?P<kind>\w+)", re.I)
_DRAWER = re.compile(r"^\s*:(?P<name>[\w-]+):\s*(?P<value>.*)$")
_LINK = re.compile(r"\[\[(?P<url>[^\]]+)\](?:\[(?P<text>[^\]]+)\])?\]")
_MARKS = {
    "~": ("`", "`"),
    "=": ("`", "`"),
    "/": ("*", "*"),
    "*": ("**", "**"),
    "+": ("~~", "~~"),
}
_INLINE = re.compile(r"(?<![\w])(?P<mark>[~=/*+])(?P<text>[^\s~=/*+](?:[^\n]*?[^\s])?)(?P=mark)(?![\w])")


def to_markdown(text: str, links: list[str]) -> str:
    """Return Org inline markup as Markdown; collect link targets."""

    def link(match: re.Match[str]) -> str:
        url, label = match.group("url"), match.group("text")
        if re.match(r"https?://", url):
            links.append(url)
            return f"[{label or url}]({url})"
        return label or url

    text = _LINK.sub(link, text)
    return _INLINE.sub(lambda m: _MARKS[m["mark"]][0] + m["text"] + _MARKS[m["mark"]][1], text)


def plain(text: str) -> str:
    """Return Org text with its inline marks and links removed."""
    text = _LINK.sub(lambda m: m.group("text") or m.group("url"), text)
    return tidy(_INLINE.sub(lambda m: m.group("text"), text))


def _names(term: str) -> tuple[str, ...]:
    """Return the names an item's term gives: `Reed, comb` gives both; each as `parse_term` splits it."""
    parts = [clean_label(plain(part)) for part in re.split(r"\s*,\s+", term)]
    return tuple(dict.fromkeys(name for part in parts if part for name in (parse_term(part)[0] or (part,))))


def _item(line: str, *, dashes: bool) -> re.Match[str] | None:
    """Return the match of a description item line (`- term ::`; with `dashes`, `- term -- …`)
    whose term is at most MAX_TERM_WORDS words, else None."""
    match = (_DASH_ITEM if dashes else _ITEM).match(line)
    return match if match and len(plain(match.group("term")).split()) <= MAX_TERM_WORDS else None


def _is_name(text: str) -> bool:
    """Return True for a short text with no sentence end: a name, not a definition."""
    stripped = text.strip()
    words = len(stripped.split())
    return 0 < words <= MAX_DASH_NAME_WORDS and not stripped.endswith((".", "!", "?", ":", ";"))


class OrgModeReader:
    """Reads Org mode `- term :: definition` description lists; other lines are reported."""

    name = "org-mode"
    description = "Org mode description list: `- term :: definition`, indented continuation lines"

    def detect(self, text: str) -> float:
        """Return 0.9 with three or more `- term ::` items (0.6 with two), else 0; in a file
        with Org keywords, `- term -- definition` items count alike (one item: 0.45)."""
        items = sum(1 for line in text.splitlines() if _item(line, dashes=False))
        if items == 0 and _ORG_KEYWORD.search(text[:4000]):
            items = sum(1 for line in text.splitlines() if _item(line, dashes=True))
            if items == 1:
                return 0.45
        if items < 2:
            return 0.0
        return 0.9 if items >= 3 else 0.6

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per description item and a reason for every other line."""
        lines = text.splitlines()
        dashes = not any(_item(line, dashes=False) for line in lines) and bool(_ORG_KEYWORD.search(text))
        entries: list[Entry] = []
        unused: list[Unused] = []
        title = ""
        index = 0
        while index < len(lines):
            line = lines[index]
            stripped = line.strip()
            number = index + 1
            if not stripped:
                index += 1
                continue
            block = _BLOCK_BEGIN.match(line)
            if block:
                end = next(
                    (
                        j
                        for j in range(index + 1, len(lines))
                        if re.match(rf"^\s*#\+end_{block['kind']}\b", lines[j], re.I)
                    ),
                    len(lines) - 1,
                )
                unused.extend(
                    Unused(source, j + 1, lines[j].strip(), REASON_BLOCK)
                    for j in range(index, end + 1)
                    if lines[j].strip()
                )
                index = end + 1
                continue
            item = _item(line, dashes=dashes)
            if item:
                end = self._item_end(lines, index, len(item.group("indent").expandtabs()))
                entry = self._entry(lines, index, end, item, source)
                if entry is None:
                    unused.extend(
                        Unused(source, j + 1, lines[j].strip(), REASON_NO_DEFINITION)
                        for j in range(index, end + 1)
                        if lines[j].strip()
                    )
                else:
                    entries.append(entry)
                index = end + 1
                continue
            keyword = _KEYWORD.match(line)
            heading = _HEADING.match(line)
            if keyword:
                if keyword["key"].casefold() == "title" and not title:
                    title = plain(keyword["value"])
                    reason = REASON_TITLE
                else:
                    reason = REASON_KEYWORD
            elif heading:
                reason = REASON_HEADING
            else:
                reason = REASON_OUTSIDE
            unused.append(Unused(source, number, stripped, reason))
            index += 1
        return entries_and_unused(entries, unused, title)

    @staticmethod
    def _item_end(lines: list[str], start: int, indent: int) -> int:
        """Return the index of an item's last line: the lines below it indented deeper, and
        blank lines between them."""
        end = start
        for j in range(start + 1, len(lines)):
            line = lines[j]
            if not line.strip():
                continue
            if len(line) - len(line.lstrip()) <= indent or _HEADING.match(line):
                break
            end = j
        return end

    @staticmethod
    def _entry(lines: list[str], start: int, end: int, item: re.Match[str], source: str) -> Entry | None:
        names = _names(item.group("term"))
        if not names:
            return None
        rest = item.group("rest") or ""
        if item.re is _DASH_ITEM and end > start and _is_name(rest):
            names = tuple(dict.fromkeys((*names, *_names(rest))))  # `- English -- svensk`, body below
            rest = ""
        links: list[str] = []
        topics: list[str] = []
        paragraphs: list[list[str]] = [[rest]]
        in_drawer = False
        for line in lines[start + 1 : end + 1]:
            stripped = line.strip()
            drawer = _DRAWER.match(stripped)
            if drawer and drawer["name"].upper() == "END":
                in_drawer = False
                continue
            if drawer and not drawer["value"] and not in_drawer:
                in_drawer = True
                continue
            if in_drawer and drawer:
                if field_role(drawer["name"]) == "topics":
                    topics.extend(
                        v.strip().strip('"') for v in re.split(r"[,:]", drawer["value"]) if v.strip()
                    )
                continue
            if not stripped:
                paragraphs.append([])
            else:
                paragraphs[-1].append(stripped)
        body = [to_markdown(" ".join(p), links) for p in paragraphs if " ".join(p).strip()]
        definition = "\n\n".join(tidy(p) for p in body)
        if not definition:
            return None
        return Entry(
            source=source,
            line=start + 1,
            end_line=end + 1,
            term=names[0],
            labels=names,
            definition=definition,
            links=tuple(dict.fromkeys(links)),
            topics=tuple(dict.fromkeys(t for t in topics if t)),
        )
