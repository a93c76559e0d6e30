"""Shapes met in the aside14 held-out batch, as fixtures of our own: pointer entries folded into
their targets, tables of labels in two languages beside note columns (Markdown and AsciiDoc),
terms written at the letter-heading level, part-of-speech marks, niqqud and harakat in keys."""

from __future__ import annotations

import json

from termbase.accents import strip_accents
from termbase.build import read_source
from termbase.labels import label_key, parse_term
from termbase.sources import SourceText


def read(name: str, text: str):
    return read_source(SourceText(name, text))


def test_a_see_entry_becomes_a_label_of_the_entry_it_points_at():
    text = (
        "<dl>\n<dt>kiln</dt><dd>An oven for firing clay.</dd>\n"
        "<dt>oven</dt><dd>See kiln</dd>\n"
        "<dt>glaze</dt><dd>A glassy coat fused onto pottery.</dd>\n"
        "<dt>coat</dt><dd>See glaze.</dd>\n"
        "<dt>slip</dt><dd>Clay thinned with water.</dd>\n</dl>\n"
    )
    source = read("g.html", text)
    labels = {e.term: e.labels for e in source.result.entries}
    assert set(labels) == {"kiln", "glaze", "slip"}
    assert "oven" in labels["kiln"] and "coat" in labels["glaze"]
    reasons = [u.reason for u in source.result.unused if u.text.startswith("<dt>oven")]
    assert reasons and "points at another" in reasons[0]


def test_a_pointer_to_a_term_the_file_lacks_stays_an_entry():
    text = "kiln\n: An oven for firing clay.\n\noven\n: See furnace.\n\nslip\n: Clay thinned with water.\n"
    source = read("g.md", text)
    assert {e.term for e in source.result.entries} == {"kiln", "oven", "slip"}


def test_a_pointer_with_a_definition_of_its_own_stays_an_entry():
    text = (
        "kiln\n: An oven for firing clay.\n\nstatic kiln\n: No such thing. See kiln.\n\n"
        "slip\n: Clay thinned with water.\n"
    )
    source = read("g.md", text)
    assert "static kiln" in {e.term for e in source.result.entries}


def test_a_markdown_table_of_two_languages_with_a_note_column():
    rows = [
        "| kiln | lò nung | fired slowly |",
        "| glaze | men gốm | |",
        "| slip | hồ đất | thin clay |",
        "| wheel | bàn xoay | |",
    ]
    text = "## Workshop\n\n| English | Vietnamese | Note |\n|---|---|---|\n" + "\n".join(rows) + "\n"
    source = read("g.md", text)
    entries = source.result.entries
    assert {(e.term, e.language) for e in entries} >= {("kiln", "en"), ("lò nung", "vi")}
    assert len({e.group for e in entries}) == 4
    kiln = next(e for e in entries if e.term == "kiln")
    assert kiln.definition == "Note: fired slowly"


def test_a_table_of_script_pairs_beside_transcriptions_and_examples():
    rows = [
        ("**כִּבְשָׁן**", "*kivshan*", "kiln", "**הכבשן חם.**"),
        ("**זִיגּוּג**", "*ziggug*", "glaze", "**זיגוג מבריק.**"),
        ("**אָבְנַיִם**", "*ovnayim*", "wheel", "**אבניים מסתובבות.**"),
        ("**חֹמֶר**", "*chomer*", "clay", "**חומר רך.**"),
    ]
    body = "\n".join("| " + " | ".join(row) + " |" for row in rows)
    text = "| **Hebrew** | **Transcription** | **Meaning** | **Example** |\n|---|---|---|---|\n" + body + "\n"
    entries = read("g.md", text).result.entries
    kiln = [e for e in entries if e.group == next(x.group for x in entries if x.term == "kiln")]
    assert {(e.term, e.language) for e in kiln} == {("כִּבְשָׁן", "he"), ("kiln", "en")}
    assert "Transcription: *kivshan*" in next(e.definition for e in kiln if e.language == "he")


def test_an_asciidoc_table_naming_its_languages_in_polish():
    cells = [
        "| kiln (_n_)",
        "| kilnowy",
        "| piec",
        "",
        "| glaze (_n_)",
        "|",
        "| szkliwo",
        "",
        "| fire (_v_)",
        "| fajerować",
        "| wypalać",
        "",
        "| wheel (_n_)",
        "|",
        "| koło garncarskie",
    ]
    text = '[options="header"]\n|===\n| angielski | polskawy | polski\n\n' + "\n".join(cells) + "\n|===\n"
    entries = read("g.adoc", text).result.entries
    pairs = {(e.labels[0], e.language) for e in entries}
    assert {("kiln", "en"), ("piec", "pl"), ("glaze", "en"), ("szkliwo", "pl")} <= pairs
    assert len({e.group for e in entries}) == 4
    assert next(e.definition for e in entries if e.labels[0] == "fire") == "polskawy: fajerować"


def test_a_term_written_at_the_letter_heading_level_is_read():
    text = (
        "# Glossary\n\n### A\n#### Anvil\nковадло\n### B\n#### Bellows\nміх\n### Box\nкоробка\n\n"
        "- a note on boxes\n### C\n#### Chisel\nзубило\n"
    )
    entries = read("g.md", text).result.entries
    assert [e.term for e in entries] == ["Anvil", "Bellows", "Box", "Chisel"]
    assert "a note on boxes" in next(e.definition for e in entries if e.term == "Box")


def test_a_part_of_speech_mark_is_no_part_of_the_name():
    assert parse_term("agile (a)")[0] == ("agile",)
    assert parse_term("fire (v.)")[0] == ("fire",)
    assert parse_term("Vitamin (A)")[0] == ("Vitamin (A)",)


def test_niqqud_and_harakat_fold_in_match_keys():
    assert strip_accents("כִּבְשָׁן") == "כבשן"
    assert label_key("حَجٌّ") == label_key("حج")
    assert label_key("כִּבְשָׁן") == label_key("כבשן")


def test_a_pod_term_list():
    text = (
        "=head1 NAME\n\nworkshop - words of the pottery workshop\n\n=head2 K\n\n=over 4\n\n"
        "=item kiln\n\nAn oven for firing L<clay|/clay>; see also L</glaze>.\n\n"
        "=item clay\n\n=item potter's clay\n\nEarth that holds its shape when wet: C<< a <=> b >>.\n\n"
        "=item glaze\n\nA glassy coat E<mdash> fired on.\n\n=item oven\n\nSee L</kiln>.\n\n=back\n\n=cut\n"
    )
    source = read("words.pod", text)
    assert source.source.reader == "pod"
    entries = {e.term: e for e in source.result.entries}
    assert set(entries) == {"kiln", "clay", "glaze"}
    assert (
        entries["clay"].labels == ("clay", "potter's clay", "oven")
        or "potter's clay" in entries["clay"].labels
    )
    assert "oven" in entries["kiln"].labels  # the pointer item folded into its target
    assert entries["kiln"].definition == "An oven for firing clay; see also glaze."
    assert entries["kiln"].see_also == ("clay", "glaze")
    assert "`a <=> b`" in entries["clay"].definition
    assert entries["glaze"].definition == "A glassy coat — fired on."


def test_a_typescript_module_exporting_records():
    text = (
        "import type { Word } from './types';\n\n"
        "// the workshop's words\n"
        "export const mots: Word[] = [\n"
        "  { terme: 'four', arabe: \"فرن\", definition: \"Le four où l'on cuit l'argile.\" },\n"
        "  { terme: 'glaçure', arabe: 'طلاء', definition: `Un enduit vitreux cuit sur la pièce.`, },\n"
        '  {\n    terme: "barbotine",\n    arabe: "طين",\n'
        '    definition: "Argile délayée dans l\'eau.",\n  },\n'
        "];\n"
    )
    source = read("mots.ts", text)
    assert source.source.reader == "code-literal"
    assert [(e.term, e.line, e.end_line) for e in source.result.entries] == [
        ("four", 5, 5),
        ("glaçure", 6, 6),
        ("barbotine", 7, 11),
    ]
    assert source.result.entries[1].definition == "Un enduit vitreux cuit sur la pièce."


def test_json_lines_records_with_senses_and_variant_pointers():
    lines = [
        '{"plaintext": "kylne", "meanings": [{"substitution": "kiln", "note": "for lime or pots"}]}',
        '{"plaintext": "kilne", "synonymOf": "kylne"}',
        '{"plaintext": "glasen", "meanings": [{"substitution": "to glaze"}, {"substitution": "to glass"}]}',
        '{"plaintext": "~"}',
        '{"plaintext": "slyp", "meanings": [{"substitution": "slip", "note": "thin clay"}]}',
    ]
    source = read("words.jsonl", "\n".join(lines) + "\n")
    entries = {e.term: e for e in source.result.entries}
    assert set(entries) == {"kylne", "glasen", "slyp"}
    assert "kilne" in entries["kylne"].labels
    assert entries["kylne"].definition == "kiln — for lime or pots"
    assert entries["glasen"].definition == "1. to glaze\n2. to glass"


def test_a_yaml_acronym_list_of_short_and_long_forms():
    text = (
        "fpga:\n  short: FPGA\n  long: Field Programmable Gate Array\n"
        "rf:\n  short: _RF_\n  long: Radio Frequency\n"
        "pic:\n  short: PIC\n  long: Photonic Integrated Circuit\n"
        "dac:\n  short: DAC\n  long: Digital to Analog Converter\n"
    )
    entries = read("acronyms.yml", text).result.entries
    assert [e.labels for e in entries][:2] == [
        ("fpga", "FPGA", "Field Programmable Gate Array"),
        ("rf", "RF", "Radio Frequency"),
    ]


def test_a_record_of_short_and_long_descriptions_keeps_them_as_prose():
    text = "term: Kiln\nshort: An oven for pots.\nlong: An oven that fires clay pots over a day.\n"
    entry = read("kiln.yml", text).result.entries[0]
    assert entry.labels == ("Kiln",)
    assert "fires clay pots over a day" in entry.definition


def test_dictionary_variant_pointers_with_homonym_numbers_and_notes():
    text = (
        '[{"lemma": "ape", "gloss": "a kiln"}, {"lemma": "ape", "gloss": "a wheel"},'
        ' {"lemma": "aape", "gloss": "var. ape 2"}, {"lemma": "apé", "gloss": "var. ort. ape [hist.]"},'
        ' {"lemma": "kurasí", "gloss": "verão"}]'
    )
    entries = read("dict.json", text).result.entries
    assert [e.term for e in entries] == ["ape", "ape", "kurasí"]
    assert "aape" in entries[0].labels and "apé" in entries[0].labels


def test_an_sql_dump_of_insert_rows():
    text = (
        "SET NAMES utf8;\n"
        'INSERT INTO kamus ("word", "arti", "type") VALUES (\'tungku\',\'tung.ku\n'
        "Nomina tempat membakar tembikar dari tanah liat',2),\n"
        "('glasir','gla.sir\nlapisan kaca yang dibakar pada tembikar',2),\n"
        "('tanur','ta.nur\nLihat tungku',2),\n"
        "('lempung','lem.pung\ntanah liat yang dapat dibentuk ketika basah',2);\n"
    )
    source = read("kamus.sql", text)
    assert source.source.reader == "sql-inserts"
    entries = {e.term: e for e in source.result.entries}
    assert set(entries) == {"tungku", "glasir", "lempung"}
    assert "tanur" in entries["tungku"].labels  # 'Lihat tungku' under its syllabified headword
    assert entries["glasir"].line == 4 and entries["glasir"].end_line == 5


def test_a_notebook_glossary_in_markdown_cells():
    cells = [
        {"cell_type": "code", "source": ["import clay\n"]},
        {
            "cell_type": "markdown",
            "source": [
                "## Glossary\n",
                "\n",
                "**Kiln**: an oven for firing clay\n",
                "\n",
                "**Glaze**: a glassy coat\n",
                "\n",
                "**Slip**: clay thinned with water",
            ],
        },
    ]
    text = json.dumps({"cells": cells, "nbformat": 4, "metadata": {}}, indent=1)
    source = read("words.ipynb", text)
    assert source.source.reader == "notebook"
    lines = text.splitlines()
    kiln = next(e for e in source.result.entries if e.term == "Kiln")
    assert "Kiln" in lines[kiln.line - 1]


def test_records_whose_definition_is_still_empty_are_no_entries():
    text = json.dumps(
        [
            {"word": "kiln", "meaning": "an oven for firing clay"},
            {"word": "glaze", "meaning": ""},
            {"word": "slip", "meaning": "clay thinned with water"},
            {"word": "wheel", "meaning": "the turning table of a potter"},
        ],
        indent=1,
    )
    source = read("words.json", text)
    assert [e.term for e in source.result.entries] == ["kiln", "slip", "wheel"]
    assert any("still empty" in u.reason for u in source.result.unused)


def test_a_typst_glossary_dictionary():
    text = (
        "// the workshop's words\n#let glossary-pool = (\n"
        "  Kiln: (\n    description: [An oven for *firing* clay.],\n"
        "    link: [https://example.org/kiln],\n  ),\n"
        '  "Potter\'s wheel": (description: [The turning table of a potter.]),\n'
        "  Glaze: (description: [A glassy coat, see @kiln.]),\n)\n"
    )
    source = read("pool.typ", text)
    assert source.source.reader == "typst"
    entries = {e.term: e for e in source.result.entries}
    assert set(entries) == {"Kiln", "Potter's wheel", "Glaze"}
    assert entries["Kiln"].definition == "An oven for firing clay."
    assert entries["Kiln"].links == ("https://example.org/kiln",)
    assert entries["Kiln"].line == 3
