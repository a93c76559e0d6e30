"""Termhood across the whole book: how often a candidate occurs, in how many chapters, and
how often on its own rather than inside a longer candidate (the idea behind C-value).

All candidates are counted in one pass over each chapter's text with an Aho-Corasick
automaton (pyahocorasick), matching whole words, singular or plural, any case.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import ahocorasick


@dataclass(frozen=True, slots=True)
class Termhood:
    """How a candidate is spread over the book."""

    count: int  # occurrences in the prose of the whole book
    chapters: int  # chapters it occurs in
    nested: int  # occurrences that are part of a longer candidate
    per_chapter: tuple[int, ...] = ()  # occurrences in each chapter, in reading order

    def uses_before(self, chapter: int) -> int:
        """Return how often the term occurs in the chapters before `chapter`."""
        return sum(self.per_chapter[:chapter])


def _forms(term: str) -> set[str]:
    low = term.lower()
    forms = {low}
    if low.endswith("s"):
        forms.add(low[:-1])
    else:
        forms.update({low + "s", low + "es"})
        if low.endswith("y"):
            forms.add(low[:-1] + "ies")
    return forms


def measure(terms: Iterable[str], chapters: Sequence[str]) -> dict[str, Termhood]:
    """Return the termhood of each term (by its lowercase form) over the chapters' texts."""
    wanted = {t.lower() for t in terms if t.strip()}
    if not wanted:
        return {}
    automaton = ahocorasick.Automaton()
    owners: dict[str, set[str]] = {}
    for term in wanted:
        for form in _forms(term):
            owners.setdefault(form, set()).add(term)
    for form, terms_of in owners.items():
        automaton.add_word(form, (form, tuple(terms_of)))
    automaton.make_automaton()
    counts: Counter[str] = Counter()
    by_chapter: dict[str, list[int]] = {t: [0] * len(chapters) for t in wanted}
    spread: Counter[str] = Counter()
    nested: Counter[str] = Counter()
    for chapter, text in enumerate(chapters):
        low = text.lower()
        hits: list[tuple[int, int, tuple[str, ...]]] = []
        for end, (form, terms_of) in automaton.iter(low):
            start = end - len(form) + 1
            if (start > 0 and low[start - 1].isalnum()) or (end + 1 < len(low) and low[end + 1].isalnum()):
                continue
            hits.append((start, end, terms_of))
        seen: set[str] = set()
        for _start, _end, terms_of in hits:
            for term in terms_of:
                counts[term] += 1
                by_chapter[term][chapter] += 1
                seen.add(term)
        for term in seen:
            spread[term] += 1
        if len(hits) > 1:
            hits.sort()
            for index, (start, end, terms_of) in enumerate(hits):
                for other in hits[max(0, index - 6) : index + 6]:
                    if other is not hits[index] and other[0] <= start and end <= other[1] \
                            and (other[1] - other[0]) > (end - start):
                        for term in terms_of:
                            nested[term] += 1
                        break
    return {t: Termhood(counts[t], spread[t], nested[t], tuple(by_chapter[t])) for t in wanted}
