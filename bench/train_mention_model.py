"""Train the learned mention decision (termbase.mention_model) on the hand-judged gold (issue 14).

    python bench/train_mention_model.py [--write] [--recall-floor 0.89]

Training data: every place of the judged gold files in `TRAINING` (bench/merge_gold) that reaches
the decision, i.e. an everyday one-word label that the rule checks of `termbase.mention_checks`
let through up to the kinship test (the other places keep the rules' verdict). The labels are our
verdicts in those files. The model is a logistic regression (scikit-learn) over the features of
`termbase.mention_features`, centred and scaled, L2-regularised (C = 0.1).

The threshold is the highest probability cut whose pooled recall over the training files (out
of fold: each file predicted by a model trained on the others) stays at or above the recall
floor, so precision is bought only with recall to spare. Cross-validated figures: each gold
file in turn is left out, its threshold chosen the same way on the other files alone (nested),
then measured on it, over all its judged places (rules deciding the places the model does not).
With --write the model trained on all files is saved as src/termbase/mention_model.json.
Later gold files (mentions_heldout9 and after) are not training data: they measure it.
"""

from __future__ import annotations

import argparse
import json

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from mention_places import JudgedPlace, judged_places
from termbase.mention_features import FEATURES
from termbase.mention_model import MODEL_FILE

#: The gold files trained on: all seen before (heldout7 and heldout8 each measured a model once, then joined).
TRAINING = (
    "mentions",
    "mentions_fresh",
    "mentions_heldout2",
    "mentions_heldout3",
    "mentions_heldout4",
    "mentions_heldout5",
    "mentions_heldout6",
    "mentions_heldout7",
    "mentions_heldout8",
)
C = 0.1
CUTS = tuple(round(0.30 + 0.01 * i, 2) for i in range(66))  # 0.30 … 0.95


def _fit(rows: list[JudgedPlace]):
    gate = [r for r in rows if r.features is not None]
    x = np.array([r.features for r in gate])
    y = np.array([r.right for r in gate])
    return make_pipeline(StandardScaler(), LogisticRegression(C=C, max_iter=5000)).fit(x, y)


def _probabilities(model, rows: list[JudgedPlace]) -> dict[int, float]:
    gate = [i for i, r in enumerate(rows) if r.features is not None]
    if not gate:
        return {}
    p = model.predict_proba(np.array([rows[i].features for i in gate]))[:, 1]
    return dict(zip(gate, p, strict=True))


def _scores(rows: list[JudgedPlace], probability: dict[int, float], cut: float) -> tuple[float, float]:
    """Return precision and recall over all rows: the model decides its places at `cut`, rules the rest."""
    tp = fp = fn = 0
    for i, row in enumerate(rows):
        kept = probability[i] >= cut if i in probability else row.rule_kept
        tp += kept and row.right
        fp += kept and not row.right
        fn += row.right and not kept
    return tp / max(1, tp + fp), tp / max(1, tp + fn)


def _out_of_fold(rows: list[JudgedPlace]) -> dict[int, float]:
    """Return each gate place's probability from a model trained on the other gold files."""
    out: dict[int, float] = {}
    for name in dict.fromkeys(r.gold for r in rows):
        test = [i for i, r in enumerate(rows) if r.gold == name]
        model = _fit([r for r in rows if r.gold != name])
        found = _probabilities(model, [rows[i] for i in test])
        out.update({test[j]: p for j, p in found.items()})
    return out


def choose_cut(rows: list[JudgedPlace], floor: float) -> float:
    """Return the highest cut whose out-of-fold pooled recall over `rows` is at least `floor`."""
    probability = _out_of_fold(rows)
    fitting = [cut for cut in CUTS if _scores(rows, probability, cut)[1] >= floor]
    return max(fitting) if fitting else CUTS[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--write", action="store_true", help=f"save the model as {MODEL_FILE.name}")
    parser.add_argument("--recall-floor", type=float, default=0.89)
    args = parser.parse_args()
    rows = judged_places(list(TRAINING))
    gate = [r for r in rows if r.features is not None]
    right = sum(r.right for r in gate)
    print(f"{len(rows)} judged places, {len(gate)} reach the learned decision ({right} right)")
    pooled = {"rules": [0, 0, 0], "model": [0, 0, 0]}
    for name in TRAINING:
        train = [r for r in rows if r.gold != name]
        test = [r for r in rows if r.gold == name]
        cut = choose_cut(train, args.recall_floor)
        probability = _probabilities(_fit(train), test)
        rules = _scores(test, {}, 0.0)
        model = _scores(test, probability, cut)
        print(
            f"  left out {name:18} cut {cut:.2f}: rules P {rules[0]:.3f} R {rules[1]:.3f} -> "
            f"model P {model[0]:.3f} R {model[1]:.3f}"
        )
        for i, row in enumerate(test):
            for key, kept in (
                ("rules", row.rule_kept),
                ("model", probability[i] >= cut if i in probability else row.rule_kept),
            ):
                pooled[key][0] += kept and row.right
                pooled[key][1] += kept and not row.right
                pooled[key][2] += row.right and not kept
    for key, (tp, fp, fn) in pooled.items():
        print(f"cross-validated, pooled ({key}): precision {tp / (tp + fp):.3f}, recall {tp / (tp + fn):.3f}")
    cut = choose_cut(rows, args.recall_floor)
    final = _fit(rows)
    scaler, regression = final.named_steps["standardscaler"], final.named_steps["logisticregression"]
    data = {
        "about": "termbase.mention_model: logistic regression trained by bench/train_mention_model.py "
        f"on {len(gate)} judged places of {', '.join(TRAINING)}",
        "features": list(FEATURES),
        "mean": [round(float(v), 6) for v in scaler.mean_],
        "scale": [round(float(v), 6) for v in scaler.scale_],
        "coefficients": [round(float(v), 6) for v in regression.coef_[0]],
        "intercept": round(float(regression.intercept_[0]), 6),
        "threshold": cut,
    }
    print(f"threshold (out of fold over all training files): {cut:.2f}")
    for name, weight in sorted(zip(FEATURES, data["coefficients"], strict=True), key=lambda p: p[1]):
        print(f"  {name:24} {weight:+.3f}")
    if args.write:
        MODEL_FILE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {MODEL_FILE}")


if __name__ == "__main__":
    main()
