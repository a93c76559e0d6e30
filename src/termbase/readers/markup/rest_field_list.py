"""reStructuredText field lists used as glossaries: `:Term: definition`, one field per entry.

The shape (written for the tests)::

    Kiln words
    ==========

    :Kiln: An oven that fires clay until it is hard.
    :Glaze: A glassy coat fused onto the pot in a
        second firing.
    :Slip: Clay thinned with water.

Each field at the left margin is one entry (indented fields are a directive's options): its
name the term, its body (the rest of the line and the lines indented under it) the
definition, reST inline markup made Markdown. A
page's bibliographic fields (`:Author:`, `:Date:`, `:Version:` …) and Sphinx's info fields
(`:param x:`, `:returns:`) are no glossary: a list of those is not read, and such fields in a
glossary list are reported. Titles, directives and other text are reported.
"""

from __future__ import annotations

import re

from termbase.labels import clean_label, parse_term
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.markup.rest_sphinx import Inline, inline_markdown, plain_term
from termbase.readers.markup.rest_table import _title
from termbase.readers.page_text import tidy

#: `:Field name: body` at the start of a line (a role, `:ref:`x``, has no space after its colon).
_FIELD = re.compile(r"^(?P<indent>[ \t]*):(?P<name>[^:`\s](?:[^:`]*[^:`\s])?):(?:[ \t]+(?P<body>.*))?$")
#: Fields that say something of the document, or of a function's signature, not terms.
_DOCUMENT_FIELDS = frozenset(
    {
        "author", "authors", "organization", "address", "contact", "version", "revision", "status",
        "date", "copyright", "dedication", "abstract", "license", "licence", "tags", "category",
        "orphan", "nocomments", "tocdepth", "nosearch", "summary", "keywords", "description",
    }
)  # fmt: skip
_INFO_FIELD = re.compile(
    r"^(?:param|parameter|arg|argument|key|keyword|kwarg|kwparam|type|raises?|raise|except|exception"
    r"|var|ivar|cvar|vartype|returns?|rtype|meta)\b",
    re.I,
)
MIN_ENTRIES = 3
#: The term fields must fill at least this share of the page's lines.
MIN_SHARE = 0.3
#: An AsciiDoc heading (`= Title`) or an Org drawer's end: their `:name: value` lines are no fields.
_OTHER_MARKUP = re.compile(r"^(?:={1,6} \S|[ \t]*:END:[ \t]*$)", re.MULTILINE | re.IGNORECASE)
#: A field name of more words than this is a sentence, not a term.
MAX_TERM_WORDS = 8
REASON_DOCUMENT_FIELD = "a field about the document or a signature (`:Author:`, `:param x:`), no term"
REASON_NO_DEFINITION = "field with no body"
REASON_OUTSIDE = "text outside the field list"


def _is_term_field(name: str) -> bool:
    """Return True for a field name that can be a term: not a document or signature field."""
    return (
        name.casefold() not in _DOCUMENT_FIELDS
        and not _INFO_FIELD.match(name)
        and len(name.split()) <= MAX_TERM_WORDS
    )


def _fields(lines: list[str]) -> list[tuple[int, int, str, str]]:
    """Return (first index, last index, name, body) of each top-level field of the page (an
    indented field is a directive's option, `:answer_a:` under `.. mchoice::`, or a nested
    list's); a body runs over the lines indented deeper."""
    starts = [(i, m) for i, line in enumerate(lines) if (m := _FIELD.match(line)) and not m["indent"]]
    if not starts:
        return []
    indent = 0
    found = []
    for index, match in starts:
        if len(match["indent"].expandtabs()) != indent:
            continue
        end, body = index, [match["body"] or ""]
        for j in range(index + 1, len(lines)):
            line = lines[j]
            if not line.strip():
                if j + 1 < len(lines) and _deeper(lines[j + 1], indent) and not _FIELD.match(lines[j + 1]):
                    body.append("")
                    continue
                break
            if not _deeper(line, indent):
                break
            end = j
            body.append(line.strip())
        found.append((index, end, match["name"], "\n".join(body)))
    return found


def _deeper(line: str, indent: int) -> bool:
    return bool(line.strip()) and len(line.expandtabs()) - len(line.expandtabs().lstrip()) > indent


class RestFieldListReader:
    """Reads reST field lists whose fields are terms: `:Term: definition`."""

    name = "rest-field-list"
    description = "reST field list `:Term: definition`, one field per entry"

    def detect(self, text: str) -> float:
        """Return 0.5–0.85 by how much of the page 3+ term fields fill (0 under MIN_SHARE); 0 when
        most fields are document or signature fields, and for AsciiDoc (`= Title`, whose `:name:`
        lines are attributes) and Org (`:END:` closes a drawer of `:name:` properties)."""
        if not re.search(r"^[ \t]*:[^:`\s]", text, re.MULTILINE) or _OTHER_MARKUP.search(text):
            return 0.0
        lines = text.splitlines()
        fields = _fields(lines)
        terms = [field for field in fields if _is_term_field(field[2]) and field[3].strip()]
        if len(terms) < MIN_ENTRIES or len(terms) * 2 < len(fields):
            return 0.0
        used = sum(last - first + 1 for first, last, _, _ in terms)
        share = used / max(1, sum(1 for line in lines if line.strip()))
        return round(0.5 + 0.35 * min(1.0, share), 3) if share >= MIN_SHARE else 0.0

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per term field; other fields and lines are reported."""
        lines = text.splitlines()
        entries: list[Entry] = []
        unused: list[Unused] = []
        taken: set[int] = set()
        for first, last, name, body in _fields(lines):
            span = [i for i in range(first, last + 1) if lines[i].strip()]
            taken.update(span)
            reason = "" if _is_term_field(name) else REASON_DOCUMENT_FIELD
            entry = None if reason else _entry(first, last, name, body, source)
            if entry is None:
                reason = reason or REASON_NO_DEFINITION
                unused += [Unused(source, i + 1, lines[i].strip(), reason) for i in span]
                continue
            entries.append(entry)
        unused += [
            Unused(source, i + 1, line.strip(), REASON_OUTSIDE)
            for i, line in enumerate(lines)
            if line.strip() and i not in taken
        ]
        return entries_and_unused(entries, unused, _title(lines))


def _entry(first: int, last: int, name: str, body: str, source: str) -> Entry | None:
    """Return the entry of one term field, or None when its name or body is empty."""
    found = Inline()
    term = clean_label(plain_term(name, found))
    paragraphs = [tidy(inline_markdown(part, found)) for part in re.split(r"\n\s*\n", body)]
    definition = "\n\n".join(part for part in paragraphs if part)
    if not term or not definition:
        return None
    labels, groups = parse_term(term)
    return Entry(
        source=source,
        line=first + 1,
        end_line=last + 1,
        term=term,
        labels=labels,
        groups=groups,
        definition=definition,
        see_also=tuple(dict.fromkeys(found.see_also)),
        links=tuple(dict.fromkeys(found.links)),
    )
