"""Count the built-in glossary's concepts whose origin links the paper (an arXiv id or a DOI).

Run: PYTHONPATH=src python scripts/origin_coverage.py [--list-unlinked]
A link is what the web pages render as one (termbase.web.render.origin_html), so the figure
is the share of concept pages that carry a link to the origin paper.
"""

from __future__ import annotations

import sys

from termbase.builtin import glossary_files
from termbase.lint import read_glossary
from termbase.web.render import origin_html


def main(argv: list[str]) -> int:
    entries, problems = read_glossary(glossary_files())
    if problems:
        print("\n".join(map(str, problems)), file=sys.stderr)
        return 1
    paper_hosts = ('href="https://arxiv.org/', 'href="https://doi.org/')
    linked = [e for e in entries if any(h in str(origin_html(e.origin)) for h in paper_hosts)]
    with_origin = sum(1 for e in entries if e.origin.strip())
    total = len(entries)
    print(f"concepts: {total}")
    print(f"with an origin: {with_origin} ({with_origin / total:.1%})")
    print(f"origin linked by arXiv id or DOI: {len(linked)} ({len(linked) / total:.1%})")
    if "--list-unlinked" in argv:
        ids = {e.concept_id for e in linked}
        print("\n".join(e.concept_id for e in entries if e.concept_id not in ids))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
