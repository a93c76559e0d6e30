"""The blank-blocks reader: term block, paragraphs, formulas, `Where:` lists, `Read more:`."""

from __future__ import annotations

from collections import Counter
from functools import partial

import pytest

from conftest import FIXTURES, seed_path
from reader_checks import by_term, read_path, reasons
from termbase.readers.base import unaccounted_lines
from termbase.readers.page_text import (
    REASON_DIVIDER,
    REASON_FOOTER,
    REASON_HEADING,
    REASON_INTRO,
    REASON_TITLE,
)
from termbase.readers.pages.blank_blocks import (
    REASON_ORPHAN_PARAGRAPH,
    REASON_SHORT,
    BlankBlocksReader,
    Kind,
    is_formula_line,
    latex_source,
    line_kind,
)

READER = BlankBlocksReader()
FIXTURE_DIR = FIXTURES / "blank_blocks"
SIGNALS = FIXTURE_DIR / "signals_glossary.txt"
STORAGE = FIXTURE_DIR / "storage_wrapped.txt"
_read = partial(read_path, READER)


# --- seed 004 ---------------------------------------------------------------------------


def test_seed_entries_are_101_distinct_terms():
    _, result = _read(seed_path("004"))
    terms = [entry.term for entry in result.entries]
    assert terms[0] == "AWQ (Activation-Aware Weight Quantization)"
    assert terms[-1] == "Vector Database"
    assert len(set(terms)) == 101


def test_seed_unused_lines_are_header_and_dividers():
    _, result = _read(seed_path("004"))
    why = reasons(result)
    assert why[1] == REASON_HEADING  # "Reference"
    assert why[3] == REASON_TITLE  # "AI & ML Glossary."
    assert why[5] == REASON_INTRO  # "Definitions, related concepts, …"
    assert Counter(why.values()) == {
        REASON_HEADING: 1, REASON_TITLE: 1, REASON_INTRO: 1, REASON_DIVIDER: 20,
    }


def test_seed_plain_entry_in_full():
    _, result = _read(seed_path("004"))
    awq = by_term(result)["AWQ (Activation-Aware Weight Quantization)"]
    assert (awq.line, awq.end_line) == (9, 11)
    assert awq.labels == ("AWQ", "Activation-Aware Weight Quantization")
    assert awq.groups == ()
    assert awq.definition.startswith("A quantization method that identifies and preserves")
    assert awq.definition.endswith("better quality than naive INT4 quantization.")
    assert awq.formulas == () and awq.links == () and awq.locator is None


def test_seed_formula_entry_keeps_latex_only_and_where_list_in_definition():
    _, result = _read(seed_path("004"))
    dpo = by_term(result)["DPO (Direct Preference Optimization)"]
    assert (dpo.line, dpo.end_line) == (83, 103)
    assert dpo.labels == ("DPO", "Direct Preference Optimization")
    assert len(dpo.formulas) == 1
    formula = dpo.formulas[0]
    assert formula.startswith(r"\mathcal{L}_{\text{DPO}}(\pi_\theta;")
    assert r"= -\mathbb{E}" in formula
    assert formula.endswith(r"\right) \right]")
    assert "πθ" not in formula  # the KaTeX-rendered copy is gone
    paragraph, where = dpo.definition.split("\n\n")
    assert paragraph.startswith("An alignment method that skips the reward model")
    assert where.splitlines()[0] == "Where:"
    assert where.splitlines()[1].startswith("- π_θ is the policy")
    assert where.splitlines()[-1] == "- σ is the sigmoid function"
    assert len(where.splitlines()) == 8


def test_seed_all_formulas_are_latex_source():
    _, result = _read(seed_path("004"))
    formulas = {e.term: e.formulas for e in result.entries if e.formulas}
    starts = {
        "DPO (Direct Preference Optimization)": r"\mathcal{L}_{\text{DPO",
        "GRPO (Group Relative Policy Optimization)": r"\mathcal{L}_{\text{GRP",
        "Loss Function": r"\mathcal{L}_{\text{CE}",
        "RLHF (Reinforcement Learning from Human Feedback)": r"L^{\text{PPO}}(\theta)",
        "RoPE (Rotary Position Embeddings)": r"\text{RoPE}(x_m, m) = ",
        "Scaling Laws": r"L(N, D) = \frac{A}{N^\a",
        "Self-Attention": r"\text{Attention}(Q, K,",
        "Softmax": r"\text{softmax}(z_i) = ",
    }
    assert set(formulas) == set(starts)
    assert all(len(f) == 1 and f[0].startswith(starts[term]) for term, f in formulas.items())
    scaling = formulas["Scaling Laws"][0]
    assert scaling.startswith(r"L(N, D) = \frac{A}")  # the rendered "L(N,D)=ANα…" is gone
    assert scaling.endswith(r"+ L_\infty")


def test_seed_read_more_lines_become_links():
    _, result = _read(seed_path("004"))
    entries = by_term(result)
    graph_rag = entries["GraphRAG"]
    assert graph_rag.links == ("RAG in 2026",)
    assert (graph_rag.line, graph_rag.end_line) == (189, 193)
    assert "Read more" not in graph_rag.definition
    assert entries["RAG (Retrieval-Augmented Generation)"].links == ("RAG in 2026",)
    assert sum(1 for e in result.entries if e.links) == 2


# --- detection (seeds and fixtures: test_reader_common) -------------------------------


def test_detect_is_zero_for_unblocked_text():
    assert READER.detect("Term\nA definition right under it, with no blank line between.\n") == 0.0


# --- fixtures ---------------------------------------------------------------------------


def test_signals_fixture_entries():
    _, result = _read(SIGNALS)
    assert [e.term for e in result.entries] == [
        "ADC (Analog-to-Digital Converter)", "Aliasing", "DFT (Discrete Fourier Transform)",
        "FIR Filter", "Nyquist Rate", "Z-Transform",
    ]
    entries = by_term(result)
    adc = entries["ADC (Analog-to-Digital Converter)"]
    assert adc.labels == ("ADC", "Analog-to-Digital Converter")
    assert adc.links == ("Sampling Without Tears",)
    assert (adc.line, adc.end_line) == (9, 13)

    dft = entries["DFT (Discrete Fourier Transform)"]
    assert (dft.line, dft.end_line) == (21, 37)
    assert dft.formulas == (r"X_k = \sum_{n=0}^{N-1} x_n e^{-i 2\pi k n / N}",)
    assert dft.links == ("The FFT, Gently", "Windows and Leakage")
    assert dft.definition == (
        "Turns N evenly spaced samples into N complex coefficients, one for each frequency bin."
        "\n\nWhere:\n- x_n is the n-th sample of the input\n- X_k is the coefficient of bin k"
        "\n- N is the window length in samples"
    )

    fir = entries["FIR Filter"]  # two paragraphs
    assert fir.definition.count("\n\n") == 1
    assert fir.definition.endswith("keeps the shape of a pulse intact.")

    nyquist = entries["Nyquist Rate"]  # a formula with no backslash before the split
    assert nyquist.formulas == (r"f_s > 2 f_{\max}",)


def test_signals_fixture_junk_reasons():
    _, result = _read(SIGNALS)
    assert result.title == "Signals and Systems Glossary"
    assert reasons(result) == {
        1: REASON_HEADING, 3: REASON_TITLE, 5: REASON_INTRO, 7: REASON_DIVIDER,
        19: REASON_DIVIDER, 39: REASON_DIVIDER, 41: REASON_SHORT, 49: REASON_DIVIDER,
        57: REASON_DIVIDER, 63: REASON_FOOTER,
    }


def test_storage_fixture_wrapped_paragraphs_tight_bullets_and_see_also():
    _, result = _read(STORAGE)
    assert result.title == "Glossary of Storage Terms"
    entries = by_term(result)
    bloom = entries["Bloom Filter"]
    assert (bloom.line, bloom.end_line) == (8, 22)
    assert bloom.definition.startswith(
        'A compact bit array that answers "is this key possibly present?" with no false negatives'
    )
    assert bloom.formulas == (r"p \approx \left(1 - e^{-kn/m}\right)^k",)
    assert bloom.definition.splitlines()[-5:] == [
        "Where:",
        "- p is the false-positive probability",
        "- k is the number of hash functions",
        "- n is the number of inserted keys",
        "- m is the size of the bit array",
    ]
    assert bloom.see_also == ("Hash Index", "LSM Tree")

    lsm = entries["LSM Tree (Log-Structured Merge Tree)"]
    assert lsm.labels == ("LSM Tree", "Log-Structured Merge Tree")
    assert "sorted, immutable runs" in lsm.definition  # the wrapped line is joined
    assert lsm.links == ("Compaction Strategies Compared",)

    wal = entries["WAL / Redo Log"]
    assert wal.labels == ("WAL", "Redo Log")
    assert wal.groups == (("WAL",), ("Redo Log",))
    assert reasons(result)[47] == REASON_FOOTER


# --- pieces -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "latex"),
    [
        ("E=mc2E = mc^2", "E = mc^2"),
        (r"\frac{a}{b}", r"\frac{a}{b}"),
        (r"y=x2y = x^{2}", r"y = x^{2}"),
        (r"α+β\alpha + \beta", r"\alpha + \beta"),
        (r"x_n = \sum_k y_k", r"x_n = \sum_k y_k"),
    ],
)
def test_latex_source_drops_the_rendered_copy(line, latex):
    assert latex_source(line) == latex


@pytest.mark.parametrize(
    "line",
    [
        "A plain sentence that mentions x_i in passing.",
        "Accuracy = correct / total",
        "L_2 regularization",
    ],
)
def test_prose_is_not_a_formula(line):
    assert not is_formula_line(line)


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ("A", Kind.DIVIDER),
        ("  • x is the input", Kind.BULLET),
        ("Where:", Kind.LIST_HEADING),
        ("Read more:Some Title", Kind.READ_MORE),
        ("See also: A, B", Kind.SEE_ALSO),
        ("Benchmark", Kind.TERM),
        ("This line is a short but complete sentence.", Kind.PARAGRAPH),
        ("AI & ML Glossary.", Kind.SHORT),
    ],
)
def test_line_kind(line, kind):
    assert line_kind(line) is kind


def test_paragraph_without_term_is_reported():
    text = (
        "A\n\nB\n\nThis paragraph has no term line above it at all.\n\n"
        "Term\n\nIt has a definition of its own.\n"
    )
    result = READER.read(text, "x.txt")
    assert [e.term for e in result.entries] == ["Term"]
    assert reasons(result)[5] == REASON_ORPHAN_PARAGRAPH
    assert unaccounted_lines(text, result) == []
