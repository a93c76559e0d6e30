"""A book's stated reading order that names a file which is not there: one note per entry, never silence."""

from __future__ import annotations

from pathlib import Path

from termbase.extract import extract_glossary

PAGE = "# {title}\n\nA **tiller** is the lever a helmsman pushes to turn the rudder.\n"


def _pages(folder: Path, names: list[str]) -> None:
    for name in names:
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix == ".rst":
            path.write_text(f"{path.stem}\n{'=' * len(path.stem)}\n\nA *tiller* turns the rudder.\n",
                            encoding="utf-8")
        else:
            path.write_text(PAGE.format(title=path.stem), encoding="utf-8")


def _note(where: Path, line: int, target: str) -> str:
    return f"{where}:{line}: names {target}, which is not in the book — fix the entry or add the file"


def _missing_notes(folder: Path) -> list[str]:
    result = extract_glossary([folder], min_confidence=0.0)
    return [n for n in result.notes if "which is not in the book" in n]


def test_an_mdbook_summary_entry_for_a_missing_file_is_one_note_with_its_line(tmp_path: Path) -> None:
    src = tmp_path / "src"
    _pages(src, ["hull.md", "rigging.md"])
    (src / "SUMMARY.md").write_text(
        "# Summary\n\n- [Hull](hull.md)\n- [Keel](keel.md)\n- [Rigging](rigging.md)\n", encoding="utf-8")
    notes = _missing_notes(tmp_path)
    assert notes == [f"{src / 'SUMMARY.md'}:4: names keel.md, which is not in the book — "
                     "fix the entry or add the file"]


def test_a_sphinx_toctree_entry_for_a_missing_document_is_a_note_and_the_rest_is_read(tmp_path: Path) -> None:
    _pages(tmp_path, ["hull.rst", "rigging.rst"])
    (tmp_path / "index.rst").write_text(
        "Sailing\n=======\n\n.. toctree::\n   :maxdepth: 1\n\n"
        "   hull\n   ballast\n   rigging\n   chapters/*\n",
        encoding="utf-8")
    result = extract_glossary([tmp_path], min_confidence=0.0)
    assert [Path(c.path).name for c in result.chapters] == ["index.rst", "hull.rst", "rigging.rst"]
    notes = [n for n in result.notes if "which is not in the book" in n]
    assert notes == [f"{tmp_path / 'index.rst'}:8: names ballast, which is not in the book — "
                     "fix the entry or add the file"]  # the option and the glob that matches nothing are not


def test_config_orders_report_their_missing_entries(tmp_path: Path) -> None:
    mkdocs = tmp_path / "mk"
    _pages(mkdocs / "docs", ["index.md", "sails.md"])
    (mkdocs / "mkdocs.yml").write_text(
        "site_name: Sailing\nnav:\n  - Home: index.md\n  - Sails: sails.md\n  - Knots: knots.md\n"
        "  - Club: https://example.org/club\n", encoding="utf-8")
    assert _missing_notes(mkdocs) == [_note(mkdocs / "mkdocs.yml", 5, "knots.md")]

    jupyter = tmp_path / "jb"
    _pages(jupyter, ["intro.md", "tides.md"])
    (jupyter / "_toc.yml").write_text(
        "format: jb-book\nroot: intro\nchapters:\n- file: tides\n- file: currents\n", encoding="utf-8")
    assert _missing_notes(jupyter) == [_note(jupyter / "_toc.yml", 5, "currents")]  # not its settings

    antora = tmp_path / "antora" / "modules" / "ROOT"
    _pages(antora / "pages", ["mooring.adoc", "anchors.adoc"])
    (antora / "nav.adoc").write_text(
        "* xref:mooring.adoc[]\n** xref:buoys.adoc[]\n* xref:anchors.adoc[]\n", encoding="utf-8")
    assert _missing_notes(antora) == [_note(antora / "nav.adoc", 2, "buoys.adoc")]


def test_an_order_with_every_entry_present_has_no_missing_note(tmp_path: Path) -> None:
    _pages(tmp_path, ["intro.md", "tides.md"])
    (tmp_path / "_toc.yml").write_text("format: jb-book\nroot: intro\nchapters:\n- file: tides\n",
                                       encoding="utf-8")
    assert _missing_notes(tmp_path) == []


def test_an_atlas_list_reports_a_missing_chapter_but_not_the_pages_atlas_makes(tmp_path: Path) -> None:
    _pages(tmp_path, ["ch01.adoc", "ch02.adoc"])
    (tmp_path / "atlas.json").write_text(
        '{"files": [\n "cover.html",\n "ch01.adoc",\n "ch02.adoc",\n "ch03.adoc",\n "ix.html"\n]}\n',
        encoding="utf-8")
    assert _missing_notes(tmp_path) == [_note(tmp_path / "atlas.json", 5, "ch03.adoc")]
