"""The `markdown` writer: a heading per concept, then each source's definition.

Shape (what Markdown readers call "a heading per term")::

    # <termbase title>

    ## <preferred label>

    *Also:* other label, acronym

    <definition>

    — *<source title>*, `<source>` line N · <locator>

    *See also:* [label](#id), …

Each concept heading carries an `{#id}` attribute (Pandoc / markdown-it-attrs), so
see-also links point at it.
"""

from __future__ import annotations

from collections.abc import Iterator

from termbase.exports.base import ExportOptions
from termbase.exports.common import records, termbase_title
from termbase.store import Termbase


def _one_paragraph(text: str) -> str:
    return text.strip()


class MarkdownWriter:
    name = "markdown"
    description = "Markdown, a heading per concept with every source's definition"
    suffix = ".md"

    def write(self, termbase: Termbase, options: ExportOptions) -> Iterator[str]:
        yield f"# {termbase_title(termbase)}\n"
        labels = {cid: label for cid, label, *_ in termbase.summaries()}
        for record in records(termbase):
            parts = [f"## {record.label} {{#{record.id}}}"]
            others = [label for label in record.labels if label != record.label]
            if others:
                parts.append("*Also:* " + ", ".join(others))
            for stored in record.entries:
                entry = stored.entry
                parts.append(_one_paragraph(entry.definition) or "*(no definition)*")
                where = f"— *{stored.source_title}*, `{entry.source}` line {entry.line}"
                if entry.locator:
                    where += f" · {entry.locator.text}"
                parts.append(where)
            see_also = [r.to_id for r in record.related if r.kind == "see_also"]
            if see_also:
                parts.append(
                    "*See also:* " + ", ".join(f"[{labels.get(i, i)}](#{i})" for i in see_also)
                )
            yield "\n" + "\n\n".join(parts) + "\n"
