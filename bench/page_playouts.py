"""The hard bot's playouts per decision in the real page (Chromium), with the
search helper and without (``?searchers=1``), for each game, in one run.

    python bench/page_playouts.py [--games 3] [--game NAME] [--botdelay MS] [--json]

It builds the site into a temporary directory, serves it on 127.0.0.1 with
netlify.toml's headers and starts one headless Chromium. For each playable
game (``game.registry.playable()``) it plays ``--games`` whole games of four
players, each in a fresh browser context, in each of two modes:

    helper   ?game=<name>&botdelay=<MS>&seed=<S>: on a device with 2+ cores
             the hard bot shares half its playouts with the search helper worker
    alone    the same with &searchers=1: the page's worker searches alone

``--botdelay`` is 0 by default (the bots' moves at once, a quick run); the
page's own pace is 750 (a bot's move shown for three quarters of a second,
during which its board is drawn and the next bot thinks), which leaves the
page's main thread idle while a hard bot thinks, as in real play.

Seat 0 is the human, played through the board as the browser tests do
(``tests.browser.play.Board``); seat 1 is Hard, seats 2 and 3 Normal. The
seeds are 1..N in both modes, and the modes alternate game by game (seed 1
helper, seed 1 alone, seed 2 helper, ...) so that the machine's noise falls
on both alike. The page dispatches ``bq:bot`` after each bot move; the hard
seat's moves that searched (``playouts > 0``, not a forced move) are counted.

It prints, for each game and mode: the searched decisions, the mean playouts
a decision, the mean of the helper's share of them (``shared``), the share of
decisions at the cap (``PAGE_SEARCH.playouts``), the mean ``compute_ms``, the
longest main-thread task after ready (Long Tasks API: the page never
freezes), and the ratio helper/alone of the mean playouts; and
``navigator.hardwareConcurrency`` as the page saw it. Nothing is asserted.

It also prints, from the decisions alone, the most that two or three workers
could run at them, each at most its share of the cap (``2 * min(n, 150)``,
``3 * min(n, 100)`` a decision): the bound of root-parallel search with no
worker slower than one alone.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (the repository root is put on sys.path just above)
from build import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from game.registry import playable  # noqa: E402
from game.web.session import PAGE_SEARCH  # noqa: E402
from tests.browser.conftest import DESKTOP, App, PageLog, Site, serve  # noqa: E402
from tests.browser.play import Board  # noqa: E402
from tests.browser.test_board import LONG_TASKS_JS  # noqa: E402
from tests.browser.test_bots import BOT_EVENTS_JS  # noqa: E402

MODES = ("helper", "alone")
#: what each mode adds to the page's query
MODE_QUERY = {"helper": "", "alone": "&searchers=1"}
PLAYERS = 4
HARD_SEAT = 1
LEVELS = {HARD_SEAT: "Hard", 2: "Normal", 3: "Normal"}
CAP = PAGE_SEARCH.playouts


@dataclass
class CardBoard(Board):
    """A board whose human plays a card at random (The Boss): ``Board``'s
    own policy knows Boss Quest's buttons only."""

    rng: random.Random = field(default_factory=random.Random)

    def human_move(self, activate: bool = True) -> str:
        cards = "#actions button[data-kind='play']"
        count = self.page.locator(cards).count()
        assert count, "a human's turn shows their cards"
        return self.click(cards, self.rng.randrange(count))


def _board(game: str, app: App, seed: int) -> Board:
    if game == "theboss":
        return CardBoard(app, rng=random.Random(seed))
    return Board(app)


@dataclass
class Played:
    """One game in one mode: the hard seat's searched moves, what the page saw."""

    moves: list[dict[str, Any]]
    longest_task_ms: float
    cores: int


def _play(
    browser: Browser, site: Site, game: str, seed: int, mode: str, botdelay: int = 0
) -> Played:
    """A whole game in a fresh context (cold caches, empty storage)."""
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    try:
        log = PageLog(origin=site.origin)  # aborts any request to another origin
        page = log.watch(context.new_page())
        page.add_init_script(LONG_TASKS_JS)
        page.add_init_script(BOT_EVENTS_JS)
        app = App(page, log, site)
        app.open(f"?game={game}&botdelay={botdelay}&seed={seed}{MODE_QUERY[mode]}")
        app.wait_ready()
        ready_at = float(page.evaluate("performance.now()"))
        board = _board(game, app, seed)
        board.start(PLAYERS, open_page=False, seed=seed, levels=LEVELS)
        board.play_to_end()
        moves: list[dict[str, Any]] = page.evaluate("window.__botMoves")
        tasks: list[dict[str, float]] | None = page.evaluate("window.__longTasks")
        cores = int(page.evaluate("navigator.hardwareConcurrency"))
        problems = log.problems()
        if problems:  # numbers from a page that misbehaved would mislead
            raise RuntimeError(f"{game} seed {seed} {mode}: " + "; ".join(problems))
    finally:
        context.close()
    late = [t["duration"] for t in tasks or [] if t["start"] >= ready_at]
    searched = [m for m in moves if m["seat"] == HARD_SEAT and m["playouts"] > 0]
    # -1: the Long Tasks API is missing, so nothing was measured
    return Played(searched, max(late, default=0.0) if tasks is not None else -1.0, cores)


def _mean(values: list[float]) -> float:
    return round(statistics.fmean(values), 1) if values else 0.0


def _summary(played: list[Played]) -> dict[str, Any]:
    """One mode of one game, over its games."""
    moves = [m for p in played for m in p.moves]
    playouts = [float(m["playouts"]) for m in moves]
    return {
        "games": len(played),
        "decisions": len(moves),
        "playouts_mean": _mean(playouts),
        "shared_mean": _mean([float(m["shared"]) for m in moves]),
        "at_cap": round(sum(n >= CAP for n in playouts) / len(moves), 3) if moves else 0.0,
        "compute_ms_mean": _mean([float(m["compute_ms"]) for m in moves]),
        "longest_task_ms": round(max(p.longest_task_ms for p in played), 1),
        "playouts_mean_by_seed": [_mean([float(m["playouts"]) for m in p.moves]) for p in played],
        # alone: the most that n workers could run at these decisions, each
        # at most its share of the cap, none slower than one alone
        "bound_2_workers": _mean([2 * min(n, CAP // 2) for n in playouts]),
        "bound_3_workers": _mean([3 * min(n, CAP // 3) for n in playouts]),
    }


@contextmanager
def served_site() -> Iterator[Site]:
    """The site built once into a temporary directory, served on 127.0.0.1
    with netlify.toml's headers (Content-Security-Policy: as deployed)."""
    with tempfile.TemporaryDirectory(prefix="bq-bench-") as tmp:
        built = build.build(Path(tmp) / "dist", quiet=True)
        with contextmanager(serve)(built.out, build.load_netlify_headers()) as origin:
            yield Site(url=origin + "/", origin=origin, build=built, headers=True)


def measure(games: int = 3, only: str | None = None, botdelay: int = 0) -> dict[str, Any]:
    """Build, serve, play every game's (or `only`'s) seeds 1..games in both
    modes, in turn."""
    began = time.monotonic()
    names = [only] if only else list(playable())
    played: dict[str, dict[str, list[Played]]] = {
        name: {mode: [] for mode in MODES} for name in names
    }
    with served_site() as site, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))
        try:
            for name, modes in played.items():
                for seed in range(1, games + 1):
                    for mode in MODES:  # alternate, so that noise hits both modes alike
                        modes[mode].append(_play(browser, site, name, seed, mode, botdelay))
        finally:
            browser.close()
    every = [p for modes in played.values() for ps in modes.values() for p in ps]
    result: dict[str, Any] = {
        "games": games,
        "botdelay": botdelay,
        "cap": CAP,
        "cores": sorted({p.cores for p in every}),
        "seconds": round(time.monotonic() - began, 1),
        "results": {},
    }
    for name, modes in played.items():
        rows = {mode: _summary(modes[mode]) for mode in MODES}
        alone = rows["alone"]["playouts_mean"]
        ratio = rows["helper"]["playouts_mean"] / alone if alone else 0.0
        result["results"][name] = {**rows, "helper_over_alone": round(ratio, 2)}
    return result


def _table(result: dict[str, Any]) -> str:
    cores = "/".join(str(n) for n in result["cores"])
    lines = [
        f"hard bot's playouts a searched decision, {result['games']} game(s) of "
        f"{PLAYERS} per game and mode, botdelay {result['botdelay']} ms "
        "(headless Chromium, 127.0.0.1)",
        f"  navigator.hardwareConcurrency {cores}; cap {result['cap']} playouts; "
        f"run took {result['seconds']:.0f} s",
    ]
    header = (
        f"    {'mode':<7}{'decisions':>10}{'playouts':>10}{'helper':>8}"
        f"{'at cap':>8}{'compute':>10}{'longest task':>14}"
    )
    for name, rows in result["results"].items():
        lines += [f"  {name}", header]
        for mode in MODES:
            r = rows[mode]
            lines.append(
                f"    {mode:<7}{r['decisions']:>10}{r['playouts_mean']:>10.1f}"
                f"{r['shared_mean']:>8.1f}{r['at_cap']:>8.0%}"
                f"{r['compute_ms_mean']:>7.1f} ms{r['longest_task_ms']:>11.0f} ms"
            )
        lines.append(
            f"    playouts helper/alone {rows['helper_over_alone']:.2f}; at most, from the"
            f" decisions alone: {rows['alone']['bound_2_workers']:.1f} with two workers,"
            f" {rows['alone']['bound_3_workers']:.1f} with three"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="The hard bot's playouts a decision in the page, with and without the helper."
    )
    parser.add_argument("--games", type=int, default=3, help="games per game and mode (3)")
    parser.add_argument("--game", choices=list(playable()), help="this game only")
    parser.add_argument(
        "--botdelay",
        type=int,
        default=0,
        help="the page's ?botdelay, ms (0; the page's own is 750)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    result = measure(args.games, args.game, args.botdelay)
    print(json.dumps(result, indent=2) if args.json else _table(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
