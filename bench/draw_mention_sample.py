"""Draw a new mention sample to judge by hand, for bench/merge_gold (issue 14).

    python bench/draw_mention_sample.py --seed 20261127 builtin=40 corpora/thinkcspy=20 … > rows.tsv

For each corpus (as bench/merge_quality.py names them: builtin, seeds, corpora/<folder or file>)
it draws entries at random with the fixed seed, among the English entries that no gold file names
yet and whose definitions the eager label matcher links somewhere (unchecked: the linker's checks
and learned decision play no part in the draw), and one place at random in each. Rows come out
in merge_gold's columns with the verdict left empty; built-in rows keep the words around the
place (the glossary is ours), other rows none. The places are then judged by reading.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from merge_quality import GOLD, SEEDS, _rows, concepts_of, corpus_files, source_name
from termbase.link import iter_mentions


def _judged() -> set[tuple[str, str, str]]:
    """Return (corpus, source, entry) of every row of every gold file."""
    return {(row[0], row[1], row[2]) for path in GOLD.glob("mentions*.tsv") for row in _rows(path)}


def draw(corpus: str, count: int, rng: random.Random, judged: set[tuple[str, str, str]]) -> list[list[str]]:
    """Return `count` rows drawn from one corpus (fewer if it has fewer entries to draw from)."""
    concepts = concepts_of(corpus_files(corpus, SEEDS))
    by_id = {c.id: c for c in concepts}
    pool = []
    for concept, index, found in iter_mentions(concepts, checked=False):
        entry = concept.entries[index]
        if entry.language != "en" or not found:
            continue
        source = source_name(entry.source, corpus)
        key = entry.concept_id or str(entry.line)
        if (corpus, source, key) in judged:
            continue
        pool.append((source, key, entry.definition, found))
    pool.sort(key=lambda item: (item[0], item[1]))
    rows = []
    for source, key, definition, found in rng.sample(pool, min(count, len(pool))):
        match = rng.choice(found)
        context = ""
        if corpus == "builtin":
            flat = " ".join(definition.split())
            words = flat.find(" ".join(match.text.split()))
            context = flat[max(0, words - 30) : words + len(match.text) + 30].strip()
        rows.append([corpus, source, key, match.text, by_id[match.concept_id].label, "", context])
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("counts", nargs="+", help="corpus=count, e.g. builtin=40 corpora/thinkcspy=20")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    judged = _judged()
    writer = sys.stdout
    writer.write("corpus\tsource\tentry\tsurface\ttarget\tverdict\tcontext\n")
    for spec in args.counts:
        corpus, _, count = spec.partition("=")
        if not (corpus in ("builtin", "seeds") or (corpus_files(corpus, SEEDS)[0:1] and "*" in corpus)
                or (SEEDS.parent / corpus).exists()):
            sys.exit(f"{spec}: no such corpus (builtin, seeds or corpora/<folder> under {SEEDS.parent})")
        for row in draw(corpus, int(count), rng, judged):
            writer.write("\t".join(" ".join(cell.split()) for cell in row) + "\n")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    main()
