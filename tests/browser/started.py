"""Game pages already started, shared by a test module's read-only tests.

Starting a page's Python costs seconds; a test that only looks at a game
(its menu, a board at a turn, a round's result) needs no page of its own.
``started_pages`` (module scope) keeps one started page per game, width and
locale, each in a warm browser context of its own (warm.py: a returning
player's, kept for the pages of that game, width and locale of every module)
with prefers-reduced-motion; a test
takes one through the ``started`` fixture, which hands it back on the game's
menu (a game in play is left by its own Quit button, as a person would: no
second start of the runtime) and fails the test if the page misbehaved
during it, as the ``page`` fixture does (conftest.py). A test module imports
both fixtures:

    from tests.browser.started import StartedPages, started, started_pages  # noqa: F401
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest

from tests.browser.conftest import DESKTOP, PHONE, App, PageLog, Site
from tests.browser.warm import WarmContext, WarmPool

#: a page on a busy machine may take this long to start (a cap on waiting)
LOADED_MS = 120_000
#: each width's height, as a phone or a laptop shows the page
HEIGHTS = {PHONE["width"]: PHONE["height"], DESKTOP["width"]: DESKTOP["height"]}
#: the phases whose panel covers the board, and the button that passes it
_COVERED = {
    "result": "#round-result [data-cmd=continue]",
    "curtain": "#curtain [data-cmd=reveal]",
}


def _clear(log: PageLog) -> None:
    """Forget what the page did so far (it was checked)."""
    for found in (log.requests, log.foreign, log.console_errors, log.page_errors):
        found.clear()
    log.bad_responses.clear()
    log.expect_errors = False


@dataclass
class StartedPages:
    """The started pages of one test module, by game, width and locale."""

    pool: WarmPool
    site: Site
    apps: dict[tuple[str, int, str], App] = field(default_factory=dict)
    contexts: list[WarmContext] = field(default_factory=list)
    #: the pages handed to the running test (checked when it ends)
    lent: list[App] = field(default_factory=list)

    def menu(self, game: str, width: int = 1280, locale: str = "en-GB") -> App:
        """The game's page at `width` in a browser of `locale`, ready, on its
        menu (opened on the first call, with the bots at once and a fixed
        deal; then brought back from wherever the last test left it)."""
        key = (game, width, locale)
        app = self.apps.get(key)
        if app is None:
            app = self._open(game, width, locale)
            self.apps[key] = app
        else:
            app.page.set_viewport_size({"width": width, "height": HEIGHTS[width]})
            back_to_the_menu(app)
        self.lent.append(app)
        return app

    def _open(self, game: str, width: int, locale: str) -> App:
        warm = self.pool.get(locale, tag=f"started {game} {width}")
        self.contexts.append(warm)
        page = warm.open_page({"width": width, "height": HEIGHTS[width]}, LOADED_MS)
        log = PageLog(origin=self.site.origin)
        app = App(log.watch(page), log, self.site)
        app.open(f"?game={game}&botdelay=0&seed=1")
        app.wait_ready()
        return app

    def problems(self) -> list[str]:
        """What the lent pages did wrong during the test; they are then
        forgotten (and a page that misbehaved is not lent again)."""
        found: list[str] = []
        for app in self.lent:
            mine = app.log.problems()
            found += mine
            _clear(app.log)
            if mine:
                self.apps = {key: kept for key, kept in self.apps.items() if kept is not app}
        self.lent.clear()
        return found

    def close(self) -> None:
        for warm in self.contexts:
            warm.reset()


def back_to_the_menu(app: App) -> None:
    """From the board, whatever its phase, to the game's menu by the page's
    own buttons (the end's "Back to the menu", or Quit and its confirmation)."""
    page = app.page
    screen = page.get_attribute("html", "data-screen")
    if screen == "menu":
        return
    if screen != "board":  # elsewhere (a test that failed midway): open the page again
        app.open(page.url.partition("#")[0].removeprefix(app.site.url))
        app.wait_ready()
        return
    # a round's result and the curtain cover the board's Quit: past them first
    for _ in range(20):
        phase = page.get_attribute("#board", "data-phase")
        if phase not in _COVERED:
            break
        seq = page.get_attribute("#board", "data-seq")
        page.locator(_COVERED[str(phase)]).click()
        page.wait_for_selector(f"#board:not([data-seq='{seq}'])", state="attached")
    if page.get_attribute("#board", "data-phase") == "over":
        page.locator("#game-over [data-cmd=menu]").click()
    else:
        page.locator("[data-cmd=quit]").click()
        page.locator("[data-cmd=quit-yes]").click()
    page.wait_for_selector("html[data-screen='menu']", state="attached")


@pytest.fixture(scope="module")
def started_pages(warm_pool: WarmPool, site: Site) -> Iterator[StartedPages]:
    pages = StartedPages(warm_pool, site)
    yield pages
    pages.close()


@pytest.fixture
def started(started_pages: StartedPages) -> Iterator[StartedPages]:
    """The module's started pages, for one test: fails it if a page it took
    misbehaved meanwhile (another origin asked, an error, a failed response)."""
    yield started_pages
    problems = started_pages.problems()
    if problems:
        pytest.fail("the page misbehaved:\n  " + "\n  ".join(problems), pytrace=False)
