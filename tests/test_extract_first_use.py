"""A term the text links to its glossary but never explains keeps its entry, without a definition.

Its first-use sentence is context, shown as such (site, API, review file, summary), never as the
definition. Fixtures are small courses written for these tests.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import httpx
from click.testing import CliRunner

from app_server import serving
from termbase.cli import app
from termbase.extract import extract_glossary
from termbase.extract.gather import NO_EXPLAINING_SENTENCE
from termbase.web.app import create_app

GLOSSARY = "../learners/reference.md"


def _course(root: Path) -> Path:
    episodes = root / "episodes"
    episodes.mkdir(parents=True)
    (episodes / "01-rigging.md").write_text(
        "# Rigging\n\n"
        f"Before leaving the dock, hoist the mainsail with the [halyard]({GLOSSARY}#halyard) "
        "and coil the rest.\n\n"
        f"A [cleat]({GLOSSARY}#cleat) is a metal fitting on deck that holds a rope fast without a knot.\n\n"
        f"Tie the dinghy astern with a [bowline]({GLOSSARY}#bowline) when the wind picks up.\n\n"
        "The crew checks the halyard and the cleat again after lunch.\n",
        encoding="utf-8")
    (episodes / "02-knots.md").write_text(
        "# Knots\n\n"
        "A bowline is a knot that makes a fixed loop at the end of a rope, and it never slips.\n\n"
        "Every sailor ties a bowline and checks the halyard before a race.\n",
        encoding="utf-8")
    return episodes


def test_a_term_only_used_keeps_its_entry_with_its_first_use_and_no_definition(tmp_path: Path) -> None:
    result = extract_glossary([_course(tmp_path)])
    kept = {e.term: e for e in result.entries}
    halyard = kept["halyard"]
    assert halyard.definition == ""
    assert halyard.first_use.startswith("Before leaving the dock, hoist the mainsail")
    assert NO_EXPLAINING_SENTENCE in halyard.evidence
    assert halyard.chapter.endswith("01-rigging.md")
    origin = halyard.entry.origin
    assert origin.startswith("extracted; first used in Rigging (no explaining sentence in the text)")
    assert "hoist the mainsail" in origin and halyard.entry.definition == ""
    assert [e.term for e in result.unexplained] == ["halyard"]


def test_a_linked_term_whose_sentence_says_what_it_is_keeps_it_as_definition(tmp_path: Path) -> None:
    kept = {e.term: e for e in extract_glossary([_course(tmp_path)]).entries}
    cleat = kept["cleat"]
    assert cleat.first_use == "" and "metal fitting" in cleat.definition
    assert cleat.entry.origin == "extracted"


def test_a_bare_first_link_takes_its_definition_from_a_later_sentence_explaining_it(tmp_path: Path) -> None:
    kept = {e.term: e for e in extract_glossary([_course(tmp_path)]).entries}
    bowline = kept["bowline"]
    assert bowline.chapter.endswith("01-rigging.md")  # still introduced where it is first linked
    assert "fixed loop" in bowline.definition and bowline.first_use == ""


def test_summary_review_file_site_and_api_say_there_is_no_explaining_sentence(tmp_path: Path) -> None:
    episodes = _course(tmp_path)
    db, review = tmp_path / "course.db", tmp_path / "review.md"
    runner = CliRunner()
    done = runner.invoke(app, ["extract", str(episodes), "--db", str(db), "--review", str(review)])
    assert done.exit_code == 0, done.output
    summary = "1 term has no explaining sentence (kept with their first use, no definition); listed in"
    assert f"{summary} {review}" in " ".join(done.stdout.split())
    text = review.read_text(encoding="utf-8")
    kept_part = text[text.index("# Kept without an explaining sentence"):]
    assert "### [ ] halyard" in kept_part and "- sentence: Before leaving the dock" in kept_part
    with sqlite3.connect(db) as connection:
        definition, origin = connection.execute(
            "SELECT definition, origin FROM entries WHERE term = 'halyard'").fetchone()
    assert definition == "" and "no explaining sentence in the text" in origin
    with serving(create_app(db, "Sailing")) as base, httpx.Client(base_url=base, timeout=10) as http:
        entries = http.get("/api/concepts/halyard").json()["entries"]
    assert [e["definition"] for e in entries] == [""]
    assert entries[0]["origin"].startswith("extracted; first used in Rigging (no explaining sentence")
    site = tmp_path / "site"
    done = runner.invoke(app, ["site", "--db", str(db), "--out", str(site)])
    assert done.exit_code == 0, done.output
    page = (site / "c" / "halyard.html").read_text(encoding="utf-8")
    assert "first used in Rigging (no explaining sentence in the text)" in page
    done = runner.invoke(app, ["extract", str(episodes), "--db", str(db), "--json"])
    assert json.loads(done.stdout)["unexplained"] == 1


def test_an_author_gives_a_kept_term_a_definition_through_the_review_file(tmp_path: Path) -> None:
    episodes = _course(tmp_path)
    db, review = tmp_path / "course.db", tmp_path / "review.md"
    runner = CliRunner()
    done = runner.invoke(app, ["extract", str(episodes), "--db", str(db), "--review", str(review)])
    assert done.exit_code == 0, done.output
    text = review.read_text(encoding="utf-8")
    start = text.index("### [ ] halyard")
    item = text[start:].replace("### [ ] halyard", "### [x] halyard", 1).replace(
        "- definition: ", "- definition: The line that raises a sail up the mast.", 1)
    review.write_text(text[:start] + item, encoding="utf-8")
    done = runner.invoke(app, ["extract", str(episodes), "--db", str(db), "--accept", str(review)])
    assert done.exit_code == 0, done.output
    assert "no explaining sentence" not in done.stdout
    with sqlite3.connect(db) as connection:
        rows = connection.execute("SELECT definition FROM entries WHERE term = 'halyard'").fetchall()
    assert rows == [("The line that raises a sail up the mast.",)]
