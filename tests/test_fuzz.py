"""Fuzzing (issue 20 part 4): fixtures and seeds, mutated, read by every reader and by
detection, and built; only termbase's own errors may escape and no non-blank line may
be lost (see tests/fuzzing.py for the mutations and the property). Examples are
derandomized, so CI runs the same inputs each time (about 2,000, some 15 s); `python bench/fuzz.py` runs long.

Every crash the fuzzer found is kept in tests/fixtures/fuzz_regressions/.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzzing import REGRESSIONS, corpus, mutate, violation
from termbase.build import build_termbase
from termbase.errors import InputError
from termbase.exports import ExportOptions, export_text, writer_names
from termbase.readers import reader_names
from termbase.store import Termbase
from test_export_controls import parse_back

CORPUS = corpus()
FUZZ = settings(
    deadline=None, derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow]
)


def test_the_corpus_is_there():
    assert len(CORPUS) >= 40, "the fixtures are the fuzzer's starting points"


@pytest.mark.parametrize("path", sorted(REGRESSIONS.iterdir()), ids=lambda p: p.name)
def test_fuzz_regressions_hold(path: Path):
    text = path.read_text(encoding="utf-8")
    assert violation(path.name, text) == ""


@settings(FUZZ, max_examples=800)
@given(start=st.integers(0, len(CORPUS) - 1), seed=st.integers(0, 2**32), steps=st.integers(1, 6))
def test_mutated_inputs_read_by_the_surest_reader(start: int, seed: int, steps: int):
    name, text = CORPUS[start]
    assert violation(name, mutate(text, random.Random(seed), steps)) == ""


@settings(FUZZ, max_examples=800)
@given(
    start=st.integers(0, len(CORPUS) - 1),
    seed=st.integers(0, 2**32),
    reader=st.sampled_from(reader_names()),
)
def test_mutated_inputs_read_by_any_named_reader(start: int, seed: int, reader: str):
    name, text = CORPUS[start]
    assert violation(name, mutate(text, random.Random(seed), 2), reader) == ""


@settings(FUZZ, max_examples=300)
@given(text=st.text(alphabet=st.sampled_from(list("ab :-*#<>[]{}\"'`|,\n\t\\&;=/")), max_size=300))
def test_generated_text_of_markup_characters(text: str):
    assert violation("generated.txt", text) == ""


@settings(FUZZ, max_examples=30)
@given(seed=st.integers(0, 2**32))
def test_mutated_build_and_every_export_parses_back(seed: int, tmp_path_factory: pytest.TempPathFactory):
    rng = random.Random(seed)
    folder = tmp_path_factory.mktemp("fuzz-build")
    for index in range(3):
        name, text = rng.choice(CORPUS)
        (folder / f"{index}-{name}").write_text(mutate(text, rng, 2), encoding="utf-8")
    try:
        build_termbase([str(folder)], folder / "fuzz.db")
    except InputError:
        return  # nothing readable: a clear error, which is allowed
    with Termbase.open(folder / "fuzz.db") as termbase:
        for name in writer_names():
            parse_back(name, export_text(termbase, name))
        parse_back("skos-xml", export_text(termbase, "skos", ExportOptions(rdf_xml=True)))
