"""Export writers: each format written from a real termbase (the seeds) and parsed back."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from lxml import etree
from rdflib import Graph, URIRef
from rdflib.namespace import RDF, SKOS

from conftest import SEEDS
from termbase.build import build_termbase
from termbase.cli import app
from termbase.errors import InputError
from termbase.exports import ExportOptions, export_text, get_writer, writer_names
from termbase.exports.common import CONCEPT_NS
from termbase.exports.csv import COLUMNS
from termbase.exports.jsonl import jsonl_lines
from termbase.exports.tbx import TBX_NS
from termbase.store import Termbase

RUNNER = CliRunner()
SCHEMA_ORG = "https://schema.org/"


@pytest.fixture(scope="module")
def seeds_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not SEEDS.is_dir():
        pytest.skip(f"seed glossaries not found at {SEEDS}")
    db = tmp_path_factory.mktemp("exports") / "seeds.db"
    build_termbase(sorted(map(str, SEEDS.glob("*.txt"))), db)
    return db


@pytest.fixture(scope="module")
def termbase(seeds_db: Path) -> Termbase:
    return Termbase.open(seeds_db)


def entry_links(termbase: Termbase) -> int:
    return termbase.db.execute("SELECT COUNT(*) FROM concept_entries").fetchone()[0]


def test_registry_names_every_format() -> None:
    assert {"jsonl", "json", "csv", "markdown", "sphinx", "skos", "jsonld", "tbx"} <= set(writer_names())


def test_unknown_format_is_a_clear_error_listing_the_formats() -> None:
    with pytest.raises(InputError) as caught:
        get_writer("docx")
    assert "docx" in str(caught.value) and "skos" in str(caught.value) and "tbx" in str(caught.value)


def test_jsonl_is_exactly_the_jsonl_lines(termbase: Termbase) -> None:
    assert export_text(termbase, "jsonl") == "".join(line + "\n" for line in jsonl_lines(termbase))


def test_json_parses_back_with_full_provenance(termbase: Termbase) -> None:
    document = json.loads(export_text(termbase, "json"))
    assert len(document["concepts"]) == len(termbase.concept_ids())
    assert sum(len(c["entries"]) for c in document["concepts"]) == entry_links(termbase)
    gqa = next(c for c in document["concepts"] if "GQA" in [x["label"] for x in c["labels"]])
    first = gqa["entries"][0]
    assert {"source", "source_title", "line", "end_line", "language", "locator", "origin"} <= set(first)
    assert first["end_line"] >= first["line"]


def test_csv_has_one_row_per_concept_entry(termbase: Termbase) -> None:
    rows = list(csv.DictReader(io.StringIO(export_text(termbase, "csv"))))
    assert tuple(rows[0]) == COLUMNS
    assert len(rows) == entry_links(termbase)
    assert {r["concept_id"] for r in rows} == set(termbase.concept_ids())
    assert all(r["source"] and int(r["line"]) > 0 for r in rows)


def test_markdown_has_a_heading_per_concept(termbase: Termbase) -> None:
    text = export_text(termbase, "markdown")
    headings = [line for line in text.splitlines() if line.startswith("### ")]
    assert len(headings) == len(termbase.concept_ids())
    assert all(line.endswith("}") for line in headings)
    dividers = [line[3:] for line in text.splitlines() if line.startswith("## ")]
    assert dividers == sorted(set(dividers)) and all(len(d) == 1 for d in dividers)  # A–Z once each
    assert text.count("\n— *") == entry_links(termbase)  # a provenance line per definition


def test_sphinx_is_one_glossary_directive_with_an_entry_per_concept(termbase: Termbase) -> None:
    text = export_text(termbase, "sphinx")
    assert text.count(".. glossary::") == 1
    assert len(re.findall(r"^ +\.\. source(?: \([\w-]+\))?: ", text, re.MULTILINE)) == entry_links(termbase)


@pytest.mark.parametrize(("rdf_xml", "parse_as"), [(False, "turtle"), (True, "xml")])
def test_skos_parses_back_as_a_concept_scheme(termbase: Termbase, rdf_xml: bool, parse_as: str) -> None:
    graph = Graph().parse(data=export_text(termbase, "skos", ExportOptions(rdf_xml=rdf_xml)), format=parse_as)
    concepts = set(graph.subjects(RDF.type, SKOS.Concept))
    assert len(concepts) == len(termbase.concept_ids())
    assert len(set(graph.subjects(RDF.type, SKOS.ConceptScheme))) == 1
    for node in concepts:
        languages = [label.language for label in graph.objects(node, SKOS.prefLabel)]
        assert len(languages) == len(set(languages)) >= 1  # one prefLabel per language
    gqa = termbase.concept_ids_for_key("gqa")[0]
    assert any(d.language == "en" for d in graph.objects(URIRef(CONCEPT_NS + gqa), SKOS.definition))
    related = sum(1 for _ in graph.triples((None, SKOS.related, None)))
    see_also = termbase.db.execute("SELECT COUNT(*) FROM relations WHERE kind = 'see_also'").fetchone()[0]
    assert related == see_also


def test_jsonld_is_a_schema_org_defined_term_set(termbase: Termbase) -> None:
    graph = Graph().parse(data=export_text(termbase, "jsonld"), format="json-ld")
    terms = set(graph.subjects(RDF.type, URIRef(SCHEMA_ORG + "DefinedTerm")))
    assert len(terms) == len(termbase.concept_ids())
    assert len(set(graph.subjects(RDF.type, URIRef(SCHEMA_ORG + "DefinedTermSet")))) == 1
    assert all(graph.value(t, URIRef(SCHEMA_ORG + "name")) is not None for t in terms)


def test_tbx_is_well_formed_tbx_basic(termbase: Termbase) -> None:
    root = etree.fromstring(export_text(termbase, "tbx").encode("utf-8"))
    ns = {"t": TBX_NS}
    assert root.tag == f"{{{TBX_NS}}}tbx" and root.get("type") == "TBX-Basic"
    entries = root.findall(".//t:conceptEntry", ns)
    assert len(entries) == len(termbase.concept_ids())
    assert len({e.get("id") for e in entries}) == len(entries)
    for lang_sec in root.iterfind(".//t:langSec", ns):
        assert lang_sec.find("t:termSec/t:term", ns) is not None  # TBX: every langSec has a term
    sources = root.findall(".//t:descripGrp/t:admin[@type='source']", ns)
    assert len(sources) == entry_links(termbase)


def test_cli_export_formats_and_errors(seeds_db: Path, tmp_path: Path) -> None:
    result = RUNNER.invoke(app, ["export", "--db", str(seeds_db), "--format", "nope"])
    assert result.exit_code == 1 and "jsonl, json, csv" in result.stderr
    result = RUNNER.invoke(app, ["export", "--db", str(seeds_db), "--format", "tbx", "--rdf-xml"])
    assert result.exit_code == 1 and "--rdf-xml" in result.stderr
    out = tmp_path / "scheme.rdf"
    result = RUNNER.invoke(
        app, ["export", "--db", str(seeds_db), "--format", "skos", "--rdf-xml", "--out", str(out)]
    )
    assert result.exit_code == 0, result.stderr
    assert len(Graph().parse(out, format="xml")) > 0


def test_export_out_never_replaces_the_termbase_or_its_sources(tmp_path: Path) -> None:
    """`export --db t.db --out t.db` truncated the termbase, then failed with a traceback."""
    source = tmp_path / "tools.md"
    source.write_text("- **Awl**: a pointed tool for piercing holes in leather.\n"
                      "- **Rasp**: a coarse file with raised teeth for shaping wood.\n", encoding="utf-8")
    db = tmp_path / "tools.db"
    build_termbase([str(source)], db)
    kept = db.read_bytes(), source.read_bytes()
    cases = ((db, "the termbase being exported"), (source, "a source this termbase was built from"))
    for target, what in cases:
        result = RUNNER.invoke(app, ["export", "--db", str(db), "--format", "markdown", "--out", str(target)])
        assert result.exit_code == 1
        message = " ".join(result.stderr.split())
        assert message == f"error: {target}: is {what}, and --out would replace it — pass --out another file"
    assert (db.read_bytes(), source.read_bytes()) == kept
    # an earlier export there is replaced whole, with no temporary file left beside it
    out = tmp_path / "tools.tbx"
    out.write_text("an earlier export\n", encoding="utf-8")
    result = RUNNER.invoke(app, ["export", "--db", str(db), "--format", "tbx", "--out", str(out)])
    assert result.exit_code == 0, result.stderr
    assert "Awl" in out.read_text(encoding="utf-8") and sorted(p.name for p in tmp_path.iterdir()) == [
        "tools.db", "tools.md", "tools.tbx"]


def test_pages_for_people_show_nothing_of_the_comments_they_carry(termbase: Termbase, tmp_path: Path) -> None:
    """The comments that let the Markdown and Sphinx exports read back exactly render as
    nothing and draw no warning: a real `sphinx-build` and a CommonMark rendering. (The
    seeds' Markdown definitions draw docutils warnings of their own: `|x|`, lists.)"""
    import shutil
    import subprocess

    from markdown_it import MarkdownIt

    concepts = len(termbase.concept_ids())
    html = MarkdownIt("commonmark").render(export_text(termbase, "markdown"))
    tree = etree.HTML(html)
    assert len(tree.findall(".//h3")) == concepts  # no definition broke the page's structure
    shown = "".join(tree.xpath("//text()[not(parent::comment())]"))
    assert "termbase-entry" not in shown and "termbase-concept" not in shown
    assert html.count("<!-- termbase-entry ") == entry_links(termbase)

    sphinx_build = shutil.which("sphinx-build")
    if sphinx_build is None:
        pytest.skip("sphinx-build is not installed (pip install sphinx)")
    (tmp_path / "conf.py").write_text("project = 'export'\n", encoding="utf-8")
    rst = export_text(termbase, "sphinx")
    (tmp_path / "index.rst").write_text(rst, encoding="utf-8")
    done = subprocess.run(
        [sphinx_build, "-q", "-b", "html", ".", "_build"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    lines = rst.splitlines()
    warned = [int(n) for n in re.findall(r"index\.rst:(\d+): (?:WARNING|ERROR)", done.stderr)]
    assert not [n for n in warned if ".. termbase-" in lines[n - 1]]
    page = etree.HTML((tmp_path / "_build" / "index.html").read_text(encoding="utf-8"))
    assert len(page.xpath("//dl[contains(@class, 'glossary')]/dt")) >= concepts
    assert "termbase-" not in "".join(page.xpath("//body//text()"))
