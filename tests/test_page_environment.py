"""The pages' Jinja environment prints values exactly as Jinja's own autoescaping does."""

from __future__ import annotations

import pytest
from jinja2 import Environment
from markupsafe import Markup

from termbase.web.render import PageEnvironment, PageShell, environment, escape_output

TEMPLATE = (
    "<p title=\"{{ value }}\">{{ value }}</p>{% for item in items %}<i>{{ item }}</i>{% endfor %}"
    "{{ value|upper }}{{ missing }}{% set inner %}<b>{{ value }}</b>{% endset %}{{ inner }}"
    "{% macro shown(x) %}<u>{{ x }}</u>{% endmacro %}{{ shown(value) }}{{ 'a' ~ value }}"
)
VALUES = [
    "plain",
    "<script>alert('x') & \"y\"</script>",
    Markup("<em>kept</em>"),
    42,
    None,
    3.5,
    "ünïcödé ‮ RTL",
]


@pytest.mark.parametrize("value", VALUES, ids=repr)
def test_printed_values_are_escaped_as_by_jinja(value: object) -> None:
    items = [value, "<", Markup("&amp;")]
    ours = PageEnvironment(autoescape=True).from_string(TEMPLATE).render(value=value, items=items)
    jinjas = Environment(autoescape=True).from_string(TEMPLATE).render(value=value, items=items)
    assert ours == jinjas


def test_escape_output_equals_markupsafe_escape() -> None:
    from markupsafe import escape

    for value in VALUES:
        assert escape_output(value) == str(escape(value))


def test_the_site_environment_compiles_printing_through_escape_output() -> None:
    env = environment()
    source = env.loader.get_source(env, "_concept.html")[0]  # type: ignore[union-attr]
    code = env.compile(source, "_concept.html", raw=True)
    assert "environment.escape_output(" in code
    assert " escape(" not in code


def test_a_shell_filled_as_bytes_is_the_shell_filled_as_text() -> None:
    shell = PageShell(parts=("<h1>", "</h1><p>", "</p>"), slots=("heading", "main"))
    text = shell.fill(heading="a & <b>", description="", main="<i>ü</i>")
    assert b"".join(shell.fill_encoded(heading="a & <b>", description="", main="<i>ü</i>")) == text.encode()


#: Concept articles a user might write in place of _concept.html: a variable set at the top,
#: set only on some pages (the next page must not see it), and a block inherited from a layout.
OVERRIDES = {
    "plain": "<h1>{{ heading }}</h1>{% for label in labels %}<i>{{ label }}</i>{% endfor %}",
    "set": "{% set shown = heading|upper %}<h1>{{ shown }}</h1>",
    "set on some pages": "{% if heading == 'Beta' %}{% set extra = 'x' %}{% endif %}<p>{{ extra }}</p>",
    "extends": "{% extends 'layout.html' %}{% block body %}<p>{{ heading }}</p>{% endblock %}",
}


@pytest.mark.parametrize("article", list(OVERRIDES.values()), ids=list(OVERRIDES))
def test_articles_rendered_in_one_context_equal_each_rendered_alone(
    article: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A site renders its concept articles in one Jinja context, reset between pages: a user's
    own _concept.html, whatever it sets, renders each page as it would alone."""
    from jinja2 import DictLoader

    import termbase.web.site as site

    templates = {"_concept.html": article, "layout.html": "<main>{% block body %}{% endblock %}</main>"}
    env = PageEnvironment(loader=DictLoader(templates), autoescape=True)
    monkeypatch.setattr(site, "environment", lambda: env)
    views: list[dict[str, object]] = [
        {"heading": heading, "labels": [heading, "<b>"]} for heading in ("Alpha", "Beta", "Gamma & co")
    ]
    context = {"links": None}
    alone = [env.get_template("_concept.html").render({**context, **view}) for view in views]
    assert site.render_articles(views, context) == alone
    if "extra" in article:  # the variable one page set is not seen by the next one
        assert alone[1:] == ["<p>x</p>", "<p></p>"]


def test_the_markdown_test_in_parts_finds_what_the_whole_pattern_finds() -> None:
    """`has_markdown_syntax` (a character search, then a line-start rule) answers as the one
    pattern does, on texts made of the characters that matter to either."""
    import random

    from termbase.web.render import _MARKDOWN_SYNTAX, has_markdown_syntax

    alphabet = ["a", " ", "\t", "\n", "\u2028", "\x1f", "-", "+", ">", "1", "9", ".", ")", "*", "&", "é", "#"]
    rng = random.Random(5)
    texts = ["", "plain words", " - item", "1. first", "12) x", "a\n\nb", "a\n- b", "-x", " \u2028- x"]
    texts += ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 8))) for _ in range(20_000)]
    for text in texts:
        assert has_markdown_syntax(text) == (_MARKDOWN_SYNTAX.search(text) is not None), repr(text)
