"""Word forms of one term: inflections gathered into one candidate, derived forms kept as labels.

A book writes one idea in several forms: "changes of context" and "change of context",
"cloning" and "clone", "traversal" and "traverse". `lemma_key` folds inflections of every
word (simplemma's English lemmas), so candidates that differ only by them become one.
`derived_forms` lists the forms of a term's last word made by the usual English
derivations (-ing, -ed, -al, -ation, -able/-ability) that the book itself uses in
the chapter that introduces the term; an entry carries them as labels, so a reader looking up "clone" finds
the entry the book introduced as "cloning".
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from functools import cache

from termbase.documents.builder import word_set
from termbase.documents.model import EMPHASIS, STRONG, Block
from termbase.extract.termhood import Termhood
from termbase.labels import _singular, label_key, simplemma_lemma

#: (suffix of the written form, what replaces it in the base word): an action or state named
#: after its verb or adjective. Agent nouns (-er, -or) are left out: a compiler is not compiling.
_TO_BASE = (
    ("ization", "ize"), ("isation", "ise"), ("ation", "ate"), ("ation", "e"), ("ation", ""),
    ("ability", "able"), ("ing", "e"), ("ing", ""), ("ed", "e"), ("ed", ""), ("al", "e"), ("al", ""),
)
#: Endings added to a base word to make its derived forms.
_FROM_BASE = ("ing", "ed", "d", "ation")


@cache
def _lemma(word: str) -> str:
    low = word.lower()
    if not low.isalpha() or len(low) < 4:
        return low
    lemma = simplemma_lemma(low).lower()  # simplemma, its dictionary as a memory-mapped trie
    # irregular lemmas ("better" → "good") name another word; keep only regular inflections
    return lemma if lemma[:3] == low[:3] else low


def lemma_key(term: str) -> str:
    """Return a match key with every word in its dictionary form (`changes of context`: change…)."""
    return label_key(" ".join(_lemma(word) for word in term.split()))


def _bases(word: str) -> set[str]:
    """Return the word itself when it is no derived form, else the base words it may come from."""
    bases = {word[: -len(suffix)] + replacement for suffix, replacement in _TO_BASE
             if word.endswith(suffix) and len(word) - len(suffix) >= 4}
    return bases or {word}


def _family(word: str) -> set[str]:
    family: set[str] = set()
    for base in _bases(word):
        family.add(base)
        stem = base[:-1] if base.endswith("e") else base
        family.update(stem + ending for ending in _FROM_BASE)
        if base.endswith("e"):
            family.add(stem + "al")  # traverse, traversal (not condition, conditional)
        if base.endswith("ate"):
            family.add(base[:-1] + "ion")  # instantiate, instantiation
        if base.endswith("able"):
            family.add(base[:-4] + "ability")
    return family


_WORD = re.compile(r"[a-z]+")


@cache
def words_of(text: str) -> frozenset[str]:
    """Return the lowercase words of a text."""
    return frozenset(_WORD.findall(text.lower()))


def derived_forms(term: str, used: Iterable[str] | frozenset[str]) -> list[str]:
    """Return the other forms of the term's last word that occur among the words `used`.

    Only single-word terms written in lower case get forms: a longer name keeps its own
    wording ("type conversion function" is not "type conversion").
    """
    if " " in term or not term.isalpha() or not term.islower() or len(term) < 5:
        return []
    words = used if isinstance(used, frozenset) else frozenset(used)
    own = {label_key(term)}
    found: dict[str, str] = {}
    for form in sorted(_family(term)):
        key = label_key(form)
        if form in words and key not in own and key not in found:
            found[key] = form
    return sorted(found.values(), key=len)


_OF_PHRASE = r"\b{term}\s+of\s+(?:the|a|an|this|that|its|each|every)\s+(?:[a-z]+\s+)?(?P<noun>[a-z]{{3,}})\b"


def compound_forms(term: str, sentence: str, texts: Iterable[str]) -> list[str]:
    """Return the compound the book makes of 'X of the Y' when it introduces X that way ("the
    **stern** of the boat" and "boat stern" elsewhere): the compound the book itself writes at
    itself writes elsewhere, in either order."""
    if " " in term or not term.isalpha() or not term.islower():
        return []
    match = re.search(_OF_PHRASE.format(term=re.escape(term)), sentence, re.I)
    if not match:
        return []
    noun = match.group("noun").lower()
    if noun == term:
        return []
    book = list(texts)
    for compound in (f"{term} {noun}", f"{noun} {term}"):
        pattern = re.compile(rf"\b{re.escape(compound)}s?\b", re.I)
        if any(pattern.search(text) for text in book):
            return [compound]
    return []


#: Head nouns that only say "a thing that does it": a "version control system" does version control.
_GENERIC_HEADS = frozenset({"system", "systems", "tool", "tools", "software"})
#: How often the book must use the phrase without its head noun for that to be a name of the idea.
_BARE_USES = 3


def bare_forms(term: str, texts: Iterable[str]) -> list[str]:
    """Return the term without a generic head noun ("version control system" → "version control")
    when the book itself uses that shorter phrase as a name on its own, often (not only before
    the head noun): the book speaks of the idea by both names."""
    words = term.split()
    if len(words) < 3 or words[-1].lower() not in _GENERIC_HEADS:
        return []
    bare = " ".join(words[:-1])
    pattern = re.compile(rf"\b{re.escape(bare)}\b(?!\s+{re.escape(words[-1].rstrip('s'))})", re.I)
    uses = sum(len(pattern.findall(text)) for text in texts)
    return [bare.lower() if bare == bare.capitalize() else bare] if uses >= _BARE_USES else []


#: How often, at least, and in what share of its uses, a one-word term must be followed by the same noun
#: for that compound to be the book's own name of the idea ("long-term" → "long-term memory").
_COMPOUND_USES = 3
_COMPOUND_SHARE = 0.6
_TOKEN = re.compile(r"[a-z][a-z'-]*[a-z]|[a-z]|[^\sa-z]")  # punctuation is a token: no pair spans it
_NOT_HEADS = word_set(
    """the a an of and or to in on for with by at from is are was were be been it its this that these those
    as not but if then so than can will may must should would could you we they he she i our your their
    which who what when where how also just only out up down off over into onto back away"""
)


def following_nouns(terms: Iterable[str], texts: Iterable[str]) -> dict[str, Counter[str]]:
    """Return, for each one-word term, how often each word follows it in the book, and (under "")
    how often the term occurs at all."""
    wanted = {term.lower() for term in terms if " " not in term}
    counts: dict[str, Counter[str]] = {word: Counter() for word in wanted}
    for text in texts:
        tokens = _TOKEN.findall(text.lower())
        for here, token in enumerate(tokens):
            if token in wanted:
                counts[token][""] += 1
                if here + 1 < len(tokens):
                    counts[token][tokens[here + 1]] += 1
    return counts


def head_compound(term: str, counts: dict[str, Counter[str]]) -> list[str]:
    """Return the compound the book nearly always writes a one-word term in ("**long-term**" named,
    then "long-term memory" throughout): the term and the noun that follows it in most of its uses."""
    seen = counts.get(term.lower())
    if not seen or " " in term:
        return []
    total = seen[""]
    head, uses = max(((word, n) for word, n in seen.items()
                      if word.isalpha() and word not in _NOT_HEADS),
                     key=lambda item: item[1], default=("", 0))
    if uses >= _COMPOUND_USES and uses >= _COMPOUND_SHARE * total and len(head) >= 3:
        return [f"{term} {head}"]
    return []


def emphasised_head(term: str, blocks: Iterable[Block]) -> list[str]:
    """Return the last word of a two- or three-word term when the section that introduces it puts
    emphasis on that word alone, right after the rest of the term ("What is a software *dependency*?"):
    the author marks the head as the name and the words before it as a qualifier."""
    words = term.split()
    if not 2 <= len(words) <= 3 or term != term.lower() or not words[-1].isalpha() \
            or {"and", "or"} & set(words):  # "inheritance and *polymorphism*": two ideas, not a qualifier
        return []
    head, qualifier = words[-1], " ".join(words[:-1])
    before = re.compile(rf"\b{re.escape(qualifier)}\s+$", re.I)
    for block in blocks:
        for span in block.spans:
            if span.kind not in (STRONG, EMPHASIS):
                continue
            marked = block.text[span.start : span.end].strip().lower()
            if label_key(marked) == label_key(head) and before.search(block.text[: span.start]):
                return [head]
    return []


#: How often, at least, the head of a qualified term must occur on its own, and in how many chapters, for the
#: book to use it as a name of its own ("Zarr chunk" introduced, then "chunk" throughout).
_HEAD_USES = 5
_HEAD_ALONE = 3
_HEAD_CHAPTERS = 2
#: From this many qualified kinds of one head ("commit / tree / blob / tag object"), the head is an umbrella
#: word that no single kind (named after another term) introduces.
_UMBRELLA_KINDS = 4
#: How much more frequent than in general English (keyness, in Zipf) the head must be: the book's own word.
_HEAD_KEYNESS = 1.5


def head_of(term: str) -> str:
    """Return the head noun of a two- or three-word term ("span attributes" → "attribute"), or ''."""
    words = term.split()
    if not 2 <= len(words) <= 3 or not words[-1].isalpha():
        return ""
    head = words[-1]
    if head.isupper():
        return head if len(head) >= 2 else ""  # "Python DBAPI"
    if not head.islower():
        return ""  # "Point Cloud", "DataFrame": the head of a name is no word of its own
    return _singular(head.lower()) if len(head) > 3 else head.lower()


def qualified_heads(terms: Iterable[tuple[str, str]], kept: frozenset[str],
                    stats: dict[str, Termhood], keyness: dict[str, float]) -> dict[int, str]:
    """Return, for qualified terms in reading order (by their place in `terms`, each with the form the text
    wrote it in: "zarr chunk", "Zarr chunk"), the head noun the book
    also uses on its own, where no kept entry names that head: "A Zarr chunk is …" is where "chunk" is
    introduced when the book goes on to speak of chunks. Each head goes to the first such term only.

    The words before the head must name a thing of their own: a kept entry of the book ("span" in "span
    attributes") or a proper name ("Python DBAPI"); "working tree" or "dangling object" qualify the head
    with a plain word and may be another idea. `kept` holds the match keys of the kept entries' labels;
    `stats` and `keyness` are by lowercase head."""
    found: dict[int, str] = {}
    claimed: set[str] = set(kept)
    terms = list(terms)
    kinds = Counter(label_key(head) for term, _written in terms if (head := head_of(term)))
    for place, (term, written) in enumerate(terms):
        head = head_of(term)
        key = label_key(head) if head else ""
        if not key or key in claimed:
            continue
        modifier = term[: len(term) - len(term.split()[-1])].strip()
        as_written = written[: len(modifier)] if written.lower().startswith(modifier.lower()) else modifier
        named = as_written[:1].isupper()  # "Zarr chunk", "Bitcoin wallet": the product's own kind of it
        if not named and (label_key(modifier) not in kept or kinds[key] >= _UMBRELLA_KINDS):
            continue  # a plain qualifier, or one of many kinds ("literal / block / call … expression")
        seen = stats.get(head.lower())
        if seen is None or seen.count < _HEAD_USES or seen.count - seen.nested < _HEAD_ALONE \
                or seen.chapters < _HEAD_CHAPTERS or keyness.get(head.lower(), 0.0) < _HEAD_KEYNESS:
            continue
        claimed.add(key)
        found[place] = head
    return found
