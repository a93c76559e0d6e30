"""sphinx-design `.. dropdown:: Term` pages: the title is the term, nested dropdowns are content."""

from __future__ import annotations

from termbase.read_checks import MARKUP_RESIDUE
from termbase.readers import rank_readers

PAGE = """Pottery words
=============

A short list for the studio.

.. dropdown:: Slip
   :open:

   Clay thinned with water until it pours.

   .. dropdown:: In casting

      Poured into plaster moulds to make hollow ware.

.. dropdown:: Bisque firing

   The first, lower firing that hardens raw ware before glazing.

   .. note::

      Pieces may touch in this firing.
"""


def test_outermost_dropdowns_are_the_entries() -> None:
    confidence, reader = rank_readers(PAGE)[0]
    assert reader.name == "rest-dropdowns" and confidence >= 0.9
    result = reader.read(PAGE, "pots.rst")
    spans = [(e.term, e.line, e.end_line) for e in result.entries]
    assert spans == [("Slip", 6, 13), ("Bisque firing", 15, 21)]
    slip, bisque = result.entries
    assert slip.definition.startswith("Clay thinned with water")
    assert "hollow ware" in slip.definition and ":open:" not in slip.definition
    assert "Pieces may touch" in bisque.definition
    assert result.title == "Pottery words"
    assert {u.line for u in result.unused} == {1, 2, 4}


def test_a_directive_left_in_a_label_is_markup() -> None:
    assert MARKUP_RESIDUE.search(".. dropdown:: Slip")
    assert MARKUP_RESIDUE.search(".. _kiln: https://example.org/kiln")
    assert not MARKUP_RESIDUE.search("Slip .. casting") and not MARKUP_RESIDUE.search("Bisque firing")
