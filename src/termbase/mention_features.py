"""What the learned mention decision reads of one place (issue 14).

An everyday English word written as one ("value", "sample", "kernel") that is also a label is
the hard case for linking: it may mean the glossary's concept or just the everyday thing. For
such a place `termbase.mention_model` weighs a few numbers the linker has at hand anyway: how
common the word is in general English, whether it is the concept's headword or an alias, how
closely the two concepts are tied (`link._Kinship`) and whether they come from one source file,
how much the mentioning definition and the sentence around the word share with the target's own
words and neighbour concepts, how often the target's labels are matched in the glossary, how many
of the target's source file's own headwords are everyday words, and the words right around the
place. The weights are trained on the hand-judged gold (bench/train_mention_model.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import NamedTuple

from termbase.everyday_words import commonness
from termbase.matcher import Match
from termbase.mention_checks import (
    _FUNCTION_WORDS,
    _WORD_AFTER,
    Target,
    _sentence_bounds,
    _word_before,
    content_words,
)

#: The features read from the place and the two concepts alone (cheap), in the order
#: `cheap_features` returns them …
CHEAP_FEATURES = (
    "commonness",
    "alias",
    "headword",
    "kin_unbounded",
    "kinship",
    "same_source",
    "target_places",
    "determiner_before",
    "noun_after",
    "plural_of_singular",
    "qualified_target",
    "position",
    "source_everyday",
    "topics_agree",
)
#: … and those that compare words and neighbours of the sentence and definition with the target's
#: (dear), in the order `dear_features` returns them, each with its least and greatest value: the
#: decision asks for them only when the cheap ones leave it open.
DEAR_FEATURES = (
    ("sentence_speaks", 0.0, 1.0),
    ("sentence_share", 0.0, 1.0),
    ("sentence_target_words", 0.0, math.log1p(10)),
    ("sentence_kinship", 0.0, 3.0),
    ("local_kinship", 0.0, 3.0),
)
#: All features, in the order `place_features` returns them.
FEATURES = CHEAP_FEATURES + tuple(name for name, _, _ in DEAR_FEATURES)

_DETERMINERS = frozenset(
    ["a", "an", "the", "this", "that", "these", "those", "each", "every", "its", "their", "our", "your"]
)
#: Kinship above this tells no more (a few rare shared neighbours are as good as many).
_KIN_CAP = 3.0


class Place(NamedTuple):
    """One place a one-word everyday label was matched, as the learned decision sees it (a
    NamedTuple, not a dataclass: one is made for each such place, and it is immutable too)."""

    text: str  # the mentioning definition
    start: int
    end: int
    label: str  # the label matched
    target: Target
    target_id: str
    kinship: float  # `link._Kinship` of the two concepts
    same_source: bool  # the two concepts have an entry in one source file
    target_places: float  # log(1 + places the target's labels are matched) / log(concepts)
    target_stems: Callable[[], frozenset[str]]  # the target's own words, no plural s (asked if needed)
    #: the other places of the definition: (start, concept id)
    others: list[Match]
    neighbours: set[str]  # the target's neighbour concepts (see `link._Kinship`)
    weight: dict[str, float]  # how much each neighbour weighs (1 when not given)
    mentioner_tied: bool  # the mentioning concept is itself a neighbour of the target
    #: the share of one-word everyday headwords among the entries of the target's source file(s)
    #: (the most of its files): high where everyday words are the glossary's own terms
    source_everyday: float
    #: +1 when both concepts state topics and share one, -1 when both state topics and share none,
    #: 0 when either states none
    topics_agree: float = 0.0


def place_features(place: Place) -> tuple[float, ...]:
    """Return the numbers of `FEATURES` for one place."""
    return cheap_features(place) + dear_features(place)


def cheap_features(place: Place) -> tuple[float, ...]:
    """Return the numbers of `CHEAP_FEATURES` for one place."""
    text, start, end, target = place.text, place.start, place.end, place.target
    lowered = text[start:end].lower()
    label = place.label.lower()
    preferred = target.preferred
    before = _word_before(text[max(0, start - 40) : start])
    previous = before[1].lower() if before else ""
    after = _WORD_AFTER.match(text[end : end + 30])
    following = after.group(1).lower() if after else ""
    kin = place.kinship
    return (
        commonness(lowered),
        float(label != preferred),
        float(lowered.rstrip("s") in target.terms),
        float(math.isinf(kin)),
        0.0 if math.isinf(kin) else min(kin, _KIN_CAP),
        float(place.same_source),
        place.target_places,
        float(previous in _DETERMINERS),
        float(bool(following) and following.isalpha() and following not in _FUNCTION_WORDS),
        float(lowered.endswith("s") and not label.endswith("s")),
        float("(" in preferred),
        start / max(1, len(text)),
        place.source_everyday,
        place.topics_agree,
    )


def dear_features(place: Place) -> tuple[float, ...]:
    """Return the numbers of `DEAR_FEATURES` for one place."""
    text, start, end = place.text, place.start, place.end
    target_stems = place.target_stems()
    opening, closing = _sentence_bounds(text, start, end)
    sentence = {w.rstrip("s") for w in content_words(text[opening:closing])}
    sentence.discard(text[start:end].lower().rstrip("s"))
    in_sentence = len(sentence & target_stems)
    neighbours, weights, target_id = place.neighbours, place.weight, place.target_id
    ties: dict[str, float] = {}
    near: dict[str, float] = {}
    for other in place.others:
        concept_id = other.concept_id
        if concept_id in neighbours and concept_id != target_id:
            ties[concept_id] = weight = weights.get(concept_id, 1.0)
            if opening <= other.start < closing:
                near[concept_id] = weight
    return (
        float(in_sentence > 0),
        in_sentence / max(1, len(sentence)),
        min(math.log1p(in_sentence), DEAR_FEATURES[3][2]),
        min(sum(near.values()), _KIN_CAP),
        min(sum(ties.values()) + place.mentioner_tied, _KIN_CAP),
    )
