"""Shapes a walk-through found: a joined plural name, a command that was run, a bold verb."""

from __future__ import annotations

from pathlib import Path

from termbase.extract import extract_glossary


def _all(tmp_path: Path, text: str) -> dict[str, float]:
    return {term: entry.confidence for term, entry in _entries(tmp_path, text).items()}


def _entries(tmp_path: Path, text: str) -> dict[str, object]:
    (tmp_path / "deck.md").write_text(text, encoding="utf-8")
    result = extract_glossary([tmp_path], min_confidence=0.0)
    return {e.term: e for e in (*result.entries, *result.review)}


def test_a_name_joining_two_plurals_keeps_them(tmp_path: Path) -> None:
    found = _all(tmp_path, "# Rigging\n\nThis way of rigging a mast is called 'stays and shrouds'.\n")
    assert "stays and shrouds" in found and "stays and shroud" not in found


def test_a_command_we_called_is_not_named(tmp_path: Path) -> None:
    found = _entries(tmp_path, (
        "# Logs\n\nWe tidied the log and removed the last line, where we called the `tally` command, "
        "before saving it.\n\nRun `tally` again to count the knots.\n"))
    assert "tally" not in found or not any("called" in e for e in found["tally"].evidence)


def test_a_bold_verb_of_an_instruction_is_no_term(tmp_path: Path) -> None:
    found = _all(tmp_path, (
        "# Charts\n\nA **chart** is a map of the sea for sailors. Every chart shows depths.\n\n"
        "A **bearing** is a direction given in degrees. Take a bearing on the lighthouse.\n\n"
        "A **sounding** is a depth marked on a chart. Soundings are given in metres.\n\n"
        "To **fold** the chart, press it flat first. Fold it again along the crease.\n\n"
        "A **buoy** is a float that marks the channel. Pass each buoy slowly.\n"))
    assert found["chart"] >= 0.6 and found["bearing"] >= 0.6
    assert found.get("fold", 0.0) < 0.6


def test_bold_for_stress_is_no_first_bold_introduction(tmp_path: Path) -> None:
    found = _all(tmp_path, (
        "# Charts\n\nA **chart** is a map of the sea for sailors. Every chart shows depths.\n\n"
        "A **bearing** is a direction given in degrees. Take a bearing on the lighthouse.\n\n"
        "A **sounding** is a depth marked on a chart. Soundings are given in metres.\n\n"
        "The hatch **remains open** until the skipper closes it. Keep it open in port.\n\n"
        "Sections that are **mostly theory** can be skipped on a first reading.\n\n"
        "A **buoy** is a float that marks the channel. Pass each buoy slowly.\n"))
    assert found["chart"] >= 0.6 and found["bearing"] >= 0.6
    assert found.get("remains open", 0.0) < 0.6 and found.get("mostly theory", 0.0) < 0.6


def test_a_numbered_proposal_is_the_name_of_a_document(tmp_path: Path) -> None:
    found = _all(tmp_path, (
        "# Standards\n\n**BIP43** is a proposal that sets the purpose field of a key path.\n\n"
        "A **key path** is a list of numbers that leads from a root key to a child key.\n"))
    assert found["key path"] >= 0.6
    assert found.get("BIP43", 0.0) < 0.6
