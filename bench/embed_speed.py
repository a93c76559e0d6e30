"""Where embedding time goes: per-concept cost of the built-in glossary's embeddings.

    python bench/embed_speed.py [--concepts 256] [--repeat 3]

Embeds the first N concept texts of the built-in glossary (as a build does: sorted by
length, batches of 32) with 1 and 2 onnxruntime threads and reports ms per concept (min of
--repeat runs) beside the load average; the word pieces per text (the model reads at most
128); and, from onnxruntime's profiler, the share of run time per operator type, which
shows whether the model's matrix products run in int8 (MatMulInteger) or in float
(MatMul). A reference in the same run: the same texts cut to 64 word pieces.
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


def per_concept_ms(embedder: semantic.Embedder, texts: list[str], repeat: int) -> float:
    """Return the best of `repeat` runs, in milliseconds per text."""
    embedder.encode(texts[:8])
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        embedder.encode(texts)
        best = min(best, time.perf_counter() - started)
    return best / len(texts) * 1000


def operator_shares(texts: list[str]) -> list[tuple[str, float]]:
    """Return (operator type, share of node time) from one profiled batch, largest first."""
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.enable_profiling = True
    options.intra_op_num_threads = 1
    options.log_severity_level = 3
    session = ort.InferenceSession(str(semantic.model_path()), options, providers=["CPUExecutionProvider"])
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
    for threads in (1, 2):
        embedder = one if threads == 1 else semantic.Embedder(threads=threads)
        print(f"{threads} thread(s): {per_concept_ms(embedder, texts, args.repeat):.1f} ms per concept")
    one._tokenizer.enable_truncation(max_length=64)
    short = per_concept_ms(one, texts, args.repeat)
    print(f"reference, cut at 64 word pieces, 1 thread: {short:.1f} ms per concept")
    print("run time by operator: " + ", ".join(f"{n} {s:.0%}" for n, s in operator_shares(texts)))


if __name__ == "__main__":
    main()
