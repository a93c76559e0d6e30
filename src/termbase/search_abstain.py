"""Judge when a search should answer "no concept is named that" instead of giving its hits.

A query that matched no label as a whole is answered by concepts its words or its meaning
reach; whether the best of them *is* what the query asks about is a judgement over evidence
the search has already worked out (`features`): how the hit matched and how well (its score,
its cosine to the query and the margin to the next), how much of the query and of the name
it asks about the hit's labels and text hold, the name rules of termbase.search_names (a
word no label holds, a name marked by capitals, a name only part of which the hit holds),
how many of the query's words the termbase has never seen, the query's shape, and how close
in meaning the name it asks about, embedded alone, is to the best hit.

The name rules decide first. A query they would send to "related" is answered after all
when a logistic regression over the name's meaning (`AbstainModel`, its features listed in
the model file) gives a probability at or above its threshold that the hits answer it:
"tanh activation function" holds a word *tanh*'s labels lack, yet the name means that
concept. Trained by scripts/train_abstain.py on the labelled query sets in bench/, with
figures cross-validated by set, and shipped as coefficients (termbase/models/abstain.json):
nothing is fitted at run time and only the standard library computes it. The model needs
embeddings; a termbase without them keeps the name rules alone.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from termbase import search_names

if TYPE_CHECKING:
    from termbase.search import Hit, SearchIndex

MODEL_PATH = Path(__file__).resolve().parent / "models" / "abstain.json"
#: Fewest concepts of a termbase the model judges for: it was trained on termbases of 958 and
#: 1,842 concepts, and in a small one the nearest other concept to a name is far, so the
#: margins it reads mean something else (the name rules decide alone there).
MODEL_MIN_CONCEPTS = 200
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
#: Content words counted at most in the query-length feature.
MAX_WORDS_COUNTED = 12


@dataclass(slots=True)
class Evidence:
    """What a search worked out besides its scores: each looked-at concept's cosine to the
    query (blended over its two embeddings) and its full-text score, when they ran."""

    embedded: bool = False
    cosines: dict[str, float] = field(default_factory=dict)
    in_text: dict[str, float] = field(default_factory=dict)
    #: Cosine of the name the query asks about, embedded alone, to the top hit and to the
    #: nearest other concept (0 when the query asks about no name).
    name_cosine: float = 0.0
    name_other_cosine: float = 0.0


@dataclass(frozen=True, slots=True)
class RuleFlags:
    """What each name rule of termbase.search_names says about a query (empty: nothing)."""

    unknown_words: tuple[str, ...]
    unknown_phrases: tuple[str, ...]
    partly_named: tuple[str, ...]

    def names(self) -> tuple[str, ...]:
        """Return the names the first rule that fired gives (the rules' own decision)."""
        return self.unknown_words or self.unknown_phrases or self.partly_named


FEATURES = (
    "content_words",
    "reads_as_name",
    "asks_a_name",
    "name_with_purpose",
    "embedded",
    "top_score",
    "score_margin",
    "top_semantic",
    "top_fulltext",
    "top_mention",
    "top_cosine",
    "cosine_margin",
    "top_words",
    "text_coverage",
    "label_coverage",
    "name_label_coverage",
    "name_unaccounted",
    "name_answered_in_top",
    "rule_unknown_words",
    "rule_unknown_phrase",
    "rule_partly_named",
    "unseen_words",
    "hit_count",
    "name_cosine",
    "name_cosine_margin",
    "purpose_name_missed",
    "asked_name_missed",
    "partial_name_cosine",
)


def features(
    index: SearchIndex,
    words: list[str],
    hits: list[Hit],
    evidence: Evidence,
    rules: RuleFlags,
    asked: list[tuple[str, str]],
    name_like: bool,
) -> dict[str, float]:
    """Return the evidence about a query's hits as named numbers (see FEATURES)."""
    top = hits[0]
    second_score = hits[1].score if len(hits) > 1 else 0.0
    top_cosine = evidence.cosines.get(top.id, 0.0)
    other_cosines = [c for concept_id, c in evidence.cosines.items() if concept_id != top.id]
    name, how = asked[0] if asked else ("", "")
    name_coverage, unaccounted, answered = 0.0, 0.0, 0.0
    if name:
        covered, missing = search_names.uncovered_words(name, index.labels.get(top.id, ()) or (top.label,))
        if covered or missing:
            name_coverage = len(covered) / (len(covered) + len(missing))
        unaccounted = float(len(index._accounted(top.id, name)[1]))
        answered = float(any(index._answers(hit.id, name) for hit in hits[:5]))
    count = max(len(words), 1)
    text_words = index.concept_words(top.id)
    label_words = {w for label in index.labels.get(top.id, ()) or (top.label,) for w in _stems(label)}
    return {
        "content_words": float(min(len(words), MAX_WORDS_COUNTED)),
        "reads_as_name": float(name_like),
        "asks_a_name": float(how == "asked"),
        "name_with_purpose": float(how in ("purpose", "opening")),
        "embedded": float(evidence.embedded),
        "top_score": top.score,
        "score_margin": top.score - second_score,
        "top_semantic": float(top.matched == "semantic"),
        "top_fulltext": float(top.matched == "fulltext"),
        "top_mention": float(top.matched == "mention"),
        "top_cosine": top_cosine,
        "cosine_margin": top_cosine - max(other_cosines, default=0.0) if evidence.embedded else 0.0,
        "top_words": evidence.in_text.get(top.id, 0.0),
        "text_coverage": sum(1 for w in words if _held(w, text_words)) / count,
        "label_coverage": sum(1 for w in words if _held(w, label_words)) / count,
        "name_label_coverage": name_coverage,
        "name_unaccounted": min(unaccounted, 3.0),
        "name_answered_in_top": answered,
        "rule_unknown_words": float(bool(rules.unknown_words)),
        "rule_unknown_phrase": float(bool(rules.unknown_phrases)),
        "rule_partly_named": float(bool(rules.partly_named)),
        "unseen_words": sum(1 for w in words if not index.word_seen(w)) / count,
        "hit_count": min(len(hits), 10) / 10,
        "name_cosine": evidence.name_cosine,
        "name_cosine_margin": evidence.name_cosine - evidence.name_other_cosine if name else 0.0,
        "purpose_name_missed": float(how in ("purpose", "opening") and unaccounted > 0),
        "asked_name_missed": float(how == "asked" and unaccounted > 0),
        "partial_name_cosine": evidence.name_cosine if unaccounted > 0 else 0.0,
    }


def _stems(text: str) -> set[str]:
    """Return a text's words, lower case, and their first five letters (for longer words)."""
    found = set()
    for word in _WORD.findall(text.lower()):
        found.add(word)
        if len(word) >= 5:
            found.add(word[:5])
    return found


def _held(word: str, stems: set[str] | frozenset[str]) -> bool:
    """Return True if a word, its singular or its first five letters is among `stems`."""
    singular = word[:-1] if word.endswith("s") and len(word) > 3 else word
    return bool({word, singular, word[:5] if len(word) >= 5 else word} & stems)


@dataclass(frozen=True, slots=True)
class AbstainModel:
    """A logistic regression over standardised features, and the probability below which a
    search abstains."""

    weights: dict[str, float]
    means: dict[str, float]
    scales: dict[str, float]
    bias: float
    threshold: float

    def probability(self, values: dict[str, float]) -> float:
        """Return the probability that the hits answer the query."""
        z = self.bias + sum(
            weight * (values[name] - self.means[name]) / self.scales[name]
            for name, weight in self.weights.items()
        )
        return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))

    def as_dict(self) -> dict[str, object]:
        """Return the model as the JSON object stored in MODEL_PATH."""
        return {
            "features": list(self.weights),
            "weights": self.weights,
            "means": self.means,
            "scales": self.scales,
            "bias": self.bias,
            "threshold": self.threshold,
        }


def model_from_dict(data: dict[str, object]) -> AbstainModel:
    """Return a model from its stored JSON object."""
    return AbstainModel(
        weights={k: float(v) for k, v in data["weights"].items()},  # type: ignore[union-attr]
        means={k: float(v) for k, v in data["means"].items()},  # type: ignore[union-attr]
        scales={k: float(v) for k, v in data["scales"].items()},  # type: ignore[union-attr]
        bias=float(data["bias"]),  # type: ignore[arg-type]
        threshold=float(data["threshold"]),  # type: ignore[arg-type]
    )


@lru_cache(maxsize=1)
def shipped_model() -> AbstainModel | None:
    """Return the model shipped with termbase, or None when there is none (the name rules
    decide alone), or when it uses a feature this version does not work out."""
    if not MODEL_PATH.is_file():
        return None
    data = json.loads(MODEL_PATH.read_text(encoding="utf-8"))
    if not set(data.get("weights", {})) <= set(FEATURES):
        return None
    return model_from_dict(data)
