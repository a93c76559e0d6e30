"""termbase's own `json` and `jsonld` exports read back, provenance restored.

`json`: the document `{"format": "termbase-export", "concepts": [...]}`, each concept as
`termbase.exports.common.concept_full` writes it. `jsonld`: the schema.org
`DefinedTermSet` whose `DefinedTerm`s carry `tb:labels` and `tb:entries` (namespace
`urn:termbase:ns#`). Both hold every entry in full, so both come back exactly (see
`restore`). Each entry claims the lines of its concept's object; the document's
other lines (format tag, meta, sources, context, set name) are reported as framing.
"""

from __future__ import annotations

import re

from termbase import safe_json
from termbase.errors import InputError
from termbase.exports.common import CONCEPT_NS, TB_NS
from termbase.exports.json import FORMAT_TAG
from termbase.model import ReadResult
from termbase.readers.roundtrip.restore import ExportedConcept, json_array_spans, restore


def _load(text: str, source: str) -> object:
    try:
        return safe_json.loads(text.lstrip("\ufeff"), source)
    except ValueError as error:
        raise InputError(f"not valid JSON ({error})", path=source) from None


def is_json_export(value: object) -> bool:
    """Return True for the top-level object of termbase's `json` export."""
    return (
        isinstance(value, dict)
        and value.get("format") == FORMAT_TAG
        and isinstance(value.get("concepts"), list)
    )


def is_jsonld_export(value: object) -> bool:
    """Return True for termbase's `jsonld` export: a DefinedTermSet with our `tb:` context."""
    if not isinstance(value, dict) or value.get("@type") != "DefinedTermSet":
        return False
    context = value.get("@context")
    return (
        isinstance(context, dict)
        and context.get("tb") == TB_NS
        and isinstance(value.get("hasDefinedTerm"), list)
    )


_JSON_HEAD = re.compile(r'\ufeff?\s*\{\s*"format"\s*:\s*"' + FORMAT_TAG + '"')
_LD_TB = re.compile(r'"tb"\s*:\s*"' + re.escape(TB_NS) + '"')
_LD_SET = re.compile(r'"@type"\s*:\s*"DefinedTermSet"')


class TermbaseJsonReader:
    name = "termbase-json"
    description = "termbase's own JSON export (format termbase-export), provenance restored"

    def detect(self, text: str) -> float:
        """Return 0.97 when the document opens with our format tag (judged on its head)."""
        return 0.97 if _JSON_HEAD.match(text) else 0.0

    def read(self, text: str, source: str) -> ReadResult:
        document = _load(text, source)
        if not is_json_export(document):
            raise InputError("not a termbase JSON export (no \"format\": \"termbase-export\")", path=source)
        assert isinstance(document, dict)
        raw = document["concepts"]
        spans = json_array_spans(text, "concepts", raw)
        concepts = []
        for index, value in enumerate(raw):
            concepts.append(
                ExportedConcept(
                    id=str(value["id"]),
                    label=str(value["label"]),
                    labels=[str(i["label"] if isinstance(i, dict) else i) for i in value["labels"]],
                    entries=list(value.get("entries") or ()),
                    topics=list(value.get("topics") or ()),
                    homonym_of=list(value.get("homonym_of") or ()),
                    acronyms=list(value.get("acronyms") or ()),
                    expansions=list(value.get("expansions") or ()),
                    span=spans[index] if spans else (1, len(text.splitlines())),
                )
            )
        return restore(concepts, text, source, "termbase JSON export")


def _plain(value: object) -> object:
    """Return a JSON-LD value without its `@list` / `@value` wrapping."""
    if isinstance(value, dict):
        if "@list" in value:
            return [_plain(v) for v in value["@list"]]
        if "@value" in value:
            return value["@value"]
    return value


def _ld_entry(node: dict) -> dict:
    data = {key[3:]: _plain(value) for key, value in node.items() if key.startswith("tb:")}
    locator = node.get("tb:locator")
    data["locator"] = {k[3:]: v for k, v in locator.items()} if isinstance(locator, dict) else None
    return data


class TermbaseJsonLdReader:
    name = "termbase-jsonld"
    description = "termbase's own JSON-LD export (schema.org DefinedTermSet with tb: provenance)"

    def detect(self, text: str) -> float:
        """Return 0.97 for a JSON document whose head has our `tb:` context and a DefinedTermSet."""
        head = text.lstrip("\ufeff \t\r\n")[:3000]
        if not head.startswith("{"):
            return 0.0
        return 0.97 if _LD_TB.search(head) and _LD_SET.search(head) else 0.0

    def read(self, text: str, source: str) -> ReadResult:
        document = _load(text, source)
        if not is_jsonld_export(document):
            raise InputError(
                "not a termbase JSON-LD export (a DefinedTermSet with the tb: context)", path=source
            )
        assert isinstance(document, dict)
        raw = document["hasDefinedTerm"]
        spans = json_array_spans(text, "hasDefinedTerm", raw)
        concepts = []
        for index, term in enumerate(raw):
            ident = str(term.get("termCode") or str(term.get("@id", "")).removeprefix(CONCEPT_NS))
            label = _plain(term.get("name"))
            homonyms = term.get("tb:homonymOf") or []
            concepts.append(
                ExportedConcept(
                    id=ident,
                    label=str(label),
                    labels=[str(v) for v in _plain(term.get("tb:labels")) or [label]],  # type: ignore[union-attr]
                    entries=[_ld_entry(node) for node in term.get("tb:entries") or ()],
                    topics=[str(v) for v in _plain(term.get("tb:topics")) or ()],  # type: ignore[union-attr]
                    homonym_of=[str(h.get("@id", "")).removeprefix(CONCEPT_NS) for h in homonyms],
                    acronyms=[str(v) for v in _plain(term.get("tb:acronyms")) or ()],  # type: ignore[union-attr]
                    expansions=[str(v) for v in _plain(term.get("tb:expansions")) or ()],  # type: ignore[union-attr]
                    span=spans[index] if spans else (1, len(text.splitlines())),
                )
            )
        return restore(concepts, text, source, str(document.get("name") or "termbase JSON-LD export"))
