"""HTML made from other people's text, sanitised against an allowlist (nh3).

A module of its own, so that what only needs sanitising (the MkDocs plugin's glossary page)
does not import the site's templates and what they import.
"""

from __future__ import annotations

import nh3

#: Tags a rendered definition may keep; everything else is stripped (its text kept).
ALLOWED_TAGS = frozenset(
    {"p", "em", "strong", "code", "pre", "a", "ul", "ol", "li", "br", "sub", "sup", "blockquote", "del"}
)
ALLOWED_ATTRIBUTES = {"a": {"href", "title"}}
ALLOWED_URL_SCHEMES = frozenset({"http", "https", "mailto"})


def sanitize_html(fragment: str) -> str:
    """Return `fragment` with every tag, attribute and URL outside the allowlist removed."""
    return nh3.clean(
        fragment,
        tags=set(ALLOWED_TAGS),
        attributes={k: set(v) for k, v in ALLOWED_ATTRIBUTES.items()},
        url_schemes=set(ALLOWED_URL_SCHEMES),
        link_rel="nofollow noopener noreferrer",
        strip_comments=True,
    )
