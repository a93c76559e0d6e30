"""The `sphinx` writer: one reStructuredText `.. glossary::` with every concept.

Each concept is a glossary entry whose term lines are its labels (Sphinx allows several
terms per entry); the body is each source's definition, followed by a comment giving
its provenance, an "Origin:" paragraph where the source names the paper that introduced the
idea (each arXiv id or DOI a link), and a "See also" line with `:term:` roles for related
concepts. Two more
comments, one after each entry and one closing the concept, carry what the page does not
show (see `termbase.exports.embedded`), so the Sphinx reader gives back exactly the
termbase exported.
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

INDENT = "   "
#: The body written for an entry with no definition (a glossary item needs a body).
NO_DEFINITION = "(no definition)"
#: Opens the paragraph that shows an entry's origin (the paper that introduced the idea).
ORIGIN_PREFIX = "Origin: "


def source_comment(title: str, entry: Entry) -> str:
    """Return the reST comment giving an entry's provenance, which the Sphinx reader restores:
    `.. source (LANG): TITLE — PATH line N[-M][ · LOCATOR]` (`(LANG)` only when not English)."""
    language = f" ({entry.language})" if entry.language and entry.language != "en" else ""
    lines = f"line {entry.line}" + (f"-{entry.end_line}" if entry.end_line > entry.line else "")
    where = f"{entry.source} {lines}" + (f" · {entry.locator.text}" if entry.locator else "")
    return f".. source{language}: {title} — {where}"


def _term_line(label: str) -> str:
    """Return a label safe as a glossary term line (a leading `..` would be a comment)."""
    label = " ".join(label.split())
    return "\\" + label if label.startswith(("..", "-", "*", "+", ":")) else label


def _indented(text: str, depth: int = 2) -> list[str]:
    pad = INDENT * depth
    return [pad + line if line.strip() else "" for line in text.strip().splitlines()]


#: A definition line the reader of this page would take for one of its comments.
_COMMENT_LINE = re.compile(  # [ \t]*, not \s*: a run of blank lines is not rescanned from each
    rf"^([ \t]*)(\.\. (?:source\b|{ENTRY_MARK}|{CONCEPT_MARK})|{ORIGIN_PREFIX})", re.MULTILINE
)
#: Marks reST reads as inline markup in plain text.
_REST_SPECIAL = re.compile(r"([\\`*_|<>])")
#: In an origin paragraph, read left to right: an escaped mark, or a link (its text).
_ORIGIN_PART = re.compile(r"\\(?P<mark>.)|`(?P<text>[^`<]*?) <[^<>\s]*>`__")


def origin_line(origin: str) -> str:
    """Return the paragraph that shows an entry's origin, each arXiv id, DOI or address linked
    (an anonymous hyperlink, so two entries may cite the same paper)."""
    text = " ".join(origin.split())
    out: list[str] = []
    position = 0
    for citation in citations(text):
        out.append(_REST_SPECIAL.sub(r"\\\1", text[position : citation.start]))
        out.append(f"`{citation.text} <{citation.url}>`__")
        position = citation.end
    out.append(_REST_SPECIAL.sub(r"\\\1", text[position:]))
    return ORIGIN_PREFIX + "".join(out)


def origin_from_line(line: str) -> str:
    """Return the origin an `origin_line` shows (links back to their text, escapes undone)."""

    def plain(match: re.Match[str]) -> str:
        return match["mark"] if match["mark"] is not None else match["text"]

    return _ORIGIN_PART.sub(plain, line.strip()[len(ORIGIN_PREFIX) :])


def shown_definition(definition: str) -> tuple[str, bool]:
    """Return (the definition as the page shows it, whether the page gives it back verbatim):
    reST reads a few Markdown marks its own way (a closing `::`, a `\\`, list numbering)."""
    from termbase.readers.markup.rest_sphinx import Inline, body_markdown  # it imports this module

    shown = _COMMENT_LINE.sub(r"\1\\\2", definition.strip()) if definition.strip() else NO_DEFINITION
    if shown != definition or definition == NO_DEFINITION:
        return shown, False
    read = body_markdown(_indented(shown), Inline())
    return shown, read == definition


def _role_target(label: str) -> str:
    return label.replace("`", "").replace("<", "").replace(">", "")


class SphinxWriter:
    name = "sphinx"
    description = "reStructuredText `.. glossary::` for Sphinx, terms linked with :term:"
    suffix = ".rst"

    def write(self, termbase: Termbase, options: ExportOptions) -> Iterator[str]:
        title = termbase_title(termbase)
        yield f"{title}\n{'=' * len(title)}\n\n.. glossary::\n   :sorted:\n"
        labels = {cid: label for cid, label, *_ in termbase.summaries()}
        for record in records(termbase):
            lines = [""]
            lines += [INDENT + _term_line(label) for label in dict.fromkeys(record.labels)]
            for number, stored in enumerate(record.entries):
                entry = stored.entry
                if number:
                    lines.append("")
                shown, verbatim = shown_definition(entry.definition)
                lines += _indented(shown)
                lines += ["", INDENT * 2 + source_comment(stored.source_title, entry)]
                data = entry_data(stored, with_definition=not verbatim)
                lines.append(f"{INDENT * 2}.. {ENTRY_MARK}: {data}")
                if entry.origin.strip():
                    lines += ["", INDENT * 2 + origin_line(entry.origin)]
            see_also = [r.to_id for r in record.related if r.kind == "see_also"]
            if see_also:
                roles = ", ".join(f":term:`{_role_target(labels.get(i, i))}`" for i in see_also)
                lines += ["", INDENT * 2 + "See also " + roles + "."]
            lines += ["", f"{INDENT * 2}.. {CONCEPT_MARK}: {concept_data(record)}"]
            yield "\n".join(lines) + "\n"
