"""Where a term is introduced: a section devoted to it comes before a later recap that states it more
sharply. The recap's sentence may give the definition; the section is still where the book brings the
idea in. Fixtures are small courses written for these tests."""

from __future__ import annotations

from pathlib import Path

from termbase.extract import extract_glossary


def _course(root: Path) -> list[Path]:
    pages = {
        "01-steering.md": (
            "# Steering\n\nThe helm turns the boat, and the crew trims the sails to match.\n\n"
            "## Tacking\n\nIn tacking, instead of turning away from the wind, we turn the bow through it "
            "so that the sails fill from the other side.\n\nPractise tacking in light air first.\n"),
        "02-gybing.md": (
            "# Gybing\n\nGybing turns the stern through the wind, which is harder on the rig than "
            "tacking.\n\nThe crew calls out before tacking or gybing.\n"),
        "03-recap.md": (
            "# A short recap\n\n- *Tacking*: turning the bow of the boat through the wind so the sails "
            "change sides.\n- *Reefing*: making a sail smaller so that the boat stays easy to handle "
            "in a strong wind.\n"),
    }
    for name, text in pages.items():
        (root / name).write_text(text, encoding="utf-8")
    return [root / name for name in pages]


def test_a_section_devoted_to_a_term_introduces_it_before_a_later_recap(tmp_path: Path) -> None:
    result = extract_glossary(_course(tmp_path), min_confidence=0.0)
    found = {e.term.lower(): e for e in (*result.entries, *result.review)}
    tacking = found["tacking"]
    assert tacking.chapter.endswith("01-steering.md")
    assert tacking.section == "Tacking"
    # the recap's sentence is sharper: it stays the definition
    assert tacking.definition.lower().startswith("turning the bow")


def test_a_recap_still_introduces_a_term_no_earlier_section_is_devoted_to(tmp_path: Path) -> None:
    result = extract_glossary(_course(tmp_path), min_confidence=0.0)
    found = {e.term.lower(): e for e in (*result.entries, *result.review)}
    assert found["reefing"].chapter.endswith("03-recap.md")


def test_a_doc_builder_anchor_in_a_heading_is_its_anchor_not_words_of_its_title(tmp_path: Path) -> None:
    (tmp_path / "steering.mdx").write_text(
        "# Steering [[steering]]\n\nThe helm turns the boat.\n\n## Tacking [[tacking-basics]]\n\n"
        "In tacking, instead of turning away from the wind, we turn the bow through it so that the sails "
        "fill from the other side.\n", encoding="utf-8")
    result = extract_glossary([tmp_path], min_confidence=0.0, base_url="https://example.org/course/")
    assert result.chapters[0].title == "Steering"
    tacking = next(e for e in (*result.entries, *result.review) if e.term.lower() == "tacking")
    assert (tacking.section, tacking.anchor) == ("Tacking", "tacking-basics")
    assert tacking.url.endswith("steering.html#tacking-basics")


def test_an_act_named_by_what_it_does_is_introduced_where_the_sentence_says_so(tmp_path: Path) -> None:
    pages = {
        "01-turning.md": (
            "# Turning\n\n*Gybing* is turning the stern of the boat through the wind, so that the boom "
            "swings across.\n\nWatch the boom when gybing in a strong wind.\n"),
        "02-practice.md": (
            "# Practice\n\nPractise gybing on a calm day, and call out before gybing so the crew can "
            "duck.\n"),
        "03-drills.md": (
            "# Drills\n\nWith the wind behind, we do a **gybing** (turning the stern through the wind) "
            "every five minutes.\n\nAfter each gybing drill, the crew checks the sheets.\n"),
    }
    for name, text in pages.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    result = extract_glossary([tmp_path / name for name in pages], min_confidence=0.0)
    gybing = next(e for e in (*result.entries, *result.review) if e.term.lower() == "gybing")
    assert gybing.chapter.endswith("01-turning.md")


def test_an_earlier_sentence_that_says_what_it_is_beats_a_later_section_devoted_to_it(tmp_path: Path) -> None:
    pages = {
        "01-deck.md": ("# On deck\n\nA fairlead is a ring or hook that guides a line along the deck.\n\n"
                       "Run the sheet through the fairlead before you cleat it.\n"),
        "02-gear.md": ("# Deck gear\n\n## Fairleads\n\nFairleads come in many shapes: blocks, rings and "
                       "hooks that keep a line from chafing.\n"),
    }
    for name, text in pages.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    result = extract_glossary([tmp_path / name for name in pages], min_confidence=0.0)
    fairlead = next(e for e in (*result.entries, *result.review) if e.term.lower() == "fairlead")
    assert fairlead.chapter.endswith("01-deck.md")
    assert fairlead.definition.lower().startswith("a ring or hook")


def test_a_use_that_points_to_a_later_chapter_gives_way_to_that_chapter(tmp_path: Path) -> None:
    glossary = "../reference.md"
    pages = {
        "01-deck.md": (f"# On deck\n\nBefore the race, grease the [winch]({glossary}#winch) (see chapter 3) "
                       "and coil the lines.\n\nThe crew checks the winch after every race.\n"),
        "02-lines.md": "# Lines\n\nA sheet is a line that trims a sail.\n",
        "03-winches.md": ("# Winches\n\n## Winches\n\nWinches take up a line under load: a handle turns "
                          "a drum, and a pawl keeps it from running back.\n\nGrease every winch each "
                          "season.\n"),
    }
    for name, text in pages.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    result = extract_glossary([tmp_path / name for name in pages], min_confidence=0.0)
    winch = next(e for e in (*result.entries, *result.review) if e.term.lower() == "winch")
    assert winch.chapter.endswith("03-winches.md")



def test_a_reading_list_heading_is_no_section_devoted_to_the_term(tmp_path: Path) -> None:
    pages = {
        "01-resources.md": ("# Learning resources\n\n## Trim plans\n\n_Articles discussing ways to write "
                            "trim plans_\n\n- **Trim for beginners**: https://example.org/trim\n"),
        "02-trim.md": ("# Trim\n\nA trim plan is a short list of crew moves for each change of wind.\n\n"
                       "Every trim plan fits on one card.\n"),
    }
    for name, text in pages.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    result = extract_glossary([tmp_path / name for name in pages], min_confidence=0.0)
    plan = next(e for e in (*result.entries, *result.review) if e.term.lower() == "trim plan")
    assert plan.chapter.endswith("02-trim.md")


def test_a_kind_called_a_name_introduces_the_name(tmp_path: Path) -> None:
    pages = {
        "01-start.md": ("# Getting started\n\nBefore a race you write a special file called a *trim plan* "
                        "to decide how each crew member moves when the wind shifts.\n"),
        "02-trim.md": ("# Trim\n\nA trim plan is a short list of crew moves for each change of wind.\n\n"
                       "Every trim plan fits on one card.\n"),
    }
    for name, text in pages.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    result = extract_glossary([tmp_path / name for name in pages], min_confidence=0.0)
    plan = next(e for e in (*result.entries, *result.review) if e.term.lower() == "trim plan")
    assert plan.chapter.endswith("01-start.md")
