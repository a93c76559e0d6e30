"""A short query that says there is too much or not enough of something ("too many requests
from the api", "not enough vram"), or that places one thing relative to another ("token
between packed documents"), describes a situation, not the name of a thing: it is searched by
what it means, like a question, and a label inside it is a mention. Real model, real SQLite
file."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from termbase import semantic
from termbase.build import build_termbase
from termbase.search import reads_as_name
from termbase.store import Termbase

GLOSSARY = """\
termbase: 1
title: Situations (test)
concepts:
  - id: throttling
    label: request throttling
    definition: >-
      A server refusing calls from a client past a fixed number per minute, answering with a
      status that asks it to wait; clients back off and retry later.
  - id: vram
    label: VRAM
    labels: [video memory]
    definition: The memory on a graphics card, which decides how large a network fits on it.
  - id: beam-search
    label: beam search
    definition: Decoding that keeps the few best partial sequences at every step instead of only one.
  - id: dropout
    label: dropout
    definition: Randomly zeroing some units during training so the network cannot lean on any single one.
  - id: learning-rate
    label: learning rate
    definition: How large a step each update takes along the gradient.
  - id: page-qa
    label: page question answering
    labels: [PageQA]
    definition: >-
      A task where a model reads a photographed or scanned form, letter or invoice and answers
      questions about what is written on it.
  - id: peer-transfer
    label: peer transfer
    definition: Sending a tensor straight from one GPU to one other GPU, not to a whole group.
"""


@pytest.mark.parametrize(
    ("query", "name_like"),
    [
        ("too many calls to the server", False),  # an excess: a situation
        ("not enough vram", False),  # a shortfall
        ("learning rate too high", False),
        ("request throttling", True),
        ("token bucket algorithm", True),  # a name still reads as one
        ("seed rl", True),
        ("questions about scanned invoices", False),  # places one thing relative to another
        ("tensor copies between two gpus", False),
        ("Reasoning About Search", True),  # typed in title case: a name
        ("learning through play", True),  # "through" is inside names as often
    ],
)
def test_a_query_describing_a_situation_is_no_name(query: str, name_like: bool) -> None:
    assert reads_as_name(query) is name_like


@pytest.fixture(scope="module")
def termbase(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Termbase]:
    folder = tmp_path_factory.mktemp("situations")
    source = folder / "situations.yaml"
    source.write_text(GLOSSARY, encoding="utf-8")
    path = folder / "situations.db"
    build_termbase([str(source)], path, semantic=semantic.available())
    with Termbase.open(path) as opened:
        yield opened


def test_a_label_inside_a_shortfall_is_a_mention(termbase: Termbase) -> None:
    """ "not enough vram": two content words, so never searched by meaning; the label it holds
    answers it (before, as a name the labels lack, it had no hit at all)."""
    answer = termbase.search_index().answer("not enough vram")
    assert answer.unknown == ()
    assert [hit.id for hit in answer.hits][:1] == ["vram"]


@pytest.mark.skipif(not semantic.available(), reason=f"needs the semantic extra; {semantic.INSTALL_HINT}")
def test_an_excess_described_in_plain_words_is_found_by_meaning(termbase: Termbase) -> None:
    answer = termbase.search_index().answer("too many calls to the server")
    assert answer.unknown == ()
    assert [hit.id for hit in answer.hits][:1] == ["throttling"]


@pytest.mark.skipif(not semantic.available(), reason=f"needs the semantic extra; {semantic.INSTALL_HINT}")
@pytest.mark.parametrize(
    ("query", "expected"),
    [("questions about scanned invoices", "page-qa"), ("tensor copies between two gpus", "peer-transfer")],
)
def test_a_query_relating_things_is_found_by_meaning(termbase: Termbase, query: str, expected: str) -> None:
    answer = termbase.search_index().answer(query)
    assert answer.unknown == ()
    assert [hit.id for hit in answer.hits][:1] == [expected]
