"""An R Markdown (bookdown) glossary whose bullet items mix shapes: `**Term**: definition`,
`**Term** is …` sentences, `A **term** is …`, `The **term** roughly means …`, and
`**Term** (ABBR): …`. Every item is an entry; when a list holds other items too, the bold-led
sentences that are not read are reported as term lines left unread, never dropped unsaid.
"""

from __future__ import annotations

from pathlib import Path

from conftest import FIXTURES
from termbase.build import read_source
from termbase.readers import get_reader, rank_readers
from termbase.readers.page_text import REASON_UNTAKEN_TERM_LINE
from termbase.sources import load_text

GLOSSARY = FIXTURES / "bookdown_glossary" / "15-glossary.Rmd"


def test_every_item_of_a_mixed_bold_list_is_an_entry() -> None:
    text = GLOSSARY.read_text(encoding="utf-8")
    assert rank_readers(text, str(GLOSSARY))[0][1].name == "markdown-bold"
    read = read_source(load_text(GLOSSARY))
    assert read.source.reader == "markdown-bold" and not read.findings
    by_term = {e.term: e for e in read.result.entries}
    assert list(by_term) == [
        "Annual", "Bolting", "Companion planting", "Compost", "Crop rotation", "Germination",
        "Growing degree days (GDD)", "hardening-off", "Mulch", "root zone", "Succession sowing", "tilth",
    ]
    assert by_term["Annual"].definition.startswith("a plant that grows from seed")
    assert by_term["Bolting"].definition.startswith("Bolting is what a crop does")  # the sentence, whole
    assert by_term["hardening-off"].definition.startswith("A hardening-off period is a week")
    assert by_term["Growing degree days (GDD)"].labels == ("GDD", "Growing degree days")
    assert "Note that" in by_term["Compost"].definition  # a paragraph nested in the item
    assert {u.line for u in read.result.unused} == {1, 46, 47, 48}  # the title and the R chunk


def test_bold_led_items_a_list_does_not_read_are_reported_as_untaken_term_lines(tmp_path: Path) -> None:
    text = GLOSSARY.read_text(encoding="utf-8").replace(
        "-   **Mulch** is any layer", "-   See the chapter on beds.\n\n-   **Mulch** is any layer"
    )
    path = tmp_path / "glossary.Rmd"
    path.write_text(text, encoding="utf-8")
    result = get_reader("markdown-bold").read(text, str(path))
    assert [e.term for e in result.entries][:3] == ["Annual", "Compost", "Germination"]
    untaken = {u.text for u in result.unused if u.reason == REASON_UNTAKEN_TERM_LINE}
    assert any(line.startswith("-   **Bolting** is") for line in untaken)
    assert any(line.startswith("-   A **hardening-off** period") for line in untaken)
    read = read_source(load_text(path))
    assert read.source.reader == "markdown-bold" and len(read.result.entries) == 4
    finding = next(f for f in read.findings if f.check == "untaken-term-lines")
    assert finding.message.startswith("8 line(s)")  # the eight sentence items, said in the build summary


def test_a_bracket_before_the_separator_belongs_to_the_term() -> None:
    text = "# Terms\n\n- **Kiln** (oven): a hot chamber.\n- **Glaze**: a glassy coat.\n- **Slip**: clay.\n"
    entries = get_reader("markdown-bold").read(text, "t.md").entries
    assert [e.term for e in entries] == ["Kiln (oven)", "Glaze", "Slip"]
    assert entries[0].definition == "a hot chamber."
