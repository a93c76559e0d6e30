"""`termbase check`: each rule on small glossaries of our own, the CLI, the stored findings
and pages, and the seeds' hand-made list of disagreements."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
import yaml
from click.testing import CliRunner

from app_server import serving
from conftest import FIXTURES, REPO
from termbase.build import build_termbase
from termbase.check import CheckInput, run_checks, select_rules
from termbase.check.claims import claims_of
from termbase.check.findings import Finding
from termbase.check.load import input_from_files, input_from_termbase
from termbase.cli import app as cli_app
from termbase.errors import InputError
from termbase.evidence import aliases_for, definition_similarity, head_variant
from termbase.model import Concept, Dangling, Entry
from termbase.store import Termbase
from termbase.web.app import create_app
from termbase.web.site import write_site

CHECK = FIXTURES / "check"
NOTES, SYSTEMS = CHECK / "storage_notes.md", CHECK / "systems_glossary.md"


@pytest.fixture(scope="module")
def findings() -> list[Finding]:
    data, skipped = input_from_files([str(NOTES), str(SYSTEMS)])
    assert not skipped
    return run_checks(data)


def of_rule(findings: list[Finding], rule: str) -> dict[str, list[Finding]]:
    found: dict[str, list[Finding]] = {}
    for finding in findings:
        if finding.rule == rule:
            found.setdefault(finding.label, []).append(finding)
    return found


# ------------------------------------------------------------------ contradictions


def test_each_typed_clash_is_found_with_both_lines_and_why(findings: list[Finding]) -> None:
    found = of_rule(findings, "contradiction")
    expected = {
        "Hash index": ("growth", "constant", "logarithmic"),
        "Ring bus": ("number", "40", "90"),
        "Bloom filter": ("origin", "1970", "1975"),
        "Lookahead sampler": ("without", "does without draft model", "is a draft model"),
        "Bubble sort": ("status", "usual choice", "replaced"),
    }
    assert set(found) == set(expected)
    for label, (kind, first, second) in expected.items():
        (finding,) = found[label]
        assert finding.kind == kind
        assert first in finding.message and second in finding.message
        assert {Path(s.source).name for s in finding.sides} == {NOTES.name, SYSTEMS.name}
        assert all(s.line > 0 and s.words for s in finding.sides)


def test_agreement_in_other_words_is_not_a_conflict(findings: list[Finding]) -> None:
    # "grows linearly with the number of tokens" and "linear in sequence length" agree.
    assert "Prefix cache" not in of_rule(findings, "contradiction")
    notes = claims_of("Its memory grows linearly with the number of tokens kept.")
    systems = claims_of("A store of prompt state; the cache is linear in sequence length.")
    assert [(c.key, c.value) for c in notes] == [(c.key, c.value) for c in systems]


def test_claims_are_typed_and_keep_their_words() -> None:
    claims = claims_of(
        "Two FP32 buffers per parameter, 4 bytes each. Attention compute is O(n²) in sequence length. "
        "It needs no separate reward model."
    )
    by_kind = {c.kind: c for c in claims}
    assert by_kind["number"].key == "bytes per parameter" and by_kind["number"].low == 8
    assert by_kind["growth"].value == "quadratic" and by_kind["growth"].key.startswith("compute|")
    assert by_kind["without"].key == "reward model"
    assert all(c.words for c in claims)
    # A number given as an example is no claim; a formula legend is not read.
    assert not [c for c in claims_of("Utilisation is high (e.g. 70% of peak).") if c.kind == "number"]
    assert not claims_of("A loss.\n\nWhere:\n- N grows linearly with the data")


# ------------------------------------------------------------------ not a definition


def test_non_definitions_are_named_with_the_reason(findings: list[Finding]) -> None:
    found = {label: items[0].kind for label, items in of_rule(findings, "not-a-definition").items()}
    assert found == {"Gizmo": "one-word", "Widget": "fragment", "Latch": "heading", "Spinner": "heading"}


# ------------------------------------------------------------------ duplicates and evidence


def test_resolver_joins_what_the_evidence_says_is_one_idea(findings: list[Finding]) -> None:
    data, _ = input_from_files([str(NOTES), str(SYSTEMS)])
    labels = {c.label: set(c.labels) for c in data.concepts}
    assert {"Journal", "Write-ahead log"} <= labels["Write-ahead log"]  # "Also called a journal"
    assert {"Hinge", "Hinge loss"} <= next(v for v in labels.values() if "Hinge" in v)
    assert not of_rule(findings, "duplicate")  # nothing left for the duplicate rule here


def test_duplicates_the_resolver_kept_apart_come_with_their_evidence() -> None:
    # Two concepts a source keeps apart (stated ids) though the evidence says they are one.
    log = Entry(
        "a.md",
        2,
        2,
        "Redo log",
        ("Redo log",),
        "Changes kept before pages are written; also known as the replay journal, it lets a crash be undone.",
        concept_id="redo-log",
    )
    journal = Entry(
        "a.md",
        5,
        5,
        "Replay journal",
        ("Replay journal",),
        "Changes kept in order so that a restart can replay them.",
        concept_id="replay-journal",
    )
    hinge = Entry(
        "b.md",
        1,
        1,
        "Hinge",
        ("Hinge",),
        "A margin penalty for classifiers, zero once the right class wins by a clear margin.",
        concept_id="hinge",
    )
    hinge_loss = Entry(
        "b.md",
        3,
        3,
        "Hinge loss",
        ("Hinge loss",),
        "A margin penalty for classifiers that is zero when the right class wins by a clear margin.",
        concept_id="hinge-loss",
    )
    concepts = [Concept(e.concept_id, e.term, e.labels, (e,)) for e in (log, journal, hinge, hinge_loss)]
    found = {f.label: f for f in run_checks(CheckInput(concepts), select_rules(["duplicate"]))}
    assert set(found) == {"Redo log", "Hinge loss"}
    assert (
        found["Redo log"].kind == "alias"
        and "also known as the replay journal" in found["Redo log"].sides[0].words
    )
    assert found["Hinge loss"].kind == "variant" and "“loss”" in found["Hinge loss"].message


def test_define_why_lists_each_entrys_evidence(tmp_path: Path) -> None:
    db = tmp_path / "why.db"
    build_termbase([str(NOTES), str(SYSTEMS)], db)
    result = CliRunner().invoke(cli_app, ["define", "journal", "--db", str(db), "--why"])
    assert result.exit_code == 0
    assert "why: its definition says “Also called a journal”" in result.output
    assert "why: named in “Also called a journal” by" in result.output
    assert "why: same label" in result.output  # the two write-ahead log entries
    data = json.loads(
        CliRunner().invoke(cli_app, ["define", "hinge", "--db", str(db), "--why", "--json"]).output
    )
    reasons = [reason for entry in data["concepts"][0]["entries"] for reason in entry["why"]]
    assert any("is “Hinge” + “loss”" in reason for reason in reasons)


def test_evidence_module_reads_alias_statements_and_head_variants() -> None:
    aliases = aliases_for("Gradient noise scale, also known as the critical batch size — a ratio.", ("GNS",))
    assert [a.name for a in aliases] == ["critical batch size"]
    # An opening "Name (ALIAS) —" counts only when one name is the entry's own label.
    assert [a.name for a in aliases_for("Tree Search (MCTS) — a planner.", ("MCTS",))] == ["Tree Search"]
    assert aliases_for("In a Tree Search (MCTS), rollouts run.", ("Rollout",)) == []
    assert head_variant("cross-entropy", "cross-entropy loss") == "loss"
    assert head_variant("attention", "self-attention") == ""  # a modifier names a narrower idea
    assert head_variant("reward", "reward model") == ""  # "model" is no generic head
    assert definition_similarity("a b c", "") == 0.0


def test_over_merge_flags_an_entry_unlike_the_others() -> None:
    first = Entry(
        "a.md",
        1,
        1,
        "Pool",
        ("Pool",),
        "A shared set of idle database connections handed out to "
        "request handlers and returned after each transaction finishes cleanly.",
    )
    second = Entry(
        "b.md",
        1,
        1,
        "Pool",
        ("Pool",),
        "An outdoor swimming basin filled with chlorinated water "
        "where children practise strokes during summer holidays.",
    )
    concept = Concept("pool", "Pool", ("Pool",), (first, second))
    (finding,) = run_checks(CheckInput([concept]), select_rules(["over-merge"]))
    assert finding.severity == "warning" and "two ideas" in finding.message


# ------------------------------------------------------------------ structure


def test_structure_rules(findings: list[Finding]) -> None:
    assert set(of_rule(findings, "circular-definition")) == {"Bar gizmo"}
    acronyms = {f.kind for f in findings if f.rule == "unexpanded-acronym"}
    assert "QZX" in acronyms
    (spelling,) = of_rule(findings, "inconsistent-spelling")["Write-ahead log"]
    assert "Write ahead log" in spelling.message
    assert "Tombstone" in of_rule(findings, "orphan")
    entry = Entry("c.md", 4, 4, "Shard", ("Shard",), "One slice of a table kept on its own server.")
    data = CheckInput(
        [Concept("shard", "Shard", ("Shard",), (entry,))], (), [Dangling("shard", "Replica", "c.md", 4)]
    )
    (dangling,) = run_checks(data, select_rules(["dangling-see-also"]))
    assert "Replica" in dangling.message and dangling.sides[0].line == 4


def test_rule_selection_and_unknown_names() -> None:
    names = [r.name for r in select_rules(["contradiction", "orphan"], ["orphan"])]
    assert names == ["contradiction"]
    with pytest.raises(InputError, match="unknown rule nonsense"):
        select_rules(["nonsense"])


# ------------------------------------------------------------------ CLI


def test_cli_exit_codes_json_github_and_baseline(tmp_path: Path) -> None:
    runner = CliRunner()
    files = [str(NOTES), str(SYSTEMS)]
    result = runner.invoke(cli_app, ["check", *files])
    assert result.exit_code == 1 and "Hash index" in result.output and "storage_notes.md:3" in result.output
    clean = runner.invoke(cli_app, ["check", *files, "--select", "duplicate"])
    assert clean.exit_code == 0  # warnings and notes alone do not fail a run
    as_json = json.loads(
        runner.invoke(cli_app, ["check", *files, "--json", "--select", "contradiction"]).output
    )
    assert as_json["counts"]["error"] == 4 and all(len(f["sides"]) == 2 for f in as_json["findings"])
    github = runner.invoke(
        cli_app, ["check", *files, "--format", "github", "--select", "contradiction"]
    ).output
    assert github.splitlines()[0].startswith("::") and "file=" in github and ",line=" in github
    baseline = tmp_path / "accepted.json"
    assert runner.invoke(cli_app, ["check", *files, "--write-baseline", str(baseline)]).exit_code == 0
    accepted = runner.invoke(cli_app, ["check", *files, "--baseline", str(baseline)])
    assert accepted.exit_code == 0 and "accepted in the baseline" in accepted.output
    only_one = tmp_path / "partial.json"
    data = json.loads(baseline.read_text())
    data["accepted"] = [a for a in data["accepted"] if "Hash index" not in a["message"]]
    only_one.write_text(json.dumps(data))
    new = runner.invoke(cli_app, ["check", *files, "--baseline", str(only_one)])
    assert new.exit_code == 1 and "Hash index" in new.output and "Bloom filter" not in new.output
    broken = tmp_path / "broken.json"
    broken.write_text("[1, 2]")
    bad = runner.invoke(cli_app, ["check", *files, "--baseline", str(broken)])
    assert bad.exit_code == 1 and "broken.json" in bad.output and "Traceback" not in bad.output
    unknown = runner.invoke(cli_app, ["check", *files, "--ignore", "nosuchrule"])
    assert unknown.exit_code == 1 and "unknown rule nosuchrule" in unknown.output
    rules = runner.invoke(cli_app, ["check", "--rules"]).output
    assert all(name in rules for name in ("contradiction", "not-a-definition", "duplicate", "orphan"))


def test_write_baseline_never_overwrites_a_file_that_is_no_baseline(tmp_path: Path) -> None:
    """`check --db course.db --write-baseline course.db` replaced the termbase with JSON."""
    runner = CliRunner()
    db = tmp_path / "notes.db"
    build_termbase([str(NOTES), str(SYSTEMS)], db)
    notes = tmp_path / "todo.txt"
    notes.write_text("fix the hash index entry\n", encoding="utf-8")
    kept = db.read_bytes()
    for target in (db, notes):
        result = runner.invoke(cli_app, ["check", "--db", str(db), "--write-baseline", str(target)])
        assert result.exit_code == 1
        assert f"{target}: is not a baseline file, and --write-baseline would overwrite it" in result.output
    assert db.read_bytes() == kept and notes.read_text(encoding="utf-8") == "fix the hash index entry\n"
    baseline = tmp_path / "accepted.json"
    for _ in range(2):  # a baseline is replaced by the next one
        result = runner.invoke(cli_app, ["check", "--db", str(db), "--write-baseline", str(baseline)])
        assert result.exit_code == 0, result.output
    assert json.loads(baseline.read_text(encoding="utf-8"))["accepted"]


# ------------------------------------------------------------------ stored findings and pages


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("check") / "check.db"
    build_termbase([str(NOTES), str(SYSTEMS)], path)
    return path


def test_build_stores_findings_and_check_reads_the_same_from_the_file(db: Path) -> None:
    with Termbase.open(db) as termbase:
        stored = termbase.findings(rule="contradiction")
        assert {f.label for f in stored} == {
            "Hash index",
            "Ring bus",
            "Bloom filter",
            "Lookahead sampler",
            "Bubble sort",
        }
        again = run_checks(input_from_termbase(termbase), select_rules(["contradiction"]))
    assert {f.fingerprint for f in again} == {f.fingerprint for f in stored}


def test_concept_page_and_api_say_sources_disagree(db: Path, tmp_path: Path) -> None:
    with Termbase.open(db) as termbase:
        write_site(termbase, tmp_path / "site")
    html = (tmp_path / "site" / "c" / "hash-index.html").read_text()
    assert "Sources disagree" in html and "storage_notes.md:3" in html and "logarithmic" in html
    assert "Sources disagree" not in (tmp_path / "site" / "c" / "prefix-cache.html").read_text()
    with serving(create_app(db)) as base:
        concept = httpx.get(f"{base}/api/concepts/hash-index", timeout=10).json()
        (conflict,) = concept["conflicts"]
        assert "constant" in conflict["why"] and len(conflict["sides"]) == 2
        assert httpx.get(f"{base}/api/concepts/prefix-cache", timeout=10).json()["conflicts"] == []
        page = httpx.get(f"{base}/c/hash-index", timeout=10).text
        assert 'id="conflicts"' in page


# ------------------------------------------------------------------ the seeds' list


def test_seed_disagreements_recall_and_the_kv_cache(seeds_dir: Path) -> None:
    data, _ = input_from_files([str(p) for p in sorted(seeds_dir.glob("*.txt"))])
    found = run_checks(data, select_rules(["contradiction"]))
    gold = yaml.safe_load((REPO / "bench" / "check_gold" / "seed_conflicts.yaml").read_text())["conflicts"]

    def covers(finding: Finding, a: dict[str, object], b: dict[str, object]) -> bool:
        def holds(index: int, claim: dict[str, object]) -> bool:
            side = finding.sides[index]
            line = int(claim["line"])  # type: ignore[call-overload]
            return (
                Path(side.source).name.startswith(f"{claim['seed']}_") and side.line <= line <= side.end_line
            )

        return (holds(0, a) and holds(1, b)) or (holds(0, b) and holds(1, a))

    hits = {c["id"] for c in gold if any(covers(f, c["a"], c["b"]) for f in found)}
    assert "kv-cache-growth" in hits
    assert len(hits) / len(gold) >= 0.8


def test_alias_statements_join_only_when_they_name_the_term_itself() -> None:
    from termbase.resolve import resolve

    def entry(line: int, term: str, text: str) -> Entry:
        return Entry("e.md", line, line, term, (term,), text)

    entries = [
        entry(1, "Trace", "A record of the calls a program made while it ran. Also called a call log."),
        entry(2, "Call log", "The ordered list of calls kept while a program runs."),
        entry(3, "Debugger", "A tool for finding faults (also known as defects) inside running programs."),
        entry(4, "Defects", "Flaws in a design that make a product fail its purpose."),
        entry(5, "Metric learning", "Learning a distance between examples from labelled pairs of examples."),
        entry(6, "Metric", "A distance between examples that obeys the usual axioms of distance."),
    ]
    groups = {frozenset(e.term for e in c.entries) for c in resolve(entries)}
    assert frozenset({"Trace", "Call log"}) in groups  # a sentence of its own names the term
    assert frozenset({"Debugger"}) in groups  # the bracket names "faults", not the debugger
    assert frozenset({"Metric learning"}) in groups  # the learning of a metric is no metric
