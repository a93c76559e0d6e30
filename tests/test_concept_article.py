"""A static site's concept articles are made by `concept_article.article_html` while
`_concept.html` is the shipped template: the same text as Jinja renders, and Jinja again for a
template a user changed; its workers read their concepts as ranges of ids: the same records."""

from __future__ import annotations

from pathlib import Path

import pytest
from jinja2 import DictLoader
from markupsafe import Markup

import termbase.web.site as site
from termbase.builtin import builtin_db
from termbase.store import Termbase
from termbase.web.concept_article import MIRRORED_TEMPLATE, article_html, mirrors, template_digest
from termbase.web.pages import LabelKind, Links, SiteData, concept_page
from termbase.web.render import PageEnvironment, environment

STATIC = Links(root="../", static=True)
HOSTILE = "<script>alert('x')</script> & \"quoted\" ‮"


def jinja_article(view: dict[str, object], links: Links = STATIC) -> str:
    return environment().get_template("_concept.html").render({"links": links, **view})


def test_the_shipped_template_is_the_one_article_html_mirrors() -> None:
    source = (Path(site.__file__).parent / "templates" / "_concept.html").read_text(encoding="utf-8")
    assert template_digest(source) == MIRRORED_TEMPLATE, (
        "_concept.html changed: make concept_article.article_html write what it now renders, "
        "then set MIRRORED_TEMPLATE to its new digest"
    )
    assert mirrors(environment(), STATIC)
    assert not mirrors(environment(), Links(root="/"))  # the server's pages stay Jinja's


@pytest.mark.parametrize("language", ["", "de"])
def test_every_builtin_article_is_the_template_rendered(language: str) -> None:
    with Termbase.open(builtin_db()) as termbase:
        data = SiteData.load(termbase, "", language)
        views = [concept_page(data, record, STATIC) for record in termbase.concept_records()]
    assert len(views) > 1000
    for view in views:
        assert article_html(view, STATIC) == jinja_article(view), view["id"]


def every_branch(text: str) -> dict[str, object]:
    """A view with something in every part of the article, its texts made from `text`."""
    ref = {"id": "b", "label": f"B {text}", "href": "../c/b.html"}
    side = {"words": text, "source": "a/b.md", "name": "b.md", "line": 3}
    return {
        "page": "concept",
        "heading": f"Head {text}",
        "id": "head",
        "summary": "",
        "languages": ["en", "de", "fr"],
        "shown_languages": ["de"],
        "labels": [
            LabelKind(f"Head {text}", "preferred"),
            LabelKind("HD", "acronym"),
            LabelKind(text, "alternative"),
        ],
        "topics": ["nlp", f"topic {text}"],
        "homonym_of": [ref, {**ref, "label": "C"}],
        "conflicts": [{"why": f"why {text}", "sides": [side, {**side, "line": 4}]}],
        "entries": [
            {
                "anchor": "def-1",
                "language": "en",
                "source_title": f"Title {text}",
                "source_path": "a/b.md",
                "source_name": "b.md",
                "line": 12,
                "locator": {"kind": "url", "text": text, "url": "https://example.org/?a=1&b=2"},
                "term": f"Term {text}",
                "definition_html": Markup("<p>Uses B here and <code>B</code> there.</p>"),
                "mentions": [("b", "B"), ("c", "here")],
                "formulas": [{"latex": "x", "html": Markup("<math>x</math>")}],
                "origin": f"Someone et al., 2023, arXiv:2305.13245 {text}",
                "links": [
                    {"text": "https://example.org/x", "url": "https://example.org/x"},
                    {"text": text, "url": ""},
                ],
            },
            {
                "anchor": "def-2",
                "language": "de",
                "source_title": "T",
                "source_path": "c.md",
                "source_name": "c.md",
                "line": 1,
                "locator": {"kind": "chapter", "text": "Ch 2", "url": ""},
                "term": f"Head {text}",
                "definition_html": Markup("<p>Plain.</p>"),
                "mentions": [],
                "formulas": [],
                "origin": "",
                "links": [],
            },
        ],
        "see_also": [ref],
        "mentions": [ref, {**ref, "id": "c", "href": "../c/c.html"}],
        "mentioned_in": [ref],
    }


@pytest.mark.parametrize("text", ["plain", HOSTILE, ""])
def test_an_article_with_every_part_is_the_template_rendered(text: str) -> None:
    view = every_branch(text)
    assert article_html(view, STATIC) == jinja_article(view)
    empty = {**view, "languages": ["en"], "topics": [], "homonym_of": [], "conflicts": [], "see_also": []}
    assert article_html(empty, STATIC) == jinja_article(empty)
    bare = {**empty, "mentions": [], "mentioned_in": [], "entries": []}
    assert article_html(bare, STATIC) == jinja_article(bare)


def test_a_users_own_concept_template_is_rendered_by_jinja(monkeypatch: pytest.MonkeyPatch) -> None:
    shipped = environment().loader.get_source(environment(), "_concept.html")[0]  # type: ignore[union-attr]
    own = shipped.replace('<p class="concept-id muted">', '<p class="mine">Made by my template. ')
    env = PageEnvironment(loader=DictLoader({"_concept.html": own}), autoescape=True)
    env.filters.update(environment().filters)  # the filters the shipped template uses
    monkeypatch.setattr(site, "environment", lambda: env)
    view = every_branch("plain")
    assert not site.mirrors(env, STATIC)
    [article] = site.render_articles([view], {"links": STATIC})
    assert "Made by my template." in article
    assert article == env.get_template("_concept.html").render({"links": STATIC, **view})


def test_a_run_of_ids_read_as_a_range_gives_the_records_read_one_by_one() -> None:
    """A site's workers read runs of ids in the store's order as ranges (`span`): the same records."""
    with Termbase.open(builtin_db()) as termbase:
        ordered = sorted(termbase.concept_ids())
        for start in range(0, len(ordered), 400):
            run = ordered[start : start + 400]
            by_range = list(termbase.concept_records(run, (run[0], run[-1])))
            assert by_range == list(termbase.concept_records(run))
            assert [record.id for record in by_range] == run
