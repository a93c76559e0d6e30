"""Shapes met in the aside16 held-out batch, as fixtures of our own: bib2gls `.bib` records,
Markdown abbreviation lines, XML records in a vocabulary of their own, hanging-indent plain
text, tables told by their shape, `<br>**Term**` lines, HTML 4 letter terms and anchor links,
and the language of a monolingual file told by its text."""

from __future__ import annotations

from rdflib.namespace import DC, OWL, RDF, RDFS

from termbase.build import read_source
from termbase.labels import clean_label
from termbase.sources import GLOSSARY_SUFFIXES, SourceText


def read(name: str, text: str):
    return read_source(SourceText(name, text))


def by_term(source) -> dict:
    return {entry.term: entry for entry in source.result.entries}


def test_bib2gls_records_give_terms_labels_and_plain_text():
    text = (
        "% pottery words\n"
        "@abbreviation{kf,\n\tShort = {KF},\n\tLong = {kiln \\gls{fu}},\n\tDate-Added = {2020-01-01}}\n\n"
        "@entry{fu, name = {furnace}, description = {a closed \\emph{hot} chamber}, see = {kf}}\n"
        "@abbreviation{lw, short = {\\textsc{lw}Glaze}, long = {light~weight glaze}}\n"
        "@entry{sl, name={slip}, description={clay thinned with water}}\n"
    )
    source = read("pottery.bib", text)
    assert source.source.reader == "bib2gls"
    entries = by_term(source)
    assert set(entries) == {"KF", "furnace", "lwGlaze", "slip"}
    assert entries["KF"].labels == ("KF", "kiln furnace")
    assert entries["lwGlaze"].labels == ("lwGlaze", "light weight glaze")
    assert entries["furnace"].definition == "a closed hot chamber"
    assert entries["furnace"].see_also == ("KF",)
    assert any(u.line == 1 for u in source.result.unused)
    assert ".bib" in GLOSSARY_SUFFIXES


def test_markdown_abbreviation_lines_are_entries():
    text = (
        "<!-- shared abbreviations -->\n"
        "*[CPU]: Central Processing Unit\n"
        "*[RAM]: Random Access Memory\n"
        "*[「窑炉」]: 窯 / Kiln\n"
        "*[Bisque]: pottery fired once, before it is glazed\n"
    )
    source = read("abbreviations.md", text)
    assert source.source.reader == "markdown-abbr"
    entries = by_term(source)
    assert entries["CPU"].labels == ("CPU", "Central Processing Unit")
    assert entries["窑炉"].definition == "窯 / Kiln"
    assert entries["Bisque"].labels == ("Bisque",)
    assert [u.reason for u in source.result.unused] == ["comment"]


def test_quote_marks_around_a_whole_name_are_dropped():
    assert clean_label("「音轨」") == "音轨"
    assert clean_label("«Brennofen»") == "Brennofen"
    assert clean_label("「A」と「B」") == "「A」と「B」"


def test_xml_records_in_their_own_vocabulary():
    records = "".join(
        f"    <ENTRY>\n      <CONCEPT>{term}</CONCEPT>\n"
        f"      <DEFINITION>&lt;p&gt;{body}&lt;/p&gt;</DEFINITION>\n      <FORMAT>1</FORMAT>\n    </ENTRY>\n"
        for term, body in [
            ("Kiln", "An oven that fires clay."),
            ("Glaze", "A glassy coat on <b>pottery</b>."),
            ("Slip", "Clay thinned with water."),
        ]
    )
    text = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<GLOSSARY>\n  <INFO><NAME>Pottery</NAME></INFO>\n'
        f"  <ENTRIES>\n{records}  </ENTRIES>\n</GLOSSARY>\n"
    )
    source = read("export.xml", text)
    assert source.source.reader == "xml-records"
    entries = by_term(source)
    assert set(entries) == {"Kiln", "Glaze", "Slip"}
    assert entries["Glaze"].definition == "A glassy coat on **pottery**."
    assert entries["Kiln"].line == 5


def test_hanging_indent_terms_with_signatures_headings_and_shared_bodies():
    text = (
        "# Firing\n"
        "kiln ( clay -> pot )\n   An oven that fires clay.\n\n"
        "glaze\n   A glassy coat fused onto pottery.\n\n   It may be clear.\n\n"
        "bisque\nbiscuit\n   Pottery fired once.\n\n"
        "These notes were written in a hurry.\n\n"
        "+ ( a b -> c )\n   Join two pots.\n\n"
        "slip\n   Clay thinned with water.\n\n"
        "wedge\n   Knead clay to drive out air.\n"
    )
    source = read("words.txt", text)
    assert source.source.reader == "hanging-indent"
    entries = by_term(source)
    assert set(entries) == {"kiln", "glaze", "bisque", "+", "slip", "wedge"}
    assert entries["kiln"].definition == "( clay -> pot ) An oven that fires clay."
    assert entries["glaze"].definition == "A glassy coat fused onto pottery.\n\nIt may be clear."
    assert entries["bisque"].labels == ("bisque", "biscuit")
    unused = {u.text for u in source.result.unused}
    assert {"# Firing", "These notes were written in a hurry."} <= unused


def test_a_table_is_read_by_its_shape_whatever_its_header_says():
    rows = [
        "| 窯 | 粘土を高温で焼いて硬くするための炉のこと。 |",
        "| 釉薬 | 陶器の表面を覆うガラス質の層。焼成で溶けて固まる。 |",
        "| 素焼き | 釉薬をかける前に一度だけ焼いた器の状態。 |",
        "| 1 | 2 |",
    ]
    text = "# 用語集\n\n| 用語 | 説明 |\n| --- | --- |\n" + "\n".join(rows) + "\n"
    source = read("用語集.md", text)
    assert source.source.reader == "markdown-table"
    assert set(by_term(source)) == {"窯", "釉薬", "素焼き"}
    assert {e.language for e in source.result.entries} == {"ja"}
    assert any(u.text == "| 1 | 2 |" and "without a word" in u.reason for u in source.result.unused)


def test_bold_term_lines_after_br_tags():
    text = (
        "# Термины\n\n**Печь**\n\nУстройство для обжига глины.\n\n"
        "<br>**Глазурь**\n\nСтекловидное покрытие на керамике.\n\n"
        "<br>**Шликер**\n\nГлина, разведённая водой до жидкого состояния.\n"
    )
    source = read("glossary.md", text)
    assert set(by_term(source)) == {"Печь", "Глазурь", "Шликер"}
    assert {e.language for e in source.result.entries} == {"ru"}


def test_an_unsure_language_is_flagged_and_left_as_read():
    text = "\n".join(f"* **{word}**: {word} {word}" for word in ["АБВ", "ГДЕ", "ЖЗИ", "КЛМ"]) + "\n"
    source = read("codes.md", text)
    assert {e.language for e in source.result.entries} == {"en"}
    assert any(f.check == "file-language" for f in source.findings)


def test_html4_letter_terms_bold_spaces_and_pointer_links():
    text = (
        "<HTML><BODY><DL>\n"
        '<DT><A name="A">A</A></DT>\n'
        '<DT><A name="ac">Alternating current (AC) supply</A></DT>\n'
        "<DD>The<B> A</B>lternating<B> C</B>urrent that feeds a kiln.</DD>\n"
        '<DT><A name="B">B</A></DT>\n'
        '<DT><A name="bq">Bisque firing</A></DT>\n<DD>The first firing of clay.</DD>\n'
        '<DT>Mains</DT>\n<DD>see<A href="#ac"> the wall supply</A></DD>\n'
        "<DT>AC mains</DT>\n<DD>See alternating current supply.</DD>\n"
        '<DT>Biscuit</DT>\n<DD>See <A href="#bq">bisque</A>.</DD>\n'
        '<DT>Raku</DT>\n<DD>A fast firing, see<A href="https://example.org/raku"> this page</A>.</DD>\n'
        "</DL></BODY></HTML>\n"
    )
    source = read("g.html", text)
    entries = by_term(source)
    assert set(entries) == {"Alternating current (AC) supply", "Bisque firing", "Raku"}
    assert entries["Alternating current (AC) supply"].definition.startswith("The **A**lternating **C**urrent")
    assert {"Mains", "AC mains"} <= set(entries["Alternating current (AC) supply"].labels)
    assert "Biscuit" in entries["Bisque firing"].labels
    assert "see [this page](https://example.org/raku)" in entries["Raku"].definition


def test_key_references_in_keyed_records_name_the_record_they_point_at():
    text = (
        "kln:\n  short: KLN\n  long: Kiln Loading Norm\n"
        "gkn:\n  short: GKN\n  long: Glaze @kln Norm\n"
        "slp:\n  short: SLP\n  long: Slip Layer Paste\n"
        "wdg:\n  short: WDG\n  long: Wedging Drum Gauge\n"
    )
    source = read("acronyms.yml", text)
    entries = by_term(source)
    assert "Glaze KLN Norm" in entries["gkn"].labels
    assert not any("@" in label for e in source.result.entries for label in e.labels)


def test_a_label_keeping_a_key_reference_is_flagged():
    from termbase.read_checks import MARKUP_RESIDUE

    assert MARKUP_RESIDUE.search("@vhsic Hardware Description Language")
    assert MARKUP_RESIDUE.search("A subset of @verilog-ams")
    assert not MARKUP_RESIDUE.search("@media") and not MARKUP_RESIDUE.search("r@")


# ── aside17 shapes ────────────────────────────────────────────────────────────────────


def test_acro_declare_acronym_blocks():
    text = (
        "% Siglas\n\\DeclareAcronym{klf}{\n  short = KLF,\n  long  = Kiln Loading Floor,\n"
        "  long-plural-form = Kiln Loading Floors,\n  tag = siglas\n}\n"
        "\\DeclareAcronym{mscw}{\n  short = MoSCoW,\n  long = {Must, Should, Could, Would},\n}\n"
        "\\DeclareAcronym{gz}{short = GZ, long = Glaze Zone}\n"
    )
    source = read("acro.tex", text)
    assert source.source.reader == "latex-glossaries"
    entries = by_term(source)
    assert entries["KLF"].labels == ("KLF", "Kiln Loading Floor", "Kiln Loading Floors")
    assert "Must, Should, Could, Would" in entries["MoSCoW"].labels


def test_a_tsv_of_one_record_per_line_takes_quotes_literally():
    rows = [
        "Word\tForms\tMeaning",
        'kiln\tkiln; kilns\t"an oven, as potters say',
        "glaze\tglaze; glazes\tglassy coat",
        'slip\tslip\t"thinned" clay',
        "wedge\twedge\tkneaded clay",
    ]
    source = read("words.tsv", "\n".join(rows) + "\n")
    entries = by_term(source)
    assert set(entries) == {"kiln", "glaze", "slip", "wedge"}
    assert "thinned" in entries["slip"].definition


def test_a_term_column_beside_names_in_another_script_is_a_table_of_labels():
    rows = [
        "Term\tTranslation",
        "Kiln\t窑",
        "Glaze/Glazing\t釉",
        "Firing\t烧/烧制",
        "Slip\t泥浆",
        "TCP/IP\t协议",
        "upstream/downstream\t上游/下游",
    ]
    source = read("glossary.tsv", "\n".join(rows) + "\n")
    labels = {e.term: (e.labels, e.language) for e in source.result.entries}
    assert labels["Kiln"] == (("Kiln",), "en") and labels["窑"] == (("窑",), "zh")
    assert {"Glaze", "Glazing"} <= set(labels["Glaze/Glazing"][0])
    assert {"烧", "烧制"} <= set(labels["烧/烧制"][0])
    assert labels["TCP/IP"][0] == ("TCP/IP",)
    assert labels["upstream/downstream"][0] == ("upstream/downstream",)  # halves of a pair


def test_owl_classes_abbreviations_placeholders_and_pointer_notes():
    classes = [
        ("k1", "Kiln Firing Schedule", "KFS", "The plan of temperatures a kiln follows."),
        ("k2", "Bisque Ware", "", "Pottery fired once, before glazing."),
        ("k3", "Firing plan", "", "See KFS schedule (these terms are equivalent)"),
        ("k4", "Stoneware", "", ""),
        ("k5", "Glaze Defect Index", "GDI", ""),
        ("k6", "Raku", "", "A fast firing; see Bisque Ware (raku pots are pulled out hot and cooled in air)"),
    ]
    body = "".join(
        f'<https://example.org/g#{key}>\n    rdf:type owl:Class ;\n    rdfs:label "{label}"@en ;\n'
        f'    ex:abbr "{short}"@en ;\n    dc:description "{text}"@en .\n\n'
        for key, label, short, text in classes
    )
    namespaces = {"owl": OWL, "rdf": RDF, "rdfs": RDFS, "dc": DC, "ex": "https://example.org/terms#"}
    text = "".join(f"@prefix {name}: <{space}> .\n" for name, space in namespaces.items()) + "\n" + body
    source = read("glossary.owl", text)
    entries = by_term(source)
    assert set(entries) == {"Kiln Firing Schedule", "Bisque Ware", "Glaze Defect Index", "Raku"}
    assert {"KFS", "Firing plan"} <= set(entries["Kiln Firing Schedule"].labels)
    assert "GDI" in entries["Glaze Defect Index"].labels
    assert ".owl" in GLOSSARY_SUFFIXES


def test_a_two_level_table_reads_sub_terms_of_the_row_above():
    rows = [
        "term\tfeature\tdefinition\tnote",
        "kiln\t\tAn oven that fires clay.\tk1",
        "\tvent\tLets the fumes out of the kiln.\t",
        "\tdamper\tCloses the flue.\t",
        "glaze\t\tA glassy coat on pottery.\tg1",
        "\tvent\tA glaze fault: a small hole.\t",
    ]
    source = read("parts.tsv", "\n".join(rows) + "\n")
    entries = source.result.entries
    assert [e.term for e in entries] == ["kiln", "vent", "damper", "glaze", "vent"]
    assert entries[1].see_also == ("kiln",) and entries[4].see_also == ("glaze",)


def test_a_header_naming_languages_after_a_number_is_no_entry():
    text = "0.0 English, 中文\nkiln, 窑\nglaze, 釉\nslip, 泥浆\nwheel, 转盘\n"
    source = read("glossary.csv", text)
    terms = {e.term for e in source.result.entries}
    assert terms == {"kiln", "窑", "glaze", "釉", "slip", "泥浆", "wheel", "转盘"}
