"""JSON mappings of a term to its translation: `{"Purchase Order": "구매 주문(PO)", …}`.

A translator's glossary is often a flat mapping of names in one language to names in
another, or such mappings grouped by topic (`{"pt_en": {"Buildings": {"fazenda": "farm"}}}`).
Each pair is one concept with a name in each language and no definition — a bilingual
glossary of names, read as `bilingual_rows` reads a two-column term/translation table. A
mapping counts when it holds at least MIN_PAIRS pairs of short labels (a sentence as a value
makes it a term → definition glossary, which the record reader takes) and its keys and values
are in two languages told apart by their script, by their words, or by the key above them
(`pt_en`, `en-ko`, `en→fr`). Keys opening with `_` or `#` (`_comment_units`) are notes, reported.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from termbase.model import Entry, Unused
from termbase.readers.bilingual_rows import MAX_LABEL_CHARS, MAX_LABEL_WORDS, label_languages, row_entries

#: A mapping of label pairs is a glossary from this many pairs.
MIN_PAIRS = 3
#: A key above the pairs that names their direction: `pt_en`, `en-ko`, `en→fr`, `en_to_pt`.
_DIRECTION = re.compile(
    r"^(?P<source>[a-z]{2,3})\s*(?:[_\-→>]|_to_|\s+to\s+)\s*(?P<target>[a-z]{2,3})$", re.IGNORECASE
)
#: A message catalogue's key: `save_button`, `menu.file.open`, `errorMessage` (no space in it).
_MESSAGE_KEY = re.compile(r"^\S*(?:[a-z0-9][_.][a-z0-9]|[a-z][A-Z])\S*$")
REASON_NOTE = "a note among the term/translation pairs"


def _is_label(text: object) -> bool:
    return isinstance(text, str) and 0 < len(text.strip()) <= MAX_LABEL_CHARS and len(
        text.split()) <= MAX_LABEL_WORDS


def _is_note_key(key: str) -> bool:
    return key.startswith(("_", "#", "$"))


def label_maps(
    node: object, direction: tuple[str, str] | None = None
) -> Iterator[tuple[object, tuple[str, str]]]:
    """Yield (mapping node, (key language, value language)) for each mapping of label pairs in
    the tree of `Located` nodes; `direction` is the one a key above named. The languages are
    told from the pairs that differ (names kept as they are, `MRP: MRP`, tell nothing)."""
    items = getattr(node, "items", [])
    pairs = [(str(key), child) for key, child in items if not _is_note_key(str(key))]
    if len(pairs) >= MIN_PAIRS and all(_is_label(key) and _is_label(child.value) for key, child in pairs):
        differing = [(key, str(c.value)) for key, c in pairs if key.strip() != str(c.value).strip()]
        if sum(1 for key, _ in pairs if _MESSAGE_KEY.search(key)) * 2 >= len(pairs):
            return  # `save_button: 저장`, `menu.open: …`: an app's message catalogue, not a glossary
        columns = [[key for key, _ in differing], [value for _, value in differing]]
        languages = direction or (label_languages(columns) if len(differing) >= MIN_PAIRS else None)
        if languages and len(languages) == 2:
            yield node, (languages[0], languages[1])
            return
    for key, child in items:
        named = _DIRECTION.match(str(key).strip())
        below = (named["source"].lower(), named["target"].lower()) if named else direction
        yield from label_maps(child, below)


def is_label_map_tree(root: object) -> bool:
    """Return True when the tree holds mappings of label pairs and nothing else at its leaves."""
    found = list(label_maps(root))
    return bool(found) and sum(len(node.items) for node, _ in found) >= MIN_PAIRS  # type: ignore[attr-defined]


def label_map_entries(root: object, source: str, lines: list[str]) -> tuple[list[Entry], list[Unused]]:
    """Return the entries of every label-pair mapping in the tree (a group per pair) and the
    file's other non-blank lines as Unused."""
    entries: list[Entry] = []
    covered: set[int] = set()
    for node, languages in label_maps(root):
        for key, child in node.items:  # type: ignore[attr-defined]
            if _is_note_key(str(key)) or not isinstance(child.value, str):
                continue
            line = node.key_lines.get(key, child.line)  # type: ignore[attr-defined]
            made = row_entries([str(key), child.value], list(languages), source=source, line=line,
                               end_line=child.end_line, group=f"{source}#pair-{line}")
            entries.extend(made)
            covered.update(range(line, child.end_line + 1))
    unused = [
        Unused(source, number, text.strip(), REASON_NOTE)
        for number, text in enumerate(lines, start=1)
        if number not in covered and text.strip() and text.strip() not in "{}[],"
        and not re.fullmatch(r"[\"'][^\"']*[\"']\s*:\s*\{\s*|\}\s*,?", text.strip())
    ]
    return entries, unused
