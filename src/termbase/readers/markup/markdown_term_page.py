"""A Markdown page about one term: `# Term`, its definition, then sections named for a field.

The shape of glossaries kept as a folder of one file per term (example in our own words)::

    # Kiln

    An oven that fires clay until it is hard.
    Source: https://example.org/pottery

    ## Alternate Terms

    * Oven

    ## Tags

    Category:Firing
    Graph:Kiln -->|fires|Clay[Clay]

The page opens with the term's heading; the text below it, up to the next heading, is the
definition (`Source:`-style lines whose key names a link give its links). A heading named
for a field (`Tags`, `Category`, `Related Terms`, `Synonyms`, `Alternate Terms`, `See also`;
see `record_fields`) opens a section whose list items or `Key:Value` lines give topics,
other names or see-also targets; lines there of no known field are reported. A second term
heading at the same level starts a second entry (`# Node`, then `# Node (software)`). A term
heading with no definition under it is a placeholder, reported.

A page of one heading and a paragraph could as well be a folder's README, so such a page
alone is too weak to be sure of (see `detect`); the build reads it in this shape when most
pages of its folder have it (see `build.read_sources`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from termbase.labels import clean_label, parse_term
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.markup.markdown_parsing import clean_markdown, heading_attributes, web_links
from termbase.readers.record_fields import field_role, find_urls

_HEADING = re.compile(r"^(?P<marks>#{1,6})[ \t]+(?P<text>.*?)[ \t]*#*[ \t]*$")
_FENCE = re.compile(r"^\s*(```|~~~)")
_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?P<text>\S.*)$")
_KEY_VALUE = re.compile(r"^(?P<key>[A-Za-z][\w ]{0,30}?)\s*:\s*(?P<value>\S.*)$")
_MARKDOWN_LINK = re.compile(r"\[(?P<text>[^\]]+)\]\([^)]*\)")
#: The field roles a section may give, and which entry field each fills.
SECTION_ROLES = frozenset({"topics", "alt", "see_also", "link"})
MAX_TERM_WORDS = 10
MAX_TERMS = 3
MAX_BODY_LINES = 30
#: How sure the reader is of a page with a field section or a `Source:` line, and of one without.
SURE, UNSURE = 0.5, 0.25
REASON_FIELD_LINE = "line of a `{section}` section that names no known field"
REASON_FIELD_READ = "line of a `{{section}}` section, read into the entry above as its {role}"
REASON_SECTION = "heading of a field section (its lines are read into the entry above)"
REASON_PLACEHOLDER = "term heading with no definition under it (a placeholder)"
REASON_BEFORE = "text before the term heading"


@dataclass
class _Term:
    """A term heading's line, text, body lines and what its field sections gave."""

    line: int
    text: str
    body: list[tuple[int, str]] = field(default_factory=list)
    end: int = 0
    topics: list[str] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    see_also: list[str] = field(default_factory=list)
    links: list[str] = field(default_factory=list)


@dataclass
class _Page:
    terms: list[_Term]
    unused: list[tuple[int, str, str]]
    evidence: bool  # a tags or other-names section, or a `Source:` line: a term page, not a README
    shaped: bool  # the page has this shape at all


def _role(heading: str) -> str:
    role = field_role(clean_label(heading))
    return role if role in SECTION_ROLES else ""


def _page(text: str) -> _Page:
    lines = text.splitlines()
    terms: list[_Term] = []
    unused: list[tuple[int, str, str]] = []
    level = 0
    section = ""  # the field section the lines below belong to ("" in a term's body)
    section_name = ""
    evidence = False
    fenced = False
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        heading = None if fenced else _HEADING.match(line)
        if _FENCE.match(line):
            fenced = not fenced
        if heading:
            text_of = heading_attributes(heading["text"])[0]  # `# Term {#id .class}`: the term
            role = _role(text_of)
            if not level and not role:
                level = len(heading["marks"])
            if role and terms:
                # `See also` alone ends many a docs page: only tags or other names mark a term page
                section, section_name = role, clean_label(text_of)
                evidence = evidence or role != "see_also"
                unused.append((number, stripped, REASON_SECTION))
                continue
            if len(heading["marks"]) == level and not role:
                terms.append(_Term(number, clean_label(text_of), end=number))
                section = ""
                continue
            return _Page(terms, unused, evidence, False)  # a sub-heading of no field: a document
        if not stripped:
            continue
        if not terms:
            unused.append((number, stripped, REASON_BEFORE))
            continue
        term = terms[-1]
        if not section:
            term.end = number
            key = _KEY_VALUE.match(stripped)
            if key and field_role(key["key"]) == "link" and find_urls(key["value"]):
                term.links.extend(find_urls(key["value"]))
                evidence = True
            elif key and " " not in key["key"] and field_role(key["key"]) == "topics":
                term.topics.append(clean_label(key["value"]))  # `Category:Firing` under the definition
                evidence = True
                continue
            term.body.append((number, line))
            continue
        filed = _section_line(term, section, stripped)
        reason = REASON_FIELD_READ.format(role=filed) if filed else REASON_FIELD_LINE
        unused.append((number, stripped, reason.format(section=section_name)))
    for term in terms:
        unused.extend(_property_block(term))
    shaped = bool(terms) and len(terms) <= MAX_TERMS and not fenced
    shaped = shaped and all(
        len(t.text.split()) <= MAX_TERM_WORDS and len(t.body) <= MAX_BODY_LINES for t in terms
    )
    return _Page(terms, unused, evidence, shaped)


def _section_line(term: _Term, role: str, line: str) -> str:
    """File a field section's line under its term; return the field it filled ('' for none)."""
    item = _ITEM.match(line)
    key = None if item else _KEY_VALUE.match(line)
    if key:
        role = field_role(key["key"])
        value = key["value"]
    elif item:
        value = item["text"]
    else:
        value = line
    if role not in SECTION_ROLES:
        return ""
    value = clean_label(_MARKDOWN_LINK.sub(lambda m: m["text"], value))
    if not value:
        return ""
    {"topics": term.topics, "alt": term.labels, "see_also": term.see_also, "link": term.links}[role].append(
        value if role != "link" else (find_urls(value) or [value])[0]
    )
    return {"topics": "topic", "alt": "other name", "see_also": "see-also target", "link": "link"}[role]


class MarkdownTermPageReader:
    """Reads a Markdown page about one term (see the module docstring)."""

    name = "markdown-term-page"
    description = "Markdown page about one term: `# Term`, its definition, `## Tags` / `## Related Terms`"

    def detect(self, text: str) -> float:
        """Return 0.5 for a term page with a tags or other-names section or a `Source:` line, else 0.25."""
        if "#" not in text:
            return 0.0
        page = _page(text)
        if not page.shaped or not any(_definition(t) for t in page.terms):
            return 0.0
        return SURE if page.evidence else UNSURE

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per term heading with a definition; every other line is reported."""
        page = _page(text)
        lines = text.splitlines()
        entries: list[Entry] = []
        placeholders: set[int] = set()  # the lines of placeholder terms and of their sections
        starts = [*(t.line for t in page.terms[1:]), len(lines) + 1][: len(page.terms)]
        for term, following in zip(page.terms, starts, strict=True):
            definition = _definition(term)
            if not definition or not term.text:
                placeholders.update(n for n in range(term.line, following) if lines[n - 1].strip())
                continue
            labels, groups = parse_term(term.text)
            raw = "\n".join(line for _, line in term.body)
            entries.append(
                Entry(
                    source=source,
                    line=term.line,
                    end_line=max(term.end, term.line),
                    term=term.text,
                    labels=tuple(dict.fromkeys([*labels, *term.labels])),
                    groups=groups if not term.labels else (),
                    definition=definition,
                    see_also=tuple(dict.fromkeys(term.see_also)),
                    links=tuple(dict.fromkeys([*web_links(raw), *term.links])),
                    topics=tuple(dict.fromkeys(term.topics)),
                )
            )
        unused = [
            Unused(source, number, line, reason)
            for number, line, reason in page.unused
            if number not in placeholders
        ]
        unused += [Unused(source, n, lines[n - 1].strip(), REASON_PLACEHOLDER) for n in sorted(placeholders)]
        return entries_and_unused(entries, unused, page.terms[0].text if page.terms else "")


#: A page property: `Created: March 3, 2024`, `Last edited time: …` (a short capitalised key).
_PROPERTY = re.compile(r"^(?P<key>[A-Z][\w]*(?: [\w]+){0,2})\s*:\s+(?P<value>\S.*)$")
#: Keys a page-export tool writes for every page (Notion), enough alone to mark a property block.
PROPERTY_KEYS = frozenset({
    "created", "created time", "created by", "last edited", "last edited time", "last edited by",
    "last updated", "updated", "status", "owner", "type", "tags", "date",
})
REASON_PROPERTY = "page property (a `Key: value` block under the term, as Notion exports write), not its text"


def _property_block(term: _Term) -> list[tuple[int, str, str]]:
    """Take a block of `Key: value` lines that opens a term's body, with text after it (a Notion
    export's page properties: `Category: tools`, `Created: March 3, 2024`) out of the body: keys
    naming a field fill it, the rest are reported. Returns the reported lines."""
    block: list[tuple[int, str]] = []
    for number, line in term.body:
        if block and number != block[-1][0] + 1:
            break  # a blank line ends the block
        if not _PROPERTY.match(line.strip()):
            return []
        block.append((number, line))
    if len(block) == len(term.body) or not block:
        return []  # no text after it: the block is the body
    if len(block) == 1 and _PROPERTY.match(block[0][1].strip())["key"].casefold() not in PROPERTY_KEYS:
        return []  # one `Note: …` line opening the text is text
    reported = []
    for number, line in block:
        filed = _section_line(term, "", line.strip())
        read_as = REASON_FIELD_READ.format(role=filed).format(section="properties")
        reported.append((number, line.strip(), read_as if filed else REASON_PROPERTY))
    term.body = term.body[len(block) :]
    return reported


def _definition(term: _Term) -> str:
    """Return the term's body as its definition, without lines that only give a link."""
    kept = []
    for _, line in term.body:
        key = _KEY_VALUE.match(line.strip())
        if key and field_role(key["key"]) == "link" and find_urls(key["value"]):
            continue
        kept.append(line)
    return clean_markdown("\n".join(kept))
