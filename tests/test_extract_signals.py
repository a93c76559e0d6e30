"""Each extraction signal on one sentence written for the test: the term, and the definition it gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from termbase.documents.markdown import parse_markdown
from termbase.documents.model import LIST_ITEM, PROSE
from termbase.documents.sentences import split_sentences
from termbase.extract.signals import Finding, acronym_findings, marked_findings, pattern_findings
from termbase.extract.terms import clean_term, term_problem


def findings(markdown: str) -> list[Finding]:
    """Return every finding of the last sentence of the first prose or list block of `markdown`."""
    document = parse_markdown(markdown, "t.md")
    block = next(b for b in document.blocks if b.kind in {PROSE, LIST_ITEM})
    sentences = split_sentences(block)
    previous = sentences[-2].text if len(sentences) > 1 else ""
    last = sentences[-1]
    in_list = block.kind == LIST_ITEM
    return marked_findings(last, previous, in_list) + pattern_findings(last, previous, in_list)


def defining(markdown: str) -> dict[str, str]:
    return {f.term: f.definition for f in findings(markdown) if f.defining}


@pytest.mark.parametrize(
    ("markdown", "term", "definition"),
    [
        ("A **lantern** is a lamp with a glass case around the flame.", "lantern",
         "A lamp with a glass case around the flame."),
        ("The long pole that holds up the sails is called the **mast**.", "mast",
         "The long pole that holds up the sails."),
        ("Every captain keeps a **logbook**, a daily record of the voyage.", "logbook",
         "A daily record of the voyage."),
        ("- **Ballast**: heavy material stowed low in a hull to steady it.", "Ballast",
         "Heavy material stowed low in a hull to steady it."),
        ("A harbour is a sheltered stretch of water where ships can moor.", "harbour",
         "A sheltered stretch of water where ships can moor."),
        ("We define a knot as one nautical mile per hour.", "knot", "One nautical mile per hour."),
        ("Starboard refers to the right side of a ship, facing the bow.", "Starboard",
         "Starboard refers to the right side of a ship, facing the bow."),
        ("The crew hauled the sail down in a hurry. This quick lowering is called **striking**.", "striking",
         "The crew hauled the sail down in a hurry. This quick lowering is called striking."),
        ("In sailing, a *tack* is a change of course that turns the bow through the wind.", "tack",
         "A change of course that turns the bow through the wind."),
        ("The boat carries a <dfn>bilge pump</dfn> below deck.", "bilge pump",
         "The boat carries a bilge pump below deck."),
    ],
)
def test_each_defining_shape_gives_its_term_and_trimmed_definition(markdown: str, term: str,
                                                                   definition: str) -> None:
    assert defining(markdown).get(term) == definition


@pytest.mark.parametrize(
    ("markdown", "terms"),
    [
        ('Each lock holds a small metal pin, called a "tumbler", that blocks the key.', {"tumbler"}),
        ("A **fender** protects the hull from the dock.", {"fender"}),
        ("The spar at the front is a **bowsprit**, which carries the foresails.", {"bowsprit"}),
        ('Sailors rest in short shifts ("watches") through the night.', {"watches"}),
        ('We say that a boat is "heeling" when the wind tips it over.', {"heeling"}),
        ("The ropes that trim the sails are called sheets or halyards.", {"sheets", "halyards"}),
        ('A knot that slips on purpose is called a "slip" knot.', {"slip knot"}),
        ("The hollow below the deck is called its hold.", {"hold"}),
        ('Spare rope goes in a locker called "the lazarette."', {"lazarette"}),
        ("The **mainsheet**, sometimes also called the main line, trims the big sail.", {"mainsheet"}),
        ("- cleat: a fitting that a rope is wound around to hold it.", {"cleat"}),
        ("A keel, which is a long fin under the hull, keeps the boat upright.", {"keel"}),
        ("The **galley** — the kitchen of a ship — is below deck.", {"galley"}),
        ("Buoys are the floating markers that show a channel.", {"buoys"}),
        ("We call such a rope a *painter*.", {"painter"}),
        ("A careen is when a ship is tipped on its side so its hull can be scraped.", {"careen"}),
        ("* **Fore** sails are sails that hang ahead of the mast.", {"Fore sails"}),
    ],
)
def test_naming_shapes_without_a_copula(markdown: str, terms: set[str]) -> None:
    assert terms <= set(defining(markdown))


@pytest.mark.parametrize(
    "markdown",
    [
        "When the helper is called again later, the count starts over.",
        "(That is why the command is called 'hoist'.)",
        'She shouted "ahoy" and waved.',
        "Two flags are flown, called red and blue respectively.",
        "- Step 2: run the pump until the bilge is dry.",
        "Sailing is a fine way to spend a summer.",
        "The helper is called hoist and lifts a heavy sail.",
        "It fails when the winch is called incorrectly.",
        "**Deck** plans are used on every ship.",
        "We named the dinghy and now we call it *Puffin*.",
    ],
)
def test_naming_words_that_name_no_term(markdown: str) -> None:
    assert not defining(markdown)


def test_quoted_phrase_in_the_section_its_heading_names() -> None:
    text = 'When the wind shifts the boat makes a "gybe" and swings its boom.'
    block = parse_markdown(text, "t.md").blocks[0]
    sentence = split_sentences(block)[0]
    assert [f.term for f in marked_findings(sentence, "", False, "Gybes and tacks") if f.defining] == ["gybe"]
    assert not marked_findings(sentence, "", False, "Trimming the sails")  # quotes alone define nothing


def test_acronym_introduction_keeps_both_names() -> None:
    sentence = "Ships carry Automatic Identification System (AIS) transponders."
    found = [f for f in findings(sentence) if f.labels]
    assert found and found[0].labels == ("Automatic Identification System", "AIS")


def test_glossary_link_names_the_linked_term() -> None:
    found = findings("Tie it to the [cleats](../learners/reference.md#cleat) on the dock.")
    assert [f.term for f in found] == ["cleat"]
    assert found[0].markup == "glossary-link"


@pytest.mark.parametrize(
    ("markdown", "term"),
    [
        ("A compass is a good way to keep your heading.", "compass"),  # praise, not a definition
        ("The charts are stored in a folder called **maps**.", "maps"),  # names one thing of a kind
        ("**Watch your step**", "Watch your step"),  # a bold line is a heading in disguise
        ("We checked the **north**, **south**, **east** and **west** walls.", "north"),  # a list
    ],
)
def test_shapes_that_define_nothing(markdown: str, term: str) -> None:
    assert term not in defining(markdown)


def test_bold_list_and_question_are_not_introductions() -> None:
    listed = findings("We checked the **north**, **south**, **east** and **west** walls.")
    assert listed and all(f.listed and not f.defining for f in listed)
    question = findings("Is a **rudder** always at the stern?")
    assert question and question[0].score < 0.3


@pytest.mark.parametrize(
    ("phrase", "is_term"),
    [("bilge pump", True), ("not", False), ("42", False), ("setup.py", False), ("x = 1", False),
     ("the ship is sinking", False), ("WATCH OUT NOW", False), ("thing", False), ("get_value", False)],
)
def test_term_shape(phrase: str, is_term: bool) -> None:
    assert (term_problem(clean_term(phrase)) == "") is is_term


def test_definition_list_label_over_a_statement_is_no_definition(tmp_path: Path) -> None:
    from termbase.extract import extract_glossary

    def confidences(name: str, markdown: str) -> dict[str, float]:
        page = tmp_path / name
        page.write_text(markdown, encoding="utf-8")
        return {e.term: e.confidence for e in extract_glossary([page], min_confidence=0.0).entries}

    glossary_like = confidences("boats.md", "# Boats\n\nKeel\n:   The spine along the bottom of a hull.\n")
    rule = "# Rules\n\nCrowded\n:   Boats in the harbour must wait for the pilot.\n"
    labelled = confidences("rules.md", rule)
    assert glossary_like["keel"] >= 0.6
    assert labelled["crowded"] < 0.6


def test_vague_word_is_a_term_where_defined_or_linked_to_the_glossary() -> None:
    assert "key" in defining("Each slot is opened with a **key**, which fits only that slot.")
    assert "key" not in {f.term for f in findings("That is the **key** to the whole trick.")}
    linked = findings("Every button has a [name](../learners/reference.md#name) people can read.")
    assert [f.term for f in linked] == ["name"]


def test_a_definition_spread_over_two_sentences() -> None:
    found = defining("The harbour log lists every drifting buoy. They are buoys that have broken loose "
                     "from their chains and float free.")
    assert found["drifting buoy"] == "Buoys that have broken loose from their chains and float free."
    # the pronoun's noun must repeat the noun the sentence before ends on
    assert "drifting buoy" not in defining("The log lists every drifting buoy. They are boats that "
                                           "carry the harbour master.")
    # a determiner or an everyday adjective is no part of a term
    assert not defining("We saw many old buoys. They are buoys that nobody has painted this year.")


def test_aka_in_parentheses_gives_another_name_of_the_marked_term_before() -> None:
    found = {f.term: f for f in findings("Stow the gear in the *hold* space (aka *cargo bay*) below deck.")}
    assert found["cargo bay"].labels == ("cargo bay", "hold")
    # with no marked term right before, the aka names nothing the extractor can tie it to
    alone = {f.term: f for f in findings("Stow the gear below, in what sailors call the space (aka *bay*).")}
    assert alone.get("bay") is None or alone["bay"].labels == ()


def test_the_word_x_is_used_to_mean() -> None:
    found = defining("Some knots slip and some hold. On this boat the word \"holdfast\" is sometimes used "
                     "to name such a knot.")
    # "such a knot" needs the sentence before
    assert found["holdfast"].startswith("Some knots slip and some hold.")
    assert "apple" not in defining('Type the word "apple" and press enter.')


@pytest.mark.parametrize(
    ("markdown", "term"),
    [
        ("Old hand-built boats are *clinker-built*, meaning that their planks overlap like roof tiles.",
         "clinker-built"),
        ("Most sailors keep a **ditty bag**, that is, a small pouch for needles, twine and a knife.",
         "ditty bag"),
        ("The hull was *careened*, i.e. tipped on its side on a beach so the bottom could be scraped.",
         "careened"),
    ],
)
def test_a_marked_term_followed_by_its_meaning_is_defined(markdown: str, term: str) -> None:
    assert term in defining(markdown)


def test_a_plural_generic_with_a_relative_clause_is_defined() -> None:
    found = defining("Mooring buoys are floats that mark where a boat may tie up for the night.")
    assert found == {"mooring buoys": "Floats that mark where a boat may tie up for the night."}
    assert defining("Ropes are things we coil.") == {}  # no relative clause: no definition


def test_we_call_these_names_the_things_the_sentence_before_describes() -> None:
    found = defining("Sloops, ketches and yawls all carry sails on masts. We call these sailing rigs.")
    assert found["sailing rigs"].startswith("Sloops, ketches and yawls all carry sails on masts.")


def test_an_article_fused_with_the_next_word_is_no_article() -> None:
    assert "nchor" not in defining("anchor is a word sailors shout a lot.")


def test_an_adverb_before_means_stays_out_of_the_term() -> None:
    found = defining("Dead reckoning simply means steering by speed, time and heading.")
    assert set(found) == {"Dead reckoning"}


def test_a_text_that_uses_a_word_to_describe_something_defines_it() -> None:
    found = defining('The old logbooks use the word "gunwale" to describe the top edge of the hull.')
    assert "gunwale" in found


def test_we_call_this_phrase_the_name_takes_the_name_after_the() -> None:
    found = defining("One rope goes ashore before any other. We call this leading rope the bow line.")
    assert "bow line" in found and not any("leading rope" in term for term in found)


def test_a_plain_multiword_name_after_called_is_a_surer_term_than_one_word() -> None:
    scores = {f.term: f.score for f in findings("Long flat stretches of sand are called tidal flats.")}
    single = {f.term: f.score for f in findings("The biggest of the sails is called Genny.")}
    assert scores["tidal flats"] > 0.55 and "Genny" not in single


def test_a_sentence_adverbial_or_a_hedge_does_not_hide_a_definition() -> None:
    assert "fairlead" in defining("First, a fairlead is a ring that guides a rope around a corner.")
    assert "cleat" in defining("A cleat is usually a wooden fitting that a rope is made fast to.")
    scores = {f.term: f.score for f in findings("A dead run means sailing with the wind straight behind.")}
    assert scores["dead run"] >= 0.55


def test_a_verb_after_a_quoted_word_is_not_part_of_the_term() -> None:
    found = defining('In harbours, the term "warping" means "moving a boat by hauling on ropes".')
    assert set(found) == {"warping"}


def test_a_remarks_label_is_no_term() -> None:
    assert term_problem("Remember") and term_problem("take care")
    assert not term_problem("rudder")


def test_a_defining_sentence_in_brackets_is_read() -> None:
    found = defining("(A bollard is a short post on a quay that ropes are tied to.)")
    assert found == {"bollard": "A short post on a quay that ropes are tied to."}


def test_html_table_cells_are_separate_and_not_prose() -> None:
    from termbase.documents.html import parse_html
    from termbase.documents.model import TABLE

    page = ("<main><table><tr><th>Fitting</th><th>Use</th></tr>"
            "<tr><td>Cleat</td><td>The horn a rope is wound around.</td></tr></table>"
            "<table><tr><td><p>One cell of a layout table is prose.</p></td></tr></table></main>")
    blocks = parse_html(page, "t.html").blocks
    assert [(b.kind, b.text) for b in blocks if b.kind == TABLE] == [
        (TABLE, "Fitting"), (TABLE, "Use"), (TABLE, "Cleat"), (TABLE, "The horn a rope is wound around.")]
    assert not any("CleatThe" in b.text for b in blocks)
    assert [b.text for b in blocks if b.kind == PROSE] == ["One cell of a layout table is prose."]


def test_labels_of_screen_parts_or_table_parts_are_not_terms(tmp_path: Path) -> None:
    from termbase.extract import extract_glossary

    page = tmp_path / "tour.md"
    page.write_text(
        "# A tour of the chart plotter\n\nAlong the top of the screen sit three menus:\n\n"
        "- **Route:** Plan, Follow and Clear.\n- **Marks:** Waypoints you saved, by name.\n"
        "- **Setup:** Units, colours and the depth alarm.\n\n"
        "The harbour records come as three tables.\n\n**Vessel**: every boat, with its length.\n\n"
        "**Berth**: each place, with its pontoon.\n\n**Stay**: who moored where, and when.\n\n"
        "## Words sailors use\n\n- **Bilge**: the lowest part inside the hull, where water gathers.\n"
        "- **Transom**: the flat back end of the hull.\n- **Fairlead**: a ring that guides a rope.\n",
        encoding="utf-8")
    terms = {e.term.lower() for e in extract_glossary([page], min_confidence=0.0).entries}
    assert {"bilge", "transom", "fairlead"} <= terms
    assert not terms & {"route", "marks", "setup", "vessel", "berth", "stay"}


def test_the_name_x_is_the_name_for() -> None:
    found = defining('Note that the name "homeport" is simply the name the club uses to refer to the '
                     "harbour a boat is registered in.")
    assert "homeport" in found
    assert "apple" not in defining('The name "apple" is a name I like.')


def test_we_say_the_thing_is_in_a_state_names_the_thing_in_that_state() -> None:
    said = 'When its chain wraps the fluke, we say that the anchor is "fouled".'
    found = {f.term: f for f in findings(said) if f.defining}
    assert "fouled anchor" in found
    # a state word about a longer subject stays the word alone
    found = {f.term for f in findings('We say that boat A is "moored" to boat B when a line joins them.')
             if f.defining}
    assert "moored" in found


def test_a_short_subject_of_is_called_is_another_name() -> None:
    found = {f.term: f for f in findings('The inner engine is often called "gearbox" by the crew.')}
    assert found["gearbox"].labels == ("gearbox", "inner engine")
    # one thing's name, a thing described in passing, or two things together are no other name
    for said in ("The method is called **hoist**.", "The small flags are called **pennants**.",
                 "Ropes and chains are called **rode**."):
        assert all(len(f.labels) <= 1 for f in findings(said)), said


def test_a_heading_doing_something_with_a_command_introduces_its_idea(tmp_path: Path) -> None:
    from termbase.extract import extract_glossary

    page = tmp_path / "rigging.md"
    page.write_text(
        "# Rigging\n\n## Tightening the lines with rig haul\n\n"
        "The `rig haul` command pulls every line of the boat taut against its cleat.\n\n"
        "```\n$ rig haul --all\n```\n\nAfter a haul, check each cleat.\n\n"
        "## Finding boats with given names\n\nSome boats have names that are easy to find.\n",
        encoding="utf-8")
    found = {e.term: e for e in extract_glossary([page], min_confidence=0.0).entries}
    assert found["haul"].definition.startswith("The `rig haul` command pulls every line")
    assert "names" not in found


def test_a_gerund_defined_as_an_act_and_a_term_with_its_other_name_in_brackets() -> None:
    assert defining("Reefing is the act of making a sail smaller when the wind rises.")["reefing"] == \
        "The act of making a sail smaller when the wind rises."
    assert not defining("Sailing is a great way of spending a day.")
    found = {f.term: f for f in findings("The holding tank (the bilge) is the lowest space inside a hull.")
             if f.defining}
    assert found["holding tank"].labels == ("holding tank", "bilge")
    assert not defining("The result (a float) is the answer.")


def test_a_label_whose_text_uses_it_as_the_statements_verb_is_no_definition(tmp_path: Path) -> None:
    from termbase.extract import extract_glossary

    page = tmp_path / "rules.md"
    page.write_text("# Rules\n\nWeighed\n:   Cargo brought on board is weighed before the boat sails.\n\n"
                    "Spacing\n:   Small boats (those under ten metres) are moored apart from the rest.\n\n"
                    "Silt\n:   Harbours are full of silt, which the dredger clears each spring.\n",
                    encoding="utf-8")
    found = {e.term: e.confidence for e in extract_glossary([page], min_confidence=0.0).entries}
    assert found["weighed"] < 0.6 and found["spacing"] < 0.6
    assert found["silt"] >= 0.6  # the statement names the term: it is what the item is about


def test_a_bold_name_with_a_version_number_is_no_term(tmp_path: Path) -> None:
    from termbase.extract import extract_glossary

    page = tmp_path / "guides.md"
    page.write_text("# Guides\n\n**Harbour Rules 3.1**: the booklet every skipper gets at the gate.\n\n"
                    "A **mooring** is a fixed place where a boat is tied up.\n", encoding="utf-8")
    result = extract_glossary([page], min_confidence=0.0)
    found = {e.term: e.confidence for e in (*result.entries, *result.review)}
    assert found["mooring"] >= 0.6
    assert found["Harbour Rules 3.1"] < 0.3  # title case alone leaves 0.5


def test_a_labelled_paragraph_right_above_a_table_is_its_caption(tmp_path: Path) -> None:
    from termbase.extract import extract_glossary

    page = tmp_path / "data.md"
    page.write_text("# Data\n\n**Boat**: the boats in the club, by name.\n\n| name | length |\n|---|---|\n"
                    "| Gull | 6 |\n\n**Keel**: the fin along the bottom that keeps a boat upright.\n",
                    encoding="utf-8")
    terms = {e.term for e in extract_glossary([page]).entries}
    assert "keel" in terms and "boat" not in terms


def test_an_acronym_said_to_be_a_kind_of_thing_is_defined() -> None:
    found = defining("Kettles boil fast. KPX is a heating standard that sets how hot a plate may get.")
    assert found.get("KPX") == "A heating standard that sets how hot a plate may get."


@pytest.mark.parametrize(
    "phrase",
    ["gas vs induction hobs", "stirring as a habit", "slicing using mandoline",
     "baking via convection ovens"],
)
def test_a_contrast_or_a_manner_of_doing_is_no_term(phrase: str) -> None:
    assert term_problem(phrase) == "a contrast or a manner of doing, not a term"


def test_a_glossary_link_or_marked_construct_may_start_with_its_keyword() -> None:
    linked = findings("Use a [for loop](../learners/reference.md#for-loop) over the jars.")
    assert [f.term for f in linked] == ["for loop"]
    italic = findings("A *while loop* repeats its steps until the pot boils.")
    assert "while loop" in {f.term for f in italic if f.defining}
    assert term_problem("for jars") != ""  # a function word starts it: not a term unless marked as one


def test_something_called_hedges_and_names_no_term() -> None:
    found = findings('If your street had something called a "pantry" nearby, you might shop in it.')
    assert "pantry" not in {f.term for f in found if f.defining}


def test_coordinated_marked_words_before_a_noun_are_its_modifiers() -> None:
    found = findings("The oven has **Bake** (low) and **Grill** (high) settings for the tray.")
    assert found and all(f.listed and not f.defining for f in found)


def test_a_mistyped_glossary_anchor_gives_way_to_the_link_text_of_the_same_name() -> None:
    from termbase.extract.signals import link_term

    assert link_term("../learners/reference.md#crisp-crust", "Crispy crusts") == "crispy crusts"
    assert link_term("../learners/reference.md#proofing", "proofed") == "proofing"  # one word: the entry
    assert link_term("../learners/reference.md#dough-hook", "hook") == "dough hook"


def test_a_generic_noun_with_what_kind_of_thing_it_is_in_brackets_is_defined() -> None:
    found = defining("Only weigh two loaves on the scale if they are rolls (a bread shape that bakes in "
                     "one piece).")
    assert found.get("rolls") == "A bread shape that bakes in one piece."
    assert "rolls" not in defining("Bake the rolls (the ones on the left) first.")  # no kind, no definition


@pytest.mark.parametrize(
    ("markdown", "term", "definition"),
    [
        ("A small tool that is handy for levelling any shelf is a **spirit level**.", "spirit level",
         "A small tool that is handy for levelling any shelf."),
        ("Good cooks practise **mise en place** -- placing every tool and item ready before cooking.",
         "mise en place", None),
        ("Chefs like **prep tasks** -- small tasks done before service so the rush goes well.", "prep tasks",
         "Small tasks done before service so the rush goes well."),
        ("We urge cooks to taste and adjust as they go, trusting their palate -- a **tasting habit**.",
         "tasting habit",
         "We urge cooks to taste and adjust as they go, trusting their palate -- a tasting habit."),
        ('"Resting time" means the minutes a roast sits before it is carved.', "Resting time",
         '"Resting time" means the minutes a roast sits before it is carved.'),
    ],
)
def test_names_after_a_description_a_dash_or_in_quotes(markdown: str, term: str,
                                                       definition: str | None) -> None:
    found = {f.term: f for f in findings(markdown)}
    if definition is None:  # a dash gloss that does not repeat the head noun is no definition
        assert term not in found or not found[term].defining
    else:
        assert found[term].defining and found[term].definition == definition
    if term == "Resting time":
        assert found[term].score >= 0.55


@pytest.mark.parametrize(
    ("markdown", "term"),
    [
        ("Bakers know it in the trade as *oven spring*.", None),  # "know it … as" is no naming form we read
        ("This rise is known among bakers as *oven spring*.", "oven spring"),
        ("We refer to the habit of weighing flour twice as **double weighing**.", "double weighing"),
    ],
)
def test_known_among_and_refer_to_as_name_a_marked_term(markdown: str, term: str | None) -> None:
    named = {f.term for f in findings(markdown) if "introduced by 'called / known as'" in f.evidence}
    assert named == ({term} if term else set())


@pytest.mark.parametrize(
    "markdown",
    [
        "Slice it as we did in the *Knife Skills* episode before you go on.",
        'The default pan size is called "medium" and fits most hobs.',
        'We will look at the idea of "hops" between burners first.',
    ],
)
def test_titles_defaults_and_prepositions_are_no_terms(markdown: str) -> None:
    assert not [f.term for f in findings(markdown) if f.defining]


def test_a_reason_clause_is_no_part_of_the_subject_named_again() -> None:
    found = {f.term: f for f in findings("And that is why simmering is also called *poaching*.")}
    assert found["poaching"].labels == ("poaching", "simmering")


def test_an_acronym_for_an_organisation_is_no_defined_term() -> None:
    found = {f.term: f for f in findings("Recipes are kept by the National Institute for Baking Standards "
                                         "(NIBS) and by a shared recipe database (SRD).")}
    assert not found["National Institute for Baking Standards"].defining
    assert found["shared recipe database"].defining


def test_an_acronym_followed_by_its_long_form_in_brackets_is_introduced() -> None:
    found = {f.term: f for f in findings("Weigh it on the DKS (digital kitchen scale) first.")}
    assert found["digital kitchen scale"].labels == ("digital kitchen scale", "DKS")
    assert not findings("Ask the NIB (National Institute of Bakers) first.")  # an organisation


def test_or_and_a_gloss_of_several_words_defines_a_marked_term() -> None:
    found = {f.term: f for f in findings("Bakers shape dough into *boules*, or round loaves of crusty "
                                         "bread, before baking.")}
    assert found["boules"].defining and found["boules"].definition == "Round loaves of crusty bread."
    synonym = {f.term: f for f in findings("Trim the *boom*, or spar, first.")}
    assert not synonym["boom"].defining or "gloss" not in " ".join(synonym["boom"].evidence)


def test_an_adverb_before_called_is_a_call_not_a_naming() -> None:
    assert not [f for f in findings("We have successfully called the function that we wrote.") if f.defining]


def test_a_name_given_as_the_act_of_making_a_thing_names_the_thing() -> None:
    found = {f.term: f for f in findings("Turn through the wind with the stern first (this is known as "
                                         "*doing a Gybe*).") if f.defining}
    assert "gybe" in found and "doing a Gybe" in found["gybe"].labels
    # an act that is more than making or doing names the act: "cloning a repo" is no "repo"
    kept = {f.term for f in findings("The crew copies the chart. This is called *copying a chart*.")
            if f.defining}
    assert "chart" not in kept


def test_a_naming_verb_after_a_modal_names_the_term() -> None:
    found = defining("Ropes that raise a sail may be referred to as halyards.")
    assert "halyards" in found
    # a subject that ends on a relative pronoun is cut short: the whole sentence is the definition
    found = defining("Boats are kept on floating pontoons which are often called marinas.")
    assert found["marinas"].startswith("Boats are kept on floating pontoons which are often called marinas")


def test_a_marked_modifier_of_a_predicate_noun_takes_the_noun_before_a_relative_clause() -> None:
    found = defining("The club's dinghy is a *clinker* hull, which means its planks overlap like roof tiles.")
    assert "clinker hull" in found


def test_the_other_name_in_brackets_after_a_defined_term_is_a_label() -> None:
    found = {f.term: f for f in findings("Slack lines (or bights) are loops that lie loose on the deck.")
             if f.defining}
    assert found["slack lines"].labels == ("slack lines", "bights")


def test_a_kind_named_in_code_style_with_a_capital_inside_is_defined_by_a_is_a() -> None:
    assert "TideTable" in defining("A TideTable is a list of the high and low waters of one port.")
    assert "Harbour" not in defining("A Harbour is a place.")  # a capitalised word alone is a name or a title


def test_called_upon_is_no_naming() -> None:
    assert not defining("Spare parts sit in lockers that can be called upon when needed.")


def _acronyms(markdown: str) -> dict[str, Finding]:
    block = parse_markdown(markdown, "t.md").blocks[0]
    return {f.term: f for s in split_sentences(block) for f in acronym_findings(s)}


def test_an_acronym_spelt_out_with_an_equals_sign_in_brackets() -> None:
    found = _acronyms("The display shows TWS values (tws = true wind speed) in knots.")
    assert found["true wind speed"].labels == ("true wind speed", "TWS")
    assert not _acronyms("Set the depth alarm (depth = three metres) before you anchor.")


def test_a_vague_word_marked_and_named_as_a_kind_is_a_term() -> None:
    assert "point" in defining("Each place where two ropes cross is called a *point* by riggers.")
    assert "point" not in defining("At this *point* the rope is tight.")


def test_a_listed_meaning_that_names_the_same_kind_is_a_surer_definition() -> None:
    sure = {f.term: f.score for f in findings("- Storm sails: small sails of heavy cloth for strong winds.")}
    plain = {f.term: f.score for f in findings("- Storm jib: cut small and sewn from heavy cloth.")}
    assert sure["Storm sails"] > plain["Storm jib"] >= 0.55


def test_a_marked_name_of_the_kind_the_subject_belongs_to_is_defined() -> None:
    found = defining("Reefing is a kind of *sail reduction*, where part of the sail is rolled away.")
    assert "sail reduction" in found
    assert "sail reduction" not in defining("Reefing is a kind of *sail reduction* we teach on day two.")
    assert "luck" not in defining("Finding the channel at night is a kind of *luck* on that coast.")


def test_a_quoted_name_after_called_may_start_with_a_small_word() -> None:
    assert "one in, one out" in defining('The crew changes watch by a rule called "one in, one out".')
    assert not defining('The crew changes watch by a rule called "one".')


def test_a_marked_name_closed_up_to_a_dash_and_its_gloss_is_defined() -> None:
    # a labelled item whose label is a place in time and whose body opens with the term, a dash and its gloss
    assert defining("- _Slack water_\u2014The still time between two tides, when no current runs.") == {
        "Slack water": "The still time between two tides, when no current runs."}
    assert defining("_Neap tide_ \u2014 a tide with the least rise and fall of the month.")["Neap tide"] \
        .startswith("A tide with the least")


def test_a_marked_label_over_an_instruction_or_a_statement_is_no_definition() -> None:
    assert "Linux" not in defining("- *Linux*: Install the charts package from your package manager.")
    assert "Harbour" not in defining("- *Harbour*: this berth is kept for the pilot boat.")
    assert defining("- *Seaworthy*: can't be sunk by an ordinary swell.") == {
        "Seaworthy": "Can't be sunk by an ordinary swell."}


def test_a_relational_noun_a_closing_dash_gloss_and_a_quoted_name_before_a_generic_noun() -> None:
    assert defining("The *draught* of a hull is the depth of water it needs to float.")["draught"].startswith(
        "The draught of a hull is the depth")
    assert defining("Each berth is in a *mooring zone* --- a stretch of quay run by one harbour master.") \
        == {"mooring zone": "A stretch of quay run by one harbour master."}
    named = [f for f in findings('Sailors call this a "figure eight" knot.') if f.defining]
    assert named and "figure eight" not in named[0].labels  # a knot is no generic noun: the name keeps it
    turn = [f for f in findings('This turn is known as the "jibe" style.') if f.defining]
    assert turn and {"jibe style", "jibe"} <= set(turn[0].labels)


def test_a_marked_term_with_a_gloss_in_brackets() -> None:
    assert "ballast" in defining("The hold carries *ballast* (heavy stones stowed low) on every crossing.")
    assert "ballast" not in defining("The hold carries *ballast* (see the next chapter) on every crossing.")
    assert "ballast" not in defining("The hold carries *ballast* (e.g. stones or sand) on every crossing.")


def test_a_marked_name_of_what_the_sentence_describes_of_a_thing() -> None:
    found = defining("A crew has as many hands as it has berths. This number of hands sets the *complement* "
                     "of the ship.")
    assert found["complement"].startswith("This number of hands sets the complement")
    assert "complement" not in defining("We checked the *complement* of the ship twice before noon.")


def test_a_listed_key_in_code_or_a_meaning_without_words_is_no_definition() -> None:
    assert "rudder" not in defining("- `rudder`: the blade at the stern that steers the boat.")
    assert "Chart" not in defining("- **Chart:** `charts/bay-2024.png`")
    assert "Source" not in defining("- **Source**: harbour-rules")
    assert defining("- **Tiller**: the bar that turns the rudder.") == {
        "Tiller": "The bar that turns the rudder."}


def test_a_quoted_name_with_its_full_stop_inside_the_quotation_marks() -> None:
    assert "spring line" in defining('The rope that keeps a boat from sliding is called a "spring line."')


def test_a_gloss_opening_with_when_or_a_noun_like_set_is_still_a_meaning() -> None:
    assert "Deadlock" in defining("- **Deadlock**: when two boats each wait for the other to leave the lock.")
    assert "Flotilla" in defining("- **Flotilla**: set of small boats sailing together.")


def test_a_short_gloss_with_a_number_is_a_meaning_in_words() -> None:
    assert "Fathom" in defining("- **Fathom**: 6 feet of depth.")
    assert "Hull" not in defining('- **Hull**: "steel", "wood"')


def test_brackets_of_a_measure_or_an_aside_are_no_gloss() -> None:
    assert "fast" not in defining("The tide turns *fast* (under ten minutes) in the narrows.")
    assert "slack" not in defining("Wait for *slack* (we usually do) before you cross.")


def test_a_short_subject_before_is_the_x_of_is_a_statement() -> None:
    assert "captain" not in defining("The winner is the *captain* of the fastest boat.")


def test_a_list_item_saying_what_a_thing_is_then_naming_it_in_brackets(tmp_path: Path) -> None:
    from termbase.extract import extract_glossary

    page = tmp_path / "harbour.md"
    page.write_text("# Harbour\n\nA harbour is made of:\n\n"
                    "* A stone wall built out into the sea (the breakwater)\n"
                    "* A deep channel kept clear for big ships (the fairway)\n* A few boats (BOATS)\n",
                    encoding="utf-8")
    found = {e.term: e for e in extract_glossary([page], min_confidence=0.0).entries}
    assert found["breakwater"].definition.startswith("A stone wall built out into the sea")
    assert "fairway" in found and "BOATS" not in found and "boats" not in found


def test_a_bold_plural_followed_by_are_and_what_they_are(tmp_path: Path) -> None:
    from termbase.extract import extract_glossary

    page = tmp_path / "tides.md"
    page.write_text("# Tides\n\n**Tide tables** are lists of the times of high and low water at a port.\n",
                    encoding="utf-8")
    found = {e.term: e for e in extract_glossary([page], min_confidence=0.0).entries}
    assert found["tide table"].confidence >= 0.6


def test_known_collectively_as_names_the_term(tmp_path: Path) -> None:
    from termbase.extract import extract_glossary

    page = tmp_path / "gear.md"
    page.write_text("# Gear\n\nRopes, blocks and winches move the sails. "
                    "These parts are known collectively as *running rigging*.\n", encoding="utf-8")
    found = {e.term: e for e in extract_glossary([page], min_confidence=0.0).entries}
    assert any("called / known as" in e for e in found["running rigging"].evidence)


def test_a_heading_term_explained_with_an_aside_in_brackets(tmp_path: Path) -> None:
    from termbase.extract import extract_glossary

    page = tmp_path / "charts.md"
    page.write_text("# Charts\n\n## Insets\n\n"
                    "Insets are enlarged (zoomed) views printed in a corner of a chart.\n", encoding="utf-8")
    found = {e.term: e for e in extract_glossary([page], min_confidence=0.0).entries}
    assert any("says what it is" in e for e in found["inset"].evidence)


def test_a_heading_about_an_idea_names_it_without_its_lead_words(tmp_path: Path) -> None:
    from termbase.extract import extract_glossary

    page = tmp_path / "nav.md"
    page.write_text("# Navigation\n\n## Understanding dead reckoning\n\n"
                    "Dead reckoning works out where the boat is from its speed, heading and time.\n",
                    encoding="utf-8")
    found = {e.term: e for e in extract_glossary([page], min_confidence=0.0).entries}
    assert "dead reckoning" in found


def test_what_we_now_call_names_the_term(tmp_path: Path) -> None:
    from termbase.extract import extract_glossary

    page = tmp_path / "lines.md"
    page.write_text("# Lines\n\nTying two lines end to end with a flat knot is what we now call a *bend*.\n",
                    encoding="utf-8")
    found = {e.term: e for e in extract_glossary([page], min_confidence=0.0).entries}
    assert any("called / known as" in e for e in found["bend"].evidence)


def test_two_marked_subjects_sharing_what_they_both_are(tmp_path: Path) -> None:
    from termbase.extract import extract_glossary

    page = tmp_path / "knots.md"
    page.write_text("# Knots\n\n**Reef** or **sheet bend** are both joining knots and are the usual choice "
                    "for two lines.\n\n**Bowline** and **Alice** are friends of the skipper.\n",
                    encoding="utf-8")
    found = {e.term: e for e in extract_glossary([page], min_confidence=0.0).entries}
    assert found["reef"].definition == "Joining knots." and found["sheet bend"].confidence >= 0.6
    assert found.get("bowline") is None or found["bowline"].confidence < 0.6  # no 'both': not a shared kind


def test_a_quoted_name_before_a_generic_kind_is_a_name_too(tmp_path: Path) -> None:
    from termbase.extract import extract_glossary

    (tmp_path / "a-intro.md").write_text(
        "# Intro\n\nThe fleet keeps station with a scheme (called a \"line-abreast\" technique) that spaces"
        " the boats evenly.\n", encoding="utf-8")
    result = extract_glossary([tmp_path / "a-intro.md"], min_confidence=0.0)
    found = {label.lower(): e for e in result.entries for label in (e.term, *e.labels)}
    assert "line-abreast" in found and "line-abreast technique" in found
