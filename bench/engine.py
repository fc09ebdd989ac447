"""Engine speed before and after, printed and never asserted.

Measures, in the same run, one game (--game: bossquest by default, or
theboss) of the `game` package of this working tree ("after") and of an older
checkout ("before": by default the game's code before issue #14's speed work,
commit 25f55c5 for Boss Quest and 07d51c8 for The Boss, unpacked with `git
archive` into a temporary folder; or any checkout given with --baseline), on
CPython and inside Pyodide under Node. The measuring scripts (engine_run.py,
bots_run.py) are this tree's, so both checkouts are timed the same way.

- Random play: actions per second of random games (invariants off) for each
  configuration, the run with the best CPU rate of --repeat runs of --games
  games in each of --rounds processes per checkout (before and after taking
  turns). Both checkouts must play exactly the same games (the same actions
  count), or it says so.
- The hard bot: playouts per decision at the page's budget (at most 300
  playouts or 0.12 s, in slices of 4: `PAGE_SEARCH` in game/web/session.py),
  and with the time budget alone (no playout cap), which shows the speed-up
  beyond the cap; and the CPU time of one playout at the same positions before
  and after, with how many playouts would fit in 0.12 s of CPU at that cost.
  For The Boss also the CPU time of one whole playout (the normal bot's own
  choice played out at each decision): its search at 07d51c8 scored a
  placement outside its few candidates after one step and counted that as a
  playout, so its count and its cost per playout mix in those cheap ones.

Every figure is measured on the wall clock and, where it can be, on the
process's CPU clock (Node's count under Pyodide): on a machine shared with
other work the wall clock moves with their load, the CPU clock much less.

    python bench/engine.py [--game theboss] [--games 100] [--repeat 3] [--rounds 2]
                           [--configs 4 6+potions] [--baseline PATH | --base COMMIT]
                           [--bot-games 3] [--no-bots | --no-engine] [--no-pyodide]
"""

from __future__ import annotations

import argparse
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "bench" / "engine_run.py"
BOTS_SCRIPT = ROOT / "bench" / "bots_run.py"
RUNNER = ROOT / "tests" / "pyodide" / "run_python.mjs"

#: by game, the code before its speed work of issue #14 (The Boss's first version)
BASE_COMMITS = {"bossquest": "25f55c5", "theboss": "07d51c8"}
ALL_EXTENSIONS = "+potions+companions+reaper"
#: by game, the configurations of random play: a player count, then options set
DEFAULT_CONFIGS = {
    "bossquest": [
        *(str(players) for players in range(2, 7)),
        "3+keep_yellow",
        *(f"{players}{ALL_EXTENSIONS}" for players in range(2, 7)),
    ],
    "theboss": ["2", "3", "4"],
}
#: the page's hard bot (game/web/session.py's PAGE_SEARCH)
PAGE_PLAYOUTS, PAGE_BUDGET, PAGE_SLICE = 300, 0.12, 4
NO_CAP = 1_000_000
#: playouts per decision when the cost of one playout is measured
COST_PLAYOUTS = 40
#: the games whose baseline search stops some playouts at once (The Boss at
#: 07d51c8 scored a placement outside its candidates after one step): for them
#: the cost of a whole playout is measured too, the normal bot's own choice
#: played out (bots_run.py's "choice")
WHOLE_PLAYOUTS = {"theboss"}


def measure(command: list[str], tree: Path = ROOT) -> dict[str, Any]:
    """Run one measuring script with `tree`'s `game` package; its last JSON line."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYODIDE_GAME_ROOT": str(tree)}
    done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


@contextmanager
def baseline_tree(path: str | None, commit: str) -> Iterator[Path]:
    """The older checkout: the folder given, or `commit`'s `game/` unpacked."""
    if path is not None:
        yield Path(path).resolve()
        return
    archive = subprocess.run(
        ["git", "archive", "--format=tar", commit, "game"], cwd=ROOT, capture_output=True
    )
    if archive.returncode != 0:
        raise SystemExit(f"git archive {commit} failed (give --baseline PATH instead)")
    with tempfile.TemporaryDirectory(prefix="bench-baseline-") as folder:
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
            tar.extractall(folder, filter="data")
        yield Path(folder)


def runtimes(skip_pyodide: bool) -> dict[str, list[str]]:
    found = {"cpython": [sys.executable]}
    node = shutil.which("node")
    if skip_pyodide:
        pass
    elif node and (ROOT / "node_modules" / "pyodide").is_dir():
        found["pyodide"] = [node, str(RUNNER)]
    else:
        print("Pyodide skipped: needs node and `npm ci`", file=sys.stderr)
    return found


def best_of(kept: dict[str, Any] | None, measured: dict[str, Any]) -> dict[str, Any]:
    """The run with the best CPU rate of each configuration, from two measurements
    of one checkout."""
    if kept is None:
        return measured
    for config, result in measured["results"].items():
        if result["actions_per_cpu_s"] > kept["results"][config]["actions_per_cpu_s"]:
            kept["results"][config] = result
    return kept


def ratio(before: float, after: float) -> str:
    return f"{after / before:5.2f}x" if before else "  n/a"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", choices=sorted(BASE_COMMITS), default="bossquest")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="runs of each config per process")
    parser.add_argument("--rounds", type=int, default=2, help="processes per checkout, in turn")
    parser.add_argument("--configs", nargs="+", help="by default the game's (DEFAULT_CONFIGS)")
    parser.add_argument("--baseline", help="a checkout holding the older game/ package")
    parser.add_argument("--base", help="the commit to unpack otherwise (by default the game's)")
    parser.add_argument("--bot-games", type=int, default=3)
    parser.add_argument("--no-bots", action="store_true")
    parser.add_argument("--no-engine", action="store_true", help="the hard bot only")
    parser.add_argument("--no-pyodide", action="store_true")
    args = parser.parse_args()
    args.configs = args.configs or DEFAULT_CONFIGS[args.game]
    args.base = args.base or BASE_COMMITS[args.game]
    found = runtimes(args.no_pyodide)
    game = ["--game", args.game]
    engine_args = [str(SCRIPT), *game, str(args.games), str(args.seed), str(args.repeat)]
    engine_args += args.configs
    bot_runs = {
        "page": [*game, str(args.bot_games), str(PAGE_PLAYOUTS), str(PAGE_BUDGET), str(PAGE_SLICE)],
        "no_cap": [*game, str(args.bot_games), str(NO_CAP), str(PAGE_BUDGET), str(PAGE_SLICE)],
        "cost": [
            *game,
            str(args.bot_games),
            str(COST_PLAYOUTS),
            str(PAGE_BUDGET),
            str(PAGE_SLICE),
            "cost",
        ],
    }
    if args.game in WHOLE_PLAYOUTS:
        bot_runs["choice"] = [*bot_runs["cost"][:-1], "choice"]
    results: dict[str, Any] = {}
    with baseline_tree(args.baseline, args.base) as before:
        trees = {"before": before, "after": ROOT}
        for runtime, command in found.items():
            results[runtime] = {"engine": {}, "bots": {}}
            # Before and after take turns, so that a burst of the machine's
            # other load is less likely to hit only one of them.
            for _ in range(0 if args.no_engine else args.rounds):
                for label, tree in trees.items():
                    measured = measure([*command, *engine_args], tree)
                    results[runtime]["engine"][label] = best_of(
                        results[runtime]["engine"].get(label), measured
                    )
                    print(f"{runtime} {label}: random play measured", file=sys.stderr)
            if args.no_bots:
                continue
            for label, tree in trees.items():
                results[runtime]["bots"][label] = {
                    name: measure([*command, str(BOTS_SCRIPT), *run_args], tree)
                    for name, run_args in bot_runs.items()
                }
                print(f"{runtime} {label}: hard bot measured", file=sys.stderr)
    report(results, args)
    print(json.dumps(results))


def report(results: dict[str, Any], args: argparse.Namespace) -> None:
    if not args.no_engine:
        report_engine(results, args)
    if not args.no_bots:
        report_bots(results, args)


def report_engine(results: dict[str, Any], args: argparse.Namespace) -> None:
    print(
        f"{args.game}: random play, actions per second of CPU time and of wall-clock time: the run "
        f"with the best CPU rate of {args.rounds} x {args.repeat} runs of {args.games} "
        f"games (seed {args.seed}), invariants off; before = {args.baseline or args.base}"
    )
    print(
        f"{'config':30} {'runtime':8} {'cpu before':>10} {'after':>8} {'ratio':>6}   "
        f"{'wall before':>11} {'after':>8} {'ratio':>6}  same games"
    )
    lowest: dict[str, list[float]] = {}
    for config in args.configs:
        for runtime, measured in results.items():
            old = measured["engine"]["before"]["results"][config]
            new = measured["engine"]["after"]["results"][config]
            cpu = (old["actions_per_cpu_s"], new["actions_per_cpu_s"])
            wall = (old["actions_per_s"], new["actions_per_s"])
            gains = lowest.setdefault(runtime, [])
            gains.append(cpu[1] / cpu[0])
            same = "yes" if old["actions"] == new["actions"] else "NO"
            print(
                f"{config:30} {runtime:8} {cpu[0]:10,.0f} {cpu[1]:8,.0f} {ratio(*cpu)}   "
                f"{wall[0]:11,.0f} {wall[1]:8,.0f} {ratio(*wall)}  {same} ({new['actions']})"
            )
    for runtime, gains in lowest.items():
        python = results[runtime]["engine"]["after"]["python"]
        print(
            f"{runtime} (Python {python}): CPU-time ratio lowest {min(gains):.2f}x, "
            f"highest {max(gains):.2f}x over {len(gains)} configs"
        )


def report_bots(results: dict[str, Any], args: argparse.Namespace) -> None:
    print(
        f"{args.game}: hard bot ({args.bot_games} games of 4 players): playouts per decision "
        f"at the page's budget ({PAGE_PLAYOUTS} playouts or {PAGE_BUDGET} s of wall-clock time) "
        "and with that time alone (no cap); the CPU time of one playout "
        f"({COST_PLAYOUTS} a decision, at the same positions before and after) and the "
        f"playouts that fit in {PAGE_BUDGET} s of CPU time at that cost"
    )
    print(
        f"{'runtime':8} {'page before':>11} {'after':>6} {'ratio':>6}   "
        f"{'no cap before':>13} {'after':>6} {'ratio':>6}   "
        f"{'cpu us/playout before':>21} {'after':>6} {'ratio':>6}   "
        f"{'in 0.12 s cpu before':>20} {'after':>6}"
    )
    for runtime, measured in results.items():
        old, new = measured["bots"]["before"], measured["bots"]["after"]
        page = (old["page"]["mean_playouts"], new["page"]["mean_playouts"])
        no_cap = (old["no_cap"]["mean_playouts"], new["no_cap"]["mean_playouts"])
        cost = (old["cost"]["cpu_us_per_playout"], new["cost"]["cpu_us_per_playout"])
        fit = [PAGE_BUDGET * 1e6 / us for us in cost]
        print(
            f"{runtime:8} {page[0]:11.1f} {page[1]:6.1f} {ratio(*page)}   "
            f"{no_cap[0]:13.1f} {no_cap[1]:6.1f} {ratio(*no_cap)}   "
            f"{cost[0]:21.0f} {cost[1]:6.0f} {ratio(cost[1], cost[0])}   "
            f"{fit[0]:20.0f} {fit[1]:6.0f}"
        )
    if args.game not in WHOLE_PLAYOUTS:
        return
    print(
        f"{args.game}: the CPU time of one whole playout (the normal bot's own choice played "
        f"out {COST_PLAYOUTS} times at each decision, at the same positions before and after: "
        "the search before cut some playouts short) and the whole playouts that fit in "
        f"{PAGE_BUDGET} s of CPU time at that cost"
    )
    print(
        f"{'runtime':8} {'cpu us/playout before':>21} {'after':>6} {'ratio':>6}   "
        f"{'in 0.12 s cpu before':>20} {'after':>6}"
    )
    for runtime, measured in results.items():
        old, new = measured["bots"]["before"], measured["bots"]["after"]
        cost = (old["choice"]["cpu_us_per_playout"], new["choice"]["cpu_us_per_playout"])
        fit = [PAGE_BUDGET * 1e6 / us for us in cost]
        print(
            f"{runtime:8} {cost[0]:21.0f} {cost[1]:6.0f} {ratio(cost[1], cost[0])}   "
            f"{fit[0]:20.0f} {fit[1]:6.0f}"
        )


if __name__ == "__main__":
    main()
