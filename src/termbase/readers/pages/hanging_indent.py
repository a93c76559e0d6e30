"""Hanging-indent glossaries: each term on a line of its own at the margin, its definition
indented below it — the layout of plain-text references (Forth word lists, RFC-style and
man-page-style glossaries).

Example in our own words::

    # Kiln words

    kiln
       An oven that fires clay until it is hard.

    glaze ( clay -> pot )
       A glassy coat fused onto pottery.

       It may be clear or coloured.

    bisque
    biscuit
       Pottery fired once, before glazing.

A run of lines at the margin with no blank line between them, directly followed by indented
lines, names one entry: each line of the run is a name of the same body (`bisque`,
`biscuit`). The body is every indented line up to the next line at the margin, blank lines
inside it kept as paragraph breaks. A signature after a name (a bracket holding `->` or
`--`, as a Forth stack comment `( n -> n n )`) is part of the definition, not of the name.
A line at the margin not followed by an indented body (a section heading, a note) is
reported.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass

from termbase.labels import clean_label, parse_term
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused, numbered_lines
from termbase.readers.pointer_entries import POINTER

MIN_ENTRIES = 5
#: A name line longer than this is prose, not a name.
MAX_NAME_CHARS = 80
#: The most this reader is sure of a file: shapes with markup of their own score higher.
MAX_CONFIDENCE = 0.6
#: A signature after a name: from the first bracket that holds an arrow or a dash pair.
_SIGNATURE = re.compile(r"^(?P<name>\S.*?)\s+(?P<signature>\S*\((?=[^)]*(?:->|--|—|→)).*)$")
#: Lines that are markup of another shape, never a name (unless a signature follows):
#: list items, headings of Markdown and reST, tables, code fences, reST directives, LaTeX
#: commands, RDF resources and prefixes.
_MARKUP = re.compile(
    r"^(?:[-*+•]\s|\d+[.)]\s|#{1,6}\s+[A-Z]|[=~^\-]{3,}\s*$|\||```|\.\.\s"
    r"|\\[A-Za-z]+[\[{]|<[a-z][\w+.-]*:|@?prefix\s)",
    re.I,
)
#: Names holding no letter or digit (`}`, `);`) in more than this share of entries: code, not a glossary.
MAX_MARK_NAMES = 0.3
#: Names that end with a colon (`key:`) in most entries over bodies of keys: YAML or a config
#: file, not a glossary.
MAX_COLON_NAMES = 0.5
REASON_MARGIN = "line at the margin without an indented body (a heading or a note)"
#: A name followed by a colon and only tags or keys (`Abstand: #Math #BV1 !dist`).
_TAGGED = re.compile(r"^(?P<name>[^:]{1,80}?)\s*:\s*(?:[#!][\w.-]+\s*)+$")


@dataclass(frozen=True, slots=True)
class _Block:
    """Margin lines (number, text) and the indented body lines below them."""

    names: tuple[tuple[int, str], ...]
    body: tuple[tuple[int, str], ...]


def _indent(line: str) -> int:
    """Return the columns of white space before a line's text (a tab counts to the next 8)."""
    stripped = line.lstrip(" \t")
    return len(line[: len(line) - len(stripped)].expandtabs())


def _margin(lines: list[tuple[int, str]]) -> int:
    """Return the column names stand at: the indent most lines directly above a deeper-indented
    line have (0 for terms at the margin; 2 in a book appendix that indents terms by two and
    their definitions by six)."""
    found: Counter[int] = Counter()
    for (_, line), (_, below) in itertools.pairwise(lines):
        if line.strip() and below.strip() and (indent := _indent(line)) < _indent(below):
            found[indent] += 1
    return found.most_common(1)[0][0] if found else 0


def _blocks(text: str) -> list[_Block]:
    """Return the margin runs of the text, each with the indented body below it (maybe none).

    The margin is where names stand (see `_margin`); a line left of it (a title over terms
    indented by two) names nothing and is a block of its own.
    """
    blocks: list[_Block] = []
    names: list[tuple[int, str]] = []
    body: list[tuple[int, str]] = []
    lines = numbered_lines(text)
    margin = _margin(lines)
    for number, line in lines:
        if not line.strip():
            if names and not body:  # a blank line ends a run of names that has no body yet
                blocks.append(_Block(tuple(names), ()))
                names = []
            elif body:
                body.append((number, ""))
            continue
        indent = _indent(line)
        if indent < margin or (indent == margin and _banner(line)):
            if names or body:
                blocks.append(_Block(tuple(names), tuple(body)))
                names, body = [], []
            blocks.append(_Block(((number, line),), ()))
            continue
        if indent > margin:
            if names:
                body.append((number, line))
            else:
                blocks.append(_Block((), ((number, line),)))
            continue
        if body:
            blocks.append(_Block(tuple(names), tuple(body)))
            names, body = [], []
        names.append((number, line))
    if names or body:
        blocks.append(_Block(tuple(names), tuple(body)))
    return blocks


def _is_name(line: str) -> bool:
    """Return True for a line that can name an entry: short, and no markup of another shape
    (a name with a signature is one whatever it looks like: Forth's `+ ( m n -> m+n )`)."""
    if len(line.strip()) > MAX_NAME_CHARS or _banner(line):
        return False
    return bool(_SIGNATURE.match(line.strip())) or not _MARKUP.match(line.lstrip())


#: A title framed by the same marks on both sides (`** GLOSSARY **`, `== Context ==`).
_BANNER = re.compile(
    r"^(?P<mark>\*{2,}|={2,}|-{2,}|#{2,}|~{2,})[ \t]+(?P<text>\S(?:.*\S)?)[ \t]+(?P=mark)[ \t]*$"
)
#: A term and its gloss on one line, the term one Latin-script word (a bracket may follow it)
#: and the gloss holding letters of another script: `candidate 候補`, `cc(conjugate class) どの活用か`.
_ONE_LINER = re.compile(r"^(?P<name>[A-Za-z][\w.-]*(?:[(（][^()（）]*[)）])?)[ \t]+(?P<rest>\S.*)$")
#: One-line entries are read only when a file holds at least this many.
MIN_ONE_LINERS = 3


def _banner(line: str) -> str:
    """Return the title of a framed title line (`** GLOSSARY **` gives `GLOSSARY`), else ''."""
    match = _BANNER.match(line.strip())
    return match["text"] if match else ""


def _one_liner(line: str) -> tuple[str, str] | None:
    """Return (name, gloss) for a line holding a term and its gloss in another script."""
    match = _ONE_LINER.match(line.strip())
    if not match or line.strip().endswith((":", "：")):
        return None
    if not any(_other_script_letter(c) for c in match["rest"]):
        return None
    return clean_label(match["name"]), match["rest"].strip()


def _other_script_letter(char: str) -> bool:
    return char.isalpha() and not char.isascii() and "LATIN" not in unicodedata.name(char, "")


def _banner_entries(blocks: list[_Block]) -> dict[int, list[int]]:
    """Return {banner block: the blocks of its section} for each framed title whose section
    (up to the next framed title) holds fewer than two entries: the title names one term and
    the section is its text (`** context **` over a paragraph about contexts)."""
    found: dict[int, list[int]] = {}
    starts = [i for i, b in enumerate(blocks) if len(b.names) == 1 and not b.body and _banner(b.names[0][1])]
    for start, end in zip(starts, [*starts[1:], len(blocks)][: len(starts)], strict=True):
        section = list(range(start + 1, end))
        if section and len(_entries([blocks[i] for i in section])) < 2:
            found[start] = section
    return found


def _definition(body: tuple[tuple[int, str], ...]) -> str:
    """Return the body's text: its lines joined, blank lines kept as paragraph breaks."""
    paragraphs: list[list[str]] = [[]]
    for _, line in body:
        if line.strip():
            paragraphs[-1].append(line.strip())
        elif paragraphs[-1]:
            paragraphs.append([])
    return "\n\n".join(" ".join(lines) for lines in paragraphs if lines)


def _name_and_signature(line: str) -> tuple[str, str]:
    match = _SIGNATURE.match(line.strip())
    if match:
        return clean_label(match["name"]), match["signature"].strip()
    if tagged := _TAGGED.match(line.strip()):  # `Abstand: #Math #BV1`: tags after the name
        return clean_label(tagged["name"]), ""
    return clean_label(_NAME_COLON.sub("", line.strip())), ""


#: The colon that closes a name on its line (`Birthday Paradox:`), not a `::` of code.
_NAME_COLON = re.compile(r"(?<=[^:\s])\s*[:：]$")


def _pointer_line(line: str) -> tuple[str, str] | None:
    """Return (name, pointer) for a margin line that only sends the reader to another entry
    (`Aliasing: => Treppeneffekt`), else None: such a line is an entry the pointer rule folds."""
    name, colon, rest = line.strip().partition(":")
    if colon and name.strip() and len(name) <= MAX_NAME_CHARS and POINTER.match(rest.strip()):
        return clean_label(name), rest.strip()
    return None


def _split_heading(block: _Block) -> tuple[tuple[tuple[int, str], ...], _Block]:
    """Return the lines that open a run but name nothing (a heading right above the first
    name: `# Memory`; a pointer line `Aliasing: => Treppeneffekt`, an entry of its own), and
    the block without them."""
    if not block.body:
        return (), block
    index = len(block.names)  # the names are the run of name lines right above the body
    while index > 0 and _is_name(line := block.names[index - 1][1]) and not _pointer_line(line):
        index -= 1
    return block.names[:index], _Block(block.names[index:], block.body)


def _entries(blocks: list[_Block]) -> list[_Block]:
    """Return the blocks that are entries: names at the margin, a body below them."""
    found = []
    for block in blocks:
        _, named = _split_heading(block)
        if named.names and named.body and all(_is_name(line) for _, line in named.names):
            found.append(named)
    return found


#: A body line that is a key and value, or a list item: data, not prose.
_KEY_LINE = re.compile(r"^\s*(?:-\s|[\w.\"'-]+\s*:(?:\s|$))")


def _keyed(entries: list[_Block]) -> bool:
    """Return True when most body lines are `key: value` pairs or list items (YAML, a config
    file); names ending in a colon over prose bodies (`Big-O Notation:`) are a glossary's."""
    lines = [line for b in entries for _, line in b.body if line.strip()]
    return sum(1 for line in lines if _KEY_LINE.match(line)) > MAX_COLON_NAMES * len(lines)


class HangingIndentReader:
    """Reads glossaries of terms at the margin with indented definitions below them."""

    name = "hanging-indent"
    description = "terms at the margin, each definition indented below it (plain-text references)"

    def detect(self, text: str) -> float:
        """Return up to MAX_CONFIDENCE: the share of content lines that entries cover."""
        if "\n " not in text and "\n\t" not in text:
            return 0.0
        blocks = _blocks(text)
        entries = _entries(blocks)
        if len(entries) < MIN_ENTRIES:
            return 0.0
        names = [line.strip() for b in entries for _, line in b.names]
        if sum(1 for name in names if name.endswith(":")) > MAX_COLON_NAMES * len(names) and _keyed(entries):
            return 0.0
        if sum(1 for name in names if not any(c.isalnum() for c in name)) > MAX_MARK_NAMES * len(names):
            return 0.0
        content = sum(1 for _, line in numbered_lines(text) if line.strip())
        covered = sum(len(b.names) + sum(1 for _, line in b.body if line.strip()) for b in entries)
        covered += _other_entry_lines(blocks)
        share = covered / max(1, content)
        return MAX_CONFIDENCE * share if share >= 0.6 else 0.0

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per run of names with its indented body; other lines are reported."""
        entries: list[Entry] = []
        unused: list[Unused] = []
        blocks = _blocks(text)
        sections = _banner_entries(blocks)
        in_sections = {i for section in sections.values() for i in section}
        one_liners = sum(1 for b in blocks if not b.body for _, line in b.names if _one_liner(line))
        if one_liners < MIN_ONE_LINERS:
            one_liners = 0
        dashed = _dash_terms(blocks)
        for place, whole in enumerate(blocks):
            if place in in_sections:
                continue
            if place in sections:
                entries.append(_section_entry(whole, [blocks[i] for i in sections[place]], source))
                continue
            if one_liners and (entry := _one_liner_entry(whole, source)):
                entries += entry
                continue
            if dashed and (made := _dashed_entries(whole, source, unused)):
                entries += made
                continue
            if pairs := _item_pairs(whole.body):
                unused += [Unused(source, n, line.strip(), REASON_SECTION) for n, line in whole.names]
                entries += [Entry(source, n, end, term, parse_term(term)[0] or (term,), text)
                            for n, end, term, text in pairs]
                continue
            heading, block = _split_heading(whole)
            for number, line in heading:
                if pointer := _pointer_line(line):
                    entries.append(Entry(source, number, number, pointer[0], (pointer[0],), pointer[1]))
                else:
                    unused.append(Unused(source, number, line.strip(), REASON_MARGIN))
            if not (block.names and block.body and all(_is_name(line) for _, line in block.names)):
                for number, line in block.names:
                    if not block.body and (pointer := _pointer_line(line)):
                        entries.append(Entry(source, number, number, pointer[0], (pointer[0],), pointer[1]))
                    else:
                        unused.append(Unused(source, number, line.strip(), REASON_MARGIN))
                unused += [Unused(source, n, line.strip(), REASON_MARGIN) for n, line in block.body if line]
                continue
            named = [_name_and_signature(line) for _, line in block.names]
            names = [name for name, _ in named if name]
            if not names:
                continue
            signatures = [signature for _, signature in named if signature]
            definition = _definition(block.body)
            if len(signatures) == 1:
                definition = f"{signatures[0]} {definition}"
            labels = tuple(dict.fromkeys(label for name in names for label in parse_term(name)[0]))
            last = max(n for n, line in block.body if line)
            entries.append(
                Entry(source, block.names[0][0], last, names[0], labels or (names[0],), definition)
            )
        return entries_and_unused(entries, unused)


def _other_entry_lines(blocks: list[_Block]) -> int:
    """Return the lines of framed-title sections and one-line entries (see `read`)."""
    sections = _banner_entries(blocks)
    lines = sum(
        1 + sum(len(blocks[i].names) + sum(1 for _, line in blocks[i].body if line) for i in section)
        for section in sections.values()
    )
    one_liners = sum(1 for b in blocks if not b.body for _, line in b.names if _one_liner(line))
    return lines + (one_liners if one_liners >= MIN_ONE_LINERS else 0)


def _section_entry(banner: _Block, section: list[_Block], source: str) -> Entry:
    """Return the entry a framed title and the text of its section give."""
    number, line = banner.names[0]
    lines = tuple(sorted((*(n for b in section for n in b.names), *(n for b in section for n in b.body))))
    name = clean_label(_banner(line))
    last = max((n for n, text in lines if text.strip()), default=number)
    return Entry(source, number, last, name, parse_term(name)[0] or (name,), _definition(lines))


def _one_liner_entry(block: _Block, source: str) -> list[Entry]:
    """Return the entries of a block of one-line entries (`candidate 候補`), or of one such line
    whose gloss runs on in the indented lines below it; [] when the block is not one."""
    if block.body:
        if len(block.names) != 1 or not (split := _one_liner(block.names[0][1])):
            return []
        number = block.names[0][0]
        name, rest = split
        last = max(n for n, line in block.body if line)
        definition = _definition(((number, rest), *block.body))
        return [Entry(source, number, last, name, parse_term(name)[0] or (name,), definition)]
    splits = [(number, _one_liner(line)) for number, line in block.names]
    if not splits or not all(split for _, split in splits):
        return []
    return [
        Entry(source, number, number, split[0], parse_term(split[0])[0] or (split[0],), split[1])
        for number, split in splits
        if split
    ]


#: `parseClass - given a course, …`: a short term, a spaced dash, the definition opening on the term's line.
_DASH_TERM = re.compile(r"^(?P<name>[^\s-][^\s]*(?: [^\s-][^\s]*){0,3}) [-–—] (?P<rest>\S+(?: \S+)+)$")
#: A file's name lines are term-dash-definition lines when at least this many are (and most).
MIN_DASH_TERMS = 3
REASON_SECTION = "section heading over its items"


def _dash_terms(blocks: list[_Block]) -> bool:
    """Return True when most name lines that open a body, or stand alone, are `term - definition`."""
    lines = [b.names[-1][1] for b in blocks if b.names and (b.body or len(b.names) == 1)]
    split = sum(1 for line in lines if _DASH_TERM.match(line.strip()))
    return split >= MIN_DASH_TERMS and split >= 0.6 * len(lines)


def _dashed_entries(block: _Block, source: str, unused: list[Unused]) -> list[Entry]:
    """Return the entry of a block whose last name line is `term - definition` (its body, if
    any, continuing the definition); lines above it in the run are reported. [] when it is not."""
    if not block.names or not (split := _DASH_TERM.match(block.names[-1][1].strip())):
        return []
    unused += [Unused(source, number, line.strip(), REASON_MARGIN) for number, line in block.names[:-1]]
    number = block.names[-1][0]
    name = clean_label(split["name"])
    definition = _definition(((number, split["rest"]), *block.body))
    last = max((n for n, line in block.body if line.strip()), default=number)
    return [Entry(source, number, last, name, parse_term(name)[0] or (name,), definition)]


#: An item line of a body: its bullet and its text.
_ITEM = re.compile(r"^(?P<bullet>[-*+•])\s+(?P<text>\S.*)$")


def _item_pairs(body: tuple[tuple[int, str], ...]) -> list[tuple[int, int, str, str]]:
    """Return (line, end line, term, definition) for a body that is only pairs of a short item
    and a deeper item under it (`- FileReader` over `    + a class that …`), at least two; else []."""
    lines = [(number, line) for number, line in body if line.strip()]
    if len(lines) < 4 or len(lines) % 2:
        return []
    pairs = []
    for (number, term_line), (end, text_line) in zip(lines[::2], lines[1::2], strict=True):
        term, text = _ITEM.match(term_line.strip()), _ITEM.match(text_line.strip())
        if not term or not text or _indent(text_line) <= _indent(term_line) or len(term["text"].split()) > 4:
            return []
        pairs.append((number, end, clean_label(term["text"]), text["text"].strip()))
    return pairs if len({_indent(line) for _, line in lines[::2]}) == 1 else []
