"""Browser tests: a real `termbase serve` and a real static site, driven in Debian's Chromium.

Playwright (sync API) drives /usr/bin/chromium headless; scripts/test.sh installs both.
Every page a test opens is watched: a request to anything but 127.0.0.1 or file:// is
aborted and fails the test, and so does a JavaScript error or a dialog. Screenshots go to
test-artifacts/browser/ (gitignored) for a person to look at.

The tests skip only when Chromium or Playwright truly is not there, with the reason; under
CI (CI set) they fail instead, because CI must run them.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import textwrap
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from conftest import FIXTURES, REPO

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = REPO / "test-artifacts" / "browser"
HOST = "127.0.0.1"
MATHML_NS = "http://www.w3.org/1998/Math/MathML"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def _unavailable(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"browser tests must run in CI, but {reason}", pytrace=False)
    pytest.skip(reason, allow_module_level=True)


if not CHROMIUM.exists():
    _unavailable(f"{CHROMIUM} is missing (scripts/test.sh installs Debian's chromium with apt-get)")
try:
    from playwright.sync_api import Browser, BrowserContext, Page
except ImportError:
    _unavailable("playwright is not installed (pip install -e '.[test]')")
try:
    from axe_playwright_python.sync_playwright import Axe
except ImportError:
    _unavailable("axe-playwright-python is not installed (pip install -e '.[test]')")


# ---------------------------------------------------------------- servers and sites


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def termbase(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """Run the termbase CLI in a new process; fail the test with its output if it fails."""
    done = subprocess.run(
        [sys.executable, "-m", "termbase", *args], capture_output=True, text=True, timeout=timeout
    )
    if done.returncode != 0:
        pytest.fail(f"termbase {' '.join(args)} exited {done.returncode}:\n{done.stdout}\n{done.stderr}")
    return done


@dataclass
class Server:
    base: str
    process: subprocess.Popen[str]


def start_server(db: Path | None, log: Path) -> Iterator[Server]:
    """Start `termbase serve` on a free loopback port, yield it when it answers, stop it."""
    port = free_port()
    command = [sys.executable, "-m", "termbase", "serve", "--host", HOST, "--port", str(port)]
    if db is not None:
        command += ["--db", str(db)]
    with log.open("w") as out:
        process = subprocess.Popen(
            command, stdout=out, stderr=subprocess.STDOUT, text=True, start_new_session=True
        )
    base = f"http://{HOST}:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            if process.poll() is not None:
                pytest.fail(f"termbase serve exited {process.returncode}:\n{log.read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(base + "/", timeout=2) as response:
                    if response.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"termbase serve did not answer in 120 s:\n{log.read_text()[-3000:]}")
            time.sleep(0.1)
        yield Server(base, process)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=10)


@pytest.fixture(scope="module")
def builtin_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """`termbase serve` with no --db: the built-in glossary."""
    from termbase.builtin import builtin_db

    builtin_db()  # compile it once here, so the server starts quickly
    yield from start_server(None, tmp_path_factory.mktemp("serve") / "serve.log")


XSS_YAML = textwrap.dedent(
    """\
    termbase: 1
    title: "Hostile <img src=x onerror=\\"window.__xss_title=1;alert('title')\\"> source"
    concepts:
      - id: hostile-term
        label: xsstrap term
        labels: ["<script>window.__xss_label=1;alert('label')</script>xsstrap"]
        definition: >-
          Plain words first. <script>window.__xss_script=1;alert('script')</script>
          <img src="x" onerror="window.__xss_img=1;alert('img')">
          <svg onload="window.__xss_svg=1;alert('svg')"></svg>
          <a href="javascript:window.__xss_href=1;alert('href')">raw link</a>
          and [markdown link](javascript:window.__xss_md=1) and
          <iframe src="javascript:alert('iframe')"></iframe>
          <b onmouseover="window.__xss_hover=1">hover me</b> then words last.
        formula: '\\text{</math><script>window.__xss_formula=1;alert(1)</script>} x^2'
        origin: "<script>window.__xss_origin=1;alert('origin')</script>Someone, 2024"
        links: ["javascript:window.__xss_link=1", "https://example.invalid/ok"]
        topics: ["<i onclick=alert(1)>safety</i>", "../../escape"]
      - id: innocent-term
        label: xsstrap neighbour
        definition: A quiet entry that mentions the xsstrap term, so a backlink is rendered.
    """
)

XSS_FLAGS = (
    "__xss",
    "__xss_title",
    "__xss_label",
    "__xss_script",
    "__xss_img",
    "__xss_svg",
    "__xss_href",
    "__xss_md",
    "__xss_hover",
    "__xss_formula",
    "__xss_origin",
    "__xss_link",
    "xss",
    "pwned",
    "__pwned",
)


@pytest.fixture(scope="module")
def xss_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A termbase built from hostile sources: ours below, and the web app's fixture if present."""
    folder = tmp_path_factory.mktemp("xss")
    ours = folder / "hostile.yaml"
    ours.write_text(XSS_YAML, encoding="utf-8")
    sources = [str(ours)]
    theirs = FIXTURES / "xss"
    if theirs.is_dir():
        sources += [str(p) for p in sorted(theirs.glob("*.yaml"))]
    db = folder / "xss.db"
    termbase("build", *sources, "--db", str(db))
    return db


@pytest.fixture(scope="module")
def xss_server(xss_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from start_server(xss_db, tmp_path_factory.mktemp("serve-xss") / "serve.log")


@pytest.fixture(scope="module")
def static_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built-in glossary as a static site, built with `termbase site`."""
    from termbase.builtin import builtin_db

    out = tmp_path_factory.mktemp("site") / "public"
    termbase("site", "--db", str(builtin_db()), "--out", str(out))
    return out


# ---------------------------------------------------------------- the browser, watched


# The `browser` fixture (one Chromium for the whole run) lives in conftest.py: Playwright's
# sync API runs one event loop per process, so two modules must not each start their own.


@dataclass
class Watch:
    """What a browser context did: every request, what was blocked, errors and dialogs."""

    requests: list[str] = field(default_factory=list)
    external: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)


def local(url: str) -> bool:
    """True for URLs that stay on this machine: 127.0.0.1, file:, data:, blob:, about:."""
    if url.startswith(("file://", "data:", "blob:", "about:")):
        return True
    return re.match(r"^(https?|wss?)://127\.0\.0\.1(:\d+)?(/|$)", url) is not None


class Pages:
    """Opens watched pages in fresh browser contexts and checks them when the test ends."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.contexts: list[tuple[BrowserContext, Watch]] = []

    def open(self, viewport: dict[str, int] = DESKTOP, scheme: str = "light") -> tuple[Page, Watch]:
        phone = viewport["width"] < 600
        context = self.browser.new_context(
            viewport=viewport, color_scheme=scheme, is_mobile=phone, has_touch=phone,
            device_scale_factor=2 if phone else 1,
        )  # fmt: skip
        watch = Watch()

        def route(route):
            url = route.request.url
            if local(url):
                route.continue_()
            else:
                watch.external.append(url)
                route.abort()

        context.route("**/*", route)
        context.on("request", lambda request: watch.requests.append(request.url))
        context.on("weberror", lambda error: watch.errors.append(str(error.error)))
        page = context.new_page()
        page.on("pageerror", lambda error: watch.errors.append(str(error)))
        page.on("console", lambda m: m.type == "error" and watch.errors.append(f"console: {m.text}"))

        def dialog(d):
            watch.dialogs.append(f"{d.type}: {d.message}")
            d.dismiss()

        page.on("dialog", dialog)
        self.contexts.append((context, watch))
        return page, watch

    def check_and_close(self) -> None:
        problems = []
        for context, watch in self.contexts:
            external = watch.external + [u for u in watch.requests if not local(u)]
            if external:
                problems.append(f"external requests: {sorted(set(external))}")
            if watch.dialogs:
                problems.append(f"dialogs fired: {watch.dialogs}")
            if watch.errors:
                problems.append(f"JavaScript errors: {watch.errors}")
            context.close()
        assert not problems, "\n".join(problems)


@pytest.fixture
def pages(browser: Browser) -> Iterator[Pages]:
    opened = Pages(browser)
    yield opened
    opened.check_and_close()


def shot(page: Page, name: str, full_page: bool = False) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


def suggestion_texts(page: Page, showing: str = "") -> list[str]:
    """Return the suggestions on screen; with `showing`, first wait until one of them holds
    that text: while keys are typed, the list of an earlier prefix ("fl") may be on screen
    until the answer for the whole text arrives."""
    options = page.locator("#suggestions [role=option]")
    wanted = options.filter(has_text=showing) if showing else options
    wanted.first.wait_for(state="visible", timeout=10_000)
    return [t.strip() for t in options.all_inner_texts()]


def pick_with_keyboard(page: Page, wanted: str) -> None:
    """Press ArrowDown until the suggestion starting `wanted` is active, then Enter."""
    texts = suggestion_texts(page)
    index = next((i for i, t in enumerate(texts) if t.startswith(wanted)), None)
    assert index is not None, f"no suggestion {wanted!r} in {texts}"
    for _ in range(index + 1):
        page.keyboard.press("ArrowDown")
    active = page.locator("#suggestions [role=option][aria-selected=true]")
    assert active.count() == 1 and active.inner_text().startswith(wanted)
    assert page.locator("#search").get_attribute("aria-activedescendant") == active.get_attribute("id")
    page.keyboard.press("Enter")


def assert_mathml_formula(page: Page) -> None:
    """The page shows at least one formula as laid-out MathML, not as LaTeX source."""
    formula = page.locator("#definitions math.formula").first
    formula.wait_for(state="visible")
    info = formula.evaluate(
        """m => ({ns: m.namespaceURI, kind: m.constructor.name, w: m.getBoundingClientRect().width,
                 h: m.getBoundingClientRect().height, parts: m.querySelectorAll('mi,mo,mn').length})"""
    )
    assert info["ns"] == MATHML_NS and info["kind"] == "MathMLElement", info
    assert info["w"] > 40 and info["h"] > 10 and info["parts"] >= 3, info
    text = page.locator("#definitions").inner_text()
    assert "\\operatorname" not in text and "\\sqrt" not in text, "LaTeX source shown instead of MathML"


def assert_backlinks(page: Page, concept_url: str) -> None:
    """The "mentioned in" section lists links to other concept pages."""
    links = page.locator("#mentioned-in a[href*='c/']")
    assert links.count() >= 3, "expected several 'mentioned in' backlinks"
    hrefs = links.evaluate_all("els => els.map(a => a.href)")
    assert all(h != concept_url and "/c/" in h for h in hrefs), hrefs
    assert page.locator("#mentioned-in").is_visible()


def no_horizontal_scroll(page: Page) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1, f"page is {overflow}px wider than the {page.viewport_size} viewport"


# ---------------------------------------------------------------- the served app


def test_search_as_you_type_keyboard_to_concept(builtin_server: Server, pages: Pages) -> None:
    page, _ = pages.open()
    page.goto(builtin_server.base + "/")
    page.locator("#search").click()
    page.keyboard.type("f")
    page.wait_for_timeout(300)
    assert page.locator("#suggestions [role=option]").count() == 0, "suggestions before 2 characters"
    page.keyboard.type("lash atten", delay=40)
    texts = suggestion_texts(page, showing="FlashAttention")
    assert texts[0].startswith("FlashAttention"), f"FlashAttention is not the first suggestion: {texts}"
    assert page.locator("#search").get_attribute("aria-expanded") == "true"
    shot(page, "serve-suggestions-desktop-light")
    pick_with_keyboard(page, "FlashAttention")
    page.wait_for_url(builtin_server.base + "/c/flashattention")
    assert page.locator("h1").inner_text().startswith("FlashAttention")
    assert_backlinks(page, page.url)
    shot(page, "serve-flashattention-desktop-light", full_page=True)


def test_api_docs_list_the_operations_and_try_it_out_works(builtin_server: Server, pages: Pages) -> None:
    """/docs renders FastAPI's OpenAPI 3.1 document and "Try it out" really calls /api/search."""
    page, _ = pages.open()
    page.goto(builtin_server.base + "/docs")
    operation = page.locator(".opblock-summary-path[data-path='/api/search']")
    operation.wait_for(state="visible", timeout=20_000)
    assert "Unable to render" not in page.inner_text("body")
    paths = page.locator(".opblock-summary-path").evaluate_all("els => els.map(e => e.dataset.path)")
    assert {"/api/search", "/api/concepts", "/api/concepts/{concept_id}"} <= set(paths), paths
    block = page.locator(".opblock", has=page.locator(".opblock-summary-path[data-path='/api/search']")).first
    block.locator(".opblock-summary").click()
    block.locator("button.try-out__btn").click()
    block.locator("input[placeholder^='q']").fill("kv cache")
    with page.expect_response(lambda r: "/api/search?" in r.url) as answer:
        block.locator("button.execute").click()
    assert answer.value.status == 200
    assert answer.value.json()["hits"], "the search from Swagger UI found nothing"
    block.locator(".responses-wrapper .live-responses-table").wait_for(state="visible")
    shot(page, "api-docs")


def test_the_a_to_z_bar_is_one_row_on_a_desktop_and_stays_on_a_phone_screen(
    builtin_server: Server, pages: Pages
) -> None:
    for viewport in (DESKTOP, PHONE):
        page, _ = pages.open(viewport)
        page.goto(builtin_server.base + "/")
        letters = page.locator("#az .az-letter")
        boxes = letters.evaluate_all("els => els.map(e => e.getBoundingClientRect().toJSON())")
        assert len(boxes) >= 26
        width = page.evaluate("window.innerWidth")
        assert all(box["left"] >= 0 and box["right"] <= width for box in boxes), "a letter is off screen"
        bar = page.locator("#az").evaluate("e => ({scroll: e.scrollWidth, client: e.clientWidth})")
        assert bar["scroll"] <= bar["client"] + 1, bar
        rows = {round(box["top"]) for box in boxes}
        if viewport is DESKTOP:
            assert len(rows) == 1, f"the bar wraps into {len(rows)} rows at {width}px"
        else:
            assert min(box["width"] for box in boxes) >= 24 and min(box["height"] for box in boxes) >= 24
            shot(page, "az-bar-phone")


def test_keyboard_typo_and_acronym_suggestions(builtin_server: Server, pages: Pages) -> None:
    page, _ = pages.open()
    page.goto(builtin_server.base + "/")
    search = page.locator("#search")
    search.fill("")
    search.press_sequentially("flahs attention", delay=20)
    texts = suggestion_texts(page, showing="FlashAttention")
    assert any(t.startswith("FlashAttention") for t in texts), "typo not forgiven"
    page.keyboard.press("Escape")
    page.locator("#suggestions").wait_for(state="hidden")
    search.fill("")
    search.press_sequentially("GQA", delay=20)
    texts = suggestion_texts(page, showing="grouped")
    assert any("grouped" in t.lower() for t in texts), "acronym GQA not suggested"


def test_formula_renders_as_mathml(builtin_server: Server, pages: Pages) -> None:
    page, _ = pages.open()
    page.goto(builtin_server.base + "/c/scaled-dot-product-attention")
    assert_mathml_formula(page)
    assert page.locator("script[src^='http']").count() == 0
    shot(page, "serve-sdpa-formula-desktop-light")


def test_backlinks_render_and_lead_somewhere(builtin_server: Server, pages: Pages) -> None:
    page, _ = pages.open()
    page.goto(builtin_server.base + "/c/flashattention")
    assert_backlinks(page, page.url)
    first = page.locator("#mentioned-in a[href*='c/']").first
    target = first.get_attribute("href")
    first.click()
    page.wait_for_load_state()
    assert page.url.endswith(target.rsplit("/", 1)[-1]) and page.locator("h1").is_visible()
    back = "a[href$='/c/flashattention']"
    mentions = page.locator(f"#related {back}, #definitions {back}")
    assert mentions.count() >= 1, "the backlinked page does not link back to FlashAttention"


def test_slash_key_goes_to_the_search_box(builtin_server: Server, pages: Pages) -> None:
    """"/" anywhere on a page focuses the search box (a hint shows it on a desktop); typed
    inside the box, "/" is just a character."""
    page, _ = pages.open()
    page.goto(builtin_server.base + "/c/flashattention")
    hint = page.locator(".combo .shortcut")
    assert hint.is_visible() and hint.inner_text() == "/"
    assert page.evaluate("document.activeElement.id") != "search"
    page.keyboard.press("/")
    assert page.evaluate("document.activeElement.id") == "search"
    assert page.locator("#search").input_value() == "", "the '/' that moved focus was typed"
    assert not hint.is_visible(), "the hint covers the text being typed"
    page.keyboard.type("GQ", delay=40)
    assert any("grouped" in t.lower() for t in suggestion_texts(page, showing="grouped"))
    page.keyboard.type("/x")
    assert page.locator("#search").input_value() == "GQ/x"
    phone, _ = pages.open(PHONE)
    phone.goto(builtin_server.base + "/")
    assert not phone.locator(".combo .shortcut").is_visible(), "a keyboard hint on a phone"


def test_printed_concept_page_keeps_the_concept_not_the_navigation(
    builtin_server: Server, pages: Pages
) -> None:
    page, _ = pages.open()
    page.goto(builtin_server.base + "/c/scaled-dot-product-attention")
    page.emulate_media(media="print")
    assert not page.locator(".site-header").is_visible() and not page.locator(".site-footer").is_visible()
    assert page.locator("h1").is_visible() and page.locator("#definitions .definition").first.is_visible()
    assert_mathml_formula(page)
    assert page.locator("#mentioned-in").is_visible()
    page.emulate_media(media="screen")
    assert page.locator(".site-header").is_visible()


def test_non_latin_initials_are_named(builtin_server: Server, pages: Pages) -> None:
    """Greek Β looks like Latin B in the A-Z bar: its link carries the letter's name."""
    page, _ = pages.open()
    page.goto(builtin_server.base + "/")
    beta = page.get_by_role("link", name="Greek capital letter beta").first
    assert beta.inner_text() == "Β" and beta.get_attribute("title") == "Greek capital letter beta"
    latin = page.locator("#az a.az-letter", has_text=re.compile("^B$"))
    assert latin.count() == 1 and latin.get_attribute("aria-label") is None
    beta.click()
    page.wait_for_load_state()
    assert "Greek capital letter beta" in page.locator("h1").inner_text()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_screens_readable(builtin_server: Server, pages: Pages, device: str, scheme: str) -> None:
    """Home and a concept page in each viewport and colour scheme: no sideways scroll, and
    the page really switches colours in dark mode. Screenshots are kept to look at."""
    page, _ = pages.open(PHONE if device == "phone" else DESKTOP, scheme)
    page.goto(builtin_server.base + "/")
    no_horizontal_scroll(page)
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    channels = [int(c) for c in re.findall(r"\d+", background)[:3]] or [255, 255, 255]
    if scheme == "dark":
        assert sum(channels) < 3 * 100, f"dark scheme but body background is {background}"
    else:
        assert sum(channels) > 3 * 180, f"light scheme but body background is {background}"
    shot(page, f"serve-home-{device}-{scheme}")
    page.goto(builtin_server.base + "/c/scaled-dot-product-attention")
    no_horizontal_scroll(page)
    assert_mathml_formula(page)
    shot(page, f"serve-concept-{device}-{scheme}", full_page=True)
    page.goto(builtin_server.base + "/")
    page.locator("#search").press_sequentially("kv ca", delay=20)
    suggestion_texts(page)
    no_horizontal_scroll(page)
    shot(page, f"serve-suggest-{device}-{scheme}")


#: Served pages checked with axe-core: every kind of page, a Greek initial, a search.
AXE_PATHS = (
    "/",
    "/c/scaled-dot-product-attention",
    "/c/flashattention",
    "/letter/A",
    "/letter/%CE%92",
    "/topic/architecture",
    "/search?q=attention",
    "/stats",
)


def axe_violations(page: Page, where: str) -> list[str]:
    """Return axe-core's accessibility violations on the page as it is now, one line each."""
    # axe fetches stylesheets itself unless told not to; from file:// Chromium refuses that
    options = {"resultTypes": ["violations"], "preload": not page.url.startswith("file:")}
    found = Axe().run(page, options=options).response["violations"]
    return [
        f"{where}: {v['id']} ({v['impact']}) at {[n['target'] for n in v['nodes'][:3]]}: {v['help']}"
        for v in found
    ]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_pages_have_no_accessibility_violations(
    builtin_server: Server, pages: Pages, device: str, scheme: str
) -> None:
    """axe-core (WCAG 2 A/AA rules and best practices) finds nothing on any kind of page, in
    either colour scheme and viewport, nor with the suggestion list open."""
    page, _ = pages.open(PHONE if device == "phone" else DESKTOP, scheme)
    problems: list[str] = []
    for path in AXE_PATHS:
        page.goto(builtin_server.base + path)
        problems += axe_violations(page, path)
    page.goto(builtin_server.base + "/")
    page.locator("#search").press_sequentially("kv ca", delay=20)
    suggestion_texts(page)
    page.keyboard.press("ArrowDown")
    problems += axe_violations(page, "suggestions open")
    assert not problems, "\n".join(problems)


def test_static_site_pages_have_no_accessibility_violations(static_site: Path, pages: Pages) -> None:
    page, _ = pages.open()
    problems: list[str] = []
    for name in ("index.html", "c/flashattention.html", "letter/A.html", "stats.html"):
        page.goto((static_site / name).as_uri())
        problems += axe_violations(page, name)
    page.goto((static_site / "search.html").as_uri() + "?q=attention")
    page.locator("#search-results li").first.wait_for()
    problems += axe_violations(page, "search.html?q=attention")
    assert not problems, "\n".join(problems)


# ---------------------------------------------------------------- hostile input stays inert


def assert_inert(page: Page, watch: Watch) -> None:
    """Nothing from a source ran, and nothing that could run later is left in the DOM."""
    flags = page.evaluate(f"{list(XSS_FLAGS)!r}.filter(name => window[name] !== undefined)")
    assert flags == [], f"script from a definition ran: {flags}"
    assert watch.dialogs == [], watch.dialogs
    handlers = page.evaluate(
        """() => [...document.querySelectorAll('*')].flatMap(el =>
               [...el.attributes].filter(a => a.name.startsWith('on')).map(a => el.tagName + ' ' + a.name))"""
    )
    assert handlers == [], f"event-handler attributes in the page: {handlers}"
    bad_links = page.evaluate(
        """() => [...document.querySelectorAll('[href],[src],[action],[formaction],[xlink\\\\:href]')]
               .map(el => el.getAttribute('href') || el.getAttribute('src')
                          || el.getAttribute('action') || '')
               .filter(u => /^\\s*(javascript|vbscript|data):/i.test(u))"""
    )
    assert bad_links == [], f"script URLs in the page: {bad_links}"
    assert page.locator("main iframe, main object, main embed, main img, main svg script").count() == 0
    scripts = page.evaluate(
        "() => [...document.scripts].map(s => s.src || ('inline:' + s.text.slice(0, 80)))"
    )
    foreign = [s for s in scripts if s.startswith("inline:") or not local(s)]
    assert foreign == [], f"scripts other than the site's own files: {foreign}"


def test_hostile_definitions_render_inert(xss_db: Path, xss_server: Server, pages: Pages) -> None:
    from termbase.store import Termbase

    with Termbase.open(xss_db) as tb:
        ids = tb.concept_ids()
    assert "hostile-term" in ids
    page, watch = pages.open()
    urls = ["/", *(f"/c/{i}" for i in ids), "/stats", "/search?q=%3Cscript%3Ealert(1)%3C/script%3Exsstrap"]
    for url in urls:
        page.goto(xss_server.base + url)
        page.wait_for_load_state("load")
        assert_inert(page, watch)
    page.goto(xss_server.base + "/c/hostile-term")
    body = page.locator("#definitions").inner_text()
    assert "Plain words first." in body and "then words last." in body, "the harmless text was lost"
    assert "raw link" in body and "markdown link" in body
    for link in page.locator("#definitions a").all():
        href = link.get_attribute("href") or ""
        assert not href.strip().lower().startswith("javascript"), href
    for element in page.locator("#definitions a, #definitions b, #definitions i").all():
        element.hover()
        element.click(modifiers=["Control"], no_wait_after=True, timeout=2000)  # new tab: stays here
    assert_inert(page, watch)
    shot(page, "xss-concept-desktop-light", full_page=True)
    # Suggestions are built from labels: type towards the hostile label and open one.
    page.goto(xss_server.base + "/")
    page.locator("#search").press_sequentially("xsstr", delay=20)
    texts = suggestion_texts(page)
    assert texts, "no suggestion for the hostile label"
    shot(page, "xss-suggestions-desktop-light")
    assert_inert(page, watch)
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r".*/c/[^/]+$"))
    assert_inert(page, watch)


def test_hostile_definitions_inert_in_static_site(xss_db: Path, tmp_path: Path, pages: Pages) -> None:
    out = tmp_path / "xss-site"
    termbase("site", "--db", str(xss_db), "--out", str(out))
    page, watch = pages.open()
    for html in [out / "index.html", *sorted((out / "c").glob("*.html"))]:
        page.goto(html.as_uri())
        assert_inert(page, watch)
    page.goto((out / "index.html").as_uri())
    page.locator("#search").press_sequentially("xsstr", delay=20)
    assert suggestion_texts(page)
    assert_inert(page, watch)


# ---------------------------------------------------------------- the static site, from files


def test_static_site_from_files(static_site: Path, pages: Pages) -> None:
    home = static_site / "index.html"
    assert home.is_file(), sorted(p.name for p in static_site.iterdir())
    page, watch = pages.open()
    page.goto(home.as_uri())
    assert page.locator("h1").is_visible()
    assert page.locator("#az a").count() >= 20, "A–Z bar is missing or short"
    shot(page, "site-home-desktop-light")
    # A letter page, then a concept page, by following links, as a reader would.
    page.locator("#az a").first.click()
    page.wait_for_load_state()
    assert page.url.startswith("file://") and page.locator("main a").count() > 0
    page.goto((static_site / "c" / "scaled-dot-product-attention.html").as_uri())
    assert_mathml_formula(page)
    shot(page, "site-sdpa-desktop-light", full_page=True)
    # Search as you type, with no server: the index is a local file.
    page.goto(home.as_uri())
    page.locator("#search").click()
    page.keyboard.type("flash atten", delay=40)
    texts = suggestion_texts(page, showing="FlashAttention")
    assert texts[0].startswith("FlashAttention"), texts
    shot(page, "site-suggestions-desktop-light")
    pick_with_keyboard(page, "FlashAttention")
    page.wait_for_url(re.compile(r"^file://.*/c/flashattention\.html$"))
    # The search page finds typos (a transposition too), acronyms and prefixes with no server.
    cases = (("kv cahce", "KV cache"), ("GQA", "grouped-query attention"), ("specul", "speculative"))
    for query, wanted in cases:
        results = page.context.new_page()
        results.goto((static_site / "search.html").as_uri() + "?q=" + query.replace(" ", "%20"))
        first = results.locator("#search-results li a").first
        first.wait_for(state="visible", timeout=10_000)
        assert first.inner_text().casefold().startswith(wanted.casefold()), (query, first.inner_text())
        results.close()
    page.goto((static_site / "c" / "flashattention.html").as_uri())
    assert_backlinks(page, page.url)
    backlink = page.locator("#mentioned-in li a").first
    backlink.click()
    page.wait_for_load_state()
    assert page.url.startswith("file://") and page.url.endswith(".html") and page.locator("h1").is_visible()
    assert watch.requests and all(u.startswith("file://") for u in watch.requests), sorted(
        {u for u in watch.requests if not u.startswith("file://")}
    )


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_static_site_phone(static_site: Path, pages: Pages, scheme: str) -> None:
    page, _ = pages.open(PHONE, scheme)
    page.goto((static_site / "c" / "flashattention.html").as_uri())
    no_horizontal_scroll(page)
    assert_backlinks(page, page.url)
    shot(page, f"site-flashattention-phone-{scheme}", full_page=True)


# ---------------------------------------------------------------- the security policy holds


def test_content_security_policy_blocks_injected_inline_script(
    builtin_server: Server, static_site: Path, browser: Browser
) -> None:
    """Served pages (header) and static pages (<meta>) refuse a script injected inline."""
    context = browser.new_context()
    try:
        page = context.new_page()
        violations: list[str] = []
        page.on("console", lambda m: "Content Security Policy" in m.text and violations.append(m.text))
        for url in (builtin_server.base + "/", (static_site / "index.html").as_uri()):
            page.goto(url)
            page.wait_for_load_state("load")
            before = len(violations)
            with contextlib.suppress(Exception):  # Playwright may report the refused script as an error
                page.add_script_tag(content="window.__injected = true;")
            assert page.evaluate("window.__injected === undefined"), f"inline script ran on {url}"
            assert len(violations) > before, f"no CSP violation reported on {url}"
            assert page.locator("#search").is_visible()  # the page's own script and styles still work
    finally:
        context.close()
