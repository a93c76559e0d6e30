"""Train the search abstain model (termbase.search_abstain) on the labelled query sets.

    pip install -e '.[train]'
    python scripts/train_abstain.py                      # cross-validate, then write the model
    python scripts/train_abstain.py --cv-only --misses   # cross-validated figures only
    python scripts/train_abstain.py --seeds-db /tmp/seeds.db   # reuse a seeds termbase

Every query of each set is searched (explained: the evidence is worked out for every query
that matched no label as a whole and got hits). Such a query is labelled 0 when it is
absent or off-topic (kind `negative`), 1 when its expected concept is in the top 5 hits; a
query whose expected concept is not in the top 5 is left out (abstaining or not, it is
missed). Sets 1-2 run on the seed glossaries (as bench/search_quality.py does), the rest on
the built-in glossary.

The model judges the queries the name rules would send to "related" (see
termbase.search.SearchIndex.judged) and is fitted on those only, over MODEL_FEATURES, with
both classes weighing alike. Figures are cross-validated by set: each set is judged by a
model fitted on the others, and its questions found in the top 5, absent queries rejected
and other kinds found are reported as bench/search_quality.py counts them, beside the
name rules alone. The model fitted on every set is written to
src/termbase/models/abstain.json with THRESHOLD.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import yaml

from termbase import search_abstain, semantic
from termbase.build import build_termbase
from termbase.store import Termbase

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
SEEDS = ROOT.parent / "shared" / "seeds"
#: The sets run on the seeds termbase (the others on the built-in glossary).
SEED_SETS = ("queries.yaml", "queries_second.yaml")
#: Sets left out of training: written to be measured untouched.
HELD_OUT_PREFIXES = (
    "queries_twelfth",
    "queries_thirteenth",
    "queries_fourteenth",
    "queries_fifteenth",
    "queries_sixteenth",
    "queries_seventeenth",
    "queries_eighteenth",
)
#: What the model reads: how close in meaning the name the query asks about (embedded alone)
#: is to the best hit and to the nearest other concept, and the whole query to the best hit.
#: Chosen by the cross-validated figures among: every feature (more absent queries rejected
#: on one set, more questions lost on most), a dozen, the first and last of these alone (one
#: absent query of set 4 answered at 0.9) and these three.
MODEL_FEATURES = ("name_cosine", "name_cosine_margin", "top_cosine")
#: Regularisation of the logistic regression (inverse strength).
REGULARISATION = 10.0
#: Probability at or above which a query the rules send to "related" is answered: the
#: lowest at which no flagged absent query was answered in the query-level cross-validation
#: (`query_folds`, three shuffles; at 0.9 one of 37 was in one shuffle, at 0.8 one or two).
THRESHOLD = 0.95
#: Folds and shuffles of the query-level cross-validation.
FOLDS = 5
SHUFFLES = 3
RULE_FLAGS = ("rule_unknown_words", "rule_unknown_phrase", "rule_partly_named")


@dataclass(frozen=True, slots=True)
class Row:
    """One query of a set as searched: its kind, whether the expected concept is in the top
    5 (or for a negative, whether it got hits), and the judged features (empty: not judged)."""

    set_name: str
    query: str
    kind: str
    found: bool
    features: dict[str, float]

    @property
    def label(self) -> int | None:
        """Return 0 for an absent query, 1 for an answerable one, None when not judged."""
        if not self.features:
            return None
        if self.kind == "negative":
            return 0
        return 1 if self.found else None

    @property
    def flagged(self) -> bool:
        """Return True if the name rules send the query to "related"."""
        return bool(self.features) and any(self.features[f] for f in RULE_FLAGS)


def query_sets() -> list[Path]:
    """Return the labelled sets trained on, in order."""
    return [p for p in sorted(BENCH.glob("queries*.yaml")) if not p.name.startswith(HELD_OUT_PREFIXES)]


def searched(termbase: Termbase, set_name: str, queries: list[dict[str, object]]) -> list[Row]:
    """Search every query of a set (prefix queries are suggestions, not judged)."""
    index = termbase.search_index()
    rows = []
    for item in queries:
        kind = str(item["kind"])
        if kind == "prefix":
            continue
        query = str(item["query"])
        judged = index.judged(query, 10, explain=True)
        ids = [hit.id for hit in judged.top]
        expected = [str(e) for e in item.get("expect") or []]
        if kind == "negative":
            found = bool(ids)
        elif kind == "ambiguous":
            found = all(e in ids[: max(5, len(expected))] for e in expected)
        else:
            found = any(e in ids[:5] for e in expected)
        rows.append(Row(set_name, query, kind, found, judged.features))
    return rows


def all_rows(seeds_db: Path | None) -> list[Row]:
    """Search every set on its termbase."""
    from termbase.builtin import builtin_db

    rows: list[Row] = []
    sets = query_sets()
    with tempfile.TemporaryDirectory() as tmp:
        db = seeds_db or Path(tmp) / "seeds.db"
        if not db.exists():
            build_termbase(sorted(map(str, SEEDS.glob("*.txt"))), db, semantic=semantic.available())
        with Termbase.open(db) as termbase:
            for path in sets:
                if path.name in SEED_SETS:
                    rows += searched(termbase, path.stem, yaml.safe_load(path.read_text(encoding="utf-8")))
    with Termbase.open(builtin_db()) as termbase:
        for path in sets:
            if path.name not in SEED_SETS:
                rows += searched(termbase, path.stem, yaml.safe_load(path.read_text(encoding="utf-8")))
    return rows


def fit(rows: list[Row]) -> search_abstain.AbstainModel:
    """Fit the logistic regression on the labelled rows the rules flag."""
    import numpy as np
    from sklearn.linear_model import LogisticRegression

    trained = [r for r in rows if r.label is not None and r.flagged]
    x = np.array([[r.features[name] for name in MODEL_FEATURES] for r in trained])
    y = np.array([r.label for r in trained])
    means = x.mean(axis=0)
    scales = x.std(axis=0)
    scales[scales == 0] = 1.0
    if len(set(y.tolist())) < 2:  # every flagged query of these sets is absent (or answerable)
        return search_abstain.AbstainModel(
            weights=dict.fromkeys(MODEL_FEATURES, 0.0),
            means=dict.fromkeys(MODEL_FEATURES, 0.0),
            scales=dict.fromkeys(MODEL_FEATURES, 1.0),
            bias=-20.0 if y[0] == 0 else 20.0,
            threshold=THRESHOLD,
        )
    regression = LogisticRegression(C=REGULARISATION, class_weight="balanced", max_iter=2000)
    regression.fit((x - means) / scales, y)
    return search_abstain.AbstainModel(
        weights={n: float(w) for n, w in zip(MODEL_FEATURES, regression.coef_[0], strict=True)},
        means={n: float(m) for n, m in zip(MODEL_FEATURES, means, strict=True)},
        scales={n: float(s) for n, s in zip(MODEL_FEATURES, scales, strict=True)},
        bias=float(regression.intercept_[0]),
        threshold=THRESHOLD,
    )


def cross_validated(rows: list[Row]) -> dict[int, float]:
    """Return each judged row's probability of being answered (by row position): 1 when the
    rules answer it, else from a model fitted on the other sets."""
    probabilities: dict[int, float] = {}
    for held in sorted({r.set_name for r in rows}):
        model = fit([r for r in rows if r.set_name != held])
        for position, row in enumerate(rows):
            if row.set_name == held and row.features:
                probabilities[position] = model.probability(row.features) if row.flagged else 1.0
    return probabilities


def query_folds(rows: list[Row], threshold: float) -> list[tuple[int, int, list[str]]]:
    """Return, per shuffle, how many flagged answerable queries a model fitted without them
    answers and how many flagged absent ones it answers (with those): the queries the rules
    flag are split into FOLDS folds whatever their set, since most flagged answerable ones
    come from one set and a by-set split leaves no fold with any to learn from."""
    import random

    flagged = [i for i, r in enumerate(rows) if r.label is not None and r.flagged]
    results = []
    for shuffle in range(SHUFFLES):
        order = flagged[:]
        random.Random(shuffle).shuffle(order)
        probabilities: dict[int, float] = {}
        for fold in (order[k::FOLDS] for k in range(FOLDS)):
            held = set(fold)
            model = fit([r for i, r in enumerate(rows) if i not in held])
            probabilities.update((i, model.probability(rows[i].features)) for i in fold)
        answered = [i for i in flagged if probabilities[i] >= threshold]
        results.append(
            (
                sum(1 for i in answered if rows[i].label == 1),
                sum(1 for i in answered if rows[i].label == 0),
                [rows[i].query for i in answered if rows[i].label == 0],
            )
        )
    return results


def figures(rows: list[Row], probabilities: dict[int, float], threshold: float) -> dict[str, dict]:
    """Return per set: questions found in the top 5 and absent queries rejected, when judged
    rows below `threshold` abstain."""
    table: dict[str, dict[str, float]] = {}
    for position, row in enumerate(rows):
        entry = table.setdefault(
            row.set_name, {"questions": 0, "found": 0, "absent": 0, "rejected": 0, "others": 0, "kept": 0}
        )
        abstains = position in probabilities and probabilities[position] < threshold
        if row.kind == "negative":
            entry["absent"] += 1
            entry["rejected"] += int(not row.found or abstains)
        elif row.kind == "question":
            entry["questions"] += 1
            entry["found"] += int(row.found and not abstains)
        else:
            entry["others"] += 1
            entry["kept"] += int(row.found and not abstains)
    return table


def rules_decision(rows: list[Row]) -> dict[int, float]:
    """Return the name rules' own decision as probabilities (0: abstain, 1: answer)."""
    return {i: 0.0 if r.flagged else 1.0 for i, r in enumerate(rows) if r.features}


def report(rows: list[Row], probabilities: dict[int, float], threshold: float) -> None:
    """Print each set's cross-validated figures at a threshold."""
    for name, entry in figures(rows, probabilities, threshold).items():
        questions = entry["found"] / entry["questions"] if entry["questions"] else float("nan")
        print(
            f"  {name:<22} questions top-5 {questions:.3f} ({entry['found']}/{entry['questions']})"
            f"  absent rejected {entry['rejected']}/{entry['absent']}"
            f"  other kinds found {entry['kept']}/{entry['others']}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds-db", type=Path, help="a seeds termbase to reuse (built there if missing)")
    parser.add_argument("--cv-only", action="store_true", help="report cross-validated figures only")
    parser.add_argument("--misses", action="store_true", help="list the cross-validated misses")
    args = parser.parse_args()
    if not semantic.available():
        sys.exit("the abstain model is trained with embeddings: install termbase's default dependencies")
    rows = all_rows(args.seeds_db)
    flagged = [r for r in rows if r.label is not None and r.flagged]
    print(
        f"{len(rows)} queries; the rules send {len(flagged)} labelled ones to related "
        f"({sum(1 for r in flagged if r.label == 0)} absent)"
    )
    print("the name rules alone:")
    report(rows, rules_decision(rows), 0.5)
    probabilities = cross_validated(rows)
    for shown in (0.5, 0.6, THRESHOLD, 0.8, 0.9):
        print(f"rules, and the model answering from p >= {shown} (cross-validated by set):")
        report(rows, probabilities, shown)
    answerable = sum(1 for r in flagged if r.label == 1)
    for shown in (0.8, 0.9, THRESHOLD):
        for rescued, wrong, names in query_folds(rows, shown):
            print(
                f"query-level {FOLDS}-fold, p >= {shown}: answers {rescued}/{answerable} flagged answerable, "
                f"{wrong}/{len(flagged) - answerable} flagged absent {names}"
            )
    if args.misses:
        for position, row in enumerate(rows):
            p = probabilities.get(position)
            if p is None or row.label is None or not row.flagged:
                continue
            print(
                f"  {'ok  ' if (row.label == 0) == (p < THRESHOLD) else 'miss'} {row.set_name} "
                f"{row.kind} p={p:.3f} {row.query!r}"
            )
    if args.cv_only:
        return
    model = fit(rows)
    search_abstain.MODEL_PATH.write_text(json.dumps(model.as_dict(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {search_abstain.MODEL_PATH.relative_to(ROOT)} (threshold {THRESHOLD})")
    for name, weight in model.weights.items():
        print(f"  {name:<22} {weight:+.3f}")


if __name__ == "__main__":
    main()
