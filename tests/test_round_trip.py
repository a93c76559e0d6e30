"""Round trip: build → export → build from the export → the same termbase.

For every export but `llms` — `jsonl`, `json`, `csv`, `skos` (Turtle and RDF/XML),
`jsonld`, `tbx`, and the pages for people, `sphinx` and `markdown` — termbase reads its
own export back with the provenance restored (`termbase-*` readers, see
`termbase.readers.roundtrip.restore`; the Sphinx glossary and Markdown headings readers
from the comments those pages carry, see `termbase.exports.embedded`), and the rebuilt
termbase is EXACTLY the original: the same concept ids, labels (in order), acronyms,
expansions, topics and homonyms, the same entries with their original source, title,
line span, term, labels, definition, language, locator (every part), see-also, links,
formulas and origin, and the same relations. Checked on the seeds and on two corpora:
glosario (multilingual YAML) and the OGC glossary (SKOS); the pages for people also on
the built-in glossary.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import CORPORA, SEEDS
from termbase.build import build_termbase
from termbase.builtin import builtin_db
from termbase.errors import NothingReadError
from termbase.exports import ExportOptions, export_text
from termbase.readers import pick_reader
from termbase.readers.base import unaccounted_lines
from termbase.store import Termbase

#: (format, suffix, options, reader that must take the export back)
EXACT = [
    ("jsonl", ".jsonl", {}, "termbase-jsonl"),
    ("json", ".json", {}, "termbase-json"),
    ("csv", ".csv", {}, "termbase-csv"),
    ("skos", ".ttl", {}, "termbase-skos"),
    ("skos", ".rdf", {"rdf_xml": True}, "termbase-skos"),
    ("jsonld", ".jsonld", {}, "termbase-jsonld"),
    ("tbx", ".tbx", {}, "termbase-tbx"),
    ("sphinx", ".rst", {}, "sphinx"),
    ("markdown", ".md", {}, "markdown-headings"),
]

IDS = [f"{name}{suffix}" for name, suffix, *_ in EXACT]

#: Pages for people, whose readers restore each entry from the comments after it.
DOCUMENTS = [e for e in EXACT if e[0] in ("sphinx", "markdown")]

CORPUS_FILES = {
    "glosario": CORPORA / "glosario" / "glossary.yml",
    "ogc-skos": CORPORA / "ogc-glossary-skos" / "definitions" / "conceptschemes" / "ogc_glossary.ttl",
}


def _build(paths: list[str], db: Path) -> Path:
    summary = build_termbase(paths, db)
    assert not summary.skipped, summary.skipped
    return db


@pytest.fixture(scope="module", params=["seeds", *CORPUS_FILES])
def original(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("round") / f"{request.param}.db"
    if request.param == "seeds":
        if not SEEDS.is_dir():
            pytest.skip(f"seed glossaries not found at {SEEDS}")
        return _build(sorted(map(str, SEEDS.glob("*.txt"))), db)
    path = CORPUS_FILES[request.param]
    if not path.is_file():
        pytest.skip(f"corpus file not found at {path} (../shared/corpora beside the repo)")
    return _build([str(path)], db)


def snapshot(db: Path) -> dict[str, dict[str, object]]:
    """Return everything a termbase says about each concept, by concept id."""
    with Termbase.open(db) as termbase:
        found = {}
        for cid in termbase.concept_ids():
            record = termbase.concept(cid)
            assert record is not None
            entries = sorted(
                (
                    e.source,
                    s.source_title,
                    e.line,
                    e.end_line,
                    e.term,
                    e.labels,
                    e.definition,
                    e.language,
                    e.locator,
                    e.see_also,
                    e.links,
                    e.formulas,
                    e.origin,
                )
                for s in record.entries
                for e in [s.entry]
            )
            found[cid] = {
                "label": record.label,
                "labels": record.labels,
                "acronyms": sorted(record.acronyms),
                "expansions": sorted(record.expansions),
                "topics": record.topics,
                "homonym_of": record.homonym_of,
                "entries": entries,
                "related": sorted((r.to_id, r.kind) for r in record.related),
            }
        return found


def export_file(original: Path, tmp_path: Path, name: str, suffix: str, **options: bool) -> Path:
    with Termbase.open(original) as termbase:
        exported = tmp_path / f"export{suffix}"
        exported.write_text(export_text(termbase, name, ExportOptions(**options)), encoding="utf-8")
    return exported


@pytest.mark.parametrize(("name", "suffix", "options", "reader"), EXACT, ids=IDS)
def test_round_trip_is_exact(
    original: Path, tmp_path: Path, name: str, suffix: str, options: dict[str, bool], reader: str
) -> None:
    exported = export_file(original, tmp_path, name, suffix, **options)
    text = exported.read_text(encoding="utf-8")
    chosen = pick_reader(text)
    assert chosen.name == reader
    assert unaccounted_lines(text, chosen.read(text, str(exported))) == []  # every line once
    before = snapshot(original)
    rebuilt = _build([str(exported)], tmp_path / "rebuilt.db")
    after = snapshot(rebuilt)
    assert set(after) == set(before)
    different = [cid for cid in before if after[cid] != before[cid]]
    assert not different, (different[:3], [(before[c], after[c]) for c in different[:1]])
    # the rebuilt termbase records the original sources (path and title) it was restored from
    with Termbase.open(original) as termbase:
        paths = {s.path: s.title for s in termbase.sources()}
        counts = {s.path: s.entry_count for s in termbase.sources()}
        total = termbase.stats()["entries"]
    with Termbase.open(rebuilt) as termbase:
        restored = [s for s in termbase.sources() if "restored from" in s.reader]
        assert {s.path: s.title for s in restored} == paths
        # each source counts its entries once, though an export lists an `A / B` entry under
        # each of its concepts (a round trip of the seeds said 1,221 entries for 1,204)
        assert {s.path: s.entry_count for s in restored} == counts
        assert [s.entry_count for s in termbase.sources() if s.path == str(exported)] == [total]


@pytest.mark.parametrize(("name", "suffix", "options", "reader"), DOCUMENTS, ids=[d[0] for d in DOCUMENTS])
def test_pages_for_people_round_trip_exactly_on_the_builtin_glossary(
    tmp_path: Path, name: str, suffix: str, options: dict[str, bool], reader: str
) -> None:
    test_round_trip_is_exact(builtin_db(), tmp_path, name, suffix, options, reader)


def test_a_definition_that_would_break_the_page_comes_back_exactly(tmp_path: Path) -> None:
    """Headings, fences, HTML blocks, provenance-like and comment-like lines inside a
    definition: shown escaped (the page keeps its structure), carried in the comment."""
    hostile = [
        "## Not a concept\n\nThen text.",
        "Opens a fence\n\n```python\nnever closed",
        "<div>\nan HTML block never closed",
        "Looks like provenance\n\n— *Title*, `x.md` line 3",
        'Looks like a comment\n\n<!-- termbase-concept {"id": "x", "label": "x"} -->',
        "A reST comment\n\n.. source: T — x.rst line 9\n.. termbase-entry: {}",
        "Setext\n---\n\n*See also:* [a](#a)\n*Also:* b · c",
        "Ends in a literal block::",
        "*(no definition)*",
    ]
    source = tmp_path / "hostile.json"
    records = [{"term": f"term {i}", "definition": text} for i, text in enumerate(hostile)]
    records.append({"term": "plain", "definition": "An ordinary definition."})
    source.write_text(json.dumps(records), encoding="utf-8")
    original = _build([str(source)], tmp_path / "hostile.db")
    for name, suffix, options, reader in DOCUMENTS:
        folder = tmp_path / name
        folder.mkdir()
        test_round_trip_is_exact(original, folder, name, suffix, options, reader)


def test_an_edited_page_whose_comments_disagree_builds_without_a_traceback(tmp_path: Path) -> None:
    """A concept comment naming a label no entry gives, and a malformed entry comment: the
    first still builds (the entries keep their own labels), the second is one clear line."""
    source = tmp_path / "plain.json"
    source.write_text(json.dumps([{"term": f"word {i}", "definition": "Some text."} for i in range(3)]))
    original = _build([str(source)], tmp_path / "plain.db")
    page = export_file(original, tmp_path, "markdown", ".md")
    text = page.read_text(encoding="utf-8")
    page.write_text(text.replace('"label":"word 1"', '"label":"other"'), encoding="utf-8")
    with Termbase.open(_build([str(page)], tmp_path / "edited.db")) as termbase:
        assert len(termbase.concept_ids()) == 3
    page.write_text(text.replace('"line":1,', '"line":"one",', 1), encoding="utf-8")
    first_comment = next(n for n, line in enumerate(text.splitlines(), 1) if "termbase-entry" in line)
    with pytest.raises(NothingReadError) as caught:
        build_termbase([str(page)], tmp_path / "broken.db")
    assert [str(e) for e in caught.value.skipped] == [
        f"{page}:{first_comment}: termbase-entry comment has line 'one', which is no line number — "
        "this comment is written by `termbase export`: export again, or remove the comment"
    ]
