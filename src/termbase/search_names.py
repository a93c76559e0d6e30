"""Tell when a short query names something the termbase has no concept for.

A user who types "ARIMA forecasting model" or "CatBoost" asks for one specific model. When
no label of the termbase holds that name, the concepts the query's other words reach
(*time-series forecasting*, *gradient boosting*) are related to what was asked, not the
answer to it, and search says so ("no concept named ARIMA; related: ...") instead of
presenting them as matches.

A word of a query is such a name when it is none of: a word of some label (stemmed, as
full-text search reads it); a word of the opening clause of some definition, where
glossaries write a term's expansion and other names ("Fill-in-the-Middle (FIM) — a code
objective…", "Streaming Multiprocessor; the GPU's core") — a name met only later in a
definition is an example given there ("classic models (ARIMA, …)"), not the concept's
name; within the typo budget of a one-word label (a misspelling: "atention"); an everyday
English word (see termbase.everyday_words); a number or shorter than three characters.
The search index asks only about queries that read as names ("CatBoost gradient
boosting") or whose every content word is such a name ("what is ARIMA"), and that
matched no label as a whole; in a question, unfamiliar words are the normal way people
describe a concept ("assistant that flatters the user").

In a query of any length, capitals mark names as well (`name_phrases`): a word with a
capital inside it ("ResNeXt", "Kneser-Ney"), and capitalised words after the first, alone
or joined by small words ("how does Graph of Thoughts prompting work"), in a query that
also has lower-case words. Such a name that no label holds is what the query asks about,
though each of its words may be familiar. A capital typed inside a word that a label lacks
makes another name, not a misspelling of that label (`capitals_agree`).
"""

from __future__ import annotations

import re
import sqlite3
from collections import Counter
from typing import Any, Protocol

from termbase.everyday_words import is_everyday_word

#: Words shorter than this are never taken for a name ("of", "ml", "5").
NAME_MIN_CHARS = 3
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
#: Most definitions holding a word that are looked at for its place in them.
DEFINITIONS_LOOKED_AT = 50
#: Where a definition's opening clause ends: a sentence end, a semicolon or colon, a dash.
_CLAUSE_END = re.compile(r"(?<=[.!?])\s|[;:]\s|\s[—–-]\s|\s?—\s?")
#: Small words that join the capitalised words of one name ("Graph of Thoughts").
NAME_JOINERS = frozenset(("of", "for", "and", "the", "in", "on", "to", "with", "a", "an", "de", "von", "van"))
_EDGE_PUNCTUATION = "?!.,;:\"'()[]{}"


class LabelLookup(Protocol):
    """What the search index tells about labels (see termbase.search.SearchIndex)."""

    def names_a_label(self, phrase: str) -> bool:
        """Return True if `phrase` is a label (any spelling, acronym or expansion)."""

    def misspells_a_label(self, typed: str) -> bool:
        """Return True if `typed` (as typed) is within the typo budget of a label."""


def unknown_names(
    db: sqlite3.Connection, lock: Any, labels: LabelLookup, words: list[str], text: str
) -> tuple[str, ...]:
    """Return the words of a query (as typed in `text`) that name something no label holds.

    `words` are the query's content words, lower case.
    """
    as_typed = {w.lower(): w for w in _WORD.findall(text)}
    names = [as_typed.get(w, w) for w in words if _unknown_word(db, lock, labels, w, as_typed.get(w, w))]
    return tuple(dict.fromkeys(names))


def _unknown_word(db: sqlite3.Connection, lock: Any, labels: LabelLookup, word: str, typed: str) -> bool:
    """Return True if a lower-case word (`typed` as written) is a name no label holds."""
    if len(word) < NAME_MIN_CHARS or not any(c.isalpha() for c in word):
        return False
    with lock:
        in_label = db.execute(
            "SELECT 1 FROM concept_fts WHERE concept_fts MATCH ? LIMIT 1", (f'labels : "{word}"',)
        ).fetchone()
    if in_label or _opens_a_definition(db, lock, word):
        return False
    if labels.misspells_a_label(typed):
        return False  # one edit or two from a label: a misspelling, not another name
    return not is_everyday_word(word)


def capitals_agree(typed: str, label: str) -> bool:
    """Return False when `typed`, written in mixed case, has a capital inside a word that
    `label` lacks ("ResNeXt" against "ResNet"): a capital typed on purpose marks another
    name, not a slip. All-capital or all-lower-case input says nothing about names."""
    if not any(c.islower() for c in typed):
        return True
    inner = Counter(c for word in re.split(r"[\s\-_/]+", typed) for c in word[1:] if c.isupper())
    return not inner - Counter(c.upper() for c in label if c.isupper())


def name_phrases(text: str) -> list[str]:
    """Return the parts of a query its capitals mark as names, as typed.

    A word with a capital inside it ("ResNeXt", "Kneser-Ney", "ARIMA") is a name wherever it
    stands; a capitalised word after the first ("how does Graph ...") is one when the query
    also has lower-case words (a query in title case marks nothing). Capitalised words in a
    row, or joined by small words ("Graph of Thoughts"), make one name.
    """
    tokens = [t.strip(_EDGE_PUNCTUATION) for t in text.split()]
    if not any(c.islower() for c in text):
        return []
    lower = any(t[:1].islower() and t.lower() not in NAME_JOINERS for t in tokens)
    phrases: list[str] = []
    run: list[str] = []  # capitalised words (and the joiners between them) of the current name
    for position, token in enumerate(tokens):
        inner = any(c.isupper() for c in token[1:]) and any(c.isalpha() for c in token)
        titled = token[:1].isupper() and not inner and position > 0 and lower
        if titled:
            run.append(token)
            continue
        if run and token.lower() in NAME_JOINERS and token.islower():
            run.append(token)
            continue
        phrases.extend(_closed(run))
        run = []
        if inner:
            phrases.append(token)
    phrases.extend(_closed(run))
    return [p for p in phrases if p]


def _closed(run: list[str]) -> list[str]:
    """Return the name a run of capitalised words makes, without joiners at its end."""
    while run and run[-1].lower() in NAME_JOINERS and run[-1].islower():
        run = run[:-1]
    return [" ".join(run)] if run else []


def unknown_phrases(db: sqlite3.Connection, lock: Any, labels: LabelLookup, text: str) -> tuple[str, ...]:
    """Return the names the query's capitals mark (see name_phrases) that no label holds.

    One word is such a name as `unknown_names` tells. Several ("Graph of Thoughts") are one
    when neither they nor any two-word-or-longer part of them is a label (any spelling, or
    misspelt), and they are not written together in a definition's opening clause; their
    words may each be familiar.
    """
    unknown = []
    for phrase in name_phrases(text):
        words = [w.lower() for w in _WORD.findall(phrase) if w.lower() not in NAME_JOINERS]
        if not words:
            continue
        if " " not in phrase:
            typed = [t for t in _WORD.findall(phrase) if t.lower() not in NAME_JOINERS]
            if not labels.names_a_label(phrase) and any(
                _unknown_word(db, lock, labels, t.lower(), t) for t in typed
            ):
                unknown.append(phrase)
            continue
        if not _known_phrase(db, lock, labels, phrase):
            unknown.append(phrase)
    return tuple(dict.fromkeys(unknown))


def _known_phrase(db: sqlite3.Connection, lock: Any, labels: LabelLookup, phrase: str) -> bool:
    """Return True if a phrase of several words, or a part of it of two words or more, is a
    label, or it opens a definition."""
    tokens = phrase.split()
    for size in range(len(tokens), 1, -1):
        for start in range(len(tokens) - size + 1):
            part = " ".join(tokens[start : start + size])
            if labels.names_a_label(part) or labels.misspells_a_label(part):
                return True
    return _opens_a_definition(db, lock, phrase.lower())


def opening_clause(definition: str) -> str:
    """Return a definition's text up to its first sentence end, semicolon, colon or dash."""
    return _CLAUSE_END.split(definition, maxsplit=1)[0]


def _opens_a_definition(db: sqlite3.Connection, lock: Any, word: str) -> bool:
    """Return True if `word` (or a phrase of words) is written in some definition's opening
    clause."""
    words = [w.lower() for w in _WORD.findall(word)]
    if not words:
        return False
    with lock:
        rows = db.execute(
            "SELECT definitions FROM concept_fts WHERE concept_fts MATCH ? LIMIT ?",
            (f'definitions : "{" ".join(words)}"', DEFINITIONS_LOOKED_AT),
        ).fetchall()
    if len(rows) == DEFINITIONS_LOOKED_AT:
        return True  # a word of that many definitions is the termbase's own vocabulary
    wanted = f" {' '.join(words)} "
    for (definitions,) in rows:
        for definition in definitions.split("\n"):
            if wanted in f" {' '.join(w.lower() for w in _WORD.findall(opening_clause(definition)))} ":
                return True
    return False
