"""Common glossary shapes read in general (issue 12), as fixtures of our own words: YAML style
sheets (term → {preferred, allowed, notes}), Markdown `**Term.** definition` paragraphs, `|`
delimited text tables, Org `- term -- definition` items, and the label and language rules
they need."""

from __future__ import annotations

from termbase.build import read_source
from termbase.labels import parse_term
from termbase.readers.base import unaccounted_lines
from termbase.sources import SourceText


def read(name: str, text: str):
    return read_source(SourceText(name, text))


STYLE_SHEET = (
    "kiln:\n"
    "  preferred: four\n"
    "  allowed:\n"
    "    - étuve\n"
    "    - four à céramique\n"
    "  notes: >-\n"
    "    Utiliser « four » seul dans le texte courant.\n"
    "  rationale: Le mot le plus court que les potiers emploient.\n"
    "glaze:\n"
    "  preferred: glaçure\n"
    "  allowed: []\n"
    "  notes: Terme de base.\n"
    "slip:\n"
    "  preferred: barbotine\n"
    "  allowed: [engobe liquide]\n"
    "  notes: Jamais « glissement ».\n"
)


def test_a_style_sheet_gives_one_concept_per_term_with_its_renderings_as_names():
    source = read("style.yml", STYLE_SHEET)
    assert source.source.reader == "yaml"
    entries = source.result.entries
    assert [entry.labels for entry in entries] == [
        ("kiln", "four", "étuve", "four à céramique"),
        ("glaze", "glaçure"),
        ("slip", "barbotine", "engobe liquide"),
    ]
    assert entries[0].definition == (
        "Utiliser « four » seul dans le texte courant.\n\nLe mot le plus court que les potiers emploient."
    )
    assert entries[1].definition == "Terme de base."  # a short note is still the definition
    assert not unaccounted_lines(STYLE_SHEET, source.result)


BOLD_PARAGRAPHS = (
    "# Pottery words\n"
    "\n"
    "Words a potter uses every day.\n"
    "\n"
    "**Kiln.** An oven that fires clay until it is hard.\n"
    "\n"
    "**Bisque firing (BF)**. The first firing, with no glaze on the pot yet.\n"
    "\n"
    "**Slip**: Clay thinned with water, used to join two parts.\n"
    "It is also painted on as decoration.\n"
    "\n"
    "- white slip\n"
    "- red slip\n"
    "\n"
    "**Wedging** (kneading the clay) Work that drives the air out of it.\n"
    "\n"
    "**Glaze** — A glassy coat fused onto the pot.\n"
    "\n"
    "## Tools\n"
    "\n"
    "**Rib.** A flat tool that smooths the wall.\n"
)


def test_bold_lead_paragraphs_are_entries_with_the_blocks_below_them():
    source = read("pottery.md", BOLD_PARAGRAPHS)
    assert source.source.reader == "markdown-bold-paragraphs"
    entries = source.result.entries
    assert [entry.term for entry in entries] == [
        "Kiln",
        "Bisque firing (BF)",
        "Slip",
        "Wedging",
        "Glaze",
        "Rib",
    ]
    assert set(entries[1].labels) == {"Bisque firing", "BF"}
    assert entries[0].definition == "An oven that fires clay until it is hard."
    assert "painted on as decoration" in entries[2].definition
    assert "red slip" in entries[2].definition  # the list below the paragraph belongs to it
    assert entries[3].definition.startswith("(kneading the clay) Work")  # no separator: short term
    assert entries[4].definition == "A glassy coat fused onto the pot."
    reasons = {item.line: item.reason for item in source.result.unused}
    assert set(reasons) == {1, 3, 19}  # the title, the intro paragraph, the section heading
    assert not unaccounted_lines(BOLD_PARAGRAPHS, source.result)


def test_a_page_with_a_few_bold_lead_ins_in_prose_is_no_bold_paragraph_glossary():
    prose = (
        "# Firing notes\n\n"
        "Firing takes a whole day and most of the night, and the kiln must be watched.\n"
        "The door stays shut until the pots have cooled below a safe heat.\n\n"
        "**Note:** open the vents first.\n\n"
        "Loading the kiln well matters more than the top temperature; pots should not touch.\n"
        "Shelves are washed with a coat that keeps glaze drips from sticking to them.\n"
        "Cones on the shelf show how much heat the work has taken in.\n"
    )
    from termbase.readers.markup.markdown_bold_paragraphs import MarkdownBoldParagraphsReader

    assert MarkdownBoldParagraphsReader().detect(prose) < 0.3


PIPE_TABLE = (
    "Term|Definition\n"
    "*kiln*|An oven that fires clay, at a set heat, until it is hard.\n"
    "*bisque firing (BF)*|The first firing, with no glaze on the pot yet.\n"
    "*cone*|A small pyramid that bends at a known heat, to show the firing.\n"
    "*slip casting (SC or SC+M)*|Pouring thinned clay into a mould, then letting it set.\n"
)


def test_a_pipe_delimited_table_under_a_pipe_header_is_read_as_a_table():
    source = read("glossary.csv", PIPE_TABLE)
    assert source.source.reader == "csv"
    entries = source.result.entries
    assert [entry.term for entry in entries] == [
        "kiln",
        "bisque firing (BF)",
        "cone",
        "slip casting (SC or SC+M)",
    ]  # the emphasis round each term is markup, not the name
    assert entries[0].definition == "An oven that fires clay, at a set heat, until it is hard."
    assert set(entries[3].labels) >= {"slip casting", "SC", "SC+M"}
    assert [item.line for item in source.result.unused] == [1]


def test_a_markdown_pipe_table_is_still_left_to_the_markdown_reader():
    text = (
        "| Term | Definition |\n|---|---|\n"
        "| kiln | An oven for clay. |\n| cone | A heat gauge. |\n| slip | Thinned clay. |\n"
    )
    assert read("glossary.md", text).source.reader == "markdown-table"


ORG_DASH = (
    "#+TITLE: Krukmakarord\n"
    "\n"
    "* Ugnar\n"
    "\n"
    "  - Kiln -- brännugn\n"
    "\n"
    "    En ugn som bränner leran tills den blir hård.\n"
    "\n"
    "  - Raku kiln (RK) -- rakuugn\n"
    "\n"
    "    En liten ugn som öppnas medan den är het.\n"
    "\n"
    "  - Cone -- En liten pyramid som böjer sig vid en känd värme.\n"
)


def test_org_dash_items_give_both_names_when_the_definition_is_below():
    source = read("ord.org", ORG_DASH)
    assert source.source.reader == "org-mode"
    entries = source.result.entries
    assert set(entries[0].labels) == {"Kiln", "brännugn"}
    assert entries[0].definition == "En ugn som bränner leran tills den blir hård."
    assert set(entries[1].labels) == {"Raku kiln", "RK", "rakuugn"}
    assert entries[2].labels == ("Cone",)  # a sentence after ` -- ` is the definition
    assert entries[2].definition == "En liten pyramid som böjer sig vid en känd värme."
    assert not unaccounted_lines(ORG_DASH, source.result)


def test_dash_items_outside_an_org_file_are_not_org_items():
    from termbase.readers.markup.org_mode import OrgModeReader

    text = "* Kiln -- an oven\n* Cone -- a heat gauge\n* Slip -- thinned clay\n"
    assert OrgModeReader().detect(text) == 0.0


def test_brackets_of_other_spellings_or_an_acronym_choice_give_names():
    assert parse_term("eReader (e-reader)")[0] == ("eReader", "e-reader")
    assert parse_term("e-Kiln (e-kiln, eKiln)")[0] == ("e-Kiln", "e-kiln", "eKiln")
    assert parse_term("slip casting (SC or SC+M)")[0] == ("slip casting", "SC", "SC+M")
    assert parse_term("Autoedição (self-publishing)")[0] == ("Autoedição", "self-publishing")
    # a one-word qualifier after an English name stays part of it
    assert parse_term("Alignment (multimodal)")[0] == ("Alignment (multimodal)",)
    assert parse_term("Kiln (oven or furnace)")[0][0] == "Kiln (oven or furnace)"


PORTUGUESE = "\n\n".join(
    f"**{term}.** {definition}"
    for term, definition in [
        ("Forno", "Equipamento onde as peças de argila são queimadas até ficarem duras e resistentes."),
        ("Esmalte", "Camada vítrea que se funde sobre a peça durante a segunda queima no forno."),
        ("Barbotina", "Argila diluída em água, usada para unir partes e também para decorar as peças."),
        ("Cone", "Pequena pirâmide que se curva a uma temperatura conhecida e mostra o calor recebido."),
        ("Torno", "Roda que gira e permite ao ceramista levantar as paredes de uma peça com as mãos."),
        ("Chamote", "Argila já queimada e moída que se mistura à massa para reduzir a retração da peça."),
        ("Biscoito", "Peça que passou pela primeira queima, ainda sem esmalte, e que fica porosa e frágil."),
        ("Engobe", "Argila líquida colorida aplicada sobre a peça crua para mudar a cor da superfície."),
        ("Retração", "Diminuição do tamanho da peça durante a secagem e a queima, por perda de água."),
        ("Placa", "Lâmina de argila aberta com rolo, usada para construir caixas, pratos e painéis."),
        ("Modelagem", "Trabalho de dar forma à argila com as mãos, sem o uso do torno ou de moldes."),
        ("Molde", "Forma de gesso que recebe a barbotina e absorve a água até a peça ganhar firmeza."),
        ("Vidrado", "Superfície brilhante e impermeável que resulta da fusão do esmalte sobre a argila."),
        ("Queima", "Processo de aquecer as peças no forno até a argila mudar de estado e endurecer."),
        ("Secagem", "Etapa lenta em que a peça perde a água antes de entrar no forno pela primeira vez."),
        ("Alisador", "Ferramenta plana de madeira ou metal usada para alisar as paredes durante o torno."),
        ("Cerâmica", "Arte e técnica de fazer objetos de argila endurecidos pelo fogo, úteis ou belos."),
        ("Porcelana", "Massa branca e fina queimada a alta temperatura, que fica translúcida e muito dura."),
        ("Grés", "Massa queimada a alta temperatura que fica densa, pouco porosa e resistente à água."),
        ("Terracota", "Argila vermelha queimada a baixa temperatura, porosa, usada em vasos e telhas."),
    ]
)


def test_long_latin_script_definitions_in_another_language_tag_the_entries():
    source = read("ceramica.md", PORTUGUESE)
    assert {entry.language for entry in source.result.entries} == {"pt"}


def test_english_definitions_stay_english():
    english = "\n\n".join(
        f"**Term {n}.** The kiln is where the pots of clay are fired until they are hard and strong for use."
        for n in range(20)
    )
    assert {entry.language for entry in read("kiln.md", english).result.entries} == {"en"}


def test_a_ver_pointer_folds_into_the_entry_it_names():
    text = PORTUGUESE + "\n\n**Louça.** Ver Cerâmica.\n"
    entries = read("ceramica.md", text).result.entries
    assert not [entry for entry in entries if entry.term == "Louça"]
    assert "Louça" in next(entry for entry in entries if entry.term == "Cerâmica").labels


DOKUWIKI = (
    "====== Kiln words ======\n"
    "\n"
    "==== C =====\n"
    "\n"
    "^ Term ^ Definition ^ Remarks ^\n"
    "| CF | Cone firing | - |\n"
    "| CW | [[https://example.org/cone|Cone]] wall | //rare// |\n"
    "| - | - | - |\n"
    "\n"
    "==== K ====\n"
    "\n"
    "^ Term ^ Definition ^ Remarks ^\n"
    "| KS | Kiln shelf | - |\n"
    "| KW | Kiln wash | used on shelves |"
)


def test_dokuwiki_tables_under_letter_headings_are_read_row_by_row():
    source = read("kiln.txt", DOKUWIKI)
    assert source.source.reader == "wiki-table"
    entries = source.result.entries
    assert [entry.term for entry in entries] == ["CF", "CW", "KS", "KW"]
    assert entries[0].definition == "Cone firing"  # a `-` cell adds nothing
    assert entries[1].definition == "[Cone](https://example.org/cone) wall\n**Remarks:** *rare*"
    assert entries[3].definition == "Kiln wash\n**Remarks:** used on shelves"
    reasons = {item.line: item.reason for item in source.result.unused}
    assert reasons[8] == "table row of placeholders only (no term yet)"
    assert {1, 3, 5, 10, 12} <= set(reasons)
    assert not unaccounted_lines(DOKUWIKI, source.result)


GOOGLE_CODE = (
    "#summary Kiln words\n"
    "\n"
    "= Words =\n"
    "\n"
    "|| *English* || *Deutsch* || *Note* ||\n"
    "|| kiln || Brennofen || for clay ||\n"
    "|| glaze || Glasur || ||\n"
    "|| slip || Schlicker || thinned clay ||\n"
    "|| _TODO_ || || ||\n"
)


def test_double_bar_wiki_tables_of_two_languages_give_one_concept_a_row():
    source = read("Words.wiki", GOOGLE_CODE)
    assert source.source.reader == "wiki-table"
    entries = source.result.entries
    assert [(entry.term, entry.language) for entry in entries] == [
        ("kiln", "en"),
        ("Brennofen", "de"),
        ("glaze", "en"),
        ("Glasur", "de"),
        ("slip", "en"),
        ("Schlicker", "de"),
    ]
    assert entries[0].group == entries[1].group != entries[2].group
    reasons = {item.line: item.reason for item in source.result.unused}
    assert reasons[5] == "table header row"
    assert reasons[9] == "table row of placeholders only (no term yet)"
    assert not unaccounted_lines(GOOGLE_CODE, source.result)


def test_chinese_names_a_written_language_with_wen_as_well_as_yu():
    from termbase.table_shape import named_language

    assert named_language("英文") == named_language("英语") == "en"
    assert named_language("备注") == ""


FIELD_LIST_TABLE = (
    "Kiln manual\n"
    "===========\n"
    "\n"
    ".. field-list-table:: Abbreviations\n"
    "   :class: table\n"
    "   :header-rows: 1\n"
    "\n"
    "   * :abbr,10,center:\tAbbreviation\n"
    "     :desc,90:\t\tDescription\n"
    "   * :abbr:\tKF\n"
    "     :desc:\tKiln Firing\n"
    "   * :abbr:\tBT\n"
    "     :desc:\tBisque Temperature\n"
    "   * :abbr:\tGW\n"
    "     :desc:\tGlaze Ware\n"
    "\n"
    ".. field-list-table:: Kilns we tried\n"
    "   :header-rows: 1\n"
    "\n"
    "   * :model:\tModel\n"
    "     :heat:\tTop heat\n"
    "     :fuel:\tFuel\n"
    "   * :model:\tK-100\n"
    "     :heat:\t1300\n"
    "     :fuel:\tgas\n"
    "   * :model:\tK-200\n"
    "     :heat:\t1250\n"
    "     :fuel:\twood\n"
    "   * :model:\tK-300\n"
    "     :heat:\t1200\n"
    "     :fuel:\tpower\n"
)


def test_a_field_list_table_of_abbreviations_is_read_and_a_table_of_other_rows_is_not():
    source = read("manual.rst", FIELD_LIST_TABLE)
    assert source.source.reader == "rest-list-table"
    entries = source.result.entries
    assert [(entry.term, entry.definition) for entry in entries] == [
        ("KF", "Kiln Firing"),
        ("BT", "Bisque Temperature"),
        ("GW", "Glaze Ware"),
    ]
    refused = {item.line for item in source.result.unused if "not term/definition pairs" in item.reason}
    assert refused == set(range(17, 32)) - {19}
    assert not unaccounted_lines(FIELD_LIST_TABLE, source.result)


FIELD_LIST = (
    "Kiln words\n"
    "==========\n"
    "\n"
    ":Author: A potter\n"
    "\n"
    ":Kiln: An oven that fires clay until it is hard.\n"
    ":Glaze: A glassy coat fused onto the pot in a\n"
    "    second firing, see :term:`Kiln`.\n"
    ":Slip: Clay thinned with water.\n"
    ":Cone: A small pyramid that bends at a known heat.\n"
)


def test_a_rest_field_list_of_terms_is_a_glossary_and_document_fields_are_reported():
    source = read("words.rst", FIELD_LIST)
    assert source.source.reader == "rest-field-list"
    entries = source.result.entries
    assert [entry.term for entry in entries] == ["Kiln", "Glaze", "Slip", "Cone"]
    assert entries[1].definition == "A glassy coat fused onto the pot in a second firing, see Kiln."
    assert entries[1].end_line == 8
    reasons = {item.line: item.reason for item in source.result.unused}
    assert "document" in reasons[4]
    assert not unaccounted_lines(FIELD_LIST, source.result)


def test_field_lines_of_asciidoc_attributes_or_a_docstring_signature_are_no_glossary():
    from termbase.readers.markup.rest_field_list import RestFieldListReader

    asciidoc = "= Kiln guide\n:toc: left\n:icons: font\n:imagesdir: images\n:experimental: yes\n\nText.\n"
    signature = ":param kiln: the kiln to fire\n:param heat: the top heat\n:returns: the fired ware\n"
    assert RestFieldListReader().detect(asciidoc) == 0.0
    assert RestFieldListReader().detect(signature) == 0.0


TERM_PARAGRAPHS = (
    "\r\n"
    "Kiln\r\n"
    "An oven that fires clay until it is hard.\r\n"
    "\r\n"
    "Bisque firing\r\n"
    "The first firing, with no glaze yet. The pot\r\n"
    "stays porous.\r\n"
    "\r\n"
    "Cone\r\n"
    "A small pyramid that bends at a known heat\r\n"
    "\r\n"
    "Slip\r\n"
    "Clay thinned with water.\r\n"
    "\r\n"
    "Wedging\r\n"
    "Kneading the clay to drive the air out.\r\n"
)


def test_plain_blocks_that_open_with_a_term_line_are_entries():
    source = read("words.txt", TERM_PARAGRAPHS)
    assert source.source.reader == "term-paragraphs"
    entries = source.result.entries
    assert [(entry.term, entry.line, entry.end_line) for entry in entries] == [
        ("Kiln", 2, 3),
        ("Bisque firing", 5, 7),
        ("Cone", 9, 10),
        ("Slip", 12, 13),
        ("Wedging", 15, 16),
    ]
    assert entries[1].definition == "The first firing, with no glaze yet. The pot stays porous."
    assert entries[2].definition == "A small pyramid that bends at a known heat"  # cut short, still read


def test_prose_paragraphs_are_no_term_paragraphs():
    from termbase.readers.pages.term_paragraphs import TermParagraphsReader

    prose = (
        "We fired the kiln on Sunday and it took the whole day and most of the night.\n"
        "The pots came out well.\n\n"
        "Next time we will load the shelves more tightly, since the heat ran unevenly.\n"
        "Two pots cracked.\n\n"
        "The cones showed that the top shelf was hotter than the bottom one by a lot.\n"
        "We will move them.\n"
    )
    assert TermParagraphsReader().detect(prose) == 0.0


DOXYGEN = (
    "// Kiln library, our own words\n"
    "\n"
    "/*!\n"
    "\\page words Kiln words\n"
    "\n"
    "-   \\anchor term_kiln \\b Kiln -- an oven that fires clay\n"
    "    until it is hard.\n"
    "-   \\b Bisque \\b Firing - the first firing, with no glaze yet.\n"
    "    \\n\n"
    "    The pot stays porous; see \\c bisque_temp.\n"
    "-   \\anchor term_cone\n"
    "    <b>Cone Pack (CP)</b> -- small pyramids that bend at a <i>known</i> heat.\n"
    "-   \\b Saggar - or \\c kiln::box -- a lidded box that shields the ware.\n"
    "-   a note that is no term\n"
    "*/\n"
)


def test_a_doxygen_page_of_bold_term_items_is_a_glossary():
    source = read("words.txt", DOXYGEN)
    assert source.source.reader == "doxygen-page"
    entries = source.result.entries
    assert [entry.term for entry in entries] == ["Kiln", "Bisque Firing", "Cone Pack (CP)", "Saggar"]
    assert entries[0].definition == "an oven that fires clay until it is hard."
    assert entries[1].definition == (
        "the first firing, with no glaze yet.\n\nThe pot stays porous; see `bisque_temp`."
    )
    assert set(entries[2].labels) == {"Cone Pack", "CP"}
    assert entries[2].definition == "small pyramids that bend at a *known* heat."
    assert "kiln::box" in entries[3].labels
    assert entries[3].definition == "a lidded box that shields the ware."
    reasons = {item.line: item.reason for item in source.result.unused}
    assert reasons[4] == "page title" and source.result.title == "Kiln words"
    assert "no bold term" in reasons[14] or "does not open" in reasons[14]
    assert not unaccounted_lines(DOXYGEN, source.result)


HANGING_STARS = (
    "KILN NOTES\n"
    "\n"
    "Words used in the kiln log. They are ours and not for the shop floor, so keep\n"
    "them out of the notes that go to visitors, please.\n"
    "\n"
    "* BF\t      - Bisque firing. The first firing, before any glaze goes\n"
    "\t\ton the ware, at a lower heat than the glaze firing.\n"
    "\n"
    "* cone\t      - A small pyramid that bends at a known heat, to show how\n"
    "\t\tmuch heat the ware has taken in.\n"
    "\n"
    "* GF          - Glaze firing. The second firing, which melts the glaze\n"
    "  \t        into glass on the pot.\n"
    "\n"
    "* wedging     - Kneading the clay to drive the air out of it, so it does\n"
    "\t\tnot burst in the kiln.\n"
)


def test_star_items_with_hanging_definitions_are_read_though_their_lines_are_few():
    source = read("notes.txt", HANGING_STARS)
    assert source.source.reader == "line-pattern"
    entries = source.result.entries
    assert [entry.term for entry in entries] == ["BF", "cone", "GF", "wedging"]
    assert entries[2].definition == (
        "Glaze firing. The second firing, which melts the glaze\ninto glass on the pot."
    )
    assert {item.line for item in source.result.unused} == {1, 3, 4}


TEXTILE = (
    "---\n"
    "title: Kiln words\n"
    "---\n"
    "\n"
    "h2. Kiln words\n"
    "\n"
    "Words from our kiln log, with @code@ marks.\n"
    "\n"
    "- Kiln := An oven that fires clay until it is *hard*.\n"
    "- Bisque firing := The first firing, with no glaze yet.\n"
    "The pot stays porous. =:\n"
    "- Slip := Clay thinned with water, see \"our notes\":https://example.org/slip.\n"
    "\n"
    "<dl class=\"glossary\">\n"
    "{% comment %}start{% endcomment %}\n"
    "<dt>*CP*</dt> <dd>(Cone Pack)</dd>\n"
    "<dt>*GF*</dt> <dd>(Glaze Firing)</dd>\n"
    "</dl>\n"
)


def test_a_textile_page_of_definition_items_and_an_html_list_is_read():
    source = read("words.textile", TEXTILE)
    assert source.source.reader == "textile"
    entries = source.result.entries
    assert [entry.term for entry in entries] == ["Kiln", "Bisque firing", "Slip", "CP", "GF"]
    assert entries[0].definition == "An oven that fires clay until it is **hard**."
    assert entries[1].definition == "The first firing, with no glaze yet. The pot stays porous."
    assert entries[2].definition == "Clay thinned with water, see [our notes](https://example.org/slip)."
    assert entries[3].definition == "(Cone Pack)"
    reasons = {item.line: item.reason for item in source.result.unused}
    assert reasons[1] == "front matter" and reasons[5] == "page heading"
    assert not unaccounted_lines(TEXTILE, source.result)


def test_textile_files_are_taken_by_a_folder_build(tmp_path):
    from termbase.sources import expand_paths

    (tmp_path / "words.textile").write_text(TEXTILE, encoding="utf-8")
    assert [found.name for found, _ in expand_paths([str(tmp_path)])] == ["words.textile"]


def test_an_alt_field_and_tab_indented_json_records():
    text = (
        "\t[\n"
        '\t\t{\n\t\t"term": "BF",\n\t\t"alt": "Bisque Firing",\n'
        '\t\t"defn": "the first firing, no glaze yet"\n\t\t},\n'
        '\t\t{\n\t\t"term": "cone",\n\t\t"defn": "a pyramid that bends at a known heat"\n\t\t},\n'
        '\t\t{\n\t\t"term": "glaze firing",\n\t\t"alt": "GF",\n'
        '\t\t"defn": "the firing that melts the glaze"\n\t\t}\n'
        "\t]\n"
    )
    source = read("words.json", text)
    assert [entry.labels for entry in source.result.entries] == [
        ("BF", "Bisque Firing"),
        ("cone",),
        ("glaze firing", "GF"),
    ]
    assert not [f for f in source.findings if f.check == "table-rows-split"]


HTML_LAYOUT = (
    "<html><body><h1>Ovenwoorden</h1>\n"
    '<table class="layout"><tr><td class="nav"><a href="index.htm">Home</a></td><td>\n'
    '<table class="words">\n'
    "<tr><td>Begrip</td><td>Bron</td><td>Betekenis</td></tr>\n"
    "<tr><td>Oven</td><td>KLV</td><td>Een ruimte waarin klei wordt gebakken tot ze hard is.</td></tr>\n"
    "<tr><td>Glazuur</td><td>KLV</td><td>Een glasachtige laag die op de pot wordt gesmolten.</td></tr>\n"
    "<tr><td>Slib</td><td>Atelier</td><td>Klei die met water is verdund om delen te verbinden.</td></tr>\n"
    "</table>\n"
    "</td></tr></table></body></html>\n"
)


def test_an_html_table_in_a_layout_table_with_a_td_header_takes_the_column_of_most_text():
    source = read("woorden.htm", HTML_LAYOUT)
    assert source.source.reader == "html"
    entries = source.result.entries
    assert [entry.term for entry in entries] == ["Oven", "Glazuur", "Slib"]  # no header row, no layout cell
    assert entries[0].definition == "Een ruimte waarin klei wordt gebakken tot ze hard is."


LATEX_TWINS = (
    "%Every line of this chapter is kept twice: commented, then live.\n"
    "Every line of this chapter is kept twice: commented, then live.\n"
    "\n"
    "%\\begin{kilnlist}\n"
    "\\begin{kilnlist}\n"
    "%\\item [\\cs{fire\\gr{heat}}]\n"
    "%      Start a firing.\n"
    "\\item [\\cs{fire\\gr{heat}}]\n"
    "      Start a firing at the given heat; see \\cs{cool}.\n"
    "%\\item [\\cs{cool}]\n"
    "%      Let the kiln cool.\n"
    "\\item [\\cs{cool}]\n"
    "      Let the kiln cool down slowly.\n"
    "%\\item [\\cs{vent}]\n"
    "%      Open the vents.\n"
    "\\item [\\cs{vent}]\n"
    "      Open the vents to let the steam out.\n"
    "%\\end{kilnlist}\n"
    "\\end{kilnlist}\n"
)


def test_a_latex_list_of_the_documents_own_reads_the_live_lines_only():
    source = read("kiln.tex", LATEX_TWINS)
    assert source.source.reader == "latex-lists"
    entries = source.result.entries
    assert [entry.labels for entry in entries] == [("\\fire",), ("\\cool",), ("\\vent",)]
    assert entries[0].definition == "Start a firing at the given heat; see \\cool."
    assert entries[1].definition == "Let the kiln cool down slowly."
    commented = {item.line for item in source.result.unused if item.reason == "LaTeX comment"}
    assert {1, 4, 6, 7, 10, 11, 14, 15, 18} <= commented
    assert not unaccounted_lines(LATEX_TWINS, source.result)


def test_dutch_definitions_with_of_in_them_are_not_taken_for_english():
    dutch = "\n\n".join(
        f"**Woord {n}.** Een oven of een ruimte waarin de klei van de pot wordt gebakken tot ze hard"
        " en sterk genoeg is om te gebruiken, zonder dat er barsten in komen."
        for n in range(20)
    )
    assert {entry.language for entry in read("woorden.md", dutch).result.entries} == {"nl"}


def test_bold_term_lines_behind_a_to_do_mark_are_terms_and_bare_ones_are_no_entries():
    text = (
        "# Ofenwörter\n\n"
        "**Brennofen**\n- brennt den Ton, bis er hart ist.\n\n"
        "x **Glasur**\n\n"
        "x **Schlicker**\n- mit Wasser verdünnter Ton.\n\n"
        "**Kegel**\n- biegt sich bei bekannter Hitze.\n\n"
        "**Engobe**\n- farbiger Tonschlicker auf dem Rohling.\n"
    )
    source = read("ofen.md", text)
    assert source.source.reader == "markdown-bold-lines"
    assert [entry.term for entry in source.result.entries] == ["Brennofen", "Schlicker", "Kegel", "Engobe"]
    reasons = {item.line: item.reason for item in source.result.unused}
    assert reasons[6] == "term line with no definition after it"
    assert not unaccounted_lines(text, source.result)


def test_an_enumerated_list_of_a_documents_own_is_no_glossary_and_column_names_in_other_languages():
    from termbase.readers.markup.latex_lists import LatexListsReader
    from termbase.readers.record_fields import field_role

    steps = (
        "\\begin{steps}\n\\item[(a)] Load the kiln.\n\\item[(b)] Fire it.\n"
        "\\item[(c)] Let it cool.\n\\end{steps}\n"
    )
    assert LatexListsReader().detect(steps) == 0.0
    assert [field_role(name) for name in ("Begriff", "Erklärung", "Définition", "Término", "Bron")] == [
        "term",
        "definition",
        "definition",
        "term",
        "link",
    ]


def test_a_readme_of_section_blocks_is_no_term_paragraph_glossary():
    from termbase.readers.pages.term_paragraphs import TermParagraphsReader

    readme = (
        "Kiln logger\n\n"
        "Installation\nRun make install to build the logger.\n\n"
        "Usage\nRun kilnlog with the port of the kiln.\n\n"
        "Sensors\nAny thermocouple reader that speaks serial.\n\n"
        "Output\nOne line a minute, in a file per firing.\n\n"
        "License\nFree to use, see the file that comes with it.\n"
    )
    assert TermParagraphsReader().detect(readme) == 0.0


def test_wiki_tables_with_row_headers_and_moinmoin_or_trac_header_marks():
    doku = "^ Term ^ Definition ^\n^ KF | Kiln firing |\n^ GF | Glaze firing |\n^ BF | Bisque firing |\n"
    source = read("kiln.txt", doku)
    assert source.source.reader == "wiki-table"
    assert [(e.term, e.definition) for e in source.result.entries] == [
        ("KF", "Kiln firing"),
        ("GF", "Glaze firing"),
        ("BF", "Bisque firing"),
    ]
    moin = (
        "||'''Term'''||'''Definition'''||\n||kiln||an oven that fires clay||\n"
        "||cone||a pyramid that bends at a known heat||\n||slip||clay thinned with water||\n"
    )
    trac = moin.replace("'''Term'''", "= Term =").replace("'''Definition'''", "= Definition =")
    for text in (moin, trac):
        entries = read("Kiln.wiki", text).result.entries
        assert [entry.term for entry in entries] == ["kiln", "cone", "slip"]
        assert entries[0].definition == "an oven that fires clay"


def test_a_javadoc_style_doxygen_page_with_at_commands():
    text = (
        "/**\n"
        " * @page kiln Kiln words\n"
        " *\n"
        " * - @b Kiln -- an oven that fires clay.\n"
        " * - @b Glaze -- a glassy coat on the pot.\n"
        " * - <b>Cone Pack</b> - pyramids that bend at a known heat.\n"
        " */\n"
    )
    source = read("kiln.txt", text)
    assert source.source.reader == "doxygen-page"
    assert [entry.term for entry in source.result.entries] == ["Kiln", "Glaze", "Cone Pack"]
    furniture = "comment furniture (`//`, `/*!`, `*/`)"
    assert {item.reason for item in source.result.unused} <= {"page title", furniture}


ORG_TABLE = (
    "#+TITLE: Kiln words\n"
    "\n"
    "| Term  | Definition                                   |\n"
    "|-------+----------------------------------------------|\n"
    "| Kiln  | An oven that fires clay until it is /hard/.  |\n"
    "| Glaze | A glassy coat fused onto the pot.            |\n"
    "| Slip  | Clay thinned with water, see [[https://example.org/slip][notes]]. |\n"
    "|-------+----------------------------------------------|\n"
    "| Cone  | A small pyramid that bends at a known heat.  |\n"
)


def test_an_org_table_of_terms_is_read_and_its_rules_reported():
    source = read("kiln.org", ORG_TABLE)
    assert source.source.reader == "wiki-table"
    entries = source.result.entries
    assert [entry.term for entry in entries] == ["Kiln", "Glaze", "Slip", "Cone"]
    assert entries[0].definition == "An oven that fires clay until it is *hard*."
    assert entries[2].definition == "Clay thinned with water, see [notes](https://example.org/slip)."
    reasons = {item.line: item.reason for item in source.result.unused}
    assert reasons[3] == "table header row" and reasons[4] == reasons[8] == "table rule"
    assert not unaccounted_lines(ORG_TABLE, source.result)


def test_pandoc_tilde_definition_lists_are_definition_lists():
    text = "# Kiln words\n\nKiln\n~ An oven for clay.\n\nGlaze\n~ A glassy coat.\n\nSlip\n~ Thinned clay.\n"
    source = read("kiln.md", text)
    assert source.source.reader == "markdown-deflist"
    assert [entry.term for entry in source.result.entries] == ["Kiln", "Glaze", "Slip"]


def test_acronym_package_lists_inside_their_environment():
    text = (
        "\\chapter*{Abbreviations}\n"
        "\\begin{acronym}[KILN]\n"
        "  \\acro{BF}{Bisque Firing}\n"
        "  \\acro{GF}{Glaze Firing}\n"
        "  \\acro{kw}[KW]{Kiln Wash}\n"
        "\\end{acronym}\n"
    )
    source = read("abbrev.tex", text)
    assert source.source.reader == "latex-glossaries"
    assert [entry.labels for entry in source.result.entries] == [
        ("BF", "Bisque Firing"),
        ("GF", "Glaze Firing"),
        ("KW", "kw", "Kiln Wash"),
    ]
    assert not unaccounted_lines(text, source.result)


def test_typst_term_lists_lose_their_slash():
    text = "= Kiln words\n\n/ Kiln: An oven for clay.\n/ Glaze: A glassy coat.\n/ Slip: Thinned clay.\n"
    assert [entry.labels for entry in read("kiln.typ", text).result.entries] == [
        ("Kiln",),
        ("Glaze",),
        ("Slip",),
    ]


def test_repeated_bold_leads_are_fields_of_heading_entries_not_terms():
    from termbase.readers.markup.markdown_bold_paragraphs import MarkdownBoldParagraphsReader

    text = "# Kiln words\n\n" + "\n\n".join(
        f"## {term}\n\n**Definition:** {body}\n\n**Example:** seen in the studio."
        for term, body in [("Kiln", "An oven."), ("Glaze", "A glassy coat."), ("Slip", "Thinned clay.")]
    )
    assert MarkdownBoldParagraphsReader().detect(text) == 0.0


def test_a_two_column_plain_text_glossary_aligned_with_spaces():
    text = (
        "KILN WORDS\n\n"
        "Kiln          An oven that fires clay until it is\n"
        "              hard and strong.\n"
        "Glaze         A glassy coat fused onto the pot.\n"
        "Slip          Clay thinned with water to join parts.\n"
        "Bisque ware   Pots fired once, before any glaze.\n"
    )
    source = read("kiln.txt", text)
    assert source.source.reader == "line-pattern"
    entries = source.result.entries
    assert [entry.term for entry in entries] == ["Kiln", "Glaze", "Slip", "Bisque ware"]
    assert entries[0].definition == "An oven that fires clay until it is\nhard and strong."
    contents = "Introduction        1\nInstallation        3\nUsage               7\nLicense             9\n"
    from termbase.readers.pages.line_pattern import LinePatternReader

    assert LinePatternReader().detect(contents) == 0.0


def test_bold_items_alone_on_their_line_take_the_nested_lines_as_definition():
    text = (
        "# Kiln words\n\n"
        "- **Kiln**\n  - An oven that fires clay until it is hard.\n"
        "- **Glaze**\n  - A glassy coat fused onto the pot.\n  - It may be clear.\n"
        "- **Slip**\n\n  Clay thinned with water to join parts.\n"
    )
    source = read("kiln.md", text)
    assert source.source.reader == "markdown-bold"
    entries = source.result.entries
    assert [entry.term for entry in entries] == ["Kiln", "Glaze", "Slip"]
    assert "It may be clear." in entries[1].definition
    assert entries[2].definition == "Clay thinned with water to join parts."
    assert not unaccounted_lines(text, source.result)


def test_a_style_sheet_of_one_rendering_and_a_note_each():
    text = (
        "kiln:\n  preferred: four\n  avoid: [fourneau]\n  note: Le mot courant.\n"
        "glaze:\n  preferred: glaçure\n  note: Pas « vernis ».\n"
        "slip:\n  preferred: barbotine\n  avoid:\n    - glissement\n"
    )
    source = read("style.yml", text)
    assert source.source.reader == "yaml"
    assert [(entry.labels, entry.definition) for entry in source.result.entries] == [
        (("kiln", "four"), "Le mot courant."),
        (("glaze", "glaçure"), "Pas « vernis »."),
        (("slip", "barbotine"), ""),
    ]  # a word to avoid is no name of the concept
