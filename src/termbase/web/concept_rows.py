"""A static site's concept pages and text blocks made straight from the store's rows.

A site writes one page per concept; going through `ConceptRecord`s (`Termbase.concept_records`),
view dicts (`pages.concept_page`), the article (`concept_article.article_html`) and the shell's
`fill_encoded`, then `llms.concept_block`, built and read some thirty objects per concept.
`write_pages` reads the same rows and makes each page's bytes and its text block in one pass,
with the same helpers for every part that needs one (Markdown, mentions, formulas, origins),
in about half the time. Its output is the same text as that chain's: it is used only where
that chain would write `article_html` (the shipped article template, `concept_article.mirrors`)
in a site in the termbase's default language (`in_language` picks entries otherwise).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from termbase.citations import origin_with_urls
from termbase.plain_text import _single_spaced
from termbase.store import _json_tuple
from termbase.web.concept_article import append_conflicts
from termbase.web.pages import Links, SiteData, file_name, in_glossary_links
from termbase.web.render import (
    PageShell,
    escape_output,
    escape_text,
    formula_html,
    has_markdown_syntax,
    link_mentions,
    markdown_html,
)
from termbase.web.render import origin_html as origin_markup

#: One concept's rows: (id, label, acronyms, expansions, topics, homonym_of) from `concepts`, its
#: labels, its entries (see ENTRY_COLUMNS), the relations from it and those to it.
ConceptRows = tuple[
    tuple[Any, ...], list[str], list[tuple[Any, ...]], list[tuple[Any, ...]], list[tuple[Any, ...]]
]

#: What a page shows of an entry, by position: source id, entry id, line, term, definition, locator
#: kind, locator text, locator url, formulas, links, language, origin.
ENTRY_COLUMNS = """e.source_id, e.id, e.line, e.term, e.definition, e.locator_kind, e.locator_text,
    e.locator_url, e.formulas, e.links, e.language, e.origin"""


def read_sources(db: sqlite3.Connection) -> dict[int, tuple[str, str]]:
    """Return the path and title of every source of a termbase, by id."""
    return {row[0]: (row[1], row[2]) for row in db.execute("SELECT id, path, title FROM sources")}


def read_rows(
    db: sqlite3.Connection, ids: Sequence[str], span: tuple[str, str] | None
) -> Iterator[ConceptRows]:
    """Yield the rows of each concept of `ids`, in that order, read in four queries as
    `Termbase.concept_records` reads them (`span`: see there)."""
    wanted: tuple[str, ...]
    if span is not None:
        chosen, wanted = "BETWEEN ? AND ?", span
    else:
        chosen, wanted = "IN (SELECT value FROM json_each(?))", (json.dumps(list(ids)),)
    labels: dict[str, list[str]] = {}
    for concept_id, label in db.execute(
        f"SELECT concept_id, label FROM labels WHERE concept_id {chosen} ORDER BY rowid", wanted
    ):
        labels.setdefault(concept_id, []).append(label)
    entries: dict[str, list[tuple[Any, ...]]] = {}
    several = []
    for row in db.execute(
        f"""SELECT ce.concept_id, {ENTRY_COLUMNS}
            FROM concept_entries ce JOIN entries e ON e.id = ce.entry_id WHERE ce.concept_id {chosen}""",
        wanted,
    ):
        found = entries.get(row[0])
        if found is None:
            entries[row[0]] = [row[1:]]
        else:
            found.append(row[1:])
            several.append(row[0])
    for concept_id in several:  # in `concept_records`' order: by source, line, entry
        entries[concept_id].sort(key=_entry_order)
    related: dict[str, list[tuple[Any, ...]]] = {}
    mentioned_in: dict[str, list[tuple[Any, ...]]] = {}
    for row in db.execute(
        "SELECT from_id, to_id, kind, evidence, source, line FROM relations"
        f" WHERE from_id {chosen} OR to_id {chosen} ORDER BY kind, from_id, to_id",
        wanted * 2,
    ):
        related.setdefault(row[0], []).append(row)
        mentioned_in.setdefault(row[1], []).append(row)
    rows = db.execute(
        f"SELECT id, label, acronyms, expansions, topics, homonym_of FROM concepts WHERE id {chosen}", wanted
    )
    by_id = {row[0]: row for row in rows}
    none: list[Any] = []
    for concept_id in ids:
        row = by_id.get(concept_id)
        if row is not None:
            yield (
                row,
                labels.get(concept_id, none),
                entries.get(concept_id, none),
                related.get(concept_id, none),
                mentioned_in.get(concept_id, none),
            )


def _entry_order(entry: tuple[Any, ...]) -> tuple[int, int, int]:
    return entry[0], entry[2], entry[1]


class PageMaker:
    """Makes the concept pages of one static site (default language, shipped article template).

    What many pages share is escaped once and kept: each concept's `<li>` in a list of refs,
    each source's provenance, each topic's chip."""

    def __init__(
        self,
        data: SiteData,
        links: Links,
        conflicts: dict[str, list[dict[str, object]]],
        sources: dict[int, tuple[str, str]],
    ) -> None:
        self.by_id = data.by_id
        self.links = links
        self.conflicts = conflicts
        #: Every source's path and title, by id (`read_sources`).
        self.sources = sources
        self._refs: dict[str, str] = {}
        self._topics: dict[str, str] = {}
        self._sources: dict[int, tuple[str, str, str]] = {}
        self._languages: dict[str, str] = {}

    def ref(self, concept_id: str) -> str:
        """Return a concept's `<li>` in a list of refs (see `concept_article._refs`)."""
        html = self._refs.get(concept_id)
        if html is None:
            html = self._refs[concept_id] = (
                f'<li><a href="{self.href(concept_id)}">{self.name(concept_id)}</a></li>'
            )
        return html

    def href(self, concept_id: str) -> str:
        """Return the escaped address of a concept's page (as `links.concept` makes it)."""
        return escape_output(self.links.concept(concept_id))

    def name(self, concept_id: str) -> str:
        """Return a concept's label (its id if it has none here) in `<bdi>`, escaped."""
        item = self.by_id.get(concept_id)
        return f"<bdi>{escape_text(item.label if item else concept_id)}</bdi>"

    def label(self, concept_id: str) -> str:
        item = self.by_id.get(concept_id)
        return item.label if item else concept_id

    def _source(self, source_id: int) -> tuple[str, str, str]:
        """Return the provenance of a source's entries up to their line, its path and its title."""
        found = self._sources.get(source_id)
        if found is None:
            path, title = self.sources[source_id]
            found = self._sources[source_id] = (
                '">\n    <div class="provenance">\n      <span class="source-title">'
                f'{escape_output(title)}</span>\n      <span class="source-path" '
                f'title="{escape_output(path)}">{escape_output(file_name(path))}:',
                path,
                title,
            )
        return found

    def _language(self, language: str) -> str:
        found = self._languages.get(language)
        if found is None:
            found = self._languages[language] = escape_output(language)
        return found

    def page(self, rows: ConceptRows) -> tuple[str, str, str, str]:
        """Return a concept's escaped heading, escaped description, article and text block."""
        (
            (concept_id, heading, acronyms, expansions, topics_json, homonyms_json),
            labels,
            entries,
            related,
            backs,
        ) = rows
        e = escape_output
        block = [f"## {heading}", f"id: {concept_id}"]
        id_html, heading_html = e(concept_id), escape_text(heading)
        out = [
            f'<article class="concept" id="concept" data-concept-id="{id_html}">\n<header>\n  <h1 id="top">'
            f'<bdi>{heading_html}</bdi> <a class="permalink" href="#top" '
            f'aria-label="Permalink to {heading_html}">#</a></h1>\n'
            '  <ul class="labels" id="labels" aria-label="Labels">\n'
        ]
        # the labels and their kinds (`pages.label_kinds`)
        if len(labels) == 1 and labels[0] == heading:
            out.append(f'    <li class="label label-preferred"><bdi>{heading_html}</bdi></li>\n')
        elif labels:
            acronym_set, expansion_set = _json_tuple(acronyms), _json_tuple(expansions)
            others = []
            for label in dict.fromkeys(labels):
                if label == heading:
                    out.append(f'    <li class="label label-preferred"><bdi>{heading_html}</bdi></li>\n')
                    continue
                if label in acronym_set:
                    kind = "acronym"
                elif label in expansion_set:
                    kind = "expansion"
                else:
                    kind = "alternative"
                out.append(
                    f'    <li class="label label-{kind}"><bdi>{escape_text(label)}</bdi>'
                    f' <span class="kind">{kind}</span></li>\n'
                )
                others.append(f"{label} ({kind})" if kind != "alternative" else label)
            if others:
                block.append("also: " + "; ".join(others))
        out.append("  </ul>\n")
        topics = _json_tuple(topics_json)
        if topics:
            block.append("topics: " + ", ".join(topics))
            out.append('  <ul class="chips topics" id="topics" aria-label="Topics">\n')
            for topic in topics:
                chip = self._topics.get(topic)
                if chip is None:
                    chip = self._topics[topic] = (
                        f'<li><a class="chip" href="{e(self.links.topic(topic))}">{e(topic)}</a></li>'
                    )
                out.append(chip)
            out.append("  </ul>\n")
        if len(entries) > 1:
            languages = list(dict.fromkeys(entry[10] for entry in entries))
            if len(languages) > 1:  # every language is shown (`concept_page`'s shown_languages)
                shown = " · ".join('<strong lang="{0}">{0}</strong>'.format(e(tag)) for tag in languages)
                out.append(f'  <p class="languages" id="languages">Languages:\n{shown}</p>\n')
        homonyms = _json_tuple(homonyms_json)
        if homonyms:
            named = ", ".join(f'<a href="{self.href(other)}">{self.name(other)}</a>' for other in homonyms)
            out.append(f'  <p class="homonyms">Not to be confused with:\n{named}</p>\n')
        out.append("</header>\n\n")
        conflicts = self.conflicts.get(concept_id)
        if conflicts:
            append_conflicts(out, conflicts)
        out.append(
            '\n<section id="definitions" aria-labelledby="definitions-h">\n'
            '  <h2 id="definitions-h" class="visually-hidden">Definitions</h2>\n'
        )
        mentions_at: dict[tuple[str, int], list[tuple[str, str]]] = {}
        for relation in related:
            if relation[2] == "mentions":
                mentions_at.setdefault((relation[4], relation[5]), []).append((relation[1], relation[3]))
        links, source, language_html = self.links, self._source, self._language
        for number, entry in enumerate(entries, start=1):
            source_id, _, line, term, definition, kind, text, url, formulas, entry_links, language, origin = (
                entry
            )
            provenance, path, title = source(source_id)
            out.append(
                f'  <section class="definition" id="def-{number}" lang="{language_html(language)}'
                f"{provenance}{e(line)}</span>\n"
            )
            where = f"{title}, {path}:{line}"
            if kind:
                where += f", {text}"
                if url and url.startswith(("https://", "http://")):
                    shown_text = f'<a href="{e(url)}" rel="nofollow noopener">{e(text)}</a>'
                else:
                    shown_text = e(text)
                out.append(f'        <span class="locator locator-{e(kind)}">{shown_text}</span>\n')
            if term != heading:
                out.append(f'<span class="term">as “<bdi>{escape_text(term)}</bdi>”</span>')
            if has_markdown_syntax(definition):
                definition_html = markdown_html(definition)
                if 'href="#' in definition_html:
                    named_by = [(relation[3], relation[1]) for relation in related]
                    definition_html = in_glossary_links(definition_html, named_by, links)
            else:  # plain text, nothing to escape (see `markdown_html`)
                definition_html = f"<p>{definition.strip()}</p>"
            mentions = mentions_at.get((path, line)) if mentions_at else None
            if mentions:
                definition_html = link_mentions(definition_html, mentions, links)  # type: ignore[arg-type]
            out.append(
                f'      <a class="permalink" href="#def-{number}" aria-label="Permalink to this definition">'
                f'#</a>\n    </div>\n    <div class="definition-body">{definition_html}</div>\n'
            )
            block.append(f"definition ({where}): {_single_spaced(definition)}")
            if formulas != "[]":
                formula_list = _json_tuple(formulas)
                for formula in formula_list:
                    out.append(f'    <div class="formula-block">{formula_html(formula)}</div>\n')
            else:
                formula_list = ()
            if origin:
                out.append(f'<p class="origin muted">Origin: {origin_markup(origin)}</p>')
                if origin.strip():
                    block.append("origin: " + origin_with_urls(" ".join(origin.split())))
            if formula_list:
                block.extend(f"formula: {formula}" for formula in formula_list)
            if entry_links != "[]":
                link_list = _json_tuple(entry_links)
                if link_list:
                    shown_links = "; ".join(map(_link_html, link_list))
                    out.append(f'    <p class="links muted">Read more:\n{shown_links}</p>\n')
            out.append("  </section>\n")
        out.append("</section>\n\n")
        if related:
            see_also: dict[str, None] = {}
            others_named: dict[str, None] = {}
            for relation in related:
                if relation[2] == "see_also":
                    see_also[relation[1]] = None
                else:
                    others_named[relation[1]] = None
            mentions_named = [other for other in others_named if other not in see_also]
            if see_also:
                block.append("see also: " + ", ".join(see_also))
            if see_also or mentions_named:
                out.append(
                    '<section id="related" aria-labelledby="related-h">\n  <h2 id="related-h">Related '
                    '<a class="permalink" href="#related" aria-label="Permalink to related concepts">#</a>'
                    "</h2>\n"
                )
                ref = self.ref
                if see_also:
                    out.append('<h3>See also</h3>\n  <ul class="refs see-also">')
                    out.extend(map(ref, see_also))
                    out.append("</ul>")
                if mentions_named:
                    out.append('<h3>Mentions</h3>\n  <ul class="refs mentions">')
                    out.extend(map(ref, mentions_named))
                    out.append("</ul>")
                out.append("</section>\n")
        out.append("\n")
        if backs:
            if len(backs) == 1:
                backlinks = [backs[0][0]]
            else:
                label = self.label
                backlinks = sorted(
                    dict.fromkeys(relation[0] for relation in backs), key=lambda i: label(i).casefold()
                )
            out.append(
                '<section id="mentioned-in" aria-labelledby="mentioned-in-h">\n  <h2 id="mentioned-in-h">'
                'Mentioned in <a class="permalink" href="#mentioned-in" '
                'aria-label="Permalink to backlinks">#</a></h2>\n  <ul class="refs backlinks">'
            )
            out.extend(map(self.ref, backlinks))
            out.append("</ul>\n</section>\n")
        out.append(f'<p class="concept-id muted">id: <code>{id_html}</code></p>\n</article>')
        summary = self.by_id.get(concept_id)
        description = escape_text(summary.summary) if summary else ""
        return heading_html, description, "".join(out), "\n".join(block)


def _link_html(link: str) -> str:
    """Return one of an entry's links (`Read more`): an address linked, anything else as text."""
    if link.startswith(("https://", "http://")):
        url = escape_output(link)
        return f'<a href="{url}" rel="nofollow noopener">{url}</a>'
    return escape_output(link)


def write_pages(
    maker: PageMaker,
    rows: Iterator[ConceptRows],
    shell: PageShell,
    write: Callable[[str, list[bytes]], None],
    public: Links | None,
) -> list[str]:
    """Write the page of each concept of `rows` (by `write(name, pieces)`) in `shell`; return
    their text blocks, in order (`public`: links rooted at the site's address, for canonical URLs)."""
    blocks = []
    parts, slots = shell.encoded_parts, shell.slots
    usual = slots == ("heading", "description", "main") and public is None
    if usual:
        start, after_heading, after_description, end = parts
    rest = list(zip(slots, parts[1:], strict=True))
    page = maker.page
    for concept_rows in rows:
        heading, description, article, block = page(concept_rows)
        concept_id = concept_rows[0][0]
        blocks.append(block)
        if usual:
            pieces = [
                start,
                heading.encode(),
                after_heading,
                description.encode(),
                after_description,
                article.encode(),
                end,
            ]
        else:
            canonical = escape_output(public.concept(concept_id)) if public else ""
            values = {"heading": heading, "description": description, "main": article, "canonical": canonical}
            pieces = [parts[0]]
            for slot, part in rest:
                pieces += (values[slot].encode(), part)
        write(f"{concept_id}.html", pieces)
    return blocks
