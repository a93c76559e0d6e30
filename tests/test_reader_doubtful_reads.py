"""Reads that must never be silently wrong, as fixtures of our own: a lone page read as a term
page, pointer words inside longer words, placeholder definitions, and an `A / B` acronym pair
whose expansion is slash-joined too."""

from __future__ import annotations

from pathlib import Path

import pytest

from termbase.build import LONE_PAGE, read_source, read_sources
from termbase.labels import group_expansions, parse_term
from termbase.model import Entry
from termbase.readers.placeholder_definitions import CHECK as PLACEHOLDER_CHECK
from termbase.readers.placeholder_definitions import placeholder
from termbase.readers.pointer_entries import pointer_targets
from termbase.resolve import resolve
from termbase.sources import SourceText

# -- 1. a lone page with tags or a `Source:` line: read, but flagged ------------------------------

TAGGED_PAGE = (
    "# Trimming a wick\n\n"
    "Cut the wick of the lamp to a quarter inch before you light it.\n"
    "Source: https://example.org/lamps/care\n\n"
    "## Tags\n\n* care\n* lamps\n"
)


def _term_page(number: int) -> str:
    body = f"A cord of woven cotton number {number} that draws oil up to the flame."
    return f"# Wick {number}\n\n{body}\n\n## Tags\n\nCategory:Lamp\n"


def test_a_lone_tagged_page_is_read_as_one_term_but_flagged_with_where_and_how(tmp_path: Path) -> None:
    page = tmp_path / "trimming.md"
    page.write_text(TAGGED_PAGE, encoding="utf-8")
    (read,), errors = read_sources([str(page)])
    assert not errors and read.source.reader == "markdown-term-page"
    flagged = [f for f in read.findings if f.check == LONE_PAGE]
    assert len(flagged) == 1
    described = flagged[0].describe()
    assert described.startswith(f"{page}:1: ")
    assert "--format markdown-term-page" in described and "'Trimming a wick'" in described


def test_the_same_page_named_with_format_is_not_flagged(tmp_path: Path) -> None:
    page = tmp_path / "trimming.md"
    page.write_text(TAGGED_PAGE, encoding="utf-8")
    (read,), _ = read_sources([str(page)], format_name="markdown-term-page")
    assert read.result.entries[0].term == "Trimming a wick"
    assert not [f for f in read.findings if f.check == LONE_PAGE]


def test_pages_in_a_folder_of_such_pages_are_not_flagged(tmp_path: Path) -> None:
    for number in range(6):
        (tmp_path / f"wick{number}.md").write_text(_term_page(number), encoding="utf-8")
    read, errors = read_sources([str(tmp_path)])
    assert not errors and len(read) == 6
    assert all(r.source.reader == "markdown-term-page" for r in read)
    assert not [f for r in read for f in r.findings if f.check == LONE_PAGE]


def test_a_tagged_page_in_a_folder_of_few_such_pages_stays_flagged(tmp_path: Path) -> None:
    (tmp_path / "trimming.md").write_text(TAGGED_PAGE, encoding="utf-8")
    (tmp_path / "wick.md").write_text(_term_page(1), encoding="utf-8")
    read, _ = read_sources([str(tmp_path)])
    assert len(read) == 2
    assert all(any(f.check == LONE_PAGE for f in r.findings) for r in read)


# -- 2. pointer words are whole words ----------------------------------------------------------


def _entry(term: str, definition: str, line: int = 1) -> Entry:
    labels, groups = parse_term(term)
    return Entry("g.txt", line, line, term, labels, definition, groups)


@pytest.mark.parametrize(
    ("definition", "targets"),
    [
        ("Zie regelaar.", ("regelaar",)),
        ("Siehe Regler.", ("Regler",)),
        ("Voir four.", ("four",)),
        ("Véase horno.", ("horno",)),
        ("Vedi forno.", ("forno",)),
        ("Veja forno.", ("forno",)),
        ("Lihat tungku.", ("tungku",)),
        ("cf. kiln", ("kiln",)),
        ("См. печь", ("печь",)),
        ("Смотрите печь", ("печь",)),
        ("参见窑", ("窑",)),
    ],
)
def test_pointer_words_in_several_languages_point(definition: str, targets: tuple[str, ...]) -> None:
    assert pointer_targets(_entry("oven", definition)) == targets


@pytest.mark.parametrize(
    "definition",
    [
        "Zielwert eines Reglers.",  # zie
        "Voirie communale.",  # voir
        "Vedic hymns.",  # vedi
        "Vejamos depois.",  # veja
        "Siehestu.",  # siehe
        "Lihatlah.",  # lihat
        "Véasela.",  # véase
        "cfengine agent.",  # cf
        "Смотрины невесты.",  # смотри
    ],
)
def test_a_word_that_only_begins_like_a_pointer_word_points_nowhere(definition: str) -> None:
    assert pointer_targets(_entry("oven", definition)) == ()


def test_a_word_that_begins_with_zie_does_not_fold_an_entry_into_another() -> None:
    text = (
        "Gebruiker\n: Iemand die het systeem gebruikt.\n\n"
        "Zielkundige\n: Zielkunde beoefenaar.\n\n"
        "Lkunde beoefenaar\n: Een verzonnen term om de val te zetten.\n"
    )
    source = read_source(SourceText("g.md", text))
    assert {e.term for e in source.result.entries} == {"Gebruiker", "Zielkundige", "Lkunde beoefenaar"}


# -- 3. placeholder definitions: an entry with no definition, flagged --------------------------


@pytest.mark.parametrize(
    "text",
    [
        "TBD",
        "TODO",
        "*TBD*",
        "Needs content update.",
        "Needs content updates.",
        "Coming soon!",
        "(to be written)",
        "[Placeholder]",
        "Definition needed",
        "TODO: explain the firing curve",
        "...",
        "—",
    ],
)
def test_placeholders(text: str) -> None:
    assert placeholder(text)


@pytest.mark.parametrize(
    "text",
    [
        "To be written by the author of a chapter, a short summary comes first.",
        "A TODO list holds tasks.",
        "An oven.",
        "Seeds",
        "Coming soonest wins the race.",
    ],
)
def test_definitions_that_mention_a_placeholder_word_are_kept(text: str) -> None:
    assert not placeholder(text)


def test_a_table_row_whose_definition_is_a_placeholder_is_an_entry_with_no_definition() -> None:
    text = (
        "Term,Definition\n"
        "Kiln,An oven that fires clay until it is hard.\n"
        "Glaze,TBD\n"
        "Slip,Needs content update.\n"
        "Wheel,A turning disc on which clay is shaped.\n"
    )
    source = read_source(SourceText("pottery.csv", text))
    definitions = {e.term: e.definition for e in source.result.entries}
    assert definitions["Glaze"] == "" and definitions["Slip"] == ""
    assert definitions["Kiln"].startswith("An oven")
    (finding,) = [f for f in source.findings if f.check == PLACEHOLDER_CHECK]
    assert finding.line == 3 and "2 entries" in finding.message and "'TBD'" in finding.message
    assert finding.describe().startswith("pottery.csv:3: ")


def test_a_file_with_no_placeholders_gets_no_such_finding() -> None:
    text = "Term,Definition\nKiln,An oven that fires clay.\nGlaze,A glassy coat on pottery.\nSlip,Wet clay.\n"
    source = read_source(SourceText("pottery.csv", text))
    assert not [f for f in source.findings if f.check == PLACEHOLDER_CHECK]


# -- 4. `A / B` acronyms with a slash-joined expansion: two concepts, each its half -------------


def test_two_acronyms_sharing_a_slash_joined_expansion_stay_two_concepts() -> None:
    concepts = resolve([_entry("PW / PH", "Potter's Wheel / Hand — two ways of shaping a pot")])
    by_label = {label: c for c in concepts for label in c.labels}
    assert by_label["PW"] is not by_label["PH"]
    assert "Potter's Wheel" in by_label["PW"].labels
    assert "Potter's Hand" in by_label["PH"].labels


def test_a_copy_restored_from_an_export_gets_its_own_half() -> None:
    # an export keeps each idea's copy of `SK / SG` with the entry's names and its own group only
    definition = "Stoneware Kiln / Glaze — fired hot"
    assert group_expansions([("SG",), ()], definition, ("SK", "SG")) == ["Stoneware Glaze", ""]
    assert group_expansions([("AB",), ()], "Alpha Beta Charlie — one thing", ("AB", "AC")) == ["", ""]


@pytest.mark.parametrize(
    ("groups", "definition", "expansions"),
    [
        ([("SK",), ("SG",)], "Stoneware Kiln / Glaze — fired hot", ["Stoneware Kiln", "Stoneware Glaze"]),
        ([("FG",), ("RG",)], "Front / Rear Gear — the two gears", ["Front Gear", "Rear Gear"]),
        ([("LK",), ("GK",)], "Lamp Kit / Gear Kit — two boxes", ["Lamp Kit", "Gear Kit"]),
        ([("AB",), ("AC",)], "Alpha Beta Charlie — one thing", ["", ""]),  # no split: given to none
        ([("LK",)], "Lamp Kit — a box of parts", ["Lamp Kit"]),
    ],
)
def test_group_expansions(groups: list[tuple[str, ...]], definition: str, expansions: list[str]) -> None:
    assert group_expansions(groups, definition) == expansions
