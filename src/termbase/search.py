"""Search a termbase the way people type: exact, variant, acronym, prefix, typo, full text.

One ranking fuses every way a concept can match. Each mode gives a score in its own band,
so exact and near-exact label matches always outrank typo matches, which outrank
full-text matches over definitions:

| mode       | band        | what matched                                                |
|------------|-------------|-------------------------------------------------------------|
| exact      | 1.00        | a label exactly as written, or the concept id               |
| variant    | 0.93–0.97   | the label's match key (case, hyphens, plurals, accents…)    |
| acronym    | 0.90–0.96   | an acronym for the concept's expansion, or the reverse      |
| prefix     | 0.72–0.86   | the start of a label, or of a word inside one               |
| typo       | 0.55–0.74   | a label within 1 edit (from 5 characters) or 2 (from 9), and|
|            |             | no capital typed inside a word that the label lacks, and the|
|            |             | same first letter ("nadam" names another thing than Adam)   |
| fulltext   | 0.20–0.68   | FTS5 BM25 over labels (weighted ×8) and definitions         |
| mention    | 0.72–0.82   | a label named inside a question ("compare GQA and MQA")     |
| semantic   | 0.40–0.85   | meaning (embedding cosine) + words, for questions (3+ words)|
|            |             | a question's cosine blends the concept's two embeddings:    |
|            |             | names with definitions, and its description alone           |

For a question (3+ content words, with embeddings) meaning and words are fused: a hit
scores SEMANTIC_WEIGHT x its meaning score + FULLTEXT_WEIGHT x its full-text (or mention)
score, and words alone lose FULLTEXT_ALONE_PENALTY. A concept matched by several modes
keeps its best score plus a small bonus. Hits below
`MIN_SCORE` are not returned, so a query with nothing to do with the termbase gets no
answer rather than noise.
"""

from __future__ import annotations

import json
import math
import re
import sqlite3
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import lru_cache

from termbase import search_abstain, search_names, search_spellings, search_tables, semantic, vector_index
from termbase.control_chars import strip_controls
from termbase.errors import InputError
from termbase.everyday_words import is_everyday_word
from termbase.labels import label_key, lemmas_from, loose_key
from termbase.search_tables import COMMON_MIN_DOCS, COMMON_SHARE  # noqa: F401 (where they were)

#: Hits scoring below this are not returned.
MIN_SCORE = 0.40
#: Longest query text looked at (longer input is cut, never refused).
MAX_QUERY_CHARS = 1000
#: At most this many words of a query go to full-text search.
MAX_FTS_TERMS = 24
#: Semantic search runs for queries of at least this many content words (questions).
SEMANTIC_MIN_WORDS = 3
#: Concepts nearest in meaning looked at (besides the full-text hits, which are all scored).
SEMANTIC_CANDIDATES = 20
SEMANTIC_FLOOR = 0.30
SEMANTIC_BASE = 0.40
SEMANTIC_SLOPE = 2.0
SEMANTIC_MAX = 0.72
#: SEMANTIC_MAX is reached at a cosine of 0.46, and a question's nearest concepts often lie
#: beyond it: with equal meaning scores, words and label length alone ordered them ("model
#: pretends to go along with training ..." put *parameters* above *alignment faking*). Past
#: it, a question's meaning score rises this much per unit of cosine, by at most
#: QUESTION_PAST_MAX_LIMIT (a semantic hit stays below a qualified label match). The largest
#: slope of 0.1, 0.15, 0.2, 0.25 that moved no question of bench/queries*.yaml 1-20 out of the
#: top 5 (tuned on them): top 1 +2, top 5 +2 of 929.
QUESTION_SLOPE_PAST_MAX = 0.1
QUESTION_PAST_MAX_LIMIT = 0.03
#: A question's hit scores SEMANTIC_WEIGHT x its meaning score + FULLTEXT_WEIGHT x its
#: full-text score: a concept close in meaning whose text also holds the question's words
#: beats one that is only close in meaning.
#: Calibrated on bench/queries.yaml and bench/queries_second.yaml; checked on
#: bench/queries_third.yaml, written before.
SEMANTIC_WEIGHT = 0.8
#: A question is compared with two embeddings of each concept: of its names and definitions,
#: and of its description alone (see semantic.description_text); the better cosine of the two
#: weighs this much, the other the rest. Chosen on bench/queries*.yaml 1-5 among max, mean
#: and shifted max (all within one query of each other per set; this one the best MRR).
BETTER_VIEW_WEIGHT = 0.75
FULLTEXT_WEIGHT = 0.4
#: What a question's full-text hit loses when its meaning is far from the question: words
#: alone, with no meaning behind them, are weak evidence ("improve my credit score").
FULLTEXT_ALONE_PENALTY = 0.15
#: A query of at most this many content words and no question word reads as a name, not a
#: question. A name that matched no label is most often a concept the termbase lacks
#: ("support vector machine"), and names that share a word embed close together ("vector
#: database"), so such a query takes a semantic match only from SEMANTIC_NAME_MIN_COSINE
#: up. Calibrated on bench/queries.yaml and a tuning list of absent ML names; checked on
#: bench/queries_second.yaml, written afterwards. A name that qualifies a known label (a
#: "qualified" match, answered whatever its neighbours) is no absent name: not held to it.
SEMANTIC_NAME_WORDS = 4
SEMANTIC_NAME_MIN_COSINE = 0.60
#: Words that make a short query a question, a request or a sentence rather than a name
#: ("network that predicts how good it is to be in a state", "explain speculative decoding").
QUESTION_WORDS = frozenset(
    [
        "what",
        "how",
        "why",
        "when",
        "where",
        "which",
        "who",
        "whom",
        "whose",
        "that",
        "is",
        "are",
        "was",
        "were",
        "does",
        "do",
        "did",
        "can",
        "could",
        "should",
        "would",
        "will",
        "it",
        "its",
        "i",
        "my",
        "me",
        "we",
        "our",
        "you",
        "your",
        "they",
        "them",
        "their",
        "this",
        "these",
        "those",
        "there",
        "explain",
        "define",
        "describe",
        "compare",
        "difference",
        "differences",
        "meaning",
        "vs",
        "versus",
    ]
)
#: A label named inside a question ("difference between DPO and PPO") is a hit when its
#: words are at least MENTION_MIN_SHARE of the question's content words; it scores
#: MENTION_BASE + MENTION_SHARE_WEIGHT x that share and counts as the question's words
#: for the concept in the fusion with meaning. Longest label names looked for, in words.
MENTION_MIN_SHARE = 0.5
MENTION_BASE = 0.62
MENTION_SHARE_WEIGHT = 0.2
MENTION_MAX_WORDS = 5
#: Words after a label that ask about one side of the thing it names, not another thing
#: ("cuda toolkit version", "pytorch license"): such a name is the label's concept.
FACET_WORDS = frozenset(
    (
        "version",
        "versions",
        "release",
        "releases",
        "license",
        "licence",
        "documentation",
        "docs",
        "installation",
        "install",
        "changelog",
        "download",
        "pricing",
        "requirements",
        "tutorial",
    )
)
#: A question's hits hold the concept nearest to it in meaning at this rank or better.
NEAREST_KEPT_RANK = 5
#: Short names written together in a question ("crf ... bilstm ... ner") count when there are at
#: least this many; each one later in the question scores MENTION_ORDER_STEP less.
MENTION_MIN_NAMES = 2
MENTION_ORDER_STEP = 0.01
_EDGE_PUNCTUATION = "?!.,;:\"'()[]{}"
_FTS_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)
_STOPWORDS = frozenset(
    (
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "but",
        "by",
        "can",
        "do",
        "does",
        "for",
        "from",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "me",
        "my",
        "of",
        "on",
        "or",
        "so",
        "that",
        "the",
        "their",
        "them",
        "then",
        "there",
        "these",
        "this",
        "to",
        "what",
        "when",
        "where",
        "which",
        "who",
        "why",
        "with",
        "you",
        "your",
        "we",
        "our",
        "us",
        "than",
        "too",
        "very",
        "just",
        "get",
        "got",
        "make",
        "makes",
        "made",
        "use",
        "used",
        "using",
        "between",
        "vs",
        "versus",
        "about",
        "something",
        "thing",
        "things",
        "way",
        "ways",
        "one",
        "ones",
        "more",
        "most",
        "not",
        "explain",
        "define",
        "describe",
        "meaning",
        "difference",
        "differences",
        "compare",
        "comparison",
    )
)
_LOOKALIKE = str.maketrans({"0": "o"})


#: How each match mode reads to a person, for result lists (the API keeps the mode names).
MATCH_DESCRIPTIONS = {
    "exact": "exact name",
    "variant": "same name, other spelling",
    "acronym": "acronym or its expansion",
    "prefix": "name begins so",
    "typo": "close spelling",
    "fulltext": "in a definition",
    "mention": "named in the question",
    "semantic": "close in meaning",
    "qualified": "name with a qualifier",
    "opening": "query begins with its name",
    "ending": "query ends with its name",
}
#: Modes that match the whole query against a label: a query matched so names a concept.
LABEL_MODES = frozenset(("exact", "variant", "acronym", "typo", "prefix", "qualified"))
#: Score of a concept named with another concept's label before it ("LLM hallucination").
QUALIFIED_SCORE = 0.88
#: Score of the concept a name ends with a label of, when it opens with another concept's label
#: ("nccl all-reduce"): just below a qualified match of the opening label.
SECOND_LABEL_SCORE = QUALIFIED_SCORE - 0.02
#: Score of a concept whose label a name-like query opens with, the rest of the name not in
#: its text ("a3c reinforcement learning"): a hit the name rules and the abstain model judge,
#: ranked below what matched the query's words ("streaming multiprocessor" is SM, not
#: streaming).
OPENING_SCORE = 0.50
#: How much closer in meaning (cosine) to a concept a name opening with its label must be
#: than the label alone, for the words after the label to count as saying what kind of
#: thing the concept is ("swish activation function" +0.12, "a3c reinforcement learning"
#: +0.23) rather than naming another thing ("momentum contrast" -0.02, "attention rollout"
#: -0.04). Chosen on sets 1-11, bench/queries_abstain_train.yaml and lists of such names.
OPENING_MIN_GAIN = 0.0
#: Or the concepts nearest in meaning to it are described with those words: at least
#: KIND_MIN_NEIGHBOURS of its KIND_NEIGHBOURS nearest ("truthful qa benchmark": 3 of 10 of
#: TruthfulQA's neighbours hold "benchmark"; "gradient surgery", "attention rollout": none),
#: and KIND_MIN_LIFT times as often as concepts at large do (2 of 10 holding "transformer",
#: which 7% of the built-in glossary's concepts hold, says nothing).
KIND_NEIGHBOURS = 10
KIND_MIN_NEIGHBOURS = 2
KIND_MIN_LIFT = 4.0
#: Words after which a name says how or from what its concept works ("learning by trial and
#: error"): see SearchIndex._described_after.
DESCRIBING_WORDS = frozenset(("by", "with", "without", "through", "via", "using", "from"))
#: A query the name rules flag is answered all the same when its best hit holds all its words,
#: scores at least DESCRIBED_MIN_SCORE and is closer to it in meaning than the next concept by
#: DESCRIBED_MIN_MARGIN (see described_throughout). On sets 1-16 and the training set: the
#: answerable queries so flagged scored 0.85 with margins 0.19; absent names holding all their
#: words in the hit scored at most 0.68, but 'gated linear attention' (0.85, margin -0.01).
DESCRIBED_MIN_SCORE = 0.80
DESCRIBED_MIN_MARGIN = 0.15
#: Least score of a label match that counts as naming a concept in a qualified name.
QUALIFIED_MIN_LABEL_SCORE = 0.93
#: Share of a termbase's concepts that mention a concept for it to be the field's own subject,
#: a qualifier of any concept ("LLM", "GPU"): one in sixty (on the built-in glossary, 31 of
#: 1,842), and never fewer than QUALIFIER_MIN_MENTIONED.
QUALIFIER_MIN_SHARE = 1 / 60
QUALIFIER_MIN_MENTIONED = 3
#: Most related concepts given when the query names something the termbase lacks.
RELATED_LIMIT = 5


@dataclass(frozen=True, slots=True)
class Hit:
    """One search result: the concept, how sure we are, and which mode matched it."""

    id: str
    label: str
    labels: tuple[str, ...]
    score: float
    matched: str
    matched_label: str

    @property
    def match_description(self) -> str:
        """Return how the concept matched, in words for people ("close spelling")."""
        return MATCH_DESCRIPTIONS.get(self.matched, self.matched)

    def as_dict(self) -> dict[str, object]:
        """Return the hit as the JSON object of the search contract."""
        return {
            "id": self.id,
            "label": self.label,
            "labels": list(self.labels),
            "score": round(self.score, 4),
            "matched": self.matched,
            "matched_label": self.matched_label,
            "match_description": self.match_description,
        }


@dataclass(frozen=True, slots=True)
class Answer:
    """What a search found: the hits, or, when the query names something no concept is
    (`unknown`: its names as typed, "ARIMA"), no hits and the concepts `related` to it."""

    hits: list[Hit]
    related: list[Hit]
    unknown: tuple[str, ...]

    def as_dict(self) -> dict[str, object]:
        """Return the answer's JSON fields besides the query: hits, and when the query names
        something the termbase lacks, `unknown` and `related`."""
        body: dict[str, object] = {"hits": [h.as_dict() for h in self.hits]}
        if self.unknown:
            body["unknown"] = list(self.unknown)
            body["related"] = [h.as_dict() for h in self.related]
        return body


@dataclass(frozen=True, slots=True)
class Judgement:
    """An answer with what decided it: the hits before any abstaining (`top`), and for a
    query the abstain model judged, its evidence (`features`) and the probability it gave
    that the hits answer the query (None when no model judged)."""

    answer: Answer
    top: list[Hit]
    features: dict[str, float]
    probability: float | None


@dataclass(slots=True)
class _Candidate:
    score: float
    mode: str
    label: str
    modes: set[str]


#: Words for someone or something unnamed, the subject of a question about no named thing
#: ("how does anyone keep up with new models").
_SOMEONE = frozenset(
    ("anyone", "someone", "everyone", "anybody", "somebody", "people", "anything", "everything")
)
#: A query comparing two things ("mxnet vs tensorflow", "difference between X and Y", "is X
#: better than Y", "how is X different from Y"): each side is a name asked about.
_COMPARES = re.compile(
    r"\b(?:vs\.?|versus|difference between|differences between|better than|worse than|different from"
    r"|compared to|compared with|or)\b",
    re.IGNORECASE,
)
#: The word that splits a comparison into its two sides (see SearchIndex._unnamed_sides).
_VERSUS = re.compile(r"\s\b(?:vs\.?|versus)(?=\s)", re.IGNORECASE)
#: What a definition writes before an example of what it describes (see `_given_as_example`).
_EXAMPLE_MARK = r"\b(?:for example|for instance|e\.g\.,?|such as)"
#: Words after which a definition's opening says more about what it named (see `_in_its_genus`).
_RELATIVE_WORD = re.compile(r"\b(?:that|which|who|whose|where|when)\b", re.IGNORECASE)


def semantic_score(cosine: float, question: bool = False) -> float:
    """Return the score of a semantic match from its cosine (calibrated on our query set). For
    a question, the score goes on rising slowly past SEMANTIC_MAX (see QUESTION_SLOPE_PAST_MAX)."""
    score = max(0.0, min(SEMANTIC_MAX, SEMANTIC_BASE + (cosine - SEMANTIC_FLOOR) * SEMANTIC_SLOPE))
    if question:
        past = cosine - (SEMANTIC_FLOOR + (SEMANTIC_MAX - SEMANTIC_BASE) / SEMANTIC_SLOPE)
        score += min(QUESTION_PAST_MAX_LIMIT, QUESTION_SLOPE_PAST_MAX * max(0.0, past))
    return score


def described_throughout(values: dict[str, float]) -> bool:
    """Return True if a judged query's best hit holds every word of it in its own labels or
    text, scores as a close match of meaning and words (DESCRIBED_MIN_SCORE) and is closer
    in meaning to it than any other concept by DESCRIBED_MIN_MARGIN: the query describes that
    concept in words of its own ("openai tokenizer library cl100k" -> tiktoken), whatever
    name the rules read in it."""
    return (
        values.get("text_coverage", 0.0) >= 1.0
        and values.get("top_score", 0.0) >= DESCRIBED_MIN_SCORE
        and values.get("cosine_margin", 0.0) >= DESCRIBED_MIN_MARGIN
    )


def reads_as_name(text: str) -> bool:
    """Return True if a query reads as a name (few content words, no question word), not a
    question: "hidden markov model" does, "network that predicts how good a state is" does not,
    nor does a query saying there is too much or not enough of something ("not enough vram"),
    or placing one thing relative to another ("token between packed documents")."""
    words = _FTS_TOKEN.findall(text.lower())
    content = [w for w in words if w not in _STOPWORDS]
    return (
        len(content) <= SEMANTIC_NAME_WORDS
        and not any(w in QUESTION_WORDS for w in words)
        and not _describes(words)
        and not search_names.states_what_happens(words)
        and not search_names.judges_an_amount(words)
        and not search_names.relates_things(text)
    )


#: Words after which an article still belongs to a name ("text encoder of a diffusion model").
_ARTICLE_OPENERS = frozenset(("of", "in", "on", "for", "with", "using", "via", "from", "inside", "within"))


def _describes(words: list[str]) -> bool:
    """Return True if a query's words (lower case) read as a description, not a name: an
    article or "every"/"each" follows a word that is no preposition ("generate a picture from
    a text prompt", "label every pixel with a class"); names rarely hold one. Or something is
    doing something: a word in -ing after the first, then "to" and a verb ("quadruped robot
    learning to walk"; "learning to rank" is a name)."""
    return (
        any(
            word in _DETERMINERS and words[i - 1] not in _ARTICLE_OPENERS
            for i, word in enumerate(words)
            if i > 0
        )
        or any(  # something doing something: "quadruped robot learning to walk"; not "learning to rank"
            word.endswith("ing") and len(word) > 5 and words[i + 1] == "to" and i + 2 < len(words)
            for i, word in enumerate(words[:-1])
            if i > 0
        )
    )


#: Words that open a noun phrase inside a description ("label every pixel with a class").
_DETERMINERS = frozenset(("a", "an", "the", "every", "each"))


def names_asked(text: str) -> list[tuple[str, str]]:
    """Return the names a query asks about and how (see search_names.asked_names): a query
    that reads as a name asks about all of it, less what it adds it is for ("beam search for
    decoding" -> "beam search")."""
    if reads_as_name(text):
        done_to = search_names.task_object(text)  # "resume training from a checkpoint": a task
        return [(search_names.before_purpose(done_to or text), "asked")]
    return search_names.asked_names(text, QUESTION_WORDS, _STOPWORDS)


def extends_a_name(name: str, covered: list[str], missing: list[str]) -> bool:
    """Return True if a name a query opens with, before what it is for, names something other
    than a hit whose labels hold the `covered` words of it but not the `missing` ones: the hit
    lacks its last word, the thing it names ("deep sets" -> a deep network library), or holds
    two words of it or more and the name adds another ("hindsight experience replay" ->
    experience replay). A description opens with one word of a label and a word saying which
    ("extra reward for ...", "NVIDIA's server for ..."): that names nothing new."""
    head = _FTS_TOKEN.findall(name.lower())[-1]
    if missing[-1:] == [head] and len(covered) + len(missing) <= 3:
        return True
    return len(covered) >= 2


def typo_budget(length: int) -> int:
    """Return how many edits a query of `length` characters may contain: 0, 1 or 2."""
    if length >= 9:
        return 2
    if length >= 5:
        return 1
    return 0


def fts_query(text: str) -> str:
    """Return a safe FTS5 query: the query's words, quoted, joined by OR (stopwords dropped).

    Any user text becomes a valid query: operators, quotes and brackets are never passed
    through, only word tokens.
    """
    return " OR ".join(f'"{w}"' for w in fts_words(text))


def fts_words(text: str) -> list[str]:
    """Return the distinct non-stopword words of a query, at most MAX_FTS_TERMS of them."""
    words = [w for w in _FTS_TOKEN.findall(text.lower()) if w not in _STOPWORDS]
    return list(dict.fromkeys(words))[:MAX_FTS_TERMS]


class SearchIndex:
    """Search over one termbase: its stored label index (see search_tables) and its FTS5 table.

    Opening one reads a few rows; every look-up is an indexed query. A termbase built
    before the index was stored (or by another version of it) gets the index worked out
    into the connection's temporary schema first, as every load used to.
    """

    def __init__(self, db: sqlite3.Connection) -> None:
        started = time.perf_counter()
        self.db = db
        self.lock = threading.RLock()
        schema = "main"
        if search_tables.stored_stamp(db) != search_tables.stamp():
            schema = "temp"
            if search_tables.stored_stamp(db, schema) != search_tables.stamp():
                with self.lock:
                    search_tables.write_search_tables(db, schema)
        self.rows = search_tables.StoredRows(db, schema, self.lock)
        self.preferred = search_tables.ConceptLabels(db, self.lock)
        self.labels = search_tables.ConceptLabelLists(db, self.lock)
        self.common_stems = frozenset(json.loads(self.rows.meta("common_stems") or "[]"))
        self._prepare_stemmer()
        self.vector_ids: list[str] = []
        self._rows_by_id: dict[str, int] = {}
        self._vectors = None
        self._descriptions = None
        self._graph: object | None = None
        self._concepts: int | None = None
        self._apart: dict[str, str] = {}
        self.has_vectors = False
        self.mode = self._check_vectors()
        self.typos = search_tables.stored_typos(self.rows)
        self.build_seconds = time.perf_counter() - started

    def _prepare_stemmer(self) -> None:
        """Prepare a scratch FTS5 table in the connection's temp schema that stems query
        words exactly as the index does."""
        self.db.execute(
            "CREATE VIRTUAL TABLE IF NOT EXISTS temp.stemmer USING fts5(x, "
            "tokenize = 'porter unicode61 remove_diacritics 2')"
        )
        self.db.execute(
            "CREATE VIRTUAL TABLE IF NOT EXISTS temp.stemmer_vocab"
            " USING fts5vocab(temp, 'stemmer', 'instance')"
        )

    def _check_vectors(self) -> str:
        """Note whether the termbase has embeddings this installation can use (`has_vectors`).

        Nothing is loaded here: numpy, the model and the vectors come in on the first query
        that is embedded (or `warm()`), so a lookup by name starts fast. Returns a
        description of the search mode, for the CLI to show.
        """
        row = self.db.execute("SELECT value FROM meta WHERE key = 'semantic_model'").fetchone()
        if not row:
            return "lexical (this termbase has no embeddings: build or extract it again with --semantic)"
        if row[0] != semantic.MODEL_NAME:
            return f"lexical (embeddings were made by {row[0]}, not {semantic.MODEL_NAME}: rebuild)"
        if not semantic.available():
            return f"lexical (semantic extra not installed: {semantic.INSTALL_HINT})"
        self.has_vectors = True
        return "hybrid (lexical + semantic)"

    @property
    def vectors(self) -> object:
        """Return the concept embeddings (a float32 matrix), loading them on first use, with
        the stored nearest-neighbour graph of a large termbase (see vector_index)."""
        if self._vectors is None and self.has_vectors:
            rows = self.db.execute("SELECT concept_id, vector FROM concept_vectors ORDER BY rowid").fetchall()
            self.vector_ids = [r[0] for r in rows]
            self._vectors = semantic.vectors_from_blob(b"".join(r[1] for r in rows), semantic.DIMENSION)
            if vector_index.wanted(len(rows)):
                self._graph = vector_index.read_graph(self.db, len(rows))
            else:
                self._descriptions = self._read_descriptions()
        return self._vectors

    def _read_descriptions(self) -> object:
        """Return the description embeddings in the rows' order (see semantic.description_text),
        or None for a termbase built without them."""
        try:
            blobs = dict(self.db.execute("SELECT concept_id, vector FROM concept_description_vectors"))
        except sqlite3.OperationalError:
            return None  # built before descriptions were embedded
        if len(blobs) != len(self.vector_ids) or not all(c in blobs for c in self.vector_ids):
            return None
        return semantic.vectors_from_blob(b"".join(blobs[c] for c in self.vector_ids), semantic.DIMENSION)

    @vectors.setter
    def vectors(self, matrix: object) -> None:
        """Attach embeddings made elsewhere (benchmarks attach a generated matrix); a large
        matrix gets its nearest-neighbour graph built here."""
        self._vectors = matrix
        self._descriptions = None
        self.has_vectors = matrix is not None
        rows = len(matrix) if matrix is not None else 0  # type: ignore[arg-type]
        self._graph = vector_index.build_graph(matrix) if vector_index.wanted(rows) else None

    def _nearest(self, query: object, k: int, described: bool = False) -> list[tuple[int, float]]:
        """Return the k concepts (row, cosine) closest to a query embedding: through the graph
        when the termbase has one, else by scanning every vector. When `described` and the
        termbase has description embeddings, a concept's cosine is that of its main text and
        its description blended (see BETTER_VIEW_WEIGHT)."""
        matrix = self.vectors
        if self._graph is not None:
            return vector_index.nearest(self._graph, matrix, query, k)
        if described and self._descriptions is not None:
            return semantic.best_scores(_two_views(matrix @ query, self._descriptions @ query), k)
        return semantic.nearest(matrix, query, k)

    def _cosines(self, rows: list[int], query: object, described: bool) -> list[float]:
        """Return the cosines of some concepts (by row) to a query embedding (see _nearest)."""
        cosines = self.vectors[rows] @ query
        if described and self._descriptions is not None:
            cosines = _two_views(cosines, self._descriptions[rows] @ query)
        return cosines.tolist()

    def warm(self) -> None:
        """Load the embeddings and the model now, and the typo dictionary into memory (a
        server does, before its first question: read from the file, a typo look-up costs
        25-30 indexed queries; in memory, none)."""
        self.typos = search_tables.memory_typos(self.rows)
        if self.has_vectors:
            _ = self.vectors
            semantic.get_query_embedder().encode_query("warm up")

    def _rare_words(self, words: list[str]) -> list[str]:
        """Return the words whose stems are not too common to rank by."""
        if not self.common_stems:
            return words
        self.db.execute("DELETE FROM temp.stemmer")
        self.db.execute("INSERT INTO temp.stemmer(rowid, x) VALUES (1, ?)", (" ".join(words),))
        stems = dict(self.db.execute("SELECT offset, term FROM temp.stemmer_vocab"))
        return [w for i, w in enumerate(words) if stems.get(i) not in self.common_stems]

    # ------------------------------------------------------------------ search

    def search(self, query: str, limit: int = 10) -> list[Hit]:
        """Return up to `limit` hits for `query`, best first, none below MIN_SCORE; none
        when the query names something the termbase has no concept for (see `answer`).

        Raises InputError for an empty query.
        """
        return self.answer(query, limit).hits

    def answer(self, query: str, limit: int = 10) -> Answer:
        """Return the hits for `query`, or when it names something no concept is ("ARIMA
        forecasting model", "what is CatBoost") and it matched no label as a whole, no hits
        and the concepts its words or meaning reach, as related ones (see `judged`).

        Raises InputError for an empty query.
        """
        return self.judged(query, limit).answer

    def judged(self, query: str, limit: int = 10, explain: bool = False) -> Judgement:
        """Return the answer to `query` with what decided it.

        A query that matched no label as a whole is judged by the name rules (see
        `_rule_flags`). On a termbase with embeddings, a query they would send to "related" is
        answered after all when the abstain model (termbase.search_abstain) is sure enough
        that its hits answer it, from how close in meaning the name it asks about is to the
        best hit ("tanh activation function": the rules miss "function" in *tanh*'s labels,
        the name's meaning is that concept's). `explain` works out the model's evidence for
        every judged query, not only those the rules would send to "related" (for training).
        """
        with lemmas_from(self.rows.lemma):
            typed = self.spelt_as_written(_clean_query(query))
            text = self.label_words_respelt(typed)
            evidence = search_abstain.Evidence()
            found = self._search(text, evidence)
            if text != typed:  # a label found through a respelt word was found by its spelling, not as typed
                for candidate in found.values():
                    if candidate.mode in ("exact", "variant"):
                        candidate.mode, candidate.score = "typo", min(candidate.score, RESPELT_SCORE)
                        candidate.modes.add("typo")
            top = self._ranked(found, max(limit, RELATED_LIMIT))
            hits = top[:limit]
            words = fts_words(text)
            named_label = any(c.modes & LABEL_MODES for c in found.values())
            if not top or named_label:
                return Judgement(Answer(hits, [], ()), top, {}, None)
            rules = self._rule_flags(text, words, top[:RELATED_LIMIT])
            unknown = rules.names()
            hits = self._nearest_kept(text, hits, top, evidence)
            if not self.has_vectors or not (unknown or explain):
                answer = Answer([], top[:RELATED_LIMIT], unknown) if unknown else Answer(hits, [], ())
                return Judgement(answer, top, {}, None)
            asked = names_asked(text)
            if not evidence.embedded:
                self._embed_for_judging(text, top, evidence)
            if asked:
                self._name_cosines(asked[0][0], top[0].id, evidence)
            values = search_abstain.features(self, words, top, evidence, rules, asked, reads_as_name(text))
            model = (
                search_abstain.shipped_model()
                if self._concept_count() >= search_abstain.MODEL_MIN_CONCEPTS
                else None
            )
            probability = model.probability(values) if model is not None else None
            rescued = (
                model is not None
                and probability is not None
                and probability >= model.threshold
                and not (asked and self._another_kind(top[0].id, asked[0][0]))
            )
            if not unknown or rescued or described_throughout(values):
                return Judgement(Answer(hits, [], ()), top, values, probability)
            return Judgement(Answer([], top[:RELATED_LIMIT], unknown), top, values, probability)

    def _nearest_kept(
        self, text: str, hits: list[Hit], top: list[Hit], evidence: search_abstain.Evidence
    ) -> list[Hit]:
        """Return a question's hits with the concept nearest to it in meaning among the first
        NEAREST_KEPT_RANK, when words alone ranked it below (it takes the place, and the score,
        of the hit it passes): "let the model think longer when answering" is test-time compute,
        though chain of thought and reasoning models write more of its words. A query that reads
        as a name is matched by its names, and is left as it is."""
        if not evidence.cosines or len(hits) <= NEAREST_KEPT_RANK or reads_as_name(text):
            return hits
        nearest = max(evidence.cosines, key=evidence.cosines.__getitem__)
        ids = [hit.id for hit in hits]
        if nearest in ids[:NEAREST_KEPT_RANK]:
            return hits
        hit = next((h for h in top if h.id == nearest), None)
        if hit is None:
            return hits  # scored below MIN_SCORE: too far after all
        rest = [h for h in hits if h.id != nearest]
        place = NEAREST_KEPT_RANK - 1
        moved = replace(hit, score=rest[place].score)
        return [*rest[:place], moved, *rest[place : len(hits) - 1]]

    def _concept_count(self) -> int:
        """Return how many concepts the termbase has (counted once)."""
        if self._concepts is None:
            with self.lock:
                self._concepts = self.db.execute("SELECT COUNT(*) FROM concepts").fetchone()[0]
        return self._concepts

    def _embed_for_judging(self, text: str, top: list[Hit], evidence: search_abstain.Evidence) -> None:
        """Note the cosines of a short query (one not searched by meaning) to its hits and to
        the concepts nearest it, for the abstain model: "iid assumption" is close in meaning
        to the concept its words found, "Soft MoE" is not."""
        query = _query_vector(text)
        cosines = dict(self._nearest(query, SEMANTIC_CANDIDATES))
        rows = self._vector_rows()
        hit_rows = [rows[hit.id] for hit in top if hit.id in rows and rows[hit.id] not in cosines]
        if hit_rows:
            cosines.update(zip(hit_rows, self._cosines(hit_rows, query, False), strict=True))
        evidence.embedded = True
        evidence.cosines = {self.vector_ids[row]: float(cosine) for row, cosine in cosines.items()}

    def _name_cosines(self, name: str, concept_id: str, evidence: search_abstain.Evidence) -> None:
        """Note how close in meaning the name a query asks about is, alone, to a concept's
        names and definitions, and to the nearest other concept ("center loss" is far from
        face recognition, which the rest of "center loss for face recognition" found)."""
        query = _query_vector(name)
        nearest = self._nearest(query, 2)
        rows = self._vector_rows()
        row = rows.get(concept_id)
        if row is None:
            return
        evidence.name_cosine = float(self._cosines([row], query, False)[0])
        evidence.name_other_cosine = max((float(c) for r, c in nearest if r != row), default=0.0)

    def _rule_flags(self, text: str, words: list[str], top: list[Hit]) -> search_abstain.RuleFlags:
        """Return what each name rule says about a query that matched no label as a whole: in
        a short query, its words no label holds (see search_names.unknown_names), when it
        reads as a name or has no other words; in any query, the names its capitals mark that
        no label holds ("how does Graph of Thoughts prompting work"); and a name the best hit
        accounts for only in part (see `_partly_named`)."""
        unknown_words: tuple[str, ...] = ()
        if len(words) <= SEMANTIC_NAME_WORDS:
            unknown = search_names.unknown_names(self.db, self.lock, self, words, text)
            if unknown and (reads_as_name(text) or len(unknown) == len(words)):
                unknown_words = unknown
        first = text.split()[0].strip(_EDGE_PUNCTUATION)
        opens_a_statement = not any(w in QUESTION_WORDS for w in _FTS_TOKEN.findall(text.lower()))
        if not unknown_words and opens_a_statement and self._coined_and_foreign(first, []):
            unknown_words = (first,)  # "deepfm click through rate prediction": no text holds "deepfm"
        if not unknown_words:
            unknown_words = self._unseen_versioned_name(text)  # "ring-1t ...", "what is step-3 ..."
        if not unknown_words:
            unknown_words = self._unseen_owner(text)  # "horner's method for evaluating polynomials"
        if not unknown_words and _COMPARES.search(text) and len(words) <= SEMANTIC_NAME_WORDS + 1:
            unknown_words = self._unseen_side(text)  # "mxnet vs tensorflow", "paddle and pytorch"
        if not unknown_words:
            unknown_words = self._unnamed_sides(text)  # "skip list vs balanced tree"
        best = [hit.id for hit in top]
        return search_abstain.RuleFlags(
            unknown_words,
            search_names.unknown_phrases(self.db, self.lock, self, text),
            self._partly_named(text, best, top[0].matched == "fulltext")
            or self._unknown_subject(text, best)
            or self._sibling_of_label(text, best[0]),
        )

    def _unseen_versioned_name(self, text: str) -> tuple[str, ...]:
        """Return the first name in a query made of a word and a version joined by a hyphen
        ("ring-1t", "step-3": letters, then a part with a digit) that no label holds and no
        text writes, in either spelling ("ring 1t", "ring1t"): a model or product the
        termbase lacks, whatever its common first word reaches."""
        for token in (t.strip(_EDGE_PUNCTUATION) for t in text.split()):
            parts = token.lower().split("-")
            if not (
                len(parts) == 2
                and parts[0].isalpha()
                and len(parts[0]) >= 2
                and parts[1].isalnum()
                and any(c.isdigit() for c in parts[1])
            ):
                continue
            if self.names_a_label(token) or self.word_seen(" ".join(parts)) or self.word_seen("".join(parts)):
                continue
            return (token,)
        return ()

    def _unseen_owner(self, text: str) -> tuple[str, ...]:
        """Return the first possessive name in a query ("horner's method") whose owner no text
        of the termbase writes, no label holds and that misspells no label: a person's method,
        law or model the termbase lacks, whatever the words after it reach."""
        for token in (t.strip(_EDGE_PUNCTUATION) for t in text.split()):
            owner = _POSSESSIVE_END.sub("", token)
            if owner == token or not owner.isalpha() or len(owner) < search_names.NAME_MIN_CHARS:
                continue
            word = owner.lower()
            if (
                is_everyday_word(word)
                or self.word_seen(word)
                or self.names_a_label(owner)
                or self.misspells_a_label(owner)
            ):
                continue
            return (token,)
        return ()

    def _sibling_of_label(self, text: str, concept_id: str) -> tuple[str, ...]:
        """Return a query with no question word that opens with the words of one of the best
        hit's labels up to a joining word, then goes on with other words than the label ("ai safety
        via market making" against AI safety via debate, "mixture of tokens" against mixture of
        experts): what follows "of", "via" or "for" says which thing the name is, another one."""
        tokens = _FTS_TOKEN.findall(text.lower())
        if any(t in QUESTION_WORDS for t in tokens) or self._labels_joined(text):
            return ()  # a question, or labels joined ("precision and accuracy")
        for label in self.labels.get(concept_id, ()) or (self.preferred.get(concept_id, ""),):
            words = _FTS_TOKEN.findall(label.lower())
            shared = next((i for i, (a, b) in enumerate(zip(tokens, words, strict=False)) if a != b), None)
            if (
                shared is not None
                and shared >= 2
                and shared < len(words)
                and words[shared - 1] in search_names.NAME_JOINERS | {"via", "by", "from"}
            ):
                return (text,)
        return ()

    def _unnamed_sides(self, text: str) -> tuple[str, ...]:
        """Return the two sides of a comparison written with "vs" or "versus" ("skip list vs
        balanced tree") when neither names a concept: no side is, misspells or holds a label (a
        single word counts when it is no everyday word). Two things the termbase lacks are
        compared, whatever their words reach ("tree" in decision tree)."""
        sides = _VERSUS.split(text, maxsplit=1)
        if len(sides) != 2 or any(
            self._names_something(side.strip(_EDGE_PUNCTUATION + " ")) for side in sides
        ):
            return ()
        return tuple(side.strip(_EDGE_PUNCTUATION + " ") for side in sides)

    def _names_something(self, side: str) -> bool:
        """Return True if one side of a comparison is, misspells or holds a label (see
        `_unnamed_sides`); an empty side names something (nothing to judge)."""
        tokens = [t.strip(_EDGE_PUNCTUATION) for t in side.split()]
        tokens = [t for t in tokens if t]
        if not tokens or self.names_a_label(side) or self.misspells_a_label(side):
            return True
        for size in range(len(tokens), 0, -1):
            for start in range(len(tokens) - size + 1):
                phrase = " ".join(tokens[start : start + size])
                if size == 1 and (is_everyday_word(phrase) or phrase.lower() in _STOPWORDS):
                    continue
                if self.names_a_label(phrase):
                    return True
        return False

    def _unseen_side(self, text: str) -> tuple[str, ...]:
        """Return the first word of a short comparison that no text of the termbase writes and
        that is no label, nor a misspelling or the start of one: a thing compared that the
        termbase lacks, everyday word or not ("paddle" in "difference between paddle and
        pytorch", "mlir" in "how is mlir different from xla")."""
        for token in (t.strip(_EDGE_PUNCTUATION) for t in text.split()):
            word = token.lower()
            if (
                len(word) >= search_names.NAME_MIN_CHARS
                and word.isalpha()
                and word not in _STOPWORDS
                and word not in QUESTION_WORDS
                and word not in ("better", "worse", "different", "compared", "difference", "versus")
                and not self.word_seen(word)
                and not self.names_a_label(token)
                and not self.misspells_a_label(token)
                and not self.rows.prefixed(label_key(word), 1)
            ):
                return (token,)
        return ()

    def _unknown_subject(self, text: str, best: list[str]) -> tuple[str, ...]:
        """Return the subject of a question about what something does ("how does dagster
        orchestrate data assets", "what does dbt do ...") when the termbase does not know it:
        no label opens it, and no hit the user sees (`best`) holds its first word in its labels
        or text. A question about a known concept ("how does a transformer know the order of
        the tokens") or about the user ("how do I ...") is answered as before. The name given
        is the subject's first word with the words after it that are no everyday words, or
        are words of the best hit's labels ("habana gaudi", "common voice": what the hit is
        close to), at most three."""
        tokens = search_names.question_subject(text)
        if not tokens or tokens[0].lower() in QUESTION_WORDS | _STOPWORDS | _SOMEONE:
            return ()
        for size in range(1, min(search_names.NAME_MAX_WORDS, len(tokens)) + 1):
            phrase = " ".join(tokens[:size])
            if self.names_a_label(phrase) or self.misspells_a_label(phrase):
                return ()
        first = tokens[0].lower()
        for concept_id in best:
            labels = self.labels.get(concept_id, ()) or (self.preferred.get(concept_id, ""),)
            held = search_names.uncovered_words(first, labels)[0]
            if held or self._in_text(concept_id, first, whole_word=True):
                return ()
        name = [tokens[0]]
        top_labels = self.labels.get(best[0], ()) or (self.preferred.get(best[0], ""),)
        for token in tokens[1 : search_names.NAME_MAX_WORDS - 1]:
            word = token.lower()
            if word in _STOPWORDS or (
                is_everyday_word(word) and not search_names.uncovered_words(word, top_labels)[0]
            ):
                break
            name.append(token)
        return (" ".join(name),)

    def _partly_named(self, text: str, best: list[str], words_only: bool = False) -> tuple[str, ...]:
        """Return the name a query asks about when the best hit, found by meaning or by words
        in its text, does not account for it (see search_names.asked_names).

        A query that reads as a name, or asks what a name is ("what is a Bloom filter"), is
        not answered by a concept whose labels hold only part of that name ("quantile
        regression" -> regression; "filter"); words of the name found in the hit's
        definition count only when it writes the whole name ("gated" elsewhere in linear
        attention's does not). A query that opens with a name and says what it is for is not
        answered by a concept that holds part of the name and is not it (see
        `extends_a_name`). Either is answered when another of the hits the user sees (`best`)
        accounts for the whole name ("adagrad optimizer": AdaGrad second). Nor is a query
        whose name starts with a capitalised word the termbase does not know, held by none of
        the hit's labels ("Hungarian algorithm for matching ..."). Nor a question that asks
        what a name is, or a name that only a definition's words matched (`words_only`), by a
        concept whose labels hold none of it, when the name is typed in title case ("Mixture of
        Agents") or its words are not all in what the definition says the concept is (see
        `_in_its_genus`): "conjugate gradient method" is a tool TRPO's definition mentions later,
        "matrix of second derivatives" is what the Hessian's definition opens with."""
        for name, how in names_asked(text):
            if self.names_a_label(name) or self.misspells_a_label(name):
                continue  # a concept has that name (the hit is another): nothing absent is asked for
            if self._labels_joined(name):
                continue  # "precision and recall": two names asked about, each a label
            covered, missing = self._accounted(best[0], name)
            names_other = how == "asked" or self._inserted_in_label(best[0], name)
            if how == "purpose" and not names_other:
                names_other = extends_a_name(name, covered, missing) or self._unknown_modifier(
                    best[0], name, missing
                )
            partial = covered and missing and names_other
            if partial and not any(self._answers(other, name) for other in best[1:]):
                return (name,)  # no hit the user sees names all of it
            framed = how == "asked" and (
                not reads_as_name(text)
                or (words_only and (search_names.title_case(text) or not self._in_its_genus(best[0], name)))
            )
            if framed and not covered and not any(self._answers(other, name) for other in best[1:]):
                return (
                    name,
                )  # "what is X" or "Mixture of Agents" answered by a concept holding nothing of X
            marked = how != "asked" and search_names.first_word_marked(name)
            first = name.split()[0]
            if marked and first.lower() not in covered and self._foreign(first):
                return (name,)  # "Petals distributed inference ...": a name inference's labels lack
            if how == "purpose" and self._coined_and_foreign(name.split()[0], covered):
                return (name,)  # "exllama for running quantized llama models"
            purpose_only = how == "purpose" and not covered and len(name.split()) >= 2
            if (
                purpose_only
                and self._named_after(best[0], text, name)
                and not any(self._answers(other, name) for other in best[1:])
            ):
                return (name,)  # "label propagation for semi-supervised learning": the hit is its purpose
        return ()

    def _labels_and_definitions(self, concept_id: str) -> tuple[str, str] | None:
        """Return a concept's full-text labels and definitions (one string each), or None."""
        with self.lock:
            return self.db.execute(
                "SELECT labels, definitions FROM concept_fts WHERE concept_id = ? LIMIT 1", (concept_id,)
            ).fetchone()

    def _in_its_genus(self, concept_id: str, name: str) -> bool:
        """Return True if a concept's labels, with what one of its definitions opens by saying
        it is (its opening clause up to a relative word: the Hessian's matrix of second
        derivatives; "A policy-gradient method" for TRPO), hold every word of a name."""
        row = self._labels_and_definitions(concept_id)
        if not row:
            return False
        for definition in row[1].split("\n"):
            genus = _RELATIVE_WORD.split(search_names.opening_clause(definition), maxsplit=1)[0]
            if not search_names.uncovered_words(name, (f"{row[0]} {genus}",), _STOPWORDS)[1]:
                return True
        return False

    def _another_kind(self, concept_id: str, name: str) -> bool:
        """Return True if the words of a name a concept lacks say which other kind of it the
        name is: a word typed inside one of its labels (see `_inserted_in_label`), or words
        before all the words its labels hold that its own text never writes and that name
        nothing the termbase knows ("corrective retrieval augmented generation"). Words there
        that its text writes say whose or where it is ("amazon trainium chips"), and so does
        another concept's name ("ros2 nav2 navigation stack")."""
        if self._inserted_in_label(concept_id, name):
            return True
        covered, missing = self._accounted(concept_id, name)
        words = [w for w in _FTS_TOKEN.findall(name.lower()) if w not in _STOPWORDS]
        first_held = next((i for i, w in enumerate(words) if w in covered), None)
        if not missing or not first_held:
            return False
        before = words[:first_held]
        return all(
            w in missing and not self._in_text(concept_id, w, whole_word=True) and not self.names_a_label(w)
            for w in before
        )

    def _inserted_in_label(self, concept_id: str, name: str) -> bool:
        """Return True if a name is one of a concept's labels of two words or more with a word
        typed inside it that the concept's own text never writes ("hidden semi markov model"
        against hidden Markov model): a word inside a name says which kind it is, another one
        than the concept (words before or after a label may say whose it is or what it is)."""
        typed = [w for w in _FTS_TOKEN.findall(name.lower()) if w not in search_names.NAME_JOINERS]
        for label in self.labels.get(concept_id, ()) or (self.preferred.get(concept_id, ""),):
            words = [w for w in _FTS_TOKEN.findall(label.lower()) if w not in search_names.NAME_JOINERS]
            if len(words) < 2 or len(typed) <= len(words):
                continue
            for start in range(len(typed)):
                if typed[start] != words[0]:
                    continue
                place, inside = start, []
                for word in words[1:]:
                    found = next((i for i in range(place + 1, len(typed)) if typed[i] == word), None)
                    if found is None:
                        break
                    inside.extend(typed[place + 1 : found])
                    place = found
                else:
                    if inside and not any(self._in_text(concept_id, w, whole_word=True) for w in inside):
                        return True
        return False

    def _unknown_modifier(self, concept_id: str, name: str, missing: list[str]) -> bool:
        """Return True if the words of a name that a concept's labels lack all come before the
        words they hold, each is a label of its own or no everyday word, and the concept's text
        holds none of them: they make a kind of it the concept does not know ("seed rl"), not a
        word saying which ("extra reward for putting reasoning in tags" is a format reward)."""
        words = [w.lower() for w in _FTS_TOKEN.findall(name)]
        if not missing or any(w not in words for w in missing):
            return False
        tokens = name.split()
        whole_label = len(tokens) >= 2 and concept_id in self._named_by(" ".join(tokens[1:]))
        if not whole_label and any(is_everyday_word(w) and not self.names_a_label(w) for w in missing):
            return False  # "extra reward for ..." says which format reward; "movement pruning" is a kind
        last_missing = max(words.index(w) for w in missing)
        return last_missing < len(words) - 1 and not any(self._in_text(concept_id, w) for w in missing)

    def _named_after(self, concept_id: str, text: str, name: str) -> bool:
        """Return True if a label of a concept is named in a query after the name it opens with
        (in what the name is said to be for): the concept is that purpose, not the name."""
        tokens = [t.strip(_EDGE_PUNCTUATION) for t in text.split()][len(name.split()) :]
        for size in range(min(MENTION_MAX_WORDS, len(tokens)), 0, -1):
            for start in range(len(tokens) - size + 1):
                if concept_id in self._named_by(" ".join(tokens[start : start + size])):
                    return True
        return False

    def _labels_joined(self, name: str) -> bool:
        """Return True if a name is labels joined by "and" or "or" ("precision and recall")."""
        parts = re.split(r"\s+(?:and|or|&)\s+", name, flags=re.IGNORECASE)
        return len(parts) >= 2 and all(self.names_a_label(part) for part in parts)

    def _coined_and_foreign(self, word: str, covered: list[str]) -> bool:
        """Return True if a word, typed in lower case, is no everyday English word, written in
        no text of the termbase, no label nor the start of one (written joined: "midtraining",
        "aot"), foreign to it (see search_names.foreign_word) and none of the words a hit's
        labels hold: a coined name the termbase lacks, which a query opening with it asks about."""
        return (
            word.islower()
            and len(word) >= search_names.NAME_MIN_CHARS
            and any(c.isalpha() for c in word)
            and word not in covered
            and not is_everyday_word(word)
            and not self.word_seen(word)
            and not self.names_a_label(word)
            and not self.rows.prefixed(label_key(word), 1)  # "aot" begins AOTInductor's label
            and self._foreign(word)
        )

    def _accounted(self, concept_id: str, name: str) -> tuple[list[str], list[str]]:
        """Return the words of a name a concept's labels hold and those they lack (lower case).

        None lack when its labels, or what its definitions open by saying it is, write the
        whole name as a phrase (see `_names_where_defined`). A name whose words are one of its
        labels' in another order ("memory replay" against replay memory) lacks its last word:
        the order of a compound says what it is. The name's last word, when its labels hold the
        words before it, is held by its text anywhere: the name is something of that concept
        ("GAN training", "adagrad optimizer"). A word before the labels' words is held only by
        the whole name: it makes another kind of thing ("gated" in linear attention's last
        sentence does not make it gated linear attention)."""
        concept_labels = self.labels.get(concept_id, ()) or (self.preferred.get(concept_id, ""),)
        covered, missing = search_names.uncovered_words(name, concept_labels, _STOPWORDS)
        if len(covered) + len(missing) == 1:
            return self._one_word_accounted(concept_id, (covered + missing)[0], concept_labels)
        if not missing:
            return (covered[:-1], covered[-1:]) if _reordered(covered, concept_labels) else (covered, missing)
        if (
            self._names_where_defined(concept_id, name)
            or self._label_then_its_words(concept_id, name)
            or self._given_as_example(concept_id, name)
        ):
            return covered + missing, []
        head = _FTS_TOKEN.findall(name.lower())[-1]
        if (
            missing == [head]
            and self._in_text(concept_id, head, whole_word=True)
            and not self._names_another(concept_id, _FTS_TOKEN.findall(name)[-1])
        ):
            return covered + missing, []
        if self._described_after(concept_id, name, covered) or self._owner_then_label(concept_id, name):
            return covered + missing, []
        return covered, missing

    def _one_word_accounted(
        self, concept_id: str, word: str, concept_labels: tuple[str, ...]
    ) -> tuple[list[str], list[str]]:
        """Return a name of one word as held by a concept or not (see `_accounted`): by its
        labels or its own text only as that word, in another form or spelling of it (see
        search_names.same_word), or inside a label written as one word; sharing its first
        letters with a word there makes another word ("informer" is not "information")."""
        label_words = [w for label in concept_labels for w in _FTS_TOKEN.findall(label.lower())]
        held = any(search_names.same_word(word, other) for other in label_words) or (
            len(word) >= 4 and any(word in other for other in label_words)
        )
        if held or self._in_text(concept_id, word, whole_word=True):
            return [word], []
        return [], [word]

    def _names_another(self, concept_id: str, typed: str) -> bool:
        """Return True if a word typed as a name (two capitals or more: "MoE") is a label of
        another concept: a name ending in it is a kind of that concept ("Soft MoE"), not
        something of a concept whose text mentions it (gating)."""
        if not search_names.typed_as_a_name(typed):
            return False
        return any(other != concept_id for other in self._named_by(typed))

    def _described_after(self, concept_id: str, name: str, covered: list[str]) -> bool:
        """Return True if a name is a concept's label words followed by how or from what it
        works ("learning by trial and error", "attention with a fixed-size state"), every word
        of which the concept's own text holds: a description of the concept, not another name
        ("capsule routing by agreement": "routing" is no word of capsule network's labels)."""
        tokens = [t.lower() for t in _FTS_TOKEN.findall(name)]
        cut = next((i for i, t in enumerate(tokens) if t in DESCRIBING_WORDS), 0)
        if not cut or not covered:
            return False
        head = [t for t in tokens[:cut] if t not in _STOPWORDS and t not in search_names.NAME_JOINERS]
        after = [t for t in tokens[cut + 1 :] if t not in _STOPWORDS and t not in search_names.NAME_JOINERS]
        held = set(covered)
        return (
            bool(after) and all(t in held for t in head) and all(self._in_text(concept_id, t) for t in after)
        )

    def _label_then_its_words(self, concept_id: str, name: str) -> bool:
        """Return True if a name opens with one of a concept's labels and the concept's own text
        holds every word after it: the words say what the named thing is or does ("ucb bandit
        exploration", "vp9 video codec"), not which other thing it is ("gated linear
        attention" opens with no label of linear attention)."""
        tokens = name.split()
        for split in range(len(tokens) - 1, 0, -1):
            if concept_id not in self._named_by(" ".join(tokens[:split])):
                continue
            rest = " ".join(tokens[split:])
            row = self._labels_and_definitions(concept_id)
            if not row:
                return False
            held, lacking = search_names.uncovered_words(rest, (f"{row[0]} {row[1]}",), _STOPWORDS)
            return bool(held) and not lacking
        return False

    def _in_text(self, concept_id: str, word: str, whole_word: bool = False) -> bool:
        """Return True if a concept's labels or definitions hold a word, in any spelling (as
        `search_names.uncovered_words` reads words: "optimizer" is held by "optimiser"), or
        with `whole_word` as itself or its plural only ("decoding" is not held by "decoder")."""
        row = self._labels_and_definitions(concept_id)
        if not row:
            return False
        if whole_word:
            text = _document_terms(concept_id, f"{row[0]} {row[1]}")
            return any(f" {form} " in text for form in (word, f"{word}s", word.removesuffix("s")))
        return bool(search_names.uncovered_words(word, (f"{row[0]} {row[1]}",))[0])

    def _answers(self, concept_id: str, name: str) -> bool:
        """Return True if a concept accounts for every word of a name (see `_accounted`)."""
        covered, missing = self._accounted(concept_id, name)
        return bool(covered) and not missing

    def _foreign(self, word: str) -> bool:
        """Return True if a word is foreign to the termbase (see search_names.foreign_word)."""
        return search_names.foreign_word(self.db, self.lock, self, word)

    def _names_in_text(self, concept_id: str, name: str) -> bool:
        """Return True if a concept's labels or definitions write a name as one phrase (as
        full-text search reads it: "progressive growing" is held by "progressively grown");
        its words scattered through a definition do not count ("gated" in another sentence)."""
        words = _FTS_TOKEN.findall(name.lower())
        if not words:
            return False
        with self.lock:
            return bool(
                self.db.execute(
                    "SELECT 1 FROM concept_fts WHERE concept_fts MATCH ? AND concept_id = ? LIMIT 1",
                    (f'"{" ".join(words)}"', concept_id),
                ).fetchone()
            )

    def _names_where_defined(self, concept_id: str, name: str) -> bool:
        """Return True if a concept's labels, or what one of its definitions opens by saying it
        is (see `_its_genus`: where a definition gives the concept's kind and other names), write
        a name as one phrase (see `_names_in_text`), or a definition introduces the name with its
        initials ("Server-Sent Events (SSE)"). A name written later in a definition is something
        the concept uses, makes or is compared with ("a step of power iteration per update"),
        not the concept."""
        if not self._names_in_text(concept_id, name):
            return False
        row = self._labels_and_definitions(concept_id)
        if not row:
            return False
        wanted = _FTS_TOKEN.findall(name.lower())
        places = [row[0], *(_its_genus(d) for d in row[1].split("\n"))]
        return any(_phrase_in(wanted, _FTS_TOKEN.findall(place.lower())) for place in places) or (
            _introduced_with_initials(wanted, row[1])
        )

    def _given_as_example(self, concept_id: str, name: str) -> bool:
        """Return True if a concept's definition gives a name, of two words or more and written
        there with a capital (a product's or a method's own name), as an example of what it
        describes: right after "for example", "for instance", "e.g." or "such as", or later in
        the list of examples that opens, a maker's possessive allowed ("an NPU (for example
        Apple's Neural Engine)" holds "apple neural engine"). The name is an instance the
        glossary files under that concept, not something it only mentions, as a tool or a
        rival ("conjugate gradient method" in TRPO's text)."""
        words = _FTS_TOKEN.findall(name.lower())
        row = self._labels_and_definitions(concept_id) if len(words) >= 2 else None
        if not row:
            return False
        phrase = r"[\s-]+".join(re.escape(w) + r"(?:['’]s)?" for w in words)
        listed = r"(?:[^.;:()]*?(?:,|\bor\b|\band\b)\s+)?"  # a later item of the examples listed
        pattern = re.compile(rf"{_EXAMPLE_MARK}\s+{listed}(?:the\s+)?({phrase})\b", re.IGNORECASE)
        return any(found.group(1)[:1].isupper() for found in pattern.finditer(row[1]))

    def concept_words(self, concept_id: str) -> frozenset[str]:
        """Return the words of a concept's labels and definitions, lower case, with the first
        five letters of the longer ones."""
        row = self._labels_and_definitions(concept_id)
        words = _document_terms(concept_id, f"{row[0]} {row[1]}" if row else "").split()
        return frozenset(words).union(word[:STEM_CHARS] for word in words if len(word) >= STEM_CHARS)

    def word_seen(self, word: str) -> bool:
        """Return True if some concept's labels or definitions hold a word (as full-text search
        reads it)."""
        with self.lock:
            return bool(
                self.db.execute(
                    "SELECT 1 FROM concept_fts WHERE concept_fts MATCH ? LIMIT 1", (f'"{word}"',)
                ).fetchone()
            )

    def word_written(self, word: str) -> bool:
        """Return True if some concept's labels or definitions write a word as typed, or in
        another inflection of it ("trained" / "training"). Full-text search matches stems, and
        a misspelling can stem like the word it misspells ("initalization" and "Xavier init":
        both "init"), so the texts the stem reaches are read for the word itself."""
        base = _uninflected(word)
        read = 0
        with self.lock:
            rows = self.db.execute(
                "SELECT concept_id, labels, definitions FROM concept_fts WHERE concept_fts MATCH ? LIMIT ?",
                (f'"{word}"', WRITTEN_TEXTS_LOOKED_AT),
            )
            for concept_id, labels, definitions in rows:  # read one by one: most words are found at once
                read += 1
                terms = _document_terms(concept_id, f"{labels} {definitions}")
                if f" {word} " in terms or any(
                    _uninflected(written) == base for written in terms.split() if written[:2] == word[:2]
                ):
                    return True
        return read >= WRITTEN_TEXTS_LOOKED_AT  # a stem that many texts hold is a word of the termbase's own

    def spelt_as_written(self, text: str) -> str:
        """Return `text` with each word spelt one way in British English and another in American
        English written in the termbase's spelling, when no label or definition writes it as typed
        and one writes the other spelling ("segmenting tumours" -> "tumors" in a glossary that
        writes only "tumors"). A word the termbase writes as typed stays as it is."""
        for word in dict.fromkeys(w.lower() for w in _FTS_TOKEN.findall(text)):
            other = search_spellings.other_spelling(word)
            if other and not self.word_written(word) and self.word_written(other):
                text = re.sub(rf"(?i)\b{re.escape(word)}\b", other, text)
        return text

    def label_words_respelt(self, text: str) -> str:
        """Return `text` with each misspelt word of a label written as the label writes it, when
        the query holds that label's other words ("label smothing cross entropy": *label
        smoothing*): a word no label or definition holds and no everyday word, one edit from a
        label's word (two from 9 letters; same first letter) in a label of two words or more.
        A word the termbase knows or typed as a name ("YOLOX") is never respelt, so names built
        of real words ("dice loss") stay what they are."""
        typed = _FTS_TOKEN.findall(text)
        words = [w.lower() for w in typed]
        if len(words) < 2:
            return text
        names = {
            w.lower() for w in typed if search_names.typed_as_a_name(w) or search_names.capital_inside(w)
        }
        for word in dict.fromkeys(words):
            if not typo_budget(len(word)) or not word.isalpha() or is_everyday_word(word) or word in names:
                continue  # "YOLOX": capitals typed on purpose make another name
            if self.word_written(word):
                continue
            others = [w for w in words if w != word]
            fixed = self._label_word_for(word, others) or self._one_word_label_for(word, others)
            if fixed:
                text = re.sub(rf"(?i)\b{re.escape(word)}\b", fixed, text)
        return text

    def _one_word_label_for(self, typed: str, others: list[str]) -> str | None:
        """Return the one label of a single word one edit from `typed` (same first letter) whose
        concept's own text writes another word of the query ("toxicty classifier": *toxicity*,
        whose text writes "classifier"), or None: the other words confirm which label was meant,
        as a longer label's other words do (see `_label_word_for`). Only for a word of
        ONE_WORD_LABEL_TYPO_MIN_CHARS letters or more."""
        from symspellpy import Verbosity

        context = [w for w in others if w not in _STOPWORDS and len(w) >= search_names.NAME_MIN_CHARS]
        if not context or len(typed) < ONE_WORD_LABEL_TYPO_MIN_CHARS:
            return None  # "adamp optimizer": a short word one edit from a label is often another name
        fixes: set[str] = set()
        for item in self.typos.lookup(typed, Verbosity.CLOSEST, max_edit_distance=1):
            if item.distance != 1 or item.term[:1] != typed[:1]:
                continue
            for concept_id, label, _ in self.rows.keyed("k", item.term):
                label_words = _FTS_TOKEN.findall(label.lower())
                if len(label_words) == 1 and any(
                    self._in_text(concept_id, w, whole_word=True) for w in context
                ):
                    fixes.add(label_words[0])
        return fixes.pop() if len(fixes) == 1 else None

    def _label_word_for(self, typed: str, others: list[str]) -> str | None:
        """Return the one word of some label within `typed`'s typo budget whose label's other
        words are all among `others` (see `label_words_respelt`), or None."""
        from symspellpy.editdistance import DistanceAlgorithm, EditDistance

        budget = typo_budget(len(typed))
        distance = EditDistance(DistanceAlgorithm.DAMERAU_OSA)
        fixes: set[str] = set()
        for other in dict.fromkeys(others):
            if len(other) < search_names.NAME_MIN_CHARS:
                continue
            with self.lock:
                rows = self.db.execute(
                    "SELECT concept_id FROM concept_fts WHERE concept_fts MATCH ? LIMIT ?",
                    (f'labels : "{other}"', TYPO_LABELS_LOOKED_AT),
                ).fetchall()
            for (concept_id,) in rows:
                for label in self.labels.get(concept_id, ()):
                    label_words = _FTS_TOKEN.findall(label.lower())
                    if len(label_words) < 2:
                        continue
                    for i, written in enumerate(label_words):
                        if written[:1] != typed[:1] or abs(len(written) - len(typed)) > budget:
                            continue
                        rest = label_words[:i] + label_words[i + 1 :]
                        if 0 < distance.compare(typed, written, budget) <= budget and all(
                            any(search_names.same_word(w, o) for o in others) for w in rest
                        ):
                            fixes.add(written)
        return fixes.pop() if len(fixes) == 1 else None

    def names_a_label(self, phrase: str) -> bool:
        """Return True if `phrase` is a label of some concept: as written, in another spelling,
        or as an acronym or expansion."""
        found: dict[str, _Candidate] = {}
        self._labels_matches(phrase, found)
        return bool(found)

    def misspells_a_label(self, typed: str) -> bool:
        """Return True if `typed` is one edit or two (by its length) from a label it does not
        contradict in capitals (see search_names.capitals_agree)."""
        from symspellpy import Verbosity

        key = label_key(typed)
        budget = typo_budget(len(key))
        if not budget:
            return False
        for item in self.typos.lookup(key, Verbosity.CLOSEST, max_edit_distance=budget):
            if (
                item.distance
                and item.term[:1] == key[:1]
                and any(
                    search_names.capitals_agree(typed, label) and _short_words_kept(typed, label)
                    for _, label, _ in self.rows.keyed("k", item.term)
                )
            ):
                return True
        return False

    def _search(self, text: str, evidence: search_abstain.Evidence | None = None) -> dict[str, _Candidate]:
        """Return every concept the query matches, with its best score and mode (and note in
        `evidence` the cosines and full-text scores worked out on the way)."""
        found: dict[str, _Candidate] = {}
        self._labels_matches(text, found)
        if len(text) <= 64:
            self._prefix_matches(label_key(text), found, limit=50)
            if not found and _plural_ending(text):  # "depthwise separable convs": a clipped word's plural
                self._prefix_matches(label_key(text[:-1]), found, limit=50)
            self._typo_matches(text, found)
        name_like = reads_as_name(text)
        in_text = self._fulltext_scores(text, name_like)
        if not name_like:
            for concept_id, score in self._mention_matches(text, found).items():
                in_text[concept_id] = max(score, in_text.get(concept_id, 0.0))
        if evidence is not None:
            evidence.in_text = in_text
        named = any(c.score >= 0.9 for c in found.values())  # the query is a label already
        if named:
            self._owner_in_label_matches(text, found)
        if not named:
            self._qualified_matches(text, found)
            self._setting_matches(text, found)
            named = any(c.score >= 0.9 for c in found.values())
        if self.has_vectors and not named and len(fts_words(text)) >= SEMANTIC_MIN_WORDS:
            cosines = self._semantic_matches(text, found, in_text, name_like)  # words and meaning, fused
            if evidence is not None:
                evidence.embedded, evidence.cosines = True, cosines
        else:
            for concept_id, score in in_text.items():
                _offer(found, concept_id, score, "fulltext", self.preferred.get(concept_id, ""))
        nothing = not any(c.score >= MIN_SCORE for c in found.values())
        qualified = nothing and self._words_then_label_matches(text, found)
        if qualified and self.has_vectors and len(fts_words(text)) >= SEMANTIC_MIN_WORDS:
            cosines = self._semantic_matches(text, found, in_text, name_like)  # its neighbours, as qualified
            if evidence is not None:
                evidence.embedded, evidence.cosines = True, cosines
        return found

    def may_embed(self, query: str) -> bool:
        """Return True if searching `query` may have to embed it first (tens of milliseconds):
        the index has vectors, it was not embedded before, and it reads as a question or names
        no label (its hits are then judged with its meaning, see `judged`). A server runs such
        searches off its event loop and answers the others at once."""
        if not self.has_vectors:
            return False
        try:
            text = _clean_query(query)
        except InputError:
            return False
        if _is_embedded(text):
            return False
        if len(fts_words(text)) >= SEMANTIC_MIN_WORDS:
            return True
        with lemmas_from(self.rows.lemma):
            return not self.names_a_label(text)

    def suggest(self, prefix: str, limit: int = 8) -> list[Hit]:
        """Return up to `limit` completions for what the user has typed so far."""
        with lemmas_from(self.rows.lemma):
            return self._suggest(prefix, limit)

    def _suggest(self, prefix: str, limit: int) -> list[Hit]:
        text = _clean_query(prefix)
        found: dict[str, _Candidate] = {}
        self._labels_matches(text, found)
        self._prefix_matches(label_key(text), found, limit=limit * 8)
        if len(found) < limit and len(text) <= 64:
            self._typo_matches(text, found)
        return self._ranked(found, limit)

    # ------------------------------------------------------------------ modes

    def _labels_matches(self, text: str, found: dict[str, _Candidate]) -> None:
        for concept_id, _, _ in self.rows.keyed("x", text):
            _offer(found, concept_id, 1.0, "exact", text)
        if text in self.preferred:
            _offer(found, text, 1.0, "exact", self.preferred[text])
        key = label_key(text)
        if not key:
            return
        keyed = self.rows.keyed("k", key)
        for concept_id, label, kind in keyed:
            preferred = self.preferred[concept_id] == label
            if kind in {"acronym", "expansion"} and label_key(self.preferred[concept_id]) != key:
                _offer(found, concept_id, 0.96, "acronym", label)
            else:
                _offer(found, concept_id, 0.97 if preferred else 0.96, "variant", label)
        if not keyed and _plural_ending(text):  # "subagents", "resnets": words no lemma list knows
            for concept_id, label, _ in self.rows.keyed("k", label_key(text[:-1])):
                _offer(found, concept_id, 0.95, "variant", label)
        folded = key.translate(_LOOKALIKE)
        for concept_id, label, _ in self.rows.keyed("f", folded):
            _offer(found, concept_id, 0.94, "variant", label)
        if folded != key:
            for concept_id, label, _ in self.rows.keyed("k", folded):
                _offer(found, concept_id, 0.94, "variant", label)
        for concept_id, label, _ in self.rows.keyed("l", loose_key(text)):
            _offer(found, concept_id, 0.93, "variant", label)
        for concept_id, label, _ in self.rows.keyed("q", key):
            _offer(found, concept_id, 0.95, "variant", label)  # Heads (attention) for "heads"
        if " " not in text and (3 <= len(text) <= 10 or (len(text) == 2 and text.isupper())):
            for concept_id, label, _ in self.rows.keyed("i", text.lower()):
                _offer(found, concept_id, 0.90, "acronym", label)

    def _qualified_matches(self, text: str, found: dict[str, _Candidate]) -> None:
        """Offer the concept a name asks about when it is another concept's label followed
        by its own ("LLM hallucination", "what is an LLM hallucination"): the first qualifies
        the second, it does not name a new thing, when the qualifier is the field's own
        subject (many concepts mention it)."""
        for name, _ in names_asked(text):
            tokens = name.split()
            if not 2 <= len(tokens) <= search_names.NAME_MAX_WORDS:
                continue
            for split in range(1, len(tokens)):
                qualifier, rest = " ".join(tokens[:split]), " ".join(tokens[split:])
                heads = self._named_by(rest)
                if not heads:
                    continue
                qualifiers = self._named_by(qualifier)
                for concept_id, label in heads.items():
                    if concept_id in qualifiers:
                        continue
                    if any(self._qualifies(q, concept_id) for q in qualifiers) and not self._makes_a_kind(
                        concept_id, qualifier
                    ):
                        _offer(found, concept_id, QUALIFIED_SCORE, "qualified", f"{qualifier} {label}")
                return

    def _setting_matches(self, text: str, found: dict[str, _Candidate]) -> None:
        """Offer the concept a name asks about when the name is a label and the query adds the
        setting it is asked about in, or what it is for ("zero point in asymmetric
        quantization", "what is the text encoder of a diffusion model"): the label names the
        concept, the rest places it."""
        if reads_as_name(text):
            phrase = text
        else:
            asked = search_names.asked_names(text, QUESTION_WORDS, _STOPWORDS)
            if not asked or asked[0][1] != "asked":
                return
            phrase = asked[0][0]
        head = search_names.before_purpose(phrase)
        if head == phrase and " of " in phrase:  # "inductive biases of cnns": a label of its own
            before_of = phrase.split(" of ")[0]
            if len(before_of.split()) >= 2 and self._named_by(before_of):
                head = before_of  # a name of two words or more before "of"; "mixture of depths" is one
        named = self._named_by(head) if head != phrase else {}
        if not named:
            matched = {mode for c in found.values() for mode in c.modes} & LABEL_MODES
            if not matched - {"typo"}:  # "iou metric (for bounding boxes)"
                typos = tuple(c.label for c in found.values() if c.mode == "typo")
                self._label_then_words_matches(head, found, typos)
            return
        for concept_id, label in named.items():
            _offer(found, concept_id, QUALIFIED_SCORE, "qualified", f"{label} {phrase[len(head) :].strip()}")

    def _label_then_words_matches(
        self, phrase: str, found: dict[str, _Candidate], typos: tuple[str, ...] = ()
    ) -> None:
        """Offer the concept a name opens with a label of: as a qualified match when the
        concept's own text holds every word after that label ("ucb bandit exploration": the
        words say what the named thing is, see `_label_then_its_words`), else as a hit holding
        only part of the name ("a3c reinforcement learning", but also "attention rollout"),
        which the name rules and the abstain model judge. A label several concepts share
        ("RAFT") is qualified by meaning only for a concept whose own text writes one of the
        words added to it: meaning cannot tell one RAFT from another, nor from one the termbase
        lacks ("raft consensus algorithm").

        When the whole phrase is a misspelt label (`typos`), only a label the rest of the
        words agree with is offered, and none that the misspelt label opens with as well:
        "tensor paralelism" is tensor parallelism, not a tensor; "mmlu benchmark" is MMLU,
        not the MME benchmark."""
        tokens = phrase.split()
        for split in range(len(tokens) - 1, 0, -1):
            opening = " ".join(tokens[:split])
            named = self._named_by(opening)
            if not named:
                continue
            if any(label_key(typo).startswith(label_key(opening)) for typo in typos):
                return
            added = " ".join(tokens[split:])
            self._second_label_matches(phrase, opening, added, named, found)
            other_thing = {c for c in self._named_by(added) if c not in named}
            for concept_id, label in named.items():
                its_words = self._label_then_its_words(concept_id, phrase) and (
                    not other_thing or self._in_its_genus(concept_id, added)
                )  # "weight normalization": normalisation is named in parameters' text, not what they are
                linked = (
                    len(named) == 1
                    and min(len(opening.split()), len(added.split())) >= 2
                    and any(self._linked(concept_id, o) for o in other_thing)
                )  # two labels of 2+ words, one relating to the other; not "gated linear attention"
                facet = len(named) == 1 and all(w in FACET_WORDS for w in fts_words(added))
                if (
                    its_words
                    or (len(named) == 1 and not other_thing and self._words_then_kind(concept_id, added))
                    or linked  # "label smoothing cross entropy": the added label names a related concept
                    or facet  # "cuda toolkit version": which of its versions, not another thing
                    or (
                        self._meaning_agrees(concept_id, opening, phrase)
                        and (len(named) == 1 or self._some_word_in_text(concept_id, added))
                        and not self._label_goes_on_otherwise(concept_id, opening, added)
                    )
                ):
                    _offer(
                        found, concept_id, QUALIFIED_SCORE, "qualified", f"{label} {' '.join(tokens[split:])}"
                    )
                elif not typos:  # judged like any hit that holds only part of the name (see `judged`)
                    _offer(found, concept_id, OPENING_SCORE, "opening", label)
            return

    def _words_then_kind(self, concept_id: str, added: str) -> bool:
        """Return True if the words a name adds after a concept's label are words of its own text
        and words naming what kind of thing it is, at least one of each: the concepts nearest to
        it in meaning write the others (see `_describes_its_kind`): "equalised odds fairness
        metric" (its text writes "fairness", fairness criteria nearby write "metric"), "openvla
        7b robot policy". Words that name another thing ("attention rollout") are in neither."""
        row = self._vector_rows().get(concept_id) if self.has_vectors else None
        words = [w for w in fts_words(added) if w not in _STOPWORDS]
        if row is None or len(words) < 2:
            return False
        own = [w for w in words if self._in_text(concept_id, w, whole_word=True)]
        others = [w for w in words if w not in own]
        return bool(own) and bool(others) and all(self._describes_its_kind(row, w) for w in others)

    def _label_goes_on_otherwise(self, concept_id: str, opening: str, added: str) -> bool:
        """Return True if a concept's main label opens with a name's opening words, two or more
        (matched by another of its labels), and goes on with another word than the name adds:
        "principal component regression" against principal component analysis (matched by its
        label "principal components"), "singular value thresholding" against singular value
        decomposition. The name is a sibling method the termbase lacks, whatever its meaning is
        close to, unless the concept's own text writes that word."""
        opened = _FTS_TOKEN.findall(opening.lower())
        next_word = (_FTS_TOKEN.findall(added.lower()) or [""])[0]
        if len(opened) < 2 or not next_word or self._in_text(concept_id, next_word, whole_word=True):
            return False  # the concept's own text writes it: what it is or does ("exact match metric")
        words = _FTS_TOKEN.findall(self.preferred.get(concept_id, "").lower())
        return (
            len(words) > len(opened)
            and all(search_names.same_word(a, b) for a, b in zip(opened, words, strict=False))
            and not search_names.same_word(words[len(opened)], next_word)
        )

    def _second_label_matches(
        self, phrase: str, opening: str, rest: str, opened: dict[str, str], found: dict[str, _Candidate]
    ) -> None:
        """Offer, as a qualified match, the concept a name's words after its opening label are
        a label of, when the opening label is a name (written with a capital: "gated linear
        attention" is a kind of linear attention, gating a common noun) and that concept's text
        mentions it or is mentioned in its text, or writes the opening words and brings the
        name's meaning closer (see `_owner_then_label`): the last name says what the thing is,
        the first whose or where ("nccl all-reduce", "rlhf reward model"). Ranked just below a
        qualified match of the opening label ("truthful qa benchmark" is TruthfulQA first)."""
        if not any(c.isupper() for label in opened.values() for c in label):
            return  # "gated linear attention": a common noun (gating) makes a kind, it names no owner
        for concept_id, label in self._named_by(rest).items():
            if concept_id in opened or self._makes_a_kind(concept_id, opening):
                continue
            if self._owner_then_label(concept_id, phrase) or any(self._linked(concept_id, o) for o in opened):
                _offer(found, concept_id, SECOND_LABEL_SCORE, "qualified", f"{opening} {label}")

    def _linked(self, one: str, other: str) -> bool:
        """Return True if either of two concepts' text mentions the other (a relation)."""
        with self.lock:
            return bool(
                self.db.execute(
                    "SELECT 1 FROM relations WHERE (from_id = ? AND to_id = ?) OR (from_id = ? AND to_id = ?)"
                    " LIMIT 1",
                    (one, other, other, one),
                ).fetchone()
            )

    def _owner_in_label_matches(self, text: str, found: dict[str, _Candidate]) -> None:
        """Offer, below the concept a query names, the concept whose name that label opens with
        ("blip2 q-former" is the Q-Former's label BLIP-2 Q-Former, and names BLIP-2, whose part
        it is), as a label named in the query (see MENTION_BASE): when the label writes the other
        concept's label, a name (a capital past its first letter), before its own words, and the
        words name that concept alone ("RAFT optical flow" does not list another RAFT)."""
        tokens = text.split()
        content = len(fts_words(text))
        matched = [
            c.label.lower()
            for c in found.values()
            if c.score >= 0.9 and any(x.isupper() for x in c.label[1:])
        ]
        if len(tokens) < 2 or not content or not matched:
            return  # no label written with a name inside it was matched (most look-ups end here)
        for split in range(len(tokens) - 1, 0, -1):
            opening = " ".join(tokens[:split])
            named = self._named_by(opening)
            if len(named) != 1:
                continue
            ((concept_id, label),) = named.items()
            owned = any(m.startswith((f"{label.lower()} ", f"{label.lower()}-")) for m in matched)
            if concept_id not in found and owned and any(c.isupper() for c in label[1:]):
                share = min(1.0, len(fts_words(opening)) / content)
                _offer(found, concept_id, MENTION_BASE + MENTION_SHARE_WEIGHT * share, "mention", label)
            return

    def _words_then_label_matches(self, text: str, found: dict[str, _Candidate]) -> bool:
        """Offer the concept a name ends with a label of, for a name nothing else matched
        ("numpy broadcasting rules", "90th percentile"): as a qualified match when the words
        before the label bring the name's meaning closer to the concept (see `_meaning_agrees`)
        and make no kind of it the termbase lacks (see `_makes_a_kind`: "attention rollout",
        "embedding dropout"), else as a hit holding only part of the name, which the name rules
        and the abstain model judge: listed as related at least, not left with nothing. The
        longest label ending the name counts (a label inside a name, "tortoise tts voice
        cloning", says too little: offered so, it let absent names answer). Return True if a
        qualified match was offered."""
        if not reads_as_name(text):
            return False
        phrase = search_names.before_purpose(text)
        tokens = phrase.split()
        for split in range(1, len(tokens)):
            ending = " ".join(tokens[split:])
            named = {
                c: name
                for c, name in self._named_by(ending).items()
                if self._ends_with_label(ending, c, name)
            }
            if not named:
                continue
            added = " ".join(tokens[:split])
            for concept_id, label in named.items():
                if (
                    self._meaning_agrees(concept_id, ending, phrase)
                    and not self._makes_a_kind(concept_id, added)
                    and (len(named) == 1 or self._some_word_in_text(concept_id, added))
                ):
                    _offer(found, concept_id, QUALIFIED_SCORE, "qualified", f"{added} {label}")
                else:
                    _offer(found, concept_id, OPENING_SCORE, "ending", label)
            return any("qualified" in found[c].modes for c in named)
        return False

    def _ends_with_label(self, ending: str, concept_id: str, label: str) -> bool:
        """Return True if the words a name ends with, which `label` of a concept matched, are that
        concept's name: its labels hold every word (see search_names.uncovered_words: "warping"
        is no word of the label Warp), and an everyday word typed in lower case is not read as
        an acronym ("self-organizing map" does not end with mAP)."""
        concept_labels = self.labels.get(concept_id, ()) or (self.preferred.get(concept_id, ""),)
        covered, missing = search_names.uncovered_words(ending, concept_labels, _STOPWORDS)
        if not covered or missing:
            return False
        lowered_word = ending.islower() and " " not in ending and is_everyday_word(ending)
        return not (lowered_word and search_names.typed_as_a_name(label))

    def _some_word_in_text(self, concept_id: str, words: str) -> bool:
        """Return True if a concept's own text writes one of some words (not counting stopwords)."""
        return any(self._in_text(concept_id, w, whole_word=True) for w in fts_words(words))

    def _meaning_agrees(self, concept_id: str, label: str, name: str) -> bool:
        """Return True if the words a name adds to a concept's label bring its meaning closer
        to the concept, not away from it: they say what kind of thing it is ("swish activation
        function", "mbpp python benchmark") or whose ("google tpu"), not which other thing it
        is ("attention rollout", "gradient surgery"). Needs embeddings; compares the name's
        cosine to the concept's names and definitions with the label's alone (see
        OPENING_MIN_GAIN), or asks its nearest concepts (see `_describes_its_kind`)."""
        if not self.has_vectors:
            return False
        row = self._vector_rows().get(concept_id)
        if row is None:
            return False
        name_cosine, label_cosine = (float(self.vectors[row] @ _query_vector(text)) for text in (name, label))
        if name_cosine - label_cosine >= OPENING_MIN_GAIN:
            return True
        added = name[len(label) :] if name.startswith(label) else name[: len(name) - len(label)]
        return self._describes_its_kind(row, added.strip())

    def _owner_then_label(self, concept_id: str, name: str) -> bool:
        """Return True if a name is words the concept's own text holds followed by one of its
        labels, and they bring the name's meaning closer to it (see `_meaning_agrees`): who makes
        or runs it ("google tpu", "anthropic constitutional ai"), not a kind of it that the
        termbase lacks ("quantile regression": regression's text names quantiles, but the name
        is further from it than "regression" alone)."""
        tokens = name.split()
        for split in range(1, len(tokens)):
            label = " ".join(tokens[split:])
            if concept_id not in self._named_by(label):
                continue
            before = [t for t in tokens[:split] if t.lower() not in _STOPWORDS]
            return (
                bool(before)
                and all(self._names_in_text(concept_id, t) for t in before)
                and self._meaning_agrees(concept_id, label, name)
            )
        return False

    def _describes_its_kind(self, row: int, words: str) -> bool:
        """Return True if the concepts nearest in meaning to a concept (by row) are described
        with some words, enough of them (KIND_MIN_NEIGHBOURS of KIND_NEIGHBOURS) in their own
        labels or definitions and more often than concepts at large (KIND_MIN_LIFT): the words
        name what kind of thing it is ("benchmark" for TruthfulQA, whose neighbours are
        benchmarks), not another thing ("surgery" for gradient)."""
        if not words:
            return False
        nearest = [r for r, _ in self._nearest(self.vectors[row], KIND_NEIGHBOURS + 1) if r != row]
        ids = [self.vector_ids[r] for r in nearest[:KIND_NEIGHBOURS]]
        with self.lock:
            marks = ",".join("?" * len(ids))
            texts = self.db.execute(
                f"SELECT labels, definitions FROM concept_fts WHERE concept_id IN ({marks})", ids
            ).fetchall()
        holding = 0
        for labels, definitions in texts:
            held, lacking = search_names.uncovered_words(words, (f"{labels} {definitions}",), _STOPWORDS)
            holding += bool(held) and not lacking
        if holding < KIND_MIN_NEIGHBOURS:
            return False
        with self.lock:  # how many concepts of the whole termbase hold them
            everywhere = self.db.execute(
                "SELECT COUNT(*) FROM concept_fts WHERE concept_fts MATCH ?",
                (" AND ".join(f'"{w}"' for w in fts_words(words)) or '""',),
            ).fetchone()[0]
        return holding / len(ids) >= KIND_MIN_LIFT * everywhere / max(self._concept_count(), 1)

    def _named_by(self, phrase: str) -> dict[str, str]:
        """Return the concepts a phrase is a label of (any spelling, acronym or expansion),
        each with that label."""
        named: dict[str, _Candidate] = {}
        self._labels_matches(phrase, named)
        return {c: m.label for c, m in named.items() if m.score >= QUALIFIED_MIN_LABEL_SCORE}

    def _makes_a_kind(self, concept_id: str, qualifier: str) -> bool:
        """Return True if words typed before a concept's label are a common noun its own text
        never writes: a concept whose label has no capital past its first letter (a thing, not
        a name), or everyday words. The two make a compound naming a kind of thing the termbase lacks
        ("attention rollout", "embedding dropout", "weight standardization"), as an everyday
        word before a label does in a name before its purpose (see `_unknown_modifier`); a name
        there, a label written with capitals, says whose or where it is ("LLM hallucination",
        "PyTorch dtype", "NVIDIA GPUDirect")."""
        words = [w for w in _FTS_TOKEN.findall(qualifier.lower()) if w not in _STOPWORDS]
        if not words or any(self._in_text(concept_id, w, whole_word=True) for w in words):
            return False
        labels = self._named_by(qualifier).values()
        if labels:  # a common noun: no capital past the first letter ("Token (visual/audio)"), and
            # not a coined word written with a capital ("Megatron": a name)
            return all(label[1:] == label[1:].lower() and not _coined_name(label) for label in labels)
        return all(is_everyday_word(w) for w in words)

    def _qualifies(self, qualifier: str, concept_id: str) -> bool:
        """Return True if a concept is the field's own subject, a qualifier of any concept
        ("LLM", "GPU"): many concepts mention it (see QUALIFIER_MIN_SHARE). Being linked to
        the concept is not enough: "gated linear attention" is another method than linear
        attention though the latter mentions gating."""
        with self.lock:
            mentioned = self.db.execute(
                "SELECT COUNT(DISTINCT from_id) FROM relations WHERE to_id = ? AND from_id != ?",
                (qualifier, concept_id),
            ).fetchone()[0]
            concepts = self.db.execute("SELECT COUNT(*) FROM concepts").fetchone()[0]
        return mentioned >= max(QUALIFIER_MIN_MENTIONED, math.ceil(concepts * QUALIFIER_MIN_SHARE))

    def _prefix_matches(self, key: str, found: dict[str, _Candidate], limit: int) -> None:
        if len(key) < 2:
            return
        picked: list[tuple[int, int, str, str]] = []
        for _, inner, full_length, concept_id, label in self.rows.prefixed(key, limit * 4):
            picked.append((inner, full_length, concept_id, label))
        picked.sort()
        for inner, full_length, concept_id, label in picked[:limit]:
            coverage = len(key) / max(full_length, len(key))
            score = 0.72 + 0.14 * coverage - (0.04 if inner else 0.0)
            if inner and label_key(label).endswith(key):
                score = 0.87  # the query is the label's head noun: attention → self-attention
            _offer(found, concept_id, score, "prefix", label)

    def _typo_matches(self, text: str, found: dict[str, _Candidate]) -> None:
        key = label_key(text)
        budget = typo_budget(len(key))
        if not budget:
            return
        from symspellpy import Verbosity  # loaded with the index (see __init__)

        for item in self.typos.lookup(key, Verbosity.ALL, max_edit_distance=budget):
            if item.distance == 0 or item.term[:1] != key[:1]:
                continue  # a first letter typed otherwise makes another name ("nadam" is not Adam)
            score = 0.74 - 0.08 * (item.distance - 1) - 0.1 * item.distance / max(len(key), 1)
            for concept_id, label, _ in self.rows.keyed("k", item.term):
                if search_names.capitals_agree(text, label) and _short_words_kept(text, label):
                    _offer(found, concept_id, score, "typo", label)  # "ResNeXt" is not ResNet

    def _fulltext_scores(self, text: str, name_like: bool) -> dict[str, float]:
        """Return the full-text scores of the concepts whose labels or definitions hold the
        query's words, by concept id."""
        scores: dict[str, float] = {}
        with self.lock:  # the scratch stemming table and the connection are shared
            rare = self._rare_words(fts_words(text))
            match = fts_query(" ".join(rare))
            if not match:
                return scores
            split = {word: self._written_apart(word) for word in rare}
            split = {word: parts for word, parts in split.items() if parts}
            if split:  # "pretraining" also finds "pre-training"
                match += "".join(f' OR "{parts}"' for parts in split.values())
            rows = self.db.execute(
                "SELECT concept_id, bm25(concept_fts, 0.0, 8.0, 1.0) AS rank,"
                " labels, definitions FROM concept_fts WHERE concept_fts MATCH ? ORDER BY rank LIMIT 30",
                (match,),
            ).fetchall()
        terms = len(rare)
        if not rows:
            return scores
        best = -rows[0][1]
        query_words = set(rare)
        for position, (concept_id, rank, labels, definitions) in enumerate(rows):
            words = _document_terms(concept_id, f"{labels} {definitions}")
            covered = sum(1 for w in query_words if _word_in(w, words, split.get(w))) / terms
            relative = -rank / best if best > 0 else 0.0
            score = 0.20 + 0.40 * covered * relative + 0.08 * covered - 0.004 * position
            if terms <= 3 and covered < 0.66:
                score -= 0.12  # a short query most of whose words are absent is no match
            if name_like and covered < 1.0:
                continue  # a name the labels lack is no match for a definition missing one of its words
            scores[concept_id] = score
        return scores

    def _written_apart(self, word: str) -> str:
        """Return "pre training" for a query word ("pretraining") that the termbase's texts
        write as two words ("pre-training") more often than as one, else "".

        Looked for in words of at least COMPOUND_MIN_CHARS letters, split after
        COMPOUND_PART_CHARS letters or more on both sides; counts by the full-text index.
        """
        if len(word) < COMPOUND_MIN_CHARS or not word.isalpha():
            return ""
        cached = self._apart.get(word)
        if cached is not None:
            return cached
        with self.lock:
            alone = self._documents_with(f'"{word}"')
            best, parts = alone, ""
            for cut in range(COMPOUND_PART_CHARS, len(word) - COMPOUND_PART_CHARS + 1):
                phrase = f"{word[:cut]} {word[cut:]}"
                count = self._documents_with(f'"{phrase}"')
                if count > best:
                    best, parts = count, phrase
        if len(self._apart) >= QUERY_CACHE_SIZE:
            self._apart.clear()
        self._apart[word] = parts
        return parts

    def _documents_with(self, match: str) -> int:
        """Return how many concepts' texts hold an FTS5 query (counted up to COMPOUND_COUNT_CAP)."""
        return self.db.execute(
            "SELECT COUNT(*) FROM (SELECT 1 FROM concept_fts WHERE concept_fts MATCH ? LIMIT ?)",
            (match, COMPOUND_COUNT_CAP),
        ).fetchone()[0]

    def _mention_matches(self, text: str, found: dict[str, _Candidate]) -> dict[str, float]:
        """Offer the concepts a label of which the question names ("compare GQA and MQA"),
        when that label is a large enough share of its words; return their scores."""
        content = len(fts_words(text))
        tokens = [t.strip(_EDGE_PUNCTUATION) for t in text.split()]
        scores: dict[str, float] = {}
        for size in range(min(MENTION_MAX_WORDS, len(tokens)), 0, -1):
            for start in range(len(tokens) - size + 1):
                phrase = " ".join(t for t in tokens[start : start + size] if t)
                share = len(fts_words(phrase)) / content if content else 0.0
                if share < MENTION_MIN_SHARE or phrase == text:
                    continue  # too small a part of the question, or the whole query (a label match)
                key = label_key(phrase)
                for concept_id, label, _ in self.rows.keyed("k", key) if key else ():
                    score = MENTION_BASE + MENTION_SHARE_WEIGHT * share
                    if score > scores.get(concept_id, 0.0):
                        scores[concept_id] = score
                        _offer(found, concept_id, score, "mention", label)
        if not scores:
            self._names_together(tokens, content, found, scores)
        return scores

    def _names_together(
        self, tokens: list[str], content: int, found: dict[str, _Candidate], scores: dict[str, float]
    ) -> None:
        """Offer the concepts a question names by short names it writes one after another, each
        too small a part of it alone ("crf layer on top of a bilstm for ner": CRF, BiLSTM, NER),
        when there are MENTION_MIN_NAMES of them or more and together they are at least
        MENTION_MIN_SHARE of its words: the question is about those things, the first named
        first. A name here is a single word no everyday word (an everyday word, "layer", names
        too much) that is a label of exactly one concept."""
        named: list[tuple[str, str]] = []
        for token in tokens:
            word = token.lower()
            if not word or word in _STOPWORDS or is_everyday_word(word) or not fts_words(token):
                continue
            concepts = {c: label for c, label, _ in self.rows.keyed("k", label_key(token))}
            if len(concepts) == 1 and not any(c == n for n, _ in named for c in concepts):
                named.append(next(iter(concepts.items())))
        share = len(named) / content if content else 0.0
        if len(named) < MENTION_MIN_NAMES or share < MENTION_MIN_SHARE:
            return
        for order, (concept_id, label) in enumerate(named):
            score = MENTION_BASE + MENTION_SHARE_WEIGHT * share / len(named) - MENTION_ORDER_STEP * order
            scores[concept_id] = score
            _offer(found, concept_id, score, "mention", label)

    def _semantic_matches(
        self, text: str, found: dict[str, _Candidate], in_text: dict[str, float], name_like: bool
    ) -> dict[str, float]:
        """Offer the concepts nearest in meaning, and score every full-text hit by meaning
        too: each gets SEMANTIC_WEIGHT x its meaning score + FULLTEXT_WEIGHT x its words'.
        Return the cosine of each concept looked at, by concept id."""
        query = _query_vector(text)
        # A name that qualifies a known label ("w4a16 weight only quant") is about a thing the
        # termbase has: its neighbours in meaning are listed with a question's cosine.
        labelled = any("qualified" in c.modes for c in found.values())
        described = not name_like  # a name is matched by names; a question by what things are
        cosines = dict(self._nearest(query, SEMANTIC_CANDIDATES, described))
        rows = self._vector_rows()
        text_rows = [rows[c] for c in in_text if c in rows and rows[c] not in cosines]
        if text_rows:
            cosines.update(zip(text_rows, self._cosines(text_rows, query, described), strict=True))
        looked_at = {self.vector_ids[row]: float(cosine) for row, cosine in cosines.items()}
        for row, cosine in cosines.items():
            if name_like and cosine < SEMANTIC_NAME_MIN_COSINE and not labelled:
                cosine = 0.0  # a name's meaning match must be close (see SEMANTIC_NAME_WORDS)
            concept_id = self.vector_ids[row]
            meaning = semantic_score(cosine, question=not name_like) if cosine >= SEMANTIC_FLOOR else 0.0
            words = in_text.get(concept_id, 0.0)
            score = max(SEMANTIC_WEIGHT * meaning + FULLTEXT_WEIGHT * words, words - FULLTEXT_ALONE_PENALTY)
            if meaning or words:
                mode = "semantic" if SEMANTIC_WEIGHT * meaning >= FULLTEXT_WEIGHT * words else "fulltext"
                _offer(found, concept_id, score, mode, self.preferred.get(concept_id, ""))
        return looked_at

    def _vector_rows(self) -> dict[str, int]:
        """Return the row of each concept's embedding, by concept id."""
        _ = self.vectors
        if len(self._rows_by_id) != len(self.vector_ids):
            self._rows_by_id = {concept_id: row for row, concept_id in enumerate(self.vector_ids)}
        return self._rows_by_id

    def _ranked(self, found: dict[str, _Candidate], limit: int) -> list[Hit]:
        self.preferred.load(list(found))
        kept = []
        for concept_id, candidate in found.items():
            bonus = 0.01 * (len(candidate.modes) - 1) if candidate.score < 0.9 else 0.0
            score = min(1.0, candidate.score + bonus)
            if score < MIN_SCORE:
                continue
            kept.append((score, self.preferred.get(concept_id, concept_id), concept_id, candidate))
        kept.sort(key=lambda k: (-k[0], len(k[1]), k[2]))
        return [
            Hit(concept_id, label, self.labels.get(concept_id, ()), score, candidate.mode, candidate.label)
            for score, label, concept_id, candidate in kept[:limit]
        ]


def _two_views(main: object, description: object) -> object:
    """Return the cosines of concepts' two embeddings to a question, blended: the better
    one weighs BETTER_VIEW_WEIGHT, the other the rest."""
    import numpy as np

    better = np.maximum(main, description)
    return BETTER_VIEW_WEIGHT * better + (1.0 - BETTER_VIEW_WEIGHT) * np.minimum(main, description)


#: Query embeddings already made, by query text (emptied when it reaches QUERY_CACHE_SIZE).
_query_vectors: dict[str, object] = {}
QUERY_CACHE_SIZE = 4096


def _is_embedded(text: str) -> bool:
    return text in _query_vectors


def _query_vector(text: str) -> object:
    """Return the embedding of a query; repeated queries (popular ones) are not re-embedded."""
    vector = _query_vectors.get(text)
    if vector is None:
        vector = semantic.get_query_embedder().encode_query(text)
        if len(_query_vectors) >= QUERY_CACHE_SIZE:
            _query_vectors.clear()
        _query_vectors[text] = vector
    return vector


#: A query word of at least COMPOUND_MIN_CHARS letters may be one the texts write as two
#: words ("pretraining" / "pre-training"), each of at least COMPOUND_PART_CHARS letters;
#: counts of the concepts holding either spelling stop at COMPOUND_COUNT_CAP.
COMPOUND_MIN_CHARS = 7
COMPOUND_PART_CHARS = 3
COMPOUND_COUNT_CAP = 200
#: Words shorter than this have no stem of their own; longer ones match on their first letters.
STEM_CHARS = 5
#: Texts read for a word's own spelling (see SearchIndex.word_written); a stem held by this
#: many is taken as written.
WRITTEN_TEXTS_LOOKED_AT = 200
#: Most concepts looked at for each word of a query whose labels may hold a misspelt word.
TYPO_LABELS_LOOKED_AT = 100
#: Score of a label found through a respelt word: below one typed right, still a name.
#: A word is respelt as a label of one word only from this many letters: shorter ones one edit
#: from a label are often other names ("adamp" / AdamW; "toxicty" is a typo).
ONE_WORD_LABEL_TYPO_MIN_CHARS = 7
RESPELT_SCORE = 0.95


@lru_cache(maxsize=8192)
def _document_terms(concept_id: str, text: str) -> str:
    """Return a concept's full-text words, each once, between spaces (" a word "): a word
    `w` (no space in it) is one of them when `f" {w} "` occurs (kept for popular concepts).

    One string per concept, not sets of words and stems: a server that keeps them for a
    glossary's concepts holds about 1 MB instead of 13 (the built-in glossary).
    `concept_id` is part of the key only so that equal texts of two concepts share nothing.
    """
    return " " + " ".join(dict.fromkeys(_FTS_TOKEN.findall(text.lower()))) + " "


#: A possessive ending typed after a name ("Horner's", "Horner’s").
_POSSESSIVE_END = re.compile(r"['’]s$", re.IGNORECASE)
#: Inflection endings `_uninflected` takes off, longest first.
_INFLECTIONS = ("ings", "ing", "ers", "ies", "ied", "es", "ed", "er", "ly", "s")


def _uninflected(word: str) -> str:
    """Return a word without one inflection ending ("training", "trained" and "trains" give
    "train"; "softenning" gives "softenn", not "soften"), "e" dropped at the end."""
    for ending in _INFLECTIONS:
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            word = word[: -len(ending)]
            break
    return word.removesuffix("e")


def _word_in(word: str, words: str, apart: str | None = None) -> bool:
    """Return True if a query word is one of a document's words (see `_document_terms`), as
    written, by its stem, or written apart ("pretraining": both "pre" and "training" there)."""
    if f" {word} " in words or _stem_in(word, words):
        return True
    return bool(apart) and all(f" {part} " in words or _stem_in(part, words) for part in apart.split())


def _stem_in(word: str, words: str) -> bool:
    """Return True if a word shares a 5-letter stem with a document word (sharing ~ shares):
    a word of `_document_terms` starts with its first 5 letters."""
    return len(word) >= STEM_CHARS and f" {word[:STEM_CHARS]}" in words


def _reordered(words: list[str], labels: tuple[str, ...]) -> bool:
    """Return True if words (lower case, two or more) are those of one of the labels in another
    order, and no label writes them in theirs ("memory replay" against "replay memory")."""
    if len(words) < 2:
        return False
    joiners = search_names.NAME_JOINERS
    orders = [[w for w in _FTS_TOKEN.findall(label.lower()) if w not in joiners] for label in labels]
    same_words = [order for order in orders if sorted(order) == sorted(words)]
    return bool(same_words) and words not in same_words


def _phrase_in(wanted: list[str], words: list[str]) -> bool:
    """Return True if words (lower case) follow one another in `words`, each as written or
    sharing its first STEM_CHARS letters with the word there ("progressive growing" is in
    "progressively grown")."""

    def same(mine: str, theirs: str) -> bool:
        return mine == theirs or (
            len(mine) >= STEM_CHARS and len(theirs) >= STEM_CHARS and mine[:STEM_CHARS] == theirs[:STEM_CHARS]
        )

    size = len(wanted)
    return size > 0 and any(
        all(same(w, words[start + i]) for i, w in enumerate(wanted)) for start in range(len(words) - size + 1)
    )


def _its_genus(definition: str) -> str:
    """Return what a definition opens by saying its concept is: its opening clause (see
    search_names.opening_clause) up to a comma or a relative word ("that", "which": what
    follows says more about it and names other things)."""
    return _RELATIVE_WORD.split(search_names.opening_clause(definition).split(",")[0], maxsplit=1)[0]


def _introduced_with_initials(wanted: list[str], text: str) -> bool:
    """Return True if a text writes a name's words (lower case) followed by their initials in
    brackets ("Server-Sent Events (SSE)"): it introduces the name as a term of its own."""
    initials = "".join(w[0] for w in wanted)
    if len(wanted) < 2:
        return False
    joined = r"[\s\-]+".join(re.escape(w) for w in wanted)
    return bool(re.search(rf"\b{joined}\s*\(\s*{re.escape(initials)}s?\s*\)", text, re.IGNORECASE))


def _short_words_kept(typed: str, label: str) -> bool:
    """Return True unless a phrase typed word for word against a label (words split at spaces
    and hyphens) changes a word too short for a typo of its own (under 5 letters, see
    typo_budget) other than by swapping two neighbouring letters: "optical flwo" is optical
    flow; "adan optimizer" is not Adam's, "IA3 adapters" not IP-Adapter. A label word written
    in parts marked by capitals ("AdamW", "LangGraph") is read so too: a typed word that keeps
    all its parts but a short one and changes that one names another variant ("adamp" is
    not AdamW: Adam with another letter), while "langraph" is LangGraph misspelt."""
    typed_words = re.split(r"[\s\-]+", typed.lower().strip())
    label_words = re.split(r"[\s\-]+", label.strip())
    if len(typed_words) != len(label_words):
        return True
    for mine, written in zip(typed_words, label_words, strict=True):
        theirs = written.lower()
        if mine == theirs:
            continue
        if not _short_part_kept(mine, written):
            return False
        too_short = not typo_budget(min(len(mine), len(theirs)))
        if len(typed_words) >= 2 and too_short and not _swapped(mine, theirs):
            return False
    return True


def _swapped(mine: str, theirs: str) -> bool:
    """Return True if two words differ only by two neighbouring letters swapped."""
    return (
        len(mine) == len(theirs)
        and sorted(mine) == sorted(theirs)
        and sum(a != b for a, b in zip(mine, theirs, strict=True)) == 2
    )


#: The parts of a label word its capitals mark ("AdamW" -> Adam, W; "LangGraph" -> Lang, Graph).
_MARKED_PART = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")


def _short_part_kept(mine: str, written: str) -> bool:
    """Return False if a typed word (lower case) keeps every part but the last (or the first)
    of a label word written in parts marked by capitals, and changes that part, too short for
    a typo of its own, other than by swapping two letters (see `_short_words_kept`)."""
    parts = [p.lower() for p in _MARKED_PART.findall(written)]
    if len(parts) < 2 or "".join(parts) != written.lower():
        return True
    head, tail = "".join(parts[:-1]), "".join(parts[1:])
    readings = []  # (the part changed, what was typed for it), for each way the typed word aligns
    if mine.startswith(head):
        readings.append((parts[-1], mine[len(head) :]))
    if mine.endswith(tail):
        readings.append((parts[0], mine[: len(mine) - len(tail)]))
    return not readings or any(
        typed == part or typo_budget(len(part)) or _swapped(typed, part) for part, typed in readings
    )


def _plural_ending(text: str) -> bool:
    """Return True if a text's last word ends in a plural "s" (not "ss") after three letters
    or more: "subagents", "lstms", "gpus" (offered only when what is left is a label)."""
    words = text.split()
    last = words[-1] if words else ""
    return len(last) >= 4 and last[-1] in "sS" and last[-2].isalpha() and last[-2] not in "sS"


def _offer(found: dict[str, _Candidate], concept_id: str, score: float, mode: str, label: str) -> None:
    current = found.get(concept_id)
    if current is None:
        found[concept_id] = _Candidate(score, mode, label, {mode})
        return
    current.modes.add(mode)
    if score > current.score:
        current.score, current.mode, current.label = score, mode, label


def _coined_name(label: str) -> bool:
    """Return True if a label opens with a capital and none of its words is an everyday word
    ("Megatron", "Llama"; not "Token (visual/audio)")."""
    words = _FTS_TOKEN.findall(label)
    return label[:1].isupper() and bool(words) and not any(is_everyday_word(w) for w in words)


def _clean_query(query: str) -> str:
    """Return the query on one line, without control characters (a NUL from `?q=a%00b` broke the
    lemma trie and SQLite's FTS), at most MAX_QUERY_CHARS long; raise InputError if empty."""
    text = " ".join(strip_controls(query).split())[:MAX_QUERY_CHARS].strip()
    if not text:
        raise InputError("empty query", hint="type a term, an acronym or a question")
    return text


def search_many(
    index: SearchIndex, queries: Iterable[str], limit: int = 10
) -> Iterable[tuple[str, list[Hit]]]:
    """Yield (query, hits) for each query in order; blank lines are skipped."""
    for query in queries:
        if query.strip():
            yield query, index.search(query, limit)
