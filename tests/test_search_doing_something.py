"""A query in which something is doing something ("quadruped robot learning to walk") reads as
a description, not a name, so its meaning is searched; a name that opens with such words
("learning to rank") stays a name."""

from __future__ import annotations

import pytest

from termbase.search import reads_as_name


@pytest.mark.parametrize(
    "query",
    ["quadruped robot learning to walk", "one neuron responding to many features", "agent trying to win"],
)
def test_something_doing_something_reads_as_a_description(query: str) -> None:
    assert not reads_as_name(query)


@pytest.mark.parametrize("query", ["learning to rank", "learning to rank loss", "robot learning", "sing to"])
def test_names_stay_names(query: str) -> None:
    assert reads_as_name(query)
