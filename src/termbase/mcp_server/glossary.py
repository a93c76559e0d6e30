"""What the MCP tools answer, as plain methods over an open termbase (no protocol here).

`Glossary(termbase)` answers define / search / suggest / related / terms_in / topics /
conflicts with
the typed results of `results.py`. A bad argument or an unknown id raises `InputError`
with a message that says what to send instead; the server turns it into a tool error.
"""

from __future__ import annotations

import threading
from bisect import bisect_left
from collections.abc import Callable, Mapping
from functools import cached_property, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from termbase.citations import origin_urls
from termbase.errors import InputError
from termbase.languages import concept_languages, in_language, is_language_tag
from termbase.lookup import all_label_texts, find_concepts, loose_index, suggest_labels
from termbase.model import is_concept_id
from termbase.store import ConceptRecord, StoredEntry, Termbase

from . import results

if TYPE_CHECKING:
    from termbase.check.findings import Finding
    from termbase.matcher import TermMatcher
    from termbase.search import Hit as SearchHit
    from termbase.search import SearchIndex

#: Longest text `terms_in` reads, in characters (a long chapter); longer text is refused.
MAX_TERMS_IN_CHARS = 200_000
#: Longest query or prefix looked at, in characters.
MAX_QUERY_CHARS = 1000
#: Occurrences listed per term by `terms_in` (all are counted).
MAX_OCCURRENCES = 10
#: Most hits `search` and `suggest` return.
MAX_LIMIT = 100
#: Characters of a one-line definition.
SUMMARY_CHARS = 200


def provenance_of(stored: StoredEntry) -> results.Provenance:
    """Return where a stored entry comes from."""
    entry = stored.entry
    locator = entry.locator
    return results.Provenance(
        source_title=stored.source_title,
        source=entry.source,
        line=entry.line,
        locator=locator.text if locator else None,
        locator_kind=locator.kind if locator else None,
        url=(locator.url if locator else "") or next((k for k in entry.links if _is_address(k)), None),
    )


class Glossary:
    """Answers the MCP tools over one open termbase; `page_url(id)` links concept pages."""

    def __init__(self, termbase: Termbase, page_url: Callable[[str], str] | None = None) -> None:
        self.termbase = termbase
        self.page_url = page_url
        self._index_lock = threading.Lock()
        self._matcher_lock = threading.Lock()
        self._matcher: TermMatcher | None = None
        self._first_entry = lru_cache(maxsize=8192)(self._read_first_entry)

    # -- what is built once, on first use (or ahead of it, by `warm_up`)

    def index(self) -> SearchIndex:
        """Return the search index, building it once even if several threads ask at once."""
        with self._index_lock:
            return self.termbase.search_index()

    @property
    def index_ready(self) -> bool:
        """True once the search index is built (a search will not wait for it)."""
        return self.termbase._search_index is not None

    @property
    def matcher_ready(self) -> bool:
        """True once the term matcher is built (terms_in will not wait for it)."""
        return self._matcher is not None

    def warm_up(self) -> None:
        """Build the search index, the label look-ups and the term matcher now, so that the
        first calls answer at once."""
        self.index()
        _ = self.labels, self.loose_index, self.label_texts, self.topic_members
        self.summary(next(iter(self.labels), ""))  # imports what one-line summaries need
        self.matcher()

    def matcher(self) -> TermMatcher:
        """Return the shared term matcher over every label: glossify's, read once and kept under
        the cache folder until the termbase file changes (see `termbase.glossify.source`)."""
        with self._matcher_lock:
            if self._matcher is None:
                from termbase.glossify.source import matcher_of

                self._matcher = matcher_of(Path(self.termbase.path))
            return self._matcher

    @cached_property
    def labels(self) -> dict[str, str]:
        """Return every concept's preferred label, by id."""
        return dict(self.termbase.db.execute("SELECT id, label FROM concepts"))

    @cached_property
    def loose_index(self) -> Mapping[str, list[str]]:
        """Return concept ids by the loose key of their labels (see `termbase.lookup`)."""
        return loose_index(self.termbase)

    @cached_property
    def topic_members(self) -> dict[str, list[str]]:
        """Return the ids of each topic's concepts, topics sorted, concepts by label."""
        members: dict[str, list[str]] = {}
        for concept_id, topics in self.termbase.topics_by_concept().items():
            for topic in topics:
                members.setdefault(topic, []).append(concept_id)
        labels = self.labels
        return {
            topic: sorted(ids, key=lambda i: (labels.get(i, i).casefold(), i))
            for topic, ids in sorted(members.items())
        }

    @cached_property
    def sorted_ids(self) -> list[str]:
        """Return every concept id, sorted (for completing a typed id)."""
        return sorted(self.labels)

    def complete_id(self, typed: str, limit: int = 20) -> list[str]:
        """Return up to `limit` concept ids for what a client has typed: ids that start with
        it, then the ids of concepts whose labels complete it (`suggest`)."""
        typed = typed.strip()
        ids = self.sorted_ids
        start = bisect_left(ids, typed)
        found = [i for i in ids[start : start + limit] if i.startswith(typed)]
        if typed and len(found) < limit and len(typed) <= MAX_QUERY_CHARS:
            found += [h.id for h in self.index().suggest(typed, limit) if h.id not in found]
        return found[:limit]

    def _read_first_entry(self, concept_id: str) -> StoredEntry | None:
        for stored in self.termbase._entries(concept_id):
            return stored
        return None

    # -- helpers

    def url(self, concept_id: str) -> str | None:
        """Return the concept's page URL, or None when no pages are published."""
        return self.page_url(concept_id) if self.page_url else None

    def record(self, concept_id: str) -> ConceptRecord:
        """Return the concept with this id, or raise InputError naming close ids."""
        concept_id = concept_id.strip()
        record = self.termbase.concept(concept_id) if concept_id else None
        if record is not None:
            return record
        if not concept_id:
            raise InputError("id: must not be blank", hint="pass a concept id, e.g. from search()")
        shown = concept_id if len(concept_id) <= 80 else concept_id[:77] + "…"
        if not is_concept_id(concept_id):
            raise InputError(
                f"not a concept id: {shown!r}",
                hint="ids are lowercase slugs (e.g. 'kv-cache') from define(), search() or suggest()",
            )
        hint = "ids come from define(), search() or suggest()"
        if len(concept_id) <= MAX_QUERY_CHARS:
            close = [h.id for h in self.index().search(concept_id.replace("-", " "), 5)]
            if close:
                hint = f"did you mean: {', '.join(close)}?"
        raise InputError(f"no concept with id {shown!r}", hint=hint)

    @cached_property
    def label_texts(self) -> list[str]:
        """Return every distinct label, sorted (for "did you mean")."""
        return all_label_texts(self.termbase)

    def summary(self, concept_id: str) -> tuple[str, results.Provenance | None]:
        """Return one line of the concept's first definition and where it comes from."""
        from termbase.web.render import one_line  # jinja2 and nh3: not needed to start the server

        stored = self._first_entry(concept_id)
        if stored is None:
            return "", None
        return one_line(stored.entry.definition, SUMMARY_CHARS), provenance_of(stored)

    def ref(
        self, concept_id: str, kind: str, evidence: str = "", source: str = "", line: int = 0
    ) -> results.ConceptRef:
        """Return a pointer to a concept."""
        return results.ConceptRef(
            id=concept_id,
            label=self.labels.get(concept_id, concept_id),
            kind=kind,
            evidence=evidence,
            source=source,
            line=line,
        )

    def concept(self, record: ConceptRecord, languages: list[str] | None = None) -> results.Concept:
        """Return the concept as a typed result, every definition with its provenance."""
        return results.Concept(
            id=record.id,
            label=record.label,
            labels=list(record.labels),
            acronyms=list(record.acronyms),
            expansions=list(record.expansions),
            topics=list(record.topics),
            homonym_of=list(record.homonym_of),
            languages=languages if languages is not None else concept_languages(record),
            url=self.url(record.id),
            definitions=[
                results.Definition(
                    term=s.entry.term,
                    text=s.entry.definition,
                    language=s.entry.language,
                    formulas=list(s.entry.formulas),
                    see_also=list(s.entry.see_also),
                    links=list(s.entry.links),
                    origin=s.entry.origin,
                    origin_urls=list(origin_urls(s.entry.origin)),
                    provenance=provenance_of(s),
                )
                for s in record.entries
            ],
            related=[self.ref(r.to_id, r.kind, r.evidence, r.source, r.line) for r in record.related],
            mentioned_in=[
                self.ref(r.from_id, r.kind, r.evidence, r.source, r.line) for r in record.mentioned_in
            ],
        )

    def hit(self, hit: SearchHit) -> results.Hit:
        """Return a search hit with the concept's one-line summary and its provenance."""
        summary, provenance = self.summary(hit.id)
        return results.Hit(
            id=hit.id,
            label=hit.label,
            labels=list(hit.labels),
            score=round(hit.score, 4),
            match=hit.matched,
            matched_label=hit.matched_label,
            summary=summary,
            provenance=provenance,
            url=self.url(hit.id),
        )

    # -- the tools

    def define(self, term: str, lang: str | None = None) -> results.DefineResult:
        """Return the concepts `term` names (any label or id), each with every source's definition.

        A term that names nothing gives no concepts and labels spelled like it.
        """
        term = _text("term", term)
        if lang is not None and not is_language_tag(lang.strip()):
            raise InputError(
                f"lang: {lang[:40]!r} is not a language tag", hint="use a tag such as en, es, pt-BR"
            )
        ids = find_concepts(self.termbase, term, self.loose_index)
        records = [r for r in (self.termbase.concept(i) for i in ids) if r]
        if not records:
            return results.DefineResult(
                query=term,
                concepts=[],
                suggestions=suggest_labels(self.termbase, term, labels=self.label_texts),
            )
        concepts = []
        for record in records:
            languages = concept_languages(record)
            shown = in_language(record, lang.strip()) if lang else record
            concepts.append(self.concept(shown, languages))
        return results.DefineResult(query=term, concepts=concepts)

    def search(self, query: str, limit: int = 10) -> results.SearchResult:
        """Return up to `limit` hits for `query`, best first, each with its match kind."""
        query = _text("query", query)
        answer = self.index().answer(query, _limit(limit))
        return results.SearchResult(
            query=query,
            hits=[self.hit(h) for h in answer.hits],
            unknown=list(answer.unknown),
            related=[self.hit(h) for h in answer.related],
        )

    def may_wait(self, query: str) -> bool:
        """True if searching `query` may take tens of milliseconds (index not built, or a new
        question to embed): a server runs such calls off its event loop."""
        return not self.index_ready or self.index().may_embed(query)

    def suggest(self, prefix: str, limit: int = 8) -> results.SearchResult:
        """Return up to `limit` completions of a typed prefix."""
        prefix = _text("prefix", prefix)
        hits = self.index().suggest(prefix, _limit(limit))
        return results.SearchResult(query=prefix, hits=[self.hit(h) for h in hits])

    def related(self, concept_id: str) -> results.RelatedResult:
        """Return the concepts around one: see-also, mentions, mentioned-in and homonyms."""
        record = self.record(concept_id)
        see_also = [r for r in record.related if r.kind == "see_also"]
        mentions = [r for r in record.related if r.kind == "mentions"]
        return results.RelatedResult(
            id=record.id,
            label=record.label,
            see_also=[self.ref(r.to_id, r.kind, r.evidence, r.source, r.line) for r in see_also],
            mentions=[self.ref(r.to_id, r.kind, r.evidence, r.source, r.line) for r in mentions],
            mentioned_in=[
                self.ref(r.from_id, r.kind, r.evidence, r.source, r.line) for r in record.mentioned_in
            ],
            homonyms=[self.ref(i, "homonym") for i in record.homonym_of if i in self.labels],
        )

    def terms_in(self, text: str, argument: str = "text") -> results.TermsInResult:
        """Return the glossary terms `text` uses, in order of first use, with one-line definitions.

        `argument` names the text in error messages (the tool's `text`, the prompt's `passage`).
        """
        if not text.strip():
            raise InputError(f"{argument}: must not be blank", hint="pass the passage to read")
        if len(text) > MAX_TERMS_IN_CHARS:
            raise InputError(
                f"{argument}: {len(text):,} characters is more than terms_in reads at once",
                hint=f"send at most {MAX_TERMS_IN_CHARS:,} characters a call, e.g. a section at a time",
            )
        used: dict[str, list[results.Occurrence]] = {}
        counts: dict[str, int] = {}
        ambiguous = []
        for match in self.matcher().find(text, keep_ambiguous=True):
            if match.ambiguous:
                ambiguous.append(
                    results.AmbiguousUse(
                        start=match.start, end=match.end, text=match.text, candidates=list(match.candidates)
                    )
                )
                continue
            counts[match.concept_id] = counts.get(match.concept_id, 0) + 1
            places = used.setdefault(match.concept_id, [])
            if len(places) < MAX_OCCURRENCES:
                places.append(results.Occurrence(start=match.start, end=match.end, text=match.text))
        terms = []
        for concept_id, places in used.items():
            summary, provenance = self.summary(concept_id)
            terms.append(
                results.TermUse(
                    id=concept_id,
                    label=self.labels.get(concept_id, concept_id),
                    definition=summary,
                    provenance=provenance,
                    url=self.url(concept_id),
                    count=counts[concept_id],
                    occurrences=places,
                )
            )
        return results.TermsInResult(characters=len(text), terms=terms, ambiguous=ambiguous)

    @cached_property
    def checked(self) -> bool:
        """True if the termbase stores the findings of `termbase check` (built since it existed)."""
        query = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'findings'"
        return self.termbase.db.execute(query).fetchone() is not None

    @cached_property
    def page_conflicts(self) -> dict[str, list[dict[str, object]]]:
        """Return each concept's contradictions as the web API shows them (`conflicts`)."""
        from termbase.web.pages import conflicts_by_concept

        return conflicts_by_concept(self.termbase)

    @cached_property
    def source_titles(self) -> dict[str, str]:
        """Return each source's title, by path."""
        return {source.path: source.title for source in self.termbase.sources()}

    def finding(self, found: Finding) -> results.Finding:
        """Return a stored finding as a typed result, each side with its source's title."""
        return results.Finding(
            rule=found.rule,
            severity=found.severity,
            kind=found.kind,
            message=found.message,
            sides=[
                results.FindingSide(
                    source_title=self.source_titles.get(side.source, ""),
                    source=side.source,
                    line=side.line,
                    end_line=side.end_line or side.line,
                    term=side.term,
                    words=side.words,
                )
                for side in found.sides
            ],
        )

    def conflicts(self, concept_id: str) -> results.ConflictsResult:
        """Return where the concept's sources disagree (contradictions) and its other findings."""
        record = self.record(concept_id)
        found = (
            [self.finding(f) for f in self.termbase.findings(concept_id=record.id)] if self.checked else []
        )
        return results.ConflictsResult(
            id=record.id,
            label=record.label,
            checked=self.checked,
            conflicts=[f for f in found if f.rule == "contradiction"],
            other_findings=[f for f in found if f.rule != "contradiction"],
        )

    def topics(self, topic: str | None = None) -> results.TopicsResult:
        """Return every topic with its concept count; with `topic`, also that topic's concepts."""
        members = self.topic_members
        listed = [results.Topic(name=name, concepts=len(ids)) for name, ids in members.items()]
        if topic is None or not topic.strip():
            return results.TopicsResult(topics=listed)
        topic = topic.strip()
        if topic not in members:
            known = ", ".join(members) or "this termbase has no topics"
            raise InputError(f"topic: no topic {topic[:80]!r}", hint=f"known topics: {known}")
        concepts = []
        for concept_id in members[topic]:
            summary, _ = self.summary(concept_id)
            concepts.append(
                results.TopicConcept(
                    id=concept_id, label=self.labels[concept_id], summary=summary, url=self.url(concept_id)
                )
            )
        return results.TopicsResult(topics=listed, topic=topic, concepts=concepts)


def _is_address(text: str) -> bool:
    return text.startswith(("https://", "http://")) and " " not in text


def _text(name: str, value: str) -> str:
    """Return `value` stripped, or raise InputError if it is blank or too long."""
    value = value.strip()
    if not value:
        raise InputError(f"{name}: must not be blank", hint=f"pass the {name} to look for")
    if len(value) > MAX_QUERY_CHARS:
        raise InputError(
            f"{name}: {len(value):,} characters is too long",
            hint=f"send at most {MAX_QUERY_CHARS:,}; for a passage, use terms_in()",
        )
    return value


def _limit(limit: int) -> int:
    if not 1 <= limit <= MAX_LIMIT:
        raise InputError(f"limit: {limit} is out of range", hint=f"pass 1 to {MAX_LIMIT}")
    return limit
