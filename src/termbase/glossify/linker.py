"""Which matches become links (density), and where a link goes (targets).

Density, as a course author wants it: by default a term is linked at its first occurrence
in each section (`section`), or once per page (`page`), or wherever it occurs (`all`); in
every mode at most once per paragraph, so a page that says "model" 300 times stays readable.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from termbase.errors import InputError
from termbase.matcher import Match, TermMatcher

DENSITIES = ("section", "page", "all")


@dataclass(frozen=True, slots=True)
class LinkTarget:
    """Where a concept's link goes: `base` + `c/<id>.html`, `base` + `<id>` when it ends in
    `#` (one glossary page), or `base` as a pattern with `{id}` in it. With `site_dir` (a
    folder `termbase site` wrote) links are paths relative to the page being written.
    """

    base: str = ""
    site_dir: str = ""

    def url(self, concept_id: str, page_dir: str = "") -> str:
        """Return the address of the concept's page, as seen from a page in `page_dir`."""
        if self.site_dir:
            target = posixpath.join(self.site_dir, "c", f"{concept_id}.html")
            return posixpath.relpath(target, page_dir or ".")
        if "{id}" in self.base:
            return self.base.replace("{id}", concept_id)
        base = self.base if not self.base or self.base.endswith(("/", "#")) else self.base + "/"
        if base.endswith("#"):
            return base + concept_id
        return f"{base}c/{concept_id}.html"


def check_link_base(base: str, option: str = "--link-to") -> str:
    """Return `base` if links can start with it, else raise InputError: a web address
    (http or https, with a host) or a path on the same site ('/glossary/', '../glossary/').
    A bare host ('example.org/glossary/') would make every link a broken relative path, and
    any other scheme ('javascript:') no glossary link."""
    from urllib.parse import urlsplit

    text = base.strip()
    stray_braces = set(text.replace("{id}", "")) & {"{", "}"}
    if stray_braces:  # 'https://x.org/{id' made every link '…/{id/c/<id>.html'
        raise InputError(
            f"{option} {base!r}: a pattern names the concept as {{id}}, and nothing else goes in braces",
            hint="e.g. https://example.org/glossary/{id}.html, or a base address without braces",
        )
    parts = urlsplit(text)
    if parts.scheme in ("http", "https") and parts.netloc:
        return text
    if not parts.scheme and text.startswith(("/", "./", "../")) and not text.startswith("//"):
        return text
    raise InputError(
        f"{option} {base!r}: links cannot start with this",
        hint="give a web address with its scheme (https://example.org/glossary/) "
        "or a path on the same site (/glossary/)",
    )


def check_density(first: str) -> str:
    """Return `first` if it is a density name, else raise InputError naming the choices."""
    if first not in DENSITIES:
        raise InputError(f"unknown density {first!r}", hint=f"use one of: {', '.join(DENSITIES)}")
    return first


@dataclass(frozen=True, slots=True)
class Placed:
    """A match chosen to become a link, with its address and tooltip text."""

    match: Match
    url: str
    definition: str


@dataclass
class Linker:
    """Chooses links in one document, walked in reading order: call `section()` at each
    heading, `paragraph()` at each block, then `choose(matches)` for the block's text."""

    matcher: TermMatcher
    url_for: Callable[[str], str]
    first: str = "section"
    skip: frozenset[str] = frozenset()
    among: Callable[[tuple[str, ...]], tuple[str, ...]] | None = None  # see TermMatcher.spans
    _in_section: set[str] = field(default_factory=set)
    _in_page: set[str] = field(default_factory=set)
    _in_paragraph: set[str] = field(default_factory=set)
    used: dict[str, int] = field(default_factory=dict)
    _by_url: dict[str, str] | None = None

    def __post_init__(self) -> None:
        # The concepts linked where the density looks: the section's, the page's, or (`all`) the
        # paragraph's. Each holds those of the paragraph too (a link is at most one a paragraph),
        # so a match is looked up in this set alone.
        self._seen = {"section": self._in_section, "page": self._in_page}.get(self.first, self._in_paragraph)

    def section(self) -> None:
        """A heading starts a new section."""
        self._in_section.clear()  # (cleared, not replaced: `_seen` may be this set)
        self._in_paragraph.clear()

    def paragraph(self) -> None:
        """A new paragraph (or list item, table cell, block) starts."""
        self._in_paragraph.clear()

    def allowed(self, concept_id: str) -> bool:
        """Return True if the concept may be linked here under the density rules."""
        return bool(concept_id) and concept_id not in self.skip and concept_id not in self._seen

    def existing(self, url: str = "", concept_id: str = "") -> None:
        """Note a link to a concept that is already in the text (a page glossified before),
        so re-running glossify adds no second link where the first one stands."""
        if not concept_id and url:
            if self._by_url is None:
                self._by_url = {self.url_for(cid): cid for cid in self.matcher.terms}
            concept_id = self._by_url.get(url, "")
        if concept_id:
            self._in_paragraph.add(concept_id)
            self._in_section.add(concept_id)
            self._in_page.add(concept_id)

    def seen_set(self) -> set[str]:
        """Return the concepts `take` refuses now (cleared in place at each section or paragraph,
        as the density reads them: for a caller that does what `take` does itself)."""
        return self._seen

    def take(self, concept_id: str) -> bool:
        """Return True if the concept is to be linked here (the density rules allow it), and
        remember that it is."""
        seen = self._seen  # (`allowed`, without a second call for each of a page's matches)
        if concept_id in seen or not concept_id or concept_id in self.skip:
            return False
        seen.add(concept_id)  # (the sets the density does not read are never read)
        self.used[concept_id] = self.used.get(concept_id, 0) + 1
        return True

    def choose(self, matches: Iterable[Match]) -> list[Placed]:
        """Return the matches to link, in order, and remember them."""
        return [
            Placed(match, self.url_for(match.concept_id), self.matcher.definition(match.concept_id))
            for match in matches
            if self.take(match.concept_id)
        ]
