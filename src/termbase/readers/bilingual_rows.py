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

#: Pieces of `A/B` are names of their own only when one is at least this long (a CJK sign counts two).
MIN_SLASH_NAME_WEIGHT = 4
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
    if "ja" in languages:  # kanji beside kana (`| 用語 | 読み |`): Japanese, not Chinese
        languages = ["ja" if language == "zh" and not name else language for language, name in zip(
            languages, named, strict=True)]
    latin = len(unknown) == 1 and column_script(list(columns[unknown[0]])) == "LATIN"
    if latin and FALLBACK not in languages:
        languages[unknown[0]] = FALLBACK
    if not all(languages) or len(set(languages)) != len(languages):
        return None
    return tuple(languages)


def label_and_note_columns(
    columns: Sequence[Sequence[str]], header: Sequence[str], definition: int = -1
) -> tuple[str, ...] | None:
    """Return each column's language, "" for a column of notes, when a table pairs labels in
    two or more languages with other columns (`| English | Vietnamese | Note |`,
    `| Hebrew | Transcription | Meaning | Example |`); None when it does not.

    Every column of labels whose header names a language is one. With fewer than two, the
    first column (a language named, or told by its script) pairs with the definition column
    (`definition`, else the first other column of labels in another script), whose language
    is the one it names, its script's, its words' (`column_language`), else the fallback for
    Latin. Sentences and unnamed columns are notes.
    """
    if len(columns) < 3 or len(header) != len(columns):
        return None
    labels = [is_label_column(column) for column in columns]
    languages = [named_language(name) if labels[i] else "" for i, name in enumerate(header)]
    if sum(bool(language) for language in languages) < 2:
        languages = [""] * len(columns)
        first = named_language(header[0]) or script_language(list(columns[0]))
        if not labels[0] or not first:
            return None
        scripts = [column_script(list(column)) for column in columns]
        pair = definition if 0 < definition < len(columns) and labels[definition] else -1
        if pair < 0 or scripts[pair] == scripts[0]:
            pair = next((i for i in range(1, len(columns)) if labels[i] and scripts[i] != scripts[0]), -1)
        if pair < 0 or scripts[pair] == scripts[0]:
            return None
        second = named_language(header[pair]) or script_language(list(columns[pair]))
        second = second or column_language(columns[pair]) or (FALLBACK if scripts[pair] == "LATIN" else "")
        if not second or second == first or {first, second} == {"zh", "ja"}:
            return None  # kanji beside kana (`| 用語 | 読み | 説明 |`): one language, Japanese
        languages[0], languages[pair] = first, second
    named = [language for language in languages if language]
    if len(named) < 2 or len(set(named)) != len(named):
        return None
    return tuple(languages)


#: Inline HTML a label cell may wrap its text in (`<a href="…">访问</a>`).
INLINE_TAG = re.compile(r"</?[A-Za-z][\w:-]*(?:\s[^<>]*)?/?>")


def cell_labels(cell: str, *, slashes: bool = False) -> tuple[str, ...]:
    """Return the labels one cell gives: its alternatives (inline HTML tags dropped, their
    text kept), each with any acronym split off; with `slashes`, also the names `A/B` writes."""
    labels: list[str] = []
    for part in ALTERNATIVES.split(html.unescape(INLINE_TAG.sub("", cell))):
        part = clean_label(part)
        if part:
            labels.extend(parse_term(part)[0])
            if slashes:
                labels.extend(label for name in slash_alternatives(part) for label in parse_term(name)[0])
    return tuple(dict.fromkeys(labels))


def slash_alternatives(label: str) -> list[str]:
    """Return the names a label writes as `A/B/C` with no spaces around the slashes, pieces
    alike in words (`Breaking/Digging/Mining`, `耐久/耐久度`, `Continuous Integration/Continuous
    Deployment`), or [] when the slash joins one name's parts (`TCP/IP`, `I/O`, `km/h`: short
    pieces; `CC/PP Repository`: pieces unlike) or there is none."""
    if "/" not in label or " /" in label or "/ " in label or any(b in label for b in "()（）[]"):
        return []
    parts = label.split("/")
    if len({part.count(" ") for part in parts}) > 1:
        return []  # `CC/PP Repository`: the slash joins the pieces of the first word only
    weight = lambda part: sum(1 if c.isascii() else 2 for c in part)  # noqa: E731 - a CJK sign says more
    if any(weight(part) < 2 or not any(c.isalpha() for c in part) for part in parts):
        return []
    return parts if max(map(weight, parts)) >= MIN_SLASH_NAME_WEIGHT else []


def row_entries(
    cells: Sequence[str],
    languages: Sequence[str],
    *,
    source: str,
    line: int,
    end_line: int,
    group: str = "",
    notes: str = "",
) -> list[Entry]:
    """Return one entry per filled cell of a row, in its column's language, grouped as one
    concept (by `group`, else by the row's line). Cells of columns with no language ("") are
    no labels; `notes` (the row's other cells, `Name: value`) is the first entry's definition."""
    group = group or f"{source}#row-{line}"
    entries = []
    # `A/B` names alternatives when the row's other labels name one thing (`Breaking/Digging` over
    # `挖掘`); slashes on both sides pair the halves (`upstream/downstream`, `上游/下游`)
    slashed = [c for c, lang in zip(cells, languages, strict=True) if lang and "/" in str(c)]
    for cell, language in zip(cells, languages, strict=True):
        if not language:
            continue
        labels = cell_labels(cell, slashes=len(slashed) == 1) if isinstance(cell, str) else ()
        if labels:
            entries.append(
                Entry(
                    source=source,
                    line=line,
                    end_line=end_line,
                    term=clean_label(cell),
                    labels=labels,
                    definition="" if entries else notes,
                    language=language,
                    group=group,
                )
            )
    return entries


def row_notes(cells: Sequence[str], languages: Sequence[str], header: Sequence[str]) -> str:
    """Return a row's cells in columns of no language as `Header: value` lines."""
    return "\n".join(
        f"{name}: {cell.strip()}"
        for cell, language, name in zip(cells, languages, header, strict=False)
        if not language and cell.strip()
    )
