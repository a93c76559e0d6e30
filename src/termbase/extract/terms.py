"""What a term looks like: cleaning a marked phrase into a term, and refusing what is no term.

A phrase an author bolded is a term only if it reads as a name for an idea: a short noun
phrase, not a sentence, a number, a file name, a code fragment, a warning in capitals or
a word like "not". `term_problem` says why a phrase is refused (or '' if it is a term).
"""

from __future__ import annotations

import re

from termbase.documents.builder import word_set
from termbase.labels import label_key

_EDGE = " \t\n\"'“”‘’`.,;:!?()[]«»*_—–-"
_ARTICLE = re.compile(r"^(?:the|a|an)\s+", re.I)
_CODE_CHARS = re.compile(r"[=(){}\[\]<>/\\|@#$%^&*~;]")
_FILE_NAME = re.compile(r"\w\.[A-Za-z]{1,5}$")
_CAMEL = re.compile(r"[a-z][A-Z]|[A-Z]{2,}[a-z]{2,}")
_SNAKE = re.compile(r"\w_\w")
#: "intentional vs accidental errors", "debugging as a skill", "slicing using iloc": a phrase that
#: sets two things side by side or says how something is done names no one idea.
_CONTRAST_OR_MANNER = re.compile(r"\s(?:vs\.?|versus|as\s+an?|using|via)\s", re.I)
_VERB_INSIDE = re.compile(
    r"\b(?:is|are|was|were|be|been|has|have|had|do|does|did|can|could|will|would|should|must|may|might"
    r"|isn't|aren't|don't|doesn't|won't|can't|cannot)\b", re.I,
)

#: Words a term does not start with.
FIRST_STOP = word_set(
    """not no never always only very all any each every some this that these those it its we you i
    he she they them our your my their there here do does don't can cannot will should must and or
    but so if then when how what why where which who whom also just even really usually often etc
    more most less least many much few first second next last same other another such both either
    neither to of in on at by for with from as into than too yes one two three four five six seven
    eight nine ten let let's please now thus hence however therefore note e.g i.e see"""
)
#: Words a term does not end with.
LAST_STOP = word_set(
    """of the a an to and or in on at by for with from as is are was were be that which who this
    it its than then but if so not into onto upon about over under very more most also"""
)
#: Single words too vague to be a glossary entry on their own.
VAGUE = word_set(
    """thing things way ways example examples result results idea ideas point points case cases
    part parts kind kinds type types lot lots bit fact problem problems question questions answer
    answers ok okay reason reasons step steps time times place places name names word words line lines
    number numbers value values note important warning caution tip hint see same different new
    old good bad right wrong true false yes no first last next above below following here
    everything something nothing anything another again important key main exactly always never
    only still both"""
)
#: Labels that open a remark rather than name an idea ("Remember: …", "Take care: …").
DISCOURSE_LABELS = frozenset(
    {"remember", "recall", "reminder", "take care", "be careful", "careful", "watch out", "keep in mind",
     "beware", "attention", "aside", "caveat", "heads up", "pro tip", "fun fact", "side note"}
)
#: Vague words that a subject still makes terms of, where the words around them define them
#: (a sentence that says what a **key** may hold).
VAGUE_UNLESS_DEFINED = word_set(
    "key keys value values type types name names number numbers line lines word words"
)


#: "Observation o", "Reward r": a noun followed by the one-letter symbol named after it.
_OWN_SYMBOL = re.compile(r"^(?P<noun>(?P<initial>[A-Za-z])[\w-]+)\s+(?P=initial)$", re.I)


def clean_term(text: str) -> str:
    """Return a marked phrase as a term: spaces folded, outer quotes/punctuation and article gone, and a
    maths symbol named after the noun dropped ("Observation o" is the observation)."""
    term = " ".join(text.split()).strip(_EDGE)
    term = _ARTICLE.sub("", term).strip(_EDGE)
    symbol = _OWN_SYMBOL.match(term)
    if symbol is not None and term[-1].islower():
        term = symbol.group("noun")
    return term


def term_problem(term: str) -> str:
    """Return why `term` is not a plausible term, or '' when it is."""
    if len(term) < 2:
        return "too short"
    if len(term) > 60:
        return "too long for a term"
    words = term.split()
    if len(words) > 5:
        return "a phrase, not a term"
    if not any(c.isalpha() for c in term):
        return "no letters"
    if term[0].isdigit() and not any(c.isalpha() for c in words[0]):
        return "a number"
    if _CODE_CHARS.search(term):
        return "code or a path"
    if _FILE_NAME.search(term) and " " not in term:
        return "a file name"
    if _SNAKE.search(term):
        return "an identifier"
    if words[0].lower() in FIRST_STOP or words[-1].lower() in LAST_STOP:
        return "starts or ends with a function word"
    if len(words) > 1 and _VERB_INSIDE.search(term):
        return "a clause, not a term"
    if len(words) > 2 and _CONTRAST_OR_MANNER.search(term):
        return "a contrast or a manner of doing, not a term"
    if len(words) >= 2 and term.isupper():
        return "capitals for stress"
    if len(words) == 1 and term.lower() in VAGUE:
        return "too vague"
    if term.lower() in DISCOURSE_LABELS:
        return "a remark's label"
    if term.endswith("?"):
        return "a question"
    return ""


def is_identifier(term: str) -> bool:
    """Return True for a CamelCase or dotted name (a class, a function), not a word."""
    return " " not in term and bool(_CAMEL.search(term)) and not term.isupper()


def term_key(term: str) -> str:
    """Return the key under which occurrences of a term are gathered."""
    return label_key(term)
