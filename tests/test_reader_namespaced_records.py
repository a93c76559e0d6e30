"""Records keyed with a concept vocabulary's prefix (`skos:prefLabel`) and a translation map."""

from __future__ import annotations

import json

from termbase.readers.data.json_yaml import JsonGlossaryReader, YamlGlossaryReader
from termbase.readers.record_fields import field_role

YAML_PAGE = """"@context":
  skos: https://example.org/skos-like#
  ex: https://example.org/pantry#

concepts:
  - id: ex:ladle
    skos:prefLabel: ladle
    skos:translation:
      de: Schöpfkelle
      fr: louche
    skos:definition: A deep spoon with a long handle for serving soup.

  - id: ex:sieve
    skos:prefLabel: sieve
    skos:definition: A mesh bowl that lets liquid drain away from solids.
"""


def test_prefixed_keys_are_fields_and_every_record_is_read() -> None:
    assert YamlGlossaryReader().detect(YAML_PAGE) >= 0.5
    entries = YamlGlossaryReader().read(YAML_PAGE, "pantry.yml").entries
    assert [(e.term, e.language) for e in entries] == [
        ("ladle", "en"), ("Schöpfkelle", "de"), ("louche", "fr"), ("sieve", "en"),
    ]
    ladle, german, french, sieve = entries
    assert ladle.definition.startswith("A deep spoon") and german.definition == ""
    assert ladle.group == german.group == french.group and ladle.group and not sieve.group
    assert sieve.definition.startswith("A mesh bowl")


def test_translations_in_json_records() -> None:
    records = [
        {"term": "whisk", "definition": "A looped wire tool for beating.", "translations": {"es": "batidor"}},
        {"term": "grater", "definition": "A holed plate for shredding.", "translations": {"es": "rallador"}},
        {"term": "tongs", "definition": "A hinged tool for gripping hot food."},
    ]
    entries = JsonGlossaryReader().read(json.dumps(records, indent=1), "k.json").entries
    assert [(e.term, e.language) for e in entries] == [
        ("whisk", "en"), ("batidor", "es"), ("grater", "en"), ("rallador", "es"), ("tongs", "en"),
    ]


def test_only_concept_vocabularies_prefix_a_field() -> None:
    assert field_role("skos:prefLabel") == "term" and field_role("rdfs:label") == "term"
    assert field_role("skos:definition") == "definition"
    assert field_role("dc:title") == ""  # a term in a glossary of metadata fields, not a field
