"""Concept pages stored by `build` (web.stored_pages): a static site put together from them is
byte for byte the site rendered at site time, and they are used only where they fit."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import FIXTURES
from termbase import forked
from termbase.build import build_termbase
from termbase.builtin import glossary_files
from termbase.cli import app
from termbase.store import Termbase
from termbase.web import concept_rows, share_workers, site_files, stored_pages, stored_site, stored_sizes
from termbase.web import site as site_module
from termbase.web.site import MANIFEST, write_site

#: Two built-in sources (formulas, see-also, acronyms), hostile text, sources that disagree
#: (conflicts on pages) and a multilingual concept.
NAMES = {"b-attention.yaml", "b-hardware.yaml"}


def sources() -> list[str]:
    found = [str(p) for p in glossary_files() if p.name in NAMES]
    found += [str(FIXTURES / "xss" / "xss.yaml"), str(FIXTURES / "concept_record" / "heddle.yaml")]
    found += [str(p) for p in sorted((FIXTURES / "check").glob("*.md"))]
    return found


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The same sources built into `stored/pages.db` with pages stored and `plain/pages.db` without
    (one file name: a site's title comes from it)."""
    root = tmp_path_factory.mktemp("stored")
    paths = []
    for name, store in (("stored", True), ("plain", False)):
        (root / name).mkdir()
        db = root / name / "pages.db"
        build_termbase(sources(), db, site_pages=store)
        paths.append(db)
    return paths[0], paths[1]


def files_of(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def site(db: Path, out: Path, **options: object):
    with Termbase.open(db) as termbase:
        return write_site(termbase, out, **options)  # type: ignore[arg-type]


def test_the_build_stores_every_concept_page_stamped(built: tuple[Path, Path]):
    stored, plain = built
    with sqlite3.connect(stored) as db:
        assert stored_pages.has_stored_pages(db)
        concepts = db.execute("SELECT COUNT(*) FROM concepts").fetchone()[0]
        assert db.execute("SELECT COUNT(*) FROM site_pages").fetchone()[0] == concepts > 20
    with sqlite3.connect(plain) as db:
        assert stored_pages.stored_stamp(db) == ""


@pytest.mark.parametrize(
    "options",
    [
        {"workers": 1},
        {"workers": 2},
        {"workers": 2, "base_url": "https://example.org/words/"},
        {"title": "T"},
    ],
)
def test_a_site_from_stored_pages_equals_one_rendered(built: tuple[Path, Path], tmp_path: Path, options):
    stored, plain = built
    site(stored, tmp_path / "stored", **options)
    site(plain, tmp_path / "plain", **options)
    assert files_of(tmp_path / "stored") == files_of(tmp_path / "plain")


def test_stored_pages_are_used_not_rendered_again(
    built: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    stored, plain = built
    site(plain, tmp_path / "plain", workers=1)

    def no_rendering(*args: object) -> None:
        raise AssertionError("a concept page was rendered")

    monkeypatch.setattr(site_module, "concept_page", no_rendering)
    monkeypatch.setattr(concept_rows.PageMaker, "page", no_rendering)  # the usual site's pages
    site(stored, tmp_path / "stored", workers=1)
    assert files_of(tmp_path / "stored") == files_of(tmp_path / "plain")
    with pytest.raises(AssertionError, match="rendered"):  # the other termbase renders its pages
        site(plain, tmp_path / "again", workers=1)


def test_pages_stored_by_other_code_are_not_used(built: tuple[Path, Path], tmp_path: Path):
    stored, plain = built
    older = tmp_path / "older" / "pages.db"
    older.parent.mkdir()
    older.write_bytes(stored.read_bytes())
    with sqlite3.connect(older) as db:  # as a build of another version would have left it
        db.execute("UPDATE meta SET value = '0 older' WHERE key = 'site_pages'")
        db.execute("UPDATE site_page_parts SET article = CAST('<p>stale</p>' AS BLOB)")
    site(older, tmp_path / "from-older", workers=1)
    site(plain, tmp_path / "plain", workers=1)
    assert files_of(tmp_path / "from-older") == files_of(tmp_path / "plain")


def test_a_site_in_another_language_renders_its_pages(built: tuple[Path, Path], tmp_path: Path):
    stored, plain = built
    site(stored, tmp_path / "stored", workers=1, language="es")
    site(plain, tmp_path / "plain", workers=1, language="es")
    assert files_of(tmp_path / "stored") == files_of(tmp_path / "plain")


def test_a_rebuild_from_stored_pages_equals_a_fresh_site(built: tuple[Path, Path], tmp_path: Path):
    stored, plain = built
    out = tmp_path / "site"
    site(plain, out, workers=1)  # rendered pages first, then the same termbase's stored ones
    again = site(stored, out, workers=1)
    assert again.rewritten == 0  # the stored digests are the ones worked out at site time
    site(stored, tmp_path / "fresh", workers=1)
    rebuilt, fresh = files_of(out), files_of(tmp_path / "fresh")
    del rebuilt[MANIFEST], fresh[MANIFEST]  # the same digests, listed in another order
    assert rebuilt == fresh


def test_which_builds_store_pages():
    # only when asked: storing moves the rendering into the build, whatever the size
    assert not any(stored_sizes.should_store(n) for n in (1, 2_000, 10_000, 100_000))
    assert stored_sizes.should_store(5, asked=True) and not stored_sizes.should_store(5000, asked=False)
    assert not stored_sizes.should_store(0, asked=True)


def cli_site(db: Path, out: Path, *options: str) -> None:
    result = CliRunner().invoke(app, ["site", "--db", str(db), "--out", str(out), "--quiet", *options])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    "options", [(), ("--workers", "2"), ("--title", "Kiln & <glaze>"), ("--workers", "1")]
)
def test_the_command_writes_stored_pages_from_its_start_the_same_site(
    built: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, options: tuple[str, ...]
):
    stored, plain = built
    started: list[object] = []
    real = stored_site.start_stored_pages

    def start(*args: object) -> object:
        early = real(*args)  # type: ignore[arg-type]
        started.append(early)
        return early

    monkeypatch.setattr(stored_site, "start_stored_pages", start)
    monkeypatch.setattr(site_files.os, "cpu_count", lambda: 2)  # two workers on any machine
    monkeypatch.setattr(site_files, "PARALLEL_FROM", 10)
    cli_site(plain, tmp_path / "plain", *options)
    cli_site(stored, tmp_path / "stored", *options)
    assert files_of(tmp_path / "stored") == files_of(tmp_path / "plain")
    # pages written from the start for the stored termbase (not for one worker), never for the other
    assert [early is not None for early in started] == [False, "1" not in options]
    cli_site(stored, tmp_path / "stored", *options)  # a rebuild into the folder: written as before
    rebuilt, plain_files = files_of(tmp_path / "stored"), files_of(tmp_path / "plain")
    del rebuilt[MANIFEST], plain_files[MANIFEST]  # the same digests, listed in another order
    assert started[-1] is None and rebuilt == plain_files


def test_a_stored_shell_unlike_the_rendered_one_is_not_used(
    built: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    stored, plain = built
    odd = tmp_path / "odd" / "pages.db"
    odd.parent.mkdir()
    odd.write_bytes(stored.read_bytes())
    with sqlite3.connect(odd) as db:  # no other files stored: write_site writes them and checks the shell
        db.execute("UPDATE site_shell SET html = replace(html, 'Skip to content', 'Skip')")
        db.execute("DROP TABLE site_files")
    monkeypatch.setattr(site_files.os, "cpu_count", lambda: 2)
    monkeypatch.setattr(site_files, "PARALLEL_FROM", 10)
    cli_site(plain, tmp_path / "plain")
    cli_site(odd, tmp_path / "odd-site")
    assert files_of(tmp_path / "odd-site") == files_of(tmp_path / "plain")
    page = next((tmp_path / "odd-site" / "c").iterdir())
    assert "Skip to content" in page.read_text(encoding="utf-8")


@pytest.mark.parametrize("flag, stored", [("--site-pages", True), ("--no-site-pages", False), (None, False)])
def test_build_stores_pages_when_asked(tmp_path: Path, flag: str | None, stored: bool):
    db = tmp_path / "kiln.db"
    options = [flag] if flag else []
    source = str(FIXTURES / "markdown_bold" / "storage.md")
    result = CliRunner().invoke(app, ["build", source, "--db", str(db), "--quiet", *options])
    assert result.exit_code == 0, result.output
    with sqlite3.connect(db) as connection:  # a few concepts: stored only when asked
        assert stored_pages.has_stored_pages(connection) is stored


def test_pages_rendered_by_two_processes_at_build_are_the_same(
    built: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    stored = built[0]
    monkeypatch.setattr(forked, "_core_free", lambda: True)
    monkeypatch.setattr(stored_pages, "_PARALLEL_FROM", 10)
    calls: list[int] = []
    real = share_workers.run_shares

    def run_shares(*args: object, **options: object) -> object:
        calls.append(1)
        return real(*args, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(share_workers, "run_shares", run_shares)
    (tmp_path / "two").mkdir()
    two = tmp_path / "two" / "pages.db"
    build_termbase(sources(), two, site_pages=True)
    assert calls, "the pages were not rendered by forked processes"
    with sqlite3.connect(stored) as one_db, sqlite3.connect(two) as two_db:
        for table in ("site_pages", "site_page_parts", "site_files", "site_shell", "site_texts"):
            query = f"SELECT * FROM {table} ORDER BY rowid"
            assert one_db.execute(query).fetchall() == two_db.execute(query).fetchall(), table
