"""Reader for alternating lines: a term line, its definition line, the next term line, ….

Shape (first seen in seed 002, a README glossary with its formatting stripped)::

    Glossary
    One line of intro text about the page.
    Anchor
    The first definition, on one line.
    Buoy
    The second definition, on one line …

No blank lines and no locators. Most definitions are one line, but some run over several
lines with paragraphs, `- ` bullets, formula lines and short sub-heading lines inside
(`What it does (the effect).`, `A Concrete Example`, `L = (y - target)² = 9`), so "short
line = term" is not enough. A line after a definition line starts a new entry only when
all of these hold:

1. **Shape** — it could be a name: at most 80 characters and 10 words, no sentence or
   clause ending (`.`, `:`, `,`, `;`, `!`, `?`), no bullet marker, no formula sign
   (`=`, `∂`, `→`, …), balanced brackets and no sentence break inside.
2. **Context** — the line before it does not end with `:` (which announces more of the
   same definition).
3. **Alphabetical order** (only when a first pass shows the page is alphabetised): its
   initial letter is not before the previous term's (unless the next three candidates
   carry on in order from it: a second sorted run), and not after the initials of the
   next two term candidates when both of those fit between the previous term and it
   (then this line, not they, is the odd one out). Only initial Latin letters are
   compared, so case, quotes, accents, digits, symbols and Greek never count against a
   line, and a page sorted only roughly (`AOTInductor` before `AnyRes`) still reads.
4. **Style** — it does not show two or more sub-heading cues at once: opening with a
   discourse word (`What`, `Why`, `This`, `Using`, `Consider` …), opening with an
   article, or Title Case With a lowercase function word.

The line right after a term line is always its definition. A lone letter line (`A`)
before a term is a letter divider. A first line that names the page (`Glossary`,
`# Terms`), or on an alphabetised page sorts after the terms that follow it, is the page
title; lines before the first term are intro text; a closing `License`/`Copyright`
heading and everything after it is the page footer; a final term line with nothing after
it has no definition. All of those are reported unused with their reason, so every
non-blank line is accounted for exactly once.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from itertools import pairwise

from termbase.labels import parse_term
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.page_text import (
    REASON_DIVIDER,
    REASON_FOOTER,
    REASON_INTRO,
    REASON_NO_DEFINITION,
    REASON_TITLE,
    nonblank_lines,
)
from termbase.readers.see_also_marks import SEE_ALSO_PHRASE

_MAX_TERM_CHARS = 80
_MAX_TERM_WORDS = 10
#: Share of adjacent term pairs in order above which a page counts as alphabetised
#: (a shuffled page scores about 0.5; each misread sub-heading costs up to two pairs).
_SORTED_SHARE = 0.75
_MIN_SORTED_PAIRS = 5
#: How far from the end a footer heading (`License`) may stand.
_FOOTER_LINES = 6
#: Sub-heading cues a term line may show before it is taken for a continuation line.
_MAX_STYLE_CUES = 1

_TITLE = re.compile(
    r"^#|\b(glossary|glossaire|glossar|terms|terminology|vocabulary|definitions|"
    r"dictionary|lexicon|jargon|a\s*[-–—]\s*z)\b",
    re.IGNORECASE,
)
_FOOTER_HEADING = re.compile(
    r"^(licen[cs]e|copyright|credits|acknowledge?ments?|contributing|contributors|"
    r"changelog|about this (glossary|page))$",
    re.IGNORECASE,
)
_FOOTER_LINE = re.compile(r"^(©|\(c\)\s|copyright\b|all rights reserved)", re.IGNORECASE)
_BULLET = re.compile(r"^(?:[-*•+–—]\s|\d+[.)]\s)")
_FORMULA_SIGN = re.compile(r"[=∂∑∫≈≤≥→←⇒⟶|]")
_INNER_SENTENCE = re.compile(r"[.!?]\s+[A-Z]")
_CLAUSE_END = (".", ",", ";", ":", "!", "?", "…")
_CUE_START = re.compile(
    r"^(what|why|how|when|where|which|this|these|that|those|here|there|using|consider|"
    r"note|notice|example|for example|for instance|in short|in practice|in other words|"
    r"think|imagine|picture|intuition|the intuition|analogy|recall|remember)\b",
    re.IGNORECASE,
)
_ARTICLE_START = re.compile(r"^(a|an|the)\s+\S", re.IGNORECASE)
_FUNCTION_WORDS = frozenset({"a", "an", "the", "of", "to", "and", "or", "for", "with", "in", "on"})
#: Marks of the locator-carrying shapes (`FlashAttentionCh 14`, `Introduced in §3`, `Module →`).
_LOCATOR = re.compile(r"\S(?:Ch|Chapter|§|Sec|Lesson|Module)\.?\s?\d+$|\b[Ii]ntroduced in\b|→")
_SEE_ALSO = re.compile(
    r"(?:^|(?<=[.!?]\s)|(?<=[.!?]\"\s))" + SEE_ALSO_PHRASE + r"\s*[:：]?\s*"
    r"(?P<target>[^\n]+?)(?=[.;,:!?](?:\s|$)|\s[—–]\s|\s\(|\s*$)"
)


@dataclass(slots=True)
class _Span:
    """One entry being read: the body indexes of its term line and definition lines."""

    term: int
    definition: list[int]


@dataclass(frozen=True, slots=True)
class _Layout:
    """Where each non-blank line went: entries, and unused lines with their reasons."""

    spans: tuple[_Span, ...]
    unused: tuple[tuple[int, str], ...]
    title: str
    body_start: int
    body_end: int


class AlternatingReader:
    """Reads term line / definition line pages with no blank lines (see the module docstring)."""

    name = "alternating"
    description = "term line, definition line, … with no blank lines; multi-line definitions allowed"

    def detect(self, text: str) -> float:
        """Return 0–1: how well `text` fits a term/definition rhythm with no blank lines.

        A list of bare names (every "definition" one or two words) is no glossary.

        The score multiplies the share of body lines read as one-line term/definition
        pairs, how alphabetical the terms are, the share of entries free of locators
        (`Ch 14`, `Introduced in`, `→`: other shapes) and a penalty for blank lines.
        """
        lines = _nonblank_lines(text)
        if len(lines) < 4:
            return 0.0
        blank = 1 - len(lines) / max(1, len(text.splitlines()))
        gapless = max(0.0, 1 - 4 * blank)
        if not gapless:
            return 0.0  # a quarter of the lines blank: the score below would be 0
        layout = _layout(lines)
        if not layout.spans:
            return 0.0
        texts = [line for _, line in lines]
        order = _in_order_share([texts[span.term] for span in layout.spans])
        order_factor = 0.6 if order is None else 0.4 + 0.6 * order
        score = (
            _rhythm(layout)
            * order_factor
            * (1 - _locator_share(texts, layout.spans))
            * gapless
            * min(1.0, len(layout.spans) / 5)
            * _prose_share(texts, layout.spans)
            * _not_markup_share(texts)
        )
        return round(max(0.0, min(1.0, score)), 3)

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per term line and every other non-blank line as unused, with why."""
        lines = _nonblank_lines(text)
        layout = _layout(lines)
        entries = [_entry(lines, span, source) for span in layout.spans]
        unused = [Unused(source, lines[i][0], lines[i][1], reason) for i, reason in layout.unused]
        return entries_and_unused(entries, unused, layout.title)


# ── layout: which line is what ────────────────────────────────────────────────────────


def _nonblank_lines(text: str) -> list[tuple[int, str]]:
    """Return (line number, stripped text) for every non-blank line, without a leading BOM."""
    return nonblank_lines(text.lstrip("\ufeff"))


def _rhythm(layout: _Layout) -> float:
    """Return how much of the body keeps the term/definition rhythm, 0–1.

    The mean of two shares: entries whose definition is one line, and body lines that sit
    in such entries or are letter dividers. A few long definitions barely lower it; a page
    of prose swallowed into long "definitions" scores low on both.
    """
    body = layout.body_end - layout.body_start
    if body <= 0 or not layout.spans:
        return 0.0
    single = sum(1 for span in layout.spans if len(span.definition) == 1)
    dividers = sum(1 for _, reason in layout.unused if reason == REASON_DIVIDER)
    return (single / len(layout.spans) + min(1.0, (2 * single + dividers) / body)) / 2


def _locator_share(texts: list[str], spans: tuple[_Span, ...]) -> float:
    """Return the share of entries whose term or first definition line carries a locator."""
    located = sum(
        1 for span in spans if _LOCATOR.search(texts[span.term]) or _LOCATOR.search(texts[span.definition[0]])
    )
    return located / len(spans) if spans else 0.0


def _layout(lines: list[tuple[int, str]]) -> _Layout:
    """Return where every non-blank line goes: header, entries, footer, stray lines."""
    texts = [text for _, text in lines]
    unused: list[tuple[int, str]] = []
    start, title = _header(texts, unused)
    end = _footer_start(texts, start)
    unused.extend((i, REASON_FOOTER) for i in range(end, len(texts)))
    shaped = [_term_shaped(text) for text in texts]
    spans, dividers = _spans(texts, shaped, start, end, sorted_page=False)
    if _alphabetised(texts, spans):
        if _first_term_out_of_order(texts, spans):
            first = spans[0]
            if not title and first.term == 0:
                title = texts[0]
                unused.append((0, REASON_TITLE))
            else:
                unused.append((first.term, REASON_INTRO))
            start = _skip_intro(texts, first.term + 1, end, unused)
        spans, dividers = _spans(texts, shaped, start, end, sorted_page=True)
    unused.extend((i, REASON_DIVIDER) for i in dividers)
    kept = [span for span in spans if span.definition]
    unused.extend((span.term, REASON_NO_DEFINITION) for span in spans if not span.definition)
    return _Layout(tuple(kept), tuple(sorted(unused)), title, start, end)


def _header(texts: list[str], unused: list[tuple[int, str]]) -> tuple[int, str]:
    """Record the page title and intro lines; return (index of the first term, title)."""
    index, title = 0, ""
    if texts and _is_title(texts):
        title = texts[0].lstrip("#").strip()
        unused.append((0, REASON_TITLE))
        index = 1
    return _skip_intro(texts, index, len(texts), unused), title


def _skip_intro(texts: list[str], index: int, end: int, unused: list[tuple[int, str]]) -> int:
    """Record lines from `index` that cannot start an entry as intro text; return the first that can."""
    while index < end and not (_term_shaped(texts[index]) and index + 1 < end):
        unused.append((index, REASON_INTRO))
        index += 1
    return index


def _is_title(texts: list[str]) -> bool:
    """Return True if the first line names the page (`Glossary`, `# Terms`), not a term."""
    first = texts[0]
    return bool(_TITLE.search(first)) and len(first) <= _MAX_TERM_CHARS


def _alphabetised(texts: list[str], spans: list[_Span]) -> bool:
    """Return True if the terms of a first reading are (mostly) in alphabetical order.

    The first term is left out: it may yet turn out to be the page title.
    """
    share = _in_order_share([texts[span.term] for span in spans[1:]], _MIN_SORTED_PAIRS)
    return share is not None and share >= _SORTED_SHARE


def _first_term_out_of_order(texts: list[str], spans: list[_Span]) -> bool:
    """Return True if the first term sorts after the next two terms, which are in order.

    On an alphabetised page that makes the first "entry" header text: a title with no
    glossary word in it (`Networking Basics`) or a short intro line, not a term.
    """
    if len(spans) < 3 or not spans[0].definition:
        return False
    first, second, third = (_initial(texts[span.term]) for span in spans[:3])
    return bool(first and second and third) and second <= third < first


def _footer_start(texts: list[str], start: int) -> int:
    """Return the index where the page footer begins (len(texts) if there is none)."""
    end = len(texts)
    while end - 1 >= start and _FOOTER_LINE.match(texts[end - 1]):
        end -= 1
    for index in range(max(start, end - _FOOTER_LINES), end):
        if _FOOTER_HEADING.match(texts[index].strip(" #*")):
            return index
    return end


def _spans(
    texts: list[str], shaped: list[bool], start: int, end: int, *, sorted_page: bool
) -> tuple[list[_Span], list[int]]:
    """Return the entries between `start` and `end`, and the letter-divider lines among them.

    The line after a term line is always its definition; each later line either starts
    a new entry (`_starts_entry`) or continues the definition.
    """
    ahead = _next_candidates(shaped, end)
    spans: list[_Span] = []
    dividers: list[int] = []
    previous_initial = ""
    expecting_term = True
    for index in range(start, end):
        if spans and not spans[-1].definition and not expecting_term:
            spans[-1].definition.append(index)
        elif _is_letter_divider(texts, index, end):
            dividers.append(index)
            previous_initial = _initial(texts[index]) or previous_initial
            expecting_term = True
        elif expecting_term or _starts_entry(texts, shaped, ahead, index, previous_initial, sorted_page):
            spans.append(_Span(index, []))
            previous_initial = _initial(texts[index]) or previous_initial
            expecting_term = False
        else:
            spans[-1].definition.append(index)
    return spans, dividers


def _starts_entry(
    texts: list[str],
    shaped: list[bool],
    ahead: list[int],
    index: int,
    previous_initial: str,
    sorted_page: bool,
) -> bool:
    """Return True if the line at `index` (after a definition line) starts a new entry."""
    if not shaped[index] or texts[index - 1].endswith(":"):
        return False
    if sorted_page and _out_of_order(texts, ahead, index, previous_initial):
        return False
    return _style_cues(texts[index]) <= _MAX_STYLE_CUES


def _out_of_order(texts: list[str], ahead: list[int], index: int, previous_initial: str) -> bool:
    """Return True if the line's initial breaks the page's alphabetical order.

    It does if it sorts before the previous term, or after the next two term candidates
    while those two fit the order (so they, not this line, are the odd ones out).
    """
    initial = _initial(texts[index])
    if not initial:
        return False
    if previous_initial and initial < previous_initial:
        return not _order_restarts(initial, previous_initial, _following_initials(texts, ahead, index, 3))
    following = _following_initials(texts, ahead, index, 2, at_least=previous_initial)
    return len(following) == 2 and all(other < initial for other in following)


def _order_restarts(initial: str, previous_initial: str, following: list[str]) -> bool:
    """Return True if a line that sorts before the previous term begins a new sorted run.

    It does when the next three term candidates continue in order from it and all still
    sort before the previous term (a second A–Z list on the same page), so one misread
    line cannot swallow the rest of the page.
    """
    run = [initial, *following]
    return len(following) == 3 and all(a <= b for a, b in pairwise(run)) and run[-1] < previous_initial


def _following_initials(
    texts: list[str], ahead: list[int], index: int, count: int, at_least: str = ""
) -> list[str]:
    """Return the Latin initials of the next `count` term candidates, if `index` is a term.

    Candidates sorting before `at_least` (sub-headings that the previous-term rule will
    reject anyway) are passed over, so they cannot vouch for or against this line.
    """
    end = len(ahead) - 1
    initials: list[str] = []
    cursor = index + 2
    for _ in range(4 * count):
        if cursor >= end or ahead[cursor] >= end or len(initials) == count:
            break
        candidate = ahead[cursor]
        initial = _initial(texts[candidate])
        if initial and initial < at_least:
            cursor = candidate + 1
            continue
        if initial:
            initials.append(initial)
        cursor = candidate + 2
    return initials


def _next_candidates(shaped: list[bool], end: int) -> list[int]:
    """Return, for each index, the first index at or after it whose line is term-shaped."""
    ahead = [end] * (end + 1)
    for index in range(end - 1, -1, -1):
        ahead[index] = index if shaped[index] else ahead[index + 1]
    return ahead


# ── line tests ────────────────────────────────────────────────────────────────────────


#: A line of markup, a template or code rather than words: a tag, template braces
#: (`{% … %}`, `{{ … }}`), or a statement ending in `;`, `{` or `}`.
_MARKUP_OR_CODE = re.compile(r"</?[A-Za-z][\w-]*(?:\s[^>]*)?/?>|\{[{%#]|[}%#]\}|[;{}]\s*$")


def _not_markup_share(texts: list[str]) -> float:
    """Return 1 less twice the share of lines that are markup, templates or code (floor 0).

    Term lines alternate with definitions in prose; a file whose lines are mostly tags
    or template statements (an HTML or Jinja template, source code) is no such glossary.
    """
    marked = sum(1 for text in texts if _MARKUP_OR_CODE.search(text))
    return max(0.0, 1 - 2 * marked / max(1, len(texts)))


def _term_shaped(text: str) -> bool:
    """Return True if a line could be a term: short, no sentence end, no bullet or formula."""
    if len(text) > _MAX_TERM_CHARS or len(text.split()) > _MAX_TERM_WORDS:
        return False
    if text.endswith(_CLAUSE_END) or _BULLET.match(text) or _FORMULA_SIGN.search(text):
        return False
    if text.count("(") != text.count(")") or text.count("[") != text.count("]"):
        return False
    return not _INNER_SENTENCE.search(text)


def _is_letter_divider(texts: list[str], index: int, end: int) -> bool:
    """Return True for a lone letter line (`A`, `## B`) whose next line starts with it."""
    letter = texts[index].strip(" #*—–-")
    if len(letter) != 1 or not letter.isalpha() or index + 1 >= end:
        return False
    return _initial(texts[index + 1]) == _initial(letter) and _term_shaped(texts[index + 1])


def _style_cues(text: str) -> int:
    """Return how many sub-heading cues a line shows (discourse opener, article, Title Case)."""
    words = text.split()
    cues = 0
    if _CUE_START.match(text):
        cues += 1
    if len(words) > 1 and _ARTICLE_START.match(text):
        cues += 1
    inner = words[1:-1]
    if (
        len(words) >= 3
        and any(word in _FUNCTION_WORDS for word in inner)
        and all(word[:1].isupper() for word in words if word.lower() not in _FUNCTION_WORDS)
    ):
        cues += 1
    return cues


def _initial(text: str) -> str:
    """Return the first letter of a term folded to a–z, or "" if it starts with no Latin letter."""
    for char in text:
        if char.isalnum():
            base = unicodedata.normalize("NFKD", char)[0].casefold()
            return base if "a" <= base <= "z" else ""
    return ""


def _in_order_share(terms: list[str], minimum: int = 1) -> float | None:
    """Return the share of adjacent Latin-initial terms in order, or None if too few pairs."""
    initials = [initial for initial in map(_initial, terms) if initial]
    pairs = list(pairwise(initials))
    if len(pairs) < minimum:
        return None
    return sum(1 for a, b in pairs if a <= b) / len(pairs)


# ── entries ───────────────────────────────────────────────────────────────────────────


def _entry(lines: list[tuple[int, str]], span: _Span, source: str) -> Entry:
    """Return the Entry for one span of body lines."""
    term = lines[span.term][1]
    definition = join_definition([lines[i][1] for i in span.definition])
    labels, groups = parse_term(term)
    return Entry(
        source=source,
        line=lines[span.term][0],
        end_line=lines[span.definition[-1]][0],
        term=term,
        labels=labels,
        groups=groups,
        definition=definition,
        see_also=see_also_targets(definition),
    )


def join_definition(texts: list[str]) -> str:
    """Return definition lines joined as Markdown.

    Paragraphs are separated by a blank line; bullet items by a single line break; a line
    inside a list that continues the item before it (it starts with no capital letter, or
    the item ends with `:`) is kept on the next line of that item.
    """
    if not texts:
        return ""
    parts = [texts[0]]
    in_list = bool(_BULLET.match(texts[0]))
    for previous, text in pairwise(texts):
        if _BULLET.match(text):
            separator = "\n" if in_list else "\n\n"
            in_list = True
        elif in_list and (not text[:1].isupper() or previous.endswith(":")):
            separator = "\n"
        else:
            separator = "\n\n"
            in_list = False
        parts.append(separator + text)
    return "".join(parts)


def see_also_targets(definition: str) -> tuple[str, ...]:
    """Return the targets of sentence-initial `See also X.` phrases in a definition.

    The target runs to the end of the sentence or the first clause break, so
    `See also Batching, which is …` gives "Batching".
    """
    targets = (match.group("target").strip(" \"'“”‘’*_`") for match in _SEE_ALSO.finditer(definition))
    return tuple(dict.fromkeys(target for target in targets if target))


def _prose_share(texts: list[str], spans: list) -> float:
    """Return 1 when most definition lines are phrases of 3+ words, falling to 0 otherwise."""
    definitions = [texts[span.term + 1] for span in spans if span.term + 1 < len(texts)]
    if not definitions:
        return 0.0
    wordy = sum(1 for line in definitions if len(line.split()) >= 3) / len(definitions)
    return min(1.0, wordy * 2)
