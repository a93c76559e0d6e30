"""`termbase lint --against DIR`: definitions that repeat a run of words from other texts."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import CORPORA, SEEDS
from termbase.builtin import glossary_files
from termbase.cli import app
from termbase.lint import lint_files

GLOSSARY = """\
termbase: 1
title: A tiny test glossary
concepts:
  - id: lantern
    label: lantern
    definition: >-
      A portable lamp whose small flame sits behind glass panes, carried by night watchmen
      walking the old harbour streets before gas lighting arrived.
    topics: [foundations]
    related: [kettle, ferry]
  - id: kettle
    label: kettle
    definition: >-
      A metal pot with a spout in which water is boiled on a stove for making tea or coffee.
    topics: [foundations]
    related: [lantern, ratio]
  - id: ferry
    label: harbour ferry of the northern islands
    labels: [northern island harbour ferry service]
    definition: >-
      The harbour ferry of the northern islands runs twice a day in summer and once in winter.
    topics: [foundations]
    related: [lantern, kettle]
  - id: ratio
    label: odds ratio
    definition: >-
      A comparison of two odds, written `a / b over c / d over e / f over g` in old books, and
      still used in trials today.
    topics: [foundations]
    related: [kettle, ferry]
"""

#: Someone else's text: shares 10 words with `lantern`, 6 with `kettle`, a 7-word name with
#: `ferry` and a 7-word formula with `ratio`.
REFERENCE = """\
Long ago, night watchmen walking the old harbour streets before gas lighting carried bells.
Boil water on a stove for making tea in the morning.
Notes on the harbour ferry of the northern islands and its timetable.
The rule a / b over c / d over e / f over g appears in many books.
"""


@pytest.fixture
def glossary(tmp_path: Path) -> Path:
    path = tmp_path / "tiny.yaml"
    path.write_text(GLOSSARY, encoding="utf-8")
    return path


@pytest.fixture
def references(tmp_path: Path) -> Path:
    folder = tmp_path / "refs"
    (folder / "nested").mkdir(parents=True)
    (folder / "nested" / "other.txt").write_text(REFERENCE, encoding="utf-8")
    return folder


def test_a_definition_sharing_seven_words_is_flagged_with_file_line_and_the_run(
    glossary: Path, references: Path
) -> None:
    problems = lint_files([glossary], against=[references])
    assert [(p.path, p.line) for p in problems] == [(str(glossary), 4)]
    message = problems[0].message
    assert "'lantern'" in message and "other.txt" in message
    assert "night watchmen walking the old harbour streets" in message
    assert "(and 3 more run(s))" in message  # the 10-word overlap holds four 7-word runs


def test_shorter_shared_runs_names_and_formulas_are_not_copying(glossary: Path, references: Path) -> None:
    flagged = {p.message.split("'")[1] for p in lint_files([glossary], against=[references])}
    assert "kettle" not in flagged  # only 6 words in common
    assert "harbour ferry of the northern islands" not in flagged  # its own name
    assert "odds ratio" not in flagged  # inline notation
    assert lint_files([glossary], against=[references], window=11) == []
    six = lint_files([glossary], against=[references], window=6)
    assert {p.message.split("'")[1] for p in six} == {"lantern", "kettle"}


def test_cli_exits_nonzero_and_prints_the_problem(glossary: Path, references: Path) -> None:
    result = CliRunner().invoke(app, ["lint", str(glossary), "--against", str(references)])
    assert result.exit_code == 1, result.output
    assert f"{glossary}:4:" in result.output.replace("\n", "")
    clean = CliRunner().invoke(app, ["lint", str(glossary)])
    assert clean.exit_code == 0, clean.output


def test_a_missing_reference_folder_or_tiny_window_is_a_clear_error(glossary: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["lint", str(glossary), "--against", str(tmp_path / "nowhere")])
    assert result.exit_code != 0
    assert "reference folder not found" in result.output and "nowhere" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    small = CliRunner().invoke(app, ["lint", str(glossary), "--against", str(tmp_path), "--window", "3"])
    assert small.exit_code != 0 and "at least 5 words" in small.output


def test_builtin_glossary_repeats_no_seven_word_run_of_the_seeds_or_corpora() -> None:
    folders = [folder for folder in (SEEDS, CORPORA) if folder.is_dir()]
    if not folders:
        pytest.skip(f"reference texts not found at {SEEDS} / {CORPORA}")
    problems = lint_files(glossary_files(), against=folders, window=7)
    assert [str(p) for p in problems] == []
