"""The everyday-word list read from the shipped tokenizer file."""

from __future__ import annotations

import json

from termbase import everyday_words


def test_the_words_read_by_pattern_are_those_of_the_parsed_vocabulary() -> None:
    vocab = json.loads(everyday_words._TOKENIZER.read_text(encoding="utf-8"))["model"]["vocab"]
    parsed = frozenset(word for word in vocab if len(word) > 2 and word.isalpha() and word.islower())
    assert set(everyday_words._vocabulary()) == parsed
    assert len(parsed) > 10_000


def test_plurals_of_everyday_words_are_everyday_words() -> None:
    assert everyday_words.is_everyday_word("Values")
    assert everyday_words.is_everyday_word("policies")
    assert not everyday_words.is_everyday_word("softmaxes")
