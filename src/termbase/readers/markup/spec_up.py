"""Spec-Up specifications: `[[def: Term, other name]]` lines, each followed by its definition.

Shape of the specifications written with Spec-Up (DIF, Trust over IP)::

    ## Terminology

    [[def: Decentralized Identifier, DID]]
    ~ An identifier that needs no central registry. See [[ref: Controller]].

    [[def: Controller]]
    ~ The party that may change what an identifier points at.

The names inside `[[def: …]]`, comma-separated, are one entry's labels. Its body is the
lines after it up to the next term, heading, or paragraph that is neither a `~` definition
nor indented (a reference's link list). `[[ref: X]]`, `[[def: X]]` and `[[xref: spec, X]]`
in a body read as `X`. Everything else in the specification — headings, prose, examples,
code — is reported as outside the term definitions.
"""

from __future__ import annotations

import re

from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused, numbered_lines
from termbase.readers.markup.markdown_parsing import clean_markdown

_DEF_LINE = re.compile(r"^\s{0,3}\[\[def:\s*(?P<names>[^\]]+?)\s*\]\]\s*$")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s")
_FENCE = re.compile(r"^\s{0,3}(```|~~~)")
_TILDE = re.compile(r"^\s{0,3}~[ \t]?")
_INLINE_REF = re.compile(r"\[\[(?:ref|def|iref|tref):\s*(?P<name>[^\],]+?)(?:,[^\]]*)?\]\]")
_XREF = re.compile(r"\[\[xref:\s*[^,\]]+,\s*(?P<name>[^\]]+?)\s*\]\]")
_OTHER_TAG = re.compile(r"\[\[[a-z]+:[^\]]*\]\]")
MIN_TERMS = 2
REASON_OUTSIDE = "outside the Spec-Up term definitions ([[def: …]])"


def _names(raw: str) -> tuple[str, ...]:
    """Return the labels of one `[[def: A, B]]` line, in order, each once."""
    seen: dict[str, str] = {}
    for name in raw.split(","):
        name = name.strip()
        if name and name.casefold() not in seen:
            seen[name.casefold()] = name
    return tuple(seen.values())


def _body_text(lines: list[str]) -> str:
    """Return a definition body as plain Markdown: `~` marks and Spec-Up tags gone."""
    text = "\n".join(_TILDE.sub("", line, count=1) for line in lines)
    text = _XREF.sub(lambda m: m["name"], text)
    text = _INLINE_REF.sub(lambda m: m["name"].strip(), text)
    text = _OTHER_TAG.sub("", text)
    return clean_markdown(text)


class SpecUpReader:
    """Reads Spec-Up `[[def: …]]` term definitions out of a specification."""

    name = "spec-up"
    description = "Spec-Up specification: '[[def: Term, alias]]' lines each followed by '~ definition'"

    def detect(self, text: str) -> float:
        count = sum(1 for line in text.splitlines() if _DEF_LINE.match(line))
        if count >= MIN_TERMS:
            return 0.9
        return 0.4 if count == 1 else 0.0

    def read(self, text: str, source: str) -> ReadResult:
        lines = numbered_lines(text)
        entries: list[Entry] = []
        used: set[int] = set()
        fenced = False
        index = 0
        while index < len(lines):
            number, line = lines[index]
            if _FENCE.match(line):
                fenced = not fenced
            match = None if fenced else _DEF_LINE.match(line)
            index += 1
            if not match:
                continue
            body: list[tuple[int, str]] = []
            while index < len(lines):
                _, following = lines[index]
                if _DEF_LINE.match(following) or _HEADING.match(following) or _FENCE.match(following):
                    break
                if not following.strip():
                    ahead = next((text_ for _, text_ in lines[index:] if text_.strip()), "")
                    if not (_TILDE.match(ahead) or ahead[:1] in {" ", "\t"}) or _DEF_LINE.match(ahead):
                        break
                body.append(lines[index])
                index += 1
            while body and not body[-1][1].strip():
                body.pop()
            labels = _names(match["names"])
            if not labels:
                continue
            last = body[-1][0] if body else number
            used.update(range(number, last + 1))
            entries.append(
                Entry(
                    source=source,
                    line=number,
                    end_line=last,
                    term=labels[0],
                    labels=labels,
                    definition=_body_text([b for _, b in body]),
                )
            )
        unused = [
            Unused(source, number, line.strip(), REASON_OUTSIDE)
            for number, line in lines
            if line.strip() and number not in used
        ]
        return entries_and_unused(entries, unused)
