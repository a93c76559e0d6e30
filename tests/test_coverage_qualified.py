"""`termbase coverage` counts a source's bare label as covered by a qualified label."""

from __future__ import annotations

from pathlib import Path

from termbase.build import build_termbase
from termbase.coverage import coverage
from termbase.store import Termbase

GLOSSARY = """termbase: 1
title: Camera moves
concepts:
  - id: dolly-camera-move
    label: dolly (camera)
    definition: >-
      A camera move in which the whole camera travels towards or away from the subject on a wheeled
      cart, which changes perspective unlike a zoom.
    topics: [generative-media]
    related: [zoom-camera-move, dolly-camera-move]
  - id: zoom-camera-move
    label: zoom
    definition: >-
      A change of focal length that magnifies the picture from a fixed camera position, so the
      perspective of the scene stays the same throughout the shot.
    topics: [generative-media]
    related: [dolly-camera-move, zoom-camera-move]
"""

SOURCE = """termbase: 1
title: Notes from the set
concepts:
  - label: Dolly
    definition: Moving the whole camera on a cart towards the subject of the shot.
  - label: Tilt
    definition: Turning the camera up or down while it stays in one place.
"""


def test_a_bare_label_is_covered_by_its_qualified_form(tmp_path: Path) -> None:
    (tmp_path / "moves.yaml").write_text(GLOSSARY, encoding="utf-8")
    (tmp_path / "notes.yaml").write_text(SOURCE, encoding="utf-8")
    db = tmp_path / "moves.db"
    build_termbase([str(tmp_path / "moves.yaml")], db)
    result = coverage(Termbase.open(db), [str(tmp_path / "notes.yaml")])
    assert [(c.label, found) for c, found in result.covered] == [("Dolly", "dolly-camera-move")]
    assert [c.label for c in result.missing] == ["Tilt"]
