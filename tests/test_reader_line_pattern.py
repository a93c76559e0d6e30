"""The line-pattern fallback: a glossary of `Head <separator> text` lines in a syntax no reader
knows is read by the shape its lines share, learnt from the file (fixtures of our own)."""

from __future__ import annotations

import pytest

from termbase.readers.pages.line_pattern import LinePatternReader

READER = LinePatternReader()


@pytest.mark.parametrize(
    "lines",
    [
        [
            "KILN = an oven for firing clay",
            "GLAZE = a glassy coat",
            "SLIP = clay thinned with water",
            "WHEEL = the turning table of a potter",
        ],
        [
            "1. Kiln — an oven for firing clay",
            "2. Glaze — a glassy coat",
            "3. Slip — clay thinned with water",
            "4. Wheel — the turning table of a potter",
        ],
        [
            "> Kiln => an oven for firing clay",
            "> Glaze => a glassy coat",
            "> Slip => clay thinned with water",
            "> Wheel => the turning table of a potter",
        ],
        [
            "Kiln\tan oven for firing clay",
            "Glaze\ta glassy coat",
            "Slip\tclay thinned with water",
            "Wheel\tthe turning table of a potter",
        ],
        [
            "Kiln → an oven for firing clay",
            "Glaze → a glassy coat",
            "Slip → clay thinned with water",
            "Wheel → the turning table of a potter",
        ],
        [
            "Kiln -> an oven for firing clay",
            "Glaze -> a glassy coat",
            "Slip -> clay thinned with water",
            "Wheel -> the turning table of a potter",
        ],
        [
            "Kiln ....... an oven for firing clay",
            "Glaze ...... a glassy coat",
            "Slip ....... clay thinned with water",
            "Wheel ...... the turning table of a potter",
        ],
        [
            "Kiln | an oven for firing clay",
            "Glaze | a glassy coat",
            "Slip | clay thinned with water",
            "Wheel | the turning table of a potter",
        ],
        [
            '"Kiln" - an oven for firing clay',
            '"Glaze" - a glassy coat',
            '"Slip" - clay thinned with water',
            '"Wheel" - the turning table of a potter',
        ],
        [
            "[Kiln] an oven for firing clay",
            "[Glaze] a glassy coat",
            "[Slip] clay thinned with water",
            "[Wheel] the turning table of a potter",
        ],
        [
            "KILN. an oven for firing clay",
            "GLAZE. a glassy coat",
            "SLIP. clay thinned with water",
            "WHEEL. the turning table of a potter",
        ],
    ],
)
def test_any_repeated_separator_is_learnt(lines):
    text = "Workshop words, as the potters say them.\n\n" + "\n".join(lines) + "\n"
    result = READER.read(text, "g.txt")
    assert [e.term.casefold() for e in result.entries] == ["kiln", "glaze", "slip", "wheel"]
    assert result.entries[0].definition == "an oven for firing clay"
    assert [u.line for u in result.unused] == [1]
    assert 0.3 <= READER.detect(text) <= 0.4


def test_continuation_lines_dividers_and_a_closing_section():
    text = (
        "A\n\nAnvil: the iron block a smith hammers on;\nits horn shapes curves.\n\n"
        "Awl: a pointed tool for holes\n\nB\n\nBellows: a bag that blows air into the fire\n\n\n"
        "Written by the workshop, 2024.\n"
    )
    result = READER.read(text, "g.txt")
    assert [(e.term, e.line, e.end_line) for e in result.entries] == [
        ("Anvil", 3, 4),
        ("Awl", 6, 6),
        ("Bellows", 10, 10),
    ]
    assert result.entries[0].definition == "the iron block a smith hammers on;\nits horn shapes curves."
    reasons = {u.line: u.reason for u in result.unused}
    assert set(reasons) == {1, 8, 13}


def test_fields_repeated_in_every_record_are_no_terms():
    text = "".join(f"Name: kiln {n}\nNote: fired slowly\nSource: notes\n\n" for n in range(5))
    assert READER.detect(text) == 0.0  # 'Name', 'Note', 'Source' again and again: records, not terms


def test_prose_with_a_few_colons_is_not_a_glossary():
    text = (
        "The workshop opens at nine. Bring: an apron, gloves and a towel.\n"
        "Firing takes a day and a night, so plan ahead when you book the kiln.\n"
        "Note: the glaze room is shared with the evening class.\n"
        "We clean the wheels together at the end of every session.\n"
    )
    assert READER.detect(text) == 0.0


def test_a_head_and_colon_alone_on_its_line_takes_the_lines_below():
    text = (
        "Studio words\n\nKiln:\nan oven for firing clay\n\nGlaze:\na glassy coat\nfused in the kiln\n\n"
        "Slip:\nclay thinned with water\n\nWheel:\nthe turning table of a potter\n"
    )
    result = READER.read(text, "g.txt")
    assert [(e.term, e.definition) for e in result.entries] == [
        ("Kiln", "an oven for firing clay"),
        ("Glaze", "a glassy coat\nfused in the kiln"),
        ("Slip", "clay thinned with water"),
        ("Wheel", "the turning table of a potter"),
    ]
    assert 0.3 <= READER.detect(text) <= 0.4


def test_a_term_linked_to_its_own_page_may_have_a_long_name():
    """`* [Term](term-page.md) - definition`: a long linked name (past the 60 characters a plain head
    may have, with its link) on a line longer than a shape is judged on is still its line's term."""
    from termbase.build import read_source
    from termbase.sources import SourceText

    items = [
        ("Warp", "The threads held taut along the loom."),
        ("Weft", "The thread carried across the warp."),
        (
            "Jacquard Punched Card Pattern Chain",
            "Cards laced together that set which threads lift on each pass; the loom reads one card a pass, "
            "so a long design needs a long chain, and a weaver who wants a new pattern punches new cards "
            "rather than setting up the loom again.",
        ),
        ("Reed", "A comb that beats the weft into place."),
        ("Shed", "The gap opened between the threads."),
    ]
    page = "".join(f"* [{term}]({term.lower().replace(' ', '-')}-page.md) - {body}\n" for term, body in items)
    entries = read_source(SourceText("index.md", page)).result.entries
    assert [(e.term, e.definition) for e in entries] == items
