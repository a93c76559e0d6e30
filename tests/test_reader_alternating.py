"""Tests for the alternating-lines reader: term line, definition line, … with no blank lines."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest

from conftest import FIXTURES, seed_path
from reader_checks import by_term, read_path
from termbase.labels import parse_term
from termbase.model import Entry, ReadResult
from termbase.readers.page_text import (
    REASON_DIVIDER,
    REASON_FOOTER,
    REASON_INTRO,
    REASON_NO_DEFINITION,
    REASON_TITLE,
)
from termbase.readers.pages.alternating import AlternatingReader, join_definition, see_also_targets

READER = AlternatingReader()
FIXTURE_DIR = FIXTURES / "alternating"

#: The nine entries of seed 002 whose definitions run over several lines: (term, first, last).
SEED_MULTILINE = [
    ("Convolution Layers", 239, 246),
    ("Cross product", 269, 273),
    ("Diffusion model", 330, 332),
    ("Dot product", 349, 352),
    ("Gradients", 521, 538),
    ("MLP", 759, 761),
    ("Position vector", 946, 948),
    ("Reparameterization trick", 1027, 1032),
    ("Residual connection", 1037, 1042),
]


_read = partial(read_path, READER)


@pytest.fixture(scope="module")
def seed_002() -> tuple[Path, str, ReadResult]:
    path = seed_path("002")
    text, result = _read(path)
    return path, text, result


# ── seed 002 ──────────────────────────────────────────────────────────────────────────


def test_seed_002_entries_start_on_690_distinct_lines(seed_002):
    _, _, result = seed_002
    assert len({entry.line for entry in result.entries}) == 690


def test_seed_002_header_and_footer_are_unused_with_reasons(seed_002):
    _, _, result = seed_002
    reasons = {(unused.line, unused.reason) for unused in result.unused}
    assert (1, REASON_TITLE) in reasons
    assert (2, REASON_INTRO) in reasons
    footer = [u for u in result.unused if u.reason == REASON_FOOTER]
    assert footer[0].text == "License"
    assert footer[1].text.startswith("MIT License.")
    assert footer[1].line == footer[0].line + 1 == result.entries[-1].end_line + 2


def test_seed_002_multiline_entries_are_exactly_the_nine(seed_002):
    _, _, result = seed_002
    multiline = [(e.term, e.line, e.end_line) for e in result.entries if e.end_line > e.line + 1]
    assert multiline == SEED_MULTILINE


@pytest.mark.parametrize(("term", "first", "last"), SEED_MULTILINE)
def test_seed_002_multiline_entry_is_one_entry(seed_002, term, first, last):
    _, text, result = seed_002
    entry = by_term(result)[term]
    assert (entry.line, entry.end_line) == (first, last)
    lines = text.splitlines()
    assert lines[first - 1] == term
    for number in range(first + 1, last + 1):
        assert lines[number - 1].strip() in entry.definition


def test_seed_002_sub_headings_inside_gradients_are_not_terms(seed_002):
    _, _, result = seed_002
    terms = by_term(result)
    for heading in ("A Concrete Example", "Calculating the Gradient", "Interpreting the Results"):
        assert heading not in terms
        assert f"\n\n{heading}\n\n" in terms["Gradients"].definition
    assert "\n- Prediction:\ny = 2·3 + 1 = 7 - Target:\n10 - Loss:\n" in terms["Gradients"].definition
    # The next real term sorts before "Gradients" (a seed quirk) and is still a term.
    assert terms["Gradient checkpointing"].line == 539


def test_seed_002_roughly_sorted_terms_still_read(seed_002):
    _, _, result = seed_002
    terms = by_term(result)
    assert terms["AOTInductor"].line == 61 and terms["AnyRes"].line == 63
    assert terms["TD error"].line + 2 == terms["TD3"].line
    assert terms["β-VAE"].end_line == terms["σ-schedule (Karras)"].line - 1


def test_seed_002_see_also_targets(seed_002):
    _, _, result = seed_002
    found = {entry.term: entry.see_also for entry in result.entries if entry.see_also}
    assert found == {
        "AdaLN": ("AdaLN-Zero",),
        "Batch": ("Batching",),
        "CIFAR-10": ("MNIST",),
        "Conditional GAN (cGAN)": ("projection discriminator",),
        "Exponent": ("mantissa",),
    }


def test_seed_002_one_line_entry_in_full(seed_002):
    path, text, result = seed_002
    definition = text.splitlines()[7]
    assert definition.startswith("Articulated-Body Algorithm")
    assert by_term(result)["ABA"] == Entry(
        source=str(path),
        line=7,
        end_line=8,
        term="ABA",
        labels=("ABA",),
        definition=definition,
    )


def test_seed_002_labels_and_groups_come_from_parse_term(seed_002):
    _, _, result = seed_002
    terms = by_term(result)
    assert terms["CDNA / RDNA"].labels == ("CDNA", "RDNA")
    assert terms["CDNA / RDNA"].groups == (("CDNA",), ("RDNA",))
    assert terms["AdaGN (adaptive group normalization)"].labels == ("AdaGN", "adaptive group normalization")
    for entry in result.entries:
        assert (entry.labels, entry.groups) == parse_term(entry.term)
        assert entry.locator is None


def test_seed_002_multiline_definition_in_full(seed_002):
    _, text, result = seed_002
    lines = text.splitlines()
    entry = by_term(result)["Dot product"]
    assert entry.definition == "\n\n".join(lines[349:352])
    bullets = by_term(result)["Convolution Layers"].definition
    assert "poster:\n\n- When the stencil" in bullets
    assert "feature map.\n- But when" in bullets
    assert "feature map.\n\nBy the end of the sweep" in bullets


# ── detection (seeds, fixtures and odd input: see test_reader_common) ────────────────────


def test_registry_picks_this_reader_for_its_shape():
    from termbase.readers import pick_reader

    for path in (seed_path("002"), FIXTURE_DIR / "networking.txt", FIXTURE_DIR / "statistics.txt"):
        assert pick_reader(path.read_text(encoding="utf-8")).name == "alternating"


def test_detect_is_low_on_prose_and_blank_separated_text():
    prose = "\n".join(f"This is sentence number {n} of a plain paragraph of prose." for n in range(40))
    blocks = "\n\n".join(f"Term {chr(65 + n)}\n\nIts definition, set off by blank lines." for n in range(20))
    assert READER.detect(prose) < 0.3
    assert READER.detect(blocks) < 0.3


# ── fixtures ──────────────────────────────────────────────────────────────────────────


def test_networking_fixture_entries():
    path = FIXTURE_DIR / "networking.txt"
    _, result = _read(path)
    terms = by_term(result)
    assert len(result.entries) == 14
    assert result.title == "Networking Glossary"
    assert [(u.line, u.reason) for u in result.unused] == [(1, REASON_TITLE), (2, REASON_INTRO)]
    assert terms["3-way handshake"].line == 3
    assert terms["ARP (Address Resolution Protocol)"].labels == ("ARP", "Address Resolution Protocol")
    assert terms["Unicast / Multicast"].groups == (("Unicast",), ("Multicast",))
    assert terms['"Best effort" delivery'].line == 9
    assert terms["Bandwidth"].see_also == ("Throughput",)
    assert terms["Latency"].see_also == ("Round-trip time",)
    assert terms["MTU"].definition.endswith("without splitting it")


def test_networking_multiline_entry_in_full():
    path = FIXTURE_DIR / "networking.txt"
    _, result = _read(path)
    entry = by_term(result)["Packet loss"]
    assert (entry.line, entry.end_line) == (21, 28)
    assert entry.definition == (
        "The share of packets that leave a sender but never reach the receiver, most often "
        "because a queue on the path was full.\n\n"
        "loss rate = (packets sent - packets received) / packets sent\n\n"
        "How to spot it\n\n"
        "- Gaps in the sequence numbers seen by the receiver.\n"
        "- Retransmission counters rising while throughput drops.\n\n"
        "Why it matters\n\n"
        "Even a few percent of loss can halve the speed of a TCP transfer, because the sender "
        "slows down each time it notices a gap."
    )
    assert by_term(result)["Ping"].line == 29


def test_statistics_fixture_entries_headings_and_footer():
    path = FIXTURE_DIR / "statistics.txt"
    text, result = _read(path)
    terms = by_term(result)
    assert len(result.entries) == 16
    assert result.title == "Statistics Terms"
    letters = [u.text for u in result.unused if u.reason == REASON_DIVIDER]
    assert letters == ["A", "B", "C", "D", "E", "M", "N", "O", "P", "S", "T", "V"]
    footer = [u.text for u in result.unused if u.reason == REASON_FOOTER]
    assert footer == ["Licence", "Text in this glossary may be reused under CC BY 4.0."]
    assert terms["95% confidence interval"].line == 3
    assert terms["Mean / Median"].groups == (("Mean",), ("Median",))
    assert terms["Mean / Median"].see_also == ("Outlier",)
    assert terms['"Statistically significant"'].labels == ("Statistically significant",)
    assert terms["ANOVA (analysis of variance)"].labels == ("ANOVA", "analysis of variance")
    bootstrap = terms["Bootstrap"]
    assert (bootstrap.line, bootstrap.end_line) == (9, 15)
    assert "\n\nStep by step\n\n1. Draw n rows" in bootstrap.definition
    assert "repeats.\n2. Compute" in bootstrap.definition
    error = terms["Standard error"]
    assert (error.line, error.end_line) == (40, 43)
    assert "SE = s / √n" in error.definition
    assert text.splitlines()[error.end_line - 1] in error.definition


# ── edge cases and malformed input ───────────────────────────────────────────────────


def test_trailing_term_without_definition_is_reported():
    text = "Alpha\nThe first letter.\nBeta\nThe second letter.\nGamma"
    result = READER.read(text, "t.txt")
    assert [e.term for e in result.entries] == ["Alpha", "Beta"]
    assert [(u.line, u.text, u.reason) for u in result.unused] == [(5, "Gamma", REASON_NO_DEFINITION)]


def test_title_without_glossary_word_is_found_by_order():
    names = ["Alpha", "Beta", "Delta", "Epsilon", "Gamma", "Kappa", "Zeta"]
    body = "\n".join(f"{name}\nThe letter called {name.lower()}." for name in names)
    text = "Networking Basics\nA short guide, for beginners, to how data moves.\n" + body
    result = READER.read(text, "t.txt")
    assert result.title == "Networking Basics"
    assert [e.term for e in result.entries] == names
    assert [(u.line, u.reason) for u in result.unused] == [(1, REASON_TITLE), (2, REASON_INTRO)]


def test_unsorted_page_does_not_use_alphabetical_order():
    names = ["Zebra", "Apple", "Mango", "Carrot", "Banana", "Kiwi", "Date"]
    text = "\n".join(f"{name}\nA thing called {name.lower()}." for name in names)
    result = READER.read(text, "t.txt")
    assert [e.term for e in result.entries] == names
    assert result.unused == ()


def test_second_sorted_run_is_not_swallowed_by_the_first():
    first = ["Apple", "Banana", "Cherry", "Grape", "Kiwi", "Lemon", "Mango", "Plum"]
    second = ["Asparagus", "Bean", "Carrot", "Leek", "Pea"]
    text = "\n".join(f"{name}\nA food called {name.lower()}." for name in first + second)
    result = READER.read(text, "t.txt")
    assert [e.term for e in result.entries] == first + second


def test_sub_heading_out_of_order_joins_the_definition():
    names = ["Alpha", "Beta", "Delta", "Epsilon", "Gamma", "Kappa", "Lambda", "Omega", "Sigma", "Theta"]
    lines = [f"{name}\nThe letter {name.lower()}." for name in names]
    # "Usage" sorts after Gamma but after the next terms too; "Also known as" sorts before Kappa.
    lines[4] = "Gamma\nThe third letter of the Greek alphabet.\nUsage\n- Angles in geometry."
    lines[5] = "Kappa\nThe letter kappa.\nAlso known as\nCappa, in some old texts."
    result = READER.read("\n".join(lines), "t.txt")
    assert [e.term for e in result.entries] == names
    spans = {e.term: (e.line, e.end_line) for e in result.entries}
    assert spans["Gamma"] == (9, 12) and spans["Kappa"] == (13, 16)


def test_line_after_colon_continues_the_definition():
    text = "Alpha\nIt has two parts:\nBeta part\nGamma\nThe third."
    result = READER.read(text, "t.txt")
    assert [(e.term, e.line, e.end_line) for e in result.entries] == [("Alpha", 1, 3), ("Gamma", 4, 5)]


# ── helpers ───────────────────────────────────────────────────────────────────────────


def test_join_definition_keeps_paragraphs_bullets_and_wrapped_items():
    assert join_definition(["One."]) == "One."
    assert join_definition(["One.", "Two."]) == "One.\n\nTwo."
    assert join_definition(["Intro:", "- a", "- b", "After."]) == "Intro:\n\n- a\n- b\n\nAfter."
    assert join_definition(["- The problem: a", "wrapped rest.", "Next."]) == (
        "- The problem: a\nwrapped rest.\n\nNext."
    )


@pytest.mark.parametrize(
    ("definition", "targets"),
    [
        ("Text. See also AdaLN-Zero.", ("AdaLN-Zero",)),
        ("Text. See also Batching, which is the same idea.", ("Batching",)),
        ("See also projection discriminator, an efficient way.", ("projection discriminator",)),
        ("Text. See also torch.compile for speed", ("torch.compile for speed",)),
        ("Text, see also its cousin CIFAR-10.", ()),
        ("No cross reference here.", ()),
        ("A. See also X. More. See also Y.", ("X", "Y")),
    ],
)
def test_see_also_targets(definition, targets):
    assert see_also_targets(definition) == targets
