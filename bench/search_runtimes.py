"""The same fixed searches timed in each runtime the hard bot runs in: CPython,
one Pyodide under Node, and the page's worker in Chromium, alone and two at
once (the page's worker with its search helper).

    python bench/search_runtimes.py [--games 2] [--every 3] [--playouts 150]

The searches are the search helper's own requests (``game.engine.search_share``):
at every ``--every``-th decision of seat 0 in ``--games`` seeded 4-player games
of the normal bot, for each playable game, ``--playouts`` playouts over the
first four candidates with a budget so long that the count always binds. So
every runtime does exactly the same work, and the cost of one playout is
comparable from runtime to runtime, unlike the page's budget, where a
different count makes the bot decide otherwise.

Each runtime runs the requests twice in a row (round 1 cold, with its first
compiles and empty tables; round 2 warm). In Chromium the site is built and
served on 127.0.0.1, and the requests go to workers of the site's
``py-worker.js`` opened as the helper is (named ``searcher``): first one
worker, then two at once, each running all the requests, then one and two
again. It prints the microseconds of one playout by runtime, game and round.
The timing and the requests are ``bench/search_runtimes_run.py``'s, which
Node's Pyodide runs as a script. The wall clock is the only clock that all
three runtimes share here: run it on a quiet machine. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "tests" / "pyodide" / "run_python.mjs"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
if str(ROOT / "bench") not in sys.path:
    sys.path.insert(0, str(ROOT / "bench"))

from search_runtimes_run import Requests, Rounds, fixed_requests, time_here  # noqa: E402

#: the page's side: opens `count` helper workers of the site's py-worker.js,
#: sends each every request in turn, twice, and times each game's requests
WORKERS_JS = """async ([requests, count]) => {
  const link = [...document.scripts].map((s) => s.src).find((s) => s.includes("worker-link"));
  const source = await (await fetch(link)).text();
  const url = new URL(source.match(new RegExp("py-worker[.][0-9a-f]+[.]js"))[0], link);
  const one = async () => {
    const worker = new Worker(url, { type: "module", name: "searcher" });
    const inbox = [];
    let wake = null;
    const arrive = (text) => { inbox.push(text); if (wake) { const w = wake; wake = null; w(); } };
    worker.onmessage = (event) => {
      const text = String(event.data);
      if (!text.includes('"progress"') && !text.includes('"runtime"')) arrive(text);
    };
    worker.onerror = (event) =>
      arrive(JSON.stringify([{ kind: "fail", detail: String(event.message) }]));
    const next = async () => {
      if (!inbox.length) await new Promise((resolve) => { wake = resolve; });
      const message = JSON.parse(inbox.shift())[0];
      if (message.kind === "fail") throw new Error(message.detail);
      return message;
    };
    worker.postMessage(JSON.stringify({ kind: "open", page: "search" }));
    await next();
    const rounds = [];
    for (let round = 0; round < 2; round++) {
      const times = {};
      for (const [name, list] of Object.entries(requests)) {
        const started = performance.now();
        let playouts = 0;
        for (const request of list) {
          worker.postMessage(JSON.stringify(request));
          playouts += (await next()).visits.reduce((a, b) => a + b, 0);
        }
        times[name] = [playouts, performance.now() - started];
      }
      rounds.push(times);
    }
    worker.terminate();
    return rounds;
  };
  return await Promise.all(Array.from({ length: count }, one));
}"""


def time_node(args: argparse.Namespace) -> Rounds:
    """Both rounds in Pyodide under Node (this script run by run_python.mjs)."""
    script = ROOT / "bench" / "search_runtimes_run.py"
    command = [
        "node",
        str(RUNNER),
        str(script),
        str(args.games),
        str(args.every),
        str(args.playouts),
    ]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True)
    rounds: Rounds = json.loads(done.stdout.strip().splitlines()[-1])
    return rounds


def time_chromium(requests: Requests) -> dict[str, list[Rounds]]:
    """Both rounds in one worker, then in two at once, then again: by label,
    each worker's rounds."""
    from page_playouts import served_site  # bench/page_playouts.py, beside this script
    from playwright.sync_api import sync_playwright

    from build import CHROMIUM, CHROMIUM_ARGS

    figures: dict[str, list[Rounds]] = {}
    with served_site() as site, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))
        try:
            page = browser.new_page()
            page.goto(site.url + "?game=bossquest")
            for label, count in (
                ("1 worker", 1),
                ("2 workers", 2),
                ("1 worker, again", 1),
                ("2 workers, again", 2),
            ):
                workers = page.evaluate(WORKERS_JS, [requests, count])
                figures[label] = [
                    [{name: ms / n * 1000 for name, (n, ms) in times.items()} for times in rounds]
                    for rounds in workers
                ]
        finally:
            browser.close()
    return figures


def _rows(label: str, rounds: Rounds) -> list[str]:
    return [
        f"  {label:<34}{index + 1:>6}" + "".join(f"{costs[name]:>12.0f}" for name in costs)
        for index, costs in enumerate(rounds)
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The same fixed searches in each runtime.")
    parser.add_argument("--games", type=int, default=2, help="seeded games per game (2)")
    parser.add_argument("--every", type=int, default=3, help="one decision in every N (3)")
    parser.add_argument("--playouts", type=int, default=150, help="playouts a search (150)")
    args = parser.parse_args(argv)
    requests = fixed_requests(args.games, args.every, args.playouts)
    counts = ", ".join(f"{name} {len(own)}" for name, own in requests.items())
    print(f"the same searches ({counts}; {args.playouts} playouts each), µs a playout")
    print(f"  {'runtime':<34}{'round':>6}" + "".join(f"{name:>12}" for name in requests))
    lines = _rows("CPython " + sys.version.split()[0], time_here(requests))
    lines += _rows("Pyodide under Node", time_node(args))
    for label, workers in time_chromium(requests).items():
        for index, rounds in enumerate(workers):
            lines += _rows(f"Chromium, {label} (#{index + 1})", rounds)
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
