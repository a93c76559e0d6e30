"""Silent wrong reads a walk-through found: a sentence about another thing under a heading, a bold
subject with a mass noun, a review item whose sentence only uses the word, compact MDX tabs, Quarto
callouts and reST's escaped-space plurals."""

from __future__ import annotations

from pathlib import Path

from termbase.documents.markdown import parse_markdown
from termbase.documents.rst import parse_rst
from termbase.extract import ExtractedEntry, extract_glossary


def _found(tmp_path: Path, name: str, text: str) -> dict[str, ExtractedEntry]:
    (tmp_path / name).write_text(text, encoding="utf-8")
    result = extract_glossary([tmp_path], min_confidence=0.0)
    return {e.term: e for e in (*result.entries, *result.review)}


def test_a_sentence_saying_what_another_thing_is_gives_the_heading_no_entry(tmp_path: Path) -> None:
    found = _found(tmp_path, "01-sky.md", (
        "# The night sky\n\nOn a clear night you can see many lights overhead.\n\n## Stars\n\n"
        "The Sun is a star that sits at the centre of our solar system.\n\n"
        "A **pulsar** is a star that spins fast and sweeps beams of radio waves past us.\n"))
    assert found["pulsar"].definition.startswith("A star that spins")
    star = found.get("star")
    assert star is None or "Sun" not in star.definition


def test_a_heading_over_a_description_the_term_names_still_introduces_it(tmp_path: Path) -> None:
    found = _found(tmp_path, "01-mem.md", (
        "# Memory\n\n## Bytes\n\nThe smallest piece of memory a program can address on its own is a byte.\n\n"
        "A program reads each byte in turn. Eight bits make one byte.\n"))
    assert "byte" in found and "smallest piece of memory" in found["byte"].definition


def test_a_bold_subject_with_a_mass_noun_is_a_definition(tmp_path: Path) -> None:
    found = _found(tmp_path, "01-soil.md", (
        "# Soil\n\n**Loam** is soil made of sand, silt and clay in roughly even shares.\n\n"
        "Gardeners like loam because it holds water without turning sticky.\n"))
    assert found["loam"].confidence >= 0.6
    assert found["loam"].definition.startswith("Soil made of sand")
    soil = found.get("soil")
    assert soil is None or "sand, silt" not in soil.definition  # loam's sentence says nothing of soil


def test_an_adjective_after_a_bold_subject_is_no_mass_noun(tmp_path: Path) -> None:
    found = _found(tmp_path, "01-tools.md", (
        "# Tools\n\n**Caution** is important that day, said the skipper to the crew.\n"))
    caution = found.get("caution")
    assert caution is None or "followed by 'is a …'" not in caution.evidence


def test_a_heading_over_a_sentence_that_only_uses_the_word_offers_no_definition(tmp_path: Path) -> None:
    found = _found(tmp_path, "01-knots.md", (
        "# Ropes\n\n## Knots\n\nEvery deckhand should learn a few knots before the first sail.\n\n"
        "Tie them slowly at first.\n"))
    knot = found["knot"]
    assert knot.definition == ""
    assert knot.first_use.startswith("Every deckhand should learn")
    assert "the section heading names it and the text below uses it" in knot.evidence


def test_compact_mdx_tabs_keep_the_markdown_they_wrap(tmp_path: Path) -> None:
    text = (
        "# Setup\n\nInstall the tool first.\n\n<Tabs groupId=\"os\"\n"
        "  values={[{label: 'Mac', value: 'mac'}]}>\n"
        "<TabItem value=\"mac\" label=\"macOS\">\nA **bottle** is a prebuilt package that the installer "
        "fetches instead of building the source.\n<CodeBlock language=\"sh\">\nbrew install thing\n"
        "</CodeBlock>\n"
        "</TabItem>\n</Tabs>\n\nNow run it.\n")
    document = parse_markdown(text, "setup.mdx")
    prose = [b for b in document.blocks if b.kind == "prose"]
    assert any(b.text.startswith("A bottle is a prebuilt package") and b.line == 8 for b in prose)
    assert not any("brew install" in b.text or "groupId" in b.text for b in prose)
    found = _found(tmp_path, "setup.mdx", text)
    assert found["bottle"].confidence >= 0.6


def test_quarto_callouts_are_read_as_prose(tmp_path: Path) -> None:
    found = _found(tmp_path, "01-rivers.qmd", (
        "---\ntitle: \"Rivers\"\n---\n\nWe follow rivers from source to sea.\n\n"
        "::: {.callout-tip collapse=\"true\"}\n## Words to know\n\nA **floodplain** is the flat land "
        "beside a river that water covers when the river overflows.\n:::\n\n"
        "::: callout-important\nA **meander** is a wide bend in a river that drifts across its valley.\n"
        ":::\n"))
    assert found["floodplain"].confidence >= 0.6 and found["meander"].confidence >= 0.6


def test_a_rest_plural_written_with_an_escaped_space_is_one_word() -> None:
    document = parse_rst("Marks\n=====\n\nA domain groups :term:`directive`\\ s and *role*\\ s together.\n",
                         "marks.rst")
    paragraph = next(b for b in document.blocks if b.kind == "prose")
    assert paragraph.text == "A domain groups directives and roles together."


def _book(tmp_path: Path, chapters: dict[str, str]) -> dict[str, ExtractedEntry]:
    for name, text in chapters.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    result = extract_glossary([tmp_path / name for name in chapters], min_confidence=0.0)
    return {e.term: e for e in (*result.entries, *result.review)}


def test_a_term_linked_wherever_it_is_used_is_introduced_where_a_sentence_says_what_it_is(
        tmp_path: Path) -> None:
    link = "[winch](glossary.md#winch)"
    found = _book(tmp_path, {
        "01-deck.md": f"# Deck\n\nCheck the {link} before you sail.\n\nGrease the {link} each month.\n",
        "02-lines.md": f"# Lines\n\nLead the sheet to the {link} and pull.\n\n"
                       f"Never leave a line on the {link}.\n",
        "03-gear.md": "# Gear\n\nA winch is a drum turned by a handle that pulls a line in with little "
                      "effort.\n",
    })
    assert found["winch"].chapter.endswith("03-gear.md")
    assert found["winch"].definition.startswith("A drum turned by a handle")


def test_a_term_linked_once_is_introduced_where_it_is_linked(tmp_path: Path) -> None:
    found = _book(tmp_path, {
        "01-deck.md": "# Deck\n\nCheck the [winch](glossary.md#winch) before you sail.\n",
        "02-gear.md": "# Gear\n\nA winch is a drum turned by a handle that pulls a line in with little "
                      "effort.\n",
    })
    assert found["winch"].chapter.endswith("01-deck.md")


def test_a_plain_sentence_saying_what_a_name_is_introduces_the_name_marked_later(tmp_path: Path) -> None:
    found = _book(tmp_path, {
        "01-intro.md": "# Welcome\n\nRigger is the club's booking tool for boats and moorings.\n\n"
                       "Ferrow is the harbour town where the club meets.\n",
        "02-booking.md": "# Booking\n\n*Rigger* is a web tool that books a boat for a member and a day.\n\n"
                         "Every member books through Rigger.\n",
    })
    assert found["rigger"].chapter.endswith("01-intro.md")
    # a name nothing else marks as a term makes no entry
    assert not any(term.lower() == "ferrow" for term in found)


def test_a_list_naming_the_members_of_a_kind_gives_names_for_review_not_terms(tmp_path: Path) -> None:
    result_of = _found(tmp_path, "cranes.rst", (
        "Cranes\n======\n\nThe yard lifts boats out of the water with a crane.\n\nThe yard's cranes are:\n\n"
        "**heron**\n   Lifts dinghies and small keelboats from the slip.\n\n"
        "**stork**\n   Moves masts between the rack and the boats.\n\n"
        "**crane-nine**\n   Lifts the heaviest yachts on the quay.\n\n"
        "**egret**\n   Carries engines to the workshop.\n"))
    for name in ("heron", "stork", "egret"):
        assert name not in result_of or result_of[name].confidence < 0.6


def test_a_list_of_kinds_of_an_idea_keeps_its_terms(tmp_path: Path) -> None:
    found = _found(tmp_path, "hitches.rst", (
        "Hitches\n=======\n\nA hitch ties a rope to a post.\n\nThe three kinds of hitch are:\n\n"
        "**clove**\n   A hitch of two turns that grips a post well.\n\n"
        "**rolling**\n   A hitch that holds against a pull along the post.\n\n"
        "**timber**\n   A hitch that tightens around a log as it is dragged.\n"))
    assert not any("label of a point" in e for entry in found.values() for e in entry.evidence)


def test_an_entry_whose_definition_only_spells_out_its_name_goes_to_review(tmp_path: Path) -> None:
    found = _found(tmp_path, "01-codes.md", (
        "# Codes\n\nThe harbour office uses these codes on its forms:\n\n"
        "- HWM: High Water Mark (HWM)\n- LWM: Low Water Mark (LWM)\n- SWL: Safe Working Load (SWL)\n\n"
        "A **bollard** is a short thick post on the quay that mooring lines are tied to.\n"))
    assert found["bollard"].confidence >= 0.6
    spelled = [e for e in found.values() if "Water Mark" in e.term or "Working Load" in e.term]
    assert spelled and all(e.confidence < 0.6 for e in spelled)
    assert all("its definition only spells out its name" in e.evidence for e in spelled)


def test_bold_labels_of_an_interface_in_a_walk_through_are_no_terms(tmp_path: Path) -> None:
    found = _found(tmp_path, "01-signup.md", (
        "# Signing up\n\nA **berth** is a numbered place at the pontoon where one boat is kept.\n\n"
        "A **mooring** is a buoy fixed to the seabed that a boat ties up to.\n\n"
        "1. On the booking page, select **Reserve Berth**.\n"
        "2. Type in your **member number** and the dates.\n"
        "3. Confirm by clicking **Send Request** at the bottom.\n"))
    assert found["berth"].confidence >= 0.6 and found["mooring"].confidence >= 0.6
    for label in ("Reserve Berth", "member number", "Send Request"):
        entry = found.get(label) or found.get(label.lower())
        assert entry is None or entry.confidence < 0.6


def test_a_name_in_brackets_after_what_it_is_places_the_term(tmp_path: Path) -> None:
    found = _book(tmp_path, {
        "01-tides.md": "# Tides\n\nTwice a day the sea rises to a highest level (a high water) and falls "
                       "back again.\n\nThe harbour master can see the point (the gauge) from the office.\n",
        "02-tables.md": "# Tables\n\nThe tide table lists each *high water* for the month. The time called "
                        "*high water* changes each day.\n\nRead the *gauge* at the quay.\n",
    })
    assert found["high water"].chapter.endswith("01-tides.md")
    gauge = found.get("gauge")
    assert gauge is None or not gauge.chapter.endswith("01-tides.md")  # '(the gauge)' points back


def test_a_product_spelled_out_where_it_is_used_goes_to_review(tmp_path: Path) -> None:
    found = _found(tmp_path, "01-testing.md", (
        "# Testing\n\nWe recommend using Harbour Test Runner (HTR) to run the checks before each release.\n\n"
        "A **smoke test** is a first check that the main paths of a program work at all.\n"))
    assert found["smoke test"].confidence >= 0.6
    runner = found["Harbour Test Runner"]
    assert runner.confidence < 0.6
    assert "a product or tool spelled out where it is used, not a term the text explains" in runner.evidence



def test_a_heading_naming_a_law_after_a_person_is_introduced_by_the_sentence_below(tmp_path: Path) -> None:
    found = _found(tmp_path, "01-rules.md", (
        "# Rules of thumb\n\n## Boyle's Law\n\nBoyle's Law states that a gas takes up less room as it is "
        "squeezed harder, at one temperature.\n\nDivers meet it on every descent.\n"))
    law = found["boyle's law"]
    assert law.confidence >= 0.6 and law.definition.startswith("Boyle's Law states")


def test_the_marked_name_of_the_groups_a_sentence_forms_is_defined_there(tmp_path: Path) -> None:
    found = _found(tmp_path, "01-fleet.md", (
        "# Fleet\n\n* Boats are grouped together into *flotillas*, each flotilla having its own leader.\n"
        "* A leader sails at the front.\n"))
    flotilla = found["flotilla"]
    assert flotilla.confidence >= 0.6
    assert "names the groups a sentence forms ('… are grouped into *X*')" in flotilla.evidence


def test_a_noun_phrase_a_comma_and_called_names_a_phrase_on_purpose(tmp_path: Path) -> None:
    found = _found(tmp_path, "01-chart.md", (
        "# Charts\n\nEvery depth on the chart is measured from one level of the sea, called chart datum.\n\n"
        "Tides are given above that level.\n"))
    datum = found["chart datum"]
    assert datum.confidence >= 0.6 and "used only once" not in datum.evidence
