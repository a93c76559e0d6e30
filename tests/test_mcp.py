"""`termbase mcp`: the MCP server through real MCP client sessions of the official SDK.

Three ways in, on one small termbase built from our own fixtures (two sources that share
two concepts): the SDK's in-memory client against the server object; a real
`termbase mcp` subprocess over stdio; and a real `termbase serve --mcp` on 127.0.0.1,
reached over streamable HTTP at /mcp beside the web app.
"""

from __future__ import annotations

import json
import logging
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import McpError
from mcp.shared.memory import create_connected_server_and_client_session
from mcp.types import ResourceTemplateReference

from conftest import FIXTURES
from termbase.build import build_termbase
from termbase.mcp_server.glossary import MAX_TERMS_IN_CHARS
from termbase.mcp_server.server import create_server
from termbase.store import Termbase
from termbase.web.pages import Links

SOURCES = sorted((FIXTURES / "mcp").glob("*.yaml"))
TOOLS = {"define", "search", "suggest", "related", "terms_in", "topics", "conflicts"}
SRC = Path(__file__).resolve().parents[1] / "src"


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("mcp") / "bread.db"
    build_termbase([str(s) for s in SOURCES], path)
    return path


@asynccontextmanager
async def in_memory(db: Path) -> AsyncIterator[ClientSession]:
    """An initialised SDK client session connected in memory to a server over `db`."""
    with Termbase.open(db) as termbase:
        async with create_connected_server_and_client_session(create_server(termbase)) as client:
            yield client


def run(db: Path, test: Any) -> None:
    """Run `test(client)` with an in-memory client session."""

    async def main() -> None:
        async with in_memory(db) as client:
            await test(client)

    anyio.run(main)


async def call(client: ClientSession, tool: str, **arguments: Any) -> dict[str, Any]:
    """Call a tool that must succeed; return its structured result (checked equal to its text)."""
    result = await client.call_tool(tool, arguments)
    assert not result.isError, result.content
    assert result.structuredContent is not None
    assert json.loads(result.content[0].text) == result.structuredContent  # type: ignore[union-attr]
    return result.structuredContent


async def error_text(client: ClientSession, tool: str, **arguments: Any) -> str:
    """Call a tool that must fail; return the error text."""
    result = await client.call_tool(tool, arguments)
    assert result.isError, result.structuredContent
    return result.content[0].text  # type: ignore[union-attr]


# ------------------------------------------------------------------ in memory


def test_tools_are_listed_read_only_with_output_schemas(db: Path) -> None:
    async def test(client: ClientSession) -> None:
        listed = (await client.list_tools()).tools
        assert {t.name for t in listed} == TOOLS
        for tool in listed:
            assert tool.description and tool.outputSchema, tool.name
            assert tool.annotations is not None and tool.annotations.readOnlyHint, tool.name
            assert tool.annotations.openWorldHint is False
        search = next(t for t in listed if t.name == "search")
        assert search.inputSchema["properties"]["limit"]["maximum"] == 100
        assert search.inputSchema["required"] == ["query"]

    run(db, test)


def test_the_readme_names_each_tool_with_the_arguments_it_takes(db: Path) -> None:
    """The README's tool table is what a client author writes calls from (it said `related(id)`)."""
    readme = (SRC.parent / "README.md").read_text(encoding="utf-8")
    documented = {
        name: tuple(a.strip() for a in args.split(",") if a.strip())
        for name, args in re.findall(r"^\| `(\w+)\(([^)]*)\)` \|", readme, flags=re.MULTILINE)
    }

    async def test(client: ClientSession) -> None:
        listed = (await client.list_tools()).tools
        assert set(documented) == {t.name for t in listed}
        for tool in listed:
            required = tool.inputSchema.get("required", [])
            takes = tuple(p if p in required else f"{p}?" for p in tool.inputSchema["properties"])
            assert documented[tool.name] == takes, tool.name

    run(db, test)


def test_define_gives_every_source_with_provenance(db: Path) -> None:
    async def test(client: ClientSession) -> None:
        found = await call(client, "define", term="levain")
        assert [c["id"] for c in found["concepts"]] == ["sourdough-starter"]
        concept = found["concepts"][0]
        assert concept["label"] == "sourdough starter"
        assert {"levain", "starter culture"} <= set(concept["labels"])
        assert concept["topics"] == ["fermentation"]
        assert concept["url"] is None  # no pages published for a stdio server without --base-url
        handbook, notes, spanish = concept["definitions"]
        assert (spanish["language"], spanish["provenance"]["source_title"]) == ("es", "Manual de panadería")
        assert concept["languages"] == ["en", "es"]
        where = handbook["provenance"]
        assert where["source_title"] == "Bread baking handbook"
        assert (where["locator"], where["url"]) == ("Ch 2", "https://example.org/bread/starter")
        assert where["locator_kind"]  # as the reader classed it
        assert where["source"].endswith("bread.yaml")
        assert handbook["text"].startswith("A living paste of flour and water")
        assert notes["provenance"]["source_title"] == "Bakery apprentice notes"
        assert notes["provenance"]["source"].endswith("notes.yaml")
        assert notes["provenance"]["locator"] == "Week 1"
        lines = (SOURCES[0].read_text().splitlines(), SOURCES[1].read_text().splitlines())
        assert "sourdough-starter" in lines[0][handbook["provenance"]["line"] - 1]
        assert "sourdough starter" in lines[1][notes["provenance"]["line"] - 1]
        assert {"id": "bulk-fermentation", "label": "bulk fermentation"}.items() <= concept["mentioned_in"][
            0
        ].items()

        in_spanish = (await call(client, "define", term="levain", lang="es"))["concepts"][0]
        assert in_spanish["label"] == "masa madre"
        assert [d["language"] for d in in_spanish["definitions"]] == ["es"]
        assert in_spanish["languages"] == ["en", "es"]  # what else there is, to ask for
        no_french = (await call(client, "define", term="levain", lang="fr"))["concepts"][0]
        assert {d["language"] for d in no_french["definitions"]} == {"en"}  # English when there is no French

        by_acronym = await call(client, "define", term="BF")
        assert [c["id"] for c in by_acronym["concepts"]] == ["bulk-fermentation"]
        formula = await call(client, "define", term="dough hydration")
        assert formula["concepts"][0]["definitions"][0]["formulas"] == ["h = w / f"]

        missing = await call(client, "define", term="hydratoin")
        assert missing["concepts"] == []
        assert "hydration" in missing["suggestions"]

    run(db, test)


def test_search_and_suggest_say_how_each_hit_matched(db: Path) -> None:
    async def test(client: ClientSession) -> None:
        exact = await call(client, "search", query="autolyse")
        top = exact["hits"][0]
        assert (top["id"], top["match"], top["score"]) == ("autolyse", "exact", 1.0)
        assert top["summary"].startswith("A pause after stirring only flour and water")
        assert top["provenance"]["source_title"] == "Bread baking handbook"

        typo = await call(client, "search", query="bulk fermantation", limit=3)
        assert typo["hits"][0]["id"] == "bulk-fermentation" and typo["hits"][0]["match"] == "typo"
        assert len(typo["hits"]) <= 3

        words = await call(client, "search", query="paste of flour and water")  # its definition opens so
        assert words["hits"][0]["id"] == "sourdough-starter"
        assert words["hits"][0]["match"] == "fulltext"

        completions = await call(client, "suggest", prefix="sourd")
        assert completions["hits"][0]["id"] == "sourdough-starter"
        assert completions["hits"][0]["match"] == "prefix"

    run(db, test)


def test_related_lists_see_also_mentions_and_mentioned_in_with_their_lines(db: Path) -> None:
    async def test(client: ClientSession) -> None:
        bench = await call(client, "related", concept_id="bench-rest")
        assert [r["id"] for r in bench["see_also"]] == ["autolyse"]
        assert bench["see_also"][0]["source"].endswith("notes.yaml") and bench["see_also"][0]["line"] > 0
        assert [r["id"] for r in bench["mentions"]] == ["autolyse"]

        bulk = await call(client, "related", concept_id="bulk-fermentation")
        mention = next(r for r in bulk["mentions"] if r["id"] == "sourdough-starter")
        assert mention["label"] == "sourdough starter"
        assert "sourdough starter" in mention["evidence"].lower()

        starter = await call(client, "related", concept_id="sourdough-starter")
        assert {r["id"] for r in starter["mentioned_in"]} == {"bulk-fermentation"}
        assert [r["id"] for r in starter["see_also"]] == ["hydration"]

    run(db, test)


def test_terms_in_finds_the_glossary_terms_a_passage_uses(db: Path) -> None:
    passage = (
        "Feed the levain the night before. After a long autolyse, add salt; then let the "
        "bulk fermentation run until the dough has grown by half. Check the levain again."
    )

    async def test(client: ClientSession) -> None:
        found = await call(client, "terms_in", text=passage)
        assert found["characters"] == len(passage)
        ids = [t["id"] for t in found["terms"]]
        assert ids == ["sourdough-starter", "autolyse", "bulk-fermentation"]  # order of first use
        starter = found["terms"][0]
        assert starter["count"] == 2
        assert [passage[o["start"] : o["end"]] for o in starter["occurrences"]] == ["levain", "levain"]
        assert starter["definition"].startswith("A living paste of flour and water")
        assert starter["provenance"]["locator"] == "Ch 2"

        nothing = await call(client, "terms_in", text="The weather was fine all week.")
        assert nothing["terms"] == []

    run(db, test)


def test_results_link_to_the_published_site_given_by_base_url(db: Path) -> None:
    async def main() -> None:
        links = Links(root="https://example.org/bread/", static=True)
        with Termbase.open(db) as termbase:
            server = create_server(termbase, links=links)
            async with create_connected_server_and_client_session(server) as client:
                found = await call(client, "define", term="autolyse")
                assert found["concepts"][0]["url"] == "https://example.org/bread/c/autolyse.html"
                used = await call(client, "terms_in", text="An autolyse helps.")
                assert used["terms"][0]["url"] == "https://example.org/bread/c/autolyse.html"

    anyio.run(main)


def test_conflicts_shows_both_sides_of_a_contradiction_with_their_sources(db: Path) -> None:
    async def test(client: ClientSession) -> None:
        found = await call(client, "conflicts", concept_id="mixing-time")
        assert found["checked"] is True
        (conflict,) = found["conflicts"]
        assert (conflict["rule"], conflict["kind"]) == ("contradiction", "growth")
        assert "linear" in conflict["message"] and "quadratic" in conflict["message"]
        sides = {side["source_title"]: side for side in conflict["sides"]}
        assert set(sides) == {"Bread baking handbook", "Bakery apprentice notes"}
        handbook = sides["Bread baking handbook"]
        assert handbook["words"] == "grows linearly with the batch weight"
        lines = SOURCES[0].read_text().splitlines()[handbook["line"] - 1 : handbook["end_line"]]
        assert "mixing time" in "\n".join(lines)

        with Termbase.open(db) as termbase:  # what the build's check stored, whatever its rules found
            stored = {
                cid: [(f.rule, f.message) for f in termbase.findings(concept_id=cid)]
                for cid in termbase.concept_ids()
            }
        for concept_id, findings in stored.items():
            answer = await call(client, "conflicts", concept_id=concept_id)
            listed = [(f["rule"], f["message"]) for f in answer["conflicts"] + answer["other_findings"]]
            assert listed == sorted(findings, key=lambda finding: finding[0] != "contradiction"), concept_id

        calm = await call(client, "conflicts", concept_id="hydration")
        assert calm["conflicts"] == [] and calm["checked"] is True
        assert "no concept with id 'mixing'" in await error_text(client, "conflicts", concept_id="mixing")

    run(db, test)


def test_conflicts_on_a_termbase_built_before_findings_were_stored_says_so(db: Path, tmp_path: Path) -> None:
    older = tmp_path / "older.db"
    shutil.copy(db, older)
    with sqlite3.connect(older) as connection:
        connection.execute("DROP TABLE findings")

    async def test(client: ClientSession) -> None:
        found = await call(client, "conflicts", concept_id="mixing-time")
        assert (found["checked"], found["conflicts"], found["other_findings"]) == (False, [], [])

    run(older, test)


def test_topics_with_counts_and_members(db: Path) -> None:
    async def test(client: ClientSession) -> None:
        listed = await call(client, "topics")
        assert listed["topics"] == [{"name": "dough", "concepts": 2}, {"name": "fermentation", "concepts": 2}]
        assert listed["concepts"] == []
        dough = await call(client, "topics", topic="dough")
        assert [c["id"] for c in dough["concepts"]] == ["autolyse", "hydration"]
        assert dough["concepts"][1]["summary"].startswith("How wet a dough is")

    run(db, test)


def test_bad_arguments_and_unknown_ids_are_tool_errors_and_the_server_keeps_answering(db: Path) -> None:
    async def test(client: ClientSession) -> None:
        unknown = await error_text(client, "related", concept_id="sourdough-startr")
        assert "no concept with id 'sourdough-startr'" in unknown and "sourdough-starter" in unknown
        assert "not a concept id" in await error_text(client, "related", concept_id="../etc/passwd")
        assert "query: must not be blank" in await error_text(client, "search", query="   ")
        assert "limit: 0 is out of range" in await error_text(client, "search", query="dough", limit=0)
        assert "limit: 101 is out of range" in await error_text(client, "suggest", prefix="do", limit=101)
        assert "lang: 'x y' is not a language tag" in await error_text(
            client, "define", term="BF", lang="x y"
        )
        assert "no topic 'baking'" in await error_text(client, "topics", topic="baking")
        assert "known topics: dough, fermentation" in await error_text(client, "topics", topic="baking")
        too_long = await error_text(client, "search", query="dough " * 400)
        assert "query: 2,399 characters is too long" in too_long
        huge = "levain " * (MAX_TERMS_IN_CHARS // 7 + 1)
        refused = await error_text(client, "terms_in", text=huge)
        assert f"{len(huge):,} characters is more than terms_in reads at once" in refused
        assert f"at most {MAX_TERMS_IN_CHARS:,} characters" in refused
        wrong_type = await error_text(client, "search", query="dough", limit="many")
        assert "limit" in wrong_type
        missing = await client.call_tool("define", {})
        assert missing.isError and "term" in missing.content[0].text  # type: ignore[union-attr]
        # after all that, the server still answers
        assert (await call(client, "define", term="autolyse"))["concepts"][0]["id"] == "autolyse"

    run(db, test)


def test_resources_concept_json_llms_txt_and_glossary_data(db: Path) -> None:
    async def test(client: ClientSession) -> None:
        listed = {str(r.uri) for r in (await client.list_resources()).resources}
        assert listed == {"termbase://llms.txt", "termbase://glossary-data.txt"}
        templates = [t.uriTemplate for t in (await client.list_resource_templates()).resourceTemplates]
        assert templates == ["termbase://concept/{concept_id}"]

        content = (await client.read_resource("termbase://concept/hydration")).contents[0]
        assert content.mimeType == "application/json"
        concept = json.loads(content.text)  # type: ignore[union-attr]
        assert concept["id"] == "hydration"
        assert [e["source_title"] for e in concept["entries"]] == [
            "Bread baking handbook",
            "Bakery apprentice notes",
        ]
        assert concept["languages"] == ["en"]
        assert concept["conflicts"] == []
        disputed = (await client.read_resource("termbase://concept/mixing-time")).contents[0]
        (conflict,) = json.loads(disputed.text)["conflicts"]  # type: ignore[union-attr]
        (same,) = (await call(client, "conflicts", concept_id="mixing-time"))["conflicts"]
        assert [side["line"] for side in conflict["sides"]] == [side["line"] for side in same["sides"]]

        llms = (await client.read_resource("termbase://llms.txt")).contents[0].text  # type: ignore[union-attr]
        assert llms.startswith("# ") and "6 concepts" in llms
        data = (await client.read_resource("termbase://glossary-data.txt")).contents[0].text  # type: ignore[union-attr]
        assert "## sourdough starter" in data and "Bakery apprentice notes" in data

        template = ResourceTemplateReference(type="ref/resource", uri="termbase://concept/{concept_id}")
        typed = await client.complete(template, {"name": "concept_id", "value": "b"})
        assert typed.completion.values == ["bench-rest", "bulk-fermentation"]
        by_label = await client.complete(template, {"name": "concept_id", "value": "levai"})
        assert by_label.completion.values == ["sourdough-starter"]

        with pytest.raises(McpError, match="no concept with id 'rye'"):
            await client.read_resource("termbase://concept/rye")
        assert (await call(client, "topics"))["topics"]  # still answering

    run(db, test)


def test_explain_with_glossary_prompt_carries_the_definitions_and_their_sources(
    db: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async def test(client: ClientSession) -> None:
        prompts = (await client.list_prompts()).prompts
        assert [p.name for p in prompts] == ["explain-with-glossary"]
        assert {a.name for a in prompts[0].arguments or []} == {"passage", "audience"}
        passage = "Rest the dough for an autolyse before the levain goes in."
        got = await client.get_prompt("explain-with-glossary", {"passage": passage})
        text = got.messages[0].content.text  # type: ignore[union-attr]
        assert passage in text
        assert "- autolyse (id autolyse): A pause after stirring" in text
        assert "[Bread baking handbook, Ch 2]" in text  # the levain's source and locator

        with pytest.raises(McpError, match="passage: must not be blank"):
            await client.get_prompt("explain-with-glossary", {"passage": "  "})
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]  # a user mistake: no traceback

    run(db, test)


# ------------------------------------------------------------------ stdio subprocess


def subprocess_env() -> dict[str, str]:
    """The environment for a `termbase` subprocess: this tree's sources first on the path."""
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")])}


def test_termbase_mcp_over_stdio_in_a_real_subprocess(db: Path) -> None:
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "termbase", "mcp", "--db", str(db)], env=subprocess_env()
    )

    async def main() -> None:
        async with stdio_client(params) as (read, write), ClientSession(read, write) as client:
            started = await client.initialize()
            assert started.serverInfo.name == "termbase"
            assert started.instructions and "define(term)" in started.instructions
            assert {t.name for t in (await client.list_tools()).tools} == TOOLS
            answers = {
                "define": await call(client, "define", term="first rise"),
                "search": await call(client, "search", query="gluten"),
                "suggest": await call(client, "suggest", prefix="hyd"),
                "related": await call(client, "related", concept_id="autolyse"),
                "terms_in": await call(client, "terms_in", text="Keep the hydration near seventy."),
                "topics": await call(client, "topics", topic="fermentation"),
                "conflicts": await call(client, "conflicts", concept_id="mixing-time"),
            }
            assert answers["define"]["concepts"][0]["id"] == "bulk-fermentation"
            assert answers["search"]["hits"][0]["id"] == "autolyse"
            assert answers["suggest"]["hits"][0]["id"] == "hydration"
            backlinks = {(r["id"], r["kind"]) for r in answers["related"]["mentioned_in"]}
            assert backlinks == {("bench-rest", "see_also"), ("bench-rest", "mentions")}
            assert [t["id"] for t in answers["terms_in"]["terms"]] == ["hydration"]
            assert len(answers["topics"]["concepts"]) == 2
            assert answers["conflicts"]["conflicts"][0]["rule"] == "contradiction"
            assert "not a concept id" in await error_text(client, "related", concept_id="Not An Id")
            resource = (await client.read_resource("termbase://concept/autolyse")).contents[0]
            assert json.loads(resource.text)["label"] == "autolyse"  # type: ignore[union-attr]

    anyio.run(main)


def test_termbase_mcp_on_a_missing_file_is_one_line_and_exit_1(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "termbase", "mcp", "--db", str(tmp_path / "none.db")],
        capture_output=True,
        text=True,
        env=subprocess_env(),
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 1
    assert done.stdout == ""  # stdout is the protocol's: nothing else may go there
    assert "no termbase file here" in done.stderr and "Traceback" not in done.stderr
    bad = subprocess.run(
        [sys.executable, "-m", "termbase", "mcp", "--base-url", "example.org"],
        capture_output=True,
        text=True,
        env=subprocess_env(),
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert bad.returncode == 1 and "not a web address" in bad.stderr


# ------------------------------------------------------------------ streamable HTTP beside the web app


@pytest.fixture(scope="module")
def served(db: Path) -> Iterator[str]:
    """The base URL of a real `termbase serve --mcp --port 0` on 127.0.0.1."""
    process = subprocess.Popen(
        [sys.executable, "-m", "termbase", "serve", "--db", str(db), "--port", "0", "--mcp"],
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
        env=subprocess_env(),
    )
    try:
        assert process.stderr is not None
        line = process.stderr.readline()
        found = re.search(r"at (http://127\.0\.0\.1:\d+)/ .*MCP: \1/mcp", line)
        assert found, line
        base = found.group(1)
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(base + "/api/stats", timeout=2).raise_for_status()
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "termbase serve did not answer"
                time.sleep(0.05)
        yield base
    finally:
        process.terminate()
        process.wait(10)


def test_serve_mcp_answers_over_streamable_http_beside_the_web_app(served: str) -> None:
    async def main() -> None:
        async with (
            streamable_http_client(served + "/mcp") as (read, write, _),
            ClientSession(read, write) as client,
        ):
            await client.initialize()
            assert {t.name for t in (await client.list_tools()).tools} == TOOLS
            found = await call(client, "define", term="levain")
            concept = found["concepts"][0]
            assert concept["url"] == f"{served}/c/sourdough-starter"
            hits = await call(client, "search", query="autolyse")
            assert hits["hits"][0]["url"] == f"{served}/c/autolyse"
            assert "no concept with id" in await error_text(client, "related", concept_id="rye-bread")
            data = (await client.read_resource("termbase://llms.txt")).contents[0].text  # type: ignore[union-attr]
            assert f"{served}/" in data  # llms.txt links point at the web app
            return concept["url"]

    page_url = anyio.run(main)
    page = httpx.get(page_url, timeout=10)
    assert page.status_code == 200 and "sourdough starter" in page.text
    assert httpx.get(served + "/", timeout=10).status_code == 200  # the web app is still there


def test_serve_mcp_refuses_a_foreign_host_header(served: str) -> None:
    """DNS rebinding protection: a page on another site cannot drive the local server."""
    request = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    accept = {"Accept": "application/json, text/event-stream"}
    foreign_host = httpx.post(served + "/mcp", json=request, headers={**accept, "Host": "attacker.example"})
    assert foreign_host.status_code in (400, 403, 421)
    foreign_origin = httpx.post(
        served + "/mcp", json=request, headers={**accept, "Origin": "https://attacker.example"}
    )
    assert foreign_origin.status_code in (400, 403)
    own = httpx.post(served + "/mcp", json=request, headers=accept)
    assert own.status_code == 200 and "define" in own.text
