"""The nearest-neighbour graph of large termbases: stored with the termbase, read back, and
answering as the exact scan does (exact cosines, near-exact neighbours)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import numpy as np
import pytest

from termbase import semantic, vector_index
from termbase.build import build_termbase
from termbase.store import Termbase


def topics(rows: int, dimension: int = 48, seed: int = 4) -> np.ndarray:
    generator = np.random.default_rng(seed)
    centres = generator.standard_normal((rows // 20, dimension)).astype(np.float32)
    matrix = centres[generator.integers(0, len(centres), rows)]
    matrix += 0.3 * generator.standard_normal((rows, dimension)).astype(np.float32)
    return matrix / np.linalg.norm(matrix, axis=1, keepdims=True)


def test_the_graph_finds_the_exact_neighbours_with_exact_cosines(tmp_path: Path) -> None:
    matrix = topics(2000)
    db = sqlite3.connect(tmp_path / "graph.db")
    vector_index.write_graph(db, matrix)
    graph = vector_index.read_graph(db, len(matrix))
    assert graph is not None
    queries = matrix[::40] + 0.05 * np.random.default_rng(1).standard_normal((50, matrix.shape[1]))
    queries = (queries / np.linalg.norm(queries, axis=1, keepdims=True)).astype(np.float32)
    found = 0
    for query in queries:
        approximate = vector_index.nearest(graph, matrix, query, 10)
        exact = semantic.nearest(matrix, query, 10)
        found += len({r for r, _ in approximate} & {r for r, _ in exact})
        for row, cosine in approximate:
            assert cosine == pytest.approx(float(matrix[row] @ query), abs=1e-5)
        assert [c for _, c in approximate] == sorted((c for _, c in approximate), reverse=True)
    assert found / (10 * len(queries)) >= 0.95


def test_a_graph_of_another_format_or_size_is_not_used(tmp_path: Path) -> None:
    matrix = topics(300)
    db = sqlite3.connect(tmp_path / "graph.db")
    assert vector_index.read_graph(db, len(matrix)) is None  # no table: built before graphs
    vector_index.write_graph(db, matrix)
    assert vector_index.read_graph(db, len(matrix) + 1) is None  # vectors and graph disagree
    db.execute("UPDATE concept_vector_index SET format = 'usearch-f32-old'")
    assert vector_index.read_graph(db, len(matrix)) is None


def test_search_takes_neighbours_from_the_graph_when_the_termbase_is_large(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "words.md"
    source.write_text(
        "# Words\n\nA few terms.\n\n"
        + "".join(f"- **Term number {n}**: A made-up idea numbered {n} for this test.\n" for n in range(60)),
        encoding="utf-8",
    )
    build_termbase([str(source)], tmp_path / "words.db")
    monkeypatch.setattr(vector_index, "ANN_MIN_ROWS", 50)  # 60 concepts count as large here
    with Termbase.open(tmp_path / "words.db") as termbase:
        index = termbase.search_index()
        ids = [r[0] for r in termbase.db.execute("SELECT id FROM concepts ORDER BY rowid")]
        matrix = topics(len(ids), semantic.DIMENSION)
        index.vector_ids, index.vectors = ids, matrix
        assert index._graph is not None
        query = matrix[7]
        assert index._nearest(query, 5)[0] == (7, pytest.approx(1.0, abs=1e-5))
        assert [r for r, _ in index._nearest(query, 5)] == [r for r, _ in semantic.nearest(matrix, query, 5)]
