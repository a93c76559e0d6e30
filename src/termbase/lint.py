"""Checks that keep a glossary written in termbase's own format clean.

`lint_files` reads termbase-yaml files and returns every problem found, each with the
file and line to fix: duplicate ids, related ids that resolve to nothing, a label two
concepts share (even homonyms: each must qualify it in brackets, `PRM (planning)` and
`PRM (reward model)`, and lookups of the bare `PRM` still find both), short or overlong
definitions, math that would not render, missing or unknown topics, fewer than two related
concepts, and a concept no other concept links to (an orphan readers can only reach by
search). The built-in glossary must pass with no problem at all.
With reference folders (`against`), a definition that repeats a run of their words is a
problem too (see termbase.shared_runs).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from termbase.errors import InputError
from termbase.labels import label_key
from termbase.model import Entry
from termbase.readers.data.termbase_yaml import TermbaseYamlReader
from termbase.sources import load_text

#: The fixed topic list of the built-in glossary (documented in glossary/TOPICS.md).
TOPICS = (
    "foundations", "pretraining", "architecture", "inference", "post-training", "data",
    "evaluation", "agents", "retrieval", "quantization", "distributed", "hardware",
    "pytorch", "generative-media", "robotics", "safety",
)  # fmt: skip

#: Definitions longer than this many words are too long for a glossary.
MAX_DEFINITION_WORDS = 120
#: Definitions shorter than this many words say too little.
MIN_DEFINITION_WORDS = 15
#: Every concept names at least this many related concepts.
MIN_RELATED = 2
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)")


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing to fix, and where."""

    path: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


def read_glossary(paths: Sequence[Path]) -> tuple[list[Entry], list[Problem]]:
    """Return the entries of termbase-yaml files, and a problem for each unreadable one."""
    reader = TermbaseYamlReader()
    entries: list[Entry] = []
    problems: list[Problem] = []
    for path in paths:
        try:
            text = load_text(path)
            entries.extend(reader.read(text.text, str(path)).entries)
        except InputError as error:
            problems.append(Problem(error.path or str(path), error.line, error.message))
    return entries, problems


def lint_entries(entries: Sequence[Entry], topics: Sequence[str] = TOPICS) -> list[Problem]:
    """Return every problem in the entries, sorted by file and line."""
    problems: list[Problem] = []
    by_id: dict[str, Entry] = {}
    for entry in entries:
        where = (entry.source, entry.line)
        if not entry.concept_id:
            problems.append(Problem(*where, f"{entry.term!r} has no id"))
        elif entry.concept_id in by_id:
            first = by_id[entry.concept_id]
            problems.append(
                Problem(*where, f"id {entry.concept_id!r} is also used at {first.source}:{first.line}")
            )
        else:
            by_id[entry.concept_id] = entry
        problems.extend(_definition_problems(entry))
        if not entry.topics:
            problems.append(Problem(*where, f"{entry.term!r} has no topic"))
        for topic in entry.topics:
            if topic not in topics:
                problems.append(Problem(*where, f"unknown topic {topic!r} (use one of {', '.join(topics)})"))
    linked_to: set[str] = set()
    for entry in entries:
        for target in entry.see_also:
            if target not in by_id:
                problems.append(Problem(entry.source, entry.line, f"related id {target!r} names no concept"))
            elif target != entry.concept_id:
                linked_to.add(target)
        if len(set(entry.see_also)) < MIN_RELATED:
            problems.append(
                Problem(
                    entry.source,
                    entry.line,
                    f"{entry.term!r} names {len(set(entry.see_also))} related concept(s); "
                    f"give at least {MIN_RELATED}",
                )
            )
    if len(by_id) > 1:
        problems.extend(
            Problem(entry.source, entry.line, f"no concept links to {concept_id!r}; add it to a related list")
            for concept_id, entry in by_id.items()
            if concept_id not in linked_to
        )
    problems.extend(_label_clashes(entries))
    return sorted(problems, key=lambda p: (p.path, p.line, p.message))


def _definition_problems(entry: Entry) -> list[Problem]:
    words = len(entry.definition.split())
    where = (entry.source, entry.line)
    if words < MIN_DEFINITION_WORDS:
        return [Problem(*where, f"definition of {entry.term!r} has {words} words; say more")]
    if words > MAX_DEFINITION_WORDS:
        return [
            Problem(
                *where, f"definition of {entry.term!r} has {words} words (at most {MAX_DEFINITION_WORDS})"
            )
        ]
    sentences = len(_SENTENCE_END.findall(entry.definition.strip()))
    if sentences > 5:
        return [Problem(*where, f"definition of {entry.term!r} has {sentences} sentences (one to four)")]
    from termbase.web.render import unrenderable_formulas

    return [
        Problem(*where, f"definition of {entry.term!r} has math that would not render: ${latex}$")
        for latex in unrenderable_formulas(entry.definition)
    ]


def _label_clashes(entries: Sequence[Entry]) -> list[Problem]:
    """Return a problem for each label (by match key) that more than one concept claims.

    Marking concepts `homonym: true` does not excuse a shared label: a shared bare label
    gives no way to tell the readings apart, so each concept qualifies it in brackets.
    """
    owners: dict[str, list[Entry]] = defaultdict(list)
    for entry in entries:
        for key in dict.fromkeys(label_key(label) for label in entry.labels):
            owners[key].append(entry)
    problems = []
    for key, claimants in owners.items():
        ids = {e.concept_id for e in claimants}
        if len(ids) < 2:
            continue
        for entry in claimants:
            others = ", ".join(sorted(i for i in ids if i != entry.concept_id))
            label = next(x for x in entry.labels if label_key(x) == key)
            problems.append(
                Problem(
                    entry.source,
                    entry.line,
                    f"label {label!r} is also claimed by {others}; two concepts may not share a label: "
                    f"qualify it in brackets on each (e.g. '{label} (field)') or drop it",
                )
            )
    return problems


def copied_run_problems(entries: Sequence[Entry], against: Sequence[Path], window: int) -> list[Problem]:
    """Return a problem for each definition that shares `window`+ words with a file under `against`."""
    from termbase.shared_runs import copied_runs

    by_entry: dict[int, list[tuple[str, str]]] = defaultdict(list)
    first: dict[int, Entry] = {}
    for found in copied_runs(entries, against, window):
        first.setdefault(id(found.entry), found.entry)
        by_entry[id(found.entry)].append((" ".join(found.words), found.reference))
    problems = []
    for key, runs in by_entry.items():
        entry = first[key]
        words, reference = runs[0]
        more = f" (and {len(runs) - 1} more run(s))" if len(runs) > 1 else ""
        problems.append(
            Problem(
                entry.source,
                entry.line,
                f"definition of {entry.term!r} repeats {window}+ words of {reference}: "
                f"{words!r}{more}; say it in your own words",
            )
        )
    return problems


def lint_files(
    paths: Sequence[Path],
    topics: Sequence[str] = TOPICS,
    against: Sequence[Path] = (),
    window: int = 7,
) -> list[Problem]:
    """Return every problem in the termbase-yaml files at `paths`; with `against` folders, also
    each definition that repeats `window` or more consecutive words of a file in them."""
    entries, problems = read_glossary(paths)
    problems += lint_entries(entries, topics)
    if against:
        problems += copied_run_problems(entries, against, window)
    return sorted(problems, key=lambda p: (p.path, p.line, p.message))
