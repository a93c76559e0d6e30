"""The static site's concept article (Python) is the text `_concept.html` (Jinja) renders."""

from __future__ import annotations

from copy import deepcopy

import pytest
from jinja2 import ChoiceLoader, DictLoader
from markupsafe import Markup

from termbase.builtin import builtin_db
from termbase.store import Termbase
from termbase.web.concept_article import concept_article
from termbase.web.pages import LabelKind, Links, SiteData, Summary, concept_page
from termbase.web.render import environment
from termbase.web.site import concept_context, render_articles

ODD = "Ünï <b>&amp;</b> \"q\" 'a' ‮rtl"


def jinja_article(view: dict[str, object], links: Links) -> str:
    return environment().get_template("_concept.html").render({"links": links, **view})


def python_article(view: dict[str, object], links: Links) -> str:
    return concept_article(view, links, environment().filters["urlencode"])


@pytest.fixture(scope="module")
def builtin_views() -> tuple[SiteData, list[dict[str, object]]]:
    with Termbase.open(builtin_db()) as termbase:
        data = SiteData.load(termbase)
        views = [
            concept_page(data, record, Links(root="../", static=True))
            for record in termbase.concept_records()
        ]
    return data, views


def test_every_builtin_concept_renders_the_same_both_ways(builtin_views) -> None:  # type: ignore[no-untyped-def]
    data, views = builtin_views
    links = Links(root="../", static=True)
    assert len(views) > 1000
    assert render_articles(views, concept_context(data)) == [jinja_article(view, links) for view in views]


def every_part(view: dict[str, object]) -> dict[str, object]:
    """Return `view` with every optional part of the article present, odd characters in each."""
    view = deepcopy(view)
    ref = {"id": "x", "label": ODD, "href": "../c/x.html?a=1&b=2"}
    view.update(
        heading=ODD,
        id="odd-id",
        labels=[LabelKind(ODD, "preferred"), LabelKind("ABC", "acronym"), LabelKind("a & b", "alternative")],
        topics=["T & <t>", "plain"],
        languages=["en", "de", "fr-CA"],
        shown_languages=["de"],
        homonym_of=[ref, {**ref, "label": "second"}],
        conflicts=[
            {"why": ODD, "sides": [{"words": "a < b", "source": "s/p.md", "name": "p.md", "line": 3}]},
            {"why": "two", "sides": []},
        ],
        see_also=[ref],
        mentions=[ref, ref],
        mentioned_in=[ref],
    )
    entry = dict(view["entries"][0])  # type: ignore[index]
    entry.update(
        term="another <term>",
        language="de",
        locator={"kind": "chapter", "text": "Ch <2>", "url": "https://example.org/?a=1&b=2"},
        origin="Someone et al., 2023, arXiv:2305.13245 <x>",
        links=[
            {"text": "https://example.org/a", "url": "https://example.org/a"},
            {"text": "a book & more", "url": ""},
        ],
        formulas=[{"latex": "x", "html": Markup("<math>x</math>")}],
        definition_html=Markup("<p>Uses attention &amp; more.</p>"),
        mentions=[("attention", "attention")],
    )
    plain = {
        **entry,
        "locator": {"kind": "page", "text": "p. 4", "url": ""},
        "term": ODD,
        "links": [],
        "origin": "",
    }
    view["entries"] = [entry, plain]
    return view


@pytest.mark.parametrize("links", [Links(root="../", static=True), Links(), Links(language="de")], ids=repr)
def test_every_optional_part_renders_the_same_both_ways(builtin_views, links: Links) -> None:  # type: ignore[no-untyped-def]
    _data, views = builtin_views
    for view in views[:50]:
        full = every_part(view)
        assert python_article(full, links) == jinja_article(full, links)
        bare = {**full, "topics": [], "languages": ["en"], "homonym_of": [], "conflicts": [], "see_also": [],
                "mentions": [], "mentioned_in": []}  # fmt: skip
        assert python_article(bare, links) == jinja_article(bare, links)


#: `_list.html` before its items were made by `concept_items`.
OLD_LIST = (
    "{% macro concept_list(items, links) %}\n<ul class=\"concept-list\">\n{% for item in items %}\n"
    '  <li><a href="{{ links.concept(item.id) }}">{{ item.label|bdi }}</a>{% if item.summary %} '
    '<span class="summary">{{ item.summary }}</span>{% endif %}</li>\n{% endfor %}\n</ul>\n{% endmacro %}\n'
)


@pytest.mark.parametrize("links", [Links(root="../", static=True), Links(language="de")], ids=repr)
def test_list_items_are_those_the_template_loop_made(builtin_views, links: Links) -> None:  # type: ignore[no-untyped-def]
    data, _views = builtin_views
    items = [*data.summaries[:300], Summary("odd", ODD, "U", ODD, ()), Summary("bare", "Bare", "B", "", ())]
    env = environment()
    old = env.overlay(loader=ChoiceLoader([DictLoader({"_old_list.html": OLD_LIST}), env.loader]))
    new = old.from_string('{% from "_list.html" import concept_list %}{{ concept_list(items, links) }}')
    was = old.from_string('{% from "_old_list.html" import concept_list %}{{ concept_list(items, links) }}')
    assert new.render(items=items, links=links) == was.render(items=items, links=links)
    assert new.render(items=[], links=links) == was.render(items=[], links=links)
