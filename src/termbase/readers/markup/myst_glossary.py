"""MyST Markdown `{glossary}` blocks: Sphinx's glossary directive written in Markdown.

Shape of Jupyter Book and MyST documentation glossaries (example from the test fixtures)::

    ## Firing

    ```{glossary}
    :sorted: true

    kiln
    oven
        A chamber that fires clay.

        | Cone | Heat |
        | ---- | ---- |
        | 06   | low  |

    [bisque](https://example.org/bisque)
        Clay fired once, before the glaze.
    ```

Inside a fence of backticks or colons named `{glossary}`, term lines start at the left
margin and their definition is indented below them; term lines with no blank line between
them name one entry. Option lines (`:sorted:`) come first. A term written as a link keeps
its text as the label and its address as a link; `` {term}`x` `` roles become their text.
Definitions are Markdown, dedented. Everything outside the blocks is reported.
"""

from __future__ import annotations

import re
import textwrap

from termbase.labels import parse_term
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.markup.markdown_parsing import clean_markdown, parse_blocks, unused_outside, web_links

REASON_FENCE = "glossary block fence"
REASON_OPTION = "glossary block option"
REASON_NO_BODY = "term line with no definition after it"

#: The opening of a `{glossary}` block: three or more backticks or colons.
_OPEN = re.compile(r"^(?P<fence>`{3,}|:{3,})\{glossary\}.*$")
_OPTION = re.compile(r"^:[\w-]+:")
_LINK = re.compile(r"\[(?P<text>[^\[\]]+)\]\((?P<href>[^()\s]*)\)")
_ROLE = re.compile(r"\{[\w:-]+\}`(?P<text>[^`<]+?)(?:\s*<[^>]*>)?`")


def glossary_blocks(lines: list[str]) -> list[tuple[int, int]]:
    """Return (opening index, closing index) of every `{glossary}` block; an unclosed block
    runs to the end of the page."""
    blocks = []
    i = 0
    while i < len(lines):
        match = _OPEN.match(lines[i].strip())
        if not match:
            i += 1
            continue
        fence = match["fence"]
        indent = _indent(lines[i])
        # a fence indented under a term is a code block inside its definition, not the close
        end = next(
            (j for j in range(i + 1, len(lines)) if _indent(lines[j]) <= indent + 3
             and lines[j].strip().startswith(fence[0] * len(fence))
             and not lines[j].strip().strip(fence[0])),
            len(lines),
        )
        blocks.append((i, end))
        i = end + 1
    return blocks


def _indent(line: str) -> int:
    """Return how many columns of white space open `line` (a tab counts four)."""
    return len(line) - len(line.lstrip(" \t")) + 3 * line[: len(line) - len(line.lstrip(" \t"))].count("\t")


def _term_text(line: str, links: list[str]) -> str:
    """Return a term line's text: links give their text (their address goes to `links`)."""
    for match in _LINK.finditer(line):
        if match["href"].startswith("http"):
            links.append(match["href"])
    text = _LINK.sub(r"\g<text>", line)
    return " ".join(_ROLE.sub(r"\g<text>", text).split())


class MystGlossaryReader:
    """Reads MyST Markdown `{glossary}` blocks; the rest of the page is reported."""

    name = "myst-glossary"
    description = "MyST Markdown ```{glossary} blocks (term lines, indented definitions)"

    def detect(self, text: str) -> float:
        """Return 0.95 for a page with a `{glossary}` block of two or more entries."""
        if "{glossary}" not in text:
            return 0.0
        entries = len(self.read(text, "").entries)
        return 0.95 if entries >= 2 else 0.6 if entries == 1 else 0.1

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per term group of every block; other lines are reported."""
        lines = text.splitlines()
        entries: list[Entry] = []
        unused: list[Unused] = []
        claimed: set[int] = set()
        for start, end in glossary_blocks(lines):
            for index in (start, end):
                if index < len(lines):
                    unused.append(Unused(source, index + 1, lines[index].strip(), REASON_FENCE))
                    claimed.add(index + 1)
            found, lost = _read_block(lines, start + 1, end, source)
            entries.extend(found)
            unused.extend(lost)
            claimed.update(range(start + 1, end + 2))
        unused.extend(unused_outside(text, parse_blocks(text), claimed, source))
        return entries_and_unused(entries, unused)


def _read_block(lines: list[str], start: int, end: int, source: str) -> tuple[list[Entry], list[Unused]]:
    """Return the entries and unused lines of the block's content, lines[start:end]."""
    entries: list[Entry] = []
    unused: list[Unused] = []
    terms: list[int] = []
    body: list[int] = []

    def close() -> None:
        if not terms:
            return
        if not any(lines[j].strip() for j in body):
            unused.extend(Unused(source, j + 1, lines[j].strip(), REASON_NO_BODY) for j in terms)
        else:
            entries.append(_entry(lines, terms, body, source))
        terms.clear()
        body.clear()

    previous_blank = True
    for j in range(start, end):
        line = lines[j]
        if not line.strip():
            previous_blank = True
            if body:
                body.append(j)
            continue
        if line[0] not in " \t":
            if not terms and not entries and _OPTION.match(line):
                unused.append(Unused(source, j + 1, line.strip(), REASON_OPTION))
            elif terms and not body and not previous_blank:
                terms.append(j)
            else:
                close()
                terms.append(j)
        elif terms:
            body.append(j)
        else:
            unused.append(Unused(source, j + 1, line.strip(), "indented text before the first glossary term"))
        previous_blank = False
    close()
    return entries, unused


def _entry(lines: list[str], terms: list[int], body: list[int], source: str) -> Entry:
    while body and not lines[body[-1]].strip():
        body.pop()
    links: list[str] = []
    names = [_term_text(lines[j], links) for j in terms]
    raw = textwrap.dedent("\n".join(lines[body[0] : body[-1] + 1]))
    raw = _ROLE.sub(r"\g<text>", raw)
    labels: list[str] = []
    for name in names:
        labels.extend(parse_term(name)[0])
    return Entry(
        source=source,
        line=terms[0] + 1,
        end_line=body[-1] + 1,
        term=names[0],
        labels=tuple(dict.fromkeys(labels)),
        definition=clean_markdown(raw),
        links=tuple(dict.fromkeys([*links, *web_links(raw)])),
    )
