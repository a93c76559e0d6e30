"""Coverage: which concepts in some sources a termbase lacks.

The sources are read and resolved exactly as `build` would, then each resulting concept
is looked up in the termbase by every one of its labels (match key first, then the looser
key that folds word endings, then a label that adds a bracketed qualifier to it: `Dolly` is
covered by `dolly (camera)`). A concept none of whose labels is found is missing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from termbase.build import identified_entries, read_sources
from termbase.errors import InputError, NothingReadError
from termbase.labels import label_key, loose_key, qualified_base
from termbase.model import Concept
from termbase.resolve import resolve
from termbase.store import Termbase


@dataclass(frozen=True, slots=True)
class Coverage:
    """The concepts found in the sources, split into covered and missing."""

    covered: tuple[tuple[Concept, str], ...]  # (source concept, termbase concept id)
    missing: tuple[Concept, ...]
    skipped: tuple[InputError, ...]

    @property
    def total(self) -> int:
        """Return how many distinct concepts the sources hold."""
        return len(self.covered) + len(self.missing)


def coverage(termbase: Termbase, paths: Sequence[str], format_name: str | None = None) -> Coverage:
    """Return which concepts of the sources at `paths` the termbase has and lacks."""
    read, errors = read_sources(paths, format_name)
    if not read:
        raise NothingReadError(tuple(errors), "none of the sources could be read, so nothing was compared")
    concepts = resolve(identified_entries(read))
    by_key: dict[str, str] = {}
    by_loose: dict[str, str] = {}
    by_base: dict[str, str] = {}
    for concept_id, label, key in termbase.all_labels():
        by_key.setdefault(key, concept_id)
        by_loose.setdefault(loose_key(label), concept_id)
        if base := qualified_base(label):
            by_base.setdefault(label_key(base), concept_id)
    covered: list[tuple[Concept, str]] = []
    missing: list[Concept] = []
    for concept in concepts:
        found = next((by_key[k] for k in map(label_key, concept.labels) if k in by_key), None)
        if found is None:
            found = next((by_loose[k] for k in map(loose_key, concept.labels) if k in by_loose), None)
        if found is None:
            found = next((by_base[k] for k in map(label_key, concept.labels) if k in by_base), None)
        if found is None:
            missing.append(concept)
        else:
            covered.append((concept, found))
    return Coverage(tuple(covered), tuple(missing), tuple(errors))
