"""The warm browser context the browser tests share (tests/browser/warm.py):
each test meets a returning player's browser, whose service worker holds the
build, and nothing a test before it stored; a test marked ``first_visit``
gets a first visit."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.browser.conftest import App, Site
from tests.browser.warm import WarmContext

_START_JS = "() => document.documentElement.dataset.runtimeStart"

#: what a test could leave behind in each store a page can write
_STORE_JS = """async () => {
  localStorage.setItem("warm-probe", "left");
  sessionStorage.setItem("warm-probe", "left");
  document.cookie = "warmprobe=left; max-age=3600";
  await new Promise((done, failed) => {
    const opened = indexedDB.open("warm-probe", 1);
    opened.onupgradeneeded = () => opened.result.createObjectStore("kept");
    opened.onsuccess = () => { opened.result.close(); done(); };
    opened.onerror = () => failed(opened.error);
  });
}"""

#: what of it a later page finds
_FOUND_JS = """async () => ({
  local: localStorage.getItem("warm-probe"),
  session: sessionStorage.getItem("warm-probe"),
  cookie: document.cookie.includes("warmprobe"),
  databases: (await indexedDB.databases()).map((d) => d.name).filter((n) => n === "warm-probe"),
  controlled: navigator.serviceWorker.controller !== null,
})"""


@pytest.fixture
def lent(warm: WarmContext) -> Iterator[WarmContext]:
    """The warm context, reset after the test whatever happens in it."""
    yield warm
    warm.reset()


def _ready(app: App) -> None:
    app.open("?botdelay=0&seed=2")
    app.wait_ready()


def test_a_test_meets_a_returning_players_browser(app: App) -> None:
    _ready(app)
    assert app.page.evaluate(_START_JS) == "snapshot"


@pytest.mark.first_visit
def test_a_first_visit_test_meets_a_browser_that_never_came(app: App) -> None:
    _ready(app)
    assert app.page.evaluate(_START_JS) == "cold"


def test_a_reset_forgets_what_a_test_stored_and_keeps_the_build(
    lent: WarmContext, site: Site
) -> None:
    warm = lent
    context = warm.lend()
    page = context.new_page()
    page.goto(site.url + "?game=bossquest&botdelay=0", wait_until="domcontentloaded")
    page.wait_for_selector("html[data-state='ready']", state="attached")
    page.evaluate(_STORE_JS)
    stored = page.evaluate(_FOUND_JS)
    assert stored == {
        "local": "left",
        "session": "left",
        "cookie": True,
        "databases": ["warm-probe"],
        "controlled": True,
    }
    warm.reset()
    assert page.is_closed()
    again = warm.lend().new_page()
    again.goto(site.url + "?game=bossquest&botdelay=0", wait_until="domcontentloaded")
    again.wait_for_selector("html[data-state='ready']", state="attached")
    assert again.evaluate(_FOUND_JS) == {
        "local": None,
        "session": None,
        "cookie": False,
        "databases": [],
        "controlled": True,
    }
    assert again.evaluate(_START_JS) == "snapshot"


def test_a_closed_warm_context_is_made_again(lent: WarmContext, site: Site) -> None:
    warm = lent
    warm.lend().close()
    page = warm.lend().new_page()
    page.goto(site.url + "?game=bossquest&botdelay=0", wait_until="domcontentloaded")
    page.wait_for_selector("html[data-state='ready']", state="attached")
    assert page.evaluate(_START_JS) == "snapshot"
