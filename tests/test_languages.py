"""A reader's chosen language in the API, the served pages and the static site, with English as fallback.

The termbase is built from our multilingual front-matter fixture (a message queue in English
and Spanish, terms only in English) and, where present, glosario's multilingual YAML.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from conftest import CORPORA, FIXTURES
from termbase.build import build_termbase
from termbase.cli import app as cli_app
from termbase.languages import in_language, is_language_tag, language_rank
from termbase.store import Termbase
from termbase.web.app import create_app

FRONT_MATTER = FIXTURES / "markdown_frontmatter"
GLOSARIO = CORPORA / "glosario" / "glossary.yml"


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("languages") / "languages.db"
    build_termbase([str(FRONT_MATTER)], path)
    return path


@pytest.fixture(scope="module")
def client(db: Path) -> Iterator[httpx.Client]:
    with TestClient(create_app(db, "Languages")) as http:
        yield http


def queue_id(db: Path) -> str:
    with Termbase.open(db) as termbase:
        (concept,) = [c for c in termbase.concept_records() if "Message queue" in c.labels]
        return concept.id


def test_language_tags_rank_exact_then_same_language() -> None:
    assert language_rank("es", "es") == 1 and language_rank("es-MX", "es") == 2
    assert language_rank("pt", "pt-BR") == 2 and language_rank("pt_BR", "pt-br") == 1
    assert language_rank("en", "es") == 0
    assert is_language_tag("zh-Hant-TW") and not is_language_tag("<script>") and not is_language_tag("e")


def test_in_language_keeps_the_chosen_entries_else_english(db: Path) -> None:
    with Termbase.open(db) as termbase:
        records = {r.id: r for r in termbase.concept_records()}
    queue = records[queue_id(db)]
    assert {s.entry.language for s in queue.entries} == {"en", "es"}
    spanish = in_language(queue, "es-ES")
    assert spanish.label == "Cola de mensajes" and {s.entry.language for s in spanish.entries} == {"es"}
    french = in_language(queue, "fr")
    assert french.label == queue.label and {s.entry.language for s in french.entries} == {"en"}


def test_api_concept_in_a_language_with_fallback(client: httpx.Client, db: Path) -> None:
    cid = queue_id(db)
    english = client.get(f"/api/concepts/{cid}").json()
    assert english["languages"] == ["en", "es"] and len(english["entries"]) == 2
    spanish = client.get(f"/api/concepts/{cid}", params={"lang": "es"}).json()
    assert spanish["label"] == "Cola de mensajes"
    assert [e["language"] for e in spanish["entries"]] == ["es"]
    assert "búfer" in spanish["entries"][0]["definition"]
    assert spanish["url"] == f"/c/{cid}?lang=es"
    fallback = client.get("/api/concepts/checkpoint", params={"lang": "es"}).json()
    assert fallback["label"] == "Checkpoint" and {e["language"] for e in fallback["entries"]} == {"en"}


def test_api_list_and_search_in_a_language(client: httpx.Client) -> None:
    listed = client.get("/api/concepts", params={"lang": "es"}).json()
    assert listed["language"] == "es"
    labels = {c["label"] for c in listed["concepts"]}
    assert "Cola de mensajes" in labels and "Message queue" not in labels and "Checkpoint" in labels
    initials = {c["label"]: c["initial"] for c in listed["concepts"]}
    assert initials["Cola de mensajes"] == "C"
    assert client.get("/api/concepts", params={"lang": "es", "letter": "C"}).json()["total"] >= 2
    unknown = client.get("/api/concepts", params={"lang": "fr"}).json()
    assert unknown["language"] == "" and "Message queue" in {c["label"] for c in unknown["concepts"]}
    hits = client.get("/api/search", params={"q": "message queue", "lang": "es"}).json()["hits"]
    assert hits[0]["label"] == "Cola de mensajes"


@pytest.mark.parametrize("bad", ["<script>", "e", "en--", "x" * 40])
def test_bad_language_is_a_422_with_the_reason(client: httpx.Client, bad: str) -> None:
    answer = client.get("/api/concepts", params={"lang": bad})
    assert answer.status_code == 422
    assert answer.json()["error"].startswith("lang:")


def test_concept_page_in_a_language_has_a_switcher_and_lang_attributes(
    client: httpx.Client, db: Path
) -> None:
    cid = queue_id(db)
    page = client.get(f"/c/{cid}", params={"lang": "es"}).text
    assert '<html lang="es">' in page
    assert "Cola de mensajes" in page and "búfer" in page and "A buffer that holds" not in page
    assert re.search(r'<section class="definition" id="def-1" lang="es">', page)
    assert 'href="?lang=en"' in page  # the other language of this concept
    assert '<option value="es" selected>' in page
    # links on the page keep the reader's language
    assert re.search(r'href="/letter/[A-Z]\?lang=es"', page)
    english = client.get(f"/c/{cid}").text
    assert '<html lang="en">' in english and "A buffer that holds" in english and "búfer" in english


def test_home_and_letter_pages_in_a_language(client: httpx.Client) -> None:
    home = client.get("/", params={"lang": "es"})
    assert home.status_code == 200 and '<html lang="es">' in home.text
    letter = client.get("/letter/C", params={"lang": "es"}).text
    assert "Cola de mensajes" in letter and "Checkpoint" in letter
    assert client.get("/letter/M", params={"lang": "es"}).status_code == 404  # nothing under M in Spanish


def test_static_site_in_a_language(db: Path, tmp_path: Path) -> None:
    out = tmp_path / "site-es"
    result = CliRunner().invoke(cli_app, ["site", "--db", str(db), "--out", str(out), "--lang", "es"])
    assert result.exit_code == 0, result.output
    page = (out / "c" / f"{queue_id(db)}.html").read_text(encoding="utf-8")
    assert '<html lang="es">' in page and "búfer" in page and "A buffer that holds" not in page
    assert "?lang=" not in page  # a static site is in one language throughout
    index = (out / "search-index.json").read_text(encoding="utf-8")
    assert "Cola de mensajes" in index
    bad = CliRunner().invoke(cli_app, ["site", "--db", str(db), "--out", str(out), "--lang", "no such"])
    assert bad.exit_code != 0 and "not a language tag" in bad.output and "Traceback" not in bad.output
    # every --lang is checked the same (`list --lang 'es ES'` printed English without a word)
    for command in (["list"], ["define", "queue"]):
        bad = CliRunner().invoke(cli_app, [*command, "--db", str(db), "--lang", "es ES"])
        assert bad.exit_code == 2 and "'es ES' is not a language tag" in bad.output, bad.output


@pytest.mark.skipif(not GLOSARIO.exists(), reason=f"{GLOSARIO} is absent (no shared corpora beside the repo)")
def test_glosario_in_spanish_and_portuguese(tmp_path: Path) -> None:
    db = tmp_path / "glosario.db"
    build_termbase([str(GLOSARIO)], db)
    with TestClient(create_app(db)) as http:
        listed = http.get("/api/concepts", params={"lang": "es", "per_page": 500}).json()
        assert listed["language"] == "es"
        english = http.get("/api/concepts", params={"per_page": 500}).json()
        changed = sum(
            a["label"] != b["label"]
            for a, b in zip(
                sorted(listed["concepts"], key=lambda c: c["id"]),
                sorted(english["concepts"], key=lambda c: c["id"]),
                strict=True,
            )
        )
        assert changed >= 100  # glosario has 162 Spanish entries; most differ from English
        cid = http.get("/api/search", params={"q": "absolute error"}).json()["hits"][0]["id"]
        concept = http.get(f"/api/concepts/{cid}", params={"lang": "es"}).json()
        assert {"en", "es", "pt", "de"} <= set(concept["languages"])
        assert [e["language"] for e in concept["entries"]] == ["es"]
        page = http.get(f"/c/{cid}", params={"lang": "pt-BR"}).text  # served by plain pt
        assert '<html lang="pt">' in page and 'lang="pt">' in page
