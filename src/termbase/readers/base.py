"""What every reader is, and the helpers readers share.

A reader owns one *shape* of glossary page (not one site). It says how sure it is that
a text has its shape (`detect`, 0–1) and turns the text into entries plus a record of
every non-blank line it did not use (`read`). Like Pygments lexers: small, uniform, and
each able to judge itself.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import replace
from typing import Protocol

from termbase.labels import is_acronym_of, stated_aliases
from termbase.model import Entry, ReadResult, Unused


class Reader(Protocol):
    """A glossary reader for one shape of page."""

    name: str
    description: str

    def detect(self, text: str) -> float:
        """Return 0–1: how sure this reader is that `text` has its shape."""
        ...

    def read(self, text: str, source: str) -> ReadResult:
        """Return the entries in `text` and every non-blank line not used, with a reason."""
        ...


def numbered_lines(text: str) -> list[tuple[int, str]]:
    """Return (1-based line number, line without its end) for every line of `text`."""
    return list(enumerate(text.splitlines(), start=1))


def entry_spans(result: ReadResult) -> list[tuple[int, int]]:
    """Return the (line, end_line) of this file each entry was read from.

    That is the entry's own span, except for restored entries (see `ReadResult.spans`),
    where entries read from one record (a JSONL line) share its span, counted once.
    """
    if result.spans:
        return list(dict.fromkeys(result.spans))
    return [(entry.line, entry.end_line) for entry in result.entries]


def unaccounted_lines(text: str, result: ReadResult) -> list[int]:
    """Return the non-blank line numbers of `text` that no entry or unused record covers.

    Also returns lines claimed twice (by two entries, or an entry and an unused record),
    so a reader that passes this check has accounted for every line exactly once.
    """
    claims: dict[int, int] = {}
    for first, last in entry_spans(result):
        for number in range(first, last + 1):
            claims[number] = claims.get(number, 0) + 1
    for unused in result.unused:
        claims[unused.line] = claims.get(unused.line, 0) + 1
    problems = []
    for number, line in numbered_lines(text):
        if not line.strip():
            continue
        if claims.get(number, 0) != 1:
            problems.append(number)
    return problems


def unused_lines(source: str, lines: Iterable[tuple[int, str]], reason: str) -> list[Unused]:
    """Return an Unused record with `reason` for each non-blank (number, line) given."""
    return [Unused(source, number, line.strip(), reason) for number, line in lines if line.strip()]


def entries_and_unused(
    entries: Iterable[Entry], unused: Iterable[Unused], title: str = ""
) -> ReadResult:
    """Return a ReadResult with entries in line order and unused records in line order."""
    return ReadResult(
        entries=tuple(sorted(entries, key=lambda e: e.line)),
        unused=tuple(sorted(unused, key=lambda u: u.line)),
        title=title,
    )


def without_unnamed_entries(result: ReadResult, reader: str) -> ReadResult:
    """Return `result` without entries that give no label at all (nothing can file them).

    A reader forced onto a file of another shape can make such entries (a `#` comment read
    as an empty heading). Their lines are left unclaimed, so the build reports them as not
    recognised by `reader`.
    """
    named = [bool(any(label.strip() for label in e.labels)) for e in result.entries]
    if all(named):
        return result
    return ReadResult(
        entries=tuple(e for e, keep in zip(result.entries, named, strict=True) if keep),
        unused=result.unused,
        title=result.title,
        spans=tuple(s for s, keep in zip(result.spans, named, strict=True) if keep) if result.spans else (),
        cited=result.cited,
    )


def without_shared_qualifiers(result: ReadResult) -> ReadResult:
    """Return `result` without the labels that brackets repeated across its terms gave.

    `X (Y)` may give `Y` as another name of `X` (`top-p (nucleus sampling)`), but a bracket
    that follows several terms of one file (`Point de recharge (journal officiel)`,
    `Borne de recharge (journal officiel)`) qualifies them: it is no name of each. An
    acronym in brackets stays a label however often it recurs.
    """
    if result.spans or result.cited:  # termbase's own export, read back: labels as they were stored
        return result
    brackets = [_bracket(entry.term) for entry in result.entries]
    counts = Counter(inner for _, inner in brackets if inner)
    shared = {inner for inner, count in counts.items() if count >= 2}
    if not shared:
        return result
    entries = []
    for entry, (outer, inner) in zip(result.entries, brackets, strict=True):
        if (
            inner in shared
            and inner in entry.labels
            and not is_acronym_of(inner, outer)
            and not is_acronym_of(outer, inner)
        ):
            labels = tuple(label for label in entry.labels if label != inner) or entry.labels
            groups = tuple(g for g in (tuple(x for x in group if x != inner) for group in entry.groups) if g)
            entry = replace(entry, labels=labels, groups=groups if len(groups) > 1 else ())
        entries.append(entry)
    return replace(result, entries=tuple(entries))


def with_stated_aliases(result: ReadResult) -> ReadResult:
    """Return `result` with the other name each definition states for its term added to the
    entry's labels (`Also known as X.`, `Term, noto anche come X, è …`; see `stated_alias`)."""
    if result.spans or result.cited:  # termbase's own export, read back: labels as they were stored
        return result
    entries = []
    changed = False
    for entry in result.entries:
        aliases = stated_aliases(entry.definition, entry.labels) if entry.definition else ()
        if aliases and len(entry.groups) <= 1:  # an `A / B` entry names two ideas: whose name is it?
            groups = ((*entry.groups[0], *aliases),) if entry.groups else ()
            entry = replace(entry, labels=(*entry.labels, *aliases), groups=groups)
            changed = True
        entries.append(entry)
    return replace(result, entries=tuple(entries)) if changed else result


def _bracket(term: str) -> tuple[str, str]:
    """Return (outer, inner) of a term written `outer (inner)`, else (term, '')."""
    match = re.match(r"^(?P<outer>.+?)\s*\((?P<inner>[^()]+)\)\s*$", term.strip())
    return (match["outer"].strip(), match["inner"].strip()) if match else (term, "")


#: An entry, the lines of THIS file it was read from, and the (path, title) of the original
#: source it cites when its provenance was restored from termbase's own export (else None).
ReadEntry = tuple[Entry, tuple[int, int], tuple[str, str] | None]


def result_with_restored(items: Iterable[ReadEntry], unused: Iterable[Unused], title: str = "") -> ReadResult:
    """Return a ReadResult for entries some of which cite their original source.

    Without any citing entry this is `entries_and_unused`; with them, entries are kept in
    file order with their spans (see `ReadResult.spans`) and the cited sources listed.
    """
    ordered = sorted(items, key=lambda item: item[1])
    cited = tuple(dict.fromkeys(c for _, _, c in ordered if c))
    if not cited:
        return entries_and_unused((e for e, _, _ in ordered), unused, title)
    return ReadResult(
        entries=tuple(e for e, _, _ in ordered),
        unused=tuple(sorted(unused, key=lambda u: u.line)),
        title=title,
        spans=tuple(span for _, span, _ in ordered),
        cited=cited,
    )
