"""The `skos` writer: a SKOS concept scheme in Turtle (or RDF/XML), built with rdflib.

Per concept: a `skos:Concept` with `skos:prefLabel` (one per language), `skos:altLabel`
for every other label, `skos:definition` per source entry (language-tagged),
`skos:related` for see-also relations, `skos:inScheme`/`skos:topConceptOf`, and
`dcterms:source` for every source path it came from. Each source entry is also given
in full as a `tb:entry` node (namespace `urn:termbase:ns#`): term, labels, definition,
source path and title, line span, locator parts, language, see-also, links, formulas,
origin — so a SKOS reader can restore the provenance — and `tb:originUrl` links to the
papers the origin cites (arXiv, DOI). Definitions that name another concept are
`tb:mentions` links.

rdflib is imported only when a SKOS file is written (`skos_graph`): it holds 13 MB, which
every process that imports the exports package (a web server showing concepts as JSON)
would otherwise carry.
"""

from __future__ import annotations

from collections.abc import Iterator

from termbase.exports.base import ExportOptions
from termbase.store import Termbase


class SkosWriter:
    name = "skos"
    description = "SKOS concept scheme in Turtle (RDF/XML with --rdf-xml), for Skosmos and RDF tools"
    suffix = ".ttl"

    def write(self, termbase: Termbase, options: ExportOptions) -> Iterator[str]:
        from termbase.exports.skos_graph import build_graph  # rdflib: only when writing SKOS

        graph = build_graph(termbase)
        yield graph.serialize(format="xml" if options.rdf_xml else "turtle")
