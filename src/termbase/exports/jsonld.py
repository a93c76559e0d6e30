"""The `jsonld` writer: schema.org `DefinedTermSet` with one `DefinedTerm` per concept.

Plain JSON-LD with an inline context (no remote context to fetch): `@vocab` is
schema.org, so `name`, `alternateName`, `description`, `termCode`, `inDefinedTermSet`
and `hasDefinedTerm` are schema.org terms. Provenance that schema.org has no words for
(each source entry with its path, line span and locator) uses the `tb:` namespace
(`urn:termbase:ns#`); see-also relations are `tb:related` links to other terms' `@id`,
and `tb:originUrls` link the papers an entry's origin cites (arXiv, DOI).
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from termbase.citations import origin_urls
from termbase.exports.base import ExportOptions
from termbase.exports.common import (
    CONCEPT_NS,
    SCHEME_URI,
    TB_NS,
    entry_provenance,
    label_languages,
    records,
    termbase_title,
)
from termbase.store import ConceptRecord, Termbase

CONTEXT = {
    "@vocab": "https://schema.org/",
    "tb": TB_NS,
    "tb:entries": {"@container": "@list"},
    "tb:labels": {"@container": "@list"},
    "tb:related": {"@type": "@id"},
    "tb:mentions": {"@type": "@id"},
    "inDefinedTermSet": {"@type": "@id"},
}


def _entry(stored: object) -> dict[str, object]:
    data = entry_provenance(stored)  # type: ignore[arg-type]
    node: dict[str, object] = {"@type": "tb:Entry"}
    for key, value in data.items():
        if key == "locator":
            if value:
                node["tb:locator"] = {f"tb:{k}": v for k, v in value.items()}  # type: ignore[union-attr]
            continue
        if isinstance(value, list):
            node[f"tb:{key}"] = {"@list": value}
        else:
            node[f"tb:{key}"] = value
    urls = origin_urls(str(data.get("origin") or ""))
    if urls:  # the papers the origin cites, as links
        node["tb:originUrls"] = [{"@id": url} for url in urls]
    return node


def defined_term(record: ConceptRecord) -> dict[str, object]:
    """Return one concept as a schema.org DefinedTerm."""
    languages = label_languages(record)
    definitions = [s.entry.definition for s in record.entries if s.entry.definition]
    term: dict[str, object] = {
        "@id": CONCEPT_NS + record.id,
        "@type": "DefinedTerm",
        "termCode": record.id,
        "name": {"@value": record.label, "@language": languages[record.label]},
        "inDefinedTermSet": SCHEME_URI,
    }
    others = [
        {"@value": label, "@language": languages[label]} for label in record.labels if label != record.label
    ]
    if others:
        term["alternateName"] = others
    if definitions:
        term["description"] = definitions[0]
    term["tb:labels"] = list(record.labels)
    for key, values in (
        ("tb:acronyms", record.acronyms),
        ("tb:expansions", record.expansions),
        ("tb:topics", record.topics),
    ):
        if values:
            term[key] = {"@list": list(values)}
    if record.homonym_of:
        term["tb:homonymOf"] = [{"@id": CONCEPT_NS + i} for i in record.homonym_of]
    related = [CONCEPT_NS + r.to_id for r in record.related if r.kind == "see_also"]
    mentions = [CONCEPT_NS + r.to_id for r in record.related if r.kind == "mentions"]
    if related:
        term["tb:related"] = related
    if mentions:
        term["tb:mentions"] = mentions
    term["tb:entries"] = [_entry(stored) for stored in record.entries]
    return term


class JsonLdWriter:
    name = "jsonld"
    description = "JSON-LD: a schema.org DefinedTermSet of DefinedTerms, with provenance"
    suffix = ".jsonld"

    def write(self, termbase: Termbase, options: ExportOptions) -> Iterator[str]:
        document = {
            "@context": CONTEXT,
            "@id": SCHEME_URI,
            "@type": "DefinedTermSet",
            "name": termbase_title(termbase),
            "hasDefinedTerm": [defined_term(r) for r in records(termbase)],
        }
        yield json.dumps(document, ensure_ascii=False, indent=1) + "\n"
