"""PreTeXt XML glossaries: `<glossary>` holding `<gi><title>term</title><p>…</p></gi>` items.

Example from the test fixtures::

    <section xml:id="sorting_glossary">
      <title>Glossary</title>
      <glossary>
        <gi>
          <title>stable sort</title>
          <p>A sort that keeps equal keys in their input order, e.g. <c>sorted</c>.</p>
        </gi>
      </glossary>
    </section>

Each `<gi>` is one entry; its span runs from `<gi>` to `</gi>`. The body becomes Markdown:
`<c>`/`<code>` → `code`, `<em>`/`<term>` → *x*, `<alert>` → **x**, `<q>` → “x”,
`<url href>` → [text](url), `<program>`/`<pre>` → a fenced block, `<ul>`/`<ol>` → a list.
Lines outside every `<gi>` (the XML declaration, the section and its title, the
`<glossary>` tags) are reported. Malformed XML raises InputError with the line.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from lxml import etree

from termbase.labels import parse_term
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.page_text import REASON_TITLE, tidy
from termbase.safe_xml import parse_xml

REASON_MARKUP = "PreTeXt markup around the glossary items"
REASON_UNTITLED = "glossary item with no <title> (no term to file it under)"
REASON_OUTSIDE = "document text outside the glossary"

_TEXT_BETWEEN_TAGS = re.compile(r">[^<]*\w[^<]*<")
_CLOSE_GI = re.compile(r"</gi\s*>")


def _local(element: etree._Element) -> str:
    tag = element.tag
    return etree.QName(tag).localname if isinstance(tag, str) else ""


def _inline(element: etree._Element, links: list[str]) -> str:
    """Return the Markdown for an element's mixed content (text, children, tails)."""
    parts = [element.text or ""]
    for child in element:
        name = _local(child)
        inner = _inline(child, links)
        if name in {"c", "code", "tag", "tage", "attr", "cd"}:
            parts.append(f"`{(child.text or '') if name != 'cd' else tidy(inner)}`")
        elif name in {"em", "term", "foreign", "pubtitle", "articletitle"}:
            parts.append(f"*{tidy(inner)}*")
        elif name == "alert":
            parts.append(f"**{tidy(inner)}**")
        elif name in {"q", "sq"}:
            parts.append(f"“{tidy(inner)}”")
        elif name == "url":
            href = child.get("href", "")
            if href:
                links.append(href)
            parts.append(f"[{tidy(inner) or href}]({href})" if href else tidy(inner))
        elif name in {"xref"}:
            parts.append(tidy(inner) or child.get("ref", ""))
        elif name in {"m", "me"}:
            parts.append(f"${child.text or ''}$")
        elif name in {"ellipsis"}:
            parts.append("…")
        elif name in {"nbsp"}:
            parts.append(" ")
        elif isinstance(child.tag, str):
            parts.append(inner)
        parts.append(child.tail or "")
    return "".join(parts)


def _blocks(element: etree._Element, links: list[str]) -> list[str]:
    """Return the Markdown blocks of a `<gi>` body (everything but its title)."""
    blocks: list[str] = []
    loose = tidy(element.text or "")
    if loose:
        blocks.append(loose)
    for child in element:
        name = _local(child)
        if name == "title" or not name:
            pass
        elif name in {"program", "pre", "console", "sage"}:
            language = child.get("language", "")
            lines = "".join(child.itertext()).splitlines()
            while lines and not lines[0].strip():
                lines.pop(0)
            while lines and not lines[-1].strip():
                lines.pop()
            widths = [len(line) - len(line.lstrip()) for line in lines if line.strip()]
            cut = min(widths) if widths else 0
            body = "\n".join(line[cut:] for line in lines)
            blocks.append(f"```{language}\n{body}\n```")
        elif name in {"ul", "ol", "dl"}:
            marker = "1." if name == "ol" else "-"
            blocks.extend(f"{marker} {tidy(_inline(item, links))}" for item in child if _local(item) == "li")
        else:
            text = tidy(_inline(child, links))
            if text:
                blocks.append(text)
        tail = tidy(child.tail or "")
        if tail:
            blocks.append(tail)
    return blocks


class PreTeXtGlossaryReader:
    """Reads PreTeXt `<glossary>`/`<gi>` XML; other lines are reported."""

    name = "pretext"
    description = "PreTeXt XML `<glossary>` with `<gi><title>term</title><p>…</p></gi>` items"

    def detect(self, text: str) -> float:
        """Return 0.95 for XML with `<glossary>` and `<gi>` items, else 0."""
        head = text.lstrip()[:200]
        if not (head.startswith("<") and "<gi" in text and re.search(r"<glossary[\s>]", text)):
            return 0.0
        return 0.95 if len(re.findall(r"<gi[\s>]", text)) >= 2 else 0.5

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per `<gi>` and a reason for every other non-blank line."""
        hint = "fix the XML (every tag closed, & written as &amp;) and build again"
        root = parse_xml(text, source, hint=hint)
        lines = text.splitlines()
        closes = [text.count("\n", 0, m.start()) + 1 for m in _CLOSE_GI.finditer(text)]
        items = [el for el in root.iter() if _local(el) == "gi"]
        entries: list[Entry] = []
        covered: set[int] = set()
        untitled: list[Callable[[object], bool]] = []
        for index, item in enumerate(items):
            first = item.sourceline or 1
            last = closes[index] if index < len(closes) else first
            title = next((c for c in item if _local(c) == "title"), None)
            links: list[str] = []
            term = tidy(_inline(title, []).replace("`", "")) if title is not None else ""
            definition = "\n\n".join(_blocks(item, links))
            if not term:
                untitled.append(range(first, last + 1).__contains__)
                continue
            covered.update(range(first, last + 1))
            labels = parse_term(term)[0]
            entries.append(
                Entry(
                    source=source,
                    line=first,
                    end_line=last,
                    term=term,
                    labels=labels,
                    definition=definition,
                    links=tuple(dict.fromkeys(links)),
                )
            )
        glossaries = [el for el in root.iter() if _local(el) == "glossary"]
        inside = set()
        for glossary in glossaries:
            start = glossary.sourceline or 1
            end = text.count("\n", 0, text.find("</glossary", _offset(text, start))) + 1
            inside.update(range(start, end + 1))
        page_title = ""
        unused: list[Unused] = []
        for number, line in enumerate(lines, start=1):
            stripped = line.strip()
            if not stripped or number in covered:
                continue
            if any(line_in(number) for line_in in untitled):
                unused.append(Unused(source, number, stripped, REASON_UNTITLED))
                continue
            match = re.fullmatch(r"<title>(.*)</title>", stripped)
            if match:
                page_title = page_title or tidy(match.group(1))
                reason = REASON_TITLE if "glossary" in stripped.casefold() else REASON_OUTSIDE
            elif stripped[:1] + stripped[-1:] == "<>" and not _TEXT_BETWEEN_TAGS.search(stripped):
                reason = REASON_MARKUP
            else:
                reason = REASON_MARKUP if number in inside else REASON_OUTSIDE
            unused.append(Unused(source, number, stripped, reason))
        return entries_and_unused(entries, unused, page_title)


def _offset(text: str, line: int) -> int:
    """Return the character offset where 1-based `line` starts."""
    offset = 0
    for _ in range(line - 1):
        offset = text.find("\n", offset) + 1
    return offset
