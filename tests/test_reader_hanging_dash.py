"""Plain-text notes: `term - definition` lines whose definition runs on indented, and a heading
over `- term` / `+ definition` item pairs."""

from __future__ import annotations

from termbase.readers.pages.hanging_indent import HangingIndentReader

NOTES = (
    "Helpers:\n"
    "loadMenu - given a file name,\n"
    "\t\tit reads every dish in that file\n"
    "saveOrder - given a table number,\n"
    "\t\tit writes the order to disk\n"
    "printBill - given a table,\n"
    "\t\tit prints what is owed\n"
    "clearTable - it empties a table's order\n"
    "\n"
    "\n"
    "Types\n"
    "\t- Scanner\n"
    "\t\t+ a class that reads typed input\n"
    "\t- HashMap\n"
    "\t\t+ a class that keeps values by key\n"
    "\t- Deque\n"
    "\t\t+ an interface for a double-ended queue"
)


def test_dash_lines_and_item_pairs_are_entries() -> None:
    result = HangingIndentReader().read(NOTES, "notes.txt")
    read = [(e.term, e.line, e.end_line) for e in result.entries]
    assert read == [
        ("loadMenu", 2, 3), ("saveOrder", 4, 5), ("printBill", 6, 7), ("clearTable", 8, 8),
        ("Scanner", 12, 13), ("HashMap", 14, 15), ("Deque", 16, 17),
    ]
    by_term = {e.term: e.definition for e in result.entries}
    assert by_term["loadMenu"] == "given a file name, it reads every dish in that file"
    assert by_term["clearTable"] == "it empties a table's order"
    assert by_term["Deque"] == "an interface for a double-ended queue"
    assert {u.line: u.text for u in result.unused} == {1: "Helpers:", 11: "Types"}


def test_a_few_dashes_in_names_do_not_split_them() -> None:
    page = "Kiln - gas\n   A gas-fired oven.\nKiln - wood\n   A wood-fired oven.\nGlaze\n   A glassy coat.\n"
    page += "Slip\n   Thinned clay.\nBisque\n   Fired once.\nTemper\n   Grit mixed into clay.\n"
    terms = [e.term for e in HangingIndentReader().read(page, "k.txt").entries]
    assert terms[:2] == ["Kiln - gas", "Kiln - wood"]
