"""termbase's own `skos` export (Turtle or RDF/XML) read back, provenance restored.

Known by our namespaces: the `tb:` namespace (`urn:termbase:ns#`) and the concept
scheme `urn:termbase:scheme`. Each `skos:Concept` carries its labels in order
(`tb:labels`, the concept's own label first), its acronyms, expansions and topics, and
one `tb:entry` node per source entry with everything about it (source path and title,
line span, term, labels, definition, language, locator parts, see-also, links,
formulas, origin), so every entry comes back exactly (see `restore`). RDF keeps
no order of a subject's values: a concept's entries come back ordered by source and line,
which is the order the resolver keeps them in anyway.

Line accounting uses the SKOS reader's scanners: a concept's entries claim the lines of
the concept's description (in Turtle its entry nodes are written inside it); the other
blocks — prefixes, the scheme, and in RDF/XML the entry and list nodes written apart —
are reported as export framing.
"""

from __future__ import annotations

from rdflib import RDF, SKOS, Graph, Literal, Namespace, URIRef
from rdflib.collection import Collection
from rdflib.namespace import DCTERMS

from termbase.errors import InputError
from termbase.exports.common import CONCEPT_NS, SCHEME_URI, TB_NS
from termbase.model import ReadResult
from termbase.readers.roundtrip.restore import ExportedConcept, restore
from termbase.readers.standards.skos import (
    SKOS_NS,
    _base_for,
    _merge_runs,
    _parse,
    _turtle_blocks,
    _xml_blocks,
    syntax_of,
)

REASON_FRAME = (
    "SKOS export framing (prefixes, the scheme; in RDF/XML the entry and list nodes of a "
    "concept, read with it) — no glossary entry of its own"
)

TB = Namespace(TB_NS)


def is_skos_export(text: str) -> bool:
    """Return True when the head of an RDF text names our namespace, scheme and SKOS."""
    head = text[:5000]
    return TB_NS in head and SKOS_NS in head and (SCHEME_URI in text[:20000] or "concept:" in head)


def _text(graph: Graph, subject: object, predicate: URIRef) -> str:
    value = graph.value(subject, predicate)  # type: ignore[arg-type]
    return str(value) if value is not None else ""


def _items(graph: Graph, subject: object, predicate: URIRef) -> list[str]:
    head = graph.value(subject, predicate)  # type: ignore[arg-type]
    if head is None:
        return []
    return [str(item) for item in Collection(graph, head)]


def _entry(graph: Graph, node: object) -> dict:
    locator = None
    if graph.value(node, TB.locatorKind) is not None or graph.value(node, TB.locatorText) is not None:  # type: ignore[arg-type]
        locator = {
            "kind": _text(graph, node, TB.locatorKind),
            "text": _text(graph, node, TB.locatorText),
            "number": _text(graph, node, TB.locatorNumber),
            "title": _text(graph, node, TB.locatorTitle),
            "url": _text(graph, node, TB.locatorUrl),
        }
    line = graph.value(node, TB.line)  # type: ignore[arg-type]
    end_line = graph.value(node, TB.endLine)  # type: ignore[arg-type]
    return {
        "source": _text(graph, node, DCTERMS.source),
        "source_title": _text(graph, node, TB.sourceTitle),
        "line": int(line.toPython()) if isinstance(line, Literal) else 0,
        "end_line": int(end_line.toPython()) if isinstance(end_line, Literal) else None,
        "language": _text(graph, node, TB.language),
        "term": _text(graph, node, TB["term"]),
        "labels": _items(graph, node, TB.labels),
        "definition": _text(graph, node, TB.definition),
        "locator": locator,
        "see_also": _items(graph, node, TB.seeAlso),
        "links": _items(graph, node, TB.links),
        "formulas": _items(graph, node, TB.formulas),
        "origin": _text(graph, node, TB.origin),
    }


def _concept(graph: Graph, subject: URIRef, span: tuple[int, int]) -> ExportedConcept:
    ident = _text(graph, subject, SKOS.notation) or str(subject).removeprefix(CONCEPT_NS)
    labels = _items(graph, subject, TB.labels)
    entries = sorted(
        (_entry(graph, node) for node in graph.objects(subject, TB.entry)),
        key=lambda e: (e["source"], e["line"], e["end_line"] or 0, e["term"], e["definition"]),
    )
    return ExportedConcept(
        id=ident,
        label=labels[0] if labels else _text(graph, subject, SKOS.prefLabel),
        labels=labels,
        entries=entries,
        topics=sorted(str(t) for t in graph.objects(subject, TB.topic)),
        homonym_of=sorted(str(h).removeprefix(CONCEPT_NS) for h in graph.objects(subject, TB.homonymOf)),
        acronyms=[str(a) for a in graph.objects(subject, TB.acronym)],
        expansions=[str(e) for e in graph.objects(subject, TB.expansion)],
        span=span,
    )


class TermbaseSkosReader:
    name = "termbase-skos"
    description = "termbase's own SKOS export (Turtle or RDF/XML, tb: provenance), restored"

    def detect(self, text: str) -> float:
        """Return 0.97 for Turtle or RDF/XML that names our `tb:` namespace and scheme."""
        if syntax_of(text) not in ("turtle", "xml"):
            return 0.0
        return 0.97 if is_skos_export(text) else 0.0

    def read(self, text: str, source: str) -> ReadResult:
        syntax = syntax_of(text)
        base = _base_for(source)
        try:
            graph, _ = _parse(text, syntax, base)
            blocks = _merge_runs(_xml_blocks(text, base) if syntax == "xml" else _turtle_blocks(text, base))
        except InputError as error:
            raise InputError(error.message, path=source, line=error.line, hint=error.hint) from None
        spans: dict[str, tuple[int, int]] = {}
        for block in blocks:
            if block.kind == "node" and block.subject.startswith(CONCEPT_NS):
                spans.setdefault(block.subject, (block.start, block.end))
        concepts = []
        for subject in sorted(graph.subjects(RDF.type, SKOS.Concept)):
            if isinstance(subject, URIRef) and graph.value(subject, TB.labels) is not None:
                span = spans.get(str(subject), (1, 0))
                concepts.append(_concept(graph, subject, span))
        title = _text(graph, URIRef(SCHEME_URI), DCTERMS.title) or "termbase SKOS export"
        return restore(concepts, text, source, title, REASON_FRAME)
