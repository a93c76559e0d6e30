"""A name written in two scripts side by side, and a name looked up without its qualifier."""

from __future__ import annotations

from pathlib import Path

from termbase.build import build_termbase
from termbase.labels import parse_term
from termbase.lookup import find_concepts
from termbase.store import Termbase


def test_a_name_in_two_scripts_gives_two_labels():
    assert parse_term("가마, Kiln") == (("가마", "Kiln"), ())
    assert parse_term("유약, Glaze (ceramics)")[0] == ("유약", "Glaze (ceramics)")


def test_a_comma_inside_one_script_is_part_of_the_name():
    assert parse_term("bricks, mortar and lime") == (("bricks, mortar and lime",), ())


def test_a_name_finds_the_label_that_adds_a_bracketed_qualifier(tmp_path: Path):
    glossary = tmp_path / "pots.csv"
    glossary.write_text(
        "Term,Definition\nThrowing (wheel),Shaping clay on a turning wheel.\n"
        "Kiln,An oven for firing clay.\nGlaze,A glassy coat on pottery.\n",
        encoding="utf-8",
    )
    build_termbase([str(glossary)], tmp_path / "t.db")
    with Termbase.open(tmp_path / "t.db") as termbase:
        assert find_concepts(termbase, "throwing") == find_concepts(termbase, "Throwing (wheel)") != []
        assert find_concepts(termbase, "firing") == []
