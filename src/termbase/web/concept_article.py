"""The concept article of `templates/_concept.html`, written out in Python for the static site.

A static site renders one article per concept (tens of thousands); through Jinja each costs
about 18 µs, most of it the template machinery around a few dozen printed values (a context
per page, a look-up per `entry['…']`, a generator step per piece). `concept_article` makes the
same text from the same view (`pages.concept_page`) with the same filters, at a fraction of
that. The server keeps the template (`concept.html` includes it); tests render every concept
of the built-in glossary, and views with every optional part, both ways and compare.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from termbase.web.render import escape_output, escape_text, link_mentions, origin_html


def bdi(text: object) -> str:
    """Return `render.bdi(text)` as a plain str (the same text, no Markup made)."""
    return f"<bdi>{escape_text(str(text))}</bdi>"


def _refs(refs: Iterable[dict[str, str]], separator: str = "") -> str:
    """Return links to the concepts `refs`, each its label in `<bdi>` (`<li>`s if no separator)."""
    items = [f'<a href="{escape_output(ref["href"])}">{bdi(ref["label"])}</a>' for ref in refs]
    if separator:
        return separator.join(items)
    return "".join(f"<li>{item}</li>" for item in items)


def _header(view: dict[str, Any], links: Any, urlencode: Callable[[str], str]) -> list[str]:
    heading = view["heading"]
    out = [
        f'<article class="concept" id="concept" data-concept-id="{escape_output(view["id"])}">\n<header>\n'
        f'  <h1 id="top">{bdi(heading)} <a class="permalink" href="#top" aria-label="Permalink to '
        f'{escape_output(heading)}">#</a></h1>\n  <ul class="labels" id="labels" aria-label="Labels">\n'
    ]
    for label in view["labels"]:
        kind = escape_output(label.kind)
        extra = "" if label.kind == "preferred" else f' <span class="kind">{kind}</span>'
        out.append(f'    <li class="label label-{kind}">{bdi(label.text)}{extra}</li>\n')
    out.append("  </ul>\n")
    if view["topics"]:
        out.append('  <ul class="chips topics" id="topics" aria-label="Topics">\n')
        for topic in view["topics"]:
            href = escape_output(links.topic(topic))
            out.append(f'<li><a class="chip" href="{href}">{escape_output(topic)}</a></li>')
        out.append("  </ul>\n")
    languages, shown = view["languages"], view["shown_languages"]
    if len(languages) > 1:
        tags = []
        for tag in languages:
            text = escape_output(tag)
            if tag in shown:
                tags.append(f'<strong lang="{text}">{text}</strong>')
            elif links.static:
                tags.append(f'<span lang="{text}">{text}</span>')
            else:
                tags.append(f'<a href="?lang={escape_output(urlencode(tag))}" hreflang="{text}">{text}</a>')
        out.append(f'  <p class="languages" id="languages">Languages:\n{" · ".join(tags)}</p>\n')
    if view["homonym_of"]:
        out.append(f'  <p class="homonyms">Not to be confused with:\n{_refs(view["homonym_of"], ", ")}</p>\n')
    out.append("</header>\n\n")
    return out


def _conflicts(conflicts: list[dict[str, Any]]) -> list[str]:
    out = [
        '<aside class="conflicts" id="conflicts" aria-labelledby="conflicts-h">\n'
        '  <h2 id="conflicts-h">Sources disagree</h2>\n  <ul>\n'
    ]
    for conflict in conflicts:
        out.append(f'    <li><p>{escape_output(conflict["why"])}</p>\n      <ul class="conflict-sides">\n')
        for side in conflict["sides"]:
            out.append(
                f'        <li><q>{escape_output(side["words"])}</q> <span class="source-path" title="'
                f'{escape_output(side["source"])}">{escape_output(side["name"])}:{escape_output(side["line"])}'
                "</span></li>\n"
            )
        out.append("      </ul>\n    </li>\n")
    out.append("  </ul>\n</aside>\n")
    return out


def _entry(entry: dict[str, Any], heading: object, links: Any) -> str:
    anchor = escape_output(entry["anchor"])
    out = [
        f'  <section class="definition" id="{anchor}" lang="{escape_output(entry["language"])}">\n'
        '    <div class="provenance">\n'
        f'      <span class="source-title">{escape_output(entry["source_title"])}</span>\n'
        f'      <span class="source-path" title="{escape_output(entry["source_path"])}">'
        f"{escape_output(entry['source_name'])}:{escape_output(entry['line'])}</span>\n"
    ]
    locator = entry["locator"]
    if locator:
        text = escape_output(locator["text"])
        if locator["url"]:
            text = f'<a href="{escape_output(locator["url"])}" rel="nofollow noopener">{text}</a>'
        out.append(f'        <span class="locator locator-{escape_output(locator["kind"])}">{text}</span>\n')
    if entry["term"] != heading:
        out.append(f'<span class="term">as “{bdi(entry["term"])}”</span>')
    body = link_mentions(entry["definition_html"], entry["mentions"], links)
    out.append(
        f'      <a class="permalink" href="#{anchor}" aria-label="Permalink to this definition">#</a>\n'
        f'    </div>\n    <div class="definition-body">{escape_output(body)}</div>\n'
    )
    for formula in entry["formulas"]:
        out.append(f'    <div class="formula-block">{escape_output(formula["html"])}</div>\n')
    if entry["origin"]:
        out.append(f'<p class="origin muted">Origin: {origin_html(entry["origin"])}</p>')
    if entry["links"]:
        shown = []
        for link in entry["links"]:
            text = escape_output(link["text"])
            url = link["url"]
            shown.append(
                f'<a href="{escape_output(url)}" rel="nofollow noopener">{text}</a>' if url else text
            )
        out.append(f'    <p class="links muted">Read more:\n{"; ".join(shown)}</p>\n')
    out.append("  </section>\n")
    return "".join(out)


def concept_article(view: dict[str, Any], links: Any, urlencode: Callable[[str], str]) -> str:
    """Return the article `_concept.html` renders for `view` with `links` (`urlencode`: the
    template's `urlencode` filter, for the language links of the server's pages)."""
    out = _header(view, links, urlencode)
    if view["conflicts"]:
        out += _conflicts(view["conflicts"])
    out.append(
        '\n<section id="definitions" aria-labelledby="definitions-h">\n'
        '  <h2 id="definitions-h" class="visually-hidden">Definitions</h2>\n'
    )
    heading = view["heading"]
    out += [_entry(entry, heading, links) for entry in view["entries"]]
    out.append("</section>\n\n")
    see_also, mentions = view["see_also"], view["mentions"]
    if see_also or mentions:
        out.append(
            '<section id="related" aria-labelledby="related-h">\n  <h2 id="related-h">Related <a '
            'class="permalink" href="#related" aria-label="Permalink to related concepts">#</a></h2>\n'
        )
        if see_also:
            out.append(f'<h3>See also</h3>\n  <ul class="refs see-also">{_refs(see_also)}</ul>')
        if mentions:
            out.append(f'<h3>Mentions</h3>\n  <ul class="refs mentions">{_refs(mentions)}</ul>')
        out.append("</section>\n")
    out.append("\n")
    if view["mentioned_in"]:
        out.append(
            '<section id="mentioned-in" aria-labelledby="mentioned-in-h">\n  <h2 id="mentioned-in-h">'
            'Mentioned in <a class="permalink" href="#mentioned-in" aria-label="Permalink to backlinks">#</a>'
            f'</h2>\n  <ul class="refs backlinks">{_refs(view["mentioned_in"])}</ul>\n</section>\n'
        )
    out.append(f'<p class="concept-id muted">id: <code>{escape_output(view["id"])}</code></p>\n</article>')
    return "".join(out)
