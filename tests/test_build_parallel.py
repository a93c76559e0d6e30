"""A build that uses a second process (files read by two, the store written while linking
runs) writes the same termbase, row for row, as one that does not, and reports the same
errors in the same order; a helper process's error or death reaches the build."""

from __future__ import annotations

import os
import signal
import sqlite3
import time
from pathlib import Path

import pytest

import termbase.build
import termbase.store
from termbase import forked
from termbase.build import build_termbase
from termbase.errors import TermbaseError
from termbase.forked import Forked

FIXTURES = Path(__file__).parent / "fixtures"

pytestmark = pytest.mark.skipif(not forked.forkable(), reason="this platform or process cannot fork")


@pytest.fixture(autouse=True)
def free_core(monkeypatch):
    """Fork whether or not the machine's cores are busy (see forked.can_fork)."""
    monkeypatch.setattr(forked, "_core_free", lambda: True)


def table_rows(db: Path) -> dict[str, list[tuple[object, ...]]]:
    """Return every table's rows in stored order (meta without its build time), and the schema."""
    connection = sqlite3.connect(db)
    try:
        names = [r[0] for r in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        rows = {name: connection.execute(f"SELECT * FROM {name}").fetchall() for name in names}
        rows["meta"] = [r for r in rows["meta"] if r[0] != "built_at"]
        rows["sqlite_master"] = connection.execute("SELECT type, name, sql FROM sqlite_master").fetchall()
        return rows
    finally:
        connection.close()


def sources(tmp_path: Path) -> list[str]:
    """Glossaries of several shapes, a path that does not exist, one named twice and a file
    no reader takes: work for both processes, and errors among it."""
    not_glossary = tmp_path / "notes.txt"
    not_glossary.write_text("\x00\x01 binary-ish \x02\n" * 3, encoding="utf-8")
    files = [
        *sorted((FIXTURES / "alternating").glob("*.txt")),
        FIXTURES / "markdown_bold" / "storage.md",
        tmp_path / "missing.md",
        *sorted((FIXTURES / "suffix_locator").glob("*.txt")),
        FIXTURES / "markdown_bold" / "storage.md",
        not_glossary,
        FIXTURES / "markdown_table" / "testing.md",
    ]
    return [str(f) for f in files]


def test_a_build_with_a_second_process_writes_the_same_rows_and_errors(tmp_path, monkeypatch):
    paths = sources(tmp_path)
    two = build_termbase(paths, tmp_path / "two.db")
    monkeypatch.setattr(termbase.build, "can_fork", lambda: False)
    monkeypatch.setattr(termbase.store, "can_fork", lambda: False)
    one = build_termbase(paths, tmp_path / "one.db")
    assert table_rows(tmp_path / "two.db") == table_rows(tmp_path / "one.db")
    assert [str(e) for e in two.skipped] == [str(e) for e in one.skipped]
    assert len(one.skipped) == 2 and "missing.md" in str(one.skipped[0])
    assert (
        (two.concepts, two.relations, two.dangling)
        == (one.concepts, one.relations, one.dangling)
        != (0, 0, 0)
    )
    assert two.sources == one.sources


def test_a_helper_process_error_is_raised_in_the_build():
    def fails() -> None:
        raise ValueError("bad row")

    helper = Forked(fails)
    with pytest.raises(ValueError, match="bad row"):
        helper.result()


def test_a_helper_process_that_dies_is_one_clear_error_and_a_cancelled_one_is_reaped():
    helper = Forked(time.sleep, 30)
    pid, started = helper._pid, time.monotonic()
    helper.cancel()
    assert time.monotonic() - started < 5
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)  # ended and reaped

    def dies() -> None:
        os.kill(os.getpid(), signal.SIGKILL)

    helper = Forked(dies)
    with pytest.raises(TermbaseError, match="ended without an answer"):
        helper.result()
