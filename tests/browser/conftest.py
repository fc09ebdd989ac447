"""Fixtures for the browser suite: the built site, a local server, Chromium, a watched page.

The site is built once per session (``build.build`` into a temporary directory)
and served from a thread on 127.0.0.1 with a free port, with the same headers as
Netlify (``netlify.toml``: Content-Security-Policy, caching). Chromium is
Debian's (``/usr/bin/chromium``), driven by Playwright.

Fixtures:
    built_site  session  build.BuildResult of the temporary dist/
    site        session  Site: the built site served WITH netlify.toml's headers
    duel_site   session  Site: a build with the test games (Duel), with the headers
    plain_site  session  Site: the same files served with no extra header
    browser     session  a Playwright Browser (Chromium)
    context     test     a fresh BrowserContext (empty storage and cache), 1280x800
    warm_pool   session  WarmPool: a context kept warm for each locale, reset between tests
    warm        session  WarmContext: the English one (warm.py)
    page_log    test     PageLog: every request, console error, failed response
    page        test     a Page, watched by ``page_log``: of the warm context, as a
                         returning player's browser (the service worker holds the
                         build), or of ``context`` when the test asks for it or is
                         marked ``first_visit`` (a first visit, routes, offline)
    app         test     App: ``page`` with helpers (open, home, wait_state, screenshot)

The site's root lists its games; a test of one game opens that game's page:
``App.open`` and the network helpers (``net_play.Table``) name ``GAME``, Boss
Quest, unless the query names a game (``with_game``); ``App.home`` opens the
root itself.

The ``page`` fixture fails the test, at teardown, if the page made any request
to an origin other than the served one (such requests are also aborted, so
nothing leaves the machine), if any console error or uncaught page error
appeared, or if any response was 400 or more. A test that provokes a failure on
purpose sets ``page_log.expect_errors = True`` (foreign requests still fail it).

Tests wait on the markers the page sets (``html[data-state]``,
``html[data-screen]``), never on time.

Under pytest-xdist (``run_all.py``'s ``-n 2``) each worker has its own
session: its own build (in its own temporary folder), servers on free ports
and Chromium; a test file runs whole on one worker (tests/split.py).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Page,
    Playwright,
    Request,
    Response,
    Route,
    ViewportSize,
    sync_playwright,
)

import build
from build import CHROMIUM, CHROMIUM_ARGS
from tests.browser.warm import WarmContext, WarmPool

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 375, "height": 812}
#: Pyodide starts in a few seconds; a cold, loaded machine may take longer.
READY_TIMEOUT_MS = 60_000
#: the game a test of the game page means unless its query names one
GAME = "bossquest"

_NAMES_GAME = re.compile(r"(?:^|&)game=")


def with_game(query: str, game: str = GAME) -> str:
    """The address (relative to the site) of the game page's `query` ("",
    "?botdelay=0", "#join=..."), naming `game` unless the query names a game
    already; another page's path ("replay.html#r=...", "embed.html?...") as it is.

    >>> with_game("?botdelay=0&seed=5")
    '?game=bossquest&botdelay=0&seed=5'
    """
    if query[:1] not in ("", "?", "#"):
        return query
    search, mark, fragment = query.partition("#")
    params = search.removeprefix("?")
    if _NAMES_GAME.search(params):
        return query
    return f"?game={game}" + (f"&{params}" if params else "") + mark + fragment


@dataclass(frozen=True)
class Site:
    """A served build: ``url`` is the page, ``origin`` what requests may go to."""

    url: str
    origin: str
    build: build.BuildResult
    headers: bool

    def path(self, logical: str) -> str:
        """Absolute URL of a built file, by its logical name (e.g. 'pyodide/pyodide.asm.wasm')."""
        return self.url + self.build.files[logical]


@dataclass
class PageLog:
    """What a page did, checked when the test ends."""

    origin: str
    requests: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    bad_responses: list[str] = field(default_factory=list)
    expect_errors: bool = False

    def on_request(self, request: Request) -> None:
        self.requests.append(request.url)

    def on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.console_errors.append(f"{message.text} @ {message.location.get('url', '')}")

    def on_page_error(self, error: Any) -> None:
        self.page_errors.append(str(error))

    def on_response(self, response: Response) -> None:
        if response.status >= 400:
            self.bad_responses.append(f"{response.status} {response.url}")

    def block_foreign(self, route: Route) -> None:
        self.foreign.append(route.request.url)
        route.abort("blockedbyclient")

    def watch(self, page: Page) -> Page:
        """Record what `page` does here, and abort its requests to other origins."""
        page.on("request", self.on_request)
        page.on("console", self.on_console)
        page.on("pageerror", self.on_page_error)
        page.on("response", self.on_response)
        page.route(self.is_foreign, self.block_foreign)
        return page

    def is_foreign(self, url: str) -> bool:
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https", "ws", "wss"):
            return False  # data:, blob:, about: stay in the page
        return f"{parts.scheme}://{parts.netloc}" != self.origin

    def problems(self) -> list[str]:
        found = [f"request to another origin: {url}" for url in self.foreign]
        found += [f"request to another origin: {u}" for u in self.requests if self.is_foreign(u)]
        if not self.expect_errors:
            found += [f"console error: {text}" for text in self.console_errors]
            found += [f"page error: {text}" for text in self.page_errors]
            found += [f"failed response: {text}" for text in self.bad_responses]
        return found


class App:
    """The game page under test, with the helpers every test needs."""

    def __init__(self, page: Page, log: PageLog, site: Site) -> None:
        self.page = page
        self.log = log
        self.site = site

    def use(self, site: Site) -> None:
        """Test another served copy (e.g. ``plain_site``); its origin becomes the allowed one."""
        self.site = site
        self.log.origin = site.origin

    def open(self, query: str = "") -> None:
        """Load the game page of `query` (``with_game``: Boss Quest's unless it
        names a game), or another page by its path; returns once the HTML is
        parsed (not once Python is ready)."""
        self.page.goto(self.site.url + with_game(query), wait_until="domcontentloaded")

    def home(self, query: str = "") -> None:
        """Load the site's root (the list of its games), with `query` as it is."""
        self.page.goto(self.site.url + query, wait_until="domcontentloaded")

    def wait_state(self, state: str, timeout: float = READY_TIMEOUT_MS) -> None:
        """Wait for ``html[data-state=<state>]``; fail at once on an unexpected error state."""
        if state == "error":
            self.page.wait_for_selector(
                "html[data-state='error']", state="attached", timeout=timeout
            )
            return
        self.page.wait_for_selector(
            f"html[data-state='{state}'], html[data-state='error']",
            state="attached",
            timeout=timeout,
        )
        current = self.state()
        if current != state:
            detail = self.page.text_content("#load-error-details")
            raise AssertionError(f"page reached data-state={current!r}:\n{detail}")

    def wait_ready(self) -> None:
        self.wait_state("ready")

    def state(self) -> str:
        return str(self.page.get_attribute("html", "data-state"))

    def screenshot(self, name: str, *, full_page: bool = True) -> Path:
        """Save a screenshot under artifacts/screenshots/ (CI prints that folder),
        the page in front of its window first (Chromium draws only the tab in
        front: a shot of a tab behind another waits seconds for a frame)."""
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        self.page.bring_to_front()
        self.page.screenshot(path=str(path), full_page=full_page, animations="disabled")
        return path


def serve(root: Path, headers: list[build.HeaderRule]) -> Iterator[str]:
    """Serve `root` on a free port of 127.0.0.1 (each call: a new origin) until closed."""
    server = build.make_server(root, "127.0.0.1", 0, headers=headers)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> build.BuildResult:
    return build.build(tmp_path_factory.mktemp("site") / "dist", quiet=True)


@pytest.fixture(scope="session")
def site(built_site: build.BuildResult) -> Iterator[Site]:
    for origin in serve(built_site.out, build.load_netlify_headers()):
        yield Site(url=origin + "/", origin=origin, build=built_site, headers=True)


@pytest.fixture(scope="session")
def duel_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """A build with the test games (``build.py --test-games``: Duel), served
    with netlify.toml's headers."""
    built = build.build(tmp_path_factory.mktemp("duel") / "dist", quiet=True, test_games=True)
    for origin in serve(built.out, build.load_netlify_headers()):
        yield Site(url=origin + "/", origin=origin, build=built, headers=True)


@pytest.fixture(scope="session")
def plain_site(built_site: build.BuildResult) -> Iterator[Site]:
    for origin in serve(built_site.out, []):
        yield Site(url=origin + "/", origin=origin, build=built_site, headers=False)


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Playwright]:
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_instance: Playwright) -> Iterator[Browser]:
    browser = playwright_instance.chromium.launch(
        executable_path=CHROMIUM, args=list(CHROMIUM_ARGS)
    )
    yield browser
    browser.close()


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    yield context
    context.close()


@pytest.fixture
def page_log(site: Site) -> PageLog:
    return PageLog(origin=site.origin)


@pytest.fixture(scope="session")
def warm_pool(browser: Browser, site: Site) -> Iterator[WarmPool]:
    pool = WarmPool(browser, DESKTOP, primer_url=site.url + "about.html")
    yield pool
    pool.close()


@pytest.fixture(scope="session")
def warm(warm_pool: WarmPool) -> WarmContext:
    return warm_pool.get("en-GB")


def wants_first_visit(request: pytest.FixtureRequest) -> bool:
    """Whether the test needs a context of its own: it asks for ``context``
    (directly or through a fixture) or is marked ``first_visit``."""
    return "context" in request.fixturenames or (
        request.node.get_closest_marker("first_visit") is not None
    )


@pytest.fixture
def page(request: pytest.FixtureRequest, page_log: PageLog) -> Iterator[Page]:
    warm: WarmContext | None = None
    if wants_first_visit(request):
        context: BrowserContext = request.getfixturevalue("context")
    else:
        warm = request.getfixturevalue("warm")
        context = warm.lend()
    page = page_log.watch(context.new_page())
    yield page
    problems = page_log.problems()
    if warm is None:
        page.close()
    else:
        warm.reset()
    if problems:
        pytest.fail("the page misbehaved:\n  " + "\n  ".join(problems), pytrace=False)


@pytest.fixture
def app(page: Page, page_log: PageLog, site: Site) -> App:
    return App(page, page_log, site)
