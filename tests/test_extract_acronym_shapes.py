"""Acronyms introduced after ', or' or in the plural, long forms holding an acronym of their own, and code
names given with the words they are shortened from."""

from __future__ import annotations

from pathlib import Path

from termbase.extract import extract_glossary

PAGE = """\
# Sailing tools

Modern boats carry Automatic Identification Transponders, or AITs, to tell other ships where they are.
An AIT sends the position of the boat every few seconds.

Harbour masters now rent out Shared-Hull RIBs (SHRIBs) to visiting crews. A SHRIB can carry ten people.

To split the work, call `pmoor` (parallel mooring) instead of the plain loop. `pmoor` ties each line at once.

Skippers who like their charts, or CHARTs, on paper keep them dry.

The crew uses Drift Sensing Buoys, or DSBs, to find the current. A DSB floats with the water.

To leave, run the `cb` (clear berth) command. `cb` frees the berth for the next boat.
"""


def _found(tmp_path: Path) -> dict[str, object]:
    (tmp_path / "tools.md").write_text(PAGE, encoding="utf-8")
    result = extract_glossary([tmp_path / "tools.md"])
    return {label.lower(): entry for entry in result.entries for label in (entry.term, *entry.labels)}


def test_an_acronym_given_after_or_in_the_plural_is_introduced(tmp_path: Path) -> None:
    found = _found(tmp_path)
    assert found["automatic identification transponders"] is found["aits"]


def test_a_long_form_holding_an_acronym_has_fewer_words_than_letters(tmp_path: Path) -> None:
    found = _found(tmp_path)
    assert found["shared-hull ribs"] is found["shribs"]


def test_a_code_name_with_the_words_it_is_shortened_from_is_a_term(tmp_path: Path) -> None:
    found = _found(tmp_path)
    assert found["pmoor"] is found["parallel mooring"]


def test_words_whose_initials_do_not_give_the_capitals_are_no_acronym(tmp_path: Path) -> None:
    assert "charts" not in _found(tmp_path)


def test_a_plural_acronym_is_no_product_the_text_uses(tmp_path: Path) -> None:
    # "uses X" of a spelled-out title-case name says a product is used; "DSBs" counts things of a kind
    found = _found(tmp_path)
    assert found["drift sensing buoys"] is found["dsbs"]


def test_a_code_name_spelled_out_as_a_command_is_a_programs_name(tmp_path: Path) -> None:
    found = _found(tmp_path)
    assert "cb" not in found and "clear berth" not in found
    assert "pmoor" in found  # the same shape, no command: a term
