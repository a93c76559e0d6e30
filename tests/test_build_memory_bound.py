"""A build that already holds much memory writes its store in one process (issue 20 part 5b)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

import termbase.store
from termbase import forked
from termbase.build import build_termbase

GLOSSARY = "".join(f"- **Quillon {n}**: A guard numbered {n}, like Quillon {n + 1}.\n" for n in range(40))


def rows(db: Path) -> dict[str, list[tuple[object, ...]]]:
    with sqlite3.connect(db) as connection:
        names = [r[0] for r in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        found = {name: connection.execute(f"SELECT * FROM {name}").fetchall() for name in names}
    found["meta"] = [r for r in found["meta"] if r[0] != "built_at"]
    return found


@pytest.mark.skipif(not forked.forkable(), reason="this platform or process cannot fork")
def test_over_the_memory_bound_the_store_is_written_here_with_the_same_rows(tmp_path, monkeypatch):
    monkeypatch.setattr(forked, "_core_free", lambda: True)  # fork whether or not the cores are busy
    source = tmp_path / "guards.md"
    source.write_text(GLOSSARY, encoding="utf-8")
    forks: list[object] = []
    real = termbase.store.Forked

    def counted(*args: object) -> object:
        forks.append(args)
        return real(*args)

    monkeypatch.setattr(termbase.store, "Forked", counted)
    build_termbase([str(source)], tmp_path / "forked.db")
    assert len(forks) == 1  # under the bound: a helper writes the store
    monkeypatch.setattr(termbase.store, "FORK_MAX_RESIDENT_MB", 1)  # any process holds more
    summary = build_termbase([str(source)], tmp_path / "here.db")
    assert len(forks) == 1  # no second helper
    assert summary.concepts == 40 and summary.relations > 0
    assert rows(tmp_path / "here.db") == rows(tmp_path / "forked.db")


def test_resident_memory_is_read():
    assert 1 < termbase.store.resident_mb() < 100_000
