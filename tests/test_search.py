"""Search over a real termbase built from the seeds: every mode, safety, and the JSON contract."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import SEEDS
from termbase.build import build_termbase
from termbase.errors import InputError
from termbase.search import fts_query, reads_as_name, typo_budget
from termbase.store import Termbase


@pytest.fixture(scope="module")
def seeds_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not SEEDS.is_dir():
        pytest.skip(f"seed glossaries not found at {SEEDS}")
    db = tmp_path_factory.mktemp("search") / "seeds.db"
    build_termbase(sorted(map(str, SEEDS.glob("*.txt"))), db)
    return db


@pytest.fixture(scope="module")
def termbase(seeds_db: Path) -> Termbase:
    return Termbase.open(seeds_db)


def top(termbase: Termbase, query: str, n: int = 1) -> list[str]:
    return [hit.id for hit in termbase.search(query, limit=10)[:n]]


@pytest.mark.parametrize(
    ("query", "expected", "mode"),
    [
        ("FlashAttention", "flashattention", "exact"),
        ("flash-attention", "flashattention", "variant"),
        ("KV-Caches", "kv-cache", "variant"),
        ("groot", "gr00t", "variant"),
        ("TTFT", "time-to-first-token", "exact"),
        ("time to first token", "time-to-first-token", "acronym"),
        ("flash atention", "flashattention", "typo"),
        ("chinchila", "chinchilla-scaling", "typo"),  # "Chinchilla" and "Chinchilla scaling" are one concept
        ("tranformer", "transformer", "typo"),
    ],
)
def test_each_mode_finds_the_concept_first(termbase: Termbase, query: str, expected: str, mode: str) -> None:
    hits = termbase.search(query)
    assert hits[0].id == expected
    assert hits[0].matched == mode


def test_a_question_finds_the_concept_by_its_definition(termbase: Termbase) -> None:
    assert "grouped-query-attention" in top(
        termbase, "how do I shrink the KV cache by sharing key/value heads", 3
    )


@pytest.mark.parametrize(
    ("query", "readings"),
    [
        (
            "difference between DPO and PPO",
            {"direct-preference-optimization", "proximal-policy-optimization"},
        ),
        ("compare gqa and mqa", {"grouped-query-attention", "multi-query-attention"}),
    ],
)
def test_a_question_naming_two_concepts_finds_both(termbase: Termbase, query: str, readings: set) -> None:
    hits = termbase.search(query)
    assert {h.id for h in hits[:2]} == readings
    assert {h.matched for h in hits[:2]} == {"mention"}
    assert hits[0].match_description == "named in the question"


def test_a_query_reads_as_a_name_unless_it_asks_something() -> None:
    assert reads_as_name("hidden markov model")
    assert reads_as_name("rules of cricket for beginners")
    assert not reads_as_name("network that predicts how good it is to be in a state")
    assert not reads_as_name("explain speculative decoding")
    assert not reads_as_name("GQA vs MQA")


def test_exact_label_matches_outrank_typo_and_fulltext(termbase: Termbase) -> None:
    hits = termbase.search("attention")
    assert hits[0].id == "attention" and hits[0].matched == "exact"
    assert all(h.score < hits[0].score for h in hits[1:])
    typo_scores = [h.score for h in termbase.search("flash atention") if h.matched == "typo"]
    assert max(typo_scores) < 0.9


def test_ambiguous_acronym_returns_every_reading_at_the_top(termbase: Termbase) -> None:
    assert set(top(termbase, "PRM", 2)) == {"process-reward-model", "probabilistic-roadmap"}


def test_unrelated_queries_get_no_answer(termbase: Termbase) -> None:
    for query in ("photosynthesis", "mitochondria", "sourdough starter", "qwxzv plorf"):
        assert termbase.search(query) == [], query


@pytest.mark.parametrize(
    "query",
    [
        "NOT AND OR",
        '"unbalanced',
        "(((",
        "a* OR b:",
        "col:val NEAR(x y)",
        "😀🤖",
        "x" * 10_000,
        "KV cache" * 2000,
        "-",
        "^",
        "\\x00",
    ],
)
def test_any_string_is_a_valid_query(termbase: Termbase, query: str) -> None:
    hits = termbase.search(query)
    assert isinstance(hits, list)


def test_empty_query_is_a_clear_error(termbase: Termbase) -> None:
    with pytest.raises(InputError, match="empty query"):
        termbase.search("   ")


def test_suggest_completes_prefixes(termbase: Termbase) -> None:
    assert termbase.suggest("specu")[0].id == "speculative-decoding"
    assert "grouped-query-attention" in [h.id for h in termbase.suggest("grouped-q")]


def test_typo_budget_follows_query_length() -> None:
    assert [typo_budget(n) for n in (3, 4, 5, 8, 9, 20)] == [0, 0, 1, 1, 2, 2]


def test_fts_query_only_passes_quoted_words() -> None:
    assert fts_query('NEAR("a" b) OR col:x*') == '"near" OR "b" OR "col" OR "x"'
    assert fts_query("the and of") == ""


def test_cli_batch_json_answers_one_line_per_query_in_order(seeds_db: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "termbase", "search", "-", "--db", str(seeds_db), "--json"],
        input="GQA\n\nchinchila\nphotosynthesis\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [line["query"] for line in lines] == ["GQA", "chinchila", "photosynthesis"]
    assert lines[0]["hits"][0]["id"] == "grouped-query-attention"
    keys = {"id", "label", "labels", "score", "matched", "matched_label", "match_description"}
    assert set(lines[0]["hits"][0]) == keys
    assert lines[2]["hits"] == []


def test_cli_empty_query_exits_with_a_clear_error(seeds_db: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "termbase", "search", "", "--db", str(seeds_db)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert "empty query" in done.stderr and "Traceback" not in done.stderr
