"""Benchmark search speed on a generated termbase of 100,000 concepts.

    python bench/search_speed.py [--concepts 100000] [--queries 300] [--cli-repeat 7]
    python bench/search_speed.py --cli-only [--db BIG.db]   # only the command-line timings

Builds the termbase (real SQLite file), builds the search index, then times queries of
each kind one by one: exact label, variant spelling, acronym, typo, prefix (suggest) and
full-text questions. In the same run the same lexical queries go through `bm25s` and
through a bare FTS5 `MATCH` as reference points. Reports p50/p99 latency in ms, index
build time and peak memory. Targets (2 cores): lexical + typo p99 ≤ 5 ms, suggest p99 ≤ 2 ms.

The command a user types is timed too: `termbase search "kv cache"` on the generated
termbase and on the built-in glossary, each in a new process, beside two references run
in turn with them (`python -c pass`: the interpreter's start-up here; `termbase --version`:
start-up plus the CLI's imports), with wall time, peak memory, the load average and the
ratio to `python -c pass`. Targets: < 0.5 s on 100k concepts; < 0.4 s and < 120 MB on the
built-in glossary.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from generate import generate_unique  # noqa: E402
from termbase.build import build_termbase  # noqa: E402
from termbase.search import fts_query  # noqa: E402
from termbase.store import Termbase  # noqa: E402


def percentiles(samples: list[float]) -> dict[str, float]:
    """Return p50 and p99 of `samples` (seconds) in milliseconds."""
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return {"p50_ms": round(statistics.median(ordered) * 1000, 3), "p99_ms": round(p99 * 1000, 3)}


def timed(run: Callable[[str], object], queries: list[str]) -> dict[str, float]:
    """Run each query once (after one warm-up pass) and return latency percentiles: wall
    clock, and the CPU time of this thread (SQLite runs in it too), which leaves out the
    time the process waited for a core: on 2 shared cores at load 8-12 one wait is 10-20 ms,
    so wall p99 measures the machine's queue as much as the search."""
    for query in queries[:20]:
        run(query)
    samples, cpu = [], []
    for query in queries:
        start, start_cpu = time.perf_counter(), time.thread_time()
        run(query)
        cpu.append(time.thread_time() - start_cpu)
        samples.append(time.perf_counter() - start)
    figures = percentiles(samples)
    figures.update({f"cpu_{name}": value for name, value in percentiles(cpu).items()})
    return figures


def typo(word: str, rng: random.Random) -> str:
    """Return `word` with one typing mistake (swap, drop, double or replace a letter)."""
    i = rng.randrange(1, len(word) - 1)
    kind = rng.choice(["swap", "drop", "double", "replace"])
    if kind == "swap":
        return word[:i] + word[i + 1] + word[i] + word[i + 2 :]
    if kind == "drop":
        return word[:i] + word[i + 1 :]
    if kind == "double":
        return word[:i] + word[i] + word[i:]
    return word[:i] + rng.choice("aeioutnrs") + word[i + 1 :]


def query_sets(termbase: Termbase, count: int, rng: random.Random) -> dict[str, list[str]]:
    """Return queries of each kind, drawn from the termbase's own labels and definitions."""
    rows = termbase.db.execute("SELECT concept_id, label, kind FROM labels").fetchall()
    plain = [label for _, label, kind in rows if kind == "preferred" and len(label) >= 6]
    acronyms = [label for _, label, kind in rows if kind == "acronym"]
    expansions = [label for _, label, kind in rows if kind == "expansion"]
    definitions = [r[0] for r in termbase.db.execute("SELECT definition FROM entries LIMIT 5000")]
    pick = lambda pool: [rng.choice(pool) for _ in range(count)]  # noqa: E731
    return {
        "exact": pick(plain),
        "variant": [q.upper().replace(" ", "-") for q in pick(plain)],
        "acronym": pick(acronyms) + pick(expansions),
        "typo": [typo(q, rng) for q in pick([p for p in plain if len(p) >= 9])],
        "question": [" ".join(rng.sample(d.split(), min(6, len(d.split())))) for d in pick(definitions)],
        "suggest": [q[: rng.randint(3, 6)] for q in pick(plain)],
    }


def load() -> float:
    """Return the one-minute load average (the machine is shared: read figures beside it)."""
    return round(os.getloadavg()[0], 2)


#: Runs a module as `python -m` does and writes the process's peak resident memory (VmHWM:
#: this process image only; the peak the kernel reports to a parent would include the
#: benchmark's own pages, copied when the child was forked) to the file named in argv[1].
PEAK_WRAPPER = """
import atexit, runpy, sys
report, module = sys.argv[1], sys.argv[2]
def peak():
    with open('/proc/self/status') as status:
        kb = next(line.split()[1] for line in status if line.startswith('VmHWM:'))
    with open(report, 'w') as out:
        out.write(kb)
atexit.register(peak)
sys.argv = [module, *sys.argv[3:]]
if module != 'pass':
    runpy.run_module(module, run_name='__main__', alter_sys=True)
"""


def run_command(argv: list[str], report: Path) -> tuple[float, float]:
    """Run `python -m MODULE ARGS` (argv = [MODULE, *ARGS]; MODULE `pass` runs nothing) in a new
    process; return its wall seconds and peak resident memory in MB."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", PEAK_WRAPPER, str(report), *argv],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
    )
    seconds = time.perf_counter() - start
    if done.returncode:
        raise SystemExit(f"{' '.join(argv)} failed with status {done.returncode}")
    return seconds, int(report.read_text()) / 1024


def cli_timing(big_db: Path | None, repeat: int) -> dict[str, object]:
    """Time `termbase search "kv cache"` in new processes beside same-run references.

    The commands run interleaved (one of each per round) so that load changes hit all of
    them alike; each figure is min/median/max over the rounds.
    """
    commands = {"python -c pass": ["pass"], "termbase --version": ["termbase", "--version"]}
    commands["search built-in"] = ["termbase", "search", "kv cache"]
    if big_db is not None:
        commands["search 100k"] = ["termbase", "search", "kv cache", "--db", str(big_db)]
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    loads = [load()]
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "peak"
        for argv in commands.values():
            run_command(argv, report)  # warm: caches, the built-in glossary compiled once
        for _ in range(repeat):
            for name, argv in commands.items():
                samples[name].append(run_command(argv, report))
            loads.append(load())
    reference = statistics.median(s for s, _ in samples["python -c pass"])
    figures: dict[str, object] = {"load_min_max": [min(loads), max(loads)], "rounds": repeat}
    for name, runs in samples.items():
        seconds = sorted(s for s, _ in runs)
        median = statistics.median(seconds)
        figures[name] = {
            "s_min_median_max": [round(seconds[0], 3), round(median, 3), round(seconds[-1], 3)],
            "peak_mb": round(max(mb for _, mb in runs), 1),
            "x_python_start": round(median / reference, 2),
        }
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--concepts", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--cli-repeat", type=int, default=7, help="rounds of command-line timings")
    parser.add_argument("--cli-only", action="store_true", help="only time the command line")
    parser.add_argument("--db", type=Path, default=None, help="a termbase built before (skips the build)")
    args = parser.parse_args()
    rng = random.Random(5)
    results: dict[str, object] = {"load_at_start": load()}
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db
        if db is None:
            source = generate_unique(args.concepts, Path(tmp))
            db = Path(tmp) / "big.db"
            start = time.perf_counter()
            summary = build_termbase([str(source)], db)
            results["termbase_build_s"] = round(time.perf_counter() - start, 2)
            results["concepts"] = summary.concepts
        results["cli"] = cli_timing(db, args.cli_repeat)
        if not args.cli_only:
            results.update(in_process_timing(db, args.queries, rng))
    results["peak_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    results["load_at_end"] = load()
    print(json.dumps(results, indent=2))


def in_process_timing(db: Path, count: int, rng: random.Random) -> dict[str, object]:
    """Time each kind of query on an open index, with FTS5 and bm25s as references."""
    results: dict[str, object] = {}
    termbase = Termbase.open(db)
    start = time.perf_counter()
    index = termbase.search_index()
    results["index_open_s"] = round(time.perf_counter() - start, 3)
    start = time.perf_counter()
    index.warm()  # as `termbase serve` does: the typo dictionary into memory
    results["index_warm_s"] = round(time.perf_counter() - start, 3)
    queries = query_sets(termbase, count, rng)
    kinds: dict[str, dict[str, float]] = {}
    for kind, items in queries.items():
        if kind == "suggest":
            kinds[kind] = timed(lambda q: index.suggest(q, 8), items)
        else:
            kinds[kind] = timed(lambda q: index.search(q, 10), items)
    results["termbase"] = kinds
    results["hybrid_question"] = hybrid_timing(index, queries["question"], rng)
    lexical = queries["exact"] + queries["typo"] + queries["question"]
    bare = sqlite3.connect(db)
    results["reference_fts5_match"] = timed(
        lambda q: bare.execute(
            "SELECT concept_id FROM concept_fts WHERE concept_fts MATCH ? ORDER BY rank LIMIT 10",
            (fts_query(q) or '""',),
        ).fetchall(),
        lexical,
    )
    results["reference_bm25s"] = bm25s_reference(bare, lexical)
    results["termbase_lexical_all"] = timed(lambda q: index.search(q, 10), lexical)
    return results


def clustered_vectors(rows: int, dimension: int, generator: object) -> object:
    """Return `rows` unit vectors in topics (a shared direction each, plus noise of varied
    size): random stand-ins with the neighbourhoods real embeddings have. Uniformly random
    vectors have none (every point nearly as far as every other), which no index can search."""
    import numpy as np

    centres = generator.standard_normal((max(1, rows // 30), dimension)).astype(np.float32)
    spread = generator.random((rows, 1)).astype(np.float32) * 0.8
    matrix = centres[generator.integers(0, len(centres), rows)]
    matrix += spread * generator.standard_normal((rows, dimension)).astype(np.float32)
    matrix /= np.linalg.norm(matrix, axis=1, keepdims=True)
    return matrix


def hybrid_timing(index: object, questions: list[str], rng: random.Random) -> dict[str, object]:
    """Time question queries with semantic search on, over 100k stored vectors.

    Embedding 100,000 concepts takes most of an hour on this machine, so the stored
    vectors here are generated (`clustered_vectors`): query time (embed the query, find
    the neighbours, fuse) does not depend on their values. From vector_index.ANN_MIN_ROWS
    vectors the neighbours come from the HNSW graph, built when the vectors are attached;
    its recall@10 against the exact scan is measured on queries near stored vectors (the
    real query embeddings have no neighbours among generated vectors). Real vectors are
    measured on the seeds by bench/search_quality.py.
    """
    from termbase import semantic, vector_index

    if not semantic.available():
        return {"skipped": f"semantic extra not installed ({semantic.INSTALL_HINT})"}
    import numpy as np

    generator = np.random.default_rng(rng.randrange(1 << 30))
    ids = [r[0] for r in index.db.execute("SELECT id FROM concepts ORDER BY rowid")]
    matrix = clustered_vectors(len(ids), semantic.DIMENSION, generator)
    start = time.perf_counter()
    index.vector_ids, index.vectors = ids, matrix
    graph_seconds = time.perf_counter() - start
    semantic.get_embedder()  # load the model before timing
    long_questions = [q for q in questions if len(q.split()) >= 3]
    figures: dict[str, object] = dict(timed(lambda q: index.search(q, 10), long_questions))
    figures["note"] = "generated clustered unit vectors stand in for 100k embeddings (query-time cost only)"
    if index._graph is not None:
        figures["graph_build_s"] = round(graph_seconds, 1)
        near = matrix[generator.integers(0, len(ids), 300)]
        near += 0.03 * generator.standard_normal(near.shape).astype(np.float32)
        near /= np.linalg.norm(near, axis=1, keepdims=True)
        found = 0
        ann, exact = [], []
        for query in near:
            start = time.perf_counter()
            approximate = {row for row, _ in vector_index.nearest(index._graph, matrix, query, 10)}
            ann.append(time.perf_counter() - start)
            start = time.perf_counter()
            truth = {row for row, _ in semantic.nearest(matrix, query, 10)}
            exact.append(time.perf_counter() - start)
            found += len(approximate & truth)
        figures["recall_at_10"] = round(found / (10 * len(near)), 4)
        figures["neighbours_graph"] = percentiles(ann)
        figures["neighbours_exact_scan"] = percentiles(exact)
    return figures


def bm25s_reference(db: sqlite3.Connection, queries: list[str]) -> dict[str, float]:
    """Index the same labels and definitions with bm25s and time the same queries."""
    try:
        import bm25s
    except ImportError:
        return {"skipped": "bm25s not installed (pip install bm25s)"}
    rows = db.execute("SELECT concept_id, labels || ' ' || definitions FROM concept_fts").fetchall()
    start = time.perf_counter()
    retriever = bm25s.BM25()
    retriever.index(bm25s.tokenize([text for _, text in rows], show_progress=False), show_progress=False)
    build = time.perf_counter() - start

    def run(query: str) -> object:
        tokens = bm25s.tokenize([query], show_progress=False)
        return retriever.retrieve(tokens, k=10, show_progress=False)

    figures = timed(run, queries)
    figures["index_build_s"] = round(build, 2)
    return figures


if __name__ == "__main__":
    main()
