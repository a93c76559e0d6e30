"""The first hour of a user, second walk (issue 17): each test fails without its fix."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from termbase.cli import app

LINKED = """\
terms:
  - term: Sprocket
    definition: a toothed wheel that meshes with a chain to pass motion along.
    see_also: [Flywheel]
  - term: Flywheel
    definition: a heavy wheel that stores spin and smooths out uneven turning.
"""


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def built(tmp_path: Path) -> Path:
    source = tmp_path / "parts.yaml"
    source.write_text(LINKED, encoding="utf-8")
    db = tmp_path / "parts.db"
    assert run("build", str(source), "--db", str(db), "--quiet")[0] == 0
    return db


def test_define_says_see_also_once_for_a_one_source_concept(tmp_path: Path) -> None:
    code, out, err = run("define", "sprocket", "--db", str(built(tmp_path)))
    assert code == 0, err
    assert out.lower().count("see also") == 1, out
    assert "Flywheel" in out


def test_list_of_a_letter_with_no_concept_says_so(tmp_path: Path) -> None:
    db = built(tmp_path)
    code, out, err = run("list", "--letter", "q", "--db", str(db))
    assert code == 0 and out == "", out
    assert "no concept filed under 'Q'" in err
    code, out, err = run("list", "--letter", "s", "--db", str(db))
    assert code == 0 and "Sprocket" in out and err == ""
