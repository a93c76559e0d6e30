"""Hardened pages (issue 20 part 7), against a real uvicorn server on 127.0.0.1: every
response carries the security policy, redirects never name the Host a request claims,
static pages carry the same policy in a <meta>, and labels with bidi overrides are isolated.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest

from app_server import serving
from termbase.build import build_termbase
from termbase.store import Termbase
from termbase.web.app import create_app
from termbase.web.security import csp_header, path_only
from termbase.web.site import write_site

RLO, PDF = "\u202e", "\u202c"
GLOSSARY = (
    "term,definition\n"
    f"kiln{RLO}gnp.exe{PDF},An oven that fires clay.\n"
    "glaze,A glassy coat fired onto a kiln load.\n"
)
ROUTES = [
    "/", "/letter/G", "/c/glaze", "/search?q=glaze", "/stats", "/llms.txt", "/glossary-data.txt",
    "/api/concepts", "/api/concepts/glaze", "/api/search?q=glaze", "/api/suggest?q=gl", "/api/stats",
    "/openapi.json", "/docs", "/static/style.css", "/static/search.js", "/c/no-such-concept", "/api/search",
]  # fmt: skip


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("security")
    (folder / "pottery.csv").write_text(GLOSSARY, encoding="utf-8")
    build_termbase([str(folder / "pottery.csv")], folder / "pottery.db")
    return folder / "pottery.db"


@pytest.fixture(scope="module")
def base(db: Path) -> Iterator[str]:
    with serving(create_app(db)) as url:
        yield url


def raw_get(base: str, target: str, host: str) -> str:
    """Send one GET with a chosen request target and Host header; return the response head."""
    _, _, address = base.partition("://")
    name, _, port = address.partition(":")
    with socket.create_connection((name, int(port)), timeout=5) as sock:
        sock.sendall(f"GET {target} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    return data.split(b"\r\n\r\n", 1)[0].decode("latin-1")


@pytest.mark.parametrize("route", ROUTES)
def test_every_response_carries_the_security_headers(base: str, route: str):
    for method in ("GET", "HEAD"):
        response = httpx.request(method, base + route, timeout=10)
        assert response.headers["content-security-policy"] == csp_header(), (method, route)
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["referrer-policy"] == "same-origin"
        assert response.headers["x-frame-options"] == "DENY"


def test_the_policy_forbids_inline_script_and_framing():
    policy = dict(part.strip().split(" ", 1) for part in csp_header().split(";"))
    assert policy["default-src"] == "'self'" and policy["script-src"] == "'self'"
    assert "unsafe-inline" not in csp_header() and "unsafe-eval" not in csp_header()
    assert policy["frame-ancestors"] == "'none'" and policy["object-src"] == "'none'"


@pytest.mark.parametrize("target", ["/stats/", "/letter/G/", "//evil.example/", "/\\evil.example/"])
def test_redirects_are_built_from_the_path_never_the_host_header(base: str, target: str):
    head = raw_get(base, target, "evil.example").split("\r\n")
    locations = [line.split(":", 1)[1].strip() for line in head if line.lower().startswith("location:")]
    if head[0].split(" ")[1].startswith("3"):
        assert locations
    for location in locations:
        assert location.startswith("/") and not location.startswith(("//", "/\\")), location
        assert urlsplit(location).netloc == "", location


def test_path_only_keeps_path_and_query():
    assert path_only("http://evil.example/stats?q=1") == "/stats?q=1"
    assert urlsplit(path_only("//evil.example/x")).netloc == ""
    assert path_only("/\\\\evil.example") == "/evil.example"


def test_bidi_override_in_a_label_is_isolated(base: str):
    html = httpx.get(base + "/letter/K", timeout=10).text
    assert f"<bdi>kiln{RLO}gnp.exe{PDF}</bdi>" in html
    concept = httpx.get(base + "/search?q=kiln", timeout=10).text
    assert f"<bdi>kiln{RLO}gnp.exe{PDF}</bdi>" in concept


def test_static_site_pages_carry_the_policy_in_a_meta(db: Path, tmp_path: Path):
    with Termbase.open(db) as termbase:
        write_site(termbase, tmp_path / "site", workers=1)
    pages = sorted((tmp_path / "site").rglob("*.html"))
    assert pages
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert '<meta http-equiv="Content-Security-Policy" content="default-src &#39;self&#39;' in text, page
        assert "<script>" not in text and " style=" not in text, page
