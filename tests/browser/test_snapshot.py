"""A return visit starts Python from the build's memory snapshot
(sitebuild/snapshot.py, site/partials/pyodide-start.mjs), in Chromium.

The first visit starts cold (html[data-runtime-start="cold"]) and never fetches
the snapshot itself; the service worker caches it with the build and keeps an
unpacked copy. The next visit starts from it ("snapshot") and plays: the game's
modules imported at build time, the ones imported later from the standard
library and the game's zip, the page's JavaScript reached from Python. A
snapshot that is corrupt, cut short or missing gives a cold start that plays
just the same (the page fixture fails on any console error). Once started,
the page's worker keeps no copy of the snapshot's bytes (read in /proc).
"""

from __future__ import annotations

import gzip
import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, Playwright

from build import CHROMIUM, CHROMIUM_ARGS
from tests.browser.conftest import DESKTOP, READY_TIMEOUT_MS, App, PageLog, Site

#: a first visit, then a return one
pytestmark = pytest.mark.first_visit

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


def _renderer_pids() -> list[int]:
    """This test process's Chromium renderers (the browser process of a
    Playwright context keeps its Cache Storage, the snapshot too, in memory)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8") as stat:
                children.setdefault(int(stat.read().rsplit(")", 1)[1].split()[1]), []).append(
                    int(entry)
                )
        except (OSError, ValueError, IndexError):
            continue
    found, stack = [], list(children.get(os.getpid(), []))
    while stack:
        pid = stack.pop()
        stack += children.get(pid, [])
        try:
            # Chromium may rewrite its command line as one string: look for the word
            command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").split()
        except OSError:
            continue
        if b"--type=renderer" in command:
            found.append(pid)
    return found


def _resident_mappings_kb(pid: int, size_kb: int) -> list[int]:
    """The resident kB of each anonymous mapping of exactly `size_kb` in process `pid`."""
    found: list[int] = []
    size = None
    try:
        with open(f"/proc/{pid}/smaps", encoding="utf-8") as smaps:
            for line in smaps:
                field = line.split()
                if field[0] == "Size:":
                    size = int(field[1])
                elif field[0] == "Anonymous:" and size == size_kb:
                    found.append(int(field[1]))
    except OSError:
        pass
    return found


def test_a_return_visit_keeps_no_copy_of_the_snapshot(
    playwright_instance: Playwright, site: Site, tmp_path: Path
) -> None:
    # a profile on disk, as a phone's: a context of the session's browser
    # keeps its caches in memory, where the copies kept were not seen
    context = playwright_instance.chromium.launch_persistent_context(
        tmp_path, executable_path=CHROMIUM, args=list(CHROMIUM_ARGS), viewport=DESKTOP
    )
    try:
        log = PageLog(origin=site.origin)
        app = App(log.watch(context.new_page()), log, site)
        _first_visit(app)
        app.open("?botdelay=0&seed=3")
        app.wait_ready()
        assert app.page.evaluate(_START_JS) == "snapshot"
        assert not log.problems()
    finally:
        found = _snapshot_copies(site)
        context.close()
    assert not found, found


def _snapshot_copies(site: Site) -> list[int]:
    """The resident kB of each buffer of the snapshot's size in this test's renderers."""
    packed = site.build.out / site.build.files["pyodide/snapshot"]
    size = len(gzip.decompress(packed.read_bytes()))
    # a buffer of the snapshot's bytes is a mapping of its own, of its size in
    # pages; Python's memory, made from it, is a whole number of 64 kB pages
    size_kb = -(-size // 4096) * 4
    assert size_kb % 64
    kept = [kb for pid in _renderer_pids() for kb in _resident_mappings_kb(pid, size_kb)]
    return [kb for kb in kept if kb > size_kb // 2]
