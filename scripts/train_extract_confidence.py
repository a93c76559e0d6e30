"""Fit and judge a calibrated confidence for `termbase extract` (termbase vs review queue).

    pip install -e '.[train]'
    python scripts/train_extract_confidence.py --heldout DIR --heldout2 DIR [--corpora DIR]
    python scripts/train_extract_confidence.py ... --rows rows.json   # keep the candidate rows
    python scripts/train_extract_confidence.py ... --write            # write the model if it passes

The extractor decides termbase vs review by a hand-set score (rule confidence >= 0.6). This
script asks whether a logistic regression over the evidence each candidate already carries
(`ExtractedEntry.features`: signals, markup, counts, spread over chapters, nesting, keyness,
rule confidence …) would move glossary terms out of the review queue without letting wrong
entries in.

Data: only the pairs the extractor was tuned on or that were already seen (bench/extract_pairs.yaml,
extract_heldout.yaml, extract_heldout2.yaml); the third held-out batch is never read here.
Labels are ours: a candidate is right (1) when it names a term of the course's human glossary
or a reader judged it a term the text defines (bench/extract_gold/**.judged.yaml), wrong (0)
when a reader judged it not one; other candidates are not trained on.

Judged by leaving one course out at a time: the model fitted on the other courses scores the
course's review queue; a candidate is promoted when its probability reaches the threshold AND
a sentence defines it (a term with no defining sentence stays in review, whatever the model
says). Reported per threshold, pooled over the courses: glossary terms gained, promoted
candidates judged right / judged wrong / never judged (counted as wrong, as the bench counts
unjudged entries). The gate: at least one glossary term gained and pooled precision of the
promoted >= 0.85 at some threshold. Only then does --write put the model fitted on every
course in src/termbase/models/extract_confidence.json.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import extract_quality as bench  # noqa: E402

MODEL_PATH = ROOT / "src" / "termbase" / "models" / "extract_confidence.json"
THRESHOLDS = (0.5, 0.6, 0.7, 0.8, 0.9)
#: Inverse regularisation strength of the logistic regression.
REGULARISATION = 1.0
#: Pooled precision the promoted candidates must reach (the issue's precision target).
GATE_PRECISION = 0.85


@dataclass(frozen=True, slots=True)
class Row:
    """One candidate of one course: kept or in review, its label (None: nobody knows) and evidence."""

    book: str
    term: str
    kept: bool
    label: int | None
    glossary_terms: tuple[str, ...]
    features: dict[str, float]


def training_books(args: argparse.Namespace) -> list[bench.Book]:
    """Return the tuned-on and seen books (never the third held-out batch)."""
    books = bench.load_books(bench.PAIRS, args.corpora, held_out=False)
    books += bench.load_books(bench.HELDOUT, args.heldout, held_out=True)
    books += bench.load_books(bench.HELDOUT2, args.heldout2, held_out=True, batch="held-out2")
    return books


def book_rows(book: bench.Book) -> list[Row]:
    """Extract one book and label each candidate from its glossary and judgements."""
    from termbase.extract import extract_glossary
    from termbase.extract_score import read_human_glossary
    from termbase.labels import label_key

    human = bench.fix_human_terms(read_human_glossary([str(p) for p in book.glossary], book.glossary_format),
                                  book)
    judged = bench.load_judgements(book)
    result = extract_glossary([str(p) for p in book.chapters], base_url="")
    rows = []
    for kept, entries in ((True, result.entries), (False, result.review)):
        for entry in entries:
            keys = {label_key(label) for label in (entry.term, *entry.labels)}
            terms = tuple(h.term for h in human if h.keys & keys)
            verdict = next((judged[k].is_term for k in keys if k in judged), None)
            label = 1 if terms or verdict else 0 if verdict is False else None
            rows.append(Row(book.name, entry.term, kept, label, terms, dict(entry.features)))
    return rows


def fit(rows: list[Row]) -> dict[str, object]:
    """Return a logistic regression fitted on the labelled rows, as plain coefficients."""
    import numpy as np
    from sklearn.linear_model import LogisticRegression

    names = sorted(rows[0].features)
    labelled = [r for r in rows if r.label is not None]
    x = np.array([[r.features[n] for n in names] for r in labelled])
    y = np.array([r.label for r in labelled])
    means, scales = x.mean(axis=0), x.std(axis=0)
    scales[scales == 0] = 1.0
    regression = LogisticRegression(C=REGULARISATION, class_weight="balanced", max_iter=2000)
    regression.fit((x - means) / scales, y)
    return {"features": names, "weights": dict(zip(names, map(float, regression.coef_[0]), strict=True)),
            "means": dict(zip(names, map(float, means), strict=True)),
            "scales": dict(zip(names, map(float, scales), strict=True)),
            "bias": float(regression.intercept_[0])}


def probability(model: dict[str, object], features: dict[str, float]) -> float:
    """Return the model's probability that a candidate is a right entry."""
    import math

    weights, means, scales = model["weights"], model["means"], model["scales"]
    assert isinstance(weights, dict) and isinstance(means, dict) and isinstance(scales, dict)
    z = float(model["bias"]) + sum(w * (features[n] - means[n]) / scales[n] for n, w in weights.items())
    return 1.0 / (1.0 + math.exp(-z))


def leave_one_course_out(rows: list[Row], need_defining: bool = True) -> dict[float, dict[str, object]]:
    """Return, per threshold, what the review queues of the left-out courses would give up."""
    promoted: dict[float, list[Row]] = {t: [] for t in THRESHOLDS}
    for course in sorted({r.book for r in rows}):
        model = fit([r for r in rows if r.book != course])
        for row in rows:
            if row.book != course or row.kept or (need_defining and not row.features["defining"]):
                continue
            p = probability(model, row.features)
            for threshold in THRESHOLDS:
                if p >= threshold:
                    promoted[threshold].append(row)
    table: dict[float, dict[str, object]] = {}
    for threshold, chosen in promoted.items():
        right = sum(1 for r in chosen if r.label == 1)
        wrong = sum(1 for r in chosen if r.label == 0)
        unjudged = len(chosen) - right - wrong
        gained: dict[str, set[str]] = {}
        for r in chosen:
            gained.setdefault(r.book, set()).update(r.glossary_terms)
        table[threshold] = {
            "promoted": len(chosen), "right": right, "wrong": wrong, "unjudged": unjudged,
            "precision": round(right / len(chosen), 2) if chosen else None,
            "glossary_terms_gained": sum(len(v) for v in gained.values()),
            "by_course": {k: len(v) for k, v in sorted(gained.items()) if v},
        }
    return table


def review_gap(rows: list[Row]) -> dict[str, dict[str, int]]:
    """Return per course how many glossary terms only the review queue holds, with and without
    a sentence that defines them (only the first can leave the queue)."""
    gap: dict[str, dict[str, int]] = {}
    for course in sorted({r.book for r in rows}):
        kept = {t for r in rows if r.book == course and r.kept for t in r.glossary_terms}
        with_sentence: set[str] = set()
        without: set[str] = set()
        for r in rows:
            if r.book == course and not r.kept:
                (with_sentence if r.features["defining"] else without).update(set(r.glossary_terms) - kept)
        gap[course] = {"with_defining_sentence": len(with_sentence), "without": len(without - with_sentence)}
    return gap


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpora", type=Path, default=bench.DEFAULT_CORPORA)
    parser.add_argument("--heldout", type=Path, required=True, help="extract_heldout.yaml books")
    parser.add_argument("--heldout2", type=Path, required=True, help="extract_heldout2.yaml books")
    parser.add_argument("--rows", type=Path, help="candidate rows: read, or saved")
    parser.add_argument("--write", action="store_true", help="write the model if it passes the gate")
    args = parser.parse_args()
    if args.rows and args.rows.exists():
        rows = [Row(**{**item, "glossary_terms": tuple(item["glossary_terms"])})
                for item in json.loads(args.rows.read_text(encoding="utf-8"))]
    else:
        rows = [row for book in training_books(args) for row in book_rows(book)]
        if args.rows:
            args.rows.write_text(json.dumps([asdict(r) for r in rows]), encoding="utf-8")
    labelled = [r for r in rows if r.label is not None]
    print(f"{len(rows)} candidates of {len({r.book for r in rows})} courses; {len(labelled)} labelled "
          f"({sum(r.label == 1 for r in labelled)} right); review queue: {sum(not r.kept for r in rows)}")
    print("\nglossary terms only the review queue holds (with / without a defining sentence):")
    for course, counts in review_gap(rows).items():
        print(f"  {course:28} {counts['with_defining_sentence']:3} / {counts['without']:3}")
    passing = []
    for need_defining in (True, False):
        title = ("promoted from review (a sentence defines it), left-one-course-out:" if need_defining else
                 "for scale only, not allowed: promoted whether or not a sentence defines it:")
        print(f"\n{title}")
        for threshold, figures in leave_one_course_out(rows, need_defining).items():
            print(f"  p >= {threshold}: {figures}")
            precision = figures["precision"]
            if need_defining and figures["glossary_terms_gained"] and precision is not None \
                    and precision >= GATE_PRECISION:
                passing.append(threshold)
    if not passing:
        print(f"\ngate not met: no threshold gains a glossary term at pooled precision >= {GATE_PRECISION} "
              "(unjudged promoted candidates count as wrong); no model written")
        return 1
    threshold = min(passing)
    print(f"\ngate met at p >= {threshold}")
    if args.write:
        model = fit(rows) | {"threshold": threshold}
        MODEL_PATH.write_text(json.dumps(model, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {MODEL_PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
