"""The first hour of a user, fourth walk (issue 17): each test fails without its fix."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from termbase.cli import app

POTTERY = (
    "- **Kiln**: an oven that fires clay until it hardens.\n"
    "- **Glaze**: a glassy coat fused onto a pot.\n"
)
WEAVING = (
    "- **Warp**: the threads held tight on a loom.\n"
    "- **Weft**: the thread passed over and under the warp.\n"
)


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_build_table_names_each_file_of_a_deep_folder_whole(tmp_path: Path) -> None:
    deep = tmp_path / "a-rather-long-folder-name" / "holding-the-glossaries-of-the-course"
    deep.mkdir(parents=True)
    (deep / "pottery-terms.md").write_text(POTTERY, encoding="utf-8")
    (deep / "weaving-terms.md").write_text(WEAVING, encoding="utf-8")
    code, out, err = run("build", str(deep / "pottery-terms.md"), str(deep / "weaving-terms.md"),
                         "--db", str(tmp_path / "crafts.db"))
    assert code == 0, err
    # the table was cut at 80 columns from the right, so both rows read `/tmp/…/a-rather-long-fo…`
    assert "pottery-terms.md" in out and "weaving-terms.md" in out, out
    assert f"sources in {deep}" in out, out


def test_a_very_long_paragraph_is_cut_into_sentences_window_by_window(monkeypatch) -> None:
    """pysbd's time grows with the square of its input: one 250 KB paragraph of prose took
    `termbase extract` 114 s (9 s now). pysbd is given windows, and the sentences are the same."""
    from termbase.documents import sentences

    given: list[int] = []
    segmenter = sentences._segmenter("en")

    class Watched:
        def segment(self, text: str) -> list[str]:
            given.append(len(text))
            return segmenter.segment(text)

    monkeypatch.setattr(sentences, "_segmenter", lambda language: Watched())
    sentences._bounds.cache_clear()
    text = "The kiln is hot. Dr. Okafor opens it at noon! " * 1000
    bounds = sentences.sentence_bounds(text)
    sentences._bounds.cache_clear()
    assert given and max(given) <= 10_000 < len(text), given[:3]
    found = [text[start:end] for start, end in bounds]
    assert found == ["The kiln is hot.", "Dr. Okafor opens it at noon!"] * 1000, found[:4]


def test_a_yaml_or_json_file_that_does_not_parse_says_where(tmp_path: Path) -> None:
    broken_yaml = tmp_path / "kiln.yaml"
    broken_yaml.write_text("kiln:\n  definition: an oven\nglaze:\n  definition: [a coat\n", encoding="utf-8")
    code, _, err = run("build", str(broken_yaml), "--db", str(tmp_path / "k.db"))
    # said "no reader recognises this file as a glossary" and listed 65 readers for --format
    assert code == 1 and "kiln.yaml:5: not valid YAML" in err and "--format takes" not in err, err
    broken_json = tmp_path / "kiln.json"
    broken_json.write_text('{"kiln": {"definition": "an oven"}\n "glaze": 1}\n', encoding="utf-8")
    code, _, err = run("build", str(broken_json), "--db", str(tmp_path / "k.db"))
    assert code == 1 and "kiln.json:2: not valid JSON" in err, err
    # found in a folder walk, such a file is still one of the files that are no glossary: quiet
    folder = tmp_path / "walk"
    folder.mkdir()
    (folder / "kiln.yaml").write_text(broken_yaml.read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "pottery.md").write_text(POTTERY, encoding="utf-8")
    code, _, err = run("build", str(folder), "--db", str(tmp_path / "w.db"))
    assert code == 0 and "1 file in the folders given is not a glossary" in err, err


def test_glossify_leaves_a_pages_navigation_and_footer_alone(tmp_path: Path) -> None:
    pages = tmp_path / "pages"
    pages.mkdir()
    (tmp_path / "pottery.md").write_text(POTTERY, encoding="utf-8")
    assert run("build", str(tmp_path / "pottery.md"), "--db", str(tmp_path / "p.db"))[0] == 0
    page = (
        "<!doctype html><html><head><title>Studio</title></head><body>\n"
        '<nav><a href="/">Home</a> Kiln rota</nav>\n'
        "<main><h1>Firing</h1><p>Load the kiln slowly.</p></main>\n"
        "<footer>Glaze recipes © the studio</footer>\n</body></html>\n"
    )
    (pages / "studio.html").write_text(page, encoding="utf-8")
    code, _, err = run("glossify", str(pages), "--db", str(tmp_path / "p.db"),
                       "--link-to", "https://example.org/g/", "--out", str(tmp_path / "out"))
    assert code == 0, err
    html = (tmp_path / "out" / "studio.html").read_text(encoding="utf-8")
    assert "<p>Load the <a" in html, html  # the prose is linked
    # the navigation bar and the footer were linked like prose
    assert '<nav><a href="/">Home</a> Kiln rota</nav>' in html, html
    assert "<footer>Glaze recipes © the studio</footer>" in html, html


def test_two_term_lines_are_a_glossary_as_one_and_three_are(tmp_path: Path) -> None:
    lines = ["Kiln: an oven that fires clay until it hardens", "Glaze: a glassy coat fused onto a pot",
             "Slip: liquid clay that joins two parts"]
    for count in (1, 2, 3):  # two were 'no reader recognises this file as a glossary'
        source = tmp_path / f"studio-{count}.txt"
        source.write_text("\n".join(lines[:count]) + "\n", encoding="utf-8")
        code, out, err = run("build", str(source), "--db", str(tmp_path / f"s{count}.db"))
        assert code == 0, (count, err)
        assert f"1 source, {count} entr" in out, (count, out)


def test_define_gives_the_address_of_the_section_extract_base_url_made(tmp_path: Path) -> None:
    book = tmp_path / "book"
    book.mkdir()
    (book / "orchard.md").write_text(
        "# Orchard\n\n## Grafting\n\n*Grafting* is joining a cut shoot of one tree onto the roots of another"
        " so they grow as one plant.\nGrafting is done in early spring.\n",
        encoding="utf-8",
    )
    db = str(tmp_path / "book.db")
    code, _, err = run("extract", str(book), "--db", db, "--base-url", "https://example.org/orchard/",
                       "--min-confidence", "0.1")
    assert code == 0, err
    address = "https://example.org/orchard/orchard.html#grafting"
    code, out, err = run("define", "grafting", "--db", db)  # site, API and MCP gave it; define did not
    assert code == 0 and address in out, (err, out)
    code, out, err = run("define", "grafting", "--db", db, "--json")
    assert code == 0 and f'"locator_url": "{address}"' in out, (err, out)


def test_review_file_says_each_piece_of_evidence_once(tmp_path: Path) -> None:
    book = tmp_path / "book"
    book.mkdir()
    (book / "hive.md").write_text(
        "# Hive\n\n## Varroa\n\n*Varroa destructor* is a mite that feeds on young bees and spreads"
        " viruses.\n",
        encoding="utf-8",
    )
    review = tmp_path / "review.md"
    _, _, err = run("extract", str(book), "--db", str(tmp_path / "b.db"), "--min-confidence", "0.99",
                    "--review", str(review))
    text = review.read_text(encoding="utf-8")
    evidence = [line for line in text.splitlines() if line.startswith("- evidence:")]
    assert evidence, (err, review.read_text(encoding="utf-8"))
    for line in evidence:  # read '… names it and the text below explains it; the section heading names it'
        said = [part.strip() for part in line.removeprefix("- evidence:").split(";")]
        assert not any(a != b and b.startswith(a) for a in said for b in said), line


def test_extract_of_a_folder_does_not_say_its_chapters_were_named_on_the_command_line(tmp_path: Path) -> None:
    book = tmp_path / "bakery"
    book.mkdir()
    for name, term in (("bread.md", "Levain"), ("cakes.md", "Crumb")):
        text = f"# {name}\n\nA **{term.lower()}** is a word of the bakery.\n"
        (book / name).write_text(text, encoding="utf-8")
    code, out, err = run("extract", str(book), "--db", str(tmp_path / "b.db"), "--min-confidence", "0.1")
    assert code == 0, err
    said = (out + err).splitlines()[0]
    assert said.startswith("2 chapters read, in ") and "each folder's files by name" in said, said


def test_mkdocs_glossary_page_the_plugin_writes_is_in_an_explicit_nav(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    (tmp_path / "pottery.md").write_text(POTTERY, encoding="utf-8")
    assert run("build", str(tmp_path / "pottery.md"), "--db", str(tmp_path / "pottery.db"))[0] == 0
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Studio\n\nThe kiln is lit at dawn.\n", encoding="utf-8")
    (docs / "firing.md").write_text("# Firing\n\nA glaze melts in the kiln.\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: Studio\nnav:\n  - Home: index.md\n  - Firing: firing.md\n"
        "plugins:\n  - termbase:\n      db: pottery.db\n      tooltips: false\n",
        encoding="utf-8",
    )
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[1] / "src"), "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run([str(Path(sys.executable).parent / "mkdocs"), "build"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    # the glossary page was written but left out of the nav ("pages exist … not included in the nav")
    assert "not included in the \"nav\"" not in done.stderr, done.stderr
    home = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert 'href="glossary/"' in home and "kiln" in (tmp_path / "site" / "glossary" / "index.html").read_text(
        encoding="utf-8").lower(), home
    assert "nav:\n  - Home: index.md\n  - Firing: firing.md\n" in (tmp_path / "mkdocs.yml").read_text(
        encoding="utf-8")  # the project's file is not touched


def test_extract_can_store_embeddings_so_a_course_glossary_answers_questions(tmp_path: Path) -> None:
    book = tmp_path / "book"
    book.mkdir()
    (book / "hive.md").write_text(
        "# Hive\n\nAn **extractor** is a drum that spins the frames so the honey flies out of the comb.\n\n"
        "A **smoker** is a can that puffs cool smoke at the bees to keep them calm.\n",
        encoding="utf-8",
    )
    db = str(tmp_path / "hive.db")
    code, _, err = run("extract", str(book), "--db", db)
    assert code == 0, err
    _, _, err = run("search", "what gets the honey out of the comb", "--db", db)
    assert "build or extract it again with --semantic" in err, err  # it told the user to 'build' it
    code, _, err = run("extract", str(book), "--db", db, "--semantic")  # there was no way to
    assert code == 0, err
    code, out, err = run("search", "what gets the honey out of the comb", "--db", db, "--json")
    assert code == 0 and '"matched": "semantic"' in out, (err, out)  # compared in meaning: embeddings stored


def test_a_lesson_page_found_in_a_folder_does_not_fail_the_build(tmp_path: Path) -> None:
    course = tmp_path / "course"
    (course / "episodes").mkdir(parents=True)
    (course / "episodes" / "01-kiln.md").write_text(
        "---\ntitle: The kiln\nteaching: 10\n---\n\n## Loading\n\nStack the pots with room between them.\n\n"
        "::: challenge\n\nHow hot does a bisque firing get?\n\n:::\n",
        encoding="utf-8",
    )
    (course / "reference.md").write_text(POTTERY, encoding="utf-8")
    code, _, err = run("build", str(course), "--db", str(tmp_path / "c.db"))
    # 'skipped: … a long page … a lesson or guide' and exit 1, for a file the user never named
    assert code == 0 and "1 file in the folders given is not a glossary" in err, err
    code, _, err = run("build", str(course / "episodes" / "01-kiln.md"), "--db", str(tmp_path / "k.db"))
    assert code == 1 and "a lesson or guide" in err, err  # named, it still fails, saying why


def test_define_names_the_paper_an_entry_cites_as_the_api_and_pages_do() -> None:
    code, out, err = run("define", "GQA")  # the built-in glossary cites Ainslie et al., arXiv:2305.13245
    assert code == 0, err
    assert "origin:" in out and "https://arxiv.org/abs/2305.13245" in out, out
    code, out, err = run("define", "GQA", "--json")
    assert code == 0, err
    entries = json.loads(out)["concepts"][0]["entries"]
    assert any("https://arxiv.org/abs/2305.13245" in entry["origin_urls"] for entry in entries), entries


def test_coverage_names_the_files_it_could_not_read_and_exits_1(tmp_path: Path) -> None:
    code, _, err = run("coverage", str(tmp_path / "nothing.md"))
    # said 'none of the sources could be read — fix the files listed above' and listed none
    assert code == 1 and "nothing.md: no such file or directory" in err, err
    (tmp_path / "pottery.md").write_text(POTTERY, encoding="utf-8")
    (tmp_path / "blob.md").write_bytes(bytes(range(256)) * 8)
    code, out, err = run("coverage", str(tmp_path / "pottery.md"), str(tmp_path / "blob.md"))
    # the rest is compared; a file named and skipped made exit 0, where build exits 1
    assert code == 1 and "blob.md" in err, err
    assert "of 2 concepts covered" in out and "1 skipped" in out, out
    code, _, err = run("check", str(tmp_path / "nothing.md"))
    assert code == 1 and "nothing to check" in err and "no termbase was written" not in err, err
