"""The `markdown` writer: a glossary page, a heading per concept under letter dividers.

Shape (what Markdown readers call "a heading per term")::

    # <termbase title> — glossary

    ## A

    ### <preferred label> {#<id>}

    *Also:* <label> · <acronym> · …

    <definition>

    — *<source title>*, `<source>` line N[-M][ (<language>)][ · <locator>]
    *Origin:* <authors, year>, [arXiv:NNNN.NNNNN](<https://arxiv.org/abs/NNNN.NNNNN>)

    *See also:* [label](#id), …

Each concept heading carries an `{#id}` attribute (Pandoc / markdown-it-attrs), so
see-also links point at it. The line after each definition gives its provenance, and an
entry whose source names the idea's origin shows it, each cited paper linked; an HTML
comment under it, and one closing the concept, carry what the page does not show (see
`termbase.exports.embedded`), so the markdown-headings reader gives back exactly the
termbase exported. A definition with lines Markdown would read as page structure (a
heading, a code fence, an HTML block, one of the lines above) is shown with those lines'
first mark escaped, and given verbatim in the comment.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from termbase.citations import citations
from termbase.exports.base import ExportOptions
from termbase.exports.common import records, termbase_title
from termbase.exports.embedded import CONCEPT_MARK, ENTRY_MARK, concept_data, entry_data
from termbase.model import Entry
from termbase.store import Termbase

#: Separates the other labels on the `*Also:*` line (labels may hold commas).
LABEL_SEPARATOR = " · "
#: Opens the line that shows an entry's origin (the paper that introduced the idea).
ORIGIN_PREFIX = "*Origin:* "
#: The body written for an entry with no definition.
NO_DEFINITION = "*(no definition)*"


#: A definition line Markdown would take for page structure — a heading, a fence, an HTML
#: block, also inside list items and block quotes — with the marks before it. Possessive
#: quantifiers: a line of 100,000 dashes is matched in linear time.
_BLOCK_MARK = re.compile(r"^(?P<prefix>\s*+(?:>\s*+|(?:[*+-]|\d{1,9}[.)])\s++)*+)(?P<mark>#|<|```|~~~)")
#: A line of only list, quote and rule marks: a setext underline, a rule, an empty item.
_MARKS_ONLY = re.compile(r"^(?P<prefix>\s*+)(?P<mark>[>*+=_.)\d-][\s>*+=_.)\d-]*+)$")
#: Lines this page's reader takes for its own: provenance, other labels, see-also, origin.
_READER_LINES = ("— *", "*Also:* ", "*See also:* ", ORIGIN_PREFIX)


def _structure_escaped(line: str) -> str | None:
    """Return the line with a backslash before its first structural mark, or None if it has none."""
    if line.startswith(_READER_LINES):
        return "\\" + line
    match = _BLOCK_MARK.match(line) or _MARKS_ONLY.match(line)
    return match["prefix"] + "\\" + line[match.end("prefix") :] if match else None


def comment(mark: str, data: str) -> str:
    """Return the HTML comment that carries `data` (one line of JSON) under `mark`."""
    return f"<!-- {mark} {data} -->"


def shown_definition(definition: str) -> tuple[str, bool]:
    """Return (the definition as the page shows it, whether the page gives it back verbatim)."""
    lines = definition.split("\n")
    verbatim = (
        definition == definition.strip()
        and definition != NO_DEFINITION
        and definition.splitlines() == lines
        and not any(_structure_escaped(line) for line in lines)
    )
    if verbatim:
        return definition or NO_DEFINITION, True
    shown = "\n".join(_structure_escaped(line) or line for line in definition.splitlines())
    return shown.strip() or NO_DEFINITION, False


def provenance_line(title: str, entry: Entry) -> str:
    """Return the line that follows a definition and says where it came from."""
    lines = f"line {entry.line}" + (f"-{entry.end_line}" if entry.end_line > entry.line else "")
    language = f" ({entry.language})" if entry.language and entry.language != "en" else ""
    locator = f" · {entry.locator.text}" if entry.locator else ""
    return f"— *{title}*, `{entry.source}` {lines}{language}{locator}"


_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>])")
#: In an origin line, read left to right: an escaped mark, or a link (its text, escaped marks in it).
_ORIGIN_PART = re.compile(r"\\(?P<mark>.)|\[(?P<text>(?:\\.|[^\]\\])*)\]\(<[^<>\s]*>\)")
_ESCAPED = re.compile(r"\\(.)")


def _escaped(text: str) -> str:
    """Return `text` with the marks Markdown would read as emphasis, code, links or HTML escaped."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", text)


def origin_line(origin: str) -> str:
    """Return the line that shows an entry's origin, each arXiv id, DOI or address linked."""
    text = " ".join(origin.split())
    out: list[str] = []
    position = 0
    for citation in citations(text):
        out.append(_escaped(text[position : citation.start]))
        out.append(f"[{_escaped(citation.text)}](<{citation.url}>)")
        position = citation.end
    out.append(_escaped(text[position:]))
    return ORIGIN_PREFIX + "".join(out)


def origin_from_line(line: str) -> str:
    """Return the origin an `origin_line` shows (links back to their text, escapes undone)."""

    def plain(match: re.Match[str]) -> str:
        return match["mark"] if match["mark"] is not None else _ESCAPED.sub(r"\1", match["text"])

    return _ORIGIN_PART.sub(plain, line[len(ORIGIN_PREFIX) :])


class MarkdownWriter:
    name = "markdown"
    description = "Markdown, a heading per concept with every source's definition"
    suffix = ".md"

    def write(self, termbase: Termbase, options: ExportOptions) -> Iterator[str]:
        title = termbase_title(termbase)
        yield f"# {title}{'' if 'glossary' in title.casefold() else ' — glossary'}\n"
        summaries = {cid: (label, initial) for cid, label, initial, _ in termbase.summaries()}
        ordered = sorted(records(termbase), key=lambda r: (summaries[r.id][1], r.label.casefold(), r.id))
        initial = None
        for record in ordered:
            parts = []
            if summaries[record.id][1] != initial:
                initial = summaries[record.id][1]
                parts.append(f"## {initial}")
            parts.append(f"### {record.label} {{#{record.id}}}")
            others = [label for label in record.labels if label != record.label]
            if others:
                parts.append("*Also:* " + LABEL_SEPARATOR.join(others))
            for stored in record.entries:
                entry = stored.entry
                shown, verbatim = shown_definition(entry.definition)
                parts.append(shown)
                data = entry_data(stored, with_definition=not verbatim)
                shown_origin = "\n" + origin_line(entry.origin) if entry.origin.strip() else ""
                provenance = provenance_line(stored.source_title, entry)
                parts.append(provenance + "\n" + comment(ENTRY_MARK, data) + shown_origin)
            see_also = [r.to_id for r in record.related if r.kind == "see_also"]
            if see_also:
                parts.append(
                    "*See also:* " + ", ".join(f"[{summaries.get(i, (i,))[0]}](#{i})" for i in see_also)
                )
            parts.append(comment(CONCEPT_MARK, concept_data(record)))
            yield "\n" + "\n\n".join(parts) + "\n"
