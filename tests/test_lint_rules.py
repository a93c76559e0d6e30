"""`termbase lint` content rules: definition length, related concepts, no orphans."""

from __future__ import annotations

from pathlib import Path

from termbase.lint import lint_files

HEADER = "termbase: 1\ntitle: Rules fixture\nconcepts:\n"
LONG = "a small thing described here in enough plain words to pass the minimum length rule of the linter"


def _concept(concept_id: str, related: str, definition: str = LONG) -> str:
    return (
        f"  - id: {concept_id}\n    label: {concept_id}\n    definition: >-\n      {definition}\n"
        f"    topics: [foundations]\n    related: [{related}]\n"
    )


def _lint(tmp_path: Path, body: str) -> list[str]:
    path = tmp_path / "rules.yaml"
    path.write_text(HEADER + body, encoding="utf-8")
    return [str(p).split(": ", 1)[1] for p in lint_files([path])]


def test_a_well_linked_glossary_passes(tmp_path: Path) -> None:
    body = _concept("apple", "pear, plum") + _concept("pear", "apple, plum") + _concept("plum", "apple, pear")
    assert _lint(tmp_path, body) == []


def test_short_definitions_too_few_related_and_orphans_are_reported(tmp_path: Path) -> None:
    body = (
        _concept("apple", "pear", definition="A round fruit that grows on trees.")
        + _concept("pear", "apple, plum")
        + _concept("plum", "pear, apple")
        + _concept("quince", "apple, pear")
    )
    problems = _lint(tmp_path, body)
    assert "definition of 'apple' has 7 words; say more" in problems
    assert "'apple' names 1 related concept(s); give at least 2" in problems
    assert "no concept links to 'quince'; add it to a related list" in problems
    assert len(problems) == 3, problems


def test_a_self_link_does_not_count_as_incoming(tmp_path: Path) -> None:
    body = (
        _concept("apple", "pear, quince")
        + _concept("pear", "apple, quince")
        + _concept("quince", "apple, pear")
        + _concept("plum", "plum, apple")
    )
    assert _lint(tmp_path, body) == ["no concept links to 'plum'; add it to a related list"]
