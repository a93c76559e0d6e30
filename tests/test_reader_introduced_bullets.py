"""The introduced-bullets reader: `- term Introduced in §N · Title` then `- definition`."""

from __future__ import annotations

from functools import partial

import pytest

from conftest import FIXTURES, seed_path
from reader_checks import by_term, read_path, reasons
from termbase.model import Locator
from termbase.readers.base import unaccounted_lines
from termbase.readers.pages.introduced_bullets import (
    IntroducedBulletsReader,
    parse_locator,
    split_term_line,
)

READER = IntroducedBulletsReader()
DATABASES = FIXTURES / "introduced_bullets" / "databases.md"
STATISTICS = FIXTURES / "introduced_bullets" / "statistics.txt"
read = partial(read_path, READER)


def test_seed_001_entries_are_numbered_section_bullet_pairs() -> None:
    _, result = read(seed_path("001"))
    assert all(entry.end_line == entry.line + 1 for entry in result.entries)
    assert all(entry.locator and entry.locator.kind == "section" for entry in result.entries)
    assert all(entry.locator and entry.locator.number for entry in result.entries)
    assert not any(entry.definition.startswith("- ") for entry in result.entries)


def test_seed_001_entries_in_full() -> None:
    _, result = read(seed_path("001"))
    aha = result.entries[0]
    assert (aha.term, aha.line, aha.end_line) == ('"aha moment"', 4, 5)
    assert aha.labels == ("aha moment",)
    assert aha.locator == Locator(
        kind="section", text="§23 · GRPO & DeepSeek-R1", number="23", title="GRPO & DeepSeek-R1"
    )
    assert aha.definition.startswith("The observation in DeepSeek-R1-Zero that")
    entries = by_term(result)
    bf16 = entries["BF16"]
    assert (bf16.line, bf16.end_line) == (50, 51)
    assert bf16.locator == Locator("section", "§05 · Precision & numerics", "05",
                                   "Precision & numerics")
    assert bf16.definition.startswith("Brain Floating-point 16-bit")
    cot = entries["chain-of-thought (CoT)"]
    assert set(cot.labels) == {"chain-of-thought", "CoT"}
    ssm = entries["SSM / hybrid architectures"]
    assert ssm.groups == (("SSM",), ("hybrid architectures",))
    last = result.entries[-1]
    assert (last.term, last.line, last.end_line) == ("zero-shot", 600, 601)
    assert last.locator == Locator("section", "§12 · GPT-2", "12", "GPT-2")


def test_seed_001_header_lines_say_why() -> None:
    _, result = read(seed_path("001"))
    assert [(u.line, u.reason) for u in result.unused] == [
        (1, "page title"), (2, "page heading"), (3, "intro text")]


@pytest.mark.parametrize("prefix", ["000", "002", "003", "004"])
def test_other_seeds_give_no_entries(prefix: str) -> None:
    _, result = read(seed_path(prefix))
    assert result.entries == ()


@pytest.mark.parametrize(
    ("text", "locator"),
    [
        ("§23 · GRPO & DeepSeek-R1", Locator("section", "§23 · GRPO & DeepSeek-R1", "23",
                                             "GRPO & DeepSeek-R1")),
        ("Chapter 4: Joins", Locator("chapter", "Chapter 4: Joins", "4", "Joins")),
        ("Chapter 4. Joins", Locator("chapter", "Chapter 4. Joins", "4", "Joins")),
        ("Lesson 2 — Bagging", Locator("module", "Lesson 2 — Bagging", "2", "Bagging")),
        ("§3.2 · Sampling", Locator("section", "§3.2 · Sampling", "3.2", "Sampling")),
        ("Week 3", Locator("module", "Week 3", "3")),
        ("[§3 · Sampling](https://example.org/s3)",
         Locator("section", "§3 · Sampling", "3", "Sampling", "https://example.org/s3")),
        ("Tokenization basics", Locator("section", "Tokenization basics", "",
                                        "Tokenization basics")),
        ("GPT-2 paper", Locator("section", "GPT-2 paper", "", "GPT-2 paper")),
    ],
)
def test_parses_locators(text: str, locator: Locator) -> None:
    assert parse_locator(text) == locator


@pytest.mark.parametrize(
    ("line", "term", "locator_text"),
    [
        ("- 3D parallelism Introduced in §07 · Parallelism", "3D parallelism",
         "§07 · Parallelism"),
        ("* bagging — introduced in Lesson 2", "bagging", "Lesson 2"),
        ("• “p-value” (Introduced in Unit 3: Testing)", "“p-value”", "Unit 3: Testing"),
        ("odds ratio First introduced in Week 4", "odds ratio", "Week 4"),
        ("- join Defined in Chapter 4", "join", "Chapter 4"),
        ("- join Introduced: Chapter 4", "join", "Chapter 4"),
    ],
)
def test_splits_term_lines(line: str, term: str, locator_text: str) -> None:
    parsed = split_term_line(line)
    assert parsed is not None
    assert parsed[0] == term
    assert parsed[1].text == locator_text


@pytest.mark.parametrize(
    "line",
    [
        "- A method introduced in 2017 by two researchers.",  # lower case, no separator: prose
        "- Introduced in §3 · Orphans",  # no term
        "- The eleven words before this marker are far too many for a term Introduced in §1",
        "- reintroduced in §3",
        "- term Introduced in",  # no locator
    ],
)
def test_lines_that_are_no_term_line(line: str) -> None:
    assert split_term_line(line) is None


def test_markdown_fixture_reads_links_headings_and_continuations() -> None:
    _, result = read(DATABASES)
    assert result.title == "Glossary"
    entries = by_term(result)
    assert list(entries) == [
        "ACID (Atomicity, Consistency, Isolation, Durability)",
        "“anti-join”",
        "B-tree / B+ tree",
        "cardinality",
        "CTE",
    ]
    acid = entries["ACID (Atomicity, Consistency, Isolation, Durability)"]
    assert acid.locator == Locator("chapter", "Chapter 7: Transactions", "7", "Transactions")
    assert acid.definition.startswith("The set of guarantees a transaction gives")
    anti = entries["“anti-join”"]
    assert anti.labels == ("anti-join",)
    assert anti.locator == Locator("chapter", "Chapter 4: Joins", "4", "Joins",
                                   "https://db.example.org/ch4")
    btree = entries["B-tree / B+ tree"]
    assert btree.groups == (("B-tree",), ("B+ tree",))
    assert (btree.line, btree.end_line) == (14, 16)  # an indented continuation line
    assert btree.definition == (
        "Balanced search trees with many keys per node. A B+ tree keeps every value in its "
        "leaves and links the leaves for fast range scans."
    )
    assert entries["cardinality"].locator == Locator(
        "chapter", "Chapter 5.1 · Query planning", "5.1", "Query planning")
    assert entries["CTE"].locator == Locator("section", "Appendix", "", "Appendix")
    why = reasons(result)
    assert why[1] == "page title"
    assert why[3] == "intro text"
    assert why[5] == why[12] == why[20] == "letter divider"
    assert why[17] == "bullet with no term line before it"
    assert why[18] == "term line with no definition after it"  # buffer pool


def test_plain_text_fixture_reads_other_bullets_and_markers() -> None:
    _, result = read(STATISTICS)
    entries = by_term(result)
    assert list(entries) == [
        "p-value", '"standard error"', "MLE (maximum likelihood estimation)",
        "Type I error / Type II error", "variance"]
    assert entries["p-value"].locator == Locator("module", "Lesson 5 — Testing", "5", "Testing")
    assert entries['"standard error"'].labels == ("standard error",)
    assert entries['"standard error"'].locator == Locator(
        "module", "Lesson 3 · Sampling", "3", "Sampling")
    mle = entries["MLE (maximum likelihood estimation)"]
    assert set(mle.labels) == {"MLE", "maximum likelihood estimation"}
    assert mle.locator == Locator("module", "Unit 6: Estimation", "6", "Estimation")
    errors = entries["Type I error / Type II error"]
    assert errors.groups == (("Type I error",), ("Type II error",))
    assert errors.locator == Locator("section", "§4.2 · Errors", "4.2", "Errors")
    variance = entries["variance"]
    assert (variance.line, variance.end_line) == (13, 14)
    assert variance.definition == "The average squared distance of values from their mean."
    why = reasons(result)
    assert [why[1], why[2], why[3]] == ["page heading", "page heading", "intro text"]
    assert why[12] == "bullet with no term line before it"


def test_malformed_input_is_reported_not_raised() -> None:
    text = (
        "- mean Introduced in Lesson 1\n"
        "- median Introduced in Lesson 1\n"
        "- The middle value.\n"
        "- An extra bullet nobody introduced.\n"
        "\n"
        "- mode Introduced in Lesson 2"
    )
    result = READER.read(text, "bad.md")
    assert [entry.term for entry in result.entries] == ["median"]
    assert [(u.line, u.reason) for u in result.unused] == [
        (1, "term line with no definition after it"),
        (4, "bullet with no term line before it"),
        (6, "term line with no definition after it"),
    ]
    assert unaccounted_lines(text, result) == []
