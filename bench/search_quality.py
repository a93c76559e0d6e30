"""Measure search quality on our own query set against the five seeds.

    python bench/search_quality.py [--queries bench/queries.yaml] [--show-misses] [--lexical]
    python bench/search_quality.py --queries bench/queries_second.yaml   # written after calibrating
    python bench/search_quality.py --builtin --queries bench/queries_third.yaml  # the built-in glossary
    python bench/search_quality.py --builtin --queries bench/queries_fourth.yaml  # written before the
    python bench/search_quality.py --builtin --queries bench/queries_fifth.yaml   # "related" rule; after it
    python bench/search_quality.py --builtin --queries bench/queries_sixth.yaml   # sets 6 and 7: written
    python bench/search_quality.py --builtin --queries bench/queries_seventh.yaml # before being measured
    python bench/search_quality.py --builtin --queries bench/queries_eleventh.yaml # sets 8-18 likewise;
    python bench/search_quality.py --builtin --queries bench/queries_eighteenth.yaml # the latest
    python bench/search_quality.py --builtin --queries bench/queries_absent_probe.yaml # absent names
    # only (probe sets 1-7, each committed before its first measure, kept in its header);
    # each set's header keeps its first (deciding) figure. bench/queries_abstain_train.yaml is
    # training data for the abstain model (scripts/train_abstain.py), never a measuring set.

Builds the seeds termbase in a temporary folder (or, with --builtin, opens the built-in
glossary a user gets from `termbase serve`), runs every query in the set, and reports
per kind: MRR@10, Recall@1 and Recall@5 (a hit counts when an expected id is found), and
for negatives the share rejected (no hit at all; a query naming something the termbase
lacks, answered "no concept named X; related: ...", has no hits and counts as rejected:
`related` gives how many were answered so). For ambiguous queries Recall@k asks
for *every* expected reading within the top k. Targets: MRR@10 ≥ 0.90 overall;
Recall@1 ≥ 0.95 on exact, variant, acronym and typo; Recall@5 ≥ 0.85 on questions;
≥ 90% of negatives rejected.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

import yaml

from termbase import semantic
from termbase.build import build_termbase
from termbase.store import Termbase

HERE = Path(__file__).resolve().parent
SEEDS = HERE.parent.parent / "shared" / "seeds"


def reciprocal_rank(ids: list[str], expected: list[str]) -> float:
    """Return 1/rank of the first expected id within the top 10, or 0."""
    for rank, concept_id in enumerate(ids[:10], start=1):
        if concept_id in expected:
            return 1.0 / rank
    return 0.0


def recall_at(ids: list[str], expected: list[str], k: int, every: bool) -> float:
    """Return 1.0 if the top k hold an expected id (every expected id when `every`)."""
    top = set(ids[:k])
    return float(all(e in top for e in expected) if every else any(e in top for e in expected))


def evaluate(
    termbase: Termbase, queries: list[dict[str, object]]
) -> tuple[dict[str, dict[str, float]], list[str]]:
    """Return per-kind metrics and a list of misses (for --show-misses)."""
    sums: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    misses: list[str] = []
    for item in queries:
        query, kind = str(item["query"]), str(item["kind"])
        expected = [str(e) for e in item.get("expect") or []]
        hits = termbase.suggest(query, 10) if kind == "prefix" else termbase.search(query, 10)
        ids = [h.id for h in hits]
        row = sums[kind]
        row["n"] += 1
        if kind == "negative":
            row["rejected"] += float(not ids)
            row["related"] += float(not ids and bool(termbase.search_index().answer(query, 10).related))
            if ids:
                misses.append(f"negative {query!r} → {ids[:3]}")
            continue
        every = kind == "ambiguous"
        k_top = len(expected) if every else 1
        row["mrr@10"] += reciprocal_rank(ids, expected)
        row["recall@1"] += recall_at(ids, expected, k_top, every)
        row["recall@5"] += recall_at(ids, expected, max(5, k_top), every)
        if not recall_at(ids, expected, k_top, every):
            misses.append(f"{kind} {query!r}: expected {expected} got {ids[:5]}")
    metrics: dict[str, dict[str, float]] = {}
    totals: dict[str, float] = defaultdict(float)
    for kind, row in sorted(sums.items()):
        n = row["n"]
        metrics[kind] = {name: round(value / n, 3) for name, value in row.items() if name != "n"}
        metrics[kind]["n"] = n
        if kind != "negative":
            for name in ("mrr@10", "recall@1", "recall@5"):
                totals[name] += row[name]
            totals["n"] += n
    if totals["n"]:  # a set of absent names alone has no positive kinds
        metrics["overall (positive kinds)"] = {
            name: round(totals[name] / totals["n"], 3) for name in ("mrr@10", "recall@1", "recall@5")
        } | {"n": totals["n"]}
    return metrics, misses


def run_seeds(
    queries: list[dict[str, object]], lexical: bool
) -> tuple[dict[str, dict[str, float]], list[str]]:
    """Build the seeds termbase in a temporary folder and evaluate the queries on it."""
    if not SEEDS.is_dir():
        sys.exit(f"seed glossaries not found at {SEEDS}")
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "seeds.db"
        build_termbase(
            sorted(map(str, SEEDS.glob("*.txt"))), db, semantic=semantic.available() and not lexical
        )
        with Termbase.open(db) as termbase:
            print(f"search mode: {termbase.search_index().mode}")
            return evaluate(termbase, queries)


def run_builtin(
    queries: list[dict[str, object]], lexical: bool
) -> tuple[dict[str, dict[str, float]], list[str]]:
    """Evaluate the queries on the built-in glossary (compiled into the cache if needed)."""
    from termbase.builtin import builtin_db

    with Termbase.open(builtin_db()) as termbase:
        index = termbase.search_index()
        if lexical:
            index.vectors = None
        print(f"search mode: {'lexical (--lexical)' if lexical else index.mode}")
        return evaluate(termbase, queries)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=Path, default=HERE / "queries.yaml")
    parser.add_argument("--show-misses", action="store_true")
    parser.add_argument("--lexical", action="store_true", help="build without embeddings")
    parser.add_argument("--builtin", action="store_true", help="search the built-in glossary, not the seeds")
    args = parser.parse_args()
    queries = yaml.safe_load(args.queries.read_text(encoding="utf-8"))
    if args.builtin:
        metrics, misses = run_builtin(queries, lexical=args.lexical)
    else:
        metrics, misses = run_seeds(queries, lexical=args.lexical)
    width = max(len(k) for k in metrics)
    for kind, row in metrics.items():
        figures = "  ".join(f"{name}={value}" for name, value in row.items())
        print(f"{kind:<{width}}  {figures}")
    if args.show_misses:
        print("\n".join(misses))
    print(json.dumps(metrics))


if __name__ == "__main__":
    main()
