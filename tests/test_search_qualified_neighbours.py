"""A name-like query that names a known concept with words qualifying it ("int4 weight
format": the label INT4, then words its own text writes) is about a thing the termbase has, so
the concepts close to it in meaning are listed below it with the cosine a question needs, not
the stricter one that keeps absent names unanswered. Real model, real SQLite file."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from termbase import semantic
from termbase.build import build_termbase
from termbase.store import Termbase

pytestmark = pytest.mark.skipif(
    not semantic.available(), reason=f"the semantic extra is not installed; {semantic.INSTALL_HINT}"
)

GLOSSARY = """\
termbase: 1
title: Qualified names (test)
concepts:
  - id: kappa-statistic
    label: kappa statistic
    definition: >-
      An agreement score for two labellers that subtracts the agreement they would reach by
      chance alone, so that 0 means chance level and 1 means they always agree.
  - id: beam-search
    label: beam search
    definition: Decoding that keeps the few best partial sequences at every step instead of only one.
  - id: dropout
    label: dropout
    definition: Randomly zeroing some units during training so the network cannot lean on any single one.
  - id: int4
    label: 4-bit integer
    labels: [INT4]
    definition: >-
      A number format of sixteen levels, used to store network weights in a quarter of the
      space of 16 bits.
  - id: wa-notation
    label: W/A notation
    labels: [WxAy]
    definition: Shorthand giving the bit widths of weights and activations, as in W8A8.
"""


@pytest.fixture(scope="module")
def termbase(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Termbase]:
    folder = tmp_path_factory.mktemp("qualified")
    source = folder / "qualified.yaml"
    source.write_text(GLOSSARY, encoding="utf-8")
    path = folder / "qualified.db"
    build_termbase([str(source)], path, semantic=True)
    with Termbase.open(path) as opened:
        yield opened


def test_a_qualified_name_lists_its_neighbours_in_meaning(termbase: Termbase) -> None:
    answer = termbase.search_index().answer("int4 weight format")
    ids = [hit.id for hit in answer.hits]
    assert answer.hits[0].id == "int4"
    assert answer.hits[0].matched == "qualified"
    assert "wa-notation" in ids  # close in meaning, below SEMANTIC_NAME_MIN_COSINE
    assert "dropout" not in ids and "beam-search" not in ids  # far in meaning: not listed
