"""The fallback for line-structured glossaries: the term line's shape is learnt from the file.

No syntax is known in advance. Every line gets a shape (see `read_coverage.line_shape`): its
opening markup, its indentation, and the separator after a short head — `:`, a dash, a tab,
`=`, `=>`, `::`. The shape that most lines share, with heads that nearly all differ, is the
file's term line: `Abort: Vazgeç`, `- **Kiln** – an oven`, `KILN = an oven`, `1. Glaze: …`,
`Kiln → an oven`, `[Kiln] an oven`, or a head and a colon alone on its line (`Kiln:`).
Each such line opens an entry (the head its term, the rest its definition); the lines below it
up to the next term line, heading or blank-line gap continue the definition. Lines before the
first entry, headings, letter dividers and rules are reported.

`detect` stays below the readers of known syntaxes (at most 0.4), so this reader reads a file
only when none of them knows it, or when their reads are flagged by the read checks.
"""

from __future__ import annotations

import re

from termbase import read_coverage as coverage  # a module: read_coverage imports readers' helpers
from termbase.labels import clean_label, parse_term
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.page_text import (
    REASON_DIVIDER,
    REASON_HEADING,
    REASON_UNTAKEN_TERM_LINE,
    is_letter_divider,
)

MIN_ENTRIES = 3
#: The term lines must be at least this share of the file's non-blank lines.
MIN_SHARE = 0.35
#: Heads must nearly all differ: the same few heads are fields of records, not terms.
MIN_DISTINCT = 0.8
MAX_CONFIDENCE = 0.4
#: Term lines fewer than MIN_SHARE still make the file's shape when, with the lines indented
#: under them, they hold this share of its non-blank lines (definitions of several lines each).
MIN_HANGING_SHARE = 0.7
#: Lines looked at below a term line for its hanging definition.
MAX_HANGING_LINES = 60

REASON_BEFORE = "text before the first term line"
REASON_SKIPPED = "front matter or code block"
#: A paragraph holding the term lines' separator that is no term line (its head too long, say):
#: reported, never glued into the entry above (see read_checks.untaken_term_lines).
REASON_UNTAKEN = REASON_UNTAKEN_TERM_LINE
#: The separator characters of each separator name, to find a paragraph written like a term line.
_SEPARATOR_TEXT = {"->": re.compile(r"\s(?:-{1,2}>|=>|→|⇒|⟶)\s")}
_HEADING = re.compile(r"^\s{0,3}(?:#{1,6}\s|=+\s)|^\s*(?:\*\*|__)[^*_]+(?:\*\*|__)\s*$")
_RULE = re.compile(r"^\s*(?:[-*_=]\s*){3,}$")
#: A line's opening marks (`/ Term:`: a Typst term), and emphasis marks — not an underscore
#: inside a word (`audio_features`), which is part of the term.
_MARKS = re.compile(
    r"^(?:[\s>*+•-]|/(?=\s))*(?:\d{1,3}[.)]\s+)?|\*\*|(?<!\w)__|__(?!\w)|(?<!\w)[*_`]+|[*_`]+(?!\w)|`"
)
#: A term line that is only a head and a colon, its definition on the lines below (`Kiln:`).
_HEAD_ALONE = re.compile(r"^(?P<head>[^\s:|#][^:：]{0,59}?)\s*[:：]\s*$")
HEAD_ALONE = ":$"


def _term_shape(lines: list[str]) -> tuple[coverage.LineShape, list[int]] | None:
    """Return the term-line shape of the file and the lines of that shape, or None."""
    skipped = coverage.skipped_zones(lines)
    groups: dict[tuple[str, str, int], list[int]] = {}
    shapes: dict[tuple[str, str, int], coverage.LineShape] = {}
    nonblank = 0
    for number, line in enumerate(lines, start=1):
        if not line.strip() or number in skipped:
            continue
        nonblank += 1
        shape = coverage.line_shape(line[: coverage.SHAPE_CHARS])
        if shape is not None and not shape.separator and _head_alone(line):
            shape = coverage.LineShape(shape.opening, HEAD_ALONE, shape.indent)
        if shape is None or not shape.separator or shape.opening.startswith(("|", "#")):
            continue
        if shape.separator == "=>":  # `a => b` and `a -> b` lines are one arrow shape
            shape = coverage.LineShape(shape.opening, "->", shape.indent)
        groups.setdefault(shape.family, []).append(number)
        shapes[shape.family] = shape
    best: tuple[coverage.LineShape, list[int]] | None = None
    for family, numbers in groups.items():
        heads = [_head(lines[n - 1], shapes[family]) for n in numbers]
        # a file of one or two term lines (`effects - …`), nothing else in it, is a glossary of them
        alone = (
            nonblank == len(numbers) < MIN_ENTRIES
            and not skipped
            and sum(1 for line in lines if line.strip()) == nonblank
            and not any(lines[n - 1].lstrip().startswith(("[", "{")) for n in numbers)  # JSON is data
        )
        if (len(numbers) < MIN_ENTRIES and not alone) or coverage.distinct_share(heads) < MIN_DISTINCT:
            continue
        if best is None or len(numbers) > len(best[1]):
            best = shapes[family], numbers
    if best is None:
        return _aligned_shape(lines, skipped, nonblank)
    few = len(best[1]) < MIN_SHARE * max(1, nonblank)
    if few and _hanging_lines(lines, best[1]) < MIN_HANGING_SHARE * nonblank:
        return None
    shape, numbers = best
    longer = _long_head_lines(lines, shape, skipped, set(numbers))
    return (shape, sorted([*numbers, *longer])) if longer else best


#: The separators of a term-line shape, to find them after a head too long for `line_shape`.
_SEPARATOR_OF = {
    ":": re.compile(r"\s*[:：]\s+(?=\S)"),
    "-": re.compile(r"\s+[-–—]{1,2}\s+(?=\S)"),
    "=": re.compile(r"\s+=\s+(?=\S)"),
    "tab": re.compile(r"\t+(?=\S)"),
    "->": re.compile(r"\s+(?:-{1,2}>|=>|→|⇒|⟶)\s+(?=\S)"),
}
#: A head longer than `line_shape` takes (60 characters, six words) is a term up to this long …
MAX_LONG_HEAD_CHARS = 120
MAX_LONG_HEAD_WORDS = 14
#: … when this share of its longer words open with a capital (`Pyrometric Cone Equivalent of …`).
MIN_TITLE_SHARE = 0.6


def _long_head_lines(
    lines: list[str], shape: coverage.LineShape, skipped: set[int], starts: set[int]
) -> list[int]:
    """Return the lines written like the term lines (same opening, indent and separator) whose
    head is too long for `line_shape`: a long name in title case, not a sentence."""
    separator = _SEPARATOR_OF.get(shape.separator)
    if separator is None:
        return []
    found = []
    for number, line in enumerate(lines, start=1):
        if number in starts or number in skipped or not line.strip():
            continue
        own = coverage.line_shape(line[: coverage.SHAPE_CHARS])
        if own is None or own.separator or (own.opening, own.indent) != (shape.opening, shape.indent):
            continue
        plain = _MARKS.sub("", line.strip())
        match = separator.search(plain, 0, MAX_LONG_HEAD_CHARS + 4)
        if match is None:
            continue
        head = plain[: match.start()].strip()
        words = head.split()
        long_words = [word for word in words if len(word) >= 4]
        if (
            len(words) <= MAX_LONG_HEAD_WORDS
            and not head.endswith((".", "!", "?", ";", ","))
            and long_words
            and sum(1 for word in long_words if word[:1].isupper()) >= MIN_TITLE_SHARE * len(long_words)
            and len(plain[match.end() :].split()) >= 2
        ):
            found.append(number)
    return found


#: `Kiln          An oven …`: a short head, a gap of two or more spaces, the text at a column
#: the term lines share (a two-column plain-text glossary with no separator).
_ALIGNED = re.compile(r"^(?P<head>\S(?:[^\t]{0,58}?\S)?)(?P<gap> {2,}|\t+ *)(?P<rest>\S.*)$")
ALIGNED = "  "
#: The text after the gap is a definition: at least this many words (median).
MIN_ALIGNED_WORDS = 3


def _aligned_shape(
    lines: list[str], skipped: set[int], nonblank: int
) -> tuple[coverage.LineShape, list[int]] | None:
    """Return the aligned-columns shape and its term lines when MIN_ENTRIES or more unindented
    lines open with a short head whose text starts at one shared column, the heads nearly all
    different, and those lines with the lines indented to that column hold MIN_SHARE of the file."""
    columns: dict[int, list[int]] = {}
    for number, line in enumerate(lines, start=1):
        match = _ALIGNED.match(line) if number not in skipped else None
        if match and coverage.is_head(match["head"], ALIGNED):
            columns.setdefault(len(line.expandtabs(8)) - len(match["rest"].expandtabs(8)), []).append(number)
    if not columns:
        return None
    numbers = max(columns.values(), key=len)
    matches = [_ALIGNED.match(lines[n - 1]) for n in numbers]
    heads = [match["head"].casefold() for match in matches if match]
    words = sorted(len(match["rest"].split()) for match in matches if match)
    if len(numbers) < MIN_ENTRIES or coverage.distinct_share(heads) < MIN_DISTINCT:
        return None
    if words[len(words) // 2] < MIN_ALIGNED_WORDS:
        return None  # `Introduction      1`: a contents page or a table of values, not definitions
    hanging = _hanging_lines(lines, numbers)
    if max(len(numbers), hanging) < MIN_SHARE * max(1, nonblank):
        return None
    return coverage.LineShape("", ALIGNED, 0), numbers


def _hanging_lines(lines: list[str], starts: list[int]) -> int:
    """Return how many non-blank lines the term lines and the lines hanging under them hold: a
    term line's definition continued on lines indented deeper than it (`* ASR  - Text …` over
    tab-indented lines), up to a line that is not, blank lines between them kept."""
    count = 0
    for number in starts:
        indent = _indent(lines[number - 1])
        count += 1
        for line in lines[number : number + MAX_HANGING_LINES]:
            if not line.strip():
                continue
            if _indent(line) <= indent:
                break
            count += 1
    return count


def _indent(line: str) -> int:
    return len(line.expandtabs(8)) - len(line.expandtabs(8).lstrip())


def _head_alone(line: str) -> str:
    """Return the head of a line that is only a short head and a colon (`- Kiln:`), or ""."""
    plain = _MARKS.sub("", line.strip())
    match = _HEAD_ALONE.match(plain) if plain.endswith((":", "：")) else None
    if match is None or not coverage.is_head(match.group("head")):
        return ""
    return match.group("head").strip()


def _head(line: str, shape: coverage.LineShape) -> str:
    """Return the casefolded head of a term line of `shape`."""
    return _head_alone(line).casefold() if shape.separator == HEAD_ALONE else coverage.head_of(line)


#: A Markdown link around a term (`[PKCE](pkce.md) - …`: an index of term pages): the term is its text.
_TERM_LINK = re.compile(r"^\s*\[(?P<text>[^\[\]]+)\]\([^()\s]*\)\s*$")


def _split_line(line: str, shape: coverage.LineShape) -> tuple[str, str]:
    """Return (term, definition) of a term line: the head, then the text after the separator."""
    text = line.strip()
    if shape.separator == HEAD_ALONE:
        return clean_label(_head_alone(text)), ""
    if shape.separator == ALIGNED:
        aligned = _ALIGNED.match(line)
        return (clean_label(aligned["head"]), aligned["rest"].strip()) if aligned else ("", "")
    head = coverage.head_of(text)
    plain = _MARKS.sub("", text)
    folded = plain.casefold()
    start = folded.find(head)
    if start < 0 or head == folded:  # no head `line_shape` takes: a long head (`_long_head_lines`)
        long_separator = _SEPARATOR_OF.get(shape.separator)
        match = long_separator.search(plain) if long_separator else None
        if match is None:
            return "", ""
        term = _TERM_LINK.sub(lambda m: m.group("text"), plain[: match.start()])
        return clean_label(term), plain[match.end() :].strip()
    term = _TERM_LINK.sub(lambda m: m.group("text"), plain[start : start + len(head)])
    rest = plain[start + len(head) :]
    separator = {"tab": "\t", "-": "-–—", "->": "->→⇒⟶", "...": ".…"}.get(shape.separator, shape.separator)
    rest = rest.lstrip(" ").lstrip(separator).lstrip(": \t-–—=>|")
    return clean_label(term), rest.strip()


def _arrow_variants(term: str) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """Return the labels and groups of an arrow line's head: `a, b, c -> d` names three variants
    of one idea (each its own label), a head without commas is read as any term."""
    parts = [clean_label(part) for part in term.split(",")]
    if len(parts) < 2 or not all(parts):
        return parse_term(term)
    labels: list[str] = []
    for part in parts:
        for label in parse_term(part)[0]:
            if label not in labels:
                labels.append(label)
    return tuple(labels), (tuple(labels),)


class LinePatternReader:
    """Reads a glossary whose entries share one line shape learnt from the file itself."""

    name = "line-pattern"
    description = "any glossary of `Head <separator> text` lines, the shape learnt from the file"

    def detect(self, text: str) -> float:
        """Return up to 0.4, by the share of non-blank lines that are term lines."""
        lines = text.splitlines()
        found = _term_shape(lines)
        if found is None:
            return 0.0
        nonblank = sum(1 for line in lines if line.strip())
        return round(min(MAX_CONFIDENCE, 0.3 + 0.2 * len(found[1]) / max(1, nonblank)), 3)

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per term line with its continuation lines; other lines are reported."""
        lines = text.splitlines()
        found = _term_shape(lines)
        if found is None:
            return entries_and_unused([], [])
        shape, numbers = found
        starts = set(numbers)
        skipped = coverage.skipped_zones(lines)
        entries: list[Entry] = []
        unused: list[Unused] = []
        current: tuple[int, str, list[str], int] | None = None  # line, term, definition lines, end

        def close() -> None:
            if current is None:
                return
            line, term, body, end = current
            labels, groups = _arrow_variants(term) if shape.separator == "->" else parse_term(term)
            if labels:
                entries.append(Entry(source, line, end, term, labels, "\n".join(body).strip(), groups=groups))
            else:
                # a term line whose term could not be read: flagged (untaken-term-lines), never dropped
                unused.append(Unused(source, line, lines[line - 1].strip(), REASON_UNTAKEN))

        blank_run = 0
        for number, line in enumerate(lines, start=1):
            stripped = line.strip()
            if not stripped:
                blank_run += 1
                continue
            if number in skipped:
                unused.append(Unused(source, number, stripped, REASON_SKIPPED))
                continue
            if number in starts:
                close()
                term, rest = _split_line(line, shape)
                current = (number, term, [rest] if rest else [], number)
                blank_run = 0
                continue
            pattern = _SEPARATOR_TEXT.get(shape.separator)
            if current is not None and blank_run and pattern is not None and pattern.search(stripped):
                close()
                current = None
                unused.append(Unused(source, number, stripped, REASON_UNTAKEN))
                blank_run = 0
                continue
            divider = is_letter_divider(_MARKS.sub("", stripped)) or _RULE.match(stripped)
            if divider or _HEADING.match(line) or current is None or blank_run >= 2:
                close()
                current = None
                reason = REASON_BEFORE
                if divider or _HEADING.match(line):
                    reason = REASON_DIVIDER if divider else REASON_HEADING
                unused.append(Unused(source, number, stripped, reason))
            else:
                first, term, body, _ = current
                current = (first, term, [*body, ("\n" if blank_run else "") + stripped], number)
            blank_run = 0
        close()
        return entries_and_unused(entries, unused)
