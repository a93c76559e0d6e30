"""A static site built again into its folder rewrites only the files whose inputs changed,
and ends byte for byte the same as a site built fresh from the new termbase."""

from __future__ import annotations

import json
from pathlib import Path

from termbase.build import build_termbase
from termbase.store import Termbase
from termbase.web.site import BUILDING, MANIFEST, write_site
from termbase.web.site_manifest import read_manifest

FIRST = """# Pottery glossary

Words from the studio.

- **Kiln**: A hot chamber where clay pieces are fired.
- **Glaze**: A glassy coat fired onto clay in a kiln.
- **Slip**: Liquid clay that joins pieces before they go into the kiln.
- **Wedging**: Kneading clay to push the air out.
- **Throwing**: Shaping clay on a spinning wheel.
"""
SECOND = """# Pottery glossary

Words from the studio.

- **Kiln**: A hot chamber where clay pieces are fired.
- **Glaze**: A thin glassy coat melted onto clay in a kiln.
- **Slip**: Liquid clay that joins pieces before they go into the kiln.
- **Wheel head**: The turning disc a piece is thrown on.
- **Throwing**: Shaping clay on a spinning wheel.
"""


def termbase_of(tmp_path: Path, name: str, text: str) -> Path:
    """Build `text` as pottery.md into pottery.db in the folder `name` (the same source and
    title for every version)."""
    (tmp_path / name).mkdir()
    source = tmp_path / name / "pottery.md"
    source.write_text(text, encoding="utf-8")
    db = tmp_path / name / "pottery.db"
    build_termbase([str(source)], db, relative_to=tmp_path / name)
    return db


def site_files(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in folder.rglob("*")
        if p.is_file() and p.name != MANIFEST
    }


def build(db: Path, out: Path, **options: str):
    with Termbase.open(db) as termbase:
        return write_site(termbase, out, workers=1, **options)


def test_a_rebuild_rewrites_the_changed_files_and_equals_a_fresh_build(tmp_path: Path):
    first, second = termbase_of(tmp_path, "first", FIRST), termbase_of(tmp_path, "second", SECOND)
    out, fresh = tmp_path / "site", tmp_path / "fresh"
    whole = build(first, out)
    assert whole.rewritten == whole.files
    untouched = (out / "c" / "throwing.html").stat().st_mtime_ns
    again = build(second, out)
    build(second, fresh)
    assert site_files(out) == site_files(fresh)
    # the page of the concept that is gone (its letter and the count stay: every page's A-Z bar, footer)
    assert again.removed == 1
    # the changed and new concepts' pages and the lists, not the unchanged concepts' pages
    assert 0 < again.rewritten < again.files
    assert (out / "c" / "throwing.html").stat().st_mtime_ns == untouched
    assert build(second, out).rewritten == 0


def test_a_rebuild_with_other_site_options_rewrites_every_file(tmp_path: Path):
    db = termbase_of(tmp_path, "first", FIRST)
    out, fresh = tmp_path / "site", tmp_path / "fresh"
    build(db, out)
    titled = build(db, out, title="Pottery words")
    build(db, fresh, title="Pottery words")
    assert titled.rewritten == titled.files
    assert site_files(out) == site_files(fresh)


def test_a_build_after_an_unfinished_one_trusts_no_digest(tmp_path: Path):
    db = termbase_of(tmp_path, "first", FIRST)
    out = tmp_path / "site"
    build(db, out)
    (out / BUILDING).touch()  # as a build killed half-way leaves it
    (out / "c" / "kiln.html").write_text("half a page", encoding="utf-8")
    summary = build(db, out)
    assert summary.rewritten == summary.files and not (out / BUILDING).exists()
    assert (out / "c" / "kiln.html").read_text(encoding="utf-8").rstrip().endswith("</html>")


def test_a_page_deleted_by_hand_is_written_again(tmp_path: Path):
    db = termbase_of(tmp_path, "first", FIRST)
    out = tmp_path / "site"
    build(db, out)
    (out / "c" / "glaze.html").unlink()
    (out / "letter" / "G.html").unlink()
    assert build(db, out).rewritten == 2
    assert (out / "c" / "glaze.html").is_file() and (out / "letter" / "G.html").is_file()


def test_a_first_build_puts_its_pages_in_place_at_once_and_cleans_up_after_a_killed_one(tmp_path: Path):
    db = termbase_of(tmp_path, "first", FIRST)
    out = tmp_path / "site"
    left = out / ".c.4242.termbase-tmp"  # the hidden pages folder of a first build killed half-way
    left.mkdir(parents=True)
    (left / "kiln.html").write_text("<!doctype html><p>half", encoding="utf-8")
    summary = build(db, out)
    assert not left.exists() and [p.name for p in out.iterdir() if p.name.startswith(".c.")] == []
    pages = list((out / "c").glob("*.html"))
    assert len(pages) == 5 and summary.rewritten == summary.files
    assert all(page.read_text(encoding="utf-8").rstrip().endswith("</html>") for page in pages)


def test_a_glossary_data_file_edited_by_hand_makes_every_concept_again(tmp_path: Path):
    """A rebuild takes the unchanged concepts' blocks from glossary-data.txt only while it is the
    file the last build wrote; edited, it is no source: every concept is made again."""
    first, second = termbase_of(tmp_path, "first", FIRST), termbase_of(tmp_path, "second", SECOND)
    out, fresh = tmp_path / "site", tmp_path / "fresh"
    build(first, out)
    data = out / "glossary-data.txt"
    data.write_text(data.read_text(encoding="utf-8").replace("Kiln", "Oven"), encoding="utf-8")
    again = build(second, out)
    build(second, fresh)
    assert site_files(out) == site_files(fresh)
    assert again.rewritten > 5  # every concept page (four stay the same otherwise) and more
    assert "Oven" not in data.read_text(encoding="utf-8")


def test_a_rebuild_rewrites_the_pages_that_name_a_changed_concept(tmp_path: Path):
    """A page shows the labels of the concepts it links to: renaming one rewrites those pages."""
    first = termbase_of(tmp_path, "first", FIRST)
    renamed = termbase_of(tmp_path, "renamed", FIRST.replace("**Kiln**", "**KILN**"))
    out, fresh = tmp_path / "site", tmp_path / "fresh"
    build(first, out)
    before = site_files(out)
    build(renamed, out)
    build(renamed, fresh)
    after = site_files(out)
    assert after == site_files(fresh)
    # Glaze and Slip mention the kiln: their pages show its new label; Throwing's page stays
    assert {"c/kiln.html", "c/glaze.html", "c/slip.html"} <= {n for n in after if after[n] != before.get(n)}
    assert after["c/throwing.html"] == before["c/throwing.html"]


def test_a_manifest_of_another_shape_is_trusted_for_nothing(tmp_path: Path):
    """A manifest that parses as JSON but is not one a build wrote (edited by hand, cut short in
    its lists) makes every file again and removes nothing."""
    db = termbase_of(tmp_path, "first", FIRST)
    out, fresh = tmp_path / "site", tmp_path / "fresh"
    build(db, out)
    (out / "notes.html").write_text("<p>ours</p>\n", encoding="utf-8")
    cut_short = {"site": "x", "files": {"notes.html": ""}, "concepts": ["kiln"], "digests": []}
    (out / MANIFEST).write_text(json.dumps(cut_short), encoding="utf-8")
    summary = build(db, out)
    build(db, fresh)
    assert summary.rewritten == summary.files and summary.removed == 0
    assert (out / "notes.html").is_file()
    assert {k: v for k, v in site_files(out).items() if k != "notes.html"} == site_files(fresh)


def test_a_manifest_of_the_previous_version_still_lets_gone_pages_go(tmp_path: Path):
    """Before the concept pages had lists of their own, the manifest named them among `files`
    (and kept each block's place by id): a rebuild over such a folder removes the pages of
    concepts that are gone and ends as a fresh build."""
    first, second = termbase_of(tmp_path, "first", FIRST), termbase_of(tmp_path, "second", SECOND)
    out, fresh = tmp_path / "site", tmp_path / "fresh"
    build(first, out)
    listed = read_manifest(out)
    older = {"site": "an older version", "files": dict.fromkeys(listed.paths(), "0"), "blocks": {}}
    (out / MANIFEST).write_text(json.dumps(older), encoding="utf-8")
    again = build(second, out)
    build(second, fresh)
    assert again.removed == 1 and not (out / "c" / "wedging.html").exists()
    assert site_files(out) == site_files(fresh)


def test_a_folder_of_someone_elses_files_is_refused_and_left_as_it_was(tmp_path: Path):
    """`site --out docs/` over a project's own index.html and style sheet replaced them silently."""
    from click.testing import CliRunner

    from termbase.cli import app

    db = termbase_of(tmp_path, "v1", FIRST)
    docs = tmp_path / "docs"
    (docs / "static").mkdir(parents=True)
    (docs / "index.html").write_text("<h1>Our project</h1>\n", encoding="utf-8")
    (docs / "static" / "style.css").write_text("body { color: teal }\n", encoding="utf-8")
    (docs / "CNAME").write_text("docs.example.org\n", encoding="utf-8")
    before = site_files(docs)
    result = CliRunner().invoke(app, ["site", "--db", str(db), "--out", str(docs)])
    assert result.exit_code == 1
    message = " ".join(result.stderr.split())
    assert f"{docs}: holds files that `termbase site` did not write" in message
    assert "(index.html, static/style.css)" in message and "Traceback" not in message
    assert site_files(docs) == before  # nothing written, nothing removed
    # other files in the way of nothing: the site is written beside them, and again over itself
    (docs / "index.html").unlink()
    (docs / "static" / "style.css").unlink()
    for _ in range(2):
        assert CliRunner().invoke(app, ["site", "--db", str(db), "--out", str(docs)]).exit_code == 0
    assert (docs / "CNAME").read_text(encoding="utf-8") == "docs.example.org\n"
    # a first build stopped half-way (no manifest yet) may be run again over its own files
    (docs / MANIFEST).unlink()
    (docs / BUILDING).touch()
    assert CliRunner().invoke(app, ["site", "--db", str(db), "--out", str(docs)]).exit_code == 0


def test_workers_are_no_more_than_the_pages_to_share_out(tmp_path: Path):
    """`site --workers 500` forked 500 processes for a termbase of five concepts."""
    from termbase.web.site import worker_count

    db = termbase_of(tmp_path, "v1", FIRST)
    assert worker_count(5, 500) <= 5 and worker_count(0, 8) == 1
    with Termbase.open(db) as termbase:
        summary = write_site(termbase, tmp_path / "site", workers=500)
    assert summary.workers <= 5
