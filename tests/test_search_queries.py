"""The search quality query set (bench/queries.yaml): structure, kinds, counts, and ids.

The ids check builds the seeds termbase in a temporary folder and asserts that every
expected concept id exists there; it is skipped when ../shared/seeds is absent.
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from pathlib import Path

import pytest
import yaml

from conftest import REPO, SEEDS
from termbase.build import build_termbase

QUERIES = REPO / "bench" / "queries.yaml"

# Least number of queries of each kind (the rough counts, a little slack below).
MIN_PER_KIND = {
    "exact": 40,
    "variant": 35,
    "acronym": 35,
    "typo": 40,
    "prefix": 20,
    "question": 40,
    "ambiguous": 10,
    "negative": 25,
}
MIN_TOTAL = 240


def load_queries() -> list[dict]:
    with QUERIES.open(encoding="utf-8") as f:
        data = yaml.safe_load(f)
    assert isinstance(data, list), "bench/queries.yaml must be a list of queries"
    return data


def test_structure_and_kinds() -> None:
    for i, q in enumerate(load_queries()):
        where = f"item {i} ({q!r})"
        assert isinstance(q, dict), where
        assert set(q) == {"query", "kind", "expect"}, where
        assert isinstance(q["query"], str) and q["query"].strip(), where
        assert q["query"] == q["query"].strip(), where
        assert q["kind"] in MIN_PER_KIND, where
        assert isinstance(q["expect"], list), where
        assert all(isinstance(x, str) and x for x in q["expect"]), where
        assert len(set(q["expect"])) == len(q["expect"]), f"{where}: repeated id"
        if q["kind"] == "negative":
            assert q["expect"] == [], f"{where}: negatives expect no match"
        else:
            assert q["expect"], f"{where}: needs at least one expected id"


def test_counts() -> None:
    queries = load_queries()
    counts = Counter(q["kind"] for q in queries)
    assert len(queries) >= MIN_TOTAL, f"{len(queries)} queries, want at least {MIN_TOTAL}"
    for kind, least in MIN_PER_KIND.items():
        assert counts[kind] >= least, f"{kind}: {counts[kind]} queries, want at least {least}"


def test_no_duplicate_queries() -> None:
    seen = Counter(" ".join(q["query"].casefold().split()) for q in load_queries())
    dups = sorted(k for k, n in seen.items() if n > 1)
    assert not dups, f"duplicate queries: {dups}"


def test_expected_ids_exist_in_seeds(tmp_path: Path) -> None:
    if not SEEDS.is_dir():
        pytest.skip(f"seed glossaries not found at {SEEDS} (../shared/seeds beside the repo)")
    paths = sorted(str(p) for p in SEEDS.glob("*.txt"))
    if not paths:
        pytest.skip(f"no seed glossaries (*.txt) in {SEEDS}")
    db = tmp_path / "seeds.db"
    build_termbase(paths, db)
    con = sqlite3.connect(db)
    try:
        ids = {row[0] for row in con.execute("SELECT id FROM concepts")}
    finally:
        con.close()
    missing = [
        (q["query"], x) for q in load_queries() for x in q["expect"] if x not in ids
    ]
    assert not missing, f"expected ids not in the seeds termbase: {missing}"
