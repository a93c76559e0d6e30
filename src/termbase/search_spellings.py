"""British and American spellings of a word ("tumours" / "tumors", "equalised" / "equalized"),
from breame's list of words spelt both ways: a query typed in one is read in the spelling a
glossary writes (see termbase.search.SearchIndex.spelt_as_written)."""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=4096)
def other_spelling(word: str) -> str | None:
    """Return the other spelling of a lower-case word spelt differently in British and American
    English, or None when it has a single spelling."""
    from breame.data.spelling_constants import AMERICAN_ENGLISH_SPELLINGS, BRITISH_ENGLISH_SPELLINGS

    other = BRITISH_ENGLISH_SPELLINGS.get(word) or AMERICAN_ENGLISH_SPELLINGS.get(word)
    return other if other and other != word else None
