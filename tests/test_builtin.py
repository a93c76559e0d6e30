"""The built-in AI/ML glossary: clean sources, compiled by our own pipeline, covering the seeds."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, SEEDS, SHARED
from termbase.builtin import builtin_db, glossary_files
from termbase.coverage import coverage
from termbase.lint import TOPICS, lint_files
from termbase.store import Termbase


@pytest.fixture(scope="module")
def builtin() -> Termbase:
    path = builtin_db()  # compiled into the run's cache (see conftest), then reused
    assert path.parent == Path(os.environ["TERMBASE_CACHE"])
    return Termbase.open(path)


def test_sources_pass_every_check() -> None:
    problems = lint_files(glossary_files())
    assert [str(p) for p in problems] == []


def test_topics_file_lists_the_fixed_topics() -> None:
    text = (REPO / "src" / "termbase" / "glossary" / "TOPICS.md").read_text(encoding="utf-8")
    assert all(f"| {topic} |" in text for topic in TOPICS)


def test_compiled_glossary_has_over_a_thousand_linked_concepts(builtin: Termbase) -> None:
    counts = builtin.stats()
    assert counts["concepts"] >= 1000
    assert counts["dangling"] == 0
    assert counts["relations"] > counts["concepts"]
    kv = builtin.concept("kv-cache")
    assert kv is not None and kv.topics
    assert "linear" in kv.entries[0].entry.definition.lower()
    homonyms = builtin.concept("process-reward-model"), builtin.concept("probabilistic-roadmap")
    assert all(h is not None for h in homonyms)


def test_sources_are_recorded_relative_to_the_package(builtin: Termbase) -> None:
    paths = {s.path for s in builtin.sources()}
    assert paths and all(p.startswith("termbase/glossary/") for p in paths)


def test_covers_the_seed_glossaries(builtin: Termbase) -> None:
    if not SEEDS.is_dir():
        pytest.skip(f"seed glossaries not found at {SEEDS}")
    result = coverage(builtin, sorted(map(str, SEEDS.glob("*.txt"))))
    assert len(result.covered) / result.total >= 0.9
    in_two = [c for c in result.missing if len({e.source for e in c.entries}) >= 2]
    assert in_two == [], [c.label for c in in_two]


def test_read_commands_use_the_builtin_glossary_without_db(builtin: Termbase) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "termbase", "define", "grouped query attention", "--json"],
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["concepts"][0]["id"] == "grouped-query-attention"
    assert builtin.path.parent == Path(os.environ["TERMBASE_CACHE"])


def test_no_file_repeats_the_words_of_the_seeds_or_corpora() -> None:
    tool = SHARED / "tools" / "originality.py"
    if not tool.is_file():
        pytest.skip(f"originality tool not found at {tool}")
    done = subprocess.run(
        [sys.executable, str(tool), *map(str, glossary_files())],
        capture_output=True, text=True, timeout=300, cwd=REPO,
    )
    assert done.returncode == 0, done.stdout[-3000:]
