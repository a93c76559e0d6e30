"""SKOS (Turtle, RDF/XML, JSON-LD) and TBX (v3 DCA, v2 martif) readers: fixtures, corpora, bad input."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import CORPORA, FIXTURES
from termbase.build import build_termbase
from termbase.errors import InputError
from termbase.readers import pick_reader, rank_readers
from termbase.readers.base import unaccounted_lines
from termbase.readers.standards.skos import RDF_NS, SkosReader
from termbase.readers.standards.tbx import TbxReader

SKOS = SkosReader()
TBX = TbxReader()
SKOS_FILES = sorted((FIXTURES / "skos").iterdir())
TBX_FILES = sorted((FIXTURES / "tbx").iterdir())


def _read(reader, path: Path):
    text = path.read_text(encoding="utf-8")
    return text, reader.read(text, str(path))


def _by(result, language: str) -> dict[str, object]:
    """Return the entries in `language`, keyed by the last part of their group (concept id)."""
    return {re.split(r"[/#]", e.group)[-1]: e for e in result.entries if e.language == language}


@pytest.mark.parametrize("path", SKOS_FILES + TBX_FILES, ids=lambda p: p.name)
def test_fixtures_are_picked_by_their_reader_and_fully_accounted_for(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    reader = pick_reader(text, str(path))
    assert reader.name == ("tbx" if path.suffix == ".tbx" else "skos")
    result = reader.read(text, str(path))
    assert result.entries
    assert unaccounted_lines(text, result) == []


def test_turtle_gives_one_entry_per_concept_and_language() -> None:
    _, result = _read(SKOS, FIXTURES / "skos" / "baking.ttl")
    assert result.title == "Baking words"
    english, french = _by(result, "en"), _by(result, "fr")
    assert sorted(english) == ["leavening", "proofing", "yeast"]
    assert english["leavening"].labels == ("leavening agent", "raising agent", "leavner")
    assert english["leavening"].see_also == ("yeast",)
    assert english["leavening"].links == ("https://example.org/notes/leavening",)
    assert french["leavening"].term == "agent levant"
    assert french["leavening"].definition.startswith("Ce qui fait gonfler")
    assert french["leavening"].group == english["leavening"].group == "https://example.org/baking/leavening"
    assert english["yeast"].see_also == ("leavening agent", "proofing")
    assert "\nand breathes" in english["yeast"].definition  # a long string keeps its line break
    assert _by(result, "de")["yeast"].labels == ("Hefe",)
    # untagged literals join the file's main language; a *Match outside the file is a link
    assert english["proofing"].labels == ("proofing", "proving")
    assert english["proofing"].links == ("https://example.net/other/proof",)
    # the first language holds the lines; the others point at the same start, claiming none
    assert (english["leavening"].line, english["leavening"].end_line) == (9, 18)
    assert (french["leavening"].line, french["leavening"].end_line) == (9, 8)
    reasons = {u.line: u.reason for u in result.unused}
    assert reasons[1] == "comment"
    assert reasons[2] == "prefix or base declaration"
    assert reasons[6].startswith("the concept scheme")
    # a later statement right after a concept's own block is read with it (N-Triples style)
    assert (english["proofing"].line, english["proofing"].end_line) == (26, 33)
    assert "has no label" in reasons[34]


@pytest.mark.parametrize("name", ["baking.rdf", "baking.jsonld"])
def test_rdfxml_and_jsonld_say_the_same_as_turtle(name: str) -> None:
    _, result = _read(SKOS, FIXTURES / "skos" / name)
    english = _by(result, "en")
    assert result.title == "Baking words"
    assert english["leavening"].labels[0] == "leavening agent"
    assert english["leavening"].see_also == ("yeast",)
    assert english["yeast"].see_also == ("leavening agent",)
    assert _by(result, "fr")["leavening"].term == "agent levant"
    assert all(e.group.startswith("https://example.org/baking/") for e in result.entries)


def test_tbx_v3_reads_terms_definitions_and_cross_references() -> None:
    _, result = _read(TBX, FIXTURES / "tbx" / "pottery.tbx")
    assert result.title == "Pottery terms"
    english, french = _by(result, "en"), _by(result, "fr")
    kiln = english["kiln"]
    assert kiln.labels == ("kiln", "pottery oven")  # the preferred term first
    assert kiln.definition == "An oven that gets hot enough to turn shaped clay into hard ceramic."
    assert "https://example.org/pottery/kiln" in kiln.links
    assert "https://example.org/pottery/sources/1" in kiln.links
    assert french["kiln"].term == "four à céramique" and french["kiln"].group == kiln.group
    assert (kiln.line, kiln.end_line, french["kiln"].line) == (11, 29, 30)
    glaze = english["glaze"]
    assert glaze.definition == "A glassy coat melted onto a pot in the kiln."  # concept-level definition
    assert glaze.see_also == ("kiln",)
    reasons = {u.line: u.reason for u in result.unused}
    assert reasons[1] == "XML declaration or processing instruction"
    assert reasons[4].startswith("TBX header")
    assert "'empty' with no terms" in reasons[45]


def test_tbx_v2_martif_reads_tig_and_ntig() -> None:
    _, result = _read(TBX, FIXTURES / "tbx" / "pottery_martif.tbx")
    assert result.title == "Pottery terms, old style"
    english = _by(result, "en")
    assert english["wheel"].labels == ("potter's wheel", "throwing wheel")
    assert _by(result, "de")["wheel"].definition.startswith("Eine drehende Scheibe")
    assert english["slip"].definition == "Clay thinned with water to a creamy liquid."
    assert english["slip"].see_also == ("potter's wheel",)


def test_detection_stays_with_its_own_syntax() -> None:
    assert SKOS.detect("") == TBX.detect("") == 0.0
    assert SKOS.detect("Glossary\nKV cache\nKeys and values kept between steps.\n") == 0.0
    assert TBX.detect("<html><body><dl><dt>a</dt></dl></body></html>") == 0.0
    assert SKOS.detect("<!DOCTYPE html>\n<html>\n<body>x</body>\n</html>\n") == 0.0
    assert SKOS.detect((FIXTURES / "tbx" / "pottery.tbx").read_text(encoding="utf-8")) == 0.0
    assert TBX.detect((FIXTURES / "skos" / "baking.rdf").read_text(encoding="utf-8")) == 0.0


@pytest.mark.parametrize(
    ("reader", "text", "line", "message"),
    [
        (SKOS, "@prefix s: <http://x.org/> .\n\n<http://x.org/a> s:b \"c\" ;\n  s:d <e \n.\n", 4, "Turtle"),
        (SKOS, f'<?xml version="1.0"?>\n<rdf:RDF xmlns:rdf="{RDF_NS}">\n'
               '<rdf:Description rdf:about="http://x.org/a">\n</rdf:RDF>\n', 4, "RDF/XML"),
        (SKOS, '[\n  {"@id": "http://x.org/a",\n   "http://x.org/b": }\n]\n', 3, "JSON-LD"),
        (TBX, '<?xml version="1.0"?>\n<martif>\n<text><body>\n<termEntry>\n</body></text></martif>\n',
         5, "XML"),
    ],
)
def test_malformed_input_raises_one_clear_error_with_its_line(
    reader, text: str, line: int, message: str
) -> None:
    with pytest.raises(InputError) as caught:
        reader.read(text, "bad.file")
    assert caught.value.line == line
    assert caught.value.path == "bad.file"
    assert message in caught.value.message and caught.value.hint


# ── real-world acceptance ─────────────────────────────────────────────────────────────

OGC = "ogc-glossary-skos/definitions/conceptschemes"
#: corpus file, reader, entries, distinct concepts, unused lines.
#: SOURCES.md counts 480 skos:Concept in ogc_glossary.ttl; the entailed files add one
#: stray concept (…/entities/bodies/ogcna) with no label at all: it gives no entry and its
#: lines are reported, so every serialisation reads the same 480 concepts. All are English
#: (untagged). The TBX file has 45 conceptEntry in 84 language sections (en 39, es 39,
#: zu 6 — its 'zu' sections are bibliography records filed as concepts), hence 84 entries.
CORPUS_ITEMS = [
    (f"{OGC}/ogc_glossary.ttl", "skos", 480, 480, 40),
    (f"{OGC}/entailed/glossary.ttl", "skos", 480, 480, 967),
    (f"{OGC}/entailed/glossary.rdf", "skos", 480, 480, 980),
    (f"{OGC}/entailed/glossary.jsonld", "skos", 480, 480, 2941),
    ("ogc-academy-glossary/incubation/SourceArchive/glossary/20231013_location_academy_terms.ttl",
     "skos", 23, 23, 4),
    ("tbx-astronomy-dca/data/examples/Example_Astronomy_DCA_VALID.tbx", "tbx", 84, 45, 27),
]


@pytest.mark.parametrize(("relative", "name", "entries", "concepts", "unused"), CORPUS_ITEMS,
                         ids=lambda v: Path(v).name if isinstance(v, str) and "/" in v else str(v))
def test_corpus_item_is_read_in_full_and_builds(
    relative: str, name: str, entries: int, concepts: int, unused: int, tmp_path: Path
) -> None:
    path = CORPORA / relative
    if not path.is_file():
        pytest.skip(f"corpus file not found at {path} (../shared/corpora beside the repo)")
    text = path.read_text(encoding="utf-8")
    reader = pick_reader(text, str(path))
    assert reader.name == name
    assert rank_readers(text)[1][0] < 0.8
    result = reader.read(text, str(path))
    assert len(result.entries) == entries
    assert len({e.group for e in result.entries}) == concepts
    assert len(result.unused) == unused
    assert unaccounted_lines(text, result) == []
    summary = build_termbase([str(path)], tmp_path / "corpus.db")
    assert not summary.skipped and summary.concepts > 0
