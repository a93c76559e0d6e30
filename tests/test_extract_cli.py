"""`termbase extract` from the command line: termbase, review file, --accept, --against, bad input."""

from __future__ import annotations

import json
import re
import shlex
import sqlite3
from pathlib import Path

from click.testing import CliRunner

from termbase.cli import app

FIXTURES = Path(__file__).parent / "fixtures" / "extract"
EPISODES = FIXTURES / "course" / "episodes"
RUNNER = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = RUNNER.invoke(app, list(args))
    assert "Traceback" not in result.stdout + result.stderr
    return result.exit_code, result.stdout, result.stderr


def test_extract_writes_a_termbase_whose_entries_link_to_their_section(tmp_path: Path) -> None:
    db = tmp_path / "course.db"
    code, out, err = run("extract", str(EPISODES), "--db", str(db), "--base-url", "https://example.org/w/")
    assert code == 0, out + err
    assert "Carpentries episode list" in out
    with sqlite3.connect(db) as connection:
        rows = dict(connection.execute("SELECT term, locator_url FROM entries").fetchall())
    assert rows["rain gauge"] == "https://example.org/w/weather-basics.html#instruments"
    code, out, _ = run("define", "rain gauge", "--db", str(db))
    assert code == 0 and "An open container" in out and "Instruments" in out
    site = tmp_path / "site"
    code, out, err = run("site", "--db", str(db), "--out", str(site))
    assert code == 0, out + err
    page = (site / "c" / "rain-gauge.html").read_text(encoding="utf-8")
    assert "https://example.org/w/weather-basics.html#instruments" in page


def test_review_file_in_book_order_and_accept_adds_the_ticked_items(tmp_path: Path) -> None:
    review = tmp_path / "review.md"
    db = tmp_path / "course.db"
    code, out, err = run("extract", str(EPISODES), "--db", str(db), "--review", str(review),
                         "--min-confidence", "0.95")
    assert code == 0, out + err
    text = review.read_text(encoding="utf-8")
    items = [line[len("### [ ] "):] for line in text.splitlines() if line.startswith("### [ ] ")]
    assert items, text
    assert text.index("weather-basics.md") < text.index("measuring.md")  # the book's order
    ticked = text.replace(f"### [ ] {items[0]}", f"### [x] {items[0]}", 1)
    review.write_text(ticked, encoding="utf-8")
    code, out, err = run("extract", str(EPISODES), "--db", str(db), "--min-confidence", "0.95",
                         "--accept", str(review))
    assert code == 0, out + err
    assert "1 accepted from review" in out
    with sqlite3.connect(db) as connection:
        terms = {row[0] for row in connection.execute("SELECT term FROM entries")}
    assert items[0] in terms


def test_the_review_file_names_the_whole_command_that_accepts_into_the_same_termbase(tmp_path: Path) -> None:
    review = tmp_path / "review.md"
    db = tmp_path / "course.db"
    code, out, err = run("extract", str(EPISODES), "--db", str(db), "--review", str(review),
                         "--min-confidence", "0.95", "--base-url", "https://example.org/w/")
    assert code == 0, out + err
    text = review.read_text(encoding="utf-8")
    command = re.search(r"then run `([^`]*)`", text)
    assert command, text
    words = shlex.split(command.group(1))
    assert words[:2] == ["termbase", "extract"]
    assert words[words.index("--db") + 1] == str(db)  # not termbase.db in the current folder
    assert words[words.index("--accept") + 1] == str(review)
    assert words[words.index("--min-confidence") + 1] == "0.95"  # the same line, so the same candidates
    item = next(line for line in text.splitlines() if line.startswith("### [ ] "))
    review.write_text(text.replace(item, item.replace("[ ]", "[x]"), 1), encoding="utf-8")
    code, out, err = run(*words[1:])  # the command exactly as the review file gives it
    assert code == 0, out + err
    assert "1 accepted from review" in out
    with sqlite3.connect(db) as connection:
        terms = {row[0] for row in connection.execute("SELECT term FROM entries")}
    assert item[len("### [ ] "):] in terms


def test_accept_says_when_nothing_is_ticked_and_refuses_a_file_that_is_no_review_file(tmp_path: Path) -> None:
    review = tmp_path / "review.md"
    db = tmp_path / "course.db"
    code, out, err = run("extract", str(EPISODES), "--db", str(db), "--review", str(review),
                         "--min-confidence", "0.95")
    assert code == 0, out + err
    code, out, err = run("extract", str(EPISODES), "--db", str(db), "--min-confidence", "0.95",
                         "--accept", str(review))
    assert code == 0, out + err
    assert f"no item is ticked [x] in {review}" in err
    notes = tmp_path / "notes.md"
    notes.write_text("# My notes\n\n- [x] buy milk\n", encoding="utf-8")
    code, out, err = run("extract", str(EPISODES), "--db", str(db), "--accept", str(notes))
    assert code == 1
    assert f"{notes}: is not a review file" in err and len(err.strip().splitlines()) == 1
    code, out, err = run("extract", str(EPISODES), "--db", str(db), "--accept", str(tmp_path / "nope.md"))
    assert code == 1 and "cannot read the review file: no such file or directory" in err
    assert "Errno" not in err and len(err.strip().splitlines()) == 1


def test_review_never_overwrites_an_authors_ticks_or_a_file_of_their_own(tmp_path: Path) -> None:
    """Running the first command again (`--review review.md`) replaced the ticked file; the next
    `--accept` of it then dropped the accepted terms from the termbase."""
    review, db = tmp_path / "review.md", tmp_path / "course.db"
    first = ("extract", str(EPISODES), "--db", str(db), "--review", str(review), "--min-confidence", "0.95")
    assert run(*first)[0] == 0
    text = review.read_text(encoding="utf-8")
    item = next(line for line in text.splitlines() if line.startswith("### [ ] "))
    term = item[len("### [ ] "):]
    ticked = text.replace(item, item.replace("[ ]", "[x]"), 1)
    review.write_text(ticked, encoding="utf-8")
    code, _out, err = run(*first)
    assert code == 1
    assert f"{review}: holds 1 item ticked [x] that --review would overwrite" in " ".join(err.split())
    assert review.read_text(encoding="utf-8") == ticked
    # with --accept of the same file: the term goes in, and stays ticked for the next run
    for _ in range(2):
        code, out, err = run(*first, "--accept", str(review))
        assert code == 0, out + err
        assert "1 accepted from review" in out
        with sqlite3.connect(db) as connection:
            assert term in {row[0] for row in connection.execute("SELECT term FROM entries")}
        assert f"### [x] {term}" in review.read_text(encoding="utf-8")
    notes = tmp_path / "notes.md"
    notes.write_text("# My notes\n\nfor the next lesson\n", encoding="utf-8")
    other = tmp_path / "other.db"
    code, _out, err = run("extract", str(EPISODES), "--db", str(other), "--review", str(notes))
    assert code == 1 and f"{notes}: is not a review file, and --review would overwrite it" in err
    assert notes.read_text(encoding="utf-8") == "# My notes\n\nfor the next lesson\n"
    assert not other.exists()


def test_a_review_file_written_among_the_chapters_is_not_read_as_one(tmp_path: Path) -> None:
    """`extract ep --review ep/review.md` run twice read the review file as a chapter the second
    time, its 'confidence' and 'evidence' lines giving terms."""
    import shutil

    chapters = tmp_path / "episodes"
    shutil.copytree(EPISODES, chapters)
    review, db = chapters / "review.md", tmp_path / "course.db"
    args = ("extract", str(chapters), "--db", str(db), "--review", str(review), "--min-confidence", "0.95")
    code, first, err = run(*args)
    assert code == 0, err
    code, second, err = run(*args)
    assert code == 0, err
    assert second == first  # the same chapters, terms and candidates


def test_extract_never_replaces_a_file_that_is_not_a_termbase(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my own notes\n", encoding="utf-8")
    code, _out, err = run("extract", str(EPISODES), "--db", str(notes))
    assert code == 1 and f"{notes}: exists and is not a termbase file" in err
    assert notes.read_text(encoding="utf-8") == "my own notes\n"


def test_against_prints_recall_and_precision(tmp_path: Path) -> None:
    glossary = FIXTURES / "course" / "learners" / "glossary.md"
    code, out, err = run("extract", str(EPISODES), "--against", str(glossary), "--json")
    assert code == 0, out + err
    data = json.loads(out)
    assert data["db"] is None
    figures = data["against"]
    assert figures["human"] == 3 and figures["found"] == 2  # dew point is never in the chapters
    assert figures["missed"] == ["dew point"]


def test_bad_chapters_are_one_line_each_and_the_rest_goes_through(tmp_path: Path) -> None:
    book = tmp_path / "book"
    book.mkdir()
    (book / "01-good.md").write_text(
        "# Good\n\nA **tide pool** is a rocky hollow that keeps sea water when the tide goes out.\n",
        encoding="utf-8")
    (book / "02-binary.md").write_bytes(b"\x00\x01\x02 not text")
    (book / "03-unclosed.md").write_text("# Open\n\n::: callout\nnever closed\n", encoding="utf-8")
    (book / "04-other.md").write_text(
        "# Anderes\n\n" + "Der Hund läuft schnell über die Wiese und bellt laut, weil er spielen will. " * 12,
        encoding="utf-8")
    (book / "05-huge.md").write_text("word " * (2 * 1024 * 1024), encoding="utf-8")
    front = "---\ntitle: [unclosed\n---\n\n# Front\n\nPlain words.\n"
    (book / "06-front.md").write_text(front, encoding="utf-8")
    broken = "<main><p>A <dfn>rock pool</dfn> is a <b>pool<p>left by"
    (book / "07-broken.html").write_text(broken, encoding="utf-8")
    db = tmp_path / "book.db"
    code, _out, err = run("extract", str(book), "--db", str(db))
    assert code == 1  # as build: something was skipped
    terms = {r[0] for r in sqlite3.connect(db).execute("SELECT term FROM entries")}
    assert {"tide pool", "rock pool"} <= terms  # malformed HTML is still read
    lines = err.splitlines()
    assert any("02-binary.md" in line and "binary" in line for line in lines)
    assert any("05-huge.md" in line and "MiB" in line for line in lines)
    assert any("03-unclosed.md:3" in line and "never closed" in line for line in lines)
    assert any("04-other.md" in line and "English" in line for line in lines)
    assert any("06-front.md:" in line and "front matter" in line for line in lines)


def test_a_folder_without_chapters_is_one_clear_error(tmp_path: Path) -> None:
    (tmp_path / "picture.png").write_bytes(b"\x89PNG")
    code, _out, err = run("extract", str(tmp_path), "--db", str(tmp_path / "x.db"))
    assert code == 1
    assert "no chapter could be read" in err and "folder holds no chapters" in err
    assert not (tmp_path / "x.db").exists()


def test_repository_papers_in_a_folder_are_left_out_and_said_so(tmp_path: Path) -> None:
    readme = "# Repo\n\nA **pull request** is a proposed change.\n"
    (tmp_path / "README.md").write_text(readme, encoding="utf-8")
    (tmp_path / "01-tides.md").write_text(
        "# Tides\n\nThe daily rise of the sea is called the **flood tide**.\n", encoding="utf-8")
    code, out, err = run("extract", str(tmp_path), "--db", str(tmp_path / "t.db"))
    assert code == 0, out + err
    assert "1 repository file in the folders left out (README.md)" in err
    terms = {r[0] for r in sqlite3.connect(tmp_path / "t.db").execute("SELECT term FROM entries")}
    assert terms == {"flood tide"}


def test_against_leaves_the_glossary_out_of_the_chapters(tmp_path: Path) -> None:
    course = FIXTURES / "course"
    glossary = course / "learners" / "glossary.md"
    code, out, err = run("extract", str(course), "--against", str(glossary), "--json")
    assert code == 0, out + err
    data = json.loads(out)
    assert not any(e["chapter"].endswith("glossary.md") for e in data["entries"] + data["review"])
    assert data["against"]["missed"] == ["dew point"]


def test_against_names_its_own_option_for_a_glossary_of_another_shape(tmp_path: Path) -> None:
    glossary = tmp_path / "knots.md"  # three untitled sections: no reader is sure of it (nor in a build)
    body = "".join(f"## Knot {n}\n\nA knot {n} is a way of tying a line that sailors use on deck.\n\n"
                   for n in ("one", "two", "three"))
    glossary.write_text(body, encoding="utf-8")
    code, _out, err = run("extract", str(EPISODES), "--against", str(glossary))
    assert code != 0 and "--against-format" in err and "Traceback" not in err
    code, out, err = run("extract", str(EPISODES), "--against", str(glossary),
                         "--against-format", "markdown-headings", "--json")
    assert code == 0, out + err
    assert json.loads(out)["against"]["human"] == 3


def test_the_hint_for_one_candidate_below_the_line_names_the_candidate(tmp_path: Path) -> None:
    book = tmp_path / "book"
    book.mkdir()
    (book / "01-ropes.md").write_text("# Ropes\n\n## Knots\n\nEvery deckhand should learn a few knots.\n",
                                      encoding="utf-8")
    code, _out, err = run("extract", str(book), "--db", str(tmp_path / "x.db"),
                          "--review", str(tmp_path / "review.md"))
    assert code != 0 and "tick the candidate written to" in err and "1 candidates" not in err
