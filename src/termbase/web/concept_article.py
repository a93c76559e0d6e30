"""The concept article of the shipped `_concept.html`, made by plain Python for static sites.

A static site renders one article per concept, ten thousand and more; Jinja spends about
12 µs on each (a context, a generator, a call per printed value), more than the rest of the
page. `article_html` makes the same text as the shipped template from the same view, with
the same filters and the same escaping, in about a third of the time. It stands in for the
template only while the template is the one it mirrors (`MIRRORED_TEMPLATE`, a digest of its
source): a changed `_concept.html` — a user's own — is rendered by Jinja, as every other page is.
"""

from __future__ import annotations

import hashlib
from typing import Any

from jinja2 import Environment

from termbase.web.render import bdi, escape_output, link_mentions, origin_html

#: The digest (`template_digest`) of the `_concept.html` that `article_html` writes the text of.
#: A test fails when the template changes without this module following it.
MIRRORED_TEMPLATE = "eaea0baf0bf201bf3bffcd5a0664036f"


def template_digest(source: str) -> str:
    """Return the digest of a template's source text."""
    return hashlib.blake2b(source.encode("utf-8"), digest_size=16).hexdigest()


def mirrors(env: Environment, links: Any) -> bool:
    """Whether `article_html` makes what `env`'s `_concept.html` renders with `links`: the
    template is the shipped one, and the links are a static site's (the server's language
    links are left to the template)."""
    if not getattr(links, "static", False) or env.loader is None:
        return False
    try:
        source = env.loader.get_source(env, "_concept.html")[0]
    except Exception:  # no such template: Jinja reports it
        return False
    return template_digest(source) == MIRRORED_TEMPLATE


def article_html(view: dict[str, Any], links: Any) -> str:
    """Return the `_concept.html` article of a concept view (`pages.concept_page`) in a static site.

    The same text, piece by piece, as the template compiled by Jinja with `trim_blocks` and
    `lstrip_blocks`: each printed value through `escape_output`, the same filters.
    """
    e = escape_output
    heading = view["heading"]
    out = [
        '<article class="concept" id="concept" data-concept-id="',
        e(view["id"]),
        '">\n<header>\n  <h1 id="top">',
        bdi(heading),
        ' <a class="permalink" href="#top" aria-label="Permalink to ',
        e(heading),
        '">#</a></h1>\n  <ul class="labels" id="labels" aria-label="Labels">\n',
    ]
    for label in view["labels"]:
        kind = label.kind
        out += ['    <li class="label label-', e(kind), '">', bdi(label.text)]
        if kind != "preferred":
            out += [' <span class="kind">', e(kind), "</span>"]
        out.append("</li>\n")
    out.append("  </ul>\n")
    topics = view["topics"]
    if topics:
        out.append('  <ul class="chips topics" id="topics" aria-label="Topics">\n')
        for topic in topics:
            out += ['<li><a class="chip" href="', e(links.topic(topic)), '">', e(topic), "</a></li>"]
        out.append("  </ul>\n")
    languages = view["languages"]
    if len(languages) > 1:
        out.append('  <p class="languages" id="languages">Languages:\n')
        shown, last = view["shown_languages"], len(languages) - 1
        for number, tag in enumerate(languages):
            shape = '<strong lang="{0}">{0}</strong>' if tag in shown else '<span lang="{0}">{0}</span>'
            out.append(shape.format(e(tag)))
            if number < last:
                out.append(" · ")
        out.append("</p>\n")
    homonyms = view["homonym_of"]
    if homonyms:
        out.append('  <p class="homonyms">Not to be confused with:\n')
        last = len(homonyms) - 1
        for number, ref in enumerate(homonyms):
            out += ['<a href="', e(ref["href"]), '">', bdi(ref["label"]), "</a>"]
            if number < last:
                out.append(", ")
        out.append("</p>\n")
    out.append("</header>\n\n")
    conflicts = view["conflicts"]
    if conflicts:
        append_conflicts(out, conflicts)
    out.append(
        '\n<section id="definitions" aria-labelledby="definitions-h">\n'
        '  <h2 id="definitions-h" class="visually-hidden">Definitions</h2>\n'
    )
    for entry in view["entries"]:
        anchor = e(entry["anchor"])
        out += [
            '  <section class="definition" id="',
            anchor,
            '" lang="',
            e(entry["language"]),
            '">\n    <div class="provenance">\n      <span class="source-title">',
            e(entry["source_title"]),
            '</span>\n      <span class="source-path" title="',
            e(entry["source_path"]),
            '">',
            e(entry["source_name"]),
            ":",
            e(entry["line"]),
            "</span>\n",
        ]
        locator = entry["locator"]
        if locator:
            out += ['        <span class="locator locator-', e(locator["kind"]), '">']
            if locator["url"]:
                url, text = e(locator["url"]), e(locator["text"])
                out += ['<a href="', url, '" rel="nofollow noopener">', text, "</a>"]
            else:
                out.append(e(locator["text"]))
            out.append("</span>\n")
        if entry["term"] != heading:
            out += ['<span class="term">as “', bdi(entry["term"]), "”</span>"]
        out += [
            '      <a class="permalink" href="#',
            anchor,
            '" aria-label="Permalink to this definition">#</a>\n    </div>\n'
            '    <div class="definition-body">',
            e(link_mentions(entry["definition_html"], entry["mentions"], links)),
            "</div>\n",
        ]
        for formula in entry["formulas"]:
            out += ['    <div class="formula-block">', e(formula["html"]), "</div>\n"]
        if entry["origin"]:
            out += ['<p class="origin muted">Origin: ', e(origin_html(entry["origin"])), "</p>"]
        entry_links = entry["links"]
        if entry_links:
            out.append('    <p class="links muted">Read more:\n')
            last = len(entry_links) - 1
            for number, link in enumerate(entry_links):
                if link["url"]:
                    url, text = e(link["url"]), e(link["text"])
                    out += ['<a href="', url, '" rel="nofollow noopener">', text, "</a>"]
                else:
                    out.append(e(link["text"]))
                if number < last:
                    out.append("; ")
            out.append("</p>\n")
        out.append("  </section>\n")
    out.append("</section>\n\n")
    see_also, mentions = view["see_also"], view["mentions"]
    if see_also or mentions:
        out.append(
            '<section id="related" aria-labelledby="related-h">\n  <h2 id="related-h">Related '
            '<a class="permalink" href="#related" aria-label="Permalink to related concepts">#</a></h2>\n'
        )
        if see_also:
            out.append('<h3>See also</h3>\n  <ul class="refs see-also">')
            _refs(out, see_also)
            out.append("</ul>")
        if mentions:
            out.append('<h3>Mentions</h3>\n  <ul class="refs mentions">')
            _refs(out, mentions)
            out.append("</ul>")
        out.append("</section>\n")
    out.append("\n")
    mentioned_in = view["mentioned_in"]
    if mentioned_in:
        out.append(
            '<section id="mentioned-in" aria-labelledby="mentioned-in-h">\n  <h2 id="mentioned-in-h">'
            'Mentioned in <a class="permalink" href="#mentioned-in" aria-label="Permalink to backlinks">#</a>'
            '</h2>\n  <ul class="refs backlinks">'
        )
        _refs(out, mentioned_in)
        out.append("</ul>\n</section>\n")
    out += ['<p class="concept-id muted">id: <code>', e(view["id"]), "</code></p>\n</article>"]
    return "".join(out)


def append_conflicts(out: list[str], conflicts: list[dict[str, Any]]) -> None:
    """Append the "Sources disagree" aside: each conflict's reason and its sides' words and places."""
    e = escape_output
    out.append(
        '<aside class="conflicts" id="conflicts" aria-labelledby="conflicts-h">\n'
        '  <h2 id="conflicts-h">Sources disagree</h2>\n  <ul>\n'
    )
    for conflict in conflicts:
        out += ["    <li><p>", e(conflict["why"]), '</p>\n      <ul class="conflict-sides">\n']
        for side in conflict["sides"]:
            out += [
                "        <li><q>",
                e(side["words"]),
                '</q> <span class="source-path" title="',
                e(side["source"]),
                '">',
                e(side["name"]),
                ":",
                e(side["line"]),
                "</span></li>\n",
            ]
        out.append("      </ul>\n    </li>\n")
    out.append("  </ul>\n</aside>\n")


def _refs(out: list[str], refs: list[dict[str, str]]) -> None:
    """Append the `<li>` of each concept of a list of refs (`{href, label}`)."""
    for ref in refs:
        out += ['<li><a href="', escape_output(ref["href"]), '">', bdi(ref["label"]), "</a></li>"]
