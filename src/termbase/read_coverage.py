"""Read checks that work for any shape: did the read cover the file's repeated structure?

A glossary file repeats one line pattern per entry — a table row, `Term: text`, `- **Term** –
text`, a heading. These checks find that pattern from the file itself and compare it with
what the reader took: lines of one structured pattern left outside every entry (entries the
reader missed), many such lines inside a few entries' definitions (entries glued together),
letters or numbers read as terms, words written among the letter headings, arrow pointers
left inside definitions, term and definition lines of one shape read two by two. None knows
a syntax by name; each returns a `ReadFinding` that says what, where and how many.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from termbase.model import Entry
from termbase.readers.page_text import is_letter_divider


@dataclass(frozen=True, slots=True)
class LineShape:
    """The structure one line shows: its opening markup and the separator after a short head
    ("" when none), or the cell count of a table row."""

    opening: str
    separator: str
    #: How far the line is indented (leading spaces, a tab counting four).
    indent: int = 0

    @property
    def family(self) -> tuple[str, str, int]:
        """Return what two lines must share to be written the same way: any table row is one
        family; else the indentation, the opening markup and the separator."""
        return ("|", "", 0) if self.opening.startswith("|") else (self.opening, self.separator, self.indent)

    def describe(self) -> str:
        """Return the shape in words, for a finding's message."""
        if self.opening.startswith("|"):
            cells = self.opening[1:]
            return f"table rows of {cells} cells" if cells else "table cells, one per line"
        parts = [f"opening {self.opening!r}" if self.opening else "", self._separator_words()]
        return ", ".join(part for part in parts if part)

    def _separator_words(self) -> str:
        names = {
            ":": "a head then ':'",
            "-": "a head then a dash",
            "tab": "a head then a tab",
            "=": "a head then '='",
            "=>": "a head then '=>'",
            "::": "a head then '::'",
            "->": "a head then an arrow",
            "...": "a head then dots",
            "|": "a head then '|'",
            ".": "a head in capitals then '.'",
            "]": "a head in square brackets",
        }
        return names.get(self.separator, "")

    @property
    def structured(self) -> bool:
        """True for a shape entries are written in: a separator after a head, or a table row."""
        return bool(self.separator) or self.opening.startswith("|")


#: Opening markup: a heading, a bullet, a number, a quote, a MediaWiki `;`, a Typst term `/`.
_OPENING = re.compile(r"^(?:#{1,6}(?=\s)|[-*+•/](?=\s)|\d{1,3}[.)](?=\s)|>|;(?=\s*\S))\s*")
_EMPHASIS = re.compile(r"\*\*|__|(?<!\w)[*_`](?=\S)|(?<=\S)[*_`](?!\w)")
_HEAD_SEPARATOR = re.compile(  # a head linked to its own page (`[Term](term.md) - …`) may run longer
    r"^(?P<head>\[[^\[\]\n]{1,60}\]\([^()\s]{1,200}\)|[^\s|:][^\t]{0,59}?)(?P<sep>\s*[:：]\s+|\s+[-–—]{1,2}\s+|\t+|\s+=>\s+|\s+=\s+|\s*::\s*"
    r"|\s+(?:-{1,2}>|→|⇒|⟶)\s+|\s*(?:\.{3,}|…+)\s*|\s+\|\s+)(?=\S)"
)
#: An old dictionary's term line: the head in capitals, a full stop, the definition (`KILN. An oven`).
_CAPITALS_HEAD = re.compile(r"^(?P<head>[A-Z][A-Z0-9 '’&/-]{1,59}?)(?P<sep>\.\s+)(?=[^\W\d_]|[(\"'“])")
#: A head in square brackets, then its text (`[Kiln] an oven`); not a link, a checkbox or a footnote.
_BRACKETED_HEAD = re.compile(r"^\[(?P<head>[^\[\]^]{2,60})\](?P<sep>\s+)(?=[^\s(\[])")
#: The separators as a shape names them (`→` and `-->` are one arrow, `…` dots).
_SEPARATOR_NAMES = {
    "": "tab",
    "–": "-",
    "—": "-",
    "--": "-",
    "：": ":",
    "-->": "->",
    "→": "->",
    "⇒": "->",
    "⟶": "->",
}
#: Arrow separators (`variant -> preferred`): the head may list variants split by commas.
_ARROWS = ("->", "-->", "=>", "→", "⇒", "⟶")
_TABLE_RULE = re.compile(r"^\|?[\s:|+=-]+\|?$")
_DIGITS = re.compile(r"\d+")
#: Every separator `_HEAD_SEPARATOR` knows holds one of these: a text without any has none.
_SEPARATOR_CHAR = re.compile(r"[:：\t=\-–—→⇒⟶…|]|\.\.\.|^[A-Z]{2}|^\[")


def may_have_separator(line: str) -> bool:
    """Return False when a line's shape (`line_shape(line[:SHAPE_CHARS])`) cannot have a
    separator: its first `SHAPE_CHARS` hold no separator character. A cheap test before the shape."""
    return _SEPARATOR_CHAR.search(line, 0, SHAPE_CHARS) is not None


def may_be_structured(line: str) -> bool:
    """Return False when a line's shape cannot be structured (see `LineShape.structured`):
    no separator character and no table bar in its first `SHAPE_CHARS`."""
    return may_have_separator(line) or "|" in line[:SHAPE_CHARS]


def _without_emphasis(text: str) -> str:
    """Return `text` without its emphasis marks (`_EMPHASIS`), at once when it has no mark."""
    return _EMPHASIS.sub("", text) if "*" in text or "_" in text or "`" in text else text


_SENTENCE_END = (".", "!", "?", ";", ",")
#: Head words beyond which a `Head: text` line is a sentence with a colon, not a term.
MAX_HEAD_WORDS = 6


#: A line's shape shows in its opening; longer lines (a JSON file on one line) are cut here.
SHAPE_CHARS = 240


@lru_cache(maxsize=1 << 14)
def line_shape(line: str) -> LineShape | None:
    """Return the shape of a line, or None for a blank line or a table's rule row."""
    text = line.strip()[:SHAPE_CHARS]
    if not text or (_TABLE_RULE.fullmatch(text) and "-" in text):
        return None
    if text.startswith("|"):
        cells = text.count("|") - (1 if text.endswith("|") and len(text) > 1 else 0)
        return LineShape(f"|{cells}" if text.count("|") >= 2 else "|", "")
    indent = len(line[: len(line) - len(line.lstrip())].replace("\t", "    "))
    opening = ""
    while match := _OPENING.match(text):
        opening += _DIGITS.sub("1", match.group().strip())
        text = text[match.end() :]
    plain = _without_emphasis(text)
    separator = ""
    head = _head_match(plain) if _SEPARATOR_CHAR.search(plain) else None
    if head and is_head(head.group("head"), head.group("sep")):
        mark = "]" if head.re is _BRACKETED_HEAD else head.group("sep").strip()
        separator = "..." if mark.startswith((".", "…")) and mark != "." else _SEPARATOR_NAMES.get(mark, mark)
    return LineShape(opening, separator, indent)


def _head_match(text: str) -> re.Match[str] | None:
    """Return the match of a short head and its separator at the start of `text`, or None."""
    if text.startswith("[") and (bracketed := _BRACKETED_HEAD.match(text)):
        return bracketed
    return _HEAD_SEPARATOR.match(text) or (_CAPITALS_HEAD.match(text) if text[:2].isupper() else None)


def is_head(head: str, separator: str = ":") -> bool:
    """Return True if the text before a separator could be a term: a few words with a letter,
    no sentence, no directive (`.. image::`), no quoted data key (`"key": value`; a quoted term
    before a dash or an arrow is a term)."""
    words = head.split()
    if separator.strip() in _ARROWS and "," in head:  # `a, b, c -> d`: each variant a few words
        words = max((part.split() for part in head.split(",")), key=len)
    quoted = head.startswith(('"', "'")) and separator.strip() in (":", "：", "=", "::")
    return (
        0 < len(words) <= MAX_HEAD_WORDS
        and not head.rstrip().endswith(_SENTENCE_END)
        and not head.startswith("..")  # a directive
        and not quoted
        and any(char.isalpha() for char in head)
    )


def head_of(line: str) -> str:
    """Return the head before a line's separator (its term, if it is a term line), casefolded."""
    text = line.strip()[:SHAPE_CHARS]
    while match := _OPENING.match(text):
        text = text[match.end() :]
    head = _head_match(_without_emphasis(text))
    return head.group("head").strip().casefold() if head else text.casefold()


_FENCE = re.compile(r"^\s*(```+|~~~+)")


def skipped_zones(lines: list[str]) -> set[int]:
    """Return the 1-based numbers of lines no entry is expected in: front matter and fenced code."""
    skipped: set[int] = set()
    if lines and lines[0].strip() in ("---", "+++"):
        fence = lines[0].strip()
        end = next((n for n in range(1, len(lines)) if lines[n].strip() == fence), None)
        if end is not None:
            skipped.update(range(1, end + 2))
    fence_open: str | None = None
    for number, line in enumerate(lines, start=1):
        mark = _FENCE.match(line) if "```" in line or "~~~" in line else None
        if fence_open is not None:
            skipped.add(number)
            if mark and mark.group(1)[:3] == fence_open[:3]:
                fence_open = None
        elif mark:
            fence_open = mark.group(1)
            skipped.add(number)
    return skipped


def entry_lines(entries: tuple[Entry, ...]) -> set[int]:
    """Return the 1-based line numbers inside any entry's span."""
    covered: set[int] = set()
    for entry in entries:
        covered.update(range(entry.line, max(entry.line, entry.end_line) + 1))
    return covered


def unread_structured_lines(
    lines: list[str], entries: tuple[Entry, ...]
) -> tuple[LineShape, list[int]] | None:
    """Return the commonest structured shape among lines outside every entry, written like
    the entries' own first lines (the same family: see `LineShape.family`), and those lines."""
    first_lines = Counter(e.line for e in entries)
    families: Counter[tuple[str, str]] = Counter()
    for number, count in first_lines.items():  # only structured families count (see below)
        if not may_be_structured(line := _line(lines, number)):
            continue
        if (shape := line_shape(line[:SHAPE_CHARS])) is not None and shape.structured:
            families[shape.family] += count
    own = {family for family, count in families.items() if count >= 0.3 * len(entries)}
    if not own:
        return None  # no structured family: no line can join a group
    covered = entry_lines(entries)
    skipped = skipped_zones(lines)
    groups: dict[LineShape, list[int]] = {}
    for number, line in enumerate(lines, start=1):
        if number in covered or number in skipped or not may_be_structured(line):
            continue
        if is_letter_divider(_plain(line)):
            continue
        shape = line_shape(line[:SHAPE_CHARS])
        if shape is not None and shape.structured and shape.family in own:
            groups.setdefault(shape, []).append(number)
    if not groups:
        return None
    shape, numbers = max(groups.items(), key=lambda item: len(item[1]))
    return shape, numbers


def inner_lines(entries: tuple[Entry, ...]) -> list[int]:
    """Return, in order, the lines inside entries that open no entry (their bodies)."""
    return sorted(entry_lines(entries) - {e.line for e in entries})


def glued_structured_lines(lines: list[str], entries: tuple[Entry, ...]) -> list[int]:
    """Return the lines inside entries (not their first line), at the left margin, that open
    with a short head and a separator: the shape of term lines written one per line."""
    skipped = skipped_zones(lines)
    glued = []
    for number in inner_lines(entries):
        line = _line(lines, number)
        if not line or line[0].isspace() or number in skipped or not may_have_separator(line):
            continue
        shape = line_shape(line[:SHAPE_CHARS])
        if shape is not None and shape.separator and not shape.opening.startswith("|"):
            glued.append(number)
    return glued


def distinct_share(values: list[str]) -> float:
    """Return the share of values that are distinct (1.0 when all differ)."""
    return len(set(values)) / len(values) if values else 0.0


def _plain(line: str) -> str:
    return _without_emphasis(line[:SHAPE_CHARS]).strip().strip("#").strip()


def letter_terms(entries: tuple[Entry, ...]) -> list[Entry]:
    """Return the entries whose term is an index letter or letter range (`A`, `B–C`, `#`)."""
    return [e for e in entries if is_letter_divider(e.term)]


_DIGITS_ONLY = re.compile(r"^[\W\d_]+$")


def code_terms(entries: tuple[Entry, ...]) -> list[Entry]:
    """Return the entries whose term holds no letter (a number, row id, symbol run)."""
    return [e for e in entries if _DIGITS_ONLY.match(e.term)]


_HEADING = re.compile(r"^(#{1,6})\s+(\S.*?)\s*#*\s*$")


def word_headings_at_letter_level(lines: list[str], entries: tuple[Entry, ...]) -> tuple[int, list[int]]:
    """Return (level, lines) of Markdown headings one level above the entries' term headings
    that are words, where most headings of that level are index letters (`### A` … with
    `### Render` among them): terms written one level too high."""
    term_levels = Counter(
        len(match.group(1))
        for e in entries
        if (match := _HEADING.match(_line(lines, e.line)[:SHAPE_CHARS].strip()))
    )
    if not term_levels or sum(term_levels.values()) < 0.6 * len(entries):
        return 0, []
    level = term_levels.most_common(1)[0][0] - 1
    if level < 1:
        return 0, []
    covered = entry_lines(entries)
    skipped = skipped_zones(lines)
    letters: list[int] = []
    words: list[int] = []
    for number, line in enumerate(lines, start=1):
        match = _HEADING.match(line[:SHAPE_CHARS].strip())
        if not match or len(match.group(1)) != level or number in skipped:
            continue
        if is_letter_divider(match.group(2)):
            letters.append(number)
        elif number not in covered and not match.group(2).rstrip().endswith(("?", ":", ".", "!")):
            words.append(number)
    if len(letters) < 3:
        return 0, []
    between = [n for n in words if letters[0] < n < letters[-1]]  # not a page title or closing section
    return (level, between) if len(letters) > len(between) else (0, [])


#: A line that only points at another entry with an arrow (`=> X`, `→ X`, `Term: => X`).
ARROW_POINTER = re.compile(r"^\s*(?:[-*+]\s+)?(?:[^\s:]{1,60}?:\s*)?(?:=>|⇒|→|->)\s*\S")


def arrow_pointer_lines(lines: list[str], entries: tuple[Entry, ...]) -> list[int]:
    """Return the lines inside entries (not their first) that only point elsewhere with an arrow."""
    return [
        number
        for number in inner_lines(entries)
        if len(line := _line(lines, number)) < SHAPE_CHARS
        and ARROW_POINTER.match(line)
        and len(line.split()) <= 8
    ]


def paired_alike(lines: list[str], entries: tuple[Entry, ...]) -> tuple[int, list[Entry]]:
    """Return (two-line entries, those whose term line and definition line have one shape)."""
    pairs = [e for e in entries if e.end_line == e.line + 1]
    alike = [
        e
        for e in pairs
        if may_be_structured(term_line := _line(lines, e.line))
        and (shape := line_shape(term_line[:SHAPE_CHARS])) is not None
        and shape.structured
        and shape.opening != "|"  # a table written one cell per line pairs its cells by design
        and shape == line_shape(_line(lines, e.end_line)[:SHAPE_CHARS])
    ]
    return len(pairs), alike


def _line(lines: list[str], number: int) -> str:
    return lines[number - 1] if 0 < number <= len(lines) else ""


def iter_heads(lines: list[str], numbers: list[int]) -> Iterator[str]:
    """Yield the head of each numbered line (see `head_of`)."""
    for number in numbers:
        yield head_of(_line(lines, number))
