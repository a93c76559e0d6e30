"""The MkDocs plugin `termbase`: link glossary terms in every page, with tooltips and a glossary page.

    plugins:
      - search
      - termbase:
          db: course.db          # default: the built-in AI/ML glossary
          first: section         # section | page | all
          tooltips: true
          glossary_page: glossary.md   # written if the docs have none; "" for no page
          glossary_sections: chapter   # one section per chapter (top-level nav entry)
          link_to: https://example.org/glossary/   # instead of the glossary page
          glossaries:            # instead of db: several termbases, the first listed wins a
            - db: course.db      # label two of them share
            - db: python.db
              name: python       # its concepts are `python:<id>` (default: the file's stem)
              link_to: https://example.org/python/   # its own site instead of the glossary page
              pages: ["python/*"]  # only in these pages (globs on the docs paths): a glossary per chapter

Pages are glossified as HTML (after Markdown is rendered, so every Markdown extension is
respected). MkDocs renders every page's content before it renders any template, so by the
time the glossary page's template is filled, every page's use of every term is known: the
glossary lists the terms the site uses, each with "used in" links back to those pages.

Pages are linked all together once MkDocs has rendered every one (`on_env`), with the
garbage collector's thresholds raised (a page's matches are short-lived tuples). The links
are put into the finished page (`on_post_page`), into the very text MkDocs
rendered as the page's content: other plugins, the search index among them, read the
content as the author wrote it, so the index holds the same words and no link markup.
The termbases are read once and kept (see `termbase.glossify.source`).
"""

from __future__ import annotations

import html
import json
import logging
import re
from pathlib import Path
from typing import Any

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

from termbase.collections_pause import no_collections
from termbase.errors import TermbaseError
from termbase.glossify import asset_files
from termbase.glossify.html import glossify_fragment
from termbase.glossify.linker import Linker, LinkTarget, check_link_base
from termbase.glossify.source import Glossaries, GlossarySource, keep_glossaries, load_glossaries, unsaved

ASSET_FOLDER = "assets/termbase"
#: One script holding the one-line definition of every term the site links, so pages carry
#: only `data-termbase="<id>"` on each link, not the definition again and again.
DEFINITIONS = "termbase-definitions.js"
log = logging.getLogger("mkdocs.plugins.termbase")
_SLUG = re.compile(r"[^a-z0-9]+")
_NEEDS_ESCAPE = re.compile(r"[&<>\"']")
#: A tag of sanitised HTML (its attributes' values quoted).
_TAG = re.compile(r"""<(?:[^>"']|"[^"]*"|'[^']*')*>""")


class GlossaryConfig(base.Config):
    """One entry of `glossaries`."""

    db = c.Type(str)
    name = c.Optional(c.Type(str))
    link_to = c.Optional(c.Type(str))
    pages = c.ListOfItems(c.Type(str), default=[])


class TermbaseConfig(base.Config):
    """The plugin's options in mkdocs.yml."""

    db = c.Optional(c.Type(str))
    glossaries = c.ListOfItems(c.SubConfig(GlossaryConfig), default=[])
    link_to = c.Optional(c.Type(str))
    first = c.Choice(("section", "page", "all"), default="section")
    tooltips = c.Type(bool, default=True)
    glossary_page = c.Type(str, default="glossary.md")
    glossary_title = c.Type(str, default="Glossary")
    glossary_sections = c.Choice(("none", "chapter"), default="none")


class TermbasePlugin(BasePlugin[TermbaseConfig]):
    """Glossify every page of an MkDocs site against a termbase."""

    def _sources(self, config: Any) -> list[GlossarySource]:
        """Return the glossaries the options name, each file checked to exist."""
        folder = Path(config.config_file_path or ".").parent
        if self.config.db and self.config.glossaries:
            raise PluginError("termbase plugin: set db (one termbase) or glossaries (several), not both")
        wanted = [
            (g.db, g.name, g.link_to, tuple(g.pages), f"glossaries[{n}].db")
            for n, g in enumerate(self.config.glossaries)
        ]
        if self.config.db:
            wanted = [(self.config.db, None, None, (), "db")]
        sources = []
        for db_name, name, link_to, pages, option in wanted:
            db = Path(db_name)
            if not db.is_absolute():
                db = folder / db
            if not db.is_file():
                raise PluginError(
                    f"termbase plugin: {option} {db_name!r}: no termbase file at {db} — "
                    f"build one with `termbase build SOURCES --db {db}`"
                )
            link = link_to or self.config.link_to or ""
            link = link and check_link_base(link, "link_to")
            sources.append(GlossarySource(db, name or db.stem, link, pages))
        if not sources:
            from termbase.builtin import builtin_db

            link = self.config.link_to or ""
            sources.append(GlossarySource(builtin_db(), "builtin", link and check_link_base(link, "link_to")))
        return sources

    def on_config(self, config: Any) -> Any:
        try:
            # save=False: the cache is written once, at the end, with the glossary page's definitions
            with no_collections():
                self.glossaries: Glossaries = load_glossaries(self._sources(config), save=False)
        except TermbaseError as error:
            raise PluginError(f"termbase plugin: {error}") from None
        self.matcher = self.glossaries.matcher
        self.pages_out: dict[str, tuple[str, str]] = {}
        self.waiting: list[tuple[Page, str, str]] = []  # (page, chapter, content) to glossify at on_env
        self.urls: dict[tuple[str, str], dict[str, str]] = {}  # (address, prefix) -> key -> link
        self.openings: dict[tuple[str, str], dict[str, str]] = {}  # (address, prefix) -> key -> <a …>
        self.rendered_new = False
        if not self.config.glossary_page and not all(g.link_to for g in self.glossaries.sources):
            raise PluginError(
                "termbase plugin: links need somewhere to go — set glossary_page (default glossary.md) "
                "or link_to (a published termbase site)"
            )
        self.uses: dict[str, dict[str, list[str]]] = {}  # chapter -> concept key -> its pages' backlinks
        self.chapters: list[str] = []
        self.glossary_file: File | None = None
        self.glossary_made: tuple[str, str] | None = None  # the glossary for search, and as shown
        name = self.config.glossary_page
        nav = config.nav
        if name and nav and not (Path(config.docs_dir) / name).exists() and not _nav_names(nav, name):
            nav.append({self.config.glossary_title: name})  # the page it writes: in the site's own nav too
        if self.config.tooltips:
            config.extra_css.append(f"{ASSET_FOLDER}/termbase-tooltips.css")
            config.extra_javascript.append(f"{ASSET_FOLDER}/{DEFINITIONS}")
            config.extra_javascript.append(f"{ASSET_FOLDER}/termbase-tooltips.js")
        return config

    def on_files(self, files: Files, config: Any) -> Files:
        if self.config.tooltips:
            for asset in asset_files():
                files.append(File.generated(config, f"{ASSET_FOLDER}/{asset.name}", abs_src_path=str(asset)))
        name = self.config.glossary_page
        if name:
            found = files.get_file_from_path(name)
            if found is None:
                found = File.generated(config, name, content=f"# {self.config.glossary_title}\n")
                files.append(found)
            self.glossary_file = found
        return files

    def on_nav(self, nav: Any, config: Any, files: Files) -> Any:
        self.chapter_order = [item.title for item in nav.items if getattr(item, "title", None)]
        return nav

    def _chapter(self, page: Page) -> str:
        if self.config.glossary_sections != "chapter":
            return ""
        ancestors = list(page.ancestors)
        chapter = (ancestors[-1].title if ancestors else page.title) or page.file.src_uri
        if chapter not in self.chapters:
            self.chapters.append(chapter)
        return chapter

    def _url(self, page: Page, chapter: str) -> tuple[Any, dict[str, str]]:
        """Return the page's address function for concept keys, and the `<a …>` of each concept
        made so far for pages with the same addresses (the pages of one folder)."""
        glossaries = self.glossaries
        targets = [LinkTarget(base=g.link_to) if g.link_to else None for g in glossaries.sources]
        address = ""
        if self.glossary_file is not None:
            address = get_relative_url(self.glossary_file.url, page.url)
        prefix = f"{_slug(chapter)}-" if chapter else ""
        made = self.urls.setdefault((address, prefix), {})  # shared by the pages of one folder
        openings = self.openings.setdefault((address, prefix), {})

        def url(key: str) -> str:
            found = made.get(key)
            if found is None:
                index, concept_id = glossaries.owners[key]
                target = targets[index]
                found = target.url(concept_id) if target else f"{address}#{_anchor(prefix, key)}"
                made[key] = found
            return found

        return url, openings

    @event_priority(-100)  # late: glossify the content as the other plugins leave it
    def on_page_content(self, html: str, page: Page, config: Any, files: Files) -> str:
        if self._is_glossary(page):
            return html
        self.waiting.append((page, self._chapter(page), html))
        return html  # the links go in at on_post_page, so other plugins read the content as written

    def on_env(self, env: Any, config: Any, files: Files) -> Any:
        """Glossify every page's content, now that MkDocs has rendered them all (in one go: the
        matcher's tables stay in the processor's caches, and the collector waits, see
        `collections_pause`)."""
        tooltips = "shared" if self.config.tooltips else False
        with no_collections():
            for page, chapter, html in self.waiting:
                among = self.glossaries.for_page(page.file.src_uri)
                url, openings = self._url(page, chapter)
                linker = Linker(self.matcher, url, self.config.first, among=among)
                out = glossify_fragment(html, linker, tooltips, openings)
                if linker.used:
                    backlink = self._backlink(page)
                    in_chapter = self.uses.setdefault(chapter, {})
                    for concept_id in linker.used:
                        found = in_chapter.get(concept_id)
                        if found is None:
                            in_chapter[concept_id] = [backlink]
                        else:
                            found.append(backlink)
                if out != html:
                    self.pages_out[page.file.src_uri] = (html, out)
        self.waiting.clear()
        return env

    @event_priority(100)  # early: put the links in before other plugins rewrite the page (minifiers)
    def on_post_page(self, output: str, page: Page, config: Any) -> str:
        done = self.pages_out.pop(page.file.src_uri, None)
        if done is None:
            return output
        content, linked = done
        if page.content != content and page.content:  # another plugin changed it after us: again
            content = page.content
            among = self.glossaries.for_page(page.file.src_uri)
            url, openings = self._url(page, self._chapter(page))
            linker = Linker(self.matcher, url, self.config.first, among=among)
            linked = glossify_fragment(content, linker, "shared" if self.config.tooltips else False, openings)
        at = _first_copy(output, content)
        if at < 0:
            log.warning(
                "termbase: %s: the theme wrote the page's content changed, so no glossary term is "
                "linked in it",
                page.file.src_uri,
            )
            return output
        return output[:at] + linked + output[at + len(content) :]

    def on_post_build(self, config: Any) -> None:
        # The tooltip lines first: they are made on first use, and then kept with the cache.
        definitions = {}
        if self.config.tooltips:
            definitions = {key: self.matcher.definition(key) for key in sorted(self._used())}
        if self.rendered_new or unsaved(self.glossaries):
            with no_collections():
                keep_glossaries(self.glossaries)  # with the definitions rendered for the glossary page
        if not self.config.tooltips:
            return
        script = "window.termbaseDefinitions = " + json.dumps(definitions, ensure_ascii=False) + ";\n"
        # "</" cannot end a script early in a file, but keep the text safe to inline anywhere.
        script = script.replace("</", "<\\/")
        target = Path(config.site_dir) / ASSET_FOLDER / DEFINITIONS
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(script, encoding="utf-8")

    @event_priority(50)  # before the search plugin (priority 0) reads the page's content
    def _glossary_for_search(
        self, context: dict[str, Any], page: Page, config: Any, nav: Any
    ) -> dict[str, Any]:
        """Write the glossary into the glossary page's content, so that the search plugins
        (MkDocs' own and Material's index the content at this event) index its terms and
        definitions; without the "Used in" lines, which hold page titles, not the terms' text.
        Put before the page's own heading, the glossary is indexed with the page, not a second
        time with that heading's section."""
        if self._is_glossary(page):
            with no_collections():
                self.glossary_made = self._glossary_html()
            page.content = self.glossary_made[0] + (page.content or "")
        return context

    @event_priority(-50)  # after the search plugin: the page as shown, with its "Used in" lines
    def _glossary_in_page(self, context: dict[str, Any], page: Page, config: Any, nav: Any) -> dict[str, Any]:
        if self._is_glossary(page) and self.glossary_made is not None:
            (searched, shown), self.glossary_made = self.glossary_made, None
            content = page.content or ""  # (as the plugins between left it: the page's own part kept)
            page.content = content.removeprefix(searched) + shown
        return context

    on_page_context = CombinedEvent(_glossary_for_search, _glossary_in_page)

    def _is_glossary(self, page: Page) -> bool:
        return self.glossary_file is not None and page.file.src_uri == self.glossary_file.src_uri

    def _used(self) -> dict[str, None]:
        """Return the keys of the concepts linked anywhere (chapter by chapter, in the order first linked)."""
        return dict.fromkeys(key for in_chapter in self.uses.values() for key in in_chapter)

    def _backlink(self, page: Page) -> str:
        """Return the glossary page's link to a page that uses terms ("" without a glossary page)."""
        if self.glossary_file is None:
            return ""
        address = html.escape(get_relative_url(page.url, self.glossary_file.url))
        return f'<a href="{address}">{html.escape(page.title or page.file.src_uri)}</a>'

    def _glossary_html(self) -> tuple[str, str]:
        """Return the glossary's HTML without the "Used in" lines (for the search index), and with them."""
        rendered = self.glossaries.rendered  # kept with the cached termbases
        missing = [key for key in self._used() if key not in rendered]
        if missing:  # as build stored them, else rendered together (see `definition_html`)
            stored = self.glossaries.stored_html(missing)
            rendered.update(stored)
            # (kept with the cache too: a cache another site's terms made would send every
            # later build back to the termbase for these)
            self.rendered_new = self.rendered_new or bool(stored)
            missing = [key for key in missing if key not in rendered]
        if missing:  # rendered once: then kept with the cache
            from termbase.glossify.definition_html import DefinitionRenderer  # (a cached build needs none)

            definitions = self.glossaries.definitions
            texts = [definitions.get(key, "") for key in missing]
            rendered.update(zip(missing, DefinitionRenderer().render(texts), strict=True))
            self.rendered_new = True

        order = getattr(self, "chapter_order", [])
        chapters = sorted(self.chapters, key=lambda t: (order.index(t) if t in order else len(order), t))
        if self.config.glossary_sections != "chapter":
            chapters = [""]
        shown = ['<div class="termbase-glossary">']
        if not self.uses:  # (a chapter is there only with a term used in it)
            shown.append("<p>No term of the glossary is used in these pages yet.</p>")
        # What the search plugin reads: each term once, its definition's text without the tags
        # (between two of its texts a line end, as the plugin joins them: the same text indexed,
        # in a third of the time), no "Used in" lines; the chapters' headings kept.
        searched = shown.copy()
        indexed: set[str] = set()
        for chapter in chapters:
            in_chapter = self.uses.get(chapter, {})
            used = sorted(in_chapter, key=lambda cid: (self.matcher.terms[cid].label.casefold(), cid))
            if not used:
                continue
            prefix = f"{_slug(chapter)}-" if chapter else ""
            if chapter:
                heading = f'<h2 id="{_slug(chapter)}">{html.escape(chapter)}</h2>'
                shown.append(heading)
                searched.append(heading)
            shown.append("<dl>")
            for concept_id in used:
                label = _escaped(self.matcher.terms[concept_id].label)
                links = ", ".join(in_chapter[concept_id])
                shown.append(f'<dt id="{_anchor(prefix, concept_id)}">{label}</dt>')
                used_in = f'<p class="termbase-used-in">Used in: {links}</p>'
                shown.append(f"<dd>{rendered[concept_id]}{used_in}</dd>")
                if concept_id not in indexed:  # (under the first chapter using it)
                    indexed.add(concept_id)
                    searched.append(label)
                    searched.append(_TAG.sub("\n", rendered[concept_id]))
            shown.append("</dl>")
        shown.append("</div>")
        searched.append("</div>")
        return "\n".join(searched), "\n".join(shown)


def _first_copy(text: str, part: str) -> int:
    """Return where `part` first occurs in `text`, -1 if nowhere: looked for by its first 64
    characters, each place checked whole (for a needle of a whole page, `str.find` first works
    through all of it, which cost more than the search)."""
    head = part[:64]
    at = text.find(head)
    while at >= 0 and not text.startswith(part, at):
        at = text.find(head, at + 1)
    return at


def _escaped(text: str) -> str:
    """Return `html.escape(text)`, looked for what needs it first (most labels have nothing)."""
    return html.escape(text) if _NEEDS_ESCAPE.search(text) else text


def _anchor(prefix: str, key: str) -> str:
    """Return the glossary page's anchor for a concept key (`lab:vinegar` → `term-lab--vinegar`:
    no colon, so the anchor is also a plain CSS selector)."""
    return f"term-{prefix}{key.replace(':', '--')}"


def _slug(text: str) -> str:
    return _SLUG.sub("-", text.lower()).strip("-") or "chapter"


def _nav_names(nav: Any, page: str) -> bool:
    """Return True if a MkDocs `nav` (a list of paths and {title: path or list} items) lists `page`."""
    if isinstance(nav, str):
        return nav.lstrip("./") == page.lstrip("./")
    if isinstance(nav, dict):
        return any(_nav_names(item, page) for item in nav.values())
    if isinstance(nav, list):
        return any(_nav_names(item, page) for item in nav)
    return False
