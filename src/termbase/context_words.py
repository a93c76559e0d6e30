"""The content words of a text, for telling homonyms apart (the resolver's rule, also used
by the term matcher; a module of its own so that matching need not import the resolver)."""

from __future__ import annotations

import re

STOPWORDS = frozenset(
    [
        "the",
        "a",
        "an",
        "and",
        "or",
        "of",
        "to",
        "in",
        "on",
        "for",
        "with",
        "by",
        "from",
        "as",
        "at",
        "is",
        "are",
        "be",
        "that",
        "this",
        "which",
        "it",
        "its",
        "into",
        "than",
        "then",
        "their",
        "there",
        "these",
        "those",
        "such",
        "when",
        "where",
        "while",
        "who",
        "what",
        "how",
        "not",
        "but",
        "can",
        "each",
        "one",
        "two",
        "more",
        "most",
        "less",
        "used",
        "uses",
        "using",
        "use",
        "also",
        "other",
        "over",
        "under",
        "after",
        "before",
        "only",
    ]
)
_CONTEXT_WORD = re.compile(r"[a-z][a-z0-9\-]{3,}")


def context_words(text: str) -> frozenset[str]:
    """Return the content words of a text, for telling homonyms apart."""
    return frozenset(_CONTEXT_WORD.findall(text.lower())) - STOPWORDS
