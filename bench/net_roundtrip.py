"""Network play benchmark: the action round trip, from a guest's click until
every screen (the host and all guests) shows the result.

    python bench/net_roundtrip.py [--actions 40] [--transport tabs|rtc|both] [--json]

It builds the site into a temporary directory and serves it with netlify.toml's
headers. ``tabs``: one Chromium context, a host tab and two guest tabs (a
3-player game, no bot), over BroadcastChannel sealed per pair. ``rtc``: a host
and one guest in two browser contexts (two "devices") paired over WebRTC by
copying the invitation and the answer through the page, Chromium and the server
running in a private network namespace (tests/browser/netns.py; needs root).

Every page records, for each version it shows, when ``#board[data-actions]``
first took it (``performance.timeOrigin + performance.now()``: one clock for
every page of the machine). At a guest's turn the benchmark clicks one of its
action buttons from inside the page (the click's time is taken there too) and
waits until every page shows the next version. The round trip is the last
page's time minus the click's. It prints the median and p95 over the actions.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (the repository root is put on sys.path just above)
from build import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.browser.net_play import NetPage  # noqa: E402

QUERY = "?botdelay=0"

#: records when each version first shows on this page's board
_SEEN_PROBE = """
(() => {
  window.__bqSeen = {};
  const mark = () => {
    const board = document.getElementById("board");
    const v = board && board.getAttribute("data-actions");
    if (v !== null && v !== undefined && window.__bqSeen[v] === undefined) {
      window.__bqSeen[v] = performance.timeOrigin + performance.now();
    }
  };
  new MutationObserver(mark).observe(document, {
    subtree: true, attributes: true, attributeFilter: ["data-actions"],
  });
})();
"""

#: clicks the index-th action button; returns when (the shared clock)
_CLICK_JS = """(index) => {
  const buttons = document.querySelectorAll("#actions [data-cmd=act]");
  const at = performance.timeOrigin + performance.now();
  buttons[index].click();
  return at;
}"""


@contextmanager
def _serving(root: Path, host: str = "127.0.0.1") -> Iterator[str]:
    server = build.make_server(root, host, 0, headers=build.load_netlify_headers())
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://{host}:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def _open(context: Any, origin: str, name: str) -> NetPage:
    return NetPage.open(context, origin + "/" + QUERY, origin, name, record=False, init=_SEEN_PROBE)


def measure_game(
    host: NetPage, guests: Sequence[NetPage], actions: int, seed: int = 1
) -> list[float]:
    """Play until `actions` guest moves were timed (or the game ends)."""
    rng = random.Random(seed)
    pages = [host, *guests]
    seats = {int(p.marker("viewer")): p for p in pages}
    samples: list[float] = []
    for page in pages:  # versions start again at 0 in each game
        page.page.evaluate("() => { window.__bqSeen = {}; }")
    while len(samples) < actions and host.marker("stage") != "over":
        version = host.version()
        to_act = host.marker("to-act")
        page = seats[int(to_act)]
        page.wait_version(version)
        page.acknowledge()
        if page.phase() != "human":
            continue
        if page is host:
            page.act(rng)
            continue
        count = page.page.locator("#actions [data-cmd=act]").count()
        clicked = float(page.page.evaluate(_CLICK_JS, rng.randrange(count)))
        shown = []
        for each in pages:
            each.wait_version(version + 1)
            shown.append(float(each.page.evaluate("(v) => window.__bqSeen[v]", str(version + 1))))
        samples.append(max(shown) - clicked)
    return samples


def _leave(host: NetPage, guests: Sequence[NetPage]) -> None:
    """The game is over: the host goes back to the network menu, the guests follow."""
    for page in (host, *guests):
        page.wait_version(host.version())
        page.acknowledge()
    host.page.click("#game-over [data-cmd=menu]")
    for page in (host, *guests):
        page.lobby_phase("menu")


def _tabs(browser: Browser, origin: str, actions: int) -> list[float]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        host = _open(context, origin, "Alice")
        guests = [_open(context, origin, "Bob"), _open(context, origin, "Chloé")]
        samples: list[float] = []
        seed = 1
        while len(samples) < actions:  # as many games as it takes
            room = host.host(3)
            guests[0].join_tab(room, 1)
            guests[1].join_tab(room, 2)
            host.seat_row(2, "guest")
            host.start()
            for guest in guests:
                guest.on_board()
            samples += measure_game(host, guests, actions - len(samples), seed)
            seed += 1
            if len(samples) < actions:
                _leave(host, guests)
        return samples
    finally:
        context.close()


def _rtc(actions: int, dist: Path) -> list[float]:
    """Two devices over WebRTC, Chromium and the server inside a private network
    namespace made here (tests/browser/netns.py: needs root)."""
    from tests.browser import netns  # the harness of the WebRTC tests

    reason = netns.skip_reason()
    if reason:
        raise SystemExit(f"rtc: {reason}")
    ns = netns.NetNs.create()
    try:
        process, origin = netns.serve_in(ns, dist)
        try:
            with tempfile.TemporaryDirectory(prefix="bq-netns-") as temp:
                wrapper = ns.wrapper(Path(temp))
                with sync_playwright() as playwright:
                    browser = playwright.chromium.launch(
                        executable_path=str(wrapper), args=netns.chromium_args()
                    )
                    try:
                        return _rtc_game(browser, origin, actions)
                    finally:
                        browser.close()
        finally:
            process.terminate()
            process.wait(timeout=10)
    finally:
        ns.delete()


def _rtc_game(browser: Browser, origin: str, actions: int) -> list[float]:
    from tests.browser.test_net_webrtc import pair_devices

    host_context = browser.new_context(viewport={"width": 1280, "height": 800})
    guest_context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        host = _open(host_context, origin, "Alice")
        samples: list[float] = []
        seed = 1
        guest: NetPage | None = None
        while len(samples) < actions:  # as many games as it takes
            host.host(2)
            if guest is None:
                guest = pair_devices(host, guest_context, origin, probe=_SEEN_PROBE)
            else:  # the same device: a new invitation, opened in the same tab
                host.page.click("[data-cmd=net-invite]")
                field = host.page.locator("#net-pairing [data-invite-link]")
                field.wait_for(timeout=60_000)
                guest.page.goto(field.input_value(), wait_until="domcontentloaded")
                guest.lobby_phase("join")
                guest.page.fill("#net-name", guest.name)
                guest.page.click("[data-cmd=net-join-rtc]")
                code = guest.page.locator("#net-pairing [data-answer-code]")
                code.wait_for(timeout=60_000)
                host.page.fill("#net-pairing [data-answer-input]", code.inner_text().strip())
                host.page.click("#net-pairing [data-answer-connect]")
                guest.sit(1)
                host.seat_row(1, "guest")
            host.start()
            guest.on_board()
            samples += measure_game(host, [guest], actions - len(samples), seed)
            seed += 1
            if len(samples) < actions:
                _leave(host, [guest])
        return samples
    finally:
        host_context.close()
        guest_context.close()


def _summary(samples: list[float]) -> dict[str, Any]:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {
        "actions": len(samples),
        "median_ms": round(statistics.median(samples), 1),
        "p95_ms": round(p95, 1),
        "min_ms": round(ordered[0], 1),
        "max_ms": round(ordered[-1], 1),
    }


def measure(actions: int, transports: Sequence[str]) -> dict[str, Any]:
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="bq-bench-") as tmp:
        built = build.build(Path(tmp) / "dist", quiet=True)
        if "tabs" in transports:
            with _serving(built.out) as origin, sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, args=list(CHROMIUM_ARGS)
                )
                try:
                    results["tabs"] = _summary(_tabs(browser, origin, actions))
                finally:
                    browser.close()
        if "rtc" in transports:
            results["rtc"] = _summary(_rtc(actions, built.out))
    return results


def _table(results: dict[str, Any]) -> str:
    names = {"tabs": "tabs (BroadcastChannel, 3 tabs)", "rtc": "devices (WebRTC, 2 contexts)"}
    lines = ["action round trip: a guest clicks -> every screen shows it (Chromium, this machine)"]
    for key, row in results.items():
        lines.append(
            f"  {names[key]:<34} median {row['median_ms']:6.1f} ms   p95 {row['p95_ms']:6.1f} ms"
            f"   ({row['actions']} actions, min {row['min_ms']:.1f}, max {row['max_ms']:.1f})"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=40, help="guest actions to time")
    parser.add_argument("--transport", choices=["tabs", "rtc", "both"], default="both")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    transports = ["tabs", "rtc"] if args.transport == "both" else [args.transport]
    results = measure(args.actions, transports)
    print(json.dumps(results, indent=2) if args.json else _table(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
