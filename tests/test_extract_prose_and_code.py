"""Roles and code names in chapters: MyST / Sphinx roles read as the spans they make, and a word of the
prose that some code also uses as a name is still a term (fixtures written for these tests)."""

from __future__ import annotations

from pathlib import Path

from termbase.documents.markdown import parse_markdown
from termbase.documents.model import CODE_SPAN, TERM_ROLE
from termbase.documents.rst import parse_rst
from termbase.extract import extract_glossary


def _spans(block) -> list[tuple[str, str, str]]:
    return [(s.kind, block.text[s.start : s.end], s.target) for s in block.spans]


def test_myst_roles_are_code_terms_and_words() -> None:
    text = ("{py:class}`~garden.Trellis` holds climbers, see {term}`cold frame <frames>`s, "
            "{ref}`the pruning section <pruning>` and {py:meth}`garden.Bed.dig`.\n")
    block = parse_markdown(text, "beds.md").blocks[0]
    assert block.text == ("Trellis holds climbers, see cold frames, the pruning section and "
                          "garden.Bed.dig.")
    assert _spans(block) == [(CODE_SPAN, "Trellis", ""), (TERM_ROLE, "cold frame", "frames"),
                             (CODE_SPAN, "garden.Bed.dig", "")]


def test_a_code_span_after_braces_that_are_no_role_stays_code() -> None:
    block = parse_markdown("Write {`x`} or `{a}` as you like.\n", "braces.md").blocks[0]
    assert "{" in block.text and [s.kind for s in block.spans] == [CODE_SPAN, CODE_SPAN]


def test_sphinx_tilde_role_shows_the_last_dotted_part() -> None:
    doc = parse_rst("Beds\n====\n\n:py:class:`~garden.Trellis` holds climbers.\n", "beds.rst")
    block = next(b for b in doc.blocks if "climbers" in b.text)
    assert block.text.startswith("Trellis holds") and _spans(block)[0][:2] == (CODE_SPAN, "Trellis")


def _chapters(tmp_path: Path, code_line: str) -> Path:
    (tmp_path / "01-beds.md").write_text(
        "# Preparing beds\n\nA gardener spreads a thick *mulch* over each bed in spring. The *mulch* is a "
        "layer of loose material laid over soil to keep it moist and cool.\n\nBark makes a coarse mulch "
        "that lasts a year; straw makes a light mulch that rots fast.\nCheck the mulch after heavy rain, "
        "and top up any mulch the wind has moved.\n", encoding="utf-8")
    (tmp_path / "02-water.md").write_text(
        "# Watering\n\nWater the soil before you lay new mulch, since dry ground under mulch stays dry.\n"
        "A thin mulch lets weeds through; a deep mulch chokes them.\n", encoding="utf-8")
    (tmp_path / "03-log.md").write_text(f"# Keeping a log\n\n{code_line}\n", encoding="utf-8")
    return tmp_path


def test_a_prose_word_once_written_as_code_is_still_a_term(tmp_path: Path) -> None:
    chapters = _chapters(tmp_path, "The garden log script reads `mulch` from each row, one number per bed.")
    result = extract_glossary([chapters])
    entry = next(e for e in result.entries if e.term == "mulch")
    assert "written as code elsewhere (a name, not a term)" not in entry.evidence


def test_a_word_written_as_code_as_often_as_in_words_stays_a_name(tmp_path: Path) -> None:
    code = " ".join(f"Row {n} reads `mulch` again." for n in range(12))
    result = extract_glossary([_chapters(tmp_path, code)])
    assert "mulch" not in {e.term for e in result.entries}
    entry = next(e for e in result.review if e.term == "mulch")
    assert "written as code elsewhere (a name, not a term)" in entry.evidence


def test_a_class_the_heading_names_and_the_text_defines_is_a_term(tmp_path: Path) -> None:
    (tmp_path / "01-objects.md").write_text(
        "# Garden objects\n\n## Planter\n\n{py:class}`garden.Planter` is garden's container for a group of "
        "beds that share one watering plan. It keeps their sizes and their soil.\n\n"
        "```python\nplanter = garden.Planter()\n```\n", encoding="utf-8")
    (tmp_path / "02-watering.md").write_text(
        "# Watering\n\nEach {py:class}`~garden.Planter` waters its beds at dawn. Give a "
        "{py:class}`~garden.Planter` a timer to change that.\n", encoding="utf-8")
    result = extract_glossary([tmp_path])
    entry = next(e for e in result.entries if e.term.lower() == "planter")
    assert "the section heading names it and a sentence below says what it is" in entry.evidence
    assert "written as code elsewhere (a name, not a term)" not in entry.evidence
    assert entry.definition.startswith("garden.Planter is garden's container for a group of beds")


def _glossary(tmp_path: Path, text: str) -> dict[str, str]:
    (tmp_path / "01-compost.md").write_text(text, encoding="utf-8")
    result = extract_glossary([tmp_path], min_confidence=0.0)
    return {e.term: e.definition for e in (*result.entries, *result.review)}


def test_a_paragraph_that_only_names_takes_the_sentence_before_it(tmp_path: Path) -> None:
    found = _glossary(tmp_path, (
        "# Compost\n\nA heap warms up in its middle as microbes break the scraps down.\n\n"
        "This is called hot composting. It kills most weed seeds.\n\n"
        "Turn the heap each week and it stays warm.\n\n"
        "In a small garden, we call this weekly habit *turning*.\n"))
    assert found["hot composting"].startswith("A heap warms up in its middle")
    assert found["turning"].startswith("Turn the heap each week")


def test_a_naming_that_says_what_it_names_stands_alone(tmp_path: Path) -> None:
    found = _glossary(tmp_path, (
        "# Beds\n\nRaised beds drain well.\n\n"
        "This kind of bed is called a *sunken bed* because it sits below the path.\n\n"
        "A bed left empty for a season recovers; such a bed is known as a fallow bed.\n"))
    assert found["sunken bed"].startswith("This kind of bed is called")
    assert found["fallow bed"].startswith("A bed left empty for a season")


def test_labels_glossed_through_a_pronoun_are_terms(tmp_path: Path) -> None:
    (tmp_path / "01-beds.md").write_text(
        "# Beds\n\nFor one raised bed:\n\n"
        "Capacity\n: This is the volume of soil the frame holds when filled to its rim.\n\n"
        "Drainage\n: This is the rate at which water leaves the soil through the base.\n\n"
        "Edging layer\n: This layer is the strip of boards that keeps the path out of the bed.\n",
        encoding="utf-8")
    result = extract_glossary([tmp_path])
    kept = {e.term: e for e in result.entries}
    assert {"capacity", "drainage", "edging layer"} <= kept.keys()
    assert kept["capacity"].definition.startswith("This is the volume of soil")


def test_a_definition_cut_at_a_colon_keeps_the_items_it_introduces(tmp_path: Path) -> None:
    (tmp_path / "01-plants.md").write_text(
        "# Plants\n\nA *perennial* is a plant that comes back every spring:\n\n"
        "- Lavender, which flowers in its second year.\n"
        "- Mint, which spreads through the whole bed unless you keep it in a pot or a sunken tub.\n"
        "- Sage, whose leaves stay on all winter:\n"
        "  - broad-leaved sage\n  - narrow-leaved sage\n\n"
        "Annuals die after one season.\n", encoding="utf-8")
    result = extract_glossary([tmp_path], min_confidence=0.0)
    definition = next(e.definition for e in (*result.entries, *result.review) if e.term == "perennial")
    assert definition == ("A plant that comes back every spring: lavender, which flowers in its second year; "
                          "mint, which spreads through the whole bed unless you keep it in …; "
                          "sage, whose leaves stay on all winter.")


def test_a_heading_naming_a_term_then_a_gloss_after_a_colon_introduces_it(tmp_path: Path) -> None:
    (tmp_path / "01-rows.md").write_text(
        "# Laying out rows\n\n## The Spacing σ: how far apart the rows stand\n\n"
        "The Spacing σ is the distance between two rows, measured from stem to stem.\n\n"
        "## Step 2: mark the rows\n\nUse a string line and two pegs.\n", encoding="utf-8")
    (tmp_path / "02-more.md").write_text(
        "# Later\n\nWide spacing suits squash; narrow spacing suits carrots. Keep the spacing even.\n",
        encoding="utf-8")
    result = extract_glossary([tmp_path])
    entry = next(e for e in result.entries if e.term == "spacing")
    assert entry.definition.startswith("The Spacing σ is the distance between two rows")
    assert not any(e.term.lower().startswith("step") for e in (*result.entries, *result.review))


def test_a_marked_name_followed_by_what_it_holds_is_defined(tmp_path: Path) -> None:
    (tmp_path / "01-soil.md").write_text(
        "# Soil\n\nCompost helps because of the **living soil rule**, which is that a bed fed with organic "
        "matter feeds its plants better than one fed with salts.\n\nThe living soil rule guides every bed.\n",
        encoding="utf-8")
    kept = {e.term: e.definition for e in extract_glossary([tmp_path]).entries}
    assert kept["living soil rule"].startswith("Compost helps because of the living soil rule, which is")


def test_a_listed_term_with_its_acronym_in_brackets(tmp_path: Path) -> None:
    (tmp_path / "01-layers.md").write_text(
        "# Layers of a bed\n\nFrom the bottom up:\n\n"
        "Coarse drainage (CD) layer\n: This layer is the bottom band of gravel that lets water out.\n\n"
        "Root zone\n: This holds the loam the roots grow through.\n\n"
        "Top dressing (TD)\n: TD was first tried by market gardeners a century ago.\n", encoding="utf-8")
    result = extract_glossary([tmp_path])
    kept = {e.term: e for e in result.entries}
    assert "CD layer" in kept["coarse drainage layer"].labels
    assert "root zone" in kept
    assert "top dressing" not in kept  # what happened to it, not what it is


def test_a_heading_kind_said_through_a_pronoun_is_introduced(tmp_path: Path) -> None:
    (tmp_path / "01-beds.md").write_text(
        "# Beds\n\n## Sunken beds\n\nThese are beds that sit below the level of the path, so they stay damp."
        "\n\n"
        "## Watering\n\nWater a sunken bed less often than a raised one.\n", encoding="utf-8")
    (tmp_path / "02-winter.md").write_text("# Winter\n\nA sunken bed keeps frost off the roots.\n",
                                           encoding="utf-8")
    kept = {e.term: e.definition for e in extract_glossary([tmp_path]).entries}
    assert kept["sunken bed"].startswith("These are beds that sit below the level of the path")
