"""The project's own YAML source format."""

from __future__ import annotations

import pytest

from conftest import FIXTURES
from termbase.errors import InputError
from termbase.readers.base import unaccounted_lines
from termbase.readers.data.termbase_yaml import TermbaseYamlReader

READER = TermbaseYamlReader()
SAMPLE = FIXTURES / "termbase_yaml" / "networking.yaml"


def test_reads_every_concept_with_its_fields_and_line_span() -> None:
    text = SAMPLE.read_text(encoding="utf-8")
    result = READER.read(text, str(SAMPLE))
    assert result.title == "Networking basics"
    assert [e.term for e in result.entries] == [
        "round-trip time",
        "bandwidth-delay product",
        "congestion window",
    ]
    rtt, bdp, cwnd = result.entries
    assert rtt.concept_id == "round-trip-time"
    assert rtt.labels == ("round-trip time", "RTT", "round trip time")
    assert rtt.definition.startswith("How long a packet takes")
    assert rtt.topics == ("inference",)
    assert (rtt.line, rtt.end_line) == (5, 13)
    assert bdp.formulas == ("BDP = B \\times RTT",)
    assert bdp.see_also == ("round-trip-time", "Congestion window")
    assert bdp.locator is not None and bdp.locator.text == "Ch 3"
    assert bdp.links == ("https://example.org/bdp",)
    assert cwnd.concept_id == ""
    assert unaccounted_lines(text, result) == []
    reasons = {u.line: u.reason for u in result.unused}
    assert reasons[1] == "comment" and reasons[15] == "comment"
    assert "header" in reasons[2]


def test_detects_only_its_own_format() -> None:
    assert READER.detect(SAMPLE.read_text(encoding="utf-8")) == 1.0
    assert READER.detect("title: x\nitems:\n  - a\n") == 0.0
    assert READER.detect("Glossary\nKV cache\nKeys and values.\n") == 0.0


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("termbase: 1\nconcepts:\n  - label: x\n    definition: [unclosed\n", 5, "invalid YAML"),
        ("termbase: 1\nconcepts:\n  - label: x\n", 3, "no `definition`"),
        ("termbase: 1\nconcepts:\n  - definition: y\n", 3, "no `label`"),
        ("termbase: 1\nconcepts:\n  - label: x\n    definition: y\n    colour: red\n", 3, "unknown field"),
        ("termbase: 1\nconcepts:\n  - label: x\n    definition: y\n    id: Not A Slug\n", 3, "not a slug"),
        ("termbase: 1\nconcepts: 7\n", 2, "must be a list"),
    ],
)
def test_bad_files_raise_one_clear_error_with_the_line(text: str, line: int, message: str) -> None:
    with pytest.raises(InputError) as caught:
        READER.read(text, "bad.yaml")
    assert caught.value.line == line
    assert message in caught.value.message
    assert caught.value.hint
