"""Glossify in real sites: a small MkDocs project (default and Material themes) and a small
Sphinx project, built with `mkdocs build` / `sphinx-build`, served on 127.0.0.1 and opened
in headless Chromium (the browser tests' setup): tooltips on hover, Tab focus and tap,
Escape dismisses, links land on the term, nothing linked in code or headings, axe-core clean.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import FIXTURES, REPO
from termbase.build import build_termbase
from test_browser import PHONE, Axe, Page, Pages, pages, shot  # noqa: F401

PROJECTS = FIXTURES / "glossify"
BIN = Path(sys.executable).parent


def run(command: list[str], cwd: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO / "src"), "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{command[0]} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"


class Served:
    """A folder served over HTTP on a free loopback port."""

    def __init__(self, folder: Path) -> None:
        handler = functools.partial(_QuietHandler, directory=str(folder))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, tuple[str, str, str]]]:
    """{site name: (base URL, lesson page path, glossary page path)} for the three built sites."""
    root = tmp_path_factory.mktemp("glossify-sites")
    db = root / "course.db"
    build_termbase([str(PROJECTS / "course.yaml")], db)
    served: list[Served] = []
    found: dict[str, tuple[str, str, str]] = {}
    for theme in ("mkdocs", "material"):
        project = root / f"mkdocs-{theme}"
        shutil.copytree(PROJECTS / "mkdocs", project)
        shutil.copy(db, project / "course.db")
        config = (project / "mkdocs.yml").read_text()
        served.append(Served(project / "site"))  # first: Material's instant navigation needs site_url
        # The default theme's highlight.js and Material's fonts come from CDNs: off, pages stay local.
        # Material with instant navigation: pages after the first arrive without a reload.
        instant = "  features: [navigation.instant, navigation.footer]\n"
        local = "  highlightjs: false\n" if theme == "mkdocs" else f"  font: false\n{instant}"
        theme_lines = f"site_url: {served[-1].base}/\ntheme:\n  name: {theme}\n{local}"
        (project / "mkdocs.yml").write_text(theme_lines + config)
        run([str(BIN / "mkdocs"), "build", "--strict", "-q"], project)
        found[f"mkdocs-{theme}"] = (served[-1].base, "/sauces/emulsions/", "/glossary/")
    project = root / "sphinx"
    shutil.copytree(PROJECTS / "sphinx", project)
    shutil.copy(db, project / "course.db")
    run([str(BIN / "sphinx-build"), "-q", "-W", "-b", "html", ".", "_build"], project)
    served.append(Served(project / "_build"))
    found["sphinx"] = (served[-1].base, "/sauces.html", "/glossary.html")
    yield found
    for server in served:
        server.close()


SITES = ("mkdocs-mkdocs", "mkdocs-material", "sphinx")


def axe_violations(page: Page, where: str, context: dict[str, object]) -> list[str]:
    """Return axe-core's violations inside `context` on the page as it is now, one line each."""
    # axe fetches style sheets itself unless told not to; from file:// Chromium refuses that
    options = {"resultTypes": ["violations"], "preload": not page.url.startswith("file:")}
    found = Axe().run(page, context=context, options=options).response["violations"]
    return [
        f"{where}: {v['id']} ({v['impact']}) at {[n['target'] for n in v['nodes'][:3]]}: {v['help']}"
        for v in found
    ]


def tooltip_of(page: Page, link) -> object:
    tip_id = link.get_attribute("aria-describedby")
    assert tip_id, "a term link has no aria-describedby"
    tip = page.locator(f"#{tip_id}")
    assert tip.get_attribute("role") == "tooltip"
    return tip


@pytest.mark.parametrize("site", SITES)
def test_tooltip_on_hover_and_tab_focus_escape_dismisses(site: str, sites, pages: Pages) -> None:  # noqa: F811
    base, lesson, _ = sites[site]
    page, _ = pages.open()
    page.goto(base + lesson)
    links = page.locator("a.termbase-term")
    assert links.count() >= 3, f"{site}: only {links.count()} term links"
    first = links.first
    assert first.inner_text() == "emulsion"
    tip = tooltip_of(page, first)
    assert tip.is_hidden()
    first.hover()
    tip.wait_for(state="visible", timeout=5000)
    assert tip.inner_text().startswith("A mix of two liquids")
    shot(page, f"glossify-{site}-hover")
    page.mouse.move(1, 1)
    tip.wait_for(state="hidden", timeout=5000)
    # Keyboard: Tab from the top of the page until the first term link has focus.
    page.locator("body").click(position={"x": 1, "y": 1})
    for _ in range(200):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('termbase-term')"):
            break
    else:
        pytest.fail(f"{site}: Tab never reached a term link")
    focused = page.locator("a.termbase-term:focus")
    focused_tip = tooltip_of(page, focused)
    focused_tip.wait_for(state="visible", timeout=5000)
    page.keyboard.press("Escape")
    focused_tip.wait_for(state="hidden", timeout=5000)


@pytest.mark.parametrize("site", SITES)
def test_link_lands_on_the_term_and_nothing_is_linked_in_code_or_headings(
    site: str, sites, pages: Pages  # noqa: F811
) -> None:
    base, lesson, glossary = sites[site]
    page, _ = pages.open()
    page.goto(base + lesson)
    inside = page.locator(
        ":is(h1, h2, h3, h4, code, pre, .highlight) a.termbase-term, a a.termbase-term, a.termbase-term a"
    )
    assert inside.count() == 0, inside.all_inner_texts()
    assert page.locator("code", has_text="emulsion").count() >= 1  # the code really says it
    link = page.locator("a.termbase-term", has_text="pH").first
    link.click()
    page.wait_for_load_state()
    assert page.url.split("#")[0].endswith(glossary), page.url
    anchor = page.url.split("#", 1)[1]
    term = page.locator(f"[id='{anchor}']")
    assert term.inner_text().strip().startswith("pH")
    assert term.is_visible() and term.evaluate("e => e.getBoundingClientRect().top < window.innerHeight")


def test_tooltips_after_instant_navigation_in_material(sites, pages: Pages) -> None:  # noqa: F811
    base, _, _ = sites["mkdocs-material"]
    page, _ = pages.open()
    page.goto(base + "/")
    page.wait_for_load_state("networkidle")  # Material reads sitemap.xml before it takes links over
    page.evaluate("window.sameDocument = true")
    page.locator("a.md-footer__link--next").click()  # fetched and swapped in, no reload
    page.wait_for_url("**/sauces/emulsions/")
    page.locator("h1", has_text="Emulsions").wait_for()
    assert page.evaluate("window.sameDocument === true"), "the page was reloaded, not swapped in"
    link = page.locator("a.termbase-term", has_text="pH").first
    link.hover()
    tip = tooltip_of(page, link)
    tip.wait_for(state="visible", timeout=5000)
    assert tip.inner_text().startswith("A number from 0 to 14")


@pytest.mark.parametrize("site", SITES)
def test_tap_on_a_phone_shows_the_tooltip_then_follows(site: str, sites, pages: Pages) -> None:  # noqa: F811
    base, lesson, glossary = sites[site]
    page, _ = pages.open(PHONE)
    page.goto(base + lesson)
    link = page.locator("a.termbase-term").first
    link.scroll_into_view_if_needed()
    link.tap()
    tip = tooltip_of(page, link)
    tip.wait_for(state="visible", timeout=5000)
    assert tip.evaluate("e => e.getBoundingClientRect().right <= document.documentElement.clientWidth")
    shot(page, f"glossify-{site}-phone-tap")
    link.tap()
    page.wait_for_url(f"**{glossary}#*", timeout=10_000)


@pytest.mark.parametrize("site", SITES)
def test_axe_finds_nothing_on_the_term_links_tooltips_and_glossary(site: str, sites, pages: Pages) -> None:  # noqa: F811
    """axe-core over what glossify adds (links, an open tooltip, the glossary); the themes'
    own markup is theirs, so the check is scoped to our elements."""
    base, lesson, glossary = sites[site]
    page, _ = pages.open()
    page.goto(base + lesson)
    page.locator("a.termbase-term").first.hover()
    page.locator(".termbase-tip:not([hidden])").wait_for()
    scope = {"include": [["a.termbase-term"], [".termbase-tip"]]}
    problems = axe_violations(page, f"{site} lesson", context=scope)
    page.goto(base + glossary)
    problems += axe_violations(page, f"{site} glossary", context={"include": [[".termbase-glossary"]]})
    assert not problems, "\n".join(problems)


def test_a_page_glossified_by_the_command_has_working_tooltips(tmp_path: Path, pages: Pages) -> None:  # noqa: F811
    """`termbase glossify page.html --out`: definitions in titles become tooltips, offline."""
    db = tmp_path / "course.db"
    build_termbase([str(PROJECTS / "course.yaml")], db)
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "page.html").write_text(
        "<!DOCTYPE html><html lang='en'><head><title>Sauces</title><meta charset='utf-8'></head>"
        "<body><main><h1>Sauces</h1><p>An emulsion needs a whisk; <code>emulsion</code> is code.</p>"
        "</main></body></html>"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    done = subprocess.run(
        [sys.executable, "-m", "termbase", "glossify", "in", "--db", str(db), "--link-to", "https://example.org/g/",
         "--out", "out"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    page, _ = pages.open()
    page.goto((tmp_path / "out" / "page.html").as_uri())
    link = page.locator("a.termbase-term")
    assert link.count() == 1 and link.get_attribute("title") is None  # the script took it over
    link.hover()
    tip = tooltip_of(page, link)
    tip.wait_for(state="visible", timeout=5000)
    assert tip.inner_text().startswith("A mix of two liquids")
    page.keyboard.press("Escape")
    tip.wait_for(state="hidden", timeout=5000)
    assert not axe_violations(page, "glossified page", context={"include": [["a.termbase-term"]]})
