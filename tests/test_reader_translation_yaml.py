"""Translation glossaries kept in YAML, as fixtures of our own words: a `terms:` list of
`{source, target}` records, and a list of names kept untranslated beside an `English: French` map.
Each pair is one concept with a name in each language; each kept name an entry of its own."""

from __future__ import annotations

from termbase.build import read_source
from termbase.sources import SourceText


def read(name: str, text: str):
    return read_source(SourceText(name, text))


PAIR_RECORDS = (
    "# Words to translate the same way every time\n\n"
    "terms:\n"
    "  - source: \"Loom\"\n    target: \"はた織り機\"\n"
    "  - source: \"Shuttle\"\n    target: \"シャトル\"\n"
    "  - source: \"Warp thread\"\n    target: \"たて糸\"\n"
    "  - source: \"Weft thread\"\n    target: \"よこ糸\"\n"
)


def test_a_list_of_source_target_records_is_pairs_of_names():
    source = read("glossary.yaml", PAIR_RECORDS)
    assert source.source.reader == "yaml"
    entries = source.result.entries
    groups: dict[str, list[tuple[str, str]]] = {}
    for entry in entries:
        groups.setdefault(entry.group, []).append((entry.term, entry.language))
    assert list(groups.values()) == [
        [("Loom", "en"), ("はた織り機", "ja")],
        [("Shuttle", "en"), ("シャトル", "ja")],
        [("Warp thread", "en"), ("たて糸", "ja")],
        [("Weft thread", "en"), ("よこ糸", "ja")],
    ]
    assert not source.findings
    assert {u.text for u in source.result.unused} >= {"terms:"}


KEEP_AND_TRANSLATE = (
    "keep_as_is:\n  - Jacquard\n  - dobby\n  - ikat\n  - warp-faced\n\n"
    "translations:\n"
    "  weaving: tissage\n  spinning wheel: rouet\n  thread: fil\n  pattern: motif\n"
    "  dye bath: bain de teinture\n  loom: métier à tisser\n"
)


def test_kept_names_beside_a_translation_map_are_entries_in_the_maps_first_language():
    source = read("glossary.yaml", KEEP_AND_TRANSLATE)
    assert source.source.reader == "yaml"
    entries = source.result.entries
    kept = [(e.term, e.language) for e in entries if e.line <= 5]
    assert kept == [("Jacquard", "en"), ("dobby", "en"), ("ikat", "en"), ("warp-faced", "en")]
    pairs = {(e.term, e.language) for e in entries if e.line > 5}
    assert {("loom", "en"), ("métier à tisser", "fr")} <= pairs
    assert {("dye bath", "en"), ("bain de teinture", "fr")} <= pairs
    assert len({e.group for e in entries if e.line > 5}) == 6


def test_a_yaml_message_catalogue_is_still_no_glossary():
    catalogue = "save_button: Enregistrer\nopen_file: Ouvrir\nclose_window: Fermer\nquit_app: Quitter\n"
    try:
        source = read("fr.yaml", catalogue)
    except Exception as error:  # refused with a clear error
        assert "no reader" in str(error) or "glossary" in str(error)
    else:
        assert source.source.reader != "yaml" or source.findings


ONE_KEY_RECORDS = (
    "-   Bobbin: '\n\n\n    A small spool that holds thread inside the shuttle.\n\n    '\n"
    "-   Dobby: \"\\n\\nA loom part that lifts shafts in a set order.\\n\"\n"
    "-   Jacquard: A loom that lifts each warp thread on its own.\n"
    "-   \"Selvedge\": The tightly woven edge of a cloth.\n"
)


def test_a_list_of_one_key_mappings_is_terms_and_definitions():
    source = read("glossary.yaml", ONE_KEY_RECORDS)
    assert source.source.reader == "yaml"
    assert [(e.term, e.definition) for e in source.result.entries] == [
        ("Bobbin", "A small spool that holds thread inside the shuttle."),
        ("Dobby", "A loom part that lifts shafts in a set order."),
        ("Jacquard", "A loom that lifts each warp thread on its own."),
        ("Selvedge", "The tightly woven edge of a cloth."),
    ]
