"""DocBook glossaries (XML, or SGML-era files written like XML): `<glossentry>` items; DITA
glossary topics (`<glossentry>` with `<glossBody>`/`<glossAlt>`, often one per `.dita` file) too.

Example (the shape, written for the tests)::

    <glossary><title>Glossary</title>
      <glossdiv><title>B</title>
        <glossentry xml:id="gl-bobbin">
          <glossterm>bobbin</glossterm>
          <glossdef>
            <para>A spool holding thread under the needle&mdash;it feeds the lower stitch.</para>
            <glossseealso otherterm="gl-spool"/>
          </glossdef>
        </glossentry>
        <glossentry><glossterm>reel</glossterm><glosssee otherterm="gl-spool"/></glossentry>

SGML-era files that are no XML (upper-case tags, unquoted attributes, an SGML document
type) are read with libxml2's lenient HTML parser instead.

Each `<glossentry>` with a `<glossdef>` is one entry spanning `<glossentry>`..`</glossentry>`:
its `<glossterm>` is the term, `<acronym>`/`<abbrev>` beside it are more labels, the
`<glossdef>` body becomes Markdown, and `<glossseealso>` names see-also targets (by the
`otherterm` id, else by its text). An entry with `<glosssee>` and no definition is a
synonym: its term becomes another label of the entry it points at, and its lines are
reported as such. Named entities are replaced safely (see `xml_entities`); titles of the
glossary and of `<glossdiv>`s, markup lines and text outside the entries are reported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from lxml import etree

from termbase.errors import InputError
from termbase.labels import clean_label, parse_term
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.markup.xml_entities import (
    element_id,
    local_name,
    looks_like_sgml,
    parse_prepared,
    parse_sgml,
    prepare_xml,
)
from termbase.readers.page_text import REASON_DIVIDER, REASON_HEADING, REASON_TITLE, is_letter_divider, tidy
from termbase.readers.see_also_marks import SEE_ALSO_LEAD

REASON_MARKUP = "DocBook markup around the glossary entries"
REASON_OUTSIDE = "document text outside the glossary entries"
REASON_SYNONYM = "see-entry: `{term}` is filed as another name of `{target}`"
REASON_SEE_NOWHERE = "see-entry pointing at no entry in this file ({target})"
REASON_NO_TERM = "glossary entry with no <glossterm> (no term to file it under)"
REASON_NO_DEFINITION = "glossary entry with neither <glossdef> nor <glosssee>"
REASON_COMMENT = "XML comment"

#: Elements that give another name of the entry's idea: DocBook's `<acronym>`/`<abbrev>`
#: beside the term, DITA's `<glossAlt>` children (`<glossAcronym>`, `<glossSynonym>`, …).
_OTHER_NAMES = frozenset(
    {"acronym", "abbrev", "glossacronym", "glossabbreviation", "glossshortform", "glosssynonym"}
)

_CODE = frozenset(
    [
        "literal",
        "command",
        "filename",
        "option",
        "varname",
        "function",
        "code",
        "parameter",
        "classname",
        "envar",
        "userinput",
        "computeroutput",
        "systemitem",
        "constant",
        "type",
        "replaceable",
        "property",
        "methodname",
        "markup",
        "tag",
        "prompt",
        "keycap",
        "database",
        "errorcode",
        "returnvalue",
    ]
)
_BLOCK_CODE = frozenset({"programlisting", "screen", "literallayout", "synopsis", "cmdsynopsis"})
_LISTS = frozenset({"itemizedlist", "orderedlist", "simplelist"})
_DROPPED = frozenset({"indexterm", "remark", "anchor", "title", "titleabbrev", "info", "glossseealso"})
_CLOSE_ENTRY = re.compile(r"</(?:[\w.-]+:)?glossentry\s*>", re.I)
_TAG = re.compile(r"<[^<>]*>")
_OPEN_TAG_START = re.compile(r"^<[!?/]?[\w:.-]*")
#: An attribute: a name starting a run of name characters (the lookbehind; a search from
#: inside a long run of them would rescan it from every position), possessive quantifiers.
_ATTRIBUTE = re.compile(r"""(?<![\w:.-])[\w:.-]++\s*+=\s*+(?:"[^"]*"|'[^']*')""")
_DOCTYPE_LINES = re.compile(r"<!DOCTYPE\b(?:[^\[>]|\[.*?\])*>", re.S | re.I)
REASON_DOCTYPE = "document type declaration"


def _is_markup_line(line: str) -> bool:
    """Return True for a line of tags only (or the attribute lines of a tag split over lines)."""
    rest = _TAG.sub(" ", line.strip())
    rest = _OPEN_TAG_START.sub(" ", rest.strip())
    rest = _ATTRIBUTE.sub(" ", rest)
    return not re.search(r"\w", rest.replace("/>", "").replace(">", ""))


@dataclass
class _Draft:
    """One `<glossentry>` as read, before see-entries are folded into their targets."""

    element: etree._Element
    first: int
    last: int
    term: str
    labels: list[str]
    definition: str
    see: str = ""
    see_also: list[str] = field(default_factory=list)
    links: list[str] = field(default_factory=list)


def _inline(element: etree._Element, links: list[str], ids: dict[str, str]) -> str:
    """Return the Markdown for an element's mixed content (its text, children and their tails)."""
    parts = [element.text or ""]
    for child in element:
        name = local_name(child)
        if name and name not in _DROPPED and name != "footnote":
            inner = _inline(child, links, ids)
            if name in _CODE:
                parts.append(f"`{tidy(inner)}`")
            elif name in {"emphasis", "firstterm", "glossterm", "foreignphrase", "citetitle", "wordasword"}:
                strong = (child.get("role") or "").casefold() in {"bold", "strong"}
                parts.append(f"**{tidy(inner)}**" if strong else f"*{tidy(inner)}*")
            elif name in {"quote"}:
                parts.append(f"“{tidy(inner)}”")
            elif name in {"ulink", "link", "uri"}:
                url = child.get("url") or child.get("{http://www.w3.org/1999/xlink}href") or ""
                if url and not url.startswith("#") and ":" in url:
                    links.append(url)
                    parts.append(f"[{tidy(inner) or url}]({url})")
                else:
                    parts.append(tidy(inner) or ids.get(child.get("linkend") or "", ""))
            elif name == "xref":
                parts.append(ids.get(child.get("linkend") or "", child.get("linkend") or ""))
            elif name == "superscript":
                parts.append(f"^{tidy(inner)}^")
            elif name == "subscript":
                parts.append(f"~{tidy(inner)}~")
            else:
                parts.append(inner)
        parts.append(child.tail or "")
    return "".join(parts)


def _blocks(element: etree._Element, links: list[str], ids: dict[str, str]) -> list[str]:
    """Return the Markdown blocks of a `<glossdef>` (or any block container)."""
    blocks: list[str] = []
    loose = tidy(element.text or "")
    if loose:
        blocks.append(loose)
    for child in element:
        name = local_name(child)
        if not name or name in _DROPPED:
            pass
        elif name in _BLOCK_CODE:
            body = "".join(child.itertext()).strip("\n")
            blocks.append(f"```\n{body}\n```")
        elif name in _LISTS:
            marker = "1." if name == "orderedlist" else "-"
            items = [
                " ".join(_blocks(i, links, ids)) for i in child if local_name(i) in {"listitem", "member"}
            ]
            if items:
                blocks.append("\n".join(f"{marker} {item}" for item in items))
        elif name == "variablelist":
            rows: list[str] = []
            for item in child:
                if local_name(item) != "varlistentry":
                    continue
                terms = [tidy(_inline(t, links, ids)) for t in item if local_name(t) == "term"]
                body = [b for li in item if local_name(li) == "listitem" for b in _blocks(li, links, ids)]
                rows.append(f"- **{', '.join(terms)}**: " + " ".join(body))
            if rows:
                blocks.append("\n".join(rows))
        elif name in {"note", "tip", "warning", "caution", "important", "blockquote", "sidebar", "example"}:
            inner = _blocks(child, links, ids)
            if inner:
                label = "" if name in {"blockquote", "sidebar", "example"} else name.capitalize() + ": "
                blocks.append(label + "\n\n".join(inner))
        elif len(child) and all(local_name(c) in {"para", "simpara", "formalpara", ""} for c in child):
            blocks.extend(_blocks(child, links, ids))
        else:
            text = tidy(_inline(child, links, ids))
            if text:
                blocks.append(text)
        tail = tidy(child.tail or "")
        if tail:
            blocks.append(tail)
    return blocks


def _pointer(element: etree._Element, ids: dict[str, str]) -> str:
    """Return the term a `<glosssee>`/`<glossseealso>` points at: its target's term, else its text."""
    target = ids.get(element.get("otherterm") or "", "")
    text = tidy("".join(element.itertext()))
    text = re.sub(r"^see\s*:?\s+", "", SEE_ALSO_LEAD.sub("", text), flags=re.I).rstrip(".")
    return target or text


def _end_lines(text: str) -> list[int]:
    return [text.count("\n", 0, m.start()) + 1 for m in _CLOSE_ENTRY.finditer(text)]


class DocBookGlossaryReader:
    """Reads DocBook `<glossary>`/`<glossentry>` markup; other lines are reported."""

    name = "docbook"
    description = "DocBook `<glossentry>` items: `<glossterm>`, `<acronym>`, `<glossdef>`, `<glosssee>`"

    def detect(self, text: str) -> float:
        """Return 0.95 for markup with two or more `<glossentry>` items holding `<glossterm>`s."""
        if not text.lstrip().startswith("<"):
            return 0.0
        entries = len(re.findall(r"<(?:[\w.-]+:)?glossentry[\s>]", text, re.I))
        if not entries or not re.search(r"<(?:[\w.-]+:)?glossterm[\s>]", text, re.I):
            return 0.0
        return 0.95 if entries >= 2 else 0.6

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per defined `<glossentry>` and a reason for every other line."""
        prepared = prepare_xml(text, source)
        try:
            root = parse_prepared(prepared, source)
        except InputError:
            if not looks_like_sgml(text):
                raise
            root = parse_sgml(prepared, source)
        items = [el for el in root.iter() if local_name(el) == "glossentry"]
        ids = {}
        for item in items:
            term = next((c for c in item if local_name(c) == "glossterm"), None)
            if term is not None and element_id(item):
                ids[element_id(item)] = clean_label(tidy(_inline(term, [], {}).replace("`", "")))
        closes = _end_lines(prepared.text)
        drafts: list[_Draft] = []
        unused: list[Unused] = []
        covered: set[int] = set()
        previous_last = 0
        for index, item in enumerate(items):
            first = item.sourceline or 1
            last = max(first, closes[index] if index < len(closes) else first)
            if first <= previous_last < last:  # `</glossentry><glossentry>` on one line
                first = previous_last + 1
            previous_last = last
            draft = self._draft(item, first, last, ids)
            has_definition = any(local_name(child) == "glossdef" for child in item)
            if draft.term and (draft.definition or draft.see or has_definition):  # empty glossdef: a stub
                drafts.append(draft)
                continue
            reason = REASON_NO_TERM if not draft.term else REASON_NO_DEFINITION
            unused.extend(self._unused(text, source, first, last, reason))
            covered.update(range(first, last + 1))
        entries, see_unused = self._fold_synonyms(drafts, text, source)
        unused.extend(see_unused)
        for draft in drafts:
            covered.update(range(draft.first, draft.last + 1))
        title, furniture = self._furniture(root, text, source, covered)
        unused.extend(furniture)
        return entries_and_unused(entries, unused, title)

    @staticmethod
    def _draft(item: etree._Element, first: int, last: int, ids: dict[str, str]) -> _Draft:
        links: list[str] = []
        term_element = next((c for c in item if local_name(c) == "glossterm"), None)
        term = (
            clean_label(tidy(_inline(term_element, [], ids).replace("`", "")))
            if term_element is not None
            else ""
        )
        labels = list(parse_term(term)[0]) if term else []
        for child in item.iter():
            if (local_name(child) or "").casefold() in _OTHER_NAMES and child is not item:
                extra = clean_label(tidy("".join(child.itertext())))
                if extra and extra not in labels:
                    labels.append(extra)
        definitions = [child for child in item if local_name(child) == "glossdef"]
        definition = "\n\n".join(block for d in definitions for block in _blocks(d, links, ids))
        see_also = [
            _pointer(el, ids) for el in item.iter() if local_name(el) == "glossseealso" and _pointer(el, ids)
        ]
        see = next((_pointer(c, ids) for c in item if local_name(c) == "glosssee"), "")
        return _Draft(item, first, last, term, labels, definition, see, see_also, links)

    def _fold_synonyms(
        self, drafts: list[_Draft], text: str, source: str
    ) -> tuple[list[Entry], list[Unused]]:
        """Return the entries, the see-entries' terms added to their targets, and the see-entries' lines."""
        defined = [d for d in drafts if d.definition or not d.see]
        by_label = {label.casefold(): d for d in defined for label in (d.term, *d.labels)}
        unused: list[Unused] = []
        extra: dict[int, list[str]] = {}
        for draft in drafts:
            if draft.definition or not draft.see:
                continue
            target = by_label.get(draft.see.casefold())
            if target is None:
                reason = REASON_SEE_NOWHERE.format(target=draft.see or "no target named")
            else:
                extra.setdefault(id(target), []).extend(draft.labels)
                reason = REASON_SYNONYM.format(term=draft.term, target=target.term)
            unused.extend(self._unused(text, source, draft.first, draft.last, reason))
        entries = []
        for draft in defined:
            labels = tuple(dict.fromkeys([*draft.labels, *extra.get(id(draft), [])]))
            entry = Entry(
                source=source,
                line=draft.first,
                end_line=draft.last,
                term=draft.term,
                labels=labels,
                definition=draft.definition,
                see_also=tuple(t for t in dict.fromkeys(draft.see_also) if t not in labels),
                links=tuple(dict.fromkeys(draft.links)),
            )
            if draft.see:  # an entry with a definition AND a glosssee: the pointer is a see-also
                entry = replace(entry, see_also=tuple(dict.fromkeys([*entry.see_also, draft.see])))
            entries.append(entry)
        return entries, unused

    @staticmethod
    def _unused(text: str, source: str, first: int, last: int, reason: str) -> list[Unused]:
        lines = text.splitlines()
        return [
            Unused(source, n, lines[n - 1].strip(), reason)
            for n in range(first, min(last, len(lines)) + 1)
            if lines[n - 1].strip()
        ]

    @staticmethod
    def _furniture(
        root: etree._Element, text: str, source: str, covered: set[int]
    ) -> tuple[str, list[Unused]]:
        """Return the glossary title and a reason for every line outside the entries."""
        titles: dict[int, str] = {}
        glossary_title = ""
        for element in root.iter():
            if local_name(element) != "title" or element.sourceline is None:
                continue
            parent = element.getparent()
            while parent is not None and local_name(parent) in {"info", "glossaryinfo", "bookinfo"}:
                parent = parent.getparent()
            words = tidy("".join(element.itertext()))
            owner = local_name(parent) if parent is not None else ""
            if owner == "glossdiv":
                titles[element.sourceline] = REASON_DIVIDER if is_letter_divider(words) else REASON_HEADING
            elif owner == "glossary" and not glossary_title:
                glossary_title = words
                titles[element.sourceline] = REASON_TITLE
            else:
                titles.setdefault(element.sourceline, REASON_HEADING)
        doctype = _DOCTYPE_LINES.search(text)
        if doctype:
            start = text.count("\n", 0, doctype.start()) + 1
            for number in range(start, start + doctype.group(0).count("\n") + 1):
                titles.setdefault(number, REASON_DOCTYPE)
        comments = {
            n
            for c in root.iter(etree.Comment)
            for n in range(c.sourceline or 0, (c.sourceline or 0) + (c.text or "").count("\n") + 1)
        }
        unused = []
        for number, line in enumerate(text.splitlines(), start=1):
            stripped = line.strip()
            if not stripped or number in covered:
                continue
            if number in titles:
                reason = titles[number]
            elif number in comments or stripped.startswith("<!--"):
                reason = REASON_COMMENT
            elif _is_markup_line(stripped):
                reason = REASON_MARKUP
            else:
                reason = REASON_OUTSIDE
            unused.append(Unused(source, number, stripped, reason))
        return glossary_title, unused
