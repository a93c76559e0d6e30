"""Shapes met in the aside18 held-out batch, as fixtures of our own: terms indented under a
title with deeper-indented definitions, Org pages with one heading per term, pointers whose
target is misspelt by one letter, and more (see each test)."""

from __future__ import annotations

import pytest

from termbase.build import read_source
from termbase.readers.base import unaccounted_lines
from termbase.sources import SourceText


def read(name: str, text: str):
    return read_source(SourceText(name, text))


def by_term(source) -> dict:
    return {entry.term: entry for entry in source.result.entries}


def accounted(text: str, source) -> None:
    assert unaccounted_lines(text, source.result) == []


def test_terms_indented_two_with_definitions_indented_six():
    text = (
        "APPENDIX -- POTTERY WORDS\r\n"
        "-------------------------\r\n"
        "\r\n"
        "  Bisque Firing, Biscuit:\r\n"
        "      The first firing of a pot, before any glaze is put on\r\n"
        "      it.  It leaves the clay hard but porous.\r\n"
        "\r\n"
        "      A second paragraph says more about it.\r\n"
        "\r\n"
        "  Glaze:\r\n"
        "      A glassy coat fused onto a pot in a later firing.\r\n"
        "\r\n"
        "        #*--- cones ---#\r\n"
        "        cone 06    low\r\n"
        "\r\n"
        "  Kiln:\r\n"
        "      An oven that fires clay until it is hard.\r\n"
        "\r\n"
        "  Oven:\r\n"
        "      See Kilnn.\r\n"
        "\r\n"
        "  Slip:\r\n"
        "      Clay thinned with water to a cream.\r\n"
        "\r\n"
        "  Throwing Wheel:\r\n"
        "      A turning disc on which clay is shaped by hand.\r\n"
        "\r\n"
        "  Stoneware Clay (SC):\r\n"
        "      Clay that fires dense at high heat.\r\n"
        "  Greenware:\r\n"
        "      See Throwing Wheell.\r\n"
    )
    source = read("words.txt", text)
    assert source.source.reader == "hanging-indent"
    entries = by_term(source)
    assert set(entries) == {
        "Bisque Firing, Biscuit",
        "Glaze",
        "Kiln",
        "Oven",
        "Slip",
        "Throwing Wheel",
        "Stoneware Clay (SC)",
    }
    assert "low" in entries["Glaze"].definition
    assert "A second paragraph" in entries["Bisque Firing, Biscuit"].definition
    # `See Kilnn.` is too short to be matched one letter off; `Throwing Wheell` is not
    assert "Greenware" in entries["Throwing Wheel"].labels
    reasons = [u.reason for u in source.result.unused]
    assert any("one letter off" in reason for reason in reasons)
    accounted(text, source)


def test_names_ending_in_a_colon_over_keyed_bodies_are_no_glossary():
    from termbase.readers.pages.hanging_indent import HangingIndentReader

    text = "".join(f"service{i}:\n  image: kiln:{i}\n  ports: {i}\n" for i in range(8))
    assert HangingIndentReader().detect(text) == 0.0


def test_org_page_with_one_heading_per_term():
    text = (
        "#+title: Pottery words\n"
        '#+include: "./setup.org"\n'
        "\n"
        "* Firing\n"
        "** Kiln\n"
        "An oven that /fires/ clay until it is ~hard~.\n"
        "** Oven \n"
        "See [[Kiln]].\n"
        "** Cone\n"
        "A small pyramid of clay that bends at a set heat.\n"
        "#+BEGIN_SRC text\n"
        "cone 6 bends\n"
        "#+END_SRC\n"
        "It tells the potter when to stop.\n"
        "* Surfaces\n"
        "* Glazes\n"
        "** Glaze                                                     :coating:\n"
        "A glassy coat fused onto a pot.\n"
        "\n"
        "Glazes may be clear or coloured.\n"
        "*** Ash glaze\n"
        "One made with wood ash.\n"
        "** Slip\n"
        "** Engobe\n"
        "A coloured slip under the glaze.\n"
        '#+include: "./footer.org"\n'
    )
    source = read("glossary.org", text)
    assert source.source.reader == "org-headings"
    entries = by_term(source)
    assert set(entries) == {"Kiln", "Cone", "Glaze", "Engobe"}
    assert "Oven" in entries["Kiln"].labels
    assert entries["Kiln"].definition == "An oven that *fires* clay until it is `hard`."
    assert "```text\ncone 6 bends\n```" in entries["Cone"].definition
    assert "It tells the potter" in entries["Cone"].definition
    assert "Ash glaze" in entries["Glaze"].definition and "wood ash" in entries["Glaze"].definition
    assert entries["Glaze"].topics == ("Glazes", "coating")
    assert entries["Kiln"].topics == ("Firing",)
    reasons = {u.line: u.reason for u in source.result.unused}
    assert "placeholder" in reasons[23]  # `** Slip` has no text
    assert "keyword" in reasons[26]
    assert source.result.title == "Pottery words"
    accounted(text, source)


def test_markdown_star_bullets_are_no_org_headings():
    from termbase.readers.markup.org_headings import OrgHeadingsReader

    text = "".join(f"* item {i}\nsome text under it\n" for i in range(6))
    assert OrgHeadingsReader().detect(text) == 0.0


def test_org_bold_terms_with_a_colon_and_a_keyword_line():
    text = (
        "#+DATE: 3 March 2024\n"
        "\n"
        "** Taken from a potter's notebook\n"
        "\n"
        "*Kiln*: An oven that fires clay until it is\n"
        "hard.\n"
        "\n"
        "*Oven*: See kiln.\n"
        "\n"
        "*Glaze*: A glassy coat fused onto a pot.\n"
        "\n"
        "*Slip*: Clay thinned with water. See also glaze.\n"
    )
    source = read("notes.org", text)
    entries = by_term(source)
    assert set(entries) == {"Kiln", "Glaze", "Slip"}
    assert "Oven" in entries["Kiln"].labels
    assert {u.line for u in source.result.unused} >= {1, 3}
    accounted(text, source)


def test_rest_simple_table_of_symbols():
    text = (
        "Symbols\n"
        "=======\n"
        "The symbols these notes use.\n"
        "\n"
        "============ ======\n"
        "Symbol       Meaning\n"
        "============ ======\n"
        "$T_k$        Kiln temperature $T_k = T_0 + r t$\n"
        "$\\\\rho$      Density of the fired body\n"
        "$r$          Heating rate, in degrees\n"
        "             per hour\n"
        "$R$          Radius of the kiln chamber\n"
        "\n"
        "$\\\\mathrm{Sh}$ Shrinkage ratio $\\\\mathrm{Sh} = L_1 / L_0$\n"
        "$t$\n"
        "============ ======\n"
        "\n"
        "..\n"
        "   a comment\n"
    )
    source = read("symbols.rst", text)
    assert source.source.reader == "rest-table"
    entries = by_term(source)
    assert set(entries) == {"T_k", "ρ", "r", "R", "Sh"}
    assert entries["r"].definition == "Heating rate, in degrees per hour"
    assert entries["Sh"].definition == "Shrinkage ratio $\\mathrm{Sh} = L_1 / L_0$"
    reasons = {u.line: u.reason for u in source.result.unused}
    assert reasons[6] == "table header row (column names)"
    assert reasons[15] == "table row with a term and no definition"
    assert source.result.title == "Symbols"
    accounted(text, source)


def test_mediawiki_nested_bullets_are_no_org_headings():
    from termbase.readers.markup.org_headings import OrgHeadingsReader

    text = "==Kilns==\n\n" + "".join(f"* Kiln {i}\n** a note on kiln {i}\nmore text\n" for i in range(6))
    assert OrgHeadingsReader().detect(text) == 0.0


@pytest.mark.parametrize(
    "header", [("Tab", "Name", "Explanation", "Standard"), ("Sheet", "Item", "Explanation", "Std")]
)
def test_csv_with_a_sheet_column_and_metadata_rows_above_the_terms(header):
    rows = [
        header,
        ("all", "About:", "This sheet lists the words a pottery uses, with what each means.", "1"),
        ("all", "Updated:", "2024-03-03", "1"),
        ("all", "Contact:", "potter@example.org", "1"),
        ("Firing", "Kiln", "An oven that fires clay until it is hard and rings", "1"),
        ("Firing", "Cone", "A small pyramid of clay that bends at a set heat", "1"),
        ("Firing", "Code", "The short code of a firing schedule in the log book", "0"),
        ("Surfaces", "Glaze", "A glassy coat fused onto a pot, a clear one or coloured", "1"),
        ("Surfaces", "Slip", "Clay thinned with water until it is a smooth cream", "NA"),
        ("Surfaces", "Code", "The short code of a glaze recipe in the recipe book", "1"),
        ("Clays", "Stoneware", "Clay that fires dense and hard at a high heat", "1"),
        ("Clays", "Porcelain", "A white clay that fires glassy and lets light through", "0"),
    ]
    text = "".join(",".join(f'"{cell}"' for cell in row) + "\n" for row in rows)
    source = read("words.csv", text)
    assert source.source.reader == "csv"
    entries = source.result.entries
    assert [e.term for e in entries] == [
        "Kiln",
        "Cone",
        "Code",
        "Glaze",
        "Slip",
        "Code",
        "Stoneware",
        "Porcelain",
    ]
    assert entries[0].definition.startswith("An oven that fires clay")
    assert entries[0].topics == ("Firing",)
    reasons = {u.line: u.reason for u in source.result.unused}
    assert all(reasons[n].startswith("metadata row") for n in (2, 3, 4))
    accounted(text, source)


def test_html_table_of_symbols_inside_markdown():
    rows = [
        ("K", "kiln constant"),
        ("**v**", "velocity of the wheel rim"),
        ("&rho;<sub>c</sub>", "density of the clay body"),
        ("\\( t \\)", "firing time"),
        ("&epsilon;", "shrinkage, &epsilon; = 1 - L/L<sub>0</sub>"),
        ("&epsilon;", "emissivity of the glaze"),
        ("k", "heat conductivity"),
        ("&#xa0;", "&#xa0;"),
    ]
    body = "".join(
        f'<tr>\n<td class="left">{term}</td>\n<td class="left">{meaning}</td>\n</tr>\n\n\n'
        for term, meaning in rows
    )
    text = (
        '<div id="table-of-contents">\n<h2>Contents</h2>\n<ul>\n'
        '<li><a href="#s1">1. symbols</a></li>\n</ul>\n</div>\n\n'
        '# symbols<a id="s1" name="s1"></a>\n\n'
        '<table border="2">\n<colgroup>\n<col  class="left" />\n</colgroup>\n'
        f"<tbody>\n{body}</tbody>\n</table>\n"
    )
    source = read("symbols.md", text)
    assert source.source.reader == "html"
    terms = [entry.term for entry in source.result.entries]
    assert terms == ["K", "v", "ρc", "t", "ε", "ε", "k"]
    assert source.result.entries[4].definition.startswith("shrinkage, ε = 1 - L/L")
    accounted(text, source)


def test_a_folder_walk_reads_text_files_with_no_suffix(tmp_path):
    from termbase.sources import expand_paths

    (tmp_path / "doc").mkdir()
    (tmp_path / "doc" / "GLOSSARY").write_text("kiln:\n\tan oven for clay\n", encoding="utf-8")
    (tmp_path / "LICENSE").write_text("Permission is granted ...\n", encoding="utf-8")
    (tmp_path / "tool").write_bytes(b"\x7fELF\x00\x00binary")
    (tmp_path / "run").write_text("#!/bin/sh\nNAME=kiln\n", encoding="utf-8")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "HEAD").write_text("ref: refs/heads/main\n", encoding="utf-8")
    (tmp_path / "notes.md").write_text("# Notes\n", encoding="utf-8")
    found = [path.relative_to(tmp_path).as_posix() for path, in_folder in expand_paths([str(tmp_path)])]
    assert found == ["doc/GLOSSARY", "notes.md"]


def test_a_markdown_page_about_one_term_with_field_sections():
    text = (
        "# Kiln\n"
        "\n"
        "An oven that fires clay until it is hard.\n"
        "Source: https://example.org/pottery\n"
        "\n"
        "## Alternate Terms\n"
        "\n"
        "* Firing oven\n"
        "\n"
        "## Tags\n"
        "\n"
        "Category:Firing\n"
        "Graph:Kiln -->|fires|Clay[Clay]\n"
        "\n"
        "# Kiln (software)\n"
        "\n"
        "A program that schedules firings.\n"
        "\n"
        "# Kiln shelf\n"
        "\n"
        "## Tags\n"
        "\n"
        "Category:Firing\n"
    )
    source = read("Kiln.md", text)
    assert source.source.reader == "markdown-term-page"
    first, second = source.result.entries
    assert first.labels == ("Kiln", "Firing oven")
    assert first.definition == "An oven that fires clay until it is hard."
    assert first.links == ("https://example.org/pottery",)
    assert first.topics == ("Firing",)
    assert second.term == "Kiln (software)" and second.definition == "A program that schedules firings."
    reasons = {u.line: u.reason for u in source.result.unused}
    assert "no known field" in reasons[13]
    assert "as its topic" in reasons[12]
    assert all("placeholder" in reasons[n] for n in (19, 21, 23))
    # a term heading with no definition is doubtful, and said so; so is a term page read alone
    assert [f.check for f in source.findings] == ["term-lines-left-unread", "lone-term-page"]
    accounted(text, source)


def test_a_page_of_one_heading_and_a_paragraph_is_too_weak_alone():
    from termbase.readers.markup.markdown_term_page import MarkdownTermPageReader

    reader = MarkdownTermPageReader()
    assert reader.detect("# Pottery notes\n\nThis folder holds one file per word.\n") < 0.3
    assert reader.detect("# Bread\n\nYeast lifts dough.\n\n## Crust\n\nDry heat browns it.\n") == 0.0


def test_plain_notes_mixing_one_line_glosses_colon_names_and_framed_titles():
    text = (
        "** WORDS **\n"
        "kiln 窯の略\n"
        "     焼成に使う炉のこと。\n"
        "\n"
        "glaze 釉薬\n"
        "\n"
        "slip(thin clay) 泥しょう\n"
        "\n"
        "cone(pyrometric cone) 温度を示す円錐\n"
        "\n"
        "wedging:\n"
        "\t土を練ること\n"
        "\n"
        "throwing:\n"
        "\tろくろで形を作ること\n"
        "        手で引き上げる\n"
        "\n"
        "bisque:\n"
        "\t素焼き\n"
        "\n"
        "bat:\n"
        "\tろくろの板\n"
        "\n"
        "pug:\n"
        "\t-> wedging\n"
        "\n"
        "\n"
        "** firing **\n"
        "窯で器を焼く工程。\n"
        "酸化と還元がある。\n"
        "\n"
        "** trimming **\n"
        "削りの工程。\n"
    )
    source = read("WORDS", text)
    assert source.source.reader == "hanging-indent"
    entries = by_term(source)
    assert list(entries) == [
        "kiln", "glaze", "slip(thin clay)", "cone(pyrometric cone)", "wedging", "throwing", "bisque", "bat",
        "firing", "trimming",
    ]  # fmt: skip
    assert entries["kiln"].definition == "窯の略 焼成に使う炉のこと。"
    assert "pug" in entries["wedging"].labels
    assert entries["firing"].definition == "窯で器を焼く工程。 酸化と還元がある。"
    assert {u.line: u.reason for u in source.result.unused}[1].startswith("line at the margin")
    accounted(text, source)


def test_rest_grid_table_of_terms():
    text = (
        "Pottery words\n"
        "-------------\n"
        "\n"
        "+-----------+----------------------------+-------+\n"
        "| Term      | Definition                 | Field |\n"
        "+===========+============================+=======+\n"
        "| Kiln      | An oven that fires clay    | fire  |\n"
        "|           | until it is hard.          |       |\n"
        "+-----------+----------------------------+-------+\n"
        "| Glaze     | A glassy coat on a pot.    | coat  |\n"
        "+-----------+----------------------------+-------+\n"
        "| ``Slip``  | Clay thinned with water.   |       |\n"
        "+-----------+----------------------------+-------+\n"
        "\n"
        "More words follow.\n"
    )
    source = read("words.rst", text)
    assert source.source.reader == "rest-table"
    entries = by_term(source)
    assert set(entries) == {"Kiln", "Glaze", "Slip"}
    assert entries["Kiln"].definition == "An oven that fires clay until it is hard.\n\nField: fire"
    assert entries["Slip"].definition == "Clay thinned with water."
    accounted(text, source)


def test_a_docs_page_ending_in_see_also_is_no_term_page_alone():
    from termbase.readers.markup.markdown_term_page import MarkdownTermPageReader

    text = "# Installation\n\nRun the installer and restart.\n\n## See also\n\n- [Usage](usage.md)\n"
    assert MarkdownTermPageReader().detect(text) < 0.3


def test_a_header_naming_the_definition_column_over_short_sentences_is_no_entry():
    rows = [
        ("fire", "kiln", "An oven that fires the clay"),
        ("fire", "cone", "A small pyramid that bends"),
        ("fire", "bisque", "Pottery fired once before glazing"),
        ("coat", "glaze", "A glassy coat on a pot"),
        ("coat", "slip", "Clay thinned with water"),
        ("coat", "engobe", "A coloured slip under glaze"),
    ]
    text = "Sheet,Variable,Explanation\n" + "".join(f"{s},{t},{d}\n" for s, t, d in rows)
    source = read("words.csv", text)
    assert [e.term for e in source.result.entries] == [t for _, t, _ in rows]
    assert source.result.entries[0].topics == ("fire",)
    assert [u.reason for u in source.result.unused] == ["header row (column names)"]


@pytest.mark.parametrize("header", ["| Category | Term | Definition |", "| Sheet | Variable | Explanation |"])
def test_markdown_table_whose_first_column_groups_the_terms(header):
    rows = [
        ("fire", "kiln", "An oven that fires the clay until it is hard"),
        ("fire", "cone", "A small pyramid of clay that bends at a set heat"),
        ("fire", "bisque", "Pottery fired once, before it is glazed"),
        ("coat", "glaze", "A glassy coat fused onto the pot"),
        ("coat", "slip", "Clay thinned with water to a cream"),
        ("coat", "engobe", "A coloured slip used under a glaze"),
    ]
    text = f"# Words\n\n{header}\n|---|---|---|\n" + "".join(f"| {s} | {t} | {d} |\n" for s, t, d in rows)
    source = read("words.md", text)
    assert source.source.reader == "markdown-table"
    entries = source.result.entries
    assert [e.term for e in entries] == [t for _, t, _ in rows]
    assert entries[0].topics == ("fire",) and entries[0].definition.startswith("An oven")
    accounted(text, source)


def test_a_table_inside_a_page_of_heading_sections_does_not_replace_them():
    sections = "".join(f"<h3>Glaze {i}</h3>\n<p>A glassy coat of kind {i}.</p>\n" for i in range(5))
    rows = "".join(f"<tr><td>c{i}</td><td>cone {i}</td></tr>\n" for i in range(8))
    table = f"<table>\n{rows}</table>\n"
    source = read("page.html", f"<html><body>\n<h1>Glazes</h1>\n{sections}{table}</body></html>\n")
    assert [e.term for e in source.result.entries] == [f"Glaze {i}" for i in range(5)]
