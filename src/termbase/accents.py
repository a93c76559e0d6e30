"""Accents off: a module of its own so that the term matcher can fold text without importing
the label rules (and what they import)."""

from __future__ import annotations

import re
import unicodedata

#: Combining marks folded away: Latin/Greek/Cyrillic diacritics, Hebrew points (niqqud) and
#: cantillation, Arabic harakat and Quranic marks, and the Arabic tatweel that only stretches
#: a word: a label is typed with or without them.
_COMBINING = re.compile(
    r"[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f"
    r"\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7"
    r"\u0610-\u061a\u0640\u064b-\u065f\u0670\u06d6-\u06dc\u06df-\u06e4\u06e7\u06e8\u06ea-\u06ed]"
)


def strip_accents(text: str) -> str:
    """Return `text` without combining diacritical marks (é → e, אוֹפֶן → אופן, حَجٌّ → حج)."""
    if text.isascii():
        return text
    return _COMBINING.sub("", unicodedata.normalize("NFKD", text))
