"""Semantic search helpers, with the real embedding model of the `semantic` extra.

Questions in our own words must land nearest to the right definition from the built-in
glossary. The model tests skip, saying why, when the extra is not installed.
"""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
import yaml

from termbase import semantic

GLOSSARY = Path(semantic.__file__).parent / "glossary"

needs_extra = pytest.mark.skipif(
    not semantic.available(),
    reason=f"the semantic extra is not installed (missing: {', '.join(semantic.missing())}); "
    f"{semantic.INSTALL_HINT}",
)
needs_numpy = pytest.mark.skipif(
    "numpy" in semantic.missing(), reason="numpy is not installed (it comes with the semantic extra)"
)

# Question in plain words -> the concept it asks about. Each question avoids the
# concept's own label, so only the meaning can match.
QUESTIONS = {
    "how do I shrink the KV cache by letting several query heads share one key/value head":
        "grouped-query-attention",
    "compress a big model by training a smaller one on its soft outputs": "knowledge-distillation",
    "randomly zero some units while training so the net does not depend on any one of them": "dropout",
    "a cheap model guesses a few tokens ahead and the big model checks them all at once":
        "speculative-decoding",
    "how long until the user sees the first word of the answer": "time-to-first-token",
    "look up passages in a document store and paste them into the prompt before answering":
        "retrieval-augmented-generation",
    "begin with a very small step size and ramp it up over the first steps": "learning-rate-warmup",
    "the chatbot makes up facts that sound plausible but are false": "hallucination",
}


def glossary_concepts(ids: set[str]) -> dict[str, tuple[str, list[str], str]]:
    """Return {id: (label, labels, definition)} for these ids from the built-in glossary."""
    found: dict[str, tuple[str, list[str], str]] = {}
    for path in sorted(GLOSSARY.glob("*.yaml")):
        for concept in yaml.safe_load(path.read_text(encoding="utf-8"))["concepts"]:
            if concept["id"] in ids:
                found[concept["id"]] = (concept["label"], concept.get("labels") or [],
                                        concept.get("definition") or "")
    assert set(found) == ids, f"not in the glossary: {ids - set(found)}"
    return found


@pytest.fixture(scope="module")
def embedder() -> semantic.Embedder:
    return semantic.get_embedder()


def test_concept_text_names_then_definitions() -> None:
    text = semantic.concept_text(
        "grouped-query attention",
        ["GQA", "Grouped-Query  Attention", "grouped query attention"],
        ["Query heads share\n key/value heads.", "Query heads share key/value heads.", "  "],
    )
    expected = "grouped-query attention (GQA, grouped query attention): Query heads share key/value heads."
    assert text == expected
    assert semantic.concept_text("dropout", [], []) == "dropout"


def test_concept_text_caps_extra_labels() -> None:
    labels = [f"name {i}" for i in range(20)]
    text = semantic.concept_text("x", labels, ["d"])
    assert text.count("name ") == semantic.MAX_EXTRA_LABELS


@needs_numpy
def test_blob_round_trip_and_row_concatenation() -> None:
    import numpy as np

    rng = np.random.default_rng(0)
    matrix = rng.standard_normal((5, semantic.DIMENSION)).astype(np.float32)
    blob = semantic.vectors_blob(matrix)
    assert len(blob) == 5 * semantic.DIMENSION * 4
    assert np.array_equal(semantic.vectors_from_blob(blob), matrix)
    rows = b"".join(semantic.vectors_blob(row) for row in matrix)
    assert rows == blob
    assert semantic.vectors_from_blob(b"").shape == (0, semantic.DIMENSION)
    with pytest.raises(ValueError):
        semantic.vectors_from_blob(blob[:-4])


@needs_numpy
def test_nearest_orders_by_cosine() -> None:
    import numpy as np

    matrix = np.array([[1, 0], [0, 1], [0.6, 0.8], [-1, 0]], dtype=np.float32)
    query = np.array([1, 0], dtype=np.float32)
    assert [row for row, _ in semantic.nearest(matrix, query, 2)] == [0, 2]
    hits = semantic.nearest(matrix, query, 10)
    assert [row for row, _ in hits] == [0, 2, 1, 3]
    assert hits[0][1] == pytest.approx(1.0) and hits[-1][1] == pytest.approx(-1.0)
    assert semantic.nearest(matrix, query, 0) == []
    assert semantic.nearest(np.zeros((0, 2), dtype=np.float32), query, 3) == []


def test_unavailable_extra_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(semantic, "_REQUIRED", (*semantic._REQUIRED, "no_such_module_xyz"))
    assert not semantic.available()
    with pytest.raises(semantic.SemanticUnavailable, match=r"semantic\]"):
        semantic.Embedder()


@needs_extra
def test_vectors_are_unit_float32_rows(embedder: semantic.Embedder) -> None:
    import numpy as np

    texts = ["attention", "", "a much longer sentence about the key-value cache " * 40]
    matrix = embedder.encode(texts)
    assert matrix.dtype == np.float32 and matrix.shape == (3, semantic.DIMENSION)
    assert np.allclose(np.linalg.norm(matrix, axis=1), 1.0, atol=1e-5)
    assert embedder.encode([]).shape == (0, semantic.DIMENSION)
    # A text embeds the same alone as inside a batch.
    single = embedder.encode_query(texts[0])
    assert float(single @ matrix[0]) > 0.999


@needs_extra
def test_questions_land_on_the_right_definition(embedder: semantic.Embedder) -> None:
    concepts = glossary_concepts(set(QUESTIONS.values()))
    ids = list(concepts)
    matrix = embedder.encode([semantic.concept_text(*concepts[i][:2], [concepts[i][2]]) for i in ids])
    misses = []
    for question, expected in QUESTIONS.items():
        best_row, cosine = semantic.nearest(matrix, embedder.encode_query(question), 1)[0]
        if ids[best_row] != expected:
            misses.append(f"{question!r} -> {ids[best_row]} ({cosine:.2f}), expected {expected}")
    assert not misses, "\n".join(misses)


@needs_extra
def test_runs_with_the_network_closed(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("semantic search tried to open a network connection")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    fresh = semantic.Embedder(threads=1)
    vector = fresh.encode_query("prefill and decode")
    assert vector.shape == (semantic.DIMENSION,)
    assert semantic.model_path().is_file()


def test_the_index_tells_which_searches_must_embed_the_query_first() -> None:
    """The web app answers on its event loop unless a search must first embed a new question."""
    from termbase.builtin import builtin_db
    from termbase.store import Termbase

    with Termbase.open(builtin_db()) as termbase:
        index = termbase.search_index()
        assert index.mode.startswith("hybrid")
        question = "which trick lets many query heads share a smaller set of key and value heads"
        assert index.may_embed(question)
        assert not index.may_embed("GQA") and not index.may_embed("   ")
        assert termbase.search(question, 5)
        assert not index.may_embed(question)  # embedded once, cached


@needs_extra
def test_the_prepared_model_runs_int8_products_close_to_the_installed_one(
    embedder: semantic.Embedder,
) -> None:
    import onnx

    ops = {node.op_type for node in onnx.load(str(semantic.run_model_path())).graph.node}
    assert "MatMulInteger" in ops and "IsNaN" not in ops
    texts = [*QUESTIONS, "KV cache", "a"]
    installed = semantic.Embedder(threads=1, model=semantic.model_path())
    cosines = (embedder.encode(texts) * installed.encode(texts)).sum(axis=1)
    assert cosines.min() > 0.97, cosines


@needs_extra
def test_queries_read_word_rows_from_disk_and_embed_as_the_whole_model_does(
    embedder: semantic.Embedder,
) -> None:
    """The query embedder runs the model without its word-embedding table (45 MB a server
    does not hold); the rows it reads from the table file give the same vectors."""
    import numpy as np
    import onnx

    from termbase.model_prep import without_word_table

    model, table = without_word_table(semantic.run_model_path())
    graph = onnx.load(str(model)).graph
    assert all(len(t.dims) < 2 or t.dims[0] < 30_000 for t in graph.initializer)
    assert table.stat().st_size == 30_522 * semantic.DIMENSION * 4
    on_disk = semantic.Embedder(threads=1, words_on_disk=True)
    texts = [*QUESTIONS, "KV cache", "a", ""]
    whole = np.stack([embedder.encode_query(t) for t in texts])
    rows_read = np.stack([on_disk.encode_query(t) for t in texts])
    assert np.abs(whole - rows_read).max() < 1e-5


@needs_extra
def test_nan_guards_after_softmax_are_dropped_and_nothing_else(tmp_path: Path) -> None:
    import numpy as np
    import onnx
    import onnxruntime as ort
    from onnx import TensorProto, helper

    from termbase.model_prep import drop_nan_guards

    nodes = [
        helper.make_node("Softmax", ["x"], ["soft"], axis=-1),
        helper.make_node("IsNaN", ["soft"], ["nan"]),
        helper.make_node("Where", ["nan", "zero", "soft"], ["guarded"]),
        helper.make_node("Mul", ["guarded", "x"], ["y"]),
    ]
    zero = helper.make_tensor("zero", TensorProto.FLOAT, [], [0.0])
    x_info = helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3])
    y_info = helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 3])
    graph = helper.make_graph(nodes, "guarded", [x_info], [y_info], [zero])
    source, target = tmp_path / "guarded.onnx", tmp_path / "unguarded.onnx"
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]), str(source))
    assert drop_nan_guards(source, target) == 1
    assert [n.op_type for n in onnx.load(str(target)).graph.node] == ["Softmax", "Mul"]
    x = np.array([[1.0, 2.0, 3.0], [0.5, -1.0, 4.0]], dtype=np.float32)
    outputs = [
        ort.InferenceSession(str(p), providers=["CPUExecutionProvider"]).run(None, {"x": x})[0]
        for p in (source, target)
    ]
    assert np.allclose(outputs[0], outputs[1])
