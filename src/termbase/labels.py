"""Labels: split a term as written into its names, and normalise names into match keys.

`parse_term("AWQ (Activation-Aware Weight Quantization)")` gives both names in one group;
`parse_term("Adam / AdamW")` gives two groups, one per idea. `label_key` folds case,
hyphens, dashes, spaces, quotes, diacritics, possessives and plurals so that
`KV-cache`, `KV cache` and `kv caches` share a key.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any

from termbase.accents import strip_accents
from termbase.table_shape import script_of

_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "`": "'"})
_SEPARATORS = re.compile(r"[\s\-\u2010-\u2015\u2212_/.,:;·•]+")
_DROP = re.compile(r"[\"'()\[\]{}*]")
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_SLASH_SPLIT = re.compile(r"\s+/\s+")
_COMMA_SPLIT = re.compile(r"\s*[,،]\s+")
_PAREN = re.compile(r"^(?P<outer>.+?)\s*[(（](?P<inner>[^()（）]+)[)）]\s*$")
_ARTICLES = frozenset({"a", "an", "the"})
_ACRONYM_PLURAL = re.compile(r"^([A-Z0-9][A-Za-z0-9\-]*[A-Z0-9])s$")


#: Invisible format characters a label may or may not be typed with: zero-width space,
#: non-joiner and joiner (Persian writes U+200C inside words), word joiner, soft hyphen, BOM.
_INVISIBLE = re.compile(r"[\u00ad\u200b-\u200d\u2060\ufeff]")


def clean_label(text: str) -> str:
    """Return a label tidied for display: NFC, straight quotes, outer quotes and spaces gone."""
    text = " ".join(unicodedata.normalize("NFC", text).translate(_QUOTES).split())  # spaces folded
    if len(text) > 2 and text[0] == text[-1] and text[0] in "\"'":
        text = text[1:-1].strip()
    elif len(text) > 2 and _QUOTE_PAIRS.get(text[0]) == text[-1] and text[1:-1].count(text[-1]) == 0:
        text = text[1:-1].strip()  # `「音轨」`, `«Term»`: quote marks around the whole name
    return text


#: Quote marks that open and close a name in other scripts (CJK corner brackets, guillemets).
_QUOTE_PAIRS = {"「": "」", "『": "』", "«": "»", "‹": "›", "„": "\"", "《": "》", "〈": "〉"}


#: Where `_lemma` looks first: a function that gives a lemma worked out before (by the same
#: simplemma), or None. Set while a termbase's stored search index answers a query
#: (`lemmas_from`), so a query made of words the termbase's labels use needs no simplemma.
_LEMMA_SOURCE: ContextVar[Callable[[str], str | None] | None] = ContextVar("lemma_source", default=None)


@contextmanager
def lemmas_from(source: Callable[[str], str | None]) -> Iterator[None]:
    """Within the block, take lemmas from `source` where it has them (see _LEMMA_SOURCE)."""
    token = _LEMMA_SOURCE.set(source)
    try:
        yield
    finally:
        _LEMMA_SOURCE.reset(token)


def _lemma(word: str) -> str:
    """Return simplemma's English lemma of a word (stored, or worked out: see _LEMMA_SOURCE)."""
    source = _LEMMA_SOURCE.get()
    if source is not None:
        stored = source(word)
        if stored is not None:
            return stored
    return _computed_lemma(word)


def simplemma_lemma(word: str) -> str:
    """Return the English lemma of a word as label keys use it (`caching` → `cache`), from
    simplemma itself (not from a stored table)."""
    return _computed_lemma(word)


@lru_cache(maxsize=1 << 16)
def _computed_lemma(word: str) -> str:
    """Return simplemma's English lemma of a word (simplemma is imported on first use: it is slow).

    A word holding a NUL (a query such as `a%00b`) is no dictionary word, and the trie's C
    strings end at the NUL (a crash or a garbled lemma): it is its own lemma.
    """
    if "\x00" in word:
        return word
    return _lemmatizer().lemmatize(word, "en")


def prepare_lemmatizer() -> None:
    """Load the lemmatizer now (simplemma's import and its English dictionary: 30-40 ms), so that
    the first lemma asked later costs no more than the others."""
    _computed_lemma("terms")


@lru_cache(maxsize=1)
def _lemmatizer() -> Any:
    """Return simplemma's lemmatizer over its English dictionary kept as a memory-mapped trie.

    The same dictionary and rules as `simplemma.lemmatize`, so the same lemmas; but opening
    the trie (cached on disk, see `lemma_cache_dir`) takes a millisecond where unpacking the
    shipped dictionary takes 0.3-0.5 s, which a one-word `termbase search` used to pay.
    """
    from simplemma import Lemmatizer
    from simplemma.strategies import DefaultStrategy

    from termbase.lemma_trie import AtomicTrieDictionaryFactory

    strategy = DefaultStrategy(dictionary_factory=AtomicTrieDictionaryFactory())
    return Lemmatizer(lemmatization_strategy=strategy)


@lru_cache(maxsize=65536)
def _singular(word: str) -> str:
    """Return the singular of the last word of a label, if it is a plural."""
    match = _ACRONYM_PLURAL.match(word)
    if match:
        return match.group(1)
    lowered = word.lower()
    if len(lowered) <= 3 or not lowered.endswith("s") or lowered.endswith("ss"):
        return lowered
    lemma = _lemma(lowered)
    return lemma if lemma and len(lemma) < len(lowered) else lowered


def _raw_words(text: str) -> list[str]:
    """Return the words of a label as written, with accents, quotes, possessives, invisible
    format characters and (from three words) inner articles removed."""
    text = strip_accents(unicodedata.normalize("NFKC", _INVISIBLE.sub("", text))).translate(_QUOTES)
    text = re.sub(r"'s\b", "", text)
    text = _DROP.sub("", text)
    words = [w for w in _SEPARATORS.split(text) if w]
    if len(words) >= 3:
        words = [words[0], *(w for w in words[1:] if w.casefold() not in _ARTICLES)]
    return words


def label_words(text: str) -> list[str]:
    """Return the normalised words of a label: accents, quotes, possessives and invisible
    format characters (zero-width joiners and non-joiners) removed."""
    words = _raw_words(text)
    if words:
        words[-1] = _singular(words[-1])
    return [w.casefold() for w in words]


def key_words(text: str) -> tuple[list[str], set[str]]:
    """Return `label_words(text)` and every word `label_key(text)` and `loose_key(text)` may
    ask a lemma of (a few more at most): what a stored lemma table must hold for a label."""
    raw = _raw_words(text)
    words = list(raw)
    if words:
        words[-1] = _singular(words[-1])
    folded = [w.casefold() for w in words]
    return folded, {w.lower() for w in raw} | {w.casefold() for w in raw} | set(folded)


#: Every key worked out while a build runs (see `remembered_keys`), or None outside one.
_KEYS: ContextVar[dict[str, str] | None] = ContextVar("label_keys", default=None)
#: Every term parsed while a build runs (see `remembered_keys` and `parse_term`), or None.
_PARSED: ContextVar[dict[str, tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]] | None] = ContextVar(
    "parsed_terms", default=None
)


@contextmanager
def remembered_keys() -> Iterator[None]:
    """Within the block, remember the key of every label asked about, not just the last 262,144.

    A build asks each label's key in several stages (resolve, naming, linking, storing); past
    262,144 labels an LRU cache has forgotten a key before it is asked again (a million labels
    worked each key out about seven times). The keys are forgotten when the block ends.
    So is each term parsed (`parse_term`): glossaries of one field write the same terms.
    """
    if _KEYS.get() is not None:  # already inside one
        yield
        return
    token, parsed = _KEYS.set({}), _PARSED.set({})
    try:
        yield
    finally:
        _PARSED.reset(parsed)
        _KEYS.reset(token)


def label_key(text: str) -> str:
    """Return the match key of a label: words folded as in `label_words`, spaces removed.

    Spelling variants that differ only in case, spacing, hyphenation, quoting, accents or
    a plural ending share a key; different words never do.
    """
    keys = _KEYS.get()
    if keys is None:
        return _cached_label_key(text)
    found = keys.get(text)
    if found is None:
        found = keys[text] = "".join(label_words(text))
    return found


@lru_cache(maxsize=1 << 18)
def _cached_label_key(text: str) -> str:
    return "".join(label_words(text))


@lru_cache(maxsize=1 << 16)
def loose_key(text: str) -> str:
    """Return a looser key that also folds word endings (`caching` → `cache`).

    Used for look-ups, not for merging: it can join ideas that differ (sample, sampling).
    """
    return loose_key_of(label_words(text))


def loose_key_of(words: list[str]) -> str:
    """Return the loose key of a label from its `label_words`."""
    return "".join(_lemma(w).casefold() for w in words)


@lru_cache(maxsize=1 << 16)
def is_acronym_like(text: str) -> bool:
    """Return True for a short token that reads as an acronym: GQA, bpd, cGAN, FP8, LoRA.

    Mostly capitals (BatchNorm and AdamW are names, not acronyms), or a short all-lower
    token (bpd, fps).
    """
    text = text.strip()
    if not text or " " in text or len(text) > 12:
        return False
    if text.islower():
        return len(text) <= 4 and text.isalpha()
    if sum(map(str.isupper, text)) < 2:  # fewer than two capitals of any kind: most names, at once
        return False
    letters = [c for c in text if c.isalpha()]
    upper = sum(1 for c in letters if c.isupper())
    return upper >= 2 and upper * 2 >= len(letters)


def is_acronym_of(short: str, long: str) -> bool:
    """Return True if `short` abbreviates `long` (Schwartz & Hearst's matching rule).

    Each character of the acronym must be found in order in the long form, scanning from
    the right, and its first character must start a word. A trailing plural `s` on the
    acronym is ignored (GANs ↔ Generative Adversarial Networks).
    """
    short_chars = [c.lower() for c in strip_accents(short) if c.isalnum()]
    long_text = strip_accents(long).lower()
    if len(short_chars) < 2 or len(long_text) <= len(short_chars):
        return False
    if " " not in long.strip() and "-" not in long and sum(c.isupper() for c in long) < 2:
        return False
    candidates = [short_chars]
    if short_chars[-1] == "s" and len(short_chars) > 2:
        candidates.append(short_chars[:-1])  # GANs
    if short_chars[0].isdigit():
        rest = "".join(short_chars).lstrip("0123456789")
        rest = rest[1:] if rest.startswith("d") else rest
        if len(rest) >= 2:
            candidates.append(list(rest))  # 3DGS ↔ Gaussian Splatting
    if short_chars[-1].isdigit():
        head = "".join(short_chars).rstrip("0123456789")
        if len(head) >= 2:
            candidates.append(list(head))  # CRC32 ↔ Cyclic Redundancy Check: a width or version
    if any(_matches_initials(chars, long_text) for chars in candidates):
        return True
    return _letters_are_initials(short_chars, long_text)


def _letters_are_initials(short_chars: list[str], long_text: str) -> bool:
    """Return True if the acronym's letters are the long form's word initials in any order,
    with at most one initial to spare, and its digits appear in it (FP8 ↔ 8-bit Floating Point)."""
    letters = Counter(c for c in short_chars if c.isalpha())
    digits = [c for c in short_chars if c.isdigit()]
    initials = Counter(w[0] for w in _WORD.findall(long_text) if w[0].isalpha())
    if sum(letters.values()) < 2 or letters - initials:
        return False
    spare = sum((initials - letters).values())
    return spare <= 1 and all(d in long_text for d in digits)


def _matches_initials(short_chars: list[str], long_text: str) -> bool:
    s_index = len(short_chars) - 1
    l_index = len(long_text) - 1
    while s_index >= 0:
        char = short_chars[s_index]
        while l_index >= 0 and (
            long_text[l_index] != char or (s_index == 0 and l_index > 0 and long_text[l_index - 1].isalnum())
        ):
            l_index -= 1
        if l_index < 0:
            return False
        s_index -= 1
        l_index -= 1
    words_used = len(_WORD.findall(long_text[l_index + 1 :]))
    return words_used >= 1 and len(_WORD.findall(long_text)) <= len(short_chars) + 3


def split_acronym(term: str) -> tuple[str, str] | None:
    """Return (acronym, expansion) for `X (Y)` in either order, or None.

    `AWQ (Activation-Aware Weight Quantization)` and `Chain-of-Thought (CoT)` both match;
    `Alignment (multimodal)` does not (the brackets hold a qualifier, not a name).
    """
    match = _PAREN.match(term.strip())
    if not match:
        return None
    outer, inner = match.group("outer").strip(), match.group("inner").strip()
    if is_acronym_of(outer, inner):
        return outer, inner
    if is_acronym_of(inner, outer):
        return inner, outer
    return None


#: Other names after an acronym's expansion in its bracket are a few words each.
MAX_BRACKET_NAME_WORDS = 4


def split_acronym_names(term: str) -> tuple[str, ...] | None:
    """Return every name in `ALT (Active Layer Thickness, 활성층 두께)`: an acronym whose bracket
    opens with its expansion and adds, after a comma, its name in another script, or None."""
    match = _PAREN.match(term.strip())
    if not match or "," not in match.group("inner"):
        return None
    outer = match.group("outer").strip()
    parts = [part.strip() for part in match.group("inner").split(",")]
    if len(parts) > 3 or not all(parts) or not is_acronym_of(outer, parts[0]):
        return None
    first = script_of(parts[0])
    others = parts[1:]
    if any(len(part.split()) > MAX_BRACKET_NAME_WORDS or script_of(part) in ("", first) for part in others):
        return None  # only a name in another script (a translation), not a note (`see also dog`)
    return (outer, *parts)


def qualified_base(label: str) -> str:
    """Return `Heads` for `Heads (attention)`: the name a bracket qualifies, or ""."""
    match = _PAREN.match(label.strip())
    return match.group("outer").strip() if match else ""


def _is_title_phrase(text: str) -> bool:
    """Return True for a capitalised name of two or more words: `Function Calling`."""
    words = text.split()
    return len(words) >= 2 and all(w[:1].isupper() or not w[:1].isalpha() for w in words)


def split_name_and_kind(term: str) -> tuple[str, str] | None:
    """Return (term, name) for `R (programming language)` or `Facet (visualization tool)`: a
    one-word name followed by the lower-case kind of thing it is. The name is a label; the
    kind is not (every other programming language is one too), so it is no synonym."""
    match = _PAREN.match(term.strip())
    if not match:
        return None
    outer, inner = match.group("outer").strip(), match.group("inner").strip()
    if " " in outer or not outer[:1].isupper() or is_acronym_like(outer):
        return None
    if len(inner.split()) >= 2 and inner.islower() and "/" not in inner and inner[:1].isalpha():
        return term.strip(), outer
    return None


def split_synonym(term: str) -> tuple[str, str] | None:
    """Return (name, synonym) for `Tool Use (Function Calling)` or `top-p (nucleus sampling)`.

    A one-word bracket (`Alignment (multimodal)`, `Node (distributed)`) is a qualifier
    that tells homonyms apart, not a synonym.
    """
    match = _PAREN.match(term.strip())
    if not match:
        return None
    outer, inner = match.group("outer").strip(), match.group("inner").strip()
    if not inner[:1].isalnum():  # `Work (= output × leverage)`: a formula or note, not a name
        return None
    if _is_title_phrase(outer) and _is_title_phrase(inner):
        return outer, inner
    if len(inner.split()) >= 2 and inner.islower() and "/" not in inner and not is_acronym_like(outer):
        return outer, inner  # top-p (nucleus sampling); but RAFT (optical flow) is qualified
    return None


#: Words that can only introduce another name of the same thing, in the languages glossaries
#: are commonly written in (`aka`, `auch bekannt als`, `noto anche come`, `también llamado`).
NAMING_PHRASES = (
    r"also called|also known as|known as|a\.k\.a\.?|aka|formerly|previously",
    r"auch bekannt als|auch genannt|bekannt als|früher",  # German
    r"aussi appelée?s?|également appelée?s?|dite?s? aussi|connue?s? sous le nom de|anciennement",  # French
    r"not[oa] anche come|dett[oa] anche|anche dett[oa]|chiamat[oa] anche",  # Italian
    r"también llamad[oa]s?|también conocid[oa]s? como|conocid[oa]s? como",  # Spanish
    r"também chamad[oa]s?|também conhecid[oa]s? como|conhecid[oa]s? como",  # Portuguese
    r"ook wel|ook bekend als|voorheen",  # Dutch
    r"alias",
)
_NAMING = "|".join(NAMING_PHRASES)

_ALIAS_INTRO = re.compile(
    rf"^(?:{_NAMING}|short for|abbreviated|abbr\.?|sometimes|often|also|or|syn\.?|synonyms?|=|pl\.?|plural)"
    r"\s*:?\s+(?P<alias>.+)$",
    re.I,
)

#: `Name, aka Alias` (a comma then words that can only introduce another name).
_COMMA_ALIAS = re.compile(rf"^(?P<outer>[^,]+?),\s+(?:{_NAMING})\s*:?\s+(?P<alias>[^,]+)$", re.I)
#: `Name aka Alias` with no comma: `aka` can only introduce another name.
_BARE_ALIAS = re.compile(r"^(?P<outer>[^,()]+?)\s+(?:aka|a\.k\.a\.?)\s+(?P<alias>[^,()]+)$", re.I)


def split_alias(term: str) -> tuple[str, str] | None:
    """Return (name, alias) for `Source Distribution (or "sdist")`, `wheel (aka bdist_wheel)`,
    `Kiln (syn. oven)`, `Kiln (= oven)`, `Kiln (pl. kilns)`, `Tensor, aka ndarray` or `Tensor aka ndarray`.

    The bracket (or the comma and `aka`) says in words that what follows is another name, so
    it is one whatever it looks like; its quotes are dropped.
    """
    comma = _COMMA_ALIAS.match(term.strip()) or _BARE_ALIAS.match(term.strip())
    if comma:
        name = clean_label(comma.group("alias").strip().strip("\"'“”‘’`*_"))
        return (comma.group("outer").strip(), name) if name else None
    match = _PAREN.match(term.strip())
    if not match:
        return None
    alias = _ALIAS_INTRO.match(match.group("inner").strip())
    if not alias:
        return None
    name = clean_label(alias.group("alias").strip().strip("\"'“”‘’`*_"))
    if name and _FORMULA.search(name):
        return None  # `Speed (= distance / time)`: a formula, not another name
    return (match.group("outer").strip(), name) if name else None


#: An operator between words: what a bracket holds is a formula (`= distance / time`, `= m × a`).
_FORMULA = re.compile(r"\s[/×*÷+^·−]\s|\s-\s")


#: Inside a bracket: an expansion and its acronym side by side (`Digital Asset Management - DAM`).
_PAIR_IN_BRACKET = re.compile(r"^(?P<a>[^,:;–—-]+?)\s*(?: - |[,:;]\s|\s[–—]\s)\s*(?P<b>[^,:;–—-]+)$")
_QUOTED = re.compile(r"^[\"“”„«‘’'](?P<name>[^\"“”„«»‘’']{1,60})[\"“”»‘’']$")


def _letter_scripts(text: str) -> set[str]:
    """Return the scripts the letters of `text` are written in (`LATIN`, `CJK`, `KATAKANA`…)."""
    return {script_of(char) for char in text if char.isalpha()} - {""}


#: Little words of other languages' names (`Lenguaje de …`, `Gestion des …`, `Verfahren für …`).
_OTHER_LANGUAGE_WORDS = frozenset({
    "de", "del", "della", "dello", "degli", "delle", "dei", "di", "da", "dos", "das", "des", "du",
    "la", "le", "les", "el", "los", "las", "nel", "para", "por", "sobre", "entre", "von", "der",
    "und", "für", "zur", "zum", "och", "og", "van", "het", "een", "et", "avec", "sur", "pour", "mit",
})  # fmt: skip


def _not_english(name: str) -> bool:
    """Return True for a name that shows it is not English: a letter outside ASCII, or one of
    the little words other languages' names are built with. In an English name, capitals in
    brackets that are not its acronym qualify it (`Static quantization (PTQ)`), so they stay."""
    return not name.isascii() or any(word in _OTHER_LANGUAGE_WORDS for word in name.casefold().split())


_OR_NAMES = re.compile(r"^(?P<a>[^()]*[a-z][^()]*?) OR (?P<b>[^()]*[a-z][^()]*)$")


def split_or_names(term: str) -> tuple[str, str] | None:
    """Return both names of `vector OR matrix` or `main workspace OR initialized workspace`: a
    capitals `OR` between two names written in small letters offers another name, as `(or X)`
    does. Only one `OR`, with small letters on both sides (`AND OR NOT` is no pair)."""
    if term.count(" OR ") != 1:
        return None
    match = _OR_NAMES.match(term.strip())
    if match is None:
        return None
    a, b = clean_label(match.group("a")), clean_label(match.group("b"))
    return (a, b) if a and b else None


#: Two words (letters only: `thumbs-up/thumbs-down` pairs opposites) joined by one unspaced slash.
_SLASH_PAIR = re.compile(r"(?P<a>[^\W\d_][^\W\d_']*[^\W\d_])/(?P<b>[^\W\d_][^\W\d_']*[^\W\d_])")
#: Two slash-joined words that open with this many letters in common are spellings or forms of one
#: word (`Clonotype/Clone`, `Analyse/Analyze`, `Catalog/Catalogue`), not a pair (`Client/Server`).
MIN_SHARED_STEM = 4


def split_slash_spellings(term: str) -> tuple[str, str] | None:
    """Return both names of `Clonotype/Clone` or `colour/color`: two words (not acronyms) joined
    by an unspaced slash that share their first letters are two names of one thing. Words with
    nothing in common (`Client/Server`, `Input/Output`) name one thing together, and acronyms
    (`CI/CD`, `TCP/IP`) are one name: both stay as written."""
    if "/" not in term:
        return None
    match = _SLASH_PAIR.fullmatch(term.strip())
    if match is None:
        return None
    a, b = match.group("a"), match.group("b")
    if a.isupper() or b.isupper() or a.casefold() == b.casefold():
        return None
    pairs = enumerate(zip(a.casefold(), b.casefold(), strict=False))
    shared = next((i for i, (x, y) in pairs if x != y), min(len(a), len(b)))
    return (a, b) if shared >= min(MIN_SHARED_STEM, len(a), len(b)) and shared >= 3 else None


#: A hyphenated compound in small ASCII letters (`self-publishing`, `e-book`): no qualifier.
_ENGLISH_COMPOUND = re.compile(r"[a-z]+(?:-[a-z]+)+")


def _spelling_key(name: str) -> str:
    """Return a name's letters and digits, case-folded: `e-Ink`, `eInk` and `e ink` are one spelling."""
    return re.sub(r"[\W_]+", "", name.casefold())


def split_spellings(term: str) -> tuple[str, ...] | None:
    """Return every name in `eReader (e-reader)` or `e-Ink (e-ink, eInk)`: a bracket of other
    spellings of the name (the same letters and digits, case, hyphens and spaces aside)."""
    match = _PAREN.match(term.strip())
    if not match:
        return None
    outer, inner = match.group("outer").strip(), match.group("inner").strip()
    variants = [part.strip() for part in inner.split(",")]
    key = _spelling_key(outer)
    return (outer, *variants) if key and all(_spelling_key(v) == key for v in variants) else None


def split_bracket_names(term: str) -> tuple[str, ...] | None:
    """Return every name in `Name (Other Name - ACR)`, `Recursos ("assets")` or
    `Lenguaje de Marcado Extensible (XML)`, or None.

    A bracket that holds only a quoted word or an expansion beside its acronym gives names,
    whatever language the outer name is in: a translated glossary keeps the original name or
    its abbreviation in brackets. So does a capitals acronym after a name of two or more words
    that is not English; after an English name such a bracket qualifies it and stays. So
    does a hyphenated English compound after a name that is not English
    (`Autopublicação (self-publishing)`).
    """
    match = _PAREN.match(term.strip())
    if not match:
        return None
    outer, inner = match.group("outer").strip(), match.group("inner").strip()
    quoted = _QUOTED.match(inner)
    if quoted:
        name = clean_label(quoted.group("name"))
        return (outer, name) if name else None
    pair = _PAIR_IN_BRACKET.match(inner)
    if pair:
        a, b = pair.group("a").strip(), pair.group("b").strip()
        if is_acronym_of(b, a) or is_acronym_of(a, b):
            return (outer, a, b)
    choices = [part.strip() for part in re.split(r"\s+or\s+", inner)]
    if len(choices) == 2 and all(choices) and is_acronym_of(choices[0], outer):
        return (outer, *choices)  # `compact vector (CV or CV+S)`: the acronym and its variant
    if _not_english(outer) and _ENGLISH_COMPOUND.fullmatch(inner) and not _not_english(inner):
        return (outer, inner)  # `Autopublicação (self-publishing)`: the English original's name
    inner_scripts, outer_scripts = _letter_scripts(inner), _letter_scripts(outer)
    if len(inner_scripts) == 1 and outer_scripts - inner_scripts and len(inner.split()) <= 6:
        return (outer, inner)  # `略語（Abbrev）`, `ASCII文字（ASCII character）`: the original's name
    upper = [c for c in inner if c.isalpha()]
    if (
        len(outer.split()) >= 2
        and 2 <= len(upper) <= 8
        and " " not in inner
        and inner.isupper()
        and _not_english(outer)
    ):
        return (outer, inner)  # the original's abbreviation: `Lenguaje de tejido abierto (OWL)`
    return None


#: A definition that opens by giving another name: `Also known as X.`, `Noto anche come X, …`.
_OPENING_ALIAS = re.compile(
    rf"^\s*(?:{_NAMING})\s*:?\s+(?P<alias>[^,.;:()\n]{{1,60}}?)\s*(?:[,.;:(\n]|$)", re.I
)


_ARTICLE = re.compile(
    r"^(?:a|an|the|un|une|le|la|les|el|los|las|il|lo|der|die|das|ein|eine|o|os|as)\s+", re.I
)


def stated_aliases(definition: str, labels: tuple[str, ...]) -> tuple[str, ...]:
    """Return the other names a definition gives for its own term, or ().

    Only where the statement is about the term: at the definition's start (`Also known as
    X.`, `Auch bekannt als X`) or right after one of the term's labels that opens it
    (`GIT, noto anche come X, è …`). "(also known as bugs) within programs" names a thing
    the definition mentions, not the term, and gives nothing. `X or Y` gives both; a
    leading article is dropped.
    """
    text = definition.strip().lstrip("*_")
    for label in sorted(labels, key=len, reverse=True):
        if label and text.casefold().startswith(label.casefold()):
            rest = text[len(label) :].lstrip("*_ ")
            if rest[:1] in {",", "("}:
                text = rest[1:]
                break
    match = _OPENING_ALIAS.match(text)
    if not match:
        return ()
    own = {label.casefold() for label in labels}
    names = []
    for part in re.split(r"\s+(?:or|oder|ou|o|oppure)\s+", match.group("alias")):
        name = clean_label(_ARTICLE.sub("", part.strip().strip("\"'“”‘’`*_ ")))
        if name and len(name.split()) <= 6 and name.casefold() not in own and "*" not in name:
            names.append(name)
    return tuple(dict.fromkeys(names))


def _share_last_word(sides: list[str]) -> list[str]:
    """Give a bare one-word side the other side's last word: `length / format reward`."""
    if len(sides) != 2:
        return sides
    words = [side.split() for side in sides]
    for one, other in ((0, 1), (1, 0)):
        single, multi = words[one], words[other]
        if len(single) == 1 and len(multi) >= 2 and single[0].islower() and multi[-1].islower():
            shared = list(sides)
            shared[one] = f"{single[0]} {multi[-1]}"
            return shared
    return sides


def split_by_script(term: str) -> list[str]:
    """Return the parts of `시퀀스, Sequence`: one name per script, written side by side
    with a comma (a translated glossary keeping the original term), or [] for one name."""
    parts = [part.strip() for part in _top_level_split(_COMMA_SPLIT, term)]  # not inside a bracket
    if len(parts) < 2 or not all(parts):
        return []
    scripts = [script_of(part) for part in parts]
    return parts if all(scripts) and len(set(scripts)) == len(scripts) else []


def _top_level_split(separator: re.Pattern[str], text: str) -> list[str]:
    """Return `text` split at the separators outside brackets: `Anomaly (insert / update)`
    is one side, its bracket lists what the one name covers."""
    parts: list[str] = []
    start = 0
    for match in separator.finditer(text):
        head = text[: match.start()]
        if head.count("(") > head.count(")"):
            continue
        parts.append(text[start : match.start()])
        start = match.end()
    parts.append(text[start:])
    return parts


#: A dictionary's part-of-speech mark after a term (`agile (a)`, `run (v.)`, `data (n pl)`):
#: grammar about the word, not part of its name.
_PART_OF_SPEECH = re.compile(r"(?<=\S)\s*\((?:n|v|a|adj|adv|vt|vi|prep|conj|pron|n pl|pl)\.?\)$")


def parse_term(term: str) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """Return (labels, groups) for a term as written.

    Each `A / B` side is its own group (its own idea); within a side, `X (Y)` where one
    part abbreviates the other gives both names, and so does `이름, Name` (the same name in
    two scripts). Labels keep their written spelling.
    """
    parsed = _PARSED.get()
    if parsed is None:
        return _parse_term(term)
    found = parsed.get(term)
    if found is None:
        found = parsed[term] = _parse_term(term)
    return found


def _parse_term(term: str) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    term = _PART_OF_SPEECH.sub("", clean_label(term))
    sides = [side for side in _top_level_split(_SLASH_SPLIT, term) if side.strip()] or [term]
    sides = _share_last_word(sides)
    groups: list[tuple[str, ...]] = []
    for side in sides:
        side = clean_label(side)
        scripts = split_by_script(side)
        if scripts:
            groups.append(tuple(dict.fromkeys(n for part in scripts for n in parse_term(part)[0])))
            continue
        pair = (
            split_or_names(side)
            or split_slash_spellings(side)
            or split_spellings(side)
            or split_alias(side)
            or split_acronym_names(side)
            or split_acronym(side)
            or split_name_and_kind(side)
            or split_synonym(side)
            or split_bracket_names(side)
        )
        names = list(pair) if pair else [side]
        groups.append(tuple(dict.fromkeys(n for n in names if n)))
    labels = tuple(dict.fromkeys(label for group in groups for label in group))
    return labels, tuple(groups) if len(groups) > 1 else ()


_LEADING_EXPANSION = re.compile(r"^\s*[\"']?(?P<name>[^—–:;.(\"]{3,80}?)[\"']?\s*(?:—|–|--|:| - |\(|\.|,)")


def expansion_in_definition(acronym: str, definition: str) -> str:
    """Return the expansion an acronym's definition opens with, or "" if it has none.

    `GQA` with "Grouped-Query Attention — multiple query heads…" gives
    "Grouped-Query Attention". Only a leading phrase whose initials spell the acronym counts.
    """
    if not is_acronym_like(acronym):
        return ""
    text = definition.strip()
    if text.lower().startswith("short for "):
        text = text[len("short for ") :]
    match = _LEADING_EXPANSION.match(text)
    if not match:
        return _bracketed_expansion(acronym, definition)
    name = match.group("name").strip()
    if is_acronym_of(acronym, name):
        return name
    return _bracketed_expansion(acronym, definition)


def group_expansions(
    groups: Sequence[Sequence[str]], definition: str, labels: Sequence[str] = ()
) -> list[str]:
    """Return, per label group of an entry, the expansion its definition opens with for that
    group's bare acronym ("" for none): `expansion_in_definition` for one idea, shared out
    for an `A / B` entry.

    `SE(3) / SO(3)` with "Special Euclidean / Orthogonal group — …" names two groups, and
    its expansion names them both, slash-joined in the same order: SE(3) gets "Special
    Euclidean group" and SO(3) "Special Orthogonal group" (the words the sides share, as
    written once, go to both). Each side must spell its own acronym. An expansion two groups
    would share and that cannot be shared out so is given to none: it would join two ideas.
    A copy of such an entry restored from an export names one of its ideas (its other groups
    empty); its `labels`, all the entry's names, share the expansion out as the entry did.
    """
    if len(groups) < 2:
        return [_expansion_of(group, definition) for group in groups]
    if labels and all(len(group) <= 1 for group in groups):
        names = list(dict.fromkeys(labels))  # one idea per name (a restored copy keeps them all)
    elif all(len(group) == 1 for group in groups):
        names = [group[0] for group in groups]
    else:  # an idea of several names beside others: nothing to share out
        return [_expansion_of(group, definition) for group in groups]
    found = {name: _expansion_of((name,), definition) for name in names}
    for expansion in dict.fromkeys(x for x in found.values() if x):
        sides = [side.strip() for side in _top_level_split(_SLASH_SPLIT, expansion)]
        shared = _shared_out(sides, names)
        if shared:
            found = {
                name: side if found[name] in (expansion, "") else found[name]
                for name, side in zip(names, shared, strict=True)
            }
            break
        claimed = [name for name, x in found.items() if x == expansion]
        if len(claimed) > 1:
            found.update(dict.fromkeys(claimed, ""))
    return [found.get(group[0], "") if len(group) == 1 else "" for group in groups]


def _expansion_of(group: Sequence[str], definition: str) -> str:
    """Return the expansion the definition gives a group of one bare acronym, or ""."""
    if len(group) != 1 or not is_acronym_like(group[0]):
        return ""
    return expansion_in_definition(group[0], definition)


def _shared_out(sides: list[str], names: Sequence[str]) -> list[str]:
    """Return each name's side of a slash-joined expansion, or [] when the sides do not
    spell the names as acronyms in order: as written, else (two sides) completed by the words
    written once for both (`Special Euclidean / Orthogonal group`)."""
    if len(sides) != len(names) or not all(sides):
        return []
    tries = [sides]
    if len(sides) == 2:
        left, right = sides[0].split(), sides[1].split()
        tries.append([" ".join([*left, *right[1:]]), " ".join([*left[:-1], *right])])
    for named in tries:
        pairs = zip(names, named, strict=True)
        if all(is_acronym_like(short) and is_acronym_of(short, side) for short, side in pairs):
            return named
    return []


_BRACKET_AFTER = re.compile(r"\(([^()]{3,80})\)")
_WORDS_BEFORE = re.compile(r"((?:[A-Za-z][\w\-]*\s+){1,6}[A-Za-z][\w\-]*)\s*\Z")


def _bracketed_expansion(acronym: str, definition: str) -> str:
    """Return the expansion in `MoCoGAN (Motion and Content GAN) is …` or `… Key Value (KV) …`."""
    # Fixed patterns around plain string tests: a pattern per acronym would be compiled
    # anew for each of a large termbase's acronyms (re caches only 512).
    opening = definition.lstrip()
    if opening.startswith(acronym):
        after = _BRACKET_AFTER.match(opening[len(acronym) :].lstrip())
        if after and is_acronym_of(acronym, after.group(1)):
            return after.group(1).strip()
    marker = definition.find(f"({acronym})")
    if marker < 0:
        return ""
    # only the words just before `(ACRONYM)`: a search over the whole text is quadratic on long words
    before = _WORDS_BEFORE.search(definition[max(0, marker - 600) : marker])
    if before:
        words = before.group(1).split()
        for start in reversed(range(len(words))):  # the shortest tail that spells the acronym
            candidate = " ".join(words[start:])
            if is_acronym_of(acronym, candidate) and candidate[0].isalpha():
                return candidate
    return ""
