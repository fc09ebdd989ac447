"""A return visit starts Python from the build's memory snapshot
(sitebuild/snapshot.py, site/partials/pyodide-start.mjs), in Chromium.

The first visit starts cold (html[data-runtime-start="cold"]) and never fetches
the snapshot itself; the service worker caches it with the build and keeps an
unpacked copy. The next visit starts from it ("snapshot") and plays: the game's
modules imported at build time, the ones imported later from the standard
library and the game's zip, the page's JavaScript reached from Python. A
snapshot that is corrupt, cut short or missing gives a cold start that plays
just the same (the page fixture fails on any console error).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import READY_TIMEOUT_MS, App

_START_JS = "() => document.documentElement.dataset.runtimeStart"

#: every copy of the snapshot the site's caches hold (packed and unpacked)
_SNAPSHOT_KEYS_JS = """async () => {
  const found = [];
  for (const name of await caches.keys()) {
    for (const request of await (await caches.open(name)).keys()) {
      if (request.url.includes("/snapshot.")) found.push([name, request.url]);
    }
  }
  return found;
}"""

_SPOIL_JS = """async ([how, keys]) => {
  for (const [name, url] of keys) {
    const cache = await caches.open(name);
    if (how === "missing") {
      await cache.delete(url);
      continue;
    }
    const bytes = new Uint8Array(await (await cache.match(url)).arrayBuffer());
    if (how === "truncated") {
      await cache.put(url, new Response(bytes.slice(0, bytes.length >> 1)));
    } else {
      bytes[bytes.length >> 1] ^= 0xff; // one byte of the Python heap changed
      await cache.put(url, new Response(bytes));
    }
  }
}"""


def _first_visit(app: App) -> None:
    """A first visit: cold, then the service worker holds the build."""
    app.open("?botdelay=0&seed=3")
    app.wait_ready()
    assert app.page.evaluate(_START_JS) == "cold"
    app.page.wait_for_selector(
        "html[data-offline='ready']", state="attached", timeout=READY_TIMEOUT_MS
    )


def _plays(app: App) -> None:
    """Bots play a few moves: the rules, the client and the page work."""
    page: Page = app.page
    for seat in page.locator("#seats .seat:visible").all():
        seat.locator("label", has_text="Bot").first.click()
    page.locator("#start").click()
    page.wait_for_function("() => Number(document.getElementById('board')?.dataset.seq || 0) >= 4")


def test_the_first_visit_never_fetches_the_snapshot(app: App) -> None:
    app.open("?botdelay=0&seed=3")
    app.wait_ready()
    snapshot = app.site.build.files["pyodide/snapshot"]
    # what the page itself asked for until ready (the worker registers after)
    assert not [url for url in app.log.requests if snapshot in url]


def test_a_return_visit_starts_from_the_snapshot_and_plays(app: App) -> None:
    _first_visit(app)
    keys = app.page.evaluate(_SNAPSHOT_KEYS_JS)
    snapshot = app.site.build.files["pyodide/snapshot"]
    urls = {url.split("/", 3)[3] for _, url in keys}
    assert urls == {snapshot, snapshot.removesuffix(".gz")}, keys
    app.open("?botdelay=0&seed=3")
    app.wait_ready()
    assert app.page.evaluate(_START_JS) == "snapshot"
    _plays(app)


def test_the_tutorial_board_starts_from_the_snapshot(app: App) -> None:
    _first_visit(app)
    app.open("embed.html?game=bossquest&scenario=basic_turn&lang=en")
    app.wait_ready()
    assert app.page.evaluate(_START_JS) == "snapshot"


@pytest.mark.parametrize("how", ["corrupt", "truncated", "missing"])
def test_a_spoiled_snapshot_gives_a_cold_start_that_plays(app: App, how: str) -> None:
    _first_visit(app)
    app.page.evaluate(_SPOIL_JS, [how, app.page.evaluate(_SNAPSHOT_KEYS_JS)])
    app.open("?botdelay=0&seed=3")
    app.wait_ready()
    assert app.page.evaluate(_START_JS) == "cold"
    _plays(app)
