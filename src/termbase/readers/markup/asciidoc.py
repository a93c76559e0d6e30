"""AsciiDoc labeled lists: `term::` lines (often with an `[[anchor]]` prefix), indented bodies.

Example from the test fixtures::

    [[def_sieve]]sieve::
    <TAB>A way to find primes by crossing out the multiples of each
    <TAB><<def_prime,prime number>> in turn.
    +
    A second paragraph joined to the item with a `+` continuation.

(`<TAB>` stands for a tab character.) An entry runs from its `term::` line to the last
line of its body: indented lines, lines joined by `+`, lazy lines that follow a body line
with no blank between, delimited blocks (`--`, `----`, ...) and the nested lists
(`sub;;`, `*`) inside them. A line at the left margin after a blank line ends the list
unless it starts the next entry.

Cross references `<<def_x,text>>` become the text and name the target entry in
`see_also` (by its term when the anchor is defined in the same file). `linkgit:x[1]`,
`link:url[text]` and bare `https://…[text]` macros become Markdown text or links.
"""

from __future__ import annotations

import re

from termbase.labels import parse_term
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.markup.asciidoc_inline import inline_markdown, plain_label
from termbase.readers.page_text import (
    REASON_HEADING,
    REASON_NO_DEFINITION,
    REASON_UNTAKEN_TERM_LINE,
    page_line_reason,
    tidy,
)

MAX_TERM_WORDS = 8

REASON_DOCUMENT = "document text, not a glossary entry"
REASON_ANCHOR = "block anchor or attribute line"

_TERM = re.compile(
    r"^(?:\[\[(?P<anchor>[^\],]+)(?:,[^\]]*)?\]\])?(?P<term>[^\s/].*?)::(?:[ \t]+(?P<rest>\S.*))?$"
)
_DELIMITER = re.compile(r"^(--|-{4,}|\.{4,}|\*{4,}|={4,}|_{4,}|\+{4,}|/{4,})\s*$")
_HEADING = re.compile(r"^={1,6}\s+\S")
_NESTED_TERM = re.compile(r"^(?P<term>\S.*?)(?:;;|:::+)(?:\s+(?P<rest>.*))?$")
_BULLET = re.compile(r"^\s*(?:[*-]+|\.+|\d+\.)\s+(?P<text>.*)$")
#: `[[support]] Support:` among `[[x]] Term::` items: an anchored term line with one colon (a typo
#: AsciiDoc renders as a paragraph), reported as a term line not read, never silently dropped.
_ONE_COLON_TERM = re.compile(r"^\[\[[^\],]+(?:,[^\]]*)?\]\]\s*(?P<term>[^\s:][^:]*?):$")


def _is_term_text(term: str) -> bool:
    """Return True if a list label reads as a term: a few words, not a finished sentence."""
    return len(term.split()) <= MAX_TERM_WORDS and not term.endswith((".", "!", "?", ":"))


def _indented_item(term: re.Match[str], new_paragraph: bool) -> bool:
    """Return True if an indented `term::` line is an item of the list, not body text: Asciidoctor
    takes a `term::` after leading blanks as a sibling item (`:::` and `;;` nest), so one that opens
    a paragraph with an anchor or a term-like label is an entry of its own."""
    label = term.group("term").strip()
    if not new_paragraph or label.endswith((":", ";")) or not _is_term_text(label):
        return False
    return bool(term.group("anchor")) or label.startswith("[[") or term.group("rest") is None


class AsciiDocGlossaryReader:
    """Reads AsciiDoc `term::` labeled lists; other lines are reported."""

    name = "asciidoc"
    description = "AsciiDoc labeled list: `[[anchor]]term::` then an indented body"

    def detect(self, text: str) -> float:
        """Return the share of content lines inside entries (0 for reST pages or few entries)."""
        if re.search(r"^\.\.\s+\S", text, re.M):
            return 0.0
        if text.count("::") < 3:
            return 0.0  # each entry opens on a `term::` line of its own: fewer than three entries
        result = self.read(text, "")
        if len(result.entries) < 3:
            return 0.0
        nonblank = sum(1 for line in text.splitlines() if line.strip())
        inside = nonblank - len(result.unused)
        termlike = sum(1 for e in result.entries if _is_term_text(e.term)) / len(result.entries)
        return round(inside / nonblank * termlike, 3) if nonblank else 0.0

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per top-level `term::` item and a reason for every other line."""
        lines = text.splitlines()
        spans = self._spans(lines)
        anchors = {}
        for first, _ in spans:
            match = _TERM.match(lines[first].strip())
            if match and match.group("anchor"):
                anchors[match.group("anchor")] = tidy(match.group("term"))
        entries: list[Entry] = []
        unused: list[Unused] = []
        covered: set[int] = set()
        for first, last in spans:
            covered.update(range(first, last + 1))
            match = _TERM.match(lines[first].strip())
            if match is None:  # a span whose first line is no term line: report, never crash
                unused.extend(
                    Unused(source, n + 1, lines[n].strip(), "indented text with no term line before it")
                    for n in range(first, last + 1)
                    if lines[n].strip()
                )
                continue
            body = lines[first + 1 : last + 1]
            if match.group("rest"):
                body = [match.group("rest"), *body]
            see_also: list[str] = []
            links: list[str] = []
            definition = self._markdown(body, anchors, see_also, links)
            term = plain_label(match.group("term"))
            if not definition:
                unused.append(Unused(source, first + 1, lines[first].strip(), REASON_NO_DEFINITION))
                continue
            labels = parse_term(term)[0]
            entries.append(
                Entry(
                    source=source,
                    line=first + 1,
                    end_line=last + 1,
                    term=term,
                    labels=labels,
                    definition=definition,
                    see_also=tuple(t for t in dict.fromkeys(see_also) if t not in labels),
                    links=tuple(dict.fromkeys(links)),
                )
            )
        title = ""
        before_first = True
        for index, line in enumerate(lines):
            if index in covered:
                before_first = False
                continue
            stripped = line.strip()
            if not stripped:
                continue
            if _HEADING.match(stripped) or (
                index + 1 < len(lines) and re.match(r"^[=\-~^+]{3,}\s*$", lines[index + 1])
                and len(lines[index + 1].strip()) >= len(stripped) and not _DELIMITER.match(stripped)
            ):
                title = title or stripped.lstrip("= ").strip()
                reason = page_line_reason(stripped) if before_first else REASON_HEADING
            elif re.match(r"^[=\-~^+]{3,}$", stripped) and index > 0 and lines[index - 1].strip():
                reason = REASON_HEADING
            elif re.match(r"^\[\[?[^\]]*\]\]?$", stripped) or stripped.startswith(":"):
                reason = REASON_ANCHOR
            elif _ONE_COLON_TERM.match(stripped) and _is_term_text(_ONE_COLON_TERM.match(stripped)["term"]):
                reason = REASON_UNTAKEN_TERM_LINE
            else:
                reason = REASON_DOCUMENT
            unused.append(Unused(source, index + 1, stripped, reason))
        return entries_and_unused(entries, unused, title)

    @staticmethod
    def _spans(lines: list[str]) -> list[tuple[int, int]]:
        """Return (first, last) 0-based line indexes of each top-level labeled-list item."""
        spans: list[tuple[int, int]] = []
        current: int | None = None
        last = -1
        delimiter = ""
        previous_blank = True
        attached = False
        for index, line in enumerate(lines):
            stripped = line.rstrip()
            if delimiter:
                if stripped == delimiter:
                    delimiter = ""
                last = index
                previous_blank = False
                continue
            if not stripped:
                previous_blank = True
                continue
            term = _TERM.match(stripped.lstrip()) if not stripped.lstrip().startswith("//") else None
            if term and (not line[0].isspace() or _indented_item(term, previous_blank and not attached)):
                if current is not None:
                    spans.append((current, last))
                current, last, attached = index, index, False
            elif current is None:
                pass
            elif _DELIMITER.match(stripped) and (attached or not previous_blank or line[0].isspace()):
                delimiter = stripped.strip()
                last = index
            elif (
                line[0].isspace()
                or stripped == "+"
                or attached
                or not previous_blank
                or (_NESTED_TERM.match(stripped) and not _HEADING.match(stripped))
            ):
                last = index
            else:
                spans.append((current, last))
                current = None
            attached = stripped == "+"
            previous_blank = False
        if current is not None:
            spans.append((current, last))
        return spans

    @staticmethod
    def _markdown(body: list[str], anchors: dict[str, str], see_also: list[str], links: list[str]) -> str:
        """Return the Markdown for an item's body lines."""
        blocks: list[str] = []
        paragraph: list[str] = []
        code: list[str] | None = None

        def flush() -> None:
            if paragraph:
                text = tidy(" ".join(paragraph))
                bullet = _BULLET.match(text)
                nested = _NESTED_TERM.match(text)
                if bullet:
                    blocks.append("- " + inline_markdown(bullet.group("text"), anchors, see_also, links))
                elif nested and len(nested.group("term")) <= 40:
                    rest = inline_markdown(nested.group("rest") or "", anchors, see_also, links)
                    name = inline_markdown(nested.group("term"), anchors, see_also, links)
                    blocks.append(f"**{name}**: {rest}" if rest else f"**{name}**")
                else:
                    blocks.append(inline_markdown(text, anchors, see_also, links))
                paragraph.clear()

        for line in body:
            stripped = line.strip()
            if code is not None:
                if _DELIMITER.match(stripped) and stripped.startswith(("-", ".")) and len(stripped) >= 4:
                    blocks.append("```\n" + "\n".join(code) + "\n```")
                    code = None
                else:
                    code.append(line.rstrip())
                continue
            if not stripped or stripped == "+" or stripped == "--":
                flush()
            elif re.match(r"^(-{4,}|\.{4,})$", stripped):
                flush()
                code = []
            elif _BULLET.match(stripped) or (_NESTED_TERM.match(stripped) and not line[0].isspace()):
                flush()
                paragraph.append(stripped)
            else:
                paragraph.append(stripped)
        flush()
        if code:
            blocks.append("```\n" + "\n".join(code) + "\n```")
        return "\n\n".join(block for block in blocks if block)
