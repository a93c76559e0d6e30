"""A "What is …?" heading is answered by the sentence that says what the thing is, and acronyms with a
letter-and-count ("EC2", "S3") spelled out after them are introductions."""

from __future__ import annotations

from pathlib import Path

from termbase.extract import extract_glossary
from termbase.extract.signals import _spelled_acronym


def test_a_question_heading_takes_the_sentence_saying_what_it_is_not_a_first_mention(tmp_path: Path) -> None:
    (tmp_path / "01-dock.md").write_text(
        "# Dock\n\n## What is a dry berth?\n\n"
        "Keeping a small boat in a **dry berth** is usually cheaper over the winter months. "
        "A dry berth is a rack ashore where a hull rests out of the water between trips.\n",
        encoding="utf-8")
    result = extract_glossary([tmp_path], min_confidence=0.0)
    found = {e.term.lower(): e for e in (*result.entries, *result.review)}
    assert found["dry berth"].definition.startswith("A dry berth is a rack ashore")


def test_a_bracketed_long_form_inside_the_asked_term_still_names_it(tmp_path: Path) -> None:
    (tmp_path / "01-deck.md").write_text(
        "# Deck\n\n## What is an RC2 cradle?\n\n"
        "A steel RC2 (Rope Coil Carrier) cradle is a frame that holds coiled lines on deck. "
        "RC2 cradles come in several sizes.\n\n"
        "Bolt the RC2 down. An RC2 keeps the deck clear.\n",
        encoding="utf-8")
    result = extract_glossary([tmp_path], min_confidence=0.0)
    found = {label.lower(): e for e in (*result.entries, *result.review) for label in (e.term, *e.labels)}
    assert found["rc2 cradle"].definition.startswith("A steel RC2 (Rope Coil Carrier) cradle is a frame")
    assert found["rc2"].term == "Rope Coil Carrier"


def test_a_letter_and_count_in_an_acronym_is_spelled_out() -> None:
    assert _spelled_acronym("EC2") == "ECC"
    assert _spelled_acronym("S3") == "SSS"
    assert _spelled_acronym("W3C") == "WWWC"
    assert _spelled_acronym("CRC32") == "CRC32"  # a width, not a count
    assert _spelled_acronym("HTML5") == "HTML5"


def test_a_listed_name_whose_meaning_opens_with_the_name_again_names_no_kind(tmp_path: Path) -> None:
    (tmp_path / "01-tools.md").write_text(
        "# Tools\n\nOther projects that work with boats:\n\n"
        "- [Knotter](https://example.org/knotter): Knotter draws knots from a short description.\n"
        "- [TIDE](https://example.org/tide): a calendar of the tides for every harbour.\n",
        encoding="utf-8")
    result = extract_glossary([tmp_path], min_confidence=0.6)
    assert "Knotter" not in {label for e in result.entries for label in (e.term, *e.labels)}


def test_a_kind_named_among_others_then_given_its_own_section_is_introduced_there(tmp_path: Path) -> None:
    (tmp_path / "01-passages.md").write_text(
        "# Passages\n\nA passage is a trip from one harbour to the next. There are two kinds of passages:"
        " **coastal** and **offshore**.\n\n"
        "## Coastal passage\n\n"
        "Here land stays in sight the whole way, so a skipper can steer by marks on the shore.\n\n"
        "## Offshore passages\n\n"
        "Out of sight of land, the crew keeps watches through the night.\n",
        encoding="utf-8")
    result = extract_glossary([tmp_path], min_confidence=0.0)
    found = {label.lower(): e for e in (*result.entries, *result.review) for label in (e.term, *e.labels)}
    coastal = found["coastal passage"]
    assert found["coastal"] is coastal
    assert coastal.definition.startswith("Here land stays in sight")
    assert any("among the kinds" in e for e in coastal.evidence)
    assert found["offshore passage"].definition.startswith("Out of sight of land")


def test_a_heading_whose_kind_no_sentence_names_before_gets_no_kind_section(tmp_path: Path) -> None:
    (tmp_path / "01-passages.md").write_text(
        "# Passages\n\nA passage is a trip from one harbour to the next.\n\n"
        "## Coastal passage\n\n"
        "Here land stays in sight the whole way, so a skipper can steer by marks on the shore.\n",
        encoding="utf-8")
    result = extract_glossary([tmp_path], min_confidence=0.0)
    evidence = [e for entry in (*result.entries, *result.review) for e in entry.evidence]
    assert not any("among the kinds" in e for e in evidence)


def test_a_kind_whose_modifier_is_a_noun_of_its_own_does_not_take_the_bare_word(tmp_path: Path) -> None:
    (tmp_path / "01-ropes.md").write_text(
        "# Ropes\n\nThe mast holds the sail up. There are two kinds of lines: mast lines and deck lines.\n\n"
        "## Mast line\n\n"
        "It runs from the top of the mast down to a cleat, and it lifts the sail.\n",
        encoding="utf-8")
    result = extract_glossary([tmp_path], min_confidence=0.0)
    found = {label.lower(): e for e in (*result.entries, *result.review) for label in (e.term, *e.labels)}
    assert "mast" not in found["mast line"].labels


def test_a_marked_term_followed_by_which_specifies_is_explained_there(tmp_path: Path) -> None:
    (tmp_path / "01-plan.md").write_text(
        "# Plan\n\nCheck each leg against the *passage plan*, which specifies the route, the waypoints and"
        " the times of the tides.\n\nThe skipper keeps the passage plan at the chart table.\n",
        encoding="utf-8")
    result = extract_glossary([tmp_path], min_confidence=0.0)
    found = {e.term: e for e in (*result.entries, *result.review)}
    assert any("meaning" in e for e in found["passage plan"].evidence)
    assert "specifies the route" in found["passage plan"].definition
