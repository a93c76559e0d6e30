"""The first hour of a user, fourth walk (issue 17): each test fails without its fix."""

from __future__ import annotations

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
