"""The module-extract reader: term line + `<icon> Module →snippet`, amid junk lines."""

from __future__ import annotations

from collections import Counter
from functools import partial

import pytest

from conftest import FIXTURES, seed_path
from reader_checks import by_term, read_path, reasons
from termbase.model import Locator
from termbase.readers.base import unaccounted_lines
from termbase.readers.page_text import REASON_DIVIDER, REASON_INTRO, REASON_TITLE
from termbase.readers.pages.module_extract import (
    REASON_CUT_OFF,
    REASON_EXTRA_MODULE,
    REASON_FRAGMENT,
    REASON_LONE_MODULE,
    REASON_LONE_TERM,
    REASON_PLAIN_TEXT_LINK,
    REASON_SENTENCE,
    REASON_SUBTITLE,
    ModuleExtractReader,
    parse_module_line,
)

READER = ModuleExtractReader()
FIXTURE_DIR = FIXTURES / "module_extract"
DATABASES = FIXTURE_DIR / "databases_course.txt"
COMPILERS = FIXTURE_DIR / "compilers_plain_arrows.txt"

SEED_TERMS = [
    "BatchNorm", "BERT", "BLEU", "ChatGPT", "CLAUDE", "DeepSeek", "DRAM", "FlashAttention",
    "FLOP", "GEMM", "GPTQ", "HuggingFace", "HumanEval", "ImageNet", "InfiniBand", "InstructGPT",
    "LayerNorm", "NotebookLM", "NVIDIA", "PagedAttention", "PreToolUse", "PyTorch",
    "QueryEngine", "ReLU", "SwiGLU", "TFLOP", "TFLOPS", "TTFT", "VRAM", "YouTube",
]
CONTENT_REASONS = {REASON_SUBTITLE, REASON_SENTENCE, REASON_FRAGMENT, REASON_CUT_OFF}
_read = partial(read_path, READER)


# --- seed 003 ---------------------------------------------------------------------------


def test_seed_has_exactly_the_thirty_term_module_pairs():
    _, result = _read(seed_path("003"))
    assert [entry.term for entry in result.entries] == SEED_TERMS
    assert all(entry.end_line == entry.line + 1 for entry in result.entries)


def test_seed_reports_every_other_line_with_a_specific_reason():
    """206 non-blank lines = 30 entries × 2 + 146 unused lines.

    The 146 are the 3 page-header lines above the first letter divider (title, intro
    text, plain-text link), the 23 letter dividers, and 120 content lines.
    """
    text, result = _read(seed_path("003"))
    nonblank = [line for line in text.splitlines() if line.strip()]
    assert len(nonblank) == 206
    counts = Counter(unused.reason for unused in result.unused)
    assert counts[REASON_TITLE] == counts[REASON_INTRO] == counts[REASON_PLAIN_TEXT_LINK] == 1
    assert counts[REASON_DIVIDER] == 23
    content = [u for u in result.unused if u.reason in CONTENT_REASONS]
    assert len(content) == 120
    assert counts == {
        REASON_TITLE: 1, REASON_INTRO: 1, REASON_PLAIN_TEXT_LINK: 1, REASON_DIVIDER: 23,
        REASON_SENTENCE: 66, REASON_SUBTITLE: 45, REASON_CUT_OFF: 5, REASON_FRAGMENT: 4,
    }


def test_seed_junk_lines_get_the_reason_that_fits_them():
    _, result = _read(seed_path("003"))
    why = reasons(result)
    assert why[1] == REASON_TITLE  # "Glossary"
    assert why[2] == REASON_INTRO  # "Auto-extracted from all 84 modules. …"
    assert why[3] == REASON_PLAIN_TEXT_LINK  # "LLM-friendly plain text at /glossary-data.txt"
    assert why[4] == REASON_DIVIDER  # "A"
    assert why[22] == REASON_SUBTITLE  # "The complete Transformer pipeline — …"
    assert why[28] == REASON_SENTENCE  # "A trajectory evaluator scores …"
    assert why[32] == REASON_FRAGMENT  # "report +2pp accuracy on ImageNet …"
    assert why[74] == REASON_CUT_OFF  # "A production pipeline: … heur..."
    # A sentence with an arrow inside it is not a module line.
    assert why[102] == REASON_SENTENCE  # "For a typical LLM: … d→4d and 4d→d …"


def test_seed_entries_in_full():
    _, result = _read(seed_path("003"))
    entries = by_term(result)
    flash = entries["FlashAttention"]
    assert (flash.line, flash.end_line) == (50, 51)
    assert flash.labels == ("FlashAttention",)
    assert flash.groups == ()
    assert flash.locator == Locator(kind="module", text="🎯 Self-Attention", title="Self-Attention")
    assert flash.definition.startswith("This is why long-context models are challenging")
    assert flash.formulas == () and flash.links == ()
    assert flash.source.endswith(".txt")

    bleu = entries["BLEU"]
    assert bleu.locator == Locator(kind="module", text="🔤 Tokenization", title="Tokenization")
    assert bleu.definition.startswith("BPE, vocabulary size, and why")  # a module subtitle
    assert bleu.definition.endswith("count letters")

    infiniband = entries["InfiniBand"]  # the icon carries a variation selector (U+FE0F)
    assert infiniband.locator is not None
    assert infiniband.locator.text == "🖥️ Distributed Training"
    assert infiniband.locator.title == "Distributed Training"

    notebook = entries["NotebookLM"]  # a module name with a colon in it
    assert notebook.locator is not None and notebook.locator.title == "Case: Design Perplexity"

    layer_norm = entries["LayerNorm"]  # the snippet itself holds arrows; only the first splits
    assert layer_norm.definition.startswith("4) N identical blocks, each: LayerNorm → Multi-Head")


# --- detection (seeds and fixtures: test_reader_common) -------------------------------


def test_detect_is_zero_without_pairs():
    assert READER.detect("Alpha\nA plain definition line.\nBeta\nAnother one.\n") == 0.0


# --- fixtures ---------------------------------------------------------------------------


def test_databases_fixture_entries():
    _, result = _read(DATABASES)
    assert [e.term for e in result.entries] == [
        "ACID", "B-tree", "Buffer pool", "CTE (Common Table Expression)", "Cardinality",
        "Deadlock", "MVCC (Multi-Version Concurrency Control)", "Normalization", "WAL",
    ]
    entries = by_term(result)
    cte = entries["CTE (Common Table Expression)"]
    assert cte.labels == ("CTE", "Common Table Expression")
    assert cte.locator == Locator(kind="module", text="🧩 Advanced SQL", title="Advanced SQL")
    assert cte.definition.startswith("A named subquery written with WITH")
    assert (cte.line, cte.end_line) == (15, 16)
    wal = entries["WAL"]  # `->` instead of `→`
    assert wal.locator == Locator(kind="module", text="💾 Durability", title="Durability")
    assert wal.definition.startswith("Changes are appended to a log")
    normalization = entries["Normalization"]  # a blank line between term and module line
    assert (normalization.line, normalization.end_line) == (29, 31)


def test_databases_fixture_junk_reasons():
    _, result = _read(DATABASES)
    assert result.title == "Glossary"
    why = reasons(result)
    assert why[3] == REASON_PLAIN_TEXT_LINK
    assert why[5] == REASON_SUBTITLE
    assert why[14] == REASON_FRAGMENT
    assert why[23] == REASON_EXTRA_MODULE
    assert why[27] == REASON_CUT_OFF
    assert why[33] == REASON_LONE_TERM
    assert why[34] == REASON_SENTENCE
    assert why[38] == REASON_SUBTITLE
    assert sum(1 for r in why.values() if r == REASON_DIVIDER) == 8
    assert len(result.unused) == 19


def test_compilers_fixture_plain_module_names_without_icons():
    _, result = _read(COMPILERS)
    assert len(result.entries) == 7
    assert result.title == "Compiler Construction: Term Finder"
    entries = by_term(result)
    ast = entries["AST"]
    assert ast.locator == Locator(kind="module", text="Parsing", title="Parsing")
    assert ast.definition.startswith("The parser hands the later passes a tree")
    dfa = entries["DFA (Deterministic Finite Automaton)"]
    assert dfa.labels == ("DFA", "Deterministic Finite Automaton")
    assert (dfa.line, dfa.end_line) == (11, 12)
    assert reasons(result) == {
        1: REASON_TITLE,
        2: REASON_INTRO,
        3: REASON_PLAIN_TEXT_LINK,
        10: REASON_SUBTITLE,
        19: REASON_SENTENCE,
    }


# --- pieces -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "text", "name", "snippet"),
    [
        ("🔤 Tokenization →BPE splits words", "🔤 Tokenization", "Tokenization", "BPE splits words"),
        ("⚙️ Query Engine -> Plans run here", "⚙️ Query Engine", "Query Engine", "Plans run here"),
        ("Sampling → Taking values at instants", "Sampling", "Sampling", "Taking values at instants"),
        ("📦 Storage →", "📦 Storage", "Storage", ""),
    ],
)
def test_parse_module_line_accepts_module_lines(line, text, name, snippet):
    module = parse_module_line(line)
    assert module is not None
    assert (module.text, module.name, module.snippet) == (text, name, snippet)


@pytest.mark.parametrize(
    "line",
    [
        "For most small tables the rule of thumb holds: scan → filter → sort.",
        "the lower-case start -> is not a module name",
        "No arrow at all here",
        "🔤 → a module line with no module name",
    ],
)
def test_parse_module_line_rejects_other_lines(line):
    assert parse_module_line(line) is None


def test_module_line_without_term_is_reported():
    text = "A\nThis line ends a sentence.\n🔤 Tokenization →Orphan snippet\nTerm\n📦 Storage →Defined.\n"
    result = READER.read(text, "x.txt")
    assert [e.term for e in result.entries] == ["Term"]
    assert reasons(result) == {1: REASON_DIVIDER, 2: REASON_SENTENCE, 3: REASON_LONE_MODULE}
    assert unaccounted_lines(text, result) == []
