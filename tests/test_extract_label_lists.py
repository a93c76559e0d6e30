"""Lists of labels over statements (benefits, advice, settings) give no terms; a list of glosses does."""

from __future__ import annotations

from pathlib import Path

from termbase.extract import extract_glossary
from termbase.extract.label_lists import states_something


def _found(tmp_path: Path, text: str) -> dict[str, float]:
    """Return the confidence of every candidate, kept or sent to review."""
    (tmp_path / "harbour.md").write_text(text, encoding="utf-8")
    result = extract_glossary([tmp_path], min_confidence=0.0)
    return {e.term.lower(): e.confidence for e in (*result.entries, *result.review)}


def _kept(found: dict[str, float]) -> set[str]:
    return {term for term, confidence in found.items() if confidence >= 0.6}


def test_a_list_of_benefits_gives_no_terms(tmp_path: Path) -> None:
    found = _found(tmp_path, (
        "# Why moor in the inner basin\n\nThe inner basin offers a few things to a visiting crew:\n\n"
        "1. **Safer Mooring**: Boats tied up here ride out the swell without rolling.\n"
        "2. **Lower Fees**: Quickly pays back the walk from the outer wall.\n"
        "3. **Better Shelter**: Shields the fleet from the westerly gales.\n"
        "4. **Convenience**: Fuel and water hoses reach every pontoon.\n"))
    assert not {"safer mooring", "lower fees", "better shelter", "convenience"} & _kept(found)


def test_a_list_of_statements_under_labels_gives_no_terms_unless_about_the_label(tmp_path: Path) -> None:
    found = _found(tmp_path, (
        "# Harbour rules\n\nAt the quay:\n\n"
        "- **Night entry**: The harbour master must be called on channel twelve before dark.\n"
        "- **Rafting**: Boats can lie three abreast along the north wall.\n"
        "- **Fenders**: Fenders are soft pads hung between a hull and the quay.\n"
        "- **Example**: A visiting ketch may raft up to the club launch.\n"))
    assert not {"night entry", "rafting"} & _kept(found)
    assert {"fender", "fenders"} & _kept(found)


def test_a_list_of_settings_and_advice_gives_no_terms(tmp_path: Path) -> None:
    found = _found(tmp_path, (
        "# Before you sail\n\nKeep these in mind:\n\n"
        "- **Reef size:** The default is two slabs. This value can be changed in the rigging plan.\n"
        "- **Crew weight:** Because of the narrow beam, you cannot seat everyone on one side.\n"))
    assert not {"reef size", "crew weight"} & _kept(found)


def test_a_list_of_glosses_still_gives_its_terms(tmp_path: Path) -> None:
    found = _found(tmp_path, (
        "# Deck gear\n\nThe deck carries:\n\n"
        "- **Cleat**: A fitting that holds a line fast when it is wound around it.\n"
        "- **Winch**: A drum turned by a handle, used to pull in a loaded sheet.\n"
        "- **Fairlead**: A ring or hook that guides a line around an obstacle.\n"))
    assert {"cleat", "winch", "fairlead"} <= _kept(found)


def test_which_texts_are_statements() -> None:
    assert states_something("Quickly reveals how the crew spends its time.", "Watch log")
    assert not states_something("Defines the knots and hitches taught to each crew.", "Rulebook")
    assert states_something("The total length determines how deep the keel sits.", "Hull size")
    assert states_something("Which lines are loaded right now?", "Load check")
    assert not states_something("A line that is tied to the bow of a dinghy.", "Painter")
    assert not states_something("An anchor is a heavy hook dropped to hold a boat.", "Anchor")
    assert not states_something("Regions of the deck kept clear for the crew.", "Walkways")


def test_a_labelled_list_announced_as_terms_keeps_its_state_definitions(tmp_path: Path) -> None:
    found = _found(tmp_path, (
        "# Terminology\n\nA line on deck is either made fast or free:\n\n"
        "- **Made fast**: A line is tied off on a cleat and holds under load.\n"
        "- **Free**: A line is not tied off anywhere and runs out when pulled.\n"))
    assert "made fast" in _kept(found)


def test_dash_labelled_ways_of_doing_something_with_examples_between(tmp_path: Path) -> None:
    found = _found(tmp_path, (
        "# Mooring\n\nThere are a few ways to make a boat fast:\n\n"
        "* **bow first** - This is the usual way, which is to tie off at the front first:\n\n"
        "  ```\n  tie(bow)\n  ```\n\n"
        "* **stern first** - Boats with a transom ladder are easier to board this way:\n\n"
        "  ```\n  tie(stern)\n  ```\n\n"
        "* **Fender** - A soft pad hung between the hull and the quay.\n"))
    assert not {"bow first", "stern first"} & _kept(found)
    assert "fender" in _kept(found)


def test_an_item_naming_its_plural_label_after_the_verb_is_about_it(tmp_path: Path) -> None:
    found = _found(tmp_path, (
        "# Harbour rules\n\nThe rules come in layers:\n\n"
        "- **Bylaws**: At the top are the bylaws that the council passes each year for every harbour.\n"
        "- **Notices**: Under the bylaws are notices. The harbour master posts them at the office.\n"
        "- **Night entry**: The harbour master must be called on channel twelve before dark.\n"))
    assert {"notice", "notices"} & _kept(found)
    assert "night entry" not in _kept(found)


def test_labels_under_pros_and_cons_lead_ins_give_no_terms(tmp_path: Path) -> None:
    found = _found(tmp_path, (
        "# Keeping the dinghy on deck\n\nYou can stow the tender aboard for the crossing.\n\n**Pros**:\n\n"
        "- **Quicker departures**: Saves launching it at every anchorage.\n"
        "- **Works in a swell**: Handy when the bay is too rough to tow.\n\n**Cons**:\n\n"
        "- **Deck clutter**: Takes up the space by the mast where the crew stands.\n"
        "- **Heavy lifting**: Hauling it up needs two people and the halyard.\n"))
    assert not {"quicker departures", "works in a swell", "deck clutter", "heavy lifting"} & _kept(found)


def test_labels_in_a_callout_giving_reasons_give_no_terms(tmp_path: Path) -> None:
    found = _found(tmp_path, (
        "# Charts\n\nWe carry paper charts as well as the plotter.\n\n"
        ":::::: callout\n### Why keep paper charts?\n\n"
        "1. **Power independence**:\n   The sheets stay readable when the batteries run flat.\n\n"
        "2. **Wider overview**:\n   Each folded sheet shows the whole passage at one glance.\n\n"
        "3. **Planning together**:\n   The whole crew can lean over the table and mark hazards.\n"
        "::::::\n"))
    assert not {"power independence", "wider overview", "planning together"} & _kept(found)


def test_a_callout_of_glosses_under_a_why_heading_keeps_its_terms(tmp_path: Path) -> None:
    found = _found(tmp_path, (
        "# Why we reef early\n\nThe words used on board:\n\n"
        "- **Reef point**: A short line sewn into the sail to tie the reefed cloth down.\n"
        "- **Luff**: The leading edge of a sail, nearest the mast.\n"))
    assert {"reef point", "luff"} <= _kept(found)


def test_a_list_of_option_keys_announced_as_options_gives_no_terms(tmp_path: Path) -> None:
    text = ("# Chart plotter\n\nThe plotter reads a settings file. The following options are supported:\n\n"
            "- **gridcolor** (colour name): Colour of the chart grid.\n"
            "- **depthunit** (metres or fathoms): Unit of the soundings.\n"
            "- **safetydepth** (number): Depth under which water is shaded.\n\n"
            "Kinds of buoy the plotter draws:\n\n"
            "- **cardinal**: a buoy that marks where the safe water lies by compass point.\n"
            "- **lateral**: a buoy that marks one side of a channel.\n"
            "- **isolated**: a buoy over a small danger with water all round.\n")
    kept = _kept(_found(tmp_path, text))
    assert not {"gridcolor", "depthunit", "safetydepth"} & kept
    assert {"cardinal", "lateral"} <= kept
