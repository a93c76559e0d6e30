"""Quality of concepts and links against hand-made gold (issue 14).

    python bench/merge_quality.py [--seeds DIR] [--show-errors] [--learned]

Mentions: bench/merge_gold/mentions.tsv holds candidate links (a seeded sample of what the
eager label matcher linked in the built-in glossary and the five seed pages), each judged
right or wrong by hand. A built-in row keeps the words around the place judged; once the
glossary rewords them the row is left out (counted as no longer in the text). Precision is
the share of links the linker keeps that are right; recall the share of right ones it keeps
(recall is over the eager matcher's candidates, so misses it never found are not counted).
bench/merge_gold/mentions_fresh.tsv is a second sample (built-in glossary and a shared corpus),
judged before the checks were tuned and never tuned on; it is reported apart, as the honest figure.
bench/merge_gold/mentions_heldout2.tsv is a third (seeds and built-in), drawn after the checks were
written and never used to change them; mentions_heldout3.tsv a fourth (seeds, built-in and the
cpython corpus), judged after the last change; mentions_heldout4.tsv a fifth (built-in and seeds),
judged before the rules tried in the next shift (none landed: see that file's header);
mentions_heldout5.tsv a sixth (built-in and seven corpora not sampled before), judged before the
third shift changed anything; mentions_heldout6.tsv a seventh (built-in, seeds and four corpora
not sampled before), judged after that shift's last change to the checks and measured once;
mentions_heldout7.tsv an eighth (built-in and five corpora not sampled before), judged and committed
before the learned mention decision (termbase.mention_model) was run on it, and measured once
(the model has been trained on it and all the files above since); mentions_heldout8.tsv a ninth
(built-in, seeds and eight of the least-sampled corpora), judged and committed before the next
shift changed anything, measured once after its last change (rules and learned decision), trained
on since; mentions_heldout9.tsv a tenth (built-in, seeds and twelve corpora), judged and committed
after the next shift's last change and before anything ran on it, then measured once;
mentions_heldout10.tsv an eleventh (the same mix, a confirmation of the ninth), judged and committed
before the next shift changed anything and before anything ran on it, then measured once.

Merges: bench/merge_gold/concepts.tsv holds pairs of seed entries judged one idea (same)
or two (different). Pairwise precision / recall / F1 of the resolver's concepts over those
pairs; a pair counts as merged when both entries end in one concept.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import defaultdict
from pathlib import Path

from termbase.build import identified_entries, read_sources
from termbase.builtin import glossary_files
from termbase.errors import NotAGlossaryError
from termbase.labels import label_key
from termbase.link import find_mentions
from termbase.resolve import resolve

HERE = Path(__file__).resolve().parent
GOLD = HERE / "merge_gold"
SEEDS = HERE.parent.parent / "shared" / "seeds"


def _rows(path: Path) -> list[list[str]]:
    lines = [line.rstrip("\n") for line in path.read_text(encoding="utf-8").splitlines()]
    rows = [line.split("\t") for line in lines if line and not line.startswith("#")]
    return rows[1:]


def corpus_files(corpus: str, seeds: Path) -> list[str]:
    """Return the files of a named corpus: the built-in glossary, the five seed pages, or
    `corpora/<folder>…`, a folder or file of the shared corpora (beside the seeds), or a
    pattern of such files (`corpora/thinkcspy/_sources/*/[Gg]lossary.rst`: the book's glossaries)."""
    if corpus == "builtin":
        return [str(f) for f in glossary_files()]
    if corpus.startswith("corpora/") and "*" in corpus:
        return sorted(str(p) for p in seeds.parent.glob(corpus))
    if corpus.startswith("corpora/"):
        return [str(seeds.parent / corpus)]
    return sorted(str(p) for p in seeds.glob("0*.txt"))


def source_name(path: str, corpus: str) -> str:
    """Return how gold rows name an entry's source file: its name, or for a pattern corpus (whose
    files may share a name: `*/Glossary.rst`) its path below the pattern's fixed folder."""
    if "*" in corpus:
        fixed = corpus[: corpus.index("*")].rstrip("/")
        return os.path.relpath(path, SEEDS.parent / fixed) if os.path.isabs(path) else path
    return os.path.basename(path)


def concepts_of(files: list[str]):
    read, errors = read_sources(files)
    # a folder's index or template pages are skipped, as a build skips them
    errors = [e for e in errors if not (isinstance(e, NotAGlossaryError) and e.found_in_folder)]
    if errors:
        sys.exit(f"could not read: {errors}")
    return resolve(identified_entries(read))


def mention_scores(gold_file: Path, seeds: Path, show: bool, learned: bool = False) -> dict[str, float]:
    """Return mention precision and recall over the judged candidates of one gold file."""
    gold = _rows(gold_file)
    tp = fp = fn = stale = 0
    for corpus in dict.fromkeys(row[0] for row in gold):
        concepts = concepts_of(corpus_files(corpus, seeds))
        by_id = {c.id: c for c in concepts}
        found = _found(concepts, by_id, find_mentions(concepts, learned=learned), corpus)
        candidates = _found(concepts, by_id, find_mentions(concepts, checked=False), corpus)
        texts = {
            ("id", e.concept_id) if e.concept_id else (source_name(e.source, corpus), str(e.line)): " ".join(
                e.definition.split()
            )
            for c in concepts
            for e in c.entries
        }
        for row_corpus, source, entry, surface, target, verdict, *context in gold:
            if row_corpus != corpus:
                continue
            where = (source, entry) if entry.isdigit() else ("id", entry)
            if context and context[0] and context[0] not in texts.get(where, ""):
                stale += 1  # the sentence judged was reworded since
                continue
            if not _has(candidates, source, entry, surface, target):
                stale += 1  # the definition changed since it was judged: the words are no longer there
                continue
            kept = _has(found, source, entry, surface, target)
            right = verdict == "right"
            tp += kept and right
            fp += kept and not right
            fn += right and not kept
            if show and kept != right:
                print(f"  {'kept wrong' if kept else 'lost right'}: {source}:{entry} {surface!r} -> {target}")
    return {
        "judged": len(gold) - stale,
        "stale": stale,
        "precision": tp / (tp + fp),
        "recall": tp / (tp + fn),
    }


Found = dict[tuple[str, str], list[tuple[str, set[str]]]]


def _found(concepts, by_id, mentions, corpus: str) -> Found:
    """Return, per (source file name, line), the words linked and the labels of the concept linked to."""
    found: Found = defaultdict(list)
    for concept in concepts:
        for index, entry in enumerate(concept.entries):
            where = (
                ("id", entry.concept_id)
                if entry.concept_id
                else (source_name(entry.source, corpus), str(entry.line))
            )
            for match in mentions.get((concept.id, index), ()):
                keys = {label_key(label) for label in by_id[match.concept_id].labels}
                found[where].append((" ".join(match.text.lower().split()), keys))
    return found


def _has(found: Found, source: str, entry: str, surface: str, target: str) -> bool:
    where = (source, entry) if entry.isdigit() else ("id", entry)
    words = " ".join(surface.lower().split())  # gold rows keep the words on one line
    return any(text == words and label_key(target) in keys for text, keys in found[where])


def merge_scores(seeds: Path, show: bool) -> dict[str, float] | None:
    """Return pairwise merge precision, recall and F1 over the judged seed entry pairs."""
    path = GOLD / "concepts.tsv"
    if not path.exists():
        return None
    concepts = concepts_of(corpus_files("seeds", seeds))
    concept_of: dict[tuple[str, str], set[str]] = defaultdict(set)
    for concept in concepts:
        for entry in concept.entries:
            concept_of[(os.path.basename(entry.source), str(entry.line))].add(concept.id)
    tp = fp = fn = tn = 0
    for source_a, line_a, source_b, line_b, verdict, *_ in _rows(path):
        a, b = concept_of.get((source_a, line_a)), concept_of.get((source_b, line_b))
        if not a or not b:
            sys.exit(
                f"gold names an entry the build no longer has: {source_a}:{line_a} / {source_b}:{line_b}"
            )
        merged, same = bool(a & b), verdict == "same"  # an "A / B" entry is in two concepts
        tp += merged and same
        fp += merged and not same
        fn += same and not merged
        tn += not same and not merged
        if show and merged != same:
            print(
                f"  {'merged two' if merged else 'kept apart'}: "
                f"{source_a}:{line_a} ({', '.join(sorted(a))}) / {source_b}:{line_b} ({', '.join(sorted(b))})"
            )
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"pairs": tp + fp + fn + tn, "same": tp + fn, "precision": precision, "recall": recall, "f1": f1}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=Path, default=SEEDS)
    parser.add_argument("--show-errors", action="store_true")
    parser.add_argument(
        "--learned",
        action="store_true",
        help="decide everyday words with the learned model (termbase.mention_model), not the rules",
    )
    args = parser.parse_args()
    for name, what in (
        ("mentions", "tuned-on gold"),
        ("mentions_fresh", "fresh sample, never tuned on"),
        ("mentions_heldout2", "second held-out sample"),
        ("mentions_heldout3", "third held-out sample"),
        ("mentions_heldout4", "fourth held-out sample, judged 24 Nov second shift"),
        ("mentions_heldout5", "fifth held-out sample, built-in and seven new corpora"),
        ("mentions_heldout6", "sixth held-out sample, built-in, seeds and four new corpora"),
        ("mentions_heldout7", "seventh held-out sample, built-in and five new corpora (trained on since)"),
        ("mentions_heldout8", "eighth held-out sample, built-in, seeds and eight corpora (trained on since)"),
        ("mentions_heldout9", "ninth held-out sample, built-in, seeds and twelve corpora (not trained on)"),
        ("mentions_heldout10", "tenth held-out sample, the ninth's mix, a confirmation (not trained on)"),
    ):
        mentions = mention_scores(GOLD / f"{name}.tsv", args.seeds, args.show_errors, args.learned)
        print(
            f"mentions ({what}): {mentions['judged']} judged ({mentions['stale']} no longer in the text), "
            f"precision {mentions['precision']:.3f}, recall {mentions['recall']:.3f} "
            "(targets >= 0.95 at >= 0.85)"
        )
    merges = merge_scores(args.seeds, args.show_errors)
    if merges:
        print(
            f"merges: {merges['pairs']} judged pairs ({merges['same']} same), "
            f"precision {merges['precision']:.3f}, recall {merges['recall']:.3f}, F1 {merges['f1']:.3f} "
            "(targets recall >= 0.96 at precision >= 0.98)"
        )


if __name__ == "__main__":
    main()
