"""A long form spelled out in passing gives way to the later chapter that says what the thing is."""

from __future__ import annotations

from pathlib import Path

from termbase.extract import extract_glossary


def test_an_acronym_spelled_out_in_a_list_of_features_is_no_introduction(tmp_path: Path) -> None:
    (tmp_path / "a-boats.md").write_text(
        "# Boats\n\nNew yachts come with features such as chart plotters, radar and Automatic Identification"
        " System (AIS) receivers.\n", encoding="utf-8")
    (tmp_path / "b-radio.md").write_text(
        "# Radio\n\nThe **Automatic Identification System** is a radio system that broadcasts the position"
        " of each ship.\n", encoding="utf-8")
    result = extract_glossary([tmp_path / "a-boats.md", tmp_path / "b-radio.md"], min_confidence=0.0)
    found = {label.lower(): e for e in result.entries for label in (e.term, *e.labels)}
    assert found["ais"].chapter.endswith("b-radio.md")


def test_an_acronym_spelled_out_with_nothing_said_later_stays_where_it_is(tmp_path: Path) -> None:
    (tmp_path / "a-boats.md").write_text(
        "# Boats\n\nNew yachts come with features such as chart plotters, radar and Automatic Identification"
        " System (AIS) receivers.\n", encoding="utf-8")
    (tmp_path / "b-radio.md").write_text("# Radio\n\nSwitch the AIS on before leaving port.\n",
                                         encoding="utf-8")
    result = extract_glossary([tmp_path / "a-boats.md", tmp_path / "b-radio.md"], min_confidence=0.0)
    found = {label.lower(): e for e in result.entries for label in (e.term, *e.labels)}
    assert found["ais"].chapter.endswith("a-boats.md")
