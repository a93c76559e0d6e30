"""A short name made of two labels ("mpi broadcast") is the thing the last one names, placed by
the first: when the first is a name (written with a capital) and the two concepts' texts link
them, the last label's concept is a hit, listed below a qualified match of the first. A common
noun first ("gating linear attention") makes a kind of the second, not its owner. Real SQLite
file; no embeddings needed.

A name opening with a label whose text writes the rest is that concept only when the rest is
no other concept's label or its definition opens by saying it is one ("softsign activation
function"); a concept that only mentions it ("weight normalization" against weights whose
text names normalization layers) is not the answer."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from termbase.build import build_termbase
from termbase.store import Termbase

GLOSSARY = """\
termbase: 1
title: Two labels (test)
concepts:
  - id: mpi
    label: MPI
    labels: [Message Passing Interface]
    definition: >-
      A standard library interface through which processes on many machines exchange data,
      with point-to-point sends and collectives such as [[broadcast]].
  - id: broadcast
    label: broadcast
    definition: A collective in which one process sends the same buffer to every other process.
  - id: gating
    label: gating
    definition: Multiplying a signal by a learned value between zero and one that decides how much passes.
  - id: linear-attention
    label: linear attention
    definition: >-
      Attention whose cost grows in proportion to sequence length, replacing the softmax with a
      kernel feature map; some variants add [[gating]] to forget old state.
  - id: weights
    label: weights
    definition: >-
      The numbers a network learns in training: its weight matrices, its biases and the gains
      of its normalization layers.
  - id: normalization
    label: normalization
    definition: Rescaling activations to a fixed mean and spread inside a network.
  - id: softsign
    label: softsign
    definition: An activation function that divides its input by one plus its absolute value.
  - id: activation-function
    label: activation function
    definition: The nonlinear function a neuron applies to its summed input.
"""


@pytest.fixture(scope="module")
def termbase(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Termbase]:
    folder = tmp_path_factory.mktemp("two_labels")
    source = folder / "two_labels.yaml"
    source.write_text(GLOSSARY, encoding="utf-8")
    path = folder / "two_labels.db"
    build_termbase([str(source)], path)
    with Termbase.open(path) as opened:
        yield opened


def test_a_name_then_a_label_finds_the_label(termbase: Termbase) -> None:
    hits = termbase.search_index().search("mpi broadcast")
    assert "broadcast" in [hit.id for hit in hits]
    second = next(hit for hit in hits if hit.id == "broadcast")
    assert second.matched == "qualified"


def test_a_common_noun_then_a_label_is_no_owner(termbase: Termbase) -> None:
    answer = termbase.search_index().answer("gating linear attention")
    assert not any(hit.id == "linear-attention" and hit.matched == "qualified" for hit in answer.hits)


def test_a_label_its_definition_opens_with_qualifies_it(termbase: Termbase) -> None:
    hits = termbase.search_index().search("softsign activation function")
    assert hits and hits[0].id == "softsign"
    assert hits[0].matched == "qualified"


def test_a_label_a_text_only_mentions_does_not_qualify_it(termbase: Termbase) -> None:
    answer = termbase.search_index().answer("weight normalization")
    assert not any(hit.id == "weights" and hit.matched == "qualified" for hit in answer.hits)
