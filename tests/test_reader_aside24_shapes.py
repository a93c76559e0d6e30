r"""Shapes met in the aside24 batch (tuned on it after its one measure), each in a fixture of our own words.

- an HTML app page whose glossary is JSON in `<script type="application/json">`, rendered by its
  JavaScript: whatever a reader takes from the page is furniture, so the read is flagged.
- a LaTeX file that defines its own macro around `\newglossaryentry` (`\newcommand{\x}[4]{…}`) and
  calls it once an entry: each call is an entry (only the file's plain `\newacronym` lines were read).
- an AsciiDoc `[[x]] Term:` line (one colon) among `[[x]] Term::` items: not read, so flagged.
- a reST glossary whose later items fell out of the `.. glossary::` directive to column 0 (term over
  an indented body, a definition list of its own): the items left unread are flagged.
- `- **Term** (…): text` bullets with indented bullets of the same shape inside one of them (kinds of
  the entry, different terms): read as part of the parent's definition, so flagged.
- a headerless CSV of Gujarati and Bengali names: a two-language label table (Gujarati's script names
  its language as Bengali's does), not Gujarati terms with Bengali definitions tagged `en`.
"""

from __future__ import annotations

from pathlib import Path

from conftest import FIXTURES
from termbase.build import read_source
from termbase.model import Entry, ReadResult
from termbase.read_checks import check_read
from termbase.sources import load_text

HERE = FIXTURES / "aside24_shapes"


def test_an_app_page_whose_content_is_a_json_data_script_is_flagged() -> None:
    read = read_source(load_text(HERE / "studio_app.html"))
    found = [f for f in read.findings if f.check == "page-held-in-data-script"]
    assert found and found[0].line == 16  # the data script's line
    assert "save that script's JSON as a .json file" in found[0].message


def _checks(page: str) -> list[str]:
    entry = Entry(source="p.html", line=1, end_line=1, term="Kiln", labels=("Kiln",), definition="An oven.")
    return [f.check for f in check_read(page, ReadResult(entries=(entry,), unused=()), "p.html")]


def test_a_page_of_text_with_small_data_scripts_is_not_flagged() -> None:
    items = (f"<dt>Term {i}</dt><dd>A definition of term {i} in plain words.</dd>" for i in range(20))
    prose = "<dl>" + "".join(items)
    settings = '<script type="application/json">{"theme": "dark", "search": true}</script>'
    record = '{"@type": "DefinedTermSet", "name": "x"}'
    metadata = '<script type="application/ld+json">' + record * 80 + "</script>"
    page = f"<html><body>{settings}{metadata}{prose}</dl></body></html>"
    assert "page-held-in-data-script" not in _checks(page)


def test_calls_of_a_latex_file_s_own_glossary_macro_are_entries() -> None:
    read = read_source(load_text(HERE / "harbour_macro.tex"))
    by_term = {e.term: e for e in read.result.entries}
    assert list(by_term) == ["ETA", "VTS", "Mouillage", "PLT"]
    assert by_term["ETA"].labels == ("ETA", "Estimated Time of Arrival")
    assert by_term["ETA"].definition.startswith("Heure à laquelle un navire")
    assert by_term["VTS"].line == 20
    assert by_term["Mouillage"].labels == ("Mouillage",)  # an empty expansion is no name
    assert "intérieur" in by_term["Mouillage"].definition
    assert not any(u.text.startswith("\\hterm{") for u in read.result.unused)  # every call was read


def test_an_anchored_one_colon_term_line_among_labeled_items_is_flagged() -> None:
    read = read_source(load_text(HERE / "boat_terms.adoc"))
    assert [e.term for e in read.result.entries] == ["Ballast", "Bilge", "Keel"]
    found = [f for f in read.findings if f.check == "untaken-term-lines"]
    assert found and found[0].line == 13


def test_a_headerless_gujarati_bengali_csv_is_a_table_of_names_in_two_languages() -> None:
    read = read_source(load_text(HERE / "gu_bn_words.csv"))
    entries = read.result.entries
    assert [(e.language, e.labels, e.definition) for e in entries[:2]] == [
        ("gu", ("પાણી",), ""),
        ("bn", ("পানি",), ""),
    ]
    assert entries[0].group == entries[1].group != entries[2].group  # one row, one concept
    assert len(entries) == 18


def test_glossary_items_fallen_out_of_the_directive_are_flagged() -> None:
    read = read_source(load_text(HERE / "weaving_broken.rst"))
    assert [e.term for e in read.result.entries] == ["warp", "weft", "heddle", "shed"]
    found = [f for f in read.findings if f.check == "indented-items-unread"]
    assert found and found[0].line == 19
    assert found[0].message.startswith("6 lines are terms over an indented body")


def test_a_glossary_with_every_item_in_its_directive_gets_no_such_finding(tmp_path: Path) -> None:
    lines = (HERE / "weaving_broken.rst").read_text(encoding="utf-8").splitlines()
    text = "\n".join([*lines[:18], *(f"    {line}" if line else "" for line in lines[18:])]) + "\n"
    (tmp_path / "weaving.rst").write_text(text, encoding="utf-8")
    read = read_source(load_text(tmp_path / "weaving.rst"))
    assert len(read.result.entries) == 10
    assert "indented-items-unread" not in [f.check for f in read.findings]


def test_nested_bold_term_items_inside_an_entry_are_flagged() -> None:
    read = read_source(load_text(HERE / "soil_bullets.md"))
    assert [e.term for e in read.result.entries][2:4] == ["Sampling", "Texture"]
    found = [f for f in read.findings if f.check == "nested-term-items-inside-entries"]
    assert found and found[0].line == 8
    assert found[0].message.startswith("3 indented items inside entries")


def test_nested_items_that_repeat_one_field_name_are_not_flagged(tmp_path: Path) -> None:
    text = (HERE / "soil_bullets.md").read_text(encoding="utf-8")
    for kind in ("Zigzag walk", "Grid sampling", "Composite"):
        text = text.replace(f"**{kind}**", "**Example**")
    (tmp_path / "soil.md").write_text(text, encoding="utf-8")
    read = read_source(load_text(tmp_path / "soil.md"))
    assert "nested-term-items-inside-entries" not in [f.check for f in read.findings]
