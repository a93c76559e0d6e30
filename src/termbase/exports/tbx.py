"""The `tbx` writer: TBX-Basic (TBX v3, ISO 30042:2019, DCA style), built with lxml.

One `conceptEntry` per concept (`id` = concept id), one `langSec` per language, one
`termSec` per label in that language. Per source entry, a `descripGrp` in its
language's `langSec` holds the `definition` with `<admin type="source">` (the source
path) and a `<note>` giving the line span and locator, so the provenance survives a TBX
tool, and for an entry that names the idea's origin a note `origin: …` with each cited
paper's link beside its arXiv id or DOI; a last `<note>`, `termbase-entry: {…}`, holds
the rest of the entry as JSON (term as written, its labels, source title, locator parts,
see-also, links, formulas, origin), and a `<note>` on the concept, `termbase-labels: […]`,
its labels in order — so termbase's own TBX reader restores every entry exactly. The
header's `sourceDesc` says the file is a termbase export (`urn:termbase:ns#`), by which that reader knows it.
Acronyms carry `termNote type="termType"` `acronym`, their expansions `fullForm`; the
preferred label is `preferredTerm-admn-sts`. See-also relations are
`<ref type="crossReference" target="id">`; topics are `descrip type="subjectField"`.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import TYPE_CHECKING

from termbase.citations import origin_with_urls
from termbase.control_chars import strip_controls
from termbase.exports.base import ExportOptions
from termbase.exports.common import TB_NS, entry_provenance, label_languages, records, termbase_title
from termbase.store import ConceptRecord, Termbase

if TYPE_CHECKING:  # lxml is imported when a TBX file is written, not with the exports package
    from lxml import etree

TBX_NS = "urn:iso:std:iso:30042:ed-2"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
#: Where the TBX-Basic dialect's RELAX NG schema is published (LTAC Global's repository).
_DIALECT_REPOSITORY = "LTAC-Global/TBX-Basic_dialect"
_SCHEMA_FILE = "TBXcoreStructV03_TBX-Basic_integrated.rng"
TBX_BASIC_RNG = f"https://raw.githubusercontent.com/{_DIALECT_REPOSITORY}/master/DCA/{_SCHEMA_FILE}"
RELAX_NG_NS = "http://relaxng.org/ns/structure/1.0"
#: The `<?xml-model?>` processing instruction that names the schema a TBX file follows.
TBX_MODEL = f'href="{TBX_BASIC_RNG}" type="application/xml" schematypens="{RELAX_NG_NS}"'


def _el(parent: etree._Element, tag: str, text: str | None = None, **attrs: str) -> etree._Element:
    from lxml import etree

    node = etree.SubElement(parent, f"{{{TBX_NS}}}{tag}")
    for key, value in attrs.items():
        node.set(XML_LANG if key == "lang" else key, strip_controls(value))
    if text is not None:
        node.text = strip_controls(text)  # XML cannot carry control characters
    return node


#: The header paragraph that marks a TBX file as termbase's own export.
EXPORT_MARK = f"Exported by termbase ({TB_NS}): notes give each definition's original source lines."
#: Prefixes of the machine-readable notes (JSON follows).
ENTRY_NOTE = "termbase-entry: "
#: Opens the note that shows an entry's origin (the entry note carries it exactly).
ORIGIN_NOTE = "origin: "
LABELS_NOTE = "termbase-labels: "
#: Entry fields the entry note need not repeat (the descripGrp gives them).
_SHOWN = ("definition", "source")


def entry_note(stored: object, position: int) -> str:
    """Return the machine-readable note of one entry: its provenance as compact JSON.

    `position` is the entry's place among its concept's entries (`langSec`s group them by
    language, which is not their order).
    """
    data = {k: v for k, v in entry_provenance(stored).items() if k not in _SHOWN}  # type: ignore[arg-type]
    data["position"] = position
    return ENTRY_NOTE + json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def provenance_note(line: int, end_line: int, locator_text: str = "") -> str:
    """Return the note text that records where an entry was: `line 12-14; locator: Ch 3`."""
    span = f"line {line}" if end_line == line else f"line {line}-{end_line}"
    return span + (f"; locator: {locator_text}" if locator_text else "")


def concept_entry(body: etree._Element, record: ConceptRecord, labels: dict[str, str]) -> None:
    """Add one conceptEntry to the TBX body."""
    concept = _el(body, "conceptEntry", id=record.id)
    _el(concept, "note", LABELS_NOTE + json.dumps(list(record.labels), ensure_ascii=False))
    for topic in record.topics:
        _el(concept, "descrip", topic, type="subjectField")
    for relation in record.related:
        if relation.kind == "see_also":
            _el(concept, "ref", labels.get(relation.to_id, relation.to_id), type="crossReference",
                target=relation.to_id)
    languages = label_languages(record)
    order = list(dict.fromkeys([languages[record.label], *languages.values(),
                                *(s.entry.language for s in record.entries)]))
    acronyms = set(record.acronyms)
    expansions = set(record.expansions)
    for language in order:
        lang_sec = _el(concept, "langSec", lang=language or "und")
        for position, stored in enumerate(record.entries):
            if stored.entry.language != language:
                continue
            entry = stored.entry
            group = _el(lang_sec, "descripGrp")
            _el(group, "descrip", entry.definition, type="definition")
            _el(group, "admin", entry.source, type="source")
            locator = entry.locator.text if entry.locator else ""
            _el(group, "note", provenance_note(entry.line, entry.end_line, locator))
            if entry.origin.strip():  # readable in a TBX tool, each paper's link beside its id
                _el(group, "note", ORIGIN_NOTE + origin_with_urls(" ".join(entry.origin.split())))
            _el(group, "note", entry_note(stored, position))
        for label in (label for label in record.labels if languages[label] == language):
            term_sec = _el(lang_sec, "termSec")
            _el(term_sec, "term", label)
            if label in acronyms:
                _el(term_sec, "termNote", "acronym", type="termType")
            elif label in expansions:
                _el(term_sec, "termNote", "fullForm", type="termType")
            if label == record.label:
                _el(term_sec, "termNote", "preferredTerm-admn-sts", type="administrativeStatus")
        if not len(lang_sec.findall(f"{{{TBX_NS}}}termSec")):
            # TBX requires a termSec in every langSec: a definition in a language with no
            # label of its own is filed under the entry's own term.
            terms = dict.fromkeys(s.entry.term for s in record.entries if s.entry.language == language)
            for term in terms:
                _el(_el(lang_sec, "termSec"), "term", term)


def build_document(termbase: Termbase) -> etree._ElementTree:
    """Return the termbase as a TBX-Basic document tree."""
    from lxml import etree

    root = etree.Element(f"{{{TBX_NS}}}tbx", nsmap={None: TBX_NS})
    root.set("type", "TBX-Basic")
    root.set("style", "dca")
    root.set(XML_LANG, "en")
    header = _el(root, "tbxHeader")
    file_desc = _el(header, "fileDesc")
    _el(_el(file_desc, "titleStmt"), "title", termbase_title(termbase))
    source_desc = _el(file_desc, "sourceDesc")
    _el(source_desc, "p", EXPORT_MARK)
    for source in termbase.sources():
        _el(source_desc, "p", f"{source.title} ({source.path}), read as {source.reader}")
    body = _el(_el(root, "text"), "body")
    labels = {cid: label for cid, label, *_ in termbase.summaries()}
    for record in records(termbase):
        concept_entry(body, record, labels)
    tree = etree.ElementTree(root)
    root.addprevious(etree.ProcessingInstruction("xml-model", TBX_MODEL))
    return tree


class TbxWriter:
    name = "tbx"
    description = "TBX-Basic (TBX v3, DCA style) for translation and terminology tools"
    suffix = ".tbx"

    def write(self, termbase: Termbase, options: ExportOptions) -> Iterator[str]:
        from lxml import etree

        tree = build_document(termbase)
        yield etree.tostring(tree, encoding="unicode", pretty_print=True).join(
            ['<?xml version="1.0" encoding="UTF-8"?>\n', ""]
        )
