"""Questions are compared with two embeddings of each concept, its names with its definitions
and its description alone; a name-like query whose only match is by meaning, to a concept it
names a part of, names something the termbase lacks. Real model, real SQLite file."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from termbase import semantic
from termbase.build import build_termbase
from termbase.store import Termbase

pytestmark = pytest.mark.skipif(
    not semantic.available(), reason=f"the semantic extra is not installed; {semantic.INSTALL_HINT}"
)

GLOSSARY = """\
termbase: 1
title: Descriptions (test)
concepts:
  - id: gan
    label: generative adversarial network
    labels: [GAN]
    definition: >-
      A pair of networks trained against each other: a generator makes fake samples and a
      discriminator tries to tell them from real ones. Training is known to be unstable.
  - id: fourier-transform
    label: Fourier transform
    labels: [FFT, DFT]
    definition: >-
      A change of representation that writes a signal as a sum of sinusoids, one per
      frequency. The fast version runs in n log n steps and underlies spectrograms.
  - id: dropout
    label: dropout
    definition: >-
      Randomly zeroing some units during training so the network cannot lean on any single
      one. At inference every unit is kept.
"""


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("descriptions")
    source = folder / "descriptions.yaml"
    source.write_text(GLOSSARY, encoding="utf-8")
    path = folder / "descriptions.db"
    build_termbase([str(source)], path, semantic=True)
    return path


@pytest.fixture(scope="module")
def termbase(db: Path) -> Iterator[Termbase]:
    with Termbase.open(db) as opened:
        yield opened


def test_description_is_the_first_sentence_of_each_distinct_definition() -> None:
    assert semantic.description_text(["A pair of nets. More detail.", "A pair of nets. Other detail."]) == (
        "A pair of nets."
    )
    assert semantic.description_text(["Uses e.g. sines. Then more.", "Second one"]) == (
        "Uses e.g. sines. Second one"
    )
    assert semantic.description_text([]) == ""


def test_build_stores_one_description_vector_per_concept_and_search_reads_them(
    db: Path, termbase: Termbase
) -> None:
    with sqlite3.connect(db) as connection:
        rows = connection.execute("SELECT concept_id, length(vector) FROM concept_description_vectors")
        stored = dict(rows)
    assert stored == {c: semantic.DIMENSION * 4 for c in ("gan", "fourier-transform", "dropout")}
    index = termbase.search_index()
    assert index.search("split a sound wave into sine waves of different frequencies")[0].id == (
        "fourier-transform"
    )
    assert index._descriptions is not None and index._descriptions.shape == (3, semantic.DIMENSION)


def test_a_termbase_built_before_descriptions_still_answers_questions(db: Path, tmp_path: Path) -> None:
    older = tmp_path / "older.db"
    with sqlite3.connect(db) as source, sqlite3.connect(older) as copy:
        source.backup(copy)
        copy.execute("DROP TABLE concept_description_vectors")
    with Termbase.open(older) as opened:
        index = opened.search_index()
        assert index.search("randomly zero units while training so the net relies on no one unit")[0].id == (
            "dropout"
        )
        assert index._descriptions is None


def test_a_name_only_meaning_matched_to_a_concept_it_names_a_part_of_is_not_that_concept(
    termbase: Termbase,
) -> None:
    answer = termbase.search_index().answer("progressive growing of GANs")
    assert answer.hits == []
    assert answer.unknown == ("progressive growing of GANs",)
    assert [h.id for h in answer.related] == ["gan"]
    assert termbase.search("GAN training")[0].id == "gan"  # its words are in the concept's text
