"""Plain text for language models: `llms.txt` (the llms.txt convention) and `glossary-data.txt`.

`llms.txt` is a Markdown file: `# title`, a `> summary` line, then `##` sections of links.
`glossary-data.txt` holds every concept as one block: labels, topics, each source's
definition with where it came from and its origin (the paper, with the arXiv or DOI
link), formulas (LaTeX) and related concept ids.
"""

from __future__ import annotations

from collections.abc import Iterator

from termbase.citations import origin_with_urls
from termbase.store import ConceptRecord, Termbase
from termbase.web.pages import Links, SiteData, label_kinds


def llms_txt(data: SiteData, links: Links) -> str:
    """Return the llms.txt text of the site, with links made by `links`."""
    counts = data.counts
    lines = [
        f"# {data.title}",
        "",
        f"> A glossary of {counts['concepts']} concepts with {counts['labels']} labels (terms, "
        f"acronyms and expansions), merged from {counts['sources']} source"
        f"{'' if counts['sources'] == 1 else 's'}; every definition keeps its provenance.",
        "",
        "Each concept page lists every label, each source's definition with where the source "
        "introduces the idea, formulas, related concepts and the concepts that mention it.",
        "",
        "## Glossary data",
        "",
        f"- [Every concept as plain text]({links.file('glossary-data.txt')}): labels, "
        "definitions, origins (paper and link), formulas and related ids, one block per concept",
        f"- [Statistics]({links.stats()}): concepts per topic and per source, overlap between sources",
    ]
    if not links.static:
        lines.append(
            "- [JSON API](/openapi.json): OpenAPI description of /api/concepts, /api/search, /api/suggest"
        )
    if data.by_topic:
        lines += ["", "## Topics", ""]
        lines += [
            f"- [{topic}]({links.topic(topic)}): {len(items)} concepts"
            for topic, items in data.by_topic.items()
        ]
    lines += ["", "## Browse by initial", ""]
    lines += [
        f"- [{letter}]({links.letter(letter)}): {len(items)} concepts"
        for letter, items in data.by_initial.items()
    ]
    lines += ["", "## Optional", ""]
    lines += [f"- [Search]({links.search()}): find a concept by any label, acronym or a misspelling of one"]
    return "\n".join(lines) + "\n"


def concept_block(record: ConceptRecord) -> str:
    """Return one concept as a plain-text block (no trailing blank line)."""
    lines = [f"## {record.label}", f"id: {record.id}"]
    others = [
        f"{label.text} ({label.kind})" if label.kind in ("acronym", "expansion") else label.text
        for label in label_kinds(record)
        if label.kind != "preferred"
    ]
    if others:
        lines.append("also: " + "; ".join(others))
    if record.topics:
        lines.append("topics: " + ", ".join(record.topics))
    for stored in record.entries:
        entry = stored.entry
        where = f"{stored.source_title}, {entry.source}:{entry.line}"
        if entry.locator:
            where += f", {entry.locator.text}"
        lines.append(f"definition ({where}): " + " ".join(entry.definition.split()))
        if entry.origin.strip():
            lines.append("origin: " + origin_with_urls(" ".join(entry.origin.split())))
        if entry.formulas:
            lines.extend(f"formula: {formula}" for formula in entry.formulas)
    if record.related:
        related = list(dict.fromkeys(r.to_id for r in record.related if r.kind == "see_also"))
        if related:
            lines.append("see also: " + ", ".join(related))
    return "\n".join(lines)


def glossary_data_header(title: str) -> str:
    """Return the first line of glossary-data.txt."""
    return f"# {title}: every concept, its labels and each source's definition\n"


def glossary_data_blocks(termbase: Termbase) -> Iterator[str]:
    """Yield one plain-text block per concept, ordered by label."""
    for record in termbase.concept_records():
        yield concept_block(record)


def glossary_data_txt(termbase: Termbase, title: str) -> str:
    """Return the whole glossary-data.txt text: a header line, then one block per concept."""
    return glossary_data_header(title) + "\n" + "\n\n".join(glossary_data_blocks(termbase)) + "\n"
