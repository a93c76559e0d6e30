"""Find the terms of a termbase in running text: one matcher shared by linking and glossify.

`TermMatcher` holds two Aho-Corasick automata (pyahocorasick) over every label of every
concept: acronym-like labels (RAG, LoRA, FP8) match case-sensitively, so `RAG` is not found
in "rag"; other labels match case-insensitively. Text is split into word tokens and matched
token by token, so a match always starts and ends at word boundaries, and hyphens, dashes
and spaces between words are interchangeable (`KV-cache` = `KV cache`). Simple plurals
(`+s`, `+es`, `y → ies`) and the singular of a plural label are matched too. At each place
the longest label wins (`multi-head attention` hides the `attention` inside it). A label
that names several concepts is given to the one whose definitions share most words with the
context, or left alone when no reading clearly wins.

Match offsets are into the text as given, so callers can wrap the exact characters.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections import defaultdict, deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import accumulate, chain, filterfalse
from operator import itemgetter
from typing import TYPE_CHECKING, NamedTuple

import ahocorasick

from termbase.accents import strip_accents
from termbase.context_words import context_words
from termbase.plain_text import one_line

if TYPE_CHECKING:
    from termbase.model import Concept

#: Labels shorter than these (in characters, after normalising) are never looked for.
MIN_CASED_CHARS = 2
MIN_FOLDED_CHARS = 3
_SPLIT = re.compile(r"([^\W_]+(?:[.+][^\W_]+)*)")


@cache
def _split_ascii() -> re.Pattern[str]:
    """`_SPLIT` on ASCII text, faster (compiled on first use, as the patterns below that a site
    build with a cached matcher does not use: each costs its import time otherwise)."""
    return re.compile(r"([^\W_]+(?:[.+][^\W_]+)*)", re.ASCII)


#: A label's word: letters and digits, with `.` or `+` between two of them (`i.i.d`, `P_os+g`),
#: and also `_` or `@` (`create_graph`, `pass@k`), and the marks that end a name (`A*`, `C++`,
#: `C#`, `REINFORCE++`). A label holding such marks is another name than its bare words: it is
#: found only where the text has the marks too ("create graph", "a search" are not it).
@cache
def _label_token() -> re.Pattern[str]:
    return re.compile(r"[^\W_]+(?:[.+_@][^\W_]+)*(?:[*+#]+(?![^\W_]))?")


_NAME_MARKS = "*+#"
#: In the char view: a word (ASCII letters and digits) and the run of name-ending marks after it.
_MARKED_WORD = re.compile(rb"(?<![A-Za-z0-9\x01])([A-Za-z0-9]+)([*+#]+)")
#: In the char view: a word joined by `_` or `@` (and `.`, `+`), where one of those is in it.
_JOINED_WORD = re.compile(rb"(?<![A-Za-z0-9\x01_@.+])[A-Za-z0-9\x01]+(?:[._@+][A-Za-z0-9\x01]+)*")
#: The bytes either pattern above may match or look behind at (with the marks it is looked for by).
_MARKED_WORD_BYTES = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789\x01*+#")
_JOINED_WORD_BYTES = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789\x01_@.+")
_MARKED_WORD_RUN = re.compile(rb"[A-Za-z0-9\x01*+#]*")
_JOINED_WORD_RUN = re.compile(rb"[A-Za-z0-9\x01_@.+]*")
#: Superscript and subscript digits: NFKC would make `R²` "R2", another name.
_SCRIPT_DIGITS = re.compile("([\u00b2\u00b3\u00b9\u2070-\u209f])")
#: What may stand between the words of one match: spaces, hyphens and dashes — not a
#: blank line, a full stop or a bracket.
_JOINER = re.compile(r"[ \t\u00a0\-\u2010-\u2015]*\n?[ \t\u00a0\-\u2010-\u2015>]*")

#: The char view (see `TermMatcher._char_view`): ASCII letters and digits stay, `\x01` (a word
#: character no label has) stays, every other byte becomes a space.
_CANONICAL = bytes(c if (chr(c).isalnum() and c < 128) or c == 1 else 32 for c in range(256))
#: A `.` or `+` between two letters or digits (`\x01`: a letter beyond ASCII): kept in the char view
#: as part of a word. One pattern per mark, each starting with its literal character (a plain
#: search for it, several times faster than a search for a character class).
_INNER_MARKS = (
    re.compile(rb"\.(?<=[A-Za-z0-9\x01]\.)(?=[A-Za-z0-9\x01])"),
    re.compile(rb"\+(?<=[A-Za-z0-9\x01]\+)(?=[A-Za-z0-9\x01])"),
)
_NON_ASCII = re.compile(r"([^\x00-\x7f])")  # (a group: `split` keeps each)
_JOINER_CHARS = " \t\u00a0\\-\u2010-\u2015"
#: Two or more characters that may all stand between the words of one label: where such a run
#: lies between two words and `_JOINER` accepts it whole, the char view makes it one space.
_JOINER_RUN = re.compile(rf"[{_JOINER_CHARS}\n>]{{2,}}")
#: Where such runs may be: in the ASCII text the char view starts from (every joiner there is a
#: space, tab, hyphen, newline or `>`), runs of two or more of those, found as runs of spaces
#: after one byte translation (a plain search for a literal, faster than a character class).
_JOINER_BYTES = bytes(32 if c in b" \t-\n>" else 120 for c in range(256))
_WORD_CHAR = re.compile(r"[^\W_]")


@cache
def _hangul_jamo() -> re.Pattern[str]:
    return re.compile(r"[\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff]")


#: Web and mail addresses: never matched inside (`https://x.org/attention`, `a@model.ai`).
_ADDRESS = re.compile(r"(?:[a-z][a-z0-9+.-]*://|www\.)[^\s<>\"'()\[\]]+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+", re.I)


_ADDRESS_MARK = re.compile(r"://|www\.|@")
_SPACE = re.compile(r"\s")


def _without_addresses(text: str) -> str:
    """Return `text` with every web and mail address (`_ADDRESS`) made NULs, one for each
    character. Every address holds `://`, `www.` or `@` and no space, so the pattern is run
    only over the words around those marks (over all of a long page, it tried every letter)."""
    pieces: list[str] = []
    done = 0  # the text before this is in `pieces`
    searched = 0  # the words before this were searched
    for mark in _ADDRESS_MARK.finditer(text):
        if mark.start() < searched:
            continue
        start = mark.start()
        while start > searched and not text[start - 1].isspace():
            start -= 1
        space = _SPACE.search(text, mark.end())
        end = space.start() if space else len(text)
        for address in _ADDRESS.finditer(text, start, end):
            pieces.append(text[done : address.start()])
            pieces.append("\x00" * (address.end() - address.start()))
            done = address.end()
        searched = end
    if not pieces:
        return text
    pieces.append(text[done:])
    return "".join(pieces)


def _words_at_marks(
    raw: bytes, marks: bytes, pattern: re.Pattern[bytes], word_bytes: frozenset[int], run: re.Pattern[bytes]
) -> Iterator[re.Match[bytes]]:
    """Yield what `pattern.finditer(raw)` yields, looked for only in the runs of `word_bytes`
    (every byte the pattern matches or looks behind at) that hold one of the `marks`: a page
    has a few such runs, and the pattern, tried at each of its words, cost more than the rest
    of the char view. (Every match lies in one run, and a run starts after a byte outside it.)"""
    places = sorted(at for mark in marks for at in _finds(raw, mark))
    done = 0  # the runs before this were searched
    for at in places:
        if at < done:
            continue
        start = at
        while start > done and raw[start - 1] in word_bytes:
            start -= 1
        done = run.match(raw, at).end()
        yield from pattern.finditer(raw, start, done)


def _space_runs(spaced: bytes) -> Iterator[tuple[int, int]]:
    """Yield (start, end) of each run of two or more spaces (a plain search for two, then
    along the run: faster than a pattern over the whole text)."""
    at = spaced.find(b"  ")
    while at >= 0:
        end = at + 2
        while end < len(spaced) and spaced[end] == 32:
            end += 1
        yield at, end
        at = spaced.find(b"  ", end)


def _finds(raw: bytes, byte: int) -> Iterator[int]:
    """Yield every position of `byte` in `raw` (a plain search each: no pattern)."""
    at = raw.find(byte)
    while at >= 0:
        yield at
        at = raw.find(byte, at + 1)


class Match(NamedTuple):
    """One place a term occurs: `text[start:end]`, the concept it names and the label matched.

    `candidates` lists every concept the label can name; it has one id unless context had
    to choose. `concept_id` is "" for a label context could not decide (kept only on request).
    (A NamedTuple, not a dataclass: a page makes tens of thousands, and it is immutable too.)
    """

    start: int
    end: int
    text: str
    concept_id: str
    label: str
    candidates: tuple[str, ...]

    @property
    def ambiguous(self) -> bool:
        """True if context could not tell which concept the label names here."""
        return not self.concept_id


class Term:
    """What the matcher knows of one concept: its preferred label and a one-line definition.

    The one line is made from the concept's Markdown definition (`source`) when first asked
    for: a site links a few hundred of a glossary's thousands of concepts.
    """

    __slots__ = ("_definition", "_source", "concept_id", "label")

    def __init__(self, concept_id: str, label: str, definition: str = "", source: str | None = None) -> None:
        self.concept_id, self.label = concept_id, label
        self._definition: str | None = definition if source is None else None
        self._source = source

    @property
    def definition(self) -> str:
        """The definition as one plain line (see `one_line`)."""
        if self._definition is None:
            self._definition = one_line(self._source or "")
        return self._definition

    def __reduce__(self) -> tuple[type[Term], tuple[str, str, str, str | None]]:
        # (the arguments, not the slots' state: half the time to pickle and unpickle a glossary's)
        if self._definition is None:
            return Term, (self.concept_id, self.label, "", self._source)
        return Term, (self.concept_id, self.label, self._definition, None)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Term):
            return NotImplemented
        mine, theirs = (self.concept_id, self.label), (other.concept_id, other.label)
        return mine == theirs and self.definition == other.definition

    def __hash__(self) -> int:
        return hash((self.concept_id, self.label))

    def __repr__(self) -> str:
        return f"Term({self.concept_id!r}, {self.label!r}, {self.definition!r})"


#: What a pattern stands for: (the concepts its label names, that label, how many words it
#: has). A plain tuple, not a NamedTuple: a cached matcher unpickles thousands of them.
_Pattern = tuple[tuple[str, ...], str, int]
#: The (folded, cased) patterns as the matcher keeps them: pattern -> what it stands for.
Patterns = tuple[dict[str, _Pattern], dict[str, _Pattern]]
_OWNERS, _LABEL, _WORDS = 0, 1, 2


def _norm_token(token: str, keep_case: bool) -> str:
    if not token.isascii():
        if _SCRIPT_DIGITS.search(token):  # (each piece normalised, the raised digits kept)
            pieces = _SCRIPT_DIGITS.split(token)
            pieces[::2] = [strip_accents(unicodedata.normalize("NFKC", piece)) for piece in pieces[::2]]
            token = "".join(pieces)
        else:
            token = strip_accents(unicodedata.normalize("NFKC", token))
    return token if keep_case else token.lower()


def _label_tokens(label: str, keep_case: bool) -> list[str]:
    return [_norm_token(t, keep_case) for t in _label_token().findall(label)]


def _marked_words(tables: Iterable[Iterable[str]]) -> tuple[frozenset[str], frozenset[str]]:
    """Return the label words (lower case) that end in name marks (`a*`, `c++`, `c#`), and those
    joined by `_` or `@` (`create_graph`, `pass@k`): the words around each mark of the patterns
    joined by spaces, found by plain searches (a few dozen words of thousands of patterns)."""
    text = " ".join(chain.from_iterable(tables))  # (no Python step a pattern)
    words: set[str] = set()
    for mark in "*+#_@":
        at = text.find(mark)
        while at >= 0:
            start, end = text.rfind(" ", 0, at) + 1, text.find(" ", at)  # (each pattern ends in a space)
            words.add(text[start:end].lower())
            at = text.find(mark, end)
    marked = frozenset(word for word in words if word[-1] in _NAME_MARKS)
    joined = frozenset(word for word in words if "_" in word or "@" in word)
    return marked, joined


def _name_marks_after(word: str, marks: str, before: str, marked: frozenset[str]) -> int:
    """Return how many of the `marks` after `word` belong to it as a label has it (`C` `++`),
    0 if none do: the longest run that makes a marked label word, and no `*` closing an
    emphasis that opened before the word (`*a*`)."""
    lower = word.lower()
    for size in range(len(marks), 0, -1):
        if lower + marks[:size] in marked:
            if "*" in marks[:size] and before == "*":
                return 0
            return size
    return 0


def _singular(word: str) -> str:
    """Return the singular of an English plural by the regular rules (`ies` → `y`, `xes` → `x`,
    `s` → ``), or the word itself when it does not read as a regular plural."""
    lower = word.lower()
    if len(word) >= 3 and word[-1] == "s" and word[-2].isupper():
        return word[:-1]  # GPUs, LLMs
    if len(lower) <= 3 or not lower.endswith("s") or lower.endswith(("ss", "us", "is")):
        return word
    if lower.endswith("ies") and len(lower) > 4:
        return word[:-3] + ("Y" if word[-3].isupper() else "y")
    if lower.endswith(("sses", "xes", "ches", "shes", "zes")):
        return word[:-2]
    return word[:-1]


def _inflections(tokens: list[str]) -> list[list[str]]:
    """Return the label's tokens and their simple plural / singular forms (last word only)."""
    forms = [tokens]
    last = tokens[-1]
    if not last[-1:].isalpha():
        return forms
    head = tokens[:-1]
    lower = last.lower()
    if lower.endswith("s") and not lower.endswith("ss"):
        single = _singular(last)
        if single != last and len(single) >= 2:
            forms.append([*head, single])
    else:
        forms.append([*head, last + "s"])
        if lower.endswith(("ch", "sh", "x", "z")):
            forms.append([*head, last + "es"])
        if lower.endswith("y") and len(lower) > 2 and lower[-2] not in "aeiou":
            forms.append([*head, last[:-1] + "ies"])
    return forms


def keeps_case(label: str) -> bool:
    """Return True for labels matched case-sensitively: acronyms (RAG, LoRA) and one-word
    labels with a capital after the first letter (pH, mRNA) — their case is their meaning."""
    from termbase.labels import is_acronym_like

    if is_acronym_like(label):
        return True
    word = label.strip()
    return " " not in word and any(c.isupper() for c in word[1:])


_START, _END = itemgetter(0), itemgetter(1)


def _sort_leftmost_longest(hits: list[tuple[int, int, _Pattern]]) -> None:
    """Sort (start, end, pattern) hits by start, the longest first at one start, hits with the
    same span in the order found (two stable sorts on C-level keys: no Python call per hit)."""
    hits.sort(key=_END, reverse=True)  # (reverse keeps equal ends in their order)
    hits.sort(key=_START)


class _Automata:
    """Aho-Corasick over space-joined token patterns (with a space at each end): the case-folded
    patterns and the cased ones (acronyms), searched in one pass over the lower-case text.

    A cased ASCII pattern is looked for in lower case beside the folded ones and kept only where
    the cased text has it as written (`RAG`, not `rag`); the few cased patterns with other
    letters (whose lower case may depend on their neighbours) get a second automaton over the
    cased text. Pickled with its tries (pyahocorasick stores their nodes): loading them is
    about twice as fast as adding every pattern again.
    """

    def __init__(self, folded: dict[str, _Pattern], cased: dict[str, _Pattern]) -> None:
        # The lower-case keys searched: the folded patterns, then the cased ones' not among them;
        # for each, its folded pattern or None, and ((cased pattern, its data), …). Two flat
        # lists, not one of pairs: fewer objects to unpickle, no unpacking per hit.
        keys = list(folded)
        self.folded: list[_Pattern | None] = list(folded.values())
        self.cased: list[tuple[tuple[str, _Pattern], ...]] = [()] * len(keys)
        rest: dict[str, _Pattern] = {}
        index_of: dict[str, int] | None = None  # (made for the first cased pattern)
        for key, found in cased.items():
            if not key.isascii():
                rest[key] = found
                continue
            lower = key.lower()
            if index_of is None:
                index_of = dict(zip(keys, range(len(keys)), strict=True))
            at = index_of.get(lower)
            if at is None:
                at = index_of[lower] = len(keys)
                keys.append(lower)
                self.folded.append(None)
                self.cased.append(())
            self.cased[at] = (*self.cased[at], (key, found))
        self.lengths = list(map(len, keys))
        self.automaton = _trie(keys)
        self.rest_keys, self.rest_found = list(rest), list(rest.values())
        self.rest = _trie(self.rest_keys)

    def pattern_data(self) -> Iterator[_Pattern]:
        """Yield what every pattern stands for, folded and cased ones."""
        for folded_found, cased_found in zip(self.folded, self.cased, strict=True):
            if folded_found is not None:
                yield folded_found
            for _, data in cased_found:
                yield data
        yield from self.rest_found

    def iter(self, lowered: str, cased: str) -> list[tuple[int, int, _Pattern]]:
        """Return (start, end, pattern) of every hit: folded patterns in `lowered`, cased ones
        in `cased` (the same text, one character for one character)."""
        found: list[tuple[int, int, _Pattern]] = []
        if self.automaton is not None:
            folded, cased_of, lengths = self.folded, self.cased, self.lengths
            add = found.append
            for end, index in self.automaton.iter(lowered):
                cased_found = cased_of[index]
                if not cased_found:  # (most keys: one folded pattern)
                    add((end - lengths[index] + 1, end + 1, folded[index]))
                    continue
                start = end - lengths[index] + 1
                folded_found = folded[index]
                if folded_found is not None:
                    add((start, end + 1, folded_found))
                for key, data in cased_found:
                    if cased.startswith(key, start):
                        add((start, end + 1, data))
        if self.rest is not None and not cased.isascii():  # (each of them has a letter beyond ASCII)
            keys, rest = self.rest_keys, self.rest_found
            found.extend((end - len(keys[i]) + 1, end + 1, rest[i]) for end, i in self.rest.iter(cased))
        return found


class _PatternMaker:
    """Makes what each pattern stands for, one object for equal ones: a label's plural and
    singular forms stand for the same, and a concept's labels share its tuple of owners (half
    the objects a cached matcher unpickles and keeps)."""

    def __init__(self) -> None:
        self.made: dict[_Pattern, _Pattern] = {}
        self.owners: dict[tuple[str, ...], tuple[str, ...]] = {}

    def table(self, table: PatternTable) -> dict[str, _Pattern]:
        """Return what each pattern of the table stands for."""
        made, made_owners = self.made.setdefault, self.owners.setdefault
        out: dict[str, _Pattern] = {}
        for pattern, owners in table.items():
            ids = tuple(owners) if len(owners) == 1 else tuple(sorted(owners))  # (most have one)
            ids = made_owners(ids, ids)
            found = (ids, owners[ids[0]], pattern.count(" ") - 1)
            out[pattern] = made(found, found)
        return out


def _trie(keys: list[str]) -> ahocorasick.Automaton | None:
    """Return an automaton finding `keys` (its value: the key's index), None if there are none."""
    if not keys:
        return None
    automaton = ahocorasick.Automaton(ahocorasick.STORE_INTS)
    deque(map(automaton.add_word, keys, range(len(keys))), maxlen=0)  # (each key added, no Python loop)
    automaton.make_automaton()
    return automaton


@dataclass(frozen=True, slots=True)
class SummaryContext:
    """The text that tells a concept's homonyms apart: its label and first definition (a
    plain object, so a matcher built with it can be pickled and cached)."""

    terms: dict[str, Term]
    definitions: dict[str, str]

    def __call__(self, concept_id: str) -> str:
        term = self.terms.get(concept_id)
        return f"{term.label} {self.definitions.get(concept_id, '')}" if term else ""


def with_qualified_bases(labels: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """Return the (concept id, label) pairs plus the bare name of each qualified label that
    prose writes without its qualifier: `PRM (planning)` is written "PRM".

    The bare name is added where no concept goes by it unqualified, and it is an acronym as
    written (capitals: `PRM`, `RoPE`) or several concepts qualify it (then context picks the
    reading, as for any shared label): a lone `Node (distributed)` or `copy (tensor)` does not
    make every "node" or "copy" a link — a short lower-case word is an everyday word here, even
    though `keeps_case` matches it as written — and `Token (visual/audio)` leaves "token" to
    the concept named Token.
    """
    from termbase.labels import qualified_base, split_acronym, split_synonym  # only to make patterns

    pairs = list(labels)
    bases: dict[str, set[str]] = defaultdict(set)
    plain: dict[str, set[str]] = defaultdict(set)
    for concept_id, label in pairs:
        base = qualified_base(label)
        if base and split_acronym(label) is None and split_synonym(label) is None:
            bases[base.casefold()].add(concept_id)
        else:
            plain[label.casefold()].add(concept_id)
    added: list[tuple[str, str]] = []
    seen = {(concept_id, label.casefold()) for concept_id, label in pairs}
    for concept_id, label in pairs:
        base = qualified_base(label)
        if not base or (concept_id, base.casefold()) in seen:
            continue
        siblings = bases.get(base.casefold(), set())
        if base.casefold() in plain or concept_id not in siblings:
            continue  # a concept goes by the bare name itself: it keeps it
        if (keeps_case(base) and not base.islower()) or len(siblings) > 1:
            added.append((concept_id, base))
            seen.add((concept_id, base.casefold()))
    return pairs + added


#: Bump when the patterns `pattern_tables` makes of labels change (tokens, case, inflections,
#: qualified bases), or how `matcher_table` stores them: patterns stored with a termbase in
#: another format are not used.
PATTERN_FORMAT = 4

#: Searched text pattern (space-joined normal tokens, a space at each end) -> {concept id: label}.
PatternTable = dict[str, dict[str, str]]


def pattern_tables(labels: Iterable[tuple[str, str]]) -> tuple[PatternTable, PatternTable]:
    """Return the patterns the automata look for: (case-folded, cased), each pattern with the
    concepts whose labels (or their plurals/singulars) give it, and the label that does."""
    folded: dict[str, dict[str, str]] = defaultdict(dict)
    cased: dict[str, dict[str, str]] = defaultdict(dict)
    for concept_id, label in with_qualified_bases(labels):
        keep_case = keeps_case(label)
        tokens = _label_tokens(label, keep_case)
        if not tokens:
            continue
        # (`A*`, `R²`: short, but their marks make them names)
        marked = any(token[-1] in _NAME_MARKS or _SCRIPT_DIGITS.search(token) for token in tokens)
        minimum = MIN_CASED_CHARS if keep_case or marked else MIN_FOLDED_CHARS
        for form in _inflections(tokens):
            pattern = " " + " ".join(form) + " "
            if len(pattern) - 2 < minimum:
                continue
            (cased if keep_case else folded)[pattern].setdefault(concept_id, label)
    return dict(folded), dict(cased)


def concept_pattern_tables(concepts: Sequence[Concept]) -> tuple[PatternTable, PatternTable]:
    """Return the `pattern_tables` of the concepts' labels, in concept and label order (the
    order a build stores them in: its link step and its stored patterns share one making)."""
    return pattern_tables((c.id, label) for c in concepts for label in c.labels)


class TermMatcher:
    """Finds the labels of a set of concepts in text; build once, call `find` many times."""

    def __init__(
        self,
        labels: Iterable[tuple[str, str]],
        terms: dict[str, Term],
        context_text: Callable[[str], str],
        rank: Callable[[str], int] | None = None,
        tables: tuple[PatternTable, PatternTable] | None = None,
        patterns: Patterns | None = None,
    ) -> None:
        """`labels` is (concept id, label) pairs; `context_text(id)` gives text to tell homonyms
        apart. With `rank`, a label (or inflected form) several concepts share belongs only to
        those of the lowest rank (the first of several glossaries). `tables` are the labels'
        `pattern_tables`, when made before (stored with a termbase): `labels` is then not read;
        `patterns`, the same already made into what the matcher keeps (`matcher_table.read_stored`)."""
        if patterns is None:
            folded, cased = tables if tables is not None else pattern_tables(labels)
            if rank is not None:
                for table in (folded, cased):
                    for pattern, owners in table.items():
                        if len(owners) > 1:
                            first = min(map(rank, owners))
                            table[pattern] = {o: label for o, label in owners.items() if rank(o) == first}
            made = _PatternMaker()
            patterns = (made.table(folded), made.table(cased))
        self._automata = _Automata(*patterns)
        self.terms = terms
        self._context_text = context_text
        self._context_words: dict[str, frozenset[str]] = {}
        # (`isascii` of a string is a flag: only the few patterns beyond ASCII are read)
        beyond = list(filterfalse(str.isascii, chain.from_iterable(patterns)))
        self._pattern_chars = frozenset(c for pattern in beyond for c in pattern if not c.isascii())
        self._char_map: dict[str, str] = {}
        self._marked, self._joined = _marked_words(patterns)

    # -- building

    @classmethod
    def from_concepts(
        cls, concepts: Sequence[Concept], tables: tuple[PatternTable, PatternTable] | None = None
    ) -> TermMatcher:
        """Return a matcher over the labels of resolved concepts (as `link` gets them); `tables`:
        their `concept_pattern_tables`, when made before."""
        by_id = {c.id: c for c in concepts}
        # each one-line definition made when first asked for (linking never asks)
        terms = {
            c.id: Term(c.id, c.label, source=c.entries[0].definition if c.entries else "") for c in concepts
        }

        def context(concept_id: str) -> str:
            concept = by_id.get(concept_id)
            return " ".join(e.definition for e in concept.entries) if concept else ""

        labels = ((c.id, label) for c in concepts for label in c.labels)
        return cls(labels, terms, context, tables=tables)

    @classmethod
    def from_termbase(cls, termbase: object) -> TermMatcher:
        """Return a matcher over every label of every concept in an open `Termbase` (from the
        patterns `build` stored with it, when it holds them in this format)."""
        from termbase.matcher_table import read_pattern_tables

        summaries = termbase.summaries()  # type: ignore[attr-defined]
        definitions = {cid: definition for cid, _, _, definition in summaries}
        terms = {cid: Term(cid, label, source=definition) for cid, label, _, definition in summaries}
        tables = read_pattern_tables(termbase.db)  # type: ignore[attr-defined]
        if tables is not None:
            return cls((), terms, SummaryContext(terms, definitions), tables=tables)
        labels = [(cid, label) for cid, label, _ in termbase.all_labels()]  # type: ignore[attr-defined]
        return cls(labels, terms, SummaryContext(terms, definitions))

    # -- looking up

    def term(self, concept_id: str) -> Term | None:
        """Return the concept's preferred label and one-line definition (for tooltips)."""
        return self.terms.get(concept_id)

    def definition(self, concept_id: str) -> str:
        """Return the concept's definition as one plain line, "" if unknown."""
        term = self.terms.get(concept_id)
        return term.definition if term else ""

    def prepare_homonyms(self) -> None:
        """Work out now the context words of every concept that shares a label with another
        (else done on first need), so that a pickled matcher carries them."""
        for pattern in self._automata.pattern_data():
            if len(pattern[_OWNERS]) > 1:
                for owner in pattern[_OWNERS]:
                    self.words_of(owner)

    def words_of(self, concept_id: str) -> frozenset[str]:
        """Return the content words of a concept's definitions (cached)."""
        words = self._context_words.get(concept_id)
        if words is None:
            words = context_words(self._context_text(concept_id))
            self._context_words[concept_id] = words
        return words

    # -- matching

    def _one_char(self, char: str) -> str:
        """Return what a non-ASCII character is in the char view: a space if it is no word
        character, else its normal form as one character (ASCII, or a letter some label has:
        `λ`), or `\x01` for a letter no label has; "" when the char view cannot stand for it
        (then the token view is used)."""
        known = self._char_map.get(char)
        if known is None:
            known = " "
            if char.isalnum():
                normal = _norm_token(char, keep_case=True)
                if len(normal) != 1 or len(normal.lower()) != 1 or _hangul_jamo().match(char):
                    known = ""
                elif normal.isascii():
                    known = normal
                else:  # a letter no label has is still a letter: \x01 matches nothing
                    labelled = normal in self._pattern_chars or normal.lower() in self._pattern_chars
                    known = normal if labelled else "\x01"
            self._char_map[char] = known
        return known

    def _ascii_bytes(self, source: str, wide: list[tuple[int, str]]) -> bytes | None:
        """Return text beyond ASCII as the char view starts from, one byte a character: each
        character beyond ASCII made what `_one_char` says (`\x01` for a label's own letter, its
        position and letter added to `wide`), or None when the char view cannot stand for one."""
        encoded = source.encode("ascii", "replace")  # (each character beyond ASCII a `?`)
        if encoded.count(b"?") - source.count("?") <= len(source) >> 5:
            # A few characters beyond ASCII (prose in English): found by plain searches, not by a
            # pattern tried at every character, which cost a third of the char view.
            places = [at for at in _finds(encoded, 63) if source[at] != "?"]
            made = self._made([source[at] for at in places])
            if made is None:
                return None
            raw = bytearray(encoded)
            for at, char in zip(places, made, strict=True):
                if char.isascii():
                    raw[at] = ord(char)
                else:  # a label's own letter: \x01 here, put back in the view by the caller
                    raw[at] = 1
                    wide.append((at, char))
            return bytes(raw)
        pieces = _NON_ASCII.split(source)  # ASCII text, a character beyond, …, ASCII text
        made = self._made(pieces[1::2])
        if made is None:
            return None
        if not "".join(made).isascii():  # a label's own letter: \x01 here, put back in the view by the caller
            ends = list(accumulate(map(len, pieces)))
            for at, char in enumerate(made):
                if not char.isascii():
                    wide.append((ends[2 * at], char))
                    made[at] = "\x01"
        pieces[1::2] = made
        return "".join(pieces).encode("ascii")

    def _made(self, beyond: list[str]) -> list[str] | None:
        """Return what each of these characters beyond ASCII is in the char view (`_one_char`),
        None if one cannot be stood for."""
        for char in set(beyond).difference(self._char_map):
            self._one_char(char)  # (what each is in the view, worked out once per matcher)
        made = list(map(self._char_map.__getitem__, beyond))
        return None if "" in made else made

    def _char_view(self, source: str) -> tuple[str, str, list[tuple[int, int]]] | None:
        """Return the text as the automata read it, one character per character of `source`
        (cased, then lower case; each with a space at either end), and where runs of joiners
        were made one space ((position in the view without its first space, characters dropped
        before it) for each), or None when the text needs the token view (a letter whose
        normal form is not one character).

        This is the token view (words joined by one space) without splitting the text into
        words: letters and digits stay, and so do `.` and `+` between two of them; every other
        character becomes a space. Words two or more characters apart (`a  b`, `a - b`) are
        only one label's words when the gap is all joiners: those gaps alone are shortened."""
        if "\x01" in source:
            return None
        wide: list[tuple[int, str]] = []  # (position, letter) of the labels' own non-ASCII letters
        if source.isascii():
            raw = source.encode("ascii")
        else:
            found = self._ascii_bytes(source, wide)
            if found is None:
                return None
            raw = found
        view = bytearray(raw.translate(_CANONICAL))
        for inner_mark in _INNER_MARKS:
            if inner_mark.pattern[1:2] in raw:  # (the mark itself)
                for mark in inner_mark.finditer(raw):
                    view[mark.start()] = raw[mark.start()]
        if self._joined and (b"_" in raw or b"@" in raw):
            joined = self._joined
            for word in _words_at_marks(raw, b"_@", _JOINED_WORD, _JOINED_WORD_BYTES, _JOINED_WORD_RUN):
                start, end = word.span()
                marks = b"_" in word.group() or b"@" in word.group()
                if marks and _norm_token(source[start:end], keep_case=False) in joined:
                    view[start:end] = raw[start:end]
        if self._marked and (b"*" in raw or b"+" in raw or b"#" in raw):
            marked = self._marked
            for word in _words_at_marks(raw, b"*+#", _MARKED_WORD, _MARKED_WORD_BYTES, _MARKED_WORD_RUN):
                start, end = word.span(2)
                before = chr(raw[word.start() - 1]) if word.start() else ""
                kept = _name_marks_after(word.group(1).decode(), word.group(2).decode(), before, marked)
                view[start : start + kept] = raw[start : start + kept]
        text = view.decode("ascii")
        if wide:
            chars = list(text)
            for at, char in wide:
                chars[at] = char
            text = "".join(chars)
        shifts: list[tuple[int, int]] = []
        runs = [
            run for near in _space_runs(raw.translate(_JOINER_BYTES))
            for run in _JOINER_RUN.finditer(source, *near)
            if run.start() and run.end() < len(source) and _JOINER.fullmatch(run.group())
            and _WORD_CHAR.match(source, run.start() - 1) and _WORD_CHAR.match(source, run.end())
        ]  # fmt: skip
        if runs:
            pieces, last, dropped = [], 0, 0
            for run in runs:
                start, end = run.span()
                pieces.append(text[last:start])
                pieces.append(" ")
                dropped += end - start - 1
                shifts.append((end - dropped, dropped))  # from there on, view + dropped = text
                last = end
            pieces.append(text[last:])
            text = "".join(pieces)
        lowered = text.lower()
        if len(lowered) != len(text):
            return None  # (cannot happen: every letter kept lowers to one character)
        return f" {text} ", f" {lowered} ", shifts

    def find(
        self,
        text: str,
        context: str | frozenset[str] | Callable[[int, int], frozenset[str]] | None = None,
        prefer: str = "",
        keep_ambiguous: bool = False,
        strict: bool = True,
        among: Callable[[tuple[str, ...]], tuple[str, ...]] | None = None,
    ) -> list[Match]:
        """Return the terms in `text`, leftmost-longest and non-overlapping, in order.

        A label naming several concepts goes to `prefer` if it is one of them, else to the
        concept whose definitions share most words with `context` (text, a word set, or a
        function of the match's start and end giving the words around it; default: `text`
        itself); undecided ones are dropped unless `keep_ambiguous`.
        With `strict` (the default) a match never spans a full stop, bracket or blank line;
        without it, only word characters count (as in linking definitions). `among`: see `spans`.
        """
        found = self.spans(text, context, prefer, keep_ambiguous, strict, among)
        return [
            Match(begin, end, text[begin:end], chosen, pattern[_LABEL], pattern[_OWNERS])
            for begin, end, chosen, pattern in found
        ]

    def spans(
        self,
        text: str,
        context: str | frozenset[str] | Callable[[int, int], frozenset[str]] | None = None,
        prefer: str = "",
        keep_ambiguous: bool = False,
        strict: bool = True,
        among: Callable[[tuple[str, ...]], tuple[str, ...]] | None = None,
    ) -> Iterator[tuple[int, int, str, _Pattern]]:
        """Yield (start, end, concept id, pattern) for each match `find` returns, without
        making Match objects (for callers that link most of what is found). `among` narrows
        the concepts a label may name here (none left: the label is not looked at)."""
        source = text
        if strict and ("://" in text or "www." in text or "@" in text):
            source = _without_addresses(text)
        view = self._char_view(source) if strict else None
        if view is not None:
            cased, lowered, shifts = view
            found = self._automata.iter(lowered, cased)
            if not found:
                return
            _sort_leftmost_longest(found)
            places: Iterable[tuple[int, int, _Pattern]] = self._places_in_view(found, source, shifts)
        else:
            places = self._places_in_tokens(source, strict)
        words: frozenset[str] | None = context if isinstance(context, frozenset) else None
        for begin, finish, pattern in places:
            owners = pattern[_OWNERS]
            if among is not None:
                owners = among(owners)
                if not owners:
                    continue
            if len(owners) == 1:
                yield begin, finish, owners[0], pattern
                continue
            if callable(context):
                around = context(begin, finish)
            else:
                if words is None:
                    words = context_words(text if context is None else context)  # type: ignore[arg-type]
                around = words
            chosen = self._choose(owners, around, prefer)
            if chosen or keep_ambiguous:
                yield begin, finish, chosen, pattern

    @staticmethod
    def _places_in_view(
        found: list[tuple[int, int, _Pattern]], source: str, shifts: list[tuple[int, int]]
    ) -> list[tuple[int, int, _Pattern]]:
        """Return (start, end in the text, pattern) of the leftmost-longest hits in the char view
        (a list, not a generator: one step less for each of a page's matches)."""
        places: list[tuple[int, int, _Pattern]] = []
        thresholds = [at for at, _ in shifts]
        taken = 0  # end of the last match in the view; a next one may share its closing space
        for start, end, pattern in found:
            if start + 1 < taken:
                continue
            if shifts:
                first = bisect_right(thresholds, start) - 1
                begin = start + (shifts[first][1] if first >= 0 else 0)
                last = bisect_right(thresholds, end - 3) - 1
                finish = end - 2 + (shifts[last][1] if last >= 0 else 0)
            else:
                begin, finish = start, end - 2
            if pattern[_WORDS] > 1:
                words = source[begin:finish]
                # (ASCII words, spaces and hyphens only: every gap is a joiner, no need to look)
                if not (words.isascii() and words.replace(" ", "").replace("-", "").isalnum()):
                    pieces = _SPLIT.split(words)  # (name marks the view kept end a word, not a gap)
                    if not all(_JOINER.fullmatch(gap.lstrip(_NAME_MARKS)) for gap in pieces[2:-1:2]):
                        continue  # across a full stop or a bracket: a shorter label here may still fit
            taken = end
            places.append((begin, finish, pattern))
        return places

    def _places_in_tokens(self, source: str, strict: bool) -> Iterator[tuple[int, int, _Pattern]]:
        """Yield (start, end in the text, pattern) of the leftmost-longest hits, the text split
        into words joined by one space (the token view: any text, and `strict=False`)."""
        ascii_text = source.isascii()
        pieces = (_split_ascii() if ascii_text else _SPLIT).split(source)  # gap, token, gap, …, gap
        if self._joined and ("_" in source or "@" in source):
            pieces = self._join_words(pieces)
        if self._marked and ("*" in source or "+" in source or "#" in source):
            self._attach_name_marks(pieces)
        tokens = pieces[1::2]
        if not tokens:
            return
        if not ascii_text:
            tokens = [t if t.isascii() else _norm_token(t, keep_case=True) for t in tokens]
        ends = list(accumulate(map(len, pieces)))  # token i spans ends[2i] .. ends[2i + 1] in text
        starts = list(accumulate(map((1).__add__, map(len, tokens)), initial=1))  # token i in `joined`
        joined = " " + " ".join(tokens) + " "
        lowered = joined.lower()
        if len(lowered) != len(joined):  # a rare letter whose lower case is longer: keep its case
            lowered = " " + " ".join(t.lower() if len(t.lower()) == len(t) else t for t in tokens) + " "
        gaps = pieces[0::2]
        found = self._automata.iter(lowered, joined)
        _sort_leftmost_longest(found)
        taken = 0  # end of the last match in `joined`; a next one may share its closing space
        for start, end, pattern in found:
            if start + 1 < taken:
                continue
            first = bisect_left(starts, start + 1)
            last = first + pattern[_WORDS] - 1
            if strict and last > first and not all(map(_JOINER.fullmatch, gaps[first + 1 : last + 1])):
                continue  # across a full stop or a bracket: a shorter label here may still fit
            taken = end
            yield ends[2 * first], ends[2 * last + 1], pattern

    def _join_words(self, pieces: list[str]) -> list[str]:
        """Return the token view's pieces with words joined by `_` or `@` made one word where a
        label has that joined word (`create` `_` `graph`: the char view's `_JOINED_WORD`)."""
        joined: list[str] = [pieces[0]]
        at = 1
        while at < len(pieces):
            end = at  # the last word of the longest run of words joined by single marks
            while end + 2 < len(pieces) and len(pieces[end + 1]) == 1 and pieces[end + 1] in "_@":
                end += 2
            whole = "".join(pieces[at : end + 1])
            if end > at and whole.lower() in self._joined:
                joined += [whole, pieces[end + 1]]
            else:
                joined += pieces[at : end + 2]
            at = end + 2
        return joined

    def _attach_name_marks(self, pieces: list[str]) -> None:
        """Move the name marks after a word (`C` `++ `) from the gap into the word, where a
        label's word has them (the token view's `_MARKED_WORD`)."""
        marked = self._marked
        for at in range(2, len(pieces), 2):
            gap = pieces[at]
            if gap[:1] in _NAME_MARKS and gap and pieces[at - 1].isascii():
                marks = gap[: len(gap) - len(gap.lstrip(_NAME_MARKS))]
                kept = _name_marks_after(pieces[at - 1], marks, pieces[at - 2][-1:], marked)
                if kept:
                    pieces[at - 1] += gap[:kept]
                    pieces[at] = gap[kept:]

    def _choose(self, owners: tuple[str, ...], words: frozenset[str], prefer: str) -> str:
        if prefer in owners:
            return prefer
        scored = sorted(((len(words & self.words_of(o)), o) for o in owners), reverse=True)
        if scored[0][0] > 0 and scored[0][0] > scored[1][0]:
            return scored[0][1]
        return ""
