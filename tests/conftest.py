"""Shared test fixtures: where the seeds and corpora live, and fixture files of our own."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

# One cache for the built-in glossary for the whole run (tests and the processes they
# start), so it is compiled once, not once per test.
_CACHE = Path(tempfile.mkdtemp(prefix="termbase-test-cache-"))
os.environ["TERMBASE_CACHE"] = str(_CACHE)


def pytest_unconfigure(config: pytest.Config) -> None:
    """Remove the run's cache folder (up to ~130 MB with the model files) when pytest ends.

    Without this every run left its folder in the temp directory; a day of test runs filled
    the disk.
    """
    shutil.rmtree(_CACHE, ignore_errors=True)

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
SEEDS = SHARED / "seeds"
CORPORA = SHARED / "corpora"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def seed_path(prefix: str) -> Path:
    """Return the seed file whose name starts with `prefix` (e.g. "002"), or skip the test."""
    if not SEEDS.is_dir():
        pytest.skip(f"seed glossaries not found at {SEEDS} (../shared/seeds beside the repo)")
    matches = sorted(SEEDS.glob(f"{prefix}_*.txt"))
    if not matches:
        pytest.skip(f"no seed file {prefix}_*.txt in {SEEDS}")
    return matches[0]


@pytest.fixture
def seeds_dir() -> Path:
    """The folder of seed glossaries; skips the test with a reason if it is absent."""
    if not SEEDS.is_dir():
        pytest.skip(f"seed glossaries not found at {SEEDS} (../shared/seeds beside the repo)")
    return SEEDS


@pytest.fixture(scope="module")
def browser():
    """A headless Debian Chromium for the browser tests of one module, through Playwright.

    Defined once, here, because Playwright's sync API runs an event loop in this thread
    while it is open: two modules must not each hold one at once, and later tests that run
    their own event loop (the MCP client sessions) need it closed. Module scope closes it
    when the module's tests are done. The modules that use it skip (or, under CI, fail)
    before asking for it when Chromium or Playwright is missing.
    """
    from playwright.sync_api import sync_playwright

    from test_browser import CHROMIUM, CHROMIUM_FLAGS

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_FLAGS
        )
        yield chromium
        chromium.close()
