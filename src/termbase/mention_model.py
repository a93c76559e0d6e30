"""The learned decision for an everyday word matched as a label (issue 14).

A logistic regression over the numbers of `termbase.mention_features`, trained on the mention
places we judged by hand (bench/merge_gold) by bench/train_mention_model.py, which writes its
few coefficients to mention_model.json beside this module: each feature is centred and scaled
as in training, weighted, summed with the intercept; the place links when that sum reaches the
threshold (the log-odds of the probability chosen in cross-validation).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from termbase.mention_features import (
    CHEAP_FEATURES,
    DEAR_FEATURES,
    FEATURES,
    Place,
    cheap_features,
    dear_features,
)

MODEL_FILE = Path(__file__).with_name("mention_model.json")


@dataclass(frozen=True, slots=True)
class MentionModel:
    """The trained decision: a weight per feature (already divided by the feature's scale)."""

    weights: tuple[float, ...]
    bias: float  # the intercept, with the features' centres folded in
    threshold: float  # the least probability that links
    cut: float  # … as the least score (log-odds) that links
    dear_low: float  # the least the dear features can add to the score
    dear_high: float  # … and the most

    def probability(self, features: tuple[float, ...]) -> float:
        """Return the probability that the place mentions the concept."""
        return 1.0 / (1.0 + math.exp(-self.score(features)))

    def score(self, features: tuple[float, ...]) -> float:
        """Return the log-odds that the place mentions the concept."""
        return self.bias + sum(w * x for w, x in zip(self.weights, features, strict=True))

    def keeps(self, place: Place) -> bool:
        """Return True if the place links: the score of all its features reaches the cut. The
        dear features are worked out only when the cheap ones, with the least and the most the
        dear ones can add, leave that open (the same answer, for less work)."""
        weights = self.weights
        score = self.bias + sum(w * x for w, x in zip(weights, cheap_features(place), strict=False))
        if score + self.dear_low >= self.cut:
            return True
        if score + self.dear_high < self.cut:
            return False
        dear = weights[len(CHEAP_FEATURES) :]
        return score + sum(w * x for w, x in zip(dear, dear_features(place), strict=True)) >= self.cut


def from_coefficients(data: dict) -> MentionModel:
    """Return the model that bench/train_mention_model.py saved as `data` (see `MODEL_FILE`)."""
    if tuple(data["features"]) != FEATURES:
        raise ValueError(
            f"{MODEL_FILE.name} was trained on other features: retrain with bench/train_mention_model.py"
        )
    means, scales, coefficients = data["mean"], data["scale"], data["coefficients"]
    weights = tuple(c / s for c, s in zip(coefficients, scales, strict=True))
    bias = data["intercept"] - sum(w * m for w, m in zip(weights, means, strict=True))
    dear = list(zip(weights[len(CHEAP_FEATURES) :], DEAR_FEATURES, strict=True))
    threshold = data["threshold"]
    return MentionModel(
        weights=weights,
        bias=bias,
        threshold=threshold,
        cut=math.log(threshold / (1.0 - threshold)),
        dear_low=sum(min(w * low, w * high) for w, (_, low, high) in dear),
        dear_high=sum(max(w * low, w * high) for w, (_, low, high) in dear),
    )


@cache
def mention_model() -> MentionModel:
    """Return the shipped model (read once)."""
    return from_coefficients(json.loads(MODEL_FILE.read_text(encoding="utf-8")))
