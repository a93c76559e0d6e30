"""Resolve entries from many sources into concepts: one concept per idea.

Rules, in order:

1. Each entry is split into *units*, one per idea it names (an `A / B` entry gives two
   units, so it belongs to both A and B without merging A into B).
2. A unit's labels are its written names, plus an expansion its definition opens with
   when its term is a bare acronym (`GQA` — "Grouped-Query Attention — …").
3. Units whose entries state the same explicit id or `group` (one SKOS concept in several
   languages) are one concept, whatever their labels.
4. Units sharing a label key (see `labels.label_key`) join — unless joining would give
   one acronym two different expansions (PRM the process reward model vs PRM the
   probabilistic roadmap), or join two concepts that state different explicit ids.
5. A bare acronym that several concepts claim (`PRM` with no expansion) joins the one
   whose definitions share the most words with its own; with no clear winner it stays
   its own concept rather than guess.
6. Each concept gets a readable slug id that depends only on its own entries: an
   explicit id if a source gives one, else its expansion, else its preferred label.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from operator import itemgetter

from slugify import slugify

from termbase.context_words import STOPWORDS as _STOPWORDS
from termbase.context_words import context_words
from termbase.labels import (
    group_expansions,
    is_acronym_like,
    is_acronym_of,
    label_key,
    label_words,
)
from termbase.model import Concept, Entry

_SLUG_REPLACEMENTS = [
    ["π", "pi"],
    ["Π", "pi"],
    ["α", "alpha"],
    ["β", "beta"],
    ["γ", "gamma"],
    ["δ", "delta"],
    ["ε", "epsilon"],
    ["θ", "theta"],
    ["λ", "lambda"],
    ["μ", "mu"],
    ["σ", "sigma"],
    ["τ", "tau"],
    ["φ", "phi"],
    ["ω", "omega"],
    ["++", " plus plus"],
    ["+", " plus "],
    ["#", " sharp"],
    ["&", " and "],
]


@dataclass(slots=True)
class _Unit:
    """One idea named by one entry: the entry's index and the labels for that idea."""

    entry: int
    labels: list[str]
    claims: dict[str, str]  # acronym key -> expansion words ("grouped query attention")
    concept_id: str
    inferred: bool = False  # the expansion came from the definition, not the term
    group: str = ""


@dataclass(slots=True)
class _Cluster:
    units: list[int] = field(default_factory=list)
    ids: set[str] = field(default_factory=set)
    claims: dict[str, set[str]] = field(default_factory=dict)


class _Clusters:
    """Union-find over units that refuses joins which would merge different ideas.

    Cluster data (members, explicit ids, acronym claims) is kept for roots only and made
    on first use, so units that never join anything cost almost nothing.
    """

    def __init__(self, units: Sequence[_Unit]) -> None:
        self.units = units
        self.parent = list(range(len(units)))
        self.data: dict[int, _Cluster] = {}

    def cluster(self, root: int) -> _Cluster:
        """Return the data of the cluster whose root is `root`."""
        found = self.data.get(root)
        if found is None:
            unit = self.units[root]
            found = _Cluster(
                units=[root],
                ids={unit.concept_id} if unit.concept_id else set(),
                claims={a: {e} for a, e in unit.claims.items()},
            )
            self.data[root] = found
        return found

    def find(self, i: int) -> int:
        root = i
        while self.parent[root] != root:
            root = self.parent[root]
        while self.parent[i] != root:
            self.parent[i], i = root, self.parent[i]
        return root

    def _plain(self, root: int) -> bool:
        """Return True if the cluster whose root is `root` is that unit alone, stating no id and
        claiming no acronym (most units before they join): it can conflict with nothing."""
        if root in self.data:
            return False
        unit = self.units[root]
        return not unit.concept_id and not unit.claims

    def conflicts(self, a: int, b: int) -> bool:
        """Return True if clusters `a` and `b` (roots) hold different ideas."""
        if self._plain(a) or self._plain(b):
            return False
        da, db = self.cluster(a), self.cluster(b)
        if da.ids and db.ids and da.ids != db.ids:
            return True
        for acronym, expansions in da.claims.items():
            other = db.claims.get(acronym)
            if other and not any(_compatible(x, y) for x in expansions for y in other):
                return True
        return False

    def union(self, i: int, j: int, force: bool = False) -> bool:
        """Join the clusters of units `i` and `j` unless they conflict (or `force`)."""
        a, b = self.find(i), self.find(j)
        if a == b:
            return True
        if not force and self.conflicts(a, b):
            return False
        data = self.data
        if (len(data[a].units) if a in data else 1) < (len(data[b].units) if b in data else 1):
            a, b = b, a
        self.parent[b] = a
        da, db = self.cluster(a), data.pop(b, None)
        if db is None:  # a unit alone (its data never made): what it holds, added as it is
            unit = self.units[b]
            da.units.append(b)
            if unit.concept_id:
                da.ids.add(unit.concept_id)
            for acronym, expansion in unit.claims.items():
                da.claims.setdefault(acronym, set()).add(expansion)
            return True
        da.units.extend(db.units)
        da.ids |= db.ids
        for acronym, expansions in db.claims.items():
            da.claims.setdefault(acronym, set()).update(expansions)
        return True


def _units(entries: Sequence[Entry]) -> list[_Unit]:
    units: list[_Unit] = []
    for index, entry in enumerate(entries):
        groups = entry.label_groups()
        expansions = group_expansions(groups, entry.definition, entry.labels)
        for group, expansion in zip(groups, expansions, strict=True):
            labels = list(group)
            if len(groups) == 1:
                labels = list(dict.fromkeys([*group, *entry.labels]))
            claims = _acronym_claims(labels)
            inferred = False
            if not claims and len(labels) == 1 and is_acronym_like(labels[0]) and expansion:
                labels.append(expansion)
                claims = {label_key(labels[0]): expansion_words(expansion)}
                inferred = True
            units.append(_Unit(index, labels, claims, entry.concept_id, inferred, entry.group))
    return units


def _acronym_claims(labels: Sequence[str]) -> dict[str, str]:
    claims: dict[str, str] = {}
    for short in labels:
        if not is_acronym_like(short):
            continue
        for long in labels:
            if long is not short and is_acronym_of(short, long):
                claims[label_key(short)] = expansion_words(long)
                break
    return claims


def _cluster_units(units: Sequence[_Unit], entries: Sequence[Entry]) -> _Clusters:
    clusters = _Clusters(units)
    by_id: dict[str, list[int]] = defaultdict(list)
    by_key: dict[str, list[int]] = defaultdict(list)
    for i, unit in enumerate(units):
        if unit.concept_id:
            by_id[unit.concept_id].append(i)
        if unit.group:
            by_id["group:" + unit.group].append(i)
        labels = unit.labels
        for key in (label_key(labels[0]),) if len(labels) == 1 else {label_key(label) for label in labels}:
            if key:
                by_key[key].append(i)
    for members in by_id.values():
        for other in members[1:]:
            clusters.union(members[0], other, force=True)  # one stated id or group is one concept
    bracketed = [  # units that write some label with a bracket, as a qualified name does
        " (" in entries[unit.entry].term or " (" in "\n".join(unit.labels) for unit in units
    ]
    for key, members in by_key.items():
        if len(members) > 1 and any(bracketed[i] for i in members):
            by_key[key] = _without_shared_qualifier(units, entries, key, members)
    ambiguous = _ambiguous_acronyms(units)
    deferred: list[tuple[int, str]] = []
    # Claiming units first, so that expansions decide before bare acronyms attach.
    for key, members in by_key.items():
        if len(members) == 1 and key not in ambiguous:  # (most keys: a label no other unit has)
            continue
        if key in ambiguous:
            claimed = [i for i in members if key in units[i].claims]
            for i in members:
                if key not in units[i].claims:
                    deferred.append((i, key))
            for i in claimed:
                for j in claimed:
                    if j > i and _compatible(units[i].claims[key], units[j].claims[key]):
                        clusters.union(i, j)
            continue
        claimed = [i for i in members if key in units[i].claims]
        if not claimed:
            for other in members[1:]:
                clusters.union(members[0], other)
            continue
        for other in claimed[1:]:
            clusters.union(claimed[0], other)
        others = [i for i in members if key not in units[i].claims]
        for i in others:
            if _fits_expansion(units, entries, i, claimed, key):
                clusters.union(claimed[0], i)
        for i in others[1:]:
            if not _fits_expansion(units, entries, i, claimed, key):
                clusters.union(others[0], i)  # the same other reading, if it fits none
    for i, key in deferred:
        _attach_by_context(clusters, units, entries, i, [j for j in by_key[key] if key in units[j].claims])
    return clusters


def _without_shared_qualifier(
    units: Sequence[_Unit], entries: Sequence[Entry], key: str, members: list[int]
) -> list[int]:
    """Return the units a label joins, leaving out those that write it as the bracket of a
    qualified name when two of one language qualify different names so: "content (web content)"
    and "technology (web content)" are two terms of one field, not two names of one idea (a
    translation that keeps the English name in brackets still joins it)."""
    if len(members) < 2:
        return members
    heads: dict[int, tuple[str, str]] = {}
    for i in members:
        entry = entries[units[i].entry]
        for label in (entry.term, *units[i].labels):
            head, bracket, rest = label.partition(" (")
            if bracket and rest.endswith(")") and label_key(rest[:-1]) == key:
                heads[i] = (entry.language, label_key(head))
    named: dict[str, set[str]] = defaultdict(set)
    for language, head in heads.values():
        named[language].add(head)
    apart = {language for language, names in named.items() if len(names) > 1}
    return [i for i in members if i not in heads or heads[i][0] not in apart] if apart else members


#: A bare acronym joins the concept that expands it only if their definitions share at
#: least this many content words (TOPP the path planner is not top-p sampling). One is
#: enough: a page of poor snippets ("GEMM — matrix multiplication, initialisation …") still
#: means the one expansion the termbase knows; a second reading is kept apart by its own
#: expansion (rule 4), not by the lack of shared words.
MIN_SHARED_CONTEXT_WORDS = 1


def _fits_expansion(
    units: Sequence[_Unit], entries: Sequence[Entry], unit: int, claimed: Sequence[int], key: str
) -> bool:
    """Return True if a unit that names an acronym without expanding it means the expansion.

    It does when it names the expansion itself among its labels, or when its definition
    shares content words with the definitions that give the expansion.
    """
    expansions = {units[i].claims[key].replace(" ", "") for i in claimed}
    if any(label_key(label) in expansions for label in units[unit].labels):
        return True
    mine = context_words(entries[units[unit].entry].definition)
    theirs: set[str] = set()
    for i in claimed:
        theirs |= context_words(entries[units[i].entry].definition)
        theirs |= set(units[i].claims[key].split())
    return len(mine & theirs) >= MIN_SHARED_CONTEXT_WORDS


def _ambiguous_acronyms(units: Sequence[_Unit]) -> set[str]:
    """Return acronym keys that different units expand to different ideas."""
    expansions: dict[str, set[str]] = defaultdict(set)
    for unit in units:
        for acronym, expansion in unit.claims.items():
            expansions[acronym].add(expansion)
    return {
        acronym
        for acronym, found in expansions.items()
        if len(found) > 1 and not all(_compatible(x, y) for x in found for y in found)
    }


def expansion_words(label: str) -> str:
    """Return an expansion as its normalised words joined by spaces."""
    return " ".join(label_words(label))


def _compatible(left: str, right: str) -> bool:
    """Return True if two expansions name the same idea (same words, give or take a few).

    "adam with decoupled weight decay" and "adam optimizer with decoupled weight decay"
    agree; "process reward model" and "probabilistic roadmap" do not.
    """
    if left == right:
        return True
    left, right = _spelled_out(left, right), _spelled_out(right, left)
    a, b = set(left.split()), set(right.split())
    return a <= b or b <= a or len(a & b) / len(a | b) >= 0.5


def _spelled_out(expansion: str, other: str) -> str:
    """Return `expansion` with each word that abbreviates a run of `other`'s words spelled out.

    "remote dma" against "remote direct memory access" reads "remote direct memory access".
    """
    words, theirs = expansion.split(), other.split()
    if len(words) >= len(theirs):
        return expansion
    result: list[str] = []
    for word in words:
        size = len(word)
        runs = (" ".join(theirs[i : i + size]) for i in range(len(theirs) - size + 1))
        initials = {run: "".join(w[0] for w in run.split()) for run in runs} if 2 <= size <= 5 else {}
        result.append(next((run for run, first in initials.items() if first == word), word))
    return " ".join(result)


def _attach_by_context(
    clusters: _Clusters,
    units: Sequence[_Unit],
    entries: Sequence[Entry],
    unit: int,
    candidates: Sequence[int],
) -> None:
    """Join a bare acronym unit to the reading whose definitions share most words with it."""
    words = context_words(entries[units[unit].entry].definition)
    scores: dict[int, float] = {}
    for candidate in candidates:
        root = clusters.find(candidate)
        if root in scores:
            continue
        theirs: set[str] = set()
        for member in clusters.cluster(root).units:
            theirs |= context_words(entries[units[member].entry].definition)
        scores[root] = len(words & theirs) / (len(words | theirs) or 1)
    ranked = sorted(scores.items(), key=lambda pair: -pair[1])
    if ranked and ranked[0][1] > 0 and (len(ranked) == 1 or ranked[0][1] > ranked[1][1] * 1.2):
        clusters.union(unit, ranked[0][0])


def _join_by_evidence(clusters: _Clusters, units: Sequence[_Unit], entries: Sequence[Entry]) -> None:
    """Join concepts that merge evidence says are one idea (see `termbase.evidence`).

    A definition that states another name ("also called gradient checkpointing", "Name
    (ALIAS) —") joins the one concept with that name; a label qualified by its field
    ("Heads (attention)") joins the one concept named without it whose definitions speak
    of that field; a label that is another plus a
    generic head word ("cross-entropy loss", "best-of-N sampling") joins it when their
    definitions are close. Joins that would give an acronym two expansions or join two
    stated ids are refused as everywhere else; a name several concepts share joins none.
    """
    from termbase.evidence import (
        MIN_VARIANT_SIMILARITY,
        QUALIFIED_LABEL,
        aliases_for,
        definition_similarity,
        variant_keys,
    )

    owners: dict[str, int | list[int]] = {}  # one unit as itself, several as a list (most have one)
    for i, unit in enumerate(units):
        for label in unit.labels:
            key = label_key(label)
            held = owners.get(key)
            if held is None:
                owners[key] = i
            elif isinstance(held, int):
                if held != i:
                    owners[key] = [held, i]
            elif held[-1] != i:
                held.append(i)

    def only_root(key: str) -> int | None:
        held = owners.get(key)
        if held is None:
            return None
        if isinstance(held, int):
            return clusters.find(held)
        roots = {clusters.find(j) for j in held}
        return roots.pop() if len(roots) == 1 else None

    for i, unit in enumerate(units):
        for alias in aliases_for(entries[unit.entry].definition, tuple(unit.labels)):
            root = only_root(label_key(alias.name))
            if root is not None and root != clusters.find(i):
                clusters.union(i, root)
    for i, unit in enumerate(units):
        for label in unit.labels:
            qualified = QUALIFIED_LABEL.match(label) if label.endswith(")") else None
            if not qualified:
                continue
            root = only_root(label_key(qualified.group("name")))
            if root is None or root == clusters.find(i):
                continue
            field = set(label_words(qualified.group("field")))
            theirs = " ".join(entries[units[j].entry].definition for j in clusters.cluster(root).units)
            if field and field <= set(label_words(theirs)):
                clusters.union(i, root)  # "Heads (attention)" is the head its field speaks of
    for i, unit in enumerate(units):
        for label in unit.labels:
            if " " not in label:  # (no head word to take away)
                continue
            for key, _word in variant_keys(label):
                root = only_root(key)
                if root is None or root == clusters.find(i):
                    continue
                mine = [entries[units[j].entry].definition for j in clusters.cluster(clusters.find(i)).units]
                theirs = [entries[units[j].entry].definition for j in clusters.cluster(root).units]
                closest = max((definition_similarity(a, b) for a in mine for b in theirs), default=0.0)
                if closest >= MIN_VARIANT_SIMILARITY:
                    clusters.union(i, root)


@lru_cache(maxsize=1 << 16)
def slug(text: str) -> str:
    """Return the URL slug for a label: lowercase ASCII words joined by hyphens."""
    return _ascii_slug(text) or slugify(text, replacements=_SLUG_REPLACEMENTS) or "concept"


_SLUG_QUOTES = re.compile(r"'+")
_SLUG_NUMBER_COMMA = re.compile(r"(?<=\d),(?=\d)")
_SLUG_NOT_ALLOWED = re.compile(r"[^-a-zA-Z0-9]+")
_SLUG_DASHES = re.compile(r"-{2,}")
#: The ASCII characters some of _SLUG_REPLACEMENTS replace (the others replace Greek letters).
_SLUG_REPLACED_ASCII = re.compile(
    "[" + re.escape("".join({c for old, _ in _SLUG_REPLACEMENTS for c in old if c.isascii()})) + "]"
)


def _ascii_slug(text: str) -> str:
    """Return python-slugify's slug of `text` with our replacements when, once they are made, it is
    plain ASCII (nearly every label), else "": the same steps without the Unicode ones, which do
    nothing to ASCII (normalising, transliterating; entities need a `&`, replaced by " and "),
    three times faster than slugify."""
    if not text.isascii() or _SLUG_REPLACED_ASCII.search(text):  # else no replacement applies
        for old, new in _SLUG_REPLACEMENTS:
            text = text.replace(old, new)
    if not text.isascii():
        return ""
    text = _SLUG_QUOTES.sub("-", text).lower()
    if "," in text:
        text = _SLUG_NUMBER_COMMA.sub("", text)
    return _SLUG_DASHES.sub("-", _SLUG_NOT_ALLOWED.sub("-", text)).strip("-")


def resolve(entries: Sequence[Entry]) -> list[Concept]:
    """Return the concepts the entries describe, sorted by id, each keeping its entries."""
    units = _units(entries)
    clusters = _cluster_units(units, entries)
    _join_by_evidence(clusters, units, entries)
    groups: dict[int, list[int]] = defaultdict(list)
    for i in range(len(units)):
        groups[clusters.find(i)].append(i)
    drafts = [_draft(entries, units, members) for members in groups.values()]
    del units, clusters, groups  # not needed to name the concepts: free them first
    return _assign_ids(drafts)


@dataclass(slots=True)
class _Draft:
    """A concept before its id is chosen (tuples, which the Concept then shares)."""

    label: str
    labels: tuple[str, ...]
    entries: tuple[Entry, ...]
    acronyms: tuple[str, ...]
    expansions: tuple[str, ...]
    topics: tuple[str, ...]
    explicit_id: str
    base_slug: str
    concept_id: str = ""  # chosen by _assign_ids


def _draft(entries: Sequence[Entry], units: Sequence[_Unit], members: list[int]) -> _Draft:
    if len(members) == 1:
        alone = _lone_draft(entries[units[members[0]].entry], units[members[0]])
        if alone is not None:
            return alone
    member_units = [units[i] for i in members]
    if len(member_units) == 1:  # most concepts: no entries to tell apart (hashing one is slow)
        concept_entries = [entries[member_units[0].entry]]
    else:
        concept_entries = _distinct_entries(entries, member_units)
        concept_entries.sort(key=lambda e: (e.source, e.line))
    # votes counted in plain dicts (a Counter each costs more than the counting)
    spellings: dict[str, dict[str, int]] = {}
    term_votes: dict[str, int] = {}
    english = any(entries[u.entry].language == "en" for u in member_units)
    for unit in member_units:
        for position, label in enumerate(unit.labels):
            key = label_key(label)
            counts = spellings.get(key)
            if counts is None:
                spellings[key] = {label: 1}
            else:
                counts[label] = counts.get(label, 0) + 1
            if position == 0 and (not english or entries[unit.entry].language == "en"):
                # a multilingual concept is named by its English label
                term_votes[key] = term_votes.get(key, 0) + 1
    claims: dict[str, dict[str, int]] = {}
    stated: set[str] = set()
    for unit in member_units:
        for acronym, expansion in unit.claims.items():
            written = expansion.replace(" ", "")
            votes = claims.setdefault(acronym, {})
            votes[written] = votes.get(written, 0) + 1
            if not unit.inferred:
                stated.add(written)

    def spelling(key: str) -> str:
        counts = spellings[key]
        if len(counts) == 1:  # (most keys: one spelling)
            return next(iter(counts))
        return max(counts.items(), key=lambda kv: (kv[1], kv[0] != kv[0].lower()))[0]

    explicit = next((e for e in concept_entries if e.concept_id), None)
    if explicit is not None:
        label = explicit.term
    elif len(term_votes) == 1:
        label = spelling(next(iter(term_votes)))
    else:  # the most voted, the first seen of those
        first_seen = {key: n for n, key in enumerate(spellings)}
        label = spelling(max(term_votes, key=lambda k: (term_votes[k], -first_seen[k])))
    own_key = label_key(label)
    labels = [label] + [spelling(k) for k in spellings if k != own_key]  # the others as first seen
    acronyms = [spelling(a) for a in claims if a in spellings]
    # each acronym's most voted expansion (the first of those, as Counter.most_common gives it)
    expansion_keys = [max(votes.items(), key=itemgetter(1))[0] for votes in claims.values()]
    expansions = [spelling(k) for k in expansion_keys if k in spellings]
    stated_expansions = [spelling(k) for k in expansion_keys if k in spellings and k in stated]
    topics = sorted({t for e in concept_entries for t in e.topics})
    explicit_id = explicit.concept_id if explicit else ""
    base = slug(label)
    if stated_expansions:
        base = slug(stated_expansions[0])
    elif expansions and label.isupper():
        base = slug(expansions[0])  # an all-capitals acronym reads better spelled out
    shared = tuple(labels)
    for entry in concept_entries:  # most concepts are named just as one of their entries
        if entry.labels == shared:
            shared = entry.labels
            break
    return _Draft(
        label,
        shared,
        tuple(concept_entries),
        tuple(acronyms),
        tuple(expansions),
        tuple(topics),
        explicit_id,
        base,
    )


def _distinct_entries(entries: Sequence[Entry], member_units: Sequence[_Unit]) -> list[Entry]:
    """Return the units' entries, each once, in order: `list(dict.fromkeys(...))` of them, but
    told apart by their place first (hashing an Entry hashes every field); only entries that
    share an identity (copies of one original entry restored from an export) are compared."""
    found = [entries[i] for i in dict.fromkeys(u.entry for u in member_units)]
    if len({(e.source, e.ordinal) for e in found}) < len(found):
        return list(dict.fromkeys(found))
    return found


def _lone_draft(entry: Entry, unit: _Unit) -> _Draft | None:
    """Return the draft of a concept of one unit that names no acronym, states no id and spells
    each key once (most concepts), as `_draft` makes it without counting votes; else None."""
    labels = tuple(unit.labels)
    if unit.claims or entry.concept_id or not labels:
        return None
    if len({label_key(label) for label in labels}) != len(labels):
        return None  # two spellings of one key: the votes choose
    # one vote each: the first label names it, the others follow in their order
    topics = tuple(sorted(set(entry.topics)))
    shared = entry.labels if entry.labels == labels else labels
    return _Draft(labels[0], shared, (entry,), (), (), topics, "", slug(labels[0]))


def _assign_ids(drafts: Iterable[_Draft]) -> list[Concept]:
    drafts = list(drafts)
    taken = {d.explicit_id for d in drafts if d.explicit_id}
    by_base: dict[str, list[_Draft]] = defaultdict(list)
    for draft in drafts:
        if not draft.explicit_id:
            by_base[draft.base_slug].append(draft)
    for draft in drafts:
        draft.concept_id = draft.explicit_id
    for base, same in by_base.items():
        if len(same) == 1 and base not in taken:
            same[0].concept_id = base
            taken.add(base)
            continue
        for draft in same:
            candidate = _qualified_slug(base, draft, taken)
            draft.concept_id = candidate
            taken.add(candidate)
    del by_base, taken
    concepts = [
        Concept(
            id=d.concept_id,
            label=d.label,
            labels=d.labels,
            entries=d.entries,
            acronyms=d.acronyms,
            expansions=d.expansions,
            topics=d.topics,
        )
        for d in drafts
    ]
    drafts.clear()
    return _mark_homonyms(sorted(concepts, key=lambda c: c.id))


def _qualified_slug(base: str, draft: _Draft, taken: set[str]) -> str:
    """Return `base` qualified by the first content words of the concept's own definition."""
    words = [
        w
        for w in re.findall(r"[a-z0-9]+", draft.entries[0].definition.lower())
        if w not in _STOPWORDS and len(w) > 2
    ]
    for size in (2, 3, 4):
        candidate = f"{base}-{slug(' '.join(words[:size]))}" if words else ""
        if candidate and candidate not in taken:
            return candidate
    number = 2
    while f"{base}-{number}" in taken:
        number += 1
    return f"{base}-{number}"


def _mark_homonyms(concepts: list[Concept]) -> list[Concept]:
    """Return the concepts with `homonym_of` set where two concepts share a label key."""
    owners: dict[str, str | list[str]] = {}  # one concept as its id, several as a list (most have one)
    for concept in concepts:
        for key in {label_key(label) for label in concept.labels}:
            held = owners.get(key)
            if held is None:
                owners[key] = concept.id
            elif isinstance(held, str):
                owners[key] = [held, concept.id]
            else:
                held.append(concept.id)
    result = []
    for concept in concepts:
        shared = [owners[label_key(label)] for label in concept.labels]
        if all(isinstance(held, str) for held in shared):  # only its own
            result.append(concept)
            continue
        others = sorted(
            {other for held in shared if isinstance(held, list) for other in held if other != concept.id}
        )
        if others:
            concept = Concept(
                id=concept.id,
                label=concept.label,
                labels=concept.labels,
                entries=concept.entries,
                acronyms=concept.acronyms,
                expansions=concept.expansions,
                topics=concept.topics,
                homonym_of=tuple(others),
            )
        result.append(concept)
    return result
