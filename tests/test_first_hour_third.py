"""The first hour of a user, third walk (issue 17): each test fails without its fix."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from termbase.cli import app

ORCHARD = """\
# Orchard

## Grafting

*Grafting* is joining a cut shoot of one tree onto the roots of another so they grow as one plant.
Grafting is done in early spring.
"""


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_an_item_accepted_with_base_url_links_to_its_section_like_the_others(tmp_path: Path) -> None:
    book = tmp_path / "book"
    book.mkdir()
    (book / "orchard.md").write_text(ORCHARD, encoding="utf-8")
    review, db = tmp_path / "review.md", tmp_path / "book.db"
    # everything below the line, so the review file holds every candidate; written without --base-url
    code, _, err = run("extract", str(book), "--db", str(tmp_path / "first.db"), "--min-confidence", "0.99",
                       "--review", str(review))
    text = review.read_text(encoding="utf-8")
    assert "### [ ] grafting" in text, (code, err, text)
    review.write_text(text.replace("### [ ] grafting", "### [x] grafting"), encoding="utf-8")
    code, _, err = run("extract", str(book), "--db", str(db), "--min-confidence", "0.99",
                       "--base-url", "https://example.org/orchard/", "--accept", str(review))
    assert code == 0, err
    out = tmp_path / "concepts.jsonl"
    assert run("export", "--db", str(db), "--format", "jsonl", "--out", str(out))[0] == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    text = json.dumps(rows)
    assert re.search(r"https://example\.org/orchard/orchard\.html#grafting", text), text


def test_review_file_is_written_when_no_term_reaches_the_line(tmp_path: Path) -> None:
    book = tmp_path / "book"
    book.mkdir()
    (book / "orchard.md").write_text(ORCHARD, encoding="utf-8")
    review = tmp_path / "review.md"
    code, _, err = run("extract", str(book), "--db", str(tmp_path / "book.db"), "--min-confidence", "0.99",
                       "--review", str(review))
    assert code == 1 and "no termbase was written" in err, err
    assert not (tmp_path / "book.db").exists()
    assert "### [ ] grafting" in review.read_text(encoding="utf-8")  # the hint sends the author there
    assert str(review) in err and "--review FILE" not in err, err
