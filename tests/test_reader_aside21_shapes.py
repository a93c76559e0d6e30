"""Shapes met in the aside21 held-out batch, as fixtures of our own: nomencl's
`\\nomenclature[key]{symbol}{description}` lists of symbols and reST `.. list-table::`
glossaries (and list-tables that are no glossary, which must not be read as one)."""

from __future__ import annotations

import pytest

from termbase.build import read_source
from termbase.errors import InputError
from termbase.readers.base import unaccounted_lines
from termbase.sources import SourceText


def read(name: str, text: str):
    return read_source(SourceText(name, text))


NOMENCL = (
    "% symbols of the kiln chapter\n"
    "\\nomenclature[a-temp]{$T_k$}{Kiln temperature, in degrees}\n"
    "\\nomenclature[a-rate]{$\\dot{r}$}{Heating rate of the kiln}\n"
    "\\nomenclature[b-dens]{$\\mathcal{D}(x, y)$}{\n"
    "    Density of the fired body at the point $(x, y)$,\n"
    "    see \\emph{shrinkage}.\n"
    "}\n"
    "\\nomenclature{\\glazeset}{Set of glazes that melt below $T_k$}\n"
    "\\nomenclature[x-arrow]{$\\Rightarrow$}{Follows from firing}\n"
    "\\renewcommand{\\nomname}{Symbols}\n"
)


def test_each_nomenclature_command_is_one_entry_with_its_symbol_as_label():
    source = read("symbols.tex", NOMENCL)
    assert source.source.reader == "latex-glossaries"
    entries = source.result.entries
    assert [entry.labels for entry in entries] == [
        ("T_k",),
        ("ṙ",),
        ("𝒟(x, y)",),  # one label: the comma inside the symbol splits nothing
        ("\\glazeset",),  # a macro of the document's own keeps its name
        ("⇒",),
    ]
    assert [entry.line for entry in entries] == [2, 3, 4, 8, 9]
    assert entries[2].end_line == 7
    assert entries[2].definition == "Density of the fired body at the point (x, y), see shrinkage."
    assert "a-temp" not in " ".join(entry.definition for entry in entries)  # the sort key is no text
    assert entries[3].definition == "Set of glazes that melt below T_k"


def test_lines_outside_the_nomenclature_commands_are_reported():
    source = read("symbols.tex", NOMENCL)
    reported = {item.line: item.reason for item in source.result.unused}
    assert set(reported) == {1, 10}
    assert not unaccounted_lines(NOMENCL, source.result)


LIST_TABLE = (
    "Kiln words\n"
    "==========\n"
    "\n"
    "Words the studio uses.\n"
    "\n"
    ".. list-table:: Kiln words\n"
    "   :widths: 20 80\n"
    "   :header-rows: 1\n"
    "\n"
    "   * - Term\n"
    "     - Definition\n"
    "   * - Bisque\n"
    "     - Clay fired once, before the glaze,\n"
    "       still porous.\n"
    "   * - Saggar/Box\n"
    "     - A lidded box that shields ware from the flame.\n"
    "   * - Cone\n"
    "     - A small pyramid that bends at a **known** heat.\n"
    "   * - Wedging\n"
    "     - Kneading clay to drive the air out.\n"
    "\n"
    "Ask the studio lead for more.\n"
)


def test_list_table_rows_are_entries_and_the_header_row_is_skipped():
    source = read("kiln.rst", LIST_TABLE)
    assert source.source.reader == "rest-list-table"
    entries = source.result.entries
    assert [entry.term for entry in entries] == ["Bisque", "Saggar/Box", "Cone", "Wedging"]
    assert entries[0].definition == "Clay fired once, before the glaze, still porous."
    assert (entries[0].line, entries[0].end_line) == (12, 14)
    assert entries[1].labels == ("Saggar/Box", "Saggar", "Box")
    reported = {item.line for item in source.result.unused}
    assert {10, 11} <= reported  # the header row
    assert {1, 4, 6, 7, 8, 22} <= reported
    assert not unaccounted_lines(LIST_TABLE, source.result)


def test_a_list_table_without_a_header_reads_its_two_columns():
    text = (
        ".. list-table::\n"
        "\n"
        "   * - Grog\n"
        "     - Fired clay ground to grit.\n"
        "   * - Slip\n"
        "     - Clay thinned with water.\n"
        "   * - Kiln\n"
        "     - The oven that fires the ware.\n"
    )
    source = read("terms.rst", text)
    assert [(entry.term, entry.line) for entry in source.result.entries] == [
        ("Grog", 3),
        ("Slip", 5),
        ("Kiln", 7),
    ]


WIDE_TABLE = (
    ".. list-table:: Firing log\n"
    "   :header-rows: 1\n"
    "\n"
    "   * - Date\n"
    "     - Kiln\n"
    "     - Cone\n"
    "   * - Monday\n"
    "     - Big kiln\n"
    "     - Six\n"
    "   * - Tuesday\n"
    "     - Small kiln\n"
    "     - Four\n"
    "   * - Friday\n"
    "     - Big kiln\n"
    "     - Ten\n"
)

PROSE_TABLE = (
    ".. list-table::\n"
    "\n"
    "   * - Load the kiln with the bisque ware on the lower shelf first\n"
    "     - Step one\n"
    "   * - Close the lid and set the controller to the slow program\n"
    "     - Step two\n"
    "   * - Wait until the pyrometer reads below one hundred degrees\n"
    "     - Step three\n"
)


@pytest.mark.parametrize("text", [WIDE_TABLE, PROSE_TABLE], ids=["no-term-column", "long-first-cells"])
def test_a_list_table_that_is_no_glossary_is_not_read_as_one(text):
    with pytest.raises(InputError):
        read("log.rst", text)


def test_a_refused_list_table_beside_a_glossary_is_reported_not_read():
    text = LIST_TABLE + "\n" + WIDE_TABLE
    source = read("kiln.rst", text)
    assert [entry.term for entry in source.result.entries] == ["Bisque", "Saggar/Box", "Cone", "Wedging"]
    refused = [item for item in source.result.unused if "not term/definition pairs" in item.reason]
    assert {item.line for item in refused} >= {24, 27, 28, 37}
