"""Plain-text term lines with no separator but a space: `cin Character input stream.`

A chapter's vocabulary is often typed one term a line, the term (a word or a few, in lower
case, or a symbol: `//`, `C++`, `main()`) then its definition as a sentence that opens with
a capital, with nothing between them but a space (or a run of spaces). Lines that hold only a
term are terms still to be defined: reported, never glued to an entry.

Where the term ends is told by case: the term is the first word (whatever it is) and the
lower-case words after it; the definition starts at the first word that opens with a capital,
and must be a sentence of a few words. A run of two or more spaces ends the term wherever it
falls. A line whose first words are all capitalised (`Bisque Firing The first firing`) cannot
be split by case: it is reported, not guessed.

`detect` stays low (at most MAX_CONFIDENCE): the shape has no mark of its own, so every reader
of a known syntax goes first.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from termbase.labels import parse_term
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused

MAX_CONFIDENCE = 0.45
#: A term is at most this many words; a bare term line too.
MAX_TERM_WORDS = 4
#: A definition is a sentence of at least this many words.
MIN_DEFINITION_WORDS = 3
#: The file needs this many split lines …
MIN_ENTRIES = 5
#: … making this share of its non-blank lines, all its lines being split or bare terms.
MIN_SPLIT_SHARE = 0.3
#: Heads must nearly all differ.
MIN_DISTINCT = 0.9

REASON_BARE = "a term with no definition (a term line still to be defined)"
REASON_AMBIGUOUS = "term and definition cannot be told apart (no lower-case word or double space between)"

#: A line of markup (heading, bullet, table, tag, comment, quote): no plain term line.
_MARKUP = re.compile(r"^\s*(?:#{1,6}\s|[*>+\-•]\s|\d+[.)]\s|\||<[A-Za-z/!?]|```|\.\.\s|%|\{|=+\s|\[)")
_DOUBLE_SPACE = re.compile(r"\S(?P<gap> {2,}|\t)\S")
#: A separator after the first word (`Kiln: …`, `Kiln - …`): another reader's term line.
_SEPARATOR = frozenset({"-", "--", "–", "—", ":", "=", "->", "=>", "→"})


@dataclass(frozen=True, slots=True)
class SpacedLine:
    """One non-blank line: its number and text, and the term and definition split from it."""

    number: int
    text: str
    term: str = ""
    definition: str = ""
    bare: bool = False
    ambiguous: bool = False


def _opens_capital(word: str) -> bool:
    return word[:1].isupper()


def _term_word(word: str) -> bool:
    """Return True for a word that can continue a term: lower case, a symbol, or a number."""
    first = word[:1]
    return not first.isalpha() or first.islower()


def split_line(number: int, text: str) -> SpacedLine:
    """Return the line split into its term and definition, or marked bare or ambiguous."""
    stripped = text.strip()
    gap = _DOUBLE_SPACE.search(stripped)
    if gap and gap.start("gap") <= 40:
        head, body = stripped[: gap.start("gap")], stripped[gap.end("gap") :].strip()
        if len(head.split()) <= MAX_TERM_WORDS and len(body.split()) >= MIN_DEFINITION_WORDS:
            return SpacedLine(number, text, head.strip(), body)
    words = stripped.split()
    if words[0].endswith((":", "：")) or (len(words) > 1 and words[1] in _SEPARATOR):
        return SpacedLine(number, text)
    if (
        len(words) <= MAX_TERM_WORDS
        and not stripped.endswith((".", "?", "!", ":", ","))
        and (len(words) == 1 or not any(_opens_capital(w) for w in words[1:]))
    ):
        return SpacedLine(number, text, stripped, bare=True)
    for index in range(1, min(len(words), MAX_TERM_WORDS + 1)):
        word = words[index]
        if _opens_capital(word):
            body = words[index:]
            if len(body) < MIN_DEFINITION_WORDS:
                break
            if index == 1 and _opens_capital(words[0]) and _opens_capital(body[1]):
                return SpacedLine(number, text, ambiguous=True)  # `Bisque Firing The first…`: 1 word or 2?
            return SpacedLine(number, text, " ".join(words[:index]), " ".join(body))
        if not _term_word(word):
            break
    return SpacedLine(number, text)


def spaced_lines(text: str) -> list[SpacedLine] | None:
    """Return every non-blank line split, or None when a line is markup or has a separator."""
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        if line[:1].isspace() or _MARKUP.match(line):
            return None
        found.append(split_line(number, line))
    return found


class SpacedTermLinesReader:
    """Reads term lines whose definition follows after a space and opens with a capital."""

    name = "spaced-term-lines"
    description = "plain term lines `term Definition sentence.` (only a space between), bare terms reported"

    def detect(self, text: str) -> float:
        """Return up to MAX_CONFIDENCE when nearly every line is a split term line or a bare term."""
        lines = spaced_lines(text[:20_000])
        if not lines:
            return 0.0
        split = [line for line in lines if line.term and not line.bare]
        unread = [line for line in lines if not line.term and not line.ambiguous]
        if len(split) < MIN_ENTRIES or len(split) < MIN_SPLIT_SHARE * len(lines) or unread:
            return 0.0
        heads = [line.term.casefold() for line in split]
        if len(set(heads)) < MIN_DISTINCT * len(heads):
            return 0.0
        ambiguous = sum(1 for line in lines if line.ambiguous)
        return round(MAX_CONFIDENCE * (1 - ambiguous / len(lines)), 3)

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per split line; bare and ambiguous lines are reported."""
        lines = [split_line(n, line) for n, line in enumerate(text.splitlines(), start=1) if line.strip()]
        entries: list[Entry] = []
        unused: list[Unused] = []
        for line in lines:
            if line.term and not line.bare:
                labels, groups = parse_term(line.term)
                entries.append(
                    Entry(
                        source=source,
                        line=line.number,
                        end_line=line.number,
                        term=line.term,
                        labels=labels,
                        groups=groups,
                        definition=line.definition,
                    )
                )
            else:
                reason = REASON_BARE if line.bare else REASON_AMBIGUOUS
                unused.append(Unused(source, line.number, line.text.strip(), reason))
        return entries_and_unused(entries, unused)
