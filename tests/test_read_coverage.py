"""Shape-free read checks: a read that leaves a file's repeated structure unread, glues entries,
takes letters or numbers for terms, or reads like lines two by two is flagged with file:line."""

from __future__ import annotations

from termbase.model import Entry, ReadResult
from termbase.read_checks import check_read
from termbase.read_coverage import LineShape, line_shape


def entry(term: str, definition: str, line: int, end_line: int | None = None) -> Entry:
    return Entry("g.md", line, end_line or line, term, (term,), definition)


def findings_of(text: str, entries: list[Entry]) -> dict[str, int]:
    return {f.check: f.line for f in check_read(text, ReadResult(tuple(entries), ()), "g.md")}


def test_line_shapes_name_the_opening_and_the_separator():
    assert line_shape("- **Kiln** – an oven for firing") == LineShape("-", "-")
    assert line_shape("Glaze: a glassy coat") == LineShape("", ":")
    assert line_shape("| kiln | oven | note |") == LineShape("|3", "")
    assert line_shape("| kiln") == LineShape("|", "")
    assert line_shape("|---|---|") is None
    assert line_shape("When the potter opens the kiln door at dawn: it is hot.") == LineShape(
        "", ""
    )  # a sentence
    assert line_shape(".. image:: figures/kiln.png") == LineShape("", "")  # a directive is no term


def test_arrows_dots_bars_and_capital_heads_are_separators_too():
    assert line_shape("Kiln → an oven for firing") == LineShape("", "->")
    assert line_shape("Kiln --> an oven for firing") == LineShape("", "->")
    assert line_shape("Kiln ........ an oven for firing") == LineShape("", "...")
    assert line_shape("Kiln | an oven for firing") == LineShape("", "|")
    assert line_shape('"Kiln" - an oven for firing') == LineShape("", "-")
    assert line_shape('"kiln": "an oven"') == LineShape("", "")  # a quoted data key is no term
    assert line_shape("KILN. An oven for firing.") == LineShape("", ".")
    assert line_shape("Kiln. An oven for firing.") == LineShape("", "")  # only a head in capitals
    assert line_shape("[Kiln] an oven for firing") == LineShape("", "]")
    assert line_shape("[x] fire the kiln") == LineShape("", "")  # a checkbox


def test_a_second_table_left_unread_is_flagged():
    rows_a = [f"| tool{n} | công cụ {n} |" for n in range(4)]
    rows_b = [f"| clay{n} | đất {n} | ghi chú {n} |" for n in range(8)]
    lines = [
        "## Tools",
        "",
        "| English | Vietnamese |",
        "|---|---|",
        *rows_a,
        "",
        "## Clay",
        "",
        "| English | Vietnamese | Note |",
        "|---|---|---|",
        *rows_b,
    ]
    text = "\n".join(lines) + "\n"
    entries = [entry(f"tool{n}", f"công cụ {n}", 5 + n) for n in range(4)]
    found = findings_of(text, entries)
    assert found.get("structured-lines-unread") == 12  # the second table, from its header row


def test_record_fields_left_unread_are_not_entries():
    # The same few heads again and again are fields of records, not terms.
    lines = []
    for n in range(6):
        lines += [f"Kiln{n}: an oven", "Note: fired slowly", "Source: workshop notes", ""]
    text = "\n".join(lines) + "\n"
    entries = [entry(f"Kiln{n}", "an oven", 1 + 4 * n) for n in range(6)]
    assert "structured-lines-unread" not in findings_of(text, entries)


def test_entries_glued_under_letters_are_flagged_and_letters_as_terms_too():
    words = ["Abort: Vazgeç", "Action: İşlem", "Add: Ekle", "Again: Yeniden", "All: Tüm", "Apply: Uygula"]
    more = ["Back: Geri", "Bold: Kalın", "Boot: Önyükle", "Build: İnşa et", "Button: Düğme", "Bus: Veri yolu"]
    lines = [
        "**A**",
        "",
        *[f"{w}\n" for w in words],
        "**B**",
        "",
        *[f"{w}\n" for w in more],
        "**C**",
        "",
        "Cut: Kes",
    ]
    text = "\n".join(lines) + "\n"
    split = text.splitlines()
    b_line = split.index("**B**") + 1
    c_line = split.index("**C**") + 1
    entries = [
        entry("A", "\n".join(words), 1, b_line - 1),
        entry("B", "\n".join(more), b_line, c_line - 1),
        entry("C", "Cut: Kes", c_line, len(split)),
    ]
    found = findings_of(text, entries)
    assert found["letter-terms"] == 1
    assert found["structured-lines-inside-entries"] == 3  # 'Abort: Vazgeç'


def test_numbers_read_as_terms_are_flagged():
    lines = [f"{n}\tkiln number {n}" for n in range(1, 7)]
    text = "\n".join(lines) + "\n"
    entries = [entry(str(n), f"kiln number {n}", n) for n in range(1, 7)]
    assert findings_of(text, entries)["code-terms"] == 1


def test_a_word_heading_among_letter_headings_is_flagged():
    lines = [
        "### A",
        "#### Anvil",
        "ковадло",
        "### B",
        "#### Bellows",
        "міх",
        "### Box",
        "коробка",
        "### C",
        "#### Chisel",
        "зубило",
    ]
    text = "\n".join(lines) + "\n"
    entries = [
        entry("Anvil", "ковадло", 2, 3),
        entry("Bellows", "міх", 5, 6),
        entry("Chisel", "зубило", 10, 11),
    ]
    assert findings_of(text, entries)["word-headings-among-letters"] == 7


def test_arrow_pointers_inside_entries_are_flagged():
    lines = [
        "Kiln: #tools",
        "\tan oven for firing clay",
        "Oven: => Kiln",
        "Furnace: => Kiln",
        "Stove: => Kiln",
        "Glaze: #coats",
        "\ta glassy coat",
    ]
    text = "\n".join(lines) + "\n"
    entries = [entry("Kiln", "an oven for firing clay", 1, 5), entry("Glaze", "a glassy coat", 6, 7)]
    assert findings_of(text, entries)["arrow-pointers-inside-entries"] == 3


def test_like_lines_read_two_by_two_are_flagged():
    lines = [f"Word{n} – meaning of word {n}" for n in range(12)]
    text = "\n".join(lines) + "\n"
    entries = [entry(f"Word{n}", lines[n + 1], n + 1, n + 2) for n in range(0, 12, 2)]
    assert findings_of(text, entries)["term-and-definition-lines-alike"] == 1


def test_csv_rows_in_no_entry_are_flagged():
    lines = ["term,definition", *[f"kiln{n},an oven number {n}" for n in range(10)]]
    text = "\n".join(lines) + "\n"
    entries = [entry(f"kiln{n}", f"an oven number {n}", n + 2) for n in range(3)]
    assert "table-rows-unread" in findings_of(text, entries)


def test_sentences_ending_in_a_full_stop_read_as_terms_are_flagged():
    lines = [f"The kiln number {n} is fired slowly overnight." for n in range(4)]
    text = "\n".join(lines) + "\n"
    entries = [entry(line, "", n + 1) for n, line in enumerate(lines)]
    assert "sentence-terms" in findings_of(text, entries)


def test_a_clean_term_colon_list_has_no_coverage_findings():
    lines = [f"Word{n}: meaning number {n}" for n in range(12)]
    text = "\n".join(lines) + "\n"
    entries = [entry(f"Word{n}", f"meaning number {n}", n + 1) for n in range(12)]
    assert findings_of(text, entries) == {}
