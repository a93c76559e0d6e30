"""The read sanity check: does what a reader returned look like a glossary read right?

Every read goes through `check_read`. Each check looks at the entries against the text
they came from and returns a `ReadFinding` when the read looks wrong — terms longer than
their definitions, labels that kept markup, a table's rows cut across entries, a header
row taken as an entry, whole long lines taken as one-line entries, definitions that are
mostly link targets, terms that read like sentences. A finding says what, with figures
and an example line, and weighs how much it lowers the reader's confidence
(`adjusted_confidence`), so another reader can win the file. What is still flagged after
picking is shown in the build summary and in `termbase report`: a wrong read is never silent.
"""

from __future__ import annotations

import itertools
import json
import re
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import PurePath

import yaml

from termbase import read_coverage as coverage
from termbase import safe_yaml
from termbase.errors import InputError
from termbase.model import Entry, ReadResult
from termbase.readers.page_text import REASON_UNTAKEN_TERM_LINE
from termbase.table_shape import TableShape, sniff_table


@dataclass(frozen=True, slots=True)
class ReadFinding:
    """Something in a read that looks wrong: which check, what, an example line, and how
    much it lowers the reader's confidence (0–1)."""

    source: str
    check: str
    message: str
    line: int = 0
    weight: float = 0.5

    def describe(self) -> str:
        """Return the one-line form: `path:line: message (check)`."""
        where = self.source + (f":{self.line}" if self.line else "")
        return f"{where}: {self.message} [{self.check}]"


#: Markup no clean label keeps: Sphinx's ¶ headerlink, AsciiDoc heading marks and ^sup^,
#: Markdown emphasis (`**x**`, not the stars of a censored `F***`), code spans and reference
#: links, HTML/XML tags, entities, templates, a markup command the label opens with.
MARKUP_RESIDUE = re.compile(
    r"¶|^=+\s|\*\*(?=[^*\s])[^*]*\*\*|^\*\*|\*\*$|\^[^^\s]+\^|`|</?[A-Za-z][\w:.-]*(?:\s[^<>]*)?/?>|\]\[|\]\(|"
    r"&[a-zA-Z]+;|&#\d+;|\{\{|\}\}|^:\s+\S|^\|\s|\s\|$"
    # a markup command left at the start of a label: POD `=item`, Texinfo `@item`, LaTeX `\item`
    r"|^(?:=(?:item|head\d|over|back|pod|cut|begin|end|for)|@(?:item|itemx|table|end|c)|\\(?:item|entry))\s"
    # a reference to another entry by its key among words (Typst `@vhsic Hardware …`, `of @x`);
    # a label that is only `@media` or `r@` is a name
    r"|(?:^|\s)@[A-Za-z][\w.-]*\s|\s@[A-Za-z][\w.-]*$"
    # reST explicit markup left in a label: a directive (`.. dropdown:: Term`) or a link target (`.. _x: URL`)
    r"|(?:^|\s)\.\.\s+(?:[\w:-]+::|_[^:\s][^:]*:)"
    # a Markdown heading's marks, or its Pandoc / kramdown attribute list (`Term {#id .class}`)
    r"|^#{1,6}\s|\s\{:?[ \t]*+[#.][^{}\s][^{}\n]*+\}$"
)
#: ISO 10241 writes a term's subject field after it in angle brackets (`aggregation <UML>`):
#: a trailing `<words>` with no attributes and no closing tag is that, not leftover markup.
DOMAIN_MARK = re.compile(r"(?<=\S)\s*<[^<>/=]+>$")
LINK_TARGET = re.compile(
    r"https?://\S+|(?:\.{0,2}/)?[\w.-]+(?:/[\w.-]+)*\.(?:md|html?|rst|adoc|php)(?:#[\w-]*)?|#[\w-]+"
)
#: What a LINK_TARGET without a `#` or `://` must hold: a page suffix.
LINK_SUFFIX = re.compile(r"\.(?:md|html?|rst|adoc|php)")
#: The markup a term line opens with (`<h4`, `<dt`, `##`, `**`, `- **`, `=== `…): its shape.
LINE_SHAPE = re.compile(r"^\s*(<(?:h[1-6]|dt|dfn|strong|b)\b|#{1,6}(?=\s|<)|\*\*|__|=+(?=\s)|[-*+]\s+\*\*|;)")
TAGS = re.compile(r"<[^<>]*>")
#: A to-do or check mark before a line's own markup: `x **Term**`, `[ ] **Term**`, `✓ **Term**`.
TODO_MARK = re.compile(r"^\s*(?:[xX✓✔✗✘☐☑]|\[[ xX]\])\s+(?=\S)")
LINK_REFERENCE_LINE = re.compile(r"^\s*\[[^\]]+\]:\s*\S+")

#: The reason pointer entries folded into their targets are reported with (see pointer_entries):
#: their lines were read.
FOLDED_POINTER = "an entry that only points at another"

#: Checks look at reads of at least this many entries (one odd entry proves little).
MIN_ENTRIES = 3
#: Fewer lines than this of one shape left unread (or glued inside entries) prove nothing.
MIN_UNREAD_LINES = 5


@dataclass(frozen=True, slots=True)
class ReadContext:
    """What the checks look at: the text, its lines, the read, the lines it left unused,
    the table it may be."""

    source: str
    text: str
    lines: list[str]
    entries: tuple[Entry, ...]
    unused: tuple[int, ...]
    table: TableShape | None


def _share(count: int, total: int) -> float:
    return count / total if total else 0.0


def _line_text(context: ReadContext, number: int) -> str:
    return context.lines[number - 1].strip() if 0 < number <= len(context.lines) else ""


def terms_longer_than_definitions(context: ReadContext) -> ReadFinding | None:
    """Many terms longer than their definitions: term and definition likely swapped."""
    defined = [e for e in context.entries if e.definition.strip()]
    longer = [e for e in defined if len(e.term) > len(e.definition)]
    if len(defined) < MIN_ENTRIES or _share(len(longer), len(defined)) < 0.4:
        return None
    example = longer[0]
    return ReadFinding(
        context.source,
        "terms-longer-than-definitions",
        f"{len(longer)} of {len(defined)} entries have a term longer than their definition "
        f"(e.g. {example.term[:60]!r})",
        example.line,
        0.5,
    )


def labels_with_markup(context: ReadContext) -> ReadFinding | None:
    """Labels that kept markup (¶, ===, ##, **, ^x^, `code`, <tags>, [a][b], entities, {#id .class})."""
    labelled = [(e, label) for e in context.entries for label in e.labels]
    dirty = [(e, label) for e, label in labelled if MARKUP_RESIDUE.search(DOMAIN_MARK.sub("", label))]
    if not dirty:
        return None
    share = _share(len(dirty), len(labelled))
    entry, label = dirty[0]
    return ReadFinding(
        context.source,
        "labels-with-markup",
        f"{len(dirty)} of {len(labelled)} labels keep markup (e.g. {label[:60]!r})",
        entry.line,
        min(0.6, 0.2 + share),
    )


def table_rows_split(context: ReadContext) -> ReadFinding | None:
    """A table whose rows were cut across entries: a term holding the row's delimiter,
    or each entry taking two rows."""
    table = context.table
    if table is None or len(context.entries) < MIN_ENTRIES:
        return None
    entries = context.entries
    with_delimiter = [e for e in entries if table.delimiter in e.term]
    row_lines = {row.line for row in table.rows}
    two_rows = [e for e in entries if e.line in row_lines and e.end_line in row_lines and e.end_line > e.line]
    worst = with_delimiter if len(with_delimiter) >= len(two_rows) else two_rows
    if _share(len(worst), len(entries)) < 0.5:
        return None
    name = {"\t": "tab", ",": "comma", ";": "semicolon", "|": "pipe"}[table.delimiter]
    return ReadFinding(
        context.source,
        "table-rows-split",
        f"the file is a table ({len(table.rows)} rows of {table.columns} {name}-separated cells) but "
        f"{len(worst)} of {len(entries)} entries cut across its rows (e.g. term {worst[0].term[:50]!r})",
        worst[0].line,
        0.7,
    )


def header_row_as_entry(context: ReadContext) -> ReadFinding | None:
    """The table's header row (column names) read as an entry."""
    table = context.table
    if table is None or not table.header:
        return None
    header_line = table.rows[0].line
    hit = next((e for e in context.entries if e.line <= header_line <= e.end_line), None)
    if hit is None:
        return None
    return ReadFinding(
        context.source,
        "header-row-as-entry",
        f"the header row {' | '.join(table.rows[0].cells)[:60]!r} was read as an entry",
        header_line,
        0.4,
    )


def one_line_entries_in_long_lines(context: ReadContext) -> ReadFinding | None:
    """Most entries one line long in a file of long lines (not a table): whole lines of
    prose or markup taken as entries."""
    if context.table is not None or len(context.entries) < MIN_ENTRIES:
        return None
    single = [e for e in context.entries if e.end_line == e.line]
    lengths = [len(line) for line in context.lines if line.strip()]
    if _share(len(single), len(context.entries)) < 0.8 or statistics.median(lengths) < 200:
        return None
    if len({e.line for e in single}) < 0.8 * len(single):
        return None  # many entries from one line: a record file written on one line, not a line reader
    split = [e for e in single if _opens_with_term(context.lines[e.line - 1], e)]
    if _share(len(split), len(single)) >= 0.8:
        return None  # each long line split into its opening term and the rest as its definition
    return ReadFinding(
        context.source,
        "one-line-entries-in-long-lines",
        f"{len(single)} of {len(context.entries)} entries are one line long in a file whose lines "
        f"run to {statistics.median(lengths):.0f} characters (median)",
        single[0].line,
        0.4,
    )


_LINE_MARKUP = re.compile(r"^[\s>#*+\-\d.)`_\[]*")


def _opens_with_term(line: str, entry: Entry) -> bool:
    """Return True if a line opens (after bullets and marks) with the entry's short term and
    the rest of the line, at least half of it, is its definition."""
    opening = _LINE_MARKUP.sub("", line.strip()).casefold()
    return (
        len(entry.term.split()) <= 6
        and opening.startswith(entry.term.casefold())
        and len(entry.definition) >= 0.5 * len(line.strip())
    )


def definitions_of_link_targets(context: ReadContext) -> ReadFinding | None:
    """Definitions that are mostly link targets (URLs, page paths, anchors), or that
    swallowed a block of Markdown link reference definitions."""
    defined = [e for e in context.entries if e.definition.strip()]
    if not defined:
        return None
    mostly = [e for e in defined if _link_share(e.definition) > 0.6]
    if len(defined) >= MIN_ENTRIES and _share(len(mostly), len(defined)) >= 0.3:
        return ReadFinding(
            context.source,
            "definitions-of-link-targets",
            f"{len(mostly)} of {len(defined)} definitions are mostly link targets "
            f"(e.g. {mostly[0].definition[:60]!r})",
            mostly[0].line,
            0.5,
        )
    glued = [
        e for e in defined if sum(bool(LINK_REFERENCE_LINE.match(x)) for x in e.definition.splitlines()) >= 3
    ]
    if glued:
        return ReadFinding(
            context.source,
            "definitions-of-link-targets",
            f"{len(glued)} definitions end in a block of link reference definitions "
            f"(e.g. the one of {glued[0].term[:40]!r})",
            glued[0].line,
            0.2,
        )
    return None


def _link_share(text: str) -> float:
    if "#" not in text and "://" not in text and not LINK_SUFFIX.search(text):
        return 0.0  # no link target can match: skip LINK_TARGET, which tries every word
    linked = sum(_letters(m.group()) for m in LINK_TARGET.finditer(text))
    return _share(linked, _letters(text)) if linked else 0.0


def _letters(text: str) -> int:
    """Return how many letters and digits `text` holds (in C: no Python step per character)."""
    return sum(map(str.isalnum, text))


def _entries_term_line_shape(context: ReadContext) -> str | None:
    """Return the opening markup most entries' term lines share (at least 60% of them), or None."""
    shapes = [_line_shape(_line_text(context, e.line)) for e in context.entries]
    known = [shape for shape in shapes if shape]
    if len(known) < 2:
        return None
    shape = max(set(known), key=known.count)
    return shape if known.count(shape) >= 0.6 * len(context.entries) else None


def term_lines_left_unread(context: ReadContext) -> ReadFinding | None:
    """Lines shaped like the entries' own term lines (the same opening markup) left unread:
    terms the reader skipped, such as headings with no definition under them."""
    shape = _entries_term_line_shape(context)
    if shape is None:
        return None
    skipped = [
        n
        for n in context.unused
        if shape in {_line_shape(line := _line_text(context, n)), _line_shape(TODO_MARK.sub("", line))}
        and _could_be_term(_line_text(context, n))
        and not _heads_contents(context, n)
    ]
    if not skipped:
        return None
    return ReadFinding(
        context.source,
        "term-lines-left-unread",
        (f"{len(skipped)} lines shaped like the {len(context.entries)} entries' term lines ({shape!r}) "
         f"were not read as entries" if len(skipped) != 1 else
         f"1 line shaped like the {len(context.entries)} entries' term lines ({shape!r}) "
         "was not read as an entry")
        + f" (e.g. {_line_text(context, skipped[0])[:60]!r})",
        skipped[0],
        0.3,
    )


def marked_term_lines_inside_entries(context: ReadContext) -> ReadFinding | None:
    """Lines inside entries that are the entries' own term lines behind a to-do or check mark
    (`x **Term**` among `**Term**` items): terms glued into the entry above."""
    shape = _entries_term_line_shape(context)
    if shape is None:
        return None
    glued = [
        n
        for e in context.entries
        for n in range(e.line + 1, e.end_line + 1)
        if TODO_MARK.match(line := _line_text(context, n))
        and _line_shape(TODO_MARK.sub("", line)) == shape
        and _could_be_term(line)
    ]
    if not glued:
        return None
    return ReadFinding(
        context.source,
        "marked-term-lines-inside-entries",
        f"{len(glued)} lines inside entries are term lines behind a to-do mark "
        f"(e.g. {_line_text(context, glued[0])[:60]!r}): read as part of the entry above",
        glued[0],
        0.3,
    )


#: A line that opens `Term: …` at the left margin (a short name, then a colon).
COLON_TERM_LINE = re.compile(r"^(?P<term>[^\s:#*>|-][^:]{0,60}?):(?:\s|$)")


def colon_term_lines_inside_entries(context: ReadContext) -> ReadFinding | None:
    """In a read whose entries open with `Term: …` lines, lines inside an entry at the left
    margin that open the same way: a next term glued into the entry above (no blank line
    between them)."""
    opening = [
        e
        for e in context.entries
        if (m := COLON_TERM_LINE.match(_raw_line(context, e.line))) and m["term"].strip() == e.term.strip()
    ]
    if len(context.entries) < MIN_ENTRIES or _share(len(opening), len(context.entries)) < 0.8:
        return None
    glued = [
        n
        for e in context.entries
        for n in range(e.line + 1, e.end_line + 1)
        if (m := COLON_TERM_LINE.match(_raw_line(context, n)))
        and len(m["term"].split()) <= 6
        and not m["term"].strip().endswith((".", "!", "?"))
    ]
    if not glued:
        return None
    return ReadFinding(
        context.source,
        "colon-term-lines-inside-entries",
        f"{len(glued)} lines inside entries open like the entries' own term lines "
        f"(e.g. {_raw_line(context, glued[0])[:60]!r}): read as part of the entry above",
        glued[0],
        0.3,
    )


def _raw_line(context: ReadContext, number: int) -> str:
    """Return line `number` (1-based) as written, its leading spaces kept."""
    return context.lines[number - 1] if 0 < number <= len(context.lines) else ""


CONTENTS_LINE = re.compile(r"^\s*(?:[-*+]\s+|\d+[.)]\s+)?\[[^\]]+\]\(#[^)\s]*\)\s*\\?\s*$")


def _heads_contents(context: ReadContext, number: int) -> bool:
    """Return True if the line heads a table of contents: 3+ lines of links to the page's own
    anchors follow it (before the next line of its shape)."""
    shape = _line_shape(_line_text(context, number))
    body = []
    for n in range(number + 1, len(context.lines) + 1):
        line = _line_text(context, n)
        if _line_shape(line) == shape:
            break
        if line:
            body.append(line)
    return len(body) >= 3 and sum(bool(CONTENTS_LINE.match(line)) for line in body) >= 0.9 * len(body)


def _could_be_term(line: str) -> bool:
    """Return True unless a line's text is a single letter (a divider) or a question or
    sentence (a section heading such as `Still stuck?`)."""
    text = TAGS.sub("", line).strip("#*=;_ -")
    return len(text) > 1 and not text.endswith(("?", ":", ".", "!"))


def _line_shape(line: str) -> str:
    match = LINE_SHAPE.match(line)
    return re.sub(r"\s+", " ", match.group(1)) if match else ""


def term_headings_inside_entries(context: ReadContext) -> ReadFinding | None:
    """Markdown headings one level or more below the entries' own, shaped like terms, inside
    the entries' definitions: sub-terms (`### Abstract class` under `## Abstract`), or a term
    line that is no heading for want of a space (`##<a name="x"></a>Term`), read as part of
    another entry's definition."""
    shapes = [_line_shape(_line_text(context, e.line)) for e in context.entries]
    known = [shape for shape in shapes if shape.startswith("#")]
    if len(known) < max(2, 0.6 * len(context.entries)):
        return None
    level = len(max(set(known), key=known.count))
    # Deeper headings, or lines of the entries' own level that miss the space a heading needs.
    deeper = re.compile(rf"^\s*(?:#{{{level + 1},6}}\s|#{{{level},6}}<)")
    inside = [
        n
        for e in context.entries
        for n in range(e.line + 1, e.end_line + 1)
        if deeper.match(_line_text(context, n)) and _could_be_term(_line_text(context, n))
    ]
    if not inside:
        return None
    return ReadFinding(
        context.source,
        "term-headings-inside-entries",
        f"{len(inside)} heading-like lines sit inside the entries' definitions and may be "
        f"terms of their own (e.g. {_line_text(context, inside[0])[:60]!r})",
        inside[0],
        0.3,
    )


def records_left_unread(context: ReadContext) -> ReadFinding | None:
    """A JSON or YAML file that is a list of records (mappings) of which far fewer were read
    than it holds: the reader took some other part of the file for the glossary."""
    records = record_count(context.text)
    read = len({e.group or (e.line, e.end_line, e.term) for e in context.entries})
    if records < 10 or read >= 0.5 * records:
        return None
    return ReadFinding(
        context.source,
        "records-left-unread",
        f"the file is a list of {records} records but {read} entries were read from it",
        context.entries[0].line,
        0.6,
    )


def record_count(text: str) -> int:
    """Return how many mappings the top-level list of a JSON or YAML text holds (0 if none)."""
    head = text.lstrip()[:1]
    try:
        if head in "[{":
            data = json.loads(text)
        elif head == "-":
            data = safe_yaml.load(text)
        else:
            return 0
    except (ValueError, yaml.YAMLError, RecursionError, InputError):
        return 0
    if isinstance(data, dict) and len(data) == 1:
        data = next(iter(data.values()))
    return sum(isinstance(item, dict) for item in data) if isinstance(data, list) else 0


def sentence_terms(context: ReadContext) -> ReadFinding | None:
    """Terms that read like sentences: a definition or prose taken as the term."""
    if len(context.entries) < MIN_ENTRIES:
        return None
    words = [len(e.term.split()) for e in context.entries]
    sentences = [
        e for e in context.entries if len(e.term.split()) >= 6 and e.term.rstrip().endswith((".", "!", "?"))
    ]
    if statistics.median(words) <= 10 and _share(len(sentences), len(context.entries)) < 0.5:
        return None
    longest = max(context.entries, key=lambda e: len(e.term.split()))
    return ReadFinding(
        context.source,
        "sentence-terms",
        f"terms run to {statistics.median(words):.0f} words (median), like sentences "
        f"(e.g. {longest.term[:60]!r})",
        longest.line,
        0.5,
    )


def structured_lines_unread(context: ReadContext) -> ReadFinding | None:
    """Lines of one structured shape (a table row, `Head: text`, `- Head – text`) left outside
    every entry, as many as half the entries read or more: entries of that shape the reader
    did not take (another table, rows with an empty cell, a second list)."""
    found = coverage.unread_structured_lines(context.lines, context.entries)
    if found is None:
        return None
    shape, numbers = found
    if len(numbers) < MIN_UNREAD_LINES or len(numbers) < 0.5 * len(context.entries):
        return None
    if (
        not shape.opening.startswith("|")
        and coverage.distinct_share(list(coverage.iter_heads(context.lines, numbers))) < 0.6
    ):
        return None  # the same few heads again and again: fields of records, not terms
    return ReadFinding(
        context.source,
        "structured-lines-unread",
        f"{len(numbers)} lines of one shape ({shape.describe()}, "
        f"e.g. {_line_text(context, numbers[0])[:60]!r}) are in no entry, beside "
        f"{len(context.entries)} entries read: the read may have missed entries written that way "
        "— check the report's unused lines, or name the shape with --format",
        numbers[0],
        0.3,
    )


def structured_lines_inside_entries(context: ReadContext) -> ReadFinding | None:
    """Many lines inside a few entries that each open with a short head and a separator, with
    heads that differ (`Abort: Vazgeç`, `Action: İşlem` … under an entry `A`): one entry per
    line glued into the entries above."""
    if len(context.entries) < MIN_ENTRIES:
        return None
    glued = coverage.glued_structured_lines(context.lines, context.entries)
    if len(glued) < MIN_UNREAD_LINES or len(glued) < 2 * len(context.entries):
        return None
    if coverage.distinct_share(list(coverage.iter_heads(context.lines, glued))) < 0.8:
        return None
    return ReadFinding(
        context.source,
        "structured-lines-inside-entries",
        f"{len(glued)} lines inside the {len(context.entries)} entries each open with a head and a "
        f"separator, like terms of their own (e.g. {_line_text(context, glued[0])[:60]!r}): entries "
        "may have been glued together",
        glued[0],
        0.5,
    )


def letter_terms(context: ReadContext) -> ReadFinding | None:
    """Most terms are index letters or letter ranges (`A`, `B`, `C–D`): the letter dividers of
    a glossary read as its terms. Dividers run in the alphabet's order; single letters out of
    order (`F`, `m`, `a`, `V`: a table of symbols) are terms of their own."""
    letters = coverage.letter_terms(context.entries)
    if len(context.entries) < MIN_ENTRIES or _share(len(letters), len(context.entries)) < 0.5:
        return None
    keys = [e.term.casefold() for e in letters]
    ordered = sum(1 for a, b in itertools.pairwise(keys) if a <= b)
    if len(keys) >= MIN_ENTRIES and ordered < 0.7 * (len(keys) - 1):
        return None
    return ReadFinding(
        context.source,
        "letter-terms",
        f"{len(letters)} of {len(context.entries)} terms are index letters "
        f"({', '.join(e.term for e in letters[:5])}): dividers read as terms",
        letters[0].line,
        0.6,
    )


def code_terms(context: ReadContext) -> ReadFinding | None:
    """Most terms hold no letter (numbers, row ids, symbols): a column of ids or numbers read as
    the term column."""
    codes = coverage.code_terms(context.entries)
    if len(context.entries) < 5 or _share(len(codes), len(context.entries)) < 0.6:
        return None
    return ReadFinding(
        context.source,
        "code-terms",
        f"{len(codes)} of {len(context.entries)} terms hold no letter (e.g. {codes[0].term[:40]!r}): "
        "a column of numbers or ids read as terms",
        codes[0].line,
        0.5,
    )


def word_headings_among_letters(context: ReadContext) -> ReadFinding | None:
    """Headings one level above the term headings that are words, where that level otherwise
    holds index letters (`### A`, `### Render`, `### B`): terms written one level too high,
    left unread."""
    level, words = coverage.word_headings_at_letter_level(context.lines, context.entries)
    if not words:
        return None
    return ReadFinding(
        context.source,
        "word-headings-among-letters",
        f"{len(words)} level-{level} headings among the letter headings are words, not letters "
        f"(e.g. {_line_text(context, words[0])[:60]!r}): terms written one level too high, not read",
        words[0],
        0.3,
    )


def arrow_pointers_inside_entries(context: ReadContext) -> ReadFinding | None:
    """Lines inside entries that only point at another entry with an arrow (`=> X`,
    `Term: => X`): pointer entries glued into the entry above."""
    pointers = coverage.arrow_pointer_lines(context.lines, context.entries)
    if len(pointers) < MIN_ENTRIES:
        return None
    return ReadFinding(
        context.source,
        "arrow-pointers-inside-entries",
        f"{len(pointers)} lines inside entries only point at another entry "
        f"(e.g. {_line_text(context, pointers[0])[:60]!r}): each may be a term of its own, another "
        "name of the entry it points at",
        pointers[0],
        0.3,
    )


def term_and_definition_lines_alike(context: ReadContext) -> ReadFinding | None:
    """Two-line entries whose term line and definition line have one shape: a list of like
    lines (rows, items) read two by two, each definition in fact the next term."""
    pairs, alike = coverage.paired_alike(context.lines, context.entries)
    if pairs < 5 or _share(len(alike), len(context.entries)) < 0.6:
        return None
    return ReadFinding(
        context.source,
        "term-and-definition-lines-alike",
        f"{len(alike)} of {len(context.entries)} entries take a term line and a definition line of "
        f"the same shape (e.g. {_line_text(context, alike[0].line)[:40]!r} / "
        f"{_line_text(context, alike[0].end_line)[:40]!r}): like lines read two by two",
        alike[0].line,
        0.6,
    )


def table_rows_unread(context: ReadContext) -> ReadFinding | None:
    """A file that is a table (CSV, TSV…) whose body rows are mostly in no entry: row count and
    entry count far apart."""
    table = context.table
    if table is None or len(table.body) < 5:
        return None
    covered = coverage.entry_lines(context.entries)
    missed = [row for row in table.body if not covered.intersection(range(row.line, row.end_line + 1))]
    if _share(len(missed), len(table.body)) < 0.3:
        return None
    return ReadFinding(
        context.source,
        "table-rows-unread",
        f"the file is a table of {len(table.body)} rows but {len(missed)} of them are in no entry "
        f"(e.g. {' | '.join(missed[0].cells)[:60]!r})",
        missed[0].line,
        0.5,
    )


#: How many definitions `definitions_open_with_one_field` looks at (the first ones): enough to
#: see a pattern, and a large file costs no more than a small one.
FIELD_SAMPLE = 200


def definitions_open_with_one_field(context: ReadContext) -> ReadFinding | None:
    """Most definitions open with a line below the term line that starts with the same head and
    separator (`definition = …`, `Meaning: …`): the fields of records read as terms and
    definitions, one line the term, the next its "definition" (an INI-like file of `[Term]`
    sections read two lines at a time). Definitions a reader made from fields are not lines."""
    defined = [e for e in context.entries if e.definition.strip()][:FIELD_SAMPLE]
    if len(defined) < MIN_ENTRIES:
        return None
    heads: dict[str, list[Entry]] = {}
    for entry in defined:
        first = entry.definition.lstrip().split("\n", 1)[0].strip()
        if not coverage.may_have_separator(first) or not _written_below_term(context, entry, first):
            continue  # a definition a reader made from a table's or a record's fields is no line
        shape = coverage.line_shape(first[: coverage.SHAPE_CHARS])
        if shape is not None and shape.separator and not shape.opening.startswith("|"):
            heads.setdefault(coverage.head_of(first), []).append(entry)
    if not heads:
        return None
    head, same = max(heads.items(), key=lambda item: len(item[1]))
    if len(same) < MIN_ENTRIES or _share(len(same), len(defined)) < 0.6:
        return None
    return ReadFinding(
        context.source,
        "definitions-open-with-one-field",
        f"{len(same)} of {len(defined)} definitions open with the same head {head[:30]!r} "
        f"(e.g. {same[0].term[:30]!r}: {same[0].definition[:40]!r}): fields of records read as "
        "terms and definitions",
        same[0].line,
        0.4,
    )


def terms_open_with_one_field(context: ReadContext) -> ReadFinding | None:
    """Most terms are `field: value` lines with one of a few heads (`preferred: …`, `notes: >-`):
    the fields of nested records (a YAML mapping of term -> fields) read as terms."""
    if len(context.entries) < MIN_ENTRIES:
        return None
    heads: dict[str, list[Entry]] = {}
    for entry in context.entries[:FIELD_SAMPLE]:
        term = entry.term.strip()
        if ":" not in term:
            continue
        shape = coverage.line_shape(term[: coverage.SHAPE_CHARS])
        if shape is not None and shape.separator in (":", "::"):
            heads.setdefault(coverage.head_of(term), []).append(entry)
    sample = min(len(context.entries), FIELD_SAMPLE)
    repeated = [same for same in heads.values() if len(same) >= MIN_ENTRIES]
    fields = sum(len(same) for same in repeated)
    if not repeated or len(repeated) > 4 or _share(fields, sample) < 0.5:
        return None
    first = min((e for same in repeated for e in same), key=lambda e: e.line)
    return ReadFinding(
        context.source,
        "terms-open-with-one-field",
        f"{fields} of {sample} terms are fields with the same few heads (e.g. {first.term[:40]!r}): "
        "fields of nested records read as terms — name the file's shape with --format",
        first.line,
        0.4,
    )


#: A UI message key: snake_case, a dotted path (`menu.file.open`) or camelCase, no spaces.
_MESSAGE_KEY = re.compile(r"^[a-z][a-z0-9]*(?:[_.][a-zA-Z0-9]+)+$|^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]+)+$")
#: UI strings are short: a button's or a label's words, not a definition's sentences.
_UI_STRING_WORDS = 6
#: Where UI message files sit: a file named by a language tag (`en.json`, `pt-BR.yml`) or a folder of them.
_LOCALE_STEM = re.compile(r"^[a-z]{2,3}(?:[-_][A-Za-z]{2,4})?$")
_LOCALE_FOLDERS = frozenset({"locale", "locales", "i18n", "l10n", "lang", "langs", "translations",
                             "messages"})


def _locale_place(source: str) -> bool:
    """Return True if `source` is named or placed like an i18n message file."""
    path = PurePath(source)
    return bool(_LOCALE_STEM.match(path.stem)) or any(p.lower() in _LOCALE_FOLDERS for p in path.parts[:-1])


def ui_message_strings(context: ReadContext) -> ReadFinding | None:
    """Most terms are message keys (`empty_state`, `menu.file.open`, `saveButton`) and the file sits where
    i18n message files do, or most definitions are a few words: UI message strings read as a glossary."""
    if len(context.entries) < 2:
        return None
    keys = [e for e in context.entries if _MESSAGE_KEY.match(e.term)]
    if _share(len(keys), len(context.entries)) < 0.8:
        return None
    short = [e for e in keys if len(e.definition.split()) <= _UI_STRING_WORDS]
    if not _locale_place(context.source) and _share(len(short), len(context.entries)) < 0.6:
        return None
    example = (short or keys)[0]
    return ReadFinding(
        context.source,
        "ui-message-strings",
        f"{len(keys)} of {len(context.entries)} terms are message keys (e.g. {example.term[:40]!r}: "
        f"{example.definition[:40]!r}): looks like UI message strings (i18n), not a glossary — "
        "leave the file out, or key its entries by the terms themselves",
        example.line,
        0.5,
    )

def _written_below_term(context: ReadContext, entry: Entry, text: str) -> bool:
    """Return True if `text` is written as a line of its own below the entry's first line."""
    return any(_line_text(context, n) == text for n in range(entry.line + 1, entry.end_line + 1))


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


#: A definition-list item names its term on at most this many lines before its indented body.
MAX_TERM_LINES = 4


def _term_over_indented_body(lines: list[str], number: int) -> bool:
    """Return True if line `number` (1-based) opens a definition-list item: a short term-like
    line (and up to three more names under it) over a more indented body."""
    if not 0 < number <= len(lines) or not lines[number - 1].strip():
        return False
    indent = _indent(lines[number - 1])
    for line in lines[number - 1 : number - 1 + MAX_TERM_LINES]:
        if not line.strip():
            return False
        if _indent(line) > indent:
            return True
        if _indent(line) < indent or not _could_be_term(line.strip()):
            return False
    return False


#: How many entries, spread over the read, tell whether its entries are terms over indented bodies.
SHAPE_SAMPLE = 200
#: An item's body is prose when its first line holds this many words, few of them `key:value` or `a=b`.
MIN_BODY_WORDS = 4


def _prose_body(lines: list[str], number: int) -> bool:
    """Return True if the first indented line under the item at `number` is prose, not data
    (`rdf:type skos:Concept ;` under a Turtle subject is no definition)."""
    indent = _indent(lines[number - 1])
    body = next((line for line in lines[number:] if _indent(line) > indent), "")
    words = body.split()
    coded = sum(1 for word in words if ":" in word.strip(":") or "=" in word)
    return len(words) >= MIN_BODY_WORDS and coded <= 0.2 * len(words)


def indented_items_unread(context: ReadContext) -> ReadFinding | None:
    """The entries are terms over indented bodies (a reST glossary or definition list), and lines
    of that shape at another indentation (an item that fell out of its directive) are left unread:
    entries the reader did not take."""
    if len(context.entries) < MIN_ENTRIES:
        return None
    lines = context.lines
    sample = context.entries[:: max(1, len(context.entries) // SHAPE_SAMPLE)]  # the shape, told on a sample
    if sum(1 for e in sample if _term_over_indented_body(lines, e.line)) < 0.8 * len(sample):
        return None
    unused = set(context.unused)
    skipped = [
        n
        for n in context.unused
        if n + 1 in unused
        and (n == 1 or not lines[n - 2].strip())
        and _term_over_indented_body(lines, n)
        and _prose_body(lines, n)
    ]
    if len(skipped) < MIN_UNREAD_LINES or len(skipped) < 0.2 * len(context.entries):
        return None
    return ReadFinding(
        context.source,
        "indented-items-unread",
        f"{len(skipped)} lines are terms over an indented body, as the {len(context.entries)} entries "
        f"read are, but were not read (e.g. {_line_text(context, skipped[0])[:60]!r}): items that fell "
        "out of the glossary's markup — indent them as the others are",
        skipped[0],
        0.4,
    )


#: A bullet that opens with a bold term and a separator (`- **LORO** (…): text`, `* **Kiln** — text`).
_BOLD_TERM_ITEM = re.compile(
    r"^(?P<indent>\s*)[-*+]\s+\*\*(?P<term>[^*\n]{1,60}?)\*\*[^:—–\n]{0,80}?(?::|\s[—–-]\s)\s*\S"
)
#: Nested bold-term items prove little under this many.
MIN_NESTED_ITEMS = 3


def nested_term_items_inside_entries(context: ReadContext) -> ReadFinding | None:
    """The entries are bold-term bullets (`- **CV**: …`), and indented bullets inside them open
    with a bold term and a separator too, with different terms (`  - **LORO** (…): …`): sub-terms
    (kinds of the entry) read as part of their parent's definition, not as entries of their own."""
    if len(context.entries) < MIN_ENTRIES:
        return None
    lines = context.lines
    sample = context.entries[:: max(1, len(context.entries) // SHAPE_SAMPLE)]
    opening = (_BOLD_TERM_ITEM.match(_raw_line(context, e.line)) for e in sample)
    tops = sum(1 for m in opening if m and not m["indent"])
    if tops < 0.8 * len(sample):
        return None
    nested = [
        (n, m["term"].strip().casefold())
        for e in context.entries
        for n in range(e.line + 1, e.end_line + 1)
        if n <= len(lines) and (m := _BOLD_TERM_ITEM.match(lines[n - 1])) and m["indent"]
    ]
    if len(nested) < MIN_NESTED_ITEMS or len({term for _, term in nested}) < 0.8 * len(nested):
        return None  # a few, or the same heads again and again (`**Example**:`): fields of the entries
    return ReadFinding(
        context.source,
        "nested-term-items-inside-entries",
        f"{len(nested)} indented items inside entries open with a bold term as the entries do "
        f"(e.g. {_line_text(context, nested[0][0])[:60]!r}): sub-terms read as part of their parent's "
        "definition — make them items of their own if they are entries",
        nested[0][0],
        0.2,
    )


#: A script that holds data, not code: `<script type="application/json" id="data">` (not JSON-LD metadata).
DATA_SCRIPT = re.compile(
    r"<script\b[^>]*\btype\s*=\s*[\"']?(?:application|text)/json(?=[\"'\s>])[^>]*>(?P<data>.*?)</script\s*>",
    re.I | re.S,
)
_CODE_OR_STYLE = re.compile(r"<(script|style|template)\b[^>]*>.*?</\1\s*>", re.I | re.S)


def page_held_in_data_script(context: ReadContext) -> ReadFinding | None:
    """An HTML page whose content is a JSON data script (an app page its JavaScript renders) and
    whose visible text is shorter than that data: whatever was read came from the page's furniture."""
    if "json" not in context.text or "<script" not in context.text:
        return None
    scripts = list(DATA_SCRIPT.finditer(context.text))
    if not scripts:
        return None
    largest = max(scripts, key=lambda m: len(m["data"]))
    visible = " ".join(TAGS.sub(" ", _CODE_OR_STYLE.sub(" ", context.text)).split())
    if len(largest["data"].strip()) <= len(visible):
        return None
    line = context.text.count("\n", 0, largest.start()) + 1
    return ReadFinding(
        context.source,
        "page-held-in-data-script",
        f"the page's content is JSON data in a <script> ({len(largest['data']):,} characters) that its "
        f"JavaScript renders, and its visible text is {len(visible):,} characters: the read came from the "
        "page's furniture — save that script's JSON as a .json file and build the file",
        line,
        0.7,
    )


CHECKS: tuple[Callable[[ReadContext], ReadFinding | None], ...] = (
    terms_longer_than_definitions,
    labels_with_markup,
    table_rows_split,
    header_row_as_entry,
    one_line_entries_in_long_lines,
    definitions_of_link_targets,
    term_lines_left_unread,
    marked_term_lines_inside_entries,
    colon_term_lines_inside_entries,
    term_headings_inside_entries,
    records_left_unread,
    sentence_terms,
    structured_lines_unread,
    structured_lines_inside_entries,
    letter_terms,
    code_terms,
    word_headings_among_letters,
    arrow_pointers_inside_entries,
    term_and_definition_lines_alike,
    table_rows_unread,
    definitions_open_with_one_field,
    terms_open_with_one_field,
    ui_message_strings,
    page_held_in_data_script,
    indented_items_unread,
    nested_term_items_inside_entries,
)


def check_read(text: str, result: ReadResult, source: str) -> tuple[ReadFinding, ...]:
    """Return a finding for each check the read of `text` (the file at `source`) fails, in check order."""
    if not result.entries:
        return ()
    entries = result.entries
    if result.spans:  # entries that cite another file's lines: place them where they were read
        spans = zip(entries, result.spans, strict=True)
        entries = tuple(replace(e, line=first, end_line=last) for e, (first, last) in spans)
    unused = tuple(
        u.line for u in result.unused if u.source == source and not u.reason.startswith(FOLDED_POINTER)
    )
    # JSON indented by tabs splits into "cells" at its tabs: a document of brackets is no table
    table = None if text.lstrip()[:1] in ("[", "{") else sniff_table(text)
    context = ReadContext(source, text, text.splitlines(), entries, unused, table)
    found = tuple(finding for check in CHECKS if (finding := check(context)) is not None)
    untaken = [u for u in result.unused if u.source == source and u.reason == REASON_UNTAKEN_TERM_LINE]
    if untaken:
        found += (
            ReadFinding(
                source,
                "untaken-term-lines",
                f"{len(untaken)} line(s) written like the term lines were not read as entries "
                f"(e.g. {untaken[0].text[:60]!r}): read them as entries by hand or shorten their heads",
                untaken[0].line,
                0.2,
            ),
        )
    return found


def adjusted_confidence(confidence: float, findings: Sequence[ReadFinding]) -> float:
    """Return a reader's confidence lowered by the weight of each finding on its read."""
    for finding in findings:
        confidence *= 1.0 - finding.weight
    return confidence
