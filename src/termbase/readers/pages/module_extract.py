"""Module-linked extracts: a term line, then `<icon> <Module> →<snippet>`, amid junk lines.

Shape first seen in seed 003: a glossary built by scraping a course. Each real entry is
two lines (example from the test fixtures)::

    B-tree
    🌳 Index Structures →Each page fans out to hundreds of children, so ...

The second line names the module where the term first appears (an optional emoji icon,
the module name, an arrow `→` or `->`) and an excerpt from that module, which becomes
the definition. Around the entries sit lines that are no entry at all: a page header,
letter dividers, module subtitles and sentences the extractor cut from module pages.
Each of those is reported as `Unused` with the reason it is not an entry.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from termbase.labels import parse_term
from termbase.model import Entry, Locator, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.page_text import (
    REASON_DIVIDER,
    REASON_INTRO,
    REASON_TITLE,
    is_letter_divider,
    nonblank_lines,
    tidy,
)

#: The arrow between a module name and its excerpt.
_ARROW = re.compile(r"\s*(?:→|->|⟶|➔|➜)\s*")
_ARROW_OR_DOUBLE = re.compile(r"\s(?:→|->|⟶|➔|➜|=>|⇒)\s")
#: Module lines alternate with term lines: a page where more lines than this hold an arrow is a list
#: of arrow lines of its own shape.
MAX_ARROW_SHARE = 0.6
_LINK = re.compile(r"https?://|www\.|(?:^|\s)/[\w./-]+|\.txt\b", re.IGNORECASE)
_PLAIN_TEXT_HINT = re.compile(r"\.txt\b|plain[- ]?text|llms", re.IGNORECASE)
_NUMBERED_FRAGMENT = re.compile(r"^\d+\)")
_SENTENCE_END = (".", "!", ";", ",", ":")
_CUT_OFF = ("...", "…")

MAX_TERM_WORDS = 6
MAX_TERM_CHARS = 60
MAX_MODULE_WORDS = 8
MAX_PLAIN_MODULE_WORDS = 5
MAX_MODULE_CHARS = 60
MAX_SUBTITLE_WORDS = 14

REASON_PLAIN_TEXT_LINK = "link to the plain-text version"
REASON_HEADER_LINK = "link in the page header"
REASON_SUBTITLE = "module subtitle line"
REASON_SENTENCE = "stray sentence from a module, not a term"
REASON_FRAGMENT = "sentence fragment cut from a module (starts mid-sentence), not a term"
REASON_CUT_OFF = "cut-off excerpt from a module (ends in '...'), not a term"
REASON_EXTRA_MODULE = "second module line after an entry; only the first module is kept"
REASON_LONE_MODULE = "module line with no term line before it"
REASON_LONE_TERM = "term-like line with no module line after it"


@dataclass(frozen=True, slots=True)
class ModuleLine:
    """A parsed `<icon> <Module name> →<snippet>` line."""

    text: str
    icon: str
    name: str
    snippet: str


def split_icon(text: str) -> tuple[str, str]:
    """Return (leading emoji icon, rest) of `text`; the icon is "" when there is none."""
    end = 0
    while end < len(text) and _is_icon_char(text[end]):
        end += 1
    return text[:end], text[end:].strip()


def _is_icon_char(char: str) -> bool:
    return char in "\ufe0f\u200d\u20e3" or unicodedata.category(char) in ("So", "Sk", "Mn", "Me", "Cf")


def parse_module_line(line: str) -> ModuleLine | None:
    """Return the parts of a module line, or None if `line` is not one.

    A module line is an optional icon, a short module name (a few words, no sentence
    punctuation), an arrow and an excerpt. Without an icon the name must also start with
    a capital or a digit, so that a sentence with an arrow in it is not taken for one.
    """
    text = line.strip()
    arrow = _ARROW.search(text)
    if arrow is None:
        return None
    head = text[: arrow.start()].strip()
    icon, name = split_icon(head)
    if not _is_module_name(name, has_icon=bool(icon)):
        return None
    return ModuleLine(head, icon, name, tidy(text[arrow.end() :]))


def _is_module_name(name: str, *, has_icon: bool) -> bool:
    words = name.split()
    limit = MAX_MODULE_WORDS if has_icon else MAX_PLAIN_MODULE_WORDS
    if not words or len(words) > limit or len(name) > MAX_MODULE_CHARS:
        return False
    if name.endswith(_SENTENCE_END) or ". " in name:
        return False
    first = name[0]
    return first.isalnum() if has_icon else (first.isupper() or first.isdigit())


def is_term_line(line: str) -> bool:
    """Return True if `line` could be a term: short, no sentence punctuation, no arrow."""
    text = line.strip()
    words = text.split()
    if not words or len(words) > MAX_TERM_WORDS or len(text) > MAX_TERM_CHARS:
        return False
    if text.endswith((*_SENTENCE_END, "?", *_CUT_OFF)) or " — " in text:
        return False
    return _ARROW.search(text) is None


@dataclass(frozen=True, slots=True)
class _Pair:
    """A term line and the module line that follows it."""

    term_line: int
    module_line: int
    term: str
    module: ModuleLine


def find_pairs(lines: list[tuple[int, str]]) -> list[_Pair]:
    """Return every (term line, module line) pair among the non-blank `lines`, in order.

    Blank lines between the two are allowed; a line takes part in at most one pair.
    """
    pairs: list[_Pair] = []
    index = 0
    while index < len(lines) - 1:
        number, text = lines[index]
        module = parse_module_line(lines[index + 1][1]) if is_term_line(text) else None
        if module is None:
            index += 1
            continue
        pairs.append(_Pair(number, lines[index + 1][0], text.strip(), module))
        index += 2
    return pairs


class ModuleExtractReader:
    """Reads module-linked extracts (see the module docstring)."""

    name = "module-extract"
    description = "auto-extracted glossary: a term line, then `<icon> Module →excerpt`, amid junk"

    def detect(self, text: str) -> float:
        """Return 0–1 from how many term + module-line pairs the text holds.

        A pair whose module line has an icon counts 1, one without an icon 0.6; four
        pairs make the reader sure. The score is scaled down when most term-like lines
        are not followed by a module line, as in pages of another shape where an arrow
        turns up in a definition now and then.
        """
        lines = nonblank_lines(text)
        pairs = find_pairs(lines)
        if not pairs:
            return 0.0
        if sum(1 for _, line in lines if _ARROW_OR_DOUBLE.search(line)) > MAX_ARROW_SHARE * len(lines):
            return 0.0  # nearly every line an arrow line (`variant -> preferred`): no term lines between
        weight = sum(1.0 if pair.module.icon else 0.6 for pair in pairs)
        term_like = sum(1 for _, line in lines if is_term_line(line) and not is_letter_divider(line))
        share = len(pairs) / max(term_like, len(pairs))
        return round(min(1.0, weight / 4) * min(1.0, 2 * share), 3)

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per term + module-line pair; every other line is reported unused."""
        lines = nonblank_lines(text)
        pairs = find_pairs(lines)
        entries = [_entry(pair, source) for pair in pairs]
        in_pair = {pair.term_line for pair in pairs} | {pair.module_line for pair in pairs}
        header_end = _header_end(lines, pairs)
        snippets = {pair.module.snippet for pair in pairs}
        module_lines = {pair.module_line for pair in pairs}
        unused: list[Unused] = []
        title = ""
        previous = 0
        for position, (number, line) in enumerate(lines):
            if number in in_pair:
                previous = number
                continue
            if number < header_end:
                reason = _header_reason(line, is_first=position == 0)
                if reason == REASON_TITLE and not title:
                    title = line
            else:
                after_module = previous in module_lines
                reason = _content_reason(line, snippets, after_module=after_module)
            unused.append(Unused(source, number, line, reason))
            previous = number
        return entries_and_unused(entries, unused, title)


def _entry(pair: _Pair, source: str) -> Entry:
    labels, groups = parse_term(pair.term)
    module = pair.module
    return Entry(
        source=source,
        line=pair.term_line,
        end_line=pair.module_line,
        term=pair.term,
        labels=labels,
        groups=groups,
        definition=module.snippet,
        locator=Locator(kind="module", text=module.text, title=module.name),
    )


def _header_end(lines: list[tuple[int, str]], pairs: list[_Pair]) -> int:
    """Return the first line number after the page header.

    The header ends at the first letter divider or the first entry, whichever is first.
    """
    first_pair = pairs[0].term_line if pairs else 0
    for number, line in lines:
        if is_letter_divider(line) or number == first_pair:
            return number
    return lines[-1][0] + 1 if lines else 0


def _header_reason(line: str, *, is_first: bool) -> str:
    text = line.strip()
    if _LINK.search(text):
        return REASON_PLAIN_TEXT_LINK if _PLAIN_TEXT_HINT.search(text) else REASON_HEADER_LINK
    if is_first and len(text.split()) <= MAX_TERM_WORDS and not text.endswith("."):
        return REASON_TITLE
    return REASON_INTRO


def _content_reason(line: str, snippets: set[str], *, after_module: bool) -> str:
    """Return why a line after the page header is not part of any entry."""
    text = tidy(line)
    if is_letter_divider(text):
        return REASON_DIVIDER
    if parse_module_line(text) is not None:
        return REASON_EXTRA_MODULE if after_module else REASON_LONE_MODULE
    if is_term_line(text) and len(text.split()) <= 2:
        return REASON_LONE_TERM
    if _is_subtitle(text) or (text in snippets and not text.endswith(".")):
        return REASON_SUBTITLE
    if text.endswith(_CUT_OFF):
        return REASON_CUT_OFF
    if text[0].islower() or _NUMBERED_FRAGMENT.match(text):
        return REASON_FRAGMENT
    return REASON_SENTENCE


def _is_subtitle(text: str) -> bool:
    """Return True for a module's one-line tagline: short, and not a finished sentence."""
    return len(text.split()) <= MAX_SUBTITLE_WORDS and not text.endswith((".", *_CUT_OFF))
