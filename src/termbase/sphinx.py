"""The Sphinx extension `termbase.sphinx`: a glossary from a termbase, and terms linked in prose.

    extensions = ["termbase.sphinx"]
    termbase_db = "course.db"        # default: the built-in AI/ML glossary
    termbase_dbs = ["course.db", {"db": "lab.db", "name": "lab", "link_to": "https://…/"}]
                                     # several (instead of termbase_db): a label two share goes
                                     # to the first; `.. termbase-glossary:: ` + `:glossary: lab`
    termbase_first = "section"       # section | page | all
    termbase_tooltips = True         # definitions as tooltips in HTML (local script + style)
    termbase_link_to = None          # base address of a termbase site, for terms no glossary holds

`.. termbase-glossary::` writes Sphinx's own glossary nodes (so `:term:` references work) for
every concept, or for the ids listed in its `:concepts:` option. After references are
resolved, a post-transform links the first occurrence of each term (per the density rule)
in paragraphs to its glossary entry — the termbase's or any `.. glossary::` of the project
that has one of the concept's labels. Nothing in titles, code, literal blocks, references,
math or glossaries is linked.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.domains.std import make_glossary_term
from sphinx.errors import ConfigError
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective

from termbase import __version__
from termbase.errors import TermbaseError
from termbase.glossify.linker import DENSITIES, Linker, LinkTarget

if TYPE_CHECKING:
    from termbase.glossify.source import GlossarySource

_ASSETS = Path(__file__).resolve().parent / "glossify" / "assets"
_SKIP = (
    nodes.literal, nodes.literal_block, nodes.reference, nodes.title, nodes.subtitle, nodes.raw,
    nodes.math, nodes.math_block, nodes.comment, nodes.term, nodes.rubric, nodes.caption,
    nodes.field_name, nodes.option_list, nodes.target, nodes.image, nodes.doctest_block,
    addnodes.glossary, addnodes.pending_xref, addnodes.desc_signature, addnodes.index,
    addnodes.toctree, addnodes.only,
)  # fmt: skip
_PARAGRAPHS = (nodes.paragraph, nodes.list_item, nodes.entry, nodes.definition, nodes.line)


class _State:
    """The termbases, read once per build (kept on the Sphinx application, not the pickled env)."""

    def __init__(self, app: Sphinx) -> None:
        from termbase.glossify.source import load_glossaries

        config = app.config
        if config.termbase_first not in DENSITIES:
            raise ConfigError(
                f"termbase_first = {config.termbase_first!r}: use one of {', '.join(DENSITIES)}"
            )
        try:
            self.glossaries = load_glossaries(_sources(app))
        except TermbaseError as error:
            raise ConfigError(f"termbase: {error}") from None
        self.matcher = self.glossaries.matcher
        self.labels = self.glossaries.labels
        self.definitions = self.glossaries.definitions
        # A label an earlier glossary has is left out of a later one's `.. termbase-glossary::`.
        self.earlier_labels: list[set[str]] = []
        seen: set[str] = set()
        for index in range(len(self.glossaries.sources)):
            self.earlier_labels.append(set(seen))
            for key, (owner, _) in self.glossaries.owners.items():
                if owner == index:
                    seen.update(label.casefold() for label in self.labels.get(key, ()))


def _sources(app: Sphinx) -> list[GlossarySource]:
    """Return the glossaries `termbase_db` or `termbase_dbs` name, each file checked to exist."""
    from termbase.glossify.source import GlossarySource

    config = app.config
    if config.termbase_db and config.termbase_dbs:
        raise ConfigError("termbase: set termbase_db (one termbase) or termbase_dbs (several), not both")
    wanted: list[tuple[str, dict[str, Any]]] = []
    if config.termbase_db:
        wanted.append(("termbase_db", {"db": config.termbase_db}))
    for number, item in enumerate(config.termbase_dbs or ()):
        option = f"termbase_dbs[{number}]"
        entry = {"db": item} if isinstance(item, str) else item
        if not isinstance(entry, dict) or not isinstance(entry.get("db"), str):
            raise ConfigError(
                f"{option} = {item!r}: give a termbase file, or a dict with db (and name, link_to, pages)"
            )
        unknown = sorted(set(entry) - {"db", "name", "link_to", "pages"})
        if unknown:
            raise ConfigError(f"{option}: unknown key {', '.join(unknown)} (use db, name, link_to, pages)")
        pages = entry.get("pages", [])
        if not isinstance(pages, list | tuple) or not all(isinstance(p, str) for p in pages):
            raise ConfigError(f"{option}: pages = {pages!r}: give a list of globs on document names")
        wanted.append((option, entry))
    sources = []
    for option, entry in wanted:
        db = Path(entry["db"])
        if not db.is_absolute():
            db = Path(app.confdir) / db
        if not db.is_file():
            raise ConfigError(
                f"{option} = {entry['db']!r}: no termbase file at {db} — "
                f"build one with `termbase build SOURCES --db {db}`"
            )
        link_to = entry.get("link_to") or config.termbase_link_to or ""
        pages = tuple(entry.get("pages", ()))
        sources.append(GlossarySource(db, entry.get("name") or db.stem, link_to, pages))
    if not sources:
        from termbase.builtin import builtin_db

        sources.append(GlossarySource(builtin_db(), "builtin", config.termbase_link_to or ""))
    return sources


def _state(app: Sphinx) -> _State:
    state = getattr(app, "_termbase_state", None)
    if state is None:
        state = _State(app)
        app._termbase_state = state  # type: ignore[attr-defined]
    return state


def _plain(markdown: str) -> str:
    """Return a Markdown definition as plain text (its marks dropped)."""
    import lxml.html

    from termbase.web.render import markdown_html

    rendered = str(markdown_html(markdown)).strip()
    if not rendered:
        return ""
    return " ".join(lxml.html.fragment_fromstring(rendered, create_parent="div").text_content().split())


class TermbaseGlossary(SphinxDirective):
    """`.. termbase-glossary::` — the termbase as a Sphinx glossary (`:term:`-compatible)."""

    has_content = False
    option_spec = {"concepts": directives.unchanged, "glossary": directives.unchanged}  # noqa: RUF012

    def run(self) -> list[nodes.Node]:
        state = _state(self.env.app)
        glossaries = state.glossaries
        names = [source.name for source in glossaries.sources]
        name = (self.options.get("glossary") or names[0]).strip()
        if name not in names:
            raise self.error(f"termbase-glossary: no glossary named {name!r} (the names: {', '.join(names)})")
        index = names.index(name)
        mine = {cid: key for key, (owner, cid) in glossaries.owners.items() if owner == index}
        wanted = (self.options.get("concepts") or "").replace(",", " ").split()
        unknown = [cid for cid in wanted if cid not in mine]
        if unknown:
            raise self.error(f"termbase-glossary: no concept {', '.join(unknown)} in the termbase")
        keys = [mine[cid] for cid in wanted] or sorted(
            mine.values(), key=lambda key: state.matcher.terms[key].label.casefold()
        )
        source, line = self.get_source_info()
        glossary = addnodes.glossary()
        glossary["sorted"] = False  # already in label order, or in the order `:concepts:` gives
        items = nodes.definition_list(classes=["glossary", "termbase-glossary"])
        glossary += items
        seen: set[str] = set(state.earlier_labels[index])  # an earlier glossary has these
        for concept_id in keys:
            term = state.matcher.terms[concept_id]
            item = nodes.definition_list_item()
            labels = [term.label, *(x for x in state.labels.get(concept_id, ()) if x != term.label)]
            for label in labels:
                if label.casefold() in seen:
                    continue  # a label two concepts share names only the first in the glossary
                seen.add(label.casefold())
                item += make_glossary_term(
                    self.env, [nodes.Text(label)], None, source, line, None, self.state.document
                )
            if not item.children:
                continue
            item += nodes.definition("", nodes.paragraph("", _plain(state.definitions.get(concept_id, ""))))
            items += item
        return [glossary]


def _glossary_targets(std: Any) -> dict[str, tuple[str, str]]:
    """Return {lower-case term: (docname, anchor)} for every glossary term in the project."""
    found: dict[str, tuple[str, str]] = {}
    for (kind, name), entry in std.objects.items():
        if kind == "term":
            found.setdefault(name.lower(), (entry[0], entry[1]))
    return found


def _texts(node: nodes.Node, linker: Linker) -> Iterator[nodes.Text]:
    """Yield the prose Text nodes under `node` in reading order, telling `linker` of
    sections and paragraphs as they start."""
    for child in list(node.children):
        if isinstance(child, _SKIP):
            continue
        if isinstance(child, nodes.section):
            linker.section()
        elif isinstance(child, _PARAGRAPHS):
            linker.paragraph()
        if isinstance(child, nodes.Text):
            if isinstance(node, nodes.TextElement):
                yield child
        else:
            yield from _texts(child, linker)


class TermbaseLinks(SphinxPostTransform):
    """Link the terms of the termbase where the prose of a document uses them."""

    default_priority = 900  # after references are resolved: existing :term: links are references

    def is_supported(self) -> bool:
        return self.app.builder.format == "html"

    def run(self, **kwargs: Any) -> None:
        state = _state(self.app)
        targets = _glossary_targets(self.env.get_domain("std"))
        docname = self.env.current_document.docname
        builder = self.app.builder
        fallbacks = [LinkTarget(base=g.link_to) if g.link_to else None for g in state.glossaries.sources]
        addresses: dict[str, str] = {}
        for key, labels in state.labels.items():
            found = next((targets[x.lower()] for x in labels if x.lower() in targets), None)
            index, concept_id = state.glossaries.owners[key]
            if found is not None:
                page = "" if found[0] == docname else builder.get_relative_uri(docname, found[0])
                addresses[key] = f"{page}#{found[1]}"
            elif fallbacks[index] is not None:
                addresses[key] = fallbacks[index].url(concept_id)
        skip = frozenset(state.matcher.terms) - frozenset(addresses)
        among = state.glossaries.for_page(docname)  # a glossary per chapter: `pages` globs on docnames
        linker = Linker(state.matcher, addresses.__getitem__, self.config.termbase_first, skip, among)
        tooltips = self.config.termbase_tooltips
        for text in _texts(self.document, linker):  # lazily: sections reset the linker as met
            value = text.astext()
            placed = linker.choose(state.matcher.find(value, among=among))
            if not placed:
                continue
            pieces: list[nodes.Node] = []
            last = 0
            for choice in placed:
                match = choice.match
                if match.start > last:
                    pieces.append(nodes.Text(value[last : match.start]))
                link = nodes.reference("", "", nodes.Text(match.text), internal=True, refuri=choice.url)
                link["classes"].append("termbase-term")
                if tooltips and choice.definition:
                    link["reftitle"] = choice.definition
                pieces.append(link)
                last = match.end
            if last < len(value):
                pieces.append(nodes.Text(value[last:]))
            text.parent.replace(text, pieces)


def _config_inited(app: Sphinx, config: Any) -> None:
    """Read the termbase as soon as the configuration is known: a wrong setting stops the
    build before anything is read, with one line saying what to fix."""
    _state(app)


def _builder_inited(app: Sphinx) -> None:
    _state(app)
    if app.builder.format == "html" and app.config.termbase_tooltips:
        app.config.html_static_path.append(str(_ASSETS))
        app.add_css_file("termbase-tooltips.css")
        app.add_js_file("termbase-tooltips.js", loading_method="defer")


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive, the linking post-transform, the options and the tooltip assets."""
    app.add_config_value("termbase_db", None, "env")
    app.add_config_value("termbase_dbs", [], "env")
    app.add_config_value("termbase_link_to", None, "env")
    app.add_config_value("termbase_first", "section", "env")
    app.add_config_value("termbase_tooltips", True, "html")
    app.add_directive("termbase-glossary", TermbaseGlossary)
    app.add_post_transform(TermbaseLinks)
    app.connect("config-inited", _config_inited)
    app.connect("builder-inited", _builder_inited)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
