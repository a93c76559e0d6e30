"""JSON mappings of a term to its translation: each pair one concept with a name in each language."""

from __future__ import annotations

import json

import pytest

from termbase.errors import InputError
from termbase.readers.data.json_yaml import JsonGlossaryReader

FLAT = """{
  "_comment_kitchen": "words the menu keeps",
  "Soup ladle": "국자",
  "Cutting board": "도마",
  "Frying pan": "프라이팬",
  "Wok": "Wok",
  "Kettle": "주전자"
}
"""


def test_a_flat_translation_map_is_read_as_named_concepts() -> None:
    reader = JsonGlossaryReader()
    assert reader.detect(FLAT) >= 0.5
    result = reader.read(FLAT, "menu.json")
    pairs = [(e.term, e.language, e.line) for e in result.entries]
    assert pairs[:4] == [
        ("Soup ladle", "en", 3), ("국자", "ko", 3), ("Cutting board", "en", 4), ("도마", "ko", 4),
    ]
    assert len(result.entries) == 10 and all(e.definition == "" for e in result.entries)
    assert result.entries[0].group == result.entries[1].group != result.entries[2].group
    assert [(u.line, u.reason) for u in result.unused] == [(2, "a note among the term/translation pairs")]


def test_nested_maps_take_the_direction_their_key_names() -> None:
    tree = {
        "es_en": {
            "_comment": "Spanish first",
            "Tools": {"martillo": "hammer", "sierra": "saw", "taladro": "drill"},
            "Wood": {"roble": "oak", "pino": "pine", "nogal": "walnut"},
        }
    }
    result = JsonGlossaryReader().read(json.dumps(tree, ensure_ascii=False, indent=2), "shop.json")
    named = [(e.term, e.language) for e in result.entries]
    assert named[:2] == [("martillo", "es"), ("hammer", "en")] and len(named) == 12


def test_an_app_message_catalogue_is_still_refused() -> None:
    messages = {"save_button": "저장", "open_menu": "열기", "close_dialog": "닫기"}
    catalogue = json.dumps(messages, ensure_ascii=False)
    reader = JsonGlossaryReader()
    assert reader.detect(catalogue) == 0.0
    with pytest.raises(InputError):
        reader.read(catalogue, "ko.json")
