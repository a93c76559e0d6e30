"""Shapes met in the held-out batch aside11, written small in our own words: Spec-Up
specifications (`[[def: …]]` then `~ definition`)."""

from __future__ import annotations

from termbase.readers import pick_reader
from termbase.readers.base import unaccounted_lines
from termbase.readers.markup.spec_up import SpecUpReader

SPEC_UP = """Loom Protocol 0.1
=================

**Editors:**
~ [A. Weaver](https://example.org/weaver)

## Terms

[[def: Warp Thread, warp, WT]]
~ A thread held taut on the loom while the [[ref: Weft]] passes
over and under it.

[[def:Weft]]
~ The thread carried across the warp by the shuttle.

~ Also the cloth's crosswise direction.

## Data Model

The [[ref: Warp Thread]] count goes in `warp`.

```json
{"warp": 12}
```

## References

[[def: Jacquard Card]]
  - [Punched cards](https://example.org/cards). A history of loom cards.
"""


def test_spec_up_terms_give_labels_and_bodies_and_nothing_else():
    assert pick_reader(SPEC_UP).name == "spec-up"
    result = SpecUpReader().read(SPEC_UP, "spec.md")
    assert [e.labels for e in result.entries] == [
        ("Warp Thread", "warp", "WT"),
        ("Weft",),
        ("Jacquard Card",),
    ]
    warp, weft, card = result.entries
    assert warp.definition == "A thread held taut on the loom while the Weft passes\nover and under it."
    assert "crosswise direction" in weft.definition and "~" not in weft.definition
    assert "Punched cards" in card.definition
    assert unaccounted_lines(SPEC_UP, result) == []
    reasons = {u.text: u.reason for u in result.unused}
    assert "Editors" in next(text for text in reasons if text.startswith("**Editors"))
    assert all("outside the Spec-Up" in reason for reason in reasons.values())
