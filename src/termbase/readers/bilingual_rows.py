"""Tables of labels in two or more languages: a term/translation table, one concept per row.

`| English | فارسی |`, `영어,번역문`, `en,ko`: every cell is a label (or several, split at
`,` `،` `;`) in its column's language, not a term with a definition. A table is one
when every column holds short labels and the columns are in different languages — the
language each header names (`English`, `فارسی`, `영어`, `ko`), else the one its script
tells (Hangul, Persian letters…), else the one its words tell (`column_language`: English
beside Azerbaijani, both Latin); one Latin column left unnamed beside them is taken to be
in the fallback language. Right-to-left text is kept exactly as written.
"""

from __future__ import annotations

import html
import re
import statistics
from collections.abc import Sequence

from termbase.labels import clean_label, parse_term
from termbase.language_tags import FALLBACK
from termbase.model import Entry
from termbase.readers.column_language import column_language
from termbase.table_shape import column_script, named_language, script_language

#: Separators between alternative labels in one cell (Latin and Arabic commas, semicolons).
ALTERNATIVES = re.compile(r"\s*[,،;؛]\s+|\s*[،؛]\s*")

#: A column of labels: most cells this many words or fewer, and short.
MAX_LABEL_WORDS = 6
MAX_LABEL_CHARS = 80


def is_label_column(cells: Sequence[str]) -> bool:
    """Return True if a column's non-empty cells read as labels, not sentences."""
    filled = [cell for cell in cells if cell.strip()]
    if not filled:
        return False
    short = sum(1 for cell in filled if len(cell) <= MAX_LABEL_CHARS)
    return statistics.median(len(cell.split()) for cell in filled) <= MAX_LABEL_WORDS and short >= 0.9 * len(
        filled
    )


def label_languages(columns: Sequence[Sequence[str]], header: Sequence[str] = ()) -> tuple[str, ...] | None:
    """Return each column's language if the table is labels in 2+ languages, else None."""
    if len(columns) < 2 or not all(is_label_column(column) for column in columns):
        return None
    named = [named_language(cell) for cell in header] if len(header) == len(columns) else [""] * len(columns)
    languages = [name or script_language(list(column)) for name, column in zip(named, columns, strict=True)]
    unknown = [index for index, language in enumerate(languages) if not language]
    if len(unknown) >= 2:  # columns in one script (English beside Azerbaijani): tell them by their words
        for index in unknown:
            languages[index] = column_language(columns[index])
        unknown = [index for index, language in enumerate(languages) if not language]
    latin = len(unknown) == 1 and column_script(list(columns[unknown[0]])) == "LATIN"
    if latin and FALLBACK not in languages:
        languages[unknown[0]] = FALLBACK
    if not all(languages) or len(set(languages)) != len(languages):
        return None
    return tuple(languages)


#: Inline HTML a label cell may wrap its text in (`<a href="…">访问</a>`).
INLINE_TAG = re.compile(r"</?[A-Za-z][\w:-]*(?:\s[^<>]*)?/?>")


def cell_labels(cell: str) -> tuple[str, ...]:
    """Return the labels one cell gives: its alternatives (inline HTML tags dropped, their
    text kept), each with any acronym split off."""
    labels: list[str] = []
    for part in ALTERNATIVES.split(html.unescape(INLINE_TAG.sub("", cell))):
        part = clean_label(part)
        if part:
            labels.extend(parse_term(part)[0])
    return tuple(dict.fromkeys(labels))


def row_entries(
    cells: Sequence[str], languages: Sequence[str], *, source: str, line: int, end_line: int, group: str = ""
) -> list[Entry]:
    """Return one entry per filled cell of a row, in its column's language, grouped as one
    concept (by `group`, else by the row's line)."""
    group = group or f"{source}#row-{line}"
    entries = []
    for cell, language in zip(cells, languages, strict=True):
        labels = cell_labels(cell) if isinstance(cell, str) else ()
        if labels:
            entries.append(
                Entry(
                    source=source,
                    line=line,
                    end_line=end_line,
                    term=clean_label(cell),
                    labels=labels,
                    definition="",
                    language=language,
                    group=group,
                )
            )
    return entries
