"""Pointer entries folded into the entries they point at.

Many glossaries list a name only to send the reader elsewhere: `regex — See regular
expression.`, `Oven: => Kiln`, a record `{"plaintext": "a-bouwe", "synonymOf": "a-boue"}`, a
DocBook `glosssee`. Such an entry defines nothing: its name is another label of the entry it
points at. `without_pointer_entries` removes each entry whose whole body only points at other
entries of the same file (a pointer phrase in one of several languages, or no definition and
only see-also targets) and adds its labels to those entries; its lines are reported as used
for that. A pointer whose targets are not in the file stays an entry (nothing to fold into),
unless its one target, of two words or more, is one letter off exactly one label (`See
Assymmetrical Encryption.`):
it folds into that entry, and its lines say which spelling was read as which.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

from termbase.labels import label_key, parse_term
from termbase.model import Entry, ReadResult, Unused

#: A definition that opens by sending the reader elsewhere (`See X`, `Please see X`, `Siehe X`,
#: `Voir X`, `Veja X`, `Ver X`, `Véase X`, `Vedi X`, `Zie X`, `См. X`, `参见 X`, `=> X`, `→ X`, `var. X`,
#: `An alternative name for X`).
#: Each pointer word is a whole word (`Zie X`, never `Ziel …`; `Voir X`, never `Voirie …`);
#: a mark of its own (`=>`, `см.`) or a word of a script without spaces (`参见`) needs no break.
POINTER = re.compile(
    r"^\s*(?:(?:(?:please\s+)?see|(?:(?:an?\s+)?(?:alternative|other)\s+name\s+(?:for|of)|another\s+name\s+for)"
    r"(?:\s+(?:an?|the)(?=\s))?|siehe|voir|veja|ver|véase|vease|vedi|zie|lihat|смотри(?:те)?)\b|cf(?:\.|\b)|см\.|参见|参照|=>|⇒|→|->"
    r"|var\.(?:\s*(?:ort\.|hist\.|de|of)(?=\s))?)"
    r"\s*:?\s*(?P<targets>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
#: Words that join several targets (`See X and Y`, `See either X or Y`, `siehe X oder Y`).
_JOINERS = re.compile(r"\s*[,;]\s*|\s+(?:and|or|und|oder|et|ou|e|y|o|и|или)\s+|^either\s+", re.IGNORECASE)
#: A link to a source or a web address beside a pointer (`See X [What is X?](https://…)`).
_SOURCE_LINK = re.compile(r"\[[^\]]*\]\([^)]*\)|https?://\S+")
#: A label's outer name before a bracket (`Extensible Markup Language (XML)`).
_OUTER = re.compile(r"^(?P<outer>.+?)\s*[(（][^()（）]+[)）]\s*$")
#: A bracket inside a label (`Denial of service (DoS) attack`): the label without it names it too.
_INNER = re.compile(r"\s*[(（][^()（）]+[)）]")
#: After the pointer sentence, at most this many words may follow (`See hash.  Please.`).
MAX_TRAILING_WORDS = 2
MAX_TARGET_WORDS = 8
REASON_POINTER = "an entry that only points at another: its name is a label of {target}"
REASON_MISSPELT = " (it points at {written}, one letter off: read as that entry)"
#: A target is matched one letter off a label only when both are at least this long.
MIN_CLOSE_CHARS = 8
#: Labels of a file past this many characters in all are not searched for a close spelling.
MAX_CLOSE_INDEX_CHARS = 200_000


def pointer_targets(entry: Entry) -> tuple[str, ...]:
    """Return the names an entry only points at, or () when it defines something itself."""
    if not entry.definition.strip():
        return entry.see_also if entry.see_also else ()
    definition = _without_headword(entry.definition.strip(), entry.term)
    first, *others = re.split(r"\n\s*\n", definition)
    if sum(len(_SOURCE_LINK.sub(" ", other).split()) for other in others) > MAX_TRAILING_WORDS + 1:
        return ()  # more paragraphs than a source link and its name
    definition = " ".join(_SOURCE_LINK.sub(" ", first).split())
    match = POINTER.match(definition)
    if not match:
        return ()
    sentence, _, rest = match.group("targets").partition(". ")
    if len(rest.split()) > MAX_TRAILING_WORDS:
        return ()
    sentence = _BRACKET_NOTE.sub("", sentence.rstrip(". "))  # `See X (these terms are equivalent)`
    whole = _HOMONYM_NUMBER.sub("", _NOTE.sub("", sentence).rstrip(". ")).strip(_QUOTES)
    names = [_HOMONYM_NUMBER.sub("", part.strip(_QUOTES)) for part in _JOINERS.split(whole)]
    names = [name for name in names if name]
    if not names or any(len(name.split()) > MAX_TARGET_WORDS for name in names):
        return ()
    return (whole, *names) if len(names) > 1 else tuple(names)


_QUOTES = " .\"'“”‘’«»*_`()[]"
#: An editor's note in square brackets after a target (`var. piã [hist.]`).
_NOTE = re.compile(r"\s*\[[^\]]*\]")
#: A short note in brackets after the target (`See X (these terms are equivalent)`); a longer
#: one says something of its own, and the entry stays.
_BRACKET_NOTE = re.compile(r"\s*\((?:\S+\s+){0,4}\S+\)$")
#: A dictionary's homonym number after a target (`var. ape 2`: the second `ape`).
_HOMONYM_NUMBER = re.compile(r"\s+\d{1,2}$")


def _without_headword(definition: str, term: str) -> str:
    """Return a definition without a first line that only repeats its headword, syllabified or
    stressed (`him.bau` under `himbau`), as dictionaries print it."""
    first, newline, rest = definition.partition("\n")
    letters = lambda text: re.sub(r"[\W_]", "", text).casefold()  # noqa: E731
    return rest.strip() if newline and letters(first) == letters(term) else definition


def _entries_named(name: str, by_key: dict[str, list[int]], labels: _Labels) -> list[int]:
    """Return the first entry a target name names: by the name, else by the names it gives
    (`American Standard Code for Information Interchange (ASCII)` names either)."""
    for label in (name, *parse_term(name)[0]):
        if found := by_key.get(label_key(label)):
            return found[:1]
    return _acronym_with_head(name, by_key, labels)


_Labels = dict[int, tuple[str, ...]]


def _acronym_with_head(name: str, by_key: dict[str, list[int]], labels: _Labels) -> list[int]:
    """Return the entry `ACRONYM head` names when the acronym is its label and its full name
    ends with that head word (`PBPK model` for `Physiologically based pharmacokinetic model`)."""
    first, _, head = name.partition(" ")
    if not head or " " in head:
        return []
    for index in by_key.get(label_key(first), [])[:1]:
        if any(label.casefold().endswith(" " + head.casefold()) for label in labels.get(index, ())):
            return [index]
    return []


def without_pointer_entries(result: ReadResult, text: str) -> ReadResult:
    """Return `result` (read from `text`) with pointer entries folded into the entries they
    point at; the lines of a folded entry are reported with the entry they went to."""
    if result.spans or result.cited or len(result.entries) < 2:
        return result  # termbase's own export read back keeps its entries as stored
    shared = Counter(entry.group for entry in result.entries if entry.group)
    pointers = {  # a record in several languages (a shared group) is never folded; a grouped
        # record in one language only by a pointer sentence (its relations are no pointers)
        index: targets
        for index, entry in enumerate(result.entries)
        if (not entry.group or (shared[entry.group] <= 1 and entry.definition.strip()))
        and (targets := pointer_targets(entry))
    }
    if not pointers:
        return result
    by_key: dict[str, list[int]] = {}
    for index, entry in enumerate(result.entries):
        if index not in pointers:
            for label in entry.labels:
                by_key.setdefault(label_key(label), []).append(index)
                if outer := _OUTER.match(label):
                    by_key.setdefault(label_key(outer["outer"]), []).append(index)
                if (bare := " ".join(_INNER.sub("", label).split())) and bare != label:
                    by_key.setdefault(label_key(bare), []).append(index)
    labels = {index: entry.labels for index, entry in enumerate(result.entries) if index not in pointers}
    pointer_keys = {label_key(label): index for index in pointers for label in result.entries[index].labels}
    added: dict[int, list[str]] = {}
    folded: dict[int, str] = {}
    misspelt: dict[int, str] = {}  # a pointer whose target is one letter off a label: its target as written
    close: _CloseIndex | None = None  # built for the first pointer whose target names no entry
    for index, targets in pointers.items():
        found = _entries_named(targets[0], by_key, labels) if len(targets) > 1 else []
        found = found or [i for name in targets[1:] or targets for i in _entries_named(name, by_key, labels)]
        if not found and result.entries[index].definition.strip():
            # the pointer's words name no entry, but its link does (`see <a href="#dh">…</a>`)
            links = result.entries[index].see_also
            found = [i for name in links for i in _entries_named(name, by_key, labels)]
        if not found:  # a pointer to a pointer (`Chain Code: => Freeman-Code`, itself `=> Kettencode`)
            found = _through_pointers(targets, pointers, pointer_keys, by_key, labels)
        if not found:
            close = close or _close_index(by_key)
            if near := _closely_spelt(targets, by_key, index, close, labels):
                found, misspelt[index] = near
        if not found:
            continue
        for target in dict.fromkeys(found):
            added.setdefault(target, []).extend(result.entries[index].labels)
        folded[index] = result.entries[found[0]].term
    if not folded:
        return result
    entries = []
    for index, entry in enumerate(result.entries):
        if index in folded:
            continue
        if index in added:
            labels = tuple(dict.fromkeys([*entry.labels, *added[index]]))
            groups = ((*entry.groups[0], *added[index]),) if len(entry.groups) == 1 else entry.groups
            entry = replace(entry, labels=labels, groups=groups)
        entries.append(entry)
    kept = {n for e in entries for n in range(e.line, max(e.line, e.end_line) + 1)}
    lines = text.splitlines()
    unused = [
        Unused(e.source, n, lines[n - 1].strip(), _reason(folded[i], misspelt.get(i)))
        for i, e in enumerate(result.entries)
        if i in folded
        for n in range(e.line, max(e.line, e.end_line) + 1)
        if n not in kept and 0 < n <= len(lines) and lines[n - 1].strip()
    ]
    ordered = sorted([*result.unused, *unused], key=lambda u: u.line)
    return replace(result, entries=tuple(entries), unused=tuple(ordered))


#: A chain of pointers is followed this many steps at most.
MAX_POINTER_HOPS = 3


def _through_pointers(
    targets: tuple[str, ...],
    pointers: dict[int, tuple[str, ...]],
    pointer_keys: dict[str, int],
    by_key: dict[str, list[int]],
    labels: _Labels,
) -> list[int]:
    """Return the entries a pointer reaches through other pointers of the file it names."""
    seen: set[int] = set()
    for _ in range(MAX_POINTER_HOPS):
        step = [pointer_keys[key] for name in targets if (key := label_key(name)) in pointer_keys]
        step = [index for index in step if index not in seen]
        if not step:
            return []
        seen.update(step)
        targets = tuple(name for index in step for name in pointers[index])
        if found := [i for name in targets for i in _entries_named(name, by_key, labels)]:
            return found
    return []


def _reason(target: str, written: str | None) -> str:
    """Return why a folded pointer's lines are not an entry (saying so when its target was misspelt)."""
    reason = REASON_POINTER.format(target=repr(target))
    return reason + REASON_MISSPELT.format(written=repr(written)) if written else reason


def _one_letter_off(a: str, b: str) -> bool:
    """Return True when `a` and `b` differ by one letter added, dropped or changed."""
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    if len(a) > len(b):
        a, b = b, a
    start = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), len(a))
    return a[start + (len(a) == len(b)) :] == b[start + 1 :]


class _CloseIndex:
    """Label keys by each spelling with one letter dropped, so a target one letter off a label
    is found without comparing it with every label."""

    def __init__(self, keys: list[str]):
        self.by_variant: dict[str, set[str]] = {}
        for key in keys:
            for variant in _dropped(key):
                self.by_variant.setdefault(variant, set()).add(key)

    def near(self, key: str) -> set[str]:
        found = {k for variant in _dropped(key) for k in self.by_variant.get(variant, ())}
        return {k for k in found if _one_letter_off(k, key)}


def _dropped(key: str) -> set[str]:
    """Return `key` and every spelling of it with one letter dropped."""
    return {key, *(key[:i] + key[i + 1 :] for i in range(len(key)))}


def _closely_spelt(
    targets: tuple[str, ...], by_key: dict[str, list[int]], pointer: int, index: _CloseIndex, labels: _Labels
) -> tuple[list[int], str] | None:
    """Return ([entry], target as written) when a pointer's one target is one letter off exactly
    one entry's label (`See Assymmetrical Encryption.` beside `Asymmetrical Encryption`), else None."""
    if len(targets) != 1 or len(label_key(targets[0])) < MIN_CLOSE_CHARS or len(targets[0].split()) < 2:
        return None  # one word one letter off is often another word (a dictionary's `kaa`, `kaá`)
    words = len(targets[0].split())  # a word added or dropped (`a runtime error`) is no misspelling
    entries = {
        i
        for key in index.near(label_key(targets[0]))
        for i in by_key[key][:1]
        if i != pointer and words in {len(label.split()) for label in labels.get(i, ())}
    }
    return ([entries.pop()], targets[0]) if len(entries) == 1 else None


def _close_index(by_key: dict[str, list[int]]) -> _CloseIndex:
    """Return the index `_closely_spelt` searches: the label keys long enough, unless they are
    too many to index (then an empty one)."""
    keys = [key for key in by_key if len(key) >= MIN_CLOSE_CHARS - 1]
    return _CloseIndex(keys if sum(map(len, keys)) <= MAX_CLOSE_INDEX_CHARS else [])


def without_pointers_across(results: list[ReadResult], texts: list[str]) -> list[ReadResult]:
    """Return the reads of a folder of one page per term with each page's pointer entry folded
    into the entry of another page it names (`# Consensus` / `Please see Consensus Protocols`,
    beside a page defining `Consensus Protocols`): there the folder is the glossary, so a
    pointer's target is looked for in every page. A target that names no entry, or entries
    of several pages, leaves the pointer an entry."""
    by_key: dict[str, list[tuple[int, int]]] = {}
    pointers: dict[tuple[int, int], tuple[str, ...]] = {}
    for page, result in enumerate(results):
        for index, entry in enumerate(result.entries):
            if targets := pointer_targets(entry):
                pointers[(page, index)] = targets
                continue
            for label in entry.labels:
                by_key.setdefault(label_key(label), []).append((page, index))
    added: dict[tuple[int, int], list[str]] = {}
    folded: dict[tuple[int, int], str] = {}
    for (page, index), targets in pointers.items():
        whole = _named_across(targets[0], by_key) if len(targets) > 1 else None  # `See X and Y`: one name?
        names = [targets[0]] if whole else targets[1:] or targets
        found = {_named_across(name, by_key) for name in names}
        if None in found or any(hit[0] == page for hit in found if hit):  # names no entry, or its own page's
            continue
        hits = sorted(hit for hit in found if hit)
        for target in hits:
            added.setdefault(target, []).extend(results[page].entries[index].labels)
        first = hits[0]
        folded[(page, index)] = results[first[0]].entries[first[1]].term
    if not folded:
        return results
    changed = []
    for page, result in enumerate(results):
        entries, unused = [], list(result.unused)
        lines = texts[page].splitlines()
        for index, entry in enumerate(result.entries):
            if (page, index) in folded:
                reason = REASON_POINTER.format(target=repr(folded[(page, index)])) + " (on another page)"
                unused += [
                    Unused(entry.source, n, lines[n - 1].strip(), reason)
                    for n in range(entry.line, max(entry.line, entry.end_line) + 1)
                    if 0 < n <= len(lines) and lines[n - 1].strip()
                ]
                continue
            if (page, index) in added:
                labels = tuple(dict.fromkeys([*entry.labels, *added[(page, index)]]))
                groups = entry.groups
                if len(groups) == 1:
                    groups = ((*groups[0], *added[(page, index)]),)
                entry = replace(entry, labels=labels, groups=groups)
            entries.append(entry)
        if len(entries) == len(result.entries) and not any((page, i) in added for i in range(len(entries))):
            changed.append(result)
            continue
        changed.append(
            replace(result, entries=tuple(entries), unused=tuple(sorted(unused, key=lambda u: u.line)))
        )
    return changed


def _named_across(name: str, by_key: dict[str, list[tuple[int, int]]]) -> tuple[int, int] | None:
    """Return the (page, entry) a target name names when it names entries of one page only."""
    for label in (name, *parse_term(name)[0]):
        hits = by_key.get(label_key(label), [])
        if len({page for page, _ in hits}) == 1:
            return hits[0]
    return None
