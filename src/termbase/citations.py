"""Where a cited paper can be found: the arXiv ids, DOIs and addresses an origin names.

An origin is free text ("Ainslie et al., 2023, arXiv:2305.13245"); pages render each
citation in it as a link, and exports that cannot carry HTML give the link beside it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: An arXiv id, a DOI (with or without `doi:`), or an http(s) address, as sources write them.
_CITATION = re.compile(
    r"(?P<arxiv>\barXiv:\s?(?P<arxiv_id>\d{4}\.\d{4,5}(?:v\d+)?))"
    r"|(?P<doi>\b(?:doi:\s?)?(?P<doi_id>10\.\d{4,9}/[^\s,;]+[^\s,;.)]))"
    r"|(?P<url>\bhttps?://[^\s<>\"]+[^\s<>\".,;)])",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Citation:
    """One citation inside an origin: its span, its text as written and where it points."""

    start: int
    end: int
    text: str
    url: str


def citations(origin: str) -> tuple[Citation, ...]:
    """Return the arXiv ids, DOIs and addresses in `origin`, in order, each with its URL."""
    found: list[Citation] = []
    for match in _CITATION.finditer(origin):
        if match.group("arxiv"):
            url = f"https://arxiv.org/abs/{match.group('arxiv_id')}"
        elif match.group("doi"):
            url = f"https://doi.org/{match.group('doi_id')}"
        else:
            url = match.group("url")
        found.append(Citation(match.start(), match.end(), match.group(0), url))
    return tuple(found)


def origin_urls(origin: str) -> tuple[str, ...]:
    """Return the URL of each paper `origin` cites (arXiv ids and DOIs resolved), in order."""
    return tuple(dict.fromkeys(citation.url for citation in citations(origin)))


def origin_with_urls(origin: str) -> str:
    """Return `origin` as plain text with each arXiv id or DOI followed by its URL in brackets
    ("…, arXiv:2305.13245 (https://arxiv.org/abs/2305.13245)"); addresses stay as written."""
    out: list[str] = []
    position = 0
    for citation in citations(origin):
        out.append(origin[position : citation.end])
        if citation.url != citation.text:
            out.append(f" ({citation.url})")
        position = citation.end
    out.append(origin[position:])
    return "".join(out)
