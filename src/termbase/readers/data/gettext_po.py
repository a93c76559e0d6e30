"""gettext PO files read as bilingual glossaries: each message is one concept in two languages.

Example (the shape, written for the tests)::

    msgid ""
    msgstr ""
    "Language: pt_BR\\n"

    #. The small spool under the needle plate.
    msgid "bobbin"
    msgstr "bobina"

Terminology lists are often kept as PO files (GNOME and KDE teams, Weblate glossaries).
Each message gives two entries that share a `group`, so they resolve into one concept:
the `msgid` (and `msgid_plural`) in the source language — the header's
`X-Source-Language`, else English — and the `msgstr` (all plural forms) in the header's
`Language` (else the file's name, `pt_BR.po`, else the language `Language-Team` names,
else `und`, undetermined, as the header's report line says). An extracted comment (`#.`) is the source
entry's definition, a translator comment (`#`) the translation's. Parsing is polib's.

Reported, not read: the header, untranslated messages' empty `msgstr` lines, fuzzy
translations (the translator marked them unsure) and obsolete messages (`#~`).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import polib
from babel import Locale

from termbase.errors import InputError
from termbase.labels import clean_label, parse_term
from termbase.language_tags import is_language_tag, known_language_tag
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused

REASON_HEADER = "PO header (file metadata)"
REASON_UNDETERMINED = (
    "PO header (file metadata), which names no language for the translations: they are filed"
    " as `und` (undetermined); add `Language: xx` to say which"
)
REASON_UNTRANSLATED = "message not translated (empty msgstr)"
REASON_FUZZY = "fuzzy translation (the translator marked it unsure); not read"
REASON_OBSOLETE = "obsolete message (#~), no longer used"
REASON_EMPTY_MSGID = "message with an empty msgid"

#: Blanks of the line only (`\s*` would run on over every following blank line, from each
#: line start: quadratic on a file of blank lines).
_MSGID = re.compile(r'^[ \t]*+msgid[ \t]+"', re.M)
_MSGSTR = re.compile(r'^[ \t]*+msgstr(?:\[\d+\])?[ \t]+"', re.M)


def _tag(value: str) -> str:
    """Return a header language value as a tag: `pt_BR` → `pt-BR`, `sr@latin` → `sr`."""
    return value.strip().split("@")[0].split(".")[0].replace("_", "-")


#: The tag of an undetermined language (BCP 47), for translations whose language no one states.
UNDETERMINED = "und"


@lru_cache(maxsize=1)
def _language_names() -> dict[str, str]:
    """Return English language names (case-folded) → their tags, from CLDR via babel."""
    names = Locale("en").languages
    return {name.casefold(): code for code, name in names.items() if "_" not in code}


def _named_language(value: str) -> str:
    """Return the tag of a language named in a header (`Swedish <team@…>` → `sv`), or ''."""
    name = re.split(r"[<(,]", value)[0].strip().casefold()
    return _language_names().get(name, "")


def _target_language(po: polib.POFile, source: str) -> str:
    """Return the translation's language: the header's `Language`, the file's name
    (`pt_BR.po`), the language a team or tool header names (`Language-Team: Swedish`),
    else `und` (undetermined), which the header's report line then says."""
    stated = _tag(po.metadata.get("Language", ""))
    if stated and is_language_tag(stated):
        return stated
    stem = known_language_tag(Path(source).stem)
    if stem:
        return stem
    for key in ("Language-Team", "X-Poedit-Language"):
        named = _named_language(po.metadata.get(key, ""))
        if named:
            return named
    return UNDETERMINED


def _parse(text: str, source: str) -> polib.POFile:
    try:
        return polib.pofile(text)
    except (OSError, ValueError, UnicodeError) as error:
        found = re.search(r"line (\d+)", str(error))
        raise InputError(
            f"malformed PO file: {error}",
            path=source,
            line=int(found.group(1)) if found else 0,
            hint="check the quoting of msgid/msgstr strings (msgfmt --check shows PO errors)",
        ) from None


def _blocks(po: polib.POFile, line_count: int) -> list[tuple[polib.POEntry, int, int]]:
    """Return (message, first line, last line) for every message, obsolete ones too, in file order."""
    messages = sorted(po, key=lambda m: m.linenum)
    starts = [m.linenum for m in messages]
    return [
        (message, start, (starts[i + 1] - 1) if i + 1 < len(starts) else line_count)
        for i, (message, start) in enumerate(zip(messages, starts, strict=True))
    ]


def _split(lines: list[str], first: int, last: int) -> int:
    """Return the line where a message's msgstr part starts (last + 1 if it has none)."""
    for number in range(first, last + 1):
        if _MSGSTR.match(lines[number - 1]):
            return number
    return last + 1


def _trim(lines: list[str], first: int, last: int) -> int:
    """Return `last` moved up past trailing blank lines (never above `first`)."""
    while last > first and not lines[last - 1].strip():
        last -= 1
    return last


class GettextPoReader:
    """Reads gettext PO files as two-language glossaries (see the module docstring)."""

    name = "gettext-po"
    description = "gettext PO: each msgid/msgstr pair one concept, in the source language and the header's"

    def detect(self, text: str) -> float:
        """Return 0.95 for text with two or more msgid/msgstr pairs (a header counts), 0.6 for one."""
        pairs = min(len(_MSGID.findall(text)), len(_MSGSTR.findall(text)))
        if pairs == 0 or not re.search(r'^\s*msgid\s+""\s*$|^\s*(?:#|msgid\s)', text.lstrip()[:2000], re.M):
            return 0.0
        return 0.95 if pairs >= 2 else 0.6

    def read(self, text: str, source: str) -> ReadResult:
        """Return a source-language and a translated entry per message; report every other line."""
        po = _parse(text, source)
        lines = text.splitlines()
        translated_any = any(m.msgstr or any(m.msgstr_plural.values()) for m in po if not m.obsolete)
        target = _target_language(po, source) if translated_any else ""  # a .pot template has none
        origin = _tag(po.metadata.get("X-Source-Language", "")) or "en"
        entries: list[Entry] = []
        unused: list[Unused] = []

        def report(first: int, last: int, reason: str) -> None:
            unused.extend(
                Unused(source, n, lines[n - 1].strip(), reason)
                for n in range(first, min(last, len(lines)) + 1)
                if lines[n - 1].strip()
            )

        blocks = _blocks(po, len(lines))
        header = REASON_HEADER if target != UNDETERMINED else REASON_UNDETERMINED
        report(1, (blocks[0][1] - 1) if blocks else len(lines), header)
        for message, first, last in blocks:
            last = _trim(lines, first, last)
            if message.obsolete:
                report(first, last, REASON_OBSOLETE)
                continue
            term = clean_label(message.msgid)
            if not term:
                report(first, last, REASON_EMPTY_MSGID)
                continue
            split = _split(lines, first, last)
            group = f"{source}#{first}"  # one message, one group (a file may repeat a message)
            names = [term, *([clean_label(message.msgid_plural)] if message.msgid_plural else [])]
            entries.append(self._entry(source, first, split - 1, names, message.comment, origin, group))
            translated = [message.msgstr] if message.msgstr else list(message.msgstr_plural.values())
            translations = [clean_label(t) for t in translated if t.strip()]
            if split > last:
                continue
            if not translations:
                report(split, last, REASON_UNTRANSLATED)
            elif "fuzzy" in message.flags:
                report(split, last, REASON_FUZZY)
            else:
                entries.append(
                    self._entry(source, split, last, translations, message.tcomment, target, group)
                )
        return entries_and_unused(entries, unused, po.metadata.get("Project-Id-Version", "").strip())

    @staticmethod
    def _entry(
        source: str, first: int, last: int, names: list[str], definition: str, language: str, group: str
    ) -> Entry:
        labels = tuple(dict.fromkeys(label for name in names for label in (name, *parse_term(name)[0])))
        return Entry(
            source=source,
            line=first,
            end_line=max(first, last),
            term=names[0],
            labels=labels,
            definition=" ".join(definition.split()),
            language=language,
            group=group,
        )
