"""Blank-line blocks: a term block, definition paragraphs, formulas, `Where:` lists, links.

Shape first seen in seed 004. Blocks are separated by blank lines (example from the
test fixtures)::

    D

    DFT (Discrete Fourier Transform)

    Turns N evenly spaced samples into N complex coefficients, ...

    Xk=n=0N1xnei2πkn/NX_k = \\sum_{n=0}^{N-1} x_n e^{-i 2\\pi k n / N}

    Where:

      • x_n is the n-th sample of the input

    Read more:The FFT, Gently

A term block is one short line with no final period, followed by a paragraph (a
sentence, or a long line). Everything after it up to the next term, letter divider or
stray short line belongs to the entry: more paragraphs, formula lines, a `Where:` list
(kept in the definition as a Markdown list) and `Read more:` lines (kept as links).
Formula lines scraped from KaTeX hold the rendered text with the LaTeX source glued
after it; only the LaTeX is kept (see `latex_source`). Consecutive non-blank text lines
are one block, so a paragraph wrapped over several lines is read as one paragraph.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from termbase.labels import parse_term
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused, numbered_lines
from termbase.readers.page_text import (
    REASON_DIVIDER,
    REASON_FOOTER,
    REASON_HEADING,
    REASON_INTRO,
    REASON_TITLE,
    is_letter_divider,
    tidy,
)
from termbase.readers.see_also_marks import SEE_ALSO_LINE

MAX_TERM_WORDS = 10
MAX_TERM_CHARS = 100
MIN_SENTENCE_WORDS = 5
MIN_LONG_LINE_WORDS = 12
MAX_LIST_HEADING_WORDS = 4

_BULLET = re.compile(r"^\s*[•·▪‣◦*\-–]\s+(?P<text>\S.*)$")
_READ_MORE = re.compile(r"^\s*(?:read more|further reading|learn more)\s*:\s*(?P<text>\S.*)$", re.I)
_SEE_ALSO = SEE_ALSO_LINE  # `See also:`, `Siehe auch:`, `Voir aussi :`, `参见：` …
_LATEX_MARKUP = re.compile(r"\\[A-Za-z]+|[_^]\{")
_LATEX_SCRIPT = re.compile(r"\w[_^]\w")
_SENTENCE_END = re.compile(r"[.!?…][\"'”’)\]]*$")
_PLAIN_WORD = re.compile(r"^[a-z]{3,}[,;]?$")
_TERM_END = (".", ":", ";", ",", "!", "?")
_TITLE_WORDS = re.compile(r"glossary|glossaire|glosario|terminology|\bterms\b|\bindex\b", re.I)

REASON_SHORT = "short line that is not a term (no definition paragraph follows it)"
REASON_ORPHAN_PARAGRAPH = "paragraph with no term line above it"
REASON_ORPHAN = "{kind} outside any entry"


class Kind(Enum):
    """What a block of the page is, judged from its own text."""

    DIVIDER = "letter divider"
    BULLET = "list item"
    LIST_HEADING = "list heading"
    READ_MORE = "'Read more:' line"
    SEE_ALSO = "'See also:' line"
    FORMULA = "formula line"
    TERM = "term-like line"
    PARAGRAPH = "paragraph"
    SHORT = "short line"


#: Kinds that may follow an entry's first paragraph and still belong to the entry.
BODY_KINDS = frozenset(
    {Kind.PARAGRAPH, Kind.FORMULA, Kind.LIST_HEADING, Kind.BULLET, Kind.READ_MORE, Kind.SEE_ALSO}
)


@dataclass(frozen=True, slots=True)
class Block:
    """One unit of the page: a special line, or a run of consecutive text lines."""

    kind: Kind
    first: int
    last: int
    text: str
    lines: tuple[tuple[int, str], ...]


def is_term_text(text: str) -> bool:
    """Return True if `text` could be a term: at most ten words, no final punctuation."""
    words = text.split()
    return 0 < len(words) <= MAX_TERM_WORDS and len(text) <= MAX_TERM_CHARS and not text.endswith(_TERM_END)


def is_paragraph_text(text: str) -> bool:
    """Return True if `text` reads as prose: a finished sentence of 5+ words, or 12+ words."""
    words = len(text.split())
    return words >= MIN_LONG_LINE_WORDS or (words >= MIN_SENTENCE_WORDS and bool(_SENTENCE_END.search(text)))


def is_formula_line(text: str) -> bool:
    """Return True for a line of mathematics: LaTeX markup and almost no plain words.

    Markup is a command (`\\frac`) or a braced script (`_{t}`); a line without it needs an
    `=` and a bare script (`mc^2`) or a rendered copy of itself (`E=mc2E = mc^2`).
    """
    text = text.strip()
    if _SENTENCE_END.search(text):
        return False
    if sum(1 for word in text.split() if _PLAIN_WORD.match(word)) > 3:
        return False
    if _LATEX_MARKUP.search(text):
        return True
    return "=" in text and (bool(_LATEX_SCRIPT.search(text)) or _square_split(text) is not None)


def line_kind(text: str) -> Kind:
    """Return the kind of one non-blank line, judged from its text alone."""
    stripped = tidy(text)
    if is_letter_divider(stripped):
        return Kind.DIVIDER
    if _BULLET.match(text):
        return Kind.BULLET
    if _READ_MORE.match(stripped):
        return Kind.READ_MORE
    if _SEE_ALSO.match(stripped):
        return Kind.SEE_ALSO
    if stripped.endswith(":") and len(stripped.split()) <= MAX_LIST_HEADING_WORDS:
        return Kind.LIST_HEADING
    if is_formula_line(stripped):
        return Kind.FORMULA
    return _text_kind(stripped)


def _text_kind(text: str) -> Kind:
    if is_paragraph_text(text):
        return Kind.PARAGRAPH
    return Kind.TERM if is_term_text(text) else Kind.SHORT


#: Texts up to this long keep their blocks for the next split of the same text (detection,
#: then the read): longer ones are split each time.
_REUSED_TEXT_CHARS = 1_000_000


def split_blocks(text: str) -> list[Block]:
    """Return the page's blocks in order.

    Special lines (dividers, bullets, list headings, links, formulas) are a block each;
    consecutive plain text lines with no blank line between them join into one block.
    The last few short texts' blocks are kept, so the read does not redo its detection's split.
    """
    if len(text) > _REUSED_TEXT_CHARS:
        return _split_blocks(text)
    return list(_kept_blocks(text))


@lru_cache(maxsize=4)
def _kept_blocks(text: str) -> tuple[Block, ...]:
    return tuple(_split_blocks(text))


def _split_blocks(text: str) -> list[Block]:
    blocks: list[Block] = []
    run: list[tuple[int, str]] = []
    for number, line in numbered_lines(text):
        kind = line_kind(line) if line.strip() else None
        if kind in (Kind.TERM, Kind.PARAGRAPH, Kind.SHORT):
            run.append((number, line))
            continue
        if run:
            blocks.append(_text_block(run))
            run = []
        if kind is not None:
            blocks.append(Block(kind, number, number, tidy(line), ((number, line),)))
    if run:
        blocks.append(_text_block(run))
    return blocks


def _text_block(run: list[tuple[int, str]]) -> Block:
    joined = tidy(" ".join(line for _, line in run))
    kind = _text_kind(joined)
    if kind is Kind.TERM and len(run) > 1:
        kind = Kind.SHORT
    return Block(kind, run[0][0], run[-1][0], joined, tuple(run))


# --- formulas: KaTeX rendered text + LaTeX source -------------------------------------

_GREEK = {
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ϵ", "varepsilon": "ε",
    "zeta": "ζ", "eta": "η", "theta": "θ", "vartheta": "ϑ", "iota": "ι", "kappa": "κ",
    "lambda": "λ", "mu": "μ", "nu": "ν", "xi": "ξ", "pi": "π", "varpi": "ϖ", "rho": "ρ",
    "varrho": "ϱ", "sigma": "σ", "varsigma": "ς", "tau": "τ", "upsilon": "υ", "phi": "ϕ",
    "varphi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω", "Gamma": "Γ", "Delta": "Δ",
    "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ", "Pi": "Π", "Sigma": "Σ", "Upsilon": "Υ",
    "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω", "ell": "ℓ", "hbar": "ℏ", "imath": "ı", "jmath": "ȷ",
}
#: Commands KaTeX renders as their own name in upright letters.
_NAMED_FUNCTIONS = frozenset(
    {
        "log", "ln", "lg", "exp", "min", "max", "sin", "cos", "tan", "cot", "sec", "csc", "sinh",
        "cosh", "tanh", "arcsin", "arccos", "arctan", "arg", "lim", "liminf", "limsup", "sup",
        "inf", "det", "dim", "ker", "deg", "gcd", "hom", "Pr", "mod", "bmod", "pmod",
    }
)
#: Commands whose first `{…}` argument is not rendered as text.
_SILENT_ARGUMENT = frozenset(["begin", "end", "color", "hspace", "vspace", "label"])
_COMMAND = re.compile(r"\\([A-Za-z]+)(?:\s*\{[^{}]*\})?|\\.")
_CLOSERS = frozenset(")]}|⟩‖∥′'\"!*,;:. ")


def _rendered_letters(latex: str) -> list[tuple[int, str]]:
    """Return (position, letter) for each letter or digit KaTeX would show for `latex`.

    An approximation good enough to line rendered text up with its source: Greek letter
    and function-name commands give their letters, other commands give none.
    """
    letters: list[tuple[int, str]] = []
    index = 0
    while index < len(latex):
        if latex[index] == "\\":
            match = _COMMAND.match(latex, index)
            if match is None:
                index += 1
                continue
            name = match.group(1) or ""
            shown = _GREEK.get(name) or (name if name in _NAMED_FUNCTIONS else "")
            letters.extend((index, char) for char in shown)
            index = match.end() if name in _SILENT_ARGUMENT else index + 1 + len(name or " ")
            continue
        if latex[index].isalnum():
            letters.append((index, latex[index]))
        index += 1
    return letters


def _square_split(line: str) -> int | None:
    """Return where the LaTeX source starts in `rendered + source`, if the two match.

    Before the first backslash the line is plain text, so the letters shown by the whole
    line must read `w + w`: the rendered text's letters, then the same letters from the
    source. The split lies just after the first half's last letter, past closing
    brackets.
    """
    letters = _rendered_letters(line)
    half, odd = divmod(len(letters), 2)
    if odd or half < 2 or [c for _, c in letters[:half]] != [c for _, c in letters[half:]]:
        return None
    start = _start_after(line, letters[half - 1][0] + 1)
    backslash = line.find("\\")
    if backslash != -1 and start > backslash:
        return None
    return start if _looks_rendered(line[:start]) else None


def _start_after(line: str, index: int) -> int:
    while index < len(line) and line[index] in _CLOSERS:
        index += 1
    return index


def _looks_rendered(text: str) -> bool:
    """Return True if `text` could be KaTeX's rendered output (no LaTeX markup in it)."""
    return bool(text.strip()) and not any(char in text for char in "\\{}_")


def latex_source(line: str) -> str:
    """Return the LaTeX source of a formula line, without the rendered text glued before it.

    A line with no rendered copy (it starts with LaTeX, or no split lines the two up) is
    returned whole; when the letters do not match exactly, the source is taken to start
    where the letters are shared half and half, but never after the first backslash.
    """
    text = line.strip()
    if text.startswith("\\"):
        return text
    split = _square_split(text)
    if split is None:
        split = _approximate_split(text)
    return text[split:].strip() if split else text


def _approximate_split(text: str) -> int:
    backslash = text.find("\\")
    if backslash == -1:
        return 0
    letters = _rendered_letters(text)
    half = len(letters) // 2
    if half == 0:
        return 0
    start = min(_start_after(text, letters[half - 1][0] + 1), backslash)
    return start if _looks_rendered(text[:start]) else 0


# --- entries ----------------------------------------------------------------------------


def _is_term_block(blocks: list[Block], index: int) -> bool:
    return (
        blocks[index].kind is Kind.TERM
        and index + 1 < len(blocks)
        and blocks[index + 1].kind is Kind.PARAGRAPH
    )


def _entry_end(blocks: list[Block], index: int) -> int:
    """Return the index just past the last block of the entry whose term is `blocks[index]`."""
    end = index + 2
    while end < len(blocks) and blocks[end].kind in BODY_KINDS:
        end += 1
    return end


def _entry(blocks: list[Block], source: str) -> Entry:
    term_block, body = blocks[0], blocks[1:]
    term = term_block.lines[0][1].strip()
    labels, groups = parse_term(term)
    links = tuple(_prefixed(_READ_MORE, b.text) for b in body if b.kind is Kind.READ_MORE)
    see_also = tuple(
        name.strip()
        for b in body
        if b.kind is Kind.SEE_ALSO
        for name in re.split(r"[,;]", _prefixed(_SEE_ALSO, b.text))
        if name.strip()
    )
    return Entry(
        source=source,
        line=term_block.first,
        end_line=body[-1].last,
        term=term,
        labels=labels,
        groups=groups,
        definition=definition_markdown(body),
        formulas=tuple(latex_source(b.text) for b in body if b.kind is Kind.FORMULA),
        links=links,
        see_also=see_also,
    )


def _prefixed(pattern: re.Pattern[str], text: str) -> str:
    match = pattern.match(text)
    return match.group("text").strip() if match else text


def definition_markdown(body: list[Block]) -> str:
    """Return the definition of an entry's body blocks as Markdown.

    Paragraphs are separated by a blank line; a list heading and its bullets become
    `Where:` followed by `- item` lines. Formulas and links are kept elsewhere.
    """
    parts: list[str] = []
    items: list[str] = []
    for block in body:
        if block.kind is Kind.BULLET:
            items.append("- " + tidy(_prefixed(_BULLET, block.lines[0][1])))
        elif block.kind in (Kind.PARAGRAPH, Kind.LIST_HEADING):
            _flush_list(parts, items)
            items = [block.text] if block.kind is Kind.LIST_HEADING else []
            if block.kind is Kind.PARAGRAPH:
                parts.append(block.text)
    _flush_list(parts, items)
    return "\n\n".join(parts)


def _flush_list(parts: list[str], items: list[str]) -> None:
    if items:
        parts.append("\n".join(items))


class BlankBlocksReader:
    """Reads blank-line-separated glossary blocks (see the module docstring)."""

    name = "blank-blocks"
    description = "blocks split by blank lines: term, paragraphs, formulas, `Where:` lists, `Read more:`"

    def detect(self, text: str) -> float:
        """Return 0–1: entry evidence times the share of paragraphs that belong to an entry.

        Three term blocks (a lone short line, a blank line, a paragraph) make the reader
        sure of the shape; paragraphs with no term above them (after the first entry)
        lower the score. Pages without blank lines are one big block and score 0.
        """
        blocks = split_blocks(text)
        spans, _ = find_entry_spans(blocks)
        if not spans:
            return 0.0
        paragraphs = [i for i, b in enumerate(blocks) if b.kind is Kind.PARAGRAPH and i > spans[0][0]]
        inside = {i for first, end in spans for i in range(first, end)}
        share = sum(1 for i in paragraphs if i in inside) / len(paragraphs)
        score = min(1.0, len(spans) / 3) * share
        if _MARKDOWN_PAGE.search(text[:2000]):
            score *= 0.25  # front matter or `#` headings: a Markdown page, another reader's shape
        if len(_ASCIIDOC_HEADING.findall(text[:2000])) >= 2:
            score *= 0.25  # `= Title`, `== Section` lines: an AsciiDoc page, the AsciiDoc readers' shape
        if _REST_GLOSSARY.search(text):
            score *= 0.25  # a reST `.. glossary::` directive: the Sphinx reader's shape
        return round(score, 3)

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per term block; every other line is reported unused, with why."""
        blocks = split_blocks(text)
        spans, leftovers = find_entry_spans(blocks)
        entries = [_entry(blocks[first:end], source) for first, end in spans]
        unused, title = _report(blocks, leftovers, spans, source)
        return entries_and_unused(entries, unused, title)


_MARKDOWN_PAGE = re.compile(r"\A---\s*\n|^#{1,6} \S", re.MULTILINE)
#: An AsciiDoc section title line (`== Section`, `=== Term`); a MediaWiki `== Section ==` too.
_ASCIIDOC_HEADING = re.compile(r"^={1,6}[ \t]+\S", re.MULTILINE)
_REST_GLOSSARY = re.compile(r"^[ \t]*+\.\. glossary::", re.MULTILINE)  # not \s*: no rescans


def find_entry_spans(blocks: list[Block]) -> tuple[list[tuple[int, int]], list[int]]:
    """Return ([(first, end) block index range of each entry], [indexes of other blocks])."""
    spans: list[tuple[int, int]] = []
    index = _body_start(blocks)
    leftovers = list(range(index))
    while index < len(blocks):
        if _is_term_block(blocks, index):
            end = _entry_end(blocks, index)
            spans.append((index, end))
            index = end
        else:
            leftovers.append(index)
            index += 1
    return spans, leftovers


def _first_divider(blocks: list[Block]) -> int | None:
    """Return the index of the first letter divider, on a page with at least two; else None.

    On such a page everything above the first divider is page header (so a header line
    followed by an intro paragraph is not taken for an entry).
    """
    dividers = [i for i, block in enumerate(blocks) if block.kind is Kind.DIVIDER]
    return dividers[0] if len(dividers) >= 2 else None


def _body_start(blocks: list[Block]) -> int:
    """Return the index of the first block that may start an entry."""
    first = _first_divider(blocks)
    return 0 if first is None else first


def _report(
    blocks: list[Block], leftovers: list[int], spans: list[tuple[int, int]], source: str
) -> tuple[list[Unused], str]:
    """Return the Unused records for blocks outside every entry, and the page title.

    The page header is everything above the first letter divider (on a page with
    dividers) or above the first entry; the footer is everything below the last entry.
    """
    header_end = _first_divider(blocks)
    if header_end is None:
        header_end = spans[0][0] if spans else len(blocks)
    footer_start = spans[-1][1] if spans else len(blocks)
    title_line = _title_line([blocks[i] for i in leftovers if i < header_end])
    unused: list[Unused] = []
    for i in leftovers:
        block = blocks[i]
        for number, line in block.lines:
            if number == title_line:
                reason = REASON_TITLE
            elif i < header_end:
                reason = _header_reason(block)
            else:
                reason = _body_reason(block, after_last=i >= footer_start)
            unused.append(Unused(source, number, line.strip(), reason))
    title = next((u.text.rstrip(".").strip() for u in unused if u.line == title_line), "")
    return unused, title


def _title_line(header: list[Block]) -> int:
    """Return the number of the header line naming the page: one saying "glossary", else the first.

    Only short lines count; 0 means the page has no such line.
    """
    lines = [(n, tidy(line)) for b in header if b.kind in (Kind.TERM, Kind.SHORT) for n, line in b.lines]
    for number, text in lines:
        if _TITLE_WORDS.search(text):
            return number
    return lines[0][0] if lines else 0


def _header_reason(block: Block) -> str:
    if block.kind is Kind.DIVIDER:
        return REASON_DIVIDER
    if block.kind is Kind.PARAGRAPH:
        return REASON_INTRO
    if block.kind in (Kind.TERM, Kind.SHORT):
        return REASON_HEADING
    return REASON_ORPHAN.format(kind=block.kind.value)


def _body_reason(block: Block, *, after_last: bool) -> str:
    if block.kind is Kind.DIVIDER:
        return REASON_DIVIDER
    if block.kind is Kind.PARAGRAPH:
        return REASON_ORPHAN_PARAGRAPH
    if block.kind in (Kind.TERM, Kind.SHORT):
        return REASON_FOOTER if after_last else REASON_SHORT
    return REASON_ORPHAN.format(kind=block.kind.value)
