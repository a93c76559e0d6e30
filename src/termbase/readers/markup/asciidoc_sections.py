"""AsciiDoc glossaries with a section per term: `=== term`, then the definition paragraph.

Example (the shape, written for the tests)::

    [[term-shed]]
    === shed
    alt:[shed opening]
    domain:[weaving]

    opening between raised and lowered warp threads through which the weft passes

    NOTE: A wider shed lets the shuttle pass more easily.

    (Source: Loom Notes, 1.4)

Terminology registers kept in AsciiDoc (Metanorma term sections, one file per concept in
some registers) name each term in a section title. The term level is the heading level
holding most headings (deeper on a tie); each such section is one entry up to the next
heading of its level or above. In the body: `alt:[…]`, `admitted:[…]`, `abbrev:[…]`,
`symbol:[…]` and `deprecated:[…]` give more labels, `domain:[…]` a topic; paragraphs are
the definition; `NOTE:` paragraphs and `[NOTE]` blocks, `[example]`/`EXAMPLE:` blocks and
the source — `(Source: …)` or `[.source]` with its reference — follow as paragraphs of
their own. Labels lose their inline markup (`AEE ^RV^` → `AEE RV`). The document title,
section titles above the term level, attributes, anchors and comments are reported.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace

from termbase.labels import clean_label, parse_term
from termbase.language_tags import known_language_tag
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.markup.asciidoc_inline import inline_markdown, plain_label
from termbase.readers.page_text import (
    REASON_DIVIDER,
    REASON_HEADING,
    REASON_NO_DEFINITION,
    REASON_TITLE,
    is_letter_divider,
    tidy,
)
from termbase.readers.record_fields import field_role

REASON_ATTRIBUTE = "document attribute or anchor line"
REASON_INCLUDE = "include directive (this file assembles others)"
REASON_COMMENT = "comment"
REASON_BEFORE = "document text before the first term"
REASON_DELIMITER = "block delimiter"
REASON_OUTSIDE = "document text outside the term sections"

MAX_TERM_WORDS = 10

_HEADING = re.compile(r"^(?P<marks>={1,6})\s+(?P<text>\S.*?)\s*=*\s*$")
_TERM_MACRO = re.compile(
    r"^(?P<kind>alt|admitted|abbrev|symbol|deprecated|preferred|domain):\[(?P<text>.*)\]\s*$"
)
_LABELED_LIST = re.compile(r"^\S.*?(?:::|;;)(?:\s|$)")
_SOURCE = re.compile(r"^\((?:source|from|after)\s*:\s*(?P<text>.+)\)\.?$", re.I)
_ADMONITION = re.compile(r"^(?P<kind>NOTE|TIP|IMPORTANT|WARNING|CAUTION|EXAMPLE):\s+(?P<text>.*)$")
#: A line that only anchors the section below it: `[[id]]`, `[[id,text]]`, `[#id]`, or a malformed `[id]]`.
_ANCHOR_LINE = re.compile(r"^\[\[?[^\]\s]*\]\]?$")
_BLOCK_STYLE = re.compile(r"^\[(?P<style>[^\]]*)\]\s*$")
_DELIMITER = re.compile(r"^(?:={4,}|-{4,}|\.{4,}|\*{4,}|_{4,}|\+{4,}|--)\s*$")


@dataclass(frozen=True, slots=True)
class _Heading:
    index: int  # 0-based line index
    level: int
    text: str


def _headings(lines: list[str]) -> list[_Heading]:
    found = []
    in_block = ""
    for index, line in enumerate(lines):
        stripped = line.rstrip()
        if in_block:
            if stripped == in_block:
                in_block = ""
            continue
        if _DELIMITER.match(stripped) and stripped.startswith(("-", ".", "+", "/")):
            in_block = stripped
            continue
        match = _HEADING.match(stripped)
        if match:
            found.append(_Heading(index, len(match.group("marks")) - 1, match.group("text")))
    return found


def _term_level(headings: list[_Heading]) -> int | None:
    counts = Counter(h.level for h in headings if h.level >= 1)
    if not counts:
        return None
    return max(counts, key=lambda level: (counts[level], level))


def _is_term_text(text: str) -> bool:
    text = text.rstrip().removesuffix(":")  # `==== Audit Working Group:` names its term all the same
    words = plain_label(text).split()
    return 0 < len(words) <= MAX_TERM_WORDS and not text.rstrip().endswith((".", "!", "?", ":"))


#: A tagged region (`// tag::EN[]` … `// end::EN[]`), here named for the language it is in.
_TAG = re.compile(r"^//\s*(?P<kind>tag|end)::(?P<name>[\w-]+)\[\]\s*$")


def language_regions(lines: list[str]) -> list[tuple[int, int, str]]:
    """Return (first, last line index, language) of each tagged region whose tag is a language
    code (`// tag::DE[]`): one concept written in several languages, a region each."""
    regions = []
    opened: dict[str, int] = {}
    for index, line in enumerate(lines):
        match = _TAG.match(line.strip())
        if not match:
            continue
        if match["kind"] == "tag":
            opened[match["name"]] = index
        elif match["name"] in opened and (language := known_language_tag(match["name"])):
            regions.append((opened.pop(match["name"]), index, language))
    return regions if len({language for _, _, language in regions}) >= 2 else []


def _in_languages(entries: list[Entry], regions: list[tuple[int, int, str]], source: str) -> list[Entry]:
    """Return the entries with the language of the region each sits in, the n-th term of every
    language grouped as one concept (the same term written in each language)."""
    placed = []
    counts: Counter[str] = Counter()
    for entry in entries:
        language = next((lang for first, last, lang in regions if first < entry.line - 1 < last), "")
        if not language:
            placed.append(entry)
            continue
        position = counts[language]
        counts[language] += 1
        placed.append(replace(entry, language=language, group=f"{source}#concept-{position}"))
    return placed


class _Body:
    """The parts of one term section: extra labels, topics, and Markdown paragraphs."""

    def __init__(self) -> None:
        self.labels: list[str] = []
        self.topics: list[str] = []
        self.definition: list[str] = []
        self.extras: list[str] = []
        self.see_also: list[str] = []
        self.links: list[str] = []
        self.anchors: dict[str, str] = {}

    def markdown(self, text: str) -> str:
        return inline_markdown(tidy(text), self.anchors, self.see_also, self.links)


def _parse_body(lines: list[str], anchors: dict[str, str]) -> _Body:
    """Return the labels, topics and paragraphs of a term section's body lines."""
    body = _Body()
    body.anchors = anchors
    paragraphs: list[list[str]] = []
    styles: list[str] = []
    current: list[str] = []
    style = ""
    delimiter = ""
    for line in lines:
        stripped = line.strip()
        if delimiter:
            if stripped == delimiter:
                if delimiter.startswith(("-", ".")):  # a listing or literal block: kept as code
                    current, style = ["```\n" + "\n".join(current) + "\n```"], "code"
                delimiter = ""
                paragraphs.append(current)
                styles.append(style)
                current, style = [], ""
            else:
                current.append(line.rstrip() if delimiter.startswith(("-", ".")) else stripped)
            continue
        macro = _TERM_MACRO.match(stripped)
        if macro and not paragraphs and not current:
            target = body.topics if macro.group("kind") == "domain" else body.labels
            target.append(plain_label(macro.group("text")))
            continue
        if not stripped:
            if current:
                paragraphs.append(current)
                styles.append(style)
                current, style = [], ""
            continue
        if stripped.startswith("//") or (stripped.startswith(":") and re.match(r"^:[\w-]+!?:", stripped)):
            continue
        block = _BLOCK_STYLE.match(stripped)
        if block and not current:
            style = block.group("style").strip().casefold()
            continue
        if _DELIMITER.match(stripped) and not current:
            delimiter = line.strip()
            continue
        current.append(stripped)
    if current:
        paragraphs.append(current)
        styles.append(style)
    for paragraph, style in zip(paragraphs, styles, strict=True):
        fields = _labelled_fields(paragraph)
        if fields and style != "code":
            _add_fields(body, fields)
            continue
        text = " ".join(paragraph)
        if style == "code":
            (body.extras if body.extras else body.definition).append(text)
            continue
        admonition = _ADMONITION.match(text)
        source = _SOURCE.match(text)
        if source:
            body.extras.append("Source: " + body.markdown(source.group("text")))
        elif style == ".source" or (style.startswith("source") and "<<" in text):
            body.extras.append("Source: " + body.markdown(re.sub(r"<<([^,>]+)(?:,([^>]*))?>>", _cited, text)))
        elif admonition:
            body.extras.append(
                f"{admonition.group('kind').capitalize()}: {body.markdown(admonition.group('text'))}"
            )
        elif style in {"note", "tip", "example", "important", "warning", "caution"}:
            body.extras.append(f"{style.capitalize()}: {body.markdown(text)}")
        elif body.extras:
            body.extras.append(body.markdown(text))
        else:
            body.definition.append(body.markdown(text))
    return body


#: A line that names its field in emphasis: `*_Alternative names:_* AP, CV +`, `*Definition:* …`.
_FIELD_LINE = re.compile(r"^[*_]{1,3}(?P<name>[^*_:\n]{2,40}):[*_]{1,3}\s*(?P<value>.*?)\s*(?:\s\+)?$")


def _labelled_fields(paragraph: list[str]) -> list[tuple[str, str]]:
    """Return (field name, value) for a paragraph whose every line starts a field in emphasis
    (continuation lines join the field above), else []."""
    fields: list[tuple[str, str]] = []
    for line in paragraph:
        match = _FIELD_LINE.match(line.strip())
        if match:
            value = re.sub(r"^[*_\s]+", "", match.group("value")).removesuffix("+").strip()
            fields.append((match.group("name").strip(), value))
        elif fields:
            name, value = fields[-1]
            fields[-1] = (name, f"{value} {line.strip().removesuffix('+').strip()}".strip())
        else:
            return []
    return fields


def _add_fields(body: _Body, fields: list[tuple[str, str]]) -> None:
    """File labelled fields by their names' roles: other names become labels, the definition
    leads, every other field follows as `Name: value`."""
    for name, value in fields:
        role = field_role(name)
        if role == "alt":
            body.labels.extend(plain_label(part) for part in re.split(r",\s*|;\s*", value) if part.strip())
        elif role == "definition":
            body.definition.append(body.markdown(value))
        elif value:
            body.extras.append(f"{name}: {body.markdown(value)}")


def _cited(match: re.Match[str]) -> str:
    """Return a `<<ref,clause=3.1>>` citation as text: `ref, clause 3.1`."""
    detail = (match.group(2) or "").replace("=", " ").strip()
    return match.group(1).strip() + (f", {detail}" if detail else "")


class AsciiDocSectionsReader:
    """Reads AsciiDoc term sections (`=== term` then its definition); other lines are reported."""

    name = "asciidoc-sections"
    description = "AsciiDoc section per term: `=== term`, `alt:[…]`, definition, `NOTE:`, `(Source: …)`"

    def detect(self, text: str) -> float:
        """Return 0–1: high when term-like section titles each head a definition."""
        if not re.search(r"^={2,6}\s+\S", text, re.M):
            return 0.0
        lines = text.splitlines()
        labeled = sum(1 for line in lines if _LABELED_LIST.match(line) and not _HEADING.match(line))
        result = self.read(text, "")
        if not result.entries or labeled > len(result.entries):
            return 0.0
        headings = _headings(lines)
        level = _term_level(headings)
        terms = [h for h in headings if h.level == level]
        termlike = sum(1 for h in terms if _is_term_text(h.text)) / len(terms)
        defined = len(result.entries) / len(terms)
        if len(result.entries) == 1:
            return round(0.9 * termlike, 3)
        return round(0.9 * termlike * defined, 3)

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per term section and a reason for every other non-blank line."""
        lines = text.splitlines()
        headings = _headings(lines)
        level = _term_level(headings)
        entries: list[Entry] = []
        unused: list[Unused] = []
        covered: set[int] = set()
        title = ""
        first_term = None
        anchors = {}
        for heading in headings:
            above = lines[heading.index - 1].strip() if heading.index else ""
            found = re.findall(r"\[\[([^\],]+)", above + " " + heading.text)
            anchors.update(dict.fromkeys(found, plain_label(heading.text)))
        for position, heading in enumerate(headings):
            if heading.level == 0 and not title:
                title = plain_label(heading.text)
            if heading.level != level:
                continue
            if is_letter_divider(plain_label(heading.text)):
                unused.append(Unused(source, heading.index + 1, lines[heading.index].strip(), REASON_DIVIDER))
                covered.add(heading.index)
                continue
            first_term = heading.index if first_term is None else first_term
            following = [h.index for h in headings[position + 1 :] if h.level <= heading.level]
            end = (following[0] if following else len(lines)) - 1
            # blank lines and the next section's anchor (`[[id]]`, even a malformed `[id]]`) are not this body
            while end > heading.index and (not lines[end].strip() or _ANCHOR_LINE.match(lines[end].strip())):
                end -= 1
            body = _parse_body(lines[heading.index + 1 : end + 1], anchors)
            term = plain_label(heading.text.rstrip().removesuffix(":"))
            if (not body.definition and not body.extras) or not term:
                unused.append(
                    Unused(source, heading.index + 1, lines[heading.index].strip(), REASON_NO_DEFINITION)
                )
                covered.add(heading.index)
                continue
            names = [term, *(label for label in body.labels if label)]
            labels = tuple(
                dict.fromkeys(clean_label(n) for name in names for n in (name, *parse_term(name)[0]))
            )
            entries.append(
                Entry(
                    source=source,
                    line=heading.index + 1,
                    end_line=end + 1,
                    term=term,
                    labels=labels,
                    definition="\n\n".join([*body.definition, *body.extras]),
                    see_also=tuple(t for t in dict.fromkeys(body.see_also) if t not in labels),
                    links=tuple(dict.fromkeys(body.links)),
                    topics=tuple(dict.fromkeys(t for t in body.topics if t)),
                )
            )
            covered.update(range(heading.index, end + 1))
        for index, line in enumerate(lines):
            stripped = line.strip()
            if not stripped or index in covered:
                continue
            heading = _HEADING.match(stripped)
            if heading:
                reason = REASON_TITLE if len(heading.group("marks")) == 1 else REASON_HEADING
            elif stripped.startswith("//"):
                reason = REASON_COMMENT
            elif stripped.startswith("include::"):
                reason = REASON_INCLUDE
            elif re.match(r"^:[\w-]+!?:", stripped) or re.match(r"^\[\[?[^\]]*\]\]?$", stripped):
                reason = REASON_ATTRIBUTE
            elif _DELIMITER.match(stripped):
                reason = REASON_DELIMITER
            else:
                reason = REASON_BEFORE if first_term is None or index < first_term else REASON_OUTSIDE
            unused.append(Unused(source, index + 1, stripped, reason))
        regions = language_regions(lines)
        if regions:
            entries = _in_languages(entries, regions, source)
        return entries_and_unused(entries, unused, title)
