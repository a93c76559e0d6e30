"""The `llms` writer: glossary-data.txt, every concept as one plain-text block for LLMs.

The same text the web app serves at /glossary-data.txt and the static site writes (see
`termbase.web.llms`): labels, topics, each source's definition with its provenance
and origin (the paper with its arXiv or DOI link), formulas as LaTeX, see-also ids.
"""

from __future__ import annotations

from collections.abc import Iterator

from termbase.exports.base import ExportOptions
from termbase.store import Termbase


class LlmsWriter:
    """Writes glossary-data.txt."""

    name = "llms"
    description = "glossary-data.txt: every concept as a plain-text block, for language models"
    suffix = ".txt"

    def write(self, termbase: Termbase, options: ExportOptions) -> Iterator[str]:
        """Yield the header, then one block per concept, ordered by label."""
        from termbase.web.llms import glossary_data_blocks, glossary_data_header
        from termbase.web.pages import site_title

        yield glossary_data_header(site_title(termbase.path))
        for number, block in enumerate(glossary_data_blocks(termbase)):
            yield ("\n" if number == 0 else "\n\n") + block
        yield "\n"
