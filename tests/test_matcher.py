"""The shared term matcher: labels, case, inflections, boundaries, longest match, homonyms."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import FIXTURES
from termbase.build import build_termbase
from termbase.matcher import TermMatcher, one_line
from termbase.model import Concept
from termbase.resolve import resolve
from termbase.store import Termbase
from test_resolve import entry


@pytest.fixture(scope="module")
def matcher() -> TermMatcher:
    return TermMatcher.from_concepts(
        resolve(
            [
                entry("KV cache", "Stored keys and values of earlier tokens.", line=1),
                entry("Attention", "Weighted mixing of token vectors.", line=2),
                entry("Multi-head attention", "Several attention heads side by side.", line=3),
                entry("RAG (Retrieval-Augmented Generation)", "Retrieve documents, then generate.", line=4),
                entry("Probability", "A number between zero and one.", line=5),
                entry("Batch", "A group of examples processed together.", line=6),
                entry("Embeddings", "Vectors that stand for tokens.", line=7),
                entry("Adam", "An optimizer with momentum and adaptive steps.", line=8),
            ]
        )
    )


def found(matcher: TermMatcher, text: str, **options: object) -> list[tuple[str, str]]:
    return [(m.text, m.concept_id) for m in matcher.find(text, **options)]


def test_offsets_point_at_the_exact_characters(matcher: TermMatcher) -> None:
    text = "Here the KV-cache grows."
    (match,) = matcher.find(text)
    assert text[match.start : match.end] == "KV-cache" == match.text
    assert match.concept_id == "kv-cache" and match.label == "KV cache"


def test_every_label_of_a_concept_matches(matcher: TermMatcher) -> None:
    assert found(matcher, "RAG and retrieval-augmented generation") == [
        ("RAG", "retrieval-augmented-generation"),
        ("retrieval-augmented generation", "retrieval-augmented-generation"),
    ]


def test_acronyms_are_case_sensitive_other_labels_are_not(matcher: TermMatcher) -> None:
    assert found(matcher, "Wipe it with a rag.") == []
    assert found(matcher, "ATTENTION please, adam") == [("ATTENTION", "attention"), ("adam", "adam")]


def test_plurals_and_singulars(matcher: TermMatcher) -> None:
    text = "Two batches, three probabilities, many KV caches, one embedding."
    assert [t for t, _ in found(matcher, text)] == ["batches", "probabilities", "KV caches", "embedding"]


def test_word_boundaries(matcher: TermMatcher) -> None:
    assert found(matcher, "Batching, Adamant, RAGged, attentional") == []


def test_longest_match_wins_over_a_contained_label(matcher: TermMatcher) -> None:
    assert found(matcher, "Multi-head attention is attention.") == [
        ("Multi-head attention", "multi-head-attention"),
        ("attention", "attention"),
    ]


def test_no_match_across_a_sentence_or_into_an_address(matcher: TermMatcher) -> None:
    assert found(matcher, "the KV. Cache") == []
    assert found(matcher, "see https://example.org/attention or mail kv@attention.ai") == []
    # Linking definitions reads word tokens only, as before the shared matcher.
    assert [t for t, _ in found(matcher, "the KV. Cache", strict=False)] == ["KV. Cache"]


@pytest.fixture(scope="module")
def homonyms() -> TermMatcher:
    gpu = entry("Kernel", "A small GPU program launched over a grid of threads.", source="a.md")
    svm = entry("Kernel", "A similarity function in support vector machines.", source="b.md")
    return TermMatcher.from_concepts(
        [
            Concept("kernel-gpu", "Kernel", ("Kernel",), (gpu,)),
            Concept("kernel-svm", "Kernel", ("Kernel",), (svm,)),
        ]
    )


def test_a_label_naming_two_concepts_is_linked_only_when_context_decides(homonyms: TermMatcher) -> None:
    ids = sorted(homonyms.terms)
    assert len(ids) == 2, ids
    gpu = homonyms.find("The kernel runs on the GPU over many threads.")
    assert [m.text for m in gpu] == ["kernel"]
    assert gpu[0].concept_id == "kernel-gpu"
    svm = homonyms.find("A kernel for support vector machines measures similarity.")
    assert svm[0].concept_id == "kernel-svm"
    assert homonyms.find("The kernel.") == []
    (undecided,) = homonyms.find("The kernel.", keep_ambiguous=True)
    assert undecided.ambiguous and sorted(undecided.candidates) == ids


def test_qualified_homonyms_are_found_by_their_bare_name() -> None:
    planner = entry("PRM (planning)", "A roadmap planner that samples robot poses at random.", source="a.md")
    reward = entry("PRM (reward model)", "A reward model that scores each reasoning step.", source="b.md")
    node = entry("Node (distributed)", "One machine of a training cluster.", source="c.md")
    token = entry("Token", "One unit of text a model reads.", source="d.md")
    image_token = entry("Image token", "A discrete code for a patch of an image.", source="e.md")
    matcher = TermMatcher.from_concepts(
        [
            Concept("prm-planning", "PRM (planning)", ("PRM (planning)",), (planner,)),
            Concept("prm-reward", "PRM (reward model)", ("PRM (reward model)",), (reward,)),
            Concept("node", "Node (distributed)", ("Node (distributed)",), (node,)),
            Concept("token", "Token", ("Token",), (token,)),
            Concept("image-token", "Image token", ("Image token", "Token (visual)"), (image_token,)),
        ]
    )
    robot = matcher.find("The PRM samples robot poses to plan a path.")
    assert [(m.text, m.concept_id) for m in robot] == [("PRM", "prm-planning")]
    steps = matcher.find("A PRM scores each reasoning step of the answer.")
    assert [(m.text, m.concept_id) for m in steps] == [("PRM", "prm-reward")]
    assert matcher.find("Each node of the graph has a colour.") == []  # a lone qualified word stays put
    assert [m.concept_id for m in matcher.find("A token of an image patch.")] == ["token"]


def test_one_line_definitions_for_tooltips(matcher: TermMatcher) -> None:
    assert matcher.definition("kv-cache") == "Stored keys and values of earlier tokens."
    assert matcher.definition("nothing") == ""
    assert one_line("Uses **bold** and `code` and [a link](http://x). Second one is here.") == (
        "Uses bold and code and a link. Second one is here."
    )
    assert len(one_line("word " * 200, width=80)) <= 80


def test_from_termbase_matches_the_stored_labels(tmp_path) -> None:
    build_termbase([str(FIXTURES / "glossify" / "course.yaml")], tmp_path / "t.db")
    with Termbase.open(tmp_path / "t.db") as termbase:
        matcher = TermMatcher.from_termbase(termbase)
    text = "Cook sous vide (LTC), watch the pH, and let the Maillard reactions brown it."
    hits = [(m.text, m.concept_id) for m in matcher.find(text)]
    assert hits == [
        ("sous vide", "low-temperature-cooking"),
        ("LTC", "low-temperature-cooking"),
        ("pH", "ph"),
        ("Maillard reactions", "maillard-reaction"),
    ]
    assert matcher.definition("ph").startswith("A number from 0 to 14")


def test_patterns_stored_at_build_are_the_ones_the_labels_give(tmp_path: Path) -> None:
    """`build` stores the matcher's patterns; a matcher made from them finds what one made from
    the labels finds; a file whose patterns were made in another format gets them worked out."""
    import sqlite3

    from termbase.matcher import SummaryContext, Term, pattern_tables
    from termbase.matcher_table import read_pattern_tables, read_patterns

    db = tmp_path / "course.db"
    build_termbase([str(FIXTURES / "glossify" / "course.yaml")], db)
    with Termbase.open(db) as termbase:
        stored = read_pattern_tables(termbase.db)
        labels = [(cid, label) for cid, label, _ in termbase.all_labels()]
        terms = {cid: Term(cid, label, source=text) for cid, label, _, text in termbase.summaries()}
    assert stored is not None and stored == pattern_tables(labels) and len(stored[0]) > 10 and stored[1]
    context = SummaryContext(terms, {})
    text = "Whisk an emulsion, check the pH, then the browning reactions and Emulsions again."
    from_table = TermMatcher([], terms, context, tables=stored).find(text)
    assert from_table == TermMatcher(labels, terms, context).find(text)
    assert [m.text for m in from_table] == ["emulsion", "pH", "browning reactions", "Emulsions"]
    with Termbase.open(db) as termbase:  # read in one pass as what the matcher keeps: the same
        patterns = read_patterns(termbase.db)
    assert TermMatcher([], terms, context, patterns=patterns).find(text) == from_table
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE meta SET value = '0 old' WHERE key = 'matcher_patterns'")
    with Termbase.open(db) as termbase:
        assert read_pattern_tables(termbase.db) is None and read_patterns(termbase.db) is None
    # The tooltip line is made on first use, and is the definition's first sentence.
    emulsion = next(t for t in terms.values() if t.label.lower() == "emulsion")
    assert emulsion._definition is None and emulsion.definition.startswith("A mix of two liquids")


def test_patterns_stored_in_one_value_are_those_made_from_the_tables() -> None:
    """`encode_patterns` stores the rows' patterns as one JSON value, which `decode_patterns`
    makes into what the matcher keeps of the tables the rows hold: labels two concepts share
    (owners sorted, the first one's label), a row of the same pattern and concept again (its
    label wins, as in the tables), cased and folded patterns, rows in another order; and the
    first definition of each concept a pattern shares, which tells them apart."""
    import random

    from termbase.matcher import _PatternMaker, pattern_tables
    from termbase.matcher_table import decode_patterns, encode_patterns, pattern_rows

    labels = [
        ("z-bank", "bank"), ("a-bank", "Bank"), ("rag", "RAG"), ("rag-cloth", "rag"), ("z-bank", "banks"),
        ("cell", "cell"), ("cell", "Cell"), ("m-cell", "cell"), ("gpu", "GPU"), ("gpu-2", "GPU"),
    ]  # fmt: skip
    rows = list(pattern_rows(pattern_tables(labels)))
    last = max(n for n, row in enumerate(rows) if row[:2] == rows[0][:2])
    rows.insert(last + 1, (*rows[0][:3], "a later label"))  # (a pattern's rows stay together, as stored)
    shuffled = rows.copy()
    random.Random(5).shuffle(shuffled)
    asked: list[list[str]] = []

    def context(ids: list[str]) -> dict[str, str]:
        asked.append(ids)
        return {cid: f"the first definition of {cid}" for cid in ids}

    for order in (rows, shuffled):
        tables: tuple[dict[str, dict[str, str]], dict[str, dict[str, str]]] = ({}, {})
        for flag, pattern, concept_id, label in order:  # (a later row of a pattern and concept wins)
            tables[flag].setdefault(pattern, {})[concept_id] = label
        maker = _PatternMaker()
        expected = (maker.table(tables[0]), maker.table(tables[1]))
        stored = decode_patterns(encode_patterns(order, context))
        assert [sorted(table.items()) for table in stored.patterns] == [sorted(t.items()) for t in expected]
        assert stored.tables() == tables
        assert ("a-bank", "z-bank") in [found[0] for found in stored.patterns[0].values()]  # shared, sorted
        assert stored.context == {cid: f"the first definition of {cid}" for cid in asked[-1]}
        assert set(asked[-1]) == {"a-bank", "z-bank", "cell", "m-cell", "gpu", "gpu-2"}
        flag, pattern, concept_id, _ = rows[0]
        assert stored.patterns[1] and stored.patterns[flag][pattern][1] == tables[flag][pattern][concept_id]
        if order is rows:
            assert tables[flag][pattern][concept_id] == "a later label"
    with pytest.raises(ValueError, match="another shape"):
        decode_patterns('[["x"], [], [], [], [], {}]')


def test_labels_with_greek_letters_are_found_without_the_slow_token_view() -> None:
    """A page holding a letter some label has (λ, β) is read in the char view like any other
    page, and finds what the token view finds."""
    from termbase.matcher import Term

    labels = [("lambda-return", "λ-return"), ("beta-vae", "β-VAE"), ("rag", "RAG"), ("mu-law", "μ-law")]
    terms = {cid: Term(cid, label, "") for cid, label in labels}
    matcher = TermMatcher(labels, terms, lambda _: "")
    text = "The λ-return and two β-VAEs, not a rag but RAG; σ and Ψ stay; a μ law, an α-λ-return."
    assert matcher._char_view(text) is not None
    found = [(m.text, m.concept_id) for m in matcher.find(text)]
    assert found == [("λ-return", "lambda-return"), ("β-VAEs", "beta-vae"), ("RAG", "rag"),
                     ("μ law", "mu-law"), ("λ-return", "lambda-return")]  # fmt: skip
    assert found == [(text[b:e], pattern[0][0]) for b, e, pattern in matcher._places_in_tokens(text, True)]


def test_a_page_with_few_letters_beyond_ascii_reads_as_one_with_many() -> None:
    """Letters beyond ASCII are found by plain searches when a page has a few of them, and by a
    pattern when it has many: the view, and what is found, is the same either way (a label's own
    letter, an accented letter standing for its ASCII one, a dash between words, a `?`)."""
    from termbase.matcher import Term

    labels = [("lambda-return", "λ-return"), ("cafe", "cafe model"), ("kv", "KV cache"), ("rag", "RAG")]
    terms = {cid: Term(cid, label, "") for cid, label in labels}
    matcher = TermMatcher(labels, terms, lambda _: "")
    few = "What is the λ-return? A café model, a KV–cache and RAG?? " + "plain words " * 40
    many = few + "σ τ υ φ χ ψ ω Ψ ø " * 40  # (more than one character in 32 beyond ASCII)
    for text in (few, many):
        assert [(m.text, m.concept_id) for m in matcher.find(text)] == [
            ("λ-return", "lambda-return"),
            ("café model", "cafe"),
            ("KV–cache", "kv"),
            ("RAG", "rag"),
        ]
    assert matcher._char_view(many)[0].startswith(matcher._char_view(few)[0][:-1])


def test_addresses_are_masked_only_where_they_are(matcher: TermMatcher) -> None:
    """Addresses are found from the marks they hold ('://', 'www.', '@'): the words around
    each mark, whatever comes before or after, with the terms of the rest of the text kept."""
    text = (
        "Attention (https://example.org/attention), then a KV cache; www.batch.org/adam and "
        "mail rag@attention.ai or x@y — a batch\u00a0of embeddings:attention@host.org.\nAdam"
    )
    assert [t for t, _ in found(matcher, text)] == ["Attention", "KV cache", "batch", "embeddings", "Adam"]


def _plain_matcher(labels: list[tuple[str, str]]) -> TermMatcher:
    from termbase.matcher import Term

    terms = {cid: Term(cid, label, "") for cid, label in labels}
    return TermMatcher(labels, terms, lambda _: "")


def test_a_short_lower_case_qualified_word_is_an_everyday_word_not_an_acronym() -> None:
    """`clone (array)` alone does not make every "clone" a link: a lower-case word of four
    letters or fewer is not an acronym; only capitals as written (`PRM`, `RoPE`) are."""
    matcher = _plain_matcher(
        [("array-clone", "clone (array)"), ("dup-array", "dup (array)"), ("mesh-node", "mesh (3D)"),
         ("prm", "PRM (planning)"), ("rope", "RoPE (positions)")]
    )  # fmt: skip
    prose = "Make a dup of the list, clone the repo, draw a mesh; the PRM plans, RoPE rotates."
    for strict in (True, False):
        assert [(m.text, m.concept_id) for m in matcher.find(prose, strict=strict)] == [
            ("PRM", "prm"), ("RoPE", "rope")
        ]  # fmt: skip
    # Two concepts qualifying one word still give it to the one context picks.
    shared = _plain_matcher([("dup-array", "dup (array)"), ("dup-file", "dup (file)")])
    assert [m.text for m in shared.find("dup it", keep_ambiguous=True)] == ["dup"]


def test_symbols_that_make_a_name_must_be_there() -> None:
    """`A* search` is not "a search", `C++` is not "C", `pass@k` is not "pass k", `R²` is not
    "R2": the marks a name is written with are matched, in both views of the text."""
    matcher = _plain_matcher(
        [("a-star", "A* search"), ("a-star", "A*"), ("cpp", "C++"), ("c-sharp", "C#"),
         ("cpp-ext", "C++ extension"), ("reinforce", "REINFORCE"), ("reinforce-pp", "REINFORCE++"),
         ("pass-at-k", "pass@k"), ("pass-at-k", "pass@1"), ("double-backward", "create_graph"),
         ("r-squared", "R²"), ("f1", "F1 score"), ("knn", "k-NN"), ("search", "beam search")]
    )  # fmt: skip

    def hits(text: str, strict: bool) -> list[tuple[str, str]]:
        return [(m.text, m.concept_id) for m in matcher.find(text, strict=strict)]

    for strict in (True, False):
        # Ordinary prose holding the letters without the marks links nothing.
        everyday = "Run a search, write a C extension in C, pass 1 value, create graph views, an R2 bucket."
        assert hits(everyday, strict) == []
        named = "A* search beats beam search; A* is optimal. Code C++ or C#, a C++ extension."
        assert hits(named, strict) == [
            ("A* search", "a-star"), ("beam search", "search"), ("A*", "a-star"), ("C++", "cpp"),
            ("C#", "c-sharp"), ("C++ extension", "cpp-ext"),
        ]  # fmt: skip
        assert hits("*REINFORCE* is older than **REINFORCE++**.", strict) == [
            ("REINFORCE", "reinforce"), ("REINFORCE++", "reinforce-pp")
        ]  # fmt: skip
        assert hits("Report pass@1 and pass@k; set create_graph.", strict) == [
            ("pass@1", "pass-at-k"), ("pass@k", "pass-at-k"), ("create_graph", "double-backward")
        ]  # fmt: skip
        assert hits("An R² of 0.9, the F1 score and k-NN.", strict) == [
            ("R²", "r-squared"), ("F1 score", "f1"), ("k-NN", "knn")
        ]  # fmt: skip
        assert hits("an *a* here and *C* there", strict) == []  # emphasis marks are no name's


def test_joined_words_are_one_word_only_where_a_label_has_them() -> None:
    """`create_graph` and `π_ref` are found as written; a word of another joined word
    (`glossary_terms`, `user@host`) is still found, as before."""
    labels = [("double-backward", "create_graph"), ("ref", "π_ref"), ("glossary", "glossary")]
    matcher = _plain_matcher(labels)
    for strict in (True, False):
        text = "Set create_graph, log π_ref, see #glossary_terms or user@glossary; create graph views."
        assert [(m.text, m.concept_id) for m in matcher.find(text, strict=strict)] == [
            ("create_graph", "double-backward"), ("π_ref", "ref"), ("glossary", "glossary"),
            ("glossary", "glossary"),
        ]  # fmt: skip
