"""Gather occurrences into candidate terms: one per idea, with confidence, evidence and locator.

Occurrences whose terms share a match key (case, plural, hyphen folded) are one
candidate; an acronym introduction joins its acronym and long form. The candidate's
locator is its first *defining* occurrence in reading order (a sentence whose words
define it, not a passing bold mention), and its definition comes from that sentence,
or from the best defining sentence when that one gives none.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from termbase.documents.model import CODE_SPAN, DFN, EMPHASIS, GLOSSARY_LINK, STRONG, TERM_ROLE
from termbase.extract.collect import (
    COMMAND_HEADING,
    HEADING_STATES,
    IN_PARAMETER_LIST,
    NAME_SUBJECT,
    NAMED_AGAIN,
    POINT_LABEL,
    PROPERTIES_BELOW,
    MarkupUsage,
    Occurrence,
)
from termbase.extract.forms import lemma_key
from termbase.extract.keyness import general_zipf
from termbase.extract.signals import (
    INDEXED,
    LINKED_AND_GLOSSED,
    NAMED_AS_GENUS,
    NAMED_AS_KIND,
    NAMED_PHRASE,
    QUOTED,
)
from termbase.extract.termhood import Termhood
from termbase.extract.terms import term_key
from termbase.labels import _singular, label_key

#: A term used this often in earlier chapters is not introduced by its first bold use.
USED_FREELY = 8

_PLURAL_WORD = re.compile(r"[a-z]{3,}[^s]s")

#: Evidence of a sentence that says what a term is, not only that it is being named.
_STATES_WHAT_IT_IS = re.compile(r"followed by 'is a …'|sentence 'an? X is a …'|listed with its meaning|"
                                r"sentence 'X refers to …'|followed by 'refers …'")
#: Evidence of an acronym spelled out and nothing else.
_ACRONYM_ONLY = re.compile(r"^acronym introduction '[^']*'(?: \| acronym introduction '[^']*')*$")

#: Words of a sentence that says what something is (not only that it is there).
_EXPLAINS = re.compile(
    r"\b(?:is|are)\s+(?:an?|the|one|any|when|where)\b|\b(?:called|known\s+as|stands\s+for|means|refers\s+to|"
    r"denotes|occurs?\s+when|happens?\s+when|which\s+(?:is|are|represents?|means))\b",
    re.I,
)

#: Sentences about the word itself ("the word X is used to mean …", "we define X as …"): a term the
#: author names once this way is still named on purpose.
_SAYS_WHAT_THE_WORD_MEANS = frozenset(
    {"sentence 'the word X is used to mean …'", "sentence 'we define X as …'"}
)

#: Evidence of a term named on purpose in a shape that says what kind of thing it is; one use is enough.
_NAMED_ON_PURPOSE = frozenset({NAMED_AS_GENUS, NAMED_AS_KIND, NAMED_PHRASE, PROPERTIES_BELOW})

#: A single word this common in general English (Zipf) is an everyday word, even if a book uses it a lot.
EVERYDAY_ZIPF = 4.5

#: A defining occurrence at or above this score can be where a term is introduced.
DEFINING_SCORE = 0.5
#: Keyness (Zipf in the book minus Zipf in general English) from which a term is the book's own.
KEY_TERM = 1.5
#: A weakly defining occurrence of such a term (a heading over its explanation) can introduce it.
KEY_DEFINING_SCORE = 0.4
#: A name written as code in fewer than one in this many of its uses is a word of the prose.
PROSE_WORD_SHARE = 10


@dataclass(frozen=True, slots=True)
class Candidate:
    """One candidate term with everything needed to make an entry of it."""

    term: str
    labels: tuple[str, ...]
    confidence: float
    evidence: tuple[str, ...]
    definition: str
    introduced: Occurrence  # where the term is first defined (its locator)
    defined: Occurrence  # the sentence the definition was taken from
    occurrences: int
    #: the evidence as numbers (termbase.extract.calibrate reads them): (name, value) pairs
    features: tuple[tuple[str, float], ...] = ()
    #: where no sentence explains the term (its first linked use only uses it): that sentence, kept as
    #: context and never as the definition, which is then empty
    first_use: str = ""


class _Union:
    def __init__(self) -> None:
        self.parent: dict[str, str] = {}

    def find(self, key: str) -> str:
        self.parent.setdefault(key, key)
        while self.parent[key] != key:
            self.parent[key] = self.parent[self.parent[key]]
            key = self.parent[key]
        return key

    def join(self, left: str, right: str) -> None:
        self.parent[self.find(left)] = self.find(right)


_SMALL_WORDS = frozenset({"a", "an", "the", "of", "for", "and", "or", "in", "on", "to", "with", "by", "at"})


#: Prose that gives a name to an idea ("… is called a …"); 'named' is left out: it names one thing.
_CALLED_IN_PROSE = re.compile(
    r"\b(?:is|are)\s+(?:\w+\s+)?(?:called|known\s+as|termed)\b|\bthe\s+(?:word|term|name|phrase)\s+[\"“‘']",
    re.I,
)


_GLOSSED_BY_COLON = "followed by a colon and its meaning"
#: A gloss that says what kind of thing a name is, not what a document holds ("A brief introduction to …").
_NOUN_PHRASE_GLOSS = re.compile(
    r"^An?\s+(?!(?:(?:brief|short|quick|general|complete|full)\s+)?(?:introduction|overview|guide|summary|"
    r"list|collection|description|tutorial|reference|document|page|set|series|index|book|course|chapter|lesson|"
    r"video|talk|article|paper|post|blog|website|site|workshop)\b)[a-z]"
)
#: Evidence of a marked name given by "called / known as".
_NAMED_IN_ITALICS = "introduced by 'called / known as'"
#: "a cryptocurrency called *ether*": a kind of thing and the name it is called by (not "a module called x").
_KIND_CALLED = re.compile(r"\b(?:an?|the)\s+(?:[a-z][\w-]*\s+){0,2}[a-z][\w-]{2,}\s*,?\s+(?:which\s+is\s+)?"
                          r"(?:called|known\s+as|termed)\s", re.I)

#: "BIP350", "RFC 2616", "PEP 8", "EIP-55", "ERC20": one numbered document of a series of proposals.
_NUMBERED_PROPOSAL = re.compile(r"^(?:BIP|EIP|ERC|PEP|RFC|ISO|IEC|JSR|SLIP|NEP|KEP|CIP|TIP|NIP)[- ]?\d{1,5}$")
#: "Understanding WCAG 2.2", "Python 3.12", "1.4.2 Audio Control": a numbered name, not a term.
_VERSIONED = re.compile(r"(?<![\w.])\d+(?:\.\d+)+(?![\w.])")


def title_case(term: str) -> bool:
    """Return True for a phrase of two or more words each capitalised (`Advanced Topic`), not an acronym."""
    words = [w for w in term.split() if any(c.isalpha() for c in w) and w.lower() not in _SMALL_WORDS]
    if len(words) < 2:
        return False
    return all(w[0].isupper() for w in words) and not all(w.isupper() for w in words)


_ACRONYM_LIKE = re.compile(r"^[A-Z0-9][A-Z0-9&-]+s?$")


def display_term(forms: Sequence[tuple[str, bool]]) -> str:
    """Return the label to show: the commonest form, with a sentence capital lowered, in the singular.

    `forms` are (term as written, whether it starts its sentence).
    """
    normalised = []
    for form, initial in forms:
        words = form.split()
        first = words[0]
        if first[:1].isupper() and first[1:].islower() and (initial or len(words) > 1) and all(
            w.islower() for w in words[1:]
        ):
            form = first.lower() + form[len(first):]
        normalised.append(form)
    counts = Counter(normalised)
    lowered = [f for f in counts if f[:1].islower()]
    best = max(counts, key=lambda f: (counts[f] + (0.5 if f in lowered else 0), -len(f)))
    # "pipes and filters", "commits or tags": a name that joins two plurals keeps them
    if best == best.lower() and not {"of", "and", "or"} & set(best.split()) and len(best.split()) <= 3:
        words = best.split()
        words[-1] = _singular(words[-1])
        best = " ".join(words)
    for singular in (best[:-1], best[:-2]) if best.endswith("s") else ():
        if singular in counts:  # a plural the lemma list does not know, written in the singular too
            return singular
    return best


def _first_link_defines(group: list[Occurrence]) -> list[Occurrence]:
    """Return the group with its first use that links to the glossary (or is a :term: role) counted as
    where the term is introduced. Its evidence says whether the sentence says something of the term (a
    gloss after it, a verb saying what it does, another signal in the same sentence) or only uses it
    ("we can use *wildcards* to …"), for the person who reads the entry. Both count: sending bare first
    links to review (measured on bench/extract_quality.py) took WCAG's recall from 0.90 to 0.11 and the
    Carpentries lessons' from 0.71-0.87 to 0.2-0.5, whose judges took linked terms as defined."""
    # a parameter list links the words it describes a name with: a link or an explaining sentence elsewhere
    # introduces the term, and the list's link only where there is none
    elsewhere = any(IN_PARAMETER_LIST not in o.finding.evidence
                    and (o.finding.defining or o.finding.markup in {GLOSSARY_LINK, TERM_ROLE}) for o in group)
    for index, occurrence in enumerate(group):
        finding = occurrence.finding
        if elsewhere and IN_PARAMETER_LIST in finding.evidence and not finding.defining:
            continue
        if finding.markup in {GLOSSARY_LINK, TERM_ROLE}:
            if not finding.defining:
                place = (occurrence.chapter, occurrence.line, occurrence.sentence)
                same = any(o.finding.defining and (o.chapter, o.line, o.sentence) == place for o in group)
                said = LINKED_AND_GLOSSED in finding.evidence or same
                evidence = (*finding.evidence, FIRST_LINK if said else BARE_LINK)
                finding = replace(finding, defining=True, score=finding.score + FIRST_LINK_GAIN,
                                  evidence=evidence, introduced_only=True)
                group[index] = replace(occurrence, finding=finding)
            break
    return group


#: Evidence of a first linked use whose sentence only uses the term.
FIRST_LINK = "first use links to the book's glossary"
BARE_LINK = f"{FIRST_LINK}, but its sentence only uses it"
#: Evidence of an entry kept with no definition: no sentence of the text says what the term is.
NO_EXPLAINING_SENTENCE = "no sentence in the text explains it: kept with its first use, without a definition"


def only_uses(occurrence: Occurrence) -> bool:
    """Return True for a first linked use whose sentence only uses the term (says nothing of it) and gives
    the definition (not a definition list's label over its own text, whose text is the definition)."""
    finding = occurrence.finding
    if not (finding.introduced_only and BARE_LINK in finding.evidence):
        return False
    definition = _words_only(finding.definition)
    in_sentence = not definition or definition in _words_only(occurrence.sentence)
    return in_sentence and not says_what_it_is(occurrence)


def _words_only(text: str) -> str:
    """Return the words of a text with punctuation and spacing folded (a definition's trimmed end)."""
    return " ".join(re.sub(r"[^\w'-]+", " ", text).split()).lower()


#: After the term as its sentence's subject (an aside in commas or brackets allowed): a verb that says
#: what it is or what it holds or does ("An *invariant* is something …", "A tag object contains …").
_SUBJECT_VERB = re.compile(
    r"^\s*(?:\([^()]{0,80}\)\s*|,[^,]{0,80},\s*)?(?:(?:is|are)\s+(?:an?|the|one|any|something|someone|"
    r"when|where|what|how|used\s+to|used\s+for)|means|refers\s+to|denotes|stands\s+for|contains?|consists?\s+of|"
    r"holds?|stores?|records?|describes?|lets|allows?|makes?|keeps?|names?)\b", re.I)
#: How far after the term the words of a sentence that explains it may start.
_EXPLAINS_WITHIN = 20


def says_what_it_is(occurrence: Occurrence) -> bool:
    """Return True when the occurrence's sentence says what its term is: the term is the subject of a verb
    that explains it, or words that say what something is follow the term closely ("… *tag*, which is …")."""
    sentence = " ".join(occurrence.sentence.split()).lower()
    for name in dict.fromkeys(n.lower() for n in (occurrence.finding.term, *occurrence.finding.labels) if n):
        found = re.search(rf"(?<![\w-]){re.escape(name)}(?:e?s)?(?![\w-])", sentence)  # or its plural
        if found is None:
            continue
        at = found.start()
        before = sentence[:at].strip(" \"“*_`")
        after = sentence[found.end():]
        if before in {"", "a", "an", "the"} and _SUBJECT_VERB.match(after):
            return True
        explains = _EXPLAINS.search(after[:_EXPLAINS_WITHIN + 30])
        if explains and explains.start() <= _EXPLAINS_WITHIN:
            return True
    return False


#: A noun that names an act or a process (exploration, caching, refactoring, encapsulation, analysis).
_ACTIVITY_NOUN = re.compile(r"(?:ing|tion|sion|ment|ance|ence|ysis|ure)$", re.I)


def _acts_as_its_meaning(occurrence: Occurrence) -> bool:
    """Return True for a sentence whose subject is the term and whose predicate is the act it names
    ("*Exploration* is exploring the environment by trying random actions", "Caching is keeping …")."""
    if not _ACTIVITY_NOUN.search(occurrence.finding.term):
        return False  # "The *server* is running": a thing doing something, not an act and its meaning
    term = re.escape(occurrence.finding.term)
    act = rf"^\W*(?:(?:an?|the)\s+)?{term}\w*\W*\s+(?:is|are|means)\s+(?:\w+ly\s+)?[a-z]{{2,}}ing\b"
    return bool(re.match(act, occurrence.sentence, re.I))


#: A sentence that puts off saying what something is: "(see chapter 3)", "in a later chapter", "we will
#: look at … later", "more on this later", "explained below".
_DEFERRING = re.compile(
    r"\b(?:see|cf\.?)\s+(?:chapter|section|part|appendix|lesson|episode|unit)\s+\w+"
    r"|\b(?:in|later\s+in)\s+(?:a|the)\s+(?:later|next|following|coming)\s+"
    r"(?:chapter|section|lesson|episode|unit|part)s?\b"
    r"|\b(?:we|you)(?:'ll|\s+will)\s+(?:see|learn|discuss|cover|explain|look\s+at|come\s+back\s+to|return\s+to|"
    r"explore|meet|talk\s+about)\b[^.;]{0,80}\b(?:later|below|soon)\b"
    r"|\bmore\s+(?:on|about)\s+(?:this|that|these|them|it)\s+later\b"
    r"|\b(?:discussed|explained|described|covered|defined)\s+(?:later|below|further\s+on)\b",
    re.I)


def _defers(occurrence: Occurrence) -> bool:
    """Return True when the occurrence's sentence says the term is explained elsewhere, later."""
    return bool(_DEFERRING.search(occurrence.sentence))


#: What a section heading over text that speaks of the term it names scores at least (collect.py).
DEVOTED_SECTION_SCORE = 0.45


def _devoted_section(occurrence: Occurrence) -> bool:
    """Return True for a section heading that names the term over a paragraph about it (not a callout's
    title, not a heading over a setting named in code)."""
    finding = occurrence.finding
    return finding.markup == "heading" and finding.defining and finding.score >= DEVOTED_SECTION_SCORE \
        and any(e.startswith("the section heading names it") for e in finding.evidence)


#: Words right before a name that say it is used as a tool: "using X", "recommends either A or X", "with X".
_TOOL_USE_BEFORE = re.compile(
    r"\b(?:use|uses|using|used|install|installing|installed|with|via|recommends?(?:\s+using)?|try|support\s+for)"
    r"\s+(?:either\s+)?(?:\S+(?:\s+\S+){0,3}\s+(?:or|and)\s+)?$", re.I)


def _used_as_a_tool(occurrence: Occurrence, term: str) -> bool:
    """Return True when the sentence names the term as something used ("using X (XY) to …")."""
    at = occurrence.sentence.find(term)
    return at > 0 and _TOOL_USE_BEFORE.search(occurrence.sentence[:at].rstrip() + " ") is not None


#: The confidence of an entry whose definition is its own name spelled out: below the line, for review.
NAME_ONLY_CEILING = 0.55


def _only_spells_out(definition: str, labels: Sequence[str]) -> bool:
    """Return True when a definition is only one of the term's own names (the term again, an acronym's
    expansion with the acronym in brackets, another name it goes by): it says nothing of what it is."""
    def words(text: str) -> list[str]:
        return [w for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in _SMALL_WORDS]

    said = words(re.sub(r"\s*\([^()]*\)", "", definition))
    return bool(said) and any(said == words(label) for label in labels)


#: A term linked to the glossary in at least this many sentences is linked out of habit, not where it is
#: introduced.
LINKED_HABITUALLY = 4
#: Evidence of a sentence that says outright what a term is.
_STATES_OUTRIGHT = re.compile(
    r"followed by 'is a …'|sentence '(?:an? |the )?X (?:is|are) a …'|"
    r"asks what it is and the text below answers|a sentence below says what it is|sentence 'X refers to …'|"
    r"followed by 'refers …'", re.I)


def _links_habitually(group: list[Occurrence]) -> bool:
    """Return True when the book links the term to its glossary in many sentences (every use, as a
    specification or a reference guide does), not once where it is introduced."""
    linked = {(o.chapter, o.line) for o in group if o.finding.markup in {GLOSSARY_LINK, TERM_ROLE}}
    return len(linked) >= LINKED_HABITUALLY


#: What a first linked use gains as the term's introduction (whether or not its sentence says more): books
#: whose prose explains few of the terms they link (a specification, many lessons) introduce them so.
FIRST_LINK_GAIN = 0.25


#: Evidence of a section or callout title naming a term its text explains (collect.heading_occurrences).
_TITLE_NAMES = re.compile(r"^the (?:section heading|callout's title) (?:names|asks)")
#: What a title's finding gains when the author also marks the term in the very sentence it explains.
TITLE_AND_MARKUP = 0.1


def _title_and_markup_agree(group: list[Occurrence]) -> list[Occurrence]:
    """Return the group with a title's finding strengthened where the sentence below it also marks
    the term (bold, <dfn>, a glossary link) and nothing else defines it: "## Minute Cards" over "… we
    have learners complete **minute cards** …" — two of the author's own marks on one introduction."""
    if any(o.finding.defining and o.finding.score >= DEFINING_SCORE for o in group):
        return group  # something already says what it is: the title needs no help
    marked = {(o.chapter, o.line) for o in group  # italics are as often stress or a name: not counted
              if o.finding.markup in {STRONG, DFN, GLOSSARY_LINK, TERM_ROLE}}
    for index, occurrence in enumerate(group):
        finding = occurrence.finding
        if finding.markup == "heading" and any(_TITLE_NAMES.match(e) for e in finding.evidence) \
                and (occurrence.chapter, occurrence.line) in marked:
            evidence = (*finding.evidence, "and the sentence below marks it")
            group[index] = replace(occurrence, finding=replace(
                finding, score=finding.score + TITLE_AND_MARKUP, evidence=evidence))
    return group


#: The bold word (stood in for by NUL) as the verb of a purpose or instruction: "To \0 the …", "to \0 it".
_ACTION_IN_INSTRUCTION = re.compile(
    r"(?:^|\b)[Tt]o\s+\0\s+(?:the|a|an|your|our|this|that|these|those|it|them|its|their|any|all|each)\b")


#: A step of a walk-through of an interface: "On the next page, type in …", "Then click …", "Select …".
_INTERFACE_STEP = re.compile(
    r"^(?:(?:on|in|at|from|under|below)\s[^,.]{1,40},\s*|(?:then|now|next|first|finally|afterwards)\s*,?\s*)*"
    r"(?:select|click|choose|press|tap|type|enter|fill\s+in|open|go\s+to|navigate\s+to|confirm|log\s+in|"
    r"sign\s+in|scroll|drag|tick|check|uncheck)\b", re.I)
#: The bold word (stood in for by NUL) as what is clicked or chosen: "by clicking \0", "select the \0 tab".
_INTERFACE_ACTION = re.compile(
    r"\b(?:select(?:ing)?|click(?:ing)?(?:\s+on)?|choos(?:e|ing)|press(?:ing)?|tap(?:ping)?)\s+(?:the\s+)?\0",
    re.I)


#: A bold phrase that opens with an adverb of degree or a linking verb is stressed, not named.
_STRESSED_PHRASE = re.compile(
    r"^(?:primarily|mostly|mainly|largely|entirely|fully|purely|strictly|really|usually|only|simply|always|never|"
    r"very|much|quite|rather|remains?|becomes?|stays?|seems?|appears?|is|are|was|were|not)\s", re.I)


def _first_bold_defines(group: list[Occurrence], termhood: dict[str, Termhood]) -> list[Occurrence]:
    """Return the group with its first bold (or <dfn>) occurrence counted as defining.

    Not when the book already used the term freely in earlier chapters: bold then is
    emphasis, not an introduction.
    """
    for index, occurrence in enumerate(group):
        finding = occurrence.finding
        if finding.markup in {STRONG, DFN}:
            if finding.listed or any(e.startswith("names one thing") or e == POINT_LABEL
                                     for e in finding.evidence):
                break  # bold words listed, the name of one module or file, a point's label: no introduction
            stats = termhood.get(finding.term.lower())
            if stats is not None and stats.uses_before(occurrence.chapter) >= USED_FREELY:
                break
            if _ACTION_IN_INSTRUCTION.search(occurrence.sentence.replace(finding.term, "\0")):
                break  # "To **quit** the pages, press q": a verb of an instruction in bold, no term
            if _INTERFACE_STEP.match(occurrence.sentence) \
                    or _INTERFACE_ACTION.search(occurrence.sentence.replace(finding.term, "\0")):
                break  # "On this page, select **Request Account**.": the label of a button or a field
            if _STRESSED_PHRASE.match(finding.term):
                break  # "**primarily Core-only**", "**remains open**": bold for stress, not a name
            if not finding.defining:
                evidence = (*finding.evidence, "first bold use (this book bolds its terms)")
                finding = replace(finding, defining=True, score=finding.score + 0.15, evidence=evidence,
                                  introduced_only=True)
                group[index] = replace(occurrence, finding=finding)
            break
    return group


def _first_italic_of_own_term_defines(
    group: list[Occurrence], termhood: dict[str, Termhood], keyness: dict[str, float],
    code_names: Mapping[str, int],
) -> list[Occurrence]:
    """Return the group with its first italic use counted as where it is introduced, when the phrase
    is the book's own term: far more frequent here than in general English, in several chapters,
    and not used freely before. (Books italicise a term where they introduce it; an italic word
    for stress is an everyday word, which keyness leaves out.)"""
    for index, occurrence in enumerate(group):
        finding = occurrence.finding
        if finding.markup != EMPHASIS:
            continue
        name = finding.term.lower()
        stats = termhood.get(name)
        words = name.split()
        if finding.defining or finding.listed or stats is None or any(w in code_names for w in words) \
                or any(e.startswith("names one thing") or e == POINT_LABEL for e in finding.evidence) \
                or (len(words) == 1 and general_zipf(name) >= EVERYDAY_ZIPF) \
                or keyness.get(name, 0.0) < KEY_TERM or stats.chapters < 2 \
                or stats.uses_before(occurrence.chapter) >= USED_FREELY:
            break  # a command or identifier in italics, an everyday word, or a term used freely before
        evidence = (*finding.evidence, "first italic use of the book's own term")
        group[index] = replace(occurrence, finding=replace(
            finding, defining=True, score=finding.score + 0.2, evidence=evidence, introduced_only=True))
        break
    return group


def gather(occurrences: Sequence[Occurrence], termhood: dict[str, Termhood],
           section_titles: dict[tuple[int, int], str], usage: MarkupUsage | None = None,
           keyness: dict[str, float] | None = None) -> list[Candidate]:
    """Return one candidate per idea found, in reading order of where it is introduced.

    With `usage` saying the book bolds only terms, a term's first bold use counts as its
    introduction; a single word the book writes as code elsewhere needs more than italics
    or a sentence pattern to be kept.
    """
    union = _Union()
    for occurrence in occurrences:
        key = term_key(occurrence.finding.term)
        union.find(key)
        union.join(lemma_key(occurrence.finding.term), key)  # "changes of context", "change of context"
        for label in occurrence.finding.labels:
            union.join(label_key(label), key)
    keys = {term_key(o.finding.term) for o in occurrences}
    for key in keys:  # a plural the lemma list does not know ("wildcards") beside its singular
        singulars = (key[:-1], key[:-2]) if key.endswith("es") else (key[:-1],) if key.endswith("s") else ()
        for singular in singulars:
            if singular in keys and len(singular) >= 3:
                union.join(key, singular)
                break
    groups: dict[str, list[Occurrence]] = {}
    for occurrence in occurrences:
        groups.setdefault(union.find(term_key(occurrence.finding.term)), []).append(occurrence)
    bolds = usage is not None and usage.bolds_terms()
    code_names = usage.code_names if usage is not None else {}
    candidates = []
    for group in groups.values():
        if all(o.finding.markup == NAME_SUBJECT for o in group):
            continue  # a name a sentence says what it is, and nothing else marks as a term
        group.sort(key=lambda o: (o.chapter, o.line))
        if bolds:
            group = _first_bold_defines(group, termhood)
        group = _first_link_defines(group)
        group = _title_and_markup_agree(group)
        group = _first_italic_of_own_term_defines(group, termhood, keyness or {}, code_names)
        candidates.append(_candidate(group, termhood, section_titles, code_names, bolds, keyness or {}))
    found = [c for c in candidates if c is not None]
    found.sort(key=lambda c: (c.introduced.chapter, c.introduced.line))
    return found


def _candidate(group: list[Occurrence], termhood: dict[str, Termhood],
               section_titles: dict[tuple[int, int], str], code_names: Mapping[str, int],
               bolds_terms: bool = False, keyness: dict[str, float] | None = None) -> Candidate | None:
    """Return the candidate a group of occurrences makes.

    A term used only once loses confidence, except where the book's own markup is sure:
    <dfn>, a link to its glossary, or bold in a book that bolds only its terms (there a
    term is often bolded once where it is introduced and never repeated).
    """
    best = max((o for o in group if o.finding.markup != NAME_SUBJECT), key=lambda o: o.finding.score)
    names = {name.lower() for o in group for name in (o.finding.term, *o.finding.labels)}
    key = max(((keyness or {}).get(name, 0.0) for name in names), default=0.0)
    spread = max((termhood[name].chapters for name in names if name in termhood), default=0)
    # a term of the book's own (far more frequent here than in general English, in several
    # chapters) is introduced by a weaker defining signal: a heading over its explanation
    floor = KEY_DEFINING_SCORE if key >= KEY_TERM and spread >= 2 else DEFINING_SCORE
    defining = [o for o in group if o.finding.defining and (
        o.finding.score >= DEFINING_SCORE
        or (o.finding.score >= floor and (_EXPLAINS.search(o.finding.definition)
                                          or _acts_as_its_meaning(o))))]
    introduced = defining[0] if defining else next(o for o in group if o.finding.score == best.finding.score)
    if introduced.finding.introduced_only:
        # a bare first bold use ("we unpack a **gadget** named spinner") gives way to the first
        # sentence that says what the term is ("A **gadget** is a small hand tool …")
        stated = next((o for o in defining if _STATES_WHAT_IT_IS.search(" ".join(o.finding.evidence))), None)
        if stated is not None:
            introduced = stated
    if _ACRONYM_ONLY.match(" | ".join(introduced.finding.evidence)) \
            and not introduced.finding.introduced_only:
        # "new features such as Lightning Network (LN) support": the long form spelled out in passing gives
        # way to a later sentence that says what the thing is
        stated = next((o for o in defining if o.chapter != introduced.chapter
                       and _STATES_WHAT_IT_IS.search(" ".join(o.finding.evidence))), None)
        if stated is not None:
            introduced = stated
    defined = introduced
    if defining:
        sharpest = max(defining, key=lambda o: o.finding.score)
        if sharpest.finding.score >= introduced.finding.score + 0.2 or not introduced.finding.definition:
            defined = sharpest
    if only_uses(defined):
        # a first linked use whose sentence only uses the term defines nothing: another sentence that
        # says something of it gives the definition; with none, the entry has no definition
        explaining = [o for o in defining if o.finding.definition and not o.finding.introduced_only
                      and says_what_it_is(o)]
        if explaining:
            defined = max(explaining, key=lambda o: o.finding.score)
    if introduced.finding.introduced_only and introduced.finding.markup in {GLOSSARY_LINK, TERM_ROLE} \
            and _links_habitually(group):
        # a book that links a term to its glossary wherever it is used: its first link is a use like the
        # others, and the first sentence that says what the term is introduces it
        at = (introduced.chapter, introduced.line)
        stated = next((o for o in defining if (o.chapter, o.line) > at and not o.finding.introduced_only
                       and _STATES_OUTRIGHT.search(" | ".join(o.finding.evidence))), None)
        if stated is not None:
            introduced = stated
            if defined.finding.introduced_only or only_uses(defined):
                defined = stated
    if _defers(introduced) and not _EXPLAINS.search(introduced.finding.definition):
        # "check the [winch](glossary.md#winch) (see chapter 3)": the sentence puts off saying what it is
        at = (introduced.chapter, introduced.line)
        after = sorted((o for o in group if (o in defining or _devoted_section(o))
                        and (o.chapter, o.line) > at and not _defers(o)), key=lambda o: (o.chapter, o.line))
        later = after[0] if after else None
        if later is not None:
            introduced = later
    if defining:
        # "## Value-based methods" over a paragraph about them, and a later recap's "Value-based methods:
        # train a value function …": the section devoted to the term came first and introduces it (the
        # definition stays the sharper sentence)
        devoted = next((o for o in group if _devoted_section(o)), None)
        if devoted is not None and (devoted.chapter, devoted.line) < (introduced.chapter, introduced.line):
            introduced = devoted
    all_forms = [(o.finding.term, o.finding.initial) for o in group if o.finding.markup != NAME_SUBJECT]
    forms = [form for form in all_forms if not _ACRONYM_LIKE.match(form[0])] or all_forms
    term = display_term(forms)
    labels = list(dict.fromkeys([term, *(label for o in group for label in o.finding.labels)]))
    labels = [label for label in labels if label_key(label) != label_key(term) or label == term]
    evidence = list(dict.fromkeys(e for o in group for e in o.finding.evidence))
    confidence = best.finding.score
    # a plain sentence saying what a name is places and defines it, but is no sign of a term: not counted
    marks = [o for o in defining if o.finding.markup != NAME_SUBJECT]
    kinds = {e.split(" '")[0] for o in group if o.finding.markup != NAME_SUBJECT for e in o.finding.evidence}
    if len(marks) >= 2:
        confidence += 0.05
        evidence.append(f"defined in {len(marks)} places")
    if len(kinds) >= 2:
        confidence += 0.05
    # termhood counts a word's plural with it: a name that is another's plural would count its uses twice
    stats = [termhood[name] for name in names if name in termhood
             and not (name.endswith("s") and (name[:-1] in names or name[:-2] in names))]
    count = sum(s.count for s in stats)
    chapters = max((s.chapters for s in stats), default=0)
    nested = sum(s.nested for s in stats)
    if count >= 3:
        confidence += 0.05
    if chapters >= 2:
        confidence += 0.05
        evidence.append(f"used in {chapters} chapters ({count} times)")
    elif count <= 1 and best.finding.markup not in {DFN, GLOSSARY_LINK, TERM_ROLE} \
            and not (bolds_terms and best.finding.markup == STRONG) \
            and not any(e in _SAYS_WHAT_THE_WORD_MEANS or e in _NAMED_ON_PURPOSE or e.startswith(NAMED_AGAIN)
                        for e in evidence):
        confidence -= 0.1
        evidence.append("used only once")
    if count >= 3 and nested * 10 >= count * 8:
        confidence -= 0.1
        evidence.append("mostly inside a longer term")
    title = section_titles.get((introduced.chapter, introduced.section), "")
    if title and label_key(title) in {label_key(label) for label in labels}:
        confidence += 0.1
        evidence.append("the section heading names it")
    own_title = label_key(section_titles.get((introduced.chapter, -1), ""))
    if len(labels) > 1 and len(term.split()) >= 3 and own_title and label_key(term) in own_title:
        # "Web Content Accessibility Guidelines (WCAG)" in the page of that name: its own name
        confidence -= 0.3
        evidence.append("names the document itself")
    spelled_out = all(_ACRONYM_ONLY.match(" | ".join(o.finding.evidence)) or o.finding.markup == NAME_SUBJECT
                      for o in defining)
    # "it uses Signed Distance Functions, or SDFs": an acronym the text writes in the plural counts things
    # of a kind, never a product's one name
    counted = any(re.fullmatch(r"[A-Z][A-Z0-9&]+s", label) for label in labels)
    if title_case(term) and spelled_out and not counted and any(_used_as_a_tool(o, term) for o in defining):
        # "we recommend using Mock Service Worker (MSW) to mock requests": a product spelled out where it is
        # used, and said no more of than a plain sentence about the product
        confidence -= 0.15
        evidence.append("a product or tool spelled out where it is used, not a term the text explains")
    if _VERSIONED.search(term):
        confidence -= 0.3
        evidence.append("holds a version or section number: the name of a document or a product")
    elif _NUMBERED_PROPOSAL.match(term):
        confidence -= 0.3
        evidence.append("a numbered proposal or standard (BIP, RFC, PEP …): the name of a document")
    # a name in title case is a heading's or a product's, unless the book links it to its glossary, whose
    # entry is written so ("a :term:`frontend <Build Frontend>` tool"): the capitals are the glossary's
    # nor when a sentence names it as a kind ("a data structure called a *Merkle Patricia Tree*") or glosses
    # it with a noun phrase ("__Ice Age__—A hard fork …")
    if title_case(term) and not any(len(o.finding.labels) > 1 for o in group) \
            and not any(o.finding.markup in {GLOSSARY_LINK, TERM_ROLE} for o in group) \
            and not any(NAMED_AS_KIND in o.finding.evidence or (_GLOSSED_BY_COLON in o.finding.evidence
                        and _NOUN_PHRASE_GLOSS.match(o.finding.definition)) for o in defining):
        confidence -= 0.25
        evidence.append("in title case: a name or a heading rather than a term")
    marked = any(o.finding.markup in {STRONG, DFN, GLOSSARY_LINK, TERM_ROLE} for o in group)
    # "A variable is …", "integers (a data type which …)": what a kind of thing is, not a name
    generic = any(e.startswith(("sentence 'A ", "sentence 'An ", "a term with what it is in brackets"))
                  or e == NAMED_AS_KIND for e in evidence)
    # "the point where two lines meet is called a "junction"": prose names the idea the command
    # of the same name is named after
    named_in_prose = any(o.finding.markup in {"", QUOTED} and _CALLED_IN_PROSE.search(o.sentence)
                         for o in defining) or COMMAND_HEADING in evidence \
        or any(o.finding.markup in {EMPHASIS, STRONG} and _NAMED_IN_ITALICS in o.finding.evidence
               and _KIND_CALLED.search(o.sentence) for o in defining)
    # a word of the prose that some code also uses as a name ("the *reward* is the feedback …", and once
    # `reward` as a variable): written as words far more often than as code, and defined in words: a term
    code_uses = code_names.get(term.lower(), 0)
    prose_word = code_uses * PROSE_WORD_SHARE < count and any(
        o.finding.markup in {EMPHASIS, "", INDEXED} and not o.finding.introduced_only for o in defining)
    # "## Dataset" over "`xarray.Dataset` is xarray's container of …": the text defines the name
    # "`prange` (parallel range)": the text spells out what the name stands for
    defined_name = HEADING_STATES in evidence \
        or any(e.startswith("a code name given with its long form") for e in evidence)
    if code_uses and not (marked or generic or named_in_prose or prose_word or defined_name):
        confidence -= 0.3
        evidence.append("written as code elsewhere (a name, not a term)")
    if _only_spells_out(defined.finding.definition, labels) and confidence >= NAME_ONLY_CEILING:
        # "ISBN: International Standard Book Numbering (ISBN)": a list of expansions says what the letters
        # stand for, not what the thing is
        confidence = NAME_ONLY_CEILING
        evidence.append("its definition only spells out its name")
    first_use = ""
    if only_uses(defined) or not defined.finding.definition:
        # no sentence says what it is (a bare first link, a heading over a paragraph that only uses the word):
        # the entry is kept, or offered for review, with that sentence as context and no definition
        first_use = defined.sentence
        evidence.append(NO_EXPLAINING_SENTENCE)
    elif defined.finding.introduced_only:
        evidence.append("no sentence defines it outright: the definition is the sentence that introduces it")
    if marks and all(o.finding.markup == CODE_SPAN and not _PLURAL_WORD.fullmatch(o.finding.term)
                     and NAMED_AS_KIND not in o.finding.evidence for o in marks):
        # code named as a term: a person decides ("the routine is called `coil`"); a plural common
        # word in code style ("the rings are called `stanchions`") is no identifier
        confidence = min(confidence, DEFINING_SCORE + 0.05)
    if floor < DEFINING_SCORE and marks and all(o.finding.score < DEFINING_SCORE for o in marks):
        confidence += 0.1
        evidence.append(f"the book's own term: {10 ** key:.0f} times as frequent here as in general English")
    if not marks:
        confidence = min(confidence, DEFINING_SCORE - 0.01)
    features = _features(
        group, best, introduced, defined, defining, term, labels, confidence,
        count=count, chapters=chapters, nested=nested, key=key, code_name=term.lower() in code_names,
        marked=marked, generic=generic, named_in_prose=named_in_prose, evidence=evidence,
    )
    return Candidate(
        term=term,
        labels=tuple(labels),
        confidence=round(max(0.0, min(0.99, confidence)), 3),
        evidence=tuple(evidence),
        definition="" if first_use else defined.finding.definition,
        introduced=introduced,
        defined=defined,
        occurrences=len(group),
        features=features,
        first_use=first_use,
    )


_MARKUP_FEATURES = {DFN: "dfn", STRONG: "bold", EMPHASIS: "italic", GLOSSARY_LINK: "glossary_link",
                    TERM_ROLE: "term_role", CODE_SPAN: "code", QUOTED: "quoted", "heading": "heading",
                    "": "pattern"}


def _features(group: list[Occurrence], best: Occurrence, introduced: Occurrence, defined: Occurrence,
              defining: list[Occurrence], term: str, labels: Sequence[str], confidence: float, *,
              count: int, chapters: int, nested: int, key: float, code_name: bool, marked: bool,
              generic: bool, named_in_prose: bool, evidence: Sequence[str]) -> tuple[tuple[str, float], ...]:
    """Return the evidence a candidate carries as numbers, by name (for the calibrated confidence)."""
    kinds = {o.finding.markup for o in group}
    values: dict[str, float] = {
        "rule_confidence": round(max(0.0, min(0.99, confidence)), 3),
        "best_score": best.finding.score,
        "defining": float(bool(defining)),
        "defining_places": float(min(len(defining), 5)),
        "definition_words": math.log1p(len(defined.finding.definition.split())),
        "explains": float(bool(_EXPLAINS.search(defined.finding.definition))),
        "log_count": math.log1p(count),
        "log_chapters": math.log1p(chapters),
        "nested_share": nested / count if count else 0.0,
        "keyness": max(-3.0, min(5.0, key)),
        "words": float(min(len(term.split()), 5)),
        "title_case": float(title_case(term)),
        "code_name": float(code_name),
        "marked": float(marked),
        "generic": float(generic),
        "named_in_prose": float(named_in_prose),
        "introduced_only": float(defined.finding.introduced_only),
        "listed": float(best.finding.listed),
        "acronym": float(len(labels) > 1 and any(_ACRONYM_LIKE.match(label) for label in labels)),
        "signal_kinds": float(min(len({e.split(" '")[0] for e in evidence}), 6)),
    }
    for markup, name in _MARKUP_FEATURES.items():
        values[f"best_{name}"] = float(best.finding.markup == markup)
        values[f"any_{name}"] = float(markup in kinds)
    return tuple(sorted(values.items()))
