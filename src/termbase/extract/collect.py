"""Walk the chapters in reading order and collect every occurrence of a signal.

Only blocks that may define something are read: prose, list items and definition-list
items outside exercise, summary and reference sections. Code, exercises, quizzes,
solutions, key points, objectives and warnings never yield a definition; callouts, notes and
admonition boxes yield only what their sentences define. A block is cut into
sentences only when it has marked phrases or a defining word, which keeps the sentence
splitter off most of the text.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from itertools import pairwise

from termbase.documents.builder import word_set
from termbase.documents.model import (
    ASIDE,
    CODE,
    CODE_SPAN,
    DEFINITION,
    DFN,
    EMPHASIS,
    GLOSSARY_LINK,
    HEADING,
    LIST_ITEM,
    PROSE,
    STRONG,
    TABLE,
    TERM_ROLE,
    Block,
    Document,
    Problem,
    Span,
)
from termbase.documents.sentences import Sentence, split_sentences
from termbase.extract.label_lists import pronoun_gloss, statement_label_blocks
from termbase.extract.signals import (
    INDEXED,
    MARKED_KINDS,
    NAMED_WITH_EXAMPLE,
    QUOTED_PHRASE,
    Finding,
    finish_definition,
    marked_findings,
    pattern_findings,
    plain_sentence,
)
from termbase.extract.terms import clean_term, is_identifier, term_problem
from termbase.labels import is_acronym_of

_READ_KINDS = frozenset({PROSE, LIST_ITEM, DEFINITION})
#: Markup that may introduce a term without defining words (in a book that uses it only for terms).
_TERM_MARKUP = frozenset({STRONG, DFN, GLOSSARY_LINK, TERM_ROLE})
#: Asides that explain (a callout, a note, an admonition box): read, but only their defining
#: sentences count. Objectives, key points, instructor notes, warnings and hints are not read.
EXPLAINING_ASIDES = word_set(
    """callout note notes admonition sidebar aside tip tips info important topic remark remarks margin
    learner-note definition definitions example"""
)
#: Words without which no sentence pattern can match (sentences are cut only where one occurs).
_CUE = re.compile(
    r"\b(?:called|known|refers?|referred|means|denotes|define|stands|termed|short|call)\b|\([A-Z][A-Za-z]*[A-Z]"
    r"|,\s+or\s+[A-Z][A-Z0-9&]{1,9}s?\b"  # "Signed Distance Functions, or SDFs"
    r"|\bthe\s+(?:word|term|phrase|name)\s+[\"“'‘]"
    r"|[.!?]\s+(?:(?:They|These)\s+are|(?:It|This)\s+is\s+an?)\s+[a-z]{3,}\s+(?:that|which|who|whose|where|in)\s"
    r"|(?:^|[.!?:]\s+)(?:(?:In|On|For|With|At|By|Within)\s[^,.;:]{1,40},\s*|[A-Z][a-z]+(?:\s+[a-z]+)?,\s*)?"
    r"(?:[Aa]n?|[Tt]he)?\s*[A-Za-z][\w'’-]*(?:\s+[A-Za-z][\w'’-]*){0,3}\s*(?:\([^()]{1,60}\)\s*)?(?:is|are)\s+"
    r"(?:(?:typically|usually|generally|normally|often|simply|just|essentially|basically|really|always|also)\s+)?"
    r"(?:an?|the|one|any|when|where|its|their|[A-Z][\w-]*['’]s)\b"
    r"|\bare\s+[a-z]{3,}s\s+(?:that|which|who|whose|where)\s"
    r"|,\s*(?:meaning|that\s+is|i\.\s?e\.|in\s+other\s+words)\b"
    r"|[a-z]\s+\(an?\s+[a-z]|\b[A-Z][A-Z0-9]+s?\s+\([A-Za-z]"  # "CSV (comma-…)", "EC2 (Elastic …)"
    r"|^\s*(?:An?|One)\s+[^()]{8,140}\((?:the\s+|an?\s+)?[a-z][^()]{1,40}\)\s*[.;,]?\s*$"  # "A … (the name)"
)
_SKIPPED_SECTION = re.compile(
    r"^(?:\d+(?:\.\d+)*\.?\s+)?(?:exercises?|quiz(?:zes)?|check\s+your\s+understanding|self[- ]?check|"
    r"review\s+questions|questions|practice(?:\s+problems)?|problems|solutions?|answers?|key\s*points|"
    r"summary|recap|further\s+reading|references|bibliography|acknowledge?ments?|licen[cs]e|copyright|"
    r"about\s+this|contributors?|change\s*log|changes\s+since|revision\s+history|release\s+notes|errata|"
    r"index)\b",
    re.I,
)
_FUNCTION_WORDS = word_set(
    "the of and to a in is that it for as with are this be on or by was not you we can from"
)


@dataclass(frozen=True, slots=True)
class Occurrence:
    """A finding with where it is: chapter (index in reading order), section, line, sentence."""

    finding: Finding
    chapter: int
    section: int
    line: int
    end_line: int
    sentence: str


def reads_as_english(document: Document) -> bool:
    """Return True unless the chapter's prose clearly is not English (few English function words)."""
    words: list[str] = []
    for block in document.blocks:
        if block.kind in _READ_KINDS:
            words.extend(block.text.lower().split())
            if len(words) > 4000:
                break
    if len(words) < 60:
        return True
    hits = sum(1 for w in words if w in _FUNCTION_WORDS)
    return hits / len(words) >= 0.08


def _needs_sentences(block: Block) -> bool:
    return (
        block.kind == DEFINITION
        or any(s.kind in MARKED_KINDS for s in block.spans)
        or bool(_CUE.search(block.text))
        or bool(QUOTED_PHRASE.search(block.text))
    )


#: Evidence of a label of a list of points (benefits, advice, settings) rather than of terms.
POINT_LABEL = "the label of a point in a list of statements, benefits or advice, not a term it explains"
#: The most a point label's finding scores: never enough to be kept without a person's say.
_POINT_LABEL_SCORE = 0.4


def _as_point_label(finding: Finding) -> Finding:
    return replace(finding, defining=False, score=min(finding.score, _POINT_LABEL_SCORE),
                   evidence=(*finding.evidence, POINT_LABEL))


#: Evidence of a use in the text of a reference list item whose label is code (a parameter, option, key).
IN_PARAMETER_LIST = "in the description of a parameter, option or key of a reference list"


#: A meaning that is a whole statement about some other subject: "The target is …", "Data entered … is …".
_CLAUSE_MEANING = re.compile(
    r"^(?!(?:an?|one|any)\b)(?:the\s+|this\s+|these\s+|[A-Za-z][\w-]*\s+|\([^()]{1,80}\)\s+){1,6}?"
    r"(?P<verb>is|are|was|were|can|must|may|has|have|does|do|remains?|gets?)\b",
    re.I,
)


#: What follows a marked name that opens a labelled item's text and is glossed there: a colon or a dash.
_GLOSS_MARK = re.compile(r"^[\"'”’]?\s*(?::|[—–]|\s-{1,3}\s)")


#: A list label that names a command-line option or a configuration key, not a term: `--index-info`,
#: `-n <count>`, `--[no-]verify`, `merge.summary`, `git-p4.useClientSpec`.
_OPTION_OR_KEY_LABEL = re.compile(
    r"^\s*(?:-{1,2}[\w\[][^\s]*(?:\s.*)?|[a-z][\w-]*(?:\.(?!(?:js|net|io|py|org|com)\s*$)[\w<>*-]+)+)\s*$"
)
#: Reference sections of a manual page whose labelled lists name options, commands or keys (a one-word
#: label there, or any label under a manual page's capitalised heading, "OPTIONS").
_REFERENCE_LIST_SECTION = re.compile(
    r"^(?:\d+(?:\.\d+)*\.?\s+)?(?:options|commands|subcommands|sub-commands|configuration|configuration\s+"
    r"variables|environment(?:\s+variables)?|exit\s+status|synopsis|arguments)$",
    re.I,
)


#: A listed term with its acronym in brackets: "Hash time-locked contract (HTLC)", "Peer-to-peer (P2P) layer".
_LISTED_ACRONYM = re.compile(
    r"^(?P<long>[A-Za-z][\w' -]*?[\w])\s*\((?P<short>[A-Z][A-Za-z0-9&-]{1,9})\)\s*(?P<head>[a-z][\w-]*)?\s*$")


def _listed_names(label: str) -> tuple[str, tuple[str, ...]]:
    """Return the term a definition list names and its other labels: the long form of a bracketed acronym
    (with the head noun after it, if any) and the acronym so headed; else the label as a term."""
    found = _LISTED_ACRONYM.match(" ".join(label.split()))
    if found is None:
        return clean_term(label), ()
    long, short, head = found.group("long"), found.group("short"), found.group("head")
    numbered = short[0].lower() == long[0].lower() and any(c.isdigit() for c in short)  # "P2P"
    if not (is_acronym_of(short, long) or numbered):
        return clean_term(label), ()
    term = clean_term(f"{long} {head}" if head else long)
    return term, (term, f"{short} {head}" if head else short)


def _definition_finding(block: Block, sentences: tuple[Sentence, ...], heading: str = "") -> Finding | None:
    term, labels = _listed_names(block.term)
    if term_problem(term) or not sentences:
        return None
    reference = _REFERENCE_LIST_SECTION.match(heading.strip()) \
        and (heading.isupper() or " " not in block.term.strip())
    if _OPTION_OR_KEY_LABEL.match(block.term) or reference or block.code_label:
        return None  # "--index-info::", "merge.summary::", a command under OPTIONS: a name, not a term
    marked = [s for s in block.spans if s.kind in {STRONG, EMPHASIS, DFN}]
    opening = min(marked, key=lambda s: s.start, default=None)
    if opening is not None and not block.text[: opening.start].strip(" \"'“‘") \
            and _GLOSS_MARK.match(block.text[opening.end :]):
        return None  # "Spring 1921:: __Blue Heron__—A ketch …": the label is a date, the marked name the term
    text = sentences[0].text
    if len(text) < 60 and len(sentences) > 1:
        text += " " + sentences[1].text
    definition = finish_definition(text)
    if len(term.split()) >= 4 or " and " in f" {term} " \
            or (len(term.split()) >= 2 and block.term.rstrip().endswith((".", "!", "?"))):
        # "Write an agenda." over what to do about it: a sentence of advice, not a term
        evidence = ("listed in a definition list, but a phrase rather than a term",)
        return Finding(term, 0.45, evidence, definition, False, initial=True)
    if sum(1 for word in definition.split() if word.isalpha()) < 3:
        evidence = ("listed in a definition list, with no meaning in words",)
        return Finding(term, 0.4, evidence, definition, False, initial=True)
    first = sentences[0].text
    clause = _CLAUSE_MEANING.match(first)
    # the term named by the statement ("Natural languages are full of ambiguity") still is its meaning;
    # the term as the statement's own verb ("Data entered is checked for errors") is not
    if clause and not _mentions(first[: clause.start("verb")], term) and not pronoun_gloss(first, term) and (
            not _mentions(first, term) or _mentions(" ".join(first[clause.end() :].split()[:2]), term)):
        # "Spacing: Undersized targets are positioned …", "Checked: Data entered is checked …" — a
        # condition under a label, not a meaning (the term is no part of the statement's subject)
        evidence = ("listed in a definition list whose text is a statement about something else",)
        return Finding(term, 0.5, evidence, definition, False, initial=True)
    if _PAST_EVENT.match(first):
        # "Multipart payments (MPP):: MPP was also introduced in 2020 …": what happened to it, in a recap
        evidence = ("listed in a definition list whose text tells what happened, not what it is",)
        return Finding(term, 0.5, evidence, definition, False, labels=labels, initial=True)
    modal = _MODAL_STATEMENT.match(first)
    if modal and not _mentions(first[: modal.start("verb")], term):
        # "Currency:: A token can serve as a form of currency …": what another thing can do, one use of it
        evidence = ("listed in a definition list whose text is a statement about something else",)
        return Finding(term, 0.5, evidence, definition, False, initial=True)
    if _ADVICE.match(first):
        evidence = ("listed in a definition list whose text is advice, not a meaning",)  # "Try not to …"
        return Finding(term, 0.45, evidence, definition, False, initial=True)
    return Finding(term, 0.85, ("listed with its meaning in a definition list",), definition, True,
                   labels=labels, initial=True)


#: "A token can serve as …": a statement of what some thing can or must do (the subject before the verb).
_MODAL_STATEMENT = re.compile(
    r"^(?:an?|the|this|these|each|every|any)\s+(?:(?!(?:that|which|who|whom|whose|where|when|used|for|of|to|in|"
    r"on|with|by)\b)[\w-]+\s+){1,3}?(?P<verb>can|may|might|could|will|would|should|must)\s", re.I)
#: A statement of what happened to something ("MPP was also introduced …", "It has been adopted by …").
_PAST_EVENT = re.compile(
    r"^(?:\S+\s+){1,4}?(?:was|were|has\s+been|have\s+been|had\s+been)\s+(?:also\s+|first\s+|later\s+|"
    r"recently\s+|originally\s+|then\s+)?[a-z]+ed\b")
#: An imperative that opens a list item's text: advice, not a meaning.
_ADVICE = re.compile(
    r"^(?:try|don't|do\s+not|avoid|make\s+sure|remember|be\s+sure)\b", re.I)


def _mentions(text: str, term: str) -> bool:
    head = term.lower().split()[-1]
    stem = head[:-1] if head.endswith("s") and len(head) > 3 else head
    return re.search(rf"\b{re.escape(stem)}", text.lower()) is not None


@dataclass(frozen=True, slots=True)
class MarkupUsage:
    """How a book uses its markup: bold phrases read, how many are term-shaped; code names."""

    strong: int
    strong_terms: int
    #: how often each one-word name is written as code in the prose (by its lowercase form)
    code_names: Mapping[str, int]

    def bolds_terms(self) -> bool:
        """Return True when the book bolds (almost) only terms, so a first bold use introduces one."""
        return self.strong >= 5 and self.strong_terms >= 0.7 * self.strong


def markup_usage(documents: tuple[Document, ...]) -> MarkupUsage:
    """Return how the book's prose uses bold and code markup."""
    strong = shaped = 0
    code: Counter[str] = Counter()
    for document in documents:
        for block in document.blocks:
            if block.kind not in _READ_KINDS:
                continue
            for span in block.spans:
                phrase = block.text[span.start : span.end]
                if span.kind == STRONG:
                    strong += 1
                    shaped += not term_problem(clean_term(phrase))
                elif span.kind == CODE_SPAN and " " not in phrase.strip():
                    code[phrase.strip().lower()] += 1
    return MarkupUsage(strong, shaped, dict(code))


_ELABORATION_START = re.compile(r"^(?:it|this|these|they|such|that)\b", re.I)
_REFER_AS = re.compile(r"\brefer(?:s|red)?\s+to\s+(?:this|these|that|the)\b[^.;:]*\bas\b", re.I)
#: A definition that is more than one sentence already (the sentence before was taken in).
_ANAPHORIC_DEFINITION = re.compile(r"^[^.!?]+[.!?]\s+\S")


def _with_elaboration(finding: Finding, following: str) -> Finding:
    """Return a bare mention's finding with the next sentence added when that one goes on about
    the term ("We rowed past a **sandbar**. A sandbar forms where …")."""
    # "Cooks refer to this step as **proving**. Proving lets the dough …": the naming sentence alone
    # says only that the word is used; the next one says what it is
    named_only = finding.defining and "introduced by 'called / known as'" in finding.evidence \
        and bool(_REFER_AS.search(finding.definition)) and not _ANAPHORIC_DEFINITION.match(finding.definition)
    if (finding.defining and not named_only) or finding.markup not in MARKED_KINDS:
        return finding
    head = finding.term.lower().split()[-1]
    stem = head[:-1] if head.endswith("s") and len(head) > 3 else head
    opening = " ".join(following.lower().split()[:4])
    if not (_ELABORATION_START.match(following.strip()) or re.search(rf"\b{re.escape(stem)}", opening)):
        return finding
    definition = finish_definition(finding.definition.rstrip() + " " + " ".join(following.split()))
    return replace(finding, definition=definition)


#: A heading this long (in words) may be a whole sentence: "Functions attached to objects are called methods".
_SENTENCE_HEADING_WORDS = 5


def _sentence_heading_occurrences(document: Document, block: Block, index: int) -> list[Occurrence]:
    """Return what a heading written as a whole sentence defines ("Functions attached to objects are
    called methods"): lessons that state each section's point as its heading name terms there."""
    text = block.text.rstrip().rstrip(".")
    if len(text.split()) < _SENTENCE_HEADING_WORDS or text.endswith("?") or not _CUE.search(text):
        return []
    sentence = Sentence(text + ".", 0, len(text) + 1, block.line, block.spans)
    found = []
    for finding in pattern_findings(sentence, "", False):
        # a title's "Long Name (LN)" names a product or a part of the book more often than an idea
        if finding.defining and not any(e.startswith("acronym introduction") for e in finding.evidence):
            evidence = (*finding.evidence, "in a heading written as a sentence")
            found.append(Occurrence(replace(finding, evidence=evidence), index, block.section, block.line,
                                    block.line, " ".join(text.split()) + "."))
    return found


def _with_item_below(finding: Finding, blocks: tuple[Block, ...], place: int) -> Finding:
    """Return a term named by example in a list item ("`append` is a *method* of lists.") with the
    list item on the next line added to its definition ("Like a function, but tied to an object.")."""
    if NAMED_WITH_EXAMPLE not in finding.evidence or place + 1 >= len(blocks):
        return finding
    block, below = blocks[place], blocks[place + 1]
    if below.kind != LIST_ITEM or below.line != block.line + block.text.count("\n") + 1:
        return finding
    said = " ".join(below.text.split())
    said = said[:1].lower() + said[1:] if said[1:2].islower() else said  # "Like a …" goes on the sentence
    definition = finish_definition(finding.definition.rstrip(".") + ": " + said)
    # the kind named by an instance, with what makes it that kind in the list below: a definition the
    # author wrote on purpose, even when the term is not written again
    return replace(finding, definition=definition, score=finding.score + 0.05,
                   evidence=(*finding.evidence, PROPERTIES_BELOW))


#: How many list items a definition cut at a colon takes in, and how many words of each.
_LISTED_ITEMS, _ITEM_WORDS = 6, 12


def _with_list_below(finding: Finding, sentence: Sentence, blocks: tuple[Block, ...], place: int) -> Finding:
    """Return a finding whose definition stops at a colon ("An X has three parts:") with the list items the
    sentence introduces added, each cut to its first sentence of a few words ("…: the root; the stem")."""
    tail = " ".join(sentence.text.rstrip().rstrip(":").split()[-4:]).lower()
    if not finding.defining or not finding.definition.rstrip(".").lower().endswith(tail):
        return finding
    items: list[str] = []
    section = blocks[place].section
    for block in blocks[place + 1 :]:
        if block.kind != LIST_ITEM or block.section != section or len(items) == _LISTED_ITEMS:
            break
        first = re.split(r"(?<=[.!?])\s+", " ".join(block.text.split()), maxsplit=1)[0].rstrip(".;,")
        words = first.split()
        items.append(" ".join(words[:_ITEM_WORDS]).rstrip(":") + (" …" if len(words) > _ITEM_WORDS else ""))
        if re.search(r":\s*(?:\\[a-z]+\s*)*$", block.text):
            break  # the item introduces a list of its own: its items are not the sentence's
    if not items:
        return finding
    listed = "; ".join(item[:1].lower() + item[1:] if item[1:2].islower() else item for item in items)
    definition = finish_definition(f"{finding.definition.rstrip('.')}: {listed}")
    return replace(finding, definition=definition[:-1] if definition.endswith("….") else definition)


#: Evidence of a term named by example whose nested list items below say what makes it one.
PROPERTIES_BELOW = "what makes it one listed below the example"
#: Score of a section heading naming a term over a sentence that opens with it and says what it does.
SUBJECT_UNDER_HEADING = 0.5
#: Evidence of a section heading's term that a sentence below says what it is: the text defines the name.
HEADING_STATES = "the section heading names it and a sentence below says what it is"
#: Score of a heading's term a sentence below says what it is ("## Public keys" over "A public key is …").
_STATES_UNDER_HEADING = 0.55
_HEADING_NUMBER = re.compile(r"^(?:\d+(?:\.\d+)*\.?|[A-Z]\.)\s+")
#: "What is a Mooring?", "What are Buoys?", "What's a Cleat?": a heading that asks what a term is.
_WHAT_IS = re.compile(
    r"^(?:what\s+(?:is|are)|what's)\s+(?:an?\s+|the\s+)?(?P<term>[^?]{2,60}?)\s*\?\s*$", re.I
)


#: The kind of box a callout's title opens with ("Tip: While loops"): the rest of the title is its name.
_TITLE_LABEL = re.compile(
    r"^(?:tip|tips|note|notes|hint|aside|warning|caution|reminder|optional|important|info|callout|"
    r"did\s+you\s+know|fun\s+fact|side\s+note|good\s+to\s+know)\s*[:—–-]\s+", re.I,
)


#: Words a title puts before its idea: "Understanding distributed tracing", "Working with metadata".
_ABOUT_LEAD = re.compile(
    r"^(?:understanding|(?:an?\s+)?(?:introduction|intro|overview|primer|guide)\s+(?:to|of)|about|working\s+with|"
    r"getting\s+started\s+with|(?:the\s+)?basics\s+of)\s+(?=\S)", re.I)


#: "The Policy π: the agent's brain": a name of up to three words, a colon, then a lower-case gloss.
_SUBTITLED = re.compile(r"^(?P<name>(?:[Tt]he\s+|[Aa]n?\s+)?[A-Za-z][A-Za-z-]*(?:\s+[A-Za-z][A-Za-z-]*){0,2}"
                        r"(?:\s+[α-ωΑ-Ω])?)\s*:\s+(?:the\s+|an?\s+)?[a-z]")
#: A maths symbol after a name ("Policy π", "Reward r"): the symbol the text writes for it, no part of it.
_SYMBOL_AFTER = re.compile(r"(?<=[A-Za-z]{3})\s+(?:[α-ωΑ-Ω]|[a-z])$")


def _heading_term(title: str) -> tuple[str, bool]:
    """Return a section title as a term (`Runtime Errors` → `runtime errors`), or '' if it is none,
    and whether the title asks what the term is ("What is a Mooring?")."""
    title = _ABOUT_LEAD.sub("", _TITLE_LABEL.sub("", _HEADING_NUMBER.sub("", title)))
    subtitled = _SUBTITLED.match(title)
    if subtitled:  # "The Policy π: the agent's brain": the name, then what it is
        title = subtitled.group("name")
    title = _SYMBOL_AFTER.sub("", title)
    question = _WHAT_IS.match(title)
    term = clean_term(question.group("term") if question else title)
    if term_problem(term) or len(term.split()) > 4 or any(c in term for c in ",:?!()"):
        return "", False
    # an acronym or a word with a capital inside ("ParseError") keeps its case; a title's capitals go
    words = [w if (w.isupper() and len(w) > 1) or any(c.isupper() for c in w[1:]) else w.lower()
             for w in term.split()]
    return " ".join(words), bool(question)


#: Verbs a plural subject takes in its base form when a sentence says what the things do ("Submodules
#: keep …"); a singular subject's verb is told by its -s ("Lossy compression takes …").
_PLURAL_VERBS = word_set(
    """allow let make keep store hold contain represent describe provide give take help work act maintain
    record point refer mean consist involve use show tell come belong depend form mark name carry run
    change save track link join split combine connect control define determine let send receive emit collect
    process produce generate export return accept create handle enable support transform capture measure"""
)
#: Words ending in -s after a subject that are no verb ("Compression always …", "Buoys perhaps …").
_NOT_VERBS = word_set(
    """is was has does this thus its his hers ours yours theirs as us yes always sometimes perhaps
    besides whereas nevertheless across towards afterwards unless plus versus less"""
)
_COPULAS = word_set(
    "is are was were has have had do does did can may will would could should must don doesn didn aren isn "
    "won"
)
#: How many paragraphs of a section are searched for a sentence opening with the heading's term.
_SUBJECT_REACH = 6


def _used_as_noun(word: str, prose: str) -> bool:
    """Return True when the chapter writes the word's singular after an article ("a chain"): then
    "Mooring chains rust …" has a noun where a verb was looked for."""
    bases = [word[:-1]] + ([word[:-2]] if word.endswith("es") else [])
    return any(re.search(rf"\b(?:a|an|the|each|every|this|that|one)\s+{re.escape(base)}\b", prose, re.I)
               for base in bases if len(base) >= 3)


def _opens_with_term(text: str, words: list[str], prose: str = "") -> bool:
    """Return True when a sentence opens with the term as its subject, followed by its verb:
    "Lossy compression takes the original …", "Git's submodule support allows …" is not (another
    subject), "Submodules maintain their own identity" is, "JPEG images are …" is not."""
    phrase = r"[\s-]+".join(re.escape(w) for w in words)
    match = re.match(rf"(?:(?:the|an?)\s+)?{phrase}(?P<plural>s|es)?\s+(?:[a-z]+ly\s+)?"
                     r"(?:can\s+|may\s+|will\s+)?(?P<verb>[a-z]{3,})\b(?:\W+(?P<next>[a-z]+))?", text, re.I)
    if match is None:
        return False
    if (match.group("next") or "").lower() in _PLURAL_VERBS | _COPULAS:
        return False  # "JPEG images are …", "BMP files store …": the word is a noun of a longer subject
    verb = match.group("verb")
    if verb in {"can", "may", "will"} or text[match.start("verb") - 1 : match.start("verb")] != " ":
        return False
    modal = re.search(r"\s(?:can|may|will)\s+$", text[: match.start("verb")]) is not None
    if modal or verb in _PLURAL_VERBS:  # "… can store …", "Submodules keep …": a verb saying what it does
        return verb in _PLURAL_VERBS and (modal or bool(match.group("plural")))
    # a verb in -s after a singular subject, or after a singular noun ending in -s ("Morphometrics involves")
    return verb.endswith("s") and not verb.endswith(("ss", "us", "is")) and verb not in _NOT_VERBS \
        and not _used_as_noun(verb.lower(), prose)


def _subject_sentence(term: str, document: Document, section: int, prose: str,
                      ) -> tuple[Sentence, str, str, bool] | None:
    """Return the first sentence of a section's first paragraphs that opens with the heading's term as
    subject and says what it does or what it is, with the sentence before it in its paragraph when that
    one names the term too (it is part of the explanation), the term in the singular when the heading
    names it in the plural and the section also writes the singular ("Submodules" → "submodule"), and
    whether the sentence says what the term is; or None."""
    words = [w[:-1] if w.endswith("s") and len(w) > 3 and not w.endswith(("ss", "us", "is", "'s", "’s"))
             else w for w in term.lower().split()]
    mention = re.compile(r"\b" + r"\w*\W+".join(re.escape(w) for w in words), re.I)
    paragraphs = [b for b in document.blocks if b.section == section and b.kind == PROSE][:_SUBJECT_REACH]
    for block in paragraphs:
        if not mention.search(block.text):
            continue
        sentences = split_sentences(block, document.language)
        for position, sentence in enumerate(sentences):
            text = " ".join(sentence.text.split())
            # what it is, said at the top of the section (further down, a sentence may say what else it is)
            states = block is paragraphs[0] and position < 2 and _says_what_it_is(text, words, qualified=True)
            if (states or _opens_with_term(text, words, prose)) and not text.endswith("?"):
                before = " ".join(sentences[position - 1].text.split()) if position else ""
                said = f"{before} {text}" if before and mention.search(before) else text
                after = sentences[position + 1].text if position + 1 < len(sentences) else ""
                if states and _ELABORATION_START.match(after):
                    said += " " + " ".join(after.split())
                return sentence, said, _singular_if_written(term, words[-1], paragraphs), states
    return None


def _singular_if_written(term: str, singular: str, paragraphs: list[Block]) -> str:
    last = term.split()[-1]
    if last.lower() == singular or not any(re.search(rf"\b{re.escape(singular)}\b", b.text, re.I)
                                           for b in paragraphs):
        return term
    return term[: len(term) - len(last)] + (singular if last.islower() else last[: len(singular)])


def _says_what_it_is(text: str, words: list[str], qualified: bool = False) -> bool:
    """Return True when a sentence opens with the term (after an article and up to two modifiers) and says
    what it is: "An Ethereum public key is a point …", "Slices are views into …". `qualified`: the term
    alone may also open it with the path of the module it lives in, and the copula may be followed by
    whose it is ("xarray.Dataset is xarray's container of …": a name in code the sentence defines)."""
    phrase = r"[\s-]+".join(re.escape(w) for w in words)
    text = re.sub(r"\s*\([^()]{1,60}\)", "", text)  # "Overviews are downsampled (aggregated) data intended …"
    text = re.sub(r"(?<=[A-Za-z])\s+[α-ωΑ-Ω](?=\s)", "", text)  # "The Policy π is …": the symbol for it
    whose = r"(?:an?\s|the\s|[\w-]+['’]s\s)"
    if qualified and re.match(rf"(?:[A-Za-z_]\w*\.)*{phrase}\s+is\s+{whose}", text, re.I):
        return True
    return re.match(rf"(?:(?:an?|the)\s+)?(?:[\w'’-]+\s+){{0,2}}?{phrase}(?:s|es)?\s+(?:is|are)\s+"
                    r"(?:(?:an?|the|one)\s|[a-z]{3,}s\s+(?:that|which|of|into|for)\s|"
                    # "Span attributes are metadata attached to …", "Attributes are key-value pairs that …"
                    r"(?:[\w-]+\s+){0,2}(?![\w-]*(?:ful|ive|able|ible|ous|ly|al|ic|ant|ent)\s)[a-z][\w-]{2,}\s+"
                    r"(?:that|which|who|of|into|for|[a-z]{2,}(?:ed|en|wn)|made|sent|held|kept|built|"
                    r"containing|describing)\s)",
                    text, re.I) is not None


#: Generic head nouns after a name written as code in a reference heading ("The `edition` field").
_KEY_HEADS = frozenset({
    "field", "fields", "table", "tables", "key", "keys", "option", "options", "setting", "settings",
    "attribute", "attributes", "parameter", "parameters", "flag", "flags", "argument", "arguments",
    "directive", "directives"})
#: Evidence of a reference heading over a key, field or option named in code.
KEY_HEADING = "a heading over a key, field or option named in code: a setting described, not a term defined"


def _names_a_code_key(document: Document, section: int, term: str) -> bool:
    """Return True when the section's heading names a key in code before a generic head noun:
    "The `edition` field", "The `lints` table" (reference pages describe such keys; they are settings)."""
    words = term.lower().split()
    if len(words) < 2 or words[-1] not in _KEY_HEADS:
        return False
    heading = next((b for b in document.blocks if b.kind == HEADING and b.section == section), None)
    code = {heading.text[s.start : s.end].strip("`").lower() for s in heading.spans if s.kind == CODE_SPAN} \
        if heading is not None else set()
    return " ".join(words[:-1]) in code


def _as_code_key(finding: Finding) -> Finding:
    return replace(finding, defining=False, score=min(finding.score, _POINT_LABEL_SCORE),
                   evidence=(*finding.evidence, KEY_HEADING))


def _pronoun_for_head(text: str, head: str) -> bool:
    """Return True when a sentence says what a kind is through a pronoun and the heading's head noun:
    "These are tasks that continue forever" under "Continuing tasks"."""
    return re.match(rf"(?:these|this|they|it)\s+(?:is|are)\s+(?:an?\s+|the\s+)?{re.escape(head)}(?:s|es)?\s+"
                    r"(?:that|which|where|in\s+which|with|whose)\s", text, re.I) is not None


#: Evidence of a section explaining one of the kinds a sentence before it names.
KIND_SECTION = "the chapter names it among the kinds of a thing, then gives it a section"


def _kinds_named_before(document: Document, section: int, words: list[str]) -> str:
    """Return the sentence naming the heading's kind among others before its section ("We can have two
    types of tasks: episodic and continuing" before "## Episodic task"), or ''."""
    if len(words) < 2:
        return ""
    modifier, head = " ".join(words[:-1]), words[-1]
    kinds = re.compile(rf"\b(?:types|kinds|sorts|categories|classes)\s+of\s+{re.escape(head)}s?\b"
                       rf"[^.;]{{0,80}}?\b{re.escape(modifier)}\b", re.I)
    for block in document.blocks:
        if block.section >= section:
            break
        if block.kind == PROSE and (found := kinds.search(block.text)):
            return " ".join(found.group(0).split())
    return ""


#: The opening words of a paragraph that says what the links or readings below it are, not what the idea is.
_DESCRIBES_LINKS = re.compile(
    r"^(?:(?:a\s+)?(?:list|collection|selection)\s+of\s+|(?:some|more|other|further|useful|recommended)\s+)?"
    r"(?:articles?|links?|resources?|readings?|videos?|talks?|blog\s+posts?|posts?|books?|papers?|"
    r"tutorials?|courses?|explanations?\s+and\s+examples|references?)\s+(?:on|about|discussing|explaining|"
    r"covering|describing|showing|of|for|that|which|to|and|with|from|in)\b", re.I)


#: Words right after a term that go on to say what it is: a copula, a gloss in brackets, an appositive.
_SAYS_AFTER = re.compile(
    r"^\w*[\]\"'”’*_`]*\s*(?:\(|:\s|[—–]|,\s*(?:an?|the|or|i\.e\.|meaning|also)\b|,?\s*(?:which|that|who|where)\b|"
    r"\s(?:is|are|was|were|means|refers|denotes|stands|describes|lets|allows|holds|contains|keeps|makes)\b)",
    re.I)
#: Words before a term that name it: "called", "known as", "the term".
_NAMES_BEFORE = re.compile(r"\b(?:called|known\s+as|termed|named|the\s+(?:term|word|notion|concept))\s+"
                           r"(?:an?\s+|the\s+)?[\"'“‘*_`]*$", re.I)
#: Words anywhere in a sentence that say what something is.
_WHAT_SOMETHING_IS = re.compile(
    r"\b(?:is|are)\s+(?:an?|the|one|when|where)\b|\b(?:called|known\s+as|stands\s+for|means|refers\s+to|"
    r"denotes)\b", re.I)


def _phrase(words: list[str]) -> str:
    """Return a pattern for a heading's words in a sentence: any ending, an aside in brackets between."""
    return r"\w*(?:\W+\([^()]{1,60}\))?[\s-]+".join(re.escape(w) for w in words) + r"\w*"


def _says_something_of(text: str, words: list[str]) -> bool:
    """Return True when a sentence under a heading says something of the heading's term (it is the
    subject, words after it gloss it, words before it name it) or says what something is, rather than
    only using the word ("Every sailor should learn a few knots")."""
    if _WHAT_SOMETHING_IS.search(text):
        return True
    for found in re.finditer(rf"\b{_phrase(words)}", text, re.I):
        before = text[: found.start()].strip(" *_`\"“[")
        if not before or re.fullmatch(r"(?:(?:an?|the)\s+)?(?:[\w'’-]+\s+){0,2}", before + " ", re.I):
            return True  # the sentence opens with it: what follows is said of it
        if _SAYS_AFTER.match(text[found.end():]) or _NAMES_BEFORE.search(text[: found.start()]):
            return True
    return False


#: A subject that stands for what the heading names ("This is a knot that …", "There are two knots").
_PRONOUN_SUBJECT = re.compile(r"^(?:this|these|that|those|it|they|there|here|such\s+\w+|each\s+one)$", re.I)


def _defines_another(text: str, words: list[str]) -> bool:
    """Return True when a sentence says what another thing is, the heading's term named only as its kind:
    "A bowline is a knot that …" or "The Sun is a star …" under "Knots" or "Stars", "Loam is soil …" (not
    "`<-` is the assignment operator" or "… is netCDF, which is …": there the term names the subject)."""
    copula = re.search(r"\s(?:is|are|was|were)\s", text[:80])
    if copula is None:
        return False
    text = text[:copula.end() + 160]  # the subject is short, the term close after the copula
    found = re.match(rf"(?P<subject>[^,;:.!?()]{{1,60}}?)\s+(?:is|are|was|were)\s+"
                     rf"(?:(?:also|simply|just|really|basically|essentially)\s+)?(?:(?:an?|some|any)\s+)?"
                     rf"(?:(?![\w'’-]*ed\b|(?:by|via|in|on|at|of|to|for|with|from|into|through|under|over|as|than|"
                     rf"like|not|also|only|the)\b)[\w'’-]+\s+){{0,3}}?(?P<term>{_phrase(words)})", text, re.I)
    if found is None or found.group("term") != found.group("term").lower():
        return False  # "… is netCDF": a name, what the subject is called
    if re.match(r"\s*(?:,\s*(?:which|that|an?)\b|\()", text[found.end():]):
        return False  # the term is glossed in its turn: the sentence explains it too
    subject = found.group("subject").strip(" *_`\"“")
    if len(re.sub(r"^(?:an?|the)\s+", "", subject, flags=re.I).split()) > 3:
        return False  # "The most basic unit of memory is a byte": a description the term names
    return not _PRONOUN_SUBJECT.match(subject) and re.search(rf"\b{_phrase(words)}", subject, re.I) is None


def _titled_occurrence(title: str, block: Block, document: Document, index: int, section: int,
                       where: str, prose: str = "") -> Occurrence | None:
    """Return the finding for a title (a section heading, a callout's title) that names a term the
    block below it explains: one of its first two sentences uses the title's words, or (a section
    heading) a sentence of its first paragraphs opens with the term as subject of its verb."""
    term, question = _heading_term(title)
    if not term or _DESCRIBES_LINKS.match(block.text.lstrip(" *_")):
        return None  # "## Reducers" over "Articles discussing ways to write reducers": a reading list's part
    in_section = where == "the section heading" and not question
    subject = _subject_sentence(term, document, section, prose) if in_section else None
    if subject is not None:
        sentence, said, named, states = subject
        evidence = (f"{where} names it and a sentence below says what it is",) if states else \
            (f"{where} names it and a sentence below opens with it, saying what it does",)
        labels = (named, term) if named != term else ()  # the heading's plural stays a label
        finding = Finding(named, _STATES_UNDER_HEADING if states else SUBJECT_UNDER_HEADING, evidence,
                          finish_definition(said), True, labels=labels, markup="heading", initial=True)
        if in_section and _names_a_code_key(document, section, named):
            finding = _as_code_key(finding)
        end = sentence.line + sentence.text.count("\n")
        return Occurrence(finding, index, section, sentence.line, end, " ".join(sentence.text.split()))
    words = [w[:-1] if w.endswith("s") and len(w) > 3 and not w.endswith(("'s", "’s")) else w
             for w in term.lower().split()]
    opening = split_sentences(block, document.language)[:1]
    kinds = _kinds_named_before(document, section, words) if in_section and opening else ""
    pronoun = in_section and len(words) >= 2 and bool(opening) and block.kind == PROSE \
        and _pronoun_for_head(" ".join(opening[0].text.split()), words[-1])
    if pronoun or (kinds and block.kind == PROSE):
        # "## Continuing tasks" over "These are tasks that continue forever …": what the kind is; or "two
        # types of tasks: **episodic** and **continuing**" before "## Episodic task" over "In this case, we
        # have a start and an end …": the section says what that kind is, and the bare modifier names it too
        named = " ".join(words)
        text = " ".join(opening[0].text.split())
        evidence = (HEADING_STATES,) if pronoun else (f"{KIND_SECTION} ({kinds})",)
        modifier = " ".join(words[:-1])
        # the bare modifier names the kind ("episodic") unless the text uses it as a noun ("the tree")
        own_noun = re.search(rf"\b(?:a|an|the|each|every|this|that)\s+{re.escape(modifier)}\b"
                             rf"(?!\W+{re.escape(words[-1])})", prose, re.I)
        labels = (named, term, *((modifier,) if kinds and not own_noun else ()))
        finding = Finding(named, _STATES_UNDER_HEADING, evidence, finish_definition(text), True,
                          labels=tuple(dict.fromkeys(labels)) if len(set(labels)) > 1 else (),
                          markup="heading", initial=True)
        end = opening[0].line + opening[0].text.count("\n")
        return Occurrence(finding, index, section, opening[0].line, end, text)
    gerund = len(words) == 1 and words[0].endswith("ing") and len(words[0]) >= 7
    if gerund:
        words = [words[0][:-3]]  # "## Chunking" over "… by creating *chunks*": the act and its thing
    # the words may have an aside in brackets between them ("An EC2 (Elastic Compute Cloud) instance")
    pattern = re.compile(r"\b" + r"\w*(?:\W+\([^()]{1,60}\))?\W+".join(re.escape(w) for w in words) + r"\w*",
                         re.I)
    sentences = split_sentences(block, document.language)[:2]
    labels: tuple[str, ...] = ()
    order = list(enumerate(sentences))
    if question:  # the heading asks what it is: the sentence saying what it is answers, wherever it stands
        order.sort(key=lambda pair: not _says_what_it_is(" ".join(pair[1].text.split()), words))
    for position, sentence in order:
        if not (mentioned := pattern.search(sentence.text)):
            continue
        if not question and _defines_another(" ".join(sentence.text.split()), words):
            continue  # "## Knots" over "A bowline is a knot that …": the sentence says what a bowline is
        if gerund and mentioned.group(0).lower() != term.lower():
            # the sentence names the thing the heading's act makes: the entry is the thing, the act a label
            thing = mentioned.group(0).lower()
            thing = thing[:-1] if thing.endswith("s") and not thing.endswith("ss") else thing
            term, labels = thing, (thing, term)
        text = " ".join(sentence.text.split())
        if position + 1 < len(sentences) and _ELABORATION_START.match(sentences[position + 1].text):
            text += " " + " ".join(sentences[position + 1].text.split())
        if question:  # the heading asks what it is and the paragraph answers
            evidence: tuple[str, ...] = (f"{where} asks what it is and the text below answers",)
            score = 0.55
        elif _says_what_it_is(text, words):
            # "## Public keys" over "An Ethereum public key is a point on a curve …": the sentence says what
            # the heading's term is, with a modifier of its own
            evidence = (f"{where} names it and a sentence below says what it is",)
            score = 0.55
        else:
            evidence = (f"{where} names it and the text below explains it",)
            score = 0.45
        definition = finish_definition(text)
        marked = any(span.kind in {STRONG, DFN, GLOSSARY_LINK, TERM_ROLE}
                     and pattern.search(sentence.text[span.start:span.end]) for span in sentence.spans)
        if score < 0.5 and not marked and not _says_something_of(text, words):
            # "## Knots" over "Every sailor should learn a few knots": a use, no definition
            definition, evidence = "", (f"{where} names it and the text below uses it",)
        finding = Finding(term, score, evidence, definition, True, labels=labels, markup="heading",
                          initial=True)
        if in_section and _names_a_code_key(document, section, term):
            finding = _as_code_key(finding)
        end = sentence.line + sentence.text.count("\n")
        return Occurrence(finding, index, section, sentence.line, end, " ".join(sentence.text.split()))
    return None


def heading_occurrences(document: Document, index: int, skipped: set[int]) -> list[Occurrence]:
    """Return a finding for each section or callout whose title names a term its first paragraph explains.

    The first prose paragraph of the section must use the title's words in one of its
    first two sentences; that sentence (and the next, if it goes on) is the definition.
    A callout's title (a short first line in the box) counts the same way for the box's text.
    """
    found: list[Occurrence] = []
    first_prose: dict[int, Block] = {}
    prose = " ".join(b.text for b in document.blocks if b.kind in _READ_KINDS)
    first_item: dict[int, Block] = {}
    for block in document.blocks:
        if block.kind == PROSE and block.section not in first_prose:
            first_prose[block.section] = block
        elif block.kind == LIST_ITEM and block.section not in first_item:
            first_item[block.section] = block
    for section, item in first_item.items():  # a slide: its title over bullets, no paragraph
        first_prose.setdefault(section, item)
    for number, section in enumerate(document.sections):
        block = first_prose.get(number)
        if not section.title or number in skipped or block is None:
            continue
        occurrence = _titled_occurrence(section.title, block, document, index, number, "the section heading",
                                        prose)
        if occurrence is not None:
            found.append(occurrence)
    blocks = document.blocks
    for title, body in pairwise(blocks):
        if title.kind == ASIDE and body.kind == ASIDE and title.label == body.label \
                and title.label.lower() in EXPLAINING_ASIDES and body.section not in skipped \
                and len(title.text.split()) <= 6 and not title.text.rstrip().endswith((".", ":", ";")):
            occurrence = _titled_occurrence(title.text, body, document, index, body.section,
                                            "the callout's title")
            if occurrence is not None:
                found.append(occurrence)
    return found


#: A heading that does something with a tool's subcommand: "Getting updates with git pull".
_COMMAND_HEADING = re.compile(
    r"^(?:\d+(?:\.\d+)*\.?\s+)?[A-Z][a-z]+ing\b.{0,60}?\s(?:with|using|via)\s+"
    r"`?(?P<tool>[a-z][\w-]{1,20})[ -](?P<command>[a-z]{3,}(?:-[a-z]+)?)`?$"
)
#: Evidence of a command heading: the idea a command is named after (not the command's own name).
COMMAND_HEADING = "a section heading does something with the command named after it"


def _runs(document: Document, tool: str, command: str) -> bool:
    """Return True when the chapter's code (a block or a code span) runs `tool command`."""
    invoked = re.compile(rf"\b{re.escape(tool)}[ -]{re.escape(command)}\b")
    return any(
        (b.kind == CODE and invoked.search(b.text))
        or any(s.kind == CODE_SPAN and invoked.search(b.text[s.start : s.end]) for s in b.spans)
        for b in document.blocks
    )


def command_occurrences(document: Document, index: int, skipped: set[int]) -> list[Occurrence]:
    """Return a finding for a tool subcommand a section heading does something with ("Getting
    updates with git pull") when the chapter runs it and its prose also speaks of it as a thing
    ("a pull", "the pull"): the idea the command is named after is introduced there, and the
    section's first sentence that names the command says what it does."""
    found: list[Occurrence] = []
    prose = " ".join(b.text for b in document.blocks if b.kind in _READ_KINDS)
    for number, section in enumerate(document.sections):
        match = _COMMAND_HEADING.match(section.title) if number not in skipped else None
        if match is None or not _runs(document, match.group("tool"), match.group("command")):
            continue
        command = match.group("command")
        as_thing = rf"\b(?:an?|the|each|every|this|that)\s+{re.escape(command)}\b(?![-/.]\w)"
        if not re.search(as_thing, prose, re.I):
            continue  # the command's name is never used as the name of a thing
        mention = re.compile(rf"(?<![\w/]){re.escape(command)}\b")
        for block in (b for b in document.blocks if b.section == number and b.kind in _READ_KINDS):
            sentences = split_sentences(block, document.language)
            sentence = next((s for s in sentences if mention.search(s.text)), None)
            if sentence is None:
                continue
            text = " ".join(sentence.text.split())
            definition = finish_definition(plain_sentence(sentence))
            finding = Finding(command, 0.5, (COMMAND_HEADING,), definition, True, markup="heading",
                              initial=True)
            end_line = sentence.line + sentence.text.count("\n")
            found.append(Occurrence(finding, index, number, sentence.line, end_line, text))
            break
    return found


#: "the `for` loop", "an `if` statement": a keyword in code markup and the construct it starts.
_CONSTRUCT_AFTER = re.compile(r"^\s+(?P<noun>loop|statement|block|clause|expression)s?\b")
#: A keyword this long at most (a longer code word is a name, not a keyword).
_KEYWORD_LENGTH = 8
#: Evidence of a construct named after its keyword.
KEYWORD_CONSTRUCT = "a keyword in code markup names the construct it starts ('the `for` loop')"
#: Evidence that the chapter names the construct with its keyword in code more than once (word
#: counts over the plain text miss "`for()` loop").
NAMED_AGAIN = "the chapter names the construct with its keyword again"


#: Markup a keyword is written in where the text names its construct: code, or bold ("the **for** statement").
_KEYWORD_MARKUP = frozenset({CODE_SPAN, STRONG})


def keyword_occurrences(document: Document, index: int, skipped: set[int]) -> list[Occurrence]:
    """Return a finding for each construct the chapter's prose names after its keyword ("the `for`
    loop", "an `if` statement"), at the chapter's first prose sentence that uses the keyword in
    code markup (where the text says what the keyword does), read as that construct's introduction."""
    readable = [b for b in document.blocks if b.kind in _READ_KINDS and b.section not in skipped]
    constructs: dict[str, str] = {}
    mentions: dict[str, int] = {}
    for block in readable:
        for span in block.spans:
            word = block.text[span.start : span.end].strip().removesuffix("()")  # R writes `for()`
            if span.kind not in _KEYWORD_MARKUP or not word.isalpha() or not word.islower() \
                    or len(word) > _KEYWORD_LENGTH:
                continue
            construct = _CONSTRUCT_AFTER.match(block.text[span.end :])
            if construct and constructs.setdefault(word, construct.group("noun")) == construct.group("noun"):
                mentions[word] = mentions.get(word, 0) + 1
    found: list[Occurrence] = []
    for word, noun in constructs.items():
        occurrence = _first_keyword_sentence(readable, document, index, word, noun)
        if occurrence is not None and mentions[word] >= 2:  # the text's own count: "`for()` loop" is
            evidence = (*occurrence.finding.evidence, f"{NAMED_AGAIN} ({mentions[word]} times)")
            occurrence = replace(occurrence, finding=replace(occurrence.finding, evidence=evidence))
        if occurrence is not None:
            found.append(_with_heading_name(occurrence, document, noun))
    return found


def _with_heading_name(occurrence: Occurrence, document: Document, noun: str) -> Occurrence:
    """Return a keyword construct with the name its section heading gives the kind ("## Conditionals"
    over "… with an `if` statement", and "Conditional statements …" in the text): "conditional
    statement" is another label of the construct the section introduces, not a second entry."""
    section = document.sections[occurrence.section] if occurrence.section < len(document.sections) else None
    title = _HEADING_NUMBER.sub("", section.title).strip().lower() if section and section.title else ""
    keyword = occurrence.finding.term.split()[0]
    # "The `for` Loop" over "the **for** statement": the heading's name of the construct is a label
    construct = re.fullmatch(rf"(?:the\s+)?[`'\"]?{re.escape(keyword)}(?:\(\))?[`'\"]?\s+"
                             r"(?P<noun>loop|statement|block|clause|expression)s?", title)
    if construct and construct.group("noun") != noun:
        finding = occurrence.finding
        name = f"{keyword} {construct.group('noun')}"
        labels = tuple(dict.fromkeys((*(finding.labels or (finding.term,)), name)))
        evidence = (*finding.evidence, f"the section heading names it '{name}'")
        return replace(occurrence, finding=replace(finding, labels=labels, evidence=evidence))
    if not re.fullmatch(r"[a-z]{4,}s?", title):
        return occurrence
    kind = title[:-1] if title.endswith("s") and not title.endswith("ss") else title
    named = re.compile(rf"\b{re.escape(kind)}\s+{re.escape(noun)}s?\b", re.I)
    if kind == noun or not any(named.search(b.text) for b in document.blocks
                               if b.section == occurrence.section and b.kind in _READ_KINDS):
        return occurrence
    finding = occurrence.finding
    labels = tuple(dict.fromkeys((*(finding.labels or (finding.term,)), f"{kind} {noun}")))
    evidence = (*finding.evidence, f"the section heading names its kind ('{kind} {noun}')")
    return replace(occurrence, finding=replace(finding, labels=labels, evidence=evidence))


def _first_keyword_sentence(readable: list[Block], document: Document, index: int, word: str,
                            noun: str) -> Occurrence | None:
    """Return the first sentence that speaks of the keyword as such ("the keyword `for`") or opens
    with the construct doing something ("The `del` statement removes …"), or None."""
    code = rf"[`'\"‘“]?{re.escape(word)}(?:\(\))?[`'\"’”]?"
    speaks = re.compile(rf"\bkeyword\s+{code}(?!\w)|(?<!\w){code}\s+keyword\b|"
                        rf"^(?:An?|The)\s+{code}\s+{noun}s?\s+(?:\([^()]{{1,80}}\)\s+)?(?!is\b|are\b)[a-z]+s\b|"
                        rf"\b(?:an?|the)\s+{code}\s+{noun}\s+(?:will|can|lets|allows)\s+\w")
    spelled = {word, f"{word}()"}
    for block in readable:
        if not any(s.kind in _KEYWORD_MARKUP and block.text[s.start : s.end].strip() in spelled
                   for s in block.spans):
            continue
        for sentence in split_sentences(block, document.language):
            text = " ".join(sentence.text.split())
            if not speaks.search(text) or text.endswith("?"):
                continue
            term = f"{word} {noun}"
            alias = re.search(rf"{code}\s+{noun}s?\s+\((?:[a-z]+\s+)?(?:called|known\s+as)\s+"
                              r"(?:an?\s+|the\s+)?(?P<name>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2})\)", text)
            labels = (term, alias.group("name")) if alias and not term_problem(alias.group("name")) else ()
            finding = Finding(term, 0.6, (KEYWORD_CONSTRUCT,), finish_definition(plain_sentence(sentence)),
                              True, labels=labels, initial=True)
            end = sentence.line + sentence.text.count("\n")
            return Occurrence(finding, index, block.section, sentence.line, end, text)
    return None


def _described_term(document: Document, number: int, index: int) -> list[Occurrence]:
    """Return the marked term (<dfn>, a glossary link) a definition list's label holds, with the
    first sentence of the item's text as what is said of it (the label alone is no sentence)."""
    block = document.blocks[number]
    sentences = split_sentences(block, document.language)
    if len(sentences) != 1:
        return []
    following = document.blocks[number + 1] if number + 1 < len(document.blocks) else None
    said = split_sentences(following, document.language) if following is not None \
        and following.kind in _READ_KINDS else ()
    found = []
    for finding in marked_findings(sentences[0], "", False):
        if finding.markup not in {DFN, GLOSSARY_LINK, TERM_ROLE}:
            continue
        if said:
            finding = replace(finding, definition=finish_definition(said[0].text))
        found.append(Occurrence(finding, index, block.section, block.line, block.line, block.text))
    return found


#: An index entry names what the next few paragraphs discuss; its term is looked for this far.
_INDEX_REACH = 6


def _mention(term: str) -> re.Pattern[str]:
    words = [re.escape(w) for w in term.split()]
    return re.compile(r"(?<![\w-])" + r"[\s-]+".join(words) + r"(?:s|es)?(?![\w-])", re.I)


def index_occurrences(document: Document, index: int, skipped: set[int]) -> list[Occurrence]:
    """Return a finding for the first mention of each term of the author's index entries (reST
    `.. index::`) in the few paragraphs after the entry, read as a marked phrase: the words
    around it decide whether it is defined there, as for bold or a `:term:` role."""
    found: list[Occurrence] = []
    readable = [b for b in document.blocks if b.kind in _READ_KINDS and b.section not in skipped]
    for entry in document.index_terms:
        term = clean_term(entry.term)
        if term_problem(term) or is_identifier(term):
            continue
        pattern = _mention(term)
        following = [b for b in readable if b.line >= entry.line][:_INDEX_REACH]
        for block in following:
            if not pattern.search(block.text):
                continue
            occurrence = _indexed_in(block, pattern, term, document, index)
            if occurrence is not None:
                found.append(occurrence)
            break
    return found


def _indexed_in(block: Block, pattern: re.Pattern[str], term: str, document: Document,
                index: int) -> Occurrence | None:
    sentences = split_sentences(block, document.language)
    for number, sentence in enumerate(sentences):
        match = pattern.search(sentence.text)
        if match is None:
            continue
        if any(s.start < match.end() and match.start() < s.end for s in sentence.spans):
            return None  # already marked (bold, a :term: role): that markup speaks for it
        marked = replace(sentence, spans=(*sentence.spans, Span(INDEXED, match.start(), match.end())))
        previous = sentences[number - 1].text if number else ""
        for finding in marked_findings(marked, previous, block.kind == LIST_ITEM):
            # "The comparison operators work …": the term modifies a longer noun, it is no subject
            subject_only = any(e.startswith("the subject of") for e in finding.evidence)
            if finding.markup == INDEXED and not subject_only:
                if number + 1 < len(sentences):
                    finding = _with_elaboration(finding, sentences[number + 1].text)
                end = sentence.line + sentence.text.count("\n")
                return Occurrence(finding, index, block.section, sentence.line, end,
                                  " ".join(sentence.text.split()))
        return None
    return None


def _with_pattern_labels(marked: list[Finding], patterns: list[Finding]) -> list[Finding]:
    """Return the marked findings with the other names a sentence pattern found for the same term
    ("a **graphical user interface** (GUI)": the bold phrase also gets its acronym)."""
    found = []
    for finding in marked:
        same = [f for f in patterns if f.term.lower() == finding.term.lower()]
        if not same:
            found.append(finding)
            continue
        more = tuple(label for f in same for label in f.labels)
        labels = finding.labels
        if more:
            labels = tuple(dict.fromkeys((*(finding.labels or (finding.term,)), *more)))
        evidence = tuple(dict.fromkeys((*finding.evidence, *(e for f in same for e in f.evidence))))
        finding = replace(finding, labels=labels, evidence=evidence)
        stated = max((f for f in same if f.defining), key=lambda f: f.score, default=None)
        if stated is not None and not finding.defining:
            # "(A *dialog box* is a small window …)": the words define what the markup only marked
            finding = replace(finding, defining=True, score=max(finding.score, stated.score),
                              definition=stated.definition)
        found.append(finding)
    return found


#: A block that opens with a short label and a colon: "**View:** …", "Survey: …", "- **Trip**: …".
_LABEL_OPENING = re.compile(r"^[\"'“‘]?[A-Za-z][\w'’/&-]*(?:\s+[\w'’/&-]+){0,3}\s*[:：]\s*\S")
#: Words of a lead-in that announces parts of a screen or of a data table ("The menu bar has these menus:").
_PARTS_WORDS = re.compile(
    r"\b(?:menus?|menu\s+bar|panes?|panels?|windows?|tabs?|buttons?|toolbars?|screens?|icons?|dialog(?:ue)?s?|"
    r"sidebars?|widgets?|tables?|columns?|fields?|rows?|spreadsheets?|sheets?|datasets?|database|"
    # the labels a thing can be given: "GitHub lets owners define any labels they want: …"
    r"labels?|statuses|priorities)\b",
    re.I,
)
#: Words of a lead-in that says the list defines terms after all ("These terms:", "Some vocabulary:").
_TERMS_WORDS = re.compile(
    r"\b(?:terms?|terminology|vocabulary|words?|concepts?|definitions?|glossary|jargon)\b", re.I
)
#: How many label items in a row make a list of parts rather than a few terms with their meanings.
_LABEL_RUN = 3


def _labels_a_part(block: Block) -> bool:
    if block.kind == DEFINITION:
        return bool(block.term) and len(block.term.split()) <= 4
    return block.kind in {PROSE, LIST_ITEM} and bool(_LABEL_OPENING.match(block.text))


def part_label_blocks(blocks: tuple[Block, ...], headings: tuple[str, ...]) -> frozenset[int]:
    """Return the places of blocks that label parts of a screen or a table: a run of three or more
    list items, paragraphs or definition items, each opening with a short label (and a colon),
    announced by a lead-in (the last two sentences before the run, or the section heading) that speaks
    of menus, panes, tables, columns, labels, statuses … and not of terms (or a short lead-in that goes on
    from such a run just before); also a labelled paragraph right above a table (the table's caption).
    Their labels name parts or values; they are not defined terms."""
    labelled = [_labels_a_part(b) for b in blocks]
    found: set[int] = set()
    start = 0
    while start < len(blocks):
        if not labelled[start]:
            start += 1
            continue
        end = start
        section = blocks[start].section
        while end + 1 < len(blocks) and labelled[end + 1] and blocks[end + 1].section == section:
            end += 1
        if end - start + 1 >= _LABEL_RUN:
            before = blocks[start - 1] if start and blocks[start - 1].section == section else None
            lead = " ".join(re.split(r"(?<=[.!?])\s+", before.text.strip())[-2:]) if before is not None \
                and before.kind != HEADING else ""
            heading = headings[section] if section < len(headings) else ""
            announce = f"{lead} {heading}"
            # "Projects also often use:" between two such runs goes on with the one before
            goes_on = before is not None and start >= 2 and start - 2 in found and len(lead.split()) <= 8 \
                and lead.rstrip().endswith(":") and re.search(r"\b(?:also|other|more|further)\b", lead, re.I)
            if (_PARTS_WORDS.search(announce) and not _TERMS_WORDS.search(announce)) or goes_on:
                found.update(range(start, end + 1))
        start = end + 1
    for place, block in enumerate(blocks[:-1]):
        following = blocks[place + 1]
        if labelled[place] and block.kind == PROSE and following.kind == TABLE \
                and following.section == block.section:
            found.add(place)  # "**Boat**: the boats in the club." right above a table: the table's caption
    return frozenset(found)


#: A sentence that names what a pronoun stands for and says nothing else of it: "This is called X.",
#: "We call this X.", "In a channel, we call this X." (not "This type of flow is called X", which says
#: itself what is named).
_BARE_NAMING = re.compile(
    r"^(?:(?:in|on|for|at|by|within)\s[^,.;:]{1,60},\s*)?(?:(?:this|that|these|those|it)\s+(?:is|are|was|were)\s+(?:(?:often|usually|also|sometimes|commonly|"
    r"generally|simply)\s+)?(?:called|known\s+as|named|referred\s+to\s+as|termed)|"
    r"we\s+(?:often\s+|usually\s+|sometimes\s+)?call\s+(?:this|that|these|those|it|them))\s", re.I)


def _last_sentence(document: Document, place: int) -> str:
    """Return the last sentence of the paragraph right before a paragraph of the same section, or ''."""
    block = document.blocks[place]
    before = document.blocks[place - 1] if place else None
    if block.kind != PROSE or before is None or before.kind != PROSE or before.section != block.section:
        return ""
    sentences = split_sentences(before, document.language)
    return " ".join(sentences[-1].text.split()) if sentences else ""


def collect(documents: tuple[Document, ...], english: tuple[bool, ...]) -> list[Occurrence]:
    """Return every signal occurrence in the chapters, in reading order."""
    found: list[Occurrence] = []
    for index, document in enumerate(documents):
        found.extend(collect_document(document, index, english[index]))
    return found


#: Markup of a finding that only joins a term found by other signals: a plain sentence saying what a name
#: is ("Cargo is the Rust package manager."), no sign by itself that the name is a term of the book.
NAME_SUBJECT = "name-subject"
#: "Cargo is the Rust package manager.": a capitalised name of up to three words, 'is a / the', a noun phrase.
_NAME_SUBJECT = re.compile(
    r"^(?P<name>[A-Z][\w.+#-]*(?:\s+[A-Z][\w.+#-]*){0,2})\s+(?:\([^()]{1,60}\)\s+)?(?:is|are)\s+"
    r"(?P<rest>(?:an?|the)\s+(?!(?:same|following|first|last|only|best|most|next|main|default|one|other|case|"
    r"way|reason|result|problem|point|idea|goal|answer|question)\b)[A-Za-z][\w'’-]*\s+\S.{4,})$", re.S)
#: Capitalised words that open sentences without naming anything.
_NOT_NAMES = word_set(
    """this that these those it there here the a an each every one all some another what which who why how
    when where our your its their his her my we you they he she i such both neither either other most many
    few several now then so but and or if in on at for to with as by from after before while once today next
    first finally also however thus hence therefore note"""
)


def _named_subject(sentence: Sentence, taken: set[str]) -> list[Finding]:
    """Return a finding for a sentence that says what a capitalised name is ("Cargo is the Rust package
    manager."), marked NAME_SUBJECT: it joins the name's other findings (an earlier place where the text
    says what it is) and makes no candidate of its own."""
    text = " ".join(sentence.text.split())
    found = _NAME_SUBJECT.match(text)
    if found is None:
        return []
    name = found.group("name")
    if name.lower() in taken or name.split()[0].lower() in _NOT_NAMES or term_problem(name):
        return []
    evidence = ("a sentence 'Name is a / the …' says what the name is",)
    return [Finding(name, 0.55, evidence, finish_definition(found.group("rest")), True, markup=NAME_SUBJECT,
                    initial=True)]


#: "maps data to a bit string of a fixed size (a hash)": a description with its article, then the name of
#: what it describes in brackets, with an indefinite article ("(the challenge)" points back to a thing).
_NAME_IN_BRACKETS = re.compile(
    r"\b(?:an?|the)\s+(?P<description>[a-z][\w-]*(?:\s+[\w-]+){1,8}?)\s+\(an?\s+"
    r"(?P<name>[a-z][a-z-]{2,}(?:\s+[a-z][a-z-]{2,}){0,2})\)")


def _named_in_brackets(sentence: Sentence, taken: set[str]) -> list[Finding]:
    """Return a finding (NAME_SUBJECT: it joins the name's other findings, makes no candidate of its own) for
    a name given in brackets after the description it names ("to a bit string of a fixed size (a hash)")."""
    if "(a" not in sentence.text:
        return []
    text = " ".join(sentence.text.split())
    found = []
    for match in _NAME_IN_BRACKETS.finditer(text):
        name = match.group("name")
        if name in taken or term_problem(name) or name in match.group("description").split():
            continue
        evidence = ("named in brackets after what it is ('a … (a X)')",)
        found.append(Finding(name, 0.55, evidence, finish_definition(plain_sentence(sentence)), True,
                             markup=NAME_SUBJECT))
    return found


def collect_document(document: Document, index: int, english: bool) -> list[Occurrence]:
    """Return the signal occurrences of one chapter, `index` being its place in reading order."""
    found: list[Occurrence] = []
    skipped_sections = {
        number for number, section in enumerate(document.sections)
        if section.title and _SKIPPED_SECTION.match(section.title)
    }
    if english:
        found.extend(heading_occurrences(document, index, skipped_sections))
        found.extend(command_occurrences(document, index, skipped_sections))
        found.extend(keyword_occurrences(document, index, skipped_sections))
    if document.index_terms:
        found.extend(index_occurrences(document, index, skipped_sections))
    titles = tuple(s.title for s in document.sections)
    part_labels = part_label_blocks(document.blocks, titles)  # parts of a screen or a table: not terms
    point_labels = statement_label_blocks(document.blocks, titles)  # benefits, advice, settings: for review
    for place, block in enumerate(document.blocks):
        if block.kind == HEADING and block.label == "dt" and block.section not in skipped_sections:
            found.extend(_described_term(document, place, index))
            continue
        if block.kind == HEADING and english and block.section not in skipped_sections:
            found.extend(_sentence_heading_occurrences(document, block, index))
            continue
        aside = block.kind == ASIDE and block.label.lower() in EXPLAINING_ASIDES
        if (block.kind not in _READ_KINDS and not aside) or block.section in skipped_sections \
                or block.kind == HEADING:
            continue
        if not _needs_sentences(block):
            continue
        sentences = split_sentences(block, document.language)
        heading = document.sections[block.section].title if block.section < len(document.sections) else ""
        if block.kind == DEFINITION and block.term and place not in part_labels:
            finding = _definition_finding(block, sentences, heading)
            if finding is not None and place in point_labels:
                finding = _as_point_label(finding)
            if finding is not None:
                end = block.line + block.text.count("\n")
                found.append(Occurrence(finding, index, block.section, block.line, end,
                                        sentences[0].text if sentences else block.text))
        # a paragraph may open by naming what the one before it described ("This is called bootstrapping.")
        bare = bool(sentences) and _BARE_NAMING.match(sentences[0].text) is not None
        previous = _last_sentence(document, place) if bare else ""
        for number, sentence in enumerate(sentences):
            findings = marked_findings(sentence, previous, block.kind == LIST_ITEM, heading)
            if number + 1 < len(sentences):
                findings = [_with_elaboration(f, sentences[number + 1].text) for f in findings]
            if english:
                patterns = pattern_findings(sentence, previous, block.kind == LIST_ITEM)
                findings = _with_pattern_labels(findings, patterns)
                taken = {f.term.lower() for f in findings}
                findings += [f for f in patterns if f.term.lower() not in taken]
            if block.kind == LIST_ITEM and number + 1 == len(sentences):
                findings = [_with_item_below(f, document.blocks, place) for f in findings]
            if block.kind == PROSE and number + 1 == len(sentences) and sentence.text.rstrip().endswith(":"):
                findings = [_with_list_below(f, sentence, document.blocks, place) for f in findings]
            if place in part_labels and number == 0:  # "**View:** …" under "The window has these menus:"
                findings = [f for f in findings if not f.initial]
            if place in point_labels and number == 0:  # "**Lower cost**: Smaller files …": a point
                findings = [_as_point_label(f) if f.initial else f for f in findings]
            if aside:  # a box: what its words define, and term markup inside a sentence (not "**Do this** …")
                findings = [replace(f, evidence=(*f.evidence, "in a callout or note box")) for f in findings
                            if f.defining or (f.markup in _TERM_MARKUP and not f.initial)]
            if english and block.kind in {PROSE, DEFINITION, LIST_ITEM} and not aside:
                taken = {f.term.lower() for f in findings}
                findings += _named_subject(sentence, taken) if block.kind == PROSE else []
                findings += _named_in_brackets(sentence, taken)
            if block.code_label:  # "``renderer``: Denotes the :term:`renderer` …": uses it to describe a name
                findings = [replace(f, evidence=(*f.evidence, IN_PARAMETER_LIST)) for f in findings]
            end = sentence.line + sentence.text.count("\n")
            for finding in findings:
                found.append(Occurrence(finding, index, block.section, sentence.line, end,
                                        " ".join(sentence.text.split())))
            previous = " ".join(sentence.text.split())
    return found


def language_problem(document: Document) -> Problem:
    """Return the problem reported for a chapter that does not read as English."""
    return Problem(1, "the chapter does not read as English: only its markup (bold, <dfn>, :term:) was "
                      "used, not the English defining phrases",
                   "check the results from this chapter in the review file")
