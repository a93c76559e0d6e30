"""Find concepts by any of their labels, and suggest labels for a miss ("did you mean")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rapidfuzz import fuzz, process

from termbase.labels import label_key, loose_key, qualified_base
from termbase.store import Termbase


def loose_index(termbase: Termbase) -> dict[str, list[str]]:
    """Return the ids of concepts by the loose key of each of their labels, for many look-ups."""
    index: dict[str, set[str]] = {}
    for cid, label, _ in termbase.all_labels():
        index.setdefault(loose_key(label), set()).add(cid)
    return {key: sorted(ids) for key, ids in index.items() if key}


def find_concepts(termbase: Termbase, term: str, loose: Mapping[str, list[str]] | None = None) -> list[str]:
    """Return ids of the concepts `term` names: by id, by label key, by looser key, then by
    a label that adds a bracketed qualifier to it (`Sequence (relation)`).

    A caller that looks up many terms passes `loose_index(termbase)` as `loose`.
    """
    term = term.strip()
    if not term:
        return []
    if termbase.has_concept(term):
        return [term]
    found = termbase.concept_ids_for_key(label_key(term))
    if found:
        return found
    wanted = loose_key(term)
    if not wanted:
        return []
    if loose is not None:
        found = list(loose.get(wanted, ()))
    else:
        found = sorted({cid for cid, label, _ in termbase.all_labels() if loose_key(label) == wanted})
    return found or qualified_matches(termbase, label_key(term))


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
