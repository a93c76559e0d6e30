"""A name made of a word and a version joined by a hyphen ("orbit-7b", "wave-2") that no
label holds and no text writes is a model or product the termbase lacks: the query gets
"no concept named ..." whatever its common first word reaches; one a label or a text writes
("lenet-5", "stage-2") is answered. So is a possessive name whose owner no text writes
("horner's method"), and answered when a text writes the owner ("euler's method").
Real SQLite file; no embeddings needed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from termbase.build import build_termbase
from termbase.store import Termbase

GLOSSARY = """\
termbase: 1
title: Versioned names (test)
concepts:
  - id: orbit-attention
    label: orbit attention
    definition: Attention spread around a ring of devices, each passing its keys and values to the next.
  - id: lenet
    label: LeNet-5
    definition: A small convolutional network for reading handwritten digits, trained with gradient descent.
  - id: warmup
    label: warmup
    definition: Raising the step size slowly; the stage-2 schedule then holds it flat for long reasoning runs.
  - id: taylor
    label: Taylor expansion
    definition: Writing a smooth function as a polynomial sum near a point; Euler's method keeps one term.
"""


@pytest.fixture(scope="module")
def termbase(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Termbase]:
    folder = tmp_path_factory.mktemp("versioned_name")
    source = folder / "versioned_name.yaml"
    source.write_text(GLOSSARY, encoding="utf-8")
    path = folder / "versioned_name.db"
    build_termbase([str(source)], path)
    with Termbase.open(path) as opened:
        yield opened


@pytest.mark.parametrize(
    "query",
    ["how does orbit-7b pass keys and values around a ring of devices", "how does wave-2 hold the step size"],
)
def test_an_unwritten_versioned_name_is_unknown(termbase: Termbase, query: str) -> None:
    answer = termbase.search_index().answer(query)
    assert answer.hits == []
    assert answer.unknown and "-" in answer.unknown[0]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("lenet-5 handwritten digits network", "lenet"),
        ("why a stage-2 schedule after raising the step size", "warmup"),
    ],
)
def test_a_written_versioned_name_is_answered(termbase: Termbase, query: str, expected: str) -> None:
    answer = termbase.search_index().answer(query)
    assert not answer.unknown
    assert expected in [hit.id for hit in answer.hits]


def test_a_possessive_name_whose_owner_no_text_writes_is_unknown(termbase: Termbase) -> None:
    answer = termbase.search_index().answer("horner's method to evaluate a polynomial sum")
    assert answer.hits == []
    assert answer.unknown == ("horner's",)


def test_a_possessive_name_whose_owner_a_text_writes_is_answered(termbase: Termbase) -> None:
    answer = termbase.search_index().answer("a polynomial sum and euler's method")
    assert not answer.unknown
    assert "taylor" in [hit.id for hit in answer.hits]
