"""Typed claims read out of one definition, so that two definitions can be compared.

A claim is a small fact a definition states in a form we can compare without reading
it as a whole: how something grows with a named quantity, a number with its unit, the
year it was introduced, what it does away with or needs, whether it is still the usual
choice, what it costs next to what it replaces, what hardware it runs on, what it is the
basis of. Each claim keeps the words it was read from, so a finding can quote them.

Extraction reads prose only: a `Where:` legend that explains the symbols of a formula
is not a claim about the idea. Numbers given as an example ("e.g. 70%") are skipped.
A sentence that opens with another thing's name ("SmolVLA-450M … is designed to run
on a laptop") is about that thing: its claims carry that name as their `about`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from termbase.regex_hints import Cue, Cues

#: Growth classes, slowest first.
GROWTH_ORDER = ("constant", "logarithmic", "linear", "n log n", "quadratic", "cubic", "exponential")

_GROWTH_WORDS = {
    "constant": "constant",
    "logarithmic": "logarithmic",
    "logarithmically": "logarithmic",
    "linear": "linear",
    "linearly": "linear",
    "quadratic": "quadratic",
    "quadratically": "quadratic",
    "cubic": "cubic",
    "cubically": "cubic",
    "exponential": "exponential",
    "exponentially": "exponential",
}
_BIG_O = {
    "1": "constant",
    "log n": "logarithmic",
    "n": "linear",
    "n log n": "n log n",
    "n^2": "quadratic",
    "n2": "quadratic",
    "n²": "quadratic",
    "n^3": "cubic",
    "n³": "cubic",
    "2^n": "exponential",
}
#: Names of the same quantity, so "linear in sequence length" agrees with "grows linearly
#: with the number of tokens".
_QUANTITY_SYNONYMS = {
    "sequence length": "sequence length",
    "sequence": "sequence length",
    "context length": "sequence length",
    "context": "sequence length",
    "number of tokens": "sequence length",
    "tokens": "sequence length",
    "input length": "sequence length",
    "prompt length": "sequence length",
    "length": "sequence length",
    "n": "sequence length",
    "batch": "batch size",
    "batch size": "batch size",
    "number of layers": "layers",
    "layers": "layers",
    "depth": "layers",
    "model size": "parameters",
    "parameters": "parameters",
    "number of parameters": "parameters",
}
#: What a growth statement measures, when it says: memory and compute may grow differently.
_MEASURES = {
    "memory": "memory", "size": "memory", "cache": "memory", "storage": "memory",
    "compute": "compute", "flops": "compute", "time": "compute", "cost": "compute",
    "runtime": "compute", "operations": "compute",
}  # fmt: skip

_GROWTH = re.compile(
    r"\b(?:(?P<adj>constant|logarithmic|linear|quadratic|cubic|exponential)\s+(?:in|with)\s+"
    r"|(?:grows?|growing|scales?|scaling|increases?|increasing|rises?)\s+"
    r"(?P<adv>linearly|quadratically|logarithmically|exponentially|cubically)\s+(?:in|with)\s+)"
    r"(?:the\s+)?(?P<quantity>number\s+of\s+\w+\b|[\w\- ]{1,30}?"
    r"(?=[,.;:)—–]|\s+(?:and|but|while|for|in|so|once|when|as)\b|$))",
    re.IGNORECASE,
)
_SQUARE = re.compile(
    r"\b(?:scales?|grows?|growing)\s+(?:with|as)\s+the\s+square\s+of\s+(?:the\s+)?"
    r"(?P<quantity>number\s+of\s+\w+|[\w\- ]{1,30}?)(?=[,.;:)]|\s+(?:and|but|while)\b|$)",
    re.IGNORECASE,
)
_BIG_O_PATTERN = re.compile(r"\bO\(\s*(?P<inner>[^()]{1,12})\s*\)")

_NUMBER = r"(?:\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)"
_RANGE = re.compile(
    rf"(?P<prefix>~|≈|about\s+|around\s+|roughly\s+|approximately\s+|up\s+to\s+|over\s+|>|<|≤|≥)?"
    rf"(?P<low>{_NUMBER})(?:\s*(?:–|-|to)\s*(?P<high>{_NUMBER}))?\s*"
    r"(?P<unit>%|×|x\b|bytes?\b|bits?\b|GB/s|TB/s|tokens?\b|"
    r"tokens?\s+per\s+parameter|[KMBT]\b(?=\s+(?:parameters?|params|tokens?)))"
    r"(?P<per>\s*(?:per\s+|/\s*)(?:parameter|param|token|GPU|request|step)s?\b|\s+each\b)?",
    re.IGNORECASE,
)
_COUNT_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "eight": 8}
_EXAMPLE = re.compile(r"\b(?:e\.g\.|for example|for instance|such as|like)\s*$", re.IGNORECASE)
_YEAR_ORIGIN = re.compile(
    r"^(?P<who>[A-Z][\w'’\-]+(?:\s+et\s+al\.?|\s+&\s+[A-Z][\w\-]+|\s+and\s+[A-Z][\w\-]+"
    r"|(?:,\s+[A-Z][\w\-]+)+)?)[,.]?\s+(?P<year>(?:19|20)\d\d)\b"
    r"|\((?P<who2>[A-Z][\w'’\-/]+(?:\s+et\s+al\.?)?),\s*(?P<year2>(?:19|20)\d\d)\)"
    r"|\b(?:introduced|proposed|published|released|announced)\s+(?:in\s+)?(?P<year3>(?:19|20)\d\d)\b"
)
_WITHOUT = re.compile(
    r"\b(?:no\s+(?:separate\s+|explicit\s+|extra\s+|additional\s+)?"
    r"|without\s+(?:a\s+|an\s+|the\s+|any\s+)?(?:separate\s+|explicit\s+|extra\s+|additional\s+)?"
    r"|rather\s+than\s+(?:using\s+|training\s+|requiring\s+)?(?:a\s+|an\s+|the\s+)?(?:separate\s+)?"
    r"|eliminat(?:es|ing|e)\s+(?:the\s+)?(?:need\s+for\s+)?(?:a\s+|an\s+|the\s+)?(?:separate\s+|explicit\s+)?"
    r"|removing\s+the\s+need\s+for\s+(?:a\s+|an\s+|the\s+)?(?:separate\s+)?"
    r"|drops?\s+(?:the\s+)?(?:\w+['’]s\s+)?"
    r"|skips?\s+(?:the\s+)?(?:\w+['’]s\s+)?"
    r"|replaces?\s+(?:the\s+)?(?:\w+['’]s\s+)?(?=\w+\s+\w*\s*with\b|\w+\s+with\b))"
    r"(?P<thing>[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,2})",
    re.IGNORECASE,
)
_FREE = re.compile(r"\b(?P<thing>[a-z][\w\-]*(?:\s[a-z][\w\-]*)?)-free\b", re.IGNORECASE)
_NEEDS = re.compile(
    r"\b(?:needs?|requires?|requiring|with)\s+(?:a\s+|an\s+)?(?:short\s+|brief\s+|small\s+|minimal\s+|some\s+)"
    r"(?P<thing>fine-?tun(?:e|ing)|retraining|training\s+run)\b",
    re.IGNORECASE,
)
#: Things that are one thing under two names, for without/needs comparisons.
_THING_SYNONYMS = {
    "critic": "value model", "value function": "value model", "value network": "value model",
    "value model": "value model", "learned critic": "value model", "value": "value model",
    "reward model": "reward model", "reward network": "reward model", "learned reward model": "reward model",
    "draft model": "draft model", "draft": "draft model",
    "reference model": "reference model", "reference": "reference model",
    "fine-tune": "further training", "fine-tuning": "further training", "finetune": "further training",
    "finetuning": "further training", "retraining": "further training", "training run": "further training",
    "rl loop": "rl loop", "ppo loop": "rl loop", "rl rollouts": "rl loop",
}  # fmt: skip
_THING_SYNONYMS = {key.replace("-", " "): value for key, value in _THING_SYNONYMS.items()}
_POSITIVE_STATUS = re.compile(
    r"\b(?:the\s+)?(?:dominant|de[\s\-]facto(?:\s+standard)?|workhorse|most\s+widely\s+used|"
    r"widely\s+used|most\s+common|the\s+default|the\s+standard)\b",
    re.IGNORECASE,
)
_NEGATIVE_STATUS = re.compile(
    r"\b(?:(?:largely|increasingly|mostly|now|since)\s+)?(?:supplanted|superseded|replaced|"
    r"displaced|obsolete|deprecated|abandoned)\b(?:\s+by\b)?|\bno\s+longer\s+(?:used|common|standard)\b",
    re.IGNORECASE,
)
_COST = re.compile(
    r"\b(?:at|with|for)\s+(?:the\s+)?(?P<same>same|equal|equivalent|matched|no\s+extra|no\s+additional)\s+"
    r"(?P<what>param(?:eter)?\s*count|param(?:eter)?s|memory|compute)"
    r"|\b(?:at|with)\s+(?:a\s+)?(?:modest|small|slight|significant|large)?\s*"
    r"(?P<what2>param(?:eter)?|memory|compute)\s+(?:increase|overhead|cost)",
    re.IGNORECASE,
)
_RUNS_ON = re.compile(
    r"\b(?:run|runs|running|fine-?tunes?|fine-?tuning|trained|train)\s+(?:\w+\s+){0,3}?on\s+(?:a\s+)?"
    r"(?:single\s+)?(?P<hw>laptop|phone|cpu|consumer\s+(?:gpu|hardware)|(?P<gb>\d+)\s*gb\s+gpu|"
    r"(?:h100|a100|h200|b200)s?)\b",
    re.IGNORECASE,
)
_BASIS = re.compile(
    r"\b(?:is\s+|as\s+)?(?:the\s+)?(?:foundation|basis)\s+(?:of|for)\s+(?P<target>[A-Z][\w\-]*(?:\s+[A-Z][\w\-]*){0,3})"
)
_NAMED_COUNT = re.compile(
    r"\b(?P<n>\d+)-(?P<unit>GPU|node|expert|head|layer)\s+(?:(?P<name>[A-Z][A-Za-z]*\d+[\w\-]*)\b"
    r"|\w+\s+\((?P<name2>[A-Z][A-Za-z]*\d+[\w\-]*)\))"
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z(\"“])")
_WHERE = re.compile(r"\n\s*Where:\s*\n", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Claim:
    """One typed statement read from a definition.

    `kind` says what is claimed (growth, number, origin, without, needs, status, cost,
    runs_on, basis, named_count); `key` says about what (the quantity, the unit, the
    thing done without); `value` is what is claimed, normalised for comparison;
    `low`..`high` hold a number's range. `about` is another thing's name when the
    sentence is about that thing and not the entry's own idea. `words` are the words
    it was read from.
    """

    kind: str
    key: str
    value: str
    words: str
    low: float = 0.0
    high: float = 0.0
    about: str = ""


def prose(definition: str) -> str:
    """Return a definition without a trailing `Where:` legend of formula symbols."""
    return _WHERE.split(definition, maxsplit=1)[0]


def sentences(text: str) -> list[str]:
    """Return the sentences of a text (a light split on sentence ends before a capital)."""
    return [s.strip() for s in _SENTENCE.split(" ".join(text.split())) if s.strip()]


def _number(text: str) -> float:
    return float(text.replace(",", ""))


def _quantity(raw: str) -> str:
    words = raw.lower().strip(" -").split()
    while words and words[-1] in {"the", "a", "of", "and"}:
        words.pop()
    phrase = " ".join(words)
    if phrase.startswith("number of ") and len(words) > 3:
        phrase = " ".join(words[:3])  # "number of keys once buckets chain" is about the number of keys
        words = words[:3]
    for size in range(len(words), 0, -1):
        tail = " ".join(words[-size:])
        if tail in _QUANTITY_SYNONYMS:
            return _QUANTITY_SYNONYMS[tail]
        head = " ".join(words[:size])
        if head in _QUANTITY_SYNONYMS:
            return _QUANTITY_SYNONYMS[head]
    return phrase


def _measure(sentence: str, start: int) -> str:
    """Return what a growth statement at `start` measures (memory or compute), if it says."""
    before = re.findall(r"[a-z]+", sentence[max(0, start - 60) : start].lower())
    for word in reversed(before):
        if word in _MEASURES:
            return _MEASURES[word]
    return ""


def _thing(raw: str) -> str:
    words = raw.lower().replace("’", "'").replace("-", " ").split()
    for size in range(min(3, len(words)), 0, -1):
        phrase = " ".join(words[:size])
        if phrase in _THING_SYNONYMS:
            return _THING_SYNONYMS[phrase]
    return ""


def growth_claims(sentence: str) -> Iterator[Claim]:
    """Yield growth claims: "linear in sequence length", "grows quadratically with n"."""
    for match in _GROWTH.finditer(sentence):
        word = (match.group("adj") or match.group("adv")).lower()
        quantity = _quantity(match.group("quantity"))
        measure = _measure(sentence, match.start())
        yield Claim("growth", f"{measure}|{quantity}", _GROWTH_WORDS[word], match.group(0).strip())
    for match in _SQUARE.finditer(sentence):
        quantity = _quantity(match.group("quantity"))
        measure = _measure(sentence, match.start())
        yield Claim("growth", f"{measure}|{quantity}", "quadratic", match.group(0).strip())
    for match in _BIG_O_PATTERN.finditer(sentence):
        inner = match.group("inner").lower().replace(" ", "").replace("·", "")
        inner = {"logn": "log n", "nlogn": "n log n"}.get(inner, inner)
        growth = _BIG_O.get(inner) or _BIG_O.get(inner.replace("t", "n").replace("l", "n"))
        if growth:
            measure = _measure(sentence, match.start()) or _measure(sentence, match.end() + 30)
            yield Claim("growth", f"{measure}|sequence length", growth, match.group(0))


def number_claims(sentence: str) -> Iterator[Claim]:
    """Yield numbers with units: "8 bytes per parameter", "4–8×", "~3 TB/s"."""
    for match in _RANGE.finditer(sentence):
        if _EXAMPLE.search(sentence[: match.start()]):
            continue
        unit = match.group("unit").lower().replace("x", "×").strip()
        unit = {"byte": "bytes", "bit": "bits", "token": "tokens"}.get(unit, unit)
        low = _number(match.group("low"))
        high = _number(match.group("high")) if match.group("high") else low
        per = (match.group("per") or "").strip().lower()
        if per.startswith("each"):
            # "two buffers … 8 bytes each": the total per parameter is count × each.
            count = re.search(
                r"\b(one|two|three|four|five|six|eight|\d)\s+\w+(?:\s+\w+)?\s*(?:\([^)]*\))?\s+per\s+"
                r"(parameter|param|token)",
                sentence[: match.start()],
                re.IGNORECASE,
            )
            if not count:
                continue
            times = _COUNT_WORDS.get(count.group(1).lower()) or int(count.group(1))
            low, high, per = low * times, high * times, f"per {count.group(2).lower()}"
        elif per.startswith("/"):
            per = "per " + per[1:].strip()
        if unit in {"bytes", "bits"} and "per" not in per:
            continue  # a bare size says nothing comparable
        if unit in {"%", "×"}:
            anchor = _anchor(sentence, match)
            if not anchor:
                continue
            key = f"{unit} {anchor}"
        else:
            key = f"{unit} {per}".strip()
        yield Claim("number", key, f"{low:g}-{high:g}", match.group(0).strip(), low, high)


_ANCHORS = (
    "speedup",
    "faster",
    "reduction",
    "smaller",
    "fewer",
    "cheaper",
    "memory",
    "throughput",
    "utilization",
)


def _anchor(sentence: str, match: re.Match[str]) -> str:
    """Return the word that says what a % or × figure measures, if one sits right by it."""
    after = sentence[match.end() : match.end() + 40].lower()
    before = sentence[max(0, match.start() - 40) : match.start()].lower()
    for word in _ANCHORS:
        if re.search(rf"\b{word}", after) or re.search(rf"\b{word}\b[^.,;]*$", before):
            return {
                "faster": "speedup",
                "smaller": "reduction",
                "fewer": "reduction",
                "cheaper": "reduction",
            }.get(word, word)
    return ""


def origin_claims(sentence: str, first: bool) -> Iterator[Claim]:
    """Yield the year an idea was introduced, when the sentence says so plainly."""
    for match in _YEAR_ORIGIN.finditer(sentence):
        if match.group("year") and not (first and match.start() == 0):
            continue
        year = match.group("year") or match.group("year2") or match.group("year3")
        yield Claim("origin", "year", year, match.group(0).strip(), float(year), float(year))


def without_claims(sentence: str) -> Iterator[Claim]:
    """Yield "does without X" claims (no separate X, X-free, drops X, rather than X)."""
    for match in _WITHOUT.finditer(sentence):
        thing = _thing(match.group("thing"))
        if thing:
            yield Claim("without", thing, "without", match.group(0).strip())
    for match in _FREE.finditer(sentence):
        thing = _thing(match.group("thing"))
        if thing:
            yield Claim("without", thing, "without", match.group(0).strip())
    for match in _NEEDS.finditer(sentence):
        thing = _thing(match.group("thing"))
        if thing:
            yield Claim("without", thing, "needs", match.group(0).strip())


_GENERIC_HEADS = frozenset({"architecture", "approach", "method", "design", "variant", "technique", "scheme"})


def kind_claims(sentence: str) -> Iterator[Claim]:
    """Yield "is a kind of X" for the X the without-rule knows: "A draft-model architecture …"."""
    match = re.match(r"^(?:An?|The)\s+(?P<kind>[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,3})", sentence)
    if not match:
        return
    words: list[str] = []
    for word in match.group("kind").split():
        if word in {"that", "which", "where", "for", "of", "in", "with", "used", "to", "whose"}:
            break
        words.append(word)
    if any(word.endswith("-free") for word in words):
        return
    while words and words[-1] in _GENERIC_HEADS:
        words.pop()
    thing = _THING_SYNONYMS.get(" ".join(words).replace("-", " "), "")  # keys are hyphen-free
    if thing:
        yield Claim("without", thing, "is", match.group(0))


def status_claims(sentence: str) -> Iterator[Claim]:
    """Yield whether the idea is said to be the usual choice or to have been replaced."""
    negative = _NEGATIVE_STATUS.search(sentence)
    if negative and re.search(r"\bby\b", sentence[negative.start() : negative.end() + 4]):
        yield Claim("status", "status", "replaced", _around(sentence, negative.start(), negative.end() + 30))
        return
    if negative and negative.group(0).lower().startswith("no longer"):
        yield Claim("status", "status", "replaced", negative.group(0))
        return
    positive = _POSITIVE_STATUS.search(sentence)
    if positive and not re.search(
        r"\b(?:was|through|until|once|original(?:ly)?)\b", sentence[: positive.start()]
    ):
        yield Claim(
            "status", "status", "current", _around(sentence, positive.start() - 20, positive.end() + 25)
        )


def _around(sentence: str, start: int, end: int) -> str:
    """Return the words of `sentence` between two offsets, widened to whole words."""
    start, end = max(0, start), min(len(sentence), end)
    while start > 0 and not sentence[start - 1].isspace():
        start -= 1
    while end < len(sentence) and not sentence[end].isspace():
        end += 1
    return sentence[start:end].strip(" ,;")


def cost_claims(sentence: str) -> Iterator[Claim]:
    """Yield what the idea costs next to the plain version: "same parameter count" / "parameter increase"."""
    for match in _COST.finditer(sentence):
        what = (match.group("what") or match.group("what2")).lower()
        what = "parameters" if what.startswith("param") else what
        value = "same" if match.group("same") else "more"
        yield Claim("cost", what, value, match.group(0).strip())


def runs_on_claims(sentence: str) -> Iterator[Claim]:
    """Yield the kind of hardware the idea is said to run on (laptop, consumer GPU, data-centre GPU)."""
    for match in _RUNS_ON.finditer(sentence):
        hardware = match.group("hw").lower()
        if match.group("gb"):
            size = int(match.group("gb"))
            hardware = "consumer gpu" if size <= 32 else "data-centre gpu"
        elif hardware.rstrip("s") in {"h100", "a100", "h200", "b200"}:
            hardware = "data-centre gpu"
        elif hardware.startswith("consumer"):
            hardware = "consumer gpu"
        yield Claim("runs_on", "hardware", hardware, match.group(0).strip())


def basis_claims(sentence: str) -> Iterator[Claim]:
    """Yield "this is the foundation / basis of NAME" (NAME as written, for cycle checks)."""
    for match in _BASIS.finditer(sentence):
        yield Claim("basis", match.group("target"), "basis", match.group(0).strip())


def named_count_claims(sentence: str) -> Iterator[Claim]:
    """Yield sizes stated for named products: "8-GPU NVL72 racks", "72-GPU domains (NVL72)"."""
    for match in _NAMED_COUNT.finditer(sentence):
        name = match.group("name") or match.group("name2")
        n = float(match.group("n"))
        yield Claim("named_count", match.group("unit").lower(), f"{n:g}", match.group(0), n, n, about=name)


def claims_of(
    definition: str,
    own_labels: frozenset[str] = frozenset(),
    other_labels: frozenset[str] = frozenset(),
    only_about_others: bool = False,
) -> list[Claim]:
    """Return every claim in a definition.

    `other_labels` (lower-case names of other concepts) let a sentence that opens with
    another concept's name give claims about that concept (`about`); `own_labels` keep
    sentences that open with the entry's own name about the entry. With
    `only_about_others` (an idea no other entry describes), only claims that can meet
    another concept's are read: about another concept, "basis of", named sizes.
    """
    text = prose(definition)
    lowered_text = text.lower()
    if not _ANY_CUES.match_any(lowered_text):
        return []
    if only_about_others and not _FOREIGN_CUE.search(lowered_text):
        return []
    found: list[Claim] = []
    for number, sentence in enumerate(sentences(text)):
        lowered = sentence.lower()
        if "-gpu" in lowered or "-node" in lowered or "-expert" in lowered:
            found.extend(named_count_claims(sentence))
        if only_about_others:
            if "basis" in lowered or "foundation" in lowered:
                found.extend(basis_claims(sentence))
            if not number or not _sentence_subject(sentence, own_labels, other_labels):
                continue
        batch: list[Claim] = []
        for extract, cue in _EXTRACTORS:
            if cue.search(lowered):
                batch.extend(extract(sentence))
        if number == 0 and _THING_CUE.match(lowered):
            batch.extend(kind_claims(sentence))
        if _ORIGIN_CUE.search(lowered):
            batch.extend(origin_claims(sentence, first=number == 0))
        if batch and number:
            # The first sentence defines the entry's own idea, whatever name it opens with
            # ("LoRA with a 4-bit base model …" defines QLoRA); a later one may be about another.
            about = _sentence_subject(sentence, own_labels, other_labels)
            if about:
                batch = [_about(claim, about) for claim in batch]
        if only_about_others:
            batch = [claim for claim in batch if claim.about and claim.kind != "basis"]
        found.extend(batch)
    return found


#: Each extractor runs only on sentences where its cheap cue matches (a lower-case search;
#: the pattern tried only where one of the words it starts with occurs: see `regex_hints`).
_EXTRACTORS = tuple((extract, Cue(cue)) for extract, cue in (
    (growth_claims, re.compile(r"linear|quadratic|logarithm|exponential|cubic|constant|o\(|square")),
    (number_claims, re.compile(r"\d")),
    (
        without_claims,
        re.compile(
            r"\bno |without|rather than|eliminat|removing|drop|skip|replac|-free|\bneed|requir"
            r"|with (?:a |an )?(?:short|brief|small|minimal|some) "
        ),
    ),
    (
        status_claims,
        re.compile(
            r"dominant|facto|workhorse|widely|common|default|standard|supplant|supersed|replaced"
            r"|displaced|obsolete|deprecat|abandon|no longer"
        ),
    ),
    (cost_claims, re.compile(r"same|equal|equivalent|matched|no extra|no additional|increase|overhead")),
    (runs_on_claims, re.compile(r" on (?:a )?(?:single )?(?:laptop|phone|cpu|consumer|\d+ ?gb|[abh][12]00)")),
    (basis_claims, re.compile(r"foundation|basis")),
))  # fmt: skip
_ORIGIN_CUE = re.compile(r"(?:19|20)\d\d")
_THING_CUE = re.compile(r"^(?:an?|the) [a-z\- ]*?(?:critic|value|reward|draft|reference|tun|train|loop)")
#: Cues for claims that can meet another concept's: more than one sentence, "basis", sizes.
_FOREIGN_CUE = re.compile(r"[.!?]\s+[A-Z]|basis|foundation|-gpu|-node|-expert", re.IGNORECASE)
#: Any cue at all: a definition without one has no claims to read.
_ANY_CUES = Cues((*(cue for _, cue in _EXTRACTORS), Cue(_THING_CUE), Cue(_ORIGIN_CUE)))


def _about(claim: Claim, about: str) -> Claim:
    """Return the claim as a claim about `about`, unless it already names what it is about."""
    if claim.about:
        return claim
    return Claim(claim.kind, claim.key, claim.value, claim.words, claim.low, claim.high, about)


def _sentence_subject(sentence: str, own: frozenset[str], others: frozenset[str]) -> str:
    """Return another concept's name if the sentence opens with it (and not with our own)."""
    if not others:
        return ""
    head = re.match(r"^([A-Z][\w\-.·]*(?:\s+[\w\-.·]+){0,3})", sentence)
    if not head:
        return ""
    words = head.group(1).split()
    for size in range(len(words), 0, -1):
        name = " ".join(words[:size]).lower().rstrip(".,")
        if name in own:
            return ""
        if name in others:
            return name
        base = re.sub(r"-\d+[a-z]?$", "", name)  # "smolvla-450m" names SmolVLA
        if base != name and base in others:
            return base
    return ""
