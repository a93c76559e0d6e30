"""A list page's items (`render.concept_items`) are the text the template's loop made."""

from __future__ import annotations

import pytest
from jinja2 import ChoiceLoader, DictLoader

from termbase.builtin import builtin_db
from termbase.store import Termbase
from termbase.web.pages import Links, SiteData, Summary
from termbase.web.render import environment

ODD = "Ünï <b>&amp;</b> \"q\" 'a' ‮rtl"


@pytest.fixture(scope="module")
def builtin_data() -> SiteData:
    with Termbase.open(builtin_db()) as termbase:
        return SiteData.load(termbase)


#: `_list.html` before its items were made by `concept_items`.
OLD_LIST = (
    '{% macro concept_list(items, links) %}\n<ul class="concept-list">\n{% for item in items %}\n'
    '  <li><a href="{{ links.concept(item.id) }}">{{ item.label|bdi }}</a>{% if item.summary %} '
    '<span class="summary">{{ item.summary }}</span>{% endif %}</li>\n{% endfor %}\n</ul>\n{% endmacro %}\n'
)


@pytest.mark.parametrize("links", [Links(root="../", static=True), Links(language="de")], ids=repr)
def test_list_items_are_those_the_template_loop_made(builtin_data: SiteData, links: Links) -> None:
    data = builtin_data
    items = [*data.summaries[:300], Summary("odd", ODD, "U", ODD, ()), Summary("bare", "Bare", "B", "", ())]
    env = environment()
    old = env.overlay(loader=ChoiceLoader([DictLoader({"_old_list.html": OLD_LIST}), env.loader]))
    new = old.from_string('{% from "_list.html" import concept_list %}{{ concept_list(items, links) }}')
    was = old.from_string('{% from "_old_list.html" import concept_list %}{{ concept_list(items, links) }}')
    assert new.render(items=items, links=links) == was.render(items=items, links=links)
    assert new.render(items=[], links=links) == was.render(items=[], links=links)
