"""HTML, CSV/TSV, JSON and YAML glossary readers: fixtures, bad input, and real corpora."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import CORPORA, FIXTURES
from termbase.build import build_termbase
from termbase.errors import InputError
from termbase.readers import get_reader, pick_reader, rank_readers
from termbase.readers.base import unaccounted_lines
from termbase.sources import load_text

SHAPES = {"html_glossary": "html", "table_glossary": "csv", "data_glossary": None}


def _read(path: Path):
    text = load_text(path).text
    reader = pick_reader(text, str(path))
    return text, reader, reader.read(text, str(path))


@pytest.mark.parametrize("folder", sorted(SHAPES))
def test_fixtures_are_picked_and_read_in_full(folder: str) -> None:
    for path in sorted((FIXTURES / folder).iterdir()):
        text, reader, result = _read(path)
        expected = SHAPES[folder] or ("json" if path.suffix == ".json" else "yaml")
        assert reader.name == expected, path
        assert result.entries, path
        assert unaccounted_lines(text, result) == [], path
        runner_up = rank_readers(text)[1][0]
        assert runner_up < 0.9, path


def _terms(path: Path) -> dict[str, object]:
    return {entry.term: entry for entry in _read(path)[2].entries}


def test_dl_page_keeps_synonyms_links_and_notes() -> None:
    entries = _terms(FIXTURES / "html_glossary" / "dl_page.html")
    roux = entries["roux"]
    assert set(roux.labels) >= {"roux", "roux base", "roux bases"}
    assert roux.see_also == ("sauce",)
    assert "Note: A darker one" in roux.definition
    prep = entries["mise en place"]
    assert "prep" in prep.labels
    assert "[the prep guide](https://example.org/prep)" in prep.definition
    assert entries["sauce"].definition.endswith("`flavour`.")


def test_dfn_paragraphs_give_one_entry_per_paragraph() -> None:
    _, _, result = _read(FIXTURES / "html_glossary" / "dfn_paragraphs.html")
    entries = {entry.term: entry for entry in result.entries}
    assert sorted(entries) == ["Leap day", "Lunar month", "Solar year"]
    assert entries["Lunar month"].labels == ("Lunar month", "moon month")
    assert entries["Lunar month"].definition.startswith("The time from one new moon")
    assert entries["Solar year"].definition.startswith("The time the sun takes")
    assert "intercalary day" in entries["Leap day"].labels
    assert entries["Leap day"].see_also == ("solar year",)
    reasons = {u.line: u.reason for u in result.unused}
    assert "cross-reference" in reasons[12] and reasons[6] == "letter divider"


def test_csv_with_bom_crlf_none_and_quoted_line_break() -> None:
    entries = _terms(FIXTURES / "table_glossary" / "pottery.csv")
    assert entries["Kiln"].labels == ("Kiln",)  # NONE is no label
    glaze = entries["Glaze"]  # the trailing space inside the term is gone
    assert glaze.labels == ("Glaze", "coating") and (glaze.line, glaze.end_line) == (3, 4)
    assert entries["Kiln"].definition == "an oven for firing clay, very hot"


def test_tsv_keeps_an_unbalanced_parenthesis_url() -> None:
    entries = _terms(FIXTURES / "table_glossary" / "weaving.tsv")
    assert entries["Warp"].links == ("https://example.org/wiki/Warp_(weaving)",)
    assert len(entries) == 3


def test_json_html_definitions_become_markdown() -> None:
    entries = _terms(FIXTURES / "data_glossary" / "astronomy.json")
    assert entries["Perihelion"].definition == "The point of an orbit **closest** to the sun."
    assert entries["Perihelion"].see_also == ("Aphelion",)
    assert entries["Albedo"].labels == ("Albedo", "reflectivity")
    assert entries["Aphelion"].line == 10  # the `}, {` line belongs to the record before


def test_multilingual_yaml_gives_one_entry_per_language_in_one_group() -> None:
    _, _, result = _read(FIXTURES / "data_glossary" / "multilingual.yml")
    bread = [e for e in result.entries if e.group.endswith("#bread")]
    assert {e.language: e.term for e in bread} == {"en": "bread", "fr": "pain"}
    assert all(e.see_also == ("yeast",) for e in bread)
    yeast_en = next(e for e in result.entries if e.term == "yeast")
    assert "Y" in yeast_en.labels
    assert [u.reason for u in result.unused] == ["record field outside its language blocks (stray)"]


@pytest.mark.parametrize(
    ("name", "text", "line"),
    [
        ("json", '[\n  {"term": "a", "definition": "b"}\n  {"term": "c"}\n]\n', 3),
        ("yaml", "- term: a\n  definition: b\n- term: [unclosed\n", 4),
        ("csv", "Term,Definition\nA,one\nB,two,three\n", 3),
        ("csv", 'Term,Definition\nA,"never closed\nB,two\n', 3),
    ],
)
def test_malformed_input_names_the_line(name: str, text: str, line: int) -> None:
    with pytest.raises(InputError) as caught:
        get_reader(name).read(text, "bad.file")
    assert caught.value.path == "bad.file" and caught.value.line == line and caught.value.hint


def test_html_reader_does_not_take_markdown_or_prose() -> None:
    reader = get_reader("html")
    assert reader.detect("# Title\n\n<!-- c -->\nSome *markdown* text.\n") == 0.0
    assert get_reader("yaml").detect("---\ntitle: API\nslug: Glossary/API\n---\nAn API is a thing.\n") == 0.0


# ── real-world corpora ────────────────────────────────────────────────────────────────

OGC = "ogc-academy-glossary/incubation/SourceArchive/glossary/"

#: corpus path → (reader, entries). Counts are SOURCES.md's, except where noted.
CORPUS_FILES = {
    "aeon-glossary-tsv/glossary.tsv": ("csv", 7),
    OGC + "20231013_location_academy_terms.csv": ("csv", 23),
    OGC + "glossary.csv": ("csv", 51),
    OGC + "glossary.json": ("json", 53),
    OGC + "glossary-parsed.yaml": ("yaml", 53),
    # 147 <dfn> in 144 paragraphs: three paragraphs name one idea twice
    # ("Wall time or local time"), so 144 entries with both names as labels.
    "w3c-i18n-glossary/index.html": ("html", 144),
    # 633 records; one entry per language version (en 633, am 288, es 162, …): 1739.
    # browser_cache's Ukrainian block sits under a stray `def:` key; it is reported, not read.
    "glosario/glossary.yml": ("yaml", 1739),
}


def _corpus(relative: str) -> Path:
    if not CORPORA.is_dir():
        pytest.skip(f"corpora not found at {CORPORA} (../shared/corpora beside the repo)")
    return CORPORA / relative


@pytest.mark.parametrize(("relative", "expected"), sorted(CORPUS_FILES.items()))
def test_corpus_file_is_read_in_full(relative: str, expected: tuple[str, int], tmp_path: Path) -> None:
    path = _corpus(relative)
    text, reader, result = _read(path)
    assert (reader.name, len(result.entries)) == expected
    assert unaccounted_lines(text, result) == []
    summary = build_termbase([str(path)], tmp_path / "t.db")
    assert summary.concepts > 0 and not summary.skipped


def test_glosario_languages_and_groups() -> None:
    _, _, result = _read(_corpus("glosario/glossary.yml"))
    groups = {e.group for e in result.entries}
    assert len(groups) == 633
    by_language: dict[str, int] = {}
    for entry in result.entries:
        by_language[entry.language] = by_language.get(entry.language, 0) + 1
    assert (by_language["en"], by_language["am"], by_language["es"], len(by_language)) == (633, 288, 162, 23)
    stray = [u for u in result.unused if "no language tag" in u.reason]
    assert stray and stray[0].text == "def:"


def test_wcag_terms_directory_gives_one_entry_per_file(tmp_path: Path) -> None:
    folder = _corpus("wcag/guidelines/terms")
    files = sorted(folder.rglob("*.html"))
    total = 0
    for path in files:
        text, reader, result = _read(path)
        assert reader.name == "html" and len(result.entries) == 1, path
        assert unaccounted_lines(text, result) == [] and not result.unused, path
        total += 1
    assert total == 102
    summary = build_termbase([str(folder)], tmp_path / "wcag.db")
    assert len(summary.sources) == 102 and not summary.skipped


def test_html_bold_term_paragraphs_are_entries_and_asides_are_not() -> None:
    reader = get_reader("html")
    page = (
        "<html><body><h1>Studio words</h1>\n"
        "<p><strong>Kiln</strong>: an oven for firing clay.</p>\n"
        "<p><b>Glaze:</b> a glassy coat on a pot.</p>\n"
        "<li><strong>Slip</strong> — clay thinned with water.</li>\n"
        "<p><strong>Wheel</strong> - the turning table of a potter.</p>\n"
        "</body></html>\n"
    )
    assert 0.5 < reader.detect(page) < 1.0
    entries = reader.read(page, "studio.html").entries
    assert [(e.term, e.definition) for e in entries] == [
        ("Kiln", "an oven for firing clay."),
        ("Glaze", "a glassy coat on a pot."),
        ("Slip", "clay thinned with water."),
        ("Wheel", "the turning table of a potter."),
    ]
    # the same few bold asides under heading terms leave the headings the entries
    asides = (
        "<html><body>\n"
        + "".join(
            f"<h3>{term}</h3>\n<p>What the studio means by it.</p>\n<p><b>Note:</b> ask first.</p>\n"
            for term in ("Kiln", "Glaze", "Slip", "Wheel")
        )
        + "</body></html>\n"
    )
    assert [e.term for e in reader.read(asides, "studio.html").entries] == ["Kiln", "Glaze", "Slip", "Wheel"]
