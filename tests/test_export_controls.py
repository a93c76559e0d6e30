"""Control characters and other text XML cannot carry (issue 20 part 2b): a build strips
them from what it reads (so `define` prints no terminal escape codes), and every export
of such a termbase parses back — also of a termbase whose store still holds them.
"""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner
from lxml import etree
from rdflib import Graph

from termbase.build import build_termbase, read_source
from termbase.cli import app
from termbase.exports import ExportOptions, export_text, writer_names
from termbase.sources import SourceText
from termbase.store import Termbase

HOSTILE_CSV = (
    "term,definition\n"
    "kiln,An oven \x1b[31mthat\x07 fires clay\x01 hot.\n"
    "glaze,A glassy\x08 coat \ufffe with \U0010ffff and \x7f and \x9f.\n"
    "slip,Liquid clay \u202eright-to-left\u202c with an emoji 🏺.\n"
)
HOSTILE_JSON = json.dumps(
    [
        {"term": "wedging\u001b]0;title\u0007", "definition": "Kneading clay \u001b[2J to drive out air."},
        {"term": "bisque", "definition": "A first firing \u0000 before the glaze \ud800 goes on."},
    ]
)


def parse_back(name: str, text: str) -> None:
    """Parse an export with the parser its format calls for; raise if it is not well-formed."""
    if name in {"tbx", "skos-xml"}:
        etree.fromstring(text.encode("utf-8"))
    elif name == "skos":
        Graph().parse(data=text, format="turtle")
    elif name in {"json", "jsonld"}:
        json.loads(text)
    elif name == "jsonl":
        for line in text.splitlines():
            json.loads(line)
    elif name == "csv":
        rows = list(csv.reader(io.StringIO(text)))
        assert len({len(row) for row in rows}) == 1
    text.encode("utf-8")  # every format is text: no lone surrogates


@pytest.fixture(scope="module")
def hostile_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("controls")
    (folder / "pottery.csv").write_text(HOSTILE_CSV, encoding="utf-8")
    (folder / "firing.json").write_text(HOSTILE_JSON, encoding="utf-8")
    db = folder / "hostile.db"
    build_termbase([str(folder / "pottery.csv"), str(folder / "firing.json")], db)
    return db


def formats() -> list[tuple[str, ExportOptions]]:
    return [(name, ExportOptions()) for name in writer_names()] + [("skos-xml", ExportOptions(rdf_xml=True))]


def test_build_strips_control_characters_and_define_prints_no_escape_codes(hostile_db: Path):
    with Termbase.open(hostile_db) as termbase:
        texts = [
            e.entry.definition + e.entry.term
            for record in termbase.concept_records()
            for e in record.entries
        ]
    assert len(texts) == 5
    assert not any(ch in text for text in texts for ch in "\x1b\x07\x01\x08\x00\x7f\x9f\ufffe\ud800")
    assert any("🏺" in text and "\u202e" in text for text in texts)  # bidi marks stay: pages isolate them
    result = CliRunner().invoke(app, ["define", "kiln", "--db", str(hostile_db)])
    assert result.exit_code == 0 and "\x1b" not in result.output and "that fires clay hot" in result.output


@pytest.mark.parametrize(("name", "options"), formats(), ids=[name for name, _ in formats()])
def test_every_export_of_a_hostile_termbase_parses_back(hostile_db: Path, name: str, options: ExportOptions):
    with Termbase.open(hostile_db) as termbase:
        text = export_text(termbase, name.removesuffix("-xml"), options)
    parse_back(name, text)


@pytest.mark.parametrize("name", ["tbx", "skos-xml"])
def test_xml_exports_of_a_store_that_still_holds_controls_parse_back(hostile_db: Path, tmp_path: Path, name):
    old = tmp_path / "old.db"
    old.write_bytes(hostile_db.read_bytes())
    with sqlite3.connect(old) as db:  # as a termbase built before the build stripped them
        db.execute("UPDATE entries SET definition = definition || ?", ("\x1b[0m\x0b\x00",))
    with Termbase.open(old) as termbase:
        text = export_text(termbase, name.removesuffix("-xml"), ExportOptions(rdf_xml=name == "skos-xml"))
    parse_back(name, text)
    assert "\x1b" not in text


@pytest.mark.parametrize("name", ["tbx", "skos-xml", "jsonl", "json", "csv"])
def test_the_export_reads_back_into_termbase(hostile_db: Path, name: str):
    with Termbase.open(hostile_db) as termbase:
        text = export_text(termbase, name.removesuffix("-xml"), ExportOptions(rdf_xml=name == "skos-xml"))
    read = read_source(SourceText(f"export.{name}", text))
    assert len(read.result.entries) == 5
