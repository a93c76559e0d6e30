"""Shapes met in a third batch of real glossaries (aside3 in bench/heldout.yaml), in small
fixtures of our own: OmegaT TSV with comment lines, JSON records with field names in
Persian, a folder of one-record YAML files, heading glossaries that do not call themselves
glossaries, sub-term headings, link headings, reST definition lists, MyST `{glossary}`."""

from __future__ import annotations

from pathlib import Path

from termbase.build import read_source, read_sources
from termbase.readers import get_reader, rank_readers
from termbase.readers.base import unaccounted_lines
from termbase.sources import SourceText

FIXTURES = Path(__file__).parent / "fixtures" / "unseen_shapes"


def read(name: str):
    path = FIXTURES / name
    return read_source(SourceText(str(path), path.read_text(encoding="utf-8")))


def surest(name: str) -> str:
    return rank_readers((FIXTURES / name).read_text(encoding="utf-8"))[0][1].name


def test_tsv_comment_lines_are_reported_not_rows():
    result = read("omegat.tsv")
    assert result.source.reader == "csv"
    assert [e.term for e in result.result.entries] == ["quay", "harbour", "gale", "fog"]
    assert result.result.entries[0].definition == "kajo"
    comments = [u.line for u in result.result.unused if u.reason.startswith("comment line")]
    assert comments == [1, 5]
    assert result.findings == ()


def test_json_records_with_field_names_in_another_language():
    result = read("persian_keys.json")
    assert result.source.reader == "json"
    entries = result.result.entries
    assert [e.term for e in entries] == ["خمیر", "تنور", "مایه", "شکر"]
    assert entries[1].definition == "اجاقی گرم که نان را در آن می پزند"
    assert entries[0].topics == ("نانوایی",)  # a field repeated across records groups them
    assert result.findings == ()


def test_inferred_roles_need_a_unique_short_field_and_a_long_one():
    from termbase.readers.record_fields import inferred_field_roles

    same = [{"a": "x", "b": "one two three four"} for _ in range(4)]
    assert inferred_field_roles(same) == {}  # no field tells the records apart
    named = [{"term": f"t{n}", "definition": "one two three four"} for n in range(4)]
    assert inferred_field_roles(named) == {}  # named fields are read by their names
    # a named term beside a definition field named its own way ('arti', 'meaning' in Malay)
    beside = [{"term": f"t{n}", "b": "one two three four"} for n in range(4)]
    assert inferred_field_roles(beside) == {"b": "definition"}


def test_a_folder_of_one_record_yaml_files():
    read_files, errors = read_sources([str(FIXTURES / "records")])
    entries = [e for source in read_files for e in source.result.entries]
    assert sorted(e.term for e in entries) == ["Anchor", "Mooring"]
    anchor = next(e for e in entries if e.term == "Anchor")
    assert anchor.definition.startswith("A heavy hook that keeps a boat in place.")
    assert "digs in and holds" in anchor.definition  # the longer text is kept too
    assert [Path(e.path).name for e in errors] == ["README.md"]  # no glossary: said so, not read


def test_heading_glossary_without_a_glossary_title():
    assert surest("lectures.md") == "markdown-headings"
    result = read("lectures.md")
    entries = {e.term: e for e in result.result.entries}
    assert list(entries) == [
        "Dough",
        "Proofing",
        "Scoring",
        "Autolyse",
        "Deck oven",
        "Steam injection",
        "Oven spring, aka Final Rise Before The Crust Sets",
        "Crumb, crust, etc...",
        "Banneton",
    ]
    assert entries["Scoring"].definition == ""  # a term listed before its definition is written
    assert entries["Deck oven"].definition.startswith("An oven whose loaves")
    reasons = {u.line: u.reason for u in result.result.unused}
    assert reasons[3] == reasons[19] == "page heading"


def test_prose_pages_with_headings_are_not_heading_glossaries():
    steps = (f"## Step {n}\n\n```sh\nmake step{n}\n```\n\nThen check step {n}.\n\n" for n in range(10))
    page = "# Project\n\n" + "".join(steps)
    assert get_reader("markdown-headings").detect(page) < 0.3
    readme = "# Tool\n\n## Install\n\nRun pip.\n\n## Usage\n\nRun it.\n\n## License\n\nMIT.\n"
    assert get_reader("markdown-headings").detect(readme) < 0.3


def test_a_titled_glossary_may_have_two_terms():
    result = read("small_glossary.md")
    assert [e.term for e in result.result.entries] == ["bosun", "galley"]


def test_link_headings_name_the_term_and_keep_the_address():
    result = read("linked_headings.md")
    entries = {e.term: e for e in result.result.entries}
    assert list(entries) == ["Rudder", "Tiller", "Keel", "Mast"]
    assert entries["Rudder"].links == ("https://example.org/rudder",)
    assert result.findings == ()


def test_sub_term_headings_and_headings_missing_their_space():
    result = read("nested_terms.md")
    entries = {e.term: e for e in result.result.entries}
    assert list(entries) == ["Pain", "Pain blanc", "Pain complet", "Four", "Farine", "Levain"]
    assert entries["Pain"].definition == "Aliment cuit fait de farine, d'eau et de sel."
    assert entries["Four"].definition == "Enceinte chaude où l'on cuit le pain."
    # a deeper heading that shares no word with its term is part of the definition, and flagged
    assert "On garde une part du levain" in entries["Levain"].definition
    assert [f.check for f in result.findings] == ["term-headings-inside-entries"]


def test_rest_definition_list_page_without_the_glossary_directive():
    path = FIXTURES / "deflist.rst"
    text = path.read_text(encoding="utf-8")
    assert surest("deflist.rst") == "sphinx"
    result = get_reader("sphinx").read(text, str(path))
    entries = {e.term: e for e in result.entries}
    assert list(entries) == ["Dough", "Starter (levain)", "Proof", "Bake"]
    dough = "Flour and water worked into a smooth mass.\n\nIt rests before shaping."
    assert entries["Dough"].definition == dough
    assert entries["Proof"].locator is not None and entries["Proof"].locator.text == "Oven stages"
    assert unaccounted_lines(text, result) == []


def test_rest_prose_page_is_not_a_definition_list_glossary():
    page = "Guide\n=====\n\nSome words\n  indented quote.\n\n" + "A paragraph of prose.\n\n" * 5
    assert get_reader("sphinx").detect(page) == 0.0


def test_myst_glossary_blocks():
    assert surest("myst.md") == "myst-glossary"
    path = FIXTURES / "myst.md"
    text = path.read_text(encoding="utf-8")
    result = read("myst.md")
    entries = {e.term: e for e in result.result.entries}
    assert list(entries) == ["Sheet (cordage)", "Halyard", "Shroud (cordage)", "Bilge"]
    assert entries["Halyard"].labels == ("Halyard", "Halliard")
    assert "| main | main halyard |" in entries["Halyard"].definition
    assert entries["Sheet (cordage)"].links == ("https://example.org/sheet",)
    assert entries["Shroud (cordage)"].definition.endswith("see Halyard.")
    assert unaccounted_lines(text, result.result) == []



def test_a_code_fence_inside_a_myst_glossary_definition_does_not_close_the_block():
    # the indented fence belongs to "ledger"'s definition; every term after it used to be lost
    page = (
        "# Words\n\n```{glossary}\nledger\n    A book of accounts.\n\n    E.g.\n\n    ```\n"
        "    date, amount\n    ```\n\ntally\n    A running count.\n\nreceipt\n"
        "    Proof that money changed hands.\n```\n"
    )
    reader = get_reader("myst-glossary")
    result = reader.read(page, "words.md")
    assert [e.term for e in result.entries] == ["ledger", "tally", "receipt"]
    assert "date, amount" in result.entries[0].definition
    assert unaccounted_lines(page, result) == []

def test_a_bracket_repeated_after_several_terms_qualifies_them():
    entries = {e.term: e for e in read("myst.md").result.entries}
    assert "cordage" not in entries["Sheet (cordage)"].labels
    assert "cordage" not in entries["Shroud (cordage)"].labels


# ── a fourth batch (aside4) ───────────────────────────────────────────────────────────


def test_a_folder_picks_up_mdx_pages_and_brackets_keep_their_slashes():
    read_files, errors = read_sources([str(FIXTURES / "mdx")])
    assert errors == []
    entries = {e.term: e for source in read_files for e in source.result.entries}
    assert list(entries) == ["Bowline", "Bight (open / closed)", "Cleat"]
    assert entries["Bight (open / closed)"].labels == ("Bight (open / closed)",)  # one name, not three


def test_mapping_entries_that_only_point_at_others_are_their_other_names():
    result = read("pointers.yml")
    assert result.source.reader == "yaml"
    entries = {e.term: e for e in result.result.entries}
    assert list(entries) == ["Mainsail", "Jib", "Headsail", "CO"]
    assert entries["Mainsail"].labels == ("Mainsail", "MS")
    assert "HJ" in entries["Jib"].labels and "HJ" in entries["Headsail"].labels
    pointer = [u for u in result.result.unused if u.text == "MS:"]
    assert pointer and pointer[0].reason.startswith("another name of Mainsail")
    assert result.findings == ()


def test_a_folder_tree_of_records_with_numbered_senses():
    read_files, errors = read_sources([str(FIXTURES / "senses")])
    assert errors == []
    entries = {e.term: e for source in read_files for e in source.result.entries}
    assert entries["anchorage"].definition == (
        "1. A place where boats can drop anchor safely.\n2. The fee paid for lying at such a place."
    )
    assert entries["beam"].definition == "1. The width of a boat at its widest point."


def test_stars_in_a_term_are_not_markup_and_a_formula_is_no_other_name():
    result = read("starred.yml")
    entries = {e.term: e for e in result.result.entries}
    assert result.findings == ()
    assert entries["Speed (= distance / time)"].labels == ("Speed (= distance / time)",)


# ── a fifth batch (aside5) ────────────────────────────────────────────────────────────


def test_term_colon_definition_paragraphs_are_definition_list_items():
    result = read("inline_deflist.md")
    assert result.source.reader == "markdown-deflist"
    entries = {e.term: e for e in result.result.entries}
    assert list(entries) == ["Anker", "Kette", "Klampe", "Luv"]
    assert entries["Anker"].definition == (
        "Ein schweres Eisen, das ein Boot an seinem Platz\nhält. Siehe auch: Kette."
    )
    assert result.findings == ()


def test_two_colon_lines_in_prose_are_no_glossary():
    page = "# Notes\n\nTime : ten o'clock.\n\nPlace : the harbour.\n\nBring a coat.\n"
    assert get_reader("markdown-deflist").detect(page) < 0.3


def test_definition_list_terms_written_as_links_keep_their_text():
    result = read("link_terms.md")
    assert [e.term for e in result.result.entries] == ["tack", "gybe", "reef"]
    assert result.findings == ()


# ── a sixth batch (aside6) ────────────────────────────────────────────────────────────


def test_asciidoc_concept_files_tagged_by_language_are_one_concept_each():
    read_files, errors = read_sources([str(FIXTURES / "tagged_adoc")])
    entries = [e for source in read_files for e in source.result.entries]
    assert sorted((e.term, e.language) for e in entries) == [
        ("Hafen", "de"),
        ("Harbour", "en"),
        ("Helm", "en"),
        ("Ruder", "de"),
    ]
    groups = {e.term: e.group for e in entries}
    assert groups["Harbour"] == groups["Hafen"] != groups["Helm"] == groups["Ruder"]
    # the file that only includes the others is said to be no glossary, not read as a term 'H'
    assert [Path(e.path).name for e in errors] == ["0-structure.adoc"]


def test_rdf_in_a_vocabulary_of_its_own_reads_its_titled_described_resources():
    result = read("own_vocabulary.ttl")
    assert result.source.reader == "skos"
    entries = {e.term: e for e in result.result.entries}
    assert sorted(entries) == ["getij", "swell", "tide"]  # the word list and the note are no terms
    assert entries["getij"].language == "nl"
    assert entries["tide"].definition == "The rise and fall of the sea twice a day."


# ── a seventh batch (aside7) ──────────────────────────────────────────────────────────


def test_a_list_of_records_under_a_terms_key_is_no_single_record():
    result = read("wrapped_terms.json")
    assert [e.term for e in result.result.entries] == ["bow", "stern", "keel"]


def test_csv_columns_naming_a_term_in_a_language_give_one_concept_per_row():
    result = read("language_columns.csv")
    entries = result.result.entries
    assert [(e.term, e.language) for e in entries[:2]] == [("rope", "en"), ("cuerda", "es")]
    assert entries[0].group == entries[1].group != entries[2].group
    assert entries[0].topics == ("Rigging",)
    assert result.findings == ()
