"""bib2gls glossary resources: glossary entries kept in a `.bib` file, one record each.

The records the `glossaries-extra` package's bib2gls reads (example in our own words)::

    @entry{kiln,
      name = {kiln},
      description = {an oven that fires clay until it is hard},
      see = {glaze}
    }
    @abbreviation{ac,
      short = {AC},
      long = {alternating current}
    }
    @symbol{omega, name = {$\\omega$}, description = {angular velocity}}

The file is parsed with bibtexparser (any case of field names, BibDesk's extra fields, braces
or quotes). Each record is an entry: its `name` (else its `short` form, else its key) is the
term; `short`, `long`, `plural` and `text` forms are more labels; `description` is the
definition (an abbreviation with none has only its labels); `see`/`seealso` name other
records' keys, kept as see-also. LaTeX in the values becomes plain text with pylatexenc
(`\\gls{lan}` → the text of the record it names, `\\textsc{lw}IP` → lwIP, `~` → a space).
`@string`, `@preamble` and `@comment` blocks and text outside records are reported.
"""

from __future__ import annotations

import re

import bibtexparser
from bibtexparser.model import Entry as BibEntry

from termbase.errors import InputError
from termbase.labels import clean_label, parse_term
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.markup.latex_glossaries import latex_text

#: Record types bib2gls defines (a `@misc` or `@article` is a bibliography, not a glossary).
GLOSSARY_TYPES = frozenset(
    {
        "entry", "symbol", "number", "index", "indexplural", "abbreviation", "acronym",
        "dualentry", "dualindexentry", "dualsymbol", "dualindexsymbol", "dualnumber",
        "dualindexnumber", "dualabbreviation", "dualindexabbreviation", "dualabbreviationentry",
        "dualentryabbreviation", "dualacronym", "tertiaryindexabbreviationentry", "bibtexentry",
        "contributor", "progenitor", "spawnindex", "spawnindexplural", "spawnentry", "spawnsymbol",
    }
)  # fmt: skip
#: A record line (`[ \t]*`, not `\s*`: under MULTILINE that rescans every blank run, quadratic).
_RECORD = re.compile(r"^[ \t]*@(?P<type>[A-Za-z]+)\s*[{(]", re.MULTILINE)
#: A glossary command in a value naming another record by its key: `\gls{lan}`, `\Glspl{x}`.
_GLS = re.compile(r"\\(?:[gG]ls|GLS)(?:pl|text|name|symbol|desc|first)?\*?\{(?P<key>[^{}]+)\}")
REASON_OUTSIDE = "text outside the glossary records"
REASON_BLOCK = "@{kind} block (no glossary record)"
MIN_RECORDS = 3


def _fields(record: BibEntry) -> dict[str, str]:
    return {field.key.casefold(): str(field.value) for field in record.fields}


def _records(text: str, source: str) -> list[BibEntry]:
    try:
        library = bibtexparser.parse_string(text)
    except Exception as error:  # bibtexparser raises plain exceptions on bad input
        hint = "close every record's braces"
        raise InputError(f"malformed BibTeX: {error}", path=source, hint=hint) from None
    return [record for record in library.entries if record.entry_type.casefold() in GLOSSARY_TYPES]


class BibtexGlossaryReader:
    """Reads bib2gls `.bib` glossary resources (see the module docstring)."""

    name = "bib2gls"
    description = "bib2gls .bib glossary records: @entry{key, name=…, description=…}, @abbreviation{…}"

    def detect(self, text: str) -> float:
        """Return 0.95 for three or more bib2gls records (0.6 for fewer), 0 for a bibliography."""
        types = [match["type"].casefold() for match in _RECORD.finditer(text)]
        found = sum(1 for kind in types if kind in GLOSSARY_TYPES)
        if not found or found * 2 < len(types):
            return 0.0
        return 0.95 if found >= MIN_RECORDS else 0.6

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per glossary record; other blocks and lines are reported."""
        records = _records(text, source)
        names = {record.key: _term(record) for record in records}
        entries: list[Entry] = []
        claimed: set[int] = set()
        for record in records:
            first = record.start_line + 1
            last = first + record.raw.rstrip().count("\n")
            entry = _entry(record, names, source, first, last)
            if entry is not None:
                entries.append(entry)
                claimed.update(range(first, last + 1))
        unused = []
        for number, line in enumerate(text.splitlines(), start=1):
            if line.strip() and number not in claimed:
                kind = match["type"].casefold() if (match := _RECORD.match(line)) else ""
                reason = REASON_BLOCK.format(kind=kind) if kind else REASON_OUTSIDE
                unused.append(Unused(source, number, line.strip(), reason))
        return entries_and_unused(entries, unused)


def _plain(value: str, names: dict[str, str]) -> str:
    """Return a field's LaTeX as plain text, `\\gls{key}` as the text of the record it names."""
    value = _GLS.sub(lambda m: names.get(m["key"].strip(), m["key"]), value)
    return latex_text(value)


def _term(record: BibEntry) -> str:
    fields = _fields(record)
    return latex_text(fields.get("name") or fields.get("short") or "") or record.key


def _entry(record: BibEntry, names: dict[str, str], source: str, first: int, last: int) -> Entry | None:
    fields = _fields(record)
    term = clean_label(_plain(fields.get("name") or fields.get("short") or "", names) or record.key)
    if not term:
        return None
    labels, groups = parse_term(term)
    more = [_plain(fields[key], names) for key in ("short", "long", "text", "plural") if fields.get(key)]
    keys = [key.strip() for name in ("see", "seealso") for key in re.split(r"[,;]", fields.get(name, ""))]
    see = [names.get(key, key) for key in keys if key]
    cleaned = [label for label in map(clean_label, more) if label]
    all_labels = tuple(dict.fromkeys([*labels, *cleaned]))
    return Entry(
        source=source,
        line=first,
        end_line=last,
        term=term,
        labels=all_labels,
        definition=_plain(fields.get("description", ""), names),
        groups=groups if len(all_labels) == len(labels) else (),
        see_also=tuple(s for s in see if s and s != term),
    )
