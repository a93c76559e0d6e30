"""The web app and JSON API: `create_app(db_path)` returns a FastAPI application.

One termbase is opened read-only and its search index built at startup; the answers
to recent searches are kept (the file cannot change under an app: a rebuilt file gets a
new app, see termbase.web.reload). HTML pages and
JSON share the view models of `termbase.web.pages`. Every read-only response carries an
ETag (a hash of its body) and Cache-Control; a matching If-None-Match gets 304. Errors
under /api are JSON: `{"error": reason, "status": code}` (422s add `detail`). The app
makes no external request: Swagger UI 5 at /docs (it reads the OpenAPI 3.1 document
FastAPI writes) is served from the fastapi-offline package's bundled assets, started by
/static/api-docs.js (no inline script), and pages load only /static files.
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import lru_cache
from html import escape as escape_html
from pathlib import Path
from typing import Annotated

from fastapi import FastAPI, Query, Request
from fastapi import Path as PathParam
from fastapi.concurrency import run_in_threadpool
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from termbase import __version__, semantic
from termbase.citations import origin_urls
from termbase.control_chars import strip_controls
from termbase.errors import TermbaseError
from termbase.exports.jsonl import concept_dict
from termbase.free_memory import release_free_memory
from termbase.languages import FALLBACK, LANGUAGE_TAG, concept_languages, in_language
from termbase.search import Answer, Hit, SearchIndex
from termbase.store import Termbase
from termbase.web.head import HeadAsGet
from termbase.web.llms import glossary_data_txt, llms_txt
from termbase.web.pages import (
    Links,
    SiteData,
    concept_page,
    home_page,
    letter_page,
    search_page,
    stats_data,
    stats_page,
    topic_page,
)
from termbase.web.render import STATIC_DIR, render_page
from termbase.web.security import SecurityHeaders

#: Cache-Control for read-only data: the termbase cannot change while the app runs.
CACHE_CONTROL = "public, max-age=300"
MAX_PER_PAGE = 500
MAX_LIMIT = 100
#: Search answers kept, most recently asked first (a few kilobytes each).
RECENT_ANSWERS = 2048

#: The `lang` query parameter every page and most API routes take.
LangQuery = Annotated[
    str | None,
    Query(
        max_length=35,
        pattern=LANGUAGE_TAG.pattern,
        description="Show labels and definitions in this language (es, pt-BR …) where the termbase "
        "has them, else in English",
    ),
]


def _swagger_dir() -> Path | None:
    """Return the folder of Swagger UI's bundled script and stylesheet, if installed."""
    try:
        import fastapi_offline
    except ImportError:
        return None
    folder = Path(fastapi_offline.__file__).parent / "static"
    return folder if (folder / "swagger-ui-bundle.js").is_file() else None


def api_docs_page(title: str) -> str:
    """Return the /docs page: Swagger UI's own files and our start-up script, nothing inline."""
    return (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{escape_html(title)} — API</title>\n"
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<link rel="stylesheet" href="/_swagger/swagger-ui.css">\n'
        '<link rel="icon" href="/_swagger/favicon.png">\n</head>\n<body>\n'
        '<div id="swagger-ui" data-openapi-url="/openapi.json"></div>\n'
        '<script src="/_swagger/swagger-ui-bundle.js"></script>\n'
        '<script src="/static/api-docs.js"></script>\n</body>\n</html>\n'
    )


def etag_of(body: bytes) -> str:
    """Return the strong ETag of a response body."""
    return '"' + hashlib.blake2b(body, digest_size=12).hexdigest() + '"'


def cached_response(request: Request, body: bytes, media_type: str) -> Response:
    """Return `body` with ETag and Cache-Control, or 304 if the client has this version."""
    etag = etag_of(body)
    headers = {"ETag": etag, "Cache-Control": CACHE_CONTROL}
    match = request.headers.get("if-none-match", "")
    if match and (match.strip() == "*" or etag in {t.strip().removeprefix("W/") for t in match.split(",")}):
        return Response(status_code=304, headers=headers)
    return Response(body, media_type=media_type, headers=headers)


def json_body(value: object) -> bytes:
    """Return `value` as compact UTF-8 JSON."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


class ApiError(HTTPException):
    """An error answered as JSON under /api and as an HTML page elsewhere."""


def one_blas_thread() -> None:
    """Keep BLAS (numpy's matrix products in semantic search) to one thread in the server.

    Requests run on many threads at once; a BLAS library that also starts threads for
    every small product makes them fight over two cores (api_load: 40 → 140+ requests/s).
    """
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:
        return  # no semantic extra: no numpy products in search
    threadpool_limits(limits=1, user_api="blas")


def warm_semantic(index: SearchIndex) -> None:
    """Load the embeddings and the query model now, not on the first question.

    Unlike `SearchIndex.warm`, the typo dictionary stays in the termbase file: in memory it
    holds 16 MB (the built-in glossary) to save about 0.6 ms of CPU on a search seen for
    the first time (bench/queries.yaml: 2.4 vs 3.0 ms, same answers), and a server answers
    repeated searches from its recent answers anyway.
    """
    if index.has_vectors:
        _ = index.vectors
        semantic.get_query_embedder().encode_query("warm up")


def warm_words() -> None:
    """Load the word lists searches consult (simplemma's English lemmas, the everyday
    words) now, not on a first search: what reading them frees is then handed back with the
    rest of what loading freed (see `create_app`), instead of staying in the server's heap."""
    from termbase.everyday_words import is_everyday_word
    from termbase.labels import simplemma_lemma

    simplemma_lemma("caches")
    is_everyday_word("words")


def create_app(db_path: str | Path, title: str = "") -> FastAPI:
    """Return the web app serving the termbase at `db_path` (opened read-only)."""
    termbase = Termbase.open(db_path)
    index = termbase.search_index()
    one_blas_thread()
    warm_semantic(index)
    warm_words()
    release_free_memory()  # before the site data and the app are made (see the end)
    data = SiteData.load(termbase, title)
    links = Links()
    base_context = {"site": data, "links": links, "suggest_url": "/api/suggest"}

    @lru_cache(maxsize=64)
    def data_in(language: str) -> SiteData:
        return SiteData.load(termbase, data.title, language) if language else data

    def language_of(lang: str | None) -> str:
        """Return the termbase language that serves `lang`, or "" for the default view."""
        return data.best_language(lang) if lang else ""

    def context_in(language: str) -> dict[str, object]:
        if not language:
            return base_context
        return {**base_context, "site": data_in(language), "links": links.in_language(language)}

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        yield
        termbase.close()

    app = FastAPI(
        title=f"{data.title} — termbase API",
        version=__version__,
        description="Read-only JSON API over a termbase: concepts, search, suggestions, statistics.",
        docs_url=None,
        redoc_url=None,
        openapi_url="/openapi.json",
        lifespan=lifespan,
    )
    app.add_middleware(HeadAsGet)
    app.add_middleware(SecurityHeaders)

    app.state.termbase = termbase
    app.state.search_index = index
    app.state.site = data
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    swagger = _swagger_dir()
    if swagger is not None:
        app.mount("/_swagger", StaticFiles(directory=swagger), name="swagger")

    def page(
        request: Request, template: str, context: dict[str, object], language: str = "", status: int = 200
    ) -> Response:
        html = render_page(template, {**context_in(language), **context})
        if status != 200:
            return HTMLResponse(html, status_code=status)
        return cached_response(request, html.encode(), "text/html; charset=utf-8")

    def api(request: Request, value: object) -> Response:
        return cached_response(request, json_body(value), "application/json")

    # -- errors

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> Response:
        message = str(error.detail)
        if request.url.path.startswith("/api/") or request.url.path == "/openapi.json":
            return JSONResponse(
                {"error": message, "status": error.status_code}, status_code=error.status_code
            )
        heading = "Not found" if error.status_code == 404 else f"Error {error.status_code}"
        html = render_page(
            "error.html", {**base_context, "page": "error", "heading": heading, "message": message}
        )
        return HTMLResponse(html, status_code=error.status_code)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, error: RequestValidationError) -> Response:
        reasons = []
        for problem in error.errors():
            where = ".".join(str(p) for p in problem.get("loc", ()) if p not in ("query", "path"))
            reasons.append(f"{where}: {problem.get('msg', 'invalid')}" if where else problem.get("msg", ""))
        detail = [
            {"loc": list(p.get("loc", ())), "msg": p.get("msg", ""), "type": p.get("type", "")}
            for p in error.errors()
        ]
        return JSONResponse({"error": "; ".join(reasons), "status": 422, "detail": detail}, status_code=422)

    # -- HTML pages

    recent: OrderedDict[tuple[str, int], Answer] = OrderedDict()

    async def search(q: str, limit: int) -> Answer:
        """Search on the event loop (a millisecond or two), or in the thread pool when the
        query is a new question whose embedding takes tens of milliseconds to make. The
        answers to the last RECENT_ANSWERS queries are kept (the termbase cannot change
        while the app runs): a popular query is answered without searching again."""
        key = (q, limit)
        answer = recent.get(key)
        if answer is not None:
            recent.move_to_end(key)
            return answer
        if index.may_embed(q):
            answer = await run_in_threadpool(index.answer, q, limit)
        else:
            answer = index.answer(q, limit)
        recent[key] = answer
        if len(recent) > RECENT_ANSWERS:
            recent.popitem(last=False)
        return answer

    @lru_cache(maxsize=4096)
    def concept_html(concept_id: str, language: str) -> str | None:
        record = termbase.concept(concept_id)
        if record is None:
            return None
        context = context_in(language)
        view = concept_page(data_in(language), record, context["links"])  # type: ignore[arg-type]
        return render_page("concept.html", {**context, **view, "description": view["summary"]})

    @app.get("/", include_in_schema=False)
    async def home(request: Request, lang: LangQuery = None) -> Response:
        language = language_of(lang)
        return page(request, "home.html", home_page(data_in(language)), language)

    @app.get("/letter/{letter}", include_in_schema=False)
    async def letter(request: Request, letter: str, lang: LangQuery = None) -> Response:
        language = language_of(lang)
        shown = data_in(language)
        view = letter_page(shown, letter) or letter_page(shown, letter.upper())
        if view is None:
            raise HTTPException(404, f"no concept is filed under {letter!r}")
        return page(request, "letter.html", {**view, "current_letter": view["letter"]}, language)

    @app.get("/topic/{topic:path}", include_in_schema=False)
    async def topic(request: Request, topic: str, lang: LangQuery = None) -> Response:
        language = language_of(lang)
        view = topic_page(data_in(language), topic)
        if view is None:
            raise HTTPException(404, f"no concept has the topic {topic!r}")
        return page(request, "topic.html", view, language)

    @app.get("/c/{concept_id}", include_in_schema=False)
    async def concept(request: Request, concept_id: str, lang: LangQuery = None) -> Response:
        html = concept_html(concept_id, language_of(lang))
        if html is None:
            return missing_concept(concept_id)
        return cached_response(request, html.encode(), "text/html; charset=utf-8")

    def missing_concept(concept_id: str) -> Response:
        """The 404 of a concept page, offering the concepts a hand-typed id names (`/c/lora`)."""
        from termbase.lookup import find_concepts, suggest_labels

        words = " ".join(strip_controls(concept_id).replace("-", " ").replace("_", " ").split())[:200]
        ids = find_concepts(termbase, words) if words else []
        for label in suggest_labels(termbase, words, limit=3) if words and not ids else ():
            ids += [i for i in find_concepts(termbase, label) if i not in ids]
        named = [data.by_id[i] for i in ids[:3] if i in data.by_id]
        context = {
            **base_context,
            "page": "error",
            "heading": "Not found",
            "message": f"no concept with id {concept_id!r}",
            "suggestions": [(summary.label, links.concept(summary.id)) for summary in named],
        }
        return HTMLResponse(render_page("error.html", context), status_code=404)

    @app.get("/search", include_in_schema=False)
    async def search_html(request: Request, q: str = "", lang: LangQuery = None) -> Response:
        language = language_of(lang)
        answer = await search(q, 50) if strip_controls(q).strip() else None  # `?q=%00`: no query
        return page(request, "search.html", search_page(data_in(language), q, answer), language)

    @app.get("/stats", include_in_schema=False)
    async def stats_html(request: Request, lang: LangQuery = None) -> Response:
        language = language_of(lang)
        return page(request, "stats.html", stats_page(data_in(language)), language)

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        # Browsers ask for it on every page; "no content" rather than a 404 in their console.
        return Response(status_code=204, headers={"Cache-Control": "public, max-age=86400"})

    @app.get("/llms.txt", include_in_schema=False)
    async def llms(request: Request) -> Response:
        return cached_response(request, llms_txt(data, links).encode(), "text/plain; charset=utf-8")

    glossary_text: list[bytes] = []

    @app.get("/glossary-data.txt", include_in_schema=False)
    async def glossary_data(request: Request) -> Response:
        if not glossary_text:
            glossary_text.append(glossary_data_txt(termbase, data.title).encode())
        return cached_response(request, glossary_text[0], "text/plain; charset=utf-8")

    @app.get("/docs", include_in_schema=False)
    async def docs() -> Response:
        if swagger is None:
            return HTMLResponse(
                "<!doctype html><title>API</title><p>Swagger UI is not installed; the OpenAPI "
                'description is at <a href="/openapi.json">/openapi.json</a>.</p>'
            )
        return HTMLResponse(api_docs_page(data.title))

    # -- JSON API

    @app.get("/api/concepts", tags=["concepts"], summary="List concepts, a page at a time")
    async def api_concepts(
        request: Request,
        page_number: Annotated[int, Query(alias="page", ge=1, description="Page number, from 1")] = 1,
        per_page: Annotated[int, Query(ge=1, le=MAX_PER_PAGE, description="Concepts per page")] = 50,
        letter: Annotated[
            str | None,
            Query(min_length=1, max_length=1, description="Only concepts filed under this initial"),
        ] = None,
        topic: Annotated[str | None, Query(min_length=1, description="Only concepts with this topic")] = None,
        lang: LangQuery = None,
    ) -> Response:
        """Return `{page, per_page, total, pages, language, concepts: [{id, label, summary, …}]}`.

        With `lang`, labels, summaries and initials are in that language where a concept has
        it, else in English; `language` says which termbase language was matched ("" if none).
        """
        language = language_of(lang)
        shown = data_in(language)
        items = shown.summaries
        if letter is not None:
            items = shown.by_initial.get(letter.upper(), shown.by_initial.get(letter, []))
        if topic is not None:
            if topic not in data.by_topic:
                known = ", ".join(data.topics) or "none in this termbase"
                raise HTTPException(422, f"topic: unknown topic {topic!r} (known topics: {known})")
            members = {s.id for s in data.by_topic[topic]}
            items = [s for s in items if s.id in members]
        total = len(items)
        start = (page_number - 1) * per_page
        return api(
            request,
            {
                "page": page_number,
                "per_page": per_page,
                "total": total,
                "pages": (total + per_page - 1) // per_page,
                "language": language,
                "concepts": [
                    {**s.as_dict(), "url": links.in_language(language).concept(s.id)}
                    for s in items[start : start + per_page]
                ],
            },
        )

    @app.get("/api/concepts/{concept_id}", tags=["concepts"], summary="One concept with provenance")
    async def api_concept(
        request: Request,
        concept_id: Annotated[str, PathParam(description="The concept's id (a slug)")],
        lang: LangQuery = None,
    ) -> Response:
        """Return the concept as in the jsonl export, plus each entry's `language`, `origin` (the
        paper that introduced the idea, as the source cites it), `origin_urls` (its arXiv or
        DOI links) and `locator_url` (the address of the section that introduces it, e.g. from
        `termbase extract --base-url`), `mentioned_in` (backlinks), `url`, `languages` (every
        language its entries are in) and `conflicts` (where its sources disagree, as `termbase check`
        found at build time: `why` and the two `sides` with source, line and words).

        With `lang`, `label` and `entries` are those in that language, else the English ones.
        """
        record = termbase.concept(concept_id)
        if record is None:
            raise HTTPException(404, f"no concept with id {concept_id!r}")
        languages = concept_languages(record)
        if lang:
            record = in_language(record, lang)
        value = concept_dict(record)
        for entry, stored in zip(value["entries"], record.entries, strict=True):  # type: ignore[call-overload]
            entry["language"] = stored.entry.language
            entry["origin"] = stored.entry.origin
            entry["origin_urls"] = list(origin_urls(stored.entry.origin))
            entry["locator_url"] = (stored.entry.locator.url or None) if stored.entry.locator else None
        value["mentioned_in"] = [{"id": r.from_id, "kind": r.kind} for r in record.mentioned_in]
        value["conflicts"] = data_in("").conflicts.get(record.id, [])
        value["languages"] = languages
        value["url"] = links.in_language(language_of(lang)).concept(record.id)
        return api(request, value)

    def _query(q: str) -> str:
        if not q.strip():
            raise HTTPException(422, "q: must not be blank")
        return q

    @app.get("/api/search", tags=["search"], summary="Search labels, acronyms, typos and definitions")
    async def api_search(  # answered on the event loop unless it must embed a new question
        request: Request,
        q: Annotated[str, Query(min_length=1, max_length=1000, description="What to look for")],
        limit: Annotated[int, Query(ge=1, le=MAX_LIMIT, description="Most hits to return")] = 10,
        lang: LangQuery = None,
    ) -> Response:
        """Return `{query, hits: [{id, label, labels, score, matched, matched_label}]}`, best first.

        When the query names something no concept is ("ARIMA forecasting model": no label
        holds "ARIMA"), `hits` is empty and the answer adds `unknown` (those names, as typed)
        and `related` (hits like the others: the concepts its other words reach).
        With `lang`, each hit's `label` is its label in that language where it has one.
        """
        language = language_of(lang)
        key = (q, limit, language)
        body = recent_bodies.get(key)
        if body is None:
            try:
                answer = await search(_query(q), limit)
            except TermbaseError as error:
                raise HTTPException(422, f"q: {error}") from None
            value: dict[str, object] = {"query": q, "hits": hits_in(answer.hits, language)}
            if answer.unknown:
                value["unknown"] = list(answer.unknown)
                value["related"] = hits_in(answer.related, language)
            body = recent_bodies[key] = json_body(value)
            if len(recent_bodies) > RECENT_ANSWERS:
                recent_bodies.popitem(last=False)
        else:
            recent_bodies.move_to_end(key)
        return cached_response(request, body, "application/json")

    recent_bodies: OrderedDict[tuple[str, int, str], bytes] = OrderedDict()

    def hits_in(hits: list[Hit], language: str) -> list[dict[str, object]]:
        rows = [h.as_dict() for h in hits]
        if language and language != FALLBACK:
            shown = data_in(language).by_id
            for row in rows:
                if row["id"] in shown:
                    row["label"] = shown[row["id"]].label
        return rows

    @app.get("/api/suggest", tags=["search"], summary="Autocomplete what has been typed")
    async def api_suggest(
        request: Request,
        q: Annotated[str, Query(min_length=1, max_length=200, description="What has been typed so far")],
        limit: Annotated[int, Query(ge=1, le=MAX_LIMIT, description="Most suggestions to return")] = 8,
    ) -> Response:
        """Return `{query, hits}` like /api/search; typos and acronyms work as in the CLI."""
        try:
            hits = termbase.suggest(_query(q), limit)
        except TermbaseError as error:
            raise HTTPException(422, f"q: {error}") from None
        return api(request, {"query": q, "hits": [h.as_dict() for h in hits]})

    stats_body: list[bytes] = []

    @app.get("/api/stats", tags=["stats"], summary="Counts, concepts per topic and source, overlap")
    async def api_stats(request: Request) -> Response:
        """Return counts, `per_topic`, `per_source`, pairwise `overlap` and `concepts_by_source_count`."""
        if not stats_body:  # the termbase cannot change while the app runs: work it out once
            stats_body.append(json_body(stats_data(data)))
        return cached_response(request, stats_body[0], "application/json")

    release_free_memory()  # what loading freed (the model file, word lists' text) goes back
    return app
