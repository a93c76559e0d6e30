"""The `markdown` writer: a glossary page, a heading per concept under letter dividers.

Shape (what Markdown readers call "a heading per term")::

    # <termbase title> — glossary

    ## A

    ### <preferred label> {#<id>}

    *Also:* <label> · <acronym> · …

    <definition>

    — *<source title>*, `<source>` line N[-M][ (<language>)][ · <locator>]

    *See also:* [label](#id), …

Each concept heading carries an `{#id}` attribute (Pandoc / markdown-it-attrs), so
see-also links point at it. The line after each definition gives its provenance, which
the markdown-headings reader restores when it reads the page back.
"""

from __future__ import annotations

from collections.abc import Iterator

from termbase.exports.base import ExportOptions
from termbase.exports.common import records, termbase_title
from termbase.model import Entry
from termbase.store import Termbase

#: Separates the other labels on the `*Also:*` line (labels may hold commas).
LABEL_SEPARATOR = " · "
#: The body written for an entry with no definition.
NO_DEFINITION = "*(no definition)*"


def provenance_line(title: str, entry: Entry) -> str:
    """Return the line that follows a definition and says where it came from."""
    lines = f"line {entry.line}" + (f"-{entry.end_line}" if entry.end_line > entry.line else "")
    language = f" ({entry.language})" if entry.language and entry.language != "en" else ""
    locator = f" · {entry.locator.text}" if entry.locator else ""
    return f"— *{title}*, `{entry.source}` {lines}{language}{locator}"


class MarkdownWriter:
    name = "markdown"
    description = "Markdown, a heading per concept with every source's definition"
    suffix = ".md"

    def write(self, termbase: Termbase, options: ExportOptions) -> Iterator[str]:
        title = termbase_title(termbase)
        yield f"# {title}{'' if 'glossary' in title.casefold() else ' — glossary'}\n"
        summaries = {cid: (label, initial) for cid, label, initial, _ in termbase.summaries()}
        ordered = sorted(
            records(termbase), key=lambda r: (summaries[r.id][1], r.label.casefold(), r.id)
        )
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
                parts.append(entry.definition.strip() or NO_DEFINITION)
                parts.append(provenance_line(stored.source_title, entry))
            see_also = [r.to_id for r in record.related if r.kind == "see_also"]
            if see_also:
                parts.append(
                    "*See also:* "
                    + ", ".join(f"[{summaries.get(i, (i,))[0]}](#{i})" for i in see_also)
                )
            yield "\n" + "\n\n".join(parts) + "\n"
