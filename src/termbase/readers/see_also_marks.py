"""The words that open a cross-reference ("see also X") in the languages glossaries are
commonly written in, so a `Siehe auch:` or `Voir aussi :` line is read like `See also:`.

No well-kept library carries this phrase per language (CLDR has no such string), so the
table is kept here, one line per language; add a language by adding its phrases.
"""

from __future__ import annotations

import re

#: Per language (BCP 47 tag): the phrases, as written (case does not matter).
PHRASES: dict[str, tuple[str, ...]] = {
    "en": ("see also",),
    "de": ("siehe auch", "s. auch"),
    "fr": ("voir aussi", "voir également", "voir egalement"),
    "it": ("vedi anche", "vedere anche", "v. anche"),
    "es": ("véase también", "vease tambien", "ver también", "ver tambien", "vea también"),
    "pt": ("veja também", "veja tambem", "ver também"),
    "nl": ("zie ook", "zie tevens"),
    "sv": ("se även", "se också"),
    "da": ("se også", "se ogsa"),
    "fi": ("katso myös",),
    "pl": ("zobacz też", "zobacz także", "zob. też", "zob. także"),
    "cs": ("viz též", "viz také"),
    "sk": ("pozri aj", "pozri tiež"),
    "hu": ("lásd még", "lásd meg"),
    "ro": ("vezi și", "vezi şi", "vezi si"),
    "ru": ("см. также", "смотри также", "смотрите также"),
    "uk": ("див. також", "дивіться також"),
    "el": ("βλέπε επίσης", "βλ. επίσης"),
    "tr": ("ayrıca bakınız", "ayrıca bkz."),
    "zh": ("参见", "另见", "參見", "另見", "参看"),
    "ja": ("関連項目", "参照"),
    "ko": ("같이 보기", "참조"),
}

#: Scripts written without spaces between words: their phrases need no word break after them.
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]$")


def _pattern(phrase: str) -> str:
    """Return the regex of one phrase: spaces match any run of spaces; a phrase in letters
    must end a word (`see also` does not match `see alsoing`)."""
    body = re.escape(phrase).replace(r"\ ", r"\s+")
    return body if _UNSPACED.search(phrase) else body + r"(?=[\s:：])"


_ALTERNATIVES = "|".join(
    _pattern(p) for p in sorted({p for ps in PHRASES.values() for p in ps}, key=len, reverse=True)
)

#: One see-also phrase, any case (use inside a larger pattern).
SEE_ALSO_PHRASE = rf"(?i:{_ALTERNATIVES})"

#: A line or paragraph that is a see-also list: the phrase, a colon (`:` or `：`), the targets.
SEE_ALSO_LINE = re.compile(rf"^\s*{SEE_ALSO_PHRASE}\s*[:：]\s*(?P<text>\S.*)$")

#: The phrase at the start of a pointer's text, with any colon after it (to strip).
SEE_ALSO_LEAD = re.compile(rf"^\s*{SEE_ALSO_PHRASE}\s*[:：]?\s*")
