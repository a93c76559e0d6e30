"""Cheap tests before a regular expression: the literal text any match of it must contain.

Python's `re` tries a pattern of many alternatives at every place of a text; most texts hold
none of them, and testing for the words the alternatives start with is many times faster.
`Cue` searches with its pattern only where one of those words occurs, and `Cues` asks whether
any of several patterns matches, finding all their words in one Aho-Corasick pass: both find
exactly what the patterns find.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]
from typing import Any

import ahocorasick

#: Literals shorter than this are no use as hints (nearly every text has an `a`).
SHORTEST_HINT = 2


def required_literals(pattern: re.Pattern[str]) -> tuple[str, ...] | None:
    """Return strings of which every match of `pattern` contains at least one, or None when
    the pattern gives none (it may start with a character class, or ignore case)."""
    if pattern.flags & (re.IGNORECASE | re.VERBOSE):
        return None
    try:
        found = _hints(list(sre_parse.parse(pattern.pattern, pattern.flags)))
    except Exception:  # a private parser another Python may change: then simply no hints
        return None
    if not found or min(map(len, found)) < SHORTEST_HINT:
        return None
    return tuple(sorted(found))


def _hints(items: list[tuple[Any, Any]]) -> set[str] | None:
    """Return the literals one of which a match of this sequence must contain, or None."""
    prefix = ""
    for op, value in items:
        if op is sre.LITERAL:
            prefix += chr(value)
        elif op is sre.AT and not prefix:
            continue  # an assertion at the start (^, \b) takes no characters
        elif prefix:
            break
        elif op is sre.BRANCH:
            return _union([_hints(list(branch)) for branch in value[1]])
        elif op is sre.SUBPATTERN and not value[1] and not value[2]:
            return _hints(list(value[3]))
        else:
            return None
    return {prefix} if prefix else None


def _union(parts: list[set[str] | None]) -> set[str] | None:
    if any(part is None for part in parts):
        return None
    return set().union(*parts)  # type: ignore[arg-type]


class Cue:
    """A compiled pattern searched only in texts holding one of its `required_literals`."""

    __slots__ = ("hints", "pattern")

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.hints = required_literals(pattern)

    def search(self, text: str) -> re.Match[str] | None:
        """Return `self.pattern.search(text)` (None at once when no hint is in `text`)."""
        if self.hints is not None and not any(map(text.__contains__, self.hints)):
            return None
        return self.pattern.search(text)


class Cues:
    """Several cues, to ask whether any of them matches a text."""

    def __init__(self, cues: Iterable[Cue]) -> None:
        cues = list(cues)
        self.unhinted = [cue.pattern for cue in cues if cue.hints is None]
        self.patterns = [cue.pattern for cue in cues]
        owners: dict[str, list[int]] = {}
        for number, cue in enumerate(cues):
            for hint in cue.hints or ():
                owners.setdefault(hint, []).append(number)
        self.automaton = ahocorasick.Automaton()
        for hint, numbers in owners.items():
            self.automaton.add_word(hint, tuple(numbers))
        if owners:
            self.automaton.make_automaton()
        self.hinted = bool(owners)

    def match_any(self, text: str) -> bool:
        """Return True if any cue's pattern is found in `text`."""
        for pattern in self.unhinted:
            if pattern.search(text):
                return True
        if not self.hinted:
            return False
        tried: set[int] = set()
        for _, numbers in self.automaton.iter(text):  # (most texts: no hint, no set filled)
            for number in numbers:
                if number not in tried:
                    tried.add(number)
                    if self.patterns[number].search(text):
                        return True
        return False
