"""Counts in the sentences termbase prints: "1 source", "2 sources"."""

from __future__ import annotations

#: Nouns whose plural is not the singular plus "s".
_IRREGULAR = {"entry": "entries", "candidate": "candidates"}


def counted(count: int, noun: str) -> str:
    """Return `count` and `noun`, the noun plural unless the count is one ("1 entry", "3 entries")."""
    if count == 1:
        return f"{count} {noun}"
    return f"{count} {_IRREGULAR.get(noun, noun + 's')}"
