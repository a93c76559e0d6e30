"""Everyday English words, to tell a term that is also a common word from a coined one.

A one-word label that is an everyday word ("shape", "page", "value", "baseline") is often
used in its everyday sense, while a coined one ("softmax", "tokenizer") hardly ever is. The
words are the whole-word entries of the uncased WordPiece vocabulary (BERT's, learned from
English Wikipedia and books) that ships with the embedding model's tokenizer: a word there
is common enough in general English to have an entry of its own.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

_TOKENIZER = Path(__file__).parent / "models" / "all-MiniLM-L6-v2" / "tokenizer.json"


@cache
def _vocabulary() -> frozenset[str]:
    """Return the whole lower-case words (three letters or more) of the shipped vocabulary."""
    vocab = json.loads(_TOKENIZER.read_text(encoding="utf-8"))["model"]["vocab"]
    return frozenset(word for word in vocab if len(word) > 2 and word.isalpha() and word.islower())


def is_everyday_word(word: str) -> bool:
    """Return True if `word`, or its singular, is an everyday English word."""
    word = word.lower()
    words = _vocabulary()
    if word in words:
        return True
    if word.endswith("ies") and word[:-3] + "y" in words:
        return True
    return word.endswith("s") and (word[:-1] in words or (word.endswith("es") and word[:-2] in words))
