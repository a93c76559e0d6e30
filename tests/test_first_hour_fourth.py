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
