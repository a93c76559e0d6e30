"""An entry's origin (paper, authors, year, arXiv id or DOI) survives every way out of a
termbase: the served page and JSON API, the static site, glossary-data.txt, the MCP `define`
tool and each export, where a page for people shows the paper as a link."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import anyio
import httpx
import pytest
from mcp.shared.memory import create_connected_server_and_client_session

from app_server import serving
from termbase.build import build_termbase
from termbase.exports import ExportOptions, export_text
from termbase.exports.markdown import origin_from_line, origin_line
from termbase.exports.sphinx import origin_from_line as sphinx_origin_from_line
from termbase.mcp_server.server import create_server
from termbase.store import Termbase
from termbase.web.app import create_app
from termbase.web.site import write_site

#: Two papers, one by arXiv id and one by a DOI with Markdown marks in it (`_`, brackets).
ORIGIN = "Rivera and Okafor, 2021, arXiv:2106.01234; Lindqvist, 1998, doi:10.1000/jx_q(7)3 (*Proc.*)"
ARXIV_URL = "https://arxiv.org/abs/2106.01234"
DOI_URL = "https://doi.org/10.1000/jx_q(7)3"

SOURCE = f"""\
termbase: 1
title: Origins test glossary
concepts:
  - id: folded-widget
    label: folded widget
    definition: >-
      A small test concept whose definition is long enough to be an ordinary glossary entry
      and which names the papers that introduced it below.
    origin: "{ORIGIN}"
    related: [plain-widget]
  - id: plain-widget
    label: plain widget
    definition: >-
      Another small test concept that cites no paper at all, so no origin line is shown for it.
    related: [folded-widget]
"""

EXPORTS = [
    ("jsonl", {}),
    ("json", {}),
    ("csv", {}),
    ("skos", {}),
    ("skos", {"rdf_xml": True}),
    ("jsonld", {}),
    ("tbx", {}),
    ("sphinx", {}),
    ("markdown", {}),
    ("llms", {}),
]


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("origins")
    source = folder / "origins.yaml"
    source.write_text(SOURCE, encoding="utf-8")
    path = folder / "origins.db"
    summary = build_termbase([str(source)], path)
    assert not summary.skipped, summary.skipped
    return path


def _export(db: Path, name: str, **options: bool) -> str:
    with Termbase.open(db) as termbase:
        return export_text(termbase, name, ExportOptions(**options))


@pytest.mark.parametrize(("name", "options"), EXPORTS, ids=[f"{n}{'-xml' if o else ''}" for n, o in EXPORTS])
def test_every_export_keeps_authors_year_and_paper_ids(db: Path, name: str, options: dict[str, bool]) -> None:
    text = _export(db, name, **options)
    for part in ("Rivera and Okafor, 2021", "arXiv:2106.01234", "Lindqvist, 1998"):
        assert part in text, (name, part)
    assert "10.1000/jx" in text


def test_glossary_data_gives_each_paper_its_link(db: Path) -> None:
    text = _export(db, "llms")
    origin_lines = [line for line in text.splitlines() if line.startswith("origin: ")]
    assert origin_lines == [
        f"origin: Rivera and Okafor, 2021, arXiv:2106.01234 ({ARXIV_URL}); "
        f"Lindqvist, 1998, doi:10.1000/jx_q(7)3 ({DOI_URL}) (*Proc.*)"
    ]


def test_markdown_shows_the_origin_as_links_and_reads_it_back(db: Path, tmp_path: Path) -> None:
    text = _export(db, "markdown")
    shown = [line for line in text.splitlines() if line.startswith("*Origin:* ")]
    assert len(shown) == 1
    assert f"[arXiv:2106.01234](<{ARXIV_URL}>)" in shown[0]
    assert f"](<{DOI_URL}>)" in shown[0]
    assert origin_from_line(shown[0]) == ORIGIN
    # a page whose comments were removed (edited by hand) still gives the origin back
    bare = "\n".join(line for line in text.splitlines() if not line.startswith("<!-- termbase-"))
    for name, page in (("export.md", text), ("bare.md", bare)):
        path = tmp_path / name
        path.write_text(page, encoding="utf-8")
        summary = build_termbase([str(path)], tmp_path / f"{name}.db")
        assert not summary.skipped, summary.skipped
        with Termbase.open(tmp_path / f"{name}.db") as rebuilt:
            origins = {
                record.id: [stored.entry.origin for stored in record.entries]
                for record in map(rebuilt.concept, rebuilt.concept_ids())
                if record is not None
            }
        assert origins["folded-widget"] == [ORIGIN], name
        assert origins["plain-widget"] == [""], name


PAGES = [("markdown", ".md", "*Origin:* "), ("sphinx", ".rst", "Origin: ")]


@pytest.mark.parametrize(("name", "suffix", "opening"), PAGES)
def test_an_origin_line_inside_a_definition_is_not_taken_for_one(
    tmp_path: Path, name: str, suffix: str, opening: str
) -> None:
    source = tmp_path / "odd.yaml"
    definition = f"Opens like an origin line\\n\\n{opening}Nobody, 1900, arXiv:1900.00001"
    source.write_text(
        "termbase: 1\ntitle: Odd\nconcepts:\n  - id: odd-term\n    label: odd term\n"
        f'    definition: "{definition}"\n',
        encoding="utf-8",
    )
    build_termbase([str(source)], tmp_path / "odd.db")
    page = tmp_path / f"odd{suffix}"
    page.write_text(_export(tmp_path / "odd.db", name), encoding="utf-8")
    assert f"\\{opening}Nobody" in page.read_text(encoding="utf-8")  # escaped: no origin line
    build_termbase([str(page)], tmp_path / "back.db")
    with Termbase.open(tmp_path / "back.db") as rebuilt:
        record = rebuilt.concept("odd-term")
        assert record is not None
        assert [s.entry.origin for s in record.entries] == [""]
        assert record.entries[0].entry.definition.endswith(f"{opening}Nobody, 1900, arXiv:1900.00001")


def test_origin_line_escapes_marks_and_links_every_paper() -> None:
    line = origin_line("A_b [x], 2020, arXiv:2001.00001, https://example.org/p")
    assert line == (
        "*Origin:* A\\_b \\[x\\], 2020, [arXiv:2001.00001](<https://arxiv.org/abs/2001.00001>), "
        "[https://example.org/p](<https://example.org/p>)"
    )
    assert origin_from_line(line) == "A_b [x], 2020, arXiv:2001.00001, https://example.org/p"


def _links(html: str) -> set[str]:
    return set(re.findall(r'<a href="([^"]+)" rel="nofollow noopener">', html))


def test_static_site_page_links_the_papers(db: Path, tmp_path: Path) -> None:
    with Termbase.open(db) as termbase:
        write_site(termbase, tmp_path / "site", workers=1)
    page = next((tmp_path / "site" / "c").glob("folded-widget*")).read_text(encoding="utf-8")
    assert {ARXIV_URL, DOI_URL.replace("&", "&amp;")} <= _links(page)
    assert "Rivera and Okafor, 2021" in page
    data = (tmp_path / "site" / "glossary-data.txt").read_text(encoding="utf-8")
    assert f"arXiv:2106.01234 ({ARXIV_URL})" in data


@pytest.fixture(scope="module")
def client(db: Path) -> Iterator[httpx.Client]:
    """An httpx client talking to a real uvicorn server on 127.0.0.1, in a thread."""
    with serving(create_app(db, "Origins")) as base, httpx.Client(base_url=base, timeout=10) as http:
        yield http


def test_served_page_api_and_glossary_data_keep_the_origin(client: httpx.Client) -> None:
    assert {ARXIV_URL, DOI_URL} <= _links(client.get("/c/folded-widget").text)
    entries = client.get("/api/concepts/folded-widget").json()["entries"]
    assert [e["origin"] for e in entries] == [ORIGIN]
    assert f"doi:10.1000/jx_q(7)3 ({DOI_URL})" in client.get("/glossary-data.txt").text


def test_mcp_define_gives_the_origin_and_its_links(db: Path) -> None:
    async def main() -> None:
        with Termbase.open(db) as termbase:
            async with create_connected_server_and_client_session(create_server(termbase)) as client:
                result = await client.call_tool("define", {"term": "folded widget"})
        assert not result.isError and result.structuredContent is not None
        definition = result.structuredContent["concepts"][0]["definitions"][0]
        assert definition["origin"] == ORIGIN
        assert definition["origin_urls"] == [ARXIV_URL, DOI_URL]

    anyio.run(main)


def _rebuilt_origins(page: Path, db: Path) -> dict[str, list[str]]:
    summary = build_termbase([str(page)], db)
    assert not summary.skipped, summary.skipped
    with Termbase.open(db) as rebuilt:
        return {
            record.id: [stored.entry.origin for stored in record.entries]
            for record in map(rebuilt.concept, rebuilt.concept_ids())
            if record is not None
        }


def test_sphinx_shows_the_origin_as_links_and_reads_it_back(db: Path, tmp_path: Path) -> None:
    text = _export(db, "sphinx")
    shown = [line.strip() for line in text.splitlines() if line.strip().startswith("Origin: ")]
    assert shown == [
        f"Origin: Rivera and Okafor, 2021, `arXiv:2106.01234 <{ARXIV_URL}>`__; Lindqvist, 1998, "
        f"`doi:10.1000/jx_q(7)3 <{DOI_URL}>`__ (\\*Proc.\\*)"
    ]
    assert sphinx_origin_from_line(shown[0]) == ORIGIN
    bare = "\n".join(line for line in text.splitlines() if ".. termbase-" not in line)
    for name, page in (("export.rst", text), ("bare.rst", bare)):
        path = tmp_path / name
        path.write_text(page, encoding="utf-8")
        origins = _rebuilt_origins(path, tmp_path / f"{name}.db")
        assert origins["folded-widget"] == [ORIGIN], name
        assert origins["plain-widget"] == [""], name


def test_sphinx_build_renders_the_origin_links(db: Path, tmp_path: Path) -> None:
    sphinx_build = shutil.which("sphinx-build")
    if sphinx_build is None:
        pytest.skip("sphinx-build is not installed (pip install sphinx)")
    (tmp_path / "conf.py").write_text("project = 'origins'\n", encoding="utf-8")
    (tmp_path / "index.rst").write_text(_export(db, "sphinx"), encoding="utf-8")
    done = subprocess.run(
        [sphinx_build, "-q", "-W", "-b", "html", ".", "_build"],
        cwd=tmp_path, capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    html = (tmp_path / "_build" / "index.html").read_text(encoding="utf-8")
    assert f'href="{ARXIV_URL}"' in html and f'href="{DOI_URL}"' in html
    assert "Rivera and Okafor, 2021" in html


def test_two_entries_with_origins_each_keep_their_own(tmp_path: Path) -> None:
    """Several sources define one concept, each naming a paper: each entry's origin comes
    back from the Markdown and Sphinx pages, with and without their comments."""
    for number, origin in enumerate(("First, 2001, doi:10.1000/one", "Second, 2019, arXiv:1901.00002")):
        (tmp_path / f"s{number}.yaml").write_text(
            f"termbase: 1\ntitle: Source {number}\nconcepts:\n  - id: shared-term\n    label: shared term\n"
            f"    definition: Definition number {number} of the one shared test term.\n"
            f'    origin: "{origin}"\n',
            encoding="utf-8",
        )
    build_termbase([str(tmp_path / "s0.yaml"), str(tmp_path / "s1.yaml")], tmp_path / "two.db")
    expected = ["First, 2001, doi:10.1000/one", "Second, 2019, arXiv:1901.00002"]
    for name, suffix, comment in (("markdown", ".md", "<!-- termbase-"), ("sphinx", ".rst", ".. termbase-")):
        text = _export(tmp_path / "two.db", name)
        bare = "\n".join(line for line in text.splitlines() if comment not in line)
        for kind, page in (("full", text), ("bare", bare)):
            path = tmp_path / f"{kind}{suffix}"
            path.write_text(page, encoding="utf-8")
            origins = _rebuilt_origins(path, tmp_path / f"{name}-{kind}.db")
            assert sorted(origins["shared-term"]) == expected, (name, kind)


#: Exports termbase reads back: (format, options, file suffix).
READ_BACK = [
    ("jsonl", {}, ".jsonl"),
    ("json", {}, ".json"),
    ("csv", {}, ".csv"),
    ("skos", {}, ".ttl"),
    ("skos", {"rdf_xml": True}, ".rdf"),
    ("jsonld", {}, ".jsonld"),
    ("tbx", {}, ".tbx"),
    ("sphinx", {}, ".rst"),
    ("markdown", {}, ".md"),
]


@pytest.mark.parametrize(("name", "options", "suffix"), READ_BACK, ids=[s for *_, s in READ_BACK])
def test_every_export_reads_back_with_the_origin(
    db: Path, tmp_path: Path, name: str, options: dict[str, bool], suffix: str
) -> None:
    path = tmp_path / f"export{suffix}"
    path.write_text(_export(db, name, **options), encoding="utf-8")
    origins = _rebuilt_origins(path, tmp_path / "back.db")
    assert origins == {"folded-widget": [ORIGIN], "plain-widget": [""]}


def test_rdf_exports_link_the_cited_papers(db: Path) -> None:
    from rdflib import Graph, URIRef

    graph = Graph().parse(data=_export(db, "skos"), format="turtle")
    linked = set(graph.objects(None, URIRef("urn:termbase:ns#originUrl")))
    assert linked == {URIRef(ARXIV_URL), URIRef(DOI_URL)}
    ld = json.loads(_export(db, "jsonld"))
    entries = [e for term in ld["hasDefinedTerm"] for e in term["tb:entries"]]
    assert [e.get("tb:originUrls") for e in entries if e.get("tb:origin")] == [
        [{"@id": ARXIV_URL}, {"@id": DOI_URL}]
    ]
    tbx = _export(db, "tbx")
    assert f"<note>origin: Rivera and Okafor, 2021, arXiv:2106.01234 ({ARXIV_URL});" in tbx
