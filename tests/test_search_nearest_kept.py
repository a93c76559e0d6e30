"""A question's hits hold the concept nearest to it in meaning among the first five, when words
alone ranked it lower: it takes the fifth place and that hit's score, the others keep their order
and scores stay in order. A query that reads as a name, or whose nearest concept is in the first
five already or not among its hits, is left as it is. Real SQLite file; the meaning of each hit is
given as the search would note it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from termbase import search_abstain
from termbase.build import build_termbase
from termbase.search import NEAREST_KEPT_RANK, Hit, SearchIndex
from termbase.store import Termbase

GLOSSARY = """\
termbase: 1
title: Nearest kept (test)
concepts:
  - id: alpha
    label: alpha
    definition: The first letter, used here only so the termbase opens.
"""

QUESTION = "let the model think for longer before it answers"


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SearchIndex]:
    folder = tmp_path_factory.mktemp("nearest_kept")
    source = folder / "nearest_kept.yaml"
    source.write_text(GLOSSARY, encoding="utf-8")
    path = folder / "nearest_kept.db"
    build_termbase([str(source)], path)
    with Termbase.open(path) as opened:
        yield opened.search_index()


def _hits(count: int) -> list[Hit]:
    return [Hit(f"c{i}", f"c{i}", (), 0.9 - 0.05 * i, "semantic", f"c{i}") for i in range(count)]


def _evidence(nearest: str, ids: list[str]) -> search_abstain.Evidence:
    return search_abstain.Evidence(embedded=True, cosines={i: (0.7 if i == nearest else 0.4) for i in ids})


def test_the_nearest_concept_moves_up_to_fifth(index: SearchIndex) -> None:
    hits = _hits(8)
    kept = index._nearest_kept(QUESTION, hits, hits, _evidence("c7", [h.id for h in hits]))
    assert [h.id for h in kept] == ["c0", "c1", "c2", "c3", "c7", "c4", "c5", "c6"]
    assert kept[NEAREST_KEPT_RANK - 1].score == hits[NEAREST_KEPT_RANK - 1].score
    assert [h.score for h in kept] == sorted((h.score for h in kept), reverse=True)


def test_a_nearest_concept_in_the_first_five_stays_where_it_is(index: SearchIndex) -> None:
    hits = _hits(8)
    assert index._nearest_kept(QUESTION, hits, hits, _evidence("c2", [h.id for h in hits])) == hits


def test_a_nearest_concept_not_among_the_hits_is_not_added(index: SearchIndex) -> None:
    hits = _hits(8)
    assert index._nearest_kept(QUESTION, hits, hits, _evidence("elsewhere", ["elsewhere", "c0"])) == hits


def test_a_name_is_left_as_it_is(index: SearchIndex) -> None:
    hits = _hits(8)
    assert (
        index._nearest_kept("longer thinking budget", hits, hits, _evidence("c7", [h.id for h in hits]))
        == hits
    )
