"""A query that names a concept by a label holding another concept's name ("clip text encoder",
the label CLIP text encoder) lists that other concept too, below it: the glossary's own label
says whose part it is. A label whose opening words only look like another label ("rms norm"
against the reward model's plural RMs) or one of a common noun lists nothing more. Real SQLite
file; no embeddings needed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from termbase.build import build_termbase
from termbase.store import Termbase

GLOSSARY = """\
termbase: 1
title: Label owners (test)
concepts:
  - id: clip
    label: CLIP
    definition: A model trained to pair images with their captions by pulling matching pairs together.
  - id: clip-text-encoder
    label: text encoder
    labels: [CLIP text encoder]
    definition: The half of CLIP that turns a caption into one vector.
  - id: reward-model
    label: reward model
    labels: [RM]
    definition: A network that scores answers the way human raters would.
  - id: rmsnorm
    label: RMSNorm
    labels: [RMS norm]
    definition: Rescaling a vector by its root mean square, with no mean subtracted.
"""


@pytest.fixture(scope="module")
def termbase(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Termbase]:
    folder = tmp_path_factory.mktemp("label_owner")
    source = folder / "label_owner.yaml"
    source.write_text(GLOSSARY, encoding="utf-8")
    path = folder / "label_owner.db"
    build_termbase([str(source)], path)
    with Termbase.open(path) as opened:
        yield opened


def test_a_label_holding_another_name_lists_it_below(termbase: Termbase) -> None:
    hits = termbase.search_index().search("clip text encoder")
    assert [hit.id for hit in hits][:2] == ["clip-text-encoder", "clip"]
    assert hits[1].matched == "mention"


def test_a_look_alike_opening_lists_nothing_more(termbase: Termbase) -> None:
    hits = termbase.search_index().search("rms norm")
    assert [hit.id for hit in hits] == ["rmsnorm"]
