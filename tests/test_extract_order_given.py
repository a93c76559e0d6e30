"""Reading order: a Quarto website's sidebar, and a landing page's few links that do not override it."""

from __future__ import annotations

from pathlib import Path

from termbase.extract import extract_glossary


def _pages(folder: Path, names: list[str]) -> None:
    for name in names:
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        text = f"# {Path(name).stem}\n\nA cleat is a fitting that holds a line fast.\n"
        path.write_text(text, encoding="utf-8")



def test_quarto_website_sidebar_gives_the_order_over_a_welcome_page_of_links(tmp_path: Path) -> None:
    _pages(tmp_path, ["index.qmd", "tides.qmd", "knots/intro.qmd", "knots/hitches.ipynb", "sails.qmd"])
    (tmp_path / "index.qmd").write_text(
        "# Welcome\n\nStart with [sails](sails.qmd) or [tides](tides.qmd).\n", encoding="utf-8")
    (tmp_path / "_quarto.yml").write_text(
        "project:\n  type: website\nwebsite:\n  sidebar:\n    contents:\n      - href: index.qmd\n"
        "        text: Welcome\n      - tides.qmd\n      - section: Knots\n        contents:\n"
        "        - knots/intro.qmd\n        - knots/hitches.ipynb\n      - href: sails.qmd\n"
        "      - href: https://example.org/elsewhere.qmd\n", encoding="utf-8")
    (tmp_path / "knots" / "hitches.ipynb").write_text(
        '{"cells": [{"cell_type": "markdown", "metadata": {}, "source": ["# Hitches\\n", "\\n",'
        ' "A hitch is a knot that ties a line to a post.\\n"]}], "metadata": {}, "nbformat": 4,'
        ' "nbformat_minor": 5}', encoding="utf-8")
    result = extract_glossary([tmp_path], min_confidence=0.0)
    assert "website sidebar" in result.order_source
    order = [Path(c.path).name for c in result.chapters]
    assert order == ["index.qmd", "tides.qmd", "intro.qmd", "hitches.ipynb", "sails.qmd"]


def test_a_landing_page_linking_a_few_chapters_keeps_the_order_they_were_named_in(tmp_path: Path) -> None:
    names = ["index.md", "buoys.md", "anchors.md", "cleats.md", "davits.md"]
    _pages(tmp_path, names)
    (tmp_path / "index.md").write_text("# Harbour\n\nSee [davits](davits.md) first.\n", encoding="utf-8")
    given = [tmp_path / name for name in names]
    result = extract_glossary(given, min_confidence=0.0)
    assert result.order_source == "the order named on the command line"
    assert [Path(c.path).name for c in result.chapters] == names
    # a folder named as a whole has no order of its own: the page's links still lead
    whole = extract_glossary([tmp_path], min_confidence=0.0)
    assert whole.order_source.startswith("the chapter list in index.md")
    assert [Path(c.path).name for c in whole.chapters][:2] == ["index.md", "davits.md"]


def test_a_contents_page_listing_nearly_every_chapter_still_gives_the_order(tmp_path: Path) -> None:
    names = ["index.md", "buoys.md", "anchors.md", "cleats.md"]
    _pages(tmp_path, names)
    (tmp_path / "index.md").write_text(
        "# Harbour\n\n- [Cleats](cleats.md)\n- [Anchors](anchors.md)\n- [Buoys](buoys.md)\n",
        encoding="utf-8")
    result = extract_glossary([tmp_path / n for n in names], min_confidence=0.0)
    assert result.order_source.startswith("the chapter list in index.md")
    assert [Path(c.path).name for c in result.chapters] == ["index.md", "cleats.md", "anchors.md", "buoys.md"]


def test_an_mdbook_summary_gives_the_order_over_an_index_page_linking_only_the_parts(tmp_path: Path) -> None:
    src = tmp_path / "book" / "src"
    names = ["index.md", "rigging/index.md", "rigging/shrouds.md", "rigging/stays.md", "hull/index.md",
             "hull/keel.md", "hull/rudder.md"]
    _pages(src, names)
    (src / "index.md").write_text(
        "# The boat\n\n- [Hull](hull/index.md)\n- [Rigging](rigging/index.md)\n", encoding="utf-8")
    (src / "SUMMARY.md").write_text(
        "# Summary\n\n[The boat](index.md)\n\n# Part one\n\n- [Rigging](rigging/index.md)\n"
        "    - [Stays](rigging/stays.md)\n    - [Shrouds](rigging/shrouds.md)\n    - [Sheets]()\n\n---\n\n"
        "- [Hull](hull/index.md)\n    * [Rudder](hull/rudder.md)\n    * [Keel](hull/keel.md)\n",
        encoding="utf-8")
    result = extract_glossary([src / n for n in sorted(names)], min_confidence=0.0)
    assert result.order_source.startswith("the chapter list in SUMMARY.md (mdBook / GitBook) at ")
    order = [str(Path(c.path).relative_to(src)) for c in result.chapters]
    assert order == ["index.md", "rigging/index.md", "rigging/stays.md", "rigging/shrouds.md",
                     "hull/index.md", "hull/rudder.md", "hull/keel.md"]
    # the whole folder named: the summary still wins over the index page's two links
    whole = extract_glossary([src], min_confidence=0.0)
    assert whole.order_source.startswith("the chapter list in SUMMARY.md")
    assert [str(Path(c.path).relative_to(src)) for c in whole.chapters] == ["SUMMARY.md", *order]


def test_an_atlas_file_list_gives_the_order_over_numbered_file_names(tmp_path: Path) -> None:
    names = ["preface.asciidoc", "01_knots.asciidoc", "02_sails.asciidoc", "10_tides.asciidoc",
             "appendix_flags.asciidoc"]
    _pages(tmp_path, names)
    (tmp_path / "atlas.json").write_text(
        '{"files": ["cover.html", "preface.asciidoc", "02_sails.asciidoc", "01_knots.asciidoc",'
        ' "10_tides.asciidoc", "appendix_flags.asciidoc", "ix.html"], "title": "Sailing"}', encoding="utf-8")
    result = extract_glossary([tmp_path / n for n in reversed(names)], min_confidence=0.0)
    assert result.order_source.startswith("O'Reilly Atlas file list in ")
    assert [Path(c.path).name for c in result.chapters] == [
        "preface.asciidoc", "02_sails.asciidoc", "01_knots.asciidoc", "10_tides.asciidoc",
        "appendix_flags.asciidoc"]


def test_a_hugging_face_toctree_gives_the_order_of_its_sections(tmp_path: Path) -> None:
    course = tmp_path / "units" / "en"
    names = ["unit1/intro.mdx", "unit1/wind.mdx", "unit0/welcome.mdx", "unit1/tacking.mdx"]
    _pages(course, names)
    (course / "_toctree.yml").write_text(
        "- title: Unit 0\n  sections:\n  - local: unit0/welcome\n    title: Welcome\n"
        "- title: Unit 1\n  sections:\n  - local: unit1/intro\n    title: Start\n  - local: unit1/tacking\n"
        "    title: Tacking\n  - local: unit1/missing\n    title: Not written yet\n  - local: unit1/wind\n"
        "    title: Wind\n", encoding="utf-8")
    result = extract_glossary([course / n for n in names], min_confidence=0.0)
    assert result.order_source.startswith("Hugging Face table of contents in ")
    assert [str(Path(c.path).relative_to(course)) for c in result.chapters] == [
        "unit0/welcome.mdx", "unit1/intro.mdx", "unit1/tacking.mdx", "unit1/wind.mdx"]


def test_an_antora_nav_gives_the_order_of_its_pages(tmp_path: Path) -> None:
    module = tmp_path / "modules" / "ROOT"
    names = ["anchoring.adoc", "mooring.adoc", "docking.adoc"]
    _pages(module / "pages", names)
    (module / "nav.adoc").write_text(
        ".Harbour work\n* xref:mooring.adoc[Mooring]\n** xref:docking.adoc#berths[Docking]\n"
        "* xref:other:ROOT:page.adoc[Elsewhere]\n* xref:anchoring.adoc[]\n", encoding="utf-8")
    result = extract_glossary([module / "pages" / n for n in names], min_confidence=0.0)
    assert result.order_source.startswith("Antora navigation in ")
    assert [Path(c.path).name for c in result.chapters] == ["mooring.adoc", "docking.adoc", "anchoring.adoc"]


def test_a_gitbook_summary_named_in_its_settings_with_spaced_and_encoded_links(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    names = ["knots.md", "sail trim.md", "tides.md"]
    _pages(docs, names)
    (tmp_path / ".gitbook.yaml").write_text("root: ./docs/\nstructure:\n  summary: contents.md\n",
                                            encoding="utf-8")
    (docs / "contents.md").write_text(
        "# Table of contents\n\n* [Tides](tides.md)\n\n## Handling\n\n* [Sail trim](<sail trim.md>)\n"
        "* [Knots](knots.md#start)\n* [Trim again](sail%20trim.md)\n* [Club](https://example.org/club.md)\n",
        encoding="utf-8")
    result = extract_glossary([docs / n for n in names], min_confidence=0.0)
    assert result.order_source.startswith("the chapter list in contents.md (mdBook / GitBook) at ")
    assert result.order_source.endswith(str(Path("docs") / "contents.md"))
    assert [Path(c.path).name for c in result.chapters] == ["tides.md", "sail trim.md", "knots.md"]
