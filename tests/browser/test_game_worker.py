"""The game page's Python in a Web Worker (game/web/game_page.py behind
assets/py-worker.js): a local game driven through worker-link.js on a bare
page of the site, the bots thinking in the worker's ``later``/``tick`` tasks.

The page the game page will become only draws what these messages say; here
the messages themselves are checked: a bot's turns arrive as draws and
``bot`` reports, the worker keeps its ``later`` messages to itself, and the
page's main thread runs no long task while the bots think."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext, Page, Route

import build
from tests.browser.conftest import PageLog, Site

LAB = "lab-game.html"
READY_MS = 120_000


def _lab_html(worker_link: str) -> str:
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>game worker</title></head>
<body><script type="module">
import {{ connect }} from "/{worker_link}";
window.got = [];
window.longest = 0;
new PerformanceObserver((list) => {{
  for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration);
}}).observe({{ type: "longtask", buffered: true }});
// every kind Python sends is kept, in order
const keep = new Proxy({{}}, {{ get: () => (message) => got.push(message) }});
window.openGame = (open) => {{ window.send = connect("game", open, keep); }};
</script></body></html>"""


@pytest.fixture
def lab(context: BrowserContext, page_log: PageLog, site: Site) -> Iterator[Page]:
    html = _lab_html(site.build.files["assets/worker-link.js"])
    # no Content-Security-Policy: the lab's script is inline (the worker's
    # own policy comes with its script, as on the site)
    headers = {"Content-Type": "text/html; charset=utf-8"}

    def fulfil(route: Route) -> None:
        route.fulfill(status=200, headers=headers, body=html)

    context.route(site.url + LAB, fulfil)
    page = page_log.watch(context.new_page())
    page.goto(site.url + LAB)
    yield page
    problems = page_log.problems()
    page.close()
    if problems:
        pytest.fail("the page misbehaved:\n  " + "\n  ".join(problems), pytrace=False)


def _settings(kinds: list[str], level: str) -> str:
    players = [
        {"seat": i, "name": f"Knight{i}", "kind": kind}
        | ({"level": level} if kind == "bot" else {})
        for i, kind in enumerate(kinds)
    ]
    data = {"version": 3, "game": "bossquest", "lang": "en", "players": players, "options": {}}
    return json.dumps({**data, "hint": False})


def test_the_bots_think_in_the_worker_and_the_page_gets_their_moves(lab: Page) -> None:
    lab.evaluate(
        """(catalogue) => openGame({
            search: "?game=bossquest&seed=5&botdelay=0",
            base: location.href,
            catalogue: catalogue,
            lang: "en",
            storage: { local: {}, session: {} },
        })""",
        build.catalogue_json(),
    )
    lab.wait_for_function("() => got.some((m) => m.kind === 'ready')", timeout=READY_MS)
    opened = [m["kind"] for m in lab.evaluate("got")]
    # how far the start came (the loading bar's steps), then Python answers the open:
    # network play beside the local game has looked for hosted games to offer
    steps = opened.count("progress")
    assert steps >= 2 and opened == ["progress"] * steps + ["runtime", "offers", "ready"]
    # two hard bots play first: several thinking tasks each, through later/tick
    settings = _settings(["bot", "bot", "human"], "hard")
    lab.evaluate("(settings) => send({ kind: 'start', settings })", settings)
    lab.wait_for_function(
        "() => got.some((m) => m.kind === 'draw' && m.markers.phase === 'human')",
        timeout=READY_MS,
    )
    got = lab.evaluate("got")
    kinds = [m["kind"] for m in got]
    assert "later" not in kinds and "tick" not in kinds
    reports = [m["stats"] for m in got if m["kind"] == "bot"]
    assert len(reports) >= 2, kinds
    # a hard bot's search: playouts, in several tasks of the worker
    assert all(report["playouts"] > 0 and report["calls"] > 1 for report in reports), reports
    # every draw of the game comes after its save
    for at, message in enumerate(got):
        if message["kind"] == "draw":
            assert "store" in kinds[:at], kinds[: at + 1]
    print(f"\nlongest main-thread task while two hard bots thought: {lab.evaluate('longest')} ms")
