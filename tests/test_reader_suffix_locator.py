"""The suffix-locator reader: term lines with a locator at their end, then a definition."""

from __future__ import annotations

from functools import partial

import pytest

from conftest import FIXTURES, seed_path
from reader_checks import by_term, read_path, reasons
from termbase.model import Locator
from termbase.readers.base import unaccounted_lines
from termbase.readers.pages.suffix_locator import SuffixLocatorReader, split_term_line

READER = SuffixLocatorReader()
STATISTICS = FIXTURES / "suffix_locator" / "statistics_course.txt"
DATABASES = FIXTURES / "suffix_locator" / "databases_weekly.txt"
read = partial(read_path, READER)


def test_seed_000_entries_are_term_and_definition_line_pairs_with_chapters() -> None:
    _, result = read(seed_path("000"))
    assert all(entry.end_line == entry.line + 1 for entry in result.entries)
    assert all(entry.locator and entry.locator.kind == "chapter" for entry in result.entries)


def test_seed_000_entries_in_full() -> None:
    _, result = read(seed_path("000"))
    entries = by_term(result)
    flash = entries["FlashAttention"]
    assert (flash.line, flash.end_line) == (60, 61)
    assert flash.labels == ("FlashAttention",)
    assert flash.groups == ()
    assert flash.locator == Locator(kind="chapter", text="Ch 14", number="14")
    assert flash.definition.startswith("Dao et al. 2022/2023.")
    assert flash.definition.endswith("current frontier on Hopper/Blackwell.")
    first = result.entries[0]
    assert (first.term, first.line, first.end_line) == ("A2A", 9, 10)
    assert first.locator == Locator(kind="chapter", text="Ch 21", number="21")
    adam = entries["Adam / AdamW"]
    assert adam.labels == ("Adam", "AdamW")
    assert adam.groups == (("Adam",), ("AdamW",))
    assert adam.locator is not None and adam.locator.number == "07"
    expert = entries["Expert Parallelism (EP)"]
    assert set(expert.labels) == {"Expert Parallelism", "EP"}
    last = result.entries[-1]
    assert (last.term, last.line, last.end_line) == ("π0 / π0.5", 247, 248)
    assert last.groups == (("π0",), ("π0.5",))


def test_seed_000_terms_ending_in_digits_keep_them() -> None:
    _, result = read(seed_path("000"))
    entries = by_term(result)
    for term in ("BF16", "B200", "H100", "FP8", "SAM 2", "RT-2"):
        assert term in entries, term
    assert entries["BF16"].locator == Locator(kind="chapter", text="Ch 01", number="01")
    assert entries["SAM 2"].locator == Locator(kind="chapter", text="Ch 26", number="26")


def test_seed_000_unused_lines_say_why() -> None:
    _, result = read(seed_path("000"))
    why = reasons(result)
    assert why[1] == "page heading"  # "Reference"
    assert why[3] == "page title"  # "Glossary"
    assert why[5] == "intro text"
    assert why[7] == why[245] == "letter divider"  # "A" and "Π"
    assert sum(reason == "letter divider" for reason in why.values()) == 25


@pytest.mark.parametrize(
    ("line", "term", "locator"),
    [
        ("FlashAttentionCh 14", "FlashAttention", Locator("chapter", "Ch 14", "14")),
        ("GPT-4Ch 12", "GPT-4", Locator("chapter", "Ch 12", "12")),
        ("BF16Ch 01", "BF16", Locator("chapter", "Ch 01", "01")),
        ("Llama 3Chapter 9", "Llama 3", Locator("chapter", "Chapter 9", "9")),
        ("Section 230Ch 5", "Section 230", Locator("chapter", "Ch 5", "5")),
        ("SearchCh. 3", "Search", Locator("chapter", "Ch. 3", "3")),
        ("Median — Lesson 2", "Median", Locator("module", "Lesson 2", "2")),
        ("Mode (Ch. 4)", "Mode", Locator("chapter", "Ch. 4", "4")),
        ("Index [Section 3.2]", "Index", Locator("section", "Section 3.2", "3.2")),
        ("Page rank§7", "Page rank", Locator("section", "§7", "7")),
        ("NULL p. 41", "NULL", Locator("page", "p. 41", "41")),
        ("Sharding chapter 6", "Sharding", Locator("chapter", "chapter 6", "6")),
    ],
)
def test_splits_the_locator_off_the_end_only(line: str, term: str, locator: Locator) -> None:
    assert split_term_line(line) == (term, locator)


@pytest.mark.parametrize(
    "line",
    [
        "Epoch 3",  # a glued locator word must be written `Ch`, not `ch`
        "Step 3",  # `p` without a dot is no page locator
        "DUTCH 5",
        "Llama 3",
        "Mode (Ch. 4",  # unbalanced bracket
        "Ch 4",  # no term before the locator
        "This long sentence is prose and no term, as the course shows in chapter 3",
        "Cross-entropy is defined in Chapter 2.",
    ],
)
def test_lines_that_are_no_term_line(line: str) -> None:
    assert split_term_line(line) is None


def test_statistics_fixture_reads_locator_variants_and_reports_the_rest() -> None:
    _, result = read(STATISTICS)
    assert result.title == "Statistics Glossary"
    assert [entry.term for entry in result.entries] == [
        "ANOVA (Analysis of Variance)",
        "Alternative hypothesis",
        "Bayes' theorem",
        "Bootstrap / Jackknife",
        "“Central limit theorem”",
        "Chi-squared test",
        "R2",
        "Log2 / Log10",
    ]
    entries = by_term(result)
    anova = entries["ANOVA (Analysis of Variance)"]
    assert set(anova.labels) == {"ANOVA", "Analysis of Variance"}
    assert anova.locator == Locator("chapter", "Chapter 9", "9")
    assert entries["Alternative hypothesis"].locator == Locator("chapter", "Ch. 6", "6")
    clt = entries["“Central limit theorem”"]
    assert clt.labels == ("Central limit theorem",)
    assert clt.locator == Locator("module", "Lesson 4", "4")
    assert entries["Chi-squared test"].locator == Locator("chapter", "Ch. 10", "10")
    boot = entries["Bootstrap / Jackknife"]
    assert boot.groups == (("Bootstrap",), ("Jackknife",))
    assert (boot.line, boot.end_line) == (18, 20)  # a definition running over two lines
    assert boot.definition.startswith("Two ways of judging")
    assert boot.definition.endswith("drops one observation at a time.")
    assert entries["R2"].locator == Locator("chapter", "Ch 12", "12")
    assert entries["Log2 / Log10"].groups == (("Log2",), ("Log10",))
    why = reasons(result)
    assert why[1] == "page heading"
    assert why[5] == "intro text"
    assert why[28] == "term line with no definition after it"  # Confidence interval
    assert why[30] == "heading or navigation text between entries"  # Back to top
    assert why[39] == "definition line with no term before it"


def test_databases_fixture_reads_other_locator_words() -> None:
    _, result = read(DATABASES)
    entries = by_term(result)
    assert list(entries) == [
        "2PC", "ACID", "B-tree", "Index", "INNER JOIN / OUTER JOIN", "Normalization", "NULL"]
    assert entries["2PC"].locator == Locator("module", "Week 9", "9")
    assert entries["B-tree"].locator == Locator("module", "Lesson 3", "3")
    assert entries["Index"].locator == Locator("section", "Section 3.2", "3.2")
    assert entries["Normalization"].locator == Locator("module", "Module 5b", "5b")
    assert entries["NULL"].locator == Locator("page", "p. 41", "41")
    assert entries["INNER JOIN / OUTER JOIN"].groups == (("INNER JOIN",), ("OUTER JOIN",))
    assert (entries["NULL"].line, entries["NULL"].end_line) == (27, 28)
    why = reasons(result)
    assert why[4] == "letter divider"  # "#"
    assert why[2] == "intro text"


def test_blank_line_between_term_and_definition_when_the_page_always_does_so() -> None:
    text = "Glossary\n\nMeanCh 1\n\nThe sum divided by the count.\n\nMedianCh 1\n\nThe middle value.\n"
    result = READER.read(text, "page.txt")
    assert [(e.term, e.line, e.end_line) for e in result.entries] == [
        ("Mean", 3, 5), ("Median", 7, 9)]
    assert result.entries[1].definition == "The middle value."
    assert unaccounted_lines(text, result) == []


def test_malformed_input_is_reported_not_raised() -> None:
    text = "MeanCh 1\nMedianCh 2\nThe middle value.\n\nModeCh 3"
    result = READER.read(text, "bad.txt")
    assert [entry.term for entry in result.entries] == ["Median"]
    assert [(u.line, u.reason) for u in result.unused] == [
        (1, "term line with no definition after it"),
        (5, "term line with no definition after it"),
    ]
    assert unaccounted_lines(text, result) == []
    assert READER.detect("A\n\nB\n") == 0.0
