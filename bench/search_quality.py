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
    python bench/search_quality.py --all --save /tmp/before.json   # every measured set and probe
    python bench/search_quality.py --all --compare /tmp/before.json  # ... and what changed since

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


#: Sets measured on the seeds termbase; every other set asks the built-in glossary.
SEED_SETS = ("queries.yaml", "queries_second.yaml")
#: Every set `--all` runs, in the order they were written (a set joins this list only after
#: its first, deciding measure: a blind set is never opened by `--all` before then).
#: queries_abstain_train.yaml is training data, never measured.
MEASURED_SETS = (
    "queries.yaml",
    "queries_second.yaml",
    "queries_third.yaml",
    "queries_fourth.yaml",
    "queries_fifth.yaml",
    "queries_sixth.yaml",
    "queries_seventh.yaml",
    "queries_eighth.yaml",
    "queries_ninth.yaml",
    "queries_tenth.yaml",
    "queries_eleventh.yaml",
    "queries_twelfth.yaml",
    "queries_thirteenth.yaml",
    "queries_fourteenth.yaml",
    "queries_fifteenth.yaml",
    "queries_sixteenth.yaml",
    "queries_seventeenth.yaml",
    "queries_eighteenth.yaml",
    "queries_nineteenth.yaml",
    "queries_twentieth.yaml",
    "queries_twentyfirst.yaml",
    "queries_twentysecond.yaml",
    "queries_twentythird.yaml",
    "queries_twentyfourth.yaml",
    "queries_twentyfifth.yaml",
    "queries_twentysixth.yaml",
    "queries_absent_probe.yaml",
    *(f"queries_absent_probe{n}.yaml" for n in range(2, 12)),
)


def outcomes(termbase: Termbase, name: str, queries: list[dict[str, object]]) -> list[dict[str, object]]:
    """Return one record per question or negative of a set: its top five and whether it passed
    (a question: an expected id in the top five; a negative: no hit)."""
    records: list[dict[str, object]] = []
    for item in queries:
        kind = str(item["kind"])
        if kind not in ("question", "negative"):
            continue
        query = str(item["query"])
        ids = [h.id for h in termbase.search(query, 10)]
        expected = [str(e) for e in item.get("expect") or []]
        passed = not ids if kind == "negative" else any(e in ids[:5] for e in expected)
        records.append({"set": name, "query": query, "kind": kind, "top": ids[:5], "passed": passed})
    return records


def run_all(lexical: bool) -> list[dict[str, object]]:
    """Run every measured set on its termbase; return the records of `outcomes`."""
    from termbase.builtin import builtin_db

    unlisted = sorted(
        p.name
        for p in HERE.glob("queries*.yaml")
        if p.name not in MEASURED_SETS and "abstain_train" not in p.name
    )
    if unlisted:
        print(f"not run (not yet measured, or new: name it with --queries): {', '.join(unlisted)}")
    records: list[dict[str, object]] = []
    with tempfile.TemporaryDirectory() as tmp:
        seeds_db = Path(tmp) / "seeds.db"
        build_termbase(
            sorted(map(str, SEEDS.glob("*.txt"))), seeds_db, semantic=semantic.available() and not lexical
        )
        for name in MEASURED_SETS:
            queries = yaml.safe_load((HERE / name).read_text(encoding="utf-8"))
            with Termbase.open(seeds_db if name in SEED_SETS else builtin_db()) as termbase:
                if lexical:
                    termbase.search_index().vectors = None
                records.extend(outcomes(termbase, name, queries))
    return records


def report_all(records: list[dict[str, object]], compare: Path | None) -> None:
    """Print the totals of `run_all`, and what changed against an earlier --save."""
    for kind, verb in (("question", "in the top 5"), ("negative", "rejected")):
        rows = [r for r in records if r["kind"] == kind]
        print(f"{kind}s: {sum(bool(r['passed']) for r in rows):,}/{len(rows):,} {verb}")
    if compare is None:
        return
    before = {(r["set"], r["query"], r["kind"]): r for r in json.loads(compare.read_text(encoding="utf-8"))}
    for record in records:
        old = before.get((record["set"], record["query"], record["kind"]))
        if old is None or old["passed"] == record["passed"]:
            continue
        change = "now passes" if record["passed"] else "LOST"
        print(
            f"{change}: {record['set']} {record['kind']} {record['query']!r}",
            f"{old['top'][:3]} -> {record['top'][:3]}",
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=Path, default=HERE / "queries.yaml")
    parser.add_argument("--show-misses", action="store_true")
    parser.add_argument("--lexical", action="store_true", help="build without embeddings")
    parser.add_argument("--builtin", action="store_true", help="search the built-in glossary, not the seeds")
    parser.add_argument("--all", action="store_true", help="every measured set and probe (MEASURED_SETS)")
    parser.add_argument("--save", type=Path, help="with --all: write every query's outcome to this JSON file")
    parser.add_argument("--compare", type=Path, help="with --all: list what changed against a --save file")
    args = parser.parse_args()
    if args.all:
        records = run_all(lexical=args.lexical)
        report_all(records, args.compare)
        if args.save:
            args.save.write_text(json.dumps(records, indent=0), encoding="utf-8")
        return
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
