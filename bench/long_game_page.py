"""A 1,000-action game in the page: each draw's main-thread time and size at
the start and at the end, and the page's long tasks. Printed, never asserted
(issue #28, "long games stay fast").

    python bench/long_game_page.py [--players 6] [--rounds 40] [--seed 3]

It builds the site with the test games (``build.py --test-games``), serves it
on 127.0.0.1 and opens Raid, the test game, in Debian's Chromium through
Playwright: every seat a normal bot, the night as long as `--rounds` says
(Raid's ``rounds`` option: 40 rounds at 6 players make games of about 1,000
actions), the bots at full speed (``?botdelay=0``). The page records each draw
(`window.__bqDraws`, set by site/assets/game-board.js when a benchmark asks):
its main-thread time (the DOM morph, the markers, the live region) and the
length of the HTML the worker sent. The Long Tasks API gives every task over
50 ms on the main thread. It prints the median of the first and of the last 50
draws, their ratio (the aim: the last no slower than 1.5 times the first), the
HTML's size at the start and at the end, and the longest main-thread task (the
aim: none over 100 ms). Before the page, it prints what a network guest is
sent through the same game (`bench/long_game_frames.py`): each state frame's
size at the start and at the end, and a returning guest's snapshot.
Wall-clock figures of this machine, under its load: compare them within one
run.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import long_game_frames  # noqa: E402  (bench/long_game_frames.py, beside this script)

import build  # noqa: E402

#: how many draws at each end of the game are compared
EDGE = 50
#: the longest a whole game may take here (a cap on waiting, not a figure)
GAME_MS = 30 * 60 * 1000

_WATCH_JS = """
window.__bqDraws = [];
window.__longTasks = [];
new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
        window.__longTasks.push({start: entry.startTime, duration: entry.duration});
    }
}).observe({type: 'longtask'});
"""


def _play(url: str, players: int, rounds: int) -> dict[str, Any]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.add_init_script(_WATCH_JS)
        page.emulate_media(reduced_motion="reduce")
        page.goto(url, wait_until="domcontentloaded")
        page.wait_for_selector("html[data-state='ready']", state="attached", timeout=120_000)
        page.locator("#count-choices label", has_text=str(players)).click()
        for seat in range(players):
            page.locator(f"#seats .seat[data-seat='{seat}'] label:has(input[value='bot'])").click()
        page.fill("input[data-option='rounds']", str(rounds))
        page.locator("#start").click()
        _play_to_the_end(page)
        found: dict[str, Any] = page.evaluate(
            "() => ({draws: window.__bqDraws, tasks: window.__longTasks,"
            " actions: Number(document.getElementById('board').dataset.actions || 0)})"
        )
        browser.close()
        return found


def _play_to_the_end(page: Any) -> None:
    """Bots play every seat; a round's result waits for its Continue, as for
    a person, so the benchmark presses it each time."""
    end_or_result = "#board[data-phase='over'], #round-result [data-cmd=continue]"
    while True:
        page.wait_for_selector(end_or_result, state="attached", timeout=GAME_MS)
        if page.locator("#board[data-phase='over']").count():
            return
        page.locator("#round-result [data-cmd=continue]").click()


def _report(found: dict[str, Any]) -> None:
    draws = [draw for draw in found["draws"] if draw["chars"] > 0]
    first, last = draws[:EDGE], draws[-EDGE:]
    first_ms = statistics.median(draw["ms"] for draw in first)
    last_ms = statistics.median(draw["ms"] for draw in last)
    longest = max([0.0, *(task["duration"] for task in found["tasks"])])
    print(f"actions played: {found['actions']}, draws: {len(draws)}")
    print(
        f"draw on the main thread, median of the first {len(first)}: {first_ms:.2f} ms; "
        f"of the last {len(last)}: {last_ms:.2f} ms; last / first: {last_ms / first_ms:.2f}"
    )
    print(
        f"HTML sent for a draw, median: first {statistics.median(d['chars'] for d in first):.0f}"
        f" chars, last {statistics.median(d['chars'] for d in last):.0f} chars"
    )
    print(f"slowest draw: {max(draw['ms'] for draw in draws):.1f} ms")
    print(f"main-thread tasks over 50 ms: {len(found['tasks'])}, the longest {longest:.0f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    long_game_frames.report(long_game_frames.play(args.players, args.rounds, args.seed))
    with tempfile.TemporaryDirectory() as folder:
        built = build.build(Path(folder) / "dist", quiet=True, test_games=True)
        server = build.make_server(built.out, "127.0.0.1", 0, headers=build.load_netlify_headers())
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            port = server.server_address[1]
            url = f"http://127.0.0.1:{port}/?game=raid&botdelay=0&seed={args.seed}"
            _report(_play(url, args.players, args.rounds))
        finally:
            server.shutdown()
            server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
