"""View models: plain dicts built from the store, shared by the web app and the static site.

`SiteData.load(termbase)` reads everything a page list needs once (summaries, initials,
topics, sources). Each `*_page` function returns the dict a template renders; URLs are
made by a `Links` object, so the same dict serves `/c/<id>` on the server and
`c/<id>.html` in a static site opened from files.
"""

from __future__ import annotations

import hashlib
import html
import re
import sqlite3
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import combinations
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, NamedTuple
from urllib.parse import quote, unquote, urlencode

from markupsafe import Markup

from termbase.languages import FALLBACK, concept_languages, in_language, language_rank
from termbase.model import is_concept_id
from termbase.store import ConceptRecord, Termbase, _json_tuple
from termbase.web.render import formula_html, markdown_html, one_line
from termbase.web.titles import site_title

if TYPE_CHECKING:
    from termbase.search import Answer, Hit

#: Letter-page and topic-page summaries are cut to this many characters.
SUMMARY_CHARS = 160


@lru_cache(maxsize=1024)
def file_name(path: str) -> str:
    """Return the last part of a source path (sources are few, pages many: cached)."""
    return PurePosixPath(path).name


def topic_file(topic: str) -> str:
    """Return a safe file name stem for a topic page: the topic if it is a slug, else slug + hash."""
    slug = re.sub(r"[^a-z0-9]+", "-", topic.lower()).strip("-")[:60] or "topic"
    if slug == topic:
        return slug
    return f"{slug}-{hashlib.blake2b(topic.encode(), digest_size=4).hexdigest()}"


@dataclass(frozen=True, slots=True)
class Links:
    """Builds URLs: absolute paths on the server, relative `.html` files in a static site.

    `root` is the path from the current page to the site's root: "/" on the server, ""
    or "../" in a static site. On the server, `language` (a reader's `?lang=` choice) is
    carried on to every page link; a static site is written in one language throughout.
    """

    root: str = "/"
    static: bool = False
    language: str = ""

    def _with_language(self, url: str) -> str:
        if self.static or not self.language:
            return url
        return f"{url}{'&' if '?' in url else '?'}{urlencode({'lang': self.language})}"

    def _page(self, path: str) -> str:
        return f"{self.root}{path}.html" if self.static else self._with_language(f"{self.root}{path}")

    def home(self) -> str:
        """Return the home page URL."""
        return f"{self.root}index.html" if self.static else self._with_language(self.root)

    def concept(self, concept_id: str) -> str:
        """Return the URL of a concept page."""
        # A well-formed id is its own quoted form (letters, digits, hyphens): a site makes
        # tens of thousands of these links, and quote() is the slow part.
        if self.static and is_concept_id(concept_id):
            return f"{self.root}c/{concept_id}.html"
        return self._page(f"c/{concept_id if is_concept_id(concept_id) else quote(concept_id)}")

    def concept_base(self) -> str:
        """Return the folder prefix of concept URLs, for scripts that build them."""
        return f"{self.root}c/"

    def letter(self, initial: str) -> str:
        """Return the URL of a letter page."""
        return self._page(f"letter/{quote(initial, safe='')}")

    def topic(self, topic: str) -> str:
        """Return the URL of a topic page."""
        if self.static:
            return self._page(f"topic/{topic_file(topic)}")
        return self._page(f"topic/{quote(topic, safe='')}")

    def stats(self) -> str:
        """Return the stats page URL."""
        return self._page("stats")

    def search(self, query: str | None = None) -> str:
        """Return the search page URL, with the query if given."""
        base = f"{self.root}search.html" if self.static else f"{self.root}search"
        return self._with_language(f"{base}?{urlencode({'q': query})}" if query else base)

    def in_language(self, language: str) -> Links:
        """Return these links for a reader who chose `language` ("" for the default)."""
        return replace(self, language=language)

    def asset(self, name: str) -> str:
        """Return the URL of a file under static/."""
        return f"{self.root}static/{name}"

    def file(self, name: str) -> str:
        """Return the URL of a file at the site root (llms.txt, glossary-data.txt)."""
        return f"{self.root}{name}"


@dataclass(slots=True)
class Summary:
    """One line of a concept list."""

    id: str
    label: str
    initial: str
    summary: str
    topics: tuple[str, ...]

    def as_dict(self) -> dict[str, object]:
        """Return the summary as a JSON object."""
        return {
            "id": self.id,
            "label": self.label,
            "initial": self.initial,
            "summary": self.summary,
            "topics": list(self.topics),
        }


class Listed(NamedTuple):
    """Every concept's summary, ordered by label, and the paths of the sources that define each
    concept (by id), as `SiteData.load` reads them."""

    summaries: list[Summary]
    sources_of: dict[str, tuple[str, ...]]


@dataclass(slots=True)
class SiteData:
    """What every list page needs, read once from the store."""

    title: str
    counts: dict[str, int]
    summaries: list[Summary]
    by_id: dict[str, Summary]
    by_initial: dict[str, list[Summary]]
    by_topic: dict[str, list[Summary]]
    sources: list[dict[str, object]]
    sources_of: dict[str, tuple[str, ...]]
    meta: dict[str, str] = field(default_factory=dict)
    language: str = ""
    languages: tuple[str, ...] = ()
    conflicts: dict[str, list[dict[str, object]]] = field(default_factory=dict)
    #: The termbase file, for what is read only when asked for (`labels`).
    path: Path | None = None
    #: Every label of each concept, by id, once read (see `labels`).
    label_lists: dict[str, list[str]] | None = None

    @property
    def labels(self) -> dict[str, list[str]]:
        """Return every label of each concept, by concept id, in the order they were stored.

        Read on first use (only a static site's search index needs them), with a connection of
        its own: the process that asks may be one forked after the site's connection was made."""
        if self.label_lists is None:
            assert self.path is not None
            labels: dict[str, list[str]] = {}
            db = sqlite3.connect(f"file:{self.path.resolve()}?mode=ro", uri=True)
            try:
                for concept_id, label in db.execute("SELECT concept_id, label FROM labels"):
                    labels.setdefault(concept_id, []).append(label)
            finally:
                db.close()
            self.label_lists = labels
        return self.label_lists

    @classmethod
    def load(
        cls, termbase: Termbase, title: str = "", language: str = "", listed: Listed | None = None
    ) -> SiteData:
        """Return the site data of `termbase`; `title` defaults to a name from the file.

        With `language`, labels and summaries are shown in it where a concept has an entry
        in it, else in English (see `Termbase.summaries`). `listed`: the summaries and each
        concept's sources, when they are known already (stored with the termbase, see
        `stored_pages`), for a site in the termbase's default language.
        """
        if listed is not None:
            summaries, sources_of = listed
        elif not language:
            summaries, sources_of = listed_concepts(termbase)
        else:
            topics = termbase.topics_by_concept()
            summaries = [
                Summary(cid, label, initial, one_line(text, SUMMARY_CHARS), topics.get(cid, ()))
                for cid, label, initial, text in termbase.summaries(language)
            ]
            sources_of = termbase.sources_by_concept()
        by_initial: dict[str, list[Summary]] = {}
        for item in summaries:
            by_initial.setdefault(item.initial, []).append(item)
        by_topic: dict[str, list[Summary]] = {}
        for item in summaries:
            for topic in item.topics:
                by_topic.setdefault(topic, []).append(item)
        defined = Counter(path for paths in sources_of.values() for path in paths)
        sources = [
            {
                "path": s.path,
                "name": file_name(s.path),
                "title": s.title,
                "reader": s.reader,
                "entries": s.entry_count,
                "concepts": defined.get(s.path, 0),
                "lines_reported": s.unused_count,
            }
            for s in termbase.sources()
        ]
        return cls(
            title=title or site_title(termbase.path),
            counts=termbase.stats(),
            summaries=summaries,
            by_id={s.id: s for s in summaries},
            by_initial=dict(sorted(by_initial.items())),
            by_topic=dict(sorted(by_topic.items())),
            sources=sources,
            sources_of=sources_of,
            meta=termbase.meta(),
            language=language,
            languages=tuple(termbase.entry_languages()),
            conflicts=conflicts_by_concept(termbase),
            path=termbase.path,
        )

    def best_language(self, wanted: str) -> str:
        """Return the language of this termbase that serves `wanted` best, or "" if none does."""
        ranked = sorted((language_rank(tag, wanted), tag) for tag in self.languages)
        return next((tag for rank, tag in ranked if rank), "")

    @property
    def html_language(self) -> str:
        """Return the `lang` attribute of the pages."""
        return self.language or FALLBACK

    @property
    def letters(self) -> list[str]:
        """Return every initial that occurs, digits first, then A–Z, then other scripts."""
        return list(self.by_initial)

    @property
    def topics(self) -> list[str]:
        """Return every topic that occurs, sorted."""
        return list(self.by_topic)

    def ref(self, concept_id: str) -> dict[str, str]:
        """Return {id, label} for a concept id."""
        item = self.by_id.get(concept_id)
        return {"id": concept_id, "label": item.label if item else concept_id}


def listed_concepts(termbase: Termbase) -> Listed:
    """Return every concept's summary, ordered by label, and the sources that define it, as
    `SiteData.load` makes them from `Termbase.summaries`, `topics_by_concept` and
    `sources_by_concept` for a site in the termbase's default language: read in two queries
    instead of their three (one looked up each concept's first entry apart: a fifth less time)."""
    db = termbase.db
    paths = dict(db.execute("SELECT id, path FROM sources"))
    alone = {source_id: (path,) for source_id, path in paths.items()}  # most concepts have one
    first: dict[str, str] = {}
    sources_of: dict[str, tuple[str, ...]] = {}
    last_source: dict[str, int] = {}
    rows = db.execute(
        "SELECT ce.concept_id, e.source_id, e.definition FROM concept_entries ce"
        " JOIN entries e ON e.id = ce.entry_id ORDER BY e.source_id, e.line, e.id"
    )
    for concept_id, source_id, definition in rows:
        earlier = last_source.get(concept_id)
        if earlier is None:  # the concept's first entry: its summary's
            first[concept_id] = definition
            sources_of[concept_id] = alone[source_id]
        elif earlier != source_id:  # sources come in order: a new one
            sources_of[concept_id] += (paths[source_id],)
        last_source[concept_id] = source_id
    concepts = db.execute("SELECT id, label, initial, topics FROM concepts ORDER BY label COLLATE NOCASE, id")
    summaries = [
        Summary(
            concept_id,
            label,
            initial,
            one_line(first.get(concept_id, ""), SUMMARY_CHARS),
            _json_tuple(topics),
        )
        for concept_id, label, initial, topics in concepts
    ]
    return Listed(summaries, sources_of)


def conflicts_by_concept(termbase: Termbase) -> dict[str, list[dict[str, object]]]:
    """Return, per concept id, the contradictions stored at build time, ready for a page.

    Each is {why, kind, severity, sides: [{source, name, line, term, words}]}, where `why`
    is the finding's reason without its "sources disagree on X:" lead.
    """
    found: dict[str, list[dict[str, object]]] = {}
    for finding in termbase.findings(rule="contradiction"):
        if not finding.concept_id:
            continue
        why = finding.message.split(": ", 1)[1] if ": " in finding.message else finding.message
        found.setdefault(finding.concept_id, []).append(
            {
                "why": why,
                "kind": finding.kind,
                "severity": finding.severity,
                "sides": [
                    {"source": s.source, "name": file_name(s.source), "line": s.line, "term": s.term,
                     "words": s.words}
                    for s in finding.sides
                ],
            }
        )  # fmt: skip
    return found


def home_page(data: SiteData) -> dict[str, object]:
    """Return the home page: title, counts, the A–Z bar and the topics."""
    return {
        "page": "home",
        "heading": data.title,
        "counts": data.counts,
        "letter_counts": {k: len(v) for k, v in data.by_initial.items()},
        "topic_counts": {k: len(v) for k, v in data.by_topic.items()},
        "sources": data.sources,
    }


def letter_page(data: SiteData, initial: str) -> dict[str, object] | None:
    """Return the page of concepts filed under `initial`, or None if there are none."""
    items = data.by_initial.get(initial)
    if items is None:
        return None
    return {"page": "letter", "heading": initial, "letter": initial, "items": items}


def topic_page(data: SiteData, topic: str) -> dict[str, object] | None:
    """Return the page of concepts with `topic`, or None if no concept has it."""
    items = data.by_topic.get(topic)
    if items is None:
        return None
    return {"page": "topic", "heading": topic, "topic": topic, "items": items}


class LabelKind(NamedTuple):
    """One label of a concept and its kind: preferred, acronym, expansion or alternative."""

    text: str
    kind: str


def label_kinds(record: ConceptRecord) -> list[LabelKind]:
    """Return every label of the concept with its kind: preferred, acronym, expansion, alternative."""
    acronyms, expansions, labels = record.acronyms, record.expansions, record.labels
    if len(labels) == 1 and labels[0] == record.label:  # most concepts: one label, the preferred one
        return [LabelKind(labels[0], "preferred")]
    kinds = []
    for label in dict.fromkeys(labels):
        kind = (
            "preferred"
            if label == record.label
            else "acronym"
            if label in acronyms
            else "expansion"
            if label in expansions
            else "alternative"
        )
        kinds.append(LabelKind(label, kind))
    return kinds


def _link_or_text(text: str) -> dict[str, str]:
    url = text if text.startswith(("https://", "http://")) else ""
    return {"text": text, "url": url}


def concept_page(data: SiteData, record: ConceptRecord, links: Links) -> dict[str, object]:
    """Return the concept page: labels, each source's definition with provenance, relations.

    In a site with a language, only the entries in it are shown (else the English ones),
    and `languages` lists every language the concept has, for a switcher. Each concept the
    page names comes as {id, label, href} (`href` made with `links`).
    """
    languages = concept_languages(record)
    if data.language:
        record = in_language(record, data.language)
    # One pass over the relations: a static site makes thousands of these views.
    mentions_at: dict[tuple[str, int], list[tuple[str, str]]] = {}
    see_also: dict[str, None] = {}
    others: dict[str, None] = {}
    for relation in record.related:
        if relation.kind == "see_also":
            see_also[relation.to_id] = None
            continue
        others[relation.to_id] = None
        if relation.kind == "mentions":
            mentions_at.setdefault((relation.source, relation.line), []).append(
                (relation.to_id, relation.evidence)
            )
    entries = []
    for number, stored in enumerate(record.entries, start=1):
        entry = stored.entry
        locator = None
        if entry.locator:
            locator = {
                "kind": entry.locator.kind,
                "text": entry.locator.text,
                "url": entry.locator.url if entry.locator.url.startswith(("https://", "http://")) else "",
            }
        definition = markdown_html(entry.definition)
        entries.append(
            {
                "anchor": f"def-{number}",
                "source_title": stored.source_title,
                "source_path": entry.source,
                "source_name": file_name(entry.source),
                "line": entry.line,
                "end_line": entry.end_line,
                "term": entry.term,
                "language": entry.language,
                "locator": locator,
                "origin": entry.origin,
                "definition_html": (
                    in_glossary_links(definition, [(r.evidence, r.to_id) for r in record.related], links)
                    if 'href="#' in definition
                    else definition
                ),
                "mentions": mentions_at.get((entry.source, entry.line), []),
                "formulas": (
                    [{"latex": f, "html": formula_html(f)} for f in entry.formulas] if entry.formulas else []
                ),
                "links": [_link_or_text(link) for link in entry.links] if entry.links else [],
            }
        )
    # Each concept the page names, as {id, label, href}: made here, not by `_ref` (a site makes
    # tens of thousands).
    by_id, concept_href = data.by_id, links.concept

    def ref(concept_id: str) -> dict[str, str]:
        item = by_id.get(concept_id)
        label = item.label if item else concept_id
        return {"id": concept_id, "label": label, "href": concept_href(concept_id)}

    mentioned_in = record.mentioned_in
    if len(mentioned_in) < 2:
        backlinks = [ref(mentioned_in[0].from_id)] if mentioned_in else []
    else:
        backlinks = sorted(
            (ref(i) for i in dict.fromkeys(r.from_id for r in mentioned_in)),
            key=lambda made: made["label"].casefold(),
        )
    summary = by_id.get(record.id)
    return {
        "page": "concept",
        "heading": record.label,
        "id": record.id,
        "summary": summary.summary if summary else "",
        "languages": languages,
        "shown_languages": languages if not data.language else concept_languages(record),
        "labels": label_kinds(record),
        "topics": list(record.topics),
        "homonym_of": [ref(i) for i in record.homonym_of] if record.homonym_of else [],
        "conflicts": data.conflicts.get(record.id, []),
        "entries": entries,
        "see_also": [ref(i) for i in see_also] if see_also else [],
        "mentions": [ref(i) for i in others if i not in see_also] if others else [],
        "mentioned_in": backlinks,
    }


#: A link to a place in the source glossary's own page (`[HTTP](#http)`), as rendered.
_FRAGMENT_HREF = re.compile(r'href="#([^"]+)"')
#: What a concept id (a slug) has no room for: the anchor `http_request` names `http-request`.
_NOT_SLUG = re.compile(r"[^a-z0-9]+")


def in_glossary_links(definition_html: Markup, related: list[tuple[str, str]], links: Links) -> Markup:
    """Point a definition's links to another entry of its own glossary page (`#http_request`)
    at that concept's page: the concept a see-also or mention of this one names so (a
    source's `see: [http_request]`, or the linked words themselves; `related`: the concept's
    relations as (evidence, concept id named), in order). A fragment that names no related
    concept stays as written (a page is rebuilt when a related concept changes)."""
    if 'href="#' not in definition_html:
        return definition_html
    named = {name: to_id for evidence, to_id in related if (name := _slug_of(evidence))}

    def concept_href(match: re.Match[str]) -> str:
        name = _slug_of(unquote(match.group(1)))
        concept_id = named.get(name) if name else None
        if concept_id is None:
            return match.group(0)
        return f'href="{html.escape(links.concept(concept_id))}"'

    return Markup(_FRAGMENT_HREF.sub(concept_href, str(definition_html)))


def _slug_of(text: str) -> str:
    return _NOT_SLUG.sub("-", text.casefold()).strip("-")


def search_page(data: SiteData, query: str, answer: Answer | None) -> dict[str, object]:
    """Return the search results page for `query`: its hits, or when it names something no
    concept is, those names (`unknown`) and the related concepts."""

    def listed(hits: list[Hit]) -> list[dict[str, object]]:
        results = []
        for hit in hits:
            item = data.by_id.get(hit.id)
            results.append(
                {
                    "id": hit.id,
                    "label": hit.label,
                    "matched": hit.matched,
                    "matched_label": hit.matched_label,
                    "match_description": hit.match_description,
                    "summary": item.summary if item else "",
                }
            )
        return results

    hits, related, unknown = (answer.hits, answer.related, answer.unknown) if answer else ([], [], ())
    return {
        "page": "search",
        "heading": "Search",
        "query": query,
        "results": listed(hits),
        "unknown": " ".join(unknown),
        "related": listed(related),
    }


def stats_data(data: SiteData) -> dict[str, object]:
    """Return the statistics: counts, concepts per topic and per source, overlap of sources."""
    paths = [str(s["path"]) for s in data.sources]
    pair_counts: Counter[tuple[str, str]] = Counter()
    by_number = Counter(map(len, data.sources_of.values()))
    for concept_paths in data.sources_of.values():
        if len(concept_paths) > 1:  # most concepts come from one source: no pair
            for a, b in combinations(sorted(set(concept_paths), key=paths.index), 2):
                pair_counts[(a, b)] += 1
    overlap = [{"a": a, "b": b, "shared": pair_counts.get((a, b), 0)} for a, b in combinations(paths, 2)]
    return {
        "counts": data.counts,
        "per_topic": {k: len(v) for k, v in sorted(data.by_topic.items(), key=lambda kv: -len(kv[1]))},
        "per_source": data.sources,
        "overlap": overlap,
        "concepts_by_source_count": {str(k): v for k, v in sorted(by_number.items())},
    }


def stats_page(data: SiteData) -> dict[str, object]:
    """Return the stats page: `stats_data` plus an overlap matrix for display."""
    stats = stats_data(data)
    paths = [str(s["path"]) for s in data.sources]
    shared = {(o["a"], o["b"]): o["shared"] for o in stats["overlap"]}  # type: ignore[index, union-attr]
    defined = {str(s["path"]): s["concepts"] for s in data.sources}
    matrix = [
        [defined[a] if a == b else shared.get((a, b), shared.get((b, a), 0)) for b in paths] for a in paths
    ]
    return {"page": "stats", "heading": "Statistics", **stats, "matrix": matrix}
