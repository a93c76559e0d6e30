"""The built-in AI/ML glossary: clean sources, compiled by our own pipeline, covering the seeds."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, SEEDS, SHARED
from termbase.builtin import builtin_db, glossary_files, remembered_digest, sources_digest
from termbase.citations import citations
from termbase.coverage import coverage
from termbase.lint import TOPICS, lint_files, read_glossary
from termbase.store import Termbase

#: Where an origin's link must point to count as citing the paper.
PAPER_HOSTS = ("https://arxiv.org/", "https://doi.org/")


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


def test_compiled_glossary_stores_every_definitions_html(builtin: Termbase) -> None:
    """`build` leaves out the HTML of definitions that need the Markdown engine; the compiled
    built-in glossary (read by many sites' first builds) has it all, as the glossary page renders it."""
    from termbase.glossify.definition_html import DefinitionRenderer
    from termbase.matcher_table import read_html

    summaries = builtin.summaries()
    html = read_html(builtin.db, [cid for cid, _, _, _ in summaries])
    assert len(html) == len(summaries)
    marked = [(cid, text) for cid, _, _, text in summaries if "**" in text or "`" in text][:50]
    assert len(marked) == 50
    rendered = DefinitionRenderer().render([text for _, text in marked])
    assert [html[cid] for cid, _ in marked] == rendered


def test_sources_are_recorded_relative_to_the_package(builtin: Termbase) -> None:
    paths = {s.path for s in builtin.sources()}
    assert paths and all(p.startswith("termbase/glossary/") for p in paths)


def test_covers_the_seed_glossaries(builtin: Termbase) -> None:
    if not SEEDS.is_dir():
        pytest.skip(f"seed glossaries not found at {SEEDS}")
    result = coverage(builtin, sorted(map(str, SEEDS.glob("*.txt"))))
    assert len(result.covered) / result.total >= 0.97  # issue 18: keep seed coverage at 97% or more
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


def test_second_edition_targets_concepts_and_linked_origins() -> None:
    """Issue 18: at least 1,800 concepts, at least 60% citing their origin paper by a link."""
    entries, problems = read_glossary(glossary_files())
    assert problems == []
    linked = [e for e in entries if any(c.url.startswith(PAPER_HOSTS) for c in citations(e.origin))]
    assert len(entries) >= 1800
    assert len(linked) / len(entries) >= 0.60, f"{len(linked)} of {len(entries)}"


def _years(origin: str) -> list[int]:
    """Return the years an origin gives, leaving out digits inside its ids and addresses."""
    text = origin
    for citation in reversed(citations(origin)):
        text = text[: citation.start] + " " + text[citation.end :]
    return [int(y) for y in re.findall(r"\b(?:19|20)\d\d\b", text)]


def test_arxiv_ids_are_well_formed_and_match_the_year_cited() -> None:
    """An arXiv id is YYMM.NNNN (to 2014) or YYMM.NNNNN (from 2015), and its YYMM agrees
    within a year with a year the origin gives: catches a mistyped or misplaced id."""
    entries, _ = read_glossary(glossary_files())
    wrong = []
    for entry in entries:
        for part in entry.origin.split(";"):
            years = _years(part) or _years(entry.origin)
            for citation in citations(part):
                found = re.match(r"arXiv:\s?(\d\d)(\d\d)\.(\d{4,5})\b", citation.text, re.IGNORECASE)
                if found is None:
                    continue
                year, month, number = 2000 + int(found[1]), int(found[2]), found[3]
                five_digits = (year, month) >= (2015, 1)
                well_formed = 1 <= month <= 12 and len(number) == (5 if five_digits else 4)
                if not well_formed or not any(abs(y - year) <= 1 for y in years):
                    wrong.append((entry.concept_id, part.strip()))
    assert wrong == []


def test_remembered_digest_follows_the_sources(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled file's name is worked out once per state of the sources: the same as from
    their contents, and another as soon as one of them changes; a damaged memo is not trusted."""
    monkeypatch.setenv("TERMBASE_CACHE", str(tmp_path / "cache"))
    sources = tmp_path / "glossary"
    sources.mkdir()
    first, second = sources / "a.yaml", sources / "b.yaml"
    first.write_text("- term: alpha\n  definition: The first letter.\n", encoding="utf-8")
    second.write_text("- term: beta\n  definition: The second letter.\n", encoding="utf-8")
    files = [first, second]
    digest = remembered_digest(files)
    assert digest == sources_digest(files)
    memo = tmp_path / "cache" / "builtin-digests.json"
    assert digest in json.loads(memo.read_text(encoding="utf-8")).values()
    assert remembered_digest(files) == digest  # from the memo
    second.write_text("- term: beta\n  definition: The second letter, changed.\n", encoding="utf-8")
    changed = remembered_digest(files)
    assert changed == sources_digest(files) != digest
    memo.write_text("{not json", encoding="utf-8")
    assert remembered_digest(files) == changed


def test_digest_follows_the_matcher_pattern_format(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A compiled glossary stores glossify's matcher patterns: a new pattern format names a new
    compiled file, so no cached glossary keeps patterns of a format this version cannot use."""
    import termbase.matcher

    source = tmp_path / "a.yaml"
    source.write_text("- term: alpha\n  definition: The first letter.\n", encoding="utf-8")
    before = sources_digest([source])
    monkeypatch.setattr(termbase.matcher, "PATTERN_FORMAT", termbase.matcher.PATTERN_FORMAT + 1)
    assert sources_digest([source]) != before


def test_digest_follows_the_code_that_makes_what_glossify_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A compiled glossary stores the tooltips' one-line definitions and the glossary page's HTML:
    edited code that makes them (its digest) names a new compiled file, and the memo of the
    digest looks at every module of that code."""
    import termbase.builtin
    import termbase.matcher_table

    source = tmp_path / "a.yaml"
    source.write_text("- term: alpha\n  definition: The first letter.\n", encoding="utf-8")
    before = sources_digest([source])
    monkeypatch.setattr(termbase.matcher_table, "_code_digest", lambda names: f"edited {names}")
    assert sources_digest([source]) != before
    assert set(termbase.matcher_table.STAMPED_CODE) <= set(termbase.builtin._FORMAT_MODULES)
