"""Every entry keeps its own identity: entries that start on one source line are all stored.

A one-line JSON array, a one-line `<dl>` or a minified SKOS file puts several entries on
line 1. The store once keyed entries by (source, line), so the second overwrote or
cross-wired the first. These tests build one-line twins of the structured fixtures and
check that the build's entry count is the number of rows stored, that each entry's own
definition is stored with its own term, and that every export reads back whole.
"""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from conftest import FIXTURES
from termbase.build import build_termbase, read_sources
from termbase.cli import app
from termbase.store import Termbase


def one_line_twin(path: Path, folder: Path) -> Path:
    """Return a copy of a structured fixture with all of its content on one line."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json" or path.suffix == ".jsonld":
        flat = json.dumps(json.loads(text), ensure_ascii=False)
    elif path.suffix in {".yaml", ".yml"}:
        documents = [d for d in yaml.safe_load_all(text) if d is not None]
        # JSON is YAML's flow style, and keeps multi-line strings on one line.
        flat = json.dumps(documents[0] if len(documents) == 1 else documents, ensure_ascii=False)
    else:  # XML and HTML: whitespace between tags is not content
        flat = re.sub(r"\s*\n\s*", " ", text).strip()
    assert "\n" not in flat
    twin = folder / f"one_line_{path.name}"
    twin.write_text(flat + "\n", encoding="utf-8")
    return twin


STRUCTURED = [
    "data_glossary/astronomy.json",
    "data_glossary/knots.yaml",
    "data_glossary/multilingual.yml",
    "html_glossary/dl_page.html",
    "html_glossary/dfn_paragraphs.html",
    "skos/baking.rdf",
    "skos/baking.jsonld",
    "tbx/pottery.tbx",
    "tbx/pottery_martif.tbx",
    "pretext_glossary/sorting.ptx",
    "termbase_yaml/networking.yaml",
]


def stored_pairs(db: Path) -> list[tuple[str, str]]:
    """Return (term, definition) of every entry row in a termbase file."""
    with sqlite3.connect(db) as connection:
        return sorted(connection.execute("SELECT term, definition FROM entries").fetchall())


@pytest.mark.parametrize("fixture", STRUCTURED)
def test_one_line_twin_stores_every_entry_it_reads(fixture: str, tmp_path: Path) -> None:
    original = FIXTURES / fixture
    twin = one_line_twin(original, tmp_path)
    read, errors = read_sources([str(twin)])
    assert not errors, errors
    entries = read[0].result.entries
    assert len(entries) >= 2
    assert len({e.line for e in entries}) < len(entries), "some entries should share a line"

    db = tmp_path / "one.db"
    summary = build_termbase([str(twin)], db)
    assert summary.entries == len(entries)
    assert stored_pairs(db) == sorted((e.term, e.definition) for e in entries)

    # The one-line twin holds the terms the original holds.
    original_read, _ = read_sources([str(original)])
    assert sorted(e.term for e in original_read[0].result.entries) == sorted(e.term for e in entries)


ALL_FIXTURES = sorted(
    str(path.relative_to(FIXTURES))
    for path in FIXTURES.rglob("*")
    if path.is_file() and path.parent.name != "xss" and "markdown_frontmatter" not in path.parts
)


@pytest.mark.parametrize("fixture", ALL_FIXTURES)
def test_every_entry_read_from_a_fixture_is_a_row_of_its_own(fixture: str, tmp_path: Path) -> None:
    read, errors = read_sources([str(FIXTURES / fixture)])
    if errors:
        pytest.skip(f"not a glossary on its own: {errors[0]}")
    entries = read[0].result.entries
    db = tmp_path / "fixture.db"
    summary = build_termbase([str(FIXTURES / fixture)], db)
    assert summary.entries == len(entries)
    assert stored_pairs(db) == sorted((e.term, e.definition) for e in entries)


def test_define_prints_each_entrys_own_definition(tmp_path: Path) -> None:
    source = tmp_path / "pair.json"
    source.write_text(
        '[{"term": "alpha", "definition": "first of two words kept on one line"},'
        ' {"term": "beta", "definition": "second of the two, which must not be lost"}]\n',
        encoding="utf-8",
    )
    db = tmp_path / "pair.db"
    summary = build_termbase([str(source)], db)
    assert summary.entries == 2
    termbase = Termbase.open(db)
    beta = termbase.concept(termbase.concept_ids_for_key("beta")[0])
    assert [stored.entry.definition for stored in beta.entries] == [
        "second of the two, which must not be lost"
    ]
    alpha = termbase.concept(termbase.concept_ids_for_key("alpha")[0])
    assert [stored.entry.definition for stored in alpha.entries] == ["first of two words kept on one line"]


def test_a_one_line_dl_of_nine_terms_stores_nine(tmp_path: Path) -> None:
    items = "".join(
        f"<dt>word{n}</dt><dd>the meaning given to made-up word number {n}</dd>" for n in range(9)
    )
    source = tmp_path / "nine.html"
    source.write_text(f"<html><body><dl>{items}</dl></body></html>\n", encoding="utf-8")
    db = tmp_path / "nine.db"
    summary = build_termbase([str(source)], db)
    assert summary.entries == 9
    assert len(stored_pairs(db)) == 9
    assert summary.concepts == 9


EXPORTS = ["json", "jsonl", "csv", "markdown", "sphinx", "skos", "jsonld", "tbx"]


@pytest.mark.parametrize("export_format", EXPORTS)
def test_a_termbase_of_one_line_entries_reads_back_from_every_export(
    export_format: str, tmp_path: Path
) -> None:
    twin = one_line_twin(FIXTURES / "skos/baking.jsonld", tmp_path)
    db = tmp_path / "one.db"
    build_termbase([str(twin)], db)
    before = stored_pairs(db)
    result = CliRunner().invoke(app, ["export", "--db", str(db), "--format", export_format])
    assert result.exit_code == 0, result.output
    suffix = {"jsonl": "jsonl", "markdown": "md", "sphinx": "rst", "skos": "ttl", "tbx": "tbx"}
    exported = tmp_path / f"export.{suffix.get(export_format, export_format)}"
    exported.write_text(result.stdout, encoding="utf-8")
    again = tmp_path / "again.db"
    summary = build_termbase([str(exported)], again)
    after = stored_pairs(again)
    assert summary.entries == len(before) == len(after)
    assert sorted(definition for _, definition in after) == sorted(definition for _, definition in before)
    assert after == before
