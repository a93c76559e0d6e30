"""A query naming something no concept is ("ARIMA forecasting") gets no hits but related
concepts, the same in the search index, the CLI, the JSON API, the served search page and
the MCP tool; a concept's own name written at the head of its definition, a misspelt label
and a question in ordinary words are answered as before."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner

from app_server import serving
from termbase.build import build_termbase
from termbase.cli import app as cli_app
from termbase.search import _short_words_kept
from termbase.search_names import capitals_agree, name_phrases, opening_clause
from termbase.store import Termbase
from termbase.web.app import create_app

GLOSSARY = """\
termbase: 1
title: Forecasting and GPUs (test)
concepts:
  - id: time-series-forecasting
    label: time series forecasting
    labels: [forecasting]
    definition: >-
      Guessing the next values of a sequence measured over time from its own past. Classic
      statistical models (ARIMA, exponential smoothing) and neural networks both do it.
  - id: gradient-boosting
    label: gradient boosting
    definition: >-
      An ensemble that adds shallow decision trees one by one, each fitted to what the
      earlier ones got wrong.
  - id: sm
    label: SM
    definition: Streaming Multiprocessor; the part of a GPU that runs blocks of threads.
  - id: kv-cache
    label: KV cache
    definition: Keys and values of earlier tokens kept in memory so that decoding does not compute them again.
  - id: resnet
    label: ResNet
    definition: A deep convolutional network whose blocks add their input back to their output.
  - id: tree-of-thoughts
    label: Tree of Thoughts
    definition: >-
      A prompting method in which the model explores several branches of partial thoughts
      and keeps the promising ones.
"""


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("names")
    source = folder / "forecasting.yaml"
    source.write_text(GLOSSARY, encoding="utf-8")
    path = folder / "names.db"
    build_termbase([str(source)], path)
    return path


@pytest.fixture(scope="module")
def termbase(db: Path) -> Iterator[Termbase]:
    with Termbase.open(db) as opened:
        yield opened


@pytest.mark.parametrize("query", ["ARIMA forecasting", "ARIMA", "what is ARIMA?"])
def test_a_name_no_label_holds_gets_related_concepts_not_hits(termbase: Termbase, query: str) -> None:
    answer = termbase.search_index().answer(query)
    assert answer.hits == []
    assert answer.unknown == ("ARIMA",)
    assert [h.id for h in answer.related] == ["time-series-forecasting"]
    assert termbase.search(query) == []


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("streaming multiprocessor", "sm"),  # the concept's own expansion, at the head of its definition
        ("kv cahce", "kv-cache"),  # a misspelt label
        ("forcasting", "time-series-forecasting"),
        ("forecasting", "time-series-forecasting"),
        ("which values of a sequence come next", "time-series-forecasting"),  # a question in plain words
    ],
)
def test_names_the_termbase_knows_are_still_hits(termbase: Termbase, query: str, expected: str) -> None:
    answer = termbase.search_index().answer(query)
    assert answer.unknown == ()
    assert answer.hits[0].id == expected


@pytest.mark.parametrize(
    ("query", "unknown", "related"),
    [
        ("ResNeXt", ("ResNeXt",), []),  # a capital ResNet lacks: another name, not a typo of it
        ("how does Graph of Thoughts prompting work", ("Graph of Thoughts",), ["tree-of-thoughts"]),
        ("Kneser-Ney smoothing for forecasting models", ("Kneser-Ney",), ["time-series-forecasting"]),
        ("N-BEATS for time series forecasting", ("N-BEATS",), ["time-series-forecasting"]),  # letters joined
    ],
)
def test_names_marked_by_capitals_that_no_label_holds_are_not_answered(
    termbase: Termbase, query: str, unknown: tuple[str, ...], related: list[str]
) -> None:
    answer = termbase.search_index().answer(query)
    assert answer.hits == []
    assert answer.unknown == (unknown if related else ())  # no related concept: simply no match
    assert [h.id for h in answer.related] == related


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("resnte", "resnet"),  # typed without capitals: a misspelling as before
        ("ResNte", "resnet"),  # a slip that adds no capital
        ("how does Tree of Thoughts prompting work", "tree-of-thoughts"),  # the capitals name a label
        ("How Does Tree Of Thoughts Work", "tree-of-thoughts"),  # title case marks nothing
    ],
)
def test_capitals_naming_a_label_or_a_slip_are_answered(
    termbase: Termbase, query: str, expected: str
) -> None:
    answer = termbase.search_index().answer(query)
    assert answer.unknown == ()
    assert answer.hits[0].id == expected


def test_a_short_part_of_a_label_changed_names_another_variant() -> None:
    """A label written in parts marked by capitals keeps them when misspelt: changing a part too
    short for a typo of its own, the rest kept, names another variant, not a slip."""
    assert not _short_words_kept("adamp", "AdamW")  # Adam with another letter: AdamP
    assert not _short_words_kept("adamp optimizer", "AdamW optimizer")
    assert not _short_words_kept("resnext", "ResNet")  # ResNeXt typed in lower case
    assert _short_words_kept("langraph", "LangGraph")  # a letter dropped from a long part
    assert _short_words_kept("contrlnet", "ControlNet")
    assert _short_words_kept("resnte", "ResNet")  # two letters swapped
    assert _short_words_kept("optical flwo", "optical flow")


def test_resnext_in_lower_case_is_no_misspelling_of_resnet(termbase: Termbase) -> None:
    assert "resnet" not in [h.id for h in termbase.search_index().answer("resnext").hits]


def test_capitals_agree_unless_one_typed_inside_a_word_is_missing_from_the_label() -> None:
    assert not capitals_agree("ResNeXt", "ResNet")
    assert capitals_agree("PyTroch", "PyTorch")
    assert capitals_agree("resnext", "ResNet") and capitals_agree("RESNEXT", "ResNet")
    assert capitals_agree("Resnte block", "ResNet block")
    assert not capitals_agree("DeepSpeech", "DeepSpeed")  # "Speech" is a word of its own
    assert capitals_agree("FlashAtention", "FlashAttention")  # "Atention" is no word: a slip


def test_name_phrases_are_marked_by_capitals_inside_words_or_after_the_first() -> None:
    assert name_phrases("how does Graph of Thoughts prompting work") == ["Graph of Thoughts"]
    assert name_phrases("Kneser-Ney smoothing for n-gram models") == ["Kneser-Ney"]
    assert name_phrases("Explain ARIMA models of the Box and Jenkins kind") == ["ARIMA", "Box and Jenkins"]
    assert name_phrases("How Does Flash Attention Work") == []
    assert name_phrases("WHAT IS ARIMA") == []
    # a capitalised first word followed by another starts a name, not only a sentence
    assert name_phrases("Apache Arrow columnar memory format") == ["Apache Arrow"]
    assert name_phrases("Matching detections to tracks") == []


def test_opening_clause_ends_at_a_sentence_semicolon_or_dash() -> None:
    assert opening_clause("Fill-in-the-Middle (FIM) — a code objective. More.") == "Fill-in-the-Middle (FIM)"
    assert opening_clause("Streaming Multiprocessor; the core") == "Streaming Multiprocessor"
    assert opening_clause("Guessing values. Classic (ARIMA).") == "Guessing values."
    assert opening_clause("self-attention over all tokens") == "self-attention over all tokens"


def test_cli_says_no_concept_is_named_so_and_lists_related(db: Path) -> None:
    result = CliRunner().invoke(cli_app, ["search", "--db", str(db), "ARIMA forecasting"])
    assert result.exit_code == 0, result.output
    assert "no concept named 'ARIMA'" in result.stdout
    assert "time-series-forecasting" in result.stdout
    result = CliRunner().invoke(cli_app, ["search", "--db", str(db), "--json", "ARIMA forecasting"])
    body = json.loads(result.stdout)
    assert body["hits"] == [] and body["unknown"] == ["ARIMA"]
    assert [h["id"] for h in body["related"]] == ["time-series-forecasting"]
    plain = json.loads(CliRunner().invoke(cli_app, ["search", "--db", str(db), "--json", "SM"]).stdout)
    assert "unknown" not in plain and plain["hits"][0]["id"] == "sm"


def test_api_page_and_mcp_tool_say_the_same(db: Path) -> None:
    from termbase.mcp_server.glossary import Glossary

    with serving(create_app(db, "Names test")) as base, httpx.Client(base_url=base, timeout=10) as http:
        body = http.get("/api/search", params={"q": "ARIMA forecasting"}).json()
        page = http.get("/search", params={"q": "ARIMA forecasting"}).text
        known = http.get("/api/search", params={"q": "forecasting"}).json()
        phrase = http.get("/api/search", params={"q": "how does Graph of Thoughts prompting work"}).json()
    assert body["hits"] == [] and body["unknown"] == ["ARIMA"]
    assert [h["id"] for h in body["related"]] == ["time-series-forecasting"]
    assert "No concept named “ARIMA”" in page and "/c/time-series-forecasting" in page
    assert "unknown" not in known and known["hits"][0]["id"] == "time-series-forecasting"
    assert phrase["hits"] == [] and phrase["unknown"] == ["Graph of Thoughts"]
    with Termbase.open(db) as opened:
        named = Glossary(opened).search("how does Graph of Thoughts prompting work")
        result = Glossary(opened).search("ARIMA forecasting")
    assert named.hits == [] and named.unknown == ["Graph of Thoughts"]
    assert result.hits == [] and result.unknown == ["ARIMA"]
    assert [h.id for h in result.related] == ["time-series-forecasting"]
