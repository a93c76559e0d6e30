"""Label and body cleaning per markup language: one test per construct that real glossaries use."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import FIXTURES
from reader_checks import by_term, reasons
from termbase.cli import app
from termbase.labels import label_key, parse_term
from termbase.readers import get_reader, pick_reader
from termbase.readers.base import unaccounted_lines
from termbase.resolve import resolve

CLEANING = FIXTURES / "label_cleaning"


def read(name: str, reader: str | None = None):
    text = (CLEANING / name).read_text(encoding="utf-8")
    chosen = get_reader(reader) if reader else pick_reader(text)
    result = chosen.read(text, name)
    assert unaccounted_lines(text, result) == []
    return result


@pytest.mark.parametrize(
    ("written", "labels"),
    [
        ('Source Distribution (or "sdist")', ("Source Distribution", "sdist")),
        ("wheel (aka bdist_wheel)", ("wheel", "bdist_wheel")),
        ("virtual environment (also called “venv”)", ("virtual environment", "venv")),
        ("HTTP (short for Hypertext Transfer Protocol)", ("HTTP", "Hypertext Transfer Protocol")),
        ("Alignment (multimodal)", ("Alignment (multimodal)",)),  # a qualifier, not another name
    ],
)
def test_a_bracket_that_says_or_gives_an_alias(written: str, labels: tuple[str, ...]) -> None:
    assert parse_term(written)[0] == labels


def test_markdown_link_definitions_and_rule_markers_are_not_glued_to_entries() -> None:
    result = read("rules.md", "markdown-headings")
    entries = by_term(result)
    assert list(entries) == ["Cloth beam", "Dent", "Pick", 'Sett (or "EPI")']
    assert entries["Pick"].end_line == 17  # the next heading's marker (line 19) is not its text
    assert entries['Sett (or "EPI")'].end_line == 22  # the definitions below it are not its text
    assert entries['Sett (or "EPI")'].labels == ("Sett", "EPI")
    why = reasons(result)
    assert {why[n] for n in (3, 9, 14, 19)} == {"anchor or rule marker (an identifier line, no text)"}
    assert {why[n] for n in (24, 25, 26)} == {"link reference definition (where a [text][label] link points)"}
    assert all("r[glossary" not in e.definition and "]: " not in e.definition for e in result.entries)


def test_markdown_reference_links_are_resolved() -> None:
    entries = by_term(read("rules.md", "markdown-headings"))
    # a target only the site can follow leaves the link text
    assert entries["Cloth beam"].definition.endswith("winds onto.\nMore")
    # a web target becomes an inline link, in its full, collapsed and shortcut forms
    assert "see [the sett chart](https://example.org/sett) for counts" in entries["Dent"].definition
    assert entries['Sett (or "EPI")'].definition.endswith("as in [sett](https://example.org/sett).")
    assert entries["Dent"].links == ("https://example.org/sett",)


def test_rest_anonymous_and_named_link_targets_leave_the_definition() -> None:
    entries = by_term(read("anonymous.rst", "sphinx"))
    heddle, reed = entries["heddle"], entries["reed"]
    assert (
        heddle.definition
        == "A cord or wire with an eye for one warp end; see [a diagram](https://example.org/heddle)."
    )
    assert "__" not in reed.definition
    assert "([photo](https://example.org/reed), [Reeds](https://example.org/reeds))" in reed.definition


def test_rendered_sphinx_html_labels_lose_their_permalink_marks() -> None:
    result = read("rendered_sphinx.html", "html")
    assert [e.labels for e in result.entries] == [("heddle",), ("reed",)]
    assert by_term(result)["reed"].see_also == ("heddle",)  # a :term: link, by the target's id
    concepts = resolve([*read("anonymous.rst").entries, *result.entries])
    assert sorted((c.id, len(c.entries)) for c in concepts) == [("heddle", 2), ("reed", 2)]


def test_sphinx_built_html_merges_with_its_rst(tmp_path: Path) -> None:
    pytest.importorskip("sphinx")
    source = tmp_path / "src"
    source.mkdir()
    rst = (FIXTURES / "sphinx_glossary" / "kitchen.rst").read_text(encoding="utf-8")
    (source / "index.rst").write_text(rst, encoding="utf-8")
    (source / "conf.py").write_text('project = "kitchen"\n', encoding="utf-8")
    built = subprocess.run(
        [sys.executable, "-m", "sphinx", "-q", "-b", "html", str(source), str(tmp_path / "out")],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr
    html = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    rendered = get_reader("html").read(html, "index.html")
    assert all("¶" not in label for e in rendered.entries for label in e.labels)
    written = get_reader("sphinx").read(rst, "kitchen.rst")
    concepts = resolve([*written.entries, *rendered.entries])
    assert len(concepts) == len(written.entries)
    assert all(len(c.entries) == 2 for c in concepts), [(c.id, len(c.entries)) for c in concepts]
    assert not any(c.id.endswith("-p") for c in concepts)


def test_persian_query_without_zero_width_non_joiner_finds_the_term(tmp_path: Path) -> None:
    assert label_key("حافظه\u200cی نهان") == label_key("حافظهی نهان")
    assert label_key("a\u200db") == label_key("ab")
    table = tmp_path / "fa.md"
    table.write_text(
        "| English | فارسی |\n|---|---|\n| cache | حافظه\u200cی نهان |\n| request | درخواست\u200cها |\n"
        "| response | پاسخ |\n",
        encoding="utf-8",
    )
    db = tmp_path / "fa.db"
    assert CliRunner().invoke(app, ["build", str(table), "--db", str(db)]).exit_code == 0
    found = CliRunner().invoke(app, ["define", "درخواستها", "--db", str(db)])
    assert found.exit_code == 0 and found.stdout.startswith("request")


@pytest.mark.parametrize(
    "anchor",
    [
        '<a class="headerlink" href="#term-x" title="Permanent link">&para;</a>',
        '<a class="hash-link" href="#term-x" title="Direct link">\u200b</a>',
        '<a class="header-anchor" href="#term-x">#</a>',
        '<a href="#term-x">§</a>',
    ],
)
def test_site_generator_permalinks_leave_html_labels(anchor: str) -> None:
    html = (
        '<dl class="glossary">'
        f'<dt id="term-x">shuttle{anchor}</dt><dd><p>Carries the weft across.</p></dd>\n'
        '<dt id="term-y">reed</dt><dd><p>Beats the weft in, see <a href="#term-x">shuttle</a>.</p></dd>'
        "</dl>\n"
    )
    result = get_reader("html").read(html, "g.html")
    assert [e.labels for e in result.entries] == [("shuttle",), ("reed",)]
    assert result.entries[1].see_also == ("shuttle",)
