"""LaTeX lists of terms: `description` items and two- or three-column `tabular` rows.

The shapes of a thesis' list of abbreviations or glossary chapter (our own words)::

    \\begin{description}
    \\item[LAN] local area network, the network of one building.
    \\item [Warp] the threads held taut
        along the loom.
    \\end{description}

    \\begin{tabular}{ll}                 \\begin{tabular}{l c l}
      \\textbf{LAN} & local area network \\\\      LAN & = & Local Area Network \\\\
    \\end{tabular}                        \\end{tabular}

Each `\\item[term]` is an entry, its text up to the next item the definition; a list
environment of another name (a document's own, `\\begin{glossinventory}`) is read the same
way when its items name their terms so. Commented-out lines (`%\\item …`, a translation
scaffold's twins of every line) are reported, never read. A control sequence written
`\\cs{par}` (or `\\cmd{\\par}`) is the name `\\par`; in a term, what follows the name inside
it (its arguments' grammar) is left out. Each table row
of a term cell and a definition cell is an entry (a `=` or dash cell between them is
punctuation); a first row set off by a rule (`\\hline`, `\\midrule`) is the header. LaTeX in the
cells becomes plain text (pylatexenc). Everything else is reported.
"""

from __future__ import annotations

import re

from termbase.labels import parse_term
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused, numbered_lines
from termbase.readers.markup.latex_glossaries import _text

_BEGIN = re.compile(r"\\begin\{(?P<env>description|tabular\*?|tabularx|longtable|supertabular)\}")
_END = re.compile(r"\\end\{(?P<env>description|tabular\*?|tabularx|longtable|supertabular)\}")
#: Any other environment: a list of the document's own when its items are `\item[term]`.
_ANY_BEGIN = re.compile(r"\\begin\{(?P<env>[A-Za-z]+\*?)\}")
#: Environments that are never term lists (the document, floats, code, math).
_NOT_LISTS = frozenset(
    {"document", "figure", "table", "verbatim", "lstlisting", "minted", "equation", "align", "tabbing"}
    | {"itemize", "enumerate", "list", "compactitem", "compactenum", "inparaenum", "enumerate*", "itemize*"}
)
#: An item label that only numbers or marks the item (`(a)`, `iv.`, `--`, `$\bullet$`): no term.
_ENUMERATOR = re.compile(r"^\W*(?:[ivxlcdm]+|[a-z]|\d+)?\W*$", re.IGNORECASE)
#: A control sequence name written with the doc package's macro: `\cs{par}`, `\cmd{\par}`.
_CS = re.compile(r"\\(?:cs|cmd)\s*\{")
_ITEM = re.compile(r"\\item\s*\[")
_RULE = re.compile(r"^\s*(?:\\(?:hline|toprule|midrule|bottomrule|cline\{[^}]*\}|endhead|endfirsthead)\s*)+$")
_PUNCTUATION_CELL = re.compile(r"^[=:–—-]$")
_ROW_END = re.compile(r"(?<!\\)\\\\(?:\s*\[[^\]]*\])?")
MIN_ENTRIES = 3
MAX_TERM_WORDS = 6
REASON_OUTSIDE = "LaTeX outside the term lists"
REASON_COMMENT = "LaTeX comment"
REASON_MARKUP = "list or table markup"
REASON_HEADER = "table header row"
REASON_NOT_TERM = "table row that is no term and definition"


def _bracketed(text: str, start: int) -> tuple[str, int]:
    """Return the contents of the `[...]` opening at text[start] and the index after it."""
    depth = 0
    for index in range(start, len(text)):
        char = text[index]
        if char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
            if depth == 0:
                return text[start + 1 : index], index + 1
    return text[start + 1 :], len(text)


def _cells(row: str) -> list[str]:
    """Return the plain text of a table row's cells (`&` not escaped), punctuation cells dropped."""
    parts = re.split(r"(?<!\\)&", row)
    cells = [_text(part).strip() for part in parts]
    return [cell for cell in cells if not _PUNCTUATION_CELL.match(cell)]


def _entry(term: str, definition: str, source: str, first: int, last: int) -> Entry | None:
    term = " ".join(term.split())
    if not term or not definition or len(term.split()) > MAX_TERM_WORDS:
        return None
    labels, groups = parse_term(term)
    return Entry(source, first, last, labels[0], labels, definition, groups=groups)


def _control_sequences(latex: str, *, name_only: bool = False) -> str:
    """Return LaTeX with each `\\cs{name…}` written as the name `\\name` (plain text: a
    `\\textbackslash`); with `name_only`, what follows the name inside the braces is dropped."""
    out: list[str] = []
    index = 0
    for match in _CS.finditer(latex):
        if match.start() < index:
            continue
        inner, end = _bracketed(latex, match.end() - 1)
        name = re.match(r"\\?([A-Za-z@]+\d*|.)", inner.strip())  # `\cs{char32}`: the name as written
        if name is None:
            continue
        rest = "" if name_only else inner.strip()[name.end() :]
        out.append(latex[index : match.start()] + "{\\textbackslash{}" + name.group(1) + "}" + rest)
        index = end
    return "".join(out) + latex[index:]


def _without_comment(line: str) -> str:
    return re.split(r"(?<!\\)%", line, maxsplit=1)[0]


def _own_list(lines: list[tuple[int, str]], index: int) -> re.Match[str] | None:
    """Return the `\\begin{env}` match of a list environment of the document's own at line
    `index` (not one of _NOT_LISTS) whose next non-blank live line is an `\\item[term]`, else None."""
    begin = _ANY_BEGIN.search(_without_comment(lines[index][1]))
    if begin is None or begin["env"].rstrip("*") in _NOT_LISTS:
        return None
    for _, line in lines[index + 1 : index + 40]:
        body = _without_comment(line).strip()
        if body:
            return begin if _ITEM.match(body) else None
    return None


class LatexListsReader:
    """Reads LaTeX `description` lists and term tables (see the module docstring)."""

    name = "latex-lists"
    description = "LaTeX '\\item[term] definition' description lists and 'term & definition \\\\' tables"

    def detect(self, text: str) -> float:
        if not _BEGIN.search(text) and not re.search(r"\\item\s*\[", text):  # no list or table
            return 0.0
        try:
            count = len(self.read(text, "").entries)
        except (ValueError, IndexError):
            return 0.0
        return 0.7 if count >= MIN_ENTRIES else (0.3 if count else 0.0)

    def read(self, text: str, source: str) -> ReadResult:
        lines = numbered_lines(text)
        entries: list[Entry] = []
        used: dict[int, str] = {}
        index = 0
        while index < len(lines):
            number, line = lines[index]
            begin = _BEGIN.search(_without_comment(line)) or _own_list(lines, index)
            if not begin:
                index += 1
                continue
            closing = re.compile(r"\\end\{" + re.escape(begin["env"]) + r"\}")
            ends = (i for i in range(index, len(lines)) if closing.search(_without_comment(lines[i][1])))
            end = next(ends, len(lines) - 1)
            block = lines[index : end + 1]
            if not begin["env"].startswith(("tabular", "longtable", "supertabular")):
                self._description(block, source, entries, used, own=begin["env"] != "description")
            else:
                self._table(block, source, entries, used)
            used.setdefault(number, REASON_MARKUP)
            used.setdefault(lines[end][0], REASON_MARKUP)
            index = end + 1
        unused = []
        entry_lines = {n for e in entries for n in range(e.line, e.end_line + 1)}
        for number, line in lines:
            if not line.strip() or number in entry_lines:
                continue
            reason = used.get(number) or (REASON_COMMENT if line.lstrip().startswith("%") else REASON_OUTSIDE)
            unused.append(Unused(source, number, line.strip(), reason))
        return entries_and_unused(entries, unused)

    @staticmethod
    def _description(
        block: list[tuple[int, str]],
        source: str,
        entries: list[Entry],
        used: dict[int, str],
        own: bool = False,
    ) -> None:
        """Read a description list's items (`own`: a list environment of the document's own, whose
        items that only number themselves, `\\item[(a)]`, are no terms)."""
        items: list[tuple[int, int, str]] = []  # (first line, last line, text from \item)
        for number, line in block[1:-1]:
            body = _without_comment(line)
            if _ITEM.search(body):
                items.append((number, number, body[_ITEM.search(body).start() :]))
            elif items and body.strip():
                first, _, text = items[-1]
                items[-1] = (first, number, text + "\n" + body)
            elif body.strip() or line.strip():
                used[number] = REASON_COMMENT if line.lstrip().startswith("%") else REASON_MARKUP
        for first, last, text in items:
            match = _ITEM.match(text)
            assert match is not None
            term, after = _bracketed(text, match.end() - 1)
            name = _text(_control_sequences(term, name_only=True))
            if own and _ENUMERATOR.match(name) and not term.strip().startswith("\\"):
                continue  # `\item[(a)]` numbers an item: no term (its lines are reported)
            entry = _entry(name, _text(_control_sequences(text[after:])).strip(), source, first, last)
            if entry is not None:
                entries.append(entry)

    @staticmethod
    def _table(block: list[tuple[int, str]], source: str, entries: list[Entry], used: dict[int, str]) -> None:
        rows: list[tuple[int, int, str]] = []
        pending: list[tuple[int, str]] = []
        ruled_after: set[int] = set()
        for number, line in block[1:-1]:
            body = _without_comment(line)
            if _RULE.match(body) or (not body.strip() and not pending):
                if body.strip():
                    used[number] = REASON_MARKUP
                    ruled_after.add(len(rows))
                elif line.strip():
                    used[number] = REASON_COMMENT
                continue
            pending.append((number, body))
            if _ROW_END.search(body):
                text = " ".join(b for _, b in pending)
                rows.append((pending[0][0], pending[-1][0], _ROW_END.split(text, maxsplit=1)[0]))
                pending = []
        for number, _ in pending:
            used[number] = REASON_MARKUP
        for position, (first, last, text) in enumerate(rows):
            cells = _cells(re.sub(r"\\(?:hline|toprule|midrule|bottomrule)", "", text))
            if position == 0 and 1 in ruled_after and len(rows) >= MIN_ENTRIES:
                for n in range(first, last + 1):
                    used[n] = REASON_HEADER
                continue
            entry = _entry(cells[0], cells[-1], source, first, last) if len(cells) >= 2 else None
            if entry is None:
                for n in range(first, last + 1):
                    used[n] = REASON_NOT_TERM
                continue
            entries.append(entry)
