"""termbase extract: glossary extraction from chapters, on small courses written for these tests."""

from __future__ import annotations

from pathlib import Path

from termbase.extract import extract_glossary

FIXTURES = Path(__file__).parent / "fixtures" / "extract"
COURSE = FIXTURES / "course"


def by_term(result):
    return {e.term: e for e in (*result.entries, *result.review)}


def test_markdown_course_terms_definitions_and_where_introduced():
    result = extract_glossary([COURSE / "episodes"], base_url="https://example.org/weather/")
    kept = {e.term: e for e in result.entries}
    assert "Carpentries episode list" in result.order_source
    assert {"observation", "rain gauge", "air pressure"} <= set(kept)
    observation = kept["observation"]
    assert observation.chapter.endswith("weather-basics.md")
    assert observation.definition.startswith("A single reading of air pressure")
    assert observation.entry.locator is not None and observation.entry.locator.kind == "chapter"
    gauge = kept["rain gauge"]
    assert gauge.section == "Instruments" and gauge.anchor == "instruments"
    assert gauge.url == "https://example.org/weather/weather-basics.html#instruments"
    assert gauge.definition.startswith("An open container")
    assert kept["air pressure"].chapter.endswith("measuring.md")


def test_exercises_code_and_objectives_never_define():
    result = extract_glossary([COURSE / "episodes"])
    found = by_term(result)
    assert "wind vane" not in found
    assert "barometer" not in {e.term for e in result.entries}
