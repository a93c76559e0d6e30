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
