"""termbase extract: glossary extraction from chapters, on small courses written for these tests."""

from __future__ import annotations

from pathlib import Path

from termbase.extract import extract_glossary

FIXTURES = Path(__file__).parent / "fixtures" / "extract"
COURSE = FIXTURES / "course"


def by_term(result):
    return {e.term: e for e in (*result.entries, *result.review)}


def test_markdown_course_terms_definitions_and_where_introduced():
    result = extract_glossary([COURSE / "episodes"], base_url="https://example.org/weather/")
    kept = {e.term: e for e in result.entries}
    assert "Carpentries episode list" in result.order_source
    assert {"observation", "rain gauge", "air pressure"} <= set(kept)
    observation = kept["observation"]
    assert observation.chapter.endswith("weather-basics.md")
    assert observation.definition.startswith("A single reading of air pressure")
    assert observation.entry.locator is not None and observation.entry.locator.kind == "chapter"
    gauge = kept["rain gauge"]
    assert gauge.section == "Instruments" and gauge.anchor == "instruments"
    assert gauge.url == "https://example.org/weather/weather-basics.html#instruments"
    assert gauge.definition.startswith("An open container")
    assert kept["air pressure"].chapter.endswith("measuring.md")


def test_exercises_code_and_objectives_never_define():
    result = extract_glossary([COURSE / "episodes"])
    found = by_term(result)
    assert "wind vane" not in found
    assert "barometer" not in {e.term for e in result.entries}


def test_sphinx_book_follows_its_toctree_and_tolerates_runestone_directives():
    result = extract_glossary([FIXTURES / "sphinx"])
    assert result.order_source.startswith("Sphinx toctree")
    kept = {e.term: e for e in result.entries}
    assert kept["gluten"].chapter.endswith("ch2/dough.rst")  # the toctree puts dough before oven
    assert kept["gluten"].definition.startswith("Flour and water make a paste")
    assert kept["starter"].definition == "A mix of flour and water that wild yeasts have colonised."
    assert kept["final proof"].chapter.endswith("ch1/oven.rst")
    found = by_term(result)
    assert "yeast" not in found  # inside an mchoice quiz
    stone = kept["baking stone"]  # a note box counts where its words define a term
    assert "in a callout or note box" in stone.evidence
    assert stone.definition == "A slab that stores heat under the loaf."
    assert "peel" not in found  # a warning box is not read for terms
    assert not [p for c in result.chapters for p in c.problems if "linenos" in p.message]
    assert "sketch" not in found
    assert "whiteboard (1 chapter)" in result.opaque_note()
    assert "activecode" not in result.opaque_note()  # known to be code: nothing to say


def test_asciidoc_manual_glossary_links_labelled_lists_and_blocks():
    result = extract_glossary([FIXTURES / "manual" / "tools.adoc"], base_url="https://example.org/m/")
    kept = {e.term: e for e in result.entries}
    assert {"blade", "mulch", "soaker hose"} <= set(kept)
    assert kept["blade"].anchor == "tools"
    assert kept["blade"].url == "https://example.org/m/tools.html#tools"
    assert kept["mulch"].definition == "A layer of material spread over soil to keep water in."
    assert kept["soaker hose"].section == "Watering"
    found = by_term(result)
    assert "trowel" not in found and "compost heap" not in found


def test_html_reads_only_the_main_content():
    result = extract_glossary([FIXTURES / "web" / "page.html"])
    kept = {e.term: e for e in result.entries}
    assert kept["working end"].definition.startswith("The free end of a rope")
    assert kept["working end"].anchor == "basics"
    assert kept["bight"].definition == "A loop formed by folding the rope back on itself."
    found = by_term(result)
    assert not {"menu knot", "footer knot", "fake knot"} & set(found)


def test_pretext_term_markup_outside_exercises():
    result = extract_glossary([FIXTURES / "ptx" / "birds.ptx"])
    kept = {e.term: e for e in result.entries}
    assert kept["flight feather"].section == "Wings"
    assert kept["flight feather"].anchor == "sec-wings"
    assert "covert" not in by_term(result) and "coverts" not in by_term(result)


def test_mdbook_summary_gives_the_reading_order():
    result = extract_glossary([FIXTURES / "mdbook" / "src"])
    assert result.order_source.startswith("the chapter list in SUMMARY.md (mdBook / GitBook) at ")
    assert "does not list" not in result.order_source
    kept = {e.term: e for e in result.entries}
    assert kept["topsoil"].chapter.endswith("soil.md")  # SUMMARY puts soil before compost
    assert kept["compost"].definition == "A dark crumbly mix that feeds the soil."


def test_xhtml_with_an_encoding_declaration_is_read(tmp_path):
    page = tmp_path / "quay.xhtml"
    page.write_text('<?xml version="1.0" encoding="UTF-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml">'
                    "<body><main><p>A <dfn>quay</dfn> is a stone landing where boats tie up.</p></main>"
                    "</body></html>", encoding="utf-8")
    result = extract_glossary([page])
    assert [e.term for e in result.entries] == ["quay"]
    assert not result.problems()


def test_paragraphs_repeated_on_most_html_pages_are_furniture(tmp_path):
    for number, subject in enumerate(["anchor", "buoy", "cleat", "davit", "ensign"], start=1):
        (tmp_path / f"page{number}.html").write_text(
            "<html><body><div><p>Our <strong>harbour guide</strong> is a booklet handed out at every"
            f" berth.</p><h1>Page {number}</h1><p>A <strong>{subject}</strong> is a piece of deck gear"
            " this page covers.</p></div></body></html>", encoding="utf-8")
    result = extract_glossary([tmp_path], min_confidence=0.0)
    assert sorted(e.term for e in result.entries) == ["anchor", "buoy", "cleat", "davit", "ensign"]
    assert any("repeated on most HTML pages" in note for note in result.notes)


def test_jupyter_book_toc_and_notebook_lines():
    result = extract_glossary([FIXTURES / "jbook"])
    assert result.order_source.startswith("Jupyter Book table of contents")
    kept = {e.term: e for e in result.entries}
    assert kept["star"].chapter.endswith("stars.md")
    coma = kept["coma"]
    assert coma.chapter.endswith("comets.ipynb") and coma.line == 9  # the line of the cell's source
    assert coma.definition == "The cloud of gas around the icy core of a comet."
    assert "tail" not in {e.term for e in (*result.entries, *result.review)}  # a code cell


def test_bare_first_bold_use_gives_way_to_the_sentence_that_says_what_it_is(tmp_path: Path) -> None:
    (tmp_path / "01-start.md").write_text(
        "# Start\n\nFirst we unpack a **gadget** named spinner and set it on the **bench**.\n\n"
        "A **lathe** is a machine that turns wood while a blade shapes it.\n", encoding="utf-8")
    (tmp_path / "02-tools.md").write_text(
        "# Tools\n\nA **gadget** is a small hand tool that does one job well.\n\n"
        "A **chisel** is a blade with a bevelled edge for cutting wood.\n\n"
        "A **mallet** is a wooden hammer that drives the chisel.\n", encoding="utf-8")
    kept = {e.term: e for e in extract_glossary([tmp_path]).entries}
    assert kept["gadget"].chapter.endswith("02-tools.md")
    assert kept["gadget"].definition == "A small hand tool that does one job well."


def test_question_heading_and_callout_title_name_the_term_below(tmp_path: Path) -> None:
    (tmp_path / "01-harbour.md").write_text(
        "# Harbour\n\n## What is a Mooring?\n\n"
        "Moorings hold boats in one spot all season, chained to a heavy block on the sea bed.\n\n"
        "A boat left on its mooring swings round with the wind.\n\n"
        "::: callout\n\n## Slack water\n\n"
        "Around the turn of the tide comes slack water, a short spell when the current stops.\n\n:::\n",
        encoding="utf-8")
    result = extract_glossary([tmp_path], min_confidence=0.0)
    found = {e.term: e for e in (*result.entries, *result.review)}
    mooring = found["mooring"]
    assert mooring.confidence >= 0.6
    assert any("asks what it is" in e for e in mooring.evidence)
    assert any("callout's title" in e for e in found["slack water"].evidence)


def test_plural_word_in_code_style_named_as_a_term_is_kept(tmp_path: Path) -> None:
    (tmp_path / "01-deck.md").write_text(
        "# Deck\n\nThe metal rings along the rail are called `stanchions`.\n\n"
        "Lines run between the stanchions to stop people falling overboard.\n\n"
        "The routine that tidies the lines is called `coil`.\n", encoding="utf-8")
    result = extract_glossary([tmp_path], min_confidence=0.0)
    found = {e.term: e.confidence for e in (*result.entries, *result.review)}
    assert found["stanchion"] >= 0.6
    assert found.get("coil", 0.0) < 0.6  # one word in code after 'is called': a name a person checks


def test_word_forms_of_one_term_are_one_entry_with_the_forms_as_labels(tmp_path: Path) -> None:
    (tmp_path / "01-knots.md").write_text(
        "# Knots\n\nA **change of grip** is a move of the hands to a new place on the rope.\n\n"
        "**Splicing** is when two rope ends are woven together strand by strand. To splice well, "
        "unlay each end first.\n\n"
        "An **operator** is a person who works the winch; each operation is logged.\n", encoding="utf-8")
    (tmp_path / "02-more.md").write_text(
        "# More\n\nSeveral **changes of grip** are called a shuffle.\n", encoding="utf-8")
    result = extract_glossary([tmp_path], min_confidence=0.0)
    found = by_term(result)
    grips = [term for term in found if "grip" in term]
    assert len(grips) == 1 and found[grips[0]].chapter.endswith("01-knots.md")
    assert "splice" in found["splicing"].labels
    assert "operation" not in found["operator"].labels  # an agent noun is another idea


def _sail_course(folder: Path, word: str) -> None:
    (folder / "01-sails.md").write_text(
        f"# Sails\n\n## Rigging\n\nRopes hold the mast up, and a {word} needs ropes of its own.\n\n"
        f"::: callout\n\n## {word.title()}\n\n"
        f"Flown ahead of the boat, the {word} is a large, light sail for running before the wind.\n\n:::\n",
        encoding="utf-8")
    (folder / "02-running.md").write_text(
        f"# Running\n\nHoist the {word} when the wind is behind you, and take it down before a squall.\n\n"
        + "The crew checked the ropes and the deck, then made tea and waited for the tide to turn.\n\n" * 120,
        encoding="utf-8")  # enough plain text for word frequencies to mean something


def test_a_heading_over_its_explanation_introduces_a_term_of_the_books_own(tmp_path: Path) -> None:
    coined, everyday = tmp_path / "coined", tmp_path / "everyday"
    coined.mkdir()
    everyday.mkdir()
    _sail_course(coined, "spinnaker")
    _sail_course(everyday, "house")
    kept = {e.term: e for e in extract_glossary([coined]).entries}
    assert kept["spinnaker"].chapter.endswith("01-sails.md")
    assert any("general English" in e for e in kept["spinnaker"].evidence)
    assert "house" not in {e.term for e in extract_glossary([everyday]).entries}


def test_keyness_compares_the_book_with_general_english() -> None:
    from termbase.extract.keyness import general_zipf, keyness
    from termbase.extract.termhood import Termhood

    assert general_zipf("the") > 7 > general_zipf("spinnaker")
    stats = {"spinnaker": Termhood(20, 3, 0), "water": Termhood(20, 3, 0)}
    key = keyness(["spinnaker", "water"], stats, 10_000)
    assert key["spinnaker"] > 2 > key["water"]


def test_a_quoted_name_in_parentheses_sharing_the_head_noun_is_a_term(tmp_path: Path) -> None:
    (tmp_path / "01-hull.md").write_text(
        "# Hull\n\nThe yard keeps a few spare hulls (\"reserve hulls\"), each stored upside down.\n\n"
        "Reserve hulls are repainted every spring.\n\n"
        "The skipper wrote a short greeting (\"ahoy\") on the board.\n\n"
        "Ahoy is shouted often.\n", encoding="utf-8")
    result = extract_glossary([tmp_path], min_confidence=0.0)
    found = {e.term: e.confidence for e in (*result.entries, *result.review)}
    assert found["reserve hull"] >= 0.6
    assert found.get("ahoy", 0.0) < 0.6  # a quoted example value, not a name for the thing before it


def test_a_word_named_in_prose_is_a_term_even_when_a_command_shares_its_name(tmp_path: Path) -> None:
    (tmp_path / "01-ropes.md").write_text(
        "# Ropes\n\nWhere two ropes are woven into one length, the joined stretch is called a \"splice\".\n\n"
        "Run `splice` to join them, then `splice --check` to test the result.\n\n"
        "The tool `coil` winds a rope; run `coil` after every trip.\n", encoding="utf-8")
    (tmp_path / "02-more.md").write_text(
        "# More\n\nA splice holds better than a knot. Use `coil` again here.\n", encoding="utf-8")
    result = extract_glossary([tmp_path], min_confidence=0.0)
    found = {e.term: e for e in (*result.entries, *result.review)}
    assert found["splice"].confidence >= 0.6
    assert "written as code elsewhere (a name, not a term)" not in found["splice"].evidence
    assert found.get("coil") is None or found["coil"].confidence < 0.6


def test_a_glossary_link_in_a_definition_list_label_places_the_term(tmp_path: Path) -> None:
    (tmp_path / "01-rigging.html").write_text(
        "<main><h1>Rigging</h1><p>Every mast needs support.</p><dl><dt><a>shroud line</a></dt>"
        "<dd><p>Where a mast stands alone, ropes to each side hold it up.</p></dd></dl></main>",
        encoding="utf-8")
    (tmp_path / "02-storms.html").write_text(
        "<main><h1>Storms</h1><p>Check every <a>shroud line</a> before the wind rises.</p></main>",
        encoding="utf-8")
    found = by_term(extract_glossary([tmp_path / "01-rigging.html", tmp_path / "02-storms.html"],
                                     min_confidence=0.0))
    assert found["shroud line"].chapter.endswith("01-rigging.html")
    assert found["shroud line"].definition == "Where a mast stands alone, ropes to each side hold it up."


def test_a_term_introduced_as_x_of_the_y_gets_the_compound_the_book_writes(tmp_path: Path) -> None:
    (tmp_path / "01-boat.md").write_text(
        "# Boat\n\nThe back end of a vessel is, put shortly, the **stern** of the boat.\n\n"
        "A ladder hangs from the boat stern.\n\n"
        "The rudder is the **blade** of the steering gear.\n", encoding="utf-8")
    found = by_term(extract_glossary([tmp_path], min_confidence=0.0))
    assert "boat stern" in found["stern"].labels
    assert not any("gear" in label for label in found["blade"].labels)  # the book never writes the compound


def test_a_plural_the_lemma_list_does_not_know_joins_its_singular(tmp_path: Path) -> None:
    (tmp_path / "01-deck.md").write_text(
        "# Deck\n\n::: callout\n\n## Snapfasts\n\n"
        "A **snapfast** is a clip that locks a line to a rail.\n\n:::\n\n"
        "Count the snapfasts before you sail; snapfasts wear out.\n", encoding="utf-8")
    found = by_term(extract_glossary([tmp_path], min_confidence=0.0))
    assert [term for term in found if "snapfast" in term] == ["snapfast"]


def test_an_index_entry_marks_the_term_the_next_paragraph_defines(tmp_path: Path) -> None:
    (tmp_path / "hulls.rst").write_text(
        "Hulls\n=====\n\n.. index:: keel, single: hull; bilge\n\n"
        "Every boat rests on its hull. The keel is the long spine that runs along the bottom of a hull,\n"
        "and rain that collects inside sinks to the bilge every night.\n",
        encoding="utf-8",
    )
    found = by_term(extract_glossary([tmp_path], min_confidence=0.0))
    keel = found["keel"]
    assert "first mention after the author's index entry" in keel.evidence
    assert keel.definition.startswith("The long spine that runs along the bottom of a hull")
    bilge = found.get("bilge")
    assert bilge is None or bilge.confidence < 0.6  # indexed and mentioned, but no words define it


def test_a_bold_term_keeps_the_acronym_the_sentence_introduces(tmp_path: Path) -> None:
    (tmp_path / "01-radio.md").write_text(
        "# Radio\n\nA **global positioning system** (GPS) receiver tells a ship where it is.\n",
        encoding="utf-8",
    )
    found = by_term(extract_glossary([tmp_path], min_confidence=0.0))
    assert "GPS" in found["global positioning system"].labels


def test_first_italic_use_introduces_the_books_own_term_not_an_everyday_word(tmp_path: Path) -> None:
    (tmp_path / "01-knots.md").write_text(
        "# Knots\n\nTie the line with a *bowline* so it does *not* slip. A bowline holds under load.\n\n"
        "Then check the bowline once more.\n", encoding="utf-8")
    (tmp_path / "02-mooring.md").write_text(
        "# Mooring\n\nA doubled bowline keeps the boat still. Untie each bowline before you sail.\n\n"
        "Sailors trust the bowline because it never jams.\n", encoding="utf-8")
    found = by_term(extract_glossary([tmp_path], min_confidence=0.0))
    assert "first italic use of the book's own term" in found["bowline"].evidence
    assert found["bowline"].chapter.endswith("01-knots.md")
    assert "not" not in found


def test_words_that_define_an_emphasised_term_count_for_its_markup(tmp_path: Path) -> None:
    (tmp_path / "01-rig.md").write_text(
        "# Rig\n\n- *Halyard* - the halyard is the rope that hoists a sail up the mast.\n\n"
        "(A *winch* is a drum that gives a sailor leverage on a loaded rope.)\n", encoding="utf-8")
    found = by_term(extract_glossary([tmp_path], min_confidence=0.0))
    assert found["winch"].definition == "A drum that gives a sailor leverage on a loaded rope."
    assert found["halyard"].confidence >= 0.6


def test_a_table_headed_term_and_definition_is_a_glossary_other_tables_are_not(tmp_path: Path) -> None:
    (tmp_path / "01-rig.md").write_text(
        "# Rig\n\n| Term | Definition |\n|---|---|\n| halyard | A rope that hoists a sail up the mast. |\n\n"
        "| Command | Use |\n|---|---|\n| hoist | pulls the sail up |\n", encoding="utf-8")
    (tmp_path / "03-sails.html").write_text(
        "<html><body><main><h1>Sails</h1><table><tr><th>Term</th><th>Meaning</th></tr>"
        "<tr><td>luff</td><td>The front edge of a sail.</td></tr></table></main></body></html>",
        encoding="utf-8")
    (tmp_path / "02-deck.rst").write_text(
        "Deck\n====\n\n.. list-table::\n   :header-rows: 1\n\n   * - Word\n     - Meaning\n"
        "   * - cleat\n     - A fitting that holds a rope fast.\n", encoding="utf-8")
    found = by_term(extract_glossary([tmp_path], min_confidence=0.0))
    assert found["halyard"].definition == "A rope that hoists a sail up the mast."
    assert found["cleat"].definition == "A fitting that holds a rope fast."
    assert found["luff"].definition == "The front edge of a sail."
    assert "hoist" not in found


def test_a_construct_named_after_its_keyword_is_introduced_where_the_keyword_is_explained(
        tmp_path: Path) -> None:
    (tmp_path / "01-basics.md").write_text(
        "# Basics\n\nWe type `print` to show a value on the screen.\n", encoding="utf-8")
    (tmp_path / "02-repeat.md").write_text(
        "# Repeating\n\nWhen the robot reads the keyword `repeat`, it does the steps below it again "
        "for each crate on the shelf.\n\n```\nrepeat crate in shelf\n  lift crate\n```\n\n"
        "Once the shelf is empty, the robot leaves the `repeat` loop.\n", encoding="utf-8")
    (tmp_path / "03-more.md").write_text(
        "# More\n\nA `repeat` loop can hold another `repeat` loop inside it.\n", encoding="utf-8")
    found = by_term(extract_glossary([tmp_path]))
    assert found["repeat loop"].chapter.endswith("02-repeat.md")
    assert found["repeat loop"].definition.startswith("When the robot reads the keyword `repeat`")
    assert "print statement" not in found  # `print` is never named as a construct


def test_a_term_with_a_generic_head_noun_gets_the_name_the_book_uses_without_it() -> None:
    from termbase.extract.forms import bare_forms

    texts = ["Stock rotation keeps the oldest tins in front.", "A stock rotation system is a tool that "
             "orders shelves by date.", "Without stock rotation, tins expire.", "Good stock rotation pays."]
    assert bare_forms("stock rotation system", texts) == ["stock rotation"]
    assert bare_forms("stock rotation system", texts[:2]) == []  # said once alone: no second name
    assert bare_forms("file system", ["the file is here", "a file", "one file"]) == []  # one word left


def test_a_glossary_link_whose_address_holds_a_site_template_expression_is_read() -> None:
    from termbase.documents.markdown import parse_markdown
    from termbase.documents.model import GLOSSARY_LINK

    document = parse_markdown(
        "The oven runs a [bake cycle]({{ page.root }}/reference.html#bake-cycle) each hour.\n", "t.md")
    block = document.blocks[0]
    assert block.text == "The oven runs a bake cycle each hour."
    assert [(s.kind, block.text[s.start : s.end]) for s in block.spans] == [(GLOSSARY_LINK, "bake cycle")]


def test_a_construct_written_with_call_brackets_is_named_after_its_keyword(tmp_path: Path) -> None:
    (tmp_path / "01-flow.md").write_text(
        "# Flow\n\nTo stir each bowl in turn, a `stir()` loop will do the job.\n\n"
        "The basic shape of a `stir()` loop is below.\n\nNest one `stir()` loop in another if you must.\n",
        encoding="utf-8")
    found = by_term(extract_glossary([tmp_path]))
    assert found["stir loop"] in extract_glossary([tmp_path]).entries
    assert found["stir loop"].definition.startswith("To stir each bowl in turn")


def test_a_title_and_bold_in_the_sentence_below_it_together_introduce_a_term(tmp_path: Path) -> None:
    (tmp_path / "01-kitchen.md").write_text(
        "# Kitchen\n\n## Order Slips\n\nAt the end of each shift the cooks fill in **order slips** to tell "
        "the owner what ran low.\n\nThe owner reads the order slips every morning.\n\n"
        "## Tasting\n\nSome cooks like *tasting* as they go.\n", encoding="utf-8")
    (tmp_path / "02-more.md").write_text(
        "# More\n\nOrder slips pile up by the till.\n", encoding="utf-8")
    found = by_term(extract_glossary([tmp_path]))
    assert found["order slip"].confidence >= 0.6
    assert "and the sentence below marks it" in found["order slip"].evidence
    assert "tasting" not in found or found["tasting"].confidence < 0.6  # italics alone: stress or a name


def test_a_heading_written_as_a_sentence_and_a_term_named_by_example(tmp_path: Path) -> None:
    (tmp_path / "01-kitchen.md").write_text(
        "# Kitchen\n\n## Knives kept for one kind of food are called dedicated knives\n\n"
        "- Keep them apart from the others.\n\n"
        "## Dedicated Pan Set (DPS)\n\nPans for fish only.\n", encoding="utf-8")
    (tmp_path / "02-stock.md").write_text(
        "# Stock\n\n- `broth` is a *base liquid* for soups.\n- Simmered for hours, then strained.\n\n"
        "Every base liquid starts cold. A base liquid keeps for days. Each base liquid is labelled.\n",
        encoding="utf-8")
    found = by_term(extract_glossary([tmp_path]))
    assert found["dedicated knife"].definition == "Knives kept for one kind of food."
    assert "Dedicated Pan Set" not in found  # a title's long name and acronym names no idea
    assert found["base liquid"].definition == (
        "`broth` is a base liquid for soups: simmered for hours, then strained.")


def test_each_entry_carries_its_evidence_as_numbers() -> None:
    """The features scripts/train_extract_confidence.py fits on: the rule confidence, whether a
    sentence defines the term, its markup and its spread, on every entry and review item."""
    result = extract_glossary([COURSE / "episodes"])
    for entry in (*result.entries, *result.review):
        features = dict(entry.features)
        assert features["rule_confidence"] == entry.confidence
        assert features["defining"] in (0.0, 1.0)
        kinds = ("dfn", "bold", "italic", "glossary_link", "term_role", "code", "quoted", "heading",
                 "pattern")
        assert sum(features[f"best_{kind}"] for kind in kinds) == 1.0
    kept = {e.term: dict(e.features) for e in result.entries}
    assert kept["observation"]["defining"] == 1.0


def test_a_heading_over_a_sentence_opening_with_its_term_and_a_verb_introduces_it(tmp_path: Path) -> None:
    (tmp_path / "01-harbour.md").write_text(
        "# Harbour\n\n## Slipways\n\nThe club keeps two of them at the north end, next to the crane.\n\n"
        "A slipway slopes down into the water, so a trailer reaches a floating boat at any tide. "
        "Each slipway needs scrubbing in spring.\n\n"
        "## Moorings\n\nMooring buoys are painted yellow. Mooring chains rust quickly in salt water, "
        "so a chain lasts about five years.\n\n",
        encoding="utf-8")
    found = by_term(extract_glossary([tmp_path], min_confidence=0.0))
    slipway = found["slipway"]  # the heading's plural gives way to the singular the text writes
    assert slipway.confidence >= 0.6
    assert slipway.definition.startswith("A slipway slopes down into the water")
    assert any("opens with it" in e for e in slipway.evidence)
    assert "the section heading names it" in slipway.evidence  # the plural heading still counts
    # "Mooring buoys are …": the heading's word only modifies the subject, so nothing is said of it
    assert not any("opens with it" in e for e in getattr(found.get("mooring"), "evidence", ()))


def test_a_singular_noun_ending_in_s_under_its_heading_takes_a_verb_in_s(tmp_path: Path) -> None:
    (tmp_path / "01-weather.md").write_text(
        "# Weather\n\n## Meteorics\n\nMeteorics studies falling stars and what they leave behind in the sky. "
        "Meteorics matters to sailors only on clear nights.\n\n", encoding="utf-8")
    found = by_term(extract_glossary([tmp_path], min_confidence=0.0))
    assert any("opens with it" in e for e in found["meteorics"].evidence)


def test_a_keyword_construct_takes_the_kind_its_section_heading_names(tmp_path: Path) -> None:
    (tmp_path / "01-choices.md").write_text(
        "# Choices\n\n## Repetitions\n\nThe `again` statement runs its body until told to stop. "
        "An `again` statement needs a way out.\n\n"
        "Repetition statements like this one save typing.\n\n"
        "## Tables\n\nThe `tab` block lays out rows. Every `tab` block has a header.\n\n",
        encoding="utf-8")
    found = by_term(extract_glossary([tmp_path], min_confidence=0.0))
    assert "repetition statement" in found["again statement"].labels  # heading and "Repetition statements"
    assert not any("table" in label for label in found["tab block"].labels)  # no "table block" in the text


def test_a_bold_keyword_names_its_construct_and_the_heading_gives_its_other_name(tmp_path: Path) -> None:
    (tmp_path / "01-repeat.md").write_text(
        "# Repeating\n\n## The `again` Loop\n\nRowing the same stroke by hand is tiring.\n\n"
        "In this language, the **again** statement lets us repeat a stroke as often as we like.\n\n",
        encoding="utf-8")
    found = by_term(extract_glossary([tmp_path], min_confidence=0.0))
    assert "again loop" in found["again statement"].labels


def test_a_gerund_heading_over_the_thing_its_act_makes_introduces_the_thing(tmp_path: Path) -> None:
    (tmp_path / "01-ropes.md").write_text(
        "# Ropes\n\n### Splicing\n\nCrews join two ropes for good by making *splices*, or weaves of their "
        "strands into each other, so the join is nearly as strong as the rope.\n\n"
        "A splice takes longer than a knot. Every splice on the club boats is checked in spring.\n\n",
        encoding="utf-8")
    found = by_term(extract_glossary([tmp_path], min_confidence=0.0))
    splice = found["splice"]
    assert "splicing" in splice.labels and "the section heading names it and the text below explains it" \
        in splice.evidence


def test_a_one_word_name_the_book_nearly_always_writes_before_one_noun_gets_that_compound(
        tmp_path: Path) -> None:
    (tmp_path / "01-ice.md").write_text(
        "# Ice\n\nSea ice comes in two kinds. The first is called **fast**. It is held to the shore.\n\n"
        "Fast ice does not drift. Boats moor beside fast ice in spring, and fast ice melts last.\n\n"
        "Stow the line. Stow the chart, then stow the mug, before you stow, tidy.\n\n",
        encoding="utf-8")
    found = by_term(extract_glossary([tmp_path], min_confidence=0.0))
    assert "fast ice" in found["fast"].labels
    assert not any(" " in label for e in found.values() if e.term == "stow" for label in e.labels)


def test_a_name_given_with_an_indefinite_article_names_a_kind(tmp_path: Path) -> None:
    (tmp_path / "01-rigging.md").write_text(
        "# Rigging\n\nThe plan for every line aboard is written down in a checklist known as a `Riglist`.\n\n"
        "Open the Riglist before you leave port.\n\n"
        "A rope that slips under load is replaced by one called a tested halyard.\n\n"
        "The routine that tidies the lines is called `coil`.\n", encoding="utf-8")
    (tmp_path / "02-sailing.md").write_text(
        "# Sailing\n\nEach Riglist names the crew member who checks each rope.\n", encoding="utf-8")
    result = extract_glossary([tmp_path], min_confidence=0.0)
    found = {e.term: e.confidence for e in (*result.entries, *result.review)}
    assert found["Riglist"] >= 0.6  # code style, but 'a' before it: a kind of document, not one routine
    assert found["tested halyard"] >= 0.6  # used once, yet named as a kind
    assert found.get("coil", 0.0) < 0.6  # no article: the name of one thing


def test_a_solution_div_folded_inside_a_callout_is_read_as_the_callout(tmp_path: Path) -> None:
    (tmp_path / "01-deck.md").write_text(
        "# Deck\n\n:::::: callout\n\n## Knots\n\n::: solution\n\n"
        "A **bowline** is a knot that makes a fixed loop at the end of a rope.\n\n:::\n\n::::::\n\n"
        ":::::: challenge\n\n## Tie one\n\nWhich knot holds best?\n\n::: solution\n\n"
        "A **sheet bend** is a knot that joins two ropes.\n\n:::\n\n::::::\n", encoding="utf-8")
    found = by_term(extract_glossary([tmp_path], min_confidence=0.0))
    assert "bowline" in found  # the callout only hides its details behind a click
    assert "sheet bend" not in found  # the answer to an exercise never defines


def test_a_kind_named_by_an_example_with_its_properties_listed_below_is_kept(tmp_path: Path) -> None:
    (tmp_path / "01-lines.md").write_text(
        "# Lines\n\n- `jib_sheet` is a *control line*.\n  - Pulled to trim one sail.\n"
        "  - Led back to the cockpit.\n\n- `anchor_rode` is a *mooring line*.\n\nThat is all for now.\n",
        encoding="utf-8")
    found = by_term(extract_glossary([tmp_path], min_confidence=0.0))
    assert found["control line"].confidence >= 0.6  # used once, but what makes it one is listed below
    assert "pulled to trim one sail" in found["control line"].definition
    assert found["mooring line"].confidence < 0.6  # an example alone, nothing said about the kind


def test_emphasis_on_the_last_word_of_a_term_gives_that_word_as_a_label(tmp_path: Path) -> None:
    (tmp_path / "01-hull.md").write_text(
        "# Hull\n\n## What is a bilge *pump*?\n\n"
        "A bilge pump is a device that lifts water out of the hull.\n\n"
        "## Keel\n\nA keel is a fin under the hull that stops the boat sliding sideways.\n\n"
        "A fin keel is a short *keel* bolted on below.\n", encoding="utf-8")
    found = by_term(extract_glossary([tmp_path], min_confidence=0.0))
    assert found["bilge pump"].labels == ("bilge pump", "pump")
    assert "pump" not in found  # one entry: the bare word is its label
    assert "keel" not in found["fin keel"].labels  # emphasis after other words: no qualifier dropped


def test_a_plain_phrase_named_by_is_called_is_kept_even_when_used_once(tmp_path: Path) -> None:
    (tmp_path / "01-tides.md").write_text(
        "# Tides\n\nThe short pause between the rising and the falling tide is often called slack water.\n\n"
        "The boat that carries the pilot is called the *launch* of the harbour.\n\n"
        "Another boat called the morning ferry from town leaves at six.\n", encoding="utf-8")
    found = by_term(extract_glossary([tmp_path], min_confidence=0.0))
    assert found["slack water"].confidence >= 0.6  # a copular naming of plain words: chosen on purpose
    assert found.get("launch of the harbour") is None or found["launch of the harbour"].confidence < 0.6
    assert found.get("morning ferry from town") is None or found["morning ferry from town"].confidence < 0.6


def test_a_callout_title_after_its_box_label_names_the_term_below(tmp_path: Path) -> None:
    (tmp_path / "01-tides.md").write_text(
        "# Tides\n\n::: callout\n\n## Tip: Slack water\n\n"
        "Around the turn of the tide comes slack water, a short spell when the current stops.\n\n:::\n",
        encoding="utf-8")
    found = by_term(extract_glossary([tmp_path], min_confidence=0.0))
    assert any("callout's title" in e for e in found["slack water"].evidence)


def test_markdown_book_markers_alerts_boxes_and_pandoc_heading_ids() -> None:
    from termbase.documents.markdown import parse_markdown
    from termbase.documents.model import ASIDE, OTHER, PROSE

    document = parse_markdown(
        "# Rigging {#rigging-chapter}\n\nr[rig.stay.intro]\nA stay is a wire that holds the mast up.\n\n"
        "> [!NOTE]\n> Check every stay before sailing.\n\n"
        '<div class="warning">\n\nA loose **shroud** can break.\n\n</div>\n\n'
        "{{#include knots.rs}}\n\nA halyard lifts a sail.\\index{halyard} It runs up the mast.\n\n"
        "::: {.rmdtip}\nCoil every line.\n:::\n", "t.md")
    blocks = {b.text: b for b in document.blocks}
    assert document.sections[1].title == "Rigging" and document.sections[1].anchor == "rigging-chapter"
    assert blocks["A stay is a wire that holds the mast up."].kind == PROSE  # the rule id is no text
    assert blocks["Check every stay before sailing."].kind == ASIDE  # a GitHub alert is a callout
    assert blocks["Check every stay before sailing."].line == 7
    assert blocks["A loose shroud can break."].kind == ASIDE  # inside an HTML warning box
    assert blocks["{{#include knots.rs}}"].kind == OTHER  # a file mdBook pastes in, not prose
    assert "A halyard lifts a sail. It runs up the mast." in blocks  # the LaTeX index entry is no word
    assert blocks["Coil every line."].kind == ASIDE  # bookdown's rmd* boxes


def test_asciidoc_index_entries_footnotes_and_inline_macros(tmp_path: Path) -> None:
    from termbase.documents.asciidoc import parse_asciidoc

    document = parse_asciidoc(
        "== Rigging\n\n(((\"stay\", \"wire\")))A stay is a wire that holds the mast up.footnote:[Not always.]"
        " It is checked daily.\n\nindexterm:[see, shroud]pass:[<b>Then</b>] press kbd:[Enter] twice.\n",
        "r.adoc")
    texts = [b.text for b in document.blocks]
    assert "A stay is a wire that holds the mast up. It is checked daily." in texts  # no footnote text
    assert "Then press Enter twice." in texts
    assert [t.term for t in document.index_terms] == ["stay"]  # a 'see' entry names no term
    (tmp_path / "ch01.adoc").write_text(
        "== Rigging\n\n(((\"shroud\")))Every mast needs support. The shroud is the wire at each side of the\n"
        "mast that keeps it upright.\n", encoding="utf-8")
    found = by_term(extract_glossary([tmp_path], min_confidence=0.0))
    assert "first mention after the author's index entry" in found["shroud"].evidence


def test_a_glossary_reference_macro_in_markdown_is_a_glossary_link() -> None:
    from termbase.documents.markdown import parse_markdown
    from termbase.documents.model import GLOSSARY_LINK

    text = "A \\gref{bilge\npump}{bilge_pump} lifts water out of the hull.\n"
    block = parse_markdown(text, "t.Rmd").blocks[0]
    assert block.text == "A bilge\npump lifts water out of the hull."
    assert [(s.kind, block.text[s.start:s.end]) for s in block.spans] == [(GLOSSARY_LINK, "bilge\npump")]


def test_asciidoc_code_list_labels_and_index_entries_with_brackets() -> None:
    from termbase.documents.asciidoc import parse_asciidoc
    from termbase.documents.model import DEFINITION, LIST_ITEM

    document = parse_asciidoc(
        "== Deck\n\n+winch.speed+:: How fast the drum turns.\n\n"
        "__Cleat__&#x2014;A fitting that holds a line.\n\n__Fairlead__:: A ring that guides a line.\n\n"
        "(((\"GPS (Global Positioning System)\", id=\"ix1\")))The ++GPS++ receiver gives a position.\n",
        "d.adoc")
    kinds = {b.text: (b.kind, b.term) for b in document.blocks}
    assert kinds["How fast the drum turns."] == (LIST_ITEM, "")  # a code name with what it holds: no term
    assert kinds["A ring that guides a line."] == (DEFINITION, "Fairlead")  # the label's words, not its marks
    assert "Cleat—A fitting that holds a line." in kinds  # a character reference made the character
    assert "The GPS receiver gives a position." in kinds  # the whole index entry left out, brackets and all
    assert [t.term for t in document.index_terms] == ["GPS", "Global Positioning System"]


def test_raw_html_run_on_to_text_in_markdown_is_read_not_lost() -> None:
    from termbase.documents.markdown import parse_markdown
    from termbase.documents.model import ASIDE, OTHER, PROSE, TABLE

    text = (
        "# Galley\n\nThe galley is below deck.\n<div class=\"callout\">\nA **gimbal** keeps the stove level "
        "while the hull rolls.\n</div>\nThe kettle sits on top.\n\n<p>A <dfn>fiddle</dfn> is a rail that "
        "stops pots sliding off.</p>\n\n<img src=\"stove.png\">\nThe **oven** bakes bread at sea.\n\n"
        "<!-- a note to the editor\nthat holds words -->\n\n<table>\n"
        "<tr><td>Pan</td><td>Fries fish.</td></tr>\n</table>\n"
    )
    blocks = {b.text: b for b in parse_markdown(text, "galley.md").blocks}
    gimbal = blocks["A gimbal keeps the stove level while the hull rolls."]
    assert (gimbal.kind, gimbal.label, gimbal.line) == (ASIDE, "callout", 5)  # in the box its tag opens
    assert blocks["The kettle sits on top."].kind == PROSE  # after the box closed, in the same raw block
    fiddle = blocks["A fiddle is a rail that stops pots sliding off."]
    assert fiddle.kind == PROSE and [fiddle.text[s.start:s.end] for s in fiddle.spans] == ["fiddle"]
    assert blocks["The oven bakes bread at sea."].line == 12
    assert blocks["Fries fish."].kind == TABLE
    assert any(b.kind == OTHER and "editor" in b.text for b in blocks.values())  # a comment stays no prose


def test_a_title_case_glossary_role_is_no_heading_and_a_bare_use_says_so(tmp_path: Path) -> None:
    (tmp_path / "index.rst").write_text(
        "Sailing\n=======\n\n.. toctree::\n\n   rigging\n   weather\n", encoding="utf-8")
    (tmp_path / "rigging.rst").write_text(
        "Rigging\n=======\n\nA :term:`halyard <Main Halyard>` line can hoist the mainsail to the top of the "
        "mast.\n\nLater the crew ties off each :term:`Sheet Bend` before the race.\n", encoding="utf-8")
    (tmp_path / "weather.rst").write_text(
        "Weather\n=======\n\nCheck the :term:`Main Halyard` before a gale, and the :term:`Sheet Bend` too.\n",
        encoding="utf-8")
    found = by_term(extract_glossary([tmp_path], min_confidence=0.0))
    halyard = found["Main Halyard"]
    assert halyard.confidence >= 0.6  # the glossary's capitals, not a heading's
    assert not any(e.startswith("in title case") for e in halyard.evidence)
    assert "linked, in a sentence that says something of it" in halyard.evidence  # the line can hoist …
    assert any(e.startswith("first use links to the book's glossary, but its sentence only uses it")
               for e in found["Sheet Bend"].evidence)


def test_a_definition_list_item_whose_term_is_a_sentence_of_advice_is_no_entry(tmp_path: Path) -> None:
    (tmp_path / "crew.md").write_text(
        "# Crew\n\nStow the lines.\n:   Loose rope on deck trips the crew when the boat heels over.\n\n"
        "Bosun\n:   The crew member who looks after the rigging and the deck gear.\n", encoding="utf-8")
    result = extract_glossary([tmp_path])
    kept = {e.term.lower() for e in result.entries}
    assert "bosun" in kept
    assert "stow the lines" not in kept


def test_a_name_in_title_case_named_as_a_kind_or_glossed_in_a_labelled_list_is_kept(tmp_path: Path) -> None:
    (tmp_path / "fleet.adoc").write_text(
        "== Fleet\n\nThe yard keeps its charts in a folding case called a _Chart Roll_.\n\n"
        "Spring 1921:: __Blue Heron__\u2014A ketch built for the coastal mail run.\n\n"
        "* *Harbour Guide* - A brief introduction to the moorings of the bay.\n\n"
        "The yard pays its crews in a local token called _scrip_, which buys food at the store.\n\n"
        "Run `scrip --balance` to see what is left. The Blue Heron still sails.\n", encoding="utf-8")
    found = by_term(extract_glossary([tmp_path], min_confidence=0.0))
    assert "Spring 1921" not in found  # the label is a date; the marked name in its text is the term
    assert found["Chart Roll"].confidence >= 0.6
    assert found["Blue Heron"].confidence >= 0.6
    assert found["Harbour Guide"].confidence < 0.6  # what a document holds: a title, not a term
    assert found["scrip"].confidence >= 0.6  # named as a kind of thing, though a command shares its name


def test_a_heading_over_a_sentence_saying_what_its_term_is_with_a_modifier(tmp_path: Path) -> None:
    (tmp_path / "knots.md").write_text(
        "# Knots\n\n## Bowlines\n\nA harbour bowline is a loop that does not slip under load.\n\n"
        "## Hitches\n\nSailors tie hitches all day.\n", encoding="utf-8")
    found = by_term(extract_glossary([tmp_path], min_confidence=0.0))
    bowline = found["bowline"]
    assert "the section heading names it and a sentence below says what it is" in bowline.evidence
    assert bowline.confidence >= 0.6
    assert found.get("hitch") is None or found["hitch"].confidence < 0.6  # only used under its heading


def test_option_and_configuration_key_labels_are_names_not_terms(tmp_path: Path) -> None:
    (tmp_path / "winch.adoc").write_text(
        "= winch(1)\n\n== DESCRIPTION\n\nA winch is a drum that hauls a line in by turns.\n\n== OPTIONS\n\n"
        "--slow-haul::\n\tTurn the drum at half speed so the line does not jump.\n\n"
        "brake::\n\tStop the drum and hold the load.\n\n== CONFIGURATION\n\n"
        "winch.maxTurns::\n\tThe number of turns after which the drum stops by itself.\n", encoding="utf-8")
    result = extract_glossary([tmp_path], min_confidence=0.0)
    terms = {e.term.lower() for e in (*result.entries, *result.review)}
    assert "winch" in terms
    assert not {"slow-haul", "brake", "winch.maxturns", "maxturns"} & terms


def test_a_list_of_values_a_label_can_take_is_no_list_of_terms(tmp_path: Path) -> None:
    (tmp_path / "logbook.md").write_text(
        "# Logbook\n\nEach entry in the harbour log gets one of these labels:\n\n"
        "-   *Calm*: no wind worth noting.\n\n-   *Fresh*: spray on deck, reef early.\n\n"
        "-   *Gale*: stay in port.\n\nCrews also often use:\n\n-   *Drill*: a practice run for the crew.\n\n"
        "-   *Refit*: the boat is out of the water.\n\n-   *Survey*: an inspector is aboard.\n\n"
        "Three kinds of rope show up in the log:\n\n-   *Sheet*: a rope that trims a sail.\n\n"
        "-   *Halyard*: a rope that hoists a sail.\n\n-   *Warp*: a rope that moors the boat.\n\n"
        "A worn sheet, halyard or warp is replaced before the season. Calm days are for drill.\n",
        encoding="utf-8")
    kept = {e.term.lower() for e in extract_glossary([tmp_path]).entries}
    assert not {"calm", "fresh", "gale", "drill", "refit", "survey"} & kept
    assert {"sheet", "halyard", "warp"} <= kept


def test_bookdown_quarto_and_asciidoc_master_files_give_the_reading_order(tmp_path: Path) -> None:
    def order_of(folder: Path) -> tuple[str, list[str]]:
        result = extract_glossary([folder], min_confidence=0.0)
        return result.order_source, [Path(c.path).name for c in result.chapters]

    bookdown = tmp_path / "bookdown"
    bookdown.mkdir()
    for name in ("a-intro.Rmd", "b-knots.Rmd", "c-sails.Rmd"):
        (bookdown / name).write_text(f"# {name}\n\nA line is a rope with a job.\n", encoding="utf-8")
    (bookdown / "_bookdown.yml").write_text("rmd_files: [c-sails.Rmd, a-intro.Rmd, b-knots.Rmd]\n",
                                            encoding="utf-8")
    source, names = order_of(bookdown)
    assert source.startswith("bookdown chapter list")
    assert names == ["c-sails.Rmd", "a-intro.Rmd", "b-knots.Rmd"]

    quarto = tmp_path / "quarto"
    quarto.mkdir()
    for name in ("index.qmd", "hull.qmd", "mast.qmd", "tides.qmd"):
        (quarto / name).write_text(f"# {name}\n\nA keel is a fin under the hull.\n", encoding="utf-8")
    (quarto / "_quarto.yml").write_text(
        "project:\n  type: book\nbook:\n  chapters:\n    - index.qmd\n    - part: mast.qmd\n      chapters:\n"
        "        - hull.qmd\n  appendices:\n    - tides.qmd\n", encoding="utf-8")
    source, names = order_of(quarto)
    assert source.startswith("Quarto book chapters")
    assert names == ["index.qmd", "mast.qmd", "hull.qmd", "tides.qmd"]

    adoc = tmp_path / "adoc"
    adoc.mkdir()
    for name in ("ch-b.adoc", "ch-a.adoc", "appendix.adoc"):
        (adoc / name).write_text(f"== {name}\n\nA cleat holds a line fast.\n", encoding="utf-8")
    (adoc / "book.adoc").write_text("= Sailing\n\ninclude::ch-b.adoc[]\n\ninclude::ch-a.adoc[]\n\n"
                                    "include::appendix.adoc[]\n", encoding="utf-8")
    source, names = order_of(adoc)
    assert source == "the chapter list in book.adoc"
    assert names == ["book.adoc", "ch-b.adoc", "ch-a.adoc", "appendix.adoc"]


def test_labelled_uses_of_a_thing_and_advice_are_no_meanings(tmp_path: Path) -> None:
    (tmp_path / "boat.adoc").write_text(
        "== Uses of a dinghy\n\nFerry:: A dinghy can carry the crew from the mooring to the quay.\n\n"
        "Lifeboat:: A dinghy can serve as a lifeboat when the yacht is in trouble.\n\n"
        "Safety first:: Try not to overload it with more than four people.\n\n"
        "Painter:: A line tied to the bow of a dinghy, used to tow or moor it.\n", encoding="utf-8")
    found = by_term(extract_glossary([tmp_path], min_confidence=0.0))
    assert found["ferry"].confidence < 0.6 and found["lifeboat"].confidence < 0.6
    assert found.get("safety first") is None or found["safety first"].confidence < 0.6
    assert found["painter"].confidence >= 0.6


def test_a_page_including_a_few_shared_parts_is_no_master_document(tmp_path: Path) -> None:
    for name in ("a-knots.adoc", "b-sails.adoc", "c-tides.adoc", "d-parts-1.adoc", "e-parts-2.adoc",
                 "f-rigging.adoc"):
        (tmp_path / name).write_text(f"== {name}\n\nA cleat holds a line fast.\n", encoding="utf-8")
    (tmp_path / "a-knots.adoc").write_text(
        "== Knots\n\ninclude::d-parts-1.adoc[]\n\ninclude::e-parts-2.adoc[]\n", encoding="utf-8")
    result = extract_glossary([tmp_path], min_confidence=0.0)
    assert result.order_source == "the order named on the command line, each folder's files by name"


def test_a_labelled_gloss_with_a_relative_clause_and_a_modal_is_still_a_definition(tmp_path: Path) -> None:
    (tmp_path / "tools.adoc").write_text(
        "== Tools\n\nWinch:: A drum that can haul a line in by turns.\n\n"
        "A winch is greased each spring.\n", encoding="utf-8")
    found = by_term(extract_glossary([tmp_path], min_confidence=0.0))
    assert found["winch"].confidence >= 0.6
    assert "listed with its meaning in a definition list" in found["winch"].evidence


def test_a_lesson_section_named_arguments_still_defines_its_phrases(tmp_path: Path) -> None:
    (tmp_path / "calls.md").write_text(
        "# Calls\n\n## Arguments\n\nPositional argument\n:   A value matched to a parameter by its place.\n\n"
        "flag\n:   An option that takes no value.\n\nEach positional argument counts, as does a flag.\n",
        encoding="utf-8")
    found = by_term(extract_glossary([tmp_path], min_confidence=0.0))
    assert found["positional argument"].confidence >= 0.6
    assert "flag" not in found or "listed with its meaning in a definition list" not in found["flag"].evidence


def test_a_table_never_closed_is_read_as_a_table_and_flagged() -> None:
    from termbase.documents.html import parse_html
    from termbase.documents.markdown import parse_markdown
    from termbase.documents.model import PROSE, TABLE

    rows = ("<tr><td><p>Keel</p></td><td><p>The spine along the bottom of the hull.</p></td></tr>\n"
            "<tr><td><p>Tiller</p></td><td><p>A lever that turns the rudder.</p></td></tr>\n")
    page = parse_html(f"<main><h1>Hull</h1>\n<table>\n{rows}<p>A mast holds the sails up.</p></main>",
                      "hull.html")
    kinds = {b.text: b.kind for b in page.blocks}
    assert kinds["The spine along the bottom of the hull."] == TABLE  # a paragraph in a cell is a cell
    assert kinds["Tiller"] == TABLE and kinds["A mast holds the sails up."] == PROSE
    assert [p.line for p in page.problems] == [2] and "never closed" in page.problems[0].message
    closed = parse_html(f"<main><table>\n{rows}</table><!-- <table> --></main>", "hull.html")
    assert closed.problems == ()
    # in Markdown, a table opened in raw HTML may close in a later raw block; a <table> in code opens none
    text = f"# Hull\n\n<table>\n{rows}\n<tr><td>Mast</td><td>The tall pole.</td></tr>\n\n" \
           "A **boom** is the pole along the foot of the sail.\n\n```\n<table>\n```\n"
    opened = parse_markdown(text, "hull.md")
    assert [p.line for p in opened.problems] == [3]
    assert {b.text: b.kind for b in opened.blocks}["The tall pole."] == TABLE
    closed_md = text.replace("\n\nA **boom**", "\n</table>\n\nA **boom**")
    assert parse_markdown(closed_md, "hull.md").problems == ()
