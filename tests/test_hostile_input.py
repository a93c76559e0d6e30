"""Files written to hurt termbase: each is refused at once with one clear line naming the
limit and the flag that raises it, and the same file builds once the user raises it.

Covers issue 20 parts 0b (references outside the input), 0c (YAML alias bombs),
1 (XML entity amplification, oversized nodes), 2 (deep nesting) and 5 (limits).
All inputs are generated here, small, in our own words. How fast each is refused is
measured by bench/hostile.py (timed tests would be flaky on a busy machine).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import rdflib
from click.testing import CliRunner

from termbase.cli import app
from termbase.store import Termbase

RUNNER = CliRunner()
RDF_NS, SKOS_NS = str(rdflib.RDF), str(rdflib.SKOS)  # namespace URIs


def build(tmp_path: Path, *args: str) -> tuple[int, str]:
    result = RUNNER.invoke(app, ["build", *args, "--db", str(tmp_path / "out.db")])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output  # stdout and stderr


def laughs_dtd(root: str, levels: int = 10) -> str:
    """Return a DTD of `levels` entities, each ten references to the one before."""
    entities = ['<!ENTITY e0 "ha">'] + [
        f'<!ENTITY e{i} "{f"&e{i - 1};" * 10}">' for i in range(1, levels + 1)
    ]
    return f"<!DOCTYPE {root} [\n" + "\n".join(entities) + "\n]>\n"


def rdf_file(definition: str, dtd: str = "", extra: str = "") -> str:
    return (
        f'<?xml version="1.0"?>\n{dtd}<rdf:RDF xmlns:rdf="{RDF_NS}" xmlns:skos="{SKOS_NS}">\n'
        f'<skos:Concept rdf:about="http://example.org/kiln"{extra}>\n'
        "<skos:prefLabel>kiln</skos:prefLabel>\n"
        f"<skos:definition>{definition}</skos:definition>\n</skos:Concept>\n"
        '<skos:Concept rdf:about="http://example.org/glaze">\n<skos:prefLabel>glaze</skos:prefLabel>\n'
        "<skos:definition>A glassy coat fired onto clay.</skos:definition>\n</skos:Concept>\n</rdf:RDF>\n"
    )


def tbx_file(definition: str, dtd: str = "") -> str:
    return (
        f'<?xml version="1.0"?>\n{dtd}<tbx xmlns="urn:iso:std:iso:30042:ed-2" type="TBX-Basic" style="dca" '
        'xml:lang="en"><text><body>\n'
        '<conceptEntry id="c1"><langSec xml:lang="en"><termSec><term>kiln</term></termSec>'
        f'<descrip type="definition">{definition}</descrip></langSec></conceptEntry>\n'
        '<conceptEntry id="c2"><langSec xml:lang="en"><termSec><term>glaze</term></termSec>'
        '<descrip type="definition">A glassy coat.</descrip></langSec></conceptEntry>\n'
        "</body></text></tbx>\n"
    )


def html_file(definition: str, dtd: str = "") -> str:
    return (
        f"{dtd}<html><body><h1>Pottery words</h1><dl>\n<dt>kiln</dt><dd>{definition}</dd>\n"
        "<dt>glaze</dt><dd>A glassy coat fired onto clay.</dd>\n</dl></body></html>\n"
    )


def pretext_file(definition: str, dtd: str = "") -> str:
    return (
        f'<?xml version="1.0"?>\n{dtd}<pretext><book><backmatter><glossary><title>Words</title>\n'
        f"<gi><title>kiln</title><p>{definition}</p></gi>\n"
        "<gi><title>glaze</title><p>A glassy coat.</p></gi>\n</glossary></backmatter></book></pretext>\n"
    )


XML_SHAPES = {
    "skos.rdf": (rdf_file, "rdf:RDF"),
    "terms.tbx": (tbx_file, "tbx"),
    "page.html": (html_file, "html"),
    "book.ptx": (pretext_file, "pretext"),
}


@pytest.mark.parametrize("name", sorted(XML_SHAPES))
def test_entity_amplification_refused_at_once_and_liftable_for_small_expansion(tmp_path: Path, name: str):
    make, root = XML_SHAPES[name]
    path = tmp_path / name
    path.write_text(make("&e10;", laughs_dtd(root)), encoding="utf-8")
    code, output = build(tmp_path, str(path))
    assert code == 1
    assert "XML entity references expand" in output and "--max-expansion" in output
    assert output.count("skipped:") == 1 and "Traceback" not in output
    # a small, harmless expansion reads with the default limit
    path.write_text(make("&e2; fired", laughs_dtd(root, 2)), encoding="utf-8")
    code, output = build(tmp_path, str(path))
    assert code == 0, output


def see_also(db: Path, concept_id: str) -> set[str]:
    with Termbase.open(db) as termbase:
        record = termbase.concept(concept_id)
        assert record is not None
        return {target for entry in record.entries for target in entry.entry.see_also}


def all_see_also(db: Path) -> set[str]:
    with Termbase.open(db) as termbase:
        records = list(termbase.concept_records())
    return {target for record in records for entry in record.entries for target in entry.entry.see_also}


def test_raising_the_expansion_limit_lets_a_trusted_file_through(tmp_path: Path):
    path = tmp_path / "skos.rdf"
    path.write_text(rdf_file("&e4;", laughs_dtd("rdf:RDF", 4)), encoding="utf-8")  # 20,000 characters
    assert build(tmp_path, str(path), "--max-expansion", "1000")[0] == 1
    code, output = build(tmp_path, str(path), "--max-expansion", "50000")
    assert code == 0, output
    with Termbase.open(tmp_path / "out.db") as termbase:
        record = termbase.concept("kiln")
        assert record is not None and [e.entry.definition for e in record.entries] == ["ha" * 10_000]


def test_an_entity_that_refers_to_itself_is_one_clear_line(tmp_path: Path):
    path = tmp_path / "loop.tbx"
    loop = '<!DOCTYPE tbx [<!ENTITY a "x&b;"><!ENTITY b "y&a;">]>\n'
    path.write_text(tbx_file("&a;", loop), encoding="utf-8")
    code, output = build(tmp_path, str(path))
    assert code == 1 and "refers to itself" in output


@pytest.mark.parametrize("name", ["skos.rdf", "terms.tbx", "book.ptx"])
def test_oversized_xml_node_refused_with_its_flag(tmp_path: Path, name: str):
    make, _ = XML_SHAPES[name]
    path = tmp_path / name
    path.write_text(make("fired " * 400_000), encoding="utf-8")  # 2.4 MB in one text node
    # a huge node can push a file's cues out of the sample detection reads, so name the shape
    shape = ["--format", "pretext"] if name.endswith(".ptx") else []
    code, output = build(tmp_path, str(path), "--max-xml-node-mb", "1", *shape)
    assert code == 1 and "XML text or attribute value is too large" in output
    assert "--max-xml-node-mb" in output
    code, output = build(tmp_path, str(path), "--max-xml-node-mb", "3", *shape)
    assert code == 0, output


def test_html_text_node_over_libxml2s_10mb_is_refused_not_cut(tmp_path: Path):
    path = tmp_path / "page.html"
    path.write_text(html_file("clay " * 2_200_000), encoding="utf-8")  # 11 MB: libxml2 would cut it silently
    code, output = build(tmp_path, str(path), "--format", "html")
    assert code == 1 and "too large" in output


def yaml_bomb(levels: int = 9) -> str:
    lines = ['l0: &l0 ["clay", "clay", "clay", "clay", "clay", "clay", "clay", "clay", "clay"]']
    lines += [f"l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 9) + "]" for i in range(1, levels)]
    return "\n".join(lines) + "\n"


def test_yaml_alias_bomb_refused_at_once(tmp_path: Path):
    path = tmp_path / "bomb.yaml"
    path.write_text(yaml_bomb(), encoding="utf-8")
    code, output = build(tmp_path, str(path))
    assert code == 1 and "YAML aliases expand" in output and "--max-expansion" in output
    assert str(path) in output


def test_yaml_alias_bomb_in_markdown_front_matter_refused_during_detection(tmp_path: Path):
    path = tmp_path / "kiln.md"
    path.write_text("---\n" + yaml_bomb() + "---\nA kiln fires clay.\n", encoding="utf-8")
    code, output = build(tmp_path, str(path))
    assert code == 1 and "YAML aliases expand" in output and f"{path}:2" in output


def test_yaml_aliases_used_sparingly_still_read(tmp_path: Path):
    path = tmp_path / "glossary.yaml"
    path.write_text(
        "shared: &src {source: workshop notes}\nterms:\n"
        "  - {term: kiln, definition: An oven that fires clay., meta: *src}\n"
        "  - {term: glaze, definition: A glassy coat fired onto clay., meta: *src}\n",
        encoding="utf-8",
    )
    code, output = build(tmp_path, str(path), "--format", "yaml")
    assert code == 0, output


@pytest.mark.parametrize(
    ("name", "text"),
    ids=["json-arrays", "yaml-flow", "json-objects", "yaml-block"],
    argvalues=[
        ("deep.json", "[" * 50_000 + "]" * 50_000),
        ("deep.yaml", "[" * 50_000 + "]" * 50_000),
        ("objects.json", '{"a":' * 20_000 + "1" + "}" * 20_000),
        ("block.yaml", "".join(" " * i + f"k{i}:\n" for i in range(250)) + " " * 250 + "v\n"),
    ],
)
def test_deep_nesting_is_a_clear_error_not_a_recursion_error(tmp_path: Path, name: str, text: str):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    code, output = build(tmp_path, str(path))
    assert code == 1 and "nest too deep" in output and "--max-depth" in output
    assert "RecursionError" not in output and "reader failed" not in output


def test_raising_the_depth_limit_reads_a_deep_but_fine_file(tmp_path: Path):
    record = '{"term": "kiln", "definition": "An oven that fires clay."}'
    path = tmp_path / "deep.json"
    records = f"[{record}, {record.replace('kiln', 'glaze')}]"
    path.write_text('{"a":' * 210 + records + "}" * 210, encoding="utf-8")
    assert "nest too deep" in build(tmp_path, str(path))[1]
    code, output = build(tmp_path, str(path), "--max-depth", "300")
    assert code == 0, output


def test_file_size_limit_and_its_flag(tmp_path: Path):
    path = tmp_path / "big.json"
    records = [{"term": "kiln", "definition": "fired " * 400_000}, {"term": "glaze", "definition": "A coat."}]
    path.write_text(json.dumps(records), encoding="utf-8")  # 2.3 MiB
    code, output = build(tmp_path, str(path), "--max-file-mb", "1")
    assert code == 1 and "file is 2 MiB (the limit is 1 MiB)" in output and "--max-file-mb" in output
    assert build(tmp_path, str(path), "--max-file-mb", "3")[0] == 0


def test_line_length_limit_and_its_flag(tmp_path: Path):
    path = tmp_path / "long.csv"
    path.write_text("term,definition\nkiln," + "clay " * 1000 + "\nglaze,A glassy coat.\n", encoding="utf-8")
    code, output = build(tmp_path, str(path), "--max-line-chars", "1000")
    assert code == 1 and f"{path}:2: line is 5,005 characters long" in output and "--max-line-chars" in output
    assert build(tmp_path, str(path), "--max-line-chars", "10000")[0] == 0


def test_entries_per_file_limit_and_its_flag(tmp_path: Path):
    path = tmp_path / "many.csv"
    rows = "".join(f"kiln{i},Oven number {i}.\n" for i in range(50))
    path.write_text("term,definition\n" + rows, encoding="utf-8")
    code, output = build(tmp_path, str(path), "--max-entries", "20")
    assert code == 1 and "file holds 50 entries (the limit is 20)" in output and "--max-entries" in output
    assert build(tmp_path, str(path), "--max-entries", "50")[0] == 0


def write_pages(folder: Path) -> Path:
    (folder / "secret").mkdir(parents=True)
    (folder / "secret" / "private.md").write_text("---\ntitle: Hidden plan\n---\nNot for readers.\n")
    pages = folder / "site" / "glossary"
    pages.mkdir(parents=True)
    (pages / "glaze.md").write_text("---\ntitle: Glaze\n---\nA glassy coat fired onto clay.\n")
    return pages


OUTSIDE = ["../../secret/private", "ABSOLUTE", "../glossary/../../../secret/private"]


@pytest.mark.parametrize("target", OUTSIDE)
def test_related_terms_outside_the_folder_given_are_refused(tmp_path: Path, target: str):
    pages = write_pages(tmp_path)
    target = str(tmp_path / "secret" / "private") if target == "ABSOLUTE" else target
    (pages / "kiln.md").write_text(f"---\ntitle: Kiln\nrelated_terms: [glaze, '{target}']\n---\nAn oven.\n")
    code, output = build(tmp_path, str(pages))
    assert code == 1
    assert f"kiln.md:3: related term '{target}' names a file outside the folder given" in output
    assert "Hidden plan" not in output
    assert "Hidden plan" not in all_see_also(tmp_path / "out.db")


def test_related_terms_inside_the_folder_given_are_followed(tmp_path: Path):
    pages = write_pages(tmp_path)
    (pages / "kiln.md").write_text("---\ntitle: Kiln\nrelated_terms: [glaze]\n---\nAn oven.\n")
    code, output = build(tmp_path, str(pages))
    assert code == 0, output
    assert "Glaze" in see_also(tmp_path / "out.db", "kiln")


def test_a_300_character_slug_does_not_crash_the_file(tmp_path: Path):
    pages = write_pages(tmp_path)
    slug = "k" * 300
    (pages / "kiln.md").write_text(f"---\ntitle: Kiln\nrelated_terms: [{slug}, glaze]\n---\nAn oven.\n")
    code, output = build(tmp_path, str(pages))
    assert code == 0, output
    assert slug in see_also(tmp_path / "out.db", "kiln")


def test_a_csv_cell_longer_than_the_csv_modules_own_cap_is_read(tmp_path: Path):
    path = tmp_path / "long.csv"
    long_row = "kiln," + "fired " * 30_000
    path.write_text(f"term,definition\n{long_row}\nglaze,A glassy coat.\n", encoding="utf-8")
    code, output = build(tmp_path, str(path))
    assert code == 0, output  # 180,000 characters: over csv's 131,072 default


def test_a_link_out_of_the_folder_given_is_not_read(tmp_path: Path):
    (tmp_path / "private.txt").write_text("kiln\nA private note that must not be read.\n", encoding="utf-8")
    folder = tmp_path / "glossary"
    folder.mkdir()
    (folder / "pottery.csv").write_text("term,definition\nkiln,An oven.\nglaze,A coat.\n", encoding="utf-8")
    (folder / "notes.txt").symlink_to(tmp_path / "private.txt")
    code, output = build(tmp_path, str(folder))
    assert code == 1 and "notes.txt: a link to a file outside the folder given, not read" in output
    with Termbase.open(tmp_path / "out.db") as termbase:
        assert [s.path for s in termbase.sources()] == [str(folder / "pottery.csv")]
