"""Approximate nearest neighbours over concept embeddings, for termbases too large to scan.

Question search compares the query's embedding with every concept's; at 100,000 concepts
that matrix product reads 150 MB per query (20-70 ms here). From ANN_MIN_ROWS concepts up,
`build` also stores an HNSW graph (usearch, with 8-bit vectors: a quarter of the size) in
`concept_vector_index`; a query takes CANDIDATE_FACTOR times the wanted number of
neighbours from the graph and scores them exactly against the stored float32 vectors, so
every cosine shown is exact and only a neighbour the graph missed can differ from the full
scan. Smaller termbases keep the exact scan: it is fast there, and exact.
"""

from __future__ import annotations

import sqlite3
from typing import Any

#: From this many vectors up, search goes through the graph (below, the exact scan is ~2 ms).
ANN_MIN_ROWS = 20_000
#: Graph neighbours asked for per neighbour wanted, then re-scored exactly.
CANDIDATE_FACTOR = 4
#: usearch settings: links per node, and the breadth of the search when adding and querying.
CONNECTIVITY = 16
EXPANSION_ADD = 64
EXPANSION_SEARCH = 128
#: What the stored graph must say it is (bump when the settings above change its meaning).
FORMAT = f"usearch-i8-ip-{CONNECTIVITY}-{EXPANSION_ADD}"


def wanted(rows: int) -> bool:
    """Return True if a termbase with this many vectors should have a graph."""
    return rows >= ANN_MIN_ROWS


def build_graph(matrix: Any, threads: int = 0) -> Any:
    """Return a usearch index over the rows of a unit-length float32 matrix (keys: row numbers)."""
    import numpy as np
    from usearch.index import Index

    graph = Index(
        ndim=matrix.shape[1],
        metric="ip",
        dtype="i8",
        connectivity=CONNECTIVITY,
        expansion_add=EXPANSION_ADD,
        expansion_search=EXPANSION_SEARCH,
    )
    graph.add(np.arange(matrix.shape[0], dtype=np.uint64), matrix, threads=threads)
    return graph


def write_graph(db: sqlite3.Connection, matrix: Any) -> None:
    """Store the graph of `matrix` (rows in concept_vectors' order) in the termbase."""
    db.execute("CREATE TABLE IF NOT EXISTS concept_vector_index (format TEXT NOT NULL, data BLOB NOT NULL)")
    db.execute("INSERT INTO concept_vector_index VALUES (?, ?)", (FORMAT, bytes(build_graph(matrix).save())))


def read_graph(db: sqlite3.Connection, rows: int) -> Any | None:
    """Return the stored graph, or None (none stored, another format, or another row count)."""
    try:
        found = db.execute("SELECT format, data FROM concept_vector_index").fetchone()
    except sqlite3.OperationalError:  # built before graphs were stored
        return None
    if found is None or found[0] != FORMAT:
        return None
    from usearch.index import Index

    graph = Index.restore(found[1])
    if graph is None or len(graph) != rows:
        return None
    graph.expansion_search = EXPANSION_SEARCH
    return graph


def nearest(graph: Any, matrix: Any, query: Any, k: int) -> list[tuple[int, float]]:
    """Return up to k (row, cosine) pairs, best first, as `semantic.nearest` does, taking
    candidates from the graph and their cosines from the matrix."""
    import numpy as np

    if k <= 0 or matrix.shape[0] == 0:
        return []
    found = graph.search(np.asarray(query, dtype=np.float32), k * CANDIDATE_FACTOR, threads=1)
    rows = np.unique(found.keys.astype(np.int64))
    scores = matrix[rows] @ np.asarray(query, dtype=np.float32)
    order = np.lexsort((rows, -scores))[:k]
    return [(int(rows[i]), float(scores[i])) for i in order]
