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


POTTERY_JA = """\
## 陶芸窯

粘土を焼くための炉。

## 釉薬

陶器の表面を覆うガラス質の層。

## 素焼き

釉をかけずに一度焼いた陶器。
"""


def test_a_page_named_glossary_in_japanese_reads_as_one_named_in_english(tmp_path: Path) -> None:
    # The README names `用語集.md` beside `GLOSSARY.md`; only the English name was read.
    for name in ("GLOSSARY.md", "用語集.md"):
        folder = tmp_path / name.split(".")[0]
        folder.mkdir()
        (folder / name).write_text(POTTERY_JA, encoding="utf-8")
        db = folder / "kiln.db"
        code, _, err = run("build", str(folder / name), "--db", str(db), "--quiet")
        assert code == 0, (name, err)
        code, out, err = run("list", "--db", str(db))
        labels = sorted(line.split("\t")[1] for line in out.splitlines())
        assert labels == sorted(["素焼き", "釉薬", "陶芸窯"]), out


def test_site_in_a_language_no_entry_has_says_so(tmp_path: Path) -> None:
    source = tmp_path / "kiln.yaml"
    source.write_text("- term: Kiln\n  definition: A furnace that fires clay.\n"
                      "- term: Glaze\n  definition: A glassy coat on pottery.\n", encoding="utf-8")
    db = tmp_path / "kiln.db"
    assert run("build", str(source), "--db", str(db), "--quiet")[0] == 0
    code, _, err = run("site", "--db", str(db), "--out", str(tmp_path / "fr"), "--lang", "fr")
    assert code == 0, err
    assert "no entry is in 'fr'" in err and "en" in err, err  # the pages say French; the text is English
    code, _, err = run("site", "--db", str(db), "--out", str(tmp_path / "gb"), "--lang", "en-GB")
    assert code == 0 and "no entry" not in err, err


def test_site_rebuild_counts_one_removed_page_in_the_singular(tmp_path: Path) -> None:
    source = tmp_path / "kiln.yaml"
    both = ("- term: Kiln\n  definition: A furnace that fires clay.\n"
            "- term: Glaze\n  definition: A glassy coat.\n")
    source.write_text(both, encoding="utf-8")
    db, out = tmp_path / "kiln.db", tmp_path / "site"
    assert run("build", str(source), "--db", str(db), "--quiet")[0] == 0
    assert run("site", "--db", str(db), "--out", str(out))[0] == 0
    kept = both.split("- term: Glaze")[0]
    source.write_text(kept + "- term: Gloss\n  definition: A shine on a fired pot.\n", encoding="utf-8")
    code, _, err = run("build", str(source), "--db", str(db), "--quiet")
    assert code == 0, err
    code, out_text, err = run("site", "--db", str(db), "--out", str(out))
    assert code == 0, err
    assert "removed 1 stale file of" in out_text, out_text


def test_api_concept_gives_the_address_extract_base_url_made(tmp_path: Path) -> None:
    # the static site and MCP linked each extracted term to its section; /api/concepts/<id> dropped it
    import httpx

    from app_server import serving
    from termbase.web.app import create_app

    book = tmp_path / "book"
    book.mkdir()
    (book / "orchard.md").write_text(ORCHARD, encoding="utf-8")
    db = tmp_path / "book.db"
    code, _, err = run("extract", str(book), "--db", str(db), "--base-url", "https://example.org/orchard/",
                       "--min-confidence", "0.1")
    assert code == 0, err
    with serving(create_app(db)) as base:
        body = httpx.get(f"{base}/api/concepts/grafting", timeout=20).json()
    assert body["entries"][0]["locator_url"] == "https://example.org/orchard/orchard.html#grafting", body


def test_extract_summary_names_the_file_whose_toctree_gives_the_order(tmp_path: Path) -> None:
    book = tmp_path / "book"
    (book / "parts").mkdir(parents=True)
    (book / "index.md").write_text("# Orchard book\n\n```{toctree}\nparts/trees\nparts/orchard\n```\n",
                                   encoding="utf-8")
    (book / "parts" / "orchard.md").write_text(ORCHARD, encoding="utf-8")
    trees = "# Trees\n\nA **rootstock** is the lower part of a grafted tree, chosen for its roots.\n"
    (book / "parts" / "trees.md").write_text(trees, encoding="utf-8")
    code, out, err = run("extract", str(book), "--db", str(tmp_path / "book.db"), "--min-confidence", "0.1")
    assert code == 0, err
    assert f"Sphinx toctree in {(book / 'index.md').resolve()}" in out.replace("\n", ""), out


def test_site_base_url_with_a_space_gives_valid_addresses(tmp_path: Path) -> None:
    source = tmp_path / "kiln.yaml"
    source.write_text("- term: Kiln\n  definition: A furnace that fires clay.\n"
                      "- term: Glaze\n  definition: A glassy coat on pottery.\n", encoding="utf-8")
    db, out = tmp_path / "kiln.db", tmp_path / "site"
    assert run("build", str(source), "--db", str(db), "--quiet")[0] == 0
    address = "https://example.org/my pots/"
    code, _, err = run("site", "--db", str(db), "--out", str(out), "--base-url", address)
    assert code == 0, err
    page = (out / "c" / "kiln.html").read_text(encoding="utf-8")
    assert 'href="https://example.org/my%20pots/c/kiln.html"' in page
    sitemap = (out / "sitemap.xml").read_text(encoding="utf-8")
    assert "my pots" not in sitemap and "https://example.org/my%20pots/index.html" in sitemap


def test_review_file_counts_one_candidate_in_the_singular(tmp_path: Path) -> None:
    from termbase.extract import extract_glossary
    from termbase.extract.review import review_markdown

    result = extract_glossary(
        [_orchard(tmp_path)], min_confidence=0.99)
    one = result.review[:1]
    assert one, "the fixture gives at least one candidate"
    text = review_markdown(one, 0.99, "termbase extract book --accept review.md")
    assert "This 1 candidate scored below 0.99 and was kept out" in text, text
    assert "These 1 " not in text
    text = review_markdown([], 0.99, "termbase extract book --accept review.md", unexplained=one)
    assert "This 1 term is in the termbase" in text and "These 1 " not in text, text


def _orchard(tmp_path: Path) -> Path:
    book = tmp_path / "orchard-book"
    book.mkdir()
    (book / "orchard.md").write_text(ORCHARD, encoding="utf-8")
    return book


def test_extract_exclude_takes_a_path_inside_the_folder_and_says_when_it_matches_nothing(
    tmp_path: Path,
) -> None:
    book = _orchard(tmp_path)
    (book / "extra").mkdir()
    (book / "extra" / "pests.md").write_text(
        "# Pests\n\nAn **aphid** is a tiny insect that sucks sap from young shoots.\n", encoding="utf-8")
    db = str(tmp_path / "book.db")
    code, out, err = run("extract", str(book), "--db", db, "--min-confidence", "0.1",
                         "--exclude", "extra/pests.md")
    assert code == 0, err
    assert out.startswith("1 chapter read"), out  # the path inside the folder given left the chapter out
    assert "matched no chapter" not in err
    code, out, err = run("extract", str(book), "--db", db, "--min-confidence", "0.1", "--exclude", "pest.md")
    assert code == 0 and out.startswith("2 chapters read"), out
    assert "--exclude 'pest.md' matched no chapter" in err, err


def test_an_mdbook_readme_its_summary_lists_is_read_as_the_introduction(tmp_path: Path) -> None:
    from termbase.extract import extract_glossary

    src = tmp_path / "book" / "src"
    src.mkdir(parents=True)
    summary = "# Summary\n\n[Introduction](README.md)\n\n- [Orchard](orchard.md)\n- [Pests](pests.md)\n"
    (src / "SUMMARY.md").write_text(summary, encoding="utf-8")
    (src / "README.md").write_text(
        "# Introduction\n\nA **scion** is the cut shoot of the tree you want, grafted onto a rootstock.\n",
        encoding="utf-8")
    (src / "orchard.md").write_text(ORCHARD, encoding="utf-8")
    (src / "pests.md").write_text("# Pests\n\nAn **aphid** is a tiny insect that sucks sap.\n",
                                  encoding="utf-8")
    result = extract_glossary([tmp_path / "book"])
    names = [Path(c.path).name for c in result.chapters]
    assert names == ["SUMMARY.md", "README.md", "orchard.md", "pests.md"], names
    assert not any("README.md" in note for note in result.notes), result.notes
    (src / "SUMMARY.md").write_text("# Summary\n\n- [Orchard](orchard.md)\n- [Pests](pests.md)\n",
                                    encoding="utf-8")
    result = extract_glossary([tmp_path / "book"])  # not listed: a repository's README, left out
    assert "README.md" not in [Path(c.path).name for c in result.chapters]
    assert any("README.md" in note for note in result.notes), result.notes


def test_report_counts_one_entry_and_one_line_in_the_singular(tmp_path: Path) -> None:
    book = _orchard(tmp_path)
    db = tmp_path / "book.db"
    assert run("extract", str(book), "--db", str(db), "--min-confidence", "0.1")[0] == 0
    code, out, err = run("report", "--db", str(db))
    assert code == 0, err
    assert "1 entry uses " in out and "1 entries" not in out, out
    assert "1 lines" not in out and "0 lines reported" in out, out


CLUB = """\
# Pottery glossary

## Kiln

A furnace that fires clay.

## Glaze

A glassy coat on pottery.

## Slip

Liquid clay used as glue.

## Wedging

Kneading clay to push the air out.

## Join our pottery club today and make friends! {#join-the-club}

We meet on Tuesdays.
"""


def test_one_term_line_left_unread_is_said_in_the_singular(tmp_path: Path) -> None:
    source = tmp_path / "pottery.md"
    source.write_text(CLUB, encoding="utf-8")
    code, _, err = run("build", str(source), "--db", str(tmp_path / "pottery.db"), "--quiet")
    assert code == 0, err
    assert "1 line shaped like the 4 entries' term lines ('##') was not read as an entry" in err, err


def test_a_code_fence_never_closed_is_a_warning_not_a_silent_loss(tmp_path: Path) -> None:
    book = tmp_path / "kitchen"
    book.mkdir()
    (book / "01-tools.md").write_text(
        "# Tools\n\nA **whisk** is a tool of looped wire for beating eggs.\n\n"
        "```{note}\nA **ladle** is a deep spoon for serving soup.\n", encoding="utf-8")
    (book / "02-more.md").write_text(
        "# More\n\n```python\nx = 1\n```\n\nA **sieve** is a mesh bowl that strains lumps out of flour.\n",
        encoding="utf-8")
    code, _, err = run("extract", str(book), "--db", str(tmp_path / "k.db"), "--min-confidence", "0.1")
    assert code == 0, err
    assert "01-tools.md:5: this ``` fence is never closed" in err, err
    assert "02-more.md" not in err, err  # a closed fence says nothing


def test_a_folder_walk_leaves_out_build_and_tool_configuration_files(tmp_path: Path) -> None:
    project = tmp_path / "widget"
    (project / "docs").mkdir(parents=True)
    (project / "package.json").write_text(
        '{"name": "widget", "version": "1.0.0", "description": "A small tool that sorts photos by date.",'
        ' "license": "MIT"}', encoding="utf-8")
    (project / "docs" / "glossary.yaml").write_text(
        "- term: Kiln\n  definition: A furnace that fires clay.\n"
        "- term: Glaze\n  definition: A glassy coat on pottery.\n", encoding="utf-8")
    db = tmp_path / "w.db"
    code, _, err = run("build", str(project), "--db", str(db), "--quiet")
    assert code == 0, err
    code, out, _ = run("list", "--db", str(db))
    assert sorted(line.split("\t")[0] for line in out.splitlines()) == ["glaze", "kiln"], out
    code, _, err = run("build", str(project / "package.json"), "--db", str(db), "--quiet")
    assert code == 0, err  # named on the command line, it is read as asked
