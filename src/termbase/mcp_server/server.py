"""The MCP server: the glossary's tools, resources and prompt on the official `mcp` SDK (FastMCP).

`create_server(termbase)` returns a FastMCP server; `run_stdio(path)` serves one over stdio
(`termbase mcp`); `mount_http(app, server)` adds streamable HTTP at /mcp to the web app
(`termbase serve --mcp`). Every tool is read-only. A bad argument or an unknown id is a
tool error (`isError`) whose text says what to send instead; nothing a client sends stops
the server.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Annotated, Any

import anyio.to_thread
from mcp.server.fastmcp import FastMCP
from mcp.server.fastmcp.exceptions import ResourceError, ToolError
from mcp.server.fastmcp.prompts.base import Message, UserMessage
from mcp.server.transport_security import TransportSecuritySettings
from mcp.types import (
    CallToolResult,
    Completion,
    CompletionArgument,
    CompletionContext,
    PromptReference,
    ResourceTemplateReference,
    TextContent,
    ToolAnnotations,
)
from pydantic import BaseModel, Field

from termbase import __version__
from termbase.errors import InputError
from termbase.languages import concept_languages
from termbase.store import Termbase

from . import results
from .glossary import MAX_LIMIT, MAX_QUERY_CHARS, MAX_TERMS_IN_CHARS, Glossary

if TYPE_CHECKING:
    from fastapi import FastAPI

    from termbase.web.pages import Links

#: Tools only read: the same call gives the same answer, and nothing outside is touched.
READ_ONLY = ToolAnnotations(readOnlyHint=True, idempotentHint=True, openWorldHint=False)
#: terms_in reads longer texts in a worker thread, off the event loop (roughly 1 ms per 1,000 characters).
INLINE_TEXT_CHARS = 5_000
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")

INSTRUCTIONS = """\
A glossary ({concepts} concepts) with each source's own definition and where it comes from.
Use terms_in(text) on a passage to learn which glossary terms it uses, define(term) for the
full definitions with their sources, search(query) when you do not know the exact term, and
related(id) for neighbouring concepts, and conflicts(id) before relying on a definition
whose sources may disagree. Quote definitions with their source title and locator rather
than defining glossary terms from memory."""

#: The bounds are published in the schema and checked by `Glossary`, whose error names the argument.
Limit = Annotated[
    int,
    Field(
        description=f"Most hits to return (1–{MAX_LIMIT})",
        json_schema_extra={"minimum": 1, "maximum": MAX_LIMIT},
    ),
]
ConceptId = Annotated[str, Field(description="A concept id, as define(), search() or suggest() return")]


class QuietUserErrors(logging.Filter):
    """Drops the SDK's log record (with traceback) of a request that failed on a user mistake.

    The client gets the error's message either way; a bad prompt argument is not a fault
    of the server worth a traceback on its stderr.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        while error is not None:
            if isinstance(error, InputError):
                return False
            error = error.__cause__ or error.__context__
        return True


def _tool_error(error: InputError) -> ToolError:
    return ToolError(error.describe())


def structured(result: BaseModel) -> CallToolResult:
    """Return a tool result as structured content, with the same JSON as its text content.

    Tools are annotated `Annotated[CallToolResult, Model]`: the SDK publishes Model's output
    schema and checks the result with pydantic, and skips validating every answer again
    with jsonschema (which re-checks the schema itself each time: ~10 ms a call).
    """
    data = result.model_dump(mode="json")
    text = json.dumps(data, ensure_ascii=False)
    return CallToolResult(content=[TextContent(type="text", text=text)], structuredContent=data)


def create_server(
    termbase: Termbase,
    *,
    title: str = "",
    links: Links | None = None,
    host: str = "127.0.0.1",
) -> FastMCP:
    """Return the MCP server over an open termbase.

    `links`, when given, makes concept page URLs (the web app beside the server, or a
    published static site); `host` is the interface an HTTP transport listens on (DNS
    rebinding protection is on for loopback hosts).
    """
    glossary = Glossary(termbase, links.concept if links is not None else None)
    count = len(glossary.labels)
    security = None
    if host in LOOPBACK_HOSTS:
        security = TransportSecuritySettings(
            enable_dns_rebinding_protection=True,
            allowed_hosts=["127.0.0.1:*", "localhost:*", "[::1]:*"],
            allowed_origins=["http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*"],
        )
    server = FastMCP(
        name="termbase",
        instructions=INSTRUCTIONS.format(concepts=f"{count:,}"),
        log_level="WARNING",
        host=host,
        stateless_http=True,
        json_response=True,
        transport_security=security,
    )
    server._mcp_server.version = __version__
    sdk_logger = logging.getLogger("mcp.server.fastmcp.server")
    if not any(isinstance(f, QuietUserErrors) for f in sdk_logger.filters):
        sdk_logger.addFilter(QuietUserErrors())
    server.glossary = glossary  # type: ignore[attr-defined]

    def answer(call: Callable[[], BaseModel]) -> CallToolResult:
        try:
            return structured(call())
        except InputError as error:
            raise _tool_error(error) from None

    # -- tools

    @server.tool(annotations=READ_ONLY, title="Define a term")
    def define(
        term: Annotated[
            str, Field(description="Any label of the concept (term, acronym, expansion) or its id")
        ],
        lang: Annotated[
            str | None,
            Field(description="Language tag (es, pt-BR …): definitions in it where there are some"),
        ] = None,
    ) -> Annotated[CallToolResult, results.DefineResult]:
        """The concept(s) a term names, with every source's definition and its provenance
        (source title, line, locator, URL). A term that names nothing gives no concepts and
        labels spelled like it."""
        return answer(lambda: glossary.define(term, lang))

    @server.tool(annotations=READ_ONLY, title="Search the glossary")
    async def search(
        query: Annotated[
            str, Field(description=f"Words, a label, an acronym or a question (≤{MAX_QUERY_CHARS})")
        ],
        limit: Limit = 10,
    ) -> Annotated[CallToolResult, results.SearchResult]:
        """Ranked hits, best first, each with how it matched (exact, variant, acronym, prefix,
        typo, qualified, mention, fulltext, semantic), a one-line definition and where it comes from."""
        if glossary.may_wait(query):
            return await anyio.to_thread.run_sync(lambda: answer(lambda: glossary.search(query, limit)))
        return answer(lambda: glossary.search(query, limit))

    @server.tool(annotations=READ_ONLY, title="Complete a term")
    async def suggest(
        prefix: Annotated[str, Field(description="What has been typed so far")],
        limit: Limit = 8,
    ) -> Annotated[CallToolResult, results.SearchResult]:
        """Labels that complete a typed prefix (typos and acronyms too), best first."""
        if not glossary.index_ready:
            return await anyio.to_thread.run_sync(lambda: answer(lambda: glossary.suggest(prefix, limit)))
        return answer(lambda: glossary.suggest(prefix, limit))

    @server.tool(annotations=READ_ONLY, title="Related concepts")
    def related(concept_id: ConceptId) -> Annotated[CallToolResult, results.RelatedResult]:
        """The concepts around one: see-also, the concepts its definitions mention, the
        concepts that mention it, and homonyms, each with the source line of the link."""
        return answer(lambda: glossary.related(concept_id))

    @server.tool(annotations=READ_ONLY, title="Where sources disagree")
    def conflicts(concept_id: ConceptId) -> Annotated[CallToolResult, results.ConflictsResult]:
        """Where the sources of a concept contradict each other (e.g. one says linear, another
        quadratic), each side with its source title, line and words, as `termbase check` found
        when the termbase was built; and the check's other findings about the concept."""
        return answer(lambda: glossary.conflicts(concept_id))

    @server.tool(annotations=READ_ONLY, title="Glossary terms in a passage")
    async def terms_in(
        text: Annotated[
            str, Field(description=f"The passage to read (at most {MAX_TERMS_IN_CHARS:,} characters)")
        ],
    ) -> Annotated[CallToolResult, results.TermsInResult]:
        """The glossary terms a passage uses, in order of first use, each with a one-line
        definition, its source, and where in the text it occurs; labels that could name
        several concepts are listed apart."""
        if len(text) > INLINE_TEXT_CHARS or not glossary.matcher_ready:
            return await anyio.to_thread.run_sync(lambda: answer(lambda: glossary.terms_in(text)))
        return answer(lambda: glossary.terms_in(text))

    @server.tool(annotations=READ_ONLY, title="Topics")
    def topics(
        topic: Annotated[str | None, Field(description="A topic name: also list its concepts")] = None,
    ) -> Annotated[CallToolResult, results.TopicsResult]:
        """Every topic with its number of concepts; with `topic`, that topic's concepts too."""
        return answer(lambda: glossary.topics(topic))

    @server.completion()
    async def complete(
        ref: PromptReference | ResourceTemplateReference,
        argument: CompletionArgument,
        _context: CompletionContext | None,
    ) -> Completion | None:
        """Complete a concept id being typed into `termbase://concept/{concept_id}`."""
        if isinstance(ref, ResourceTemplateReference) and argument.name == "concept_id":
            return Completion(values=glossary.complete_id(argument.value))
        return None

    # -- resources

    @server.resource(
        "termbase://concept/{concept_id}",
        name="concept",
        title="A concept as JSON",
        description="One concept as /api/concepts/{id} gives it: labels, entries with provenance, conflicts",
        mime_type="application/json",
    )
    def concept_resource(concept_id: str) -> str:
        from termbase.exports.jsonl import concept_dict  # the exports package imports rdflib: not at start

        try:
            record = glossary.record(concept_id)
        except InputError as error:
            raise ResourceError(error.describe()) from None
        value = concept_dict(record)
        for entry, stored in zip(value["entries"], record.entries, strict=True):  # type: ignore[call-overload]
            entry["language"] = stored.entry.language
        value["mentioned_in"] = [{"id": r.from_id, "kind": r.kind} for r in record.mentioned_in]
        value["conflicts"] = glossary.page_conflicts.get(record.id, [])
        value["languages"] = concept_languages(record)
        value["url"] = glossary.url(record.id)
        return json.dumps(value, ensure_ascii=False)

    texts: dict[str, str] = {}
    texts_lock = threading.Lock()

    def site_text(name: str) -> str:
        from termbase.web.llms import glossary_data_txt, llms_txt
        from termbase.web.pages import Links, SiteData

        with texts_lock:
            if name not in texts:
                data = SiteData.load(termbase, title)
                if name == "llms.txt":
                    texts[name] = llms_txt(data, links or Links(root="", static=True))
                else:
                    texts[name] = glossary_data_txt(termbase, data.title)
            return texts[name]

    @server.resource(
        "termbase://llms.txt",
        name="llms.txt",
        title="llms.txt",
        description="The glossary's llms.txt index: counts, topics, links to every list",
        mime_type="text/markdown",
    )
    def llms_resource() -> str:
        return site_text("llms.txt")

    @server.resource(
        "termbase://glossary-data.txt",
        name="glossary-data.txt",
        title="Every concept as plain text",
        description="Every concept: labels, topics, each source's definition with where it comes from",
        mime_type="text/plain",
    )
    def glossary_data_resource() -> str:
        return site_text("glossary-data.txt")

    # -- prompt

    @server.prompt(
        name="explain-with-glossary",
        title="Explain a passage with the glossary",
        description="Explain a passage using the glossary's own definitions, citing their sources",
    )
    def explain_with_glossary(
        passage: Annotated[str, Field(description="The text to explain")],
        audience: Annotated[
            str, Field(description="Who the explanation is for")
        ] = "a student new to the field",
    ) -> list[Message]:
        found = glossary.terms_in(passage, argument="passage")  # InputError: the client's error, not logged
        return [UserMessage(explain_prompt(passage, audience, found))]

    return server


def explain_prompt(passage: str, audience: str, found: results.TermsInResult) -> str:
    """Return the text of the explain-with-glossary prompt: the task, the passage, the definitions."""
    lines = [
        f"Explain the passage below to {audience}.",
        "Where it uses a glossary term, explain the term with the glossary's definition given here,",
        "and name its source (title and locator) the first time you use it. Do not redefine",
        "these terms from memory; if a definition is not enough, call define() or related().",
        "",
        "Passage:",
        '"""',
        passage.strip(),
        '"""',
        "",
    ]
    if not found.terms:
        lines.append("The glossary has none of the passage's terms; say so rather than inventing sources.")
        return "\n".join(lines)
    lines.append("Glossary terms in the passage:")
    for term in found.terms:
        where = ""
        if term.provenance is not None:
            where = term.provenance.source_title
            if term.provenance.locator:
                where += f", {term.provenance.locator}"
        lines.append(f"- {term.label} (id {term.id}): {term.definition}" + (f" [{where}]" if where else ""))
    if found.ambiguous:
        names = ", ".join(sorted({a.text for a in found.ambiguous}))
        lines.append(f"These words may name several glossary concepts; check with define(): {names}")
    return "\n".join(lines)


def start_warm_up(server: FastMCP) -> threading.Thread:
    """Build the search index and the term matcher in a background thread; return the thread."""
    glossary: Glossary = server.glossary  # type: ignore[attr-defined]
    thread = threading.Thread(target=glossary.warm_up, name="termbase-mcp-warm-up", daemon=True)
    thread.start()
    return thread


def run_stdio(termbase: Termbase, links: Links | None = None) -> None:
    """Serve the termbase over stdio until the client closes the connection."""
    server = create_server(termbase, links=links)
    start_warm_up(server)
    server.run("stdio")


def mount_http(app: FastAPI, server: FastMCP) -> None:
    """Add the server's streamable HTTP endpoint at /mcp to `app`, run with the app's lifespan."""
    mcp_app = server.streamable_http_app()
    app.router.routes.extend(mcp_app.routes)
    outer = app.router.lifespan_context

    @asynccontextmanager
    async def lifespan(web_app: Any) -> AsyncIterator[Any]:
        async with server.session_manager.run(), outer(web_app) as state:
            yield state

    app.router.lifespan_context = lifespan
