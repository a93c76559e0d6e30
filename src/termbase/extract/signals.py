"""Signals that an author is defining a term in a sentence, each with a score and a definition.

Two families:
- marked terms: a `<dfn>`, `:term:` role, glossary link, bold or italic phrase, scored by
  its markup and by the words around it ("called **X**", "**X** is a …", "**X**, a …");
- unmarked patterns: "A X is a …", "… is called X", "X refers to …", "we define X as …",
  and acronym introductions "Long Form (LF)".

Every signal returns a `Finding`: the term as written, where it is in the sentence, a
score in 0–1, the evidence in words, and the defining part of the sentence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import pairwise

from termbase.documents.builder import word_set
from termbase.documents.model import (
    CODE_SPAN,
    DFN,
    EMPHASIS,
    GLOSSARY_LINK,
    STRONG,
    TERM_ROLE,
    Span,
)
from termbase.documents.sentences import Sentence
from termbase.extract.label_lists import pronoun_gloss
from termbase.extract.terms import VAGUE_UNLESS_DEFINED, clean_term, is_identifier, term_problem
from termbase.labels import is_acronym_of, label_key


@dataclass(frozen=True, slots=True)
class Finding:
    """One signal in one sentence: the term, its score, why, and the definition it gives."""

    term: str
    score: float
    evidence: tuple[str, ...]
    definition: str
    defining: bool  # the words around the term define it (not a bare mention)
    labels: tuple[str, ...] = ()
    markup: str = ""  # the span kind of a marked phrase ('' for a sentence pattern)
    initial: bool = False  # the term starts its sentence (so a capital may be the sentence's)
    listed: bool = False  # one of three or more marked phrases in its sentence
    introduced_only: bool = False  # counted as the introduction by its markup alone, no defining words


#: A phrase in quotation marks: a term only where the words around it define it (a box, called a "locker").
QUOTED = "quoted"
#: The first mention of a term the author put in the book's index just before (reST `.. index::`).
INDEXED = "indexed"
#: Score of a marked phrase by its markup, before the words around it are read.
MARKUP_BASE = {DFN: 0.7, STRONG: 0.4, TERM_ROLE: 0.3, GLOSSARY_LINK: 0.3, EMPHASIS: 0.22, QUOTED: 0.2,
               INDEXED: 0.3}
#: Span kinds that mark a phrase as a term (code markup counts only where words name it).
MARKED_KINDS = frozenset({DFN, STRONG, TERM_ROLE, GLOSSARY_LINK, EMPHASIS, INDEXED})
MARKUP_NAME = {
    DFN: "<dfn> markup", STRONG: "bold", TERM_ROLE: ":term: role", GLOSSARY_LINK: "link to a glossary entry",
    EMPHASIS: "italics", CODE_SPAN: "code markup", QUOTED: "in quotation marks",
    INDEXED: "first mention after the author's index entry",
}

_NAMING_BEFORE = re.compile(
    r"(?:\b(?:called|named|termed|dubbed|known\s+as|referred\s+to\s+as|described\s+as|defined\s+as|"
    # "known in the literature as", "we refer to the practice of … as"
    r"known\s+(?:in|to|among)\s+(?:\w+\s+){1,4}?as|refer(?:s|red)?\s+to\s+(?:this|these|that|the)\s+[^.;:]{1,80}?\s+as|"
    r"known\s+(?:collectively|generally|commonly|informally|formally|simply|together)\s+as|"
    r"calls?\s+(?:this|these|that|such)(?:\s+(?:[\"“][^\"“”]{1,40}[\"”]|[\w-]+)){0,2}|"
    r"we\s+call|(?:is|are)\s+what\s+we\s+(?:now\s+|usually\s+|often\s+|sometimes\s+)?call|"
    r"the\s+(?:term|notion|concept)(?:\s+of)?)"
    r"\s+(?:an?\s+|the\s+|our\s+|your\s+|its\s+|their\s+)?[\"'“‘]?"
    # the second name of a coordinated naming: "called the spar or the **boom**"
    r"(?:[\w'’-]+(?:\s+[\w'’-]+){0,3}[\"'”’]?(?:\s*,\s*(?:or\s+|and\s+)?|\s+(?:or|and)\s+)"
    r"(?:an?\s+|the\s+|its\s+|their\s+)?[\"'“‘]?)?)$",
    re.I,
)
_CALLED_SUBJECT = re.compile(
    r"^(?P<subject>.+?)\s+(?:is|are|(?:may|can|might|could|will|would|should)\s+(?:also\s+)?be)\s+"
    r"(?:often\s+|usually\s+|also\s+|sometimes\s+|then\s+|simply\s+)?"
    r"(?:called|named|termed|known\s+as|referred\s+to\s+as)\s+(?:an?\s+|the\s+)?[\"'“‘]?$",
    re.I,
)
#: A sentence adverbial before the subject: "In Python, ", "First, ", "Formally, ", "Put simply, ".
_ADVERBIAL = (
    r"(?:(?:in|on|for|with|at|by|within)\s[^,.;:]{1,40},\s*|(?:first|second|third|finally|formally|"
    r"informally|technically|here|now|so|thus|basically|essentially|put\s+simply|simply\s+put|"
    r"roughly\s+speaking|strictly\s+speaking)\s*,\s*)"
)
_LEAD_IN = re.compile(rf"^{_ADVERBIAL}?(?:(?:an?|the)\s+)?[\"'“‘]?$", re.I)
_COPULA_AFTER = re.compile(
    r"^[\"'”’]?\s*(?:\([^()]{1,80}\)\s*)?(?:,\s*(?:or|also\s+called|also\s+known\s+as|i\.e\.)[^,]{1,60},\s*)?"
    r"(?P<verb>is|are)\s+(?P<rest>(?:(?:simply|just|essentially|basically|really|typically|usually|generally|"
    r"normally|often|always|also)\s+)?"
    r"(?:(?:an?|the|one|any|some|what|when|how|where|another|used|defined|like|similar|made)\b"
    r"|[a-z]{3,}s\s+(?:that|which|who|whose|where)\b"
    # "**Metrics** are aggregations over a period of …", "**Spans** are units of work that …"
    r"|(?:[a-z][\w-]*\s+){0,2}[a-z]{3,}(?<!ss)s\s+(?:of|over|in|for|with|from|about|between|made|sent|produced|"
    r"emitted|attached|stored|used|that|which|who)\b).*)$",
    re.I | re.S,
)
#: "**Loam** is soil made of sand …", "**Brine** is water that holds …": a mass noun (no article) and what
#: tells it apart; the noun is no adjective or adverb ("is useful for", "is independent of", "is full of").
_MASS_COPULA_AFTER = re.compile(
    r"^[\"'”’]?\s*(?:\([^()]{1,80}\)\s*)?(?P<verb>is)\s+(?P<rest>(?:[a-z][\w-]*\s+){0,2}?"
    r"(?!(?:not|also|now|still|only|then|very|full|free|short|part|aware|capable|fond|proud|ahead|out|sure|true|"
    r"false|ready|made|done|used|set|kept|left|based|known|said|meant|needed|about|like|into|over|under|off|on|"
    r"in|at|by|for|to|of|from|with|what|how|why|when|where|which|who|that|there|here|so|too|more|less|most|"
    r"least|much|many|enough)\b)(?![\w-]*(?:ful|ive|able|ible|ous|ly|al|ic|ant|ent|ed|ing|ar|ary|ish|less)\b)"
    r"[a-z][\w-]{2,}\s+(?:made|that|which|who|composed|consisting|formed|containing|found|produced|"
    r"obtained|left|used\s+(?:to|for|in|as))\b.*)$",
    re.S,
)
#: The rest of a noun phrase whose first word alone is bold: "**Fore** sails are sails that …".
_PHRASE_REST = re.compile(
    r"^(?P<more>(?:\s+(?!(?:of|in|on|for|with|at|by|to|from|and|or|is|are|was|were)\b)[a-z][\w-]*){1,3}?)"
    r"(?=\s*(?:\([^()]{1,80}\)\s*)?(?:is|are)\s)"
)
#: The rest of a predicate noun phrase whose first word alone is marked, before a relative clause:
#: "is an *additive* colour model, which means …".
_PREDICATE_REST = re.compile(
    r"^(?P<more>(?:\s+(?!(?:of|in|on|for|with|at|by|to|from|and|or|is|are|was|were)\b)[a-z][\w-]*){1,2}?)"
    r"(?=\s*,\s*(?:which|that|where|in\s+which)\s)"
)
_VERB_AFTER = re.compile(
    r"^[\"'”’]?\s*(?:\([^()]{1,80}\)\s*)?(?P<verb>refers?\s+to|means|denotes|describes|stands\s+for|"
    r"is\s+defined\s+as|are\s+defined\s+as|is\s+short\s+for|consists?\s+of|represents)\b(?P<rest>.*)$",
    re.I | re.S,
)
#: "The spar is a **bowsprit**, which carries …": a predicate noun whose relative clause says what it is.
_RELATIVE_AFTER = re.compile(
    r"^[\"'”’]?\s*,\s*(?P<rest>(?:which|that|where|in\s+which)\s+\S.{8,})$", re.I | re.S
)
_PREDICATE_BEFORE = re.compile(
    r"\b(?:is|are|was|were)\s+(?:(?:also|simply|just|now)\s+)?(?:an?|the)\s+[\"'“‘]?$", re.I
)
#: "A **fender** protects the hull …": the term as the subject of a verb in the present.
_SUBJECT_VERB_AFTER = re.compile(
    r"^[\"'”’]?\s*(?:\([^()]{1,80}\)\s*)?(?P<verb>(?!(?:is|has|was|does|always|also|perhaps|thus|as|its|this|"
    r"us|yes|plus|less|unless|across|various|previous|versus|thanks)\b)[a-z]{2,}(?:[^s\W]s|sses|shes|ches|xes))\s+"
    r"(?!(?:is|are|was|were|can|will|may|must|should|do|does|have|has)\b)(?P<rest>\S.{8,})$",
    re.S,
)
_INDEFINITE_BEFORE = re.compile(r"\b(?:an?|the\s+so-called)\s+[\"'“‘]?$", re.I)
#: "short shifts of rest ("watches")": the name given to the phrase just before.
_NAME_IN_PARENTHESES = re.compile(r"[A-Za-z]{3,}\s*\(\s*[\"'“‘]?$")
#: "we say that a boat is "heeling" when …": the sentence says when the word applies.
_WE_SAY_BEFORE = re.compile(r"\bwe\s+say\s+(?:that\s+)?[^.;:]{1,60}?\s+(?:is|are)\s+[\"'“‘]?$", re.I)
#: "we say that the anchor is "…"": the one-word subject whose state the quoted word names.
_WE_SAY_STATE = re.compile(
    r"\bwe\s+say\s+(?:that\s+)?(?:the|an?)\s+(?P<noun>[A-Za-z][\w-]{1,30})\s+(?:is|are)\s+[\"“]$", re.I
)
#: A word that names a state (a participle or an adjective): "fouled", "readable", "active".
_STATE_WORD = re.compile(r"[a-z]{3,}(?:ed|able|ible|ive|less|ful|ant|ent)")
_INDEFINITE_LEAD_IN = re.compile(rf"^{_ADVERBIAL}?an?\s+[\"'“‘]?$", re.I)
_APPOSITIVE_AFTER = re.compile(
    r"^[\"'”’]?\s*(?:,\s+(?P<rest>an?\s+[^,]{6,}?)(?:,|\.|;|$)|\s*[—–]\s*(?P<dashed>(?:an?|the)\s+[^—–]{4,}?)\s*[—–]"
    # "within a *scope* --- a region of text where …": a dash (or two or three hyphens), a gloss to the end
    r"|\s*(?:[—–]|-{2,3})\s*(?P<closing>an?\s+[^—–]{6,}?)\s*[.!]?\s*$)",
    re.I,
)
#: "*bytecode* (machine-language instructions)", "*testnet* (i.e., a network for trying things out)": a
#: lower-case gloss of two to ten words in brackets (not examples, a pointer, a default or another name).
_PAREN_GLOSS_AFTER = re.compile(
    r"^[\"'”’]?\s*\((?:i\.\s?e\.,?\s+)?(?!(?:e\.\s?g\.|see|default|defaults|for|such|aka|also|or|and|optional|"
    r"required|deprecated|recommended|not|only|usually|often|sometimes|including|like|as|in|on|at|from|with|"
    r"to|by|if|when|unless|under|over|about|around|before|after|during|within|without|between|per|than|less|"
    r"more|up|down|every|each|all|some|most|just|even|very|no|see|cf|note|where|while|because|since|so|but|"
    r"then|now|here|there|we|you|it|they|this|these|those|i|he|she)\b)"
    r"(?P<rest>(?:(?:an?|the|which|that|who)\s+)?[a-z][a-z-]*(?:\s+[a-z][a-z-]*){1,9})\)"
)
#: "This number of fields determines the *arity* of the tuple.": a description, then the name of what it
#: describes, of a thing named at the end.
_PREDICATE_OF_BEFORE = re.compile(
    r"^(?:The|This|These|Its|Their|An?|Each)\s+[\w'’-]+(?:\s+[\w'’-]+){1,10}?\s+(?:is|are|determines|gives|sets|"
    r"fixes)\s+the\s+[\"'“‘]?$"
)
_OF_END_AFTER = re.compile(r"^[\"'”’]?\s+of\s+(?:the|an?|its|their|this|that)\s+[\w -]{2,40}?\s*[.!]?\s*$")
#: "The *size* of a value is the offset …": a relational noun said to be something of a kind of thing.
_OF_KIND_COPULA_AFTER = re.compile(
    r"^[\"'”’]?\s+of\s+(?:an?|the|each|every|any)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+(?:is|are)\s+"
    r"(?P<rest>(?:the|an?)\s+\S.{6,})$",
    re.S,
)
#: "Threads are grouped together into *thread blocks*": the marked name of the groups the subject forms.
_GROUPED_INTO_BEFORE = re.compile(
    r"\b(?:is|are)\s+(?:then\s+|further\s+)?(?:grouped|organi[sz]ed|divided|split|collected|arranged|bundled|"
    r"packed|gathered)\s+(?:together\s+|up\s+)?into\s+(?:an?\s+|one\s+|two\s+|several\s+|many\s+)?$", re.I)
#: What may follow that name: the sentence's end, or a clause about the groups.
_GROUP_END_AFTER = re.compile(
    r"^[\"'”’]?\s*(?:[.!;]|,\s+(?:each|which|where|called|known|with|of)\b|\s+(?:of|that|which)\b|$)")
#: Generic head nouns after a quoted name ("known as "turbofish" syntax"): the quoted word is a name too.
_GENERIC_HEADS = word_set("syntax notation operator style form pattern format keyword rule problem attack "
                          "algorithm protocol technique method scheme approach mechanism")
#: "… are **portable**, meaning that they …", "a **pipe**, that is, a …": the words after say what it means;
#: "the **reward hypothesis**, which is that all goals …": what a hypothesis, rule or principle holds;
#: "the *project pipeline*, which specifies the order …": what the thing sets down.
_MEANING_AFTER = re.compile(
    r"^[\"'”’]?\s*,\s*(?:(?:meaning(?:\s+that)?|that\s+is\s*,|that\s+is\s+to\s+say\s*,?|i\.\s?e\.\s*,?|"
    r"in\s+other\s+words\s*,?|which\s+(?:is|states|says|holds|claims)\s+that)\s+|"
    r"which\s+(?=(?:specifies|describes|defines|lists|records|determines)\s))(?P<rest>\S.{6,})$",
    re.I | re.S,
)
_SYNONYM_AFTER = re.compile(
    r"^[\"'”’]?\s*(?:,\s*|\(\s*)(?:or|(?:(?:sometimes|often|usually|commonly)\s+)?also\s+(?:called|known\s+as)|"
    r"(?:sometimes|often|usually|commonly)\s+called|aka|a\.k\.a\.)\s+", re.I
)
_EXAMPLES_AFTER = re.compile(r"^[^.;]*?:\s")  # "knots, or bends: a reef knot is …" lists examples
#: "**Cleat**: a fitting …", "__Cleat__ — a fitting …", "__Cleat__—A fitting …" (a dash may close up).
_COLON_AFTER = re.compile(r"^[\"'”’]?\s*(?:[:]\s+|[—–]\s*|\s-\s+)(?P<rest>[^\s—–-].*)$", re.S)
_SENTENCE_CUE = re.compile(
    r"\b(?:is\s+called|are\s+called|known\s+as|refers?\s+to|is\s+defined\s+as|we\s+call|we\s+define|"
    r"is\s+a\s+term|the\s+term|stands\s+for|is\s+short\s+for|in\s+other\s+words)\b",
    re.I,
)
_EVALUATIVE = re.compile(
    r"^(?:an?|the|one)\s+(?:very\s+|really\s+|much\s+)?"
    r"(?:good|great|better|best|nice|useful|handy|common|simple|"
    r"easy|easier|powerful|important|bad|quick|convenient|popular|perfect|fine|neat|helpful|valid|lot|bit|"
    r"little|big|way|kind|sort|type|part|example|case|problem|question|matter|result|reason|thing)\b",
    re.I,
)
#: "… a module called X": the phrase names one thing of a kind (a name), not an idea.
_NAMED_INSTANCE = re.compile(
    r"(?:sub|super)?(?:module|file|folder|directory|function|method|command|program|script|variable|package|library|"
    r"button|menu|window|tab|website|site|app|application|tool|editor|lab|chapter|section|project|dataset|"
    r"repository|user|person|company|game|course|book|series|machine|server|computer)s?\s+"
    r"(?:called|named|titled|labelled|labeled)\s+(?:the\s+)?[\"'“‘]?$",  # "called a X": a kind, not one thing
    re.I,
)
_ANAPHOR = re.compile(r"^(?:this|these|that|those|it|they|such|which|the\s+(?:above|former|latter))\b", re.I)

_WORD = r"[A-Za-z][\w'’-]*"
_COPULA_SENTENCE = re.compile(
    rf"^(?i:{_ADVERBIAL})?"
    rf"(?:(?P<det>(?i:an?|the))\s+)?(?P<term>{_WORD}(?:\s+{_WORD}){{0,3}}?)\s*"
    r"(?:\((?P<paren>[^()]{1,60})\)\s*)?(?P<verb>is|are)\s+(?:(?:typically|usually|generally|normally|often|simply|"
    r"just|essentially|basically|really|always|also)\s+)?"
    r"(?P<rest>(?:(?:an?|the|one|any|when|where|its|their|[A-Z][\w-]*['’]s)\s+|"
    r"[a-z]{3,}s\s+(?=(?:that|which|who|whose|where)\s)).+)$",
    re.S,
)
#: "A Zarr chunk", "a Python list": a kind of thing named after a product or a place, the rest in lower case.
_NAMED_KIND = re.compile(r"[A-Z][\w-]*(?:\s+[a-z][\w-]*){1,2}")
#: One word with a capital inside ("DataFrame", "NameError"): the name of a kind in code, not a proper name.
_CAMEL_CASE = re.compile(r"[A-Z]?[a-z]+(?:[A-Z][a-z]+)+")
#: Brackets after a term that give its other name: "(or booleans)", "(also called X)", "(aka X)".
_BRACKETED_ALIAS = re.compile(
    r"^(?:or|also(?:\s+(?:called|known\s+as))?|aka|a\.k\.a\.)\s+(?:the\s+|an?\s+)?"
    r"(?P<alias>[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,2})$",
    re.I,
)
_NAMING_VERB = (r"(?:called|known\s+(?:(?:collectively|generally|commonly|informally|formally|together)\s+)?"
                r"as|referred\s+to\s+as|termed|dubbed)")
_CALLED_INLINE = re.compile(
    r"(?:\b(?:is|are|was|were|(?:may|can|might|could|will|would|should)\s+(?:also\s+|sometimes\s+)?be)\s+"
    r"(?:(?:often|usually|also|sometimes|simply|then|commonly|generally)\s+){0,2}"
    rf"(?:{_NAMING_VERB}|named)|,\s*(?:(?:often|usually|also|sometimes|commonly)\s+){{0,2}}{_NAMING_VERB}"
    r"|\b[Ww]e\s+call\s+(?:this|these|that|it|them)"
    # a noun and its name: "a locker called "the lazarette"", "a line called the X"
    r"|\b(?!(?:that|which|who|whom|it|we|they|you|he|she|then|also|and|or|but|being|been|gets?|got|getting|is|"
    r"are|was|were|when|once|first|later|not|just|something|anything|someone|somebody|function|method|command|file|folder|directory|program|"
    r"script|variable|module|package|library|tool|project|person|user|site|website|app|book|chapter|section)\b)"
    rf"(?![a-z]+ly\b)[a-z]{{3,}}\s+{_NAMING_VERB})\s+(?:(?:an?|the|its|their)\s+)?"
    r"(?:[\"“](?P<quoted>[^\"“”]{2,50})[\"”]|[‘'](?P<single>[^'‘’]{2,50})['’]"
    rf"|(?P<term>{_WORD}(?:(?:\s+|\s*,\s*){_WORD}){{0,8}}?))(?=\s*[,.;:)!?]|\s*$)",
)
#: Joins the names of a coordinated naming: "called sheets or halyards", "called the X, the Y and the Z".
_COORDINATION = re.compile(r"\s*,\s*(?:(?:or|and)\s+)?|\s+(?:or|and)\s+")
#: "… is called again / respectively": the verb names a call or a list, not a term.
_NOT_A_NAME = re.compile(
    r"^(?:again|first|later|twice|once|repeatedly|recursively|here|there|now|with|by|from|when|itself|upon|"
    r"themselves|for|on|in|at|to|up|out|off|back|before|after|inside|within)\b"
    r"|\b(?:respectively|again|instead)$|^[a-z]+ly$", re.I,
)
#: "we called the …", "you called …": a person's past act of calling (running) something, not a naming.
_INVOKED_BEFORE = re.compile(
    r"\b(?:we|you|I|they|he|she)\s+(?:just\s+|then\s+|also\s+)?called\s+(?:the\s+|an?\s+)?$", re.I)
#: What follows the thing called when it was run: "… command", "… function", "(…)".
_INVOKED_THING = re.compile(
    r"^[`'\"”’]?\s*(?:\(|(?:command|function|method|program|script|tool|routine|procedure|subcommand|endpoint|"
    r"api|service|macro|hook)s?\b)", re.I)
_INSTANCE_SUBJECT = re.compile(
    r"\b(?:module|file|folder|directory|function|method|command|program|script|variable|package|library|"
    r"button|menu|window|tab|website|site|app|application|tool|editor|project|dataset|repository|user|person|"
    r"company|game|course|book|machine|server|computer)s?"
    r"\s+(?:is|are|was|were)\s+(?:\w+\s+)?(?:called|named)\s+(?:an?\s+|the\s+)?[\"'“‘]?$",
    re.I,
)


#: A naming with an indefinite article before the name ("called a floating point number", "known as a
#: `Dockerfile`"): the name is that of a kind of thing, not of one thing ("a module called math").
NAMED_AS_KIND = "named as a kind ('called a X')"
_KIND_ARTICLE = re.compile(
    r"\b(?:called|known\s+as|referred\s+to\s+as|termed)\s+(?:(?:often|usually|sometimes|simply)\s+)?an?\s+[\"'“‘`]?$",
    re.I,
)
#: A name of plain words that a copular naming gives what the sentence describes ("the amount of each
#: colour is sometimes called the intensity of the colour"): chosen words, even when not written again.
NAMED_PHRASE = "a phrase of plain words named by 'is called'"
_COPULAR_NAMING = re.compile(
    r"\b(?:is|are|was|were|be)\s+(?:(?:often|usually|also|sometimes|commonly|generally|simply)\s+){0,2}"
    r"(?:called|known\s+as|referred\s+to\s+as|termed)\s+(?:the\s+|an?\s+)?$"
    # "in a space, called model space": a noun phrase, a comma, and the name given to it
    r"|\b(?:an?|the)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}\s*,\s*(?:called|known\s+as)\s+(?:the\s+|an?\s+)?$",
    re.I,
)
#: A quoted name of three to six plain words ("one up, one down"), which may start or end with a small word.
_QUOTED_NAME_OF_WORDS = re.compile(r"^[a-z]+(?:,?\s+[a-z]+){2,5}$")
#: "called a bit instead of a digit": the name stops where the comparison starts.
_COMPARED_AFTER = re.compile(r"\s+(?:instead\s+of|rather\s+than)\s+.*$", re.I)


def called_names(match: re.Match[str]) -> list[str]:
    """Return the names a '… is called X' match gives: one quoted name, or each of 'X or Y, and Z'."""
    quoted = match.group("quoted") or match.group("single")
    if quoted:
        return [clean_term(quoted)]
    text = _COMPARED_AFTER.sub("", match.group("term"))
    if _NOT_A_NAME.search(text):
        return []
    # "called an index, or sometimes a subscript": each name without its adverb and article
    names = [clean_term(_LEADING_ADVERB.sub("", part)) for part in _COORDINATION.split(text)]
    if len(names) > 1 and any(len(name.split()) > 3 or term_problem(name) for name in names):
        return []
    return [name for name in names if name]


_SO_CALLED = re.compile(
    rf"\b(?:an?|the)\s+(?P<term>{_WORD}(?:\s+{_WORD}){{0,2}}),?\s+so[- ]called\s+because\b", re.I
)
_DEFINE_AS = re.compile(
    rf"\bwe\s+(?:define|call)\s+(?:an?\s+|the\s+)?[\"'“‘]?(?P<term>{_WORD}(?:\s+{_WORD}){{0,3}}?)[\"'”’]?\s+"
    r"(?:as|to\s+be)\s+(?P<rest>.+)$",
    re.I | re.S,
)
_REFERS_SENTENCE = re.compile(
    rf"^(?:The\s+(?:term|word|phrase)\s+)?[\"'“‘]?(?P<term>{_WORD}(?:\s+{_WORD}){{0,3}}?)[\"'”’]?\s+"
    r"(?:(?:simply|just|really|basically|essentially|also|usually|often|generally|here)\s+)?"
    r"(?P<verb>refers\s+to|means|denotes|stands\s+for|is\s+short\s+for)\s+(?P<rest>.+)$",
    re.S,
)
#: "… unless they are integers (a data type which holds only whole numbers)": a generic noun (plural, or
#: after a/an) with what kind of thing it is, and what it does, in the brackets after it.
_PAREN_APPOSITIVE = re.compile(
    r"(?:^|(?<=[\s,]))(?:(?P<det>an?)\s+)?(?P<term>[a-z][a-z-]{2,}(?:\s+[a-z][a-z-]{2,})?)\s+"
    r"\((?P<rest>an?\s+(?:[a-z][\w-]*\s+){0,3}?[a-z][\w-]*\s+(?:that|which|who|used\s+to|used\s+for)\s+[^()]{6,})\)"
)
#: Evidence of a marked term named with an instance in code.
NAMED_WITH_EXAMPLE = "named with an example: '`x` is a *X*'"
#: "`total` is a *global variable*.", "`a` and `b` are *local variables* in `f`.": code as an instance.
_CODE_EXAMPLE_BEFORE = re.compile(
    r"^[\w.()\[\]'\"]+(?:\s*,\s*[\w.()\[\]'\"]+)*(?:,?\s+and\s+[\w.()\[\]'\"]+)?\s+(?:is|are)\s+(?:an?\s+)?$"
)
_EXAMPLE_END_AFTER = re.compile(r"^\s*(?:(?:of|in|for)\s+[\w`.()]+(?:\s+[\w`.()]+)?)?\s*[.!]?\s*$")


def _code_only(sentence: Sentence, before: str) -> bool:
    """Return True when every word before the copula is code markup (`x`, `a` and `b`)."""
    names = re.findall(r"[\w.()\[\]'\"]+", re.sub(r"\s+(?:is|are)\s+(?:an?\s+)?$|\band\b", " ", before))
    spans = [sentence.text[s.start : s.end] for s in sentence.spans
             if s.kind == CODE_SPAN and s.end <= len(before)]
    return bool(names) and all(any(name in code for code in spans) for name in names)


#: "creating *clumps*, or groups of separate items held as one, …": ', or' and a gloss (a noun phrase with a
#: preposition or a relative clause, four words or more), not a second name.
_OR_GLOSS_AFTER = re.compile(
    r"^[\"'”’]?\s*,\s+or\s+(?P<rest>(?:[a-z][\w'-]*\s+){1,3}(?:of|among|between|in|for|with|that|which|who|where)"
    r"\s+[^,.;:]{3,80}?)\s*(?:,|\.|;|$)"
)
#: "the *Working with Files* episode": a marked phrase that is the title of a part of the book.
_TITLE_OF_PART_AFTER = re.compile(
    r"^[\"'”’]?\s*(?:episode|chapter|section|lesson|tutorial|unit|module|appendix)s?\b", re.I
)
#: "The default colour map is called "viridis"": the name of one value, not of an idea.
_DEFAULT_NAMED = re.compile(
    r"\bdefault\s+(?:[\w-]+\s+){0,2}(?:is|are)\s+(?:\w+\s+)?(?:called|named)\s+\S*$", re.I
)
#: "… and that is why blurring is also called …": a reason clause before the subject.
_WHY_CLAUSE = re.compile(r"^.*\b(?:is|that's|this\s+is|which\s+is)\s+why\s+", re.I)
#: "… that ability grows with effort -- a **growth mindset**.": the name for what the sentence described.
_DASH_NAMING_BEFORE = re.compile(r"[a-z,]\s+(?:--|—|–)\s*(?:an?|the)\s+[\"'“‘]?$")
#: "Thresholding is a type of *image segmentation*", "Such an image is an example of *raster graphics*":
#: the marked name of the kind the subject belongs to.
_GENUS_BEFORE = re.compile(
    r"^(?P<subject>[A-Z][\w'’ -]{2,60}?)\s+(?:is|are)\s+(?:an?\s+|one\s+)?"
    r"(?:(?:common|special|simple|particular)\s+)?(?:type|kind|form|example|sort)s?\s+of\s+(?:an?\s+)?$"
)
#: The rest of the sentence after such a name: its end, or a clause that goes on about it.
_GENUS_END_AFTER = re.compile(r"^[\"'”’]?\s*(?:[.!]\s*$|,\s+(?:where|in\s+which|which|that)\b)")
NAMED_AS_GENUS = "named as the kind of what the sentence describes ('is a type of *X*')"
#: Nothing after the term but the sentence's end.
_SENTENCE_END_AFTER = re.compile(r"^[\"'”’]?\s*[.!]?\s*$")
#: "A more general tool for mapping ideas is a **concept map**.": a description, then its name.
_INVERTED_COPULA_BEFORE = re.compile(
    r"^(?P<subject>(?:An?|The)\s+(?:[\w'’-]+\s+){1,}?(?:that|which|who|for|of|used)\s+\S.{8,}?)\s+(?:is|are)\s+"
    r"(?:an?|the)\s+[\"'“‘]?$"
)
#: A copula in the description of an inverted 'A … is a X' outside its relative clause: two statements.
_OTHER_COPULA = re.compile(r"\b(?:is|are|was|were)\b")
_RELATIVE_COPULA = re.compile(r"\b(?:that|which|who)\s+(?:is|are|was|were)\b")
#: "**authentic tasks** -- real tasks done by someone at work": a gloss after a dash.
_DASH_GLOSS_AFTER = re.compile(r"^[\"'”’]?\s*(?:--|—|–)\s*(?P<rest>[a-z][\w-]*(?:\s+[\w-]+){2,}.*)$", re.S)


def _repeats_head(term: str, gloss: str) -> bool:
    """Return True when the first three words of the gloss hold the term's head noun ("tasks")."""
    head = _stems(term.split()[-1])
    return bool(head) and head[0] in _stems(" ".join(gloss.split()[:3]))


#: "SSH is a network protocol that lets …": an acronym said to be a kind of thing, with what it does.
_ACRONYM_COPULA = re.compile(
    r"^(?P<term>[A-Z][A-Z0-9]{1,5})\s+(?:\([^()]{1,60}\)\s+)?is\s+"
    r"(?P<rest>an?\s+(?:[a-z][\w-]*\s+){0,4}?[a-z][\w-]*\s+(?:that|which|used|designed|for)\b.{6,})$",
    re.S,
)
#: "A keel, which is a long fin under the hull, keeps …": the relative clause says what it is.
_WHICH_IS_SENTENCE = re.compile(
    rf"^(?:An?|The)\s+(?P<term>{_WORD}(?:\s+{_WORD}){{0,2}}),\s+which\s+(?:is|are)\s+"
    r"(?P<rest>(?:an?|one|any)\s+[^,]{6,}?),",
)
#: "* A public transaction journal (the blockchain)": a list item saying what a thing is, then its name.
_GLOSS_THEN_NAME = re.compile(
    r"^(?P<gloss>(?:An?|One)\s+(?!(?:few|lot|number|couple)\b)[^()]{8,140}?)\s*\((?:the\s+|an?\s+)?"
    r"(?P<term>[A-Za-z][\w'’-]*(?:\s+[\w'’-]+){0,3})\)\s*[.;,]?$", re.S)
#: An acronym or a short upper-case name in brackets: the acronym reading takes it.
_ACRONYM_NAME = re.compile(r"[A-Z0-9][A-Z0-9&.-]*s?")
#: Evidence of a list item that says what a thing is and gives its name in brackets.
GLOSS_THEN_NAME = "a list item saying what it is, its name in brackets after"
#: "- cleat: a fitting a rope is wound around" — a list item naming a term and its meaning.
_LISTED_MEANING = re.compile(
    rf"^(?P<term>{_WORD}(?:\s+{_WORD}){{0,3}})\s*(?::|\s[—–-])\s+(?P<rest>[A-Za-z(].{{8,}})$", re.S
)
#: A meaning that starts like an instruction or a statement, not a noun phrase ("Step 1: run it").
_CLAUSE_START = re.compile(
    r"^(?:if|when|you|we|it|this|that|there|they|use|run|type|make|do|don't|see|click|open|go|try|note|"
    r"add|remove|check|create|write|read|set|get|let's|press|select|is|are|was|were|can|will|must|should|"
    r"install|follow|download|visit|choose|enter|save|copy|paste|launch|navigate|start|restart|close)\b",
    re.I,
)
#: A meaning after a marked label that is an instruction or a statement about something else ("*Mac*: Install
#: Xcode …", "*Current*: this issue is …"), not a gloss ("*Immutable*: can't be changed …").
_INSTRUCTION_START = re.compile(
    r"^(?:(?:you|we|it|this|these|they|there|let's)\b|(?:install|follow|download|visit|click|press|select|choose|"
    r"enter|type|run|open|go|see|copy|paste|navigate|launch|add|remove|use|try)\b(?!\s+of\b))",
    re.I,
)
_ACRONYM = re.compile(r"\((?P<short>[A-Z][A-Za-z0-9&-]{1,9})s?\)")
_GENERIC_SUBJECTS = word_set(
    """this that these those it they there here one each which what who result output answer solution
    problem example reason goal idea point way key thing difference same following first next last
    other rest default only main best easiest simplest"""
)


_INTRO = re.compile(
    r"^(?:(?:in|on|for|with|at|by|to|as|when|if|since|because|after|before|once)\s[^,]{1,60}|here|now|so|"
    r"sometimes|often|usually|generally|typically|also|thus|then|finally|first|second|however|instead|"
    r"to\s+review|in\s+general|in\s+short)\s*,\s*(?P<rest>.+)$",
    re.I | re.S,
)
_LEADING_ADVERB = re.compile(
    r"^(?:sometimes|often|usually|also|generally|typically|commonly|occasionally)\s+",
                             re.I)
_CLAUSE_SPLIT = re.compile(r",\s*(?:and|but|while|whereas)\s+|;\s*")
_VAGUE_SUBJECT = re.compile(
    r"^(?:this|these|that|those|it|they|such|which|what|who|one|some|why|how)\b", re.I
)


#: "we call this", "we call this deadline a", "we call this "all or nothing" property": the thing named is
#: one the sentence before describes.
_WE_CALL_THIS = re.compile(
    r"\bwe\s+call\s+(?:this|these|that|those|it|them)(?:\s+(?:[\"“][^\"“”]{1,40}[\"”]|[\w-]+)){0,3}?\s*$",
    re.I)


def anaphoric_subject(before: str) -> bool:
    """Return True when the thing `before` ("<subject> is called ") names is "this …" / "it": the
    previous sentence says what it is."""
    if _WE_CALL_THIS.search(before):
        return True  # "We call these type conversion functions": the sentence before says which
    match = _CALLED_SUBJECT.match(before)
    text = match.group("subject") if match else before
    last = _CLAUSE_SPLIT.split(text.strip())[-1].strip()
    intro = _INTRO.match(last)
    return bool(_ANAPHOR.match(intro.group("rest") if intro else last))


#: Words that describe a thing in passing rather than name it ("the small pictures are called icons").
_DESCRIPTIVE = word_set(
    """small large big little tiny huge new old first last other same following above below whole entire next
    previous main usual special simple single different"""
)


_POSSESSIVES = word_set("our your its their his her my such")


def named_subject(before: str) -> str:
    """Return the short name of the thing `before` ("<subject> is often called ") gives another name:
    "The core engine is often called "the works"" → "core engine" (one to three words, not an
    anaphor, a generic word, a described thing or a proper name), or ''."""
    match = _CALLED_SUBJECT.match(before)
    if not match or _INSTANCE_SUBJECT.search(before):
        return ""  # "the method is called write": the name of one thing
    subject = _WHY_CLAUSE.sub("", _CLAUSE_SPLIT.split(match.group("subject").strip())[-1].strip())
    intro = _INTRO.match(subject)
    if intro:
        subject = intro.group("rest").strip()
    subject = re.sub(r"^(?:the|an?)\s+", "", _LEADING_ADVERB.sub("", subject), flags=re.I)
    words = subject.split()
    if not 1 <= len(words) <= 3 or not words[0][:1].islower() or _VAGUE_SUBJECT.match(subject) \
            or not all(re.fullmatch(r"[A-Za-z][A-Za-z-]*", w) for w in words) \
            or any(w.lower() in {"and", "or", "of"} for w in words):
        return ""  # "options and arguments are called parameters": together, not another name
    if words[0] in _GENERIC_SUBJECTS or words[0] in _DESCRIPTIVE or words[0] in _POSSESSIVES:
        return ""
    name = clean_term(subject)
    return name if name == subject and not term_problem(name) and not is_identifier(name) else ""


def defining_subject(before: str) -> str:
    """Return the noun phrase that `before` ("<subject> is called ") names, or '' if it names none.

    Introductory phrases ("In Python, ", "Sometimes ") are dropped; with two naming clauses in
    one sentence the last is taken; an anaphor ("This is called") or a subject of fewer than
    three words gives '' (the whole sentence is the better definition then).
    """
    match = _CALLED_SUBJECT.match(before)
    if not match:
        return ""
    subject = match.group("subject").strip()
    subject = _CLAUSE_SPLIT.split(subject)[-1].strip()
    subject = _WHY_CLAUSE.sub("", subject)  # "and that is why blurring": the subject is "blurring"
    intro = _INTRO.match(subject)
    if intro:
        subject = intro.group("rest").strip()
    subject = _LEADING_ADVERB.sub("", subject)
    words = subject.split()
    if len(words) < 4 or _VAGUE_SUBJECT.match(subject) or not any(c.isalpha() for c in subject):
        return ""
    if re.search(r"\b(?:such|this|these|those)\b", subject, re.I):  # "the end of such a rope": needs context
        return ""
    if re.search(r"\b(?:is|are|was|were)\s+(?:called|known|named|referred)\b", subject, re.I):
        return ""
    if re.search(r"\b(?:which|that|who)$", subject, re.I):  # "… using modules which are called …"
        return ""
    return subject


#: A dotted name in code opening a sentence (`xarray.Dataset is …`): written as the code writes it.
_DOTTED_NAME = re.compile(r"^[a-z_]\w*\.[A-Za-z_]")


def _capitalise(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] if text and not _DOTTED_NAME.match(text) else text


def finish_definition(text: str) -> str:
    """Return a definition as a clean sentence: spaces folded, capital first, full stop last."""
    text = " ".join(text.split()).strip(" ,;:—–-")
    if not text:
        return ""
    text = _capitalise(text)
    return text if text[-1] in ".!?)\"”'’" else text + "."


def plain_sentence(sentence: Sentence) -> str:
    """Return the sentence text with code spans in backticks (definitions are Markdown)."""
    text = sentence.text
    codes = sorted((s for s in sentence.spans if s.kind == CODE_SPAN), key=lambda s: s.start, reverse=True)
    for span in codes:
        if 0 <= span.start < span.end <= len(text) and "`" not in text[span.start : span.end]:
            text = text[: span.start] + "`" + text[span.start : span.end] + "`" + text[span.end :]
    return " ".join(text.split())


_FRAGMENT_PREFIX = re.compile(r"^(?:def|term|dfn|gloss|glossary)[_-]", re.I)


def linked_term(target: str) -> str:
    """Return the term a glossary link or :term: role points at (`reference.md#loop-body` → `loop body`)."""
    if "#" not in target:
        return target.strip() if target and "/" not in target and "." not in target else ""
    fragment = target.rsplit("#", 1)[1]
    fragment = _FRAGMENT_PREFIX.sub("", fragment)
    if not fragment or not re.fullmatch(r"[\w-]+", fragment):
        return ""
    return fragment.replace("_", " ").replace("-", " ") if not re.search(r"[A-Z]{2,}", fragment) else fragment


def _same_word(left: str, right: str) -> bool:
    return left[:4] == right[:4] and (left.startswith(right[:-1]) or right.startswith(left[:-1])
                                      or min(len(left), len(right)) >= 6)


def link_term(target: str, text: str) -> str:
    """Return the term a glossary link or :term: role names: the entry its target points at, or
    the link's own text when the two are one name with the same head noun and its modifier in
    another word form (a mistyped anchor: "[Silent failures](#silence-failure)" names the silent
    failure; a single word keeps its entry: "[regressed](#regression)")."""
    linked, written = clean_term(linked_term(target)), clean_term(text)
    if not linked:
        return written
    pairs = list(zip(linked.lower().split(), written.lower().split(), strict=False))
    same_length = len(linked.split()) == len(written.split()) >= 2
    if written and label_key(linked) != label_key(written) and same_length \
            and label_key(pairs[-1][0]) == label_key(pairs[-1][1]) \
            and all(_same_word(a, b) for a, b in pairs) and not term_problem(written):
        lowered = written[:1].lower() + written[1:]
        return lowered if linked == linked.lower() and lowered == lowered.lower() else written
    return linked


#: The noun a quoted word modifies: a "slip" knot (not: "heeling" when, "locker", of).
_HEAD_NOUN_AFTER = re.compile(
    r"^[\"”]\s+(?P<noun>(?!(?:of|from|in|to|for|and|or|with|is|are|was|were|as|at|by|on|that|which|between|among|"
    r"across|through|into|onto|over|under|within|without|about|after|before|behind|beyond|along|around|against|"
    r"towards?|upon|via|per|inside|outside|near|like|unlike|than|"
    r"who|when|if|but|so|than|then|because|instead|can|will|may|must|should|does|do|has|have|had|both|either|"
    r"each|only|also|here|there|again|itself|now|too|alone|means|refers|denotes|stands|describes|represents|"
    r"indicates|includes|contains|becomes|seems|looks|works|gets|makes|allows|lets|tells|shows|says|sounds)\b)"
    r"[a-z][a-z-]{2,})\b(?!\s+[\"“'‘])"  # a word followed by another quoted phrase is a verb: "X" means "Y"
)
_ARTICLE_BEFORE = re.compile(r"\b(?:an?|the)\s+[\"“]?$", re.I)
#: A short phrase in double quotation marks; a full stop or comma may sit inside the closing mark
#: ('hence the term "lossless."').
QUOTED_PHRASE = re.compile(r"(?<![\w\"“])[\"“](?P<inner>[A-Za-z][\w' -]{0,48}[\w])[.,]?[\"”](?!\w)")


def quoted_spans(sentence: Sentence) -> tuple[Span, ...]:
    """Return a span for each short phrase in double quotation marks that no other markup covers."""
    spans = []
    for match in QUOTED_PHRASE.finditer(sentence.text):
        start, end = match.span("inner")
        if len(match.group("inner").split()) > 4:
            continue
        if any(s.start < end + 1 and start - 1 < s.end for s in sentence.spans):
            continue
        spans.append(Span(QUOTED, start, end))
    return tuple(spans)


def _stems(text: str) -> list[str]:
    words = re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)*", text.lower())
    return [w[:-1] if w.endswith("s") and len(w) > 3 else w for w in words]


def heading_names(heading: str, term: str) -> bool:
    """Return True when a section heading contains the term's words in order (`Gybes and tacks`)."""
    if not heading:
        return False
    title, words = _stems(heading), _stems(term)
    return bool(words) and any(title[i : i + len(words)] == words for i in range(len(title) - len(words) + 1))


_AKA_BEFORE = re.compile(r"(?:\(|,)\s*(?:aka|a\.k\.a\.)\s*[\"'“‘]?$", re.I)


def _aka_of(sentence: Sentence, span: Span) -> str:
    """Return the marked term just before "(aka X)" when `span` is X: "the *hold* (aka *cargo space*)"."""
    text = sentence.text
    aka = _AKA_BEFORE.search(text[: span.start])
    if not aka:
        return ""
    for other in sentence.spans:
        if other.kind in MARKED_KINDS and other.end <= aka.start() and aka.start() - other.end <= 12 \
                and not text[other.end : aka.start()].strip(" \"'”’").count(" "):
            name = clean_term(text[other.start : other.end])
            return name if name and not term_problem(name) else ""
    return ""


def _names_kind_before(before: str, term: str) -> bool:
    """Return True when the quoted name in parentheses ends in the noun that ends the phrase
    before the parenthesis ("short ropes ("dock lines")", "the outer hull ("superhull")")."""
    words = re.findall(r"[a-z]+", before.lower())
    if not words or not term:
        return False
    head = _stems(words[-1])[0] if _stems(words[-1]) else ""
    last = _stems(term.split()[-1])
    return len(head) >= 4 and bool(last) and last[0].endswith(head)


#: A name given as the act of making a thing ("making an Octopus", "doing a jibe"): the thing is the
#: term. Only verbs that say no more than 'make' or 'do': "cloning a repo" names the cloning.
_NAMED_ACT = re.compile(r"^(?:making|doing|performing)\s+(?:an?|the)\s+(?P<noun>[A-Za-z][a-z-]{2,})$", re.I)


#: Between two marked subjects that share one predicate: "**Deflate** or **LZW** are …".
_JOINED = re.compile(r"^\s*(?:,\s*)?(?:or|and)\s+$")
#: What both subjects are: "are both lossless compression codecs" (the plural noun phrase is the rest).
_BOTH_ARE = re.compile(
    r"^\s*(?P<verb>are)\s+(?:both|all|each)\s+(?P<rest>(?:[\w-]+\s+){0,3}[\w-]{2,}[^\Ws]s)\b")


def _shared_predicate(sentence: Sentence, span: Span) -> re.Match[str] | None:
    """Return what a pair of marked subjects joined by 'or'/'and' at the start of a sentence both are
    ("**Deflate** or **LZW** are both lossless compression codecs …": 'lossless compression codecs' as the
    match's `rest`), when the span is one of them; else None."""
    text = sentence.text
    marked = sorted((s for s in sentence.spans if s.kind in {STRONG, EMPHASIS}), key=lambda s: s.start)
    for first, second in pairwise(marked):
        if span in (first, second) and _JOINED.match(text[first.end : second.start]) \
                and _LEAD_IN.match(text[: first.start]):
            return _BOTH_ARE.match(text[second.end :])
    return None


#: "This is the usual way …", "It is the best option": a pronoun over a way of doing or a choice, not a thing.
_WAY_OR_CHOICE = re.compile(
    r"^\S+\s+(?:is|are)\s+(?:the|an?|one)\s+(?:[\w-]+\s+){0,2}?(?:ways?|methods?|approach(?:es)?|options?|"
    r"choices?|defaults?|recommended|preferred|easiest|simplest|best|usual|common|standard)\b", re.I)


def _pronoun_gloss_of_thing(text: str, label: str) -> bool:
    """"*base fee*: This is the minimum amount a user pays …": a list item's text glossing its label through a
    pronoun, saying what thing it is (not "This is the usual way, …", a manner of doing)."""
    return pronoun_gloss(text, label) and not _WAY_OR_CHOICE.match(text.strip())


def marked_findings(sentence: Sentence, previous: str, in_list: bool, heading: str = "") -> list[Finding]:
    """Return a finding for each marked phrase in the sentence (dfn, :term:, links, bold, italics).

    `heading` is the title of the section the sentence is in: a phrase it names, put in
    quotation marks in the section's text, is introduced there.
    """
    findings: list[Finding] = []
    text = sentence.text
    emphasised = [s for s in sentence.spans if s.kind in {STRONG, EMPHASIS}]
    listed = len(emphasised) >= 3
    for span in (*sentence.spans, *quoted_spans(sentence)):
        base = MARKUP_BASE.get(span.kind)
        if span.kind == CODE_SPAN:  # code is a term only where the words name it: "are called `icons`"
            before = text[: span.start]
            phrase = text[span.start : span.end]
            if not _NAMING_BEFORE.search(before) or _NAMED_INSTANCE.search(before) \
                    or not re.fullmatch(r"[A-Za-z][a-z-]*", phrase):
                continue
            base = 0.25
        if base is None:
            continue
        if span.kind in {STRONG, EMPHASIS} and not text[: span.start].strip(" \"'“‘*([") \
                and not text[span.end :].strip(" .:!?\"'”’*)]"):
            continue  # the whole sentence is bold: a heading in disguise
        if span.kind in {STRONG, EMPHASIS, QUOTED} and _TITLE_OF_PART_AFTER.match(text[span.end :]):
            continue  # "as we did in the *Working with Files* episode": the title of a part of the book
        term = clean_term(text[span.start : span.end])
        end = span.end
        quoted_name = ""
        if span.kind == QUOTED and (head := _HEAD_NOUN_AFTER.match(text[span.end :])):
            if head.group("noun").lower() in _GENERIC_HEADS:
                quoted_name = term  # "turbofish" syntax: "turbofish" names it too
            term, end = f"{term} {head.group('noun')}", span.end + head.end()  # a "slip" knot
        if span.kind in {STRONG, EMPHASIS} and (rest := _PHRASE_REST.match(text[span.end :])) \
                and _LEAD_IN.match(re.split(r"[;:]\s+|\s[—–]\s", text[: span.start])[-1]) \
                and (phrase_copula := _COPULA_AFTER.match(text[span.end + rest.end() :])) \
                and not _EVALUATIVE.match(phrase_copula.group("rest")) \
                and re.match(r"(?:an?|the|one|any|[a-z]{3,}s\s+(?:that|which|who|whose|where))\b",
                             phrase_copula.group("rest"), re.I):
            term, end = f"{term}{rest.group('more')}", span.end + rest.end()
        elif span.kind in {STRONG, EMPHASIS} and _PREDICATE_BEFORE.search(text[: span.start]) \
                and (rest := _PREDICATE_REST.match(text[span.end :])):
            # "is an *additive* colour model, which …"
            term, end = f"{term}{rest.group('more')}", span.end + rest.end()
        if span.kind in {GLOSSARY_LINK, TERM_ROLE}:
            term = link_term(span.target, term)
        vague = term_problem(term)
        if vague == "starts or ends with a function word" and span.kind == QUOTED \
                and _QUOTED_NAME_OF_WORDS.match(term) and _NAMING_BEFORE.search(text[: span.start]):
            vague = ""  # 'a technique called "one up, one down"': the quotes mark the whole name
        if vague == "too vague" and span.kind in {DFN, TERM_ROLE, GLOSSARY_LINK}:
            vague = ""  # the author marked it as a glossary term: "the <a>draft</a> of a hull"
        if vague == "starts or ends with a function word" and _keyword_first(term) \
                and (span.kind in {DFN, TERM_ROLE, GLOSSARY_LINK} or _CONSTRUCT_TERM.match(term)):
            vague = ""  # a "for loop", a glossary link to "in-place operators": a keyword names it
        if vague == "too vague" and span.kind in {STRONG, EMPHASIS} \
                and _KIND_ARTICLE.search(text[: span.start]):
            vague = ""  # "each symbol is called a *bit*": a marked word named as a kind on purpose
        if vague and not (vague == "too vague" and term.lower() in VAGUE_UNLESS_DEFINED):
            continue
        before, after = text[: span.start], text[end:]
        clause = re.split(r"[;:]\s+|\s[—–]\s", before)[-1]  # the clause the term stands in
        evidence = [MARKUP_NAME[span.kind]]
        score = base
        definition = ""
        labels: tuple[str, ...] = ()
        defining = span.kind == DFN  # HTML's own mark of a term's defining instance
        named = _NAMING_BEFORE.search(before)
        if named and _HEDGED_NAMING.search(before[: named.start()]):
            named = None  # "in a building next to something called a "deli"": an aside, no naming
        if named and re.search(r"\bcalls?\b", named.group(0), re.I) and re.match(r"\s*[\w(]", after):
            named = None  # "we call the X algorithm recursive": X is what is named, not the name
        if named and _INVOKED_BEFORE.search(before) and _INVOKED_THING.match(after):
            named = None  # "where we called the `history` command": it was run, not named
        copula = _COPULA_AFTER.match(after) if _LEAD_IN.match(clause) else None
        if copula is None and span.kind in {STRONG, DFN} and _LEAD_IN.match(clause):
            copula = _MASS_COPULA_AFTER.match(after)  # "**Loam** is soil made of …": no article needed
        if copula is None:
            copula = _shared_predicate(sentence, span)  # "**Deflate** or **LZW** are both lossless codecs …"
        if copula and _EVALUATIVE.match(copula.group("rest")):
            copula = None
        verb = _VERB_AFTER.match(after) if _LEAD_IN.match(clause) else None
        colon = _COLON_AFTER.match(after) if _LEAD_IN.match(before.lstrip("-*• ")) else None
        appositive = _APPOSITIVE_AFTER.match(after)
        subject_verb = _SUBJECT_VERB_AFTER.match(after) if _LEAD_IN.match(clause) else None
        if named and (_NAMED_INSTANCE.search(before) or _DEFAULT_NAMED.search(before)):
            score += 0.05
            evidence.append("names one thing of a kind ('a module called …')")
            definition = finish_definition(plain_sentence(sentence))
        elif named:
            score += 0.45
            evidence.append("introduced by 'called / known as'")
            if _KIND_ARTICLE.search(before):
                evidence.append(NAMED_AS_KIND)
            defining = True
            subject = defining_subject(before)
            if subject:
                definition = finish_definition(subject)
            elif previous and anaphoric_subject(before):
                definition = finish_definition(previous + " " + plain_sentence(sentence))
            else:
                definition = finish_definition(plain_sentence(sentence))
            other_name = named_subject(before)
            if other_name and other_name.lower() != term.lower():
                labels = (term, other_name)  # "the core engine is often called "the works"": two names
                evidence.append(f"given as another name of '{other_name}'")
            act = _NAMED_ACT.match(term)
            if act and not term_problem(act.group("noun")):
                # "(this is known as 'making an Octopus')": the name is the act of making the thing named
                noun = act.group("noun")
                noun = noun.lower() if noun[1:].islower() else noun
                labels = tuple(dict.fromkeys((noun, *labels, term)))
                evidence.append(f"named as the act of making it ('{term}')")
                term = noun
        elif copula:
            score += 0.45
            evidence.append("followed by 'is a …'")
            defining = True
            definition = finish_definition(copula.group("rest"))
        elif span.kind in {STRONG, EMPHASIS, DFN} and _LEAD_IN.match(clause) \
                and (of_kind := _OF_KIND_COPULA_AFTER.match(after)) \
                and not _EVALUATIVE.match(of_kind.group("rest")):
            score += 0.4
            evidence.append("followed by 'of a … is the …'")
            defining = True
            definition = finish_definition(plain_sentence(sentence))
        elif verb:
            score += 0.4
            evidence.append(f"followed by '{verb.group('verb').split()[0]} …'")
            defining = True
            definition = finish_definition(plain_sentence(sentence))
        elif colon and (in_list or span.start <= 2) \
                and (not _INSTRUCTION_START.match(colon.group("rest"))
                     or _pronoun_gloss_of_thing(colon.group("rest"), term)) \
                and _said_in_words(sentence, len(text) - len(colon.group("rest"))):
            # "**Cleat**: a fitting …" (not "*Mac*: Install Xcode …", "*Current*: this issue is …")
            score += 0.4
            evidence.append("followed by a colon and its meaning")
            defining = True
            definition = finish_definition(colon.group("rest"))
        elif _RELATIVE_AFTER.match(after) and (_PREDICATE_BEFORE.search(clause)
                                               or _INDEFINITE_BEFORE.search(clause)):
            score += 0.35
            evidence.append("a predicate noun followed by ', which …'")
            defining = True
            definition = finish_definition(plain_sentence(sentence))
        elif subject_verb and not term.endswith("s"):
            score += 0.3 if _INDEFINITE_LEAD_IN.match(clause) else 0.2
            evidence.append(f"the subject of '{subject_verb.group('verb')} …'")
            defining = True
            definition = finish_definition(plain_sentence(sentence))
        elif _WE_SAY_BEFORE.search(before):
            score += 0.35
            evidence.append("introduced by 'we say that … is X'")
            defining = True
            definition = finish_definition(plain_sentence(sentence))
            state = _WE_SAY_STATE.search(before)
            if state and span.kind == QUOTED and _STATE_WORD.fullmatch(term):
                # "we say that the anchor is "fouled"": the state names the thing in it, a fouled anchor
                term = f"{term} {state.group('noun')}"
                labels = (term,)
        elif _NAME_IN_PARENTHESES.search(before) and re.match(r"^[\"'”’]?\s*\)", after) \
                and span.kind in {QUOTED, STRONG}:
            # bold there names the idea; quotes there as often hold an example (a word given "as an example"),
            # so a quoted name in parentheses goes to review unless something else supports it
            score += 0.3 if span.kind == STRONG else 0.25
            evidence.append("given as a name in parentheses")
            if span.kind == QUOTED and _names_kind_before(before, term):
                # "spare sails ("storm sails")": a name for the kind the words before describe
                score += 0.15
                evidence.append("a name sharing the head noun of the phrase before it")
            defining = True
            definition = finish_definition(plain_sentence(sentence))
        elif _MEANING_AFTER.match(after):
            score += 0.35
            evidence.append("followed by ', meaning …' / ', that is, …'")
            defining = True
            definition = finish_definition(plain_sentence(sentence))
        elif span.kind in {STRONG, EMPHASIS} and _CODE_EXAMPLE_BEFORE.match(before) \
                and _code_only(sentence, before) and _EXAMPLE_END_AFTER.match(after):
            score += 0.3
            evidence.append(NAMED_WITH_EXAMPLE)
            defining = True
            definition = finish_definition(plain_sentence(sentence))
        elif span.kind in {STRONG, EMPHASIS} and _GENUS_BEFORE.match(before) \
                and _GENUS_END_AFTER.match(after):
            score += 0.4
            evidence.append(NAMED_AS_GENUS)
            defining = True
            said = plain_sentence(sentence)
            anaphor = re.match(r"(?:such|this|these|that|those|it)\b", before, re.I)
            definition = finish_definition(f"{previous} {said}" if anaphor and previous else said)
        elif span.kind in {STRONG, EMPHASIS, DFN} and _GROUPED_INTO_BEFORE.search(before) \
                and _GROUP_END_AFTER.match(after):
            # "Threads are grouped together into *thread blocks*, each …": the name of the groups formed
            score += 0.35
            evidence.append("names the groups a sentence forms ('… are grouped into *X*')")
            defining = True
            definition = finish_definition(plain_sentence(sentence))
        elif _DASH_NAMING_BEFORE.search(before) and _SENTENCE_END_AFTER.match(after):
            score += 0.35
            evidence.append("names what the sentence describes, after a dash at its end ('… -- a X.')")
            defining = True
            definition = finish_definition(plain_sentence(sentence))
        elif (inverted := _INVERTED_COPULA_BEFORE.match(before)) and _SENTENCE_END_AFTER.match(after) \
                and not _EVALUATIVE.match(inverted.group("subject")) \
                and not _OTHER_COPULA.search(_RELATIVE_COPULA.sub("", inverted.group("subject"))):
            score += 0.4
            evidence.append("the predicate of 'A … that … is a X.'")
            defining = True
            definition = finish_definition(inverted.group("subject"))
        elif span.kind in {STRONG, EMPHASIS, DFN} and _PREDICATE_OF_BEFORE.match(before) \
                and _OF_END_AFTER.match(after):
            # "This number of fields determines the *arity* of the tuple.": the name of what was described
            score += 0.35
            evidence.append("names what the sentence describes ('… is the *X* of the Y.')")
            defining = True
            definition = finish_definition(plain_sentence(sentence))
        elif (gloss := _DASH_GLOSS_AFTER.match(after)) and _repeats_head(term, gloss.group("rest")):
            score += 0.35
            evidence.append("followed by a dash and a gloss on the same noun ('X -- real Xs that …')")
            defining = True
            definition = finish_definition(gloss.group("rest"))
        elif span.kind in {STRONG, EMPHASIS, DFN} and _PAREN_GLOSS_AFTER.match(after):
            # "executes *bytecode* (machine-language instructions)": what it is, in brackets after it
            score += 0.3
            evidence.append("followed by a gloss in brackets")
            defining = True
            definition = finish_definition(plain_sentence(sentence))
        elif appositive:
            score += 0.3
            evidence.append("followed by an appositive ', a …'")
            defining = True
            definition = finish_definition(appositive.group("rest") or appositive.group("dashed")
                                           or appositive.group("closing"))
        elif (other := _aka_of(sentence, span)) and span.kind != QUOTED:
            score += 0.25
            evidence.append(f"given as another name of '{other}' ('X (aka Y)')")
            definition = finish_definition(plain_sentence(sentence))
            labels = (term, other)
        elif (gloss := _OR_GLOSS_AFTER.match(after)) and span.kind in {STRONG, EMPHASIS, DFN} \
                and not _EXAMPLES_AFTER.match(after) and not gloss.group("rest")[:1].isupper():
            score += 0.3
            evidence.append("followed by ', or' and a gloss of several words ('X, or … that …,')")
            defining = True
            definition = finish_definition(gloss.group("rest"))
        elif _SYNONYM_AFTER.match(after) or _NAMING_BEFORE.search(before.rstrip(" ,(")):
            score += 0.25
            evidence.append("given with a synonym")
            definition = finish_definition(plain_sentence(sentence))
            # "The **mainsheet**, sometimes also called the main line, trims …": about the term
            defining = bool(_LEAD_IN.match(clause) and _SYNONYM_AFTER.match(after)
                            and not _EXAMPLES_AFTER.match(after))
        elif _SENTENCE_CUE.search(text):
            score += 0.15
            evidence.append("in a sentence with a defining phrase")
            definition = finish_definition(plain_sentence(sentence))
        else:
            definition = finish_definition(plain_sentence(sentence))
        if not defining and span.kind in {GLOSSARY_LINK, TERM_ROLE} \
                and _says_something_of(clause, after, text):
            evidence.append(LINKED_AND_GLOSSED)
        if not defining and span.kind == QUOTED and _ARTICLE_BEFORE.search(before) \
                and heading_names(heading, term):
            score += 0.3
            evidence.append("marked in the section its heading names")
            defining = True
        if text.rstrip().endswith("?"):
            score -= 0.3
            evidence.append("in a question")
        if is_identifier(term):
            score -= 0.25
            evidence.append("reads as a code identifier")
        initial = not text[: span.start].strip(" \"'“‘*([")
        modifier = span.kind in {STRONG, EMPHASIS} and not defining and _coordinated_modifier(sentence, span)
        if modifier:
            evidence.append("one of several marked words before the noun they modify ('… and … modes')")
        if span.kind == QUOTED and (not defining or (term != term.lower() and not labels)):
            continue  # quotation marks mark a term only where the words define it
        if vague and not (defining and score >= base + 0.35):
            continue  # a word like "key" or "value" is a term only where a sentence defines it
        if quoted_name and defining:
            labels = tuple(dict.fromkeys((*(labels or (term,)), quoted_name)))
        findings.append(Finding(term, score, tuple(evidence), definition, defining, labels=labels,
                                markup=span.kind, initial=initial,
                                listed=(listed and not defining) or modifier))
    return findings


#: Evidence of a use linked to the glossary in a sentence that says something of it (not a bare use).
LINKED_AND_GLOSSED = "linked, in a sentence that says something of it"
#: Words right after a linked use that go on about it: brackets, ", which …", ", a …", a dash, a colon and
#: more words, "such as …", "where …".
_GLOSS_AFTER = re.compile(
    r"^[\"'”’]?\s*(?:\(\s*\S|,\s*(?:which|who|where|whose|an?|the|or|i\.\s?e\.|e\.\s?g\.|such\s+as|like|"
    r"including|for\s+example|meaning|that\s+is)\s|[—–]\s*\S|:\s+[A-Za-z]|\s+(?:such\s+as|e\.\s?g\.|where|whose|"
    r"which)\s)",
    re.I,
)
#: A verb after a linked subject that says what it does ("A *backend* builds …", "a frontend can run …").
_DOES_AFTER = re.compile(
    r"^[\"'”’]?\s*(?:\([^()]{1,80}\)\s*)?"
    r"(?:(?:[a-z]{3,}\s+(?:(?:like|such\s+as)\s+[\w.-]+\s+)?)?(?:can|may|will|must|should|would|could)\s+"
    r"(?!be\b|have\b|not\b|also\b)[a-z]{3,}|"
    r"(?!(?:is|has|was|does|always|also|thus|as|its|this|us|plus|less|unless|across|versus)\b)[a-z]{3,}"
    r"(?:[^s\W]s|sses|shes|ches|xes)|(?:let|make|allow|keep|hold|store|describe|provide|tell|define|"
    r"contain|run|build|create)\s)\b",
)


def _says_something_of(clause: str, after: str, text: str) -> bool:
    """Return True when a sentence says something of a linked term rather than only using it: words
    right after it gloss it, it is the subject of a verb saying what it does, or the sentence has a
    defining phrase. A link marks a term of the book; only such a sentence can introduce it."""
    if _GLOSS_AFTER.match(after) or _SENTENCE_CUE.search(text):
        return True
    return bool(_LEAD_IN.match(clause) and _DOES_AFTER.match(after))


#: Words a "for loop" or an "if statement" may start with: a keyword of a programming language.
_KEYWORD_FIRST = word_set("for if while do with in not and or as try else return each foreach case")


def _keyword_first(term: str) -> bool:
    """Return True for a term that starts with a function word only because a keyword names it:
    "for loop", "in place operators" (and the rest of it is a plausible term)."""
    words = term.split()
    rest = " ".join(words[1:])
    return 2 <= len(words) <= 4 and words[0].lower() in _KEYWORD_FIRST and not term_problem(rest)


#: A construct named after its keyword: "for loop", "if statement".
_CONSTRUCT_TERM = re.compile(r"^[a-z]+\s+(?:loop|statement|block|clause|expression)s?$", re.I)
#: Words before "called" that hedge rather than name: "something called a "deli"".
_HEDGED_NAMING = re.compile(r"\b(?:something|anything|someone|somebody|things?)\s*$", re.I)
_BETWEEN_COORDINATED = re.compile(
    r"^\s*(?:\([^()]{1,40}\)\s*)?(?:,\s*(?:and\s+|or\s+)?|(?:and|or)\s+)[\"'“‘]?$"
)
_NOUN_AFTER_MODIFIERS = re.compile(
    r"^[\"'”’]?\s*(?:\([^()]{1,40}\)\s*)?(?!(?:is|was|has|does|makes|needs|uses|means|seems|gets|lets)\b)"
    r"[a-z]{3,}s\b"
)


def _coordinated_modifier(sentence: Sentence, span: Span) -> bool:
    """Return True when the marked phrase is one of two or more coordinated marked words that modify
    the plural noun after the last of them: "the **Command** (gray) and **Edit** (blue) modes"."""
    text = sentence.text
    marked = sorted((s for s in sentence.spans if s.kind in {STRONG, EMPHASIS}), key=lambda s: s.start)
    groups: list[list[Span]] = []
    for item in marked:
        if groups and _BETWEEN_COORDINATED.match(text[groups[-1][-1].end : item.start]):
            groups[-1].append(item)
        else:
            groups.append([item])
    for group in groups:
        if len(group) >= 2 and span in group:
            return bool(_NOUN_AFTER_MODIFIERS.match(text[group[-1].end :]))
    return False


def _marks_part(sentence: Sentence, term: str) -> bool:
    """Return True when the sentence marks words of `term` ("is called the *body* of the function"): the
    author's name is the marked part, which the markup signal takes."""
    words = f" {term.lower()} "
    return any(f" {sentence.text[span.start : span.end].strip().lower()} " in words for span in sentence.spans
               if span.kind in {STRONG, EMPHASIS, CODE_SPAN})


def _code_labelled(sentence: Sentence, end: int) -> bool:
    """Return True when code markup covers the label that opens a sentence ("`hashes`: …")."""
    return any(s.kind == CODE_SPAN and s.start <= 2 and s.end >= end - 1 for s in sentence.spans)


def _said_in_words(sentence: Sentence, start: int) -> bool:
    """Return True when the text from `start` on has two or more plain words outside code markup (a
    meaning in words, not "`application/json`" or one cross-reference)."""
    text = sentence.text
    kept = "".join(" " if any(s.kind == CODE_SPAN and s.start <= i < s.end for s in sentence.spans) else c
                   for i, c in enumerate(text[start:], start=start))
    kept = re.sub(r"[\"“][^\"“”]*[\"”]", " ", kept)  # quoted values ('"a", "swc"') are examples, not words
    return len(re.findall(r"(?<![\w./+-])(?:[A-Za-z]{2,}|\d+)(?![\w./+-])", kept)) >= 2


def pattern_findings(sentence: Sentence, previous: str, in_list: bool = False) -> list[Finding]:
    """Return findings for definitional sentence patterns that need no markup (`in_list`: the
    sentence is a list item, where 'term: meaning' is a definition)."""
    text = sentence.text.strip()
    if text.startswith("(") and text.endswith((")", ").")) and text.count("(") == 1:
        text = text[1:].rstrip(".").rstrip(")").strip()  # "(A cleat is a fitting …)": a sentence in brackets
    findings: list[Finding] = []
    copula = _COPULA_SENTENCE.match(text)
    if copula and not _EVALUATIVE.match(copula.group("rest")):
        term = copula.group("term")
        det = copula.group("det") or ""
        first = term.split()[0].lower()
        plural_generic = not det and copula.group("verb") == "are"
        if plural_generic and not copula.start("term") and term[:1].isupper() \
                and term[1:] == term[1:].lower():
            term = term[:1].lower() + term[1:]  # "Buoys are the …": a capital only because it starts
        if (det.lower() in {"a", "an"} or plural_generic) and first not in _GENERIC_SUBJECTS \
                and (term == term.lower() or (det and _CAMEL_CASE.fullmatch(term))
                     or (det.lower() in {"a", "an"} and _NAMED_KIND.fullmatch(term))) \
                and not term_problem(term):
            score = 0.55 if det else 0.5 if term.endswith("s") else 0.4
            shape = f"sentence '{det + ' ' if det else ''}X {copula.group('verb')} a …'"
            # "Logical values (or booleans) are values that …": the other name in the brackets is a label
            alias = _BRACKETED_ALIAS.match(copula.group("paren") or "")
            other = clean_term(alias.group("alias")) if alias else ""
            labels = (term, other) if other and not term_problem(other) else ()
            findings.append(Finding(term, score, (shape,), finish_definition(copula.group("rest")), True,
                                    labels=labels, initial=not copula.start("term") or bool(det)))
    for appositive in _PAREN_APPOSITIVE.finditer(text):
        words = appositive.group("term").split()
        if len(words) > 1 and (words[0].lower() in _NOT_MODIFIERS or term_problem(words[0])
                               or re.fullmatch(r"is|are|was|were|be|been|being|has|have|had", words[0])):
            words = words[1:]  # "unless they are integers (…)": the verb is no part of the term
        term = clean_term(" ".join(words))
        generic = bool(appositive.group("det")) or (term.endswith("s") and not term.endswith("ss"))
        if generic and not term_problem(term) and term.split()[0].lower() not in _GENERIC_SUBJECTS \
                and not _EVALUATIVE.match(appositive.group("rest")):
            shape = "a term with what it is in brackets: 'Xs (a kind of … that …)'"
            findings.append(Finding(term, 0.55, (shape,), finish_definition(appositive.group("rest")), True))
    acronym = _ACRONYM_COPULA.match(text)
    if acronym and not _EVALUATIVE.match(acronym.group("rest")):
        findings.append(Finding(acronym.group("term"), 0.55, ("sentence 'ACRONYM is a … that …'",),
                                finish_definition(acronym.group("rest")), True, initial=True))
    which = _WHICH_IS_SENTENCE.match(text)
    if which and not _EVALUATIVE.match(which.group("rest")):
        term = which.group("term")
        if term == term.lower() and not term_problem(term) and term.split()[0] not in _GENERIC_SUBJECTS:
            findings.append(Finding(term, 0.5, ("sentence 'A X, which is a …, …'",),
                                    finish_definition(which.group("rest")), True, initial=True))
    listed = _LISTED_MEANING.match(text) if in_list else None
    shift = max(0, sentence.text.find(text))  # where the (stripped) text starts in the sentence
    if listed and (_code_labelled(sentence, shift + listed.end("term"))
                   or not _said_in_words(sentence, shift + listed.start("rest"))):
        listed = None  # "`hashes`: a dictionary …" names a key; "JSON: `application/…`" says nothing in words
    if listed and not _CLAUSE_START.match(listed.group("rest")):
        term = clean_term(listed.group("term"))
        if not term_problem(term) and term.split()[0].lower() not in _GENERIC_SUBJECTS:
            head = term.lower().split()[-1].rstrip("s")
            genus = re.match(rf"(?:an?\s+|the\s+)?(?:[a-z-]+\s+){{0,2}}{re.escape(head)}s?\b",
                             listed.group("rest"), re.I) if len(head) >= 3 else None
            if genus and listed.group("rest").lower().startswith(term.lower()):
                genus = None  # "TOAD: TOAD (…) detects …" says the name again, no kind of thing
            # "Faded examples: worked examples with …": what kind of the same thing, then how it differs
            shape = ("list item 'X: its meaning'",
                     *(("the meaning names the same kind of thing",) if genus else ()))
            findings.append(Finding(term, 0.6 if genus else 0.55, shape,
                                    finish_definition(listed.group("rest")), True, initial=True))
    named_after = _GLOSS_THEN_NAME.match(text) if in_list else None
    if named_after:
        # "* A public transaction journal (the blockchain)": what the thing is, then its name in brackets
        term = clean_term(named_after.group("term"))
        if term and not term_problem(term) and not _ACRONYM_NAME.fullmatch(term) \
                and term.split()[0].lower() not in _GENERIC_SUBJECTS and term == term.lower():
            findings.append(Finding(term, 0.55, (GLOSS_THEN_NAME,),
                                    finish_definition(named_after.group("gloss")), True))
    for match in _CALLED_INLINE.finditer(text):
        start = match.start("quoted") if match.group("quoted") else match.start("single") \
            if match.group("single") else match.start("term")
        before = text[:start]
        names = called_names(match)
        quoted = bool(match.group("quoted") or match.group("single"))
        if re.search(r"\bcall\s+(?:this|these|that|it|them)\s*$", text[:start], re.I) and not quoted:
            # "We call this initial read the priming read": the name follows the last "the"
            names = [name.rsplit(" the ", 1)[1] if " the " in f" {name}" and name.count(" ") >= 2 else name
                     for name in names if " the " in f" {name}" or len(name.split()) <= 3]
        if _NAMED_INSTANCE.search(before) or _DEFAULT_NAMED.search(before) or (
            _INSTANCE_SUBJECT.search(before) and (quoted or (len(names) == 1 and " " not in names[0]))
        ):
            continue  # "a file called X", "the command is called 'hoist'": the name of one thing
        subject = defining_subject(before)
        if subject:
            definition = finish_definition(subject)
        elif previous and anaphoric_subject(before):
            definition = finish_definition(previous + " " + plain_sentence(sentence))
        else:
            definition = finish_definition(plain_sentence(sentence))
        for term in names:
            problem = term_problem(term)
            whole = quoted and bool(_QUOTED_NAME_OF_WORDS.match(term))
            if whole and problem == "starts or ends with a function word":
                problem = ""  # 'a technique called "one up, one down"': the quotes mark the whole name
            if problem or (not whole and term.split()[0].lower() in _GENERIC_SUBJECTS) or term[0].isupper():
                continue
            # a name of two to four plain words ("called a sparse matrix") is seldom anything but a term
            phrase = 2 <= len(term.split()) <= 4 and term == term.lower() and not is_identifier(term)
            other_name = named_subject(before) if len(names) == 1 else ""
            labels = (term, other_name) if other_name and other_name.lower() != term.lower() else ()
            shape = ("sentence '… is called X'", *((NAMED_AS_KIND,) if _KIND_ARTICLE.search(before) else ()),
                     *((NAMED_PHRASE,) if phrase and _COPULAR_NAMING.search(before)
                       and all(word.isalpha() for word in term.split())
                       and not _marks_part(sentence, term) else ()))
            findings.append(Finding(term, 0.6 if phrase else 0.55, shape, definition, True, labels=labels))
    so_called = _SO_CALLED.search(text)
    if so_called:
        term = clean_term(so_called.group("term"))
        if not term_problem(term) and term.split()[0].lower() not in _GENERIC_SUBJECTS:
            findings.append(Finding(term, 0.5, ("sentence 'a X, so called because …'",),
                                    finish_definition(plain_sentence(sentence)), True))
    define = _DEFINE_AS.search(text)
    if define:
        term = clean_term(define.group("term"))
        if not term_problem(term):
            findings.append(Finding(term, 0.6, ("sentence 'we define X as …'",),
                                    finish_definition(define.group("rest")), True))
    refers = _REFERS_SENTENCE.match(text)
    if refers:
        term = clean_term(refers.group("term"))
        if not term_problem(term) and term.split()[0].lower() not in _GENERIC_SUBJECTS:
            # "A change of state …", '"Slack" means …': an article or quotes say a term is the subject
            article = re.match(r"(?:an?)\s", refers.group("term"), re.I) is not None \
                or text[:1] in "\"“'‘"
            shape = f"sentence 'X {refers.group('verb')} …'"
            findings.append(Finding(term, 0.55 if article else 0.45, (shape,),
                                    finish_definition(plain_sentence(sentence)), True))
    name_is = _NAME_IS.search(text)
    word_used = _WORD_USED.search(text) or _USES_THE_WORD.search(text) or name_is
    if word_used:
        term = clean_term(word_used.group("term"))
        if not term_problem(term):
            said = plain_sentence(sentence)
            if previous and re.search(r"\b(?:such|this|these|that)\b", text[word_used.end():], re.I):
                said = previous + " " + said  # "… is used for such a rope": the sentence before says which
            shape = "sentence 'the name X is the name … for …'" if word_used is name_is else \
                "sentence 'the word X is used to mean …'"
            findings.append(Finding(term, 0.6, (shape,),
                                    finish_definition(said), True))
    findings.extend(anaphor_findings(text, previous))
    findings.extend(gerund_and_alias_findings(text, sentence))
    findings.extend(acronym_findings(sentence))
    return findings


#: "Reefing is the act of making a sail smaller …": a gerund defined as a process or an act.
_GERUND_SENTENCE = re.compile(
    rf"^(?i:{_ADVERBIAL})?(?P<term>[A-Z]?[a-z]{{2,}}ing)\s+(?:is|means)\s+"
    r"(?P<rest>(?:the|an?)\s+(?:[a-z]+\s+)?(?:process|act|practice|technique|art|task|operation|activity|"
    r"method|way)\s+of\s+\S.{6,})$",
    re.S,
)
_NOT_GERUNDS = word_set(
    "thing nothing something everything anything string king ring spring wing morning evening"
)
#: "The holding tank (the bilge) is the lowest space …": a term, its other name in brackets, what it is.
_ALIAS_COPULA = re.compile(
    rf"^(?i:{_ADVERBIAL})?(?:The|An?)\s+(?P<term>[a-z][\w-]*(?:\s+[a-z][\w-]*){{0,2}})\s+"
    r"\((?:(?:also\s+(?:called|known\s+as)|or|aka|a\.k\.a\.)\s+)?(?:the\s+|an?\s+)?"
    r"(?P<other>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})\)\s+(?:is|are)\s+"
    r"(?P<rest>(?:an?|the|one)\s+\S.{6,})$",
    re.S,
)


def gerund_and_alias_findings(text: str, sentence: Sentence) -> list[Finding]:
    """Return the terms of 'Reefing is the act of …' and 'The X (the Y) is a …' sentences."""
    found: list[Finding] = []
    gerund = _GERUND_SENTENCE.match(text)
    if gerund and gerund.group("term").lower() not in _NOT_GERUNDS \
            and not _EVALUATIVE.match(gerund.group("rest")):
        term = gerund.group("term").lower()
        if not term_problem(term):
            found.append(Finding(term, 0.55, ("sentence 'X-ing is the act of …'",),
                                 finish_definition(gerund.group("rest")), True, initial=True))
    alias = _ALIAS_COPULA.match(text)
    if alias and not _EVALUATIVE.match(alias.group("rest")):
        term, other = clean_term(alias.group("term")), clean_term(alias.group("other"))
        if term and other and term.lower() != other.lower() and not term_problem(term) \
                and not term_problem(other) and term.split()[0].lower() not in _GENERIC_SUBJECTS:
            definition = finish_definition(alias.group("rest"))
            found.append(Finding(term, 0.55, ("sentence 'the X (Y) is a …'",), definition, True,
                                 labels=(term, other), initial=True))
    return found


#: "The word "bight" is often used to mean …": the sentence says what the word stands for.
_WORD_USED = re.compile(
    r"\bthe\s+(?:word|term|phrase|name)\s+[\"“'‘](?P<term>[^\"”'’]{2,40})[\"”'’]\s+(?:is|are)\s+"
    r"(?:\w+\s+)?used\s+(?:to\s+(?:designate|mean|denote|describe|refer\s+to|name)|for)\b",
    re.I,
)
#: "The name "home port" is simply the name the club gives …": the sentence says what the name is for.
_NAME_IS = re.compile(
    r"\bthe\s+(?:word|term|phrase|name)\s+[\"“](?P<term>[^\"”]{2,40})[\"”]\s+(?:is|are)\s+"
    r"(?:(?:just|simply|only|merely|really)\s+)?(?:the|an?)\s+(?:\w+\s+)?(?:name|word|term|label|shorthand)\b"
    r"(?=.*\b(?:for|to\s+(?:refer\s+to|mean|denote|describe|name|designate)|of)\b)",
    re.I | re.S,
)
#: "The old notes use the word "gunwale" to describe the top edge of the hull": the same, said actively.
_USES_THE_WORD = re.compile(
    r"\b(?:uses?|used|using)\s+the\s+(?:word|term|phrase|name)\s+[\"“'‘](?P<term>[^\"”'’]{2,40})[\"”'’]\s+"
    r"(?:to\s+(?:designate|mean|denote|describe|refer\s+to|name)|for)\b",
    re.I,
)
#: A sentence that says what the thing named just before is: "They are boats that …", "It is a knot which …".
ANAPHOR_DEFINES = re.compile(
    r"^(?:(?:They|These)\s+are|(?:It|This)\s+is\s+an?)\s+(?P<head>[a-z]{3,})\s+"
    r"(?P<rest>(?:that|which|who|whose|where|in\s+which)\s+\S.{8,})$",
    re.S,
)
_SENTENCE_END_PHRASE = re.compile(
    r"(?P<term>\b[a-z][a-z-]{2,}(?:\s+[a-z][a-z-]{2,})?\s+(?P<head>[a-z]{3,}))[.!?]$"
)
_NOT_MODIFIERS = word_set(
    """the and for with from into onto about that this these those their there then than some many more most
    other such your our its his her all any each every both few several which what were are was has have had
    not only also just very new old own same"""
)


def anaphor_findings(text: str, previous: str) -> list[Finding]:
    """Return a term the sentence before ends on when this one says what it is: "… on drifting
    buoys. They are buoys that …" (the pronoun's noun repeats the last word of the term)."""
    anaphor = ANAPHOR_DEFINES.match(text)
    ending = _SENTENCE_END_PHRASE.search(previous.strip()) if anaphor else None
    if not anaphor or not ending:
        return []
    head = anaphor.group("head")
    last = ending.group("head")
    if _stems(last) != _stems(head):
        return []
    words = ending.group("term").split()
    while words and words[0].lower() in _NOT_MODIFIERS:
        words = words[1:]
    term = clean_term(" ".join(words))
    if len(words) < 2 or term_problem(term):
        return []
    definition = finish_definition(f"{head} {anaphor.group('rest')}")
    return [Finding(term, 0.5, ("two sentences: 'a X. They are … that …'",), definition, True)]


_MINOR_WORDS = frozenset({"of", "and", "the", "for", "in", "on", "to", "a", "an", "with", "by", "or"})
#: Words that make a capitalised long form the name of a body: an institute, an agency, a university.
_ORGANISATION = re.compile(
    r"\b(?:Cent(?:er|re)|Institute|Foundation|Agency|Association|Society|University|College|"
    r"Organi[sz]ation|Council|Department|Laborator(?:y|ies)|Consortium|Commission|Committee|Ministry|Bureau)\b"
)


def _initials_in(long_form: str, short: str) -> bool:
    """Return True if the initials of the long form's main words appear, in order, in the acronym."""
    letters = iter(short.lower())
    initials = [w[0].lower() for w in re.split(r"[\s-]+", long_form) if w and w.lower() not in _MINOR_WORDS]
    return bool(initials) and initials[0] == short[0].lower() and all(i in letters for i in initials)


#: "CSV (comma-separated values)": an acronym with its long form after it, in brackets.
_ACRONYM_FIRST = re.compile(
    r"(?<![\w-])(?P<short>[A-Z][A-Z0-9&]{1,9})s?\s+\((?P<long>[A-Za-z][\w-]*(?:\s+[\w-]+){1,6})\)"
)


#: "CSV files (csv = comma-separated values)": an acronym spelt out with an equals sign in brackets.
_ACRONYM_EQUALS = re.compile(
    r"\((?P<short>[A-Za-z][A-Za-z0-9]{1,9})\s*=\s*(?P<long>[A-Za-z][\w-]*(?:\s+[\w-]+){0,6})\s*\)"
)


#: A letter and a count inside an acronym: "S3" for three words in S, "EC2" for two in C.
_LETTER_COUNT = re.compile(r"(?<=[A-Za-z])([2-4])(?=[A-Za-z]|$)")


def _spelled_acronym(short: str) -> str:
    """Return an acronym with each letter-and-count written out ("EC2" → "ECC", "S3" → "SSS",
    "W3C" → "WWWC"): the letters its long form's words start with. Other acronyms are returned as they are."""
    return _LETTER_COUNT.sub(lambda m: short[m.start() - 1] * (int(m.group(1)) - 1), short)


def _abbreviates(short: str, long_form: str) -> bool:
    """Return True when the acronym (a letter and count spelled out) gives the long form's initials."""
    return any(is_acronym_of(form, long_form) and _initials_in(long_form, form)
               for form in dict.fromkeys((short, _spelled_acronym(short))))


def _long_form_before(before: str, short: str) -> str:
    """Return the words that end `before` and spell out the acronym, or ''. The long form has about as many
    words as the acronym has letters; failing that, fewer, for a long form holding an acronym of its own or a
    hyphenated word ("General-Purpose GPUs (GPGPUs)")."""
    words = before.split()
    letters = sum(1 for c in short if c.isalnum())
    usual = range(max(1, letters - 2), min(len(words), letters + 2) + 1)
    for count in (*usual, *range(min(max(1, letters - 2), len(words) + 1) - 1, 1, -1)):
        long_form = clean_term(" ".join(words[-count:]))
        if long_form and is_acronym_of(short, long_form) and _initials_in(long_form, short):
            return long_form
    return ""


#: "Signed Distance Functions, or SDFs, …": an acronym given after its long form as another name.
_ACRONYM_OR = re.compile(
    r",\s+or\s+(?P<short>[A-Z][A-Z0-9&]{1,9})(?P<plural>s)?(?=[,.;:)]|\s+(?:for\s+short|[-–—])|$)")
#: "`prange` (parallel range)": a code name followed by the words it is shortened from, in brackets.
_LONG_FORM_AFTER_CODE = re.compile(r"^\s*\((?P<long>[A-Za-z][a-z-]*(?:\s+[a-z][a-z-]*){1,4})\)")


#: "… (change directory) command": what follows a code name that names a program.
_PROGRAM_AFTER = re.compile(
    r"^\s+(?:shell\s+)?(?:commands?|programs?|utilit(?:y|ies)|tools?|executables?)\b", re.I)


def _shortened_from(name: str, words: list[str]) -> bool:
    """Return True when the name is made of a first part of each word, in order ("prange" from "parallel
    range", "numpy" from "numeric python"), every word giving at least one letter."""
    name = name.lower().replace("_", "")

    def fits(at: int, word: int) -> bool:
        if word == len(words):
            return at == len(name)
        head = words[word].lower()
        return any(name[at : at + size] == head[:size] and fits(at + size, word + 1)
                   for size in range(min(len(head), len(name) - at), 0, -1))

    return len(words) >= 2 and name.isalnum() and fits(0, 0)


def _code_long_forms(sentence: Sentence) -> list[Finding]:
    """Return a finding for each code name given with the words it is shortened from ("`prange` (parallel
    range)"): the author says what the name stands for."""
    text = sentence.text
    findings: list[Finding] = []
    for span in sentence.spans:
        if span.kind != CODE_SPAN:
            continue
        name = text[span.start : span.end].strip()
        after = _LONG_FORM_AFTER_CODE.match(text[span.end :])
        if after is None or not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]{1,19}", name):
            continue
        long_form = clean_term(after.group("long"))
        # "the `cd` (change directory) command": the name of a program spelled out, not a term
        if long_form and _shortened_from(name, long_form.split()) \
                and not _PROGRAM_AFTER.match(text[span.end + after.end() :]):
            evidence = (f"a code name given with its long form '{name} ({long_form})'",)
            findings.append(Finding(name, 0.55, evidence, finish_definition(plain_sentence(sentence)), True,
                                    labels=(name, long_form)))
    return findings


def acronym_findings(sentence: Sentence) -> list[Finding]:
    """Return findings for 'Long Form (LF)' introductions whose letters match the words, and for
    'LF (long form)' ones."""
    text = sentence.text
    findings: list[Finding] = []
    for match in _ACRONYM_FIRST.finditer(text):
        short, long_form = match.group("short"), clean_term(match.group("long"))
        if long_form and not term_problem(long_form) and _abbreviates(short, long_form) \
                and not _ORGANISATION.search(long_form):
            evidence = (f"acronym introduction '{short} ({long_form})'",)
            said = finish_definition(plain_sentence(sentence))
            findings.append(Finding(long_form, 0.55, evidence, said, True, labels=(long_form, short)))
    for match in _ACRONYM_EQUALS.finditer(text):
        short, long_form = match.group("short"), clean_term(match.group("long"))
        if long_form and not term_problem(long_form) and is_acronym_of(short, long_form) \
                and _initials_in(long_form, short) and not _ORGANISATION.search(long_form):
            short = short.upper() if short.islower() else short  # "csv = comma-separated values"
            evidence = (f"acronym introduction '{short} = {long_form}'",)
            findings.append(Finding(long_form, 0.55, evidence, finish_definition(plain_sentence(sentence)),
                                    True, labels=(long_form, short)))
    for match in _ACRONYM.finditer(text):
        short = match.group("short")
        if not sum(c.isupper() for c in short) >= 2:
            continue
        found = _long_form_before(text[: match.start()], short)
        if not found or term_problem(found):
            continue
        said = finish_definition(plain_sentence(sentence))
        capitalised = all(w[:1].isupper() for w in found.split() if w not in _MINOR_WORDS)
        if _ORGANISATION.search(found) and capitalised:
            # "National Centre for Weather Data (NCWD)": the name of a body, not a term the text defines
            evidence = (f"acronym introduction '{found} ({short})'", "names an organisation")
            findings.append(Finding(found, 0.35, evidence, said, False, labels=(found, short)))
            continue
        findings.append(Finding(found, 0.55, (f"acronym introduction '{found} ({short})'",),
                                finish_definition(plain_sentence(sentence)), True, labels=(found, short)))
    for match in _ACRONYM_OR.finditer(text):
        short = match.group("short") + (match.group("plural") or "")
        found = _long_form_before(text[: match.start()], short)
        if not found or term_problem(found) or _ORGANISATION.search(found):
            continue
        findings.append(Finding(found, 0.55, (f"acronym introduction '{found}, or {short}'",),
                                finish_definition(plain_sentence(sentence)), True, labels=(found, short)))
    findings.extend(_code_long_forms(sentence))
    return findings
