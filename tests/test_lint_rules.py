"""`termbase lint` content rules: definition length, related concepts, no orphans."""

from __future__ import annotations

from pathlib import Path

from termbase.build import build_termbase
from termbase.lint import lint_files
from termbase.lookup import find_concepts
from termbase.store import Termbase

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


def _labelled(concept_id: str, labels: str, related: str, homonym: bool = False) -> str:
    extra = f"    labels: [{labels}]\n" + ("    homonym: true\n" if homonym else "")
    return _concept(concept_id, related).replace("    topics:", extra + "    topics:", 1)


def test_a_shared_label_is_reported_even_between_homonyms(tmp_path: Path) -> None:
    body = (
        _labelled("process-reward-model", "PRM", "probabilistic-roadmap, plum", homonym=True)
        + _labelled("probabilistic-roadmap", "PRMs", "process-reward-model, plum", homonym=True)
        + _concept("plum", "process-reward-model, probabilistic-roadmap")
    )
    problems = _lint(tmp_path, body)
    assert len(problems) == 2, problems
    assert problems[0].startswith("label 'PRM' is also claimed by probabilistic-roadmap; two concepts")
    assert problems[1].startswith("label 'PRMs' is also claimed by process-reward-model;")
    assert all("qualify it in brackets" in p for p in problems)


def test_labels_qualified_in_brackets_pass_and_the_bare_label_finds_both(tmp_path: Path) -> None:
    body = (
        _labelled("process-reward-model", "PRM (reward model)", "probabilistic-roadmap, plum", homonym=True)
        + _labelled("probabilistic-roadmap", "PRM (planning)", "process-reward-model, plum", homonym=True)
        + _concept("plum", "process-reward-model, probabilistic-roadmap")
    )
    assert _lint(tmp_path, body) == []
    db = tmp_path / "prm.db"
    build_termbase([str(tmp_path / "rules.yaml")], db)
    assert find_concepts(Termbase.open(db), "PRM") == ["probabilistic-roadmap", "process-reward-model"]
