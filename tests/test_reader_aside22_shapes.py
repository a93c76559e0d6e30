"""Shapes that were read wrong without a word (issue 12, batch aside22), as fixtures of our own
words: `### Term` headings over repeated `- **Definition**:` field bullets, `- term: definition`
items whose terms hold an underscore, a `# Glossário` page of `## Term` headings with a small
table inside one body, and the language of Chinese tables full of code and of short
Portuguese definitions."""

from __future__ import annotations

import pytest

from termbase.build import read_source
from termbase.errors import NotAGlossaryError
from termbase.sources import SourceText


def read(name: str, text: str):
    return read_source(SourceText(name, text))


FIELD_BULLETS = "# Kiln Glossary\n\nSome notes on the kiln.\n\n## 1. Firing\n\n" + "".join(
    f"### {term}\n- **Definition**: {body}\n- **Formula**:\n  $$x = {n}$$\n- **Why it matters**: {why}\n\n"
    for n, (term, body, why) in enumerate(
        [
            ("Cone Rating (CR, $c_r$)", "A number that marks how hot a firing went.", "Sets the glaze."),
            ("Bisque Firing", "The first, cooler firing of raw clay.", "Makes ware easy to handle."),
            ("Heat Work ($H_w$)", "Heat and time taken together on the ware.", "Explains slow kilns."),
            ("Reduction / Reduction Firing", "A firing starved of air on purpose.", "Turns copper red."),
        ]
    )
)


def test_a_repeated_bold_field_is_a_field_and_the_heading_is_the_term():
    source = read("kiln.md", FIELD_BULLETS)
    entries = source.result.entries
    assert source.source.reader == "markdown-headings"
    assert len(entries) == 4
    assert not any("Definition" in e.labels for e in entries)
    by_term = {e.labels[0]: e for e in entries}
    assert set(by_term) == {"CR", "Bisque Firing", "Heat Work", "Reduction"}
    assert by_term["CR"].labels == ("CR", "Cone Rating")  # the TeX symbol is no label
    assert by_term["Bisque Firing"].definition.startswith("The first, cooler firing")
    assert "**Formula**" in by_term["Bisque Firing"].definition  # the other fields stay in the body
    assert not source.findings


UNDERSCORE_TERMS = (
    "# Glossary\n\n"
    "- glaze_batch: one weighed mix of glaze powders.\n"
    "- kiln log: the notebook of every firing.\n"
    "- cone_pack: three cones set together in clay.\n"
    "- ware: all pieces in one firing.\n"
    "- slip: clay thinned with water.\n"
)


def test_terms_with_an_underscore_are_read_not_dropped():
    source = read("words.md", UNDERSCORE_TERMS)
    terms = [e.term for e in source.result.entries]
    assert terms == ["glaze_batch", "kiln log", "cone_pack", "ware", "slip"]


PORTUGUESE_HEADINGS = (
    "# Glossário\n\n> Palavras do ateliê usadas neste projeto.\n\n---\n\n"
    "## Forno\n\nA câmara onde as peças são queimadas. Um forno é identificado pelo seu número, "
    "que é único no ateliê, e cada fornada é registrada no caderno.\n\n---\n\n"
    "## Esmalte\n\nA camada vítrea que cobre a peça depois da queima. Os esmaltes do ateliê são "
    "feitos por nós e nunca são comprados prontos.\n\n---\n\n"
    "## Estado da peça\n\nEm que ponto do trabalho a peça está. Os valores possíveis são:\n\n"
    "| Estado | Significado |\n|---|---|\n| `CRUA` | Peça seca, ainda não queimada |\n"
    "| `BISCOITO` | Peça queimada uma vez, sem esmalte |\n| `PRONTA` | Peça esmaltada e queimada |\n\n---\n\n"
    "## Fornada\n\nO conjunto das peças que vão ao forno de uma só vez. É a unidade central do "
    "registro de queimas e de todas as contas do ateliê.\n\n---\n\n"
    "## Barbotina\n\nA argila diluída em água que serve para colar as partes de uma peça.\n"
)


def test_a_table_inside_one_body_is_part_of_that_entry_and_the_language_is_told():
    source = read("glossario.md", PORTUGUESE_HEADINGS)
    entries = source.result.entries
    assert source.source.reader == "markdown-headings"
    assert [e.term for e in entries] == ["Forno", "Esmalte", "Estado da peça", "Fornada", "Barbotina"]
    assert "`BISCOITO`" in entries[2].definition
    assert {e.language for e in entries} == {"pt"}


CHINESE_TABLE = (
    "# 术语表\n\n## 工具\n\n| 术语 | 含义 | 在哪 |\n|---|---|---|\n"
    + "".join(
        f"| **{term}** | {meaning} | `studio/kiln/{code}.py` 的 `{code}_settings_handler` |\n"
        for term, meaning, code in [
            ("窑（kiln）", "烧制陶器的炉子，温度由 `max_temperature_celsius` 控制", "kiln"),
            ("釉（glaze）", "覆盖在陶器表面的玻璃质层，配方见 `glaze_recipe_table`", "glaze"),
            ("素烧（bisque）", "第一次低温烧制，让坯体变硬", "bisque"),
            ("泥浆（slip）", "加水稀释的黏土，用来粘合部件", "slip"),
        ]
    )
)


def test_a_chinese_table_full_of_code_is_tagged_chinese():
    source = read("terms.md", CHINESE_TABLE)
    assert len(source.result.entries) == 4
    assert {e.language for e in source.result.entries} == {"zh"}


def test_a_short_english_page_stays_english():
    text = "".join(f"## {t}\n\n{d}\n\n" for t, d in [
        ("Kiln", "The oven where the pieces are fired, and the room that holds it."),
        ("Glaze", "The glassy coat that covers a piece after the firing is done."),
        ("Slip", "Clay thinned with water, used to join the parts of a piece."),
        ("Ware", "All the pieces that go into the kiln at one time for a firing."),
    ])
    source = read("glossary.md", "# Glossary\n\n" + text)
    assert {e.language for e in source.result.entries} == {"en"}


COMMA_LEADS = (
    "# Studio glossary\n\nWords used in the studio, in order.\n\n## B\n\n"
    "**Bisque**, the first firing, with no glaze on the pot yet.\n\n"
    "**Batch sheet**, the card listing every powder weighed for one glaze. See [`sheets`](sheets.md).\n\n"
    "## K\n\n**Kiln**, the oven where the ware is fired.\n\n"
    "**Kiln god**, see **Kiln**.\n\n"
    "## S\n\n**Slip**, clay thinned with water to join parts.\n"
)


def test_bold_terms_followed_by_a_comma_open_entries_and_a_pointer_is_a_label():
    source = read("studio.md", COMMA_LEADS)
    entries = source.result.entries
    assert source.source.reader == "markdown-bold-paragraphs"
    assert [e.term for e in entries] == ["Bisque", "Batch sheet", "Kiln", "Slip"]
    assert entries[0].definition.startswith("the first firing")
    assert "Kiln god" in entries[2].labels


def test_a_file_of_one_term_line_is_one_entry():
    source = read("one.txt", "kiln - печь для обжига глины,")
    assert [(e.term, e.definition) for e in source.result.entries] == [("kiln", "печь для обжига глины,")]


def test_one_term_line_after_front_matter_is_no_glossary():
    with pytest.raises(NotAGlossaryError):
        read("fm.md", "---\nterm: kiln\n---\nkiln: an oven\n")


BILINGUAL_FIELDS = """{
  "version": 2,
  "terms": [
    {"id": "kiln", "title": {"en": "Kiln", "ru": "Печь"},
     "short": {"en": "The oven where ware is fired.", "ru": "Печь, где обжигают изделия."}},
    {"id": "glaze", "title": {"en": "Glaze", "ru": "Глазурь"},
     "short": {"en": "A glassy coat on fired clay.", "ru": "Стеклянный слой на обожжённой глине."}},
    {"id": "slip", "slug": "about-slip", "title": {"en": "Slip", "ru": "Шликер"},
     "short": {"en": "Clay thinned with water.", "ru": "Глина, разведённая водой."}}
  ]
}
"""


def test_records_whose_fields_hold_a_text_per_language_give_one_concept_in_two_languages():
    source = read("terms.json", BILINGUAL_FIELDS)
    entries = source.result.entries
    assert source.source.reader == "json"
    assert [(e.term, e.language) for e in entries][:2] == [("Kiln", "en"), ("Печь", "ru")]
    assert len(entries) == 6 and len({e.group for e in entries}) == 3
    assert entries[1].definition == "Печь, где обжигают изделия."


LINKED_ITEMS = (
    '<!DOCTYPE html>\n<html lang="en"><head><title>Studio words</title></head><body>\n'
    "<h1>Studio words</h1>\n<p>Each word has a page of its own.</p>\n"
    '<h2>Firing</h2><ul><li><a href="kiln.html">Kiln</a> <span>— the oven where ware is fired…</span></li>'
    '<li><a href="cone.html">Cone</a> <span>— a clay pyramid that bends when hot…</span></li></ul>\n'
    '<h2>Clay</h2><ul><li><a href="slip.html">Slip</a> <span class="d">— clay thinned with water…</span></li>'
    '<li><a href="wedging.html">Wedging</a> <span>— kneading clay to push out air…</span></li></ul>\n'
    "</body></html>\n"
)


def test_list_items_opening_with_a_linked_term_and_a_dash_are_entries():
    source = read("index.html", LINKED_ITEMS)
    entries = source.result.entries
    assert source.source.reader == "html"
    assert [e.term for e in entries] == ["Kiln", "Cone", "Slip", "Wedging"]
    assert entries[0].definition.startswith("the oven where ware is fired")


BROKEN_DL = (
    "<!DOCTYPE html>\r\n<html><head><title>words</title></head><body><main><article><section>\r\n<dl>\r\n"
    '  <dt id="kiln">\r\n    kiln</dt>\r\n  <br>\r\n  <dd>\r\n    The oven where ware is fired.</dd>\r\n'
    '  <br><br>\r\n'
    '  <dt id="glaze">glaze</dt>\r\n  <br>\r\n  <dd>definition</dd>\r\n  <br><br>\r\n'
    '  <dt><span>मिट्टी</span>\r\n    miṭṭī</dt>\r\n  <br>\r\n  <dd>Clay, the earth a potter shapes.</dd>\r\n'
    '  <br><br>\r\n  <dt id="slip">slip</dt>\r\n  <br>\r\n  <dd>Clay thinned with water.</dd>\r\n'
    "</dl>\r\n</section></article></main></body></html>\r\n"
)


def test_a_dl_with_line_breaks_between_its_pairs_and_a_placeholder_definition():
    source = read("words.html", BROKEN_DL)
    entries = source.result.entries
    assert source.source.reader == "html"
    assert [e.term for e in entries] == ["kiln", "मिट्टी miṭṭī", "slip"]  # `glaze` is still to define
    assert {"मिट्टी", "miṭṭī"} <= set(entries[1].labels)
    assert not any("<" in label for e in entries for label in e.labels)
