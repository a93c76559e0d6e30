"""Perl POD lists of terms: `=over` … `=item term` then its paragraphs … `=back`.

Example (the shape, written for the tests)::

    =head1 NAME

    workshop - words of the pottery workshop

    =head2 K

    =over 4

    =item kiln

    An oven for firing L<clay|/clay>; see also L</glaze>.

    =item clay

    =item potter's clay

    Earth that holds its shape when wet.

    =back

Each `=item` with a name (not a `*` or numbered bullet) opens an entry that runs to the next
item, `=back` or heading; items with no paragraph between them name one entry. Formatting
codes become Markdown (`C<x>` → `` `x` ``, `B<x>` → `**x**`, `I<x>`/`F<x>` → `*x*`,
`L<text|target>` → text, `E<gt>` → `>`), nested and in the `C<< … >>` form too; `L</x>` links
to other items are see-also targets. Headings, `=cut`/`=pod`/`=encoding` lines, verbatim
blocks outside items and every other line are reported.
"""

from __future__ import annotations

import html
import re

from termbase.labels import clean_label, parse_term
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.page_text import REASON_HEADING, REASON_TITLE

REASON_COMMAND = "POD command outside the term lists"
REASON_OUTSIDE = "document text outside the term lists"
REASON_BULLET = "bullet item of a list, not a term"
REASON_NO_DEFINITION = "item with no paragraph after it"

_COMMAND = re.compile(r"^=(?P<name>[a-zA-Z]\w*)\b\s*(?P<text>.*)$")
_BULLET = re.compile(r"^(?:\*|\d+\.?|[-•])?\s*$|^(?:\*|\d+\.)\s")
#: A formatting code's opening: a capital and one or more `<` (`C<`, `C<< `).
_CODE_OPEN = re.compile(r"(?P<letter>[A-Z])(?P<angles><+)(?P<space>\s*)")
_ESCAPES = {"lt": "<", "gt": ">", "sol": "/", "verbar": "|", "quot": '"', "amp": "&", "apos": "'"}
_MARKDOWN = {"B": "**", "I": "*", "F": "*"}


def pod_markdown(text: str, links: list[str] | None = None, *, plain: bool = False) -> str:
    """Return POD text with its formatting codes turned into Markdown (or plain text); the
    targets of `L</x>` links to items of the same page are added to `links`."""
    out: list[str] = []
    index = 0
    while index < len(text):
        match = _CODE_OPEN.search(text, index)
        if match is None:
            out.append(text[index:])
            break
        out.append(text[index : match.start()])
        inner, index = _code_body(text, match)
        out.append(_code(match["letter"], inner, links, plain=plain))
    return "".join(out)


def _code_body(text: str, match: re.Match[str]) -> tuple[str, int]:
    """Return (inner text, index after the close) of the formatting code opened by `match`."""
    angles = len(match["angles"])
    start = match.end()
    if angles > 1:  # `C<< a <=> b >>`: closed by as many `>` after a space
        close = text.find(" " + ">" * angles, start)
        if close < 0:
            return text[start:], len(text)
        return text[start:close].strip(), close + 1 + angles
    depth, index = 1, start
    while index < len(text):
        if _CODE_OPEN.match(text, index) and text[index + 1 : index + 2] == "<":
            depth += 1
            index += 2
            continue
        if text[index] == ">":
            depth -= 1
            if depth == 0:
                return text[start:index], index + 1
        index += 1
    return text[start:], len(text)


def _code(letter: str, inner: str, links: list[str] | None, *, plain: bool) -> str:
    if letter == "E":
        name = inner.strip()
        if name.isdigit():
            return chr(int(name))
        if name.lower().startswith("0x"):
            return chr(int(name, 16))
        return _ESCAPES.get(name, html.unescape(f"&{name};"))
    if letter in "XZ":
        return ""
    body = pod_markdown(inner, links, plain=plain)
    if letter == "L":
        return _link_text(body, links)
    if letter == "C":
        return body if plain else f"`{body}`"
    if letter in _MARKDOWN and not plain:
        return f"{_MARKDOWN[letter]}{body}{_MARKDOWN[letter]}"
    return body  # S<> (no-break spaces) and unknown codes keep their text


def _link_text(body: str, links: list[str] | None) -> str:
    """Return the text a link shows: `text|target` → text, `/"sec"` or `/sec` → sec, a page → it."""
    text, bar, target = body.partition("|")
    target = target if bar else text
    page, slash, section = target.partition("/")
    section = section.strip().strip('"')
    if slash and not page and section and links is not None:
        links.append(section)
    if bar:
        return text
    return section or page


class PodGlossaryReader:
    """Reads Perl POD `=item` lists of terms; other lines are reported."""

    name = "pod"
    description = "Perl POD: `=over` lists of `=item term` and its paragraphs"

    def detect(self, text: str) -> float:
        """Return 1.0 for a POD page with three or more named `=item`s inside `=over` lists: no
        other markup writes `=over`, `=item` and `=back` at line starts."""
        if not re.search(r"^=over\b", text, re.M) or not re.search(r"^=(?:head\d|pod|item)\b", text, re.M):
            return 0.0
        named = sum(1 for m in re.finditer(r"^=item[ \t]+(.+)$", text, re.M) if not _BULLET.match(m[1]))
        return 1.0 if named >= 3 and re.search(r"^=back\b", text, re.M) else 0.0

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per named item (several items with no paragraph between name one)."""
        lines = text.splitlines()
        entries: list[Entry] = []
        unused: list[Unused] = []
        names: list[tuple[int, str]] = []  # the items waiting for their paragraphs
        body: list[tuple[int, str]] = []
        depth = 0  # `=over` nesting; items at depth 1 are terms
        title = ""

        def close() -> None:
            nonlocal names, body
            if names and any(line.strip() for _, line in body):
                entries.append(self._entry(names, body, source))
            elif names:
                unused.extend(Unused(source, n, lines[n - 1].strip(), REASON_NO_DEFINITION) for n, _ in names)
            names, body = [], []

        in_pod = True
        for number, line in enumerate(lines, start=1):
            command = _COMMAND.match(line)
            if command and (in_pod or command["name"] in ("pod", "head1", "head2", "head3", "head4")):
                name, rest = command["name"], command["text"].strip()
                in_pod = name != "cut"
                if name == "over":
                    depth += 1
                    if depth > 1:
                        body.append((number, line))
                        continue
                elif name == "back":
                    depth = max(0, depth - 1)
                    if depth >= 1:
                        body.append((number, line))
                        continue
                    close()
                elif name == "item" and depth == 1 and not _BULLET.match(rest):
                    if any(text.strip() for _, text in body):
                        close()
                    names.append((number, rest))
                    continue
                elif name == "item" and depth >= 1 and names:
                    body.append((number, line))
                    continue
                elif name.startswith("head"):
                    close()
                    plain = clean_label(pod_markdown(rest, plain=True))
                    if name == "head1" and not title and plain.upper() != "NAME":
                        title = plain
                    reason = REASON_TITLE if name == "head1" else REASON_HEADING
                    unused.append(Unused(source, number, line.strip(), reason))
                    continue
                reason = REASON_BULLET if name == "item" else REASON_COMMAND
                unused.append(Unused(source, number, line.strip(), reason))
                continue
            if names:
                body.append((number, line))
            elif line.strip():
                unused.append(Unused(source, number, line.strip(), REASON_OUTSIDE))
        close()
        return entries_and_unused(entries, unused, title)

    @staticmethod
    def _entry(names: list[tuple[int, str]], body: list[tuple[int, str]], source: str) -> Entry:
        links: list[str] = []
        paragraphs: list[str] = []
        for block in _paragraphs([line for _, line in body]):
            if block[0][:1].isspace():  # a verbatim block: code as written
                paragraphs.append("```\n" + "\n".join(block) + "\n```")
            elif block[0].startswith("="):
                item = _COMMAND.match(block[0])
                text = item["text"] if item and item["name"] == "item" else ""
                if text:
                    paragraphs.append(f"- {pod_markdown(' '.join([text, *block[1:]]), links)}")
            else:
                paragraphs.append(pod_markdown(" ".join(part.strip() for part in block), links))
        labels: list[str] = []
        for _, name in names:
            plain = clean_label(pod_markdown(name, plain=True))
            for part in re.split(r",\s+", plain) if "," in plain and len(plain.split()) <= 8 else [plain]:
                labels.extend(parse_term(part)[0])
        labels = list(dict.fromkeys(label for label in labels if label))
        return Entry(
            source=source,
            line=names[0][0],
            end_line=max(number for number, line in body if line.strip()),
            term=labels[0],
            labels=tuple(labels),
            definition="\n\n".join(paragraph for paragraph in paragraphs if paragraph.strip()),
            see_also=tuple(dict.fromkeys(links)),
        )


def _paragraphs(lines: list[str]) -> list[list[str]]:
    """Return the blank-line separated blocks of `lines`."""
    blocks: list[list[str]] = []
    current: list[str] = []
    for line in lines:
        if line.strip():
            current.append(line.rstrip())
        elif current:
            blocks.append(current)
            current = []
    if current:
        blocks.append(current)
    return blocks
