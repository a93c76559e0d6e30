"""Keyness: how much more often a book uses a candidate than general English does.

A course's own terms ("rebase", "dangling object", "superproject") occur far more often in
its chapters than in everyday text; everyday words that happen to be bolded ("once",
"updated") do not. The general-English frequency comes from `wordfreq` (its small English
list, which loads in milliseconds); a word missing from that list is rarer than its floor.
Keyness is the difference of the two Zipf values (log10 of occurrences per billion words):
1.0 means ten times as frequent in the book as in general English.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from functools import cache

from wordfreq import word_frequency

from termbase.extract.termhood import Termhood

#: The small English list holds words down to about this Zipf value; anything rarer reads as it.
_FLOOR_ZIPF = 3.0


@cache
def general_zipf(term: str) -> float:
    """Return the Zipf frequency in general English of a term, its singular and plural together."""
    low = term.lower()
    forms = {low, low[:-1]} if low.endswith("s") and len(low) > 3 else {low, low + "s"}
    frequency = sum(word_frequency(form, "en", wordlist="small") for form in forms)
    if frequency <= 0:
        return _FLOOR_ZIPF
    return max(_FLOOR_ZIPF, math.log10(frequency) + 9)


def book_zipf(count: int, words: int) -> float:
    """Return the Zipf frequency of something used `count` times in a book of `words` words."""
    if count <= 0 or words <= 0:
        return 0.0
    return math.log10(count / words) + 9


def keyness(terms: Iterable[str], termhood: Mapping[str, Termhood], words: int) -> dict[str, float]:
    """Return each term's keyness (by its lowercase form): book Zipf minus general-English Zipf."""
    found: dict[str, float] = {}
    for term in terms:
        low = term.lower()
        stats = termhood.get(low)
        if stats is None or stats.count == 0:
            continue
        found[low] = round(book_zipf(stats.count, words) - general_zipf(low), 2)
    return found
