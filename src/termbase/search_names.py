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
"""

from __future__ import annotations

import re
import sqlite3
from typing import Any

from termbase.everyday_words import is_everyday_word

#: Words shorter than this are never taken for a name ("of", "ml", "5").
NAME_MIN_CHARS = 3
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
#: Most definitions holding a word that are looked at for its place in them.
DEFINITIONS_LOOKED_AT = 50
#: Where a definition's opening clause ends: a sentence end, a semicolon or colon, a dash.
_CLAUSE_END = re.compile(r"(?<=[.!?])\s|[;:]\s|\s[—–-]\s|\s?—\s?")


def unknown_names(
    db: sqlite3.Connection, lock: Any, typos: Any, words: list[str], text: str
) -> tuple[str, ...]:
    """Return the words of a query (as typed in `text`) that name something no label holds.

    `words` are the query's content words, lower case; `typos` is the search index's typo
    dictionary of label keys (a SymSpell-like object with `lookup`).
    """
    from symspellpy import Verbosity

    as_typed = {w.lower(): w for w in _WORD.findall(text)}
    names = []
    for word in words:
        if len(word) < NAME_MIN_CHARS or not any(c.isalpha() for c in word):
            continue
        with lock:
            in_label = db.execute(
                "SELECT 1 FROM concept_fts WHERE concept_fts MATCH ? LIMIT 1", (f'labels : "{word}"',)
            ).fetchone()
        if in_label or _opens_a_definition(db, lock, word):
            continue
        budget = 2 if len(word) >= 9 else 1 if len(word) >= 5 else 0
        if budget and any(
            item.distance for item in typos.lookup(word, Verbosity.CLOSEST, max_edit_distance=budget)
        ):
            continue  # one edit or two from a label: a misspelling, not another name
        if is_everyday_word(word):
            continue
        names.append(as_typed.get(word, word))
    return tuple(dict.fromkeys(names))


def opening_clause(definition: str) -> str:
    """Return a definition's text up to its first sentence end, semicolon, colon or dash."""
    return _CLAUSE_END.split(definition, maxsplit=1)[0]


def _opens_a_definition(db: sqlite3.Connection, lock: Any, word: str) -> bool:
    """Return True if `word` is a word of some definition's opening clause."""
    with lock:
        rows = db.execute(
            "SELECT definitions FROM concept_fts WHERE concept_fts MATCH ? LIMIT ?",
            (f'definitions : "{word}"', DEFINITIONS_LOOKED_AT),
        ).fetchall()
    if len(rows) == DEFINITIONS_LOOKED_AT:
        return True  # a word of that many definitions is the termbase's own vocabulary
    for (definitions,) in rows:
        for definition in definitions.split("\n"):
            if word in (w.lower() for w in _WORD.findall(opening_clause(definition))):
                return True
    return False
