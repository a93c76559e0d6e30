"""The web app, JSON API, static site and LLM text, against a real uvicorn server on 127.0.0.1.

The termbase is built from real files: two built-in glossary sources (formulas, see-also,
backlinks, topics) and the hostile-definitions fixture, whose HTML must come out inert.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import httpx
import pytest
from click.testing import CliRunner

from app_server import serving
from conftest import FIXTURES
from termbase.build import build_termbase
from termbase.builtin import glossary_files
from termbase.cli import app as cli_app
from termbase.cli import serve
from termbase.exports.jsonl import concept_dict
from termbase.store import Termbase
from termbase.web.app import create_app
from termbase.web.pages import Links, SiteData, concept_page
from termbase.web.render import formula_html, markdown_html, render_page
from termbase.web.site import write_site
from termbase.web.site_manifest import read_manifest

XSS = FIXTURES / "xss" / "xss.yaml"
FORMULA_CONCEPT = "scaled-dot-product-attention"


# ------------------------------------------------------------------ fixtures


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    names = {"b-attention.yaml", "b-hardware.yaml"}
    sources = [str(p) for p in glossary_files() if p.name in names] + [str(XSS)]
    assert len(sources) == 3
    path = tmp_path_factory.mktemp("web") / "web-test.db"
    build_termbase(sources, path)
    return path


@pytest.fixture(scope="module")
def termbase(db: Path) -> Iterator[Termbase]:
    with Termbase.open(db) as opened:
        yield opened


@pytest.fixture(scope="module")
def client(db: Path) -> Iterator[httpx.Client]:
    """An httpx client talking to a real uvicorn server in a thread."""
    app = create_app(db, "Web test glossary")
    with serving(app) as base, httpx.Client(base_url=base, timeout=10) as http:
        yield http


class Page(HTMLParser):
    """Collects tags, attributes and the text of elements with ids, from one HTML page."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str]]] = []
        self._stack: list[str] = []
        self.az: list[str] = []
        self._in_az = False
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {k: v or "" for k, v in attrs}
        self.tags.append((tag, attributes))
        if tag == "nav" and attributes.get("id") == "az":
            self._in_az = True
        if self._in_az and tag == "a":
            self._stack.append("az-a")

    def handle_endtag(self, tag: str) -> None:
        if tag == "nav":
            self._in_az = False
        if tag == "a" and self._stack:
            self._stack.pop()

    def handle_data(self, data: str) -> None:
        if self._stack and data.strip():
            self.az.append(data.strip())

    def links(self) -> list[str]:
        return [a[k] for _, a in self.tags for k in ("href", "src") if k in a]

    def ids(self) -> set[str]:
        return {a["id"] for _, a in self.tags if "id" in a}


def assert_inert(html: str) -> None:
    page = Page(html)
    for tag, attributes in page.tags:
        if tag == "script":
            assert attributes.get("src", "").endswith("static/search.js"), attributes
        assert tag not in {"img", "iframe", "object", "embed"}, tag
        for name, value in attributes.items():
            assert not name.startswith("on"), (tag, name, value)
            assert not value.strip().lower().startswith("javascript:"), (tag, name, value)


# ------------------------------------------------------------------ pages


def test_every_page_renders(client: httpx.Client, termbase: Termbase) -> None:
    summaries = termbase.summaries()
    initials = sorted({initial for _, _, initial, _ in summaries})
    topics = sorted({t for ts in termbase.topics_by_concept().values() for t in ts})
    paths = ["/", "/stats", "/search", "/search?q=attention", "/llms.txt", "/glossary-data.txt"]
    paths += ["/docs", "/openapi.json", "/static/style.css", "/static/search.js"]
    paths += [f"/letter/{letter}" for letter in initials] + [f"/topic/{topic}" for topic in topics]
    paths += [f"/c/{concept_id}" for concept_id, *_ in summaries]
    for path in paths:
        response = client.get(path)
        assert response.status_code == 200, path
    assert len(paths) > 150


def test_home_has_counts_search_box_and_every_initial_in_the_az_bar(
    client: httpx.Client, termbase: Termbase
) -> None:
    html = client.get("/").text
    page = Page(html)
    assert page.az == sorted({initial for _, _, initial, _ in termbase.summaries()})
    search = [a for tag, a in page.tags if tag == "input" and a.get("id") == "search"]
    assert search and search[0]["type"] == "search"
    assert any(
        tag == "ul" and a.get("id") == "suggestions" and a.get("role") == "listbox" for tag, a in page.tags
    )
    assert f'<span id="count-concepts">{termbase.stats()["concepts"]}</span>' in html
    assert 'class="skip-link" href="#main"' in html


def test_letter_pages_for_every_initial_and_no_dead_letters(client: httpx.Client, termbase: Termbase) -> None:
    for letter in Page(client.get("/").text).az:
        html = client.get(f"/letter/{letter}").text
        ids = [cid for cid, _, initial, _ in termbase.summaries() if initial == letter]
        assert ids, letter
        for concept_id in ids:
            assert f'href="/c/{concept_id}"' in html
    assert client.get("/letter/%C3%98").status_code == 404


def test_concept_page_has_labels_provenance_mathml_related_and_backlinks(
    client: httpx.Client, termbase: Termbase
) -> None:
    record = termbase.concept(FORMULA_CONCEPT)
    assert record is not None and any(s.entry.formulas for s in record.entries)
    html = client.get(f"/c/{FORMULA_CONCEPT}").text
    page = Page(html)
    assert f'<h1 id="top"><bdi>{record.label}</bdi> ' in html  # labels are isolated (bidi)
    assert re.search(r'<math class="formula" display="block">.*<msqrt>.*</math>', html, re.S)
    assert 'class="label label-acronym"><bdi>SDPA</bdi>' in html
    assert "b-attention.yaml:" in html and "Attention mechanisms and positional encodings" in html
    assert {"labels", "definitions", "related", "mentioned-in", "def-1", "top"} <= page.ids()
    backlinks = html[html.index('id="mentioned-in"') :]
    for relation in record.mentioned_in:
        assert f'href="/c/{relation.from_id}"' in backlinks
    for relation in record.related:
        assert f'href="/c/{relation.to_id}"' in html
    assert 'href="/topic/architecture"' in html


def test_unknown_pages_are_html_404s(client: httpx.Client) -> None:
    for path in ("/c/no-such-concept", "/topic/no-such-topic", "/nowhere"):
        response = client.get(path)
        assert response.status_code == 404, path
        assert "text/html" in response.headers["content-type"]


def test_the_favicon_browsers_ask_for_is_no_content_not_a_404(client: httpx.Client) -> None:
    response = client.get("/favicon.ico")  # asked on every page: a 404 is an error in the console
    assert response.status_code == 204 and response.content == b""


def test_search_page_lists_hits(client: httpx.Client) -> None:
    html = client.get("/search", params={"q": "flash atten"}).text
    assert 'href="/c/flashattention"' in html
    assert "for “flash atten”" in html


def test_stats_page_shows_topics_sources_and_overlap(client: httpx.Client) -> None:
    html = client.get("/stats").text
    assert {"per-topic", "per-source", "overlap"} <= Page(html).ids()
    assert "b-hardware.yaml" in html and "xss.yaml" in html


def test_docs_and_pages_make_no_external_request(client: httpx.Client) -> None:
    for path in ("/docs", "/", f"/c/{FORMULA_CONCEPT}", "/stats"):
        page = Page(client.get(path).text)
        loaded = [a.get("src") or a.get("href", "") for t, a in page.tags if t in {"script", "link", "img"}]
        loaded = [url for url in loaded if url]  # an inline <script> loads nothing
        assert loaded, path
        assert all(url.startswith("/") for url in loaded), (path, loaded)
    assert client.get("/_swagger/swagger-ui-bundle.js").status_code == 200
    assert "/api/concepts/{concept_id}" in client.get("/openapi.json").json()["paths"]


# ------------------------------------------------------------------ JSON API


def test_api_concepts_paginates_and_filters(client: httpx.Client, termbase: Termbase) -> None:
    total = termbase.stats()["concepts"]
    first = client.get("/api/concepts", params={"per_page": 7}).json()
    assert (first["page"], first["per_page"], first["total"]) == (1, 7, total)
    assert first["pages"] == -(-total // 7)
    assert len(first["concepts"]) == 7
    assert set(first["concepts"][0]) == {"id", "label", "initial", "summary", "topics", "url"}
    last = client.get("/api/concepts", params={"per_page": 7, "page": first["pages"]}).json()
    assert len(last["concepts"]) == total - 7 * (first["pages"] - 1)
    letter = client.get("/api/concepts", params={"letter": "f", "per_page": 500}).json()
    assert letter["total"] > 0 and all(c["initial"] == "F" for c in letter["concepts"])
    topic = client.get("/api/concepts", params={"topic": "safety", "per_page": 500}).json()
    assert {c["id"] for c in topic["concepts"]} == {
        "script-tag-term",
        "image-handler-term",
        "javascript-link-term",
    }


def test_api_concept_is_the_export_shape_plus_backlinks(client: httpx.Client, termbase: Termbase) -> None:
    record = termbase.concept(FORMULA_CONCEPT)
    assert record is not None
    body = client.get(f"/api/concepts/{FORMULA_CONCEPT}").json()
    expected = concept_dict(record)
    for entry, stored in zip(expected["entries"], record.entries, strict=True):
        entry["language"] = stored.entry.language  # the API adds each entry's language and origin
        entry["origin"] = stored.entry.origin
        entry["origin_urls"] = [f"https://arxiv.org/abs/{stored.entry.origin.rsplit(':', 1)[1]}"]
        entry["locator_url"] = (stored.entry.locator.url or None) if stored.entry.locator else None
    assert {k: body[k] for k in expected} == expected
    assert body["languages"] == ["en"]
    assert body["mentioned_in"] == [{"id": r.from_id, "kind": r.kind} for r in record.mentioned_in]
    assert body["mentioned_in"]


def test_api_search_and_suggest(client: httpx.Client) -> None:
    hits = client.get("/api/search", params={"q": "SDPA"}).json()["hits"]
    assert hits[0]["id"] == FORMULA_CONCEPT
    assert set(hits[0]) == {"id", "label", "labels", "score", "matched", "matched_label", "match_description"}
    suggest = client.get("/api/suggest", params={"q": "flash atten"}).json()
    assert suggest["query"] == "flash atten"
    assert suggest["hits"][0]["id"] == "flashattention"
    typo = client.get("/api/search", params={"q": "flashatention", "limit": 3}).json()["hits"]
    assert typo[0]["id"] == "flashattention" and len(typo) <= 3


def test_a_repeated_search_is_answered_from_the_recent_answers(db: Path) -> None:
    """The server keeps recent answers: the same query and limit search once, and get the
    same body; another limit is another search."""
    app = create_app(db, "Cache test")
    index = app.state.search_index
    searched: list[tuple[str, int]] = []
    real_answer = index.answer

    def counted(query: str, limit: int = 10) -> object:
        searched.append((query, limit))
        return real_answer(query, limit)

    index.answer = counted  # the real search, counted
    with serving(app) as base, httpx.Client(base_url=base, timeout=10) as http:
        first = http.get("/api/search", params={"q": "flashatention"})
        again = http.get("/api/search", params={"q": "flashatention"})
        fewer = http.get("/api/search", params={"q": "flashatention", "limit": 1})
        page = http.get("/search", params={"q": "flashatention"})
    assert first.status_code == again.status_code == fewer.status_code == page.status_code == 200
    assert first.content == again.content and first.json()["hits"][0]["id"] == "flashattention"
    assert len(fewer.json()["hits"]) == 1
    assert searched == [("flashatention", 10), ("flashatention", 1), ("flashatention", 50)]


def test_api_stats(client: httpx.Client, termbase: Termbase) -> None:
    body = client.get("/api/stats").json()
    assert body["counts"] == termbase.stats()
    assert body["per_topic"]["safety"] == 3
    assert len(body["per_source"]) == 3
    assert len(body["overlap"]) == 3 and set(body["overlap"][0]) == {"a", "b", "shared"}


@pytest.mark.parametrize(
    ("path", "params", "reason"),
    [
        ("/api/search", {"q": ""}, "q:"),
        ("/api/search", {"q": "   "}, "q: must not be blank"),
        ("/api/search", {}, "q:"),
        ("/api/suggest", {"q": "", "limit": 5}, "q:"),
        ("/api/search", {"q": "x", "limit": 0}, "limit:"),
        ("/api/concepts", {"per_page": 0}, "per_page:"),
        ("/api/concepts", {"per_page": 100000}, "per_page:"),
        ("/api/concepts", {"page": 0}, "page:"),
        ("/api/concepts", {"topic": "astrology"}, "unknown topic 'astrology'"),
        ("/api/concepts", {"letter": "ab"}, "letter:"),
    ],
)
def test_bad_parameters_are_422_with_a_reason(
    client: httpx.Client, path: str, params: dict[str, object], reason: str
) -> None:
    response = client.get(path, params=params)
    assert response.status_code == 422
    body = response.json()
    assert body["status"] == 422 and reason in body["error"], body


@pytest.mark.parametrize("query", ["\x00", "a\x00b", "kv\x00cache", "\x1b[31mred"])
def test_queries_with_control_characters_never_fail_the_server(client: httpx.Client, query: str) -> None:
    """`/search?q=a%00b` was a 500: a NUL broke simplemma's lemma trie and SQLite's FTS."""
    page = client.get("/search", params={"q": query})
    assert page.status_code == 200
    for path in ("/api/search", "/api/suggest"):
        response = client.get(path, params={"q": query})
        if query == "\x00":  # nothing left once the control is gone: an empty query
            assert response.status_code == 422 and "empty query" in response.json()["error"]
        else:
            assert response.status_code == 200, response.text


def test_a_hand_typed_concept_address_offers_the_concept_it_names(client: httpx.Client) -> None:
    """`/c/FlashAttention` or `/c/flash-atention` was a bare "Not found" (ids are slugs)."""
    for path in ("/c/FlashAttention", "/c/flash-atention", "/c/flash_attention"):
        response = client.get(path)
        assert response.status_code == 404
        assert 'Did you mean <a href="/c/flashattention">FlashAttention</a>' in response.text, path
    nothing = client.get("/c/qqqzzz-wibble")
    assert nothing.status_code == 404 and "Did you mean" not in nothing.text


def test_unknown_concept_is_a_json_404(client: httpx.Client) -> None:
    response = client.get("/api/concepts/no-such-concept")
    assert response.status_code == 404
    assert response.json() == {"error": "no concept with id 'no-such-concept'", "status": 404}


@pytest.mark.parametrize(
    "path", ["/api/stats", "/api/concepts/flashattention", "/api/search?q=gqa", "/", "/llms.txt"]
)
def test_etag_and_304(client: httpx.Client, path: str) -> None:
    first = client.get(path)
    etag = first.headers["etag"]
    assert "max-age" in first.headers["cache-control"]
    again = client.get(path, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    assert client.get(path, headers={"If-None-Match": '"other"'}).status_code == 200


# ------------------------------------------------------------------ text for LLMs


def test_llms_txt_follows_the_convention(client: httpx.Client) -> None:
    lines = client.get("/llms.txt").text.splitlines()
    assert lines[0] == "# Web test glossary"
    assert lines[2].startswith("> ")
    sections = [line for line in lines if line.startswith("## ")]
    assert sections[0] == "## Glossary data" and "## Topics" in sections
    links = [line for line in lines if line.startswith("- [")]
    assert any("(/glossary-data.txt)" in line for line in links)
    assert all(re.match(r"- \[[^\]]+\]\([^)]+\)", line) for line in links)


def test_glossary_data_has_one_block_per_concept_and_matches_the_export(
    client: httpx.Client, termbase: Termbase, db: Path
) -> None:
    text = client.get("/glossary-data.txt").text
    header, *blocks = text.split("\n\n## ")
    assert header.startswith("# Web test glossary")
    assert len(blocks) == termbase.stats()["concepts"]
    assert "\nid: scaled-dot-product-attention\nalso: SDPA (acronym)" in text
    assert "formula: \\operatorname{Attn}" in text
    result = CliRunner().invoke(cli_app, ["export", "--db", str(db), "--format", "llms"])
    assert result.exit_code == 0
    assert result.stdout.replace("web test glossary", "Web test glossary") == text


# ------------------------------------------------------------------ safety


def test_hostile_definitions_render_inert(client: httpx.Client) -> None:
    for concept_id in ("script-tag-term", "image-handler-term", "javascript-link-term"):
        html = client.get(f"/c/{concept_id}").text
        assert_inert(html)
        assert "&lt;script&gt;" in html or concept_id != "script-tag-term"
    html = client.get("/c/image-handler-term").text
    assert "<strong>still shown</strong>" in html
    html = client.get("/c/javascript-link-term").text
    assert 'href="https://example.org/glossary"' in html
    assert "alert(3)" not in html  # the script inside the formula's \text{} is dropped


def test_markdown_and_formulas_are_sanitised() -> None:
    assert_inert(str(markdown_html('<a href="javascript:x()" onclick="y()">a</a> [b](javascript:z)')))
    assert "<em>x</em>" in markdown_html("*x*")
    assert str(markdown_html("a < b & c")) == "<p>a &lt; b &amp; c</p>"
    mathml = str(formula_html(r"\text{<script>alert(1)</script>} \frac{a}{b}"))
    assert mathml.startswith('<math class="formula"') and "<mfrac>" in mathml
    assert "<script" not in mathml and "alert" not in mathml
    broken = str(formula_html(r"\text{<img src=x onerror=alert(1)>}"))
    assert broken.startswith('<code class="formula formula-tex">') and "<img" not in broken


def test_serve_binds_localhost_by_default() -> None:
    assert {p.name: p.default for p in serve.params}["host"] == "127.0.0.1"


# ------------------------------------------------------------------ static site


@pytest.fixture(scope="module")
def site(termbase: Termbase, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    summary = write_site(termbase, out, "Static test glossary")
    assert summary.pages == len(list(out.rglob("*.html")))
    return out


def test_static_site_has_every_page_and_file(site: Path, termbase: Termbase) -> None:
    for name in ("index.html", "stats.html", "search.html", "llms.txt", "glossary-data.txt"):
        assert (site / name).is_file(), name
    for name in ("search-index.js", "search-index.json", "static/style.css", "static/search.js"):
        assert (site / name).is_file(), name
    for concept_id in termbase.concept_ids():
        assert (site / "c" / f"{concept_id}.html").is_file()
    for letter in {initial for _, _, initial, _ in termbase.summaries()}:
        assert (site / "letter" / f"{letter}.html").is_file()
    assert (site / "search-index.js").read_text().startswith("window.TERMBASE_INDEX = {")


def test_static_search_summaries_are_cut_at_a_word_with_an_ellipsis(site: Path, termbase: Termbase) -> None:
    """The static index cut summaries at 120 characters mid-word ("… KV-cache size — q")."""
    import json

    rows = json.loads((site / "search-index.json").read_text(encoding="utf-8"))["concepts"]
    summaries = {row[0]: row[3] for row in rows}
    full = {s.id: s.summary for s in SiteData.load(termbase, "Static test glossary").summaries}
    cut = [cid for cid in summaries if summaries[cid] != full[cid]]
    assert cut, "no summary long enough to be cut in this termbase"
    for cid in cut:
        shown = summaries[cid]
        assert len(shown) <= 120 and shown.endswith("…"), shown
        kept = shown[:-1]
        assert full[cid].startswith(kept) and full[cid][len(kept)] in " ,;:—", (shown, full[cid])


def test_static_concept_pages_equal_the_whole_template_rendered(site: Path, termbase: Termbase) -> None:
    """The static site fills a shell rendered once; the page must be what concept.html renders."""
    data = SiteData.load(termbase, "Static test glossary")
    links = Links(root="../", static=True)
    for record in termbase.concept_records():
        view = concept_page(data, record, links)
        context = {"site": data, "links": links, "suggest_url": "", **view, "description": view["summary"]}
        expected = render_page("concept.html", context)
        assert (site / "c" / f"{record.id}.html").read_text(encoding="utf-8") == expected, record.id


def test_forked_workers_write_the_same_pages(db: Path, site: Path, tmp_path: Path) -> None:
    # a real process of its own: this test process runs a server thread, and forking
    # a threaded process is refused (write_site falls back to one process there)
    out = tmp_path / "parallel"
    command = [sys.executable, "-m", "termbase", "site", "--db", str(db), "--out", str(out)]
    done = subprocess.run(
        [*command, "--title", "Static test glossary", "--workers", "2"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert "by 2 processes" in done.stdout
    for page in (site / "c").iterdir():
        assert (out / "c" / page.name).read_bytes() == page.read_bytes(), page.name
    assert (out / "glossary-data.txt").read_bytes() == (site / "glossary-data.txt").read_bytes()


def test_static_site_links_are_relative_and_resolve(site: Path) -> None:
    # Addresses a source gives (a link in a definition, the paper an origin cites) are
    # navigation, not requests; every other link stays inside the site.
    external = re.compile(r"https://(?:example\.org/glossary|arxiv\.org/abs/[\w.]+|doi\.org/[^\s\"<]+)")
    for page_path in site.rglob("*.html"):
        html = page_path.read_text(encoding="utf-8")
        assert "http://" not in html and "https://" not in external.sub("", html)
        for link in Page(html).links():
            if external.fullmatch(link):
                continue
            parts = urlsplit(link)
            assert not parts.scheme and not parts.netloc and not link.startswith("/"), (page_path, link)
            if parts.path:
                target = (page_path.parent / unquote(parts.path)).resolve()
                assert target.is_file(), (page_path, link)


def test_static_site_llms_txt_links_files_of_the_site(site: Path) -> None:
    text = (site / "llms.txt").read_text()
    assert text.startswith("# Static test glossary\n")
    for target in re.findall(r"\]\(([^)]+)\)", text):
        assert (site / unquote(target)).is_file(), target


def test_static_site_hostile_definitions_are_inert(site: Path) -> None:
    for concept_id in ("script-tag-term", "image-handler-term", "javascript-link-term"):
        assert_inert((site / "c" / f"{concept_id}.html").read_text(encoding="utf-8"))


def test_site_command(db: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(cli_app, ["site", "--db", str(db), "--out", str(tmp_path / "public")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "public" / "index.html").is_file()


def test_a_rebuilt_site_loses_the_pages_of_gone_concepts_and_keeps_other_files(tmp_path: Path) -> None:
    """Building into the folder of an earlier site removes what that build wrote and this one
    does not (pages of concepts no longer in the termbase), and nothing else."""
    fixture = FIXTURES / "table_glossary" / "pottery.csv"
    lines = fixture.read_text(encoding="utf-8").splitlines()
    full, small = tmp_path / "full.db", tmp_path / "small.db"
    build_termbase([str(fixture)], full)
    (tmp_path / "small.csv").write_text("\n".join(lines[:2]) + "\n", encoding="utf-8")  # header, Kiln
    build_termbase([str(tmp_path / "small.csv")], small)
    out = tmp_path / "public"
    with Termbase.open(full) as termbase:
        first = write_site(termbase, out)
        gone = set(termbase.concept_ids())
    (out / "about.html").write_text("<p>our own page</p>\n", encoding="utf-8")
    (out / "c" / "hand-made.html").write_text("<p>also ours</p>\n", encoding="utf-8")
    with Termbase.open(small) as termbase:
        kept = set(termbase.concept_ids())
        second = write_site(termbase, out)
    gone -= kept
    assert gone and first.removed == 0 and second.removed >= len(gone)
    assert {p.stem for p in (out / "c").glob("*.html")} == kept | {"hand-made"}
    assert (out / "about.html").is_file()
    listed = read_manifest(out).paths()  # every file the build wrote, as the next build reads it
    assert len(listed) == second.files and "about.html" not in listed
    assert all((out / name).is_file() for name in listed)


@pytest.mark.parametrize("base", ["https://example.org/glossary/", "https://example.org/"])
def test_a_site_with_its_address_names_canonical_urls_and_lists_them(
    termbase: Termbase, tmp_path: Path, base: str
) -> None:
    import xml.etree.ElementTree as ET

    out = tmp_path / "public"
    write_site(termbase, out, "Static test glossary", base_url=base)
    namespace = {"s": "http://www." + "sitemaps.org/schemas/sitemap/0.9"}
    listed = [e.text for e in ET.parse(out / "sitemap.xml").getroot().findall("s:url/s:loc", namespace)]
    pages = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.html"))
    assert len(listed) == len(set(listed)) == len(pages) - 1  # every page but search.html
    for page in pages:
        html = (out / page).read_text(encoding="utf-8")
        canonical = re.findall(r'<link rel="canonical" href="([^"]+)">', html)
        if page == "search.html":
            assert not canonical
            continue
        assert canonical and canonical[0] in listed and canonical[0].startswith(base), page
        assert unquote(canonical[0][len(base) :]) == page
    assert (out / "robots.txt").is_file() == (base == "https://example.org/")
    assert f"]({base}glossary-data.txt)" in (out / "llms.txt").read_text(encoding="utf-8")
    # the shell with a canonical slot gives what the whole template gives
    data = SiteData.load(termbase, "Static test glossary")
    links, public = Links(root="../", static=True), Links(root=base, static=True)
    for record in termbase.concept_records():
        view = concept_page(data, record, links)
        context = {"site": data, "links": links, "suggest_url": "", **view, "description": view["summary"]}
        expected = render_page("concept.html", {**context, "canonical": public.concept(record.id)})
        assert (out / "c" / f"{record.id}.html").read_text(encoding="utf-8") == expected, record.id


def test_a_base_url_that_is_no_web_address_is_refused(db: Path, tmp_path: Path) -> None:
    args = ["site", "--db", str(db), "--out", str(tmp_path / "s"), "--base-url", "x.org"]
    result = CliRunner().invoke(cli_app, args)
    assert result.exit_code == 1
    assert "--base-url 'x.org': not a web address" in " ".join(result.stderr.split())
    assert not (tmp_path / "s").exists()


def test_head_answers_like_get_without_a_body(client: httpx.Client, termbase: Termbase) -> None:
    concept = termbase.concept_ids()[0]
    for path in ("/", f"/c/{concept}", "/api/search?q=cache", "/llms.txt", "/static/style.css", "/docs"):
        get = client.get(path)
        head = client.head(path)
        assert head.status_code == get.status_code == 200, path
        assert head.content == b"", path
        assert head.headers["content-type"] == get.headers["content-type"], path
        assert head.headers.get("content-length") == get.headers.get("content-length"), path
    assert client.head("/c/no-such-concept").status_code == 404


def test_search_results_say_how_they_matched_in_words(client: httpx.Client) -> None:
    hits = client.get("/api/search", params={"q": "flash atention"}).json()["hits"]
    assert hits and all(h["match_description"] for h in hits)
    page = client.get("/search", params={"q": "flash atention"}).text
    assert "close spelling" in page or "in a definition" in page
    assert ">typo<" not in page and ">fulltext<" not in page


def test_mentions_are_linked_inside_the_definition_once(client: httpx.Client, termbase: Termbase) -> None:
    record = termbase.concept("grouped-query-attention")
    mentioned = {r.to_id for r in record.related if r.kind == "mentions"}
    page = client.get("/c/grouped-query-attention").text
    body = page.split('id="definitions"', 1)[1].split("</section>", 1)[0]
    inline = re.findall(r'<a class="mention" href="/c/([a-z0-9-]+)">', body)
    assert inline, "no mention linked inside the definition"
    assert set(inline) <= mentioned and len(inline) == len(set(inline))
    for concept_id in inline:
        assert client.get(f"/c/{concept_id}").status_code == 200


def test_an_origin_with_an_arxiv_id_or_doi_links_to_the_paper() -> None:
    from termbase.web.render import origin_html

    html = str(origin_html("Someone et al., 2021, arXiv:2101.00001 and doi:10.1000/xyz123"))
    assert '<a href="https://arxiv.org/abs/2101.00001"' in html
    assert '<a href="https://doi.org/10.1000/xyz123"' in html
    assert str(origin_html("<script>x</script> 2020")) == "&lt;script&gt;x&lt;/script&gt; 2020"
