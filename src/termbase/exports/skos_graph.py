"""The SKOS graph of a termbase, built with rdflib (see `termbase.exports.skos`)."""

from __future__ import annotations

import re

from rdflib import BNode, Graph, Literal, Namespace, URIRef
from rdflib.collection import Collection
from rdflib.namespace import DCTERMS, RDF, SKOS, XSD

from termbase.citations import origin_urls
from termbase.control_chars import strip_controls
from termbase.exports.common import CONCEPT_NS, SCHEME_URI, TB_NS, label_languages, records, termbase_title
from termbase.store import ConceptRecord, Termbase

TB = Namespace(TB_NS)
#: A URL that is a valid IRI as written (no spaces, quotes, angle brackets, braces, ...).
_IRI = re.compile(r'^https?://[^\s<>"{}|\\^`]+$')


def concept_uri(concept_id: str) -> URIRef:
    """Return the URI of a concept."""
    return URIRef(CONCEPT_NS + concept_id)


def _lang(tag: str) -> str | None:
    return tag or None


def _list(graph: Graph, items: list[Literal]) -> BNode:
    """Return the head of an rdf:List of the items (RDF keeps no other order)."""
    head = BNode()
    Collection(graph, head, items)
    return head


def add_concept(graph: Graph, scheme: URIRef, record: ConceptRecord) -> None:
    """Add one concept, its labels, definitions, relations and entries to the graph."""
    node = concept_uri(record.id)
    graph.add((node, RDF.type, SKOS.Concept))
    graph.add((node, SKOS.inScheme, scheme))
    graph.add((node, SKOS.topConceptOf, scheme))
    graph.add((scheme, SKOS.hasTopConcept, node))
    graph.add((node, SKOS.notation, Literal(record.id)))
    languages = label_languages(record)
    # One prefLabel per language: the concept's label, then each other language's first.
    preferred = {languages[record.label]: record.label}
    for label in record.labels:
        preferred.setdefault(languages[label], label)
    for label in record.labels:
        kind = SKOS.prefLabel if preferred[languages[label]] == label else SKOS.altLabel
        graph.add((node, kind, Literal(label, lang=_lang(languages[label]))))
    graph.add((node, TB.labels, _list(graph, [Literal(label) for label in record.labels])))
    for acronym in record.acronyms:
        graph.add((node, TB.acronym, Literal(acronym)))
    for expansion in record.expansions:
        graph.add((node, TB.expansion, Literal(expansion)))
    for topic in record.topics:
        graph.add((node, TB.topic, Literal(topic)))
    for other in record.homonym_of:
        graph.add((node, TB.homonymOf, concept_uri(other)))
    for source in dict.fromkeys(s.entry.source for s in record.entries):
        graph.add((node, DCTERMS.source, Literal(source)))
    for stored in record.entries:
        entry = stored.entry
        if entry.definition:
            graph.add((node, SKOS.definition, Literal(entry.definition, lang=_lang(entry.language))))
        item = BNode()
        graph.add((node, TB.entry, item))
        graph.add((item, RDF.type, TB.Entry))
        graph.add((item, TB["term"], Literal(entry.term)))
        graph.add((item, TB.labels, _list(graph, [Literal(label) for label in entry.labels])))
        graph.add((item, TB.definition, Literal(entry.definition)))
        graph.add((item, TB.language, Literal(entry.language)))
        graph.add((item, DCTERMS.source, Literal(entry.source)))
        graph.add((item, TB.sourceTitle, Literal(stored.source_title)))
        graph.add((item, TB.line, Literal(entry.line, datatype=XSD.integer)))
        graph.add((item, TB.endLine, Literal(entry.end_line, datatype=XSD.integer)))
        if entry.origin:
            graph.add((item, TB.origin, Literal(entry.origin)))
            for url in origin_urls(entry.origin):  # the cited papers, as links
                if _IRI.match(url):
                    graph.add((item, TB.originUrl, URIRef(url)))
        if entry.locator:
            loc = entry.locator
            graph.add((item, TB.locatorKind, Literal(loc.kind)))
            graph.add((item, TB.locatorText, Literal(loc.text)))
            for prop, value in ((TB.locatorNumber, loc.number), (TB.locatorTitle, loc.title)):
                if value:
                    graph.add((item, prop, Literal(value)))
            if loc.url:
                graph.add((item, TB.locatorUrl, Literal(loc.url, datatype=XSD.anyURI)))
        lists = ((TB.seeAlso, entry.see_also), (TB.links, entry.links), (TB.formulas, entry.formulas))
        for prop, values in lists:
            if values:
                graph.add((item, prop, _list(graph, [Literal(v) for v in values])))
    for relation in record.related:
        target = concept_uri(relation.to_id)
        graph.add((node, SKOS.related if relation.kind == "see_also" else TB.mentions, target))


def build_graph(termbase: Termbase) -> Graph:
    """Return the whole termbase as an rdflib graph."""
    graph = Graph()
    graph.bind("skos", SKOS)
    graph.bind("dcterms", DCTERMS)
    graph.bind("tb", TB)
    graph.bind("concept", Namespace(CONCEPT_NS))
    scheme = URIRef(SCHEME_URI)
    graph.add((scheme, RDF.type, SKOS.ConceptScheme))
    graph.add((scheme, DCTERMS.title, Literal(termbase_title(termbase))))
    for source in termbase.sources():
        graph.add((scheme, DCTERMS.source, Literal(source.path)))
    for record in records(termbase):
        add_concept(graph, scheme, record)
    return xml_safe(graph)


def xml_safe(graph: Graph) -> Graph:
    """Return the graph with control characters (which XML cannot carry) taken out of literals."""
    unsafe = [(s, p, o) for s, p, o in graph if isinstance(o, Literal) and strip_controls(str(o)) != str(o)]
    for s, p, o in unsafe:
        graph.remove((s, p, o))
        graph.add((s, p, Literal(strip_controls(str(o)), lang=o.language, datatype=o.datatype)))
    return graph
