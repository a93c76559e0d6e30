"""Lines naming a term in other languages at the head of its body: `English：Handle<br>`, `中文：用户`.

A page of term headings may open each body with one line per language, the language's name,
a colon (full-width `：` too) and the term's name in it. Those lines are names, not
definition text: each becomes an entry in the language it names, grouped with the heading's
entry as one concept. The shape is taken only when most bodies open with such lines, so a
body that happens to start `English: …` in a page of prose stays as written.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from termbase.labels import clean_label, parse_term
from termbase.model import Entry
from termbase.table_shape import named_language

#: `English：Handle<br>`, `- 中文: 用户`, `**Deutsch**: Griff`: a language's name, a colon, a short name.
_NAME_LINE = re.compile(
    r"^(?:[-*+]\s+)?(?:\*\*|__)?(?P<language>[^\W\d_][^:：*_]{0,29}?)(?:\*\*|__)?\s*[:：]\s*(?:\*\*|__)?"
    r"(?P<name>[^\n]{1,80}?)(?:\*\*|__)?\s*(?:<br\s*/?>)?\s*$",
    re.IGNORECASE,
)
#: Most bodies (at least this share, and at least MIN_BODIES of them) must open with name lines.
MIN_SHARE = 0.6
MIN_BODIES = 2
#: A name is a label: at most this many words.
MAX_NAME_WORDS = 8


def _name_lines(definition: str) -> list[tuple[str, str]]:
    """Return (language, name) of each name line the definition opens with."""
    found = []
    for line in definition.lstrip().splitlines():
        match = _NAME_LINE.match(line.strip())
        if not match:
            break
        language = named_language(match["language"].strip())
        name = clean_label(match["name"])
        if not language or not name or len(name.split()) > MAX_NAME_WORDS or name.endswith((".", "。")):
            break
        found.append((language, name))
    return found


def _rest(definition: str, count: int) -> str:
    """Return the definition without its first `count` lines."""
    return "\n".join(definition.lstrip().splitlines()[count:]).strip()


def _line_of(lines: Sequence[str], entry: Entry, name: str) -> int:
    """Return the 1-based source line of the entry's body that writes `name` (the heading's else)."""
    for number in range(entry.line + 1, min(entry.end_line, len(lines)) + 1):
        if name in lines[number - 1]:
            return number
    return entry.line


def with_name_lines(entries: list[Entry], lines: Sequence[str]) -> list[Entry]:
    """Return the entries with the other-language name lines opening their bodies read as
    entries of those languages (one group per concept), the headings' entries in the language
    their own text's script tells (else the fallback). Entries are returned unchanged unless
    most bodies open with such lines."""
    names = [_name_lines(entry.definition) for entry in entries]
    with_names = sum(1 for found in names if found)
    if with_names < MIN_BODIES or with_names < MIN_SHARE * len(entries):
        return entries
    from termbase.readers.file_language import DEFAULT_LANGUAGE, SAMPLE_CHARS, text_language  # load cycle

    rests = [_rest(entry.definition, len(found)) for entry, found in zip(entries, names, strict=True)]
    own_text = "\n".join(f"{entry.term}\n{rest}" for entry, rest in zip(entries, rests, strict=True))
    own_language = text_language(own_text[:SAMPLE_CHARS])[0] or DEFAULT_LANGUAGE
    read: list[Entry] = []
    for entry, found, rest in zip(entries, names, rests, strict=True):
        if not found:
            read.append(entry)
            continue
        group = f"{entry.source}#names-{entry.line}"
        read.append(replace(entry, definition=rest, language=own_language, group=group))
        for language, name in found:
            labels, groups = parse_term(name)
            line = _line_of(lines, entry, name)
            read.append(
                Entry(
                    source=entry.source,
                    line=line,
                    end_line=line,
                    term=name,
                    labels=labels,
                    groups=groups,
                    definition="",
                    language=language,
                    group=group,
                )
            )
    return read
