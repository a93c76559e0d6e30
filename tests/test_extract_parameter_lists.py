"""An API-style list of parameters (labels in code) that links glossary words is no introduction of them."""

from __future__ import annotations

from pathlib import Path

from termbase.extract import extract_glossary

PARAMETERS = """\
Configuring a berth
===================

The berth call takes these arguments:

``holder``
  Names the :term:`bollard` a boat is tied to. It must exist on the quay plan.

``spring``
  Denotes the :term:`spring line` run aft from the bow to hold the boat still.
"""

EXPLAINED = """\
Mooring lines
=============

Bollards
--------

Every quay has bollards, and each :term:`bollard` takes the eye of one line or two.

Spring lines
------------

Spring lines keep a boat from surging back and forth along the quay.
"""


def test_a_parameter_list_does_not_introduce_the_words_it_links(tmp_path: Path) -> None:
    (tmp_path / "a-berth.rst").write_text(PARAMETERS, encoding="utf-8")
    (tmp_path / "b-lines.rst").write_text(EXPLAINED, encoding="utf-8")
    result = extract_glossary([tmp_path / "a-berth.rst", tmp_path / "b-lines.rst"], min_confidence=0.0)
    found = {e.term.lower(): e for e in (*result.entries, *result.review)}
    assert found["bollard"].chapter.endswith("b-lines.rst")
    assert found["spring line"].chapter.endswith("b-lines.rst")
    # the parameters named in code are names, not terms
    assert "holder" not in found and "spring" not in found


def test_a_code_name_over_an_indented_description_is_a_parameter_too(tmp_path: Path) -> None:
    (tmp_path / "a-berth.rst").write_text(
        "Berth options\n=============\n\n``night_watch``\n\n"
        "  Turns on the night watch. This needs a configured\n  :term:`harbour log` to write to.\n",
        encoding="utf-8")
    (tmp_path / "b-logs.rst").write_text(
        "Logs\n====\n\nHarbour logs\n------------\n\nHarbour logs keep the arrivals and departures of every"
        " boat.\n", encoding="utf-8")
    result = extract_glossary([tmp_path / "a-berth.rst", tmp_path / "b-logs.rst"], min_confidence=0.0)
    found = {e.term.lower(): e for e in (*result.entries, *result.review)}
    assert found["harbour log"].chapter.endswith("b-logs.rst")


def test_a_reference_heading_over_a_key_in_code_gives_no_term(tmp_path: Path) -> None:
    (tmp_path / "berth-plan.md").write_text(
        "# The berth plan file\n\n## The `draft` field\n\n"
        "The `draft` field tells the harbour office how deep the keel goes below the waterline.\n\n"
        "## The `moorings` table\n\n"
        "The `moorings` table is where you list the lines a boat needs at its berth.\n\n"
        "## Fenders\n\n"
        "Fenders are soft pads hung between a hull and the quay to keep the paint whole.\n",
        encoding="utf-8")
    result = extract_glossary([tmp_path], min_confidence=0.0)
    kept = {e.term.lower() for e in result.entries if e.confidence >= 0.6}
    review = {e.term.lower(): e for e in (*result.entries, *result.review) if e.confidence < 0.6}
    assert not {"draft field", "moorings table"} & kept
    assert "draft field" in review and any("named in code" in why for why in review["draft field"].evidence)
    assert {"fender", "fenders"} & kept
