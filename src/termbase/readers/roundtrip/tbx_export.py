"""termbase's own `tbx` export read back, provenance restored.

Known by the header paragraph the writer puts in `sourceDesc` (it names the `tb:`
namespace). Each `conceptEntry` (`id` = concept id) has a `termbase-labels` note with
its labels in order; each `descripGrp` holds one source entry: the definition, the
source path (`<admin type="source">`), the line span and locator (`<note>`), and a
`termbase-entry` note with the rest as JSON — so every entry comes back exactly (see
`restore`). A descripGrp without that note (a file edited in a TBX tool) still
comes back from its definition, source and line note, with the concept's labels.
Acronyms and expansions are the termNotes `acronym` / `fullForm`; topics the
`subjectField` descrips. Each entry claims the lines of its conceptEntry.
"""

from __future__ import annotations

import json
import re

from lxml import etree

from termbase.exports.common import TB_NS
from termbase.exports.tbx import ENTRY_NOTE, LABELS_NOTE, TBX_NS
from termbase.model import ReadResult
from termbase.readers.roundtrip.restore import ExportedConcept, restore
from termbase.readers.standards.tbx import element_end_line, parse_tbx

XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
NS = {"t": TBX_NS}
_SPAN = re.compile(r"^line (\d+)(?:-(\d+))?(?:; locator: (.*))?$", re.S)
REASON_FRAME = "TBX framing of a termbase export (header, body tags) — no glossary entry"


def _json_note(element: etree._Element, prefix: str) -> object:
    for note in element.findall("t:note", NS):
        text = note.text or ""
        if text.startswith(prefix):
            try:
                return json.loads(text[len(prefix):])
            except ValueError:
                return None
    return None


def _entry(group: etree._Element, language: str) -> dict | None:
    source = group.findtext("t:admin[@type='source']", default="", namespaces=NS)
    data = _json_note(group, ENTRY_NOTE)
    found: dict = dict(data) if isinstance(data, dict) else {}
    if not isinstance(data, dict):
        for note in group.findall("t:note", NS):
            match = _SPAN.match(note.text or "")
            if match:
                found.update(line=int(match[1]), end_line=int(match[2] or match[1]), locator=match[3])
                break
        else:
            return None
        found.setdefault("language", "" if language == "und" else language)
    found["source"] = source
    found["definition"] = group.findtext("t:descrip[@type='definition']", default="", namespaces=NS)
    return found


class TermbaseTbxReader:
    name = "termbase-tbx"
    description = "termbase's own TBX export (its header names the tb: namespace), restored"

    def detect(self, text: str) -> float:
        """Return 0.97 for a `<tbx>` document whose header carries our export mark."""
        head = text[:10000]
        return 0.97 if "<tbx" in head and TB_NS in head and "termbase-labels" in text[:40000] else 0.0

    def read(self, text: str, source: str) -> ReadResult:
        root = parse_tbx(text, source)
        lines = text.splitlines()
        concepts = []
        for element in root.iterfind(".//t:conceptEntry", NS):
            labels = _json_note(element, LABELS_NOTE)
            terms = element.findall("t:langSec/t:termSec", NS)
            preferred = [
                t.findtext("t:term", default="", namespaces=NS)
                for t in terms
                if t.findtext("t:termNote[@type='administrativeStatus']", namespaces=NS)
                == "preferredTerm-admn-sts"
            ]
            if not isinstance(labels, list):
                labels = [t.findtext("t:term", default="", namespaces=NS) for t in terms]
            labels = [str(label) for label in labels]

            def typed(kind: str, terms: list = terms) -> list[str]:
                return [
                    t.findtext("t:term", default="", namespaces=NS)
                    for t in terms
                    if t.findtext("t:termNote[@type='termType']", namespaces=NS) == kind
                ]

            entries = []
            for lang_sec in element.findall("t:langSec", NS):
                language = lang_sec.get(XML_LANG) or "en"
                for group in lang_sec.findall("t:descripGrp", NS):
                    entry = _entry(group, language)
                    if entry is not None:
                        entries.append(entry)
            entries.sort(key=lambda entry: entry.get("position", 0))
            concepts.append(
                ExportedConcept(
                    id=element.get("id") or "",
                    label=labels[0] if labels else (preferred[0] if preferred else ""),
                    labels=labels,
                    entries=entries,
                    topics=[d.text or "" for d in element.findall("t:descrip[@type='subjectField']", NS)],
                    acronyms=typed("acronym"),
                    expansions=typed("fullForm"),
                    span=(element.sourceline or 1, element_end_line(element, lines)),
                )
            )
        title = root.findtext("t:tbxHeader/t:fileDesc/t:titleStmt/t:title", default="", namespaces=NS)
        return restore(concepts, text, source, title or "termbase TBX export", REASON_FRAME)

