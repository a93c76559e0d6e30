"""Lists whose labels are no terms: benefits, advice, settings, each label over a statement of its own.

A list of bold labels with a colon looks like a glossary ("**Cleat**: a fitting that holds a line"), but
many such lists label points of an argument ("**Lower cost**: Smaller files can be stored for less.",
"**Faster fixes**: Quickly shows where the fault is.", "**Read size:** The default is 5 MB."). Their texts
are statements with a subject and verb of their own, or a predicate whose subject is the label: what the
label brings or does, never what it is. When most items of a run of labelled items read so, the run is a
list of labels, and none of its labels is taken as a defined term.
"""

from __future__ import annotations

import re

from termbase.documents.model import ASIDE, CODE, DEFINITION, LIST_ITEM, PROSE, Block

#: "Label: text" at the start of a list item or paragraph (the label up to six words).
_LABELLED = re.compile(
    r"^[\"'“‘]?(?P<label>[A-Za-z][\w'’/&().-]*(?:\s+[\w'’/&().-]+){0,5}?)(?:\s*[:：]|\s+[-–—]{1,2})\s+(?P<text>\S.*)$",
    re.S)
#: Words that open a statement or an instruction, never a gloss of a noun.
_STATEMENT_OPENERS = re.compile(
    r"^(?:you|we|they|it|its|this|these|those|there|here|because|although|though|since|from|see|note|"
    r"for\s+example|e\.g\.|i\.e\.|use|install|run|click|open|set|make\s+sure|try|avoid|don't|do\s+not)\b",
    re.I,
)
#: A finite verb that ends the subject of a statement.
_FINITE = re.compile(
    r"\b(?:is|are|was|were|can|cannot|can't|could|should|must|may|might|will|would|has|have|had|does|do|"
    r"doesn't|don't|isn't|aren't)\b", re.I)
#: Where a gloss's noun phrase hands over to a clause of its own ("A value that is …").
_CLAUSE_BREAK = re.compile(r",|;|\(|\b(?:that|which|who|whom|whose|where|when|used|such)\b", re.I)
#: "Quickly finds …": how the label does something, a claim about it ("Finds …" alone may say what it is).
_MANNER_FIRST = re.compile(r"^[A-Z][a-z]+ly\s+[a-z]+(?:s|es)\b")
#: Words of a label that praises rather than names, a benefit ("Reduced Latency", "Faster Analysis").
_EVALUATIVE = re.compile(
    r"\b(?:improved|enhanced|reduced|increased|decreased|lower|higher|better|faster|greater|simpler|easier|"
    r"cheaper|smaller|quicker|safer|proactive|efficient|effective|seamless|robust|reliable|cost-effective|"
    r"cost-effectiveness|scalability|flexibility|reliability|efficiency|convenience|savings)\b", re.I)
#: Words of a lead-in or heading that says the list names terms after all ("Terminology", "main properties").
TERMS_WORDS = re.compile(
    r"\b(?:terms?|terminology|vocabulary|words?|concepts?|definitions?|glossary|jargon|propert(?:y|ies))\b",
    re.I,
)
#: Words of a lead-in or heading that says the labels are points of an argument ("Pros:", "Cons:",
#: "Benefits of using S3", "Why this format?").
POINTS_WORDS = re.compile(
    r"\b(?:pros|cons|advantages?|disadvantages?|benefits?|drawbacks?|downsides?|upsides?|limitations?|why)\b",
    re.I,
)
#: Words of a lead-in or heading that says the labels are settings ("The following options are supported:").
SETTINGS_WORDS = re.compile(
    r"\b(?:options?|settings?|parameters?|keys?|fields?|variables?|attributes?|flags?|arguments?|items|entries)\b",
    re.I)
#: A label that is one name, no phrase: a key ("bodyfont", "max_retries", "sidebar-width").
_ONE_NAME = re.compile(r"^[a-z][a-z0-9_.-]*$")
#: Labels of a callout inside a list ("Example: …", "Note: …"): not items of the list.
_CALLOUT_LABEL = re.compile(r"^(?:examples?|notes?|tips?|hints?|warning|caution|important|see\s+also)$", re.I)
#: "The uncompressed size determines how …": a singular subject and a verb in -s before what it governs.
_SUBJECT_VERB = re.compile(
    r"^The\s+(?:[\w-]+\s+){0,3}?[\w-]+\s+[a-z]+(?:[^su]s|ies)\s+(?:how|what|whether|the|a|an|if|which)\b")


def _mentions(text: str, label: str) -> bool:
    head = label.lower().split()[-1].strip("().") if label.split() else ""
    stem = head[:-1] if head.endswith("s") and len(head) > 3 else head
    return bool(stem) and re.search(rf"(?<![a-z]){re.escape(stem)}", text.lower()) is not None


def states_something(text: str, label: str) -> bool:
    """Return True when a labelled item's text is a statement or an instruction rather than a gloss of
    the label: its own subject and verb (the label not its subject), a predicate, a question."""
    first = re.split(r"(?<=[.!?])\s+", " ".join(text.split()), maxsplit=1)[0]
    if not first:
        return False
    if first.endswith("?") or _STATEMENT_OPENERS.match(first) or _MANNER_FIRST.match(first) \
            or _SUBJECT_VERB.match(first):
        return True
    finite = _FINITE.search(first)
    if finite is None:
        return False
    before = first[: finite.start()]
    if _CLAUSE_BREAK.search(before) or not before.strip():
        return False  # "A value that is …": the verb belongs to the gloss's own clause
    return not _mentions(before, label)  # "An anchor is …" says what the label is


def about_its_label(text: str, label: str) -> bool:
    """Return True when the text's first sentence names its label ("Ethereum transactions are messages …"
    under "Transactions", "Harbours are full of silt, which …" under "Silt"): a statement about the labelled
    thing, which may say what it is; not when the label is only the statement's verb ("Cargo … is weighed
    before …" under "Weighed")."""
    first = re.split(r"(?<=[.!?])\s+", " ".join(text.split()), maxsplit=1)[0]
    finite = _FINITE.search(first)
    if finite is None:
        return _mentions(first, label)
    verb = " ".join(first[finite.end() :].split()[:1])
    # "… is weighed", "… is essential to …": the label is what some other subject is; "Under the principles
    # are guidelines": a plural label right after the verb is the subject, put last
    predicate = len(label.split()) == 1 and not label.lower().endswith("s") and _mentions(verb, label)
    return _mentions(first[: finite.start()], label) \
        or (_mentions(first[finite.end() :], label) and not predicate)


#: A text that opens as a noun phrase glossing its label: "A line tied to the bow …", "one of the …".
_GLOSS_OPENING = re.compile(r"^(?:[Aa]n?|[Oo]ne|[Aa]ny)\s|^[a-z]")


#: "This is the amount of …", "This layer is the top one …": a gloss led by a pronoun for the label.
_PRONOUN_GLOSS = re.compile(
    r"^(?:(?:this|it|these|they)|(?:this|these)\s+(?P<noun>[\w-]+))\s+(?:(?:is|are)\s+(?:the|an?|one)\s|"
    # "Network layer:: This contains the protocols that …": what it holds or does
    r"(?:contains?|holds?|covers?|includes?|describes?|represents?|stores?|defines?|handles?)\s)", re.I)


def pronoun_gloss(text: str, label: str) -> bool:
    """Return True when a labelled item's text glosses its label through a pronoun standing for it:
    "Capacity:: This is the amount of …", "Routing layer:: This layer is the one that …"."""
    pronoun = _PRONOUN_GLOSS.match(text.strip())
    return pronoun is not None and (not pronoun.group("noun") or _mentions(pronoun.group("noun"), label))


def _glosses(text: str, label: str) -> bool:
    if pronoun_gloss(text, label):
        return True
    return bool(_GLOSS_OPENING.match(text.strip())) and not states_something(text, label)


def _label_and_text(block: Block) -> tuple[str, str] | None:
    if block.kind == DEFINITION:
        labelled = (block.term, block.text) if block.term and len(block.term.split()) <= 6 else None
    elif block.kind in {LIST_ITEM, PROSE, ASIDE}:
        found = _LABELLED.match(block.text.strip())
        labelled = (found.group("label"), found.group("text")) if found else None
    else:
        labelled = None
    return None if labelled is None or _CALLOUT_LABEL.match(labelled[0].strip()) else labelled


def _announces_terms(blocks: tuple[Block, ...], start: int, headings: tuple[str, ...]) -> bool:
    section = blocks[start].section
    heading = headings[section] if section < len(headings) else ""
    before = blocks[start - 1] if start and blocks[start - 1].section == section else None
    lead = " ".join(re.split(r"(?<=[.!?])\s+", before.text.strip())[-2:]) if before is not None else ""
    return bool(TERMS_WORDS.search(f"{lead} {heading}"))


def _announces_points(blocks: tuple[Block, ...], start: int, headings: tuple[str, ...]) -> bool:
    """Return True when the lead-in of a run (the block before it, and the box title before that when the
    run is inside a callout) or its section heading says it lists pros, cons, benefits or reasons."""
    section = blocks[start].section
    heading = headings[section] if section < len(headings) else ""
    lead: list[str] = []
    place = start - 1
    while place >= 0 and blocks[place].section == section and len(lead) < 2:
        block = blocks[place]
        lead.append(" ".join(re.split(r"(?<=[.!?:])\s+", block.text.strip())[-1:]))
        if block.kind != ASIDE or block.kind != blocks[start].kind or block.label != blocks[start].label:
            break
        place -= 1
    return bool(POINTS_WORDS.search(" ".join((*lead, heading))))


def _announces_settings(blocks: tuple[Block, ...], start: int, headings: tuple[str, ...]) -> bool:
    """Return True when the lead-in of a run (the last sentence of the block before it) says it lists
    options, settings or keys ("The following options are supported:")."""
    section = blocks[start].section
    before = blocks[start - 1] if start and blocks[start - 1].section == section else None
    lead = re.split(r"(?<=[.!?])\s+", before.text.strip())[-1] if before is not None else ""
    return lead.rstrip().endswith(":") and bool(SETTINGS_WORDS.search(lead))


#: "The most common builders are:", "These themes are:", "… the following formats:": a lead-in naming the
#: kind of thing whose members a list names, one by one ("**html**: Build HTML pages.").
_MEMBERS_LEAD = re.compile(
    r"\b(?:[a-z]{3,}(?<!ss)s|[a-z]{2,}ies)\s+(?:are|include)\s*:$|\bthe\s+following(?:\s+[a-z-]+)?\s+"
    r"(?:[a-z]{3,}(?<!ss)s|[a-z]{2,}ies)\s*:$", re.I)
#: Words of a lead-in naming kinds of an idea ("two types of loops are:"): its items are terms.
_KINDS_OF = re.compile(r"\b(?:types?|kinds?|sorts?|categories|category|classes|class|forms?)\b", re.I)


def _announces_members(blocks: tuple[Block, ...], start: int) -> bool:
    """Return True when the lead-in of a run names a kind of thing whose members the run lists ("These
    themes are:", "The most common builders are:"), not kinds of an idea ("The two types of loop are:")."""
    section = blocks[start].section
    before = blocks[start - 1] if start and blocks[start - 1].section == section else None
    lead = re.split(r"(?<=[.!?])\s+", before.text.strip())[-1] if before is not None else ""
    return bool(_MEMBERS_LEAD.search(lead.rstrip())) and not _KINDS_OF.search(lead)


def _key_name(label: str) -> str:
    """Return the name a setting's label gives ("bodyfont (CSS font family)" → "bodyfont"), or ''."""
    name = re.sub(r"\s*\([^()]*\)\s*$", "", label.strip())
    return name if _ONE_NAME.match(name) else ""


def _opens_with_label(text: str, label: str) -> bool:
    """"Transactions are messages …" under "Transactions": the text's first words name its label."""
    return _mentions(" ".join(text.split()[:4]), label)


def statement_label_blocks(blocks: tuple[Block, ...], headings: tuple[str, ...] = ()) -> frozenset[int]:
    """Return the places of labelled items in runs (two or more items in a row of one kind, in one section)
    that label points rather than gloss terms: most of their texts state something (all of a two-item run,
    half of a longer one), or most labels praise (benefits). An item whose text is about its own label
    ("Transactions: Ethereum transactions are …") or glosses it as a noun phrase ("Painter: A line tied to the
    bow …") is left to the other signals, and so is a run whose lead-in
    or section heading speaks of terms ("Terminology", "the main properties")."""
    found: set[int] = set()
    labelled = [_label_and_text(block) for block in blocks]
    start = 0
    while start < len(blocks):
        if labelled[start] is None:
            start += 1
            continue
        end, kind = start, (blocks[start].kind, blocks[start].label, blocks[start].section)
        while True:  # the run goes on over the code examples its items show
            step = end + 1
            while step < len(blocks) and blocks[step].kind == CODE and blocks[step].section == kind[2]:
                step += 1
            if step < len(blocks) and labelled[step] is not None \
                    and (blocks[step].kind, blocks[step].label, blocks[step].section) == kind:
                end = step
            else:
                break
        items = [(place, item) for place in range(start, end + 1) if (item := labelled[place]) is not None]
        statements = sum(1 for _, (label, text) in items if states_something(text, label))
        praising = sum(1 for _, (label, _text) in items if _EVALUATIVE.search(label))
        points = any(count * 2 >= len(items) and count >= 2 for count in (statements, praising))
        keys = sum(1 for _, (label, _text) in items if _key_name(label))
        if len(items) >= 3 and keys * 3 >= len(items) * 2 and (
                _announces_settings(blocks, start, headings)
                or (_announces_members(blocks, start) and not _announces_terms(blocks, start, headings))):
            # "The following options are supported:" over "**bodyfont** (CSS font family): …": settings
            found.update(place for place, (label, _text) in items if _key_name(label))
            start = end + 1
            continue
        announced = len(items) >= 2 and _announces_points(blocks, start, headings)
        if len(items) >= 2 and (points or announced) and not _announces_terms(blocks, start, headings):
            # under "Pros:" a text that only mentions its label later still states a point
            about = _opens_with_label if announced else about_its_label
            found.update(place for place, (label, text) in items
                         if not about(text, label) and not _glosses(text, label))
        start = end + 1
    return frozenset(found)
