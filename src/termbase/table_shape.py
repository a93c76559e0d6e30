"""Recognise a table by its structure: rows that split into the same number of cells.

A file is a table when one delimiter (tab, comma, semicolon, pipe) splits nearly all of
its rows into the same number (two or more) of cells — whatever language its header is
in. The csv module does the splitting (quoted cells may hold the delimiter or line
breaks); a byte-order mark and CRLF line ends are taken in stride.

The first row is a header when it stands apart from the rows below it: a column whose
cells are all in one script (Hangul, Arabic, Latin…) has a first cell in another
(`영어` over English words, `Persian` over Persian ones), or a column of long cells has
a short first one, or the first row names languages (`en`, `English`, `فارسی`, `영어`).
Each column's language comes from the language its header names, else from its script.
"""

from __future__ import annotations

import csv
import re
import statistics
import unicodedata
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

DELIMITERS = ("\t", ",", ";", "|")

#: A table needs this many rows, and this share of them with the modal number of cells.
MIN_ROWS = 3
MIN_CONSISTENCY = 0.9

#: Scripts that name one language, and the letters that tell Arabic-script and
#: Cyrillic-script languages apart.
SCRIPT_LANGUAGE = {
    "HANGUL": "ko",
    "HIRAGANA": "ja",
    "KATAKANA": "ja",
    "THAI": "th",
    "GREEK": "el",
    "HEBREW": "he",
    "GEORGIAN": "ka",
    "ARMENIAN": "hy",
    "DEVANAGARI": "hi",
    "BENGALI": "bn",
    "TAMIL": "ta",
    "ETHIOPIC": "am",
    "CJK": "zh",
    # scripts that one language writes (nearly always): the script names the language
    "GUJARATI": "gu",
    "GURMUKHI": "pa",
    "TELUGU": "te",
    "KANNADA": "kn",
    "MALAYALAM": "ml",
    "ORIYA": "or",
    "SINHALA": "si",
    "KHMER": "km",
    "LAO": "lo",
    "MYANMAR": "my",
    "TIBETAN": "bo",
    "THAANA": "dv",
}
PERSIAN_LETTERS = frozenset("پچژگ")
BELARUSIAN_LETTERS = frozenset("ўЎ")
UKRAINIAN_LETTERS = frozenset("їЇєЄґҐ")


@dataclass(frozen=True, slots=True)
class TableRow:
    """One row of a table: its cells (stripped) and its 1-based span of lines."""

    cells: tuple[str, ...]
    line: int
    end_line: int


@dataclass(frozen=True, slots=True)
class TableShape:
    """A text read as a table: its delimiter, rows, whether row one is a header, and
    the language of each column ("" when neither header nor script tells)."""

    delimiter: str
    columns: int
    rows: tuple[TableRow, ...]
    header: bool
    languages: tuple[str, ...]
    consistency: float

    @property
    def body(self) -> tuple[TableRow, ...]:
        """Return the rows below the header (all rows when there is none)."""
        return self.rows[1:] if self.header else self.rows


def strip_bom(text: str) -> str:
    """Return `text` without a leading byte-order mark."""
    return text[1:] if text.startswith("\ufeff") else text


#: Excel's first line naming the delimiter of the rows below it (`sep=;`).
EXCEL_SEPARATOR = re.compile(r'"?sep=.?"?,?', re.I)


def split_rows(text: str, delimiter: str) -> list[TableRow]:
    """Return the non-blank rows of `text` split at `delimiter` (csv quoting rules).

    A pipe-delimited row loses the empty cells outside its outer pipes (`| a | b |`).
    A tab-delimited text without quoted cells, or with the same number of cells on every
    line (one record a line), takes `"` literally. Raises csv.Error
    for a quoted cell left open.
    """
    lines = strip_bom(text).splitlines(keepends=True)
    if lines and EXCEL_SEPARATOR.fullmatch(lines[0].strip()):
        lines[0] = "\n"  # Excel's `sep=;` names the delimiter: no row
    quoted = delimiter != "\t" or any(line.startswith('"') or '\t"' in line for line in lines)
    if quoted and delimiter == "\t" and one_record_per_line(lines):
        return _literal_rows(lines)
    reader = csv.reader(lines, delimiter=delimiter, quoting=csv.QUOTE_MINIMAL if quoted else csv.QUOTE_NONE)
    rows: list[TableRow] = []
    previous = 0
    for cells in reader:
        start, previous = previous + 1, reader.line_num
        if delimiter == "|" and len(cells) > 1 and not cells[0].strip() and not cells[-1].strip():
            cells = cells[1:-1]
        if any(cell.strip() for cell in cells):
            first = next(n for n in range(start, previous + 1) if lines[n - 1].strip())
            rows.append(TableRow(tuple(cell.strip() for cell in cells), first, previous))
    return rows


def one_record_per_line(lines: list[str]) -> bool:
    """Return True if every non-blank line holds the same number (two or more) of tab-separated
    cells: a TSV of one record per line, whose `"` are text (a cell may open one it never closes)."""
    counts = {line.count("\t") for line in lines if line.strip()}
    return len(counts) == 1 and counts != {0}


def _literal_rows(lines: list[str]) -> list[TableRow]:
    """Return one row per non-blank line split at tabs; a cell wholly in quotes loses them."""
    rows = []
    for number, line in enumerate(lines, start=1):
        if line.strip():
            cells = tuple(unquoted_cell(cell.strip()) for cell in line.rstrip("\r\n").split("\t"))
            rows.append(TableRow(cells, number, number))
    return rows


def unquoted_cell(cell: str) -> str:
    if len(cell) >= 2 and cell[0] == cell[-1] == '"' and '"' not in cell[1:-1].replace('""', ""):
        return cell[1:-1].replace('""', '"').strip()
    return cell


def sniff_table(text: str, delimiters: tuple[str, ...] = DELIMITERS) -> TableShape | None:
    """Return the table shape of `text`, or None when no delimiter makes it a table."""
    best: tuple[float, int, str, list[TableRow]] | None = None
    for delimiter in delimiters:
        if delimiter not in text:
            continue
        try:
            rows = split_rows(text, delimiter)
        except csv.Error:
            continue
        if len(rows) < MIN_ROWS:
            continue
        columns, count = Counter(len(row.cells) for row in rows).most_common(1)[0]
        consistency = count / len(rows)
        if columns < 2 or consistency < MIN_CONSISTENCY:
            continue
        if delimiter == "|" and not _pipe_table(rows, columns):
            continue
        if best is None or (consistency, columns) > (best[0], best[1]):
            best = (consistency, columns, delimiter, rows)
    if best is None:
        return None
    consistency, columns, delimiter, rows = best
    header = is_header_row(rows, columns)
    return TableShape(
        delimiter, columns, tuple(rows), header, column_languages(rows, columns, header), consistency
    )


def _pipe_table(rows: list[TableRow], columns: int) -> bool:
    """Return True if pipe rows look like a Markdown table (a `---` separator row)."""
    return any(all(set(cell) <= set(":- ") and cell for cell in row.cells) for row in rows[:3])


def script_of(text: str) -> str:
    """Return the script most letters of `text` are written in (`LATIN`, `HANGUL`…), or ""."""
    if text.isascii():  # every ASCII letter is Latin
        return "LATIN" if any(map(str.isalpha, text)) else ""
    scripts = Counter(_script_of_letter(char) for char in text if char.isalpha())
    scripts.pop("", None)
    return scripts.most_common(1)[0][0] if scripts else ""


def letter_script(char: str) -> str:
    """Return the script a letter is written in (`LATIN`, `CYRILLIC`, `CJK`…), or ""."""
    return _script_of_letter(char)


@lru_cache(maxsize=8192)
def _script_of_letter(char: str) -> str:
    """Return the script a letter's Unicode name opens with (`LATIN`, `HANGUL`…), or ""."""
    name = unicodedata.name(char, "")
    return name.split()[0] if name else ""


def column_script(cells: list[str], share: float = 0.9) -> str:
    """Return the script at least `share` of the non-empty cells are in, or ""."""
    scripts = [script for cell in cells if (script := script_of(cell))]
    if not scripts:
        return ""
    script, count = Counter(scripts).most_common(1)[0]
    return script if count >= share * len(scripts) else ""


@lru_cache(maxsize=64)
def _language_names(locale: str) -> dict[str, str]:
    """Return {casefolded language name or code: code} as `locale` names languages."""
    from babel import Locale, UnknownLocaleError

    try:
        names = Locale.parse(locale).languages
    except (UnknownLocaleError, ValueError):
        return {}
    table = {name.casefold(): code for code, name in names.items() if "_" not in code}
    table.update({code.casefold(): code for code in names if "_" not in code and len(code) <= 3})
    return table


#: A locale tag as file formats write one: a language code and a region (`ne_NP`, `pt-BR`).
LOCALE_TAG = re.compile(r"^(?P<language>[a-z]{2,3})[-_](?P<region>[a-z]{2}|\d{3})$")


def named_language(cell: str) -> str:
    """Return the language a header cell names (`en`, `English`, `영어`, `فارسی`, `ne_Np` as
    `ne-NP`), or ""."""
    wanted = cell.strip().casefold()
    if not wanted or len(wanted) > 40:
        return ""
    if (bare := re.sub(r"^[\d\W_]+\s+(?=\w)", "", wanted)) != wanted and bare:
        return named_language(bare)  # `0.0 English`: a number before the language's name
    tag = LOCALE_TAG.match(wanted)
    if tag:
        language = named_language(tag["language"])
        return f"{language}-{tag['region'].upper()}" if language else ""
    locales = ["en"]
    script = script_of(cell)
    if script in SCRIPT_LANGUAGE:
        locales.append(SCRIPT_LANGUAGE[script])
    if script == "ARABIC":
        locales += ["fa", "ar", "ur"]
    if script == "CYRILLIC":
        locales += ["ru", "uk", "be", "bg", "sr"]
    if script == "LATIN":
        locales += ["fr", "de", "es", "pt", "it", "nl", "sv", "pl", "tr", "id", "vi"]
    for locale in locales:
        code = _language_names(locale).get(wanted)
        if code:
            return code
    if wanted.endswith("文") and len(wanted) >= 2:  # Chinese names a written language X文 as well as X语
        return named_language(wanted[:-1] + "语")
    return ""


def script_language(cells: list[str]) -> str:
    """Return the language a column's script tells, or "" (Latin tells none)."""
    script = column_script(cells)
    letters = set("".join(cells))
    if script == "ARABIC":
        return "fa" if letters & PERSIAN_LETTERS else "ar"
    if script == "CYRILLIC":
        if letters & BELARUSIAN_LETTERS:
            return "be"
        return "uk" if letters & UKRAINIAN_LETTERS else ""
    return SCRIPT_LANGUAGE.get(script, "")


def is_header_row(rows: list[TableRow], columns: int) -> bool:
    """Return True if the first row stands apart from the rows below it (see module doc)."""
    if len(rows) < 2 or len(rows[0].cells) != columns:
        return False
    first, below = rows[0].cells, [row.cells for row in rows[1:] if len(row.cells) == columns]
    if not below:
        return False
    if all(set(cell) <= set(":- ") and cell for cell in below[0]):
        return True  # a Markdown separator row under the first
    named = [named_language(cell) for cell in first]
    if sum(bool(code) for code in named) >= 2 or (all(named) and named):
        return True
    for index in range(columns):
        column = [cells[index] for cells in below if cells[index]]
        if not column or not first[index]:
            continue
        script = column_script(column)
        if script and script_of(first[index]) and script_of(first[index]) != script:
            return True
        lengths = [len(cell) for cell in column]
        if statistics.median(lengths) >= 40 and len(first[index]) <= 20 and len(first[index].split()) <= 2:
            return True
        if _names_the_definitions(first[index], column):
            return True
    return False


#: A column of definitions: its cells hold at least this many words (median).
MIN_DEFINITION_WORDS = 4


def _names_the_definitions(cell: str, column: list[str]) -> bool:
    """Return True when a one- or two-word cell that names a definition column (`Explanation`,
    `Description`) heads a column of sentences: a header, however short the sentences."""
    from termbase.readers.record_fields import field_role  # the readers import this module

    if len(cell.split()) > 2 or field_role(cell) != "definition":
        return False
    return statistics.median(len(text.split()) for text in column) >= MIN_DEFINITION_WORDS


def column_languages(rows: list[TableRow], columns: int, header: bool) -> tuple[str, ...]:
    """Return each column's language: the one its header names, else its script's."""
    below = [row.cells for row in (rows[1:] if header else rows) if len(row.cells) == columns]
    languages = []
    for index in range(columns):
        named = named_language(rows[0].cells[index]) if header and index < len(rows[0].cells) else ""
        languages.append(named or script_language([cells[index] for cells in below]))
    return tuple(languages)
