"""The language of a monolingual file whose reader states none, told by the file's own text.

Most shapes say nothing of their language, so their readers tag every entry `en`. A file
whose entries are mostly written in another script is not English: `with_file_language`
tags its entries with the language that script names (Hangul: `ko`, kana: `ja`, Hebrew:
`he`…), else with the one py3langid tells from the text (Cyrillic, Arabic, Devanagari…:
Russian or Ukrainian, Arabic or Persian), and leaves a finding when it cannot tell — the
entries then stay `en`, and the build summary says so. Text in the Latin script is left as
read unless its definitions are long enough to tell (`latin_language`): py3langid is not
sure enough of short labels and clipped definitions to overrule the reader there.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

from termbase.model import ReadResult
from termbase.read_checks import ReadFinding
from termbase.readers.column_language import identify
from termbase.table_shape import SCRIPT_LANGUAGE, letter_script, script_language

#: The language readers give entries when the file states none.
DEFAULT_LANGUAGE = "en"
#: The file's language is told only when at least this share of its letters is in one non-Latin script.
MIN_SCRIPT_SHARE = 0.5
#: And py3langid's answer counts only at this probability or more.
MIN_PROBABILITY = 0.9
#: At most this many characters of the entries are looked at.
SAMPLE_CHARS = 20_000
#: Scripts py3langid has to tell apart the languages of (several languages write each).
_SHARED_SCRIPTS = frozenset({"CYRILLIC", "ARABIC", "DEVANAGARI", "BENGALI", "TAMIL", "ETHIOPIC"})
CHECK = "file-language"
#: Inline code (`pet/brain/prompts.py`) and web addresses, left out when letters are counted.
_CODE = re.compile(r"`[^`\n]*`|https?://\S+")


def entries_text(result: ReadResult) -> str:
    """Return the labels and definitions of the read, joined, cut to SAMPLE_CHARS."""
    parts: list[str] = []
    size = 0
    for entry in result.entries:
        part = f"{entry.term}\n{entry.definition}"
        parts.append(part)
        size += len(part)
        if size >= SAMPLE_CHARS:
            break
    return "\n".join(parts)[:SAMPLE_CHARS]


def text_language(text: str) -> tuple[str, str]:
    """Return (language, script) of a text in one non-Latin script: language "" when unsure,
    script "" when most letters are Latin or in no one script."""
    prose = _CODE.sub(" ", text)  # code spans and addresses are no evidence of the language
    scripts = Counter(script for char in prose if char.isalpha() and (script := letter_script(char)))
    total = sum(scripts.values())
    if not total:
        return "", ""
    if scripts["HIRAGANA"] + scripts["KATAKANA"]:  # kana beside kanji: Japanese
        kana = scripts.pop("HIRAGANA", 0) + scripts.pop("KATAKANA", 0)
        scripts["KATAKANA"] = kana + scripts.pop("CJK", 0)
    script, count = scripts.most_common(1)[0]
    if script == "LATIN" or count < MIN_SCRIPT_SHARE * total:
        return "", ""
    if script not in _SHARED_SCRIPTS:
        return SCRIPT_LANGUAGE.get(script, ""), script
    if told := script_language([text]):  # a letter only one language writes (ї, پ)
        return told, script
    language, probability = identify(text)
    if probability >= MIN_PROBABILITY and _writes(language, script):
        return language, script
    return "", script


#: Latin-script definitions are judged only when the file has at least this many characters of them ...
MIN_LATIN_DEFINITION_CHARS = 1500
#: ... py3langid is this sure of them all together ...
MIN_LATIN_PROBABILITY = 0.999
#: ... and tells this share of the entries' own definitions (of MIN_ENTRY_CHARS or more) alike.
MIN_LATIN_AGREEMENT = 0.8
MIN_ENTRY_CHARS = 60
#: Small words only English writes (not `of`, Dutch too; `is`, `to`, Dutch and Polish): text with
#: this share of them is English (no model needed).
_ENGLISH_WORDS = frozenset({"the", "and", "with", "for", "that", "which", "are", "by", "this", "from"})
ENGLISH_WORD_SHARE = 0.04
#: Small words of the languages most glossaries in the Latin script are written in (German,
#: French, Spanish, Portuguese, Italian, Dutch, Swedish, Polish, Finnish): prose in one of them
#: holds at least this share of them (made-up or code-like text holds few: no model is loaded).
_OTHER_SMALL_WORDS = frozenset({
    "de", "la", "le", "les", "et", "est", "des", "du", "un", "une", "au", "aux", "pour", "dans",
    "der", "die", "das", "und", "ist", "ein", "eine", "dem", "den", "zu", "im",
    "el", "los", "las", "y", "que", "en", "es", "por", "para", "con", "del", "al",
    "o", "os", "um", "uma", "não", "het", "een", "van", "il", "di", "che", "è", "per", "più",
    "och", "att", "är", "som", "się", "na", "jest", "i", "z", "do", "ja", "ei", "ovat",
})  # fmt: skip
OTHER_WORD_SHARE = 0.08
#: A file with fewer definition characters than MIN_LATIN_DEFINITION_CHARS (but at least
#: MIN_SHORT_LATIN_CHARS) is told only when that many of its words are such small words.
MIN_SHORT_LATIN_CHARS = 400
SHORT_OTHER_WORD_SHARE = 0.12
#: A file of fewer characters still (a handful of one-line definitions) is told only from this many,
#: in at least this many definitions, none holding one of English's small words, each definition
#: of MIN_TINY_ENTRY_CHARS or more judged on its own.
MIN_TINY_LATIN_CHARS = 150
MIN_TINY_DEFINITIONS = 4
MIN_TINY_ENTRY_CHARS = 25


def latin_language(result: ReadResult) -> str:
    """Return the language of a file whose definitions are long Latin-script prose in one
    language other than English (`Aplicativo gratuito para …`), else ''.

    The definitions together must give py3langid no doubt, and most entries' own definitions
    the same answer; text with English's small words in it is English without asking, and
    text with few small words of the other common languages is not asked about."""
    definitions = [entry.definition for entry in result.entries if entry.definition]
    joined = "\n".join(definitions)[:SAMPLE_CHARS]
    tiny = len(joined) < MIN_SHORT_LATIN_CHARS
    if tiny and (len(joined) < MIN_TINY_LATIN_CHARS or len(definitions) < MIN_TINY_DEFINITIONS):
        return ""
    words = joined.casefold().split()
    if tiny:  # few words: each one counts, `der,` as much as `der`
        words = [word.strip(".,;:()") for word in words]
    english = sum(1 for word in words if word in _ENGLISH_WORDS)
    if english >= ENGLISH_WORD_SHARE * len(words) or (tiny and english):
        return ""
    small = sum(1 for word in words if word in _OTHER_SMALL_WORDS)
    if small < OTHER_WORD_SHARE * len(words):
        return ""
    if len(joined) < MIN_LATIN_DEFINITION_CHARS and small < SHORT_OTHER_WORD_SHARE * len(words):
        return ""  # a short file is told only when its small words leave no doubt
    language, probability = identify(joined)
    if language == DEFAULT_LANGUAGE or probability < MIN_LATIN_PROBABILITY:
        return ""
    shortest = MIN_TINY_ENTRY_CHARS if tiny else MIN_ENTRY_CHARS
    own = [text for text in definitions if len(text) >= shortest][:40]
    agreeing = sum(1 for text in own if identify(text)[0] == language)
    return language if own and agreeing >= MIN_LATIN_AGREEMENT * len(own) else ""


def _writes(language: str, script: str) -> bool:
    """Return True if `language` is one written in `script` (py3langid may answer a neighbour)."""
    written = {
        "CYRILLIC": {"ru", "uk", "be", "bg", "sr", "mk", "kk", "ky", "mn", "tg", "tt", "ba", "cv"},
        "ARABIC": {"ar", "fa", "ur", "ps", "ku", "ug", "sd"},
        "DEVANAGARI": {"hi", "mr", "ne", "sa"},
        "BENGALI": {"bn", "as"},
        "TAMIL": {"ta"},
        "ETHIOPIC": {"am", "ti"},
    }
    return language in written.get(script, set())


def with_file_language(result: ReadResult, source: str) -> tuple[ReadResult, tuple[ReadFinding, ...]]:
    """Return the read with its entries tagged with the file's language when the reader
    tagged them all with the default and their text is in another script; a finding when
    that script's language cannot be told."""
    entries = result.entries
    if not entries or result.spans or result.cited:
        return result, ()
    if any(entry.language != DEFAULT_LANGUAGE or entry.group for entry in entries):
        return result, ()  # the reader stated languages (a multilingual record, a PO header…)
    language, script = text_language(entries_text(result))
    if not script:
        language = latin_language(result)
    if language:
        tagged = tuple(replace(entry, language=language) for entry in entries)
        return replace(result, entries=tagged), ()
    if not script:
        return result, ()
    finding = ReadFinding(
        source,
        CHECK,
        f"the entries are written in the {script.title()} script, but their language could not "
        f"be told (py3langid is not sure); they are tagged {DEFAULT_LANGUAGE!r}",
        entries[0].line,
        0.0,
    )
    return result, (finding,)
