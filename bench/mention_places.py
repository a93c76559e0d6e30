"""The judged mention places of bench/merge_gold, with what the linker reads of each.

    from mention_places import judged_places
    rows = judged_places(["mentions", "mentions_fresh"])

Each gold row (one judged place: corpus, entry, words, target, verdict) is looked up among the
places the label matcher finds (`termbase.link.iter_places`) in a build of its corpus; a row whose
words are no longer there (the glossary was reworded since) is left out, as merge_quality does.
For each place it keeps why the rule checks alone turn it down (or None) and, for an everyday word
that reaches the learned decision, that decision's features. Used by bench/train_mention_model.py.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from merge_quality import GOLD, SEEDS, _rows, concepts_of, corpus_files, source_name
from termbase.labels import label_key
from termbase.link import iter_places
from termbase.mention_features import place_features


@dataclass(frozen=True)
class JudgedPlace:
    """One gold row found in its build: how the linker reads its place(s), and the verdict."""

    gold: str  # the gold file's name (mentions_heldout3 …)
    where: str  # corpus, source and entry, for reading errors
    surface: str
    target: str
    right: bool
    #: per place the words occur in the entry: (the rules' reason or None, the learned decision's
    #: features if the place reaches it, else None)
    places: tuple[tuple[str | None, tuple[float, ...] | None], ...]

    @property
    def rule_kept(self) -> bool:
        """Return True if the rule checks alone keep one of the places."""
        return any(reason is None for reason, _ in self.places)

    @property
    def features(self) -> tuple[float, ...] | None:
        """Return the learned decision's features of the first place that reaches it, if any."""
        return next((f for _, f in self.places if f is not None), None)

    def kept(self, keeps) -> bool:
        """Return True if the linker keeps one of the places, `keeps(features)` deciding everyday words."""
        return any(keeps(f) if f is not None else reason is None for reason, f in self.places)


def judged_places(gold_names: list[str], seeds: Path = SEEDS) -> list[JudgedPlace]:
    """Return the judged places of the named gold files (rows no longer in the text left out)."""
    rows = [(name, row) for name in gold_names for row in _rows(GOLD / f"{name}.tsv")]
    out: list[JudgedPlace] = []
    for corpus in dict.fromkeys(row[0] for _, row in rows):
        concepts = concepts_of(corpus_files(corpus, seeds))
        by_id = {c.id: c for c in concepts}
        places: dict[tuple[str, str], list] = defaultdict(list)
        texts: dict[tuple[str, str], str] = {}
        for concept, index, match, reason, place in iter_places(concepts):
            entry = concept.entries[index]
            where = (
                ("id", entry.concept_id)
                if entry.concept_id
                else (source_name(entry.source, corpus), str(entry.line))
            )
            keys = {label_key(label) for label in by_id[match.concept_id].labels}
            features = place_features(place) if place is not None else None
            places[where].append((" ".join(match.text.lower().split()), keys, (reason, features)))
            texts[where] = " ".join(entry.definition.split())
        for name, (row_corpus, source, entry, surface, target, verdict, *context) in rows:
            if row_corpus != corpus:
                continue
            where = (source, entry) if entry.isdigit() else ("id", entry)
            if context and context[0] and context[0] not in texts.get(where, ""):
                continue
            words = " ".join(surface.lower().split())  # gold rows keep the words on one line
            found = tuple(p for text, keys, p in places[where] if text == words and label_key(target) in keys)
            if found:
                where_text = f"{corpus} {source}:{entry}"
                out.append(JudgedPlace(name, where_text, surface, target, verdict == "right", found))
    return out
