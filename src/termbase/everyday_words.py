"""Everyday English words, to tell a term that is also a common word from a coined one.

A one-word label that is an everyday word ("shape", "page", "value", "baseline") is often
used in its everyday sense, while a coined one ("softmax", "tokenizer") hardly ever is. The
words are the whole-word entries of the uncased WordPiece vocabulary (BERT's, learned from
English Wikipedia and books) that ships with the embedding model's tokenizer: a word there
is common enough in general English to have an entry of its own.
"""

from __future__ import annotations

import math
import re
from functools import cache
from pathlib import Path

import marisa_trie

_TOKENIZER = Path(__file__).parent / "models" / "all-MiniLM-L6-v2" / "tokenizer.json"
#: An entry of the vocabulary (`"word":id`) whose word is letters only (three or more). The
#: tokenizer file writes its characters as they are (no `\u` escapes; a test checks the words
#: found equal those of the parsed file).
_LETTERS_ENTRY = re.compile(r'"([^\W\d_]{3,})":\d')


@cache
def _vocabulary() -> marisa_trie.Trie:
    """Return the whole lower-case words (three letters or more) of the shipped vocabulary.

    Read from the file's `vocab` object with a pattern, not parsed as JSON, into a trie: the
    parsed vocabulary (30,522 entries) left a long-running server 8 MB larger for good, a
    set of the 21,361 words 4 MB; the trie holds about 0.2 MB (a look-up: about 0.5 µs).
    """
    text = _TOKENIZER.read_text(encoding="utf-8")
    vocab = text[text.index('"vocab":{') :]
    words = (match[1] for match in _LETTERS_ENTRY.finditer(vocab))
    return marisa_trie.Trie([word for word in words if word.isalpha() and word.islower()])


def is_everyday_word(word: str) -> bool:
    """Return True if `word`, or its singular, is an everyday English word."""
    word = word.lower()
    words = _vocabulary()
    if word in words:
        return True
    if word.endswith("ies") and word[:-3] + "y" in words:
        return True
    return word.endswith("s") and (word[:-1] in words or (word.endswith("es") and word[:-2] in words))


#: The same entry with its id: the vocabulary numbers its whole words roughly from the commonest,
#: from this id on ("the"; the entries before are marks, single letters and word pieces).
_RANKED_ENTRY = re.compile(r'"([a-z]{3,})":(\d{4,5})')
_FIRST_WORD_ID = 1996


@cache
def _ranks() -> dict[str, int]:
    """Return each whole lower-case word of the shipped vocabulary with its rank (0: "the").

    Only a build links, so only a build reads these (a dict: a look-up per everyday word placed)."""
    text = _TOKENIZER.read_text(encoding="utf-8")
    vocab = text[text.index('"vocab":{') :]
    ids = ((m[1], int(m[2])) for m in _RANKED_ENTRY.finditer(vocab))
    return {word: index - _FIRST_WORD_ID for word, index in ids if index >= _FIRST_WORD_ID}


def commonness(word: str) -> float:
    """Return how common `word` (or its singular) is in general English: 1 for the commonest
    word of the shipped vocabulary, falling with the log of its rank, 0 for a word not in it."""
    ranks = _ranks()
    word = word.lower()
    rank = ranks.get(word)
    if rank is None and word.endswith("s"):
        rank = ranks.get(word[:-1])
        if rank is None and word.endswith("ies"):
            rank = ranks.get(word[:-3] + "y")
    if rank is None:
        return 0.0
    return max(0.0, 1.0 - math.log1p(rank) / _LOG_LAST_RANK)


#: log(1 + the greatest rank there can be): the shipped vocabulary has 30,522 entries.
_LOG_LAST_RANK = math.log1p(30522 - _FIRST_WORD_ID)
