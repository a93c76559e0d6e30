"""Link concepts: resolve see-also targets, and find mentions of concepts in definitions.

Mentions are found with one Aho-Corasick automaton over every label (pyahocorasick),
run once per definition over a normalised copy of its text, keeping the longest match at
each place. Acronym-like labels match case-sensitively (so `RAG` is not found in "rag"
and `ALL` not in "all"); other labels match case-insensitively. A label that names
several concepts is linked to the one whose definitions share most words with the
mentioning definition, or left unlinked when no reading clearly wins.
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

import ahocorasick

from termbase.labels import is_acronym_like, label_key, strip_accents
from termbase.model import Concept, Dangling, Relation
from termbase.resolve import context_words

#: Labels shorter than this (in characters) are not looked for inside definitions.
MIN_MENTION_CHARS = 2
_TOKEN = re.compile(r"[^\W_]+(?:[.+][^\W_]+)*", re.UNICODE)
_TOKEN_ASCII = re.compile(r"[^\W_]+(?:[.+][^\W_]+)*", re.ASCII)  # the same on ASCII text, faster


@dataclass(frozen=True, slots=True)
class Links:
    """What linking found: relations between concepts, and see-also targets that name none."""

    relations: tuple[Relation, ...]
    dangling: tuple[Dangling, ...]


def _normalise(text: str, keep_case: bool) -> str:
    """Return the text as space-separated tokens with spaces at both ends."""
    text = strip_accents(unicodedata.normalize("NFKC", text))
    tokens = (_TOKEN_ASCII if text.isascii() else _TOKEN).findall(text)
    joined = " " + " ".join(tokens) + " "
    return joined if keep_case else joined.lower()


class _ContextWords(dict[str, frozenset[str]]):
    """Each concept's definition words, worked out only for concepts a choice needs."""

    def __init__(self, by_id: dict[str, Concept]) -> None:
        super().__init__()
        self.by_id = by_id

    def __missing__(self, concept_id: str) -> frozenset[str]:
        concept = self.by_id.get(concept_id)
        words = context_words(" ".join(e.definition for e in concept.entries)) if concept else frozenset()
        self[concept_id] = words
        return words


def _plural_forms(normalised: str) -> list[str]:
    """Return the label's pattern and its simple plural (`kv cache` → `kv caches`)."""
    forms = [normalised]
    body = normalised.strip()
    if body and body[-1].isalpha() and not body.endswith("s"):
        forms.append(f" {body}s ")
        if body.endswith(("ch", "sh", "x")):
            forms.append(f" {body}es ")
    return forms


class _MentionFinder:
    """An automaton over all labels, for one case mode."""

    def __init__(self, patterns: dict[str, set[str]]) -> None:
        self.automaton = ahocorasick.Automaton()
        for pattern, owners in patterns.items():
            self.automaton.add_word(pattern, (len(pattern), tuple(sorted(owners))))
        self.empty = not patterns
        if not self.empty:
            self.automaton.make_automaton()

    def find(self, text: str) -> list[tuple[int, int, tuple[str, ...]]]:
        """Return (start, end, owners) of leftmost-longest non-overlapping matches."""
        if self.empty:
            return []
        matches = [
            (end - length + 1, end + 1, owners)
            for end, (length, owners) in self.automaton.iter(text)
        ]
        matches.sort(key=lambda m: (m[0], -(m[1] - m[0])))
        chosen: list[tuple[int, int, tuple[str, ...]]] = []
        last_end = 0
        for start, end, owners in matches:
            # Patterns carry a space at each end; neighbours may share one space.
            if start + 1 >= last_end:
                chosen.append((start, end, owners))
                last_end = end
        return chosen


def _finders(concepts: Sequence[Concept]) -> tuple[_MentionFinder, _MentionFinder]:
    folded: dict[str, set[str]] = defaultdict(set)
    cased: dict[str, set[str]] = defaultdict(set)
    for concept in concepts:
        for label in concept.labels:
            if len(label.strip()) < MIN_MENTION_CHARS:
                continue
            if is_acronym_like(label):
                for form in _plural_forms(_normalise(label, keep_case=True)):
                    if form.strip():
                        cased[form].add(concept.id)
            else:
                for form in _plural_forms(_normalise(label, keep_case=False)):
                    if len(form.strip()) >= 3:
                        folded[form].add(concept.id)
    return _MentionFinder(folded), _MentionFinder(cased)


def link(concepts: Sequence[Concept]) -> Links:
    """Return see-also and mention relations among the concepts, and dangling targets."""
    by_id = {c.id: c for c in concepts}
    by_key: dict[str, list[str]] = defaultdict(list)
    for concept in concepts:
        for key in {label_key(label) for label in concept.labels}:
            by_key[key].append(concept.id)
    words = _ContextWords(by_id)
    relations: dict[tuple[str, str, str], Relation] = {}
    dangling: list[Dangling] = []
    for concept in concepts:
        for entry in concept.entries:
            for target in entry.see_also:
                found = _resolve_target(target, concept.id, by_id, by_key, words)
                if found is None:
                    dangling.append(Dangling(concept.id, target, entry.source, entry.line))
                elif found != concept.id:
                    relations.setdefault(
                        (concept.id, found, "see_also"),
                        Relation(concept.id, found, "see_also", target, entry.source, entry.line),
                    )
    folded, cased = _finders(concepts)
    for concept in concepts:
        for entry in concept.entries:
            cased_text = _normalise(entry.definition, keep_case=True)
            hits = [
                (text_l[s:e].strip(), owners)
                for finder, text_l in ((folded, cased_text.lower()), (cased, cased_text))
                for s, e, owners in finder.find(text_l)
            ]
            for evidence, owners in hits:
                target = _pick_owner(owners, concept.id, words)
                if target and target != concept.id:
                    relations.setdefault(
                        (concept.id, target, "mentions"),
                        Relation(
                            concept.id, target, "mentions", evidence, entry.source, entry.line
                        ),
                    )
    ordered = sorted(relations.values(), key=lambda r: (r.from_id, r.kind, r.to_id))
    return Links(tuple(ordered), tuple(dangling))


def _resolve_target(
    target: str,
    from_id: str,
    by_id: dict[str, Concept],
    by_key: dict[str, list[str]],
    words: _ContextWords,
) -> str | None:
    if target in by_id:
        return target
    owners = by_key.get(label_key(target), [])
    if not owners:
        return None
    return _pick_owner(tuple(owners), from_id, words) or owners[0]


def _pick_owner(
    owners: tuple[str, ...], from_id: str, words: _ContextWords
) -> str | None:
    """Return the one concept a label names here, or None when the context cannot tell."""
    if len(owners) == 1:
        return owners[0]
    if from_id in owners:
        return from_id
    mine = words[from_id]
    scored = sorted(((len(mine & words[o]), o) for o in owners), reverse=True)
    if scored[0][0] > 0 and scored[0][0] > scored[1][0]:
        return scored[0][1]
    return None
