"""Checks that a label found in a definition really mentions the concept (issue 14, part 2).

The shared `TermMatcher` finds every place a label's words occur. Linking asks more of a
place before it links it, because a wrong link on a concept page is very visible:

- **the words hold together**: a match may not run across a bracket or a formula, and a
  hyphenated label with a function word (`over-training`) must be written hyphenated;
- **addresses name pages, not ideas**: inside a link's target, a web or e-mail address, a label
  links only as the whole name of the page the address points to (its last path segment or
  its #fragment: "(/vertical-scaling/)", "(#parameter)"), not as a folder, part of a file name
  or a mailbox ("ftp://…/pub/standards/…", "docs/transformers/preprocessing");
- **names keep their capital**: in a source that writes its terms in lower case, a label
  written with a capital (`Adam`, `Outlines`) is a name and links only when capitalised;
- **idioms are no terms**: "for instance", "for example", "in practice" …; nor are the
  everyday words of an analogy ("like a book …", "imagine …"), nor a word inside a
  hyphenated identifier ("sgd-vs-adam-notes");
- **nouns, not verbs**: a one-word label followed by an object ("scores each step",
  "weights the bonus", "sample many"), after "to" ("to sample the next token"), after a
  modal or an adverb, or in -s after its subject ("a classifier that scores …") is a verb;
- **noun-phrase boundaries**: a one-word label (or a label whose first word opens a
  compound) preceded by a noun that makes a longer compound ("pixel values", "quality
  loss", "key/value head") links only if that noun belongs to the concept's own words (a
  word that picks out, "the first token", or a label written as a name, "community LeRobot
  data", makes no other compound); a common noun's label written with a capital next to
  another capitalised word mid-sentence is part of a longer name ("Facebook AI Research",
  "Write With Transformers");
- **sense**: a one-word label or alias of a concept defined in a subject field ("In
  attention, …") links only where the text speaks of that field; a one-word alias that is
  the head of the concept's name (`step` for `training step`) only with the name's other
  words about; a one-word alias that is no entry's headword and shares no word with the
  concept's name ("fraction" of mantissa, "grid" of thread block) not at all — unless, for
  either kind of alias, the two concepts' names share a word (or the concept is central to
  the glossary) and the sentence uses the concept's own words ("whole layers, attention and
  feed-forward alike" on a block-pruning page); the bare word of a concept whose glossary
  qualifies its name ("sample (data point)") only in a sentence that uses the qualifier's
  words ("random samples" of a Monte Carlo estimate are no data points); a two-letter
  acronym only where the definitions share a word;
- **everyday words**: a one-word label that is also an everyday English word ("shape",
  "value", "baseline"; see `termbase.everyday_words`), written in lower case and not marked
  as a term, is decided by a learned decision when the linker gives one (`learned`; see
  `termbase.mention_model`: how common the word is, kinship, the sentence's words and
  neighbours, …); without it, it links only between concepts that are kin (`link._Kinship`:
  names that share a word, a target central to the glossary, or enough neighbour concepts in
  common; only a part of it counts when both concepts state topics and share none), and more
  closely when the sentence around the word uses none of the target's own words: "a strong
  baseline" in a segmentation model's definition is no RL baseline.

`rejection` says which check turned a place down (for measuring and debugging the checks).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol

from termbase.context_words import context_words
from termbase.everyday_words import is_everyday_word
from termbase.labels import is_acronym_like

#: Words after which a one-word label is used as a verb ("… scores each step").
_OBJECT_WORDS = frozenset(
    [
        "the",
        "a",
        "an",
        "them",
        "its",
        "their",
        "his",
        "her",
        "each",
        "every",
        "all",
        "both",
        "one's",
        "many",
        "several",
        "multiple",
    ]
)
#: Subjects after which a word in -s is the verb ("a classifier that scores educational value").
_SUBJECTS = frozenset(["that", "who", "it", "he", "she"])
#: … and words that make it a verb only after "to" ("trained to score how good …").
_AFTER_TO = frozenset(["it", "how", "whether", "what", "this", "these", "those", "some", "any"])
#: Adjectives common in definitions that end in none of the usual adjective endings.
_ADJECTIVES = frozenset(
    [
        "next",
        "raw",
        "rich",
        "small",
        "large",
        "big",
        "single",
        "discrete",
        "chosen",
        "whole",
        "main",
        "top",
        "strong",
        "little",
        "long",
        "short",
        "high",
        "low",
        "fast",
        "slow",
        "deep",
        "wide",
        "narrow",
        "dense",
        "sparse",
        "fixed",
        "learned",
        "trained",
        "frozen",
        "hidden",
        "open",
        "closed",
        "same",
        "entire",
        "extra",
        "full",
        "simple",
        "common",
        "standard",
        "plain",
        "clean",
        "soft",
        "hard",
        "good",
        "bad",
        "better",
        "best",
        "worse",
        "worst",
        "true",
        "false",
        "real",
        "fine",
        "coarse",
        "own",
        "prior",
        "joint",
        "local",
        "global",
        "early",
        "late",
        "final",
        "initial",
        "key",
        "major",
        "minor",
        "exact",
        "random",
        "total",
        "average",
        "mean",
    ]
)
#: Words that cannot be the noun in front of a compound (determiners, prepositions …).
_FUNCTION_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "in",
        "on",
        "at",
        "to",
        "for",
        "by",
        "with",
        "from",
        "into",
        "onto",
        "over",
        "under",
        "as",
        "and",
        "or",
        "but",
        "nor",
        "not",
        "no",
        "its",
        "it",
        "their",
        "his",
        "her",
        "our",
        "your",
        "my",
        "this",
        "that",
        "these",
        "those",
        "each",
        "every",
        "all",
        "both",
        "some",
        "any",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "many",
        "more",
        "most",
        "less",
        "least",
        "few",
        "fewer",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "has",
        "have",
        "had",
        "do",
        "does",
        "did",
        "can",
        "could",
        "may",
        "might",
        "must",
        "will",
        "would",
        "should",
        "shall",
        "than",
        "then",
        "so",
        "such",
        "via",
        "per",
        "about",
        "between",
        "through",
        "without",
        "within",
        "across",
        "after",
        "before",
        "during",
        "while",
        "when",
        "where",
        "which",
        "who",
        "whom",
        "whose",
        "what",
        "how",
        "why",
        "if",
        "also",
        "only",
        "just",
        "very",
        "much",
        "same",
        "own",
        "other",
        "another",
        "new",
        "old",
    ]
)
#: Words after which the next word is a noun, whatever follows it ("the score each …").
_NOUN_BEFORE = _FUNCTION_WORDS - {"to", "that", "which", "who", "it", "and", "or", "also", "then", "not"}
#: Modal verbs: the word after one is a verb ("can score", "may sample").
_MODALS = frozenset(["can", "cannot", "could", "may", "might", "must", "shall", "should", "will", "would"])
#: Words ending in -ly that are adjectives or nouns, so a noun may follow them.
_LY_ADJECTIVES = frozenset(
    [
        "only",
        "early",
        "family",
        "assembly",
        "supply",
        "reply",
        "daily",
        "weekly",
        "monthly",
        "yearly",
        "likely",
        "unlikely",
        "costly",
        "friendly",
        "holy",
        "ugly",
        "silly",
        "lonely",
        "elderly",
        "poly",
    ]
)
#: English adverbials whose last word is also a common label ("for instance", "in practice").
_IDIOMS = (
    ("for", "instance"),
    ("for", "example"),
    ("in", "practice"),
    ("in", "general"),
    ("in", "particular"),
    ("in", "turn"),
    ("in", "principle"),
    ("on", "average"),
    ("a", "fraction"),
    ("in", "sample"),
    ("by", "design"),
)
_ADJECTIVE_END = re.compile(
    r"(?:ed|al|ive|ous|ic|ful|able|ible|less|ary|ory|ent|ant|ar|ish|ile|ing|wise|like|est|er)$"
)
#: What may join the parts of the word before a match (`e.g`, `C++`, `don't`): see `_word_before`.
_WORD_JOINERS = ".+'’"
_WORD_AFTER = re.compile(r"^[ \t]+([^\W_]+)")
#: What may stand between the words of one mention: spaces, hyphens, dashes, emphasis marks.
_INSIDE = re.compile(r"[\w \t\n\u00a0\-\u2010-\u2015*_'’.+/]*")
#: How closely (see `link._Kinship`: 1 is a shared neighbour that no other concept mentions) a
#: concept must be tied to the concept whose definition writes its one-word label as an everyday
#: word ("shape", "value", "baseline") in lower case: in a glossary of 1,000 concepts, one
#: shared neighbour that fewer than one in twenty mention, or several commoner ones.
MIN_KINSHIP = 0.42
#: … and how closely when the sentence around the word uses none of the target concept's own words
#: (besides the label): then the concepts around both must show the sense on their own
#: ("processes on a shared operating-system kernel" in a container's definition is no GPU kernel).
SILENT_KINSHIP = 1.0
#: … unless the two concepts' own words show the sense where the concepts around do not (a small
#: glossary has few neighbours to share): their definitions and labels share rare content words
#: adding up to this much, each weighted by its rarity in the glossary (`link._WordRarity`: 1 for
#: a word no other concept uses, 0 for one all use): "a head which accepts the features" on a
#: backbone page shares hidden states, features and the model classes with the model head.
#: Chosen leave-one-file-out on the judged gold (every held-out file picked 1.5).
MIN_SHARED_RARITY = 1.5
#: Words that open a comparison with everyday things ("like a book", "imagine …"):
#: in that sentence a common word is meant in its everyday sense.
_ANALOGY = re.compile(r"(?<!\()\b(?:[Ll]ike an?|[Ii]magine|[Aa]nalogy:|[Tt]hink of)\s")
#: A text without one of these has no `_ANALOGY` (a cheap test before finding the sentence).
_ANALOGY_HINTS = ("ike a", "magine", "nalogy:", "hink of")
#: Where a sentence ends (or a clause after a colon or semicolon, or a line).
_SENTENCE_END = re.compile(r"[.!?;]\s|\n")
_MATH = re.compile(r"\$[^$\n]+\$|\\\(.+?\\\)")
_WORD = re.compile(r"[a-z][a-z0-9]+")


class RareTies(Protocol):
    """The rare content words a target concept shares with the mentioning concept (`shared`),
    summed by how rare they are in the glossary."""

    def shared(self) -> float: ...


@dataclass(frozen=True, slots=True)
class Target:
    """What the checks need to know of the concept a label was matched to."""

    words_of: Callable[[], frozenset[str]]  # the content words of its definitions and labels
    labels: frozenset[str]  # its labels, lower case
    names: frozenset[str]  # its labels that are names (keep their capital), lower case
    preferred: str  # its preferred label, lower case
    domain: frozenset[str] = frozenset()  # words of the subject field its definitions open with
    terms: frozenset[str] = frozenset()  # the headwords of its entries, lower case, no plural s
    proper_name: bool = False  # its preferred label is written as a name (AudioLM, PyTorch)
    common_noun: bool = False  # one of its labels is written in lower case (a common noun)

    @property
    def words(self) -> frozenset[str]:
        """Return the content words of its definitions and labels (worked out when asked)."""
        return self.words_of()


def name_labels(labels: Iterable[str], lower_case_source: bool) -> frozenset[str]:
    """Return the labels that are names: capitalised in a source that writes terms in lower case."""
    if not lower_case_source:
        return frozenset()
    return frozenset(label.lower() for label in labels if label[:1].isupper() and not is_acronym_like(label))


def math_spans(text: str) -> list[tuple[int, int]]:
    """Return the (start, end) of each inline formula ($…$, \\(…\\)) in a definition."""
    if "$" not in text and "\\(" not in text:
        return []
    return [m.span() for m in _MATH.finditer(text)]


def _inside(spans: list[tuple[int, int]], start: int) -> bool:
    return any(a <= start < b for a, b in spans)


#: A web address written out (a scheme, mailto:, www.) or an e-mail address, up to a space,
#: a quote or a closing bracket.
_ADDRESS = re.compile(
    r"(?:\b[A-Za-z][A-Za-z0-9+.-]*://|\bmailto:|\bwww\.)[^\s<>\"'`)\]]+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+"
)
#: The address of a Markdown link: what the brackets after "](" hold.
_LINK_TARGET = re.compile(r"\]\(<?([^\s()<>]+)")
#: A file name's extension, left out of the page an address names ("word2vec.md").
_EXTENSION = re.compile(r"\.[A-Za-z0-9]{1,5}$")


@dataclass(frozen=True, slots=True)
class Address:
    """Where a definition writes an address, and the name of the page it points to: its
    #fragment, or else its last path segment (no host, query or extension); (0, 0) for none.
    `own` is a link within the same site (no scheme: "(/terms/lstm/)", "(#child_tree)")."""

    start: int
    end: int
    page_start: int
    page_end: int
    own: bool = False


def address_spans(text: str) -> list[Address]:
    """Return each address a definition writes: a link's target ("](/vertical-scaling/)"),
    a web address ("ftp://host/pub/standards/…") or an e-mail address."""
    if "](" not in text and "://" not in text and "@" not in text and "www." not in text:
        return []
    spans = [(m.start(1), m.end(1)) for m in _LINK_TARGET.finditer(text)]
    spans += [m.span() for m in _ADDRESS.finditer(text) if not _inside(spans, m.start())]
    return [_address(text, start, end) for start, end in spans]


def _address(text: str, start: int, end: int) -> Address:
    written = text[start:end]
    if written.startswith("mailto:") or ("@" in written and "/" not in written):
        return Address(start, end, 0, 0)  # an e-mail address names a mailbox, no page
    path_start = start
    scheme = written.find("://")
    own = scheme < 0 and not written.startswith("www.")
    if scheme >= 0 or written.startswith("www."):
        host_end = written.find("/", scheme + 3 if scheme >= 0 else 0)
        if host_end < 0:
            return Address(start, end, 0, 0)
        path_start = start + host_end
    page_end = end
    for mark in "?#":
        cut = text.find(mark, path_start, page_end)
        if mark == "#" and cut >= 0:
            return Address(start, end, cut + 1, end, own)
        if cut >= 0:
            page_end = cut
    while page_end > path_start and text[page_end - 1] == "/":
        page_end -= 1
    page_start = text.rfind("/", path_start, page_end) + 1 or path_start
    extension = _EXTENSION.search(text, page_start, page_end)
    if extension:
        page_end = extension.start()
    return Address(start, end, max(page_start, path_start), page_end, own)


def _in_address(text: str, addresses: list[Address], start: int, end: int) -> bool:
    """Return True if `text[start:end]` is inside an address and is not the name of the page the
    address points to ("/vertical-scaling/" names vertical scaling; the "standards" folder of an
    FTP address, the "transformers" of a documentation site's path name nothing). Within the same
    site a page's name may add a qualifier or an acronym after the label ("(#child_tree)",
    "(/terms/long-short-term-memory-lstm/)"); a label later in it names something else
    ("(#parent_tree)" is no tree)."""
    for a in addresses:
        if a.start <= start < a.end:
            return start != a.page_start or not (
                end == a.page_end or (a.own and end < a.page_end and text[end] in "-_")
            )
    return False


_DOMAIN = re.compile(r"^\s*(?:In|For|Within)\s+(?:an?\s+|the\s+)?(?P<field>[^,.;:()]{2,50}),\s")


def domain_words(definitions: Iterable[str]) -> frozenset[str]:
    """Return the words of the subject field a definition opens with ("In attention, …"), if any."""
    found: set[str] = set()
    for definition in definitions:
        opening = _DOMAIN.match(definition)
        if opening and len(opening.group("field").split()) <= 5:
            found |= {w.rstrip("s") for w in content_words(opening.group("field"))}
    return frozenset(found)


def _sense_rejection(
    words: str, label: str, target: Target, context: Callable[[], frozenset[str]]
) -> str | None:
    """Return why a one-word or alias mention lacks what its concept's sense needs, or None.

    A concept defined in a subject field ("In attention, the vector …") is meant only where
    the mentioning definition speaks of that field; a one-word alias that is the head of the
    concept's name (`step` of `training step`, `head` of `attention head`) only where it also
    uses the name's other words; a two-letter acronym only where the definitions share a word.
    """
    lowered = words.lower()
    if _is_acronym(words):
        return None if len(words) > 2 or context() & target.words else "short acronym, no shared word"
    one_word = " " not in words.strip() and "-" not in words
    alias = label.lower() != target.preferred and lowered.rstrip("s") != target.preferred.rstrip("s")
    if not (one_word or alias):
        return None
    if target.domain and not target.domain & context():
        return "outside the concept's field"
    if (
        one_word
        and alias
        and lowered.rstrip("s") not in target.terms
        and not any(lowered.rstrip("s")[:4] == part[:4] for part in re.split(r"[\s-]+", target.preferred))
    ):
        return "loose alias"  # a one-word alias, no entry's headword and unlike the concept's name
        # ("fraction" of mantissa, "grid" of thread block)
    name = target.preferred.split()
    if one_word and alias and len(name) > 1 and lowered.rstrip("s") == name[-1].rstrip("s"):
        stems = context()
        if not any(w.rstrip("s") in stems for w in content_words(" ".join(name[:-1]))):
            return "head alias without the name's other words"
    return None


def is_mention(
    text: str,
    start: int,
    end: int,
    label: str,
    target: Target,
    formulas: list[tuple[int, int]],
    context: Callable[[], frozenset[str]],
    kinship: Callable[[], float] | None = None,
    learned: Callable[[], bool] | None = None,
    addresses: list[Address] | None = None,
    rarity: RareTies | None = None,
) -> bool:
    """Return True if `text[start:end]`, matched to `label`, mentions the target concept.

    `context()` gives the word stems of the mentioning concept's definitions (see `word_stems`),
    `kinship()` how closely the mentioning concept and the target are tied by the concepts
    around them (see `link._Kinship`); both are asked only when a check needs them. `learned()`,
    if given, decides an everyday word in place of the kinship thresholds (`termbase.mention_model`).
    """
    return (
        rejection(text, start, end, label, target, formulas, context, kinship, learned, addresses, rarity)
        is None
    )


def rejection(
    text: str,
    start: int,
    end: int,
    label: str,
    target: Target,
    formulas: list[tuple[int, int]],
    context: Callable[[], frozenset[str]],
    kinship: Callable[[], float] | None = None,
    learned: Callable[[], bool] | None = None,
    addresses: list[Address] | None = None,
    rarity: RareTies | None = None,
) -> str | None:
    """Return why `text[start:end]` does not mention the target concept (a short reason), or None.
    `addresses` are the definition's addresses (`address_spans`), if it was asked for them;
    `rarity`, how rare the words are that the target concept shares with the mentioning one (see
    `MIN_SHARED_RARITY`), asked only for an everyday word the concepts around do not show."""
    words = text[start:end]
    if "(" in words and " ".join(label.lower().split()).startswith(" ".join(words.lower().split())):
        written = words.replace("(", " ")  # the label's own bracket, as written: "auto (direction)"
    else:
        written = words
    if not _INSIDE.fullmatch(written) or _inside(formulas, start):
        return "split"
    if addresses and _in_address(text, addresses, start, end):
        return "inside an address"
    key = label.lower()
    if key in target.names and not words[:1].isupper():
        return "name in lower case"
    if "-" in label and " " not in label and "-" not in words:
        first = label.split("-", 1)[0].lower()
        if first in _FUNCTION_WORDS:
            return "unhyphenated"  # "over training" is no "over-training"
    before = _word_before(text[max(0, start - 40) : start])
    previous = before[1].lower() if before else ""
    after = _WORD_AFTER.match(text[end : end + 30])
    following = after.group(1).lower() if after else ""
    acronym = _is_acronym(words)
    one_word = " " not in words.strip() and not acronym
    lowered = words.lower()
    if one_word and (previous, lowered) in _IDIOMS:
        return "idiom"
    if text[start - 1 : start] == "-" and text[end : end + 1] == "-" and "-" not in label:
        return "inside a hyphenated word"  # "opt-sgd-vs-adam-generalization"
    if (
        one_word
        and words.islower()
        and any(hint in text for hint in _ANALOGY_HINTS)
        and _ANALOGY.search(_sentence(text, start, end))
    ):
        return "in an analogy"  # "like a reader who opens a book at the right page"
    if before is not None and before[2] == "/" and " " in words.strip():
        return "one side of a slash"  # "key/value head": the words share a head and mean both
    if (
        one_word
        and previous not in _NOUN_BEFORE
        and not lowered.endswith("ing")  # a gerund names the activity: "sampling the next token"
        and (following in _OBJECT_WORDS or (previous == "to" and following in _AFTER_TO))
    ):
        return "verb with object"  # "scores each step", "to sample the next token"
    if (
        one_word
        and previous in _SUBJECTS
        and lowered.endswith("s")
        and not lowered.endswith("ss")
        and following
        and following not in _FUNCTION_WORDS
    ):
        return "verb after its subject"  # "a classifier that scores educational value"
    if one_word and (previous in _MODALS or (previous.endswith("ly") and previous not in _LY_ADJECTIVES)):
        return "verb after modal or adverb"  # "can sample", "quietly reshape"
    if (
        before is not None
        and before[2] == " "
        and _modifier_noun(text, start, before[0], previous)
        and f"{previous} {lowered}" not in target.labels
        and previous not in target.words
        and previous.rstrip("s") not in target.words
        and (one_word or key != target.preferred)
        and words.islower()  # a capital or digit marks a name, its own head ("community LeRobot data")
        and previous not in _DETERMINING_ADJECTIVES
    ):
        return "head of another compound"  # "pixel values"
    if (
        target.proper_name
        and key != target.preferred
        and words.islower()
        and lowered.endswith("s")
        and not key.endswith("s")
    ):
        return "plural of a name's description"  # "audio-language models" are not all AudioLM
    if _inside_name(text, start, end, words, target):
        return "inside a longer name"  # "Facebook AI Research", "Write With Transformers"
    if "(" in target.preferred and "(" not in words and not acronym and not _qualifier_in_sentence(
        text, start, end, target.preferred
    ):
        return "qualified label, qualifier not in the sentence"  # "random samples" for sample (data point)
    reason = _sense_rejection(words, label, target, context)
    if reason in _ALIAS_REASONS and kinship is not None:
        # an alias whose concept names share a word with the mentioning one (or is central to the
        # glossary), in a sentence that speaks of the concept: "the loss" on a loss's page
        if math.isinf(kinship()) and _sentence_speaks_of(text, start, end, target):
            return None
        return reason
    if reason is not None or kinship is None or target.domain:  # a field spoken of shows the sense
        return reason
    if one_word and _everyday(text, start, end, words):
        if learned is not None:
            return None if learned() else "everyday word, not in the concept's sense (learned)"
        kin = kinship()
        if kin < MIN_KINSHIP:
            reason = "everyday word, nothing in common"  # "a strong baseline" for an RL baseline
        elif kin < SILENT_KINSHIP and not _sentence_speaks_of(text, start, end, target):
            reason = "everyday word, sentence silent on the concept"  # "a shared operating-system kernel"
        if reason is not None and rarity is not None and rarity.shared() >= MIN_SHARED_RARITY:
            return None
        return reason
    return None


def _word_before(window: str) -> tuple[str, str, str] | None:
    """Return the word that ends a text right before its closing spaces, hyphen or slash:
    (word and separator, the word, the separator), or None if the text does not end so.

    A word is letters and digits, its parts maybe joined by `_WORD_JOINERS` (`e.g`, `C++`);
    the same as searching `([^\\W_]+(?:[.+'’][^\\W_]+)*)([ \\t]+|[-/])$` (a final newline
    ignored, as `$` does), scanned back from the end instead of tried at every place.
    """
    text = window[:-1] if window[-1:] == "\n" else window
    end = len(text)
    last = text[-1:]
    if last == "-" or last == "/":
        gap = end - 1
    elif last == " " or last == "\t":
        gap = end - 1
        while gap and text[gap - 1] in " \t":
            gap -= 1
    else:
        return None
    first = gap
    while first and text[first - 1].isalnum():
        first -= 1
    if first == gap:
        return None
    while first >= 2 and text[first - 1] in _WORD_JOINERS and text[first - 2].isalnum():
        first -= 1
        while first and text[first - 1].isalnum():
            first -= 1
    return text[first:end], text[first:gap], text[gap:end]


def _sentence_speaks_of(text: str, start: int, end: int, target: Target) -> bool:
    """Return True if the sentence around `text[start:end]` uses, besides the label itself, a content
    word of the target concept's definitions or labels (plural or not)."""
    own = {w.rstrip("s") for w in context_words(text[start:end])} | {text[start:end].lower().rstrip("s")}
    sentence = {w.rstrip("s") for w in context_words(_sentence(text, start, end))} - own
    return any(w.rstrip("s") in sentence for w in target.words)


def _everyday(text: str, start: int, end: int, words: str) -> bool:
    """Return True for an everyday English word written as one: lower case, not marked as a
    term (in code, emphasis or link brackets, or as the address of a link: "(#bit)", "(/nodes/)")."""
    if text[start - 1 : start] in ("`", "*", "_", "[", "#") or text[end : end + 1] in ("`", "*", "_", "]"):
        return False
    if text[max(0, start - 2) : start] == "(/":
        return False
    return words.islower() and is_everyday_word(words)


def _sentence(text: str, start: int, end: int) -> str:
    """Return the sentence of `text` around `text[start:end]`."""
    opening, closing = _sentence_bounds(text, start, end)
    return text[opening:closing]


def _sentence_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    """Return where the sentence of `text` around `text[start:end]` opens and closes."""
    opening = max((m.end() for m in _SENTENCE_END.finditer(text, max(0, start - 400), start)), default=0)
    closing = _SENTENCE_END.search(text, end)
    return opening, closing.start() if closing else len(text)


def _is_acronym(words: str) -> bool:
    """Return True for an acronym as written: capitals in it (GQA, LoRA), not a short word (head)."""
    return is_acronym_like(words) and not words.islower()


def _modifier_noun(text: str, start: int, written: str, previous: str) -> bool:
    """Return True if `previous`, the word just before a match, reads as a noun modifying it.

    Only a plain lower-case word counts that is neither a function word, a number, an
    adjective nor a possessive, is not part of a hyphenated or slashed compound, and itself
    follows a function word or an adjective ("without accuracy loss", "to σ values"). A word
    in -s is a verb or a plural, and a modifier is singular ("covers LLMs", "quantises
    matmuls"); a word after "to" is a verb ("to judge generators").
    """
    if previous in _FUNCTION_WORDS or previous in _ADJECTIVES or _ADJECTIVE_END.search(previous):
        return False
    if previous.endswith("s") and not previous.endswith(("ss", "us", "is")):
        return False
    if not previous.isalpha() or not written[:1].islower() or previous.endswith(("'s", "’s")):
        return False
    head = text[max(0, start - len(written) - 40) : start - len(written)]
    if head[-1:] in "-/" or not head[-1:].isspace():
        return False
    earlier = re.search(r"([^\W_]+)\s+$", head)
    if earlier is not None and earlier.group(1).lower() == "to" and previous.isascii() and len(previous) > 2:
        return False
    return earlier is not None and (
        earlier.group(1).lower() in _FUNCTION_WORDS or earlier.group(1).lower() in _ADJECTIVES
    )


def word_stems(text: str) -> frozenset[str]:
    """Return the lower-case words of a text without a plural s, for the sense checks."""
    return frozenset(w.rstrip("s") for w in _WORD.findall(text.lower()))


def content_words(text: str) -> frozenset[str]:
    """Return the lower-case words of a text, for the checks above."""
    return frozenset(_WORD.findall(text.lower()))



#: Why `_sense_rejection` turns down an alias whose sense the concepts around may still show.
_ALIAS_REASONS = ("loose alias", "head alias without the name's other words")
#: Adjectives that pick out or judge ("first token", "known labels", "correct token"): after one,
#: the label heads its own phrase, not another compound.
_DETERMINING_ADJECTIVES = frozenset(
    [
        "first", "second", "third", "last", "next", "previous", "current", "future", "past", "known",
        "unknown", "correct", "incorrect", "wrong", "right", "certain", "different", "various",
        "given", "specific", "particular", "individual", "original", "new", "old", "other",
        "degenerate", "separate", "appropriate", "accurate", "approximate", "adequate", "desired",
    ]
)
_NEXT_WORD = re.compile(r"^[ \t]+([^\W\d_]+)\b")
_PREVIOUS_WORD = re.compile(r"([^\W\d_]+)[ \t]+$")
#: What may end the text before a sentence's (or a heading's, a list item's) first word.
_OPENERS = ".!?:;\n(\"'*#|>-"


def _qualifier_in_sentence(text: str, start: int, end: int, preferred: str) -> bool:
    """Return True if the sentence around a mention uses a word of the bracket that qualifies the
    concept's preferred label: a glossary that writes "sample (data point)" says the bare word has
    other senses, so the bare word links only where the sentence speaks of data or points."""
    qualifier = {w.rstrip("s") for w in content_words(preferred[preferred.index("(") :])}
    return any(w.rstrip("s") in qualifier for w in content_words(_sentence(text, start, end)))


def _title_word(word: str) -> bool:
    """Return True for a word written with a capital and then small letters (Research, With)."""
    return len(word) > 1 and word[0].isupper() and word[1:].islower()


def _inside_name(text: str, start: int, end: int, words: str, target: Target) -> bool:
    """Return True if a capitalised mention of a concept named in lower case (a common noun) is
    part of a longer name: next to another capitalised word, not at the start of a sentence
    ("Facebook AI Research", "Write With Transformers"), unless that longer run is a label too."""
    if not words[:1].isupper() or not target.common_noun:
        return False
    after = _NEXT_WORD.match(text[end : end + 40])
    if after and _title_word(after.group(1)) and f"{words} {after.group(1)}".lower() not in target.labels:
        return True
    before = _PREVIOUS_WORD.search(text[max(0, start - 40) : start])
    if before is None or not _title_word(before.group(1)):
        return False
    lead = text[: start - len(before.group(0))].rstrip()
    run = f"{before.group(1)} {words}".lower()
    return bool(lead) and lead[-1] not in _OPENERS and run not in target.labels
