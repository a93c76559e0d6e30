"""A query word the termbase's texts write as two words more often than as one ("finetuning"
where definitions say "fine-tuning") reaches those texts by full text: a short name whose
every word a definition holds is a match for it; a word they write as one is never split.
Real SQLite file; no embeddings needed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from termbase.build import build_termbase
from termbase.store import Termbase

GLOSSARY = """\
termbase: 1
title: Words written apart (test)
concepts:
  - id: adapter-tuning
    label: adapter tuning
    definition: Small trainable blocks slotted between frozen layers for cheap fine-tuning on a narrow task.
  - id: head-swap
    label: head swap
    labels: [last-layer finetuning]
    definition: Replacing only the output head of a network, then fine-tuning it for a new task.
  - id: sunlight-scoring
    label: sunlight scoring
    definition: Ranking garden plots by the hours of direct sun they receive.
  - id: grading
    label: grading
    definition: Marking exam scripts against a rubric, one question after another.
"""


@pytest.fixture(scope="module")
def termbase(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Termbase]:
    folder = tmp_path_factory.mktemp("written_apart")
    source = folder / "written_apart.yaml"
    source.write_text(GLOSSARY, encoding="utf-8")
    path = folder / "written_apart.db"
    build_termbase([str(source)], path)
    with Termbase.open(path) as opened:
        yield opened


def test_a_word_written_apart_in_the_texts_finds_them(termbase: Termbase) -> None:
    index = termbase.search_index()
    assert index._written_apart("finetuning") == "fine tuning"
    ids = [hit.id for hit in termbase.search("how do i run finetuning on frozen layers", limit=5)]
    assert "adapter-tuning" in ids  # its text holds every word asked, "finetuning" written apart


def test_a_word_written_as_one_is_not_split(termbase: Termbase) -> None:
    index = termbase.search_index()
    assert index._written_apart("sunlight") == ""
    assert index._written_apart("another") == ""
