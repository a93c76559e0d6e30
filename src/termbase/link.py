"""Link concepts: resolve see-also targets, and find mentions of concepts in definitions.

Mentions are found with the shared `TermMatcher` (Aho-Corasick over every label, longest
match at each place; acronym-like labels case-sensitive, so `RAG` is not found in "rag").
A label that names several concepts is linked to the one whose definitions share most words
with the mentioning concept's, or left unlinked when no reading clearly wins. Each place the
matcher finds must then pass the checks of `termbase.mention_checks` (words that hold together,
names in capitals, no idiom or verb, noun-phrase boundaries, the sense of one-word labels); an
everyday word that passes them is decided by `termbase.mention_model`, a small logistic regression
trained on our judged gold, which reads among other things how closely the two concepts are tied
by the concepts around them, so every definition is matched first and checked after.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial

from termbase.everyday_words import is_everyday_word
from termbase.labels import is_acronym_like, label_key
from termbase.matcher import Match, PatternTable, TermMatcher
from termbase.mention_checks import (
    Target,
    address_spans,
    domain_words,
    is_mention,
    math_spans,
    name_labels,
    rejection,
    word_stems,
)
from termbase.mention_features import Place
from termbase.mention_model import mention_model
from termbase.model import Concept, Dangling, Relation
from termbase.resolve import context_words


@dataclass(frozen=True, slots=True)
class Links:
    """What linking found: relations between concepts, and see-also targets that name none."""

    relations: tuple[Relation, ...]
    dangling: tuple[Dangling, ...]


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

    def asker(self, concept_id: str) -> Callable[[int, int], frozenset[str]]:
        """Return the concept's words as the matcher's `context` asks for them: only when a label
        names several concepts (one concept in nine needs them in a 100k-entry build)."""
        return lambda _start, _end: self[concept_id]


def link(
    concepts: Sequence[Concept],
    tables: tuple[PatternTable, PatternTable] | None = None,
    matcher: TermMatcher | None = None,
) -> Links:
    """Return see-also and mention relations among the concepts, and dangling targets
    (`tables`: the concepts' `concept_pattern_tables`, when made before; `matcher`: the
    concepts' `TermMatcher.from_concepts`, when made before)."""
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
    del by_id, by_key, words  # see-also targets resolved: freed before the mentions are found
    for concept, index, found in iter_mentions(concepts, tables=tables, matcher=matcher):
        entry = concept.entries[index]
        for match in found:
            relations.setdefault(
                (concept.id, match.concept_id, "mentions"),
                Relation(concept.id, match.concept_id, "mentions", match.text, entry.source, entry.line),
            )
    ordered = sorted(relations.values(), key=lambda r: (r.from_id, r.kind, r.to_id))
    return Links(tuple(ordered), tuple(dangling))


class _OwnWords(dict[str, frozenset[str]]):
    """Each concept's definition words as the mention checks read them (short words too: RL)."""

    def __init__(self, by_id: dict[str, Concept]) -> None:
        super().__init__()
        self.by_id = by_id

    def __missing__(self, concept_id: str) -> frozenset[str]:
        words = word_stems(" ".join(e.definition for e in self.by_id[concept_id].entries))
        self[concept_id] = words
        return words


#: How many concepts, at most, `_WordRarity` reads to count how many use each word (every k-th
#: one in a larger glossary: the counts only tell rare words from common ones).
RARITY_SAMPLE = 500


class _WordRarity:
    """How rare each content word of the concepts is in the glossary: log(concepts / concepts
    whose definitions or labels use it) / log(concepts), 1 for a word no other concept uses
    (counted over at most `RARITY_SAMPLE` concepts when first asked)."""

    def __init__(
        self, by_id: dict[str, Concept], targets: _Targets, topics_agree: Callable[[str, str], float]
    ) -> None:
        self.by_id = by_id
        self.targets = targets
        self.topics_agree = topics_agree
        self._rarity: dict[str, float] | None = None
        self._stems: dict[str, frozenset[str]] = {}

    def stems(self, concept_id: str) -> frozenset[str]:
        """Return a concept's content words longer than two letters, without a plural s (worked out once)."""
        found = self._stems.get(concept_id)
        if found is None:
            words = self.targets.words_of(concept_id)
            found = self._stems[concept_id] = frozenset(w.rstrip("s") for w in words if len(w) > 2)
        return found

    def rarity(self) -> dict[str, float]:
        if self._rarity is None:
            ids = list(self.by_id)
            sample = ids[:: -(-len(ids) // RARITY_SAMPLE)] if ids else ids
            used: Counter[str] = Counter()
            for concept_id in sample:
                used.update(self.stems(concept_id))
            total = max(2, len(sample))
            self._rarity = {w: math.log(total / n) / math.log(total) for w, n in used.items()}
        return self._rarity

    def ties(self, one: str, other: str, words: str) -> _RareTies:
        """Return the rare words `other` shares with `one`, for one mention of it."""
        return _RareTies(self, one, other, words)


class _RareTies:
    """The rare content words a target concept shares with the mentioning concept (`shared`),
    summed by rarity, the mention's own words left out."""

    __slots__ = ("one", "other", "rarity", "words")

    def __init__(self, rarity: _WordRarity, one: str, other: str, words: str) -> None:
        self.rarity, self.one, self.other, self.words = rarity, one, other, words

    def shared(self) -> float:
        """Return the sum, a part of it (`OTHER_TOPIC_KINSHIP`) when both concepts state topics
        and share none, as for their kinship."""
        found = self.rarity.stems(self.other) & self.rarity.stems(self.one)
        if not found:
            return 0.0
        rarity = self.rarity.rarity()
        total = sum(rarity.get(w, 1.0) for w in found - word_stems(self.words))
        return total * OTHER_TOPIC_KINSHIP if self.rarity.topics_agree(self.one, self.other) < 0 else total


class _Targets(dict[str, Target]):
    """What the mention checks need of each concept, worked out when a match needs it."""

    def words_of(self, concept_id: str) -> frozenset[str]:
        """Return the content words of a concept's definitions and labels (worked out once)."""
        words = self.words.get(concept_id)
        if words is None:
            concept = self.by_id[concept_id]
            words = context_words(" ".join([*(e.definition for e in concept.entries), *concept.labels]))
            self.words[concept_id] = words
        return words

    def __init__(self, concepts: Sequence[Concept]) -> None:
        super().__init__()
        self.by_id = {c.id: c for c in concepts}
        self.words: dict[str, frozenset[str]] = {}
        lower: dict[str, list[bool]] = defaultdict(list)
        for concept in concepts:
            for entry in concept.entries:
                if entry.term[:1].isalpha() and not is_acronym_like(entry.term):
                    lower[entry.source].append(entry.term[:1].islower())
        #: Sources that write their terms in lower case, so a capital marks a name.
        self.lower_case = {source for source, flags in lower.items() if sum(flags) >= 0.6 * len(flags)}

    def __missing__(self, concept_id: str) -> Target:
        concept = self.by_id[concept_id]
        lower_case = all(e.source in self.lower_case for e in concept.entries)
        target = Target(
            words_of=partial(self.words_of, concept_id),
            labels=frozenset(label.lower() for label in concept.labels),
            names=name_labels(concept.labels, lower_case),
            preferred=concept.label.lower(),
            domain=domain_words(e.definition for e in concept.entries),
            terms=frozenset(e.term.lower().rstrip("s") for e in concept.entries),
            proper_name=_NAME_CASE.search(concept.label) is not None,
            common_noun=any(label[:1].islower() for label in concept.labels),
        )
        self[concept_id] = target
        return target


#: A capital right after a small letter: a label written as a name (AudioLM, PyTorch, DeepSeek).
_NAME_CASE = re.compile(r"[a-z][A-Z]")

#: Emphasis marks between the words of a term ("*late* fusion") do not stop a match.
_EMPHASIS = str.maketrans({"*": " "})


def iter_mentions(
    concepts: Sequence[Concept],
    checked: bool = True,
    tables: tuple[PatternTable, PatternTable] | None = None,
    matcher: TermMatcher | None = None,
    learned: bool = False,
) -> Iterator[tuple[Concept, int, list[Match]]]:
    """Yield, entry by entry, (concept, entry index, the places its definition mentions another
    concept): what the shared matcher finds there that passes the checks of `mention_checks`
    (all it finds without `checked`, to measure what the checks do). With `learned`, an everyday
    word is decided by `termbase.mention_model` instead of the kinship thresholds (an experiment,
    measured by `bench/merge_quality.py --learned`: not better on held-out gold, so not the default)."""
    by_id = {c.id: c for c in concepts}
    found = _matches(concepts, by_id, tables, matcher)
    if not checked:
        for concept in concepts:
            matches = found.get(concept.id)
            for index, entry in enumerate(concept.entries):
                yield (
                    concept,
                    index,
                    [_as_written(m, entry.definition) for m in (matches[index] if matches else ())],
                )
        return
    decider = _Decider(concepts, by_id, found)
    targets, own = decider.targets, decider.own
    learner = decider.keeps if learned else None
    for concept in concepts:
        matches = found.get(concept.id)
        for index, entry in enumerate(concept.entries):
            definition = entry.definition
            formulas = math_spans(definition) if matches and matches[index] else []
            addresses = address_spans(definition) if matches and matches[index] else []
            kept = [
                _as_written(match, definition)
                for match in (matches[index] if matches else ())
                if is_mention(
                    definition,
                    match.start,
                    match.end,
                    match.label,
                    targets[match.concept_id],
                    formulas,
                    partial(own.__getitem__, concept.id),
                    partial(decider.topical_kinship, concept.id, match.concept_id),
                    partial(learner, concept.id, definition, match, matches[index]) if learner else None,
                    addresses,
                    decider.words.ties(concept.id, match.concept_id, match.text),
                )
            ]
            yield concept, index, kept
    targets.clear()  # each Target asks its words of `targets`: a cycle, and builds run without the collector


def _matches(
    concepts: Sequence[Concept],
    by_id: dict[str, Concept],
    tables: tuple[PatternTable, PatternTable] | None,
    matcher: TermMatcher | None,
) -> dict[str, list[list[Match]]]:
    """Return, for each concept whose definitions match some other concept's label, the matches
    in each of its entries' definitions."""
    words = _ContextWords(by_id)
    matcher = matcher or TermMatcher.from_concepts(concepts, tables)
    # Only concepts whose definitions match something get a row; a concept's context words
    # are worked out only when a label it names there has several owners.
    found: dict[str, list[list[Match]]] = {}
    for concept in concepts:
        per_entry = [
            [
                match
                for match in matcher.find(
                    _plain(entry.definition), context=words.asker(concept.id), prefer=concept.id, strict=False
                )
                if match.concept_id != concept.id
            ]
            for entry in concept.entries
        ]
        if any(per_entry):
            found[concept.id] = per_entry
    return found


def iter_places(
    concepts: Sequence[Concept],
) -> Iterator[tuple[Concept, int, Match, str | None, Place | None]]:
    """Yield every place the matcher finds with why the rule checks alone (kinship thresholds and
    all) turn it down, or None, and, for an everyday word that reaches the learned decision, what
    that decision reads of it (`termbase.mention_features`): for training and measuring it."""
    by_id = {c.id: c for c in concepts}
    found = _matches(concepts, by_id, None, None)
    decider = _Decider(concepts, by_id, found)
    for concept in concepts:
        matches = found.get(concept.id)
        if not matches:
            continue
        context = partial(decider.own.__getitem__, concept.id)
        for index, entry in enumerate(concept.entries):
            definition = entry.definition
            formulas = math_spans(definition) if matches[index] else []
            addresses = address_spans(definition) if matches[index] else []
            for match in matches[index]:
                target = decider.targets[match.concept_id]
                tie = partial(decider.topical_kinship, concept.id, match.concept_id)
                shared = decider.words.ties(concept.id, match.concept_id, match.text)
                reason = rejection(
                    definition, match.start, match.end, match.label, target, formulas, context, tie,
                    addresses=addresses, rarity=shared,
                )
                reached: list[Place] = []
                rejection(
                    definition,
                    match.start,
                    match.end,
                    match.label,
                    target,
                    formulas,
                    context,
                    tie,
                    partial(decider.collect, reached, concept.id, definition, match, matches[index]),
                    addresses,
                    shared,
                )
                place = reached[0] if reached else None
                yield concept, index, _as_written(match, definition), reason, place
    decider.targets.clear()


class _Decider:
    """What the learned decision needs of the whole glossary, and the decision itself."""

    def __init__(
        self, concepts: Sequence[Concept], by_id: dict[str, Concept], found: dict[str, list[list[Match]]]
    ) -> None:
        self.by_id = by_id
        self.targets = _Targets(concepts)
        self.own = _OwnWords(by_id)
        self.words = _WordRarity(by_id, self.targets, self.topics_agree)
        self.kinship = _Kinship(by_id, found)
        self.found = found
        self._places_of: Counter[str] | None = None
        self._everyday_share: dict[str, float] | None = None
        self.log_total = math.log(max(2, len(by_id)))
        self._sources: dict[str, set[str]] = {}
        self._stems: dict[str, frozenset[str]] = {}

    def place(self, concept_id: str, definition: str, match: Match, matches: list[Match]) -> Place:
        """Return what the learned decision reads of one place."""
        target_id = match.concept_id
        kinship = self.kinship
        near = kinship.neighbours[target_id]
        mine, theirs = self.sources(concept_id), self.sources(target_id)
        return Place(
            text=definition,
            start=match.start,
            end=match.end,
            label=match.label,
            target=self.targets[target_id],
            target_id=target_id,
            kinship=kinship(concept_id, target_id),
            same_source=not mine.isdisjoint(theirs),
            target_places=math.log1p(self.places_of()[target_id]) / self.log_total,
            target_stems=partial(self.stems, target_id),
            others=matches,
            neighbours=near,
            weight=kinship.weight,
            mentioner_tied=concept_id in near,
            source_everyday=max(map(self.everyday_share().__getitem__, theirs), default=0.0),
            topics_agree=self.topics_agree(concept_id, target_id),
        )

    def topical_kinship(self, one: str, other: str) -> float:
        """Return the two concepts' kinship (`_Kinship`) as the rule checks weigh it: a part
        (`OTHER_TOPIC_KINSHIP`) when both state topics and share none ("sampling" on a diffusion
        page is no decoding strategy of the inference topic, though the two have neighbours in common)."""
        kin = self.kinship(one, other)
        return kin * OTHER_TOPIC_KINSHIP if self.topics_agree(one, other) < 0 else kin

    def topics_agree(self, one: str, other: str) -> float:
        """Return +1 if both concepts state topics and share one, -1 if they share none, 0 if
        either states none."""
        mine, theirs = self.by_id[one].topics, self.by_id[other].topics
        if not mine or not theirs:
            return 0.0
        return 1.0 if set(mine) & set(theirs) else -1.0

    def everyday_share(self) -> dict[str, float]:
        """Return, per source file, the share of its entries whose headword is one everyday word
        (worked out when first asked)."""
        if self._everyday_share is None:
            everyday: Counter[str] = Counter()
            total: Counter[str] = Counter()
            for concept in self.by_id.values():
                for entry in concept.entries:
                    head = entry.labels[0] if entry.labels else ""
                    total[entry.source] += 1
                    everyday[entry.source] += " " not in head and is_everyday_word(head.lower())
            self._everyday_share = {source: everyday[source] / count for source, count in total.items()}
        return self._everyday_share

    def places_of(self) -> Counter[str]:
        """Return how many places the matcher found for each concept (counted when first asked)."""
        if self._places_of is None:
            per_entry = (matches for entries in self.found.values() for matches in entries)
            self._places_of = Counter(match.concept_id for matches in per_entry for match in matches)
        return self._places_of

    def sources(self, concept_id: str) -> set[str]:
        """Return the source files of a concept's entries (worked out once)."""
        found = self._sources.get(concept_id)
        if found is None:
            found = self._sources[concept_id] = {e.source for e in self.by_id[concept_id].entries}
        return found

    def stems(self, concept_id: str) -> frozenset[str]:
        """Return a target concept's own words without a plural s (worked out once)."""
        found = self._stems.get(concept_id)
        if found is None:
            found = self._stems[concept_id] = frozenset(w.rstrip("s") for w in self.targets[concept_id].words)
        return found

    def keeps(self, concept_id: str, definition: str, match: Match, matches: list[Match]) -> bool:
        """Return True if the learned decision links an everyday word at this place."""
        return mention_model().keeps(self.place(concept_id, definition, match, matches))

    def collect(
        self, into: list[Place], concept_id: str, definition: str, match: Match, matches: list[Match]
    ) -> bool:
        """Add the place to `into` and keep it (to collect the places the decision would read)."""
        into.append(self.place(concept_id, definition, match, matches))
        return True


def _plain(definition: str) -> str:
    """Return a definition with its emphasis marks as spaces, so `*late* fusion` matches."""
    return definition.translate(_EMPHASIS) if "*" in definition else definition


def _as_written(match: Match, definition: str) -> Match:
    """Return the match with the words as the definition writes them (emphasis marks kept)."""
    written = definition[match.start : match.end]
    return match if written == match.text else match._replace(text=written)


#: How much of their kinship two concepts keep for the rule checks when both state topics and
#: share none (chosen on the judged gold: 0.3 kept the precision of every gold file or raised it).
OTHER_TOPIC_KINSHIP = 0.3

#: A concept mentioned by this share of all concepts is what the glossary is about ("commit" in
#: a Git glossary): its label is read in its sense wherever it occurs.
CENTRAL_SHARE = 0.1


class _NameWords(dict[str, set[str]]):
    """The words of each concept's label (longer than two letters, a plural's s dropped),
    worked out only for the concepts a kinship is asked about."""

    def __init__(self, by_id: dict[str, Concept]) -> None:
        super().__init__()
        self.by_id = by_id

    def __missing__(self, concept_id: str) -> set[str]:
        words = {w.rstrip("s") for w in context_words(self.by_id[concept_id].label) if len(w) > 2}
        self[concept_id] = words
        return words


class _Kinship:
    """How closely two concepts are tied: without bound if their names share a word (multi-head
    attention, attention) or the second is central to the glossary (`CENTRAL_SHARE`), else by
    the concepts around them (mentioned by or mentioning either), each shared one weighted by
    how rarely concepts mention it: log(all concepts / (1 + those mentioning it)) / log(all
    concepts), so 1 for one that no other concept mentions, whatever the glossary's size."""

    def __init__(self, by_id: dict[str, Concept], found: dict[str, list[list[Match]]]) -> None:
        """`by_id`: every concept; `found`: the matches in the definitions of each concept that has any."""
        self.name_words = _NameWords(by_id)
        self.neighbours: dict[str, set[str]] = defaultdict(set)
        mentioned: Counter[str] = Counter()
        for concept_id, entries in found.items():
            targets = {match.concept_id for matches in entries for match in matches}
            mentioned.update(targets)
            for target in targets:
                self.neighbours[concept_id].add(target)
                self.neighbours[target].add(concept_id)
        total = max(2, len(by_id))
        self.weight = {
            cid: math.log(total / (1 + count)) / math.log(total) for cid, count in mentioned.items()
        }
        self.mentioned = mentioned
        self.total = total

    def central(self, concept_id: str) -> bool:
        """Return True for a concept that a tenth of all concepts mention: what the glossary is about."""
        return self.mentioned[concept_id] >= CENTRAL_SHARE * self.total

    def __call__(self, one: str, other: str) -> float:
        if self.name_words[one] & self.name_words[other] or self.central(other):
            return math.inf
        shared = self.neighbours[one] & self.neighbours[other]
        return sum(self.weight.get(cid, 1.0) for cid in shared if cid not in (one, other))


def find_mentions(
    concepts: Sequence[Concept], checked: bool = True, learned: bool = False
) -> dict[tuple[str, int], list[Match]]:
    """Return `iter_mentions` as a dict keyed by (concept id, entry index)."""
    return {
        (concept.id, index): found
        for concept, index, found in iter_mentions(concepts, checked, learned=learned)
    }


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


def _pick_owner(owners: tuple[str, ...], from_id: str, words: _ContextWords) -> str | None:
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
