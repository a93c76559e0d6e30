"""Where embedding time goes: per-concept cost of the built-in glossary's embeddings.

    python bench/embed_speed.py [--concepts 256] [--repeat 3]

Embeds the first N concept texts of the built-in glossary (as a build does: sorted by
length, batches of 32) with the model search runs (the installed one prepared by
termbase.model_prep, one text a call) on 1 and 2 threads, and, as the reference in the
same run, the pipeline as it was before: the model file as the package installs it, in
batches of 32, 2 onnxruntime threads a call. Reports ms per concept
(min of --repeat runs, wall clock and this process's CPU time) beside the load average,
the cosine between the two models' vectors, the word pieces per text (the model reads at
most 128) and, from onnxruntime's profiler, the share of run time per operator type, which
shows whether the matrix products run in int8 (MatMulInteger) or in float (MatMul).
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import statistics
import time

from termbase import semantic
from termbase.builtin import builtin_concept_texts


def installed_pipeline(threads: int) -> semantic.Embedder:
    """Return an Embedder running the model file as installed, the way it ran before it was
    prepared: `threads` onnxruntime threads inside each call (used with batches of 32)."""
    import onnxruntime as ort

    embedder = semantic.Embedder(threads=1, model=semantic.model_path())
    options = ort.SessionOptions()
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    options.log_severity_level = 3
    embedder._session = ort.InferenceSession(
        str(semantic.model_path()), options, providers=["CPUExecutionProvider"]
    )
    return embedder


def per_concept_ms(
    embedder: semantic.Embedder, texts: list[str], repeat: int, batch: int
) -> tuple[float, float]:
    """Return the best of `repeat` runs, in milliseconds per text: wall clock, CPU time."""
    embedder.encode(texts[:8], batch_size=batch)
    wall = cpu = float("inf")
    for _ in range(repeat):
        started, started_cpu = time.perf_counter(), time.process_time()
        embedder.encode(texts, batch_size=batch)
        wall = min(wall, time.perf_counter() - started)
        cpu = min(cpu, time.process_time() - started_cpu)
    return wall / len(texts) * 1000, cpu / len(texts) * 1000


def operator_shares(texts: list[str]) -> list[tuple[str, float]]:
    """Return (operator type, share of node time) from one profiled batch, largest first."""
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.enable_profiling = True
    options.intra_op_num_threads = 1
    options.log_severity_level = 3
    session = ort.InferenceSession(
        str(semantic.run_model_path()), options, providers=["CPUExecutionProvider"]
    )
    embedder = semantic.Embedder(threads=1)
    encodings = embedder._tokenizer.encode_batch(texts[:32])
    import numpy as np

    ids = np.array([e.ids for e in encodings], dtype=np.int64)
    feeds = {"input_ids": ids, "attention_mask": np.ones_like(ids), "token_type_ids": np.zeros_like(ids)}
    names = {i.name for i in session.get_inputs()}
    session.run(None, {k: v for k, v in feeds.items() if k in names})
    trace = session.end_profiling()
    with open(trace, encoding="utf-8") as events:
        nodes = [e for e in json.load(events) if e.get("cat") == "Node"]
    os.remove(trace)
    times: collections.Counter[str] = collections.Counter()
    for event in nodes:
        times[event["args"].get("op_name", "?")] += event["dur"]
    total = sum(times.values()) or 1
    return [(name, count / total) for name, count in times.most_common(6)]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--concepts", type=int, default=256)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    texts = builtin_concept_texts()[: args.concepts]
    one = semantic.Embedder(threads=1)
    pieces = [sum(e.attention_mask) for e in one._tokenizer.encode_batch(texts)]
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; {len(texts)} concept texts")
    print(
        f"word pieces per text: median {statistics.median(pieces):.0f}, "
        f"cut at {semantic.MAX_TOKENS}: {sum(p >= semantic.MAX_TOKENS for p in pieces) / len(pieces):.0%}"
    )
    reference = installed_pipeline(threads=2)
    ours = semantic.Embedder(threads=2)
    for name, embedder, batch in (
        ("prepared model, one text a call, 1 thread", one, 1),
        ("prepared model, one text a call, 2 threads", ours, 1),
        ("reference: installed model, batches of 32, 2 threads", reference, 32),
    ):
        wall, cpu = per_concept_ms(embedder, texts, args.repeat, batch)
        print(f"{name}: {wall:.1f} ms per concept (CPU {cpu:.1f} ms)")
    cosines = (ours.encode(texts) * reference.encode(texts, batch_size=32)).sum(axis=1)
    print(f"cosine to the installed model's vectors: min {cosines.min():.4f}, mean {cosines.mean():.4f}")
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
    print("run time by operator: " + ", ".join(f"{n} {s:.0%}" for n, s in operator_shares(texts)))


if __name__ == "__main__":
    main()
