"""Markdown with a heading per term: `# Glossary`, `## A`, then `### term` and its body.

Shape of documentation-site glossaries (example from the test fixtures)::

    # Glossary

    ## B

    ### batch size

    How many examples one optimisation step looks at.

    <Tip>
    Larger batches need a larger learning rate.
    </Tip>

The term level is the heading level used most by headings that are not letter dividers.
Each heading at that level opens an entry that runs to the next heading at that level or
above; deeper headings, code fences, MDX components (`<Youtube id=…/>`, `<Tip>`) and
lists inside it belong to the definition. Headings above the term level (the page
title, letter dividers, closing sections) and text outside entries are reported.

Many Markdown pages have headings, so `detect` is sure only when the page says it is a
glossary: a glossary title, or letter-divider headings above the term headings.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace
from itertools import pairwise

from markdown_it.token import Token

from termbase.errors import InputError
from termbase.exports.markdown import LABEL_SEPARATOR, NO_DEFINITION, ORIGIN_PREFIX, origin_from_line
from termbase.labels import parse_term
from termbase.model import Entry, ReadResult, is_concept_id
from termbase.readers.base import ReadEntry, result_with_restored
from termbase.readers.markup.markdown_bold import separated_item
from termbase.readers.markup.markdown_parsing import (
    clean_markdown,
    front_matter,
    heading_attributes,
    link_references,
    markdown_links,
    parse_blocks,
    raw_heading_text,
    resolve_reference_links,
    token_lines,
    trim_furniture,
    unused_outside,
    web_links,
)
from termbase.readers.markup.name_lines import with_name_lines
from termbase.readers.page_text import (
    REASON_DIVIDER,
    REASON_NO_DEFINITION,
    REASON_UNTAKEN_TERM_LINE,
    is_letter_divider,
)
from termbase.readers.roundtrip.embedded import CONCEPT_MARK, embedded, restored_entries
from termbase.readers.roundtrip.restore import guess_locator

_GLOSSARY_WORDS = re.compile(
    r"glossary|glossaire|glosario|glossar|terminolog|vocabulary|\bdefinitions\b", re.I
)
#: A heading that is only the word "glossary" in another language (`# Glossário`, `# 术语表`).
_GLOSSARY_TITLE = re.compile(
    r"gloss[áa]rio|glossari|woordenlijst|ordlista|sanasto|słownik|glosář|szószedet|sözlük|"
    r"глоссарий|словник|用語集|用語解説|术语表|術語表|词汇表|詞彙表|名词解释|용어집|용어\s?사전",
    re.I,
)


def names_a_glossary(text: str) -> bool:
    """Return True for a title or file name that says "glossary" (`Project Glossary`, `用語集`)."""
    return bool(_GLOSSARY_WORDS.search(text)) or bool(_GLOSSARY_TITLE.fullmatch(text.strip()))


_SEE = re.compile(r"^\s*see\b", re.I)
MAX_TERM_WORDS = 8
MIN_TERMS = 4
#: A page that calls itself a glossary may have only this many term headings.
MIN_TITLED_TERMS = 2
#: A page that does not say it is a glossary needs this many term headings …
MIN_UNTITLED_TERMS = 8
#: … and sections this short (median non-blank lines of the sections that have a body).
MAX_UNTITLED_BODY_LINES = 8


_ANY_HEADING = re.compile(r"^ {0,3}#{1,6}\s+\S", re.MULTILINE)
REASON_EMPTY_HEADING = "section under a heading with no text (no term to file it under)"
#: The provenance line termbase's Markdown export writes after each definition.
_PROVENANCE = re.compile(
    r"^— \*(?P<title>.*)\*, `(?P<path>[^`]+)` line (?P<line>\d+)(?:-(?P<end>\d+))?"
    r"(?: \((?P<language>[\w-]+)\))?(?: · (?P<locator>.+))?$"
)
_ALSO = "*Also:* "
_SEE_ALSO = "*See also:* "


@dataclass(frozen=True, slots=True)
class Heading:
    """One heading of the page: its line, level (1–6), text and the `#id` its attribute list
    gives (`## Term {#term-id .class}`), if any."""

    line: int
    level: int
    text: str
    anchor: str = ""


#: A heading written with an HTML anchor right after its marks (`##<a name="x"></a>Term`),
#: which CommonMark reads as a paragraph for want of a space.
_UNSPACED_HEADING = re.compile(r"^( {0,3}#{1,6})(?=<(?:a|span)\b)", re.MULTILINE)
#: An inline link in heading text: `## [Sitelink](https://…)` names the term `Sitelink`.
_HEADING_LINK = re.compile(r"\[(?P<text>[^\[\]]+)\]\((?P<href>[^()\s]*(?:\([^()\s]*\)[^()\s]*)*)\)")


def spaced_headings(text: str) -> str:
    """Return `text` with a space put after the marks of headings that open on an HTML anchor
    (`##<a name="x"></a>Term`): their author meant a heading like the others."""
    return _UNSPACED_HEADING.sub(r"\1 ", text)


def page_headings(text: str, tokens: list[Token] | None = None) -> list[Heading]:
    """Return every heading of the page, in order; a heading that is a link keeps its text.
    `tokens`: the page's parse, when the caller has it (a large page's parse is large)."""
    tokens = parse_blocks(text) if tokens is None else tokens
    headings = []
    for i, t in enumerate(tokens):
        if t.type == "heading_open":
            words, anchor = heading_attributes(raw_heading_text(tokens[i + 1]))
            words = _HEADING_LINK.sub(r"\g<text>", words)
            headings.append(Heading(token_lines(t)[0], int(t.tag[1]), words, anchor))
    return headings


def heading_links(lines: list[str], heading: Heading) -> tuple[str, ...]:
    """Return the web addresses the heading's own line links its term to."""
    return tuple(
        m["href"] for m in _HEADING_LINK.finditer(lines[heading.line - 1]) if m["href"].startswith("http")
    )


def sub_term_headings(headings: list[Heading], level: int) -> set[int]:
    """Return the lines of headings one level below the term level that name sub-terms of
    the term above them (`### Abstract method` under `## Abstract`): term-like text that
    shares a word stem with that term. Other deeper headings are parts of a definition."""
    found: set[int] = set()
    parent: Heading | None = None
    for heading in headings:
        if heading.level <= level:
            parent = heading if heading.level == level and not is_letter_divider(heading.text) else None
        elif (
            heading.level == level + 1
            and parent
            and _is_term_text(heading.text)
            and _stems(heading.text) & _stems(parent.text)
        ):
            found.add(heading.line)
    return found


def stray_term_headings(headings: list[Heading], level: int) -> set[int]:
    """Return the lines of headings one level above the term level that are terms written one
    level too high: where that level holds index letters (`### A`, `### B`, at least three),
    a term-like heading between two of them (`### Render`) is a term like the others."""
    above = [h for h in headings if h.level == level - 1]
    letters = [h.line for h in above if is_letter_divider(h.text)]
    if len(letters) < 3:
        return set()
    return {
        h.line
        for h in above
        if letters[0] < h.line < letters[-1] and not is_letter_divider(h.text) and _is_term_text(h.text)
    }


def _stems(text: str) -> set[str]:
    """Return the first five letters of each word of four or more letters, case-folded."""
    return {word[:5] for word in re.findall(r"\w{4,}", text.casefold())}


def term_level(headings: list[Heading]) -> int:
    """Return the heading level most used by headings that are not letter dividers (0 if none)."""
    counts = Counter(h.level for h in headings if not is_letter_divider(h.text))
    if not counts:
        return 0
    return max(counts, key=lambda level: (counts[level], level))


REASON_NOT_A_TERM = "section under a heading that is a question or sentence, not a term"
REASON_CONTENTS = "table of contents (a section of links to the page's own anchors)"
_CONTENTS_LINE = re.compile(r"^\s*(?:[-*+]\s+|\d+[.)]\s+)?\[[^\]]+\]\(#[^)\s]*\)\s*\\?\s*$")


def is_table_of_contents(body: list[str]) -> bool:
    """Return True for a section body that only lists links to the page's own anchors."""
    filled = [line for line in body if line.strip()]
    return len(filled) >= 3 and sum(bool(_CONTENTS_LINE.match(line)) for line in filled) >= 0.9 * len(filled)


#: How a heading that lists several terms may trail off: `SURF, Shape Context, etc...`.
_TRAILING_ETC = re.compile(r"(?:\betc\.?)?\s*(?:\.{3}|…)?$")
#: `X, aka Y` or `X (also Y)` names one term twice: such a heading may run longer.
_ALSO_KNOWN = re.compile(r"\b(?:aka|a\.k\.a\.|also)\b", re.I)


def _is_term_text(text: str) -> bool:
    """Return True for heading text shaped like a term: a few words, not a sentence or question."""
    text = _TRAILING_ETC.sub("", text).rstrip(" ,")
    limit = MAX_TERM_WORDS + 4 if _ALSO_KNOWN.search(text) else MAX_TERM_WORDS
    return 0 < len(text.split()) <= limit and not text.endswith(("?", ":", ".", "!"))


def _tables_fill_sections(text: str, terms: list[Heading]) -> bool:
    """Return True if most term-level sections hold a table: the headings name tables, not terms."""
    tables = [token_lines(t)[0] for t in parse_blocks(text) if t.type == "table_open"]
    starts = [h.line for h in terms] + [len(text.splitlines()) + 1]
    with_table = sum(1 for a, b in pairwise(starts) if any(a < t < b for t in tables))
    return with_table * 2 > len(terms)


#: A bulleted bold term with its definition (`- **API**: Application …`).
_BOLD_TERM_BULLET = re.compile(
    r"^\s{0,3}[-*+]\s+(?:\*\*|__)(?P<term>[^*_\n]{1,60}?)(?:\*\*|__)\s*[:：—–-]?\s*\S"
    # or a paragraph led by a bold term and a separator: `**Affordance** - The potential …`
    r"|^\s{0,3}(?:\*\*|__)(?P<lead>[^*_\n]{1,60}?)(?:\*\*|__)\s*[:：—–-]\s*\S"
)
#: Headings are groups of bold-term bullets when those outnumber them this many times …
BOLD_TERMS_PER_HEADING = 2
#: … and are this many at least, nearly all different (repeated bold names are fields).
MIN_BOLD_TERMS = 8


def _bold_terms_fill_sections(text: str, headings: int) -> bool:
    """Return True if the page holds many more different bulleted bold terms than term headings:
    the headings group the terms (`### A` over `- **API**: …`), they are no terms themselves."""
    bullets = (_BOLD_TERM_BULLET.match(line) for line in text.splitlines())
    terms = [(m["term"] or m["lead"]).strip().casefold() for m in bullets if m]
    if len(terms) < max(MIN_BOLD_TERMS, BOLD_TERMS_PER_HEADING * headings):
        return False
    return len(set(terms)) >= 0.8 * len(terms)


#: A term's definition on a page of only two or three terms runs to at most this many lines.
MAX_FEW_TERMS_BODY_LINES = 4


def _section_bodies(text: str, headings: list[Heading], level: int) -> list[list[str]]:
    """Return the non-blank lines under each heading of `level`, up to the next heading."""
    lines = text.splitlines()
    starts = [h.line for h in headings] + [len(lines) + 1]
    return [
        [line for line in lines[start : end - 1] if line.strip() and line.strip() != "---"]
        for heading, (start, end) in zip(headings, pairwise(starts), strict=False)
        if heading.level == level
    ]


def _short_sections(text: str, headings: list[Heading], level: int) -> bool:
    """Return True if every section at `level` is a short text (a definition, not a chapter)."""
    return all(len(body) <= MAX_FEW_TERMS_BODY_LINES for body in _section_bodies(text, headings, level))


def _sections_read_as_terms(text: str, headings: list[Heading], level: int) -> bool:
    """Return True if a page that does not call itself a glossary still reads as one: many
    term headings, nearly all different and shaped like terms, whose sections are short prose
    (not code, not lists), grouped under fewer headings above them if any."""
    terms = [h for h in headings if h.level == level]
    texts = [h.text.casefold() for h in terms]
    if len(terms) < MIN_UNTITLED_TERMS or len(set(texts)) < 0.9 * len(texts):
        return False
    if sum(1 for h in terms if _is_term_text(h.text)) < 0.9 * len(terms):
        return False
    if len([h for h in headings if h.level < level]) * 2 > len(terms):
        return False
    filled = [body for body in _section_bodies(text, headings, level) if body]
    if not filled:
        return False
    prose = sum(1 for body in filled if not re.match(r"\s*(?:[-*+]\s|\d+[.)]\s|```|~~~|\||>)", body[0]))
    short = sorted(len(body) for body in filled)[len(filled) // 2] <= MAX_UNTITLED_BODY_LINES
    return short and prose >= 0.7 * len(filled)


class MarkdownHeadingsReader:
    """Reads Markdown glossaries with one heading per term (`### term` under `## A`)."""

    name = "markdown-headings"
    description = "Markdown with a heading per term (`## A` dividers, `### term`, MDX components)"
    #: A file named for a glossary (`GLOSSARY.md`) is titled by its name (see `rank_readers`).
    titled_by_name = True

    def detect(self, text: str) -> float:
        """Return 1.0 for a glossary-titled, letter-divided page of term headings; 0.85 for one of the two."""
        if not _ANY_HEADING.search(text):
            return 0.0  # no `#` heading line: skip parsing
        text = spaced_headings(text)
        headings = page_headings(text)
        level = term_level(headings)
        terms = [h for h in headings if h.level == level]
        if (
            terms
            and terms[0].anchor
            and any(_PROVENANCE.match(line) for line in text.splitlines())
        ):
            return 1.0  # termbase's own Markdown export
        above = [h for h in headings if h.level < level]
        try:
            title = str(front_matter(text, "")[0].get("title", ""))
        except Exception:
            title = ""
        titled = any(_GLOSSARY_WORDS.search(h.text) for h in above) or bool(_GLOSSARY_WORDS.search(title))
        titled = titled or any(_GLOSSARY_TITLE.fullmatch(h.text.strip()) for h in above)
        titled = titled or bool(_GLOSSARY_TITLE.fullmatch(title.strip()))  # `title: 用語集`, a file's name
        if len(terms) < (MIN_TITLED_TERMS if titled else MIN_TERMS):
            return 0.0
        if len(terms) < MIN_TERMS and not _short_sections(text, headings, level):
            return 0.0  # two or three sections of a titled page: terms only if their texts are short
        share = sum(1 for h in terms if _is_term_text(h.text)) / len(terms)
        dividers = sum(1 for h in above if is_letter_divider(h.text))
        says_glossary = dividers >= 2 or any(_GLOSSARY_WORDS.search(h.text) for h in above)
        says_glossary = says_glossary or bool(_GLOSSARY_WORDS.search(title)) or titled
        if share < 0.8:
            return 0.1
        if any(t.type == "table_open" for t in parse_blocks(text)) and _tables_fill_sections(text, terms):
            return 0.2
        if _bold_terms_fill_sections(text, sum(1 for h in terms if not is_letter_divider(h.text))):
            return 0.2  # (letters at the term level, `## A` over bold-term paragraphs, head no terms)
        if dividers >= 2 and titled:
            return 1.0
        if says_glossary:
            return 0.85
        return 0.5 if _sections_read_as_terms(text, headings, level) else 0.2

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per term heading (and per sub-term heading) with its body; other
        lines are reported. A term heading with no body is a term still to define."""
        text = spaced_headings(text)
        lines = text.splitlines()
        tokens = parse_blocks(text)
        headings = page_headings(text, tokens)
        level = term_level(headings)
        title = next((h.text for h in headings if h.level < level and not is_letter_divider(h.text)), "")
        reasons = {h.line: REASON_DIVIDER for h in headings if _divides(h, level)}
        anchors = {h.anchor: h.text for h in headings if h.anchor}
        sub_terms = sub_term_headings(headings, level)
        stray = stray_term_headings(headings, level)
        entries = []
        restored: list[ReadEntry] = []
        claimed: set[int] = set()
        references = link_references(text)
        untaken_items: set[int] = set()
        for index, heading in enumerate(headings):
            if (
                heading.line not in sub_terms
                and heading.line not in stray
                and (heading.level != level or _divides(heading, level))
            ):
                if heading.level < level:  # `## Abbreviations` over `- **API** - …` items among term headings
                    items, untaken = _bold_item_section(lines, headings, index, source)
                    entries.extend(items)
                    claimed.update(range(heading.line, items[-1].end_line + 1) if items else ())
                    untaken_items.update(untaken)
                continue
            ends_at = level if heading.line in stray else heading.level
            following = [h.line for h in headings[index + 1 :] if h.level <= ends_at or h.line in sub_terms]
            end = trim_furniture(lines, heading.line, (following[0] - 1) if following else len(lines))
            if any(_PROVENANCE.match(line) for line in lines[heading.line : end]):
                restored.extend(_restore(heading, lines, end, source))
                claimed.update(range(heading.line, end + 1))
                continue
            if not _is_term_text(heading.text):  # a question or a sentence heads a section, not a term
                reasons.update(dict.fromkeys(range(heading.line, end + 1), REASON_NOT_A_TERM))
                continue
            if end == heading.line and heading.line not in sub_terms and not _among_terms(headings, index):
                reasons[heading.line] = REASON_NO_DEFINITION
                continue
            if is_table_of_contents(lines[heading.line : end]):
                reasons.update(dict.fromkeys(range(heading.line, end + 1), REASON_CONTENTS))
                continue
            if not parse_term(heading.text)[0]:
                reasons.update(dict.fromkeys(range(heading.line, end + 1), REASON_EMPTY_HEADING))
                continue
            raw = resolve_reference_links("\n".join(lines[heading.line : end]), references)
            definition = clean_markdown(raw)
            see_also: tuple[str, ...] = ()
            if _SEE.match(definition):
                see_also = tuple(  # a link to a heading's `{#id}` names that heading's term
                    anchors.get(href[1:], t) for href, t in markdown_links(raw) if href.startswith("#") and t
                )
            heading = Heading(heading.line, heading.level, without_inline_math(heading.text))
            labels, groups = parse_term(heading.text)
            entries.append(
                Entry(
                    source=source,
                    line=heading.line,
                    end_line=end,
                    term=heading.text,
                    labels=labels,
                    groups=groups,
                    definition=definition,
                    see_also=see_also,
                    links=tuple(dict.fromkeys([*heading_links(lines, heading), *web_links(raw)])),
                )
            )
            claimed.update(range(heading.line, end + 1))
        unused = unused_outside(text, tokens, claimed, source, reasons)
        untaken = REASON_UNTAKEN_TERM_LINE
        unused = [replace(u, reason=untaken) if u.line in untaken_items else u for u in unused]
        entries = without_opening_field(entries)
        entries = with_name_lines(entries, lines)
        own: list[ReadEntry] = [(e, (e.line, e.end_line), None) for e in entries]
        return result_with_restored(own + restored, unused, title)


#: A section of bold-term items among the term headings holds at least this many of them.
MIN_SECTION_ITEMS = 3


def _bold_item_section(
    lines: list[str], headings: list[Heading], index: int, source: str
) -> tuple[list[Entry], list[int]]:
    """Return the entries of a section above the term level whose body is only one-line
    bold-term items (`## Abbreviations` over `- **API** - Application Programming Interface`):
    a list section among term headings is entries, not page text to drop. A section holding
    MIN_SECTION_ITEMS such items among other lines gives no entries but the items' line
    numbers: term lines left unread, reported as such (never dropped unsaid)."""
    heading = headings[index]
    end = headings[index + 1].line - 1 if index + 1 < len(headings) else len(lines)
    numbers = range(heading.line + 1, end + 1)
    matches = [(number, separated_item(lines[number - 1])) for number in numbers if lines[number - 1].strip()]
    items = [number for number, match in matches if match]
    if len(items) < MIN_SECTION_ITEMS:
        return [], []
    if len(items) < len(matches):
        return [], items
    entries = []
    for number, match in matches:
        assert match is not None
        term = clean_markdown(match["term"]).strip()
        labels, groups = parse_term(term)
        definition = clean_markdown(match["rest"]).strip()
        if not labels or not definition:
            return [], items
        entries.append(Entry(source=source, line=number, end_line=number, term=term, labels=labels,
                             groups=groups, definition=definition))
    return entries, []


#: A body's first line naming a field in bold: `- **Definition**: …`, `**Meaning:** …`.
_OPENING_FIELD = re.compile(r"^(?:[-*+]\s+)?(?:\*\*|__)(?P<name>[^*_:\n]{1,40}?):?(?:\*\*|__):?\s*")


#: Inline TeX math in a heading beside words (`Recoil Pressure ($P_r$)`, `(LED, $E_L$)`): a symbol, no name.
_INLINE_MATH = re.compile(r"(?:,\s*)?\$[^$\n]+\$(?:\s*,)?")
_EMPTY_BRACKETS = re.compile(r"\s*\(\s*\)")


def without_inline_math(text: str) -> str:
    """Return a heading's text without the inline math it writes beside its words (a symbol is
    no label); a heading that is only math is kept as written."""
    plain = _EMPTY_BRACKETS.sub("", _INLINE_MATH.sub("", text)).strip()
    plain = re.sub(r"\(\s+|\s+\)", lambda m: m.group().strip(), plain)
    return plain if plain.strip("()[], ") else text


def without_opening_field(entries: list[Entry]) -> list[Entry]:
    """Return the entries with the bold field name that opens most bodies taken off
    (`### Term` over `- **Definition**: …`, `- **Formula**: …`): the heading is the term, the
    repeated bold name a field of its body, and the first field's value opens the definition.
    The other fields stay in the body as written."""
    names = Counter(
        match.group("name").strip().casefold()
        for e in entries
        if (match := _OPENING_FIELD.match(e.definition.lstrip()))
    )
    if not names:
        return entries
    name, count = names.most_common(1)[0]
    if count < 3 or count < 0.6 * len(entries):
        return entries
    opened = []
    for entry in entries:
        match = _OPENING_FIELD.match(entry.definition.lstrip())
        if match and match.group("name").strip().casefold() == name:
            entry = replace(entry, definition=entry.definition.lstrip()[match.end() :].strip())
        opened.append(entry)
    return opened


def _among_terms(headings: list[Heading], index: int) -> bool:
    """Return True if the heading at `index` has a term heading of its level beside it in its
    group (no heading above it in between): a term listed before its definition is written."""
    level = headings[index].level

    def neighbour(items: list[Heading]) -> bool:
        for other in items:
            if other.level < level:
                return False
            if other.level == level:
                return not is_letter_divider(other.text)
        return False

    return neighbour(headings[index + 1 :]) or neighbour(list(reversed(headings[:index])))


def _divides(heading: Heading, level: int) -> bool:
    """Return True for a letter divider; a one-letter heading at the term level with its own
    `{#id}` is a term (`### S {#s}`, the S language, under `## S` in termbase's export)."""
    return is_letter_divider(heading.text) and not (heading.level == level and heading.anchor)


def _restore(heading: Heading, lines: list[str], end: int, source: str) -> list[ReadEntry]:
    """Return the entries of one concept of termbase's own Markdown export, provenance restored.

    The heading gives the preferred label and concept id, `*Also:*` the other labels, each
    provenance line the source, lines, language and locator of the definition above it, an
    `*Origin:*` line under it the origin, and `*See also:*` the related concept ids.
    """
    concept_id = heading.anchor
    if concept_id and not is_concept_id(concept_id):
        raise InputError(
            f"concept id {{#{concept_id}}} is not a slug (it becomes a URL path and a file name)",
            path=source,
            line=heading.line,
            hint="use lowercase letters, digits and hyphens, as termbase's exports do",
        )
    labels = [heading.text]
    see_also: tuple[str, ...] = ()
    body = list(range(heading.line, end))  # 0-based indexes of the lines under the heading
    chunk: list[int] = []
    found: list[ReadEntry] = []
    concept: dict | None = None
    data: list[dict] = []  # each entry's comment, with the definition shown above it
    for index in body:
        line = lines[index]
        comment = embedded(line, "markdown", source, index + 1)
        if comment and comment[0] == CONCEPT_MARK:
            concept = comment[1]
            continue
        if comment and found and len(data) == len(found) - 1 and not chunk:
            definition = found[-1][0].definition
            data.append({"definition": definition, **comment[1]})
            entry, (start, _), cited = found[-1]
            found[-1] = (entry, (start, index + 1), cited)
            continue
        if line.startswith(_ALSO) and not found and not "".join(lines[i] for i in chunk).strip():
            labels += [label for label in line[len(_ALSO) :].split(LABEL_SEPARATOR) if label]
            continue
        if line.startswith(_SEE_ALSO):
            see_also = tuple(href[1:] for href, _ in markdown_links(line) if href.startswith("#"))
            continue
        if line.startswith(ORIGIN_PREFIX) and found and not chunk:  # the entry above's origin
            entry, (start, _), cited = found[-1]
            if len(data) < len(found):  # no comment under the entry: the line is all there is
                entry = replace(entry, origin=origin_from_line(line))
            found[-1] = (entry, (start, index + 1), cited)
            continue
        provenance = _PROVENANCE.match(line)
        if not provenance:
            chunk.append(index)
            continue
        text = "\n".join(lines[i] for i in chunk).strip()
        first = int(provenance["line"])
        entry = Entry(
            source=provenance["path"],
            line=first,
            end_line=int(provenance["end"] or first),
            term=labels[0],
            labels=tuple(dict.fromkeys(labels)),
            definition="" if text == NO_DEFINITION else text,  # the writer's Markdown, verbatim
            locator=guess_locator(provenance["locator"]),
            language=provenance["language"] or "en",
            concept_id=concept_id,
        )
        start = heading.line if not found else (chunk[0] + 1 if chunk else index + 1)
        found.append((entry, (start, index + 1), (provenance["path"], provenance["title"])))
        chunk = []
    if concept is not None and found and len(data) == len(found):
        spans = [span for _, span, _ in found]
        spans[-1] = (spans[-1][0], end)
        return restored_entries(concept, data, spans)
    if found and see_also:
        last_entry, (start, _), cited = found[-1]
        found[-1] = (replace(last_entry, see_also=see_also), (start, end), cited)
    return found
