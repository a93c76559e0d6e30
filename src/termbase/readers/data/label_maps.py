"""JSON mappings of a term to its translation: `{"Purchase Order": "구매 주문(PO)", …}`.

A translator's glossary is often a flat mapping of names in one language to names in
another, or such mappings grouped by topic (`{"pt_en": {"Buildings": {"fazenda": "farm"}}}`).
Each pair is one concept with a name in each language and no definition — a bilingual
glossary of names, read as `bilingual_rows` reads a two-column term/translation table. A
mapping counts when it holds at least MIN_PAIRS pairs of short labels (a sentence as a value
makes it a term → definition glossary, which the record reader takes) and its keys and values
are in two languages told apart by their script, by their words, or by the key above them
(`pt_en`, `en-ko`, `en→fr`). Keys opening with `_` or `#` (`_comment_units`) are notes, reported.

The same pairs are also written as a list of two-field records (`- source: Support` /
`target: サポート`, `{"en": …, "ko": …}`): every record with the same two fields, each a short
label; the field names tell the languages when they name them, else the labels' scripts or words.
A translation glossary may also keep a list of names left untranslated beside its pairs
(`protected_terms: [Bitcoin Core, mempool]`): beside at least one mapping or list of pairs, a list
of short labels is those names, each an entry in the pairs' first language.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from termbase.model import Entry, Unused
from termbase.readers.bilingual_rows import (
    MAX_LABEL_CHARS,
    MAX_LABEL_WORDS,
    is_label_column,
    label_languages,
    row_entries,
)
from termbase.readers.column_language import column_language

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


#: Two Latin columns of pairs are told apart by their words at this lower bar (a mapping's keys and
#: values are two languages by its shape; a table's columns need not be).
MIN_PAIR_PROBABILITY = 0.8
#: ... when one of them is told at that bar, the other at this one (short common words say little).
MIN_OTHER_PROBABILITY = 0.6


def _pair_languages(columns: list[list[str]], header: tuple[str, ...] = ()) -> tuple[str, ...] | None:
    """Return the two languages of a mapping's keys and values (or two fields), or None."""
    languages = label_languages(columns, header)
    if languages is None and all(is_label_column(column) for column in columns):
        told = [column_language(column, MIN_PAIR_PROBABILITY) for column in columns]
        guessed = [column_language(column, MIN_OTHER_PROBABILITY) for column in columns]
        languages = tuple(guessed) if any(told) and all(guessed) and guessed[0] != guessed[1] else None
    return languages


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
        languages = direction or (_pair_languages(columns) if len(differing) >= MIN_PAIRS else None)
        if languages and len(languages) == 2:
            yield node, (languages[0], languages[1])
            return
    for key, child in items:
        named = _DIRECTION.match(str(key).strip())
        below = (named["source"].lower(), named["target"].lower()) if named else direction
        yield from label_maps(child, below)


def pair_record_lists(node: object) -> Iterator[tuple[object, tuple[str, str], tuple[str, str]]]:
    """Yield (list node, (first field, second field), their languages) for each list of two-field
    records of labels in the tree (`- source: Support` / `target: サポート`)."""
    elements = getattr(node, "elements", [])
    if len(elements) >= MIN_PAIRS:
        fields = [tuple(str(key) for key, _ in getattr(element, "items", [])) for element in elements]
        first = fields[0]
        if (
            len(first) == 2
            and all(f == first for f in fields)
            and all(_is_label(child.value) for element in elements for _, child in element.items)
        ):
            columns = [[str(element.items[i][1].value) for element in elements] for i in range(2)]
            languages = _pair_languages(columns, first)
            if languages and len(languages) == 2 and not _MESSAGE_KEY.search(columns[0][0]):
                yield node, (first[0], first[1]), (languages[0], languages[1])
                return
    for child in (*elements, *(child for _, child in getattr(node, "items", []))):
        yield from pair_record_lists(child)


def kept_name_lists(node: object) -> Iterator[object]:
    """Yield each list of MIN_PAIRS or more short labels (and nothing else) in the tree: names a
    translation glossary keeps as they are, beside its pairs."""
    elements = getattr(node, "elements", [])
    if len(elements) >= MIN_PAIRS and all(_is_label(element.value) for element in elements):
        yield node
        return
    for child in (*elements, *(child for _, child in getattr(node, "items", []))):
        yield from kept_name_lists(child)


def is_label_map_tree(root: object) -> bool:
    """Return True when the tree holds mappings or record lists of label pairs."""
    found = list(label_maps(root))
    records = list(pair_record_lists(root))
    pairs = sum(len(node.items) for node, _ in found) + sum(  # type: ignore[attr-defined]
        len(node.elements) for node, _, _ in records  # type: ignore[attr-defined]
    )
    return pairs >= MIN_PAIRS


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
    first_language = ""
    for node, (first, second), languages in pair_record_lists(root):
        first_language = first_language or languages[0]
        for element in node.elements:  # type: ignore[attr-defined]
            values = dict(element.items)
            made = row_entries([str(values[first].value), str(values[second].value)], list(languages),
                               source=source, line=element.line, end_line=element.end_line,
                               group=f"{source}#pair-{element.line}")
            entries.extend(made)
            covered.update(range(element.line, element.end_line + 1))
    first_language = first_language or next((languages[0] for _, languages in label_maps(root)), "")
    if entries and first_language:
        for node in kept_name_lists(root):
            for element in node.elements:  # type: ignore[attr-defined]
                if element.line in covered:
                    continue
                entries.extend(row_entries([str(element.value)], [first_language], source=source,
                                           line=element.line, end_line=element.end_line))
                covered.update(range(element.line, element.end_line + 1))
    entries.sort(key=lambda entry: entry.line)
    unused = [
        Unused(source, number, text.strip(), REASON_NOTE)
        for number, text in enumerate(lines, start=1)
        if number not in covered and text.strip() and text.strip() not in "{}[],"
        and not re.fullmatch(r"[\"'][^\"']*[\"']\s*:\s*\{\s*|\}\s*,?", text.strip())
    ]
    return entries, unused
