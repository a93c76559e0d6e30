"""Rule `not-a-definition`: entries whose text does not define their term.

Each test looks at the shape of the text, not at any one site: an empty or one-word
text; a text that only restates the term; the same text filed under several terms of
one source (a heading or link title repeated by an extractor); a text that opens as a
fragment (a list number, "Step 2:", "However", "This is why", a path, a lower-case
word); a credit line ("Firstname Lastname — title"); a section or link title; code.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from functools import lru_cache

from termbase.check.findings import Finding, Side
from termbase.evidence import content_words
from termbase.labels import label_key, label_words
from termbase.model import Concept, Entry

NAME = "not-a-definition"
SUMMARY = "an entry whose text does not define its term (fragment, heading, quiz answer, restated term)"
DOC = (
    "Flags entries that are empty or one word, that only restate the term, whose text is filed "
    "under several terms of one source (a heading or link title), that open as a fragment "
    '("(2)", "Step 3:", "However", "This is why", a path or slug), or that are a credit line '
    '("Firstname Lastname — title"), a section or link title (a short list or "The X — …" '
    "with no final stop and no word of the term), or code."
)

_FRAGMENT = re.compile(
    r"^(?:\(?\d{1,2}[):]\s|step\s+\d|add:|hurts:|helps:|answer:|q:|a:|/|\.\.\.|…"
    r"|(?-i:[a-z]+(?:-[a-z0-9]+){2,}\s+[A-Z])"  # a slug run into the text: "opt-sgd-vs-adam Training"
    r"|(?:however|but|so|thus|therefore|hence|this\s+is\s+why|that\s+is\s+why|then|instead)\b)",
    re.IGNORECASE,
)
_TITLE_MARK = re.compile(r", and |^(?:The\s[^—]*|[^—,]+(?:,\s*[^—,]+)+|[^—]*→[^—]*) — ")
_CREDIT = re.compile(r"^(?P<name>[A-Z][a-z]+\s+[A-Z][a-z]+)\s+[—–-]\s+")
#: Marks of program text; two different ones make a text code (one "//" may be Python's
#: floor division, or part of a URL).
_CODE_MARKS = (
    re.compile(r"(?<![:/\w])//\s"),
    re.compile(r"\b(?:const|let|var)\s+\w+\s*="),
    re.compile(r"\breturn\s*\("),
    re.compile(r"=>"),
    re.compile(r";\s*\S.*;"),
    re.compile(r"\)\s*\{"),
)
_LIST_INSIDE = re.compile(r"(?:^|\s)\(\d\)\s.*\(\d\)\s")


def check(concepts: Sequence[Concept]) -> list[Finding]:
    """Return a finding for each entry whose text is not a definition of its term."""
    findings: list[Finding] = []
    seen: set[tuple[str, int, int]] = set()
    repeated = _repeated_texts(concepts)
    for concept in concepts:
        for entry in concept.entries:
            where = (entry.source, entry.line, entry.ordinal)
            if where in seen:
                continue
            seen.add(where)
            problem = _problem(entry, concept, repeated)
            if problem:
                severity, kind, why = problem
                findings.append(
                    Finding(
                        rule=NAME,
                        severity=severity,
                        concept_id=concept.id,
                        label=concept.label,
                        message=f"{entry.term!r} is not defined here: {why}",
                        sides=(Side.of(entry, " ".join(entry.definition.split()[:16])),),
                        kind=kind,
                    )
                )
    return findings


def _repeated_texts(concepts: Sequence[Concept]) -> dict[tuple[str, str], set[str]]:
    """Return (source, text) → the term keys it is filed under, for texts filed under 2+ terms."""
    terms: dict[tuple[str, str], set[str]] = defaultdict(set)
    for concept in concepts:
        for entry in concept.entries:
            text = " ".join(entry.definition.split())
            if len(text) > 12:
                terms[(entry.source, text)].add(label_key(entry.term))
    return {k: v for k, v in terms.items() if len(v) > 1}


def not_definition(entry: Entry, concept: Concept) -> tuple[str, str, str] | None:
    """Return (severity, kind, why) if the entry's text is not a definition, else None.

    The repeated-text test needs the whole termbase and is left to `check`.
    """
    return _problem(entry, concept, {})


def _problem(
    entry: Entry, concept: Concept, repeated: dict[tuple[str, str], set[str]]
) -> tuple[str, str, str] | None:
    text = " ".join(entry.definition.split())
    words = text.split()
    if not words:
        return ("error", "empty", "the definition is empty")
    if len(words) == 1:
        return ("warning", "one-word", f"the definition is one word ({words[0]!r})")
    label_set = _label_words(concept.labels)
    content = content_words(text)
    label_parts = {w for label in label_set for w in label.split("-")} | label_set
    if content and content <= label_parts and len(words) <= len(label_parts) + 3:
        return ("warning", "restates", "the definition only restates the term")
    others = repeated.get((entry.source, text))
    if others:
        return (
            "warning",
            "heading",
            f"the same text is filed under {len(others)} terms of this source (a heading, a link title "
            "or a copy)",
        )
    if _FRAGMENT.match(text):
        return ("warning", "fragment", "the text opens as a fragment of a longer passage")
    credit = _CREDIT.match(text)
    if credit and not any(_abbreviates(label, credit.group("name")) for label in concept.labels):
        return ("warning", "credit", "the text is a credit line or link title (a name, then a title)")
    if (
        len(words) <= 14
        and not text.endswith((".", "!", "?"))
        and _TITLE_MARK.search(text)
        and not content & label_set
    ):
        return (
            "warning",
            "title",
            "the text reads as a section or link title, and names nothing of the term",
        )
    if sum(1 for mark in _CODE_MARKS if mark.search(text)) >= 2:
        return ("warning", "code", "the text is code, not prose")
    if _LIST_INSIDE.search(text) and len(words) > 12:
        return ("info", "list", "the text is a numbered list of steps, not a definition")
    return None


def _abbreviates(label: str, name: str) -> bool:
    """True if `label` shortens `name` (LayerNorm of Layer Normalization, ResNet of Residual Network)."""
    short = re.sub(r"[^a-z0-9]", "", label.lower())
    long = re.sub(r"[^a-z0-9]", "", name.lower())
    if not short or not long or short[0] != long[0]:
        return False
    letters = iter(long)
    return all(char in letters for char in short)


@lru_cache(maxsize=4096)
def _label_words(labels: tuple[str, ...]) -> frozenset[str]:
    return frozenset(w for label in labels for w in label_words(label))
