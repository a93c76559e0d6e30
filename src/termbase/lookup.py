"""Find concepts by any of their labels, and suggest labels for a miss ("did you mean")."""

from __future__ import annotations

import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import nullcontext

from rapidfuzz import fuzz, process

from termbase import search_tables
from termbase.labels import label_key, lemmas_from, loose_key, qualified_base
from termbase.store import Termbase


def stored_rows(termbase: Termbase) -> search_tables.StoredRows | None:
    """Return the search index stored in the termbase, or None if it has none (or a stale one)."""
    if search_tables.stored_stamp(termbase.db) != search_tables.stamp():
        return None
    return search_tables.StoredRows(termbase.db, "main", threading.RLock())


class StoredLooseIndex(Mapping[str, list[str]]):
    """Concept ids by loose key, read from the stored search index as asked."""

    def __init__(self, rows: search_tables.StoredRows) -> None:
        self.rows = rows

    def __getitem__(self, key: str) -> list[str]:
        found = sorted({cid for cid, _, _ in self.rows.keyed("l", key)}) if key else []
        if not found:
            raise KeyError(key)
        return found

    def __iter__(self) -> Iterator[str]:
        with self.rows.lock:
            keys = self.rows.db.execute("SELECT DISTINCT term FROM search_keys WHERE mode = 'l'")
            return iter([r[0] for r in keys if r[0]])

    def __len__(self) -> int:
        return sum(1 for _ in self)


def loose_index(termbase: Termbase) -> Mapping[str, list[str]]:
    """Return the ids of concepts by the loose key of each of their labels, for many look-ups
    (read from the stored search index when the termbase has one, else worked out)."""
    rows = stored_rows(termbase)
    if rows is not None:
        return StoredLooseIndex(rows)
    index: dict[str, set[str]] = {}
    for cid, label, _ in termbase.all_labels():
        index.setdefault(loose_key(label), set()).add(cid)
    return {key: sorted(ids) for key, ids in index.items() if key}


def find_concepts(termbase: Termbase, term: str, loose: Mapping[str, list[str]] | None = None) -> list[str]:
    """Return ids of the concepts `term` names: by id, by label key, by looser key, then by
    a label that adds a bracketed qualifier to it (`Sequence (relation)`).

    A caller that looks up many terms passes `loose_index(termbase)` as `loose`. A termbase
    with a stored search index answers the looser look-ups from it (a miss on 100,000
    concepts: 10-14 s -> a few indexed reads).
    """
    term = term.strip()
    if not term:
        return []
    if termbase.has_concept(term):
        return [term]
    stored = stored_rows(termbase)
    with lemmas_from(stored.lemma) if stored is not None else nullcontext():
        found = termbase.concept_ids_for_key(label_key(term))
        if found:
            return found
        wanted = loose_key(term)
        if not wanted:
            return []
        if loose is None and stored is not None:
            loose = StoredLooseIndex(stored)
        if loose is not None:
            found = list(loose.get(wanted, ()))
        else:
            found = sorted({cid for cid, label, _ in termbase.all_labels() if loose_key(label) == wanted})
        if found:
            return found
        if stored is not None:
            return sorted({cid for cid, _, _ in stored.keyed("q", label_key(term))})
        return qualified_matches(termbase, label_key(term))


def qualified_matches(termbase: Termbase, key: str) -> list[str]:
    """Return ids of concepts with a label that is the name of `key` plus a bracketed
    qualifier: `Sequence` names `Sequence (relation)`."""
    labels = termbase.all_labels()
    return sorted({cid for cid, label, _ in labels if (b := qualified_base(label)) and label_key(b) == key})


#: How alike (0-100, rapidfuzz's normalised Indel similarity) a label must be to a missed
#: term to be offered as "did you mean": one or two slips in a word, not a shared fragment.
SUGGESTION_CUTOFF = 80


def all_label_texts(termbase: Termbase) -> list[str]:
    """Return every distinct label, sorted (what `suggest_labels` compares a term with)."""
    return sorted({label for _, label, _ in termbase.all_labels()})


def suggest_labels(
    termbase: Termbase, term: str, limit: int = 5, labels: Sequence[str] | None = None
) -> list[str]:
    """Return up to `limit` labels spelled close to the whole of `term`, best first.

    Empty when nothing is close: a phrase that names no concept gets no unrelated names.
    A caller that suggests often passes `all_label_texts(termbase)` as `labels`.
    """
    if labels is None:
        labels = all_label_texts(termbase)
    matches = process.extract(
        term, labels, scorer=fuzz.ratio, processor=str.casefold, limit=limit, score_cutoff=SUGGESTION_CUTOFF
    )
    return [label for label, _, _ in matches]
