"""A name that a concept's definition gives as an example of what it describes ("an NPU (for
example Apple's Neural Engine)") is an instance filed under that concept: the concept answers
it. A name the definition writes anywhere else (a tool it uses) is still not held by it, and a
name no text gives as an example stays unknown."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from termbase.build import build_termbase
from termbase.store import Termbase

GLOSSARY = """\
termbase: 1
title: Examples (test)
concepts:
  - id: vector-unit
    label: vector coprocessor
    labels: [VCP]
    definition: >-
      A chip block that runs the same arithmetic on many numbers at once; phones carry one
      (for example Orchard's Fast Lane or Birch Tiny Core) to run small networks cheaply.
  - id: policy-step
    label: trust step
    definition: >-
      A policy update held inside a region where the new policy stays close to the old one.
      Each step solves a linear system with the Lanczos Sweep Method to find its direction.
  - id: stores
    label: key-value store
    definition: >-
      A database that keeps values under keys and nothing more, such as Dusk Table, used for
      caches and sessions.
  - id: dropout
    label: dropout
    definition: Randomly zeroing some units during training so the network cannot lean on any single one.
"""


@pytest.fixture(scope="module")
def termbase(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Termbase]:
    folder = tmp_path_factory.mktemp("examples")
    source = folder / "examples.yaml"
    source.write_text(GLOSSARY, encoding="utf-8")
    path = folder / "examples.db"
    build_termbase([str(source)], path)
    with Termbase.open(path) as opened:
        yield opened


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("orchard fast lane", "vector-unit"),  # after "for example", the maker's possessive dropped
        ("what is the orchard fast lane", "vector-unit"),
        ("birch tiny core", "vector-unit"),  # a later item of the same list of examples
        ("dusk table", "stores"),  # after "such as"
    ],
)
def test_a_name_given_as_an_example_is_answered_by_its_concept(
    termbase: Termbase, query: str, expected: str
) -> None:
    answer = termbase.search_index().answer(query)
    assert answer.unknown == ()
    assert answer.hits[0].id == expected


@pytest.mark.parametrize(
    "query",
    [
        "what is the lanczos sweep method",  # a tool the definition uses, not an example of it
        "birch fast lane",  # words of two examples: no text gives it as one
        "what is the granite fast lane",
    ],
)
def test_a_name_only_mentioned_or_never_given_stays_unknown(termbase: Termbase, query: str) -> None:
    answer = termbase.search_index().answer(query)
    assert answer.hits == []
    assert answer.unknown
