"""A folder of pages exported from a notes app (Notion): `# Term`, a block of page properties
(`Category: tools`, `Created: March 3, 2024`), then the text. As fixtures of our own words."""

from __future__ import annotations

from pathlib import Path

from termbase.build import read_sources

PAGES = {
    "Bobbin 1a2b3c.md": ("Bobbin", "tools", "A small spool that holds thread inside the shuttle."),
    "Dobby 2b3c4d.md": ("Dobby", "looms", "A loom part that lifts shafts in a set order."),
    "Jacquard 3c4d5e.md": ("Jacquard", "looms", "A loom that lifts each warp thread on its own."),
    "Selvedge 4d5e6f.md": ("Selvedge", "cloth", "The tightly woven edge of a cloth."),
    "Treadle 5e6f7a.md": ("Treadle", "looms", "A foot pedal that lifts a set of shafts."),
}


def test_page_properties_are_fields_not_the_definition(tmp_path: Path):
    for name, (term, topic, text) in PAGES.items():
        page = f"# {term}\n\nCategory: {topic}\nCreated: March 3, 2024 10:12 AM\nStatus: Done\n\n{text}\n"
        (tmp_path / name).write_text(page, encoding="utf-8")
    read, errors = read_sources([str(tmp_path)])
    assert not errors
    entries = sorted((e for r in read for e in r.result.entries), key=lambda e: e.term)
    assert [(e.term, e.definition, e.topics) for e in entries] == [
        (term, text, (topic,)) for term, topic, text in sorted(PAGES.values())
    ]
    reasons = {u.text: u.reason for r in read for u in r.result.unused}
    assert "page property" in reasons["Created: March 3, 2024 10:12 AM"]
    assert "page property" in reasons["Status: Done"]


def test_a_note_line_opening_a_definition_stays_in_it(tmp_path: Path):
    for name, (term, _, text) in PAGES.items():
        (tmp_path / name).write_text(f"# {term}\n\nNote: hand-woven only.\n\n{text}\n", encoding="utf-8")
    read, _ = read_sources([str(tmp_path)])
    assert all(e.definition.startswith("Note: hand-woven only.") for r in read for e in r.result.entries)
