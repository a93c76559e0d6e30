"""A definition's link to another entry of its own glossary page (`[kiln](#kiln_oven)`)
points at that concept's page in the site, not at an anchor the page does not have."""

from __future__ import annotations

from pathlib import Path

from termbase.build import build_termbase
from termbase.store import Termbase
from termbase.web.site import write_site

GLOSSARY = """\
- term: Glaze
  definition: A glassy coat fired onto a pot inside a [kiln oven](#kiln_oven), unlike a [slip](#slip-coat).
- term: Kiln oven
  definition: The hot chamber where pots harden; a [glaze](#glaze) melts there.
- term: Wedging
  definition: Kneading clay by hand before it is thrown; see [the steps](#steps) below.
"""


def test_fragment_links_to_related_entries_point_at_their_concept_pages(tmp_path: Path) -> None:
    source = tmp_path / "pottery.yml"
    source.write_text(GLOSSARY, encoding="utf-8")
    db = tmp_path / "pottery.db"
    build_termbase([str(source)], db, relative_to=tmp_path)
    with Termbase.open(db) as termbase:
        write_site(termbase, tmp_path / "site", workers=1)
    glaze = (tmp_path / "site" / "c" / "glaze.html").read_text(encoding="utf-8")
    assert 'href="../c/kiln-oven.html"' in glaze
    assert 'href="#kiln_oven"' not in glaze
    assert 'href="#slip-coat"' in glaze  # names no concept of the glossary: left as written
    kiln = (tmp_path / "site" / "c" / "kiln-oven.html").read_text(encoding="utf-8")
    assert 'href="../c/glaze.html"' in kiln
    wedging = (tmp_path / "site" / "c" / "wedging.html").read_text(encoding="utf-8")
    assert 'href="#steps"' in wedging
