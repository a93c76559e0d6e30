"""Tell when a short query names something the termbase has no concept for.

A user who types "ARIMA forecasting model" or "CatBoost" asks for one specific model. When
no label of the termbase holds that name, the concepts the query's other words reach
(*time-series forecasting*, *gradient boosting*) are related to what was asked, not the
answer to it, and search says so ("no concept named ARIMA; related: ...") instead of
presenting them as matches.

A word of a query is such a name when it is none of: a word of some label (stemmed, as
full-text search reads it); a word of the opening clause of some definition, where
glossaries write a term's expansion and other names ("Fill-in-the-Middle (FIM) — a code
objective…", "Streaming Multiprocessor; the GPU's core") — a name met only later in a
definition is an example given there ("classic models (ARIMA, …)"), not the concept's
name; within the typo budget of a one-word label (a misspelling: "atention"); an everyday
English word (see termbase.everyday_words); a number or shorter than three characters.
The search index asks only about queries that read as names ("CatBoost gradient
boosting") or whose every content word is such a name ("what is ARIMA"), and that
matched no label as a whole; in a question, unfamiliar words are the normal way people
describe a concept ("assistant that flatters the user").

In a query of any length, capitals mark names as well (`name_phrases`): a word with a
capital inside it ("ResNeXt", "Kneser-Ney"), and capitalised words after the first, alone
or joined by small words ("how does Graph of Thoughts prompting work"), in a query that
also has lower-case words. Such a name that no label holds is what the query asks about,
though each of its words may be familiar. A capital typed inside a word that a label lacks
makes another name, not a misspelling of that label (`capitals_agree`). A name of
capitalised words joined by hyphens ("Good-Turing") is one name, read as a whole.

Whatever its words, a query that names one thing is answered only by a concept that
accounts for that name, when no label matched the query as a whole (`asked_names`,
`uncovered_words`; see termbase.search.SearchIndex._partly_named): a query that reads as a
name, or asks what one is ("what is a Bloom filter", "how does X work"), needs a hit whose
labels hold every word of the name or whose own text holds the words they lack; a hit
holding only part of it ("regression" for "quantile regression") is related, not the answer.
A query that opens with a name and says what it is for ("deep sets for permutation
invariant inputs") is not answered by a concept holding the name's first words but not its
last (the thing it names); nor one whose first word is capitalised, foreign to the
termbase and held by none of the hit's labels ("Hungarian algorithm for matching ...").
A word of the name that precedes the hit's label words counts as held by the hit's text only
when that text writes the whole name ("gated linear attention" is not linear attention). A
label of the field's own subject before another concept's label ("LLM hallucination")
qualifies that concept and finds it (termbase.search.SearchIndex._qualified_matches).
"""

from __future__ import annotations

import re
import sqlite3
from collections import Counter
from typing import Any, Protocol

from termbase.everyday_words import is_everyday_word

#: Words shorter than this are never taken for a name ("of", "ml", "5").
NAME_MIN_CHARS = 3
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
#: Most definitions holding a word that are looked at for its place in them.
DEFINITIONS_LOOKED_AT = 50
#: Where a definition's opening clause ends: a sentence end, a semicolon or colon, a dash.
_CLAUSE_END = re.compile(r"(?<=[.!?])\s|[;:]\s|\s[—–-]\s|\s?—\s?")
#: Small words that join the capitalised words of one name ("Graph of Thoughts").
NAME_JOINERS = frozenset(("of", "for", "and", "the", "in", "on", "to", "with", "a", "an", "de", "von", "van"))
_EDGE_PUNCTUATION = "?!.,;:\"'()[]{}"
#: A possessive ending ("NVIDIA's server"): not a word of the name.
_POSSESSIVE = re.compile(r"['\u2019]s\b")


class LabelLookup(Protocol):
    """What the search index tells about labels (see termbase.search.SearchIndex)."""

    def names_a_label(self, phrase: str) -> bool:
        """Return True if `phrase` is a label (any spelling, acronym or expansion)."""

    def misspells_a_label(self, typed: str) -> bool:
        """Return True if `typed` (as typed) is within the typo budget of a label."""


def unknown_names(
    db: sqlite3.Connection, lock: Any, labels: LabelLookup, words: list[str], text: str
) -> tuple[str, ...]:
    """Return the words of a query (as typed in `text`) that name something no label holds.

    `words` are the query's content words, lower case.
    """
    as_typed = {w.lower(): w for w in _WORD.findall(text)}
    names = [as_typed.get(w, w) for w in words if _unknown_word(db, lock, labels, w, as_typed.get(w, w))]
    return tuple(dict.fromkeys(names))


#: A number with an ordinal ending ("90th", "2nd"): a value, which names nothing.
_ORDINAL = re.compile(r"\d+(?:st|nd|rd|th)")


def _unknown_word(db: sqlite3.Connection, lock: Any, labels: LabelLookup, word: str, typed: str) -> bool:
    """Return True if a lower-case word (`typed` as written) is a name no label holds."""
    if len(word) < NAME_MIN_CHARS or not any(c.isalpha() for c in word) or _ORDINAL.fullmatch(word):
        return False
    with lock:
        in_label = db.execute(
            "SELECT 1 FROM concept_fts WHERE concept_fts MATCH ? LIMIT 1", (f'labels : "{word}"',)
        ).fetchone()
    if in_label and capital_inside(typed) and not _label_word_agrees(db, lock, word, typed):
        in_label = None  # "RotatE": the labels write "rotate" without its capital, another name
    if in_label or _opens_a_definition(db, lock, word):
        return False
    if labels.misspells_a_label(typed):
        return False  # one edit or two from a label: a misspelling, not another name
    return typed_as_a_name(typed) or not is_everyday_word(word)


def capital_inside(typed: str) -> bool:
    """Return True if a word typed in mixed case has a capital after its first letter."""
    return any(c.islower() for c in typed) and any(c.isupper() for c in typed[1:])


def _label_word_agrees(db: sqlite3.Connection, lock: Any, word: str, typed: str) -> bool:
    """Return True if some label writes a word (lower case `word`) with the capitals it was
    typed with (see capitals_agree), or in lower case only where none was typed inside."""
    with lock:
        rows = db.execute(
            "SELECT labels FROM concept_fts WHERE concept_fts MATCH ? LIMIT ?",
            (f'labels : "{word}"', DEFINITIONS_LOOKED_AT),
        ).fetchall()
    if len(rows) == DEFINITIONS_LOOKED_AT:
        return True  # a word of that many labels is the termbase's own
    forms = {word, word.removesuffix("s")}
    written = {w for (text,) in rows for w in _WORD.findall(text) if w.lower() in forms}
    return not written or any(capitals_agree(typed, w) for w in written)  # none: held by another form


def typed_as_a_name(typed: str) -> bool:
    """Return True if a word is typed with two capitals or more in a word that also has other
    letters ("ERNIE", "QMIX", "StarGAN"): written so on purpose, a name, even when an everyday
    word is spelt the same ("Ernie")."""
    return sum(c.isupper() for c in typed) >= 2 and len(typed) >= NAME_MIN_CHARS


def capitals_agree(typed: str, label: str) -> bool:
    """Return False when `typed`, written in mixed case, has a capital inside a word that
    `label` lacks ("ResNeXt" against "ResNet"): a capital typed on purpose marks another
    name, not a slip; so does a part marked by capitals that is an everyday word where the
    label has another ("DeepSpeech" against "DeepSpeed", "RegNet" against "ResNet").
    All-capital or all-lower-case input says nothing about names."""
    if not any(c.islower() for c in typed):
        return True
    inner = Counter(c for word in re.split(r"[\s\-_/]+", typed) for c in word[1:] if c.isupper())
    if inner - Counter(c.upper() for c in label if c.isupper()):
        return False
    return not _other_word_inside(typed, label)


_CAMEL_PART = re.compile(r"[A-Z][a-z]+|[a-z]+")


def _other_word_inside(typed: str, label: str) -> bool:
    """Return True if a name typed in parts marked by capitals ("DeepSpeech") has a part that
    is an everyday word where the label has another ("DeepSpeed"): a word chosen, not a slip."""
    typed_parts, label_parts = _CAMEL_PART.findall(typed), _CAMEL_PART.findall(label)
    if len(typed_parts) < 2 or len(typed_parts) != len(label_parts):
        return False
    return any(
        mine.lower() != theirs.lower() and len(mine) >= NAME_MIN_CHARS and is_everyday_word(mine.lower())
        for mine, theirs in zip(typed_parts, label_parts, strict=True)
    )


def name_phrases(text: str) -> list[str]:
    """Return the parts of a query its capitals mark as names, as typed.

    A word with a capital inside it ("ResNeXt", "Kneser-Ney", "ARIMA") is a name wherever it
    stands; a capitalised word after the first ("how does Graph ...") is one when the query
    also has lower-case words (a query in title case marks nothing). Capitalised words in a
    row, or joined by small words ("Graph of Thoughts"), make one name.
    """
    tokens = [t.strip(_EDGE_PUNCTUATION) for t in text.split()]
    if not any(c.islower() for c in text):
        return []
    lower = any(t[:1].islower() and t.lower() not in NAME_JOINERS for t in tokens)
    phrases: list[str] = []
    run: list[str] = []  # capitalised words (and the joiners between them) of the current name
    for position, token in enumerate(tokens):
        inner = any(c.isupper() for c in token[1:]) and any(c.isalpha() for c in token)
        titled = token[:1].isupper() and not inner and lower and (position > 0 or _opens_a_run(tokens))
        if titled:
            run.append(token)
            continue
        if run and token.lower() in NAME_JOINERS and token.islower():
            run.append(token)
            continue
        phrases.extend(_closed(run))
        run = []
        if inner:
            phrases.append(token)
    phrases.extend(_closed(run))
    return [p for p in phrases if p]


def _opens_a_run(tokens: list[str]) -> bool:
    """Return True if a query's first word, capitalised, is followed by another capitalised
    word ("Apache Arrow columnar ..."): the two start a name, not a sentence."""
    return (
        len(tokens) >= 3
        and tokens[0][:1].isupper()
        and tokens[0][1:].islower()
        and tokens[1][:1].isupper()
        and tokens[1][1:].islower()
    )


def title_case(text: str) -> bool:
    """Return True if every word of a query of two words or more, its small joining words
    aside, is capitalised ("Mixture of Agents"): typed as a name, not as a description."""
    tokens = [t.strip(_EDGE_PUNCTUATION) for t in text.split()]
    words = [t for t in tokens if t and t.lower() not in NAME_JOINERS]
    return len(words) >= 2 and all(w[:1].isupper() for w in words)


def _closed(run: list[str]) -> list[str]:
    """Return the name a run of capitalised words makes, without joiners at its end."""
    while run and run[-1].lower() in NAME_JOINERS and run[-1].islower():
        run = run[:-1]
    return [" ".join(run)] if run else []


def unknown_phrases(db: sqlite3.Connection, lock: Any, labels: LabelLookup, text: str) -> tuple[str, ...]:
    """Return the names the query's capitals mark (see name_phrases) that no label holds.

    One word is such a name as `unknown_names` tells. Several ("Graph of Thoughts") are one
    when neither they nor any two-word-or-longer part of them is a label (any spelling, or
    misspelt), and they are not written together in a definition's opening clause; their
    words may each be familiar.
    """
    unknown = []
    for phrase in name_phrases(text):
        words = [w.lower() for w in _WORD.findall(phrase) if w.lower() not in NAME_JOINERS]
        if not words:
            continue
        if _hyphenated_name(phrase):
            spaced = phrase.replace("-", " ")
            if not labels.names_a_label(phrase) and not _known_phrase(db, lock, labels, spaced):
                unknown.append(phrase)  # "Good-Turing" is one name, not "good" and "Turing"
            continue
        if " " not in phrase:
            typed = [t for t in _WORD.findall(phrase) if t.lower() not in NAME_JOINERS]
            if not labels.names_a_label(phrase) and any(
                _unknown_word(db, lock, labels, t.lower(), t) for t in typed
            ):
                unknown.append(phrase)
            continue
        if not _known_phrase(db, lock, labels, phrase):
            unknown.append(phrase)
    return tuple(dict.fromkeys(unknown))


def _known_phrase(db: sqlite3.Connection, lock: Any, labels: LabelLookup, phrase: str) -> bool:
    """Return True if a phrase of several words, or a part of it of two words or more, is a
    label, or it opens a definition."""
    tokens = phrase.split()
    for size in range(len(tokens), 1, -1):
        for start in range(len(tokens) - size + 1):
            part = " ".join(tokens[start : start + size])
            if labels.names_a_label(part) or labels.misspells_a_label(part):
                return True
    return _opens_a_definition(db, lock, phrase.lower())


def opening_clause(definition: str) -> str:
    """Return a definition's text up to its first sentence end, semicolon, colon or dash."""
    return _CLAUSE_END.split(definition, maxsplit=1)[0]


def _opens_a_definition(db: sqlite3.Connection, lock: Any, word: str) -> bool:
    """Return True if `word` (or a phrase of words) is written in some definition's opening
    clause."""
    words = [w.lower() for w in _WORD.findall(word)]
    if not words:
        return False
    with lock:
        rows = db.execute(
            "SELECT definitions FROM concept_fts WHERE concept_fts MATCH ? LIMIT ?",
            (f'definitions : "{" ".join(words)}"', DEFINITIONS_LOOKED_AT),
        ).fetchall()
    if len(rows) == DEFINITIONS_LOOKED_AT:
        return True  # a word of that many definitions is the termbase's own vocabulary
    wanted = f" {' '.join(words)} "
    for (definitions,) in rows:
        for definition in definitions.split("\n"):
            if wanted in f" {' '.join(w.lower() for w in _WORD.findall(opening_clause(definition)))} ":
                return True
    return False


def _hyphenated_name(token: str) -> bool:
    """Return True if a token is a name of several capitalised words (or letters) joined by
    hyphens ("Good-Turing", "Kolmogorov-Arnold", "Chain-of-Thought", "N-BEATS"): read as one
    name, as a whole."""
    parts = token.split("-")
    words = [p for p in parts if p.lower() not in NAME_JOINERS]
    return (
        len(words) >= 2
        and all(p.isalpha() for p in parts)
        and max(len(p) for p in parts) >= 2
        and sum(1 for p in words if p[:1].isupper()) >= 2
    )


#: Questions that ask what one named thing is: the name is the part they frame.
_ASKS_FOR_A_NAME = (
    re.compile(r"^(?:what|who)\s+(?:is|are|was|were|'s)\s+(?:a\s+|an\s+|the\s+)?(?P<name>.+?)$"),
    re.compile(r"^what\s+(?:does|do)\s+(?:a\s+|an\s+|the\s+)?(?P<name>.+?)\s+(?:mean|stand\s+for|do)$"),
    re.compile(
        r"^how\s+(?:does|do|is|are)\s+(?:a\s+|an\s+|the\s+)?(?P<name>.+?)\s+(?:work|works|used|computed)$"
    ),
    re.compile(r"^(?:explain|define|describe)\s+(?:a\s+|an\s+|the\s+)?(?P<name>.+?)$"),
)
#: Words that end the noun phrase a query opens with ("deep sets | for permutation ...").
_PHRASE_ENDS = frozenset(
    ("for", "of", "in", "on", "to", "with", "by", "from", "via", "using", "at", "into", "over", "under")
) | {"and", "or"}
#: Longest name looked for in a query, in words.
NAME_MAX_WORDS = 4
#: Longest name a question frames as one thing ("how does model predictive path integral
#: control work"): the frame says where the name ends.
FRAMED_NAME_MAX_WORDS = 6


def asked_names(
    text: str, question_words: frozenset[str], stopwords: frozenset[str]
) -> list[tuple[str, str]]:
    """Return the names a query asks about, as typed, each with how it is asked: "asked"
    when the query frames it ("what is a X", "what does X mean", "how does X work",
    "explain X"), "purpose" when a query with no question word opens with it and says what
    it is for ("deep sets for permutation invariant inputs"), "opening" when such a query
    opens with it before another joining word. A name is a phrase of 1-4 words."""
    tokens = [t for t in (t.strip(_EDGE_PUNCTUATION) for t in text.split()) if t]
    lowered = " ".join(t.lower() for t in tokens)
    for pattern in _ASKS_FOR_A_NAME:
        match = pattern.match(lowered)
        if match:
            start = len(lowered[: match.start("name")].split())
            name = tokens[start : start + len(match.group("name").split())]
            inner = {t.lower() for t in name[1:-1]} & NAME_JOINERS  # "wide and deep"
            if len(name) <= FRAMED_NAME_MAX_WORDS and not any(
                t.lower() in question_words or (t.lower() in stopwords and t.lower() not in inner)
                for t in name
            ):
                return [(" ".join(name), "asked")]
            return []
    if any(t.lower() in question_words for t in tokens):
        return []
    lead: list[str] = []
    for position, token in enumerate(tokens):
        word = token.lower()
        if word == "of" and len(lead) == 1 and position + 1 < len(tokens):
            following = tokens[position + 1].lower()
            if following not in _PHRASE_ENDS and following not in stopwords:
                lead.append(token)  # one word before "of" stays part of the name ("bag of visual words")
                continue
        if word in _PHRASE_ENDS or word in stopwords or _participle_after_a_noun(tokens, position, lead):
            break
        lead.append(token)
    if not lead or len(lead) >= len(tokens) or len(lead) > NAME_MAX_WORDS:
        return []
    return [(" ".join(lead), "purpose" if tokens[len(lead)].lower() == "for" else "opening")]


def _participle_after_a_noun(tokens: list[str], position: int, lead: list[str]) -> bool:
    """Return True if the word at `position` is a past participle ("-ed") after the words of a
    name and before a joining word: it opens what is said of the name ("intermediate
    activations | stored for the backward pass", "models | trained on ..."), not part of it
    ("gated linear attention", "masked language modeling" open with theirs)."""
    word = tokens[position].lower()
    following = tokens[position + 1].lower() if position + 1 < len(tokens) else ""
    return bool(lead) and following in _PHRASE_ENDS and _past_participle(word)


def _past_participle(word: str) -> bool:
    """Return True if a word (lower case) is an everyday verb with "-ed" added ("stored",
    "trained", "stopped", "carried"); "embed", "speed" are not."""
    if len(word) < 5 or not word.endswith("ed"):
        return False
    stems = [word[:-1], word[:-2]]
    if word[-3] == word[-4]:
        stems.append(word[:-3])  # "stopped"
    if word.endswith("ied"):
        stems.append(word[:-3] + "y")  # "carried"
    return any(is_everyday_word(stem) for stem in stems)


#: Questions about what something does, its subject after the question words ("how does
#: dagster orchestrate ...", "what does dbt do ...", "why do the gradients vanish").
_ASKS_WHAT_IT_DOES = re.compile(
    r"^(?:how|why|what)\s+(?:does|do|did)\s+(?:a\s+|an\s+|the\s+)?(?P<subject>\S.*)$", re.IGNORECASE
)


def question_subject(text: str) -> list[str]:
    """Return the words of a question about what something does from its subject on (as
    typed, edge punctuation left out), or none for another query."""
    match = _ASKS_WHAT_IT_DOES.match(text.strip())
    if not match:
        return []
    return [t for t in (t.strip(_EDGE_PUNCTUATION) for t in match.group("subject").split()) if t]


def first_word_marked(name: str) -> bool:
    """Return True if a name's first word is capitalised and the rest of it is lower case
    ("Hungarian"): at the start of a query that is a name's capital or a sentence's."""
    first = name.split()[0]
    return first[:1].isupper() and first[1:].islower()


def foreign_word(db: sqlite3.Connection, lock: Any, labels: LabelLookup, word: str) -> bool:
    """Return True if a word is foreign to the termbase: in no label, in no definition's
    opening clause, no misspelling of a label (everyday English or not: "Hungarian")."""
    lower = word.lower()
    if len(lower) < NAME_MIN_CHARS or not lower.isalpha():
        return False
    with lock:
        in_label = db.execute(
            "SELECT 1 FROM concept_fts WHERE concept_fts MATCH ? LIMIT 1", (f'labels : "{lower}"',)
        ).fetchone()
    return not in_label and not _opens_a_definition(db, lock, lower) and not labels.misspells_a_label(word)


def uncovered_words(
    name: str, concept_labels: tuple[str, ...], skipped: frozenset[str] = NAME_JOINERS
) -> tuple[list[str], list[str]]:
    """Return the words of a name that a concept's labels hold (the same word, its plural, or
    the same first five letters) and those they do not, both lower case, joiners and
    possessive endings left out."""
    held = set()
    compact = []  # labels written as one word ("PagedAttention" holds "attention")
    for label in concept_labels:
        words = _WORD.findall(label.lower())
        compact.extend(words)
        for word in words:
            held.add(word)
            if word.endswith("s") and len(word) > 3:
                held.add(word[:-1])  # "bits" holds "bit" as "bit" would hold "bits"
            held.add(word[:5] if len(word) >= 5 else word)
    covered, missing = [], []
    hyphenated = {w.lower() for token in name.split() if "-" in token for w in _WORD.findall(token)}
    for word in (w.lower() for w in _WORD.findall(_POSSESSIVE.sub("", name))):
        if word in NAME_JOINERS or (word in skipped and word not in hyphenated):
            continue  # a small word joined by a hyphen is part of a name ("do-calculus")
        if _ORDINAL.fullmatch(word):
            continue  # a value, not a word of a name ("90th percentile")
        singular = word[:-1] if word.endswith("s") and len(word) > 3 else word
        forms = {word, singular} | ({word[:5]} if len(word) >= 5 else set())
        inside = len(singular) >= 4 and any(singular in whole for whole in compact)
        (covered if forms & held or inside else missing).append(word)
    return covered, missing


_BRITISH = re.compile(r"(?<=[a-z])is(?=(?:e|es|ed|er|ers|ing|ation|ations)$)")


def same_word(typed: str, other: str) -> bool:
    """Return True if two words (lower case) are one word: forms of one lemma (simplemma) or
    its British and American spellings ("optimiser", "optimizer"); not words that only share
    their first letters ("informer", "information")."""
    from termbase.labels import simplemma_lemma

    if typed == other:
        return True
    american = _BRITISH.sub("iz", typed), _BRITISH.sub("iz", other)
    return american[0] == american[1] or _BRITISH.sub("iz", simplemma_lemma(american[0])) == _BRITISH.sub(
        "iz", simplemma_lemma(american[1])
    )


#: Words after which a query that reads as a name says what its name is for, where or when it is
#: used ("beam search for decoding", "zero point in asymmetric quantization"); "of" does when
#: an article follows ("text encoder of a diffusion model"), else it is inside the name
#: ("mixture of depths").
_CONTEXT_OPENERS = frozenset(
    ("for", "in", "on", "with", "using", "via", "from", "inside", "within", "during", "after", "before")
)
_ARTICLES = frozenset(("a", "an", "the"))


def before_purpose(name: str) -> str:
    """Return a name without the purpose or the setting a query adds to it ("beam search for
    decoding" -> "beam search", "reward signal in rl" -> "reward signal")."""
    tokens = name.split()
    for position, token in enumerate(tokens[1:], start=1):
        word = token.lower()
        following = tokens[position + 1].lower() if position + 1 < len(tokens) else ""
        if word in _CONTEXT_OPENERS or (word == "of" and following in _ARTICLES):
            return " ".join(tokens[:position])
    return name


#: Common verbs a task typed as an order opens with, in their base form ("resume training from a
#: checkpoint", "export a pytorch model to onnx"): what follows is the task's object, not a name.
TASK_VERBS = frozenset(
    [
        "resume",
        "stop",
        "start",
        "load",
        "save",
        "convert",
        "run",
        "train",
        "make",
        "reduce",
        "increase",
        "fix",
        "avoid",
        "prevent",
        "get",
        "use",
        "choose",
        "pick",
        "deploy",
        "install",
        "export",
        "import",
        "compute",
        "calculate",
        "measure",
        "detect",
        "find",
        "remove",
        "serve",
        "evaluate",
        "tune",
        "finetune",
        "debug",
        "generate",
        "keep",
    ]
)
#: Words that open what a task is done to, with or where ("... from a checkpoint", "... to onnx");
#: not "for", which says what a name is for ("merge sort for linked lists").
_TASK_LINKS = (_CONTEXT_OPENERS - {"for"}) | _ARTICLES | {"to", "into", "onto", "of"}


def task_object(text: str) -> str | None:
    """Return what a query typed as a task is done to, or None for another query: a query
    opening with a common verb in its base form, typed in lower case, that goes on with what
    the task is done to and a word linking it to where, with or from what ("resume training from
    a checkpoint" -> "training from a checkpoint"). A name may open with such a verb ("write
    ahead log", "count min sketch"); with no linking word, or only "for", the query is read as
    that name."""
    tokens = [t.strip(_EDGE_PUNCTUATION) for t in text.split()]
    tokens = [t for t in tokens if t]
    if len(tokens) < 3 or tokens[0] not in TASK_VERBS:
        return None
    rest = tokens[1:]
    if not any(t.lower() in _TASK_LINKS for t in rest[1:]) and rest[0].lower() not in _ARTICLES:
        return None
    while rest and rest[0].lower() in _ARTICLES:
        rest = rest[1:]
    return " ".join(rest) or None


#: Common verbs that say, in the present tense, what something does or what happens to it ("fp16
#: overflow gives inf", "the loss explodes"): a query holding one after its first word is a
#: statement about a thing, not the thing's name. Words that are as often plural nouns
#: ("returns", "causes", "uses", "splits") are left out.
FINITE_VERBS = frozenset(
    [
        "gives",
        "makes",
        "gets",
        "goes",
        "becomes",
        "keeps",
        "happens",
        "fails",
        "explodes",
        "vanishes",
        "diverges",
        "crashes",
        "produces",
        "stops",
        "hangs",
        "breaks",
    ]
)


def states_what_happens(words: list[str]) -> bool:
    """Return True if a query's words (lower case) hold a common present-tense verb after the
    first word (see FINITE_VERBS): it says what a thing does, it does not name one."""
    return any(word in FINITE_VERBS for word in words[1:])


#: Words that judge an amount against a need ("too many requests", "not enough vram", "too slow"):
#: a query holding one describes a situation someone is in, not the name of a thing. Names of
#: things do not say that there is too much or not enough of something.
AMOUNT_JUDGEMENTS = frozenset(["too", "enough"])


def judges_an_amount(words: list[str]) -> bool:
    """Return True if a query's words (lower case) say there is too much or not enough of
    something (see AMOUNT_JUDGEMENTS): it describes a situation, it does not name a thing."""
    return any(word in AMOUNT_JUDGEMENTS for word in words)


#: Words that place one thing relative to another ("send and recv between two gpus", "answering
#: questions about scanned documents"): a query holding one after its first word describes
#: what goes on, it does not name a thing. Other such words are inside names as often
#: ("learning through play", "learning without forgetting", "learning to rank"): on
#: bench/queries_absent_probe9.yaml "through" and "across" let three absent names answer.
RELATING_WORDS = frozenset(["between", "about"])


def relates_things(text: str) -> bool:
    """Return True if a query, not typed in title case, holds a word placing one thing
    relative to another after its first word (see RELATING_WORDS): it describes, it does not
    name. A name typed in title case ("Reasoning Through Search") stays a name."""
    words = _WORD.findall(text.lower())
    return any(word in RELATING_WORDS for word in words[1:]) and not title_case(text)
