"""The extraction scorer on tiny hand-made results: recall, precision, chapters, sampling."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from termbase.errors import InputError
from termbase.extract_score import (
    GoldChapter,
    Judgement,
    definition_key,
    format_score,
    human_terms,
    judgement_sample,
    label_keys,
    read_human_glossary,
    same_file,
    score_extraction,
)
from termbase.labels import label_key
from termbase.model import Entry


@dataclass(frozen=True)
class FakeEntry:
    term: str
    labels: tuple[str, ...]
    chapter: str
    line: int = 1
    chapter_title: str = ""
    section: str = ""


def human(*terms: str) -> tuple:
    return human_terms(Entry("g.md", 1, 1, t, (t,), "d") for t in terms)


def test_labels_split_also_commas_and_qualifiers() -> None:
    assert label_key("committish") in label_keys(["commit-ish (also committish)"])
    assert label_key("oid") in label_keys(["object identifier, object ID, oid"])
    assert label_key("composition") in label_keys(["composition (of functions)"])
    # brackets inside a label: the name without them, and an acronym and its long form each on their own
    keys = label_keys(["TSV (tab separated values) file"])
    assert {label_key("TSV file"), label_key("TSV"), label_key("tab separated values")} <= keys
    assert label_key("list") not in label_keys(["list (of chores) today"])  # no acronym: only "list today"


def test_repeated_human_terms_count_once() -> None:
    assert len(human("object", "objects", "Object", "class")) == 2


def test_recall_and_strict_precision_match_plurals_and_acronyms() -> None:
    entries = [
        FakeEntry("Loops", ("Loops",), "ep/05.md"),
        FakeEntry("CLI", ("CLI", "command-line interface"), "ep/01.md"),
        FakeEntry("nano", ("nano",), "ep/03.md"),
    ]
    score = score_extraction(entries, human("loop", "command-line interface", "pipe", "filter"))
    assert (score.found, score.human, score.recall) == (2, 4, 0.5)
    assert (score.strict_right, score.extracted) == (2, 3)
    assert score.strict_precision == 0.667
    assert score.missed == ("pipe", "filter")
    assert score.precision is None and score.f1 is None


def test_judged_precision_counts_unjudged_as_not_right() -> None:
    entries = [FakeEntry(t, (t,), "a.md") for t in ("shell", "prompt", "nelle", "pipe")]
    judgements = {
        label_key("shell"): Judgement("shell", True),
        label_key("prompt"): Judgement("prompt", True),
        label_key("nelle"): Judgement("nelle", False),
    }
    score = score_extraction(entries, human("shell"), judgements=judgements)
    assert (score.sample, score.judged_right, score.judged_wrong, score.unjudged) == (4, 2, 1, 1)
    assert score.precision == 0.5
    assert score.unjudged_terms == ("pipe",)
    assert score.f1 == round(2 * 0.5 * 1.0 / 1.5, 3)


def test_sample_is_stable_and_keyed_by_term() -> None:
    entries = [FakeEntry(f"term {i}", (f"term {i}",), "a.md") for i in range(100)]
    first = [e.term for e in judgement_sample(entries, 10)]
    again = [e.term for e in judgement_sample(list(reversed(entries)), 10)]
    assert first == again and len(first) == 10
    fewer = [e for e in entries if e.term != first[-1]]
    assert [e.term for e in judgement_sample(fewer, 9)] == first[:9]


def test_chapter_accuracy_by_file_and_by_chapter_span() -> None:
    entries = [
        FakeEntry("commit", ("commit",), "/x/Documentation/user-manual.adoc", line=80),
        FakeEntry("index", ("index",), "/x/Documentation/user-manual.adoc", line=900),
        FakeEntry("octopus", ("octopus",), "/x/Documentation/user-manual.adoc", line=10),
        FakeEntry("unused", ("unused",), "b.md"),
    ]
    gold = [
        GoldChapter("commit", "Documentation/user-manual.adoc", chapter_title="Repos", lines=(46, 465)),
        GoldChapter("index", "Documentation/user-manual.adoc", chapter_title="Developing", lines=(978, 1697)),
        GoldChapter("octopus", "Documentation/gitcore-tutorial.adoc"),
        GoldChapter("glob", None),
        GoldChapter("pipe", "ep/04.md"),
    ]
    score = score_extraction(entries, human("commit", "index", "octopus", "glob", "pipe"), gold)
    assert (score.chapter_gold, score.chapter_matched, score.chapter_right) == (4, 3, 1)
    assert score.chapter_accuracy == 0.333
    assert [m.term for m in score.chapter_misses] == ["index", "octopus"]
    text = format_score(score, "git")
    assert "chapter accuracy  0.33" in text and "recall" in text


def test_same_file_compares_path_tails() -> None:
    assert same_file("/data/shell-novice/episodes/02-filedir.md", "episodes/02-filedir.md")
    assert not same_file("/data/episodes/02-filedir.md", "other/02-filedir.md")
    assert not same_file("02-filedir.md", "episodes/02-filedir.md")
    assert same_file("/w/guidelines/sc/20/captions.html", "guidelines/sc/20/captions")
    assert not same_file("/w/guidelines/sc/20/captions.html", "guidelines/sc/21/captions")


def test_read_human_glossary_reads_files_and_explains_failures(tmp_path) -> None:
    glossary = tmp_path / "reference.md"
    glossary.write_text(
        "shell\n:   a program that runs the commands you type\n\n"
        "pipe\n:   joins one command's output to the next one's input\n",
        "utf-8",
    )
    terms = read_human_glossary([str(glossary)], "markdown-deflist")
    assert {t.term for t in terms} == {"shell", "pipe"}
    with pytest.raises(InputError, match="no such file"):
        read_human_glossary([str(tmp_path / "nope.md")])
    prose = tmp_path / "prose.md"
    prose.write_text("Just a paragraph of prose with nothing defined.\n", "utf-8")
    with pytest.raises(InputError, match=r"prose\.md"):
        read_human_glossary([str(prose)])


@dataclass(frozen=True)
class DefinedEntry:
    term: str
    labels: tuple[str, ...]
    chapter: str
    definition: str
    line: int = 1
    chapter_title: str = ""
    section: str = ""


def test_definition_verdicts_count_only_for_the_definition_judged() -> None:
    entries = [
        DefinedEntry("pipe", ("pipe",), "a.md", "joins two commands"),
        DefinedEntry("filter", ("filter",), "a.md", "a program that changes a stream"),
        DefinedEntry("glob", ("glob",), "a.md", "now reworded"),
    ]
    judgements = {
        label_key("pipe"): Judgement("pipe", True, "", True, definition_key("joins  two commands")),
        label_key("filter"): Judgement(
            "filter", True, "", False, definition_key("a program that changes a stream")
        ),
        label_key("glob"): Judgement("glob", True, "", True, definition_key("the old wording")),
    }
    score = score_extraction(entries, human("pipe"), judgements=judgements)
    assert (score.definitions_judged, score.definitions_right) == (2, 1)
    assert score.definition_accuracy == 0.5
    assert "definitions       0.50" in format_score(score)


def test_pointer_entries_join_the_idea_they_point_at() -> None:
    entries = [
        Entry("g.md", 1, 1, "paddle board", ("paddle board",), "See [raft](#raft)"),
        Entry("g.md", 2, 2, "raft", ("raft",), "A flat boat made of logs tied together."),
        Entry("g.md", 3, 3, "skiff", ("skiff",), "Synonym for dinghy (in some harbours)."),
        Entry("g.md", 4, 4, "tender", ("tender",), "See also: raft and dinghy, which carry people ashore."),
    ]
    ideas = human_terms(entries)
    assert [idea.term for idea in ideas] == ["raft", "tender", "skiff"]
    score = score_extraction([FakeEntry("dinghy", ("dinghy",), "ep/01.md")], ideas)
    assert (score.found, score.human) == (1, 3)  # the skiff stub means dinghy; 'see also' is no pointer
