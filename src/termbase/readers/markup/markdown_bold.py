"""Markdown bold-term bullets: `- **Term**: definition`, one list item per entry.

A shape common in READMEs and docs folders (example from the test fixtures)::

    # Glossary

    - **Checksum**: A short value computed from data, used to notice corruption.
    - **Shard** — One slice of a dataset that is stored apart from the others.

The term is the bold text that opens a top-level list item; a colon (inside or after the
bold), an em or en dash, or a spaced hyphen separates it from the definition. The rest
of the item — wrapped lines, nested lists — belongs to the definition. Headings, intro
paragraphs and list items that do not open with a bold term are reported, and so are bold
items after the section that closes a page's letter index (`### A` … `### W`, then `## Owners`).
A list with no separator at all is read only when every item opens with a short bold term
(`- **GIT** è un sistema …`), and less surely. An item whose first line is only its bold term
takes the lines nested under it (`- **Kiln**` over `  - An oven …`) as the definition.
"""

from __future__ import annotations

import re
import textwrap
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace

from markdown_it.token import Token

from termbase.model import Entry, ReadResult
from termbase.readers.base import entries_and_unused
from termbase.readers.markup.markdown_parsing import (
    heading_text,
    index_end_line,
    link_references,
    markdown_entry,
    parse_blocks,
    resolve_reference_links,
    token_lines,
    unused_outside,
)
from termbase.readers.page_text import REASON_UNTAKEN_TERM_LINE

#: `**Term**: def`, `**Term:** def`, `**Term** — def`, `**Term** - def` (also with `__`).
#: A bracket after the bold that a separator follows is part of the term: `**Growing degree days** (GDD): …`.
_BOLD_ITEM = re.compile(
    r"^\s*(?:[-*+]|\d+[.)])\s+(?P<mark>\*\*|__)(?P<term>[^*_]+?)(?P<colon>:?)(?P=mark)"
    r"(?P<bracket>[ \t]*\([^()\n]{1,40}\)(?=[ \t]*(?::|—|–|\s-\s|-\s)))?"
    r"\s*(?P<sep>:|—|–|\s-\s|-\s)?\s*(?P<rest>.*)$"
)
MIN_ENTRIES = 3


#: A bold term with no separator after it (`- **GIT** è un sistema …`) is at most this many words.
MAX_BARE_TERM_WORDS = 5


def item_term(match: re.Match[str]) -> str:
    """Return the term of a bold-term item match: the bold text, and a bracket written after it
    before the separator (`**Growing degree days** (GDD):` gives `Growing degree days (GDD)`)."""
    term = " ".join(match.group("term").split())
    bracket = match.groupdict().get("bracket")
    return f"{term} {bracket.strip()}" if bracket else term


#: An item whose bold term opens its sentence, perhaps after an article: `- **Mulch** is any layer …`,
#: `- A **tilth** is a fine …`, `- The **root zone** roughly means …` (R Markdown / bookdown glossaries).
_SENTENCE_ITEM = re.compile(
    r"^\s*(?:[-*+]|\d+[.)])\s+(?P<lead>(?:[Aa]n?|[Tt]he)[ \t]+)?(?P<mark>\*\*|__)(?P<term>[^*_\n]+?)(?P=mark)"
    r"(?P<rest>.*)$"
)


def _bold_items(
    text: str, tokens: list[Token] | None = None, *, bare: bool = False
) -> list[tuple[int, int, re.Match[str]]]:
    """Return (first line, last line, match) for each top-level bold-term list item
    (`tokens`: the page's parse, when the caller has it; a large page's parse is ~2 KB an entry).
    With `bare`, an item whose short bold term is followed by text with no separator counts too."""
    lines = text.splitlines()
    found = []
    for token in parse_blocks(text) if tokens is None else tokens:
        if token.type != "list_item_open" or token.level != 1 or token.map is None:
            continue
        first, last = token_lines(token)
        while last > first and not lines[last - 1].strip():
            last -= 1
        match = _BOLD_ITEM.match(lines[first - 1])
        if not match or not match.group("term").strip():
            continue
        separated = match.group("colon") or match.group("sep")
        short = len(match.group("term").split()) <= MAX_BARE_TERM_WORDS and match.group("rest").strip()
        # `- **Term**` alone on its line, the definition nested under it (a sub-list, a paragraph)
        alone = not match.group("rest").strip() and last > first
        if separated or alone or (bare and short):
            found.append((first, last, match))
    return found


#: A list item's bullet at the start of a line.
_BULLET_OPENING = re.compile(r"^(?:[-*+]|\d+[.)]) ", re.MULTILINE)
#: A nested list item (`  - …`), without which a page holds no plain names over nested definitions.
_INDENTED_ITEM = re.compile(r"^ {2,}(?:[-*+]|\d+[.)]) ", re.MULTILINE)
#: Line breaks Python's `splitlines` makes that Markdown does not: a page holding one is parsed.
_OTHER_LINE_BREAKS = re.compile("[\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")
#: The opening of a one-line item: a bullet, one space, a bold mark (no code indent, no lazy line).
_ITEM_START = re.compile(r"[-*+] (?:\*\*|__)")


def _one_line_items(text: str) -> list[str] | None:
    """Return the page's lines when every line is a top-level bullet item, with the same bullet,
    whose bold term and separator are all on that line (`- **Term**: definition`, no blank line,
    no heading); else None.

    Such a page is one list whose items are its lines, so its items are found line by line
    without parsing it (a parse of a large page holds ~2 KB an item at once); a page with any
    other line is parsed."""
    if not text or _OTHER_LINE_BREAKS.search(text):
        return None
    lines = text.splitlines()
    bullet = lines[0][:1]
    for line in lines:
        if line[:1] != bullet or not _ITEM_START.match(line) or separated_item(line) is None:
            return None
    return lines


def separated_item(line: str) -> re.Match[str] | None:
    """Return the match of a bold-term item line with a non-empty term and a separator, else None."""
    match = _BOLD_ITEM.match(line)
    if not match or not match.group("term").strip() or not (match.group("colon") or match.group("sep")):
        return None
    return match


def _bare_list(text: str, tokens: list[Token]) -> bool:
    """Return True when a page's bold-term items have no separator but every top-level list
    item opens with a short bold term (`- **GIT** è un sistema …`): a glossary written so."""
    items = [t for t in tokens if t.type == "list_item_open" and t.level == 1 and t.map is not None]
    return len(items) >= MIN_ENTRIES and len(_bold_items(text, tokens, bare=True)) == len(items)


def _top_items(text: str, tokens: list[Token]) -> list[tuple[int, int]]:
    """Return (first line, last non-blank line) of each top-level list item."""
    lines = text.splitlines()
    spans = []
    for token in tokens:
        if token.type == "list_item_open" and token.level == 1 and token.map is not None:
            first, last = token_lines(token)
            while last > first and not lines[last - 1].strip():
                last -= 1
            spans.append((first, last))
    return spans


def _mixed_items(text: str, tokens: list[Token]) -> list[tuple[int, int, re.Match[str]]]:
    """Return every top-level item of a list that mixes `**Term**: definition` items with items
    whose bold term opens a sentence (`**Mulch** is any layer …`, `A **tilth** is …`), when at
    least one item is separated and every item is one or the other; else []."""
    lines = text.splitlines()
    found: list[tuple[int, int, re.Match[str]]] = []
    separated = 0
    for first, last in _top_items(text, tokens):
        line = lines[first - 1]
        match = separated_item(line)
        if match is not None:
            separated += 1
        else:
            match = _SENTENCE_ITEM.match(line)
            if (
                match is None
                or len(match.group("term").split()) > MAX_BARE_TERM_WORDS
                or not (match.group("rest").strip() or last > first)
            ):
                return []
        found.append((first, last, match))
    return found if separated and len(found) >= MIN_ENTRIES else []


def _untaken_items(text: str, tokens: list[Token], taken: set[int]) -> list[int]:
    """Return the first lines of top-level items that open with a bold term (perhaps after an
    article) but were not read as entries: term lines to report as such, never dropped unsaid."""
    lines = text.splitlines()
    return [
        first
        for first, _ in _top_items(text, tokens)
        if first not in taken and _SENTENCE_ITEM.match(lines[first - 1])
    ]


#: `- Kiln` over an indented `- A chamber …`: a plain name alone on an item's first line.
_PLAIN_NAME_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?P<term>[^\s*_`#>|\[][^:：]{0,59}?)\s*(?P<rest>)$")
MAX_PLAIN_TERM_WORDS = 6


def _nested_name_items(text: str, tokens: list[Token]) -> list[tuple[int, int, re.Match[str]]]:
    """Return the items of a list whose every top-level item is a short plain name alone on its
    first line with its definition nested below it (`- Kiln` over `  - A chamber heated …`), the
    nested text prose; [] for any other list (an outline's nested topics are no sentences)."""
    lines = text.splitlines()
    items = [t for t in tokens if t.type == "list_item_open" and t.level == 1 and t.map is not None]
    if len(items) < MIN_ENTRIES:
        return []
    found = []
    for token in items:
        first, last = token_lines(token)
        while last > first and not lines[last - 1].strip():
            last -= 1
        match = _PLAIN_NAME_ITEM.match(lines[first - 1])
        below = " ".join(line.strip().lstrip("-*+ ") for line in lines[first:last])
        if (
            not match
            or len(match.group("term").split()) > MAX_PLAIN_TERM_WORDS
            or match.group("term").rstrip().endswith((".", ",", ";", "!", "?"))
            or last == first
            or len(below.split()) < 4
            or not below.rstrip().endswith((".", "!", "?", ")", "。"))
        ):
            return []
        found.append((first, last, match))
    return found


def repeated_field_names(items: list[tuple[int, int, re.Match[str]]]) -> bool:
    """Return True when one bold name opens many of the items (`- **Definition**: …` under each
    `### Term`): a field of records written as bullets, not a term — a glossary names a term once."""
    names = Counter(" ".join(match.group("term").split()).casefold() for _, _, match in items)
    count = names.most_common(1)[0][1]
    return count >= MIN_ENTRIES and count >= 0.25 * len(items)


class MarkdownBoldReader:
    """Reads Markdown lists whose items open with a bold term: `- **Term**: definition`."""

    name = "markdown-bold"
    description = "Markdown bullets `- **Term**: definition`, one per entry"

    def detect(self, text: str) -> float:
        """Return the share of the page's content lines inside bold-term items (low if < 3 items)."""
        if "**" not in text and "__" not in text and not _INDENTED_ITEM.search(text):
            return 0.0  # no bold and no nested item: skip parsing
        simple = _one_line_items(text)
        if simple is not None:  # every line one item: the score the parse below gives such a page
            return 0.95 if len(simple) >= 2 else 0.95 / 4
        tokens = parse_blocks(text)
        items = _bold_items(text, tokens)
        damp = 1.0
        if not items and _bare_list(text, tokens):
            # No separator anywhere: a glossary only if every item opens so; less sure than `**T**:`.
            items, damp = _bold_items(text, tokens, bare=True), 0.5
        elif items and (mixed := _mixed_items(text, tokens)) and len(mixed) > len(items):
            # some items separated, the others sentences that open on their bold term
            items, damp = mixed, 0.5 + 0.5 * len(items) / len(mixed)
        if not items:  # plain names over nested definitions, every item so: less sure still
            items, damp = _nested_name_items(text, tokens), 0.45
        if not items or repeated_field_names(items):
            return 0.0
        used = sum(last - first + 1 for first, last, _ in items)
        headings = sum(1 for t in tokens if t.type == "heading_open")
        nonblank = sum(1 for line in text.splitlines() if line.strip())
        content = max(1, nonblank - headings - 3)
        score = min(1.0, used / content) * 0.95
        # Fewer than MIN_ENTRIES items is a page that mentions bold words, unless the items
        # are (nearly) all of it: a two-entry glossary is still a glossary.
        whole = len(items) >= 2 and used >= 0.9 * nonblank
        return damp * (score if len(items) >= MIN_ENTRIES or whole else score / 4)

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per bold-term list item; other lines are reported by their block."""
        simple = _one_line_items(text)
        if simple is not None:  # every line is one item (see _one_line_items): no parse needed
            return entries_and_unused(self._line_entries(simple, source), ())
        lines = text.splitlines()
        references = link_references(text)
        tokens = parse_blocks(text)
        title = next(
            (heading_text(tokens[i + 1]) for i, t in enumerate(tokens) if t.type == "heading_open"), ""
        )
        entries = []
        claimed: set[int] = set()
        index_end = index_end_line(tokens)  # items after a page's letter index: another part of it
        items = _bold_items(text, tokens)
        if not items and _bare_list(text, tokens):
            items = _bold_items(text, tokens, bare=True)
        elif items and len(mixed := _mixed_items(text, tokens)) > len(items):
            items = mixed
        plain = not items
        if plain:
            items = _nested_name_items(text, tokens)
        for first, last, match in items:
            if index_end is not None and first > index_end:
                continue
            more = textwrap.dedent("\n".join(lines[first:last]))
            if plain and len(_BULLET_OPENING.findall(more)) == 1:  # one nested item: its text
                more = _BULLET_OPENING.sub("", more, count=1)
            opening = match.group("rest").strip()
            if match.re is _SENTENCE_ITEM:  # the sentence names its term: it is the definition whole
                lead, term = match.group("lead") or "", match.group("term").strip()
                opening = f"{lead}{term}{match.group('rest')}".strip()
            raw = "\n".join(part for part in (opening, more.strip()) if part)
            raw = resolve_reference_links(raw, references)
            entries.append(markdown_entry(source, first, last, item_term(match), raw))
            claimed.update(range(first, last + 1))
        unused = unused_outside(text, tokens, claimed, source)
        if entries:
            untaken = set(_untaken_items(text, tokens, {first for first, _, _ in items}))
            unused = [replace(u, reason=REASON_UNTAKEN_TERM_LINE) if u.line in untaken else u for u in unused]
        return entries_and_unused(entries, unused, title)

    @staticmethod
    def _line_entries(lines: list[str], source: str) -> Iterator[Entry]:
        """Yield the entry of each line of a page of one-line items, as `read` makes them."""
        for number, line in enumerate(lines, start=1):
            match = separated_item(line)
            assert match is not None  # _one_line_items checked every line
            raw = match.group("rest").strip()
            yield markdown_entry(source, number, number, item_term(match), raw)
