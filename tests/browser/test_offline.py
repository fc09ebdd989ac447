"""Offline and installable, in Chromium (docs/offline.md).

One visit online, then the browser context goes offline and the site's server
stops: every page must load and play from the service worker's cache, each
game solo (a hard bot's search helper too) and pass-and-play, the list of
games, the rules pages with a live board, a tutorial board, a replay link
and two tabs paired over BroadcastChannel. Any request that fails (a file the cache lacks), any
console error and any Python import error fails the test; the last test of
the offline part takes a file out of the cache and checks that this is seen.

Then the update path: a first build serves the game, a player starts a game,
a second build (one stylesheet changed) replaces the first on the same
origin. Once the new worker holds it, the page mid-game keeps running the first
version (its files still come from the first cache), the player is told in
their language and keeps playing; a reload takes the new version and resumes
the game. A page with no game in progress keeps showing what it shows, and
the next page opened is the new version. Screenshots of the notice and of the
icons: artifacts/screenshots/offline-*.png.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import threading
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Frame, Page, Request

import build
from game.web.tutorial import TutorialSession, load_tutorial
from sitebuild import offline
from tests.browser.conftest import (
    DESKTOP,
    PHONE,
    READY_TIMEOUT_MS,
    SCREENSHOTS,
    App,
    PageLog,
    Site,
    serve,
)
from tests.browser.driver import registered_games
from tests.browser.net_play import Table, host_with_guest, play_to_end
from tests.browser.play import SETTLED, Board
from tests.browser.test_bots import BOT_EVENTS_JS
from tests.browser.test_embed import BLOCK_STORAGE, _act, _selector
from tests.browser.test_replay_undo import _finished_game, payload_of
from tests.browser.test_rules_page import _frame, _play_to_the_end, _wait_board_ready

#: the service worker's install, updates and offline play
pytestmark = pytest.mark.first_visit

#: what a Python import error looks like in the console, whatever its level
_IMPORT_ERRORS = ("ModuleNotFoundError", "ImportError", "No module named")

_CACHES_JS = "async () => (await caches.keys()).sort()"
_CACHED_JS = """async (name) => (await (await caches.open(name)).keys())
    .map((request) => request.url).sort()"""
_UPDATE_JS = "async () => { await (await navigator.serviceWorker.getRegistration()).update(); }"
#: the game page's HTML as the worker gives it to this page now
_OWN_PAGE_JS = "async () => (await fetch('./')).text()"


class _Server:
    """build.make_server on a free port of 127.0.0.1, with netlify.toml's
    headers, that a test may stop (the site is then truly gone)."""

    def __init__(self, root: Path) -> None:
        self.server = build.make_server(root, headers=build.load_netlify_headers())
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.running = True

    def stop(self) -> None:
        if self.running:
            self.running = False
            self.server.shutdown()
            self.server.server_close()
            self.thread.join(timeout=5)


@dataclass
class ContextLog:
    """What every page (and frame) of a context did that means a file or a
    module was missing: failed requests, console errors, import errors."""

    failed: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def watch(self, context: BrowserContext) -> None:
        context.on("requestfailed", self.on_failed)
        context.on("console", self.on_console)
        context.on("weberror", lambda error: self.errors.append(f"page error: {error.error}"))

    def on_failed(self, request: Request) -> None:
        why = request.failure or ""
        if "ERR_ABORTED" not in why:  # a page left or a board scrolled away: not missing
            self.failed.append(f"{request.url} ({why})")

    def on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error" or any(word in message.text for word in _IMPORT_ERRORS):
            self.errors.append(f"console {message.type}: {message.text}")

    def mark(self) -> tuple[int, int]:
        return len(self.failed), len(self.errors)

    def since(self, mark: tuple[int, int]) -> list[str]:
        return self.failed[mark[0] :] + self.errors[mark[1] :]


@dataclass
class Offline:
    """The module's browser context after one visit, now offline, and its site."""

    context: BrowserContext
    site: Site
    server: _Server
    log: ContextLog
    cache: str


def _site(out: build.BuildResult, origin: str) -> Site:
    return Site(url=origin + "/", origin=origin, build=out, headers=True)


def _worker(out: Path) -> tuple[str, dict[str, str]]:
    text = (out / "sw.js").read_text("utf-8")
    cache = text.split('const CACHE = "', 1)[1].split('"', 1)[0]
    files = text.split("const FILES = ", 1)[1].split("\n};", 1)[0] + "\n}"
    listed: dict[str, str] = json.loads(files)
    return cache, listed


def _wait(page: Page | Frame, selector: str, timeout: float = READY_TIMEOUT_MS) -> None:
    page.wait_for_selector(selector, state="attached", timeout=timeout)


def _wait_ready(page: Page | Frame) -> None:
    _wait(page, "html[data-state='ready'], html[data-state='error']")
    assert page.get_attribute("html", "data-state") == "ready", page.text_content("body")


def _shot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), animations="disabled")


# ------------------------------------------------------------------ offline


@pytest.fixture(scope="module")
def visited(browser: Browser, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Offline]:
    """Build, serve, visit the game page once and wait until the worker holds
    the build; then the HTTP cache is emptied, the context goes offline and
    the server stops."""
    out = build.build(tmp_path_factory.mktemp("offline") / "dist", install=False, quiet=True)
    server = _Server(out.out)
    site = _site(out, server.origin)
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    log = ContextLog()
    log.watch(context)
    page = PageLog(origin=site.origin).watch(context.new_page())
    page.goto(site.url + "?game=bossquest", wait_until="domcontentloaded")
    _wait_ready(page)
    _wait(page, "html[data-offline='ready']")
    # Only the worker's cache may answer from now on: the HTTP cache, which
    # also holds the visit's files, is emptied (it would hide a file missing
    # from the worker's list).
    cdp = context.new_cdp_session(page)
    cdp.send("Network.clearBrowserCache")
    cdp.detach()
    page.close()
    context.set_offline(True)
    server.stop()
    cache, _ = _worker(out.out)
    try:
        yield Offline(context, site, server, log, cache)
    finally:
        context.close()


@pytest.fixture
def off(visited: Offline) -> Iterator[Offline]:
    """The offline context for one test, which fails if any page of it missed
    a file or a module meanwhile."""
    mark = visited.log.mark()
    yield visited
    problems = visited.log.since(mark)
    if problems:
        pytest.fail("offline, something was missing:\n  " + "\n  ".join(problems), pytrace=False)


@pytest.fixture
def off_app(off: Offline) -> Iterator[App]:
    """A new page of the offline context, watched like the suite's ``page``;
    no game of an earlier test left in its storage."""
    log = PageLog(origin=off.site.origin)
    page = log.watch(off.context.new_page())
    page.emulate_media(reduced_motion="reduce")
    page.goto(off.site.url + "rules.html", wait_until="domcontentloaded")  # no Python: quick
    page.evaluate("localStorage.clear()")
    yield App(page, log, off.site)
    problems = log.problems()
    page.close()
    if problems:
        pytest.fail("the page misbehaved:\n  " + "\n  ".join(problems), pytrace=False)


def _a_few_moves(page: Page, moves: int = 5) -> int:
    """Play `moves` steps of any game through the shared shell (the first
    button the board offers, a round result or the curtain); returns how many
    moves were made by the page's person."""
    made = 0
    _wait(page, SETTLED)
    for _ in range(moves):
        phase = page.get_attribute("#board", "data-phase")
        seq = page.get_attribute("#board", "data-seq")
        if phase == "over":
            break
        selector = {
            "result": "#round-result [data-cmd=continue]",
            "curtain": "#curtain [data-cmd=reveal]",
        }.get(str(phase), "#actions button[data-cmd=act]:visible")
        page.locator(selector).first.click()
        made += phase == "human"
        _wait(page, f"#board:not([data-seq='{seq}'])")
        _wait(page, SETTLED)
    return made


def _start(app: App, board: Board, *, seed: int, humans: tuple[int, ...] = (0,)) -> str:
    """Boss Quest at 2 players (`humans` at the device, a bot otherwise), once
    the page is ready; the first settled phase."""
    app.open(f"?botdelay=0&seed={seed}")
    app.wait_ready()
    return board.start(2, humans=humans, seed=seed, open_page=False)


def test_one_visit_caches_every_file_of_the_build(off: Offline) -> None:
    cache, listed = _worker(off.site.build.out)
    assert cache == off.cache == offline.cache_name(listed)
    page = off.context.new_page()
    page.goto(off.site.url + "?game=bossquest", wait_until="domcontentloaded")
    assert page.evaluate(_CACHES_JS) == sorted([cache, "bq-offline-state"])
    cached = page.evaluate(_CACHED_JS, cache)
    # and the runtime's snapshot unpacked, under its name without ".gz"
    unpacked = [path.removesuffix(".gz") for path in listed if path.endswith(".gz")]
    assert unpacked == [off.site.build.files["pyodide/snapshot"].removesuffix(".gz")]
    assert cached == sorted(off.site.url + path for path in [*listed, *unpacked])
    page.close()


def test_the_list_of_games_opens_offline(off_app: App) -> None:
    off_app.home()
    off_app.wait_ready()
    assert off_app.page.get_attribute("html", "data-home") == "true"
    assert off_app.page.locator("#games .game-card").count() == len(registered_games())
    # Nothing came from the site's server: it is down. (The page's
    # navigator.onLine is no witness: Debian's Chromium 150 leaves it true in
    # a context Playwright set offline, Playwright issue #42174.)
    with pytest.raises(OSError):
        urllib.request.urlopen(off_app.site.url, timeout=5)


@pytest.mark.parametrize("game", registered_games())
def test_each_game_plays_solo_offline(off_app: App, game: str) -> None:
    page = off_app.page
    off_app.open(f"?game={game}&botdelay=0&seed=4")
    # the menu is set once Python is ready: on a loaded machine, a page still
    # compiling its runtime may not answer a click in time
    off_app.wait_ready()
    page.locator("#count-choices label", has_text="2").click()
    page.locator("#seats .seat[data-seat='1'] label:has(input[value='bot'])").click()
    assert page.get_attribute("html", "data-game") == game
    page.locator("#start").click()
    assert _a_few_moves(page) >= 2


def test_a_hard_bot_shares_its_search_with_its_helper_offline(off_app: App) -> None:
    """The search helper is a second worker of py-worker.js: offline, it
    starts from the service worker's cache too and runs half the playouts."""
    page = off_app.page
    page.add_init_script(BOT_EVENTS_JS)
    board = Board(off_app)
    off_app.open("?botdelay=0&seed=5")
    off_app.wait_ready()
    board.start(2, seed=5, open_page=False, levels={1: "Hard"})
    if page.evaluate("navigator.hardwareConcurrency") < 2:
        pytest.skip("one core: no helper is started")
    # until a move of the hard bot was shared (the rest of the game shows nothing more)
    phase = board.settle()
    while not _shared(page) and phase != "over":
        if phase == "result":
            phase = board.click("#round-result [data-cmd=continue]")
        else:
            phase = board.human_move()
    assert _shared(page), page.evaluate("window.__botMoves")


def _shared(page: Page) -> bool:
    """Whether a bot's move so far ran part of its playouts on the helper."""
    moves: list[dict[str, int]] = page.evaluate("window.__botMoves")
    return any(move["shared"] > 0 for move in moves)


def test_pass_and_play_offline(off_app: App) -> None:
    board = Board(off_app)
    phase = _start(off_app, board, seed=6, humans=(0, 1))
    assert phase == "curtain"
    assert _a_few_moves(off_app.page, 6) >= 2


@pytest.mark.parametrize("page_name", ["rules.html", "rules-theboss.html", "rules"])
def test_a_rules_page_and_its_board_offline(off_app: App, page_name: str) -> None:
    page = off_app.page
    off_app.open(f"{page_name}?lang=en")
    _wait(page, "html[data-rules='ready']")
    first = page.locator("figure[data-board]").first
    name = str(first.get_attribute("data-scenario"))
    first.scroll_into_view_if_needed()
    _wait(page, f"figure[data-board][data-scenario='{name}'][data-loaded='true']")
    frame = _frame(page, name)
    _wait_board_ready(frame)
    if page.get_attribute("html", "data-game") == "bossquest":
        assert _play_to_the_end(frame, name) > 0


def test_a_tutorial_board_plays_a_step_offline(off_app: App) -> None:
    page = off_app.page
    name = "basic_turn"
    off_app.open(f"embed.html?game=bossquest&scenario={name}&lang=en")
    _wait_ready(page)
    session = TutorialSession(load_tutorial(name), name=name)
    _wait(page, _selector(session))
    while not session.reader_turn():
        page.click("#tut-next")
        session.command("next")
        _wait(page, _selector(session))
    act = _act(session)
    page.click(f"#actions [data-cmd='act'][data-act='{act}']")
    session.command("act", act)
    _wait(page, _selector(session))
    assert page.get_attribute("#tutorial", "data-problem") == "false"


def test_a_replay_link_opens_offline(off_app: App) -> None:
    page = off_app.page
    replay = _finished_game()
    off_app.open(f"replay.html#r={payload_of(replay)}")
    _wait(page, "html[data-state='ready'] #replay[data-step]")
    assert page.get_attribute("#replay", "data-steps") == str(replay.steps)
    page.locator("#replay [data-cmd=next]").click()
    _wait(page, "#replay[data-step='1']")


def test_two_tabs_play_together_offline(off: Offline) -> None:
    table = Table(off.context, off.site)
    host, guest = host_with_guest(table)
    played = play_to_end(host, [guest], random.Random(5), stop_at=host.version() + 4)
    assert played >= 4
    problems = table.problems()
    for page in table.pages:
        page.page.close()
    assert not problems, problems


def test_zz_a_file_missing_from_the_cache_is_seen(visited: Offline) -> None:
    """The checks above would see a missing file: take the game bundle out of
    the cache and the page fails to start, with a failed request. (Last: it
    damages the module's cache.)"""
    mark = visited.log.mark()
    page = visited.context.new_page()
    page.goto(visited.site.url + "?game=bossquest", wait_until="domcontentloaded")
    bundle = visited.site.path("game.zip")
    assert page.evaluate(
        "async ([name, url]) => (await caches.open(name)).delete(url)", [visited.cache, bundle]
    )
    page.reload(wait_until="domcontentloaded")
    _wait(page, "html[data-state='error']")
    page.close()
    problems = visited.log.since(mark)
    assert any(bundle in problem for problem in problems), problems


# ------------------------------------------------------------------- updates


@dataclass
class Deploys:
    """Two builds of the site, the second with one stylesheet and one game
    module changed (so its game bundle and its runtime's snapshot are other
    files too), and the folder a server serves: ``deploy(n)`` puts build n
    there."""

    first: build.BuildResult
    second: build.BuildResult
    root: Path
    #: the modification time (whole seconds) of the files of the last deploy
    stamp: int = 0

    def deploy(self, which: build.BuildResult) -> None:
        """Put build `which` in the served folder, every file dated a whole
        second after the deploy before: the server's Last-Modified counts
        seconds, and two builds made (or copied) within one second would let
        the browser's revalidation of sw.js get 304 Not Modified, and never
        see the new worker."""
        if self.root.exists():
            shutil.rmtree(self.root)
        shutil.copytree(which.out, self.root)
        self.stamp = max(int(time.time()), self.stamp + 1)
        for path in self.root.rglob("*"):
            os.utime(path, (self.stamp, self.stamp))


@pytest.fixture(scope="module")
def deploys(tmp_path_factory: pytest.TempPathFactory) -> Deploys:
    base = tmp_path_factory.mktemp("deploys")
    first = build.build(base / "first", install=False, quiet=True)
    site = base / "site"
    shutil.copytree(build.SITE, site)
    with (site / "assets" / "app.css").open("a", encoding="utf-8") as css:
        css.write("\n/* the second deploy */\n")
    game = base / "second-sources" / "game"  # the bundle names its folder "game"
    shutil.copytree(build.GAME, game, ignore=shutil.ignore_patterns("__pycache__"))
    with (game / "__init__.py").open("a", encoding="utf-8") as module:
        module.write('\n_DEPLOY = "second"\n')  # a statement: its bytecode changes
    second = build.build(base / "second", site=site, game=game, install=False, quiet=True)
    assert _worker(first.out)[0] != _worker(second.out)[0]
    # a page's Python worker loads another game bundle and another start of
    # the runtime (from another snapshot) in each build; Pyodide is the same
    for logical in ("game.zip", "pyodide/snapshot", "pyodide/start.mjs"):
        assert first.files[logical] != second.files[logical], logical
    return Deploys(first, second, base / "served")


@dataclass
class Served:
    context: BrowserContext
    site: Site
    pages: list[tuple[Page, PageLog]]

    def page(self) -> App:
        log = PageLog(origin=self.site.origin)
        page = log.watch(self.context.new_page())
        page.emulate_media(reduced_motion="reduce")
        self.pages.append((page, log))
        return App(page, log, self.site)


@pytest.fixture
def served(browser: Browser, deploys: Deploys) -> Iterator[Served]:
    """The first deploy on a new origin, and a new context to visit it."""
    deploys.deploy(deploys.first)
    server = _Server(deploys.root)
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    served = Served(context, _site(deploys.first, server.origin), [])
    try:
        yield served
        problems = [p for _, log in served.pages for p in log.problems()]
        assert not problems, problems
    finally:
        context.close()
        server.stop()


def _stylesheet(page: Page) -> str:
    found: str = page.evaluate(
        "[...document.querySelectorAll('link[rel=stylesheet]')]"
        ".map((l) => l.getAttribute('href')).find((h) => h.startsWith('assets/app.'))"
    )
    return found


def _kept(board: Board) -> dict[str, Any]:
    """What must survive an update: the markers and the cards (not the words,
    which follow the language)."""
    shot = board.snapshot()
    return {"markers": shot["markers"], "seats": shot["seats"]}


def test_a_new_deploy_waits_for_the_game_in_progress(served: Served, deploys: Deploys) -> None:
    app = served.page()
    page = app.page
    board = Board(app)
    _start(app, board, seed=5)
    _wait(page, "html[data-offline='ready']")
    for _ in range(2):
        if board.phase() == "human":
            board.human_move()
    first_css = deploys.first.files["assets/app.css"]
    second_css = deploys.second.files["assets/app.css"]
    assert _stylesheet(page) == first_css

    # The second deploy: the page looks for it (as it does when it becomes visible).
    deploys.deploy(deploys.second)
    before = _kept(board)
    page.evaluate(_UPDATE_JS)
    _wait(page, "html[data-update='waiting'] #update-notice:not([hidden])")
    notice = page.locator("#update-notice")
    assert "new version" in notice.inner_text() and "kept" in notice.inner_text()
    own = page.evaluate(_OWN_PAGE_JS)
    assert first_css in own and second_css not in own, "this page still gets its version's files"
    assert _kept(board) == before, "the game on the board is untouched"
    _shot(page, "offline-update-notice-1280")
    page.locator(".lang-btn[data-lang='fr']").click()
    _wait(page, "#update-notice[lang='fr']")
    assert "nouvelle version" in notice.inner_text() and "gardée" in notice.inner_text()
    page.set_viewport_size(PHONE)
    _shot(page, "offline-update-notice-fr-375")
    page.set_viewport_size(DESKTOP)

    # The game goes on in the version it started with.
    if board.phase() != "human":
        board.settle()
    if board.phase() == "human":
        board.human_move()
    elif board.phase() == "result":
        board.click("#round-result [data-cmd=continue]")
    during = _kept(board)
    assert during != before
    assert _stylesheet(page) == first_css

    # A reload takes the new version and resumes the game where it was.
    page.reload(wait_until="domcontentloaded")
    _wait(page, f"link[href='{second_css}']")
    app.wait_ready()
    _wait(page, "html[data-screen='board'] " + SETTLED)
    assert _kept(board) == during
    assert page.get_attribute("html", "data-update") is None
    second_cache = _worker(deploys.second.out)[0]
    first_cache = _worker(deploys.first.out)[0]
    # the version before stays for pages still running it; nothing older is kept
    assert page.evaluate(_CACHES_JS) == sorted([first_cache, second_cache, "bq-offline-state"])


def test_a_page_with_no_game_takes_the_update_at_once(served: Served, deploys: Deploys) -> None:
    game = served.page()
    board = Board(game)
    _start(game, board, seed=8)
    _wait(game.page, "html[data-offline='ready']")
    home = served.page()
    home.home()
    home.wait_ready()

    deploys.deploy(deploys.second)
    kept = _kept(board)
    home.page.evaluate(_UPDATE_JS)
    # the list of games stays as it is; the game is told
    _wait(home.page, "html[data-update='behind']")
    _wait(game.page, "html[data-update='waiting'] #update-notice:not([hidden])")
    assert _kept(board) == kept
    # the next page opened is the new version
    other = served.page()
    other.home()
    other.wait_ready()
    assert _stylesheet(other.page) == deploys.second.files["assets/app.css"]
    assert _stylesheet(home.page) == deploys.first.files["assets/app.css"]
    # "Reload now": the game's page comes back in the new version, the game kept
    game.page.locator("#update-notice [data-update-cmd='reload']").click()
    _wait(game.page, f"link[href='{deploys.second.files['assets/app.css']}']")
    game.wait_ready()
    _wait(game.page, "html[data-screen='board'] " + SETTLED)
    assert _kept(board) == kept


#: start one more Python worker from the embed page, as its board does
#: (assets/worker-link.js), and say in html[data-later-worker] how it went
_LATER_WORKER_JS = """async (link) => {
    const root = document.documentElement;
    const { connect } = await import(link);
    connect("embed", {
        search: location.search,
        catalogue: document.getElementById("catalogue").textContent,
        lang: "en",
    }, {
        draw() {},
        ready() { root.dataset.laterWorker = "ready"; },
        fail(message) {
            root.dataset.laterWorkerDetail = message.detail;
            root.dataset.laterWorker = "failed";
        },
    });
}"""


def test_a_worker_started_after_an_update_runs_its_pages_build_offline(
    served: Served, deploys: Deploys
) -> None:
    """A page of the first build starts a Python worker only once the second
    build is installed, with the network off: the worker, a client of its own
    for the service worker, gets the first build's files (the runtime's start
    module, the game's zip), which the second build does not hold, from the
    cache kept for its page, and its Python starts."""
    app = served.page()
    page = app.page
    page.goto(served.site.url + "embed.html?game=bossquest&scenario=basic_turn&lang=en")
    _wait_ready(page)
    _wait(page, "html[data-offline='ready']")

    deploys.deploy(deploys.second)
    page.evaluate(_UPDATE_JS)
    _wait(page, "html[data-update='behind']")  # the second build is installed
    # only the caches may answer: not the HTTP cache, not the network
    cdp = served.context.new_cdp_session(page)
    cdp.send("Network.clearBrowserCache")
    cdp.detach()
    served.context.set_offline(True)

    page.evaluate(_LATER_WORKER_JS, served.site.path("assets/worker-link.js"))
    _wait(page, "html[data-later-worker]")
    assert page.get_attribute("html", "data-later-worker") == "ready", page.get_attribute(
        "html", "data-later-worker-detail"
    )


def test_the_install_icons(served: Served) -> None:
    """The manifest's icons as a launcher shows them (the maskable one cut to a
    circle, the others as they are), for a look at 375 and 1280 px."""
    app = served.page()
    out = served.site.build
    manifest = json.loads((out.out / out.files[offline.MANIFEST]).read_text("utf-8"))
    tiles = "".join(
        f'<figure><img src="{served.site.url}assets/{icon["src"]}" alt="" '
        f'class="{icon["purpose"]}"><figcaption>{icon["sizes"]} {icon["purpose"]}'
        "</figcaption></figure>"
        for icon in manifest["icons"]
    )
    app.page.set_content(
        "<!doctype html><style>body{font:16px sans-serif;background:#e8d6ad;display:flex;"
        "flex-wrap:wrap;gap:24px;padding:24px}img{width:160px;height:160px;border-radius:22%}"
        "img.maskable{border-radius:50%}figure{margin:0;text-align:center}</style>" + tiles
    )
    app.page.wait_for_function(
        "[...document.images].every((image) => image.complete && image.naturalWidth > 0)"
    )
    sizes = app.page.evaluate("[...document.images].map((image) => image.naturalWidth)")
    assert sizes == [int(icon["sizes"].split("x")[0]) for icon in manifest["icons"]]
    for width, viewport in ((1280, DESKTOP), (375, PHONE)):
        app.page.set_viewport_size(viewport)
        _shot(app.page, f"offline-icons-{width}")


# ------------------------------------------------ where the browser says no

#: the service worker API throws as well, as where a browser denies it to a
#: document (a third-party iframe with storage blocked, an opaque origin)
_BLOCK_WORKERS = (
    BLOCK_STORAGE
    + """
Object.defineProperty(Navigator.prototype, "serviceWorker", {
  configurable: true,
  get() { throw new DOMException("service workers are denied", "SecurityError"); },
});
"""
)


def test_an_embed_in_another_sites_iframe_registers_nothing(
    browser: Browser, site: Site, tmp_path: Path
) -> None:
    """In another site's page, with storage, caches and service workers all
    throwing, the board still starts and plays a step; it registers nothing."""
    (tmp_path / "host.html").write_text(
        "<!doctype html><meta charset='utf-8'><title>Another site</title>"
        "<link rel='icon' href='data:,'>"
        f'<iframe src="{site.url}embed.html?scenario=two_players&amp;lang=en" '
        'title="Boss Quest" width="720" height="560"></iframe>',
        "utf-8",
    )
    for origin in serve(tmp_path, []):
        context = browser.new_context(viewport=DESKTOP, locale="en-GB")
        context.add_init_script(_BLOCK_WORKERS)
        log = ContextLog()
        log.watch(context)
        page = context.new_page()
        page.goto(origin + "/host.html")
        page.frame_locator("iframe").locator("html[data-offline='off']").wait_for(
            state="attached", timeout=READY_TIMEOUT_MS
        )
        board = page.frame(url=lambda url: "embed.html" in url)
        assert board is not None
        _wait_ready(board)
        session = TutorialSession(load_tutorial("two_players"), name="two_players")
        board.wait_for_selector(_selector(session), state="attached")
        while not session.reader_turn():
            board.click("#tut-next")
            session.command("next")
            board.wait_for_selector(_selector(session), state="attached")
        act = _act(session)
        board.click(f"#actions [data-cmd='act'][data-act='{act}']")
        session.command("act", act)
        board.wait_for_selector(_selector(session), state="attached")
        context.close()
        assert log.errors == [] and log.failed == []


def test_a_page_denied_service_workers_works_online(browser: Browser, site: Site) -> None:
    """The site's own page, where reading navigator.serviceWorker throws: the
    game still starts, and the page says offline use is unsupported."""
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    context.add_init_script(_BLOCK_WORKERS.replace(BLOCK_STORAGE, ""))
    log = ContextLog()
    log.watch(context)
    page = context.new_page()
    page.goto(site.url + "?game=bossquest", wait_until="domcontentloaded")
    _wait_ready(page)
    _wait(page, "html[data-offline='unsupported']")
    context.close()
    assert log.errors == [] and log.failed == []
