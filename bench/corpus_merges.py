"""Merges in the shared corpora whose files say which entries are one idea (issue 14, part 3).

    python bench/corpus_merges.py [--corpora DIR]

Each corpus below names its concepts itself, so no judging is needed: the resolver's concepts
are scored pairwise (as bench/merge_quality.py scores the seeds) against that naming.
- cncf-glossary: one Markdown page per term and language, `content/<lang>/<slug>.md`; pages
  with the same slug in different languages are one concept (16 languages).
- glosario: one YAML record per slug with a block per language (23 languages); the entries of
  one record are one concept.
- ogc-glossary-skos: the same SKOS vocabulary as source Turtle and as entailed Turtle, RDF/XML
  and JSON-LD; entries with the same concept IRI are one concept (three serialisations plus
  the source).
Precision: of the entry pairs the resolver put in one concept, the share the corpus names one
concept; recall: of the pairs the corpus names one concept, the share in one concept. A
language's own duplicate pages (the same slug twice) do not occur in these files.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from itertools import combinations
from pathlib import Path

from termbase.build import identified_entries, read_sources
from termbase.errors import NotAGlossaryError
from termbase.model import Entry
from termbase.resolve import resolve

CORPORA = Path(__file__).resolve().parents[2] / "shared" / "corpora"


def _cncf_key(entry: Entry) -> str:
    """A term page's slug; the headings of a language's `_index.md` (the contribution guide,
    read as entries of that page) each stand for themselves."""
    name = Path(entry.source).stem
    return f"{entry.source}:{entry.line}" if name.startswith("_") else name


def _group_key(entry: Entry) -> str:
    return entry.group


#: corpus folder, the files read inside it, how an entry's own concept is named
CASES: tuple[tuple[str, str, tuple[str, ...], Callable[[Entry], str]], ...] = (
    ("cncf-glossary", "16 languages, one page per slug", ("content",), _cncf_key),
    ("glosario", "23 languages, one record per slug", ("glossary.yml",), _group_key),
    (
        "ogc-glossary-skos",
        "source Turtle + entailed Turtle, RDF/XML, JSON-LD, one IRI per concept",
        tuple(
            f"definitions/conceptschemes/{name}"
            for name in ("ogc_glossary.ttl", *(f"entailed/glossary.{e}" for e in ("ttl", "rdf", "jsonld")))
        ),
        _group_key,
    ),
)


def pair_counts(truth: list[str], found: list[frozenset[str]]) -> tuple[int, int, int]:
    """Return (merged and same, merged not same, same not merged) over all entry pairs."""
    together = kept_apart_same = merged_other = 0
    for a, b in combinations(range(len(truth)), 2):
        same, merged = truth[a] == truth[b], bool(found[a] & found[b])
        together += merged and same
        merged_other += merged and not same
        kept_apart_same += same and not merged
    return together, merged_other, kept_apart_same


def score(folder: Path, paths: tuple[str, ...], key: Callable[[Entry], str]) -> dict[str, object]:
    """Build the corpus's concepts and score them against its own naming."""
    read, errors = read_sources([str(folder / path) for path in paths])
    errors = [e for e in errors if not (isinstance(e, NotAGlossaryError) and e.found_in_folder)]
    if errors:
        sys.exit(f"could not read {folder.name}: {errors}")
    concepts = resolve(identified_entries(read))
    concepts_of: dict[tuple[str, int, int], set[str]] = defaultdict(set)
    entries: dict[tuple[str, int, int], Entry] = {}
    for concept in concepts:
        for entry in concept.entries:
            place = (entry.source, entry.line, entry.ordinal)
            concepts_of[place].add(concept.id)
            entries[place] = entry
    places = sorted(entries)
    truth = [key(entries[place]) for place in places]
    found = [frozenset(concepts_of[place]) for place in places]
    together, merged_other, kept_apart_same = pair_counts(truth, found)
    named = Counter(truth)
    joined = []  # concepts holding entries the files name as different concepts
    for concept in concepts:
        keys = sorted({key(entry) for entry in concept.entries})
        if len(keys) > 1:
            joined.append(f"{concept.id}: {', '.join(keys)}")
    return {
        "entries": len(places),
        "named": len(named),
        "concepts": len(concepts),
        "precision": together / (together + merged_other) if together + merged_other else 1.0,
        "recall": together / (together + kept_apart_same) if together + kept_apart_same else 1.0,
        "merged_other": merged_other,
        "kept_apart": kept_apart_same,
        "joined": joined,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpora", type=Path, default=CORPORA, help="the shared corpora folder")
    parser.add_argument("--show-joined", action="store_true", help="list each concept the files split")
    args = parser.parse_args()
    for name, what, paths, key in CASES:
        figures = score(args.corpora / name, paths, key)
        print(
            f"{name} ({what}): {figures['entries']} entries, {figures['named']} concepts named by the "
            f"files, {figures['concepts']} made; pairwise precision {figures['precision']:.3f}, "
            f"recall {figures['recall']:.3f} ({figures['merged_other']} pairs joined that the files "
            f"keep apart, {figures['kept_apart']} kept apart that the files join)"
        )
        if args.show_joined:
            for line in figures["joined"]:
                print(f"  joined {line}")


if __name__ == "__main__":
    main()
