"""Merge evidence: what in the entries says two labels name one idea, and how sure that is.

Shared by `termbase check` (its duplicate rule) and by anything that wants to explain a
merge. Three kinds of evidence, each with the words it rests on:

- an **alias statement** inside a definition: "also called gradient checkpointing",
  "also known as", "a.k.a.", "short for", "abbreviated", "or simply", "also written",
  "another name for", or a definition opening with "Name (ALIAS) —";
- a **head-noun variant**: one label is the other plus a head or modifier word
  ("cross-entropy" / "cross-entropy loss", "distillation" / "knowledge distillation"),
  which counts only when the two definitions are close (`definition_similarity`);
- **close definitions**: the share of content words two definitions have in common.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from termbase.context_words import STOPWORDS as _STOPWORDS
from termbase.labels import is_acronym_like, is_acronym_of, label_key, label_words
from termbase.model import Entry

_ALIAS = re.compile(
    r"\b(?:also\s+(?:called|known\s+as|written(?:\s+as)?|referred\s+to\s+as|termed)|a\.k\.a\.?|aka"
    r"|short\s+for|abbreviated(?:\s+(?:as|to))?|or\s+simply|another\s+name\s+for|sometimes\s+called"
    r"|otherwise\s+known\s+as)\s*[:,]?\s+"
    r"(?P<names>[^.;:()\n]{1,80})",
    re.IGNORECASE,
)
_OPENING = re.compile(r"^\s*(?P<name>[^()\n—–:,]{2,60}?)\s*\((?P<alias>[^()\n]{1,40})\)\s*(?:—|–|:|\bis\b)")
#: A definition whose opening phrase ends in a bracketed short name: "16-bit floating-point
#: format (fp16); …" names its idea fp16 too (within its first eight words, one token).
_GENUS_NAME = re.compile(r"^\s*(?:[^\s()]+\s+){1,8}?\((?P<name>[\w.+-]{2,12})\)\s*(?:[;:.—–]|$)")
_SPLIT_NAMES = re.compile(r"\s*(?:,|\bor\b|/)\s*")
_STOP_AFTER = re.compile(
    r"\s+(?:—|–|-\s|(?:which|that|because|when|where|in\s+which|for\s+short)\b).*$", re.IGNORECASE
)
_WORD = re.compile(r"[a-z][a-z0-9\-]{2,}")
#: Words that name the kind of thing a label is, and may be left off: "cross-entropy (loss)".
#: Only generic heads count: "reward model" is not "reward", "activation function" is not
#: "activation", so model, function, layer … are not here.
HEAD_WORDS = frozenset(
    [
        "loss",
        "learning",
        "task",
        "sampling",
        "scaling",
        "method",
        "algorithm",
        "technique",
        "approach",
        "objective",
        "mechanism",
        "process",
        "procedure",
    ]
)


#: A label qualified by its subject field in brackets: "Heads (attention)", "head (anatomy)".
QUALIFIED_LABEL = re.compile(r"^(?P<name>[^()]{2,40}?)\s*\((?P<field>[a-z][a-z -]{2,30})\)$")

#: Nouns an adjective label may be missing: "autoregressive" names an "autoregressive model".
ADJECTIVE_HEADS = frozenset(["model", "models"])
#: The words `variant_keys` takes for a head, of either kind.
_ANY_HEAD = HEAD_WORDS | ADJECTIVE_HEADS


@dataclass(frozen=True, slots=True)
class Alias:
    """A name a definition gives its idea, and the words that say so.

    `opening` is True for the two names of an opening "Name (ALIAS) —": one of them must
    be the entry's own label for the other to be an alias.
    """

    name: str
    words: str
    opening: bool = False


@dataclass(frozen=True, slots=True)
class Evidence:
    """Why two labels may name one idea: `kind` is alias, variant or close; `score` 0–1."""

    kind: str
    words: str
    score: float


def alias_statements(definition: str) -> list[Alias]:
    """Return the other names a definition states for its idea ("also called X", "X (Y) —")."""
    found: list[Alias] = []
    lowered = definition.lower()
    if any(map(lowered.__contains__, _ALIAS_CUES)):
        found.extend(_stated_aliases(definition))
    if "(" in definition[:80]:
        found.extend(_opening_aliases(definition))
    return found


#: Words one of which every alias statement contains (a cheap test before the regex).
_ALIAS_CUES = (
    "also",
    "a.k.a",
    "aka",
    "short for",
    "abbreviat",
    "or simply",
    "another name",
    "sometimes called",
    "otherwise known",
)


def _stated_aliases(definition: str) -> list[Alias]:
    found: list[Alias] = []
    for match in _ALIAS.finditer(definition):
        if not _about_the_term(definition, match.start(), match.end()):
            continue
        raw = _STOP_AFTER.sub("", match.group("names"))
        names = _SPLIT_NAMES.split(raw)
        if match.group(0).lower().startswith("short"):
            names = names[:1]  # "short for X, a …": the words after the comma describe, they are no name
        for name in _share_head(names) if "/" not in raw else names:
            name = name.strip(" \"'“”‘’`*")
            name = re.sub(r"^(?:the|a|an)\s+", "", name, flags=re.IGNORECASE)
            if 1 < len(name) <= 60 and len(name.split()) <= 5 and not name[0].isdigit():
                found.append(Alias(name, match.group(0).strip()))
    return found


#: An adjective's ending: "causal", "autoregressive", "generative", "masked".
_MODIFIER_END = re.compile(r"(?:al|ive|ic|ous|ed|ar|ary)$")


def _share_head(names: list[str]) -> list[str]:
    """Return the names of "causal or autoregressive language modeling" as two whole names.

    A lone adjective before the last of several names that has more words shares that name's
    head ("causal language modeling"); other lone words stay as they are.
    """
    if len(names) < 2 or len(names[-1].split()) < 2:
        return names
    head = names[-1].split(None, 1)[1]
    return [
        f"{name} {head}" if len(name.split()) == 1 and _MODIFIER_END.search(name.lower()) else name
        for name in names[:-1]
    ] + names[-1:]


#: A quoted name in brackets right after the noun phrase a definition opens with: 'The helper
#: network (the "critic") …' (not after a phrase that opens with a verb: 'Running several
#: operations ("heads") …' names the operations, not the idea).
_QUOTED_NAME = re.compile(
    r"^\s*(?:the|an?)\s+(?:[^\s()]+\s+){0,4}?\((?:the\s+|an?\s+|or\s+|called\s+)?[\"“‘'](?P<name>[^\"”’'()\n]{2,40})[\"”’']\)",
    re.IGNORECASE,
)


def _opening_aliases(definition: str) -> list[Alias]:
    found: list[Alias] = []
    quoted = _QUOTED_NAME.match(definition)
    if quoted and len(quoted.group("name").split()) <= 4:
        found.append(Alias(quoted.group("name"), quoted.group(0).strip()))
    genus = _GENUS_NAME.match(definition)
    if genus and not _OPENING.match(definition):
        name = genus.group("name")
        if any(c.isdigit() for c in name) or is_acronym_like(name):
            found.append(Alias(name, genus.group(0).strip()))
    opening = _OPENING.match(definition)
    if opening:
        for name in (opening.group("name"), opening.group("alias")):
            name = name.strip(" \"'“”")
            if 1 < len(name) <= 60 and len(name.split()) <= 6:
                found.append(Alias(name, opening.group(0).strip(), opening=True))
    return found


_SENTENCE_START = re.compile(r"(?:^|[.!?]\s+|\n)\s*$")
_AFTER_DASH = re.compile(r"(?:—|–|\s-|;)\s*$")


def _about_the_term(text: str, start: int, end: int) -> bool:
    """Return True if an alias statement at text[start:end] names the defined term itself.

    It does when it opens a sentence ("Also called X"); in the first sentence, when it
    follows a dash ("— another name for X"), is a bracket closing the sentence or clause
    ("… network (also called a feedforward network):") or runs from a comma to the end of
    the sentence (", also called SiLU."). Elsewhere it names whatever it follows: "errors
    (also known as bugs) within programs" says nothing about the term.
    """
    before = text[:start]
    if _SENTENCE_START.search(before):
        return True
    if re.search(r"[.!?]\s", before):
        return False  # past the first sentence only a sentence of its own is about the term
    if _AFTER_DASH.search(before):
        return True
    if before.rstrip().endswith("("):
        close = text.find(")", start)
        return close >= 0 and re.match(r"\)\s*(?:[.:;]|$)", text[close:]) is not None
    if before.rstrip().endswith(","):
        rest = text[end:]
        stop = re.search(r"[.;:]|$", rest)
        return stop is not None and "," not in rest[: stop.start()]
    return False


def aliases_for(definition: str, own_labels: tuple[str, ...]) -> list[Alias]:
    """Return the aliases a definition states for an idea with these labels (not the labels themselves).

    The names of an opening "Name (ALIAS) —" count only when one of them is an own label.
    """
    statements = alias_statements(definition)
    if not statements:  # (most definitions)
        return []
    own = {label_key(label) for label in own_labels}
    opening_ok = any(a.opening and label_key(a.name) in own for a in statements)
    return [a for a in statements if label_key(a.name) not in own and (not a.opening or opening_ok)]


@lru_cache(maxsize=1 << 16)
def content_words(text: str) -> frozenset[str]:
    """Return the content words of a text (lower case, stop words and short words out)."""
    return frozenset(w.strip("-") for w in _WORD.findall(text.lower()) if w not in _STOPWORDS)


def definition_similarity(first: str, second: str) -> float:
    """Return how close two definitions are: shared content words over the smaller set (0–1)."""
    a, b = content_words(first), content_words(second)
    if not a or not b:
        return 0.0
    return len(a & b) / min(len(a), len(b))


def head_variant(shorter: str, longer: str) -> str:
    """Return the head word `longer` adds to `shorter` if it is a head-noun variant of it, else "".

    "cross-entropy loss" adds "loss" to "cross-entropy". Only one added word from
    HEAD_WORDS counts (a modifier in front — "self-attention", "continuous batching" —
    usually names a narrower idea), and a label of one or two letters never does.
    """
    short_words, long_words = label_words(shorter), label_words(longer)
    if not short_words or len(long_words) != len(short_words) + 1 or len("".join(short_words)) < 3:
        return ""
    if long_words[: len(short_words)] != short_words:
        return ""
    if long_words[-1] in ADJECTIVE_HEADS and _ADJECTIVE_END.search(short_words[-1]):
        return long_words[-1]  # an adjective naming its noun: "autoregressive" / "autoregressive model"
    if long_words[-1] not in HEAD_WORDS:
        return ""
    if long_words[-1] == "learning" and not _ADJECTIVE_END.search(short_words[-1]):
        return ""  # "metric learning" is the learning of a metric; "supervised learning" is "supervised"
    return long_words[-1]


def variant_keys(label: str) -> Iterator[tuple[str, str]]:
    """Yield (key, word) for the label one head word shorter that `label` may be a variant of."""
    last = label.rsplit(None, 1)[-1].lower() if " " in label else ""
    heads = _ANY_HEAD
    if last.rstrip("s") not in heads and last not in heads:
        return
    words = label_words(label)
    if len(words) >= 2 and words[-1] in heads and head_variant(" ".join(words[:-1]), label):
        yield label_key(" ".join(words[:-1])), words[-1]


_ADJECTIVE_END = re.compile(r"(?:ed|ive)$")

#: Head-noun variants count as one idea only if their definitions are at least this close.
MIN_VARIANT_SIMILARITY = 0.2


def pair_evidence(
    label_a: str, definitions_a: tuple[str, ...], label_b: str, definitions_b: tuple[str, ...]
) -> list[Evidence]:
    """Return the evidence that concepts labelled `label_a` and `label_b` are one idea."""
    evidence: list[Evidence] = []
    key_a, key_b = label_key(label_a), label_key(label_b)
    for own, other, definitions in ((label_a, key_b, definitions_a), (label_b, key_a, definitions_b)):
        for definition in definitions:
            for alias in aliases_for(definition, (own,)):
                if label_key(alias.name) == other:
                    evidence.append(Evidence("alias", f"{own}: “{alias.words}”", 1.0))
    similarity = max((definition_similarity(a, b) for a in definitions_a for b in definitions_b), default=0.0)
    for short, long in ((label_a, label_b), (label_b, label_a)):
        word = head_variant(short, long)
        if word and similarity >= MIN_VARIANT_SIMILARITY:
            evidence.append(Evidence("variant", f"“{long}” is “{short}” + “{word}”", similarity))
    return evidence


NO_EVIDENCE = "no shared label or statement: a stated id or group, or its definition's words"


def entry_evidence(entries: Sequence[Entry]) -> list[list[str]]:
    """Return, for each entry of one concept, why it belongs with the others (one line a reason).

    Read from the entries alone: a label another entry also gives, an acronym and its
    expansion across entries, an alias statement naming another entry's label, a head-noun
    variant with close definitions. An entry with none of these was joined on other
    grounds (a stated id or group, or a bare acronym placed by its definition's words).
    """
    keys = [{label_key(label): label for label in entry.labels} for entry in entries]
    result: list[list[str]] = []
    for index, entry in enumerate(entries):
        reasons: dict[str, list[str]] = {}
        for other_index, other in enumerate(entries):
            if other_index != index:
                reason = _reason(entry, keys[index], other, keys[other_index])
                if reason:
                    reasons.setdefault(reason, []).append(f"{other.source}:{other.line}")
        lines = [f"{reason} {', '.join(wheres)}" for reason, wheres in reasons.items()]
        result.append(lines or [NO_EVIDENCE])
    return result


def _reason(entry: Entry, mine: dict[str, str], other: Entry, theirs: dict[str, str]) -> str:
    """Return the first piece of evidence that `entry` and `other` name one idea, or ""."""
    shared = [label for key, label in mine.items() if key in theirs]
    if shared:
        return f"same label “{shared[0]}” as"
    for qualified_side, plain in ((entry.labels, theirs), (other.labels, mine)):
        for label in qualified_side:
            qualified = QUALIFIED_LABEL.match(label)
            if qualified and label_key(qualified.group("name")) in plain:
                name, field = qualified.group("name"), qualified.group("field")
                return f"“{label}” is “{name}” in the field of {field}, as"
    for short_side, long_side in ((entry, other), (other, entry)):
        for short in short_side.labels:
            if not is_acronym_like(short):
                continue
            for long in long_side.labels:
                if is_acronym_of(short, long):
                    return f"“{short}” abbreviates “{long}”, as in"
    for alias in aliases_for(entry.definition, entry.labels):
        if label_key(alias.name) in theirs:
            return f"its definition says “{alias.words}”, naming"
    for alias in aliases_for(other.definition, other.labels):
        if label_key(alias.name) in mine:
            return f"named in “{alias.words}” by"
    labels = (*entry.labels, *other.labels)
    for short in labels:
        for long in labels:
            word = head_variant(short, long)
            closeness = definition_similarity(entry.definition, other.definition) if word else 0.0
            if word and closeness >= MIN_VARIANT_SIMILARITY:
                return f"“{long}” is “{short}” + “{word}”, definitions {closeness:.0%} alike:"
    return ""
