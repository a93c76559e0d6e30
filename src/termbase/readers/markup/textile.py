"""Textile pages of terms: `- term := definition` lists, or an HTML `<dl>` inside Textile.

Shapes (written for the tests; Jekyll and Redmine sites keep pages in Textile)::

    h2. Kiln words

    - Kiln := An oven that fires clay until it is hard.
    - Bisque firing := The first firing, with no glaze yet.
    The pot stays porous. =:

    <dl class="glossary">
    <dt>*CP*</dt> <dd>(Cone Pack)</dd>
    </dl>

A page is Textile when it has Textile block marks (`h2.`, `p.`, `bq.`). Each `- term :=`
item is an entry, its definition running to the next item, a blank line or a closing `=:`;
each `<dt>`/`<dd>` pair of an HTML definition list is one too. Textile inline marks become
Markdown (`*strong*`, `_em_`, `@code@`, `"text":url` links) and are dropped from terms. Front
matter, headings, prose and template (`{% … %}`) lines are reported.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from termbase.labels import clean_label, parse_term
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.page_text import REASON_HEADING, tidy

REASON_FRONT_MATTER = "front matter"
REASON_OUTSIDE = "text outside the definition lists"
REASON_LIST_MARKUP = "definition list markup or a template line"

_BLOCK_MARK = re.compile(r"^(?:h[1-6]|p|bq|bc|pre|fn\d+)(?:[({\[<>=][^.]*)?\.\s", re.MULTILINE)
_HEADING = re.compile(r"^h[1-6](?:[({\[<>=][^.]*)?\.\s+(?P<text>.*)$")
_ITEM = re.compile(r"^-\s+(?P<term>[^:=\n]+?)\s+:=(?:\s+(?P<rest>.*))?$")
_PAIR = re.compile(r"<dt\b[^>]*>(?P<term>.*?)</dt>\s*<dd\b[^>]*>(?P<dd>.*?)</dd>", re.S | re.I)
_TAG = re.compile(r"<[^>]+>")
_LINK = re.compile(r'"(?P<text>[^"\n]+)":(?P<url>https?://[^\s<>"]+[^\s<>".,;:!?)])')
_INLINE = (
    (re.compile(r"(?<![\w*])\*(?P<text>[^*\s](?:[^*]*[^*\s])?)\*(?![\w*])"), "**{}**"),
    (re.compile(r"(?<![\w_])_(?P<text>[^_\s](?:[^_]*[^_\s])?)_(?![\w_])"), "*{}*"),
    (re.compile(r"(?<![\w@])@(?P<text>[^@\s](?:[^@]*[^@\s])?)@(?![\w@])"), "`{}`"),
)
MIN_ENTRIES = 3


def to_markdown(text: str) -> str:
    """Return Textile inline markup (and HTML tags) as Markdown."""
    text = _LINK.sub(lambda m: f"[{m['text']}]({m['url']})", text)
    for pattern, form in _INLINE:
        text = pattern.sub(lambda m, form=form: form.format(m["text"]), text)
    return tidy(_TAG.sub(" ", text))


def _plain(text: str) -> str:
    """Return a term without its inline marks and tags."""
    return clean_label(re.sub(r"[*`]", "", to_markdown(text)))


def _front_matter_end(lines: list[str]) -> int:
    """Return the index after a `---` front matter block, or 0."""
    if not lines or lines[0].strip() != "---":
        return 0
    return next((i + 1 for i in range(1, len(lines)) if lines[i].strip() in ("---", "...")), 0)


def _items(lines: list[str]) -> list[tuple[int, int, str, str]]:
    """Return (first, last index, term, definition) of each `- term := definition` item."""
    found = []
    index = 0
    while index < len(lines):
        match = _ITEM.match(lines[index])
        if not match:
            index += 1
            continue
        body = [match["rest"] or ""]
        end = index
        closed = body[0].rstrip().endswith("=:")
        while not closed and end + 1 < len(lines):
            following = lines[end + 1]
            if not following.strip() or _ITEM.match(following):
                break
            end += 1
            body.append(following)
            closed = following.rstrip().endswith("=:")
        definition = "\n".join(body).strip().removesuffix("=:").strip()
        found.append((index, end, match["term"], definition))
        index = end + 1
    return found


def _pairs(text: str) -> list[tuple[int, int, str, str]]:
    """Return (first, last index, term, definition) of each HTML `<dt>`/`<dd>` pair."""
    starts = [0]
    for line in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    return [
        (bisect_right(starts, m.start()) - 1, bisect_right(starts, m.end() - 1) - 1, m["term"], m["dd"])
        for m in _PAIR.finditer(text)
    ]


def _entries(text: str, source: str) -> list[Entry]:
    lines = text.splitlines()
    entries = []
    for first, last, term, definition in sorted(_items(lines) + _pairs(text)):
        name = _plain(term)
        body = to_markdown(definition)
        if not name or not body:
            continue
        labels, groups = parse_term(name)
        entries.append(
            Entry(
                source=source,
                line=first + 1,
                end_line=last + 1,
                term=name,
                labels=labels,
                groups=groups,
                definition=body,
            )
        )
    return entries


class TextileReader:
    """Reads Textile pages whose terms are `- term := definition` items or HTML dt/dd pairs."""

    name = "textile"
    description = "Textile page: `- term := definition` items (or an HTML <dl>), `h2.` headings"

    def detect(self, text: str) -> float:
        """Return 0.9 for a page with Textile block marks and 3+ entries (0.3 with fewer), else 0."""
        if not _BLOCK_MARK.search(text) or (":=" not in text and "<dt" not in text.lower()):
            return 0.0
        found = len(_entries(text, ""))
        if not found:
            return 0.0
        return 0.9 if found >= MIN_ENTRIES else 0.3

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per item or dt/dd pair; every other line is reported."""
        lines = text.splitlines()
        entries = _entries(text, source)
        taken = {n for entry in entries for n in range(entry.line - 1, entry.end_line)}
        front = _front_matter_end(lines)
        in_list = False
        unused: list[Unused] = []
        title = ""
        for index, line in enumerate(lines):
            stripped = line.strip()
            lowered = stripped.lower()
            if lowered.startswith("<dl"):
                in_list = True
            if not stripped or index in taken:
                in_list = in_list and not lowered.startswith("</dl")
                continue
            heading = _HEADING.match(stripped)
            if index < front:
                reason = REASON_FRONT_MATTER
            elif heading:
                reason = REASON_HEADING
                title = title or heading["text"].strip()
            elif in_list or stripped.startswith("{%"):
                reason = REASON_LIST_MARKUP
            else:
                reason = REASON_OUTSIDE
            if lowered.startswith("</dl"):
                in_list = False
            unused.append(Unused(source, index + 1, stripped, reason))
        return entries_and_unused(entries, unused, title)
