"""Slides: a title over bullets and no paragraph still introduces the term the title names."""

from __future__ import annotations

from pathlib import Path

from termbase.extract import extract_glossary


def test_a_slide_title_asking_what_a_term_is_over_bullets(tmp_path: Path) -> None:
    (tmp_path / "a-slides.qmd").write_text(
        "---\ntitle: Overview\n---\n\n## What is a davit?\n\n"
        "* Davits lower a dinghy from the stern down to the water.\n* Most yachts carry two.\n",
        encoding="utf-8")
    (tmp_path / "b-davits.qmd").write_text(
        "# Davits\n\nDavits come in many shapes. A davit needs a strong deck fitting.\n", encoding="utf-8")
    result = extract_glossary([tmp_path / "a-slides.qmd", tmp_path / "b-davits.qmd"], min_confidence=0.0)
    found = {e.term.lower(): e for e in (*result.entries, *result.review)}
    assert found["davit"].chapter.endswith("a-slides.qmd")
