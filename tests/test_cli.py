"""The CLI contract, run against real SQLite files built from the seeds and fixtures."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import FIXTURES, SEEDS
from termbase.cli import app

RUNNER = CliRunner()
SEED_ENTRY_COUNTS = {"000": 84, "001": 299, "002": 690, "003": 30, "004": 101}


def run(*args: str) -> tuple[int, str, str]:
    result = RUNNER.invoke(app, list(args))
    assert "Traceback" not in result.stdout + result.stderr
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def seeds_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not SEEDS.is_dir():
        pytest.skip(f"seed glossaries not found at {SEEDS}")
    db = tmp_path_factory.mktemp("seeds") / "seeds.db"
    code, out, err = run("build", *sorted(map(str, SEEDS.glob("*.txt"))), "--db", str(db))
    assert code == 0, out + err
    return db


def test_build_reads_every_seed_with_the_expected_counts(seeds_db: Path) -> None:
    with sqlite3.connect(seeds_db) as db:
        rows = db.execute("SELECT path, entry_count FROM sources ORDER BY path").fetchall()
    found = {Path(path).name[:3]: count for path, count in rows}
    assert found == SEED_ENTRY_COUNTS


def test_stats_json_has_the_contract_counts(seeds_db: Path) -> None:
    code, out, _ = run("stats", "--db", str(seeds_db), "--json")
    counts = json.loads(out)
    assert code == 0
    assert counts["sources"] == 5
    assert counts["entries"] == sum(SEED_ENTRY_COUNTS.values())
    assert 0 < counts["concepts"] < counts["entries"]
    assert counts["labels"] >= counts["concepts"]
    assert counts["relations"] > 0


def test_define_gqa_shows_every_sources_definition(seeds_db: Path) -> None:
    code, out, _ = run("define", "GQA", "--db", str(seeds_db), "--json")
    assert code == 0
    concepts = json.loads(out)["concepts"]
    assert len(concepts) == 1
    gqa = concepts[0]
    assert gqa["id"] == "grouped-query-attention"
    sources = {Path(e["source"]).name[:3] for e in gqa["entries"]}
    assert {"000", "001", "002", "004"} <= sources
    code, text, _ = run("define", "gqa", "--db", str(seeds_db))
    assert code == 0 and "Grouped-Query Attention" in text


def test_spelling_variants_define_the_same_concept(seeds_db: Path) -> None:
    ids = set()
    for term in ("kv caching", "KV-cache", "KV cache", "KV-Cache", "kv caches"):
        code, out, _ = run("define", term, "--db", str(seeds_db), "--json")
        assert code == 0, term
        ids.add(json.loads(out)["concepts"][0]["id"])
    assert ids == {"kv-cache"}


def test_define_keeps_a_definitions_later_lines_indented(tmp_path: Path) -> None:
    """A definition of several lines printed its second line at the margin, like a new block."""
    source = tmp_path / "kiln.md"
    source.write_text("# Kiln\n\nA hot chamber where clay is fired.\nIts heat hardens the clay for good.\n\n"
                      "# Glaze\n\nA glassy coat melted onto clay in a kiln.\n", encoding="utf-8")
    db = tmp_path / "kiln.db"
    assert run("build", str(source), "--db", str(db), "--format", "markdown-headings")[0] == 0
    code, out, _ = run("define", "kiln", "--db", str(db))
    assert code == 0
    assert "  Kiln: A hot chamber where clay is fired.\n  Its heat hardens the clay for good." in out, out


def test_a_folder_given_as_db_is_named_as_a_folder(tmp_path: Path) -> None:
    """`define GQA --db docs/` said 'no termbase file here — build one with --db docs', which
    `build` then refused (a folder)."""
    for args in (["define", "GQA"], ["list"], ["glossify", str(tmp_path), "--link-to", "https://e.org/"]):
        code, _out, err = run(*args, "--db", str(tmp_path))
        assert code == 1
        message = " ".join(err.split())
        assert f"{tmp_path}: is a folder, not a termbase file" in message, message
        assert f"e.g. {tmp_path / 'termbase.db'}" in message


def test_define_a_miss_suggests_labels(seeds_db: Path) -> None:
    code, _out, err = run("define", "flash atention", "--db", str(seeds_db))
    assert code == 1
    assert "did you mean" in err and "FlashAttention" in err


def test_homonyms_stay_apart(seeds_db: Path) -> None:
    code, out, _ = run("define", "PRM", "--db", str(seeds_db), "--json")
    ids = {c["id"] for c in json.loads(out)["concepts"]}
    assert {"process-reward-model", "probabilistic-roadmap"} <= ids
    code, out, _ = run("define", "AdamW", "--db", str(seeds_db), "--json")
    assert code == 0
    adamw = json.loads(out)["concepts"]
    _code, out, _ = run("define", "Adam", "--db", str(seeds_db), "--json")
    adam = json.loads(out)["concepts"]
    assert len(adam) == len(adamw) == 1 and adam[0]["id"] != adamw[0]["id"]


def test_list_json_prints_one_concept_per_line(seeds_db: Path) -> None:
    code, out, _ = run("list", "--db", str(seeds_db), "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(rows) == json.loads(run("stats", "--db", str(seeds_db), "--json")[1])["concepts"]
    assert all({"id", "label", "labels"} <= set(row) for row in rows)


def test_export_jsonl_follows_the_contract(seeds_db: Path) -> None:
    code, out, _ = run("export", "--db", str(seeds_db), "--format", "jsonl")
    assert code == 0
    concepts = [json.loads(line) for line in out.splitlines()]
    assert len({c["id"] for c in concepts}) == len(concepts)
    for concept in concepts:
        assert {"id", "label", "labels", "entries", "related"} <= set(concept)
        for entry in concept["entries"]:
            assert {"source", "line", "term", "locator", "definition", "see_also"} <= set(entry)
        for relation in concept["related"]:
            assert set(relation) >= {"id", "kind"}
    by_id = {c["id"]: c for c in concepts}
    locators = {e["locator"] for e in by_id["grouped-query-attention"]["entries"]}
    assert any(loc and loc.startswith("Ch ") for loc in locators)
    assert any(loc and loc.startswith("§") for loc in locators)


def test_every_nonblank_line_is_used_or_reported(seeds_db: Path) -> None:
    code, out, _ = run("report", "--db", str(seeds_db), "--json")
    assert code == 0
    report = json.loads(out)
    with sqlite3.connect(seeds_db) as db:
        spans = db.execute(
            "SELECT s.path, e.line, e.end_line FROM entries e JOIN sources s ON s.id = e.source_id"
        ).fetchall()
    for source in report["sources"]:
        lines = Path(source["path"]).read_text(encoding="utf-8").splitlines()
        used = {
            n
            for path, first, last in spans
            if path == source["path"]
            for n in range(first, last + 1)
            if lines[n - 1].strip()
        }
        reported = {u["line"] for u in report["unused"] if u["source"] == source["path"]}
        assert not used & reported
        assert len(used) + len(reported) == source["nonblank_lines"]
    reasons = {u["reason"] for u in report["unused"]}
    assert all(reasons) and len(reasons) > 3
    _code, text, _ = run("report", "--db", str(seeds_db))
    assert "lines reported" in text


def test_bad_inputs_each_get_one_clear_line_and_the_rest_still_builds(tmp_path: Path) -> None:
    good = FIXTURES / "termbase_yaml" / "networking.yaml"
    (tmp_path / "binary.txt").write_bytes(b"\x00\x01\x02 glossary")
    (tmp_path / "latin1.txt").write_bytes("Glossary\ncaf\xe9\n".encode("latin-1"))
    (tmp_path / "empty.txt").write_text("  \n\n", encoding="utf-8")
    (tmp_path / "prose.txt").write_text("Dear diary, today was fine.\n", encoding="utf-8")
    empty_dir = tmp_path / "nothing"
    empty_dir.mkdir()
    (empty_dir / "image.png").write_bytes(b"\x89PNG")
    db = tmp_path / "out.db"
    bad = ["missing.txt", "binary.txt", "latin1.txt", "empty.txt", "prose.txt", "nothing"]
    code, out, err = run("build", str(good), *(str(tmp_path / b) for b in bad), "--db", str(db))
    assert code == 1
    skipped = [line for line in err.splitlines() if line.startswith("skipped:")]
    assert len(skipped) == len(bad)
    assert "no such file" in err and "binary file" in err and "invalid UTF-8" in err
    assert "latin1.txt:2" in err and "file is empty" in err and "no reader recognises" in err
    assert "holds no glossary files" in err
    assert "6 skipped" in out
    assert json.loads(run("stats", "--db", str(db), "--json")[1])["concepts"] == 3


def test_a_failed_build_keeps_the_previous_termbase(tmp_path: Path) -> None:
    db = tmp_path / "keep.db"
    good = FIXTURES / "termbase_yaml" / "networking.yaml"
    assert run("build", str(good), "--db", str(db))[0] == 0
    before = db.read_bytes()
    code, _, err = run("build", str(tmp_path / "missing.txt"), "--db", str(db))
    assert code == 1 and "no termbase was written" in err
    assert db.read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_unknown_format_and_missing_db_are_clear_errors(tmp_path: Path) -> None:
    good = FIXTURES / "termbase_yaml" / "networking.yaml"
    code, _, err = run("build", str(good), "--format", "nope", "--db", str(tmp_path / "x.db"))
    assert code == 1 and "unknown format 'nope'" in err and "alternating" in err
    code, _, err = run("stats", "--db", str(tmp_path / "absent.db"))
    assert code == 1 and "no termbase file" in err
    not_db = tmp_path / "not.db"
    not_db.write_text("hello", encoding="utf-8")
    code, _, err = run("stats", "--db", str(not_db))
    assert code == 1 and "not a termbase file" in err


def test_build_never_replaces_a_file_that_is_not_a_termbase(tmp_path: Path) -> None:
    good = FIXTURES / "termbase_yaml" / "networking.yaml"
    notes = tmp_path / "notes.txt"
    notes.write_text("my own notes\n", encoding="utf-8")
    other_app = tmp_path / "app.sqlite"
    with sqlite3.connect(other_app) as connection:
        connection.execute("CREATE TABLE things (name TEXT)")
    for target in (notes, other_app):
        before = target.read_bytes()
        code, _, err = run("build", str(good), "--db", str(target))
        assert code == 1 and f"{target}: exists and is not a termbase file" in err, err
        assert "will not replace it" in err and len(err.strip().splitlines()) == 1
        assert target.read_bytes() == before
    folder = tmp_path / "folder.db"
    folder.mkdir()
    code, _, err = run("build", str(good), "--db", str(folder))
    assert code == 1 and f"{folder}: is a folder" in err and ".tmp" not in err
    empty = tmp_path / "empty.db"
    empty.touch()
    for _ in range(2):  # an empty file, then the termbase written there, are replaced
        code, out, err = run("build", str(good), "--db", str(empty))
        assert code == 0, out + err
    code, out, _ = run("stats", "--db", str(empty), "--json")
    assert code == 0 and json.loads(out)["concepts"] > 0


def test_format_override_forces_a_reader(tmp_path: Path) -> None:
    text = "Glossary\nIntro line for this page.\nRound-trip time\nTime for a packet to go and come back.\n"
    source = tmp_path / "tiny.txt"
    source.write_text(text, encoding="utf-8")
    code, out, err = run("build", str(source), "--format", "alternating", "--db", str(tmp_path / "t.db"))
    assert code == 0, err
    assert "alternating" in out


def test_console_script_runs_as_a_real_process(seeds_db: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "termbase", "define", "GQA", "--db", str(seeds_db)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "grouped-query-attention" in done.stdout


def test_build_reads_standard_input_as_dash(tmp_path: Path) -> None:
    """`curl … | termbase build - --db x.db`: the text is read, recorded as `<stdin>`."""
    seed = next(SEEDS.glob("000_*.txt"), None)
    if seed is None:
        pytest.skip(f"seed glossaries not found at {SEEDS}")
    db = tmp_path / "piped.db"
    command = [sys.executable, "-m", "termbase", "build", "-", "--db", str(db)]
    done = subprocess.run(command, input=seed.read_bytes(), capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    with sqlite3.connect(db) as connection:
        assert connection.execute("SELECT path, entry_count FROM sources").fetchall() == [
            ("<stdin>", SEED_ENTRY_COUNTS["000"])
        ]
    code, out, _err = run("define", "GQA", "--db", str(db))
    assert code == 0 and "<stdin>:" in out
    empty = subprocess.run(command, input=b"", capture_output=True, timeout=120)
    assert empty.returncode == 1 and b"standard input is empty" in empty.stderr


def test_a_reader_closing_the_pipe_ends_the_command_quietly_with_status_0(seeds_db: Path) -> None:
    """`termbase list --json | head -1`: no traceback, and status 0 (rich's own is 1), as for
    the commands that print with click."""
    command = [sys.executable, "-m", "termbase", "list", "--db", str(seeds_db), "--json"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert process.stdout is not None and process.stderr is not None
        first = process.stdout.readline()
        process.stdout.close()  # more than a pipe's buffer is still to come
        error = process.stderr.read()
        status = process.wait(timeout=60)
    assert json.loads(first)["id"]
    assert status == 0 and error == b""
