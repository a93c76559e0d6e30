"""The first hour of a user, fourth walk (issue 17): what a page showed wrong, checked in Debian's
Chromium (skipped only when Chromium or Playwright is missing, and failing then under CI)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from termbase.cli import app

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _unavailable(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"browser tests must run in CI, but {reason}", pytrace=False)
    pytest.skip(reason, allow_module_level=True)


if not CHROMIUM.exists():
    _unavailable(f"{CHROMIUM} is missing (scripts/test.sh installs Debian's chromium with apt-get)")
try:
    from playwright.sync_api import sync_playwright
except ImportError:
    _unavailable("playwright is not installed (pip install -e '.[test]')")

#: The right edge of an element's text, where the page draws it.
_TEXT_RIGHT = (
    "el => { const r = document.createRange(); r.selectNodeContents(el);"
    " return r.getBoundingClientRect().right; }"
)


def test_stats_overlap_numbers_stand_under_their_column_number(tmp_path: Path) -> None:
    for name, term in (("kilns", "Kiln"), ("glazes", "Glaze"), ("clays", "Clay")):
        (tmp_path / f"{name}.md").write_text(
            f"- **{term}**: a word of the potter's studio.\n"
            f"- **{term} room**: where the {term.lower()} is kept.\n",
            encoding="utf-8",
        )
    runner = CliRunner()
    sources = [str(tmp_path / f"{n}.md") for n in ("kilns", "glazes", "clays")]
    assert runner.invoke(app, ["build", *sources, "--db", str(tmp_path / "s.db")]).exit_code == 0
    site = runner.invoke(app, ["site", "--db", str(tmp_path / "s.db"), "--out", str(tmp_path / "site")])
    assert site.exit_code == 0, site.stderr
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
        try:
            page = browser.new_page(viewport={"width": 1000, "height": 800})
            page.goto((tmp_path / "site" / "stats.html").as_uri())
            heads = page.locator("table.matrix thead th")
            first_row = page.locator("table.matrix tbody tr").first.locator("td")
            for column in range(3):
                head = heads.nth(column + 1).evaluate(_TEXT_RIGHT)
                count = first_row.nth(column).evaluate(_TEXT_RIGHT)
                # the column numbers stood at the left of their columns, the counts at the right
                assert abs(head - count) < 3, (column, head, count)
        finally:
            browser.close()
